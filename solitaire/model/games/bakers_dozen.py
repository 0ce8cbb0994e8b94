"""Baker's Dozen: thirteen columns of four, kings at the bottom; build down regardless of suit.

Rules as Wikipedia's "Baker's Dozen", PySolFC's game of that name and Freecell Solver's
(``fc-solve -g bakers_dozen``: no free cells, thirteen columns, built by rank, empty
columns filled by no card, one card moved at a time). The pack is dealt face up into
thirteen columns of four; each king is then moved to the bottom of its column (the
other cards keep their order). Only the top card of a column moves: onto a card one rank
higher of any suit, or home; foundations build up in suit from the ace. An emptied
column stays empty for the rest of the game.
"""

from __future__ import annotations

from ...i18n import N_, _
from ..rules import FOUNDATIONS, HOME, Rules
from ..shuffle import shuffled_deck
from ..state import State
from ..table_spec import Arrangement, GameHelp, foundation_slots, row
from ..vocabulary import Action, Build, Family, Spread

COLUMNS = tuple(f"t{number}" for number in range(1, 14))
STEP = 1.15  # units from one column to the next
ROWS = 4  # cards dealt to each column


def kings_to_the_bottom(cards: list) -> list:
    """A column with its kings moved under the other cards, each group in its order."""
    return [card for card in cards if card.rank == 13] + [card for card in cards if card.rank != 13]


class BakersDozen(Rules):
    game_id = "bakersdozen"
    order = 66
    family = Family.FAN  # open columns of four built one card at a time, as the fans are
    title = N_("Baker's Dozen")
    blurb = N_("Thirteen columns, kings at the bottom; build down regardless of suit.")
    tableau = COLUMNS
    build = Build.RANK
    empty_columns_stay_empty = True
    solver = "freecell"
    example = "--deal 1 --moves '6h' --show"
    # Columns 1-9, then a-d for the tenth to the thirteenth; h home.
    codes = {
        **{str(number): name for number, name in enumerate(COLUMNS[:9], start=1)},
        **{letter: name for letter, name in zip("abcd", COLUMNS[9:])},
        "h": HOME,
    }
    key_actions = {"Backspace": Action.UNDO}

    def deal(self, number: int) -> State:
        cards = shuffled_deck(self.game_id, number)
        piles = self.empty_piles()
        for index, name in enumerate(COLUMNS):
            piles[name] = kings_to_the_bottom(cards[index :: len(COLUMNS)])  # row by row
        return State(piles, {"deal": number})

    def arrangement(self) -> Arrangement:
        width = len(COLUMNS) * STEP - 0.15
        slots = foundation_slots(width - 4 * STEP + 0.15, 0, STEP, vertical=False)
        slots += row(COLUMNS, 0, 1.6, STEP, spread=Spread.DOWN)
        return Arrangement(tuple(slots), width, 6.2)

    help = GameHelp(
        rules=(
            (
                N_(
                    "Baker's Dozen, as Wikipedia, PySolFC and Freecell Solver describe it. The pack is"
                    " dealt face up into thirteen columns of four cards, and every king is moved to"
                    " the bottom of its column. The foundations, at the top right, build up in suit"
                    " from ace to king."
                )
            ),
            (
                N_(
                    "Only the top card of a column moves, one card at a time. It may go onto a card"
                    " one rank higher of any suit, a seven onto any eight, or to its foundation."
                    " There are no free cells."
                )
            ),
            (
                N_(
                    "A column that has been emptied stays empty: no card may ever be put into it."
                    " Cards home stay there."
                )
            ),
            (
                N_(
                    "You win with all 52 cards home; the game is lost when no series of moves can"
                    " bring another card home. Your score is the cards home."
                )
            ),
            (
                N_(
                    "Tip: most deals can be won. Dig out the aces and twos first, and before you"
                    " lay a card on another, look at what it buries: a low card under a long column"
                    " may never come out."
                )
            ),
        ),
        keys=((N_("Backspace"), N_("Undo")),),
        mouse=(N_("Double-click a card to play it home."),),
    )

    def notation_hint(self) -> str:
        return _("columns 1-9 and a-d for the tenth to the thirteenth, h home, e.g. 12 or 3h")

    def show(self, state: State) -> str:
        """The board as Freecell Solver reads it (``-g bakers_dozen``)."""
        lines = []
        if any(state.piles[name] for name in FOUNDATIONS):
            lines.append(self.foundations_line(state))
        lines += [self.column_line(state.piles[name]) for name in COLUMNS]
        return "\n".join(lines)
