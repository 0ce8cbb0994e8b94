"""Forty Thieves, each test from its rules (solitaire/model/games/fortythieves.py)."""

import pytest
from helpers import game_with, pile

from solitaire.model.cards import Card
from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import IllegalMove, Move, MoveKind, Status

COLUMNS = [f"t{n}" for n in range(1, 11)]
FULL = {name: "KH" for name in COLUMNS}  # no empty column unless a test makes one
TURN = Move(MoveKind.TURN)


def move(src, dst, count=1):
    return Move(MoveKind.MOVE, src, dst, count)


def suit_home(suit: str, copies: int = 2) -> dict:
    """Both foundations of ``suit`` (or ``copies`` of them) holding ace to king."""
    run = " ".join(rank + suit for rank in "A23456789TJQK")
    return {f"f{suit}{n}": run for n in range(1, copies + 1)}


def test_two_packs_ten_columns_of_four_face_up_and_64_in_the_stock():
    game = Game(make_rules("fortythieves"), 5)
    state = game.state
    assert [len(state.piles[name]) for name in COLUMNS] == [4] * 10
    assert not state.down or not any(state.down.values())
    assert len(state.piles["stock"]) == 64 and not state.piles["waste"]
    cards = state.all_cards()
    assert len(set(cards)) == 104 and sorted(cards) == sorted(game.rules.deck())


def test_columns_build_down_in_suit():
    game = game_with("fortythieves", {**FULL, "t1": "8S", "t2": "7H", "t3": "7S"})
    with pytest.raises(IllegalMove, match="does not go on"):
        game.play(move("t2", "t1"))  # a seven of hearts on the eight of spades
    game.play(move("t3", "t1"))
    assert pile(game, "t1") == "8S 7S"


def test_one_card_moves_at_a_time_unless_the_runs_option_is_on():
    layout = {**FULL, "t1": "9S 8S 7S", "t2": "TS", "t3": "", "t4": "9S"}
    game = game_with("fortythieves", layout)
    with pytest.raises(IllegalMove, match="only the top card"):
        game.play(move("t1", "t2", 3))
    runs = game_with("fortythieves", layout, moves="runs")
    with pytest.raises(IllegalMove, match="only 2 cards"):
        runs.play(move("t1", "t2", 3))  # one empty column doubles one card: two
    runs.play(move("t1", "t4", 2))
    assert pile(runs, "t4") == "9S 8S 7S" and pile(runs, "t3") == ""


def test_any_card_fills_an_empty_column():
    game = game_with("fortythieves", {**FULL, "t1": "", "t2": "KH 5D"})
    game.play(move("t2", "t1"))
    assert pile(game, "t1") == "5D"


def test_the_stock_turns_one_card_at_a_time_onto_the_waste_whose_top_is_in_play():
    game = game_with("fortythieves", {**FULL, "t1": "8S", "stock": "2D 7S 3C"})
    game.play(TURN)
    assert pile(game, "waste") == "3C" and pile(game, "stock") == "2D 7S"
    game.play(TURN)
    game.play(move("waste", "t1"))
    assert pile(game, "t1") == "8S 7S" and pile(game, "waste") == "3C"


def test_there_is_only_one_pass_through_the_stock():
    game = game_with("fortythieves", {**FULL, "stock": "2D", "waste": "3C"})
    game.play(TURN)
    with pytest.raises(IllegalMove, match="no more passes"):
        game.play(TURN)
    assert not game.state.piles["stock"]


def test_eight_foundations_two_a_suit_build_up_from_the_ace_and_cards_home_stay():
    ace, twin = Card(1, "S", 0), Card(1, "S", 1)
    game = game_with("fortythieves", {**FULL, "t1": "2S", "t2": "AS", "t3": "AS"})
    game.state.piles["t3"] = [twin]
    game.play(move("t2", "fS1"))
    game.play(move("t3", "fS2"))
    assert game.state.piles["fS1"] == [ace] and game.state.piles["fS2"] == [twin]
    game.play(move("t1", "fS1"))
    with pytest.raises(IllegalMove, match="stay there"):
        game.play(move("fS1", "t2"))
    with pytest.raises(IllegalMove, match="cannot go to the foundation"):
        game.play(move("t4", "fH1"))  # a king of hearts on an empty foundation


def test_the_game_is_won_with_all_104_cards_home():
    layout = {name: "" for name in COLUMNS}
    for suit in "SHD":
        layout.update(suit_home(suit))
    layout.update(suit_home("C", copies=1))
    layout["fC2"] = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC"
    layout["t1"] = "KC"
    game = game_with("fortythieves", layout)
    for name in game.rules.foundations:  # the second pack's cards are its copies
        if name.endswith("2"):
            game.state.piles[name] = [card._replace(deck=1) for card in game.state.piles[name]]
    game.state.piles["t1"] = [Card(13, "C", 1)]
    assert game.status() == Status.OPEN
    game.play(move("t1", "fC2"))
    assert game.status() == Status.WON
