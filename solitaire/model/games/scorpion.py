"""Scorpion: Russian Solitaire's moves on seven columns of seven, runs going home whole.

Rules as Wikipedia's "Scorpion (solitaire)" and PySolFC's Scorpion describe them. Seven
columns of seven cards are dealt, the first three cards of the first four columns face
down and every other card face up; the last three cards are the stock. Columns build
down in suit; any face-up card moves onto a column with all the cards on it, in sequence
or not; only a king fills an empty column. At any time the player may deal the stock,
one card face up onto each of the first three columns. A run from king to ace in one
suit, face up at the top of a column, goes home at once, whole, onto one of four
foundations (as in Spider); the game is won when all four are home.
"""

from __future__ import annotations

from ...i18n import N_, _
from ..cards import Card
from ..moves import Move, MoveKind
from ..rules import Rules
from ..shuffle import shuffled_deck
from ..state import State, StepLog
from ..table_spec import Arrangement, GameButton, GameHelp, Slot, row
from ..vocabulary import Action, Build, Family, Outline, Role, Spread, play

COLUMNS = tuple(f"t{number}" for number in range(1, 8))
FOUNDATIONS = tuple(f"h{number}" for number in range(1, 5))
SIZE = 7  # cards a column is dealt
DOWN_COLUMNS, DOWN_CARDS = 4, 3  # the first four columns have three cards face down
DEALT_ONTO = COLUMNS[:3]  # the stock's three cards go onto the first three columns
RUN = 13  # a whole suit, king to ace
STEP = 1.2  # units from one column to the next


