"""The solver as the rest of the game uses it: a verdict for any game, and its moves
written out as the player (or a FreeCell program) would play them."""

from __future__ import annotations

import importlib
import time
from dataclasses import replace

from ..model.game import Game
from ..model.moves import Move, MoveKind
from ..model.rules import Rules
from ..model.state import State, Transfer
from .freecell import BUILDS, solve_freecell
from .search import SOLVED, UNKNOWN, UNSOLVABLE, Search, Verdict

__all__ = [
    "SOLVED",
    "UNKNOWN",
    "UNSOLVABLE",
    "Verdict",
    "solve_game",
    "solution_lines",
    "Search",
    "move_between",
    "mended_plan",
]

# Searches that are not modules of their own: the generic one through the engine, which
# also slices on for "freecell" games when the FreeCell solver cannot settle at once.
ENGINE_SEARCHES = ("generic", "freecell")


def search_class(rules: Rules) -> type:
    """The search a game's definition names (``Rules.solver``): "generic" and "freecell"
    use the generic best-first search; any other name is a module of this package with a
    faster one as its ``SEARCH``, which takes the same arguments as Search and answers
    run(seconds) and finish(max_seconds) the same way. A new dedicated solver is one file,
    found the way the games are."""
    if rules.solver in ENGINE_SEARCHES:
        return Search
    return importlib.import_module(f"{__package__}.{rules.solver}").SEARCH


def has_dedicated_search(rules: Rules) -> bool:
    return rules.solver not in ENGINE_SEARCHES


def make_search(
    rules: Rules, state: State, *, max_positions: int, without: frozenset = frozenset()
):
    """The best search the game has for ``state``, ready to run in slices."""
    return search_class(rules)(rules, state, max_positions=max_positions, without=without)


def move_between(rules: Rules, before: State, after: State, without: frozenset) -> Move | None:
    """The legal move, of a kind the search may use, that makes ``after`` of ``before``.

    Then ``after`` inherits a "cannot be won" verdict from ``before``: had it a win, the
    move and that win would have won from ``before`` (with the same moves allowed)."""
    key = after.key()
    for move in rules.legal_moves(before):
        if move.kind not in without and rules.successor(before, move).key() == key:
            return move
    return None


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


def solve_game(
    rules: Rules,
    state: State,
    *,
    max_seconds: float = 10.0,
    max_positions: int = 2_000_000,
    without: frozenset = frozenset(),
) -> Verdict:
    if uses_freecell_solver(rules):
        return solve_freecell_family(
            rules, state, max_seconds=max_seconds, max_positions=max_positions
        )
    search = make_search(rules, state, max_positions=max_positions, without=without)
    return search.finish(max_seconds)


def uses_freecell_solver(rules: Rules) -> bool:
    """A FreeCell-family game whose build rule the FreeCell solver knows (else the generic
    search serves it)."""
    return rules.solver == "freecell" and rules.build in BUILDS


def quick_verdict(rules: Rules, state: State) -> Verdict | None:
    """A verdict in a few milliseconds where the game's solver family can give one: the
    FreeCell solver settles most positions that fast (99% of deals 1..100 under 50 ms)."""
    if not uses_freecell_solver(rules):
        return None
    verdict = solve_freecell_family(rules, state, max_seconds=0.05, max_positions=20_000)
    return None if verdict.status == UNKNOWN else verdict


def solve_freecell_family(
    rules: Rules, state: State, *, max_seconds: float, max_positions: int
) -> Verdict:
    """The dedicated FreeCell solver, its moves made engine moves."""
    result = solve_freecell(
        state, max_positions=max_positions, max_seconds=max_seconds, build=rules.build
    )
    moves = engine_moves(rules, state, result.moves)
    if moves is None:
        return Verdict(UNKNOWN, [], result.positions, result.seconds)
    return Verdict(result.status, moves, result.positions, result.seconds)


def engine_moves(rules: Rules, state: State, line) -> list[Move] | None:
    """The FreeCell solver's (src, dst, count) line as engine moves, or None if it does not
    replay (then nothing is claimed from it).

    With the automatic-play option on, the engine sends safe cards home by itself, maybe
    earlier than the solver's line does: the line is followed on a board of its own, so
    that each move is known by its cards, and the cards the engine has sent home already
    are left out of it (a move of nothing else is left out whole)."""
    board = {name: list(cards) for name, cards in state.piles.items()}  # the solver's view
    moves, position = [], state.copy()
    for src, dst, count in line:
        moving = board[src][len(board[src]) - count :]
        del board[src][len(board[src]) - count :]
        board[dst] += moving
        still = [card for card in moving if card in position.piles[src]]
        if not still:
            continue  # the engine has sent them home already
        move = Move(MoveKind.MOVE, src, dst, len(still))
        if not rules.is_legal(position, move):
            return None
        moves.append(move)
        position = rules.successor(position, move)
    return moves


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


def winnable_deal(rules: Rules, rng, max_seconds: float = 6.0) -> tuple[int, bool]:
    """A random deal number the solver has proven winnable, and whether it could prove one.

    A deal the game's definition knows to be winnable comes first (FreeCell: any number
    but the few impossible ones; rule sets whose wins are too rare to find in a few
    seconds: a deal proven ahead of time). Otherwise deals are tried in turn, each
    searched for a while, until one is won or time runs out (then the last one tried is
    returned, unproven).
    """
    known = rules.proven_winnable_deal(rng)
    if known is not None:
        return known, True
    deadline = time.perf_counter() + max_seconds
    number = rng.randint(1, 1_000_000)
    while time.perf_counter() < deadline:
        number = rng.randint(1, 1_000_000)
        game = Game(rules, number)
        budget = min(1.0, max(0.05, deadline - time.perf_counter()))
        if solve_game(rules, game.state, max_seconds=budget, max_positions=40_000).status == SOLVED:
            return number, True
    return number, False
