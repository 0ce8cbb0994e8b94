"""The solver as the rest of the game uses it: a verdict for any game, and its moves
written out as the player (or a FreeCell program) would play them."""

from __future__ import annotations

import importlib
from dataclasses import replace

from ..model.game import Game
from ..model.moves import Move, MoveKind
from ..model.rules import Rules
from ..model.state import State, Transfer
from .verdict import (
    SOLVED,
    UNKNOWN,
    UNSOLVABLE,
    GaveUp,
    LineSearch,
    MakesSearch,
    Outcome,
    Verdict,
    drive,
)

__all__ = [
    "SOLVED",
    "UNKNOWN",
    "UNSOLVABLE",
    "GaveUp",
    "Outcome",
    "Verdict",
    "budget_for",
    "make_line_search",
    "make_search",
    "mended_plan",
    "move_between",
    "solution_lines",
    "solve_game",
    "without_loops",
]


def solver_module(rules: Rules):
    """The module of this package that a game's definition names as its solver
    (``Rules.solver``), with its ``SEARCH`` and ``BUDGET`` (see ``verdict.py``). A new
    dedicated solver is one file, found the way the games are."""
    return importlib.import_module(f"{__package__}.{rules.solver}")


def search_class(rules: Rules) -> MakesSearch:
    """What makes the game's search: its solver module's ``SEARCH``."""
    return solver_module(rules).SEARCH


def budget_for(rules: Rules) -> int:
    """How many positions the game's search may look at before it says "unknown": its
    solver module's ``BUDGET``. The table's partner and --solve use the same budget, so
    the two give the same verdict for the same position."""
    return solver_module(rules).BUDGET


def make_search(
    rules: Rules,
    state: State,
    *,
    max_positions: int | None = None,
    without: frozenset = frozenset(),
):
    """The best search the game has for ``state``, ready to run in steps; its budget is
    the game's (``budget_for``) unless ``max_positions`` says otherwise."""
    budget = budget_for(rules) if max_positions is None else max_positions
    return search_class(rules)(rules, state, max_positions=budget, without=without)


def make_line_search(
    rules: Rules, state: State, *, without: frozenset = frozenset()
) -> LineSearch | None:
    """The game's search for the best line the player can see from ``state`` where no
    winning line is known (its solver module's ``LINE_SEARCH``: ``step(work)`` returns
    the line's moves once known), or None where the game has none."""
    line_search = getattr(solver_module(rules), "LINE_SEARCH", None)
    return None if line_search is None else line_search(rules, state, without=without)


def solve_game(
    rules: Rules,
    state: State,
    *,
    max_positions: int | None = None,
    max_memory: int | None = None,
    max_seconds: float | None = None,
    without: frozenset = frozenset(),
) -> Verdict:
    """The verdict for ``state``, searched to the game's budget of positions (or
    ``max_positions``); if given, a limit on the whole process's memory (bytes) or a time
    limit may stop it sooner with "unknown" (``Verdict.gave_up`` says why). No memory
    limit by default: a caller inside a larger program (the tests) would be judged by
    memory the search never used; the text commands pass theirs."""
    search = make_search(rules, state, max_positions=max_positions, without=without)
    return drive(search, max_memory=max_memory, max_seconds=max_seconds)


def move_between(rules: Rules, before: State, after: State, without: frozenset) -> Move | None:
    """The legal move, of a kind the search may use, that makes ``after`` of ``before``.

    Then ``after`` inherits a "cannot be won" verdict from ``before``: had it a win, the
    move and that win would have won from ``before`` (with the same moves allowed)."""
    key = after.key()
    for move in rules.legal_moves(before):
        if move.kind not in without and rules.successor(before, move).key() == key:
            return move
    return None


def without_loops(rules: Rules, state: State, moves: list[Move]) -> list[Move]:
    """``moves`` from ``state`` with every stretch cut out that comes back to a position
    it left (a search may take a card somewhere and back when the position in between
    differs only in what its key leaves out, such as a hand turned round): the line
    still wins, and the demo never plays a card back and forth."""
    kept: list[Move] = []
    at = {state.key(): 0}  # position key -> how many kept moves lead to it
    position = state
    for move in moves:
        position = rules.successor(position, move)
        key = position.key()
        if key in at:
            del kept[at[key] :]
            at = {k: n for k, n in at.items() if n <= at[key]}
        else:
            kept.append(move)
            at[key] = len(kept)
    return kept


