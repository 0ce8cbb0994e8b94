"""How often the screen changes while a card is dragged: our Klondike beside KPatience's.

Run under an X server of the size to measure, with no window manager:

    Xvfb :71 -screen 0 1920x1080x24 & sleep 2
    DISPLAY=:71 python bench/drag_smoothness.py [--runs 3] [--seconds 5] [--step-ms 8]

Each run starts one program full screen with Klondike (ours: deal 1; KPatience: its own
deal), finds a face-up card in a screenshot, and drags it with the mouse around a long
loop over the table: one xdotool process presses the button, moves the pointer in small
steps (every 8 ms by default: a common mouse's 125 reports a second, faster than
either program draws) for the given seconds and lets go. The programs take turns, KPatience
first, so both meet the same load on the machine.

The observer sits outside both programs: it asks the X server (its Damage extension)
to report every rectangle drawn anywhere on the screen, with the server's own time in
milliseconds. Rectangles drawn within 3 ms of each other belong to one update of the
screen; the figures are updates per second while the pointer moves, the share of a
60 Hz screen's refreshes that would show a new picture (more updates than refreshes are
never seen), and the pauses between updates longer than 50 ms. The pointer itself never counts: the X server draws
it outside what Damage reports, so a program that never redraws shows no updates.
"""

from __future__ import annotations

import argparse
import ctypes
import itertools
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pygame
from peer_layout import NoWindowError, cards, fill_screen, screen_size, start

SAME_UPDATE_MS = 3
PAUSE_MS = 50
REFRESH_HZ = 60
REPORT_RAW_RECTANGLES = 0


class DamageNotify(ctypes.Structure):
    """XDamageNotifyEvent, as laid out by Xlib on this machine."""

    _fields_ = [
        ("type", ctypes.c_int),
        ("serial", ctypes.c_ulong),
        ("send_event", ctypes.c_int),
        ("display", ctypes.c_void_p),
        ("drawable", ctypes.c_ulong),
        ("damage", ctypes.c_ulong),
        ("level", ctypes.c_int),
        ("more", ctypes.c_int),
        ("timestamp", ctypes.c_ulong),
    ]


class XEvent(ctypes.Union):
    _fields_ = [("damage", DamageNotify), ("pad", ctypes.c_long * 24)]


class ScreenObserver:
    """Server times (ms) of every rectangle drawn on the screen while it listens."""

    def __init__(self) -> None:
        self.x11 = ctypes.CDLL("libX11.so.6")
        self.xdamage = ctypes.CDLL("libXdamage.so.1")
        self.x11.XOpenDisplay.restype = ctypes.c_void_p
        self.x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x11.XDefaultRootWindow.restype = ctypes.c_ulong
        self.x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        self.x11.XPending.argtypes = [ctypes.c_void_p]
        self.x11.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.POINTER(XEvent)]
        self.x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self.xdamage.XDamageQueryExtension.argtypes = [
            ctypes.c_void_p,
            ctypes.POINTER(ctypes.c_int),
            ctypes.POINTER(ctypes.c_int),
        ]
        self.xdamage.XDamageCreate.restype = ctypes.c_ulong
        self.xdamage.XDamageCreate.argtypes = [
            ctypes.c_void_p,
            ctypes.c_ulong,
            ctypes.c_int,
        ]
        self.display = self.x11.XOpenDisplay(None)
        if not self.display:
            raise SystemExit("cannot open the X display")
        event_base, error_base = ctypes.c_int(), ctypes.c_int()
        if not self.xdamage.XDamageQueryExtension(
            self.display, ctypes.byref(event_base), ctypes.byref(error_base)
        ):
            raise SystemExit("the X server has no Damage extension")
        self.notify_type = event_base.value
        root = self.x11.XDefaultRootWindow(self.display)
        self.xdamage.XDamageCreate(self.display, root, REPORT_RAW_RECTANGLES)
        self.times: list[int] = []
        self.listening = threading.Event()
        self.listening.set()
        self.thread = threading.Thread(target=self._listen, daemon=True)
        self.thread.start()

    def _listen(self) -> None:
        event = XEvent()
        while self.listening.is_set():
            # Polling costs no accuracy: each event carries the server's time.
            while self.x11.XPending(self.display):
                self.x11.XNextEvent(self.display, ctypes.byref(event))
                if event.damage.type == self.notify_type:
                    self.times.append(event.damage.timestamp)
            time.sleep(0.002)

    def stop(self) -> list[int]:
        self.listening.clear()
        self.thread.join()
        self.x11.XCloseDisplay(self.display)
        return self.times


def updates(times: list[int]) -> list[int]:
    """The first time of each update: rectangles close together are one picture."""
    firsts: list[int] = []
    previous = None
    for moment in sorted(times):
        if previous is None or moment - previous > SAME_UPDATE_MS:
            firsts.append(moment)
        previous = moment
    return firsts


