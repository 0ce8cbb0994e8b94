"""Simple Simon: Spider with one pack, every card face up and no stock.

Rules as Wikipedia's "Simple Simon (solitaire)" describes them, and as KDE's KPatience
plays them: the 52 cards are dealt face up into ten columns of 8, 8, 8, 7, 6, 5, 4, 3, 2
and 1 cards. A card goes on a card one rank higher of any suit, but only a run in one
suit moves as a unit; an empty column takes any card or run. A run from king to ace in
one suit goes home at once, whole, onto one of four foundations. KPatience also moves a
run of mixed suits in one go where empty columns could carry it piece by piece; here the
player moves the pieces, which wins and loses the same deals.
"""

from __future__ import annotations

from ...i18n import N_, _
from ..cards import Card
from ..moves import Move
from ..rules import Rules
from ..shuffle import shuffled_deck
from ..state import State, StepLog
from ..table_spec import Arrangement, GameHelp, Slot, row
from ..vocabulary import Action, Build, Family, Outline, Role, Spread
from .spider import suited_run  # every card here is face up

COLUMNS = tuple(f"t{number}" for number in range(1, 11))
FOUNDATIONS = tuple(f"h{number}" for number in range(1, 5))
DEALT = (8, 8, 8, 7, 6, 5, 4, 3, 2, 1)  # cards dealt to each column
RUN = 13  # a whole run, king to ace


class SimpleSimon(Rules):
    game_id = "simon"
    order = 95
    family = Family.SPIDER
    title = N_("Simple Simon")
    blurb = _("Spider's little cousin: one pack, all face up; build runs from king to ace in suit.")
    tableau = COLUMNS
    foundations = FOUNDATIONS
    build = Build.RANK
    moves_runs = True
    codes = {str(number % 10): name for number, name in enumerate(COLUMNS, start=1)}
    example = "--deal 3 --moves '18' --show"

    def deal(self, number: int) -> State:
        cards = shuffled_deck("simon", number)
        piles = self.empty_piles()
        dealt = 0
        for name, size in zip(COLUMNS, DEALT):
            piles[name] = cards[dealt : dealt + size]
            dealt += size
        return State(piles, {"deal": number})

    # ------------------------------------------------------------------ rules
    def home_for(self, state: State, card: Card) -> str | None:
        return None  # cards go home only as whole runs

    def lift_counts(self, state: State, src: str) -> range | tuple[int, ...]:
        if self.roles[src] == Role.TABLEAU:
            return range(1, suited_run(state, src) + 1)
        return ()

    def lift_problem(self, state: State, src: str, moving: list[Card]) -> str | None:
        if self.roles[src] == Role.FOUNDATION:
            return _("runs on the foundations stay there")
        if len(moving) > suited_run(state, src):
            return _("only a run in one suit moves as a unit")
        return None

    def drop_problem(self, state: State, dst: str, moving: list[Card], src: str) -> str | None:
        if self.roles[dst] == Role.FOUNDATION:
            return _("a run from king to ace goes home by itself")
        return super().drop_problem(state, dst, moving, src)

    def is_safe_home(self, state: State, card: Card) -> bool:
        return False  # no single card goes home

    def follow_up(self, log: StepLog, move: Move | None) -> None:
        """A run from king to ace in one suit goes home at once, whole."""
        state = log.state
        for name in COLUMNS:
            if suited_run(state, name) >= RUN and state.piles[name][-RUN].rank == RUN:
                home = next(pile for pile in FOUNDATIONS if not state.piles[pile])
                log.move(name, home, RUN)

    def position_key(self, state: State) -> tuple:
        """The columns are interchangeable, and so are the foundations' runs."""
        columns = sorted(tuple(state.piles[name]) for name in COLUMNS)
        runs = sorted(state.piles[name][0].suit for name in FOUNDATIONS if state.piles[name])
        return tuple(columns), tuple(runs)

    # ------------------------------------------------------------------ the table
    # Spider's solver: with no stock and no face-down card it searches the columns alone.
    solver = "spider"

    key_actions = {"Backspace": Action.UNDO}
    empty_pile_words = N_("an empty column")

    def arrangement(self) -> Arrangement:
        step = 1.1
        slots: list[Slot] = row(FOUNDATIONS, 3 * step, 0, step, outline=Outline.FOUNDATION)
        slots += row(COLUMNS, 0, 1.6, step, spread=Spread.DOWN)
        # The height of the deal's columns and six cards more at full spread; longer
        # columns close up, the cards as large.
        return Arrangement(tuple(slots), 9 * step + 1, 5.6, widen=True)

    help = GameHelp(
        rules=(
            (
                N_(
                    "One pack, every card face up, dealt into ten columns: three of eight cards, then"
                    " seven, six and so on down to one. Rules as Wikipedia and KDE's KPatience give"
                    " them."
                )
            ),
            (
                N_(
                    "A card goes on a card one rank higher of any suit: a seven on any eight. Only a"
                    " run in one suit moves as a unit. An empty column takes any card or run."
                )
            ),
            (
                N_(
                    "A run from king to ace in one suit goes home at once, whole. Bring all four suits"
                    " home to win; the game is lost when no series of moves can bring another run"
                    " home. Your score is the cards home."
                )
            ),
            (
                N_(
                    "Tip: build in suit wherever you can, since a run of mixed suits moves only piece"
                    " by piece. Empty columns are precious: use them to sort runs, not to park kings."
                )
            ),
        ),
        keys=(
            (N_("1-9, 0"), N_("A column: origin, then destination, and Enter (0 is the tenth)")),
            (N_("Backspace"), N_("Undo")),
        ),
    )

    # ------------------------------------------------------------------ notation
    def notation_hint(self) -> str:
        return _("origin and destination column 1-9 or 0 (the tenth), e.g. 34 or 07v3")

    def show(self, state: State) -> str:
        runs = [state.piles[name][0].suit for name in FOUNDATIONS if state.piles[name]]
        lines = ["Runs home: " + (" ".join(f"K-A{suit}" for suit in runs) or "none")]
        lines += [self.column_line(state.piles[name]) for name in COLUMNS]
        return "\n".join(lines)
