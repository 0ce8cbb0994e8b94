"""How soon a hint is ready: the time to a verdict (and so a first move) from positions
of played games, as the table's partner computes it.

    python bench/hint.py [--games 10] [--moves 40]

Positions come from games played by the plain auto-player from deals 1..N; the hint is
ready when the search has a verdict (a winning line, or a proof that there is none).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solitaire.model.autoplay import next_move  # noqa: E402
from solitaire.model.game import Game  # noqa: E402
from solitaire.model.games import GAMES, make_rules  # noqa: E402
from solitaire.model.moves import MoveKind  # noqa: E402
from solitaire.solver.search import UNKNOWN  # noqa: E402
from solitaire.solver.solve import make_search, solve_vierfrei  # noqa: E402

LIMIT = 1.0  # seconds: slower than this counts as not ready


def time_to_verdict(rules, state) -> float:
    began = time.perf_counter()
    if rules.game_id == "vierfrei":
        verdict = solve_vierfrei(rules, state, max_seconds=LIMIT, max_positions=200_000)
        return time.perf_counter() - began if verdict.status != UNKNOWN else float("inf")
    without = frozenset({MoveKind.REDEAL}) if rules.game_id in ("lucie", "merci") else frozenset()
    verdict = make_search(rules, state, max_positions=25_000, without=without).run(LIMIT)
    ok = verdict is not None and verdict.status != UNKNOWN
    return time.perf_counter() - began if ok else float("inf")


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
            for _ in range(args.moves):
                times.append(time_to_verdict(rules, game.state))
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
