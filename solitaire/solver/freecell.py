"""A FreeCell (Vierfrei) solver in pure Python.

Several searches share one position format and take turns, as Freecell Solver's
switch-tasking does:

- fast: three greedy best-first searches over meta-moves (a whole run moves in one go,
  as far as the engine's limit allows), steered by a heuristic with a little weight on
  depth, each with its own weights. Where one wanders off, another usually goes straight;
  together they solve nearly every deal within a few hundred positions. They key
  positions by a hash sum, so running dry proves nothing.
- complete: depth-first search over single-card moves with an exact transposition
  table. When it runs dry every position reachable from the start has been seen, which
  proves that the position cannot be won; only then is "unsolvable" answered. It gets a
  share that grows with every turn, and all the time once a fast search has run dry (the
  fast searches also try every single-card move, so the others would find nothing new).

The columns build down by one of two rules (``build``): alternate colours (FreeCell,
Vierfrei) or in suit (Baker's Game). The tables of which card lies on which, and the
safe-card rule, are made for each; the rest of the solver is the same, the limit on
cards moved at once too.

Every search plays safe cards home inside the search: a card goes up when nothing left
in play can need it. In alternate colours: Horne's rule as Freecell Solver uses it, or
"both opposite-colour cards one rank lower are home", whichever allows it. In suit:
every card the foundations take, since the only card that could lie on it, the next
lower of its suit, is home already (Freecell Solver: "always put on the foundation if it
is built-by-suit"). Foundations never give cards back in these games, so all of these
are safe. Those are real moves of the game, so every one of them is listed in the
solution, which replays move by move through the engine from the given position (with
the game's own automatic moves off, the default).

Positions are tuples while they are looked at: the columns as ``bytes`` (a card is
``rank * 4 + suit``, suits in the order C D H S), the free cells as card codes (0 for
empty) and the four foundation counts. Columns and cells stay in their real order, so
moves can be named, while the keys ignore their order: positions that differ only in the
order of their columns or cells are the same.

Memory: positions are kept compactly, so that the budget (``BUDGET``) fits in about
100 MB. A move is one int (source, destination, count), the automatic moves after it
following from the position; a position kept for later is one ``bytes`` in its real
order; a position waiting to be looked at is only its parent and its move (the fast
searches: a few bytes in arrays; the complete one: the moves left on its path). The
fast searches key positions by 60-bit ints in a table of their own, the complete one by
exact ``bytes`` in a set (about 150 to 190 bytes a position in all).
"""

from __future__ import annotations

import heapq
from array import array
from dataclasses import dataclass, field
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
    raise_found,
)
from .verdict import SOLVED, UNKNOWN, UNSOLVABLE, GaveUp, Stepped, Verdict, drive

__all__ = ["BUDGET", "BUILDS", "FreecellLine", "FreecellResult", "solve_deal", "solve_freecell"]

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


def _fits(build: str, lower: int, upper: int) -> bool:
    """May the card ``upper`` lie on ``lower`` in a column?"""
    if not (1 <= upper >> 2 and lower >> 2 == (upper >> 2) + 1):
        return False
    if build == Build.ALTERNATE:
        return RED[lower] != RED[upper]
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
        self.safe_cards = _safe_cards if build == Build.ALTERNATE else _next_cards


BUILDS = (Build.ALTERNATE, Build.SUIT)
_TABLES = {build: _Tables(build) for build in BUILDS}

HOME = 15  # a move's destination when it goes to the foundations
SCALE = 50  # the fast searches' weights are counted in fiftieths (every one is a whole number)
OFFSET = 1 << 12  # added to their scores, which are then never negative
CACHE = 100_000  # entries a cache of column figures may hold before it is emptied
TRIM = 1024  # positions between looks at the size of a fast search's caches


# ---------------------------------------------------------------------------- the result


