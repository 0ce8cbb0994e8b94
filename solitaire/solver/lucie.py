"""A dedicated solver for La Belle Lucie (``lucie``) and its merci sibling (``merci``).

Positions are compact tuples: the eighteen fans as ``bytes`` in their real order (a card
is ``rank * 4 + suit``, suits in the order C D H S) and a nineteenth "limbo" pile (see
mercis below), the four foundation heights, the cards marked by the move-once rule (a
bit mask), the mercis still usable in this layout, the fan a limbo card came from, the
fans it may lie on, and the last merci when the next move must depend on it. A position
searched is remembered as one ``bytes`` key (``_key``: some 80 bytes, the fans sorted,
since their order is nothing a move can tell, the foundations left out, since they hold
the cards no pile does), in a set per layout.

Within one layout the search is an exhaustive depth-first search with a transposition
table. Building down in suit leaves a card one tableau move at most (onto the one card a
rank higher of its suit), so the branching is small. Dominance rules keep it smaller:

- a move home is taken alone: the card can only ever hold the next lower card of its
  suit, which is already home, and foundations never give cards back; the same line
  played after the move home (minus that card's own moves) stays legal and reaches
  foundations at least as high. Not when merci's ``auto=off`` lets a merci come first:
  the card the move uncovers could then no longer be lifted (a merci takes covered
  cards only), so there the move home is one choice among the others;
- a build onto a card that can never move in the tableau (a king when kings may not fill
  a space, a card above its own parent in its fan, a card marked by move-once, a card
  alone at the bottom of its fan while spaces stay empty) is taken alone: that card
  could only hold this one card and go home after it, so the build only frees the fan
  the card leaves. Not while a merci is usable (the card it uncovers could no longer be
  lifted), nor touching a fan a limbo card may lie on, nor while a reshuffle may still
  come (the cards the build lets go home by themselves would skip foundation states a
  player could reshuffle at).

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

Mercis. La Belle Lucie's draw goes only to legal spots: its few destinations are tried
one by one. The merci game lets a buried card go onto any fan, eighteen destinations for
some thirty cards. The last merci lifts the card into a virtual limbo pile instead,
which stands for the card lying on top of a fan not yet chosen: every fan it could lie
on (any non-empty fan, its own included; an empty one for a king when kings may fill
spaces) is a candidate, and a move that takes a card from a candidate or puts one on it
strikes the candidate off, since in the real game the limbo card would cover that fan.
A move that would strike off the last candidate is not made. When the limbo pile
empties, any candidate left is a fan the card may have lain on throughout, so the line
replays in the real game with that fan as the destination. This is exact (a limbo
position is the set of real positions, one per candidate, and a move is kept when it is
legal in at least one of them), and a position whose candidates include another's is as
good as it. Earlier mercis (when more than one is left) are tried onto every fan. A
merci card that can go home is sent home (anywhere else it would only wait to go home).
Where a merci may come at any time, the move after it must depend on it (see
``_merci_children``): any other move could come first and reach the same fans with at
least as many candidates.

Reshuffles. A reshuffle deals the cards left from pack order with a seed given by the
deal and the reshuffle's number, so the layout after it depends only on the foundation
state. The full search (``without`` lacking REDEAL) solves a layout exhaustively and
tries a reshuffle at each foundation state the layout reaches at rest, as soon as the
layout's search first reaches it (depth first: a win a few reshuffles deep comes long
before the whole of a large layout is searched), the new layout computed by the engine
itself and each result memoised by (foundation state, reshuffles used). When the rules
leave moves home to the player (La Belle Lucie's chains, merci with ``auto=off``), a
player may also reshuffle with cards held back. Every such state lies between the
layout's start and a state reached at rest (the line to it, with the held-back cards
sent home as well, is a line of the search), so those states are tried next, except
where a glance shows them out of reach (a card that must stay out yet can never move
covers one that must go home); only when one wins is a line to it looked for (a bounded
search with moves home optional; giving up there leaves the answer unknown). So a proof
of defeat covers every reshuffle. With unlimited reshuffles no proof is possible, so
only the three best foundation states of each layout are tried, up to sixty reshuffles
deep.

Two searches. While a reshuffle is left (and their number is limited), the complete
search above takes turns with a quick scan for wins only, counted in positions so that
the verdict does not depend on how the time is sliced: the quick scan gets a thousand
positions, then the complete search a thousand or a quarter of all positions so far,
whichever is more (most wins the quick scan finds come within a few thousand positions,
while a proof of defeat needs the complete search's time). The quick scan may prune as
it likes, since it never claims a defeat: whatever it returns is a line of real moves to
a win, replayed through the engine like any other solution, and when it gives up only
the complete search's verdict counts. It takes the forced build alone in every layout,
searches each layout for a bounded number of positions, reshuffles at the few
foundation states with most cards home and (where moves home are optional) at a few
with fewest held back, the layout's start among them, and starts over with four times
the positions and one more reshuffle point per layout until a round leaves nothing
out. A layout it wins after a reshuffle is a real win there, so the complete search
may take it from the shared memo.
"""

from __future__ import annotations

import itertools

from ..model.cards import SUITS, Card
from ..model.games.belle_lucie import AutoHome
from ..model.moves import Move, MoveKind
from ..model.options import UNLIMITED
from ..model.rules import FOUNDATIONS
from ..model.state import State
from .compact import card_code, code_card
from .verdict import SOLVED, UNKNOWN, UNSOLVABLE, GaveUp, Stepped, Verdict

__all__ = ["LucieSearch"]

