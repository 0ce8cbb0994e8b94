"""The Yukon family (solver/yukon.py): its moves are the engine's, its verdicts the
generic search's on small endgames, its lines replay, in every game that names it."""

from __future__ import annotations

import random

import pytest

from solitaire.model.cards import SUITS, Card, new_deck
from solitaire.model.game import Game
from solitaire.model.games import GAMES, make_rules
from solitaire.model.moves import Move, MoveKind
from solitaire.model.rules import Rules
from solitaire.model.state import State
from solitaire.solver.search import Search
from solitaire.solver.solve import make_search
from solitaire.solver.verdict import SOLVED, UNKNOWN, UNSOLVABLE
from solitaire.solver.yukon import YukonSearch, agrees_with_engine

FAMILY = [game_id for game_id in GAMES if make_rules(game_id).solver == "yukon"]


def walk_positions(rules: Rules, deal: int, moves: int, seed: int):
    """Positions of seeded random play from a deal."""
    game, rng = Game(rules, deal), random.Random(seed)
    for _ in range(moves):
        yield game.state
        legal = rules.legal_moves(game.state)
        if not legal:
            return
        game.play(rng.choice(legal))


def test_the_family_serves_the_four_games():
    assert {"yukon", "russian", "grandfather", "scorpion"} <= set(FAMILY)


@pytest.mark.parametrize("game_id", FAMILY)
def test_its_moves_are_the_engines_on_positions_of_random_play(game_id):
    rules = make_rules(game_id)
    assert isinstance(make_search(rules, Game(rules, 1).state), YukonSearch)
    for deal in (1, 2):
        for state in walk_positions(rules, deal, 40, seed=deal):
            assert agrees_with_engine(rules, state) is None, (game_id, deal)


def test_a_deal_laid_by_the_family_is_the_engines():
    """Scorpion's deal is made through the engine once for each stock, then laid by the
    family: along seeded random play that keeps the stock, from deals and from endgames
    (where a deal may complete a run), one search's position after the deal is the
    engine's each time."""
    rules = make_rules("scorpion")
    rng = random.Random(5)
    starts = [Game(rules, deal).state for deal in (1, 2, 3)]
    starts += [scorpion_endgame(rules, rng) for _ in range(40)]
    laid = 0
    for state in starts:
        search = YukonSearch(rules, state, max_positions=1)
        for _ in range(30):
            if not state.piles["stock"]:
                break
            engine = search._position(rules.successor(state, Move(MoveKind.DEAL)))
            assert search._special(search._position(state), MoveKind.DEAL) == engine
            laid += bool(search.deals)
            moves = [move for move in rules.legal_moves(state) if move.kind != MoveKind.DEAL]
            if not moves:
                break
            state = rules.successor(state, rng.choice(moves))
    assert laid > 100


def test_a_deal_laid_by_the_family_sends_home_a_run_it_completes():
    """The deal made through the engine first, then laid by the family on other columns
    where its ace completes the run of spades: the run goes home as in the engine."""
    rules = make_rules("scorpion")
    piles = rules.empty_piles()
    piles["h1"] = [Card(rank, "C") for rank in range(13, 0, -1)]
    piles["h2"] = [Card(rank, "D") for rank in range(13, 0, -1)]
    hearts = [Card(rank, "H") for rank in range(13, 0, -1) if rank not in (5, 6)]
    piles["t4"], piles["t5"] = hearts[:6], hearts[6:]
    piles["stock"] = [Card(5, "H"), Card(6, "H"), Card(1, "S")]  # the ace onto the first
    piles["t1"] = [Card(rank, "S") for rank in range(13, 2, -1)]
    piles["t2"] = [Card(2, "S")]
    first = State(piles, {"deal": 0}, {})
    piles = {name: list(cards) for name, cards in piles.items()}
    piles["t1"].append(piles["t2"].pop())  # the two of spades on the three
    second = State(piles, {"deal": 0}, {})
    search = YukonSearch(rules, first, max_positions=1)
    for state in (first, second):
        engine = search._position(rules.successor(state, Move(MoveKind.DEAL)))
        assert search._special(search._position(state), MoveKind.DEAL) == engine
    assert search.deals and engine[2] == (13, 13, 0, 13)  # laid, and the spades home


