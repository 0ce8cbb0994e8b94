"""The Prince, each test from the words of its manual, *'The Prince'* (Card Shell game #6,
Ralph S. Sutherland, 1992)."""

import pytest
from helpers import game_with, pile

from solitaire.model.cards import Card
from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import IllegalMove, Move, MoveKind, Status

COLUMNS = [f"t{n}" for n in range(1, 10)]


def place_for(card: Card) -> Card:
    """A card of the other colour, one rank higher: where ``card`` may go."""
    return Card(card.rank + 1, "H" if card.suit in "CS" else "S")


def full(layout: dict) -> dict:
    """Fill every column the layout leaves out, so there are no vacancies by accident."""
    return {**{name: "2H" for name in COLUMNS}, **layout}


def test_nine_columns_from_nine_down_to_one_and_seven_free_cards():
    rules = make_rules("prince")
    state = rules.deal(3)  # before the aces are laid off
    assert [len(state.piles[name]) for name in COLUMNS] == list(range(9, 0, -1))
    assert [len(state.piles[f"r{n}"]) for n in range(1, 8)] == [1] * 7


def test_free_aces_are_laid_off_before_the_game_starts():
    for number in range(1, 30):
        game = Game(make_rules("prince"), number)
        tops = [game.state.top(name) for name in (*COLUMNS, *(f"r{n}" for n in range(1, 8)))]
        assert not any(card and card.rank == 1 for card in tops)
        assert game.done == []  # part of the deal, not an undoable move


def test_a_buried_ace_is_laid_off_as_soon_as_it_is_free():
    game = game_with("prince", {"t1": "AH 5C", "t2": "6D"})
    turn = game.play_text("12")
    assert pile(game, "fH") == "AH"
    assert turn.automatic == 1


def test_single_cards_build_down_in_alternate_colour_by_default():
    game = game_with("prince", {"t1": "6D", "t2": "7S", "t3": "7H"})
    with pytest.raises(IllegalMove, match="does not go on"):
        game.play_text("13")
    game.play_text("12")
    assert pile(game, "t2") == "7S 6D"


@pytest.mark.parametrize(
    ("rule", "legal"),
    [("alternate", {"7S"}), ("any-suit", {"7S", "7H", "7D"}), ("same-suit", {"7D"})],
)
def test_the_three_sequence_rules(rule, legal):
    game = game_with(
        "prince", full({"t1": "6D", "t2": "7S", "t3": "7H", "t4": "7D"}), sequence=rule
    )
    targets = {
        str(game.state.top(m.dst))
        for m in game.legal_moves()
        if m.kind == MoveKind.MOVE and m.src == "t1" and m.dst.startswith("t")
    }
    assert targets == legal


def test_any_card_may_be_placed_in_an_empty_column():
    game = game_with("prince", {"t1": "5C 9H", "t2": ""})
    game.play_text("12")
    assert pile(game, "t2") == "9H"


def test_free_cards_play_to_tableau_or_foundation_and_are_never_refilled():
    game = game_with("prince", {"r1": "6D", "r2": "2S", "t1": "7C", "fS": "AS", "t2": "9H"})
    game.play_text("a1")
    game.play_text("bh")
    assert pile(game, "t1") == "7C 6D" and pile(game, "fS") == "AS 2S"
    with pytest.raises(IllegalMove, match="cannot be played there"):
        game.play(
            Move(MoveKind.MOVE, "t2", "r1")
        )  # "Cards may not be played onto the seven free card spaces"


def test_foundation_cards_may_be_played_back_to_the_tableau():
    game = game_with("prince", {"fS": "AS 2S 3S", "t1": "4H"})
    game.play_text("hs1")
    assert pile(game, "t1") == "4H 3S" and pile(game, "fS") == "AS 2S"


def test_only_one_card_at_a_time_without_vacancies():
    game = game_with("prince", full({"t1": "9C 8H", "t2": "TD", "t3": "3S"}))
    with pytest.raises(IllegalMove, match="only 1 card can move there with the vacancies you have"):
        game.play(Move(MoveKind.MOVE, "t1", "t2", 2))


