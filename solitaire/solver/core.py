"""The solver core: the one search that every game family feeds.

A family (a subclass of ``Core``) says what only it knows, in five hooks:

- ``_successors(position)``: the positions one move away, each with its move: a single
  move or a macro move (Klondike's turns of the stock and then a waste card's move, a
  whole run moved as one, a move and the safe cards it sends home), as engine moves or in
  a form of the family's own that ``_moves_of`` turns into engine moves. Moves that are
  always safe (a card no one can need going home) may be returned alone, and moves that
  lose no win may be left out.
- ``_key(position)``: a canonical key (hashable, usually ``bytes``), equal for positions
  the search may take as one because the same positions can be reached from them
  (interchangeable columns sorted, and so on).
- ``_won(position)``.
- ``_dead(position)``: True only where the position certainly cannot be won (a card
  buried under one it must go under, say); the search goes no further from there. By
  default nothing is dead.
- ``_value(position)``: how promising it looks, higher first; a strategy may name
  another weighting of the family's (``Strategy.value``).

Two hooks more, for a family that needs them:

- ``_covered(key, walk)`` (where ``covers``): whether a position this walk has visited
  already stands for the one of ``key``, new to the walk (its successors lead to all that
  that one's lead to: in Canfield, where a move turns the hand on first, a position whose
  talon pointer turning alone brings to the other's): then the walk leaves it out, as it
  leaves out a position it has visited. The family keeps what it needs to tell
  (the core asks it of each position new to a walk, the start too, and never again of
  it), each walk's apart, so that every walk stays a complete search of its own. A
  ``compact`` family's best-first walks do not ask it.
- ``Strategy.ordered`` False: a dive that takes the moves in the order the family gives
  them, the first given first, or the last where ``last_first`` (the family ranks its
  moves as it makes them, and no value is asked).
- ``Strategy.moves``: the name of another method like ``_successors`` that a strategy
  walks by (single moves where the others take macro moves, say). Lines are read back
  through each of the strategies' move methods in turn.

Announced by setting ``self.pruned``: moves were left out that may lose a win (a move
"almost never worth trying"); then running dry proves nothing. A strategy that is not
``complete`` says the same of its own walk alone (its moves leave some out), so that a
quick walk for wins may run beside a complete one that can still prove a loss.

The core owns the rest:

- **The position store**, shared by every strategy: each position found once, as its
  key and the serial of the position it was first found from; no moves are kept. A
  position costs its key and about 100 bytes (table entry, serial, parent, marks); the
  budget of positions bounds the memory.
- **Positions waiting to be expanded**: as the family's ``_pack`` makes them (the
  position itself by default). A family whose keys hold the whole position (``compact``)
  keeps none: a waiting position is its serial, rebuilt from its key by ``_unpack_key``
  when it is taken, and a best-first walk's queue entry is one int (its values are then
  whole numbers). A family whose key rebuilds a position but for a small whole number
  (``tag_bits`` of it: Spider's key sorts the columns, the tag says their places) keeps
  none in its walks by stages either: a waiting position is one int (priority, serial,
  depth and ``_tag``), rebuilt by ``_untag`` when it is taken, and the walk's weighting
  (``Strategy.value``) gives whole numbers.
- **Strategies in turns** (``Strategy``): best-first walks, each with its own weighting
  and depth cost, and depth-first dives that try the most promising move first (among
  equals the smaller key: a dive needs keys that order, such as ``bytes``), taking
  turns of so many positions expanded each, as Freecell Solver's soft threads do
  (``_next_turn`` may choose the turns otherwise). Each walk marks the positions it has
  visited (a bit per walk and position in one ``bytearray``; two bytes a position where
  more than six walk), so one walk's positions are not lost to another, and every walk
  is a complete search of its own. Of positions
  of equal promise a best-first walk takes first the one the store found first, by
  whichever walk; a family whose weightings tie often may ask for each walk's own order
  (``ties_in_walk_order``), so that one walk's path does not turn on another's finds.
- **One frontier, several weightings** (``Walk.QUEUES``, compact families): a walk
  whose strategy's weighting gives a tuple of values, one per queue; every position it
  finds goes into every queue, and the queues take turns (``Strategy.rotation``) at giving
  their best position not expanded yet, so each is expanded once, by whichever queue gives
  it first. One weighting often wins a deal in a few thousand positions that another
  needs a hundred thousand for. The queues are buckets of serials by priority (a whole
  number), first found first among equals: four bytes a position and queue.
- **Proof of loss**: a complete walk that runs dry has seen every position reachable from
  the start, so no win exists (unless the family set ``pruned``).
- **Dead ends**: a walk asks ``_dead`` of a position when it takes it to expand it (many
  positions found are never taken), where its strategy says so (``Strategy.test_dead``)
  and, for a family that tells (``tests_by_move``), only where the move to it could have
  made it dead (``_worth_testing``); a dead position is marked, and no walk expands it.
- **Moves kept, where a family asks**: a family that sets ``macros`` (a list, or an
  ``array`` where its moves are small ints) holding an entry for the start has the move
  that first found each position appended to it, by serial; it may then read its lines
  from them (its own ``line_to``) instead of finding each step again.
- **Lines**: a win is read back through the store as the keys from the start, and each
  step found again as the successor with the next key, from the start position as it was
  given (so a position rebuilt from its canonical key, columns sorted, still gives engine
  moves that name the right piles); the caller replays them through the rules. This asks
  of a family that positions with equal keys have successors with equal keys (a choice
  among equals, such as which safe card goes home first, made by the cards, not by the
  order of the columns). The walks' depth costs prefer the shorter line among equally
  promising ones. A family that asks for it (``shorten_over``) has a long win walked to again,
  breadth-first from the start through the positions the walk that found it went through
  (a dive's line may wander for thousands of moves): the line is then the shortest among
  them. That walk's positions count as visited, and it pauses like the others; it looks
  at no position twice, so it ends within the positions already found.
- **The budget**: positions visited, summed over the walks (each walk visits a position
  at most once); the answer never depends on the clock or on how the work is cut into
  steps (``verdict.Stepped``).

Speed (2026-11-29): the core's own share of a search, sampled on tuning deals, is some
6 % (Klondike), 11 % (Yukon), 12 % (Canfield), 13 % (Baker's Dozen), 22 % (The Prince),
23 % (Beleaguered Castle) and 24 % (Spider, its positions made cheaper: 14 % before);
the rest is the family's hooks. A family of hooks that do nothing (positions a random
graph of ints) runs 1.4-2.5 microseconds a position on this machine, mostly the store's
dict look-up and the heap: the floor of the walks' loops, so no change of the core alone
buys a family more than its share. A walk reads the core's tables and hooks once a run,
counts its positions in a local, and a dive ranks its children without a key function:
the same positions, Canfield some 7 % faster, Gypsy 5 %, Scorpion, Yukon and Klondike
2-3 %, the others up to 2 %. Tried and not kept: the store's look-up and insertion as one
``dict.setdefault`` (its hit costs what ``get`` costs, its miss no less); a walk of
several queues passing over the positions another queue expanded in a tighter loop
(Beleaguered Castle the same to 1 %); the default ``_dead`` not asked (Spider and Mod3
the same to 1 %).
"""

