"""One copy of the game per data folder.

Two copies writing one data folder would erase each other's saves and statistics (a
double double-click is enough to start two). The first copy holds a lock in the data
folder for as long as it runs, and listens for a second one from the moment it holds it
(before its window opens: two copies started at the same instant find each other). A
second copy asks the first to come to the front and ends; while the first does not
answer yet it asks again, and takes the lock over if the first is gone, for a bounded
time (``PATIENCE``): a first copy that is stopped or hung never holds the second up
longer, and is named in the message. The statistics are merged under a lock of their own
besides (``Library``), so even copies that do not see each other's lock (a network
folder) lose nothing counted.
"""

from __future__ import annotations

import os
import sys
import tempfile
import threading
import time
import zlib
from collections.abc import Callable
from enum import Enum
from multiprocessing.connection import Client, Listener
from pathlib import Path

from ...storage.files import set_aside, try_lock

LOCK = "instance.lock"
SHOW = "show"  # what a second copy asks of the first
SHOWN = "shown"
PATIENCE = 10.0  # seconds a second copy waits for the first to answer, or to be gone
RETRY = 0.2  # seconds between its tries


class Reply(Enum):
    """What a second copy heard when it asked the first to come to the front."""

    SHOWN = "shown"  # the first came to the front
    NOBODY = "nobody"  # no copy listens (not yet, or no more)
    SILENT = "silent"  # a copy listens but does not answer (stopped, hung)


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
        self.on_show: Callable[[], None] | None = None  # how this copy comes to the front
        self.show_asked = False  # asked before its window was there to show

    def claim(self) -> bool:
        """Take the folder; False if another copy has it. Where the lock's place holds
        something that is not a file (a folder, a pipe), it is set aside and the lock
        taken: otherwise no copy could ever hold it, and two would write side by side."""
        path = self.folder / LOCK
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            if (path.exists() or path.is_symlink()) and not path.is_file():
                set_aside(
                    path, "not a file", "the lock of this player's games", "a new one is made"
                )
            self.handle = try_lock(path)
        except OSError:
            return True  # no lock can be taken here (a read-only folder): play on
        return self.handle is not None

    def shown(self, on_show: Callable[[], None]) -> None:
        """This copy's window is there: ``on_show`` brings it to the front from now on
        (at once, if a second copy asked while it opened)."""
        self.on_show = on_show
        if self.show_asked:
            on_show()

    def _show(self) -> None:
        if self.on_show is not None:
            self.on_show()
        else:
            self.show_asked = True  # the window opening now comes to the front anyway

    def listen(self) -> None:
        """Answer a second copy (from another thread) from now on: it is brought to the
        front by what ``shown`` gives."""
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
            target=self._serve, args=(self.listener, self._show), name="instance", daemon=True
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


def ask_first_copy_to_show(folder: Path, patience: float = PATIENCE) -> Reply:
    """A second copy's request to the first, answered within ``patience`` seconds or
    taken as not answered (the handshake itself would wait for ever on a stopped copy)."""
    replies: list[Reply] = []
    asking = threading.Thread(
        target=lambda: replies.append(_ask(folder, patience)), name="asking", daemon=True
    )
    asking.start()
    asking.join(patience)
    return replies[0] if replies else Reply.SILENT


def _ask(folder: Path, patience: float) -> Reply:
    address, family = _address(folder)
    try:
        connection = Client(address, family, authkey=_key(folder))
    except (ConnectionRefusedError, FileNotFoundError):
        return Reply.NOBODY
    except (OSError, EOFError, ValueError):
        return Reply.SILENT
    except Exception:  # noqa: BLE001 - anything else answering there is not our game
        return Reply.SILENT
    try:
        with connection:
            connection.send(SHOW)
            if connection.poll(patience) and connection.recv() == SHOWN:
                return Reply.SHOWN
    except (OSError, EOFError, ValueError):
        pass
    return Reply.SILENT


def find_first_copy(instance: Instance, patience: float = PATIENCE) -> Reply | None:
    """A second copy, whose ``instance`` could not take the folder: ask the first to come
    to the front, again while it does not answer yet (it may be opening), for
    ``patience`` seconds at most; None if the first is gone meanwhile and this copy holds
    the folder now. Else what the first answered last (SHOWN, or SILENT/NOBODY: a copy
    that holds the folder and does not answer)."""
    deadline = time.monotonic() + patience
    while True:
        left = max(0.5, deadline - time.monotonic())
        reply = ask_first_copy_to_show(instance.folder, left)
        if reply == Reply.SHOWN:
            return reply
        if instance.claim():
            return None
        if time.monotonic() >= deadline:
            return reply
        time.sleep(RETRY)
