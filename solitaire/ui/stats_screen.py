"""The statistics screen of one game: the numbers, results over time and scores."""

from __future__ import annotations

import pygame

from ..model.games import GAMES
from ..stats import Stats, Summary, option_key
from .overlays import MenuOverlay, Overlay
from .theme import text

WIN, LOSS = (70, 190, 90), (200, 70, 60)


def streak_word(streak: int) -> str:
    if streak >= 0:
        return "win" if streak == 1 else "wins"
    return "loss" if streak == -1 else "losses"


def summary_lines(rules, summary: Summary) -> list[str]:
    if not summary.played:
        return ["No game counted yet (a deal left with no move made counts as neither)."]
    streak = summary.current_streak
    lines = [
        f"Played {summary.played}   won {summary.won} ({summary.win_percent:.0f}%)   "
        f"with the computer's help {summary.assisted_wins}",
        f"Streak now: {abs(streak)} {streak_word(streak)}   "
        f"longest winning {summary.longest_win_streak}   "
        f"longest losing {summary.longest_loss_streak}",
        f"Best score {summary.best_score}   average {summary.average_score:.1f}",
        f"Fewest moves to a win {summary.fewest_moves or '-'}   fastest win "
        + (
            f"{int(summary.fastest_win) // 60}:{int(summary.fastest_win) % 60:02d}"
            if summary.fastest_win
            else "-"
        ),
    ]
    extra = rules.stats_line(summary)
    if extra:
        lines.append(extra)
    return lines


class StatsOverlay(Overlay):
    def __init__(self, app, game_id: str, rules):
        super().__init__(app)
        self.game_id, self.rules, self.key = game_id, rules, option_key(rules)

    @property
    def stats(self) -> Stats:
        return self.app.library.stats

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            name = GAMES[self.game_id].title
            self.app.open_overlay(
                MenuOverlay(
                    self.app,
                    f"Reset the statistics of {name}?",
                    [
                        ("Yes, reset them", lambda: self.app.library.reset_stats(self.game_id)),
                        ("No, keep them", lambda: None),
                    ],
                )
            )
        elif event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.close()

    def draw(self, surface) -> None:
        theme, size = self.app.theme, self.size
        rect = self.box(surface, 0.85, 0.85)
        x, y = rect.x + size, rect.y + size
        text(
            surface,
            f"Statistics: {GAMES[self.game_id].title}",
            size * 3 // 2,
            theme.accent,
            (x, y),
            bold=True,
        )
        y += size * 2
        for title, key in (("These rules: " + self.key, self.key), ("All rule sets", None)):
            text(surface, title, size, theme.accent, (x, y), bold=True)
            y += size + 4
            for line in summary_lines(self.rules, self.stats.summary(self.game_id, key)):
                text(surface, line, size, theme.text, (x + size, y))
                y += size + 2
            y += size // 2
        history = self.stats.history(self.game_id)
        chart_h = max(size * 3, rect.bottom - y - size * 3)
        half = (rect.w - 3 * size) // 2
        self._results_chart(surface, pygame.Rect(x, y + size, half, chart_h), history)
        self._score_chart(surface, pygame.Rect(x + half + size, y + size, half, chart_h), history)
        text(
            surface,
            "R resets these statistics (after asking); any other key closes",
            size * 4 // 5,
            theme.dim_text,
            (rect.centerx, rect.bottom - size // 2),
            "midbottom",
        )

    def _frame(self, surface, area: pygame.Rect, title: str) -> None:
        pygame.draw.rect(surface, self.app.theme.bar, area, border_radius=6)
        text(
            surface,
            title,
            self.size * 4 // 5,
            self.app.theme.dim_text,
            (area.x, area.y - 2),
            "bottomleft",
        )

    def _results_chart(self, surface, area: pygame.Rect, history) -> None:
        """The last results, oldest left: a bar per game, up for a win, down for a loss,
        as tall as its score is good."""
        self._frame(surface, area, "Results over time (wins up, losses down)")
        recent = history[-60:]
        if not recent:
            return
        scores = [r.score for r in recent]
        low, high = min(scores), max(scores)
        width = max(2, area.w // max(len(recent), 1))
        middle = area.centery
        for i, result in enumerate(recent):
            share = 0.3 + 0.7 * ((result.score - low) / (high - low) if high > low else 1.0)
            height = int(share * (area.h // 2 - 4))
            bar = pygame.Rect(
                area.x + i * width + 1, middle - height if result.won else middle, width - 2, height
            )
            pygame.draw.rect(surface, WIN if result.won else LOSS, bar)
        pygame.draw.line(surface, self.app.theme.dim_text, (area.x, middle), (area.right, middle))

    def _score_chart(self, surface, area: pygame.Rect, history) -> None:
        """How often each score came up, in ten bands from the lowest to the highest."""
        self._frame(surface, area, "Scores")
        scores = [r.score for r in history]
        if not scores:
            return
        low, high = min(scores), max(scores)
        bands = [0] * 10
        for score in scores:
            bands[min(9, int((score - low) * 10 / (high - low))) if high > low else 9] += 1
        width = area.w // 10
        for i, count in enumerate(bands):
            height = int(count / max(bands) * (area.h - 8))
            pygame.draw.rect(
                surface,
                self.app.theme.accent,
                (area.x + i * width + 2, area.bottom - height - 4, width - 4, height),
            )
        text(surface, str(low), self.size * 3 // 4, self.app.theme.text, (area.x, area.bottom + 2))
        text(
            surface,
            str(high),
            self.size * 3 // 4,
            self.app.theme.text,
            (area.right, area.bottom + 2),
            "topright",
        )
