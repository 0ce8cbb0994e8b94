"""The best moves in sight, where no winning line is known: what the hint and the demo
offer when the verdict is "unknown", or "cannot be won" while moves remain (the way
Aisleriot, KPatience and PySolFC always show a move while one exists).

A small best-first look ahead through the rules engine (legal moves, then the game's
own automatic replies), a family of the solver core (``core.py``) budgeted in positions
like every search here, so a slower machine gets the same moves, later. A position is valued by the generic search's
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

from collections.abc import Hashable

from ..model.moves import Move
from ..model.rules import Rules
from ..model.state import State
from .core import Core, Macro
from .search import BUNDLES, score
from .verdict import SOLVED

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


# A position of the look ahead: the engine's, which of the first moves its lines begin
# with (None at the start), and how many moves it lies ahead.
Ahead = tuple[State, "int | None", int]


class _LookAhead(Core[Ahead]):
    """The look ahead as a family of the solver core: best-first on ``promise``, with a
    cost per move (``LINE_COST``), keeping for each first move the best value found along
    its lines (and the value of the position it makes itself)."""

    depth_cost = LINE_COST

    def __init__(self, rules: Rules, state: State, firsts: list[Move], max_positions: int, without):
        self.rules, self.firsts, self.without = rules, firsts, without
        # The best value found along the lines each first move begins (a move that leads
        # nowhere new keeps -inf, and comes last).
        self.best = [-float("inf")] * len(firsts)
        self.own = list(self.best)  # the value of the position each first move makes
        super().__init__((state, None, 0), max_positions=max_positions)

    def _successors(self, position: Ahead) -> list[tuple[Macro, Ahead]]:
        state, first, depth = position
        rules = self.rules
        if first is None:
            moves = list(enumerate(self.firsts))
        else:
            moves = [
                (first, move) for move in rules.legal_moves(state) if move.kind not in self.without
            ]
        return [((move,), (rules.successor(state, move), line, depth + 1)) for line, move in moves]

    def _key(self, position: Ahead) -> Hashable:
        return position[0].key()

    def _won(self, position: Ahead) -> bool:
        return self.rules.is_won(position[0])

    def _value(self, position: Ahead) -> float:
        state, first, depth = position
        value = promise(self.rules, state)
        if first is not None:
            self.best[first] = max(self.best[first], value - depth * LINE_COST)
            if depth == 1:
                self.own[first] = value
        return value


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
        self.ranked: tuple[Move, ...] | None = None
        legal = [move for move in rules.legal_moves(state) if move.kind not in without]
        # A bundle of moves home (lay-off) only where nothing else is left: its single
        # moves are among the others.
        self.firsts = [move for move in legal if move.kind not in BUNDLES] or legal
        self.search = _LookAhead(rules, state, self.firsts, max_positions, BUNDLES | without)

    @property
    def positions(self) -> int:
        return self.search.positions

    def step(self, work: int) -> tuple[Move, ...] | None:
        if self.ranked is not None:
            return self.ranked
        verdict = self.search.step(work)
        if verdict is None:
            return None
        best, own = self.search.best, self.search.own
        if verdict.status == SOLVED and verdict.moves:
            best[self.firsts.index(verdict.moves[0])] = float("inf")  # it wins
        order = sorted(range(len(self.firsts)), key=lambda i: (-best[i], -own[i]))
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
