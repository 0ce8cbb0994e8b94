"""Drawing the table screen: the cached table, the cards in the air or being dragged,
highlights, the card finder's arrow and the button bar.

Most frames change little: a card flies, a dragged run follows the pointer, a move
changes two piles. Such a frame repaints only those places (``draw_changes``): from
the cached table, then whatever lies on top of it there, and puts just those
rectangles on screen; a change in the button bar (a button lit or hovered, a new
label) redraws the bar alone. A full frame is drawn when the window's size changed or
after anything else took the screen.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...model.moves import MoveKind
from .bar import Chrome


@dataclass
class Drawn:
    """What the last frame showed that a frame of changes must know."""

    chrome: Chrome  # the bars: what a frame of changes does not redraw
    covered: list[pygame.Rect]  # what lay over the cached table: cards in the air, glows


FINDER_EDGE = (0, 0, 0)


class TableDrawing:
    """Part of the table screen: draws what the other parts decided."""

    def __init__(self, table):
        self.table = table
        self.drawn: Drawn | None = None  # None: the next frame is drawn whole

    def forget(self) -> None:
        """The screen was someone else's, or the view is new: draw the next frame whole."""
        self.drawn = None

    @property
    def view(self):
        return self.table.view

    @property
    def state(self):
        return self.table.state

    def _hidden(self) -> frozenset:
        """Cards not drawn on the cached table: in the air or being dragged."""
        return frozenset(self.table.flights.cards() | set(self.table.input.lifted_cards()))

    def _chrome(self) -> Chrome:
        return self.table.bar.chrome(self.table.input.pointer)

    def draw_changes(self, surface: pygame.Surface, lag: float = 0.0) -> list | None:
        """Repaint only what changed since the last frame; the rectangles to put on
        screen, or None when a full frame is needed."""
        drawn, chrome = self.drawn, self._chrome()
        if drawn is None or drawn.chrome.size != chrome.size:  # a new size: all of it moves
            return None
        cache = self.view.static(self.state, self._hidden())
        rects = self.view.take_changes() + drawn.covered
        for rect in rects:
            surface.blit(cache, rect, rect)
        covered = self._draw_over_table(surface, lag)
        rects += covered
        bar = pygame.Rect(0, 0, surface.get_width(), self.table.bar.height)
        # A button lit, hovered or relabelled (a move enables Undo), or a card dragged over
        # the bar: the bar alone is drawn again, as a full frame would draw it, over the rest.
        if chrome != drawn.chrome or bar.collidelist(rects) >= 0:
            rects.append(self._draw_buttons(surface))
        rects.append(self.table.status.draw_status(surface))
        self.drawn = Drawn(chrome, covered)
        return rects

    def draw(self, surface: pygame.Surface, lag: float = 0.0) -> None:
        """A full frame; ``lag`` is how far real time is past the last fixed update, so
        flying cards are drawn where they are now, between two updates."""
        surface.blit(self.view.static(self.state, self._hidden()), (0, 0))
        self.view.take_changes()  # all of it is on screen with this frame
        covered = self._draw_over_table(surface, lag)
        self._draw_buttons(surface)
        self.table.status.draw_status(surface)
        self.drawn = Drawn(self._chrome(), covered)

    def _draw_over_table(self, surface: pygame.Surface, lag: float) -> list[pygame.Rect]:
        """Everything drawn over the cached table, in order; the places it covers."""
        table, held, help = self.table, self.table.input, self.table.help
        covered = []
        if held.selected:
            covered += self._highlight_selection(surface, held.selected)
        if held.drag:
            covered += self._highlight_targets(surface, held.drag.lifted)
        for card, face_up, pos in table.flights.positions(lag):
            covered.append(surface.blit(self.view.card_image(card, face_up), pos))
        if held.drag:
            covered.append(self._draw_dragged(surface, held.drag, held.pointer))
        if help.finder:
            covered += self._draw_finder(surface, help.finder.card)
        if help.hint_target and help.hint_target.until > table.now:
            glow = self.view.art.highlight("target")
            place = self.view.pile_top_rect(self.state, help.hint_target.pile).topleft
            covered.append(surface.blit(glow, place))
        box = table.status.draw_message(surface)
        if box is not None:
            covered.append(box)
        tip = table.bar.draw_tooltip(surface, table.app.theme)
        if tip is not None:
            covered.append(tip)
        return covered

    def _draw_dragged(self, surface, drag, pointer) -> pygame.Rect:
        """The lifted cards over their soft shadow, as if held above the table."""
        (pile, index, count, _), _, offset = drag
        x, y = pointer[0] - offset[0], pointer[1] - offset[1]
        art = self.view.art
        step = self.view.layout.card_h // 4
        w, h = self.view.card_size()
        cards = pygame.Rect(x, y, w, h + (count - 1) * step)
        shadow = surface.blit(art.shadow(cards.h), cards.move(art.shadow_offset))
        for i, card in enumerate(self.state.piles[pile][index : index + count]):
            surface.blit(self.view.card_image(card, True), (x, y + i * step))
        return cards.union(shadow)

    def _highlight_selection(self, surface, selected) -> list[pygame.Rect]:
        pile, index = selected.pile, selected.first
        positions = self.view.positions(self.state, pile)
        glow = self.view.art.highlight("select")
        if self.view.layout.slots[pile].squared:
            index = len(positions) - 1
        return [surface.blit(glow, pos) for pos in positions[index:]]

    def _highlight_targets(self, surface, lifted) -> list[pygame.Rect]:
        if not self.table.app.look.get("hints", True):
            return []
        pile, index, count, kind = lifted
        glow = self.view.art.highlight("target")
        covered = []
        for move in self.table.legal_moves():
            if kind == MoveKind.MOVE and count == 1 and pile in move.leaving():
                # A card that leaves play: the glow on its partner, or on the discard pile.
                partners = [other for other in move.leaving() if other != pile]
                place = self.view.pile_top_rect(self.state, (partners or [move.dst])[0]).topleft
                covered.append(surface.blit(glow, place))
                continue
            same = move.kind == kind and move.src == pile
            lifted = move.count == count if kind == MoveKind.MOVE else move.index == index
            if same and lifted and move.dst != pile:
                place = self.view.pile_top_rect(self.state, move.dst).topleft
                covered.append(surface.blit(glow, place))
        return covered

    def _draw_finder(self, surface, card) -> list[pygame.Rect]:
        """An arrow at the part of the card that shows (a covered card shows only a strip),
        from above (smaller where the table's edge is near). Where there is no felt above
        (the top row on a small screen), inside that part, clear of its corner index:
        from below, it would lie on the indices of the cards beneath."""
        visible = self.view.visible_rect(self.state, card)
        if visible is None:
            return []
        size = max(10, self.view.layout.card_w // 4)
        geometry = self.view.art.geometry
        index_bottom = geometry.index_y + geometry.index_height
        room = visible.top - 2 - self.view.area.top  # as in Gellman's La Belle Lucie
        under_index = visible.h - index_bottom - 4
        beside_index = visible.w - (geometry.index_x + geometry.index_width) - 4
        if room >= 2 * min(size, 8):
            size = min(size, room // 2)  # smaller for the top row, still above the card
            tip, towards = (visible.centerx, visible.top - 2), (0, 1)
        elif under_index >= 2 * min(size, 8):  # a tall strip: up at the index from below it
            size = max(4, min(size, under_index // 2, visible.w // 2))
            tip, towards = (visible.centerx, visible.top + index_bottom + 2), (0, -1)
        else:  # a short strip: at the index from its right
            size = max(4, min(size, beside_index // 2, visible.h // 2))
            left = visible.x + geometry.index_x + geometry.index_width + 2
            tip, towards = (left, visible.top + geometry.index_y + size), (-1, 0)
        head, shaft = _arrow(tip, towards, size)
        colour = self.table.app.theme.accent
        edge = max(1, size // 6)  # a dark edge: it shows on any table, in black and white too
        drawn = [
            pygame.draw.rect(surface, FINDER_EDGE, shaft.inflate(2 * edge, 2 * edge)),
            pygame.draw.polygon(surface, FINDER_EDGE, head, width=2 * edge),
            pygame.draw.polygon(surface, colour, head),
            pygame.draw.rect(surface, colour, shaft),
        ]
        return [rect.inflate(2, 2) for rect in drawn]

    def _draw_buttons(self, surface) -> pygame.Rect:
        return self.table.bar.draw(surface, self.table.app.theme, self.table.input.pointer)


def _arrow(tip, towards: tuple[int, int], size: int) -> tuple[list, pygame.Rect]:
    """An arrow's head (a triangle ``size`` deep and twice as wide) and shaft (``size``
    long), its tip at ``tip``, pointing ``towards`` (a unit step along an axis)."""
    dx, dy = towards
    base = (tip[0] - dx * size, tip[1] - dy * size)
    across = (abs(dy) * size, abs(dx) * size)
    head = [
        tip,
        (base[0] - across[0], base[1] - across[1]),
        (base[0] + across[0], base[1] + across[1]),
    ]
    end = (base[0] - dx * size, base[1] - dy * size)
    half = size // 3
    if dx == 0:
        shaft = pygame.Rect(base[0] - half, min(base[1], end[1]), 2 * half, size + 1)
    else:
        shaft = pygame.Rect(min(base[0], end[0]), base[1] - half, size + 1, 2 * half)
    return head, shaft
