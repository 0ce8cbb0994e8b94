"""Klondike, the patience most people call Solitaire.

Seven columns of one to seven cards, the top card of each face up; the other 24 cards
are the stock. Columns build down in alternate colours, and any face-up run moves as a
unit; only a king (or a run from a king) fills an empty column. A face-down card is
turned up as soon as it is uncovered. The stock is turned onto the waste one or three
cards at a time; an empty stock takes the waste back, turned over, for another pass if
the rule allows one. Foundations build up in suit from the ace; a card may come back
from a foundation onto a column.

Scoring as Windows Solitaire: standard (points for every useful move) or Vegas (the pack
costs $52, each card home pays $5, and the balance runs on from game to game).
"""

from __future__ import annotations

from ...i18n import C_, N_, _, ngettext
from ..moves import Move, MoveKind
from ..options import Option
from ..rules import HOME, Rules
from ..shuffle import shuffled_deck
from ..state import State, StepLog
from ..table_spec import Arrangement, GameButton, GameHelp, Slot, foundation_slots, row
from ..vocabulary import Action, Build, Family, Outline, Role, Spread, play

COLUMNS = tuple(f"t{number}" for number in range(1, 8))
STANDARD, VEGAS = N_("standard"), N_("vegas")  # named for translation: the options show them
PASSES = {"unlimited": None, "1": 1, "3": 3}
# Standard scoring, Windows Solitaire's table: what a move earns (never below 0).
TO_COLUMN_FROM_WASTE = 5
HOME_POINTS = 10  # waste or column to a foundation
TURN_UP_POINTS = 5
TAKE_BACK_POINTS = -15  # a foundation card back onto a column
RECYCLE_POINTS = {1: -100, 3: -20}  # the waste turned back into the stock
# Vegas scoring: the pack's price and what each card home pays.
VEGAS_STAKE, VEGAS_PAY = 52, 5


