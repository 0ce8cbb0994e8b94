"""The court figures' garments: one cut for each rank (the king's robe, the queen's gown,
the jack's doublet) in the suit's colours, strewn with the suit's pattern; their collars,
the ruff, and the hand that holds the figure's attribute.

A garment runs from the neck down past the split (y = 1 in the middle) and stays inside
x = 0.04..0.96. Drawn with ``pen.crossing`` set: the split cuts it, and nothing else."""

from __future__ import annotations

import math
from functools import partial

from .colours import Palette
from .court_pen import HAND, Pen, pts
from .drawing import bezier, bezier_path, mirrored


def _neck(pen: Pen, pal: Palette, bottom: float = 0.66) -> None:
    pen.poly(pal.skin, f"0.44,0.5 0.56,0.5 0.57,{bottom} 0.43,{bottom}")


def _king_robe(pen: Pen, pal: Palette, pattern) -> None:
    """A long mantle open over the tunic, edged with ermine, an ermine cape on the shoulders
    and a wide sleeve with an ermine cuff."""
    _neck(pen, pal)
    pen.poly(pal.robe, mirrored(pts("0.5,0.63 0.34,0.64 0.18,0.7 0.09,0.78 0.05,0.9 0.05,1.3")))
    pattern(pen, pal, ((0.1, 0.92), (0.19, 0.97), (0.11, 1.05), (0.21, 1.07), (0.12, 1.15)))
    pen.poly(pal.tunic, "0.43,0.64 0.57,0.64 0.67,1.3 0.33,1.3")
    for y in (0.8, 0.91, 1.02):
        pen.lozenge(pal.jewel if pal.tunic == pal.gold else pal.gold, 0.5, y, 0.024)
    for side in (-1, 1):  # the mantle's ermine edges
        inner, outer = (0.07, 0.17), (0.13, 0.25)
        band = [(0.5 + side * inner[0], 0.66), (0.5 + side * outer[0], 0.66)]
        band += [(0.5 + side * outer[1], 1.3), (0.5 + side * inner[1], 1.3)]
        pen.poly(pal.pearl, band)
        for y in (0.8, 0.92, 1.04, 1.16):
            x = 0.5 + side * (0.1 + 0.09 * (y - 0.66) / 0.64)
            _ermine_tail(pen, pal, x, y)
    _ermine_cape(pen, pal)
    # The right arm, bent up to the hand: a wide sleeve turned back in ermine.
    pen.poly(pal.robe, "0.68,0.67 0.88,0.7 0.95,0.79 0.84,0.86 0.72,0.84")
    pen.stroke(pal.pearl, "0.83,0.84 0.935,0.785", 0.035)
    _ermine_tail(pen, pal, 0.885, 0.82)


ERMINE_TAIL = pts(
    "0,0.018 0.011,0 0.017,-0.026 0.005,-0.012 0,-0.03 -0.005,-0.012 -0.017,-0.026 -0.011,0"
)


def _ermine_tail(pen: Pen, pal: Palette, x: float, y: float) -> None:
    """The black tip of an ermine's tail: a drop with three points on top, as heralds draw it."""
    pen.poly(pal.line, [(x + dx, y + dy) for dx, dy in ERMINE_TAIL], outline=False)


def _ermine_cape(pen: Pen, pal: Palette) -> None:
    """A short white cape over the shoulders, dotted with tails."""
    left = pts("0.5,0.655 0.37,0.615 0.22,0.655 0.11,0.72 0.07,0.79 0.13,0.83 0.3,0.82 0.5,0.79")
    pen.poly(pal.pearl, mirrored(left))
    for x, y in ((0.14, 0.79), (0.24, 0.72), (0.31, 0.8), (0.38, 0.68)):
        _ermine_tail(pen, pal, x, y)
        _ermine_tail(pen, pal, 1 - x, y)


