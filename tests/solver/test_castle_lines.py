"""Beleaguered Castle's lines are short enough to play: the depth-first dive's line
wanders (deal 681742: 14,597 moves, over the 5,000 a game keeps), and the core's walk to
the win again, the shortest way through the positions found, gives one a player can
finish, which ``--solve`` prints."""

import pygame
from table_driver import key, send, start

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.solver.castle import BUDGET, CastleSearch
from solitaire.solver.solve import SOLVED


def test_deal_681742_gets_a_line_of_at_most_1000_moves_that_wins():
    rules = make_rules("castle")
    game = Game(rules, 681742)
    verdict = CastleSearch(rules, game.state, max_positions=BUDGET).finish()
    assert verdict.status == SOLVED
    assert len(verdict.moves) <= 1_000
    for move in verdict.moves:
        game.play(move)
    assert rules.is_won(game.state)


def test_the_walk_to_the_win_pauses_at_each_step_and_slices_change_nothing():
    # Deal 175047: the dive's win (1,280 moves), walked to again in 8,161 positions. The
    # core's walk to the win again (``Core.shorten_over``) must pause like the walks.
    rules = make_rules("castle")
    state = Game(rules, 175047).state
    whole = CastleSearch(rules, state, max_positions=BUDGET)
    verdict = whole.finish()
    assert verdict.status == SOLVED and len(verdict.moves) < 300
    sliced = CastleSearch(rules, state, max_positions=BUDGET)
    slices = 0
    while (step := sliced.step(500)) is None:
        slices += 1
        assert sliced.positions < sliced.pause_at + 64  # past it by one position's children
    assert (step.moves, step.positions) == (verdict.moves, verdict.positions)
    assert slices > verdict.positions // 500 - 1


def test_the_demo_wins_deal_681742_at_the_table(app):
    """The line the table's partner finds is one the demo plays to the win (it was 14,598
    moves, over the cap a game keeps, and the demo stopped after 29 minutes)."""
    table = start(app, "castle", 681742)
    send(app, key(pygame.K_d, pygame.KMOD_CTRL))
    for _ in range(3000):
        if app.overlays:
            break
        app.wait_for_partner()
        app.lag += 0.4  # as if the loop had waited: the demo's pace is in game time
        app.step(sleep=False)
        table.flights.finish()
    assert table.rules.is_won(table.state) and len(table.game.done) <= 1000
