"""Gypsy, each test from its rules (solitaire/model/games/gypsy.py)."""

import pytest
from helpers import game_with, pile

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import IllegalMove, Move, MoveKind

COLUMNS = [f"t{n}" for n in range(1, 9)]
FULL = {name: "KH" for name in COLUMNS}  # no empty column unless a test makes one
DEAL = Move(MoveKind.DEAL)


def move(src, dst, count=1):
    return Move(MoveKind.MOVE, src, dst, count)


def test_eight_columns_of_three_two_face_down_and_80_in_the_stock():
    game = Game(make_rules("gypsy"), 5)
    state = game.state
    assert [len(state.piles[name]) for name in COLUMNS] == [3] * 8
    assert [state.face_down(name) for name in COLUMNS] == [2] * 8
    assert len(state.piles["stock"]) == 80
    assert sorted(state.all_cards()) == sorted(game.rules.deck())


def test_columns_build_down_in_alternate_colours_and_runs_move_whole():
    game = game_with("gypsy", {**FULL, "t1": "9H 8S 7D", "t2": "TC", "t3": "8C", "t4": "9S"})
    with pytest.raises(IllegalMove, match="does not go on"):
        game.play(move("t3", "t4"))  # a black eight on a black nine
    game.play(move("t1", "t2", 3))
    assert pile(game, "t2") == "TC 9H 8S 7D" and pile(game, "t1") == ""


def test_any_card_or_run_fills_an_empty_column():
    game = game_with("gypsy", {**FULL, "t1": "", "t2": "KH 5D 4S"})
    game.play(move("t2", "t1", 2))
    assert pile(game, "t1") == "5D 4S"


def test_a_face_down_card_turns_up_once_uncovered():
    game = game_with("gypsy", {**FULL, "t1": "3C 5D 9H", "t2": "TS"}, down={"t1": 2})
    with pytest.raises(IllegalMove, match="face down"):
        game.play(move("t1", "t2", 2))
    game.play(move("t1", "t2"))
    assert game.state.face_down("t1") == 1


def test_the_stock_deals_a_row_onto_every_column_empty_ones_too():
    stock = " ".join(["2S"] * 8 + ["3D"] * 8)
    game = game_with("gypsy", {**FULL, "t1": "", "stock": stock})
    game.play(DEAL)
    assert pile(game, "t1") == "3D" and all(pile(game, n) == "KH 3D" for n in COLUMNS[1:])
    game.play(DEAL)
    with pytest.raises(IllegalMove, match="used up"):
        game.play(DEAL)


def test_eight_foundations_build_up_in_suit_from_the_ace():
    game = game_with("gypsy", {**FULL, "t1": "AD", "t2": "2D", "t3": "2C"})
    game.play(move("t1", "fD1"))
    with pytest.raises(IllegalMove, match="cannot go to the foundation"):
        game.play(move("t3", "fD1"))
    game.play(move("t2", "fD1"))
    assert pile(game, "fD1") == "AD 2D"
