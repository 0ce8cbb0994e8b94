"""Card width and the share of the screen the cards span, measured from screenshots.

Our table beside GNOME Aisleriot (`sol`) and KPatience (`kpat`), each full screen on an
X server of one size. `shoot` starts one program with one game on DISPLAY, makes its
window fill the screen and saves a picture of the whole screen; `measure` reads pictures
(any program's) and prints, for each, the card width in pixels and the share of the
screen width from the leftmost card's left edge to the rightmost card's right edge:

    for size in 800x600 1366x768 1920x1080 3840x2160; do
        Xvfb :71 -screen 0 ${size}x24 & sleep 2
        for game in klondike spider freecell bakers castle canfield; do
            for program in ours aisleriot kpatience; do
                DISPLAY=:71 python bench/peer_layout.py shoot $program $game \\
                    shots/$game-$program-$size.png
            done
        done
        kill %1; wait
    done
    python bench/peer_layout.py measure shots/*.png

Cards are found as the screen's near-white regions (every face and, in Aisleriot, the
white rim of a card back): a column of overlapping face-up cards is one region as wide as
a card. The card width is the widest width shared by three regions at least 1.2 times as
tall as wide; the span covers every region a card wide or a card high (a fanned row in
Beleaguered Castle is a card high). Face-down cards without a white rim (KPatience's
backs) are not seen, which only matters where such a card lies outside the face-up
columns (in none of the games here at the deal): the span would then be a lower bound.
A program that lacks a game says so and makes no picture.

No window manager runs on the X server, so "full screen" for a peer is its top window
moved to 0,0 and sized to the screen with xdotool; ours opens full screen by itself.
"""

from __future__ import annotations

import argparse
import collections
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

ROOT = Path(__file__).resolve().parent.parent

# The game as each program names it; None where a program lacks it. KPatience's Baker's
# Game is a variant of its FreeCell chosen in its own menu (laid out as its FreeCell), its
# Castle opens as Beleaguered Castle, and it has no Canfield.
GAMES = {
    "klondike": ("klondike", "klondike", "klondike"),
    "spider": ("spider", "spider", "spider"),
    "freecell": ("vierfrei", "freecell", "freecell"),
    "bakers": ("bakers", "bakers-game", None),
    "castle": ("castle", "beleaguered-castle", "castle"),
    "canfield": ("canfield", "canfield", None),
}
PROGRAMS = ("ours", "aisleriot", "kpatience")

# A pixel is card white when each channel is within this of 232: white faces (255) and
# KPatience's light grey ones (about 225..240) both, green or dark felt never.
WHITE = (232, 232, 232, 255)
SPREAD = (26, 26, 26, 255)


def card_regions(surface: pygame.Surface) -> list[pygame.Rect]:
    """The bounding boxes of the near-white regions that could be cards or columns."""
    mask = pygame.mask.from_threshold(surface, WHITE, SPREAD)
    screen_width = surface.get_width()
    return [
        rect
        for rect in mask.get_bounding_rects()
        # Menu and tool bars are near-white too, but far wider than any card.
        if 12 <= rect.width <= screen_width // 5 and rect.height >= 12
    ]


