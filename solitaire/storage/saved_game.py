"""The game in progress, with its whole undo and redo history, as a crash-safe file.

A save holds the deal, the rule options and the moves in the game's own notation; the
moves done come first, then the undone ones in the order redo would play them, and
``position`` says where the player is. Beside each move it keeps a record of what the move
did (``turn_records``): a save resumes by applying those, each checked to fit the position
it meets, in time linear in the moves and with no rule consulted, so a game of any length
loads at once. A save without records (one of an older version, or one written by hand)
is rebuilt by replaying its moves, each checked against the rules instead of trusted.
"""

from __future__ import annotations

import gc
import os
import sys
from contextlib import contextmanager
from pathlib import Path

from ..i18n import N_, _, thousands
from ..model.game import Game
from ..model.games import GAMES, make_rules
from ..model.moves import Turn
from ..model.rules import NOTATION_VERSION
from .files import (
    DamagedFile,
    dump_json,
    is_number,
    is_text,
    is_whole,
    load_or_fresh,
    shown,
    write_atomic,
)
from .turn_records import CannotRecord, Reader, RecordError, record

KIND = "game"
# 3: each move's record beside it ("turns"); 2: moves in notation version 2 (Freecell
# Solver's); 1 is read as it was written.
VERSION = 3
CORE_KEYS = ("kind", "version", "game", "options", "deal", "moves", "position", "turns")
# The longest history replayed move by move, where a save has no records: no game wrote a
# longer one before records were kept (at 160 µs a move this is 16 s).
MAX_CHECKED_MOVES = 100_000
# The largest save read, where other files stop at 16 MB: over a million moves at 45-55
# bytes each (ten hours of a key held down at the keyboard's repeat).
MAX_SAVE_BYTES = 64 * 1024 * 1024
MAX_MOVE_TEXT = 40  # the longest move any game writes is 5 characters
MAX_RECORD_TEXT = 4000  # a reshuffle of 104 cards spells each twice: some 800 characters
MAX_SECONDS = 10**9  # some 30 years on the clock
MAX_PENDING = 1000  # results a save keeps while the statistics cannot be written
# The extra fields a save may carry (what the table keeps beside the game), their check,
# and what is said of a value that fails it (whole sentences: {value} is the value found,
# {most} the most pending results).
EXTRAS = {
    "seconds": (
        lambda value: is_number(value, 0, MAX_SECONDS),
        N_("its time played {value} is not a number of seconds"),
    ),
    "assisted": (
        lambda value: isinstance(value, bool),
        N_("its field 'assisted' is {value}, not true or false"),
    ),
    # Which game this is (the statistics count a token once) and whether its result is
    # counted already: a won game undone and played again is not counted twice.
    "token": (lambda value: is_text(value, 64), N_("its token {value} is not a game's token")),
    "recorded": (
        lambda value: isinstance(value, bool),
        N_("its field 'recorded' is {value}, not true or false"),
    ),
    # The game came to its end: its clock stays stopped after a relaunch.
    "ended": (
        lambda value: isinstance(value, bool),
        N_("its field 'ended' is {value}, not true or false"),
    ),
    # Results of this game's deals not yet in the statistics file (a full disk, say):
    # kept here until it holds them (``stats.pending_entry``; checked when they are used).
    "pending": (
        lambda value: isinstance(value, list) and len(value) <= MAX_PENDING,
        N_("its results kept for the statistics ({value}) are not a list of at most {most}"),
    ),
}


def game_path(folder: str | os.PathLike, game_id: str) -> Path:
    """One file per game, so each game keeps its own game in progress."""
    return Path(folder) / f"game-{game_id}.json"


def to_dict(game: Game, extra: dict | None = None) -> dict:
    """The save of ``game``; ``extra`` (seconds played, assisted ...) is kept alongside."""
    extra = dict(extra or {})
    clash = set(extra) & set(CORE_KEYS)
    if clash:
        raise ValueError(f"extra keys {sorted(clash)} would overwrite the save's own fields")
    problem = _extra_problem(extra)
    if problem:  # never write a save that would be refused when read
        raise ValueError(problem)
    rules = game.rules
    turns = [*game.done, *reversed(game.undone)]  # redo pops the end
    options = {spec.name: spec.format(rules.options[spec.name]) for spec in rules.option_specs}
    return {
        "kind": KIND,
        "version": VERSION,
        "game": rules.game_id,
        "options": options,
        "deal": game.deal_number,
        "moves": [turn.text for turn in turns],
        "position": len(game.done),
        **_records(turns),
        **extra,
    }


def _records(turns: list[Turn]) -> dict:
    """``{"turns": [...]}``, the records of ``turns``, each spelt once in a game's life;
    nothing if one cannot be spelt (the save is then replayed move by move when read)."""
    try:
        for turn in turns:
            if not turn.record:
                turn.record = sys.intern(record(turn))  # one copy of each spelling
    except CannotRecord:
        return {}
    return {"turns": [turn.record for turn in turns]}


