"""The search for every game and every option, through the rules engine itself: a
family of the solver core (``core.py``) whose positions are the engine's states.

It expands positions through the engine (legal moves, then the game's own automatic
replies), so whatever it finds replays in the engine. It runs in steps of positions
(``step(work)``, see ``verdict.py``), in the partner's worker while the table plays on.
When it has looked at every position reachable from the start without finding a win,
that is a proof that there is none; when its budget runs out first, the answer is
"unknown". A game with a solver of its own feeds the same core from compact positions.
"""

from __future__ import annotations

from collections.abc import Hashable
from itertools import pairwise

from ..model.moves import Move, MoveKind
from ..model.rules import Rules
from ..model.state import State
from ..model.vocabulary import Build, Role
from .core import Core, Macro
from .verdict import SOLVED, UNKNOWN, UNSOLVABLE

__all__ = ["BUNDLES", "SOLVED", "UNKNOWN", "UNSOLVABLE", "Search", "is_safe_home", "score"]

# Lay-off and safe-play-home are bundles of single moves the search makes one by one.
BUNDLES = frozenset({MoveKind.LAYOFF, MoveKind.SAFE_HOME})
# Read in every position's score and move: module globals are quicker than Enum members.
_RESERVE, _FOUNDATION = Role.RESERVE, Role.FOUNDATION
# Among equally promising positions the shorter line first (engine moves are single moves).
DEPTH_COST = 0.02


class Search(Core[State]):
    """A best-first search from ``state``; ``without`` names move kinds it may not use.

    Leaving out REDEAL answers "winnable without another reshuffle" in La Belle Lucie,
    whose reshuffles the player cannot foresee. What it needs to know of a game beyond
    the engine it asks through the rules' hooks (``search_key``, ``hopeless``,
    ``search_skips``), never a game's own questions.
    """

    depth_cost = DEPTH_COST

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
        super().__init__(state.copy(), max_positions=max_positions)

    def _key(self, state: State) -> Hashable:
        return self.rules.search_key(state, self.without)

    def _won(self, state: State) -> bool:
        return self.rules.is_won(state)

    def _dead(self, state: State) -> bool:
        return self.rules.hopeless(state, self.without)

    def _value(self, state: State) -> float:
        return score(self.rules, state)

    def _successors(self, state: State) -> list[tuple[Macro, State]]:
        rules = self.rules
        return [((move,), rules.successor(state, move)) for move in self._moves(state)]

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


BUDGET = 100_000  # positions: every one is a whole engine State, some 2 KB

# The search solve.py makes for the games whose definition names no solver of their own.
SEARCH = Search
