"""A dedicated solver for Beleaguered Castle in pure Python.

A position is one ``bytes`` key: the four foundation counts, then the rows, sorted (rows
are interchangeable) and parted by a zero byte, each from its first card to its outer
card, the one that moves (a card is ``rank * 4 + suit``, suits in the order C D H S).
The key is all there is of a position: its rows are read back from it to expand it, and
the foundations could be told from the rows alone (they hold exactly the cards in no
row, and nothing comes back from them). Each position found gets a number; arrays keep,
by number, its moves from the start and whether it was expanded yet: about 200 bytes a
position with the queues below (150 in the dive's table, which has no queues), so that a
whole ``--solve`` process stays under 100 MB at ``BUDGET``. The moves of a win are found
again at the end (``successors``): from the start's rows in their real order, each step
to the next key on the shortest path to it (below).

Two strategies take turns (``SCHEDULE``, in positions found, so slicing the work
changes nothing):

- Best-first, over one table and one frontier: four queues, one per set of heuristic
  weights (``SCAN_WEIGHTS``), take turns (``ROTATION``) at giving their best position not
  expanded yet (of equal scores, in quarters of a unit, the first found). One set of
  weights often wins a deal in a few thousand positions that another needs a hundred
  thousand for. Every position found goes into every queue and is expanded once, by
  whichever queue gives it first; the others pass over it. So when a queue runs dry,
  every position found has been expanded (a position leaves a queue only when it is
  expanded then, or was before), and with it every position reachable from the start,
  up to the moves left out below, which lose no win: that is the proof that the
  position cannot be won. The heuristic counts cards not home, how deep the next cards
  for the foundations (and the ones after them) lie, cards not one rank below the card
  they lie on, cards over a lower card of their own suit (which must leave before that
  one can go home), empty rows (a bonus) and moves made. A position's four scores are
  one packed sum of each row's share (``FIELD`` bits each), so it is scored in one pass.
- Depth-first, in the plain order of the moves (row by row: home, onto another row,
  into an empty row), with a table of its own (``_Dive``: keys, parents and a stack of
  numbers), until it has ``DIVE_SHARE`` of the budget. It wins some deals in a few
  thousand positions where the queues find nothing in 300,000 (322019), and the other
  way round. Sharing the queues' frontier made it worse for both: each took the
  positions the other would have gone on with. When its stack runs dry it has expanded
  every position it found, and so every reachable one: a proof too.

A win is then made short: a breadth-first walk from the start through the positions the
winning strategy found (the dive's all, the queues' those they expanded: ``_Shortening``)
finds the line of fewest steps to the win among them. The dive's own line wanders (deal
681742: 14,598 moves, far over what a game keeps); through the same positions the walk
finds one of 283. Its positions count as searched, and it pauses at a step's end like the
rest, so the table's worker is never busy long; it looks at no more positions than the
strategy found, so it ends within the budget spent (the budget itself no longer limits
it: the verdict is already known).

Moves left out, and why that loses no win:

- A card that may go home when every foundation holds at least its rank less two cards
  goes home at once, alone (it is listed in the solution). Proof: a card X of rank r is
  of use in play only as the place for a card of rank r - 1, and every such card D not
  home yet is then the next card of its suit, with nothing left in play that could lie
  on it (all cards of rank r - 2 are home). Take a winning line that keeps X in play; play
  X home first, then the same line with two changes: leave out X's own moves, and play
  D home instead wherever the line lays D on X, leaving out D's later moves. Every move
  stays legal: no other card ever lies on X, or on D while it lies on X, so each other
  card has the same cards under it and the same card on top of the row it goes to as
  in the line (rows that X or D has left may be empty sooner, which only allows more);
  the foundations take the same cards, D and X only sooner than their suits need them.
  The line still ends with every card home. (The engine's own rule, ``Rules.is_safe_home``,
  written for every game, waits for all four cards of rank r - 1.)
- Of several empty rows only the first is tried (they are interchangeable), and a row's
  only card never moves into an empty row (the same position again).

Positions left out as lost (``dead``): with no empty row, take the largest set S of
cards in the rows such that each card of S lies under another card of S, or else (a) a
lower card of its suit (not home, so in a row) is in S and (b) every card of the rank
above it that is not home is in S under another card of S. If every row keeps a part
of S, the position cannot be won. Why: take the first move of a card X of S. X is
free, so no card of S lies on it: it is the top of its row's part of S, (a) and (b)
hold for it and nothing of S has moved yet. It cannot go home (a lower card of its
suit is still in S, unmoved), nor onto a card of the rank above (each is home, or under
a card of S that has not moved), nor into an empty row (every row still holds its part
of S). So no card of S ever moves and no row ever empties: the game is lost. The
largest S is found by shrinking: all the cards to begin with, then the top card of a
row's part leaves while it fails (a) and (b); as S only shrinks, a card that fails once
fails for good, and the order does not matter. It is tested on each position expanded
(many found are never expanded); deals 1..200 need 2.4 times fewer positions to prove
lost with it.
"""

