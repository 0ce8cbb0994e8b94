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

Dead positions (``_hopeless``), both tests sound, so a walk that runs dry still proves a
loss. The start is tested whole (``_dead``); every other position when the move to it is
made, and a move to a dead position is left out (that loses no win). There only what the
move can have changed is looked at: a move takes the old top card out for good and
changes no other count of cards still out, so only the runs of ranks and the cards that
may go on the old top card, or that may go on the new one (a card no longer counted
among those it may reach but the top card), can fail where the position before passed.
A test that the moves left out are those the whole test rejects keeps this honest.

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

Measured on tuning deals (2026-11-29), one change after another: the moves taken in the
order they are made instead of by a value and a sort (the same positions, some 7 % less
CPU); the dead tests made on the moves, only what a move changed looked at, a rank's count
read as a byte of the packed counts (Golf relaxed deal 600102, proven lost: 2.0 s before,
1.1 s after, and 157,388 positions counted where 198,043, the dead ones no longer stored,
so the budget reaches further); the moves found from a table of the cards each top card
takes (TriPeaks some 30 % less CPU); Hall's answers remembered (Golf relaxed some 15 %
less, 20,000 answers kept: 3 % slower than 50,000, 3 MB where 6.6). At 2 s, Golf relaxed
on deals 600001..600200 settled 97.0 % before, 99.5 % after the dead tests on the moves;
TriPeaks without the wrap 99.5 % then 100 %. The unknowns of the relaxed rule before were
long proofs, not late wins: of 600081, 600102, 600103, 600121, 600140 and 600175 all but
600140 (won after 217,328 positions) are lost, after 198,043 to 561,787 positions.

Tried and not kept (Golf relaxed deal 600102, 157,388 positions with the tests above):

- Hall's condition on the cards after each card: every card still to clear but the last
  has a card after it on the waste, one still to clear that may go on it or a card
  dealt, so for every set of ranks the cards to clear may exceed the cards to clear that
  may go on them by the stock's count plus one at most. Not one position fewer on
  600102, 600121, Golf deal 600003 nor TriPeaks without the wrap 600001 and 600155: the
  counts of the cards before each card already say as much.
- Hall's condition card by card (each card still to clear matched to a card out that it
  may go on and that does not lie under it): 153,077 positions, 3 % fewer, a matching a
  position.
- Cards forced after a card (those under it, and those all of whose cards to go on are
  forced after it or are it), to a fixed point; a card is dead when all the cards it may
  go on are forced after it: 131,635 positions, 16 % fewer, at a fixed point per card and
  position (a first version took 15 s where the search takes 1).