from __future__ import annotations

import heapq
import itertools
import weakref
from array import array
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, TypeVar

from ..model.moves import Move
from .verdict import SOLVED, UNKNOWN, UNSOLVABLE, GaveUp, Outcome, Stepped, Verdict

__all__ = ["Core", "Strategy", "Walk", "best_of"]

P = TypeVar("P")
Macro = tuple[Any, ...]  # one (macro) move, as the family writes it

# How much worse a position looks to a best-first walk for each move that led there:
# among equally promising positions the shorter line comes first, and a walk does not
# dive without end. A family or a strategy may choose its own.
DEPTH_COST = 0.05
# A position's marks: a bit per walk that has visited it (the low six), whether the move
# that found it may have made it dead, and whether it is dead: one byte a position. A
# search of more walks keeps two bytes a position (``WIDE_MARKS``), its seventh walk on
# and their bits above DEAD, so that TEST and DEAD stay where they are and a search of
# six walks or fewer keeps its one byte.
MAX_WALKS = 6
TEST = 0x40
DEAD = 0x80
WIDE_MAX_WALKS = 14
WIDE_MARKS = "H"  # the ``array`` type of a wide search's marks
# A compact best-first walk's queue entry: ((priority << 32 | serial) << 10 | depth), the
# priority a whole number made non-negative by VALUE_OFFSET (a compact family's values
# lie within it), the depth kept up to DEEPEST (deeper positions cost no more).
VALUE_OFFSET = 1 << 24
SERIAL_BITS = 32
DEPTH_BITS = 10
DEEPEST = (1 << DEPTH_BITS) - 1
SERIAL_MASK = (1 << SERIAL_BITS) - 1
# The same for a walk by stages of a tagged family (``Core.tag_bits``), whose values may
# be larger and whose lines deeper.
TAGGED_OFFSET = 1 << 40
TAGGED_DEPTH_BITS = 16
TAGGED_DEEPEST = (1 << TAGGED_DEPTH_BITS) - 1


def best_of(successors: list, count: int, value: Callable[[Any], Any]) -> list:
    """Of ``successors`` ((move, position) pairs), the ``count`` whose positions ``value``
    finds best, the first made among equals: the moves of a narrow walk (a strategy that
    is not ``complete``: what it leaves out may lose a win)."""
    if len(successors) <= count:
        return successors
    return heapq.nlargest(count, successors, key=lambda successor: value(successor[1]))


class Walk(str, Enum):
    """How a strategy walks through the positions."""

    BEST_FIRST = "best-first"  # the most promising position anywhere next
    DIVE = "dive"  # depth-first, the most promising move of the deepest position first
    QUEUES = "queues"  # several weightings, one frontier: each position expanded once


@dataclass(frozen=True)
class Strategy:
    """One walk of a search: how it walks, how many positions it expands in its turn,
    which of the family's weightings it follows (the name of a method like ``_value``),
    best-first its depth cost (None: the family's ``depth_cost``), whether it leaves
    out dead positions (a test that pays in memory more than in time), and whether it
    takes its positions stage by stage (``allowance``). A dive that is not ``ordered``
    tries the moves in the family's order, the first first (no weighting asked). A walk of
    several queues (``Walk.QUEUES``) takes its next position from the queue ``rotation``
    names, in turn; its weighting gives one whole-number value per queue. A walk may make
    moves of its own (``moves``: the name of a method like ``_successors``: part of what
    that gives, then it is complete only if that part loses no win; or single moves where
    the others take macro moves); lines are read back through each walk's moves."""

    walk: Walk = Walk.BEST_FIRST
    share: int = 200
    value: str = "_value"
    depth_cost: float | None = None
    test_dead: bool = True
    # Best-first by stages (``Core._stage``), so many positions from one at a time: None
    # for one queue of all.
    allowance: int | None = None
    ordered: bool = True
    # With ``ordered`` False: the last move the family gives is taken next, not the first
    # (a family that gives its most promising move last).
    last_first: bool = False
    rotation: tuple[int, ...] = ()
    moves: str = "_successors"
    # False for a walk whose moves leave out some that may lose a win (a quick walk for
    # wins beside a complete one): its running dry proves nothing, and the family need not
    # set ``pruned`` for it, so the other walks still prove a loss when they run dry.
    complete: bool = True


