"""Verdict rates and times of the solver over a range of deals, for any game and rules.

    python bench/solver.py --game prince --rule sequence=alternate --start 500001 --end 500200
    python bench/solver.py --game castle --end 200 --generic   # the generic search instead

For each deal: solved (a win exists; for La Belle Lucie with its seeded reshuffles, for
Canfield seeing every card), proven not winnable, or unknown. A deal counts as settled
when its verdict came within ``--max-cpu`` seconds of processor time (2 by default: the
goal is 99 % of deals settled so); the search runs in steps of positions, as at the
table, up to the game's budget (``--budget``) and no longer than the processor time
limit, so a busy machine gives the same figures. Every solution is replayed through the
engine before it is counted. ``--slowest N`` lists the N deals that took longest.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solitaire.cli import parse_rule_options
from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.solver.search import Search
from solitaire.solver.solve import budget_for, make_search
from solitaire.solver.verdict import SOLVED, UNKNOWN, UNSOLVABLE

STEP = 1_000  # positions per step, as the partner's worker takes them


def verdict_within(search, max_cpu: float):
    """The search's verdict, or None if it needs more than ``max_cpu`` s of processor time."""
    while True:
        verdict = search.step(STEP)
        if verdict is not None:
            return verdict
        if search.seconds > max_cpu:
            return None


def peak_megabytes() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss >> 10


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--rule", action="append", default=[])
    parser.add_argument("--start", type=int, default=1)
    parser.add_argument("--end", type=int, default=1000)
    parser.add_argument("--max-cpu", type=float, default=2.0, help="seconds of CPU per deal")
    parser.add_argument("--budget", type=int, help="positions per deal (default: the game's)")
    parser.add_argument("--slowest", type=int, default=0, help="list the N slowest deals")
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
    budget = args.budget or budget_for(rules)
    counts = {SOLVED: 0, UNSOLVABLE: 0, UNKNOWN: 0}
    times, unknown = [], []
    began = time.perf_counter()
    for number in range(args.start, args.end + 1):
        game = Game(rules, number)
        if args.generic:
            search = Search(rules, game.state, max_positions=budget)
        else:
            search = make_search(rules, game.state, max_positions=budget)
        verdict = verdict_within(search, args.max_cpu)
        status = UNKNOWN if verdict is None else verdict.status
        if status == SOLVED:
            for move in verdict.moves:
                game.play(move)
            assert rules.is_won(game.state), f"deal {number}: the solution does not win"
            if args.print_wins:
                print(f"won {number} ({verdict.positions} positions)", flush=True)
        if status == UNKNOWN:
            unknown.append(number)
        counts[status] += 1
        times.append((search.seconds, number, search.positions))
    total = args.end - args.start + 1
    seconds = sorted(t for t, _, _ in times)
    settled = counts[SOLVED] + counts[UNSOLVABLE]
    rule_text = rules.option_text() or "(no options)"
    if args.generic:
        rule_text += " (generic search)"
    print(
        f"{args.game} {rule_text}, deals {args.start}..{args.end}, {args.max_cpu:g} s of CPU "
        f"and {budget:,} positions each: settled {settled / total:.1%} (won {counts[SOLVED]}, "
        f"proven lost {counts[UNSOLVABLE]}, unknown {counts[UNKNOWN]}); CPU per deal median "
        f"{statistics.median(seconds):.3f} s, 95th percentile "
        f"{seconds[max(0, int(total * 0.95) - 1)]:.2f} s; {time.perf_counter() - began:.0f} s "
        f"in all; peak resident memory {peak_megabytes()} MB"
    )
    if unknown:
        # Every one, not the first few: comparing two runs deal by deal needs the whole list.
        print("unknown:", " ".join(map(str, unknown)))
    for spent, number, positions in sorted(times, reverse=True)[: args.slowest]:
        print(f"  deal {number}: {spent:.2f} s, {positions:,} positions")


if __name__ == "__main__":
    main()
