"""Golf, as PySolFC's Golf, Dead King Golf and Relaxed Golf.

Seven columns of five cards, all face up; one card turned onto the waste and the other
16 in the stock. The top card of a column goes onto the waste if it is one rank above or
below the waste's top card, whatever its suit; a card dealt from the stock goes onto the
waste whatever it is. The columns take no cards. The game is won when the columns are
empty; it is lost when no column card can go and the stock is empty.

The rules of the waste (kings and aces) are an option: PySolFC's Golf lets a queen go on
a king and a king on a queen, but no ace on a king; its Dead King Golf lets nothing go on
a king; its Relaxed Golf turns the corner, an ace on a king and a king on an ace.

``OntoWaste`` is what Golf shares with the other games whose cards all go onto one waste
pile (TriPeaks): that pile is the game's only foundation, and the stock deals onto it.
"""

from __future__ import annotations

from ...i18n import N_, _, ngettext
from ..cards import Card
from ..moves import Move, MoveKind
from ..options import Option
from ..rules import HOME, Rules
from ..shuffle import shuffled_deck
from ..state import State, StepLog
from ..table_spec import Arrangement, GameButton, GameHelp, Slot, row
from ..vocabulary import Action, Family, Outline, Role, Spread, next_option, play

KING = 13
WASTE, STOCK = "waste", "stock"
DEAL = Move(MoveKind.DEAL)


class OntoWaste(Rules):
    """A game whose cards go one by one onto a single waste pile, one rank above or below
    its top card whatever their suits, and whose stock deals one card at a time onto it
    (Golf, TriPeaks). The waste is the only foundation: every card on it is out of play.
    The game is won when every pile of ``reserves`` (the cards to clear) is empty; the
    stock's cards need not go."""

    foundations = (WASTE,)
    stock_move = MoveKind.DEAL
    commands = {"D": MoveKind.DEAL}
    special_words = {**Rules.special_words, MoveKind.DEAL: N_("Deal a card from the stock")}
    buttons = (GameButton(N_("Deal"), play(MoveKind.DEAL), enabled_by=MoveKind.DEAL),)
    key_actions = {"D": play(MoveKind.DEAL), "Backspace": Action.UNDO}
    empty_pile_words = N_("the waste")
    # Both a king's neighbours and nothing on a king are said by the game (``follows``).
    kings_closed = False

    def layout_roles(self) -> dict[Role, tuple[str, ...]]:
        return {**super().layout_roles(), Role.HAND: (STOCK,)}

    # ------------------------------------------------------------------ rules
    def follows(self, rank: int, top: int) -> bool:
        """Whether a card of ``rank`` may go on a waste card of rank ``top``."""
        if self.kings_closed and top == KING:
            return False
        step = abs(rank - top)
        return step == 1 or (self.wrap and step == KING - 1)

    def home_for(self, state: State, card: Card) -> str | None:
        return WASTE

    def home_accepts(self, state: State, card: Card) -> bool:
        top = state.top(WASTE)
        return top is None or self.follows(card.rank, top.rank)

    def is_safe_home(self, state: State, card: Card) -> bool:
        """Never: which of two playable cards goes first decides what the waste takes next."""
        return False

    def drop_problem(self, state: State, dst: str, moving: list[Card], src: str) -> str | None:
        if dst != WASTE:
            return _("cards go only onto the waste")
        top = state.top(WASTE)
        card = moving[0]
        if top is not None and not self.follows(card.rank, top.rank):
            if self.kings_closed and top.rank == KING:
                return _("nothing goes on a king under this rule")
            return _("the {card} is not one rank above or below the {top}").format(
                card=card.name, top=top.name
            )
        return super().drop_problem(state, dst, moving, src)

    def special_moves(self, state: State) -> list[Move]:
        return [DEAL] if state.piles[STOCK] and not self.is_won(state) else []

    def special_problem(self, state: State, move: Move) -> str | None:
        if move.kind != MoveKind.DEAL:
            return super().special_problem(state, move)
        if self.is_won(state):
            return _("the game is won")
        return None if state.piles[STOCK] else _("the stock is empty")

    def perform(self, log: StepLog, move: Move) -> None:
        if move.kind == MoveKind.DEAL:
            log.move(STOCK, WASTE)
        else:
            log.move(move.src, move.dst, move.count)

    def is_won(self, state: State) -> bool:
        piles = state.piles
        return not any(piles[name] for name in self.reserves)

    def status_items(self, state: State) -> list[str]:
        return [_("Stock {count}").format(count=len(state.piles[STOCK]))]

    def stock_line(self, state: State) -> str:
        return f"Stock: {len(state.piles[STOCK])} cards face down"

    def waste_line(self, state: State) -> str:
        return "Waste: " + " ".join(str(card) for card in state.piles[WASTE])


RULES = (N_("golf"), N_("dead-king"), N_("relaxed"))  # named for translation: options show them
RULE_NAMES = {
    "golf": N_("a queen or an ace on a two; a king and a queen on each other"),
    "dead-king": N_("nothing on a king"),
    "relaxed": N_("the corner turns: an ace on a king and a king on an ace"),
}
COLUMNS = tuple(f"t{number}" for number in range(1, 8))
ROWS = 5