- A position no better than one with the same heights and top card and more cards in
  the stock (that player deals the extra cards just before the other's next deal): at
  most 22 % fewer positions in Golf (123,121 heights and top cards among 157,388
  positions), half in TriPeaks (84,402 among 167,514 on deal 600155). Leaving such a
  position out is sound only where one move may deal several cards: with single deals
  the position with more stock reaches the other's next positions through positions it
  covers, themselves left out. Not built.
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
# Answers of Hall's condition remembered at most (some 3 MB), and the bits that tell
# which scans an answer was for.
REMEMBERED = 20_000
SCAN_SET_BITS = 4

RANKS = range(1, 14)
DEAL = Move(MoveKind.DEAL)
BITS = 8  # a rank's count in a packed count of cards by rank: a byte
PACKED_BYTES = 16  # the bytes of a packed count, ranks 0 to 14 (14: never a card)
PACKED_BITS = 8 * PACKED_BYTES
NO_RUN = -(1 << 20)  # the excess of the run ending before a scan begins: none goes on
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
        # playable[top]: each card that may go on a top card of rank ``top``, as its pile,
        # the pile's height while it is the pile's top card, its rank and the piles lying
        # over its pile, the piles in their order (the order the moves are tried in).
        self.playable = [
            tuple(
                (pile, place + 1, rank, self.over[pile])
                for pile, ranks in enumerate(self.ranks)
                for place, rank in enumerate(ranks)
                if self.follows[top][rank]
            )
            for top in range(14)
        ]
        self._prepare_dead_test()
        self.cleared = bytes(len(self.piles))  # the heights of a won position
        self.hall_known: dict[int, bool] = {}
        top = state.top(self.waste)
        heights = [len(ranks) for ranks in self.ranks]
        start = bytes((*heights, len(self.stock), top.rank if top else 0))
        super().__init__(start, max_positions=max_positions)

    def _prepare_dead_test(self) -> None:
        """What the dead tests count with: the cards of each pile's first ``h`` and the stock's
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
        # The scans after a move over a top card of rank ``old`` (0: any position): those
        # with a rank that may go on it. The move takes that card out for good and
        # changes no other count of cards out, so a run of ranks none of which may go on
        # it has no more excess than it had before the move, where it had none.
        self.scans_after = [
            [
                scan
                for scan in self.scans
                if old == 0 or any(self.follows[old][rank] for rank, *_ in scan)
            ]
            for old in range(14)
        ]
        # scan_set[old]: which of those sets of scans, a number below 1 << SCAN_SET_BITS.
        sets = [tuple(map(id, scans)) for scans in self.scans_after]
        self.scan_set = [sets.index(scans) for scans in sets]
        below = [self._lying_under(pile) for pile in range(len(self.piles))]
        # Each card with cards of the ranks it may go on under it: its pile, its place,
        # its rank, how many such cards and the shifts of those ranks' counts.
        guarded = [
            (pile, place, rank, under, tuple(BITS * near for near in nears))
            for pile, ranks in enumerate(self.ranks)
            for place, rank in enumerate(ranks)
            for nears in (self.neighbours[rank],)
            for under in (sum(1 for other in [*ranks[:place], *below[pile]] if other in nears),)
            if under
        ]
        # suspects[old][new]: the cards that may be stranded after a move that puts a
        # card of rank ``new`` on the waste over one of rank ``old``, where the position
        # before the move had none (old 0: any position). A card is stranded when every
        # card still out that it may go on, but the top card, lies under it, unless it
        # can go on the top card now. The move takes the old top card out for good and
        # makes the new one the top card: only a card that may go on the old one loses
        # a card it may go on or its way onto the top card, and only one that may go on
        # the new one loses a card it may go on (counted no more) (cards only leave the
        # piles, so none is covered again or lies over more than it did).
        self.suspects = [
            [
                tuple(
                    card
                    for card in guarded
                    if old == 0 or self.follows[old][card[2]] or self.follows[new][card[2]]
                )
                for new in range(14)
            ]
            for old in range(14)
        ]

    def _scans(self) -> list[list[tuple[int, int, int, bool]]]:
        """For ``_hall_fails``: sequences of ranks two apart, each rank with
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
        return position.startswith(self.cleared)

    def _key(self, position: bytes) -> bytes:
        return position

    def _unpack_key(self, key: bytes) -> bytes:
        return key

    def _free(self, position: bytes, pile: int) -> bool:
        return not any(position[other] for other in self.over[pile])

    def _successors(self, position: bytes) -> list[tuple[tuple[Move, ...], bytes]]:
        """The moves, a position that is dead (``_hopeless``) left out: no win is lost."""
        count = len(self.piles)
        stock, top = position[count], position[count + 1]
        moves, pile_counts = self.moves, self.pile_counts
        # the cards still to clear, by rank, packed (the heights come first in a position)
        left = sum(map(list.__getitem__, pile_counts, position))
        # After any move the cards still out, the new top card counted, are those out now
        # but the top card: a card moved onto the waste or dealt is still out.
        out = left + self.stock_counts[stock]
        # Hall's condition on a position after a move: its cards to clear are those now,
        # one fewer where a card is cleared, so where the count with all of them holds,
        # it holds after every move.
        scans = self.scans_after[top]
        # Many positions have the same cards out (Golf's relaxed rule: some 70,000 counts
        # for 157,000 positions); the answers are remembered, a bounded number.
        known = self.hall_known
        asked = (left << PACKED_BITS | out) << SCAN_SET_BITS | self.scan_set[top]
        hall_holds = known.get(asked)
        if hall_holds is None:
            if len(known) >= REMEMBERED:
                known.clear()
            hall_holds = known[asked] = not self._hall_fails(left, out, scans)
        suspects = self.suspects[top]
        height_of = position.__getitem__
        result: list[tuple[tuple[Move, ...], bytes]] = []
        for pile, height, rank, over in self.playable[top]:
            if position[pile] != height:
                continue  # not the pile's top card
            if over and any(map(height_of, over)):
                continue  # covered
            if not hall_holds and self._hall_fails(left - (1 << BITS * rank), out, scans):
                continue
            after = (
                position[:pile]
                + bytes((height - 1,))
                + position[pile + 1 : count + 1]
                + bytes((rank,))
            )
            if not self._a_card_is_stranded(after, out, suspects[rank]):
                result.append(((moves[pile],), after))
        if self.deals and stock and hall_holds:
            dealt_rank = self.stock[stock - 1]
            dealt = position[:count] + bytes((stock - 1, dealt_rank))
            if not self._a_card_is_stranded(dealt, out, suspects[dealt_rank]):
                result.append(((DEAL,), dealt))
        return result

    def _dead(self, position: bytes) -> bool:
        """The start is tested here, whole; every other position was tested by the move
        that made it (``_successors``)."""
        return position == self.start and self._hopeless(position)

    def _hopeless(self, position: bytes) -> bool:
        """Whether Hall's condition fails or a card is stranded (see the notes)."""
        count = len(self.piles)
        top = position[count + 1]
        if not top:
            return False
        left = sum(map(list.__getitem__, self.pile_counts, position))
        out = left + self.stock_counts[position[count]] + (1 << BITS * top)
        return self._hall_fails(left, out, self.scans) or self._a_card_is_stranded(
            position, out, self.suspects[0][top]
        )

    def _hall_fails(self, left: int, out: int, scans: list) -> bool:
        """Hall's condition (see the notes) on the cards still to clear (``left``) and
        those still out that they may go on, the top card counted (``out``), both packed
        by rank, on every run of ranks two apart in a scan: a run's excess (its cards
        still to clear less the cards of its neighbours' ranks) is found for all runs at
        once, the best run ending at each rank either starting there or going on from the
        one ending two below. The runs looked at are those in ``scans``."""
        # A rank's count is a byte of the packed counts (BITS is 8).
        lefts = left.to_bytes(PACKED_BYTES, "little")
        unders = out.to_bytes(PACKED_BYTES, "little")
        for scan in scans:
            best = NO_RUN
            for rank, below, above, shared in scan:
                here = lefts[rank] - unders[above]
                fresh = here - unders[below]
                # Going on: the rank between is counted already where the one two below
                # may go on it too.
                going_on = best + (here if shared else fresh)
                if going_on > fresh:  # noqa: PLR1730 (a call to max() costs more here)
                    fresh = going_on
                if fresh > 0:
                    return True
                best = fresh
        return False

    def _a_card_is_stranded(self, position: bytes, out: int, suspects: tuple) -> bool:
        """Whether one of ``suspects`` (cards with cards of the ranks they may go on under
        them) still to clear cannot go on the top card now and every card still out
        (``out``, packed by rank, the top card counted) that it may go on but the top card
        lies under it. For the others, Hall's condition on their rank alone says as much."""
        count = len(self.piles)
        top = position[count + 1]
        can_follow = self.follows[top]
        reachable_out = out - (1 << BITS * top)
        for pile, place, rank, under, shifts in suspects:
            height = position[pile]
            if place >= height:
                continue
            reachable = 0
            for shift in shifts:
                reachable += (reachable_out >> shift) & FIELD
            if under < reachable:
                continue
            # Its neighbours all lie under it: it goes next or never.
            if not (can_follow[rank] and place == height - 1 and self._free(position, pile)):
                return True
        return False


# The search solve.py makes for the games whose definition names this module as solver.
SEARCH = OntoWasteSearch
