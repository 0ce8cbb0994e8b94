"""Counting a game in the statistics, once.

Every game played has a token of its own; its result goes into the statistics once (a
win, a loss, or a game left in play by a new deal), whatever happens after: a win undone
and won again, the window closed and opened, a second copy of the program. Whether the
computer helped goes with it. This is the one place that asks the library to count a game.
"""

from __future__ import annotations

import os
from enum import Enum

from ...model.game import Game
from ...storage.stats import Counted


class Help(str, Enum):
    """The kinds of help a game was played with (the win screen names them)."""

    HINTS = "hints"
    DEMO = "demo"
    LOOK_BACK = "look back"


class Tally:
    """One game's entry in the statistics: its token, its clock, the help it had and
    whether its result is in."""

    def __init__(self, library, extra: dict | None = None, replay: bool = False):
        """``extra``: what a save keeps beside its game; ``replay``: a replay file's game,
        never counted."""
        extra = extra or {}
        self.library = library
        self.replay = replay
        self.token = extra.get("token") or new_token()
        self.seconds = float(extra.get("seconds", 0.0))
        # The computer helped (hint, demo, a look back): marked in the statistics.
        self.assisted = bool(extra.get("assisted")) or replay
        self.help_used: set[Help] = set()  # which help, this session
        # The result is in already (a win, perhaps undone since), or never will be.
        self.recorded = bool(extra.get("recorded")) or replay
        # The game came to its end (its win or loss was told): its clock has stopped for
        # good, after an undo and a relaunch too, until the deal is restarted.
        self.ended = bool(extra.get("ended"))

    def helped(self, kind: Help) -> None:
        self.assisted = True
        self.help_used.add(kind)

    def count(self, game: Game) -> Counted:
        """Put the game's result (as its position says: won, or else lost) in the
        statistics, unless it is in already; how it was counted."""
        if self.recorded:
            return Counted.NOT
        self.recorded = True
        return self.library.record(game, self.seconds, self.assisted, self.token)

    def extra(self) -> dict:
        """What the save keeps beside the game."""
        return {
            "seconds": round(self.seconds, 1),
            "assisted": self.assisted,
            "token": self.token,
            "recorded": self.recorded,
            "ended": self.ended,
        }


def new_token() -> str:
    """A name for one game played, unlike any other (the statistics count it once)."""
    return os.urandom(8).hex()  # not secrets: it loads OpenSSL, some 4 MiB
