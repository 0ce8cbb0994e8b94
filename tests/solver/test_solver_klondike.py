"""The Klondike solver: positions it merges, cards it sends home unasked, its verdicts."""

import random

import pytest
from helpers import cards, game_with

from solitaire.model.cards import SUITS, Card
from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import Move, MoveKind
from solitaire.model.state import State
from solitaire.solver.core import Strategy, Walk
from solitaire.solver.klondike import KlondikeSearch, _code, _unpacked
from solitaire.solver.search import SOLVED, UNKNOWN, UNSOLVABLE, Search

TURN = Move(MoveKind.TURN)


def replay(rules, state, moves) -> None:
    """Every move must be legal in turn, and the last must win."""
    for move in moves:
        assert rules.is_legal(state, move), move
        state = rules.successor(state, move)
    assert rules.is_won(state)


def turned(rules, state, times: int) -> State:
    for _ in range(times):
        state = rules.successor(state, TURN)
    return state


def talon_game(**options) -> Game:
    """Nothing to play from the columns; six cards to turn, the two of clubs among them."""
    homes = {"fC": "AC", "fD": "AD 2D", "fH": "AH 2H", "fS": "AS"}
    columns = {f"t{n}": "KS" for n in range(1, 8)}
    return game_with(
        "klondike",
        {**homes, **columns, "stock": "2C 9C 9D QH 9H TC", "waste": ""},
        values={"passes_used": 0} if options.get("passes", "unlimited") != "unlimited" else {},
        **options,
    )


def test_turning_alone_merges_the_states_of_a_fresh_pass_where_passes_are_unlimited():
    game = talon_game(draw="1")
    search = KlondikeSearch(game.rules, game.state)
    start = search._key(search.start)
    for times in range(1, 8):  # every state of the talon, then round again
        after = KlondikeSearch(game.rules, turned(game.rules, game.state, times))
        assert after._key(after.start) == start, times


def test_by_threes_only_the_turns_of_a_fresh_pass_merge():
    game = talon_game(draw="3")
    keys = []
    for times in range(4):  # 0, 3, 6 (all) cards turned, then the waste back over
        search = KlondikeSearch(game.rules, turned(game.rules, game.state, times))
        keys.append(search._key(search.start))
    assert len(set(keys)) == 1
    # Two cards turned (one came off the waste): turning reaches the fresh pass from
    # there, but not back, so the two are positions of their own.
    odd = game_with("klondike", {**talon_piles(game), "stock": "2C 9H QH TC", "waste": "9C 9D"})
    search = KlondikeSearch(game.rules, odd.state)
    fresh = KlondikeSearch(game.rules, turned(game.rules, odd.state, 3))
    assert fresh._key(fresh.start) != search._key(search.start)


def talon_piles(game: Game) -> dict:
    return {name: " ".join(map(str, cards)) for name, cards in game.state.piles.items()}


def test_drawing_three_a_position_stands_for_those_its_turns_reach():
    """Two cards turned (one came off the waste) reach five, then the fresh pass: the walks
    have visited the start, so they leave the other two out, whose successors are some of
    the start's; five turned does not reach two, nor does the fresh pass."""
    game = talon_game(draw="3")
    odd = game_with("klondike", {**talon_piles(game), "stock": "2C 9H QH TC", "waste": "9C 9D"})
    search = KlondikeSearch(game.rules, odd.state)
    further = [KlondikeSearch(game.rules, turned(game.rules, odd.state, times)) for times in (1, 2)]
    assert further[0].start[1] == 5 and further[1]._key(further[1].start)[19] == 0
    for other in further:
        key = other._key(other.start)
        assert key != search._key(search.start)
        assert search._covered(key, 1) and search._covered(key, 4)
        assert every_successor(other, other.start) <= every_successor(search, search.start)
        assert not other._covered(search._key(search.start), 1)


