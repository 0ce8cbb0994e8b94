"""The Prince (King Albert family): a family of the solver core (``core.py``).

A position is (columns, reserve, foundation counts) while it is looked at, and kept as
one ``bytes`` key (``PrinceSearch._key``): the nine columns, each as bytes of cards (a
card is ``rank * 4 + suit``, suits in the order C D H S) and sorted (columns are
interchangeable), then the reserve cards still there, sorted (the slots are never
refilled, so a card's slot is known from the start), then the four foundation counts,
apart by a byte that is neither a card nor a count. The key is exact (the counts follow
from the rest), so the family is ``compact``: the core keeps of a position only its key
in its store and an int in a queue, and rebuilds it from the key (``_unpack_key``) when
a walk takes it. The moves are not kept: the core finds each step of a win again as
the successor whose key is the next one, from the start with the columns in their real
order. At ``BUDGET`` a ``--solve`` process stays under 100 MB.

Every strategy tries every single-card move (and, as shortcuts, runs moved whole through
empty columns), and the core marks the positions each has visited. Single-card moves are
all the game has (a run moves as single-card steps), so when any one strategy has
expanded every position it has visited, every position reachable from the start has been
seen: that is the proof that the position cannot be won.

The strategies are the core's walks taking turns (as Freecell Solver's soft threads do),
counted in positions, never in time (``_next_turn`` chooses whose turn it is):

- the main scan, best-first on a heuristic (cards home, how deep the next cards for the
  foundations lie, cards out of order, empty columns, cards in the reserve, moves made):
  it has the first turn (``PRELUDE``) and, once the others have had their share, all of
  the rest, so a long proof of defeat costs little more than its own positions;
- the base scan, best-first with other weights (the old first scan's);
- the dive, depth-first with each position's children tried best first by the same kind
  of heuristic: its open list is only the path it is on and the children left to try, and
  it wins some deals the scans need far longer for;
- one more best-first scan.

The others together keep ``EARLY_SHARE`` of the positions until the main scan keeps
``STALL``, then ``LATE_SHARE`` of the further ones: their quick wins come early if at all.
The base scan has twice the part of the dive and of the other scan (``OTHER_PARTS``).
On held-in deals each of them wins some deals in a few thousand positions that the main
scan needs a hundred thousand for; and each is complete on its own, so nothing they do
can make a proof wrong. The positions counted are the visits of all the walks together
(a position two walks visit counts twice, as when each kept a table of its own).

Moves left out, and why that loses nothing:

- A card that may go home and that nothing can need any more goes home at once, alone
  (solvers.md 4.2, Solvitaire's rule for removable foundations): with alternate colours
  when both opposite-colour foundations are within two ranks of it and the other one of
  its colour within three; building regardless of suit when all the other foundations
  are within two; building in suit always. These moves are listed in the solution.
- Aces go home by themselves (the engine's follow-up): not listed.
- A card taken back from a foundation that would be safe at home again at once: the
  position after it settles back to the one before. Twos never come back: only an ace
  could lie on one, and aces never leave the foundations.
- A reserve card goes down only if a card that could lie on it is at the top of a
  column, in the reserve or on a foundation (from the two up). Why: take a shortest win
  whose first move puts the reserve card R down. The first later move that involves R
  cannot move R on or home (from the reserve straight there is shorter), so it lays a
  card Y on R, and every move before it commutes with putting R down. Y is in none of
  those places now, so one of those moves uncovers it, and the first such move (a move
  from the tableau) commutes with the reserve and foundation moves before it unless it
  lays its card on one of them, which those cards' own test lets through. So the win
  can begin with a move this search makes, and induction on its length does the rest.
- Of several empty columns only the first is tried (they are interchangeable), and a
  column's only card never moves into an empty column (the same position again).
- A run moved as a whole is the same as its single-card steps, which are all tried.

Positions left out as lost (solvers.md 4.5, dead positions): the main and the base scans
test each position they take from their queues when the move that first found it went
between the tableau and the reserve (``_worth_testing``: a move to or from a foundation
never made a dead position in our measurements; leaving the test out anywhere only prunes
less), and could make a position dead where the one before was not (``_Live``). The
test shortens a proof by 10 to 25 % of its positions but costs about as much time as it
saves (a quarter of an expansion on most positions), so it pays in memory, not speed:
the main and base scans make it, the others do not (but skip a position found dead,
which the core marks for every walk).

The test: with no empty column, take the largest set S of cards in the columns such that
each card of S lies under another card of S, or else
(a) a lower card of its suit that is not home yet is in S and (b) every card it could lie
on is *closed*: in S under another card of S, or in the reserve or at home with every
card it could come down onto closed in turn (a king there never gets back into a column
without an empty one). S is found by shrinking: every column card to begin with, then the
top card of a column's part of S leaves S while it fails the test. If every column keeps
a part of S, no win is left. Why: take the first move of a card X of S. X is free, so it
is not under another card of S, none of which has moved. It cannot go home (a lower card
of its suit is still in a column), nor into an empty column (every column still holds a
card of S), nor onto a card Y, which would have to be at the top of a column: a closed
card of S is under another card of S, and a closed card from the reserve or home gets
into a column only onto a card at the top of a column that is closed too, or into an
empty column, so by induction on the moves none of them is there before X moves. So no
card of S ever moves, no column ever empties, and the cards of S never go home.

The test is made cheap without changing its answer (S is the largest set that passes, so
the order in which cards leave it does not matter, and a card that fails once fails for
good as S only shrinks). A card fails whatever the other columns hold when every lower
card of its suit not home yet, or a card it could lie on, lies above it in its own
column: the column's other cards, its *candidates*, depend on the column and the
foundations only and are kept per (column, foundations), each with the cards it could
lie on elsewhere. A candidate that could lie on a card at the top of a column fails at
once (a top card is never closed); a column without a candidate left settles most live
positions before anything else is looked at. Otherwise the shrinking goes from candidate to
candidate, and a column is tested again only when some column's part of S has shrunk
since its top card last passed.

What the unknowns at 2 s are, and what was measured against them (alternate colours,
deals 600001..600400 and 500001..500200, 2026-11-29): nearly all are late wins of the
main scan (600004 at 255,881 positions, 600009 at 257,081; 500080 and 500141 only beyond
the budget, at 358,727 and 469,005) or long proofs (600155 149,993 positions, 600162
302,957, 500146 320,960), so what helps is more positions a second, or the other scans'
quick wins sooner. Taken: the moves of a position some 30 % faster (the same children in
the same order), and the base scan's larger part; then the foundation counts kept as
bytes (Python keeps a bytes' hash, and they go into the key as they are), the counts one
card higher and the cards-not-home share kept per state of the foundations, and the
settling spelt out: some 4 % less CPU for the same positions.

Where the time goes now (cProfile): in a late win (600004, 80,000 positions) the moves
some 35 %, the core's own loop (store, queue) some 25 %, the keys 15 %, the values 12 %,
the dead-end test 10 %; in a proof (600155) the moves 36 % and the dead-end test 27 %.
Per call: the moves 7.7 us a position, a key 0.30 us, a value 0.43 us, the dead-end test
1.4 us where the quick pass settles it (two thirds of the positions tested) and some
5.7 us more where it does not. So no one part can give the 1.3-2 times the unknowns need.

Taken later the same day (the same positions, but where noted): the columns a card may
go onto found in a list by the group of the cards it may lie on (``parent_group``: one
look-up a card, where a dict of every top card's takers was built at each position); the
moves between columns, of runs and of reserve cards made once, not at each child (most
children are positions seen before); the dead-end test's quick pass on bits of ints, its
recursion a function of its own (the one made in each test was a cycle for the
collector: 282,547 objects collected in one proof); a search's weightings holding no
reference back to it (a search dropped unfinished is freed at once, not by the
collector: a bench's peak memory over deals 500001..500200 91 MB, main's code 112); and
no dead-end test after a single card's move that cannot make a live position dead
(``_Live``: 8 % fewer tests in a proof; the positions differ by a few a deal, deal
700008 with any suit 53,683 where 36,092). On the positions deal 600155's scans expand
(gc off): the moves 6.6 us a position where 7.4, the dead-end test 2.9 us where 3.3;
deal 600004's moves 11.4 us where 11.9. The searches some 8-12 % faster in all; at 2 s
the held-out unknowns reach 1-14 % more positions, short of what three of them need
(700106 137,000-151,000 positions of 152,219, by the load).

Measured and not taken:

- The base scan as the main one: alone it wins 193 of deals 600001..600200 within 60,000
  positions where the main scan wins 181, but the late wins only the main scan finds
  (600004) are lost with it: at 2 s 2 unknowns fewer on 600001..600200, 1 more on
  500001..500200.
- The main and the base weights as two queues of one frontier (the core's
  ``Walk.QUEUES``: each position expanded once, so a proof costs no more), a depth cost
  of 1 for both: 3 unknowns instead of 5 on 600001..600200, 5 instead of 4 on
  500001..500200; with a depth cost of 2, 7 on 600001..600200.
- No take-back from a foundation at all, to bound what a sound rule restricting them
  could save (as the reserve's: only where a card could ever lie on the card): the
  proofs only 1-10 % shorter (600101 86,251 positions against 96,283, 600155 131,188
  against 135,397), so no such rule was worked out.
- The dead-end test's quick pass reading each candidate's cards from a tuple of its
  own: no faster. Nearly all its time goes to the positions that pass the quick pass
  (10 us each, a quarter of the positions tested, half of them dead).
- The source column's name looked up only where the column has a move, the key joined
  from one list display or extended with a tuple: no faster, within the noise.
- The value as a function holding its tables as locals (no attribute look-ups), and the
  key joined from one list display: no faster on 148,066 children of deal 600155.
- More moves marked live (a card whose other parents lie in the reserve or at home with a
  parent at the top of a column): 1,992 more of some 27,000 tests of deal 600155 left out,
  too few to pay for the look-ups.
- Each column's share of the value updated only where the move changed it: not tried, as
  the value is one C-level sum over nine cached column shares (0.43 us); finding the
  changed columns in Python costs more than that.
- A card X's move from column A into E, the only empty column, made only together with
  a move m that uses it (m touches A or E, its settling included, or lets down a reserve
  card that only the card X uncovered could lie on): sound (a shortest win through X's
  move either makes such an m next, or its next move leaves A and E alone and the
  search makes it first, from the position before X's move: induction on the length of
  the win), and aimed where the proofs spend their positions: on deals 600155 and
  600162, 54 % and 65 % of the positions kept are children of a move into an empty
  column, the card alone there and nothing done with it yet. Proofs kept 25-32 % fewer
  positions (600155 107,473 where 157,006, 600162 234,641 where 319,098, 500146 250,205
  where 337,359, 600101 85,531 where 113,576), but took the same CPU (4.65 s where 4.76,
  5.95 where 6.25, 1.62 where 1.61): the positions left out were the cheap ones (no
  column free: a top card's moves only), and a position with a column free now did its
  children's work. The dive taking the two moves as one lost its way (deal 3, a win in
  5,944 positions, unknown at 2,000,000), so it kept the plain moves. At 2 s tuning
  deals 600001..600200 98.5 % where 98.0 % (the same verdicts on all deals both
  settle), held-out 700001..700200 97.0 % where 97.5 % (one more win past 2 s): not
  taken. (The code of that measure, in the history, also left out a reserve card's move
  onto Z or X as the second move, which touches A or E: a gap, though every verdict it
  gave on 400 tuning deals agreed with main's.) Only X's moves into E after which no
  move could touch A or E left out (nothing may go home, Z may go nowhere, no card may
  come onto Z or X, Z could lie on no reserve card: the same argument, m first): proofs
  7-19 % fewer positions (600101 101,489, 600155 130,427, 600162 296,118) and 0-10 %
  less CPU, but the same deals settled within 2 s, tuning and held-out (97.5 %), any
  suit and in suit, and the held-out proofs left open barely touched (700106 151,439
  positions where 152,219, 700200 208,845 where 209,487): not taken either.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ..model.moves import Move, MoveKind
from ..model.rules import FOUNDATIONS, Rules
from ..model.state import State
from ..model.vocabulary import Build
from .compact import BYTE, OPPOSITE, RED, SAME, ColumnScores, card_code
from .core import Core, Strategy, Walk

__all__ = ["PrinceSearch"]

COLUMNS = tuple(f"t{number}" for number in range(1, 10))
RESERVE = tuple(f"r{number}" for number in range(1, 8))

# The scans' heuristic weights (lower scores first): cards not home, how deep the cards
# the foundations take next (and the ones after them) lie, cards not on their parent,
# empty columns (a bonus), cards left in the reserve, moves made so far. Each set of
# weights wins some deals in a few hundred positions that the others need 100,000 for.
_BASE = {"home": 3, "depth": 1, "depth2": 0.3, "breaks": 1, "empty": 3, "reserve": 0.5, "g": 1}
MAIN_WEIGHTS = {**_BASE, "g": 2, "empty": 6}  # the main scan's
OTHER_WEIGHTS = (_BASE, {**_BASE, "breaks": 0.5})  # the other scans'
DIVE_WEIGHTS = _BASE
# The strategies' weightings, by the name the core finds them under.
WEIGHTS = {
    "_value_main": MAIN_WEIGHTS,
    "_value_base": OTHER_WEIGHTS[0],
    "_value_dive": DIVE_WEIGHTS,
    "_value_other": OTHER_WEIGHTS[1],
}
SCALE = 10  # scores are whole numbers: the weights times SCALE
ALL_HOME = bytes((13, 13, 13, 13))  # the foundation counts of a won game
SEP = b"?"  # parts apart in a key: neither a card (4..55) nor a count (0..13)
CACHE_LIMIT = 100_000  # entries a cache of column facts may hold before it is cleared
BUDGET = 350_000  # positions (kept by all the strategies together) before "unknown"
PRELUDE = 2000  # positions the main scan expands alone at the start
ONE = tuple((column,) for column in range(len(COLUMNS)))  # a column's index, alone
BIT = tuple(1 << card for card in range(64))  # a card as a bit of a set of cards
# STEPS[source][target]: a single card's move between two columns, as a macro move made
# once (most children are positions seen before, and their moves are thrown away).
STEPS = tuple(tuple(((src, dst, 1),) for dst in COLUMNS) for src in COLUMNS)
# RUN_STEPS[source][target][count]: the same for runs (of up to 32 cards: see ``_Padded``)
RUN_STEPS = tuple(
    tuple(tuple(((src, dst, count),) for count in range(33)) for dst in COLUMNS) for src in COLUMNS
)


class _Live(tuple):
    """A macro move after which the position is not dead if the one before is not: the
    position it leads to is not tested (``PrinceSearch._worth_testing``).

    A single card C moved onto a card, from a column or the reserve, with nothing sent
    home and no column free before it (one free after it: never dead), where another top
    card could take C too, or C could lie on the card it leaves in its column, or no
    lower card of C's suit is out of home. Why: say the new position has a set S of the
    dead-end test (module notes). If C is not in S, S is one of the position before too:
    the same cards, columns with the same bottom parts, the same foundations, and every
    card closed after the move is closed before it (C in the reserve is closed where its
    parents are; in a column out of S it is not closed at all), so that one was dead. So
    C is in S, at the top of its column's part, so (a) and (b) hold for it, which each
    case denies: a top card it could lie on is never closed, and with no lower card of
    its suit out of home (a) fails. Testing less only prunes less, so no verdict depends
    on it; where the position before is dead and untested, a dead one may be expanded
    (the positions of 40 tuning deals within 10 of before)."""

    __slots__ = ()


LIVE_STEPS = tuple(tuple(_Live(step) for step in steps) for steps in STEPS)
QUOTA = 200  # positions a strategy expands in its turn
# The others' share of the positions kept (all of them together): EARLY_SHARE until the
# main scan keeps STALL positions, LATE_SHARE of the further ones.
EARLY_SHARE = 0.35
STALL = 15_000
LATE_SHARE = 0.10
# How the others share it, by their order in ``strategies``: the base scan wins most
# deals the main scan is slow on (alone, 193 of deals 600001..600200 within 60,000
# positions, the main scan 181), so it gets twice the dive's and the other scan's.
OTHER_PARTS = (2, 1, 1)


def _raise_found(found: bytes, suit: int, step: int = 1) -> bytes:
    changed = bytearray(found)
    changed[suit] += step
    return bytes(changed)


def _builds_table(build: str) -> bytes:
    """``table[lower << 6 | upper]``: may ``upper`` lie on ``lower`` in a column?"""

    def fits(lower: int, upper: int) -> bool:
        if not (4 <= upper < 56 and 4 <= lower < 56) or lower >> 2 != (upper >> 2) + 1:
            return False
        if build == Build.ALTERNATE:
            return RED[lower] != RED[upper]
        if build == Build.RANK:
            return True
        return lower & 3 == upper & 3

    return bytes(fits(lower, upper) for lower in range(64) for upper in range(64))


def _safe_rule(build: str):
    """Whether a card of ``rank`` and ``suit`` that may go home can never be needed again,
    given the foundation counts (solvers.md 4.2, the rules for removable foundations)."""
    if build == Build.ALTERNATE:

        def safe(found: bytes, suit: int, rank: int) -> bool:
            o1, o2 = OPPOSITE[suit]
            return found[o1] >= rank - 2 and found[o2] >= rank - 2 and found[SAME[suit]] >= rank - 3

    elif build == Build.RANK:

        def safe(found: bytes, suit: int, rank: int) -> bool:
            return all(found[other] >= rank - 2 for other in range(4) if other != suit)

    else:

        def safe(found: bytes, suit: int, rank: int) -> bool:
            return True

    return safe


def _closed(card: int, find: Callable[[int], int], height: list, parents: tuple) -> bool:
    """Whether the card can never be at the top of a column (``PrinceSearch.dead``): it
    lies in the stuck part under a stuck card, or it is in the reserve or at home and every
    card it could come down onto is closed too. (A function of its own, not one made in
    each test: one that calls itself would make a cycle each time for the collector.)"""
    place = find(card)
    if place >= 0:
        return (place & 31) + 1 < height[place >> 5]
    for parent in parents[card]:
        if not _closed(parent, find, height, parents):
            return False
    return True


def _column_score(w: dict, fits: bytes, col: bytes, found: bytes) -> int:
    """A column's share of the heuristic weighted by ``w`` (in 1/SCALE; lower is better)."""
    if not col:
        return -w["empty"]
    last = len(col) - 1
    score = 0
    w_depth, w_depth2 = w["depth"], w["depth2"]
    for suit in range(4):
        rank = found[suit] + 1
        if rank <= 13:
            at = col.find(rank * 4 + suit)
            if at >= 0:
                score += w_depth * (last - at)
            if rank < 13:
                at = col.find(rank * 4 + 4 + suit)
                if at >= 0:
                    score += w_depth2 * (last - at)
    breaks = w["breaks"]
    for index in range(1, len(col)):
        if not fits[col[index - 1] << 6 | col[index]]:
            score += breaks
    return score


