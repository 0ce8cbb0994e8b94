"""Drawing a position: the felt, the piles and their cards, and finding what is under a point.

The table without the cards that are moving (dragged or flying) is drawn once into a
cached surface; a frame is that surface plus the moving cards, so dragging a long run
costs a few blits.
"""

from __future__ import annotations

import pygame

from ...model.cards import Card
from ...model.rules import Rules
from ...model.state import State
from ...model.vocabulary import Outline
from ..art import face_cache
from ..art.backgrounds import table_surface
from ..art.card_art import CardArt
from ..art.theme import rendered
from .layout import TableLayout


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
            rules.arrangement(),
            (self.area.x, self.area.y, self.area.w, self.area.h),
            look.get("card_scale", 1.0),
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
        self.cache: pygame.Surface | None = None  # the table without its moving cards
        self.cache_size = (0, 0)  # the part of the cache that is the table
        # pile -> (its cards, which of them were left out, how many lie face down, outline)
        self.shown: dict = {}
        self.changes: list[pygame.Rect] = []  # places drawn anew (see take_changes)

    # ------------------------------------------------------------------ geometry
    def card_size(self) -> tuple[int, int]:
        return self.layout.card_w, self.layout.card_h

    def positions(self, state: State, pile: str) -> list[tuple[int, int]]:
        """The top-left corner of each card of ``pile``, bottom card first."""
        return self.layout.card_positions(pile, len(state.piles[pile]), state.face_down(pile))

    def places(self, state: State) -> dict[Card, tuple[tuple[int, int], bool]]:
        """Every card's top-left corner and whether it lies face up."""
        where = {}
        for pile, slot in self.layout.slots.items():
            down = -1 if slot.face_down else state.face_down(pile)
            for index, (card, pos) in enumerate(
                zip(state.piles[pile], self.positions(state, pile))
            ):
                where[card] = (pos, down >= 0 and index >= down)
        return where

    def visible_rect(self, state: State, card: Card) -> pygame.Rect | None:
        """The part of ``card`` that shows: the strip the next card of its pile leaves
        uncovered, or the whole card on top. None if it is not on the table."""
        for pile, slot in self.layout.slots.items():
            cards = state.piles[pile]
            if card not in cards:
                continue
            index = cards.index(card)
            positions = self.positions(state, pile)
            rect = self.card_rect(positions[index])
            if index == len(cards) - 1 or slot.squared:
                return self._uncovered(state, pile, self.card_rect(positions[-1]))
            above = self.card_rect(positions[index + 1])
            if above.y > rect.y:
                rect.h = above.y - rect.y
            elif above.x > rect.x:
                rect.w = above.x - rect.x
            elif above.x < rect.x:
                rect.x, rect.w = above.right, rect.right - above.right
            return rect
        return None

    def _uncovered(self, state: State, pile: str, rect: pygame.Rect) -> pygame.Rect:
        """The part of a pile's top card ``rect`` above the piles that lie over it
        (``Rules.covered_by``: Pyramid's rows cover the row above from below)."""
        for over in self.rules.covered_by.get(pile, ()):
            if state.piles[over]:
                cover = self.pile_top_rect(state, over)
                if cover.colliderect(rect) and rect.y < cover.y < rect.bottom:
                    rect.h = cover.y - rect.y
        return rect

    def card_rect(self, pos) -> pygame.Rect:
        return pygame.Rect(int(pos[0]), int(pos[1]), self.layout.card_w, self.layout.card_h)

    def hit(self, state: State, point) -> tuple[str, int | None] | None:
        """The pile and card index under ``point`` (index None: the pile's empty place).
        What is drawn last lies on top, so piles are asked in reverse drawing order, and
        a place that shows nothing when empty (``Outline.NONE``) is not there."""
        for pile, slot in reversed(self.layout.slots.items()):
            cards = state.piles[pile]
            positions = self.positions(state, pile)
            for index in range(len(cards) - 1, -1, -1):
                if self.card_rect(positions[index]).collidepoint(point):
                    return pile, (len(cards) - 1 if slot.squared else index)
            place = self.card_rect(self.layout.origin[pile])
            if not cards and place.collidepoint(point) and self._shows_place(state, pile):
                return pile, None
        return None

    def drop_target(self, state: State, moving: pygame.Rect, point) -> str | None:
        """The pile a dragged card is dropped on: the topmost under the pointer, else the
        one it overlaps most (the topmost among equals)."""
        best, best_area = None, 0
        for pile in reversed(self.layout.slots):
            count = len(state.piles[pile])
            if not count and not self._shows_place(state, pile):
                continue
            rect = pygame.Rect(self.layout.pile_rect(pile, count, state.face_down(pile)))
            if rect.collidepoint(point):
                return pile
            overlap = rect.clip(moving)
            if overlap.w * overlap.h > best_area:
                best, best_area = pile, overlap.w * overlap.h
        return best

    def _shows_place(self, state: State, pile: str) -> bool:
        """Whether an empty pile's place shows (its outline is not ``Outline.NONE``)."""
        return self.rules.outline(state, pile, self.layout.slots[pile].outline) != Outline.NONE

    def pile_top_rect(self, state: State, pile: str) -> pygame.Rect:
        cards = state.piles[pile]
        positions = self.layout.card_positions(pile, max(1, len(cards)), state.face_down(pile))
        return self.card_rect(positions[-1])

    # ------------------------------------------------------------------ drawing
    def card_image(self, card: Card, face_up: bool) -> pygame.Surface:
        if self.faces_folder is not None:
            face_cache.restore(self.faces_folder, self.art)
            self.faces_folder = None
        return self.art.face(card.rank, card.suit) if face_up else self.art.back_surface()

    def static(self, state: State, hidden: frozenset) -> pygame.Surface:
        """The felt with every pile drawn, leaving out ``hidden`` cards; cached. Only the
        piles that changed since the last call are drawn again, and where they were is
        kept for the next frame (``take_changes``)."""
        shown = {
            pile: (
                tuple(cards),
                tuple(card in hidden for card in cards),
                state.face_down(pile),
                self.rules.outline(state, pile, slot.outline) if not cards else slot.outline,
            )
            for pile, slot in self.layout.slots.items()
            for cards in (state.piles[pile],)
        }
        size = (self.area.right, self.felt_bottom)
        if self.cache is None or self.cache_size != size:
            self._draw_all(size, shown)
        elif shown != self.shown:
            self._draw_changed(shown)
        assert self.cache is not None  # made by _draw_all if there was none
        return self.cache

    def take_changes(self) -> list[pygame.Rect]:
        """The places of the cached table drawn anew since the last call (a frame puts
        them on screen)."""
        changes, self.changes = self.changes, []
        return changes

    def _felt(self) -> pygame.Surface:
        """The felt at half size: a soft texture loses nothing, and it saves 6 MiB at
        1080p. An odd size is rounded up, so that it scales by exactly two and any part of
        it scales to the same pixels as the whole (see ``_draw_changed``)."""
        if self.felt is None:
            width, height = self.area.right, self.felt_bottom
            half = (max(1, (width + 1) // 2), max(1, (height + 1) // 2))
            self.felt = table_surface(self.look["table"], *half, mono=self.look["mono"])
        return self.felt

    def _draw_all(self, size: tuple[int, int], shown: dict) -> None:
        felt = self._felt()
        doubled = (felt.get_width() * 2, felt.get_height() * 2)
        if self.cache is None or self.cache.get_size() != doubled:
            self.cache = pygame.Surface(doubled).convert()
        pygame.transform.scale(felt, doubled, self.cache)
        self.cache_size, self.shown = size, shown
        for pile in self.layout.slots:
            self._draw_pile(self.cache, pile, shown[pile])
        self.changes = [pygame.Rect((0, 0), size)]

    def _draw_changed(self, shown: dict) -> None:
        """Draw again only where a pile changed: the felt there (scaled from its half
        size, pixel for pixel as the whole is), then every pile that reaches into it."""
        assert self.cache is not None  # static calls this only once the whole is drawn
        bounds = self.cache.get_rect()
        rects = []
        for pile, now in shown.items():
            before = self.shown[pile]
            if now != before and pile in self.layout.slots:
                rect = self._extent(pile, len(before[0]), before[2]).union(
                    self._extent(pile, len(now[0]), now[2])
                )
                rects.append(_even(rect.inflate(2, 2)).clip(bounds))
        felt = self._felt()
        for rect in rects:
            half = pygame.Rect(rect.x // 2, rect.y // 2, rect.w // 2, rect.h // 2)
            self.cache.blit(pygame.transform.scale(felt.subsurface(half), rect.size), rect)
            self.cache.set_clip(rect)
            for pile in self.layout.slots:
                if self._extent(pile, len(shown[pile][0]), shown[pile][2]).colliderect(rect):
                    self._draw_pile(self.cache, pile, shown[pile])
            self.cache.set_clip(None)
        self.shown = shown
        self.changes += rects

    def _extent(self, pile: str, count: int, down: int) -> pygame.Rect:
        """All a pile covers on the felt: its cards, its outline and a count below it."""
        rect = pygame.Rect(self.layout.pile_rect(pile, count, down))
        if self.layout.slots[pile].squared:
            rect.h += self._badge_size() * 2
        return rect

    def _badge_size(self) -> int:
        return max(12, self.layout.card_w // 5)

    def _draw_pile(self, surface: pygame.Surface, pile: str, shown: tuple) -> None:
        cards, hidden, down, kind = shown
        slot = self.layout.slots[pile]
        origin = self.layout.origin[pile]
        if kind != Outline.NONE:
            suit = slot.mark if kind == Outline.FOUNDATION else None
            outline = self.art.outline(kind, suit=suit) if suit else self.art.outline(kind)
            surface.blit(outline, origin)
        positions = self.layout.card_positions(pile, len(cards), down)
        indexes = [i for i in range(len(cards)) if not hidden[i]]
        if slot.squared:
            indexes = indexes[-1:]
        for index in indexes:
            face_up = not slot.face_down and index >= down
            surface.blit(self.card_image(cards[index], face_up), positions[index])
        if slot.squared and cards:
            self._count_badge(surface, origin, len(cards), self._badge_size())

    def _count_badge(self, surface, origin, count: int, size: int) -> None:
        label = rendered(str(count), size, (255, 255, 255), bold=True)
        x = origin[0] + self.layout.card_w // 2
        y = origin[1] + self.layout.card_h + 2
        box = label.get_rect(midtop=(x, y)).inflate(size // 2, 2)
        pygame.draw.rect(surface, (0, 0, 0), box, border_radius=size // 3)
        surface.blit(label, label.get_rect(center=box.center))


def _even(rect: pygame.Rect) -> pygame.Rect:
    """``rect`` grown to even corners: it is then exactly twice a rectangle of the felt."""
    left, top = rect.x - rect.x % 2, rect.y - rect.y % 2
    right, bottom = rect.right + rect.right % 2, rect.bottom + rect.bottom % 2
    return pygame.Rect(left, top, right - left, bottom - top)
