"""Vierfrei (*Vierfrei*, vierfrei.doc, J. T. Toerring, 1993): FreeCell with Microsoft's
numbered deals.

Eight columns, four free cells, build down in alternate colour, any card to an empty
column. Runs move as the single-card steps a player could make through the free cells
and empty columns. Cards on the foundations stay there.

Safe play home (the Delete key, and optionally after every move) sends a card up only
when no card still in play can need it: a card of rank r can only ever be wanted as the
place for an opposite-colour card of rank r - 1, so it goes home once both of those are
home (vierfrei.doc: "a black 4 will only be removed if there are no red 3's in the game").
That is the shared rule of ``Rules.is_safe_home`` for alternate colours.
"""

from __future__ import annotations

from ...i18n import N_, _
from ..cards import Card, new_deck
from ..moves import Move, MoveKind
from ..options import Option
from ..rules import FOUNDATIONS, GENERIC_SOLVER, HOME, Rules
from ..state import State, StepLog
from ..table_spec import Arrangement, GameButton, GameHelp, foundation_slots, row
from ..vocabulary import (
    Action,
    Build,
    DoubleClick,
    Family,
    Outline,
    RefusalSound,
    RightClick,
    Spread,
    play,
)

COLUMNS = tuple(f"t{number}" for number in range(1, 9))
CELLS = ("c1", "c2", "c3", "c4")
PLAYABLE = (*COLUMNS, *CELLS)

# Microsoft FreeCell deals 1..1,000,000 that no one can win (Freecell Solver's list):
# every other numbered deal has a known solution, so "winnable" needs no search.
FREECELL_IMPOSSIBLE = frozenset({11982, 146692, 186216, 455889, 495505, 512118, 517776, 781948})


def microsoft_deal(game_number: int) -> list[list[Card]]:
    """The eight FreeCell columns (bottom card first) of Microsoft FreeCell's game number.

    Jim Horne's algorithm: the C runtime's rand() seeded with the game number picks a
    card from the remaining deck, and the picks are dealt across the columns row by row.
    """
    state = game_number

    def rand() -> int:
        nonlocal state
        state = (state * 214013 + 2531011) & 0x7FFFFFFF
        return state >> 16

    deck = new_deck()
    columns: list[list[Card]] = [[] for _ in range(8)]
    for i in range(52):
        left = 52 - i
        j = rand() % left
        columns[i % 8].append(deck[j])
        deck[j] = deck[left - 1]
    return columns


