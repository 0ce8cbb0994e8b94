"""Screenshots of every game and screen, made on demand.

The repository keeps only a few of them in docs/screenshots/: every game's table and the
chooser full screen at 1920x1080 (the README shows five), each squeezed losslessly with
`optipng -o2`. This makes those and the rest when wanted: every table, the chooser and
help at each size below, and every other screen (--screens), into docs/screenshots/ or
OUTDIR.

Each size is taken full screen on an X server of exactly that size, as a player sees it
(a window is never smaller than 800x600, a screen may be):

    for size in 640x480 800x600 1366x768 1920x1080 3840x2160; do
        Xvfb :99 -screen 0 ${size}x24 & sleep 1
        DISPLAY=:99 python tools/screenshots.py [outdir]; kill %1; wait
    done
    Xvfb :99 -screen 0 1280x800x24 & DISPLAY=:99 python tools/screenshots.py --screens

``--chooser-with N`` takes the chooser alone, with copies of the games under test ids
added up to N games (how it looks with more games than there are yet); such a picture is
never one to keep.

Each picture is the game's own window surface after a real frame was drawn.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from solitaire.model.autoplay import next_move
from solitaire.model.cards import parse_card
from solitaire.model.games import GAMES
from solitaire.model.state import State
from solitaire.model.vocabulary import Family
from solitaire.ui.app import App
from solitaire.ui.library import Library
from solitaire.ui.screens.help_screen import HelpOverlay
from solitaire.ui.screens.overlays import (
    ConfirmOverlay,
    InfoOverlay,
    NumberEntry,
    OptionsOverlay,
    WinOverlay,
    info_lines,
)

DEAL = 3  # every game's table in the pictures shows this deal, a few moves in


def played(app: App, game_id: str, deal: int, moves: int = 8, **options) -> None:
    """Open a game and let the auto-player make a few moves, for a table in play, and let
    the partner reach its verdict."""
    app.open_game(game_id, deal, options or None, animate=False)
    if app.overlays and isinstance(app.overlays[-1], ConfirmOverlay):
        app.overlays[-1].answer(True)  # the game left counts as a loss: deal again
    table = app.table
    seen = {table.state.key()}
    for _ in range(moves):
        move = next_move(table.rules, table.state, seen)
        if move is None:
            break
        table.game.play(move)
        seen.add(table.state.key())
    table.tally.seconds = 83
    table.partner.position_changed()
    app.wait_for_partner()


def save(app: App, path: Path) -> None:
    if app.table is not None:
        app.table.flights.finish()
    app.dirty = True
    app.step(sleep=False)
    app.draw()
    pygame.image.save(app.window.surface, str(path))
    print(path)


def every_picture_made(app: App) -> None:
    """The chooser's first frame, then the frames that bring its tables' pictures; the
    first game selected (not the one under the X server's pointer, in mid-screen)."""
    pygame.mouse.set_pos((0, 0))
    app.draw()
    while app.busy():
        app.step(sleep=False)
    app.screen.select(0)


def tables(out: Path) -> None:
    """Every registered game's table, and the chooser and help, full screen."""
    app = App(fullscreen=True, library=Library(Path(tempfile.mkdtemp())))
    app.window.finish_opening()
    app.resize()
    size = app.window.size
    name = f"{size[0]}x{size[1]}"
    every_picture_made(app)
    save(app, out / f"chooser-{name}.png")
    for game_id in GAMES:
        played(app, game_id, DEAL)
        save(app, out / f"{game_id}-{name}.png")
    app.open_overlay(HelpOverlay(app, app.table.rules))
    save(app, out / f"help-{name}.png")
    pygame.quit()


def chooser_with(out: Path, count: int) -> None:
    """The chooser with copies of the games added up to ``count``, spread over the
    families, full screen."""
    originals, families = list(GAMES.values()), list(Family)
    for n in range(count - len(originals)):
        original = originals[n % len(originals)]
        fields = {
            "game_id": f"test-copy-{n}",
            "title": f"Test Copy {n} of {original.title}",
            "family": families[n % len(families)],
        }
        GAMES[fields["game_id"]] = type(f"TestCopy{n}", (original,), fields)
    app = App(fullscreen=True, library=Library(Path(tempfile.mkdtemp())))
    app.window.finish_opening()
    app.resize()
    every_picture_made(app)
    size = app.window.size
    save(app, out / f"chooser-{count}-games-{size[0]}x{size[1]}.png")
    pygame.quit()


def screens(out: Path) -> None:
    app = App(fullscreen=False, size=(1280, 800), library=Library(Path(tempfile.mkdtemp())))
    played(app, "merci", 3)
    app.open_overlay(OptionsOverlay(app, app.table))
    save(app, out / "options.png")
    app.overlays.clear()
    app.open_quit_menu()
    save(app, out / "quit-menu.png")
    app.overlays.clear()
    played(app, "vierfrei", 1)
    app.open_overlay(NumberEntry(app, lambda number: None))
    app.overlays[-1].digits = "11982"
    save(app, out / "game-number.png")
    app.overlays.clear()
    played(app, "canfield", 5)
    app.open_overlay(InfoOverlay(app, info_lines("Canfield")))
    save(app, out / "info.png")
    app.overlays.clear()
    played(app, "prince", 2, moves=0)
    app.table.help.show_hint()
    save(app, out / "hint.png")
    for outcome in range(14):  # a history of results for the statistics screen
        table = app.table
        plan = list(table.partner.plan)
        for move in plan if outcome % 3 == 0 else plan[: 30 + outcome * 4]:
            table.game.play(move)
        table.tally.seconds, table.tally.assisted = 200 + outcome * 7, outcome % 5 == 0
        played(app, "prince", 2, moves=0)  # the new deal counts the one left
    app.open_stats()
    save(app, out / "statistics.png")

    app.overlays.clear()
    won(app)
    for _ in range(240):  # four seconds of bouncing cards
        app.update(1 / 60)
        app.draw()
    save(app, out / "win.png")
    app.overlays.clear()
    played(app, "lucie", 3)
    app.table.input.typed = "QS"
    stuck = app.table.state.top("t2")
    app.table.help.point_at(stuck, 1e9)
    app.table.say(f"The {stuck.name} cannot move anywhere now.", 1e9)
    save(app, out / "card-finder.png")
    app.set_look("mono", True)
    played(app, "canfield", 5)
    save(app, out / "black-and-white.png")
    app.set_look("mono", False)
    app.set_look("four_color", True)
    app.set_look("back", "red diamonds")
    app.set_look("table", "walnut")
    played(app, "prince", 6)
    save(app, out / "four-colour-walnut.png")
    pygame.quit()


def won(app: App) -> None:
    """A lucie game one card from the end, and that card played."""
    app.open_game("lucie", 3, animate=False)
    table = app.table
    piles = {name: [] for name in table.state.piles}
    for suit in "CDHS":
        piles["f" + suit] = [parse_card(rank + suit) for rank in "A23456789TJQK"]
    piles["t1"] = [piles["fS"].pop()]
    table.game.state = State(piles, table.state.values)
    table.input.play_typed("KS")
    assert isinstance(app.overlays[-1], WinOverlay)


def main() -> None:
    args = sys.argv[1:]
    folders = [arg for arg in args if not arg.startswith("--") and not arg.isdigit()]
    out = Path(folders[0]) if folders else ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    if "DISPLAY" not in os.environ:
        raise SystemExit("run this under an X server (DISPLAY is not set)")
    if "--screens" in args:
        screens(out)
    elif "--chooser-with" in args:
        chooser_with(out, int(args[args.index("--chooser-with") + 1]))
    else:
        tables(out)


if __name__ == "__main__":
    main()
