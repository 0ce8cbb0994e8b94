"""Replays as small text files a player can read, share, edit and watch.

    # Vierfrei, deal 617: 2 moves, 0 cards home
    game: vierfrei
    deal: 617
    options: auto=off
    moves:
    3a 58

Headings first (``rules:`` is another name for ``options:``), then ``moves:`` and the
moves in the game's own notation, any number to a line. ``#`` starts a comment, except
among Vierfrei's moves, where ``#`` alone is a move (safe play home) and ``##`` starts one.
Reading replays every move, so a damaged file is caught at its first bad line.
"""

from __future__ import annotations

import os

from ..i18n import _
from ..model.game import Game
from ..model.games import GAMES, make_rules
from ..model.moves import IllegalMove, Turn
from ..model.rules import NOTATION_VERSION
from .files import MAX_FILE_BYTES, DamagedFile, read_limited, shown, write_atomic

MOVES_PER_LINE = 12
# A long game is a few kB; this is millions of moves, an hour of checking (each move is
# checked as it is played: a replay comes from anywhere), more than a player makes.
MAX_REPLAY_BYTES = MAX_FILE_BYTES
HEADINGS = ("game", "deal", "options", "rules", "moves", "notation")


class ReplayError(ValueError):
    """A replay file that cannot be played; the message names the first bad line."""

    def __init__(self, reason: str, line: int | None = None):
        super().__init__(
            _("line {line}: {reason}").format(line=line, reason=reason) if line else reason
        )
        self.line = line
        self.reason = reason


def to_text(game: Game) -> str:
    """The replay of the moves done in ``game`` (not the undone ones)."""
    rules = game.rules
    moves = game.notation()
    lines = [
        (
            f"# {rules.title}, deal {game.deal_number}: {len(moves)} moves, "
            f"{rules.score_text(game.state)}"
        ),
        f"notation: {NOTATION_VERSION}",  # files without this line are read as version 1
        f"game: {rules.game_id}",
        f"deal: {game.deal_number}",
        f"options: {rules.option_text()}".rstrip(),
        "moves:",
    ]
    for start in range(0, len(moves), MOVES_PER_LINE):
        lines.append(" ".join(moves[start : start + MOVES_PER_LINE]))
    return "\n".join(lines) + "\n"


def parse_text(text: str) -> tuple[Game, list[str]]:
    """The game at its deal and the replay's moves, each checked by playing it."""
    headings: dict[str, tuple[int, str]] = {}
    move_lines: list[tuple[int, str]] = []  # (line number, text) after "moves:"
    for number, line in enumerate(text.splitlines(), start=1):
        if move_lines:
            move_lines.append((number, line))
            continue
        name, colon, value = line.partition(":")
        name = name.strip().lower()
        if name == "moves":  # the rest of its line is moves, where '#' may be one
            move_lines.append((number, value))
            continue
        line = line.partition("#")[0].strip()
        if not line:
            continue
        name, colon, value = line.partition(":")
        name = name.strip().lower()
        if not colon or name not in HEADINGS:
            raise ReplayError(
                _("'{line}' is not a heading (expected game:, deal:, options: or moves:)").format(
                    line=line
                ),
                number,
            )
        headings["options" if name == "rules" else name] = (number, value.strip())
    for name in ("game", "deal"):
        if name not in headings:
            raise ReplayError(
                _("the file has no '{heading}:' line; is it a replay?").format(heading=name)
            )
    if not move_lines:
        raise ReplayError(
            _("the file has no '{heading}:' line; is it a replay?").format(heading="moves")
        )
    game = _start(headings)
    # Vierfrei's safe-play-home move is written '#', so there a comment needs '##'.
    marker = "##" if "#" in game.rules.commands else "#"
    moves = [
        (number, word) for number, line in move_lines for word in line.partition(marker)[0].split()
    ]
    notation_line, version = headings.get("notation", (None, "1"))
    if version not in ("1", str(NOTATION_VERSION)):
        raise ReplayError(
            _("notation {version} is not one this game reads").format(version=repr(version[:20])),
            notation_line,
        )
    scratch = Game(game.rules, game.deal_number)
    with game.rules.reading_notation(int(version)):
        for count, (number, move) in enumerate(moves, start=1):
            try:
                scratch.play_text(move)
            except IllegalMove as error:
                reason = str(error)
                if not reason.startswith(f"'{move}'"):
                    reason = _("'{move}' (move {number}): {reason}").format(
                        move=move, number=count, reason=reason
                    )
                raise ReplayError(reason, number) from None
    # moves in an older notation are handed on rewritten in the current one
    return game, (
        [move for _, move in moves] if int(version) == NOTATION_VERSION else scratch.notation()
    )