class Golf(OntoWaste):
    game_id = "golf"
    order = 100
    family = Family.SEQUENCE
    title = N_("Golf")
    blurb = N_("Clear seven columns onto one waste pile, a rank up or down, with a 16-card stock.")
    option_specs = (
        Option(
            "kings",
            N_(
                "what kings take: golf = a queen, no ace; dead-king = nothing; relaxed = a queen"
                " or an ace, and an ace takes a king"
            ),
            "golf",
            choices=RULES,
        ),
    )
    reserves = COLUMNS
    codes = {**{str(number): name for number, name in enumerate(COLUMNS, start=1)}, "w": HOME}
    dealt_to_clear = len(COLUMNS) * ROWS
    example = "--deal 1 --moves 'D' --show"

    def __init__(self, /, **options: object):
        super().__init__(**options)
        rule = self.option_choice("kings")
        self.kings_closed = rule == "dead-king"
        self.wrap = rule == "relaxed"

    def deal(self, number: int) -> State:
        cards = shuffled_deck("golf", number)
        piles = self.empty_piles()
        for index, name in enumerate(COLUMNS):
            piles[name] = cards[index * ROWS : (index + 1) * ROWS]
        rest = cards[self.dealt_to_clear :]
        piles[WASTE] = rest[-1:]
        piles[STOCK] = rest[:-1]
        return State(piles, {"deal": number})

    # ------------------------------------------------------------------ scoring
    def score(self, state: State) -> int:
        """The cards cleared from the columns."""
        return self.dealt_to_clear - sum(len(state.piles[name]) for name in COLUMNS)

    def score_words(self, score: int) -> str:
        return ngettext("{count} card cleared", "{count} cards cleared", score).format(count=score)

    # ------------------------------------------------------------------ the table
    solver = "updown"
    verdict_note = N_(" (seeing every card, the stock's order too)")
    key_actions = {**OntoWaste.key_actions, "R": next_option("kings")}

    def arrangement(self) -> Arrangement:
        slots = row(COLUMNS, 0, 0, 1.2, spread=Spread.DOWN, outline=Outline.EMPTY)
        slots += [
            Slot(STOCK, 0, 3.9, outline=Outline.EMPTY, face_down=True, squared=True),
            Slot(WASTE, 1.4, 3.9, spread=Spread.RIGHT, reach=5.6, outline=Outline.FOUNDATION),
        ]
        return Arrangement(tuple(slots), 6 * 1.2 + 1, 5.4, widen=True)

    def status_items(self, state: State) -> list[str]:
        kings = _("Kings: {rule}").format(rule=_(self.option_choice("kings")))
        return [kings, *super().status_items(state)]

    def option_change_text(self, name: str, value: object) -> str:
        return _("Kings: {rule}. A new deal under this rule.").format(
            rule=_(RULE_NAMES[str(value)])
        )

    help = GameHelp(
        rules=(
            (
                N_(
                    "Rules as PySolFC's Golf. Seven columns of five cards are dealt face up, one card"
                    " goes onto the waste and the other 16 are the stock. Clear all 35 cards of the"
                    " columns onto the waste to win; the stock's cards need not go."
                )
            ),
            (
                N_(
                    "The top card of a column goes onto the waste if it is one rank above or below the"
                    " waste's top card, whatever the suits: a six or an eight on a seven. The columns"
                    " take no cards."
                )
            ),
            (
                N_(
                    "Deal the next card of the stock onto the waste at any time (D or a click on the"
                    " stock), even when a column card could go: holding one back can win. There is"
                    " only one pass: the game is lost when the stock is empty and no column card can"
                    " go."
                )
            ),
            (
                N_(
                    "The kings option says what a king takes. Golf (the default): a queen, and a king"
                    " goes on a queen, but an ace never meets a king. Dead King Golf: nothing goes on a"
                    " king. Relaxed Golf: the corner turns, an ace on a king and a king on an ace."
                )
            ),
            (
                N_(
                    "The score is the number of cards cleared from the columns, 35 for a win. The"
                    " computer's verdict and hint know the order of the stock."
                )
            ),
            (
                N_(
                    "Tip: look ahead for long runs up and down, and before you play a card, ask which"
                    " card it uncovers: keep the stock for when no run is left."
                )
            ),
        ),
        keys=(
            (N_("D"), N_("Deal a card from the stock onto the waste")),
            (N_("1-7"), N_("Origin: a column; then W (the waste), and Enter")),
            (N_("R"), N_("The next kings rule (starts a new deal under it)")),
            (N_("Backspace"), N_("Undo")),
        ),
        mouse=(
            N_("Double-click a column's top card, or drag it, to play it onto the waste."),
            N_("Click the stock to deal a card onto the waste."),
        ),
    )

    # ------------------------------------------------------------------ notation
    def notation_hint(self) -> str:
        return _("a column 1-7 then W (the waste), e.g. 3w; D deals from the stock")

    def show(self, state: State) -> str:
        lines = [self.stock_line(state), self.waste_line(state)]
        lines += [self.column_line(state.piles[name]) for name in COLUMNS]
        return "\n".join(line.rstrip() for line in lines)
