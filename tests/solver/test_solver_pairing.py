"""The pairing games' solver (Pyramid): its verdicts agree with the engine's own moves
searched exhaustively, its safe moves go alone, its dead positions are dead, and every
line it finds replays."""

import random
from itertools import permutations

import pytest
from helpers import engine_winnable, game_with

from solitaire.model.cards import SUITS, Card
from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.games.pyramid import PLACES
from solitaire.model.moves import Move, MoveKind
from solitaire.model.state import State
from solitaire.solver.pairing import PairingSearch
from solitaire.solver.search import SOLVED, UNSOLVABLE


def replay(rules, state, moves) -> None:
    for move in moves:
        assert rules.is_legal(state, move), move
        state = rules.successor(state, move)
    assert rules.is_won(state)


def endgame(seed: int, passes: str, goal: str) -> tuple:
    """A small random position: a few cards in the pyramid's lower rows and a short talon,
    dealt from pairs that add up to 13 and a king or two, so that some can be won."""
    rng = random.Random(f"pyramid {seed} {passes} {goal}")
    rules = make_rules("pyramid", passes=passes, goal=goal)
    pool = []
    for _ in range(5):
        rank = rng.randint(1, 12)
        pool += [Card(rank, rng.choice(SUITS)), Card(13 - rank, rng.choice(SUITS))]
    pool += [Card(13, suit) for suit in rng.sample(SUITS, rng.randint(0, 2))]
    pool = list(dict.fromkeys(pool))  # one of each card
    rng.shuffle(pool)
    places = rng.sample(PLACES[15:], rng.randint(3, 7))  # rows 6 and 7
    return rules, laid_out(rules, pool, places, rng.randint(0, 2))


def laid_out(rules, pool: list, places: list, waste: int) -> State:
    """The position with a card of ``pool`` (from its end) in each of ``places``, the first
    ``waste`` cards left on the waste, the rest in the stock and every other card out."""
    piles = rules.empty_piles()
    for place in places:
        piles[place] = [pool.pop()]
    piles["waste"], piles["stock"] = pool[:waste], pool[waste:]
    dealt = {card for cards in piles.values() for card in cards}
    piles["discard"] = [card for card in rules.deck() if card not in dealt]
    return State(piles, {"deal": 0, **rules.hand_values()})


def assert_agrees_with_the_engine(positions, engine_budget: int) -> None:
    """Each position's verdict is the engine's own moves searched through, every win's
    line replays, and both verdicts come up (so none is unknown)."""
    verdicts = set()
    for seed, (rules, state) in enumerate(positions):
        verdict = PairingSearch(rules, state).finish()
        assert (verdict.status == SOLVED) == engine_winnable(rules, state, engine_budget), seed
        if verdict.status == SOLVED:
            replay(rules, state, verdict.moves)
        verdicts.add(verdict.status)
    assert verdicts == {SOLVED, UNSOLVABLE}  # both kinds were tested


@pytest.mark.parametrize("passes, goal", [("1", "pack"), ("3", "pack"), ("2", "pyramid")])
def test_verdicts_on_small_positions_agree_with_the_engine_searched_through(passes, goal):
    assert_agrees_with_the_engine([endgame(seed, passes, goal) for seed in range(12)], 30_000)


def crossed(seed: int, passes: str, goal: str) -> tuple:
    """A small random position crowded with one to three pairs of each of three ranks and
    their complements in the pyramid's lower rows, so that pairs often lie across one
    another (a card of one over a card of the other, both ways)."""
    rng = random.Random(f"pyramid crossed {seed} {passes} {goal}")
    rules = make_rules("pyramid", passes=passes, goal=goal)
    pool = []
    for rank in rng.sample(range(1, 7), 3):
        count = rng.randint(1, 3)
        pool += [Card(rank, suit) for suit in rng.sample(SUITS, count)]
        pool += [Card(13 - rank, suit) for suit in rng.sample(SUITS, count)]
    rng.shuffle(pool)
    places = rng.sample(PLACES[15:], min(len(pool), rng.randint(5, 8)))
    return rules, laid_out(rules, pool, places, rng.randint(0, min(2, len(pool) - len(places))))


