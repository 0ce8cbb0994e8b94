"""Every word a player reads passes through the catalogue: each screen is drawn in the
pseudo-language (solitaire/i18n.py's PSEUDO accents every vowel), every text drawn is
caught where all text is drawn (solitaire/ui/art/theme.py's ``rendered``), and a word of
two or more letters with a plain vowel is one that did not pass through the catalogue.
Card names (TC, AS), the move notation and rule settings as --rule writes them
(sequence=alternate) are not words of a language and may stay."""

import re

import pygame
import pytest
from table_driver import key, send, start

from solitaire import i18n
from solitaire.model.games import GAMES
from solitaire.ui.app import App
from solitaire.ui.art import theme
from solitaire.ui.library import Library
from solitaire.ui.table import bar, help

WORD = re.compile(r"[^\W\d_]{2,}")
PLAIN_VOWEL = re.compile(r"[aeiouAEIOU]")
CARD_NAME = re.compile(r"(10|[A2-9TJQK])[CDHS]", re.IGNORECASE)
RULE_SETTING = re.compile(r"\b[\w-]+=[\w-]+")  # "sequence=alternate", as --rule writes it


@pytest.fixture
def drawn(monkeypatch, tmp_path):
    """The app in the pseudo-language, and every text it draws from then on."""
    texts: list[str] = []
    original = theme.rendered

    def caught(words, size, colour, bold=False):
        texts.append(words)
        return original(words, size, colour, bold)

    for module in (theme, bar):
        monkeypatch.setattr(module, "rendered", caught)
    application = App(fullscreen=False, size=(1280, 800), library=Library(tmp_path))
    i18n.choose(i18n.PSEUDO)
    yield application, texts
    i18n.choose(i18n.SOURCE_LANGUAGE)
    pygame.quit()


def untranslated(texts: list[str]) -> set[str]:
    """The texts with a word that kept a plain vowel: English that was never translated."""
    found = set()
    for words in texts:
        for word in WORD.findall(RULE_SETTING.sub("", words)):
            if PLAIN_VOWEL.search(word) and not CARD_NAME.fullmatch(word):
                found.add(words)
    return found


def draw(app) -> None:
    app.dirty = app.repaint = True
    app.draw()


def test_the_chooser_speaks_only_through_the_catalogue(drawn):
    app, texts = drawn
    app.open_chooser()
    draw(app)
    send(app, key(pygame.K_k, char="k"))  # typing to find a game
    draw(app)
    assert texts
    assert sorted(untranslated(texts)) == []


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_screen_of_a_game_speaks_only_through_the_catalogue(drawn, game_id):
    app, texts = drawn
    table = start(app, game_id)
    draw(app)
    table.say(help.THINKING)
    draw(app)
    for button in table.bar.buttons:  # each button's tooltip: what it does, and its key
        table.bar.tooltip = button
        draw(app)
    table.bar.tooltip = None
    app.open_help()
    help_screen = app.overlays[-1]
    while True:  # every line of the help, page by page
        draw(app)
        seen = help_screen.scroll
        help_screen.scroll += help_screen.page
        draw(app)
        if help_screen.scroll == seen:
            break
    app.overlays.clear()
    for opening in (
        app.open_options,
        app.open_stats,
        app.open_info,
        app.open_quit_menu,
        app.ask_game_number,
        lambda: app.ask(table.rules.title, lambda: None),
        lambda: app.game_lost(table),
        lambda: app.game_won(table),
    ):
        opening()
        draw(app)
        app.overlays.clear()
    send(app, key(pygame.K_SEMICOLON, char=";"))  # a key that means nothing: a refusal
    draw(app)
    assert sorted(untranslated(texts)) == []


def test_the_catalogues_are_up_to_date_and_complete():
    """Every marked text is in solitaire.pot and translated in each language's catalogue
    (tools/messages.py --check; run tools/messages.py to merge new texts in)."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    checked = subprocess.run(
        [sys.executable, str(root / "tools" / "messages.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stdout[-2000:]
