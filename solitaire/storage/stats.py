"""Statistics per game and per rule option set, kept in a crash-safe file.

Each finished deal is a Result. The counts (played, won, streaks, bests, point totals)
are kept as running totals, so they stay right however long the player plays; the list
of recent results beside them is capped and only feeds the charts. Totals are kept for
each option set and for the game as a whole, because streaks across option sets cannot
be pieced together afterwards from per-set totals.

What counts: every deal the player made a move in, once. Each game played carries a
token (``Result.token``): a result whose token was counted before is not counted again
(the same game after an undo and a redo, a restart of the program, a crash between two
writes). A deal won before and played again from its number under the same rules is a
replay: it counts on a line of its own (``Summary.replayed``), not in the streaks,
records or totals. Help (hints, the demo, a look behind a reshuffle) never earns money,
points, streaks or records.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field, fields
from datetime import datetime
from enum import Enum
from typing import cast

from ..i18n import N_, _
from ..model.game import Game
from ..model.games import GAMES
from ..model.moves import Status
from ..model.rules import Rules
from .files import (
    MAX_WHOLE,  # this and the is_ functions: the checks of each field
    DamagedFile,
    dump_json,
    is_number,
    is_text,
    is_whole,
    load_or_fresh,
    write_atomic,
)

KIND = "stats"
VERSION = 2  # 2: tokens, the deals won, replays; a version 1 file is read as it was
HISTORY_LIMIT = 1000  # results kept per option set for the charts
TOKENS_KEPT = 5000  # the latest games' tokens, per game: enough to know a game seen again
WON = "won"
LOST = "lost"


class Counted(str, Enum):
    """What became of a result handed to the statistics."""

    COUNTED = "counted"
    REPLAY = "replay"  # a deal won before, played again: counted apart
    NOT = "not counted"  # no move made, or its game counted before

    def __bool__(self) -> bool:
        return self is not Counted.NOT


def now_iso() -> str:
    return datetime.now().isoformat(timespec="seconds")


@dataclass
class Result:
    """One finished deal. ``points`` are the game's own points (The Prince's table)."""

    outcome: str  # WON or LOST; a deal abandoned after a move counts as lost
    score: int
    moves: int  # in a win, the winning line's; else every move made, taken back or not
    seconds: float
    deal: int
    assisted: bool = False  # played with help (hints, the demo, a look behind a reshuffle)
    points: int = 0
    date: str = field(default_factory=now_iso)
    token: str = ""  # the game played (see the module notes); empty in older files

    @property
    def won(self) -> bool:
        return self.outcome == WON


def option_key(rules: Rules) -> str:
    """The name an option set is counted under: ``merci redeals=2 mercis=1 ...``."""
    return f"{rules.game_id} {rules.option_text()}".strip()


def moves_ever_made(game: Game) -> bool:
    """Whether a move was ever made in ``game``. Undone moves count: they wait to be
    played again (redo), and a move made after them replaces them, so a game in which a
    move was made always keeps one, in ``done`` or in ``undone``."""
    return bool(game.done or game.undone)


def result_of(
    game: Game, seconds: float, assisted: bool = False, date: str | None = None, token: str = ""
) -> Result | None:
    """The Result of leaving ``game`` now (won, lost or abandoned); None if it never began.

    The Prince's manual: only a deal with no move made counts as neither a win nor a loss. Moves
    taken back (undo, restart) were made all the same: the player has seen where they
    lead, so the deal counts. A win with help earns no points (The Prince's manual's points
    are the player's own).
    """
    if not moves_ever_made(game):
        return None
    rules = game.rules
    won = rules.is_won(game.state)
    points = 0 if won and assisted else rules.points(Status.WON if won else Status.LOST)
    return Result(
        outcome=WON if won else LOST,
        score=rules.score(game.state),
        moves=len(game.done) if won else len(game.done) + len(game.undone),
        seconds=seconds,
        deal=game.deal_number,
        assisted=assisted,
        points=points or 0,
        date=date or now_iso(),
        token=token,
    )


@dataclass
class Summary:
    """Running totals over a run of results.

    ``score_total`` is Canfield's casino balance; ``points_total`` The Prince's points;
    ``average_score`` La Belle Lucie's average out of 100. ``current_streak`` is signed:
    +3 is three wins in a row, -2 two losses.

    Wins with help (hints, the demo) are counted in ``won`` and apart in
    ``assisted_wins``, and nowhere else: streaks, the win rate, fewest moves, fastest win
    and best score are the player's own. A win with help ends a streak either way, and
    help earns nothing: a game played with it adds its loss to the score total (Canfield's
    casino balance) but never a gain.

    ``replayed`` and ``replays_won`` count deals won before and played again: nothing else.

    ``scored`` and ``own_score_total`` count the games played without help and their scores:
    the average score is theirs (a game with help scores nothing of the player's own). A
    file from before they were kept has neither: they are then taken as near as its totals
    tell (every game but the wins with help, whose scores La Belle Lucie never added).
    """

    played: int = 0
    won: int = 0
    assisted_wins: int = 0
    current_streak: int = 0
    longest_win_streak: int = 0
    longest_loss_streak: int = 0
    best_score: int | None = None
    score_total: int = 0
    points_total: int = 0
    fewest_moves: int | None = None  # in a win
    fastest_win: float | None = None  # seconds
    replayed: int = 0
    replays_won: int = 0
    scored: int | None = None  # None only while a file from before them is read
    own_score_total: int | None = None

    def __post_init__(self) -> None:
        if self.scored is None:
            self.scored = self.played - self.assisted_wins
        if self.own_score_total is None:
            self.own_score_total = self.score_total

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def own_wins(self) -> int:
        return self.won - self.assisted_wins

    @property
    def win_percent(self) -> float:
        """The share of the games played that the player won alone."""
        return 100.0 * self.own_wins / self.played if self.played else 0.0

    @property
    def average_score(self) -> float | None:
        """The average score of the games played without help."""
        assert self.scored is not None and self.own_score_total is not None  # __post_init__
        return self.own_score_total / self.scored if self.scored else None

    def add(self, result: Result) -> None:
        self.played += 1
        self.score_total += min(result.score, 0) if result.assisted else result.score
        self.points_total += result.points
        if not result.won:  # a loss is a loss, with help or without
            self.current_streak = min(self.current_streak, 0) - 1
            self.longest_loss_streak = max(self.longest_loss_streak, -self.current_streak)
        elif result.assisted:
            self.won += 1
            self.assisted_wins += 1
            self.current_streak = 0  # the player's own run, of wins or losses, stops here
        else:
            self.won += 1
            self.current_streak = max(self.current_streak, 0) + 1
            self.longest_win_streak = max(self.longest_win_streak, self.current_streak)
            self.fewest_moves = _best(self.fewest_moves, result.moves, min)
            self.fastest_win = _best(self.fastest_win, result.seconds, min)
        if not result.assisted:
            self.best_score = _best(self.best_score, result.score, max)
            assert self.scored is not None and self.own_score_total is not None
            self.scored += 1
            self.own_score_total += result.score

    def add_replay(self, result: Result) -> None:
        self.replayed += 1
        self.replays_won += result.won


def _best(current, new, pick):
    return new if current is None else pick(current, new)


@dataclass
class _Record:
    """One option set: its totals, its recent results (oldest first), the deals won."""

    summary: Summary = field(default_factory=Summary)
    history: list[Result] = field(default_factory=list)
    won_deals: set[int] = field(default_factory=set)


@dataclass
class _GameRecord:
    summary: Summary = field(default_factory=Summary)  # across all option sets
    sets: dict[str, _Record] = field(default_factory=dict)
    tokens: list[str] = field(default_factory=list)  # the latest games counted, oldest first


class Stats:
    def __init__(self) -> None:
        self.games: dict[str, _GameRecord] = {}

    def record(self, game_id: str, key: str, result: Result | None) -> Counted:
        """Count a finished deal, once: counted, counted apart as a replay, or not (no
        move made, or None; its game counted before, by its token)."""
        if result is None or result.moves == 0 or self.counted(game_id, result.token):
            return Counted.NOT
        game = self.games.setdefault(game_id, _GameRecord())
        entry = game.sets.setdefault(key, _Record())
        if result.token:
            game.tokens.append(result.token)
            del game.tokens[:-TOKENS_KEPT]
        if result.deal in entry.won_deals:  # won before: a replay
            game.summary.add_replay(result)
            entry.summary.add_replay(result)
            return Counted.REPLAY
        game.summary.add(result)
        entry.summary.add(result)
        entry.history.append(result)
        del entry.history[:-HISTORY_LIMIT]
        if result.won:
            entry.won_deals.add(result.deal)
        return Counted.COUNTED

    def counted(self, game_id: str, token: str) -> bool:
        """Whether the game with this token was counted already."""
        game = self.games.get(game_id)
        return bool(token) and game is not None and token in game.tokens

    def summary(self, game_id: str, key: str | None = None) -> Summary:
        """Totals for one option set, or for the whole game when ``key`` is None."""
        game = self.games.get(game_id)
        if game is None:
            return Summary()
        if key is None:
            return game.summary
        entry = game.sets.get(key)
        return entry.summary if entry else Summary()

    def option_keys(self, game_id: str) -> list[str]:
        game = self.games.get(game_id)
        return list(game.sets) if game else []

    def history(self, game_id: str, key: str | None = None) -> list[Result]:
        """Recent results, oldest first: one option set's, or all the game's by date."""
        game = self.games.get(game_id)
        if game is None:
            return []
        if key is not None:
            entry = game.sets.get(key)
            return list(entry.history) if entry else []
        merged = [result for entry in game.sets.values() for result in entry.history]
        return sorted(merged, key=lambda result: result.date)  # stable: ties keep set order

    def reset(self, game_id: str) -> None:
        self.games.pop(game_id, None)

    # ------------------------------------------------------------------ the file
    def to_dict(self) -> dict:
        return {
            "kind": KIND,
            "version": VERSION,
            "games": {
                game_id: {
                    "summary": asdict(game.summary),
                    "sets": {
                        key: {
                            "summary": asdict(entry.summary),
                            "history": [asdict(result) for result in entry.history],
                            "won_deals": sorted(entry.won_deals),
                        }
                        for key, entry in game.sets.items()
                    },
                    "tokens": list(game.tokens),
                }
                for game_id, game in self.games.items()
            },
        }

    @classmethod
    def from_dict(cls, data: dict) -> Stats:
        """DamagedFile if the contents are not statistics as this version writes them."""
        stats = cls()
        games = _expect(data.get("games"), dict, "games")
        for game_id, game_data in games.items():
            if game_id not in GAMES:
                raise DamagedFile(
                    _("it has statistics for an unknown game {game}").format(
                        game=repr(game_id[:40])
                    )
                )
            game_data = _expect(game_data, dict, game_id)
            record = _GameRecord(_build(Summary, game_data.get("summary"), game_id))
            for key, set_data in _expect(game_data.get("sets"), dict, game_id).items():
                if not is_text(key) or key.partition(" ")[0] != game_id:
                    raise DamagedFile(
                        _("the statistics for '{game}' have an odd rule set").format(game=game_id)
                    )
                set_data = _expect(set_data, dict, key)
                history = _expect(set_data.get("history"), list, key)
                results = [_build(Result, item, key) for item in history[-HISTORY_LIMIT:]]
                won = _expect(set_data.get("won_deals", []), list, key)
                if not all(is_whole(deal) for deal in won):
                    raise DamagedFile(
                        _("the statistics for '{game}' have an odd deal won").format(game=key)
                    )
                # A version 1 file kept no list: its history names the deals won lately.
                won_deals = set(won) | {result.deal for result in results if result.won}
                summary = _build(Summary, set_data.get("summary"), key)
                record.sets[key] = _Record(summary, results, won_deals)
            tokens = _expect(game_data.get("tokens", []), list, game_id)
            if not all(is_text(token, 64) for token in tokens):
                raise DamagedFile(
                    _("the statistics for '{game}' have an odd token").format(game=game_id)
                )
            record.tokens = tokens[-TOKENS_KEPT:]
            stats.games[game_id] = record
        return stats

    @classmethod
    def load(cls, path: str | os.PathLike) -> tuple[Stats, str | None]:
        """The statistics in ``path``; empty ones if missing, or damaged (with a message)."""
        return load_or_fresh(
            path, KIND, VERSION, cls, parse=cls.from_dict, what=N_("the statistics file")
        )

    def save(self, path: str | os.PathLike) -> None:
        write_atomic(path, dump_json(self.to_dict()))


def pending_entry(key: str, result: Result) -> dict:
    """A result not yet in the statistics file, as a game's save keeps it meanwhile."""
    return {"rules": key, "result": asdict(result)}


def from_pending_entry(entry: object, game_id: str) -> tuple[str, Result]:
    """(rule set, result) of an entry ``pending_entry`` wrote; DamagedFile if it is not
    one (checked as the statistics file's own results are)."""
    fields_ = _expect(entry, dict, game_id)
    key = fields_.get("rules")
    if not is_text(key) or key.partition(" ")[0] != game_id:
        raise DamagedFile(_("a result kept for '{game}' has an odd rule set").format(game=game_id))
    return key, _build(Result, fields_.get("result"), key)


def _expect(value, kind: type, where: str):
    if not isinstance(value, kind):
        raise DamagedFile(_("the statistics for '{game}' are not readable").format(game=where))
    return value


# What each field of a stored Summary or Result may hold, by its declared type: a value of
# that kind within sane bounds (bool is an int, NaN and infinity are floats: both refused).
_FIELD_CHECKS = {
    "int": lambda value: is_whole(value, -MAX_WHOLE),
    "int | None": lambda value: value is None or is_whole(value, -MAX_WHOLE),
    "float": lambda value: is_number(value, -MAX_WHOLE),
    "float | None": lambda value: value is None or is_number(value, -MAX_WHOLE),
    "str": is_text,
    "bool": lambda value: isinstance(value, bool),
}
# Fields that count or measure something, so are never below zero.
_NOT_NEGATIVE = {
    "played",
    "won",
    "assisted_wins",
    "longest_win_streak",
    "longest_loss_streak",
    "replayed",
    "replays_won",
    "scored",
    "fewest_moves",
    "fastest_win",
    "moves",
    "seconds",
    "deal",
}


def _build(cls, data, where: str):
    """A Summary or Result from stored fields, checking each one's type and range."""
    data = _expect(data, dict, where)
    values = {}
    for spec in fields(cls):
        if spec.name not in data:
            continue  # a default fills it
        value = data[spec.name]
        fits = _FIELD_CHECKS[cast(str, spec.type)](value)  # a str: annotations are postponed
        if not fits or spec.name in _NOT_NEGATIVE and value is not None and value < 0:
            raise DamagedFile(
                _("the statistics for '{game}' have a bad '{field}'").format(
                    game=where, field=spec.name
                )
            )
        values[spec.name] = value
    try:
        built = cls(**values)
    except TypeError:
        raise DamagedFile(
            _("the statistics for '{game}' are missing fields").format(game=where)
        ) from None
    if not _adds_up(built):
        raise DamagedFile(_("the statistics for '{game}' do not add up").format(game=where))
    return built


def _adds_up(built: Summary | Result) -> bool:
    """A Summary's counts fit inside each other; a Result is a real, dated outcome."""
    if isinstance(built, Result):
        try:
            datetime.fromisoformat(built.date)
        except ValueError:
            return False
        return built.outcome in (WON, LOST) and built.moves > 0
    played = built.played
    return (
        built.assisted_wins <= built.won <= played
        and max(built.longest_win_streak, built.longest_loss_streak) <= played
        and abs(built.current_streak) <= played
        and built.replays_won <= built.replayed
        and (built.scored or 0) <= played
    )
