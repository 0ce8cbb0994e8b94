"""The command line: show a deal, play moves in notation, check rules from outside.

Every mistake on the command line gives one line on stderr and exit code 2; an illegal
move in --moves gives its number and reason and exit code 1. Output cut short by its
reader (``main.py --solve | head``) ends quietly with exit code 141, as a Unix tool killed
by SIGPIPE does, so a script that checks can tell the output was not all read.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import re
import sys
import textwrap
from pathlib import Path
from typing import Any, NoReturn

from . import __version__, i18n
from .i18n import N_, _, thousands
from .model.game import DealError, Game, MoveListError
from .model.games import BROKEN, GAMES, UnknownGame, make_rules, unknown_game
from .model.options import OptionError
from .model.rules import MAX_DEAL
from .storage import replay_file

# The command as the player started it (main.py, Solitaire.pyw, python -m solitaire, the
# solitaire command, the packaged Solitaire): messages start with it and --help shows it.
# main() sets it from what solitaire/bootstrap.py saw.
PROG = "main.py"
BROKEN_PIPE_EXIT = 141  # 128 + SIGPIPE, what the shell reports for `yes | head`
SHORT_WORD = 40  # longer words are quoted as their first SHORT_WORD characters and "…"
# Any word this long in a message (a file path may come close) is cut to SHORT_WORD too.
LONG_WORD = re.compile(r"(['\"(]*)(\S{200,}?)(['\":),.]*)(?=\s|$)")


# argparse's own words (its usage line, its options heading, its errors) are looked up
# through argparse's module-level _(): pointed at the catalogue in build_parser.
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("unrecognized arguments: %s"),
    N_("expected one argument"),
    N_("argument %(argument_name)s: %(message)s"),
)


class CommandLineError(Exception):
    """A bad argument: reported in one line, exit code 2."""


class OneLineParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise CommandLineError(message)


def shorten(text: str) -> str:
    """``text`` as quoted in a message: at most SHORT_WORD characters and "…"."""
    return text if len(text) <= SHORT_WORD + 1 else text[:SHORT_WORD] + "…"


def one_line(message: str) -> str:
    """A message as one line of sensible length, whatever words it quotes."""
    message = " ".join(message.split())
    return LONG_WORD.sub(lambda said: said[1] + shorten(said[2]) + said[3], message)


def report(message: str, err) -> None:
    print(f"{PROG}: {one_line(message)}", file=err)


def invocation() -> str:
    """What to type to run the game the way it was started (a script needs its Python)."""
    return f"python {PROG}" if PROG.endswith((".py", ".pyw")) else PROG


def games_help() -> str:
    lines = [_("games, their rule options (--rule NAME=VALUE) and move notation:")]
    for game_id, cls in GAMES.items():
        lines.append(f"  {game_id:9} {_(cls.title)}: {_(cls.blurb)}")
        for spec in cls.option_specs:
            lines.append(
                "            "
                + _("--rule {name}={values} (default {default}): {meaning}").format(
                    name=spec.name,
                    values=spec.accepted(),
                    default=spec.format(spec.default),
                    meaning=_(spec.help),
                )
            )
        hint = _("moves: {notation}").format(notation=_(cls().notation_hint()))
        lines += textwrap.wrap(hint, 96, initial_indent=" " * 12, subsequent_indent=" " * 19)
    if BROKEN:
        lines += ["", _("game files that failed to load (left out):")]
        for broken in BROKEN.values():
            lines += textwrap.wrap(str(broken), 96, initial_indent="  ", subsequent_indent="    ")
    lines += [
        "",
        _("examples:"),
        _("  {command}   play (full screen)").format(command=invocation()),
    ]
    lines += [f"  {invocation()} --game {game_id} {cls.example}" for game_id, cls in GAMES.items()]
    return "\n".join(lines)


def build_parser() -> OneLineParser:
    # argparse's words in the player's language too (the stubs do not name its _)
    argparse._ = _  # type: ignore[attr-defined]
    parser = OneLineParser(
        prog=PROG,
        description=_(
            "Solitaire: classic patience games. Without --show, --moves, --status, "
            "--solve or --hint it opens the game full screen, with the game left last time "
            "(--game, --deal and --rule start that game instead). The window's own options are "
            "listed last."
        ),
        epilog=games_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"Solitaire {__version__}",
        help=_("show program's version number and exit"),
    )
    parser.add_argument(
        "--game", metavar="ID", help=_("one of: {games}").format(games=", ".join(GAMES))
    )
    parser.add_argument(
        "--deal",
        metavar="N",
        help=_("deal number 0..{largest} (default: random)").format(largest=thousands(MAX_DEAL)),
    )
    parser.add_argument(
        "--rule",
        metavar=_("NAME=VALUE"),
        action="append",
        default=[],
        help=_("a rule option of the game (repeat for several; see below)"),
    )
    parser.add_argument("--moves", metavar="'M1 M2 ...'", help=_("play these moves from the deal"))
    parser.add_argument("--show", action="store_true", help=_("print the position"))
    parser.add_argument(
        "--status",
        action="store_true",
        help=_("print won/lost/open, the score and the moves made"),
    )
    parser.add_argument(
        "--solve",
        action="store_true",
        help=_(
            "print a solution from the position, one move per line, the automatic moves as "
            "# comments (exit 0); or say it is proven not winnable (exit 1) or that the search "
            "gave up (exit 3: also when its line is longer than the game may still make)"
        ),
    )
    parser.add_argument(
        "--hint",
        action="store_true",
        help=_(
            "print the table's hint for the position in one line: the move in notation and in "
            "words (exit 0), or why there is none (exit 1)"
        ),
    )
    parser.add_argument(
        "--atomic",
        action="store_true",
        help=_("with --solve: multi-card moves as single-card steps"),
    )
    parser.add_argument(
        "--max-positions",
        metavar="N",
        type=positive(int, _("a whole number more than 0")),
        help=_(
            "with --solve: give up after N positions (default: the game's budget, the same "
            "as the table's partner uses, so both give the same verdict)"
        ),
    )
    parser.add_argument(
        "--max-memory",
        metavar="MB",
        type=positive(int, _("a whole number of megabytes more than 0")),
        help=_(
            "with --solve: give up when the process reaches MB megabytes (default {megabytes})"
        ).format(megabytes=SOLVE_MEMORY),
    )
    parser.add_argument(
        "--max-seconds",
        metavar="S",
        type=positive(float, _("a number of seconds more than 0")),
        help=_(
            "with --solve: also give up after S seconds (default: no limit; the answer then "
            "depends on the machine's speed)"
        ),
    )
    # How the window looks means nothing to a text command, which accepts and ignores it;
    # a file to record into or to replay is refused (combination_problem), never ignored.
    window = parser.add_argument_group(
        _("the window (the text commands ignore --windowed and --mono, and refuse the others)")
    )
    for option, settings in WINDOW_OPTIONS.items():
        words: dict[str, Any] = {
            key: _(settings[key]) for key in ("help", "metavar") if key in settings
        }
        window.add_argument(option, **{**settings, **words})
    return parser


WINDOW_OPTIONS: dict[str, dict[str, Any]] = {  # option: add_argument's keywords
    "--windowed": {"action": "store_true", "help": N_("start in a window, not full screen")},
    "--mono": {"action": "store_true", "help": N_("black and white (/B does the same)")},
    "--record": {
        "metavar": N_("FILE"),
        "type": Path,
        "help": N_("keep the moves you play in FILE, ready for --moves"),
    },
    "--replay": {
        "metavar": N_("FILE"),
        "type": Path,
        "help": N_(
            "watch a game exported with Ctrl+E, stepping with Left and Right, beside your "
            "game in progress"
        ),
    },
}


# What --solve may use of the process's memory unless --max-memory says otherwise.
SOLVE_MEMORY = 512


def combination_problem(args: argparse.Namespace) -> str | None:
    """Why the text command's options do not go together; None if they do. Nothing the
    player asked for is dropped without a word."""
    asked = next(
        (
            option
            for option, value in (
                ("--show", args.show),
                ("--moves", args.moves is not None),
                ("--status", args.status),
                ("--solve", args.solve),
                ("--hint", args.hint),
            )
            if value
        ),
        "--show",  # none of them: the position is shown
    )
    for option, value in (("--record", args.record), ("--replay", args.replay)):
        if value is not None:
            return _(
                "{asked} and {option} do not go together: {option} is for the game's window"
            ).format(asked=asked, option=option)
    if args.solve and args.hint:
        return _("--solve and --hint: one at a time")
    if not args.solve:
        solve_only = {
            "--atomic": args.atomic,
            "--max-positions": args.max_positions,
            "--max-memory": args.max_memory,
            "--max-seconds": args.max_seconds,
        }
        for option, value in solve_only.items():
            if value:
                return _("{option} goes with --solve").format(option=option)
    return None


def window_parser() -> OneLineParser:
    """The options of the game's window: --game, --deal, --rule and WINDOW_OPTIONS."""
    parser = OneLineParser(prog=PROG, add_help=False)
    parser.add_argument("--game")
    parser.add_argument("--deal")
    parser.add_argument("--rule", action="append", default=[])
    for option, settings in WINDOW_OPTIONS.items():
        parser.add_argument(option, **{k: v for k, v in settings.items() if k != "help"})
    return parser


