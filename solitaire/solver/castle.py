"""A dedicated solver for Beleaguered Castle in pure Python.

DOCSTRING TO WRITE
"""

from __future__ import annotations

import heapq
from array import array

from ..model.moves import Move, MoveKind
from ..model.rules import FOUNDATIONS, Rules
from ..model.state import State
from .compact import ColumnScores, card_code
from .verdict import SOLVED, UNKNOWN, UNSOLVABLE, GaveUp, Outcome, Stepped, Verdict

__all__ = ["BUDGET", "CastleSearch"]

# Positions a search may keep before it answers "unknown" (the table's partner and
# --solve alike); at about 150 bytes a position, a --solve process stays near 100 MB.
BUDGET = 400_000

# The queues' heuristic weights (lower scores first): cards not home, how deep the next
# card of each suit lies (and the one after it), cards not one rank below the card they
# lie on, cards over a lower card of their suit, empty rows (a bonus), moves made.
_BASE = {"home": 5, "depth": 1, "depth2": 0.3, "breaks": 1, "knots": 1, "empty": 3, "g": 1}
SCAN_WEIGHTS = (
    _BASE,
    {**_BASE, "empty": 6},
    {**_BASE, "knots": 2, "depth": 2},
    {**_BASE, "home": 8, "breaks": 2},
)
# Which queue the best-first turn takes its next position from: the first every other time.
ROTATION = (0, 1, 0, 2, 0, 3)
# The turns, each (strategy, positions found): a depth-first dive steered by queue n's
# scores (n >= 0), or the best-first queues in rotation (-1).
BEST, STEERED, PLAIN = "best", "steered", "plain"
SCHEDULE = ((BEST, 0, 1000), (PLAIN, 0, 1000))

FIELD = 32  # bits of one queue's score in the packed sum of all four
MASK = (1 << FIELD) - 1
SCALE = 16  # scores are kept as whole sixteenths
ROW_OFFSET = 256  # added to each row's share, so that an empty row's bonus stays positive
FIFO = False
COARSE = 4  # a queue orders positions by whole units of score (the last found first)
LANE = MASK >> COARSE
NO_PARENT = 0xFFFFFFFF  # the start's parent
JOIN = b"\0".join  # a key's rows are parted by a zero byte (no card has rank 0)
ONES = b"\1" * 64


def _pack(values) -> int:
    """Four queues' scores as one int, FIELD bits each: sums of packs add field by field."""
    return sum(value << (FIELD * number) for number, value in enumerate(values))


def _raise(found: bytes, suit: int) -> bytes:
    return found[:suit] + bytes((found[suit] + 1,)) + found[suit + 1 :]


class _Weights:
    """One set of weights: each row's share of a position's score."""

    def __init__(self, weights: dict):
        self.weights = weights

    def row_score(self, row: bytes, found: bytes) -> float:
        w = self.weights
        if not row:
            return -w["empty"]
        last = len(row) - 1
        score = 0.0
        for suit in range(4):
            card = (found[suit] + 1) * 4 + suit
            at = row.find(card) if card < 56 else -1
            if at >= 0:
                score += w["depth"] * (last - at)
            at = row.find(card + 4) if card + 4 < 56 else -1
            if at >= 0:
                score += w["depth2"] * (last - at)
        for index in range(1, len(row)):
            card = row[index]
            if row[index - 1] >> 2 != (card >> 2) + 1:
                score += w["breaks"]
            for lower in range(card - 4, 3, -4):
                if row.find(lower, 0, index) >= 0:
                    score += w["knots"]
        return score


