"""The move-generation hook (``Rules.candidate_moves``) against brute force: the registry
checks each game on its deal 1 as it loads it; here on more deals, and a game that misses
a move is named with it."""

import pytest

from solitaire.model.games import GAMES, definition_problems, move_generation_problems
from solitaire.model.games.castle import BeleagueredCastle


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_lists_every_legal_move_on_more_deals(game_id):
    assert move_generation_problems(GAMES[game_id](), (2, 3)) == []


def test_a_game_whose_moves_miss_one_is_named_with_it():
    class Forgetful(BeleagueredCastle):
        game_id = "forgetful-test"

        def candidate_moves(self, state):
            moves = [move for move in super().candidate_moves(state) if self.is_legal(state, move)]
            return iter(moves[1:])  # the first legal move is left out

    problems = definition_problems(Forgetful)
    assert any("candidate_moves misses the legal move" in problem for problem in problems)


def test_a_game_whose_moves_repeat_one_is_named_too():
    class Stuttering(BeleagueredCastle):
        game_id = "stuttering-test"

        def candidate_moves(self, state):
            moves = [move for move in super().candidate_moves(state) if self.is_legal(state, move)]
            return iter(moves + moves[:1])  # the first legal move twice

    problems = definition_problems(Stuttering)
    assert any("offers a move twice" in problem for problem in problems)
