"""Aces Up, as Wikipedia describes it.

Four cards are dealt in a row, face up; the other 48 are the stock. A column's top card
may be discarded when the top card of another column is of its suit and higher, aces
ranking high. The top card of a column may move into an empty column (an option: only
an ace may, Wikipedia's harder variation). When no card can be discarded, the stock
deals a card onto each column. Won when the four aces alone are left.
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
from ..vocabulary import Action, Family, Outline, Role, Spread, play

COLUMNS = ("t1", "t2", "t3", "t4")
DISCARDS, STOCK = "discards", "stock"
ACE = 1
DEAL = Move(MoveKind.DEAL)
# Why a card may not be discarded, by its suit (whole sentences, for the catalogue).
NO_HIGHER = {
    "C": N_("no higher club lies on top of another column"),
    "D": N_("no higher diamond lies on top of another column"),
    "H": N_("no higher heart lies on top of another column"),
    "S": N_("no higher spade lies on top of another column"),
}
ANY, ACES = N_("any"), N_("aces")  # named for translation: the options show them


def high_rank(card: Card) -> int:
    """A card's rank with aces high."""
    return 14 if card.rank == ACE else card.rank


class AcesUp(Rules):
    game_id = "acesup"
    order = 110
    family = Family.OTHER
    title = N_("Aces Up")
    blurb = N_("Four columns: discard the lower cards of each suit until the aces alone are left.")
    option_specs = (
        Option(
            "empty",
            N_(
                "what may fill an empty column: any = any top card; aces = aces only (the harder"
                " variation)"
            ),
            ANY,
            choices=(ANY, ACES),
        ),
    )
    tableau = COLUMNS
    foundations = (DISCARDS,)
    stock_move = MoveKind.DEAL
    commands = {"D": MoveKind.DEAL}
    codes = {**{str(number): name for number, name in enumerate(COLUMNS, start=1)}, "x": HOME}
    example = "--deal 2 --moves '4x D' --show"

    def layout_roles(self) -> dict[Role, tuple[str, ...]]:
        return {**super().layout_roles(), Role.HAND: (STOCK,)}

    def deal(self, number: int) -> State:
        cards = shuffled_deck("acesup", number)
        piles = self.empty_piles()
        for name, card in zip(COLUMNS, cards[-len(COLUMNS) :], strict=True):
            piles[name] = [card]
        piles[STOCK] = cards[: -len(COLUMNS)]
        return State(piles, {"deal": number})

    # ------------------------------------------------------------------ rules
    def home_for(self, state: State, card: Card) -> str | None:
        return DISCARDS

    def home_accepts(self, state: State, card: Card) -> bool:
        """A top card goes when another column's top card is of its suit and higher."""
        return any(
            top is not None and top.suit == card.suit and high_rank(top) > high_rank(card)
            for top in (state.top(name) for name in COLUMNS)
        )

    def is_safe_home(self, state: State, card: Card) -> bool:
        """Never told: a card kept may be the higher card another one needs later."""
        return False

    def drop_problem(self, state: State, dst: str, moving: list[Card], src: str) -> str | None:
        card = moving[0]
        if dst == DISCARDS:
            if self.home_accepts(state, card):
                return None
            return _(NO_HIGHER[card.suit])
        if state.piles[dst]:
            return _("a card goes only into an empty column")
        if self.option_choice("empty") == ACES and card.rank != ACE:
            return _("only an ace may fill an empty column under this rule")
        return None

    def can_discard(self, state: State) -> bool:
        return any(
            top is not None and self.home_accepts(state, top)
            for top in (state.top(name) for name in COLUMNS)
        )

    def special_moves(self, state: State) -> list[Move]:
        return [] if self.special_problem(state, DEAL) else [DEAL]

    def special_problem(self, state: State, move: Move) -> str | None:
        if move.kind != MoveKind.DEAL:
            return super().special_problem(state, move)
        if not state.piles[STOCK]:
            return _("the stock is empty")
        if self.can_discard(state):
            return _("discard the cards that can go before dealing")
        return None

    def perform(self, log: StepLog, move: Move) -> None:
        if move.kind == MoveKind.DEAL:
            for name in COLUMNS:
                if log.state.piles[STOCK]:
                    log.move(STOCK, name)
        else:
            log.move(move.src, move.dst, move.count)

    def is_won(self, state: State) -> bool:
        return len(state.piles[DISCARDS]) == self.card_count - len(COLUMNS)

    # ------------------------------------------------------------------ the table
    solver = "discard"
    verdict_note = N_(" (seeing every card, the stock's order too)")
    special_words = {**Rules.special_words, MoveKind.DEAL: N_("Deal a row from the stock")}
    buttons = (GameButton(N_("Deal"), play(MoveKind.DEAL), enabled_by=MoveKind.DEAL),)
    key_actions = {"D": play(MoveKind.DEAL), "Backspace": Action.UNDO}

    def arrangement(self) -> Arrangement:
        slots = [Slot(STOCK, 0, 0, outline=Outline.EMPTY, face_down=True, squared=True)]
        slots += row(COLUMNS, 1.5, 0, 1.2, spread=Spread.DOWN)
        slots.append(Slot(DISCARDS, 1.5 + 4 * 1.2 + 0.3, 0, outline=Outline.FOUNDATION))
        return Arrangement(tuple(slots), 1.5 + 5 * 1.2 + 0.3, 5.4, widen=True)

    def status_items(self, state: State) -> list[str]:
        if self.option_choice("empty") == ANY:
            rule = _("Any card fills a space")
        else:
            rule = _("Aces fill spaces")
        return [rule, _("Stock {count}").format(count=len(state.piles[STOCK]))]

    def score_words(self, score: int) -> str:
        return ngettext("{count} card discarded", "{count} cards discarded", score).format(
            count=score
        )

    def option_change_text(self, name: str, value: object) -> str:
        if value == ACES:
            return _("Only an ace may fill an empty column now. A new deal under this rule.")
        return _("Any top card may fill an empty column now. A new deal under this rule.")

    help = GameHelp(
        rules=(
            (
                N_(
                    "Rules as Wikipedia's Aces Up. Four cards are dealt in a row, face up; the other 48"
                    " are the stock. Discard every card but the four aces to win."
                )
            ),
            (
                N_(
                    "A column's top card may be discarded when the top card of another column is of"
                    " its suit and higher. Aces rank high: the ace of a suit is never discarded, and"
                    " it lets every other card of its suit go."
                )
            ),
            (
                N_(
                    "The top card of a column may move into an empty column: the only way to reach"
                    " the cards under an ace. The empty option lets only aces fill empty columns,"
                    " the harder variation."
                )
            ),
            (
                N_(
                    "When no card can be discarded, deal a row from the stock (D or a click on the"
                    " stock), a card onto each column; a space need not be filled first. The game is"
                    " lost when the stock is empty and no card can be discarded or moved."
                )
            ),
            (
                N_(
                    "The score is the number of cards discarded, 48 for a win. The computer's verdict"
                    " and hint know the order of the stock."
                )
            ),
            (
                N_(
                    "Tip: keep an empty column for as long as you can, and fill it with a card that"
                    " lets others go: an ace buried under other cards is the one to dig out."
                )
            ),
        ),
        keys=(
            (N_("D"), N_("Deal a row from the stock")),
            (N_("1-4"), N_("Origin: a column; then X (the discards) or 1-4, and Enter")),
            (N_("Backspace"), N_("Undo")),
        ),
        mouse=(
            N_("Double-click a top card, or drag it, to discard it."),
            N_("Drag a top card into an empty column."),
            N_("Click the stock to deal a row."),
        ),
    )

    # ------------------------------------------------------------------ notation
    def notation_hint(self) -> str:
        return _("a column 1-4 then X (discard) or another column, e.g. 2x 31; D deals a row")

    def show(self, state: State) -> str:
        lines = [
            f"Stock: {len(state.piles[STOCK])} cards face down",
            (
                "Discards: 1 card"
                if len(state.piles[DISCARDS]) == 1
                else f"Discards: {len(state.piles[DISCARDS])} cards"
            ),
        ]
        lines += [self.column_line(state.piles[name]) for name in COLUMNS]
        return "\n".join(line.rstrip() for line in lines)
