"""Fault injection: every loader fed random and adversarial files.

Each file is one of: random bytes; random JSON of any shape; a good file of the right kind
with a few fields replaced by random JSON values (wrong types, NaN and infinity, huge
numbers, nesting thousands deep), deleted or added; or a good file cut short. Whatever
comes in, no exception escapes, the file is either kept as it was (when it was used) or
moved aside (its bytes are still in the folder), and what the program gets is well-formed:
it can be used and saved again, and reads back the same.
"""

import copy
import json
import math
import os
import tempfile
from contextlib import contextmanager
from pathlib import Path

import pytest
from helpers import random_game
from hypothesis import HealthCheck, currently_in_test_context, event, given, settings
from hypothesis import strategies as st

from solitaire.model.games import GAMES, make_rules
from solitaire.storage import replay_file, saved_game
from solitaire.storage.stats import Stats, option_key, result_of
from solitaire.ui.app import look_from
from solitaire.ui.library import DEFAULT_SETTINGS, MAX_WINDOW, Library

# About 3 ms an example; single_changes below tries each field for certain.
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(autouse=True, scope="module")
def no_disk_flushes():
    """These files are thrown away at once: skip the flushes to disk that make a save
    crash-safe (tests/storage/test_storage.py's business) and most of this file's time."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "fsync", lambda handle: None)
        yield


# ---------------------------------------------------------------------- what goes in
# Text JSON cannot hold as a value (json.dumps would refuse or change it), spliced into a
# dumped document in place of a marker string.
RAW = [
    "[" * 100_000 + "]" * 100_000,
    "{" + '"a":{' * 5_000 + "}" * 5_001,
    "[" * 900 + "]" * 900,  # under the recursion limit: parsed, so the checks must refuse it
    "9" * 5_000,  # beyond int()'s 4,300 digits
    "-" + "9" * 4_000,
    "1e999",
    "NaN",
    "-Infinity",
    "-0.0",
    '"\\ud800"',  # a lone surrogate: readable, but not writable as UTF-8
]
MARKER = "\x00raw{}\x00"

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from([*GAMES, "", "won", "lost", "on", "off", "unlimited", "settings", "game"]),
    st.sampled_from(range(len(RAW))).map(MARKER.format),
)
# Values a careless or hostile edit puts where a number, a name or a list should be.
TRICKY = [
    *(math.nan, math.inf, -math.inf, -1, 0, 1.5, 10**20, 10**400, True, False, None),
    *("", "1", "\ud800", [], {}),
]
tricky = st.sampled_from(TRICKY)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def dumped(document) -> bytes:
    text = json.dumps(document, allow_nan=True)
    for number, raw in enumerate(RAW):
        text = text.replace(json.dumps(MARKER.format(number)), raw)
    return text.encode("utf-8", "surrogatepass")


@st.composite
def mutated(draw, good: dict) -> bytes:
    """``good`` with one to three fields replaced, removed or added."""
    document = copy.deepcopy(good)
    for _ in range(draw(st.sampled_from([1, 1, 1, 2, 3]))):  # one change, mostly
        # A field of the file itself half the time: else the long lists would take most turns.
        top = draw(st.booleans()) and isinstance(document, dict) and document
        spots = [(key,) for key in document] if top else paths(document)
        container, key = holder(document, draw(st.sampled_from(spots)) if spots else ("kind",))
        action = draw(st.sampled_from(["replace", "replace", "remove", "add"]))
        if action == "remove" and key in container:
            del container[key]
        elif action == "add" and isinstance(container, dict):
            container[draw(st.text(max_size=8))] = draw(tricky | json_values)
        elif isinstance(container, dict) or key < len(container):
            container[key] = draw(tricky | json_values)
    return dumped(document)


def files_like(good: dict):
    """Contents for a file that should hold ``good``-like data."""
    text = dumped(good)
    return st.one_of(
        mutated(good),
        mutated(good),
        st.binary(max_size=64),
        json_values.map(dumped),
        st.integers(0, len(text)).map(lambda cut: text[:cut]),
        st.sampled_from([text, json.dumps(good, indent=3).encode()]),  # good: kept as it is
    )


def single_changes(good: dict):
    """(what was changed, the file) for each field of ``good`` removed, or replaced by each
    TRICKY value; at the top, also by each RAW text."""
    for path in paths(good):
        values = TRICKY + [MARKER.format(number) for number in range(len(RAW))] * (len(path) == 1)
        for value in [REMOVE, *values]:
            document = copy.deepcopy(good)
            container, key = holder(document, path)
            if value is REMOVE:
                del container[key]
            else:
                container[key] = value
            yield f"{'/'.join(map(str, path))} = {value!r:.40}", dumped(document)


REMOVE = object()


def paths(document, route=()) -> list[tuple]:
    """The route to every field in ``document``, outermost first."""
    found = []
    keys = list(document) if isinstance(document, dict) else range(len(document))
    for key in keys:
        found.append((*route, key))
        if isinstance(document[key], (dict, list)):
            found += paths(document[key], (*route, key))
    return found


def holder(document, path: tuple) -> tuple:
    """The list or dict that holds the field at ``path`` in ``document``, and its key."""
    *route, key = path
    for step in route:
        document = document[step]
    return document, key


@contextmanager
def context(change: str):
    """Name the change a failure came from: a loop of hundreds of cases is one test."""
    try:
        yield
    except Exception as error:
        raise AssertionError(f"after the change {change}: {error!r}") from error


# ---------------------------------------------------------------------- the checks
def run_in_folder(name: str, content: bytes, load, then=lambda result, folder: None) -> tuple:
    """Write ``content`` as ``name`` in a fresh folder, ``load(folder)`` and see that the
    file was kept as it was or moved aside, then ``then(what load returned, folder)``.
    Returns what load returned, and whether the file was kept."""
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        (folder / name).write_bytes(content)
        result = load(folder)
        kept = (folder / name).is_file() and (folder / name).read_bytes() == content
        if currently_in_test_context():
            event("kept" if kept else "set aside")
        if not kept:  # then it was moved aside, with a note, and nothing is lost
            assert content in [path.read_bytes() for path in folder.glob(f"{name}.damaged-*")]
            assert list(folder.glob(f"{name}.damaged-*.txt"))
        then(result, folder)
        return result, kept


def check_settings(settings: dict) -> None:
    """The settings as the start-up code uses them, without a second look."""
    assert set(settings) == set(DEFAULT_SETTINGS)
    assert isinstance(settings["fullscreen"], bool) and isinstance(settings["muted"], bool)
    width, height = tuple(settings["window_size"])
    assert all(type(n) is int and 1 <= n <= MAX_WINDOW for n in (width, height))
    position = settings["window_position"]
    assert position is None or len(position) == 2 and all(type(n) is int for n in position)
    assert settings["last_game"] is None or settings["last_game"] in GAMES
    look = look_from(settings["look"], False)
    assert all(look[key] == value for key, value in settings["look"].items())
    for game_id, texts in settings["options"].items():
        make_rules(game_id, **texts)
    assert all(type(on) is bool and game in GAMES for game, on in settings["solvable"].items())
    json.dumps(settings, allow_nan=False).encode("utf-8")


def check_stats(stats: Stats) -> None:
    for game_id, record in stats.games.items():
        assert game_id in GAMES
        summaries = [record.summary] + [entry.summary for entry in record.sets.values()]
        for summary in summaries:
            assert 0 <= summary.assisted_wins <= summary.won <= summary.played
            assert summary.average_score is None or math.isfinite(summary.average_score)
            assert math.isfinite(summary.win_percent)
        for result in stats.history(game_id):
            assert result.outcome in ("won", "lost") and result.moves > 0
            assert math.isfinite(result.seconds) and result.seconds >= 0
    json.dumps(stats.to_dict(), allow_nan=False).encode("utf-8")


# ---------------------------------------------------------------------- settings
GOOD_SETTINGS = {
    "kind": "settings",
    "version": 1,
    **DEFAULT_SETTINGS,
    "window_position": [10, 20],
    "last_game": "merci",
    "look": {"back": "red diamonds", "card_scale": 0.9, "hints": False},
    "options": {"merci": {"redeals": "2", "mercis": "1", "kings": "off", "auto": "on"}},
    "solvable": {"vierfrei": True},
}


def settings_file_survives(content: bytes) -> None:
    def use(library, folder):
        check_settings(library.settings)
        library.save_settings()
        library.flush()
        again = Library(folder)
        assert library.saving_problem is None and again.messages == []
        assert again.settings == library.settings

    library, kept = run_in_folder("settings.json", content, Library, use)
    assert bool(library.messages) != kept  # told exactly when the file was set aside


# ---------------------------------------------------------------------- saved games
GOOD_SAVES = {
    game_id: saved_game.to_dict(random_game(game_id, 5, 12), {"seconds": 61.5, "assisted": True})
    for game_id in GAMES
}


@FAST
@given(
    st.sampled_from(list(GOOD_SAVES)).flatmap(
        lambda game_id: st.tuples(
            st.sampled_from([game_id, game_id, game_id, *GAMES]),  # its slot, mostly
            files_like(GOOD_SAVES[game_id]),
        )
    )
)
def test_any_saved_game_is_resumed_whole_or_set_aside(slot_and_content):
    save_file_survives(*slot_and_content)


def test_every_single_change_to_a_saved_game_is_caught():
    for game_id in ("merci", "vierfrei"):  # one with rule options, one without
        for change, content in single_changes(GOOD_SAVES[game_id]):
            with context(f"{game_id}: {change}"):
                save_file_survives(game_id, content)


def save_file_survives(slot: str, content: bytes) -> None:
    def load(folder):
        library = Library(folder)
        return library, *library.load_game(slot)

    def resume(loaded, folder):  # what the table is given: the game of its slot, sound extras
        library, game, extra = loaded
        if game is None:
            return
        assert game.rules.game_id == slot and set(extra) <= {"seconds", "assisted"}
        seconds, assisted = extra.get("seconds", 0), extra.get("assisted", False)
        assert math.isfinite(float(seconds)) and seconds >= 0 and isinstance(assisted, bool)
        library.save_game(game, {"seconds": seconds, "assisted": assisted})
        library.flush()
        again, _ = library.load_game(slot)
        assert library.saving_problem is None and again.state.key() == game.state.key()

    (library, game, _), kept = run_in_folder(
        saved_game.game_path(".", slot).name, content, load, resume
    )
    assert kept == (game is not None) and bool(library.messages) != kept


def test_the_good_files_of_the_fault_injection_are_used_as_they_are(tmp_path):
    (tmp_path / "settings.json").write_bytes(dumped(GOOD_SETTINGS))
    for game_id, save in GOOD_SAVES.items():
        saved_game.game_path(tmp_path, game_id).write_bytes(dumped(save))
    library = Library(tmp_path)
    assert library.settings["last_game"] == "merci"
    assert all(library.load_game(game_id)[0] for game_id in GOOD_SAVES)
    assert library.messages == [] and not list(tmp_path.glob("*.damaged-*"))


# ---------------------------------------------------------------------- statistics
def good_stats() -> dict:
    stats = Stats()
    for seed, game_id in enumerate(["prince", "lucie", "prince"]):
        game = random_game(game_id, seed, 6)
        stats.record(game_id, option_key(game.rules), result_of(game, 30.5 + seed, seed == 2))
    return stats.to_dict()


GOOD_STATS = good_stats()


def stats_file_survives(content: bytes) -> None:
    def use(loaded, folder):
        stats, _ = loaded
        check_stats(stats)
        stats.save(folder / "stats.json")
        again, problem = Stats.load(folder / "stats.json")
        assert problem is None and again.to_dict() == stats.to_dict()

    (_, message), kept = run_in_folder(
        "stats.json", content, lambda folder: Stats.load(folder / "stats.json"), use
    )
    assert bool(message) != kept


# Each file the game reads at start-up: a good one, and what must hold after reading any.
STARTUP_FILES = {
    "settings": (GOOD_SETTINGS, settings_file_survives),
    "statistics": (GOOD_STATS, stats_file_survives),
}


@pytest.mark.parametrize("name", STARTUP_FILES)
@FAST
@given(data=st.data())
def test_any_file_gives_sound_values_and_loses_nothing(name, data):
    good, survives = STARTUP_FILES[name]
    survives(data.draw(files_like(good)))


@pytest.mark.parametrize("name", STARTUP_FILES)
def test_every_single_change_to_a_file_is_caught(name):
    good, survives = STARTUP_FILES[name]
    for change, content in single_changes(good):
        with context(change):
            survives(content)


# ---------------------------------------------------------------------- replays
GOOD_REPLAYS = [replay_file.to_text(random_game(game_id, 4, 15)) for game_id in GAMES]
replay_words = st.one_of(
    st.text(max_size=6),
    st.sampled_from(["#", "##", "moves:", "deal:", "game:", "options:", "notation:", "\n"]),
    st.from_regex(r"[0-9a-z#]{1,4}", fullmatch=True),
)


@st.composite
def replay_texts(draw) -> str:
    """A good replay with words inserted, removed or replaced, or random text."""
    words = draw(st.sampled_from(GOOD_REPLAYS)).split(" ")
    for _ in range(draw(st.integers(1, 4))):
        spot = draw(st.integers(0, len(words)))
        action = draw(st.sampled_from(["insert", "replace", "remove"]))
        if action == "insert" or spot == len(words):
            words.insert(spot, draw(replay_words))
        elif action == "replace":
            words[spot] = draw(replay_words)
        else:
            del words[spot]
    return " ".join(words)


@FAST
@given(st.one_of(replay_texts(), st.text(max_size=80)))
def test_any_replay_text_plays_or_names_its_fault(text):
    try:
        game, moves = replay_file.parse_text(text)
    except replay_file.ReplayError as error:
        assert "\n" not in str(error)
        return
    game.play_sequence(moves)  # the moves handed on are legal from the deal


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.binary(max_size=100), replay_texts().map(str.encode)))
def test_any_replay_file_plays_or_names_its_fault(content):
    with tempfile.TemporaryDirectory() as temp:
        path = Path(temp) / "replay.txt"
        path.write_bytes(content)
        try:
            replay_file.read(path)
        except replay_file.ReplayError as error:
            assert "\n" not in str(error)
