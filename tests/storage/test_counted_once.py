"""Every game counted exactly once: across restarts, undo and redo, replays, two copies
on one data folder, a crash between two writes and a full disk; help earns nothing."""

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pygame
import pytest
from helpers import HANG_GUARD, ROOT, statistics_disk
from table_driver import key, send

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import Move
from solitaire.solver.solve import solve_game
from solitaire.storage.files import BackgroundWriter
from solitaire.storage.stats import LOST, WON, Result, Stats, result_of
from solitaire.ui.app import App
from solitaire.ui.library import Library, ignore_invalid_xdg_paths
from solitaire.ui.platform.instance import (
    LOCK,
    Instance,
    Reply,
    _address,
    _key,
    ask_first_copy_to_show,
    find_first_copy,
)
from solitaire.ui.screens.overlays import WinOverlay

CTRL = pygame.KMOD_CTRL
LINE = {}  # deal -> the solver's winning line for Vierfrei


def winning_line(deal: int = 1) -> list[Move]:
    if deal not in LINE:
        rules = make_rules("vierfrei")
        LINE[deal] = solve_game(rules, Game(rules, deal).state).moves
    return LINE[deal]


def launch(folder: Path) -> App:
    """The game started on ``folder`` (after a quit, a restart)."""
    app = App(fullscreen=False, size=(800, 600), library=Library(folder))
    app.open_game("vierfrei", animate=False)
    app.step(sleep=False)
    return app


def quit_game(app: App) -> None:
    app.quit()
    pygame.quit()


def play_to_one_from_the_end(app: App, deal: int = 1) -> Move:
    """Deal ``deal`` played by the winning line but its last move; that move."""
    app.table.new_deal(deal)
    for move in winning_line(deal)[:-1]:
        app.table.play(move)
        app.table.after_frame()
    app.table.flights.finish()
    return winning_line(deal)[-1]


def summary(app, game_id="vierfrei"):
    return app.library.stats.summary(game_id)


def on_disk(folder: Path, game_id="vierfrei"):
    return Stats.load(folder / "stats.json")[0].summary(game_id)


@pytest.fixture(autouse=True)
def quit_pygame():
    yield
    pygame.quit()


# ---------------------------------------------------------------------- restarts
def test_a_win_undone_and_played_again_after_restarts_counts_once(tmp_path):
    app = launch(tmp_path)
    app.table.play(play_to_one_from_the_end(app))
    app.table.after_frame()
    assert isinstance(app.overlays[-1], WinOverlay)
    for _ in range(3):
        send(app, key(pygame.K_ESCAPE))  # the win box goes
        send(app, key(pygame.K_z, CTRL))  # the winning move taken back
        quit_game(app)
        app = launch(tmp_path)
        send(app, key(pygame.K_y, CTRL))  # and made again
        assert app.table.rules.is_won(app.table.state)
    app.library.flush()
    counted = on_disk(tmp_path)
    assert (counted.played, counted.won, counted.current_streak) == (1, 1, 1)


def test_a_win_undone_is_no_loss_at_a_new_deal_after_a_restart(tmp_path):
    app = launch(tmp_path)
    app.table.play(play_to_one_from_the_end(app))
    app.table.after_frame()
    send(app, key(pygame.K_ESCAPE), key(pygame.K_z, CTRL))
    quit_game(app)
    app = launch(tmp_path)
    send(app, key(pygame.K_n, CTRL))
    assert not app.overlays  # nothing at stake: its win is in
    app.library.flush()
    counted = on_disk(tmp_path)
    assert (counted.played, counted.won, counted.lost, counted.current_streak) == (1, 1, 0, 1)


def test_a_new_deal_asked_for_at_launch_over_a_won_and_undone_save_is_no_loss(tmp_path):
    app = launch(tmp_path)
    app.table.play(play_to_one_from_the_end(app))
    app.table.after_frame()
    send(app, key(pygame.K_ESCAPE), key(pygame.K_z, CTRL))
    quit_game(app)
    app = App(fullscreen=False, size=(800, 600), library=Library(tmp_path))
    app.open_game("vierfrei", 5, animate=False)  # --deal 5
    app.library.flush()
    assert on_disk(tmp_path).lost == 0 and app.table.game.deal_number == 5


# ---------------------------------------------------------------------- replays
def test_a_replay_watched_and_quit_is_never_the_game_in_progress(tmp_path):
    app = launch(tmp_path)
    app.table.new_deal(3)
    for move in winning_line(3)[:4]:
        app.table.play(move)
        app.table.after_frame()
    path = app.library.export(app.table.game)
    app.table.new_deal(2)  # counted as a loss: four moves were made
    send(app, key(pygame.K_RETURN))
    app.open_replay(path)
    send(app, key(pygame.K_RIGHT), key(pygame.K_RIGHT))
    assert app.table.replay and len(app.table.game.done) == 2
    quit_game(app)
    app = launch(tmp_path)
    assert app.table.game.deal_number == 2 and not app.table.game.done
    send(app, key(pygame.K_n, CTRL))
    app.library.flush()
    assert on_disk(tmp_path).played == 1  # deal 3's loss; neither the replay nor deal 2


