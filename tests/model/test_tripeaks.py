"""TriPeaks, each test from its rules (solitaire/model/games/tripeaks.py, as Microsoft's
TriPeaks and PySolFC's Tri Peaks)."""

import pytest
from helpers import cards, game_with, pile

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import IllegalMove, Move, MoveKind, Status

DEAL = Move(MoveKind.DEAL)
PILES = [f"p{n}" for n in range(1, 29)]
# A layout the tests know: the peaks' tops, then rows of 6, 9 and 10 (the bottom row).
LAYOUT = "3S 7H JD 4S 2H 6S 8H TD QC 5S 3H AH 7S 9H 9D JC KC KD 6H 4H 2S 2D 8S TH TS QH KH KS"
DOWN = {pile: 1 for pile in PILES[:18]}


def known(layout: dict | None = None, waste: str = "5D", stock: str = "AC 5C", **options):
    piles = dict(zip(PILES, LAYOUT.split(), strict=True)) if layout is None else layout
    down = DOWN if layout is None else {}
    peaks = {"peaks": frozenset(cards(" ".join(piles.values())))}
    return game_with(
        "tripeaks", {**piles, "waste": waste, "stock": stock}, values=peaks, down=down, **options
    )


def play(game, name: str) -> None:
    game.play(Move(MoveKind.MOVE, name, "waste"))


def test_three_peaks_in_rows_of_3_6_9_and_10_the_bottom_row_alone_face_up():
    game = Game(make_rules("tripeaks"), 4)
    assert all(len(game.state.piles[name]) == 1 for name in PILES)
    assert sorted(game.state.down) == sorted(PILES[:18])
    assert len(game.state.piles["waste"]) == 1 and len(game.state.piles["stock"]) == 23
    assert sorted(game.state.all_cards()) == sorted(game.rules.deck())


def test_a_covered_card_cannot_go_and_turns_up_once_both_cards_on_it_are_gone():
    game = known(waste="5D")
    play(game, "p20")  # the 4H on the 5D
    assert game.state.face_down("p10") == 1  # the 6H still lies on the 5S
    with pytest.raises(IllegalMove, match="covered"):
        play(game, "p10")
    game.play(DEAL)  # the 5C
    play(game, "p19")  # the 6H on it
    assert game.state.face_down("p10") == 0
    play(game, "p10")  # the 5S, turned up, on the 6H
    assert pile(game, "waste") == "5D 4H 5C 6H 5S"


def test_a_card_goes_one_rank_above_or_below_whatever_its_suit():
    game = known(waste="9C")
    play(game, "p23")  # the 8S: one below
    with pytest.raises(IllegalMove, match="not one rank above or below"):
        play(game, "p28")  # a king on an eight
    game = known(waste="9C")
    play(game, "p24")  # the TH: one above
    assert pile(game, "waste") == "9C TH"


@pytest.mark.parametrize("wrap", [True, False])
def test_the_corner_turns_an_ace_on_a_king_and_a_king_on_an_ace_as_an_option(wrap):
    game = known(waste="AC", wrap=wrap)
    assert game.rules.is_legal(game.state, Move(MoveKind.MOVE, "p28", "waste")) == wrap
    game = known(layout={**{name: "" for name in PILES}, "p19": "AS"}, waste="KC", wrap=wrap)
    assert game.rules.is_legal(game.state, Move(MoveKind.MOVE, "p19", "waste")) == wrap


def test_the_stock_deals_any_card_onto_the_waste_one_at_a_time_once():
    game = known(stock="AC 5C", waste="JD")
    game.play(DEAL)
    game.play(DEAL)
    assert pile(game, "waste") == "JD 5C AC"
    with pytest.raises(IllegalMove, match="stock is empty"):
        game.play(DEAL)


def test_runs_from_the_peaks_score_one_more_a_card_and_a_card_dealt_costs_five():
    game = known(waste="5D")
    play(game, "p20")  # the 4H: 1
    game.play(DEAL)  # -5, and the run ends
    play(game, "p19")  # the 6H: 1 again
    play(game, "p10")  # the 5S: 2
    assert game.state.score == 1 - 5 + 1 + 2
    game.undo()
    assert game.state.score == 1 - 5 + 1


def test_a_peak_cleared_scores_15_and_the_third_30_and_clearing_the_peaks_wins():
    layout = {**{name: "" for name in PILES}, "p1": "3S", "p2": "4D", "p3": "5C"}
    game = known(layout=layout, waste="2H", stock="9C")
    play(game, "p1")
    play(game, "p2")
    assert game.state.score == 1 + 15 + 2 + 15
    play(game, "p3")
    assert game.state.score == 1 + 15 + 2 + 15 + 3 + 30
    assert game.rules.status(game.state) == Status.WON
    assert not game.rules.is_legal(game.state, DEAL)


def test_lost_when_the_stock_is_empty_and_no_card_can_go():
    layout = {**{name: "" for name in PILES}, "p19": "9S"}
    assert (
        known(layout=layout, waste="2H", stock="").rules.status(
            known(layout=layout, waste="2H", stock="").state
        )
        == Status.LOST
    )


def test_each_row_lies_over_the_lower_half_of_the_row_above():
    rules = make_rules("tripeaks")
    slots = {slot.pile: slot for slot in rules.arrangement().slots}
    order = [slot.pile for slot in rules.arrangement().slots]
    for pile_name, over in rules.covered_by.items():
        for upper in over:
            assert order.index(upper) > order.index(pile_name)  # drawn later, on top
            assert slots[upper].y > slots[pile_name].y
            assert abs(slots[upper].x - slots[pile_name].x) == pytest.approx(0.6)
    assert {slots[name].outline for name in PILES} == {"none"}
