"""The solver core: the one search that every game family feeds.

A family (a subclass of ``Core``) says what only it knows, in five hooks:

- ``_successors(position)``: the positions one move away, each with the engine moves that
  reach it: a single move, or a macro move (Klondike's turns of the stock and then a waste
  card's move, a whole run moved as one). Moves that are always safe (a card no one can
  need going home) may be returned alone, and moves that lose no win may be left out.
- ``_key(position)``: a canonical key (hashable, usually ``bytes``), equal for positions
  the search may take as one because the same positions can be reached from them
  (columns that are interchangeable sorted, and so on).
- ``_won(position)``.
- ``_dead(position)``: True only where the position certainly cannot be won (a card
  buried under one it must go under, say); the search goes no further from there. By
  default nothing is dead.
- ``_value(position)``: how promising it looks, higher first; a strategy may name
  another weighting of the family's (``Strategy.value``).

and, where positions are large, ``_pack`` and ``_unpack`` to keep them waiting compactly
(``bytes``). Moves left out that may lose a win (a move "almost never worth trying") are
announced by setting ``self.pruned``: then running dry proves nothing.

The core owns the rest:

- **The position store**, shared by every strategy: each position found once, as its
  key and the serial of the position it was first found from; no moves are kept. A
  position costs its key and some 30 bytes; the budget of positions bounds the memory.
- **Strategies in turns** (``Strategy``): best-first walks, each with its own weighting
  and depth cost, and depth-first dives that try the most promising move first, taking
  turns of so many positions each, as Freecell Solver's soft threads do. Each walk marks
  the positions it has visited (a bit per walk and position in one ``bytearray``), so one
  walk's positions are not lost to another, and every walk is a complete search of its
  own.
- **Proof of loss**: a complete walk that runs dry has seen every position reachable from
  the start, so no win exists (unless the family set ``pruned``).
- **Lines**: a win is read back through the store as the keys from the start, and each
  step found again as the successor with the next key, from the start position as it was
  given (so a position waiting as its canonical key, columns sorted, still gives engine
  moves that name the right piles); the caller replays them through the rules. The walks'
  depth costs prefer the shorter line among equally promising ones.
- **Dead ends**: a walk asks ``_dead`` of a position when it takes it to expand it (many
  positions found are never taken), where its strategy says so (``Strategy.test_dead``);
  a dead position is marked, and no walk expands it again.
- **The budget**: positions visited, summed over the walks (each walk visits a position
  at most once); the answer never depends on the clock or on how the work is cut into
  steps (``verdict.Stepped``).
"""

from __future__ import annotations

import heapq
from array import array
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, TypeVar

from ..model.moves import Move
from .verdict import SOLVED, UNKNOWN, UNSOLVABLE, GaveUp, Outcome, Stepped, Verdict

__all__ = ["Core", "Strategy", "Walk"]

P = TypeVar("P")
Macro = tuple[Move, ...]

# How much worse a position looks to a best-first walk for each move that led there:
# among equally promising positions the shorter line comes first, and a walk does not
# dive without end. A family or a strategy may choose its own.
DEPTH_COST = 0.05
# The bit of a position's marks that says it is dead (the walks use the seven below).
DEAD = 0x80
MAX_WALKS = 7


class Walk(str, Enum):
    """How a strategy walks through the positions."""

    BEST_FIRST = "best-first"  # the most promising position anywhere next
    DIVE = "dive"  # depth-first, the most promising move of the deepest position first


@dataclass(frozen=True)
class Strategy:
    """One walk of a search: how it walks, how many positions it visits in its turn,
    which of the family's weightings it follows (the name of a method like ``_value``)
    and, best-first, its depth cost (None: the family's ``depth_cost``)."""

    walk: Walk = Walk.BEST_FIRST
    share: int = 1_000
    value: str = "_value"
    depth_cost: float | None = None
    test_dead: bool = True


