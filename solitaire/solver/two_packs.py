"""A solver for the two-pack games of columns, a stock and eight foundations, two a suit
(``TwoPackRules``): a stock turned one card at a time onto a waste, with so many passes,
or a stock dealt a row at a time onto the columns; columns built down in suit or in
alternate colours, moving one card at a time, runs as far as empty columns allow, or
any run.

What the verdict assumes: the solver sees every card, the order of the stock and the
face-down cards too. "Winnable" means a player who knew every card could win.

A position is one ``bytes``: the columns in order, each its face-down count then its
cards bottom first (a card is ``rank * 4 + suit``, suits C D H S; the two copies of a
card are one code, so positions that differ only in which copy lies where are one),
then the eight foundations' heights, then the talon (the waste from its bottom, then the
stock from its top: an order that turning never changes, only playing its cards), then
the talon's state: how many cards are turned onto the waste and the passes used, or, where
the stock is dealt in rows, the cards left in it (it is the start's stock cut short). Its
key is the same with the two foundations of each suit sorted and the columns sorted
(interchangeable both), except while rows are left to deal: a row lays a card on each
column in their order, so until the stock is empty the columns keep their places (the
complete walk's proofs need it, and so do lines: two walks share the store, and a key
standing for a position another walk reached another way may not read back).

Moves are the engine's: a column's top card (or run, as the game's rule allows) onto a
card it builds on, into an empty column or home; the waste's top card likewise; turning
the stock, the waste turned back over while passes are left; a row dealt. After a move,
an uncovered face-down card turns up, as in the engine.

The stock is searched in macro moves, as the Klondike solver does: from a position, for
every state of the talon that turning alone reaches (more cards turned in this pass, or
any number in the next while one is left), the moves of the waste's top card there, each
after the turns that bring it up. That loses no win: turning changes only the talon, and
the other moves never the order of what is in it, so in a winning line the turns can
wait until just before the next move of a waste card; and of two ways to one talon
state, the one through fewer passes leaves every move the other does.

Moves left out, and why that loses no win:

- A column's top card that may go home, when both foundations of each suit that could
  lay a card on it hold its rank less one, goes home alone, before any other move:
  nothing still in play can ever lie on it (``TwoPackRules.is_safe_home``). Of several,
  the lowest card goes, from the smallest column that shows it (a choice by the cards,
  so positions with one key have successors with one key).
- Of several empty columns only the first is tried, and a column's whole content with no
  card under it never moves into an empty column (the same position); both only where no
  row is left to deal.
- The talon state turned to through one more pass, where this pass reaches it too.

Every other move is tried, so a search that runs dry has seen every position reachable
from the start: the proof that the deal cannot be won.

Where the stock is dealt in rows (Gypsy), the search walks by stages, as Spider's does:
the positions with the same cards left in the stock are compared with one another only,
STAGE_ALLOWANCE positions from one stage at a time, round after round (one queue for all
had dealt every row early, a row dealt opening cheap joins). Beside that complete walk
goes a quick one for wins (``_hopeful``) that leaves out moving cards off a card they build
on unless the card uncovered goes home next, as KPatience's Gypsy solver all but never
tries them: it may miss a win, so its running dry proves nothing (deals 600021..600060 at
2 s: 22 of 40 won by the complete walk alone, 36 with both). The quick walk takes turns
of QUICK_SHARE positions to the complete walk's 200: in Gypsy the complete walk proves
no loss within the time anyway, and wins come mostly from the quick one.

Forty Thieves and Forty & Eight (a waste, no rows) run three best-first walks, each a
complete search: two by how promising a position looks (``_value``, a card buried in the
waste weighing 2 and 5), and one by a guess of the moves left (``_moves_left``: as
Klondike's walk that counts moves, each card not home two, each knot, a card over a
lower card of its suit, one, in a column or in the waste, each card in the waste one),
its depth cost 0.5 a move, so that it looks further down fewer ways. Tuning deals at 2 s
of CPU: Forty Thieves 600001..600100 won 18 by the two walks, 25 with the third (every
deal the two won among them); with runs moving whole 7 and 11 of 600001..600040, Forty &
Eight 2 and 3 of 600001..600100 (600025 lost, 600031 and 600069 won), both with the
third walk's turns of 200. The third walk alone won 4 of Forty Thieves' 600001..600040
(with no weight on a card in the waste), two of them deals the two did not win: the
walks win different deals, and the three together more. Its weights, on those deals:
depth cost 0.25, 0.5 and 1.0 won 9, 10 and 9 of 40 with no weight on a card in the
waste; with 0.5 a card in the waste weighing 0.5, 1 and 2 won 11, 12 and 11; a knot in
the waste weighing 2 won 23 of 100 (25 with 1); the third walk taking turns of 400
positions, 24 of 100, of 200 (as the others) 25, of 50 25 (the same deals), of 20 20.
Its turns are of 50: it finds many more positions new to it for each one it expands than
the others (it goes down fresh ways; each waste card's move is one), so with turns of
200 it had found 126,110 of deal 600001's 150,015 at the budget, in 1.2 s of CPU and 90
MB, with turns of 50 88,613, in 1.6 s and 81 MB (the two walks alone: 3.1 s, 51 MB; on
deal 600003 87 MB, and 88 MB with the third walk). A narrow walk (Klondike's: of each
position's successors only the best two or three by a guess, its depth cost 1, not
complete) did not help: by ``_value`` alone it won 1 of Forty Thieves' 600001..600040
(keeping two; none keeping three with a depth cost of 0.2), as a third walk beside the
two 9 (8 without it); by the guess of moves left alone none. With turns of 50, a depth
cost of 0.75 won 20 of 100, and a fourth walk by the guess (depth cost 0.2) 23. Nor is
the budget the bound, though many deals now reach it within 2 s: a budget of 250,000
positions won the same 25 of 100 (and takes some 125 MB at the whole of it). In Gypsy
a narrow walk by stages, of the quick walk's moves the two whose positions weigh best by
``_value``, beside the two walks (600001..600100 at 2 s, 94 won without it): turns of 600
positions 92, of 150 94 (the same deals), keeping three with turns of 300 94 (two deals
each way); Gypsy's walks stay as they are (Yukon's narrow walk, which helped there,
builds on the same idea).

Tried and not kept (tuning deals at 2 s of CPU): the quick walk preferring the deeper
position (a depth cost of -0.001: Gypsy 600001..600100 won 86 against 87 before); its
stages taken 1,000 positions at a time (fewer wins); in Forty Thieves (600001..600040,
8 won either way) a depth cost of 0.01, a third walk diving depth-first, and a third,
quick walk turning at most 3 (or 8) cards of the stock before a waste card's move.
A sound dead-end test for building in suit (Forty Thieves, Forty & Eight), not kept: the
largest set S of cards such that every column holds one (so none empties and, with no
empty column, runs move one card at a time) and no card of S has a way out while S stays
put: not home (both copies of some lower rank of its suit in S or under a card of S in
its pile, the waste counting as a pile in the last pass and talon cards as members of
their own), not onto a copy of its rank plus one at a column's top (each home, under a
card of S, or held in the talon); a position with such a set is lost (at the first move
of a card of S every card of S, and every card under one, still lay where it lies: that
card had no way out, so no card of S ever goes home). Checked against the engine's
search on 1,500 small endgames and positions random moves led to (all 27 it called dead
were lost). It called 2 % of the positions expanded dead on deal 600001 (983 of 42,310
at 60,000 positions), 5 % on 600003, at some 18 % more CPU a position after a quick look
first; deals 600021..600060 at 2 s: 4 won with it and without, no loss proven. Most
positions have a column with no card that could stay for good (a copy of a lower card in
the stock, or of the card it goes on at a column's top), and an empty column in a fifth
of them. Nor is a loss near: deals 600001, 600003 and 600005 had no verdict after
3,000,000, 1,500,000 and 1,500,000 positions (84, 25 and 33 s; 790, 580 and 450 MB),
and 600002 was won after 788,710 (21 s). Weights in Forty Thieves (600001..600060, 11
won as they are): cards home weighing 20, 3 won of the first 30 against 8; a card in the
waste 1 and 3, 5 against 8; a block 6, 12 of 60; an empty column 12, 13 of 60 (two deals
lost, four won) but 17 of 600061..600160 against 22: not taken.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..model.cards import SUITS
from ..model.games.fortythieves import FOUNDATION_PAIRS
from ..model.moves import Move, MoveKind
from ..model.rules import Rules
from ..model.state import State
from ..model.vocabulary import Build, Role
from .compact import knots
from .core import Core, Strategy

__all__ = ["BUDGET", "TwoPackSearch"]

# Positions a search may find before it answers "unknown" (the table's partner and
# --solve alike).
BUDGET = 150_000

GAP = b"\xff"  # between the parts of a position: no card, count or height is 255
TURN = Move(MoveKind.TURN)
DEAL = Move(MoveKind.DEAL)
FULL = 13
WON = bytes((FULL,) * 8)  # the eight foundations' heights when every card is home
RED = tuple((code & 3) in (1, 2) for code in range(64))

# The weights of a position's value (``_value``).
HOME = 10.0
EMPTY = 6.0
JOIN = 2.0  # a card on a card it builds on
BLOCK = 3.0  # a card over a lower card of its suit, out of sequence: it must move first
# The same in alternate colours, where the card it lies on may go elsewhere first (tuned
# on Gypsy's deals 1..8 with DOWN: four won in 2 s, three with 3 and 4).
LOOSE_BLOCK = 1.0
DOWN = 8.0  # a face-down card
BURIED = 2.0  # a card deep in the waste: it comes up only when those on it are played
THRIFTY = 5.0  # the same, for the walk that keeps cards in the talon
# Positions a walk by stages takes from one stage at a time (deals 600001..600060 of
# Gypsy at 2 s: 300 won 55 of 60, 1,000 won 52, 3,000 far fewer).
STAGE_ALLOWANCE = 300
# Positions the quick walk for wins takes in its turn (the complete walk takes 200): Gypsy
# deals 600001..600200 at 2 s, 200 won 174 of 200 (the faster code; 170 before it), 600
# and 1,500 won 182 each (94 + 88 in each half).
QUICK_SHARE = 600
# The guess of moves left (``_moves_left``), the third walk's weighting where there is a
# waste: what a card in the waste adds, and a card there over a lower card of its suit (a
# knot, as in a column) besides; the walk's depth cost a move (Forty Thieves' deals
# 600001..600040 at 2 s: 0.25 won 9, 0.5 10, 1.0 9, with no waste card weighing; with 0.5,
# a waste card weighing 0.5, 1 and 2 won 11, 12 and 11).
WASTE_CARD = 1.0
WASTE_KNOT = 1.0
GUESS_DEPTH_COST = 0.5
# Positions the third walk expands in its turn (the others 200): its positions have many
# successors new to it, so it fills the store faster (see the module's docstring).
GUESS_SHARE = 50


def _code(card) -> int:
    return card.rank * 4 + SUITS.index(card.suit)


class TwoPackSearch(Core[bytes]):
    """Best-first from ``state``; ``without`` may name TURN or DEAL (then the stock is
    left as it is)."""

    # Three best-first walks, each a complete search of its own: one that lets cards pass
    # into the waste more readily, one that keeps them in the talon (deals 1..8 of Forty
    # Thieves: each alone won a deal the other did not), and one by the guess of moves left
    # (``_moves_left``), whose depth cost makes it look further down fewer ways (Forty
    # Thieves' deals 600001..600100 at 2 s: 18 won by the first two, 25 by the three, and
    # 4 of the first 40 by the third alone).
    strategies: tuple[Strategy, ...] = (
        Strategy(),
        Strategy(value="_value_thrifty"),
        Strategy(value="_moves_left", depth_cost=GUESS_DEPTH_COST, share=GUESS_SHARE),
    )

    def __init__(
        self,
        rules: Rules,
        state: State,
        *,
        max_positions: int = BUDGET,
        without: frozenset = frozenset(),
    ):
        self.rules = rules
        self.columns = tuple(rules.tableau)
        self.count = len(self.columns)
        self.suited = rules.build == Build.SUIT
        self.doubling = bool(rules.supermoves)  # runs as far as empty columns allow
        self.any_run = bool(rules.moves_runs)
        roles = set(rules.roles.values())
        self.has_waste = Role.WASTE in roles
        self.turns = MoveKind.TURN not in without
        self.deals = Role.WASTE not in roles and MoveKind.DEAL not in without
        self.passes = rules.passes
        self.foundation_names = tuple(name for pair in FOUNDATION_PAIRS.values() for name in pair)
        # Per suit index (C D H S) the indexes of its two foundations.
        self.pair_of = tuple(
            tuple(self.foundation_names.index(name) for name in FOUNDATION_PAIRS[suit])
            for suit in SUITS
        )
        self.block = BLOCK if self.suited else LOOSE_BLOCK
        if self.deals:  # by stages, see the module's docstring
            self.strategies = (
                Strategy(allowance=STAGE_ALLOWANCE),
                Strategy(
                    allowance=STAGE_ALLOWANCE, moves="_hopeful", complete=False, share=QUICK_SHARE
                ),
            )
        self.column_values: dict[bytes, float] = {}
        # Per column, and per waste, its knots (``_moves_left``).
        self.column_knots: dict[bytes, int] = {}
        self.waste_knots: dict[bytes, int] = {}
        # Tables made once per foundations' heights (a search meets some hundreds) or per
        # column, each bounded: the foundations' heights with each suit's two sorted
        # (``_key``), per card where it goes home and whether safely (``_homes``), a
        # column's top run (``_run``).
        self.sorted_pairs: dict[bytes, bytes] = {}
        self.runs: dict[bytes, int] = {}
        self.home_tables: dict[bytes, tuple] = {}
        # Per card code the key its column lists a column under where it is the top card
        # (``_moves``' ``places``), and the key of the tops it may be laid on: the card
        # itself and a card one rank higher of its suit, or of its colour and the rank.
        if self.suited:
            self.place_of = tuple(range(64))
            self.wanted = tuple(code + 4 for code in range(64))
        else:
            self.place_of = tuple((code >> 2) * 2 + RED[code] for code in range(64))
            self.wanted = tuple(((code >> 2) + 1) * 2 + (not RED[code]) for code in range(64))
        # Moves made once each (a search makes them by the hundred thousand): per source,
        # destination and number of cards.
        self.move_cache: dict[tuple[str, str, int], Move] = {}
        # Per card code the suits of the cards that may lie on it.
        self.under_suits = tuple(
            (code & 3,) if self.suited else ((0, 3) if RED[code] else (1, 2)) for code in range(64)
        )
        columns = [
            bytes((state.face_down(name), *(_code(card) for card in state.piles[name])))
            for name in self.columns
        ]
        found = bytes(len(state.piles[name]) for name in self.foundation_names)
        if self.has_waste:
            waste, stock = state.piles["waste"], state.piles["stock"]
            talon = bytes(_code(card) for card in waste + stock[::-1])
            tail = bytes((len(waste), state.count("passes_used") if self.passes else 0))
            self.stock = b""
        else:
            self.stock = bytes(_code(card) for card in state.piles["stock"])
            talon, tail = b"", bytes((len(self.stock),))
        # Whether any card lies face down (none comes to lie face down later).
        self.hidden = any(column[0] for column in columns)
        super().__init__(GAP.join([*columns, found, talon, tail]), max_positions=max_positions)

    # ------------------------------------------------------------------ hooks
    def _stage(self, position: bytes) -> int:
        return position[-1]  # the cards left in the stock, where rows are dealt

    def _won(self, position: bytes) -> bool:
        # The foundations' eight heights lie just before the talon and its state.
        return position.rsplit(GAP, 2)[0][-8:] == WON

    def _key(self, position: bytes) -> bytes:
        parts = position.split(GAP)
        # A row dealt lays its cards on the columns in their order, so while rows are
        # left in the stock the order of the columns counts.
        columns = parts[: self.count]
        if not (self.deals and position[-1]):
            columns = sorted(columns)
        found = parts[self.count]
        pairs = self.sorted_pairs.get(found)
        if pairs is None:
            if len(self.sorted_pairs) > 20_000:
                self.sorted_pairs.clear()
            pairs = self.sorted_pairs[found] = bytes(
                h for i in range(0, 8, 2) for h in sorted(found[i : i + 2])
            )
        return GAP.join([*columns, pairs, *parts[self.count + 1 :]])

    def _value(self, position: bytes, buried: float = BURIED) -> float:
        """How promising a position looks: cards home, empty columns, cards on cards they
        build on, few cards over lower cards of their suit, few face down, few deep in
        the waste."""
        parts = position.split(GAP)
        values = self.column_values
        if len(values) > 50_000:
            values.clear()  # columns come and go: keep the memory bounded
        value = HOME * sum(parts[self.count])
        for column in parts[: self.count]:
            share = values.get(column)
            if share is None:
                share = values[column] = self._column_value(column)
            value += share
        if self.has_waste:
            value -= buried * parts[self.count + 2][0]
        return value

    def _value_thrifty(self, position: bytes) -> float:
        return self._value(position, THRIFTY)

    def _moves_left(self, position: bytes) -> float:
        """A guess of the moves a position still needs, negated (the third walk's
        weighting, its depth cost one of GUESS_DEPTH_COST a move, as Klondike's walk that
        counts moves): each card not home moves at least once and weighs two, each card
        over a lower card of its suit in a column (a knot: it must move once more before
        that card goes home) and each face-down card one, and a card in the waste
        WASTE_CARD, WASTE_KNOT more where it is a knot there."""
        parts = position.split(GAP)
        column_knots = self.column_knots
        if len(column_knots) > 50_000:
            column_knots.clear()  # columns come and go: keep the memory bounded
        guess = 2.0 * (8 * FULL - sum(parts[self.count]))
        for column in parts[: self.count]:
            share = column_knots.get(column)
            if share is None:
                share = column_knots[column] = knots(column[1:]) + column[0]
            guess += share
        if self.has_waste:
            talon, tail = parts[self.count + 1], parts[self.count + 2]
            waste = talon[: tail[0]]
            waste_knots = self.waste_knots.get(waste)
            if waste_knots is None:
                if len(self.waste_knots) > 50_000:
                    self.waste_knots.clear()  # keep the memory bounded
                waste_knots = self.waste_knots[waste] = knots(waste)
            guess += waste_knots * WASTE_KNOT + len(waste) * WASTE_CARD
        return -guess

    def _column_value(self, column: bytes) -> float:
        if len(column) == 1:
            return EMPTY
        value = -DOWN * column[0]
        lowest = [99, 99, 99, 99]  # per suit the lowest rank under the card so far
        for index in range(1, len(column)):
            card = column[index]
            rank, suit = card >> 2, card & 3
            if index > 1 and self._builds(card, column[index - 1]):
                value += JOIN
            elif lowest[suit] < rank:
                value -= self.block
            lowest[suit] = min(lowest[suit], rank)
        return value

    def _builds(self, card: int, onto: int) -> bool:
        if card >> 2 != (onto >> 2) - 1:
            return False
        return card & 3 == onto & 3 if self.suited else RED[card] != RED[onto]

    # ------------------------------------------------------------------ moves
    def _successors(self, position: bytes) -> list[tuple[tuple[Move, ...], bytes]]:
        return self._moves(position, False)

    def _hopeful(self, position: bytes) -> list[tuple[tuple[Move, ...], bytes]]:
        """The moves, less those that take cards off a card they build on where the card
        uncovered cannot then go home: the quick walk's moves (see the docstring)."""
        return self._moves(position, True)

    def _moves(self, position: bytes, hopeful: bool) -> list[tuple[tuple[Move, ...], bytes]]:
        """The successors; where ``hopeful``, the quick walk's (``_hopeful``), left out
        here before they are made (the same moves in the same order as made and then
        left out: the walks, their positions and their lines unchanged)."""
        parts = position.split(GAP)
        count = self.count
        cols = parts[:count]
        found = parts[count]
        talon, tail = parts[count + 1], parts[count + 2]
        homes, safe = self._homes(found)
        safe_move = self._safe_home(cols, found, talon, tail, homes, safe)
        if safe_move is not None:
            return [safe_move]
        result: list[tuple[tuple[Move, ...], bytes]] = []
        empties = [j for j, column in enumerate(cols) if len(column) == 1]
        empty = empties[0] if empties else None
        # Empty columns are alike, and a whole column moved into another one changes
        # nothing, except while rows are left to deal: a row lays a card on each column
        # in its order.
        ordered = self.deals and tail[0] > 0
        targets = empties if ordered else empties[:1]
        # The columns by their top card's place key: the columns a card may be laid on are
        # those under its ``wanted`` key, in their order.
        places: dict[int, list[int]] = {}
        place_of, wanted, move_cache = self.place_of, self.wanted, self.move_cache
        for j, column in enumerate(cols):
            if len(column) > 1:
                places.setdefault(place_of[column[-1]], []).append(j)
        names = self.columns
        # A column's run counts only where runs move; a card turns up only where some
        # lie face down.
        runs = self.any_run or self.doubling or hopeful
        settled = _settled if self.hidden else bytes
        for i, column in enumerate(cols):
            size = len(column)
            if size == 1:
                continue
            # The most cards that may move onto a card, and into an empty column.
            run = self._run(column) if runs else 1
            if self.any_run:
                onto_limit = empty_limit = run
            elif self.doubling:
                onto_limit = min(run, 1 << len(empties))
                empty_limit = min(run, 1 << max(0, len(empties) - 1))
            else:
                onto_limit = empty_limit = 1
            onto: Iterable[int]
            into_empty: Iterable[int]
            if hopeful:
                # Cards moved off the card they lie on in the run, which cannot go home:
                # left out of the quick walk's moves (under the whole run is a card they
                # do not build on, or none).
                kept = [
                    moved
                    for moved in range(1, max(onto_limit, empty_limit) + 1)
                    if moved == run or homes[column[size - moved - 1]] is not None
                ]
                onto = [moved for moved in kept if moved <= onto_limit]
                into_empty = [moved for moved in kept if moved <= empty_limit]
            else:
                onto = range(1, onto_limit + 1)
                into_empty = range(1, empty_limit + 1)
            top = column[-1]
            home = homes[top]
            if home is not None:
                after = list(cols)
                after[i] = settled(column[:-1])
                raised = _raised(found, home)
                move = self._move(names[i], self.foundation_names[home], 1)
                result.append(((move,), GAP.join([*after, raised, talon, tail])))
            for moved in onto:
                card = column[size - moved]
                emptied = None  # the column the cards leave, once needed
                for j in places.get(wanted[card], ()):
                    if j != i:
                        if emptied is None:
                            emptied = settled(column[: size - moved])
                        after = list(cols)
                        after[i] = emptied
                        after[j] = cols[j] + column[size - moved :]
                        move = move_cache.get((names[i], names[j], moved)) or self._move(
                            names[i], names[j], moved
                        )
                        result.append(((move,), GAP.join([*after, found, talon, tail])))
            for target in targets:
                for moved in into_empty:
                    if moved == size - 1 and column[0] == 0 and not ordered:
                        break  # the whole column into another empty one: the same position
                    after = list(cols)
                    after[i] = settled(column[: size - moved])
                    after[target] = b"\x00" + column[size - moved :]
                    move = move_cache.get((names[i], names[target], moved)) or self._move(
                        names[i], names[target], moved
                    )
                    result.append(((move,), GAP.join([*after, found, talon, tail])))
        if self.has_waste and talon:
            self._waste_moves(cols, found, talon, tail, places, empty, homes, result)
        if self.deals and tail[0]:
            left = tail[0]
            row = self.stock[max(0, left - count) : left][::-1]
            # A card dealt lies face up on the column's face-up top (or alone): no card
            # turns up.
            after = [column + row[j : j + 1] for j, column in enumerate(cols)]
            result.append(((DEAL,), GAP.join([*after, found, talon, bytes((left - len(row),))])))
        return result

    def _waste_moves(self, cols, found, talon, tail, places, empty, homes, result) -> None:
        """The moves of the waste's top card, for every state of the talon turning
        reaches: this pass's, then the next one's short of where this pass starts."""
        turned, used = tail[0], tail[1]
        size = len(talon)
        # Each state as the cards turned, the passes used and the turns to it.
        if not self.turns:  # the waste's top card alone, as it lies
            reach = [(turned, used, 0)] if turned else []
        else:
            reach = [(q, used, q - turned) for q in range(max(turned, 1), size + 1)]
        if self.turns and (self.passes is None or used + 1 < self.passes):
            again = size - turned + 1
            reach += [(q, used + 1, again + q) for q in range(1, min(turned, size + 1))]
        names = self.columns
        wanted = self.wanted
        for q, passes_used, turn_count in reach:
            card = talon[q - 1]
            home = homes[card]
            spots = places.get(wanted[card], ())
            if home is None and not spots and empty is None:
                continue  # the card has no move: nothing made
            rest = talon[: q - 1] + talon[q:]
            after_tail = bytes((q - 1, passes_used))
            turns = (TURN,) * turn_count
            if home is not None:
                move = self._move("waste", self.foundation_names[home], 1)
                raised = _raised(found, home)
                result.append(((*turns, move), GAP.join([*cols, raised, rest, after_tail])))
            for j in spots:
                after = list(cols)
                after[j] = cols[j] + bytes((card,))
                move = self._move("waste", names[j], 1)
                result.append(((*turns, move), GAP.join([*after, found, rest, after_tail])))
            if empty is not None:
                after = list(cols)
                after[empty] = bytes((0, card))
                move = self._move("waste", names[empty], 1)
                result.append(((*turns, move), GAP.join([*after, found, rest, after_tail])))

    def _move(self, src: str, dst: str, count: int) -> Move:
        """The move of ``count`` cards from ``src`` to ``dst``, made once."""
        move = self.move_cache.get((src, dst, count))
        if move is None:
            move = self.move_cache[(src, dst, count)] = Move(MoveKind.MOVE, src, dst, count)
        return move

    def _safe_home(self, cols, found, talon, tail, homes, safe):
        """The one successor where a card that is safe home goes there (the lowest such
        card, from the smallest column showing it), or None."""
        best = None
        for i, column in enumerate(cols):
            if (
                len(column) > 1
                and safe[column[-1]]
                and (best is None or (column[-1], column) < (cols[best][-1], cols[best]))
            ):
                best = i
        if best is None:
            return None
        column = cols[best]
        home = homes[column[-1]]
        assert home is not None
        after = list(cols)
        after[best] = _settled(column[:-1])
        move = self._move(self.columns[best], self.foundation_names[home], 1)
        return (move,), GAP.join([*after, _raised(found, home), talon, tail])

    def _homes(self, found: bytes) -> tuple[tuple[int | None, ...], tuple[bool, ...]]:
        """Per card code, with these foundation heights: the foundation it goes to (as
        ``_home_index``), and whether it is safe home (see the module's docstring)."""
        table = self.home_tables.get(found)
        if table is None:
            tables = self.home_tables
            if len(tables) > 20_000:
                tables.clear()  # keep the memory bounded
            homes = tuple(self._home_index(found, code) for code in range(64))
            safe = tuple(
                homes[code] is not None
                and all(
                    found[k] >= (code >> 2) - 1
                    for suit in self.under_suits[code]
                    for k in self.pair_of[suit]
                )
                for code in range(64)
            )
            table = tables[found] = (homes, safe)
        return table

    def _home_index(self, found: bytes, card: int) -> int | None:
        """The foundation the card goes to (the engine's ``home_for``), or None."""
        for k in self.pair_of[card & 3]:
            if found[k] == (card >> 2) - 1:
                return k
        return None

    def _run(self, column: bytes) -> int:
        """How many face-up cards at the top of ``column`` form a run by the build rule."""
        run = self.runs.get(column)
        if run is None:
            runs = self.runs
            if len(runs) > 50_000:
                runs.clear()  # columns come and go: keep the memory bounded
            run = runs[column] = self._count_run(column)
        return run

    def _count_run(self, column: bytes) -> int:
        bottom = column[0] + 1
        index = len(column) - 1
        while index > bottom and self._builds(column[index], column[index - 1]):
            index -= 1
        return len(column) - index


def _settled(column: bytes) -> bytes:
    """``column`` with its top card turned up if it lies face down."""
    if column[0] >= len(column) - 1:
        return bytes((max(0, len(column) - 2),)) + column[1:]
    return column


def _raised(found: bytes, index: int) -> bytes:
    return found[:index] + bytes((found[index] + 1,)) + found[index + 1 :]


# The search solve.py makes for the games whose definition names this module as solver.
SEARCH = TwoPackSearch
