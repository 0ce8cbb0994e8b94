"""The table's words at every size: the status line fits, messages have their own strip
above it, and a saving problem stays on screen until saving works again."""

import pygame
import pytest
from table_driver import click, point, start

from solitaire.model.games import GAMES
from solitaire.model.rules import MAX_DEAL
from solitaire.ui.art.theme import font
from solitaire.ui.table.bar import message_strip
from solitaire.ui.table.status import NO_MESSAGE, STATUS_GAP


def words_drawn(app, monkeypatch) -> list[str]:
    """Every piece of text a full frame of the table draws in its strip and bars."""
    from solitaire.ui.table import status

    drawn: list[str] = []
    real = status.text

    def spy(surface, words, *args, **kwargs):
        drawn.append(words)
        return real(surface, words, *args, **kwargs)

    monkeypatch.setattr(status, "text", spy)
    app.table.draw(app.window.surface)
    monkeypatch.setattr(status, "text", real)
    return drawn


def test_a_saving_problem_shows_until_saving_works_again(app, tmp_path, monkeypatch):
    table = start(app, "vierfrei", 1)
    blocker = tmp_path / "game-vierfrei.json"
    blocker.mkdir()  # the save's place is taken by a folder: saving games fails
    click(app, point(app, "t6"))
    click(app, point(app, "c1"))
    app.step(sleep=False)  # the pass after the move's frame saves it
    app.library.flush()
    problem = app.library.saving_problem
    assert problem and "not being saved" in problem
    table.status.message = NO_MESSAGE  # the moment's messages gone, the problem still shows
    assert problem in words_drawn(app, monkeypatch)
    blocker.rmdir()
    click(app, point(app, "t6"))
    click(app, point(app, "c2"))
    app.step(sleep=False)
    app.library.flush()
    assert app.library.saving_problem is None
    table.status.message = NO_MESSAGE
    assert not any("saved" in words for words in words_drawn(app, monkeypatch))


@pytest.mark.parametrize("size", [(800, 600), (1366, 768), (3840, 2160)])
def test_the_table_leaves_a_strip_for_messages_between_cards_and_status(app, size):
    for game_id in GAMES:
        app.window.surface = pygame.Surface(size)
        table = start(app, game_id, 3)
        table.resize(size)
        strip_top = size[1] - table.bar.height - message_strip(size)
        assert table.view.area.bottom <= strip_top
        words, text_size = table.status.status_line(
            size[0] - 2 * (table.bar.height // 3), table.bar.text_size
        )
        assert font(text_size).size(words)[0] <= size[0]
        assert table.bar.buttons[-1].rect.right <= size[0]  # Help is on the screen


def test_bars_grow_with_the_window(app):
    table = start(app, "prince", 1)
    table.resize((1920, 1080))
    at_1080 = (table.bar.height, table.bar.text_size)
    table.resize((3840, 2160))
    assert table.bar.height >= 2 * at_1080[0] - 1 and table.bar.text_size >= 2 * at_1080[1] - 1


# The longest status lines: the largest deal number, an hour and more on the clock, the
# sound muted, and the rules with most words on the line.
LONGEST = [(game_id, {}) for game_id in GAMES] + [
    ("canfield", {"mode": "2"}),
    ("canfield", {"mode": "house"}),
    ("merci", {"redeals": "0"}),
]


@pytest.mark.parametrize("game_id, options", LONGEST, ids=[str(o) for o in LONGEST])
def test_the_status_line_keeps_the_games_name_while_the_partner_thinks(app, game_id, options):
    size = (800, 600)
    app.window.surface = pygame.Surface(size)
    table = start(app, game_id, MAX_DEAL, **options)
    table.resize(size)
    table.tally.seconds = 99 * 60 + 59
    app.audio.muted = True
    table.partner.answer = None  # the verdict not come yet
    assert table.partner.thinking
    words, _ = table.status.status_line(size[0] - 2 * (table.bar.height // 3), table.bar.text_size)
    assert words.startswith(table.rules.title + STATUS_GAP), words
    assert "Winnable? thinking" in words and not words.endswith("..."), words
