"""The command line, run as a user would: python main.py ..."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def main(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )


def test_show_prints_deal_1_as_freecell_solver_reads_it():
    result = main("--game", "vierfrei", "--deal", "1", "--show")
    assert result.returncode == 0
    assert result.stdout.splitlines() == [
        ": JD KD 2S 4C 3S 6D 6S",
        ": 2D KC KS 5C TD 8S 9C",
        ": 9H 9S 9D TS 4S 8D 2H",
        ": JC 5S QD QH TH QS 6H",
        ": 5D AD JS 4H 8H 6C",
        ": 7H QC AS AC 2C 3D",
        ": 7C KH AH 4D JH 8C",
        ": 5H 3H 3C 7S 7D TC",
    ]


@pytest.mark.parametrize("game_id", ["lucie", "merci", "prince", "canfield"])
def test_show_prints_every_other_game_in_the_same_style(game_id):
    result = main("--game", game_id, "--deal", "3", "--show")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Foundations: H-")
    columns = [line for line in lines if line.startswith(":")]
    assert len(columns) == {"lucie": 18, "merci": 18, "prince": 9, "canfield": 4}[game_id]


def test_moves_are_played_before_the_position_is_shown():
    result = main("--game", "vierfrei", "--deal", "1", "--moves", "6a 6b 6h", "--show")
    assert result.returncode == 0
    assert "Freecells: 3D 2C - -" in result.stdout
    assert ": 7H QC AS" in result.stdout


def test_the_first_illegal_move_stops_with_its_number_and_reason():
    result = main("--game", "vierfrei", "--deal", "1", "--moves", "6a 6b 3h 6h", "--show")
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.strip() == (
        "main.py: move 3 '3h': the 2 of hearts cannot go to the foundation yet"
    )


def test_rule_options_on_the_command_line():
    result = main("--game", "canfield", "--rule", "mode=3", "--deal", "5", "--moves", "N", "--show")
    assert result.returncode == 0
    waste = next(line for line in result.stdout.splitlines() if line.startswith("Waste:"))
    assert len(waste.split()) == 2  # by ones: one card turned
    result = main("--game", "merci", "--rule", "redeals=unlimited", "--deal", "5", "--show")
    assert "Reshuffles left: unlimited" in result.stdout


def test_status_line():
    result = main("--game", "lucie", "--deal", "2", "--status")
    assert result.returncode == 0
    assert result.stdout.strip() == "status: open; score: 0 / 100; moves: 0"


@pytest.mark.parametrize(
    "args",
    [
        ("--game", "klondike", "--show"),
        ("--game", "lucie", "--deal", "x", "--show"),
        ("--game", "lucie", "--deal", "1000001", "--show"),
        ("--game", "merci", "--rule", "redeals=many", "--show"),
        ("--game", "merci", "--rule", "nonsense", "--show"),
        ("--game", "prince", "--rule", "colour=blue", "--show"),
        ("--show",),
        ("--game", "lucie", "--frobnicate"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_code_2(args):
    result = main(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_help_documents_every_game_option_and_notation():
    result = main("--help")
    assert result.returncode == 0
    for word in (
        "lucie",
        "merci",
        "prince",
        "canfield",
        "vierfrei",
        "redeals=",
        "mercis=",
        "kings=",
        "auto=",
        "move-once=",
        "sequence=",
        "mode=",
        "54v3",
    ):
        assert word in result.stdout


def test_a_damaged_replay_file_is_named_with_its_first_bad_line(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("game: vierfrei\ndeal: 1\nmoves:\n6a 6b\nzz\n")
    result = main("--replay", str(path))
    assert result.returncode == 2
    assert "line 5" in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_solve_prints_a_solution_that_replays_and_proves_11982_lost():
    result = main("--game", "vierfrei", "--deal", "617", "--solve", "--atomic")
    assert result.returncode == 0
    moves = [line for line in result.stdout.splitlines() if not line.startswith("#")]
    assert all(len(move) == 2 for move in moves)  # single-card steps only
    replay = main("--game", "vierfrei", "--deal", "617", "--moves", " ".join(moves), "--status")
    assert replay.stdout.startswith("status: won")
    lost = main("--game", "vierfrei", "--deal", "11982", "--solve", "--max-seconds", "60")
    assert lost.returncode == 1 and "not winnable" in lost.stdout


def test_solve_for_the_other_games_replays_without_the_automatic_moves():
    result = main("--game", "prince", "--deal", "2", "--solve")
    assert result.returncode == 0
    moves = [line for line in result.stdout.splitlines() if not line.startswith("#")]
    assert any("(automatic)" in line for line in result.stdout.splitlines())
    replay = main("--game", "prince", "--deal", "2", "--moves", " ".join(moves), "--status")
    assert replay.stdout.startswith("status: won")
    assert main("--game", "prince", "--deal", "1", "--solve").returncode == 1
    gave_up = main("--game", "lucie", "--deal", "5", "--solve", "--max-positions", "50")
    assert gave_up.returncode == 3 and "gave up" in gave_up.stdout