class Core(Stepped, Generic[P]):
    """A search from ``start`` by the family's hooks and its ``strategies``, until a win,
    a complete walk run dry (no win) or ``max_positions`` positions visited ("unknown")."""

    strategies: tuple[Strategy, ...] = (Strategy(),)
    depth_cost: float = DEPTH_COST
    compact = False  # keys rebuild positions (``_unpack_key``) and values are whole numbers
    tests_by_move = False  # ``_worth_testing`` says which positions may be dead
    # A win whose line from the start has more steps than this is walked to again, the
    # shortest way (``_Shortening``); None: never.
    shorten_over: int | None = None
    # Per serial the move that first found the position, where the family sets it (see
    # the notes); None: no moves are kept.
    macros: Any = None
    covers = False  # ``_covered`` says which positions others visited stand for
    # A plain best-first walk takes positions of equal promise in the order the store
    # found them, by whichever walk; True: in the order it found them itself, so that a
    # walk's path does not turn on what the others found first.
    ties_in_walk_order = False
    # Bits of the tag that, with the key, rebuilds a position (``_tag``, ``_untag``) for
    # the walks by stages; 0: they keep the packed positions.
    tag_bits = 0

    def __init__(self, start: P, *, max_positions: int):
        assert 0 < len(self.strategies) <= WIDE_MAX_WALKS, "one to fourteen strategies"
        assert not (self.covers and self.compact), "compact walks do not ask _covered"
        self.start = start  # the position searched from, as it was given
        self.max_positions = max_positions
        self.verdict: Verdict | None = None
        self.pruned = False  # moves that may lose a win were left out: no proof
        # The store: key -> serial; per serial its key, its parent's serial and marks.
        self.serials: dict[Hashable, int] = {}
        self.keys: list[Hashable] = []
        self.parent = array("i")  # (no search keeps 2**31 positions)
        self.marks: bytearray | array = (
            bytearray() if len(self.strategies) <= MAX_WALKS else array(WIDE_MARKS)
        )
        self.visits = 0
        self.walks = [
            _walk_for(self, strategy, bit) for bit, strategy in enumerate(self.strategies)
        ]
        self.turns = 0  # turns begun
        self.turn = 0  # the walk whose turn it is
        self.turn_left = 0  # positions it may still expand in its turn
        self.won_by: int | None = None  # the walk that found the win
        self.shortening: _Shortening | None = None  # once a long win is found
        root = self._store(self._key(start), -1)
        self.marks[root] = TEST
        if self._won(start):
            self.verdict = self._finish(SOLVED, root)
            return
        for walk in self.walks:
            walk.begin(root, start)
        self.turn, self.turn_left = self._next_turn()

    # ------------------------------------------------------------ what a family says
    def _successors(self, position: P) -> Iterable[tuple[Macro, P]]:
        """The positions one (macro) move from ``position``, each with its move."""
        raise NotImplementedError

    def _value(self, position: P) -> float:
        """How promising ``position`` looks: higher is taken first."""
        raise NotImplementedError

    def _won(self, position: P) -> bool:
        raise NotImplementedError

    def _key(self, position: P) -> Hashable:
        raise NotImplementedError

    def _covered(self, key: Hashable, walk: int) -> bool:
        """Whether a position the walk ``walk`` (its bit) has visited stands for the one of
        ``key``, new to that walk; if not, the family records it as visited by the walk
        (asked where ``covers``)."""
        return False

    def _dead(self, position: P) -> bool:
        """True only where ``position`` certainly cannot be won."""
        return False

    def _stage(self, position: P) -> int:
        """The stage of a position, for a walk by stages (``Strategy.allowance``): its
        positions are compared with those of their own stage only, and the stages are
        taken from the highest down, an allowance each, round after round (Spider's rows
        still in the stock)."""
        return 0

    def _worth_testing(self, macro: Macro) -> bool:
        """Whether the position a move leads to may be dead (asked where
        ``tests_by_move``, when the position is first found)."""
        return True

    def _moves_of(self, macro: Macro) -> list[Move]:
        """A (macro) move of ``_successors`` as engine moves."""
        return list(macro)

    def _pack(self, position: P) -> Any:
        """``position`` as it waits to be expanded (where the family is not ``compact``)."""
        return position

    def _unpack(self, packed: Any) -> P:
        return packed

    def _unpack_key(self, key: Any) -> P:
        """The position a key stands for (a ``compact`` family's keys hold it whole)."""
        raise NotImplementedError

    def _tag(self, position: P) -> int:
        """The whole number below ``1 << tag_bits`` that rebuilds ``position`` from its key
        (asked where ``tag_bits``, of a position new to a walk, right after its ``_key``
        and before its value: a family may keep what that worked out)."""
        raise NotImplementedError

    def _untag(self, key: Any, tag: int) -> P:
        """The position of ``key`` and ``tag`` (``_tag``)."""
        raise NotImplementedError

    def _next_turn(self) -> tuple[int, int]:
        """Whose turn is next (an index into ``walks``) and how many positions it may
        expand in it: by default each strategy in turn, its ``share``."""
        turn = self.turns % len(self.walks)
        self.turns += 1
        return turn, self.strategies[turn].share

    # ------------------------------------------------------------ the store
    @property
    def positions(self) -> int:
        return self.visits

    def _store(self, key: Hashable, parent: int) -> int:
        """The serial of a position found for the first time from ``parent``."""
        serial = len(self.keys)
        self.serials[key] = serial
        self.keys.append(key)
        self.parent.append(parent)
        self.marks.append(0)
        return serial

    def line_to(self, serial: int) -> list[Move]:
        """The engine moves from the start to the position ``serial``: each step a
        successor with the next key on the path, from the start as it was given. Where
        several successors have that key (equal positions, columns in another order) and
        one of them leads no further along the path, the next one is tried."""
        path: list[Hashable] = []
        while serial > 0:
            path.append(self.keys[serial])
            serial = self.parent[serial]
        path.reverse()
        chosen: list[tuple[Macro, P]] = []
        choices = [self._matching(self.start, path[0])] if path else []
        while len(chosen) < len(path):
            step = next(choices[-1], None)
            if step is None:
                choices.pop()
                assert chosen, "a path of the store is a line of moves"
                chosen.pop()
                continue
            chosen.append(step)
            if len(chosen) < len(path):
                choices.append(self._matching(step[1], path[len(chosen)]))
        return [move for macro, _ in chosen for move in self._moves_of(macro)]

    def _steps(self, serial: int) -> int:
        """The steps of the store's line from the start to ``serial``."""
        steps = 0
        while serial > 0:
            serial = self.parent[serial]
            steps += 1
        return steps

    def _matching(self, position: P, key: Hashable) -> Iterator[tuple[Macro, P]]:
        """The successors of ``position`` with ``key``: each walk's moves in the order of
        the strategies, a walk's made only once those of the walks before it are gone
        through (a line read back seldom needs more than the first's, and making every
        walk's moves at every step had cost over half the time of quick wins)."""
        for name in dict.fromkeys(strategy.moves for strategy in self.strategies):
            yield from [
                (macro, after)
                for macro, after in getattr(self, name)(position)
                if self._key(after) == key
            ]

    # ------------------------------------------------------------ the turns
    def _advance(self) -> Verdict | None:
        walks = self.walks
        while True:
            if self.shortening is not None:
                won = self.shortening.run(self.pause_at)
                return None if won is None else self._finish(SOLVED, won)
            if self.visits >= self.max_positions:
                return self._finish(UNKNOWN, None, GaveUp.POSITIONS)
            if self.visits >= self.pause_at:
                return None
            walk = walks[self.turn]
            if walk.waiting():
                until = min(self.pause_at, self.max_positions)
                won, expanded = walk.run(until, self.turn_left)
                if won is not None:
                    self.won_by = self.turn
                    if self.shorten_over is None or self._steps(won) <= self.shorten_over:
                        return self._finish(SOLVED, won)
                    for other in walks:
                        other.clear()  # (what a walk went through is kept)
                    # (a shortened line's steps are not the moves that first found them)
                    assert self.macros is None, "lines from kept moves are not shortened"
                    self.shortening = _Shortening(self, walk, won)
                    continue
                self.turn_left -= expanded
                if not walk.waiting():
                    # This walk tried every move the family gives (none left out, by it
                    # or by the family for every walk).
                    if not self.pruned and self.strategies[self.turn].complete:
                        return self._finish(UNSOLVABLE, None)
                elif self.turn_left > 0:
                    continue  # paused within its turn
            elif not any(other.waiting() for other in walks):
                return self._finish(UNKNOWN, None, GaveUp.PRUNED)
            self.turn, self.turn_left = self._next_turn()

    def _finish(self, status: Outcome, won: int | None, gave_up: GaveUp | None = None) -> Verdict:
        """The verdict, with the engine moves from the start to ``won`` (a win); the walks'
        queues and the store's table of serials are let go (the core and its walks refer
        to each other, so the search itself waits for the cycle collector, and a worker or
        a bench would hold two or three tables at once)."""
        moves = [] if won is None else self.line_to(won)
        for walk in self.walks:
            walk.clear()
        self.shortening = None
        self.serials = {}
        return Verdict(status, moves, self.visits, self.seconds, gave_up)


