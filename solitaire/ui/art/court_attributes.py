"""What the court figures hold in the right hand (at HAND): sceptres, swords, axes, an
arrow, flowers and leaves, an orb. Drawn behind the figure unless the hand holds it up in
front (the orb)."""

from __future__ import annotations

import math

from .colours import Palette
from .court_heads import fleur
from .court_pen import HAND, Pen, pts
from .drawing import bezier, bezier_path


def sceptre(pen: Pen, pal: Palette) -> None:
    """A long gold sceptre with a fleur-de-lis on top."""
    x = HAND[0]
    pen.rect(pal.gold, x - 0.018, 0.16, x + 0.018, 1)
    pen.circle(pal.gold, x, 0.17, 0.03)
    fleur(pen, pal, x, 0.15, 0.14)


def raised_sword(pen: Pen, pal: Palette) -> None:
    """A sword held up behind the head, its point at the top left."""
    hilt, tip = (0.84, 0.7), (0.1, 0.08)
    dx, dy = tip[0] - hilt[0], tip[1] - hilt[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    half = 0.022
    blade = [
        (hilt[0] + nx * half, hilt[1] + ny * half),
        (tip[0] - ux * 0.06 + nx * half * 0.8, tip[1] - uy * 0.06 + ny * half * 0.8),
        tip,
        (tip[0] - ux * 0.06 - nx * half * 0.8, tip[1] - uy * 0.06 - ny * half * 0.8),
        (hilt[0] - nx * half, hilt[1] - ny * half),
    ]
    pen.poly(pal.steel, blade)
    pen.line(pal.line, [hilt, (tip[0] - ux * 0.08, tip[1] - uy * 0.08)], 0.006)
    guard = [(hilt[0] + nx * 0.07, hilt[1] + ny * 0.07), (hilt[0] - nx * 0.07, hilt[1] - ny * 0.07)]
    pen.stroke(pal.gold, guard, 0.022)


def upright_sword(pen: Pen, pal: Palette) -> None:
    """A sword held upright by the hilt."""
    x = HAND[0]
    pen.poly(pal.steel, f"{x - 0.024},0.7 {x - 0.02},0.1 {x},0.03 {x + 0.02},0.1 {x + 0.024},0.7")
    pen.line(pal.line, f"{x},0.68 {x},0.12", 0.006)
    pen.stroke(pal.gold, f"{x - 0.075},0.7 {x + 0.075},0.7", 0.024)
    for side in (-1, 1):
        pen.circle(pal.gold, x + side * 0.08, 0.7, 0.018)


def battle_axe(pen: Pen, pal: Palette) -> None:
    """A long axe with a crescent blade and a spike behind it."""
    x = HAND[0]
    pen.rect(pal.wood, x - 0.016, 0.04, x + 0.016, 1)
    blade = bezier_path(
        (x, 0.08),
        ((x + 0.1, 0.05), (x + 0.14, 0.0), (x + 0.15, -0.01)),
        ((x + 0.1, 0.12), (x + 0.1, 0.24), (x + 0.15, 0.36)),
        ((x + 0.12, 0.32), (x + 0.06, 0.26), (x, 0.25)),
    )
    pen.poly(pal.steel, blade)
    pen.poly(pal.steel, f"{x - 0.015},0.14 {x - 0.09},0.17 {x - 0.015},0.2")
    pen.rect(pal.gold, x - 0.025, 0.1, x + 0.025, 0.12)
    pen.rect(pal.gold, x - 0.025, 0.23, x + 0.025, 0.25)


def halberd(pen: Pen, pal: Palette) -> None:
    x = HAND[0]
    pen.rect(pal.wood, x - 0.015, 0.08, x + 0.015, 1)
    pen.poly(pal.steel, f"{x},0.12 {x + 0.12},0.06 {x + 0.14},0.16 {x + 0.12},0.27 {x},0.22")
    pen.poly(pal.steel, f"{x - 0.015},0.13 {x - 0.08},0.15 {x - 0.015},0.2")
    pen.poly(pal.steel, f"{x - 0.02},0.09 {x},-0.02 {x + 0.02},0.09")


def arrow(pen: Pen, pal: Palette) -> None:
    """An arrow held point up, its fletching below the hand."""
    x = HAND[0]
    pen.stroke(pal.wood, f"{x},0.98 {x},0.12", 0.018)
    pen.poly(pal.steel, f"{x},0.02 {x + 0.04},0.13 {x},0.11 {x - 0.04},0.13")
    for side in (-1, 1):
        vane = [(x, 0.84), (x + side * 0.045, 0.88), (x + side * 0.045, 0.97), (x, 0.94)]
        pen.poly(pal.jewel, vane)


def leaf(pen: Pen, pal: Palette) -> None:
    """A large leaf on its stalk, held up like a fan."""
    x = HAND[0]
    pen.stroke(pal.leaf, f"{x},0.8 {x - 0.005},0.46", 0.016)
    outline = bezier_path(
        (x, 0.48),
        ((x - 0.1, 0.4), (x - 0.1, 0.16), (x - 0.01, 0.03)),
        ((x + 0.1, 0.16), (x + 0.1, 0.4), (x, 0.48)),
    )
    pen.poly(pal.leaf, outline)
    pen.line(pal.line, f"{x},0.46 {x - 0.005},0.07", 0.006)
    for i in range(4):
        y = 0.4 - i * 0.08
        for side in (-1, 1):
            pen.line(pal.line, [(x, y), (x + side * 0.055, y - 0.05)], 0.005)


def rose(pen: Pen, pal: Palette) -> None:
    """A rose on a long stem."""
    x = HAND[0]
    pen.stroke(pal.leaf, f"{x},0.8 {x - 0.01},0.5 {x},0.2", 0.018)
    pen.ellipse(pal.leaf, x - 0.06, 0.46, 0.055, 0.022, angle=0.6)
    pen.ellipse(pal.leaf, x + 0.06, 0.34, 0.055, 0.022, angle=-0.6)
    for i in range(5):
        a = -math.pi / 2 + i * 2 * math.pi / 5
        pen.circle(pal.robe, x + 0.05 * math.cos(a), 0.15 + 0.05 * math.sin(a), 0.045)
    pen.circle(pal.gold, x, 0.15, 0.03)


def tulip(pen: Pen, pal: Palette) -> None:
    """A tulip: a cup of three petals on a stem with two long leaves."""
    x = HAND[0]
    pen.stroke(pal.leaf, f"{x},0.8 {x + 0.01},0.5 {x},0.24", 0.018)
    pen.poly(pal.leaf, f"{x},0.62 {x - 0.08},0.44 {x - 0.09},0.34 {x - 0.02},0.5")
    pen.poly(pal.leaf, f"{x},0.56 {x + 0.08},0.4 {x + 0.09},0.3 {x + 0.02},0.46")
    cup = pts("-0.07,0.08 -0.035,0.13 0,0.06 0.035,0.13 0.07,0.08 0.06,0.2 0,0.26 -0.06,0.2")
    pen.poly(pal.robe, [(x + dx, y) for dx, y in cup])
    pen.line(pal.gold, f"{x},0.1 {x},0.22", 0.01)


def laurel(pen: Pen, pal: Palette) -> None:
    """A sprig of laurel: a stem with leaves in pairs and a leaf at the tip."""
    x = HAND[0]
    stem = bezier((x, 0.8), (x - 0.02, 0.6), (x + 0.03, 0.3), (x - 0.01, 0.06), 12)
    pen.stroke(pal.leaf, stem, 0.014)
    for i, (sx, sy) in enumerate(stem[1:-1:2]):
        side = 1 if i % 2 else -1
        pen.ellipse(pal.leaf, sx + side * 0.045, sy, 0.05, 0.018, angle=-side * 0.7)
    pen.ellipse(pal.leaf, x - 0.01, 0.05, 0.018, 0.045)


def short_sceptre(pen: Pen, pal: Palette) -> None:
    """A short sceptre topped by a gold star with a jewel."""
    x = HAND[0]
    pen.rect(pal.gold, x - 0.014, 0.26, x + 0.014, 0.92)
    star = []
    for i in range(16):
        r = 0.075 if i % 2 == 0 else 0.035
        a = -math.pi / 2 + i * math.pi / 8
        star.append((x + r * math.cos(a), 0.18 + r * math.sin(a)))
    pen.poly(pal.gold, star)
    pen.circle(pal.jewel, x, 0.18, 0.022)


def orb(pen: Pen, pal: Palette) -> None:
    """A gold orb with a cross, held up on the palm (drawn after the hand)."""
    x, y = HAND[0] - 0.01, HAND[1] - 0.1
    pen.circle(pal.gold, x, y, 0.07)
    pen.line(pal.line, [(x - 0.07, y), (x + 0.07, y)], 0.008)
    pen.line(pal.line, [(x, y), (x, y + 0.07)], 0.008)
    pen.stroke(pal.gold, [(x, y - 0.07), (x, y - 0.15)], 0.018)
    pen.stroke(pal.gold, [(x - 0.035, y - 0.115), (x + 0.035, y - 0.115)], 0.018)