def _queen_gown(pen: Pen, pal: Palette, pattern, neckline: str) -> None:
    """A fitted bodice with a low ``neckline`` (square, round or high), a stomacher laced
    down to the waist, puffed sleeves and a flower pinned at the neckline; the skirt
    flares out below the waist."""
    _neck(pen, pal, 0.7)
    bodice = "0.5,0.64 0.36,0.645 0.23,0.69 0.18,0.77 0.2,0.88 0.27,0.99 0.17,1.1 0.08,1.3"
    pen.poly(pal.robe, mirrored(pts(bodice + " 0.5,1.3")))
    pattern(pen, pal, ((0.16, 1.1), (0.25, 1.08), (0.13, 1.18), (0.23, 0.9), (0.77, 0.88)))
    pen.poly(pal.tunic, "0.37,0.72 0.63,0.72 0.5,1.06")  # the stomacher
    for i in range(4):  # its lacing
        y = 0.76 + 0.065 * i
        half = 0.1 * (1.06 - y) / 0.34
        pen.line(pal.gold, [(0.5 - half, y), (0.5 + half, y + 0.04)], 0.008)
        pen.line(pal.gold, [(0.5 + half, y), (0.5 - half, y + 0.04)], 0.008)
    if neckline == "square":
        pen.poly(pal.skin, "0.37,0.64 0.63,0.64 0.63,0.73 0.37,0.73")
        pen.line(pal.gold, "0.365,0.64 0.365,0.735 0.635,0.735 0.635,0.64", 0.014)
    elif neckline == "round":
        pen.poly(pal.skin, bezier_path((0.36, 0.645), ((0.38, 0.8), (0.62, 0.8), (0.64, 0.645))))
        pen.line(
            pal.gold, bezier((0.355, 0.645), (0.38, 0.81), (0.62, 0.81), (0.645, 0.645), 10), 0.014
        )
    else:  # high: a band of the tunic's colour up to the ruff
        pen.poly(pal.tunic, "0.4,0.64 0.6,0.64 0.62,0.73 0.38,0.73")
        pen.line(pal.gold, "0.38,0.73 0.62,0.73", 0.014)
    for side in (-1, 1):  # puffed sleeves, slashed to show the lining
        cx = 0.5 + side * 0.285
        pen.ellipse(pal.tunic, cx, 0.72, 0.085, 0.07)
        for dx in (-0.04, 0.0, 0.04):
            pen.line(pal.robe, [(cx + dx * 0.9, 0.67), (cx + dx, 0.77)], 0.016)
    _flower(pen, pal, 0.5, 0.745, 0.03)


def _flower(pen: Pen, pal: Palette, cx: float, cy: float, r: float) -> None:
    """Five round petals of the jewel's colour round a gold heart."""
    for i in range(5):
        a = -math.pi / 2 + i * 2 * math.pi / 5
        pen.circle(pal.jewel, cx + r * math.cos(a), cy + r * math.sin(a), r * 0.75)
    pen.circle(pal.gold, cx, cy, r * 0.55)


def _jack_doublet(pen: Pen, pal: Palette, pattern, collar: str) -> None:
    """A short doublet buttoned down the front, slashed on the chest, with shoulder wings,
    a belt and a pleated skirt below it; ``collar`` falling, standing, dagged or a chain."""
    _neck(pen, pal)
    # The skirt below the belt, pleated, with the suit's pattern.
    pen.poly(pal.robe, mirrored(pts("0.5,0.88 0.25,0.88 0.12,1.3 0.5,1.3")))
    for x in (0.26, 0.34, 0.42):
        pen.line(pal.line, [(x + 0.01, 0.92), (x - 0.04, 1.3)], 0.007)
        pen.line(pal.line, [(1 - x - 0.01, 0.92), (1 - x + 0.04, 1.3)], 0.007)
    pattern(pen, pal, ((0.22, 1.0), (0.3, 0.96), (0.38, 1.01), (0.7, 0.96), (0.62, 0.93)))
    body = "0.5,0.62 0.38,0.625 0.25,0.665 0.2,0.74 0.22,0.83 0.25,0.89 0.5,0.89"
    pen.poly(pal.robe, mirrored(pts(body)))
    for side in (-1, 1):  # slashes on the chest
        for x, y in ((0.37, 0.71), (0.31, 0.77), (0.38, 0.8)):
            pen.ellipse(pal.tunic, 0.5 + side * (0.5 - x), y, 0.013, 0.035)
    pen.line(pal.line, "0.5,0.66 0.5,0.86", 0.008)
    for y in (0.69, 0.75, 0.81):
        pen.circle(pal.gold, 0.5, y, 0.016)
    pen.rect(pal.wood, 0.245, 0.85, 0.755, 0.895)  # the belt
    pen.rect(pal.gold, 0.46, 0.84, 0.54, 0.905)
    pen.rect(pal.wood, 0.48, 0.86, 0.52, 0.885)
    for side in (-1, 1):  # shoulder wings
        cx = 0.5 + side * 0.27
        wing = [
            (cx - 0.07, 0.66),
            (cx + 0.07, 0.66),
            (cx + side * 0.06, 0.75),
            (cx - side * 0.05, 0.74),
        ]
        pen.poly(pal.tunic, wing)
        for dx in (-0.03, 0.0, 0.03):
            pen.line(pal.gold, [(cx + dx, 0.665), (cx + dx + side * 0.01, 0.74)], 0.01)
    COLLARS[collar](pen, pal)
    # The right arm, slim and slashed, bent up to the hand.
    pen.poly(pal.robe, "0.72,0.68 0.86,0.71 0.93,0.78 0.84,0.835 0.74,0.81")
    for x, y in ((0.78, 0.75), (0.84, 0.76)):
        pen.ellipse(pal.tunic, x, y, 0.012, 0.032, angle=-0.5)
    pen.stroke(pal.gold, "0.835,0.82 0.925,0.77", 0.02)


