"""The "safe to send home" test (``Rules.is_safe_home``) never costs a win, whatever the
game builds by: checked against an exhaustive search of the engine on small positions.

A move the test passes is the only move the generic search tries from there, so a wrong
"safe" can make it call a winnable position lost. From every small position below, and
from every position reachable from it, each move home the test passes must leave a
winnable position winnable; and the generic search must never answer "unsolvable" where
the exhaustive search finds a win. Two positions the old tests got wrong are kept as
they are: building regardless of suit, and cards coming back from the foundations.
"""

import random

import pytest
from helpers import cards, engine_winnable

from solitaire.model.cards import SUITS, Card
from solitaire.model.games import make_rules
from solitaire.model.games.prince import Prince
from solitaire.model.games.vierfrei import Vierfrei
from solitaire.model.moves import MoveKind
from solitaire.model.rules import Rules
from solitaire.model.state import State, StepLog
from solitaire.model.vocabulary import Build
from solitaire.solver.search import BUNDLES, SOLVED, UNSOLVABLE, Search, is_safe_home

BUILDS = (Build.SUIT, Build.ALTERNATE, Build.RANK)
BUDGET = 300_000  # positions an exhaustive search may take before the test gives up


class SmallGame(Rules):
    """A FreeCell-like game of a few columns, for positions small enough to search through.

    ``back_depth``: with foundation take-backs, only cards with at least this many cards
    of their suit under them at home may come back (fewer positions to search; the
    safe-home test does not know it, so it must be right without it)."""

    back_depth = 0

    def base_rank(self, state: State) -> int:
        return state.values["base"]

    def lift_problem(self, state: State, src: str, moving: list) -> str | None:
        if self.roles[src] == "foundation":
            card = moving[0]
            if (card.rank - self.base_rank(state)) % 13 < self.back_depth:
                return "the low cards stay home"
        return super().lift_problem(state, src, moving)


def small_game(build: str, columns: int = 3, cells: int = 0, **rules) -> SmallGame:
    attributes = {
        "build": build,
        "tableau": tuple(f"t{n}" for n in range(1, columns + 1)),
        "cells": tuple(f"c{n}" for n in range(1, cells + 1)),
        **rules,
    }
    return type("Small", (SmallGame,), attributes)()


class BuildInSuit(Vierfrei):
    """Baker's Game: FreeCell building down in suit."""

    build = Build.SUIT


class BuildRegardless(Vierfrei):
    """FreeCell building down regardless of suit."""

    build = Build.RANK


class ProneToComeBack(Prince):
    """The Prince with only jacks, queens and kings coming back from the foundations
    (otherwise every card home could come back and no position would be small)."""

    def lift_problem(self, state: State, src: str, moving: list) -> str | None:
        if self.roles[src] == "foundation" and moving[0].rank < 11:
            return "the low cards stay home"
        return super().lift_problem(state, src, moving)


def spread(rules, rng, out: list[int], places, values: dict) -> State:
    """The position with ``out[i]`` cards of suit SUITS[i] not home (the highest from the
    base rank), dealt at random into ``places`` ((pile, most cards it takes) pairs), then
    settled as the engine settles a deal (aces laid off, spaces filled ...)."""
    piles = rules.empty_piles()
    base = values.get("base", 1)
    loose = []
    for suit, count in zip(SUITS, out):
        ranks = [(base - 1 + depth) % 13 + 1 for depth in range(13)]
        piles["f" + suit] = [Card(rank, suit) for rank in ranks[: 13 - count]]
        loose += [Card(rank, suit) for rank in ranks[13 - count :]]
    rng.shuffle(loose)
    for card in loose:
        room = [name for name, most in places if len(piles[name]) < most]
        piles[rng.choice(room)].append(card)
    log = StepLog(State(piles, values))
    rules.settle(log)
    return log.state


def level_out(rng, low: int, high: int) -> list[int]:
    """Cards left out per suit, each between ``low`` and ``high``: foundations at about
    the same height, where each card is most likely to be wanted as a place to lie on."""
    return [rng.randint(low, high) for _ in SUITS]


