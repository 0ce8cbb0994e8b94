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

A move is a discard or a pair, with the turns of the stock that bring its talon card up
made first, as one move: a card of the stock is turned up in this pass, one already on
the waste (but the top, for its moves with free cards) in the next, if there is one, for
an earlier pass reaches every position a later one does. Turns alone change no card in
play, so no line needs a position of its own between them; every move takes cards away.

The moves it leaves out lose no win, so a walk that runs dry proves the deal lost:

- a card that leaves alone (a king) and is free goes at once, alone: nothing pairs with
  it, so in any winning line its only part is to cover the cards under it or to sit in
  the talon. The same line with its discard made now, and the turn of the stock that
  would have turned it left out, is legal (the other cards' places are as they were,
  those it covered free sooner) and wins;
- a pair of two free cards, one of which must leave (a table card, or any card where
  every card must go) and has no other partner left, goes at once, alone: every winning
  line pairs those two, and the same argument holds for both;
- a position the walk has visited with the same cards in play and fewer passes used, or
  as many and the pointer no further on (any pointer where the passes are unlimited),
  stands for this one (``_covered``): each move from here is a move from there to the
  same position or to one that stands for it, so a line that wins from here has one that
  wins from there; and since every move takes cards away, the one that stands for
  another is never reached only through it.

A position is dead when the cards that must leave (the table's, or every card) cannot all
be paired off: the cards fall into groups that pair only among themselves (a rank and its
complement), and within each the cards that must leave need partners of their own, no two
of a pair lying one over the other at any depth (the one under is free only after the
other has left) nor, in the last pass, both on the waste (the one under is free only after
the other has left, and no pass brings them round again), and the pairs able to leave one
after another: a pair with a card over one of another pair's cards (or above it on the
waste in the last pass) must leave before that pair, so in a won line these "before"s
have no cycle (two queens each over the ace the other takes wait on each other for
ever). No line wins from there. Each group's answer is kept by the group's cards in play
and on the waste.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from functools import cache

from ..model.moves import Move, MoveKind
from ..model.rules import Rules
from ..model.state import State
from .core import Core, Strategy, Walk

__all__ = ["BUDGET", "PairingSearch"]

# Positions before "unknown": the process stays under 100 MB (86 MB at 300,000 positions
# on the hardest deal tried, 92 MB at 330,000; each position keeps its key twice, in the
# store and, less its pointer and passes, in ``visited``). A position here is a move that
# takes cards away, turns and all, where a turn used to be one: 300,000 reach further
# than 400,000 did.
BUDGET = 300_000
POINTER_BITS = 6
POINTER_MASK = (1 << POINTER_BITS) - 1
# The table's bits a lookup of a chunk table reads at once (``_chunk_tables``): the
# pyramid's 28 places in two lookups, two tables of 16,384 entries, made once per layout.
CHUNK_BITS = 14
CHUNK_MASK = (1 << CHUNK_BITS) - 1
# What a pass used weighs against the cards left (a table card 12 to 40, a talon card 1):
# a position of an earlier pass first, unless a later one has some four to twelve table
# cards fewer; it also stands for more positions (``_covered``), so proofs shrink too.
# Tuned on deals 600001..600200, three passes, 2 s each: 0 settled 98 %, 150 99.5 %, 200
# 99 %; on eight of their slower deals 400 and 1,000 (the passes first of all) took twice
# the positions of 200 and more, the wins the most.
PASS_WEIGHT = 150


