"""Procedural card art: faces, backs, empty-pile outlines, highlights and table backgrounds.

Everything is drawn by this module at the exact pixel size asked for; nothing is loaded from
disk. pygame's default font supplies the rank letters and digits, and the suit symbols are
polygons and circles because that font has no suit glyphs.

Shapes are anti-aliased by drawing them several times larger than needed and shrinking the
result with ``pygame.transform.smoothscale``. Small parts (pips, corner indices) are rendered
once per size and then blitted, so a whole deck costs little more than a few hundred blits.

Public API:

* ``CardArt(width, height, *, four_color=False, mono=False, back=BACKS[0])`` with
  ``face(rank, suit)``, ``back_surface()``, ``outline(kind, suit=None)``,
  ``highlight(kind="select")``, ``shadow(height=None)`` with ``shadow_offset`` (a lift
  shadow to blit under dragged cards) and ``index_height``; every picture is drawn on first
  use and cached in the instance, so make a new CardArt when the card size changes.
* ``table_surface(name, width, height, *, mono=False)`` for the backgrounds in ``TABLES``.
* ``suit_stamp(suit, size, colour, *, hollow=False)``: a lone suit symbol, for any UI that
  needs one (pygame's default font cannot draw them).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache, partial

import pygame

from ...model.vocabulary import Outline

__all__ = ["BACKS", "SUITS", "TABLES", "CardArt", "suit_stamp", "table_surface"]

SUITS = "CDHS"
RED_SUITS = "DH"
RANK_LABELS = {1: "A", 11: "J", 12: "Q", 13: "K"}
BACKS = ["classic blue lattice", "red diamonds", "green guilloche", "black & gold"]
TABLES = ["green felt", "blue baize", "walnut", "dark slate", "burgundy"]
HIGHLIGHT_KINDS = ("select", "target")

Colour = tuple[int, int, int]
Point = tuple[float, float]

# Below this card width a court card shows its figure's head alone, enlarged (HEAD_BOX): a
# whole figure turns to mush when the panel is 17 pixels wide, a crowned head still reads.
EMBLEM_COURT_WIDTH = 72

SHADOW_ALPHA = 100  # the darkest a lift shadow gets, under the middle of the cards
SHADOWS_KEPT = 8  # lift shadows kept, one per run height

PAPER: Colour = (252, 252, 252)
CARD_EDGE: Colour = (148, 148, 148)
BLACK_INK: Colour = (24, 24, 30)
RED_INK: Colour = (200, 22, 42)
BLUE_INK: Colour = (22, 86, 200)
GREEN_INK: Colour = (14, 128, 56)
MONO_INK: Colour = (0, 0, 0)

SUIT_INK = {"C": BLACK_INK, "D": RED_INK, "H": RED_INK, "S": BLACK_INK}
FOUR_COLOUR_INK = {"C": GREEN_INK, "D": BLUE_INK, "H": RED_INK, "S": BLACK_INK}


# --------------------------------------------------------------------------------------------
# Small geometry helpers


def _bezier(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = 18) -> list[Point]:
    """Points along a cubic Bezier curve, excluding its start point."""
    points = []
    for i in range(1, steps + 1):
        t = i / steps
        a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t**3
        points.append(
            (
                a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1],
            )
        )
    return points


def _path(start: Point, *curves: tuple[Point, Point, Point]) -> list[Point]:
    """A polyline starting at ``start`` and following cubic curves given as (c1, c2, end)."""
    points = [start]
    for c1, c2, end in curves:
        points += _bezier(points[-1], c1, c2, end)
    return points


def _mirrored(left_half: list[Point]) -> list[Point]:
    """Complete a symmetric outline whose left half runs from the top centre to the bottom."""
    return left_half + [(1 - x, y) for x, y in reversed(left_half)]


@cache
def _unit_circle(steps: int) -> tuple[tuple[float, float], ...]:
    return tuple(
        (math.cos(2 * math.pi * i / steps), math.sin(2 * math.pi * i / steps)) for i in range(steps)
    )


def _ellipse_points(
    cx: float, cy: float, rx: float, ry: float, angle: float = 0.0, steps: int = 40
) -> list[Point]:
    if not angle:
        return [(cx + rx * cos_t, cy + ry * sin_t) for cos_t, sin_t in _unit_circle(steps)]
    cos_a, sin_a = math.cos(angle), math.sin(angle)
    points = []
    for cos_t, sin_t in _unit_circle(steps):
        x, y = rx * cos_t, ry * sin_t
        points.append((cx + x * cos_a - y * sin_a, cy + x * sin_a + y * cos_a))
    return points


def _ring_points(cx: float, cy: float, r_out: float, r_in: float, start: float, end: float):
    """A thick arc as one polygon; pygame's own thick arcs leave pinholes."""
    steps = 48
    angles = [start + (end - start) * i / steps for i in range(steps + 1)]
    outer = [(cx + r_out * math.cos(a), cy - r_out * math.sin(a)) for a in angles]
    inner = [(cx + r_in * math.cos(a), cy - r_in * math.sin(a)) for a in reversed(angles)]
    return outer + inner


# --------------------------------------------------------------------------------------------
# Suit shapes, in a unit box: x and y run 0..1, y pointing down


@dataclass(frozen=True)
class _Shape:
    polygons: tuple[tuple[Point, ...], ...]
    circles: tuple[tuple[float, float, float], ...] = ()


def _heart() -> _Shape:
    left = _path(
        (0.5, 0.23),
        ((0.44, 0.05), (0.33, 0.0), (0.25, 0.0)),
        ((0.1, 0.0), (0.0, 0.12), (0.0, 0.3)),
        ((0.0, 0.56), (0.36, 0.74), (0.5, 1.0)),
    )
    return _Shape((tuple(_mirrored(left)),))


def _diamond() -> _Shape:
    left = _path(
        (0.5, 0.0),
        ((0.4, 0.16), (0.25, 0.36), (0.11, 0.5)),
        ((0.25, 0.64), (0.4, 0.84), (0.5, 1.0)),
    )
    return _Shape((tuple(_mirrored(left)),))


def _spade() -> _Shape:
    left = _path(
        (0.5, 0.0),
        ((0.38, 0.18), (0.0, 0.36), (0.0, 0.6)),
        ((0.0, 0.74), (0.12, 0.82), (0.26, 0.82)),
        ((0.36, 0.82), (0.43, 0.77), (0.47, 0.71)),
        ((0.46, 0.86), (0.4, 0.96), (0.29, 1.0)),
        ((0.36, 1.0), (0.43, 1.0), (0.5, 1.0)),
    )
    return _Shape((tuple(_mirrored(left)),))


def _club() -> _Shape:
    stem = _path(
        (0.5, 0.5),
        ((0.49, 0.6), (0.47, 0.66), (0.47, 0.68)),
        ((0.46, 0.86), (0.4, 0.96), (0.29, 1.0)),
        ((0.36, 1.0), (0.43, 1.0), (0.5, 1.0)),
    )
    lobes = ((0.5, 0.25, 0.235), (0.25, 0.57, 0.235), (0.75, 0.57, 0.235), (0.5, 0.52, 0.13))
    return _Shape((tuple(_mirrored(stem)),), lobes)


SHAPES = {"C": _club(), "D": _diamond(), "H": _heart(), "S": _spade()}


def _draw_shape(surface: pygame.Surface, suit: str, rect: pygame.Rect, colour) -> None:
    shape = SHAPES[suit]
    x0, y0, w, h = rect
    for polygon in shape.polygons:
        pygame.draw.polygon(surface, colour, [(x0 + x * w, y0 + y * h) for x, y in polygon])
    for cx, cy, r in shape.circles:
        pygame.draw.circle(surface, colour, (x0 + cx * w, y0 + cy * h), r * min(w, h))


def _suit_layer(suit: str, size: tuple[int, int], inset: float, colour, grow: float = 0):
    """The suit filled with ``colour``, grown (or shrunk when negative) by ``grow`` pixels.

    Growing and shrinking stroke the shape's traced outline with round-ended thick lines, which
    keeps the band equally wide around curves, notches and the club's overlapping lobes.
    """
    layer = pygame.Surface(size, pygame.SRCALPHA)
    layer.fill((*colour, 0))
    box = pygame.Rect(0, 0, *size).inflate(-2 * inset, -2 * inset)
    _draw_shape(layer, suit, box, colour)
    if grow:
        outline = pygame.mask.from_surface(layer).outline(2)
        pen = (*colour, 255) if grow > 0 else (*colour, 0)
        radius = abs(grow)
        pygame.draw.lines(layer, pen, True, outline, max(1, round(2 * radius)))
        for point in outline:
            pygame.draw.circle(layer, pen, point, radius)
    return layer


def _supersample(size: tuple[int, int]) -> int:
    """How many times larger to draw before shrinking: small art needs more smoothing.

    Only powers of two: smoothscale by 3, 5 or 6 loses 2/255 of every pixel, so a card
    shrunk by 3 came out with alpha 253 and the cards under it showed through."""
    return 4 if min(size) < 120 else 2


def suit_stamp(suit: str, size: tuple[int, int], colour, *, hollow: bool = False):
    """An anti-aliased suit symbol exactly ``size`` pixels; hollow draws only a thick outline."""
    factor = _supersample(size)
    big_size = (size[0] * factor, size[1] * factor)
    big = _suit_layer(suit, big_size, 0, colour)
    if hollow:
        stroke = max(factor, min(big_size) * 0.11)
        big.blit(_suit_layer(suit, big_size, 0, PAPER, grow=-stroke), (0, 0))
    return pygame.transform.smoothscale(big, size)


def _ace_stamp(suit: str, size: int, colour, *, hollow: bool) -> pygame.Surface:
    """The Ace's large pip: a thin halo ring around it and an engraved line inside."""
    factor = _supersample((size, size))
    big_size = (size * factor, size * factor)
    unit = size * factor / 100
    gap, ring = 3.2 * unit, 1.1 * unit
    inset = gap + ring + unit

    def layer(paint, grow=0.0):
        return _suit_layer(suit, big_size, inset, paint, grow)

    stamp = layer(colour, gap + ring)
    stamp.blit(layer(PAPER, gap), (0, 0))
    stamp.blit(layer(colour), (0, 0))
    if hollow:
        stamp.blit(layer(PAPER, -3.2 * unit), (0, 0))
    else:
        stamp.blit(layer(PAPER, -3.0 * unit), (0, 0))
        stamp.blit(layer(colour, -4.2 * unit), (0, 0))
    return pygame.transform.smoothscale(stamp, (size, size))


# --------------------------------------------------------------------------------------------
# Colours for one suit

HAIR_COLOURS = ("brown", "blonde", "raven", "auburn", "white")


@dataclass(frozen=True)
class _Palette:
    ink: Colour  # pips, indices, outlines of hollow suits
    robe: Colour  # the cloak of the court figures, in the suit's colour
    tunic: Colour  # the garment under the cloak, one colour per suit
    jewel: Colour  # stones, velvet caps, the odd ribbon
    gold: Colour
    skin: Colour
    line: Colour  # outlines of court drawings
    panel: Colour  # background inside the court frame
    steel: Colour
    leaf: Colour
    lips: Colour
    wood: Colour
    pearl: Colour
    hair: dict[str, Colour]  # by name, one of HAIR_COLOURS


