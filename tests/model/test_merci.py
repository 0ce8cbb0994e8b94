"""La Belle Lucie with mercis and options, each test from the words of its manual, *La Belle
Lucie Instructions* (JSolitaire, Andrew Pipkin, 2002)."""

import pytest
from helpers import game_with, pile

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import IllegalMove, MoveKind, Status
from solitaire.model.options import OptionError

FINAL = {"redeals_used": 2}  # the default two redeals used up: the final deal


def test_redeals_option_from_zero_to_unlimited():
    game = Game(make_rules("merci", redeals=0), 4)
    assert not any(m.kind == MoveKind.REDEAL for m in game.legal_moves())
    game = Game(make_rules("merci", redeals="unlimited", auto=False), 4)
    for _ in range(10):
        game.play_text("S")
    assert game.rules.redeals_left(game.state) is None
    game = Game(make_rules("merci", redeals=3, auto=False), 4)
    for _ in range(3):
        game.play_text("S")
    with pytest.raises(IllegalMove, match="no reshuffles"):
        game.play_text("S")


def test_redeal_deals_threes_with_remainder_in_the_final_stack():
    # "redistributed into stacks of three cards with any remaining cards going into the final stack"
    game = game_with("merci", {"t1": "2S 3S 4S", "t2": "5S 6S 7S", "t3": "8S 9S"}, auto=False)
    game.play_text("S")
    assert [len(game.state.piles[f"t{n}"]) for n in range(1, 5)] == [3, 3, 2, 0]


def test_mercis_default_to_one_and_only_in_the_final_deal():
    game = game_with("merci", {"t1": "9D KD QS", "t2": "TD", "t3": "4H"}, auto=False)
    assert game.rules.mercis_left(game.state) == 0  # two redeals still to come
    with pytest.raises(IllegalMove, match="final deal"):
        game.play_text("9D-2")
    game = game_with("merci", {"t1": "9D KD QS", "t2": "TD", "t3": "4H"}, values=FINAL, auto=False)
    assert game.rules.mercis_left(game.state) == 1


def test_merci_may_be_used_at_any_time_during_the_final_deal():
    game = game_with(
        "merci", {"t1": "9D KD QS", "t2": "TD", "t3": "4H", "t4": "5H"}, values=FINAL, auto=False
    )
    game.play_text("4H")  # an ordinary move first does not forfeit the merci (unlike lucie)
    game.play_text("9D-2")
    assert pile(game, "t2") == "TD 9D"
    assert pile(game, "t1") == "KD QS"
    with pytest.raises(IllegalMove, match="no merci"):
        game.play_text("KD-1")


def test_merci_onto_any_stack_including_its_own():
    # "placed on any other stack (including its original stack)"
    game = game_with("merci", {"t1": "9D KD QS", "t2": "3C"}, values=FINAL, auto=False)
    game.play_text("9D-1")
    assert pile(game, "t1") == "KD QS 9D"
    game.undo()
    game.play_text("9D-2")  # not a legal build, but a merci may go on any stack
    assert pile(game, "t2") == "3C 9D"


def test_merci_to_its_foundation_when_the_foundation_accepts_it():
    game = game_with("merci", {"t1": "AS KD QS", "t2": "3C"}, values=FINAL, auto=False)
    game.play_text("AS-F")
    assert pile(game, "fS") == "AS"
    game = game_with("merci", {"t1": "5S KD QS"}, values=FINAL, auto=False)
    with pytest.raises(IllegalMove, match="foundation"):
        game.play_text("5S-F")


def test_number_of_mercis_option():
    game = game_with("merci", {"t1": "9D KD QS 8H", "t2": "3C"}, values=FINAL, mercis=2, auto=False)
    game.play_text("9D-2")
    game.play_text("KD-2")
    with pytest.raises(IllegalMove):
        game.play_text("QS-2")


def test_no_mercis_when_redeals_are_unlimited():
    game = game_with("merci", {"t1": "9D KD QS", "t2": "3C"}, redeals="unlimited", mercis=3)
    assert game.rules.mercis_left(game.state) == 0
    assert not any(m.kind == MoveKind.MERCI for m in game.legal_moves())


