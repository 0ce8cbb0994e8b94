"""Replay files: written, read back, stepped through, and damaged ones named by line."""

import os
from pathlib import Path

import pytest
from helpers import finishes, random_game

from solitaire.model.game import Game
from solitaire.model.games import GAMES, make_rules
from solitaire.model.moves import Move, MoveKind
from solitaire.storage import replay_file
from solitaire.storage.replay_file import Replayer, ReplayError


def played_game(game_id, seed, moves=50, **options):
    return random_game(game_id, seed, moves, **options)


@pytest.mark.parametrize("game_id", list(GAMES))
@pytest.mark.parametrize("seed", [1, 2])
def test_write_then_read_reproduces_the_moves_and_the_end(tmp_path, game_id, seed):
    game = played_game(game_id, seed)
    game.undo()  # undone moves are not part of the replay
    path = tmp_path / "game.txt"
    replay_file.write(path, game)

    start, moves = replay_file.read(path)

    assert moves == game.notation()
    assert start.rules.game_id == game_id and start.deal_number == game.deal_number
    assert start.rules.options == game.rules.options
    assert not start.done and start.state.key() == start.start_key
    start.play_sequence(moves)
    assert start.state.key() == game.state.key()


def test_options_are_written_and_read_back(tmp_path):
    game = played_game("merci", 3, redeals="unlimited", kings="on", auto="off")
    path = tmp_path / "merci.txt"
    replay_file.write(path, game)
    text = path.read_text()
    assert "options: redeals=unlimited mercis=1 kings=on auto=off move-once=on\n" in text
    start, _ = replay_file.read(path)
    assert start.rules.options == game.rules.options


def test_the_file_is_readable_text():
    game = Game(make_rules("vierfrei"), 617)
    game.play_sequence(["3a", "58"])
    text = replay_file.to_text(game)
    assert "game: vierfrei\ndeal: 617\noptions: auto=off\nmoves:\n3a 58\n" in text


def test_a_hand_written_file_with_comments_and_rules_heading():
    text = """
    # Deal 1 of The Prince, by hand
    GAME: prince   # which game
    deal: 1
    rules: sequence=any-suit
    moves:  # the moves follow
    67        # the ten of clubs onto the jack of hearts
    """
    start, moves = replay_file.parse_text(text)
    assert start.rules.options["sequence"] == "any-suit"
    assert moves == ["67"]


def test_vierfrei_safe_play_move_is_not_a_comment():
    text = "game: vierfrei\ndeal: 2\nmoves: 1a  ## a comment\n# 3b\n"
    start, moves = replay_file.parse_text(text)
    assert moves == ["1a", "#", "3b"]
    start.play_sequence(moves)
    assert start.rules.cards_home(start.state) > 0


def test_replayer_steps_forward_and_backward():
    game = played_game("canfield", 5, moves=20)
    moves = game.notation()
    replayer = Replayer(Game(game.rules, game.deal_number), moves)
    assert replayer.at_start and not replayer.at_end and replayer.position == 0
    assert replayer.last_move() is None
    keys = [replayer.game.state.key()]
    while not replayer.at_end:
        assert replayer.forward() is not None
        keys.append(replayer.game.state.key())
    assert replayer.position == len(replayer) == len(moves)
    assert replayer.last_move() == moves[-1]
    assert keys[-1] == game.state.key()
    assert replayer.forward() is None and replayer.position == len(moves)
    for expected in reversed(keys[:-1]):
        assert replayer.backward() is not None
        assert replayer.game.state.key() == expected
    assert replayer.at_start and replayer.backward() is None
    replayer.go_to(7)
    assert replayer.position == 7 and replayer.game.state.key() == keys[7]
    replayer.go_to(10**6)
    assert replayer.at_end


def test_replayer_opens_a_file(tmp_path):
    game = played_game("lucie", 8)
    path = tmp_path / "lucie.txt"
    replay_file.write(path, game)
    replayer = Replayer.open(path)
    replayer.go_to(len(replayer))
    assert replayer.game.state.key() == game.state.key()


def test_a_bad_move_is_named_by_its_line(tmp_path):
    game = played_game("vierfrei", 4, moves=30)
    path = tmp_path / "v.txt"
    replay_file.write(path, game)
    lines = path.read_text().splitlines()
    moves_at = lines.index("moves:")
    bad_line = moves_at + 2 + 1  # the second line of moves, counting from 1
    words = lines[bad_line - 1].split()
    words[3] = "zz"
    lines[bad_line - 1] = " ".join(words)
    path.write_text("\n".join(lines))
    with pytest.raises(ReplayError) as caught:
        replay_file.read(path)
    assert caught.value.line == bad_line
    assert str(caught.value).startswith(f"line {bad_line}: 'zz' is not a move here (")


