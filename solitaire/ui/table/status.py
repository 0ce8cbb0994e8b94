"""The table's words: the status line (the game, deal, score, moves, clock and verdict)
and messages, which have a place of their own just above it, near the cards."""

from __future__ import annotations

import pygame

from ...model.rules import HOME
from ...model.vocabulary import Role, Typing
from ..art.theme import font, text, wrap
from ..art.widgets import fitted

STATUS_GAP = "   |   "
MESSAGE_LINES = 3  # a longer message is cut short


class TableStatus:
    """Part of TableScreen: reads the game, the partner's verdict and the message."""

    def draw_status(self, surface) -> pygame.Rect:
        """The status line alone: when only the clock moved, this is the whole frame."""
        theme, width, height = self.app.theme, *surface.get_size()
        rect = pygame.Rect(0, height - self.bar_h, width, self.bar_h)
        pygame.draw.rect(surface, theme.bar, rect)
        self.status_dirty = False
        pad = self.bar_h // 3
        words, size = self.status_line(width - 2 * pad, self.text_size)
        text(surface, words, size, theme.text, (pad, rect.centery), "midleft")
        return rect

    @property
    def text_size(self) -> int:
        """The bars' text size: it grows with the window, as the cards do."""
        return self.bar_h * 11 // 20

    def status_line(self, width: int, size: int) -> tuple[str, int]:
        """The status words that fit ``width``: the game's name goes first (the window
        title has it), then the words are cut short."""
        parts = self.status_parts()
        words, fitted_size = fitted(STATUS_GAP.join(parts), size, width)
        if words.endswith("...") and len(parts) > 1:
            words, fitted_size = fitted(STATUS_GAP.join(parts[1:]), size, width)
        return words, fitted_size

    def status_parts(self) -> list[str]:
        rules, state = self.rules, self.state
        minutes, seconds = divmod(int(self.seconds), 60)
        parts = [
            rules.title,
            rules.deal_label(state, self.game.deal_number),
            *rules.deal_items(state),
            rules.score_text(state),
            f"Moves {self.game.moves_made}",
            f"{minutes}:{seconds:02d}",
            *rules.status_items(state),
        ]
        verdict = self.partner.status_text() if self.app.look["verdict"] else ""
        if verdict:
            parts.append(verdict)
        if self.app.audio.muted:
            parts.append("muted")
        return parts

    def status_text(self) -> str:
        return STATUS_GAP.join(self.status_parts())

    def draw_message(self, surface) -> pygame.Rect | None:
        """The message (or what is being typed) in a box on the strip of felt kept for it
        above the status line, wrapped to at most three lines. Between messages it says
        what is not being saved, for as long as saving fails. The box's place, if any."""
        words = self.message[0] or self.prompt_text() or self.app.library.saving_problem
        if not words:
            return None
        theme, width = self.app.theme, surface.get_width()
        size = self.text_size
        pad = size // 2
        room = width - 4 * pad
        lines = wrap(words, size, room)
        if len(lines) > MESSAGE_LINES:
            rest = " ".join(lines[MESSAGE_LINES - 1 :])
            lines = lines[: MESSAGE_LINES - 1] + [fitted(rest, size, room)[0]]
        line_h = size + size // 4
        box_w = max(font(size).size(line)[0] for line in lines)
        box = pygame.Rect(0, 0, box_w + 2 * pad, len(lines) * line_h + pad // 2)
        box.midbottom = (width // 2, surface.get_height() - self.bar_h - max(1, pad // 4))
        pygame.draw.rect(surface, theme.bar, box, border_radius=pad)
        pygame.draw.rect(surface, theme.accent, box, width=max(1, size // 12), border_radius=pad)
        for i, line in enumerate(lines):
            centre = (box.centerx, box.y + pad // 4 + i * line_h + line_h // 2)
            text(surface, line, size, theme.accent, centre, "center")
        return box

    def prompt_text(self) -> str:
        if self.typed:
            what = "Card" if self.rules.typing == Typing.CARD else "Move"
            return f"{what}: {self.typed}_   (Enter plays it, Backspace erases, Esc cancels)"
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
            if pile == HOME or rules.roles.get(pile) in (Role.TABLEAU, Role.CELL)
        ]
        return ", ".join(keys[:-1]) + " or " + keys[-1] if len(keys) > 1 else "".join(keys)
