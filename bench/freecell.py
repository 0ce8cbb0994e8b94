"""Solve a range of Microsoft FreeCell deals with the pure-Python solver, one core, one process.

    python bench/freecell.py [--start 1] [--end 1000] [--check] [--fc-solve]
                             [--max-positions N] [--max-seconds S] [--slowest 10]
                             [--progress N] [--save deals.tsv] [--build suit]

Prints the total time, the median, p95, p99 and maximum time per deal (wall clock, and
the process's CPU time, which other programs on the machine disturb less) and how many
deals were solved, proven unsolvable or left unknown. --check replays every solution through
the rules engine (outside the timing) and fails loudly if one does not end in a win.
--fc-solve also times Freecell Solver (Debian's freecell-solver-bin) on the same range in
the same run: its `-l lg` preset with freecell-solver-range-parallel-solve, then the
`-l lg` and the default presets deal by deal with fc-solve (each run a process of its
own, capped at --fc-timeout seconds).
--build suit plays Baker's Game instead (the same deals, columns building down in suit;
Freecell Solver then gets `-g bakers_game`). Both of its presets here move by meta-moves,
which may miss a win: a deal they leave unsolved is not proven lost (its exact search,
`-l crooked-nose`, is the one tests/solver/test_fcsolve_agrees.py asks).
"""

from __future__ import annotations

import argparse
import math
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import Move, MoveKind
from solitaire.model.vocabulary import Build
from solitaire.solver.freecell import BUDGET, BUILDS, solve_freecell

GAME_NAMES = {Build.ALTERNATE: "FreeCell", Build.SUIT: "Baker's Game"}
FC_SOLVE_GAMES = {Build.ALTERNATE: [], Build.SUIT: ["-g", "bakers_game"]}
# Freecell Solver deal by deal (each run a process of its own, as ours is not): its quick
# `-l lg` preset and its default one
FC_SOLVE_PRESETS = {"-l lg": ["-l", "lg"], "default preset": []}


def make_game_rules(build: str):
    """Vierfrei's rules, building down by ``build`` (in suit: Baker's Game)."""
    rules = make_rules("vierfrei")
    rules.build = build
    return rules


def percentile(values: list[float], share: float) -> float:
    """Nearest-rank percentile: the smallest value at least ``share`` of them do not exceed."""
    ordered = sorted(values)
    return ordered[min(len(ordered), max(1, math.ceil(share * len(ordered)))) - 1]


def replay(number: int, moves: list[tuple[str, str, int]], build: str) -> bool:
    rules = make_game_rules(build)
    game = Game(rules, number)
    for src, dst, count in moves:
        game.play(Move(MoveKind.MOVE, src, dst, count))
    return rules.is_won(game.state)


def summary(label: str, seconds: list[float]) -> None:
    total = sum(seconds)
    under = sum(1 for t in seconds if t < 0.2)
    print(
        f"  {label}: total {total:.2f} s   mean {1000 * total / len(seconds):.1f} ms   "
        f"median {1000 * statistics.median(seconds):.1f} ms   "
        f"p95 {1000 * percentile(seconds, 0.95):.1f} ms   "
        f"p99 {1000 * percentile(seconds, 0.99):.1f} ms   max {1000 * max(seconds):.0f} ms   "
        f"under 200 ms {under}/{len(seconds)} ({100 * under / len(seconds):.2f} %)"
    )


