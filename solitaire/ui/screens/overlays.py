"""Dialogs over the table: options, menus, a game-number field, info, the win screen.

Each overlay is modal: it gets every event until it closes itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple, TypeAlias

import pygame

from ... import __version__, i18n
from ...i18n import N_, _, pgettext, thousands
from ...model.games import make_rules
from ...model.options import UNLIMITED
from ...model.rules import GENERIC_SOLVER, MAX_DEAL
from ..art.backgrounds import TABLES
from ..art.card_backs import BACKS
from ..art.theme import font, text, wrap
from ..art.widgets import panel
from ..table.layout import CARD_SCALES

# The words a rule option's value may be shown in (Option.format), for the catalogue.
OPTION_WORDS = (N_("on"), N_("off"), N_("unlimited"))


def option_value_text(name: str, value: str) -> str:
    """A rule option's value in the player's language: in the option's context where the
    catalogue has it (a word that agrees with the option's noun: French "passages
    illimités", "rebattages illimités"), else as the word alone."""
    in_context = pgettext(name, value)
    return in_context if in_context != value else _(value)


def on_off(on: bool) -> str:
    return _("on") if on else _("off")


class Overlay:
    busy = False  # True while it animates and needs frames
    pauses_clock = False  # the game's clock stands still while it covers the table

    def __init__(self, app):
        self.app = app

    def close(self) -> None:
        self.app.close_overlay(self)

    def handle(self, event) -> None:
        escape = event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        right_click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 3
        if escape or right_click:
            self.close()

    def update(self, dt: float) -> bool:
        return False

    def box(self, surface, width_share: float, height_share: float) -> pygame.Rect:
        w, h = surface.get_size()
        rect = pygame.Rect(0, 0, int(w * width_share), int(h * height_share))
        rect.center = (w // 2, h // 2)
        panel(surface, self.app.theme, rect)
        return rect

    @property
    def size(self) -> int:
        """Body text size for the current window."""
        return body_size(self.app.window.size)


def body_size(window: tuple[int, int]) -> int:
    """The dialogs' body text size for a window: it grows with the window, as the cards."""
    return max(14, window[1] // 36)


class MenuOverlay(Overlay):
    """A short list of choices: arrows and Enter, or a click. Esc picks the last one.
    ``choice``: the item chosen at first (a negative index counts from the end)."""

    def __init__(
        self, app, title: str, items: Sequence[tuple[str, Callable[[], object]]], choice: int = 0
    ):
        # (label, what picking it does); what that returns is not used
        super().__init__(app)
        self.title, self.items, self.choice = title, items, choice % len(items)
        self.rects: list[pygame.Rect] = []

    def pick(self, index: int) -> None:
        self.close()
        self.items[index][1]()

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.pick(len(self.items) - 1)
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.choice = (self.choice + (1 if event.key == pygame.K_DOWN else -1)) % len(
                    self.items
                )
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.pick(self.choice)
            else:
                initials = [_(label)[0].lower() for label, _action in self.items]
                if event.unicode.lower() in initials:
                    self.pick(initials.index(event.unicode.lower()))
        elif event.type == pygame.MOUSEMOTION:
            hit = next((i for i, r in enumerate(self.rects) if r.collidepoint(event.pos)), None)
            self.choice = self.choice if hit is None else hit
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((i for i, r in enumerate(self.rects) if r.collidepoint(event.pos)), None)
            if hit is not None:
                self.pick(hit)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.pick(len(self.items) - 1)

    def draw(self, surface) -> None:
        theme, size = self.app.theme, self.size
        row = size * 2
        rect = self.box(surface, 0.4, 0)
        rect.h = row * (len(self.items) + 2)
        rect.centery = surface.get_height() // 2
        panel(surface, theme, rect)
        text(
            surface,
            _(self.title),
            size * 5 // 4,
            theme.accent,
            (rect.centerx, rect.y + row // 2),
            "midtop",
            bold=True,
        )
        self.rects = []
        for i, (label, _action) in enumerate(self.items):
            item = pygame.Rect(
                rect.x + size, rect.y + row * (i + 1) + row // 3, rect.w - 2 * size, row - 6
            )
            self.rects.append(item)
            if i == self.choice:
                pygame.draw.rect(surface, theme.button_hover, item, border_radius=6)
            text(surface, _(label), size, theme.text, item.center, "center")


class NumberEntry(Overlay):
    """Ctrl+G in every game (Vierfrei's F2 too): type a game number from 0 to 1,000,000."""

    def __init__(self, app, on_number: Callable[[int], None]):
        super().__init__(app)
        self.digits, self.on_number, self.problem = "", on_number, ""

    def handle(self, event) -> None:
        if event.type != pygame.KEYDOWN:
            super().handle(event)
            return
        if event.key == pygame.K_ESCAPE:
            self.close()
        elif event.key == pygame.K_BACKSPACE:
            self.digits, self.problem = self.digits[:-1], ""
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.digits and int(self.digits) <= MAX_DEAL:
                self.close()
                self.on_number(int(self.digits))
            else:
                self.problem = _("Type a number from 0 to {largest}.").format(
                    largest=thousands(MAX_DEAL)
                )
                self.app.audio.play("bing")
        elif event.unicode.isdigit() and len(self.digits) < 7:
            self.digits, self.problem = self.digits + event.unicode, ""
        else:
            self.problem = _("Only digits, please.")
            self.app.audio.play("bing")

    def draw(self, surface) -> None:
        theme, size = self.app.theme, self.size
        rect = self.box(surface, 0.45, 0.3)
        text(
            surface,
            _("Game number (0 to {largest})").format(largest=thousands(MAX_DEAL)),
            size * 5 // 4,
            theme.accent,
            (rect.centerx, rect.y + size),
            "midtop",
            bold=True,
        )
        field = pygame.Rect(0, 0, rect.w * 2 // 3, size * 2)
        field.center = rect.center
        pygame.draw.rect(surface, (250, 250, 245), field, border_radius=4)
        text(surface, self.digits + "_", size * 3 // 2, (20, 20, 20), field.center, "center")
        note = self.problem or _("Enter deals it, Esc cancels")
        text(surface, note, size, theme.text, (rect.centerx, rect.bottom - size), "midbottom")


class InfoOverlay(Overlay):
    pauses_clock = True  # reading is not playing

    def __init__(self, app, lines: list[str]):
        super().__init__(app)
        self.lines = lines

    def handle(self, event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.close()

    def draw(self, surface) -> None:
        """The lines, each wrapped to the box (a quarter of the window wide or more, up to
        nine tenths), the box as tall as they need."""
        theme, size = self.app.theme, self.size
        w, h = surface.get_size()
        room = int(w * 0.9) - 2 * size
        title_size, body_size = size * 5 // 4, size
        laid = []  # (words, text size, colour)
        for i, line in enumerate(self.lines):
            line_size, colour = (title_size, theme.accent) if i == 0 else (body_size, theme.text)
            for part in wrap(line, line_size, room) or [""]:
                laid.append((part, line_size, colour))
        widest = max(font(line_size).size(words)[0] for words, line_size, _ in laid)
        line_h = size * 3 // 2
        rect = pygame.Rect(0, 0, max(w // 4, widest + 2 * size), len(laid) * line_h + 2 * size)
        rect.center = (w // 2, h // 2)
        panel(surface, theme, rect)
        y = rect.y + size
        for words, line_size, colour in laid:
            text(surface, words, line_size, colour, (rect.centerx, y), "midtop")
            y += line_h


def info_lines(title: str) -> list[str]:
    return [
        _("Solitaire {version}: {title}").format(version=__version__, title=_(title)),
        _("Classic patience games on one engine, each game one file."),
        _("Cards, sounds and pictures are drawn and synthesised by the game itself."),
        _("After the 1990s shareware originals: La Belle Lucie (Gellman Software),"),
        _(
            "The Prince (Ralph S. Sutherland), Canfield (Joseph H. Mohr), "
            "Vierfrei (J. T. Toerring)."
        ),
        "",
        _("Press any key."),
    ]


WINNABLE_ROW = N_("Deal only deals proven winnable")
OPTIONS_NOTE = N_("Click or arrows change a setting; rule changes start a new deal. Esc closes.")
MIN_OPTION_TEXT = 12  # the options' text never gets smaller: rows wrap, the box widens
# A row of the options: its label, its value as shown, and a change of it by a step (±1).
OptionRow: TypeAlias = tuple[str, Callable[[], str], Callable[[int], None]]


def choice_meanings(spec) -> tuple[str, dict[str, str]]:
    """A choice option's label and what each choice means, where its help lists them all
    ("rule mode: 1 = one card at a time, one pass; 2 = ..."): the row then says the meaning
    of the choice made beside it instead of every meaning in a label too long to show."""
    described = _(spec.help)  # a translation keeps the "label: 1 = ...; 2 = ..." form
    label, _colon, listing = described.partition(": ")
    # French sets a space before its colons and semicolons: none is kept at either end.
    meanings = {
        choice.strip(): meaning.strip()
        for choice, meaning in (
            part.split(" = ", 1) for part in listing.split(";") if " = " in part
        )
    }
    if not spec.choices or set(meanings) != set(spec.choices):
        return described, {}
    return label.rstrip(), meanings


class OptionsOverlay(Overlay):
    """Every rule option of the game, and the look of the cards and table."""

    pauses_clock = True  # reading is not playing

    def __init__(self, app, screen):
        super().__init__(app)
        self.screen = screen
        self.specs = screen.rules.option_specs
        self.values = dict(screen.rules.options)
        self.rows: list[OptionRow] = []
        for spec in self.specs:
            self.rows.append(self._rule_row(spec))
        look = app.look
        self.rows += [
            (N_("Card back"), lambda: _(look["back"]), lambda d: self.cycle_look("back", BACKS, d)),
            (N_("Table"), lambda: _(look["table"]), lambda d: self.cycle_look("table", TABLES, d)),
            (
                N_("Four-colour deck"),
                lambda: on_off(look["four_color"]),
                lambda d: self.toggle_look("four_color"),
            ),
            (
                N_("Black and white"),
                lambda: on_off(look["mono"]),
                lambda d: self.toggle_look("mono"),
            ),
            (
                WINNABLE_ROW,
                lambda: on_off(app.solvable_only(screen.game_id)),
                lambda d: app.set_solvable_only(
                    screen.game_id, not app.solvable_only(screen.game_id)
                ),
            ),
            (
                N_("Card size (largest that fits = 100%)"),
                lambda: f"{round(look['card_scale'] * 100)}%",
                lambda d: self.cycle_look("card_scale", CARD_SCALES, -d),
            ),
            (
                N_("Show where a dragged card may go"),
                lambda: on_off(look["hints"]),
                lambda d: self.toggle_look("hints"),
            ),
            (
                N_("Say whether the game can be won"),  # off: find out for yourself
                lambda: on_off(look["verdict"]),
                lambda d: self.toggle_look("verdict"),
            ),
        ]
        self.rows.append((N_("Language"), self.language_shown, self.cycle_language))
        self.winnable_row = next(
            i for i, (label, _, _) in enumerate(self.rows) if label == WINNABLE_ROW
        )
        self.choice = 0
        self.rects: list[pygame.Rect] = []

    def _rule_row(self, spec) -> OptionRow:
        """The row of a rule option. (A method, so that each row's functions keep their own
        ``spec``: mypy cannot type lambdas that bind it as a default argument.)"""
        label, meanings = choice_meanings(spec)

        def shown() -> str:
            value = spec.format(self.values[spec.name])
            if value in meanings:
                return _("{value}: {meaning}").format(
                    value=option_value_text(spec.name, value), meaning=meanings[value]
                )
            return option_value_text(spec.name, value)

        return label[:1].upper() + label[1:], shown, lambda d: self.change_rule(spec, d)

    @property
    def unavailable(self) -> dict[int, str]:
        """The rows the rules as the overlay shows them now cannot serve (greyed), and why
        (shown while one is chosen): a rule option may change that (Spider's suits)."""
        rules = make_rules(self.screen.game_id, **self.values)
        if rules.proves_winnable:
            return {}
        if rules.solver == GENERIC_SOLVER:
            why = _(
                "{game} has no solver of its own: its deals cannot be proven winnable in "
                "good time."
            ).format(game=_(rules.title))
        else:
            why = _("Under these rules the solver seldom proves a deal winnable in good time.")
        return {self.winnable_row: why}

    def change(self, row: int, direction: int) -> None:
        """Change the setting of ``row`` (a greyed row stays as it is)."""
        self.choice = row
        if row not in self.unavailable:
            self.rows[row][2](direction)

    def change_rule(self, spec, direction: int) -> None:
        value = self.values[spec.name]
        if spec.is_flag:
            self.values[spec.name] = not value
        elif spec.choices:
            options = list(spec.choices)
            self.values[spec.name] = options[(options.index(value) + direction) % len(options)]
        else:
            counts: list[int | None] = list(range(spec.minimum, min(spec.maximum, 9) + 1))
            counts += [UNLIMITED] if spec.unlimited else []
            position = counts.index(value) if value in counts else 0
            self.values[spec.name] = counts[(position + direction) % len(counts)]

    def cycle_look(self, key: str, names, direction: int) -> None:
        names = list(names)
        self.app.set_look(key, names[(names.index(self.app.look[key]) + direction) % len(names)])

    def language_shown(self) -> str:
        """The language chosen, in its own words ("Deutsch"); "automatic" names the
        system's as well ("automatic (English)")."""
        wanted = self.app.library.settings["language"]
        names = i18n.available()
        if wanted in names:
            return names[wanted]
        return _("automatic ({language})").format(
            language=names.get(i18n.language(), i18n.language())
        )

    def cycle_language(self, direction: int) -> None:
        choices = [i18n.AUTOMATIC, *i18n.available()]
        wanted = self.app.library.settings["language"]
        position = choices.index(wanted) if wanted in choices else 0
        self.app.set_language(choices[(position + direction) % len(choices)])

    def toggle_look(self, key: str) -> None:
        self.app.set_look(key, not self.app.look[key])

    def close(self) -> None:
        super().close()
        if self.values != self.screen.rules.options:
            self.screen.new_deal(options=self.values, note=N_("New rules: a new deal under them."))

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_o):
                self.close()
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.choice = (self.choice + (1 if event.key == pygame.K_DOWN else -1)) % len(
                    self.rows
                )
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE):
                self.change(self.choice, -1 if event.key == pygame.K_LEFT else 1)
        elif event.type == pygame.MOUSEMOTION:
            hit = self.hit(event.pos)
            self.choice = self.choice if hit is None else hit  # a greyed row says why
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            hit = self.hit(event.pos)
            if hit is None:
                self.close()
            else:
                self.change(hit, 1 if event.button == 1 else -1)

    def hit(self, pos) -> int | None:
        return next((i for i, rect in enumerate(self.rects) if rect.collidepoint(pos)), None)

    def draw(self, surface) -> None:
        theme = self.app.theme
        layout = self.layout(surface.get_size())
        size, rect = layout.size, layout.rect
        panel(surface, theme, rect)
        text(
            surface,
            _("Options: {game}").format(game=_(self.screen.rules.title)),
            size * 5 // 4,
            theme.accent,
            (rect.centerx, rect.y + size // 2),
            "midtop",
            bold=True,
        )
        self.rects = [place.rect for place in layout.rows]
        unavailable = self.unavailable
        line = font(size).get_linesize()
        for i, ((_label, value, _change), place) in enumerate(zip(self.rows, layout.rows)):
            item = place.rect
            if i == self.choice:
                pygame.draw.rect(surface, theme.button_hover, item, border_radius=6)
            greyed = i in unavailable
            shown = _("not for these rules") if greyed else f"< {value()} >"
            value_at = (item.right - size // 2, item.bottom - size // 4 - line // 2)
            if not place.stacked:
                value_at = (value_at[0], item.centery)
            colour = theme.dim_text if greyed else theme.accent
            text(surface, shown, size, colour, value_at, "midright")
            top = item.y + size // 4
            for number, words in enumerate(place.label):
                colour = theme.dim_text if greyed else theme.text
                text(surface, words, size, colour, (item.x + size // 2, top + number * line))
        note = unavailable.get(self.choice, _(OPTIONS_NOTE))
        note_size = max(MIN_OPTION_TEXT, size * 4 // 5)
        note_line = font(note_size).get_linesize()
        lines = wrap(note, note_size, rect.w - 2 * size)
        for number, words in enumerate(lines):
            bottom = rect.bottom - size // 3 - (len(lines) - 1 - number) * note_line
            text(surface, words, note_size, theme.dim_text, (rect.centerx, bottom), "midbottom")

    def layout(self, window: tuple[int, int]) -> OptionsLayout:
        """Where the box and each row go: every label whole, wrapped to lines where it is
        long, its value beside it or, where that leaves the label too little room, on a
        line of its own below; the text as large as the window allows, down to
        ``MIN_OPTION_TEXT`` (then the box may reach the window's edges)."""
        height = window[1]
        size = body_size(window)
        layout = self._layout_at(size, window)
        while layout.rect.h > height - size and size > MIN_OPTION_TEXT:
            size -= 1
            layout = self._layout_at(size, window)
        box = layout.rect.move(0, height // 2 - layout.rect.centery)
        rows = [place._replace(rect=place.rect.move(box.topleft)) for place in layout.rows]
        return OptionsLayout(size, box, rows)

    def _layout_at(self, size: int, window: tuple[int, int]) -> OptionsLayout:
        width = window[0]
        box_w = int(min(width - 2 * (size // 2), max(width * 0.6, size * 42)))
        rect = pygame.Rect((width - box_w) // 2, 0, box_w, 0)
        face, line = font(size), font(size).get_linesize()
        inner = box_w - 2 * size
        y = size // 2 + font(size * 5 // 4, True).get_linesize() + size // 2
        rows = []
        unavailable = self.unavailable
        for i, (label, value, _change) in enumerate(self.rows):
            shown = _("not for these rules") if i in unavailable else f"< {value()} >"
            room = inner - face.size(shown)[0] - 2 * size
            lines = wrap(_(label), size, room) if room > inner // 3 else []
            stacked = not lines or len(lines) > 2
            if stacked:
                lines = wrap(_(label), size, inner - size)
            count = len(lines) + (1 if stacked else 0)
            item_h = count * line + size // 2
            rows.append(OptionPlace(pygame.Rect(size, y, inner, item_h), lines, stacked))
            y += item_h + max(2, size // 6)
        note_size = max(MIN_OPTION_TEXT, size * 4 // 5)
        longest_note = max([_(OPTIONS_NOTE), *unavailable.values()], key=len)
        note_lines = len(wrap(longest_note, note_size, box_w - 2 * size))
        rect.h = y + size // 3 + note_lines * font(note_size).get_linesize() + size // 3
        return OptionsLayout(size, rect, rows)  # the rows from the box's corner, at (0, 0)


class OptionPlace(NamedTuple):
    """One row of the options as laid out: its rectangle (from the box's corner until the
    box is placed), its label's lines, and whether its value has a line of its own."""

    rect: pygame.Rect
    label: list[str]
    stacked: bool


class OptionsLayout(NamedTuple):
    """The options box for one window: its text size, its rectangle, its rows."""

    size: int
    rect: pygame.Rect
    rows: list[OptionPlace]


def scaled_text_size(window_size: tuple[int, int]) -> int:
    """Body text for the win box, questions and statistics: a share of the window, as
    the cards are, from 800x600 up to 4K."""
    width, height = window_size
    return max(15, min(width // 60, height // 36))


class ConfirmOverlay(Overlay):
    """A yes-or-no question: Enter or Y says yes, Esc or N no, or a click on either."""

    def __init__(self, app, question: str, on_yes: Callable[[], None]):
        super().__init__(app)
        self.question, self.on_yes = question, on_yes
        self.choice = 0  # 0 yes, 1 no: what the arrow keys and the pointer light
        self.rects: list[pygame.Rect] = []

    @property
    def size(self) -> int:
        return scaled_text_size(self.app.window.size)

    def answer(self, yes: bool) -> None:
        self.close()
        if yes:
            self.on_yes()

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y):
                self.answer(event.key == pygame.K_y or self.choice == 0)
            elif event.key in (pygame.K_ESCAPE, pygame.K_n):
                self.answer(False)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.choice = 1 - self.choice
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            hit = next((i for i, r in enumerate(self.rects) if r.collidepoint(event.pos)), None)
            if event.type == pygame.MOUSEMOTION:
                self.choice = self.choice if hit is None else hit
            elif event.button == 3:
                self.answer(False)
            elif event.button == 1 and hit is not None:
                self.answer(hit == 0)

    def draw(self, surface) -> None:
        theme, size = self.app.theme, self.size
        w, h = surface.get_size()
        lines = wrap(_(self.question), size * 5 // 4, w * 3 // 4, bold=True)
        widest = max(font(size * 5 // 4, True).size(line)[0] for line in lines)
        rect = pygame.Rect(0, 0, max(widest, size * 14) + size * 4, size * (6 + 2 * len(lines)))
        rect.center = (w // 2, h // 2)
        panel(surface, theme, rect)
        y = rect.y + size * 3 // 2
        for line in lines:
            text(surface, line, size * 5 // 4, theme.accent, (rect.centerx, y), "midtop", True)
            y += size * 2
        button_w, button_h = size * 6, size * 2
        self.rects = []
        for i, label in enumerate((_("Yes"), _("No"))):
            button = pygame.Rect(0, 0, button_w, button_h)
            button.midtop = (rect.centerx + (i * 2 - 1) * (button_w // 2 + size), y + size // 2)
            self.rects.append(button)
            colour = theme.button_hover if i == self.choice else theme.button
            pygame.draw.rect(surface, colour, button, border_radius=size // 3)
            text(surface, label, size, theme.text, button.center, "center", bold=i == 0)
        note = _("Enter: yes      Esc: no")
        text(
            surface,
            note,
            size * 4 // 5,
            theme.dim_text,
            (rect.centerx, rect.bottom - size // 2),
            "midbottom",
        )


class WinOverlay(Overlay):
    """The win screen: cards bounce off the foundations, leaving trails, as they always have,
    under a box that says who won and how: the score or points, time, moves and streak."""

    busy = True

    def __init__(self, app, screen, title: str, lines: list[str]):
        super().__init__(app)
        self.screen, self.title, self.lines = screen, title, lines
        # (label, what it does): the box closes by these, Esc or a click beside them,
        # never by a key a game gives a meaning (Canfield's N turns the hand).
        self.buttons: list[tuple[str, Callable[[], object]]] = [
            (N_("New deal"), screen.new_deal),
            (N_("Look at the table"), lambda: None),
        ]
        self.choice = 0  # the button Enter presses, lit; the pointer moves it
        self.rects: list[pygame.Rect] = []
        self.trails: pygame.Surface | None = None
        self.bouncers: list[list] = []
        self.rng = random.Random()
        self.spawn_timer, self.elapsed = 0.0, 0.0
        # (card, the foundation it leaves from): foundation by foundation as the table
        # shows them, each from its top card down
        foundations = [
            name for name in screen.view.layout.slots if name in screen.rules.foundations
        ]
        self.sources = [
            (card, name) for name in foundations for card in reversed(screen.state.piles[name])
        ]

    @property
    def size(self) -> int:
        return scaled_text_size(self.app.window.size)

    def press(self, index: int) -> None:
        self.close()
        self.buttons[index][1]()

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.press(self.choice)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                step = -1 if event.key == pygame.K_LEFT else 1
                self.choice = (self.choice + step) % len(self.buttons)
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            hit = next((i for i, r in enumerate(self.rects) if r.collidepoint(event.pos)), None)
            if event.type == pygame.MOUSEMOTION:
                self.choice = self.choice if hit is None else hit
            elif event.button == 1 and hit is not None:
                self.press(hit)
            elif event.button in (1, 3):
                self.close()  # a click beside the buttons: look at the table

    def update(self, dt: float) -> bool:
        self.elapsed += dt
        self.spawn_timer -= dt
        view = self.screen.view
        if self.spawn_timer <= 0 and self.sources and len(self.bouncers) < 3:
            card, pile = self.sources.pop(0)
            x, y = view.layout.origin[pile]
            speed = view.layout.card_w * self.rng.uniform(2.5, 6.0) * self.rng.choice((-1, 1))
            self.bouncers.append(
                [card, float(x), float(y), speed, -self.rng.uniform(0, 3) * view.layout.card_w]
            )
            self.spawn_timer = 0.25
        height = self.app.window.size[1]
        gravity = view.layout.card_h * 18
        for bouncer in self.bouncers:
            bouncer[4] += gravity * dt
            bouncer[1] += bouncer[3] * dt
            bouncer[2] += bouncer[4] * dt
            if bouncer[2] + view.layout.card_h > height:
                bouncer[2] = height - view.layout.card_h
                bouncer[4] *= -0.75
        width = self.app.window.size[0]
        self.bouncers = [b for b in self.bouncers if -view.layout.card_w < b[1] < width]
        self.busy = bool(self.bouncers or self.sources) and self.elapsed < 30
        return True

    def draw(self, surface) -> None:
        if self.trails is None or self.trails.get_size() != surface.get_size():
            self.trails = surface.copy()
            if not self.sources:  # a loss: the table, darkened under the box
                self.trails.fill((150, 150, 150), special_flags=pygame.BLEND_RGB_MULT)
        view = self.screen.view
        for card, x, y, _speed, _fall in self.bouncers:
            self.trails.blit(view.card_image(card, True), (int(x), int(y)))
        surface.blit(self.trails, (0, 0))
        theme, size = self.app.theme, self.size
        w, h = surface.get_size()
        title_size, hint_size = size * 5 // 2, size * 4 // 5
        hint = _(
            "Enter: {button}      Esc or a click beside the buttons: look at the table"
        ).format(button=_(self.buttons[0][0]))
        button_h, gap = size * 2, size
        button_ws = [font(size, True).size(_(label))[0] + size * 2 for label, _do in self.buttons]
        row_w = sum(button_ws) + gap * (len(button_ws) - 1)
        widest = max(
            font(title_size, True).size(_(self.title))[0],
            font(hint_size).size(hint)[0],
            row_w,
            *(font(size).size(line)[0] for line in self.lines),
        )
        line_h = size * 3 // 2
        height = title_size + line_h * len(self.lines) + button_h + size * 6
        box = pygame.Rect(0, 0, min(widest + size * 4, w - size), height)
        box.center = (w // 2, h * 2 // 5)
        radius = size // 2
        pygame.draw.rect(surface, theme.panel, box, border_radius=radius)
        pygame.draw.rect(
            surface, theme.panel_edge, box, width=max(2, size // 10), border_radius=radius
        )
        y = box.y + size
        text(surface, _(self.title), title_size, theme.accent, (w // 2, y), "midtop", bold=True)
        y += title_size + size // 2
        for line in self.lines:
            text(surface, line, size, theme.text, (w // 2, y), "midtop")
            y += line_h
        x = w // 2 - row_w // 2
        self.rects = []
        for index, ((label, _action), width) in enumerate(
            zip(self.buttons, button_ws, strict=True)
        ):
            button = pygame.Rect(x, y + size // 2, width, button_h)
            self.rects.append(button)
            colour = theme.button_hover if index == self.choice else theme.button
            pygame.draw.rect(surface, colour, button, border_radius=size // 3)
            text(surface, _(label), size, theme.text, button.center, "center", bold=index == 0)
            x += width + gap
        text(
            surface, hint, hint_size, theme.dim_text, (w // 2, box.bottom - size // 2), "midbottom"
        )


class LossOverlay(WinOverlay):
    """The end of a lost game: the same box, over the table as it was left, no cards
    bouncing."""

    busy = False

    def __init__(self, app, screen, title: str, lines: list[str]):
        super().__init__(app, screen, title, lines)
        self.sources = []
        # Take the last move back and play on, or deal again, or look.
        self.buttons.insert(1, (N_("Undo"), screen.undo))

    def update(self, dt: float) -> bool:
        return False