@dataclass
class FreecellResult:
    """What the solver found.

    ``status``: "solved" (``moves`` wins from the given position), "unsolvable" (a
    complete search found no way; proven) or "unknown" (the limits were reached first).
    ``moves``: (source pile, destination pile, card count) in the engine's pile names.
    ``positions``: positions expanded by all searches together.
    """

    status: str
    moves: list[tuple[str, str, int]] = field(default_factory=list)
    positions: int = 0
    seconds: float = 0.0


# ---------------------------------------------------------------------------- the board

Position = tuple[tuple, tuple, tuple]  # (columns, cells, foundations), as _Board plays them


class _Board:
    """Pile names, move generation and the compact forms of positions for one table size.

    A move is an int, ``src << 8 | dst << 4 | count``: piles are numbered columns first,
    then cells; ``dst`` is ``HOME`` for the foundations. The automatic moves after it
    follow from the position, so a move and the position it is made from give the next
    position (``play``)."""

    def __init__(self, ncols: int, ncells: int, col_names, cell_names, build=Build.ALTERNATE):
        if ncols + ncells >= HOME:
            raise ValueError(f"{ncols} columns and {ncells} cells are too many piles")
        tables = _TABLES[build]
        self.fits, self.parents_of, self.children_of = tables.fits, tables.parents, tables.children
        self.safe_cards = tables.safe_cards
        self.ncols = ncols
        self.ncells = ncells
        self.col_names = tuple(col_names)
        self.cell_names = tuple(cell_names)
        self.names = self.col_names + self.cell_names
        self.runs: dict[bytes, int] = {}
        self.info: dict[bytes, int] = {}
        self.index = {name: i for i, name in enumerate(self.col_names)}
        self.index.update((name, i) for i, name in enumerate(self.cell_names))

    # -------------------------------------------------------------- compact positions
    def encode(self, cols: tuple, cells: tuple, found: tuple) -> bytes:
        """A position as one ``bytes`` in its real order: the cells, the foundation counts,
        then the columns with a 0 between them (card codes are 4 and more)."""
        return bytes(cells) + bytes(found) + b"\x00".join(cols)

    def decode(self, code: bytes) -> Position:
        """(cols, cells, found) of ``encode``'s bytes."""
        n = self.ncells
        return tuple(code[n + 4 :].split(b"\x00")), tuple(code[:n]), tuple(code[n : n + 4])

    def play(self, cols: tuple, cells: tuple, found: tuple, move: int, moves=None) -> Position:
        """The position after ``move`` and the safe cards going home; the moves made are
        added to the list ``moves`` if one is given (in the engine's pile names)."""
        src, dst, count = move >> 8, move >> 4 & 15, move & 15
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
        if dst == HOME or src < ncols and lcols[src] and lcols[src][-1] in self.safe_cards(found):
            found = self.settle(lcols, lcells, found, moves)
        return tuple(lcols), tuple(lcells), found

    def replay(self, start: Position, line) -> list:
        """The moves (with the automatic ones) of the moves ``line`` made from ``start``."""
        moves: list = []
        position = start
        for move in line:
            position = self.play(*position, move, moves)
        return moves

    def apply(self, position: tuple, moves: list) -> tuple:
        """The position after ``moves`` (named as in solutions), without automatic moves."""
        cols, cells, found = list(position[0]), list(position[1]), position[2]
        index = self.index
        for src, dst, count in moves:
            if src[0] == "c":
                cards = BYTE[cells[index[src]]]
                cells[index[src]] = 0
            else:
                col = cols[index[src]]
                cards = col[-count:]
                cols[index[src]] = col[:-count]
            if dst[0] == "f":
                found = raise_found(found, cards[0] & 3)
            elif dst[0] == "c":
                cells[index[dst]] = cards[0]
            else:
                cols[index[dst]] += cards
        return tuple(cols), tuple(cells), found

    def shorten(self, start: Position, line: list) -> list:
        """A solution at most as long as ``line`` (moves made from ``start``), as moves.

        Walks the positions of the solution again, and from each takes the move that leads
        to the latest of them (Freecell Solver's -opt does more, with a search): detours
        and the long wanderings a depth-first search makes are cut out.
        """
        position = start
        where = {_key(start[0], start[1]): 0}
        for number, move in enumerate(line, start=1):
            position = self.play(*position, move)
            where[_key(position[0], position[1])] = number
        shorter: list = []
        position, at, last = start, 0, len(line)
        deep = last > LONG  # look two moves ahead on long detours
        while at < last:
            best: tuple[tuple, tuple, tuple, tuple] | None = None  # and the moves there
            options = self.children(*position, False)
            for cols, cells, found, move in options:
                number = where.get(_key(cols, cells), -1)
                if number > at:
                    at, best = number, (cols, cells, found, (move,))
            if deep and best is not None:
                reach = at
                for cols, cells, found, move in options:
                    for cols2, cells2, found2, move2 in self.children(cols, cells, found, False):
                        number = where.get(_key(cols2, cells2), -1)
                        if number > reach + 1:
                            reach, best = number, (cols2, cells2, found2, (move, move2))
                at = max(at, reach)
            if best is None:  # cannot happen: the next position is always a child
                return self.replay(start, line)
            position = best[:3]
            shorter.extend(best[3])
        return self.replay(start, shorter)

    # -------------------------------------------------------------- automatic moves
    def settle(self, cols: list, cells: list, found: tuple, moves=None) -> tuple:
        """Play every safe card home (in place); return the new foundation counts. The
        moves are added to ``moves`` if it is a list."""
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

    def run_length(self, col: bytes) -> int:
        n = self.runs.get(col)
        if n is None:
            n = 1
            size = len(col)
            fits = self.fits
            while n < size and fits[col[-n - 1] << 6 | col[-n]]:
                n += 1
            if len(self.runs) >= CACHE:  # a cache, kept small
                self.runs.clear()
            self.runs[col] = n
        return n

    # -------------------------------------------------------------- children
    def children(self, cols: tuple, cells: tuple, found: tuple, atomic: bool) -> list:
        """Every position one move away: (cols, cells, found, move).

        Meta mode moves the longest fitting run onto a card and the longest movable run (or
        a single card) into an empty column; atomic mode moves one card at a time. Either
        way every single-card move is among them (into the first free cell or empty column
        only: the others give the same position up to order). Each position is the one
        ``play`` makes of ``move``.
        """
        out: list[tuple] = []
        append = out.append
        ncols = self.ncols
        nxt = _next_cards(found)
        safe = self.safe_cards(found)
        parents_of, children_of = self.parents_of, self.children_of
        settle = self.settle
        nfree = cells.count(0)
        nempty = cols.count(b"")
        first_empty = cols.index(b"") if nempty else -1
        tops = [col[-1] if col else 0 for col in cols]

        # cells: home, onto a parent, into an empty column
        if nfree < len(cells):
            for ci, card in enumerate(cells):
                if not card:
                    continue
                rest_cells = cells[:ci] + (0,) + cells[ci + 1 :]
                src = (ncols + ci) << 8 | 1
                if card in nxt:
                    lcells = list(rest_cells)
                    lcols = list(cols)
                    f2 = settle(lcols, lcells, raise_found(found, card & 3))
                    append((tuple(lcols), tuple(lcells), f2, src | HOME << 4))
                parents = parents_of[card]
                for j, top in enumerate(tops):
                    if top in parents:
                        lcols = list(cols)
                        lcols[j] = cols[j] + BYTE[card]
                        append((tuple(lcols), rest_cells, found, src | j << 4))
                if nempty:
                    lcols = list(cols)
                    lcols[first_empty] = BYTE[card]
                    append((tuple(lcols), rest_cells, found, src | first_empty << 4))

        if nfree:
            free_cell = cells.index(0)
            to_cell = (ncols + free_cell) << 4 | 1
        limit_full = (nfree + 1) << nempty  # onto a card: every empty column helps
        limit_empty = (nfree + 1) << (nempty - 1) if nempty else 0  # into an empty column
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
            src = i << 8
            # home
            if top in nxt:
                lcols = list(cols)
                lcols[i] = col[:-1]
                lcells = list(cells)
                f2 = settle(lcols, lcells, raise_found(found, top & 3))
                append((tuple(lcols), tuple(lcells), f2, src | HOME << 4 | 1))
            if atomic:
                run = 1
            else:
                run = runs.get(col) or self.run_length(col)
                run = min(run, limit_full)
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
                        append((tuple(lcols), tuple(lcells), f2, src | j << 4 | k))
                    else:
                        append((tuple(lcols), cells, found, src | j << 4 | k))
            size = len(col)
            # into an empty column
            if nempty and size > 1:
                most = min(run, limit_empty, size - 1)
                for k in (most, 1) if most > 1 else (1,):
                    lcols = list(cols)
                    rest = col[:-k]
                    lcols[i] = rest
                    lcols[first_empty] = col[-k:]
                    move = src | first_empty << 4 | k
                    if rest[-1] in safe:
                        lcells = list(cells)
                        f2 = settle(lcols, lcells, found)
                        append((tuple(lcols), tuple(lcells), f2, move))
                    else:
                        append((tuple(lcols), cells, found, move))
            # into a free cell
            if nfree:
                lcols = list(cols)
                rest = col[:-1]
                lcols[i] = rest
                lcells = list(cells)
                lcells[free_cell] = top
                if size > 1 and rest[-1] in safe:
                    f2 = settle(lcols, lcells, found)
                    append((tuple(lcols), tuple(lcells), f2, src | to_cell))
                else:
                    append((tuple(lcols), tuple(lcells), found, src | to_cell))
        return out

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
            if len(self.info) >= CACHE:  # a cache, kept small
                self.info.clear()
            self.info[col] = count
        return count