class Klondike(Rules):
    game_id = "klondike"
    order = 80
    family = Family.KLONDIKE
    title = N_("Klondike")
    blurb = N_(
        "The classic: seven columns, face-down cards to uncover, the stock by ones or threes."
    )
    option_specs = (
        Option("draw", N_("cards turned from the stock at a time"), "1", choices=("1", "3")),
        Option(
            "passes",
            N_("passes through the stock: the waste may be turned back this many times less one"),
            "unlimited",
            choices=tuple(PASSES),
        ),
        Option(
            "scoring",
            N_("scoring: standard = points a move; vegas = $5 a card home, the pack costs $52"),
            STANDARD,
            choices=(STANDARD, VEGAS),
        ),
    )
    tableau = COLUMNS
    build = Build.ALTERNATE
    moves_runs = True
    empty_fill_rank = 13  # only a king fills an empty column
    foundation_takeback = True
    commands = {"D": MoveKind.TURN}
    codes = {
        **{str(number): name for number, name in enumerate(COLUMNS, start=1)},
        "w": "waste",
        "h": HOME,
        **{"h" + suit.lower(): "f" + suit for suit in "CDHS"},
    }
    example = "--deal 1 --moves 'D D w5' --show"

    def __init__(self, /, **options: object):
        super().__init__(**options)
        self.vegas = self.options["scoring"] == VEGAS
        self.turns_hand(int(self.option_choice("draw")), PASSES[self.option_choice("passes")])

    def layout_roles(self) -> dict[Role, tuple[str, ...]]:
        return {**super().layout_roles(), Role.HAND: ("stock",), Role.WASTE: ("waste",)}

    def deal(self, number: int) -> State:
        cards = shuffled_deck("klondike", number)
        piles = self.empty_piles()
        down = {}
        dealt = 0
        for index, name in enumerate(COLUMNS):
            piles[name] = cards[dealt : dealt + index + 1]
            down[name] = index  # all but the top card face down
            dealt += index + 1
        piles["stock"] = cards[dealt:]
        values = {"deal": number, **self.hand_values()}
        return State(piles, values, down, score=-VEGAS_STAKE if self.vegas else 0)

    # ------------------------------------------------------------------ rules
    # ------------------------------------------------------------------ playing
    def perform(self, log: StepLog, move: Move) -> None:
        if move.kind != MoveKind.TURN:
            self.score_move(log, move)
        super().perform(log, move)

    def waste_turned_over(self, log: StepLog) -> None:
        if not self.vegas:
            log.add_score(RECYCLE_POINTS[self.turn_count], floor=0)

    def score_move(self, log: StepLog, move: Move) -> None:
        src, dst = self.roles[move.src], self.roles[move.dst]
        if self.vegas:
            points = (
                VEGAS_PAY if dst == Role.FOUNDATION else -VEGAS_PAY if src == Role.FOUNDATION else 0
            )
            log.add_score(points)
            return
        if dst == Role.FOUNDATION:
            points = HOME_POINTS
        elif src == Role.FOUNDATION:
            points = TAKE_BACK_POINTS
        else:
            points = TO_COLUMN_FROM_WASTE if src == Role.WASTE else 0
        log.add_score(points, floor=0)

    def turned_up(self, log: StepLog, pile: str) -> None:
        if not self.vegas:
            log.add_score(TURN_UP_POINTS, floor=0)

    def score(self, state: State) -> int:
        return state.score

    def score_words(self, score: int) -> str:
        if self.vegas:
            return f"-${-score}" if score < 0 else f"${score}"
        return ngettext("{count} point", "{count} points", score).format(count=score)

    # ------------------------------------------------------------------ the table
    solver = "klondike"
    verdict_note = N_(" (seeing every card, face-down ones too)")
    stock_move = MoveKind.TURN
    special_words = {**Rules.special_words, MoveKind.TURN: N_("Turn cards from the stock")}
    buttons = (GameButton(C_("the stock", "Draw"), play(MoveKind.TURN), enabled_by=MoveKind.TURN),)
    key_actions = {"D": play(MoveKind.TURN), "Backspace": Action.UNDO}
    stats_note = N_(
        "The Vegas bank adds up every Vegas game of the column: $5 a card home less $52."
    )

    def describe_move(self, move: Move, state: State) -> str:
        if move.kind == MoveKind.TURN and not state.piles["stock"]:
            return _("Turn the waste over into the stock")
        return super().describe_move(move, state)

    def arrangement(self) -> Arrangement:
        slots = [
            Slot("stock", 0, 0, outline=Outline.STOCK, face_down=True, squared=True),
            Slot("waste", 1.2, 0, spread=Spread.WASTE, reach=0.8),
        ]
        slots += foundation_slots(3.6, 0, 1.2, vertical=False)
        slots += row(COLUMNS, 0, 1.7, 1.2, spread=Spread.DOWN)
        # The height of a normal deal: the columns as dealt and three cards more at full
        # spread; longer columns close up (face-down cards first), down to the longest a
        # deal can build, a king's run of thirteen on six face-down cards.
        return Arrangement(tuple(slots), 6 * 1.2 + 1, 5.4, widen=True, longest=(19, 6))

    def status_items(self, state: State) -> list[str]:
        items = [
            _("Draw {count}").format(count=self.turn_count),
            _("Passes left {count}").format(count=self.passes_left(state)),
        ]
        return items + ([_("Vegas")] if self.vegas else [])

    def stats_items(self, summary) -> list[tuple[str, str]]:
        if self.vegas:
            return [(N_("Vegas bank"), self.score_words(summary.score_total))]
        return []

    def option_change_text(self, name: str, value: object) -> str:
        return _("{option} {value}: a new deal under this rule.").format(
            option=_(name).capitalize(), value=_(str(value))
        )

    help = GameHelp(
        rules=(
            (
                N_(
                    "Seven columns are dealt from one to seven cards, only the top card of each face"
                    " up. The other 24 cards are the stock. Build the four foundations up in suit from"
                    " the ace to the king: you win with all 52 cards home."
                )
            ),
            (
                N_(
                    "Columns build down in alternate colours: a red six on a black seven. Any face-up"
                    " run in order moves as one, and only a king, or a run from a king, fills an empty"
                    " column. A face-down card turns up by itself once nothing covers it."
                )
            ),
            (
                N_(
                    "Click the stock (or press D) to turn one card, or three, onto the waste; its top"
                    " card is in play. When the stock is empty, a click turns the waste back over"
                    " into it for another pass, as often as the passes rule allows. A card on a"
                    " foundation may come back onto a column."
                )
            ),
            (
                N_(
                    "Standard scoring, as Windows Solitaire: 5 points for a card from the waste to a"
                    " column, 10 for a card home, 5 for a card turned up, 15 off for a card taken back"
                    " from a foundation, 100 off (20 drawing three) each time the waste turns back;"
                    " never below 0."
                )
            ),
            (
                N_(
                    "Options: draw 1 or 3, passes unlimited, 1 or 3, and Vegas scoring: the pack costs"
                    " $52, every card home pays $5, and the balance of all your Vegas games runs on"
                    " as your Vegas bank, in the statistics."
                )
            ),
            (
                N_(
                    "The game is lost when no series of moves, turning the stock included, can bring"
                    " another card home. The computer's verdict and hint see every card, face-down"
                    " ones too, so a deal it calls winnable may need luck from you."
                )
            ),
            (
                N_(
                    "Tip: turn up the face-down cards first, starting with the longest columns, and"
                    " don't empty a column unless a king is ready to fill it."
                )
            ),
        ),
        keys=(
            (N_("D"), N_("Draw: turn cards from the stock")),
            (N_("1-7, W"), N_("Origin: a column or the waste; then 1-7 or H, and Enter")),
            (N_("Backspace"), N_("Undo")),
        ),
        mouse=(
            (
                N_(
                    "Click the stock to turn cards onto the waste, or the empty stock to turn the"
                    " waste back."
                )
            ),
        ),
    )

    # ------------------------------------------------------------------ notation
    def notation_hint(self) -> str:
        return _("origin 1-7 or W, destination 1-7 or H (home), e.g. w3 62 7h; D draws")

    def show(self, state: State) -> str:
        lines = [
            self.foundations_line(state),
            f"Stock: {len(state.piles['stock'])} cards face down",
            "Waste: " + " ".join(str(card) for card in state.piles["waste"]),
            f"Passes left: {self.passes_left(state)}",
            f"Score: {self.score_words(state.score)}",
        ]
        lines = [line.rstrip() for line in lines]
        for name in COLUMNS:
            down = state.face_down(name)
            cards = ["##"] * down + [str(card) for card in state.piles[name][down:]]
            lines.append((": " + " ".join(cards)).rstrip())
        return "\n".join(lines)
