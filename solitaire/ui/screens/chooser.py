"""The game chooser: every registered game as a tile, grouped by its family (``Rules.family``),
with a small picture of its table, its description as room allows and its last result;
a game file that failed to load is a greyed tile after them, with its reason.

The groups flow down columns, as many as the window's width takes, in the largest text
that lets them all fit; where even the smallest readable text does not, the list scrolls
(wheel, Page Up/Down, or the keys moving the selection).

Keys: typing finds a game by its name (no shortcut shifts when a game is added), the
arrows move the selection (Up/Down along the columns, Left/Right across), Enter opens
the selected game, Backspace takes a typed letter back and Esc clears what was typed, then
goes back to the game or quits. Every letter is the search's, so only the key left of 1
is the boss key here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from ...i18n import _
from ...model.games import BROKEN, GAMES
from ...model.vocabulary import Family
from ..art.backgrounds import table_surface
from ..art.theme import font, text, wrap
from ..art.widgets import text_fitted
from ..table.actions import BossKey
from . import layout_pictures

NAVIGATION_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT)
PICTURE_ASPECT = 1.4  # a picture's width over its height
TILE_WIDTH = (18, 34)  # a tile's least and most width, in text sizes


def folded(words: str) -> str:
    """``words`` as typing finds them: lower case, letters, digits and single spaces only
    (a title "Kings' Corners & More" is found by typing kings corners more)."""
    kept = "".join(char if char.isalnum() else " " if char.isspace() else "" for char in words)
    return " ".join(kept.casefold().split())


def found(typed: str, titles: list[str]) -> list[int]:
    """The indices of the titles that ``typed`` finds, best first: the title itself, then
    titles it begins, then titles with a word it begins, then titles it is part of; in
    the given order among equals."""
    wanted = folded(typed)
    if not wanted:
        return []
    ranked = []
    for index, title in enumerate(titles):
        name = folded(title)
        if name == wanted:
            rank = 0
        elif name.startswith(wanted):
            rank = 1
        elif f" {wanted}" in f" {name}":
            rank = 2
        elif wanted in name:
            rank = 3
        else:
            continue
        ranked.append((rank, index))
    return [index for _, index in sorted(ranked)]


@lru_cache(maxsize=256)
def lines_in(words: str, size: int, width: int, room: int) -> tuple[str, ...]:
    """``words`` wrapped to ``width`` pixels in at most ``room`` lines, the last cut short
    with an ellipsis if need be (in the same size as the others). Remembered: every frame
    asks it for every tile."""
    lines = wrap(words, size, width)
    if len(lines) <= room:
        return tuple(lines)
    last, face = " ".join(lines[room - 1 :]), font(size, False)
    shortest, longest = 0, len(last)  # the most characters that fit with the ellipsis
    while shortest < longest:
        middle = (shortest + longest + 1) // 2
        if face.size(last[:middle].rstrip() + "...")[0] <= width:
            shortest = middle
        else:
            longest = middle - 1
    return (*lines[: room - 1], last[:shortest].rstrip() + "...")


@dataclass
class Plan:
    """Where everything goes at one window size, before scrolling: the text size, the
    blurb's lines, each tile and heading, and the scrolled area."""

    window: tuple[int, int]
    size: int
    blurb_lines: int
    area: pygame.Rect  # the part of the window the list scrolls in
    tiles: list[pygame.Rect]  # the games' tiles, then the broken files'
    headings: list[tuple[Family, pygame.Rect]]
    height: int  # the list's whole height

    @property
    def picture_size(self) -> tuple[int, int]:
        tile = self.tiles[0] if self.tiles else pygame.Rect(0, 0, 0, 0)
        height = max(1, tile.h - self.size)
        return round(height * PICTURE_ASPECT), height


