"""Where no winning line is known, the hint is the best move in sight (a short look ahead
in positions), and says so; it never leads back to a position the game has been
through while another move does not."""

import pytest
from helpers import run_in_steps

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import Move, MoveKind
from solitaire.solver.best_move import MovesInSight, moves_in_sight
from solitaire.solver.thinker import Reason, Thinker, hint_for, settled_answer
from solitaire.solver.verdict import SOLVED, UNKNOWN, UNSOLVABLE

QUICK = 300  # positions: a verdict search this small gives up on a Klondike deal


def answer_for(rules, state, budget=None):
    return settled_answer(rules, state, Thinker(max_memory=None, budget=budget))


def test_a_lost_position_gets_a_move_and_words_that_say_it_cannot_be_won():
    rules = make_rules("prince")
    state = Game(rules, 1).state
    answer = answer_for(rules, state)
    assert answer.outcome == UNSOLVABLE and not answer.plan and answer.best
    hint = hint_for(rules, state, answer)
    assert hint.reason == Reason.NOT_WINNABLE and rules.is_legal(state, hint.move)
    words = hint.words(rules, state)
    assert words == (
        f"Hint: {rules.describe_move(hint.move, state)} ({rules.format_move(hint.move, state)})."
        " This game cannot be won from here: this is the most promising move in sight."
    )


def test_an_unknown_verdict_gets_a_move_and_words_that_say_none_was_found():
    rules = make_rules("klondike")
    state = Game(rules, 5).state
    answer = answer_for(rules, state, budget=QUICK)
    assert answer.outcome == UNKNOWN and answer.best
    hint = hint_for(rules, state, answer)
    assert hint.reason == Reason.NONE_FOUND and rules.is_legal(state, hint.move)
    assert hint.words(rules, state).endswith(
        "). No winning line was found: this is the most promising move in sight."
    )


def test_a_winning_line_is_hinted_as_before_with_no_look_ahead():
    rules = make_rules("vierfrei")
    state = Game(rules, 1).state
    answer = answer_for(rules, state)
    assert answer.outcome == SOLVED and not answer.best
    hint = hint_for(rules, state, answer)
    assert hint.move == answer.plan[0] and hint.reason == Reason.LINE
    assert hint.words(rules, state) == "Hint: Move the 3 of diamonds to a free cell (6a)."


def test_the_hint_never_leads_back_to_a_position_played_while_another_move_does_not():
    rules = make_rules("prince")
    state = Game(rules, 1).state
    answer = answer_for(rules, state)
    first = hint_for(rules, state, answer).move
    played = frozenset({state.key(), rules.successor(state, first).key()})
    second = hint_for(rules, state, answer, played)
    assert second.move != first and second.reason == Reason.NOT_WINNABLE
    assert rules.successor(state, second.move).key() not in played


def test_where_every_move_leads_back_the_hint_says_so():
    rules = make_rules("prince")
    state = Game(rules, 1).state
    answer = answer_for(rules, state)
    played = frozenset(rules.successor(state, move).key() for move in rules.legal_moves(state))
    hint = hint_for(rules, state, answer, played)
    assert hint.reason == Reason.ONLY_BACK and hint.move == answer.best[0]
    assert "Every move from here leads back to a position already played" in hint.words(
        rules, state
    )


def test_hints_followed_where_nothing_wins_never_go_back_and_forth():
    # Prince deal 1 cannot be won: every hint is the best in sight, and each position
    # after one is new to the game, until every move would lead back (or none is left).
    rules = make_rules("prince")
    game = Game(rules, 1)
    thinker = Thinker(max_memory=None)
    played = {game.state.key()}
    for _ in range(60):
        hint = hint_for(rules, game.state, settled_answer(rules, game.state, thinker), played)
        if hint.move is None or hint.reason == Reason.ONLY_BACK:
            break
        assert hint.reason == Reason.NOT_WINNABLE
        game.play(hint.move)
        assert game.state.key() not in played, "a card back and forth"
        played.add(game.state.key())
    assert len(played) > 5


def test_a_card_that_can_go_home_leads_the_moves_in_sight():
    rules = make_rules("klondike")
    state = Game(rules, 1).state  # the ace of hearts lies on top of column 4
    best = moves_in_sight(rules, state)
    assert set(best) == set(rules.legal_moves(state))
    after = rules.successor(state, best[0])
    assert rules.cards_home(after) > rules.cards_home(state), best[0]


def test_the_moves_in_sight_searched_in_steps_are_those_searched_at_once():
    rules = make_rules("spider")
    state = Game(rules, 2).state
    search = MovesInSight(rules, state)
    ranked, steps = run_in_steps(search, 100)
    assert steps > 1 and search.positions >= 2_000
    assert ranked == moves_in_sight(rules, state)


def test_the_look_ahead_makes_no_move_the_hint_leaves_out():
    # La Belle Lucie's reshuffles show a layout the player cannot foresee.
    rules = make_rules("lucie")
    state = Game(rules, 1).state
    assert rules.is_legal(state, Move(MoveKind.REDEAL))
    best = moves_in_sight(rules, state, without=rules.hint_excludes)
    assert best and all(move.kind != MoveKind.REDEAL for move in best)


@pytest.mark.parametrize("reason", list(Reason))
def test_every_reason_has_whole_sentences_for_the_table_and_the_text_commands(reason):
    for words in (reason.table_words, reason.line_words):
        assert words.strip() == words and words[-1] in ".)", words
        if reason != Reason.NO_MOVE:
            assert "{move}" in words and "{notation}" in words


def test_the_verdict_comes_at_once_and_the_moves_in_sight_after_it():
    # The status line says "cannot be won" without waiting for the look ahead.
    rules = make_rules("prince")
    game = Game(rules, 1)
    thinker = Thinker(max_memory=None)
    game.play(hint_for(rules, game.state, settled_answer(rules, game.state, thinker)).move)
    answer = thinker.consider(rules, game.state, rules.hint_excludes)
    assert answer.outcome == UNSOLVABLE and answer.looking and not answer.best
    while not answer.complete:
        answer = thinker.think(500) or answer
    assert answer.outcome == UNSOLVABLE and answer.best