class _WalkBase:
    """What every walk shares: the core's hooks read once, its positions visited, and
    how a position taken is expanded."""

    def __init__(self, core: Core, strategy: Strategy, bit: int):
        # The core by a weak reference, its hooks by name: a walk that held the core would
        # make a cycle with it, and a search dropped unfinished (a bench's, a worker's)
        # would keep its store until the cycle collector came by.
        self.core: Core = weakref.proxy(core)
        self.bit = _walk_bit(bit)
        self.value_name, self.moves_name = strategy.value, strategy.moves
        self.test_dead = strategy.test_dead
        self.visits = 0  # positions this walk has visited
        # Whether the family packs its waiting positions: else they wait as they are, and
        # the walks call no hook that gives back what it was given.
        self.packs = type(core)._pack is not Core._pack
        self.unpacks = type(core)._unpack is not Core._unpack

    @property
    def value(self) -> Callable[[Any], Any]:
        """The family's weighting this walk follows."""
        return getattr(self.core, self.value_name)

    @property
    def successors(self) -> Callable[[Any], Iterable]:
        """The family's moves this walk makes."""
        return getattr(self.core, self.moves_name)

    def begin(self, root: int, start: Any) -> None:
        raise NotImplementedError

    def waiting(self) -> bool:
        """Positions wait to be expanded."""
        raise NotImplementedError

    def run(self, until: int, most: int) -> tuple[int | None, int]:
        """Expand up to ``most`` positions, until the core's visits reach ``until`` or none
        waits: the serial of a won position found (or None), and the positions expanded."""
        raise NotImplementedError

    def clear(self) -> None:
        raise NotImplementedError

    def went_through(self) -> tuple[bytearray | array, int]:
        """The positions a line this walk found may pass through: by serial, those whose
        entry here has the bits given (the positions it visited)."""
        return self.core.marks, self.bit

    def _visit_root(self, root: int) -> None:
        if self.core.covers:
            self.core._covered(self.core.keys[root], self.bit)  # recorded: it covers others
        self.core.marks[root] |= self.bit
        self.core.visits += 1
        self.visits += 1

    def _expander(self) -> Callable[[int, Any], tuple[list, int | None]]:
        """``children(serial, position)`` for one run: the positions one move from
        ``position`` (unless it is dead) that this walk has not visited, each as (serial,
        position), marked visited; or a won one. The core's tables and hooks are read once
        a run, not once a position taken (each read goes through the weak reference); the
        caller counts the positions visited (``len`` of the first, unless a win)."""
        core, bit, test_dead = self.core, self.bit, self.test_dead
        serials, keys, marks, parent = core.serials, core.keys, core.marks, core.parent
        find, add_key, add_parent, add_mark = serials.get, keys.append, parent.append, marks.append
        key_of, won, dead, successors = core._key, core._won, core._dead, self.successors
        worth_testing = core._worth_testing if core.tests_by_move else None
        macros = core.macros
        add_macro = None if macros is None else macros.append
        covered = core._covered if core.covers else None

        def children(serial: int, position: Any) -> tuple[list, int | None]:
            fresh: list[tuple[int, Any]] = []
            mark = marks[serial]
            if mark & DEAD or (mark & TEST and test_dead and dead(position)):
                marks[serial] |= DEAD
                return fresh, None
            for macro, after in successors(position):
                key = key_of(after)
                child = find(key)
                if child is None:  # new to the store (as ``Core._store``, spelt out: faster)
                    if covered is not None and covered(key, bit):
                        continue
                    child = serials[key] = len(keys)
                    add_key(key)
                    add_parent(serial)
                    if add_macro is not None:
                        add_macro(macro)
                    if won(after):
                        add_mark(0)
                        return fresh, child
                    if worth_testing is None or worth_testing(macro):
                        add_mark(TEST | bit)
                    else:
                        add_mark(bit)
                elif marks[child] & bit or (covered is not None and covered(key, bit)):
                    continue
                else:
                    marks[child] |= bit
                fresh.append((child, after))
            return fresh, None

        return children

    def _counted(self, before: int, visited: int) -> None:
        """A run's visits, counted in a local from the core's ``before``, told the core
        (which the run keeps as it goes) and added to the walk's."""
        self.core.visits = visited
        self.visits += visited - before


