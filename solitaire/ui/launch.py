"""Opening the game's window from the command line's choices."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import i18n
from ..i18n import _
from .app import App, prepare_environment
from .library import Library
from .platform.instance import PATIENCE, Instance, Reply, find_first_copy
from .platform.window import open_display


def run_app(args, deal: int | None, options: dict, report: Callable[[str], None]) -> int:
    """Open the window and play; the exit status. ``report`` tells the player (on the
    command line's error stream, as the command line words its messages) why not."""
    try:
        prepare_environment()  # SDL's hints, read when the display opens
        problem = open_display()  # before anything in the data folder is read or written
    except pygame.error as error:
        problem = str(error)
    if problem is not None:
        report(
            _("cannot open a window ({problem}); the text commands still work, see --help").format(
                problem=problem
            )
        )
        return 2
    folder, _problem = Library.folder_path()
    if folder is not None:  # what is said from here on, in the language the player chose
        i18n.choose(Library.chosen_language(folder))
    instance = Instance(folder) if folder is not None else None
    if instance is not None and not instance.claim():
        reply = find_first_copy(instance)
        if reply == Reply.SHOWN:
            pygame.quit()
            print(_("Solitaire is already running: its window was brought to the front."))
            return 0
        if reply is not None:
            pygame.quit()
            report(
                _(
                    "Solitaire is already running with this player's games ({folder}) but does"
                    " not answer (stopped, or too busy for {seconds} s): close that copy,"
                    " or wait and start again"
                ).format(folder=folder, seconds=f"{PATIENCE:.0f}")
            )
            return 2
        print(_("The copy that held this player's games is gone: this one takes over."))
    if instance is not None:
        instance.listen()  # from now on: a copy started this instant finds this one
    try:
        return _play(args, deal, options, report, instance)
    finally:
        if instance is not None:
            instance.release()


def _play(
    args, deal: int | None, options: dict, report: Callable[[str], None], instance: Instance | None
) -> int:
    try:
        app = App(fullscreen=False if args.windowed else None, mono=args.mono, record=args.record)
    except pygame.error as error:
        report(
            _("cannot open a window ({problem}); the text commands still work").format(
                problem=error
            )
        )
        return 2
    if instance is not None:
        instance.shown(app.bring_to_front)
    if args.replay is not None:
        app.open_replay(args.replay)
    elif args.game is not None:
        app.open_game(args.game.lower(), deal, options, animate=False)
    elif app.last_game is not None:
        app.open_game(app.last_game, animate=False)  # back to the game left last time
    app.run()
    pygame.quit()
    return 0