def _key(cols: tuple, cells: tuple) -> bytes:
    """The exact key of a position: columns and cells sorted (foundations follow)."""
    return bytes(sorted(cells)) + b"\x01".join(sorted(cols))


# The fast search keys positions by a 60-bit sum of column and cell hashes instead: as
# canonical (a sum does not care about order), cheaper, and a third of the memory. A
# collision could only hide a position from the fast search, never make a solution wrong,
# and proofs of defeat come from the exact keys of the complete search.
_CELL_HASH = tuple(
    (
        0
        if code == 0
        else ((code * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) * 0xBF58476D1CE4E5B9) % (1 << 61)
    )
    for code in range(64)
)
_MASK = (1 << 60) - 1  # two 30-bit digits: the smallest ints of their size


def _hash_key(cols: tuple, cells: tuple) -> int:
    return (sum(map(hash, cols)) + sum(map(_CELL_HASH.__getitem__, cells))) & _MASK


# ---------------------------------------------------------------------------- the searches

# A waiting child is one 64-bit int: the low 32 bits of its key << 32 | its score (at
# most _TOP) << 13 | _LAST if it is its parent's last | its move (12 bits).
_LAST = 1 << 12
_MOVE = _LAST - 1
_TOP = (1 << 19) - 1
_LOW = (1 << 32) - 1
_NODES = (1 << 24) - 1  # at most this many positions per fast search (far over any budget)


