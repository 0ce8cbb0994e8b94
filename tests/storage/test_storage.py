"""Crash-safe data files: atomic replacement, damaged files refused and moved aside."""

import json
import os
import random
import signal
import subprocess
import sys
import time

import pytest
from helpers import ROOT, finishes

from solitaire.storage import files as storage
from solitaire.storage.files import (
    DamagedFile,
    is_number,
    is_text,
    is_whole,
    load_or_fresh,
    quarantine,
    read_json,
    read_limited,
    shown,
    write_atomic,
)


def good(version=1, **fields):
    return json.dumps({"kind": "test", "version": version, **fields})


def test_atomic_write_replaces_the_content(tmp_path):
    path = tmp_path / "data.json"
    write_atomic(path, good(n=1))
    write_atomic(path, good(n=2))
    assert read_json(path, "test", 1)["n"] == 2
    assert [entry.name for entry in tmp_path.iterdir()] == ["data.json"]  # no temp left over


def test_atomic_write_creates_the_folder(tmp_path):
    path = tmp_path / "new" / "folder" / "data.json"
    write_atomic(path, good(n=3))
    assert read_json(path, "test", 1) == {"kind": "test", "version": 1, "n": 3}


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temp(tmp_path, monkeypatch):
    path = tmp_path / "data.json"
    write_atomic(path, good(n=1))

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr("solitaire.storage.files.os.replace", broken_replace)
    with pytest.raises(OSError):
        write_atomic(path, good(n=2))
    monkeypatch.undo()
    assert read_json(path, "test", 1)["n"] == 1
    assert [entry.name for entry in tmp_path.iterdir()] == ["data.json"]


@pytest.mark.parametrize(
    "content, words",
    [
        (b"", "empty"),
        (b"  \n", "empty"),
        (b"\x00\xff\xfe garbage \x80", "not a text file"),
        (b"this is not json at all", "garbled"),
        (good(n=1).encode()[:-7], "ends too soon"),  # truncated mid-write
        (b"[1, 2, 3]", "not a test file"),
        (json.dumps({"kind": "stats", "version": 1}).encode(), "not a 'test' file"),
        (json.dumps({"version": 1}).encode(), "not a 'test' file"),
        (good(version=2).encode(), "newer version"),
        (good(version="1").encode(), "not a format version"),
        (json.dumps({"kind": "test"}).encode(), "not a format version"),
    ],
)
def test_damaged_files_are_refused_with_a_reason(tmp_path, content, words):
    path = tmp_path / "data.json"
    path.write_bytes(content)
    with pytest.raises(DamagedFile) as caught:
        read_json(path, "test", 1)
    assert words in caught.value.reason
    assert "\n" not in caught.value.reason


@pytest.mark.parametrize(
    "content, words",
    [
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"kind": "test", "version": 1, "n": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "deep"),
        (b'{"kind": "test", "version": 1, "n": ' + b"9" * 5000 + b"}", "too big"),
        (b'{"kind": "test", "version": ' + b"9" * 5000 + b"}", "too big"),
        (json.dumps({"kind": "test", "version": True}).encode(), "not a format version"),
        (json.dumps({"kind": "test", "version": 1e300}).encode(), "not a format version"),
        (b'{"kind": "test", "version": NaN}', "not a format version"),
        (json.dumps({"kind": ["test"] * 1000, "version": 1}).encode(), "a list of 1000"),
    ],
)
def test_odd_json_is_refused_not_raised(tmp_path, content, words):
    path = tmp_path / "data.json"
    path.write_bytes(content)
    with pytest.raises(DamagedFile) as caught:
        read_json(path, "test", 1)
    assert words in caught.value.reason and len(caught.value.reason) < 100


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path, monkeypatch):
    monkeypatch.setattr(storage, "MAX_FILE_BYTES", 1000)
    path = tmp_path / "data.json"
    path.write_text(good(n="x" * 900))
    assert read_json(path, "test", 1)["n"] == "x" * 900
    path.write_text(good(n="x" * 1000))
    with pytest.raises(DamagedFile, match="too big"):
        read_limited(path, 1000)


def make_folder(path):
    path.mkdir()


SPECIAL_FILES = [("a folder", make_folder)]
if hasattr(os, "mkfifo"):
    SPECIAL_FILES.append(("a named pipe", os.mkfifo))  # with no writer: opening it would wait


@pytest.mark.parametrize("kind, make", SPECIAL_FILES)
def test_a_special_file_is_refused_unread_and_set_aside(tmp_path, kind, make):
    make(tmp_path / "settings.json")
    data, message = finishes(lambda: load_or_fresh(tmp_path / "settings.json", "test", 1, dict))
    assert data == {} and f"it is {kind}, not an ordinary file" in message
    assert not (tmp_path / "settings.json").exists()
    assert list(tmp_path.glob("settings.json.damaged-*"))


def test_a_file_that_cannot_be_opened_is_damaged_not_missing(tmp_path):
    with pytest.raises(DamagedFile, match="cannot be read"):
        read_limited(str(tmp_path / "nul\0name"))


@pytest.mark.parametrize(
    "value, whole, number",
    [
        (3, True, True),
        (0, True, True),
        (-1, False, False),
        (True, False, False),
        (2.5, False, True),
        (float("nan"), False, False),
        (float("inf"), False, False),
        (10**400, False, False),
        ("3", False, False),
        (None, False, False),
    ],
)
def test_numbers_are_checked_for_kind_and_range(value, whole, number):
    assert is_whole(value) is whole
    assert is_number(value) is number


def test_text_that_cannot_be_written_back_is_not_text():
    assert is_text("vierfrei") and not is_text("\ud800") and not is_text("x" * 201)
    assert not is_text(5) and is_text("x" * 500, limit=500)


