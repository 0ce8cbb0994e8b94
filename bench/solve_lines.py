"""--solve on every game and rule set of the registry: no traceback, every line replays.

    python bench/solve_lines.py --start 700001 --end 700020
    python bench/solve_lines.py --game spider --start 600001 --end 600005 --max-positions 20000

For each rule set (tests/system/solve_driver.py: the default rules, then each option at
each of its other values), each deal is solved with --solve, and where that prints a line
with --solve --atomic too, as a player runs them (in this process), to the game's own
budget unless ``--max-positions`` says otherwise. Each line printed is played through
--moves from the deal and must win; an exit code other than 0, 1 and 3, or anything on
stderr, is a failure. Prints a row per rule set: the deals solved, proven lost and given
up on, the moves of their lines in all and the median line (without --atomic), the
longest line (either way), and the failures. ``--shortening 0`` leaves the lines as the
solver gave them, loops cut, to compare.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "system")]

from solve_driver import every_rule_set, problem, solve_plain_and_atomic

from solitaire.solver import solve


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="this game only (default: every game)")
    parser.add_argument("--start", type=int, default=700001)
    parser.add_argument("--end", type=int, default=700020)
    parser.add_argument("--max-positions", type=int, help="default: the game's budget")
    parser.add_argument(
        "--shortening",
        type=int,
        default=solve.SHORTENING_BUDGET,
        help="positions the shortening of a line may look at (0: loops cut only)",
    )
    args = parser.parse_args()
    solve.SHORTENING_BUDGET = args.shortening
    limit = [] if args.max_positions is None else ["--max-positions", str(args.max_positions)]
    failures = 0
    for game_id, rules in every_rule_set():
        if args.game and game_id != args.game:
            continue
        began = time.process_time()
        codes = {0: 0, 1: 0, 3: 0}
        lengths = []  # of the lines without --atomic
        longest = 0
        wrong = []
        for deal in range(args.start, args.end + 1):
            for atomic, solved in enumerate(solve_plain_and_atomic(game_id, rules, deal, *limit)):
                if not atomic:
                    codes[solved.code] = codes.get(solved.code, 0) + 1
                    if solved.code == 0:
                        lengths.append(len(solved.moves))
                longest = max(longest, len(solved.moves))
                said = problem(solved)
                if said is not None:
                    wrong.append(f"deal {deal}{' --atomic' if atomic else ''}: {said}")
        failures += len(wrong)
        print(
            f"{game_id} {' '.join(rules) or '(default rules)'}: solved {codes[0]}, proven lost "
            f"{codes[1]}, gave up {codes[3]}; lines of {sum(lengths)} moves in all, median "
            f"{statistics.median(lengths) if lengths else 0:g}, longest {longest}; failures "
            f"{len(wrong)}; {time.process_time() - began:.0f} s of CPU",
            flush=True,
        )
        for line in wrong:
            print("  " + line, flush=True)
    print(f"failures in all: {failures}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
