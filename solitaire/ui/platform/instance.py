"""One copy of the game per data folder.

Two copies writing one data folder would erase each other's saves and statistics (a
double double-click is enough to start two). The first copy holds a lock in the data
folder for as long as it runs and listens for a second one; a second copy asks the first
to come to the front and ends, or, where it cannot reach it, ends with a message saying
why. The statistics are merged under a lock of their own besides (``Library``), so even
copies that do not see each other's lock (a network folder) lose nothing counted.
"""

from __future__ import annotations

import os
import sys
import tempfile
import threading
import zlib
from collections.abc import Callable
from multiprocessing.connection import Client, Listener
from pathlib import Path

from ...storage.files import try_lock

LOCK = "instance.lock"
SHOW = "show"  # what a second copy asks of the first
SHOWN = "shown"


def _address(folder: Path) -> tuple[str, str]:
    """Where the first copy listens: (address, family), from the folder's path."""
    path = str(folder.resolve()).encode()
    # Two checksums of the path, not hashlib: it would load OpenSSL, some 4 MiB of the
    # game's memory, for a name that only has to differ between data folders.
    name = f"solitaire-{zlib.crc32(path):08x}{zlib.adler32(path):08x}"
    if sys.platform == "win32":
        return rf"\\.\pipe\{name}", "AF_PIPE"
    if sys.platform.startswith("linux"):
        return "\0" + name, "AF_UNIX"  # an abstract name: no file to leave behind
    return os.path.join(tempfile.gettempdir(), name + ".sock"), "AF_UNIX"


def _key(folder: Path) -> bytes:
    """The key both copies know: it keeps out what is not a copy of this game (the
    handshake itself loads hashlib, but only when a second copy calls)."""
    return b"solitaire " + str(folder.resolve()).encode()


class Instance:
    """This copy's claim on a data folder."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.handle: int | None = None
        self.listener: Listener | None = None

    def claim(self) -> bool:
        """Take the folder; False if another copy has it."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            self.handle = try_lock(self.folder / LOCK)
        except OSError:
            return True  # no lock can be taken here (a read-only folder): play on
        return self.handle is not None

    def listen(self, on_show: Callable[[], None]) -> None:
        """Bring this copy to the front (``on_show``, from another thread) when a second
        one asks."""
        address, family = _address(self.folder)
        if family == "AF_UNIX" and not address.startswith("\0"):
            try:
                os.unlink(address)  # left by a copy that crashed
            except OSError:
                pass
        try:
            self.listener = Listener(address, family, authkey=_key(self.folder))
        except OSError:
            return  # a second copy will be told to close this one instead
        threading.Thread(
            target=self._serve, args=(self.listener, on_show), name="instance", daemon=True
        ).start()

    @staticmethod
    def _serve(listener: Listener, on_show: Callable[[], None]) -> None:
        while True:
            try:
                with listener.accept() as connection:
                    if connection.recv() == SHOW:
                        on_show()
                        connection.send(SHOWN)
            except (OSError, EOFError, ValueError):
                return  # closed at quit
            except Exception:  # noqa: BLE001, S112 - a stranger's bad handshake: keep listening
                continue

    def release(self) -> None:
        if self.listener is not None:
            self.listener.close()
            self.listener = None
        if self.handle is not None:
            os.close(self.handle)
            self.handle = None


def ask_first_copy_to_show(folder: Path) -> bool:
    """A second copy's request: True if the first one came to the front."""
    address, family = _address(folder)
    try:
        with Client(address, family, authkey=_key(folder)) as connection:
            connection.send(SHOW)
            return connection.poll(10.0) and connection.recv() == SHOWN
    except (OSError, EOFError, ValueError):
        return False
    except Exception:  # noqa: BLE001 - anything else answering there is not our game
        return False
