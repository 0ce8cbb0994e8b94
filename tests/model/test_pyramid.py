"""Pyramid, each test from its rules (PySolFC's Pyramid and Relaxed Pyramid; see
solitaire/model/games/pyramid.py), and the engine's pair and discard moves it plays by."""

import pytest
from helpers import game_with, pile

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.games.pyramid import PLACES, ROWS
from solitaire.model.moves import IllegalMove, Move, MoveKind

# A position the tests change: every place holds a card none of the tests pair by chance.
FULL = {place: "5S" for place in PLACES}


def position(layout: dict[str, str], **options) -> Game:
    return game_with(
        "pyramid", {**FULL, "stock": "", "waste": "", "discard": "", **layout}, **options
    )


def test_a_pyramid_of_seven_rows_the_stock_and_one_card_on_the_waste():
    game = Game(make_rules("pyramid"), 5)
    assert [len(row) for row in ROWS] == list(range(1, 8))
    assert all(len(game.state.piles[place]) == 1 for place in PLACES)
    assert len(game.state.piles["stock"]) == 23 and len(game.state.piles["waste"]) == 1
    cards = [card for cards in game.state.piles.values() for card in cards]
    assert sorted(cards) == sorted(game.rules.deck())


def test_two_free_cards_adding_up_to_13_leave_together():
    game = position({"p7a": "QH", "p7b": "AS"})
    game.play_text("7a7b")
    assert pile(game, "discard") == "QH AS"
    assert pile(game, "p7a") == pile(game, "p7b") == ""
    for low, high in (("2C", "JD"), ("3C", "TD"), ("4C", "9D"), ("5C", "8D"), ("6C", "7D")):
        game = position({"p7c": low, "p7d": high})
        game.play_text("7c7d")
        assert len(game.state.piles["discard"]) == 2


def test_cards_that_do_not_add_up_to_13_stay():
    game = position({"p7a": "QH", "p7b": "2S"})
    with pytest.raises(IllegalMove, match="does not pair"):
        game.play_text("7a7b")


def test_a_king_leaves_alone_and_only_a_king():
    game = position({"p7a": "KH", "p7b": "QS"})
    game.play_text("7ah")
    assert pile(game, "discard") == "KH"
    with pytest.raises(IllegalMove, match="cannot leave alone"):
        game.play_text("7bh")


def test_a_card_is_covered_by_the_two_cards_of_the_row_below_until_both_leave():
    game = position({"p6a": "QH", "p7a": "KS", "p7b": "KD", "p7c": "AC"})
    with pytest.raises(IllegalMove, match="covered"):
        game.play_text("6a7c")
    game.play_text("7ah")
    with pytest.raises(IllegalMove, match="covered"):
        game.play_text("6a7c")  # the king of diamonds still lies on it
    game.play_text("7bh")
    game.play_text("6a7c")
    assert pile(game, "discard") == "KS KD QH AC"


def test_a_card_cannot_pair_with_a_card_lying_on_it():
    game = position({"p6a": "QH", "p7a": "AS", "p7b": "KD"})
    game.play_text("7bh")
    with pytest.raises(IllegalMove, match="covered"):
        game.play_text("6a7a")


def test_the_tops_of_the_stock_and_the_waste_pair_with_the_pyramid_and_each_other():
    game = position({"p7a": "TH", "stock": "4D 3S", "waste": "8C 9D"})
    game.play_text("s7a")  # the stock's top card, the three of spades
    assert pile(game, "discard") == "3S TH"
    game.play_text("ws")  # the waste's nine of diamonds with the stock's four
    assert pile(game, "discard") == "3S TH 9D 4D"
    assert pile(game, "waste") == "8C" and pile(game, "stock") == ""


def test_only_the_top_cards_of_the_stock_and_the_waste_are_free():
    game = position({"p7a": "TH", "stock": "3S 9D", "waste": "3D 5C"})
    with pytest.raises(IllegalMove):
        game.play_text("7as")  # the nine of diamonds is the stock's top card
    with pytest.raises(IllegalMove):
        game.play_text("7aw")  # the five of clubs is the waste's top card


def test_the_stock_turns_one_card_at_a_time_for_three_passes():
    game = position({"stock": "2D 3D", "waste": "4D"}, values={"passes_used": 0})
    game.play_text("D")
    assert pile(game, "waste") == "4D 3D" and pile(game, "stock") == "2D"
    game.play_text("D")
    game.play_text("D")  # the waste back into the stock: the second pass
    assert pile(game, "stock") == "2D 3D 4D" and pile(game, "waste") == ""
    for _ in range(3):
        game.play_text("D")
    game.play_text("D")  # the third pass
    for _ in range(3):
        game.play_text("D")
    with pytest.raises(IllegalMove, match="no more passes"):
        game.play_text("D")


def test_the_passes_option():
    game = position({"stock": "2D", "waste": ""}, passes="1", values={"passes_used": 0})
    game.play_text("D")
    with pytest.raises(IllegalMove, match="no more passes"):
        game.play_text("D")
    game = position({"stock": "2D", "waste": ""}, passes="unlimited")
    for _ in range(9):
        game.play_text("D")


def test_the_pack_must_be_discarded_to_win():
    game = position({place: "" for place in PLACES} | {"p7a": "KH", "waste": "QS"})
    game.play_text("7ah")
    assert not game.rules.is_won(game.state)


def test_relaxed_pyramid_is_won_with_the_pyramid_cleared():
    layout = {place: "" for place in PLACES} | {"p7a": "KH", "waste": "QS"}
    game = position(layout, goal="pyramid")
    game.play_text("7ah")
    assert game.rules.is_won(game.state)


def test_a_pair_is_undone_redone_and_written_in_the_notation():
    game = position({"p7a": "QH", "waste": "AS"})
    turn = game.play(Move(MoveKind.PAIR, "p7a", "discard", partner="waste"))
    assert turn.text == "7aw"
    game.undo()
    assert pile(game, "p7a") == "QH" and pile(game, "waste") == "AS"
    game.redo()
    assert pile(game, "discard") == "QH AS"
    assert game.rules.describe_move(turn.move, position({"p7a": "QH", "waste": "AS"}).state) == (
        "Pair the queen of hearts with the ace of spades"
    )


def test_a_card_let_go_on_its_partner_pairs_and_on_the_discard_pile_leaves_alone():
    game = position({"p7a": "QH", "p7b": "AS", "p7c": "KD"})
    rules, state = game.rules, game.state
    assert rules.drop_move(state, "p7a", "p7b") == Move(
        MoveKind.PAIR, "p7a", "discard", partner="p7b"
    )
    assert rules.drop_move(state, "p7c", "discard") == Move(MoveKind.DISCARD, "p7c", "discard")


def test_the_moves_listed_are_every_pair_once_and_every_king():
    game = position({"p7a": "QH", "p7b": "AS", "p7c": "KD", "waste": "AH"})
    moves = [move for move in game.legal_moves() if move.kind != MoveKind.TURN]
    assert {frozenset(move.leaving()) for move in moves} == {
        frozenset({"p7a", "p7b"}),
        frozenset({"p7a", "waste"}),
        frozenset({"p7c"}),
    }