class Tally:
    """Positions looked at that can be won, that cannot, and safe moves checked."""

    def __init__(self):
        self.won = self.lost = self.safe = 0


def winnable(rules, state) -> bool:
    return engine_winnable(
        rules, state, BUDGET, key=rules.position_key, skip=lambda move: move.kind in BUNDLES
    )


def check(rules, state: State, tally: Tally, key=None, search_budget: int = BUDGET) -> None:
    """Every move the test calls safe, from every position reachable from ``state``, keeps
    a win; the generic search never calls ``state`` lost when it can be won.

    The engine's moves are followed to every reachable position; the positions that can
    be won are those from which a won one can be reached. ``key`` tells positions apart
    (by default as the search does)."""
    key = key or rules.position_key
    found = {key(state): state}
    edges: dict = {}
    won = set()
    stack = [state]
    while stack:
        position = stack.pop()
        here = key(position)
        if rules.is_won(position):
            won.add(here)
        edges[here] = []
        for move in rules.legal_moves(position):
            if move.kind in BUNDLES:
                continue
            after = rules.successor(position, move)
            child = key(after)
            edges[here].append((child, is_safe_home(rules, position, move), move))
            if child not in found:
                found[child] = after
                assert len(found) < BUDGET, "the position is too big to check"
                stack.append(after)
    parents: dict = {}
    for here, out in edges.items():
        for child, _, _ in out:
            parents.setdefault(child, []).append(here)
    good, todo = set(won), list(won)
    while todo:
        for parent in parents.get(todo.pop(), ()):
            if parent not in good:
                good.add(parent)
                todo.append(parent)
    for here in good:
        for child, safe, move in edges[here]:
            if safe:
                tally.safe += 1
                assert child in good, f"{move} is not safe in\n{describe(found[here])}"
    tally.won += len(good)
    tally.lost += len(edges) - len(good)
    can_win = key(state) in good
    verdict = Search(rules, state, max_positions=search_budget).finish()
    if can_win:
        assert verdict.status != UNSOLVABLE, f"a winnable position called lost:\n{describe(state)}"
    else:
        assert verdict.status != SOLVED
    if verdict.status == SOLVED:
        position = state
        for move in verdict.moves:
            assert rules.is_legal(position, move)
            position = rules.successor(position, move)
        assert rules.is_won(position)


def describe(state: State) -> str:
    lines = [f"{name}: {' '.join(map(str, cards))}" for name, cards in state.piles.items()]
    return "\n".join(lines + [str(state.values)])


# ---------------------------------------------------------------------------- the regression


def regardless_of_suit_two_rows() -> tuple:
    """Two rows, no cells, one card at a time, building down regardless of suit (a small
    Beleaguered Castle). The queen of clubs may go home, both red jacks are home; but the
    jack of spades must lie on it for a while to let the ten of spades home. The old test
    looked at the other colour only, sent the queen home and found the game lost after
    two positions."""
    rules = small_game(Build.RANK, columns=2)
    piles = rules.empty_piles()
    layout = {
        "fC": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC",
        "fD": "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
        "fH": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "fS": "AS 2S 3S 4S 5S 6S 7S 8S 9S",
        "t1": "KC TS JS",
        "t2": "QS KS QC",
    }
    piles.update((name, cards(text)) for name, text in layout.items())
    return rules, State(piles, {"base": 1})


def test_building_regardless_of_suit_a_card_waits_for_all_four_lower_cards():
    rules, state = regardless_of_suit_two_rows()
    home = next(move for move in rules.legal_moves(state) if move.dst == "fC")
    assert not is_safe_home(rules, state, home)
    assert not rules.is_safe_home(state, Card(12, "C"))
    assert not winnable(rules, rules.successor(state, home))  # the move the old test forced
    assert winnable(rules, state)
    verdict = Search(rules, state).finish()
    assert verdict.status == SOLVED
    # with the jack of spades home too the queen is safe
    del state.piles["t1"][1:]
    state.piles["fS"] += cards("TS JS")
    assert rules.is_safe_home(state, Card(12, "C"))


def test_the_other_colour_alone_is_enough_when_building_in_alternate_colours():
    rules, state = regardless_of_suit_two_rows()
    rules.build = Build.ALTERNATE
    assert rules.is_safe_home(state, Card(12, "C"))