def test_with_passes_counted_every_state_of_the_talon_is_its_own():
    game = talon_game(draw="1", passes="3")
    keys = set()
    for times in range(7):
        search = KlondikeSearch(game.rules, turned(game.rules, game.state, times))
        keys.add(search._key(search.start))
    assert len(keys) == 7


@pytest.mark.parametrize("passes, turns", [("unlimited", 6), ("1", None)])
def test_drawing_one_a_safe_card_of_the_talon_goes_home_and_nothing_else_is_tried(passes, turns):
    """The two of clubs is safe (both red twos home): with passes unlimited it is fetched
    from the stock and sent home alone; with one pass only when it is the waste's top,
    since turning to it would pass cards that never come round again."""
    game = talon_game(draw="1", passes=passes)
    search = KlondikeSearch(game.rules, game.state)
    start = search.start
    successors = search._successors(start)
    if turns is None:
        assert len(successors) > 1
        return
    [(moves, after)] = successors
    assert moves == (TURN,) * turns + (Move(MoveKind.MOVE, "waste", "fC"),)
    assert after[0][:4] == bytes((2, 2, 2, 1))


def test_without_turns_the_stock_stays_put():
    """Asked to leave turning out, the search makes no move that turns the stock (the
    two of clubs in the stock stays there) and finds no win."""
    game = talon_game(draw="1")
    search = KlondikeSearch(game.rules, game.state, without=frozenset({MoveKind.TURN}))
    assert all(TURN not in moves for moves, _ in search._successors(search.start))
    assert search.finish().status == UNSOLVABLE


def test_drawing_three_no_card_of_the_waste_goes_home_unasked():
    game = talon_game(draw="3")
    search = KlondikeSearch(game.rules, game.state)
    assert len(search._successors(search.start)) > 1


def test_a_deal_is_proven_lost_and_a_won_one_replays():
    """Deal 3 drawing one cannot be won: proven here in some 17,000 positions (the two
    walks in turns, one of them running dry); the search without the merged talon states
    and the safe waste cards proves it too, in 232,275 (too many for a test)."""
    rules = make_rules("klondike", draw="1")
    verdict = KlondikeSearch(rules, Game(rules, 3).state).finish()
    assert verdict.status == UNSOLVABLE and verdict.positions < 20_000
    state = Game(rules, 4).state
    won = KlondikeSearch(rules, state).finish()
    assert won.status == SOLVED
    replay(rules, state, won.moves)


def endgame(draw: str, passes: str, seed: int, runs: bool = False, most_waste: int = 2) -> tuple:
    """A small random position: most cards home, the rest in the seven columns (all but
    their top card face down, and with ``runs`` face-up runs on some of them, so that runs
    may change places between twins), the stock and the waste."""
    rng = random.Random(f"klondike {draw} {passes} {seed}" + (" runs" if runs else ""))
    rules = make_rules("klondike", draw=draw, passes=passes)
    piles = rules.empty_piles()
    out = []
    for suit in SUITS:
        home = rng.randint(3 if runs else 4, 12)
        piles["f" + suit] = [Card(rank, suit) for rank in range(1, home + 1)]
        out += [Card(rank, suit) for rank in range(home + 1, 14)]
    rng.shuffle(out)
    down = {}
    for number in range(1, 8):
        size = rng.randint(1, 4)
        piles[f"t{number}"], out = out[:size], out[size:]
        down[f"t{number}"] = max(0, len(piles[f"t{number}"]) - 1)
    while runs and out and rng.random() < 0.8:
        column = piles[f"t{rng.randint(1, 7)}"]
        fits = [card for card in out if column and rules.builds_on(card, column[-1])]
        if fits:
            column.append(fits[0])
            out.remove(fits[0])
    waste = rng.randint(0, most_waste)
    piles["waste"], piles["stock"] = out[:waste], out[waste:]
    return rules, State(piles, {"deal": 0, **rules.hand_values()}, down)


