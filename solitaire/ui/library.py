"""The player's data folder: games in progress, statistics, settings and replays.

Everything is written crash-safe (solitaire/storage.py) and every file is checked field by
field when read. A file that cannot be used is moved aside and the player is told once; a
settings file with some unusable values is moved aside too, and the rest of its settings
kept. Each kind of file is saved on its own: one that cannot be written stops no other,
and ``saving_problem`` says what is not being saved for as long as that lasts.
"""

from __future__ import annotations

import copy
import os
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pygame

from .. import i18n
from ..i18n import AUTOMATIC, N_, _
from ..model.game import Game
from ..model.games import GAMES, make_rules
from ..storage import replay_file, saved_game
from ..storage.files import (
    BackgroundWriter,
    DamagedFile,
    dump_json,
    file_lock,
    is_whole,
    load_or_fresh,
    read_json,
    read_limited,
    set_aside,
    write_atomic,
)
from ..storage.saved_game import MAX_PENDING
from ..storage.stats import KIND as STATS_KIND
from ..storage.stats import VERSION as STATS_VERSION
from ..storage.stats import (
    Counted,
    Result,
    Stats,
    from_pending_entry,
    option_key,
    pending_entry,
    result_of,
)
from .art.backgrounds import TABLES
from .art.card_backs import BACKS
from .table.layout import CARD_SCALES

SETTINGS_KIND, SETTINGS_VERSION = "settings", 1
DEFAULT_SETTINGS = {
    "fullscreen": True,
    "window_size": [1280, 800],
    "window_position": None,
    "last_game": None,
    "look": {},
    "muted": False,
    "options": {},  # per game: {option name: text}
    "solvable": {},  # per game: deal only deals the solver proved winnable
    "language": AUTOMATIC,  # a language code, or follow the system's
}
MAX_WINDOW = 32767  # X11 keeps window sizes and places in 16 bits
# What may be said of each look key (solitaire/ui/app.py's look_from fills in the rest).
LOOK_CHECKS = {
    "back": lambda value: value in BACKS,
    "table": lambda value: value in TABLES,
    "four_color": lambda value: isinstance(value, bool),
    "mono": lambda value: isinstance(value, bool),
    "hints": lambda value: isinstance(value, bool),
    "verdict": lambda value: isinstance(value, bool),
    "card_scale": lambda value: isinstance(value, float) and value in CARD_SCALES,
}
# The kinds of save, most important first (``saving_problem`` names the first that fails).
SAVES = ("games", "stats", "settings")
# Why a kind of save is not being saved, and a failed save's notice, by the kind.
NOT_SAVED = {
    "games": N_("Games are not being saved: {problem}."),
    "stats": N_("Statistics are not being saved: {problem}."),
    "settings": N_("Settings are not being saved: {problem}."),
}
COULD_NOT_SAVE = {
    "games": N_("Games could not be saved: {problem}."),
    "stats": N_(
        "Statistics could not be saved: {problem}. Your results are kept with your games and"
        " counted as soon as they can be."
    ),
    "settings": N_("Settings could not be saved: {problem}."),
}
# Said with a failed write of the statistics: the result is not lost.
PENDING_COUNTED = N_(
    "Results kept since the statistics could not be written are counted now: {counted}."
)


def _settings_from(data: dict) -> tuple[dict, list[str]]:
    """The settings in ``data``, and the names of those that were unusable (each of which
    is its default here). A setting the file does not have is its default silently: an
    older version did not write it."""
    settings, unusable = {}, []
    for key, default in DEFAULT_SETTINGS.items():
        if key not in data:
            settings[key] = _fresh(default)
            continue
        value, bad = _SETTING_CHECKS[key](data[key])
        settings[key] = _fresh(default) if value is None else value
        unusable += [f"{key} {name}".strip() for name in bad]
    unusable += [
        repr(key)[:40] for key in data if key not in (*DEFAULT_SETTINGS, "kind", "version")
    ]
    return settings, unusable


def _fresh(default):
    """A copy of a default, so that changing the settings never changes the defaults."""
    return copy.deepcopy(default)


