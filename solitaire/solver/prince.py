"""A dedicated solver for The Prince (King Albert family) in pure Python.

A position is kept as one ``bytes`` key (``PrinceSearch.key``): the nine columns, each as
bytes of cards (a card is ``rank * 4 + suit``, suits in the order C D H S) and sorted
(columns are interchangeable), then the reserve cards still there, sorted (the slots are
never refilled, so a card's slot is known from the start), then the four foundation
counts, apart by a byte that is neither a card nor a count. The key is exact (the counts
follow from the rest), and it is all a search keeps of a position: a set of keys, or a
dict from a key to its parent's key, and a queue of ints. The moves are not kept: once a
win is found, each step of its path is found again as the child of the position before
whose key is the next one, the columns in their real order (``_moves``). A kept position
costs about 160 bytes in the dive and 200 in a scan (key, table entry, queue entry):
at ``BUDGET`` a ``--solve`` process peaks near 80 MB (400,000 would take it past 100 MB,
as the main scan's table then doubles).

Every strategy tries every single-card move (and, as shortcuts, runs moved whole through
empty columns) with an exact table of the positions it has seen. Single-card moves are
all the game has (a run moves as single-card steps), so when any one strategy has
expanded every position it has seen, every position reachable from the start has been
seen: that is the proof that the position cannot be won.

The strategies take turns (as Freecell Solver's soft threads do), each with its own
table, counted in positions kept, never in time:

- the main scan, best-first on a heuristic (cards home, how deep the next cards for the
  foundations lie, cards out of order, empty columns, cards in the reserve, moves made):
  it has the first turn (``PRELUDE``) and, once the others have had their share, all of
  the rest, so a long proof of defeat costs little more than its own positions;
- the base scan, best-first with other weights (the old first scan's);
- the dive, depth-first with each position's children tried best first by the same kind
  of heuristic: its table is a set of keys and its open list only the path it is on, so
  it is the cheapest in memory, and it wins some deals the scans need far longer for;
- one more best-first scan.

The others together keep ``EARLY_SHARE`` of the positions until the main scan keeps
``STALL``, then ``LATE_SHARE`` of the further ones: their quick wins come early if at all.
On held-in deals each of them wins some deals in a few thousand positions that the main
scan needs a hundred thousand for; and each is complete on its own, so nothing they do
can make a proof wrong.

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
test each position they take from their queues when the move to it went between the
tableau and the reserve (a move to or from a foundation never made a dead position in
our measurements; leaving the test out anywhere only prunes less). The test shortens a
proof by 10 to 25 % of its positions but costs about as much time as it saves (a quarter
of an expansion on most positions), so it pays in memory, not speed: the scans, which
keep the most per position, make it, and the dive does not.

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
"""

from __future__ import annotations

import heapq

from ..model.moves import Move, MoveKind
from ..model.rules import FOUNDATIONS, Rules
from ..model.state import State
from ..model.vocabulary import Build
from .compact import BYTE, OPPOSITE, RED, SAME, ColumnScores, card_code, raise_found
from .verdict import SOLVED, UNKNOWN, UNSOLVABLE, GaveUp, Outcome, Stepped, Verdict

__all__ = ["PrinceSearch"]

COLUMNS = tuple(f"t{number}" for number in range(1, 10))
RESERVE = tuple(f"r{number}" for number in range(1, 8))

