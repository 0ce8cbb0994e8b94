"""--solve as a player runs it, on every game of the registry and every rule set: what
it prints, and whether each line it prints replays to a win through --moves.

Shared by tests/system/test_solve_every_game.py (CI: a few deals, a small budget) and
bench/solve_lines.py (the acceptance run: 20 deals a rule set, the games' own budgets).
"""

from __future__ import annotations

import contextlib
import io
import traceback
from dataclasses import dataclass

from solitaire import cli
from solitaire.model.games import GAMES
from solitaire.model.options import Option


def values_of(spec: Option) -> list[str]:
    """The values of a rule option worth trying: both of a flag's, every choice, a count's
    least and most (and "unlimited" where it may be)."""
    if spec.is_flag:
        return ["off", "on"]
    if spec.choices:
        return list(spec.choices)
    counts = [value for value in (spec.minimum, spec.maximum) if value is not None]
    return [str(value) for value in counts] + (["unlimited"] if spec.unlimited else [])


def rule_sets(game_id: str) -> list[tuple[str, ...]]:
    """The game's rule sets as --rule arguments: the default rules, then each option set
    to each of its other values in turn (every option's every value is tried once)."""
    sets: list[tuple[str, ...]] = [()]
    for spec in GAMES[game_id].option_specs:
        default = spec.format(spec.default)
        sets += [(f"{spec.name}={value}",) for value in values_of(spec) if value != default]
    return sets


def every_rule_set() -> list[tuple[str, tuple[str, ...]]]:
    return [(game_id, rules) for game_id in GAMES for rules in rule_sets(game_id)]


# --max-memory is a limit on the whole process: in this one (a test suite's) it would
# count what the search never used. The budget of positions bounds the search.
NO_MEMORY_LIMIT = ("--max-memory", str(1 << 20))


def run(argv: list[str]) -> tuple[int, str, str]:
    """cli.main as main.py runs it, in this process: (exit code, stdout, stderr); an
    exception it lets out is written to stderr as Python would, exit code 1."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(argv)
        except Exception:  # noqa: BLE001 - the traceback is what the caller looks for
            traceback.print_exc()
            code = 1
    return code, out.getvalue(), err.getvalue()


@dataclass
class Solved:
    """What one --solve printed: its exit code, its lines, the moves to play (the lines
    that are not comments), and what --moves made of them (None when it printed none)."""

    code: int
    lines: list[str]
    moves: list[str]
    replay: str | None
    errors: str


def solve_and_replay(game_id: str, rules: tuple[str, ...], deal: int, *more: str) -> Solved:
    """--solve for a deal (with ``more`` arguments: --atomic, --max-positions N); when it
    prints a line, --moves plays that line from the deal and --status says how it ends."""
    given = ["--game", game_id, *(word for rule in rules for word in ("--rule", rule))]
    given += ["--deal", str(deal)]
    code, out, err = run([*given, "--solve", *NO_MEMORY_LIMIT, *more])
    lines = out.splitlines()
    moves = [line for line in lines if not line.startswith("#")]
    replay = None
    if code == 0:
        _, status, replay_err = run([*given, "--moves", " ".join(moves), "--status"])
        replay = status + replay_err
    return Solved(code, lines, moves, replay, err)


def solve_plain_and_atomic(
    game_id: str, rules: tuple[str, ...], deal: int, *more: str
) -> list[Solved]:
    """--solve, and --solve --atomic where it printed a line: --atomic changes only how the
    line is written (the search is the same), so a verdict without a line is not sought
    twice."""
    plain = solve_and_replay(game_id, rules, deal, *more)
    if plain.code != 0:
        return [plain]
    return [plain, solve_and_replay(game_id, rules, deal, "--atomic", *more)]


def problem(solved: Solved) -> str | None:
    """What is wrong with what --solve did, or None: an exit code --help does not name, a
    traceback, a line that does not replay to a win."""
    if solved.code not in (0, 1, 3):
        return f"exit code {solved.code}: {solved.errors[-300:]}"
    if "Traceback" in solved.errors or solved.errors.strip():
        return f"it wrote to stderr: {solved.errors[-300:]}"
    if solved.code == 0 and not (solved.replay or "").startswith("status: won"):
        return f"its line of {len(solved.moves)} moves does not win: {solved.replay}"
    return None
