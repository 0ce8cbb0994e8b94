"""The La Belle Lucie solver's proofs of a loss (see ``lucie.py``): knots, cycles of cards
that wait for each other, cards that can never leave, and the lifts a merci could make
that leave none stuck.

With no reshuffle left to the search, two tests cut lost positions short. ``knotted``
(a card above a lower card of its suit, which can leave only for home because its
parent lies under it too, or it is a king or marked by move-once) counted per fan: such
a knot can be untied only by a merci from that very fan, so more knotted fans than
mercis left is lost, and as many means the mercis must come from those fans. And a
cycle of cards that must each leave before the next (a card waits for the one above it;
a card that can leave only for home waits for every lower card of its suit): no tableau
move breaks one, so without a merci the position is lost, and a last merci must lift a
card of the cycle or the parent that keeps one of them from moving. So a second cycle
none of whose cards is such a card, nor has such a card for parent, is one the last
merci cannot break: with two such cycles the position is lost with one merci left (the
second is looked for among the cards the first search has not yet found cycle-free).

Without a merci a position is also lost when ``_stuck`` finds a card that can never
leave even if moves could be made in any order (a card leaves once the card above it
has, and either its lower cards of its suit have, or it may move and its parent is
uncovered, in another fan, or lies above it). This is a least fixed point: a card once
known to leave stays so. Lifting one card into limbo only weakens it: the card beneath
now waits for the card that was above the lifted one, which left before the lifted one
could; the lifted card waits for nothing above it, and its parent, in another fan now,
is free once uncovered, which happened before the lifted card could leave if the parent
lay above it; the cards of its suit, the foundations and the move-once marks are
unchanged. So every card that leaves before the lift leaves after it: where nothing is
stuck, nothing is after any lift; otherwise the first card to leave after the lift that
could not before must be one whose condition changed (the lifted card, its child, the
card beneath it or that card's child), so a lift touching none of those leaves the
position lost, and the others are tested in full (``_freeing_lifts``). The same holds
for a merci home (the card leaves at once in limbo, its next lower card being home). A
limbo card counts as a fan of its own there, which only frees more than any fan it may
lie on. In the final layout every position with no merci left is tested so (knots are
stuck cards: this test covers them): a move can make a card stuck (a card built onto its
parent now waits for home, and its parent for it), though not a move home (the card only
leaves first) nor the last merci (only lifts leaving none stuck are tried), after which
the test is skipped. ``_stuck`` peels each fan from the top while its top card can
leave, round after round, with the cards as bits.

Where the last merci may come at any time, this also tests the position before it, the
merci still in hand: it is lost when no card (covered now or not, since it may be
covered later) can be lifted so that none is stuck (``_freeing_lifts``). A winning line
makes its merci on some card at some time; take the order in which the cards first move
(the lifted card: first move other than by the merci). A card moves when it is on top,
so every card above it moved first; the card beneath the lifted one moves after the card
that lay on the lifted one (that card lay on it after the merci too). It moves home with
its lower cards home, or onto its parent (not marked by move-once, so not marked now
either), which is then on top: every card above the parent has moved, and a parent
beneath it in its own fan cannot be on top first. No card waits for the lifted one with
it lifted but the higher cards of its suit, which go home after it. Move-once marks and
limbo candidates only forbid more. So the order is one the test allows with that card
lifted at the start, and every card leaves: if every lift leaves a card stuck, no line
wins. The lifts that free every card are the only ones tried there (a lift leaving a
card stuck loses at once). A move never adds one: a line of cards leaving after the
move, led by the moved card (which could leave before it: it could move), is one before
it, where no card waits for more (the card it went onto was on top; a move-once mark
only binds it more). So a position passes its freeing lifts on to those its moves reach,
and only those are tried there (``_freeing_lifts``). A position with nothing stuck skips
this (any cycle is stuck, so there is none: the cycle tests above serve La Belle Lucie's
draw only), and two cycles no single lift can break are a case of it. With two mercis
left, the same holds for pairs of lifts (``_pair_lifts``): after a merci of one card,
wherever it put the card (which then covers a fan's top and may wait for more than in
limbo), only the lifts that free every card together with a lift of that card can free
every card, so a merci of a card no second lift helps is not tried, and the others pass
those lifts on as a hint; a move never adds a pair either.
"""

