"""A dedicated Spider solver in pure Python: a best-first search for a win over compact
positions, stage by stage.

What the verdict assumes: the solver sees every card, the face-down ones and the order
of the stock too. "Winnable" means a player who knew every card could win. Seeing every
card, nearly every deal can be won, so the work is finding a win fast; the search leaves
out the moves that seldom help a win, and a search that left a move out and then ran dry
proves nothing ("unknown"): only one that left nothing out proves a loss.

A stage is the positions with the same number of rows left in the stock; each has its
own heap, best-first by how promising a position looks (``_value``, compared within a
stage only, so a row dealt is never weighed against a move that sorts the columns). The
walk takes an allowance of positions from one stage, then goes on to the next (the rows
dealt from the best positions of the stage before wait there), and after the last comes
back to the first for another allowance each. One heap for all, best-first, dealt every
row within a few hundred positions (a row dealt gives cheap joins to make) and then
sorted the last stage's cards with most of the deal still face down; with a cost for a
row dealt it never dealt at all. A win needs every stage done well: taken in turns, each
is searched a little deeper every round, and the rows dealt from its better positions
are tried first.

A position is a list of eleven ``bytes``: the ten columns in order, each its face-down
count then its cards bottom first (a card is ``rank * 4 + suit``; copies of a card are
one code, so positions that differ only in which copy lies where are one position), then
the number of cards left in the stock (the stock only ever loses cards from its top, so
it is the start's stock cut short). A move makes a new list that shares the columns it
leaves alone (a list, not one joined ``bytes``: no position is split into its columns
again to make its moves or its key). Its key is one ``bytes``, the columns sorted and
joined, then the stock's count. Once the stock is
empty that folds positions that are alike; while rows are left it is one more pruning of
the search for wins, since a row lays a card on each column in their order, so such
positions are not alike (the search proves no loss anyway). It pays: four suits, held-out
deals 700001..700100 at 2 s, 65 won sorting always, 56 keeping the columns' places while
rows are left. Lines stay real: the walk is the solver core's (``core.py``, one best-first
walk by stages), which keeps each key and the one it was found from, each position it
expands reached from its parent by real moves, and reads a win back as the engine moves
of each step from the start, which the caller replays through the rules. (With a second
walk sharing the store a key could stand for a position another walk reached another way,
and a line could fail to read back: Gypsy's family keeps the columns' places for that.)
A position waiting in the walk is no list of its own but one int in the heap: its
priority, serial and depth, and each column's place in the key (``_tag``), which with the
key rebuilds it (the core's ``tag_bits``). That takes a stored position from some 350
bytes to some 250 (deal 6, four suits, at 150,000 positions: 55 MB where 67 MB were), and
the budget from 150,000 to 250,000 positions. (Walking from the key itself once the stock
is empty, its columns sorted, took the positions in another order among equals: held-out
four suits, 63 won where 65 were; the places there cost 1 % more time.)

Moves are the engine's (``Spider``): a run in one suit onto a card one rank higher of
any suit or into an empty column, and a row dealt while no column is empty; after each,
a whole run from king to ace goes home and the uncovered card turns up, as in the
engine. Left out, losing no win: of several empty columns only the first is tried, and
a column's whole content with no card under it never moves into another empty column
(the same position). Left out while finding wins (each time one is, the search can no
longer prove a loss), since a winning line rarely needs them: a run that lies on a card
one rank higher (part of a longer run in one suit, or a whole run on a card of another
suit) moved onto a card of another suit than its own: it stays as broken as it was, and
only a face-up card is uncovered; and part of a run in one suit moved into an empty
column (the whole run may go). Both pay: four suits, deals 600021..600040 at 2 s, won 6
with the first alone, none without it, 14 with both.

A game of the same columns with no stock, one pack dealt face up (Simple Simon), is
small enough to walk whole: three walks take turns, two quick ones for wins with those
moves left out (walks that are not ``complete``: their running dry proves nothing), one
best-first and one a dive, and one that tries every move, whose running dry proves a
loss. Only what loses no win is left out of
that one: the empty columns but the first (they are alike), and a whole column moved
into an empty one (the same position).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from itertools import pairwise
from typing import Any

from ..model.cards import SUITS
from ..model.moves import Move, MoveKind
from ..model.rules import Rules
from ..model.state import State
from .core import Core, Strategy, Walk

__all__ = ["BUDGET", "SpiderSearch"]

# A position: its ten columns in order, each its face-down count then its cards bottom
# first, then the stock's count of cards (one byte); never changed once made.
Position = list[bytes]

# Positions a search may find before it answers "unknown" (the table's partner and
# --solve alike): at the whole budget a --solve peaks at 86-87 MiB resident (four suits,
# deals 6 and 700053; two suits, 700027: 77 MiB), under the partner's 100 MB; 300,000
# positions reached 95 MiB.
BUDGET = 250_000

COLUMNS = tuple(f"t{number}" for number in range(1, 11))
FOUNDATIONS = tuple(f"h{number}" for number in range(1, 9))
RUN = 13
ROW = 10  # cards dealt at a time: one a column
ALLOWANCE = 1000  # positions a stage is searched from at a time
# The most columns a table of what a column is worth, the runs that may move off it or its
# settled form keeps before it starts again: columns come and go, and the memory stays
# bounded (a search meets few: some 1,400 in the 100,000 positions of two-suit deal
# 600341, 2,100 in the 250,000 of four-suit deal 6).
COLUMNS_KEPT = 30_000
# The same with one suit, where every card joins any card one rank higher: a stage's best
# positions are many and alike, and a long allowance sorts one stage's cards over and over
# while the rows still to come hold the win. Tuning deals 600001..600200 at 2 s: 200 won
# (17.9 s of CPU in all) where 1,000 won 192 (71 s by the clock, the machine idle);
# 500001..500200: 200 (14.4 s) where 196 (48 s). Two suits gained nothing from shorter
# ones (500, 250: 397 of those 400 deals as with 1,000); four suits at 250,
# 600001..600040: 29 won where 27, but 600041..600100: 43 where 44 (median 0.80 s where
# 0.55 s): no gain. Nor since an empty column weighs less while rows are left
# (EMPTY_WHILE_DEALING), two suits at 150,000 positions: 500, 600201..600400, 196 won
# (3.72 million positions in all) where 197 (4.19 million), 600001..600200 and
# 500001..500200 397 (5.49 million) where 399 (6.46); 250, 110 of 600201..600313 where 112.
ONE_SUIT_ALLOWANCE = 100
ACE, KING = 1, 13
DEAL = (Move(MoveKind.DEAL),)
GAP = b"\xff"  # between the columns of a key: no card, count or face-down count is 255
# The engine move of ``count`` cards from column ``i`` to column ``j`` as a macro move of
# one, made once: ``MOVES[i][j][count]`` (lists indexed, no tuple hashed a move; a column
# onto itself and a move of no card are made too, to keep the indexes, and never asked).
MOVES = [
    [
        [(Move(MoveKind.MOVE, COLUMNS[i], COLUMNS[j], count),) for count in range(105)]
        for j in range(len(COLUMNS))
    ]
    for i in range(len(COLUMNS))
]
# The stock's part of a position by its count of cards, made once.
STOCK_PARTS = [bytes((count,)) for count in range(256)]

# The weights of a position's value (``_value``), tuned on deals 600001..600030: a run
# home is worth more than the twelve joins it took away; a card on one rank higher of
# another suit neither adds nor costs.
RUN_HOME = 60.0
FACE_DOWN = 6.0
LATE = 2.0  # more for a face-down card for each row dealt: fewer rows left to free it
EMPTY = 12.0
SUITED = 5.0  # a card on the next card of its suit
BROKEN = -2.0  # on a card neither one rank higher nor of its suit
FULL_STOCK = 50
# Two suits alone, tuning deals 600001..600200 at 1 s of CPU (which leaves more unknown to
# tell by), 193 won with these: a face-down card 9 (not 6) 192, 4 191; an empty column 20
# (not 12) 189; a face-down card's weight rising by 1 (not 2) a row dealt 195, by 3 192;
# a break -4 (not -2) 195, -6 194; a join in suit 8 (not 5) 21 (a run home then costs
# less than its twelve joins); the depth cost 0 191, ten times as large 191, ten
# times as large the other way (deeper first) 194; 2,000 positions a stage at a time 193.
# On 500001..500200 at 1 s: 197 with these, a break -4 198, -6 190, the weight of a
# face-down card rising by 1 194. A break -4 at 2 s won 199 and 199 of the two sets where
# these won 199 and 198: one deal in 400, kept out as too little to tell. An empty column
# 6 (not 12) 195 and 197 of the two sets at 1 s, a join in suit 4 (not 5) 195 of the first;
# an empty column 6 with a break -4: 196 and 195 at 1 s, and 198 of the first at 2 s.
# An empty column while rows are left in the stock: no row is dealt while a column is
# empty, so each must be filled again before the next row, and a stage's best positions
# had been those with the most empty columns, a plateau of runs shifted between them,
# while the positions that fill them to deal (each a full EMPTY lower) waited far down
# its heap: two-suit deal 600215 won in 213,574 positions, the line's last position
# before its last row 4,580th of 30,645 in its stage's heap at 150,000 (a deal the
# walk now wins in 10,609). Tuning deals 600001..600200 and 500001..500200 at 150,000
# positions (about 2 s of CPU), won (positions in all, a deal not won counted at the
# budget): two suits, 12 as with no stock 396 (7.73 million), 6: 399 (6.70), 4: 399
# (6.46), 0: 197 of the first 200 at 2 s where 199 (an empty column is still the room
# that sorts the columns); one suit, 600001..600200: 200 won both (1.61 million at 12,
# 1.11 at 4). With no rows left an empty column stays 12: 20 there, two suits, 597 of
# 600001..600400 and 500001..500200 (10.88 million positions) where 596 (10.65).
# One and two suits alone: four suits need the room more than the row (their
# runs are short and broken), 600001..600040, 600041..600080 and 500001..500040 at
# 150,000 positions: 27, 28 and 30 won at 12, 27, 29 and 27 at 8, 25 and 24 of the first
# two at 4.
EMPTY_WHILE_DEALING = 4.0
# The same as whole numbers, for the walk by stages: the value times WHOLE (a run home,
# RUN_HOME for RUN cards, counts in thirteenths) and the family's depth cost (-0.001 a
# move) likewise, so positions are taken in the same order.
WHOLE = 13_000
WHOLE_RUN_HOME = round(RUN_HOME * WHOLE) // RUN
WHOLE_LATE = round(LATE * WHOLE)
WHOLE_DEPTH_COST = -13
WHOLE_SHORTER = 650  # the core's default depth cost (0.05 a move) times WHOLE


def _code(card) -> int:
    return card.rank * 4 + SUITS.index(card.suit)


def _column_value(column: bytes, empty: float = EMPTY) -> float:
    """A column's share of a position's value: its face-down cards and the joins of its
    face-up ones (``column`` is its face-down count, then its cards), or ``empty``."""
    size = len(column)
    if size == 1:
        return empty
    first = column[0] + 1  # the first face-up card
    value = -FACE_DOWN * column[0]
    lower = column[first]
    for index in range(first + 1, size):
        upper = column[index]
        if upper == lower - 4:
            value += SUITED
        elif upper >> 2 != (lower >> 2) - 1:
            value += BROKEN
        lower = upper
    return value


def _settled(column: bytes) -> bytes:
    """``column`` after the engine's replies: a whole run from king to ace on its top goes
    home, and a face-down card left on top turns up."""
    size = len(column)
    if size > RUN and column[-1] >> 2 == ACE and column[-RUN] >> 2 == KING:
        run = column[-RUN:]
        if size - RUN > column[0] and all(upper == lower - 4 for lower, upper in pairwise(run)):
            column = column[:-RUN]
            size -= RUN
    if column[0] >= size - 1:
        column = bytes((max(0, size - 2),)) + column[1:]
    return column


class _Kept(dict):
    """Column -> what ``work`` makes of it, worked out the first time the column is met
    (most columns are met again and again: one look-up then)."""

    def __init__(self, work: Callable[[bytes], Any]):
        super().__init__()
        self.work = work

    def __missing__(self, column: bytes) -> Any:
        result = self[column] = self.work(column)
        return result


def _column_share(late: int, empty: float, column: bytes) -> int:
    """A column's share of a position's whole value (``SpiderSearch._whole_value``) at one
    count of the stock: its ``_column_value`` (``empty`` if it is empty) times WHOLE less
    ``late`` for each of its face-down cards."""
    return round(_column_value(column, empty)) * WHOLE - late * column[0]


def _suited_run(column: bytes) -> int:
    """How many face-up cards at the top of ``column`` form a run in one suit."""
    size = len(column)
    if size == 1:
        return 0
    bottom = column[0] + 1
    index = size - 1
    while index > bottom and column[index] == column[index - 1] - 4:
        index -= 1
    return size - index


# What a run moved off a column needs, for each count of its cards that may move (see
# ``_pieces``): the rank of the card it goes onto, the count, the cards moved, the column
# left behind (settled), whether the run lies on a face-up card one rank higher, whether
# it is the column's whole content, and whether it leaves part of a run in one suit.
Piece = tuple[int, int, bytes, bytes, bool, bool, bool]


def _pieces(column: bytes) -> tuple[Piece, ...]:
    """Each run that may move off ``column`` (the top card, the top two if they are in
    one suit, and so on) as a ``Piece``: worked out once a column, so that a position's
    moves look them up (a search meets some two thousand columns, again and again)."""
    length = _suited_run(column)
    size = len(column)
    top = column[-1] >> 2  # the rank of the top card (its run's ranks rise from it)
    pieces = []
    for moved in range(1, length + 1):
        start = size - moved
        # Lying on a card one rank higher (of its suit where the run is split); only a
        # face-up card counts.
        rests = start > column[0] + 1 and column[start - 1] >> 2 == top + moved
        left = _settled(column[:start])
        pieces.append((top + moved, moved, column[start:], left, rests, start == 1, moved < length))
    return tuple(pieces)


class SpiderSearch(Core[Position]):
    """Best-first from ``state``; ``without`` may name DEAL (then no row is dealt)."""

    # One best-first walk of the core, by stages (``_stage``), ALLOWANCE positions a stage
    # at a time, on whole values (``_whole_value``: the core keeps a waiting position as
    # one int, its key and the columns' places rebuilding it, ``tag_bits``).
    #
    # Tried beside it with a stock, none kept (four suits, tuning deals at 170,000
    # positions, about 2 s of CPU, won against this walk alone; a second walk kept its
    # positions apart from this one's by a mark on the stock's count, so that no key stood
    # for positions the two walks had reached in another order of the columns):
    # - a dive, as Simple Simon's, taking a third of the turns: through the moves that
    #   raise the value, the best first, a row dealt only where none is left (or every
    #   move by value, the row last), each stage below a row dealt given at most 50 or
    #   300 positions before the dive backs up: 600001..600020, 12 won where 13, and not
    #   one by the dive; alone it reached the last row of 600004 with no run home and 27
    #   cards face down, where this walk wins that deal in 11,512 positions. Its moves
    #   rarely raise the value one by one: four suits need the columns rearranged first.
    # - a row dealt only from a position with no join in suit and no card to turn up:
    #   600001..600092, 55 won where 65 (it may run dry: two suits, 600302, 27
    #   positions), though it won some that this walk needs far more for: 600031 in
    #   8,157 positions and 600002 in 149,666 (this walk: none within 250,000), 600056 in
    #   11,312 (238,918), 600088 in 18,902 (none within 170,000).
    # - both walks, the second dealing so, in turns of 200 positions expanded each:
    #   600001..600062, 39 won where 42; of 400 and 100: 600001..600100, 71 won as this
    #   walk alone, three others won (600031, 600056, 600088) and three lost (600051,
    #   600066, 600087: this walk's wins at 149,000-166,000 positions). Two suits, the
    #   hardest of 600201..600500 at 150,000 positions (600215, 600341, 600373 unknown
    #   for this walk): the same three unknown with 400 and 100; the second walk alone
    #   won 600341 (71,472) but neither other.
    # - the key and the columns' places worked out from one sort of the columns' order:
    #   no faster than the places looked up.
    # - a row dealt from a position with empty columns too, as one macro move that first
    #   fills each (the move into it that leaves the best value), so that the rows below
    #   a stage's best positions get dealt (an empty column then still weighing 12 with
    #   rows left): two suits, 13 of the hardest tuning deals at 250,000 positions:
    #   600215 won in 13,929 positions where 213,574, the other 12 within 2 % of the
    #   positions as before (500046 and 600198 still not won); an empty column worth
    #   less while rows are left (EMPTY_WHILE_DEALING) won all 13.
    # - a narrow walk by stages beside the walk, as Yukon's (of each position's moves the
    #   two whose positions weigh best), four suits, 600001..600015 at 2 s: no deal more
    #   won, 600015 lost (main's unknowns there 600001, 600002, 600003, 600005, 600010,
    #   600013); and where it won deep down (600016) reading its line back, which makes
    #   every walk's moves at each step, took over 30 s. Not kept.
    #
    # Where a position's time goes (two-suit tuning deal 600341, won at 100,346 positions:
    # 54,305 expanded, 297,979 successors made, two thirds of them positions seen before,
    # and 43,490 rows dealt, each a position counted and never expanded): with the position
    # one ``bytes``, the moves took 9.0 us an expansion, a key 0.58 us, a new position's tag
    # and value 1.6 us, the core's loop the rest; 1.21 s in all. A position as a list of
    # its columns (split for neither its moves nor its key), the runs that may move off a
    # column worked out once a column (``_pieces``: a search meets some two thousand), and
    # a row dealt as a card added to each column (only an ace may send a run home):
    # 5.2 us an expansion, 0.92 s in all, the same positions in the same order. Tried
    # after it, no faster (the same deal, the two in turn): the columns skipped whose runs
    # go onto no top card by a bit for each rank (a bit set a column cost as much as the
    # look-ups saved); the top cards' ranks as one ``bytes`` searched with ``find`` in
    # place of a table of them (0.97 s); the tag and the value reading what the key kept
    # without a call.
    strategies: tuple[Strategy, ...] = (
        Strategy(allowance=ALLOWANCE, value="_whole_value", depth_cost=WHOLE_DEPTH_COST),
    )
    # One suit: the same walk taking shorter turns of each stage (ONE_SUIT_ALLOWANCE).
    ONE_SUIT_STRATEGIES = (
        Strategy(allowance=ONE_SUIT_ALLOWANCE, value="_whole_value", depth_cost=WHOLE_DEPTH_COST),
    )
    tag_bits = 8 * len(COLUMNS)  # a column's place in the key, a byte each
    # A game with no stock: a quick walk for wins that leaves out the moves that seldom
    # help one, and a complete walk that proves a loss when it runs dry. The quick walk
    # expands three times as many positions a turn (on deals 1..100 that settled 99, even
    # turns 98) and, with no rows to deal, prefers the shorter line as the core does by
    # default (deals 1..300: 298 settled, 297 preferring the deeper position). Both walk
    # by stages (one stage: there is no stock) for the waiting positions kept as ints,
    # on whole values (the same order but for a few ties: deals 600001..600060 settled
    # alike, five in up to 10 positions more): at the whole budget a --solve of deal
    # 600081 peaked at 85 MB where 113 MB, with each waiting position a tuple holding its
    # ``bytes``; some 7 % more time a position. Between them a dive through the quick
    # walk's moves, the most promising first (not complete either), twice the quick
    # walk's turn: the deals the two best-first walks leave unknown are mostly wins deep
    # down a line they keep leaving for a better-looking position elsewhere. Tuning deals
    # at 250,000 positions, won / lost / unknown (positions in all): 600001..600200
    # 185 / 14 / 1 (0.86 million) where 180 / 14 / 6 (2.33 million); 1..300 286 / 14 / 0
    # both (1.36 million where 1.68); 500001..500200 189 / 10 / 1 both (0.85 million
    # where 0.98). A turn of 600 did as well on those sets, 2,400 won one deal more of the
    # third (the complete walk's turn is then 6 % of the positions where 10 %: proofs cost
    # more); the dive alone with the complete walk, no best-first quick walk, 184 / 14 /
    # 2 of the first set (2.08 million); a dive through every move won none of its
    # seven hardest deals (with deal 11) at 160,000 positions, as the two walks alone.
    OPEN_STRATEGIES = (
        Strategy(
            moves="_hopeful",
            complete=False,
            share=600,
            allowance=ALLOWANCE,
            value="_whole_value",
            depth_cost=WHOLE_SHORTER,
        ),
        Strategy(walk=Walk.DIVE, moves="_hopeful", complete=False, share=1200),
        Strategy(allowance=ALLOWANCE, value="_whole_value", depth_cost=WHOLE_DEPTH_COST),
    )
    # No cost for the moves that led to a position (ties go to the deeper one): wins are
    # plentiful, and the shortest is not wanted, the first is.
    depth_cost = -0.001

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
        # A game of these columns with no stock (every card dealt face up at the start) has
        # no rows to deal; its search is small enough to be walked whole, to prove a loss,
        # beside a quick walk for wins.
        dealt_all = "stock" not in state.piles
        self.stock = bytes(_code(card) for card in state.piles.get("stock", ()))
        self.leaves_out = not dealt_all
        if dealt_all:
            self.strategies = self.OPEN_STRATEGIES
        suits = len({card.suit for pile in state.piles.values() for card in pile})
        if suits == 1 and not dealt_all:
            self.strategies = self.ONE_SUIT_STRATEGIES
        # what an empty column is worth while rows are left to deal
        self.empty_while_dealing = EMPTY if suits > 2 else EMPTY_WHILE_DEALING
        self.values: dict[bytes, float] = {}  # column -> its share of the value
        # stock count -> column -> its share of the whole value (``_whole_value``), each
        # kept to its part of the ``COLUMNS_KEPT`` the other tables keep
        self.shares: dict[int, _Kept] = {}
        self.shares_kept = COLUMNS_KEPT * ROW // (len(self.stock) + ROW)
        self.pieces = _Kept(_pieces)  # column -> its ``_pieces``
        self.settled = _Kept(_settled)  # column -> ``_settled``
        # the position whose key was made last, its columns, their order in the key and the
        # key, kept for ``_tag`` and ``_whole_value``, asked next of a position new to the walk
        self.split: tuple[Position, list[bytes], list[bytes], bytes] = ([], [], [], b"")
        # The row dealt at each count of the stock, a card for each column (as ``bytes``, to
        # lay on it), and the columns it lays an ace on (only an ace can complete a run
        # there: a column of a position is settled already, its top card face up).
        self.rows: dict[int, list[bytes]] = {}
        self.aces: dict[int, list[int]] = {}
        for count in range(ROW, len(self.stock) + 1):
            row = self.stock[count - ROW : count][::-1]
            self.rows[count] = [bytes((card,)) for card in row]
            self.aces[count] = [i for i, card in enumerate(row) if card >> 2 == ACE]
        columns = [
            bytes((state.face_down(name), *(_code(card) for card in state.piles[name])))
            for name in COLUMNS
        ]
        super().__init__(_position(columns, len(self.stock)), max_positions=max_positions)

    def _stage(self, position: Position) -> int:
        """Rows still in the stock: the core's walk takes its positions stage by stage."""
        return position[-1][0] // ROW

    def _won(self, position: Position) -> bool:
        return position == WON

    def _key(self, position: Position) -> bytes:
        columns = position[:-1]
        ordered = sorted(columns)
        ordered.append(position[-1])
        key = GAP.join(ordered)
        self.split = position, columns, ordered, key
        return key

    def _tag(self, position: Position) -> int:
        """For each column of the position its place in the key, a byte each (equal
        columns the first of them)."""
        _, columns, ordered, _ = self._split(position)
        return int.from_bytes(bytes(map(ordered.index, columns)), "big")

    def _split(self, position: Position) -> tuple[Position, list[bytes], list[bytes], bytes]:
        """What ``_key`` kept of ``position``, made again if another position's key was
        made since."""
        if self.split[0] is not position:
            self._key(position)
        return self.split

    def _untag(self, key: bytes, tag: int) -> Position:
        parts = key.split(GAP)
        return [*map(parts.__getitem__, tag.to_bytes(len(COLUMNS), "big")), parts[-1]]

    def _value(self, position: Position) -> float:
        """How promising a position looks beside the others of its stage: runs home
        (cards out of play), few cards face down, cards on the next card of their suit,
        empty columns."""
        stock = position[-1][0]
        values = self.values
        if len(values) > COLUMNS_KEPT:
            values.clear()  # columns come and go: keep the memory bounded
        value = 0.0
        cards = down = 0
        empty = self.empty_while_dealing if stock else EMPTY
        for column in position[:-1]:
            if len(column) == 1:
                value += empty
                continue
            share = values.get(column)
            if share is None:
                share = values[column] = _column_value(column)
            value += share
            cards += len(column) - 1
            down += column[0]
        return value - RUN_HOME * cards / RUN - LATE * (FULL_STOCK - stock) / ROW * down

    def _whole_value(self, position: Position) -> int:
        """``_value`` times WHOLE, a whole number (its weights are whole, and runs home
        are counted in thirteenths of a run): each column's share at the stock's count,
        summed, less a run home's worth for each card on the table (counted from the
        key's length: a byte a card, and 2 * 10 + 1 for the face-down counts, the gaps
        and the stock's count)."""
        _, columns, _, key = self._split(position)
        stock = position[-1][0]
        shares = self.shares.get(stock)
        if shares is None:
            late = WHOLE_LATE * (FULL_STOCK - stock) // ROW
            empty = self.empty_while_dealing if stock else EMPTY
            shares = self.shares[stock] = _Kept(partial(_column_share, late, empty))
        elif len(shares) > self.shares_kept:
            shares.clear()  # columns come and go: keep the memory bounded
        cards = len(key) - 2 * len(COLUMNS) - 1
        return sum(map(shares.__getitem__, columns)) - WHOLE_RUN_HOME * cards

    def _successors(self, position: Position) -> list[tuple[tuple[Move, ...], Position]]:
        result, left_out = self._moves(position, leave_out=self.leaves_out)
        if left_out:
            self.pruned = True
        return result

    def _hopeful(self, position: Position) -> list[tuple[tuple[Move, ...], Position]]:
        """The moves of the quick walk for wins beside a complete one (no stock): those
        that seldom help a win are left out, and that walk's running dry proves nothing."""
        return self._moves(position, leave_out=True)[0]

    def _moves(
        self, position: Position, leave_out: bool
    ) -> tuple[list[tuple[tuple[Move, ...], Position]], bool]:
        """The positions one move away, each with its move, the moves that seldom help a
        win left out where ``leave_out`` says so; and whether any was."""
        left_out = False
        cols = position[:-1]
        pieces, settled = self.pieces, self.settled
        if len(pieces) > COLUMNS_KEPT:
            pieces.clear()  # columns come and go: keep the memory bounded
        if len(settled) > COLUMNS_KEPT:
            settled.clear()
        result: list[tuple[tuple[Move, ...], Position]] = []
        append = result.append
        empty = None
        onto: dict[int, list[int]] = {}  # rank -> the columns with a top card of that rank
        for j, column in enumerate(cols):
            if len(column) > 1:
                onto.setdefault(column[-1] >> 2, []).append(j)
            elif empty is None:
                empty = j
        for i, column in enumerate(cols):
            moves = MOVES[i]
            for rank, moved, run, left, rests, whole, split in pieces[column]:
                # Onto the columns whose top card is one rank higher than the run's base
                # (never column i itself: its own top card is lower).
                targets = onto.get(rank)
                if targets is not None:
                    wanted = run[0] + 4  # the card of its suit one rank higher
                    for j in targets:
                        target = cols[j]
                        if leave_out and rests and target[-1] != wanted:
                            left_out = True
                            continue
                        after = position[:]
                        after[i] = left
                        after[j] = settled[target + run]
                        append((moves[j][moved], after))
                if empty is None or whole:
                    continue
                if leave_out and split:
                    left_out = True  # a run in one suit is not split into an empty column
                else:
                    after = position[:]
                    after[i] = left
                    after[empty] = b"\x00" + run
                    append((moves[empty][moved], after))
        stock = position[-1][0]
        if self.deals and stock and empty is None:
            dealt = list(map(bytes.__add__, cols, self.rows[stock]))
            for i in self.aces[stock]:
                dealt[i] = _settled(dealt[i])
            dealt.append(STOCK_PARTS[stock - ROW])
            append((DEAL, dealt))
        return result, left_out


def _position(columns: list[bytes], stock: int) -> Position:
    return [*columns, STOCK_PARTS[stock]]


WON = _position([b"\x00"] * len(COLUMNS), 0)

# The search solve.py makes for the games whose definition names this module as solver.
SEARCH = SpiderSearch
