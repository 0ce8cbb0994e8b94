"""Freecell Solver's notation: what `fc-solve -m -snx` prints replays through --moves, our
own notation reads back the same, and saves and replays in the old notation still load."""

import json
import random
import re
import shutil
import subprocess

import pytest
from helpers import HANG_GUARD, game_with, pile

from solitaire import cli
from solitaire.model.game import Game, MoveListError
from solitaire.model.games import make_rules
from solitaire.model.moves import IllegalMove, Move, MoveKind
from solitaire.storage import replay_file, saved_game

FC_SOLVE = shutil.which("fc-solve")
needs_fc_solve = pytest.mark.skipif(
    FC_SOLVE is None, reason="fc-solve is not installed (apt-get install freecell-solver-bin)"
)
# fc-solve -snx: columns 1-8, free cells a-d, h the foundations, 'v' + a hexadecimal count
FC_SOLVE_MOVE = re.compile(r"^[1-8a-d][1-8a-dh](v[0-9a-f]+)?$")
FULL = {f"t{n}": "KS" for n in range(1, 9)}  # no empty columns unless a test makes them


def fc_solve(board: str) -> list[str] | None:
    """The moves fc-solve -m -snx prints for ``board`` (our --show), None if it finds none."""
    result = subprocess.run(
        [FC_SOLVE, "-m", "-snx"],
        input=board + "\n",
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
        check=False,
    )
    lines = result.stdout.splitlines()
    if "This game is solveable." not in lines:
        return None
    start = next(number for number, line in enumerate(lines) if line.startswith("-=-="))
    words = " ".join(lines[start + 1 : lines.index("This game is solveable.")]).split()
    assert all(FC_SOLVE_MOVE.match(word) for word in words), words
    return words


def command(capsys, *args: str) -> tuple[int, str]:
    """The real entry point, in this process: exit code and what it printed."""
    code = cli.main(list(args))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, captured.out


@needs_fc_solve
def test_fc_solve_solutions_of_100_microsoft_deals_replay_through_moves(capsys):
    rules = make_rules("vierfrei")
    deals = random.Random(14).sample(range(1, 32_001), 110)
    solved = with_counts = old_reading_fails = 0
    for deal in deals:
        code, board = command(capsys, "--game", "vierfrei", "--deal", str(deal), "--show")
        moves = fc_solve(board.strip())
        if moves is None:
            continue  # 11982 and a few others have no solution
        code, out = command(
            capsys,
            "--game",
            "vierfrei",
            "--deal",
            str(deal),
            "--moves",
            " ".join(moves),
            "--status",
        )
        assert code == 0 and out.startswith("status: won"), (deal, out)
        game = Game(rules, deal)
        game.play_sequence(moves)
        assert game.notation() == moves  # we write each move exactly as fc-solve does
        with_counts += any("v" in move for move in moves)
        old_reading_fails += not replays_as_notation_1(rules, deal, moves)
        solved += 1
        if solved == 100:
            break
    assert solved == 100
    assert with_counts > 10  # 'v' + hexadecimal and plain one-card moves were exercised
    assert old_reading_fails > 10  # the old reading got most of these wrong


def replays_as_notation_1(rules, deal: int, moves: list[str]) -> bool:
    game = Game(rules, deal)
    try:
        with rules.reading_notation(1):
            game.play_sequence(moves)
    except MoveListError:
        return False
    return rules.is_won(game.state)


@needs_fc_solve
@pytest.mark.parametrize("deal", [5, 617, 24_000])
def test_fc_solve_reads_our_board_in_mid_game_and_its_moves_finish_it(capsys, deal):
    start = fc_solve(Game(make_rules("vierfrei"), deal).show())
    first = " ".join(start[:25])  # cards in the free cells and on the foundations by now
    code, board = command(capsys, "--game", "vierfrei", "--deal", str(deal), "--moves", first)
    assert "Foundations:" in board or "Freecells:" in board
    rest = fc_solve(board.strip())
    code, out = command(
        capsys,
        *("--game", "vierfrei", "--deal", str(deal), "--status"),
        *("--moves", f"{first} {' '.join(rest)}"),
    )
    assert code == 0 and out.startswith("status: won")


RUN = "KS QD JC TD 9C 8D 7C 6D 5C 4D 3C"


def freecell_game() -> Game:
    """Eleven cards in sequence over a 2H, four free cells, three empty columns."""
    return game_with("vierfrei", {**FULL, "t1": "2H " + RUN, "t2": "", "t3": "", "t4": ""})


def test_a_plain_move_into_an_empty_column_moves_one_card():
    game = freecell_game()
    game.play_text("12")
    assert pile(game, "t2") == "3C"
    assert game.notation() == ["12"]


def test_the_count_after_v_is_hexadecimal():
    game = freecell_game()
    game.play_text("12vb")
    assert pile(game, "t2") == RUN
    assert game.notation() == ["12vb"]
    game.undo()
    game.play_text("12VA")  # either case
    assert pile(game, "t2") == RUN.split(" ", 1)[1]
    game.undo()
    with pytest.raises(IllegalMove, match="not 16 cards"):
        game.play_text("12v10")  # sixteen


