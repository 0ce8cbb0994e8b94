"""Seahaven Towers, each test from its rules (solitaire/model/games/seahaven.py: Wikipedia's
and Freecell Solver's Seahaven Towers)."""

import pytest
from helpers import game_with, pile

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import IllegalMove
from solitaire.solver.solve import SOLVED, UNSOLVABLE, solve_game

FULL = {f"t{n}": "KS" for n in range(1, 11)}  # no empty column unless a test makes one


def test_ten_columns_of_five_and_the_two_middle_free_cells_filled():
    game = Game(make_rules("seahaven"), 7)
    piles = game.state.piles
    assert [len(piles[f"t{n}"]) for n in range(1, 11)] == [5] * 10
    assert [len(piles[f"c{n}"]) for n in range(1, 5)] == [0, 1, 1, 0]
    assert sorted(game.state.all_cards()) == sorted(game.rules.deck())


def test_deals_differ_and_repeat():
    rules = make_rules("seahaven")
    assert rules.deal(1).key() == rules.deal(1).key()
    assert rules.deal(1).key() != rules.deal(2).key()


def test_build_down_in_suit_only_and_0_is_the_tenth_column():
    game = game_with("seahaven", {**FULL, "t1": "7C", "t2": "8H", "t10": "8C"})
    with pytest.raises(IllegalMove, match="does not go on"):
        game.play_text("12")
    game.play_text("10")
    assert pile(game, "t10") == "8C 7C"


def test_any_card_goes_into_an_empty_free_cell_one_each():
    game = game_with("seahaven", {**FULL, "t1": "5D 7C", "c1": "9H"})
    with pytest.raises(IllegalMove, match="free cell is taken"):
        game.play_text("1a")
    game.play_text("1d")
    assert pile(game, "c4") == "7C"


def test_only_a_king_or_a_run_from_a_king_fills_an_empty_column():
    game = game_with("seahaven", {**FULL, "t1": "", "t2": "4C QD", "t3": "2S KH QH"})
    with pytest.raises(IllegalMove, match="only a king"):
        game.play_text("21")
    game.play_text("31v2")
    assert pile(game, "t1") == "KH QH" and pile(game, "t3") == "2S"


def test_runs_move_as_far_as_the_free_cells_allow_and_no_further():
    cells = {"c1": "KD", "c2": "KH"}  # two empty free cells: three cards
    layout = {"t1": "", "t2": "2D 9C 8C 7C 6C", "t3": "TC", "t4": "2H 8D 7D 6D", "t5": "9D"}
    game = game_with("seahaven", {**FULL, **layout, **cells})
    with pytest.raises(IllegalMove, match="only 3 cards"):
        game.play_text("23v4")  # the empty column does not help: it takes only kings
    game.play_text("45v3")
    assert pile(game, "t5") == "9D 8D 7D 6D" and pile(game, "t4") == "2H"


def test_foundations_build_up_in_suit_from_the_ace():
    game = game_with("seahaven", {**FULL, "fS": "AS 2S", "t1": "3H", "t2": "3S"})
    with pytest.raises(IllegalMove, match="cannot go to the foundation"):
        game.play_text("1h")
    game.play_text("2h")
    assert pile(game, "fS") == "AS 2S 3S"


def test_the_freecell_solver_wins_and_proves_deals_lost():
    rules = make_rules("seahaven")
    game = Game(rules, 1)
    won = solve_game(rules, game.state)
    assert won.status == SOLVED
    for move in won.moves:
        game.play(move)
    assert rules.is_won(game.state)
    # deal 27 cannot be won; fc-solve agrees (test_fcsolve_agrees.py)
    assert solve_game(rules, Game(rules, 27).state).status == UNSOLVABLE
