"""Forty & Eight, each test from its rules (solitaire/model/games/fortyeight.py)."""

import pytest
from helpers import game_with, pile

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import IllegalMove, Move, MoveKind

COLUMNS = [f"t{n}" for n in range(1, 9)]
FULL = {name: "KH" for name in COLUMNS}  # no empty column unless a test makes one
TURN = Move(MoveKind.TURN)


def move(src, dst, count=1):
    return Move(MoveKind.MOVE, src, dst, count)


def test_eight_columns_of_four_face_up_and_the_stock_s_first_card_on_the_waste():
    game = Game(make_rules("fortyeight"), 5)
    state = game.state
    assert [len(state.piles[name]) for name in COLUMNS] == [4] * 8
    assert len(state.piles["waste"]) == 1 and len(state.piles["stock"]) == 71
    assert sorted(state.all_cards()) == sorted(game.rules.deck())


def test_columns_build_down_in_suit():
    game = game_with("fortyeight", {**FULL, "t1": "8S", "t2": "7H", "t3": "7S"})
    with pytest.raises(IllegalMove, match="does not go on"):
        game.play(move("t2", "t1"))
    game.play(move("t3", "t1"))
    assert pile(game, "t1") == "8S 7S"


def test_a_run_in_suit_moves_as_far_as_empty_columns_allow():
    layout = {**FULL, "t1": "QS JS TS 9S 8S", "t2": "KS", "t3": "", "t4": ""}
    game = game_with("fortyeight", layout)
    with pytest.raises(IllegalMove, match="only 4 cards"):
        game.play(move("t1", "t2", 5))  # two empty columns: one card doubled twice
    game.play(move("t1", "t3", 2))  # into an empty column the other one doubles: 2
    assert pile(game, "t3") == "9S 8S"
    with pytest.raises(IllegalMove, match="only 2 cards"):
        game.play(move("t1", "t2", 3))  # one empty column left
    game.play(move("t3", "t1", 2))
    assert pile(game, "t1") == "QS JS TS 9S 8S"


def test_any_card_or_run_fills_an_empty_column():
    game = game_with("fortyeight", {**FULL, "t1": "", "t2": "KH 5D 4D", "t3": ""})
    game.play(move("t2", "t1", 2))
    assert pile(game, "t1") == "5D 4D"


def test_the_waste_goes_back_into_the_stock_once():
    game = game_with("fortyeight", {**FULL, "t1": "8S", "stock": "2D", "waste": "7S 3C"})
    game.play(TURN)
    assert pile(game, "waste") == "7S 3C 2D" and not game.state.piles["stock"]
    game.play(TURN)  # the redeal: the waste turned back over
    assert pile(game, "stock") == "2D 3C 7S" and not game.state.piles["waste"]
    game.play(TURN)
    game.play(move("waste", "t1"))
    for _ in range(2):
        game.play(TURN)
    with pytest.raises(IllegalMove, match="no more passes"):
        game.play(TURN)


def test_eight_foundations_build_up_in_suit_from_the_ace():
    game = game_with("fortyeight", {**FULL, "t1": "AD", "t2": "2D", "waste": "3D"})
    game.play(move("t1", "fD1"))
    game.play(move("t2", "fD1"))
    game.play(move("waste", "fD1"))
    assert pile(game, "fD1") == "AD 2D 3D"