# ---------------------------------------------------------------------------- small games


# kind -> (rules for a seeded random generator, cards left out per suit (least, most))
SMALL = {
    "three rows": (lambda build, rng: small_game(build, columns=3), (2, 4)),
    "a cell and runs": (
        lambda build, rng: small_game(build, columns=2, cells=1, supermoves=True),
        (1, 3),
    ),
    "wrapping from any base": (lambda build, rng: small_game(build, columns=3, wrap=True), (2, 4)),
    "cards come back": (
        lambda build, rng: small_game(build, columns=2, foundation_takeback=True, back_depth=8),
        (1, 3),
    ),
}


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("kind", SMALL)
def test_safe_moves_home_keep_every_win_in_small_games(build, kind):
    make, (least, most) = SMALL[kind]
    tally = Tally()
    for seed in range(30 if kind == "cards come back" else 60):
        rng = random.Random(f"{build} {kind} {seed}")
        rules = make(build, rng)
        base = rng.randint(1, 13) if rules.wrap else 1
        places = [(name, 99) for name in rules.tableau] + [(name, 1) for name in rules.cells]
        out = level_out(rng, least, most)
        check(rules, spread(rules, rng, out, places, {"base": base}), tally)
    # the positions are neither all won nor all lost, and the test passes moves often
    assert tally.won >= 100 and tally.lost >= 20 and tally.safe >= 100, vars(tally)


# ---------------------------------------------------------------------------- the games


@pytest.mark.parametrize("game", [Vierfrei, BuildInSuit, BuildRegardless])
def test_freecell_with_each_build_rule(game):
    rules = game()
    tally = Tally()
    for seed in range(60):
        rng = random.Random(f"{game.__name__} {seed}")
        # two columns and a cell in play, the others out of it
        places = [("t1", 99), ("t2", 99), ("c1", 1)]
        state = spread(rules, rng, level_out(rng, 1, 4), places, {"deal": 0})
        blocked = ["t3", "t4", "t5", "t6", "t7", "t8", "c2", "c3", "c4"]
        check(_with_blocked(rules, blocked), state, tally)
    assert tally.won >= 100 and tally.lost >= 20 and tally.safe >= 100, vars(tally)


def _with_blocked(rules, names):
    """The same rules with the piles ``names`` out of play (no card goes there)."""
    original = type(rules)

    class Blocked(original):
        def drop_problem(self, state, dst, moving, src):
            if dst in names:
                return "out of play"
            return super().drop_problem(state, dst, moving, src)

        def run_limit(self, state, src, dst):
            free = sum(1 for name in self.cells if not state.piles[name] and name not in names)
            empty = sum(
                1
                for name in self.tableau
                if not state.piles[name] and name not in (src, dst) and name not in names
            )
            return (free + 1) << empty

    Blocked.__name__ = original.__name__
    return Blocked(**rules.options)


@pytest.mark.parametrize("sequence", ["alternate", "any-suit", "same-suit"])
def test_the_prince_whose_foundations_give_cards_back(sequence):
    rules = _with_blocked(
        ProneToComeBack(sequence=sequence),
        [f"t{n}" for n in range(3, 10)] + [f"r{n}" for n in range(3, 8)],
    )
    tally = Tally()
    for seed in range(15):
        rng = random.Random(f"prince {sequence} {seed}")
        places = [("t1", 99), ("t2", 99), ("r1", 1), ("r2", 1)]
        check(rules, spread(rules, rng, level_out(rng, 1, 3), places, {"deal": 0}), tally)
    assert tally.won >= 100 and tally.lost >= 20 and tally.safe >= 100, vars(tally)