@pytest.mark.parametrize("passes, goal", [("1", "pack"), ("3", "pack"), ("2", "pyramid")])
def test_verdicts_on_crowded_positions_agree_with_the_engine_searched_through(passes, goal):
    """The order of the pairs (``_in_order``) and the cards over others at any depth,
    through holes in the rows too, against the engine's own moves."""
    assert_agrees_with_the_engine([crossed(seed, passes, goal) for seed in range(20)], 100_000)


def long_talon(seed: int, passes: str) -> tuple:
    """A small random position with a long talon (six to eleven cards, a few on the waste)
    and one to four cards in the pyramid's lower rows, where the passes and the talon's
    order decide most of it."""
    rng = random.Random(f"pyramid talon {seed} {passes}")
    rules = make_rules("pyramid", passes=passes)
    pool = []
    for rank in rng.sample(range(1, 7), 3):
        count = rng.randint(1, 2)
        pool += [Card(rank, suit) for suit in rng.sample(SUITS, count)]
        pool += [Card(13 - rank, suit) for suit in rng.sample(SUITS, count)]
    pool += [Card(13, suit) for suit in rng.sample(SUITS, rng.randint(0, 1))]
    rng.shuffle(pool)
    places = rng.sample(PLACES[15:], rng.randint(1, 4))
    return rules, laid_out(rules, pool, places, rng.randint(0, 3))


@pytest.mark.parametrize("passes", ["1", "2", "3", "unlimited"])
def test_verdicts_with_long_talons_agree_with_the_engine_searched_through(passes):
    """The turns made within the moves that use the cards they bring up, and a position
    standing for those with the same cards and the pointer further on or more passes
    used (``_covered``), against the engine's own moves, turn by turn."""
    assert_agrees_with_the_engine([long_talon(seed, passes) for seed in range(30)], 100_000)


def test_the_wastes_top_card_pairs_with_the_card_under_it_in_the_next_pass():
    layout = {"p7a": "2H", "waste": "TC 3C", "stock": "5S"}
    game = game_with("pyramid", layout, passes="2", goal="pyramid", values={"passes_used": 0})
    search = PairingSearch(game.rules, game.state)
    assert any(len(macro) == 4 for macro, _ in search._successors(search.start))
    last = game_with("pyramid", layout, passes="1", goal="pyramid", values={"passes_used": 0})
    search = PairingSearch(last.rules, last.state)
    assert not search._successors(search.start)


def test_two_pairs_each_with_a_card_over_the_others_are_dead():
    # Each queen lies over the ace it cannot take, so each pair waits on the other.
    layout = {"p6a": "AS", "p7a": "QS", "p6d": "AH", "p7e": "QH", "stock": "5C"}
    game = game_with("pyramid", layout, goal="pyramid")
    search = PairingSearch(game.rules, game.state)
    assert search._dead(search.start)
    apart = {"p6a": "AS", "p7a": "QS", "p6f": "AH", "p7e": "QH", "stock": "5C"}
    game = game_with("pyramid", apart, goal="pyramid")
    search = PairingSearch(game.rules, game.state)
    assert not search._dead(search.start)  # the queen of spades takes the free ace first


def test_a_card_lies_over_another_through_cards_not_through_holes():
    # The ten of clubs lies over the three of diamonds only through an empty place: once
    # the ten of spades pairs with the three of clubs, the three of diamonds takes it.
    layout = {"p5e": "3D", "p6e": "TS", "p7a": "3C", "p7g": "TC"}
    game = game_with("pyramid", layout, goal="pyramid")
    assert PairingSearch(game.rules, game.state).finish().status == SOLVED


def only_move(search: PairingSearch):
    [(macro, _)] = search._successors(search.start)
    [move] = search._moves_of(macro)
    return move


def test_a_free_king_goes_alone():
    game = game_with("pyramid", {"p7a": "KS", "p7b": "QH", "p7c": "AH", "stock": "5D"})
    assert only_move(PairingSearch(game.rules, game.state)) == Move(
        MoveKind.DISCARD, "p7a", "discard"
    )


def test_a_card_whose_only_partner_left_is_free_pairs_with_it_alone():
    # The jack of spades has one two left to pair with, which the waste's jack wants too.
    layout = {"p7a": "JS", "p7b": "2H", "waste": "JD", "stock": "5C 8C"}
    game = game_with("pyramid", layout)
    move = only_move(PairingSearch(game.rules, game.state))
    assert move.kind == MoveKind.PAIR and set(move.leaving()) == {"p7a", "p7b"}


