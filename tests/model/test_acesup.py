"""Aces Up, each test from its rules (solitaire/model/games/acesup.py, as Wikipedia
describes it)."""

import pytest
from helpers import game_with, pile

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import IllegalMove, Move, MoveKind, Status

DEAL = Move(MoveKind.DEAL)


def discard(game, column: str) -> None:
    game.play(Move(MoveKind.MOVE, column, "discards"))


def test_four_cards_in_a_row_and_48_in_the_stock():
    game = Game(make_rules("acesup"), 5)
    assert [len(game.state.piles[f"t{n}"]) for n in range(1, 5)] == [1] * 4
    assert len(game.state.piles["stock"]) == 48
    assert sorted(game.state.all_cards()) == sorted(game.rules.deck())


def test_a_top_card_is_discarded_when_a_higher_one_of_its_suit_tops_another_column():
    game = game_with("acesup", {"t1": "4S", "t2": "9S", "t3": "KD", "t4": "3C", "stock": "2H"})
    discard(game, "t1")  # the 4 under the 9 of its suit
    assert pile(game, "discards") == "4S" and pile(game, "t1") == ""
    with pytest.raises(IllegalMove, match="no higher club"):
        discard(game, "t4")  # no higher club on top
    with pytest.raises(IllegalMove):
        discard(game, "t2")  # the highest spade in sight stays


def test_aces_rank_high():
    game = game_with("acesup", {"t1": "KH", "t2": "AH", "t3": "", "t4": ""})
    discard(game, "t1")  # a king under the ace of its suit
    with pytest.raises(IllegalMove):
        discard(game, "t2")


def test_only_top_cards_count():
    game = game_with("acesup", {"t1": "9S 5D", "t2": "4S", "t3": "KC", "t4": "3H"})
    with pytest.raises(IllegalMove):
        discard(game, "t2")  # the 9 of spades lies under the 5 of diamonds


def test_a_top_card_may_fill_an_empty_column_and_nothing_goes_on_a_card():
    game = game_with("acesup", {"t1": "AS 5D", "t2": "", "t3": "KC", "t4": "3H"})
    with pytest.raises(IllegalMove, match="only into an empty column"):
        game.play(Move(MoveKind.MOVE, "t4", "t3"))
    game.play(Move(MoveKind.MOVE, "t1", "t2"))
    assert pile(game, "t1") == "AS" and pile(game, "t2") == "5D"


def test_under_the_aces_rule_only_an_ace_fills_an_empty_column():
    layout = {"t1": "5D AS", "t2": "", "t3": "KC 7H", "t4": "3H"}
    game = game_with("acesup", layout, empty="aces")
    with pytest.raises(IllegalMove, match="only an ace"):
        game.play(Move(MoveKind.MOVE, "t3", "t2"))
    game.play(Move(MoveKind.MOVE, "t1", "t2"))
    assert pile(game, "t2") == "AS"


def test_a_row_is_dealt_onto_the_columns_only_when_no_card_can_be_discarded():
    layout = {"t1": "4S", "t2": "9S", "t3": "KD", "t4": "", "stock": "2C 3C 4C 5C 6C"}
    game = game_with("acesup", layout)
    with pytest.raises(IllegalMove, match="discard"):
        game.play(DEAL)
    discard(game, "t1")
    game.play(DEAL)  # an empty column need not be filled first
    assert [pile(game, f"t{n}") for n in range(1, 5)] == ["6C", "9S 5C", "KD 4C", "3C"]
    assert pile(game, "stock") == "2C"


def test_won_with_the_four_aces_alone_left_and_the_score_counts_the_discards():
    game = game_with("acesup", {"t1": "AS", "t2": "AH", "t3": "AD AC", "t4": "2C"})
    game.state.piles["discards"] = [
        card for card in game.rules.deck() if card.rank != 1 and str(card) != "2C"
    ]
    assert game.rules.score(game.state) == 47
    discard(game, "t4")
    assert game.rules.status(game.state) == Status.WON
    assert game.rules.score(game.state) == 48


def test_lost_when_the_stock_is_empty_and_nothing_can_go():
    game = game_with("acesup", {"t1": "AS 2H", "t2": "KD", "t3": "QC", "t4": "JS"})
    assert game.rules.status(game.state) == Status.LOST