def _start(headings: dict[str, tuple[int, str]]) -> Game:
    """The game the headings name, at its deal."""
    line, game_id = headings["game"]
    game_id = game_id.lower()
    if game_id not in GAMES:
        raise ReplayError(
            _("unknown game '{game}' (games: {games})").format(
                game=game_id, games=", ".join(GAMES)
            ),
            line,
        )
    options_line, options_text = headings.get("options", (None, ""))
    options = {}
    for word in options_text.split():
        name, equals, value = word.partition("=")
        if not equals:
            raise ReplayError(
                _("rule option '{word}' should read name=value").format(word=word), options_line
            )
        options[name.lower()] = value
    try:
        rules = make_rules(game_id, **options)
    except ValueError as error:
        raise ReplayError(str(error), options_line) from None
    line, deal_text = headings["deal"]
    if not (deal_text.isascii() and deal_text.isdigit()):  # int() also takes '٣' and '1_0'
        raise ReplayError(_("{deal}: the deal is not a number").format(deal=shown(deal_text)), line)
    # int() refuses 4,300 digits or more; cut to 20, the number is still out of range
    number = int(deal_text.lstrip("0")[:20] or "0")
    try:
        return Game(rules, number)
    except ValueError as error:  # DealError: out of range
        raise ReplayError(f"{shown(deal_text)}: {error}", line) from None


def write(path: str | os.PathLike, game: Game) -> None:
    write_atomic(path, to_text(game))


def read(path: str | os.PathLike) -> tuple[Game, list[str]]:
    """The game at its deal and the moves of the replay in ``path``; ReplayError if not.

    Only an ordinary file of at most MAX_REPLAY_BYTES is read: a device or a named pipe
    is refused at once, not read or waited on forever.
    """
    try:
        raw = read_limited(path, MAX_REPLAY_BYTES)
    except FileNotFoundError:
        raise ReplayError(
            _("{path} cannot be read (there is no such file)").format(path=path)
        ) from None
    except DamagedFile as error:
        raise ReplayError(
            _("{path} cannot be read: {reason}").format(path=path, reason=_(error.reason))
        ) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ReplayError(_("{path} is not a text file").format(path=path)) from None
    return parse_text(text)


class Replayer:
    """Steps through a replay, forward and back, on a Game the view can draw.

    The moves are played once up front and undone, so stepping is the game's own redo
    and undo: each step returns the Turn it made, with every card step for animation.
    """

    def __init__(self, game: Game, moves: list[str]):
        if game.done:
            raise ValueError("a replay starts from the deal")
        self.game = game
        self.moves = list(moves)
        game.play_sequence(self.moves)
        game.restart()

    @classmethod
    def open(cls, path: str | os.PathLike) -> Replayer:
        return cls(*read(path))

    @property
    def position(self) -> int:
        """How many moves have been played."""
        return len(self.game.done)

    @property
    def at_start(self) -> bool:
        return not self.game.done

    @property
    def at_end(self) -> bool:
        return not self.game.undone

    def __len__(self) -> int:
        return len(self.moves)

    def forward(self) -> Turn | None:
        return self.game.redo()

    def backward(self) -> Turn | None:
        return self.game.undo()

    def go_to(self, position: int) -> None:
        position = max(0, min(position, len(self.moves)))
        while self.position < position:
            self.forward()
        while self.position > position:
            self.backward()

    def last_move(self) -> str | None:
        """The text of the move just played, for a caption; None at the start."""
        return self.moves[self.position - 1] if self.position else None
