"""The game chooser: every registered game as a tile, laid out to fit any window; a game
file that failed to load is a greyed tile after them, with its reason."""

from __future__ import annotations

import pygame

from ...model.games import BROKEN, GAMES
from ..art.backgrounds import table_surface
from ..art.theme import text, wrap
from ..art.widgets import fitted, text_fitted


class Chooser:
    busy = False

    def __init__(self, app):
        self.app = app
        self.ids = list(GAMES)
        self.broken = list(BROKEN.values())  # shown, never chosen
        self.broken_rects: list[pygame.Rect] = []
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
            elif event.unicode.isdigit() and 1 <= int(event.unicode) <= len(self.ids):
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

    def draw_changes(self, surface, lag: float = 0.0) -> None:
        return None  # nothing moves here: always a full frame

    def draw_ticks(self, surface) -> list[pygame.Rect]:
        return []  # no clock here

    def next_wakeup(self) -> float:
        return 60.0

    def let_go(self) -> None:
        pass  # nothing is held here

    def after_frame(self) -> None:
        pass  # nothing waits for a frame here

    def draw(self, surface: pygame.Surface, lag: float = 0.0) -> None:
        theme = self.app.theme
        w, h = surface.get_size()
        # The felt is kept at half size and scaled up as it is drawn (a soft texture
        # loses nothing): a full-size copy and the vignette it is made with cost 16 MiB at
        # 1080p, the most of the first screen's memory.
        half = (max(1, (w + 1) // 2), max(1, (h + 1) // 2))
        if self.felt is None or self.felt.get_size() != half:
            self.felt = table_surface(self.app.look["table"], *half, mono=self.app.look["mono"])
        pygame.transform.scale(self.felt, (w, h), surface)
        size = max(12, h // 32)
        numbers = f"1-{min(9, len(self.ids))}" if len(self.ids) > 1 else "1"
        heading_y = h // 24
        text(
            surface,
            "Solitaire",
            size * 5 // 2,
            theme.accent,
            (w // 2, heading_y),
            "midtop",
            bold=True,
        )
        hint_y = heading_y + size * 5 // 2 + size // 3
        text_fitted(
            surface,
            f"Choose a game: click it, or press {numbers}. Esc quits.",
            size,
            theme.text,
            (w // 2, hint_y),
            "midtop",
            w - 2 * size,
        )
        footer_y = h - size
        text_fitted(
            surface,
            "B or the key left of 1 hides the game at once (boss key)   F11 full screen / window   M sound",
            size * 4 // 5,
            theme.dim_text,
            (w // 2, footer_y),
            "midbottom",
            w - 2 * size,
        )
        top, bottom = hint_y + size * 2, footer_y - size * 2
        area = pygame.Rect(size, top, w - 2 * size, bottom - top)
        tiles = len(self.ids) + len(self.broken)
        while True:  # the largest text whose tiles all fit, in as few columns as it takes
            rects = tile_grid(tiles, area, size)
            if rects or size <= 10:
                break
            size -= 1
        self.rects, self.broken_rects = rects[: len(self.ids)], rects[len(self.ids) :]
        for i, (game_id, rect) in enumerate(zip(self.ids, self.rects)):
            self._draw_tile(surface, i, game_id, rect, size)
        for broken, rect in zip(self.broken, self.broken_rects):
            self._draw_broken_tile(surface, broken, rect, size)

    def _draw_tile(self, surface, i: int, game_id: str, rect: pygame.Rect, size: int) -> None:
        theme, cls = self.app.theme, GAMES[game_id]
        colour = theme.button_hover if i == self.choice else theme.bar
        radius = max(4, size // 2)
        pygame.draw.rect(surface, colour, rect, border_radius=radius)
        edge = max(2, size // 12)
        pygame.draw.rect(surface, theme.panel_edge, rect, width=edge, border_radius=radius)
        inner = rect.w - 2 * size
        number = f"{i + 1}  " if i < 9 else ""
        x = rect.x + size
        y = rect.y + (rect.h - TILE_LINES * size) // 2
        title = number + cls.title
        text_fitted(
            surface, title, size * 5 // 4, theme.accent, (x, y), "topleft", inner, bold=True
        )
        y += size * 3 // 2
        # Every description in one size, wrapped onto two lines (the second cut short if
        # need be), whatever its length.
        lines = wrap(cls.blurb, size, inner)
        if len(lines) > BLURB_LINES:
            rest = " ".join(lines[BLURB_LINES - 1 :])
            lines = lines[: BLURB_LINES - 1] + [fitted(rest, size, inner)[0]]
        for line in lines:
            text(surface, line, size, theme.text, (x, y))
            y += size * 5 // 4
        y += (BLURB_LINES - len(lines)) * size * 5 // 4
        result = f"Last game: {self.app.last_result(game_id)}"
        text_fitted(surface, result, size, theme.dim_text, (x, y), "topleft", inner)

    def _draw_broken_tile(self, surface, broken, rect: pygame.Rect, size: int) -> None:
        """A game file that did not load: greyed, its file and the reason in place of a
        description (so whoever dropped it in sees why it is not playable)."""
        theme = self.app.theme
        radius = max(4, size // 2)
        pygame.draw.rect(surface, theme.button_off, rect, border_radius=radius)
        inner = rect.w - 2 * size
        x = rect.x + size
        y = rect.y + (rect.h - TILE_LINES * size) // 2
        title = f"{broken.file}: did not load"
        text_fitted(surface, title, size * 5 // 4, theme.dim_text, (x, y), "topleft", inner)
        y += size * 3 // 2
        lines = wrap(broken.reason, size, inner)
        if len(lines) > REASON_LINES:
            rest = " ".join(lines[REASON_LINES - 1 :])
            lines = lines[: REASON_LINES - 1] + [fitted(rest, size, inner)[0]]
        for line in lines:
            text(surface, line, size, theme.dim_text, (x, y))
            y += size * 5 // 4


BLURB_LINES = 2  # a game's description on its tile
TILE_LINES = 3 + BLURB_LINES  # a tile's height in text sizes: title, description, last game
REASON_LINES = BLURB_LINES + 1  # a broken game file's reason, where a tile says the last game


def tile_grid(count: int, area: pygame.Rect, size: int) -> list[pygame.Rect]:
    """Rectangles for ``count`` tiles of text ``size``: the fewest columns that let every
    row fit, tiles up to a comfortable reading width, centred; [] if they cannot fit."""
    gap = max(4, size // 2)
    tile_h = size * TILE_LINES + size // 2
    for columns in range(1, max(1, count) + 1):
        rows = -(-count // columns)
        tile_w = min(size * 34, (area.w - (columns - 1) * gap) // columns)
        if tile_w < size * 16:
            return []
        if rows * tile_h + (rows - 1) * gap <= area.h:
            break
    else:
        return []
    total_w = columns * tile_w + (columns - 1) * gap
    total_h = rows * tile_h + (rows - 1) * gap
    left, top = area.centerx - total_w // 2, area.y + (area.h - total_h) // 2
    return [
        pygame.Rect(
            left + (i % columns) * (tile_w + gap),
            top + (i // columns) * (tile_h + gap),
            tile_w,
            tile_h,
        )
        for i in range(count)
    ]