def single_home_endgame(rules: Rules, rng: random.Random, left: int, columns: int) -> State:
    """The foundations built up to random heights, ``left`` cards in play dealt at random
    into the first ``columns`` columns, some of them face down."""
    heights = {suit: 13 for suit in SUITS}
    while sum(heights.values()) > 52 - left:
        suit = rng.choice([suit for suit, height in heights.items() if height])
        heights[suit] -= 1
    piles = rules.empty_piles()
    in_play = []
    for card in new_deck():
        (piles["f" + card.suit] if card.rank <= heights[card.suit] else in_play).append(card)
    for suit in SUITS:
        piles["f" + suit].sort(key=lambda card: card.rank)
    rng.shuffle(in_play)
    names = rules.tableau[:columns]
    for card in in_play:
        piles[rng.choice(names)].append(card)
    down = {name: rng.randrange(len(piles[name])) for name in names if piles[name]}
    values = {key: value for key, value in rules.deal(1).values.items()}
    if "redeals_used" in values:
        values["redeals_used"] = rng.choice((1, 2))  # one redeal left, or none
    return State(piles, values, down)


def scorpion_endgame(rules: Rules, rng: random.Random) -> State:
    """Three suits home as runs, the fourth in play: in four columns (some cards face
    down), and the stock still to deal or dealt."""
    piles = rules.empty_piles()
    suits = list(SUITS)
    rng.shuffle(suits)
    for home, suit in zip(rules.foundations, suits[:3]):
        piles[home] = [Card(rank, suit) for rank in range(13, 0, -1)]
    in_play = [Card(rank, suits[3]) for rank in range(1, 14)]
    rng.shuffle(in_play)
    stock = in_play[:3] if rng.random() < 0.5 else []
    for card in in_play[len(stock) :]:
        piles[rng.choice(rules.tableau[:4])].append(card)
    piles["stock"] = stock
    names = [name for name in rules.tableau if piles[name]]
    down = {name: rng.randrange(len(piles[name])) for name in names}
    return State(piles, {"deal": 0}, down)


def agree_on_endgames(rules: Rules, make_endgame, count: int) -> set:
    """The family's verdict and the generic search's on ``count`` endgames, both seeing
    every position: a win missed or a loss claimed wrongly shows as another verdict;
    each win replays through the engine. The kinds of verdict met."""
    rng = random.Random(11)
    seen = set()
    for _ in range(count):
        state = make_endgame(rng)
        mine = YukonSearch(rules, state, max_positions=100_000).finish()
        generic = Search(rules, state, max_positions=100_000).finish()
        assert mine.status == generic.status != UNKNOWN
        seen.add(mine.status)
        if mine.status == SOLVED:
            position = state.copy()
            for move in mine.moves:
                position = rules.successor(position, move)
            assert rules.is_won(position)
    return seen


@pytest.mark.parametrize(
    ("game_id", "left", "columns"),
    [("yukon", (6, 10), 5), ("russian", (10, 14), 2), ("grandfather", (12, 14), 2)],
)
def test_every_verdict_agrees_with_the_generic_search_on_small_endgames(game_id, left, columns):
    rules = make_rules(game_id)
    seen = agree_on_endgames(
        rules, lambda rng: single_home_endgame(rules, rng, rng.randint(*left), columns), 20
    )
    assert seen == {SOLVED, UNSOLVABLE}  # both kinds of verdict were checked


def test_scorpion_verdicts_agree_with_the_generic_search_deal_or_no_deal():
    rules = make_rules("scorpion")
    seen = agree_on_endgames(rules, lambda rng: scorpion_endgame(rules, rng), 30)
    assert seen == {SOLVED, UNSOLVABLE}