# ---------------------------------------------------------------------- two copies
def test_two_copies_never_erase_what_the_other_counted(tmp_path):
    first, second = Library(tmp_path), Library(tmp_path)  # both read the folder at start
    rules = make_rules("vierfrei")
    for library, deal in ((first, 1), (second, 2), (first, 3)):
        game = Game(rules, deal)
        game.play(winning_line(deal)[0])
        assert library.record(game, 10.0, False, f"game-{deal}")
        library.flush()
    counted = on_disk(tmp_path)
    assert (counted.played, counted.lost) == (3, 3)
    assert first.stats.summary("vierfrei").played == 3  # each copy sees the other's too


def test_a_second_copy_brings_the_first_to_the_front_and_ends(tmp_path):
    first = Instance(tmp_path)
    assert first.claim()
    shown = []
    first.listen()
    first.shown(lambda: shown.append(True))
    try:
        assert not Instance(tmp_path).claim()  # the folder is taken
        assert ask_first_copy_to_show(tmp_path) == Reply.SHOWN and shown == [True]
        env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "xdg")}
        folder = second_copy_folder(env)
        twin = Instance(folder)
        assert twin.claim()
        twin.listen()
        twin.shown(lambda: shown.append("twin"))
        result = start_a_copy(env)
        twin.release()
        assert result.returncode == 0, result.stderr
        assert "already running: its window was brought to the front" in result.stdout
        assert shown == [True, "twin"]
    finally:
        first.release()


def test_a_second_copy_that_cannot_reach_the_first_refuses_with_a_message(tmp_path):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "xdg")}
    held = Instance(second_copy_folder(env))
    assert held.claim()  # a first copy that does not answer
    try:
        result = start_a_copy(env)
    finally:
        held.release()
    assert result.returncode == 2
    [line] = result.stderr.strip().splitlines()
    assert "Solitaire is already running" in line and "does not answer" in line


def test_a_copy_asked_while_its_window_opens_comes_to_the_front_once_it_is_there(tmp_path):
    first = Instance(tmp_path)
    assert first.claim()
    first.listen()  # as soon as it holds the folder, before its window opens
    try:
        assert ask_first_copy_to_show(tmp_path) == Reply.SHOWN
        shown = []
        first.shown(lambda: shown.append(True))
        assert shown == [True]
    finally:
        first.release()


def test_a_stopped_first_copy_does_not_hang_the_second(tmp_path):
    """A copy that listens and never answers (stopped with kill -STOP: its listener's
    socket takes the call, nobody accepts it): the second gives up in bounded time."""
    from multiprocessing.connection import Listener

    first = Instance(tmp_path)
    assert first.claim()
    address, family = _address(tmp_path)
    deaf = Listener(address, family, authkey=_key(tmp_path))  # never accepts
    try:
        assert find_first_copy(Instance(tmp_path), patience=1.0) == Reply.SILENT
    finally:
        deaf.close()
        first.release()


def test_the_second_copy_takes_over_when_the_first_is_gone(tmp_path):
    first = Instance(tmp_path)
    assert first.claim()
    threading.Timer(0.5, first.release).start()  # killed: its lock goes with it
    second = Instance(tmp_path)
    assert find_first_copy(second, patience=5.0) is None
    assert not Instance(tmp_path).claim()  # the second holds the folder now
    second.release()


@pytest.mark.parametrize("thing", ["folder", "pipe"])
def test_a_lock_that_is_not_a_file_is_set_aside_and_one_copy_holds_the_folder(tmp_path, thing):
    if thing == "folder":
        (tmp_path / LOCK).mkdir()
    else:
        os.mkfifo(tmp_path / LOCK)
    first = Instance(tmp_path)
    assert first.claim()
    assert not Instance(tmp_path).claim()  # never two writers
    first.release()


