"""The help screen: the game's rules, mouse use and keys, wrapped to the window and
scrolled with the arrows, Page Up/Down, Home/End or the wheel."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...i18n import N_, _
from ..art.theme import font, text, wrap
from ..art.widgets import fitted
from ..table.actions import BossKey, boss_keys
from .help_text import (
    BOSS_KEY_IN_MOVES,
    BOSS_KEYS,
    BOSS_WORDS_IN_MOVES,
    COMMON_KEYS,
    MOUSE_HELP,
)
from .overlays import Overlay

TWO_COLUMNS = 52  # text sizes of width from which rules and keys stand side by side


@dataclass(frozen=True)
class Line:
    words: str
    indent: int = 0  # pixels from the column's left edge
    role: str = "text"  # "text", "heading" or "key"
    key: str = ""  # a key's name at the column's left edge, its meaning indented beside it


class HelpOverlay(Overlay):
    pauses_clock = True  # reading is not playing

    def __init__(self, app, rules):
        super().__init__(app)
        self.title, self.help = _(rules.title), rules.help
        self.boss_keys = boss_keys(rules)
        self.scroll = 0
        self.page = 10  # lines in view, set when drawn

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            steps = {
                pygame.K_DOWN: 1,
                pygame.K_UP: -1,
                pygame.K_PAGEDOWN: self.page - 1,
                pygame.K_PAGEUP: 1 - self.page,
                pygame.K_SPACE: self.page - 1,
                pygame.K_END: 10_000,
                pygame.K_HOME: -10_000,
            }
            if event.key in steps:
                self.scroll = max(0, self.scroll + steps[event.key])
            elif event.key in (pygame.K_F1, pygame.K_h, pygame.K_RETURN, pygame.K_ESCAPE):
                self.close()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - 3 * event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self.close()

    def draw(self, surface) -> None:
        theme, size = self.app.theme, self.size
        rect = self.box(surface, 0.92, 0.92)
        pad = size
        title, title_size = fitted(
            _("{game}: how to play").format(game=self.title), size * 3 // 2, rect.w - 2 * pad
        )
        text(surface, title, title_size, theme.accent, (rect.x + pad, rect.y + pad), bold=True)
        top = rect.y + pad * 2 + title_size
        bottom = rect.bottom - pad * 2
        line_h = size * 5 // 4
        self.page = max(1, (bottom - top) // line_h)
        if rect.w >= size * TWO_COLUMNS:
            column_w = (rect.w - 3 * pad) // 2
            columns = [self._rules_lines(column_w), self._key_lines(column_w)]
            lefts = [rect.x + pad, rect.x + 2 * pad + column_w]
        else:
            column_w = rect.w - 2 * pad
            columns = [self._rules_lines(column_w) + [Line("")] + self._key_lines(column_w)]
            lefts = [rect.x + pad]
        longest = max(len(lines) for lines in columns)
        self.scroll = min(self.scroll, max(0, longest - self.page))
        for lines, left in zip(columns, lefts):
            for i, line in enumerate(lines[self.scroll : self.scroll + self.page]):
                y = top + i * line_h
                colour = theme.accent if line.role in ("heading", "key") else theme.text
                bold = line.role == "heading"
                text(surface, line.words, size, colour, (left + line.indent, y), bold=bold)
                if line.key:
                    text(surface, line.key, size, theme.accent, (left, y))
        more = longest > self.page
        if more:
            self._scroll_bar(surface, rect, top, bottom, longest)
        if more:
            hint = _("Esc, a click or F1 closes; the arrows, Page Down or the wheel scroll")
        else:
            hint = _("Esc, a click or F1 closes")
        hint, hint_size = fitted(hint, size, rect.w - 2 * pad)
        text(
            surface,
            hint,
            hint_size,
            theme.dim_text,
            (rect.centerx, rect.bottom - pad // 2),
            "midbottom",
        )

    def _scroll_bar(self, surface, rect, top: int, bottom: int, lines: int) -> None:
        width = max(4, self.size // 4)
        track = pygame.Rect(rect.right - width * 2, top, width, bottom - top)
        thumb = track.copy()
        thumb.h = max(width * 2, track.h * self.page // lines)
        thumb.y = track.y + (track.h - thumb.h) * self.scroll // max(1, lines - self.page)
        pygame.draw.rect(surface, self.app.theme.panel_edge, track, border_radius=width // 2)
        pygame.draw.rect(surface, self.app.theme.accent, thumb, border_radius=width // 2)

    def _rules_lines(self, width: int) -> list[Line]:
        lines = [Line(_("Rules"), role="heading")]
        for paragraph in self.help.rules:
            lines += [Line(words) for words in wrap(_(paragraph), self.size, width)] + [Line("")]
        lines.append(Line(_("Mouse"), role="heading"))
        bullet = font(self.size).size("- ")[0]
        for entry in (*MOUSE_HELP, *self.help.mouse):
            wrapped = wrap(_(entry), self.size, width - bullet)
            lines.append(Line("- " + wrapped[0]))
            lines += [Line(words, bullet) for words in wrapped[1:]]
        return lines

    def _key_lines(self, width: int) -> list[Line]:
        """Each key and what it does, the words wrapped beside it, or under a key name
        too wide for the key column."""
        lines: list[Line] = []
        key_w = width // 3
        common = COMMON_KEYS
        if BossKey.B not in self.boss_keys:
            common = tuple(
                (BOSS_KEY_IN_MOVES, BOSS_WORDS_IN_MOVES) if key == BOSS_KEYS else (key, words)
                for key, words in COMMON_KEYS
            )
        sections = ((N_("Keys in this game"), self.help.keys), (N_("Keys in every game"), common))
        for heading, keys in sections:
            if lines:
                lines.append(Line(""))
            lines.append(Line(_(heading), role="heading"))
            for english_key, english_words in keys:
                key, words = _(english_key), _(english_words)
                if font(self.size).size(key)[0] > key_w - self.size // 2:
                    lines += [Line(part, role="key") for part in wrap(key, self.size, width)]
                    lines += [Line(part, key_w) for part in wrap(words, self.size, width - key_w)]
                    continue
                wrapped = wrap(words, self.size, width - key_w) or [""]
                lines.append(Line(wrapped[0], key_w, key=key))
                lines += [Line(part, key_w) for part in wrapped[1:]]
        return lines
