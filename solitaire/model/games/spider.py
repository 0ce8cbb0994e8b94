"""Spider: two packs, ten columns, runs from king to ace go home whole.

104 cards of one, two or four suits (eight, four or two copies of each card). Ten columns
are dealt, six cards in the first four and five in the others, only the top card face
up; the other 50 cards are the stock. A card goes on a card one rank higher of any suit,
but only a run in one suit moves as a unit; an empty column takes any card or run. A
click on the stock deals a row, one card face up onto every column, and only while no
column is empty. A run from king to ace in one suit goes home at once, whole, onto one of
eight foundations. Windows' score: 500 to start, a point off for every move, 100 for
every run home.
"""

from __future__ import annotations

from ...i18n import N_, _, ngettext
from ..cards import SUITS, Card, new_deck
from ..moves import Move, MoveKind
from ..options import Option
from ..rules import Rules
from ..shuffle import shuffled, stream_seed
from ..state import State, StepLog
from ..table_spec import Arrangement, GameButton, GameHelp, Slot, row
from ..vocabulary import Action, Build, Family, Outline, Role, Spread, play

COLUMNS = tuple(f"t{number}" for number in range(1, 11))
FOUNDATIONS = tuple(f"h{number}" for number in range(1, 9))
# The suits in play by the suits option: spades alone, spades and hearts, all four.
SUITS_IN_PLAY = {"1": "S", "2": "HS", "4": SUITS}
RUN = 13  # a whole run, king to ace
START_SCORE, MOVE_COST, RUN_POINTS = 500, 1, 100


def suited_run(state: State, pile: str) -> int:
    """How many face-up cards at the top of ``pile`` form a run in one suit."""
    cards = state.piles[pile]
    limit = len(cards) - state.face_down(pile)
    length = 1 if limit else 0
    while length < limit:
        upper, lower = cards[-length], cards[-length - 1]
        if upper.suit != lower.suit or upper.rank != lower.rank - 1:
            break
        length += 1
    return length