def cards(surface: pygame.Surface) -> tuple[int, list[pygame.Rect]]:
    """The card width and the regions that are cards or columns of them."""
    regions = card_regions(surface)
    # A card, or a column of them, is at least 1.2 times as tall as wide. Widths vary by
    # a pixel or two with antialiased corners: count them in 2 px bins, and take the
    # widest bin with three regions or more: the white shapes inside a court card's
    # picture and the strips of a fanned row are narrower than a card.
    upright = [rect.width for rect in regions if rect.height >= 1.2 * rect.width]
    counts = collections.Counter(width // 2 for width in upright)
    bins = [bin_ for bin_, count in counts.items() if count >= 3]
    if not bins:
        return 0, []
    card_width = max(width for width in upright if width // 2 == max(bins))
    tolerance = max(3, card_width // 12)
    full_cards = [
        rect.height
        for rect in regions
        if abs(rect.width - card_width) <= tolerance
        and 1.2 * card_width <= rect.height <= 1.65 * card_width
    ]
    card_height = min(full_cards) if full_cards else round(1.4 * card_width)
    return card_width, [
        rect
        for rect in regions
        if abs(rect.width - card_width) <= tolerance
        or (rect.width > card_width and abs(rect.height - card_height) <= tolerance)
    ]


def measure(surface: pygame.Surface) -> tuple[int, float, int]:
    """(card width, share of the screen width the cards span, cards seen)."""
    card_width, found = cards(surface)
    if not found:
        return 0, 0.0, 0
    left = min(rect.left for rect in found)
    right = max(rect.right for rect in found)
    return card_width, (right - left) / surface.get_width(), len(found)


class NoWindowError(RuntimeError):
    """The program never showed its table (under heavy load KPatience now and then quits
    at once): worth one more try."""


def screen_size() -> tuple[int, int]:
    out = subprocess.run(
        ["xdotool", "getdisplaygeometry"], capture_output=True, text=True, check=True
    )
    width, height = out.stdout.split()
    return int(width), int(height)


def start(program: str, game: str, home: Path) -> subprocess.Popen:
    env = dict(os.environ)
    # A fresh home: no settings, saved games or window sizes from earlier runs.
    env.update(
        HOME=str(home),
        XDG_DATA_HOME=str(home / "data"),
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_CACHE_HOME=str(home / "cache"),
        XDG_RUNTIME_DIR=str(home),
    )
    ours, aisleriot, kpatience = GAMES[game]
    if program == "ours":
        assert ours is not None
        env.update(SOLITAIRE_REPORT_READY="1", SDL_VIDEODRIVER="x11")
        command = [sys.executable, str(ROOT / "main.py"), "--game", ours, "--deal", "1"]
    elif program == "aisleriot":
        if aisleriot is None:
            raise SystemExit(f"Aisleriot has no {game}")
        command = ["dbus-run-session", "--", "/usr/games/sol", "-v", aisleriot]
    else:
        if kpatience is None:
            raise SystemExit(f"KPatience has no {game} by name")
        env["QT_QPA_PLATFORM"] = "xcb"
        command = ["dbus-run-session", "--", "/usr/games/kpat", "--gametype", kpatience]
    return subprocess.Popen(
        command,
        env=env,
        stdout=subprocess.PIPE if program == "ours" else subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
    )


def fill_screen(process: subprocess.Popen, settle: float) -> None:
    """Wait for the program's window and size it to the whole screen."""
    if process.stdout is not None:  # ours says when its table is on screen
        while process.stdout.readline().strip() != "ready":
            if process.poll() is not None:
                raise NoWindowError("the game ended before its table was on screen")
        time.sleep(settle)
        return
    width, height = screen_size()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise NoWindowError("the program ended before its window appeared")
        out = subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--name", "."],
            check=False,
            capture_output=True,
            text=True,
        )
        windows = out.stdout.split()
        big = []
        for window in windows:
            geometry = subprocess.run(
                ["xdotool", "getwindowgeometry", window],
                check=False,
                capture_output=True,
                text=True,
            ).stdout
            size = geometry.rsplit("Geometry:", 1)[-1].split()
            if size and "x" in size[0]:
                w, h = map(int, size[0].split("x"))
                if w >= 300 and h >= 200:
                    big.append(window)
        if big:
            for window in big:
                subprocess.run(["xdotool", "windowmove", window, "0", "0"], check=False)
                subprocess.run(
                    ["xdotool", "windowsize", window, str(width), str(height)],
                    check=False,
                )
            time.sleep(settle)
            return
        time.sleep(0.5)
    raise NoWindowError("no window appeared")


def shoot(program: str, game: str, out: Path, settle: float) -> None:
    home = Path(tempfile.mkdtemp(prefix="peer-layout-"))
    home.chmod(0o700)
    process = start(program, game, home)
    try:
        fill_screen(process, settle)
        out.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["import", "-window", "root", str(out)], check=True)
    finally:
        os.killpg(process.pid, 15)
        process.wait()
        shutil.rmtree(home, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    shot = commands.add_parser("shoot", help="screenshot one program full screen")
    shot.add_argument("program", choices=PROGRAMS)
    shot.add_argument("game", choices=sorted(GAMES))
    shot.add_argument("out", type=Path)
    shot.add_argument("--settle", type=float, default=4.0, help="seconds to let it redraw")
    read = commands.add_parser("measure", help="card width and span of pictures")
    read.add_argument("pictures", nargs="+", type=Path)
    args = parser.parse_args()
    if args.command == "shoot":
        if "DISPLAY" not in os.environ:
            raise SystemExit("run this under an X server (DISPLAY is not set)")
        try:
            shoot(args.program, args.game, args.out, args.settle)
        except NoWindowError as error:
            raise SystemExit(str(error)) from error
        return
    for picture in args.pictures:
        surface = pygame.image.load(str(picture))
        width, share, seen = measure(surface)
        print(f"{picture.name:45} card {width:4} px  span {share:4.0%}  ({seen} regions)")


if __name__ == "__main__":
    main()
