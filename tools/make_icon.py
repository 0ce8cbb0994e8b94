"""Draw the application icon with the game's own card art, at every size it is used.

Usage: python tools/make_icon.py            (every size: see below)
       python tools/make_icon.py OUT.png [--size 256]   (one picture)

An ace of spades fanned over a king of hearts on a rounded square of green felt. Each size
is drawn on its own at four times the size and scaled down, so edges and rotations are
smooth at 16 pixels as at 512. Without arguments it writes sprites/icon.png (256 px, which
the packaged build's .ico and .icns start from) and the freedesktop hicolor theme's sizes,
data/icons/hicolor/SIZExSIZE/apps/org.solitairestudio.Solitaire.png for 16, 32, 48, 64,
128, 256 and 512 (tools/install_desktop.sh installs them; tools/build_exe.py packs the
ones up to 256 into the .ico and all into the .icns), each squeezed losslessly with
`optipng -o2` where it is installed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame

from solitaire import APP_ID
from solitaire.ui.art.backgrounds import table_surface
from solitaire.ui.art.card_art import CardArt

SUPERSAMPLE = 4
CARD_RATIO = 7 / 5
SIZES = (16, 32, 48, 64, 128, 256, 512)  # the hicolor theme's usual sizes for applications
APP_ICON = ROOT / "sprites" / "icon.png"


def hicolor_path(size: int, root: Path = ROOT / "data" / "icons") -> Path:
    return root / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"


def _rounded_mask(size: int, radius: int) -> pygame.Surface:
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    return mask


def _shadow(card: pygame.Surface, blur: int, alpha: int) -> pygame.Surface:
    """A soft dark copy of the card's outline."""
    w, h = card.get_size()
    pad = blur * 2
    shape = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    silhouette = card.copy()
    silhouette.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MIN)
    silhouette.fill((0, 0, 0, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    shape.blit(silhouette, (pad, pad))
    return pygame.transform.gaussian_blur(shape, blur)


def _place(canvas: pygame.Surface, card: pygame.Surface, angle: float, centre, shadow_at) -> None:
    turned = pygame.transform.rotozoom(card, angle, 1)
    blur = max(1, canvas.get_width() // 60)
    shadow = pygame.transform.rotozoom(_shadow(card, blur, 120), angle, 1)
    canvas.blit(shadow, shadow.get_rect(center=(centre[0] + shadow_at, centre[1] + shadow_at)))
    canvas.blit(turned, turned.get_rect(center=centre))


def draw_icon(size: int = 256) -> pygame.Surface:
    big = size * SUPERSAMPLE
    radius = big * 22 // 100
    canvas = table_surface("green felt", big, big).convert_alpha()
    # A light rim and a soft inner shade make the square read as a tile, not a cut-out.
    rim = max(2, big // 64)
    pygame.draw.rect(canvas, (120, 190, 130), canvas.get_rect(), rim, border_radius=radius)
    canvas.blit(_rounded_mask(big, radius), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)

    card_h = big * 66 // 100
    card_w = round(card_h / CARD_RATIO)
    art = CardArt(card_w, card_h)
    offset = big // 8
    centre_y = big // 2 + big // 40
    _place(canvas, art.face(13, "H"), 15, (big // 2 - offset, centre_y), big // 70)
    _place(canvas, art.face(1, "S"), -10, (big // 2 + offset, centre_y), big // 50)
    return pygame.transform.smoothscale(canvas, (size, size))


def write(icon: pygame.Surface, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(icon, str(path))
    if shutil.which("optipng"):  # lossless: the same pixels in fewer bytes
        subprocess.run(["optipng", "-quiet", "-o2", "-strip", "all", str(path)], check=True)
    print(f"wrote {path} ({icon.get_width()}x{icon.get_height()})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path, help="one picture (default: every size)")
    parser.add_argument("--size", type=int, default=256, help="its width and height in pixels")
    args = parser.parse_args()
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    if args.out is not None:
        write(draw_icon(args.size), args.out)
    else:
        for size in SIZES:
            icon = draw_icon(size)
            write(icon, hicolor_path(size))
            if size == 256:
                write(icon, APP_ICON)
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
