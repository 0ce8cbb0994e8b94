"""main.py in a real X window under Xvfb, driven by xdotool like a person, and the window's
class however the game is started.

.ci/run installs Xvfb and xdotool; where they are missing this test is skipped.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import HANG_GUARD, ROOT, eventually

from solitaire.model.games import make_rules
from solitaire.ui.table.layout import TableLayout

SIZE = (1280, 800)
BAR = max(30, min(52, SIZE[1] // 22))  # as solitaire.ui.table.screen.bar_height

pytestmark = pytest.mark.skipif(
    not (shutil.which("Xvfb") and shutil.which("xdotool")), reason="needs Xvfb and xdotool"
)


def xdo(env, *args) -> str:
    return subprocess.run(
        ["xdotool", *args], env=env, capture_output=True, text=True, timeout=HANG_GUARD, check=True
    ).stdout


def test_drag_and_keys_in_a_real_window(x_display, tmp_path):
    env = {
        **os.environ,
        "DISPLAY": x_display,
        "SDL_AUDIODRIVER": "dummy",
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "SOLITAIRE_REPORT_READY": "1",  # the game says when its first frame is on screen
    }
    env.pop("SDL_VIDEODRIVER", None)
    record = tmp_path / "moves.txt"
    game = subprocess.Popen(
        [
            sys.executable,
            str(ROOT / "main.py"),
            "--game",
            "vierfrei",
            "--deal",
            "1",
            "--windowed",
            "--record",
            str(record),
        ],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert game.stdout.readline().strip() == "ready"  # the dealt table is on screen
        window = xdo(env, "search", "--sync", "--pid", str(game.pid)).split()[0]
        layout = TableLayout(
            make_rules("vierfrei").arrangement(), (0, BAR, SIZE[0], SIZE[1] - 2 * BAR)
        )

        def centre(pile: str, count: int) -> tuple[int, int]:
            x, y = layout.card_positions(pile, count)[-1]
            return x + layout.card_w // 2, y + layout.card_h // 2

        def drag(src, dst):
            xdo(env, "mousemove", "--window", window, *map(str, src), "mousedown", "1")
            xdo(env, "mousemove", "--window", window, str(src[0] + 20), str(src[1] + 20))
            xdo(
                env, "mousemove", "--window", window, *map(str, dst), "sleep", "0.1", "mouseup", "1"
            )

        drag(centre("t6", 6), centre("c1", 1))  # the three of diamonds to a free cell
        drag(centre("t6", 5), centre("c2", 1))  # the two of clubs to another
        xdo(env, "key", "--window", window, "Delete")  # plays the ace of clubs and of spades home

        def recorded() -> list[str]:
            lines = record.read_text().split("\n") if record.exists() else []
            return lines[1].split() if len(lines) > 1 else []

        eventually(lambda: recorded() == ["6a", "6b", "#"], "the game recorded the moves")
        xdo(env, "key", "--window", window, "F10")
        assert game.wait(15) == 0
    finally:
        if game.poll() is None:
            game.kill()


def ways_to_start(folder: Path) -> dict[str, list[str]]:
    """The game started each way people start it; importing pygame names the window's class
    after the script that started it (``sys.argv[0]``), which differs in each."""
    folder.mkdir()
    command = folder / "solitaire"  # what pip writes for the gui-script pipx installs
    command.write_text(
        f"#!{sys.executable}\nimport sys\nfrom solitaire.__main__ import run\n"
        "if __name__ == '__main__':\n    sys.exit(run())\n"
    )
    command.chmod(0o755)
    packaged = folder / "Solitaire"  # the packaged program runs main.py under its own name
    packaged.symlink_to(ROOT / "main.py")
    return {
        "main.py": [sys.executable, str(ROOT / "main.py")],  # also the desktop launcher's
        "python -m solitaire": [sys.executable, "-m", "solitaire"],
        "solitaire": [str(command)],
        "Solitaire": [sys.executable, str(packaged)],
    }


@pytest.mark.skipif(not shutil.which("xprop"), reason="needs xprop")
@pytest.mark.parametrize("way", ["main.py", "python -m solitaire", "solitaire", "Solitaire"])
def test_the_window_class_is_the_application_id_however_started(way, x_display, tmp_path):
    """Desktops match a window to its launcher and icon by WM_CLASS (StartupWMClass)."""
    from solitaire import APP_ID

    env = {
        **os.environ,
        "DISPLAY": x_display,
        "SDL_AUDIODRIVER": "dummy",
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "PYTHONPATH": str(ROOT),
        "SOLITAIRE_REPORT_READY": "1",
    }
    env.pop("SDL_VIDEODRIVER", None)
    env.pop("SDL_VIDEO_X11_WMCLASS", None)
    command = ways_to_start(tmp_path / "bin")[way]
    game = subprocess.Popen(
        [*command, "--game", "vierfrei", "--deal", "1", "--windowed"],
        env=env,
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert game.stdout.readline().strip() == "ready", game.stderr.read()
        windows = xdo(env, "search", "--sync", "--pid", str(game.pid)).split()
        classes = {
            subprocess.run(
                ["xprop", "-id", window, "WM_CLASS"],
                env=env,
                capture_output=True,
                text=True,
                timeout=HANG_GUARD,
                check=True,
            ).stdout.strip()
            for window in windows
        }
        assert classes == {f'WM_CLASS(STRING) = "{APP_ID}", "{APP_ID}"'}
    finally:
        game.kill()
        game.wait(30)
