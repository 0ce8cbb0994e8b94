"""Golf's verdicts, deal by deal, against black-hole-solver, Shlomi Fish's independent
solver of Golf and Black Hole (the one PySolFC's Golf and KPatience's Golf call):

    python bench/golf_crosscheck.py --bhs PATH --rule kings=golf --start 700001 --end 700200
    python bench/golf_crosscheck.py --bhs PATH --rule kings=relaxed --start 1 --end 200 \\
        --budget 10000 --fixture 40

Each deal is laid out in black-hole-solver's board format (its "Talon:" the stock in the
order it is dealt, its "Foundations:" the waste's top card, a line per column, the last
card of a line the one that can go) and solved by it with no limit on its positions; our
verdict comes from the game's own search within ``--budget`` positions. Each kings rule
of ours has black-hole-solver's counterpart: ``kings=golf`` is its ``--queens-on-kings``
(the rule PySolFC's Golf and KPatience give it), ``kings=dead-king`` its plain
``--game golf``, ``kings=relaxed`` its ``--wrap-ranks``. A deal where one wins and the
other proves a loss is a bug, and is listed.

``--fixture N`` prints, in the form of tests/solver/data/golf_bhs_verdicts.txt,
black-hole-solver's verdicts on the first N deals from ``--start`` that our search
settles within ``--budget`` positions (so that the test stays fast).

black-hole-solver is not part of this project: build its program, black-hole-solve,
from its sources and give it with ``--bhs`` (or have it on the PATH).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solitaire.cli import parse_rule_options
from solitaire.model.games import make_rules
from solitaire.solver.solve import make_search
from solitaire.solver.verdict import SOLVED, UNKNOWN, UNSOLVABLE, Outcome

# black-hole-solver's options for each of our kings rules
BHS_OPTIONS = {"golf": ["--queens-on-kings"], "dead-king": [], "relaxed": ["--wrap-ranks"]}
STEP = 10_000  # positions per step of our search
FIXTURE_WORDS = {SOLVED: "won", UNSOLVABLE: "lost"}


def bhs_board(rules, state) -> str:
    """The deal in black-hole-solver's format: the stock from the card dealt next."""
    piles = state.piles
    lines = [
        "Talon: " + " ".join(str(card) for card in reversed(piles["stock"])),
        "Foundations: " + (str(piles["waste"][-1]) if piles["waste"] else "-"),
    ]
    lines += [" ".join(str(card) for card in piles[name]) for name in rules.reserves]
    return "\n".join(lines) + "\n"


def bhs_verdict(program: str, kings: str, board: str) -> Outcome:
    result = subprocess.run(
        [program, "--game", "golf", *BHS_OPTIONS[kings]],  # the board on its input
        input=board,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.stdout.startswith("Solved!"):
        return SOLVED
    if result.stdout.startswith("Unsolved!"):
        return UNSOLVABLE
    raise RuntimeError(f"black-hole-solver answered: {result.stdout[:200]} {result.stderr[:200]}")


def our_verdict(rules, state, budget: int) -> Outcome:
    search = make_search(rules, state, max_positions=budget)
    while (verdict := search.step(STEP)) is None:
        pass
    return verdict.status


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rule", action="append", default=[])
    parser.add_argument("--start", type=int, default=700001)
    parser.add_argument("--end", type=int, default=700200)
    parser.add_argument("--budget", type=int, default=3_000_000, help="our positions per deal")
    parser.add_argument("--bhs", default=shutil.which("black-hole-solve"))
    parser.add_argument("--fixture", type=int, metavar="N", help="print N verdicts as a fixture")
    args = parser.parse_args()
    if not args.bhs or not Path(args.bhs).exists():
        sys.exit(
            "black-hole-solver's program is missing: build black-hole-solve from its sources"
            " and name it with --bhs PATH (nothing was compared)"
        )
    rules = make_rules("golf", **parse_rule_options(args.rule))
    kings = rules.option_choice("kings")
    counts: dict[tuple[Outcome, Outcome], int] = {}
    disagree, listed = [], 0
    for number in range(args.start, args.end + 1):
        state = rules.deal(number)
        ours = our_verdict(rules, state, args.budget)
        if args.fixture and ours == UNKNOWN:
            continue
        theirs = bhs_verdict(args.bhs, kings, bhs_board(rules, state))
        counts[ours, theirs] = counts.get((ours, theirs), 0) + 1
        if ours not in (UNKNOWN, theirs):
            disagree.append(number)
            print(f"deal {number}: ours {ours.value}, black-hole-solver {theirs.value}", flush=True)
        if args.fixture:
            print(f"{kings} {number} {FIXTURE_WORDS[theirs]}", flush=True)
            listed += 1
            if listed == args.fixture:
                break
    if args.fixture:
        return
    total = sum(counts.values())
    won = sum(count for (_, theirs), count in counts.items() if theirs == SOLVED)
    pairs = ", ".join(
        f"{ours.value}/{theirs.value} {count}" for (ours, theirs), count in sorted(counts.items())
    )
    print(
        f"golf kings={kings}, deals {args.start}..{args.end}: black-hole-solver wins {won} of"
        f" {total}; our verdict/its verdict: {pairs}"
    )
    print("disagreements:", " ".join(map(str, disagree)) if disagree else "none")


if __name__ == "__main__":
    main()
