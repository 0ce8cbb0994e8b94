"""What the tests that start the game as a program share: an X server of their own."""

import os
import shutil
import subprocess

import pytest


@pytest.fixture
def x_display():
    """A private Xvfb, large enough for a 1280x800 window: -displayfd picks a free display
    number and says which, once the server takes clients."""
    if not (shutil.which("Xvfb") and shutil.which("xdotool")):
        pytest.skip("needs Xvfb and xdotool")
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as answer:
        number = answer.readline().strip()
    yield f":{number}"
    server.terminate()
    server.wait(10)