BLUE_CLOTH: Colour = (36, 74, 168)
CRIMSON_CLOTH: Colour = (150, 30, 40)
# The garment under the cloak differs by suit, never in the suit's own ink, and never red on a
# black suit: "no red on spades" is how players tell the colours apart at a glance.
TUNICS = {"S": BLUE_CLOTH, "H": (234, 192, 74), "D": (52, 122, 80), "C": (204, 146, 56)}


def _palette(suit: str, *, four_color: bool, mono: bool) -> _Palette:
    if mono:
        red = suit in RED_SUITS
        # Red suits get a pale robe so the courts stay distinguishable without colour.
        return _Palette(
            ink=MONO_INK,
            robe=(170, 170, 170) if red else (40, 40, 40),
            tunic=(110, 110, 110) if red else (150, 150, 150),
            jewel=(70, 70, 70) if red else (120, 120, 120),
            gold=(215, 215, 215),
            skin=(255, 255, 255),
            line=(0, 0, 0),
            panel=(255, 255, 255),
            steel=(200, 200, 200),
            leaf=(120, 120, 120),
            lips=(0, 0, 0),
            wood=(120, 120, 120),
            pearl=(255, 255, 255),
            hair=dict(
                zip(HAIR_COLOURS, [(90,) * 3, (165,) * 3, (45,) * 3, (120,) * 3, (225,) * 3])
            ),
        )
    ink = (FOUR_COLOUR_INK if four_color else SUIT_INK)[suit]
    # A pure black cloak swallows its own outlines and trim; charcoal keeps the folds readable.
    robe = (50, 52, 64) if ink == BLACK_INK else ink
    reddish = suit in RED_SUITS or ink == BLUE_INK
    return _Palette(
        ink=ink,
        robe=robe,
        tunic=TUNICS[suit],
        jewel=CRIMSON_CLOTH if reddish else BLUE_CLOTH,
        gold=(226, 178, 52),
        skin=(250, 224, 200),
        line=(30, 26, 26),
        panel=(255, 251, 240),
        steel=(178, 186, 198),
        leaf=(58, 140, 70),
        lips=(200, 124, 112),
        wood=(150, 104, 52),
        pearl=(250, 250, 250),
        hair=dict(
            zip(
                HAIR_COLOURS,
                [(120, 78, 40), (214, 166, 72), (44, 40, 44), (176, 84, 40), (236, 234, 228)],
            )
        ),
    )


# --------------------------------------------------------------------------------------------
# Court figures


def _pts(spec: str) -> list[Point]:
    """Parse "x,y x,y ..." into points: artwork coordinates read best in this compact form."""
    return [tuple(float(v) for v in pair.split(",")) for pair in spec.split()]


class _Pen:
    """Draws in design units: one unit is the width of the figure's box; y points down.

    The pen records what it is asked to draw and draws it later, with ``draw``: a figure is
    measured first (``bounds``) and then scaled and placed to fit its half of the card."""

    def __init__(self, line: Colour):
        self.line_colour = line
        # (kind, colour, points, outline or width, may cross the split), in design units
        self.marks: list[tuple] = []
        self.crossing = False  # set while drawing the parts that run down past the split

    def poly(self, colour, points: str | list[Point], outline: bool = True) -> None:
        if isinstance(points, str):
            points = _pts(points)
        self.marks.append(("poly", colour, points, outline, self.crossing))

    def rect(self, colour, left: float, top: float, right: float, bottom: float) -> None:
        self.poly(colour, [(left, top), (right, top), (right, bottom), (left, bottom)])

    def ellipse(self, colour, cx, cy, rx, ry, angle=0.0, outline: bool = True) -> None:
        steps = 40 if max(rx, ry) > 0.03 else 16  # a pearl needs no forty corners
        self.poly(colour, _ellipse_points(cx, cy, rx, ry, angle, steps), outline)

    def circle(self, colour, cx, cy, r, outline: bool = True) -> None:
        self.ellipse(colour, cx, cy, r, r, outline=outline)

    def lozenge(self, colour, cx, cy, r, outline: bool = True) -> None:
        points = [(cx, cy - r * 1.4), (cx + r, cy), (cx, cy + r * 1.4), (cx - r, cy)]
        self.poly(colour, points, outline)

    def line(self, colour, points: str | list[Point], width: float) -> None:
        """A stroke ``width`` design units thick with round ends."""
        if isinstance(points, str):
            points = _pts(points)
        self.marks.append(("line", colour, points, width, self.crossing))

    def stroke(self, colour, points: str | list[Point], width: float) -> None:
        """A line with the outline colour around it: a shaft, a stem, an arch."""
        if isinstance(points, str):
            points = _pts(points)
        self.marks.append(("stroke", colour, points, width, self.crossing))

    def bounds(self, pad: float = 0.0, fixed_only: bool = False) -> tuple[float, ...]:
        """(left, top, right, bottom) of everything drawn, ``pad`` wider for outlines; with
        ``fixed_only``, of what lies above the split alone (the head, not the garment)."""
        marks = [mark for mark in self.marks if not (fixed_only and mark[4])]
        # Polygons all grow by ``pad``: their points are measured in one go.
        xs, ys = zip(*[point for mark in marks if mark[0] == "poly" for point in mark[2]])
        left, top, right, bottom = min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad
        for kind, _, points, width, _ in marks:
            if kind != "poly":
                grow = width / 2 + (pad if kind == "stroke" else 0)
                xs, ys = zip(*points)
                left, right = min(left, min(xs) - grow), max(right, max(xs) + grow)
                top, bottom = min(top, min(ys) - grow), max(bottom, max(ys) + grow)
        return left, top, right, bottom

    def draw(self, surface: pygame.Surface, origin: Point, unit: float, line_width: int) -> None:
        """Draw the marks with the design box's top left at ``origin``, ``unit`` pixels wide,
        outlines ``line_width`` pixels."""
        ox, oy = origin
        outline_colour = self.line_colour
        for kind, colour, points, extra, _ in self.marks:
            pts = [(ox + x * unit, oy + y * unit) for x, y in points]
            if kind == "poly":
                pygame.draw.polygon(surface, colour, pts)
                if extra:
                    pygame.draw.polygon(surface, outline_colour, pts, line_width)
                continue
            width = extra * unit
            if kind == "stroke":
                _round_line(surface, outline_colour, pts, width + 2 * line_width)
            _round_line(surface, colour, pts, width)


def _round_line(surface: pygame.Surface, colour, pts: list[Point], width: float) -> None:
    pygame.draw.lines(surface, colour, False, pts, max(1, round(width)))
    for end in (pts[0], pts[-1]):
        pygame.draw.circle(surface, colour, end, width / 2)


# All figures share one pose so the twelve read as a set: the head at HEAD, the garment (one
# cut per rank) running down past the split line, and the right hand at HAND holding the
# figure's attribute. The waist, (0.5, 1), sits on the card's centre; the split between the
# two halves runs through it, tilted as on printed court cards: it drops SPLIT_TILT for each
# unit to the left. Only the garment and the staff in the hand cross it (the figures are drawn
# so); the whole figure is measured and scaled to lie inside its half, clear of the frame.
HEAD = (0.5, 0.4)
HAND = (0.86, 0.77)
SPLIT_TILT = 0.36


# ---- faces, hair and beards


def _face(pen: _Pen, pal: _Palette, rx: float = 0.13, ry: float = 0.165) -> None:
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


def _long_hair(pen: _Pen, pal: _Palette, hair: str) -> None:
    """Hair falling behind the head to the shoulders."""
    pen.poly(
        pal.hair[hair],
        "0.5,0.2 0.68,0.26 0.71,0.46 0.76,0.7 0.6,0.74 0.4,0.74 0.24,0.7 0.29,0.46 0.32,0.26",
    )


def _fringe(pen: _Pen, pal: _Palette, hair: str) -> None:
    pen.poly(
        pal.hair[hair], "0.37,0.4 0.38,0.29 0.5,0.25 0.62,0.29 0.63,0.4 0.57,0.31 0.5,0.3 0.43,0.31"
    )


def _curls(pen: _Pen, pal: _Palette, hair: str, spread: float = 0.14) -> None:
    """Short hair curling out below a hat on both sides."""
    for side in (-1, 1):
        pen.circle(pal.hair[hair], 0.5 + side * spread, 0.42, 0.06)
        pen.circle(pal.hair[hair], 0.5 + side * (spread - 0.005), 0.52, 0.05)


def _braids(pen: _Pen, pal: _Palette, hair: str) -> None:
    """Two plaits hanging in front of the shoulders."""
    for side in (-1, 1):
        pen.ellipse(pal.hair[hair], 0.5 + side * 0.15, 0.36, 0.07, 0.1)
        for i in range(5):
            pen.ellipse(
                pal.hair[hair], 0.5 + side * (0.16 + 0.008 * i), 0.46 + i * 0.065, 0.042, 0.04
            )


def _veil(pen: _Pen, pal: _Palette, cloth: str) -> None:
    """A veil of the palette's ``cloth`` colour hanging from the crown to the shoulders."""
    colour = getattr(pal, cloth)
    pen.poly(colour, "0.5,0.17 0.7,0.23 0.76,0.45 0.84,0.72 0.16,0.72 0.24,0.45 0.3,0.23")


def _wimple(pen: _Pen, pal: _Palette) -> None:
    """White linen framing the face and covering the neck."""
    pen.ellipse(pal.pearl, 0.5, 0.4, 0.175, 0.215)
    pen.poly(pal.pearl, "0.34,0.46 0.5,0.66 0.66,0.46 0.7,0.66 0.5,0.72 0.3,0.66")


def _beard(pen: _Pen, pal: _Palette, hair: str, length: float = 0.67, forked=False) -> None:
    """A full beard from ear to ear ending ``length`` down, with a moustache over it."""
    colour = pal.hair[hair]
    tip = [(0.46, length - 0.02), (0.5, length - 0.07), (0.54, length - 0.02)] if forked else []
    chin = [(0.43, length - 0.04)] + (tip or [(0.5, length)]) + [(0.57, length - 0.04)]
    points = [(0.36, 0.38), (0.37, 0.53)] + chin + [(0.63, 0.53), (0.64, 0.38)]
    pen.poly(colour, points + _pts("0.6,0.48 0.5,0.5 0.4,0.48"))
    _moustache(pen, pal, hair)


def _curly_beard(pen: _Pen, pal: _Palette, hair: str) -> None:
    """A short beard of curls along the jaw."""
    colour = pal.hair[hair]
    for i in range(7):
        a = math.pi * (0.05 + 0.9 * i / 6)
        pen.circle(colour, 0.5 + 0.13 * math.cos(a), 0.47 + 0.13 * math.sin(a), 0.04)
    pen.poly(colour, "0.39,0.49 0.5,0.53 0.61,0.49 0.6,0.58 0.5,0.62 0.4,0.58", outline=False)
    _moustache(pen, pal, hair)


