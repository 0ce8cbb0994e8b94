"""The solver as the rest of the game uses it: a verdict for any game, and its moves
written out as the player (or a FreeCell program) would play them."""

from __future__ import annotations

import importlib
from dataclasses import replace

from ..model.game import Game
from ..model.moves import Move, MoveKind
from ..model.rules import HOME, Rules
from ..model.state import State, StepLog, Transfer
from ..model.vocabulary import Role
from .search import BUNDLES
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
    "shortened",
    "solution",
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


# Positions the shortening of one line may look at (``shortened``): a few tenths of a
# second, so the table's worker is not kept long from the positions it is sent.
SHORTENING_BUDGET = 2_000
# Positions each stretch's search may look at, at least and at most: the budget is shared
# out over the line, each stretch getting its share within these bounds.
STRETCH_POSITIONS = (40, 400)


def shortened(
    rules: Rules,
    state: State,
    moves: list[Move],
    budget: int | None = None,
    without: frozenset = frozenset(),
) -> list[Move]:
    """A line from ``state`` that ends where ``moves`` does, never longer: loops cut
    (``without_loops``), then stretches made shorter. From each position of the line in
    turn, a breadth-first search through the engine (moves of the kinds ``without`` left
    out, as the search that found the line left them out) looks for the positions the
    line reaches later; the stretch up to the one it gains most moves to gives way to the
    search's moves, and the search starts again from the same place. The searches look
    at ``budget`` positions in all at most (``SHORTENING_BUDGET`` unless said): the work is
    bounded however long the line."""
    line = without_loops(rules, state, moves)
    positions = [state]
    for move in line:
        positions.append(rules.successor(positions[-1], move))
    index_of = {position.key(): index for index, position in enumerate(positions)}
    left = SHORTENING_BUDGET if budget is None else budget
    at = 0
    while at < len(line) - 1 and left > 0:
        share = left // (len(line) - at)
        most = min(max(share, STRETCH_POSITIONS[0]), STRETCH_POSITIONS[1], left)
        found, looked = _shortcut(rules, positions, at, index_of, most, BUNDLES | without)
        left -= looked
        if found is None:
            at += 1
            continue
        end, steps = found
        line[at:end] = [move for move, _ in steps]
        positions[at + 1 : end + 1] = [after for _, after in steps]
        index_of = {position.key(): index for index, position in enumerate(positions)}
    return line


def _shortcut(
    rules: Rules, positions: list[State], at: int, index_of: dict, most: int, without: frozenset
) -> tuple[tuple[int, list[tuple[Move, State]]] | None, int]:
    """A breadth-first search from the line's position ``at`` (``index_of``: the index in
    the line of each position's key) that looks at ``most`` positions at most: the index
    of the later position it gains most moves to, with the moves there and the positions
    after each (None if it gains none); and the positions it looked at. It never goes
    back to a position the line passed before ``at``: that would make a loop."""
    seen = {positions[at].key()}
    layer: list[list[tuple[Move, State]]] = [[]]
    best = None
    gain = 0
    while layer and len(seen) <= most:
        following = []
        for path in layer:
            position = path[-1][1] if path else positions[at]
            for move in rules.legal_moves(position):
                if move.kind in without:
                    continue
                after = rules.successor(position, move)
                key = after.key()
                if key in seen:
                    continue
                seen.add(key)
                steps = path + [(move, after)]
                index = index_of.get(key, -1)
                if index - at - len(steps) > gain:
                    gain, best = index - at - len(steps), (index, steps)
                if index < 0:
                    following.append(steps)
                if len(seen) > most:
                    return best, most
        layer = following
    return best, len(seen) - 1


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


def solution(
    game: Game, verdict: Verdict, *, atomic: bool = False, budget: int | None = None
) -> tuple[Verdict, list[str]]:
    """A solved ``verdict`` for the game's position as the player gets it: its line
    ``shortened`` and written out (``solution_lines``)."""
    if verdict.status != SOLVED:
        return verdict, []
    moves = shortened(game.rules, game.state, verdict.moves, budget)
    return replace(verdict, moves=moves), solution_lines(game, moves, atomic)


def solution_lines(game: Game, moves: list[Move], atomic: bool = False) -> list[str]:
    """The moves in the game's notation, each automatic move after it as a # comment.

    The lines that are not comments replay through the engine (``--moves``); with
    ``atomic`` a multi-card move is written as the single-card moves it is made of
    (``atomic_steps``).
    """
    rules = game.rules
    position = game.state.copy()
    lines: list[str] = []
    for move in moves:
        for step in atomic_steps(rules, position, move) if atomic else [move]:
            rules.check(position, step)  # a solver's mistake shows here, not at --moves
            lines.append(rules.format_move(step, position))
            log = StepLog(position)
            rules.perform(log, step)
            made = len(log.steps)
            rules.respond(log, step)
            scratch = position.copy()
            for change in reversed(log.steps[made:]):  # the position before them
                change.revert(scratch)
            for change in log.steps[made:]:
                if isinstance(change, Transfer):
                    automatic = Move(MoveKind.MOVE, change.src, change.dst, change.count)
                    lines.append(f"# {automatic_text(rules, automatic, scratch)} (automatic)")
                change.apply(scratch)
    return lines


def automatic_text(rules: Rules, move: Move, state: State) -> str:
    """An automatic move as its comment line writes it: in the game's notation where the
    notation names its piles, else in words (Spider's runs go home to foundations the
    notation has no name for: no player moves a card there)."""
    home = rules.roles.get(move.dst) == Role.FOUNDATION and HOME in rules.code_of
    if move.src in rules.code_of and (home or move.dst in rules.code_of):
        return rules.format_move(move, state)
    return rules.describe_move(move, state)


def atomic_steps(rules: Rules, state: State, move: Move) -> list[Move]:
    """``move`` as the single-card moves a player could make instead, each followed by
    the game's automatic moves: the same position in the end, or ``[move]`` itself where
    they would not reach it (then the line is still right, only not atomic).

    The game sends safe cards home after every move where its option says so: a card
    parked in a free cell on the way may go home before the step that would take it on
    (that step is then left out), and a step the plan made may be illegal after all."""
    if move.kind != MoveKind.MOVE or move.count < 2 or not rules.supermoves:
        return [move]
    plan = rules.single_steps(state, move)
    moved = []  # the card each step of the plan moves
    scratch = state.copy()
    for src, dst in plan:
        moved.append(scratch.piles[src][-1])
        scratch.piles[dst].append(scratch.piles[src].pop())
    homes = [name for name, role in rules.roles.items() if role == Role.FOUNDATION]
    steps = []
    position = state
    for (src, dst), card in zip(plan, moved):
        single = Move(MoveKind.MOVE, src, dst)
        if position.top(src) == card and rules.is_legal(position, single):
            steps.append(single)
            position = rules.successor(position, single)
        elif not any(card in position.piles[home] for home in homes):
            return [move]
    if position.key() != rules.successor(state, move).key():
        return [move]
    return steps


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
