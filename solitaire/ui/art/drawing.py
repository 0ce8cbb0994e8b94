"""The drawing tools every card picture shares: points along curves, ellipses and rings;
how much larger to draw before shrinking (the anti-aliasing); the rounded card shape; and
pictures made ready for the screen's pixel format.

Shapes are anti-aliased by drawing them several times larger than needed and shrinking the
result with ``pygame.transform.smoothscale``."""

from __future__ import annotations

import math
from functools import cache

import pygame

Point = tuple[float, float]

# --------------------------------------------------------------------------------------------
# Points along curves


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = 18) -> list[Point]:
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


def bezier_path(start: Point, *curves: tuple[Point, Point, Point]) -> list[Point]:
    """A polyline starting at ``start`` and following cubic curves given as (c1, c2, end)."""
    points = [start]
    for c1, c2, end in curves:
        points += bezier(points[-1], c1, c2, end)
    return points


def mirrored(left_half: list[Point]) -> list[Point]:
    """Complete a symmetric outline whose left half runs from the top centre to the bottom."""
    return left_half + [(1 - x, y) for x, y in reversed(left_half)]


@cache
def _unit_circle(steps: int) -> tuple[tuple[float, float], ...]:
    return tuple(
        (math.cos(2 * math.pi * i / steps), math.sin(2 * math.pi * i / steps)) for i in range(steps)
    )


def ellipse_points(
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


def ring_points(cx: float, cy: float, r_out: float, r_in: float, start: float, end: float):
    """A thick arc as one polygon; pygame's own thick arcs leave pinholes."""
    steps = 48
    angles = [start + (end - start) * i / steps for i in range(steps + 1)]
    outer = [(cx + r_out * math.cos(a), cy - r_out * math.sin(a)) for a in angles]
    inner = [(cx + r_in * math.cos(a), cy - r_in * math.sin(a)) for a in reversed(angles)]
    return outer + inner


# --------------------------------------------------------------------------------------------
# Drawn large, shrunk smooth


def supersample(size: tuple[int, int]) -> int:
    """How many times larger to draw before shrinking: small art needs more smoothing.

    Only powers of two: smoothscale by 3, 5 or 6 loses 2/255 of every pixel, so a card
    shrunk by 3 came out with alpha 253 and the cards under it showed through."""
    return 4 if min(size) < 120 else 2


def rounded_card(size: tuple[int, int], radius: int, border: int, fill, edge) -> pygame.Surface:
    """A rounded rectangle with an edge line, anti-aliased, transparent outside the corners."""
    factor = supersample(size)
    big = pygame.Surface((size[0] * factor, size[1] * factor), pygame.SRCALPHA)
    big.fill((*edge[:3], 0))  # the edge colour at zero alpha keeps smoothscale from darkening
    outer = big.get_rect()
    pygame.draw.rect(big, edge, outer, border_radius=radius * factor)
    inner = outer.inflate(-2 * border * factor, -2 * border * factor)
    pygame.draw.rect(big, fill, inner, border_radius=max(0, (radius - border) * factor))
    return pygame.transform.smoothscale(big, size)


def round_corners(surface: pygame.Surface, radius: int) -> None:
    """Make everything outside a rounded rectangle transparent (in place)."""
    mask = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))  # keeps the colours under zero alpha, so no dark fringe
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)


def display_ready(surface: pygame.Surface) -> pygame.Surface:
    """Match the screen's pixel format when there is a screen, for faster blits."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface
