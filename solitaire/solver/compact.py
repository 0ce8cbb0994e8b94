"""What the dedicated solvers share: cards as small ints and the tables built on them.

A card is ``rank * 4 + suit`` (suits in the order C D H S), so a pile fits in ``bytes``
and a position in a few tuples, which is what makes the searches fast in Python.
"""

from __future__ import annotations

from ..model.cards import SUITS, Card

RED = tuple(1 if (code & 3) in (1, 2) else 0 for code in range(64))
OPPOSITE = tuple(tuple(s for s in range(4) if RED[s] != RED[suit]) for suit in range(4))
SAME = tuple(next(s for s in range(4) if s != suit and RED[s] == RED[suit]) for suit in range(4))
BYTE = tuple(bytes((code,)) for code in range(64))


def card_code(card: Card) -> int:
    return card.rank * 4 + SUITS.index(card.suit)


def code_card(code: int) -> Card:
    return Card(code >> 2, SUITS[code & 3])


def knots(cards: bytes) -> int:
    """How many of ``cards`` (a pile's codes, bottom first) lie over a lower card of their
    own suit: each must leave once more before that card can go home."""
    lowest = [99, 99, 99, 99]  # per suit, the lowest code seen from the bottom up
    count = 0
    for card in cards:
        suit = card & 3
        if lowest[suit] < card:  # (within a suit, codes order as ranks)
            count += 1
        else:
            lowest[suit] = card
    return count


def raise_found(found: tuple, suit: int) -> tuple:
    """The four foundation counts with one more card on ``suit``'s (spelt out: faster)."""
    if suit == 0:
        return (found[0] + 1, found[1], found[2], found[3])
    if suit == 1:
        return (found[0], found[1] + 1, found[2], found[3])
    if suit == 2:
        return (found[0], found[1], found[2] + 1, found[3])
    return (found[0], found[1], found[2], found[3] + 1)


class ColumnScores(dict):
    """Column -> its share of a heuristic, for one state of the foundations."""

    __slots__ = ("found", "rate")

    def __init__(self, rate, found):
        super().__init__()
        self.rate = rate
        self.found = found

    def __missing__(self, col):
        value = self[col] = self.rate(col, self.found)
        return value
