"""La Belle Lucie, classic rules, each test from the words of its manual, *La Belle Lucie: A
Solitaire Game* (Gellman Software, 1989)."""

import pytest
from helpers import game_with, pile

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import IllegalMove, Move, MoveKind, Status


def test_dealt_into_17_piles_of_three_and_one_of_one():
    # "dealt into 17 piles of three cards each and one pile with 1 card"
    game = Game(make_rules("lucie"), 5)
    sizes = [len(game.state.piles[f"t{n}"]) for n in range(1, 19)]
    assert sizes == [3] * 17 + [1]


def test_only_the_top_card_of_a_fan_moves():
    # "Only the top, or right-most, card in each tableau pile is available for play."
    game = game_with("lucie", {"t1": "5H 9C", "t2": "TC", "t3": "6H"})
    with pytest.raises(IllegalMove, match="covered"):
        game.play_text("5H")
    with pytest.raises(IllegalMove):
        game.play(Move(MoveKind.MOVE, "t1", "t3", 2))
    game.play_text("9C")
    assert pile(game, "t2") == "TC 9C"


def test_builds_down_in_suit_only():
    # "in descending order, according to suit ... the seven of spades goes on the eight"
    game = game_with("lucie", {"t1": "7S", "t2": "8S", "t3": "8H", "t4": "6S"})
    with pytest.raises(IllegalMove, match="does not go on"):
        game.play_text("7S-3")
    with pytest.raises(IllegalMove):
        game.play_text("6S-2")  # two ranks apart
    game.play_text("7S")
    assert pile(game, "t2") == "8S 7S"


def test_kings_never_move_in_the_tableau_and_empty_fans_stay_empty():
    # "Kings cannot be moved among the tableau piles."
    game = game_with("lucie", {"t1": "KH", "t2": "QS", "t3": ""})
    with pytest.raises(IllegalMove, match="never refilled"):
        game.play_text("KH-3")
    with pytest.raises(IllegalMove, match="never refilled"):
        game.play_text("QS-3")
    assert not any(m.src == "t1" for m in game.legal_moves())


def test_foundations_start_with_aces_and_build_up_in_suit():
    game = game_with("lucie", {"t1": "2H", "t2": "AH", "t3": "3S"})
    with pytest.raises(IllegalMove, match="foundation"):
        game.play_text("2H-F")
    game.play_text("AH")  # and the two follows by itself
    assert pile(game, "fH") == "AH 2H"
    with pytest.raises(IllegalMove):
        game.play_text("3S-F")


def test_typed_card_goes_to_its_foundation_first_then_its_tableau_place():
    # "the computer will first check the clubs pile in the foundation ... If the nine of clubs
    # is not on the foundation pile, the computer will search the top card of the tableau"
    game = game_with("lucie", {"t1": "TC", "t2": "JC", "fC": "AC 2C 3C 4C 5C 6C 7C 8C 9C"})
    game.play_text("tc")
    assert pile(game, "fC").endswith("9C TC JC")
    game = game_with("lucie", {"t1": "TC", "t2": "JC", "t3": "5D"})
    game.play_text("TC")
    assert pile(game, "t2") == "JC TC"
    with pytest.raises(IllegalMove, match="cannot move anywhere"):
        game.play_text("5D")
    with pytest.raises(IllegalMove, match="jack of clubs is covered"):
        game.play_text("JC")


def test_a_foundation_play_pulls_up_the_next_cards_of_its_suit():
    # "the computer will keep searching for and moving cards in sequence until the next
    # card is no longer available"
    game = game_with(
        "lucie",
        {"t1": "TC", "t2": "JC", "t3": "QC KS", "t4": "2H", "fC": "AC 2C 3C 4C 5C 6C 7C 8C 9C"},
    )
    turn = game.play_text("TC")
    assert pile(game, "fC").endswith("TC JC")
    assert pile(game, "t3") == "QC KS"  # the queen is covered: the chain stops
    assert turn.automatic == 1
    game.undo()
    assert pile(game, "t2") == "JC" and pile(game, "t1") == "TC"


def test_only_the_suit_just_played_is_chained():
    game = game_with("lucie", {"t1": "AH", "t2": "AS", "t3": "2H"})
    game.play_text("AH")
    assert pile(game, "fH") == "AH 2H"
    assert pile(game, "t2") == "AS"


def test_two_reshuffles_in_threes_with_the_remainder_last():
    game = Game(make_rules("lucie"), 3)
    home_before = game.state.all_cards()
    for used in (1, 2):
        game.play_text("S")
        fans = [game.state.piles[f"t{n}"] for n in range(1, 19)]
        assert [len(fan) for fan in fans] == [3] * 17 + [1]
        assert game.state.values["redeals_used"] == used
    assert sorted(game.state.all_cards()) == sorted(home_before)
    with pytest.raises(IllegalMove, match="no reshuffles"):
        game.play_text("S")


