"""Mod3, each test from its rules (solitaire/model/games/mod3.py, as KPatience plays it)."""

import pytest
from helpers import game_with, pile

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import IllegalMove, Move, MoveKind, Status

ROW_A = [f"a{n}" for n in range(1, 9)]
ROW_B = [f"b{n}" for n in range(1, 9)]
ROW_C = [f"c{n}" for n in range(1, 9)]
TABLEAU = [f"t{n}" for n in range(1, 9)]
DEAL = Move(MoveKind.DEAL)
# Every pile holds a card so that no test finds an empty place it did not make.
FULL = {
    **{name: "7S" for name in ROW_A},
    **{name: "7S" for name in ROW_B},
    **{name: "KH" for name in ROW_C},
    **{name: "QD" for name in TABLEAU},
}


def move(src, dst):
    return Move(MoveKind.MOVE, src, dst, 1)


def test_two_packs_one_card_on_each_of_32_piles_and_72_in_the_stock():
    game = Game(make_rules("mod3"), 3)
    state = game.state
    assert all(len(state.piles[name]) == 1 for name in ROW_A + ROW_B + ROW_C + TABLEAU)
    assert len(state.piles["stock"]) == 72 and not state.piles["aces"]
    cards = state.all_cards()
    assert len(cards) == len(set(cards)) == 104
    assert sorted(cards) == sorted(game.rules.deck())


@pytest.mark.parametrize(
    ("row", "base", "builds"),
    [("a1", "2H", "5H 8H JH"), ("b1", "3C", "6C 9C QC"), ("c1", "4S", "7S TS KS")],
)
def test_each_row_starts_from_its_rank_and_builds_up_in_suit_by_threes(row, base, builds):
    cards = [base, *builds.split()]
    layout = {**FULL, row: "", **{TABLEAU[i]: f"QD {card}" for i, card in enumerate(cards)}}
    game = game_with("mod3", layout)
    for index in range(len(cards)):
        game.play(move(TABLEAU[index], row))
    assert pile(game, row) == " ".join(cards)


def test_an_empty_row_pile_takes_only_its_starting_rank():
    game = game_with("mod3", {**FULL, "a1": "", "b1": "", "t1": "QD 3H", "t2": "QD 2H"})
    with pytest.raises(IllegalMove, match="starts with a 2"):
        game.play(move("t1", "a1"))
    game.play(move("t1", "b1"))
    game.play(move("t2", "a1"))
    assert pile(game, "a1") == "2H" and pile(game, "b1") == "3H"


def test_a_row_builds_in_suit_and_three_ranks_up_only():
    game = game_with("mod3", {**FULL, "a1": "2H", "t1": "QD 5S", "t2": "QD 4H", "t3": "QD 5H"})
    with pytest.raises(IllegalMove, match="builds 2-5-8-J in suit"):
        game.play(move("t1", "a1"))  # another suit
    with pytest.raises(IllegalMove, match="builds 2-5-8-J in suit"):
        game.play(move("t2", "a1"))  # two ranks up
    game.play(move("t3", "a1"))
    assert pile(game, "a1") == "2H 5H"


def test_a_card_dealt_onto_a_row_it_does_not_start_takes_nothing_until_it_leaves():
    game = game_with("mod3", {**FULL, "a1": "9C", "t1": "QD 2H", "t2": ""})
    with pytest.raises(IllegalMove, match="does not start this row"):
        game.play(move("t1", "a1"))
    game.play(move("a1", "t2"))
    game.play(move("t1", "a1"))
    assert pile(game, "a1") == "2H" and pile(game, "t2") == "9C"


def test_the_top_card_of_any_pile_of_the_four_rows_moves_one_at_a_time():
    game = game_with("mod3", {**FULL, "a1": "2H 5H", "a2": "2H", "b1": "3D", "t1": ""})
    game.play(move("a1", "a2"))  # the five of hearts from one build onto the other
    assert pile(game, "a2") == "2H 5H" and pile(game, "a1") == "2H"
    game.play(move("b1", "t1"))  # a row's top card into an empty tableau pile
    assert pile(game, "t1") == "3D"
    with pytest.raises(IllegalMove, match="top card"):
        game.play(Move(MoveKind.MOVE, "a2", "t2", 2))


def test_a_tableau_pile_takes_a_card_only_when_empty():
    game = game_with("mod3", {**FULL, "b1": "3D", "t1": "QD", "t2": ""})
    with pytest.raises(IllegalMove, match="only when empty"):
        game.play(move("b1", "t1"))
    game.play(move("b1", "t2"))
    assert pile(game, "t2") == "3D"


def test_a_tableau_pile_emptied_while_the_stock_lasts_takes_its_top_card():
    game = game_with("mod3", {**FULL, "a1": "", "t1": "2H", "stock": "9C 6D"})
    game.play(move("t1", "a1"))
    assert pile(game, "t1") == "6D" and pile(game, "stock") == "9C"
    game.undo()
    assert pile(game, "t1") == "2H" and pile(game, "stock") == "9C 6D"
    no_stock = game_with("mod3", {**FULL, "a1": "", "t1": "2H"})
    no_stock.play(move("t1", "a1"))
    assert pile(no_stock, "t1") == ""


def test_aces_go_to_the_aces_pile_and_stay():
    game = game_with("mod3", {**FULL, "t1": "QD AS", "a1": "AH", "b1": ""})
    game.play(move("t1", "aces"))
    game.play_text("a1x")
    assert pile(game, "aces") == "AS AH"
    with pytest.raises(IllegalMove, match="only aces"):
        game.play(move("t1", "aces"))
    with pytest.raises(IllegalMove, match="aces stay"):
        game.play(move("aces", "b1"))


def test_the_stock_deals_a_card_onto_each_tableau_pile_in_turn_until_used_up():
    stock = "2C 3C 4C 5C 6C 7C 8C 9C"  # the nine of clubs on top
    game = game_with("mod3", {**FULL, "stock": stock})
    game.play_text("D")
    assert [pile(game, name) for name in TABLEAU] == [f"QD {c}C" for c in "98765432"]
    with pytest.raises(IllegalMove, match="used up"):
        game.play(DEAL)


def test_the_game_is_won_with_every_card_but_the_aces_built_on_the_rows():
    rules = make_rules("mod3")
    layout = {name: "" for name in TABLEAU}
    for rows, base in ((ROW_A, 2), (ROW_B, 3), (ROW_C, 4)):
        for index, name in enumerate(rows):
            suit = "CDHS"[index % 4]
            layout[name] = " ".join(
                f"{'A23456789TJQK'[rank - 1]}{suit}"
                for rank in (base, base + 3, base + 6, base + 9)
            )
    layout["aces"] = "AC AD AH AS AC AD AH AS"
    layout["c1"] = layout["c1"].removesuffix(" KC")
    layout["t1"] = "KC"
    game = game_with("mod3", layout)
    assert not rules.is_won(game.state) and game.status() != Status.WON
    game.play(move("t1", "c1"))
    assert game.rules.is_won(game.state) and game.status() == Status.WON
    assert game.rules.score_text(game.state) == "104 cards built"
