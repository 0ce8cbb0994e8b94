"""The court figures' heads: faces, hair and beards, and the crowns and hats over them.

Each function draws one layer with a court_pen.Pen in the design units of the shared pose
(the head at HEAD); court_figures.py names the layers each of the twelve figures wears."""

from __future__ import annotations

import math

from .colours import Palette
from .court_pen import HEAD, Pen, pts
from .drawing import Point, bezier, bezier_path

# ---- faces, hair and beards


def face(pen: Pen, pal: Palette, rx: float = 0.13, ry: float = 0.165) -> None:
    cx, cy = HEAD
    pen.ellipse(pal.skin, cx, cy, rx, ry)
    for side in (-1, 1):
        eye_x = cx + side * rx * 0.4
        pen.ellipse(pal.line, eye_x, cy - ry * 0.05, rx * 0.17, ry * 0.075, outline=False)
        brow = [
            (eye_x + side * rx * 0.24, cy - ry * 0.24),
            (eye_x - side * rx * 0.2, cy - ry * 0.28),
        ]
        pen.line(pal.line, brow, 0.012)
    nose = [(cx + rx * 0.04, cy - ry * 0.05), (cx - rx * 0.1, cy + ry * 0.3)]
    pen.line(pal.line, nose + [(cx + rx * 0.1, cy + ry * 0.33)], 0.012)
    pen.line(pal.lips, [(cx - rx * 0.22, cy + ry * 0.56), (cx + rx * 0.22, cy + ry * 0.56)], 0.022)


def long_hair(pen: Pen, pal: Palette, hair: str) -> None:
    """Hair falling behind the head to the shoulders."""
    pen.poly(
        pal.hair[hair],
        "0.5,0.2 0.68,0.26 0.71,0.46 0.76,0.7 0.6,0.74 0.4,0.74 0.24,0.7 0.29,0.46 0.32,0.26",
    )


def fringe(pen: Pen, pal: Palette, hair: str) -> None:
    pen.poly(
        pal.hair[hair], "0.37,0.4 0.38,0.29 0.5,0.25 0.62,0.29 0.63,0.4 0.57,0.31 0.5,0.3 0.43,0.31"
    )


def curls(pen: Pen, pal: Palette, hair: str, spread: float = 0.14) -> None:
    """Short hair curling out below a hat on both sides."""
    for side in (-1, 1):
        pen.circle(pal.hair[hair], 0.5 + side * spread, 0.42, 0.06)
        pen.circle(pal.hair[hair], 0.5 + side * (spread - 0.005), 0.52, 0.05)


def braids(pen: Pen, pal: Palette, hair: str) -> None:
    """Two plaits hanging in front of the shoulders."""
    for side in (-1, 1):
        pen.ellipse(pal.hair[hair], 0.5 + side * 0.15, 0.36, 0.07, 0.1)
        for i in range(5):
            pen.ellipse(
                pal.hair[hair], 0.5 + side * (0.16 + 0.008 * i), 0.46 + i * 0.065, 0.042, 0.04
            )


def veil(pen: Pen, pal: Palette, cloth: str) -> None:
    """A veil of the palette's ``cloth`` colour hanging from the crown to the shoulders."""
    colour = getattr(pal, cloth)
    pen.poly(colour, "0.5,0.17 0.7,0.23 0.76,0.45 0.84,0.72 0.16,0.72 0.24,0.45 0.3,0.23")


def wimple(pen: Pen, pal: Palette) -> None:
    """White linen framing the face and covering the neck."""
    pen.ellipse(pal.pearl, 0.5, 0.4, 0.175, 0.215)
    pen.poly(pal.pearl, "0.34,0.46 0.5,0.66 0.66,0.46 0.7,0.66 0.5,0.72 0.3,0.66")


def beard(pen: Pen, pal: Palette, hair: str, length: float = 0.67, forked=False) -> None:
    """A full beard from ear to ear ending ``length`` down, with a moustache over it."""
    colour = pal.hair[hair]
    tip = [(0.46, length - 0.02), (0.5, length - 0.07), (0.54, length - 0.02)] if forked else []
    chin = [(0.43, length - 0.04)] + (tip or [(0.5, length)]) + [(0.57, length - 0.04)]
    points = [(0.36, 0.38), (0.37, 0.53)] + chin + [(0.63, 0.53), (0.64, 0.38)]
    pen.poly(colour, points + pts("0.6,0.48 0.5,0.5 0.4,0.48"))
    moustache(pen, pal, hair)


def curly_beard(pen: Pen, pal: Palette, hair: str) -> None:
    """A short beard of curls along the jaw."""
    colour = pal.hair[hair]
    for i in range(7):
        a = math.pi * (0.05 + 0.9 * i / 6)
        pen.circle(colour, 0.5 + 0.13 * math.cos(a), 0.47 + 0.13 * math.sin(a), 0.04)
    pen.poly(colour, "0.39,0.49 0.5,0.53 0.61,0.49 0.6,0.58 0.5,0.62 0.4,0.58", outline=False)
    moustache(pen, pal, hair)