def agree_with_the_generic_search(
    draw: str, passes: str, seeds, runs: bool = False, most_waste: int = 2
) -> int:
    """How many of these small positions the generic search (which walks the engine's own
    moves) settles; where it does, its verdict must be the Klondike search's; every win
    replays."""
    settled = 0
    for seed in seeds:
        rules, state = endgame(draw, passes, seed, runs, most_waste)
        verdict = KlondikeSearch(rules, state).finish()
        assert verdict.status != UNKNOWN, seed
        if verdict.status == SOLVED:
            replay(rules, state, verdict.moves)
        generic = Search(rules, state, max_positions=15_000).finish()
        if generic.status != UNKNOWN:
            assert generic.status == verdict.status, seed
            settled += 1
    return settled


@pytest.mark.parametrize("draw", ["1", "3"])
@pytest.mark.parametrize("passes", ["unlimited", "1"])
def test_verdicts_on_small_positions_agree_with_the_generic_search(draw, passes):
    assert agree_with_the_generic_search(draw, passes, range(5)) >= 4


@pytest.mark.parametrize("draw, passes", [("1", "unlimited"), ("3", "unlimited"), ("3", "3")])
def test_with_runs_that_change_twins_the_verdicts_agree_too(draw, passes):
    assert agree_with_the_generic_search(draw, passes, range(1, 8), runs=True) >= 5


@pytest.mark.parametrize("draw", ["1", "3"])
def test_with_one_pass_and_a_deep_waste_the_verdicts_agree_too(draw):
    """In the last pass the cards of the waste under its top are taken for covered cards
    (``_dead``): the losses that finds must be the generic search's."""
    assert agree_with_the_generic_search(draw, "1", range(4), most_waste=8) >= 3