@pytest.mark.parametrize(
    ("game_id", "deal", "status"),
    [("yukon", 2, SOLVED), ("grandfather", 1, SOLVED), ("russian", 2, UNSOLVABLE)]
    # Yukon's 600017: won in some 10,700 positions (the quick walk for wins found it in
    # some 9,200 before the narrow walk; the two complete walks alone had no verdict at
    # 60,000); 600005: the narrow walk wins it in some 800 (the three walks without it
    # needed 16,724). Scorpion's 600112 is locked as dealt through
    # a face-down card held by the card lying on it (158,401 positions before), 600197
    # through a card its successor lies on (181,065 positions before).
    + [("scorpion", 9, UNSOLVABLE), ("yukon", 600017, SOLVED), ("yukon", 600005, SOLVED)]
    + [("scorpion", 600112, UNSOLVABLE), ("scorpion", 600197, UNSOLVABLE)],
)
def test_whole_deals_get_their_verdicts_and_a_win_replays(game_id, deal, status):
    rules = make_rules(game_id)
    game = Game(rules, deal)
    verdict = YukonSearch(rules, game.state, max_positions=12_000).finish()
    assert verdict.status == status
    for move in verdict.moves:
        game.play(move)
    assert rules.is_won(game.state) == (status == SOLVED)


def test_a_scorpion_endgame_called_dead_is_lost_for_the_generic_search():
    """Wherever the dead-end test fires on seeded random endgames (the stock dealt or
    not), the generic search, seeing every position, finds no win."""
    rules = make_rules("scorpion")
    rng = random.Random(5)
    dead = 0
    while dead < 8:
        state = scorpion_endgame(rules, rng)
        search = YukonSearch(rules, state, max_positions=1)
        if search._dead(search.start):
            dead += 1
            assert Search(rules, state, max_positions=100_000).finish().status == UNSOLVABLE


def spades_in_play(rules: Rules, columns: dict, stock: list) -> State:
    """Hearts, diamonds and clubs home as runs, the spades in the columns (all face up)
    and in the stock as given, by rank."""
    piles = rules.empty_piles()
    for home, suit in zip(rules.foundations, "CDH"):
        piles[home] = [Card(rank, suit) for rank in range(13, 0, -1)]
    for name, ranks in columns.items():
        piles[name] = [Card(rank, "S") for rank in ranks]
    piles["stock"] = [Card(rank, "S") for rank in stock]
    return State(piles, {"deal": 0}, {})


@pytest.mark.parametrize(
    ("spare", "stock"),
    [({"t3": [2, 1]}, []), ({}, [2, 1])],  # the ace and two in a column, or still to deal
)
def test_two_cards_each_covering_the_others_successor_lock_scorpion(spare, stock):
    """The six of spades lies under the three, the four under the five: the five may go
    only onto the six and the three only onto the four, so neither ever moves and the
    three never lies on the four. A deal still to come changes nothing."""
    rules = make_rules("scorpion")
    state = spades_in_play(rules, {"t1": [*range(13, 5, -1), 3], "t2": [4, 5], **spare}, stock)
    search = YukonSearch(rules, state, max_positions=1)
    assert search._dead(search.start)
    assert Search(rules, state, max_positions=100_000).finish().status == UNSOLVABLE
    assert YukonSearch(rules, state).finish().status == UNSOLVABLE


def test_the_lock_is_not_called_where_one_card_can_move():
    """The four on the five instead: the three goes onto the four, then the five with
    them onto the six, and the run is whole."""
    rules = make_rules("scorpion")
    state = spades_in_play(rules, {"t1": [*range(13, 5, -1), 3], "t2": [5, 4], "t3": [2, 1]}, [])
    search = YukonSearch(rules, state, max_positions=1)
    assert not search._dead(search.start)
    assert YukonSearch(rules, state).finish().status == SOLVED