def test_an_illegal_move_is_named_by_its_line_and_number():
    text = "game: vierfrei\ndeal: 1\n\n# comment\nmoves:\n3a 3b\n3c 3d\n4a\n"
    with pytest.raises(ReplayError) as caught:
        replay_file.parse_text(text)
    assert caught.value.line == 8
    assert str(caught.value) == "line 8: '4a' (move 5): that free cell is taken"


def test_only_the_first_bad_line_is_named():
    text = "game: canfield\ndeal: 3\nmoves:\nN N\nN 99\nqq\n"
    with pytest.raises(ReplayError) as caught:
        replay_file.parse_text(text)
    assert caught.value.line == 5


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "the file has no 'game:' line"),
        ("deal: 4\nmoves:\n3a\n", "the file has no 'game:' line"),
        ("game: vierfrei\nmoves:\n3a\n", "the file has no 'deal:' line"),
        ("game: vierfrei\ndeal: 4\n", "the file has no 'moves:' line"),
        ("game: patience\ndeal: 4\nmoves:\n", "line 1: unknown game 'patience'"),
        ("game: vierfrei\ndeal: four\nmoves:\n", "line 2: 'four': the deal is not a number"),
        ("game: vierfrei\ndeal: 2000000\nmoves:\n", "line 2: '2000000': deal number must"),
        ("game: vierfrei\ndeal: -1\nmoves:\n", "line 2: '-1'"),
        ("game: vierfrei\ndeal: 1\noptions: auto=maybe\nmoves:\n", "line 3: option auto"),
        ("game: vierfrei\ndeal: 1\noptions: colour=red\nmoves:\n", "line 3: unknown option"),
        ("game: vierfrei\ndeal: 1\noptions: auto\nmoves:\n", "line 3: rule option 'auto'"),
        ("game: vierfrei\nplayer: me\ndeal: 1\nmoves:\n", "line 2: 'player: me' is not a"),
        ("3a 54\n", "line 1: '3a 54' is not a heading"),
    ],
)
def test_damaged_headers_give_clear_errors(text, words):
    with pytest.raises(ReplayError) as caught:
        replay_file.parse_text(text)
    assert str(caught.value).startswith(words)


def test_unreadable_files_give_clear_errors(tmp_path):
    with pytest.raises(ReplayError, match="cannot be read"):
        replay_file.read(tmp_path / "missing.txt")
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(ReplayError, match="not a text file"):
        replay_file.read(binary)


def special_file(kind, folder):
    """A path to a device, a named pipe with no writer, or a folder; None if not here."""
    if kind == "device":
        return "/dev/zero" if Path("/dev/zero").exists() else None
    if kind == "named pipe":
        if not hasattr(os, "mkfifo"):
            return None
        os.mkfifo(folder / "replay.txt")
        return folder / "replay.txt"
    return folder


@pytest.mark.parametrize("kind", ["device", "named pipe", "folder"])
def test_a_special_file_is_refused_at_once_not_read_forever(tmp_path, kind):
    path = special_file(kind, tmp_path)
    if path is None:
        pytest.skip(f"no {kind} here")
    with pytest.raises(ReplayError) as caught:
        finishes(lambda: replay_file.read(path))  # a device or a pipe is never read from
    assert str(caught.value) == f"{path} cannot be read: it is a {kind}, not an ordinary file"


def test_a_file_over_the_size_limit_is_refused(tmp_path):
    huge = tmp_path / "huge.txt"
    huge.write_text("game: canfield\ndeal: 1\nmoves:\n" + "s " * replay_file.MAX_REPLAY_BYTES)
    with pytest.raises(ReplayError, match="it is too big"):
        replay_file.read(huge)


def test_a_replay_of_more_moves_than_a_game_once_kept_is_played_and_checked():
    game = Game(make_rules("klondike"), 7)
    for _ in range(5_001):  # a game stopped at 5,000 moves once
        game.play(Move(MoveKind.TURN))
    game.play_text("5h")
    _, moves = replay_file.parse_text(replay_file.to_text(game))
    assert len(moves) == 5_002 and moves[-1] == "5h"
    broken = replay_file.to_text(game).replace(" 5h", " 5h 1h", 1)  # the six of diamonds: not home
    with pytest.raises(ReplayError, match="'1h' \\(move 5003\\)"):  # still each checked
        replay_file.parse_text(broken)


@pytest.mark.parametrize("deal", ["٣", "1_0", "+5", "9" * 5000, "-1"])
def test_a_deal_that_is_not_plain_digits_is_named_in_short(deal):
    with pytest.raises(ReplayError) as caught:
        replay_file.parse_text(f"game: lucie\ndeal: {deal}\nmoves:\n")
    assert str(caught.value).startswith("line 2: ") and len(str(caught.value)) < 120