class _BestFirstWalk(_WalkBase):
    """The most promising position first: a heap of (priority, tie, depth, packed
    position), the priority the position's value less the depth cost of the moves to it;
    equal priorities go by the tie: the serial (first found by any walk, first taken) or,
    where the family asks (``Core.ties_in_walk_order``), the count of positions this walk
    had found before it, above the serial's bits (the serial is the tie's low bits)."""

    def __init__(self, core: Core, strategy: Strategy, bit: int):
        super().__init__(core, strategy, bit)
        cost = strategy.depth_cost
        self.depth_cost = core.depth_cost if cost is None else cost
        self.heap: list = []
        self.found = itertools.count() if core.ties_in_walk_order else None

    def begin(self, root: int, start: Any) -> None:
        self._visit_root(root)
        tie = root if self.found is None else next(self.found) << SERIAL_BITS | root
        self.heap.append((-self.value(start), tie, 0, self.core._pack(start)))

    def waiting(self) -> bool:
        return bool(self.heap)

    def run(self, until: int, most: int) -> tuple[int | None, int]:
        core, heap, value, cost = self.core, self.heap, self.value, self.depth_cost
        pack, unpack, packs, unpacks = core._pack, core._unpack, self.packs, self.unpacks
        children, found = self._expander(), self.found
        pop, push = heapq.heappop, heapq.heappush
        expanded = 0
        visited = before = core.visits
        while heap and expanded < most and visited < until:
            _, tie, depth, packed = pop(heap)
            expanded += 1
            fresh, won = children(tie & SERIAL_MASK, unpack(packed) if unpacks else packed)
            if won is not None:
                self._counted(before, visited)
                return won, expanded
            visited += len(fresh)
            core.visits = visited  # (as the positions are counted, for a hook that asks)
            depth += 1
            for child, after in fresh:
                # the tie, unique, settles equal priorities: positions never compare
                tie = child if found is None else next(found) << SERIAL_BITS | child
                push(
                    heap, (depth * cost - value(after), tie, depth, pack(after) if packs else after)
                )
        self._counted(before, visited)
        return None, expanded

    def clear(self) -> None:
        self.heap.clear()


class _CompactBestFirstWalk(_BestFirstWalk):
    """A compact family's best-first walk: a queue entry is one int (the priority, the
    serial, the depth), and a position is rebuilt from its key when it is taken."""

    def begin(self, root: int, start: Any) -> None:
        self._visit_root(root)
        self.heap.append(
            (VALUE_OFFSET - self.value(start)) << SERIAL_BITS + DEPTH_BITS | root << DEPTH_BITS
        )

    def run(self, until: int, most: int) -> tuple[int | None, int]:
        # ``_expander``'s children spelt out, each new position queued as it is found: this
        # loop is where the compact families spend their time.
        core, heap, value, cost, bit = (
            self.core,
            self.heap,
            self.value,
            int(self.depth_cost),
            self.bit,
        )
        serials, keys, marks, parent = core.serials, core.keys, core.marks, core.parent
        unpack, successors, key_of, won, dead = (
            core._unpack_key,
            self.successors,
            core._key,
            core._won,
            core._dead,
        )
        worth_testing = core._worth_testing if core.tests_by_move else None
        macros = core.macros
        find, add_key, add_parent, add_mark = serials.get, keys.append, parent.append, marks.append
        add_macro = None if macros is None else macros.append
        test_dead = self.test_dead
        pop, push = heapq.heappop, heapq.heappush
        expanded = 0
        visited = before = core.visits
        while heap and expanded < most and visited < until:
            entry = pop(heap)
            serial = entry >> DEPTH_BITS & SERIAL_MASK
            expanded += 1
            position = unpack(keys[serial])
            mark = marks[serial]
            if mark & DEAD or (mark & TEST and test_dead and dead(position)):
                marks[serial] = mark | DEAD
                continue
            depth = (entry & DEEPEST) + 1
            low = min(DEEPEST, depth)
            base = VALUE_OFFSET + depth * cost
            for macro, after in successors(position):
                key = key_of(after)
                child = find(key)
                if child is None:
                    child = serials[key] = len(keys)
                    add_key(key)
                    add_parent(serial)
                    if add_macro is not None:
                        add_macro(macro)
                    if won(after):
                        add_mark(0)
                        self._counted(before, visited)
                        return child, expanded
                    if worth_testing is None or worth_testing(macro):
                        add_mark(TEST | bit)
                    else:
                        add_mark(bit)
                elif marks[child] & bit:
                    continue
                else:
                    marks[child] |= bit
                visited += 1
                push(heap, ((base - value(after)) << SERIAL_BITS | child) << DEPTH_BITS | low)
            core.visits = visited  # (as the positions are counted, for a hook that asks)
        self._counted(before, visited)
        return None, expanded


