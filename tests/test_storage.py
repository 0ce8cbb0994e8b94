"""Crash-safe data files: atomic replacement, damaged files refused and moved aside."""

import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from solitaire.storage import (
    DamagedFile,
    load_or_fresh,
    quarantine,
    read_json,
    write_atomic,
)

ROOT = Path(__file__).resolve().parent.parent


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

    monkeypatch.setattr("solitaire.storage.os.replace", broken_replace)
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
# A writer alternates two large payloads of different lengths as fast as it can; it is
# killed at random moments. Every time, the file must read back as one whole payload.
SIZES = {"a": 1_000_000, "b": 600_000}
WRITER = """
import json, sys
from solitaire.storage import write_atomic
path, first = sys.argv[1], int(sys.argv[2])
payloads = [json.dumps({"kind": "test", "version": 1, "fill": letter * size})
            for letter, size in %r]
print("ready", flush=True)
i = first
while True:
    write_atomic(path, payloads[i %% 2])
    i += 1
""" % (list(SIZES.items()),)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
def test_a_writer_killed_at_random_moments_never_leaves_a_broken_file(tmp_path):
    path = tmp_path / "save.json"
    began = time.perf_counter()
    write_atomic(path, good(fill="a" * SIZES["a"]))
    # Kills up to 50 ms after start-up, or longer on a disk so slow that no write would end.
    longest_delay = max(0.05, 3 * (time.perf_counter() - began))
    rng = random.Random(20240601)
    seen = set()
    for attempt in range(40):
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path), str(attempt % 2)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
        )
        assert writer.stdout.readline().strip() == b"ready"
        time.sleep(rng.uniform(0, longest_delay))
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        writer.stdout.close()
        data = read_json(path, "test", 1)  # raises DamagedFile if the file is broken
        fill = data["fill"]
        letter = fill[0]
        assert fill == letter * SIZES[letter]
        seen.add(letter)
    # The kills did land while both payloads were being written, or the test proves nothing.
    assert seen == {"a", "b"}


def test_the_data_modules_do_not_need_pygame():
    code = (
        "import sys; import solitaire.storage, solitaire.saved_game, solitaire.stats, "
        "solitaire.replay_file; sys.exit('pygame' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0
