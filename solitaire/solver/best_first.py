"""The best-first walk the dedicated solvers on compact positions share (Klondike's and
Spider's): a heap ordered by how promising a position looks less a little for each move
that led there, and one table of every position found, keyed by its ``bytes``, that
keeps the key it was found from and the engine moves that led there. A win is read back
through that table as engine moves, which the caller replays through the rules; a heap
that runs dry has seen every position reachable from the start, the proof that there is
no win (as long as the game's successors leave out only moves that lose no win).

A game's search says three things: the positions one move away (``_successors``, each
with the engine moves that reach it: a single move, or a macro move such as Klondike's
turns of the stock then a waste card's move), how promising a position looks
(``_value``) and whether it is won (``_won``). Positions are the search's own; all it
asks of them is ``key()``, one ``bytes`` equal for positions it must treat as one.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from itertools import count
from typing import Generic, Protocol, TypeVar

from ..model.moves import Move
from .verdict import SOLVED, UNKNOWN, UNSOLVABLE, GaveUp, Outcome, Stepped, Verdict

__all__ = ["BestFirst", "Keyed"]


class Keyed(Protocol):
    def key(self) -> bytes: ...


P = TypeVar("P", bound=Keyed)

# How much worse a position looks for each move that led there: among equally promising
# positions the shorter line comes first, and the walk does not dive without end.
DEPTH_COST = 0.05


class BestFirst(Stepped, Generic[P]):
    """Best-first from ``start``, until a win, a heap run dry (no win) or
    ``max_positions`` positions found ("unknown")."""

    def __init__(self, start: P, *, max_positions: int):
        self.max_positions = max_positions
        self.tiebreak = count()  # first found, first taken among equals: positions never compare
        self.heap: list[tuple[float, int, int, bytes, P]] = []
        self.parents: dict[bytes, tuple[bytes | None, tuple[Move, ...]]] = {}
        self.verdict: Verdict | None = None
        self._push(start, None, (), 0)

    # ------------------------------------------------------------ what a game says
    def _successors(self, position: P) -> Iterable[tuple[tuple[Move, ...], P]]:
        """The positions one (macro) move from ``position``, each with its engine moves."""
        raise NotImplementedError

    def _value(self, position: P) -> float:
        """How promising ``position`` looks: higher is taken first."""
        raise NotImplementedError

    def _won(self, position: P) -> bool:
        raise NotImplementedError

    # ------------------------------------------------------------ the walk
    @property
    def positions(self) -> int:
        return len(self.parents)

    def _push(self, position: P, parent: bytes | None, moves: tuple[Move, ...], depth: int) -> None:
        key = position.key()
        if key in self.parents:
            return
        self.parents[key] = (parent, moves)
        priority = -self._value(position) + depth * DEPTH_COST
        heapq.heappush(self.heap, (priority, next(self.tiebreak), depth, key, position))

    def _advance(self) -> Verdict | None:
        while self.heap:
            _, _, depth, key, position = heapq.heappop(self.heap)
            for moves, after in self._successors(position):
                if self._won(after):
                    self.parents.setdefault(after.key(), (key, moves))
                    return self._finish(SOLVED, after.key())
                self._push(after, key, moves, depth + 1)
            if len(self.parents) >= self.max_positions:
                return self._finish(UNKNOWN, None, GaveUp.POSITIONS)
            if len(self.parents) >= self.pause_at:
                return None
        return self._finish(UNSOLVABLE, None)

    def _finish(self, status: Outcome, key: bytes | None, gave_up: GaveUp | None = None) -> Verdict:
        """The verdict, with the engine moves from the start to ``key`` (a win)."""
        lines = []
        while key is not None:
            key, moves = self.parents[key]
            lines.append(moves)
        moves_in_order = [move for moves in reversed(lines) for move in moves]
        self.heap.clear()
        return Verdict(status, moves_in_order, len(self.parents), self.seconds, gave_up)
