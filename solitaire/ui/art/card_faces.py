"""How a card's face is drawn: the corner indices, the pips of the 2 to 10 where printed
decks put them, the Ace's large pip, and the court card's frame round its picture
(court_figures.py). Every face is exactly the same turned upside down."""

from __future__ import annotations

import pygame

from .card_geometry import Geometry, RankGlyphs
from .colours import CARD_EDGE, PAPER, RED_SUITS, Palette, suit_palette
from .court_figures import EMBLEM_COURT_WIDTH, FIGURE_PIP, FIGURE_PIP_SIZE, PIP_MOVED, court_picture
from .drawing import rounded_card
from .suits import ace_stamp, suit_stamp

# Pip positions as (column, row): columns 0/1/2 are left/centre/right, rows run 0..1 from the
# top pip row to the bottom one. These are the positions printed on standard decks.
PIP_LAYOUTS: dict[int, list[tuple[int, float]]] = {
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


class FacePainter:
    """Draws the faces of one card size and colour scheme; keeps the suit stamps it makes,
    which many faces share."""

    def __init__(self, geometry: Geometry, glyphs: RankGlyphs, *, four_color: bool, mono: bool):
        self.geometry, self.glyphs = geometry, glyphs
        self.four_color, self.mono = four_color, mono
        size = (geometry.width, geometry.height)
        self._blank = rounded_card(size, geometry.radius, geometry.border, PAPER, CARD_EDGE)
        self._stamps: dict[tuple, pygame.Surface] = {}

    def draw(self, rank: int, suit: str) -> pygame.Surface:
        """The face of ``rank`` (1 to 13) of ``suit``."""
        card = self._blank.copy()
        pal = suit_palette(suit, four_color=self.four_color, mono=self.mono)
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

    def _stamp(self, suit: str, size: tuple[int, int], pal: Palette) -> pygame.Surface:
        key = ("pip", suit, size)
        if key not in self._stamps:
            self._stamps[key] = suit_stamp(suit, size, pal.ink, hollow=self._hollow(suit))
        return self._stamps[key]

    def _draw_indices(self, card: pygame.Surface, rank: int, suit: str, pal: Palette) -> None:
        g = self.geometry
        label = self.glyphs.render(rank, pal.ink)
        # The "10" may be a little wider than the column: it spreads evenly on both sides
        # (it was cut off at the column's edges), and the 10's pips keep clear of it.
        x, width = self._index_span(label.get_width())
        index = pygame.Surface((width, g.index_height), pygame.SRCALPHA)
        index.fill((*pal.ink, 0))
        index.blit(label, ((width - label.get_width()) // 2, 0))
        pip = self._stamp(suit, (g.index_pip, g.index_pip), pal)
        index.blit(pip, ((width - g.index_pip) // 2, g.index_height - g.index_pip))
        card.blit(index, (x, g.index_y))
        turned = pygame.transform.flip(index, True, True)
        card.blit(turned, (g.width - x - width, g.height - g.index_y - g.index_height))

    def _index_span(self, label_width: int) -> tuple[int, int]:
        """Where the corner index of a rank label this wide starts, and its width."""
        g = self.geometry
        width = max(g.index_width, label_width)
        return g.index_x - (width - g.index_width) // 2, width

    def _draw_pips(self, card: pygame.Surface, rank: int, suit: str, pal: Palette) -> None:
        g = self.geometry
        pip_w, pip_h = g.pip
        upright = self._stamp(suit, g.pip, pal)
        turned = pygame.transform.flip(upright, True, True)
        left = g.field.left
        if rank == 10:  # its pips as far from its wider index as the others' from theirs
            x, width = self._index_span(self.glyphs.render(10, pal.ink).get_width())
            left += x + width - (g.index_x + g.index_width)
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

    def _draw_ace(self, card: pygame.Surface, suit: str, pal: Palette) -> None:
        g = self.geometry
        size = g.ace_pip
        key = ("ace", suit, size)
        if key not in self._stamps:
            self._stamps[key] = ace_stamp(suit, size, pal.ink, hollow=self._hollow(suit))
        card.blit(self._stamps[key], ((g.width - size) // 2, (g.height - size) // 2))

    def _draw_court(self, card: pygame.Surface, rank: int, suit: str, pal: Palette) -> None:
        g = self.geometry
        # The frame reaches from the top of the index to the bottom one, as on printed courts.
        frame = pygame.Rect(g.field.left, g.index_y, g.field.width, g.height - 2 * g.index_y)
        line = max(1, round(g.width / 110))
        inside = frame.inflate(-2 * line, -2 * line)
        emblem = g.width < EMBLEM_COURT_WIDTH
        picture, (left, top, unit) = court_picture(rank, suit, pal, inside.size, emblem)
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
