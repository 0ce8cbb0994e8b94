"""The table's status line: the game, the deal, score, moves, clock and verdict on the
left; a message or what is being typed on the right."""

from __future__ import annotations

import pygame

from ..model.rules import HOME
from .theme import text

STATUS_GAP = "   |   "


class TableStatus:
    """Part of TableScreen: reads the game, the partner's verdict and the message."""

    def draw_status(self, surface) -> pygame.Rect:
        """The status line alone: when only the clock moved, this is the whole frame."""
        theme, width, height = self.app.theme, *surface.get_size()
        rect = pygame.Rect(0, height - self.bar_h, width, self.bar_h)
        pygame.draw.rect(surface, theme.bar, rect)
        self.status_dirty = False
        size = self.bar_h * 11 // 20
        y = height - self.bar_h // 2
        text(surface, self.status_text(), size, theme.text, (10, y), "midleft")
        note = self.message[0] or self.prompt_text()
        if note:
            text(surface, note, size, theme.accent, (width - 10, y), "midright")
        return rect

    def status_text(self) -> str:
        rules, state = self.rules, self.state
        minutes, seconds = divmod(int(self.seconds), 60)
        parts = [
            rules.title,
            f"Deal {self.game.deal_number}",
            rules.score_text(state),
            f"Moves {self.game.moves_made}",
            f"{minutes}:{seconds:02d}",
            *rules.status_items(state),
        ]
        verdict = self.partner.status_text()
        if verdict:
            parts.append(verdict)
        if self.app.audio.muted:
            parts.append("muted")
        return STATUS_GAP.join(parts)

    def prompt_text(self) -> str:
        if self.typed:
            return f"Card: {self.typed}_   (Enter plays it, Backspace erases)"
        if self.origin_key:
            return (
                f"From {self.origin_key.upper()} to ... ({self._destination_keys()}, Esc cancels)"
            )
        return ""

    def _destination_keys(self) -> str:
        """The keys that name a destination, for the prompt: "2, 3, 4, 5 or F"."""
        rules = self.rules
        keys = [
            code.upper()
            for code, pile in rules.codes.items()
            if pile == HOME or rules.roles.get(pile) in ("tableau", "cell")
        ]
        return ", ".join(keys[:-1]) + " or " + keys[-1] if len(keys) > 1 else "".join(keys)
