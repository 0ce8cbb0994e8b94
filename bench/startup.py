"""Launch to the dealt table, idle CPU and peak memory of main.py in a real X window.

Run under an X server (for example Xvfb :99 -screen 0 1920x1080x24, then DISPLAY=:99):

    python bench/startup.py [--runs 5] [--idle 30] [--windowed] [--clock] [--command CMD]

Launch time runs from starting the interpreter to the game printing "ready" right after
the first frame of the dealt table was flipped to the screen (SOLITAIRE_REPORT_READY=1).
Idle CPU is the process's user+system time over --idle seconds with nothing moving, after
the game has rested long enough to let its audio device go. With --clock a move is made
first (xdotool presses S, a reshuffle), so the on-screen clock ticks every second.
Peak memory is the kernel's high-water mark of the resident set (VmHWM).
--command measures another way of starting the game, the packaged one for instance:
--command dist/Solitaire/Solitaire (the game's arguments are added after it). With
--versus CMD the launches of the two commands are taken in turn, so that both meet the
same load on the machine, and only the launch times are compared.

Each launch deals La Belle Lucie's deal 1. With --saved-moves N it resumes a game in
progress instead: Klondike's deal 7 with the stock turned N times (N = 0: a fresh deal
of it), saved in the data folder before every launch, the way a long game comes back.
"""

from __future__ import annotations

import argparse
import os
import select
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TICKS = os.sysconf("SC_CLK_TCK")
READY_WAIT = 60.0  # seconds; a game that fails to start may wait for its message to be read


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime + stime


