"""The command line, run as a user would: python main.py ..."""

import contextlib
import io
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import HANG_GUARD, ROOT
from hypothesis import given, settings
from hypothesis import strategies as st
from solve_driver import NO_MEMORY_LIMIT, problem, solve_and_replay
from solve_driver import run as run_cli

from solitaire import cli
from solitaire.model.games import GAMES


def main(*args: str, timeout: float = HANG_GUARD) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
        check=False,
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
        ("--game", "no-such-game", "--show"),
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


def test_help_lists_every_option_the_game_takes():
    """The window's options too (--replay was once missing): each in the help's text."""
    shown = main("--help").stdout
    options = {name for action in cli.window_parser()._actions for name in action.option_strings}
    assert {"--game", "--deal", "--rule", "--windowed", "--mono", "--record", "--replay"} == options
    assert [name for name in sorted(options) if f"  {name}" not in shown] == []
    assert "/B" in shown


def started_as(way: str, tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    """The command line run the way ``way`` names: main.py, python -m solitaire, or the
    solitaire command (the launcher pip writes for the gui-script pipx installs)."""
    if way == "solitaire":
        command = tmp_path / "solitaire"
        command.write_text(
            f"#!{sys.executable}\nimport sys\nfrom solitaire.__main__ import run\n"
            "if __name__ == '__main__':\n    sys.exit(run())\n"
        )
        command.chmod(0o755)
        started = [str(command)]
    else:
        started = [sys.executable, *(["-m", "solitaire"] if way.startswith("python -m") else [way])]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [*started, *args],
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
        cwd=ROOT,
        env=env,
        check=False,
    )


@pytest.mark.skipif(sys.platform == "win32", reason="a script with a #! line")
@pytest.mark.parametrize("way", ["main.py", "python -m solitaire", "solitaire"])
def test_help_and_messages_name_the_command_as_it_was_started(way, tmp_path):
    shown = started_as(way, tmp_path, "--help").stdout
    assert shown.startswith(f"usage: {way} ")
    typed = f"python {way}" if way.endswith(".py") else way
    assert f"  {typed} --game vierfrei --deal 1" in shown  # the examples run as shown
    refused = started_as(way, tmp_path, "--game", "nosuch", "--show")
    assert refused.returncode == 2 and refused.stderr.startswith(f"{way}: unknown game")


def test_the_packaged_game_is_named_as_its_program(monkeypatch):
    from solitaire import bootstrap

    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(Path("/opt/Solitaire/Solitaire")))
    assert bootstrap.command_name("/opt/Solitaire/_internal/main.py") == "Solitaire"
    monkeypatch.delattr(sys, "frozen")
    assert bootstrap.command_name("/home/p/solitaire/main.py") == "main.py"
    assert bootstrap.command_name("/x/solitaire/__main__.py") == "python -m solitaire"


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
    lost = main("--game", "vierfrei", "--deal", "11982", "--solve")  # bounded by positions
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


def test_spider_s_runs_going_home_by_themselves_are_written_and_the_line_replays():
    # Each run goes home to a foundation the notation has no name for: once a KeyError.
    solved = solve_and_replay("spider", ("suits=1",), 1)
    assert problem(solved) is None and solved.code == 0
    assert "# Move the king of spades and the 12 cards on it home (automatic)" in solved.lines


@pytest.mark.parametrize("deal", [2, 4, 777820])
def test_atomic_steps_follow_the_safe_cards_the_game_sends_home_between_them(deal):
    # A card parked in a free cell on the way went home by itself before the step that
    # was to take it on: once "there is no card there to move".
    solved = solve_and_replay("vierfrei", ("auto=on",), deal, "--atomic")
    assert problem(solved) is None and solved.code == 0
    assert all(len(move) == 2 for move in solved.moves)  # single-card steps only


def test_a_line_found_after_thousands_of_moves_is_printed_and_replays():
    # 4,993 moves made (a card taken to a free cell, then from cell to cell): the game once
    # kept 5,000, and gave up on a longer line ("line too long").
    made = " ".join(["1a", *["ab ba"] * 2496])
    given = ["--game", "vierfrei", "--deal", "617", "--moves", made]
    code, out, _ = run_cli([*given, "--solve", *NO_MEMORY_LIMIT])
    assert code == 0, out
    line = [move for move in out.splitlines() if not move.startswith("#")]
    assert len(line) > 7
    _, status, _ = run_cli([*given[:-1], f"{made} {' '.join(line)}", "--status"])
    assert status.startswith("status: won")


# ---------------------------------------------------------------- bad input of any kind
def one_line_exit_2(result: subprocess.CompletedProcess) -> str:
    """The one line a refused command prints on stderr (checked to be just that)."""
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


