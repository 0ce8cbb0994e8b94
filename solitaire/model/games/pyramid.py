"""Pyramid, the pairing patience, with the rules of PySolFC's Pyramid and Relaxed Pyramid.

Twenty-eight cards are dealt face up in a pyramid of seven rows, each card lying over the
lower halves of two cards of the row above; the other 24 cards are the stock, whose top
card lies face up, and one of them starts the waste. Cards that add up to 13 leave play
together onto the discard pile (an ace counts 1, a jack 11, a queen 12), a king leaves
alone: the uncovered pyramid cards, the stock's top card and the waste's top card may be
paired. The stock is turned onto the waste one card at a time, the waste turned back into
it for three passes in all. Pyramid is won with all 52 cards discarded, Relaxed Pyramid
with the pyramid cleared.
"""

from __future__ import annotations

from itertools import pairwise

from ...i18n import C_, N_, _, ngettext
from ..cards import Card
from ..moves import MoveKind
from ..options import Option
from ..rules import HOME, Rules
from ..shuffle import shuffled_deck
from ..state import State
from ..table_spec import Arrangement, GameButton, GameHelp, Slot
from ..vocabulary import Action, Family, Outline, Role, play

ROW_COUNT = 7
LETTERS = "abcdefg"
# The pyramid's places, row by row from the top: row r holds r places, written with the
# row's number and a letter from the left ("7a" is the bottom row's first card).
ROWS = tuple(
    tuple(f"p{row}{LETTERS[place]}" for place in range(row)) for row in range(1, ROW_COUNT + 1)
)
PLACES = tuple(place for places in ROWS for place in places)
PAIR_TOTAL = 13
PASSES = {"1": 1, "2": 2, "3": 3, "unlimited": None}
PACK, PYRAMID = N_("pack"), N_("pyramid")  # named for translation: the options show them
# Where the places lie, in card-width units: a place's card is a card and a gap wide
# (STEP), each row half a card's height below the one above, so a card shows its top
# half above the two cards that cover it.
STEP = 1.15
ROW_DROP = 0.7
LEFT = 1.4  # the stock and the waste lie left of the pyramid