@pytest.mark.parametrize("vacancies", [1, 2, 3])
def test_runs_of_2_to_the_n_onto_a_column_through_vacancies(vacancies):
    run = "KD QC JD TC 9D 8C 7D 6C 5D 4C 3D"
    layout = {"t1": "4S " + run, "t2": "KS"}
    for n in range(3, 10 - vacancies):  # fill every column but the vacancies
        layout[f"t{n}"] = "2H"
    game = game_with("prince", layout)
    assert sum(1 for name in COLUMNS if not game.state.piles[name]) == vacancies
    cards = game.state.piles["t1"][1:]
    limit = 2**vacancies
    too_many = limit + 1
    assert game.rules.run_limit(game.state, "t1", "t2") == limit
    into_empty = next(name for name in COLUMNS if not game.state.piles[name])
    assert game.rules.run_limit(game.state, "t1", into_empty) == limit // 2
    half = "1 card" if limit == 2 else f"{limit // 2} cards"
    with pytest.raises(IllegalMove, match=f"only {half} can"):
        game.play(Move(MoveKind.MOVE, "t1", into_empty, limit // 2 + 1))
    turn = game.play(Move(MoveKind.MOVE, "t1", into_empty, limit // 2))
    assert all(step.count == 1 for step in turn.steps)  # carried out as single-card steps
    assert pile(game, into_empty) == " ".join(str(c) for c in cards[len(cards) - limit // 2 :])
    game.undo()
    game.state.piles["t2"] = [place_for(cards[-too_many])]  # only the run's length is wrong
    with pytest.raises(IllegalMove, match=f"only {limit} cards"):
        game.play(Move(MoveKind.MOVE, "t1", "t2", too_many))
    game.state.piles["t2"] = [place_for(cards[-limit])]
    game.play(Move(MoveKind.MOVE, "t1", "t2", limit))
    assert len(game.state.piles["t2"]) == limit + 1


def test_multi_card_move_steps_are_each_legal_single_moves():
    layout = {
        "t1": "4S KD QC JD TC",
        "t2": "KS",
        "t3": "",
        "t4": "",
        "t5": "2H",
        "t6": "2H",
        "t7": "2H",
        "t8": "2H",
        "t9": "2H",
    }
    game = game_with("prince", layout)
    turn = game.play(Move(MoveKind.MOVE, "t1", "t3", 2))  # two vacancies: 2 into an empty one
    replay = game_with("prince", layout)
    for step in turn.steps:
        replay.play(Move(MoveKind.MOVE, step.src, step.dst))
    assert replay.state.key() == game.state.key()


def test_layoff_plays_every_possible_card_to_the_foundations():
    game = game_with(
        "prince", {"fS": "AS", "fH": "AH", "t1": "3S", "t2": "2S", "r1": "2H", "t3": "4S 3H"}
    )
    game.play_text("L")
    assert pile(game, "fS") == "AS 2S 3S 4S" and pile(game, "fH") == "AH 2H 3H"
    assert pile(game, "t3") == "" and len(game.done) == 1
    with pytest.raises(IllegalMove, match="no card"):
        game.play_text("L")


def test_lost_when_no_further_layoff_can_be_reached():
    # "The game is lost if no further foundation layoffs are possible."
    stuck = {
        "t1": "2S KH",
        "t2": "5C QH",
        "t3": "JD",
        "t4": "9H",
        "fS": "AS",
        "t5": "8D",
        "t6": "7D",
        "t7": "6D",
        "t8": "5D",
        "t9": "4D",
    }
    assert game_with("prince", stuck).status() == Status.LOST
    stuck["t3"] = "QS"  # now the king of hearts can move onto... no: alternate wants black K
    stuck["t3"] = ""  # a vacancy lets the king move off the two of spades
    assert game_with("prince", stuck).status() == Status.OPEN


def test_points_for_a_win_or_a_loss_follow_the_seed_table():
    for rule, win, loss in (("any-suit", 1, -4), ("alternate", 2, -2), ("same-suit", 4, -1)):
        rules = make_rules("prince", sequence=rule)
        assert (rules.points(Status.WON), rules.points(Status.LOST)) == (win, loss)
        assert rules.points(Status.OPEN) == 0  # a new deal with no move made counts as neither
