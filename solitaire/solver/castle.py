"""A dedicated solver for Beleaguered Castle in pure Python.

Positions are small tuples: the eight rows as ``bytes`` (a card is ``rank * 4 + suit``,
suits in the order C D H S; a row's last byte is its outer card, the one that moves) and
the four foundation counts. Rows keep their real order, so moves can be named; the key
of a position sorts them (rows are interchangeable) and leaves the foundations out: they
hold exactly the cards that are in no row, and nothing ever comes back from them.

The search is best-first over every single-card move, with an exact table of the
positions seen. It keeps several queues, one per set of heuristic weights
(``SCAN_WEIGHTS``), and every new position goes into all of them; the queues take turns
(``ROTATION``) at taking out the best position they hold not yet expanded. One set of
weights often wins a deal in a few thousand positions that another needs a hundred
thousand for, and as the queues share the table, no position is ever expanded twice.
When a queue runs dry, every position it was given has been expanded, and with it
every position reachable from the start (up to the moves left out below, which lose no
win): that is the proof that the position cannot be won. The heuristic counts cards not
home, how deep the next cards for the foundations (and the ones after them) lie, cards
not one rank below the card they lie on, cards over a lower card of their own suit
(which must leave before that one can go home), empty rows (a bonus) and moves made.

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
fails for good, and the order does not matter. It is tested on each position taken from
a queue (many pushed are never taken); deals 1..200 need 2.4 times fewer positions to
prove lost with it.
"""

from __future__ import annotations

import heapq

from ..model.moves import Move, MoveKind
from ..model.rules import FOUNDATIONS, Rules
from ..model.state import State
from .compact import ColumnScores, card_code, raise_found
from .verdict import SOLVED, UNKNOWN, UNSOLVABLE, GaveUp, Outcome, Stepped, Verdict

__all__ = ["CastleSearch"]

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
# Which queue takes the next position out, in turn: the first one every other time.
ROTATION = (0, 1, 0, 2, 0, 3)