@pytest.mark.parametrize("mode", ["1", "2", "3", "house"])
def test_canfield_wrapping_from_its_base_card(mode):
    rules = make_rules("canfield", mode=mode)
    tally = Tally()
    for seed in range(25):
        rng = random.Random(f"canfield {mode} {seed}")
        base = rng.randint(1, 13)
        places = [("reserve", 3), ("t1", 99), ("t2", 99), ("hand", 3), ("waste", 1)]
        values = {"deal": 0, "base": base, "passes_used": 0}
        most = 2 if rules.passes is None else 3  # unlimited passes: many more positions
        state = spread(rules, rng, level_out(rng, 0, most), places, values)
        key = without_passes if rules.passes is None else None
        check(rules, state, tally, key=key, search_budget=20_000)
    assert tally.won >= 100 and tally.lost >= 1 and tally.safe >= 100, vars(tally)


def without_passes(position: State) -> tuple:
    """Canfield's positions told apart but for the passes used (with passes unlimited the
    count goes up for ever and changes nothing)."""
    values = dict(position.values)
    values.pop("passes_used")
    return position.key()[0], tuple(sorted(values.items()))


def test_la_belle_lucie_after_its_reshuffles():
    rules = make_rules("lucie")
    tally = Tally()
    for seed in range(25):
        rng = random.Random(f"lucie {seed}")
        places = [(f"t{n}", 3) for n in range(1, 5)]
        values = {"deal": 0, "redeals_used": 2, "mercis_used": 1, "draw_open": False}
        values["moved"] = frozenset()
        check(rules, spread(rules, rng, level_out(rng, 1, 3), places, values), tally)
    assert tally.won >= 100 and tally.lost >= 20 and tally.safe >= 100, vars(tally)


# ---------------------------------------------------------------------------- single rules


def _position(rules, layout: dict, values: dict) -> State:
    piles = rules.empty_piles()
    piles.update((name, cards(text)) for name, text in layout.items())
    return State(piles, values)


ALL_BUT = {suit: " ".join(str(Card(rank, suit)) for rank in range(1, 13)) for suit in SUITS}


def test_in_suit_any_card_the_foundation_takes_is_safe():
    rules = BuildInSuit()
    state = _position(rules, {"fC": "AC 2C", "t1": "3C", "t2": "AD"}, {"deal": 0})
    assert rules.is_safe_home(state, Card(3, "C"))
    assert rules.is_safe_home(state, Card(1, "D"))
    assert not rules.is_safe_home(state, Card(4, "C"))  # not taken yet


def test_alternate_colours_follow_seed_004_exactly():
    """ "A black 4 will only be removed if there are no red 3's in the game": the shared
    rule is Vierfrei's old one, on many positions with many cards home."""
    rules = Vierfrei()
    rng = random.Random(4)
    compared = 0
    for _ in range(3000):
        out = [rng.randint(0, 13) for _ in SUITS]
        places = [(f"t{n}", 99) for n in range(1, 9)] + [(f"c{n}", 1) for n in range(1, 5)]
        state = spread(rules, rng, out, places, {"deal": 0})
        for name in [*rules.tableau, *rules.cells]:
            card = state.top(name)
            if card is None:
                continue
            other = [suit for suit in SUITS if Card(1, suit).is_red != card.is_red]
            seed_rule = rules.home_accepts(state, card) and all(
                len(state.piles["f" + suit]) >= card.rank - 1 for suit in other
            )
            assert rules.is_safe_home(state, card) == seed_rule, describe(state)
            compared += seed_rule
    assert compared > 500


def test_where_cards_come_back_both_lower_cards_of_the_other_colour_are_not_enough():
    """Alternate colours, foundation cards may come back (as in The Prince). The king of
    clubs may go home and both red queens are home; but the win takes the queen of hearts
    back onto it, to hold the jack of spades while the ten goes home. Without take-backs
    the red queens would be enough; with them the other black card two lower (the jack of
    spades) must be home too."""
    rules = small_game(Build.ALTERNATE, columns=2, foundation_takeback=True)
    layout = {
        "fC": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC",
        "fD": "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
        "fH": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
        "fS": "AS 2S 3S 4S 5S 6S 7S 8S 9S",
        "t1": "KH KS TS JS",
        "t2": "KD QS KC",
    }
    state = _position(rules, layout, {"base": 1})
    home = next(move for move in rules.legal_moves(state) if move.dst == "fC")
    assert winnable(rules, state)
    assert not winnable(rules, rules.successor(state, home))
    assert not rules.is_safe_home(state, Card(13, "C"))
    assert Search(rules, state).finish().status == SOLVED
    no_take_backs = small_game(Build.ALTERNATE, columns=2)
    assert no_take_backs.is_safe_home(state, Card(13, "C"))
    # once the ten and jack of spades are home the king is safe
    state.piles["t1"][2:] = []
    state.piles["fS"] += cards("TS JS")
    assert rules.is_safe_home(state, Card(13, "C"))


