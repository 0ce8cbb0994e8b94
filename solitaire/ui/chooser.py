"""The game chooser: the five games with a line each and how the last game went."""

from __future__ import annotations

import pygame

from ..model.games import GAMES
from .card_art import table_surface
from .theme import text


class Chooser:
    busy = False
    status_dirty = False

    def __init__(self, app):
        self.app = app
        self.ids = list(GAMES)
        self.choice = self.ids.index(app.last_game) if app.last_game in self.ids else 0
        self.rects: list[pygame.Rect] = []
        self.felt = None

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_LEFT):
                self.choice = (self.choice - 1) % len(self.ids)
            elif event.key in (pygame.K_DOWN, pygame.K_RIGHT):
                self.choice = (self.choice + 1) % len(self.ids)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.app.open_game(self.ids[self.choice])
            elif event.unicode in "12345" and event.unicode:
                self.app.open_game(self.ids[int(event.unicode) - 1])
            elif event.key in (pygame.K_ESCAPE, pygame.K_TAB) and self.app.table is not None:
                self.app.open_game(self.app.table.game_id)
            elif event.key in (pygame.K_ESCAPE, pygame.K_q):
                self.app.quit()
            elif event.key == pygame.K_m:
                self.app.audio.toggle_mute()
        elif event.type == pygame.MOUSEMOTION:
            hit = self.hit(event.pos)
            self.choice = self.choice if hit is None else hit
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.hit(event.pos)
            if hit is not None:
                self.app.open_game(self.ids[hit])

    def hit(self, pos) -> int | None:
        return next((i for i, rect in enumerate(self.rects) if rect.collidepoint(pos)), None)

    def update(self, dt: float) -> bool:
        return False

    def draw_drag_only(self, surface) -> None:
        return None  # nothing is dragged here: always a full frame

    def next_wakeup(self) -> float:
        return 60.0

    def draw(self, surface: pygame.Surface, lag: float = 0.0) -> None:
        theme = self.app.theme
        w, h = surface.get_size()
        if self.felt is None or self.felt.get_size() != (w, h):
            self.felt = table_surface(self.app.look["table"], w, h, mono=self.app.look["mono"])
        surface.blit(self.felt, (0, 0))
        size = max(16, min(34, h // 30))
        text(surface, "Solitaire", size * 3, theme.accent, (w // 2, h // 12), "midtop", bold=True)
        text(
            surface,
            "Choose a game: click it, or press 1-5. Esc quits.",
            size,
            theme.text,
            (w // 2, h // 12 + size * 3),
            "midtop",
        )
        tile_h = size * 3
        top = h // 12 + size * 5
        self.rects = []
        for i, game_id in enumerate(self.ids):
            cls = GAMES[game_id]
            rect = pygame.Rect(0, 0, min(w - 40, size * 34), tile_h)
            rect.midtop = (w // 2, top + i * (tile_h + size // 2))
            self.rects.append(rect)
            colour = theme.button_hover if i == self.choice else theme.bar
            pygame.draw.rect(surface, colour, rect, border_radius=size // 2)
            pygame.draw.rect(surface, theme.panel_edge, rect, width=2, border_radius=size // 2)
            text(
                surface,
                f"{i + 1}  {cls.title}",
                size * 5 // 4,
                theme.accent,
                (rect.x + size, rect.y + size // 3),
                bold=True,
            )
            text(
                surface,
                cls.blurb,
                size * 4 // 5,
                theme.text,
                (rect.x + size * 2, rect.bottom - size // 3),
                "bottomleft",
            )
            result = self.app.last_result(game_id)
            text(
                surface,
                f"Last game: {result}",
                size * 4 // 5,
                theme.dim_text,
                (rect.right - size, rect.y + size // 3),
                "topright",
            )
        text(
            surface,
            "B hides the game at once (boss key)   F11 full screen / window   M sound",
            size * 4 // 5,
            theme.dim_text,
            (w // 2, h - size),
            "midbottom",
        )
