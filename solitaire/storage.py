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
import os
import tempfile
import time
from collections.abc import Callable, Iterable
from datetime import datetime
from pathlib import Path
from typing import Any

TEMP_SUFFIX = ".tmp"
STALE_TEMP_SECONDS = 3600  # a temporary file this old was left by a writer that died


class DamagedFile(ValueError):
    """A data file that cannot be used; ``reason`` says why in one line."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def write_atomic(path: str | os.PathLike, text: str | Iterable[bytes]) -> None:
    """Replace ``path`` with ``text`` (or chunks of bytes, written one at a time) so that
    readers only ever see the old or the new file."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    _remove_stale_temps(target)
    handle, temp_name = tempfile.mkstemp(
        prefix=f".{target.name}.", suffix=TEMP_SUFFIX, dir=target.parent
    )
    try:
        if isinstance(text, str):
            temp, chunks = os.fdopen(handle, "w", encoding="utf-8", newline="\n"), [text]
        else:
            temp, chunks = os.fdopen(handle, "wb"), text
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


def read_json(path: str | os.PathLike, expected_kind: str, version: int) -> dict:
    """The object in ``path``; DamagedFile if it is not a ``expected_kind`` file we can read.

    A missing file raises FileNotFoundError, so callers can tell "never saved" from
    "saved but broken". Older versions are returned as they are, for the caller to
    upgrade; newer ones are refused, since we cannot know what their fields mean.
    """
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        raise
    except OSError as error:
        raise DamagedFile(f"it cannot be read ({error.strerror or error})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DamagedFile("it is not a text file") from None
    if not text.strip():
        raise DamagedFile("it is empty")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        if error.pos >= len(text.rstrip()):
            raise DamagedFile("it ends too soon (cut off while being written?)") from None
        raise DamagedFile(f"it is garbled ({error.msg}, line {error.lineno})") from None
    if not isinstance(data, dict):
        raise DamagedFile(f"it is not a {expected_kind} file")
    kind = data.get("kind")
    if kind != expected_kind:
        raise DamagedFile(f"it is a {kind!r} file, not a {expected_kind!r} file")
    found = data.get("version")
    if not isinstance(found, int) or isinstance(found, bool) or found < 1:
        raise DamagedFile(f"its version {found!r} is not a format version")
    if found > version:
        raise DamagedFile(
            f"it was written by a newer version of the game "
            f"(format {found}; this one reads up to {version})"
        )
    return data


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
) -> tuple[Any, str | None]:
    """Read a data file the usual way: ``(data, None)``, or a fresh default and why.

    A missing file gives ``default_factory()`` silently (a first start). A damaged one,
    which includes ``parse`` raising DamagedFile on well-formed JSON with the wrong
    contents, is quarantined and gives the default with a one-line message for the player
    that names where the old file went. ``what`` names the file in that message.
    """
    source = Path(path)
    what = what or f"'{source.name}'"
    try:
        data = read_json(source, kind, version)
        return (parse(data) if parse else data), None
    except FileNotFoundError:
        return default_factory(), None
    except DamagedFile as error:
        reason = error.reason
    moved = quarantine(source, reason)
    if moved is None:
        message = f"{what} could not be read ({reason}) and will be replaced; starting afresh."
    else:
        message = f"{what} could not be read ({reason}); it was moved to {moved}; starting afresh."
    return default_factory(), message[:1].upper() + message[1:]
