"""The Spider family on a game with no stock (Simple Simon): a quick walk for wins that
leaves moves out beside a complete walk that proves losses."""

import random

import pytest
from helpers import engine_winnable, game_with

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import Move, MoveKind
from solitaire.solver.core import Walk
from solitaire.solver.search import SOLVED, UNSOLVABLE
from solitaire.solver.spider import SpiderSearch

COLUMNS = [f"t{n}" for n in range(1, 11)]
RANKS = "A23456789TJQK"
HOME = {"h1": " ".join(rank + "C" for rank in reversed(RANKS))}
HOME2 = {**HOME, "h2": HOME["h1"].replace("C", "D")}
# Spades and hearts with every top card of an odd rank: nothing goes onto anything but
# the four of spades, which may leave the five of spades for the five of hearts and back.
LOCKED = {
    "t1": "QH AS KH",
    "t2": "QS AH KS",
    "t3": "TH 2S JH",
    "t4": "TS 2H JS",
    "t5": "8H 3S 9H",
    "t6": "8S 3H 9S",
    "t7": "6H 7H",
    "t8": "6S 4H 7S",
    "t9": "5H",
    "t10": "5S 4S",
}


def replays_to_a_win(rules, state, moves) -> bool:
    for move in moves:
        if not rules.is_legal(state, move):
            return False
        state = rules.successor(state, move)
    return rules.is_won(state)


def test_the_quick_walk_leaves_a_move_out_and_the_complete_walk_still_proves_the_loss():
    game = game_with("simon", {**HOME2, **LOCKED})
    search = SpiderSearch(game.rules, game.state, max_positions=1_000)
    start = search.start
    assert search._hopeful(start) == []  # the four of spades stays on its five
    moves = [macro[0] for macro, _ in search._successors(start)]
    assert moves == [Move(MoveKind.MOVE, "t10", "t9", 1)]
    verdict = search.finish()
    assert verdict.status == UNSOLVABLE and not search.pruned
    assert not engine_winnable(game.rules, game.state, 1_000, key=game.rules.position_key)


def random_endgame(seed: int):
    """The clubs home, the other 39 cards dealt at random over the ten columns, each
    column's cards roughly low to high (the kings on top hold the others down)."""
    rng = random.Random(seed)
    cards = [rank + suit for rank in RANKS for suit in "SHD"]
    rng.shuffle(cards)
    layout: dict[str, list[str]] = {name: [] for name in COLUMNS}
    for index, card in enumerate(cards):
        layout[COLUMNS[index % len(COLUMNS)]].append(card)
    for column in layout.values():
        column.sort(key=lambda card: RANKS.index(card[0]) + rng.random() * 3)
    return game_with("simon", {**HOME, **{name: " ".join(p) for name, p in layout.items()}})


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_wins_found_on_endgames_replay_through_the_rules(seed):
    game = random_endgame(seed)
    verdict = SpiderSearch(game.rules, game.state, max_positions=20_000).finish()
    assert verdict.status == SOLVED
    assert replays_to_a_win(game.rules, game.state, verdict.moves)


def test_a_deal_won_within_a_budget_replays():
    rules = make_rules("simon")
    won = Game(rules, 3)
    verdict = SpiderSearch(rules, won.state, max_positions=20_000).finish()
    assert verdict.status == SOLVED
    assert replays_to_a_win(rules, won.state, verdict.moves)


@pytest.mark.parametrize("deal", [8, 50])
def test_deals_proven_lost_are_lost_by_the_engine_too(deal):
    rules = make_rules("simon")
    state = Game(rules, deal).state
    assert SpiderSearch(rules, state, max_positions=5_000).finish().status == UNSOLVABLE
    assert not engine_winnable(rules, state, 20_000, key=rules.position_key)


def test_the_dive_wins_a_deal_the_best_first_walks_leave_unknown():
    # Tuning deal 600081: with the two best-first walks alone still unknown at 250,000
    # positions; the dive through the quick walk's moves wins it within some 51,000.
    rules = make_rules("simon")
    state = Game(rules, 600081).state
    search = SpiderSearch(rules, state, max_positions=60_000)
    verdict = search.finish()
    assert verdict.status == SOLVED
    assert search.strategies[search.won_by].walk == Walk.DIVE
    assert replays_to_a_win(rules, state, verdict.moves)
