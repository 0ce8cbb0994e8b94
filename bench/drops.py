"""How long the loop's passes take right after a card is dropped, as a player drags cards.

Run under an X server (Xvfb :99 -screen 0 1920x1080x24; DISPLAY=:99):

    python bench/drops.py --game vierfrei --deals 5-9 --drops 120
    python bench/drops.py ... --code /path/to/another/checkout   # the same bench, other code

Each deal is played along its solution (``main.py --solve``), every move a real drag:
mouse down on the card, a few motions, mouse up on the destination, as pygame events. The
loop then runs as it does for a player (its passes at the frame rate) for half a second,
and the longest pass is that drop's figure; the passes while cards fly are the flight
frames. A pass is timed from the start of its work to the end of its drawing, without
the pacing sleep. ``--code`` runs the bench against another checkout of the game (the
code before a change, say), so two versions are measured in one run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
AFTER_DROP = 0.5  # seconds of loop passes measured after each drop
FRAME = 1 / 60


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="vierfrei")
    parser.add_argument("--deals", default="5-9", help="a range of deal numbers, as 5-9")
    parser.add_argument("--drops", type=int, default=120, help="stop after this many drops")
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--code", type=Path, default=HERE, help="the checkout to measure")
    args = parser.parse_args()
    if "DISPLAY" not in os.environ:
        raise SystemExit("run this under an X server (DISPLAY is not set)")
    code = args.code.resolve()
    sys.path.insert(0, str(code))
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    first, _, last = args.deals.partition("-")
    deals = range(int(first), int(last or first) + 1)
    size = tuple(map(int, args.size.split("x")))
    after, flights, refused, drops = [], [], 0, 0
    with tempfile.TemporaryDirectory() as folder:
        for deal in deals:
            moves = solution(code, args.game, deal)
            bench = Bench(size, Path(folder), args.game, deal)
            for text in moves:
                if drops >= args.drops:
                    break
                longest, flying, made = bench.drop(text)
                after.append(longest)
                flights.extend(flying)
                refused += not made
                drops += 1
            bench.close()
            if drops >= args.drops:
                break
    after.sort()
    flights.sort()
    print(
        f"{args.game} deals {args.deals}, {drops} drops at {size[0]}x{size[1]} ({code.name}): "
        f"longest pass in the {AFTER_DROP} s after a drop: median {statistics.median(after):.1f} "
        f"ms, 95th percentile {after[int(len(after) * 0.95)]:.1f} ms, worst {after[-1]:.1f} ms; "
        f"flight frames: median {statistics.median(flights):.1f} ms, 95th percentile "
        f"{flights[int(len(flights) * 0.95)]:.1f} ms over {len(flights)}; drags refused: "
        f"{refused}"
    )


def solution(code: Path, game: str, deal: int) -> list[str]:
    """The moves of a winning line, as ``main.py --solve`` prints them."""
    out = subprocess.run(
        [sys.executable, "main.py", "--game", game, "--deal", str(deal), "--solve"],
        cwd=code,
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    return [line for line in out.splitlines() if line and not line.startswith("#")]


class Bench:
    """One deal in a window, driven by mouse events."""

    def __init__(self, size, folder: Path, game: str, deal: int):
        import pygame

        from solitaire.ui.app import App
        from solitaire.ui.library import Library

        self.pygame = pygame
        self.app = App(fullscreen=False, size=size, library=Library(folder))
        self.app.open_game(game, deal, animate=False)
        for _ in range(10):
            self.app.step(sleep=False)
            time.sleep(FRAME)

    def close(self) -> None:
        self.app.quit()
        self.pygame.quit()

    def post(self, kind, **fields) -> None:
        self.pygame.event.post(self.pygame.event.Event(kind, **fields))

    def drop(self, text: str) -> tuple[float, list[float], bool]:
        """Drag the move's cards to their place; (the longest pass after the drop, the
        flight frames, whether the move was made)."""
        pygame, app = self.pygame, self.app
        table = app.table
        state = table.state
        move = table.rules.parse_move(text, state)
        cards = state.piles[move.src]
        count = getattr(move, "count", 1) or 1
        layout = table.view.layout
        x, y = layout.card_positions(move.src, len(cards))[len(cards) - count]
        start = (int(x) + layout.card_w // 2, int(y) + max(4, layout.card_h // 10))
        target = table.view.pile_top_rect(state, move.dst).center
        done = len(table.game.done)
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        self.pass_()
        for k in range(1, 6):
            pos = (
                start[0] + (target[0] - start[0]) * k // 5,
                start[1] + (target[1] - start[1]) * k // 5,
            )
            self.post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
            self.pass_()
        self.post(pygame.MOUSEBUTTONUP, pos=target, button=1)
        passes, flying = [], []
        began = time.perf_counter()
        while time.perf_counter() - began < AFTER_DROP:
            busy = table.flights.busy
            spent = self.pass_()
            passes.append(spent)
            if busy:
                flying.append(spent)
        made = len(table.game.done) > done
        if not made:  # the drag missed: make the move so the line goes on
            table.play(move)
            table.after_frame()
            self.pass_()
        table.flights.finish()
        return max(passes), flying, made

    def pass_(self) -> float:
        """One pass of the loop without its sleep, in ms; then the rest of a frame."""
        began = time.perf_counter()
        self.app.step(sleep=False)
        spent = time.perf_counter() - began
        time.sleep(max(0.0, FRAME - spent))
        return spent * 1000


if __name__ == "__main__":
    main()
