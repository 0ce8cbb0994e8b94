"""The solver of the discarding games (Aces Up): its verdicts against the engine's own
exhaustive search on small positions, and its lines replayed."""

import random

import pytest
from helpers import engine_winnable, game_with, run_in_steps

from solitaire.model.cards import new_deck
from solitaire.solver.discard import DiscardSearch
from solitaire.solver.search import SOLVED, UNSOLVABLE


def replay(rules, state, moves) -> None:
    for move in moves:
        assert rules.is_legal(state, move), move
        state = rules.successor(state, move)
    assert rules.is_won(state)


def small_game(seed: int, fewest: int = 3, most: int = 8, **options):
    """The four aces and a few other cards (``fewest`` to ``most``) in play or in the
    stock; the rest discarded."""
    rng = random.Random(seed)
    deck = new_deck()
    rng.shuffle(deck)
    aces = [card for card in deck if card.rank == 1]
    others = [card for card in deck if card.rank != 1]
    cards = aces + others[: rng.randrange(fewest, most + 1)]
    rng.shuffle(cards)
    split = rng.randrange(4, len(cards) + 1)
    in_play, stock = cards[:split], cards[split:]
    layout = {f"t{n}": "" for n in range(1, 5)}
    for index, card in enumerate(in_play):
        name = f"t{index % 4 + 1}"
        layout[name] = (layout[name] + " " + str(card)).strip()
    layout["stock"] = " ".join(map(str, stock))
    layout["discards"] = " ".join(str(card) for card in deck if card not in cards)
    return game_with("acesup", layout, **options)


@pytest.mark.parametrize("empty", ["any", "aces"])
@pytest.mark.parametrize("fewest, most", [(3, 8), (8, 13)])
def test_verdicts_agree_with_the_engines_exhaustive_search_and_lines_replay(empty, fewest, most):
    # The larger positions have longer lines of forced moves, each followed as one move.
    outcomes = set()
    for seed in range(30):
        game = small_game(seed, fewest, most, empty=empty)
        verdict, _ = run_in_steps(DiscardSearch(game.rules, game.state), 100)
        winnable = engine_winnable(game.rules, game.state, 100_000)
        assert verdict.status == (SOLVED if winnable else UNSOLVABLE), seed
        if winnable:
            replay(game.rules, game.state, verdict.moves)
        outcomes.add(verdict.status)
    assert outcomes == {SOLVED, UNSOLVABLE}


def test_the_positions_stored_are_those_where_the_walk_may_choose():
    """A move is followed by the moves forced after it: every position stored but the
    start is won or has two moves or more (a card into an empty column, or a row dealt)."""
    choices = 0
    for seed in range(30):
        game = small_game(seed)
        search = DiscardSearch(game.rules, game.state)
        run_in_steps(search, 100)
        for key in search.keys[1:]:
            *columns, stock = key.split(b"\xff")
            if search._won(key):
                continue
            assert len(search._one_move(columns, stock[0])) >= 2, seed
            choices += 1
    assert choices