@pytest.mark.parametrize("word", ["12v", "12v0", "12vg", "12v³", "12v" + "1" * 5000])
def test_a_count_that_is_not_a_hexadecimal_number_is_refused(word):
    with pytest.raises(IllegalMove, match="after 'v'"):
        freecell_game().play_text(word)


def test_we_write_the_count_whenever_more_than_one_card_goes_to_an_empty_column():
    game = freecell_game()
    rules = game.rules
    for count in (1, 2, 11):
        move = Move(MoveKind.MOVE, "t1", "t2", count)
        text = rules.format_move(move, game.state)
        assert text == ("12" if count == 1 else f"12v{count:x}")
        assert rules.parse_move(text, game.state) == move
    onto = game_with("vierfrei", {**FULL, "t1": "2H " + RUN, "t2": "KC", "t3": ""})
    move = Move(MoveKind.MOVE, "t1", "t2", 10)  # the queen of diamonds down, onto the king
    assert onto.rules.format_move(move, onto.state) == "12"  # no count: only one fits
    assert onto.rules.parse_move("12", onto.state) == move


def test_other_games_keep_their_decimal_counts_and_as_many_as_fit():
    prince = make_rules("prince")
    assert not prince.freecell_notation and make_rules("vierfrei").freecell_notation
    game = freecell_game()
    with game.rules.reading_notation(1):  # the old reading: what prince still uses
        game.play_text("12v10")
        assert pile(game, "t2") == RUN.split(" ", 1)[1]
        game.undo()
        game.play_text("12")
        assert pile(game, "t2") == RUN
    assert game.notation() == ["12vb"]  # written in the current notation all the same


# A save written before notation version 2 (the game's own output then, deal 1 with 70
# moves done and 42 to redo): its plain "73" moves eleven cards into an empty column.
OLD_SAVE_MOVES = (
    "6a 6b 6h 6h bh 8b 18 87 18 31 83 18 32 a3 1a 1c 1h ah 61 56 8a 8h ch 25 8c 86 28 58 "
    "67 62 16 b1 16 21 71 85 82 78 31 18 37 13 21 51 2h 4b 74 7d 7h ah ch 47 5a 5h 45 54 "
    "5h 85 8h bh 58 36 a3 34 83 37 73 74 6h 45 42 41 14 d4 21 27 2h 3h 3h 4h 4h 6h 3h 3h "
    "4h 4h 5h 5h 6h 3h 3h 3h 4h 4h 5h 5h 6h 6h 3h 3h 4h 4h 5h 5h 6h 6h 7h 1h 3h 3h 6h 1h"
)
OLD_SAVE = {
    "kind": "game",
    "version": 1,
    "game": "vierfrei",
    "options": {"auto": "off"},
    "deal": 1,
    "moves": OLD_SAVE_MOVES.split(),
    "position": 70,
    "seconds": 95,
}
OLD_SAVE_POSITION = """\
Foundations: H-6 C-6 D-A S-3
Freecells: - - - 4D
: TD 9C 8D 7S 6D
: 2D KC KS
: KH QS JH TS 9H 8C 7D 6S 5D 4S 3D
: JC 5S QD
: QH JS TH 9S 8H 7C
: KD QC JD TC 9D 8S 7H
:
:"""


def test_a_save_in_the_old_notation_loads_to_the_same_position_and_saves_in_the_new(tmp_path):
    path = saved_game.game_path(tmp_path, "vierfrei")
    path.write_text(json.dumps(OLD_SAVE))
    game, extra, message = saved_game.load(path)
    assert message is None and extra == {"seconds": 95}
    assert game.show() == OLD_SAVE_POSITION
    assert len(game.done) == 70 and len(game.undone) == 42
    saved_game.save(path, game, extra)
    again = json.loads(path.read_text())
    assert again["version"] == saved_game.VERSION == 3
    assert again["moves"][66] == "73vb"  # the eleven cards, now with their count
    reloaded, _, _ = saved_game.load(path)
    assert reloaded.show() == OLD_SAVE_POSITION
    while reloaded.redo():
        pass
    assert reloaded.rules.is_won(reloaded.state)


def test_the_old_moves_read_as_version_2_would_not_give_that_position(tmp_path):
    path = saved_game.game_path(tmp_path, "vierfrei")
    path.write_text(json.dumps({**OLD_SAVE, "version": 2}))
    game, _, message = saved_game.load(path)
    assert game is None and "move" in message  # so the version number is what saves it


def test_a_replay_without_a_notation_line_is_read_the_old_way(tmp_path):
    moves = OLD_SAVE["moves"][:70]
    old = tmp_path / "old.txt"
    old.write_text("game: vierfrei\ndeal: 1\nmoves:\n" + " ".join(moves) + "\n")
    start, read_moves = replay_file.read(old)
    assert read_moves[66] == "73vb"  # handed on in the current notation
    start.play_sequence(read_moves)
    assert start.show() == OLD_SAVE_POSITION
    written = tmp_path / "new.txt"
    replay_file.write(written, start)
    assert "\nnotation: 2\n" in written.read_text()
    _again, again_moves = replay_file.read(written)
    assert again_moves == read_moves


def test_a_replay_in_an_unknown_notation_is_refused_at_its_line():
    with pytest.raises(replay_file.ReplayError, match="line 1: notation '9'"):
        replay_file.parse_text("notation: 9\ngame: vierfrei\ndeal: 1\nmoves: 6a\n")