class _Weighting:
    """One set of the heuristic's weights (whole numbers, the weights times SCALE) and, per
    state of the foundations, the columns' shares of it (``ColumnScores``) and the share of
    the cards not home."""

    def __init__(self, fits: bytes, weights: dict):
        self.weights = {name: round(value * SCALE) for name, value in weights.items()}
        # A column's share (``_column_score``) by a function that holds the weights and
        # the build's table, not the weighting nor the search: either would make a cycle
        # with its tables, and a search dropped unfinished would keep them (its store, for
        # the search) until the cycle collector came by.
        self.column_score = partial(_column_score, self.weights, fits)
        self.tables: dict[bytes, tuple[ColumnScores, int]] = {}
        self.home, self.reserve = self.weights["home"], self.weights["reserve"]

    def value(self, position: tuple) -> int:
        """How promising a position looks (higher first): less the cards not home, the
        columns' shares and the cards left in the reserve."""
        cols, reserve, found = position
        entry = self.tables.get(found)
        if entry is None:
            entry = self.tables[found] = (
                ColumnScores(self.column_score, found),
                self.home * (52 - sum(found)),
            )
        table, not_home = entry
        return -(sum(map(table.__getitem__, cols)) + not_home + self.reserve * len(reserve))


class _Padded(dict):
    """Column -> the column padded to 32 bytes with a byte that is no card: joined, the
    padded columns hold the card at index ``j`` of column ``i`` at offset ``i << 5 | j``
    (columns never reach 32 cards: nine dealt at most, and a run from a queen down on them).
    """

    __slots__ = ()

    def __missing__(self, col: bytes) -> bytes:
        value = self[col] = col + b"\x3f" * (32 - len(col))
        return value