# Positions a search may look at before it answers "unknown": the budget of the table's
# partner and of --solve. Some 150 bytes each at most (a key in a set, the layouts open
# on the way), so a --solve process stays near 100 MB on the hardest deals.
BUDGET = 500_000

FAN_COUNT = 18
LIMBO = FAN_COUNT  # index of the virtual pile a merci card waits in
HOME = -1  # destination code of a foundation
FAN_NAMES = tuple(f"t{number}" for number in range(1, FAN_COUNT + 1))
WON = (13, 13, 13, 13)
UNLIMITED_TRIES = 3  # reshuffle points tried per layout when reshuffles never run out
UNLIMITED_DEPTH = 60  # reshuffles in a row tried when they never run out
CHECK_EVERY = 32  # positions between looks at the budget and the end of the step
REACH_LIMIT = 3000  # positions searched for a way to a foundation state with cards held back
QUICK_TURN = 1000  # positions the quick scan for wins searches before the complete one's turn
SOUND_TURN = 1000  # positions the complete search goes on with at least before the quick scan's
SOUND_SHARE = 4  # ... or a quarter of all positions so far: most wins the quick scan finds early
QUICK_BUDGET = 300  # positions per layout in the quick scan's first round (then 4 times more)
QUICK_TRIES = 3  # reshuffle points per layout in the quick scan's first round (then one more)

# Per card: its lower cards of its suit (all home: it may go home). Per suit and height
# of its foundation: the cards home.
LOWER = tuple(sum(1 << low for low in range(4 + (code & 3), code, 4)) for code in range(64))
HOME_BITS = tuple(
    tuple(sum(1 << (rank * 4 + suit) for rank in range(1, height + 1)) for height in range(14))
    for suit in range(4)
)
ALL = object()  # no hint: every card
SINGLE = -1  # the key of the single lifts in a table of pairs (see _pair_lifts)
CACHE_LIMIT = 20_000  # piles whose parts a cache keeps before it starts over
SUIT_MASKS = tuple(sum(1 << code for code in range(suit, 56, 4)) for suit in range(4))

# Internal move kinds: (kind, src pile, dst pile or HOME, index of a buried card).
M_HOME, M_BUILD, M_KING, M_MERCI, M_LIMBO, M_REDEAL = range(6)

# Position fields.
PILES, FOUND, MOVED, MERCIS, ORIGIN, CANDIDATES, PENDING = range(7)


class Seen(set):
    """The keys of the positions searched in one layout; ``limbo`` holds, per key of a
    position with a limbo card, the candidate sets met with it (see _candidates)."""

    __slots__ = ("limbo",)

    def __init__(self):
        super().__init__()
        self.limbo: dict[bytes, list] = {}


