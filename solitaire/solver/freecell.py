"""The FreeCell family (Vierfrei, Baker's Game, Eight Off, Seahaven Towers, Baker's Dozen):
a family of the solver core (``core.py``).

The family gives the core its moves (``_Board.children``), its keys (``_Board.key``),
the test for a win and the heuristics; the core's walks take turns over one store of
positions, as Freecell Solver's soft threads do (``FreecellLine._next_turn``):

- three best-first walks over whole-run moves (a run moves in one go, as far as the
  engine's limit allows), each with its own weights and a little weight on depth
  (``FAST_WEIGHTS``): where one wanders off, another usually goes straight, and
  together they win nearly every deal within a few hundred positions; two more join
  after LATE rounds, for the rare deals that need tens of thousands (from the first
  round where no free cell is and no column is filled: ``SINGLE_WEIGHTS``);
- a dive, depth-first with the most cards home first, whose share grows with every
  round: most proofs of defeat are its walk running dry;
- in Baker's Dozen, three quick dives more (the core's seventh to ninth walks), each in
  another order, one turn each in the first round (``QUICK_DIVES``).

Every walk is complete: the moves include every single-card move (into the first free
cell or empty column only: the others give the same position up to order; where no
column is ever filled, never a column's only card onto a card, which only covers that
card: ``_Board.single_children``), of which a run's move is a shortcut. So when any walk
has expanded every position it has visited, every position reachable from the start has
been seen, which proves that the position cannot be won; only then is "unsolvable"
answered. Keys are exact (below), so no two
positions are ever taken for one.

The columns build down by one of three rules (``build``): alternate colours (FreeCell,
Vierfrei), in suit (Baker's Game, Eight Off, Seahaven Towers) or regardless of suit
(Baker's Dozen). The tables of which card lies on which, and the safe-card rule, are
made for each; the rest of the solver is the same. The game's data also give the number
of free cells (none to eight; some may hold cards from the deal) and which cards fill
an empty column (``EmptyFill``: any, kings only, none), which decides the limit on
cards moved at once, as Freecell Solver's: (free cells + 1) * 2 ** empty columns where
any card fills them, (free cells + 1) otherwise.

Every walk plays safe cards home inside the search: a card goes up when nothing left
in play can need it. In alternate colours: Horne's rule as Freecell Solver uses it, or
"both opposite-colour cards one rank lower are home", whichever allows it. In suit:
every card the foundations take, since the only card that could lie on it, the next
lower of its suit, is home already (Freecell Solver: "always put on the foundation if it
is built-by-suit"). Regardless of suit: an ace or a two, or a card whose four cards one
rank lower are all home (an ace needs no place: it can always go home instead); with no
free cell and no column ever filled (Baker's Dozen), Beleaguered Castle's rule, or a card
while every card one rank lower not home lies first in its column (``_Board.settle``).
Foundations never give cards back in these games, so all of these
are safe (no win is lost by making them at once). Those are real moves of the game, so
every one of them is listed in the solution, which replays move by move through the
engine from the given position (with the game's own automatic moves off, the default).

Positions are tuples while they are looked at: the columns as ``bytes`` (a card is
``rank * 4 + suit``, suits in the order C D H S), the free cells as card codes (0 for
empty) and the four foundation counts. A position is kept as its key, one ``bytes``:
the cells sorted, the counts, the columns sorted, so that positions that differ only in
the order of their columns or cells are one; the key holds the whole position, so the
family is ``compact`` (the core rebuilds a position from its key when a walk takes it).
The core keeps the move that first found each position (``Core.macros``, two bytes),
named for the piles in the key's order; a winning line is read from them, each move
named again for the real order of the piles (``_Board.real_move``), and replayed from
the start with its automatic moves. At ``BUDGET`` a process stays under 90 MB.

Tried and not kept (tuning deals, 2 s of CPU each; "unknown" counts the deals unsettled):

- Baker's Dozen, its five weightings over one frontier (the core's ``Walk.QUEUES``, one
  depth cost of 1): 7 unknown of deals 600001..600115, 2 with the walks apart.
- Baker's Dozen, the dive's part of a round: the dive has most of the positions (53-72 %
  on deals 170, 237 and 254 at 100,000), but a turn of 300 positions, or 300 a round up
  to 3,000, or 1,000 beside turns of 600 for each best-first walk, settled within a deal
  or three of the growing turn: on deals 1..400 and 600001..600200, 23 unknown with the
  growing turn and 20 with the last (3 where 2 on 600001..600200), too close to keep.
  The dive in the order the moves are made, and best-first turns of 100: no better.
- Baker's Dozen, beside the rule that a column's only card never goes onto a card
  (``_Board.single_children``; deals 500186 and 600114 won in 55,243 and 30,346
  positions where 221,289 and 87,868), three more of its kind: a queen on kings alone
  never goes onto a king with only kings under it (the kings' piles are the same up to
  the kings, which go home last in some shortest win); any card on kings alone never
  onto a card while every queen not home lies on kings alone or first in its column (no
  queen ever needs the kings it would free); and the stuck-cards test asking only (a)
  of a column's first card (it is alone whenever it moves, so by that rule it only goes
  home). Sound, but on five to eight hard tuning deals at 350,000 positions the same
  verdicts and counts within 0.1 %: not kept. Nor the settling rule widened to a card
  one rank lower next for home while every card two ranks lower not home lies first in
  its column (Beleaguered Castle's argument): it applied in none of 99,187 positions
  of four tuning deals. With that rule, the dive held to 1,000
  positions a round beside best-first turns of 600, or to 5,000 a round: 8 unknown of
  deals 1..300 either way, as with its growing turn (the first swapped deal 85 for 134).
- Baker's Dozen, besides the longer turns (``SINGLE_TURNS``), on the hard tuning deals
  500005, 500117, 500183, 500200, 600114 and 500186 at 350,000 positions: a walk passing
  over a position another walk found dead (500005 won at 301,640 positions where 301,488:
  few dead positions are found by two walks); the dive testing a position for stuck
  cards as it finds it, not as it takes it (the same positions within 5 %, 29.5 s of CPU
  where 23.4: the dive takes few of the positions it finds); the moves leaving out the
  positions with stuck cards (500005 won at 258,896, but 50.0 s where 23.4: every child
  tested); and the stuck-cards test on bit sets of cards with each column's candidates
  kept per state of the foundations, as ``castle.py``'s (the same answers, 18 % faster on
  32,174 positions asked again, but 0.258 s where 0.212 inside the search, for the 24,253
  tests of deal 500005's first 60,000 positions). Of the positions it finds stuck, most
  are stuck in the large (37 to 41 cards of 8 or 9 columns), so a quick partial answer
  would seldom do. Of the orders of turns worked out from each walk alone (see
  ``SINGLE_TURNS``), those giving the first walk 10,000 positions alone settled as many
  hard tuning deals in less CPU; at the edge of what was tried, they were not taken.
- Baker's Dozen, once its positions were made some 10-15 % cheaper (the same positions:
  the stuck-cards test reading a card's parents as one group, ``_Tables.parent_group``,
  5.3 us a test where 6.6 on 32,952 tests of deal 500005; the settling looking only at
  the top cards either of its rules may send home; the columns a card may go onto in a
  list by rank; the key and the values without free cells spelt out): the columns of a
  position rebuilt from its key marked as in the key's order, so that a child's key
  (a card moved onto a card, no column emptied) need not sort them. A tuple subclass
  costs more to make than the sort it saves: 1.13 s of CPU for deal 500117's first
  100,000 positions where 1.07 s.
- Baker's Dozen, the dive's order: each weighting orders it well for other deals (the
  one dive alone to 400,000 positions on 20 hard tuning deals: by the third weights
  deal 168 is won in 17,043 positions, unknown by the first, and 85 in 26,238 where
  102,657, but 600162 is unknown where 20,593; by the fifth 107 and 293 are won in
  270,525 and 342,650, 500200 and 600162 not). So a second dive by the third weights,
  in the place and the turns of a best-first walk (the core walked six at most then). In
  that of the fifth: 500043 (21,501 positions, won by that walk) unknown at 2 s. In
  that of the third: every one of 17 hard tuning deals settled in fewer positions (168
  in 11,723, unknown before; 85 in 17,253; 134 in 121,238 where 128,597; the others
  0-9 % fewer), tuning deals at 2 s 98.5 % (the same) on 500001..500200 (but 500103
  and 500025 in 1.13 and 0.52 s, under 0.19 s before), 98.0 % where 97.7 % on 1..300
  (168), 100 % on 600001..600200 (the same), but held-out 98.0 % where 98.5 %
  side by side: 700097 unknown at 170,155 positions (won at 154,250 by the dive before),
  700138 no nearer (204,279 positions in 2 s where 213,289). Not kept. Kept since,
  beside every walk (the core walking more than six), as quick dives: one turn each in
  the first round (``QUICK_DIVES``).
- Baker's Dozen, beside the quick dives, one turn of 5,000 positions in the first round
  for a dive by the second weights and one by the fourth, or for one in the order the
  moves are made (the first made first, or the last): none wins any of the seven tuning
  deals left unknown at 2 s (55, 107, 195, 293, 500117, 500183, 500200) within 200,000
  positions. Given turns of 1,000 every round (the dive by the third weights alone),
  the deals the first dive wins take 5-10 % more positions (134 134,817 where 128,597,
  600162 22,564 where 20,593); in the first three rounds 2-10 %. The quick dives' turn:
  at 400 positions each 59 is lost (won from 600 on); 1,000 kept, a margin.
- Baker's Dozen, with the same positions (tuning deals 500005, 500117 and 600033 to
  100,000 positions, side by side with the code before): the key without the
  foundation counts, which the columns give (13 less a suit's cards in play): 0.44 us a
  key where 0.57, but 0.85 us to read one back where 0.46, some 1 % in all, and the
  dive's ties, which go by the key, change (deal 37 at 30,000: 30,001 positions where
  30,004). The stuck-cards test by a worklist, each column's part looked at again only
  when what holds its top card changes: 0.27 s where 0.215 s for 37,446 tests (the
  passes are few: of 24,622 stuck answers, 15,702 come after two and 7,760 after
  three). The test's passes over the columns not emptied yet only: 2-3 % slower in the
  search (8.25 s where 8.04 s for the three deals, three runs side by side). With the
  stuck sets found last tried first besides (85 % of the stuck positions are stuck by
  one of the last 8; the tests alone 4 % faster): 4 % slower in the search (most of
  the test's time goes to the positions that are not stuck, four or five passes each).
  A card gone home alone marked as leaving the position alive where another card of
  its rank is free or every card one rank lower goes home next (sound; 4,252 of 9,448
  such tests saved): the same time. Most positions the search tests are stuck (25,469
  of 32,952 on 500005's first 100,000).
  Not a rule: "a column in descending order from a king only gives its cards home". A
  column of the king of diamonds, the queen of spades and the jack of hearts, with the
  spades home to the jack, the ten of hearts under the king of spades and a queen free
  elsewhere, is won only by laying the jack of hearts on that queen (the queen of spades
  goes home, then the king, which frees the ten).
- Seahaven Towers, the dive's share raised to 3,000 or 10,000 positions a round: deal
  600077 (lost; 133,577 positions to prove) still unknown at 2 s, and 600004 too.
- Seahaven Towers, a dead end where every cell is full and no cell's card can ever move
  (the stuck-cards test with the cells' cards in S, a king with cards under it never in
  S): 47,122 positions to prove deal 600036 lost, 47,123 without it.
- Seahaven Towers, leaving out the move into a cell of the top card of a column in suit
  down to a king, while every king in play lies at the bottom of a column: a line that
  leaves the card in place wins too (nothing but that card can lie on the one under it,
  which cannot go home before it, and a cell more is free). Deals 600036, 600037 and
  600038 proven lost in 38,607, 33,474 and 39,535 positions (47,123, 33,891 and 45,032
  without), 600077 in the same 133,577: not kept, as the loss out of reach gains nothing.
  Without the condition on the kings it is wrong: a column emptied through the cells may
  take another king's run.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from enum import Enum
from itertools import pairwise
from typing import cast

from ..model.cards import SUITS, Card
from ..model.games.vierfrei import microsoft_deal
from ..model.moves import Move, MoveKind
from ..model.rules import FOUNDATIONS
from ..model.state import State
from ..model.vocabulary import Build
from .compact import (
    BYTE,
    OPPOSITE,
    RED,
    SAME,
    ColumnScores,
    card_code,
    knots,
    raise_found,
)
from .core import Core, Strategy, Walk
from .verdict import UNKNOWN, GaveUp, Stepped, Verdict, drive

__all__ = [
    "BUDGET",
    "BUILDS",
    "EmptyFill",
    "FreecellLine",
    "FreecellResult",
    "empty_fill",
    "solve_deal",
    "solve_freecell",
]

# ---------------------------------------------------------------------------- cards as ints

_FOUNDATION = tuple("f" + suit for suit in SUITS)


_SAFE_CACHE: dict[tuple, frozenset] = {}
_NEXT_CACHE: dict[tuple, frozenset] = {}


def _safe_cards(found: tuple) -> frozenset:
    """The cards that may go home now and that nothing left in play can need."""
    safe = _SAFE_CACHE.get(found)
    if safe is None:
        cards = []
        for suit in range(4):
            rank = found[suit] + 1
            if rank > 13:
                continue
            o1, o2 = OPPOSITE[suit]
            a, b = found[o1], found[o2]
            if (
                rank <= 2
                or (a >= rank - 1 and b >= rank - 1)
                or (a >= rank - 2 and b >= rank - 2 and found[SAME[suit]] >= rank - 3)
            ):
                cards.append(rank * 4 + suit)
        safe = _SAFE_CACHE[found] = frozenset(cards)
    return safe


def _next_cards(found: tuple) -> frozenset:
    """The cards the foundations take now (building in suit, all of them are safe)."""
    nxt = _NEXT_CACHE.get(found)
    if nxt is None:
        nxt = _NEXT_CACHE[found] = frozenset(
            (found[suit] + 1) * 4 + suit for suit in range(4) if found[suit] < 13
        )
    return nxt


def _rank_safe_cards(found: tuple) -> frozenset:
    """Building regardless of suit: the cards the foundations take that no card left in
    play can need, each of rank 2 or less (an ace never needs a place: it can always go
    home instead) or with every card one rank lower home (none is left to lie on it)."""
    safe = _RANK_SAFE_CACHE.get(found)
    if safe is None:
        lowest = min(found)
        safe = _RANK_SAFE_CACHE[found] = frozenset(
            (found[suit] + 1) * 4 + suit
            for suit in range(4)
            if found[suit] < 13 and (found[suit] < 2 or lowest >= found[suit])
        )
    return safe


_RANK_SAFE_CACHE: dict[tuple, frozenset] = {}
_SINGLE_SAFE_CACHE: dict[tuple, frozenset] = {}


def _single_rank_safe_cards(found: tuple) -> frozenset:
    """Building regardless of suit, one card at a time with no free cell and no column
    ever filled (Baker's Dozen): the cards the foundations take once every foundation
    holds at least their rank less two (Beleaguered Castle's rule, proven in
    ``castle.py``'s notes: a card D of the rank below that a line lays on such a card X
    can go home instead, as every card of the rank below D is home)."""
    safe = _SINGLE_SAFE_CACHE.get(found)
    if safe is None:
        lowest = min(found)
        safe = _SINGLE_SAFE_CACHE[found] = frozenset(
            (found[suit] + 1) * 4 + suit
            for suit in range(4)
            if found[suit] < 13 and (found[suit] < 2 or lowest >= found[suit] - 1)
        )
    return safe


def _fits(build: str, lower: int, upper: int) -> bool:
    """May the card ``upper`` lie on ``lower`` in a column?"""
    if not (1 <= upper >> 2 and lower >> 2 == (upper >> 2) + 1):
        return False
    if build == Build.ALTERNATE:
        return RED[lower] != RED[upper]
    if build == Build.RANK:
        return True
    return lower & 3 == upper & 3


class _Tables:
    """What the build rule decides, as tables indexed by card codes."""

    def __init__(self, build: str):
        # fits[lower << 6 | upper]: may ``upper`` lie on ``lower`` in a column?
        self.fits = bytes(_fits(build, lower, upper) for lower in range(64) for upper in range(64))
        cards = range(4, 56)
        # The cards a card can be placed on (one rank higher; two in alternate colours,
        # one in suit; none for kings), and the cards that can be placed on it.
        self.parents = tuple(
            tuple(other for other in cards if self.fits[other << 6 | code]) for code in range(64)
        )
        self.children = tuple(
            tuple(other for other in cards if self.fits[code << 6 | other]) for code in range(64)
        )
        # The cards a card may lie on are all of one group (``parent_group[card]``), and
        # each card is of one group (``group_of[card]``): the rank above in any suit, its
        # two cards of the other colour, or its one card of the suit; group 0 holds no
        # card (a king's). So "one of the cards it may lie on" is one look-up (``stuck``).
        groups: dict[frozenset, int] = {frozenset(): 0}
        self.parent_group = bytes(
            groups.setdefault(frozenset(self.parents[code]), len(groups)) for code in range(64)
        )
        group_of = bytearray(64)
        for members, group in groups.items():
            for card in members:
                assert not group_of[card], "the groups of parents are apart"
                group_of[card] = group
        self.group_of = bytes(group_of)
        self.groups = len(groups)
        if build == Build.ALTERNATE:
            self.safe_cards = _safe_cards
        elif build == Build.SUIT:
            self.safe_cards = _next_cards
        else:
            self.safe_cards = _rank_safe_cards


BUILDS = (Build.ALTERNATE, Build.SUIT, Build.RANK)


class EmptyFill(Enum):
    """Which cards may fill an empty column (Freecell Solver's ``--empty-stacks-filled-by``).
    Only where any card may do empty columns help a run move: otherwise a run moves
    through the free cells alone, (free cells + 1) cards (Freecell Solver's rule too)."""

    ANY = "any"  # FreeCell, Baker's Game
    KINGS = "kings"  # Eight Off, Seahaven Towers
    NONE = "none"  # Baker's Dozen: an empty column stays empty


def empty_fill(rules) -> EmptyFill:
    """The game's rule for empty columns, from its data; one the family does not know
    raises ValueError."""
    if rules.empty_columns_stay_empty:
        return EmptyFill.NONE
    if rules.empty_fill_rank is None:
        return EmptyFill.ANY
    if rules.empty_fill_rank == 13:
        return EmptyFill.KINGS
    raise ValueError(f"the FreeCell solver cannot fill empty columns with {rules.empty_fill_rank}s")


_TABLES = {build: _Tables(build) for build in BUILDS}

HOME = 31  # a move's destination when it goes to the foundations (piles are 0..30)
_ALONE = tuple((pile,) for pile in range(HOME))  # a pile's number, alone
# A move's mark (above its piles and count) where, made from a position that is not dead,
# it cannot lead to a dead one (``_Board.single_children``): that one is not tested.
LIVE = 1 << 14
SCALE = 50  # the heuristics' weights are counted in fiftieths (every one is a whole number)
CACHE = 100_000  # entries a cache of column figures may hold before it is emptied
WON = (13, 13, 13, 13)  # the foundation counts of a won game


# ---------------------------------------------------------------------------- the result


@dataclass
class FreecellResult:
    """What the solver found.

    ``status``: "solved" (``moves`` wins from the given position), "unsolvable" (a
    complete search found no way; proven) or "unknown" (the limits were reached first).
    ``moves``: (source pile, destination pile, card count) in the engine's pile names.
    ``positions``: positions visited by all the walks together.
    """

    status: str
    moves: list[tuple[str, str, int]] = field(default_factory=list)
    positions: int = 0
    seconds: float = 0.0


# ---------------------------------------------------------------------------- the board

Position = tuple[tuple, tuple, tuple]  # (columns, cells, foundations), as _Board plays them


class _Board:
    """Pile names, move generation and the compact forms of positions for one table size.

    A move is an int, ``src << 9 | dst << 4 | count`` (it fits the core's two-byte
    ``macros``: runs are at most 13 cards, piles fewer than 31): piles are numbered columns first,
    then cells; ``dst`` is ``HOME`` for the foundations. The automatic moves after it
    follow from the position, so a move and the position it is made from give the next
    position (``play``)."""

    def __init__(
        self,
        ncols: int,
        ncells: int,
        col_names,
        cell_names,
        build=Build.ALTERNATE,
        fill: EmptyFill = EmptyFill.ANY,
    ):
        if ncols + ncells >= HOME:
            raise ValueError(f"{ncols} columns and {ncells} cells are too many piles")
        self.fill = fill
        # No free cell and no column ever filled: a card moves only home or onto a card,
        # one at a time, so cards can be stuck for good (``stuck``) and more go home safely.
        self.single_cards = ncells == 0 and fill is EmptyFill.NONE
        tables = _TABLES[build]
        self.fits, self.parents_of, self.children_of = tables.fits, tables.parents, tables.children
        self.group_of, self.parent_group, self.groups = (
            tables.group_of,
            tables.parent_group,
            tables.groups,
        )
        self.safe_cards = tables.safe_cards
        if build == Build.RANK and ncells == 0 and fill is EmptyFill.NONE:
            self.safe_cards = _single_rank_safe_cards
        # The cards whose uncovering calls for settling (``settle``): the safe ones, or,
        # where a card's place decides too (``_settle_single``), the foundations' next.
        self.settles_on = _next_cards if self.single_cards else self.safe_cards
        self.ncols = ncols
        self.ncells = ncells
        self.col_names = tuple(col_names)
        self.cell_names = tuple(cell_names)
        self.names = self.col_names + self.cell_names
        self.runs: dict[bytes, int] = {}  # column -> the length of its run at the top
        self.info: dict[bytes, int] = {}  # column -> its cards not on their parent
        # (cells, foundations), or the foundations alone where no cell is -> the keys' head
        self.heads: dict[tuple, bytes] = {}
        # foundations -> ``_single_facts`` and the cards it names
        self.single_facts: dict[tuple, tuple] = {}
        self.lowests: dict[tuple, list] = {}  # foundations -> per suit the next card home

    # -------------------------------------------------------------- positions as bytes
    def key(self, position: Position) -> bytes:
        """A position as one ``bytes``, blind to the order of the columns and of the cells:
        the cells sorted (empty ones, 0, first), the foundation counts, then the columns
        sorted with a 0 between them (card codes are 4 and more). Exact: ``position_of``
        reads the position back (in that order)."""
        cols, cells, found = position
        head = self.heads.get((cells, found))
        if head is None:  # most moves keep the cells and the foundations as they were
            head = self.heads[cells, found] = bytes((*sorted(cells), *found))
        return head + b"\x00".join(sorted(cols))

    def key_without_cells(self, position: Position) -> bytes:
        """``key`` where there is no free cell (the same bytes): its head kept by the
        foundations alone, which hash faster than they do with the cells."""
        found = position[2]
        head = self.heads.get(found)
        if head is None:
            head = self.heads[found] = bytes(found)
        return head + b"\x00".join(sorted(position[0]))

    def position_without_cells(self, key: bytes) -> Position:
        """``position_of`` where there is no free cell (the same position)."""
        return tuple(key[4:].split(b"\x00")), (), tuple(key[:4])

    def real_move(self, move: int, key: bytes, position: Position) -> int:
        """``move``, made from the position ``key`` stands for (``position_of``: columns and
        cells sorted), as the same move from ``position``, the same position in another
        order: piles are known by their cards, and an empty one is the first empty one
        (where ``children`` puts a card)."""
        src, dst, count = move >> 9 & 31, move >> 4 & 31, move & 15
        cols, cells, _ = self.position_of(key)
        real_cols, real_cells = position[0], position[1]
        ncols = self.ncols
        if src < ncols:
            src = real_cols.index(cols[src])
        else:
            src = ncols + real_cells.index(cells[src - ncols])
        if dst < ncols:
            dst = real_cols.index(cols[dst])
        elif dst != HOME:
            dst = ncols + real_cells.index(0)
        return src << 9 | dst << 4 | count

    def trim(self) -> None:
        """Empty the caches that have grown too large."""
        for cache in (self.heads, self.runs, self.info, self.single_facts, self.lowests):
            if len(cache) >= CACHE:
                cache.clear()

    def position_of(self, key: bytes) -> Position:
        """The position (columns and cells in ``key``'s order) a key stands for."""
        n = self.ncells
        return tuple(key[n + 4 :].split(b"\x00")), tuple(key[:n]), tuple(key[n : n + 4])

    def play(self, cols: tuple, cells: tuple, found: tuple, move: int, moves=None) -> Position:
        """The position after ``move`` and the safe cards going home; the moves made are
        added to the list ``moves`` if one is given (in the engine's pile names)."""
        src, dst, count = move >> 9 & 31, move >> 4 & 31, move & 15
        ncols = self.ncols
        lcols, lcells = list(cols), list(cells)
        if src < ncols:
            col = lcols[src]
            moving = col[-count:]
            lcols[src] = col[:-count]
        else:
            moving = BYTE[lcells[src - ncols]]
            lcells[src - ncols] = 0
        if dst == HOME:
            suit = moving[0] & 3
            found = raise_found(found, suit)
            target = _FOUNDATION[suit]
        elif dst < ncols:
            lcols[dst] += moving
            target = self.names[dst]
        else:
            lcells[dst - ncols] = moving[0]
            target = self.names[dst]
        if moves is not None:
            moves.append((self.names[src], target, count))
        # Positions are settled: only a card gone home or a card uncovered can make more
        # cards safe (``children`` settles on the same condition).
        if dst == HOME or src < ncols and lcols[src] and lcols[src][-1] in self.settles_on(found):
            found = self.settle(lcols, lcells, found, moves)
        return tuple(lcols), tuple(lcells), found

    def replay(self, start: Position, line) -> list:
        """The moves (with the automatic ones) of the moves ``line`` made from ``start``."""
        moves: list = []
        position = start
        for move in line:
            position = self.play(*position, move, moves)
        return moves

    def shorten(self, start: Position, line: list) -> list:
        """A solution at most as long as ``line`` (moves made from ``start``), as moves.

        Walks the positions of the solution again, and from each takes the move that leads
        to the latest of them (Freecell Solver's -opt does more, with a search): detours
        and the long wanderings a depth-first search makes are cut out.
        """
        key = self.key
        position = start
        where = {key(start): 0}
        for number, move in enumerate(line, start=1):
            position = self.play(*position, move)
            where[key(position)] = number
        shorter: list = []
        position, at, last = start, 0, len(line)
        deep = last > LONG  # look two moves ahead on long detours
        while at < last:
            best: tuple[Position, tuple] | None = None  # and the moves there
            options = self.children(position)
            for move, after in options:
                number = where.get(key(after), -1)
                if number > at:
                    at, best = number, (after, (move,))
            if deep and best is not None:
                reach = at
                for move, after in options:
                    for move2, after2 in self.children(after):
                        number = where.get(key(after2), -1)
                        if number > reach + 1:
                            reach, best = number, (after2, (move, move2))
                at = max(at, reach)
            if best is None:  # cannot happen: the next position is always a child
                return self.replay(start, line)
            position = best[0]
            shorter.extend(best[1])
        return self.replay(start, shorter)

    # -------------------------------------------------------------- automatic moves
    def settle(self, cols: list, cells: list, found: tuple, moves=None) -> tuple:
        """Play every safe card home (in place); return the new foundation counts. The
        moves are added to ``moves`` if it is a list."""
        if self.single_cards:
            return self._settle_single(cols, found, moves)
        col_names, cell_names = self.col_names, self.cell_names
        safe_cards = self.safe_cards
        safe = safe_cards(found)
        while safe:
            moved = False
            for i, col in enumerate(cols):
                while col and col[-1] in safe:
                    suit = col[-1] & 3
                    col = col[:-1]
                    found = raise_found(found, suit)
                    if moves is not None:
                        moves.append((col_names[i], _FOUNDATION[suit], 1))
                    safe = safe_cards(found)
                    moved = True
                cols[i] = col
            for i, card in enumerate(cells):
                if card and card in safe:
                    suit = card & 3
                    cells[i] = 0
                    found = raise_found(found, suit)
                    if moves is not None:
                        moves.append((cell_names[i], _FOUNDATION[suit], 1))
                    safe = safe_cards(found)
                    moved = True
            if not moved:
                break
        return found

    def _settle_single(self, cols: list, found: tuple, moves=None) -> tuple:
        """``settle`` with no free cell and no column ever filled: a card goes home when
        the foundations' own rule allows it (``_single_rank_safe_cards``) or when every
        card one rank lower not home lies first in its column.

        Such a card X goes home at once without losing a win, nor making one longer. Why:
        take a shortest win from the position. Each of its ends is a shortest win too, so
        it never moves a column's only card onto a card (``single_children``), and a card
        that lies first in its column is its only card whenever it is free to move: the
        cards one rank lower only ever go home, and nothing is ever laid on X (only they
        could lie on it). Play X home first, then the same line without X's own moves:
        nothing lay on X, and no card under X moved while X lay on it, so every other
        move finds the same cards as before, and the foundations take the cards of X's
        suit above it after X, as before. The line is as long or shorter (X's move home
        was in it). Sending a card home never keeps another from going (the rules ask
        only more cards home, or cards gone home), so the settled position is the same
        in whatever order they go."""
        facts = self.single_facts
        # The cards first in their columns, once asked for: cards only go home here, so
        # no card comes first (a column's first card changes only as it empties), and no
        # rule asks for a card gone home.
        firsts: set | None = None
        while True:
            entry = facts.get(found)
            if entry is None:
                safe, lowers_of = self._single_facts(found)
                # and the cards either rule may send home, looked for first
                entry = facts[found] = (safe, lowers_of, safe.union(lowers_of))
            safe, lowers_of, either = entry
            for i, col in enumerate(cols):
                if not col or col[-1] not in either:
                    continue
                card = col[-1]
                if card not in safe:
                    lowers = lowers_of[card]
                    if firsts is None:
                        firsts = {first[0] for first in cols if first}
                    if not firsts.issuperset(lowers):
                        continue
                cols[i] = col[:-1]
                found = raise_found(found, card & 3)
                if moves is not None:
                    moves.append((self.col_names[i], _FOUNDATION[card & 3], 1))
                break
            else:
                return found

    def _single_facts(self, found: tuple) -> tuple:
        """(the cards the foundations' own rule sends home; for each other card the
        foundations take, from the threes up, the cards one rank lower not home, which
        must all lie first in their columns for it to go home)."""
        safe = self.safe_cards(found)
        lowers_of = {}
        for suit in range(4):
            rank = found[suit] + 1
            card = rank * 4 + suit
            if 2 < rank < 14 and card not in safe:
                lowers_of[card] = frozenset(
                    lower
                    for lower in range((rank - 1) * 4, rank * 4)
                    if found[lower & 3] < rank - 1
                )
        return safe, lowers_of

    def run_length(self, col: bytes) -> int:
        n = self.runs.get(col)
        if n is None:
            n = 1
            size = len(col)
            fits = self.fits
            while n < size and fits[col[-n - 1] << 6 | col[-n]]:
                n += 1
            self.runs[col] = n
        return n

    # -------------------------------------------------------------- children
    def children(self, position: Position) -> list:
        """Every position one move away, as (move, (cols, cells, found)).

        A run moves onto a card as far as the limit allows, and the longest movable run
        and a single card into an empty column; so every single-card move is among them
        (into the first free cell or empty column only: the others give the same position
        up to order), and the runs are shortcuts through single-card moves. Each position
        is the one ``play`` makes of ``move``. Where only kings fill an empty column, a
        run goes there only from its king (a king lies on nothing in sequence, so that
        is the run's first card); where nothing does, nothing goes there.
        """
        cols, cells, found = position
        out: list[tuple] = []
        append = out.append
        ncols = self.ncols
        nxt = _next_cards(found)
        safe = self.settles_on(found)  # (uncovered, they call for settling)
        parents_of, children_of = self.parents_of, self.children_of
        settle = self.settle
        nfree = cells.count(0)
        nempty = cols.count(b"")
        first_empty = cols.index(b"") if nempty else -1
        fill = self.fill
        any_fill = fill is EmptyFill.ANY
        kings_fill = fill is EmptyFill.KINGS
        if nempty and fill is EmptyFill.NONE:
            nempty = 0  # a column that stays empty is no place for a card
        tops = [col[-1] if col else 0 for col in cols]

        # cells: home, onto a parent, into an empty column
        if nfree < len(cells):
            for ci, card in enumerate(cells):
                if not card:
                    continue
                rest_cells = cells[:ci] + (0,) + cells[ci + 1 :]
                src = (ncols + ci) << 9 | 1
                if card in nxt:
                    lcells = list(rest_cells)
                    lcols = list(cols)
                    f2 = settle(lcols, lcells, raise_found(found, card & 3))
                    append((src | HOME << 4, (tuple(lcols), tuple(lcells), f2)))
                parents = parents_of[card]
                for j, top in enumerate(tops):
                    if top in parents:
                        lcols = list(cols)
                        lcols[j] = cols[j] + BYTE[card]
                        append((src | j << 4, (tuple(lcols), rest_cells, found)))
                if nempty and (any_fill or card >> 2 == 13):
                    lcols = list(cols)
                    lcols[first_empty] = BYTE[card]
                    append((src | first_empty << 4, (tuple(lcols), rest_cells, found)))

        if nfree:
            free_cell = cells.index(0)
            to_cell = (ncols + free_cell) << 4 | 1
        if any_fill:
            limit_full = (nfree + 1) << nempty  # onto a card: every empty column helps
            limit_empty = (nfree + 1) << (nempty - 1) if nempty else 0  # into an empty column
        else:
            limit_full = nfree + 1  # through the free cells alone
            limit_empty = limit_full if nempty else 0
        wanted: dict[int, list] = {}  # card -> columns whose top card takes it
        for j, top in enumerate(tops):
            if top > 7:  # not empty, not an ace
                for card in children_of[top]:
                    if card in wanted:
                        wanted[card].append(j)
                    else:
                        wanted[card] = [j]
        runs = self.runs

        for i, col in enumerate(cols):
            if not col:
                continue
            top = col[-1]
            src = i << 9
            # home
            if top in nxt:
                lcols = list(cols)
                lcols[i] = col[:-1]
                lcells = list(cells)
                f2 = settle(lcols, lcells, raise_found(found, top & 3))
                append((src | HOME << 4 | 1, (tuple(lcols), tuple(lcells), f2)))
            run = min(runs.get(col) or self.run_length(col), limit_full)
            # onto another column's top card
            for k in range(1, run + 1):
                targets = wanted.get(col[-k])
                if targets is None:
                    continue
                rest = col[:-k]
                moving = col[-k:]
                settles = rest and rest[-1] in safe
                for j in targets:
                    lcols = list(cols)
                    lcols[i] = rest
                    lcols[j] = cols[j] + moving
                    if settles:
                        lcells = list(cells)
                        f2 = settle(lcols, lcells, found)
                        append((src | j << 4 | k, (tuple(lcols), tuple(lcells), f2)))
                    else:
                        append((src | j << 4 | k, (tuple(lcols), cells, found)))
            size = len(col)
            # into an empty column
            if nempty and size > 1:
                most = min(run, limit_empty, size - 1)
                if any_fill:
                    counts: tuple[int, ...] = (most, 1) if most > 1 else (1,)
                elif kings_fill and col[-most] >> 2 == 13:
                    counts = (most,)  # the run from its king
                else:
                    counts = ()
                for k in counts:
                    lcols = list(cols)
                    rest = col[:-k]
                    lcols[i] = rest
                    lcols[first_empty] = col[-k:]
                    move = src | first_empty << 4 | k
                    if rest[-1] in safe:
                        lcells = list(cells)
                        f2 = settle(lcols, lcells, found)
                        append((move, (tuple(lcols), tuple(lcells), f2)))
                    else:
                        append((move, (tuple(lcols), cells, found)))
            # into a free cell
            if nfree:
                lcols = list(cols)
                rest = col[:-1]
                lcols[i] = rest
                lcells = list(cells)
                lcells[free_cell] = top
                if size > 1 and rest[-1] in safe:
                    f2 = settle(lcols, lcells, found)
                    append((src | to_cell, (tuple(lcols), tuple(lcells), f2)))
                else:
                    append((src | to_cell, (tuple(lcols), tuple(lcells), found)))
        return out

    def single_children(self, position: Position) -> list:
        """``children`` where no free cell is and no column is ever filled (Baker's
        Dozen), sooner: each column's top card home, then onto each column whose top
        card is one rank higher, in the columns' order (no run moves: the limit is one
        card); the same list but for the moves of a column's only card onto a card.

        Those lose no win. Say a column A holds one card X alone, and P' is the position
        after X goes onto a card Y. Every line from P' is mirrored from P, move for
        move: a card laid on X's pile (X, with what lies on it) goes on it in A, and
        every other move is the same, for the piles in P are the ones of P' but that X's
        pile stands in A, and Y is free (no card is laid on Y in the mirror while X's
        pile lies on it in P'; once it has left, Y is free in both). An empty column
        takes no card, so A emptied gives P' nothing. So a winning line from P' is one
        from P as long, and a shortest win from any position never makes such a move
        (from P it would reach P', whose own win is as short as P's, one move more).
        The search keeps the first move of a shortest win from every winnable position
        it meets: playing safe cards home keeps a win no longer (``settle``) and the
        stuck positions left out cannot be won, so walking on it reaches a win."""
        cols, cells, found = position
        out: list[tuple] = []
        append = out.append
        # the cards the foundations take (uncovered, they call for settling too)
        nxt = _next_cards(found)
        settle = self._settle_single
        # by rank, the columns whose top card has it (a list by index: no hashing)
        takers: list[tuple] = [()] * 15
        for j, col in enumerate(cols):
            if col:
                rank = col[-1] >> 2
                takers[rank] += _ALONE[j]
        for i, col in enumerate(cols):
            if not col:
                continue
            top = col[-1]
            if top in nxt:
                lcols = list(cols)
                lcols[i] = col[:-1]
                f2 = settle(lcols, raise_found(found, top & 3))
                append((i << 9 | HOME << 4 | 1, (tuple(lcols), cells, f2)))
            targets = takers[(top >> 2) + 1]
            if not targets or len(col) == 1:
                continue  # (a column's only card goes home or nowhere: see above)
            src = i << 9
            rest = col[:-1]
            moving = BYTE[top]
            settles = rest[-1] in nxt
            # Moved onto a card with no card going home, it leaves the position alive
            # where another card one rank above it stays free (the one it leaves, or
            # another top card) or no lower card of its suit is left in play. Why: if
            # the new position had a stuck set S (``stuck``) without the moved card,
            # S would be one of the position before too, which is not dead; so S holds
            # it, and it is free, so (a) and (b) hold for it, which each case denies.
            live = (
                len(targets) > 1
                or rest[-1] >> 2 == (top >> 2) + 1
                or found[top & 3] >= (top >> 2) - 1
            )
            for j in targets:
                lcols = list(cols)
                lcols[i] = rest
                lcols[j] = cols[j] + moving
                if settles:
                    f2 = settle(lcols, found)  # (before the columns are taken)
                    append((src | j << 4 | 1, (tuple(lcols), cells, f2)))
                elif live:
                    append((src | j << 4 | 1 | LIVE, (tuple(lcols), cells, found)))
                else:
                    append((src | j << 4 | 1, (tuple(lcols), cells, found)))
        return out

    # -------------------------------------------------------------- dead ends
    def stuck(self, position: Position) -> bool:
        """With no free cell and no column ever filled (``single_cards``): whether some
        cards can never move, so the position cannot be won (Beleaguered Castle's test,
        ``castle.py``, where no card can go to an empty column).

        Take the largest set S of cards, a bottom part of each column, such that each
        card of S lies under another card of S, or else (a) a lower card of its suit is
        in S and (b) every card it may lie on (``parents_of``) that is not home is in S
        under another card of S. If S is not empty, the game is lost. Why: take the first
        move of a card X of S. X is free, so no card of S lies on it: it is the top of its
        column's part of S, and (a) and (b) hold, nothing of S having moved yet. It
        cannot go home (a lower card of its suit is still in S), nor onto a card (each
        it could lie on is home, or under a card of S that has not moved), and there is
        no other place. So no card of S ever moves. The largest S is found by shrinking:
        every card to begin with, then the top card of a column's part leaves while it
        fails (a) and (b); as S only shrinks, a card that fails once fails for good."""
        cols, _, found = position
        group_of, parent_group = self.group_of, self.parent_group
        height = list(map(len, cols))  # each column's part of S, from the bottom
        # A card may take another once it is the top of its column's part of S or out of S:
        # then its group is ``opened`` (a card's parents are one group: ``_Tables``); the
        # cards out of S (``left``); per suit the lowest card in S, 99 for none (every card
        # not home is in a column, and in S to begin with).
        opened, left = bytearray(self.groups), bytearray(56)
        for col in cols:
            if col:
                opened[group_of[col[-1]]] = 1
        lowest = self.lowests.get(found)
        if lowest is None:
            lowest = self.lowests[found] = [
                (count + 1) * 4 + suit if count < 13 else 99 for suit, count in enumerate(found)
            ]
        lowest = lowest.copy()
        changed = True
        while changed:
            changed = False
            for at, col in enumerate(cols):
                size = height[at]
                while size:
                    card = col[size - 1]
                    suit = card & 3
                    # (a): a lower card of its suit is in S; (b): no card it may lie on
                    # is open. Both: it stays in S.
                    if lowest[suit] < card and not opened[parent_group[card]]:
                        break
                    left[card] = 1
                    size -= 1
                    if size:
                        opened[group_of[col[size - 1]]] = 1
                    if lowest[suit] == card:  # the next lowest of its suit still in S
                        code = card + 4
                        while code < 56 and left[code]:
                            code += 4
                        lowest[suit] = code if code < 56 else 99
                if size != height[at]:
                    height[at] = size
                    changed = True
        return any(height)

    # -------------------------------------------------------------- heuristic
    def breaks(self, col: bytes) -> int:
        """How many cards in the column do not lie on their parent."""
        count = self.info.get(col)
        if count is None:
            count = 0
            fits = self.fits
            for below, card in pairwise(col):
                if not fits[below << 6 | card]:
                    count += 1
            self.info[col] = count
        return count


# ---------------------------------------------------------------------------- the search

# The best-first walks' weights, in fiftieths of a card (SCALE), lower scores first: cards
# not home, how deep the cards the foundations take next (and the ones after them) lie,
# cards not on their parent, empty columns (a bonus), cards in the free cells (and their
# square), moves made ("g", the walk's depth cost). Where one walk wanders off, another
# usually goes straight. The first three were chosen on Microsoft deals 1..1000
# (bench/freecell.py; the first two walks' "home", "breaks" and "empty" again on deals
# 1..700 once on the core, for the fewest positions); the last two join after LATE
# rounds, for the rare deals that need tens of thousands of positions, each of which some
# weights solve much sooner than others.
_BASE = {"home": 2, "depth": 1, "depth2": 0.3, "breaks": 1, "cell": 0.5, "cell2": 0.7, "empty": 4}
FAST_WEIGHTS = (
    {**_BASE, "home": 4, "breaks": 2, "empty": 2.4, "g": 0.48},
    {**_BASE, "empty": 2.4, "g": 1.0},
    {**_BASE, "depth2": 0, "g": 0.3},
    {**_BASE, "g": 2.0},
    {**_BASE, "breaks": 1.5, "empty": 5, "g": 1.0},
)
# The same walks where no free cell is and no column is ever filled (Baker's Dozen): a card
# over a lower one of its suit ("knots", Beleaguered Castle's weight) costs more there, as
# nothing but a card one rank higher can take it. Which weights win a deal soon varies
# from deal to deal more than anywhere else in the family (one walk alone on tuning deals:
# 600073 won in 1,107 positions with a depth cost of 2, not in 60,000 with 0.48), so all
# five take turns from the first round (``late``), chosen on deals 600001..600200 for
# the deals that each wins soon where the others do not.
_SINGLE = {**_BASE, "home": 5, "knots": 3, "depth": 2, "empty": 0}
SINGLE_WEIGHTS = (
    {**_SINGLE, "g": 2.0},
    {**_SINGLE, "breaks": 1.5, "g": 1.0},
    {**_SINGLE, "knots": 5, "g": 0.5},
    {**_SINGLE, "depth": 4, "g": 0.5},
    {**_SINGLE, "home": 8, "breaks": 2, "g": 0.3},
)
EARLY = 3  # best-first walks from the start
DIVE = EARLY  # the strategy of the dive, after them
# Positions visited (by all the walks together) before the answer is "unknown": the
# partner's and --solve's budget, some 4 s of CPU; the hardest positions found keep a
# --solve process under 90 MB at it (bench/freecell_memory.py).
BUDGET = 350_000
LATE = 10  # round from which the other best-first walks take turns too
SHORT = 80  # lines with more steps than this are shortened (the dive's always)
LONG = 150  # lines with more steps than this are shortened harder


@dataclass(frozen=True)
class Turns:
    """How the walks take turns, in positions expanded: the first walk alone for
    ``prelude``, then rounds of each best-first walk ``quota`` and the dive ``proof_share``
    times the round, up to ``proof_most``: after a few rounds the dive has most of the
    time, as a proof of defeat needs (a complete walk that runs dry), while the best-first
    walks keep their turns for the late wins."""

    prelude: int = 1000
    quota: int = 300
    proof_share: int = 1000
    proof_most: int = 20_000
    quick_dive: int = 0  # each quick dive's one turn, in the first round (``QUICK_DIVES``)


TURNS = Turns()
# Baker's Dozen, where no deal was proven lost by a search (the dive's proofs count for
# little) and the best-first walks, each alone, win many hard deals in a few thousand
# positions of their own that the turns above starve (tuning deal 208: the first walk
# alone wins in 6,585 positions, the walks in turns in 61,929): longer turns for them.
# Chosen from each walk run alone on 30 hard tuning deals: a walk's positions do not
# depend on the others' turns (each marks its own; a position is dead for all), so any
# order of turns can be worked out from those runs (within 1 % of the real search's
# positions); this one settles 24 of the 30 within 2 s, the turns above 22.
SINGLE_TURNS = Turns(prelude=3000, quota=1000, proof_share=2000, quick_dive=1000)
# Baker's Dozen's quick dives, beside the walks above (the core's seventh to ninth):
# dives ordered by the third weights, by the fifth and by the most cards home, one turn
# each in the first round and none after. Which order a dive follows matters as much as
# the best-first walks' weights, and a dive whose order suits the deal wins it within a
# few hundred positions expanded: on tuning deals the dive by the third weights wins 168
# (unknown at 2 s without it) and 85 (102,657 positions without) in 984 and 1,710
# positions of its own, the one by the fifth 37 (unknown) in 1,080, the one by the most
# cards home 59 (unknown) in 1,434. Given turns every round, or in the first three, they
# won none of the other hard tuning deals (20 at 250,000 positions) and took 3-10 % more
# positions from the deals the first dive wins late, where one turn takes 2-4 %.
QUICK_DIVES = ("_value_2", "_value_4", "_value_home")


class _Weighting:
    """One best-first walk's heuristic: a position's value is the negated sum of its
    columns' scores (kept per state of the foundations), its free cells' cost and its
    cards not home, in whole fiftieths."""

    def __init__(self, board: _Board, weights: dict):
        def scaled(weight: float) -> int:
            return round(weight * SCALE)

        self.board = board
        self.w_home = scaled(weights["home"])
        self.w_depth = scaled(weights["depth"])
        self.w_depth2 = scaled(weights["depth2"])
        self.w_breaks = scaled(weights["breaks"])
        self.w_empty = scaled(weights["empty"])
        self.w_knots = scaled(weights.get("knots", 0))
        self.cell_cost = [
            scaled(weights["cell"] * n + weights["cell2"] * n * n) for n in range(board.ncells + 1)
        ]
        # foundations -> the columns' scores and the share of the cards not home
        self.tables: dict[tuple, tuple[ColumnScores, int]] = {}

        self.value = self._value_function()

    def _value_function(self):
        """The value of a position, as a function of it alone (its tables as locals)."""
        tables, col_score, cell_cost = self.tables, self.col_score, self.cell_cost
        ncells, w_home = self.board.ncells, self.w_home

        def entry_for(found: tuple) -> tuple[ColumnScores, int]:
            entry = tables[found] = (ColumnScores(col_score, found), w_home * (52 - sum(found)))
            return entry

        def value(position: Position) -> int:
            cols, cells, found = position
            table, not_home = tables.get(found) or entry_for(found)
            return -(
                sum(map(table.__getitem__, cols)) + cell_cost[ncells - cells.count(0)] + not_home
            )

        def value_without_cells(position: Position) -> int:
            # (no free cell costs anything: ``cell_cost[0]`` is 0)
            table, not_home = tables.get(position[2]) or entry_for(position[2])
            return -(sum(map(table.__getitem__, position[0])) + not_home)

        return value if ncells else value_without_cells

    def col_score(self, col: bytes, found: tuple) -> int:
        """A column's share of the heuristic: how deep the cards the foundations take
        next (and, less, the ones after them) lie, and how many cards are out of order."""
        if not col:
            return -self.w_empty
        last = len(col) - 1
        depth = depth2 = 0
        for card in _next_cards(found):
            at = col.find(card)
            if at >= 0:
                depth += last - at
            if card < 52:
                at = col.find(card + 4)
                if at >= 0:
                    depth2 += last - at
        score = (
            self.w_depth * depth + self.w_depth2 * depth2 + self.w_breaks * self.board.breaks(col)
        )
        if self.w_knots:
            score += self.w_knots * knots(col)
        return score

    def trim(self) -> None:
        if sum(len(table) for table, _ in self.tables.values()) > CACHE:  # caches, kept small
            self.tables.clear()


def encode_state(
    state, cells: int = 4, build: str = Build.ALTERNATE, fill: EmptyFill = EmptyFill.ANY
):
    """(board, cols, cells, found) for an engine position of Vierfrei (or of a variant
    that builds by ``build``, with ``cells`` free cells and empty columns filled by
    ``fill``)."""
    if build not in _TABLES:
        raise ValueError(f"the FreeCell solver builds by {' or '.join(BUILDS)}, not {build!r}")
    piles = state.piles
    col_names = sorted(
        (name for name in piles if name[0] == "t" and name[1:].isdigit()), key=lambda n: int(n[1:])
    )
    cell_names = sorted(
        (name for name in piles if name[0] == "c" and name[1:].isdigit()), key=lambda n: int(n[1:])
    )
    for name in cell_names[cells:]:
        if piles[name]:
            raise ValueError(f"free cell {name} holds a card but only {cells} cells are in play")
    cell_names = cell_names[:cells]
    board = _Board(len(col_names), len(cell_names), col_names, cell_names, build, fill)
    cols = tuple(bytes(card_code(card) for card in piles[name]) for name in col_names)
    cell_cards = tuple(card_code(piles[name][-1]) if piles[name] else 0 for name in cell_names)
    found = tuple(len(piles["f" + suit]) for suit in SUITS)
    return board, cols, cell_cards, found


def _best_first(at: int, weights: dict, test_dead: bool) -> Strategy:
    """The best-first walk by the weights ``weights`` (the ``at``-th of its table): its
    depth cost is "g"."""
    return Strategy(
        Walk.BEST_FIRST,
        TURNS.quota,
        f"_value_{at}",
        round(weights["g"] * SCALE),
        test_dead=test_dead,
    )


def _strategies(
    table: tuple, dive: str | None, test_dead: bool, quick: tuple[str, ...] = ()
) -> tuple[Strategy, ...]:
    """The walks: the first EARLY best-first walks, the dive (ordered by the weighting
    ``dive``; None: in the order ``children`` gives the moves), the late best-first walks,
    and a quick dive ordered by each weighting of ``quick`` (``QUICK_DIVES``)."""
    if dive is None:
        plunge = Strategy(Walk.DIVE, TURNS.proof_most, ordered=False, test_dead=test_dead)
    else:
        plunge = Strategy(Walk.DIVE, TURNS.proof_most, dive, test_dead=test_dead)
    return (
        *(_best_first(at, weights, test_dead) for at, weights in enumerate(table[:EARLY])),
        plunge,
        *(
            _best_first(at, weights, test_dead)
            for at, weights in enumerate(table[EARLY:], start=EARLY)
        ),
        *(Strategy(Walk.DIVE, TURNS.proof_most, order, test_dead=test_dead) for order in quick),
    )


class FreecellLine(Core[Position]):
    """The FreeCell family on the solver core (see the module notes), from an engine
    position; its verdict's moves are the solver's (source, destination, count).

    ``cells`` free cells are used (the first ones by name; the others must be empty).
    ``build``: how the columns build down, ``Build.ALTERNATE`` (FreeCell),
    ``Build.SUIT`` (Baker's Game) or ``Build.RANK``. ``fill``: which cards fill an empty
    column (``EmptyFill``). Runs move as FreeCell's (free cells + 1) * 2 ** empty
    columns where any card fills them, (free cells + 1) otherwise. The search stops
    after ``max_positions`` positions visited and then says "unknown"."""

    strategies = _strategies(FAST_WEIGHTS, "_value_home", test_dead=False)
    compact = True  # a key holds the whole position (``_Board.position_of``)

    def __init__(
        self,
        state,
        *,
        max_positions: int = BUDGET,
        cells: int = 4,
        build: str = Build.ALTERNATE,
        fill: EmptyFill = EmptyFill.ANY,
    ):
        board, cols, cell_cards, found = encode_state(state, cells, build, fill)
        self.board = board
        lcols, lcells = list(cols), list(cell_cards)
        self.first_moves: list = []  # the start's own automatic moves
        found = board.settle(lcols, lcells, found, self.first_moves)
        weights = FAST_WEIGHTS
        self.late = LATE
        self.turn_lengths = TURNS
        if board.single_cards:
            self.turn_lengths = SINGLE_TURNS
            # cards may be stuck for good: each walk leaves out such positions
            weights = SINGLE_WEIGHTS
            # and the dive follows the first walk's weights: most cards home first wandered
            self.strategies = _strategies(weights, "_value_0", test_dead=True, quick=QUICK_DIVES)
            self.late = 1  # every walk from the first round (``SINGLE_WEIGHTS``)
            self.tests_by_move = True  # the moves that cannot make one dead say so
        elif board.fill is EmptyFill.KINGS:
            # the dive takes the moves as ``children`` makes them (cells first: home, onto
            # a column; then each column's top card home, onto a card, into a cell), in a
            # fixed order as Freecell Solver's depth-first scan tries its moves: on deals of
            # Seahaven Towers it wins in hundreds or thousands of positions where most
            # cards home first needs tens of thousands (600023: 666 positions alone, not
            # 60,000), and a proof is the same walk through every position
            self.strategies = _strategies(weights, None, test_dead=False)
        self.weightings = [_Weighting(board, each) for each in weights]
        # the walks that take turns every round (the best-first walks and the dive), then
        # the quick dives (``QUICK_DIVES``)
        self.quick_dives = range(len(weights) + 1, len(self.strategies))
        for at, weighting in enumerate(self.weightings):
            setattr(self, f"_value_{at}", weighting.value)
        self.round = 0
        self.order: list[tuple[int, int]] = []  # the turns left in this round
        self.macros = array("H", [0])  # the move that first found each position, by serial
        cellless = not board.ncells
        for hook, method in (
            ("_successors", board.single_children if board.single_cards else board.children),
            ("_key", board.key_without_cells if cellless else board.key),
            ("_unpack_key", board.position_without_cells if cellless else board.position_of),
        ):
            setattr(self, hook, method)
        super().__init__((tuple(lcols), tuple(lcells), found), max_positions=max_positions)

    # -------------------------------------------------------------- the core's hooks
    # ``_successors``, ``_key`` and ``_unpack_key`` are the board's ``children``, ``key``
    # and ``position_of`` (set in ``__init__``: one call less a position).

    def _won(self, position: Position) -> bool:
        return position[2] == WON

    def _dead(self, position: Position) -> bool:
        return self.board.stuck(position)

    def _worth_testing(self, macro) -> bool:  # (the family's moves are ints)
        return not macro & LIVE

    def _value_home(self, position: Position) -> int:
        """The dive's order: the most cards home first."""
        found = position[2]
        return found[0] + found[1] + found[2] + found[3]

    def line_to(self, serial: int) -> list:
        """The winning line as (source, destination, count), the automatic moves listed:
        the start's own, then each move's; a long line, or the dive's, shortened."""
        board, root = self.board, self.start
        path = []
        while serial > 0:
            path.append(serial)
            serial = self.parent[serial]
        line, moves, position = [], list(self.first_moves), root
        for serial in reversed(path):
            move = board.real_move(self.macros[serial], self.keys[self.parent[serial]], position)
            line.append(move)
            position = board.play(*position, move, moves)
        if self.won_by == DIVE or self.won_by in self.quick_dives or len(line) > SHORT:
            return self.first_moves + board.shorten(root, line)
        return moves

    def _next_turn(self) -> tuple[int, int]:
        """The first walk alone, then rounds: each best-first walk in turn (the last two
        from round ``late``), in the first round the quick dives, then the dive a share
        that grows with the rounds (``turn_lengths``). The heuristics' caches are trimmed
        between turns."""
        for weighting in self.weightings:
            weighting.trim()
        self.board.trim()
        self.turns += 1
        lengths = self.turn_lengths
        if self.turns == 1:
            return 0, lengths.prelude
        if not self.order:
            self.round += 1
            fast = range(self.quick_dives.start) if self.round >= self.late else range(EARLY)
            self.order = [(at, lengths.quota) for at in fast if at != DIVE]
            if self.round == 1:
                self.order.extend((at, lengths.quick_dive) for at in self.quick_dives)
            self.order.append((DIVE, min(lengths.proof_share * self.round, lengths.proof_most)))
            self.order.reverse()
        return self.order.pop()


def solve_freecell(
    state,
    *,
    max_positions: int = BUDGET,
    max_seconds: float | None = None,
    cells: int = 4,
    build: str = Build.ALTERNATE,
    fill: EmptyFill = EmptyFill.ANY,
) -> FreecellResult:
    """Search for a win from a Vierfrei position (``solitaire.model.state.State``), as
    ``FreecellLine`` does, to its budget of positions (and ``max_seconds``, if given:
    the benches' limit)."""
    line = FreecellLine(state, max_positions=max_positions, cells=cells, build=build, fill=fill)
    verdict = drive(line, max_seconds=max_seconds)
    # FreecellLine's verdict holds the solver's (source, destination, count) triples.
    moves = cast(list[tuple[str, str, int]], verdict.moves)
    return FreecellResult(verdict.status.value, moves, verdict.positions, verdict.seconds)


class FreecellSearch(Stepped):
    """The FreeCell family's search for the engine: ``FreecellLine`` on the game's
    position (its free cells, build rule and rule for empty columns), its line turned
    into engine moves (``SEARCH``)."""

    def __init__(self, rules, state, *, max_positions: int, without=frozenset()):
        self.rules, self.state = rules, state.copy()
        self.line = FreecellLine(
            state,
            max_positions=max_positions,
            cells=len(rules.cells),
            build=rules.build,
            fill=empty_fill(rules),
        )
        self.verdict = None

    @property
    def positions(self) -> int:
        return self.line.positions

    def _advance(self) -> Verdict | None:
        verdict = self.line.step(self.pause_at - self.line.positions)
        if verdict is None:
            return None
        moves = engine_moves(self.rules, self.state, verdict.moves)
        if moves is None:  # it does not replay: nothing is claimed from it
            return Verdict(UNKNOWN, [], verdict.positions, 0.0, GaveUp.POSITIONS)
        return Verdict(verdict.status, moves, verdict.positions, 0.0, verdict.gave_up)


def engine_moves(rules, state, line) -> list[Move] | None:
    """The solver's (src, dst, count) line as engine moves, or None if it does not replay.

    With the automatic-play option on, the engine sends safe cards home by itself, maybe
    earlier than the solver's line does: the line is followed on a board of its own, so
    that each move is known by its cards, and the cards the engine has sent home already
    are left out of it (a move of nothing else is left out whole)."""
    board = {name: list(cards) for name, cards in state.piles.items()}  # the solver's view
    moves, position = [], state.copy()
    for src, dst, count in line:
        moving = board[src][len(board[src]) - count :]
        del board[src][len(board[src]) - count :]
        board[dst] += moving
        still = [card for card in moving if card in position.piles[src]]
        if not still:
            continue  # the engine has sent them home already
        move = Move(MoveKind.MOVE, src, dst, len(still))
        if not rules.is_legal(position, move):
            return None
        moves.append(move)
        position = rules.successor(position, move)
    return moves


# The search solve.py makes for the games whose definition names this module as solver.
SEARCH = FreecellSearch


def solve_deal(number: int, **kwargs) -> FreecellResult:
    """Solve Microsoft FreeCell deal ``number`` as Vierfrei deals it (Baker's Game deals
    the same pack: pass ``build=Build.SUIT``); ``kwargs`` go to ``solve_freecell``."""
    piles: dict[str, list[Card]] = {name: [] for name in (*FOUNDATIONS, "c1", "c2", "c3", "c4")}
    piles.update((f"t{n}", cards) for n, cards in enumerate(microsoft_deal(number), start=1))
    return solve_freecell(State(piles, {"deal": number}), **kwargs)
