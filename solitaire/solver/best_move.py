"""The best moves in sight, where no winning line is known: what the hint and the demo
offer when the verdict is "unknown", or "cannot be won" while moves remain (the way
Aisleriot, KPatience and PySolFC always show a move while one exists).

A small best-first look ahead through the rules engine (legal moves, then the game's
own automatic replies), budgeted in positions like every search here, so a slower
machine gets the same moves, later. A position is valued by the generic search's
``score`` (cards home, the tableau in order) and, beyond it, by the face-down cards
turned up and the tableau piles emptied. Each move from the position is worth the best
value found along the lines it begins, less a little for each move those lines take;
the moves come back best first, of two as good the one whose own position is better
(the caller leaves out those that lead back to a position already played:
``thinker.hint_for``).

Like the solvers, the look ahead sees the cards that lie face down (it plays through the
engine). Stopping each line at a card turned up instead was tried: then the move that
turns one up is never looked past, and any other move, which can turn it up a move
later after more, always looks better (Klondike: the stock turned before an ace goes
home).
"""

from __future__ import annotations

import heapq
from itertools import count

from ..model.moves import Move
from ..model.rules import Rules
from ..model.state import State
from .search import BUNDLES, score

LOOKAHEAD = 2_000  # positions the look ahead may find before it ranks the moves
TURNED_UP = 4.0  # a face-down card turned up: less than a card home (10), more than order
EMPTIED = 2.0  # an empty tableau pile, beyond the half point ``score`` gives it
LINE_COST = 0.05  # a move more to reach a position: the shorter way to it is the better


def promise(rules: Rules, state: State) -> float:
    """How promising a position looks to a player: the search's ``score``, the face-down
    cards still to turn up and the tableau piles emptied."""
    empty = sum(1 for name in rules.tableau if not state.piles[name])
    return score(rules, state) - TURNED_UP * face_down(state) + EMPTIED * empty


def face_down(state: State) -> int:
    return sum(state.down.values())


class MovesInSight:
    """The legal moves from ``state`` best first, by a look ahead of ``max_positions``
    positions that makes no move of the kinds ``without`` (those the hint leaves out, such
    as La Belle Lucie's reshuffles, whose outcome the player cannot foresee). ``step(work)``
    looks at about ``work`` more positions; the moves once ranked."""

    def __init__(
        self,
        rules: Rules,
        state: State,
        *,
        max_positions: int = LOOKAHEAD,
        without: frozenset = frozenset(),
    ):
        self.rules = rules
        self.without = BUNDLES | without
        self.max_positions = max_positions
        self.heap: list = []
        self.tiebreak = count()
        self.seen = {state.key()}
        self.ranked: tuple[Move, ...] | None = None
        legal = [move for move in rules.legal_moves(state) if move.kind not in without]
        # A bundle of moves home (lay-off) only where nothing else is left: its single
        # moves are among the others.
        self.firsts = [move for move in legal if move.kind not in BUNDLES] or legal
        # The best value found along the lines each first move begins (a move that leads
        # nowhere new keeps -inf, and comes last).
        self.best = [-float("inf")] * len(self.firsts)
        self.own = list(self.best)  # the value of the position each first move makes
        for first, move in enumerate(self.firsts):
            self.own[first] = self._found(rules.successor(state, move), first, 1)

    @property
    def positions(self) -> int:
        return len(self.seen)

    def _found(self, state: State, first: int, depth: int) -> float:
        """A position ``depth`` moves ahead on the lines that ``first`` begins: its value,
        -inf where it was found before (it leads nowhere new)."""
        key = state.key()
        if key in self.seen:
            return -float("inf")
        self.seen.add(key)
        value = promise(self.rules, state) - depth * LINE_COST
        self.best[first] = max(self.best[first], value)
        if not self.rules.is_won(state):
            heapq.heappush(self.heap, (-value, next(self.tiebreak), depth, first, state))
        return value

    def step(self, work: int) -> tuple[Move, ...] | None:
        if self.ranked is not None:
            return self.ranked
        rules, pause_at = self.rules, len(self.seen) + max(1, work)
        while self.heap and len(self.seen) < min(pause_at, self.max_positions):
            _, _, depth, first, state = heapq.heappop(self.heap)
            for move in rules.legal_moves(state):
                if move.kind not in self.without:
                    self._found(rules.successor(state, move), first, depth + 1)
        if self.heap and len(self.seen) < self.max_positions:
            return None
        self.heap.clear()
        order = sorted(range(len(self.firsts)), key=lambda i: (-self.best[i], -self.own[i]))
        self.ranked = tuple(self.firsts[first] for first in order)
        return self.ranked


def moves_in_sight(
    rules: Rules, state: State, *, max_positions: int = LOOKAHEAD, without: frozenset = frozenset()
) -> tuple[Move, ...]:
    """The legal moves from ``state``, best first (``MovesInSight`` run to its end)."""
    search = MovesInSight(rules, state, max_positions=max_positions, without=without)
    while (ranked := search.step(LOOKAHEAD)) is None:
        pass
    return ranked