def _whole_value(check: Callable[[object], bool]):
    """A setting that is usable as a whole or not at all: (value or None, [""] if not)."""
    return lambda value: (value, []) if check(value) else (None, [""])


def _pair(value: object, low: int, high: int) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(is_whole(number, low, high) for number in value)
    )


def _entries(check: Callable[[str, object], object]):
    """A table setting kept entry by entry: ``check(key, value)`` is the entry's value to
    keep, or None if it is unusable (then named, and left out)."""

    def read(value: object) -> tuple[dict | None, list[str]]:
        if not isinstance(value, dict):
            return None, [""]
        kept, bad = {}, []
        for key, entry in value.items():
            usable = check(key, entry)
            if usable is None:
                bad.append(repr(key)[:40])
            else:
                kept[key] = usable
        return kept, bad

    return read


def _is_language_code(value: object) -> bool:
    """ "auto", or a language's code as catalogues are named: "de", "pt_BR"."""
    return (
        isinstance(value, str)
        and re.fullmatch(r"[a-z]{2,8}(_[A-Za-z0-9]{2,8})?", value) is not None
    )


def _game_options(game_id: str, texts: object) -> dict | None:
    """A game's saved rule options, as the options screen would write them; None if they
    are not this game's options."""
    if game_id not in GAMES or not isinstance(texts, dict):
        return None
    if not all(isinstance(value, str) for value in texts.values()):
        return None
    try:
        rules = make_rules(game_id, **texts)
    except (ValueError, TypeError):  # OptionError; TypeError: a name such as "self"
        return None
    return {spec.name: spec.format(rules.options[spec.name]) for spec in rules.option_specs}


_SETTING_CHECKS = {
    "fullscreen": _whole_value(lambda value: isinstance(value, bool)),
    "muted": _whole_value(lambda value: isinstance(value, bool)),
    "window_size": _whole_value(lambda value: _pair(value, 1, MAX_WINDOW)),
    "window_position": _whole_value(
        lambda value: value is None or _pair(value, -MAX_WINDOW, MAX_WINDOW)
    ),
    "last_game": _whole_value(
        lambda value: value is None or isinstance(value, str) and value in GAMES
    ),
    "look": _entries(
        lambda key, value: value if key in LOOK_CHECKS and LOOK_CHECKS[key](value) else None
    ),
    "options": _entries(_game_options),
    "language": _whole_value(_is_language_code),
    "solvable": _entries(
        lambda key, value: value if key in GAMES and isinstance(value, bool) else None
    ),
}


XDG_PATHS = ("XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME")
STATS_LOCK = "stats.lock"  # held while a copy of the game reads, merges and writes stats.json


def apply_changes(stats: Stats, changes: list) -> None:
    """Apply changes to the statistics (results, resets) in order; a result counted
    already (its token) is not counted again."""
    for what, game_id, key, result in changes:
        if what == "reset":
            stats.reset(game_id)
        else:
            stats.record(game_id, key, result)


def ignore_invalid_xdg_paths(environment) -> None:
    """The XDG base directory rules: an empty or relative path in these variables is
    invalid and is ignored (SDL, which finds the data folder, would use it as given: the
    filesystem's root, or a folder relative to wherever the game was started)."""
    for name in XDG_PATHS:
        value = environment.get(name)
        if value is not None and not os.path.isabs(value):
            del environment[name]


def cache_path(environment=None, system: str | None = None) -> Path | None:
    """The folder for files the game can always make again (the card faces it keeps between
    launches), or None without a home folder: $XDG_CACHE_HOME/Solitaire or
    ~/.cache/Solitaire on Linux and other Unix systems (an empty or relative XDG_CACHE_HOME
    is ignored), %LOCALAPPDATA%\\Solitaire\\Cache on Windows, ~/Library/Caches/Solitaire
    on macOS. Not made here: whoever writes there first makes it."""
    environment = os.environ if environment is None else environment
    system = sys.platform if system is None else system

    def absolute(name: str) -> Path | None:
        value = environment.get(name)
        return Path(value) if value and os.path.isabs(value) else None

    try:
        home = Path(environment["HOME"]) if environment.get("HOME") else Path.home()
    except (KeyError, RuntimeError):  # no home folder to be found
        home = None
    if system == "win32":
        local = absolute("LOCALAPPDATA") or (home and home / "AppData" / "Local")
        return local and local / "Solitaire" / "Cache"
    if system == "darwin":
        return home and home / "Library" / "Caches" / "Solitaire"
    cache = absolute("XDG_CACHE_HOME") or (home and home / ".cache")
    return cache and cache / "Solitaire"


