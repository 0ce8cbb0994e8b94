"""The table's words: the status line (the game, deal, score, moves, clock and verdict)
and messages, which have a place of their own just above it, near the cards."""

from __future__ import annotations

from typing import NamedTuple

import pygame

from ...i18n import N_, _
from ..art.theme import font, text, wrap
from ..art.widgets import fitted

STATUS_GAP = "   |   "
MESSAGE_LINES = 3  # a longer message is cut short
# A message stays long enough to read: this long, and this much more a character, and
# at least READ_LEAST seconds (or until the next key or click).
READ_BASE, READ_PER_CHARACTER, READ_LEAST = 1.5, 0.06, 3.0
# Said on the status line for as long as the demo plays: that it is running, and how to
# stop it (its first words go when the next key or click stops the demo).
DEMO_RUNNING = N_("Demo playing: any key or click stops it")
# Said on the status line for as long as a replay file's game shows.
REPLAY_SHOWING = N_("Replay: Right steps forward, Left back")


class Message(NamedTuple):
    """Words shown until ``until`` (the table's clock), or until the next key or click
    when ``until_input``."""

    words: str
    until: float
    until_input: bool = True


NO_MESSAGE = Message("", 0.0)


class TableStatus:
    """Part of the table screen: the status line and the messages. Reads the game, the
    partner's verdict and what the player is typing; says what it is told to say."""

    def __init__(self, table):
        self.table = table
        self.message = NO_MESSAGE
        self.notice = False  # the message shown is a notice (``notify``)
        # Notices waiting their turn, each with the seconds it is shown at least.
        self.waiting: list[tuple[str, float]] = []
        self.dirty = False  # only the status line changed (the clock ticked)

    # ------------------------------------------------------------------ messages
    def say(self, words: str, now: float, seconds: float = 0.0, until_input: bool = True) -> None:
        """Show ``words`` long enough to read them (``reading_time``, or ``seconds`` if
        longer); ``until_input``: the player's next key or click takes them away. A
        notice not yet shown its time waits to be shown again, whole."""
        if self.notice and now < self.message.until:
            self.waiting.insert(0, (self.message.words, 0.0))
        self.message = Message(words, now + max(seconds, reading_time(words)), until_input)
        self.notice = False

    def notify(self, words: str, now: float, seconds: float = 0.0) -> None:
        """A notice of the program's own (a file set aside, no sound): shown for its
        reading time (or ``seconds``) whatever the player does, after the notices before
        it, so that none hides another."""
        if any(words == waiting for waiting, _ in self.waiting) or self.message.words == words:
            return
        self.waiting.append((words, seconds))
        if not self.message.words:
            self._next_notice(now)

    def _next_notice(self, now: float) -> bool:
        if not self.waiting:
            return False
        words, seconds = self.waiting.pop(0)
        self.message = Message(words, now + max(seconds, reading_time(words)), False)
        self.notice = True
        return True

    def unsay(self, words: str) -> None:
        """Take ``words`` away if they are what shows."""
        if self.message.words == words:
            self.message = NO_MESSAGE

    def clear(self) -> None:
        """A new deal: whatever the player was told goes (notices wait their turn)."""
        if not self.notice:
            self.message = NO_MESSAGE

    def input_came(self) -> None:
        """A key or a click: what was said for it to read goes."""
        if self.message.words and self.message.until_input:
            self.message = NO_MESSAGE

    def update(self, now: float) -> bool:
        """The message goes when its time is up, and the next notice shows; True if the
        message changed."""
        if self.message.words and now >= self.message.until:
            self.message = NO_MESSAGE
            self.notice = False
            self._next_notice(now)
            return True
        if not self.message.words:
            return self._next_notice(now)
        return False

    def next_change(self) -> float | None:
        return self.message.until if self.message.words else None

    # ------------------------------------------------------------------ the status line
    def draw_status(self, surface: pygame.Surface) -> pygame.Rect:
        """The status line alone: when only the clock moved, this is the whole frame."""
        bar = self.table.bar
        theme, width, height = self.table.app.theme, *surface.get_size()
        rect = pygame.Rect(0, height - bar.height, width, bar.height)
        pygame.draw.rect(surface, theme.bar, rect)
        self.dirty = False
        pad = bar.height // 3
        words, size = self.status_line(width - 2 * pad, bar.text_size)
        text(surface, words, size, theme.text, (pad, rect.centery), "midleft")
        return rect

    def status_line(self, width: int, size: int) -> tuple[str, int]:
        """The status words that fit ``width``: the game's name goes first (the window
        title has it), then the words are cut short."""
        parts = self.status_parts()
        words, fitted_size = fitted(STATUS_GAP.join(parts), size, width)
        if words.endswith("...") and len(parts) > 1:
            words, fitted_size = fitted(STATUS_GAP.join(parts[1:]), size, width)
        return words, fitted_size

    def status_parts(self) -> list[str]:
        table = self.table
        rules, state, game = table.rules, table.state, table.game
        minutes, seconds = divmod(int(table.tally.seconds), 60)
        parts = [
            _(rules.title),
            *([_(REPLAY_SHOWING)] if table.replay else []),
            *([_(DEMO_RUNNING)] if table.help.demo_on else []),
            rules.deal_label(state, game.deal_number),
            *rules.deal_items(state),
            rules.score_text(state),
            _("Moves {count}").format(count=game.moves_made),
            f"{minutes}:{seconds:02d}",
            *rules.status_items(state),
        ]
        verdict = table.partner.status_text() if table.app.look["verdict"] else ""
        if verdict:
            parts.append(verdict)
        if table.app.audio.muted:
            parts.append(_("muted"))
        return parts

    def status_text(self) -> str:
        return STATUS_GAP.join(self.status_parts())

    def draw_message(self, surface) -> pygame.Rect | None:
        """The message (or what is being typed) in a box on the strip of felt kept for it
        above the status line, wrapped to at most three lines. Between messages it says
        what is not being saved, for as long as saving fails. The box's place, if any."""
        table = self.table
        # Messages are said as marked, in English, and shown in the player's language.
        words = _(self.message.words) or table.input.prompt_text()
        words = words or table.app.library.saving_problem
        if not words:
            return None
        theme, width = table.app.theme, surface.get_width()
        size = table.bar.text_size
        pad = size // 2
        room = width - 4 * pad
        lines = wrap(words, size, room)
        if len(lines) > MESSAGE_LINES:
            rest = " ".join(lines[MESSAGE_LINES - 1 :])
            lines = lines[: MESSAGE_LINES - 1] + [fitted(rest, size, room)[0]]
        line_h = size + size // 4
        box_w = max(font(size).size(line)[0] for line in lines)
        box = pygame.Rect(0, 0, box_w + 2 * pad, len(lines) * line_h + pad // 2)
        bottom = surface.get_height() - table.bar.height - max(1, pad // 4)
        box.midbottom = (width // 2, bottom)
        pygame.draw.rect(surface, theme.bar, box, border_radius=pad)
        pygame.draw.rect(surface, theme.accent, box, width=max(1, size // 12), border_radius=pad)
        for i, line in enumerate(lines):
            centre = (box.centerx, box.y + pad // 4 + i * line_h + line_h // 2)
            text(surface, line, size, theme.accent, centre, "center")
        return box


def reading_time(words: str) -> float:
    return max(READ_LEAST, READ_BASE + READ_PER_CHARACTER * len(words))
