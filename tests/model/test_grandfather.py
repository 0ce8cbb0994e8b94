"""Grandfather, each test from KPatience's rules (solitaire/model/games/grandfather.py)."""

import pytest
from helpers import game_with, pile

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import IllegalMove, Move, MoveKind, Status

KINGS = {f"t{n}": "KS" for n in range(1, 8)}  # no empty column unless a test makes one
REDEAL = Move(MoveKind.REDEAL)


def move(src, dst, count=1):
    return Move(MoveKind.MOVE, src, dst, count)


def test_28_cards_back_and_forth_then_24_face_up_onto_columns_two_to_seven():
    game = Game(make_rules("grandfather"), 7)
    state = game.state
    # 1, 3, 5, 7, 6, 4 and 2 cards back and forth, then four more on each but the first
    assert [len(state.piles[f"t{n}"]) for n in range(1, 8)] == [1, 7, 9, 11, 10, 8, 6]
    assert [state.face_down(f"t{n}") for n in range(1, 8)] == [0, 2, 4, 6, 5, 3, 1]
    assert sorted(state.all_cards()) == sorted(game.rules.deck())


def test_the_first_row_goes_left_to_right_and_the_second_back_from_the_seventh():
    from solitaire.model.games.grandfather import ROWS_ORDER

    assert ROWS_ORDER[:7] == [0, 1, 2, 3, 4, 5, 6]
    assert ROWS_ORDER[7:13] == [6, 5, 4, 3, 2, 1]
    assert ROWS_ORDER[13:18] == [1, 2, 3, 4, 5]
    assert len(ROWS_ORDER) == 28


def test_columns_build_down_in_suit_any_face_up_card_moving_with_those_on_it():
    game = game_with("grandfather", {**KINGS, "t1": "8S", "t2": "QD 7H 2C", "t3": "QC 7S 3D"})
    with pytest.raises(IllegalMove, match="does not go on"):
        game.play(move("t2", "t1", 2))  # a red seven on a black eight
    game.play(move("t3", "t1", 2))
    assert pile(game, "t1") == "8S 7S 3D" and pile(game, "t3") == "QC"


def test_only_a_king_fills_an_empty_column_and_face_down_cards_turn_up():
    game = game_with("grandfather", {**KINGS, "t1": "", "t2": "5C 9D KD 3S"}, down={"t2": 2})
    with pytest.raises(IllegalMove, match="only a king"):
        game.play(move("t2", "t1"))
    game.play(move("t2", "t1", 2))
    assert pile(game, "t1") == "KD 3S" and game.state.face_down("t2") == 1


def test_foundations_build_up_in_suit_from_the_ace():
    game = game_with("grandfather", {**KINGS, "t1": "2H", "t2": "AH"})
    with pytest.raises(IllegalMove):
        game.play_text("1h")
    game.play_text("2h")
    game.play_text("1h")
    assert pile(game, "fH") == "AH 2H"


def test_a_redeal_gathers_the_columns_from_the_seventh_and_deals_them_again_unshuffled():
    """KPatience gathers the seventh column first, each column bottom card first, and its
    deal takes the last card gathered first: the first column's top card."""
    game = Game(make_rules("grandfather"), 3)
    gathered = [card for n in range(7, 0, -1) for card in game.state.piles[f"t{n}"]]
    before = gathered[::-1]  # the order they are dealt in
    game.play(REDEAL)
    fresh = game.rules.deal(3)  # the deal itself is the same pattern from the shuffled pack
    assert [len(game.state.piles[f"t{n}"]) for n in range(1, 8)] == [
        len(fresh.piles[f"t{n}"]) for n in range(1, 8)
    ]
    assert game.state.piles["t1"] == before[:1]  # the last card gathered is dealt first
    assert game.state.piles["t2"][:1] == before[1:2]
    assert [game.state.face_down(f"t{n}") for n in range(1, 8)] == [0, 2, 4, 6, 5, 3, 1]


def test_two_redeals_and_no_more_and_cards_home_stay_home():
    game = game_with(
        "grandfather", {**KINGS, "fC": "AC", "t1": "2C 5D", "t2": "9H"}, {"redeals_used": 0}
    )
    game.play(REDEAL)
    assert pile(game, "fC") == "AC"
    game.play(REDEAL)
    with pytest.raises(IllegalMove, match="both redeals"):
        game.play(REDEAL)
    assert game.rules.redeals_left(game.state) == 0


def test_the_game_is_not_lost_while_a_redeal_is_left():
    game = game_with("grandfather", {**KINGS, "t1": "AC 2C"}, {"redeals_used": 1})
    assert game.rules.status(game.state) == Status.OPEN
    game.state.values["redeals_used"] = 2
    assert game.rules.status(game.state) == Status.LOST


def test_a_redeal_undone_counts_as_help():
    rules = make_rules("grandfather")
    assert MoveKind.REDEAL in rules.undo_reveals
    assert rules.commands["R"] == MoveKind.REDEAL
