"""Time of one frame while dragging a 13-card run, in a real window.

Run under an X server (Xvfb :99 -screen 0 1920x1080x24; DISPLAY=:99):

    python bench/drag_frame.py [--frames 300] [--size 1920x1080]

The frame is everything the loop does for one mouse movement: reading the event,
updating, drawing and putting the picture on the screen (pacing sleep excluded).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from solitaire.model.cards import parse_card
from solitaire.ui.app import App

RUN = "KS QH JC TD 9S 8H 7C 6D 5S 4H 3C 2D AS"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--size", default="1920x1080")
    args = parser.parse_args()
    if "DISPLAY" not in os.environ:
        raise SystemExit("run this under an X server (DISPLAY is not set)")
    width, height = map(int, args.size.split("x"))
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    app = App(fullscreen=False, size=(width, height))
    app.open_game("vierfrei", 1, animate=False)
    table = app.table
    run = [parse_card(word) for word in RUN.split()]
    for name in table.state.piles:  # the run on an empty column, everything else home
        table.state.piles[name] = []
    table.state.piles["t1"] = run
    for suit in "CDHS":
        table.state.piles["f" + suit] = [c for c in _deck() if c.suit == suit and c not in run]
    for _ in range(5):
        app.step(sleep=False)
    x, y = table.view.layout.card_positions("t1", 13)[0]
    start = (x + 10, y + 10)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(start[0] + 30, start[1]), rel=(30, 0), buttons=(1, 0, 0)
        )
    )
    app.step(sleep=False)
    assert (
        table.input.drag is not None and table.input.drag.lifted.size == 13
    ), "the run was not lifted"
    times = []
    for i in range(args.frames):
        pos = (start[0] + 30 + (i * 7) % (width // 2), start[1] + (i * 5) % (height // 3))
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(7, 5), buttons=(1, 0, 0))
        )
        began = time.perf_counter()
        app.step(sleep=False)
        times.append((time.perf_counter() - began) * 1000)
    times.sort()
    print(
        f"drag frame, 13 cards, {width}x{height}: median {statistics.median(times):.2f} ms, "
        f"95th percentile {times[int(len(times) * 0.95)]:.2f} ms over {args.frames} frames"
    )


def _deck():
    return [parse_card(r + s) for r in "A23456789TJQK" for s in "CDHS"]


if __name__ == "__main__":
    main()
