"""The table's button bar: the common buttons around the game's own, laid out for the
window, lit when they can act, and a tooltip for the one the pointer rests on."""

from __future__ import annotations

from functools import partial
from typing import NamedTuple

import pygame

from ...i18n import N_, _
from ...model.vocabulary import Action
from ..art.theme import rendered
from ..art.widgets import Button, button_at, fit_row
from . import actions

TOOLTIP_DELAY = 0.7  # seconds the pointer rests on a button before its tooltip shows


# The buttons after the game's own, and their labels.
COMMON_BUTTONS = {
    Action.HINT: N_("Hint"),
    Action.DEMO: N_("Demo"),
    Action.STATS: N_("Stats"),
    Action.OPTIONS: N_("Options"),
    Action.HELP: N_("Help"),
}


class Hover(NamedTuple):
    """The button under the pointer (None: none), and since when."""

    button: Button | None
    since: float


class Chrome(NamedTuple):
    """The bar as a frame would draw it: a frame of changes redraws it when this changed."""

    size: tuple[int, int]
    buttons: tuple[tuple[str, bool, bool], ...]  # label, lit, hovered


class ButtonBar:
    """Part of the table screen. Its buttons act on the table (``actions.run``)."""

    def __init__(self, table):
        self.table = table
        self.size = (0, 0)  # the window's, which the bar was laid out for
        self.buttons: list[Button] = []
        self.height = 0
        self.button_text_size = 0
        self.fitted_labels: list[str] = []  # the labels the bar was laid out for
        self.hovered = Hover(None, 0.0)
        self.tooltip: Button | None = None  # the button whose tooltip shows

    @property
    def text_size(self) -> int:
        """The bars' text size: it grows with the window, as the cards do."""
        return self.height * 11 // 20

    def lay_out(self, size: tuple[int, int]) -> None:
        self.size = size
        self.height = bar_height(size)
        self.buttons = self.make_buttons()
        self.fit()

    def fit(self) -> None:
        """Lay the bar out for the window and the buttons' labels now."""
        margin = max(4, self.height // 10)
        right, height = self.size[0] - margin, self.height - 2 * margin
        self.button_text_size = fit_row(self.buttons, margin, margin, right, height, self.text_size)
        self.fitted_labels = [button.text for button in self.buttons]

    def make_buttons(self) -> list[Button]:
        """The common buttons around the game's own (from its definition)."""
        table = self.table

        def button(label: str, action: str, lit=None, caption=None) -> Button:
            lit = lit or (lambda: True)
            tip = actions.tooltip(table, action)
            return Button(label, partial(actions.run, table, action), lit, caption=caption, tip=tip)

        buttons = [
            button(_("Games"), Action.GAMES),
            button(_("New"), Action.NEW),
            button(_("Restart"), Action.RESTART),
            button(_("Undo"), Action.UNDO, lambda: bool(table.game.done)),
            button(_("Redo"), Action.REDO, lambda: bool(table.game.undone)),
        ]
        for spec in table.rules.buttons:
            lit = partial(actions.enabled, table, spec)
            caption = partial(self.label, spec)
            buttons.append(button(_(spec.label), spec.action, lit, caption))
        for action, label in COMMON_BUTTONS.items():
            buttons.append(button(_(label), action))
        return buttons

    def label(self, spec) -> str:
        """A game button's label now (it may carry a count)."""
        return _(self.table.rules.button_label(spec, self.table.state))

    def at(self, point) -> Button | None:
        return button_at(self.buttons, point)

    def watch_hover(self, pointer, now: float, held: bool) -> bool:
        """The tooltip of the button the pointer has rested on (none while cards are
        held or a dialog is open); True if it came or went."""
        # None while cards are held, or while a dialog lies over the table: its tooltip
        # would show dimmed under the dialog.
        button = self.at(pointer) if not held and not self.table.app.overlays else None
        if button is not self.hovered.button:
            self.hovered = Hover(button, now)
        rested = now - self.hovered.since >= TOOLTIP_DELAY
        shown = button if button is not None and rested else None
        if shown is self.tooltip:
            return False
        self.tooltip = shown
        return True

    def next_change(self) -> float | None:
        """When a tooltip will show by itself."""
        if self.hovered.button is not None and self.tooltip is None:
            return self.hovered.since + TOOLTIP_DELAY
        return None

    def chrome(self, pointer) -> Chrome:
        hover = self.at(pointer)
        return Chrome(
            self.size,
            tuple((button.text, button.enabled(), button is hover) for button in self.buttons),
        )

    def draw(self, surface, theme, pointer) -> pygame.Rect:
        rect = pygame.Rect(0, 0, surface.get_width(), self.height)
        pygame.draw.rect(surface, theme.bar, rect)
        if [button.text for button in self.buttons] != self.fitted_labels:
            self.fit()  # a count on a button changed its width
        hover = self.at(pointer)
        for button in self.buttons:
            button.draw(surface, theme, button is hover, self.button_text_size)
        return rect

    def draw_tooltip(self, surface, theme) -> pygame.Rect | None:
        """The tooltip, just under the bar, kept inside the window."""
        button = self.tooltip
        if button is None or self.table.app.overlays:
            return None
        size = self.text_size
        pad = size // 3
        image = rendered(button.tip, size, theme.text)
        box = image.get_rect().inflate(2 * pad, pad)
        box.topleft = (button.rect.x, self.height + pad)
        box.right = min(box.right, surface.get_width() - pad)
        box.left = max(box.left, pad)
        pygame.draw.rect(surface, theme.panel, box, border_radius=pad)
        pygame.draw.rect(
            surface, theme.panel_edge, box, width=max(1, size // 14), border_radius=pad
        )
        surface.blit(image, image.get_rect(center=box.center))
        return box


def bar_height(size: tuple[int, int]) -> int:
    """The button bar and the status line, each: a share of the window, as the cards."""
    return max(24, size[1] // 22)


def table_area(size: tuple[int, int]) -> pygame.Rect:
    """Where the cards go: the window less the two bars and the messages' strip."""
    bar = bar_height(size)
    return pygame.Rect(0, bar, size[0], size[1] - 2 * bar - message_strip(size))


def message_strip(size: tuple[int, int]) -> int:
    """The felt kept free of cards above the status line, where messages show: a line
    of the bars' text (a longer message, at small sizes, reaches up over the table)."""
    return bar_height(size) * 4 // 5
