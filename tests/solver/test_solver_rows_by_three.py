"""The solver of rows built by threes (Mod3): what it leaves out, the proofs it gives, and
lines that win."""

import random

import pytest
from helpers import engine_winnable, game_with

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import Move, MoveKind
from solitaire.solver.rows_by_three import RowsSearch
from solitaire.solver.search import SOLVED, UNSOLVABLE

RANKS = "A23456789TJQK"
TABLEAU = [f"t{n}" for n in range(1, 9)]


def built_rows() -> dict[str, list[str]]:
    """Every pile of the three rows built to its end, four suits a row twice over."""
    rows = {}
    for base, letter in ((2, "a"), (3, "b"), (4, "c")):
        for number in range(1, 9):
            suit = "CDHS"[(number - 1) % 4]
            ranks = (base, base + 3, base + 6, base + 9)
            rows[f"{letter}{number}"] = [RANKS[rank - 1] + suit for rank in ranks]
    return rows


def position(rows: dict[str, list[str]], **piles: str):
    layout = {name: " ".join(cards) for name, cards in rows.items()}
    aces = " ".join("A" + suit for suit in "CDHS" * 2)
    return game_with("mod3", {**layout, "aces": aces, **piles})


def replays_to_a_win(rules, state, moves) -> bool:
    for move in moves:
        if not rules.is_legal(state, move):
            return False
        state = rules.successor(state, move)
    return rules.is_won(state)


def test_a_locked_position_is_proven_lost_and_the_engine_agrees():
    """The fives of hearts lie under the eights, the sixes of diamonds under the nines,
    and no tableau pile ever empties: the two kings dealt from the stock are built, and
    then nothing moves."""
    rows = built_rows()
    rows["a3"] = rows["a7"] = ["2H"]
    rows["b2"] = rows["b6"] = ["3D"]
    rows["c1"], rows["c2"] = rows["c1"][:-1], rows["c2"][:-1]
    locked = {"t1": "5H 8H", "t2": "5H 8H", "t3": "JH", "t4": "JH"}
    locked |= {"t5": "6D 9D", "t6": "6D 9D", "t7": "QD", "t8": "QD"}
    game = position(rows, stock="KC KD", **locked)
    verdict = RowsSearch(game.rules, game.state, max_positions=1_000).finish()
    assert verdict.status == UNSOLVABLE
    assert not engine_winnable(game.rules, game.state, 2_000, key=game.rules.position_key)


def random_endgame(seed: int):
    """Cards taken off the tops of the rows' piles at random, some aces too, laid over
    the tableau with a few left in the stock."""
    rng = random.Random(seed)
    rows = built_rows()
    aces = ["A" + suit for suit in "CDHS" * 2]
    loose = []
    for _ in range(14):
        if rng.random() < 0.1:
            loose.append(aces.pop())
        else:
            name = rng.choice([name for name, cards in rows.items() if cards])
            loose.append(rows[name].pop())
    rng.shuffle(loose)
    stock, rest = loose[:4], loose[4:]
    tableau: dict[str, list[str]] = {name: [] for name in TABLEAU}
    for index, card in enumerate(rest):
        tableau[TABLEAU[index] if index < len(TABLEAU) else rng.choice(TABLEAU)].append(card)
    layout = {name: " ".join(cards) for name, cards in {**rows, **tableau}.items()}
    return game_with("mod3", {**layout, "aces": " ".join(aces), "stock": " ".join(stock)})


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_wins_found_on_endgames_replay_through_the_rules(seed):
    game = random_endgame(seed)
    verdict = RowsSearch(game.rules, game.state, max_positions=5_000).finish()
    assert verdict.status == SOLVED
    assert replays_to_a_win(game.rules, game.state, verdict.moves)


def test_an_ace_goes_out_alone_unless_the_stock_would_fill_its_pile():
    rows = built_rows()
    rows["a1"] = rows["a1"][:-1]  # a jack of clubs to build, an ace to throw out
    game = position(rows, t1="JC", t2="QD AH", stock="9S")
    search = RowsSearch(game.rules, game.state, max_positions=100)
    moves = [macro[0] for macro, _ in search._successors(search.start)]
    assert moves == [Move(MoveKind.MOVE, "t2", "aces", 1)]  # the jack waits
    alone = position(rows, t1="JC", t2="AH", stock="9S")
    search = RowsSearch(alone.rules, alone.state, max_positions=100)
    moves = [macro[0] for macro, _ in search._successors(search.start)]
    assert Move(MoveKind.MOVE, "t2", "aces", 1) in moves and len(moves) > 1


def test_a_card_goes_alone_onto_its_row_where_the_other_copy_is_built_or_under_it():
    rows = built_rows()
    rows["a1"] = rows["a1"][:-1]  # wanting the jack of clubs
    game = position(rows, t1="JC QD JC", t2="QD", t3="", stock="")
    search = RowsSearch(game.rules, game.state, max_positions=100)
    moves = [macro[0] for macro, _ in search._successors(search.start)]
    assert moves == [Move(MoveKind.MOVE, "t1", "a1", 1)]  # the other jack lies under it
    rows["a5"] = rows["a1"]  # both piles of clubs want a jack
    game = position(rows, t1="JC QD", t2="QD JC", t3="", stock="")
    search = RowsSearch(game.rules, game.state, max_positions=100)
    moves = {macro[0] for macro, _ in search._successors(search.start)}
    assert {Move(MoveKind.MOVE, "t2", "a1", 1), Move(MoveKind.MOVE, "t2", "t3", 1)} <= moves
    assert not any(move.src[0] in "abc" for move in moves)  # no card built on a row moves


def test_a_deal_is_won_within_a_budget_and_the_line_replays():
    rules = make_rules("mod3")
    game = Game(rules, 3)
    verdict = RowsSearch(rules, game.state, max_positions=5_000).finish()
    assert verdict.status == SOLVED
    for move in verdict.moves:
        game.play(move)
    assert rules.is_won(game.state)