def test_reshuffle_remainder_goes_into_the_last_fan():
    game = game_with("lucie", {"t1": "2S 3S 4S", "t2": "5S 6S", "t5": "7S 8S"})
    game.play_text("S")
    sizes = [len(game.state.piles[f"t{n}"]) for n in range(1, 19)]
    assert sizes == [3, 3, 1] + [0] * 15


def test_undo_after_a_reshuffle_restores_the_layout_and_redo_repeats_the_shuffle():
    game = Game(make_rules("lucie"), 8)
    before = game.state.key()
    game.play_text("S")
    shuffled = game.state.key()
    game.undo()
    assert game.state.key() == before
    game.redo()
    assert game.state.key() == shuffled
    game.undo()
    game.play_text("S")  # the game's own seeded stream: the same shuffle again
    assert game.state.key() == shuffled


def test_the_draw_is_the_first_move_after_the_second_reshuffle_only():
    # "After the second re-shuffle ... On the first move, you may draw any card from the
    # tableau and move it to any legal space in the foundation or the tableau."
    game = game_with(
        "lucie",
        {"t1": "AS 9D KD", "t2": "5C 2S", "t3": "TD 3C"},
        values={"redeals_used": 2, "draw_open": True},
    )
    assert game.status() == Status.OPEN
    with pytest.raises(IllegalMove, match="does not go on"):
        game.play_text("9D-2")  # the draw goes only to a legal place
    game.play_text("AS")  # the buried ace, drawn to its foundation
    assert pile(game, "fS") == "AS 2S"  # and the chain follows
    assert pile(game, "t1") == "9D KD"
    with pytest.raises(IllegalMove, match="first move"):
        game.play_text("9D-3")


def test_the_draw_is_lost_once_another_move_is_made():
    game = game_with(
        "lucie",
        {"t1": "AS 9D KD", "t2": "5C 2S", "t3": "TD", "t4": "4H", "t5": "5H"},
        values={"redeals_used": 2, "draw_open": True},
    )
    assert game.rules.mercis_left(game.state) == 1
    game.play_text("4H")  # an ordinary move first
    assert game.rules.mercis_left(game.state) == 0
    with pytest.raises(IllegalMove, match="first move"):
        game.play_text("9D-3")
    game.undo()
    game.play(Move(MoveKind.MERCI, "t1", "t3", index=1))  # 9D onto TD: the draw
    assert pile(game, "t3") == "TD 9D"
    assert game.rules.mercis_left(game.state) == 0


def test_the_draw_is_offered_by_the_second_reshuffle_itself():
    game = Game(make_rules("lucie"), 11)
    game.play_text("S")
    assert game.rules.mercis_left(game.state) == 0
    game.play_text("S")
    assert game.rules.mercis_left(game.state) == 1
    assert any(m.kind == MoveKind.MERCI for m in game.legal_moves())
    game.undo()
    assert game.rules.mercis_left(game.state) == 0


def test_score_is_out_of_100():
    game = game_with("lucie", {"fH": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "t1": "AS"})
    assert game.rules.score(game.state) == 25
    assert game.rules.score_text(game.state) == "25 / 100"


def test_lost_when_no_move_can_bring_a_card_home():
    # No reshuffle or draw left, and the only move cannot free the two of spades.
    game = game_with(
        "lucie", {"t1": "2S KS", "t2": "5H", "t3": "6H", "fS": "AS"}, values={"redeals_used": 2}
    )
    assert game.status() == Status.LOST
    game = game_with("lucie", {"t1": "KS 2S", "t2": "5H", "fS": "AS"}, values={"redeals_used": 2})
    assert game.status() == Status.OPEN


def test_a_king_above_a_lower_card_of_its_suit_is_a_knot():
    # The manual's strategy: "Any card blocked by a king of the same suit must be moved or
    # the game cannot be won."
    rules = make_rules("lucie")
    knotted = game_with("lucie", {"t1": "4S KS", "t2": "5H"}).state
    free = game_with("lucie", {"t1": "KS 4S", "t2": "5H"}).state
    beneath = game_with("lucie", {"t1": "9H 3H 8H", "t2": "5C"}).state  # 8H over 3H, 9H beneath
    assert rules.knotted(knotted) and not rules.knotted(free) and rules.knotted(beneath)


def test_the_solver_proves_a_knotted_final_deal_lost_at_once():
    from solitaire.solver.solve import UNSOLVABLE, solve_game

    game = game_with(
        "lucie", {"t1": "4S KS", "t2": "5H", "t3": "AS 2S 3S"}, values={"redeals_used": 2}
    )
    verdict = solve_game(game.rules, game.state)
    assert verdict.status == UNSOLVABLE and verdict.positions < 50
