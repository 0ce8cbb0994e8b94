"""Klondike, each test from its rules (solitaire/model/games/klondike.py)."""

import random

import pytest
from helpers import game_with, pile

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import IllegalMove, Move, MoveKind, Status
from solitaire.solver.solve import SOLVED, UNSOLVABLE, solve_game

KINGS = {f"t{n}": "KS" for n in range(1, 8)}  # no empty column unless a test makes one


def move(src, dst, count=1):
    return Move(MoveKind.MOVE, src, dst, count)


def test_seven_columns_of_one_to_seven_only_the_top_face_up_and_24_in_the_stock():
    game = Game(make_rules("klondike"), 7)
    state = game.state
    assert [len(state.piles[f"t{n}"]) for n in range(1, 8)] == [1, 2, 3, 4, 5, 6, 7]
    assert [state.face_down(f"t{n}") for n in range(1, 8)] == [0, 1, 2, 3, 4, 5, 6]
    assert len(state.piles["stock"]) == 24 and not state.piles["waste"]
    assert sorted(state.all_cards()) == sorted(game.rules.deck())


def test_columns_build_down_in_alternate_colours():
    game = game_with("klondike", {**KINGS, "t1": "8S", "t2": "7H", "t3": "7C"})
    with pytest.raises(IllegalMove, match="does not go on"):
        game.play(move("t3", "t1"))  # black on black
    game.play(move("t2", "t1"))
    assert pile(game, "t1") == "8S 7H"


def test_a_face_up_run_moves_whole_and_a_mixed_one_does_not():
    game = game_with("klondike", {**KINGS, "t1": "9H 8S 7H", "t2": "TC", "t3": "TS 8D 7D"})
    game.play(move("t1", "t2", 3))
    assert pile(game, "t2") == "TC 9H 8S 7H" and pile(game, "t1") == ""
    with pytest.raises(IllegalMove, match="not in sequence"):
        game.play(move("t3", "t2", 2))


def test_a_face_down_card_cannot_be_lifted_and_turns_up_when_uncovered_undo_turns_it_down():
    game = game_with("klondike", {**KINGS, "t1": "2D 3C 5H", "t2": "6S"}, down={"t1": 2})
    with pytest.raises(IllegalMove, match="face down"):
        game.play(move("t1", "t2", 2))
    game.play(move("t1", "t2"))
    assert game.state.face_down("t1") == 1  # the 3C turned up by itself
    game.undo()
    assert game.state.face_down("t1") == 2 and pile(game, "t1") == "2D 3C 5H"


def test_only_a_king_fills_an_empty_column():
    game = game_with("klondike", {**KINGS, "t1": "", "t2": "QH", "t3": "KD QS"})
    with pytest.raises(IllegalMove, match="only a king"):
        game.play(move("t2", "t1"))
    game.play(move("t3", "t1", 2))
    assert pile(game, "t1") == "KD QS"


def test_draw_one_and_draw_three_turn_that_many_cards_face_up_onto_the_waste():
    for draw, waste in (("1", "AH"), ("3", "AH 2H 3H")):
        game = game_with("klondike", {**KINGS, "stock": "4H 3H 2H AH"}, draw=draw)
        game.play(Move(MoveKind.TURN))
        assert pile(game, "waste") == waste


def test_the_empty_stock_takes_the_waste_back_while_passes_are_left():
    layout = {**KINGS, "stock": "", "waste": "AH 2H"}
    unlimited = game_with("klondike", layout)
    for _ in range(5):
        unlimited.play(Move(MoveKind.TURN))  # back, then by ones, over and over
    one = game_with("klondike", layout, values={"passes_used": 0}, passes="1")
    with pytest.raises(IllegalMove, match="no more passes"):
        one.play(Move(MoveKind.TURN))
    three = game_with("klondike", layout, values={"passes_used": 0}, passes="3")
    three.play(Move(MoveKind.TURN))
    assert pile(three, "stock") == "2H AH" and three.state.values["passes_used"] == 1


def test_foundations_build_up_in_suit_and_a_card_may_come_back():
    game = game_with("klondike", {**KINGS, "t1": "AS", "t2": "2S", "t3": "3H", "fS": ""})
    game.play(move("t1", "fS"))
    game.play_text("2h")  # h: the card's own foundation
    assert pile(game, "fS") == "AS 2S"
    game.play(move("fS", "t3"))  # the 2S back onto the 3H
    assert pile(game, "t3") == "3H 2S"