def _falling_collar(pen: Pen, pal: Palette) -> None:
    """A flat white collar lying on the shoulders, two square flaps in front."""
    left = pts("0.5,0.62 0.4,0.6 0.3,0.64 0.3,0.7 0.38,0.74 0.47,0.72 0.5,0.68")
    pen.poly(pal.pearl, mirrored(left))
    pen.line(pal.line, "0.5,0.64 0.5,0.7", 0.006)


def _standing_collar(pen: Pen, pal: Palette) -> None:
    """A stiff gold collar standing round the neck, rimmed with jewels."""
    pen.poly(pal.gold, "0.41,0.58 0.59,0.58 0.62,0.66 0.5,0.69 0.38,0.66")
    for x in (0.43, 0.5, 0.57):
        pen.circle(pal.jewel, x, 0.64 + (0.02 if x == 0.5 else 0.0), 0.012)


def _dagged_collar(pen: Pen, pal: Palette) -> None:
    """A short cape cut into points along its edge."""
    points = [(0.28, 0.65)]
    for i in range(8):
        x = 0.28 + 0.44 * (i + 0.5) / 8
        sag = 0.04 * (1 - abs(x - 0.5) / 0.22) ** 0.5
        points += [(x, 0.71 + sag + 0.03), (0.28 + 0.44 * (i + 1) / 8, 0.69 + sag)]
    pen.poly(pal.gold, points[:-1] + [(0.72, 0.65), (0.6, 0.61), (0.4, 0.61)])


def _chain(pen: Pen, pal: Palette) -> None:
    """A gold chain of office with a pendant jewel."""
    pen.line(pal.gold, bezier((0.32, 0.64), (0.38, 0.78), (0.62, 0.78), (0.68, 0.64), 12), 0.016)
    pen.circle(pal.gold, 0.5, 0.77, 0.032)
    pen.circle(pal.jewel, 0.5, 0.77, 0.016, outline=False)


COLLARS = {
    "falling": _falling_collar,
    "standing": _standing_collar,
    "dagged": _dagged_collar,
    "chain": _chain,
}


# The suit's pattern strewn over the cloth, at spots each garment gives (clear of its trims).


def lozenges(pen: Pen, pal: Palette, spots) -> None:
    for x, y in spots:
        pen.lozenge(pal.gold, x, y, 0.02)


def rings(pen: Pen, pal: Palette, spots) -> None:
    for x, y in spots:
        pen.circle(pal.gold, x, y, 0.026)
        pen.circle(pal.robe, x, y, 0.01, outline=False)


def trefoils(pen: Pen, pal: Palette, spots) -> None:
    for x, y in spots:
        for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6):
            pen.circle(pal.gold, x + 0.018 * math.cos(a), y + 0.018 * math.sin(a), 0.014, False)


def dashes(pen: Pen, pal: Palette, spots) -> None:
    """Short slanting gold stitches, in pairs."""
    for x, y in spots:
        for dx in (-0.012, 0.012):
            pen.line(pal.gold, [(x + dx + 0.008, y - 0.025), (x + dx - 0.008, y + 0.025)], 0.012)


def ruff(pen: Pen, pal: Palette) -> None:
    """A pleated white ruff around the neck."""
    for i in range(9):
        x = 0.34 + i * 0.04
        pen.ellipse(pal.pearl, x, 0.64 + 0.02 * abs(i - 4) / 4, 0.03, 0.045)


def hand(pen: Pen, pal: Palette) -> None:
    """The right hand, gripping what the figure holds."""
    pen.ellipse(pal.skin, *HAND, 0.05, 0.045)


def king(pattern):
    """The king's robe strewn with ``pattern``, as one layer."""
    return partial(_king_robe, pattern=pattern)


def queen(pattern, neckline: str):
    """The queen's gown strewn with ``pattern``, cut to ``neckline``, as one layer."""
    return partial(_queen_gown, pattern=pattern, neckline=neckline)


def jack(pattern, collar: str):
    """The jack's doublet strewn with ``pattern``, with ``collar``, as one layer."""
    return partial(_jack_doublet, pattern=pattern, collar=collar)