def run_ours(args) -> int:
    rules = make_game_rules(args.build)
    wall: list[float] = []
    cpu: list[float] = []
    counts = {"solved": 0, "unsolvable": 0, "unknown": 0}
    positions = 0
    lengths = []
    failures = []
    rows = []
    for number in range(args.start, args.end + 1):
        state = rules.deal(number)
        began, began_cpu = time.perf_counter(), time.process_time()
        result = solve_freecell(
            state, max_positions=args.max_positions, max_seconds=args.max_seconds, build=args.build
        )
        spent, spent_cpu = time.perf_counter() - began, time.process_time() - began_cpu
        wall.append(spent)
        cpu.append(spent_cpu)
        rows.append((number, result.status, result.positions, spent, spent_cpu, len(result.moves)))
        counts[result.status] += 1
        positions += result.positions
        if result.status == "solved":
            lengths.append(len(result.moves))
            if args.check and not replay(number, result.moves, args.build):
                failures.append(number)
        else:
            print(
                f"  deal {number}: {result.status} after {result.positions} positions, "
                f"{spent:.2f} s",
                flush=True,
            )
        if args.progress and number % args.progress == 0:
            print(f"  ... {number}: {sum(wall):.1f} s so far", flush=True)
    print(
        f"pure-Python solver, {GAME_NAMES[args.build]}, deals {args.start}..{args.end}"
        f" ({len(wall)} deals), one core"
    )
    summary("wall", wall)
    summary("cpu ", cpu)
    print(
        f"  solved {counts['solved']}   unsolvable {counts['unsolvable']}   "
        f"unknown {counts['unknown']}   positions {positions}"
    )
    if lengths:
        print(
            f"  solution length: mean {statistics.mean(lengths):.1f} moves, "
            f"max {max(lengths)} (every foundation move included)"
        )
    if args.slowest:
        slow = sorted(zip(wall, range(args.start, args.end + 1)), reverse=True)[: args.slowest]
        print("  slowest: " + ", ".join(f"{n} {1000 * t:.0f} ms" for t, n in slow))
    if args.save:
        with open(args.save, "w") as out:
            out.write("deal\tstatus\tpositions\twall_s\tcpu_s\tmoves\n")
            out.writelines("{}\t{}\t{}\t{:.4f}\t{:.4f}\t{}\n".format(*row) for row in rows)
    if args.check:
        replayed = counts["solved"] - len(failures)
        print(f"  replayed through the engine: {replayed} of {counts['solved']} won")
        if failures:
            print(f"  REPLAY FAILED: {failures}")
            return 1
    return 0


def run_fc_solve(args) -> None:
    parallel = shutil.which("freecell-solver-range-parallel-solve")
    single = shutil.which("fc-solve")
    board_gen = shutil.which("make-microsoft-freecell-board")
    if not parallel or not single or not board_gen:
        print("Freecell Solver is not installed (apt install freecell-solver-bin): skipped")
        return
    began = time.perf_counter()
    done = subprocess.run(
        [parallel, str(args.start), str(args.end), "1", *FC_SOLVE_GAMES[args.build], "-l", "lg"],
        capture_output=True,
        text=True,
        check=False,
    )
    spent = time.perf_counter() - began
    unsolved = [line for line in done.stdout.splitlines() if "Unsolved" in line]
    print(
        f"fc-solve -l lg (freecell-solver-range-parallel-solve {args.start} {args.end} 1):"
        f" {spent:.2f} s wall, {len(unsolved)} unsolved"
        + (f" ({'; '.join(unsolved[:5])})" if unsolved else "")
    )
    boards = {
        number: subprocess.run(
            [board_gen, "-t", str(number)], capture_output=True, text=True, check=True
        ).stdout
        for number in range(args.start, args.end + 1)
    }
    for preset, options in FC_SOLVE_PRESETS.items():
        times = []
        gave_up = []
        for number, board in boards.items():
            began = time.perf_counter()
            try:
                out = subprocess.run(
                    [single, "-m", *FC_SOLVE_GAMES[args.build], *options],
                    env={**os.environ, "FREECELL_SOLVER_QUIET": "1"},
                    input=board,
                    capture_output=True,
                    text=True,
                    timeout=args.fc_timeout,
                    check=False,
                ).stdout
                if "This game is solveable" not in out:
                    gave_up.append(number)
            except subprocess.TimeoutExpired:
                gave_up.append(number)
            times.append(time.perf_counter() - began)
        print(
            f"fc-solve {preset}, deal by deal: total {sum(times):.2f} s   "
            f"median {1000 * statistics.median(times):.1f} ms   "
            f"p99 {1000 * percentile(times, 0.99):.1f} ms   max {max(times):.2f} s   "
            f"not solved {len(gave_up)}" + (f" {gave_up[:10]}" if gave_up else "")
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", type=int, default=1)
    parser.add_argument("--end", type=int, default=1000)
    parser.add_argument("--check", action="store_true", help="replay every solution")
    parser.add_argument("--fc-solve", action="store_true", help="time Freecell Solver too")
    parser.add_argument("--fc-timeout", type=float, default=120.0)
    parser.add_argument("--max-positions", type=int, default=BUDGET)
    parser.add_argument("--max-seconds", type=float, default=60.0)
    parser.add_argument("--slowest", type=int, default=10)
    parser.add_argument("--progress", type=int, default=0, help="print a line every N deals")
    parser.add_argument("--save", help="write one line per deal (tab-separated) to this file")
    parser.add_argument(
        "--build", choices=BUILDS, default=Build.ALTERNATE, help="suit: Baker's Game"
    )
    args = parser.parse_args(argv)
    status = run_ours(args)
    if args.fc_solve:
        run_fc_solve(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
