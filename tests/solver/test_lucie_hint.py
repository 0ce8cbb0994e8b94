"""La Belle Lucie's hint and demo follow the best line the player can see: what can go
home, the moves that bring more home, the draw (or a merci) after the last reshuffle,
and a reshuffle only when nothing better is left ("Move all available cards to the
foundations immediately", the La Belle Lucie manual)."""

import io

import pygame
import pytest
from helpers import run_in_steps
from table_driver import key, send

from solitaire.cli import run
from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import Move, MoveKind
from solitaire.solver.lucie_line import BestLine, best_line
from solitaire.solver.thinker import Thinker, hint_for, settled_answer
from solitaire.solver.verdict import UNSOLVABLE
from solitaire.ui.app import App
from solitaire.ui.library import Library

EXHAUSTIVE = 10**6  # positions: enough for any best line met in these deals


def home_moves(rules, state) -> list[Move]:
    return [
        move
        for move in rules.legal_moves(state)
        if move.kind == MoveKind.MOVE and rules.roles[move.dst] == "foundation"
    ]


def cards_home_after(rules, state, moves) -> int:
    for move in moves:
        state = rules.successor(state, move)
    return rules.cards_home(state)


def hinted_game(game_id: str, deal: int):
    """The positions and hinted moves met playing the hints from the deal to the end of
    the lines the partner knows (then the last move is None: the hints are only the best
    in sight, or there are none)."""
    rules = make_rules(game_id)
    state, thinker = Game(rules, deal).state, Thinker(max_memory=None)
    for _ in range(400):
        hint = hint_for(rules, state, settled_answer(rules, state, thinker))
        if hint.move is None or hint.reason.in_sight:
            yield rules, state, None
            return
        yield rules, state, hint.move
        state = rules.successor(state, hint.move)
    raise AssertionError("the hints never end")


@pytest.mark.parametrize(
    "game_id, deal", [("lucie", deal) for deal in (*range(1, 13), 17)] + [("merci", 3)]
)
def test_the_hint_at_the_start_is_no_reshuffle_while_a_card_can_come_home(game_id, deal):
    out = io.StringIO()
    assert run(["--game", game_id, "--deal", str(deal), "--hint"], out=out) == 0
    hint = out.getvalue()
    assert "Reshuffle" not in hint, hint
    rules = make_rules(game_id)
    state = Game(rules, deal).state
    if home_moves(rules, state):
        assert "home" in hint, hint


def test_lucie_deal_17_plays_the_hearts_home_first():
    out = io.StringIO()
    run(["--game", "lucie", "--deal", "17", "--hint"], out=out)
    assert out.getvalue().startswith("AH-F"), out.getvalue()


@pytest.mark.parametrize(
    "game_id, deal", [("lucie", deal) for deal in range(1, 13)] + [("merci", 3), ("merci", 12)]
)
def test_a_hinted_reshuffle_comes_only_when_nothing_more_can_come_home(game_id, deal):
    reshuffles = 0
    for rules, state, hint in hinted_game(game_id, deal):
        if isinstance(hint, Move) and hint.kind == MoveKind.REDEAL:
            reshuffles += 1
            assert not home_moves(rules, state), (deal, "a card could go home")
            line = best_line(rules, state, max_positions=EXHAUSTIVE)
            assert line == [], (deal, "moves would bring more home", line)
    assert reshuffles <= 2


def test_the_best_line_brings_home_the_most_cards_the_layout_allows():
    rules = make_rules("lucie")
    state = Game(rules, 17).state
    line = best_line(rules, state)
    reached = cards_home_after(rules, state, line)
    assert reached == 14
    # No single legal move first does better (each followed by its own best line).
    for move in rules.legal_moves(state):
        if move.kind == MoveKind.REDEAL:
            continue
        after = rules.successor(state, move)
        follow = best_line(rules, after, max_positions=EXHAUSTIVE)
        assert cards_home_after(rules, after, follow) <= reached


def test_the_best_line_searched_in_steps_is_the_line_searched_at_once():
    rules = make_rules("lucie")
    state = Game(rules, 1).state
    line, steps = run_in_steps(BestLine(rules, state), 50)
    assert steps > 1
    assert line == best_line(rules, state)


def test_the_draw_is_played_in_the_final_layout_when_it_brings_more_home():
    # Lucie deal 1, hints followed: after the second reshuffle the draw brings more home.
    used = []
    for rules, state, hint in hinted_game("lucie", 1):
        if isinstance(hint, Move) and hint.kind == MoveKind.MERCI:
            used.append(rules.redeals_left(state))
    assert used == [0]


def test_a_player_who_follows_the_best_line_keeps_the_rest_of_it():
    rules = make_rules("lucie")
    state = Game(rules, 17).state
    thinker = Thinker(max_memory=None)
    answer = settled_answer(rules, state, thinker)
    assert answer.outcome == UNSOLVABLE and len(answer.line) > 2
    after = rules.successor(state, answer.line[0])
    follow = thinker.consider(rules, after, rules.hint_excludes)
    assert follow.settled and follow.line == answer.line[1:]


# ---------------------------------------------------------------------------- the demo
@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = App(
        fullscreen=False, size=(640, 480), library=Library(tmp_path_factory.mktemp("lucie"))
    )
    yield application
    pygame.quit()


@pytest.mark.parametrize("game_id, deal", [("lucie", 1), ("lucie", 9), ("merci", 1)])
def test_the_demo_plays_on_through_the_reshuffles_and_uses_the_draw(app, game_id, deal):
    app.overlays.clear()
    app.open_game(game_id, deal, None, animate=False)
    table = app.table
    app.wait_for_partner()
    send(app, key(pygame.K_d, pygame.KMOD_CTRL))
    for _ in range(2_000):
        app.wait_for_partner()
        if app.overlays or not table.help.demo_on:
            break
        before, state = len(table.game.done), table.state.copy()
        app.lag += 0.4  # as if the loop had waited: the demo's pace is in game time
        app.step(sleep=False)
        table.flights.finish()
        if len(table.game.done) > before and table.game.done[before].move.kind == MoveKind.REDEAL:
            assert not home_moves(table.rules, state), (deal, "a reshuffle before a move home")
    assert not table.help.demo_on
    state = table.state
    assert table.rules.redeals_left(state) == 0
    assert state.values["mercis_used"] == 1, "the draw was never used"
    # The demo ends where the hints end: the same line, played at the table.
    *_, (rules, last, _) = hinted_game(game_id, deal)
    assert rules.cards_home(state) == rules.cards_home(last)
