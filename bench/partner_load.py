"""How soon the computer partner answers at the table, and whether it answers alike, on a
busy or slow machine.

    stress-ng --cpu 8 &                                   # the cores busy
    python bench/partner_load.py --games vierfrei bakers --deals 1-50
    bench/held.sh 25 python bench/partner_load.py ...     # held to a quarter of a core
    python bench/partner_load.py ... --code /path/to/another/checkout

For each deal the game opens at the table (SDL's dummy video driver: no window) and the
loop runs as for a player until the status line gives its verdict; then a hint is asked
for (Ctrl+H) and shown, then the demo (Ctrl+D) until it makes its first move. Each is
timed from the moment it was asked for, in wall time, since what a player waits for is
what is measured. The verdicts are listed with how many deals gave each, so a run on a
busy machine can be set beside one on a quiet machine. ``--code`` measures another
checkout of the game (the code before a change, say) in the same run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
GIVE_UP = 60.0  # seconds a single answer may take before the bench stops waiting for it


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=["vierfrei", "bakers"])
    parser.add_argument("--deals", default="1-50", help="a range of deal numbers, as 1-50")
    parser.add_argument("--code", type=Path, default=HERE, help="the checkout to measure")
    args = parser.parse_args()
    code = args.code.resolve()
    sys.path.insert(0, str(code))
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame

    from solitaire.ui.app import App
    from solitaire.ui.library import Library

    first, _, last = args.deals.partition("-")
    deals = range(int(first), int(last or first) + 1)
    with tempfile.TemporaryDirectory() as folder:
        app = App(fullscreen=False, size=(1280, 800), library=Library(Path(folder)))
        for game_id in args.games:
            verdicts, waits = Counter(), {"verdict": [], "hint": [], "demo": []}
            for deal in deals:
                app.open_game(game_id, deal, animate=False)
                for overlay in list(app.overlays):  # "This game counts as a loss. Deal again?"
                    overlay.answer(True)
                table = app.table
                verdict, took = wait_for(app, lambda t=table: settled(t))
                waits["verdict"].append(took)
                verdicts[verdict] += 1
                clear_message(table)
                press(pygame, pygame.K_h)
                _, took = wait_for(app, lambda t=table: hint_shown(t))
                waits["hint"].append(took)
                moves = len(table.game.done)
                press(pygame, pygame.K_d)
                _, took = wait_for(app, lambda t=table, m=moves: demo_moved(t, m))
                waits["demo"].append(took)
                press(pygame, pygame.K_SPACE)  # any key stops the demo
                app.step(sleep=False)
            print(f"{game_id} deals {args.deals} ({code.name}):")
            for what, times in waits.items():
                times.sort()
                print(
                    f"  {what}: median {statistics.median(times):.2f} s, slowest "
                    f"{times[-1]:.2f} s, within 20 s: {sum(t <= 20 for t in times)} of "
                    f"{len(times)}"
                )
            print("  verdicts:", ", ".join(f"{n} {text!r}" for text, n in verdicts.most_common()))
        app.quit()
        pygame.quit()


def press(pygame, key: int) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=key, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
    )


def wait_for(app, done) -> tuple[str, float]:
    """Run the loop as for a player until ``done()`` gives something; (it, seconds)."""
    began = time.perf_counter()
    while time.perf_counter() - began < GIVE_UP:
        app.step()
        answer = done()
        if answer:
            return answer, time.perf_counter() - began
    return "(no answer)", GIVE_UP


def settled(table) -> str | None:
    """The status line's verdict, once it is one."""
    words = table.partner.status_text()
    return None if not words or "thinking" in words else words


def message_words(table) -> str:
    """The status line's message: the table in parts keeps it in its status part, the
    code before that (which ``--code`` may measure) on the table as (words, until)."""
    status = getattr(table, "status", None)
    return status.message.words if status is not None else table.message[0]


def clear_message(table) -> None:
    if getattr(table, "status", None) is not None:
        table.status.clear()
    else:
        table.message = ("", 0.0)


def hint_shown(table) -> str | None:
    words = message_words(table)
    return words if words.startswith(("Hint", "No winning line", "No hint")) else None


def demo_moved(table, moves: int) -> str | None:
    if len(table.game.done) > moves:
        return "moved"
    words = message_words(table)
    return words if "The computer stops here" in words else None


if __name__ == "__main__":
    main()