class _BestFirst:
    """Greedy best-first search over meta-moves, weighted by a little depth.

    Kept compactly: every expanded position is a node (its parent node, the move from
    it, its depth and where its waiting children are: twelve bytes in arrays) and, while
    some of its children still wait, its position as ``encode``'s bytes. Its children
    wait as one 32-bit int each (score and move), sorted best first; only the best
    waiting child of each node is in the heap, as one small int (score, node), the next
    one joining when it leaves. That pops the children in the same order as a heap of
    them all would. Positions are made again from their parent's bytes when they come
    out of the heap; a position is not expanded twice (its key is kept once it is), and
    a child already expanded is not kept."""

    def __init__(self, board: _Board, root: tuple, weights: dict):
        self.board = board

        def scaled(weight: float) -> int:  # the weights are fiftieths: the scores are ints
            return round(weight * SCALE)

        self.w_home = scaled(weights["home"])
        self.w_depth = scaled(weights["depth"])
        self.w_depth2 = scaled(weights["depth2"])
        self.w_breaks = scaled(weights["breaks"])
        self.w_empty = scaled(weights["empty"])
        self.w_g = scaled(weights["g"])
        # Among equal scores the newest node's children come first (fifo: the oldest's);
        # in a node, the children generated last (fifo: first).
        self.lifo = not weights.get("fifo")
        self.cell_cost = [
            scaled(weights["cell"] * n + weights["cell2"] * n * n) for n in range(board.ncells + 1)
        ]
        self.root = root
        # The keys of the positions expanded, in a table of their own: open addressing
        # in an array of 64-bit ints (0 for a free slot), at most half full. Sixteen to
        # thirty-two bytes a key, where a set of ints takes seventy.
        self.closed = array("Q", bytes(8 << 12))
        self.count = 0
        self.store: list = []  # node -> its position's bytes while children wait, else None
        self.parent = array("i")  # node -> its parent node
        self.move = array("H")  # node -> the move from its parent
        self.depth = array("H")  # node -> its depth (moves from the root, at most 65535)
        self.next_kid = array("I")  # node -> its best waiting child in ``kids``
        self.kids = array("Q")  # the waiting children, each node's best first
        self.heap: list[int] = []
        self.started = False
        self.tables: dict[tuple, ColumnScores] = {}
        self.cached = 0
        self.solution: list | None = None  # the moves from the root, once won
        self.done = False

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
        return (
            self.w_depth * depth + self.w_depth2 * depth2 + self.w_breaks * self.board.breaks(col)
        )

    def release(self) -> None:
        """Forget everything: the search will not be stepped again."""
        self.done = True
        self.closed, self.store, self.heap, self.tables = array("Q"), [], [], {}
        self.parent, self.move, self.depth = array("i"), array("H"), array("H")
        self.next_kid, self.kids = array("I"), array("Q")

    def grow(self) -> array:
        """The table of keys, twice as large."""
        table = array("Q", bytes(16 * len(self.closed)))
        mask = len(table) - 1
        for key in self.closed:
            if key:
                at = key & mask
                while table[at]:
                    at = at + 1 & mask
                table[at] = key
        self.closed = table
        return table

    def line(self, node: int, last: int) -> list:
        """The moves from the root to ``node``, then ``last``."""
        moves = [last]
        parent, move = self.parent, self.move
        while node > 0:
            moves.append(move[node])
            node = parent[node]
        moves.reverse()
        return moves

    def step(self, quota: int) -> int:
        """Expand up to ``quota`` positions; return how many were expanded."""
        heap, closed, tables = self.heap, self.closed, self.tables
        mask = len(closed) - 1
        store, parent, move_of, depth_of = self.store, self.parent, self.move, self.depth
        next_kid, kids = self.next_kid, self.kids
        w_home, w_g, lifo = self.w_home, self.w_g, self.lifo
        cell_cost = self.cell_cost
        ncells = self.board.ncells
        pop, push = heapq.heappop, heapq.heappush
        board = self.board
        children, play, decode, encode = board.children, board.play, board.decode, board.encode
        cell_hash = _CELL_HASH.__getitem__
        expanded = 0
        while expanded < quota:
            if self.started:
                if not heap:
                    self.done = True
                    break
                entry = pop(heap)
                tie = entry & _NODES
                node = _NODES - tie if lifo else tie
                kid = next_kid[node]
                move = kids[kid]
                position = store[node]
                if move & _LAST:
                    store[node] = None  # its last child: its position is not needed again
                else:
                    next_kid[node] = kid + 1
                    push(heap, (kids[kid + 1] >> 13 & _TOP) << 24 | tie)
                # Expanded since it was generated? Half the children are: looked up by the
                # low half of their key, before the position is made again.
                low = move >> 32
                at = low & mask
                seen = closed[at]
                while seen and seen & _LOW != low:
                    at = at + 1 & mask
                    seen = closed[at]
                if seen:
                    continue
                move &= _MOVE
                cols, cells, found = play(*decode(position), move)
                key = _hash_key(cols, cells) or 1
                g = depth_of[node] + 1
            else:
                self.started = True
                cols, cells, found = self.root
                key = _hash_key(cols, cells) or 1
                node, move, g = -1, 0, 0
            at = key & mask
            seen = closed[at]
            while seen and seen != key:
                at = at + 1 & mask
                seen = closed[at]
            if seen:
                continue  # expanded already
            closed[at] = key
            self.count += 1
            if 2 * self.count > mask:
                closed = self.grow()
                mask = len(closed) - 1
            me = len(store)
            if me > _NODES:
                self.done = True  # cannot happen within any budget of positions
                break
            parent.append(node)
            move_of.append(move)
            depth_of.append(min(g, 0xFFFF))
            next_kid.append(0)
            expanded += 1
            self.cached += 1
            if self.cached >= TRIM:
                self.cached = 0
                if sum(map(len, tables.values())) > CACHE:
                    tables.clear()
            base = (g + 1) * w_g + OFFSET
            fresh = []
            keys = set()
            number = 0
            for ccols, ccells, cfound, cmove in children(cols, cells, found, False):
                ckey = (sum(map(hash, ccols)) + sum(map(cell_hash, ccells))) & _MASK or 1
                at = ckey & mask
                seen = closed[at]
                while seen and seen != ckey:
                    at = at + 1 & mask
                    seen = closed[at]
                if seen or ckey in keys:
                    continue
                keys.add(ckey)
                home = cfound[0] + cfound[1] + cfound[2] + cfound[3]
                if home == 52:
                    self.solution = self.line(me, cmove)
                    return expanded
                table = tables.get(cfound)
                if table is None:
                    table = tables[cfound] = ColumnScores(self.col_score, cfound)
                number += 1
                fresh.append(
                    (
                        sum(map(table.__getitem__, ccols))
                        + cell_cost[ncells - ccells.count(0)]
                        + w_home * (52 - home)
                        + base,
                        -number if lifo else number,
                        (ckey & _LOW) << 32 | cmove,
                    )
                )
            if not fresh:
                store.append(None)
                continue
            fresh.sort()
            store.append(encode(cols, cells, found))
            next_kid[me] = first = len(kids)
            for score, _, cmove in fresh:
                kids.append(
                    (score if 0 <= score <= _TOP else _TOP if score > 0 else 0) << 13 | cmove
                )
            kids[-1] |= _LAST
            push(heap, (kids[first] >> 13 & _TOP) << 24 | (_NODES - me if lifo else me))
        return expanded