def test_empty_stacks_take_nothing_unless_kings_may_fill_them():
    layout = {"t1": "3C KH", "t2": "", "t3": "QS"}
    game = game_with("merci", layout, auto=False)
    with pytest.raises(IllegalMove, match="never refilled"):
        game.play_text("KH-2")
    game = game_with("merci", layout, auto=False, kings=True)
    with pytest.raises(IllegalMove, match="only a king"):
        game.play_text("QS-2")
    game.play_text("KH")  # the typed king finds the empty stack
    assert pile(game, "t2") == "KH"


def test_automatic_moves_to_the_foundations_are_on_by_default():
    game = game_with("merci", {"t1": "2S", "t2": "3S AS", "t3": "5D", "t4": "4H"})
    game = game_with("merci", {"t1": "2S", "t2": "3S AS", "t3": "5D", "t4": "4D"})
    game.play_text("4D")
    assert pile(game, "fS") == "AS 2S 3S"
    game = game_with("merci", {"t1": "2S", "t2": "3S AS", "t3": "5D", "t4": "4D"}, auto=False)
    game.play_text("4D")
    assert pile(game, "fS") == ""


def test_automatic_moves_happen_right_after_the_deal():
    game = Game(make_rules("merci"), 1)
    tops = [game.state.top(f"t{n}") for n in range(1, 19)]
    assert not any(card and game.rules.home_accepts(game.state, card) for card in tops)


def test_a_card_moved_between_stacks_can_afterwards_only_go_to_its_foundation():
    # "Once a card has been moved between building stacks, it can be moved only to its suit
    # stack." Building down in suit, that bites on mercied cards and on kings in spaces.
    layout = {"t1": "9D KD QS", "t2": "3C", "t3": "TD", "fD": "AD 2D 3D 4D 5D 6D 7D 8D"}
    game = game_with("merci", layout, values=FINAL, auto=False)
    game.play_text("9D-2")  # the merci puts the nine on the three of clubs
    with pytest.raises(IllegalMove, match="moved once"):
        game.play_text("9D-3")
    game.play_text("9D")  # its foundation is still allowed
    assert pile(game, "fD").endswith("8D 9D")
    free = game_with("merci", layout, values=FINAL, auto=False, **{"move-once": False})
    free.play_text("9D-2")
    free.play_text("9D-3")
    assert pile(free, "t3") == "TD 9D"


def test_move_once_applies_to_kings_moved_into_spaces():
    game = game_with("merci", {"t1": "3C KH", "t2": "", "t3": ""}, auto=False, kings=True)
    game.play_text("KH-2")
    with pytest.raises(IllegalMove, match="moved once"):
        game.play_text("KH-3")
    assert game.state.values["moved"]
    game.play_text("S")  # a reshuffle makes every card free to move again
    assert game.state.values["moved"] == frozenset()


def test_bad_options_are_refused():
    for bad in ({"redeals": -1}, {"mercis": "lots"}, {"kings": "maybe"}, {"speed": 3}):
        with pytest.raises(OptionError):
            make_rules("merci", **bad)


def test_lost_only_when_no_redeal_no_merci_and_no_progress():
    layout = {"t1": "2S KS", "t2": "5H", "fS": "AS"}
    assert game_with("merci", layout).status() == Status.OPEN  # redeals left
    assert game_with("merci", layout, values=FINAL).status() == Status.OPEN  # a merci left
    done = {"redeals_used": 2, "mercis_used": 1}
    assert game_with("merci", layout, values=done).status() == Status.LOST


def test_kings_wandering_between_empty_fans_leave_the_game_lost():
    """With kings on, a lone king can always move to an empty fan: that changes nothing, so
    a game where nothing else can happen is lost (it once stayed open for ever)."""
    game = Game(make_rules("merci", kings=True, **{"move-once": False}), 583505)
    moves = "2H-13 S KH-18 9D-4 QD-11 JH-2 8S-13 S 3C-14 3C-1 KS-18 6S-3 TD-16 5D-9"
    game.play_sequence(moves.split())
    assert any(m.kind == MoveKind.MOVE for m in game.legal_moves())
    assert game.status(budget=150) == Status.LOST
