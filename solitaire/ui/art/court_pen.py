"""The pen the court figures are drawn with, and the pose all twelve share.

A figure is recorded in design units (one unit is the width of its box, y pointing down),
measured, then drawn scaled to fit its half of the card: see court_figures.py."""

from __future__ import annotations

from typing import cast

import pygame

from .colours import Colour
from .drawing import Point, ellipse_points


def pts(spec: str) -> list[Point]:
    """Parse "x,y x,y ..." into points: artwork coordinates read best in this compact form."""
    # cast: each pair in the artwork is written as two numbers
    return [cast(Point, tuple(float(v) for v in pair.split(","))) for pair in spec.split()]


class Pen:
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
            points = pts(points)
        self.marks.append(("poly", colour, points, outline, self.crossing))

    def rect(self, colour, left: float, top: float, right: float, bottom: float) -> None:
        self.poly(colour, [(left, top), (right, top), (right, bottom), (left, bottom)])

    def ellipse(self, colour, cx, cy, rx, ry, angle=0.0, outline: bool = True) -> None:
        steps = 40 if max(rx, ry) > 0.03 else 16  # a pearl needs no forty corners
        self.poly(colour, ellipse_points(cx, cy, rx, ry, angle, steps), outline)

    def circle(self, colour, cx, cy, r, outline: bool = True) -> None:
        self.ellipse(colour, cx, cy, r, r, outline=outline)

    def lozenge(self, colour, cx, cy, r, outline: bool = True) -> None:
        points = [(cx, cy - r * 1.4), (cx + r, cy), (cx, cy + r * 1.4), (cx - r, cy)]
        self.poly(colour, points, outline)

    def line(self, colour, points: str | list[Point], width: float) -> None:
        """A stroke ``width`` design units thick with round ends."""
        if isinstance(points, str):
            points = pts(points)
        self.marks.append(("line", colour, points, width, self.crossing))

    def stroke(self, colour, points: str | list[Point], width: float) -> None:
        """A line with the outline colour around it: a shaft, a stem, an arch."""
        if isinstance(points, str):
            points = pts(points)
        self.marks.append(("stroke", colour, points, width, self.crossing))

    def bounds(
        self, pad: float = 0.0, fixed_only: bool = False
    ) -> tuple[float, float, float, float]:
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
