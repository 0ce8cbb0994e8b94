"""Drawing a position: the felt, the piles and their cards, and finding what is under a point.

The table without the cards that are moving (dragged or flying) is drawn once into a
cached surface; a frame is that surface plus the moving cards, so dragging a long run
costs a few blits.
"""

from __future__ import annotations

import pygame

from ..model.cards import Card
from ..model.rules import Rules
from ..model.state import State
from . import face_cache
from .card_art import CardArt, table_surface
from .layout import TableLayout
from .theme import font


class TableView:
    def __init__(
        self, rules: Rules, area: pygame.Rect, look: dict, faces_folder=None, felt_bottom=None
    ):
        """``faces_folder``: where card faces drawn at earlier launches are kept;
        ``felt_bottom``: how far down the felt reaches (below the cards: the messages' strip)."""
        self.rules = rules
        self.felt_bottom = felt_bottom or area[1] + area[3]
        self.look = look  # back, table, four_color, mono
        self.area = pygame.Rect(area)
        self.layout = TableLayout(
            rules.arrangement(), tuple(self.area), look.get("card_scale", 1.0)
        )
        self.art = CardArt(
            self.layout.card_w,
            self.layout.card_h,
            four_color=look["four_color"],
            mono=look["mono"],
            back=look["back"],
        )
        # Read on first use only: a view made and replaced before it draws (the resize
        # as full screen begins) would otherwise hold a second copy of every face.
        self.faces_folder = faces_folder
        self.felt: pygame.Surface | None = None
        self.cache: pygame.Surface | None = None
        self.cache_key = None

    # ------------------------------------------------------------------ geometry
    def card_size(self) -> tuple[int, int]:
        return self.layout.card_w, self.layout.card_h

    def places(self, state: State) -> dict[Card, tuple[tuple[int, int], bool]]:
        """Every card's top-left corner and whether it lies face up."""
        where = {}
        for pile, slot in self.layout.slots.items():
            cards = state.piles[pile]
            for card, pos in zip(cards, self.layout.card_positions(pile, len(cards))):
                where[card] = (pos, not slot.face_down)
        return where

    def visible_rect(self, state: State, card: Card) -> pygame.Rect | None:
        """The part of ``card`` that shows: the strip the next card of its pile leaves
        uncovered, or the whole card on top. None if it is not on the table."""
        for pile, slot in self.layout.slots.items():
            cards = state.piles[pile]
            if card not in cards:
                continue
            index = cards.index(card)
            positions = self.layout.card_positions(pile, len(cards))
            rect = self.card_rect(positions[index])
            if index == len(cards) - 1 or slot.squared:
                return self.card_rect(positions[-1]) if slot.squared else rect
            above = self.card_rect(positions[index + 1])
            if above.y > rect.y:
                rect.h = above.y - rect.y
            elif above.x > rect.x:
                rect.w = above.x - rect.x
            elif above.x < rect.x:
                rect.x, rect.w = above.right, rect.right - above.right
            return rect
        return None

    def card_rect(self, pos) -> pygame.Rect:
        return pygame.Rect(int(pos[0]), int(pos[1]), self.layout.card_w, self.layout.card_h)

    def hit(self, state: State, point) -> tuple[str, int | None] | None:
        """The pile and card index under ``point`` (index None: the pile's empty place)."""
        for pile, slot in self.layout.slots.items():
            cards = state.piles[pile]
            positions = self.layout.card_positions(pile, len(cards))
            for index in range(len(cards) - 1, -1, -1):
                if self.card_rect(positions[index]).collidepoint(point):
                    return pile, (len(cards) - 1 if slot.squared else index)
            if not cards and self.card_rect(self.layout.origin[pile]).collidepoint(point):
                return pile, None
        return None

    def drop_target(self, state: State, moving: pygame.Rect, point) -> str | None:
        """The pile a dragged card is dropped on: under the pointer, else most overlapped."""
        best, best_area = None, 0
        for pile in self.layout.slots:
            rect = pygame.Rect(self.layout.pile_rect(pile, len(state.piles[pile])))
            if rect.collidepoint(point):
                return pile
            overlap = rect.clip(moving)
            if overlap.w * overlap.h > best_area:
                best, best_area = pile, overlap.w * overlap.h
        return best

    def pile_top_rect(self, state: State, pile: str) -> pygame.Rect:
        cards = state.piles[pile]
        positions = self.layout.card_positions(pile, max(1, len(cards)))
        return self.card_rect(positions[-1])

    # ------------------------------------------------------------------ drawing
    def card_image(self, card: Card, face_up: bool) -> pygame.Surface:
        if self.faces_folder is not None:
            face_cache.restore(self.faces_folder, self.art)
            self.faces_folder = None
        return self.art.face(card.rank, card.suit) if face_up else self.art.back_surface()

    def static(self, state: State, hidden: frozenset) -> pygame.Surface:
        """The felt with every pile drawn, leaving out ``hidden`` cards; cached."""
        key = (state.key(), hidden)
        if self.cache is None or key != self.cache_key:
            size = (self.area.right, self.felt_bottom)
            if self.felt is None:
                # Kept at half size: a soft texture loses nothing, and it saves 6 MiB at 1080p.
                half = (max(1, size[0] // 2), max(1, size[1] // 2))
                self.felt = table_surface(self.look["table"], *half, mono=self.look["mono"])
            if self.cache is None or self.cache.get_size() != size:
                self.cache = pygame.Surface(size).convert()
            pygame.transform.scale(self.felt, size, self.cache)
            self.cache_key = key
            self._draw_piles(self.cache, state, hidden)
        return self.cache

    def _draw_piles(self, surface: pygame.Surface, state: State, hidden: frozenset) -> None:
        small = max(12, self.layout.card_w // 5)
        for pile, slot in self.layout.slots.items():
            cards = state.piles[pile]
            origin = self.layout.origin[pile]
            suit = pile[1] if slot.outline == "foundation" else None
            surface.blit(
                (
                    self.art.outline(slot.outline, suit=suit)
                    if suit
                    else self.art.outline(slot.outline)
                ),
                origin,
            )
            positions = self.layout.card_positions(pile, len(cards))
            shown = range(len(cards))
            if slot.squared:
                shown = [i for i in range(len(cards)) if cards[i] not in hidden][-1:]
            for index in shown:
                if cards[index] not in hidden:
                    surface.blit(
                        self.card_image(cards[index], not slot.face_down), positions[index]
                    )
            if slot.squared and cards:
                self._count_badge(surface, origin, len(cards), small)

    def _count_badge(self, surface, origin, count: int, size: int) -> None:
        label = font(size, bold=True).render(str(count), True, (255, 255, 255))
        x = origin[0] + self.layout.card_w // 2
        y = origin[1] + self.layout.card_h + 2
        box = label.get_rect(midtop=(x, y)).inflate(size // 2, 2)
        pygame.draw.rect(surface, (0, 0, 0), box, border_radius=size // 3)
        surface.blit(label, label.get_rect(center=box.center))
