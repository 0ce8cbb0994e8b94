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
from ..art.theme import rendered
from ..art.widgets import button_at


@dataclass
class Drawn:
    """What the last frame showed that a frame of changes must know."""

    chrome: tuple  # the bars: what a frame of changes does not redraw
    covered: list[pygame.Rect]  # what lay over the cached table: cards in the air, glows


FINDER_EDGE = (0, 0, 0)


class TableDrawing:
    """Part of TableScreen: draws what the other parts decided."""

    def _hidden(self) -> frozenset:
        """Cards not drawn on the cached table: in the air or being dragged."""
        lifted = set()
        if self.drag:
            pile, index, count = self.drag[:3]
            lifted = set(self.state.piles[pile][index : index + count])
        return frozenset(self.flights.cards() | lifted)

    def _chrome(self) -> tuple:
        """The button bar as it would be drawn now."""
        hover = button_at(self.buttons, self.pointer)
        return (
            self.size,
            tuple((button.text, button.enabled(), button is hover) for button in self.buttons),
        )

    def draw_changes(self, surface: pygame.Surface, lag: float = 0.0) -> list | None:
        """Repaint only what changed since the last frame; the rectangles to put on
        screen, or None when a full frame is needed."""
        drawn, chrome = self.drawn, self._chrome()
        if drawn is None or drawn.chrome[0] != chrome[0]:  # a new size: all of it moves
            return None
        cache = self.view.static(self.state, self._hidden())
        rects = self.view.take_changes() + drawn.covered
        for rect in rects:
            surface.blit(cache, rect, rect)
        covered = self._draw_over_table(surface, lag)
        rects += covered
        bar = pygame.Rect(0, 0, surface.get_width(), self.bar_h)
        # A button lit, hovered or relabelled (a move enables Undo), or a card dragged over
        # the bar: the bar alone is drawn again, as a full frame would draw it, over the rest.
        if chrome != drawn.chrome or bar.collidelist(rects) >= 0:
            self._draw_buttons(surface)
            rects.append(bar)
        rects.append(self.draw_status(surface))
        self.drawn = Drawn(chrome, covered)
        return rects

    def draw(self, surface: pygame.Surface, lag: float = 0.0) -> None:
        """A full frame; ``lag`` is how far real time is past the last fixed update, so
        flying cards are drawn where they are now, between two updates."""
        surface.blit(self.view.static(self.state, self._hidden()), (0, 0))
        self.view.take_changes()  # all of it is on screen with this frame
        covered = self._draw_over_table(surface, lag)
        self._draw_bars(surface)
        self.drawn = Drawn(self._chrome(), covered)

    def _draw_over_table(self, surface: pygame.Surface, lag: float) -> list[pygame.Rect]:
        """Everything drawn over the cached table, in order; the places it covers."""
        covered = []
        if self.selected:
            covered += self._highlight_selection(surface)
        if self.drag:
            covered += self._highlight_targets(surface)
        for card, face_up, pos in self.flights.positions(lag):
            covered.append(surface.blit(self.view.card_image(card, face_up), pos))
        if self.drag:
            covered.append(self._draw_dragged(surface))
        if self.finder:
            covered += self._draw_finder(surface)
        if self.hint_target and self.hint_target[1] > self.now:
            glow = self.view.art.highlight("target")
            place = self.view.pile_top_rect(self.state, self.hint_target[0]).topleft
            covered.append(surface.blit(glow, place))
        box = self.draw_message(surface)
        if box is not None:
            covered.append(box)
        if self.tooltip is not None:
            covered.append(self._draw_tooltip(surface, self.tooltip))
        return covered

    def _draw_tooltip(self, surface, button) -> pygame.Rect:
        """A button's tooltip, just under the bar, kept inside the window."""
        theme, size = self.app.theme, self.text_size
        pad = size // 3
        image = rendered(button.tip, size, theme.text)
        box = image.get_rect().inflate(2 * pad, pad)
        box.topleft = (button.rect.x, self.bar_h + pad)
        box.right = min(box.right, surface.get_width() - pad)
        box.left = max(box.left, pad)
        pygame.draw.rect(surface, theme.panel, box, border_radius=pad)
        pygame.draw.rect(
            surface, theme.panel_edge, box, width=max(1, size // 14), border_radius=pad
        )
        surface.blit(image, image.get_rect(center=box.center))
        return box

    def _draw_dragged(self, surface) -> pygame.Rect:
        """The lifted cards over their soft shadow, as if held above the table."""
        pile, index, count, _, _, offset = self.drag
        x, y = self.pointer[0] - offset[0], self.pointer[1] - offset[1]
        art = self.view.art
        step = self.view.layout.card_h // 4
        w, h = self.view.card_size()
        cards = pygame.Rect(x, y, w, h + (count - 1) * step)
        shadow = surface.blit(art.shadow(cards.h), cards.move(art.shadow_offset))
        for i, card in enumerate(self.state.piles[pile][index : index + count]):
            surface.blit(self.view.card_image(card, True), (x, y + i * step))
        return cards.union(shadow)

    def _highlight_selection(self, surface) -> list[pygame.Rect]:
        pile, index = self.selected[:2]
        positions = self.view.positions(self.state, pile)
        glow = self.view.art.highlight("select")
        if self.view.layout.slots[pile].squared:
            index = len(positions) - 1
        return [surface.blit(glow, pos) for pos in positions[index:]]

    def _highlight_targets(self, surface) -> list[pygame.Rect]:
        if not self.app.look.get("hints", True):
            return []
        pile, index, count, kind = self.drag[:4]
        glow = self.view.art.highlight("target")
        covered = []
        for move in self.legal_moves():
            same = move.kind == kind and move.src == pile
            lifted = move.count == count if kind == MoveKind.MOVE else move.index == index
            if same and lifted and move.dst != pile:
                place = self.view.pile_top_rect(self.state, move.dst).topleft
                covered.append(surface.blit(glow, place))
        return covered

    def _draw_finder(self, surface) -> list[pygame.Rect]:
        """An arrow at the part of the card that shows (a covered card shows only a strip),
        from above (smaller where the table's edge is near), from below only where there is
        no room at all."""
        visible = self.view.visible_rect(self.state, self.finder[0])
        if visible is None:
            return []
        size = max(10, self.view.layout.card_w // 4)
        x = visible.centerx
        room = (
            visible.top - 2 - self.view.area.top
        )  # felt above the card, as in Gellman's La Belle Lucie
        if room >= 2 * min(size, 8):
            size = min(size, room // 2)  # smaller for the top row, still above the card
            tip, sign = (x, visible.top - 2), -1
        else:
            tip, sign = (x, visible.bottom + 2), 1
        head = [tip, (x - size, tip[1] + sign * size), (x + size, tip[1] + sign * size)]
        shaft = pygame.Rect(0, 0, 2 * (size // 3), size)
        if sign < 0:
            shaft.midbottom = (x, tip[1] - size + 1)
        else:
            shaft.midtop = (x, tip[1] + size - 1)
        colour = self.app.theme.accent
        edge = max(1, size // 6)  # a dark edge: it shows on any table, in black and white too
        drawn = [
            pygame.draw.rect(surface, FINDER_EDGE, shaft.inflate(2 * edge, 2 * edge)),
            pygame.draw.polygon(surface, FINDER_EDGE, head, width=2 * edge),
            pygame.draw.polygon(surface, colour, head),
            pygame.draw.rect(surface, colour, shaft),
        ]
        return [rect.inflate(2, 2) for rect in drawn]

    def _draw_bars(self, surface) -> None:
        self._draw_buttons(surface)
        self.draw_status(surface)

    def _draw_buttons(self, surface) -> None:
        theme, width = self.app.theme, surface.get_width()
        pygame.draw.rect(surface, theme.bar, (0, 0, width, self.bar_h))
        if [button.text for button in self.buttons] != self.fitted_labels:
            self.fit_buttons()  # a count on a button changed its width
        hover = button_at(self.buttons, self.pointer)
        for button in self.buttons:
            button.draw(surface, theme, button is hover, self.button_text_size)
