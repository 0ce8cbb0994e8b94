"""Win rates and verdict times of the solver over a range of deals, for any game and rules.

    python bench/solver.py --game prince --rule sequence=alternate --start 1 --end 1000 \\
        --max-seconds 2
    python bench/solver.py --game castle --end 200 --generic   # the generic search instead

For each deal: solved (a win exists; for La Belle Lucie with its seeded reshuffles, for
Canfield seeing every card), proven not winnable, or unknown (no verdict within the
limits). Every solution is replayed through the engine before it is counted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solitaire.cli import parse_rule_options  # noqa: E402
from solitaire.model.game import Game  # noqa: E402
from solitaire.model.games import make_rules  # noqa: E402
from solitaire.solver.search import Search  # noqa: E402
from solitaire.solver.solve import SOLVED, UNSOLVABLE, solve_game  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--rule", action="append", default=[])
    parser.add_argument("--start", type=int, default=1)
    parser.add_argument("--end", type=int, default=1000)
    parser.add_argument("--max-seconds", type=float, default=2.0)
    parser.add_argument("--max-positions", type=int, default=2_000_000)
    parser.add_argument(
        "--print-wins", action="store_true", help="print each deal won (for known_wins.py)"
    )
    parser.add_argument(
        "--generic",
        action="store_true",
        help="use the generic search (solver/search.py) instead of the game's own, to compare",
    )
    args = parser.parse_args()
    rules = make_rules(args.game, **parse_rule_options(args.rule))
    counts = {SOLVED: 0, UNSOLVABLE: 0, "unknown": 0}
    times = []
    began = time.perf_counter()
    for number in range(args.start, args.end + 1):
        game = Game(rules, number)
        if args.generic:
            search = Search(rules, game.state, max_positions=args.max_positions)
            verdict = search.finish(args.max_seconds)
        else:
            verdict = solve_game(
                rules, game.state, max_seconds=args.max_seconds, max_positions=args.max_positions
            )
        if verdict.status == SOLVED:
            for move in verdict.moves:
                game.play(move)
            assert rules.is_won(game.state), f"deal {number}: the solution does not win"
            if args.print_wins:
                print(f"won {number} ({verdict.positions} positions)", flush=True)
        counts[verdict.status if verdict.status in counts else "unknown"] += 1
        times.append(verdict.seconds)
    total = args.end - args.start + 1
    times.sort()
    rule_text = rules.option_text() or "(no options)"
    if args.generic:
        rule_text += " (generic search)"
    print(
        f"{args.game} {rule_text}, deals {args.start}..{args.end}, {args.max_seconds:g} s each: "
        f"won {counts[SOLVED]} ({counts[SOLVED] / total:.1%}), proven lost "
        f"{counts[UNSOLVABLE]} ({counts[UNSOLVABLE] / total:.1%}), unknown {counts['unknown']} "
        f"({counts['unknown'] / total:.1%}); verdict time median "
        f"{statistics.median(times):.2f} s, 95th percentile {times[int(total * 0.95) - 1]:.2f} s; "
        f"{time.perf_counter() - began:.0f} s in all"
    )


if __name__ == "__main__":
    main()
