"""The move-generation hook (``Rules.candidate_moves``) against brute force, for every
registered game (a new game file is checked too) on a few deals and some seeded random
moves into each; a game that misses a move, or offers one twice, is named with it. (Too
slow to run at every launch: see ``games.move_generation_problems``.)"""

import pytest

from solitaire.model.games import GAMES, move_generation_problems
from solitaire.model.games.castle import BeleagueredCastle


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_lists_every_legal_move(game_id):
    assert move_generation_problems(GAMES[game_id](), (1, 2, 3)) == []


def test_a_game_whose_moves_miss_one_is_named_with_it():
    class Forgetful(BeleagueredCastle):
        game_id = "forgetful-test"

        def candidate_moves(self, state):
            moves = [move for move in super().candidate_moves(state) if self.is_legal(state, move)]
            return iter(moves[1:])  # the first legal move is left out

    problems = move_generation_problems(Forgetful(), (1,))
    assert any("candidate_moves misses the legal move" in problem for problem in problems)


def test_a_game_whose_moves_repeat_one_is_named_too():
    class Stuttering(BeleagueredCastle):
        game_id = "stuttering-test"

        def candidate_moves(self, state):
            moves = [move for move in super().candidate_moves(state) if self.is_legal(state, move)]
            return iter(moves + moves[:1])  # the first legal move twice

    problems = move_generation_problems(Stuttering(), (1,))
    assert any("offers a move twice" in problem for problem in problems)