def positive(kind: type, wanted: str):
    """An argparse type: a finite ``kind`` above 0 (nan, inf and -1 are refused)."""

    def convert(text: str):
        try:
            value = kind(text) if len(text) <= 30 else None
        except ValueError:
            value = None
        if value is None or not math.isfinite(value) or value <= 0:
            raise argparse.ArgumentTypeError(
                _("takes {wanted}, not '{given}'").format(wanted=wanted, given=shorten(text))
            )
        return value

    return convert


def parse_rule_options(pairs: list[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise CommandLineError(
                _("--rule takes NAME=VALUE, not '{given}'").format(given=shorten(pair))
            )
        options[name.strip().lower()] = value.strip()
    return options


def parse_deal(text: str | None) -> int:
    if text is None:
        return random.randint(0, MAX_DEAL)
    digits = text.strip()
    # Only 0-9: str.isdigit also accepts '³' and '٣', which int() refuses or reads oddly.
    if not re.fullmatch(r"[0-9]{1,7}", digits) or int(digits) > MAX_DEAL:
        raise CommandLineError(
            _("--deal takes a whole number from 0 to {largest}, not '{given}'").format(
                largest=thousands(MAX_DEAL), given=shorten(text)
            )
        )
    return int(digits)


def game_id_of(text: str) -> str:
    game_id = text.lower()
    if game_id not in GAMES:
        raise unknown_game(game_id, shown=shorten(text))
    return game_id


TEXT_COMMANDS = (
    "--show",
    "--moves",
    "--status",
    "--solve",
    "--hint",
    "--help",
    "-h",
    "--version",
)


def main(argv: list[str], prog: str | None = None) -> int:
    """Text commands when asked for, otherwise the game on screen. ``prog``: the command as
    it was started, for messages and --help (main.py when not said)."""
    global PROG
    if prog:
        PROG = prog
    i18n.choose(i18n.AUTOMATIC)  # the command line speaks the system's language
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):  # an ASCII-only terminal gets \\xe9, not a crash
            stream.reconfigure(errors="backslashreplace")
    if not any(arg.split("=")[0] in TEXT_COMMANDS for arg in argv):
        return play(argv)
    try:
        code = run(argv)
        sys.stdout.flush()  # a reader that stopped early is found here, not at exit
    except BrokenPipeError:
        # Nobody reads the rest: point stdout at nothing so the exit flush stays quiet.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return BROKEN_PIPE_EXIT
    return code


def play(argv: list[str], err=sys.stderr) -> int:
    parser = window_parser()
    try:
        # The DOS originals' /B switch (La Belle Lucie: A Solitaire Game, 1989, and CANFIELD
        # Solitaire 1.0, 1990): black and white.
        args = parser.parse_args(["--mono" if arg in ("/B", "/b") else arg for arg in argv])
        options = parse_rule_options(args.rule)
        if args.game is not None:
            make_rules(game_id_of(args.game), **options)  # check it before opening a window
        deal = None if args.deal is None else parse_deal(args.deal)
    except (CommandLineError, UnknownGame, OptionError) as error:
        report(_("{problem} (see --help)").format(problem=error), err)
        return 2
    if args.replay is not None:
        try:
            replay_file.read(args.replay)  # a damaged file is named before a window opens
        except (OSError, replay_file.ReplayError) as error:
            said = str(error)  # named once: the reader's messages may start with the path
            report(said if said.startswith(str(args.replay)) else f"{args.replay}: {said}", err)
            return 2
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from .ui.pygame_found import Pygame, pygame_found

    kind, where = pygame_found()
    if kind == Pygame.MISSING:
        report(
            _("pygame-ce is not installed: {advice} (the text commands work without it)").format(
                advice=setup_advice()
            ),
            err,
        )
        return 2
    if kind == Pygame.ORIGINAL:  # Debian's python3-pygame
        report(
            _(
                "the pygame found here ({found}) is not pygame-ce, which the game needs:"
                " {advice} (the text commands work without it)"
            ).format(found=where, advice=setup_advice()),
            err,
        )
        return 2
    from .ui.launch import run_app

    return run_app(args, deal, options, lambda message: report(message, err))


def setup_advice() -> str:
    """The README's setup, to be run in the folder that holds the game (its checkout)."""
    folder = Path(__file__).absolute().parent.parent
    if sys.platform == "win32":
        steps = "'py -m venv .venv', then '.venv\\Scripts\\pip install -r requirements.txt'"
    else:
        steps = "'python3 -m venv .venv && .venv/bin/pip install -r requirements.txt'"
    return _("in the game's folder ({folder}) run {steps}").format(folder=folder, steps=steps)


def run(argv: list[str], out=None, err=None) -> int:
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    try:
        args = build_parser().parse_args(["--mono" if arg in ("/B", "/b") else arg for arg in argv])
        problem = combination_problem(args)
        if problem is not None:
            raise CommandLineError(problem)
        if args.game is None:
            raise CommandLineError(
                _("--game is needed (one of: {games})").format(games=", ".join(GAMES))
            )
        rules = make_rules(game_id_of(args.game), **parse_rule_options(args.rule))
        deal = parse_deal(args.deal)
        game = Game(rules, deal)
    except (CommandLineError, UnknownGame, OptionError, DealError) as error:
        report(str(error), err)
        return 2
    if args.deal is None:
        print(f"deal {deal}", file=err)
    try:
        game.play_sequence((args.moves or "").split())
    except MoveListError as error:
        report(move_error(error), err)
        return 1
    if args.hint:
        return print_hint(game, out)
    if args.solve:
        return print_solution(game, args, out)
    if args.show or not args.status:
        print(game.show(), file=out)
    if args.status:
        status = game.status()
        print(
            f"status: {status.value}; score: {rules.score_text(game.state)}; "
            f"moves: {game.moves_made}",
            file=out,
        )
    return 0


def move_error(error: MoveListError) -> str:
    """``move N 'TEXT': reason``, the move named once (the reason may quote it again)."""
    # the quotation marks of any language: 'x9', „x9“, « x9 »
    quoted = re.compile(
        "['\"„“«‚‘]\\s?" + re.escape(error.text.strip()) + "\\s?['\"“”»‘’]( ?: )?", re.IGNORECASE
    )
    reason = quoted.sub(lambda said: "" if said.group(1) else _("that"), error.reason)
    return _("move {number} '{move}': {reason}").format(
        number=error.number, move=shorten(error.text), reason=reason
    )


def print_hint(game: Game, out) -> int:
    """--hint: what the Hint button says at the table for this position."""
    from .solver.thinker import hint_for, settled_answer

    rules, state = game.rules, game.state
    hint = hint_for(rules, state, settled_answer(rules, state))
    print(hint.line(rules, state), file=out)
    return 1 if hint.move is None else 0


def print_solution(game: Game, args, out) -> int:
    """--solve: every move to the win, the game's automatic ones as # comments."""
    from .solver.solve import SOLVED, UNSOLVABLE, solution, solve_game

    if args.show:
        print(game.show(), file=out)
    verdict = solve_game(
        game.rules,
        game.state,
        max_positions=args.max_positions,
        max_memory=(args.max_memory or SOLVE_MEMORY) << 20,
        max_seconds=args.max_seconds,
    )
    verdict, lines = solution(game, verdict, atomic=args.atomic)
    if verdict.status == SOLVED:
        for line in lines:
            print(line, file=out)
        played = sum(1 for line in lines if not line.startswith("#"))
        print(
            f"# solved: {played} moves to play, {len(lines) - played} automatic, "
            f"{verdict.positions:,} positions, {verdict.seconds:.2f} s",
            file=out,
        )
        return 0
    if verdict.status == UNSOLVABLE:
        print(
            f"# not winnable from here: proven after {verdict.positions:,} positions, "
            f"{verdict.seconds:.2f} s",
            file=out,
        )
        return 1
    reason = verdict.gave_up.value if verdict.gave_up else "positions"
    print(
        f"# gave up ({reason}): no verdict after {verdict.positions:,} positions, "
        f"{verdict.seconds:.2f} s",
        file=out,
    )
    return 3
