"""Beleaguered Castle, each test from its rules (solitaire/model/games/castle.py)."""

import pytest
from helpers import game_with, pile

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import IllegalMove, Move, MoveKind

FULL = {f"t{n}": "KS" for n in range(1, 9)}  # no empty rows unless a test makes them


def test_aces_start_home_and_eight_rows_of_six():
    game = Game(make_rules("castle"), 7)
    assert [pile(game, f) for f in ("fC", "fD", "fH", "fS")] == ["AC", "AD", "AH", "AS"]
    assert [len(game.state.piles[f"t{n}"]) for n in range(1, 9)] == [6] * 8
    cards = [card for cards in game.state.piles.values() for card in cards]
    assert sorted(cards) == sorted(game.rules.deck())


def test_deals_differ_and_repeat():
    rules = make_rules("castle")
    assert rules.deal(1).key() == rules.deal(1).key()
    assert rules.deal(1).key() != rules.deal(2).key()


def test_build_down_regardless_of_suit():
    game = game_with("castle", {**FULL, "t1": "7C", "t2": "8H", "t3": "8C", "t4": "9D"})
    game.play_text("12")
    assert pile(game, "t2") == "8H 7C"
    game.play_text("23")  # the 7C again, now onto the 8 of its own suit
    assert pile(game, "t3") == "8C 7C"
    with pytest.raises(IllegalMove, match="does not go on"):
        game.play_text("34")  # a 7 on a 9


def test_one_card_at_a_time():
    game = game_with("castle", {**FULL, "t1": "8H 7C", "t2": "9S"})
    with pytest.raises(IllegalMove):
        game.play_text("12v2")  # the 8H and 7C together onto the 9S: not in this game
    with pytest.raises(IllegalMove):
        game.play_text("12")  # the top card alone moves: a 7 does not go on a 9
    assert pile(game, "t1") == "8H 7C" and pile(game, "t2") == "9S"


def test_any_card_to_an_empty_row():
    game = game_with("castle", {**FULL, "t1": "5D", "t2": ""})
    game.play_text("12")
    assert pile(game, "t2") == "5D" and pile(game, "t1") == ""


def test_foundations_build_up_in_suit_and_keep_their_cards():
    home = {"fC": "AC", "fD": "AD", "fH": "AH", "fS": "AS"}
    game = game_with("castle", {**FULL, **home, "t1": "2C", "t2": "2D 3C"})
    with pytest.raises(IllegalMove):
        game.play_text("2h")  # the 3C before the 2C
    game.play_text("1h")
    game.play_text("2h")
    assert pile(game, "fC") == "AC 2C 3C"
    with pytest.raises(IllegalMove, match="stay"):
        game.play(Move(MoveKind.MOVE, "fC", "t1"))


def test_the_left_wing_fans_leftwards_and_the_right_wing_rightwards():
    slots = {slot.pile: slot for slot in make_rules("castle").arrangement().slots}
    assert {slots[f"t{n}"].spread for n in range(1, 5)} == {"left"}
    assert {slots[f"t{n}"].spread for n in range(5, 9)} == {"right"}
    middle = slots["fC"].x
    assert all(slots[f"t{n}"].x < middle for n in range(1, 5))
    assert all(slots[f"t{n}"].x > middle for n in range(5, 9))
