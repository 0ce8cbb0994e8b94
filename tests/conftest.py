import os
import random
import zlib
from pathlib import PurePosixPath

import pytest

# Headless pygame for every test; set before anything imports pygame.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Away from the desktop too: a game a test starts with its stderr on a pipe shows a failure
# in a window wherever a display is (solitaire/bootstrap.py), and on a developer's desktop
# that box would wait for a click. Tests that need X start Xvfb and name its display.
for desktop in ("DISPLAY", "WAYLAND_DISPLAY"):
    os.environ.pop(desktop, None)
# The tests read the game's English words, whatever language the machine speaks (the
# game follows LANGUAGE first, as gettext does); the translation tests choose their own.
os.environ["LANGUAGE"] = "en"


@pytest.fixture(autouse=True)
def seeded_random(request):
    """Random deals in tests are seeded (by the test's file and name): a failure replays.
    Not by the folder the file is in: the seed is the one the test had as tests/<file>
    before the tests were sorted into folders, and filing a test elsewhere keeps its deals."""
    file, _, name = request.node.nodeid.partition("::")
    random.seed(f"tests/{PurePosixPath(file).name}::{name}")


@pytest.fixture(autouse=True)
def own_cache_folder(request, tmp_path_factory):
    """The card faces a game keeps between launches go to the platform's cache folder: any
    game a test starts keeps them in a folder of that test's own (made only if used), never
    in the home folder, and no test finds another's. (Not with monkeypatch: a test's own
    monkeypatch must still be in force while its module's fixtures end.)"""
    name = f"{zlib.crc32(request.node.nodeid.encode()):08x}"
    before = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.getbasetemp() / "cache" / name)
    yield
    if before is None:
        os.environ.pop("XDG_CACHE_HOME", None)
    else:
        os.environ["XDG_CACHE_HOME"] = before


@pytest.fixture
def app(tmp_path):
    """The table in a temporary data folder. (Imported here, not above: the environment
    above must be set before pygame is imported.)"""
    import pygame

    from solitaire.ui.app import App
    from solitaire.ui.library import Library

    application = App(fullscreen=False, size=(1280, 800), library=Library(tmp_path))
    yield application
    pygame.quit()