# The step's end and the budget are checked after this many expanded positions.
CHECK_EVERY = 16
# The scans' heuristic weights (lower scores first): cards not home, how deep the cards
# the foundations take next (and the ones after them) lie, cards not on their parent,
# empty columns (a bonus), cards left in the reserve, moves made so far. Each set of
# weights wins some deals in a few hundred positions that the others need 100,000 for.
_BASE = {"home": 3, "depth": 1, "depth2": 0.3, "breaks": 1, "empty": 3, "reserve": 0.5, "g": 1}
MAIN_WEIGHTS = {**_BASE, "g": 2, "empty": 6}  # the main scan's
OTHER_WEIGHTS = (_BASE, {**_BASE, "breaks": 0.5})  # the other scans'
DIVE_WEIGHTS = _BASE
SCALE = 10  # scores are whole numbers: the weights times SCALE
OFFSET = 1 << 12  # added to every score, so that none is negative
SERIALS = (1 << 32) - 1  # a scan's serial numbers take 32 bits of a queue entry
SEP = b"?"  # parts apart in a key: neither a card (4..55) nor a count (0..13)
CACHE_LIMIT = 100_000  # entries a cache of column facts may hold before it is cleared
BUDGET = 350_000  # positions (kept by all the strategies together) before "unknown"
PRELUDE = 2000  # positions the main scan expands alone at the start
QUOTA = 200  # positions a strategy expands in its turn
# The others' share of the positions kept (all of them together): EARLY_SHARE until the
# main scan keeps STALL positions, LATE_SHARE of the further ones.
EARLY_SHARE = 0.35
STALL = 15_000
LATE_SHARE = 0.05


def _raise_found(found: tuple, suit: int, step: int = 1) -> tuple:
    changed = list(found)
    changed[suit] += step
    return tuple(changed)


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

        def safe(found: tuple, suit: int, rank: int) -> bool:
            o1, o2 = OPPOSITE[suit]
            return found[o1] >= rank - 2 and found[o2] >= rank - 2 and found[SAME[suit]] >= rank - 3

    elif build == Build.RANK:

        def safe(found: tuple, suit: int, rank: int) -> bool:
            return all(found[other] >= rank - 2 for other in range(4) if other != suit)

    else:

        def safe(found: tuple, suit: int, rank: int) -> bool:
            return True

    return safe


class _Strategy:
    """What the strategies share: a table of the positions they have seen (their keys),
    the work done in the turns so far, and the dead positions left out."""

    def __init__(self, search: PrinceSearch, test_dead: bool):
        self.search = search
        self.spent = 0  # positions expanded in the current turn
        self.expanded = 0  # positions expanded in all, over the finished turns
        self.dropped = 0  # dead positions left out
        self.test_dead = test_dead  # whether to leave dead positions out (see the notes)
        self.exhausted = False  # every position it has seen is expanded: no win
        self.found: list | None = None  # the keys from the start to a win, once found

    def stored(self) -> int:
        raise NotImplementedError


