"""The four suit symbols: their shapes, and stamps of them at any size (the pips, the
indices' small suits, the Ace's large pip, a lone symbol for the rest of the UI).

They are polygons and circles because pygame's default font has no suit glyphs; a stamp is
drawn at the exact size asked for, supersampled (drawing.py), then blitted wherever needed.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from .colours import PAPER
from .drawing import Point, bezier_path, mirrored, supersample

SUITS = "CDHS"


# --------------------------------------------------------------------------------------------
# Suit shapes, in a unit box: x and y run 0..1, y pointing down


@dataclass(frozen=True)
class _Shape:
    polygons: tuple[tuple[Point, ...], ...]
    circles: tuple[tuple[float, float, float], ...] = ()


def _heart() -> _Shape:
    left = bezier_path(
        (0.5, 0.23),
        ((0.44, 0.05), (0.33, 0.0), (0.25, 0.0)),
        ((0.1, 0.0), (0.0, 0.12), (0.0, 0.3)),
        ((0.0, 0.56), (0.36, 0.74), (0.5, 1.0)),
    )
    return _Shape((tuple(mirrored(left)),))


def _diamond() -> _Shape:
    left = bezier_path(
        (0.5, 0.0),
        ((0.4, 0.16), (0.25, 0.36), (0.11, 0.5)),
        ((0.25, 0.64), (0.4, 0.84), (0.5, 1.0)),
    )
    return _Shape((tuple(mirrored(left)),))


def _spade() -> _Shape:
    left = bezier_path(
        (0.5, 0.0),
        ((0.38, 0.18), (0.0, 0.36), (0.0, 0.6)),
        ((0.0, 0.74), (0.12, 0.82), (0.26, 0.82)),
        ((0.36, 0.82), (0.43, 0.77), (0.47, 0.71)),
        ((0.46, 0.86), (0.4, 0.96), (0.29, 1.0)),
        ((0.36, 1.0), (0.43, 1.0), (0.5, 1.0)),
    )
    return _Shape((tuple(mirrored(left)),))


def _club() -> _Shape:
    stem = bezier_path(
        (0.5, 0.5),
        ((0.49, 0.6), (0.47, 0.66), (0.47, 0.68)),
        ((0.46, 0.86), (0.4, 0.96), (0.29, 1.0)),
        ((0.36, 1.0), (0.43, 1.0), (0.5, 1.0)),
    )
    lobes = ((0.5, 0.25, 0.235), (0.25, 0.57, 0.235), (0.75, 0.57, 0.235), (0.5, 0.52, 0.13))
    return _Shape((tuple(mirrored(stem)),), lobes)


SHAPES = {"C": _club(), "D": _diamond(), "H": _heart(), "S": _spade()}


def draw_suit(surface: pygame.Surface, suit: str, rect: pygame.Rect, colour) -> None:
    shape = SHAPES[suit]
    x0, y0, w, h = rect
    for polygon in shape.polygons:
        pygame.draw.polygon(surface, colour, [(x0 + x * w, y0 + y * h) for x, y in polygon])
    for cx, cy, r in shape.circles:
        pygame.draw.circle(surface, colour, (x0 + cx * w, y0 + cy * h), r * min(w, h))


# --------------------------------------------------------------------------------------------
# Stamps: drawn large and shrunk


def _suit_layer(suit: str, size: tuple[int, int], inset: float, colour, grow: float = 0):
    """The suit filled with ``colour``, grown (or shrunk when negative) by ``grow`` pixels.

    Growing and shrinking stroke the shape's traced outline with round-ended thick lines, which
    keeps the band equally wide around curves, notches and the club's overlapping lobes.
    """
    layer = pygame.Surface(size, pygame.SRCALPHA)
    layer.fill((*colour, 0))
    box = pygame.Rect(0, 0, *size).inflate(-2 * inset, -2 * inset)
    draw_suit(layer, suit, box, colour)
    if grow:
        outline = pygame.mask.from_surface(layer).outline(2)
        pen = (*colour, 255) if grow > 0 else (*colour, 0)
        radius = abs(grow)
        pygame.draw.lines(layer, pen, True, outline, max(1, round(2 * radius)))
        for point in outline:
            pygame.draw.circle(layer, pen, point, radius)
    return layer


def suit_stamp(suit: str, size: tuple[int, int], colour, *, hollow: bool = False):
    """An anti-aliased suit symbol exactly ``size`` pixels; hollow draws only a thick outline."""
    factor = supersample(size)
    big_size = (size[0] * factor, size[1] * factor)
    big = _suit_layer(suit, big_size, 0, colour)
    if hollow:
        stroke = max(factor, min(big_size) * 0.11)
        big.blit(_suit_layer(suit, big_size, 0, PAPER, grow=-stroke), (0, 0))
    return pygame.transform.smoothscale(big, size)


def ace_stamp(suit: str, size: int, colour, *, hollow: bool) -> pygame.Surface:
    """The Ace's large pip: a thin halo ring around it and an engraved line inside."""
    factor = supersample((size, size))
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
