"""Hint always gives a move while one can be made: where no winning line is known it is
the best move in sight, and says so; the demo asks before it plays such moves, and
never plays a card back and forth.

The partner here thinks in a thread of the test's process with a small budget of
positions, so that a verdict comes at once (mostly "unknown"): what is tested is the
hint and the demo given any answer, not the solvers."""

import functools
import random

import pygame
import pytest
from table_driver import key, send

from solitaire.model.games import GAMES
from solitaire.model.moves import Status
from solitaire.solver import worker
from solitaire.solver.thinker import Reason, Thinker
from solitaire.solver.worker import PartnerLink
from solitaire.ui import app as app_module
from solitaire.ui.app import App
from solitaire.ui.library import Library
from solitaire.ui.screens.overlays import ConfirmOverlay
from solitaire.ui.table.help import PLAY_ON_QUESTIONS, PLAYING_ON, PLAYS_ON, STOPS_GOING_BACK

QUICK = 300  # positions a verdict search may look at
RANDOM_MOVES = 30  # seeded random moves played in each game
ASKED_EVERY = 10  # moves between hints asked for (so 3 or 4 positions a game)


@pytest.fixture(scope="module")
def quick_app(tmp_path_factory):
    patch = pytest.MonkeyPatch()
    patch.setattr(worker, "Thinker", functools.partial(Thinker, max_memory=None, budget=QUICK))
    patch.setattr(app_module, "shared_link", lambda heard: PartnerLink(heard, use_process=False))
    application = App(
        fullscreen=False, size=(800, 600), library=Library(tmp_path_factory.mktemp("sight"))
    )
    yield application
    application.partner_link.close()
    pygame.quit()
    patch.undo()


def open_game(app, game_id, deal):
    app.overlays.clear()
    app.tables.pop(game_id, None)  # a new table: no question about the game in progress
    app.open_game(game_id, deal, None, animate=False)
    app.wait_for_partner()
    return app.table


def ask_hint(app):
    app.overlays.clear()  # a loss said meanwhile: the keys go to the table again
    send(app, key(pygame.K_h, pygame.KMOD_CTRL))
    app.wait_for_partner()  # a hint asked for while the partner thinks comes with its answer
    return app.table.status.message.words


@pytest.mark.parametrize("game_id", list(GAMES))
def test_hint_gives_a_move_wherever_one_can_be_made(quick_app, game_id):
    table = open_game(quick_app, game_id, random.randint(1, 1_000_000))
    asked = 0
    for made in range(RANDOM_MOVES + 1):
        moves = table.game.legal_moves()
        if table.rules.is_won(table.state) or not moves:
            break
        if made % ASKED_EVERY == 0:
            words = ask_hint(quick_app)
            hint = table.partner.hint()
            assert words.startswith("Hint: ") and hint.move in moves, (game_id, made, words)
            asked += 1
        table.play(random.choice(moves), quiet=True)
        table.flights.finish()
        table.after_frame()
    assert asked >= 1


def test_a_hint_to_turn_the_stock_glows_on_the_stock(quick_app):
    table = open_game(quick_app, "klondike", 3)  # at the start only the stock can turn
    assert ask_hint(quick_app).startswith("Hint: Turn cards from the stock (D).")
    stock = table.help.hint_target.pile
    assert table.view.layout.slots[stock].face_down and table.help.finder is None


def test_the_demo_asks_before_it_plays_moves_in_sight_and_no_stops_it(quick_app):
    table = open_game(quick_app, "klondike", 5)  # no winning line found in QUICK positions
    assert table.partner.hint().reason == Reason.NONE_FOUND
    send(quick_app, key(pygame.K_d, pygame.KMOD_CTRL))
    quick_app.lag += 0.4
    quick_app.step(sleep=False)
    question = quick_app.overlays[-1]
    assert isinstance(question, ConfirmOverlay)
    assert question.question == PLAY_ON_QUESTIONS[Reason.NONE_FOUND]
    assert not table.help.demo_on and not table.game.done
    assert table.status.message.words != PLAYS_ON
    send(quick_app, key(pygame.K_n))
    for _ in range(3):
        quick_app.lag += 0.4
        quick_app.step(sleep=False)
    assert not quick_app.overlays and not table.help.demo_on and not table.game.done


