"""A Canfield solver in pure Python: the solver core's walks (``core.py``) over compact
positions, taking turns.

The solver sees every card, so "solved" means a win exists for this deal as it lies.

Positions are tuples: the four tableau piles as ``bytes`` (a card is ``rank * 4 + suit``,
suits in the order C D H S), how many reserve cards are left (the reserve never changes
order, so its length says everything), the four foundation counts, the talon, the talon
pointer and the passes used, and the rank of the move that made the position among its
parent's moves (the dives' order, no part of the key). The talon is the hand and the
waste as one fixed sequence in dealing order: the first ``pointer`` cards are the waste
(its top card is the last of them), the rest the hand. Turning moves the pointer on by
one or three cards; turning the waste over into a new hand sets it back to 0 and uses a
pass; playing the waste's top card removes it from the sequence.

The family gives the core its moves (``children``, macro moves; ``single_children``,
engine moves one at a time), its key, its dead ends (``_lost``) and its orders; the core
walks. The main walk is a dive that tries moves home first, then a waste card onto a
pile where the reserve's top card can go on it next, then moves from the reserve, in the
tableau, from the talon (the nearest waste card first): the order ``children`` gives
them in, no value asked. (Without the second kind, by threes, deal 652010's win, which
turns twelve times for such a card, came after 355,000 positions; with it, 40,000.)
Tableau piles play the same part, so the key sorts them. The talon is left out of the
key: it is the original talon less the cards that are elsewhere, which the rest of the
key says. The pointer and the passes used are kept apart in it (``_key``), for the core's
visited test ``_covered``: a position is not
searched when one the walk visited already differs from it only there and turning could
bring that one's pointer to its pointer (within the same pass, or a later one; in
Canfield by ones with unlimited passes that is any pointer at all). Turning commutes
with every other move and every macro move turns first, so whatever the position can
win, that one can win too.

Its moves, and why leaving the others out loses no win:

- Turning the hand is only useful to reach a waste card to play: turns change nothing
  but the pointer, and every other move leaves the talon alone, so in any winning line
  the turns can be gathered just before the next play from the waste. One search move
  is "turn k times, then play the waste's top card"; each position the pointer can reach
  within the passes left is tried once, in the earliest pass it can be reached in (the
  same position with more passes left can do everything the other can). The solution
  lists every turn.
- A safe move home is taken alone, before anything else (section 4.2 of the solver
  notes, made strict for wrapping ranks). A card of offset d from the base rank can be
  wanted in the tableau only as the place for an opposite-colour card of offset d - 1
  (13 cards around for the base card itself: its king-to-ace wrap lets it hold the last
  card of the other colour's foundations); once both opposite-colour foundations hold
  those cards it is never wanted again. Sending it home frees what lay under it; a pile
  it leaves empty is filled from the reserve, which only brings out a card that was
  already playable, into a place where it can also be built on. Safe cards go home from
  the tableau and the reserve; from the talon only by ones with unlimited passes, where
  every talon card can be reached and taking one out leaves the others in order (so
  the safe moves never depend on the pointer). By ones in a single pass (mode 1), a
  safe card on top of the waste goes home too, with no turns: take a winning line that
  leaves it out of the foundation for a while. Without that card, its moves left out,
  the line stays legal and wins. Turning moves the same hand cards over the waste (there
  is no second pass to turn the waste over); the card only blocked the waste cards under
  it; nothing could go on it in the tableau, so there it only covered a card, and a pile
  it filled alone (from the waste, with the reserve empty) stays empty, which nothing
  else could use; the next card of its suit finds it home. Deeper in the talon it
  stays: reaching it would turn the cards before it over for good. By threes, taking a
  card out changes how the later passes group the cards: there it is left to the search.
- By ones with unlimited passes, talon cards go onto the tableau only in chains that a
  card from the reserve or the tableau then lands on (see ``_chains`` for why).
- Into several empty piles, only the first is tried: they are alike.

A position whose tableau is deadlocked is not searched on: it cannot be won
(``_deadlocked``). A card lying on another in a pile leaves it only alone, onto a pile
topped by one of its two parents, or home; when neither parent can ever be such a top
(home already, or below it in its own pile), it goes home before every card under it.
If an earlier card of its suit is among them (ranks wrap past the base rank, so a pile
can hold such a pair), neither can go home first: no win. It needs only the tableau and
the foundations, so it holds in every mode; it cuts, among others, deal 46 by ones in
one pass from 1.5 million positions to 42,000. (Cycles of such relations through several
piles and suits were looked for too: 1 % fewer positions for 10 % more time.)

By ones with passes unlimited (mode 3), a position where some card can never go home is
not searched on either (``_hopeless``). What can happen at all is worked out as if each
thing, once possible, stayed possible, whatever else it needs at the same time: a card
can come free (to the top of its pile) once every card on it can leave; it can go home
once it can come free and the card before it can go home; it can be the top of a
tableau pile if it comes free there, or can go onto such a top, or into a pile that can
be emptied; it can leave its place by going home, onto such a top or (from outside the
tableau) into a pile that can be emptied; a pile can be emptied once its bottom card can
leave or the whole pile can go onto such a top. Every card of the talon counts as free
while a pass is left (by ones in a single pass, or on the last one, the waste is a pile
like the others and the hand's cards are free). Each of these is needed before the real
thing can happen, so when the least solution of these rules leaves a card that cannot
go home, no line of play brings it home. It settles most of the deals by ones with
passes unlimited that were left open (there three positions of four the search meets
are such), and subsumes ``_deadlocked``; with passes limited or by threes it cut a
fifth of the positions for twice the time, so it is used only there (by threes with
passes unlimited, measured again on the core: it settles deal 600023, a loss, in 50,000
positions, but halves the positions a second, and 80 % of deals 600001..600100 settle
within 2 s either way). While a pass is left its answer depends only on the piles, the
reserve left and the foundations (the talon is every card not elsewhere), so it is
remembered by them: a third of the tests by ones with passes unlimited meet such a
position again (the single-move walks, at other pointers). With the chains built only
through talon cards that can lead to a card landing somewhere, that mode visits the same
positions in a quarter less time. By ones in one pass and in the house's rule it was
measured again on the deals left open at 2 s: it cuts 10-45 % of the positions there for
about twice the time a position, tested at every position or only after a move that
turns the hand: each deal tried took longer.

Everything else the engine allows is tried, so when the search runs dry the position
cannot be won. The search runs in steps and can be resumed. (A position the engine never
makes, an empty pile beside a non-empty reserve, is filled only after the first move,
as the engine would; moves into that pile before it are not tried.)

The key is a 64-bit hash of the sorted piles, the reserve left and the foundation counts
(Python's ``hash``), then the talon's size, the pointer and the passes used, a byte
each: some 220 bytes a position with the core's store and each walk's table of pointers
met (a search of the whole budget, 340,000 positions, takes 80 MB). Two positions with
the same hash would be taken for one: with a million positions the odds are some 1 in
30 million per search, which is accepted.

Other walks take turns with the main dive, by positions counted, not by the clock, so
the verdict does not depend on how the time is sliced (turns of 100 positions expanded,
``SLICE``, or 5 for the walk off the dive's line below; the next turn goes to the walk
furthest behind its share, the main dive's share being 1: ``_next_turn``). Each of
them, too, tries every move but those left out for the reasons above and marks the
positions it visited on its own, so whichever runs dry first has seen every position:
no win.

- Two single-move dives (``_single_hrtwn``, ``_single_htwnr``, the core's
  ``Strategy.successors``): one engine move at a time (a turn of the hand is a move of
  its own, so no position covers another: their keys hold the pointer and passes used
  exactly), each in its own move order (``SINGLE_ORDERS``): moves home, from the
  reserve, in the tableau, from the waste, then the turn; or moves home, in the tableau,
  from the waste, the turn and the reserve last. They win in a few hundred or thousand
  positions deals the main dive wanders in for a million (by threes, deal 287383 with
  passes unlimited, deal 980694 with three passes). Each has as many positions as the
  main dive for its first 10,000 by ones with passes unlimited, its first 8,000 by
  threes with passes unlimited, its first 2,000 by threes in three passes, its first
  1,000 by ones in one pass; then a fiftieth, or by ones in one pass a hundredth
  (``SHARES``). (By threes with passes unlimited their wins on deals 600001..600100 and
  500001..500100 came within their first 6,500 positions.) On deals 600001..600059
  they won nothing beyond their first positions (by threes with passes unlimited, seven
  of the 38 wins came within them), while each position they took later was one the main
  dive, which proves most losses, did not get: with a tenth and a twentieth the core's
  walks settled 80 % of deals 600001..600100 by threes with passes unlimited and 85 % in
  three passes, with these 84 % and 88 %.

- By threes with passes unlimited (mode 2), a quick scan for wins: a best-first walk
  over the main dive's moves, trying first the positions with the fewest cards left in
  the reserve and the most at home, among equals the deepest and the most promising
  move (``_value_quick``). It often wins in a few hundred positions where the dives
  wander for thousands. It has as many positions as the main dive for its first 6,000
  (``QUICK_FULL``), then one for every fifty (one for every ten before, and its first
  10,000: its wins on deals 600001..600100 and 500001..500100 came within its first
  5,400). In the other modes it did not pay for itself: by ones with passes unlimited
  the deals left open are huge searches it does not settle either, and with passes
  limited nearly every verdict is a proof.
- By threes with passes unlimited, a walk off the dive's line (a limited discrepancy
  search, after Harvey and Ginsberg): best first over the main dive's moves
  (``_departing_children``), taking first the line that strays least from the dive's
  first choices (each move counts as many as the moves the dive tries before it), among
  equals the one that leaves them the shallowest, then the deepest position
  (``_value_departing``). So it follows the dive's first line, then each line that
  leaves it by one move, the shallowest first, then the dive's choices down from there,
  and so on. A dive that takes a wrong move early spends the whole subtree under it
  before it mends it: by threes, deal 681742's dive puts the nearest waste card, the
  king of diamonds, onto the ace of spades at the sixth move, and finds no win in the
  314,000 positions under it; the win takes the next waste card instead, and from there
  the dive wins in 200 positions. This walk wins the deal at its 3,186th position.
  It has one position for every twenty of the main dive's from the start (``SHARES``),
  taken from the quick scan's and the single-move walks' first positions, which did
  not win with the positions they gave up, up to 8,000 (``DEPARTING_MOST``: its waiting
  positions are kept whole, and a search of the whole budget must stay under 100 MB).
  Its turns are of 5 positions expanded, not 100: with a share of one in twenty from
  the start, a first turn of 100 (some 350 positions found) cost the deals won in a
  few hundred positions up to two fifths more (600002: 1,226 against 885; now 900).
  It tries every move of the main dive and marks its own positions, so it, too, would
  prove a loss if it ran dry.

By threes with passes unlimited, the deals left open at 2 s are not wins just out of
reach: given 1.5 million positions (2 s buys some 200,000), most of those of deals
600001..600100 stay open, and the rest are losses proven at 200,000-1,000,000 positions
(one a win, 600008, found at 288,000 with ``_hopeless`` on). Tried there, and settling no
more deals within 2 s: the quick scan's share after its first positions at 0.02, 0.3, 0.5
and 1.0; its weighting with a reserve card worth one card home, not three; the main dive
with the waste cards before the tableau moves, or the farthest waste card first;
``_hopeless`` at every position or one in three (it seldom fires by threes, where every
talon card counts as free: 600025 is lost at 451,828 positions with or without it, at 2.5
times the cost). A budget past 340,000 does not fit the 100 MB: at 385,000 positions the
store's table of keys doubled on three deals of thirteen (122-128 MB). The walk off the
dive's line at one in ten after its first 10,000 positions, or at one in twenty or fifty
beside the other walks' shares as they were, settled 81-82 % of 600001..600100 against
83 % (one or two of 600004, 600034 and 600067, settled at 1.8-1.9 s, went past 2 s in
each); counting each move off the line as one, whatever its rank, it won 681742 at its
14,931st position, not its 3,186th.

By ones in one pass and in the house's rule the time goes about evenly to the move
maker and to the core's store and walks. A lighter move maker (the waste cards sorted
without a key function, a child's settling skipped where there is nothing to settle)
saved 1-3 %, and a smaller share for the single-move walks in the house's rule (0.005
after their first 2,000) settled 88 % of deals 600001..600100 against 87 %, deals on the
line of 2 s either way: neither was taken. What stays open at 2 s on 600001..600100 is
mostly past the budget: by ones in one pass 600002 (lost at 242,639 positions), 600099
(lost at 489,610), 600057 (lost at 923,374), 600015 (won at 1,079,428) and 600061 (settled
at 1,644,593); in the house's rule five of thirteen within it (600016 won at 179,802;
600046, 600078, 600096 and 600041 lost at 183,000-299,000), eight open at 340,000; by
ones with passes unlimited four of five past it (600087 lost at 1,281,656, 600100 open at
1.5 million).

What those proofs spend their positions on (by ones in one pass deals 600002 and 600036,
in the house's rule 600046, each proven lost): no position has an empty pile (the
reserve keeps five cards or more through 600002's proof). By ones in one pass the hand
is all but turned out (no card left in half of 600002's positions, two to four in most
of 600036's), the waste holding 20-26 cards, and the keys less the pointer are all but
all different (237,781 for 242,581 positions): the pointer's covering has nothing more
to take. In the house's rule nine positions in ten are on the last pass and a third
repeat a key less the pointer at a pointer the other's turns do not reach, which covers
nothing (each turns up other cards). What is many is the tableau: in 600036 the same
reserve, foundations, pointer and set of tableau cards come in 5.6 arrangements on
average (2, 4, 8, 16 ...). Tried there, each sound, and not taken:

- Arrangements that differ by a top card moved between the two cards it can lie on, both
  tops, reach each other in one move; counted as one, with the moves of each made for
  both, they are 20 % fewer positions in 600036, 10 % in 600002 and 4 % in 600046; a
  first version took 1.5-1.8 times as long a search.
- A card moved onto a pile from another pile or from the waste only together with the
  next move that needs it there (one onto the card it leaves bare or onto it, either
  pile moved whole, the next play from the talon: in a winning line the move can wait
  until then): 12-17 % fewer positions, but the second round of moves each such move
  needs took 1.4-1.9 times the time.
- ``_hopeless`` only where the hand still holds 6 or 10 cards or more (high in the
  search: it finds 65 % of 600002's positions dead and 40 % of 600036's, but cuts 44 %
  and 11 % of them, the dead ones lying near the leaves): 600002 lost at 183,151
  positions in 2.16 s instead of 242,639 in 2.71 s, but deals settled at 1.2-1.5 s took
  longer (600060: 1.43 s instead of 1.19 s). From 10 cards, side by side with the code
  as it is: 600001..600100 settled 94 % either way, 500001..500200 92.5 % against 91.5 %
  (500014, 500130 and 500196 settled, 500099 lost to the clock), but held-out
  700001..700100 93 % against 94 % (700013 lost to the clock); from 14 cards, or from 10
  at every other position, 500001..500200 no better. In the house's rule, on the first
  two passes only or where the hand holds 6 or 10 cards or more, it was slower each time
  (600046: 2.5-3.7 s against 2.2 s).
"""

