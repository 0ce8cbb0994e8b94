"""TriPeaks, as Microsoft's (Windows Entertainment Pack, then the Microsoft Solitaire
Collection) and PySolFC's Tri Peaks.

Three peaks of 18 cards in four rows share their bottom row: three cards at the top,
six, nine, then ten face up; the others lie face down until nothing covers them. One card
is turned onto the waste and the other 23 are the stock. An uncovered card goes onto the
waste if it is one rank above or below the waste's top card, whatever its suit, an ace
on a king and a king on an ace too (an option: off, the corner does not turn). A card
dealt from the stock goes onto the waste whatever it is. Won when the peaks are cleared.

Scoring as Microsoft's (as its Knowledge Base and Wikipedia describe it): each card from
the peaks scores one more than the one before it in the same run of cards from the
peaks (1, 2, 3 ...), a card dealt from the stock costs 5 and ends the run, and clearing
a peak's top card scores 15 for the first two peaks and 30 for the third.
"""

from __future__ import annotations

from itertools import pairwise

from ...i18n import N_, _, ngettext
from ..moves import Move, MoveKind
from ..options import Option
from ..rules import HOME
from ..shuffle import shuffled_deck
from ..state import State, StepLog
from ..table_spec import Arrangement, GameHelp, Slot
from ..vocabulary import Family, Outline, Spread
from .golf import STOCK, WASTE, OntoWaste

# The four rows, the peaks' tops first: 3, 6, 9 and 10 cards.
ROW_SIZES = (3, 6, 9, 10)
ROWS: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"p{sum(ROW_SIZES[:depth]) + index + 1}" for index in range(size))
    for depth, size in enumerate(ROW_SIZES)
)
PEAKS = ROWS[0]
PILES = tuple(pile for row in ROWS for pile in row)
STEP = 1.2  # card widths from one card of the bottom row to the next
DROP = 0.5  # card widths from one row down to the next


def _lying_on(depth: int, index: int) -> tuple[int, int]:
    """The indices in the next row down of the two cards that lie on card ``index`` of
    row ``depth``: in the peaks' two upper rows each peak has its own cards, from the
    third row down the rows are whole."""
    if depth == 0:
        return 2 * index, 2 * index + 1
    if depth == 1:
        peak, side = divmod(index, 2)
        return 3 * peak + side, 3 * peak + side + 1
    return index, index + 1


COVERED_BY = {
    pile: tuple(below[i] for i in _lying_on(depth, index))
    for depth, (row, below) in enumerate(pairwise(ROWS))
    for index, pile in enumerate(row)
}
PEAK_POINTS = (15, 15, 30)  # the first, second and third peak cleared
DEAL_POINTS = -5