class Library:
    def __init__(self, folder: Path | None, problem: str | None = None, cache: Path | None = None):
        """``folder``: the player's data folder (None: nothing is saved). ``cache``: where
        the card faces are kept between launches (None: they are drawn every time)."""
        self.folder = folder
        self.cache = cache
        self.messages: list[str] = [problem] if problem else []
        # Saves are written by a thread of their own (collect() hears how they went).
        self.writer = BackgroundWriter()
        # Changes to the statistics (a result, a reset) not yet written to disk.
        self.unsaved: list[tuple[str, str, str, object]] = []
        self.failed_writes: dict[str, str] = {}  # other writes' last failures, by kind
        self.settings = {key: _fresh(value) for key, value in DEFAULT_SETTINGS.items()}
        self.stats = Stats()
        # The kinds of save whose last attempt failed, and why (see saving_problem).
        self._failed: dict[str, str] = {}
        if folder is None:
            self._failed = {kind: N_("there is no data folder") for kind in SAVES}
            return
        self._load_settings(folder / "settings.json")
        self.stats, message = Stats.load(folder / "stats.json")
        self._note(message)
        self._count_kept_results()

    @staticmethod
    def folder_path() -> tuple[Path | None, str | None]:
        """The player's data folder (made if need be), or None and why there is none."""
        ignore_invalid_xdg_paths(os.environ)
        try:
            return Path(pygame.system.get_pref_path("Solitaire Studio", "Solitaire")), None
        except (pygame.error, OSError) as error:
            return None, str(error)

    @staticmethod
    def chosen_language(folder: Path) -> str:
        """The language the player chose in the options, as the settings in ``folder`` keep
        it (the system's if they do not say, or cannot be read): for what is said before
        the settings are loaded. Nothing is moved aside or reported here."""
        try:
            data = read_json(folder / "settings.json", SETTINGS_KIND, SETTINGS_VERSION)
        except (OSError, DamagedFile):
            return AUTOMATIC
        chosen = data.get("language", AUTOMATIC)
        return chosen if _is_language_code(chosen) else AUTOMATIC

    @classmethod
    def open(cls) -> Library:
        folder, problem = cls.folder_path()
        if folder is None:
            problem = _("Games will not be saved: no data folder ({problem}).").format(
                problem=problem
            )
            return cls(None, problem, cache=cache_path())
        return cls(folder, cache=cache_path())

    def _note(self, message: str | None) -> None:
        if message:
            self.messages.append(message)

    def _load_settings(self, path: Path) -> None:
        data, message = load_or_fresh(
            path, SETTINGS_KIND, SETTINGS_VERSION, dict, what=N_("the settings file")
        )
        self._note(message)
        self.settings, unusable = _settings_from(data)
        # The player's language from here on: every notice of this start (unusable settings,
        # a damaged statistics file or save) in the words the player chose, not the system's.
        i18n.choose(self.settings["language"])
        if unusable:  # keep the file as it was, and the usable settings in a fresh one
            names = ", ".join(unusable[:6]) + (", ..." if len(unusable) > 6 else "")
            then = N_("those settings are back to their defaults")
            unusable_names = _("unusable {names}").format(names=names)
            self._note(set_aside(path, unusable_names, N_("the settings file"), then))
            if not path.exists():
                self.save_settings()

    @property
    def saving_problem(self) -> str | None:
        """What is not being saved right now, and why, in one line; None while saving works.

        Each kind of save (games in progress, statistics, settings) stands on its own: the
        one whose last attempt failed is named here, games first, until an attempt of that
        kind works again. With no data folder at all, nothing is saved all session. The
        table shows this for as long as it is not None.
        """
        for kind in SAVES:
            if kind in self._failed:
                return _(NOT_SAVED[kind]).format(problem=_(self._failed[kind]))
        return None

    def _write(self, kind: str, path: Path, content: Callable[[], object]) -> None:
        """One save of ``kind`` (a SAVES key), written by the writer's thread. A failure
        is told once in ``messages`` and kept in ``saving_problem`` until a save of its
        kind works; it stops no other save."""
        if self.folder is None:
            return
        try:
            snapshot = content()  # here: the caller may change the game right after
        except ValueError as error:  # a game that cannot be written
            self._heard(kind, str(error))
            return
        self.writer.submit(kind, path, snapshot)

    def collect(self) -> bool:
        """Hear how the writes done since the last look went; True if any failed or
        worked again (``messages`` and ``saving_problem`` may have changed)."""
        changed = False
        for kind, reason, made in self.writer.take_results():
            if kind == "stats" and reason is None:
                self._stats_written(*made)
            changed = self._heard(kind, reason) or changed
        return changed

    def _heard(self, kind: str, reason: str | None) -> bool:
        if kind not in SAVES:  # the cache, --record's file: for whoever wrote them to look at
            if reason is not None:
                self.failed_writes[kind] = reason
            return False
        if reason is None:
            return self._failed.pop(kind, None) is not None
        if kind not in self._failed:
            self.messages.append(_(COULD_NOT_SAVE[kind]).format(problem=_(reason)))
        self._failed[kind] = reason
        return True

    def flush(self) -> None:
        """Wait for every save handed to the writer (at quit), and hear how they went;
        results not yet counted on disk are tried once more."""
        self.writer.flush()
        self.collect()
        if self.unsaved:
            self._write_stats()
            self.writer.flush()
            self.collect()

    # ------------------------------------------------------------------ settings
    def save_settings(self) -> None:
        data = {"kind": SETTINGS_KIND, "version": SETTINGS_VERSION, **_fresh(self.settings)}
        self._write("settings", self._path("settings.json"), lambda: data)

    # ------------------------------------------------------------------ games
    def save_game(self, game: Game, extra: dict) -> None:
        """Save the game in progress with what the table keeps beside it (``extra``:
        seconds, assisted, its token, whether its result is counted); results not yet
        on disk are tried again with it."""
        game_id = game.rules.game_id
        path = saved_game.game_path(self.folder or Path("."), game_id)
        pending = [
            pending_entry(key, result)
            for change, saved_id, key, result in self.unsaved
            if change == "result" and saved_id == game_id and isinstance(result, Result)
        ][-MAX_PENDING:]
        if pending:  # kept with the game until the statistics file holds them
            extra = {**extra, "pending": pending}
        self._write("games", path, lambda: saved_game.to_dict(game, extra))
        if self.unsaved and "stats" not in self.writer.pending_kinds():
            self._write_stats()

    def load_game(self, game_id: str) -> tuple[Game | None, dict]:
        """The saved game of ``game_id`` and its extra fields (seconds: a finite number
        from 0, assisted: a bool, token: text, recorded: a bool, when present); (None, {})
        for a new deal. A save that is damaged, or of another game, is moved aside with a
        message. A save whose game was counted before it could say so (a crash between the
        two writes) says so now: the statistics know its token."""
        if self.folder is None:
            return None, {}
        path = saved_game.game_path(self.folder, game_id)
        game, extra, message = saved_game.load(path, game_id)
        self._note(message)
        self._count_pending(game_id, extra.pop("pending", []))
        if game is not None and self.stats.counted(game_id, extra.get("token", "")):
            extra["recorded"] = True
        return game, extra

    def _count_kept_results(self) -> None:
        """At launch: the results every game's save keeps because the statistics could
        not take them, counted now (each once), whichever game is opened. A save that
        cannot be read is left for ``load_game`` to set aside when its game is opened."""
        assert self.folder is not None  # only with a data folder
        for game_id in GAMES:
            path = saved_game.game_path(self.folder, game_id)
            try:
                # Parsed only where a result is kept (seldom): the launch waits for this.
                if b'"pending"' not in read_limited(path, saved_game.MAX_SAVE_BYTES):
                    continue
                data = read_json(
                    path, saved_game.KIND, saved_game.VERSION, saved_game.MAX_SAVE_BYTES
                )
            except (OSError, DamagedFile):
                continue
            entries = data.get("pending")
            if data.get("game") == game_id and isinstance(entries, list):
                self._count_pending(game_id, entries[-MAX_PENDING:])

    def _count_pending(self, game_id: str, entries: list) -> None:
        """Results a save kept because the statistics could not be written then: counted
        now, each once (the statistics know the tokens of the games they hold), and
        written with the next write of the statistics."""
        counted = 0
        for entry in entries:
            try:
                key, result = from_pending_entry(entry, game_id)
            except DamagedFile:
                continue  # not a result: nothing to count (the save itself was usable)
            if self.stats.record(game_id, key, result):
                self.unsaved.append(("result", game_id, key, result))
                counted += 1
        if counted:
            self._note(_(PENDING_COUNTED).format(counted=counted))
            self._write_stats()

    # ------------------------------------------------------------------ statistics
    def record(self, game: Game, seconds: float, assisted: bool, token: str) -> Counted:
        """Count a finished or abandoned game, once (its ``token`` says which game it
        is); a deal with no move made counts as neither. What became of it (Counted).

        The statistics file is read again, merged and written under a lock by the
        writer's thread, so another copy of the game on the same data folder never
        loses what it counted; until that write works the result is kept here and tried
        again with every save."""
        game_id = game.rules.game_id
        result = result_of(game, seconds, assisted, token=token)
        counted = self.stats.record(game_id, option_key(game.rules), result)
        if counted:
            self.unsaved.append(("result", game_id, option_key(game.rules), result))
            self._write_stats()
        return counted

    def reset_stats(self, game_id: str) -> None:
        self.stats.reset(game_id)
        self.unsaved.append(("reset", game_id, "", None))
        self._write_stats()

    def _write_stats(self) -> None:
        if self.folder is None:
            return
        folder, changes = self.folder, list(self.unsaved)
        ours = self.stats.to_dict()  # what this copy knows, changes and all

        def merge_and_write():
            """In the writer's thread: the file as it is now, with our changes; where there
            is no file, or an unusable one (set aside), what this copy knows."""
            with file_lock(folder / STATS_LOCK):
                disk, message = load_or_fresh(
                    folder / "stats.json",
                    STATS_KIND,
                    STATS_VERSION,
                    lambda: Stats.from_dict(ours),
                    parse=Stats.from_dict,
                    what=N_("the statistics file"),
                    then=N_("this game's own statistics are kept"),
                )
                apply_changes(disk, changes)
                write_atomic(folder / "stats.json", dump_json(disk.to_dict()))
            return disk, changes, message

        self.writer.submit("stats", folder / "stats.json", merge_and_write)

    def _stats_written(self, disk: Stats, changes: list, message: str | None) -> None:
        """The statistics on disk now: ours as written, with what other copies added."""
        self._note(message)
        self.unsaved = [change for change in self.unsaved if change not in changes]
        apply_changes(disk, self.unsaved)  # those still on their way
        self.stats = disk

    def _path(self, name: str) -> Path:
        return (self.folder or Path(".")) / name

    # ------------------------------------------------------------------ replays
    def export(self, game: Game) -> Path | None:
        """The replay file written for ``game``; None if it could not be (the caller says
        so). A replay is a one-off: its failure is not a saving problem."""
        if self.folder is None:
            return None
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = self.folder / "replays" / f"{game.rules.game_id}-{game.deal_number}-{stamp}.txt"
        try:
            replay_file.write(path, game)
        except OSError:
            return None
        return path

    def replays(self) -> list[Path]:
        if self.folder is None:
            return []
        try:
            return sorted((self.folder / "replays").glob("*.txt"), reverse=True)[:9]
        except OSError:
            return []
