"""Pictures drawn in a card's outline rather than on a face: the placeholder of an empty
pile, the glow that highlights a card, and the soft shadow under lifted cards.

All are translucent and follow the card's rounded corners (geometry.radius)."""

from __future__ import annotations

import math

import pygame

from ...model.vocabulary import Outline
from .card_geometry import Geometry
from .drawing import ring_points, supersample
from .suits import draw_suit

HIGHLIGHT_KINDS = ("select", "target")
SHADOW_ALPHA = 100  # the darkest a lift shadow gets, under the middle of the cards


def draw_outline(kind: Outline, suit: str | None, geometry: Geometry) -> pygame.Surface:
    """The placeholder of an empty pile of ``kind``: a foundation's shows its ``suit`` when it
    has one, an Ace when not; a cell an inner frame; the stock a turning arrow."""
    g = geometry
    size = (g.width, g.height)
    factor = supersample(size)
    big = pygame.Surface((size[0] * factor, size[1] * factor), pygame.SRCALPHA)
    big.fill((255, 255, 255, 0))
    rect = big.get_rect()
    line = max(factor, round(g.width * 0.02 * factor))
    radius = g.radius * factor
    pygame.draw.rect(big, (255, 255, 255, 34), rect, border_radius=radius)
    pygame.draw.rect(big, (255, 255, 255, 120), rect, line, border_radius=radius)
    mark = (255, 255, 255, 90)
    centre = rect.center
    if kind == Outline.FOUNDATION and suit:
        box = pygame.Rect(0, 0, rect.width * 0.5, rect.width * 0.5)
        box.center = centre
        draw_suit(big, suit, box, mark)
    elif kind == Outline.FOUNDATION:
        glyph = pygame.font.Font(None, round(rect.width * 0.7)).render("A", True, mark[:3])
        glyph.set_alpha(mark[3])
        big.blit(glyph, glyph.get_rect(center=centre))
    elif kind == Outline.CELL:
        inner = rect.inflate(-rect.width * 0.3, -rect.width * 0.3)
        pygame.draw.rect(big, mark, inner, line, border_radius=radius)
    elif kind == Outline.STOCK:
        r = rect.width * 0.26
        arc = ring_points(*centre, r, r - line * 2, math.radians(120), math.radians(400))
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


def draw_highlight(kind: str, geometry: Geometry, *, mono: bool) -> pygame.Surface:
    """A translucent glow of the card's size: gold to "select", cyan for a drop "target"
    (white and grey in mono)."""
    if mono:
        colour = (255, 255, 255) if kind == "select" else (160, 160, 160)
    else:
        colour = (255, 206, 64) if kind == "select" else (70, 214, 255)
    g = geometry
    size = (g.width, g.height)
    factor = supersample(size)
    big = pygame.Surface((size[0] * factor, size[1] * factor), pygame.SRCALPHA)
    big.fill((*colour, 0))
    rect = big.get_rect()
    radius = g.radius * factor
    pygame.draw.rect(big, (*colour, 40), rect, border_radius=radius)
    glow = max(3, round(g.width * 0.07)) * factor
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


def draw_shadow(geometry: Geometry, height: int, blur: int) -> pygame.Surface:
    """The shadow of a run of cards ``height`` pixels tall, its soft edge reaching ``blur``
    pixels past them on every side."""
    # Drawn smaller, blurred there and enlarged: blurring a long run at full size costs
    # ~35 ms at 4K, this ~2 ms.
    width = geometry.width
    shrink = max(1, blur // 4)
    size = (width + 2 * blur, height + 2 * blur)
    small_size = (math.ceil(size[0] / shrink), math.ceil(size[1] / shrink))
    small = pygame.Surface(small_size, pygame.SRCALPHA)
    small.fill((0, 0, 0, 0))
    card = pygame.Rect(0, 0, width / shrink, height / shrink)
    card.center = small.get_rect().center
    radius = max(1, round(geometry.radius / shrink))
    pygame.draw.rect(small, (0, 0, 0, SHADOW_ALPHA), card, border_radius=radius)
    small = pygame.transform.gaussian_blur(small, max(1, round(blur / shrink / 2)))
    return pygame.transform.smoothscale(small, size)
