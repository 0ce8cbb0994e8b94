"""The data folder as the game uses it: settings checked field by field at start-up, saves
kept to their own game's slot, and each kind of save failing on its own."""

import json

import pygame
import pytest
from helpers import random_game, statistics_disk

from solitaire.storage import saved_game
from solitaire.storage.stats import Stats
from solitaire.ui.app import App
from solitaire.ui.library import DEFAULT_SETTINGS, Library


def write_settings(folder, **fields):
    data = {"kind": "settings", "version": 1, "fullscreen": False, "muted": True, **fields}
    text = json.dumps(data)
    (folder / "settings.json").write_text(text)
    return text


def set_aside(folder, name):
    """The files ``name`` was moved to (not their notes)."""
    return [path for path in folder.glob(f"{name}.damaged-*") if path.suffix != ".txt"]


@pytest.mark.parametrize(
    "field, value",
    [
        ("last_game", "patience"),
        ("last_game", 5),
        ("last_game", ["lucie"]),
        ("window_size", []),
        ("window_size", ["a", "b"]),
        ("window_size", [0, 600]),
        ("window_size", [10**6, 600]),
        ("window_size", [True, 600]),
        ("window_position", "abc"),
        ("window_position", [1, 2, 3]),
        ("window_position", [1.5, 2]),
        ("fullscreen", "yes"),
    ],
)
def test_a_setting_that_crashed_the_start_falls_back_and_the_file_is_kept(tmp_path, field, value):
    original = write_settings(tmp_path, **{field: value}, look={"back": "red diamonds"})
    try:
        app = App(library=Library(tmp_path))  # raised UnknownGame, TypeError, IndexError ...
        notice, settings = " ".join(app.notices), dict(app.library.settings)
        app.open_game(app.last_game or "lucie", animate=False)
        app.library.flush()
    finally:
        pygame.quit()
    assert f"unusable {field}" in notice and "moved to" in notice
    assert settings[field] == DEFAULT_SETTINGS[field]
    assert settings["muted"] and settings["look"] == {"back": "red diamonds"}  # kept
    [moved] = set_aside(tmp_path, "settings.json")
    assert moved.read_text() == original  # nothing the player had is lost
    assert field in moved.with_name(moved.name + ".txt").read_text()
    fresh = json.loads((tmp_path / "settings.json").read_text())
    assert fresh["muted"] is True and fresh["look"] == {"back": "red diamonds"}


def test_each_odd_entry_of_a_table_setting_is_named_and_dropped(tmp_path):
    write_settings(
        tmp_path,
        look={"back": "red diamonds", "table": "lava", "card_scale": 0.5, "sparkle": True},
        options={"merci": {"redeals": "5"}, "lucie": {"redeals": "many"}, "chess": {}},
        solvable={"prince": True, "vierfrei": "yes"},
    )
    library = Library(tmp_path)
    assert library.settings["look"] == {"back": "red diamonds"}
    options = library.settings["options"]
    assert list(options) == ["merci"] and options["merci"]["redeals"] == "5"
    assert options["merci"]["kings"] == "off"  # filled in as the options screen writes them
    assert library.settings["solvable"] == {"prince": True}
    [message] = library.messages
    for name in ("look 'table'", "'sparkle'", "options 'lucie'", "options 'chess'"):
        assert name in message
    assert "back to their defaults" in message and "\n" not in message


def test_a_setting_no_version_writes_is_named_and_the_file_kept_aside(tmp_path):
    original = write_settings(tmp_path, colour="blue")
    library = Library(tmp_path)
    assert "unusable 'colour'" in library.messages[0] and library.settings["muted"]
    [moved] = set_aside(tmp_path, "settings.json")
    assert moved.read_text() == original


def test_an_older_settings_file_missing_keys_is_used_silently_and_kept(tmp_path):
    text = json.dumps({"kind": "settings", "version": 1, "last_game": "prince"})
    (tmp_path / "settings.json").write_text(text)
    library = Library(tmp_path)
    assert library.messages == [] and library.settings["last_game"] == "prince"
    assert library.settings["solvable"] == {} and library.settings["window_size"] == [1280, 800]
    assert (tmp_path / "settings.json").read_text() == text


def save_text(game_id, **changes):
    """A save of a game of ``game_id`` with a few moves, with fields changed as given."""
    data = saved_game.to_dict(random_game(game_id, 7, 5), {"seconds": 30.0, "assisted": False})
    return json.dumps({**data, **changes})