from __future__ import annotations

from typing import Any

from ..model.cards import SUITS
from ..model.games.canfield import Canfield
from ..model.moves import Move, MoveKind
from ..model.state import State
from .compact import BYTE, OPPOSITE, RED, card_code, raise_found
from .core import Core, Strategy, Walk
from .verdict import GaveUp, Outcome, Verdict

__all__ = ["CanfieldSearch"]

_Children = list[tuple[list, tuple]]  # per child position: (the moves there, the position)

PILES = ("t1", "t2", "t3", "t4")
_FOUNDATION = tuple("f" + suit for suit in SUITS)
# The two cards that can go on a card in the tableau (one rank lower, other colour).
_CHILDREN = tuple(
    (
        tuple(
            ((code >> 2) - 1 if code >> 2 > 1 else 13) * 4 + suit
            for suit in range(4)
            if RED[suit] != RED[code]
        )
        if 4 <= code < 56
        else ()
    )
    for code in range(64)
)
# The two cards a card can go on in the tableau (one rank higher, other colour).
_PARENTS = tuple(
    (
        tuple(
            ((code >> 2) + 1 if code >> 2 < 13 else 1) * 4 + suit
            for suit in range(4)
            if RED[suit] != RED[code]
        )
        if 4 <= code < 56
        else ()
    )
    for code in range(64)
)
_TURN = Move(MoveKind.TURN)

