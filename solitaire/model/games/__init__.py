"""The registry of games: every game file in this folder, found by itself.

A game is a ``Rules`` subclass with a ``game_id``, defined in a module of this package;
dropping such a file in is all a new game takes. Games are listed by their ``order``,
then by title (the chooser's order within each family). Every game's definition is checked as it is loaded
(``definition_problems``: every word it names is one of the vocabulary's). A file that
fails to load or to pass is left out and ``BROKEN`` says why, so one bad file cannot stop
the other games from starting; the chooser, ``--help`` and ``--game`` name it.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
import traceback
from dataclasses import dataclass
from pathlib import Path

from ...i18n import _
from ..game import Game
from ..moves import Move, MoveKind
from ..options import resolve_options
from ..rules import HOME, Rules
from ..state import State
from ..vocabulary import (
    Build,
    DoubleClick,
    Family,
    Outline,
    RefusalSound,
    RightClick,
    Role,
    Spread,
    Typing,
    action_problem,
)

# Where the modules that Rules.solver names live.
SOLVER_PACKAGE = __name__.rsplit(".model.", 1)[0] + ".solver"


class UnknownGame(ValueError):
    pass


@dataclass(frozen=True)
class BrokenGame:
    """A game file that did not load, and why."""

    file: str  # its file name in this folder
    reason: str
    game_id: str | None = None  # known if the file loaded but its definition is wrong

    def names(self, wanted: str) -> bool:
        """Whether ``wanted`` (a --game ID) means this file's game."""
        return wanted in (self.game_id, Path(self.file).stem)

    def __str__(self) -> str:
        game = f" (game '{self.game_id}')" if self.game_id else ""
        return f"{self.file}{game}: {self.reason}"


def definition_problems(cls: type[Rules]) -> list[str]:
    """What is wrong with a game's definition (with its default options): each problem
    names the attribute and the words it may be; [] if nothing is."""
    try:
        rules = cls()
        roles = rules.layout_roles()
        arrangement = rules.arrangement()
    except Exception as error:  # noqa: BLE001 - any error in a game's definition: told
        return [f"{type(error).__name__}: {error}"]
    problems = [Role.problem("a role in layout_roles()", role) for role in roles]
    problems += [
        Build.problem("build", rules.build),
        Typing.problem("typing", rules.typing),
        RightClick.problem("right_click", rules.right_click),
        DoubleClick.problem("double_click", rules.double_click),
        RefusalSound.problem("refusal_sound", rules.refusal_sound),
        Family.problem("family", rules.family),
    ]
    piles = ", ".join(rules.roles)
    for slot in arrangement.slots:
        if slot.pile not in rules.roles:
            problems.append(f"arrangement() places {slot.pile!r}, not one of its piles: {piles}")
        problems.append(Spread.problem(f"the spread of pile {slot.pile}", slot.spread))
        problems.append(Outline.problem(f"the outline of pile {slot.pile}", slot.outline))
    for pile, over in rules.covered_by.items():
        for name in (pile, *over):
            if name not in rules.roles:
                problems.append(f"covered_by names {name!r}, not one of its piles: {piles}")
        if pile in over:
            problems.append(f"covered_by[{pile!r}] names the pile itself")
    for code, pile in rules.codes.items():
        if pile != HOME and pile not in rules.roles:
            problems.append(f"codes[{code!r}] is {pile!r}, not one of its piles: {piles}, {HOME}")
    problems.append(_solver_problem(rules.solver))
    choices = {spec.name for spec in rules.option_specs if spec.choices}
    if rules.breakdown_option is not None and rules.breakdown_option not in choices:
        names = ", ".join(sorted(choices)) or "none"
        problems.append(
            f"breakdown_option is {rules.breakdown_option!r}, not a choice option ({names})"
        )
    for button in rules.buttons:
        what = f"the action of button {button.label!r}"
        problems.append(action_problem(what, button.action, choices))
        if button.enabled_by is not None and not isinstance(button.enabled_by, MoveKind):
            kind = button.enabled_by
            problems.append(f"button {button.label!r} is enabled_by {kind!r}, not a MoveKind")
    for key, action in rules.key_actions.items():
        problems.append(action_problem(f"key_actions[{key!r}]", action, choices))
    for word, action in rules.typed_words.items():
        problems.append(action_problem(f"typed_words[{word!r}]", action, choices))
    return [problem for problem in problems if problem]


# The brute-force check of a game's move generation costs some 5 ms a game, too much for
# every launch (the launch's budget is 150 ms): tests/model/test_move_generation.py runs
# it on every registered game, after the deal and after some seeded random moves.
CHECKED_MOVES = 8


def move_generation_problems(rules: Rules, deals: tuple[int, ...]) -> list[str]:
    """Where ``Rules.candidate_moves`` misses a legal move, or offers one twice: its moves
    compared with every move tried by brute force (each pile onto each, each count; in a
    pairing game each card with each, and alone) on each of ``deals`` and some seeded
    random moves into it."""
    try:
        for number in deals:
            state = Game(rules, number).state
            problem = _generation_problem(rules, state)
            chance = random.Random(number)
            for _ in range(CHECKED_MOVES):
                moves = rules.legal_moves(state)
                if not moves:
                    break
                state = rules.successor(state, chance.choice(moves))
            problem = problem or _generation_problem(rules, state)
            if problem:
                return [problem]
        return []
    except Exception as error:  # noqa: BLE001 - any error in a game's moves: told
        return [f"its moves raised {type(error).__name__}: {error}"]