class _Exhaustive:
    """Depth-first search over single-card moves with a transposition table (complete).

    Only the path is kept whole: a frame for each position on it, with its bytes and the
    moves to its children not yet searched (two bytes each, the most promising last).
    Every position generated is in ``seen`` by its exact key until the end."""

    def __init__(self, board: _Board, root: tuple):
        self.board = board
        self.root = root
        self.seen = {_key(root[0], root[1])}
        self.frames: list = []  # [position bytes, moves to the children left, move to it]
        self.started = False
        self.solution: list | None = None
        self.done = False

    def step(self, quota: int) -> int:
        frames, seen, board = self.frames, self.seen, self.board
        children, play, decode, encode = board.children, board.play, board.decode, board.encode
        expanded = 0
        while expanded < quota:
            if self.started:
                if not frames:
                    self.done = True
                    break
                frame = frames[-1]
                kids = frame[1]
                if not kids:
                    frames.pop()
                    continue
                move = kids.pop()
                cols, cells, found = play(*decode(frame[0]), move)
            else:
                self.started = True
                cols, cells, found = self.root
                move = None
            expanded += 1
            fresh = []
            for ccols, ccells, cfound, cmove in children(cols, cells, found, True):
                key = _key(ccols, ccells)
                if key in seen:
                    continue
                seen.add(key)
                home = cfound[0] + cfound[1] + cfound[2] + cfound[3]
                if home == 52:
                    line = [frame[2] for frame in frames[1:]]
                    self.solution = line + ([] if move is None else [move]) + [cmove]
                    return expanded
                fresh.append((home, cmove))
            if fresh:
                # the most promising child last, so it is explored first
                fresh.sort(key=_first)
                frames.append([encode(cols, cells, found), array("H", [m for _, m in fresh]), move])
        if self.started and not frames:
            self.done = True
        return expanded