# Sets of cards as bits of an int, bit ``code`` for each card (see ``_hopeless``).
_RANKS = sum(1 << (4 * rank) for rank in range(1, 14))  # the clubs' bits: one per rank
_ALL = sum(1 << code for code in range(4, 56))  # the 52 cards


def _children_of(cards: int) -> int:
    """The cards that can go onto one of ``cards`` in the tableau (``_CHILDREN``), as bits:
    a black card takes the red ones a rank lower, a red card the black ones, an ace the
    kings."""
    black = (cards | cards >> 3) & _RANKS  # bit 4r: a black card of rank r among them
    red = (cards >> 1 | cards >> 2) & _RANKS  # bit 4r: a red one
    out = (black >> 3 | black >> 2 | red >> 4 | red >> 1) & ~0xF
    if black & 0x10:
        out |= 0b0110 << 52
    if red & 0x10:
        out |= 0b1001 << 52
    return out & _ALL


def _take_from_talon(talon: bytes, pointer: int, card: int, moves: list, dst: str) -> tuple:
    """By ones with unlimited passes: turn to ``card`` (on, or round through a new pass)
    and play it to the pile ``dst``; append the moves and return the talon and pointer
    after."""
    place = talon.index(card) + 1
    moves.append(place - pointer if place >= pointer else len(talon) - pointer + 1 + place)
    moves.append(("waste", dst, 1))
    return talon[: place - 1] + talon[place:], place - 1


def _flatten(steps: list) -> list[Move]:
    """Search moves as engine moves: each number of turns as that many turns."""
    return [
        move
        for step in steps
        for part in step
        for move in ([_TURN] * part if isinstance(part, int) else [Move(MoveKind.MOVE, *part)])
    ]


# Expanded positions a walk's turn lasts, before the next one's turn may come.
SLICE = 100
# For each rule, (cards turned, passes): the quick scan's share after its first
# ``QUICK_FULL`` positions (0: no quick scan), the walk off the dive's line's share from
# the start (0: no such walk), and each single-move walk's first positions at a share of 1
# and its share after them, for each position the main dive visits.
SHARES = {
    (1, 1): (0.0, 0.0, 1_000, 0.01),
    (3, 3): (0.0, 0.0, 2_000, 0.02),
    (3, None): (0.02, 0.05, 8_000, 0.02),
    (1, None): (0.0, 0.0, 10_000, 0.02),
}
QUICK_FULL = 6_000
# The most answers of the dead-position test kept (``_hopeless``): some 2 MB of them.
HOPELESS_CACHE = 10_000
ALL_HOME = (13, 13, 13, 13)  # the foundation counts of a win
# The quick scan's weights (``_value_quick``): a card home or out of the reserve counts for
# far more than the depth, which counts for far more than the rank of the move among its
# parent's moves: among positions that look alike the deepest comes first, the most
# promising move first (the scan follows a line down rather than widening).
HOME_WEIGHT = 1 << 20
QUICK_COST = -(1 << 10)
# The walk off the dive's line (``_departing_children``) keeps in a position's last field,
# in place of the move's rank, how far its line strayed from the dive's first choices, the
# depth where it first left them and its depth, packed by these shifts (depths capped).
STRAYED_SHIFT = 20
LEFT_AT_SHIFT = 10
DEPTH_CAP = (1 << LEFT_AT_SHIFT) - 1
# The most positions the walk off the dive's line takes: its waiting positions are kept
# whole (with 15,000 of them, its share at the whole budget, deal 600090 by threes peaked
# at 97 MB, with 8,000 at 93 MB, main's code before at 91 MB), and its wins on deals
# 600001..600100 and 500001..500100 came within its first 1,100 (681742's at 3,186).
DEPARTING_MOST = 8_000
# Its turns are short: it takes one position in twenty from the start, and a turn of
# ``SLICE`` positions expanded (some 350 found) would be more than the whole search of
# many a deal won early.
DEPARTING_SLICE = 5
# The single-move walks' move orders, the first tried first (see ``single_children``).
SINGLE_ORDERS = ("hrtwn", "htwnr")