def moustache(pen: Pen, pal: Palette, hair: str) -> None:
    pen.poly(pal.hair[hair], "0.41,0.48 0.5,0.455 0.59,0.48 0.56,0.505 0.5,0.49 0.44,0.505")


# ---- crowns and hats


def _crown_band(pen: Pen, pal: Palette, top: float = 0.21, bottom: float = 0.28) -> None:
    pen.rect(pal.gold, 0.33, top, 0.67, bottom)
    middle = (top + bottom) / 2
    for x, colour in ((0.41, pal.jewel), (0.5, pal.tunic), (0.59, pal.jewel)):
        pen.lozenge(colour, x, middle, 0.018)


def pearl_crown(pen: Pen, pal: Palette) -> None:
    """Five points with pearls over a velvet cap."""
    pen.poly(pal.jewel, "0.38,0.24 0.42,0.1 0.5,0.07 0.58,0.1 0.62,0.24")
    pen.poly(pal.gold, "0.34,0.27 0.32,0.05 0.42,0.15 0.5,0.01 0.58,0.15 0.68,0.05 0.66,0.27")
    _crown_band(pen, pal)
    for x, y in ((0.32, 0.04), (0.5, 0.01), (0.68, 0.04)):
        pen.circle(pal.pearl, x, y, 0.022)


def fleur(pen: Pen, pal: Palette, cx: float, base: float, size: float) -> None:
    """A fleur-de-lis standing on ``base``: a tall middle petal, two curling side petals."""
    s = size
    pen.poly(
        pal.gold,
        [
            (cx, base - s),
            (cx + 0.3 * s, base - 0.55 * s),
            (cx, base),
            (cx - 0.3 * s, base - 0.55 * s),
        ],
    )
    for side in (-1, 1):
        petal = bezier_path(
            (cx + side * 0.1 * s, base - 0.1 * s),
            (
                (cx + side * 0.45 * s, base - 0.2 * s),
                (cx + side * 0.7 * s, base - 0.6 * s),
                (cx + side * 0.55 * s, base - 0.75 * s),
            ),
            (
                (cx + side * 0.55 * s, base - 0.4 * s),
                (cx + side * 0.35 * s, base - 0.15 * s),
                (cx + side * 0.1 * s, base - 0.3 * s),
            ),
        )
        pen.poly(pal.gold, petal)
    pen.rect(pal.gold, cx - 0.28 * s, base - 0.22 * s, cx + 0.28 * s, base - 0.08 * s)


def fleur_crown(pen: Pen, pal: Palette) -> None:
    pen.poly(pal.jewel, "0.37,0.24 0.4,0.12 0.5,0.09 0.6,0.12 0.63,0.24")
    for x in (0.36, 0.5, 0.64):
        fleur(pen, pal, x, 0.22, 0.16 if x == 0.5 else 0.12)
    _crown_band(pen, pal)


def imperial_crown(pen: Pen, pal: Palette) -> None:
    """A closed crown: velvet under two gold arches, an orb and cross on top."""
    pen.poly(pal.jewel, "0.35,0.23 0.36,0.12 0.42,0.07 0.5,0.055 0.58,0.07 0.64,0.12 0.65,0.23")
    for side in (-1, 1):
        arch = bezier(
            (0.5 + side * 0.15, 0.22),
            (0.5 + side * 0.16, 0.08),
            (0.5 + side * 0.05, 0.05),
            (0.5, 0.055),
            10,
        )
        pen.stroke(pal.gold, arch, 0.022)
    pen.stroke(pal.gold, "0.5,0.22 0.5,0.06", 0.022)
    for y in (0.09, 0.13, 0.17):
        pen.circle(pal.pearl, 0.5, y, 0.011)
    pen.circle(pal.gold, 0.5, 0.035, 0.025)
    pen.stroke(pal.gold, "0.5,0.01 0.5,-0.03", 0.01)
    _crown_band(pen, pal, 0.2, 0.28)


def trefoil_crown(pen: Pen, pal: Palette) -> None:
    """Tall points each ending in three gold balls."""
    pen.poly(
        pal.gold,
        "0.34,0.27 0.33,0.1 0.385,0.17 0.43,0.07 0.5,0.16 0.57,0.07 0.615,0.17 0.67,0.1 0.66,0.27",
    )
    for x, y in ((0.33, 0.08), (0.43, 0.05), (0.57, 0.05), (0.67, 0.08)):
        for dx, dy in ((-0.017, 0.0), (0.017, 0.0), (0.0, -0.022)):
            pen.circle(pal.gold, x + dx, y + dy, 0.015)
    _crown_band(pen, pal)


def tiara(pen: Pen, pal: Palette) -> None:
    """Three rounded peaks with pearls and a centre jewel."""
    pen.poly(
        pal.gold, "0.36,0.28 0.38,0.17 0.44,0.21 0.5,0.09 0.56,0.21 0.62,0.17 0.64,0.28 0.5,0.25"
    )
    for x, y in ((0.38, 0.16), (0.5, 0.08), (0.62, 0.16)):
        pen.circle(pal.pearl, x, y, 0.02)
    pen.lozenge(pal.jewel, 0.5, 0.205, 0.022)


