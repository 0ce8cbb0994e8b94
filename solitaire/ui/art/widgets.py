"""Buttons and dialog panels."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from .theme import Theme, font, text


@dataclass
class Button:
    label: str
    action: Callable[[], None]
    enabled: Callable[[], bool] = field(default=lambda: True)
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    caption: Callable[[], str] | None = None  # a label that changes (it carries a count)
    tip: str = ""  # what it does and its key, shown after a short hover

    @property
    def text(self) -> str:
        return self.caption() if self.caption else self.label

    def draw(self, surface: pygame.Surface, theme: Theme, hover: bool, size: int) -> None:
        on = self.enabled()
        colour = theme.button_hover if hover and on else theme.button if on else theme.button_off
        pygame.draw.rect(surface, colour, self.rect, border_radius=max(3, self.rect.h // 5))
        ink = theme.text if on else theme.dim_text
        text(surface, self.text, size, ink, self.rect.center, "center")


def fit_row(buttons: list[Button], x: int, y: int, right: int, height: int, size: int) -> int:
    """Place buttons left to right between ``x`` and ``right``, the text at ``size`` or as
    much smaller as it takes for the whole row to fit (then the padding shrinks too);
    return the text size used."""
    room = right - x
    for trial in range(size, max(8, size * 3 // 5) - 1, -1):
        words = [font(trial).size(button.text)[0] for button in buttons]
        for pad in (height, height * 3 // 4, height // 2, height // 3):
            gap = max(2, pad // 8)
            if sum(words) + len(buttons) * pad + (len(buttons) - 1) * gap <= room:
                _place(buttons, x, y, height, words, pad, gap)
                return trial
    gap = 2
    pad = max(4, (room - sum(words) - (len(buttons) - 1) * gap) // len(buttons))
    _place(buttons, x, y, height, words, pad, gap)
    return trial


def _place(buttons, x: int, y: int, height: int, words: list[int], pad: int, gap: int) -> None:
    for button, width in zip(buttons, words):
        button.rect = pygame.Rect(x, y, width + pad, height)
        x += width + pad + gap


def button_at(buttons: list[Button], pos) -> Button | None:
    return next((b for b in buttons if b.rect.collidepoint(pos)), None)


def panel(surface: pygame.Surface, theme: Theme, rect: pygame.Rect) -> None:
    """A dialog's background over a shaded table."""
    surface.fill(theme.shade, special_flags=pygame.BLEND_RGB_MULT)  # darken in place: no copy
    radius = max(6, rect.h // 40)
    pygame.draw.rect(surface, theme.panel, rect, border_radius=radius)
    pygame.draw.rect(
        surface, theme.panel_edge, rect, width=max(2, rect.h // 200), border_radius=radius
    )


@lru_cache(maxsize=256)
def fitted(words: str, size: int, width: int, bold: bool = False) -> tuple[str, int]:
    """The words and a text size that fit ``width`` pixels: a smaller size first (down to
    three quarters), then the words cut short with an ellipsis. Remembered: the status
    line asks this every frame."""
    smallest = max(8, size * 3 // 4)
    for trial in range(size, smallest - 1, -1):
        if font(trial, bold).size(words)[0] <= width:
            return words, trial
    face = font(smallest, bold)
    while words and face.size(words + "...")[0] > width:
        words = words[:-1]
    return words.rstrip() + "...", smallest


def text_fitted(
    surface, words: str, size: int, colour, pos, anchor: str, width: int, bold: bool = False
) -> pygame.Rect:
    """``theme.text`` for words that must stay within ``width`` pixels."""
    words, size = fitted(words, size, width, bold)
    return text(surface, words, size, colour, pos, anchor, bold=bold)