def _first(item: tuple):
    return item[0]


# ---------------------------------------------------------------------------- entry points

# Fast searches with different weights take turns: where one wanders off, another usually
# goes straight. The first three were chosen on Microsoft deals 1..1000 (bench/freecell.py);
# the last two join after LATE turns, for the rare deals that need tens of thousands of
# positions, each of which some weights solve much sooner than others.
_BASE = {"home": 2, "depth": 1, "depth2": 0.3, "breaks": 1, "cell": 0.5, "cell2": 0.7, "empty": 4}
FAST_WEIGHTS = (
    {**_BASE, "empty": 2.4, "g": 0.48},
    {**_BASE, "g": 1.0},
    {**_BASE, "depth2": 0, "g": 0.3, "fifo": 1},
    {**_BASE, "g": 2.0},
    {**_BASE, "breaks": 1.5, "empty": 5, "g": 1.0},
)
# Positions expanded (by all searches together) before the answer is "unknown": the
# partner's and --solve's budget. At 150 to 190 bytes a position, a search at this budget
# keeps the whole --solve process (18 MB before it starts) under about 95 MB.
BUDGET = 400_000
EARLY = 3  # fast searches from the start
LATE = 10  # turn at which the others join
SHORT = 80  # fast solutions with more steps than this are shortened (complete ones always)
LONG = 150  # solutions with more steps than this are shortened harder
PRELUDE = 1000  # positions the first fast search gets alone
QUOTA = 300  # then each fast search's share per turn
PROOF_SHARE = 150  # the complete search gets this many positions times the turn number,
PROOF_MOST = 1200  # up to this many (its positions cost about a quarter of a fast one's)


