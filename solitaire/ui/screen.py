"""What the app asks of a screen (the chooser, a table): the loop's whole view of it.

The app runs the loop, the window and the keys that work everywhere; a screen takes its
own events, moves its own time and draws itself, as much or as little as changed.
"""

from __future__ import annotations

from typing import Protocol

import pygame


class Screen(Protocol):
    @property
    def busy(self) -> bool:
        """Something moves (or waits to be done): the loop runs frames, not sleeps."""

    def handle(self, event: pygame.event.Event) -> None:
        """A key, mouse or text event the app's own keys left to the screen."""

    def update(self, dt: float) -> bool:
        """Time passes by ``dt`` seconds; True if the picture changed."""

    def draw(self, surface: pygame.Surface, lag: float = 0.0) -> None:
        """A whole frame; ``lag``: how far real time is past the last update."""

    def draw_changes(self, surface: pygame.Surface, lag: float = 0.0) -> list | None:
        """Only what changed since the last frame: the rectangles to put on screen, or
        None when a whole frame is needed."""

    def draw_ticks(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """What time alone changed with nothing else to draw (a clock's second): the
        rectangles drawn, often none."""

    def after_frame(self) -> None:
        """The pass's frame is on screen (or none was needed): work that waited for it
        (the table's after a move: the partner told, the game saved)."""

    def next_wakeup(self) -> float:
        """Seconds until the picture changes by itself, when nothing is busy."""

    def let_go(self) -> None:
        """Another screen or a dialog takes the mouse."""