class TriPeaks(OntoWaste):
    game_id = "tripeaks"
    order = 105
    family = Family.SEQUENCE
    title = N_("TriPeaks")
    blurb = N_("Three peaks onto one waste pile, a rank up or down; streaks score more.")
    option_specs = (Option("wrap", N_("an ace goes on a king and a king on an ace"), True),)
    reserves = PILES
    covered_by = COVERED_BY
    codes = {**{str(number): pile for number, pile in enumerate(PILES, start=1)}, "w": HOME}
    example = "--deal 1 --moves 'D' --show"

    def __init__(self, /, **options: object):
        super().__init__(**options)
        self.wrap = self.option_flag("wrap")

    def deal(self, number: int) -> State:
        cards = shuffled_deck("tripeaks", number)
        piles = self.empty_piles()
        for pile, card in zip(PILES, cards, strict=False):
            piles[pile] = [card]
        rest = cards[len(PILES) :]
        piles[WASTE] = rest[-1:]
        piles[STOCK] = rest[:-1]
        down = {pile: 1 for row in ROWS[:-1] for pile in row}  # all but the bottom row
        # The cards dealt to the peaks, for the run that scores: a fixed value of the deal.
        peaks = frozenset(card for pile in PILES for card in piles[pile])
        return State(piles, {"deal": number, "peaks": peaks}, down)

    def turn_up(self, log: StepLog) -> None:
        """A card turns up once no card lies on it."""
        state = log.state
        for pile in list(state.down):
            if not self.is_covered(state, pile):
                log.set_down(pile, 0)

    # ------------------------------------------------------------------ scoring
    def perform(self, log: StepLog, move: Move) -> None:
        if move.kind == MoveKind.DEAL:
            log.add_score(DEAL_POINTS)
        else:
            log.add_score(self.streak(log.state) + 1)
            if move.src in PEAKS:
                cleared = sum(1 for peak in PEAKS if not log.state.piles[peak])
                log.add_score(PEAK_POINTS[cleared])
        super().perform(log, move)

    def streak(self, state: State) -> int:
        """How many cards from the peaks lie on the waste since its last card from the
        stock: the run that the next card from the peaks adds to."""
        peaks = state.cards("peaks")
        run = 0
        for card in reversed(state.piles[WASTE]):
            if card not in peaks:
                break
            run += 1
        return run

    def score(self, state: State) -> int:
        return state.score

    def score_words(self, score: int) -> str:
        return ngettext("{count} point", "{count} points", abs(score)).format(count=score)

    # ------------------------------------------------------------------ the table
    solver = "updown"
    verdict_note = N_(" (seeing every card, face-down ones and the stock's order too)")
    empty_pile_words = N_("the waste")

    def arrangement(self) -> Arrangement:
        bottom = len(ROWS[-1])
        slots = []
        xs: dict[str, float] = {}
        for depth in reversed(range(len(ROWS))):
            for index, pile in enumerate(ROWS[depth]):
                if depth == len(ROWS) - 1:
                    xs[pile] = index * STEP
                else:
                    left, _ = _lying_on(depth, index)
                    xs[pile] = xs[ROWS[depth + 1][left]] + STEP / 2
        # The upper rows first: a lower row lies over the one above it.
        for depth, row in enumerate(ROWS):
            slots += [Slot(pile, xs[pile], depth * DROP, outline=Outline.NONE) for pile in row]
        below = (len(ROWS) - 1) * DROP + 1.4 + 0.5
        slots += [
            Slot(STOCK, 0, below, outline=Outline.EMPTY, face_down=True, squared=True),
            Slot(WASTE, 1.4, below, spread=Spread.RIGHT, reach=4.0, outline=Outline.FOUNDATION),
        ]
        return Arrangement(tuple(slots), (bottom - 1) * STEP + 1, below + 1.6, widen=True)

    def status_items(self, state: State) -> list[str]:
        run = self.streak(state)
        wrap = _("Wrap on") if self.wrap else _("Wrap off")
        return [wrap, *super().status_items(state), _("Run {count}").format(count=run)]

    def option_change_text(self, name: str, value: object) -> str:
        if value:
            return _("An ace now goes on a king and a king on an ace. A new deal under this rule.")
        return _("The corner no longer turns: no ace on a king. A new deal under this rule.")

    help = GameHelp(
        rules=(
            (
                N_(
                    "Rules as Microsoft's TriPeaks. Three peaks of 18 cards share a bottom row of ten"
                    " face-up cards; the cards above lie face down until nothing covers them. One card"
                    " starts the waste and the other 23 are the stock. Clear the peaks to win."
                )
            ),
            (
                N_(
                    "A card with no card on it goes onto the waste if it is one rank above or below"
                    " the waste's top card, whatever the suits: a six or an eight on a seven. The"
                    " corner turns: an ace goes on a king and a king on an ace (the wrap option, on by"
                    " default, as Microsoft's)."
                )
            ),
            (
                N_(
                    "When no card can go, deal the next card of the stock onto the waste (D or a click"
                    " on the stock). There is one pass: the game is lost when the stock is empty and"
                    " no card can go."
                )
            ),
            (
                N_(
                    "Scoring as Microsoft's: each card from the peaks scores one more than the one"
                    " before it in the same run (1, 2, 3 ...); a card dealt from the stock costs 5"
                    " and ends the run; the top of a peak scores 15, and 30 for the third peak."
                )
            ),
            (
                N_(
                    "The computer's verdict and hint see every card, the face-down ones and the order"
                    " of the stock too, so a deal it calls winnable may need luck from you."
                )
            ),
            (
                N_(
                    "Tip: before you take a card, look at what it uncovers and what can follow it;"
                    " a long run from the peaks is worth more than two short ones."
                )
            ),
        ),
        keys=(
            (N_("D"), N_("Deal a card from the stock onto the waste")),
            (
                N_("1-28"),
                N_("Origin: a card of the peaks, row by row from the top; then W, and Enter"),
            ),
            (N_("Backspace"), N_("Undo")),
        ),
        mouse=(
            N_("Double-click an uncovered card, or drag it, to play it onto the waste."),
            N_("Click the stock to deal a card onto the waste."),
        ),
    )

    # ------------------------------------------------------------------ notation
    def notation_hint(self) -> str:
        return _("a card of the peaks 1-28 (row by row from the top) then W, e.g. 19w; D deals")

    def show(self, state: State) -> str:
        lines = [self.stock_line(state), self.waste_line(state), f"Score: {state.score}"]
        width = len(ROWS[-1]) * 3
        for depth, row in enumerate(ROWS):
            cards = []
            for pile in row:
                cards_here = state.piles[pile]
                if not cards_here:
                    cards.append("..")
                elif state.face_down(pile):
                    cards.append("##")
                else:
                    cards.append(str(cards_here[0]))
            gap = " " * (3 if depth < 2 else 1)
            text = gap.join(cards)
            lines.append(text.center(width).rstrip())
        return "\n".join(line.rstrip() for line in lines)