class _StagedBestFirstWalk(_BestFirstWalk):
    """Best-first within stages (``Core._stage``): a heap per stage, and positions taken
    from one stage for its allowance, then from the next lower one that has any, down to
    the last; then a new round from the highest, each with a fresh allowance. One heap for
    all would compare positions a stage apart (in Spider a row dealt brings cheap joins,
    and the walk deals every row before it has sorted any)."""

    def __init__(self, core: Core, strategy: Strategy, bit: int):
        super().__init__(core, strategy, bit)
        assert strategy.allowance is not None, "a walk by stages has an allowance"
        self.allowance = strategy.allowance
        self.heaps: dict[int, list] = {}
        self.left: dict[int, int] = {}  # stage -> positions it may still give this round
        self.stage = 0

    def begin(self, root: int, start: Any) -> None:
        self._visit_root(root)
        self.stage = self.core._stage(start)
        self.heaps[self.stage] = [(-self.value(start), root, 0, self.core._pack(start))]

    def waiting(self) -> bool:
        return any(self.heaps.values())

    def _take_stage(self) -> int | None:
        """The stage the next position is taken from, its allowance counted down (None:
        no position waits). ``_next_stage``'s first answer is read here without a call:
        the current stage, while it has positions and allowance left."""
        stage, heaps, left = self.stage, self.heaps, self.left
        if not (heaps.get(stage) and left.get(stage, self.allowance) > 0):
            if not self.waiting():
                return None
            stage = self._next_stage()
        left[stage] = left.get(stage, self.allowance) - 1
        return stage

    def _next_stage(self) -> int:
        """The stage to take from (some heap has positions): the current one while it has
        allowance and positions, else the next lower one that has both, else a new round
        from the highest stage with positions."""
        heaps, left = self.heaps, self.left
        if heaps.get(self.stage) and left.get(self.stage, self.allowance) > 0:
            return self.stage
        lower = [
            stage
            for stage, heap in heaps.items()
            if heap and stage < self.stage and left.get(stage, self.allowance) > 0
        ]
        if lower:
            self.stage = max(lower)
        else:
            left.clear()
            self.stage = max(stage for stage, heap in heaps.items() if heap)
        return self.stage

    def run(self, until: int, most: int) -> tuple[int | None, int]:
        core, heaps, value, cost = self.core, self.heaps, self.value, self.depth_cost
        pack, unpack, packs, unpacks = core._pack, core._unpack, self.packs, self.unpacks
        children, stage_of = self._expander(), core._stage
        pop, push = heapq.heappop, heapq.heappush
        expanded = 0
        visited = before = core.visits
        while expanded < most and visited < until:
            stage = self._take_stage()
            if stage is None:
                break
            _, serial, depth, packed = pop(heaps[stage])
            expanded += 1
            fresh, won = children(serial, unpack(packed) if unpacks else packed)
            if won is not None:
                self._counted(before, visited)
                return won, expanded
            visited += len(fresh)
            core.visits = visited  # (as the positions are counted, for a hook that asks)
            depth += 1
            for child, after in fresh:
                heap = heaps.setdefault(stage_of(after), [])
                push(
                    heap,
                    (depth * cost - value(after), child, depth, pack(after) if packs else after),
                )
        self._counted(before, visited)
        return None, expanded

    def clear(self) -> None:
        self.heaps.clear()


class _TaggedStagedWalk(_StagedBestFirstWalk):
    """A walk by stages for a family whose key and a tag rebuild a position (``tag_bits``):
    a heap entry is one int, ((priority << 32 | serial) << 16 | depth) << tag_bits | tag,
    the priority a whole number made non-negative by TAGGED_OFFSET, the depth kept up to
    TAGGED_DEEPEST (deeper positions cost no more). A position waiting so costs an int of
    some 50 bytes where a tuple of it, its value, serial and depth cost some 300."""

    def __init__(self, core: Core, strategy: Strategy, bit: int):
        super().__init__(core, strategy, bit)
        self.depth_cost = int(self.depth_cost)
        self.tag_bits = core.tag_bits

    def begin(self, root: int, start: Any) -> None:
        self._visit_root(root)
        self.stage = self.core._stage(start)
        self.core._key(start)
        tag = self.core._tag(start)
        priority = TAGGED_OFFSET - self.value(start)
        self.heaps[self.stage] = [
            ((priority << SERIAL_BITS | root) << TAGGED_DEPTH_BITS) << self.tag_bits | tag
        ]

    def run(self, until: int, most: int) -> tuple[int | None, int]:
        # ``_expander``'s children spelt out, each new position queued as it is found: this
        # loop is where the family spends its time.
        core, heaps, value, cost, bit, tag_bits = (
            self.core,
            self.heaps,
            self.value,
            self.depth_cost,
            self.bit,
            self.tag_bits,
        )
        serials, keys, marks, parent = core.serials, core.keys, core.marks, core.parent
        untag, successors, key_of, tag_of, won, dead, stage_of = (
            core._untag,
            self.successors,
            core._key,
            core._tag,
            core._won,
            core._dead,
            core._stage,
        )
        worth_testing = core._worth_testing if core.tests_by_move else None
        macros = core.macros
        find, add_key, add_parent, add_mark = serials.get, keys.append, parent.append, marks.append
        add_macro = None if macros is None else macros.append
        test_dead = self.test_dead
        tag_mask = (1 << tag_bits) - 1
        # the entry's fields by their shifts (see the class notes), each shifted once
        serial_shift = tag_bits + TAGGED_DEPTH_BITS
        priority_shift = serial_shift + SERIAL_BITS
        pop, push = heapq.heappop, heapq.heappush
        expanded = 0
        visited = before = core.visits
        while expanded < most and visited < until:
            stage = self._take_stage()
            if stage is None:
                break
            entry = pop(heaps[stage])
            expanded += 1
            serial = entry >> serial_shift & SERIAL_MASK
            position = untag(keys[serial], entry & tag_mask)
            mark = marks[serial]
            if mark & DEAD or (mark & TEST and test_dead and dead(position)):
                marks[serial] = mark | DEAD
                continue
            depth = (entry >> tag_bits & TAGGED_DEEPEST) + 1
            low = min(TAGGED_DEEPEST, depth) << tag_bits
            base = TAGGED_OFFSET + depth * cost
            for macro, after in successors(position):
                key = key_of(after)
                child = find(key)
                if child is None:
                    child = serials[key] = len(keys)
                    add_key(key)
                    add_parent(serial)
                    if add_macro is not None:
                        add_macro(macro)
                    if won(after):
                        add_mark(0)
                        self._counted(before, visited)
                        return child, expanded
                    if worth_testing is None or worth_testing(macro):
                        add_mark(TEST | bit)
                    else:
                        add_mark(bit)
                elif marks[child] & bit:
                    continue
                else:
                    marks[child] |= bit
                visited += 1
                tag = tag_of(after)
                at = stage_of(after)  # (a family's stage is the position's alone)
                heap = heaps.get(at)
                if heap is None:
                    heap = heaps[at] = []
                priority = base - value(after)
                push(heap, priority << priority_shift | child << serial_shift | low | tag)
            core.visits = visited  # (as the positions are counted, for a hook that asks)
        self._counted(before, visited)
        return None, expanded


