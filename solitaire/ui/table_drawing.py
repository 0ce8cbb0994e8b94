"""Drawing the table screen: the cached table, the cards in the air or being dragged,
highlights, the card finder's arrow and the button bar."""

from __future__ import annotations

import pygame

from ..model.moves import MoveKind
from .widgets import button_at


class TableDrawing:
    """Part of TableScreen: draws what the other parts decided."""

    def _hidden(self) -> frozenset:
        """Cards not drawn on the cached table: in the air or being dragged."""
        lifted = set()
        if self.drag:
            pile, index, count = self.drag[:3]
            lifted = set(self.state.piles[pile][index : index + count])
        return frozenset(self.flights.cards() | lifted)

    def _signature(self) -> tuple:
        """Everything a frame shows apart from the dragged cards' place."""
        return (
            self.state.key(),
            self._hidden(),
            self.selected,
            self.finder,
            self.message[0],
            self.prompt_text(),
            self.app.library.saving_problem,
            self.flights.busy,
            self.app.look.get("hints"),
        )

    def _drag_rect(self) -> pygame.Rect:
        """Where the dragged cards and their shadow are: what a quick frame repaints."""
        cards = self._dragged_cards_rect()
        art = self.view.art
        shadow = art.shadow(cards.h).get_rect(
            topleft=(cards.x + art.shadow_offset[0], cards.y + art.shadow_offset[1])
        )
        return cards.union(shadow)

    def _dragged_cards_rect(self) -> pygame.Rect:
        pile, index, count, _, _, offset = self.drag
        x, y = self.pointer[0] - offset[0], self.pointer[1] - offset[1]
        w, h = self.view.card_size()
        return pygame.Rect(x, y, w, h + (count - 1) * (h // 4))

    def draw_drag_only(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """When only the dragged cards moved, repaint just where they were and are now.

        Returns the rectangles to put on screen, or None when a full frame is needed.
        """
        if not self.drag or self.drawn is None or self.drawn[0] != self._signature():
            return None
        old, new = self.drawn[1], self._drag_rect()
        cache = self.view.cache
        surface.blit(cache, old, old)
        surface.set_clip(old)
        self._highlight_targets(surface)  # the glows the old place covered
        surface.set_clip(None)
        self._draw_dragged(surface)
        self.drawn = (self.drawn[0], new)
        return [old, new]

    def draw(self, surface: pygame.Surface, lag: float = 0.0) -> None:
        """A full frame; ``lag`` is how far real time is past the last fixed update, so
        flying cards are drawn where they are now, between two updates."""
        view = self.view
        hidden = self._hidden()
        surface.blit(view.static(self.state, hidden), (0, 0))
        if self.selected:
            self._highlight_selection(surface)
        if self.drag:
            self._highlight_targets(surface)
        for card, face_up, pos in self.flights.positions(lag):
            surface.blit(view.card_image(card, face_up), pos)
        if self.drag:
            self._draw_dragged(surface)
        if self.finder:
            self._draw_finder(surface)
        if self.hint_target and self.hint_target[1] > self.now:
            glow = self.view.art.highlight("target")
            surface.blit(glow, self.view.pile_top_rect(self.state, self.hint_target[0]).topleft)
        self._draw_bars(surface)
        self.drawn = (self._signature(), self._drag_rect()) if self.drag else None

    def _draw_dragged(self, surface) -> None:
        """The lifted cards over their soft shadow, as if held above the table."""
        pile, index, count = self.drag[:3]
        rect = self._dragged_cards_rect()
        art = self.view.art
        offset = art.shadow_offset
        surface.blit(art.shadow(rect.h), (rect.x + offset[0], rect.y + offset[1]))
        step = self.view.layout.card_h // 4
        for i, card in enumerate(self.state.piles[pile][index : index + count]):
            surface.blit(self.view.card_image(card, True), (rect.x, rect.y + i * step))

    def _highlight_selection(self, surface) -> None:
        pile, index = self.selected[:2]
        positions = self.view.layout.card_positions(pile, len(self.state.piles[pile]))
        glow = self.view.art.highlight("select")
        if self.view.layout.slots[pile].squared:
            index = len(positions) - 1
        for pos in positions[index:]:
            surface.blit(glow, pos)

    def _highlight_targets(self, surface) -> None:
        if not self.app.look.get("hints", True):
            return
        pile, index, count, kind = self.drag[:4]
        glow = self.view.art.highlight("target")
        for move in self.legal_moves():
            same = move.kind == kind and move.src == pile
            if same and (move.count == count if kind == MoveKind.MOVE else move.index == index):
                if move.dst != pile:
                    surface.blit(glow, self.view.pile_top_rect(self.state, move.dst).topleft)

    def _draw_finder(self, surface) -> None:
        """An arrow at the part of the card that shows (a covered card shows only a strip),
        from above, or from below when the bar leaves no room above."""
        visible = self.view.visible_rect(self.state, self.finder[0])
        if visible is None:
            return
        size = max(10, self.view.layout.card_w // 4)
        x = visible.centerx
        if visible.top - 2 * size - 2 >= self.view.area.top:
            tip, sign = (x, visible.top - 2), -1
        else:
            tip, sign = (x, visible.bottom + 2), 1
        head = [tip, (x - size, tip[1] + sign * size), (x + size, tip[1] + sign * size)]
        shaft = pygame.Rect(0, 0, 2 * (size // 3), size)
        if sign < 0:
            shaft.midbottom = (x, tip[1] - size + 1)
        else:
            shaft.midtop = (x, tip[1] + size - 1)
        pygame.draw.polygon(surface, self.app.theme.accent, head)
        pygame.draw.rect(surface, self.app.theme.accent, shaft)

    def _draw_bars(self, surface) -> None:
        theme, width = self.app.theme, surface.get_width()
        pygame.draw.rect(surface, theme.bar, (0, 0, width, self.bar_h))
        if [button.text for button in self.buttons] != self.fitted_labels:
            self.fit_buttons()  # a count on a button changed its width
        hover = button_at(self.buttons, self.pointer)
        for button in self.buttons:
            button.draw(surface, theme, button is hover, self.button_text_size)
        self.draw_status(surface)
        self.draw_message(surface)
