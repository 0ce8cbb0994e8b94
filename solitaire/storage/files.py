"""Crash-safe files in the player's data folder.

A save is written to a temporary file beside the target and renamed over it, so a crash
or power cut at any moment leaves the old file or the new one, never half of either. A
file that cannot be understood is moved aside, not deleted, and the game starts afresh.

Every file is a JSON object ``{"kind": ..., "version": N, ...}``: the kind stops one
file being read as another, and the version lets a newer game's file be refused
politely instead of misread. No pygame here: the UI passes the folder in.
"""

from __future__ import annotations

import json
import math
import os
import stat
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import IO, Any, TypeGuard

from ..i18n import N_, _, ngettext

TEMP_SUFFIX = ".tmp"
STALE_TEMP_SECONDS = 3600  # a temporary file this old was left by a writer that died
# Ten years of statistics at the history cap is about 2 MB; more is not a file of ours.
MAX_FILE_BYTES = 16 * 1024 * 1024
READ_SECONDS = 5.0  # a slow disk reads 16 MB in well under this; a trickle is refused
READ_CHUNK = 1024 * 1024
IDLE_WRITER = 10.0  # seconds a writer's thread waits for more work before it ends
MAX_WHOLE = 2**53  # counts beyond this lose their last digits in a float (and in averages)
# What a parser may raise on odd input besides DamagedFile: huge numbers (ValueError,
# OverflowError, MemoryError), deep nesting (RecursionError), wrong shapes (the rest).
PARSE_ERRORS = (
    ValueError,
    TypeError,
    LookupError,
    AttributeError,
    ArithmeticError,
    RecursionError,
    MemoryError,
)


class DamagedFile(ValueError):
    """A data file that cannot be used; ``reason`` says why in one line."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def write_atomic(path: str | os.PathLike, text: str | bytes | Iterable[bytes]) -> None:
    """Replace ``path`` with ``text`` (bytes, or chunks of bytes written one at a time) so
    that readers only ever see the old or the new file."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    _remove_stale_temps(target)
    handle, temp_name = tempfile.mkstemp(
        prefix=f".{target.name}.", suffix=TEMP_SUFFIX, dir=target.parent
    )
    try:
        # A text file for a str, a binary one otherwise, each given chunks of its own kind;
        # declared with their values, as mypy would narrow a later assignment to one kind.
        temp: IO[Any] = (
            os.fdopen(handle, "w", encoding="utf-8", newline="\n")
            if isinstance(text, str)
            else os.fdopen(handle, "wb")
        )
        chunks: Iterable[Any] = [text] if isinstance(text, (str, bytes)) else text
        with temp:
            for chunk in chunks:
                temp.write(chunk)
            temp.flush()
            os.fsync(temp.fileno())  # the data is on disk before the name points at it
        os.replace(temp_name, target)
    except BaseException:
        _remove_quietly(temp_name)
        raise
    _sync_folder(target.parent)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); Windows cannot open folders, and needs not."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def _remove_stale_temps(target: Path) -> None:
    """Tidy temporary files left by writers that were killed mid-write long ago.

    Only old ones go: a young one may belong to another copy of the game writing now.
    """
    cutoff = time.time() - STALE_TEMP_SECONDS
    try:
        leftovers = list(target.parent.glob(f".{target.name}.*{TEMP_SUFFIX}"))
    except OSError:
        return
    for leftover in leftovers:
        try:
            if leftover.stat().st_mtime < cutoff:
                leftover.unlink()
        except OSError:
            pass


def _remove_quietly(name: str) -> None:
    try:
        os.unlink(name)
    except OSError:
        pass


