"""Which pygame this Python has, asked before any of the window's code is imported: that
code needs pygame-ce, and the original pygame (Debian's python3-pygame) lacks parts of it
(``pygame.system``), which would end in a traceback instead of a sentence."""

from __future__ import annotations

from enum import Enum


class Pygame(Enum):
    CE = "pygame-ce"
    ORIGINAL = "the original pygame"
    MISSING = "none"


def pygame_found() -> tuple[Pygame, str]:
    """The pygame importable here, and where it was found ("" if none)."""
    try:
        import pygame
    except ImportError:
        return Pygame.MISSING, ""
    where = getattr(pygame, "__file__", None) or "pygame"
    return (Pygame.CE if getattr(pygame, "IS_CE", False) else Pygame.ORIGINAL), where