def spiked_crown(pen: Pen, pal: Palette) -> None:
    """A narrow crown of seven sharp points."""
    points = [(0.36, 0.28)]
    for i in range(7):
        x = 0.36 + 0.28 * i / 6
        points += [(x, 0.11 if i % 2 == 0 else 0.15), (x + 0.02, 0.22)] if i < 6 else [(x, 0.11)]
    pen.poly(pal.gold, points + [(0.64, 0.28)])
    pen.rect(pal.gold, 0.355, 0.22, 0.645, 0.28)
    for x in (0.42, 0.5, 0.58):
        pen.circle(pal.jewel, x, 0.25, 0.014)


def lozenge_crown(pen: Pen, pal: Palette) -> None:
    """Diamond-shaped plates standing on the band."""
    pen.poly(pal.jewel, "0.38,0.24 0.41,0.14 0.5,0.11 0.59,0.14 0.62,0.24")
    for x, top in ((0.38, 0.13), (0.5, 0.07), (0.62, 0.13)):
        pen.poly(
            pal.gold, [(x, top), (x + 0.045, top + 0.06), (x, top + 0.12), (x - 0.045, top + 0.06)]
        )
        pen.lozenge(pal.jewel, x, top + 0.06, 0.015)
    _crown_band(pen, pal, 0.22, 0.28)


def circlet(pen: Pen, pal: Palette) -> None:
    """A thin gold band with three small flowers, worn over a wimple."""
    pen.rect(pal.gold, 0.33, 0.2, 0.67, 0.245)
    for x in (0.38, 0.5, 0.62):
        for a in range(5):
            t = a * 2 * math.pi / 5
            pen.circle(pal.gold, x + 0.02 * math.cos(t), 0.19 + 0.02 * math.sin(t), 0.014, False)
        pen.circle(pal.jewel, x, 0.19, 0.011, outline=False)


def _feather(pen: Pen, pal: Palette, root: Point, tip: Point, bend: float) -> None:
    """A plume from ``root`` to ``tip``, curving by ``bend`` to the side."""
    (x0, y0), (x1, y1) = root, tip
    mid = ((x0 + x1) / 2 + bend, (y0 + y1) / 2)
    plume = bezier_path(
        (x0, y0),
        ((mid[0] - 0.06, mid[1] + 0.04), (x1 - 0.04, y1 + 0.06), (x1, y1)),
        ((x1 + 0.05, y1 + 0.05), (mid[0] + 0.06, mid[1] - 0.02), (x0 + 0.05, y0 - 0.01)),
    )
    pen.poly(pal.pearl, plume)
    pen.line(pal.gold, bezier((x0 + 0.02, y0), mid, mid, (x1, y1), 8), 0.01)


def plumed_cap(pen: Pen, pal: Palette) -> None:
    """A domed cap with a gold band and a long white feather swept back."""
    _feather(pen, pal, (0.42, 0.24), (0.06, 0.0), -0.02)
    pen.poly(pal.robe, "0.32,0.31 0.33,0.21 0.42,0.14 0.54,0.12 0.66,0.16 0.72,0.25 0.7,0.31")
    pen.rect(pal.gold, 0.31, 0.27, 0.71, 0.33)
    pen.lozenge(pal.jewel, 0.5, 0.3, 0.02)


def beret(pen: Pen, pal: Palette) -> None:
    """A wide flat beret worn at a slant, a brooch and a short feather."""
    _feather(pen, pal, (0.66, 0.2), (0.88, 0.02), 0.02)
    pen.ellipse(pal.robe, 0.48, 0.22, 0.25, 0.075, angle=-0.12)
    pen.poly(pal.tunic, "0.33,0.32 0.34,0.25 0.66,0.23 0.67,0.31")
    pen.circle(pal.gold, 0.62, 0.23, 0.03)
    pen.circle(pal.jewel, 0.62, 0.23, 0.014, outline=False)


def brimmed_hat(pen: Pen, pal: Palette) -> None:
    """A tall round hat with a wide brim turned up, a feather curling over it."""
    pen.poly(pal.robe, "0.37,0.27 0.36,0.12 0.42,0.06 0.58,0.06 0.64,0.12 0.63,0.27")
    pen.rect(pal.gold, 0.365, 0.2, 0.635, 0.24)
    pen.ellipse(pal.tunic, 0.5, 0.29, 0.25, 0.05)
    _feather(pen, pal, (0.6, 0.2), (0.32, 0.0), 0.06)


def rolled_hood(pen: Pen, pal: Palette) -> None:
    """A chaperon: a soft crown over a padded roll, the cloth falling on one side."""
    pen.poly(pal.robe, "0.64,0.25 0.76,0.36 0.8,0.56 0.72,0.6 0.7,0.4 0.62,0.3")
    pen.poly(pal.robe, "0.36,0.25 0.35,0.12 0.46,0.06 0.6,0.08 0.66,0.2 0.64,0.25")
    pen.ellipse(pal.tunic, 0.5, 0.255, 0.2, 0.055)
    for i in range(5):
        pen.line(pal.gold, [(0.36 + 0.07 * i, 0.21), (0.38 + 0.07 * i, 0.3)], 0.01)
