"""German's longer words fit every screen from 640x480 to 4K: each text drawn on the
chooser, every game's table, its help, options, statistics, menus, questions and end
boxes lies inside the window, and the options' rows hold their German labels whole."""

import sys

import pygame
import pytest
from table_driver import start

from solitaire import i18n
from solitaire.model.games import GAMES
from solitaire.ui.app import App
from solitaire.ui.art import theme
from solitaire.ui.art.theme import font
from solitaire.ui.library import Library
from solitaire.ui.screens.overlays import OptionsOverlay

WINDOWS = ((640, 480), (3840, 2160))


@pytest.fixture(params=WINDOWS, ids=lambda size: f"{size[0]}x{size[1]}")
def german(request, monkeypatch, tmp_path):
    """The app in German at one window size, and the place of every text it draws."""
    placed: list[tuple[str, pygame.Rect]] = []
    original = theme.text

    def caught(surface, words, *args, **kwargs):
        rect = original(surface, words, *args, **kwargs)
        if surface is app.window.surface and words.strip():
            placed.append((words, rect))
        return rect

    for name, module in list(sys.modules.items()):
        if name.startswith("solitaire.ui") and getattr(module, "text", None) is original:
            monkeypatch.setattr(module, "text", caught)
    app = App(fullscreen=False, size=request.param, library=Library(tmp_path))
    # A window is never smaller than 800x600; a screen may be, full screen: drawn on one.
    app.window.surface = pygame.Surface(request.param)
    assert app.window.size == request.param
    i18n.choose("de")
    app.resize(new_look=True)
    yield app, placed
    i18n.choose(i18n.SOURCE_LANGUAGE)
    pygame.quit()


def draw(app) -> None:
    app.dirty = app.repaint = True
    app.draw()


def outside(app, placed) -> list[tuple[str, pygame.Rect]]:
    window = app.window.surface.get_rect()
    return [(words, rect) for words, rect in placed if not window.contains(rect)]


def test_the_chooser_holds_german_in_the_window(german):
    app, placed = german
    app.open_chooser()
    draw(app)
    assert placed and outside(app, placed) == []


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_screen_of_a_game_holds_german_in_the_window(german, game_id):
    app, placed = german
    table = start(app, game_id)
    draw(app)
    for opening in (
        app.open_help,
        app.open_options,
        app.open_stats,
        app.open_info,
        app.open_quit_menu,
        app.ask_game_number,
        lambda: app.ask(table.rules.title, lambda: None),
        lambda: app.game_lost(table),
    ):
        opening()
        draw(app)
        app.overlays.clear()
    assert any("Spielanleitung" in words for words, _ in placed)  # German, and caught
    assert outside(app, placed) == []


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_options_hold_their_german_labels_whole(german, game_id):
    app, _ = german
    start(app, game_id)
    app.open_options()
    options = app.overlays[-1]
    assert isinstance(options, OptionsOverlay)
    window = app.window.size
    layout = options.layout(window)
    assert layout.size >= 12 and pygame.Rect((0, 0), window).contains(layout.rect)
    face = font(layout.size)
    for (label, value, _change), place in zip(options.rows, layout.rows):
        assert " ".join(place.label) == i18n._(label)  # every word, on its lines
        value_width = face.size(f"< {value()} >")[0]
        room = place.rect.w - layout.size - (0 if place.stacked else value_width)
        assert all(face.size(line)[0] <= room for line in place.label), (window, label)
        assert value_width <= place.rect.w - layout.size, (window, value())