def test_relaxed_only_a_pyramid_card_with_one_partner_pairs_alone():
    layout = {"p7a": "QS", "p7b": "AH", "p7c": "AD", "waste": "QD"}
    game = game_with("pyramid", layout, goal="pyramid")
    search = PairingSearch(game.rules, game.state)
    assert len(search._successors(search.start)) > 1  # each queen has two aces


def test_a_queen_whose_aces_all_lie_over_it_makes_the_position_dead():
    layout = {"p6a": "QS", "p7a": "AH", "p7b": "KD", "stock": "AS QD"}
    game = game_with("pyramid", layout)
    search = PairingSearch(game.rules, game.state)
    assert not search._dead(search.start)  # the stock's ace and queen may still come
    game = game_with("pyramid", {**layout, "stock": "5S"})
    search = PairingSearch(game.rules, game.state)
    assert search._dead(search.start)


def test_in_the_last_pass_a_waste_card_whose_partners_lie_over_it_is_dead():
    layout = {"p7a": "5S", "stock": "8H", "waste": "3C TD 5C 8C"}
    last = game_with("pyramid", layout, passes="1", values={"passes_used": 0})
    search = PairingSearch(last.rules, last.state)
    assert search._dead(search.start)  # the three of clubs lies under its only ten
    more = game_with("pyramid", layout, passes="2", values={"passes_used": 0})
    search = PairingSearch(more.rules, more.state)
    assert not search._dead(search.start)


def test_two_queens_with_one_ace_they_can_reach_are_dead():
    layout = {"p7a": "QS", "p7b": "QH", "stock": "AS", "waste": "AD"}
    game = game_with("pyramid", layout, goal="pyramid")
    search = PairingSearch(game.rules, game.state)
    assert not search._dead(search.start)
    game = game_with("pyramid", {**layout, "p6a": "AD", "waste": "5C"}, goal="pyramid")
    search = PairingSearch(game.rules, game.state)
    assert search._dead(search.start)  # the ace of diamonds lies under the queen of spades


def test_deals_are_won_and_proven_lost_and_the_lines_replay():
    rules = make_rules("pyramid")
    state = Game(rules, 1).state
    won = PairingSearch(rules, state).finish()
    assert won.status == SOLVED
    replay(rules, state, won.moves)
    lost = PairingSearch(rules, Game(rules, 3).state).finish()
    assert lost.status == UNSOLVABLE and lost.positions < 10


def _pairs_off(rules, state) -> bool:
    """Whether each rank and its complement can be paired off card for card, no two of a
    pair lying one over the other at any depth, in pairs that can leave one after another
    (none with a card under another's that is to leave after it), written from the game's
    ``covered_by`` alone: a deal where they cannot is lost."""
    place = {card: pile for pile, cards in state.piles.items() for card in cards}

    def over(pile: str) -> set[str]:  # the piles lying over ``pile``, however deep
        found, todo = set(), [pile]
        while todo:
            for upper in rules.covered_by.get(todo.pop(), ()):
                if upper not in found:
                    found.add(upper)
                    todo.append(upper)
        return found

    def apart(one: Card, other: Card) -> bool:
        return place[one] not in over(place[other]) and place[other] not in over(place[one])

    def first(pair: tuple, then: tuple) -> bool:  # whether ``pair`` must leave before ``then``
        return any(place[card] in over(place[later]) for card in pair for later in then)

    def in_some_order(pairs: list) -> bool:
        return any(
            not any(
                first(later, earlier)
                for at, earlier in enumerate(order)
                for later in order[at + 1 :]
            )
            for order in permutations(pairs)
        )

    for rank in range(1, 7):
        low = [card for card in place if card.rank == rank]
        high = [card for card in place if card.rank == 13 - rank]
        if not any(
            all(map(apart, low, order)) and in_some_order(list(zip(low, order)))
            for order in permutations(high)
        ):
            return False
    return True


def test_a_deal_is_dead_at_its_start_exactly_when_its_ranks_cannot_be_paired_off():
    """The family's dead test on whole deals (three passes, every card to go) against a
    check written apart from it: the two agree on every deal, both ways."""
    rules = make_rules("pyramid")
    dead = 0
    for deal in range(1, 61):
        state = rules.deal(deal)
        search = PairingSearch(rules, state, max_positions=10)
        assert search._dead(search.start) == (not _pairs_off(rules, state)), deal
        dead += search._dead(search.start)
    assert 0 < dead < 60