from __future__ import annotations

from .lucie_position import CACHE_LIMIT, FAN_COUNT, FOUND, LIMBO, MOVED, PILES, LuciePositions

# Per card: its lower cards of its suit (all home: it may go home). Per suit and height
# of its foundation: the cards home.
LOWER = tuple(sum(1 << low for low in range(4 + (code & 3), code, 4)) for code in range(64))
HOME_BITS = tuple(
    tuple(sum(1 << (rank * 4 + suit) for rank in range(1, height + 1)) for height in range(14))
    for suit in range(4)
)
SINGLE = -1  # the key of the single lifts in a table of pairs (see _pair_lifts)


class LucieProofs(LuciePositions):
    """The tests that prove a position lost (see the module notes), and the lifts a merci
    could make that leave no card stuck, which are the only ones worth trying."""

    def __init__(self, rules, state, *, max_positions: int, without=frozenset()):
        super().__init__(rules, state, max_positions=max_positions, without=without)
        self.knot_cache: dict[bytes, tuple[bool, int]] = {}
        self.cycle_cache: dict[bytes, tuple] = {}
        self.peel_cache: dict[bytes, tuple] = {}

    def _knots(self, pile: bytes) -> tuple[bool, int]:
        """Whether the pile holds a knot, and the cards that would knot it if marked moved."""
        known = self.knot_cache.get(pile)
        if known is not None:
            return known
        knotted, if_moved, below, lowest = False, 0, 0, [99, 99, 99, 99]
        for code in pile:
            rank, suit = code >> 2, code & 3
            if lowest[suit] < rank:
                if rank == 13:
                    knotted = knotted or not self.kings_fill
                elif below >> (code + 4) & 1:
                    knotted = True
                else:
                    if_moved |= 1 << code
            lowest[suit] = min(lowest[suit], rank)
            below |= 1 << code
        if len(self.knot_cache) > CACHE_LIMIT:
            self.knot_cache.clear()
        known = self.knot_cache[pile] = (knotted, if_moved)
        return known

    def _knotted_piles(self, position: tuple) -> list[int]:
        moved = position[MOVED]
        knotted = []
        for index, pile in enumerate(position[PILES]):
            if len(pile) > 1:
                hard, if_moved = self._knots(pile)
                if hard or if_moved & moved:
                    knotted.append(index)
        return knotted

    def _cycle(self, position: tuple) -> list | None:
        """A cycle of cards that must each leave before the next: a card must wait for the
        one above it, and a card that can leave only for home (a king when kings may not
        fill a space, a card above its parent, one marked by move-once) for every lower
        card of its suit to be home. A knot is such a cycle within one fan; this finds
        those across fans too. No tableau move can break one: the position is lost
        without a merci, and a merci must lift a card of the cycle or the parent that
        makes one of them wait for home."""
        return self._find_cycle(self._waits(position))

    def _waits(self, position: tuple) -> dict:
        """Per card, the cards that must leave before it (see _cycle)."""
        piles, moved = position[PILES], position[MOVED]
        present = 0
        for pile in piles:
            for code in pile:
                present |= 1 << code
        successors = {}
        for pile in piles:
            for code, after, waits in self._cycle_parts(pile):
                if waits or moved >> code & 1:
                    after = list(after)
                    lower = code - 4
                    while lower >= 4 and present >> lower & 1:
                        after.append(lower)
                        lower -= 4
                successors[code] = after
        return successors

    def _find_cycle(self, successors: dict, avoid=(), mark=None) -> list | None:
        """A cycle of _waits, the cards in ``avoid`` left out. ``mark`` (per card: 1 on
        the current path, 2 done or left out) may come from an earlier search of the same
        cards: a card it is done with reaches no cycle, so none with fewer cards either."""
        if mark is None:
            mark = [0] * 64
        else:
            mark[:] = [0 if seen == 1 else seen for seen in mark]
        for code in avoid:
            mark[code] = 2
        for start, after in successors.items():
            if mark[start]:
                continue
            stack = [(start, iter(after))]
            mark[start] = 1
            while stack:
                code, following = stack[-1]
                nxt = next(following, None)
                if nxt is None:
                    stack.pop()
                    mark[code] = 2
                elif mark[nxt] == 1:
                    codes = [entry[0] for entry in stack]
                    return codes[codes.index(nxt) :]
                elif not mark[nxt]:
                    mark[nxt] = 1
                    stack.append((nxt, iter(successors[nxt])))
        return None

    def _cycle_parts(self, pile: bytes) -> tuple:
        """Per card of the pile: the card above it (as a list), and whether it waits for
        home whatever the move-once marks (a king that may not fill a space, or a card
        above its parent)."""
        known = self.cycle_cache.get(pile)
        if known is None:
            parts, below = [], 0
            for height, code in enumerate(pile):
                after = (pile[height + 1],) if height + 1 < len(pile) else ()
                rank = code >> 2
                waits = (rank == 13 and not self.kings_fill) or (
                    rank < 13 and bool(below >> (code + 4) & 1)
                )
                parts.append((code, after, waits))
                below |= 1 << code
            if len(self.cycle_cache) > CACHE_LIMIT:
                self.cycle_cache.clear()
            known = self.cycle_cache[pile] = tuple(parts)
        return known

    def _hopeless(self, position: tuple) -> bool:
        """Some card can never leave (see _stuck)."""
        return bool(self._stuck(position[PILES], position[FOUND], position[MOVED]))

    def _stuck(self, piles: tuple, found: tuple, moved: int) -> int:
        """The cards (as bits) that can never leave, even if moves could be made in any
        order: a card leaves once every card above it has, and either every lower card
        of its suit has (for home) or it may still move and its parent, not beneath it,
        has been uncovered (the parent may also have moved on first)."""
        parts = self._peel_start(piles, found, moved)
        return parts[4] & ~self._peel(piles, *parts[:4])

    def _peel_start(self, piles: tuple, found: tuple, moved: int) -> tuple:
        """What _peel starts from: the cards home, each pile's height, per card the
        cards above it, the cards that may leave only for home, and the piles' cards."""
        above, home_only, cards = {}, moved, 0
        cache = self.peel_cache
        for pile in piles:
            known = cache.get(pile)
            if known is None:
                known = cache[pile] = self._peel_parts(pile)
            above.update(known[0])
            home_only |= known[1]
            cards |= known[2]
        gone = HOME_BITS[0][found[0]] | HOME_BITS[1][found[1]]
        gone |= HOME_BITS[2][found[2]] | HOME_BITS[3][found[3]]
        return gone, [len(pile) for pile in piles], above, home_only, cards

    def _peel(self, piles, gone: int, tops: list, above: dict, home_only: int) -> int:
        """The cards that leave (bits), ``gone`` at first: each pile is peeled from its
        top (``tops``: how many of its cards are left, updated) while the top card can
        leave, round after round until a round peels nothing (a least fixed point)."""
        changed = True
        while changed:
            changed = False
            for index, pile in enumerate(piles):
                top = tops[index]
                while top:
                    code = pile[top - 1]
                    low = LOWER[code]
                    if gone & low != low:
                        if home_only >> code & 1:
                            break
                        if code < 52:  # not a king: onto its parent, once uncovered
                            parent = above.get(code + 4)
                            if parent is None or gone & parent != parent:
                                break
                    gone |= 1 << code
                    top -= 1
                if top != tops[index]:
                    tops[index] = top
                    changed = True
        return gone

    def _peel_parts(self, pile: bytes) -> tuple:
        """Per card of the pile the cards above it (bits), the cards that may leave only
        for home whatever the marks (a king that may not fill a space; a card above its
        parent), the pile's cards, and per card the one beneath it."""
        above, home_only, mask, below = {}, 0, 0, {}
        for code in reversed(pile):
            above[code] = mask
            mask |= 1 << code
        for at in range(1, len(pile)):
            below[pile[at]] = pile[at - 1]
        beneath = 0
        for code in pile:
            if (code >= 52 and not self.kings_fill) or (code < 52 and beneath >> (code + 4) & 1):
                home_only |= 1 << code
            beneath |= 1 << code
        if len(self.peel_cache) > CACHE_LIMIT:
            self.peel_cache.clear()
        return above, home_only, mask, below

    def _freeing_lifts(self, position: tuple, hint: frozenset | None) -> frozenset | None:
        """None when no card is stuck (see _stuck); else the cards whose lift into limbo
        leaves none stuck (covered now or not: empty means the position is lost).

        Where nothing is stuck, nothing is after any lift. Otherwise only a lift of a
        stuck card can help (see the module notes), and only of a card in ``hint``: the
        cards that freed every card in a position this one was reached from by a move
        (None: not known). Each lift is peeled on from the cards that leave without it."""
        piles, found, moved = position[PILES], position[FOUND], position[MOVED]
        gone, tops, above, home_only, cards = self._peel_start(piles, found, moved)
        gone = self._peel(piles, gone, tops, above, home_only)
        stuck = cards & ~gone
        if not stuck:
            return None
        freeing = []
        kings_wait = not self.kings_fill
        below = None
        for index in range(FAN_COUNT):
            pile = piles[index]
            for at in range(tops[index]):
                code = pile[at]
                if hint is not None and code not in hint:
                    continue
                bit = 1 << code
                over = dict(above)
                over[code] = 0
                for under in pile[:at]:
                    over[under] = above[under] & ~bit
                # The card and its child no longer lie above their parents.
                child = bit >> 4
                only = home_only & ~(bit | child) | moved & (bit | child)
                if code >= 52 and kings_wait:
                    only |= bit
                # The first card to leave that could not before is the lifted card, the
                # card beneath it or the child of either: unless one can, none does.
                beneath = pile[at - 1] if at else code
                todo = [code, code - 4, beneath, beneath - 4]
                if not any(self._leaves(card, gone, over, only) for card in todo):
                    continue  # the first card to leave would be one of these
                if hint is not None:  # a card or two: peeled in rounds
                    lifted = list(piles)
                    lifted[index] = pile[:at] + pile[at + 1 :]
                    lifted[LIMBO] = pile[at : at + 1]
                    heights = list(tops)
                    heights[index] -= 1
                    heights[LIMBO] = 1
                    if not cards & ~self._peel(lifted, gone, heights, over, only):
                        freeing.append(code)
                    continue
                if below is None:  # many cards: each from the few it changes
                    below = {}
                    for other in piles:
                        known = self.peel_cache.get(other)
                        if known is None:
                            known = self.peel_cache[other] = self._peel_parts(other)
                        below.update(known[3])
                # The card that lay on the lifted one lies on the card beneath it now.
                fix = {code: None}
                if at + 1 < len(pile):
                    fix[pile[at + 1]] = pile[at - 1] if at else None
                if not cards & ~self._cascade(todo, gone, over, only, below, fix):
                    freeing.append(code)
        return frozenset(freeing)

    def _pair_lifts(self, position: tuple, hint: dict | None) -> dict | None:
        """With two mercis left: per covered card, the cards whose lift after its own
        leaves no card stuck (None: any card, its own lift freeing every card); None
        when no card is stuck. A merci of that card (onto any fan, or home) reaches a
        position whose freeing lifts (see _freeing_lifts) are among these: there the
        card lies on a fan, covering its top and waiting for more than in limbo. So a
        card with none is not worth a merci, and the others pass them on as a hint.
        As with single lifts, a move never adds a pair: ``hint`` is the table of a
        position this one was reached from by a move (None: not known)."""
        piles, found, moved = position[PILES], position[FOUND], position[MOVED]
        gone, tops, above, home_only, cards = self._peel_start(piles, found, moved)
        gone = self._peel(piles, gone, tops, above, home_only)
        if not cards & ~gone:
            return None
        below: dict = {}
        for pile in piles:
            known = self.peel_cache.get(pile)
            if known is None:
                known = self.peel_cache[pile] = self._peel_parts(pile)
            below.update(known[3])
        table: dict = {}
        for index in range(FAN_COUNT):
            pile = piles[index]
            for at in range(len(pile) - 1):
                code = pile[at]
                if not (cards & ~gone) >> code & 1:
                    # Lifting a card that leaves anyway changes nothing: the lifts
                    # after it are the single lifts that free every card.
                    table[code] = False
                    continue
                # None: no hint, or its lift alone freed every card there; any card may help
                known = hint.get(code) if hint is not None else None
                if known is not None and not known:
                    table[code] = known  # no card after this one: no more now
                    continue
                first = self._lift_maps(above, below, home_only, moved, pile, at)
                over, under, only, rest, todo = first
                after = self._cascade(todo, gone, over, only, under, {})
                stuck = cards & ~after
                if not stuck:
                    table[code] = None
                    continue
                freeing = []
                for other_index in range(FAN_COUNT):
                    other = rest if other_index == index else piles[other_index]
                    for other_at, card in enumerate(other):
                        if not stuck >> card & 1 or (known is not None and card not in known):
                            continue
                        maps = self._lift_maps(over, under, only, moved, other, other_at)
                        twice = self._cascade(maps[4], after, maps[0], maps[2], maps[1], {})
                        if not cards & ~twice:
                            freeing.append(card)
                table[code] = frozenset(freeing)
        # The single lifts (for the cards that leave anyway) bound those after a move
        # too: kept under SINGLE, a hint like the others.
        single = None
        for code, lifts in list(table.items()):
            if lifts is False:
                if single is None:
                    known = hint.get(SINGLE) if hint is not None else None
                    single = self._freeing_lifts(position, known) or frozenset()
                    table[SINGLE] = single
                table[code] = single
        return table

    def _lift_maps(self, above: dict, below: dict, home_only: int, moved: int, pile, at):
        """The maps of _cascade after the card at ``at`` of ``pile`` is lifted into
        limbo: the cards above each card, the card beneath each, the cards that may
        leave only for home, the pile left, and the cards to look at first."""
        code = pile[at]
        bit = 1 << code
        over = dict(above)
        over[code] = 0
        for card in pile[:at]:
            over[card] = above[card] & ~bit
        under = dict(below)
        under.pop(code, None)
        if at + 1 < len(pile):
            if at:
                under[pile[at + 1]] = pile[at - 1]
            else:
                under.pop(pile[at + 1], None)
        child = bit >> 4
        only = home_only & ~(bit | child) | moved & (bit | child)
        if code >= 52 and not self.kings_fill:
            only |= bit
        beneath = pile[at - 1] if at else code
        rest = pile[:at] + pile[at + 1 :]
        return over, under, only, rest, [code, code - 4, beneath, beneath - 4]

    def _cascade(self, todo: list, gone: int, above: dict, home_only: int, below, fix) -> int:
        """The cards that leave (bits), from ``gone`` with the cards of ``todo`` looked at
        first: a card that leaves may let leave only the card beneath it (``below``, or
        ``fix`` where that differs), that card's child, and the next card of its suit not
        yet gone, so those are looked at next (a work list: the same fixed point as
        _peel, reached from a change in a few places)."""
        while todo:
            card = todo.pop()
            # As _leaves, spelt out: faster.
            if gone >> card & 1:
                continue
            over = above.get(card)
            if over is None or gone & over != over:
                continue
            low = LOWER[card]
            if gone & low != low:
                if home_only >> card & 1:
                    continue
                if card < 52:
                    parent = above.get(card + 4)
                    if parent is None or gone & parent != parent:
                        continue
            gone |= 1 << card
            under = fix[card] if card in fix else below.get(card)
            if under is not None:
                todo.append(under)
                todo.append(under - 4)
            higher = card + 4
            while gone >> higher & 1:
                higher += 4
            todo.append(higher)
        return gone

    @staticmethod
    def _leaves(code: int, gone: int, above: dict, home_only: int) -> bool:
        """Can this card leave now, with the cards in ``gone`` gone (see _peel)?"""
        if gone >> code & 1 or code not in above:
            return False
        over = above[code]
        if gone & over != over:
            return False
        low = LOWER[code]
        if gone & low == low:
            return True
        if home_only >> code & 1:
            return False
        if code >= 52:
            return True
        parent = above.get(code + 4)
        return parent is not None and gone & parent == parent
