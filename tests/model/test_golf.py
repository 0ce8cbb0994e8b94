"""Golf, each test from its rules (solitaire/model/games/golf.py, as PySolFC's Golf,
Dead King Golf and Relaxed Golf)."""

import pytest
from helpers import game_with, pile

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import IllegalMove, Move, MoveKind, Status

DEAL = Move(MoveKind.DEAL)
EMPTY = {f"t{n}": "" for n in range(1, 8)}


def test_seven_columns_of_five_face_up_one_card_on_the_waste_and_sixteen_in_the_stock():
    game = Game(make_rules("golf"), 3)
    assert [len(game.state.piles[f"t{n}"]) for n in range(1, 8)] == [5] * 7
    assert len(game.state.piles["waste"]) == 1 and len(game.state.piles["stock"]) == 16
    assert not game.state.down
    assert sorted(game.state.all_cards()) == sorted(game.rules.deck())


def test_a_top_card_goes_on_the_waste_one_rank_above_or_below_whatever_its_suit():
    game = game_with("golf", {**EMPTY, "t1": "5D 8S", "t2": "6C", "t3": "9C", "waste": "7H"})
    game.play_text("1w")  # an eight of spades on a seven of hearts
    game.play_text("3w")  # a nine on the eight: up
    assert pile(game, "waste") == "7H 8S 9C"
    with pytest.raises(IllegalMove, match="not one rank above or below"):
        game.play_text("2w")  # a six on a nine
    assert pile(game, "t2") == "6C"


def test_only_the_top_card_of_a_column_goes_and_the_columns_take_no_cards():
    game = game_with("golf", {**EMPTY, "t1": "6D 3S", "t2": "8C", "waste": "7H"})
    with pytest.raises(IllegalMove):
        game.play(Move(MoveKind.MOVE, "t1", "waste", 2))
    with pytest.raises(IllegalMove, match="only onto the waste"):
        game.play(Move(MoveKind.MOVE, "t2", "t1"))
    with pytest.raises(IllegalMove):
        game.play(Move(MoveKind.MOVE, "waste", "t1"))


def test_the_stock_deals_any_card_onto_the_waste_one_at_a_time_once():
    game = game_with("golf", {**EMPTY, "t1": "KS", "stock": "2C 9D", "waste": "5H"})
    game.play_text("D")
    assert pile(game, "waste") == "5H 9D" and pile(game, "stock") == "2C"
    game.play_text("D")
    with pytest.raises(IllegalMove, match="stock is empty"):
        game.play(DEAL)


def test_the_stock_may_be_dealt_while_a_column_card_could_go():
    """PySolFC's Golf deals whenever the stock is clicked: a card that could go may be
    held back for a card still in the stock."""
    game = game_with("golf", {**EMPTY, "t1": "6D 4H", "t2": "5D", "stock": "3D", "waste": "6S"})
    assert game.rules.is_legal(game.state, Move(MoveKind.MOVE, "t2", "waste"))
    game.play_text("D")  # the five is held back: three, four, five, six follow
    for text in ("1w", "2w", "1w"):
        game.play_text(text)
    assert game.rules.is_won(game.state)


@pytest.mark.parametrize(
    ("kings", "on_king", "king_on_ace"),
    [("golf", ["QC"], False), ("dead-king", [], False), ("relaxed", ["QC", "AC"], True)],
)
def test_the_kings_rule_says_what_a_king_takes(kings, on_king, king_on_ace):
    for card in ("QC", "AC"):
        game = game_with("golf", {**EMPTY, "t1": card, "waste": "KH"}, kings=kings)
        assert game.rules.is_legal(game.state, Move(MoveKind.MOVE, "t1", "waste")) == (
            card in on_king
        ), card
    game = game_with("golf", {**EMPTY, "t1": "KS", "waste": "AH"}, kings=kings)
    assert game.rules.is_legal(game.state, Move(MoveKind.MOVE, "t1", "waste")) == king_on_ace
    game = game_with("golf", {**EMPTY, "t1": "KS", "waste": "QH"}, kings=kings)
    game.play_text("1w")  # a king on a queen, in every rule


def test_won_when_the_columns_are_empty_with_cards_left_in_the_stock():
    game = game_with("golf", {**EMPTY, "t4": "4C", "stock": "2C 9D", "waste": "5H"})
    game.play_text("4w")
    assert game.rules.is_won(game.state)
    assert game.rules.status(game.state) == Status.WON
    assert not game.rules.is_legal(game.state, DEAL)  # nothing left to deal for


def test_lost_when_the_stock_is_empty_and_no_card_can_go():
    game = game_with("golf", {**EMPTY, "t1": "9C", "t2": "2D", "waste": "5H"})
    assert game.rules.status(game.state) == Status.LOST
    game = game_with("golf", {**EMPTY, "t1": "9C", "stock": "8D", "waste": "5H"})
    assert game.rules.status(game.state) == Status.OPEN


def test_the_score_counts_the_cards_cleared_from_the_columns():
    game = Game(make_rules("golf"), 3)
    assert game.rules.score(game.state) == 0
    game.play(DEAL)
    assert game.rules.score(game.state) == 0  # a card from the stock clears nothing
    game = game_with("golf", {**EMPTY, "t1": "9C", "t2": "8D", "waste": "7H"})
    game.play_text("2w")
    assert game.rules.score(game.state) == 35 - 1
