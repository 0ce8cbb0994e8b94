"""Baker's Game: Vierfrei's deals and free cells, building down in suit; and both new games
played on the table with the computer's help."""

import pygame
import pytest
from helpers import game_with, pile
from table_driver import key, send, start

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import IllegalMove
from solitaire.solver.solve import SOLVED, UNSOLVABLE, solve_game

FULL = {f"t{n}": "KS" for n in range(1, 9)}


def test_the_same_numbered_deals_as_vierfrei():
    assert Game(make_rules("bakers"), 1).state.key() == Game(make_rules("vierfrei"), 1).state.key()


def test_build_down_in_suit_only():
    game = game_with("bakers", {**FULL, "t1": "7C", "t2": "8H", "t3": "8C"})
    with pytest.raises(IllegalMove, match="does not go on"):
        game.play_text("12")  # alternate colour is not enough
    game.play_text("13")
    assert pile(game, "t3") == "8C 7C"


def test_runs_of_one_suit_move_through_the_free_cells():
    game = game_with("bakers", {**FULL, "t1": "9C 8C 7C", "t2": "TC"})
    game.play_text("12")  # a run goes whole onto a card
    assert pile(game, "t2") == "TC 9C 8C 7C" and pile(game, "t1") == ""


def test_safe_home_sends_every_card_its_foundation_takes():
    # Building in suit, no card left in play can want a card its foundation accepts.
    game = game_with("bakers", {**FULL, "t1": "AH", "t2": "2H", "t3": "AS"})
    game.play_text("#")
    assert pile(game, "fH") == "AH 2H" and pile(game, "fS") == "AS"


def test_not_every_deal_is_taken_for_winnable():
    assert make_rules("bakers").impossible_deals is None


def test_the_freecell_solver_serves_it_building_in_suit():
    rules = make_rules("bakers")
    lost = solve_game(rules, Game(rules, 22).state)
    assert lost.status == UNSOLVABLE  # Baker's Game deal 22 cannot be won
    game = Game(rules, 3)
    won = solve_game(rules, game.state)
    for move in won.moves:
        game.play(move)
    assert rules.is_won(game.state)


@pytest.mark.parametrize("game_id", ["bakers", "castle"])
def test_the_new_games_play_on_the_table_with_hint_demo_and_winnable_deals(app, game_id):
    table = start(app, game_id, 2)
    app.wait_for_partner()
    assert table.partner.status_text().startswith(("Winnable", "Not winnable"))
    send(app, key(pygame.K_h, pygame.KMOD_CTRL))
    assert table.status.message.words.startswith(("Hint", "No winning line"))
    app.set_solvable_only(game_id, True)
    send(app, key(pygame.K_n, pygame.KMOD_CTRL))
    if app.overlays:  # the game in play counts as a loss: yes, deal again
        send(app, key(pygame.K_RETURN))
    app.wait_for_partner()  # it looks for a deal it can prove winnable
    dealt = app.table.game
    verdict = solve_game(dealt.rules, dealt.state)
    assert verdict.status == SOLVED, dealt.deal_number
    send(app, key(pygame.K_d, pygame.KMOD_CTRL))  # the demo plays the winning line
    for _ in range(400):
        app.wait_for_partner()
        app.table.flights.finish()
        app.table.update(1.0)
        if app.table.finished:
            break
    assert dealt.rules.is_won(app.table.state)
