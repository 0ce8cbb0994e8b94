"""A solver for the games whose foundations are rows built up in suit by threes (Mod3):
three rows of eight piles starting from twos, threes and fours, a tableau row of eight
piles that take a card only when empty and are filled from the stock when emptied, an
aces pile and a stock dealt a card onto each tableau pile.

What the verdict assumes: the solver sees every card, the order of the stock too.

A position is one ``bytes``: the 24 piles of the rows, then the 8 of the tableau, each
its cards bottom first (a card is ``rank * 4 + suit``: copies of a card are one code,
so positions that differ only in which copy lies where are one position), then the aces
out and the cards left in the stock (the stock only loses cards from its top, so it is
the start's stock cut short). Its key is the same with the piles of each row sorted
(they are interchangeable), and the tableau's too once the stock is used up (before,
the stock deals onto them in turn, so they are not).

The walk is the solver core's, best-first by stages as Spider's: the positions with as
many deals still to come make a stage, each with its own heap (a deal is never weighed
against a card built), an allowance of positions at a time from each, round after round.

Moves are the engine's: the top card of a pile of the four rows onto a pile of a row
that takes it, into an empty tableau pile, or, an ace, onto the aces pile; a tableau
pile emptied while the stock lasts takes the stock's top card; a deal puts a card onto
each tableau pile. Nothing that may lose a win is left out, so a search that runs dry
proves a loss. Left out, losing none: of several empty piles of one row or of the
tableau only the first is tried (they are alike), and a pile's only card never moves
into another empty pile of its kind (the same position). An ace on a pile of the rows,
or on a tableau pile with cards under it or with the stock used up, goes out alone, no
other move tried: an ace is never wanted anywhere but out, nothing can go on it or on
the pile it holds while it stays, and taking it out then empties no pile the stock
would fill, so a winning line with the ace's own moves left out still wins after it.

Two more things lose no win. A card built on a pile started right (not its first card)
never moves again: onto the other pile of its row that wants it, the position is the same
with the piles' places swapped; into an empty tableau pile (only once the stock is used
up), it leaves its pile wanting only a card of its face, and whatever the line does with
that place the other copy could do in the empty pile instead (it is the same position),
so the move gains nothing. And a card that can be built, taking no stock card to its
pile, goes alone, no other move tried, when the other copy of it is built already or lies
under it in its pile: the pile that takes it wants no other card (only the two copies of
a card go there, and the other cannot come first), so building it at once only frees
what it covered sooner; the line that built it later, that pile or the other one alike
(they are the same with their places swapped), still wins.
"""

from __future__ import annotations

from ..model.cards import SUITS
from ..model.moves import Move, MoveKind
from ..model.rules import Rules
from ..model.state import State
from .core import Core, Strategy

__all__ = ["BUDGET", "RowsSearch"]

# Positions a search may find before it answers "unknown" (the table's partner and
# --solve alike).
BUDGET = 150_000

BASES = (2, 3, 4)
ROW_PILES = tuple(f"{letter}{number}" for letter in "abc" for number in range(1, 9))
TABLEAU = tuple(f"t{number}" for number in range(1, 9))
PILES = ROW_PILES + TABLEAU
ACES, STOCK = "aces", "stock"
WIDTH = 8
ROWS = len(ROW_PILES)  # 24: the tableau's piles follow
ACE = 1
DEAL = Move(MoveKind.DEAL)
GAP = b"\xff"  # between the piles of a position: no card or count is 255
# The engine move of the top card of pile ``i`` onto pile ``j`` (indices into PILES, the
# aces pile after them), made once.
MOVES = {
    (i, j): Move(MoveKind.MOVE, PILES[i], (*PILES, ACES)[j], 1)
    for i in range(len(PILES))
    for j in range(len(PILES) + 1)
    if i != j
}
TO_ACES = len(PILES)

# Positions a stage is searched from at a time. One heap for all, best-first, settled 92 %
# of deals 1..50 within 2 s; stage by stage, 100 positions at a time, 100 % (and 99 % of
# 51..150), as did 300 and 1,000 at a time, slower.
ALLOWANCE = 100

# The weights of a position's value (``_value``), compared within a stage only.
BUILT = 10.0  # a card built on a row it starts, or out (an ace)
IN_TABLEAU = -2.0  # a card waiting in the tableau
STRAY = -6.0  # a card on a row pile it does not start


def _code(card) -> int:
    return card.rank * 4 + SUITS.index(card.suit)


def _base_row(rank: int) -> int:
    """The row (0, 1, 2) a card of ``rank`` builds on: 2-5-8-J, 3-6-9-Q or 4-7-10-K."""
    return (rank - 2) % 3


