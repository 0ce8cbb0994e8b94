"""The solver family fed by a game's data alone (solver/tableau.py): a new game of columns,
free cells and foundations gets a real verdict without a solver of its own.

Yukon is defined here as a new contributor would define it (a test game, not in the
chooser): any face-up cards move as a unit, only a king fills an empty column.
"""

from __future__ import annotations

import random

import pytest

from solitaire.model.cards import new_deck
from solitaire.model.game import Game
from solitaire.model.games import GAMES, make_rules
from solitaire.model.rules import DATA_SOLVER, HOME, Rules
from solitaire.model.shuffle import shuffled_deck
from solitaire.model.state import State
from solitaire.model.vocabulary import Build
from solitaire.solver.search import Search
from solitaire.solver.solve import make_search
from solitaire.solver.tableau import TableauSearch, agrees_with_engine, unfit
from solitaire.solver.verdict import SOLVED, UNKNOWN, UNSOLVABLE

COLUMNS = tuple(f"t{number}" for number in range(1, 8))


class Yukon(Rules):
    game_id = "yukon-test"
    title = "Yukon"
    tableau = COLUMNS
    build = Build.ALTERNATE
    lifts_face_up = True
    empty_fill_rank = 13
    solver = DATA_SOLVER
    codes = {**{str(number): name for number, name in enumerate(COLUMNS, start=1)}, "h": HOME}

    def deal(self, number: int) -> State:
        """One card in the first column; in each other, as many face down as its place
        less one, and five face up."""
        cards = shuffled_deck("yukon", number)
        piles, down, dealt = self.empty_piles(), {}, 0
        for index, name in enumerate(COLUMNS):
            size = 1 if index == 0 else index + 5
            piles[name] = cards[dealt : dealt + size]
            down[name] = index
            dealt += size
        return State(piles, {"deal": number}, down)


class SmallFreeCell(Yukon):
    """Two free cells, runs move through them and empty columns, any card fills a column."""

    game_id = "small-freecell-test"
    cells = ("a", "b")
    lifts_face_up = False
    supermoves = True
    empty_fill_rank = None
    codes = {**Yukon.codes, "a": "a", "b": "b"}

    def deal(self, number: int) -> State:
        cards = shuffled_deck("small freecell", number)
        piles = self.empty_piles()
        for index, card in enumerate(cards):
            piles[COLUMNS[index % 7]].append(card)
        return State(piles, {"deal": number})


def walk_positions(rules: Rules, deal: int, moves: int, seed: int):
    """Positions of seeded random play from a deal."""
    game, rng = Game(rules, deal), random.Random(seed)
    for _ in range(moves):
        yield game.state
        legal = rules.legal_moves(game.state)
        if not legal:
            return
        game.play(rng.choice(legal))


def the_family_serves(rules: Rules) -> bool:
    return rules.solver == DATA_SOLVER


@pytest.mark.parametrize(
    "rules",
    [Yukon(), SmallFreeCell(), make_rules("castle")]
    + [make_rules(game_id) for game_id in GAMES if the_family_serves(make_rules(game_id))],
    ids=lambda rules: rules.game_id,
)
def test_its_moves_are_the_engines_on_positions_of_random_play(rules):
    for deal in (1, 2):
        for state in walk_positions(rules, deal, 40, seed=deal):
            assert agrees_with_engine(rules, state) is None, (rules.game_id, deal)


def test_it_refuses_a_game_it_cannot_play_and_says_why():
    assert "piles other than" in unfit(make_rules("klondike"))  # its stock and waste
    assert "rules of its own" in unfit(make_rules("vierfrei"))  # its automatic moves
    assert unfit(Yukon()) is None
    with pytest.raises(ValueError, match="cannot be solved by its data alone"):
        TableauSearch(make_rules("klondike"), Game(make_rules("klondike"), 1).state)


def test_yukon_gets_real_verdicts_and_lines_that_win():
    # The generic search through the engine settled 6 of 20 Yukon deals at 5,000
    # positions; the data-fed family settles most of them within 25,000.
    rules = Yukon()
    assert isinstance(make_search(rules, Game(rules, 1).state), TableauSearch)
    settled = 0
    for deal in range(1, 9):
        game = Game(rules, deal)
        verdict = TableauSearch(rules, game.state, max_positions=25_000).finish()
        if verdict.status == SOLVED:
            for move in verdict.moves:
                game.play(move)
            assert rules.is_won(game.state), deal
        settled += verdict.status != UNKNOWN
    assert settled >= 6


def random_endgame(rules: Rules, rng: random.Random, left: int, columns: int) -> State:
    """The foundations built up to random heights, ``left`` cards in play dealt at random
    into the first ``columns`` columns, some of them face down: small enough for the
    generic search to see every position."""
    heights = {suit: 13 for suit in "CDHS"}
    while sum(heights.values()) > 52 - left:
        suit = rng.choice([suit for suit, height in heights.items() if height])
        heights[suit] -= 1
    piles = rules.empty_piles()
    in_play = []
    for card in new_deck():
        (piles["f" + card.suit] if card.rank <= heights[card.suit] else in_play).append(card)
    for suit in "CDHS":
        piles["f" + suit].sort(key=lambda card: card.rank)
    rng.shuffle(in_play)
    for card in in_play:
        piles[rng.choice(COLUMNS[:columns])].append(card)
    down = {name: rng.randrange(len(piles[name])) for name in COLUMNS if piles[name]}
    return State(piles, {"deal": 0}, down)


@pytest.mark.parametrize(
    ("rules", "left", "columns", "kinds"),
    [
        (Yukon(), (6, 11), 7, {SOLVED, UNSOLVABLE}),
        (SmallFreeCell(), (10, 13), 2, {SOLVED}),  # with cells and columns to spare
    ],
    ids=lambda value: getattr(value, "game_id", ""),
)
def test_every_verdict_agrees_with_the_generic_search_on_small_endgames(
    rules, left, columns, kinds
):
    # Both see every position: a win the family missed or a loss it claimed wrongly
    # would show as a different verdict; each win replays through the engine.
    rng = random.Random(11)
    seen = set()
    for _ in range(40):
        state = random_endgame(rules, rng, rng.randint(*left), columns)
        mine = TableauSearch(rules, state, max_positions=100_000).finish()
        generic = Search(rules, state, max_positions=100_000).finish()
        assert mine.status == generic.status != UNKNOWN
        seen.add(mine.status)
        if mine.status == SOLVED:
            position = state.copy()
            for move in mine.moves:
                position = rules.successor(position, move)
            assert rules.is_won(position)
    assert seen == kinds  # the kinds of verdict that were checked


def test_a_game_whose_emptied_columns_stay_empty_is_refused():
    # its moves into empty columns would be wrong (the FreeCell family serves Baker's Dozen)
    rules = make_rules("bakersdozen")
    assert unfit(rules) == "its emptied columns are never filled"
