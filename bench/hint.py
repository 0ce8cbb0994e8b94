"""How soon a hint is ready: the processor time to a verdict (and so a first move) from
positions of played games, as the table's partner computes it.

    python bench/hint.py [--games 10] [--moves 40]

Positions come from games played by the plain auto-player from deals 1..N, each handed
in turn to one thinker (``solitaire/solver/thinker.py``, what the partner's worker runs),
as the table does after every move; the hint is ready when the thinker has a verdict (a
winning line, or a proof that there is none), whether by a search or carried over from
the position before. Times are the thinker's processor time, so a busy machine gives the
same figures (the table waits that long only where the worker has a core to itself).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solitaire.model.autoplay import next_move
from solitaire.model.game import Game
from solitaire.model.games import GAMES, make_rules
from solitaire.solver.thinker import Thinker
from solitaire.solver.verdict import UNKNOWN

LIMIT = 1.0  # seconds of processor time: slower than this counts as not ready
STEP = 1_000  # positions per step, as the worker takes them


def time_to_verdict(thinker: Thinker, game: Game) -> float:
    began = time.process_time()
    answer = thinker.consider(game.rules, game.state, game.rules.hint_excludes)
    while not answer.settled and time.process_time() - began <= LIMIT:
        answer = thinker.think(STEP) or answer
    ok = answer.settled and answer.outcome != UNKNOWN
    return time.process_time() - began if ok else float("inf")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--moves", type=int, default=40)
    args = parser.parse_args()
    for game_id in GAMES:
        rules = make_rules(game_id)
        times = []
        for number in range(1, args.games + 1):
            game, seen = Game(rules, number), set()
            thinker = Thinker()
            for _ in range(args.moves):
                times.append(time_to_verdict(thinker, game))
                move = next_move(rules, game.state, seen)
                if move is None:
                    break
                game.play(move)
                seen.add(game.state.key())
        fast = sum(1 for t in times if t <= 0.1) / len(times)
        ready = sum(1 for t in times if t != float("inf")) / len(times)
        print(
            f"{game_id:9} {len(times):4} positions: hint within 100 ms for {fast:.0%}, "
            f"a verdict within {LIMIT:g} s for {ready:.0%}"
        )


if __name__ == "__main__":
    main()