def test_the_prince_asks_the_same():
    layout = {"fC": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC", "t1": "KH KS TS JS", "t2": "KD QS KC"}
    layout.update(fD="AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD", fS="AS 2S 3S 4S 5S 6S 7S 8S 9S")
    layout["fH"] = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"
    for sequence, safe in (("alternate", False), ("any-suit", False), ("same-suit", True)):
        prince = make_rules("prince", sequence=sequence)
        state = _position(prince, layout, {"deal": 0})
        assert prince.is_safe_home(state, Card(13, "C")) == safe, sequence
    state.piles["t1"][2:] = []
    state.piles["fS"] += cards("TS JS")
    assert make_rules("prince").is_safe_home(state, Card(13, "C"))


def test_the_base_card_waits_for_the_last_cards_when_ranks_wrap():
    rules = make_rules("canfield")
    values = {"deal": 0, "base": 10, "passes_used": 0}
    state = _position(rules, {"fC": "TC JC QC KC", "t2": "TH", "reserve": "5S"}, values)
    assert not rules.is_safe_home(state, Card(10, "H"))
    full = {"fC": "TC JC QC KC AC 2C 3C 4C 5C 6C 7C 8C 9C", "t2": "TH", "reserve": "5S"}
    full["fS"] = "TS JS QS KS AS 2S 3S 4S 5S 6S 7S 8S 9S"
    assert rules.is_safe_home(_position(rules, full, values), Card(10, "H"))


def test_never_from_the_waste():
    """Taking a card out of the waste changes how later passes group the hand by threes."""
    rules = make_rules("canfield", mode="2")
    values = {"deal": 0, "base": 1, "passes_used": 0}
    layout = {"f" + suit: ALL_BUT[suit] for suit in "CDH"}
    layout.update({"fS": ALL_BUT["S"][:-3], "waste": "QS", "t1": "KC", "t2": "KD", "t3": "KH"})
    layout["t4"] = "KS"
    state = _position(rules, layout, values)
    assert rules.home_accepts(state, Card(12, "S"))
    assert not rules.is_safe_home(state, Card(12, "S"))
    state.piles["t4"].append(state.piles["waste"].pop())
    assert rules.is_safe_home(state, Card(12, "S"))


def test_never_while_a_reshuffle_or_a_merci_may_come():
    """A reshuffle deals the cards still out: one more or less deals them otherwise."""
    rules = make_rules("lucie")
    layout = {"fC": "AC 2C", "t1": "4D 3C", "t2": "KS"}
    values = {"deal": 0, "redeals_used": 0, "mercis_used": 0, "draw_open": False}
    values["moved"] = frozenset()
    state = _position(rules, layout, values)
    assert rules.home_accepts(state, Card(3, "C"))
    assert not rules.is_safe_home(state, Card(3, "C"))
    state.values.update(redeals_used=2, draw_open=True)  # the draw may be made now
    assert not rules.is_safe_home(state, Card(3, "C"))
    state.values.update(mercis_used=1, draw_open=False)
    assert rules.is_safe_home(state, Card(3, "C"))


def test_a_card_that_is_not_at_the_top_of_a_pile_is_not_safe():
    rules = Vierfrei()
    state = _position(rules, {"t1": "AC KD"}, {"deal": 0})
    assert not rules.is_safe_home(state, Card(1, "C"))


def test_the_search_takes_a_safe_move_alone():
    rules = Vierfrei()
    state = _position(rules, {"t1": "KD AC", "t2": "QS"}, {"deal": 0})
    search = Search(rules, state)
    moves = search._moves(state)
    assert [(move.src, move.dst) for move in moves] == [("t1", "fC")]
    assert all(move.kind == MoveKind.MOVE for move in moves)
