"""The solver of the games whose cards go one by one onto a single waste pile, one rank
above or below its top card whatever their suits, with a stock dealt onto it one card at
a time (the ``OntoWaste`` games: Golf, TriPeaks). It reads the game's structure from its
definition: the piles to clear (``reserves``), which lie over which (``covered_by``), the
stock (the ``Role.HAND`` pile), the waste (the only foundation) and which rank may go on
which (``follows``).

What the verdict assumes: the solver sees every card, the face-down ones and the order of
the stock too. "Winnable" means a player who knew every card could win.

A position is one ``bytes``: how many cards each pile to clear still holds (cards only
ever leave a pile from its top, so the rest is the start's pile cut short), then how many
cards the stock still holds (the same), then the rank of the waste's top card (0 for an
empty waste). Nothing else matters to what can happen next: a card's suit never decides
where it may go, so positions that differ only in the suit on the waste are one. The key
is the position itself (no two piles are interchangeable: their cards differ).

Moves: a free pile's top card onto the waste where it follows the waste's top card (a
pile is free when no pile lying over it holds a card), and a card dealt from the stock.
None is left out, so a walk that runs dry proves the deal lost.

Dead positions (``_dead``), both tests sound, so a walk that runs dry still proves a loss:

- Hall's condition. Every card still to clear goes onto a card of a rank it may go on (a
  neighbour): a card still to clear, a card of the stock or the waste's top card, and
  each of those lies under one card at most. So for every set of ranks, the cards of
  those ranks still to clear can be no more than the cards of their neighbours' ranks
  still out (the top card counted). Checked on each rank alone and on every run of ranks
  two apart (where ranks go one up or down on a line, a set that fails holds such a run
  that fails, since a run's neighbours are those of its ranks).
- A stranded card: one that cannot go on the top card now (or is not free) needs a
  neighbour to reach the waste first, and a neighbour lying under it (lower in its pile,
  or in a pile it lies over, however deep) comes only after it. When every neighbour
  still out lies under it, it can never go.

Both cut Golf's proofs of loss: deal 3 (kings=golf) took 163,312 positions without them,
63,731 with them.
"""

from __future__ import annotations

from typing import Protocol, cast

from ..model.moves import Move, MoveKind
from ..model.rules import Rules
from ..model.state import State
from ..model.vocabulary import Role
from .core import Core, Strategy, Walk

__all__ = ["BUDGET", "OntoWasteSearch"]

# Positions a search may find before it answers "unknown" (the table's partner and
# --solve alike).
BUDGET = 400_000

RANKS = range(1, 14)
DEAL = Move(MoveKind.DEAL)
BITS = 8  # a rank's count in a packed count of cards by rank
FIELD = (1 << BITS) - 1


class PlaysOntoWaste(Protocol):
    """What the family asks of a game beyond the engine's rules: which rank goes on which."""

    def follows(self, rank: int, top: int) -> bool: ...


def _packed(ranks) -> int:
    """Cards counted by rank, packed BITS bits a rank."""
    total = 0
    for rank in ranks:
        total += 1 << (BITS * rank)
    return total