@pytest.mark.parametrize("deal", ["³", "٣", "½", "1_0", "-1", "1e3", "", "0x10", "１"])
def test_odd_numerals_as_the_deal_are_refused_in_one_line(deal):
    line = one_line_exit_2(main("--game", "vierfrei", "--deal", deal, "--show"))
    assert line == f"main.py: --deal takes a whole number from 0 to 1,000,000, not '{deal}'"


@pytest.mark.parametrize(
    "option, value",
    [
        ("--max-seconds", "nan"),
        ("--max-seconds", "inf"),
        ("--max-seconds", "-inf"),
        ("--max-seconds", "-1"),
        ("--max-seconds", "0"),
        ("--max-seconds", "1e999"),
        ("--max-positions", "0"),
        ("--max-positions", "-5"),
        ("--max-positions", "³"),
        ("--max-positions", "9" * 5000),
    ],
)
def test_search_limits_that_are_not_positive_finite_numbers_are_refused(option, value):
    given = f"{option}={value}"  # '-inf' alone would read as an option
    line = one_line_exit_2(main("--game", "vierfrei", "--deal", "1", "--solve", given))
    assert option in line and "more than 0" in line and len(line) < 150


@pytest.mark.parametrize(
    "game_id, move, reason",
    [
        ("lucie", "4F", "'F' is not a suit (C D H S)"),
        ("lucie", "xyzzy", "that is not a card"),
        ("vierfrei", "4F", "that is not a move here"),
        ("vierfrei", "54v", "the number of cards after 'v' is not a number"),
        ("prince", "h3", "'h' is a destination, not a source"),
        ("canfield", "N", None),
    ],
)
def test_a_bad_move_is_named_once(game_id, move, reason):
    moves = "N N N N N N N N N N N N N N N N N N N 9F" if move == "N" else move
    result = main("--game", game_id, "--deal", "1", "--moves", moves)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    line = result.stderr.strip()
    word = moves.split()[-1]
    assert line.lower().count(f"'{word.lower()}'") == 1, line
    number = len(moves.split())
    assert line.startswith(f"main.py: move {number} '{word}': ")
    if reason:
        assert reason in line


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_huge_word_is_quoted_as_a_short_prefix(game_id):
    word = "K" * 100_000  # about the most one argument may hold on Linux
    result = main("--game", game_id, "--deal", "1", "--moves", word)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    line = result.stderr.strip()
    assert "\n" not in line and len(line) < 400, len(line)
    assert "K" * 40 + "…" in line and "K" * 41 not in line


def test_a_megabyte_word_in_a_replay_file_is_quoted_as_a_short_prefix(tmp_path):
    path = tmp_path / "big.txt"
    path.write_text("game: vierfrei\ndeal: 1\nmoves:\n6a " + "Q" * 1_000_000 + "\n")
    line = one_line_exit_2(main("--replay", str(path)))
    assert "line 4" in line and "Q" * 40 + "…" in line and len(line) < 400
    assert line.count(str(path)) == 1


def test_a_huge_unknown_argument_or_game_is_quoted_as_a_short_prefix():
    for args in (("--game", "Z" * 100_000, "--show"), ("--game", "lucie", "--show", "Z" * 100_000)):
        line = one_line_exit_2(main(*args))
        # Short but for the list of games an unknown one is told
        assert "Z" * 40 + "…" in line and len(line) < 200 + len(", ".join(GAMES))