def dump_json(data: dict) -> str:
    """The text written for ``data``: indented a little so a curious player can read it."""
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def read_limited(path: str | os.PathLike, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them, read within
    READ_SECONDS; DamagedFile for anything else, FileNotFoundError if there is nothing.

    The file is opened without blocking and checked before a byte is read, so a device
    (``/dev/zero``), a named pipe with no writer or a folder is refused at once instead of
    being read forever.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        handle = os.open(path, flags)
    except FileNotFoundError:
        raise
    except (OSError, ValueError) as error:  # ValueError: a NUL in the name
        raise DamagedFile(
            _("it cannot be read ({problem})").format(problem=_os_reason(error))
        ) from None
    try:
        mode = os.fstat(handle).st_mode
        if not stat.S_ISREG(mode):
            raise DamagedFile(_(_not_a_file(mode)))
        return _read_capped(handle, limit)
    except OSError as error:
        raise DamagedFile(
            _("it cannot be read ({problem})").format(problem=_os_reason(error))
        ) from None
    finally:
        os.close(handle)


def _read_capped(handle: int, limit: int) -> bytes:
    deadline = time.monotonic() + READ_SECONDS
    chunks, size = [], 0
    while chunk := os.read(handle, min(READ_CHUNK, limit + 1 - size)):
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            raise DamagedFile(
                _("it is too big (over {megabytes} MB)").format(megabytes=limit // (1024 * 1024))
            )
        if time.monotonic() > deadline:
            raise DamagedFile(
                _("it took over {seconds} seconds to read").format(seconds=f"{READ_SECONDS:g}")
            )
    return b"".join(chunks)


def _not_a_file(mode: int) -> str:
    """Why a file that is no ordinary file cannot be read, for the catalogue."""
    if stat.S_ISDIR(mode):
        return N_("it is a folder, not an ordinary file")
    if stat.S_ISFIFO(mode):
        return N_("it is a named pipe, not an ordinary file")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return N_("it is a device, not an ordinary file")
    if stat.S_ISSOCK(mode):
        return N_("it is a socket, not an ordinary file")
    return N_("it is a special file, not an ordinary file")


def _os_reason(error: Exception) -> str:
    return getattr(error, "strerror", None) or str(error)


def read_json(
    path: str | os.PathLike, expected_kind: str, version: int, limit: int = MAX_FILE_BYTES
) -> dict:
    """The object in ``path``; DamagedFile if it is not a ``expected_kind`` file we can read.

    A missing file raises FileNotFoundError, so callers can tell "never saved" from
    "saved but broken". Older versions are returned as they are, for the caller to
    upgrade; newer ones are refused, since we cannot know what their fields mean. The
    fields themselves are the caller's to check (see is_whole, is_number, is_text). A file
    of more than ``limit`` bytes is not one of ours.
    """
    raw = read_limited(path, limit)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DamagedFile(N_("it is not a text file")) from None
    del raw  # a long game's save is megabytes: one copy of it at a time
    if not text or text.isspace():
        raise DamagedFile(N_("it is empty"))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        # cut off at the end, or inside a string that runs to the end
        if error.pos >= len(text.rstrip()) or error.msg.startswith("Unterminated string"):
            raise DamagedFile(N_("it ends too soon (cut off while being written?)")) from None
        raise DamagedFile(
            _("it is garbled (line {line}, column {column})").format(
                line=error.lineno, column=error.colno
            )
        ) from None
    except RecursionError:  # [[[[... thousands deep
        raise DamagedFile(N_("it is nested too deeply")) from None
    except (ValueError, OverflowError, MemoryError):  # a number of thousands of digits
        raise DamagedFile(N_("it holds a number too big to read")) from None
    if not isinstance(data, dict):
        raise DamagedFile(_("it is not a {kind} file").format(kind=expected_kind))
    kind = data.get("kind")
    if kind != expected_kind:
        raise DamagedFile(
            _("it is not a {kind} file (its kind is {found})").format(
                kind=repr(expected_kind), found=shown(kind)
            )
        )
    found = data.get("version")
    if not is_whole(found, 1):
        raise DamagedFile(
            _("its version {found} is not a format version").format(found=shown(found))
        )
    if found > version:
        raise DamagedFile(
            _(
                "it was written by a newer version of the game (format {found}; this one reads"
                " up to {version})"
            ).format(found=found, version=version)
        )
    return data


# ---------------------------------------------------------------------- checking fields
def is_whole(value: object, low: int = 0, high: int = MAX_WHOLE) -> TypeGuard[int]:
    """An int from ``low`` to ``high``; JSON's true and false are not numbers here."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def is_number(value: object, low: float = 0.0, high: float = MAX_WHOLE) -> TypeGuard[float]:
    """An int or float from ``low`` to ``high``: not a bool, not NaN, not infinite."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return False
    return low <= value <= high and math.isfinite(value)  # in range first: 10**400 is an int


def is_text(value: object, limit: int = 200) -> TypeGuard[str]:
    """A str of at most ``limit`` characters that can be written back (no lone surrogates,
    which JSON's \\ud800 escapes can smuggle in and UTF-8 cannot hold)."""
    if not isinstance(value, str) or len(value) > limit:
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def shown(value: object, limit: int = 40) -> str:
    """``value`` quoted for a one-line reason: short, and never raising (the repr of an int
    of thousands of digits does)."""
    if isinstance(value, list):
        return ngettext("a list of {count} item", "a list of {count} items", len(value)).format(
            count=len(value)
        )
    if isinstance(value, dict):
        return ngettext(
            "a table of {count} entry", "a table of {count} entries", len(value)
        ).format(count=len(value))
    if isinstance(value, int) and not isinstance(value, bool) and not is_whole(abs(value)):
        return _("a huge number")
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def quarantine(path: str | os.PathLike, reason: str = "") -> Path | None:
    """Move a damaged file aside as ``NAME.damaged-YYYYmmdd-HHMMSS`` and return where.

    Nothing is lost (the player or a bug report can still look at it), and the name is
    free for a fresh file. ``reason`` goes into a note beside it. Never raises: if the
    file cannot be moved, None, and the next save simply overwrites it.
    """
    source = Path(path)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    try:
        destination = source.with_name(f"{source.name}.damaged-{stamp}")
        counter = 2
        while destination.exists():
            destination = source.with_name(f"{source.name}.damaged-{stamp}-{counter}")
            counter += 1
        os.replace(source, destination)
    except OSError:
        return None
    if reason:
        try:
            destination.with_name(destination.name + ".txt").write_text(
                f"{source.name} could not be read: {reason}\n", encoding="utf-8"
            )
        except OSError:
            pass  # the note is a courtesy; the file itself is safe
    return destination


def load_or_fresh(
    path: str | os.PathLike,
    kind: str,
    version: int,
    default_factory: Callable[[], Any],
    parse: Callable[[dict], Any] | None = None,
    what: str | None = None,
    then: str = N_("starting afresh"),
    limit: int = MAX_FILE_BYTES,
) -> tuple[Any, str | None]:
    """Read a data file the usual way: ``(data, None)``, or a fresh default and why.

    A missing file gives ``default_factory()`` silently (a first start). A damaged one,
    which includes ``parse`` raising DamagedFile (or any error odd contents can cause) on
    well-formed JSON, is quarantined and gives the default with a one-line message for the
    player that names where the old file went. ``what`` names the file in that message,
    ``then`` says what the game does instead. ``limit`` is the most bytes the file holds.
    """
    source = Path(path)
    try:
        data = read_json(source, kind, version, limit)
        return (parse(data) if parse else data), None
    except FileNotFoundError:
        return default_factory(), None
    except DamagedFile as error:
        reason = error.reason
    except PARSE_ERRORS as error:  # a check the parser lacks: still the file's fault
        reason = _("its contents do not add up ({error})").format(error=type(error).__name__)
    return default_factory(), set_aside(source, reason, what, then)


def set_aside(path: str | os.PathLike, reason: str, what: str | None, then: str) -> str:
    """Quarantine ``path`` and return the one-line message for the player: what could not
    be read and why, where it went, and ``then`` (what the game does instead)."""
    source = Path(path)
    what = what or f"'{source.name}'"
    reason = " ".join(reason.split())  # one line, whatever the file put in it
    if len(reason) > 160:
        reason = reason[:157] + "..."
    moved = quarantine(source, reason)
    if moved is None:
        message = _("{what} could not be read ({reason}) and will be replaced; {then}.").format(
            what=_(what), reason=_(reason), then=_(then)
        )
    else:
        message = _("{what} could not be read ({reason}); it was moved to {moved}; {then}.").format(
            what=_(what), reason=_(reason), moved=moved, then=_(then)
        )
    return message[:1].upper() + message[1:]


@contextmanager
def file_lock(path: str | os.PathLike):
    """Hold an exclusive lock on ``path`` (made if need be) against other processes, for
    as long as the block runs; waits for another holder to let go. Two copies of the game
    on one data folder take turns at the statistics file this way."""
    handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        _lock(handle, wait=True)
        yield
    finally:
        os.close(handle)  # closing lets go of the lock


def try_lock(path: str | os.PathLike) -> int | None:
    """An exclusive lock on ``path`` kept until the handle returned is closed (or the
    process ends); None if another process holds it."""
    handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        _lock(handle, wait=False)
    except OSError:
        os.close(handle)
        return None
    return handle


def _lock(handle: int, wait: bool) -> None:
    if sys.platform == "win32":  # not os.name: mypy knows this test, so checks msvcrt on Windows
        import msvcrt

        mode = msvcrt.LK_LOCK if wait else msvcrt.LK_NBLCK  # LK_LOCK tries for 10 s
        msvcrt.locking(handle, mode, 1)
    else:
        import fcntl

        fcntl.flock(handle, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)


class BackgroundWriter:
    """Writes files in a thread of their own, so the game's frames never wait for a disk.

    ``submit`` hands over what to write: the data (a plain-data snapshot the caller will
    not change: the writer turns it into JSON), the bytes or text, or chunks of bytes, or
    a job (a function that does the writing itself, returning what it made). The
    files are written crash-safe (``write_atomic``) in the order they were submitted. A
    newer version of a file not yet written replaces the older one (and goes to the back
    of the line): however slow the disk, no backlog builds up, and the disk holds the
    newest version or the one before it, as when each was written at once. ``results``
    collects (kind, reason or None, what a job returned) for each write done, for the
    caller's thread; ``on_done`` is told after each one (to wake it up).
    """

    def __init__(self, on_done: Callable[[], None] = lambda: None):
        self.on_done = on_done
        self.pending: dict[Path, tuple[str, Any, bool]] = {}  # in submission order
        self.results: list[tuple[str, str | None, Any]] = []
        self.busy = False
        self.condition = threading.Condition()
        self.thread: threading.Thread | None = None

    def submit(self, kind: str, path: str | os.PathLike, content: Any, atomic=True) -> None:
        """Write ``content`` to ``path`` soon; ``kind`` names the result. ``atomic`` False
        writes into the file itself (a file the player named, which may be a pipe)."""
        with self.condition:
            target = Path(path)
            self.pending.pop(target, None)  # the newer version keeps to the back of the line
            self.pending[target] = (kind, content, atomic)
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="writer", daemon=True)
                self.thread.start()
            self.condition.notify_all()

    def _run(self) -> None:
        while True:
            with self.condition:
                if not self.pending:
                    self.condition.wait(IDLE_WRITER)
                if not self.pending:  # idle a while: the next submit starts a thread anew
                    self.thread = None
                    return
                path = next(iter(self.pending))
                kind, content, atomic = self.pending.pop(path)
                self.busy = True
            reason = made = None
            try:
                if callable(content):
                    made = content()
                elif atomic:
                    write_atomic(path, dump_json(content) if isinstance(content, dict) else content)
                else:
                    path.write_text(content, encoding="utf-8")
            except (OSError, ValueError) as error:
                reason = getattr(error, "strerror", None) or str(error)
            with self.condition:
                self.results.append((kind, reason, made))
                self.busy = False
                self.condition.notify_all()
            self.on_done()

    def pending_kinds(self) -> set[str]:
        with self.condition:
            return {kind for kind, _, _ in self.pending.values()}

    def take_results(self) -> list[tuple[str, str | None, Any]]:
        with self.condition:
            results, self.results = self.results, []
        return results

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until everything submitted is written; False if ``timeout`` passed first."""
        with self.condition:
            return self.condition.wait_for(lambda: not self.pending and not self.busy, timeout)
