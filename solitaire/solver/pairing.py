"""The solver of the pairing games (Pyramid and its variants), on the core.

What it reads from the game's definition, naming no game: the pairing piles
(``Rules.pairing_piles``), each of the table's holding one card, which piles lie over
which (``covered_by``), which cards pair (``pairs``) and leave alone (``leaves_alone``),
and a hand turned onto a waste one card at a time (``turns_hand``) with its passes. The
win is asked of the game once, on a position with the table cleared and the stock full:
then clearing the table wins (Relaxed Pyramid), else every card must leave.

A position is one int, which is also its key:

- bit i (i < T): the table's pile i still holds its card;
- bit T + j: the j-th card of the talon is still in play. The talon is the waste, bottom
  card first, then the stock, top card first: the order in which its cards pass through
  the waste, which turning the stock, turning the waste back and taking cards out of it
  never change;
- the pointer: the talon cards before it lie on the waste, the others in the stock. It is
  kept just past the waste's top card (0 for an empty waste), so a position has one key;
- the passes used, where they are limited.

The moves it leaves out lose no win, so a walk that runs dry proves the deal lost:

- a card that leaves alone (a king) and is free goes at once, alone: nothing pairs with
  it, so in any winning line its only part is to cover the cards under it or to sit in
  the talon. The same line with its discard made now, and the turn of the stock that
  would have turned it left out, is legal (the other cards' places are as they were,
  those it covered free sooner) and wins;
- a pair of two free cards, one of which must leave (a table card, or any card where
  every card must go) and has no other partner left, goes at once, alone: every winning
  line pairs those two, and the same argument holds for both;
- a position the walk has visited with fewer passes used stands for this one
  (``_covered``): every line from here is a line from there.

A position is dead when the cards that must leave (the table's, or every card) cannot all
be paired off: the cards fall into groups that pair only among themselves (a rank and its
complement), and within each the cards that must leave need partners of their own, no two
of a pair lying one over the other at any depth (the one under is free only after the
other has left) nor, in the last pass, both on the waste (the one under is free only after
the other has left, and no pass brings them round again). No line wins from there. Each
group's answer is kept by the group's cards in play and on the waste.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from ..model.moves import Move, MoveKind
from ..model.rules import Rules
from ..model.state import State
from .core import Core, Strategy, Walk

__all__ = ["BUDGET", "PairingSearch"]

BUDGET = 400_000  # positions before "unknown"; the process stays well under 100 MB
POINTER_BITS = 6


class PairingSearch(Core[int]):
    """A search of a pairing game's position (``without`` may name TURN)."""

    # A position stands for those that differ from it only by more passes used: each
    # walk keeps the positions it has visited, to tell (``_covered``).
    covers = True
    # One walk: a proof of loss costs a walk's visit to every position, each walk's apart.
    strategies = (Strategy(Walk.BEST_FIRST, share=500),)

    def __init__(
        self,
        rules: Rules,
        state: State,
        *,
        max_positions: int = BUDGET,
        without: frozenset = frozenset(),
    ):
        self.rules = rules
        hand, waste = rules.hand_pile, rules.waste_pile
        assert rules.turn_count == 1, "the pairing solver turns the stock one card at a time"
        self.hand, self.waste, self.discard = hand, waste, rules.discard_pile
        self.table = [pile for pile in rules.pairing_piles if pile not in (hand, waste)]
        assert all(len(state.piles[pile]) <= 1 for pile in self.table), "a card a place"
        index = {pile: at for at, pile in enumerate(self.table)}
        table_count = len(self.table)
        # A placeholder card for an empty place: it is never in play.
        self.table_cards = [
            state.piles[pile][0] if state.piles[pile] else None for pile in self.table
        ]
        self.over = [
            sum(1 << index[over] for over in rules.covered_by.get(pile, ()) if over in index)
            for pile in self.table
        ]
        self.talon = list(state.piles[waste]) + list(reversed(state.piles[hand]))
        self.talon_count = len(self.talon)
        self.turns = MoveKind.TURN not in without
        self.passes = rules.passes
        self.talon_shift = table_count
        self.pointer_shift = table_count + self.talon_count
        self.passes_shift = self.pointer_shift + POINTER_BITS
        assert self.talon_count < 1 << POINTER_BITS
        self.table_mask = (1 << table_count) - 1
        self.relaxed = self._relaxed_win(state)
        # The cards that must leave to win: the table's, or every card.
        self.must_leave = self.table_mask if self.relaxed else (1 << self.pointer_shift) - 1
        # Per card (its bit), the bits of the cards it pairs with; for a table card less
        # those that lie over it or under it, at any depth: it cannot pair with one of
        # those (one must leave before the other is free).
        cards = {1 << at: card for at, card in enumerate(self.table_cards) if card is not None}
        cards.update({1 << (table_count + at): card for at, card in enumerate(self.talon)})
        self.partners = {
            bit: sum(other for other, mate in cards.items() if rules.pairs(card, mate))
            for bit, card in cards.items()
        }
        self.alone = sum(bit for bit, card in cards.items() if rules.leaves_alone(card))
        for at in range(table_count):
            if 1 << at in self.partners:
                self.partners[1 << at] &= ~self._cone(at)
        self.over_bit = {1 << at: mask for at, mask in enumerate(self.over)}
        # The cards in groups that pair only among themselves (a rank and its complement),
        # each group's bits, and whether its cards can still all be paired off, by the
        # group's cards in play and those of them on the waste in the last pass.
        self.groups = self._groups()
        self.matchable: dict[tuple[int, int], bool] = {}
        # The weight of a table card left, the upper rows' most (they wait on the most):
        # the table's bits by their weight.
        weights: dict[int, int] = {}
        for at in range(table_count):
            weight = 3 + (table_count - at) // 4
            weights[weight] = weights.get(weight, 0) | 1 << at
        self.weights = tuple(weights.items())
        present = sum(1 << at for at, card in enumerate(self.table_cards) if card is not None)
        talon_present = ((1 << self.talon_count) - 1) << table_count
        pointer = len(state.piles[waste])
        passes = state.values.get("passes_used", 0) if self.passes is not None else 0
        assert isinstance(passes, int)
        start = present | talon_present | pointer << self.pointer_shift
        # Per walk (its bit), the positions it has visited.
        self.visited: dict[int, set[int]] = {1 << at: set() for at in range(len(self.strategies))}
        super().__init__(start | passes << self.passes_shift, max_positions=max_positions)

    def _relaxed_win(self, state: State) -> bool:
        """Whether clearing the table wins with the talon still in play."""
        probe = state.copy()
        out = probe.piles[self.discard]
        for pile in self.table:
            out.extend(probe.piles[pile])
            probe.piles[pile] = []
        probe.piles[self.hand] = self.talon[::-1]
        probe.piles[self.waste] = []
        return self.rules.is_won(probe)

    def _cone(self, at: int) -> int:
        above = {at}
        todo = [at]
        while todo:  # the cards over it
            for over in self._bits(self.over[todo.pop()]):
                if over not in above:
                    above.add(over)
                    todo.append(over)
        below = {at}
        todo = [at]
        while todo:  # the cards under it
            here = todo.pop()
            for under, mask in enumerate(self.over):
                if mask >> here & 1 and under not in below:
                    below.add(under)
                    todo.append(under)
        return sum(1 << other for other in above | below)

    @staticmethod
    def _bits(mask: int) -> Iterable[int]:
        at = 0
        while mask:
            if mask & 1:
                yield at
            mask >>= 1
            at += 1

    # ------------------------------------------------------------ the position
    def _talon_tops(self, position: int) -> tuple[int | None, int | None]:
        """The talon indices of the waste's top card and the stock's top card."""
        talon = position >> self.talon_shift
        pointer = position >> self.pointer_shift & ((1 << POINTER_BITS) - 1)
        waste = pointer - 1 if pointer else None  # the pointer lies just past it
        stock_cards = talon >> pointer & ((1 << (self.talon_count - pointer)) - 1)
        stock = None
        if stock_cards:
            stock = pointer + (stock_cards & -stock_cards).bit_length() - 1
        return waste, stock

    def _with_pointer(self, position: int, pointer: int) -> int:
        """``position`` with its pointer moved back to just past the waste's top card."""
        talon = position >> self.talon_shift & ((1 << self.talon_count) - 1)
        below = talon & ((1 << pointer) - 1)
        pointer = below.bit_length()
        cleared = position & ~(((1 << POINTER_BITS) - 1) << self.pointer_shift)
        return cleared | pointer << self.pointer_shift

    def _free(self, position: int) -> list[int]:
        """The bits of the free cards: the table's, the waste's and the stock's tops."""
        over = self.over_bit
        free = []
        table = position & self.table_mask
        while table:
            bit = table & -table
            if not position & over[bit]:
                free.append(bit)
            table ^= bit
        waste, stock = self._talon_tops(position)
        if waste is not None:
            free.append(1 << (self.talon_shift + waste))
        if stock is not None:
            free.append(1 << (self.talon_shift + stock))
        return free

    def _removed(self, position: int, bits: int) -> int:
        pointer = position >> self.pointer_shift & ((1 << POINTER_BITS) - 1)
        return self._with_pointer(position & ~bits, pointer)

    # ------------------------------------------------------------ the family's hooks
    def _successors(self, position: int) -> Iterable[tuple[tuple, int]]:
        """The positions one move away, each with its move as the bits of the cards that
        leave (``_moves_of`` names their piles), or no bits for a turn of the stock."""
        partners = self.partners
        free = self._free(position)
        for bit in free:
            if bit & self.alone:  # safe: it goes alone (see the module's notes)
                return [((position, bit), self._removed(position, bit))]
        moves: list[tuple[tuple, int]] = []
        for at, bit in enumerate(free):
            mates = partners[bit]
            for other in free[at + 1 :]:
                if mates & other:
                    after = self._removed(position, bit | other)
                    if (position & mates == other and bit & self.must_leave) or (
                        position & partners[other] == bit and other & self.must_leave
                    ):
                        return [((position, bit, other), after)]  # safe: its only partner
                    moves.append(((position, bit, other), after))
        turn = self._turned(position) if self.turns else None
        if turn is not None:
            moves.append(((position,), turn))
        return moves

    def _moves_of(self, macro: tuple) -> list[Move]:
        position, *bits = macro
        if not bits:
            return [Move(MoveKind.TURN)]
        piles = [self._pile(position, bit) for bit in bits]
        if len(piles) == 1:
            return [Move(MoveKind.DISCARD, piles[0], self.discard)]
        return [Move(MoveKind.PAIR, piles[0], self.discard, partner=piles[1])]

    def _pile(self, position: int, bit: int) -> str:
        """The pile of the free card of ``bit``: its place, the waste or the stock."""
        at = bit.bit_length() - 1
        if at < self.talon_shift:
            return self.table[at]
        waste, _ = self._talon_tops(position)
        return self.waste if at - self.talon_shift == waste else self.hand

    def _turned(self, position: int) -> int | None:
        """The position after turning the stock: its top card onto the waste, or the waste
        back for the next pass; None if it cannot turn."""
        waste, stock = self._talon_tops(position)
        cleared = position & ~(((1 << POINTER_BITS) - 1) << self.pointer_shift)
        if stock is not None:
            return cleared | (stock + 1) << self.pointer_shift
        if waste is None:
            return None
        passes = position >> self.passes_shift
        if self.passes is not None:
            if passes + 1 >= self.passes:
                return None
            cleared += 1 << self.passes_shift
        return cleared  # the pointer at 0: every card back in the stock

    def _won(self, position: int) -> bool:
        if self.relaxed:
            return not position & self.table_mask
        return not position >> self.talon_shift & ((1 << self.talon_count) - 1) and not (
            position & self.table_mask
        )

    def _key(self, position: int) -> int:
        return position

    def _covered(self, key: Hashable, walk: int) -> bool:
        """Whether the walk (its bit) has visited this position with fewer passes used: every line
        from here is a line from there (a pass more to come allows every turn it did)."""
        assert isinstance(key, int)
        visited = self.visited[walk]
        passes = key >> self.passes_shift
        same = key & ((1 << self.passes_shift) - 1)
        if any(same | fewer << self.passes_shift in visited for fewer in range(passes)):
            return True
        visited.add(key)
        return False

    def _groups(self) -> list[int]:
        """The masks of the groups of cards that pair among themselves (kings apart)."""
        groups: list[int] = []
        left = sum(self.partners) & ~self.alone
        while left:
            bit = left & -left
            group, todo = 0, bit
            while todo:  # every card linked to it by pairing
                group |= todo
                more = 0
                for member in _bits_of(todo):
                    more |= self.partners[member]
                todo = more & ~group
            groups.append(group)
            left &= ~group
        return groups

    def _dead(self, position: int) -> bool:
        """Whether the cards that must leave cannot all be paired off (see the notes)."""
        waste = 0
        if self.passes is not None and (position >> self.passes_shift) + 1 >= self.passes:
            pointer = position >> self.pointer_shift & ((1 << POINTER_BITS) - 1)
            waste = ((1 << pointer) - 1) << self.talon_shift  # the last pass's waste
        matchable = self.matchable
        for group in self.groups:
            key = (position & group, waste & position & group)
            known = matchable.get(key)
            if known is None:
                known = matchable[key] = self._matchable(*key)
            if not known:
                return True
        return False

    def _matchable(self, present: int, waste: int) -> bool:
        """Whether the cards of ``present`` that must leave can all be paired off with
        cards of ``present``, no two of them lying one over the other (at any depth) or
        both on the waste in the last pass (the one under can never be free with the
        other)."""
        partners, must = self.partners, present & self.must_leave

        def pair_off(unpaired: int, free: int) -> bool:
            if not unpaired:
                return True
            bit = unpaired & -unpaired
            mates = partners[bit] & free
            if bit & waste:
                mates &= ~waste
            return any(
                pair_off(unpaired & ~bit & ~mate, free & ~bit & ~mate) for mate in _bits_of(mates)
            )

        return pair_off(must, present)

    def _value(self, position: int) -> int:
        """Fewer table cards left first, the upper rows' most, then fewer talon cards."""
        weight = sum(value * (position & mask).bit_count() for value, mask in self.weights)
        talon = (position >> self.talon_shift & ((1 << self.talon_count) - 1)).bit_count()
        return -(4 * weight + talon)


def _bits_of(mask: int) -> Iterable[int]:
    """The set bits of ``mask``, each as a mask of its own."""
    while mask:
        bit = mask & -mask
        yield bit
        mask ^= bit


SEARCH = PairingSearch
