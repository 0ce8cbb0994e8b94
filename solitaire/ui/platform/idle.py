"""Sleeping until the next event without burning CPU.

``pygame.event.wait(timeout)`` polls every millisecond (about 5% of a core, measured),
and ``Clock.tick`` answers late. SDL's own ``SDL_WaitEventTimeout`` truly blocks, so we
call it in the very SDL library pygame has loaded (never a second copy: that would have
its own, empty, event queue). Where that library cannot be found we fall back to
``pygame.event.wait`` with a timeout, which is correct, only less frugal.
"""

from __future__ import annotations

import ctypes
import sys
from collections.abc import Callable
from pathlib import Path

import pygame


def _loaded_sdl_path() -> str | None:
    """The file of the SDL2 core library this process has loaded, if it can be found."""
    if sys.platform.startswith("linux"):
        try:
            with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
                for line in maps:
                    path = line.split()[-1]
                    if Path(path).name.startswith("libSDL2-"):  # not libSDL2_mixer etc.
                        return path
        except OSError:
            return None
        return None
    # Windows and macOS wheels keep SDL beside pygame's modules.
    package = Path(pygame.__file__).parent
    for pattern in ("SDL2.dll", ".dylibs/libSDL2-*.dylib", "libSDL2-*.dylib"):
        found = sorted(package.glob(pattern))
        if found:
            return str(found[0])
    return None


def _sdl_waiter() -> Callable[[int], None] | None:
    path = _loaded_sdl_path()
    if path is None:
        return None
    try:
        sdl = ctypes.CDLL(path)
        wait = sdl.SDL_WaitEventTimeout
    except (OSError, AttributeError):
        return None
    wait.argtypes = [ctypes.c_void_p, ctypes.c_int]
    wait.restype = ctypes.c_int

    def sleep_until_event(timeout_ms: int) -> None:
        # A NULL event leaves the event in the queue for pygame.event.get().
        wait(None, max(0, timeout_ms))

    return sleep_until_event


def _pygame_waiter(timeout_ms: int) -> None:
    event = pygame.event.wait(max(1, timeout_ms))
    if event.type != pygame.NOEVENT:
        pygame.event.post(event)  # put it back: the loop reads every event in one place


class Idler:
    """``sleep(ms)`` returns when an event arrives or the time is up."""

    def __init__(self) -> None:
        self._sleep = _sdl_waiter() or _pygame_waiter

    def sleep(self, timeout_ms: int) -> None:
        if pygame.event.peek():
            return
        self._sleep(timeout_ms)