def _moustache(pen: _Pen, pal: _Palette, hair: str) -> None:
    pen.poly(pal.hair[hair], "0.41,0.48 0.5,0.455 0.59,0.48 0.56,0.505 0.5,0.49 0.44,0.505")


# ---- garments: one cut for each rank, in the suit's colours and pattern
#
# A garment runs from the neck down past the split (y = 1 in the middle) and stays inside
# x = 0.04..0.96. Drawn with ``pen.crossing`` set: the split cuts it, and nothing else.


def _neck(pen: _Pen, pal: _Palette, bottom: float = 0.66) -> None:
    pen.poly(pal.skin, f"0.44,0.5 0.56,0.5 0.57,{bottom} 0.43,{bottom}")


def _king_robe(pen: _Pen, pal: _Palette, pattern) -> None:
    """A long mantle open over the tunic, edged with ermine, an ermine cape on the shoulders
    and a wide sleeve with an ermine cuff."""
    _neck(pen, pal)
    pen.poly(pal.robe, _mirrored(_pts("0.5,0.63 0.34,0.64 0.18,0.7 0.09,0.78 0.05,0.9 0.05,1.3")))
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


ERMINE_TAIL = _pts(
    "0,0.018 0.011,0 0.017,-0.026 0.005,-0.012 0,-0.03 -0.005,-0.012 -0.017,-0.026 -0.011,0"
)


def _ermine_tail(pen: _Pen, pal: _Palette, x: float, y: float) -> None:
    """The black tip of an ermine's tail: a drop with three points on top, as heralds draw it."""
    pen.poly(pal.line, [(x + dx, y + dy) for dx, dy in ERMINE_TAIL], outline=False)


def _ermine_cape(pen: _Pen, pal: _Palette) -> None:
    """A short white cape over the shoulders, dotted with tails."""
    left = _pts("0.5,0.655 0.37,0.615 0.22,0.655 0.11,0.72 0.07,0.79 0.13,0.83 0.3,0.82 0.5,0.79")
    pen.poly(pal.pearl, _mirrored(left))
    for x, y in ((0.14, 0.79), (0.24, 0.72), (0.31, 0.8), (0.38, 0.68)):
        _ermine_tail(pen, pal, x, y)
        _ermine_tail(pen, pal, 1 - x, y)


def _queen_gown(pen: _Pen, pal: _Palette, pattern, neckline: str) -> None:
    """A fitted bodice with a low ``neckline`` (square, round or high), a stomacher laced
    down to the waist, puffed sleeves and a flower pinned at the neckline; the skirt
    flares out below the waist."""
    _neck(pen, pal, 0.7)
    bodice = "0.5,0.64 0.36,0.645 0.23,0.69 0.18,0.77 0.2,0.88 0.27,0.99 0.17,1.1 0.08,1.3"
    pen.poly(pal.robe, _mirrored(_pts(bodice + " 0.5,1.3")))
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
        pen.poly(pal.skin, _path((0.36, 0.645), ((0.38, 0.8), (0.62, 0.8), (0.64, 0.645))))
        pen.line(
            pal.gold, _bezier((0.355, 0.645), (0.38, 0.81), (0.62, 0.81), (0.645, 0.645), 10), 0.014
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


def _flower(pen: _Pen, pal: _Palette, cx: float, cy: float, r: float) -> None:
    """Five round petals of the jewel's colour round a gold heart."""
    for i in range(5):
        a = -math.pi / 2 + i * 2 * math.pi / 5
        pen.circle(pal.jewel, cx + r * math.cos(a), cy + r * math.sin(a), r * 0.75)
    pen.circle(pal.gold, cx, cy, r * 0.55)


def _jack_doublet(pen: _Pen, pal: _Palette, pattern, collar: str) -> None:
    """A short doublet buttoned down the front, slashed on the chest, with shoulder wings,
    a belt and a pleated skirt below it; ``collar`` falling, standing, dagged or a chain."""
    _neck(pen, pal)
    # The skirt below the belt, pleated, with the suit's pattern.
    pen.poly(pal.robe, _mirrored(_pts("0.5,0.88 0.25,0.88 0.12,1.3 0.5,1.3")))
    for x in (0.26, 0.34, 0.42):
        pen.line(pal.line, [(x + 0.01, 0.92), (x - 0.04, 1.3)], 0.007)
        pen.line(pal.line, [(1 - x - 0.01, 0.92), (1 - x + 0.04, 1.3)], 0.007)
    pattern(pen, pal, ((0.22, 1.0), (0.3, 0.96), (0.38, 1.01), (0.7, 0.96), (0.62, 0.93)))
    body = "0.5,0.62 0.38,0.625 0.25,0.665 0.2,0.74 0.22,0.83 0.25,0.89 0.5,0.89"
    pen.poly(pal.robe, _mirrored(_pts(body)))
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


def _falling_collar(pen: _Pen, pal: _Palette) -> None:
    """A flat white collar lying on the shoulders, two square flaps in front."""
    left = _pts("0.5,0.62 0.4,0.6 0.3,0.64 0.3,0.7 0.38,0.74 0.47,0.72 0.5,0.68")
    pen.poly(pal.pearl, _mirrored(left))
    pen.line(pal.line, "0.5,0.64 0.5,0.7", 0.006)


def _standing_collar(pen: _Pen, pal: _Palette) -> None:
    """A stiff gold collar standing round the neck, rimmed with jewels."""
    pen.poly(pal.gold, "0.41,0.58 0.59,0.58 0.62,0.66 0.5,0.69 0.38,0.66")
    for x in (0.43, 0.5, 0.57):
        pen.circle(pal.jewel, x, 0.64 + (0.02 if x == 0.5 else 0.0), 0.012)


def _dagged_collar(pen: _Pen, pal: _Palette) -> None:
    """A short cape cut into points along its edge."""
    points = [(0.28, 0.65)]
    for i in range(8):
        x = 0.28 + 0.44 * (i + 0.5) / 8
        sag = 0.04 * (1 - abs(x - 0.5) / 0.22) ** 0.5
        points += [(x, 0.71 + sag + 0.03), (0.28 + 0.44 * (i + 1) / 8, 0.69 + sag)]
    pen.poly(pal.gold, points[:-1] + [(0.72, 0.65), (0.6, 0.61), (0.4, 0.61)])


def _chain(pen: _Pen, pal: _Palette) -> None:
    """A gold chain of office with a pendant jewel."""
    pen.line(pal.gold, _bezier((0.32, 0.64), (0.38, 0.78), (0.62, 0.78), (0.68, 0.64), 12), 0.016)
    pen.circle(pal.gold, 0.5, 0.77, 0.032)
    pen.circle(pal.jewel, 0.5, 0.77, 0.016, outline=False)


COLLARS = {
    "falling": _falling_collar,
    "standing": _standing_collar,
    "dagged": _dagged_collar,
    "chain": _chain,
}


# The suit's pattern strewn over the cloth, at spots each garment gives (clear of its trims).


def _lozenges(pen: _Pen, pal: _Palette, spots) -> None:
    for x, y in spots:
        pen.lozenge(pal.gold, x, y, 0.02)


def _rings(pen: _Pen, pal: _Palette, spots) -> None:
    for x, y in spots:
        pen.circle(pal.gold, x, y, 0.026)
        pen.circle(pal.robe, x, y, 0.01, outline=False)


def _trefoils(pen: _Pen, pal: _Palette, spots) -> None:
    for x, y in spots:
        for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6):
            pen.circle(pal.gold, x + 0.018 * math.cos(a), y + 0.018 * math.sin(a), 0.014, False)


def _dashes(pen: _Pen, pal: _Palette, spots) -> None:
    """Short slanting gold stitches, in pairs."""
    for x, y in spots:
        for dx in (-0.012, 0.012):
            pen.line(pal.gold, [(x + dx + 0.008, y - 0.025), (x + dx - 0.008, y + 0.025)], 0.012)


def _ruff(pen: _Pen, pal: _Palette) -> None:
    """A pleated white ruff around the neck."""
    for i in range(9):
        x = 0.34 + i * 0.04
        pen.ellipse(pal.pearl, x, 0.64 + 0.02 * abs(i - 4) / 4, 0.03, 0.045)


def _hand(pen: _Pen, pal: _Palette) -> None:
    """The right hand, gripping what the figure holds."""
    pen.ellipse(pal.skin, *HAND, 0.05, 0.045)


# ---- crowns and hats


def _crown_band(pen: _Pen, pal: _Palette, top: float = 0.21, bottom: float = 0.28) -> None:
    pen.rect(pal.gold, 0.33, top, 0.67, bottom)
    middle = (top + bottom) / 2
    for x, colour in ((0.41, pal.jewel), (0.5, pal.tunic), (0.59, pal.jewel)):
        pen.lozenge(colour, x, middle, 0.018)


def _pearl_crown(pen: _Pen, pal: _Palette) -> None:
    """Five points with pearls over a velvet cap."""
    pen.poly(pal.jewel, "0.38,0.24 0.42,0.1 0.5,0.07 0.58,0.1 0.62,0.24")
    pen.poly(pal.gold, "0.34,0.27 0.32,0.05 0.42,0.15 0.5,0.01 0.58,0.15 0.68,0.05 0.66,0.27")
    _crown_band(pen, pal)
    for x, y in ((0.32, 0.04), (0.5, 0.01), (0.68, 0.04)):
        pen.circle(pal.pearl, x, y, 0.022)