def test_copies_started_at_the_same_instant_end_with_one_window(tmp_path):
    env = {
        **os.environ,
        "XDG_DATA_HOME": str(tmp_path / "xdg"),
        "SDL_VIDEODRIVER": "dummy",
        "SOLITAIRE_REPORT_READY": "1",
    }
    for _ in range(3):
        copies = [
            subprocess.Popen(
                [sys.executable, "main.py", "--windowed", "--game", "vierfrei"],
                cwd=ROOT,
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(2)
        ]
        try:
            first_line = {copy.pid: copy.stdout.readline().strip() for copy in copies}
            ready = [copy for copy in copies if first_line[copy.pid] == "ready"]
            fronted = [copy for copy in copies if "brought to the front" in first_line[copy.pid]]
            assert len(ready) == 1 and len(fronted) == 1, first_line
            assert fronted[0].wait(HANG_GUARD) == 0
        finally:
            for copy in copies:
                copy.kill()
                copy.wait()


def start_a_copy(env: dict) -> subprocess.CompletedProcess:
    """``main.py`` started as by a double-click, with ``env``."""
    command = [sys.executable, "main.py", "--windowed"]
    return subprocess.run(
        command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=HANG_GUARD, check=False
    )


def second_copy_folder(env: dict) -> Path:
    """The data folder a game started with ``env`` uses."""
    code = "from solitaire.ui.library import Library; print(Library.folder_path()[0])"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    return Path(out.stdout.strip())


# ---------------------------------------------------------------------- crashes
class Crash(Exception):
    """The process died: nothing more is written."""


class DyingWriter(BackgroundWriter):
    """Writes at once, in order, and dies before the ``survive + 1``-th write."""

    def __init__(self, survive: int):
        super().__init__()
        self.left = survive
        self.dead = False

    def submit(self, kind, path, content, atomic=True):
        if self.dead:
            return
        if self.left == 0:
            self.dead = True
            return
        self.left -= 1
        super().submit(kind, path, content, atomic)
        self.flush()


@pytest.mark.parametrize("survive", range(4))
def test_a_crash_at_any_write_of_a_winning_move_counts_the_win_once(tmp_path, survive):
    app = launch(tmp_path)
    last = play_to_one_from_the_end(app)
    app.library.flush()
    app.library.writer = DyingWriter(survive)  # the winning move's writes: killed after some
    app.table.play(last)
    app.table.after_frame()
    pygame.quit()  # killed: no quit, no save
    app = launch(tmp_path)  # the restart finds what was written
    if not app.table.rules.is_won(app.table.state):
        app.table.play(last)  # the player makes the last move again
    app.library.flush()
    counted = on_disk(tmp_path)
    assert (counted.played, counted.won) == (1, 1)


# ---------------------------------------------------------------------- a full disk
def win_on_a_full_disk(tmp_path, monkeypatch):
    """Vierfrei deal 1 won by its last move while the statistics cannot be written (the
    save can), the writes heard; the game and the disk's switch."""
    disk = statistics_disk(monkeypatch, full=False)
    app = launch(tmp_path)
    last = play_to_one_from_the_end(app)
    disk["full"] = True
    app.table.play(last)
    app.table.after_frame()
    app.library.flush()
    app.collect()
    return app, disk


def test_a_win_on_a_full_disk_is_kept_and_written_when_space_comes_back(tmp_path, monkeypatch):
    app, disk = win_on_a_full_disk(tmp_path, monkeypatch)
    assert "Statistics are not being saved" in app.library.saving_problem
    assert summary(app).won == 1  # held while the game runs
    disk["full"] = False
    quit_game(app)  # tried again at quit
    assert on_disk(tmp_path).won == 1


# ---------------------------------------------------------------------- help earns nothing
def test_help_never_earns_money_and_a_won_deal_played_again_is_a_replay():
    book = Stats()
    won = Result(WON, 450, 100, 60.0, 7, assisted=True, token="a")
    assert book.record("canfield", "canfield mode=1", won)
    assert book.summary("canfield").score_total == 0  # no casino money for the computer's win
    lost = Result(LOST, -35, 40, 60.0, 8, assisted=True, token="b")
    book.record("canfield", "canfield mode=1", lost)
    assert book.summary("canfield").score_total == -35  # a loss costs all the same
    again = Result(WON, 450, 90, 30.0, 7, token="c")  # deal 7, won before, played again
    assert book.record("canfield", "canfield mode=1", again)
    summary = book.summary("canfield")
    assert (summary.played, summary.replayed, summary.replays_won) == (2, 1, 1)
    assert summary.fastest_win is None and summary.current_streak == -1
    assert not book.record("canfield", "canfield mode=1", again)  # its token: counted


def test_a_result_is_counted_once_by_its_token():
    rules = make_rules("prince")
    game = Game(rules, 2)
    game.play(game.legal_moves()[0])
    book = Stats()
    assert book.record("prince", "prince", result_of(game, 5.0, token="t1"))
    assert not book.record("prince", "prince", result_of(game, 9.0, token="t1"))
    assert book.summary("prince").played == 1


# ---------------------------------------------------------------------- words and folders
@pytest.mark.parametrize("options", ["self=1", "SELF=1", "game_id=2"])
def test_an_unknown_option_name_is_one_line_and_exit_2(options):
    result = subprocess.run(
        [sys.executable, "main.py", "--game", "merci", "--rule", options, "--show"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    [line] = result.stderr.strip().splitlines()
    assert "unknown option" in line and "Traceback" not in result.stderr


def test_a_replay_file_with_an_unknown_option_leaves_the_game_in_play(tmp_path):
    app = launch(tmp_path)
    table = app.table
    bad = tmp_path / "bad.txt"
    bad.write_text("game: merci\ndeal: 3\noptions: self=1\nmoves:\n")
    assert not app.open_replay(bad)
    assert app.table is table and "unknown option 'self'" in table.status.message.words


@pytest.mark.parametrize("value", ["", "relative/data", "."])
def test_empty_or_relative_xdg_folders_are_ignored(value):
    environment = {"XDG_DATA_HOME": value, "XDG_CACHE_HOME": "/abs/cache", "HOME": "/home/x"}
    ignore_invalid_xdg_paths(environment)
    assert "XDG_DATA_HOME" not in environment and environment["XDG_CACHE_HOME"] == "/abs/cache"


def test_the_game_s_data_folder_is_not_made_relative_to_where_it_starts(tmp_path):
    env = {**os.environ, "XDG_DATA_HOME": "", "HOME": str(tmp_path)}
    folder = second_copy_folder(env)
    assert folder.is_absolute() and str(folder).startswith(str(tmp_path))


def test_a_win_box_says_a_replayed_deal_is_not_counted_as_a_fresh_win(tmp_path):
    app = launch(tmp_path)
    app.table.play(play_to_one_from_the_end(app, 1))
    app.table.after_frame()
    send(app, key(pygame.K_ESCAPE))
    app.table.play(play_to_one_from_the_end(app, 1))  # deal 1 again, from its number
    box = app.overlays[-1]
    assert isinstance(box, WinOverlay)
    assert any("won before" in line for line in box.lines), box.lines
    assert (summary(app).won, summary(app).replays_won, summary(app).current_streak) == (1, 1, 1)


def test_a_win_on_a_full_disk_survives_a_quit_before_space_comes_back(tmp_path, monkeypatch):
    """The statistics cannot be written but the save can: the win is kept in the game's
    save, and counted once, at the launch after the space came back."""
    app, disk = win_on_a_full_disk(tmp_path, monkeypatch)
    assert any("kept with your games" in words for words in app.library.messages)
    quit_game(app)  # still full: the statistics are not written
    assert on_disk(tmp_path).won == 0
    disk["full"] = False
    again = launch(tmp_path)
    assert summary(again).won == 1  # counted from the save at launch
    again.library.flush()
    assert on_disk(tmp_path).won == 1
    quit_game(again)
    once_more = launch(tmp_path)  # the save still names it: never counted twice
    once_more.library.flush()
    assert summary(once_more).won == 1 and on_disk(tmp_path).won == 1
    quit_game(once_more)


def test_a_loss_counted_by_a_new_deal_on_a_full_disk_travels_with_the_next_game(
    tmp_path, monkeypatch
):
    disk = statistics_disk(monkeypatch, full=True)
    app = launch(tmp_path)
    app.table.new_deal(5)
    move = next(m for m in app.table.game.legal_moves())
    app.table.play(move)
    app.table.after_frame()
    app.table.deal_again(7, None, None)  # counted as a loss: the next deal's save keeps it
    app.table.play(next(m for m in app.table.game.legal_moves()))
    app.table.after_frame()
    quit_game(app)
    assert on_disk(tmp_path).played == 0
    disk["full"] = False
    again = launch(tmp_path)
    again.library.flush()
    assert on_disk(tmp_path).lost == 1 and on_disk(tmp_path).played == 1
    quit_game(again)


def test_results_kept_in_a_save_that_are_not_results_are_ignored(tmp_path):
    app = launch(tmp_path)
    app.table.play(next(m for m in app.table.game.legal_moves()))
    app.table.after_frame()
    quit_game(app)
    path = tmp_path / "game-vierfrei.json"
    data = json.loads(path.read_text())
    data["pending"] = [{"rules": "vierfrei", "result": {"outcome": "won", "moves": -3}}, 7]
    path.write_text(json.dumps(data))
    again = launch(tmp_path)
    assert summary(again).played == 0 and again.table.game.done
    quit_game(again)


def test_a_kept_result_is_counted_at_the_next_launch_whichever_game_opens(tmp_path, monkeypatch):
    app, disk = win_on_a_full_disk(tmp_path, monkeypatch)
    quit_game(app)
    disk["full"] = False
    again = App(fullscreen=False, size=(800, 600), library=Library(tmp_path))
    again.open_game("klondike", animate=False)  # not the game whose save keeps the win
    again.library.flush()
    assert on_disk(tmp_path).won == 1
    quit_game(again)
