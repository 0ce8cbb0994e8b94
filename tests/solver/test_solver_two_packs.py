"""The two-pack family's search (solitaire/solver/two_packs.py) against the engine: on
small seeded endgames of each game it serves, its verdict is the generic search's, and
every line it claims replays to a win."""

import random

import pytest
from helpers import engine_winnable, run_in_steps

from solitaire.model.cards import Card
from solitaire.model.games import GAMES, make_rules
from solitaire.model.state import State
from solitaire.solver.solve import SOLVED, UNSOLVABLE
from solitaire.solver.two_packs import TwoPackSearch

VARIANTS = [
    ("fortythieves", {}),
    ("fortythieves", {"moves": "runs"}),
    ("fortyeight", {}),
    ("gypsy", {}),
]
SMALL = ("t1", "t2", "t3")  # three columns: endgames that may be lost


def small(game_id: str, **options):
    """The game with three columns only, so that cards block one another."""
    cls = type("Small", (GAMES[game_id],), {"tableau": SMALL, "codes": {"1": "t1", "2": "t2"}})
    return cls(**options)


def endgame(rules, rng: random.Random) -> State:
    """Most cards home; the rest (a card or two of each suit and pack) dealt at random
    into the columns and, where the game has them, the stock, the waste and face down."""
    piles = rules.empty_piles()
    loose = []
    for suit in "SHDC":
        for pack in (0, 1):
            height = rng.randint(9, 13)
            piles[f"f{suit}{pack + 1}"] = [Card(rank, suit, pack) for rank in range(1, height + 1)]
            loose += [Card(rank, suit, pack) for rank in range(height + 1, 14)]
    rng.shuffle(loose)
    places = list(rules.tableau) + [name for name in ("stock", "waste") if name in rules.roles]
    for card in loose:
        piles[rng.choice(places)].append(card)
    values = {"deal": 1}
    if rules.passes is not None:
        values["passes_used"] = rng.randrange(rules.passes)
    down = {}
    if rules.dealt_down:
        for name in rules.tableau:
            if len(piles[name]) > 1:
                down[name] = rng.randrange(len(piles[name]))
    return State(piles, values, down)


@pytest.mark.parametrize(("game_id", "options"), VARIANTS)
def test_verdicts_agree_with_the_engine_and_lines_replay(game_id, options):
    rules = small(game_id, **options)
    rng = random.Random(f"two packs {game_id} {options}")
    outcomes = set()
    for _ in range(25):
        state = endgame(rules, rng)
        verdict, _ = run_in_steps(TwoPackSearch(rules, state, max_positions=200_000), 500)
        assert verdict.status in (SOLVED, UNSOLVABLE)
        winnable = engine_winnable(rules, state, 200_000)
        assert (verdict.status == SOLVED) == winnable, rules.show(state)
        if winnable:
            position = state
            for move in verdict.moves:
                rules.check(position, move)
                position = rules.successor(position, move)
            assert rules.is_won(position)
        outcomes.add(verdict.status)
    assert outcomes == {SOLVED, UNSOLVABLE}  # both kinds of endgame were checked


def test_copies_of_a_card_and_the_foundations_of_a_suit_are_interchangeable():
    rules = make_rules("fortythieves")
    state = endgame(rules, random.Random(3))
    search = TwoPackSearch(rules, state)
    swapped = state.copy()
    swapped.piles["t1"], swapped.piles["t2"] = state.piles["t2"], state.piles["t1"]
    swapped.piles["fS1"], swapped.piles["fS2"] = state.piles["fS2"], state.piles["fS1"]
    swapped.piles["t3"] = [card._replace(deck=1 - card.deck) for card in state.piles["t3"]]
    other = TwoPackSearch(rules, swapped)
    assert search._key(search.start) == other._key(other.start)