def _fleur(pen: _Pen, pal: _Palette, cx: float, base: float, size: float) -> None:
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
        petal = _path(
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


def _fleur_crown(pen: _Pen, pal: _Palette) -> None:
    pen.poly(pal.jewel, "0.37,0.24 0.4,0.12 0.5,0.09 0.6,0.12 0.63,0.24")
    for x in (0.36, 0.5, 0.64):
        _fleur(pen, pal, x, 0.22, 0.16 if x == 0.5 else 0.12)
    _crown_band(pen, pal)


def _imperial_crown(pen: _Pen, pal: _Palette) -> None:
    """A closed crown: velvet under two gold arches, an orb and cross on top."""
    pen.poly(pal.jewel, "0.35,0.23 0.36,0.12 0.42,0.07 0.5,0.055 0.58,0.07 0.64,0.12 0.65,0.23")
    for side in (-1, 1):
        arch = _bezier(
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


def _trefoil_crown(pen: _Pen, pal: _Palette) -> None:
    """Tall points each ending in three gold balls."""
    pen.poly(
        pal.gold,
        "0.34,0.27 0.33,0.1 0.385,0.17 0.43,0.07 0.5,0.16 0.57,0.07 0.615,0.17 0.67,0.1 0.66,0.27",
    )
    for x, y in ((0.33, 0.08), (0.43, 0.05), (0.57, 0.05), (0.67, 0.08)):
        for dx, dy in ((-0.017, 0.0), (0.017, 0.0), (0.0, -0.022)):
            pen.circle(pal.gold, x + dx, y + dy, 0.015)
    _crown_band(pen, pal)


def _tiara(pen: _Pen, pal: _Palette) -> None:
    """Three rounded peaks with pearls and a centre jewel."""
    pen.poly(
        pal.gold, "0.36,0.28 0.38,0.17 0.44,0.21 0.5,0.09 0.56,0.21 0.62,0.17 0.64,0.28 0.5,0.25"
    )
    for x, y in ((0.38, 0.16), (0.5, 0.08), (0.62, 0.16)):
        pen.circle(pal.pearl, x, y, 0.02)
    pen.lozenge(pal.jewel, 0.5, 0.205, 0.022)


def _spiked_crown(pen: _Pen, pal: _Palette) -> None:
    """A narrow crown of seven sharp points."""
    points = [(0.36, 0.28)]
    for i in range(7):
        x = 0.36 + 0.28 * i / 6
        points += [(x, 0.11 if i % 2 == 0 else 0.15), (x + 0.02, 0.22)] if i < 6 else [(x, 0.11)]
    pen.poly(pal.gold, points + [(0.64, 0.28)])
    pen.rect(pal.gold, 0.355, 0.22, 0.645, 0.28)
    for x in (0.42, 0.5, 0.58):
        pen.circle(pal.jewel, x, 0.25, 0.014)


def _lozenge_crown(pen: _Pen, pal: _Palette) -> None:
    """Diamond-shaped plates standing on the band."""
    pen.poly(pal.jewel, "0.38,0.24 0.41,0.14 0.5,0.11 0.59,0.14 0.62,0.24")
    for x, top in ((0.38, 0.13), (0.5, 0.07), (0.62, 0.13)):
        pen.poly(
            pal.gold, [(x, top), (x + 0.045, top + 0.06), (x, top + 0.12), (x - 0.045, top + 0.06)]
        )
        pen.lozenge(pal.jewel, x, top + 0.06, 0.015)
    _crown_band(pen, pal, 0.22, 0.28)


def _circlet(pen: _Pen, pal: _Palette) -> None:
    """A thin gold band with three small flowers, worn over a wimple."""
    pen.rect(pal.gold, 0.33, 0.2, 0.67, 0.245)
    for x in (0.38, 0.5, 0.62):
        for a in range(5):
            t = a * 2 * math.pi / 5
            pen.circle(pal.gold, x + 0.02 * math.cos(t), 0.19 + 0.02 * math.sin(t), 0.014, False)
        pen.circle(pal.jewel, x, 0.19, 0.011, outline=False)


def _feather(pen: _Pen, pal: _Palette, root: Point, tip: Point, bend: float) -> None:
    """A plume from ``root`` to ``tip``, curving by ``bend`` to the side."""
    (x0, y0), (x1, y1) = root, tip
    mid = ((x0 + x1) / 2 + bend, (y0 + y1) / 2)
    plume = _path(
        (x0, y0),
        ((mid[0] - 0.06, mid[1] + 0.04), (x1 - 0.04, y1 + 0.06), (x1, y1)),
        ((x1 + 0.05, y1 + 0.05), (mid[0] + 0.06, mid[1] - 0.02), (x0 + 0.05, y0 - 0.01)),
    )
    pen.poly(pal.pearl, plume)
    pen.line(pal.gold, _bezier((x0 + 0.02, y0), mid, mid, (x1, y1), 8), 0.01)


def _plumed_cap(pen: _Pen, pal: _Palette) -> None:
    """A domed cap with a gold band and a long white feather swept back."""
    _feather(pen, pal, (0.42, 0.24), (0.06, 0.0), -0.02)
    pen.poly(pal.robe, "0.32,0.31 0.33,0.21 0.42,0.14 0.54,0.12 0.66,0.16 0.72,0.25 0.7,0.31")
    pen.rect(pal.gold, 0.31, 0.27, 0.71, 0.33)
    pen.lozenge(pal.jewel, 0.5, 0.3, 0.02)


def _beret(pen: _Pen, pal: _Palette) -> None:
    """A wide flat beret worn at a slant, a brooch and a short feather."""
    _feather(pen, pal, (0.66, 0.2), (0.88, 0.02), 0.02)
    pen.ellipse(pal.robe, 0.48, 0.22, 0.25, 0.075, angle=-0.12)
    pen.poly(pal.tunic, "0.33,0.32 0.34,0.25 0.66,0.23 0.67,0.31")
    pen.circle(pal.gold, 0.62, 0.23, 0.03)
    pen.circle(pal.jewel, 0.62, 0.23, 0.014, outline=False)


def _brimmed_hat(pen: _Pen, pal: _Palette) -> None:
    """A tall round hat with a wide brim turned up, a feather curling over it."""
    pen.poly(pal.robe, "0.37,0.27 0.36,0.12 0.42,0.06 0.58,0.06 0.64,0.12 0.63,0.27")
    pen.rect(pal.gold, 0.365, 0.2, 0.635, 0.24)
    pen.ellipse(pal.tunic, 0.5, 0.29, 0.25, 0.05)
    _feather(pen, pal, (0.6, 0.2), (0.32, 0.0), 0.06)


def _rolled_hood(pen: _Pen, pal: _Palette) -> None:
    """A chaperon: a soft crown over a padded roll, the cloth falling on one side."""
    pen.poly(pal.robe, "0.64,0.25 0.76,0.36 0.8,0.56 0.72,0.6 0.7,0.4 0.62,0.3")
    pen.poly(pal.robe, "0.36,0.25 0.35,0.12 0.46,0.06 0.6,0.08 0.66,0.2 0.64,0.25")
    pen.ellipse(pal.tunic, 0.5, 0.255, 0.2, 0.055)
    for i in range(5):
        pen.line(pal.gold, [(0.36 + 0.07 * i, 0.21), (0.38 + 0.07 * i, 0.3)], 0.01)


# ---- what they hold: drawn behind the figure unless the hand holds it up in front


def _sceptre(pen: _Pen, pal: _Palette) -> None:
    """A long gold sceptre with a fleur-de-lis on top."""
    x = HAND[0]
    pen.rect(pal.gold, x - 0.018, 0.16, x + 0.018, 1)
    pen.circle(pal.gold, x, 0.17, 0.03)
    _fleur(pen, pal, x, 0.15, 0.14)


def _raised_sword(pen: _Pen, pal: _Palette) -> None:
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


def _upright_sword(pen: _Pen, pal: _Palette) -> None:
    """A sword held upright by the hilt."""
    x = HAND[0]
    pen.poly(pal.steel, f"{x - 0.024},0.7 {x - 0.02},0.1 {x},0.03 {x + 0.02},0.1 {x + 0.024},0.7")
    pen.line(pal.line, f"{x},0.68 {x},0.12", 0.006)
    pen.stroke(pal.gold, f"{x - 0.075},0.7 {x + 0.075},0.7", 0.024)
    for side in (-1, 1):
        pen.circle(pal.gold, x + side * 0.08, 0.7, 0.018)


def _battle_axe(pen: _Pen, pal: _Palette) -> None:
    """A long axe with a crescent blade and a spike behind it."""
    x = HAND[0]
    pen.rect(pal.wood, x - 0.016, 0.04, x + 0.016, 1)
    blade = _path(
        (x, 0.08),
        ((x + 0.1, 0.05), (x + 0.14, 0.0), (x + 0.15, -0.01)),
        ((x + 0.1, 0.12), (x + 0.1, 0.24), (x + 0.15, 0.36)),
        ((x + 0.12, 0.32), (x + 0.06, 0.26), (x, 0.25)),
    )
    pen.poly(pal.steel, blade)
    pen.poly(pal.steel, f"{x - 0.015},0.14 {x - 0.09},0.17 {x - 0.015},0.2")
    pen.rect(pal.gold, x - 0.025, 0.1, x + 0.025, 0.12)
    pen.rect(pal.gold, x - 0.025, 0.23, x + 0.025, 0.25)


def _halberd(pen: _Pen, pal: _Palette) -> None:
    x = HAND[0]
    pen.rect(pal.wood, x - 0.015, 0.08, x + 0.015, 1)
    pen.poly(pal.steel, f"{x},0.12 {x + 0.12},0.06 {x + 0.14},0.16 {x + 0.12},0.27 {x},0.22")
    pen.poly(pal.steel, f"{x - 0.015},0.13 {x - 0.08},0.15 {x - 0.015},0.2")
    pen.poly(pal.steel, f"{x - 0.02},0.09 {x},-0.02 {x + 0.02},0.09")


def _arrow(pen: _Pen, pal: _Palette) -> None:
    """An arrow held point up, its fletching below the hand."""
    x = HAND[0]
    pen.stroke(pal.wood, f"{x},0.98 {x},0.12", 0.018)
    pen.poly(pal.steel, f"{x},0.02 {x + 0.04},0.13 {x},0.11 {x - 0.04},0.13")
    for side in (-1, 1):
        vane = [(x, 0.84), (x + side * 0.045, 0.88), (x + side * 0.045, 0.97), (x, 0.94)]
        pen.poly(pal.jewel, vane)


def _leaf(pen: _Pen, pal: _Palette) -> None:
    """A large leaf on its stalk, held up like a fan."""
    x = HAND[0]
    pen.stroke(pal.leaf, f"{x},0.8 {x - 0.005},0.46", 0.016)
    outline = _path(
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


def _rose(pen: _Pen, pal: _Palette) -> None:
    """A rose on a long stem."""
    x = HAND[0]
    pen.stroke(pal.leaf, f"{x},0.8 {x - 0.01},0.5 {x},0.2", 0.018)
    pen.ellipse(pal.leaf, x - 0.06, 0.46, 0.055, 0.022, angle=0.6)
    pen.ellipse(pal.leaf, x + 0.06, 0.34, 0.055, 0.022, angle=-0.6)
    for i in range(5):
        a = -math.pi / 2 + i * 2 * math.pi / 5
        pen.circle(pal.robe, x + 0.05 * math.cos(a), 0.15 + 0.05 * math.sin(a), 0.045)
    pen.circle(pal.gold, x, 0.15, 0.03)


def _tulip(pen: _Pen, pal: _Palette) -> None:
    """A tulip: a cup of three petals on a stem with two long leaves."""
    x = HAND[0]
    pen.stroke(pal.leaf, f"{x},0.8 {x + 0.01},0.5 {x},0.24", 0.018)
    pen.poly(pal.leaf, f"{x},0.62 {x - 0.08},0.44 {x - 0.09},0.34 {x - 0.02},0.5")
    pen.poly(pal.leaf, f"{x},0.56 {x + 0.08},0.4 {x + 0.09},0.3 {x + 0.02},0.46")
    cup = _pts("-0.07,0.08 -0.035,0.13 0,0.06 0.035,0.13 0.07,0.08 0.06,0.2 0,0.26 -0.06,0.2")
    pen.poly(pal.robe, [(x + dx, y) for dx, y in cup])
    pen.line(pal.gold, f"{x},0.1 {x},0.22", 0.01)


def _laurel(pen: _Pen, pal: _Palette) -> None:
    """A sprig of laurel: a stem with leaves in pairs and a leaf at the tip."""
    x = HAND[0]
    stem = _bezier((x, 0.8), (x - 0.02, 0.6), (x + 0.03, 0.3), (x - 0.01, 0.06), 12)
    pen.stroke(pal.leaf, stem, 0.014)
    for i, (sx, sy) in enumerate(stem[1:-1:2]):
        side = 1 if i % 2 else -1
        pen.ellipse(pal.leaf, sx + side * 0.045, sy, 0.05, 0.018, angle=-side * 0.7)
    pen.ellipse(pal.leaf, x - 0.01, 0.05, 0.018, 0.045)


def _short_sceptre(pen: _Pen, pal: _Palette) -> None:
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


def _orb(pen: _Pen, pal: _Palette) -> None:
    """A gold orb with a cross, held up on the palm (drawn after the hand)."""
    x, y = HAND[0] - 0.01, HAND[1] - 0.1
    pen.circle(pal.gold, x, y, 0.07)
    pen.line(pal.line, [(x - 0.07, y), (x + 0.07, y)], 0.008)
    pen.line(pal.line, [(x, y), (x, y + 0.07)], 0.008)
    pen.stroke(pal.gold, [(x, y - 0.07), (x, y - 0.15)], 0.018)
    pen.stroke(pal.gold, [(x - 0.035, y - 0.115), (x + 0.035, y - 0.115)], 0.018)


# ---- the twelve figures


@dataclass(frozen=True)
class _Figure:
    """A figure's layers. ``holds`` (drawn behind it) and ``garment`` run down past the
    split, which cuts them; everything else lies wholly above the split: ``behind`` (hair or
    a veil behind the head), the hand, ``front`` (hair over the shoulders, a wimple, what the
    hand holds up), the face and ``head`` over it (beard, hair, crown or hat)."""

    holds: Callable | None
    behind: Callable | None
    garment: Callable
    face: Callable
    head: tuple[Callable, ...]
    front: Callable | None = None

    def layers(self):
        """(layer, runs past the split) back to front."""
        yield self.holds, True
        yield self.behind, False
        yield self.garment, True
        yield _hand, False
        yield self.front, False
        yield self.face, False
        for layer in self.head:
            yield layer, False


def _figure(holds, behind, garment, face, *head, front=None) -> _Figure:
    return _Figure(holds, behind, garment, face, head, front)


def _king(pattern):
    return partial(_king_robe, pattern=pattern)


def _queen(pattern, neckline: str):
    return partial(_queen_gown, pattern=pattern, neckline=neckline)


def _jack(pattern, collar: str):
    return partial(_jack_doublet, pattern=pattern, collar=collar)


KING_FACE = partial(_face, rx=0.14, ry=0.17)
# fmt: off
# A table, one figure to an entry: black would stand each layer on a line of its own.
FIGURES = {
    (13, "S"): _figure(
        _sceptre, partial(_long_hair, hair="raven"), _king(_lozenges), KING_FACE,
        partial(_beard, hair="raven", length=0.74), _fleur_crown),
    (13, "H"): _figure(
        _raised_sword, partial(_curls, hair="brown", spread=0.15), _king(_dashes), KING_FACE,
        partial(_curly_beard, hair="brown"), _pearl_crown),
    (13, "D"): _figure(
        _battle_axe, partial(_curls, hair="auburn", spread=0.15), _king(_rings), KING_FACE,
        partial(_beard, hair="auburn", length=0.7, forked=True), _imperial_crown),
    (13, "C"): _figure(
        None, partial(_long_hair, hair="white"), _king(_trefoils), KING_FACE,
        partial(_beard, hair="white", length=0.8), _trefoil_crown, front=_orb),
    (12, "S"): _figure(
        _short_sceptre, partial(_veil, cloth="tunic"), _queen(_lozenges, "high"), _face,
        partial(_fringe, hair="raven"), _spiked_crown, front=_ruff),
    (12, "H"): _figure(
        _rose, partial(_long_hair, hair="blonde"), _queen(_dashes, "square"), _face,
        partial(_fringe, hair="blonde"), _tiara),
    (12, "D"): _figure(
        _tulip, None, _queen(_rings, "round"), _face, partial(_fringe, hair="auburn"),
        _lozenge_crown, front=partial(_braids, hair="auburn")),
    (12, "C"): _figure(
        _laurel, partial(_veil, cloth="wood"), _queen(_trefoils, "square"),
        partial(_face, rx=0.125, ry=0.16), _circlet, front=_wimple),
    (11, "S"): _figure(
        _upright_sword, partial(_curls, hair="raven"), _jack(_lozenges, "chain"), _face,
        _beret),
    (11, "H"): _figure(
        _leaf, partial(_curls, hair="blonde"), _jack(_dashes, "falling"), _face,
        partial(_moustache, hair="blonde"), _rolled_hood),
    (11, "D"): _figure(
        _halberd, partial(_curls, hair="auburn"), _jack(_rings, "standing"), _face,
        partial(_moustache, hair="auburn"), _plumed_cap),
    (11, "C"): _figure(
        _arrow, partial(_curls, hair="brown"), _jack(_trefoils, "dagged"), _face,
        _brimmed_hat),
}
# fmt: on
# Where the suit pip sits in the figure's box (centre x, centre y), clear of hat and attribute.
FIGURE_PIP = {11: (0.14, 0.45), 12: (0.14, 0.13), 13: (0.14, 0.13)}
PIP_MOVED = {(13, "H"): (0.86, 0.13), (11, "C"): (0.14, 0.5), (11, "H"): (0.14, 0.5)}
FIGURE_PIP_SIZE = 0.22
# Small cards show the head alone, enlarged: this part of the figure's box fills a half panel
# (reaching higher where a crown or hat does).
HEAD_BOX = (0.23, -0.03, 0.77, 0.66)
OUTLINE_PAD = 0.012  # half an outline's width and a little, in design units


def _sketch(rank: int, suit: str, pal: _Palette) -> _Pen:
    """The figure of ``rank`` and ``suit`` recorded in design units, not yet drawn."""
    pen = _Pen(pal.line)
    for layer, crossing in FIGURES[rank, suit].layers():
        if layer is not None:
            pen.crossing = crossing
            layer(pen, pal)
    return pen


def _split_y(x: float) -> float:
    """Where the split between the two halves runs, in design units: through the middle of
    the waist, (0.5, 1), dropping SPLIT_TILT for every unit to the left."""
    return 1 - SPLIT_TILT * (x - 0.5)


def _split(size: tuple[int, int]) -> list[Point]:
    """The split's ends on the left and right of a picture of ``size`` pixels."""
    width, height = size
    tilt = SPLIT_TILT * width / 2
    return [(0, height / 2 + tilt), (width, height / 2 - tilt)]


@lru_cache(maxsize=4)
def _upper_half(size: tuple[int, int]) -> pygame.Surface:
    """Opaque white over the upper half of a picture of ``size`` pixels (even height),
    transparent black elsewhere: multiplied into the upper figure it keeps that half alone.

    The pixels above the split, settled so that of any two pixels a half-turn apart exactly
    one is kept: the kept ones and the others turned round make a picture that is exactly
    the same either way up. The same for all twelve courts, so made once per size."""
    width, height = size
    split = _split(size)
    area = pygame.Surface(size, pygame.SRCALPHA)
    area.fill((0, 0, 0, 0))
    pygame.draw.polygon(area, (255, 255, 255, 255), [(0, 0), (width, 0), split[1], split[0]])
    above = pygame.mask.from_surface(area)
    below = pygame.mask.from_surface(pygame.transform.flip(area, True, True))
    # Along the split the polygon and its turned copy overlap or leave gaps: each such pair
    # of pixels goes to the one in the top rows.
    unsettled = above.overlap_mask(below, (0, 0))
    neither = above.copy()
    neither.draw(below, (0, 0))
    neither.invert()
    unsettled.draw(neither, (0, 0))
    above.erase(unsettled, (0, 0))
    above.draw(unsettled.overlap_mask(pygame.Mask((width, height // 2), fill=True), (0, 0)), (0, 0))
    return above.to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(0, 0, 0, 0))


def _court_picture(rank: int, suit: str, pal: _Palette, size: tuple[int, int], emblem: bool):
    """The picture inside a court card's frame: the half figure, scaled to lie wholly inside
    its half, and the same half turned upside down beneath it.

    Returns the picture and where the upper figure's design box landed, as (left, top, unit)
    in pixels, so the caller can place the suit pip.
    """
    # The panel is tall and narrow: its width decides how fine the lines are. Twice the size
    # smooths them well from 64 px up, and costs a quarter of four times.
    factor = 4 if size[0] < 64 else 2
    width, height = size[0] * factor, size[1] * factor
    pen = _sketch(rank, suit, pal)
    if emblem:
        left, top, right, bottom = HEAD_BOX
        top = min(top, pen.bounds(OUTLINE_PAD, fixed_only=True)[1])
        margin = 2 * factor  # below the frame: the crown's tips are not cut
        unit = min(width / (right - left), (height / 2 - margin) / (bottom - top))
        origin = (width / 2 - 0.5 * unit, margin - top * unit)
        line_width = max(1, round(factor * 0.8))
    else:
        # Everything, the pip included, inside the half with a margin: the box's bottom
        # middle (the waist) on the centre, the split through it.
        left, top, right, _ = pen.bounds(OUTLINE_PAD)
        pip_x, pip_y = PIP_MOVED.get((rank, suit), FIGURE_PIP[rank])
        half_pip = FIGURE_PIP_SIZE / 2
        left, right = min(left, pip_x - half_pip), max(right, pip_x + half_pip)
        top = min(top, pip_y - half_pip)
        margin = max(2 * factor, width * 0.03)
        reach = max(0.5 - left, right - 0.5)
        unit = min((width / 2 - margin) / reach, (height / 2 - margin) / (1 - top))
        origin = (width / 2 - 0.5 * unit, height / 2 - unit)
        line_width = max(1, round(unit * 0.012))
    upper = pygame.Surface((width, height), pygame.SRCALPHA)
    upper.fill(pal.panel)
    pen.draw(upper, origin, unit, line_width)
    # The upper half of the line along the split: the turned copy supplies the lower half.
    (x0, y0), (x1, y1) = _split((width, height))
    rule = max(1.0, width / 160)  # half the line's width
    pygame.draw.polygon(
        upper, pal.ink, [(x0, y0 - rule), (x1, y1 - rule), (x1, y1 + 1), (x0, y0 + 1)]
    )
    # Keep the upper half alone, then lay it over the same turned round: the lower figure is
    # the upper one exactly, upside down.
    upper.blit(_upper_half((width, height)), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    picture = pygame.transform.flip(upper, True, True)
    picture.blit(upper, (0, 0))
    picture = pygame.transform.smoothscale(picture, size)
    return picture, (origin[0] / factor, origin[1] / factor, unit / factor)


# --------------------------------------------------------------------------------------------
# Card geometry


# Pip positions as (column, row): columns 0/1/2 are left/centre/right, rows run 0..1 from the
# top pip row to the bottom one. These are the positions printed on standard decks.
PIP_LAYOUTS = {
    2: [(1, 0), (1, 1)],
    3: [(1, 0), (1, 0.5), (1, 1)],
    4: [(0, 0), (2, 0), (0, 1), (2, 1)],
    5: [(0, 0), (2, 0), (1, 0.5), (0, 1), (2, 1)],
    6: [(0, 0), (2, 0), (0, 0.5), (2, 0.5), (0, 1), (2, 1)],
    7: [(0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (0, 1), (2, 1)],
    8: [(0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (1, 0.75), (0, 1), (2, 1)],
    9: [(0, 0), (2, 0), (0, 1 / 3), (2, 1 / 3), (1, 0.5), (0, 2 / 3), (2, 2 / 3), (0, 1), (2, 1)],
    10: [
        (0, 0),
        (2, 0),
        (1, 1 / 6),
        (0, 1 / 3),
        (2, 1 / 3),
        (0, 2 / 3),
        (2, 2 / 3),
        (1, 5 / 6),
        (0, 1),
        (2, 1),
    ],
}


def _same_parity(size: int, total: int) -> int:
    """Nudge ``size`` so (total - size) is even and the part can sit exactly centred."""
    return size if (total - size) % 2 == 0 else size - 1


@cache
def _cap_height_ratio() -> float:
    """Cap height of pygame's default font as a fraction of its point size."""
    probe = pygame.font.Font(None, 200).render("H", True, (0, 0, 0))
    return probe.get_bounding_rect().height / 200


class _RankGlyphs:
    """Rank labels in the default font, condensed like printed indices, all the same height.

    Labels are rendered several times too large and shrunk: the shrink condenses them
    horizontally and keeps the anti-aliasing smooth even at tiny sizes.
    """

    CONDENSE = 0.85

    def __init__(self, cap_height: int):
        self.scale = 4 if cap_height < 24 else 2
        big_cap = cap_height * self.scale
        self.font = pygame.font.Font(None, round(big_cap / _cap_height_ratio()))
        reference = self.font.render("H", True, (0, 0, 0)).get_bounding_rect()
        pad = self.scale  # one pixel of head room for round digits like "0"
        tail = round(big_cap * 0.12)  # room for the Q's tail
        top = max(0, reference.top - pad)
        line_height = self.font.get_height()
        self._band = (top, min(reference.bottom + pad + tail, line_height) - top)
        self.height = round(self._band[1] / self.scale)
        self.width = max(self._label(label, (0, 0, 0)).get_width() for label in "A23456789JQK")

    def _label(self, text: str, colour, max_width: float | None = None) -> pygame.Surface:
        rendered = self.font.render(text, True, colour)
        bounds = rendered.get_bounding_rect()
        left, width = bounds.left, bounds.width
        top, band = self._band
        target = width * self.CONDENSE / self.scale
        if max_width is not None:
            target = min(target, max_width)
        crop = rendered.subsurface((left, top, width, band))
        return pygame.transform.smoothscale(crop, (max(1, round(target)), self.height))

    def render(self, rank: int, colour) -> pygame.Surface:
        if rank == 10:
            # Printed decks squeeze the "10" to about the width of the other indices.
            return self._label("10", colour, max_width=self.width * 1.15)
        return self._label(RANK_LABELS.get(rank, str(rank)), colour)


@dataclass(frozen=True)
class _Geometry:
    """Where everything goes on a card of one size."""

    width: int
    height: int
    radius: int  # rounded corner radius
    border: int  # width of the grey card edge
    index_x: int  # left edge of the corner index column
    index_y: int
    index_width: int
    index_pip: int  # size of the small suit under the rank
    index_height: int  # rank plus small suit
    field: pygame.Rect  # pips and court panels live inside this rectangle
    pip: tuple[int, int]
    ace_pip: int


def _geometry(width: int, height: int, glyphs: _RankGlyphs) -> _Geometry:
    margin = max(2, round(width * 0.045))
    index_pip = max(5, round(glyphs.width * 0.92))
    index_height = glyphs.height + max(1, round(width * 0.01)) + index_pip
    index_right = margin + max(glyphs.width, index_pip)
    # Below about 30 px the index would leave no room at all; let them overlap instead.
    side = min(index_right + max(1, round(width * 0.03)), round(width * 0.35))
    top = max(2, round(height * 0.06))
    field = pygame.Rect(side, top, width - 2 * side, height - 2 * top)
    # Three pip columns must fit across the field; four rows down it.
    pip = max(5, min(round(width * 0.175), round(field.width * 0.4), round(field.height / 4.4)))
    return _Geometry(
        width=width,
        height=height,
        radius=max(3, round(width * 0.065)),
        border=max(1, round(width / 160)),
        index_x=margin,
        index_y=max(2, round(width * 0.055)),
        index_width=max(glyphs.width, index_pip),
        index_pip=index_pip,
        index_height=index_height,
        field=field,
        pip=(_same_parity(pip, width), _same_parity(pip, height)),
        ace_pip=_same_parity(min(round(width * 0.5), field.width + round(width * 0.04)), width),
    )


def _rounded_card(size: tuple[int, int], radius: int, border: int, fill, edge) -> pygame.Surface:
    """A rounded rectangle with an edge line, anti-aliased, transparent outside the corners."""
    factor = _supersample(size)
    big = pygame.Surface((size[0] * factor, size[1] * factor), pygame.SRCALPHA)
    big.fill((*edge[:3], 0))  # the edge colour at zero alpha keeps smoothscale from darkening
    outer = big.get_rect()
    pygame.draw.rect(big, edge, outer, border_radius=radius * factor)
    inner = outer.inflate(-2 * border * factor, -2 * border * factor)
    pygame.draw.rect(big, fill, inner, border_radius=max(0, (radius - border) * factor))
    return pygame.transform.smoothscale(big, size)


def _round_corners(surface: pygame.Surface, radius: int) -> None:
    """Make everything outside a rounded rectangle transparent (in place)."""
    mask = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))  # keeps the colours under zero alpha, so no dark fringe
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)


# --------------------------------------------------------------------------------------------
# Card backs: each draws a pattern filling ``rect`` of a supersampled surface


def _back_lattice(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Diagonal ribbons crossing in a lattice, pearls where they cross, an oval medallion."""
    navy, light, pale = (26, 60, 136), (92, 138, 210), (212, 226, 250)
    surface.fill(navy, rect)
    step = rect.width / 7
    span = rect.width + rect.height
    ribbon, core = max(2, round(step * 0.14)), max(1, round(step * 0.04))
    # Both families of lines pass through (left + k * step, top), so they cross on a grid.
    for k in range(-int(span / step) - 1, int(span / step) + 2):
        x = rect.left + k * step
        for width, colour in ((ribbon, light), (core, navy)):
            pygame.draw.line(surface, colour, (x, rect.top), (x - span, rect.top + span), width)
            pygame.draw.line(surface, colour, (x, rect.top), (x + span, rect.top + span), width)
    for i in range(int(rect.width / step) + 2):
        for j in range(int(rect.height / step) + 2):
            for offset in (0, 0.5):
                centre = (rect.left + (i + offset) * step, rect.top + (j + offset) * step)
                pygame.draw.circle(surface, pale, centre, step * 0.09)
    _medallion(surface, rect, navy, pale)
    _double_frame(surface, rect, pale)


def _back_diamonds(surface: pygame.Surface, rect: pygame.Rect) -> None:
    light, dark, gold, white = (204, 38, 52), (150, 18, 32), (240, 196, 120), (255, 236, 236)
    surface.fill(dark, rect)
    cols = 6
    cell_w = rect.width / cols
    cell_h = cell_w * 1.5
    rows = int(rect.height / cell_h) + 2
    cx0 = rect.centerx - cols / 2 * cell_w
    cy0 = rect.centery - (rows // 2) * cell_h
    line = max(1, round(cell_w * 0.04))
    for j in range(-1, rows + 1):
        for i in range(-1, cols + 2):
            for offset, colour in ((0, light), (0.5, dark)):
                cx, cy = cx0 + (i + offset) * cell_w, cy0 + (j + offset) * cell_h
                diamond = [
                    (cx, cy - cell_h / 2),
                    (cx + cell_w / 2, cy),
                    (cx, cy + cell_h / 2),
                    (cx - cell_w / 2, cy),
                ]
                pygame.draw.polygon(surface, colour, diamond)
                pygame.draw.polygon(surface, gold, diamond, line)
                pygame.draw.circle(surface, white, (cx, cy - cell_h / 2), cell_w * 0.06)
    _double_frame(surface, rect, white)


def _back_guilloche(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Banknote-style engraving: interlaced waves behind a rosette of offset curves."""
    green, line_colour, pale = (16, 86, 58), (94, 170, 128), (208, 238, 218)
    surface.fill(green, rect)
    width = max(1, round(rect.width * 0.005))
    spacing = rect.width / 11
    wave = rect.width / 3.5
    for phase in (0, math.pi):
        for i in range(-2, int(rect.height / spacing) + 3):
            y0 = rect.top + i * spacing
            points = [
                (rect.left + x, y0 + spacing * 0.9 * math.sin(2 * math.pi * x / wave + phase))
                for x in range(0, rect.width + 8, max(2, rect.width // 90))
            ]
            pygame.draw.lines(surface, line_colour, False, points, width)
    radius = rect.width * 0.3
    pygame.draw.circle(surface, green, rect.center, radius * 1.08)
    for lobes, size, depth in ((7, 1.0, 0.2), (5, 0.5, 0.3)):
        for k in range(12):
            _rosette_curve(surface, pale, rect.center, radius * size, lobes, depth, k, width)
    pygame.draw.circle(surface, pale, rect.center, radius * 1.08, width * 2)
    _double_frame(surface, rect, pale)


def _rosette_curve(surface, colour, centre, radius, lobes, depth, turn, width) -> None:
    """One wavy closed curve; a dozen of them, each turned a little, make a rosette."""
    points = []
    for i in range(240):
        t = 2 * math.pi * i / 240
        r = radius * (1 - depth + depth * math.sin(lobes * t + turn * math.pi / 12))
        points.append((centre[0] + r * math.cos(t), centre[1] + r * math.sin(t)))
    pygame.draw.lines(surface, colour, True, points, width)


def _back_black_gold(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Art deco: a faint sunburst, stepped corner fans and nested gold diamonds."""
    black, gold, dim = (16, 16, 20), (214, 174, 72), (46, 40, 26)
    surface.fill(black, rect)
    cx, cy = rect.center
    reach = rect.width + rect.height
    rays = 64
    for i in range(0, rays, 2):
        a0, a1 = 2 * math.pi * i / rays, 2 * math.pi * (i + 0.6) / rays
        ray = [(cx + reach * math.cos(a), cy + reach * math.sin(a)) for a in (a0, a1)]
        pygame.draw.polygon(surface, dim, [(cx, cy)] + ray)
    width = max(1, round(rect.width * 0.01))
    inner = rect.inflate(-2 * rect.width * 0.075, -2 * rect.width * 0.075)
    for corner in (inner.topleft, inner.topright, inner.bottomleft, inner.bottomright):
        for r in (0.16, 0.12, 0.08):
            pygame.draw.circle(surface, gold, corner, rect.width * r, width)
        pygame.draw.circle(surface, gold, corner, rect.width * 0.025)
    size = rect.width * 0.3
    for scale, fill in ((1.0, black), (0.8, None), (0.45, gold)):
        diamond = [
            (cx, cy - size * 1.4 * scale),
            (cx + size * scale, cy),
            (cx, cy + size * 1.4 * scale),
            (cx - size * scale, cy),
        ]
        if fill:
            pygame.draw.polygon(surface, fill, diamond)
        pygame.draw.polygon(surface, gold, diamond, width)
    _double_frame(surface, rect, gold)


def _double_frame(surface: pygame.Surface, rect: pygame.Rect, colour) -> None:
    width = max(1, round(rect.width * 0.012))
    for inset, line in ((0.045, width), (0.075, max(1, width // 2))):
        frame = rect.inflate(-2 * rect.width * inset, -2 * rect.width * inset)
        pygame.draw.rect(surface, colour, frame, line, border_radius=round(rect.width * 0.04))


def _medallion(surface: pygame.Surface, rect: pygame.Rect, fill, line) -> None:
    oval = pygame.Rect(0, 0, rect.width * 0.5, rect.height * 0.4)
    oval.center = rect.center
    pygame.draw.ellipse(surface, fill, oval)
    width = max(1, round(rect.width * 0.012))
    pygame.draw.ellipse(surface, line, oval, width)
    pygame.draw.ellipse(surface, line, oval.inflate(-oval.width * 0.16, -oval.width * 0.16), width)
    for k in range(8):
        a = k * math.pi / 8
        petal = _ellipse_points(*oval.center, oval.width * 0.3, oval.width * 0.08, a)
        pygame.draw.polygon(surface, line, petal, width)


BACK_PATTERNS = {
    "classic blue lattice": _back_lattice,
    "red diamonds": _back_diamonds,
    "green guilloche": _back_guilloche,
    "black & gold": _back_black_gold,
}
BACK_BORDER = {"black & gold": (16, 16, 20)}


# --------------------------------------------------------------------------------------------
# The public card set


class CardArt:
    """All the card pictures for one card size and colour scheme, drawn on first use."""

    def __init__(
        self,
        width: int,
        height: int,
        *,
        four_color: bool = False,
        mono: bool = False,
        back: str = BACKS[0],
    ):
        if back not in BACK_PATTERNS:
            raise ValueError(f"unknown card back {back!r}; choose one of {BACKS}")
        pygame.font.init()
        self.width, self.height = width, height
        self.four_color, self.mono, self.back = four_color, mono, back
        self._glyphs = _RankGlyphs(round(width * 0.115 + 6))
        self.geometry = _geometry(width, height, self._glyphs)
        self._blank = _rounded_card(
            (width, height), self.geometry.radius, self.geometry.border, PAPER, CARD_EDGE
        )
        self._faces: dict[tuple[int, str], pygame.Surface] = {}
        self._stamps: dict[tuple, pygame.Surface] = {}
        self._cache: dict[tuple, pygame.Surface] = {}
        self._shadows: dict[int, pygame.Surface] = {}

    @property
    def index_height(self) -> int:
        """Pixels from the card top to the bottom of the corner index (rank and suit)."""
        return self.geometry.index_y + self.geometry.index_height

    # ---- faces

    def face(self, rank: int, suit: str) -> pygame.Surface:
        key = (rank, suit)
        if key not in self._faces:
            if suit not in SUITS or not 1 <= rank <= 13:
                raise ValueError(f"no such card: rank {rank!r} suit {suit!r}")
            self._faces[key] = _display_ready(self._draw_face(rank, suit))
        return self._faces[key]

    def adopt_faces(self, faces: dict[tuple[int, str], pygame.Surface]) -> None:
        """Take faces drawn earlier at this size and in this scheme (the disk cache),
        already in the screen's pixel format."""
        self._faces.update(faces)

    def _draw_face(self, rank: int, suit: str) -> pygame.Surface:
        card = self._blank.copy()
        pal = _palette(suit, four_color=self.four_color, mono=self.mono)
        self._draw_indices(card, rank, suit, pal)
        if rank == 1:
            self._draw_ace(card, suit, pal)
        elif rank >= 11:
            self._draw_court(card, rank, suit, pal)
        else:
            self._draw_pips(card, rank, suit, pal)
        return card

    def _hollow(self, suit: str) -> bool:
        return self.mono and suit in RED_SUITS

    def _stamp(self, suit: str, size: tuple[int, int], pal: _Palette) -> pygame.Surface:
        key = ("pip", suit, size)
        if key not in self._stamps:
            self._stamps[key] = suit_stamp(suit, size, pal.ink, hollow=self._hollow(suit))
        return self._stamps[key]

    def _draw_indices(self, card: pygame.Surface, rank: int, suit: str, pal: _Palette) -> None:
        g = self.geometry
        index = pygame.Surface((g.index_width, g.index_height), pygame.SRCALPHA)
        index.fill((*pal.ink, 0))
        label = self._glyphs.render(rank, pal.ink)
        index.blit(label, ((g.index_width - label.get_width()) // 2, 0))
        pip = self._stamp(suit, (g.index_pip, g.index_pip), pal)
        index.blit(pip, ((g.index_width - g.index_pip) // 2, g.index_height - g.index_pip))
        card.blit(index, (g.index_x, g.index_y))
        turned = pygame.transform.flip(index, True, True)
        card.blit(
            turned, (g.width - g.index_x - g.index_width, g.height - g.index_y - g.index_height)
        )

    def _draw_pips(self, card: pygame.Surface, rank: int, suit: str, pal: _Palette) -> None:
        g = self.geometry
        pip_w, pip_h = g.pip
        upright = self._stamp(suit, g.pip, pal)
        turned = pygame.transform.flip(upright, True, True)
        left = g.field.left
        columns = (left, (g.width - pip_w) // 2, g.width - left - pip_w)
        top = g.field.top
        travel = g.height - 2 * top - pip_h  # distance between top and bottom pip rows
        for column, row in PIP_LAYOUTS[rank]:
            if row == 0.5:
                card.blit(upright, (columns[column], (g.height - pip_h) // 2))
            elif row < 0.5:
                card.blit(upright, (columns[column], top + round(row * travel)))
            else:
                # Mirror of the matching upper pip, so the card is exactly symmetric.
                y = g.height - pip_h - top - round((1 - row) * travel)
                card.blit(turned, (columns[column], y))

    def _draw_ace(self, card: pygame.Surface, suit: str, pal: _Palette) -> None:
        size = self.geometry.ace_pip
        key = ("ace", suit, size)
        if key not in self._stamps:
            self._stamps[key] = _ace_stamp(suit, size, pal.ink, hollow=self._hollow(suit))
        card.blit(self._stamps[key], ((self.width - size) // 2, (self.height - size) // 2))

    def _draw_court(self, card: pygame.Surface, rank: int, suit: str, pal: _Palette) -> None:
        g = self.geometry
        # The frame reaches from the top of the index to the bottom one, as on printed courts.
        frame = pygame.Rect(g.field.left, g.index_y, g.field.width, g.height - 2 * g.index_y)
        line = max(1, round(self.width / 110))
        inside = frame.inflate(-2 * line, -2 * line)
        emblem = self.width < EMBLEM_COURT_WIDTH
        picture, (left, top, unit) = _court_picture(rank, suit, pal, inside.size, emblem)
        if not emblem:
            pip_x, pip_y = PIP_MOVED.get((rank, suit), FIGURE_PIP[rank])
            size = round(unit * FIGURE_PIP_SIZE)
            stamp = self._stamp(suit, (size, size), pal)
            x, y = round(left + pip_x * unit - size / 2), round(top + pip_y * unit - size / 2)
            picture.blit(stamp, (x, y))
            turned = pygame.transform.flip(stamp, True, True)
            picture.blit(turned, (inside.width - x - size, inside.height - y - size))
        card.blit(picture, inside)
        pygame.draw.rect(card, pal.ink, frame, line)

    # ---- backs, outlines, highlights

    def back_surface(self) -> pygame.Surface:
        key = ("back",)
        if key not in self._cache:
            self._cache[key] = _display_ready(self._draw_back())
        return self._cache[key]

    def _draw_back(self) -> pygame.Surface:
        g = self.geometry
        border_colour = BACK_BORDER.get(self.back, PAPER)
        card = _rounded_card(
            (self.width, self.height), g.radius, g.border, border_colour, CARD_EDGE
        )
        factor = _supersample((self.width, self.width))
        margin = max(2, round(self.width * 0.05))
        size = (self.width - 2 * margin, self.height - 2 * margin)
        big = pygame.Surface((size[0] * factor, size[1] * factor), pygame.SRCALPHA)
        BACK_PATTERNS[self.back](big, big.get_rect())
        _round_corners(big, max(1, g.radius - margin) * factor)
        card.blit(pygame.transform.smoothscale(big, size), (margin, margin))
        return pygame.transform.grayscale(card) if self.mono else card

    @property
    def shadow_blur(self) -> int:
        """How far a lift shadow's soft edge reaches past the cards."""
        return max(2, round(self.width * 0.06))

    @property
    def shadow_offset(self) -> tuple[int, int]:
        """Where to blit ``shadow()`` relative to the top-left of the lifted cards: the
        light falls from the top left, so the shadow shows below and to the right."""
        blur = self.shadow_blur
        return (round(self.width * 0.035) + 1 - blur, round(self.width * 0.06) + 1 - blur)

    def shadow(self, height: int | None = None) -> pygame.Surface:
        """A soft translucent shadow for a lifted card, or a run ``height`` pixels tall,
        ``shadow_blur`` pixels larger on every side. Kept for the last few heights."""
        height = self.height if height is None else max(self.height, height)
        if height not in self._shadows:
            if len(self._shadows) >= SHADOWS_KEPT:
                del self._shadows[next(iter(self._shadows))]
            self._shadows[height] = _display_ready(self._draw_shadow(height))
        return self._shadows[height]

    def _draw_shadow(self, height: int) -> pygame.Surface:
        # Drawn smaller, blurred there and enlarged: blurring a long run at full size costs
        # ~35 ms at 4K, this ~2 ms.
        blur = self.shadow_blur
        shrink = max(1, blur // 4)
        size = (self.width + 2 * blur, height + 2 * blur)
        small_size = (math.ceil(size[0] / shrink), math.ceil(size[1] / shrink))
        small = pygame.Surface(small_size, pygame.SRCALPHA)
        small.fill((0, 0, 0, 0))
        card = pygame.Rect(0, 0, self.width / shrink, height / shrink)
        card.center = small.get_rect().center
        radius = max(1, round(self.geometry.radius / shrink))
        pygame.draw.rect(small, (0, 0, 0, SHADOW_ALPHA), card, border_radius=radius)
        small = pygame.transform.gaussian_blur(small, max(1, round(blur / shrink / 2)))
        return pygame.transform.smoothscale(small, size)

    def outline(self, kind: Outline, suit: str | None = None) -> pygame.Surface:
        """Placeholder for an empty pile of that kind (a foundation's may show its suit)."""
        problem = Outline.problem("the outline kind", kind)
        if problem:
            raise ValueError(problem)
        kind = Outline(kind)
        key = ("outline", kind, suit)
        if key not in self._cache:
            self._cache[key] = _display_ready(self._draw_outline(kind, suit))
        return self._cache[key]

    def _draw_outline(self, kind: Outline, suit: str | None) -> pygame.Surface:
        g = self.geometry
        size = (self.width, self.height)
        factor = _supersample(size)
        big = pygame.Surface((size[0] * factor, size[1] * factor), pygame.SRCALPHA)
        big.fill((255, 255, 255, 0))
        rect = big.get_rect()
        line = max(factor, round(self.width * 0.02 * factor))
        radius = g.radius * factor
        pygame.draw.rect(big, (255, 255, 255, 34), rect, border_radius=radius)
        pygame.draw.rect(big, (255, 255, 255, 120), rect, line, border_radius=radius)
        mark = (255, 255, 255, 90)
        centre = rect.center
        if kind == Outline.FOUNDATION and suit:
            box = pygame.Rect(0, 0, rect.width * 0.5, rect.width * 0.5)
            box.center = centre
            _draw_shape(big, suit, box, mark)
        elif kind == Outline.FOUNDATION:
            glyph = pygame.font.Font(None, round(rect.width * 0.7)).render("A", True, mark[:3])
            glyph.set_alpha(mark[3])
            big.blit(glyph, glyph.get_rect(center=centre))
        elif kind == Outline.CELL:
            inner = rect.inflate(-rect.width * 0.3, -rect.width * 0.3)
            pygame.draw.rect(big, mark, inner, line, border_radius=radius)
        elif kind == Outline.STOCK:
            r = rect.width * 0.26
            arc = _ring_points(*centre, r, r - line * 2, math.radians(120), math.radians(400))
            pygame.draw.polygon(big, mark, arc)
            tip = (
                centre[0] + r * math.cos(math.radians(120)),
                centre[1] - r * math.sin(math.radians(120)),
            )
            head = line * 3.2
            pygame.draw.polygon(
                big,
                mark,
                [
                    (tip[0] - head, tip[1] - head * 1.2),
                    (tip[0] + head * 1.4, tip[1] + head * 0.6),
                    (tip[0] - head * 1.2, tip[1] + head * 1.6),
                ],
            )
        return pygame.transform.smoothscale(big, size)

    def highlight(self, kind: str = "select") -> pygame.Surface:
        """Translucent glow to lay over a card: "select" (gold) or legal drop "target" (cyan)."""
        if kind not in HIGHLIGHT_KINDS:
            raise ValueError(f"unknown highlight kind {kind!r}; choose one of {HIGHLIGHT_KINDS}")
        key = ("highlight", kind)
        if key not in self._cache:
            self._cache[key] = _display_ready(self._draw_highlight(kind))
        return self._cache[key]

    def _draw_highlight(self, kind: str) -> pygame.Surface:
        if self.mono:
            colour = (255, 255, 255) if kind == "select" else (160, 160, 160)
        else:
            colour = (255, 206, 64) if kind == "select" else (70, 214, 255)
        size = (self.width, self.height)
        factor = _supersample(size)
        big = pygame.Surface((size[0] * factor, size[1] * factor), pygame.SRCALPHA)
        big.fill((*colour, 0))
        rect = big.get_rect()
        radius = self.geometry.radius * factor
        pygame.draw.rect(big, (*colour, 40), rect, border_radius=radius)
        glow = max(3, round(self.width * 0.07)) * factor
        steps = 8
        for i in range(steps):
            inset = glow * i / steps
            alpha = round(200 * (1 - i / steps) ** 2)
            ring = rect.inflate(-2 * inset, -2 * inset)
            pygame.draw.rect(
                big,
                (*colour, alpha),
                ring,
                math.ceil(glow / steps),
                border_radius=max(0, round(radius - inset)),
            )
        return pygame.transform.smoothscale(big, size)


def _display_ready(surface: pygame.Surface) -> pygame.Surface:
    """Match the screen's pixel format when there is a screen, for faster blits."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


# --------------------------------------------------------------------------------------------
# Table backgrounds


@dataclass(frozen=True)
class _TableStyle:
    base: Colour
    grain: int  # amplitude of per-pixel noise
    mottle: int  # amplitude of soft blotches
    vignette: float  # how much darker the corners get, 0..1
    wood: bool = False


TABLE_STYLES = {
    "green felt": _TableStyle((36, 118, 66), grain=14, mottle=10, vignette=0.45),
    "blue baize": _TableStyle((34, 82, 140), grain=14, mottle=10, vignette=0.45),
    "walnut": _TableStyle((134, 86, 50), grain=10, mottle=0, vignette=0.5, wood=True),
    "dark slate": _TableStyle((52, 58, 66), grain=10, mottle=22, vignette=0.4),
    "burgundy": _TableStyle((112, 26, 40), grain=14, mottle=10, vignette=0.5),
}
TILE = 256


def _noise(rng: random.Random, size: int) -> pygame.Surface:
    """Grey noise, values 0..255, made from random bytes in one go (no per-pixel Python)."""
    colourful = pygame.image.frombytes(rng.randbytes(size * size * 3), (size, size), "RGB")
    return pygame.transform.grayscale(colourful)


def _scaled_down(surface: pygame.Surface, amplitude: int) -> pygame.Surface:
    surface.fill((amplitude, amplitude, amplitude), special_flags=pygame.BLEND_RGB_MULT)
    return surface


def _soft_noise(rng: random.Random, cells: int, size: int) -> pygame.Surface:
    """Smooth blotches that still tile: enlarge a 3x3 repeat of coarse noise, keep the middle."""
    coarse = _noise(rng, cells)
    repeat = pygame.Surface((cells * 3, cells * 3))
    for i in range(3):
        for j in range(3):
            repeat.blit(coarse, (i * cells, j * cells))
    big = pygame.transform.smoothscale(repeat, (size * 3, size * 3))
    return big.subsurface((size, size, size, size)).copy()


def _fibres(rng: random.Random, size: tuple[int, int]) -> pygame.Surface:
    """Noise stretched sideways into fibres, wrapping left to right like the tile."""
    width, height = size
    cells = width // 16
    coarse = _noise(rng, height).subsurface((0, 0, cells, height))
    repeat = pygame.Surface((cells * 3, height))
    for i in range(3):
        repeat.blit(coarse, (i * cells, 0))
    stretched = pygame.transform.smoothscale(repeat, (width * 3, height))
    return stretched.subsurface((width, 0, width, height)).copy()


def _wood_tile(rng: random.Random, base: Colour) -> pygame.Surface:
    """Planks of fine, gently waving grain; periodic both ways so the tile repeats."""
    width = height = TILE * 2
    margin, planks = 12, 4
    plank_h = height // planks
    waves = [(rng.randrange(1, 4), rng.random() * 6.3, rng.uniform(0.03, 0.07)) for _ in range(3)]
    waves += [
        (rng.randrange(8, 48), rng.random() * 6.3, rng.uniform(0.01, 0.03)) for _ in range(10)
    ]
    dark_lines = {rng.randrange(height): rng.uniform(0.08, 0.22) for _ in range(80)}
    # One column of grain, with a margin above and below so planks can be shifted up and down.
    column = pygame.Surface((1, height + 2 * margin))
    for i in range(height + 2 * margin):
        y = (i - margin) % height
        shade = 1 + sum(a * math.sin(2 * math.pi * k * y / height + p) for k, p, a in waves)
        shade -= dark_lines.get(y, 0)
        column.set_at((0, i), [max(0, min(255, round(c * shade))) for c in base])
    grain = pygame.transform.scale(column, (width, height + 2 * margin))
    tile = pygame.Surface((width, height))
    for plank in range(planks):
        top, phase = plank * plank_h, rng.random() * 6.3
        for x in range(0, width, 2):
            turn = 2 * math.pi * x / width
            dy = round(6 * math.sin(turn + phase) + 2 * math.sin(3 * turn + 2 * phase))
            tile.blit(grain, (x, top), (x, margin + top + dy, 2, plank_h))
        tone = round(255 * rng.uniform(0.86, 1.0))
        tile.fill((tone, tone, tone), (0, top, width, plank_h), pygame.BLEND_RGB_MULT)
        tile.fill((40, 40, 40), (0, top, width, 2), pygame.BLEND_RGB_SUB)  # the seam
    return tile


@cache
def _table_tile(name: str, mono: bool) -> pygame.Surface:
    """One repeatable tile of the table's texture, made once per process."""
    style = TABLE_STYLES[name]
    rng = random.Random(f"table:{name}")
    if style.wood:
        tile = _wood_tile(rng, style.base)
        grain = _fibres(rng, tile.get_size())
    else:
        tile = pygame.Surface((TILE, TILE))
        tile.fill(style.base)
        grain = _noise(rng, TILE)
    # The noise only adds, so darken first by half its range to keep the average on the base.
    shift = (style.grain + style.mottle) // 2
    tile.fill((shift, shift, shift), special_flags=pygame.BLEND_RGB_SUB)
    tile.blit(_scaled_down(grain, style.grain), (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    if style.mottle:
        tile.blit(
            _scaled_down(_soft_noise(rng, 8, TILE), style.mottle),
            (0, 0),
            special_flags=pygame.BLEND_RGB_ADD,
        )
    return pygame.transform.grayscale(tile) if mono else tile


@lru_cache(maxsize=8)
def _vignette_small(aspect: float, strength: float) -> pygame.Surface:
    """A 32-pixel-wide multiplier image: white in the middle, darker towards the corners.

    Only this small one is cached; a full-screen copy would cost 8 MiB for as long as the
    game runs."""
    small_w = 32
    small_h = max(2, round(small_w / aspect))
    small = pygame.Surface((small_w, small_h))
    for x in range(small_w):
        for y in range(small_h):
            dx = (x + 0.5) / small_w * 2 - 1
            dy = (y + 0.5) / small_h * 2 - 1
            d = min(1.0, math.hypot(dx, dy) / math.sqrt(2))
            value = round(255 * (1 - strength * d * d * (3 - 2 * d)))
            small.set_at((x, y), (value, value, value))
    return small


def _vignette(width: int, height: int, strength: float) -> pygame.Surface:
    small = _vignette_small(round(width / height, 3), strength)
    return pygame.transform.smoothscale(small, (width, height))


def table_surface(name: str, width: int, height: int, *, mono: bool = False) -> pygame.Surface:
    """The table background ``name`` (one of TABLES) at exactly width x height."""
    if name not in TABLE_STYLES:
        raise ValueError(f"unknown table {name!r}; choose one of {TABLES}")
    tile = _table_tile(name, mono)
    table = pygame.Surface((width, height))
    tile_w, tile_h = tile.get_size()
    for x in range(0, width, tile_w):
        for y in range(0, height, tile_h):
            table.blit(tile, (x, y))
    vignette = _vignette(width, height, TABLE_STYLES[name].vignette)
    table.blit(vignette, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return _display_ready(table)
