"""One search for every game and every option: best-first towards a win; and the same
walk for the dedicated solvers on positions of their own (``BestFirst``).

It expands positions through the rules engine itself (legal moves, then the game's own
automatic replies), so whatever it finds replays in the engine. It runs in steps of
positions (``step(work)``, see ``verdict.py``), in the partner's worker while the table
plays on. When it has
looked at every position reachable from the start without finding a win, that is a
proof that there is none; when its budget runs out first, the answer is "unknown".
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import count, pairwise
from typing import Generic, TypeVar

from ..model.moves import Move, MoveKind
from ..model.rules import Rules
from ..model.state import State
from ..model.vocabulary import Build, Role
from .verdict import SOLVED, UNKNOWN, UNSOLVABLE, GaveUp, Outcome, Stepped, Verdict

# Lay-off and safe-play-home are bundles of single moves the search makes one by one.
BUNDLES = frozenset({MoveKind.LAYOFF, MoveKind.SAFE_HOME})
# Read in every position's score and move: module globals are quicker than Enum members.
_RESERVE, _FOUNDATION = Role.RESERVE, Role.FOUNDATION


@dataclass
class _Node:
    parent: _Node | None
    move: Move | None
    depth: int


class Search(Stepped):
    """A best-first search from ``state``; ``without`` names move kinds it may not use.

    Leaving out REDEAL answers "winnable without another reshuffle" in La Belle Lucie,
    whose reshuffles the player cannot foresee. What it needs to know of a game beyond
    the engine it asks through the rules' hooks (``search_key``, ``hopeless``,
    ``search_skips``), never a game's own questions.
    """

    def __init__(
        self,
        rules: Rules,
        state: State,
        *,
        max_positions: int = 200_000,
        without: frozenset = frozenset(),
    ):
        self.rules = rules
        self.without = BUNDLES | without
        self.max_positions = max_positions
        self.tiebreak = count()
        self.heap: list = []
        self.seen: set = set()
        self.verdict: Verdict | None = None
        self.pruned = False  # moves were left out: a failed search proves nothing
        self._push(state.copy(), _Node(None, None, 0))

    @property
    def positions(self) -> int:
        return len(self.seen)

    def _push(self, state: State, node: _Node) -> None:
        key = self.rules.search_key(state, self.without)
        if key in self.seen:
            return
        self.seen.add(key)
        priority = -score(self.rules, state) + node.depth * 0.02
        heapq.heappush(self.heap, (priority, next(self.tiebreak), state, node))

    def _advance(self) -> Verdict | None:
        rules = self.rules
        while self.heap:
            _, _, state, node = heapq.heappop(self.heap)
            if rules.is_won(state):
                return self._finish(SOLVED, node)
            for move in self._moves(state):
                child = _Node(node, move, node.depth + 1)
                after = rules.successor(state, move)
                if rules.is_won(after):
                    return self._finish(SOLVED, child)
                if not rules.hopeless(after, self.without):
                    self._push(after, child)
            if len(self.seen) >= self.max_positions:
                return self._finish(UNKNOWN, None, GaveUp.POSITIONS)
            if len(self.seen) >= self.pause_at:
                return None
        if self.pruned:
            return self._finish(UNKNOWN, None, GaveUp.PRUNED)
        return self._finish(UNSOLVABLE, None)

    def _moves(self, state: State) -> list[Move]:
        moves = [m for m in self.rules.legal_moves(state) if m.kind not in self.without]
        safe = next((m for m in moves if is_safe_home(self.rules, state, m)), None)
        if safe is not None:
            return [safe]  # a safe move home loses nothing
        # Moves the game says are not worth trying: left out, but then no proof of
        # "cannot be won".
        useful = [m for m in moves if not self.rules.search_skips(state, m)]
        self.pruned = self.pruned or len(useful) < len(moves)
        return useful

    def _finish(self, status: Outcome, node: _Node | None, gave_up=None) -> Verdict:
        moves = []
        while node is not None and node.move is not None:
            moves.append(node.move)
            node = node.parent
        moves.reverse()
        self.heap.clear()
        return Verdict(status, moves, len(self.seen), self.seconds, gave_up)


def score(rules: Rules, state: State) -> float:
    """How promising a position looks: cards home first, then how few are out of order."""
    value = 10.0 * rules.cards_home(state)
    by_suit = rules.build == Build.SUIT
    for name in rules.tableau:
        cards = state.piles[name]
        value -= sum(1 for lower, upper in pairwise(cards) if not rules.builds_on(upper, lower))
        value += 0.5 if not cards else 0.0
        if by_suit:  # a card above a lower one of its suit must leave first: a knot
            value -= 3 * sum(
                1
                for i, low in enumerate(cards)
                for high in cards[i + 1 :]
                if high.suit == low.suit and high.rank > low.rank
            )
    for name, role in rules.roles.items():
        if role == _RESERVE:
            value -= 2.0 * len(state.piles[name])  # Canfield: the reserve must come out
    return value


def is_safe_home(rules: Rules, state: State, move: Move) -> bool:
    """A move home that can never be regretted, so the search need not try others: one
    card from the top of a pile to its foundation when the game's own test
    (``Rules.is_safe_home``, right for every build rule, wrapping ranks and foundations
    that give cards back) says nothing left in play can need it.
    """
    if move.kind != MoveKind.MOVE or move.count != 1:
        return False
    if rules.roles.get(move.dst) != _FOUNDATION or rules.roles.get(move.src) == _FOUNDATION:
        return False
    cards = state.piles.get(move.src)
    if not cards:
        return False
    return rules.is_safe_home(state, cards[-1])


# ---------------------------------------------------------------- the dedicated solvers' walk
# The best-first walk the dedicated solvers on compact positions share (Klondike's and
# Spider's): a heap ordered by how promising a position looks less a little for each move
# that led there, and one table of every position found, keyed by its ``bytes``, that
# keeps the key it was found from and the engine moves that led there. A win is read back
# through that table as engine moves, which the caller replays through the rules; a heap
# that runs dry has seen every position reachable from the start, the proof that there is
# no win (as long as the game's successors leave out only moves that lose no win).
#
# A game's search says four things: the positions one move away (``_successors``, each
# with the engine moves that reach it: a single move, or a macro move such as Klondike's
# turns of the stock then a waste card's move), how promising a position looks
# (``_value``), whether it is won (``_won``) and its key (``_key``): one ``bytes``, equal
# for positions the walk may take as one, from which the same positions can be reached
# (it keeps the first of them it finds). Positions are the search's own.

P = TypeVar("P")

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

    def _key(self, position: P) -> bytes:
        raise NotImplementedError

    # ------------------------------------------------------------ the walk
    @property
    def positions(self) -> int:
        return len(self.parents)

    def _push(self, position: P, parent: bytes | None, moves: tuple[Move, ...], depth: int) -> None:
        key = self._key(position)
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
                    won = self._key(after)
                    self.parents.setdefault(won, (key, moves))
                    return self._finish(SOLVED, won)
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


BUDGET = 100_000  # positions: every one is a whole engine State, some 2 KB

# The search solve.py makes for the games whose definition names no solver of their own.
SEARCH = Search
