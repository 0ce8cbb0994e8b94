"""Opening the game's window from the command line's choices."""

from __future__ import annotations

import pygame

from .app import App, prepare_environment
from .window import open_display


def run_app(args, deal: int | None, options: dict, err) -> int:
    try:
        prepare_environment()  # SDL's hints, read when the display opens
        problem = open_display()  # before App reads or writes anything in the data folder
        if problem is None:
            app = App(
                fullscreen=False if args.windowed else None, mono=args.mono, record=args.record
            )
    except pygame.error as error:
        problem = str(error)
    if problem is not None:
        print(
            f"main.py: cannot open a window ({problem}); the text commands still work, "
            "see --help",
            file=err,
        )
        return 2
    if args.replay is not None:
        app.open_replay(args.replay)
    elif args.game is not None:
        app.open_game(args.game.lower(), deal, options, animate=False)
    elif app.last_game is not None:
        app.open_game(app.last_game, animate=False)  # back to the game left last time
    app.run()
    pygame.quit()
    return 0