class _Scan(_Strategy):
    """One best-first search: its own queue, weights and table of positions seen.

    The table maps each position's key to its parent's key (the start's to None), the
    queue holds ints, the score, then the position's serial number (an index into
    ``keys``), its depth and whether to test it for a dead end, so that a position waits
    in the queue as 8 bytes and a small int. Every scan tries every move, so each one on
    its own is complete: when its queue runs dry, every position reachable from the start
    has been seen, which proves that there is no win.
    """

    def __init__(self, search: PrinceSearch, weights: dict, root: bytes, test_dead: bool):
        super().__init__(search, test_dead)
        self.weights = {name: round(value * SCALE) for name, value in weights.items()}
        self.tables: dict[tuple, ColumnScores] = {}
        self.parent: dict[bytes, bytes | None] = {root: None}
        self.keys = [root]
        self.heap = [0]  # the start: score 0, serial 0, depth 0, not tested

    def stored(self) -> int:
        return len(self.parent)

    def column_score(self, col: bytes, found: tuple) -> int:
        """A column's share of the heuristic (in 1/SCALE)."""
        w = self.weights
        if not col:
            return -w["empty"]
        fits = self.search.fits
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

    def expand(self, quota: int) -> None:
        """Expand positions until ``quota`` are done, the queue is empty or the step is
        over; a win found is left in ``found``."""
        search = self.search
        heap, parent, keys, tables = self.heap, self.parent, self.keys, self.tables
        pop, push = heapq.heappop, heapq.heappush
        children, dead, decode = search.children, search.dead, search.decode
        make_key = search.key
        test_dead = self.test_dead
        w = self.weights
        w_home, w_reserve, w_g = w["home"], w["reserve"], w["g"]
        column_score = self.column_score
        spent = self.spent
        serial = len(keys)
        while heap and spent < quota:
            entry = pop(heap)
            spent += 1
            key = keys[entry >> 11 & SERIALS]
            cols, reserve, found = decode(key)
            if entry & 1 and test_dead and dead(cols, found):
                self.dropped += 1  # tested only now: many positions pushed are never taken
            else:
                depth = (entry >> 1 & 1023) + 1
                low = depth if depth < 1024 else 1023
                for ccols, creserve, cfound, moves in children(cols, reserve, found):
                    child = make_key(ccols, creserve, cfound)
                    if child in parent:
                        continue
                    parent[child] = key
                    home = cfound[0] + cfound[1] + cfound[2] + cfound[3]
                    if home == 52:
                        self.found = self.path(child)
                        self.spent = spent
                        return
                    table = tables.get(cfound)
                    if table is None:
                        table = tables[cfound] = ColumnScores(column_score, cfound)
                    score = (
                        OFFSET
                        + sum(map(table.__getitem__, ccols))
                        + w_home * (52 - home)
                        + w_reserve * len(creserve)
                        + w_g * depth
                    )
                    keys.append(child)
                    laid = moves[0][0][0] != "f" != moves[0][1][0]  # between tableau piles
                    push(heap, ((score << 32 | serial) << 10 | low) << 1 | laid)
                    serial += 1
            if spent % CHECK_EVERY == 0:
                positions = search.positions
                if positions >= search.pause_at or positions >= search.max_positions:
                    break
        self.spent = spent
        if not heap:
            self.exhausted = True

    def path(self, key: bytes | None) -> list:
        keys = []
        parent = self.parent
        while key is not None:
            keys.append(key)
            key = parent[key]
        return keys[::-1]

    def clear(self) -> None:
        self.heap.clear()
        self.tables.clear()


class _Dive(_Strategy):
    """A depth-first search that tries the children of a position in the order of a
    heuristic (the best first): its table is a plain set of keys and its open list the
    path it is on, each step with the children left to try. When its stack empties,
    every position reachable from the start has been seen: the proof of defeat."""

    def __init__(self, search: PrinceSearch, weights: dict, root: bytes, test_dead: bool):
        super().__init__(search, test_dead)
        self.order = _Scan(search, weights, root, False)  # only for its column scores
        self.seen = {root}
        # per depth: the children to try, best first, as (score, key, whether to test it)
        self.stack = [[(0, root, False)]]
        self.index = [0]  # per depth: the next child to try

    def stored(self) -> int:
        return len(self.seen)

    def expand(self, quota: int) -> None:
        search = self.search
        seen, stack, index = self.seen, self.stack, self.index
        children, dead, decode = search.children, search.dead, search.decode
        make_key = search.key
        tables = self.order.tables
        column_score = self.order.column_score
        w = self.order.weights
        w_home, w_reserve = w["home"], w["reserve"]
        test_dead = self.test_dead
        spent = self.spent
        while spent < quota:
            if not stack:
                self.exhausted = True
                break
            frame = stack[-1]
            at = index[-1]
            if at == len(frame):
                stack.pop()
                index.pop()
                continue
            index[-1] = at + 1
            _, key, laid = frame[at]
            spent += 1
            cols, reserve, found = decode(key)
            if laid and test_dead and dead(cols, found):
                self.dropped += 1
            else:
                kids = []
                for ccols, creserve, cfound, moves in children(cols, reserve, found):
                    child = make_key(ccols, creserve, cfound)
                    if child in seen:
                        continue
                    seen.add(child)
                    home = cfound[0] + cfound[1] + cfound[2] + cfound[3]
                    if home == 52:
                        self.found = [f[i - 1][1] for f, i in zip(stack, index)] + [child]
                        self.spent = spent
                        return
                    table = tables.get(cfound)
                    if table is None:
                        table = tables[cfound] = ColumnScores(column_score, cfound)
                    score = (
                        sum(map(table.__getitem__, ccols))
                        + w_home * (52 - home)
                        + w_reserve * len(creserve)
                    )
                    kids.append((score, child, moves[0][0][0] != "f" != moves[0][1][0]))
                if kids:
                    kids.sort()
                    stack.append(kids)
                    index.append(0)
            if spent % CHECK_EVERY == 0:
                positions = search.positions
                if positions >= search.pause_at or positions >= search.max_positions:
                    break
        self.spent = spent

    def clear(self) -> None:
        self.stack.clear()
        self.index.clear()
        self.order.clear()


