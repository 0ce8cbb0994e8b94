"""Baker's Dozen, each test from its rules (solitaire/model/games/bakers_dozen.py:
Wikipedia's, PySolFC's and Freecell Solver's Baker's Dozen)."""

import pytest
from helpers import game_with, pile

from solitaire.model.cards import Card
from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.games.bakers_dozen import kings_to_the_bottom
from solitaire.model.moves import IllegalMove
from solitaire.solver.solve import SOLVED, solve_game

FULL = {f"t{n}": "KS" for n in range(1, 14)}  # no empty column unless a test makes one


def test_thirteen_columns_of_four():
    game = Game(make_rules("bakersdozen"), 7)
    assert [len(game.state.piles[f"t{n}"]) for n in range(1, 14)] == [4] * 13
    assert sorted(game.state.all_cards()) == sorted(game.rules.deck())


def test_kings_go_to_the_bottom_of_their_column_at_the_deal():
    for deal in range(1, 30):
        for n in range(1, 14):
            ranks = [
                card.rank for card in Game(make_rules("bakersdozen"), deal).state.piles[f"t{n}"]
            ]
            kings = ranks.count(13)
            assert ranks[:kings] == [13] * kings, (deal, n)
    column = [Card(5, "S"), Card(13, "H"), Card(2, "D"), Card(13, "C")]
    assert kings_to_the_bottom(column) == [Card(13, "H"), Card(13, "C"), Card(5, "S"), Card(2, "D")]


def test_deals_differ_and_repeat():
    rules = make_rules("bakersdozen")
    assert rules.deal(1).key() == rules.deal(1).key()
    assert rules.deal(1).key() != rules.deal(2).key()


def test_build_down_regardless_of_suit():
    game = game_with("bakersdozen", {**FULL, "t1": "7C", "t2": "8H", "t3": "9D"})
    game.play_text("12")
    assert pile(game, "t2") == "8H 7C"
    with pytest.raises(IllegalMove, match="does not go on"):
        game.play_text("a3")  # the tenth column's king on a nine


def test_one_card_at_a_time():
    game = game_with("bakersdozen", {**FULL, "t1": "8H 7C", "t2": "9S", "t3": "8D"})
    with pytest.raises(IllegalMove, match="only the top card"):
        game.play_text("12v2")  # the 8H and 7C together onto the 9S
    game.play_text("13")
    assert pile(game, "t3") == "8D 7C" and pile(game, "t1") == "8H"


def test_an_emptied_column_is_never_filled():
    game = game_with("bakersdozen", {**FULL, "t1": "", "t2": "3C KD"})
    with pytest.raises(IllegalMove, match="never filled"):
        game.play_text("21")  # not even a king


def test_foundations_build_up_in_suit_from_the_ace():
    game = game_with("bakersdozen", {**FULL, "fH": "AH", "t1": "2S", "t2": "2H", "t13": "AS"})
    with pytest.raises(IllegalMove, match="cannot go to the foundation"):
        game.play_text("1h")
    game.play_text("2h")
    game.play_text("dh")  # d is the thirteenth column
    assert pile(game, "fH") == "AH 2H" and pile(game, "fS") == "AS"


def test_the_board_is_shown_as_freecell_solver_reads_it():
    lines = Game(make_rules("bakersdozen"), 1).show().splitlines()
    assert len(lines) == 13 and all(len(line.split()) == 5 for line in lines)


def test_the_freecell_solver_wins_a_deal_with_a_line_that_replays():
    rules = make_rules("bakersdozen")
    game = Game(rules, 1)
    won = solve_game(rules, game.state)
    assert won.status == SOLVED
    for move in won.moves:
        game.play(move)
    assert rules.is_won(game.state)