class Core(Stepped, Generic[P]):
    """A search from ``start`` by the family's hooks and its ``strategies``, until a win,
    a complete walk run dry (no win) or ``max_positions`` positions visited ("unknown")."""

    strategies: tuple[Strategy, ...] = (Strategy(),)
    depth_cost = DEPTH_COST

    def __init__(self, start: P, *, max_positions: int):
        assert 0 < len(self.strategies) <= MAX_WALKS, "one to seven strategies"
        self.start = start  # the position searched from
        self.max_positions = max_positions
        self.verdict: Verdict | None = None
        self.pruned = False  # moves that may lose a win were left out: no proof
        # The store: key -> serial; per serial its key, its parent's serial and marks.
        self.serials: dict[Hashable, int] = {}
        self.keys: list[Hashable] = []
        self.parent = array("l")
        self.marks = bytearray()
        self.visits = 0
        self.walks = [
            _walk_for(self, strategy, bit) for bit, strategy in enumerate(self.strategies)
        ]
        self.turn = 0
        self.turn_end = self.walks[0].share
        root = self._store(self._key(start), -1)
        if self._won(start):
            self.verdict = self._finish(SOLVED, root)
            return
        for walk in self.walks:
            walk.begin(root, start)

    # ------------------------------------------------------------ what a family says
    def _successors(self, position: P) -> Iterable[tuple[Macro, P]]:
        """The positions one (macro) move from ``position``, each with its engine moves."""
        raise NotImplementedError

    def _value(self, position: P) -> float:
        """How promising ``position`` looks: higher is taken first."""
        raise NotImplementedError

    def _won(self, position: P) -> bool:
        raise NotImplementedError

    def _key(self, position: P) -> Hashable:
        raise NotImplementedError

    def _dead(self, position: P) -> bool:
        """True only where ``position`` certainly cannot be won."""
        return False

    def _pack(self, position: P) -> Any:
        """``position`` as it waits to be expanded (compact where the family can)."""
        return position

    def _unpack(self, packed: Any) -> P:
        return packed

    # ------------------------------------------------------------ the store
    @property
    def positions(self) -> int:
        return self.visits

    @property
    def stored(self) -> int:
        """Distinct positions in the store (what the memory holds)."""
        return len(self.serials)

    def _store(self, key: Hashable, parent: int) -> int:
        """The serial of a position found for the first time from ``parent``."""
        serial = len(self.keys)
        self.serials[key] = serial
        self.keys.append(key)
        self.parent.append(parent)
        self.marks.append(0)
        return serial

    def line_to(self, serial: int) -> list[Move]:
        """The engine moves from the start to the position ``serial``: each step the
        successor with the next key on the path, from the start as it was given."""
        path = []
        while serial > 0:
            path.append(self.keys[serial])
            serial = self.parent[serial]
        moves: list[Move] = []
        position = self.start
        for key in reversed(path):
            step = next(
                (macro, after)
                for macro, after in self._successors(position)
                if self._key(after) == key
            )
            moves.extend(step[0])
            position = step[1]
        return moves

    # ------------------------------------------------------------ the turns
    def _advance(self) -> Verdict | None:
        walks = self.walks
        while True:
            if self.visits >= self.max_positions:
                return self._finish(UNKNOWN, None, GaveUp.POSITIONS)
            if self.visits >= self.pause_at:
                return None
            walk = walks[self.turn]
            if walk.waiting():
                until = min(self.turn_end, self.pause_at, self.max_positions)
                won = walk.run(until)
                if won is not None:
                    return self._finish(SOLVED, won)
                if walk.waiting() and self.visits < self.turn_end:
                    continue  # paused within its turn
                if not walk.waiting() and walk.complete and not self.pruned:
                    return self._finish(UNSOLVABLE, None)
            elif not any(other.waiting() for other in walks):
                return self._finish(UNKNOWN, None, GaveUp.PRUNED)
            self.turn = (self.turn + 1) % len(walks)
            self.turn_end = self.visits + walks[self.turn].share

    def _finish(self, status: Outcome, won: int | None, gave_up: GaveUp | None = None) -> Verdict:
        """The verdict, with the engine moves from the start to ``won`` (a win); the walks'
        tables are let go."""
        moves = [] if won is None else self.line_to(won)
        for walk in self.walks:
            walk.clear()
        return Verdict(status, moves, self.visits, self.seconds, gave_up)