def from_dict(data: dict, game_id: str | None = None) -> tuple[Game, dict]:
    """The game a save describes, at its place in its history, and the extra fields.

    Anything that does not add up (an unknown game or option, a move that is not legal
    where it stands, a record that does not fit the position, a position outside the
    moves, an odd extra field, or a game other than ``game_id`` when that is given) raises
    DamagedFile with the reason.
    """
    saved_id = data.get("game")
    options = data.get("options", {})
    deal = data.get("deal")
    moves = data.get("moves")
    position = data.get("position")
    records = data.get("turns")
    if not is_text(saved_id):
        raise DamagedFile(N_("it does not say which game it is"))
    if saved_id not in GAMES:
        raise DamagedFile(
            _("unknown game {game} (games: {games})").format(
                game=shown(saved_id), games=", ".join(GAMES)
            )
        )
    if game_id is not None and saved_id != game_id:
        raise DamagedFile(
            _("it is a game of {saved}, not of {game}").format(saved=saved_id, game=game_id)
        )
    if not isinstance(options, dict) or not all(
        is_text(name) and is_text(value) for name, value in options.items()
    ):
        raise DamagedFile(N_("its rule options are not a list of names and values"))
    if not isinstance(moves, list) or not _all_texts(moves, MAX_MOVE_TEXT):
        raise DamagedFile(N_("its moves are not a list of moves"))
    if records is None and len(moves) > MAX_CHECKED_MOVES:
        raise DamagedFile(
            _(
                "it has {count} moves and no records of them; a game without records has at"
                " most {most}"
            ).format(count=thousands(len(moves)), most=thousands(MAX_CHECKED_MOVES))
        )
    if records is not None and not (
        isinstance(records, list)
        and len(records) == len(moves)
        and _all_texts(records, MAX_RECORD_TEXT)
    ):
        raise DamagedFile(N_("its records are not one for each move"))
    if not is_whole(position, 0, len(moves)):
        raise DamagedFile(
            _("its position {position} is not within its {count} moves").format(
                position=shown(position), count=len(moves)
            )
        )
    if not is_whole(deal):
        raise DamagedFile(
            _("its deal number {deal} is not a whole number").format(deal=shown(deal))
        )
    extra = {key: value for key, value in data.items() if key not in CORE_KEYS}
    problem = _extra_problem(extra)
    if problem:
        raise DamagedFile(problem)
    try:
        rules = make_rules(saved_id, **options)
        game = Game(rules, deal)
        if records is None:
            with rules.reading_notation(1 if data.get("version") == 1 else NOTATION_VERSION):
                game.play_sequence(moves)
        else:
            _resume(game, moves, records)
    except ValueError as error:  # OptionError, DealError, MoveListError, RecordError
        raise DamagedFile(str(error)) from None
    except (TypeError, LookupError) as error:  # odd input the engine did not expect
        raise DamagedFile(
            _("it does not replay ({error})").format(error=type(error).__name__)
        ) from None
    while len(game.done) > position:
        game.undo()
    return game, extra


@contextmanager
def _collector_resting():
    """Python's cycle collector paused: building a long history it would walk the turns
    made so far again and again (a fifth of the time of 100,000 moves), and the history
    holds no cycles for it to find."""
    resting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if resting:
            gc.enable()


def _all_texts(items: list, limit: int) -> bool:
    """Whether every item is a text of at most ``limit`` characters; each spelling is
    looked at once (a long game is a few moves over and over)."""
    try:
        spellings = set(items)
    except TypeError:  # a list or an object among them
        return False
    return all(is_text(item, limit) for item in spellings)


def _resume(game: Game, moves: list[str], records: list[str]) -> None:
    """Every recorded turn applied to the game at its deal, each checked to fit."""
    reader = Reader(game.state, game.rules.deck())
    texts: dict[str, str] = {}  # one string for each spelling: 100,000 draws keep one "D"
    with _collector_resting():
        for number, (text, line) in enumerate(zip(moves, records), start=1):
            try:
                turn = reader.turn(line, texts.setdefault(text, text), game.state)
            except RecordError as error:
                raise DamagedFile(
                    _("the record of move {number} '{move}': {problem}").format(
                        number=number, move=text, problem=error
                    )
                ) from None
            game.done.append(turn)


def _extra_problem(extra: dict) -> str | None:
    """What is wrong with the extra fields, in one line; None if nothing."""
    for key, value in extra.items():
        if key not in EXTRAS:
            return _("it has a field {field} no version of the game writes").format(
                field=shown(key)
            )
        check, problem = EXTRAS[key]
        if not check(value):
            return _(problem).format(value=shown(value), most=thousands(MAX_PENDING))
    return None


def save(path: str | os.PathLike, game: Game, extra: dict | None = None) -> None:
    write_atomic(path, dump_json(to_dict(game, extra)))


def load(
    path: str | os.PathLike, game_id: str | None = None
) -> tuple[Game | None, dict, str | None]:
    """``(game, extra, message)``: the saved game, or None to start a new one.

    No file: ``(None, {}, None)``. A damaged file, or one holding a game other than
    ``game_id`` (the slot it was loaded for), is moved aside and ``message`` says so, in
    one line for the player; nothing is raised.
    """
    loaded, message = load_or_fresh(
        path,
        KIND,
        VERSION,
        lambda: None,
        parse=lambda data: from_dict(data, game_id),
        what=N_("the saved game"),
        limit=MAX_SAVE_BYTES,
    )
    if loaded is None:
        return None, {}, message
    game, extra = loaded
    return game, extra, None
