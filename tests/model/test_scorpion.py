"""Scorpion, each test from its rules (solitaire/model/games/scorpion.py)."""

import pytest
from helpers import game_with, pile

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import IllegalMove, Move, MoveKind

KINGS = {f"t{n}": "KS" for n in range(1, 8)}  # no empty column unless a test makes one
DEAL = Move(MoveKind.DEAL)
HEARTS = " ".join(f"{rank}H" for rank in "KQJT98765432A")


def move(src, dst, count=1):
    return Move(MoveKind.MOVE, src, dst, count)


def test_seven_columns_of_seven_the_first_four_with_three_face_down_and_three_in_the_stock():
    game = Game(make_rules("scorpion"), 7)
    state = game.state
    assert [len(state.piles[f"t{n}"]) for n in range(1, 8)] == [7] * 7
    assert [state.face_down(f"t{n}") for n in range(1, 8)] == [3, 3, 3, 3, 0, 0, 0]
    assert len(state.piles["stock"]) == 3
    assert sorted(state.all_cards()) == sorted(game.rules.deck())


def test_columns_build_down_in_suit_any_face_up_card_moving_with_those_on_it():
    game = game_with("scorpion", {**KINGS, "t1": "8S", "t2": "QD 7H 2C", "t3": "QC 7S 3D"})
    with pytest.raises(IllegalMove, match="does not go on"):
        game.play(move("t2", "t1", 2))
    game.play_text("31v2")
    assert pile(game, "t1") == "8S 7S 3D" and pile(game, "t3") == "QC"


def test_only_a_king_fills_an_empty_column():
    game = game_with("scorpion", {**KINGS, "t1": "", "t2": "QH", "t3": "5C KD 3S"})
    with pytest.raises(IllegalMove, match="only a king"):
        game.play(move("t2", "t1"))
    game.play(move("t3", "t1", 2))
    assert pile(game, "t1") == "KD 3S"


def test_the_stock_is_dealt_once_onto_the_first_three_columns_at_any_time():
    game = game_with("scorpion", {**KINGS, "t2": "", "stock": "2C 3D 4H"})
    game.play_text("D")
    assert [pile(game, f"t{n}") for n in range(1, 4)] == ["KS 4H", "3D", "KS 2C"]  # from the top
    with pytest.raises(IllegalMove, match="has been dealt"):
        game.play(DEAL)


def test_a_run_from_king_to_ace_in_suit_goes_home_whole_once_nothing_lies_on_it():
    game = game_with("scorpion", {**KINGS, "t1": "9C " + HEARTS[:-3], "t2": "3S AH 4C", "t3": "5C"})
    with pytest.raises(IllegalMove):
        game.play(Move(MoveKind.MOVE, "t2", "h1"))  # no single card goes home
    game.play(move("t2", "t1", 2))
    assert not game.state.piles["h1"]  # the 4C lies on the ace: not a whole run yet
    game.play(move("t1", "t3"))
    assert pile(game, "h1") == HEARTS and pile(game, "t1") == "9C"


def test_the_game_is_won_with_the_four_suits_home():
    home = {
        f"h{n}": " ".join(f"{rank}{suit}" for rank in "KQJT98765432A")
        for n, suit in enumerate("CDH", start=1)
    }
    spades = " ".join(f"{rank}S" for rank in "KQJT98765432")
    game = game_with("scorpion", {**home, "t1": spades, "t2": "AS"})
    assert not game.rules.is_won(game.state)
    game.play(move("t2", "t1"))
    assert game.rules.is_won(game.state)
