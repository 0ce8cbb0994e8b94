"""The game's window: full screen or a resizable window, and the boss key.

Full screen is desktop full screen (``set_mode((0, 0), FULLSCREEN)``): borderless, no
video-mode switch. Switching is done by calling ``set_mode`` again, which works on every
platform (``toggle_fullscreen`` does not on Windows).
"""

from __future__ import annotations

import pygame

MIN_SIZE = (800, 600)
DEFAULT_WINDOW = (1280, 800)


class Window:
    def __init__(self, fullscreen: bool = True, size: tuple[int, int] = DEFAULT_WINDOW):
        self.windowed_size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        self.fullscreen = fullscreen
        self.hidden_from_fullscreen = False  # the boss key left full screen: go back on restore
        self.surface = self._set_mode()

    def _set_mode(self) -> pygame.Surface:
        if self.fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.fullscreen = False  # no full screen here: a window will do
        return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.surface = self._set_mode()

    def resized(self, size: tuple[int, int]) -> None:
        """The user resized the window: remember it for the next time we leave full screen."""
        if not self.fullscreen:
            self.windowed_size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
            if size != self.windowed_size:
                self.surface = self._set_mode()
            else:
                self.surface = pygame.display.get_surface()

    def hide(self) -> None:
        """The boss key: out of full screen first (some systems refuse to minimise it)."""
        self.hidden_from_fullscreen = self.fullscreen
        if self.fullscreen:
            self.fullscreen = False
            self.surface = self._set_mode()
        pygame.display.iconify()

    def restored(self) -> None:
        if self.hidden_from_fullscreen:
            self.hidden_from_fullscreen = False
            self.fullscreen = True
            self.surface = self._set_mode()