def test_the_demo_plays_on_when_told_yes_and_never_goes_back_to_a_position(quick_app):
    table = open_game(quick_app, "klondike", 5)
    send(quick_app, key(pygame.K_d, pygame.KMOD_CTRL))
    quick_app.lag += 0.4
    quick_app.step(sleep=False)
    send(quick_app, key(pygame.K_y))
    assert table.help.demo_on and table.status.message.words == PLAYING_ON
    seen = {table.state.key()}
    for _ in range(8):
        quick_app.wait_for_partner()
        if quick_app.overlays or not table.help.demo_on:
            break  # lost (the loss is said), or every move leads back
        quick_app.lag += 0.4
        moves = len(table.game.done)
        quick_app.step(sleep=False)
        table.flights.finish()
        if len(table.game.done) > moves:
            assert table.state.key() not in seen, "a card back and forth"
            seen.add(table.state.key())
    assert len(seen) > 4


def test_the_demo_stops_where_every_move_leads_back(quick_app, monkeypatch):
    table = open_game(quick_app, "klondike", 5)
    rules, state = table.rules, table.state
    everywhere = frozenset(rules.successor(state, move).key() for move in rules.legal_moves(state))
    monkeypatch.setattr(table.partner, "played", lambda: everywhere)
    table.help.play_on_in_sight()  # as if the player had said yes
    quick_app.lag += 0.4
    quick_app.step(sleep=False)
    assert not table.help.demo_on and not table.game.done
    assert table.status.message.words == STOPS_GOING_BACK
    assert table.partner.game_status == Status.OPEN


def test_the_positions_played_follow_every_move_and_undo_as_a_replay_of_the_game_finds_them(
    quick_app,
):
    # Kept from move to move (one key more a move), counted again after an undo or a new
    # deal: always what replaying the game's history back from the table finds.
    def replayed(table):
        state, keys = table.game.state.copy(), {table.game.state.key()}
        for turn in reversed(table.game.done):
            turn.revert(state)
            keys.add(state.key())
        return keys

    rng = random.Random(5)
    for deal in (3, 4):
        table = open_game(quick_app, "klondike", deal)
        for step in range(40):
            if step % 7 == 6:
                table.undo()  # asked only after the next move: as many moves, another last
            if step % 11 == 10:  # several taken back, one put back: asked at once
                for _ in range(3):
                    table.undo()
                table.redo()
                assert table.partner.played() == replayed(table), (deal, step)
            table.play(rng.choice(table.rules.legal_moves(table.state)), quiet=True)
            assert table.partner.played() == replayed(table), (deal, step)


def test_a_long_game_s_positions_are_walked_once_then_only_what_changed(monkeypatch):
    from solitaire.model.game import Game
    from solitaire.model.games import make_rules
    from solitaire.model.moves import Turn
    from solitaire.ui.table.partner import PathKeys

    game = Game(make_rules("klondike"), 7)
    for _ in range(3_000):  # the stock turned over and over
        game.play_text("D")
    path = PathKeys()
    everything = set(path.of(game))
    reverts = []
    revert = Turn.revert
    monkeypatch.setattr(
        Turn, "revert", lambda turn, state: (reverts.append(1), revert(turn, state))
    )
    for _ in range(3):
        game.undo()
    game.redo()
    reverts.clear()
    assert set(path.of(game)) <= everything and reverts == []  # taken back: nothing walked
    game.undo()
    reverts.clear()
    game.play_text("D")
    game.play_text("D")
    path.of(game)
    assert len(reverts) == 2  # the two new moves only, not the 2,997 before them
