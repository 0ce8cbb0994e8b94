"""Where everything goes on a card of one size: the corner, the index, the field that holds
the pips and the court frame, the pip sizes; and the rank labels of the corner index, whose
size the rest follows.

pygame's default font supplies the rank letters and digits. Sizes are nudged to the card's
parity so that every part can sit exactly centred and the card reads the same either way up.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import pygame

RANK_LABELS = {1: "A", 11: "J", 12: "Q", 13: "K"}


def _same_parity(size: int, total: int) -> int:
    """Nudge ``size`` so (total - size) is even and the part can sit exactly centred."""
    return size if (total - size) % 2 == 0 else size - 1


@cache
def _cap_height_ratio() -> float:
    """Cap height of pygame's default font as a fraction of its point size."""
    probe = pygame.font.Font(None, 200).render("H", True, (0, 0, 0))
    return probe.get_bounding_rect().height / 200


class RankGlyphs:
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
class Geometry:
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


def geometry_for(width: int, height: int, glyphs: RankGlyphs) -> Geometry:
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
    return Geometry(
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
