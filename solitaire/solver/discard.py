"""The solver of the discarding games (Aces Up): four columns whose top cards are
discarded when a higher card of their suit lies on top of another column, a top card
moved into an empty column, and a stock dealt a row at a time onto the columns.

What the verdict assumes: the solver sees the order of the stock. "Winnable" means a
player who knew it could win.

A position is one ``bytes``: the four columns, each its cards bottom first (a card is
``rank * 4 + suit``, aces ranked 14), then the number of cards left in the stock (the
stock only ever loses cards from its top, so it is the start's stock cut short). The key
is the position itself while the stock holds cards: the columns are not interchangeable,
since a row dealt gives each column its own card of the stock (a test found a deal won
only with the ace of spades moved alone from one column into another). Once the stock is
dealt out the key sorts the columns, and a column's only card no longer moves into an
empty column (the same position).

Moves: a top card discarded, a top card into an empty column, and a row dealt, which
the rules allow only when no card can be discarded. A card that can be discarded is
discarded at once and alone, losing no win: while it waits, a higher card of its suit
stays on top of another column (that card leaves the top only when a still higher one
of the suit discards it, or moves into an empty column, still on top; no row can be
dealt over it while a discard is possible), so the card stays discardable, every card it
could let go that higher card lets go too, and it covers nothing that another move needs
(only deals cover it, and none comes before it goes). Take a winning line, discard the
card first and leave out its own moves: every other move stays legal, and the line
reaches the same positions from its discard on. So a walk that runs dry still proves the
deal lost; it branches only where a card may move into an empty column. Aces Up's deal
700029 was proven lost in 482,696 positions without that rule, 340,577 with it.

A move is followed by the moves forced after it, as one macro move: a position with a
single move (a card to discard, or no empty column and a row to deal) is won exactly
when the position after that move is, so it is never stored, and a line that runs into
a position with no move at all (nor won) is left out, a loss. Only the positions where
the walk may choose are stored: nine in ten of the positions found before had no empty
column and one move. Tuning deal 600072 was proven lost in 666,562 positions and 3.9 s
of CPU one move at a time, in 62,541 positions and 0.9 s so; the line of forced moves is
worked out again where two lines meet in it (some 490,000 single moves for 19,748
positions stored in deal 600058, which took 364,520 one move at a time), but a move
costs far less than a position stored, most of all with the card to discard looked up
by the four top cards and the moves at a choice counted, not made. Tried and not kept:
the cards in play counted as the moves go, to tell a win (no gain).
"""

from __future__ import annotations

from ..model.cards import SUITS
from ..model.moves import Move, MoveKind
from ..model.rules import Rules
from ..model.state import State
from ..model.vocabulary import Role
from .core import Core, Strategy, Walk

__all__ = ["BUDGET", "DiscardSearch"]

# Positions a search may find before it answers "unknown" (the table's partner and
# --solve alike). Only the positions where the walk may choose are stored (see the
# notes), each some 150 to 180 bytes as before they were, so the worker stays within
# 100 MB; the budget is now some 7 s of CPU, no deal of 1,000 tried came near it.
BUDGET = 400_000

ACE_HIGH = 14
GAP = b"\xff"  # between the columns of a position: no card or count is 255
NO_CARD = 255  # the top of an empty column
# Choices of the card to discard kept, by the columns' top cards: a search meets a few
# thousand sets of tops; the bound keeps the memory small whatever the deal.
DISCARDED_KEPT = 20_000
DEAL = Move(MoveKind.DEAL)
EMPTY_WEIGHT = 4  # an empty column, for the value: a card in play weighs 1


def _code(card) -> int:
    rank = ACE_HIGH if card.rank == 1 else card.rank
    return rank * 4 + SUITS.index(card.suit)