def test_the_narrow_walk_keeps_the_best_two_of_the_quick_walks_moves_and_proves_nothing():
    rules = make_rules("yukon")
    search = YukonSearch(rules, Game(rules, 1).state, max_positions=1)
    narrow = [walk for walk in search.strategies if walk.moves == "_narrow"]
    assert len(narrow) == 1 and not narrow[0].complete
    kept_fewer = 0
    for deal in (1, 2, 3):
        for state in walk_positions(rules, deal, 40, seed=deal):
            search = YukonSearch(rules, state, max_positions=1)
            hopeful = search._hopeful(search.start)
            best = sorted(hopeful, key=lambda successor: -search._value(successor[1]))
            kept = search._narrow(search.start)
            # all of them where there are two or fewer, else the best two, the first
            # made among equals
            assert kept == (hopeful if len(hopeful) <= 2 else best[:2])
            kept_fewer += len(kept) < len(hopeful)
    assert kept_fewer  # positions where the walk left moves out were met


@pytest.mark.parametrize("game_id", ["yukon", "russian", "grandfather"])
def test_games_with_single_cards_going_home_have_no_dead_end_test(game_id):
    rules = make_rules(game_id)
    search = YukonSearch(rules, Game(rules, 1).state, max_positions=1)
    assert not search.tests_dead
    assert not any(walk.test_dead for walk in search.strategies)


def test_only_a_deal_closes_a_lock_in_scorpion():
    """What lets the walks test only the start and the positions a deal leads to: along
    seeded random play, a position not dead leads to a dead one by a deal only (a move
    takes links away, or makes one from the card moved to itself)."""
    rules = make_rules("scorpion")
    dead_after_deal = moves = 0
    for deal in range(1, 201):
        game, rng = Game(rules, deal), random.Random(deal)
        search = YukonSearch(rules, game.state, max_positions=1)
        was_dead = search._dead(search.start)
        for _ in range(100):
            legal = rules.legal_moves(game.state)
            if not legal or was_dead:
                break
            move = rng.choice(legal)
            game.play(move)
            dead = search._dead(search._position(game.state))
            assert not dead or move.kind == MoveKind.DEAL, (deal, move)
            dead_after_deal += dead
            moves += 1
            was_dead = dead
    assert dead_after_deal and moves > 1000  # a deal closed a lock somewhere


def test_a_lock_through_face_down_cards_in_scorpion():
    """The three of spades lies face down on the ten, under the six face down: the six
    waits for the seven, under the nine face down; the nine for the ten, under the three;
    the three, covered, for the six to move. None ever moves, and the test sees it through
    the cards lying on the face-down ones (the lowest face-up card above the three, the
    king, may move)."""
    rules = make_rules("scorpion")
    columns = {"t1": [10, 3, 6, 13, 12, 11], "t2": [7, 9, 5], "t3": [8, 2, 1, 4]}
    dealt = spades_in_play(rules, columns, [])
    state = State(dealt.piles, dealt.values, {"t1": 3, "t2": 2})
    search = YukonSearch(rules, state, max_positions=1)
    assert search._dead(search.start)
    assert Search(rules, state, max_positions=100_000).finish().status == UNSOLVABLE


@pytest.mark.parametrize(("second", "locked"), [([4, 5], True), ([5, 4], False)])
def test_a_card_under_its_successor_locks_scorpion(second, locked):
    """The three of spades lies on the two: the two can go only onto the three, so it
    waits for the three to leave its column; the three waits for the four, under the
    five; the five for the six, under the two. With the four on the five instead, the
    three leaves and the run is won."""
    rules = make_rules("scorpion")
    columns = {"t1": [6, 2, 3], "t2": second, "t3": [*range(13, 6, -1)], "t4": [1]}
    state = spades_in_play(rules, columns, [])
    search = YukonSearch(rules, state, max_positions=1)
    assert search._dead(search.start) == locked
    generic = Search(rules, state, max_positions=100_000).finish()
    assert generic.status == (UNSOLVABLE if locked else SOLVED)


