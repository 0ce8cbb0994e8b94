"""The statistics screen of one game, and the words of the win box.

The screen knows no game: the columns are the game's rule sets (every choice of a game
with one choice option, such as The Prince's three sequence rules, side by side as seed
001's "breakdown by rule type"; else the sets played), the game's own figures come from
its definition (``Rules.stats_items``, ``Rules.stats_note``). Charts are drawn only for
results there are, on scales that say what they show.
"""

from __future__ import annotations

from collections import Counter

import pygame

from ...i18n import N_, _, ngettext
from ...model.games import GAMES, make_rules
from ...model.moves import Status
from ...storage.stats import Counted, Result, Stats, Summary, option_key
from ..art.theme import font, text, wrap
from ..art.widgets import panel
from ..table.tally import Help
from .overlays import MenuOverlay, Overlay, option_value_text, scaled_text_size

OWN_WIN, HELPED_WIN, LOSS = (70, 190, 90), (90, 150, 220), (200, 70, 60)
MAX_SETS = 4  # rule-set columns beside the all-sets one
MAX_BANDS = 12  # score bars: one per score up to this many scores, else this many bands
NOTHING_YET = (
    N_("No game counted yet."),
    N_("A game counts once you make a move in it: won, or lost when you deal again."),
    N_("A deal left with no move made counts as neither."),
)