def peak_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (the partner's worker)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            found += [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            continue
    return found


def children_peak_mib(pid: int) -> float:
    return sum(peak_mib(child) for child in children(pid))


def make_a_move(pid: int) -> None:
    window = subprocess.run(
        ["xdotool", "search", "--sync", "--pid", str(pid)],
        check=True,
        capture_output=True,
        text=True,
        timeout=30,
    ).stdout.split()[0]
    subprocess.run(["xdotool", "key", "--window", window, "s"], check=True, timeout=30)


def saved_game_text(draws: int) -> str:
    """The save of Klondike's deal 7 with the stock turned ``draws`` times."""
    sys.path.insert(0, str(ROOT))
    from solitaire.model.game import Game
    from solitaire.model.games import make_rules
    from solitaire.model.moves import Move, MoveKind
    from solitaire.storage import saved_game
    from solitaire.storage.files import dump_json

    game = Game(make_rules("klondike"), 7)
    for _ in range(draws):
        game.play(Move(MoveKind.TURN))
    return dump_json(saved_game.to_dict(game, {"token": "bench"}))


def write_save(data: str, text: str) -> None:
    """``text`` as Klondike's game in progress in the data folder ``data``."""
    env = {**os.environ, "XDG_DATA_HOME": data}
    # where the game keeps its files: SDL's choice, asked of SDL
    asking = "import pygame; print(pygame.system.get_pref_path('Solitaire Studio', 'Solitaire'))"
    folder = subprocess.run(
        [sys.executable, "-c", asking],
        env={**env, "PYGAME_HIDE_SUPPORT_PROMPT": "1"},
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    Path(folder, "game-klondike.json").write_text(text, encoding="utf-8")


def launch(
    command: list[str],
    windowed: bool,
    idle: float,
    clock: bool,
    data: str,
    linger: float = 0.0,
    saved: str | None = None,
) -> tuple[float, float | None, float, float, float]:
    env = {"SDL_AUDIODRIVER": "dummy", **os.environ, "SOLITAIRE_REPORT_READY": "1"}
    env["XDG_DATA_HOME"] = data  # the game's data folder: settings, saves
    env["XDG_CACHE_HOME"] = os.path.join(data, "cache")  # and its kept card faces
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # a player's Python keeps its compiled modules
    args = [*command, "--game", "lucie", "--deal", "1"]
    if saved is not None:  # a game in progress to resume
        write_save(data, saved)
        args = [*command, "--game", "klondike"]
    started = time.perf_counter()
    game = subprocess.Popen(
        args + (["--windowed"] if windowed else []),
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        answered, _, _ = select.select([game.stdout], [], [], READY_WAIT)
        if not answered or game.stdout.readline().strip() != "ready":
            raise SystemExit(f"{shlex.join(args)} did not report a dealt table")
        ready = time.perf_counter() - started
        ready_cpu = cpu_seconds(game.pid)  # fair under load, where the wall clock is not
        idle_share = None
        if idle:
            if clock:
                make_a_move(game.pid)
            time.sleep(7.0)  # start-up settles, and the audio device rests after 5 s
            before = cpu_seconds(game.pid)
            time.sleep(idle)
            idle_share = (cpu_seconds(game.pid) - before) / idle * 100
        time.sleep(linger)
        return ready, idle_share, peak_mib(game.pid), children_peak_mib(game.pid), ready_cpu
    finally:
        game.kill()
        game.wait()


def spread(times: list[float]) -> str:
    return (
        f"median {statistics.median(times):.0f} ms, min {min(times):.0f} ms, "
        f"max {max(times):.0f} ms"
    )


def compare(first: list[str], second: list[str], runs: int, windowed: bool) -> None:
    """Launch times of two commands, launched in turn, each with a data folder of its own
    that a first launch has filled (the card faces kept)."""
    with tempfile.TemporaryDirectory() as data_1, tempfile.TemporaryDirectory() as data_2:
        commands = ((first, data_1), (second, data_2))
        for command, data in commands:
            launch(command, windowed, 0, False, data, linger=3.0)
        times: list[list[float]] = [[], []]
        for _ in range(runs):
            for launches, (command, data) in zip(times, commands):
                launches.append(launch(command, windowed, 0, False, data)[0] * 1000)
    mode = "windowed 1280x800" if windowed else "full screen"
    for launches, (command, _) in zip(times, commands):
        print(f"{shlex.join(command)} ({mode}): {spread(launches)} over {runs} runs")
    ratios = [two / one for one, two in zip(*times)]
    medians = [statistics.median(launches) for launches in times]
    print(
        f"the second takes {medians[1] / medians[0]:.2f} times as long as the first "
        f"(medians; {statistics.median(ratios):.2f} as the median of the {runs} pairs)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--idle", type=float, default=30.0, help="seconds of idle to measure (0: skip)"
    )
    parser.add_argument("--windowed", action="store_true")
    parser.add_argument("--clock", action="store_true", help="make a move first: the clock runs")
    parser.add_argument(
        "--command",
        type=shlex.split,
        default=[sys.executable, str(ROOT / "main.py")],
        help="how to start the game (default: this Python with main.py)",
    )
    parser.add_argument(
        "--versus", type=shlex.split, help="a second command, launched in turn with --command"
    )
    parser.add_argument(
        "--saved-moves",
        type=int,
        help="resume a saved Klondike game of this many moves (stock turns) at each launch",
    )
    args = parser.parse_args()
    if "DISPLAY" not in os.environ:
        raise SystemExit("run this under an X server (DISPLAY is not set)")
    if args.versus:
        compare(args.command, args.versus, args.runs, args.windowed)
        return
    with tempfile.TemporaryDirectory() as data:
        # A first launch with a fresh data folder, left running a moment so that it keeps
        # what later launches reuse (the card faces), as a returning player's game has.
        saved = None if args.saved_moves is None else saved_game_text(args.saved_moves)
        first = launch(args.command, args.windowed, 0, False, data, linger=3.0, saved=saved)
        results = [
            launch(
                args.command,
                args.windowed,
                args.idle if i == 0 else 0,
                args.clock,
                data,
                saved=saved,
            )
            for i in range(args.runs)
        ]
    times = [result[0] * 1000 for result in results]
    cpu_times = [result[4] * 1000 for result in results]
    mode = "windowed 1280x800" if args.windowed else "full screen"
    print("command:", shlex.join(args.command))
    if saved is not None:
        print(f"resuming a saved Klondike game of {args.saved_moves:,} moves")
    print(f"first launch, nothing kept yet ({mode}): {first[0] * 1000:.0f} ms")
    print(f"launch to dealt table ({mode}): {spread(times)} over {args.runs} runs")
    if results[0][1] is not None:
        resolution = 100 / TICKS / args.idle
        clock = ", clock running" if args.clock else ""
        print(
            f"idle CPU over {args.idle:.0f} s{clock}: {results[0][1]:.3f}% of a core "
            f"(one clock tick is {resolution:.3f}%)"
        )
    print(f"processor time to the dealt table: {spread(cpu_times)}")
    peak = max(result[2] for result in results)
    worker = max(result[3] for result in [first, *results])
    print(
        f"peak memory: {peak:.0f} MiB ({first[2]:.0f} MiB at the first launch, which also "
        f"keeps the card faces for the next); the partner's worker process: {worker:.0f} MiB"
    )


if __name__ == "__main__":
    main()
