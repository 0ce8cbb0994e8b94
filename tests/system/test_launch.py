"""Launching the game without a terminal, a display, pygame-ce or Tk.

A file manager's double-click runs main.py with the system's Python and no terminal: the
game restarts with the checkout's .venv, and a failure to start is shown in a window. With
no display the game says so and stops, instead of running invisibly on SDL's offscreen
driver.
"""

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import HANG_GUARD, ROOT

from solitaire import __version__
from solitaire.ui.platform import window

DISPLAY_VARIABLES = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="restarts with exec on POSIX")


def headless_env(tmp_path: Path, **extra: str) -> dict:
    """No display of any kind, and a data folder and runtime folder of the test's own (an
    empty XDG_RUNTIME_DIR: SDL finds no Wayland compositor there either)."""
    env = {k: v for k, v in os.environ.items() if k not in DISPLAY_VARIABLES}
    (tmp_path / "runtime").mkdir(mode=0o700, exist_ok=True)
    env.update(
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_RUNTIME_DIR=str(tmp_path / "runtime"),
        SDL_AUDIODRIVER="dummy",
    )
    return {**env, **extra}


def start(python: str, script: Path, *args: str, env: dict, timeout: float = HANG_GUARD):
    """Run as a file manager does: no terminal on any stream."""
    return subprocess.run(
        [python, str(script), *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
        check=False,
    )


# ---- no display


def assert_refused_quickly(python: str, env: dict, data: Path) -> str:
    result = start(python, ROOT / "main.py", "--game", "vierfrei", env=env, timeout=HANG_GUARD)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("main.py: cannot open a window (") and "see --help" in last
    assert not data.exists() or not any(data.rglob("*")), "nothing is read or written"
    return last


def test_without_display_the_game_says_so_and_stops_before_saving(tmp_path):
    env = headless_env(tmp_path)
    line = assert_refused_quickly(sys.executable, env, tmp_path / "data")
    assert "neither DISPLAY nor WAYLAND_DISPLAY is set" in line
    result = start(sys.executable, ROOT / "main.py", "--game", "vierfrei", env=env)
    assert result.stderr.count("\n") == 1, "one line"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 display names")
def test_a_display_that_does_not_answer_is_not_replaced_by_an_invisible_one(tmp_path):
    env = headless_env(tmp_path, DISPLAY=":4093")  # no such X server
    line = assert_refused_quickly(sys.executable, env, tmp_path / "data")
    assert "no display answered" in line and "offscreen" in line


def test_a_driver_asked_for_by_name_is_used(monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # as every headless test runs the game
    assert window.open_display() is None
    import pygame

    assert pygame.display.get_driver() == "dummy"


@pytest.mark.skipif(
    not sys.platform.startswith(window.DISPLAY_SERVER_SYSTEMS), reason="X11 and Wayland only"
)
def test_no_display_is_found_before_sdl_is_asked(monkeypatch):
    import pygame

    pygame.display.quit()
    for name in DISPLAY_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    assert "DISPLAY" in window.open_display()
    assert not pygame.display.get_init(), "SDL would have picked its offscreen driver"


# ---- main.py from a file manager: the system's Python, no terminal


def python_without_pygame() -> str | None:
    """The interpreter this test's venv was made from, or python3 on PATH, if it has no
    pygame-ce (as a system's Python has not)."""
    candidates = [getattr(sys, "_base_executable", None), shutil.which("python3")]
    for python in filter(None, candidates):
        probe = subprocess.run(
            [python, "-c", "import importlib.util as u; print(u.find_spec('pygame') is None)"],
            capture_output=True,
            text=True,
            env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
            check=False,
        )
        if probe.stdout.strip() == "True":
            return python
    return None


BARE_PYTHON = python_without_pygame()
needs_bare_python = pytest.mark.skipif(BARE_PYTHON is None, reason="every Python has pygame")


def checkout(tmp_path: Path, venv_python: str | None = None) -> Path:
    """A checkout of the game (main.py and the package) with, if given, a .venv whose
    python is a script that logs each start to `starts` and runs `venv_python`."""
    here = tmp_path / "checkout"
    here.mkdir()
    shutil.copy(ROOT / "main.py", here / "main.py")
    (here / "solitaire").symlink_to(ROOT / "solitaire", target_is_directory=True)
    if venv_python is not None:
        python = here / ".venv" / "bin" / "python"
        python.parent.mkdir(parents=True)
        python.write_text(f'#!/bin/sh\necho start >> "{here}/starts"\nexec "{venv_python}" "$@"\n')
        python.chmod(0o755)
    return here


@posix_only
@needs_bare_python
def test_main_py_restarts_with_the_checkouts_venv(tmp_path):
    here = checkout(tmp_path, venv_python=sys.executable)
    env = headless_env(tmp_path)
    shown = start(BARE_PYTHON, here / "main.py", "--game", "vierfrei", "--deal", "1", "--show",
                  env=env)  # fmt: skip
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith(": JD KD 2S 4C 3S 6D 6S")
    assert start(BARE_PYTHON, here / "main.py", "--version", env=env).stdout.strip() == (
        f"Solitaire {__version__}"
    )
    # The game itself got as far as looking for a display: pygame-ce was there.
    game = start(BARE_PYTHON, here / "main.py", env=env)
    assert game.returncode == 2
    assert game.stderr.strip().startswith("main.py: cannot open a window")
    assert (here / "starts").read_text().count("start") == 3


@posix_only
@needs_bare_python
def test_a_system_python_with_the_original_pygame_restarts_with_the_venv(tmp_path):
    # Debian's python3-pygame is a module named pygame, but not the pygame-ce the game needs.
    here = checkout(tmp_path, venv_python=sys.executable)
    original = tmp_path / "system" / "pygame"
    original.mkdir(parents=True)
    (original / "__init__.py").write_text("version = None\n")
    env = headless_env(tmp_path, PYTHONPATH=str(original.parent))
    result = start(BARE_PYTHON, here / "main.py", "--version", env=env)
    assert result.stdout.strip() == f"Solitaire {__version__}", result.stderr
    assert (here / "starts").read_text().count("start") == 1


@posix_only
@needs_bare_python
def test_a_venv_without_pygame_is_not_restarted_again_and_again(tmp_path):
    here = checkout(tmp_path, venv_python=BARE_PYTHON)
    result = start(BARE_PYTHON, here / "main.py", env=headless_env(tmp_path), timeout=HANG_GUARD)
    assert result.returncode == 2
    assert "pygame-ce is not installed" in result.stderr
    assert (here / "starts").read_text().count("start") == 1


@needs_bare_python
def test_without_a_venv_or_display_the_message_is_on_stderr(tmp_path):
    here = checkout(tmp_path)
    result = start(BARE_PYTHON, here / "main.py", env=headless_env(tmp_path))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    (line,) = result.stderr.strip().splitlines()
    assert "pygame-ce is not installed" in line and "pip install" in line


# ---- a failure to start, shown in a window (a real X server: x_display, conftest.py)


@needs_bare_python
def test_a_failure_to_start_is_shown_in_a_window(tmp_path, x_display):
    probe = [BARE_PYTHON, "-c", "import tkinter"]
    if subprocess.run(probe, capture_output=True, check=False).returncode:
        pytest.skip("this Python has no tkinter")
    env = headless_env(tmp_path, DISPLAY=x_display)
    game = subprocess.Popen(
        [BARE_PYTHON, str(checkout(tmp_path) / "main.py")],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        found = subprocess.run(
            ["xdotool", "search", "--sync", "--onlyvisible", "--name", "^Solitaire$"],
            capture_output=True,
            text=True,
            env=env,
            timeout=HANG_GUARD,
            check=True,
        )
        box = found.stdout.split()[0]
        assert game.poll() is None, "the game waits for the message to be read"
        # Without a window manager xdotool ends with an X error, but the key arrives.
        key = ["xdotool", "key", "--window", box, "Return"]
        subprocess.run(key, env=env, timeout=HANG_GUARD, capture_output=True, check=False)
        _, stderr = game.communicate(timeout=HANG_GUARD)
    finally:
        game.kill()
        game.wait()
    assert game.returncode == 2
    assert "pygame-ce is not installed" in stderr  # on stderr as well


def test_text_commands_keep_their_messages_on_stderr(tmp_path, x_display):
    if importlib.util.find_spec("tkinter") is None:
        pytest.skip("no tkinter: there would be no window anyway")
    env = headless_env(tmp_path, DISPLAY=x_display)
    result = start(sys.executable, ROOT / "main.py", "--game", "nosuch", "--show", env=env,
                   timeout=HANG_GUARD)  # fmt: skip
    assert result.returncode == 2
    assert "unknown game" in result.stderr


# ---- a failure shown by a desktop's dialog program where Python has no Tk


def stub_programs(folder: Path, names, code: int = 0) -> Path:
    """Programs on a PATH of their own that record their arguments (one a line) and exit
    with ``code``: what a dialog program does once its window is closed."""
    folder.mkdir(exist_ok=True)
    for name in names:
        stub = folder / name
        stub.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > "{folder}/{name}.args"\nexit {code}\n')
        stub.chmod(0o755)
    return folder


def recorded(folder: Path, name: str) -> list[str] | None:
    path = folder / f"{name}.args"
    return path.read_text().splitlines() if path.exists() else None


@pytest.fixture
def no_tk(monkeypatch):
    from solitaire import bootstrap

    monkeypatch.setitem(sys.modules, "tkinter", None)  # `import tkinter` fails
    monkeypatch.setattr(bootstrap.sys, "platform", "linux")
    monkeypatch.setenv("DISPLAY", ":4093")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    return bootstrap


@posix_only
def test_without_tk_xmessage_shows_the_failure(no_tk, monkeypatch, tmp_path):
    stubs = stub_programs(tmp_path / "bin", ["xmessage", "notify-send"])
    monkeypatch.setenv("PATH", str(stubs))
    assert no_tk.show_in_window("main.py: it went wrong\nsecond line")
    args = recorded(stubs, "xmessage")
    assert args[-2:] == ["main.py: it went wrong", "second line"]  # one argument, as it was
    assert args[args.index("-title") + 1] == "Solitaire"
    assert recorded(stubs, "notify-send") is None, "the first program that shows it, only"


@posix_only
def test_the_dialog_programs_are_tried_in_turn(no_tk, monkeypatch, tmp_path):
    failing = stub_programs(tmp_path / "failing", ["zenity"], code=1)  # e.g. no GTK display
    working = stub_programs(tmp_path / "working", ["kdialog", "xmessage"])
    monkeypatch.setenv("PATH", os.pathsep.join([str(failing), str(working)]))
    assert no_tk.show_in_window("--help is <b>not</b> markup")
    assert "--text=--help is <b>not</b> markup" in recorded(failing, "zenity")
    assert "--no-markup" in recorded(failing, "zenity")
    assert recorded(working, "kdialog")[-1] == "--help is <b>not</b> markup"
    assert recorded(working, "xmessage") is None


@posix_only
def test_no_dialog_without_a_program_or_a_display(no_tk, monkeypatch, tmp_path):
    stubs = stub_programs(tmp_path / "bin", ["xmessage"])
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    assert not no_tk.show_in_window("nothing to show it with")
    monkeypatch.setenv("PATH", str(stubs))
    monkeypatch.delenv("DISPLAY")
    assert not no_tk.show_in_window("nowhere to show it")
    assert recorded(stubs, "xmessage") is None


@posix_only
def test_a_double_clicked_game_without_pygame_or_tk_says_the_readmes_setup(tmp_path):
    """main.py from a file manager on a Python with neither pygame-ce nor Tk: the dialog
    gives the README's own setup command, which works where pip refuses the system's
    Python (Debian 12's 'externally managed environment')."""
    fakes = tmp_path / "fakes"
    for module in ("pygame", "tkinter"):
        (fakes / module).mkdir(parents=True)
        (fakes / module / "__init__.py").write_text(
            f"raise ImportError('No module named {module}')\n"
        )
    stubs = stub_programs(tmp_path / "bin", ["xmessage"])
    env = headless_env(tmp_path, DISPLAY=":4093", PATH=str(stubs), PYTHONPATH=str(fakes))
    result = start(sys.executable, ROOT / "main.py", env=env)
    assert result.returncode == 2
    (shown,) = [line for line in recorded(stubs, "xmessage") if "pygame-ce" in line]
    assert shown == result.stderr.strip()  # the dialog says what stderr says
    readme = (ROOT / "README.md").read_text()
    setup = "python3 -m venv .venv && .venv/bin/pip install -r requirements.txt"
    assert setup in readme and f"'{setup}'" in shown
    assert "in the game's folder" in shown and "-m pip install" not in shown


def test_the_game_and_its_one_copy_check_do_not_load_openssl(tmp_path):
    # hashlib and secrets load OpenSSL: some 4 MiB of the game's 64 MiB, for nothing
    # a checksum or os.urandom cannot do.
    code = (
        "import sys, pathlib; import solitaire.ui.app, solitaire.ui.launch;"
        "from solitaire.ui.platform.instance import Instance; from solitaire.ui.table.tally import new_token;"
        f"Instance(pathlib.Path({str(tmp_path)!r})).claim(); new_token();"
        "print(sorted(m for m in ('_hashlib', 'hashlib', '_ssl') if m in sys.modules))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.splitlines()[-1]
    assert loaded == "[]"


@posix_only
def test_a_launch_in_the_venv_never_asks_which_pygame_it_has(tmp_path):
    """importlib.metadata (email, zipfile and more: some 20 ms of every launch) is loaded
    only where a restart in the checkout's .venv may be needed, not by a game already
    running in it: here a checkout whose .venv runs the probe."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", tmp_path / ".venv"], check=True)
    probe = (
        "import sys; from pathlib import Path; from solitaire import bootstrap;"
        "bootstrap.has_pygame_ce = lambda: sys.exit('asked');"
        "print(bootstrap.restart_in_venv(Path(sys.argv[1]), [], False),"
        " 'importlib.metadata' in sys.modules)"
    )
    env = {k: v for k, v in os.environ.items() if k != "SOLITAIRE_RESTARTED"}
    here = subprocess.run(
        [tmp_path / ".venv" / "bin" / "python", "-c", probe, tmp_path / "main.py"],
        env={**env, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
        check=False,
    )
    assert here.stdout.split() == ["None", "False"], here.stderr
