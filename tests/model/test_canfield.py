"""Canfield, each test from the words of its manual, *CANFIELD Solitaire*."""

import pytest
from helpers import game_with, pile

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import IllegalMove, Move, MoveKind, Status
from solitaire.solver.search import is_safe_home


def test_the_deal_reserve_foundation_tableau_and_hand():
    # "Deal 13 cards into a pile ... The next card of the pack is your first foundation ...
    # deal four cards face up ... The thirty-four cards remaining ... are the HAND."
    game = Game(make_rules("canfield"), 9)
    state = game.state
    assert len(state.piles["reserve"]) == 13
    assert sum(len(state.piles[f"f{s}"]) for s in "CDHS") == 1
    assert [len(state.piles[f"t{n}"]) for n in range(1, 5)] == [1, 1, 1, 1]
    assert len(state.piles["hand"]) == 34
    base = next(state.top(f"f{s}") for s in "CDHS" if state.piles[f"f{s}"])
    assert state.values["base"] == base.rank
    assert game.rules.score_text(state) == "-$45"  # "$5 back already!"


def test_foundations_start_from_the_base_rank_and_wrap_from_king_to_ace():
    # "if the first foundation were the 10 of clubs you would build with first the jack,
    # then queen, king, ace, deuce, and so on up to the 9"
    game = game_with(
        "canfield",
        {"fC": "TC JC QC KC", "t1": "AC", "t2": "TH", "t3": "3D", "reserve": "5S"},
        values={"base": 10},
    )
    game.play_text("2F")
    assert pile(game, "fC").endswith("KC AC")
    game.play_text("3F")  # the ten of hearts starts its own foundation
    assert pile(game, "fH") == "TH"
    with pytest.raises(IllegalMove, match="foundation"):
        game.play_text("4F")


def test_tableau_builds_down_red_on_black_wrapping_king_onto_ace():
    game = game_with(
        "canfield",
        {"t1": "8S", "t2": "7H", "t3": "7C", "t4": "AS", "waste": "KD", "reserve": "5S"},
        values={"base": 3},
    )
    with pytest.raises(IllegalMove, match="does not go on"):
        game.play_text("42")
    game.play_text("32")
    game.play_text("W5")  # the king of diamonds on the ace of spades
    assert pile(game, "t1") == "8S 7H" and pile(game, "t4") == "AS KD"


def test_the_top_card_alone_or_the_whole_pile_moves():
    # "All the cards on a pile may be moved as a unit, and matched according to the bottom card."
    layout = {"t1": "9S 8H 7C", "t2": "TH", "t3": "8D", "t4": "QC", "reserve": "5S"}
    game = game_with("canfield", layout, values={"base": 3})
    game.play_text("23")  # the whole pile, nine of spades first, onto the ten of hearts
    assert pile(game, "t2") == "TH 9S 8H 7C"
    assert pile(game, "t1") == "5S"  # the space was filled from the reserve at once
    game = game_with("canfield", {**layout, "t3": "8D 7S"}, values={"base": 3})
    moves = [m for m in game.legal_moves() if m.src == "t1"]
    assert {m.count for m in moves} <= {1, 3}  # never just a middle part
    game = game_with("canfield", {**layout, "t2": "9D"}, values={"base": 3})
    with pytest.raises(IllegalMove):
        game.play_text("23")  # neither the seven nor the nine goes on the nine


def test_spaces_fill_from_the_reserve_then_from_the_waste_by_the_player():
    # "If any pile is cleared away, making a space, fill it with the top card of the stock.
    # After stock is exhausted, spaces may be filled from the hand."
    game = game_with(
        "canfield",
        {"t1": "4D", "t2": "5S", "t3": "9C", "t4": "", "waste": "KH", "reserve": ""},
        values={"base": 3},
    )
    with pytest.raises(IllegalMove, match="from the waste"):
        game.play_text("45")
    game.play_text("W5")
    assert pile(game, "t4") == "KH"
    reserve = game_with(
        "canfield",
        {"t1": "4D", "t2": "5S", "t3": "9C", "t4": "JC", "reserve": "2C 6H"},
        values={"base": 3},
    )
    turn = reserve.play_text("23")
    assert pile(reserve, "t1") == "6H" and turn.automatic == 1
    assert pile(reserve, "reserve") == "2C"


