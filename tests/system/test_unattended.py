"""The tests never open a box that waits for a person, whatever the desktop they run on.

A game started with no terminal shows a failure to start in a window (Tk, or a desktop's
dialog program: solitaire/bootstrap.py). The tests start many such games with their
streams on pipes; on a developer's desktop each box would wait for a click, and unattended
for the hang guard. Here the suite's own launch helpers run in a pytest of their own with
DISPLAY set and a Tk that notes every box it is asked to open.
"""

import os
import subprocess
import sys

from helpers import HANG_GUARD, ROOT

FAKE_TK = """
import os


class TclError(Exception):
    pass


class Tk:
    def __init__(self):
        if not os.environ.get("DISPLAY"):
            raise TclError("no display name and no $DISPLAY environment variable")
        with open(os.environ["FAKE_TK_BOXES"], "a") as boxes:
            boxes.write("a box opened\\n")

    def withdraw(self):
        pass

    def destroy(self):
        pass
"""

# Launch helpers whose games fail to start, as a double-click's would: a bad argument to
# the window, a replay file that is a device.
LAUNCHES = [
    "tests/system/test_cli.py::test_bad_arguments_give_one_line_and_exit_code_2",
    "tests/system/test_cli.py::test_a_replay_from_a_device_is_refused_at_once",
]


def test_the_suite_opens_no_box_on_a_desktop(tmp_path):
    tkinter = tmp_path / "desktop" / "tkinter"
    tkinter.mkdir(parents=True)
    (tkinter / "__init__.py").write_text(FAKE_TK)
    (tkinter / "messagebox.py").write_text("def showerror(*args, **keywords):\n    pass\n")
    boxes = tmp_path / "boxes"
    env = dict(
        os.environ,
        DISPLAY=":4093",  # a desktop's display (none answers: a real box could not open)
        PYTHONPATH=str(tkinter.parent),
        FAKE_TK_BOXES=str(boxes),
    )
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *LAUNCHES],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,  # no terminal: the games would show their failures
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-2000:]
    assert "passed" in result.stdout
    assert not boxes.exists(), boxes.read_text()
