"""The game in progress, with its whole undo and redo history, as a crash-safe file.

A save holds the deal, the rule options and the moves in the game's own notation, not
the position: replaying the moves rebuilds the position and every Turn of the history
exactly (deals and reshuffles are seeded), and a file written by hand or by an older
engine is checked move by move instead of trusted. The moves done come first, then the
undone ones in the order redo would play them; ``position`` says where the player is.
"""

from __future__ import annotations

import os
from pathlib import Path

from .model.game import Game
from .model.games import make_rules
from .model.rules import NOTATION_VERSION
from .storage import DamagedFile, dump_json, load_or_fresh, write_atomic

KIND = "game"
VERSION = 2  # 2: moves in notation version 2 (Freecell Solver's); 1 is read as it was written
CORE_KEYS = ("kind", "version", "game", "options", "deal", "moves", "position")


def game_path(folder: str | os.PathLike, game_id: str) -> Path:
    """One file per game, so each of the five keeps its own game in progress."""
    return Path(folder) / f"game-{game_id}.json"


def to_dict(game: Game, extra: dict | None = None) -> dict:
    """The save of ``game``; ``extra`` (seconds played, assisted ...) is kept alongside."""
    extra = dict(extra or {})
    clash = set(extra) & set(CORE_KEYS)
    if clash:
        raise ValueError(f"extra keys {sorted(clash)} would overwrite the save's own fields")
    rules = game.rules
    moves = [turn.text for turn in [*game.done, *reversed(game.undone)]]  # redo pops the end
    options = {spec.name: spec.format(rules.options[spec.name]) for spec in rules.option_specs}
    return {
        "kind": KIND,
        "version": VERSION,
        "game": rules.game_id,
        "options": options,
        "deal": game.deal_number,
        "moves": moves,
        "position": len(game.done),
        **extra,
    }


def from_dict(data: dict) -> tuple[Game, dict]:
    """The game a save describes, at its place in its history, and the extra fields.

    Anything that does not add up (an unknown game or option, a move that is not legal
    where it stands, a position outside the moves) raises DamagedFile with the reason.
    """
    game_id = data.get("game")
    options = data.get("options", {})
    deal = data.get("deal")
    moves = data.get("moves")
    position = data.get("position")
    if not isinstance(game_id, str):
        raise DamagedFile("it does not say which game it is")
    if not isinstance(options, dict) or not all(
        isinstance(value, str) for value in options.values()
    ):
        raise DamagedFile("its rule options are not a list of names and values")
    if not isinstance(moves, list) or not all(isinstance(move, str) for move in moves):
        raise DamagedFile("its moves are not a list of moves")
    if not _is_count(position) or position > len(moves):
        raise DamagedFile(f"its position {position!r} is not within its {len(moves)} moves")
    if not _is_count(deal):
        raise DamagedFile(f"its deal number {deal!r} is not a whole number")
    try:
        rules = make_rules(game_id, **options)
        game = Game(rules, deal)
        with rules.reading_notation(1 if data.get("version") == 1 else NOTATION_VERSION):
            game.play_sequence(moves)
    except ValueError as error:  # UnknownGame, OptionError, DealError, MoveListError
        raise DamagedFile(str(error)) from None
    except (TypeError, LookupError) as error:  # odd input the engine did not expect
        raise DamagedFile(f"it does not replay ({error!r})") from None
    while len(game.done) > position:
        game.undo()
    extra = {key: value for key, value in data.items() if key not in CORE_KEYS}
    return game, extra


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def save(path: str | os.PathLike, game: Game, extra: dict | None = None) -> None:
    write_atomic(path, dump_json(to_dict(game, extra)))


def load(path: str | os.PathLike) -> tuple[Game | None, dict, str | None]:
    """``(game, extra, message)``: the saved game, or None to start a new one.

    No file: ``(None, {}, None)``. A damaged file is moved aside and ``message`` says so,
    in one line for the player; nothing is raised.
    """
    loaded, message = load_or_fresh(
        path, KIND, VERSION, lambda: None, parse=from_dict, what="the saved game"
    )
    if loaded is None:
        return None, {}, message
    game, extra = loaded
    return game, extra, None