def buried_waste_game(passes: str) -> Game:
    """The three of spades tops the waste over the two of spades and both red fours: it
    can go neither home nor onto a four. In the last pass nothing else can free them."""
    homes = {"fC": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", "fS": "AS"}
    homes |= {"fD": "AD 2D 3D", "fH": "AH 2H 3H"}
    piles = {
        "t1": "KD QD JD TD 9D 8D 7D 6D 5D",
        "t2": "KH QH JH TH 9H 8H 7H 6H 5H",
        "t3": "KS QS JS TS 9S 8S 7S 6S 5S 4S",
        "waste": "4H 4D 2S 3S",
        "stock": "",
    }
    down = {"t1": 8, "t2": 8, "t3": 9}
    return game_with(
        "klondike", {**homes, **piles}, down=down, values={"passes_used": 0}, passes=passes
    )


def test_in_the_last_pass_a_waste_card_that_can_never_leave_makes_the_position_dead():
    """With one pass the start is dead, and the generic search agrees that nothing wins;
    with passes left the waste turns over, the fours come up first and the deal is won."""
    game = buried_waste_game("1")
    search = KlondikeSearch(game.rules, game.state)
    assert search._dead(search.start)
    assert search.finish().status == UNSOLVABLE
    assert Search(game.rules, game.state, max_positions=15_000).finish().status == UNSOLVABLE
    game = buried_waste_game("3")
    search = KlondikeSearch(game.rules, game.state)
    assert not search._dead(search.start)
    verdict = search.finish()
    assert verdict.status == SOLVED
    replay(game.rules, game.state, verdict.moves)


def twins_game(run_on: str) -> Game:
    """A jack of spades on the queen of hearts (column 1) or on the queen of diamonds
    (column 2); the ten of diamonds, the nine of hearts and the jack of clubs in the stock."""
    homes = {"fC": "AC", "fD": "AD", "fH": "AH", "fS": "AS"}
    columns = {"t1": "KC QH JS", "t2": "QD"} if run_on == "QH" else {"t1": "KC QH", "t2": "QD JS"}
    return game_with("klondike", {**homes, **columns, "stock": "TD 9H JC"})


def every_successor(search: KlondikeSearch, position) -> set:
    """The keys of the positions one move away, the deferred ones too."""
    keys = set()
    for _, after in search._successors(position):
        if after[-1]:  # the deferred moves' position
            keys |= {later[0] for _, later in search._successors(after)}
        else:
            keys.add(after[0])
    return keys


def test_a_run_on_either_twin_is_one_position_with_the_same_successors():
    """The jack on either queen: one position (kept with the run on the diamond queen,
    the lower code), reached by the engine's own move, and from either the search makes
    the same positions."""
    on_hearts, on_diamonds = twins_game("QH"), twins_game("QD")
    search = KlondikeSearch(on_hearts.rules, on_hearts.state)
    talon = bytes(_code(card) for card in reversed(on_hearts.state.piles["stock"]))
    settled = []
    for game in (on_hearts, on_diamonds):
        cols = [bytes(_code(card) for card in game.state.piles[f"t{n}"]) for n in range(1, 8)]
        settled.append(search._settle((), bytes((1, 1, 1, 1)), [0] * 7, cols, 0, talon, 0))
    (moves, position), (none, same) = settled
    assert position[0] == same[0] and not none
    assert moves == (Move(MoveKind.MOVE, "t1", "t2", 1),)
    assert on_hearts.rules.successor(on_hearts.state, moves[0]).piles == on_diamonds.state.piles
    other = KlondikeSearch(on_diamonds.rules, on_diamonds.state)
    from_hearts = every_successor(search, search.start)
    assert len(from_hearts) > 2
    assert from_hearts == every_successor(other, other.start)


@pytest.mark.parametrize("draw", ["1", "3"])
def test_columns_with_no_card_face_down_are_one_position_in_either_order(draw):
    """Two columns of a king and a queen, nothing face down, in either order (a third
    column keeps a card face down, and its place): one key, and the win found from either
    names the piles as they are and replays."""
    homes = {"fC": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC", "fD": "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD"}
    homes |= {"fH": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH", "fS": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS"}
    keys = set()
    for first, second in [("KH QS", "KS QH"), ("KS QH", "KH QS")]:
        piles = {"t1": "KD JS", "t2": first, "t5": second, "stock": "QD QC KC"}
        game = game_with("klondike", {**homes, **piles}, down={"t1": 1}, draw=draw)
        search = KlondikeSearch(game.rules, game.state)
        keys.add(search._key(search.start))
        verdict = search.finish()
        assert verdict.status == SOLVED
        replay(game.rules, game.state, verdict.moves)
    assert len(keys) == 1


def test_a_card_that_can_never_move_makes_the_position_dead():
    """The five of clubs lies on both red sixes and on the four of clubs: it can go
    neither home nor onto a six, and the cards under it never come out. Dead at once, and
    the generic search agrees that nothing wins."""
    homes = {"fC": "AC 2C 3C", "fD": "AD 2D 3D 4D 5D", "fH": "AH 2H 3H 4H 5H", "fS": "AS"}
    piles = {"t1": "6H 4C 6D 5C", "t2": "2S", "t3": "3S", "stock": "4S 5S 6S 6C"}
    game = game_with("klondike", {**homes, **piles}, down={"t1": 3})
    search = KlondikeSearch(game.rules, game.state)
    key = search.start[0]
    cols = [bytes(_code(card) for card in game.state.piles[f"t{n}"]) for n in range(1, 8)]
    assert search._dead(search.start)
    assert search._stuck(key[:4], [3, 0, 0, 0, 0, 0, 0], cols)
    assert search.finish().status == UNSOLVABLE
    assert Search(game.rules, game.state, max_positions=15_000).finish().status == UNSOLVABLE
    # With the six of diamonds out of the column the five may go onto it: not dead.
    cols[0] = bytes(_code(card) for card in cards("6H 4C 5C"))
    assert not search._stuck(key[:4], [2, 0, 0, 0, 0, 0, 0], cols)


def test_a_covering_card_whose_parents_can_never_lie_in_a_column_makes_the_start_dead():
    """The four of hearts and the four of diamonds lie on their suits' twos: they go home
    only after them, and onto a black five only where that five lies in a column, which
    needs a red six there, and both red sixes lie under them. The test that takes the
    fives in the stock for places to go misses it; the start is dead, and the generic
    search agrees that nothing wins."""
    homes = {"fC": "AC 2C 3C 4C", "fS": "AS 2S 3S 4S", "fH": "AH", "fD": "AD"}
    piles = {
        "t1": "6C 7C 8C 9C TC JC QC KC 6H 2H 4H",
        "t2": "6S 7S 8S 9S TS JS QS KS 6D 2D 4D",
        "stock": "5C 5S 3H 5H 7H 8H 9H TH JH QH KH 3D 5D 7D 8D 9D TD JD QD KD",
    }
    game = game_with("klondike", {**homes, **piles}, down={"t1": 10, "t2": 10}, draw="3")
    search = KlondikeSearch(game.rules, game.state)
    found, down, _, _, cols = _unpacked(search.start[0])
    assert not search._stuck(found, down, cols)
    assert search._stuck(found, down, cols, placing=True) and search._dead(search.start)
    assert search.finish().status == UNSOLVABLE
    assert Search(game.rules, game.state, max_positions=15_000).finish().status == UNSOLVABLE


def test_a_deal_the_search_found_hard_is_won_in_few_positions():
    """Deal 600015 drawing one: the search before the twins' classes, the dead-end test,
    the deferred moves and the deeper walk found no win in 150,000 positions; now a few
    thousand."""
    rules = make_rules("klondike", draw="1")
    state = Game(rules, 600015).state
    verdict = KlondikeSearch(rules, state, max_positions=10_000).finish()
    assert verdict.status == SOLVED
    replay(rules, state, verdict.moves)


def test_deal_5_is_won_by_the_walk_that_counts_moves():
    """Deal 5 drawing one, named by testers: no win in the whole budget of 200,000
    positions before the walk that counts moves (``_moves_left``) took its turns; now some
    21,000 positions, under a second of CPU. Each walk takes positions of equal promise in
    the order it found them itself (``ties_in_walk_order``): in the store's order the
    narrow walk's finds reordered the walk that counts moves, and it took 198,984."""
    rules = make_rules("klondike", draw="1")
    state = Game(rules, 5).state
    search = KlondikeSearch(rules, state, max_positions=25_000)
    assert search.ties_in_walk_order
    verdict = search.finish()
    assert verdict.status == SOLVED
    assert search.strategies[search.won_by] == Strategy(value="_moves_left", depth_cost=1.0)
    replay(rules, state, verdict.moves)


@pytest.mark.parametrize("draw", ["1", "3"])
def test_the_deep_walk_has_the_first_turn_then_the_others_take_turns(draw):
    """Where passes are unlimited the deep best-first walk has one turn, then the dive, the
    walk that counts moves and the narrow walk take turns (drawing one, each walk takes
    positions of equal promise in the order it found them); with passes counted the
    talon's states do not merge, and the deep walk and the narrow walk take turns (they
    settle more deals there than the deep walk alone or all four)."""
    search = KlondikeSearch(*game_state(draw=draw, passes="unlimited"))
    assert search.ties_in_walk_order == (draw == "1")
    assert [strategy.walk for strategy in search.strategies] == [
        Walk.BEST_FIRST,
        Walk.DIVE,
        Walk.BEST_FIRST,
        Walk.BEST_FIRST,
    ]
    assert search.strategies[0] == Strategy()
    # Only the narrow walk leaves moves out: a loss is proven by a walk that keeps them.
    assert [strategy.complete for strategy in search.strategies] == [True, True, True, False]
    assert search.strategies[3].moves == "_narrow"
    assert search.turn == 0  # the first turn, the core's as it began
    assert [search._next_turn()[0] for _ in range(7)] == [1, 2, 3, 1, 2, 3, 1]
    counted = KlondikeSearch(*game_state(draw=draw, passes="1"))
    assert counted.strategies == (Strategy(), search.strategies[3])
    assert counted.turn == 0
    assert [counted._next_turn()[0] for _ in range(5)] == [1, 0, 1, 0, 1]


@pytest.mark.parametrize("draw", ["1", "3"])
def test_the_narrow_walk_keeps_the_two_successors_the_guess_finds_best(draw):
    """Of a position's successors the narrow walk keeps two, none that the guess of moves
    left finds worse than one it leaves out; where there are two or fewer, all of them."""
    rules = make_rules("klondike", draw=draw)
    checked = 0
    for number in range(600001, 600011):
        search = KlondikeSearch(rules, Game(rules, number).state, max_positions=100)
        # the start and the positions one move from it
        for position in [search.start, *(after for _, after in search._successors(search.start))]:
            successors = search._successors(position)
            kept = search._narrow(position)
            assert all(successor in successors for successor in kept)
            assert len(kept) == min(2, len(successors))
            if len(successors) > 2:
                left_out = [successor for successor in successors if successor not in kept]
                worst_kept = min(search._moves_left(after) for _, after in kept)
                assert all(search._moves_left(after) <= worst_kept for _, after in left_out)
                checked += 1
    assert checked  # some of the positions have more than two moves


def test_a_deal_the_narrow_walk_wins_in_few_positions():
    """Deal 600040 drawing three: unknown within 2 s (some 55,000 positions) before the
    narrow walk; Klondike-Solver's winning line showed where the other walks lost it (the
    module's docstring). The narrow walk wins it in some 2,000 positions."""
    rules = make_rules("klondike", draw="3")
    state = Game(rules, 600040).state
    search = KlondikeSearch(rules, state, max_positions=5_000)
    verdict = search.finish()
    assert verdict.status == SOLVED and search.strategies[search.won_by].moves == "_narrow"
    replay(rules, state, verdict.moves)


def game_state(draw: str = "1", **options) -> tuple:
    rules = make_rules("klondike", draw=draw, **options)
    return rules, Game(rules, 1).state


def test_no_move_makes_a_position_dead():
    """``_dead`` asks the start only: a position made from one that is not dead is not
    dead (its docstring says why). Random lines of the search's own moves, drawing one
    and three, each position against every one made from it."""
    chooser = random.Random(11)
    checked = 0
    for draw, deal in [(draw, deal) for draw in ("1", "3") for deal in range(600001, 600013)]:
        rules = make_rules("klondike", draw=draw)
        search = KlondikeSearch(rules, Game(rules, deal).state)
        position = search.start
        for _ in range(80):
            children = [after for _, after in search._successors(position)]
            if not children:
                break
            parent_stuck = search._stuck(*stuck_parts(position[0]))
            for key, *_, deferred in children:
                assert parent_stuck or deferred or not search._stuck(*stuck_parts(key))
                checked += 1
            position = chooser.choice(children)
    assert checked > 1_000


@pytest.mark.parametrize("draw", ["1", "3"])
def test_with_one_pass_only_turns_make_a_position_dead(draw):
    """In the last pass parts of the talon count as covered cards (``_talon_piles``), so
    ``_dead`` asks only the positions a move with turns leads to: any other move makes
    no position dead that was not. Random lines of the search's own moves."""
    chooser = random.Random(12)
    checked = 0
    rules = make_rules("klondike", draw=draw, passes="1")
    for deal in range(600001, 600013):
        search = KlondikeSearch(rules, Game(rules, deal).state)
        position = search.start
        for _ in range(60):
            children = search._successors(position)
            if not children:
                break
            parent_stuck = search._stuck(
                *stuck_parts(position[0]), talon_piles=search._talon_piles(position)
            )
            for macro, after in children:
                if after[-1] or search._worth_testing(macro):
                    continue
                assert parent_stuck or not search._stuck(
                    *stuck_parts(after[0]), talon_piles=search._talon_piles(after)
                )
                checked += 1
            position = chooser.choice([after for _, after in children])
    assert checked > 100


def stuck_parts(key: bytes) -> tuple:
    found, down, _, _, cols = _unpacked(key)
    return found, down, cols