class DiscardSearch(Core[bytes]):
    """A depth-first search from ``state``, discards first; ``without`` may name DEAL."""

    strategies = (Strategy(Walk.DIVE, share=1000),)

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
        self.columns = tuple(rules.tableau)
        self.discards = next(name for name, role in rules.roles.items() if role == Role.FOUNDATION)
        stock = next(name for name, role in rules.roles.items() if role == Role.HAND)
        self.stock = bytes(_code(card) for card in state.piles[stock])
        self.aces_only = rules.options.get("empty") == "aces"
        self.to_discards = [Move(MoveKind.MOVE, name, self.discards, 1) for name in self.columns]
        self.moves = {
            (i, j): Move(MoveKind.MOVE, self.columns[i], self.columns[j], 1)
            for i in range(len(self.columns))
            for j in range(len(self.columns))
            if i != j
        }
        self.aces = len(self.columns)
        # The cards a row dealt gives the columns, first column first, by the stock's count.
        self.rows = {
            left: [self.stock[left - 1 - i : left - i] for i in range(min(left, len(self.columns)))]
            for left in range(1, len(self.stock) + 1)
        }
        # The column whose top card goes, by the columns' top cards (``_discarded``).
        self.discarded: dict[tuple[int, ...], int] = {}
        columns = [bytes(_code(card) for card in state.piles[name]) for name in self.columns]
        super().__init__(_position(columns, len(self.stock)), max_positions=max_positions)

    def _won(self, position: bytes) -> bool:
        # The aces alone in play: the cards, the gaps before each column's end and the
        # stock's count.
        return len(position) - len(self.columns) - 1 == self.aces and position[-1] == 0

    def _key(self, position: bytes) -> bytes:
        if position[-1]:
            return position
        # The stock dealt out: nothing tells the columns apart any more.
        parts = position.split(GAP)
        stock = parts.pop()
        parts.sort()
        parts.append(stock)
        return GAP.join(parts)

    def _value(self, position: bytes) -> int:
        """Few cards in play, empty columns."""
        parts = position.split(GAP)[:-1]
        empty = sum(1 for column in parts if not column)
        return EMPTY_WEIGHT * empty - (len(position) - len(parts))

    def _successors(self, position: bytes) -> list[tuple[tuple[Move, ...], bytes]]:
        parts = position.split(GAP)
        stock = parts.pop()[0]
        result = []
        for move, after, left in self._one_move(parts, stock):
            line = self._forced(move, after, left)
            if line is not None:
                result.append(line)
        return result

    def _forced(
        self, move: Move, columns: list[bytes], stock: int
    ) -> tuple[tuple[Move, ...], bytes] | None:
        """``move``, which left ``columns`` (changed here) and ``stock``, then the moves
        forced after it, up to a position won or with a choice (see the notes); None
        where they run into a position with no move."""
        moves = [move]
        discarded, aces, deals = self.discarded, self.aces, self.deals
        while stock or sum(map(len, columns)) != aces:  # not won
            tops = tuple([column[-1] if column else NO_CARD for column in columns])
            i = discarded.get(tops)
            if i is None:
                i = self._to_discard(tops)
            if i >= 0:
                columns[i] = columns[i][:-1]
                moves.append(self.to_discards[i])
            elif NO_CARD in tops:  # moves into an empty column: none, one, or a choice
                if self._choices(columns, tops, stock) > 1:
                    break
                following = self._one_move(columns, stock)
                if not following:
                    return None
                move, columns, stock = following[0]
                moves.append(move)
            elif deals and stock:
                for i, card in enumerate(self.rows[stock]):
                    columns[i] += card
                stock = max(0, stock - len(columns))
                moves.append(DEAL)
            else:
                return None
        return tuple(moves), _position(columns, stock)

    def _one_move(self, parts: list[bytes], stock: int) -> list[tuple[Move, list[bytes], int]]:
        """The positions one move from the columns ``parts`` and the stock's count."""
        tops = tuple([column[-1] if column else NO_CARD for column in parts])
        i = self.discarded.get(tops)
        if i is None:
            i = self._to_discard(tops)
        if i >= 0:
            after = list(parts)
            after[i] = parts[i][:-1]
            return [(self.to_discards[i], after, stock)]
        result: list[tuple[Move, list[bytes], int]] = []
        for empty, space in enumerate(parts):
            if space:
                continue
            for i, column in enumerate(parts):
                if not column or (self.aces_only and column[-1] >> 2 != ACE_HIGH):
                    continue
                if len(column) == 1 and not stock:
                    continue  # the same position, the stock dealt out
                after = list(parts)
                after[i] = column[:-1]
                after[empty] = column[-1:]
                result.append((self.moves[i, empty], after, stock))
        if self.deals and stock:
            after = list(parts)
            for i, card in enumerate(self.rows[stock]):
                after[i] += card
            result.append((DEAL, after, max(0, stock - len(parts))))
        return result

    def _choices(self, columns: list[bytes], tops: tuple[int, ...], stock: int) -> int:
        """How many moves ``_one_move`` gives where no card can be discarded, counted."""
        movable = sum(
            1
            for column in columns
            if column
            and (not self.aces_only or column[-1] >> 2 == ACE_HIGH)
            and (stock or len(column) > 1)
        )
        return tops.count(NO_CARD) * movable + (1 if self.deals and stock else 0)

    def _to_discard(self, tops: tuple[int, ...]) -> int:
        """``_discarded(tops)``, kept."""
        if len(self.discarded) >= DISCARDED_KEPT:
            self.discarded.clear()
        i = self.discarded[tops] = _discarded(tops)
        return i


def _discarded(tops: tuple[int, ...]) -> int:
    """The column whose top card goes to the discards: the lowest card that a higher one
    of its suit on top of another column lets go (chosen by the cards, not by the order
    of the columns; see the notes), or -1."""
    highest = [NO_CARD] * len(SUITS)
    for top in tops:
        if top != NO_CARD and (highest[top & 3] == NO_CARD or top > highest[top & 3]):
            highest[top & 3] = top
    goes = [(top, i) for i, top in enumerate(tops) if top != NO_CARD and top < highest[top & 3]]
    return min(goes)[1] if goes else -1


def _position(columns: list[bytes], stock: int) -> bytes:
    return GAP.join(columns) + GAP + bytes((stock,))


# The search solve.py makes for the games whose definition names this module as solver.
SEARCH = DiscardSearch