class LucieSearch(Stepped):
    """Exhaustive search per layout, then across the seeded reshuffles."""

    def __init__(self, rules, state: State, *, max_positions: int, without=frozenset()):
        self.rules = rules
        self.state = state.copy()
        self.max_positions = max_positions
        self.use_redeal = MoveKind.REDEAL not in without
        self.use_merci = MoveKind.MERCI not in without
        self.kings_fill = rules.kings_fill
        self.move_once = rules.move_once
        self.first_move_only = rules.merci_first_move_only
        self.legal_spots_only = rules.merci_legal_spots_only
        # Are moves home left to the player? Then a reshuffle may come with some held back.
        self.optional_home = rules.auto_home != AutoHome.ALL
        self.unlimited = rules.redeals is UNLIMITED
        self.positions = 0
        self.verdict: Verdict | None = None
        self.lifts_found: frozenset | None = None  # see _children
        self.knot_cache: dict[bytes, tuple[bool, int]] = {}
        self.cycle_cache: dict[bytes, tuple] = {}
        self.mask_cache: dict[bytes, int] = {}
        self.peel_cache: dict[bytes, tuple] = {}
        self.layouts: dict[tuple, tuple] = {}  # (foundations, reshuffles used) -> result
        self.turn_end = max_positions  # positions at which the running search hands over
        self.quick_cut = False  # did the quick scan's round leave anything out?
        self.search = self._race(self._position(self.state), state.values["redeals_used"])

    # ------------------------------------------------------------------ the contract
    def _advance(self) -> Verdict | None:
        try:
            next(self.search)
        except StopIteration as stop:
            status, moves = stop.value
            moves = self._engine_moves(moves) if status == SOLVED else []
            gave_up = None
            if status == UNKNOWN:  # out of positions, or reshuffles that never run out
                full = self.positions >= self.max_positions
                gave_up = GaveUp.POSITIONS if full else GaveUp.PRUNED
            return Verdict(status, moves, self.positions, self.seconds, gave_up)
        return None

    # ------------------------------------------------------------------ positions
    def _position(self, state: State) -> tuple:
        piles = tuple(bytes(card_code(card) for card in state.piles[name]) for name in FAN_NAMES)
        found = tuple(len(state.piles[name]) for name in FOUNDATIONS)
        moved = 0
        if self.move_once:
            for card in state.values["moved"]:
                moved |= 1 << card_code(card)
        mercis = self.rules.mercis_left(state) if self.use_merci else 0
        return (piles + (b"",), found, moved, mercis, -1, 0, None)

    def _key(self, position: tuple) -> bytes:
        """The position as one ``bytes``, as compact as it is quick to make: the mercis
        left, the card a pending merci must be followed by (0xff: none) and the move-once
        marks (where that rule holds), then the fans in sorted order (their order is
        nothing a move can tell) joined by 0xff, then 0xfe and the limbo pile, and 0xfe
        and the fan a pending merci uncovered, when it did. Card codes stay below 0xfd,
        so no two positions share a key. The foundations are left out: they hold the
        cards no pile holds."""
        piles, _, moved, mercis, _, _, pending = position
        if pending is None:
            head = bytes((mercis, 0xFF))
        else:
            head = bytes((mercis, pending[0]))
        if self.move_once:
            head += moved.to_bytes(7, "little")
        key = head + b"\xff".join(sorted(piles[:LIMBO])) + b"\xfe" + piles[LIMBO]
        if pending is not None and pending[1] is not None:
            key += b"\xfe" + pending[1]
        return key

    def _candidates(self, position: tuple) -> int:
        """The limbo candidates by content, as bits that mean the same in every position
        of the same key: a bit per fan in the key's sorted order of the fans (empty fans,
        all alike, first: as many bits from the lowest as there are empty candidates),
        and one more, past those, for the card's own fan (its place in that order), when
        it is a candidate, since move-once treats it apart."""
        piles, candidates, origin = position[PILES], position[CANDIDATES], position[ORIGIN]
        order = sorted(range(FAN_COUNT), key=piles.__getitem__)
        named = spaces = 0
        for rank, index in enumerate(order):
            if candidates >> index & 1:
                if piles[index]:
                    named |= 1 << rank
                else:
                    spaces += 1
        named |= (1 << spaces) - 1
        if candidates >> origin & 1:
            named |= 1 << (FAN_COUNT + (order.index(origin) if piles[origin] else 0))
        return named

    def _is_new(self, seen: Seen, position: tuple) -> bool:
        """Record a position; False if it, or one as good, was seen before. With a limbo
        card waiting, a position whose candidates include another's is as good as it
        (each candidate is one more real position it stands for)."""
        key = self._key(position)
        if not position[PILES][LIMBO]:
            if key in seen:
                return False
            seen.add(key)
            return True
        candidates = self._candidates(position)
        earlier = seen.limbo.get(key)
        if earlier is None:
            seen.add(key)
            seen.limbo[key] = candidates  # one candidate set as an int, more as a list
            return True
        if isinstance(earlier, int):
            if not candidates & ~earlier:
                return False
            seen.limbo[key] = [earlier, candidates]
            return True
        if any(not candidates & ~other for other in earlier):
            return False
        earlier.append(candidates)
        return True

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
        for start in successors:
            if mark[start]:
                continue
            stack = [(start, iter(successors[start]))]
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
                known = hint.get(code, ALL) if hint is not None else ALL
                if known is None:
                    known = ALL  # its lift alone freed every card there
                if known is not ALL and not known:
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
                        if not stuck >> card & 1 or (known is not ALL and card not in known):
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

    # ------------------------------------------------------------------ moves in a layout
    def _children(
        self, position: tuple, final: bool, alone: bool, hint=None, free: bool = False
    ) -> list:
        """(move, position) pairs worth trying, best first; [] for a position proven lost.
        ``hint`` is what _freeing_lifts found for the position this one was reached
        from (None: not known); the position's own is left in ``self.lifts_found``.
        ``free``: the position is known to have no stuck card (see _known_free).

        Right after a merci only the moves that depend on it are tried (see
        _merci_children): any other move could have come before it. In the final layout
        positions with no merci left are tested by _hopeless."""
        self.lifts_found = None
        children = self._all_children(position, final, alone, hint, free)
        if final and position[MERCIS] and self.first_move_only:
            # La Belle Lucie's draw closes with the first move: what follows has no merci.
            return [child for child in children if not self._hopeless(child[1])]
        pending = position[PENDING]
        if pending is None:
            return children
        code, uncovering = pending
        piles = position[PILES]
        return [
            child
            for child in children
            if child[0][0] in (M_MERCI, M_LIMBO)
            or child[0][1] == LIMBO
            or child[0][3] in (code, code - 4, code + 4)
            or piles[child[0][1]] == uncovering
        ]

    def _all_children(
        self, position: tuple, final: bool, alone: bool, hint=None, free: bool = False
    ) -> list:
        piles, found, moved, mercis, origin, candidates, _ = position
        limbo_active = bool(piles[LIMBO])
        draw_window = mercis and self.first_move_only
        sources = lifts = pairs = None
        freeing = False  # the lifts that free every card, where that is known
        if final and not mercis:
            # A knot is a stuck card: the dead-end test covers it.
            if not free and self._hopeless(position):
                return []
        elif final:
            knotted = self._knotted_piles(position)
            if len(knotted) > mercis:
                return []
            if mercis == 2 and not self.first_move_only:
                pairs = self._pair_lifts(position, hint if isinstance(hint, dict) else None)
                self.lifts_found = pairs
            if mercis == 1 and not self.first_move_only:
                if isinstance(hint, dict):  # from a merci: the lifts after its card's
                    pending = position[PENDING]
                    hint = hint.get(pending[0]) if pending is not None else None
                freeing = self._freeing_lifts(position, hint)
                if freeing is not None and not freeing:
                    return []  # no single lift frees every card
                self.lifts_found = freeing
            elif mercis == 1:
                waits, mark = self._waits(position), [0] * 64
                cycle = self._find_cycle(waits, (), mark)
                if cycle is not None:
                    lifts = set(cycle) | {code + 4 for code in cycle}
                    # A second cycle that no card of these lifts can break: lost.
                    avoid = lifts | {code - 4 for code in lifts}
                    if self._find_cycle(waits, avoid, mark) is not None:
                        return []
            if knotted and len(knotted) == mercis:
                sources = knotted
        mercis_after_move = 0 if self.first_move_only else mercis
        children = []
        tops = {}
        for index, pile in enumerate(piles):
            if pile:
                tops[pile[-1]] = index
        # Moves home: one alone, unless it strikes off a limbo candidate, or a merci may
        # come before the game's automatic play would take it: the card it uncovers could
        # then no longer be lifted by a merci, which takes only covered cards.
        uncovering_loses = mercis and self.optional_home and not self.first_move_only
        for code, index in tops.items():
            if found[code & 3] == (code >> 2) - 1:
                after = self._apply_home(position, index, code, mercis_after_move)
                if after is None:
                    continue
                move = ((M_HOME, index, HOME, code), after)
                if (limbo_active and candidates >> index & 1) or uncovering_loses:
                    children.append(move)
                    continue
                if draw_window:
                    return [move] + self._merci_children(
                        position, tops, sources, lifts, freeing, pairs
                    )
                return [move]
        # The build onto an immobile card comes alone only in the final layout: with a
        # reshuffle to come, the cards it lets go home automatically would skip the
        # foundation states in between, each a place to reshuffle at. With unlimited
        # reshuffles, or in the quick scan for wins, no defeat is ever claimed, so
        # skipping them only steers the search (``alone`` is then set by the caller).
        alone = alone or final or self.unlimited
        builds = self._tableau_children(position, tops, mercis_after_move, alone=alone)
        if builds and builds[0] is None:
            return builds[1:]
        children.extend(builds)
        if mercis:
            children.extend(self._merci_children(position, tops, sources, lifts, freeing, pairs))
        return children

    def _tableau_children(self, position: tuple, tops: dict, mercis: int, alone=True) -> list:
        """Builds and kings into spaces; with ``alone``, a build onto an immobile card
        comes back alone, after a None."""
        piles, moved = position[PILES], position[MOVED]
        builds = []
        for code, index in tops.items():
            if code >> 2 == 13:
                if self.kings_fill and (len(piles[index]) > 1 or index == LIMBO):
                    builds.extend(self._king_children(position, index, code, mercis))
                continue
            target = tops.get(code + 4)
            if target is None or target == index:
                continue
            if self.move_once and moved >> code & 1:
                continue
            after = self._apply_build(position, index, target, code, mercis)
            if after is None:
                continue
            child = ((M_BUILD, index, target, code), after)
            if alone and not position[MERCIS] and self._immobile(position, target):
                # With a limbo card waiting, only where it cannot lie (so in every real
                # position the limbo stands for) and not onto it (it may yet leave).
                candidates = position[CANDIDATES]
                if not piles[LIMBO] or (
                    target != LIMBO and not (candidates >> index | candidates >> target) & 1
                ):
                    return [None, child]
            builds.append(child)
        return builds

    def _immobile(self, position: tuple, index: int) -> bool:
        """Can the top card of this fan never move in the tableau again (only go home)?"""
        pile = position[PILES][index]
        code = pile[-1]
        if code >> 2 == 13:
            return not self.kings_fill or len(pile) == 1
        if self.move_once and position[MOVED] >> code & 1:
            return True
        if len(pile) == 1:
            return not self.kings_fill
        return (code + 4) in pile

    def _strike(self, position: tuple, candidates: int, *indexes: int) -> int | None:
        """Candidates left after touching these piles; None when the last one goes."""
        if not position[PILES][LIMBO]:
            return 0
        for index in indexes:
            if 0 <= index < FAN_COUNT:
                candidates &= ~(1 << index)
        return candidates or None

    def _finish_piles(self, position, piles, found, moved, mercis, candidates) -> tuple:
        if piles[LIMBO]:
            return (tuple(piles), found, moved, mercis, position[ORIGIN], candidates, None)
        return (tuple(piles), found, moved, mercis, -1, 0, None)

    def _apply_home(self, position, index, code, mercis) -> tuple | None:
        candidates = self._strike(position, position[CANDIDATES], index)
        if candidates is None:
            return None
        piles = list(position[PILES])
        piles[index] = piles[index][:-1]
        found = list(position[FOUND])
        found[code & 3] += 1
        moved = position[MOVED] & ~(1 << code)
        return self._finish_piles(position, piles, tuple(found), moved, mercis, candidates)

    def _limbo_exit_allowed(self, position: tuple, index: int, target: int) -> bool:
        """May the merci card leave limbo for fan ``target`` by a tableau move? In the real
        game it lies on some candidate fan: on ``target`` itself the move is already made;
        on another fan it was marked by move-once unless that fan is its own."""
        if index != LIMBO or len(position[PILES][LIMBO]) > 1:
            return True
        candidates = position[CANDIDATES]
        if candidates >> target & 1 or not self.move_once:
            return True
        return bool(candidates >> position[ORIGIN] & 1)

    def _apply_build(self, position, index, target, code, mercis) -> tuple | None:
        if not self._limbo_exit_allowed(position, index, target):
            return None
        piles = list(position[PILES])
        piles[index] = piles[index][:-1]
        piles[target] = piles[target] + bytes((code,))
        candidates = position[CANDIDATES]
        if piles[LIMBO]:
            candidates = self._strike(position, candidates, index, target)
            if candidates is None:
                return None
        moved = position[MOVED] | (1 << code) if self.move_once else 0
        return self._finish_piles(position, piles, position[FOUND], moved, mercis, candidates)

    def _king_children(self, position, index, code, mercis) -> list:
        """A king onto an empty fan: one plain empty fan and one limbo candidate at most,
        since empty fans are otherwise alike."""
        if self.move_once and position[MOVED] >> code & 1:
            return []
        piles, candidates = position[PILES], position[CANDIDATES]
        children, kinds = [], set()
        for target in range(FAN_COUNT):
            kind = candidates >> target & 1
            if piles[target] or kind in kinds:
                continue
            kinds.add(kind)
            after = self._apply_build(position, index, target, code, mercis)
            if after is not None:
                children.append(((M_KING, index, target, code), after))
        return children

    def _merci_children(
        self, position: tuple, tops: dict, sources, lifts, freeing=False, pairs=None
    ) -> list:
        """The mercis worth trying. In the merci game, where a merci may come at any
        time, the move after it must depend on it (move the merci card, build on it,
        bring home the next card of its suit, or take the card that covered it last), or
        be a merci too: a move that does not could be made first, reaching the same
        fans with more limbo candidates, so a last merci with no such move to follow is
        skipped. Only the last merci waits in limbo (so no merci ever takes the card a
        limbo card covers); earlier ones are tried onto every fan."""
        piles, found = position[PILES], position[FOUND]
        children = []
        last_merci = position[MERCIS] == 1
        # Before the last merci (where one may come at any time) only the lifts that
        # leave no card stuck are tried (``freeing``, see _freeing_lifts; None: none is
        # stuck, nor after any lift; False: not known). A merci home leaves as many
        # stuck as a lift of the same card: no child here needs _stuck again.
        for src in range(FAN_COUNT) if sources is None else sources:
            pile = piles[src]
            for at in range(len(pile) - 1):
                code = pile[at]
                if lifts is not None and code not in lifts:
                    continue
                if freeing and code not in freeing:
                    continue
                if pairs is not None and pairs.get(code) == frozenset():
                    continue  # no second lift would free every card: see _pair_lifts
                home = found[code & 3] == (code >> 2) - 1
                if home:
                    children.append(self._merci(position, src, at, HOME))
                elif self.legal_spots_only:
                    target = tops.get(code + 4) if code >> 2 < 13 else None
                    if target is not None:
                        children.append(self._merci(position, src, at, target))
                elif last_merci:
                    if self._followed(position, tops, src, at):
                        child = self._lift_to_limbo(position, src, at)
                        if child[1] is not None:
                            children.append(child)
                else:
                    for target in range(FAN_COUNT):
                        if piles[target] or (self.kings_fill and code >> 2 == 13):
                            children.append(self._merci(position, src, at, target))
        return children

    def _followed(self, position: tuple, tops: dict, src: int, at: int) -> bool:
        """Could a move depending on this merci follow it at once?"""
        pile = position[PILES][src]
        code = pile[at]
        space = self.kings_fill and not all(position[PILES][:FAN_COUNT])
        if (code + 4 in tops and code >> 2 < 13) or code - 4 in tops:
            return True
        if space and code >> 2 == 13:
            return True
        if at != len(pile) - 2:
            return False
        top = pile[-1]
        if self.move_once and position[MOVED] >> top & 1:
            return position[FOUND][top & 3] == (top >> 2) - 1
        if top >> 2 == 13:
            return space
        return top + 4 in tops or position[FOUND][top & 3] == (top >> 2) - 1

    def _merci(self, position, src, at, target) -> tuple:
        """A merci the real rules name in full: the card onto a fan or home (never while a
        limbo card waits: only the last merci goes to limbo)."""
        piles = list(position[PILES])
        code = piles[src][at]
        piles[src] = piles[src][:at] + piles[src][at + 1 :]
        found, moved = position[FOUND], position[MOVED]
        if target == HOME:
            found = list(found)
            found[code & 3] += 1
            found = tuple(found)
            moved &= ~(1 << code)
        else:
            piles[target] = piles[target] + bytes((code,))
            if self.move_once and target != src:
                moved |= 1 << code
        after = self._finish_piles(position, piles, found, moved, position[MERCIS] - 1, 0)
        if not self.first_move_only:
            after = after[:PENDING] + (self._pending(position, src, at, piles[src]),)
        return ((M_MERCI, src, target, at), after)

    def _pending(self, position: tuple, src: int, at: int, left: bytes) -> tuple:
        """What the move after a merci must touch: the merci card (or the next card of its
        suit, or the one that builds on it), or the fan it came from if its top was all
        that covered it (by its cards: keys ignore the order of the fans)."""
        direct = at == len(position[PILES][src]) - 2
        return position[PILES][src][at], left if direct else None

    def _mask(self, pile: bytes) -> int:
        """The pile's cards as a bit mask."""
        mask = self.mask_cache.get(pile)
        if mask is None:
            mask = 0
            for code in pile:
                mask |= 1 << code
            if len(self.mask_cache) > CACHE_LIMIT:
                self.mask_cache.clear()
            self.mask_cache[pile] = mask
        return mask

    def _lift_to_limbo(self, position, src, at) -> tuple:
        piles = list(position[PILES])
        code = piles[src][at]
        piles[src] = piles[src][:at] + piles[src][at + 1 :]
        piles[LIMBO] = bytes((code,))
        # Where the card could only wait for home (a king that may not fill a space, or a
        # card marked by move-once because it left its own fan), a fan holding a lower
        # card of its suit would stay covered for good: no candidate.
        only_home = code >> 2 == 13 and not self.kings_fill
        lower = SUIT_MASKS[code & 3] & ((1 << code) - 1)  # the lower cards of its suit
        candidates = 0
        for index in range(FAN_COUNT):
            pile = piles[index]
            if pile or (self.kings_fill and code >> 2 == 13):
                if (only_home or (self.move_once and index != src)) and self._mask(pile) & lower:
                    continue
                candidates |= 1 << index
        if not candidates:
            return ((M_LIMBO, src, LIMBO, at), None)
        pending = self._pending(position, src, at, piles[src])
        mercis = position[MERCIS] - 1
        after = (tuple(piles), position[FOUND], position[MOVED], mercis, src, candidates, pending)
        return ((M_LIMBO, src, LIMBO, at), after)

    # ------------------------------------------------------------------ one layout
    def _layout(
        self, root: tuple, reshuffles: bool, quick: bool = False, budget: int = 0, on_point=None
    ):
        """Depth-first search of one layout. Returns (winning path or None, the
        foundation states a reshuffle may come at with a path to each, whether the
        search was complete). Paths are lists of (move, position after it). The quick
        scan (``quick``) always takes a forced build alone and stops after ``budget``
        positions."""
        final = not reshuffles
        seen = Seen()
        self._is_new(seen, root)
        points: dict[tuple, list] = {}
        if reshuffles and self._at_rest(root):
            points[root[FOUND]] = []
        if final and not root[MERCIS] and self._hopeless(root):
            return None, points, True
        stack = [iter(self._children(root, final, quick))]
        hints = [self.lifts_found]  # per position on the path: see _freeing_lifts
        path: list = []
        steps = 0
        while stack:
            steps += 1
            if steps % CHECK_EVERY == 0:
                if self.positions >= self.max_positions or (quick and len(seen) > budget):
                    return None, points, False
                if self._pause():
                    yield
            child = next(stack[-1], None)
            if child is None:
                stack.pop()
                hints.pop()
                if path:
                    path.pop()
                continue
            after = child[1]
            if not self._is_new(seen, after):
                continue
            self.positions += 1
            free = final and self._known_free(path[-1][1] if path else root, child[0][0])
            path.append(child)
            if after[FOUND] == WON:
                return list(path), points, True
            if reshuffles and after[FOUND] not in points and self._at_rest(after):
                points[after[FOUND]] = list(path)
                if on_point is not None:
                    status, rest = yield from on_point(after[FOUND])
                    if status == SOLVED:
                        redeal = ((M_REDEAL, None, None, after[FOUND]), None)
                        return list(path) + [redeal] + rest, points, True
            stack.append(iter(self._children(after, final, quick, hints[-1], free)))
            hints.append(self.lifts_found)
        return None, points, True

    def _known_free(self, parent: tuple, kind: int) -> bool:
        """In the final layout, is a position this move made of ``parent`` (searched, so
        with no card stuck where it had no merci left) known to have none stuck? After a
        move home (the card only leaves first); after the draw or a last merci (only
        those leaving none stuck are tried: see _freeing_lifts, _children)."""
        mercis = parent[MERCIS]
        if not mercis:
            return kind == M_HOME
        return mercis == 1 and (self.first_move_only or kind in (M_LIMBO, M_MERCI))

    def _at_rest(self, position: tuple) -> bool:
        """No card can go home: with automatic play, the only positions the game stops
        at (a reshuffle may come there)."""
        found = position[FOUND]
        return not any(
            pile and found[pile[-1] & 3] == (pile[-1] >> 2) - 1 for pile in position[PILES]
        )

    def _free_children(self, position: tuple, target: tuple) -> list:
        """Every move home that stays within ``target`` (La Belle Lucie's chain with it),
        and every tableau move; as (the steps they are made of, the position after)."""
        children = []
        for index, pile in enumerate(position[PILES]):
            if not pile or position[FOUND][pile[-1] & 3] != (pile[-1] >> 2) - 1:
                continue
            steps, after = [], position
            while True:
                code = after[PILES][index][-1]
                after = self._apply_home(after, index, code, 0)
                steps.append(((M_HOME, index, HOME, code), after))
                wanted = (after[FOUND][code & 3] + 1) * 4 + (code & 3)
                tops = [i for i, p in enumerate(after[PILES]) if p and p[-1] == wanted]
                if self.rules.auto_home != AutoHome.CHAIN or not tops:
                    break
                index = tops[0]
            if all(have <= most for have, most in zip(after[FOUND], target)):
                children.append((steps, after))
        tops = {pile[-1]: index for index, pile in enumerate(position[PILES]) if pile}
        for child in self._tableau_children(position, tops, 0, False):
            children.append(([child], child[1]))
        return children

    # ------------------------------------------------------------------ two searches
    def _pause(self) -> bool:
        """Must the running search stop: the step is over, or its turn is?"""
        return self.positions >= self.turn_end or self.positions >= self.pause_at

    def _race(self, root: tuple, reshuffles_used: int):
        """The complete search, taking turns (counted in positions, so the verdict does
        not depend on the slices) with a quick scan for wins when a reshuffle is left."""
        left = self.rules.redeals - reshuffles_used if not self.unlimited else 0
        sound = self._plan(root, reshuffles_used, 0)
        if not self.use_redeal or self.unlimited or left <= 0:
            return (yield from sound)
        runners = [self._quick_scan(root, reshuffles_used), sound]
        turn = 0
        while runners:
            turn %= len(runners)
            runner = runners[turn]
            if runner is sound:
                share = max(SOUND_TURN, self.positions // SOUND_SHARE)
            else:
                share = QUICK_TURN
            self.turn_end = self.positions + share
            while True:
                try:
                    next(runner)
                except StopIteration as stop:
                    status, path = stop.value
                    if status == SOLVED or (runner is sound and status == UNSOLVABLE):
                        return status, path
                    runners.pop(turn)
                    break
                if self.positions >= self.turn_end:
                    turn += 1
                    break
                yield  # the slice is over
        return UNKNOWN, None

    def _quick_scan(self, root: tuple, reshuffles_used: int):
        """Rounds of a search for wins only, each layout searched for a bounded number of
        positions with the forced build taken alone (unsound for defeats, which this
        search never claims: a win it finds is a real line, replayed by the engine),
        reshuffling at the few foundation states with most cards home. Each round
        searches more; it ends when a round left nothing out."""
        budget, tries = QUICK_BUDGET, QUICK_TRIES
        while self.positions < self.max_positions:
            self.quick_cut = False
            status, path = yield from self._quick_plan(root, reshuffles_used, budget, tries, {})
            if status == SOLVED or not self.quick_cut:
                return status, path
            budget, tries = budget * 4, tries + 1
        return UNKNOWN, None

    def _quick_plan(self, root: tuple, reshuffles_used: int, budget: int, tries: int, memo):
        """(SOLVED, path) or (UNKNOWN, None) for ``root`` in one round of the quick scan."""
        if root[FOUND] == WON:
            return SOLVED, []
        reshuffles = self.rules.redeals > reshuffles_used
        won, points, complete = yield from self._layout(root, reshuffles, True, budget)
        self.quick_cut = self.quick_cut or not complete
        if won is not None:
            return SOLVED, won
        if not reshuffles:
            return UNKNOWN, None
        order = sorted(points, key=lambda found: -sum(found))
        self.quick_cut = self.quick_cut or len(order) > tries
        order = order[:tries]
        if self.optional_home:
            # Reshuffles with cards held back, fewest cards home first (the likeliest to
            # be reachable), the layout's start among them.
            held = [root[FOUND]] if root[FOUND] in points else []
            held += self._held_back(points, root[FOUND])[::-1]
            held = [found for found in held if found not in order]
            self.quick_cut = self.quick_cut or len(held) > tries
            order += held[:tries]
        for found in order:
            key = (found, reshuffles_used + 1)
            result = self.layouts.get(key) or memo.get(key)
            if result is None:
                if found not in points and self._blocked(root, found):
                    continue
                after = self._reshuffled(found, reshuffles_used + 1)
                result = yield from self._quick_plan(after, *key[1:], budget, tries, memo)
                memo[key] = result
                if result[0] == SOLVED:
                    self.layouts[key] = result  # a real win: the complete search may use it
            status, path = result
            if status != SOLVED:
                continue
            lead = points.get(found)
            if lead is None:
                lead, _ = yield from self._reach(root, found)
                if lead is None:
                    continue
            return SOLVED, lead + [((M_REDEAL, None, None, found), None)] + path
        return UNKNOWN, None

    # ------------------------------------------------------------------ across reshuffles
    def _plan(self, root: tuple, reshuffles_used: int, depth: int):
        """(status, path) for ``root``, reshuffles included when the search may use them."""
        if root[FOUND] == WON:
            return SOLVED, []
        left = UNLIMITED if self.unlimited else self.rules.redeals - reshuffles_used
        reshuffles = self.use_redeal and (self.unlimited or left > 0)
        if self.unlimited and depth >= UNLIMITED_DEPTH:
            return UNKNOWN, None
        eager = None
        if reshuffles and not self.unlimited:

            def eager(found):
                return (yield from self._reshuffle_at(found, reshuffles_used, depth))

        won, points, complete = yield from self._layout(root, reshuffles, on_point=eager)
        if won is not None:
            return SOLVED, won
        if not reshuffles:
            return (UNSOLVABLE if complete else UNKNOWN), None
        unknown = not complete or self.unlimited
        order = sorted(points, key=lambda found: -sum(found))
        for found in order[:UNLIMITED_TRIES] if self.unlimited else order:
            if self.positions >= self.max_positions:
                return UNKNOWN, None
            status, path = yield from self._reshuffle_at(found, reshuffles_used, depth)
            if status == SOLVED:
                return SOLVED, points[found] + [((M_REDEAL, None, None, found), None)] + path
            unknown = unknown or status == UNKNOWN
        if self.optional_home and not self.unlimited:
            # A player may also reshuffle with moves home held back, at a foundation state
            # below one reached: those states come next, reached for real only if won.
            for found in self._held_back(points, root[FOUND]):
                if self.positions >= self.max_positions:
                    return UNKNOWN, None
                if self._blocked(root, found):
                    continue  # no player can stop there
                status, path = yield from self._reshuffle_at(found, reshuffles_used, depth)
                if status == SOLVED:
                    lead, complete = yield from self._reach(root, found)
                    if lead is not None:
                        return SOLVED, lead + [((M_REDEAL, None, None, found), None)] + path
                    unknown = unknown or not complete
                unknown = unknown or status == UNKNOWN
        return (UNKNOWN if unknown else UNSOLVABLE), None

    def _reshuffle_at(self, found: tuple, reshuffles_used: int, depth: int):
        """(status, path) after a reshuffle at ``found``, memoised."""
        memo = (found, reshuffles_used + 1)
        result = self.layouts.get(memo)
        if result is None:
            after = self._reshuffled(found, reshuffles_used + 1)
            result = yield from self._plan(after, reshuffles_used + 1, depth + 1)
            self.layouts[memo] = result
        return result

    def _held_back(self, points: dict, base: tuple) -> list:
        """Foundation states between the layout's start and one reached at rest, not
        reached at rest themselves, most cards home first."""
        extra = set()
        for found in points:
            ranges = [range(low, high + 1) for low, high in zip(base, found)]
            extra.update(itertools.product(*ranges))
        return sorted(extra - set(points), key=lambda found: -sum(found))

    def _blocked(self, position: tuple, target: tuple) -> bool:
        """Can ``target`` be seen at a glance to be out of reach? A card that must stay
        out of its foundation and can never move in the tableau (a king when kings may
        not fill a space, a card above its parent, one marked by move-once) keeps every
        card beneath it in place, so none of those may be one that must go home."""
        moved = position[MOVED]
        for pile in position[PILES]:
            below, needed = 0, False
            for code in pile:
                rank = code >> 2
                if rank <= target[code & 3]:
                    needed = True
                elif needed and (
                    (rank == 13 and not self.kings_fill)
                    or (rank < 13 and below >> (code + 4) & 1)
                    or moved >> code & 1
                ):
                    return True
                below |= 1 << code
        return False

    def _reach(self, root: tuple, target: tuple):
        """(A path in the layout to a position with exactly ``target`` home, moves home
        being optional (La Belle Lucie's chains followed), or None; whether the search
        was complete). It gives up after REACH_LIMIT positions, leaving other
        foundation states their turn."""
        seen = Seen()
        self._is_new(seen, root)
        stack = [iter(self._free_children(root, target))]
        path: list = []
        steps = 0
        while stack:
            steps += 1
            if steps % CHECK_EVERY == 0 and self._pause():
                yield
            child = next(stack[-1], None)
            if child is None:
                stack.pop()
                if path:
                    path.pop()
                continue
            after = child[1]
            if not self._is_new(seen, after) or self._blocked(after, target):
                continue
            self.positions += 1
            if len(seen) > REACH_LIMIT:
                return None, False
            path.append(child[0])
            if after[FOUND] == target:
                return [step for chain in path for step in chain], True
            stack.append(iter(self._free_children(after, target)))
        return None, True

    def _reshuffled(self, found: tuple, used: int) -> tuple:
        """The layout the engine deals after reshuffle number ``used`` with ``found`` home."""
        piles = self.rules.empty_piles()
        left = []
        for suit_index, suit in enumerate(SUITS):
            piles["f" + suit] = [Card(rank, suit) for rank in range(1, found[suit_index] + 1)]
            left += [Card(rank, suit) for rank in range(found[suit_index] + 1, 14)]
        piles[FAN_NAMES[0]] = left
        values = dict(self.state.values)
        values.update(redeals_used=used - 1, moved=frozenset(), draw_open=False)
        state = self.rules.successor(State(piles, values), Move(MoveKind.REDEAL))
        return self._position(state)

    # ------------------------------------------------------------------ the real moves
    def _engine_moves(self, path: list) -> list[Move]:
        """The search's moves as engine moves from the start, the engine's own automatic
        moves left out; each one is checked by the engine as it is replayed."""
        rules, state, moves = self.rules, self.state.copy(), []
        for kind, src, dst, extra in self._resolve_limbo(path):
            if kind == M_REDEAL:
                heights = tuple(len(state.piles[name]) for name in FOUNDATIONS)
                if heights != extra:
                    raise AssertionError("the replay does not meet the reshuffle's state")
                move = Move(MoveKind.REDEAL)
            elif kind == M_MERCI:
                card = state.piles[FAN_NAMES[src]][extra]
                target = "f" + card.suit if dst == HOME else FAN_NAMES[dst]
                move = Move(MoveKind.MERCI, FAN_NAMES[src], target, index=extra)
            else:
                card = code_card(extra)
                if card in state.piles["f" + card.suit]:
                    continue  # the engine played it home by itself
                source = next(name for name in FAN_NAMES if card in state.piles[name])
                if kind == M_HOME:
                    target = "f" + card.suit
                elif kind == M_KING:
                    target = FAN_NAMES[dst]
                else:
                    parent = Card(card.rank + 1, card.suit)
                    target = next((name for name in FAN_NAMES if state.top(name) == parent), source)
                if source == target:
                    continue  # a merci card moving onto the fan it already lies on
                move = Move(MoveKind.MOVE, source, target)
            if not rules.is_legal(state, move):
                raise AssertionError(f"the solver's move {move} is not legal")
            state = rules.successor(state, move)
            moves.append(move)
        if not rules.is_won(state):
            raise AssertionError("the solver's moves do not win")
        return moves

    def _resolve_limbo(self, path: list) -> list:
        """The path's moves, each lift into limbo made a merci onto a fan the card may
        have lain on all the while it waited (a candidate left when limbo emptied)."""
        resolved = []
        index = 0
        while index < len(path):
            move = path[index][0]
            if move[0] != M_LIMBO:
                resolved.append(move)
                index += 1
                continue
            _, origin, _, at = move
            end = index + 1
            while path[end][1][PILES][LIMBO]:
                end += 1
            candidates = path[end - 1][1][CANDIDATES]
            exit_kind, exit_src, exit_dst, _ = path[end][0]
            tableau_exit = exit_kind in (M_BUILD, M_KING) and exit_src == LIMBO
            if tableau_exit and candidates >> exit_dst & 1:
                fan = exit_dst  # it lay on that fan already
            elif candidates >> origin & 1:
                fan = origin  # on top of its own fan: not marked by move-once
            else:
                fan = (candidates & -candidates).bit_length() - 1
            resolved.append((M_MERCI, origin, fan, at))
            for later in range(index + 1, end + 1):
                kind, src, dst, extra = path[later][0]
                src, dst = (fan if pile == LIMBO else pile for pile in (src, dst))
                resolved.append((kind, src, dst, extra))
            index = end + 1
        return resolved


# The search solve.py makes for the games whose definition names this module as solver.
SEARCH = LucieSearch