class Pyramid(Rules):
    game_id = "pyramid"
    order = 110
    family = Family.PAIRING
    title = N_("Pyramid")
    blurb = N_("Pair off cards that add up to 13 to clear a pyramid of 28; kings go alone.")
    option_specs = (
        Option(
            "passes",
            N_("passes through the stock: the waste may be turned back this many times less one"),
            "3",
            choices=tuple(PASSES),
        ),
        Option(
            "goal",
            N_(
                "what must be discarded to win: pack = the whole pack (Pyramid); pyramid = the"
                " pyramid only (Relaxed Pyramid)"
            ),
            PACK,
            choices=(PACK, PYRAMID),
        ),
    )
    reserves = PLACES
    foundations = ("discard",)
    discard_pile = "discard"
    pairing_piles = (*PLACES, "stock", "waste")
    # Each place lies over the lower halves of two places of the row above.
    covered_by = {
        place: (below[index], below[index + 1])
        for above, below in pairwise(ROWS)
        for index, place in enumerate(above)
    }
    commands = {"D": MoveKind.TURN}
    codes = {
        **{place[1:]: place for place in PLACES},
        "s": "stock",
        "w": "waste",
        "h": HOME,
    }
    example = "--deal 1 --moves 'wh 7b7d D' --show"

    def __init__(self, /, **options: object):
        super().__init__(**options)
        self.turns_hand(1, PASSES[self.option_choice("passes")])
        self.relaxed = self.option_choice("goal") == PYRAMID

    def layout_roles(self) -> dict[Role, tuple[str, ...]]:
        return {**super().layout_roles(), Role.HAND: ("stock",), Role.WASTE: ("waste",)}

    def deal(self, number: int) -> State:
        cards = shuffled_deck("pyramid", number)
        piles = self.empty_piles()
        for place, card in zip(PLACES, cards, strict=False):
            piles[place] = [card]
        piles["stock"] = cards[len(PLACES) : -1]
        piles["waste"] = cards[-1:]  # the stock's first card starts the waste
        return State(piles, {"deal": number, **self.hand_values()})

    # ------------------------------------------------------------------ rules
    def pairs(self, card: Card, other: Card) -> bool:
        return card.rank + other.rank == PAIR_TOTAL

    def leaves_alone(self, card: Card) -> bool:
        return card.rank == PAIR_TOTAL

    def home_for(self, state: State, card: Card) -> str | None:
        return None  # cards leave play in pairs, or a king alone: never one by one

    def is_won(self, state: State) -> bool:
        if self.relaxed:
            return not any(state.piles[place] for place in PLACES)
        return self.cards_home(state) == self.card_count

    def score_words(self, score: int) -> str:
        return ngettext("{count} card discarded", "{count} cards discarded", score).format(
            count=score
        )

    # ------------------------------------------------------------------ the table
    solver = "pairing"
    stock_move = MoveKind.TURN
    special_words = {**Rules.special_words, MoveKind.TURN: N_("Turn a card from the stock")}
    buttons = (GameButton(C_("the stock", "Draw"), play(MoveKind.TURN), enabled_by=MoveKind.TURN),)
    key_actions = {"D": play(MoveKind.TURN), "Backspace": Action.UNDO}
    empty_pile_words = N_("an empty place")

    def describe_move(self, move, state: State) -> str:
        if move.kind == MoveKind.TURN and not state.piles["stock"]:
            return _("Turn the waste over into the stock")
        return super().describe_move(move, state)

    def arrangement(self) -> Arrangement:
        slots = [
            Slot("stock", 0, 0, outline=Outline.STOCK, squared=True),
            Slot("waste", 0, 1.8, squared=True),
        ]
        # Row by row from the top, so that a row is drawn over the one above it.
        for depth, places in enumerate(ROWS):
            first = LEFT + (ROW_COUNT - len(places)) * STEP / 2
            slots += [
                Slot(place, first + index * STEP, depth * ROW_DROP, outline=Outline.NONE)
                for index, place in enumerate(places)
            ]
        right = LEFT + ROW_COUNT * STEP + 0.3
        slots.append(Slot("discard", right, 0, squared=True))
        return Arrangement(tuple(slots), right + 1, (ROW_COUNT - 1) * ROW_DROP + 1.4, widen=True)

    def status_items(self, state: State) -> list[str]:
        items = [_("Passes left {count}").format(count=self.passes_left(state))]
        return items + ([_("Relaxed")] if self.relaxed else [])

    def option_change_text(self, name: str, value: object) -> str:
        return _("{option} {value}: a new deal under this rule.").format(
            option=_(name).capitalize(), value=_(str(value))
        )

    help = GameHelp(
        rules=(
            (
                N_(
                    "Rules as PySolFC's Pyramid. Twenty-eight cards are dealt face up in a pyramid"
                    " of seven rows, each card lying over two cards of the row above. The other 24"
                    " cards are the stock, its top card face up; one of them starts the waste."
                )
            ),
            (
                N_(
                    "Two cards that add up to 13 leave play together onto the discard pile: an ace"
                    " counts 1, a jack 11, a queen 12, so a queen pairs with an ace, a jack with a"
                    " two, a ten with a three. A king counts 13 and leaves alone."
                )
            ),
            (
                N_(
                    "A pyramid card is free once no card lies over it. Free pyramid cards, the top"
                    " card of the stock and the top card of the waste may be paired, with one"
                    " another too."
                )
            ),
            (
                N_(
                    "Click the Draw button (or press D) to turn the stock's top card onto the"
                    " waste. When the stock is empty, the waste turns back into it for another"
                    " pass: three passes in all, or as many as the passes option says."
                )
            ),
            (
                N_(
                    "You win with all 52 cards discarded. With the goal option set to pyramid, as"
                    " PySolFC's Relaxed Pyramid, clearing the pyramid wins. The computer's verdict"
                    " and hint see the order of the stock."
                )
            ),
            (
                N_(
                    "Tip: don't rush to pair a card from the stock: a card of the same rank may"
                    " be needed to free the pyramid's upper rows, where each card waits on two."
                )
            ),
        ),
        keys=(
            (N_("D"), N_("Draw: turn a card from the stock")),
            (
                N_("1A-7G, S, W"),
                (
                    N_(
                        "A pyramid card (row, then place), the stock or the waste; then its"
                        " partner, or H for a king, and Enter"
                    )
                ),
            ),
            (N_("Backspace"), N_("Undo")),
        ),
        mouse=(
            (
                N_(
                    "Drag a card onto its partner, or click one and then the other; double-click"
                    " a king to discard it. Click the stock to turn a card when it has no pair."
                )
            ),
        ),
    )
    verdict_note = N_(" (seeing the order of the stock)")

    # ------------------------------------------------------------------ notation
    def notation_hint(self) -> str:
        return _(
            "a card 1A-7G (row, then place), S (stock) or W (waste), then its partner"
            " or H for a king, e.g. 7a7g sw 7bh; D draws"
        )

    def show(self, state: State) -> str:
        stock = state.piles["stock"]
        stock_text = f"{stock[-1]} on {len(stock) - 1} more" if stock else "empty"
        lines = [
            f"Discard: {len(state.piles['discard'])} cards",
            f"Stock: {stock_text}",
            "Waste: " + " ".join(str(card) for card in state.piles["waste"]),
            f"Passes left: {self.passes_left(state)}",
        ]
        for row, places in enumerate(ROWS, start=1):
            cards = [str(state.piles[place][0]) if state.piles[place] else "--" for place in places]
            lines.append(f"{row}: " + " " * (5 * (ROW_COUNT - row) // 2) + "   ".join(cards))
        return "\n".join(line.rstrip() for line in lines)