class PairingSearch(Core[int]):
    """A search of a pairing game's position (``without`` may name TURN)."""

    # A position stands for those with the same cards in play and more passes used or the
    # pointer further on: each walk keeps the lowest it has visited, to tell (``_covered``).
    covers = True
    # One walk: a proof of loss costs a walk's visit to every position, each walk's apart.
    strategies = (Strategy(Walk.BEST_FIRST, share=500),)
    # A king's discard with no card turned onto the last pass's waste leaves each group's
    # cards in play and on that waste as they were: no dead test after it.
    tests_by_move = True

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
        # Per place, the places over it that hold a card: no card lies over another
        # through an empty place (a position given, not dealt, may have holes), and one
        # that lies over another through cards does so until it leaves (the cards between
        # can leave only after it).
        self.over = [
            sum(
                1 << index[over]
                for over in rules.covered_by.get(pile, ())
                if over in index and state.piles[over]
            )
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
        talon_bits = ((1 << self.talon_count) - 1) << table_count
        self.talon_alone = self.alone & talon_bits
        # The cards in groups that pair only among themselves (a rank and its complement),
        # each group's bits, and whether its cards can still all be paired off, by the
        # group's cards in play and those of them on the waste in the last pass. (Made
        # before the cards one over the other are told apart as partners: two pairs of a
        # group may wait on each other, each with a card over one of the other's.)
        self.groups = self._groups()
        self.matchable: dict[int, bool] = {}
        # Per table card (its bit), the cards over it at any depth: gone before it is free.
        self.above = {1 << at: self._cone(at, below=False) for at in range(table_count)}
        for at in range(table_count):
            if 1 << at in self.partners:
                self.partners[1 << at] &= ~self._cone(at)
        # Per chunk of the table's bits, the table cards its cards lie over, so that the
        # free table cards of a position are those left less those, by a lookup or two.
        covering = [0] * table_count
        for at, mask in enumerate(self.over):
            for over in self._bits(mask):
                covering[over] |= 1 << at
        self.covering = _chunk_tables(tuple(covering), int.__or__)
        # Per talon card, its partners in the talon, both by the talon's own bits.
        self.talon_mates = {
            1 << at: (self.partners[1 << table_count + at] & talon_bits) >> table_count
            for at in range(self.talon_count)
        }
        # The weight of a table card left, the upper rows' most (they wait on the most):
        # the table's bits by their weight.
        # By chunk of the table's bits, four times their weight (``_value``).
        weights = tuple(4 * (3 + (table_count - at) // 4) for at in range(table_count))
        self.weights = _chunk_tables(weights, int.__add__)
        present = sum(1 << at for at, card in enumerate(self.table_cards) if card is not None)
        talon_present = ((1 << self.talon_count) - 1) << table_count
        pointer = len(state.piles[waste])
        passes = state.values.get("passes_used", 0) if self.passes is not None else 0
        assert isinstance(passes, int)
        start = present | talon_present | pointer << self.pointer_shift
        # Which position stands for another (``_covered``): one with the same cards in
        # play (the bits of ``cover_same``) whose rank is no higher, its passes used and
        # then its pointer (the bits from ``cover_shift``; all of rank 0 where the passes
        # are unlimited). Turning the stock reaches every card that a position further on
        # reaches, in the same pass or an earlier one, and a move that brings a card up
        # leaves the pointer where that card and the cards in play put it, not where it
        # was: so each move from the position further on is a move from the other to the
        # same position or one that stands for it, and no line wins only from the first.
        # (Without turns, only the passes: the pointer then tells which card is free.)
        # Every move takes cards away, so a position never stands for one it leads to.
        self.cover_shift = self.pointer_shift if self.turns else self.passes_shift
        self.cover_same = (1 << self.cover_shift) - 1
        self.cover_ranked = self.passes is not None or not self.turns
        # Per walk (its bit), the lowest rank it has visited for each cards in play.
        self.visited: dict[int, dict[int, int]] = {
            1 << at: {} for at in range(len(self.strategies))
        }
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

    def _cone(self, at: int, *, below: bool = True) -> int:
        """The bits of the table cards over the card of place ``at`` and, where ``below``,
        those under it, at any depth (and its own)."""
        above = {at}
        todo = [at]
        while todo:  # the cards over it
            for over in self._bits(self.over[todo.pop()]):
                if over not in above:
                    above.add(over)
                    todo.append(over)
        if not below:
            return sum(1 << other for other in above if other != at)
        under_it = {at}
        todo = [at]
        while todo:  # the cards under it
            here = todo.pop()
            for under, mask in enumerate(self.over):
                if mask >> here & 1 and under not in under_it:
                    under_it.add(under)
                    todo.append(under)
        return sum(1 << other for other in above | under_it)

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

    # ------------------------------------------------------------ the family's hooks
    def _successors(self, position: int) -> Iterable[tuple[tuple, int]]:
        """The positions one move away, each with its move: the position it starts from,
        the one after the turns of the stock that bring its card up (the same where none
        is needed) and the bits of the cards that leave (``_moves_of`` makes the turns and
        names the piles). (The free cards and the talon's pointer worked out here, in one
        place: this is most of the family's time.)"""
        # The free cards: the table's, then the waste's top card and the stock's.
        table = position & self.table_mask
        covered = 0
        for shift, lookup in self.covering:
            covered |= lookup[table >> shift & CHUNK_MASK]
        table &= ~covered
        free = []
        while table:
            bit = table & -table
            free.append(bit)
            table ^= bit
        talon_shift = self.talon_shift
        talon = position >> talon_shift
        pointer = position >> self.pointer_shift & POINTER_MASK
        waste_bit = 1 << talon_shift + pointer - 1 if pointer else 0  # just past the top
        if waste_bit:
            free.append(waste_bit)
        stock_cards = talon >> pointer & ((1 << self.talon_count - pointer) - 1)
        stock_bit = (stock_cards & -stock_cards) << talon_shift + pointer
        if stock_bit:
            free.append(stock_bit)
        alone = self.alone
        for bit in free:
            if bit & alone:  # safe: it goes alone (see the module's notes)
                return [((position, position, bit), self._removed(position, bit, waste_bit))]
        partners, must_leave = self.partners, self.must_leave
        moves: list[tuple[tuple, int]] = []
        for at, bit in enumerate(free):
            mates = partners[bit]
            for other in free[at + 1 :]:
                if mates & other:
                    after = self._removed(position, bit | other, waste_bit)
                    if (position & mates == other and bit & must_leave) or (
                        position & partners[other] == bit and other & must_leave
                    ):
                        # safe: its only partner
                        return [((position, position, bit, other), after)]
                    moves.append(((position, position, bit, other), after))
        if not self.turns:
            return moves
        # The talon's other cards, each brought to the stock's top by turning the stock
        # (in this pass if it lies in the stock, else in the next, if there is one), and
        # its moves there: alone, with a free table card or with the waste's top card.
        table_free = sum(free) & self.table_mask
        # The talon's cards (its own bits) worth bringing up: a king, or a partner of a
        # free table card; or one that pairs with the card before it, by ``talon_mates``.
        wanted = self.talon_alone
        for bit in _bits_of(table_free):
            wanted |= partners[bit]
        wanted >>= talon_shift
        talon_mates = self.talon_mates
        talon &= (1 << self.talon_count) - 1
        passes_shift, pointer_shift = self.passes_shift, self.pointer_shift
        cleared = position & ~(POINTER_MASK << pointer_shift)
        later = self.passes is None or (position >> passes_shift) + 1 < self.passes
        next_pass = cleared + (0 if self.passes is None else 1 << passes_shift)
        rest = talon & ~((waste_bit | stock_bit) >> talon_shift)
        if not later:  # the waste's cards stay under its top until the pass ends
            rest &= ~((1 << pointer) - 1)
        # The waste's top card pairs with the card under it only in the next pass (its
        # other moves are those of a free card), brought up again as the stock's top.
        waste_again = waste_bit >> talon_shift if later else 0
        before = 0  # the talon's card before this one, if any
        left = talon
        while left:
            low = left & -left
            left ^= low
            with_before = before & talon_mates[low]
            if low & rest and (low & wanted or with_before) or low & waste_again and with_before:
                at = low.bit_length() - 1
                turned = next_pass if at < pointer else cleared
                turned |= before.bit_length() << pointer_shift  # just past the card before
                bit = low << talon_shift
                if bit & alone:
                    moves.append(((position, turned, bit), turned & ~bit))
                    before = low
                    continue
                if low & rest:
                    for other in _bits_of(partners[bit] & table_free):
                        moves.append(((position, turned, bit, other), turned & ~bit & ~other))
                if with_before:
                    top = before << talon_shift
                    after = self._removed(turned, bit | top, top)
                    moves.append(((position, turned, top, bit), after))
            before = low
        return moves

    def _turn(self, position: int) -> int:
        """The position after one turn of the stock: its top card onto the waste, or the
        waste back for the next pass."""
        talon = position >> self.talon_shift & ((1 << self.talon_count) - 1)
        pointer = position >> self.pointer_shift & POINTER_MASK
        cleared = position & ~(POINTER_MASK << self.pointer_shift)
        stock_cards = talon >> pointer
        if stock_cards:
            stock = pointer + (stock_cards & -stock_cards).bit_length() - 1
            return cleared | (stock + 1) << self.pointer_shift
        return cleared + (0 if self.passes is None else 1 << self.passes_shift)

    def _removed(self, position: int, bits: int, waste_bit: int) -> int:
        """``position`` less the cards of ``bits``, one of them perhaps the waste's top card
        (``waste_bit``): then the pointer goes back to just past the card under it."""
        position &= ~bits
        if not bits & waste_bit:
            return position
        talon_shift = self.talon_shift
        below = position & (waste_bit - 1) & ~self.table_mask
        pointer = below.bit_length() - talon_shift if below else 0
        cleared = position & ~(POINTER_MASK << self.pointer_shift)
        return cleared | pointer << self.pointer_shift

    def _moves_of(self, macro: tuple) -> list[Move]:
        position, turned, *bits = macro
        moves = []
        while position != turned:
            moves.append(Move(MoveKind.TURN))
            position = self._turn(position)
        piles = [self._pile(position, bit) for bit in bits]
        if len(piles) == 1:
            return [*moves, Move(MoveKind.DISCARD, piles[0], self.discard)]
        return [*moves, Move(MoveKind.PAIR, piles[0], self.discard, partner=piles[1])]

    def _pile(self, position: int, bit: int) -> str:
        """The pile of the free card of ``bit``: its place, the waste or the stock."""
        at = bit.bit_length() - 1
        if at < self.talon_shift:
            return self.table[at]
        waste, _ = self._talon_tops(position)
        return self.waste if at - self.talon_shift == waste else self.hand

    def _worth_testing(self, macro: tuple) -> bool:
        """Whether the position after ``macro`` may be dead where the one before it was
        not: after a pair left, or a card turned onto the last pass's waste (the dead test
        reads nothing else; a turn of the waste back leaves an empty waste)."""
        position, turned, *bits = macro
        if not bits[0] & self.alone:
            return True
        return (
            turned != position
            and self.passes is not None
            and (turned >> self.passes_shift) + 1 >= self.passes
        )

    def _won(self, position: int) -> bool:
        if self.relaxed:
            return not position & self.table_mask
        return not position >> self.talon_shift & ((1 << self.talon_count) - 1) and not (
            position & self.table_mask
        )

    def _key(self, position: int) -> int:
        return position

    def _covered(self, key: Hashable, walk: int) -> bool:
        """Whether the walk (its bit) has visited a position with the same cards in play and
        fewer passes used, or as many and the pointer no further on (``cover_rank``)."""
        assert isinstance(key, int)
        visited = self.visited[walk]
        same = key & self.cover_same
        rank = key >> self.cover_shift if self.cover_ranked else 0
        best = visited.get(same)
        if best is not None and best <= rank:
            return True
        visited[same] = rank
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
        matchable, waste_shift = self.matchable, self.pointer_shift
        for group in self.groups:
            present = position & group
            # (the cards in play below the pointer's bits, those on the waste above them:
            # one int a group, the groups' bits apart, the empty group's always matchable)
            key = present | (waste & present) << waste_shift
            known = matchable.get(key)
            if known is None:
                known = matchable[key] = self._matchable(present, waste & present)
            if not known:
                return True
        return False

    def _matchable(self, present: int, waste: int) -> bool:
        """Whether the cards of ``present`` that must leave can all be paired off with
        cards of ``present``, no two of them lying one over the other (at any depth) or
        both on the waste in the last pass (the one under can never be free with the
        other), in pairs that can leave one after the other (``_in_order``)."""
        return self._pair_off(present & self.must_leave, present, (), waste)

    def _pair_off(self, unpaired: int, free: int, pairs: tuple[int, ...], waste: int) -> bool:
        """Whether the cards of ``unpaired`` can be paired off with cards of ``free``, as
        ``_matchable`` says, beside the ``pairs`` made already. (A method, not a closure
        that calls itself: that would make a cycle that keeps the search alive.)"""
        if not unpaired:
            return self._in_order(pairs, waste)
        bit = unpaired & -unpaired
        mates = self.partners[bit] & free
        if bit & waste:
            mates &= ~waste
        return any(
            self._pair_off(
                unpaired & ~bit & ~mate, free & ~bit & ~mate, (*pairs, bit | mate), waste
            )
            for mate in _bits_of(mates)
        )

    def _in_order(self, pairs: tuple[int, ...], waste: int) -> bool:
        """Whether the pairs (each the bits of its two cards) can leave in some order: a
        card leaves with its partner, so a pair with a card that lies over another's card
        (at any depth), or above it on the waste in the last pass, leaves before that
        other pair. In a won line the pairs leave one after another, so these "before"s
        have no cycle; where every pairing of a group has one, no line wins."""
        above = self.above
        waiting = list(pairs)
        while waiting:
            for pair in waiting:
                # The cards that must be gone before this pair's can leave.
                first = 0
                for bit in _bits_of(pair):
                    first |= above.get(bit, 0)
                    if bit & waste:
                        first |= waste & ~((bit << 1) - 1)  # the waste's cards above it
                if not any(other & first for other in waiting if other != pair):
                    waiting.remove(pair)  # it can leave first
                    break
            else:
                return False  # each waits on another
        return True

    def _value(self, position: int) -> int:
        """Fewer table cards left first, the upper rows' most, then fewer talon cards, and
        fewer passes used (``PASS_WEIGHT``)."""
        table = position & self.table_mask
        weight = 0
        for shift, lookup in self.weights:
            weight += lookup[table >> shift & CHUNK_MASK]
        talon = (position >> self.talon_shift & ((1 << self.talon_count) - 1)).bit_count()
        if self.passes is not None:
            weight += PASS_WEIGHT * (position >> self.passes_shift)
        return -(weight + talon)


@cache
def _chunk_tables(
    per_bit: tuple[int, ...], combine: Callable[[int, int], int]
) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Per chunk of ``CHUNK_BITS`` bits (its shift), for each mask of the chunk the values of
    its bits (``per_bit``) combined: a sum or a union of many bits read by a lookup each
    chunk. Kept per layout: a search of a deal that settles at once makes none."""
    chunks = []
    for shift in range(0, len(per_bit), CHUNK_BITS):
        values = per_bit[shift : shift + CHUNK_BITS]
        lookup = [0] * (1 << len(values))
        for mask in range(1, len(lookup)):
            low = mask & -mask
            lookup[mask] = combine(lookup[mask ^ low], values[low.bit_length() - 1])
        chunks.append((shift, tuple(lookup)))
    return tuple(chunks)


def _bits_of(mask: int) -> Iterable[int]:
    """The set bits of ``mask``, each as a mask of its own."""
    while mask:
        bit = mask & -mask
        yield bit
        mask ^= bit


SEARCH = PairingSearch