# ---------------------------------------------------------------- output cut short
@pytest.mark.parametrize(
    "args",
    [
        ("--game", "vierfrei", "--deal", "1", "--show"),
        ("--game", "vierfrei", "--deal", "1", "--solve"),
    ],
)
def test_a_reader_that_stops_early_ends_the_command_quietly(args):
    """`main.py --solve | head`: exit 141 as a Unix tool killed by SIGPIPE, no traceback."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # nobody will read: the first write fails with EPIPE
    try:
        result = subprocess.run(
            [sys.executable, str(ROOT / "main.py"), *args],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=HANG_GUARD,
            cwd=ROOT,
            check=False,
        )
    finally:
        os.close(write_end)
    assert result.returncode == 141
    assert result.stderr == ""


# ---------------------------------------------------------------- an ASCII-only terminal
ASCII_LOCALES = [
    {"LC_ALL": "C", "PYTHONIOENCODING": "ascii"},
    {"LC_ALL": "C", "PYTHONUTF8": "0"},
]


@pytest.mark.parametrize("locale", ASCII_LOCALES, ids=["ioencoding", "utf8-mode-off"])
def test_an_ascii_locale_never_crashes_on_printing(tmp_path, locale):
    data = tmp_path / "données é"
    data.mkdir()
    env = {**os.environ, **locale, "XDG_DATA_HOME": str(data)}
    env.pop("LANG", None)

    def run(*args):
        return subprocess.run(
            [sys.executable, str(ROOT / "main.py"), *args],
            capture_output=True,
            timeout=HANG_GUARD,
            cwd=ROOT,
            env=env,
            check=False,
        )

    for args, code in [
        (("--game", "vierfrei", "--deal", "1", "--show"), 0),
        (("--help",), 0),
        (("--game", "é", "--show"), 2),
        (("--game", "lucie", "--deal", "é", "--show"), 2),
        (("--game", "vierfrei", "--deal", "1", "--moves", "6a é"), 1),
        (("--game", "lucie", "--deal", "1", "--moves", "K" * 200), 1),  # quoted with "…"
        (("--replay", str(data / "é.txt")), 2),
    ]:
        result = run(*args)
        assert result.returncode == code, (args, result.stderr)
        assert b"Traceback" not in result.stderr and b"Error" not in result.stderr, result.stderr


def test_strict_ascii_streams_get_escapes_not_a_crash(monkeypatch):
    """A game's text with non-ASCII letters on a terminal that takes ASCII only."""
    monkeypatch.setattr(GAMES["lucie"], "title", "La Belle Lucie — l'éventail")
    out = io.TextIOWrapper(io.BytesIO(), encoding="ascii", errors="strict")
    err = io.TextIOWrapper(io.BytesIO(), encoding="ascii", errors="strict")
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    with pytest.raises(SystemExit) as done:
        cli.main(["--help"])
    assert done.value.code == 0
    assert cli.main(["--game", "lucie", "--deal", "1", "--moves", "é" * 60]) == 1
    out.flush()
    err.flush()
    assert b"La Belle Lucie \\u2014 l'\\xe9ventail" in out.buffer.getvalue()
    assert b"'\\xe9\\xe9" in err.buffer.getvalue() and b"\\u2026" in err.buffer.getvalue()


# ---------------------------------------------------------------- switches that do not apply
@pytest.mark.parametrize(
    "command",
    [
        ("--show",),
        ("--moves", "6a 6b"),
        ("--status",),
        ("--solve", "--max-seconds", "20"),
    ],
)
def test_how_the_window_looks_is_ignored_by_the_text_commands(command):
    base = ("--game", "vierfrei", "--deal", "617", *command)
    plain = main(*base)
    for extra in (("--windowed",), ("--mono",), ("/B",)):
        for args in ((*extra, *base), (*base, *extra)):
            result = main(*args)
            assert result.returncode == plain.returncode == 0, result.stderr
            assert result.stdout.splitlines()[:-1] == plain.stdout.splitlines()[:-1]


# ---------------------------------------------------------------- replays that are not files
def test_a_replay_from_a_device_is_refused_at_once():
    line = one_line_exit_2(main("--replay", "/dev/zero", timeout=HANG_GUARD))  # not read forever
    assert line.startswith("main.py: /dev/zero") and line.count("/dev/zero") == 1


def test_a_replay_from_a_named_pipe_is_refused_at_once(tmp_path):
    fifo = tmp_path / "replay.fifo"
    os.mkfifo(fifo)
    line = one_line_exit_2(main("--replay", str(fifo), timeout=HANG_GUARD))  # a hang fails the test
    assert str(fifo) in line


def test_a_replay_that_is_a_folder_is_refused(tmp_path):
    line = one_line_exit_2(main("--replay", str(tmp_path)))
    assert str(tmp_path) in line


# ---------------------------------------------------------------- the games' own notation
def test_no_game_is_named_in_the_command_line_code():
    source = (ROOT / "solitaire" / "cli.py").read_text()
    assert not re.search(r"['\"](lucie|merci|prince|canfield|vierfrei)['\"]", source)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_example_in_the_help_runs(game_id, capsys):
    example = GAMES[game_id].example
    assert f"python main.py --game {game_id} {example}" in cli.games_help()
    assert cli.main(["--game", game_id, *shlex.split(example)]) == 0
    assert "Traceback" not in capsys.readouterr().err


def test_a_game_added_to_the_registry_is_in_the_help_and_the_text_commands(monkeypatch, capsys):
    """The help reads each game's own notation: a new game needs no entry in cli.py."""

    class Copy(GAMES["vierfrei"]):
        game_id = "copyfrei"
        title = "Copy"

        def notation_hint(self) -> str:
            return "the copy's own notation"

    monkeypatch.setitem(GAMES, "copyfrei", Copy)
    with pytest.raises(SystemExit) as done:
        cli.main(["--help"])
    assert done.value.code == 0
    assert "copyfrei" in capsys.readouterr().out
    assert "the copy's own notation" in cli.games_help().replace("\n" + " " * 19, " ")
    for game_id in GAMES:
        assert cli.main(["--game", game_id, "--deal", "2", "--status"]) == 0
        assert "Traceback" not in capsys.readouterr().err