class _Padded(dict):
    """Column -> the column padded to 32 bytes with a byte that is no card: joined, the
    padded columns hold the card at index ``j`` of column ``i`` at offset ``i << 5 | j``
    (columns never reach 32 cards: nine dealt at most, and a run from a queen down on them).
    """

    __slots__ = ()

    def __missing__(self, col: bytes) -> bytes:
        value = self[col] = col + b"\x3f" * (32 - len(col))
        return value


class PrinceSearch(Stepped):
    """Several searches for a win from any position of The Prince, taking turns; see the
    module notes.

    ``without`` is accepted as the other searches accept it: this one only ever makes
    plain moves (never a lay-off), so there is nothing for it to leave out.
    """

    def __init__(
        self,
        rules: Rules,
        state: State,
        *,
        max_positions: int = BUDGET,
        without: frozenset = frozenset(),
    ):
        self.max_positions = max_positions
        self.fits = _builds_table(rules.build)
        self.safe = _safe_rule(rules.build)
        self.safe_cache: dict[tuple, frozenset] = {}
        self.home_cache: dict[tuple, frozenset] = {}
        self.found_bytes: dict[tuple, bytes] = {}
        self.found_of: dict[bytes, tuple] = {}
        self.runs: dict[bytes, int] = {}
        self.stuck_tables: dict[tuple, dict] = {}  # found -> column -> _candidates
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
        piles = state.piles
        cols = [bytes(card_code(card) for card in piles[name]) for name in COLUMNS]
        self.slot_of = {card_code(piles[name][-1]): name for name in RESERVE if piles[name]}
        reserve = bytes(sorted(self.slot_of))
        found = tuple(len(piles[name]) for name in FOUNDATIONS)
        first: list = []
        found, reserve = self._play_first_ace(cols, reserve, found, first)
        found, reserve = self._settle(cols, reserve, found, first)
        self.start = (tuple(cols), reserve, found, first)  # in the columns' real order
        root = self.key(tuple(cols), reserve, found)
        main, base, *others = (_Scan(self, w, root, True) for w in (MAIN_WEIGHTS, *OTHER_WEIGHTS))
        others[0].test_dead = False
        self.strategies: list[_Scan | _Dive] = [
            main,
            base,
            _Dive(self, DIVE_WEIGHTS, root, False),
            *others,
        ]
        self.turn = 0
        # (strategy, quota) of a turn cut short by the end of a step
        self.current: tuple[_Scan | _Dive, int] | None = None
        self.verdict: Verdict | None = None
        if sum(found) == 52:
            self.verdict = self._finish(SOLVED, [root])

    @property
    def positions(self) -> int:
        return sum(strategy.stored() for strategy in self.strategies)

    # -------------------------------------------------------------- positions as bytes
    def key(self, cols: tuple, reserve: bytes, found: tuple) -> bytes:
        """A position as bytes, blind to the order of the columns: the columns sorted,
        the reserve and the foundation counts, apart by a byte that is no card and no
        count (the counts are implied by the rest, so the key is still exact)."""
        counts = self.found_bytes.get(found)
        if counts is None:
            counts = self.found_bytes[found] = bytes(found)
            self.found_of[counts] = found
        parts = sorted(cols)
        parts.append(reserve)
        parts.append(counts)
        return SEP.join(parts)

    def decode(self, key: bytes) -> tuple:
        """The position (columns, reserve, foundation counts) a key stands for."""
        parts = key.split(SEP)
        return tuple(parts[:9]), parts[9], self.found_of[parts[10]]

    # -------------------------------------------------------------- safe moves home
    def _safe_cards(self, found: tuple) -> frozenset:
        """The cards that may go home now and that nothing can need any more."""
        cards = self.safe_cache.get(found)
        if cards is None:
            cards = self.safe_cache[found] = frozenset(
                (found[suit] + 1) * 4 + suit
                for suit in range(4)
                if found[suit] < 13 and self.safe(found, suit, found[suit] + 1)
            )
        return cards

    def _play_first_ace(self, cols: list, reserve: bytes, found: tuple, moves: list) -> tuple:
        """A free ace the engine has not laid off yet (in a position set up by hand) must
        be played by the player: the engine lays off the others after that move.
        Returns the new foundation counts and reserve."""
        for index, col in enumerate(cols):
            if col and col[-1] < 8:
                cols[index] = col[:-1]
                moves.append((COLUMNS[index], FOUNDATIONS[col[-1] & 3], 1))
                return _raise_found(found, col[-1] & 3), reserve
        if reserve and reserve[0] < 8:
            card = reserve[0]
            moves.append((self.slot_of[card], FOUNDATIONS[card & 3], 1))
            return _raise_found(found, card & 3), reserve[1:]
        return found, reserve

    def _settle(self, cols: list, reserve: bytes, found: tuple, moves: list) -> tuple:
        """Play the free aces home (the engine does, unlisted) and every safe card (listed
        moves), the columns in place; return the new foundation counts and reserve."""
        while True:
            found, reserve = self._lay_aces(cols, reserve, found)
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
            found = _raise_found(found, card & 3)

    @staticmethod
    def _lay_aces(cols: list, reserve: bytes, found: tuple) -> tuple:
        while reserve and reserve[0] < 8:  # sorted: aces first
            found = _raise_found(found, reserve[0] & 3)
            reserve = reserve[1:]
        laid = True
        while laid:
            laid = False
            for index, col in enumerate(cols):
                if col and col[-1] < 8:
                    cols[index] = col[:-1]
                    found = _raise_found(found, col[-1] & 3)
                    laid = True
        return found, reserve

    def _home_cards(self, found: tuple) -> frozenset:
        """The foundation cards from the twos up, the ones that count as able to come
        back onto a card from the reserve (see ``children``)."""
        cards = self.home_cache.get(found)
        if cards is None:
            cards = self.home_cache[found] = frozenset(
                rank * 4 + suit for suit in range(4) for rank in range(2, found[suit] + 1)
            )
        return cards

    # -------------------------------------------------------------- dead positions
    def _candidates(self, col: bytes, found: tuple) -> tuple:
        """The cards of the column that could be the top of its stuck part, from the top
        down, as (index, card, need, lowers): ``need`` the cards it could lie on that are
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
                out.append((index, card, frozenset(need), lowers and tuple(lowers)))
        return tuple(out)

    def dead(self, cols: tuple, found: tuple) -> bool:
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
        tops = {col[-1] for col in cols}
        lists = []
        starts = []
        for col in cols:
            cands = table.get(col)
            if cands is None:
                cands = table[col] = self._candidates(col, found)
            for at, (_, _, need, _) in enumerate(cands):
                if tops.isdisjoint(need):
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

        def closed(card: int) -> bool:
            """Whether the card can never be at the top of a column: it lies in the stuck
            part under a stuck card, or it is in the reserve or at home and every card it
            could come down onto is closed too."""
            place = find(card)
            if place >= 0:
                return (place & 31) + 1 < height[place >> 5]
            for parent in parents[card]:
                if not closed(parent):
                    return False
            return True

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
                                if not closed(parent):
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

    def children(self, cols: tuple, reserve: bytes, found: tuple) -> list:
        """Every position one move away, settled: (cols, reserve, found, moves), the
        columns as a list.

        Every single-card move is among them (into the first empty column only), and so
        are runs moved as a whole as far as the empty columns allow, which the engine
        carries out as single-card steps: shortcuts that steer the search better. A child
        settles (``_settle``) when its move freed an ace or a safe card, or sent one home
        (then other cards may have become safe).
        """
        out: list[tuple] = []
        append = out.append
        settle = self._settle
        runs = self.runs
        safe = self.safe_cache.get(found)
        if safe is None:
            safe = self._safe_cards(found)
        empties = cols.count(b"")
        empty = cols.index(b"") if empties else -1
        onto_card = 1 << empties  # the longest run that may move onto a card
        into_empty = 1 << (empties - 1) if empties else 0
        wanted: dict[int, list] = {}  # card -> the columns whose top card takes it
        takers = self.takers
        for target, col in enumerate(cols):
            if col:
                for card in takers[col[-1]]:
                    targets = wanted.get(card)
                    if targets is None:
                        wanted[card] = [target]
                    else:
                        targets.append(target)

        for index, col in enumerate(cols):
            if not col:
                continue
            src = COLUMNS[index]
            card = col[-1]
            suit = card & 3
            if (found[suit] + 1) * 4 + suit == card:
                new_cols = list(cols)
                new_cols[index] = col[:-1]
                moves = [(src, FOUNDATIONS[suit], 1)]
                new_found, new_reserve = settle(new_cols, reserve, raise_found(found, suit), moves)
                append((new_cols, new_reserve, new_found, moves))
            run = runs.get(col) or self._run_length(col)
            for count in range(1, min(onto_card, run) + 1):
                targets = wanted.get(col[-count])
                if targets is None:
                    continue
                rest = col[:-count]
                moved = col[-count:]
                exposed = rest[-1] if rest else 0
                for target in targets:
                    new_cols = list(cols)
                    new_cols[index] = rest
                    new_cols[target] = cols[target] + moved
                    moves = [(src, COLUMNS[target], count)]
                    if exposed and (exposed < 8 or exposed in safe):
                        new_found, new_reserve = settle(new_cols, reserve, found, moves)
                        append((new_cols, new_reserve, new_found, moves))
                    else:
                        append((new_cols, reserve, found, moves))
            if empty >= 0 and len(col) > 1:
                most = min(run, into_empty, len(col) - 1)
                for count in (1, most) if most > 1 else (1,):
                    new_cols = list(cols)
                    new_cols[index] = rest = col[:-count]
                    new_cols[empty] = col[-count:]
                    moves = [(src, COLUMNS[empty], count)]
                    exposed = rest[-1]
                    if exposed < 8 or exposed in safe:
                        new_found, new_reserve = settle(new_cols, reserve, found, moves)
                        append((new_cols, new_reserve, new_found, moves))
                    else:
                        append((new_cols, reserve, found, moves))

        # A card that comes down from the reserve or a foundation is of use only once a
        # card lies on it (see the module notes): one that could, now or later, must be
        # at the top of a column, in the reserve or on a foundation (from the two up).
        home: frozenset | None = None  # the cards at home from the twos up, once needed
        tops: set = set()  # and then the cards at the top of a column
        for card in reserve:
            src = self.slot_of[card]
            new_reserve = reserve.replace(BYTE[card], b"")
            suit = card & 3
            if (found[suit] + 1) * 4 + suit == card:
                new_cols = list(cols)
                moves = [(src, FOUNDATIONS[suit], 1)]
                new_found, newer = settle(new_cols, new_reserve, raise_found(found, suit), moves)
                append((new_cols, newer, new_found, moves))
            if empty < 0 and card not in wanted:
                continue  # nowhere to go in the tableau
            if home is None:
                home = self._home_cards(found)
                tops = {col[-1] for col in cols if col}
            for taker in takers[card]:
                if taker in home or taker in reserve or taker in tops:
                    break
            else:
                continue  # nothing could ever lie on it
            for target in wanted.get(card, ()):
                new_cols = list(cols)
                new_cols[target] = cols[target] + BYTE[card]
                append((new_cols, new_reserve, found, [(src, COLUMNS[target], 1)]))
            if empty >= 0:
                new_cols = list(cols)
                new_cols[empty] = BYTE[card]
                append((new_cols, new_reserve, found, [(src, COLUMNS[empty], 1)]))

        # Nothing becomes safe when a foundation gives a card back: no settling.
        for suit, rank in enumerate(found):
            if rank < 3:
                continue  # aces stay home, and nothing can ever lie on a two
            lowered = _raise_found(found, suit, -1)
            if self.safe(lowered, suit, rank):
                continue  # it would go straight home again: the position before
            card = rank * 4 + suit
            src = FOUNDATIONS[suit]
            for target in wanted.get(card, ()):
                new_cols = list(cols)
                new_cols[target] = cols[target] + BYTE[card]
                append((new_cols, reserve, lowered, [(src, COLUMNS[target], 1)]))
            if empty >= 0:
                new_cols = list(cols)
                new_cols[empty] = BYTE[card]
                append((new_cols, reserve, lowered, [(src, COLUMNS[empty], 1)]))
        return out

    # -------------------------------------------------------------- running
    def _advance(self) -> Verdict | None:
        while True:
            if self.current is not None:  # a turn cut short by the end of a step
                strategy, quota = self.current
            else:
                strategy, quota = self._next_turn()
            strategy.expand(quota)
            if strategy.found is not None:
                return self._finish(SOLVED, strategy.found)
            if strategy.exhausted:
                return self._finish(UNSOLVABLE, None)
            if self.positions >= self.max_positions:
                return self._finish(UNKNOWN, None)
            if strategy.spent < quota:  # the step ended in the middle of its turn
                self.current = strategy, quota
                return None
            strategy.expanded += strategy.spent
            strategy.spent = 0
            self.current = None
            self.turn += 1
            self._trim_caches()
            if self.positions >= self.pause_at:
                return None

    def _next_turn(self) -> tuple:
        """Whose turn it is, and for how many positions (see the module notes): the main
        scan's while the others together keep less than their share of the positions."""
        main, *others = self.strategies
        if self.turn == 0:
            return main, PRELUDE
        first = main.stored()
        allowance = EARLY_SHARE / (1 - EARLY_SHARE) * min(first, STALL)
        if first > STALL:
            allowance += LATE_SHARE / (1 - LATE_SHARE) * (first - STALL)
        if sum(other.stored() for other in others) <= allowance:
            return min(others, key=lambda other: other.stored()), QUOTA
        return main, QUOTA

    def _trim_caches(self) -> None:
        """Forget the caches of column facts when they grow large (they are rebuilt as
        needed: this changes no answer)."""
        if len(self.runs) > CACHE_LIMIT:
            self.runs.clear()
        if len(self.padded) > CACHE_LIMIT:
            self.padded.clear()
        if sum(map(len, self.stuck_tables.values())) > CACHE_LIMIT:
            self.stuck_tables.clear()
        for strategy in self.strategies:
            tables = strategy.order.tables if isinstance(strategy, _Dive) else strategy.tables
            if sum(map(len, tables.values())) > CACHE_LIMIT:
                tables.clear()

    def _moves(self, path: list) -> list:
        """The moves from the start along ``path`` (keys), the columns in their real order:
        each step is the child of the one before whose key is the next one on the path."""
        cols, reserve, found, moves = self.start
        moves = list(moves)
        for key in path[1:]:
            for ccols, creserve, cfound, cmoves in self.children(cols, reserve, found):
                if self.key(ccols, creserve, cfound) == key:
                    cols, reserve, found = ccols, creserve, cfound
                    moves += cmoves
                    break
            else:
                raise AssertionError("a step of the path is no move")
        return moves

    def _finish(self, status: Outcome, path: list | None) -> Verdict:
        moves = []
        if path is not None:
            moves = [Move(MoveKind.MOVE, src, dst, count) for src, dst, count in self._moves(path)]
        for strategy in self.strategies:
            strategy.clear()
        gave_up = GaveUp.POSITIONS if status == UNKNOWN else None
        return Verdict(status, moves, self.positions, self.seconds, gave_up)


# The search solve.py makes for the games whose definition names this module as solver.
SEARCH = PrinceSearch
