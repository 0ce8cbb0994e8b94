"""The command line: show a deal, play moves in notation, check rules from outside.

Every mistake on the command line gives one line on stderr and exit code 2; an illegal
move in --moves gives its number and reason and exit code 1.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

from . import __version__, replay_file
from .model.game import DealError, Game, MoveListError
from .model.games import GAMES, UnknownGame, make_rules
from .model.options import OptionError
from .model.rules import MAX_DEAL

NOTATION = {
    "lucie": "a card (TC: to its foundation, else onto the next higher card of its suit), "
    "or a card with a destination (TC-F, TC-7 for fan 7); a covered card names the draw; "
    "S reshuffles",
    "merci": "as lucie; a covered card with a destination is a merci (QH-3, QH-F)",
    "prince": "from/to: columns 1-9, reserve a-g, h home, hc hd hh hs from a foundation "
    "(54, a3, 2h, hs5, 54v2 for two cards); L lays off every card that can go home",
    "canfield": "origin 1 or S (reserve), 2-5 (tableau), W (waste); destination 2-5 or F "
    "(W2, S4, 3F, 23); N turns the hand",
    "vierfrei": "FreeCell notation: columns 1-8, cells a-d, h home (3a, a5, 8h, 54); "
    "54v3 moves three cards; # plays every safe card home",
}


class CommandLineError(Exception):
    """A bad argument: reported in one line, exit code 2."""


class OneLineParser(argparse.ArgumentParser):
    def error(self, message: str) -> None:
        raise CommandLineError(message)


def games_help() -> str:
    lines = ["games, their rule options (--rule NAME=VALUE) and move notation:"]
    for game_id, cls in GAMES.items():
        lines.append(f"  {game_id:9} {cls.title}: {cls.blurb}")
        for spec in cls.option_specs:
            lines.append(f"            --rule {spec.describe()}")
        lines.append(f"            moves: {NOTATION[game_id]}")
    lines += [
        "",
        "examples:",
        "  python main.py                                   play (full screen)",
        "  python main.py --game vierfrei --deal 1 --show   print Microsoft deal #1",
        "  python main.py --game vierfrei --deal 1 --moves '6a 6b 6h' --show",
        "  python main.py --game merci --rule redeals=unlimited --rule kings=on --deal 7 --show",
        "  python main.py --game canfield --rule mode=2 --deal 5 --moves 'N N W2' --status",
    ]
    return "\n".join(lines)


def build_parser() -> OneLineParser:
    parser = OneLineParser(
        prog="main.py",
        description="Solitaire: five classic patience games. Without --show, --moves or "
        "--status it opens the game full screen (--windowed for a window; --mono or /B for "
        "black and white; --game, --deal and --rule start that game; --record FILE keeps "
        "the moves you play in FILE, replayable with --moves; --replay FILE shows an exported "
        "game to step through with the arrow keys).",
        epilog=games_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"Solitaire {__version__}")
    parser.add_argument("--game", metavar="ID", help="one of: " + ", ".join(GAMES))
    parser.add_argument(
        "--deal", metavar="N", help=f"deal number 0..{MAX_DEAL:,} (default: random)"
    )
    parser.add_argument(
        "--rule",
        metavar="NAME=VALUE",
        action="append",
        default=[],
        help="a rule option of the game (repeat for several; see below)",
    )
    parser.add_argument("--moves", metavar="'M1 M2 ...'", help="play these moves from the deal")
    parser.add_argument("--show", action="store_true", help="print the position")
    parser.add_argument(
        "--status", action="store_true", help="print won/lost/open, the score and the moves made"
    )
    parser.add_argument(
        "--solve",
        action="store_true",
        help="print a solution from the position, one move per line, the automatic moves as "
        "# comments (exit 0); or say it is proven not winnable (exit 1) or that the search "
        "gave up (exit 3)",
    )
    parser.add_argument(
        "--atomic", action="store_true", help="with --solve: multi-card moves as single-card steps"
    )
    parser.add_argument(
        "--max-seconds",
        metavar="S",
        type=float,
        default=60.0,
        help="with --solve: give up after S seconds (default 60)",
    )
    parser.add_argument(
        "--max-positions",
        metavar="N",
        type=int,
        default=2_000_000,
        help="with --solve: give up after N positions (default 2,000,000)",
    )
    return parser


def parse_rule_options(pairs: list[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise CommandLineError(f"--rule takes NAME=VALUE, not '{pair}'")
        options[name.strip().lower()] = value.strip()
    return options


def parse_deal(text: str | None) -> int:
    if text is None:
        return random.randint(0, MAX_DEAL)
    if not text.strip().isdigit() or int(text) > MAX_DEAL:
        raise CommandLineError(f"--deal takes a whole number from 0 to {MAX_DEAL:,}, not '{text}'")
    return int(text)


TEXT_COMMANDS = ("--show", "--moves", "--status", "--solve", "--help", "-h", "--version")


def main(argv: list[str]) -> int:
    """Text commands when asked for, otherwise the game on screen."""
    if any(arg.split("=")[0] in TEXT_COMMANDS for arg in argv):
        return run(argv)
    return play(argv)


def play(argv: list[str], err=sys.stderr) -> int:
    parser = OneLineParser(prog="main.py", add_help=False)
    parser.add_argument("--game")
    parser.add_argument("--deal")
    parser.add_argument("--rule", action="append", default=[])
    parser.add_argument("--windowed", action="store_true")
    parser.add_argument("--mono", action="store_true")
    parser.add_argument("--record", type=Path)
    parser.add_argument("--replay", type=Path)
    try:
        # The DOS originals' /B switch (seeds 000 and 003): black and white.
        args = parser.parse_args(["--mono" if arg in ("/B", "/b") else arg for arg in argv])
        options = parse_rule_options(args.rule)
        if args.game is not None:
            make_rules(args.game.lower(), **options)  # check it before opening a window
        deal = None if args.deal is None else parse_deal(args.deal)
    except (CommandLineError, UnknownGame, OptionError) as error:
        print(f"main.py: {error} (see --help)", file=err)
        return 2
    if args.replay is not None:
        try:
            replay_file.read(args.replay)  # a damaged file is named before a window opens
        except (OSError, replay_file.ReplayError) as error:
            print(f"main.py: {args.replay}: {error}", file=err)
            return 2
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        from .ui.launch import run_app
    except ImportError as error:
        if "pygame" not in (error.name or str(error)):
            raise  # something else is broken: not a missing pygame
        print(
            "main.py: pygame-ce is not installed: run "
            "'python3 -m pip install -r requirements.txt' (the text commands work without it)",
            file=err,
        )
        return 2
    return run_app(args, deal, options, err)


def run(argv: list[str], out=sys.stdout, err=sys.stderr) -> int:
    try:
        args = build_parser().parse_args(argv)
        if args.game is None:
            raise CommandLineError("--game is needed (one of: " + ", ".join(GAMES) + ")")
        rules = make_rules(args.game.lower(), **parse_rule_options(args.rule))
        deal = parse_deal(args.deal)
        game = Game(rules, deal)
    except (CommandLineError, UnknownGame, OptionError, DealError) as error:
        print(f"main.py: {error}", file=err)
        return 2
    if args.deal is None:
        print(f"deal {deal}", file=err)
    try:
        game.play_sequence((args.moves or "").split())
    except MoveListError as error:
        print(f"main.py: {error}", file=err)
        return 1
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


def print_solution(game: Game, args, out) -> int:
    """--solve: every move to the win, the game's automatic ones as # comments."""
    from .solver.solve import SOLVED, UNSOLVABLE, solution_lines, solve_game

    if args.max_seconds <= 0 or args.max_positions <= 0:
        print("main.py: --max-seconds and --max-positions must be more than 0", file=sys.stderr)
        return 2
    if args.show:
        print(game.show(), file=out)
    verdict = solve_game(
        game.rules, game.state, max_seconds=args.max_seconds, max_positions=args.max_positions
    )
    if verdict.status == SOLVED:
        lines = solution_lines(game, verdict.moves, atomic=args.atomic)
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
    print(
        f"# gave up: no verdict after {verdict.positions:,} positions, {verdict.seconds:.2f} s",
        file=out,
    )
    return 3
