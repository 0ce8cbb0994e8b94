"""The player's data folder: games in progress, statistics, settings and replays.

Everything is written crash-safe (solitaire/storage.py). When a file cannot be read it is
moved aside and the player is told once; when the folder itself cannot be had, the game
plays on without saving and says so.
"""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from .. import replay_file, saved_game
from ..model.game import Game
from ..stats import Stats, option_key, result_of
from ..storage import dump_json, load_or_fresh, write_atomic

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
}


def _settings_from(data: dict) -> dict:
    """Known keys only, each of the right kind; anything odd falls back to the default."""
    settings = {}
    for key, default in DEFAULT_SETTINGS.items():
        value = data.get(key, default)
        ok = value is None or default is None or isinstance(value, type(default))
        settings[key] = value if ok else default
    return settings


class Library:
    def __init__(self, folder: Path | None, problem: str | None = None):
        self.folder = folder
        self.messages: list[str] = [problem] if problem else []
        self.settings = dict(DEFAULT_SETTINGS)
        self.stats = Stats()
        if folder is None:
            return
        self.settings, message = load_or_fresh(
            folder / "settings.json",
            SETTINGS_KIND,
            SETTINGS_VERSION,
            lambda: dict(DEFAULT_SETTINGS),
            parse=_settings_from,
            what="the settings file",
        )
        self._note(message)
        self.stats, message = Stats.load(folder / "stats.json")
        self._note(message)

    @classmethod
    def open(cls) -> Library:
        try:
            folder = Path(pygame.system.get_pref_path("Solitaire Studio", "Solitaire"))
        except (pygame.error, OSError) as error:
            return cls(None, f"Games will not be saved: no data folder ({error}).")
        return cls(folder)

    def _note(self, message: str | None) -> None:
        if message:
            self.messages.append(message)

    def _write(self, action) -> None:
        if self.folder is None:
            return
        try:
            action()
        except OSError as error:
            self.folder = None  # say it once, then play on without saving
            self.messages.append(f"Saving stopped: {error}.")

    # ------------------------------------------------------------------ settings
    def save_settings(self) -> None:
        data = {"kind": SETTINGS_KIND, "version": SETTINGS_VERSION, **self.settings}
        self._write(lambda: write_atomic(self.folder / "settings.json", dump_json(data)))

    # ------------------------------------------------------------------ games
    def save_game(self, game: Game, seconds: float, assisted: bool) -> None:
        path = saved_game.game_path(self.folder or Path("."), game.rules.game_id)
        extra = {"seconds": round(seconds, 1), "assisted": assisted}
        try:
            self._write(lambda: saved_game.save(path, game, extra))
        except ValueError as error:  # a position its moves do not lead to: keep the old save
            self.messages.append(f"This game could not be saved: {error}.")

    def load_game(self, game_id: str) -> tuple[Game | None, dict]:
        if self.folder is None:
            return None, {}
        game, extra, message = saved_game.load(saved_game.game_path(self.folder, game_id))
        self._note(message)
        return game, extra

    # ------------------------------------------------------------------ statistics
    def record(self, game: Game, seconds: float, assisted: bool) -> None:
        """Count a finished or abandoned game; a deal with no move made counts as neither."""
        result = result_of(game, seconds, assisted)
        if result is not None and self.stats.record(
            game.rules.game_id, option_key(game.rules), result
        ):
            self._write(lambda: self.stats.save(self.folder / "stats.json"))

    def reset_stats(self, game_id: str) -> None:
        self.stats.reset(game_id)
        self._write(lambda: self.stats.save(self.folder / "stats.json"))

    # ------------------------------------------------------------------ replays
    def export(self, game: Game) -> Path | None:
        if self.folder is None:
            return None
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = self.folder / "replays" / f"{game.rules.game_id}-{game.deal_number}-{stamp}.txt"
        self._write(lambda: replay_file.write(path, game))
        return path if self.folder is not None else None

    def replays(self) -> list[Path]:
        if self.folder is None or not (self.folder / "replays").is_dir():
            return []
        return sorted((self.folder / "replays").glob("*.txt"), reverse=True)[:9]
