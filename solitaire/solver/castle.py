"""Beleaguered Castle: a family of the solver core (``core.py``).

A position is (rows, foundation counts, key) while it is looked at, and kept as its key,
one ``bytes``: the four foundation counts, then the rows, sorted (rows are
interchangeable) and parted by a zero byte, each from its first card to its outer card,
the one that moves (a card is ``rank * 4 + suit``, suits in the order C D H S). The key
is all there is of a position (the foundations could even be told from the rows: they
hold exactly the cards in no row, and nothing comes back from them), so the family is
``compact``: the core keeps a position's key and serial, and rebuilds it from the key
when a walk takes it. The moves are not kept: the core finds each step of a win again as
the successor with the next key, from the start's rows in their real order, and
``_moves_of`` names its engine moves.

Two walks of the core take turns, counted in positions expanded (``_next_turn``: the
dive while it keeps less than ``DIVE_RATIO`` of the queues' positions and
``DIVE_SHARE`` of the budget), each marking the positions it visits:

- Best-first over one frontier with four weightings (the core's ``Walk.QUEUES``): four
  queues, one per set of heuristic weights (``SCAN_WEIGHTS``), take turns
  (``ROTATION``) at giving their best position not expanded yet (of equal scores, in
  quarters of a unit, the first found). One set of weights often wins a deal in a few
  thousand positions that another needs a hundred thousand for. Every position the walk
  finds goes into every queue and is expanded once, by whichever queue gives it first.
  The heuristic counts cards not home, how deep the next cards for the foundations (and
  the ones after them) lie, cards not one rank below the card they lie on, cards over a
  lower card of their own suit (which must leave before that one can go home), empty
  rows (a bonus) and moves made (the walk's depth cost). A position's four scores are one
  packed sum of each row's share (``FIELD`` bits each), so it is scored in one pass.
- Depth-first in the plain order of the single-card moves (row by row: home, onto another
  row, into an empty row; the core's dive, not ``ordered``, making ``_single_moves``). It
  wins some deals in a few thousand positions where the queues find nothing in 300,000
  (322019), and the other way round. With the runs moved whole (below) it wandered
  elsewhere: 681742 out of reach of the budget, 175047 four times the positions; so the
  runs are the queues' alone.
  Each walk marks its own positions: sharing the queues' frontier made both worse, as
  each took the positions the other would have gone on with.

Each walk is complete on its own: when one has expanded every position it found, it has
seen every position reachable from the start, up to the moves left out below, which lose
no win; that is the proof that the position cannot be won.

A long win is then made short (the core's ``shorten_over``): a breadth-first walk from
the start through the positions the winning walk went through (the dive's found, the
queues' expanded) finds the line of fewest steps to the win among them. The dive's own
line wanders (deal 681742: 14,597 moves, far over what a game keeps); through the same
positions the walk finds one of 282. The queues' lines are seldom much longer than the
shortest (their depth cost sees to it), so a line of up to ``SHORTEN_OVER`` steps is
kept as it is.

Moves added as shortcuts for the queues (``_runs``), while an empty row is there: a run
of cards each one rank below the one under it moved whole, one card at a time through the
empty rows (``_run_moves``: up to two cards with one empty row, four with two, eight with
three), onto a card one rank above its first, or into an empty row when it has fewer
cards than there are empty rows. Each is a line of single-card moves, which are all tried too, so a
proof neither gains nor loses by them; a win takes fewer steps, and the walks find it
sooner (deal 600046: unknown after 400,000 positions without them, won in 82,000 with).

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

Speed, the positions unchanged (identical verdicts, position counts and lines on deals
600001..600030; the dead-end test's answers equal the old loops' on 233,671 positions of
seven deals): S and the cards of S under another are kept as bit sets of card codes, and
each candidate carries its parents, lower cards and part as bits, so (a) and (b) are two
ANDs (deal 500139's proof, where half the positions tested reach the shrinking, 2.6 s
down to 1.9 s); the rows' candidates are looked up only as far as the first row that
fails the first pass, the row that failed last first; the safe cards, the next cards
and the raised counts come in one lookup per foundation state, the targets from a list
by rank. Tried and left: the rows of the first pass taken last to first (no gain), the
cards found by ``bytes.find`` instead of a table of where each lies (no gain), testing
no position reached by a card going home (never dead on 600150 and 600135, but only
2,139 of 65,000 tests), and the dive's share of the budget cut to 0.15 or 0.10 (the same
deals of 600001..600200 settled; with 0.10, 500138 no longer settled within 2 s, and
681742, won by the dive after 65,000 of its positions, out of reach of the budget).
"""