def test_standard_scoring_counts_each_move_and_never_goes_below_zero():
    layout = {**KINGS, "t1": "5D 7H", "t2": "AS", "t3": "9D", "stock": "8S", "waste": "2S"}
    game = game_with("klondike", {**layout, "t4": "", "t5": "3H", "fS": ""}, down={"t1": 1})
    game.play(move("t2", "fS"))  # a card home: 10
    assert game.state.score == 10
    game.play(move("waste", "fS"))  # from the waste home: 10
    game.play(Move(MoveKind.TURN))
    game.play(move("waste", "t3"))  # waste to a column: 5
    game.play(move("t1", "t3"))  # the 5D turns up: 5
    assert game.state.score == 30
    game.play(move("fS", "t5"))  # a card taken back: -15
    assert game.state.score == 15
    game.undo()
    assert game.state.score == 30  # the score is undone with the move
    recycle = game_with("klondike", {**KINGS, "waste": "AH"})
    recycle.play(Move(MoveKind.TURN))  # -100, but not below 0
    assert recycle.state.score == 0


def test_vegas_scoring_costs_52_pays_5_a_card_home_and_keeps_no_key():
    game = game_with("klondike", {**KINGS, "t1": "2H AS", "fS": ""}, scoring="vegas")
    assert game.state.score == -52
    key = game.state.key()
    game.play(move("t1", "fS"))
    assert game.state.score == -47 and game.rules.score_text(game.state) == "-$47"
    game.play(move("fS", "t1"))
    assert game.state.score == -52 and game.state.key() == key  # the same position again


def test_a_win_is_every_card_home():
    home = {f"f{suit}": " ".join(f"{r}{suit}" for r in "A23456789TJQ") for suit in "CDHS"}
    game = game_with("klondike", {**home, "t1": "KS KH KD KC"})
    assert not game.rules.is_won(game.state)
    for suit in "CDHS":
        game.play(move("t1", "f" + suit))
    assert game.rules.is_won(game.state) and game.status() == Status.WON


def test_the_text_commands_hide_face_down_cards():
    text = Game(make_rules("klondike"), 3).show()
    assert "Stock: 24 cards face down" in text
    assert text.splitlines()[-1].startswith(": ## ## ## ## ## ##")


def test_the_solver_wins_a_deal_its_moves_replay_and_proves_a_dead_deal_lost():
    rules = make_rules("klondike")
    game = Game(rules, 1)
    verdict = solve_game(rules, game.state)
    assert verdict.status == SOLVED
    for step in verdict.moves:
        game.play(step)
    assert rules.is_won(game.state)
    # No ace can ever come out: every ace lies under a king's column, no stock left.
    dead = game_with(
        "klondike",
        {"t1": "AS KH", "t2": "AH KS", "t3": "AC KD", "t4": "AD KC", "fS": ""},
        down={"t1": 1, "t2": 1, "t3": 1, "t4": 1},
    )
    assert solve_game(rules, dead.state).status == UNSOLVABLE


@pytest.mark.parametrize("draw", ["1", "3"])
def test_a_game_played_at_random_undoes_to_the_start_exactly(draw):
    rng = random.Random(draw)
    game = Game(make_rules("klondike", draw=draw, passes="3", scoring="vegas"), 11)
    start = (game.state.key(), game.state.score, dict(game.state.down))
    for _ in range(120):
        game.play(rng.choice(game.legal_moves()))
    while game.undo():
        pass
    assert (game.state.key(), game.state.score, dict(game.state.down)) == start


def test_the_vegas_bank_runs_on_from_game_to_game_in_the_statistics():
    from solitaire.storage.stats import Stats, option_key, result_of

    rules = make_rules("klondike", scoring="vegas")
    book = Stats()
    for deal, homes in ((1, 0), (2, 2)):  # -$52, then two cards home: -$42
        layout = {**KINGS, "t1": "2H AS", "t2": "AD", "fS": "", "fD": ""}
        game = game_with("klondike", layout, scoring="vegas")
        game.deal_number = deal
        for src, dst in (("t1", "fS"), ("t2", "fD"))[:homes]:
            game.play(move(src, dst))
        if not homes:
            game.play(move("t1", "fS"))
            game.undo()  # a move made and taken back: the game counts, at -$52
        book.record("klondike", option_key(rules), result_of(game, 60.0))
    summary = book.summary("klondike", option_key(rules))
    assert rules.stats_items(summary) == [("Vegas bank", "-$94")]