@pytest.mark.parametrize(
    ("mode", "turned", "passes"), [("1", 1, 1), ("2", 3, None), ("3", 1, None), ("house", 3, 3)]
)
def test_rule_modes_turn_ones_or_threes_with_their_passes(mode, turned, passes):
    game = Game(make_rules("canfield", mode=mode), 2)
    hand = list(game.state.piles["hand"])
    game.play_text("N")
    assert game.state.piles["waste"] == list(reversed(hand[-turned:]))
    rounds = 0
    while rounds < 5:
        while game.state.piles["hand"]:
            game.play_text("N")
        if not any(m.kind == MoveKind.TURN for m in game.legal_moves()):
            break
        game.play_text("N")  # the waste turns over into a new hand
        rounds += 1
        assert game.state.piles["hand"] == hand  # "without shuffling"
    assert rounds == (5 if passes is None else passes - 1)


def test_casino_scoring():
    # "$50 ... $5 back for every card in the foundation piles, or $ 500 if one got all 52"
    game = Game(make_rules("canfield"), 1)
    assert game.rules.score(game.state) == -45
    won = game_with("canfield", {f"f{s}": " ".join(r + s for r in "A23456789TJQK") for s in "CDHS"})
    assert won.rules.score(won.state) == 450
    assert won.status() == Status.WON


def test_seed_keys_as_notation():
    game = Game(make_rules("canfield", mode="3"), 12)
    for text in ("1F", "SF", "s2", "W3", "2F", "45", "N"):
        try:
            move = game.rules.parse_move(text, game.state)
        except IllegalMove as error:
            assert "not a move" not in str(error)  # understood, just not legal here
        else:
            assert game.rules.format_move(move, game.state) in (
                text.upper(),
                "S" + text[1:].upper(),
            )
    for bad in ("6F", "FW", "X", "22"):
        with pytest.raises(IllegalMove):
            game.rules.parse_move(bad, game.state)


def test_the_generic_search_keeps_a_base_card_while_it_may_hold_the_last_cards():
    # Base ten: a black nine could still go on the ten of hearts, and the nines are the
    # last cards of their suits to go home, so the ten is not a safe move home yet.
    game = game_with(
        "canfield",
        {"fC": "TC JC QC KC", "t1": "9S", "t2": "TH", "reserve": "5S"},
        values={"base": 10},
    )
    home = Move(MoveKind.MOVE, "t2", "fH")
    assert game.rules.is_legal(game.state, home)
    assert not is_safe_home(game.rules, game.state, home)
    full = {"fC": "TC JC QC KC AC 2C 3C 4C 5C 6C 7C 8C 9C", "t2": "TH", "reserve": "5S"}
    full["fS"] = "TS JS QS KS AS 2S 3S 4S 5S 6S 7S 8S 9S"
    game = game_with("canfield", full, values={"base": 10})
    assert is_safe_home(game.rules, game.state, home)


@pytest.mark.parametrize(
    "mode, turns, left",
    [
        ("1", 33, "1"),  # one card still in the hand: the one pass goes on
        ("1", 34, "0"),  # the hand is out: the one pass is over
        ("house", 11, "3"),
        ("house", 12, "2"),  # the first pass of three ended
        ("house", 13, "2"),  # the waste turned over: the second pass
        ("house", 38, "0"),  # the third pass ended
    ],
)
def test_passes_left_count_the_pass_in_play_only_while_the_hand_holds_cards(mode, turns, left):
    game = Game(make_rules("canfield", mode=mode), 891723)
    game.play_sequence(["N"] * turns)
    assert game.rules.passes_left(game.state) == left
