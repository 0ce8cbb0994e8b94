"""Write data/solitaire.6, the manual page, from the same parser as --help.

The options, their words and the games' rule options and notation come from
``solitaire.cli.build_parser()``, so the page says what ``--help`` says; only the page's
own sections (exit status, files, see also) are written here. A test checks that the
committed page is this script's output: run it after changing an option, a game or its
help (`python tools/make_manpage.py`).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from xml.etree import ElementTree

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solitaire import APP_ID, __version__, cli, i18n
from solitaire.model.games import GAMES

PAGE = ROOT / "data" / "solitaire.6"
METAINFO = ROOT / "data" / f"{APP_ID}.metainfo.xml"
COMMAND = "solitaire"

EXIT_STATUS = (
    ("0", "the game closed normally, or the text command did what it was asked"),
    (
        "1",
        (
            "--solve: the position is proven not winnable; --hint: no move to give; --moves: a"
            " move could not be played"
        ),
    ),
    ("2", "the command line could not be used (a word, a number, a file or a combination)"),
    ("3", "--solve gave up (its budget, memory or time ran out)"),
    ("141", "a reader stopped early (as `--solve | head`)"),
)
FILES = (
    (
        "~/.local/share/Solitaire Studio/Solitaire/",
        (
            "games in progress (game-ID.json), statistics (stats.json), settings"
            " (settings.json) and exported replays (replays/); $XDG_DATA_HOME/Solitaire"
            " Studio/Solitaire/ when XDG_DATA_HOME is an absolute path"
        ),
    ),
    (
        "~/.cache/Solitaire/",
        "card pictures kept for a faster start; $XDG_CACHE_HOME/Solitaire/ when set",
    ),
)
SEE_ALSO = "sol(6), kpat(6), fc-solve(6)"


def escaped(text: str) -> str:
    """Text as roff prints it: backslashes and hyphens as themselves, no line read as a
    request."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return re.sub(r"^([.'])", r"\\&\1", text, flags=re.MULTILINE)


def release_date() -> str:
    """The date of the newest release in the metainfo: the page's date follows releases."""
    releases = ElementTree.parse(METAINFO).getroot().find("releases")
    newest = releases[0] if releases is not None and len(releases) else None
    return newest.get("date", "") if newest is not None else ""


def option_lines(action: argparse.Action) -> list[str]:
    names = ", ".join(f"\\fB{escaped(name)}\\fR" for name in action.option_strings)
    if action.metavar is not None or action.nargs != 0:
        names += f" \\fI{escaped(str(action.metavar or action.dest.upper()))}\\fR"
    help_text = (action.help or "") % {"prog": COMMAND}
    return [".TP", names, escaped(help_text)]


def options_section(parser: argparse.ArgumentParser) -> list[str]:
    lines = []
    for group in parser._action_groups:  # argparse keeps its groups only here
        actions = [action for action in group._group_actions if action.option_strings]
        if not actions:
            continue
        title = group.title or "options"
        lines.append(f".SH {escaped(title.upper() if title == 'options' else title)}")
        for action in actions:
            lines += option_lines(action)
    return lines


def games_section() -> list[str]:
    lines = [".SH GAMES"]
    for game_id, cls in GAMES.items():
        lines += [".TP", f"\\fB{escaped(game_id)}\\fR", escaped(f"{cls.title}: {cls.blurb}")]
        for spec in cls.option_specs:
            rule = (
                f"{spec.name}={spec.accepted()} (default {spec.format(spec.default)}): {spec.help}"
            )
            lines += [".br", f"\\fB\\-\\-rule\\fR {escaped(rule)}"]
        lines += [".br", escaped(f"Moves: {cls().notation_hint()}")]
        lines += [".br", f"Example: \\fB{COMMAND} \\-\\-game {escaped(game_id)}\\fR"]
        lines[-1] += f" {escaped(cls.example)}"
    return lines


def listed(title: str, entries) -> list[str]:
    lines = [f".SH {title}"]
    for name, meaning in entries:
        lines += [".TP", f"\\fB{escaped(name)}\\fR", escaped(meaning)]
    return lines


def page() -> str:
    i18n.choose(i18n.SOURCE_LANGUAGE)  # the page is English, whatever the machine speaks
    named, cli.PROG = cli.PROG, COMMAND  # the page names the installed command
    try:
        parser = cli.build_parser()
    finally:
        cli.PROG = named
    usage = parser.format_usage().removeprefix("usage: ").split()
    lines = [
        f'.TH SOLITAIRE 6 "{release_date()}" "Solitaire {__version__}" "Games"',
        ".SH NAME",
        f"{COMMAND} \\- classic patience games: {len(GAMES)} of them, with a computer partner",
        ".SH SYNOPSIS",
        f"\\fB{COMMAND}\\fR {escaped(' '.join(usage[1:]))}",
        ".SH DESCRIPTION",
        escaped(parser.description or ""),
        ".PP",
        escaped(
            "In the game, F1 or H shows the rules and keys of the game on the table; F11 or"
            " Alt+Enter switches between full screen and a window; Ctrl+Z and Ctrl+Y undo and"
            " redo; B, or the key left of 1, hides the game at once (where a game's typed"
            " moves use a b, only the key left of 1)."
        ),
        *options_section(parser),
        *games_section(),
        *listed("EXIT STATUS", EXIT_STATUS),
        *listed("FILES", FILES),
        ".SH SEE ALSO",
        escaped(SEE_ALSO),
    ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    PAGE.write_text(page(), encoding="utf-8")
    print(f"wrote {PAGE.relative_to(ROOT)}")