from __future__ import annotations

import heapq
from array import array
from collections import deque

from ..model.moves import Move, MoveKind
from ..model.rules import FOUNDATIONS, Rules
from ..model.state import State
from .compact import ColumnScores, card_code
from .verdict import SOLVED, UNKNOWN, UNSOLVABLE, GaveUp, Outcome, Stepped, Verdict

__all__ = ["BUDGET", "CastleSearch"]

# Positions a search may keep before it answers "unknown" (the table's partner and
# --solve alike): a --solve process that reaches it peaks at about 85 MB.
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
# The turns, each (strategy, positions found): the best-first queues in rotation (BEST),
# or the depth-first dive (DIVE), until the dive has DIVE_SHARE of the budget.
BEST, DIVE = "best", "dive"
SCHEDULE = ((DIVE, 1000), (BEST, 2000))
DIVE_SHARE = 0.25

FIELD = 32  # bits of one queue's score in the packed sum of all four
MASK = (1 << FIELD) - 1
SCALE = 16  # scores are kept as whole sixteenths
ROW_OFFSET = 256  # added to each row's share, so that an empty row's bonus stays positive
COARSE = 2  # a queue orders positions by quarters of a unit of score (then the first found first)
LANE = MASK >> COARSE
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
        # The positions found, by number: key, moves from the start, expanded yet
        self.keys = [key]
        self.seen = {key}
        self.depth = array("I", [0])
        self.expanded = bytearray(1)
        # One queue per set of weights: score -> the positions of that score, in the
        # order found; a heap of the scores that have positions; score -> how many of
        # that score's positions were taken out already (where any were).
        self.queues: list[tuple[dict, list, dict]] = [
            ({0: array("I", [0])}, [0], {}) for _ in SCAN_WEIGHTS
        ]
        # each queue with the shift that takes its score out of a packed sum
        self.lanes = [
            (buckets, heap, FIELD * number + COARSE)
            for number, (buckets, heap, _) in enumerate(self.queues)
        ]
        self.dive = _Dive(key)
        self.phase = 0
        self.phase_end = SCHEDULE[0][1]
        self.turn = 0
        self.won = -1
        self.dropped = 0  # dead positions left out
        self.shortening: _Shortening | None = None  # once a win is found
        self.verdict: Verdict | None = None
        if sum(found) == 52:
            self.verdict = self._conclude(SOLVED, [key])

    @property
    def positions(self) -> int:
        shortened = 0 if self.shortening is None else self.shortening.expanded
        return len(self.keys) + len(self.dive.keys) + shortened

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
        out: list[tuple] = []
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
        every: list = list(map(table.get, rows))  # None where a row is not known yet
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
        return their numbers; a win found sets ``won``."""
        self.expanded[index] = 1
        key = self.keys[index]
        found = key[:4]
        rows = key[4:].split(b"\0")
        if self.dead(rows, found):
            self.dropped += 1
            return []
        seen, keys = self.seen, self.keys
        add_key = keys.append
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
            out.append(number)
        return out

    def _take(self, queue: int) -> int:
        """The best position of a queue not expanded yet, taken out (the first found of
        those of the best score); -1 if none is left."""
        buckets, heap, taken = self.queues[queue]
        expanded = self.expanded
        while heap:
            score = heap[0]
            bucket = buckets[score]
            at = taken.get(score, 0)
            number = bucket[at]
            at += 1
            if at == len(bucket):
                heapq.heappop(heap)
                del buckets[score]
                taken.pop(score, None)
            else:
                taken[score] = at
            if not expanded[number]:
                return number
        return -1

    def _dive(self) -> int:
        """One step of the dive: expand the position on top of its stack. Returns the
        number of a win it found, -2 if its stack is empty (it has seen everything it
        can reach: no win), -1 otherwise."""
        dive = self.dive
        if not dive.stack:
            return -2
        number = dive.stack.pop()
        key = dive.keys[number]
        found = key[:4]
        rows = key[4:].split(b"\0")
        if self.dead(rows, found):
            return -1
        seen, keys = dive.seen, dive.keys
        fresh = []
        for ckey, _, cfound in self.children(rows, found):
            if ckey not in seen:
                seen.add(ckey)
                fresh.append(len(keys))
                keys.append(ckey)
                if sum(cfound) == 52:
                    return fresh[-1]
        fresh.reverse()  # the first child found is expanded first
        dive.stack.extend(fresh)
        return -1

    def _advance(self) -> Verdict | None:
        while True:
            if self.shortening is not None:
                return self._shorten(self.shortening)
            kind, _ = SCHEDULE[self.phase]
            if kind == BEST:
                number = self._take(ROTATION[self.turn % len(ROTATION)])
                self.turn += 1
                if number < 0:
                    return self._conclude(UNSOLVABLE)
                self._expand(number)
                if self.won >= 0:
                    expanded = self.expanded
                    through = {key for key, done in zip(self.keys, expanded) if done}
                    self._start_shortening(through)
                    continue
            else:
                number = self._dive()
                if number >= 0:
                    self._start_shortening(self.dive.seen)
                    continue
                if number == -2:
                    return self._conclude(UNSOLVABLE)
            positions = len(self.keys) + len(self.dive.keys)
            if positions >= self.max_positions:
                return self._conclude(UNKNOWN)
            if positions >= self.phase_end:
                self._next_turn(positions)
            if positions >= self.pause_at:
                return None

    def _next_turn(self, positions: int) -> None:
        """Pass the turn on; the dive's turns are over once it has ``DIVE_SHARE`` of the
        budget."""
        while True:
            self.phase = (self.phase + 1) % len(SCHEDULE)
            kind, length = SCHEDULE[self.phase]
            if kind == BEST or len(self.dive.keys) < self.max_positions * DIVE_SHARE:
                self.phase_end = positions + length
                return

    def _start_shortening(self, through: set) -> None:
        """A win is found: let the strategies' queues go and walk to it again, the
        shortest way through the positions ``through`` (module notes)."""
        self._let_go()
        self.shortening = _Shortening(self.keys[0], through)

    def _shorten(self, walk: _Shortening) -> Verdict | None:
        """Go on with the breadth-first walk to the win; the verdict once it is there."""
        children, parents, through, queue = self.children, walk.parents, walk.through, walk.queue
        while queue:
            key = queue.popleft()
            walk.expanded += 1
            for ckey, _, cfound in children(key[4:].split(b"\0"), key[:4]):
                if ckey in parents:
                    continue
                if sum(cfound) == 52:
                    parents[ckey] = key
                    return self._conclude(SOLVED, walk.path_to(ckey))
                if ckey in through:
                    parents[ckey] = key
                    queue.append(ckey)
            if self.positions >= self.pause_at:
                return None
        raise AssertionError("the line the strategy found runs through these positions")

    def _let_go(self) -> None:
        """Empty the strategies' queues: the search is over, or has found its win."""
        for buckets, heap, taken in self.queues:
            buckets.clear()
            heap.clear()
            taken.clear()
        del self.dive.stack[:]
        if self.shortening is not None:  # its tables may be large
            self.shortening.parents.clear()
            self.shortening.queue.clear()

    def _conclude(self, status: Outcome, path: list[bytes] | None = None) -> Verdict:
        """The verdict, with the moves along ``path`` (the keys from the start to a win)
        if there is one."""
        steps = self._line(path) if path else []
        moves = [Move(MoveKind.MOVE, src, dst, 1) for src, dst in steps]
        self._let_go()
        gave_up = GaveUp.POSITIONS if status == UNKNOWN else None
        return Verdict(status, moves, self.positions, self.seconds, gave_up)

    def _line(self, path: list[bytes]) -> list:
        """The moves along ``path``, the keys from the start to a win: each step found
        again among the moves from the rows in their real order."""
        rows, found = list(self.start[0]), self.start[1]
        line: list = []
        found = self._settle(rows, found, line)
        for key in path[1:]:
            for next_rows, next_found, moves in self.successors(rows, found):
                if next_found + JOIN(sorted(next_rows)) == key:
                    line += moves
                    rows, found = next_rows, next_found
                    break
            else:  # pragma: no cover - children and successors make the same moves
                raise AssertionError("a step of the line was not found again")
        return line


class _Dive:
    """The depth-first dive's own table: keys by number, and the stack of the positions
    found and not expanded yet."""

    def __init__(self, key: bytes):
        self.keys = [key]
        self.seen = {key}
        self.stack = array("I", [0])


class _Shortening:
    """The breadth-first walk from the start to a win through the positions ``through``
    (their keys): each position's parent on the fewest steps from the start, and the
    queue of those found and not expanded yet."""

    def __init__(self, start: bytes, through: set):
        self.through = through
        self.parents = {start: b""}
        self.queue = deque([start])
        self.start = start
        self.expanded = 0  # positions expanded: they count as searched

    def path_to(self, key: bytes) -> list[bytes]:
        """The keys from the start to ``key``."""
        path = [key]
        while key != self.start:
            key = self.parents[key]
            path.append(key)
        path.reverse()
        return path


# The search solve.py makes for the games whose definition names this module as solver.
SEARCH = CastleSearch