class Vierfrei(Rules):
    game_id = "vierfrei"
    order = 50
    family = Family.FREECELL
    title = N_("Vierfrei")
    blurb = N_("FreeCell with Microsoft's numbered deals: four free cells, eight columns.")
    option_specs = (Option("auto", N_("play safe cards home after every move"), False),)
    tableau: tuple[str, ...] = COLUMNS
    cells: tuple[str, ...] = CELLS
    build = Build.ALTERNATE
    supermoves = True
    commands = {"#": MoveKind.SAFE_HOME}
    freecell_notation = True
    example = "--deal 1 --moves '6a 6b 6h' --show"
    codes = {
        **{str(number): name for number, name in enumerate(COLUMNS, start=1)},
        **{letter: name for letter, name in zip("abcd", CELLS)},
        "h": HOME,
    }

    # ------------------------------------------------------------------ the table
    impossible_deals: frozenset[int] | None = FREECELL_IMPOSSIBLE
    buttons = (
        GameButton(N_("Game #"), Action.GAME_NUMBER),
        GameButton(N_("Home"), play(MoveKind.SAFE_HOME), enabled_by=MoveKind.SAFE_HOME),
    )
    key_actions = {
        "F1": Action.NEW,
        "F2": Action.GAME_NUMBER,
        "F3": Action.RESTART,
        "F10": Action.QUIT,
        "Delete": play(MoveKind.SAFE_HOME),
        "H": Action.HELP,
        "Backspace": Action.UNDO,
    }
    right_click = RightClick.CELLS
    double_click = DoubleClick.HOME_OR_CELL
    # vierfrei.doc: no alert boxes, just a simple 'bing' (the reason shows in passing, as in
    # every game, without stopping play).
    refusal_sound = RefusalSound.BING

    @property
    def solver(self) -> str:
        """The FreeCell solver knows these two build rules; a variant building otherwise
        has the generic search."""
        return "freecell" if self.build in (Build.ALTERNATE, Build.SUIT) else GENERIC_SOLVER

    def arrangement(self) -> Arrangement:
        slots = row(self.cells, 0, 0, 1.15, outline=Outline.CELL)
        slots += foundation_slots(4 * 1.15 + 0.3, 0, 1.15, vertical=False)
        slots += row(self.tableau, 0.15, 1.8, 1.15, spread=Spread.DOWN)
        # The height leaves room for a column of eight cards fully fanned; longer columns
        # close up (table layout), so the cards can be large.
        return Arrangement(tuple(slots), 4 * 1.15 + 0.3 + 3 * 1.15 + 1, 5.8, widen=True)

    manual_keys = ("F1", "F2", "F3", "F10", "Delete", "H", "Right-click", "Backspace")
    help = GameHelp(
        rules=(
            (
                N_(
                    "Vierfrei is FreeCell with Microsoft's numbered deals. The pack is dealt face up"
                    " into eight columns, four of seven cards and four of six. Above them wait four"
                    " free cells and four foundations, which build up in suit from ace to king."
                )
            ),
            (
                N_(
                    "Move one card at a time. A card goes onto one a rank higher of the other colour: a"
                    " black seven on a red eight. Any card may go into an empty free cell (one card"
                    " each) or an empty column. Cards on the foundations stay there."
                )
            ),
            (
                N_(
                    "Drag a run as one piece and the game makes the single-card moves for you. You can"
                    " move (empty free cells + 1) cards, doubled for each empty column not involved in"
                    " the move: two empty free cells and one empty column move six."
                )
            ),
            (
                N_(
                    "Delete plays home every card that is safely no longer needed: one that no card"
                    " still in play could want to sit on. A black four goes home once both red threes"
                    " are up; aces always go. Turn on auto play in Options to do this after every move."
                )
            ),
            (
                N_(
                    "Every deal has a number. F1 deals a random game, F2 asks for any number from 0 to"
                    " 1,000,000 so you can play or replay a particular deal, and F3 starts this one"
                    " over."
                )
            ),
            (
                N_(
                    "You win with all 52 cards home; the game is lost when no series of moves can bring"
                    " another card home. Your score is the number of cards home. Apart from the shuffle"
                    " there is no luck at all, and nearly every deal can be solved."
                )
            ),
            (
                N_(
                    "Tip: guard your free cells, as without them you can hardly move runs. Don't let a"
                    " long run grow over cards that do not belong to it, and send a card home only when"
                    " you are sure you no longer need it, or when nothing else helps."
                )
            ),
        ),
        keys=(
            (N_("F1"), N_("Random game")),
            (N_("F2"), N_("Choose a game by number, 0 to 1,000,000")),
            (N_("F3"), N_("Restart this game")),
            (N_("F10"), N_("Quit")),
            (N_("Delete"), N_("Play home every card that is safely no longer needed")),
            (N_("H"), N_("Help")),
            (
                N_("Right-click"),
                N_("On a card: send it to a free cell. On a run: send the run to the free cells."),
            ),
            (N_("Backspace"), N_("Undo")),
        ),
        mouse=(
            N_(
                "Right-click a card to send it to a free cell, or a run to send it to the free cells."
            ),
            N_("Double-click a card to play it home; one that cannot go home goes to a free cell."),
        ),
    )

    def deal(self, number: int) -> State:
        piles = self.empty_piles()
        piles.update(zip(COLUMNS, microsoft_deal(number)))
        return State(piles, {"deal": number})

    def settle(self, log: StepLog) -> None:
        if self.option_flag("auto"):
            self.follow_up(log, None)

    # ------------------------------------------------------------------ safe play
    # Which cards are safe is the shared rule, ``Rules.is_safe_home``: in alternate
    # colours exactly vierfrei.doc's, and right for a variant that builds otherwise.
    def play_safe(self, log: StepLog) -> None:
        while True:
            pile = next(
                (
                    name
                    for name in (*self.tableau, *self.cells)
                    if self.top_is_safe_home(log.state, name)
                ),
                None,
            )
            if pile is None:
                return
            self.play_home(log, pile)

    def top_is_safe_home(self, state: State, pile: str) -> bool:
        card = state.top(pile)
        return card is not None and self.is_safe_home(state, card)

    def follow_up(self, log: StepLog, move: Move | None) -> None:
        if self.option_flag("auto"):
            self.play_safe(log)

    def special_problem(self, state: State, move: Move) -> str | None:
        if move.kind != MoveKind.SAFE_HOME:
            return super().special_problem(state, move)
        if any(self.top_is_safe_home(state, name) for name in (*self.tableau, *self.cells)):
            return None
        return _("no card can safely go home now")

    def special_moves(self, state: State) -> list[Move]:
        home = Move(MoveKind.SAFE_HOME)
        return [home] if self.special_problem(state, home) is None else []

    def perform(self, log: StepLog, move: Move) -> None:
        if move.kind == MoveKind.SAFE_HOME:
            self.play_safe(log)
        else:
            super().perform(log, move)

    # ------------------------------------------------------------------ notation
    def notation_hint(self) -> str:
        return _(
            "Freecell Solver's notation: columns 1-8, cells a-d, h home (3a a5 8h 54); "
            "a run goes whole onto a card, into an empty column write the count in "
            "hexadecimal (54v3, 12vb for 11 cards); # plays every safe card home"
        )

    def show(self, state: State) -> str:
        """The board as Freecell Solver reads it."""
        lines = []
        if any(state.piles[name] for name in FOUNDATIONS):
            lines.append(self.foundations_line(state))
        if any(state.piles[name] for name in CELLS):
            lines.append("Freecells: " + " ".join(str(state.top(name) or "-") for name in CELLS))
        lines += [self.column_line(state.piles[name]) for name in COLUMNS]
        return "\n".join(lines)