# ---------------------------------------------------------------- random input
def run_in_process(argv: list[str]) -> tuple[int, str]:
    """cli.main as main.py runs it, in this process: (exit code, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(argv)
        except SystemExit as exit:  # --help and --version end through argparse
            code = exit.code
    return code, err.getvalue()


FLAGS = [
    "--game", "--deal", "--rule", "--moves", "--show", "--status", "--solve", "--atomic",
    "--max-seconds", "--max-positions", "--windowed", "--mono", "--record", "--version",
    "/B", "-h", "--", "-", "=",
]  # fmt: skip
ODD_TEXT = st.text(
    st.characters(blacklist_categories=("Cs",)) | st.sampled_from("³٣½１é\u200b\u202e\x00\n"),
    max_size=30,
)
ARGUMENT = st.one_of(
    st.sampled_from(FLAGS),
    st.sampled_from(list(GAMES)),
    ODD_TEXT,
    st.integers(-(10**30), 10**30).map(str),
    st.sampled_from(["nan", "inf", "-0", "1e999", "0x1f", "1_000", " 7 ", "redeals=unlimited"]),
    st.builds(lambda flag, value: f"{flag}={value}", st.sampled_from(FLAGS), ODD_TEXT),
)
TEXT_COMMAND = st.sampled_from(["--show", "--status", "--solve", "--moves", "--help"])


@settings(max_examples=300, deadline=None)
@given(args=st.lists(ARGUMENT, max_size=8), command=TEXT_COMMAND, where=st.integers(0, 8))
def test_random_argument_lists_never_raise(args, command, where):
    argv = [*args[:where], command, *args[where:], "--max-positions", "2000"]
    code, err = run_in_process(argv)
    assert code in (0, 1, 2, 3), (argv, code)
    assert "Traceback" not in err
    if code == 2:
        assert len(err.strip().splitlines()) == 1, err


MOVE_WORD = st.one_of(
    st.text(st.sampled_from("12345678abcdefghsvVFWNLS#-TJQKACDH0x³"), min_size=1, max_size=6),
    ODD_TEXT.filter(lambda text: text.strip() and not text.isspace()),
)


@settings(max_examples=80, deadline=None)
@given(
    game_id=st.sampled_from(list(GAMES)),
    deal=st.integers(0, 1_000_000),
    words=st.lists(MOVE_WORD, min_size=1, max_size=12),
)
def test_random_move_strings_never_raise(game_id, deal, words):
    moves = " ".join(word for word in " ".join(words).split())
    code, err = run_in_process(["--game", game_id, "--deal", str(deal), f"--moves={moves}"])
    assert code in (0, 1), (moves, err)
    assert "Traceback" not in err
    if code == 1:
        assert len(err.strip().splitlines()) == 1 and err.startswith("main.py: move ")


def test_hint_prints_the_table_s_hint_in_one_line():
    given = main("--game", "vierfrei", "--deal", "1", "--hint")
    assert given.returncode == 0
    assert given.stdout == "6a  (Move the 3 of diamonds to a free cell)\n"
    lost = main("--game", "prince", "--deal", "1", "--hint")  # a move all the same
    assert lost.returncode == 0 and lost.stdout.endswith(
        "  This game cannot be won from here: this is the most promising move in sight.\n"
    )
    later = main("--game", "vierfrei", "--deal", "1", "--moves", "6a", "--hint")
    assert later.returncode == 0 and later.stdout.startswith("6b  (Move the 2 of clubs")


@pytest.mark.parametrize(
    "extra, said",
    [
        (["--show", "--replay", "/nonexistent/file"], "--show and --replay do not go together"),
        (["--moves", "61", "--record", "kept.txt"], "--moves and --record do not go together"),
        (["--show", "--atomic"], "--atomic goes with --solve"),
        (["--hint", "--max-positions", "10"], "--max-positions goes with --solve"),
        (["--solve", "--hint"], "--solve and --hint: one at a time"),
    ],
)
def test_text_commands_refuse_what_they_cannot_combine(extra, said):
    result = main("--game", "vierfrei", "--deal", "1", *extra)
    assert result.returncode == 2 and result.stdout == ""
    assert said in result.stderr and "Traceback" not in result.stderr
    assert not (ROOT / "kept.txt").exists()