class _Scores:
    """One set of weights: a position's score, each row's share kept per foundations."""

    def __init__(self, weights: dict):
        self.weights = weights
        self.home = weights["home"]
        self.g = weights["g"]
        self.tables: dict[tuple, ColumnScores] = {}

    def score(self, rows: tuple, found: tuple, home: int, depth: int) -> float:
        table = self.tables.get(found)
        if table is None:
            table = self.tables[found] = ColumnScores(self.row_score, found)
        return sum(map(table.__getitem__, rows)) + self.home * (52 - home) + self.g * depth

    def row_score(self, row: bytes, found: tuple) -> float:
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
    """Best-first search for a win from any position of Beleaguered Castle; see the
    module notes. It serves any game of its rules (rows of the rules' ``tableau`` only,
    building down regardless of suit one card at a time, any card into an empty row,
    nothing back from the foundations), with any number of rows and any cards home,
    aces or not. ``without`` is accepted as the other searches accept it: this one only
    ever makes plain moves, so there is nothing for it to leave out."""

    def __init__(self, rules: Rules, state: State, *, max_positions: int, without=frozenset()):
        self.names = rules.tableau
        self.max_positions = max_positions
        self.safe_cache: dict[tuple, frozenset] = {}
        self.stuck_tables: dict[tuple, dict] = {}  # found -> row -> _candidates
        self.scores = [_Scores(weights) for weights in SCAN_WEIGHTS]
        # steps[row][destination]: a move as a one-move tuple, shared by the positions
        # it leads to (a row's index, or a foundation's name, as the destination)
        self.steps = [
            {
                **{target: ((name, other),) for target, other in enumerate(self.names)},
                **{home: ((name, home),) for home in FOUNDATIONS},
            }
            for name in self.names
        ]
        piles = state.piles
        rows = [bytes(card_code(card) for card in piles[name]) for name in self.names]
        found = tuple(len(piles[name]) for name in FOUNDATIONS)
        first: list = []
        found = self._settle(rows, found, first)
        self.seen = {b"\0".join(sorted(rows))}
        root = [tuple(rows), found, (None, tuple(first)), 0]
        self.queues: list[list] = [[(0, root)] for _ in self.scores]
        self.counter = 0  # ties go to the position found first
        self.turn = 0
        self.dropped = 0  # dead positions left out
        self.verdict: Verdict | None = None
        if sum(found) == 52:
            self.verdict = self._conclude(SOLVED, (None, tuple(first)))

    @property
    def positions(self) -> int:
        return len(self.seen)

    # -------------------------------------------------------------- safe moves home
    def _safe_cards(self, found: tuple) -> frozenset:
        """The cards that may go home now and are safe there (see the module notes):
        every foundation holds at least the card's rank less two cards."""
        cards = self.safe_cache.get(found)
        if cards is None:
            least = min(found)
            cards = self.safe_cache[found] = frozenset(
                (found[suit] + 1) * 4 + suit
                for suit in range(4)
                if found[suit] < 13 and least >= found[suit] - 1
            )
        return cards

    def _settle(self, rows: list, found: tuple, moves: list) -> tuple:
        """Play every safe card home (listed in ``moves``), the rows in place; return the
        new foundation counts."""
        names = self.names
        while True:
            safe = self._safe_cards(found)
            for index, row in enumerate(rows):
                if row and row[-1] in safe:
                    card = row[-1]
                    rows[index] = row[:-1]
                    moves.append((names[index], FOUNDATIONS[card & 3]))
                    found = raise_found(found, card & 3)
                    break
            else:
                return found

    def _settled(self, rows: list, found: tuple, step: tuple) -> tuple:
        """A child after ``step``: (rows, found, moves) with the safe cards home."""
        more: list = []
        found = self._settle(rows, found, more)
        return tuple(rows), found, step + tuple(more) if more else step

    # -------------------------------------------------------------- children
    def children(self, rows: tuple, found: tuple) -> list:
        """Every position one move away, settled: (rows, found, moves), the moves a tuple
        of (source, destination) pile names."""
        out = []
        append = out.append
        settled = self._settled
        safe = self._safe_cards(found)
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
        steps = self.steps
        for index, row in enumerate(rows):
            if not row:
                continue
            card = row[-1]
            suit = card & 3
            rest = row[:-1]
            # Only a move that frees a safe card or sends one home needs settling.
            freed = bool(rest) and rest[-1] in safe
            if (found[suit] + 1) * 4 + suit == card:
                new = list(rows)
                new[index] = rest
                append(settled(new, raise_found(found, suit), steps[index][FOUNDATIONS[suit]]))
            for target in by_rank.get((card >> 2) + 1, ()):
                new = list(rows)
                new[index] = rest
                new[target] = rows[target] + row[-1:]
                step = steps[index][target]
                append(settled(new, found, step) if freed else (tuple(new), found, step))
            if empty >= 0 and rest:
                new = list(rows)
                new[index] = rest
                new[empty] = row[-1:]
                step = steps[index][empty]
                append(settled(new, found, step) if freed else (tuple(new), found, step))
        return out

    # -------------------------------------------------------------- dead positions
    def _candidates(self, row: bytes, found: tuple) -> tuple:
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

    def dead(self, rows: tuple, found: tuple) -> bool:
        """Whether a bottom part of every row can never move (module notes)."""
        if b"" in rows:
            return False
        table = self.stuck_tables.setdefault(found, {})
        # A first pass without looking at the other rows: an outer card is never under
        # a card of S, so a card whose parent is one fails for good.
        outer = {row[-1] for row in rows}
        lists = []
        for row in rows:
            cands = table.get(row)
            if cands is None:
                cands = table[row] = self._candidates(row, found)
            cands = [cand for cand in cands if outer.isdisjoint(cand[2])]
            if not cands:
                return False
            lists.append(cands)
        where = {
            card: (number, index)
            for number, row in enumerate(rows)
            for index, card in enumerate(row)
        }
        height = [cands[0][0] + 1 for cands in lists]  # how many cards of each row are in S
        at = [0] * len(rows)  # each row's current candidate
        changed = True
        while changed:
            changed = False
            for number, cands in enumerate(lists):
                while not self._holds(cands[at[number]], where, height):
                    at[number] += 1
                    if at[number] == len(cands):
                        return False
                    height[number] = cands[at[number]][0] + 1
                    changed = True
        return True

    @staticmethod
    def _holds(candidate: tuple, where: dict, height: list) -> bool:
        """(a) and (b) of the module notes for the top card of a row's part of S."""
        _, _, parents, lowers = candidate
        if lowers is not None:
            for lower in lowers:
                number, index = where[lower]
                if index < height[number]:
                    break
            else:
                return False
        for parent in parents:
            number, index = where[parent]
            if index + 1 >= height[number]:
                return False
        return True

    # -------------------------------------------------------------- running
    def _advance(self) -> Verdict | None:
        outcome = self._expand()
        return None if outcome is None else self._conclude(*outcome)

    def _expand(self) -> tuple | None:
        """Take positions from the queues in turn, expanding each one not expanded yet,
        until there is a verdict, (status, the winning node or None), or the step is
        over."""
        queues, seen, scores = self.queues, self.seen, self.scores
        pop, push = heapq.heappop, heapq.heappush
        children, dead = self.children, self.dead
        counter, turn = self.counter, self.turn
        while True:
            queue = queues[ROTATION[turn % len(ROTATION)]]
            turn += 1
            while queue and queue[0][1][0] is None:
                pop(queue)  # expanded already, taken from another queue
            if not queue:
                return UNSOLVABLE, None  # every position reached was expanded
            item = pop(queue)[1]
            rows, found, node, depth = item
            item[0] = None  # expanded: the other queues skip it
            if dead(rows, found):
                self.dropped += 1
                fresh = ()
            else:
                fresh = children(rows, found)
                depth += 1
            for crows, cfound, moves in fresh:
                key = b"\0".join(sorted(crows))
                if key not in seen:
                    seen.add(key)
                    home = sum(cfound)
                    if home == 52:
                        return SOLVED, (node, moves)
                    new = [crows, cfound, (node, moves), depth]
                    counter += 1
                    for scorer, target in zip(scores, queues):
                        score = scorer.score(crows, cfound, home, depth)
                        push(target, (round(score * 16) << 40 | counter, new))
            if len(seen) >= self.max_positions:
                return UNKNOWN, None
            if len(seen) >= self.pause_at:
                self.counter, self.turn = counter, turn
                return None

    def _conclude(self, status: Outcome, node) -> Verdict:
        """The verdict, with the moves that lead to ``node`` (a win) if there is one."""
        chunks = []
        while node is not None:
            node, moves = node
            chunks.append(moves)
        moves = [
            Move(MoveKind.MOVE, src, dst, 1) for chunk in reversed(chunks) for src, dst in chunk
        ]
        for queue in self.queues:
            queue.clear()
        gave_up = GaveUp.POSITIONS if status == UNKNOWN else None
        return Verdict(status, moves, self.positions, self.seconds, gave_up)


# The search solve.py makes for the games whose definition names this module as solver.
SEARCH = CastleSearch
