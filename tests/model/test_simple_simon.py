"""Simple Simon, each test from its rules (solitaire/model/games/simple_simon.py)."""

import pytest
from helpers import game_with, pile

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import IllegalMove, Move, MoveKind, Status
from solitaire.solver.solve import SOLVED, make_search

COLUMNS = [f"t{n}" for n in range(1, 11)]
FULL = {name: "KH" for name in COLUMNS}  # no empty column unless a test makes one
RUN = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"


def move(src, dst, count=1):
    return Move(MoveKind.MOVE, src, dst, count)


def test_one_pack_dealt_face_up_into_columns_of_8_8_8_7_6_5_4_3_2_1():
    game = Game(make_rules("simon"), 3)
    state = game.state
    assert [len(state.piles[name]) for name in COLUMNS] == [8, 8, 8, 7, 6, 5, 4, 3, 2, 1]
    assert all(state.face_down(name) == 0 for name in COLUMNS)
    assert sorted(state.all_cards()) == sorted(game.rules.deck())
    assert len(set(state.all_cards())) == 52
    assert not any(state.piles[name] for name in game.rules.foundations)
    assert Game(make_rules("simon"), 4).state.key() != state.key()


def test_a_card_goes_on_one_rank_higher_of_any_suit():
    game = game_with("simon", {**FULL, "t1": "8S", "t2": "7H", "t3": "6C"})
    game.play(move("t2", "t1"))
    with pytest.raises(IllegalMove, match="does not go on"):
        game.play(move("t3", "t4"))  # a six on a king
    assert pile(game, "t1") == "8S 7H"


def test_only_a_run_in_one_suit_moves_as_a_unit():
    game = game_with("simon", {**FULL, "t1": "9H 8S 7S", "t2": "9D", "t3": "TS"})
    with pytest.raises(IllegalMove, match="one suit"):
        game.play(move("t1", "t3", 3))  # 9H 8S 7S: mixed suits
    game.play(move("t1", "t2", 2))  # 8S 7S onto a nine of another suit
    assert pile(game, "t2") == "9D 8S 7S" and pile(game, "t1") == "9H"


def test_an_empty_column_takes_any_card_or_run():
    game = game_with("simon", {**FULL, "t1": "", "t4": "", "t2": "KH 5S 4S", "t3": "9C 2D"})
    game.play(move("t2", "t1", 2))
    game.play(move("t3", "t4"))
    assert pile(game, "t1") == "5S 4S" and pile(game, "t4") == "2D"


def test_a_run_from_king_to_ace_in_one_suit_goes_home_at_once_whole():
    game = game_with("simon", {**FULL, "t1": "5D " + RUN.removesuffix(" AS"), "t2": "AS"})
    game.play(move("t2", "t1"))
    assert pile(game, "h1") == RUN and pile(game, "t1") == "5D"
    game.undo()
    assert pile(game, "t1") == "5D " + RUN.removesuffix(" AS") and pile(game, "t2") == "AS"


def test_a_mixed_run_from_king_to_ace_stays():
    mixed = RUN.replace("7S", "7H")
    game = game_with("simon", {**FULL, "t1": mixed.removesuffix(" AS"), "t2": "AS"})
    game.play(move("t2", "t1"))
    assert pile(game, "h1") == "" and pile(game, "t1") == mixed


def test_cards_never_go_home_by_hand_and_runs_home_stay_there():
    game = game_with("simon", {**FULL, "t1": "", "t2": RUN, "h1": RUN.replace("S", "H")})
    with pytest.raises(IllegalMove, match="by itself"):
        game.play(move("t2", "h2", 13))
    with pytest.raises(IllegalMove, match="stay there"):
        game.play(move("h1", "t1"))
    with pytest.raises(IllegalMove, match="not a move here"):
        game.play_text("1h")


def test_a_win_is_all_four_suits_home_and_the_score_is_the_cards_home():
    runs = {f"h{n}": RUN.replace("S", suit) for n, suit in zip(range(1, 4), "CDH")}
    game = game_with("simon", {**runs, "t1": RUN.removesuffix(" AS"), "t2": "AS"})
    assert not game.rules.is_won(game.state)
    assert game.rules.score_text(game.state) == "39 cards home"
    game.play(move("t2", "t1"))
    assert game.rules.is_won(game.state) and game.status() == Status.WON


def test_the_game_is_lost_when_no_moves_bring_a_run_home():
    # Every top card is two ranks from the others, every card under it of another suit
    # or rank: nothing moves at all.
    stuck = {
        "t1": "AS KH",
        "t2": "AH KS",
        "t3": "2S JH",
        "t4": "2H JS",
        "t5": "3S 9H",
        "t6": "3H 9S",
        "t7": "4S 7H",
        "t8": "4H 7S",
        "t9": "6S 5H",
        "t10": "6H 5S",
    }
    game = game_with("simon", stuck)
    assert game.legal_moves() == []
    assert game.status() == Status.LOST


def test_the_solver_wins_a_deal_and_its_moves_replay():
    rules = make_rules("simon")
    game = Game(rules, 3)
    search = make_search(rules, game.state, max_positions=20_000)
    verdict = None
    while verdict is None:
        verdict = search.step(5_000)
    assert verdict.status == SOLVED
    for step in verdict.moves:
        game.play(step)
    assert rules.is_won(game.state)