def _generation_problem(rules: Rules, state: State) -> str | None:
    kinds = (MoveKind.MOVE, MoveKind.PAIR, MoveKind.DISCARD)
    listed = [move for move in rules.legal_moves(state) if move.kind in kinds]
    found = {_unordered(move) for move in listed}
    if len(found) < len(listed):
        return "candidate_moves offers a move twice"
    piles = list(state.piles)
    tried = [
        Move(MoveKind.MOVE, src, dst, count)
        for src in piles
        for dst in piles
        for count in range(1, len(state.piles[src]) + 1)
    ]
    if rules.discard_pile:
        tried += [Move(MoveKind.DISCARD, src, rules.discard_pile) for src in piles]
        tried += [
            Move(MoveKind.PAIR, src, rules.discard_pile, partner=other)
            for src in piles
            for other in piles
        ]
    legal = {_unordered(move) for move in tried if rules.problem(state, move) is None}
    missed = sorted(legal - found, key=str)
    if missed:
        return f"candidate_moves misses the legal move {missed[0]}"
    return None


def _unordered(move: Move) -> Move:
    """A PAIR with its two piles in one order: either order is the same move."""
    if move.kind == MoveKind.PAIR and move.partner < move.src:
        return Move(move.kind, move.partner, move.dst, partner=move.src)
    return move


def _solver_problem(name: object) -> str | None:
    """Why ``name`` is not a solver module of the solver package; None if it is. Only
    looked up in the package's folder, less its shared parts (``SHARED``): the model
    imports no solver module."""
    package = importlib.import_module(SOLVER_PACKAGE)
    modules = sorted(
        info.name
        for info in pkgutil.iter_modules(package.__path__)
        if info.name not in package.SHARED
    )
    if isinstance(name, str) and name in modules:
        return None
    return f"solver is {name!r}, not a module of {SOLVER_PACKAGE}: {', '.join(modules)}"


def _import_problem(error: Exception, path: Path) -> str:
    """An error loading a game file, with the file's line that raised it where known."""
    line = getattr(error, "lineno", None) if isinstance(error, SyntaxError) else None
    if line is None:
        frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == str(path)]
        if frames:
            line = frames[-1].lineno
            source = (frames[-1].line or "").strip()
            if source:
                return f"line {line} ({source}): {type(error).__name__}: {error}"
    where = f"line {line}: " if line else ""
    return f"{where}{type(error).__name__}: {error}"


def _discover() -> tuple[dict[str, type[Rules]], dict[str, BrokenGame]]:
    found: list[tuple[str, type[Rules]]] = []
    broken: dict[str, BrokenGame] = {}
    for module_info in pkgutil.iter_modules(__path__):
        name = f"{__name__}.{module_info.name}"
        file = f"{module_info.name}.py"
        try:
            module = importlib.import_module(name)
        except Exception as error:  # noqa: BLE001 - any error in a game file: leave it out
            # The folder the file was found in (a file system's finder has one).
            path = Path(getattr(module_info.module_finder, "path", "")) / file
            broken[file] = BrokenGame(file, _import_problem(error, path))
            continue
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, Rules)
                and value.__module__ == name
                and value.game_id
            ):
                found.append((file, value))
    games: dict[str, type[Rules]] = {}
    for file, cls in sorted(found, key=lambda pair: (pair[1].order, pair[1].title)):
        if cls.game_id in games:
            reason = f"game id '{cls.game_id}' is taken already"
            broken[file] = BrokenGame(file, reason, cls.game_id)
            continue
        problems = definition_problems(cls)
        if problems:
            broken[file] = BrokenGame(file, f"{cls.__name__}: " + "; ".join(problems), cls.game_id)
            continue
        games[cls.game_id] = cls
    return games, broken


GAMES, BROKEN = _discover()


def unknown_game(game_id: object, shown: str | None = None) -> UnknownGame:
    """The error for a game id that is not a game: a file that failed to load is named
    with its reason, else the games there are. ``shown``: the id as a message quotes it."""
    broken = next(
        (entry for entry in BROKEN.values() if isinstance(game_id, str) and entry.names(game_id)),
        None,
    )
    if broken is not None:
        return UnknownGame(
            _("game '{game}' did not load: {problem}").format(game=game_id, problem=broken)
        )
    shown = str(game_id) if shown is None else shown
    games = ", ".join(GAMES)
    if BROKEN:
        return UnknownGame(
            _("unknown game '{game}' (games: {games}; not loaded: {broken})").format(
                game=shown, games=games, broken=", ".join(BROKEN)
            )
        )
    return UnknownGame(_("unknown game '{game}' (games: {games})").format(game=shown, games=games))


def make_rules(game_id: str, /, **options: object) -> Rules:
    """The rules of a game with its options; UnknownGame or OptionError if they are wrong
    (an option name the game does not have is told before any is used)."""
    try:
        cls = GAMES[game_id]
    except (KeyError, TypeError):
        raise unknown_game(game_id) from None
    resolve_options(cls.option_specs, options)
    return cls(**options)
