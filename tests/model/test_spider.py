"""Spider, each test from its rules (solitaire/model/games/spider.py)."""

import random

import pytest
from helpers import game_with, pile

from solitaire.model.cards import Card
from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import IllegalMove, Move, MoveKind, Status
from solitaire.solver.solve import SOLVED, make_search

COLUMNS = [f"t{n}" for n in range(1, 11)]
FULL = {name: "KH" for name in COLUMNS}  # no empty column unless a test makes one
RUN = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"
DEAL = Move(MoveKind.DEAL)


def move(src, dst, count=1):
    return Move(MoveKind.MOVE, src, dst, count)


@pytest.mark.parametrize(("suits", "faces"), [("1", "S"), ("2", "HS"), ("4", "CDHS")])
def test_two_packs_of_the_suits_in_play_dealt_6_6_6_6_5_5_5_5_5_5(suits, faces):
    game = Game(make_rules("spider", suits=suits), 3)
    state = game.state
    assert [len(state.piles[name]) for name in COLUMNS] == [6] * 4 + [5] * 6
    assert [state.face_down(name) for name in COLUMNS] == [5] * 4 + [4] * 6
    assert len(state.piles["stock"]) == 50
    cards = state.all_cards()
    assert len(cards) == len(set(cards)) == 104  # every copy its own card
    assert {card.suit for card in cards} == set(faces)
    assert sorted(cards) == sorted(game.rules.deck())


def test_a_card_goes_on_one_rank_higher_of_any_suit():
    game = game_with("spider", {**FULL, "t1": "8S", "t2": "7H", "t3": "6C"}, suits="4")
    game.play(move("t2", "t1"))
    with pytest.raises(IllegalMove, match="does not go on"):
        game.play(move("t3", "t4"))  # a six on a king
    assert pile(game, "t1") == "8S 7H"


def test_only_a_run_in_one_suit_moves_as_a_unit():
    game = game_with("spider", {**FULL, "t1": "9H 8S 7S", "t2": "9D", "t3": "TS"}, suits="4")
    with pytest.raises(IllegalMove, match="one suit"):
        game.play(move("t1", "t3", 3))  # 9H 8S 7S: mixed suits
    game.play(move("t1", "t2", 2))  # 8S 7S onto a nine of another suit
    assert pile(game, "t2") == "9D 8S 7S"


def test_an_empty_column_takes_any_card_or_run():
    game = game_with("spider", {**FULL, "t1": "", "t2": "KH 5S 4S"})
    game.play(move("t2", "t1", 2))
    assert pile(game, "t1") == "5S 4S"


def test_a_row_is_dealt_face_up_onto_every_column_and_only_with_none_empty():
    stock = " ".join(["2S"] * 10)
    game = game_with("spider", {**FULL, "t4": "", "stock": stock})
    with pytest.raises(IllegalMove, match="no column is empty"):
        game.play(DEAL)
    full = game_with("spider", {**FULL, "stock": stock}, down={"t1": 0})
    full.play(DEAL)
    assert all(pile(full, name) == "KH 2S" for name in COLUMNS)
    assert not full.state.piles["stock"]
    with pytest.raises(IllegalMove, match="used up"):
        full.play(DEAL)


def test_a_run_from_king_to_ace_in_one_suit_goes_home_whole_and_uncovers_a_card():
    layout = {**FULL, "t1": "5D " + RUN.removesuffix(" AS"), "t2": "AS"}
    game = game_with("spider", layout, down={"t1": 1}, suits="4")
    game.play(move("t2", "t1"))
    assert pile(game, "h1") == RUN and pile(game, "t1") == "5D"
    assert game.state.face_down("t1") == 0  # the 5D turned up
    assert game.state.score == 500 - 1 + 100
    game.undo()
    assert pile(game, "t1") == "5D " + RUN.removesuffix(" AS") and pile(game, "t2") == "AS"
    assert game.state.face_down("t1") == 1 and game.state.score == 500


def test_a_mixed_run_from_king_to_ace_stays():
    mixed = RUN.replace("7S", "7H")
    game = game_with("spider", {**FULL, "t1": mixed.removesuffix(" AS"), "t2": "AS"}, suits="4")
    game.play(move("t2", "t1"))
    assert pile(game, "h1") == "" and pile(game, "t1") == mixed


def test_cards_never_go_home_one_by_one():
    game = game_with("spider", {**FULL, "t1": "AS"})
    with pytest.raises(IllegalMove):
        game.play(move("t1", "h1"))
    with pytest.raises(IllegalMove, match="not a move here"):
        game.play_text("1h")


def test_the_score_is_500_less_a_point_a_move_plus_100_a_run():
    game = Game(make_rules("spider"), 5)
    assert game.state.score == 500
    rng = random.Random(5)
    for _ in range(30):
        game.play(rng.choice(game.legal_moves()))
    runs = sum(1 for name in game.rules.foundations if game.state.piles[name])
    assert game.state.score == 500 - 30 + 100 * runs
    assert game.rules.score_text(game.state) == f"{game.state.score} points"


def test_a_win_is_all_eight_runs_home():
    runs = {f"h{n}": RUN for n in range(1, 8)}
    game = game_with("spider", {**runs, "t1": RUN.removesuffix(" AS"), "t2": "AS"})
    assert not game.rules.is_won(game.state)
    game.play(move("t2", "t1"))
    assert game.rules.is_won(game.state) and game.status() == Status.WON


def test_the_search_merges_copies_of_a_card():
    rules = make_rules("spider")
    one = game_with("spider", {**FULL, "t1": "5S"}).state
    other = game_with("spider", {**FULL, "t1": "5S"}).state
    other.piles["t1"] = [Card(5, "S", 3)]
    assert one.key() != other.key()  # the table tells the copies apart
    assert rules.position_key(one) == rules.position_key(other)  # the search does not


def test_the_solver_wins_a_one_suit_deal_and_its_moves_replay():
    rules = make_rules("spider")
    game = Game(rules, 1)
    search = make_search(rules, game.state)
    verdict = None
    while verdict is None:
        verdict = search.step(5_000)
    assert verdict.status == SOLVED
    for step in verdict.moves:
        game.play(step)
    assert rules.is_won(game.state)


def test_a_game_played_at_random_undoes_to_the_start_exactly():
    rng = random.Random(4)
    game = Game(make_rules("spider", suits="4"), 12)
    start = (game.state.key(), game.state.score, dict(game.state.down))
    for _ in range(150):
        game.play(rng.choice(game.legal_moves()))
    while game.undo():
        pass
    assert (game.state.key(), game.state.score, dict(game.state.down)) == start
