"""The registry of games: every game file in this folder, found by itself.

A game is a ``Rules`` subclass with a ``game_id``, defined in a module of this package;
dropping such a file in is all a new game takes. Games are listed by their ``order``
(the chooser's order), then by title. A file that fails to load is left out, and
``BROKEN`` says why, so one bad file cannot stop the other games from starting.
"""

from __future__ import annotations

import importlib
import pkgutil

from ..options import resolve_options
from ..rules import Rules


class UnknownGame(ValueError):
    pass


def _discover() -> tuple[dict[str, type[Rules]], dict[str, str]]:
    found: list[type[Rules]] = []
    broken: dict[str, str] = {}
    for module_info in pkgutil.iter_modules(__path__):
        name = f"{__name__}.{module_info.name}"
        try:
            module = importlib.import_module(name)
        except Exception as error:  # noqa: BLE001 - any error in a game file: leave it out
            broken[module_info.name] = f"{type(error).__name__}: {error}"
            continue
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, Rules)
                and value.__module__ == name
                and value.game_id
            ):
                found.append(value)
    games: dict[str, type[Rules]] = {}
    for cls in sorted(found, key=lambda cls: (cls.order, cls.title)):
        if cls.game_id in games:
            broken[cls.__module__] = f"game id '{cls.game_id}' is taken already"
            continue
        games[cls.game_id] = cls
    return games, broken


GAMES, BROKEN = _discover()


def make_rules(game_id: str, /, **options: object) -> Rules:
    """The rules of a game with its options; UnknownGame or OptionError if they are wrong
    (an option name the game does not have is told before any is used)."""
    try:
        cls = GAMES[game_id]
    except (KeyError, TypeError):
        raise UnknownGame(f"unknown game '{game_id}' (games: {', '.join(GAMES)})") from None
    resolve_options(cls.option_specs, options)
    return cls(**options)