class Spider(Rules):
    game_id = "spider"
    order = 90
    family = Family.SPIDER
    title = N_("Spider")
    blurb = N_("Two packs, ten columns: build runs from king to ace in suit; each goes home whole.")
    option_specs = (
        Option(
            "suits",
            N_("suits in play: 1 = spades; 2 = spades and hearts; 4 = all four"),
            "1",
            choices=("1", "2", "4"),
        ),
    )
    tableau = COLUMNS
    foundations = FOUNDATIONS
    build = Build.RANK
    moves_runs = True
    stock_move = MoveKind.DEAL
    commands = {"D": MoveKind.DEAL}
    codes = {str(number % 10): name for number, name in enumerate(COLUMNS, start=1)}
    example = "--rule suits=2 --deal 3 --moves 'D' --show"

    def __init__(self, /, **options: object):
        super().__init__(**options)
        self.suits = SUITS_IN_PLAY[self.option_choice("suits")]

    def layout_roles(self) -> dict[Role, tuple[str, ...]]:
        return {**super().layout_roles(), Role.HAND: ("stock",)}

    def deck(self) -> list[Card]:
        return new_deck(copies=104 // (RUN * len(self.suits)), suits=self.suits)

    def deal(self, number: int) -> State:
        cards = shuffled(self.deck(), stream_seed("spider", self.options["suits"], number))
        piles = self.empty_piles()
        down = {}
        dealt = 0
        for index, name in enumerate(COLUMNS):
            size = 6 if index < 4 else 5
            piles[name] = cards[dealt : dealt + size]
            down[name] = size - 1
            dealt += size
        piles["stock"] = cards[dealt:]
        return State(piles, {"deal": number}, down, score=START_SCORE)

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
        if self.roles[src] != Role.TABLEAU:
            return _("cards are dealt from the stock, a row at a time")
        if len(state.piles[src]) - len(moving) < state.face_down(src):
            return _("that card is face down")
        if len(moving) > suited_run(state, src):
            return _("only a run in one suit moves as a unit")
        return None

    def drop_problem(self, state: State, dst: str, moving: list[Card], src: str) -> str | None:
        if self.roles[dst] == Role.FOUNDATION:
            if len(moving) != RUN:
                return _("only a whole run from king to ace goes home")
            return _("that foundation is taken") if state.piles[dst] else None
        return super().drop_problem(state, dst, moving, src)

    def is_safe_home(self, state: State, card: Card) -> bool:
        return False  # no single card goes home

    def deal_problem(self, state: State) -> str | None:
        if not state.piles["stock"]:
            return _("the stock is used up")
        if any(not state.piles[name] for name in COLUMNS):
            return _("a row is dealt only when no column is empty")
        return None

    def special_problem(self, state: State, move: Move) -> str | None:
        if move.kind == MoveKind.DEAL:
            return self.deal_problem(state)
        return super().special_problem(state, move)

    def special_moves(self, state: State) -> list[Move]:
        return [Move(MoveKind.DEAL)] if self.deal_problem(state) is None else []

    # ------------------------------------------------------------------ playing
    def perform(self, log: StepLog, move: Move) -> None:
        if move.kind == MoveKind.DEAL:
            for name in COLUMNS:
                log.move("stock", name)
        else:
            super().perform(log, move)
        log.add_score(-MOVE_COST)

    def follow_up(self, log: StepLog, move: Move | None) -> None:
        """A run from king to ace in one suit goes home at once, whole (the card under it
        turns up after, in ``respond``)."""
        state = log.state
        for name in COLUMNS:
            if suited_run(state, name) >= RUN and state.piles[name][-RUN].rank == RUN:
                home = next(pile for pile in FOUNDATIONS if not state.piles[pile])
                log.move(name, home, RUN)
                log.add_score(RUN_POINTS)

    def score(self, state: State) -> int:
        return state.score

    def score_words(self, score: int) -> str:
        return ngettext("{count} point", "{count} points", score).format(count=score)

    def position_key(self, state: State) -> tuple:
        """Copies of a card are interchangeable, and so are the foundations' runs."""
        columns = sorted(
            (tuple(card.face for card in state.piles[name]), state.face_down(name))
            for name in COLUMNS
        )
        runs = sorted(state.piles[name][0].suit for name in FOUNDATIONS if state.piles[name])
        stock = tuple(card.face for card in state.piles["stock"])
        return tuple(columns), tuple(runs), stock

    # ------------------------------------------------------------------ the table
    solver = "spider"

    verdict_note = N_(" (seeing every card, face-down ones and the stock too)")
    special_words = {**Rules.special_words, MoveKind.DEAL: N_("Deal a row from the stock")}
    buttons = (GameButton(N_("Deal"), play(MoveKind.DEAL), enabled_by=MoveKind.DEAL),)
    key_actions = {"D": play(MoveKind.DEAL), "Backspace": Action.UNDO}
    empty_pile_words = N_("an empty column")

    def arrangement(self) -> Arrangement:
        step = 1.1
        slots = [Slot("stock", 0, 0, outline=Outline.STOCK, face_down=True, squared=True)]
        slots += row(FOUNDATIONS, 2 * step, 0, step, outline=Outline.FOUNDATION)
        slots += row(COLUMNS, 0, 1.85, step, spread=Spread.DOWN)
        # The height of a normal deal: the columns as dealt and three cards more at full
        # spread; longer columns close up (face-down cards first), the cards as large.
        return Arrangement(tuple(slots), 9 * step + 1, 5.2, widen=True)

    def status_items(self, state: State) -> list[str]:
        rows = len(state.piles["stock"]) // len(COLUMNS)
        suits = self.options["suits"]
        return [
            ngettext("{count} suit", "{count} suits", int(str(suits))).format(count=suits),
            _("Rows left {count}").format(count=rows),
        ]

    def option_change_text(self, name: str, value: object) -> str:
        count = int(str(value))
        return ngettext(
            "Spider with {count} suit: a new deal.", "Spider with {count} suits: a new deal.", count
        ).format(count=count)

    help = GameHelp(
        rules=(
            (
                N_(
                    "Two packs of 104 cards: of spades alone (1 suit), spades and hearts (2 suits) or"
                    " all four suits. Ten columns are dealt, six cards in the first four and five in"
                    " the others, only the top card face up; the other 50 cards are the stock."
                )
            ),
            (
                N_(
                    "A card goes on a card one rank higher of any suit: a seven on any eight. Only a"
                    " run in one suit moves as a unit. An empty column takes any card or run. A"
                    " face-down card turns up by itself once nothing covers it."
                )
            ),
            (
                N_(
                    "Click the stock (or press D) to deal a row: one card face up onto every column."
                    " A row is dealt only while no column is empty."
                )
            ),
            (
                N_(
                    "A run from king to ace in one suit goes home at once, whole. Bring all eight runs"
                    " home to win. The game is lost when no series of moves, dealing included, can"
                    " bring another run home. The score starts at 500: every move costs a point, and"
                    " every run home earns 100."
                )
            ),
            (
                N_(
                    "The computer's verdict and hint see every card, the face-down ones and the"
                    " stock too: a deal it calls winnable may still need luck from you."
                )
            ),
            (
                N_(
                    "Tip: build in suit wherever you can, since a run of mixed suits cannot move as"
                    " one. Empty a column before the next row comes, and use it to sort runs."
                )
            ),
        ),
        keys=(
            (N_("D"), N_("Deal a row from the stock")),
            (N_("1-9, 0"), N_("A column: origin, then destination, and Enter (0 is the tenth)")),
            (N_("Backspace"), N_("Undo")),
        ),
        mouse=(N_("Click the stock to deal a row."),),
    )

    # ------------------------------------------------------------------ notation
    def notation_hint(self) -> str:
        return _(
            "origin and destination column 1-9 or 0 (the tenth), e.g. 34 or 07v3; D deals a row"
        )

    def show(self, state: State) -> str:
        runs = [state.piles[name][0].suit for name in FOUNDATIONS if state.piles[name]]
        lines = [
            "Runs home: " + (" ".join(f"K-A{suit}" for suit in runs) or "none"),
            f"Stock: {len(state.piles['stock'])} cards face down",
            f"Score: {self.score_words(state.score)}",
        ]
        for name in COLUMNS:
            down = state.face_down(name)
            cards = ["##"] * down + [str(card) for card in state.piles[name][down:]]
            lines.append((": " + " ".join(cards)).rstrip())
        return "\n".join(lines)