def test_shown_values_are_short_and_never_raise():
    assert shown(10**5000) == "a huge number"
    assert shown("x" * 1000).endswith("...") and len(shown("x" * 1000)) == 40
    assert shown([1, 2]) == "a list of 2 items" and shown("lucie") == "'lucie'"


def test_a_parser_error_the_parser_did_not_foresee_still_sets_the_file_aside(tmp_path):
    path = tmp_path / "x.json"
    write_atomic(path, good(n=[]))
    data, message = load_or_fresh(path, "test", 1, lambda: 0, parse=lambda data: data["m"])
    assert data == 0 and "do not add up (KeyError)" in message
    assert list(tmp_path.glob("x.json.damaged-*"))


def test_a_long_reason_is_cut_to_one_short_line(tmp_path):
    path = tmp_path / "x.json"
    write_atomic(path, good())

    def parse(data):
        raise DamagedFile("move 3 '" + "x" * 10_000 + "'\nis not legal")

    _, message = load_or_fresh(path, "test", 1, dict, parse=parse)
    assert "\n" not in message and len(message) < 400


def test_older_and_current_versions_are_read(tmp_path):
    path = tmp_path / "data.json"
    path.write_text(good(version=1, n=5))
    assert read_json(path, "test", 3)["n"] == 5


def test_a_missing_file_is_not_called_damaged(tmp_path):
    with pytest.raises(FileNotFoundError):
        read_json(tmp_path / "nothing.json", "test", 1)


def test_quarantine_moves_the_file_aside_keeping_its_content(tmp_path):
    path = tmp_path / "data.json"
    path.write_bytes(b"garbage")
    first = quarantine(path, "it is garbled")
    path.write_bytes(b"more garbage")
    second = quarantine(path, "it is garbled")
    assert not path.exists()
    assert first != second  # a second damaged file in the same second gets its own name
    assert first.read_bytes() == b"garbage" and second.read_bytes() == b"more garbage"
    assert first.name.startswith("data.json.damaged-")


def test_quarantine_never_raises(tmp_path):
    assert quarantine(tmp_path / "not-there.json", "why") is None


def test_load_or_fresh_gives_the_default_silently_when_there_is_no_file(tmp_path):
    assert load_or_fresh(tmp_path / "x.json", "test", 1, dict) == ({}, None)


def test_load_or_fresh_reads_a_good_file(tmp_path):
    path = tmp_path / "x.json"
    write_atomic(path, good(n=7))
    data, message = load_or_fresh(path, "test", 1, dict, parse=lambda data: data["n"])
    assert (data, message) == (7, None)


@pytest.mark.parametrize("content", [b"{garbage", b"", good(version=9).encode()])
def test_load_or_fresh_quarantines_a_damaged_file_and_says_where(tmp_path, content):
    path = tmp_path / "x.json"
    path.write_bytes(content)
    data, message = load_or_fresh(path, "test", 1, lambda: "fresh", what="the saved game")
    assert data == "fresh"
    assert message.startswith("The saved game could not be read")
    assert "\n" not in message
    moved = [entry for entry in tmp_path.iterdir() if ".damaged-" in entry.name]
    moved = [entry for entry in moved if not entry.name.endswith(".txt")]
    assert len(moved) == 1 and str(moved[0]) in message
    assert moved[0].read_bytes() == content  # nothing is lost
    assert not path.exists()


def test_load_or_fresh_quarantines_contents_the_parser_refuses(tmp_path):
    path = tmp_path / "x.json"
    write_atomic(path, good(n="not a number"))

    def parse(data):
        if not isinstance(data["n"], int):
            raise DamagedFile("n is not a number")
        return data["n"]

    data, message = load_or_fresh(path, "test", 1, lambda: 0, parse=parse)
    assert data == 0 and "n is not a number" in message
    assert not path.exists()


# ---------------------------------------------------------------------- the crash test
# A writer alternates two large payloads of different lengths as fast as it can, saying
# after each write that it is done; it is killed after a random number of writes and a
# random moment more, often in the middle of the next. Every time, the file must read
# back as one whole payload. Counting writes, not seconds, so a slow machine changes
# nothing.
SIZES = {"a": 1_000_000, "b": 600_000}
WRITER = f"""
import json, sys
from solitaire.storage.files import write_atomic
path, first = sys.argv[1], int(sys.argv[2])
payloads = [json.dumps({{"kind": "test", "version": 1, "fill": letter * size}})
            for letter, size in {list(SIZES.items())!r}]
i = first
while True:
    write_atomic(path, payloads[i % 2])
    print("done", flush=True)
    i += 1
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
def test_a_writer_killed_at_random_moments_never_leaves_a_broken_file(tmp_path):
    path = tmp_path / "save.json"
    write_atomic(path, good(fill="a" * SIZES["a"]))
    rng = random.Random(20240601)
    seen = set()
    for attempt in range(40):
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path), str(attempt % 2)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
        )
        for _ in range(rng.randint(1, 3)):  # whole writes first: both payloads get written
            assert writer.stdout.readline().strip() == b"done"
        time.sleep(rng.uniform(0, 0.01))  # then some way into the next
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        writer.stdout.close()
        data = read_json(path, "test", 1)  # raises DamagedFile if the file is broken
        fill = data["fill"]
        letter = fill[0]
        assert fill == letter * SIZES[letter]
        seen.add(letter)
    assert seen == {"a", "b"}


def test_the_data_modules_do_not_need_pygame():
    code = (
        "import sys; import solitaire.storage.files, solitaire.storage.saved_game, solitaire.storage.stats, "
        "solitaire.storage.replay_file; sys.exit('pygame' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=False).returncode == 0
