"""Beleaguered Castle's lines are short enough to play: the depth-first dive's line
wanders (deal 681742: 14,598 moves, over the 5,000 a game keeps), and the walk to the
win again, the shortest way through the positions found, gives one a player can finish."""

from solitaire.model.game import MOVE_LIMIT, Game
from solitaire.model.games import make_rules
from solitaire.solver.castle import BUDGET, CastleSearch
from solitaire.solver.solve import SOLVED


def test_deal_681742_gets_a_line_of_at_most_1000_moves_that_wins():
    rules = make_rules("castle")
    game = Game(rules, 681742)
    verdict = CastleSearch(rules, game.state, max_positions=BUDGET).finish()
    assert verdict.status == SOLVED
    assert len(verdict.moves) <= 1_000 < MOVE_LIMIT
    for move in verdict.moves:
        game.play(move)
    assert rules.is_won(game.state)