class _WalkBase:
    """What the two kinds of walk share: the core's hooks, read once."""

    def __init__(self, core: Core, strategy: Strategy, bit: int):
        self.core = core
        self.share = strategy.share
        self.bit = 1 << bit
        self.value: Callable[[Any], float] = getattr(core, strategy.value)
        self.complete = True
        self.test_dead = strategy.test_dead

    def begin(self, root: int, start: Any) -> None:
        raise NotImplementedError

    def waiting(self) -> bool:
        """Positions wait to be expanded."""
        raise NotImplementedError

    def run(self, until: int) -> int | None:
        """Expand positions until the core's visits reach ``until`` or none waits; the
        serial of a won position found, if one is."""
        raise NotImplementedError

    def clear(self) -> None:
        raise NotImplementedError

    def _children(self, serial: int, position: Any) -> tuple[list, int | None]:
        """The positions one move from ``position`` (unless it is dead) that this walk has
        not visited, each as (serial, position), marked visited and counted; or a won one."""
        core, bit = self.core, self.bit
        serials, marks, store = core.serials, core.marks, core._store
        fresh: list[tuple[int, Any]] = []
        if marks[serial] & DEAD or (self.test_dead and core._dead(position)):
            marks[serial] |= DEAD
            return fresh, None
        key_of, won = core._key, core._won
        for _, after in core._successors(position):
            key = key_of(after)
            child = serials.get(key)
            if child is None:
                child = store(key, serial)
                if won(after):
                    return fresh, child
            elif marks[child] & bit:
                continue
            marks[child] |= bit
            fresh.append((child, after))
        core.visits += len(fresh)
        return fresh, None


class _BestFirstWalk(_WalkBase):
    def __init__(self, core: Core, strategy: Strategy, bit: int):
        super().__init__(core, strategy, bit)
        cost = strategy.depth_cost
        self.depth_cost = core.depth_cost if cost is None else cost
        self.heap: list[tuple[float, int, int, Any]] = []

    def begin(self, root: int, start: Any) -> None:
        self.core.marks[root] |= self.bit
        self.core.visits += 1
        self.heap.append((-self.value(start), root, 0, self.core._pack(start)))

    def waiting(self) -> bool:
        return bool(self.heap)

    def run(self, until: int) -> int | None:
        core, heap, value, cost = self.core, self.heap, self.value, self.depth_cost
        pack, unpack, children = core._pack, core._unpack, self._children
        pop, push = heapq.heappop, heapq.heappush
        while heap and core.visits < until:
            _, serial, depth, packed = pop(heap)
            fresh, won = children(serial, unpack(packed))
            if won is not None:
                return won
            depth += 1
            for child, after in fresh:
                # the serial breaks ties: first found, first taken; positions never compare
                push(heap, (depth * cost - value(after), child, depth, pack(after)))
        return None

    def clear(self) -> None:
        self.heap.clear()


class _DiveWalk(_WalkBase):
    def __init__(self, core: Core, strategy: Strategy, bit: int):
        super().__init__(core, strategy, bit)
        self.stack: list[tuple[int, Any]] = []

    def begin(self, root: int, start: Any) -> None:
        self.core.marks[root] |= self.bit
        self.core.visits += 1
        self.stack.append((root, self.core._pack(start)))

    def waiting(self) -> bool:
        return bool(self.stack)

    def run(self, until: int) -> int | None:
        core, stack, value = self.core, self.stack, self.value
        pack, unpack, children = core._pack, core._unpack, self._children
        while stack and core.visits < until:
            serial, packed = stack.pop()
            fresh, won = children(serial, unpack(packed))
            if won is not None:
                return won
            # the most promising last, so it is expanded next (ties: first found first)
            ranked = sorted(range(len(fresh)), key=lambda at: (value(fresh[at][1]), -at))
            stack.extend((fresh[at][0], pack(fresh[at][1])) for at in ranked)
        return None

    def clear(self) -> None:
        self.stack.clear()


def _walk_for(core: Core, strategy: Strategy, bit: int) -> _WalkBase:
    walk = _DiveWalk if strategy.walk == Walk.DIVE else _BestFirstWalk
    return walk(core, strategy, bit)
