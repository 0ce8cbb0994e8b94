"""Frames that repaint only what changed show exactly what a whole frame would.

The table draws most frames as changes (cards in the air, a dragged run, a move's two
piles): after every pass of the loop the window must hold, pixel for pixel, what drawing
the whole table at that moment gives.
"""

import random

import pygame
import pytest
from table_driver import down, motion, point, start, up

from solitaire.model.moves import MoveKind
from solitaire.ui.app import App
from solitaire.ui.library import Library


@pytest.fixture
def app(tmp_path):
    application = App(fullscreen=False, size=(900, 640), library=Library(tmp_path))
    yield application
    pygame.quit()


def same_as_whole_frame(app) -> bool:
    """The window's picture equals a whole frame drawn now (no frame is left pending)."""
    table = app.table
    whole = pygame.Surface(app.window.surface.get_size())
    drawn = table.painter.drawn
    table.draw(whole, app.lag)
    table.painter.drawn = drawn
    return pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(app.window.surface, "RGB")


def passes(app, count, seconds=1 / 60):
    """``count`` passes of the loop, each as if ``seconds`` had gone by."""
    for _ in range(count):
        app.lag += seconds
        app.step(sleep=False)
        assert same_as_whole_frame(app)


def drag_move(app, move):
    table = app.table
    cards = table.state.piles[move.src]
    source = point(app, move.src, len(cards) - move.count)
    target = table.view.pile_top_rect(table.state, move.dst).center
    for event in (down(source), motion(((source[0] + target[0]) // 2, source[1] + 7))):
        pygame.event.post(event)
        passes(app, 1)
    pygame.event.post(motion(target))
    passes(app, 1)
    pygame.event.post(up(target))
    passes(app, 18)  # the drop, the cards flying home and landing


@pytest.mark.parametrize("game_id", ["vierfrei", "lucie", "canfield", "prince"])
def test_frames_of_changes_show_what_a_whole_frame_shows(app, game_id):
    start(app, game_id, 3)
    rng = random.Random(game_id)
    passes(app, 3)
    for _ in range(5):
        moves = [m for m in app.table.game.legal_moves() if m.kind == MoveKind.MOVE]
        if not moves:
            break
        drag_move(app, rng.choice(moves))
    app.table.say("A message over the table, for the cards to pass under.", 5.0)
    passes(app, 2)
    app.table.undo()  # cards fly back while the message shows
    passes(app, 25)
    assert app.table.painter.drawn is not None  # the last frames were frames of changes


def test_a_card_dragged_over_the_bars_leaves_them_whole(app):
    start(app, "vierfrei", 1)
    passes(app, 2)
    held = point(app, "t6")
    for pos in (held, (held[0] + 20, 5), (held[0] + 40, app.window.size[1] - 5)):
        pygame.event.post(down(pos) if pos == held else motion(pos))
        passes(app, 1)
    pygame.event.post(up((held[0] + 40, app.window.size[1] - 5)))
    passes(app, 20)


def test_a_change_in_the_button_bar_redraws_the_bar_alone(app, monkeypatch):
    start(app, "vierfrei", 1)
    passes(app, 2)
    whole_frames = []
    monkeypatch.setattr(app, "draw", lambda: whole_frames.append(1))
    button = app.table.bar.buttons[0].rect.center
    pygame.event.post(motion(button))  # the button lights up under the pointer
    passes(app, 1)
    move = next(m for m in app.table.game.legal_moves() if m.kind == MoveKind.MOVE)
    app.table.play(move)  # Undo becomes possible
    passes(app, 20)
    assert not whole_frames


def test_the_frame_after_a_drop_waits_for_neither_the_partner_nor_the_save(app, monkeypatch):
    """The drop's pass draws the move; the partner hears of it and the game is saved in
    the next pass, after that frame is on screen."""
    table = start(app, "vierfrei", 1)
    passes(app, 2)
    events = []
    real_update, real_save = pygame.display.update, app.library.save_game
    monkeypatch.setattr(
        pygame.display, "update", lambda *a: events.append("frame") or real_update(*a)
    )
    monkeypatch.setattr(app.library, "save_game", lambda *a: events.append("save") or real_save(*a))
    move = next(m for m in table.game.legal_moves() if m.kind == MoveKind.MOVE and m.count == 1)
    cards = table.state.piles[move.src]
    source = point(app, move.src, len(cards) - 1)
    target = table.view.pile_top_rect(table.state, move.dst).center
    for event in (down(source), motion(target)):
        pygame.event.post(event)
        passes(app, 1)
    asked = table.partner.key
    events.clear()
    pygame.event.post(up(target))
    passes(app, 1)
    assert table.game.done and events == ["frame"]  # the move shown, nothing else done yet
    assert table.partner.key == asked
    events.clear()
    passes(app, 1)
    assert events[:2] == ["save", "frame"], events
    assert table.partner.key == table.state.key()


def test_a_run_held_still_is_not_drawn_again(app):
    """While a dragged card is held still nothing changes, so no frame is drawn (it drew
    60 identical frames a second); a move of the pointer draws one."""
    table = start(app, "vierfrei", 1)
    held = point(app, "t6")
    pygame.event.post(down(held))
    pygame.event.post(motion((held[0] + 30, held[1] + 30)))
    passes(app, 1)
    assert table.input.drag is not None
    assert not any(table.update(1 / 120) for _ in range(60))
    pygame.event.post(motion((held[0] + 40, held[1] + 40)))
    passes(app, 1)
    assert same_as_whole_frame(app)


@pytest.mark.parametrize(("refresh", "rate"), [(144, 144), (0, 60), (50, 60), (1000, 240)])
def test_things_move_at_the_display_s_refresh_rate(app, monkeypatch, refresh, rate):
    """A 144 Hz screen sees a dragged card 144 times a second, as KPatience draws it on
    every pointer move; where the display does not say, 60."""
    monkeypatch.setattr(pygame.display, "get_current_refresh_rate", lambda: refresh)
    app.resize()
    assert app.frame_rate == rate
