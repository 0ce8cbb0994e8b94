"""Eight Off, each test from its rules (solitaire/model/games/eight_off.py: Wikipedia's and
Freecell Solver's Eight Off)."""

import pytest
from helpers import game_with, pile
from test_bakers import (
    test_the_new_games_play_on_the_table_with_hint_demo_and_winnable_deals as play_on_table,
)

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import IllegalMove, Move, MoveKind
from solitaire.solver.solve import SOLVED, solve_game

FULL = {f"t{n}": "KS" for n in range(1, 9)}  # no empty column unless a test makes one
CELLS_TAKEN = {f"c{n}": "KD" for n in range(1, 9)}  # and no free cell


def test_eight_columns_of_six_and_four_of_eight_free_cells_filled():
    game = Game(make_rules("eightoff"), 7)
    piles = game.state.piles
    assert [len(piles[f"t{n}"]) for n in range(1, 9)] == [6] * 8
    assert [len(piles[f"c{n}"]) for n in range(1, 9)] == [1, 1, 1, 1, 0, 0, 0, 0]
    assert sorted(game.state.all_cards()) == sorted(game.rules.deck())


def test_deals_differ_and_repeat():
    rules = make_rules("eightoff")
    assert rules.deal(1).key() == rules.deal(1).key()
    assert rules.deal(1).key() != rules.deal(2).key()


def test_build_down_in_suit_only():
    game = game_with("eightoff", {**FULL, "t1": "7C", "t2": "8H", "t3": "8C"})
    with pytest.raises(IllegalMove, match="does not go on"):
        game.play_text("12")  # another suit is not enough
    game.play_text("13")
    assert pile(game, "t3") == "8C 7C"


def test_any_card_goes_into_an_empty_free_cell_one_each():
    game = game_with("eightoff", {**FULL, "t1": "5D 7C", "c1": "9H"})
    with pytest.raises(IllegalMove, match="free cell is taken"):
        game.play_text("1a")
    game.play_text("1h")  # h is the eighth free cell here
    assert pile(game, "c8") == "7C"


def test_only_a_king_or_a_run_from_a_king_fills_an_empty_column():
    game = game_with("eightoff", {**FULL, "t1": "", "t2": "4C QD", "t3": "2S KH QH"})
    with pytest.raises(IllegalMove, match="only a king"):
        game.play_text("21")
    game.play_text("31v2")  # a run from its king
    assert pile(game, "t1") == "KH QH" and pile(game, "t3") == "2S"


def test_runs_move_as_far_as_the_free_cells_allow_and_no_further():
    cells = {**CELLS_TAKEN, "c7": "", "c8": ""}  # two empty free cells: three cards
    layout = {"t1": "", "t2": "2D 9C 8C 7C 6C", "t3": "TC", "t4": "2H 8D 7D 6D", "t5": "9D"}
    game = game_with("eightoff", {**FULL, **layout, **cells})
    with pytest.raises(IllegalMove, match="only 3 cards"):
        game.play_text("23v4")  # the empty column does not help: it takes only kings
    game.play_text("45v3")
    assert pile(game, "t5") == "9D 8D 7D 6D" and pile(game, "t4") == "2H"


def test_foundations_build_up_in_suit_from_the_ace_and_keep_their_cards():
    home = {"fS": "AS 2S"}
    game = game_with("eightoff", {**FULL, **home, "t1": "3H", "t2": "3S"})
    with pytest.raises(IllegalMove, match="cannot go to the foundation"):
        game.play_text("10")
    game.play_text("20")  # 0 sends a card home
    assert pile(game, "fS") == "AS 2S 3S"
    with pytest.raises(IllegalMove, match="stay there"):
        game.play(Move(MoveKind.MOVE, "fS", "c1", 1))


def test_safe_play_home_sends_every_card_its_foundation_takes():
    game = game_with("eightoff", {**FULL, "t1": "AH", "t2": "2H", "c5": "AS"})
    game.play_text("#")
    assert pile(game, "fH") == "AH 2H" and pile(game, "fS") == "AS"


def test_the_board_is_shown_as_freecell_solver_reads_it():
    text = Game(make_rules("eightoff"), 1).show()
    lines = text.splitlines()
    assert lines[0].startswith("Freecells: ") and lines[0].split()[5:] == ["-"] * 4
    assert len(lines) == 9 and all(line.startswith(": ") for line in lines[1:])


def test_the_freecell_solver_wins_a_deal_with_a_line_that_replays():
    rules = make_rules("eightoff")
    game = Game(rules, 1)
    won = solve_game(rules, game.state)
    assert won.status == SOLVED
    for move in won.moves:
        game.play(move)
    assert rules.is_won(game.state)


def test_it_plays_on_the_table_with_hint_demo_and_winnable_deals(app):
    # Baker's Game's table test (Seahaven Towers passes it too, and Baker's Dozen, in some
    # 10 s of CPU: a deal proven winnable takes longer to find there)
    play_on_table(app, "eightoff")
