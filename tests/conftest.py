import os
import random
import sys
import zlib
from pathlib import Path

import pytest

# Headless pygame for every test; set before anything imports pygame.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))


@pytest.fixture(autouse=True)
def seeded_random(request):
    """Random deals in tests are seeded (by the test's name): a failure replays."""
    random.seed(request.node.nodeid)


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