def frame_size(height: int) -> int:
    """The text size of the line under the heading, for a window ``height`` tall."""
    return max(14, height // 36)


def tile_height(size: int, blurb_lines: int) -> int:
    """Padding, the title, the blurb's lines and the last result."""
    return size + round(size * 1.45) + (blurb_lines + 1) * round(size * 1.25)


def heading_height(size: int) -> int:
    return round(size * 1.9)


def plan_for(window: tuple[int, int], groups: Sequence[tuple[Family, int]], broken: int) -> Plan:
    """The largest text at which the list fits the window in columns, with two lines of
    blurb (at the least readable size, one); where even that does not fit, it scrolls. ``groups``: each family shown and how
    many games it has; ``broken``: the broken files' tiles after them, as a group of their
    own without a heading."""
    w, h = window
    frame = frame_size(h)
    top = h // 30 + frame * 5 // 2 + frame // 3 + frame * 2
    bottom = h - frame * 3
    area = pygame.Rect(frame, top, w - 2 * frame, max(1, bottom - top))
    # Sizes by the window's height, or its width where that is the shorter (a portrait
    # screen): a column is 18 sizes wide at least.
    largest, least = max(12, min(h // 32, w // 40)), max(12, min(h, w) // 60)
    candidates = [(size, 2) for size in range(largest, least - 1, -1)] + [(least, 1)]
    for size, blurb_lines in candidates:
        plan = _columns(window, area, groups, broken, size, blurb_lines, must_fit=True)
        if plan is not None:
            return plan
    plan = _columns(window, area, groups, broken, least, 1, must_fit=False)
    assert plan is not None  # one column always goes in when it need not fit
    return plan


def _columns(
    window: tuple[int, int],
    area: pygame.Rect,
    groups: Sequence[tuple[Family, int]],
    broken: int,
    size: int,
    blurb_lines: int,
    must_fit: bool,
) -> Plan | None:
    gap = max(4, size // 2)
    tile_h = tile_height(size, blurb_lines)
    blocks: list[tuple[Family | None, int]] = list(groups) + ([(None, broken)] if broken else [])
    heights = [
        (heading_height(size) if family is not None else 0) + count * (tile_h + gap)
        for family, count in blocks
    ]
    if not blocks:
        return Plan(window, size, blurb_lines, area, [], [], 0)
    most = max(1, (area.w + gap) // (size * TILE_WIDTH[0] + gap))
    for columns in range(1, min(most, len(blocks)) + 1):
        parts = _balanced(heights, columns)
        tallest = max(sum(heights[i] for i in part) for part in parts)
        if tallest - gap <= area.h or (not must_fit and columns == min(most, len(blocks))):
            break
    else:
        return None
    columns = len(parts)  # fewer than it might have been where as few are as short
    column_w = min(size * TILE_WIDTH[1], (area.w - (columns - 1) * gap) // columns)
    left = area.centerx - (columns * column_w + (columns - 1) * gap) // 2
    top = area.y + max(0, (area.h - tallest + gap) // 2)
    tiles: list[pygame.Rect] = []
    headings: list[tuple[Family, pygame.Rect]] = []
    for number, part in enumerate(parts):
        x, y = left + number * (column_w + gap), top
        for block in part:
            family, count = blocks[block]
            if family is not None:
                headings.append((family, pygame.Rect(x, y, column_w, heading_height(size))))
                y += heading_height(size)
            for _tile in range(count):
                tiles.append(pygame.Rect(x, y, column_w, tile_h))
                y += tile_h + gap
    return Plan(window, size, blurb_lines, area, tiles, headings, tallest - gap)


def _balanced(heights: list[int], columns: int) -> list[list[int]]:
    """The blocks in order, cut into at most ``columns`` runs whose tallest is least."""
    count = len(heights)
    # best[k][i]: the least tallest run for the first i blocks in k runs, and its cut.
    best = [[(0, 0)] + [(10**9, 0)] * count for _ in range(columns + 1)]
    for k in range(1, columns + 1):
        for i in range(1, count + 1):
            for cut in range(k - 1, i):
                tallest = max(best[k - 1][cut][0], sum(heights[cut:i]))
                if tallest < best[k][i][0]:
                    best[k][i] = (tallest, cut)
    parts: list[list[int]] = []
    end, k = count, min(range(1, columns + 1), key=lambda runs: (best[runs][count][0], runs))
    while end > 0:
        cut = best[k][end][1]
        parts.append(list(range(cut, end)))
        end, k = cut, k - 1
    return parts[::-1]


class Chooser:
    # Every letter is typing here: only the key left of 1 hides the game.
    BOSS_KEYS = (BossKey.LEFT_OF_ONE,)

    def __init__(self, app):
        self.app = app
        self.groups = [
            (family, [game_id for game_id in GAMES if GAMES[game_id].family == family])
            for family in Family
        ]
        self.groups = [(family, ids) for family, ids in self.groups if ids]
        self.ids = [game_id for _, ids in self.groups for game_id in ids]  # as shown
        self.titles = [GAMES[game_id].title for game_id in self.ids]
        self.broken = list(BROKEN.values())  # shown, never chosen
        self.choice = self.ids.index(app.last_game) if app.last_game in self.ids else 0
        self.typed = ""
        self.matches: list[int] = []
        self.scroll = 0
        self.plan: Plan | None = None
        self.rects: list[pygame.Rect] = []  # each game's tile as it shows (scrolled, clipped)
        self.broken_rects: list[pygame.Rect] = []
        self.felt = None
        self.fresh: list[int] = []  # games whose picture came since the last frame
        self.drew = True  # a frame since the last picture was made: the next may come
        self.whole = True  # more than pictures changed: the next frame is drawn whole

    @property
    def busy(self) -> bool:
        """Pictures still to make: frames run (one picture each) until they are all in."""
        return self.plan is not None and bool(self.waiting())

    def waiting(self) -> list[int]:
        """The games whose picture is not made yet, the ones in sight first."""
        if self.plan is None or not self.ids:
            return []
        size, look = self.plan.picture_size, self.app.look
        missing = [
            i
            for i, game_id in enumerate(self.ids)
            if layout_pictures.kept(GAMES[game_id], size, look) is None
        ]
        return sorted(missing, key=lambda i: not self.rects[i].w)

    # ------------------------------------------------------------------ input
    def handle(self, event) -> None:
        self.whole = True
        if event.type == pygame.KEYDOWN:
            self.key(event)
        elif event.type == pygame.MOUSEMOTION:
            hit = self.hit(event.pos)
            self.choice = self.choice if hit is None else hit
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.hit(event.pos)
            if hit is not None:
                self.app.open_game(self.ids[hit])
        elif event.type == pygame.MOUSEWHEEL and self.plan is not None:
            self.scroll_by(-event.y * self.plan.size * 3)

    def key(self, event) -> None:
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if event.key in NAVIGATION_KEYS and self.ids:
            self.move(event.key)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.ids:
            self.app.open_game(self.ids[self.choice])
        elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and self.plan is not None:
            self.scroll_by(self.plan.area.h * (1 if event.key == pygame.K_PAGEDOWN else -1))
        elif event.key in (pygame.K_HOME, pygame.K_END) and self.ids:
            self.select(0 if event.key == pygame.K_HOME else len(self.ids) - 1)
        elif event.key == pygame.K_BACKSPACE:
            self.find(self.typed[:-1])
        elif event.key == pygame.K_ESCAPE and self.typed:
            self.find("")
        elif event.key in (pygame.K_ESCAPE, pygame.K_TAB) and self.app.table is not None:
            self.app.open_game(self.app.table.game_id)
        elif event.key == pygame.K_ESCAPE:
            self.app.quit()
        elif event.key == pygame.K_m and ctrl:
            self.app.audio.toggle_mute()
        elif event.unicode and event.unicode.isprintable() and not ctrl:
            self.find(self.typed + event.unicode)

    def find(self, typed: str) -> None:
        """What is typed so far, and the best game it finds selected."""
        self.typed = typed.lstrip()
        self.matches = found(self.typed, [_(title) for title in self.titles])
        if self.matches:
            self.select(self.matches[0])

    def select(self, index: int) -> None:
        self.choice = index
        if self.plan is None:
            return
        tile, area = self.plan.tiles[index], self.plan.area
        if tile.y - self.scroll < area.y:
            self.scroll_by(tile.y - self.scroll - area.y)
        elif tile.bottom - self.scroll > area.bottom:
            self.scroll_by(tile.bottom - self.scroll - area.bottom)

    def move(self, key: int) -> None:
        """Up and Down: the previous or next game, along the columns; Left and Right: the
        game beside this one in the column to the left or right (round the ends)."""
        count = len(self.ids)
        if key in (pygame.K_UP, pygame.K_DOWN) or self.plan is None:
            step = -1 if key in (pygame.K_UP, pygame.K_LEFT) else 1
            self.select((self.choice + step) % count)
            return
        tiles = self.plan.tiles[:count]
        here = tiles[self.choice]
        columns = sorted({tile.x for tile in tiles})
        column = columns.index(here.x) + (-1 if key == pygame.K_LEFT else 1)
        x = columns[column % len(columns)]
        beside = [i for i, tile in enumerate(tiles) if tile.x == x]
        self.select(min(beside, key=lambda i: abs(tiles[i].centery - here.centery)))

    def scroll_by(self, pixels: int) -> None:
        if self.plan is None:
            return
        most = max(0, self.plan.height - self.plan.area.h)
        self.scroll = min(most, max(0, self.scroll + pixels))

    def hit(self, pos) -> int | None:
        return next((i for i, rect in enumerate(self.rects) if rect.collidepoint(pos)), None)

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> bool:
        """One picture a frame, while any is missing."""
        waiting = self.waiting() if self.drew else []
        if not waiting:
            return False
        assert self.plan is not None
        game_id = self.ids[waiting[0]]
        layout_pictures.make(GAMES[game_id], self.plan.picture_size, self.app.look)
        self.fresh.append(waiting[0])
        self.drew = False
        return True

    def draw_changes(self, surface, lag: float = 0.0) -> list[pygame.Rect] | None:
        """The pictures made since the last frame, each in its tile; None after input."""
        if self.whole:
            return None
        drawn = []
        surface.set_clip(self.plan.area if self.plan is not None else None)
        for index in self.fresh:
            drawn.append(self._draw_picture(surface, index))
        surface.set_clip(None)
        self.fresh.clear()
        self.drew = True
        return drawn

    def draw_ticks(self, surface) -> list[pygame.Rect]:
        return []  # no clock here

    def next_wakeup(self) -> float:
        return 60.0

    def let_go(self) -> None:
        pass  # nothing is held here

    def after_frame(self) -> None:
        pass  # nothing waits for a frame here

    # ------------------------------------------------------------------ drawing
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
        if self.plan is None or self.plan.window != (w, h):
            counts = [(family, len(ids)) for family, ids in self.groups]
            self.plan = plan_for((w, h), counts, len(self.broken))
            self.scroll = 0
            self.select(self.choice)
        self._draw_frame(surface, w, h)
        plan = self.plan
        area = plan.area
        shown = [tile.move(0, -self.scroll).clip(area) for tile in plan.tiles]
        self.rects, self.broken_rects = shown[: len(self.ids)], shown[len(self.ids) :]
        surface.set_clip(area)
        heading_size = plan.size * 23 // 20
        for family, rect in plan.headings:
            place = rect.move(0, -self.scroll)
            if place.colliderect(area):
                spot = (place.x, place.bottom - plan.size // 3)
                words = _(family.heading)
                text_fitted(
                    surface, words, heading_size, theme.text, spot, "bottomleft", place.w, True
                )
        for i in range(len(self.ids)):
            if self.rects[i].h:
                self._draw_tile(surface, i)
        for broken, rect in zip(self.broken, plan.tiles[len(self.ids) :]):
            place = rect.move(0, -self.scroll)
            if place.colliderect(area):
                self._draw_broken_tile(surface, broken, place, plan.size)
        surface.set_clip(None)
        self._draw_scroll_bar(surface)
        self.fresh.clear()
        self.drew, self.whole = True, False

    def _draw_frame(self, surface, w: int, h: int) -> None:
        """The heading, the line that says what to do (or what is typed) and the footer."""
        theme, size = self.app.theme, frame_size(h)
        heading_y = h // 30
        text(
            surface,
            _("Solitaire"),
            size * 5 // 2,
            theme.accent,
            (w // 2, heading_y),
            "midtop",
            True,
        )
        hint_y = heading_y + size * 5 // 2 + size // 3
        if not self.typed:
            if self.app.table is not None:
                hint = _(
                    "Choose a game: click it, or type its name and press Enter. Esc goes back."
                )
            else:
                hint = _("Choose a game: click it, or type its name and press Enter. Esc quits.")
        elif self.matches:
            hint = _("Find: {typed}   (Enter opens {game}; Esc clears)").format(
                typed=self.typed, game=_(self.titles[self.choice])
            )
        else:
            hint = _("Find: {typed}   (no game's name has this; Backspace corrects it)").format(
                typed=self.typed
            )
        colour = theme.accent if self.typed and not self.matches else theme.text
        text_fitted(surface, hint, size, colour, (w // 2, hint_y), "midtop", w - 2 * size)
        footer = _(
            "Arrows move, Enter opens   The key left of 1 hides the game at once (boss key)"
            "   F11 full screen / window   Ctrl+M sound"
        )
        spot = (w // 2, h - size)
        footer_size = max(12, size * 4 // 5)
        text_fitted(surface, footer, footer_size, theme.dim_text, spot, "midbottom", w - 2 * size)

    def _draw_tile(self, surface, i: int) -> None:
        assert self.plan is not None
        theme, cls, size = self.app.theme, GAMES[self.ids[i]], self.plan.size
        rect = self.plan.tiles[i].move(0, -self.scroll)
        colour = theme.button_hover if i == self.choice else theme.bar
        radius = max(4, size // 2)
        pygame.draw.rect(surface, colour, rect, border_radius=radius)
        edge = max(2, size // 12)
        pygame.draw.rect(surface, theme.panel_edge, rect, width=edge, border_radius=radius)
        self._draw_picture(surface, i)
        picture_w = self.plan.picture_size[0]
        x = rect.x + size // 2 + picture_w + size * 2 // 3
        inner = rect.right - size // 2 - x
        y = rect.y + size // 2
        text_fitted(
            surface, _(cls.title), size * 5 // 4, theme.accent, (x, y), "topleft", inner, bold=True
        )
        y += round(size * 1.45)
        lines = lines_in(_(cls.blurb), size, inner, self.plan.blurb_lines)
        for line in lines:
            text(surface, line, size, theme.text, (x, y))
            y += round(size * 1.25)
        y += (self.plan.blurb_lines - len(lines)) * round(size * 1.25)
        result = _("Last game: {result}").format(result=self.app.last_result(self.ids[i]))
        text_fitted(surface, result, size, theme.dim_text, (x, y), "topleft", inner)
        if self.typed and i not in self.matches:  # not what is typed: shaded
            shade = pygame.Surface(rect.size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 150))
            surface.blit(shade, rect)

    def _draw_picture(self, surface, i: int) -> pygame.Rect:
        """The game's picture in its tile (its felt's colour until it is made)."""
        assert self.plan is not None
        size = self.plan.picture_size
        tile = self.plan.tiles[i].move(0, -self.scroll)
        place = pygame.Rect((tile.x + self.plan.size // 2, tile.y + self.plan.size // 2), size)
        picture = layout_pictures.kept(GAMES[self.ids[i]], size, self.app.look)
        if picture is None:
            pygame.draw.rect(surface, self.app.theme.panel, place)
        else:
            surface.blit(picture, place)
        if self.typed and i not in self.matches:
            shade = pygame.Surface(size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 150))
            surface.blit(shade, place)
        return place.clip(self.plan.area)

    def _draw_broken_tile(self, surface, broken, rect: pygame.Rect, size: int) -> None:
        """A game file that did not load: greyed, its file and the reason in place of a
        description (so whoever dropped it in sees why it is not playable)."""
        theme = self.app.theme
        radius = max(4, size // 2)
        pygame.draw.rect(surface, theme.button_off, rect, border_radius=radius)
        inner = rect.w - size
        x, y = rect.x + size // 2, rect.y + size // 2
        title = _("{file}: did not load").format(file=broken.file)
        text_fitted(surface, title, size * 5 // 4, theme.dim_text, (x, y), "topleft", inner)
        y += round(size * 1.45)
        room = max(1, (rect.bottom - y) // round(size * 1.25))
        for line in lines_in(broken.reason, size, inner, room):
            text(surface, line, size, theme.dim_text, (x, y))
            y += round(size * 1.25)

    def _draw_scroll_bar(self, surface) -> None:
        """Where the list is longer than the window: a bar beside it showing which part is
        in sight."""
        assert self.plan is not None
        area, whole = self.plan.area, self.plan.height
        if whole <= area.h:
            return
        width = max(4, self.plan.size // 3)
        track = pygame.Rect(area.right + (area.x - width) // 2, area.y, width, area.h)
        pygame.draw.rect(surface, self.app.theme.bar, track, border_radius=width // 2)
        thumb = pygame.Rect(
            track.x, area.y + area.h * self.scroll // whole, width, area.h * area.h // whole
        )
        pygame.draw.rect(surface, self.app.theme.panel_edge, thumb, border_radius=width // 2)