def grab_point() -> tuple[int, int]:
    """A point on the lowest face-up card: the bottom of the longest column."""
    with tempfile.NamedTemporaryFile(suffix=".png") as picture:
        subprocess.run(["import", "-window", "root", picture.name], check=True)
        card_width, found = cards(pygame.image.load(picture.name))
    if not found:
        raise SystemExit("no card found on the screen")
    lowest = max(found, key=lambda rect: rect.bottom)
    return lowest.centerx, lowest.bottom - card_width // 3


def drag_path(start: tuple[int, int], seconds: float, step: float) -> list[tuple[int, int]]:
    """From the card out onto a wide ellipse round the screen and back to the card."""
    width, height = screen_size()
    steps = round(seconds / step)
    centre_x, centre_y = width / 2, height / 2
    radius_x, radius_y = 0.35 * width, 0.3 * height
    path = []
    for index in range(steps):
        angle = 2 * math.pi * index / steps
        # Leave the card along a straight line that blends into the ellipse.
        weight = min(1.0, index / (steps / 8))
        x = centre_x + radius_x * math.cos(angle)
        y = centre_y + radius_y * math.sin(angle)
        path.append(
            (
                round(start[0] + (x - start[0]) * weight),
                round(start[1] + (y - start[1]) * weight),
            )
        )
    return path + [start]


def drag(start_point: tuple[int, int], seconds: float, step: float) -> tuple[float, float]:
    """Drag along the path; returns the monotonic times (ms) the moving began and ended."""
    command = ["xdotool", "mousemove", *map(str, start_point), "mousedown", "1"]
    for x, y in drag_path(start_point, seconds, step):
        command += ["sleep", str(step), "mousemove", str(x), str(y)]
    command += ["mouseup", "1"]
    began = time.monotonic() * 1000
    subprocess.run(command, check=True)
    return began, time.monotonic() * 1000


def drag_once(program: str, seconds: float, step: float) -> tuple[list[int], float, float]:
    """Damage times while dragging in a fresh start of the program, and the drag's span."""
    home = Path(tempfile.mkdtemp(prefix="drag-smoothness-"))
    home.chmod(0o700)
    process = start(program, "klondike", home)
    try:
        fill_screen(process, settle=4.0)
        point = grab_point()
        observer = ScreenObserver()
        time.sleep(0.5)
        began, ended = drag(point, seconds, step)
        time.sleep(0.3)
        return observer.stop(), began, ended
    finally:
        os.killpg(process.pid, 15)
        process.wait()
        shutil.rmtree(home, ignore_errors=True)


def one_run(program: str, seconds: float, step: float) -> dict[str, float]:
    try:
        times, began, ended = drag_once(program, seconds, step)
    except NoWindowError:
        times, began, ended = drag_once(program, seconds, step)
    # The server's clock is the system's monotonic clock in ms (modulo 2**32): keep the
    # updates while the pointer moved, the first 0.2 s (picking the card up) left out.
    low, high = (began + 200) % 2**32, ended % 2**32
    moments = [moment for moment in updates(times) if low <= moment <= high]
    gaps = [later - earlier for earlier, later in itertools.pairwise(moments)]
    span_seconds = (high - low) / 1000
    moves = round(seconds / step) + 1
    # A screen refreshing 60 times a second shows at most one new picture per refresh.
    refreshes = {int(moment * REFRESH_HZ / 1000) for moment in moments}
    return {
        "moves_per_second": moves / ((ended - began) / 1000),
        "updates_per_second": len(moments) / span_seconds,
        "refreshes_shown": len(refreshes) / (span_seconds * REFRESH_HZ),
        "pauses_over_50ms": sum(1 for gap in gaps if gap > PAUSE_MS),
        "longest_pause_ms": max(gaps, default=0),
        "median_gap_ms": statistics.median(gaps) if gaps else 0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--step-ms", type=float, default=8.0, help="time between pointer moves")
    parser.add_argument("--programs", default="kpatience,ours", help="in the order they take turns")
    args = parser.parse_args()
    if "DISPLAY" not in os.environ:
        raise SystemExit("run this under an X server (DISPLAY is not set)")
    width, height = screen_size()
    print(
        f"screen {width}x{height}, a move every {args.step_ms:g} ms,"
        f" load average {os.getloadavg()[0]:.1f} at the start"
    )
    for run in range(1, args.runs + 1):
        for program in args.programs.split(","):
            figures = one_run(program, args.seconds, args.step_ms / 1000)
            print(
                f"run {run} {program:10} {figures['updates_per_second']:5.1f} updates/s"
                f" ({figures['moves_per_second']:.0f} pointer moves/s),"
                f" new picture in {figures['refreshes_shown']:4.0%} of 60 Hz refreshes,"
                f"  {figures['pauses_over_50ms']:3} pauses > {PAUSE_MS} ms"
                f"  longest {figures['longest_pause_ms']:4} ms"
                f"  median gap {figures['median_gap_ms']:4} ms"
                f"  (load {os.getloadavg()[0]:.1f})"
            )


if __name__ == "__main__":
    main()