class CanfieldSearch(Core[tuple]):
    """The core's walks from ``state`` by Canfield's moves, taking turns by positions
    counted (see the module notes); ``without`` names move kinds they may not use (MOVE or
    TURN)."""

    # Positions whose tableau is deadlocked are not searched (see ``_deadlocked``), nor
    # those where some card can never go home (``_hopeless``); tests turn them off to
    # compare.
    deadlocks = True
    hopeless = True
    covers = True  # a position stands for those whose pointer turning brings it to
    single_orders = SINGLE_ORDERS
    quick = True  # the quick scan, where it runs (tests turn it off to compare)
    departures = True  # the walk off the dive's line, where it runs (likewise)
    departing_most = DEPARTING_MOST
    quick_full = QUICK_FULL

    def __init__(
        self,
        rules: Canfield,
        state: State,
        *,
        max_positions: int = 2_000_000,
        without: frozenset = frozenset(),
    ):
        self.may_move = MoveKind.MOVE not in without
        self.may_turn = MoveKind.TURN not in without
        self.draw = rules.turn_count
        self.passes = rules.passes  # None: as many as you like
        base = state.count("base")
        # wanted[suit][count]: the card the foundation takes next, -1 when it is full.
        self.wanted = tuple(
            tuple(((base - 1 + count) % 13 + 1) * 4 + suit for count in range(13)) + (-1,)
            for suit in range(4)
        )
        # homes[suit][count]: the bits of the suit's first ``count`` cards.
        self.homes = tuple(
            tuple(sum(1 << card for card in self.wanted[suit][:count]) for count in range(14))
            for suit in range(4)
        )
        self.reserve = bytes(card_code(card) for card in state.piles["reserve"])
        # reserve_bits[n]: the bits of the reserve's first n cards (see ``_hopeless``)
        self.reserve_bits = tuple(
            sum(1 << card for card in self.reserve[:count])
            for count in range(len(self.reserve) + 1)
        )
        piles = tuple(bytes(card_code(card) for card in state.piles[name]) for name in PILES)
        found = tuple(len(state.piles[name]) for name in _FOUNDATION)
        waste = [card_code(card) for card in state.piles["waste"]]
        hand = [card_code(card) for card in reversed(state.piles["hand"])]
        passes_used = state.values.get("passes_used", 0) if self.passes is not None else 0
        root = (piles, len(self.reserve), found, bytes(waste + hand), len(waste), passes_used, 0)
        self.safe_cache: dict[tuple, tuple] = {}
        self.reach_cache: dict[tuple, dict] = {}
        # Where each card stands in its suit's foundation order (see ``_deadlocked``), and
        # what each tableau pile met so far says about its cards that can only go home.
        self.order = [99] * 64
        for suit in range(4):
            for count in range(13):
                self.order[self.wanted[suit][count]] = count
        self.pile_cache: dict[bytes, tuple | None] = {}
        self.mask_cache: dict[bytes, tuple] = {}
        self.hopeless_cache: dict[tuple, bool] = {}
        # By ones with unlimited passes: safe cards go home from anywhere in the talon, and
        # talon cards reach the tableau in chains only (see the module notes).
        self.settle_talon = self.draw == 1 and self.passes is None and self.may_turn
        # By ones in a single pass: a safe card on top of the waste goes home (see the notes).
        self.settle_waste_top = self.draw == 1 and self.passes == 1
        # Where the dead-position test ``_hopeless`` pays for itself: by ones with passes
        # unlimited, where most positions the search meets are dead (elsewhere it cuts a
        # fifth of the positions for twice the time).
        self.hopeless = self.hopeless and self.draw == 1 and self.passes is None

        # The walks: the main dive, the quick scan and the walk off the dive's line (by
        # threes with passes unlimited) and the single-move dives, each with its share (see
        # ``_next_turn``).
        quick_share, departing_share, single_full, single_share = SHARES.get(
            (self.draw, self.passes), (0, 0, 0, 0)
        )
        strategies = [Strategy(Walk.DIVE, SLICE, ordered=False, last_first=True)]
        # Per walk: its first positions at a share of 1, its share after them, the most
        # positions it takes and the positions it expands in a turn (``_next_turn``).
        self.shares: list[tuple[int, float, int | None, int]] = [(0, 1.0, None, SLICE)]
        if quick_share and self.quick and self.may_move and self.may_turn:
            strategies.append(Strategy(Walk.BEST_FIRST, SLICE, "_value_quick", QUICK_COST))
            self.shares.append((self.quick_full, quick_share, None, SLICE))
        if departing_share and self.departures and self.may_move and self.may_turn:
            # (no depth cost: the value holds the depth)
            departing = Strategy(
                Walk.BEST_FIRST, SLICE, "_value_departing", 0, moves="_departing_children"
            )
            strategies.append(departing)
            self.shares.append((0, departing_share, self.departing_most, DEPARTING_SLICE))
        self.last_children: tuple = ((), [])  # the last position ``children`` was asked of
        self.single_walks = 0  # their bits: they see the pointer exactly, no position covers
        if single_share and self.may_move:
            for order in self.single_orders:
                self.single_walks |= 1 << len(strategies)
                strategies.append(
                    Strategy(
                        Walk.DIVE, SLICE, ordered=False, last_first=True, moves="_single_" + order
                    )
                )
                self.shares.append((single_full, single_share, None, SLICE))
        self.strategies = tuple(strategies)
        self.reached: dict[int, dict[int, Any]] = {1 << bit: {} for bit in range(len(strategies))}
        # For each walk (its bit) that lets positions cover others: everything of a position
        # but its pointer and passes used -> those met, as pointer * 4 + passes used, one
        # int or a tuple (see ``_covered``).
        super().__init__(root, max_positions=max_positions)

    # ------------------------------------------------------------------ the core's hooks
    def _won(self, position: tuple) -> bool:
        return position[2] == ALL_HOME

    def _key(self, position: tuple) -> int:
        """Everything but the talon, which the rest says (the original talon less the cards
        elsewhere), the tableau piles sorted (they play the same part), as a 64-bit hash;
        then the talon's size, the pointer and the passes used, a byte each (``_covered``
        reads them). Two positions with the same hash would be taken for one: with a million
        positions the odds are some 1 in 30 million per search, which is accepted."""
        a, b, c, d = sorted(position[0])
        base = hash((a, b, c, d, position[1], position[2]))
        return base << 16 | len(position[3]) << 8 | position[4] << 2 | position[5]

    def _value(self, position: tuple) -> float:
        """The main dive's and the single-move dives' order: the rank of the move that made
        the position among its parent's moves (see ``children``)."""
        return position[6]

    def _value_quick(self, position: tuple) -> float:
        """The quick scan's: the fewest cards left in the reserve and the most at home, and
        among equals the most promising move."""
        found = position[2]
        return (found[0] + found[1] + found[2] + found[3] - 3 * position[1]) * HOME_WEIGHT + (
            position[6]
        )

    def _value_departing(self, position: tuple) -> float:
        """The walk off the dive's line's order (see ``_departing_children``): the line
        that strayed least from the dive's first choices, among equals the one that left
        them the shallowest, then the deepest position."""
        info = position[6]  # the depth is the low field, below what is worse the larger
        return (info & DEPTH_CAP) - (info & ~DEPTH_CAP)

    def _departing_children(self, position: tuple) -> list:
        """The main dive's children (``children``), each marked with how far its line
        strayed from the dive's first choices (the sum over its moves of how many moves the
        dive tries before each), the depth where it first left them and its depth, packed
        into the position's last field (``STRAYED_SHIFT``) for ``_value_departing``."""
        info = position[6]
        strayed, left_at = info >> STRAYED_SHIFT, info >> LEFT_AT_SHIFT & DEPTH_CAP
        depth = min((info & DEPTH_CAP) + 1, DEPTH_CAP)
        # A line read back asks each walk's moves of the same position in turn, the main
        # dive's first: those are the moves here, made once.
        last_parent, kids = self.last_children
        if last_parent is not position:
            kids = self.children(position)
        last = len(kids) - 1  # the dive's first choice comes last
        out = []
        for index, (moves, after) in enumerate(kids):
            off = last - index
            if off and not strayed:
                mark = off << STRAYED_SHIFT | depth << LEFT_AT_SHIFT | depth
            else:
                mark = (strayed + off) << STRAYED_SHIFT | left_at << LEFT_AT_SHIFT | depth
            out.append((moves, (*after[:6], mark)))
        return out

    def _single_hrtwn(self, position: tuple) -> list:
        return self.single_children(position, "hrtwn")

    def _single_htwnr(self, position: tuple) -> list:
        return self.single_children(position, "htwnr")

    def _moves_of(self, macro) -> list[Move]:
        return _flatten([macro])

    def _next_turn(self) -> tuple[int, int]:
        """Whose turn it is: of the walks still running, the one furthest behind its share
        of the positions (the main dive's share is 1; the others' is 1 for their first
        positions, then less)."""
        walks = self.walks
        best, behind = 0, float(walks[0].visits)
        for index in range(1, len(walks)):
            walk = walks[index]
            if walk.waiting():
                full, share, most, _slice = self.shares[index]
                if most is not None and walk.visits >= most:
                    continue
                rate = 1.0 if walk.visits < full else share
                if walk.visits / rate < behind:
                    best, behind = index, walk.visits / rate
        return best, self.shares[best][3]

    def _finish(self, status: Outcome, won: int | None, gave_up: GaveUp | None = None) -> Verdict:
        """The core's verdict; then the tables are let go, the store with them (nothing
        reads it once the line is read back), so that a search done weighs nothing while
        it waits to be collected (its walks and the core refer to each other)."""
        verdict = super()._finish(status, won, gave_up)
        for seen in self.reached.values():
            seen.clear()
        self.last_children = ((), [])
        self.serials.clear()
        self.keys.clear()
        for cache in (
            self.safe_cache,
            self.reach_cache,
            self.pile_cache,
            self.mask_cache,
            self.hopeless_cache,
        ):
            cache.clear()
        return verdict

    def _covered(self, key: Any, walk: int) -> bool:
        """Whether a position the walk has visited stands for the one of ``key``: the same
        but for a pointer and passes used that turning can reach from that one's (see the
        module notes); the single-move walks see positions exactly."""
        if walk & self.single_walks:
            return False
        base, entry = key >> 8, key & 0xFF
        seen = self.reached[walk]
        entries = seen.get(base)
        if entries is None:
            seen[base] = entry
            return False
        if type(entries) is int:
            entries = (entries,)
        if not self.may_turn:
            if entry in entries:
                return True
        else:
            pointer, passes_used, size = entry >> 2, entry & 3, base & 0xFF
            draw = self.draw
            # Where the pointer stands after turning the waste over: 0, then each turn.
            after_recycle = pointer % draw == 0 or pointer == size
            for old in entries:
                old_pointer, old_used = old >> 2, old & 3
                onward = pointer > old_pointer and (
                    (pointer - old_pointer) % draw == 0 or pointer == size
                )
                if old_used <= passes_used and (pointer == old_pointer or onward):
                    return True
                if (
                    after_recycle
                    and size
                    and (old_used < passes_used if self.passes is not None else True)
                ):
                    return True
        seen[base] = entries + (entry,)
        return False

    # ------------------------------------------------------------------ moves
    def _fill(self, piles: list, reserve_left: int) -> int:
        """The engine's follow-up: each empty pile takes the reserve's top card at once."""
        if reserve_left:
            reserve = self.reserve
            for index, cards in enumerate(piles):
                if not cards and reserve_left:
                    reserve_left -= 1
                    piles[index] = BYTE[reserve[reserve_left]]
        return reserve_left

    def _last_pass(self, passes_used: int) -> bool:
        return self.passes is not None and passes_used + 1 >= self.passes

    def _safe(self, found: tuple) -> tuple:
        """The cards that may go home now and that nothing left in play can need."""
        safe = self.safe_cache.get(found)
        if safe is None:
            cards = []
            for suit in range(4):
                count = found[suit]
                if count < 13:
                    need = count or 13
                    o1, o2 = OPPOSITE[suit]
                    if found[o1] >= need and found[o2] >= need:
                        cards.append(self.wanted[suit][count])
            safe = self.safe_cache[found] = tuple(cards)
        return safe

    def _settle(self, position: tuple, moves: list, rank: int) -> tuple:
        """Fill empty piles from the reserve, then play safe cards home (see the module
        notes) until none is left; each one is a real move, appended to ``moves``. The
        position after, ranked ``rank`` among its parent's moves."""
        piles, reserve_left, found, talon, pointer, passes_used = position
        if reserve_left and b"" in piles:
            piles = list(piles)
            reserve_left = self._fill(piles, reserve_left)
        safe = self.safe_cache.get(found)
        if safe is None:
            safe = self._safe(found)
        if not safe:
            return tuple(piles), reserve_left, found, talon, pointer, passes_used, rank
        piles = list(piles)
        reserve = self.reserve
        while safe:
            for index, cards in enumerate(piles):
                if cards and cards[-1] in safe:
                    card = cards[-1]
                    piles[index] = cards[:-1]
                    reserve_left = self._fill(piles, reserve_left)
                    moves.append((PILES[index], _FOUNDATION[card & 3], 1))
                    break
            else:
                if reserve_left and reserve[reserve_left - 1] in safe:
                    card = reserve[reserve_left - 1]
                    reserve_left -= 1
                    moves.append(("reserve", _FOUNDATION[card & 3], 1))
                elif self.settle_talon and any(card in talon for card in safe):
                    card = next(card for card in safe if card in talon)
                    talon, pointer = _take_from_talon(
                        talon, pointer, card, moves, _FOUNDATION[card & 3]
                    )
                elif self.settle_waste_top and pointer and talon[pointer - 1] in safe:
                    card = talon[pointer - 1]
                    talon = talon[: pointer - 1] + talon[pointer:]
                    pointer -= 1
                    moves.append(("waste", _FOUNDATION[card & 3], 1))
                else:
                    break
            found = raise_found(found, card & 3)
            safe = self._safe(found)
        return tuple(piles), reserve_left, found, talon, pointer, passes_used, rank

    def _waste_reach(self, size: int, pointer: int, passes_used: int) -> dict:
        """Where turning can bring the pointer of a talon of ``size`` cards: pointer ->
        (turns, passes used), each pointer once, in the earliest pass that reaches it, and
        never the empty waste."""
        cache_key = (size, pointer, passes_used)
        reach = self.reach_cache.get(cache_key)
        if reach is not None:
            return reach
        reach = self.reach_cache[cache_key] = {}
        if pointer:
            reach[pointer] = (0, passes_used)
        if not self.may_turn:
            return reach
        draw = self.draw
        reached = {pointer}
        turns = 0
        while True:
            while pointer < size:
                pointer = min(pointer + draw, size)
                turns += 1
                if pointer not in reached:
                    reached.add(pointer)
                    reach[pointer] = (turns, passes_used)
            if not size or self._last_pass(passes_used) or len(reached) > size:
                return reach
            if self.passes is None and turns and 0 in reached:
                return reach  # a second time round brings nothing new
            pointer, turns = 0, turns + 1
            reached.add(0)
            if self.passes is not None:
                passes_used += 1

    def children(self, position: tuple) -> list:
        """Every position one search move away, as (moves, position), the most promising
        last (the stack tries it first). A move is ``(source, destination, count)`` or a
        number of turns."""
        if not self.may_move:
            return []
        piles, reserve_left, found, talon, pointer, passes_used, _rank = position
        wanted = self.wanted
        nexts = (
            wanted[0][found[0]],
            wanted[1][found[1]],
            wanted[2][found[2]],
            wanted[3][found[3]],
        )
        # The cards each pile's top card takes; with the reserve empty, a waste card may go
        # into the first empty pile.
        takers: dict[int, list] = {}
        empty = -1
        for j, cards in enumerate(piles):
            if cards:
                for card in _CHILDREN[cards[-1]]:
                    if card in takers:
                        takers[card].append(j)
                    else:
                        takers[card] = [j]
            elif empty < 0 and not reserve_left:
                empty = j
        home: _Children = []
        from_reserve: _Children = []
        in_tableau: _Children = []
        from_waste: _Children = []
        to_empty: _Children = []
        feeding: _Children = []
        reserve_parents = _PARENTS[self.reserve[reserve_left - 1]] if reserve_left else ()

        # The reserve's top card: home or onto a pile.
        if reserve_left:
            card = self.reserve[reserve_left - 1]
            rest = reserve_left - 1
            if card in nexts:
                home.append(
                    (
                        [("reserve", _FOUNDATION[card & 3], 1)],
                        (piles, rest, raise_found(found, card & 3), talon, pointer, passes_used),
                    )
                )
            for j in takers.get(card, ()):
                new_piles = list(piles)
                new_piles[j] = piles[j] + BYTE[card]
                from_reserve.append(
                    (
                        [("reserve", PILES[j], 1)],
                        (new_piles, rest, found, talon, pointer, passes_used),
                    )
                )

        # The tableau: the top card home or onto another pile; the whole pile onto another.
        for i, cards in enumerate(piles):
            if not cards:
                continue
            card = cards[-1]
            if card in nexts:
                new_piles = list(piles)
                new_piles[i] = cards[:-1]
                home.append(
                    (
                        [(PILES[i], _FOUNDATION[card & 3], 1)],
                        (
                            new_piles,
                            reserve_left,
                            raise_found(found, card & 3),
                            talon,
                            pointer,
                            passes_used,
                        ),
                    )
                )
            for j in takers.get(card, ()):
                if j != i:
                    new_piles = list(piles)
                    new_piles[i] = cards[:-1]
                    new_piles[j] = piles[j] + BYTE[card]
                    in_tableau.append(
                        (
                            [(PILES[i], PILES[j], 1)],
                            (new_piles, reserve_left, found, talon, pointer, passes_used),
                        )
                    )
            size = len(cards)
            if size > 1:
                for j in takers.get(cards[0], ()):
                    if j != i:
                        new_piles = list(piles)
                        new_piles[i] = b""
                        new_piles[j] = piles[j] + cards
                        in_tableau.append(
                            (
                                [(PILES[i], PILES[j], size)],
                                (new_piles, reserve_left, found, talon, pointer, passes_used),
                            )
                        )

        if self.settle_talon:
            in_tableau.extend(self._chains(position, empty, takers))

        # The waste: turn to each reachable card, then play it home, onto a pile or into
        # the first empty pile (by ones with passes unlimited: home only, the chains above
        # do the rest).
        chains = self.settle_talon
        reachable = self._waste_reach(len(talon), pointer, passes_used)
        if empty >= 0 and not chains:
            playable = [(reach, talon[reach - 1]) for reach in reachable]
        else:
            wanted_cards = {card for card in nexts if card >= 0}
            if not chains:
                wanted_cards.update(takers)
            playable = []
            for card in wanted_cards:
                reach = talon.find(card) + 1
                if reach and reach in reachable:
                    playable.append((reach, card))
        # The nearest waste card is tried first (the last in the list).
        playable.sort(key=lambda item: -reachable[item[0]][0])
        for reach, card in playable:
            turns, used = reachable[reach]
            is_next = card in nexts
            rest_talon = talon[: reach - 1] + talon[reach:]
            if is_next:
                home.append(
                    (
                        [turns, ("waste", _FOUNDATION[card & 3], 1)],
                        (
                            piles,
                            reserve_left,
                            raise_found(found, card & 3),
                            rest_talon,
                            reach - 1,
                            used,
                        ),
                    )
                )
            if chains:
                continue
            # a waste card the reserve's top card can then go on is tried before the
            # other moves but those home
            out = feeding if card in reserve_parents else from_waste
            for j in takers.get(card, ()):
                new_piles = list(piles)
                new_piles[j] = piles[j] + BYTE[card]
                out.append(
                    (
                        [turns, ("waste", PILES[j], 1)],
                        (new_piles, reserve_left, found, rest_talon, reach - 1, used),
                    )
                )
            if empty >= 0:
                new_piles = list(piles)
                new_piles[empty] = BYTE[card]
                to_empty.append(
                    (
                        [turns, ("waste", PILES[empty], 1)],
                        (new_piles, reserve_left, found, rest_talon, reach - 1, used),
                    )
                )

        settle = self._settle
        # last tried first
        ordered = to_empty + from_waste + in_tableau + from_reserve + feeding + home
        out = [(moves, settle(after, moves, rank)) for rank, (moves, after) in enumerate(ordered)]
        self.last_children = (position, out)  # (see ``_departing_children``)
        return out

    def single_children(self, position: tuple, order: str) -> list:
        """A single-move search's children: every engine move from ``position``, one at a
        time (one turn of the hand, one card from the top of the waste), as (moves,
        position), the ones it tries first last, in ``order``: "h" moves home, "r" from the
        reserve, "t" in the tableau, "w" from the waste, "n" the turn. Safe moves home
        follow each, as in ``children``."""
        if not self.may_move:
            return []
        piles, reserve_left, found, talon, pointer, passes_used, _rank = position
        wanted = self.wanted
        nexts = (
            wanted[0][found[0]],
            wanted[1][found[1]],
            wanted[2][found[2]],
            wanted[3][found[3]],
        )
        takers: dict[int, list] = {}
        empty = -1
        for j, cards in enumerate(piles):
            if cards:
                for card in _CHILDREN[cards[-1]]:
                    if card in takers:
                        takers[card].append(j)
                    else:
                        takers[card] = [j]
            elif empty < 0 and not reserve_left:
                empty = j
        turn: _Children = []
        if self.may_turn:
            if pointer < len(talon):
                turned = min(pointer + self.draw, len(talon))
                turn.append(([1], (piles, reserve_left, found, talon, turned, passes_used)))
            elif talon and not self._last_pass(passes_used):
                used = passes_used + 1 if self.passes is not None else 0
                turn.append(([1], (piles, reserve_left, found, talon, 0, used)))
        waste: _Children = []
        out = waste
        if pointer:
            card = talon[pointer - 1]
            rest = talon[: pointer - 1] + talon[pointer:]
            places = list(takers.get(card, ()))
            if empty >= 0:
                places.append(empty)
            for j in places:
                new_piles = list(piles)
                new_piles[j] = piles[j] + BYTE[card]
                out.append(
                    (
                        [("waste", PILES[j], 1)],
                        (new_piles, reserve_left, found, rest, pointer - 1, passes_used),
                    )
                )
        home: _Children = []
        tableau: _Children = []
        out = tableau
        for i, cards in enumerate(piles):
            if not cards:
                continue
            card = cards[-1]
            size = len(cards)
            if size > 1:
                for j in takers.get(cards[0], ()):
                    if j != i:
                        new_piles = list(piles)
                        new_piles[i] = b""
                        new_piles[j] = piles[j] + cards
                        out.append(
                            (
                                [(PILES[i], PILES[j], size)],
                                (new_piles, reserve_left, found, talon, pointer, passes_used),
                            )
                        )
            for j in takers.get(card, ()):
                if j != i:
                    new_piles = list(piles)
                    new_piles[i] = cards[:-1]
                    new_piles[j] = piles[j] + BYTE[card]
                    out.append(
                        (
                            [(PILES[i], PILES[j], 1)],
                            (new_piles, reserve_left, found, talon, pointer, passes_used),
                        )
                    )
            if card in nexts:
                new_piles = list(piles)
                new_piles[i] = cards[:-1]
                after: tuple = (new_piles, reserve_left, raise_found(found, card & 3))
                home.append(
                    ([(PILES[i], _FOUNDATION[card & 3], 1)], (*after, talon, pointer, passes_used))
                )
        from_reserve: _Children = []
        out = from_reserve
        if reserve_left:
            card = self.reserve[reserve_left - 1]
            rest_left = reserve_left - 1
            for j in takers.get(card, ()):
                new_piles = list(piles)
                new_piles[j] = piles[j] + BYTE[card]
                out.append(
                    (
                        [("reserve", PILES[j], 1)],
                        (new_piles, rest_left, found, talon, pointer, passes_used),
                    )
                )
            if card in nexts:
                after = (piles, rest_left, raise_found(found, card & 3))
                home.append(
                    ([("reserve", _FOUNDATION[card & 3], 1)], (*after, talon, pointer, passes_used))
                )
        if pointer and talon[pointer - 1] in nexts:
            card = talon[pointer - 1]
            rest = talon[: pointer - 1] + talon[pointer:]
            after = (piles, reserve_left, raise_found(found, card & 3), rest, pointer - 1)
            home.append(([("waste", _FOUNDATION[card & 3], 1)], (*after, passes_used)))
        groups = {"h": home, "r": from_reserve, "t": tableau, "w": waste, "n": turn}
        settle = self._settle
        ordered = [step for kind in order[::-1] for step in groups[kind]]  # last tried first
        return [(moves, settle(after, moves, rank)) for rank, (moves, after) in enumerate(ordered)]

    def _lost(self, position: tuple) -> bool:
        """Whether ``position`` is seen lost at once (``_deadlocked``, ``_hopeless``)."""
        if self.deadlocks and self._deadlocked(position[0], position[2]):
            return True
        return self.hopeless and self._hopeless(position)

    def _hopeless(self, position: tuple) -> bool:
        """``_never_home``, remembered where a pass is left: there every talon card counts
        as free, and the talon is every card not elsewhere, so the answer depends only on
        the piles (in any order), the reserve left and the foundations. (By ones with
        passes unlimited a third of the positions tested share these with one tested
        before: the single-move walks meet them at other pointers.)"""
        piles, reserve_left, found, _talon, _pointer, passes_used, _rank = position
        if not self.may_turn or self._last_pass(passes_used):
            return self._never_home(position)
        cache = self.hopeless_cache
        key = (*sorted(piles), reserve_left, found)
        known = cache.get(key)
        if known is None:
            if len(cache) > HOPELESS_CACHE:
                cache.clear()
            known = cache[key] = self._never_home(position)
        return known

    def _never_home(self, position: tuple) -> bool:
        """Whether some card can never go home, by what can happen at all in the position,
        each thing taken as soon as it is possible once, whatever else it needs at the same
        time (see the module notes). Sets of cards are bits of ints (``_children_of``).

        ``free``: cards that can come to the top of their pile (the tableau's, the
        reserve's or the waste's on the last pass; every card of the hand, and of the
        waste while a pass is left); ``home``: cards that can go home (the one before it
        home and the card free); ``top``: cards that can be the top of a tableau pile
        (free in the tableau, or a free card onto one such, or any free card from outside
        the tableau into a pile emptied); ``leave``: cards that can leave their place
        (home, onto such a top, or, from outside the tableau, into an emptied pile). A
        card comes free once the card on it can leave; a pile can be emptied once its
        bottom card can leave or its whole pile can go onto such a top."""
        piles, reserve_left, found, talon, pointer, passes_used, _rank = position
        homes = self.homes
        home = homes[0][found[0]] | homes[1][found[1]] | homes[2][found[2]] | homes[3][found[3]]
        tableau = free = bottoms = 0
        stacks = []  # piles whose cards come free from the top down, as far as they have
        cache = self.mask_cache
        for cards in piles:
            if cards:
                facts = cache.get(cards)
                if facts is None:
                    if len(cache) > 20_000:
                        cache.clear()
                    bits = 0
                    for card in cards:
                        bits |= 1 << card
                    facts = cache[cards] = (bits, 1 << cards[-1], 1 << cards[0])
                tableau |= facts[0]
                free |= facts[1]
                bottoms |= facts[2]
                if len(cards) > 1:
                    stacks.append(cards)
        if reserve_left:
            free |= 1 << self.reserve[reserve_left - 1]
            if reserve_left > 1:
                stacks.append(self.reserve[:reserve_left])
        if self._last_pass(passes_used) or not self.may_turn:
            for card in talon[pointer - 1 if pointer else 0 :]:
                free |= 1 << card
            if pointer > 1:
                stacks.append(talon[:pointer])
        else:
            # the talon is every card not in the tableau, the reserve or home
            free |= _ALL & ~(tableau | home | self.reserve_bits[reserve_left])
        emptied = not reserve_left and b"" in piles
        depths = [len(cards) - 1 for cards in stacks]  # the lowest free card of each
        levels = list(found)
        wanted = self.wanted
        ranks = _RANKS
        while True:
            for suit in (0, 1, 2, 3):
                level = levels[suit]
                if level < 13:
                    cards = wanted[suit]
                    while level < 13 and free >> cards[level] & 1:
                        home |= 1 << cards[level]
                        level += 1
                    levels[suit] = level
            if home == _ALL:
                return False
            if emptied:
                top = free
            else:
                top = free & tableau
            while True:  # the tops, and the cards that can go on them (``_children_of``)
                black = (top | top >> 3) & ranks
                red = (top >> 1 | top >> 2) & ranks
                kids = (black >> 3 | black >> 2 | red >> 4 | red >> 1) & ~0xF
                if black & 0x10:
                    kids |= 0b0110 << 52
                if red & 0x10:
                    kids |= 0b1001 << 52
                more = free & kids & ~top
                if not more:
                    break
                top |= more
            leave = home | kids
            grew = False
            if emptied:
                leave |= ~tableau
            elif bottoms & leave:
                emptied = grew = True
                leave |= ~tableau
            for index, cards in enumerate(stacks):
                depth = depths[index]
                if depth and leave >> cards[depth] & 1:
                    depth -= 1
                    free |= 1 << cards[depth]
                    while depth and leave >> cards[depth] & 1:
                        depth -= 1
                        free |= 1 << cards[depth]
                    depths[index] = depth
                    grew = True
            if not grew:
                return True

    def _pile_facts(self, cards: bytes) -> tuple | None:
        """What a tableau pile says whatever the foundations (see ``_deadlocked``), or None
        when it holds no card over an earlier card of its suit.

        A card's parents left are those not below it in this pile: it can only go home once
        they are all home. For the cards over an earlier card of their suit: per suit the
        lowest place in the foundation order of one's single parent left (-1 when one has
        none: the pile is lost whatever the foundations), then the pairs of parents left of
        those that have two (in a pile the engine makes, the card under each is one of
        them)."""
        order = self.order
        limits = [13, 13, 13, 13]
        pairs = []
        low = [13, 13, 13, 13]
        low[cards[0] & 3] = order[cards[0]]
        for i in range(1, len(cards)):
            card = cards[i]
            place = order[card]
            if low[card & 3] < place:
                below = cards[:i]
                left = tuple(parent for parent in _PARENTS[card] if parent not in below)
                if len(left) == 2:
                    pairs.append(left)
                elif left:
                    limits[left[0] & 3] = min(limits[left[0] & 3], order[left[0]])
                else:
                    limits = [-1, -1, -1, -1]
            elif place < low[card & 3]:
                low[card & 3] = place
        if limits == [13, 13, 13, 13] and not pairs:
            facts = None
        else:
            facts = (*limits, tuple(pairs))
        if len(self.pile_cache) > 20_000:
            self.pile_cache.clear()
        self.pile_cache[cards] = facts
        return facts

    def _deadlocked(self, piles: tuple, found: tuple) -> bool:
        """Whether a tableau pile holds a card that can only go home (now or ever) over an
        earlier card of its suit: then the position cannot be won.

        A card C lying on a card X in a pile leaves X only by moving alone (the top card) onto
        another pile or by going home: moving the whole pile carries C along on X. Alone it
        can go only onto a pile topped by one of its two parents (one rank higher, other
        colour; never into an empty pile, which takes waste cards only). Neither is there for
        it if each is X itself, home (foundation cards stay there) or lies below C in the
        same pile (it cannot be a top card while C is above it). Then C leaves X only by going
        home, so it goes home before X and every card below X, none of which can go home while
        C lies over it. If one of those is an earlier card of C's suit, which must go home
        first, neither can: no win. (As ranks wrap past the base rank, a pile can hold such a
        pair.) Only the tableau and the foundations come in, so this holds in every mode."""
        cache = self.pile_cache
        for cards in piles:
            if len(cards) > 1:
                try:
                    facts = cache[cards]
                except KeyError:
                    facts = self._pile_facts(cards)
                if facts is not None:
                    limit0, limit1, limit2, limit3, pairs = facts
                    if (
                        found[0] > limit0
                        or found[1] > limit1
                        or found[2] > limit2
                        or found[3] > limit3
                    ):
                        return True
                    order = self.order
                    for first, second in pairs:
                        if order[first] < found[first & 3] and order[second] < found[second & 3]:
                            return True
        return False

    def _chains(self, position: tuple, empty: int, landing: dict[int, list]) -> list:
        """By ones with passes unlimited: talon cards go onto the tableau only in a chain
        that a reserve or tableau card (or a whole pile) then lands on, in one search move.
        ``landing``: the piles each card can land on (``_successors``' ``takers``).

        Why that loses nothing: every talon card can be reached at any time and taking one
        out leaves the others in order, so in a winning line a talon card's play onto the
        tableau can wait until just before the first move that covers it. Until then it
        only blocks the card it lies on (a whole pile it rides along with can move without
        it; if it moves on or goes home, it could have gone there from the talon; it cannot
        be a safe card sent home by the search, as a card still to be covered is not
        safe). If a talon card covers it, that one waits likewise, so the plays from the
        talon come together, as a chain ending with a card from elsewhere. Chains of none
        are the ordinary moves."""
        piles, reserve_left, _found, talon, _pointer, _passes_used, _rank = position
        sources = []  # (card, source pile name, count, source pile index or -1)
        if reserve_left:
            sources.append((self.reserve[reserve_left - 1], "reserve", 1, -1))
        for i, cards in enumerate(piles):
            if cards:
                sources.append((cards[-1], PILES[i], 1, i))
                if len(cards) > 1:
                    sources.append((cards[0], PILES[i], len(cards), i))
        in_talon = set(talon)
        if empty < 0:
            # Only talon cards under which a chain can go on to a landing card are worth
            # adding: the others start chains that land nowhere (going down from the
            # landing cards by ``_CHILDREN`` within the talon finds the rest).
            stack = [card for card in landing if card in in_talon]
            in_talon = set(stack)
            while stack:
                for child in _CHILDREN[stack.pop()]:
                    if child in talon and child not in in_talon:
                        in_talon.add(child)
                        stack.append(child)
        out = []
        for card, src, count, src_index in sources:
            # Chains of talon cards, lowest first, each card one above the last.
            chain_ends: list[tuple[int, ...]] = [(card,)]
            while chain_ends:
                longer: list[tuple[int, ...]] = []
                for chain in chain_ends:
                    for parent in _PARENTS[chain[-1]]:
                        if parent in in_talon and parent not in chain and len(chain) < 13:
                            longer.append(chain + (parent,))
                for chain in longer:
                    places = landing.get(chain[-1], ())
                    if empty >= 0:
                        places = sorted((*places, empty))
                    for j in places:
                        if j != src_index:
                            out.append(self._play_chain(position, chain, src, count, src_index, j))
                chain_ends = longer
        return out

    def _play_chain(
        self, position: tuple, chain: tuple, src: str, count: int, src_index: int, dst: int
    ) -> tuple:
        """The move that plays ``chain[:0:-1]`` from the talon onto pile ``dst``, then the
        source's card(s) on them: (moves, position)."""
        piles, reserve_left, found, talon, pointer, passes_used, _rank = position
        moves: list = []
        played = chain[:0:-1]
        for card in played:
            talon, pointer = _take_from_talon(talon, pointer, card, moves, PILES[dst])
        new_piles = list(piles)
        if src_index < 0:
            reserve_left -= 1
            lifted = BYTE[chain[0]]
        else:
            lifted = piles[src_index][-count:]
            new_piles[src_index] = piles[src_index][:-count]
        new_piles[dst] = piles[dst] + bytes(played) + lifted
        moves.append((src, PILES[dst], count))
        return moves, (new_piles, reserve_left, found, talon, pointer, passes_used)

    # The core's hooks for moves and dead ends (bound once: they are called for every
    # position).
    _successors = children
    _dead = _lost


# Positions a search may look at before it answers "unknown", at the table and for --solve:
# a search that spends them all takes 80 MB (by threes with passes unlimited, deal
# 600008), under the worker's 100 MB: past 349,525 positions the store's table of keys
# doubles (400,000 took 114 MB, 750,000 166 MB). (Deal 681742 by threes, which the main
# dive wins at 366,447 positions, the walk off its line wins at 89,112.)
BUDGET = 340_000

# The search solve.py makes for the games whose definition names this module as solver.
SEARCH = CanfieldSearch