from __future__ import annotations

from functools import partial, partialmethod
from operator import itemgetter

from ..model.moves import Move, MoveKind
from ..model.rules import FOUNDATIONS, Rules
from ..model.state import State
from .compact import ColumnScores, card_code
from .core import Core, Strategy, Walk

__all__ = ["BUDGET", "CastleSearch"]

# Positions a search may visit before it answers "unknown" (the table's partner and
# --solve alike): a --solve process that reaches it peaks at about 91 MB. Past 349,525
# positions the core's table of keys doubles (to 105 MB at 360,000).
BUDGET = 340_000

# The queues' heuristic weights (lower scores first): cards not home, how deep the next
# card of each suit lies (and the one after it), cards not one rank below the card they
# lie on, cards over a lower card of their suit, empty rows (a bonus). Each move made
# costs one unit more in every queue (``DEPTH_COST``).
_BASE = {"home": 5, "depth": 1, "depth2": 0.3, "breaks": 1, "knots": 1, "empty": 3}
SCAN_WEIGHTS = (
    _BASE,
    {**_BASE, "empty": 6},
    {**_BASE, "knots": 2, "depth": 2},
    {**_BASE, "home": 8, "breaks": 2},
)
# Which queue gives the walk its next position: the first every other time.
ROTATION = (0, 1, 0, 2, 0, 3)
TURN = 100  # positions a walk expands in its turn
# The dive has turns while it keeps less than DIVE_RATIO of the queues' positions and
# DIVE_SHARE of the budget.
DIVE_RATIO = 0.5
DIVE_SHARE = 0.25

FIELD = 32  # bits of one queue's score in the packed sum of all four
MASK = (1 << FIELD) - 1
SCALE = 16  # scores are kept as whole sixteenths
ROW_OFFSET = 256  # added to each row's share, so that an empty row's bonus stays positive
COARSE = 2  # a queue orders positions by quarters of a unit of score (then the first found first)
LANE = MASK >> COARSE
SHIFTS = tuple(FIELD * number + COARSE for number in range(len(SCAN_WEIGHTS)))
DEPTH_COST = SCALE >> COARSE  # a move made: one unit, in quarters
# A line of more steps than this is walked to again, the shortest way through the
# positions the walk that found it went through: the dive's line wanders (deal 681742:
# 14,597 moves), the queues' is seldom much longer than the shortest.
SHORTEN_OVER = 150

ALL_HOME = bytes((13, 13, 13, 13))
JOIN = b"\0".join  # a key's rows are parted by a zero byte (no card has rank 0)


def _pack(values) -> int:
    """Four queues' scores as one int, FIELD bits each: sums of packs add field by field."""
    return sum(value << (FIELD * number) for number, value in enumerate(values))


def _run_moves(length: int, source: str, target: str, spares: list) -> list:
    """A run of ``length`` cards moved one card at a time from ``source`` to ``target``
    through the empty rows ``spares`` (up to ``2 ** len(spares)`` cards): the upper part
    to the first spare through the others, the rest to the target through the others,
    then the upper part onto it."""
    if length == 1:
        return [(source, target)]
    upper = min(length - 1, 1 << (len(spares) - 1))
    first, others = spares[0], spares[1:]
    return (
        _run_moves(upper, source, first, others)
        + _run_moves(length - upper, source, target, others)
        + _run_moves(upper, first, target, others)
    )


def _row_scores(weights: list, row: bytes, found: bytes) -> int:
    """A row's share of the four queues' scores, packed."""
    return _pack(round(w.row_score(row, found) * SCALE) + ROW_OFFSET for w in weights)


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