class _DiveWalk(_WalkBase):
    """Depth-first: the children of the position taken go on a stack, the most promising
    on top, so the deepest line is followed first, its best move first."""

    def __init__(self, core: Core, strategy: Strategy, bit: int):
        super().__init__(core, strategy, bit)
        self.stack: list = []
        self.compact = core.compact
        self.ordered = strategy.ordered
        self.last_first = strategy.last_first

    def begin(self, root: int, start: Any) -> None:
        self._visit_root(root)
        self.stack.append(root if self.compact else (root, self.core._pack(start)))

    def waiting(self) -> bool:
        return bool(self.stack)

    def run(self, until: int, most: int) -> tuple[int | None, int]:
        core, stack, value, compact = self.core, self.stack, self.value, self.compact
        keys, unpack_key = core.keys, core._unpack_key
        pack, unpack, packs, unpacks = core._pack, core._unpack, self.packs, self.unpacks
        children, ordered, last_first = self._expander(), self.ordered, self.last_first
        pop, extend = stack.pop, stack.extend
        expanded = 0
        visited = before = core.visits
        while stack and expanded < most and visited < until:
            if compact:
                serial = pop()
                position = unpack_key(keys[serial])
            else:
                serial, position = pop()
                if unpacks:
                    position = unpack(position)
            expanded += 1
            fresh, won = children(serial, position)
            if won is not None:
                self._counted(before, visited)
                return won, expanded
            visited += len(fresh)
            core.visits = visited  # (as the positions are counted, for a hook that asks)
            if not ordered:  # the family's order: the first move given is taken next
                if not last_first:
                    fresh.reverse()
                if compact:
                    extend([child for child, _ in fresh])
                elif packs:
                    extend([(child, pack(after)) for child, after in fresh])
                else:
                    extend(fresh)
                continue
            # the most promising on top, so that it is taken next (ties: the smaller key
            # first, whatever order the moves were generated in). The entries compare by
            # value and key alone: the children's keys differ (each is a position new to
            # the walk), so the comparison never reaches the serial or the position.
            ranked = sorted(
                [(-value(after), keys[child], child, after) for child, after in fresh],
                reverse=True,
            )
            if compact:
                extend([child for _, _, child, _ in ranked])
            elif packs:
                extend([(child, pack(after)) for _, _, child, after in ranked])
            else:
                extend([(child, after) for _, _, child, after in ranked])
        self._counted(before, visited)
        return None, expanded

    def clear(self) -> None:
        self.stack.clear()