# ---------------------------------------------------------------------- words
def clock(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def streak_words(streak: int) -> str:
    if streak == 0:
        return "-"
    count = abs(streak)
    if streak > 0:
        return ngettext("{count} win", "{count} wins", count).format(count=count)
    return ngettext("{count} loss", "{count} losses", count).format(count=count)


# The lost game's heading: what is true of every lost game, though moves may remain.
LOSS_TITLE = N_("No card can come home any more")


def win_title(assisted: bool, help_used: set[Help]) -> str:
    """The win box's heading: whose win it was."""
    if not assisted:
        return _("You won!")
    if Help.DEMO in help_used:
        return _("The computer won this one")
    if Help.HINTS in help_used:
        return _("Won with hints")
    return _("Won with help")


def win_lines(table, summary: Summary, counted: Counted) -> list[str]:
    """What the win box says under its heading: the deal, score or points, time and moves,
    and what the win did to the streak. ``summary`` is of the rule set just played."""
    rules, game = table.rules, table.game
    lines = [_deal_line(rules, game)]
    points = rules.points(Status.WON)
    if points is None and table.tally.assisted and rules.score(table.state) > 0:
        lines.append(
            _("Score: {score}, not credited: help earns none").format(
                score=rules.score_text(table.state)
            )
        )
    elif points is None:
        lines.append(_("Score: {score}").format(score=rules.score_text(table.state)))
    elif table.tally.assisted:
        lines.append(_("No points: a win with help scores none"))
    else:
        lines.append(_points_line(rules, points, summary))
    lines.append(_time_line(table, game))
    if counted == Counted.REPLAY:
        lines.append(_("A deal you won before: counted apart, not in your streaks or records"))
    elif not counted:
        lines.append(_("Not counted: this game was counted before, or is a replay"))
    elif table.tally.assisted:
        lines.append(_("Counted as a win with help: not in your streaks or records"))
    else:
        lines.append(
            _("Winning streak: {streak}      longest {longest}").format(
                streak=summary.current_streak, longest=summary.longest_win_streak
            )
        )
    return lines


def _deal_line(rules, game) -> str:
    return _("{game}, deal {deal}").format(game=_(rules.title), deal=game.deal_number)


def _points_line(rules, points: int, summary: Summary) -> str:
    return _("Points: {points} ({rules}); {total} in all").format(
        points=f"{points:+d}", rules=rules.option_text(), total=f"{summary.points_total:+d}"
    )


def _time_line(table, game) -> str:
    return _("Time {time}      Moves {moves}").format(
        time=clock(table.tally.seconds), moves=len(game.done)
    )


def _optional(value, form) -> str:
    return "-" if value is None else form(value)


def loss_lines(table, summary: Summary, counted: Counted) -> list[str]:
    """What the box of a lost game says: the deal, score or points, time and moves, and
    the streak."""
    rules, game = table.rules, table.game
    lines = [_deal_line(rules, game)]
    points = rules.points(Status.LOST)
    if points is None:
        lines.append(_("Score: {score}").format(score=rules.score_text(table.state)))
    else:
        lines.append(_points_line(rules, points, summary))
    lines.append(_time_line(table, game))
    if counted == Counted.REPLAY:
        lines.append(_("A deal you won before: counted apart, not in your streaks"))
    elif not counted:
        lines.append(_("Not counted: this game was counted before"))
    else:
        lines.append(
            _("Losing streak: {streak}      longest {longest}").format(
                streak=-min(summary.current_streak, 0), longest=summary.longest_loss_streak
            )
        )
    return lines


def breakdown_lines(table, stats: Stats) -> list[str]:
    """The whole game's figures and a line for each choice of its breakdown option (The
    Prince's manual: "overall points and winning percentages as well as a breakdown by
    rule type is given at the end of each game"); none for other games."""
    rules = table.rules
    name = rules.breakdown_option
    if name is None:
        return []
    whole = stats.summary(rules.game_id)
    lines = [_overall(whole, _("All rules"))]
    spec = next(spec for spec in rules.option_specs if spec.name == name)
    for choice in spec.choices:
        variant = type(rules)(**{**rules.options, name: choice})
        lines.append(_overall(stats.summary(rules.game_id, option_key(variant)), _(choice)))
    return lines


def _overall(summary: Summary, label: str) -> str:
    return _("{rules}: {played} played, {percent}% won, {points} points").format(
        rules=label,
        played=summary.played,
        percent=f"{summary.win_percent:.0f}",
        points=f"{summary.points_total:+d}",
    )


def summary_rows(rules, summary: Summary) -> list[tuple[str, str]]:
    """(label, value) rows of one summary, the game's own figures last; a rule set not
    played has a dash for every value."""
    rows = [
        (_("Played"), str(summary.played)),
        (_("Won by you"), f"{summary.own_wins} ({summary.win_percent:.0f}%)"),
        (_("Won with help"), str(summary.assisted_wins)),
        (_("Lost"), str(summary.lost)),
        (_("Streak now"), streak_words(summary.current_streak)),
        (_("Longest winning streak"), str(summary.longest_win_streak)),
        (_("Longest losing streak"), str(summary.longest_loss_streak)),
        (_("Best score"), _optional(summary.best_score, rules.score_words)),
        (_("Fewest moves to a win"), _optional(summary.fewest_moves, str)),
        (_("Fastest win"), _optional(summary.fastest_win, clock)),
        (
            _("Won deals played again"),
            _("{played} ({won} won)").format(played=summary.replayed, won=summary.replays_won),
        ),
    ]
    rows += [(_(label), value) for label, value in rules.stats_items(summary)]
    return rows if summary.played else [(label, "-") for label, _value in rows]


def rule_set_columns(stats: Stats, rules) -> list[tuple[str, str | None]]:
    """(heading, option key) of each column, None for all rule sets together. A game with
    one choice option shows every choice; others the sets played, the one in play first."""
    game_id, current = rules.game_id, option_key(rules)
    specs = rules.option_specs
    sets: list[tuple[str, str | None]]
    if len(specs) == 1 and specs[0].choices:
        spec = specs[0]
        sets = [
            (
                # a language may show the value alone: the option's name is --rule's word
                _("{option} {value}").format(
                    option=spec.name, value=option_value_text(spec.name, choice)
                ),
                option_key(make_rules(game_id, **{spec.name: choice})),
            )
            for choice in spec.choices
        ]
    else:
        played = stats.option_keys(game_id)
        others = sorted(
            (key for key in played if key != current),
            key=lambda key: -stats.summary(game_id, key).played,
        )
        defaults = make_rules(game_id).option_text().split()
        sets = [(_changed_options(key, defaults), key) for key in [current, *others]]
    sets = sets[:MAX_SETS]
    return sets + [(_("All rule sets"), None)] if len(sets) > 1 else sets


def _changed_options(key: str, defaults: list[str]) -> str:
    """A rule set's heading: the options it changes from the game's defaults."""
    changed = [word for word in key.split()[1:] if word not in defaults]
    return " ".join(changed) or _("standard rules")


# ---------------------------------------------------------------------- the screen
WHAT_COUNTS = N_(
    "Every deal you make a move in counts once, won or lost; a deal you won before and play"
    " again counts on its own line only. Help (hints, the demo, a look behind a reshuffle)"
    " earns no money, points, streaks or records. Replays never count."
)


class StatsOverlay(Overlay):
    pauses_clock = True  # reading is not playing

    def __init__(self, app, game_id: str, rules):
        super().__init__(app)
        self.game_id, self.rules, self.key = game_id, rules, option_key(rules)

    @property
    def stats(self) -> Stats:
        return self.app.library.stats

    @property
    def size(self) -> int:
        return scaled_text_size(self.app.window.size)

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            name = _(GAMES[self.game_id].title)
            self.app.open_overlay(
                MenuOverlay(
                    self.app,
                    _("Reset the statistics of {game}?").format(game=name),
                    [
                        (
                            N_("Yes, reset them"),
                            lambda: self.app.library.reset_stats(self.game_id),
                        ),
                        (N_("No, keep them"), lambda: None),
                    ],
                )
            )
        elif event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.close()

    def draw(self, surface) -> None:
        theme, size = self.app.theme, self.size
        played = self.stats.summary(self.game_id).played
        rect = self.box(surface, 0.92 if played else 0.7, 0.92 if played else 0)
        if not played:  # a box just big enough for a few friendly words, no empty charts
            rect.h = size * (8 + 3 * len(NOTHING_YET) // 2)
            rect.centery = surface.get_height() // 2
            panel(surface, theme, rect)
        inner = rect.inflate(-2 * size, -2 * size)
        title = _("Statistics: {game}").format(game=_(GAMES[self.game_id].title))
        text(surface, title, size * 3 // 2, theme.accent, inner.topleft, bold=True)
        footer = _("R resets these statistics (after asking); any other key closes")
        footer = footer if played else _("Any key closes")
        text(surface, footer, size * 4 // 5, theme.dim_text, inner.midbottom, "midbottom")
        top, bottom = inner.y + size * 5 // 2, inner.bottom - size * 3 // 2
        if not played:
            for line in NOTHING_YET:
                text(surface, _(line), size, theme.text, (inner.centerx, top), "midtop")
                top += size * 3 // 2
            return
        note = (
            f"{_(WHAT_COUNTS)} {_(self.rules.stats_note) if self.rules.stats_note else ''}".strip()
        )
        if note:
            for line in reversed(wrap(note, size * 4 // 5, inner.w)):
                bottom -= size
                text(surface, line, size * 4 // 5, theme.dim_text, (inner.x, bottom))
            bottom -= size // 2
        y = self._table(surface, pygame.Rect(inner.x, top, inner.w, bottom - top))
        charts = pygame.Rect(inner.x, y + size, inner.w, bottom - y - size)
        if charts.h >= size * 5:
            self._charts(surface, charts, self.stats.history(self.game_id))

    # ------------------------------------------------------------------ the table
    def _table(self, surface, area: pygame.Rect) -> int:
        """The figures, a column per rule set; returns the y below it."""
        theme, size = self.app.theme, self.size
        columns = rule_set_columns(self.stats, self.rules)
        cells = [summary_rows(self.rules, self.stats.summary(self.game_id, k)) for _, k in columns]
        labels = [label for label, _ in cells[0]]
        label_w = max(font(size).size(label)[0] for label in labels) + size * 2
        column_w = min(size * 11, (area.w - label_w) // len(columns))
        centres = [area.x + label_w + column_w * i + column_w // 2 for i in range(len(columns))]
        y = area.y
        if len(columns) > 1:
            heads = [wrap(heading, size, column_w - size // 2, bold=True) for heading, _ in columns]
            depth = size * max(len(lines) for lines in heads)
            for x, (_heading, key), lines in zip(centres, columns, heads):
                in_play = key == self.key
                colour = theme.accent if in_play or key is None else theme.text
                for row, line in enumerate(lines):
                    text(surface, line, size, colour, (x, y + row * size), "midtop", bold=True)
                if in_play:
                    mark = _("in play now")
                    text(surface, mark, size * 3 // 4, theme.dim_text, (x, y + depth), "midtop")
            y += depth + size
        row_h = size * 13 // 10
        stripe = pygame.Rect(area.x, 0, label_w + column_w * len(columns), row_h)
        for row, label in enumerate(labels):
            if y + row_h > area.bottom:
                break
            if row % 2 == 0:
                stripe.y = y
                pygame.draw.rect(surface, theme.button_off, stripe, border_radius=size // 4)
            middle = y + row_h // 2
            text(surface, label, size, theme.dim_text, (area.x + size // 2, middle), "midleft")
            for x, column in zip(centres, cells):
                text(surface, column[row][1], size, theme.text, (x, middle), "center")
            y += row_h
        return y

    # ------------------------------------------------------------------ the charts
    def _charts(self, surface, area: pygame.Rect, history: list[Result]) -> None:
        """Results over time on the left, how often each score came on the right."""
        size = self.size
        half = (area.w - size * 2) // 2
        caption_h = size * 3 // 2  # a chart's title above it, its axis labels below
        for left, draw in (
            (area.x, self._results_chart),
            (area.x + half + size * 2, self._score_chart),
        ):
            box = pygame.Rect(left, area.y + caption_h, half, area.h - caption_h * 2)
            draw(surface, box, history)

    def _caption(self, surface, box: pygame.Rect, words: str) -> None:
        text(
            surface,
            words,
            self.size * 9 // 10,
            self.app.theme.text,
            (box.x, box.y - self.size // 4),
            "bottomleft",
            bold=True,
        )

    def _results_chart(self, surface, box: pygame.Rect, history: list[Result]) -> None:
        """A bar per game, oldest left: up for a win (the player's own or with help), down
        for a loss. Every game is one bar of the same height: a result, not a score."""
        theme, size = self.app.theme, self.size
        slot = max(4, min(size * 2, box.w // max(1, len(history))))
        recent = history[-(box.w // slot) :]
        self._caption(
            surface,
            box,
            ngettext("The last game", "The last {count} games", len(recent)).format(
                count=len(recent)
            ),
        )
        middle = box.centery
        height = box.h // 2 - size // 4
        bar_w = max(2, slot * 3 // 4)
        for i, result in enumerate(recent):
            colour = LOSS if not result.won else HELPED_WIN if result.assisted else OWN_WIN
            top = middle - height if result.won else middle
            pygame.draw.rect(
                surface, colour, (box.x + i * slot + (slot - bar_w) // 2, top, bar_w, height)
            )
        pygame.draw.line(
            surface, theme.dim_text, (box.x, middle), (box.right, middle), max(1, size // 12)
        )
        x = box.x
        for colour, words in (
            (OWN_WIN, _("won by you")),
            (HELPED_WIN, _("won with help")),
            (LOSS, _("lost")),
        ):
            pygame.draw.rect(
                surface, colour, (x, box.bottom + size // 3, size * 2 // 3, size * 2 // 3)
            )
            x = (
                text(
                    surface,
                    words,
                    size * 4 // 5,
                    theme.dim_text,
                    (x + size, box.bottom + size // 5),
                ).right
                + size
            )

    def _score_chart(self, surface, box: pygame.Rect, history: list[Result]) -> None:
        """How many games ended on each score (or in each band of scores when there are
        many): bars from zero, the count on each, the scores under them."""
        theme, size = self.app.theme, self.size
        self._caption(surface, box, _("Games by final score"))
        bands = score_bands([result.score for result in history])
        tallest = max(count for _, _, count in bands)
        slot = box.w // len(bands)
        bar_w = max(2, min(slot * 3 // 4, size * 3))
        room = box.h - size  # the count above the tallest bar
        for i, (low, high, count) in enumerate(bands):
            centre = box.x + i * slot + slot // 2
            height = max(2, room * count // tallest) if count else 0
            bar = pygame.Rect(centre - bar_w // 2, box.bottom - height, bar_w, height)
            pygame.draw.rect(surface, theme.accent, bar)
            if count and slot >= size * 3 // 2:
                text(
                    surface, str(count), size * 4 // 5, theme.text, (centre, bar.y - 2), "midbottom"
                )
        pygame.draw.line(
            surface,
            theme.dim_text,
            (box.x, box.bottom),
            (box.right, box.bottom),
            max(1, size // 12),
        )
        self._score_labels(surface, box, bands, slot)

    def _score_labels(self, surface, box: pygame.Rect, bands, slot: int) -> None:
        """Each bar's score under it where they fit, else the lowest and highest only."""
        theme, size = self.app.theme, self.size
        small = size * 4 // 5
        words = [
            (
                self.rules.score_words(low)
                if low == high
                else _("{low} to {high}").format(low=low, high=high)
            )
            for low, high, _ in bands
        ]
        if all(font(small).size(word)[0] <= slot - size // 4 for word in words):
            for i, word in enumerate(words):
                text(
                    surface,
                    word,
                    small,
                    theme.dim_text,
                    (box.x + i * slot + slot // 2, box.bottom + size // 5),
                    "midtop",
                )
            return
        low, high = bands[0][0], bands[-1][1]
        text(
            surface,
            f"{self.rules.score_words(low)}",
            small,
            theme.dim_text,
            (box.x, box.bottom + size // 5),
        )
        text(
            surface,
            f"{self.rules.score_words(high)}",
            small,
            theme.dim_text,
            (box.right, box.bottom + size // 5),
            "topright",
        )


def score_bands(scores: list[int]) -> list[tuple[int, int, int]]:
    """(lowest, highest, count) of each bar: a bar per score when there are few, else
    MAX_BANDS bands of equal width from the lowest score to the highest."""
    counts = Counter(scores)
    if len(counts) <= MAX_BANDS:
        return [(score, score, counts[score]) for score in sorted(counts)]
    low, high = min(scores), max(scores)
    width = -(-(high - low + 1) // MAX_BANDS)  # whole scores per band, rounded up
    bands = []
    for start in range(low, high + 1, width):
        end = min(high, start + width - 1)
        bands.append((start, end, sum(n for score, n in counts.items() if start <= score <= end)))
    return bands