@pytest.mark.parametrize(("down", "locked"), [(1, True), (0, False)])
def test_a_card_on_its_successor_face_down_locks_scorpion(down, locked):
    """The queen of spades on the king face down never moves (it goes onto the king
    only), so the king is never turned up and never goes home; face up, the run is won."""
    rules = make_rules("scorpion")
    dealt = spades_in_play(rules, {"t1": [13, 12], "t2": [*range(11, 0, -1)]}, [])
    state = State(dealt.piles, dealt.values, {"t1": down})
    search = YukonSearch(rules, state, max_positions=1)
    assert search._dead(search.start) == locked
    generic = Search(rules, state, max_positions=100_000).finish()
    assert generic.status == (UNSOLVABLE if locked else SOLVED)


def four_face_up_on(rules: Rules, under: list[int]) -> State:
    """Scorpion, the spades in play, nothing left to deal: the four face up on the
    face-down cards ``under`` (ranks, bottom first) in the first column, the run from the
    king down as far as it goes without them in the second, the three with the two on it
    in the third."""
    run = [rank for rank in range(13, 4, -1) if rank not in under]
    state = spades_in_play(rules, {"t1": [*under, 4], "t2": run, "t3": [3, 2]}, [])
    return State(state.piles, state.values, {"t1": len(under)})


@pytest.mark.parametrize(("under", "locked"), [([5, 1], True), ([1], False)])
def test_a_card_above_its_successor_face_down_locks_scorpion(under, locked):
    """The four of spades, the lowest face-up card of its column, lies above the five
    face down there: it can never move (nothing under it can), so it never lies on the
    five. With the five at the top of the run from the king instead, the deal is won."""
    rules = make_rules("scorpion")
    state = four_face_up_on(rules, under)
    search = YukonSearch(rules, state, max_positions=1)
    assert search._dead(search.start) == locked
    generic = Search(rules, state, max_positions=100_000).finish()
    assert generic.status == (UNSOLVABLE if locked else SOLVED)
    assert YukonSearch(rules, state).finish().status == generic.status


def run_from_king_endgame(rules: Rules, rng: random.Random) -> State:
    """Two suits home as runs; the third's run from its king down to a random rank in the
    first column, face up, on up to two face-down cards; the rest of it and the fourth
    suit dealt at random there and into the next four columns, some face down; nothing
    left to deal."""
    piles = rules.empty_piles()
    suits = list(SUITS)
    rng.shuffle(suits)
    for home, suit in zip(rules.foundations, suits[:2]):
        piles[home] = [Card(rank, suit) for rank in range(13, 0, -1)]
    low = rng.randint(2, 8)
    rest = [Card(rank, suits[2]) for rank in range(1, low + 1)]
    rest += [Card(rank, suits[3]) for rank in range(1, 14)]
    rng.shuffle(rest)
    under = rng.randrange(3)
    piles["t1"] = rest[:under] + [Card(rank, suits[2]) for rank in range(13, low, -1)]
    for card in rest[under:]:
        piles[rng.choice(rules.tableau[1:5])].append(card)
    down = {name: rng.randrange(len(piles[name])) for name in rules.tableau[1:5] if piles[name]}
    down["t1"] = under
    return State(piles, {"deal": 0}, down)


def test_a_card_onto_a_run_from_its_king_alone_loses_no_win():
    """Scorpion, nothing left to deal: a card goes onto its successor at the top of a run
    from its king alone. On seeded endgames where it does so at the start, the family's
    verdict is the generic search's, each seeing every position; wins and losses both."""
    rules = make_rules("scorpion")
    rng, seen = random.Random(11), set()
    for _ in range(12):
        state = run_from_king_endgame(rules, rng)
        mine = YukonSearch(rules, state, max_positions=100_000)
        if mine._onto_run_from_king(mine.start) is None:
            continue
        verdict = mine.finish()
        assert verdict.status == Search(rules, state, max_positions=100_000).finish().status
        seen.add(verdict.status)
        position = state.copy()
        for move in verdict.moves:
            position = rules.successor(position, move)
        assert rules.is_won(position) == (verdict.status == SOLVED)
    assert seen == {SOLVED, UNSOLVABLE}