def encode_state(state, cells: int = 4, build: str = Build.ALTERNATE):
    """(board, cols, cells, found) for an engine position of Vierfrei (or of a variant
    that builds by ``build``)."""
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
    board = _Board(len(col_names), len(cell_names), col_names, cell_names, build)
    cols = tuple(bytes(card_code(card) for card in piles[name]) for name in col_names)
    cell_cards = tuple(card_code(piles[name][-1]) if piles[name] else 0 for name in cell_names)
    found = tuple(len(piles["f" + suit]) for suit in SUITS)
    return board, cols, cell_cards, found


class FreecellLine(Stepped):
    """The searches above taking turns on one position, in steps of positions (see
    ``verdict.py``): its verdict's moves are the solver's (source, destination, count).

    ``cells`` free cells are used (the first ones by name; the others must be empty).
    ``build``: how the columns build down, ``Build.ALTERNATE`` (FreeCell) or
    ``Build.SUIT`` (Baker's Game); another raises ValueError. Runs move as FreeCell's
    (free cells + 1) * 2 ** empty columns either way. The search stops after
    ``max_positions`` expanded positions and then says "unknown"; "unsolvable" only
    comes from the complete search."""

    def __init__(
        self,
        state,
        *,
        max_positions: int = BUDGET,
        cells: int = 4,
        build: str = Build.ALTERNATE,
    ):
        self.max_positions = max_positions
        board, cols, cell_cards, found = encode_state(state, cells, build)
        self.board = board
        lcols, lcells = list(cols), list(cell_cards)
        self.first_moves: list = []
        found = board.settle(lcols, lcells, found, self.first_moves)
        self.root = (tuple(lcols), tuple(lcells), found)
        self.count = 0
        self.solution = self.solved_by = None
        self.verdict = None
        if sum(found) == 52:
            self.verdict = Verdict(SOLVED, list(self.first_moves))
        self.complete = _Exhaustive(board, self.root)
        self.walk = self._turns()

    @property
    def positions(self) -> int:
        return self.count

    def _advance(self) -> Verdict | None:
        try:
            next(self.walk)
        except StopIteration as stop:
            return stop.value
        return None

    def _run(self, scan, quota: int):
        """Give ``scan`` up to ``quota`` positions, pausing at the end of each step; True
        when the search is over (``status`` says how)."""
        while quota > 0:
            chunk = min(quota, 256, self.max_positions - self.count)
            if chunk <= 0:
                self.status = UNKNOWN
                return True
            count = scan.step(chunk)
            self.count += count
            quota -= count
            if scan.solution is not None:
                self.solution, self.solved_by, self.status = scan.solution, scan, SOLVED
                return True
            if scan is self.complete and scan.done:
                self.status = UNSOLVABLE
                return True
            if scan.done:
                return False
            while self.count >= self.pause_at:
                yield
        return False

    def _turns(self):
        board, root, complete = self.board, self.root, self.complete
        fast = [_BestFirst(board, root, weights) for weights in FAST_WEIGHTS[:EARLY]]
        self.status = UNKNOWN
        if not (yield from self._run(fast[0], PRELUDE)):
            turn = 0
            while True:
                turn += 1
                if turn == LATE:
                    fast += [_BestFirst(board, root, weights) for weights in FAST_WEIGHTS[EARLY:]]
                # Every fast search tries every single-card move too, so once one of them
                # has run dry the others would only find the same positions: leave it to
                # the proof.
                active = [scan for scan in fast if not scan.done]
                if len(active) < len(fast):
                    active = []
                    for scan in fast:
                        scan.release()  # they will not run again: their memory goes to the proof
                over = False
                for scan in active:
                    if (yield from self._run(scan, QUOTA)):
                        over = True
                        break
                if over:
                    break
                share = min(PROOF_SHARE * turn, PROOF_MOST) if active else self.max_positions
                if (yield from self._run(complete, share)):
                    break
        moves: list = []
        if self.solution is not None:
            line = self.solution
            moves += self.first_moves  # the root's own automatic moves
            if self.solved_by is complete or len(line) > SHORT:
                moves += board.shorten(root, line)
            else:  # a fast search's solution is rarely worth the time it takes to shorten
                moves += board.replay(root, line)
        gave_up = GaveUp.POSITIONS if self.status == UNKNOWN else None
        return Verdict(self.status, moves, self.count, self.seconds, gave_up)


def solve_freecell(
    state,
    *,
    max_positions: int = BUDGET,
    max_seconds: float | None = None,
    cells: int = 4,
    build: str = Build.ALTERNATE,
) -> FreecellResult:
    """Search for a win from a Vierfrei position (``solitaire.model.state.State``), as
    ``FreecellLine`` does, to its budget of positions (and ``max_seconds``, if given:
    the benches' limit)."""
    line = FreecellLine(state, max_positions=max_positions, cells=cells, build=build)
    verdict = drive(line, max_seconds=max_seconds)
    # FreecellLine's verdict holds the solver's (source, destination, count) triples.
    moves = cast(list[tuple[str, str, int]], verdict.moves)
    return FreecellResult(verdict.status.value, moves, verdict.positions, verdict.seconds)


class FreecellSearch(Stepped):
    """The FreeCell family's search for the engine: ``FreecellLine`` on the game's
    position, its line turned into engine moves (``SEARCH``)."""

    def __init__(self, rules, state, *, max_positions: int, without=frozenset()):
        self.rules, self.state = rules, state.copy()
        self.line = FreecellLine(state, max_positions=max_positions, build=rules.build)
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
