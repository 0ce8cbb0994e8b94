"""Peak memory of `main.py --solve` with the FreeCell solver, on the hardest positions found.

    python bench/freecell_memory.py [--budget N] [--only vierfrei-11982 ...]

Each case runs in a process of its own, as `main.py --game G --deal N [--moves ...] --solve`
(at the solver's BUDGET unless --budget says otherwise); the process prints its own peak
resident memory as it ends. The cases "with two free cells" are FreeCell deals played with
only two cells (main.py cannot set that up: the same process imports what main.py does,
then runs the same search through solve_freecell): they run to the budget without a
verdict, the case that takes the most memory, which no deal with four cells found so far
does. Prints, per case: the verdict line, peak MB, CPU seconds.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CASES = {
    "vierfrei-11982": ["--game", "vierfrei", "--deal", "11982"],  # proven lost
    "vierfrei-517776": ["--game", "vierfrei", "--deal", "517776"],  # proven lost
    "vierfrei-21554": ["--game", "vierfrei", "--deal", "21554"],  # the slowest of 1..32000
    "vierfrei-218046-midgame": [
        "--game",
        "vierfrei",
        "--deal",
        "218046",
        "--moves",
        "6h 23 2h 8h 12 63 56 67 46 62 78 1a 15 75 85",
    ],
    "bakers-223": ["--game", "bakers", "--deal", "223"],  # proven lost, slowest of 1..1000
    "bakers-1188": ["--game", "bakers", "--deal", "1188"],  # slowest of 1001..2500 found
    "vierfrei-9-two-cells": ["two-cells", "9"],
    "vierfrei-1-two-cells": ["two-cells", "1"],
}

# Runs main.py (or the two-cells search) and prints the process's peak memory at its end.
CHILD = """
import resource, runpy, sys, time
sys.path.insert(0, {root!r})
args, budget = {args!r}, {budget!r}
try:
    if args[0] == "two-cells":
        import solitaire.bootstrap, solitaire.cli  # what main.py loads
        from solitaire.solver.freecell import BUDGET, solve_deal
        result = solve_deal(int(args[1]), cells=2, max_positions=budget or BUDGET)
        print(f"# {{result.status}}: {{result.positions:,}} positions")
    else:
        sys.argv = ["main.py", *args, "--solve"] + (["--max-positions", str(budget)] if budget else [])
        runpy.run_path({main!r}, run_name="__main__")
except SystemExit:
    pass
usage = resource.getrusage(resource.RUSAGE_SELF)
print(f"PEAK {{usage.ru_maxrss / 1024:.1f}} MB, CPU {{usage.ru_utime:.1f}} s")
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, help="positions (default: the solver's BUDGET)")
    parser.add_argument("--only", nargs="*", choices=sorted(CASES), help="run only these cases")
    args = parser.parse_args()
    for name in args.only or CASES:
        code = CHILD.format(
            root=str(ROOT), args=CASES[name], budget=args.budget, main=str(ROOT / "main.py")
        )
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False
        )
        lines = done.stdout.splitlines()
        verdict = next((line for line in lines if line.startswith("# ") and ":" in line), "?")
        peak = next((line for line in lines if line.startswith("PEAK")), done.stderr[-300:])
        print(f"{name:26} {verdict[2:]:70} {peak[5:]}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