class Scorpion(Rules):
    game_id = "scorpion"
    order = 87
    family = Family.YUKON
    title = N_("Scorpion")
    blurb = N_("Seven columns of seven: build each suit from king to ace; runs go home whole.")
    tableau = COLUMNS
    foundations = FOUNDATIONS
    build = Build.SUIT
    lifts_face_up = True
    empty_fill_rank = 13  # only a king fills an empty column
    solver = "yukon"
    verdict_note = N_(" (seeing every card, face-down ones and the stock too)")
    stock_move = MoveKind.DEAL
    commands = {"D": MoveKind.DEAL}
    codes = {str(number): name for number, name in enumerate(COLUMNS, start=1)}
    example = "--deal 1 --moves 'D' --show"
    special_words = {**Rules.special_words, MoveKind.DEAL: N_("Deal the stock")}
    buttons = (GameButton(N_("Deal"), play(MoveKind.DEAL), enabled_by=MoveKind.DEAL),)
    key_actions = {"D": play(MoveKind.DEAL), "Backspace": Action.UNDO}

    def layout_roles(self) -> dict[Role, tuple[str, ...]]:
        return {**super().layout_roles(), Role.HAND: ("stock",)}

    def deal(self, number: int) -> State:
        cards = shuffled_deck(self.game_id, number)
        piles = self.empty_piles()
        down = {}
        for index, name in enumerate(COLUMNS):
            piles[name] = cards[index * SIZE : (index + 1) * SIZE]
            if index < DOWN_COLUMNS:
                down[name] = DOWN_CARDS
        piles["stock"] = cards[len(COLUMNS) * SIZE :]
        return State(piles, {"deal": number}, down)

    # ------------------------------------------------------------------ rules
    def home_for(self, state: State, card: Card) -> str | None:
        return None  # cards go home only as whole runs

    def is_safe_home(self, state: State, card: Card) -> bool:
        return False  # no single card goes home

    def lift_problem(self, state: State, src: str, moving: list[Card]) -> str | None:
        if self.roles[src] == Role.FOUNDATION:
            return _("runs on the foundations stay there")
        if self.roles[src] != Role.TABLEAU:
            return _("the stock is dealt onto the first three columns")
        return super().lift_problem(state, src, moving)

    def drop_problem(self, state: State, dst: str, moving: list[Card], src: str) -> str | None:
        if self.roles[dst] == Role.FOUNDATION:
            return _("a run from king to ace goes home by itself")
        return super().drop_problem(state, dst, moving, src)

    def deal_problem(self, state: State) -> str | None:
        return None if state.piles["stock"] else _("the stock has been dealt")

    def special_problem(self, state: State, move: Move) -> str | None:
        if move.kind == MoveKind.DEAL:
            return self.deal_problem(state)
        return super().special_problem(state, move)

    def special_moves(self, state: State) -> list[Move]:
        return [Move(MoveKind.DEAL)] if self.deal_problem(state) is None else []

    # ------------------------------------------------------------------ playing
    def perform(self, log: StepLog, move: Move) -> None:
        if move.kind == MoveKind.DEAL:
            for name in DEALT_ONTO[: len(log.state.piles["stock"])]:
                log.move("stock", name)
        else:
            super().perform(log, move)

    def home_run(self, state: State, pile: str) -> bool:
        """Whether the top of ``pile`` is a face-up run from king to ace in one suit."""
        cards = state.piles[pile]
        if len(cards) - state.face_down(pile) < RUN:
            return False
        run = cards[-RUN:]
        return all(
            card.suit == run[0].suit and card.rank == RUN - place for place, card in enumerate(run)
        )

    def follow_up(self, log: StepLog, move: Move | None) -> None:
        """A run from king to ace in one suit goes home at once, whole (the card under it
        turns up after, in ``respond``)."""
        state = log.state
        for name in COLUMNS:
            if self.home_run(state, name):
                home = next(pile for pile in FOUNDATIONS if not state.piles[pile])
                log.move(name, home, RUN)

    def position_key(self, state: State) -> tuple:
        """The foundations' runs are interchangeable; the columns are too once the stock
        is dealt (before, it lands on the first three)."""
        columns = [(tuple(state.piles[name]), state.face_down(name)) for name in COLUMNS]
        if not state.piles["stock"]:
            columns.sort()
        runs = sorted(state.piles[name][0].suit for name in FOUNDATIONS if state.piles[name])
        return tuple(columns), tuple(runs), tuple(state.piles["stock"])

    def cards_home(self, state: State) -> int:
        return sum(len(state.piles[name]) for name in FOUNDATIONS)

    # ------------------------------------------------------------------ the table
    def arrangement(self) -> Arrangement:
        slots = [Slot("stock", 0, 0, outline=Outline.STOCK, face_down=True, squared=True)]
        slots += row(FOUNDATIONS, 3 * STEP, 0, STEP, outline=Outline.FOUNDATION)
        slots += row(COLUMNS, 0, 1.7, STEP, spread=Spread.DOWN)
        # The height of a deal's columns and a few cards more at full spread; longer
        # columns close up, face-down cards first.
        return Arrangement(tuple(slots), 6 * STEP + 1, 6.4, widen=True, longest=(16, 3))

    def status_items(self, state: State) -> list[str]:
        return [_("Stock dealt") if not state.piles["stock"] else _("Stock not dealt")]

    help = GameHelp(
        rules=(
            (
                N_(
                    "Seven columns of seven cards are dealt: in the first four the three bottom"
                    " cards lie face down, every other card face up. The last three cards are the"
                    " stock."
                )
            ),
            (
                N_(
                    "Columns build down in suit: a six of hearts on the seven of hearts. Any"
                    " face-up card may move onto a column with all the cards on it, whether they"
                    " are in sequence or not: only the card you take must fit. Only a king, with"
                    " whatever lies on it, fills an empty column."
                )
            ),
            (
                N_(
                    "Click the stock (or press D) to deal its three cards face up onto the first"
                    " three columns, one each; you may do it at any time, once. A face-down card"
                    " turns up by itself once nothing covers it."
                )
            ),
            (
                N_(
                    "A run from king to ace in one suit, at the top of a column, goes home at once,"
                    " whole. Bring all four suits home to win; the game is lost when no series of"
                    " moves, the deal included, can bring another run home."
                )
            ),
            (
                N_(
                    "The computer's verdict and hint see every card, the face-down ones and the"
                    " stock too. Rules as Wikipedia and PySolFC describe Scorpion."
                )
            ),
            (
                N_(
                    "Tip: free the face-down cards of the first four columns early, and keep the"
                    " stock until an empty column on the right side is of no more use."
                )
            ),
        ),
        keys=(
            (N_("D"), N_("Deal the stock onto the first three columns")),
            (
                N_("1-7"),
                N_("A column: origin, then destination, and Enter (v3 after them moves three)"),
            ),
            (N_("Backspace"), N_("Undo")),
        ),
        mouse=(
            N_("Drag any face-up card: the cards on it come along. Click the stock to deal it."),
        ),
    )

    # ------------------------------------------------------------------ notation
    def notation_hint(self) -> str:
        return _("origin and destination column 1-7, e.g. 27 or 35v4; D deals the stock")

    def show(self, state: State) -> str:
        runs = [state.piles[name][0].suit for name in FOUNDATIONS if state.piles[name]]
        lines = [
            "Runs home: " + (" ".join(f"K-A{suit}" for suit in runs) or "none"),
            f"Stock: {len(state.piles['stock'])} cards face down",
        ]
        for name in COLUMNS:
            down = state.face_down(name)
            cards = ["##"] * down + [str(card) for card in state.piles[name][down:]]
            lines.append((": " + " ".join(cards)).rstrip())
        return "\n".join(lines)