class CastleSearch(Core[tuple]):
    """Two walks of the solver core, taking turns, for a win from any position of
    Beleaguered Castle; see the module notes. A position is (rows, foundation counts),
    the rows a list of ``bytes`` and the counts ``bytes``. It serves any game of its rules
    (rows of the rules' ``tableau`` only, building down regardless of suit one card at a
    time, any card into an empty row, nothing back from the foundations), with any number
    of rows and any cards home, aces or not. ``without`` is accepted as the other searches
    accept it: this one only ever makes plain moves, so there is nothing for it to leave
    out."""

    strategies = (
        Strategy(Walk.DIVE, TURN, ordered=False, moves="_single_moves"),
        Strategy(Walk.QUEUES, TURN, "_values", DEPTH_COST, rotation=ROTATION),
    )
    compact = True  # a key holds the whole position (``_unpack_key``)
    shorten_over = SHORTEN_OVER

    def __init__(
        self, rules: Rules, state: State, *, max_positions: int = BUDGET, without=frozenset()
    ):
        self.names = rules.tableau
        # found -> (safe cards, next cards, the counts raised by one card of each suit)
        self.card_cache: dict[bytes, tuple] = {}
        self.stuck_tables: dict[bytes, dict] = {}  # found -> row -> _candidates
        self.failed = b""  # the row that failed the dead-end test's first pass last
        # found -> (row -> packed scores, as a function; the packed score of the cards
        # not home)
        self.score_tables: dict[bytes, tuple] = {}
        self.weights = [_Weights(weights) for weights in SCAN_WEIGHTS]
        # (a function of the weights, not a method: the search is in no cycle, and is let
        # go at once when dropped)
        self.row_scores = partial(_row_scores, self.weights)
        self.home_packed = _pack(round(w["home"] * SCALE) for w in SCAN_WEIGHTS)
        piles = state.piles
        rows = [bytes(card_code(card) for card in piles[name]) for name in self.names]
        found = bytes(len(piles[name]) for name in FOUNDATIONS)
        first: list = []
        found = self._settle(rows, found, first)
        self.first = [Move(MoveKind.MOVE, src, dst, 1) for src, dst in first]
        super().__init__((rows, found, found + JOIN(sorted(rows))), max_positions=max_positions)

    # -------------------------------------------------------------- the core's hooks
    # (an itemgetter, called with the position alone: faster than a method)
    _key = itemgetter(2)  # type: ignore[assignment]

    def _unpack_key(self, key: bytes) -> tuple:
        return key[4:].split(b"\0"), key[:4], key

    def _won(self, position: tuple) -> bool:
        return position[1] == ALL_HOME

    def _values(self, position: tuple) -> tuple:
        """How promising a position looks to each queue (higher first): less its score by
        the queue's weights, in quarters of a unit (``SCAN_WEIGHTS``, moves made aside:
        they are the walk's depth cost)."""
        rows, found, _ = position
        tables = self.score_tables.get(found)
        if tables is None:
            tables = self.score_tables[found] = (
                ColumnScores(self.row_scores, found).__getitem__,
                (52 - sum(found)) * self.home_packed,
            )
        share, away = tables
        total = sum(map(share, rows), away)
        return (
            -(total >> SHIFTS[0] & LANE),
            -(total >> SHIFTS[1] & LANE),
            -(total >> SHIFTS[2] & LANE),
            -(total >> SHIFTS[3] & LANE),
        )

    def _next_turn(self) -> tuple[int, int]:
        """The dive first, then each walk in turn while the dive keeps less than
        ``DIVE_RATIO`` of the queues' positions and ``DIVE_SHARE`` of the budget; then
        the queues alone."""
        self.turns += 1
        dive, queues = self.walks
        if self.turns == 1 or (
            dive.visits < DIVE_SHARE * self.max_positions
            and dive.visits < DIVE_RATIO * queues.visits
        ):
            return 0, TURN
        return 1, TURN

    def _moves_of(self, macro: tuple) -> list[Move]:
        """A move of ``_successors`` (the rows and counts it was made from, the row it
        takes its cards from, the row they go to or -1 for home, and how many) as engine
        moves: single cards (a run through the empty rows), then the safe cards home."""
        rows, found, index, target, length = macro
        names = self.names
        new = list(rows)
        card = rows[index][-1]
        new[index] = rows[index][:-length]
        if target < 0:
            moves = [(names[index], FOUNDATIONS[card & 3])]
            found = _raise(found, card & 3)
        else:
            spares = [names[at] for at, row in enumerate(rows) if not row and at != target]
            moves = _run_moves(length, names[index], names[target], spares)
            new[target] = rows[target] + rows[index][-length:]
        self._settle(new, found, moves)
        return [Move(MoveKind.MOVE, src, dst, 1) for src, dst in moves]

    def line_to(self, serial: int) -> list[Move]:
        return self.first + super().line_to(serial)

    # -------------------------------------------------------------- safe moves home
    def _cards(self, found: bytes) -> tuple:
        """(the cards that may go home now and are safe there, see the module notes;
        the cards that may go home now; the counts after one more card of each suit,
        None for a suit all home)."""
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
                tuple(_raise(found, suit) if found[suit] < 13 else None for suit in range(4)),
            )
        return cards

    def _settle(self, rows: list, found: bytes, moves: list | None = None) -> bytes:
        """Play every safe card home, the rows changed in place (the moves listed in
        ``moves``, if given); return the new foundation counts."""
        cache, cards = self.card_cache, self._cards
        while True:
            safe, _, raised = cache.get(found) or cards(found)
            for index, row in enumerate(rows):
                if row and row[-1] in safe:
                    card = row[-1]
                    rows[index] = row[:-1]
                    if moves is not None:
                        moves.append((self.names[index], FOUNDATIONS[card & 3]))
                    found = raised[card & 3]
                    break
            else:
                return found

    # -------------------------------------------------------------- moves
    def _successors(self, position: tuple, runs: bool = True) -> list:
        """Every position one move away, settled, each with its move (``_moves_of``);
        the runs moved whole too (``_runs``) unless ``runs`` is false."""
        rows, found, _ = position
        out: list[tuple] = []
        append = out.append
        safe, following, raised = self.card_cache.get(found) or self._cards(found)
        settle = self._settle
        by_rank: list[tuple] = [()] * 15  # rank -> the rows whose outer card has it
        empty = -1
        for index, row in enumerate(rows):
            if row:
                by_rank[row[-1] >> 2] += (index,)
            elif empty < 0:
                empty = index
        for index, row in enumerate(rows):
            if not row:
                continue
            card = row[-1]
            rest = row[:-1]
            if card in following:
                new = rows.copy()
                new[index] = rest
                home = settle(new, raised[card & 3])
                append(((rows, found, index, -1, 1), (new, home, home + JOIN(sorted(new)))))
            targets = by_rank[(card >> 2) + 1]
            if rest:
                if empty >= 0:
                    targets += (empty,)
                # Only a move that frees a safe card (or sends one home) needs settling.
                if rest[-1] in safe:
                    for target in targets:
                        new = rows.copy()
                        new[index] = rest
                        new[target] = rows[target] + row[-1:]
                        home = settle(new, found)
                        append(
                            ((rows, found, index, target, 1), (new, home, home + JOIN(sorted(new))))
                        )
                    continue
            if targets:
                top = row[-1:]
                left = rows.copy()
                left[index] = rest
                for target in targets:
                    new = left.copy()
                    new[target] = rows[target] + top
                    append(
                        ((rows, found, index, target, 1), (new, found, found + JOIN(sorted(new))))
                    )
        if empty >= 0 and runs:
            self._runs(rows, found, by_rank, append)
        return out

    # The positions one single-card move away (the dive's moves: see the notes); a
    # partial, not a method that calls the other: one call less a position.
    _single_moves = partialmethod(_successors, runs=False)

    def _runs(self, rows: list, found: bytes, by_rank: list, append) -> None:
        """The shortcuts: a run of cards each one rank below the one under it moved whole,
        through the empty rows, onto a card one rank above its first or into an empty
        row (its cards but the first parked one to an empty row each, then back)."""
        empties = rows.count(b"")
        safe = self.card_cache[found][0]  # (filled by ``_successors``)
        settle = self._settle
        empty = rows.index(b"")
        for index, row in enumerate(rows):
            most = min(len(row), 1 << empties)
            length = 1
            while length < most and row[-length - 1] >> 2 == (row[-length] >> 2) + 1:
                length += 1
                rest = row[:-length]
                run = row[-length:]
                freed = bool(rest) and rest[-1] in safe
                targets = by_rank[(run[0] >> 2) + 1]
                if rest and length < empties:
                    targets += (empty,)
                for target in targets:
                    new = rows.copy()
                    new[index] = rest
                    new[target] = rows[target] + run
                    home = settle(new, found) if freed else found
                    append(
                        (
                            (rows, found, index, target, length),
                            (new, home, home + JOIN(sorted(new))),
                        )
                    )

    # -------------------------------------------------------------- dead positions
    def _candidates(self, row: bytes, found: bytes) -> tuple:
        """The cards of the row that could be the top of its part of S (module notes),
        from the outer card in, each as four sets of cards, a bit by card code: the
        cards of the rank above not home and not in this row (its parents), the lower
        cards of its suit not home and not above it in this row, the row's part of S
        with it on top, and the cards of that part under another (all but it).

        A card is left out when it fails whatever the other rows hold: a card of the rank
        above lies on it, or every lower card of its suit not home does. A card of the
        rank above under it is under a card of S whenever it is the top of the part; a
        lower card of its suit under it is in S then (it is in the part)."""
        parts = [0]  # parts[height]: the row's first ``height`` cards
        for card in row:
            parts.append(parts[-1] | 1 << card)
        out = []
        for index in range(len(row) - 1, -1, -1):
            card = row[index]
            suit = card & 3
            not_home = range(card - 4, found[suit] * 4 + suit, -4)  # lower, same suit
            lowers = sum(1 << lower for lower in not_home if row.find(lower, index) < 0)
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
            away = sum(1 << parent for parent in parents if parent not in row)
            out.append((away, lowers, parts[index + 1], parts[index]))
        return tuple(out)

    def dead(self, rows, found: bytes) -> bool:
        """Whether a bottom part of every row can never move (module notes)."""
        return self._dead((rows, found, None))

    def _dead(self, position: tuple) -> bool:
        rows, found, _ = position
        if b"" in rows:
            return False
        table = self.stuck_tables.get(found)
        if table is None:
            table = self.stuck_tables[found] = {}
        # A first pass without looking further: an outer card is never under a card of
        # S, so a card whose parent is one fails for good (and is skipped below too).
        # Many positions fail it (of those with no empty row, six in seven on deal 600150,
        # one in two on 500139), at the first row left with no candidate: the rows'
        # candidates are only looked up as far as that.
        outer = 0  # the outer cards, a bit each
        for row in rows:
            outer |= 1 << row[-1]
        # The row that failed it last is tried first: positions taken one after the
        # other share rows (on deals 600150, 600135 and 500129, one test in eight to
        # one in five ends there), and the answer is the same in any order.
        failed = self.failed
        if failed in rows:
            cands = table.get(failed)
            if cands is not None:
                for cand in cands:
                    if not cand[0] & outer:
                        break
                else:
                    return False
        every = []  # each row's candidates
        at = []  # each row's current candidate
        for row in rows:
            cands = table.get(row)
            if cands is None:
                cands = table[row] = self._candidates(row, found)
            for number, cand in enumerate(cands):
                if not cand[0] & outer:
                    at.append(number)
                    break
            else:  # (a row without candidates too)
                self.failed = row
                return False
            every.append(cands)
        # S as a set of cards, a bit by card code, and the cards of S under another.
        inside = under = 0
        for cands, number in zip(every, at):
            _, _, part, below = cands[number]
            inside |= part
            under |= below
        changed = True
        while changed:
            changed = False
            for number, cands in enumerate(every):
                index = at[number]
                parents, lowers, part, below = cands[index]
                # (a) and (b) of the module notes for the top card of the row's part;
                # while they fail, it leaves S, and the next candidate under it is the top
                while not lowers & inside or parents & under != parents:
                    index += 1
                    while index < len(cands) and cands[index][0] & outer:
                        index += 1
                    if index == len(cands):
                        return False
                    inside ^= part  # (the row's part alone: rows hold other cards)
                    under ^= below
                    parents, lowers, part, below = cands[index]
                    inside |= part
                    under |= below
                    changed = True
                at[number] = index
        return True


# The search solve.py makes for the games whose definition names this module as solver.
SEARCH = CastleSearch
