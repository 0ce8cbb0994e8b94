"""The FreeCell solver: its solutions replay through the engine, its proofs of defeat hold."""

import re
import time

import pytest
from helpers import engine_winnable, game_with

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import Move, MoveKind
from solitaire.solver.freecell import solve_deal, solve_freecell

NOTATION = re.compile(r"^([1-8][1-8a-dh]|[a-d][1-8h])(v\d+)?$")
COLUMNS = {f"t{n}" for n in range(1, 9)}


def replay_check(deal_number: int, moves: list[tuple[str, str, int]]) -> Game:
    """Play every (src, dst, count) through the real engine; the game must end won."""
    rules = make_rules("vierfrei")
    game = Game(rules, deal_number)
    for src, dst, count in moves:
        game.play(Move(MoveKind.MOVE, src, dst, count))
    assert rules.is_won(game.state), f"deal {deal_number}: the solution does not win"
    return game


def exhaustive_engine_search(game: Game, budget: int = 200_000) -> bool:
    """Can the position be won? Asked of the engine alone (its own legal moves, no
    automatic moves), positions compared up to the order of columns and of cells."""

    def key(state):
        piles = state.piles
        return (
            tuple(sorted(tuple(piles[f"t{n}"]) for n in range(1, 9))),
            tuple(sorted(tuple(piles[f"c{n}"]) for n in range(1, 5))),
            tuple(len(piles["f" + suit]) for suit in "CDHS"),
        )

    return engine_winnable(
        game.rules, game.state, budget, key=key, skip=lambda move: move.kind != MoveKind.MOVE
    )


@pytest.mark.parametrize("deal", [1, 2, 24, 100, 617])
def test_microsoft_deals_are_solved_and_replay(deal):
    result = solve_deal(deal)
    assert result.status == "solved"
    assert result.positions > 0 and result.seconds >= 0
    replay_check(deal, result.moves)


def test_every_foundation_move_is_listed():
    result = solve_deal(1)
    home = [move for move in result.moves if move[1].startswith("f")]
    assert len(home) == 52
    assert all(count == 1 for src, dst, count in home)


def test_solution_notation_reads_like_freecell_programs_write_it():
    rules = make_rules("vierfrei")
    result = solve_deal(617)
    game = Game(rules, 617)
    texts = []
    for src, dst, count in result.moves:
        move = Move(MoveKind.MOVE, src, dst, count)
        text = rules.format_move(move, game.state)
        assert NOTATION.match(text), text
        if count > 1:
            assert src in COLUMNS and dst in COLUMNS, text
        texts.append(text)
        game.play(move)
    assert rules.is_won(game.state)
    # and the notation alone, read back by the engine, wins the deal again
    reader = Game(rules, 617)
    reader.play_sequence(texts)
    assert rules.is_won(reader.state)


def test_solves_from_the_middle_of_a_game():
    rules = make_rules("vierfrei")
    first = solve_deal(24)
    game = Game(rules, 24)
    for src, dst, count in first.moves[:15]:
        game.play(Move(MoveKind.MOVE, src, dst, count))
    rest = solve_freecell(game.state)
    assert rest.status == "solved"
    for src, dst, count in rest.moves:
        game.play(Move(MoveKind.MOVE, src, dst, count))
    assert rules.is_won(game.state)


def _spades_and_clubs_home(hearts_home: int, diamonds_home: int) -> dict[str, str]:
    ranks = "A23456789TJQK"
    return {
        "fC": " ".join(rank + "C" for rank in ranks),
        "fS": " ".join(rank + "S" for rank in ranks),
        "fH": " ".join(rank + "H" for rank in ranks[:hearts_home]),
        "fD": " ".join(rank + "D" for rank in ranks[:diamonds_home]),
    }


# Nineteen red cards: none can go on another, so cards only move into free spaces. There
# is one (cell d) and no move makes a second, but the 3 of hearts and the 6 of diamonds,
# the only cards the foundations take, each lie under two cards.
DEADLOCK = {
    **_spades_and_clubs_home(2, 5),
    "c1": "JH",
    "c2": "QH",
    "c3": "KH",
    "t1": "3H 4H 5H",
    "t2": "6D 7D 8D",
    "t3": "6H 7H",
    "t4": "8H 9H",
    "t5": "TH",
    "t6": "9D TD",
    "t7": "JD QD",
    "t8": "KD",
}


def test_a_hand_made_deadlock_is_proven_unsolvable():
    game = game_with("vierfrei", DEADLOCK)
    assert sum(len(cards) for cards in game.state.piles.values()) == 52
    assert game.legal_moves(), "the position has moves; they just lead nowhere"
    result = solve_freecell(game.state)
    assert result.status == "unsolvable"
    assert result.moves == []
    assert not exhaustive_engine_search(game)


def test_one_more_free_cell_and_the_deadlock_is_solved():
    game = game_with("vierfrei", {**DEADLOCK, "c3": "", "t5": "TH KH"})
    result = solve_freecell(game.state)
    assert result.status == "solved"
    for src, dst, count in result.moves:
        game.play(Move(MoveKind.MOVE, src, dst, count))
    assert game.rules.is_won(game.state)


def test_a_position_without_any_move_is_unsolvable():
    game = game_with(
        "vierfrei",
        {
            **_spades_and_clubs_home(2, 5),
            "c1": "JH",
            "c2": "QH",
            "c3": "KH",
            "c4": "9H",
            "t1": "3H 4H 5H",
            "t2": "6D 7D 8D",
            "t3": "6H 7H",
            "t4": "8H TH",
            "t5": "9D",
            "t6": "TD",
            "t7": "JD QD",
            "t8": "KD",
        },
    )
    assert game.legal_moves() == []
    assert solve_freecell(game.state).status == "unsolvable"


def test_limits_give_unknown_never_a_false_verdict():
    result = solve_deal(11982, max_positions=200)
    assert result.status == "unknown"
    assert result.positions <= 200
    result = solve_deal(11982, max_seconds=0.05)
    assert result.status == "unknown"


def test_deal_11982_is_proven_unsolvable():
    began = time.perf_counter()
    result = solve_deal(11982)
    assert result.status == "unsolvable"
    assert result.moves == []
    assert time.perf_counter() - began < 30
