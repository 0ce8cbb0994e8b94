"""Render a contact sheet of the card art to a PNG, for looking at it without running the game.

Usage: python tools/show_cards.py OUT.png [--width 110] [--four-color] [--mono] [--table NAME]
                                           [--courts]

The sheet shows all 52 faces (one suit per row), every card back, the pile outlines and
highlights, and a strip of every table background. With --courts it shows only the twelve
court cards (a rank per row, the suits across), for looking at the figures closely.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

from solitaire.ui.art.backgrounds import TABLES, table_surface
from solitaire.ui.art.card_art import CardArt
from solitaire.ui.art.card_backs import BACKS
from solitaire.ui.art.suits import SUITS

CARD_RATIO = 7 / 5


def _parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="PNG file to write")
    parser.add_argument("--width", type=int, default=110, help="card width in pixels")
    parser.add_argument("--four-color", action="store_true")
    parser.add_argument("--mono", action="store_true")
    parser.add_argument("--table", default=TABLES[0], choices=TABLES, help="sheet background")
    parser.add_argument("--courts", action="store_true", help="only the twelve court cards")
    return parser.parse_args()


def _label(text: str, size: int) -> pygame.Surface:
    return pygame.font.Font(None, size).render(text, True, (235, 235, 235))


def _with_highlight(art: CardArt, kind: str) -> pygame.Surface:
    """A card with a highlight laid over it, the way the game shows a selection."""
    card = art.face(12, "H").copy()
    card.blit(art.highlight(kind), (0, 0))
    return card


def build_sheet(width: int, four_color: bool, mono: bool, table: str) -> pygame.Surface:
    height = round(width * CARD_RATIO)
    art = CardArt(width, height, four_color=four_color, mono=mono)
    backs = [CardArt(width, height, four_color=four_color, mono=mono, back=b) for b in BACKS]
    extras = [other.back_surface() for other in backs]
    extras += [art.outline(kind) for kind in ("empty", "foundation", "cell", "stock")]
    extras += [art.outline("foundation", suit=s) for s in SUITS]
    extras += [_with_highlight(art, kind) for kind in ("select", "target")]

    columns = 13
    gap = max(4, width // 8)
    step_x, step_y = width + gap, height + gap
    label_h = max(14, width // 6)
    rows = len(SUITS) + math.ceil(len(extras) / columns)
    sheet_w = gap + columns * step_x
    sheet_h = gap + rows * step_y + label_h + height + gap
    sheet = table_surface(table, sheet_w, sheet_h, mono=mono)

    cells = [art.face(rank, suit) for suit in "SHCD" for rank in range(1, 14)] + extras
    for i, surface in enumerate(cells):
        sheet.blit(surface, (gap + (i % columns) * step_x, gap + (i // columns) * step_y))

    strip_y = gap + rows * step_y
    strip_w = (sheet_w - gap) // len(TABLES) - gap
    for i, name in enumerate(TABLES):
        x = gap + i * (strip_w + gap)
        sheet.blit(table_surface(name, strip_w, height, mono=mono), (x, strip_y + label_h))
        sheet.blit(_label(name, label_h), (x, strip_y))
    return sheet


def build_court_sheet(width: int, four_color: bool, mono: bool, table: str) -> pygame.Surface:
    height = round(width * CARD_RATIO)
    art = CardArt(width, height, four_color=four_color, mono=mono)
    gap = max(4, width // 10)
    sheet = table_surface(table, gap + 4 * (width + gap), gap + 3 * (height + gap), mono=mono)
    for row, rank in enumerate((11, 12, 13)):
        for column, suit in enumerate("SHDC"):
            position = (gap + column * (width + gap), gap + row * (height + gap))
            sheet.blit(art.face(rank, suit), position)
    return sheet


def _time_deck(width: int) -> float:
    """Milliseconds to draw a fresh deck: 52 faces and one back."""
    start = time.perf_counter()
    art = CardArt(width, round(width * CARD_RATIO))
    for suit in SUITS:
        for rank in range(1, 14):
            art.face(rank, suit)
    art.back_surface()
    return (time.perf_counter() - start) * 1000


def main() -> None:
    args = _parse_args()
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    build = build_court_sheet if args.courts else build_sheet
    sheet = build(args.width, args.four_color, args.mono, args.table)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(args.out))
    print(
        f"wrote {args.out} ({sheet.get_width()}x{sheet.get_height()}); "
        f"deck at width {args.width}: {_time_deck(args.width):.1f} ms"
    )


if __name__ == "__main__":
    main()
