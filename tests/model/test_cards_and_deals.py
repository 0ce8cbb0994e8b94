"""Cards, notation and reproducible deals (a deal follows from the game, its options and its
number)."""

import pytest
from helpers import cards

from solitaire.model.cards import Card, CardError, format_cards, new_deck, parse_card
from solitaire.model.game import DealError, Game
from solitaire.model.games import GAMES, make_rules
from solitaire.model.games.vierfrei import microsoft_deal
from solitaire.model.shuffle import shuffled_deck

DEAL_1 = [  # Microsoft FreeCell's deal #1, column by column, bottom card first
    "JD KD 2S 4C 3S 6D 6S",
    "2D KC KS 5C TD 8S 9C",
    "9H 9S 9D TS 4S 8D 2H",
    "JC 5S QD QH TH QS 6H",
    "5D AD JS 4H 8H 6C",
    "7H QC AS AC 2C 3D",
    "7C KH AH 4D JH 8C",
    "5H 3H 3C 7S 7D TC",
]
DEAL_617_ROWS = [  # Rosetta Code's published rows for game #617
    "7D AD 5C 3S 5S 8C 2D AH",
    "TD 7S QD AC 6D 8H AS KH",
    "TH QC 3H 9D 6S 8D 3D TC",
    "KD 5H 9S 3C 8S 7H 4D JS",
    "4C QS 9C 9H 7C 6H 2C 2S",
    "4S TS 2H 5D JC 6C JH QH",
    "JD KS KC 4H",
]


def test_card_notation_reads_and_writes_every_card():
    for rank_char, rank in zip("A23456789TJQK", range(1, 14)):
        for suit in "CDHS":
            card = parse_card(rank_char + suit)
            assert card == Card(rank, suit)
            assert str(card) == rank_char + suit
    assert parse_card("qh") == Card(12, "H")
    assert parse_card("10d") == Card(10, "D")
    assert format_cards(cards("AS 2D TH JC")) == "AS 2D TH JC"


@pytest.mark.parametrize("text", ["", "A", "1S", "AX", "ASS", "ZZ"])
def test_bad_cards_are_refused_with_a_reason(text):
    with pytest.raises(CardError, match="is not"):
        parse_card(text)


def test_microsoft_deal_1_matches_the_issue():
    assert [format_cards(column) for column in microsoft_deal(1)] == DEAL_1


def test_microsoft_deal_617_matches_the_published_rows():
    rows = [row.split() for row in DEAL_617_ROWS]
    columns = [[row[c] for row in rows if c < len(row)] for c in range(8)]
    assert [format_cards(column).split() for column in microsoft_deal(617)] == columns


def test_vierfrei_deals_0_to_1_000_000_and_no_further():
    rules = make_rules("vierfrei")
    assert len(Game(rules, 0).state.all_cards()) == 52  # game 0 uses the same generator
    assert len(Game(rules, 1_000_000).state.all_cards()) == 52
    with pytest.raises(DealError):
        Game(rules, 1_000_001)
    with pytest.raises(DealError):
        Game(rules, -1)


def test_our_shuffle_is_pinned_so_deals_never_change():
    # If this changes, every saved game and every published deal number breaks.
    assert format_cards(shuffled_deck("belle-lucie", 1)[:6]) == "AC KH 8C 4C TC JC"
    assert format_cards(shuffled_deck("prince", 1)[:3]) == "AH 3S QS"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_deal_holds_the_games_deck_and_is_reproducible(game_id):
    rules = make_rules(game_id)
    for number in (0, 1, 2, 999_999):
        first, again = Game(rules, number), Game(make_rules(game_id), number)
        assert sorted(first.state.all_cards()) == sorted(rules.deck())
        assert len(set(first.state.all_cards())) == rules.card_count  # every copy its own
        assert first.state.key() == again.state.key()
    assert Game(rules, 1).state.key() != Game(rules, 2).state.key()


def test_lucie_and_merci_deal_the_same_layout_for_the_same_number():
    lucie, merci = Game(make_rules("lucie"), 42), Game(make_rules("merci", auto=False), 42)
    assert lucie.state.piles == merci.state.piles


def test_two_packs_are_told_apart_by_copy_and_compare_by_face():
    deck = new_deck(copies=2)
    assert len(deck) == 104 and len(set(deck)) == 104
    first, second = Card(6, "S"), Card(6, "S", 1)
    assert first != second and first.face == second.face
    assert str(second) == "6S" and parse_card("6s") == first
