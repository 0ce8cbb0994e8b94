"""The card backs in BACKS: a border of paper (or the pattern's own colour) round a pattern
drawn large and shrunk.

Each pattern fills ``rect`` of a supersampled surface; draw_back frames it in a card."""

from __future__ import annotations

import math

import pygame

from ...i18n import N_
from .card_geometry import Geometry
from .colours import CARD_EDGE, PAPER
from .drawing import ellipse_points, round_corners, rounded_card, supersample

BACKS = [
    N_("classic blue lattice"),
    N_("red diamonds"),
    N_("green guilloche"),
    N_("black & gold"),
]


# --------------------------------------------------------------------------------------------
# The patterns


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
        pygame.draw.polygon(surface, dim, [(cx, cy), *ray])
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
        petal = ellipse_points(*oval.center, oval.width * 0.3, oval.width * 0.08, a)
        pygame.draw.polygon(surface, line, petal, width)


BACK_PATTERNS = {
    "classic blue lattice": _back_lattice,
    "red diamonds": _back_diamonds,
    "green guilloche": _back_guilloche,
    "black & gold": _back_black_gold,
}
BACK_BORDER = {"black & gold": (16, 16, 20)}


def draw_back(back: str, geometry: Geometry, *, mono: bool) -> pygame.Surface:
    """The back named ``back`` (one of BACKS) on a card of ``geometry``'s size; grey in mono."""
    g = geometry
    width, height = g.width, g.height
    border_colour = BACK_BORDER.get(back, PAPER)
    card = rounded_card((width, height), g.radius, g.border, border_colour, CARD_EDGE)
    factor = supersample((width, width))
    margin = max(2, round(width * 0.05))
    size = (width - 2 * margin, height - 2 * margin)
    big = pygame.Surface((size[0] * factor, size[1] * factor), pygame.SRCALPHA)
    BACK_PATTERNS[back](big, big.get_rect())
    round_corners(big, max(1, g.radius - margin) * factor)
    card.blit(pygame.transform.smoothscale(big, size), (margin, margin))
    return pygame.transform.grayscale(card) if mono else card
