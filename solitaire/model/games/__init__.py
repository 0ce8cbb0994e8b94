"""The registry of games: each id names a Rules class."""

from __future__ import annotations

from ..rules import Rules
from .belle_lucie import BelleLucie, Merci
from .canfield import Canfield
from .prince import Prince
from .vierfrei import Vierfrei

GAMES: dict[str, type[Rules]] = {
    cls.game_id: cls for cls in (BelleLucie, Merci, Prince, Canfield, Vierfrei)
}


class UnknownGame(ValueError):
    pass


def make_rules(game_id: str, **options: object) -> Rules:
    """The rules of a game with its options; UnknownGame or OptionError if they are wrong."""
    try:
        cls = GAMES[game_id]
    except KeyError:
        raise UnknownGame(f"unknown game '{game_id}' (games: {', '.join(GAMES)})") from None
    return cls(**options)
