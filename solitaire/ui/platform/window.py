"""The game's window: full screen or a resizable window, and the boss key.

Full screen is desktop full screen (``set_mode((0, 0), FULLSCREEN)``): borderless, no
video-mode switch. Switching is done by calling ``set_mode`` again, which works on every
platform (``toggle_fullscreen`` does not on Windows).
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Sequence

import pygame

from ...i18n import _

MIN_SIZE = (800, 600)
DEFAULT_WINDOW = (1280, 800)
# Where windows need an X11 or Wayland display named in the environment.
DISPLAY_SERVER_SYSTEMS = ("linux", "freebsd", "openbsd", "netbsd", "dragonfly", "sunos")
# Drivers SDL falls back to when no display answers: nothing it draws can be seen (offscreen,
# dummy), or it takes over a text console (KMSDRM, evdev). Fine when asked for by name.
UNSEEN_DRIVERS = ("offscreen", "dummy", "kmsdrm", "evdev")


def open_display() -> str | None:
    """Initialise pygame's display; None, or why no window could be seen on it.

    Without a display SDL does not fail: it falls back to a driver nobody sees, and the
    game would run (and save) invisibly for ever. Where windows need DISPLAY or
    WAYLAND_DISPLAY the display is not even tried without one. A driver named in
    SDL_VIDEODRIVER (the tests' dummy driver) is always taken as asked.
    """
    if os.environ.get("SDL_VIDEODRIVER"):
        pygame.display.init()
        return None
    if sys.platform.startswith(DISPLAY_SERVER_SYSTEMS) and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        return _("no display: neither DISPLAY nor WAYLAND_DISPLAY is set")
    pygame.display.init()
    driver = pygame.display.get_driver()
    if driver.lower() in UNSEEN_DRIVERS:
        pygame.display.quit()
        return _("no display answered; SDL could only offer its {driver} driver").format(
            driver=driver
        )
    return None


def fit_on_desktop(size: tuple, position: tuple | None, desktops: list) -> tuple:
    """A window left on a bigger screen, or partly off this one (a monitor unplugged, a
    smaller resolution), comes back whole: no larger than the largest desktop and, with a
    single desktop, placed inside it (centred if the old place no longer fits). With
    several desktops their arrangement is unknown, so the old place is kept."""
    if not desktops:
        return size, position
    width = min(size[0], max(desktop[0] for desktop in desktops))
    height = min(size[1], max(desktop[1] for desktop in desktops))
    if position is not None and len(desktops) == 1:
        (screen_w, screen_h), (x, y) = desktops[0], position
        if x < 0 or y < 0 or x + width > screen_w or y + height > screen_h:
            position = ((screen_w - width) // 2, (screen_h - height) // 2)
    return (width, height), position


class Window:
    def __init__(
        self,
        fullscreen: bool = True,
        size: tuple[int, int] = DEFAULT_WINDOW,
        position: Sequence[int] | None = None,  # (x, y), a list in the settings file
    ):
        size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        position = tuple(position) if position else None  # where the window was left
        self.windowed_size, self.position = fit_on_desktop(
            size, position, pygame.display.get_desktop_sizes()
        )
        self.fullscreen = fullscreen
        self.hidden_from_fullscreen = False  # the boss key left full screen: go back on restore
        self.opening = fullscreen and self._open_borderless()
        if not self.opening:
            self.surface = self._set_mode()
        os.environ.setdefault("SDL_VIDEO_CENTERED", "1")  # windows made later open centred

    def _open_borderless(self) -> bool:
        """Cover the screen with a borderless window first: X11 takes ~100 ms to confirm
        full screen, and the table can be on screen in the meantime (see finish_opening)."""
        sizes = pygame.display.get_desktop_sizes()
        if not sizes:
            return False
        os.environ["SDL_VIDEO_WINDOW_POS"] = "0,0"
        try:
            self.surface = pygame.display.set_mode(sizes[0], pygame.NOFRAME)
        except pygame.error:
            return False
        finally:
            del os.environ["SDL_VIDEO_WINDOW_POS"]
        return True

    def finish_opening(self) -> bool:
        """After the first frame: make the borderless window truly full screen.

        Returns True if the window surface changed (the caller redraws)."""
        if not self.opening:
            return False
        self.opening = False
        if self.fullscreen:
            self.surface = self._set_mode()
        return True

    def _set_mode(self) -> pygame.Surface:
        if self.fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.fullscreen = False  # no full screen here: a window will do
        surface = pygame.display.set_mode(self._window_size(), pygame.RESIZABLE)
        if self.position is not None:
            pygame.display.set_window_position(self.position)
            self.position = None  # only the first window goes back to its old place
        return surface

    def _window_size(self) -> tuple[int, int]:
        """The window's size, within the screen with room for its title bar and a task
        bar (leaving full screen, after the boss key say, a window as big as the screen
        would hide its status line under the task bar)."""
        desktops = pygame.display.get_desktop_sizes()
        if not desktops:
            return self.windowed_size
        width, height = desktops[0]
        fits = (min(self.windowed_size[0], width), min(self.windowed_size[1], height * 9 // 10))
        return (max(fits[0], min(MIN_SIZE[0], width)), max(fits[1], min(MIN_SIZE[1], height)))

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
                surface = pygame.display.get_surface()
                # Not None: __init__ set a display mode (set_mode raises if it cannot), and
                # the display is quit only after the loop that brings this event ends.
                assert surface is not None
                self.surface = surface

    def hide(self) -> None:
        """The boss key: out of full screen first (some systems refuse to minimise it)."""
        self.hidden_from_fullscreen = self.fullscreen
        if self.fullscreen:
            self.fullscreen = False
            self.surface = self._set_mode()
        pygame.display.iconify()

    def bring_to_front(self) -> None:
        """Out of the task bar and in front of the other windows."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # only its surface is
            window = pygame.Window.from_display_module()
        window.restore()
        window.focus()

    def restored(self) -> None:
        if self.hidden_from_fullscreen:
            self.hidden_from_fullscreen = False
            self.fullscreen = True
            self.surface = self._set_mode()
