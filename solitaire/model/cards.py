"""Playing cards and their two-character notation (``AS 2D TH JC``)."""

from __future__ import annotations

from typing import NamedTuple

from ..i18n import N_, _

SUITS = "CDHS"  # the Microsoft FreeCell order: clubs, diamonds, hearts, spades
RANK_CHARS = "A23456789TJQK"
RED_SUITS = frozenset("DH")
SUIT_NAMES = {"C": N_("clubs"), "D": N_("diamonds"), "H": N_("hearts"), "S": N_("spades")}
RANK_NAMES = {1: N_("ace"), 11: N_("jack"), 12: N_("queen"), 13: N_("king")}


class CardError(ValueError):
    """A card written in a way we cannot read."""


class Card(NamedTuple):
    """One card. ``deck`` tells the copies of a card apart in a game of several packs
    (Spider's two): the table follows each copy on its own, while a search that should
    merge positions differing only by which copy lies where compares ``face`` instead."""

    rank: int  # 1 (ace) .. 13 (king)
    suit: str  # one of SUITS
    deck: int = 0  # which copy of the card, from 0

    @property
    def face(self) -> tuple[int, str]:
        """What the card shows: copies of one card have the same face."""
        return self.rank, self.suit

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    def __str__(self) -> str:
        return RANK_CHARS[self.rank - 1] + self.suit

    def __repr__(self) -> str:
        return f"Card({self}#{self.deck})" if self.deck else f"Card({self})"

    @property
    def name(self) -> str:
        """The card in words, for messages: 'ten of clubs'."""
        suit = _(SUIT_NAMES[self.suit])
        if self.rank in RANK_NAMES:  # a language may need an article with the rank's name
            return _("{rank} of {suit}").format(rank=_(RANK_NAMES[self.rank]), suit=suit)
        return _("{number} of {suit}").format(number=self.rank, suit=suit)


def parse_card(text: str) -> Card:
    """Read ``TC``, ``qh`` or ``10d``; raise CardError with a readable reason otherwise."""
    token = text.strip().upper()
    if token.startswith("10"):
        token = "T" + token[2:]
    if len(token) != 2:
        raise CardError(
            _("'{text}' is not a card (write it like AS, 7D, TH, QC)").format(text=text)
        )
    rank_char, suit = token[0], token[1]
    if rank_char not in RANK_CHARS:
        raise CardError(
            _("'{text}': '{rank}' is not a rank (A 2-9 T J Q K)").format(text=text, rank=rank_char)
        )
    if suit not in SUITS:
        raise CardError(
            _("'{text}': '{suit}' is not a suit (C D H S)").format(text=text, suit=suit)
        )
    return Card(RANK_CHARS.index(rank_char) + 1, suit)


def format_cards(cards) -> str:
    return " ".join(str(card) for card in cards)


def new_deck(copies: int = 1, suits: str = SUITS) -> list[Card]:
    """The cards of ``suits`` ``copies`` times over, each copy numbered in ``deck``. The
    default is the 52 cards in Microsoft's order: AC AD AH AS 2C ... KS (index = rank*4 +
    suit)."""
    return [
        Card(rank, suit, deck) for deck in range(copies) for rank in range(1, 14) for suit in suits
    ]