class PrinceSearch(Core[tuple]):
    """Several walks of the solver core for a win from any position of The Prince, taking
    turns; see the module notes. A position is (columns, reserve, foundation counts).

    ``without`` is accepted as the other searches accept it: this one only ever makes
    plain moves (never a lay-off), so there is nothing for it to leave out.
    """

    # The main scan, the base scan, the dive and one more scan; a scan's depth cost is its
    # weights' "g" (moves made), in the same SCALE as its values.
    strategies = (
        Strategy(Walk.BEST_FIRST, QUOTA, "_value_main", MAIN_WEIGHTS["g"] * SCALE),
        Strategy(Walk.BEST_FIRST, QUOTA, "_value_base", OTHER_WEIGHTS[0]["g"] * SCALE),
        Strategy(Walk.DIVE, QUOTA, "_value_dive", test_dead=False),
        Strategy(
            Walk.BEST_FIRST, QUOTA, "_value_other", OTHER_WEIGHTS[1]["g"] * SCALE, test_dead=False
        ),
    )
    compact = True  # a key holds the whole position (``decode``)
    tests_by_move = True

    def __init__(
        self,
        rules: Rules,
        state: State,
        *,
        max_positions: int = BUDGET,
        without: frozenset = frozenset(),
    ):
        self.fits = _builds_table(rules.build)
        self.safe = _safe_rule(rules.build)
        self.safe_cache: dict[bytes, frozenset] = {}
        self.home_cache: dict[bytes, frozenset] = {}
        self.found_facts: dict[bytes, tuple] = {}  # found -> ``_found_facts``
        self.raised: dict[bytes, tuple] = {}  # found -> the counts with one more, by suit
        self.runs: dict[bytes, int] = {}
        self.stuck_tables: dict[bytes, dict] = {}  # found -> column -> _candidates
        self.padded = _Padded()  # column -> itself padded to 32 bytes (see dead)
        # takers[card]: the cards that may lie on it in a column
        self.takers = tuple(
            tuple(upper for upper in range(64) if self.fits[lower << 6 | upper])
            for lower in range(64)
        )
        # parents[card]: the cards it may lie on in a column
        self.parents = tuple(
            tuple(lower for lower in range(64) if self.fits[lower << 6 | upper])
            for upper in range(64)
        )
        # The cards a card may lie on are all of one group (``parent_group[card]``), and
        # each card is of one group (``group_of[card]``): the cards of the rank above of
        # the other colour, or of any suit, or its one card of the suit. Group 0 holds no
        # card (a king's), group 1 the cards no card may lie on (the aces).
        groups: dict[frozenset, int] = {frozenset(): 0}
        self.parent_group = bytes(
            groups.setdefault(frozenset(self.parents[code]), len(groups) + 1) for code in range(64)
        )
        group_of = bytearray([1] * 64)
        for members, group in groups.items():
            for code in members:
                assert group_of[code] == 1, "the groups of parents are apart"
                group_of[code] = group
        self.group_of = bytes(group_of)
        self.groups = len(groups) + 1
        piles = state.piles
        cols = [bytes(card_code(card) for card in piles[name]) for name in COLUMNS]
        self.slot_of = {card_code(piles[name][-1]): name for name in RESERVE if piles[name]}
        reserve = bytes(sorted(self.slot_of))
        # a reserve card's moves into each column, made once, and the same marked live
        self.reserve_steps = {
            card: (
                tuple(((slot, dst, 1),) for dst in COLUMNS),
                tuple(_Live(((slot, dst, 1),)) for dst in COLUMNS),
            )
            for card, slot in self.slot_of.items()
        }
        found = bytes(len(piles[name]) for name in FOUNDATIONS)
        first: list = []
        found, reserve = self._play_first_ace(cols, reserve, found, first)
        found, reserve = self._settle(cols, reserve, found, first)
        self.first = first  # the moves the start settles with, before the search's own
        self.weightings = {
            name: _Weighting(self.fits, weights) for name, weights in WEIGHTS.items()
        }
        for name, weighting in self.weightings.items():
            setattr(self, name, weighting.value)
        super().__init__((tuple(cols), reserve, found), max_positions=max_positions)

    # -------------------------------------------------------------- the core's hooks
    def _won(self, position: tuple) -> bool:
        return position[2] == ALL_HOME

    def _dead(self, position: tuple) -> bool:
        return self.dead(position[0], position[2])

    def _worth_testing(self, macro) -> bool:
        """Only a move between the tableau and the reserve made a dead position in our
        measurements (see the module notes)."""
        return macro.__class__ is not _Live and macro[0][0][0] != "f" != macro[0][1][0]

    def _moves_of(self, macro) -> list[Move]:
        return [Move(MoveKind.MOVE, src, dst, count) for src, dst, count in macro]

    def line_to(self, serial: int) -> list[Move]:
        return self._moves_of(self.first) + super().line_to(serial)

    def _next_turn(self) -> tuple[int, int]:
        """Whose turn it is, and for how many positions expanded (see the module notes):
        the main scan's while the others together keep less than their share of the
        positions, and then the one furthest behind its part of it (``OTHER_PARTS``).
        The caches of column facts are trimmed between turns."""
        self._trim_caches()
        self.turns += 1
        if self.turns == 1:
            return 0, PRELUDE
        main, *others = self.walks
        first = main.visits
        allowance = EARLY_SHARE / (1 - EARLY_SHARE) * min(first, STALL)
        if first > STALL:
            allowance += LATE_SHARE / (1 - LATE_SHARE) * (first - STALL)
        if sum(other.visits for other in others) <= allowance:
            behind = min(
                range(1, len(self.walks)),
                key=lambda at: self.walks[at].visits / OTHER_PARTS[at - 1],
            )
            return behind, QUOTA
        return 0, QUOTA

    # -------------------------------------------------------------- positions as bytes
    def _key(self, position: tuple) -> bytes:
        """A position as bytes, blind to the order of the columns: the columns sorted,
        the reserve and the foundation counts, apart by a byte that is no card and no
        count (the counts are implied by the rest, so the key is still exact)."""
        cols, reserve, found = position
        parts = sorted(cols)
        parts.append(reserve)
        parts.append(found)
        return SEP.join(parts)

    def _unpack_key(self, key: bytes) -> tuple:
        """The position (columns, reserve, foundation counts) a key stands for."""
        parts = key.split(SEP)
        return tuple(parts[:9]), parts[9], parts[10]

    # -------------------------------------------------------------- safe moves home
    def _safe_cards(self, found: bytes) -> frozenset:
        """The cards that may go home now and that nothing can need any more."""
        cards = self.safe_cache.get(found)
        if cards is None:
            cards = self.safe_cache[found] = frozenset(
                (found[suit] + 1) * 4 + suit
                for suit in range(4)
                if found[suit] < 13 and self.safe(found, suit, found[suit] + 1)
            )
        return cards

    def _play_first_ace(self, cols: list, reserve: bytes, found: bytes, moves: list) -> tuple:
        """A free ace the engine has not laid off yet (in a position set up by hand) must
        be played by the player: the engine lays off the others after that move.
        Returns the new foundation counts and reserve."""
        for index, col in enumerate(cols):
            if col and col[-1] < 8:
                cols[index] = col[:-1]
                moves.append((COLUMNS[index], FOUNDATIONS[col[-1] & 3], 1))
                return self._raise(found, col[-1] & 3), reserve
        if reserve and reserve[0] < 8:
            card = reserve[0]
            moves.append((self.slot_of[card], FOUNDATIONS[card & 3], 1))
            return self._raise(found, card & 3), reserve[1:]
        return found, reserve

    def _settle(self, cols: list, reserve: bytes, found: bytes, moves: list) -> tuple:
        """Play the free aces home (the engine does, unlisted) and every safe card (listed
        moves), the columns in place; return the new foundation counts and reserve.
        (The caches' look-ups spelt out: about one child in ten settles.)"""
        raised, safe_cache = self.raised, self.safe_cache
        while True:
            while reserve and reserve[0] < 8:  # sorted: aces first
                found = (raised.get(found) or self._raised(found))[reserve[0] & 3]
                reserve = reserve[1:]
            laid = True
            while laid:
                laid = False
                for index, col in enumerate(cols):
                    if col and col[-1] < 8:
                        cols[index] = col[:-1]
                        found = (raised.get(found) or self._raised(found))[col[-1] & 3]
                        laid = True
            safe = safe_cache.get(found)
            if safe is None:
                safe = self._safe_cards(found)
            for index, col in enumerate(cols):
                if col and col[-1] in safe:
                    card = col[-1]
                    cols[index] = col[:-1]
                    moves.append((COLUMNS[index], FOUNDATIONS[card & 3], 1))
                    break
            else:
                for card in reserve:
                    if card in safe:
                        reserve = reserve.replace(BYTE[card], b"")
                        moves.append((self.slot_of[card], FOUNDATIONS[card & 3], 1))
                        break
                else:
                    return found, reserve
            found = (raised.get(found) or self._raised(found))[card & 3]

    def _raised(self, found: bytes) -> tuple:
        """The foundation counts with one more card on each foundation, by suit (kept per
        state of the foundations)."""
        raised = self.raised.get(found)
        if raised is None:
            raised = self.raised[found] = tuple(_raise_found(found, suit) for suit in range(4))
        return raised

    def _raise(self, found: bytes, suit: int) -> bytes:
        """The foundation counts with one more card on ``suit``'s."""
        return (self.raised.get(found) or self._raised(found))[suit]

    def _home_cards(self, found: bytes) -> frozenset:
        """The foundation cards from the twos up, the ones that count as able to come
        back onto a card from the reserve (see ``children``)."""
        cards = self.home_cache.get(found)
        if cards is None:
            cards = self.home_cache[found] = frozenset(
                rank * 4 + suit for suit in range(4) for rank in range(2, found[suit] + 1)
            )
        return cards

    # -------------------------------------------------------------- dead positions
    def _candidates(self, col: bytes, found: bytes) -> tuple:
        """The cards of the column that could be the top of its stuck part, from the top
        down, as (index, card, need, lowers), and each one's ``need`` as bits of an int
        (``BIT``): ``need`` the cards it could lie on that are
        not in the column, ``lowers`` the lower cards of its suit not home yet and not in
        the column, or None when one of those lies below it in the column (then part (a)
        of the test holds whatever the other columns hold).

        A card is left out when it fails the test of the module notes whatever the other
        columns hold: every lower card of its suit not home yet lies above it in this
        column, or a card it could lie on does. A card it could lie on below it in the
        column is under a stuck card whenever it is the top of the stuck part.
        """
        parents = self.parents
        out = []
        for index in range(len(col) - 1, -1, -1):
            card = col[index]
            suit = card & 3
            lowers: list | None = []
            for lower in range(card - 4, found[suit] * 4 + suit, -4):
                at = col.find(lower)
                if at < 0:
                    if lowers is not None:
                        lowers.append(lower)
                elif at < index:
                    lowers = None
            if lowers == []:
                continue
            need = []
            for parent in parents[card]:
                at = col.find(parent)
                if at > index:
                    break
                if at < 0:
                    need.append(parent)
            else:
                out.append((index, card, tuple(need), lowers and tuple(lowers)))
        return tuple(out), tuple(sum(BIT[parent] for parent in need) for _, _, need, _ in out)

    def dead(self, cols: tuple, found: bytes) -> bool:
        """Whether no card of some bottom part of every column can ever move (see the
        module notes): then no column ever empties and the position is lost."""
        if b"" in cols:
            return False
        table = self.stuck_tables.get(found)
        if table is None:
            table = self.stuck_tables[found] = {}
        # A quick pass: a card one of whose parents is at the top of a column fails for
        # good (a top card is never closed), and the others of a column's candidates fail
        # too; a column with no candidate left empties, which settles most live positions.
        # (The cards as bits of an int: a bitwise and, not a set's method, per candidate.)
        tops = 0
        for col in cols:
            tops |= BIT[col[-1]]
        lists = []
        starts = []
        for col in cols:
            entry = table.get(col)
            if entry is None:
                entry = table[col] = self._candidates(col, found)
            cands, needs = entry
            for at, need in enumerate(needs):
                if not need & tops:
                    break
            else:
                return False
            lists.append(cands)
            starts.append(at)
        padded = self.padded
        find = b"".join([padded[col] for col in cols]).find
        # height: the columns' stuck bottom parts (a card is at column << 5 | index)
        height = [cands[at][0] + 1 for cands, at in zip(lists, starts)]
        parents = self.parents

        # A column's stuck part is tested again only when a height changed since its top
        # card last passed (stamp counts the changes); done when every column has passed.
        stamp = 0
        passed = [-1] * len(cols)
        while passed.count(stamp) < len(cols):
            for column, cands in enumerate(lists):
                if passed[column] == stamp:
                    continue
                at = starts[column]
                while True:
                    index, _card, need, lowers = cands[at]
                    height[column] = index + 1
                    # Home is closed if a lower card of its suit is stuck, and every card
                    # it could lie on must be stuck under a stuck card.
                    stuck = True
                    if lowers is not None:
                        for lower in lowers:
                            place = find(lower)
                            if place >= 0 and place & 31 < height[place >> 5]:
                                break
                        else:
                            stuck = False
                    if stuck:
                        for parent in need:
                            place = find(parent)
                            if place < 0:
                                if not _closed(parent, find, height, parents):
                                    stuck = False
                                    break
                            elif (place & 31) + 1 >= height[place >> 5]:
                                stuck = False
                                break
                        else:
                            break
                    at += 1
                    if at == len(cands):
                        return False
                if at != starts[column]:
                    starts[column] = at
                    stamp += 1
                passed[column] = stamp
        return True

    # -------------------------------------------------------------- children
    def _run_length(self, col: bytes) -> int:
        """How many cards at the top of the column are in sequence."""
        length = self.runs.get(col)
        if length is None:
            fits = self.fits
            length = 1
            while length < len(col) and fits[col[-length - 1] << 6 | col[-length]]:
                length += 1
            self.runs[col] = length
        return length

    def _successors(self, position: tuple) -> list:
        """Every position one move away, settled: (moves, (cols, reserve, found)), the
        columns as a list.

        Every single-card move is among them (into the first empty column only), and so
        are runs moved as a whole as far as the empty columns allow, which the engine
        carries out as single-card steps: shortcuts that steer the search better. A child
        settles (``_settle``) when its move freed an ace or a safe card, or sent one home
        (then other cards may have become safe).
        """
        cols, reserve, found = position
        out: list[tuple] = []
        append = out.append
        settle = self._settle
        facts = self.found_facts.get(found) or self._found_facts(found)
        safe, going_home, taken_back, raised = facts
        empties = cols.count(b"")
        empty = cols.index(b"") if empties else -1
        onto_card = 1 << empties  # the longest run that may move onto a card
        into_empty = 1 << (empties - 1) if empties else 0
        # by group of cards (``group_of``), the columns whose top card is of it (a list by
        # index: no hashing); so ``wanted[parent_group[card]]`` gives the columns a card
        # may go onto, in order
        wanted: list[tuple] = [()] * self.groups
        group_of = self.group_of
        for target, col in enumerate(cols):
            if col:
                wanted[group_of[col[-1]]] += ONE[target]
        parent_group = self.parent_group

        for index, col in enumerate(cols):
            if not col:
                continue
            src = COLUMNS[index]
            card = col[-1]
            if card in going_home:
                suit = card & 3
                new_cols = list(cols)
                new_cols[index] = col[:-1]
                moves = [(src, FOUNDATIONS[suit], 1)]
                new_found, new_reserve = settle(new_cols, reserve, raised[suit], moves)
                append((moves, (new_cols, new_reserve, new_found)))
            if empty < 0:
                # No column free: only the top card may move, onto a card. (The loop below
                # for one card, spelt out without a run looked up: merged into it, the
                # search took 3-5 % more CPU for the same positions.)
                targets = wanted[parent_group[card]]
                if targets:
                    rest = col[:-1]
                    moved = BYTE[card]
                    exposed = rest[-1] if rest else 0
                    steps = STEPS[index]
                    if exposed and (exposed < 8 or exposed in safe):
                        for target in targets:
                            new_cols = list(cols)
                            new_cols[index] = rest
                            new_cols[target] = cols[target] + moved
                            moves = list(steps[target])
                            new_found, new_reserve = settle(new_cols, reserve, found, moves)
                            append((moves, (new_cols, new_reserve, new_found)))
                    else:
                        # Live (not tested) where another top card could take the card,
                        # or the one it leaves, or no lower card of its suit is left out
                        # of home: see ``_Live``.
                        if (
                            len(targets) > 1
                            or exposed
                            and self.fits[exposed << 6 | card]
                            or found[card & 3] >= (card >> 2) - 1
                        ):
                            steps = LIVE_STEPS[index]
                        for target in targets:
                            new_cols = list(cols)
                            new_cols[index] = rest
                            new_cols[target] = cols[target] + moved
                            append((steps[target], (new_cols, reserve, found)))
                continue
            run = self.runs.get(col) or self._run_length(col)
            runs = RUN_STEPS[index]
            for count in range(1, min(onto_card, run) + 1):
                targets = wanted[parent_group[col[-count]]]
                if not targets:
                    continue
                rest = col[:-count]
                moved = col[-count:]
                exposed = rest[-1] if rest else 0
                for target in targets:
                    new_cols = list(cols)
                    new_cols[index] = rest
                    new_cols[target] = cols[target] + moved
                    if exposed and (exposed < 8 or exposed in safe):
                        moves = list(runs[target][count])
                        new_found, new_reserve = settle(new_cols, reserve, found, moves)
                        append((moves, (new_cols, new_reserve, new_found)))
                    else:
                        append((runs[target][count], (new_cols, reserve, found)))
            if len(col) > 1:
                most = min(run, into_empty, len(col) - 1)
                into = runs[empty]
                for count in (1, most) if most > 1 else (1,):
                    new_cols = list(cols)
                    new_cols[index] = rest = col[:-count]
                    new_cols[empty] = col[-count:]
                    exposed = rest[-1]
                    if exposed < 8 or exposed in safe:
                        moves = list(into[count])
                        new_found, new_reserve = settle(new_cols, reserve, found, moves)
                        append((moves, (new_cols, new_reserve, new_found)))
                    else:
                        append((into[count], (new_cols, reserve, found)))

        # A card that comes down from the reserve or a foundation is of use only once a
        # card lies on it (see the module notes): one that could, now or later, must be
        # at the top of a column, in the reserve or on a foundation (from the two up).
        takers = self.takers
        home: frozenset | None = None  # the cards at home from the twos up, once needed
        tops: set = set()  # and then the cards at the top of a column
        for card in reserve:
            if card in going_home:
                suit = card & 3
                new_cols = list(cols)
                moves = [(self.slot_of[card], FOUNDATIONS[suit], 1)]
                new_reserve = reserve.replace(BYTE[card], b"")
                new_found, newer = settle(new_cols, new_reserve, raised[suit], moves)
                append((moves, (new_cols, newer, new_found)))
            targets = wanted[parent_group[card]]
            if empty < 0 and not targets:
                continue  # nowhere to go in the tableau
            if home is None:
                home = self._home_cards(found)
                tops = {col[-1] for col in cols if col}
            for taker in takers[card]:
                if taker in home or taker in reserve or taker in tops:
                    break
            else:
                continue  # nothing could ever lie on it
            new_reserve = reserve.replace(BYTE[card], b"")
            steps, live_steps = self.reserve_steps[card]
            if empty < 0 and (len(targets) > 1 or found[card & 3] >= (card >> 2) - 1):
                steps = live_steps
            for target in targets:
                new_cols = list(cols)
                new_cols[target] = cols[target] + BYTE[card]
                append((steps[target], (new_cols, new_reserve, found)))
            if empty >= 0:
                new_cols = list(cols)
                new_cols[empty] = BYTE[card]
                append((steps[empty], (new_cols, new_reserve, found)))

        # Nothing becomes safe when a foundation gives a card back: no settling.
        for card, src, lowered in taken_back:
            for target in wanted[parent_group[card]]:
                new_cols = list(cols)
                new_cols[target] = cols[target] + BYTE[card]
                append(([(src, COLUMNS[target], 1)], (new_cols, reserve, lowered)))
            if empty >= 0:
                new_cols = list(cols)
                new_cols[empty] = BYTE[card]
                append(([(src, COLUMNS[empty], 1)], (new_cols, reserve, lowered)))
        return out

    def _found_facts(self, found: bytes) -> tuple:
        """What the moves depend on of the foundations alone, kept per state of them: the
        safe cards (``_safe_cards``), the cards that may go home, and the cards a
        foundation may give back, each as (card, foundation, the counts after), and the
        counts with one more card on each foundation."""
        going_home = frozenset(
            (found[suit] + 1) * 4 + suit for suit in range(4) if found[suit] < 13
        )
        taken_back = []
        for suit, rank in enumerate(found):
            if rank < 3:
                continue  # aces stay home, and nothing can ever lie on a two
            lowered = _raise_found(found, suit, -1)
            if self.safe(lowered, suit, rank):
                continue  # it would go straight home again: the position before
            taken_back.append((rank * 4 + suit, FOUNDATIONS[suit], lowered))
        facts = self.found_facts[found] = (
            self._safe_cards(found),
            going_home,
            tuple(taken_back),
            self._raised(found),
        )
        return facts

    def _trim_caches(self) -> None:
        """Forget the caches of column facts when they grow large (they are rebuilt as
        needed: this changes no answer)."""
        if len(self.runs) > CACHE_LIMIT:
            self.runs.clear()
        if len(self.padded) > CACHE_LIMIT:
            self.padded.clear()
        if sum(map(len, self.stuck_tables.values())) > CACHE_LIMIT:
            self.stuck_tables.clear()
        for weighting in self.weightings.values():
            if sum(len(table) for table, _ in weighting.tables.values()) > CACHE_LIMIT:
                weighting.tables.clear()


# The search solve.py makes for the games whose definition names this module as solver.
SEARCH = PrinceSearch
