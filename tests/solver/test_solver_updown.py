"""The solver of the games played onto one waste pile (Golf, TriPeaks): its verdicts
against the engine's own exhaustive search on small positions, its lines replayed, and
its dead-position tests never calling a winnable position lost."""

import random

import pytest
from helpers import cards, engine_winnable, game_with, run_in_steps

from solitaire.model.cards import new_deck
from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import MoveKind
from solitaire.solver.search import SOLVED, UNSOLVABLE
from solitaire.solver.updown import OntoWasteSearch

GOLF_COLUMNS = [f"t{n}" for n in range(1, 8)]
PEAKS = [f"p{n}" for n in range(1, 29)]


def replay(rules, state, moves) -> None:
    for move in moves:
        assert rules.is_legal(state, move), move
        state = rules.successor(state, move)
    assert rules.is_won(state)


def small_golf(seed: int, **options):
    """A few cards in each column, a short stock: small enough for the engine to search."""
    rng = random.Random(seed)
    deck = new_deck()
    rng.shuffle(deck)
    layout = {}
    for name in GOLF_COLUMNS:
        size = rng.randrange(0, 3)
        layout[name] = " ".join(str(card) for card in deck[:size])
        deck = deck[size:]
    stock = rng.randrange(0, 5)
    layout["stock"] = " ".join(str(card) for card in deck[:stock])
    layout["waste"] = str(deck[stock])
    return game_with("golf", layout, **options)


def small_peaks(seed: int, **options):
    """Some cards of the bottom row and of the row above it, a short stock."""
    rng = random.Random(seed)
    deck = new_deck()
    rng.shuffle(deck)
    layout = {name: "" for name in PEAKS}
    chosen = [name for name in PEAKS[9:18] if rng.random() < 0.15]
    chosen += [name for name in PEAKS[18:] if rng.random() < 0.35]
    for name, card in zip(chosen, deck, strict=False):
        layout[name] = str(card)
    deck = deck[len(chosen) :]
    stock = rng.randrange(0, 6)
    layout["stock"] = " ".join(str(card) for card in deck[:stock])
    layout["waste"] = str(deck[stock])
    peaks = frozenset(cards(" ".join(layout[name] for name in chosen)))
    return game_with("tripeaks", layout, values={"peaks": peaks}, **options)


CASES = [
    ("golf", {"kings": "golf"}),
    ("golf", {"kings": "dead-king"}),
    ("golf", {"kings": "relaxed"}),
    ("tripeaks", {"wrap": True}),
    ("tripeaks", {"wrap": False}),
]


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_verdicts_agree_with_the_engines_exhaustive_search_and_lines_replay(game_id, options):
    make = small_golf if game_id == "golf" else small_peaks
    outcomes = set()
    for seed in range(25):
        game = make(seed, **options)
        search = OntoWasteSearch(game.rules, game.state, max_positions=200_000)
        verdict, _ = run_in_steps(search, 50)
        winnable = engine_winnable(game.rules, game.state, 200_000)
        assert verdict.status == (SOLVED if winnable else UNSOLVABLE), seed
        if winnable:
            replay(game.rules, game.state, verdict.moves)
        outcomes.add(verdict.status)
    assert outcomes == {SOLVED, UNSOLVABLE}  # both kinds of position were checked


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_no_position_on_a_winning_line_is_called_dead(game_id, options):
    """Every position a winning line goes through can be won: the dead tests must pass
    each of them, on whole deals."""
    rules = make_rules(game_id, **options)
    checked = 0
    for deal in range(1, 80):
        game = Game(rules, deal)
        search = OntoWasteSearch(rules, game.state, max_positions=3_000)
        verdict, _ = run_in_steps(search, 3_000)
        if verdict.status != SOLVED:
            continue
        state = game.state
        for move in verdict.moves:
            probe = OntoWasteSearch(rules, state, max_positions=10)
            assert not probe._dead(probe.start), (deal, move)
            state = rules.successor(state, move)
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_the_same_answer_however_the_work_is_cut():
    rules = make_rules("golf")
    state = Game(rules, 3).state
    whole = OntoWasteSearch(rules, state, max_positions=5_000)
    cut = OntoWasteSearch(rules, state, max_positions=5_000)
    first, _ = run_in_steps(whole, 5_000)
    second, _ = run_in_steps(cut, 7)
    assert (first.status, first.moves, first.positions) == (
        second.status,
        second.moves,
        second.positions,
    )


def test_a_win_that_deals_while_a_column_card_could_go_is_found():
    """The five could go on the six at once, but only dealing the three first wins (three,
    four, five, six): a search that dealt only when no column card could go (KPatience's
    Golf solver before black-hole-solver) calls such deals lost."""
    game = game_with("golf", {"t1": "6D 4H", "t2": "5D", "stock": "3D", "waste": "6S"})
    search = OntoWasteSearch(game.rules, game.state, max_positions=1_000)
    verdict, _ = run_in_steps(search, 10)
    assert verdict.status == SOLVED
    assert verdict.moves[0].kind == MoveKind.DEAL
    replay(game.rules, game.state, verdict.moves)


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_the_moves_left_out_are_those_to_positions_the_whole_dead_test_calls_dead(game_id, options):
    """A move's position is tested only where the move could have made it dead (the
    scans and cards it touches): along random walks through whole deals, from each
    position the whole test passes, the moves kept are the engine's legal moves whose
    positions the whole test, on a search started there, passes."""
    rules = make_rules(game_id, **options)
    rng = random.Random(7)
    left_out = 0
    for deal in range(1, 9):
        state = Game(rules, deal).state
        while True:
            search = OntoWasteSearch(rules, state, max_positions=10)
            if search._hopeless(search.start):
                break
            kept = {moves[0] for moves, _ in search._successors(search.start)}
            expected = set()
            for move in rules.legal_moves(state):
                after = rules.successor(state, move)
                probe = OntoWasteSearch(rules, after, max_positions=10)
                if not probe._hopeless(probe.start):
                    expected.add(move)
            left_out += len(rules.legal_moves(state)) - len(expected)
            assert kept == expected, (deal, state)
            if not kept:
                break
            state = rules.successor(state, rng.choice(sorted(kept, key=str)))
    assert left_out  # some moves were left out, so the comparison could fail