@pytest.mark.parametrize("seconds", [float("nan"), float("inf"), "long", -1, True])
def test_a_save_with_odd_seconds_is_set_aside_with_a_message(tmp_path, seconds):
    path = saved_game.game_path(tmp_path, "prince")
    original = save_text("prince", seconds=seconds)
    path.write_text(original)
    try:
        app = App(fullscreen=False, size=(1280, 800), library=Library(tmp_path))
        app.open_game("prince", animate=False)  # NaN raised in the table's update here
        app.step(sleep=False)
        table = app.table
        assert table.tally.seconds == 0 and not table.game.done  # a new deal, said aloud:
        assert "The saved game could not be read (its time played" in table.status.message.words
        app.save(table)  # its save does not overwrite the old one
        app.library.flush()
    finally:
        pygame.quit()
    [moved] = set_aside(tmp_path, "game-prince.json")
    assert moved.read_text() == original and path.exists()


def test_a_save_of_another_game_in_a_slot_is_set_aside_and_overwrites_nothing(tmp_path):
    lucie = save_text("lucie")
    saved_game.game_path(tmp_path, "lucie").write_text(lucie)
    saved_game.game_path(tmp_path, "vierfrei").write_text(lucie)  # in the wrong slot
    try:
        app = App(fullscreen=False, size=(1280, 800), library=Library(tmp_path))
        app.open_game("vierfrei", animate=False)
        assert app.table.game.rules.game_id == "vierfrei" and not app.table.game.done
        assert "it is a game of lucie, not of vierfrei" in app.table.status.message.words
        app.quit()
    finally:
        pygame.quit()
    assert saved_game.game_path(tmp_path, "lucie").read_text() == lucie
    [moved] = set_aside(tmp_path, "game-vierfrei.json")
    assert moved.read_text() == lucie


# ---------------------------------------------------------------------- saving
def test_a_failed_replay_export_stops_no_other_saving(tmp_path):
    (tmp_path / "replays").write_text("a file where the folder should be")
    library = Library(tmp_path)
    game = random_game("vierfrei", 3, 4)
    assert library.export(game) is None
    library.save_game(game, {"seconds": 12.0, "assisted": False})
    library.record(game, 12.0, False, "t")
    library.save_settings()
    library.flush()
    assert saved_game.load(saved_game.game_path(tmp_path, "vierfrei"))[0] is not None
    assert (tmp_path / "stats.json").exists() and (tmp_path / "settings.json").exists()
    assert library.saving_problem is None and library.messages == []


def test_saving_problem_says_what_is_not_saved_until_it_works_again(tmp_path):
    library = Library(tmp_path)
    game = random_game("vierfrei", 3, 4)
    blocker = saved_game.game_path(tmp_path, "vierfrei")
    blocker.mkdir()  # a folder where the save should go: every save of this game fails
    library.save_game(game, {"seconds": 1.0, "assisted": False})
    library.save_game(game, {"seconds": 2.0, "assisted": False})
    library.flush()
    assert library.saving_problem.startswith("Games are not being saved: ")
    assert len(library.messages) == 1  # told once, shown for as long as it lasts
    library.record(game, 2.0, False, "t")  # the statistics are still saved
    library.save_settings()
    library.flush()
    assert (tmp_path / "stats.json").exists() and (tmp_path / "settings.json").exists()
    blocker.rmdir()
    library.save_game(game, {"seconds": 3.0, "assisted": False})
    library.flush()
    assert library.saving_problem is None and blocker.is_file()


def test_statistics_that_cannot_be_saved_are_named_held_and_tried_again(tmp_path, monkeypatch):
    disk = statistics_disk(monkeypatch, full=True)
    library = Library(tmp_path)
    game = random_game("canfield", 2, 3)
    library.record(game, 5.0, False, "t")
    library.save_game(game, {"seconds": 5.0, "assisted": False})
    library.flush()
    assert library.saving_problem == "Statistics are not being saved: No space left on device."
    assert library.stats.summary("canfield").played == 1  # held while the game runs
    disk["full"] = False  # space again: the next save tries the statistics again
    library.save_game(game, {"seconds": 6.0, "assisted": False})
    library.flush()
    assert library.saving_problem is None
    assert Stats.load(tmp_path / "stats.json")[0].summary("canfield").played == 1


def test_with_no_data_folder_the_problem_stays_all_session():
    library = Library(None, "Games will not be saved: no data folder (denied).")
    library.save_game(random_game("lucie", 1, 2), {"seconds": 1.0, "assisted": False})
    assert library.saving_problem == "Games are not being saved: there is no data folder."