class RowsSearch(Core[bytes]):
    """Best-first from ``state``; ``without`` may name DEAL (then the stock is not dealt)."""

    # One best-first walk by stages (``_stage``), ALLOWANCE positions a stage at a time.
    strategies = (Strategy(allowance=ALLOWANCE),)

    def _stage(self, position: bytes) -> int:
        """Deals still to come (a pile filled from the stock takes a card of the next
        one): the core's walk takes its positions stage by stage."""
        return (position[-1] + WIDTH - 1) // WIDTH

    def __init__(
        self,
        rules: Rules,
        state: State,
        *,
        max_positions: int = BUDGET,
        without: frozenset = frozenset(),
    ):
        self.rules = rules
        self.deals = MoveKind.DEAL not in without
        self.stock = bytes(_code(card) for card in state.piles[STOCK])
        piles = [bytes(_code(card) for card in state.piles[name]) for name in PILES]
        start = _position(piles, len(state.piles[ACES]), len(self.stock))
        super().__init__(start, max_positions=max_positions)

    def _won(self, position: bytes) -> bool:
        """The stock used up and the tableau empty: the other 104 cards are then built
        or out (a stray card holds its pile alone, and the rows have room for all the
        others only if none is)."""
        return position.endswith(WON_TAIL)

    def _key(self, position: bytes) -> bytes:
        parts = position.split(GAP)
        rows = [sorted(parts[start : start + WIDTH]) for start in range(0, ROWS, WIDTH)]
        tableau = parts[ROWS : ROWS + WIDTH]
        if parts[-1] == b"\x00":
            tableau = sorted(tableau)
        return GAP.join([pile for row in rows for pile in row] + tableau + parts[-2:])

    def _value(self, position: bytes) -> float:
        parts = position.split(GAP)
        built = parts[-2][0]
        stray = 0
        for index in range(ROWS):
            pile = parts[index]
            if pile:
                if pile[0] >> 2 == BASES[index // WIDTH]:
                    built += len(pile)
                else:
                    stray += 1
        waiting = sum(len(parts[index]) for index in range(ROWS, ROWS + WIDTH))
        return BUILT * built + IN_TABLEAU * waiting + STRAY * stray

    def _successors(self, position: bytes) -> list[tuple[tuple[Move, ...], bytes]]:
        parts = position.split(GAP)
        aces, stock = parts[-2][0], parts[-1][0]
        piles = parts[: ROWS + WIDTH]
        # Per row: the first empty pile, and its piles by their top card where they were
        # started right (a card goes on one three ranks lower of its suit).
        empty_in_row = [-1, -1, -1]
        onto: dict[int, list[int]] = {}  # the card a pile wants next -> the piles
        built: set[int] = set()  # the cards built on a pile started right
        for index in range(ROWS):
            pile = piles[index]
            row = index // WIDTH
            if not pile:
                if empty_in_row[row] < 0:
                    empty_in_row[row] = index
            elif pile[0] >> 2 == BASES[row]:
                built.update(pile)
                if pile[-1] >> 2 <= 10:
                    onto.setdefault(pile[-1] + 12, []).append(index)
        empty_tableau = next((index for index in range(ROWS, ROWS + WIDTH) if not piles[index]), -1)
        result: list[tuple[tuple[Move, ...], bytes]] = []
        safe: list[tuple[int, bool, bytes, int, int]] = []  # (card, ..., from, to)
        for i, pile in enumerate(piles):
            if not pile:
                continue
            card = pile[-1]
            rank = card >> 2
            in_tableau = i >= ROWS
            alone = len(pile) == 1
            targets: list[int] = []
            if rank == ACE:
                if not in_tableau or not alone or not stock:  # safe: see the notes
                    safe.append((card, in_tableau, pile, i, TO_ACES))
                else:
                    result.append(self._step(piles, i, TO_ACES, aces, stock))
                continue
            row = _base_row(rank)
            if not in_tableau and not alone and pile[0] >> 2 == BASES[i // WIDTH]:
                continue  # built on a pile started right: it stays (see the notes)
            refills = in_tableau and alone and stock
            if rank == BASES[row]:
                first = empty_in_row[row]
                if first >= 0 and not (alone and i // WIDTH == row and not in_tableau):
                    targets.append(first)
            else:
                targets += [j for j in onto.get(card, ()) if j != i]
                if targets and not refills and (card in built or card in pile[:-1]):
                    # The other copy built, or under it: safe (the notes).
                    safe.append((card, in_tableau, pile, i, targets[0]))
                    continue
            if empty_tableau >= 0 and not (alone and in_tableau):
                targets.append(empty_tableau)
            for j in targets:
                result.append(self._step(piles, i, j, aces, stock))
        if safe:
            # One safe move alone, chosen by its card and its pile's cards (the same in
            # positions of one key), then by the pile's place (the same there too where
            # piles alike are not interchangeable).
            card, _, _, i, j = min(safe)
            return [self._step(piles, i, j, aces, stock)]
        if self.deals and stock:
            dealt = list(piles)
            left = stock
            for index in range(ROWS, ROWS + WIDTH):
                if left:
                    dealt[index] = dealt[index] + self.stock[left - 1 : left]
                    left -= 1
            result.append(((DEAL,), _position(dealt, aces, left)))
        return result

    def _step(
        self, piles: list[bytes], i: int, j: int, aces: int, stock: int
    ) -> tuple[tuple[Move, ...], bytes]:
        """The move of the top card of pile ``i`` onto pile ``j`` (TO_ACES: out) and the
        position after it; ``aces`` counts the aces out before it."""
        out = j == TO_ACES
        after_piles, after_stock = self._moved(piles, i, None if out else j, stock)
        return (MOVES[i, j],), _position(after_piles, aces + out, after_stock)

    def _moved(
        self, piles: list[bytes], i: int, j: int | None, stock: int
    ) -> tuple[list[bytes], int]:
        """The piles after the top card of pile ``i`` went onto pile ``j`` (None: out),
        the tableau pile it emptied filled from the stock; and the stock left."""
        after = list(piles)
        card = after[i][-1:]
        after[i] = after[i][:-1]
        if j is not None:
            after[j] = after[j] + card
        if i >= ROWS and not after[i] and stock:
            after[i] = self.stock[stock - 1 : stock]
            stock -= 1
        return after, stock


def _position(piles: list[bytes], aces: int, stock: int) -> bytes:
    return GAP.join([*piles, bytes((aces,)), bytes((stock,))])


WON_TAIL = GAP + GAP.join([b""] * len(TABLEAU) + [b"\x08", b"\x00"])

# The search solve.py makes for the games whose definition names this module as solver.
SEARCH = RowsSearch
