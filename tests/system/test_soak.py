"""The seeded soak of the table: 20,000 random player events over all games,
each checked (tests/soak_driver.py); and the faults the soak found, as plain event tests.

bench/soak.py runs the same soak for a million events.
"""

import math
import tempfile
from pathlib import Path

import pygame
import pytest
from helpers import pile
from soak_driver import Soak, SoakFailure, data_folder
from table_driver import down, drag, key, motion, point, send, start, up

from solitaire.model.games import GAMES
from solitaire.ui.table.screen import TableScreen

CI_EVENTS = 20_000
EVENTS_PER_GAME = math.ceil(CI_EVENTS / len(GAMES))


@pytest.fixture
def folder():
    """A data folder in memory where there is one: the app syncs every save to disk."""
    with tempfile.TemporaryDirectory(dir=data_folder()) as name:
        yield Path(name)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_soak_from_each_game(folder, game_id):
    soak = Soak(folder, f"ci-{game_id}", first_game=game_id)
    try:
        soak.run(EVENTS_PER_GAME)
    finally:
        soak.close()
    counts = soak.counts
    assert soak.index == EVENTS_PER_GAME
    # The soak played, not only clicked at nothing: positions changed and came back from
    # their saves, dialogs were opened and the window was resized.
    assert counts["save and reload checks"] > EVENTS_PER_GAME // 50
    assert counts[f"events in {game_id}"] > 0
    assert counts["overlay"] > 0 and counts["resize"] > 0 and counts["focus"] > 0


def test_a_fault_is_reported_with_its_seed_event_and_replay(folder, monkeypatch):
    """An exception anywhere in the app stops the soak with what replays it: the same
    seed fails at the same event."""

    def broken_restart(table):
        raise RuntimeError("restart broke")

    monkeypatch.setattr(TableScreen, "restart", broken_restart)
    failures = []
    for run in range(2):
        soak = Soak(folder / str(run), "planted", first_game="vierfrei")
        with pytest.raises(SoakFailure) as caught:
            soak.run(20_000)
        soak.close()
        failures.append(caught.value)
    first, again = failures
    assert "restart broke" in str(first) and "seed 'planted'" in str(first)
    assert f"--events {first.index + 1}" in str(first)
    assert (again.index, again.event) == (first.index, first.event)


def test_a_game_that_does_not_reload_unchanged_fails_the_soak(folder, monkeypatch):
    """The save-and-reload check bites: a reload that loses the redo history fails."""
    from solitaire.storage import saved_game

    real = saved_game.from_dict

    def forgetful(data, game_id=None):
        game, extra = real(data, game_id)
        game.undone.clear()
        return game, extra

    monkeypatch.setattr(saved_game, "from_dict", forgetful)
    soak = Soak(folder, "forgetful", first_game="castle")
    with pytest.raises(SoakFailure, match="redo"):
        soak.run(20_000)
    soak.close()


# ---------------------------------------------------------------- what the soak found
@pytest.fixture
def app(folder):
    """The soak's app, driven by hand."""
    soak = Soak(folder, "by hand", size=(1280, 800))
    yield soak.app
    soak.close()


def two_cards_to_the_cells(app):
    """Vierfrei deal 1: the 3D to the first free cell, then the 6S to the second (so a
    press on the 3D is not a double-click)."""
    table = start(app, "vierfrei", 1)
    drag(app, point(app, "t6"), point(app, "c1"))
    drag(app, point(app, "t1"), point(app, "c2"))
    assert (pile(table, "c1"), pile(table, "c2")) == ("3D", "6S")
    return table


def test_an_undo_while_a_card_is_held_lets_go_of_it(app):
    """Soak seed 's2': a card held (pressed and dragged) while Ctrl+Y or Ctrl+Z moved
    it: letting go raised IndexError."""
    table = two_cards_to_the_cells(app)
    held = point(app, "c1")
    send(app, down(held), motion((held[0] + 40, held[1] + 200)))
    send(app, key(pygame.K_z, pygame.KMOD_LCTRL), key(pygame.K_z, pygame.KMOD_LCTRL))
    assert pile(table, "c1") == "" and pile(table, "t6").endswith("2C 3D")
    send(app, up(point(app, "t2")))
    assert pile(table, "c1") == "" and pile(table, "t6").endswith("2C 3D")
    assert table.input.drag is None and table.input.press is None


def test_a_restart_drops_the_selected_card(app):
    """Soak seed 's1': a card selected by a click, then Ctrl+R: the next click tried to
    move the selected card, gone from its place, and raised IndexError."""
    table = two_cards_to_the_cells(app)
    send(app, down(point(app, "c1")), up(point(app, "c1")))
    assert table.input.selected is not None
    send(app, key(pygame.K_r, pygame.KMOD_LCTRL))
    assert pile(table, "c1") == "" and table.input.selected is None
    send(app, down(point(app, "c3")), up(point(app, "c3")))
    assert pile(table, "c3") == "" and pile(table, "t6").endswith("2C 3D")


def test_a_card_held_through_the_chooser_and_a_resize(app):
    """Soak seed '1-5': a card held while Tab opened the chooser and the window was
    resized; back at the table the next frame repainted only the dragged card from the
    old layout's picture, which the resize had dropped: TypeError."""
    table = start(app, "vierfrei", 1)
    held = point(app, "t6")
    send(app, down(held), motion((held[0] + 30, held[1] + 40)))
    send(app, motion((held[0] + 60, held[1] + 80)))  # a quick frame: the dragged card alone
    send(app, key(pygame.K_TAB, char="\t"))
    assert app.screen is not table
    send(app, pygame.event.Event(pygame.WINDOWRESIZED, x=400, y=300))  # to the least size
    send(app, key(pygame.K_TAB, char="\t"), motion((held[0] + 90, held[1] + 120)))
    # The chooser took the mouse: the card was put back, the table is drawn whole again.
    assert app.screen is table and app.window.size == (800, 600) and table.input.drag is None
    send(app, up(point(app, "t6")))
    assert table.input.drag is None and pile(table, "t6").endswith("2C 3D")


def test_a_card_held_while_a_dialog_opens_is_put_back(app):
    table = start(app, "vierfrei", 1)
    held = point(app, "t6")
    send(app, down(held), motion((held[0] + 30, held[1] + 40)))
    assert table.input.drag is not None
    send(app, key(pygame.K_F5))  # the statistics dialog takes the mouse
    assert table.input.drag is None and table.input.press is None
    assert app.repaint  # with the dialog gone, the table is drawn whole


def test_vierfrei_with_safe_cards_sent_home_after_two_moves(app):
    """Soak seed '1-22' (and four more seeds in the million-event run): with "play safe
    cards home after every move" on, the FreeCell solver's line for the partner had moves
    the engine's own sending home made illegal, and solve_freecell_family raised
    AssertionError out of the move (deal 674261: 4b, then 3a). The line is now followed by
    its cards, leaving out those the engine sent home."""
    table = start(app, "vierfrei", 674261, auto=True)
    drag(app, point(app, "t4"), point(app, "c2"))
    drag(app, point(app, "t3"), point(app, "c1"))
    assert len(table.game.done) == 2