class OntoWasteSearch(Core[bytes]):
    """A depth-first search from ``state``, the moves in the order ``_successors`` gives
    them: a card from the piles before a card dealt, the piles in their order; ``without``
    may name DEAL (then no card is dealt from the stock)."""

    # The family's order is the order a weighting by cards cleared (then cards kept in the
    # stock) gave with ties broken by the smaller key, so the walk finds the same positions
    # without asking a value of each and sorting them.
    strategies = (Strategy(Walk.DIVE, share=1000, ordered=False),)
    compact = True

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
        self.piles = tuple(rules.reserves)
        self.waste = next(name for name, role in rules.roles.items() if role == Role.FOUNDATION)
        stock = next(name for name, role in rules.roles.items() if role == Role.HAND)
        index = {name: number for number, name in enumerate(self.piles)}
        self.ranks = [tuple(card.rank for card in state.piles[name]) for name in self.piles]
        self.stock = tuple(card.rank for card in state.piles[stock])
        # The piles lying on each pile, by index.
        self.over = [
            tuple(index[other] for other in rules.covered_by.get(name, ())) for name in self.piles
        ]
        self.moves = [Move(MoveKind.MOVE, name, self.waste, 1) for name in self.piles]
        follows = cast(PlaysOntoWaste, rules).follows
        # follows[top][rank]: a card of ``rank`` may go on the waste's top card ``top``
        # (0: an empty waste takes any card).
        self.follows = [[top == 0 or follows(rank, top) for rank in range(14)] for top in range(14)]
        self._prepare_dead_test()
        top = state.top(self.waste)
        heights = [len(ranks) for ranks in self.ranks]
        start = bytes((*heights, len(self.stock), top.rank if top else 0))
        super().__init__(start, max_positions=max_positions)

    def _prepare_dead_test(self) -> None:
        """What ``_dead`` counts with: the cards of each pile's first ``h`` and the stock's
        first ``s`` by rank, packed; each card's neighbours (the ranks it may go on) and
        how many of them lie under it."""
        self.pile_counts = [
            [_packed(ranks[:height]) for height in range(len(ranks) + 1)] for ranks in self.ranks
        ]
        self.stock_counts = [_packed(self.stock[:size]) for size in range(len(self.stock) + 1)]
        self.neighbours = [
            tuple(top for top in RANKS if self.follows[top][rank]) for rank in range(14)
        ]
        self.scans = self._scans()
        below = [self._lying_under(pile) for pile in range(len(self.piles))]
        # Per pile, bottom first, each card with cards of the ranks it may go on under
        # it: its place, its rank, how many such cards and those ranks.
        self.guarded = [
            [
                (place, rank, under, nears)
                for place, rank in enumerate(ranks)
                for nears in (self.neighbours[rank],)
                for under in (sum(1 for other in [*ranks[:place], *below[pile]] if other in nears),)
                if under
            ]
            for pile, ranks in enumerate(self.ranks)
        ]

    def _scans(self) -> list[list[tuple[int, int, int, bool]]]:
        """For ``_hall_fails_by_scans``: sequences of ranks two apart, each rank with
        the rank below it and the one above it where it may go on them (14, never a card
        still out, where it may not), and whether the rank before it in the sequence may
        go on the rank between them. On a line of ranks, the odd ones and the even ones;
        where the corner turns, the ranks two apart make one ring (1, 3 ... 13, 2 ...
        12), scanned from two places half way round so that every run of up to seven
        lies whole in one scan."""
        if self.rules.wrap:
            ring = [*range(1, 14, 2), *range(2, 14, 2)]
            orders = [ring, ring[7:] + ring[:7]]
        else:
            orders = [list(range(1, 14, 2)), list(range(2, 14, 2))]

        def step(rank: int, by: int) -> int:  # a neighbouring rank, or 0 off the line
            near = rank + by
            if self.rules.wrap:
                return (near - 1) % 13 + 1
            return near if 1 <= near <= 13 else 0

        scans = []
        for order in orders:
            scan = []
            for rank in order:
                lower, upper = step(rank, -1), step(rank, 1)
                below = lower if lower and self.follows[lower][rank] else 14
                above = upper if upper and self.follows[upper][rank] else 14
                before = step(rank, -2)
                shared = bool(lower and before and self.follows[lower][before])
                scan.append((rank, below, above, shared))
            scans.append(scan)
        return scans

    def _lying_under(self, pile: int) -> list[int]:
        """The ranks of the cards of every pile that ``pile`` lies over, however deep."""
        found: set[int] = set()
        todo = [pile]
        while todo:
            upper = todo.pop()
            for lower, over in enumerate(self.over):
                if upper in over and lower not in found:
                    found.add(lower)
                    todo.append(lower)
        return [rank for lower in sorted(found) for rank in self.ranks[lower]]

    def _won(self, position: bytes) -> bool:
        return not any(position[: len(self.piles)])

    def _key(self, position: bytes) -> bytes:
        return position

    def _unpack_key(self, key: bytes) -> bytes:
        return key

    def _free(self, position: bytes, pile: int) -> bool:
        return not any(position[other] for other in self.over[pile])

    def _successors(self, position: bytes) -> list[tuple[tuple[Move, ...], bytes]]:
        count = len(self.piles)
        stock, top = position[count], position[count + 1]
        can_follow = self.follows[top]
        ranks, over, moves = self.ranks, self.over, self.moves
        result: list[tuple[tuple[Move, ...], bytes]] = []
        for pile in range(count):
            height = position[pile]
            if not height:
                continue
            rank = ranks[pile][height - 1]
            if not can_follow[rank]:
                continue
            if any(position[other] for other in over[pile]):
                continue  # covered
            after = (
                position[:pile]
                + bytes((height - 1,))
                + position[pile + 1 : count + 1]
                + bytes((rank,))
            )
            result.append(((moves[pile],), after))
        if self.deals and stock:
            dealt = position[:count] + bytes((stock - 1, self.stock[stock - 1]))
            result.append(((DEAL,), dealt))
        return result

    def _dead(self, position: bytes) -> bool:
        count = len(self.piles)
        top = position[count + 1]
        if not top:
            return False
        left = 0  # the cards still to clear, by rank, packed
        for pile in range(count):
            left += self.pile_counts[pile][position[pile]]
        available = left + self.stock_counts[position[count]]
        lefts = [(left >> (BITS * rank)) & FIELD for rank in range(14)]
        unders = [(available >> (BITS * rank)) & FIELD for rank in range(15)]
        unders[top] += 1
        if self._hall_fails_by_scans(self.scans, lefts, unders):
            return True
        return self._a_card_is_stranded(position, available)

    @staticmethod
    def _hall_fails_by_scans(scans: list, lefts: list[int], unders: list[int]) -> bool:
        """Hall's condition (see the notes) on every run of ranks two apart in a scan:
        a run's excess (its cards still to clear less the cards of
        its neighbours' ranks) is found for all runs at once, the best run ending at
        each rank either starting there or going on from the one ending two below."""
        for scan in scans:
            best = None
            for rank, below, above, shared in scan:
                fresh = lefts[rank] - unders[below] - unders[above]
                if best is not None:
                    # Going on: the rank between is counted already where the one two
                    # below may go on it too.
                    going_on = best + lefts[rank] - unders[above] - (0 if shared else unders[below])
                    fresh = max(fresh, going_on)
                if fresh > 0:
                    return True
                best = fresh
        return False

    def _a_card_is_stranded(self, position: bytes, available: int) -> bool:
        """Whether a card still to clear cannot go on the top card now and every card
        still out that it may go on lies under it. Only cards with such a card under
        them are looked at: for the others, Hall's condition on their rank alone says
        as much."""
        count = len(self.piles)
        can_follow = self.follows[position[count + 1]]
        for pile in range(count):
            height = position[pile]
            for place, rank, under, nears in self.guarded[pile]:
                if place >= height:
                    break
                reachable = 0
                for near in nears:
                    reachable += (available >> (BITS * near)) & FIELD
                if under < reachable:
                    continue
                # Its neighbours all lie under it: it goes next or never.
                if not (can_follow[rank] and place == height - 1 and self._free(position, pile)):
                    return True
        return False


# The search solve.py makes for the games whose definition names this module as solver.
SEARCH = OntoWasteSearch
