"""Vierfrei, each test from the words of its manual, *Vierfrei* (vierfrei.doc, J. T.
Toerring, 1993)."""

import subprocess

import pytest
from helpers import HANG_GUARD, game_with, pile

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import IllegalMove, Move, MoveKind

FULL = {f"t{n}": "KS" for n in range(1, 9)}  # no empty columns unless a test makes them


def test_eight_columns_of_seven_and_six():
    game = Game(make_rules("vierfrei"), 1)
    assert [len(game.state.piles[f"t{n}"]) for n in range(1, 9)] == [7, 7, 7, 7, 6, 6, 6, 6]


def test_build_down_in_alternate_colour_one_less():
    # "you can place a 7 of clubs or spades only onto a 8 of hearts or diamonds"
    game = game_with("vierfrei", {**FULL, "t1": "7C", "t2": "8H", "t3": "8S", "t4": "9D"})
    with pytest.raises(IllegalMove, match="does not go on"):
        game.play_text("13")
    with pytest.raises(IllegalMove):
        game.play_text("14")
    game.play_text("12")
    assert pile(game, "t2") == "8H 7C"


def test_four_free_cells_hold_one_card_each():
    game = game_with("vierfrei", {**FULL, "t1": "2C 3D 4S 5H 6C"})
    for cell in "abcd":
        game.play_text("1" + cell)
    assert [pile(game, c) for c in ("c1", "c2", "c3", "c4")] == ["6C", "5H", "4S", "3D"]
    with pytest.raises(IllegalMove, match="taken"):
        game.play_text("1a")


def test_any_card_to_an_empty_column():
    game = game_with("vierfrei", {**FULL, "t1": "", "t2": "KS 5D"})
    game.play_text("21")
    assert pile(game, "t1") == "5D"


def test_no_taking_back_a_card_from_its_final_position():
    game = game_with("vierfrei", {**FULL, "fH": "AH 2H", "t1": "3S"})
    with pytest.raises(IllegalMove, match="stay there"):
        game.play(Move(MoveKind.MOVE, "fH", "t1"))


def test_multi_card_moves_use_free_cells_and_empty_columns():
    run = "KS QD JC TD 9C 8D 7C 6D 5C 4D 3C"
    game = game_with(
        "vierfrei", {**FULL, "t1": "2H " + run, "t2": "", "t3": "", "c1": "AS", "c2": "AD"}
    )
    # two free cells, two empty columns: (2 + 1) * 2^2 = 12 onto a column, 6 into an empty one
    assert game.rules.run_limit(game.state, "t1", "t4") == 12
    assert game.rules.run_limit(game.state, "t1", "t2") == 6
    turn = game.play_text("12v6")  # into an empty column the count is written (fc-solve -snx)
    assert pile(game, "t2") == "8D 7C 6D 5C 4D 3C"
    assert all(step.count == 1 for step in turn.steps)
    assert pile(game, "t3") == "" and pile(game, "c3") == "" and pile(game, "c4") == ""
    game.undo()
    game.play_text("12v2")
    assert pile(game, "t2") == "4D 3C"


def test_multi_card_steps_replay_as_single_legal_moves():
    layout = {**FULL, "t1": "2H KS QD JC TD 9C 8D", "t2": "", "t5": "KC", "c1": "AS"}
    game = game_with("vierfrei", layout)
    turn = game.play(Move(MoveKind.MOVE, "t1", "t5", 5))  # the queen down to the eight
    assert pile(game, "t5") == "KC QD JC TD 9C 8D"
    replay = game_with("vierfrei", layout)
    for step in turn.steps:
        replay.play(Move(MoveKind.MOVE, step.src, step.dst))
    assert replay.state.key() == game.state.key()


def test_safe_play_home_only_when_no_card_in_play_can_need_it():
    # "a black 4 will only be removed if there are no red 3's in the game any more"
    home = {"fS": "AS 2S 3S", "fH": "AH 2H 3H", "fC": "AC 2C 3C", "fD": "AD 2D"}
    game = game_with("vierfrei", {**FULL, **home, "t1": "4S", "t2": "3D"})
    game.play_text("#")  # the three of diamonds goes; then no red three is left for 4S
    assert pile(game, "fD") == "AD 2D 3D" and pile(game, "fS") == "AS 2S 3S 4S"
    home = {"fS": "AS 2S 3S", "fH": "AH 2H 3H", "fC": "AC", "fD": "AD"}
    blocked = game_with(
        "vierfrei", {**FULL, **home, "t1": "4S", "t2": "3D", "t3": "2D", "t4": "2C KS"}
    )
    blocked.play_text("#")
    assert pile(blocked, "fD") == "AD 2D"  # the three waits: the two of clubs may need it
    assert pile(blocked, "fS") == "AS 2S 3S"  # and the four waits for the three of diamonds
    with pytest.raises(IllegalMove, match="safely"):
        blocked.play_text("#")


def test_safe_play_after_every_move_is_an_option():
    layout = {**FULL, "t1": "AH", "t2": "KS 2H"}
    manual = game_with("vierfrei", layout)
    manual.play_text("1h")
    assert pile(manual, "t2") == "KS 2H"
    auto = game_with(
        "vierfrei", {**layout, "t1": "AH 5C", "t3": "", "fC": "AC", "fS": "AS"}, auto=True
    )
    auto.play_text("13")
    assert pile(auto, "fH") == "AH 2H"


def test_freecell_notation_and_errors():
    game = Game(make_rules("vierfrei"), 1)
    for text in ("6a", "6b", "6h", "6h", "bh"):
        move = game.rules.parse_move(text, game.state)
        assert game.rules.format_move(move, game.state) == text
        game.play(move)
    for bad, reason in (
        ("9a", "not a move"),
        ("ha", "destination"),
        ("1", "not a move"),
        ("3v", "number"),
        ("", "not a move"),
    ):
        before = game.state.key()
        with pytest.raises(IllegalMove, match=reason):
            game.play_text(bad)
        assert game.state.key() == before


def test_show_prints_the_freecell_solver_board():
    game = Game(make_rules("vierfrei"), 1)
    assert game.show().splitlines()[0] == ": JD KD 2S 4C 3S 6D 6S"
    game.play_sequence(["6a", "6b", "6h"])
    lines = game.show().splitlines()
    assert lines[:2] == ["Foundations: H-0 C-A D-0 S-0", "Freecells: 3D 2C - -"]


def test_freecell_solver_reads_our_board_when_it_is_installed(tmp_path):
    game = Game(make_rules("vierfrei"), 1)
    game.play_sequence(["6a", "6b", "6h"])
    try:
        result = subprocess.run(
            ["fc-solve", "-m", "-snx"],
            input=game.show(),
            text=True,
            capture_output=True,
            timeout=HANG_GUARD,
            check=False,
        )
    except FileNotFoundError:
        pytest.skip("fc-solve (Debian freecell-solver-bin) is not installed")
    assert "This game is solveable." in result.stdout
