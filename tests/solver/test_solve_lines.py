"""The FreeCell solver's lines replay through the engine, also when the engine sends safe
cards home by itself (the option "play safe cards home after every move")."""

import pytest

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.solver.solve import SOLVED, solve_game

# Positions where the solver's line, read move by move from its piles, once named moves
# the engine's own sending home had made illegal (found by the soak and a search).
CASES = [
    (674261, "4b 3a"),
    (203, "2a 1b 7c"),
    (212, "6d 1c da"),
    (223, "5d 4a 6c"),
    (234, "6b 3d 1a"),
]


@pytest.mark.parametrize(("deal", "moves"), CASES)
def test_a_line_found_with_safe_cards_going_home_by_themselves_wins(deal, moves):
    rules = make_rules("vierfrei", auto=True)
    game = Game(rules, deal)
    for move in moves.split():
        game.play_text(move)
    verdict = solve_game(rules, game.state)
    assert verdict.status == SOLVED
    for move in verdict.moves:
        game.play(move)
    assert rules.is_won(game.state)
