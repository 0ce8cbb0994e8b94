"""The long soak: a million random player events into the whole app, headless.

    python bench/soak.py [--events 1000000] [--seed 1] [--segment 20000] [--max-minutes M]

The events are cut into segments: each is a fresh app on a fresh data folder, started
in the next game in turn, with the seed ``S-N`` (``S`` the --seed, ``N`` the segment's
number), so a long run covers every game from a fresh start many times and its memory
stays that of one segment. Each event is checked as tests/soak_driver.py says (every
game's 52 cards there once; every changed game comes back unchanged from its save; at
each quit, from the file). A failure is counted as a crash, printed with its seed and
event, and the run goes on with the next segment. At the end: events, crashes, seconds
and events per second.

A failure prints the command that replays it: one segment under its seed and first
game, up to the failing event, printing the events before it (--show-from). The same seed
gives the same events; only the demo's moves depend on how quickly the computer's search
finishes, so a failure after a demo may need a few tries.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from soak_driver import Soak, SoakFailure, data_folder

from solitaire.model.games import GAMES


def run_segment(seed: str, first_game: str, events: int, show_from: int | None) -> Soak:
    with tempfile.TemporaryDirectory(dir=data_folder()) as folder:
        soak = Soak(Path(folder), seed, first_game)
        try:
            soak.run(events, show_from)
        finally:
            soak.close()
    return soak


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--segment", type=int, default=20_000, help="events per fresh app")
    parser.add_argument("--game", choices=list(GAMES), help="the first game (one segment)")
    parser.add_argument(
        "--max-minutes", type=float, help="start no segment after this long (a partial run)"
    )
    parser.add_argument("--show-from", type=int, help="print each event from this index on")
    args = parser.parse_args(argv)
    games = list(GAMES)
    done = crashes = segments = 0
    start = time.perf_counter()
    while done < args.events:
        if args.max_minutes and time.perf_counter() - start > args.max_minutes * 60:
            print(f"stopped by --max-minutes {args.max_minutes:g}: {done:,} events run")
            break
        events = min(args.segment, args.events - done)
        # One segment runs under the seed as given, so a printed seed replays as it ran.
        seed = args.seed if events == args.events else f"{args.seed}-{segments}"
        first_game = args.game or games[segments % len(games)]
        try:
            run_segment(seed, first_game, events, args.show_from)
            done += events
        except SoakFailure as failure:
            crashes += 1
            done += failure.index + 1
            print(f"CRASH {crashes}: {failure}", flush=True)
        segments += 1
        seconds = time.perf_counter() - start
        print(f"{done:,} events, {crashes} crashes, {seconds:.0f} s", flush=True)
    seconds = time.perf_counter() - start
    print(
        f"events {done:,}  crashes {crashes}  seconds {seconds:.0f}  "
        f"events/s {done / seconds:.0f}  (seed {args.seed}, {segments} segments)"
    )
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