def mended_plan(
    rules: Rules, before: State, plan: list[Move], move: Move, after: State
) -> list[Move] | None:
    """A winning line from ``after``, which ``move`` made of ``before`` where ``plan``
    wins, or None. Tried in turn, each kept only if it replays to a win: the plan with its
    first move of the same cards made from where they lie now (or left out, if it took
    them to the same place), then the move taken back and the plan."""
    lines = []
    if move.kind == MoveKind.MOVE:
        moved = before.piles[move.src][-move.count :]
        position = before
        for at, step in enumerate(plan):
            if step.kind == MoveKind.MOVE and position.piles[step.src][-step.count :] == moved:
                instead = [] if step.dst == move.dst else [replace(step, src=move.dst)]
                lines.append(plan[:at] + instead + plan[at + 1 :])
                break
            position = rules.successor(position, step)
        lines.append([Move(MoveKind.MOVE, move.dst, move.src, move.count)] + plan)
    elif move in plan:
        at = plan.index(move)
        lines.append(plan[:at] + plan[at + 1 :])
    for line in lines:
        position = after
        for step in line:
            if not rules.is_legal(position, step):
                break
            position = rules.successor(position, step)
        else:
            if rules.is_won(position):
                return line
    return None


def solution_lines(game: Game, moves: list[Move], atomic: bool = False) -> list[str]:
    """The moves in the game's notation, each automatic move after it as a # comment.

    The lines that are not comments replay through the engine (``--moves``); with
    ``atomic`` a multi-card move is written as the single-card moves it is made of.
    """
    rules = game.rules
    replay = Game(rules, game.deal_number)
    replay.state = game.state.copy()
    lines: list[str] = []
    for move in moves:
        before = replay.state.copy()
        if atomic and move.kind == MoveKind.MOVE and move.count > 1 and rules.supermoves:
            for src, dst in rules.single_steps(before, move):
                single = Move(MoveKind.MOVE, src, dst)
                lines.append(rules.format_move(single, replay.state))
                replay.play(single)
            continue
        lines.append(rules.format_move(move, before))
        turn = replay.play(move)
        scratch = before
        for step in turn.steps[: len(turn.steps) - turn.automatic]:
            step.apply(scratch)
        for step in turn.steps[len(turn.steps) - turn.automatic :]:
            if isinstance(step, Transfer):
                automatic = Move(MoveKind.MOVE, step.src, step.dst, step.count)
                lines.append(f"# {rules.format_move(automatic, scratch)} (automatic)")
            step.apply(scratch)
    return lines


# Positions each deal tried for "deal only deals proven winnable" may take, and how many
# positions the whole look for one may take before it deals one not proven.
WINNABLE_DEAL_BUDGET = 40_000
WINNABLE_LOOK_BUDGET = 400_000


def winnable_deals(rules: Rules, rng):
    """Look for a random deal proven winnable, in steps of work: a generator that yields
    after each step and returns (deal number, proven winnable).

    A deal the game's definition knows to be winnable comes first (FreeCell: any number
    but the few impossible ones; rule sets whose wins are too rare to find quickly: a deal
    proven ahead of time). Otherwise deals are tried in turn, each searched for
    ``WINNABLE_DEAL_BUDGET`` positions, until one is won or ``WINNABLE_LOOK_BUDGET``
    positions are spent (then the last one tried is dealt, unproven)."""
    known = rules.proven_winnable_deal(rng)
    if known is not None:
        return known, True
    spent = 0
    number = rng.randint(1, 1_000_000)
    while spent < WINNABLE_LOOK_BUDGET:
        number = rng.randint(1, 1_000_000)
        budget = min(WINNABLE_DEAL_BUDGET, WINNABLE_LOOK_BUDGET - spent)
        search = make_search(rules, Game(rules, number).state, max_positions=budget)
        while (verdict := search.step(2_000)) is None:
            yield
        spent += max(1, verdict.positions)
        if verdict.status == SOLVED:
            return number, True
        yield
    return number, False
