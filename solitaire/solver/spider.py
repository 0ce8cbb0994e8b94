"""A dedicated Spider solver in pure Python: best-first over compact positions.

What the verdict assumes: the solver sees every card, the face-down ones and the order
of the stock too. "Winnable" means a player who knew every card could win. With 104
cards the positions reachable from a deal are far too many to search them all, so in
practice the search proves wins (often in one suit, rarely in four) and almost never a
loss: where it finds no win in its budget, the answer is "unknown", and the game says
so.

A position is kept as tuples of card faces (``rank * 4 + suit``: copies of a card are one
face, so positions that differ only in which copy lies where are one position): the ten
columns with their face-down counts, the stock in the engine's order and the suits of
the runs home. Its key is one ``bytes`` with the columns sorted (they are
interchangeable). Each key keeps the key it was found from and the engine move that led
there, so a win is read back as engine moves, which the caller replays through the rules.

Moves are the engine's (``Spider``): a run in one suit onto a card one rank higher of
any suit or into an empty column, and a row dealt while no column is empty; after each,
a whole run from king to ace goes home and the uncovered card turns up, as in the
engine. Left out, losing no win: of several empty columns only the first is tried, and
a column's whole content with no card under it never moves into another empty column
(the same position). Every other move is tried, so a search that runs dry is a proof.
"""

from __future__ import annotations

from ..model.cards import SUITS
from ..model.moves import Move, MoveKind
from ..model.rules import Rules
from ..model.state import State
from .core import Core

__all__ = ["BUDGET", "SpiderSearch"]

# Positions a search may find before it answers "unknown" (the table's partner and
# --solve alike); a --solve process that reaches it stays under 200 MB.
BUDGET = 100_000

COLUMNS = tuple(f"t{number}" for number in range(1, 11))
FOUNDATIONS = tuple(f"h{number}" for number in range(1, 9))
RUN = 13
DEAL = Move(MoveKind.DEAL)


def _code(card) -> int:
    return card.rank * 4 + SUITS.index(card.suit)


def _suited_run(cards: tuple, down: int) -> int:
    """How many cards at the top form a run in one suit (face-up ones only)."""
    limit = len(cards) - down
    length = 1 if limit else 0
    while length < limit and cards[-length] == cards[-length - 1] - 4:
        length += 1
    return length


class _Position:
    __slots__ = ("cols", "down", "runs", "stock")

    def __init__(self, cols, down, stock, runs):
        self.cols = cols
        self.down = down
        self.stock = stock
        self.runs = runs  # the suits of the runs home, sorted

    def key(self) -> bytes:
        columns = sorted(bytes((down, *cards)) for down, cards in zip(self.down, self.cols))
        return b"\xff".join((*columns, bytes(self.stock), bytes(self.runs)))

    def settled(self, cols: list, down: list) -> _Position:
        """The position after a move: whole runs home, uncovered cards turned up."""
        runs = self.runs
        for index, cards in enumerate(cols):
            if (
                len(cards) >= RUN
                and cards[-RUN] >> 2 == RUN
                and _suited_run(cards, down[index]) >= RUN
            ):
                runs = tuple(sorted((*runs, cards[-1] & 3)))
                cols[index] = cards = cards[:-RUN]
            if down[index] >= len(cards):
                down[index] = max(0, len(cards) - 1)
        return _Position(tuple(cols), tuple(down), self.stock, runs)


class SpiderSearch(Core[_Position]):
    """Best-first from ``state``; ``without`` may name DEAL (then no row is dealt)."""

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
        start = _Position(
            tuple(tuple(_code(card) for card in state.piles[name]) for name in COLUMNS),
            tuple(state.face_down(name) for name in COLUMNS),
            tuple(_code(card) for card in state.piles["stock"]),
            tuple(
                sorted(SUITS.index(state.piles[n][0].suit) for n in FOUNDATIONS if state.piles[n])
            ),
        )
        super().__init__(start, max_positions=max_positions)

    def _won(self, position: _Position) -> bool:
        return len(position.runs) == len(FOUNDATIONS)

    def _key(self, position: _Position) -> bytes:
        return position.key()

    def _value(self, p: _Position) -> float:
        """How promising a position looks: runs home, cards face up, cards on the next
        card of their suit, empty columns; a row still to deal is a little hope too."""
        value = 100.0 * len(p.runs)
        for cards, down in zip(p.cols, p.down):
            value -= 4.0 * down
            if not cards:
                value += 6.0
            for lower, upper in zip(cards[down:], cards[down + 1 :]):
                if upper == lower - 4:
                    value += 2.0
                elif upper >> 2 != (lower >> 2) - 1:
                    value -= 1.0
        return value + 0.1 * len(p.stock)

    def _successors(self, p: _Position) -> list[tuple[tuple[Move, ...], _Position]]:
        result: list[tuple[tuple[Move, ...], _Position]] = []
        empty = next((i for i, cards in enumerate(p.cols) if not cards), None)
        for i, cards in enumerate(p.cols):
            if not cards:
                continue
            length = _suited_run(cards, p.down[i])
            for moved in range(1, length + 1):
                card = cards[-moved]
                start = len(cards) - moved
                for j, other in enumerate(p.cols):
                    if j == i:
                        continue
                    if other:
                        if other[-1] >> 2 != (card >> 2) + 1:
                            continue
                    elif j != empty or (start == 0 and p.down[i] == 0):
                        continue
                    cols, down = list(p.cols), list(p.down)
                    cols[i], cols[j] = cards[:start], other + cards[start:]
                    move = Move(MoveKind.MOVE, COLUMNS[i], COLUMNS[j], moved)
                    result.append(((move,), p.settled(cols, down)))
        if self.deals and p.stock and empty is None:
            cols = [cards + (p.stock[-1 - index],) for index, cards in enumerate(p.cols)]
            dealt = _Position(p.cols, p.down, p.stock[: -len(COLUMNS)], p.runs)
            result.append(((DEAL,), dealt.settled(cols, list(p.down))))
        return result


# The search solve.py makes for the games whose definition names this module as solver.
SEARCH = SpiderSearch
