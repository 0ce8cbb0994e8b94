"""Eight Off: eight free cells, four of them filled at the deal; build down in suit.

Rules as Wikipedia's "Eight Off" and Freecell Solver's game of that name (``fc-solve -g
eight_off``: eight free cells, eight columns, built by suit, empty columns filled by kings
only, runs moved as far as the free cells allow). The pack is dealt into eight columns of
six; the last four cards go into four of the eight free cells. A card goes onto the next
higher card of its own suit, and only a king, or a run from a king, fills an empty
column. A run moves as the single-card steps a player could make through the free cells
alone, (empty free cells + 1) cards: an empty column takes no card but a king, so it
cannot park a run on the way (Freecell Solver's limit where only kings fill columns).

Everything else, the keys, the mouse, safe play home and Freecell Solver's notation, is
Vierfrei's.
"""

from __future__ import annotations

from ...i18n import N_, _
from ..moves import MoveKind
from ..rules import FOUNDATIONS, HOME
from ..shuffle import shuffled_deck
from ..state import State
from ..table_spec import Arrangement, GameHelp, foundation_slots, row
from ..vocabulary import Build, Outline, Spread
from .vierfrei import Vierfrei

STEP = 1.15  # units from one column to the next


# How Eight Off is played, which Seahaven Towers shares: moves, runs, Delete, the keys.
PLAYING = (
    (
        N_(
            "Move one card at a time. A card goes only onto the next higher card of its own"
            " suit: the seven of spades on the eight of spades. Any card may go into an empty"
            " free cell, one card each. Only a king can fill an empty column. Cards home stay"
            " there."
        )
    ),
    (
        N_(
            "Drag a run of one suit as one piece and the game makes the single-card moves"
            " through the free cells for you: you can move (empty free cells + 1) cards. An"
            " empty column takes only a king, or a run that starts with a king."
        )
    ),
    (
        N_(
            "Delete plays home every card its foundation takes, since no card still in play"
            " could want to sit on it. Auto play in Options does this after every move."
        )
    ),
    (
        N_(
            "F1 deals a random game, F2 asks for a deal number and F3 starts this one over."
            " You win with all 52 cards home; the game is lost when no series of moves can"
            " bring another card home. Your score is the cards home."
        )
    ),
)


class EightOff(Vierfrei):
    game_id = "eightoff"
    order = 62
    title = N_("Eight Off")
    blurb = N_(
        "Eight free cells, four filled at the deal; build down in suit, kings to empty columns."
    )
    tableau = tuple(f"t{number}" for number in range(1, 9))
    cells = tuple(f"c{number}" for number in range(1, 9))
    build = Build.SUIT
    empty_fill_rank = 13
    free_spaces_words = N_("free cells")  # an empty column holds no card of a run on its way
    impossible_deals = None  # not every deal comes out: the solver proves which
    rows = 6  # cards dealt to each column
    dealt_cells: tuple[str, ...] = (
        "c1",
        "c2",
        "c3",
        "c4",
    )  # the free cells that take the deal's last cards
    example = "--deal 1 --moves '1e' --show"
    commands = {"#": MoveKind.SAFE_HOME}
    # Columns 1-8, free cells a-h; "0" sends a card home ("h" is a free cell here).
    codes = {
        **{str(number): name for number, name in enumerate(tableau, start=1)},
        **{letter: name for letter, name in zip("abcdefgh", cells)},
        "0": HOME,
    }

    def deal(self, number: int) -> State:
        cards = shuffled_deck(self.game_id, number)
        piles = self.empty_piles()
        columns = len(self.tableau)
        dealt = columns * self.rows
        for index, name in enumerate(self.tableau):
            piles[name] = cards[index:dealt:columns]  # dealt row by row
        for name, card in zip(self.dealt_cells, cards[dealt:]):
            piles[name] = [card]
        return State(piles, {"deal": number})

    def run_limit(self, state: State, src: str, dst: str) -> int:
        """Freecell Solver's limit where only kings fill an empty column: (empty free
        cells + 1) cards, through the free cells alone."""
        return 1 + sum(1 for name in self.cells if not state.piles[name])

    def arrangement(self) -> Arrangement:
        count = len(self.tableau)
        slots = row(self.cells, 0, 0, STEP, outline=Outline.CELL)
        slots += row(self.tableau, 0, 1.6, STEP, spread=Spread.DOWN)
        slots += foundation_slots(count * STEP + 0.3, 0, 1.45, vertical=True)
        return Arrangement(tuple(slots), count * STEP + 0.3 + 1, 5.8)

    help = GameHelp(
        rules=(
            (
                N_(
                    "Eight Off, as Wikipedia and Freecell Solver describe it. The pack is dealt face"
                    " up into eight columns of six cards; the last four cards go into four of the"
                    " eight free cells above them. The foundations, at the right, build up in suit"
                    " from ace to king."
                )
            ),
            *PLAYING,
            (
                N_(
                    "Tip: eight free cells feel like plenty, but every card parked there must later"
                    " find its way home or onto its own suit. Empty the free cells you were dealt"
                    " before you fill others, and free the kings' columns early."
                )
            ),
        ),
        keys=Vierfrei.help.keys,
        mouse=Vierfrei.help.mouse,
    )

    def notation_hint(self) -> str:
        return _(
            "columns 1-8, free cells a-h, 0 home (1e e5 80 54); a run goes whole onto a"
            " card, into an empty column write the count in hexadecimal (54v3); # plays"
            " every safe card home"
        )

    def show(self, state: State) -> str:
        """The board as Freecell Solver reads it (``-g eight_off``)."""
        lines = []
        if any(state.piles[name] for name in FOUNDATIONS):
            lines.append(self.foundations_line(state))
        if any(state.piles[name] for name in self.cells):
            cells = (str(state.top(name) or "-") for name in self.cells)
            lines.append("Freecells: " + " ".join(cells))
        lines += [self.column_line(state.piles[name]) for name in self.tableau]
        return "\n".join(lines)
