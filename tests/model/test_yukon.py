"""Yukon and Russian Solitaire, each test from their rules (solitaire/model/games/yukon.py)."""

import pytest
from helpers import game_with, pile

from solitaire import cli
from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import IllegalMove, Move, MoveKind

KINGS = {f"t{n}": "KS" for n in range(1, 8)}  # no empty column unless a test makes one


def move(src, dst, count=1):
    return Move(MoveKind.MOVE, src, dst, count)


@pytest.mark.parametrize("game_id", ["yukon", "russian"])
def test_seven_columns_hold_the_pack_one_card_then_face_down_cards_under_five_face_up(game_id):
    game = Game(make_rules(game_id), 7)
    state = game.state
    assert [len(state.piles[f"t{n}"]) for n in range(1, 8)] == [1, 6, 7, 8, 9, 10, 11]
    assert [state.face_down(f"t{n}") for n in range(1, 8)] == [0, 1, 2, 3, 4, 5, 6]
    assert sorted(state.all_cards()) == sorted(game.rules.deck())  # no stock: all dealt


def test_deals_differ_and_repeat():
    rules = make_rules("yukon")
    assert rules.deal(1).key() == rules.deal(1).key()
    assert rules.deal(1).key() != rules.deal(2).key()


def test_yukon_builds_down_in_alternate_colours():
    game = game_with("yukon", {**KINGS, "t1": "8S", "t2": "7C", "t3": "7H"})
    with pytest.raises(IllegalMove, match="does not go on"):
        game.play(move("t2", "t1"))  # black on black
    game.play(move("t3", "t1"))
    assert pile(game, "t1") == "8S 7H"


def test_russian_solitaire_builds_down_in_suit():
    game = game_with("russian", {**KINGS, "t1": "8S", "t2": "7H", "t3": "7S"})
    with pytest.raises(IllegalMove, match="does not go on"):
        game.play(move("t2", "t1"))  # red on black: Yukon's move, not here
    game.play(move("t3", "t1"))
    assert pile(game, "t1") == "8S 7S"


@pytest.mark.parametrize("game_id", ["yukon", "russian"])
def test_any_face_up_card_moves_with_the_cards_on_it_in_sequence_or_not(game_id):
    onto = "7H" if game_id == "yukon" else "7S"  # a card the 6S goes on
    game = game_with(game_id, {**KINGS, "t1": "QD 6S 2C JH", "t2": onto}, down={"t1": 1})
    game.play_text("12v3")  # the 6S and the two cards on it, not in sequence
    assert pile(game, "t2") == f"{onto} 6S 2C JH" and pile(game, "t1") == "QD"
    with pytest.raises(IllegalMove, match="does not go on"):
        game.play(move("t2", "t1", 2))  # only the card taken must fit: a 2 on a queen


def test_a_face_down_card_cannot_be_lifted_and_turns_up_when_uncovered():
    game = game_with("yukon", {**KINGS, "t1": "2D 9C 5H", "t2": "6S"}, down={"t1": 2})
    with pytest.raises(IllegalMove, match="face down"):
        game.play(move("t1", "t2", 2))
    game.play(move("t1", "t2"))
    assert game.state.face_down("t1") == 1  # the 9C turned up by itself
    game.undo()
    assert game.state.face_down("t1") == 2 and pile(game, "t1") == "2D 9C 5H"


def test_only_a_king_with_what_lies_on_it_fills_an_empty_column():
    game = game_with("yukon", {**KINGS, "t1": "", "t2": "QH", "t3": "5C KD 3S"})
    with pytest.raises(IllegalMove, match="only a king"):
        game.play(move("t2", "t1"))
    game.play(move("t3", "t1", 2))
    assert pile(game, "t1") == "KD 3S" and pile(game, "t3") == "5C"


def test_foundations_build_up_in_suit_from_the_ace_and_keep_their_cards():
    game = game_with("yukon", {**KINGS, "t1": "2C", "t2": "AC", "fD": "AD"})
    with pytest.raises(IllegalMove):
        game.play_text("1h")  # the 2C before its ace
    game.play_text("2h")
    game.play_text("1h")
    assert pile(game, "fC") == "AC 2C"
    with pytest.raises(IllegalMove, match="stay"):
        game.play(move("fC", "t2"))


def test_the_game_is_won_with_all_52_cards_home():
    home = {f"f{suit}": " ".join(f"{rank}{suit}" for rank in "A23456789TJQ") for suit in "CDHS"}
    game = game_with("yukon", {**home, "t1": "KC KD KH KS"})
    for _ in range(4):
        game.play_text("1h")
    assert game.rules.is_won(game.state)


def test_show_prints_face_down_cards_as_hashes(capsys):
    assert cli.main(["--game", "russian", "--deal", "1", "--show"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith(": ## ## ## ## ## ## ")