class _QueuesWalk(_WalkBase):
    """Several weightings over one frontier (``Walk.QUEUES``, a compact family's): every
    position found goes into each queue by its own value; the queues take turns by the
    strategy's ``rotation`` at giving their best position not expanded yet, and the others
    pass over it later. So when the queue whose turn it is runs dry, every position found
    has been expanded: the walk is complete. A queue is a dict of buckets (priority ->
    the serials of that priority, first found first), a heap of the priorities that have
    a bucket, and how far each bucket has been taken; a priority is the value less the
    depth cost of the moves to the position, a whole number."""

    def __init__(self, core: Core, strategy: Strategy, bit: int):
        super().__init__(core, strategy, bit)
        assert core.compact, "a walk of several queues keeps serials: compact families only"
        assert strategy.rotation, "a walk of several queues takes them in a rotation"
        cost = strategy.depth_cost
        self.depth_cost = int(core.depth_cost if cost is None else cost)
        self.rotation = strategy.rotation
        self.turn = 0
        self.queues: list[tuple[dict, list, dict]] = [
            ({}, [], {}) for _ in range(max(self.rotation) + 1)
        ]
        self.depth = array("I")  # by serial: the moves to it along this walk
        self.expanded = bytearray()  # by serial: expanded by this walk

    def _grow(self) -> None:
        """The arrays by serial as long as the store (other walks add to it too)."""
        missing = len(self.core.keys) - len(self.expanded)
        if missing > 0:
            self.expanded.extend(bytes(missing))
            self.depth.frombytes(bytes(self.depth.itemsize * missing))

    def _queue(self, serial: int, values: Iterable, base: int) -> None:
        push = heapq.heappush
        for (buckets, heap, _), value in zip(self.queues, values):
            priority = base - value
            bucket = buckets.get(priority)
            if bucket is None:
                buckets[priority] = array("I", (serial,))
                push(heap, priority)
            else:
                bucket.append(serial)

    def begin(self, root: int, start: Any) -> None:
        self._visit_root(root)
        self._grow()
        self._queue(root, self.value(start), VALUE_OFFSET)

    def waiting(self) -> bool:
        return any(heap for _, heap, _ in self.queues)

    def went_through(self) -> tuple[bytearray | array, int]:
        """The positions it expanded."""
        self._grow()
        return self.expanded, 1

    def run(self, until: int, most: int) -> tuple[int | None, int]:
        # ``_expander``'s children spelt out, each new position queued as it is found: this
        # loop is where the family spends its time.
        self._grow()  # (in step with the store from here on: only this walk adds to it)
        core, bit, value, cost, test_dead = (
            self.core,
            self.bit,
            self.value,
            self.depth_cost,
            self.test_dead,
        )
        serials, keys, marks, parent = core.serials, core.keys, core.marks, core.parent
        unpack, successors, key_of, won, dead = (
            core._unpack_key,
            self.successors,
            core._key,
            core._won,
            core._dead,
        )
        macros = core.macros
        find, add_key, add_parent, add_mark = serials.get, keys.append, parent.append, marks.append
        add_macro = None if macros is None else macros.append
        worth_testing = core._worth_testing if core.tests_by_move else None
        queues, rotation, depths, done = self.queues, self.rotation, self.depth, self.expanded
        add_done, add_depth = done.append, depths.append
        pop, push = heapq.heappop, heapq.heappush
        turn, turns = self.turn, len(rotation)
        expanded = 0
        visited = before = core.visits
        while expanded < most and visited < until:
            # the best position not expanded yet of the queue whose turn it is
            buckets, heap, taken = queues[rotation[turn]]
            turn = (turn + 1) % turns
            serial = -1
            while heap:
                priority = heap[0]
                bucket = buckets[priority]
                at = taken.get(priority, 0)
                serial = bucket[at]
                at += 1
                if at == len(bucket):
                    pop(heap)
                    del buckets[priority]
                    taken.pop(priority, None)
                else:
                    taken[priority] = at
                if not done[serial]:
                    break
                serial = -1
            if serial < 0:  # every position found is expanded (see above)
                self.clear()
                break
            expanded += 1
            done[serial] = 1
            position = unpack(keys[serial])
            mark = marks[serial]
            if mark & DEAD or (mark & TEST and test_dead and dead(position)):
                marks[serial] = mark | DEAD
                continue
            depth = depths[serial] + 1
            base = VALUE_OFFSET + depth * cost
            for macro, after in successors(position):
                key = key_of(after)
                child = find(key)
                if child is None:
                    child = serials[key] = len(keys)
                    add_key(key)
                    add_parent(serial)
                    if add_macro is not None:
                        add_macro(macro)
                    if won(after):
                        add_mark(0)
                        self.turn = turn
                        self._counted(before, visited)
                        return child, expanded
                    if worth_testing is None or worth_testing(macro):
                        add_mark(TEST | bit)
                    else:
                        add_mark(bit)
                    add_done(0)
                    add_depth(depth)
                elif marks[child] & bit:
                    continue
                else:
                    marks[child] |= bit
                    depths[child] = depth
                visited += 1
                for (buckets, heap, _), worth in zip(queues, value(after)):
                    priority = base - worth
                    bucket = buckets.get(priority)
                    if bucket is None:
                        buckets[priority] = array("I", (child,))
                        push(heap, priority)
                    else:
                        bucket.append(child)
            core.visits = visited  # (as the positions are counted, for a hook that asks)
        self.turn = turn
        self._counted(before, visited)
        return None, expanded

    def clear(self) -> None:
        for buckets, heap, taken in self.queues:
            buckets.clear()
            heap.clear()
            taken.clear()


class _Shortening:
    """The breadth-first walk from the start to a win through the positions the walk that
    found it went through (``Core.shorten_over``), by that walk's moves: each position's
    parent on the fewest moves from the start, and the positions found and not expanded yet. When it reaches a won
    position, the store's parents along its line are set to its own, so that the core's
    line to the win is this one."""

    def __init__(self, core: Core, walk: _WalkBase, won: int):
        self.core: Core = weakref.proxy(core)  # (no cycle: see ``_WalkBase``)
        self.walk = walk
        self.won = won
        self.parents: dict[int, int] = {0: -1}
        self.queue: deque = deque([0 if core.compact else (0, core._pack(core.start))])

    def run(self, until: int) -> int | None:
        """Go on until a won position is reached (its serial) or the core's visits reach
        ``until`` (None)."""
        core, parents, queue = self.core, self.parents, self.queue
        through, bits = self.walk.went_through()
        successors = self.walk.successors
        serials, keys, marks = core.serials, core.keys, core.marks
        key_of, won, compact = core._key, core._won, core.compact
        while core.visits < until:
            assert queue, "the line the walk found runs through these positions"
            if compact:
                serial = queue.popleft()
                position = core._unpack_key(keys[serial])
            else:
                serial, packed = queue.popleft()
                position = core._unpack(packed)
            core.visits += 1
            if marks[serial] & DEAD:
                continue
            for _, after in successors(position):
                key = key_of(after)
                child = serials.get(key)
                if child is None or not through[child] & bits:
                    if won(after):  # (a won position was never expanded)
                        if child is None:
                            child = core._store(key, serial)
                        parents[child] = serial
                        return self._relink(child)
                    continue
                if child in parents:
                    continue
                parents[child] = serial
                queue.append(child if compact else (child, core._pack(after)))
        return None

    def _relink(self, serial: int) -> int:
        """Make this walk's line from the start to ``serial`` the store's."""
        parents, store = self.parents, self.core.parent
        self.queue.clear()
        at = serial
        while at > 0:
            store[at] = parents[at]
            at = parents[at]
        return serial


def _walk_bit(walk: int) -> int:
    """The bit of a position's marks that says the ``walk``-th walk has visited it: the
    low six for the first six, then those above DEAD (``WIDE_MARKS``)."""
    return 1 << walk if walk < MAX_WALKS else 1 << (walk + 2)


def _walk_for(core: Core, strategy: Strategy, bit: int) -> _WalkBase:
    if strategy.walk == Walk.DIVE:
        return _DiveWalk(core, strategy, bit)
    if strategy.walk == Walk.QUEUES:
        return _QueuesWalk(core, strategy, bit)
    if strategy.allowance is not None:
        if core.tag_bits:
            return _TaggedStagedWalk(core, strategy, bit)
        return _StagedBestFirstWalk(core, strategy, bit)
    if core.compact:
        return _CompactBestFirstWalk(core, strategy, bit)
    return _BestFirstWalk(core, strategy, bit)
