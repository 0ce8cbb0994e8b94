"""The first input after the game has slept is timed from the present clock:
a double-click, a refused key's message, the finder's arrow, a notice, the boss key."""

import pygame
import pytest
from table_driver import click, key, point, send, start


class StoppedClock:
    """The loop's clock, moving only when the test says: a slow or busy machine cannot
    stretch the time between two clicks."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def app(app):
    """The shared table (tests/conftest.py) on a clock that moves only when a test says."""
    app.clock = StoppedClock()
    app.last_step = app.clock()
    return app


def slept(app, seconds):
    """As if the loop had slept ``seconds`` in SDL waiting for input."""
    app.clock.now += seconds


def double_click(app, pos):
    click(app, pos)
    slept(app, 0.15)  # a person's double-click: the second click 150 ms later
    click(app, pos)


def test_a_double_click_after_three_seconds_idle_at_move_0(app):
    table = start(app, "vierfrei", 1)
    slept(app, 3.0)
    double_click(app, point(app, "t6"))  # the 3D cannot go home: it goes to a free cell
    assert [str(card) for card in table.state.piles["c1"]] == ["3D"]


def test_a_double_click_after_three_seconds_idle_during_play(app):
    table = start(app, "vierfrei", 1)
    for cell in ("c1", "c2"):  # 3D and 2C to the free cells: the ace of clubs is on top
        click(app, point(app, "t6"))
        click(app, point(app, cell))
    table.flights.finish()
    slept(app, 3.0)
    double_click(app, point(app, "t6"))
    assert [str(card) for card in table.state.piles["fC"]] == ["AC"]


def test_a_refused_key_after_idle_shows_its_message_for_its_full_time(app):
    table = start(app, "lucie", 1)
    slept(app, 3.0)
    send(app, key(pygame.K_x, char="x"))
    assert "not part of a card name" in table.status.message.words
    slept(app, 1.0)
    send(app)
    assert "not part of a card name" in table.status.message.words  # still up a second later


def test_the_finder_arrow_after_idle_shows_for_about_a_second(app):
    table = start(app, "lucie", 1)
    for char in "QD":
        send(app, key(pygame.key.key_code(char.lower()), char=char))
    slept(app, 3.0)  # typed, then a pause before Enter
    send(app, key(pygame.K_RETURN))
    assert table.help.finder is not None
    slept(app, 0.8)
    send(app)
    assert table.help.finder is not None
    slept(app, 0.5)
    send(app)
    assert table.help.finder is None


def test_a_notice_is_drawn_without_waiting_for_input(app):
    table = start(app, "prince", 1)
    app.dirty = False
    table.say("Sound is off: the audio device could not be opened.", 5.0)
    assert app.dirty


def test_hidden_time_does_not_count_on_the_clock(app):
    table = start(app, "vierfrei", 1)
    click(app, point(app, "t6"))
    click(app, point(app, "c1"))
    before = table.tally.seconds
    send(app, key(pygame.K_BACKQUOTE, char="`"))  # the boss key (B is a free cell here)
    assert not app.clock_running
    slept(app, 30.0)
    send(app, pygame.event.Event(pygame.WINDOWRESTORED))
    assert app.clock_running
    slept(app, 0.5)
    send(app)
    assert table.tally.seconds - before < 1.0