class CastleSearch(Stepped):
    """Best-first and depth-first search, taking turns, for a win from any position of
    Beleaguered Castle; see the module notes. It serves any game of its rules (rows of
    the rules' ``tableau`` only, building down regardless of suit one card at a time, any
    card into an empty row, nothing back from the foundations), with any number of rows
    and any cards home, aces or not. ``without`` is accepted as the other searches accept
    it: this one only ever makes plain moves, so there is nothing for it to leave out."""

    def __init__(self, rules: Rules, state: State, *, max_positions: int, without=frozenset()):
        self.names = rules.tableau
        self.max_positions = max_positions
        self.card_cache: dict[bytes, tuple] = {}  # found -> (safe cards, next cards)
        self.stuck_tables: dict[bytes, dict] = {}  # found -> row -> _candidates
        self.score_tables: dict[bytes, ColumnScores] = {}  # found -> row -> packed scores
        self.weights = [_Weights(weights) for weights in SCAN_WEIGHTS]
        self.home_packed = _pack(round(w["home"] * SCALE) for w in SCAN_WEIGHTS)
        self.g_packed = _pack(round(w["g"] * SCALE) for w in SCAN_WEIGHTS)
        piles = state.piles
        rows = [bytes(card_code(card) for card in piles[name]) for name in self.names]
        found = bytes(len(piles[name]) for name in FOUNDATIONS)
        self.start = (tuple(rows), found)
        found = self._settle(rows, found)
        key = found + JOIN(sorted(rows))
        # The positions found, by number: key, parent, moves from the start, expanded yet
        self.keys = [key]
        self.seen = {key}
        self.parent = array("I", [NO_PARENT])
        self.depth = array("I", [0])
        self.expanded = bytearray(1)
        # One queue per set of weights: score -> the positions of that score (the last
        # one found first), and a heap of the scores that have positions.
        self.queues: list[tuple[dict, list]] = [({0: array("I", [0])}, [0]) for _ in SCAN_WEIGHTS]
        # each queue with the shift that takes its score out of a packed sum
        self.lanes = [
            (buckets, heap, FIELD * number + COARSE)
            for number, (buckets, heap) in enumerate(self.queues)
        ]
        self.stacks: list[list] = [[] for _ in SCHEDULE]  # each dive's stack
        self.phase = 0
        self.phase_end = SCHEDULE[0][2]
        self.turn = 0
        self.won = -1
        self.dropped = 0  # dead positions left out
        self.verdict: Verdict | None = None
        if sum(found) == 52:
            self.verdict = self._conclude(SOLVED, 0)

    @property
    def positions(self) -> int:
        return len(self.keys)

    # -------------------------------------------------------------- safe moves home
    def _cards(self, found: bytes) -> tuple:
        """(the cards that may go home now and are safe there, see the module notes;
        the cards that may go home now)."""
        cards = self.card_cache.get(found)
        if cards is None:
            least = min(found)
            cards = self.card_cache[found] = (
                frozenset(
                    (found[suit] + 1) * 4 + suit
                    for suit in range(4)
                    if found[suit] < 13 and least >= found[suit] - 1
                ),
                frozenset((found[suit] + 1) * 4 + suit for suit in range(4) if found[suit] < 13),
            )
        return cards

    def _settle(self, rows: list, found: bytes, moves: list | None = None) -> bytes:
        """Play every safe card home, the rows changed in place (the moves listed in
        ``moves``, if given); return the new foundation counts."""
        while True:
            safe = self._cards(found)[0]
            for index, row in enumerate(rows):
                if row and row[-1] in safe:
                    card = row[-1]
                    rows[index] = row[:-1]
                    if moves is not None:
                        moves.append((self.names[index], FOUNDATIONS[card & 3]))
                    found = _raise(found, card & 3)
                    break
            else:
                return found

    # -------------------------------------------------------------- children
    def children(self, rows: list, found: bytes) -> list:
        """Every position one move away, settled, as (key, rows, found)."""
        out = []
        append = out.append
        safe, following = self._cards(found)
        settle = self._settle
        by_rank: dict[int, list] = {}  # rank -> the rows whose outer card has it
        empty = -1
        for index, row in enumerate(rows):
            if row:
                rank = row[-1] >> 2
                if rank in by_rank:
                    by_rank[rank].append(index)
                else:
                    by_rank[rank] = [index]
            elif empty < 0:
                empty = index
        for index, row in enumerate(rows):
            if not row:
                continue
            card = row[-1]
            rest = row[:-1]
            # Only a move that frees a safe card or sends one home needs settling.
            freed = bool(rest) and rest[-1] in safe
            if card in following:
                new = rows.copy()
                new[index] = rest
                home = settle(new, _raise(found, card & 3))
                append((home + JOIN(sorted(new)), new, home))
            for target in by_rank.get((card >> 2) + 1, ()):
                new = rows.copy()
                new[index] = rest
                new[target] = rows[target] + row[-1:]
                if freed:
                    home = settle(new, found)
                    append((home + JOIN(sorted(new)), new, home))
                else:
                    append((found + JOIN(sorted(new)), new, found))
            if empty >= 0 and rest:
                new = rows.copy()
                new[index] = rest
                new[empty] = row[-1:]
                if freed:
                    home = settle(new, found)
                    append((home + JOIN(sorted(new)), new, home))
                else:
                    append((found + JOIN(sorted(new)), new, found))
        return out

    def successors(self, rows: list, found: bytes) -> list:
        """The moves ``children`` makes, from rows in their real order: (rows, found,
        moves), the moves a list of (source, destination) pile names."""
        names = self.names
        following = self._cards(found)[1]
        empty = rows.index(b"") if b"" in rows else -1
        out = []
        for index, row in enumerate(rows):
            if not row:
                continue
            card = row[-1]
            targets = [
                target
                for target, other in enumerate(rows)
                if other and other[-1] >> 2 == (card >> 2) + 1
            ]
            if empty >= 0 and len(row) > 1:
                targets.append(empty)
            if card in following:
                targets.append(-1)
            for target in targets:
                new = list(rows)
                new[index] = row[:-1]
                if target < 0:
                    moves = [(names[index], FOUNDATIONS[card & 3])]
                    home = _raise(found, card & 3)
                else:
                    moves = [(names[index], names[target])]
                    new[target] = rows[target] + row[-1:]
                    home = found
                home = self._settle(new, home, moves)
                out.append((new, home, moves))
        return out

    # -------------------------------------------------------------- dead positions
    def _candidates(self, row: bytes, found: bytes) -> tuple:
        """The cards of the row that could be the top of its part of S (module notes),
        from the outer card in, as (index, card, parents, lowers): ``parents`` the cards
        of the rank above not home and not in this row, ``lowers`` the lower cards of its
        suit not home and not in this row, or None when one of those lies under it.

        A card is left out when it fails whatever the other rows hold: a card of the rank
        above lies on it, or every lower card of its suit not home does. A card of the
        rank above under it is under a card of S whenever it is the top of the part."""
        out = []
        for index in range(len(row) - 1, -1, -1):
            card = row[index]
            suit = card & 3
            not_home = range(card - 4, found[suit] * 4 + suit, -4)  # lower, same suit
            if any(row.find(lower, 0, index) >= 0 for lower in not_home):
                lowers = None
            else:
                lowers = tuple(lower for lower in not_home if lower not in row)
                if not lowers:
                    continue
            above = (card | 3) + 1  # the first card of the rank above
            parents = [
                parent
                for parent in range(above, min(above + 4, 56))
                if found[parent & 3] < parent >> 2  # not home
            ]
            if any(row.find(parent, index) >= 0 for parent in parents):
                continue
            out.append((index, card, tuple(p for p in parents if p not in row), lowers))
        return tuple(out)

    def dead(self, rows, found: bytes) -> bool:
        """Whether a bottom part of every row can never move (module notes)."""
        if b"" in rows:
            return False
        table = self.stuck_tables.get(found)
        if table is None:
            table = self.stuck_tables[found] = {}
        every = list(map(table.get, rows))
        if None in every:
            for number, row in enumerate(rows):
                if every[number] is None:
                    every[number] = table[row] = self._candidates(row, found)
        if () in every:
            return False
        # A first pass without looking further: an outer card is never under a card of
        # S, so a card whose parent is one fails for good (and is skipped below too).
        outer = {row[-1] for row in rows}
        at = []  # each row's current candidate
        for cands in every:
            for number, cand in enumerate(cands):
                if outer.isdisjoint(cand[2]):
                    at.append(number)
                    break
            else:
                return False
        # Where each card lies in the rows written out one after the other, a zero byte
        # after each, and which of those places hold cards of S (a flag byte each).
        flat = JOIN(rows)
        where = dict(zip(flat, range(len(flat))))
        inside = bytearray(len(flat) + 1)
        starts = []
        start = 0
        for number, row in enumerate(rows):
            starts.append(start)
            height = every[number][at[number]][0] + 1
            inside[start : start + height] = ONES[:height]
            start += len(row) + 1
        changed = True
        while changed:
            changed = False
            for number, cands in enumerate(every):
                index = at[number]
                while True:
                    # (a) and (b) of the module notes for the top card of the row's part
                    _, _, parents, lowers = cands[index]
                    holds = True
                    if lowers is not None:
                        for lower in lowers:
                            if inside[where[lower]]:
                                break
                        else:
                            holds = False
                    if holds:
                        for parent in parents:
                            if not inside[where[parent] + 1]:
                                holds = False
                                break
                    if holds:
                        break
                    top = starts[number] + cands[index][0]
                    index += 1
                    while index < len(cands) and not outer.isdisjoint(cands[index][2]):
                        index += 1
                    if index == len(cands):
                        return False
                    height = starts[number] + cands[index][0] + 1
                    inside[height : top + 1] = bytes(top + 1 - height)
                    changed = True
                at[number] = index
        return True

    # -------------------------------------------------------------- scores
    def _row_scores(self, row: bytes, found: bytes) -> int:
        return _pack(round(w.row_score(row, found) * SCALE) + ROW_OFFSET for w in self.weights)

    # -------------------------------------------------------------- running
    def _expand(self, index: int) -> list:
        """Expand a position: find its children, queue the new ones in every queue and
        return them as (packed scores, number); a win found sets ``won``."""
        self.expanded[index] = 1
        key = self.keys[index]
        found = key[:4]
        rows = key[4:].split(b"\0")
        if self.dead(rows, found):
            self.dropped += 1
            return []
        seen, keys = self.seen, self.keys
        add_key, add_parent = keys.append, self.parent.append
        add_depth, add_flag = self.depth.append, self.expanded.append
        depth = self.depth[index] + 1
        tables = self.score_tables
        home_packed, g_term = self.home_packed, depth * self.g_packed
        push = heapq.heappush
        lanes = self.lanes
        out = []
        for ckey, crows, cfound in self.children(rows, found):
            if ckey in seen:
                continue
            seen.add(ckey)
            number = len(keys)
            add_key(ckey)
            add_parent(index)
            add_depth(depth)
            add_flag(0)
            home = sum(cfound)
            if home == 52:
                self.won = number
                return []
            table = tables.get(cfound)
            if table is None:
                table = tables[cfound] = ColumnScores(self._row_scores, cfound)
            total = sum(map(table.__getitem__, crows)) + (52 - home) * home_packed + g_term
            for buckets, heap, shift in lanes:
                score = total >> shift & LANE
                bucket = buckets.get(score)
                if bucket is None:
                    buckets[score] = array("I", (number,))
                    push(heap, score)
                else:
                    bucket.append(number)
            out.append((total, number))
        return out

    def _take(self, queue: int) -> int:
        """The best position of a queue not expanded yet, taken out; -1 if none is left."""
        buckets, heap = self.queues[queue]
        expanded = self.expanded
        while heap:
            score = heap[0]
            bucket = buckets[score]
            number = bucket.pop(0) if FIFO else bucket.pop()
            if not bucket:
                heapq.heappop(heap)
                del buckets[score]
            if not expanded[number]:
                return number
        return -1

    def _advance(self) -> Verdict | None:
        expanded = self.expanded
        while True:
            kind, queue, _ = SCHEDULE[self.phase]
            if kind == BEST:
                number = self._take(ROTATION[self.turn % len(ROTATION)])
                self.turn += 1
                if number < 0:
                    return self._conclude(UNSOLVABLE)
                self._expand(number)
            else:
                # A dive: depth first, from the best position of its queue when its
                # stack is empty, each position's new children in its order.
                stack = self.stacks[self.phase]
                number = -1
                while stack:
                    frame = stack[-1]
                    if not frame:
                        stack.pop()
                        continue
                    number = frame.pop()
                    if not expanded[number]:
                        break
                    number = -1
                if number < 0:
                    number = self._take(queue)
                    if number < 0:
                        return self._conclude(UNSOLVABLE)
                fresh = self._expand(number)
                if fresh:
                    if kind == STEERED:
                        shift = FIELD * queue
                        fresh.sort(key=lambda item: -(item[0] >> shift & MASK))
                    else:
                        fresh.reverse()
                    stack.append(array("I", [number for _, number in fresh]))
            if self.won >= 0:
                return self._conclude(SOLVED, self.won)
            positions = len(self.keys)
            if positions >= self.max_positions:
                return self._conclude(UNKNOWN)
            if positions >= self.phase_end:
                self.phase = (self.phase + 1) % len(SCHEDULE)
                self.phase_end = positions + SCHEDULE[self.phase][2]
            if positions >= self.pause_at:
                return None

    def _conclude(self, status: Outcome, number: int = -1) -> Verdict:
        """The verdict, with the moves that lead to position ``number`` (a win) if any."""
        moves = [Move(MoveKind.MOVE, src, dst, 1) for src, dst in self._line(number)]
        for buckets, heap in self.queues:
            buckets.clear()
            heap.clear()
        self.stacks.clear()
        gave_up = GaveUp.POSITIONS if status == UNKNOWN else None
        return Verdict(status, moves, self.positions, self.seconds, gave_up)

    def _line(self, number: int) -> list:
        """The moves from the start to position ``number`` (none if it is -1): the path of
        parents, each step found again among the moves from the rows in their real order."""
        if number < 0:
            return []
        path = []
        while number != NO_PARENT:
            path.append(self.keys[number])
            number = self.parent[number]
        rows, found = list(self.start[0]), self.start[1]
        line: list = []
        found = self._settle(rows, found, line)
        for key in reversed(path[:-1]):
            for rows, found, moves in self.successors(rows, found):
                if found + JOIN(sorted(rows)) == key:
                    line += moves
                    break
            else:  # pragma: no cover - children and successors make the same moves
                raise AssertionError("a step of the line was not found again")
        return line


# The search solve.py makes for the games whose definition names this module as solver.
SEARCH = CastleSearch
