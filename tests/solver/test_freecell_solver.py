"""The FreeCell solver: its solutions replay through the engine, its proofs of defeat hold."""

import random
import re

import pytest
from helpers import engine_winnable, game_with, run_in_steps

from solitaire.model.cards import SUITS, Card
from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.games.vierfrei import Vierfrei
from solitaire.model.moves import Move, MoveKind
from solitaire.model.state import State
from solitaire.model.vocabulary import Build
from solitaire.solver import freecell
from solitaire.solver.freecell import (
    BUILDS,
    FreecellSearch,
    encode_state,
    solve_deal,
    solve_freecell,
)
from solitaire.solver.solve import budget_for, solve_game
from solitaire.solver.verdict import SOLVED, UNKNOWN, UNSOLVABLE, GaveUp, Outcome

NOTATION = re.compile(r"^([1-8][1-8a-dh]|[a-d][1-8h])(v\d+)?$")
COLUMNS = {f"t{n}" for n in range(1, 9)}


def engine_can_win(rules, state: State) -> bool:
    """The engine's exhaustive search (card moves only) of a small position."""
    return engine_winnable(
        rules,
        state,
        300_000,
        key=rules.position_key,
        skip=lambda move: move.kind != MoveKind.MOVE,
    )


def assert_the_engine_s_verdict(rules, state: State, seed) -> Outcome:
    """The solver's verdict on a small position is the engine's, and a win replays;
    returns the verdict."""
    result = solve_game(rules, state)
    can_win = engine_can_win(rules, state)
    assert result.status == (SOLVED if can_win else UNSOLVABLE), seed
    if can_win:
        play = Game(rules, 1)
        play.state = state
        for move in result.moves:
            play.play(move)
        assert rules.is_won(play.state), seed
    return result.status


def replay_check(deal_number: int, moves: list[tuple[str, str, int]]) -> Game:
    """Play every (src, dst, count) through the real engine; the game must end won."""
    rules = make_rules("vierfrei")
    game = Game(rules, deal_number)
    for src, dst, count in moves:
        game.play(Move(MoveKind.MOVE, src, dst, count))
    assert rules.is_won(game.state), f"deal {deal_number}: the solution does not win"
    return game


def exhaustive_engine_search(game: Game, budget: int = 200_000) -> bool:
    """Can the position be won? Asked of the engine alone (its own legal moves, no
    automatic moves), positions compared up to the order of columns and of cells."""

    def key(state):
        piles = state.piles
        return (
            tuple(sorted(tuple(piles[f"t{n}"]) for n in range(1, 9))),
            tuple(sorted(tuple(piles[f"c{n}"]) for n in range(1, 5))),
            tuple(len(piles["f" + suit]) for suit in "CDHS"),
        )

    return engine_winnable(
        game.rules, game.state, budget, key=key, skip=lambda move: move.kind != MoveKind.MOVE
    )


@pytest.mark.parametrize("deal", [1, 2, 24, 100, 617])
def test_microsoft_deals_are_solved_and_replay(deal):
    result = solve_deal(deal)
    assert result.status == "solved"
    assert result.positions > 0 and result.seconds >= 0
    replay_check(deal, result.moves)


def test_every_foundation_move_is_listed():
    result = solve_deal(1)
    home = [move for move in result.moves if move[1].startswith("f")]
    assert len(home) == 52
    assert all(count == 1 for src, dst, count in home)


def test_solution_notation_reads_like_freecell_programs_write_it():
    rules = make_rules("vierfrei")
    result = solve_deal(617)
    game = Game(rules, 617)
    texts = []
    for src, dst, count in result.moves:
        move = Move(MoveKind.MOVE, src, dst, count)
        text = rules.format_move(move, game.state)
        assert NOTATION.match(text), text
        if count > 1:
            assert src in COLUMNS and dst in COLUMNS, text
        texts.append(text)
        game.play(move)
    assert rules.is_won(game.state)
    # and the notation alone, read back by the engine, wins the deal again
    reader = Game(rules, 617)
    reader.play_sequence(texts)
    assert rules.is_won(reader.state)


def test_solves_from_the_middle_of_a_game():
    rules = make_rules("vierfrei")
    first = solve_deal(24)
    game = Game(rules, 24)
    for src, dst, count in first.moves[:15]:
        game.play(Move(MoveKind.MOVE, src, dst, count))
    rest = solve_freecell(game.state)
    assert rest.status == "solved"
    for src, dst, count in rest.moves:
        game.play(Move(MoveKind.MOVE, src, dst, count))
    assert rules.is_won(game.state)


def _spades_and_clubs_home(hearts_home: int, diamonds_home: int) -> dict[str, str]:
    ranks = "A23456789TJQK"
    return {
        "fC": " ".join(rank + "C" for rank in ranks),
        "fS": " ".join(rank + "S" for rank in ranks),
        "fH": " ".join(rank + "H" for rank in ranks[:hearts_home]),
        "fD": " ".join(rank + "D" for rank in ranks[:diamonds_home]),
    }


# Nineteen red cards: none can go on another, so cards only move into free spaces. There
# is one (cell d) and no move makes a second, but the 3 of hearts and the 6 of diamonds,
# the only cards the foundations take, each lie under two cards.
DEADLOCK = {
    **_spades_and_clubs_home(2, 5),
    "c1": "JH",
    "c2": "QH",
    "c3": "KH",
    "t1": "3H 4H 5H",
    "t2": "6D 7D 8D",
    "t3": "6H 7H",
    "t4": "8H 9H",
    "t5": "TH",
    "t6": "9D TD",
    "t7": "JD QD",
    "t8": "KD",
}


def test_a_hand_made_deadlock_is_proven_unsolvable():
    game = game_with("vierfrei", DEADLOCK)
    assert sum(len(cards) for cards in game.state.piles.values()) == 52
    assert game.legal_moves(), "the position has moves; they just lead nowhere"
    result = solve_freecell(game.state)
    assert result.status == "unsolvable"
    assert result.moves == []
    assert not exhaustive_engine_search(game)


def test_one_more_free_cell_and_the_deadlock_is_solved():
    game = game_with("vierfrei", {**DEADLOCK, "c3": "", "t5": "TH KH"})
    result = solve_freecell(game.state)
    assert result.status == "solved"
    for src, dst, count in result.moves:
        game.play(Move(MoveKind.MOVE, src, dst, count))
    assert game.rules.is_won(game.state)


def test_a_position_without_any_move_is_unsolvable():
    game = game_with(
        "vierfrei",
        {
            **_spades_and_clubs_home(2, 5),
            "c1": "JH",
            "c2": "QH",
            "c3": "KH",
            "c4": "9H",
            "t1": "3H 4H 5H",
            "t2": "6D 7D 8D",
            "t3": "6H 7H",
            "t4": "8H TH",
            "t5": "9D",
            "t6": "TD",
            "t7": "JD QD",
            "t8": "KD",
        },
    )
    assert game.legal_moves() == []
    assert solve_freecell(game.state).status == "unsolvable"


def test_limits_give_unknown_never_a_false_verdict():
    result = solve_deal(11982, max_positions=200)
    assert result.status == "unknown"
    # the walk stops after the position whose children reach the budget
    assert 200 <= result.positions < 300


def test_deal_11982_is_proven_unsolvable():
    result = solve_deal(11982)
    assert result.status == "unsolvable"
    assert result.moves == []


# ---------------------------------------------------------------------------- Baker's Game


class InSuit(Vierfrei):
    """Baker's Game: Vierfrei's deals and layout, the columns building down in suit."""

    build = Build.SUIT


def play_out(rules, state: State, moves: list[tuple[str, str, int]]) -> State:
    """Every (src, dst, count) played through the engine: each one must be legal."""
    for src, dst, count in moves:
        move = Move(MoveKind.MOVE, src, dst, count)
        assert rules.is_legal(state, move), (src, dst, count)
        state = rules.successor(state, move)
    return state


@pytest.mark.parametrize("deal", [3, 6, 33, 65])
def test_bakers_game_deals_are_solved_building_in_suit_and_replay(deal):
    rules = InSuit()
    result = solve_deal(deal, build=Build.SUIT)
    assert result.status == "solved"
    assert rules.is_won(play_out(rules, rules.deal(deal), result.moves))
    # the same moves are not a FreeCell game: alternate colours would refuse some of them
    with pytest.raises(AssertionError):
        play_out(make_rules("vierfrei"), rules.deal(deal), result.moves)


@pytest.mark.parametrize("deal", [22, 26, 68])
def test_bakers_game_deals_proven_lost(deal):
    # Freecell Solver's exact search finds no win either (test_fcsolve_agrees.py).
    result = solve_deal(deal, build=Build.SUIT)
    assert result.status == "unsolvable"
    assert result.moves == []


def test_alternate_colours_stay_the_default():
    assert solve_deal(1).moves == solve_deal(1, build=Build.ALTERNATE).moves


def test_other_rules_for_empty_columns_are_refused():
    queens_only = type("QueensOnly", (Vierfrei,), {"empty_fill_rank": 12})()
    with pytest.raises(ValueError, match="12s"):
        FreecellSearch(queens_only, queens_only.deal(1), max_positions=10)


def few_cells(build: str, cells: int):
    return type("Small", (Vierfrei,), {"build": build, "cells": CELL_NAMES[:cells]})()


CELL_NAMES = ("c1", "c2", "c3", "c4")


def endgame(rules, rng: random.Random, least: int, most: int, columns=None) -> State:
    """Between ``least`` and ``most`` cards of each suit still out (the highest), one in
    each column (of ``columns``, by default every one) and the rest anywhere among them:
    the foundations take no card of a suit before its lower ones, and a card over a lower
    one of its suit must find a place."""
    columns = columns or rules.tableau
    piles = rules.empty_piles()
    loose = []
    for suit in SUITS:
        out = rng.randint(least, most)
        piles["f" + suit] = [Card(rank, suit) for rank in range(1, 14 - out)]
        loose += [Card(rank, suit) for rank in range(14 - out, 14)]
    rng.shuffle(loose)
    for number, card in enumerate(loose):
        column = columns[number] if number < len(columns) else rng.choice(columns)
        piles[column].append(card)
    return State(piles, {"deal": 0})


@pytest.mark.parametrize(
    ("build", "cells", "least", "most"),
    [(Build.SUIT, 0, 6, 9), (Build.SUIT, 1, 7, 10), (Build.ALTERNATE, 0, 6, 9)],
)
def test_small_positions_agree_with_an_exhaustive_search(build, cells, least, most):
    """Every verdict on small positions with few free spaces is the engine's: a win that
    replays, or "unsolvable" where the engine, trying every move, finds no win."""
    rules = few_cells(build, cells)
    verdicts = {"solved": 0, "unsolvable": 0}
    for seed in range(20):
        state = endgame(rules, random.Random(f"{build} {cells} {seed}"), least, most)
        result = solve_freecell(state, cells=cells, build=build)
        can_win = engine_winnable(
            rules,
            state,
            300_000,
            key=rules.position_key,
            skip=lambda move: move.kind != MoveKind.MOVE,
        )
        assert result.status == ("solved" if can_win else "unsolvable"), seed
        if can_win:
            assert rules.is_won(play_out(rules, state, result.moves))
        verdicts[result.status] += 1
    assert min(verdicts.values()) >= 3, verdicts


@pytest.mark.parametrize(
    ("game", "cells", "columns", "least", "most"),
    [("eightoff", 0, 6, 5, 8), ("bakersdozen", 0, 4, 2, 4)],
)
def test_small_positions_agree_with_an_exhaustive_search_where_columns_fill_otherwise(
    game, cells, columns, least, most
):
    """As above where only kings fill an empty column (Eight Off, with fewer free cells)
    and where none does (Baker's Dozen, whose stuck cards end a walk and whose safe rule
    is Beleaguered Castle's): every "unsolvable" is the engine's too."""
    base = type(make_rules(game))
    rules = type("Small", (base,), {"cells": base.cells[:cells]})()
    verdicts = {"solved": 0, "unsolvable": 0}
    for seed in range(20):
        rng = random.Random(f"{game} {seed}")
        state = endgame(rules, rng, least, most, rules.tableau[:columns])
        verdicts[assert_the_engine_s_verdict(rules, state, seed).value] += 1
    assert min(verdicts.values()) >= 3, verdicts


def stuck_by_definition(board, position) -> bool:
    """``_Board.stuck`` spelt out as its notes define S, slowly: the cards of each column
    from the bottom up to ``height``, shrunk while a column's top card of S fails."""
    cols, _, found = position
    height = [len(col) for col in cols]

    def in_s(card: int) -> bool:
        return any(card in col[: height[at]] for at, col in enumerate(cols))

    def free(card: int) -> bool:  # in a column, at the top of its part of S or above it
        return any(card in col[max(height[at] - 1, 0) :] for at, col in enumerate(cols))

    shrunk = True
    while shrunk:
        shrunk = False
        for at, col in enumerate(cols):
            if not height[at]:
                continue
            card = col[height[at] - 1]
            rank, suit = card >> 2, card & 3
            lower_in_s = any(in_s(low * 4 + suit) for low in range(found[suit] + 1, rank))
            parents_taken = not any(free(parent) for parent in board.parents_of[card])
            if not (lower_in_s and parents_taken):
                height[at] -= 1
                shrunk = True
    return any(height)


def test_the_stuck_cards_test_is_its_definition():
    """Baker's Dozen's dead-end test, made quick with running tables, answers as the
    plain shrinking of S on positions along random lines and a search's positions, of
    both kinds."""
    rules = make_rules("bakersdozen")
    rng = random.Random("stuck")
    answers = {True: 0, False: 0}
    for deal in (1, 2, 3):
        board, cols, cells, found = encode_state(
            rules.deal(deal), 0, Build.RANK, freecell.EmptyFill.NONE
        )
        lcols, lcells = list(cols), list(cells)
        found = board.settle(lcols, lcells, found)
        position = (tuple(lcols), tuple(lcells), found)
        for _ in range(80):
            answer = board.stuck(position)
            assert answer == stuck_by_definition(board, position), position
            answers[answer] += 1
            children = board.children(position)
            if not children:
                break
            position = rng.choice(children)[1]
        line = freecell.FreecellLine(
            rules.deal(deal),
            max_positions=3000,
            cells=0,
            build=Build.RANK,
            fill=freecell.EmptyFill.NONE,
        )
        run_in_steps(line, 1000)
        for key in line.keys[::10]:
            position = board.position_of(key)
            answer = board.stuck(position)
            assert answer == stuck_by_definition(board, position), position
            answers[answer] += 1
    assert min(answers.values()) >= 20, answers


def lone_card_onto_a_card(move: int, position) -> bool:
    """Whether ``move`` takes a column's only card onto another card."""
    return len(position[0][move >> 9]) == 1 and (move >> 4) & 31 != freecell.HOME


def test_baker_s_dozen_moves_are_the_general_ones():
    """Baker's Dozen's own move maker gives the very list the family's general one does
    (but for the mark ``LIVE``), but for the moves of a column's only card onto a card, on
    positions along random lines from a few deals, cards going home among them; and no
    move it marks ``LIVE`` leads from a position that is not stuck to one that is (such
    positions are not tested)."""
    rules = make_rules("bakersdozen")
    rng = random.Random("single moves")
    homeward = live = left_out = 0
    for deal in range(1, 9):
        board, cols, cells, found = encode_state(
            rules.deal(deal), 0, Build.RANK, freecell.EmptyFill.NONE
        )
        lcols, lcells = list(cols), list(cells)
        position = (tuple(lcols), tuple(lcells), board.settle(lcols, lcells, found))
        for _ in range(60):
            children = board.children(position)
            own = board.single_children(position)
            assert [(move & ~freecell.LIVE, after) for move, after in own] == [
                (move, after)
                for move, after in children
                if not lone_card_onto_a_card(move, position)
            ]
            left_out += len(children) - len(own)
            if not board.stuck(position):
                for move, after in own:
                    if move & freecell.LIVE:
                        assert not board.stuck(after), after
                        live += 1
            if not children:
                break
            homeward += sum(after[2] != position[2] for _, after in children)
            position = rng.choice(children)[1]
    assert homeward >= 20 and live >= 100 and left_out >= 5, (homeward, live, left_out)


def test_baker_s_dozen_sends_home_a_card_no_card_in_a_column_s_middle_can_need():
    """Small Baker's Dozen positions in which a card may go home while every card one
    rank lower not home lies first in its column (but the foundations' own rule would
    keep it): the position with it home is winnable exactly when the position is, by
    the engine's exhaustive search, and the solver's verdict is the engine's. (Sending
    home every card the foundations take, these seeds give a wrong verdict.)"""
    base = type(make_rules("bakersdozen"))
    rules = type("Small", (base,), {"cells": ()})()
    verdicts = {SOLVED: 0, UNSOLVABLE: 0}

    for seed in range(1, 231):
        state = endgame(rules, random.Random(f"firsts {seed}"), 2, 4, rules.tableau[:5])
        board, cols, _, found = encode_state(state, 0, Build.RANK, freecell.EmptyFill.NONE)
        tops = {col[-1]: at for at, col in enumerate(cols) if col}
        _, lowers_of = board._single_facts(found)
        firsts = {col[0] for col in cols if col}
        extra = {card for card, lowers in lowers_of.items() if lowers <= firsts}
        for card in extra & tops.keys():
            home = Move(MoveKind.MOVE, rules.tableau[tops[card]], "f" + SUITS[card & 3], 1)
            assert engine_can_win(rules, rules.successor(state, home)) == engine_can_win(
                rules, state
            ), seed
        if not extra & tops.keys():
            continue
        verdicts[assert_the_engine_s_verdict(rules, state, seed)] += 1
    assert min(verdicts.values()) >= 3, verdicts


def test_baker_s_dozen_wins_without_moving_a_column_s_only_card_onto_a_card():
    """Small Baker's Dozen positions in which a column's only card could go onto another
    card (a move the search leaves out): every verdict is the engine's, which tries every
    move; a win replays."""
    base = type(make_rules("bakersdozen"))
    rules = type("Small", (base,), {"cells": ()})()
    verdicts = {SOLVED: 0, UNSOLVABLE: 0}
    seed = 0
    while min(verdicts.values()) < 8:
        seed += 1
        assert seed < 400, verdicts
        state = endgame(rules, random.Random(f"lone {seed}"), 2, 4, rules.tableau[:5])
        board, cols, cells, found = encode_state(state, 0, Build.RANK, freecell.EmptyFill.NONE)
        position = (cols, cells, found)
        if not any(lone_card_onto_a_card(move, position) for move, _ in board.children(position)):
            continue
        verdicts[assert_the_engine_s_verdict(rules, state, seed)] += 1


def test_baker_s_dozen_moves_marked_live_lead_to_no_stuck_position():
    """Over a search's positions (of both kinds), a move marked ``LIVE`` never leads
    from a position that is not stuck to a stuck one, where other moves do."""
    rules = make_rules("bakersdozen")
    line = freecell.FreecellLine(
        rules.deal(48), max_positions=4000, cells=0, build=Build.RANK, fill=freecell.EmptyFill.NONE
    )
    run_in_steps(line, 1000)
    board = line.board
    made_stuck = {True: 0, False: 0}
    for key in line.keys[::4]:
        position = board.position_of(key)
        if board.stuck(position):
            continue
        for move, after in board.single_children(position):
            if board.stuck(after):
                made_stuck[bool(move & freecell.LIVE)] += 1
    assert made_stuck[True] == 0 and made_stuck[False] >= 5, made_stuck


def test_baker_s_dozen_gives_its_best_first_walks_longer_turns():
    """Baker's Dozen's walks take longer turns (``SINGLE_TURNS``): deal 208, which the
    first walk alone wins in 6,585 positions, is won within 10,000 (61,929 with the turns
    the other games keep, whose walks still take those)."""
    rules = make_rules("bakersdozen")
    state = rules.deal(208)
    line = freecell.FreecellLine(
        state, max_positions=10_000, cells=0, build=Build.RANK, fill=freecell.EmptyFill.NONE
    )
    assert line.turn_lengths == freecell.SINGLE_TURNS
    verdict, _ = run_in_steps(line, 1000)
    assert verdict.status == SOLVED
    assert rules.is_won(play_out(rules, state, verdict.moves))
    vierfrei = freecell.FreecellLine(make_rules("vierfrei").deal(1), max_positions=10)
    assert vierfrei.turn_lengths == freecell.TURNS


@pytest.mark.parametrize(
    ("deal", "order"), [(168, "_value_2"), (37, "_value_4"), (59, "_value_home")]
)
def test_baker_s_dozen_s_quick_dives_win_deals_the_other_walks_need_long_for(deal, order):
    """Each of Baker's Dozen's quick dives (``QUICK_DIVES``, one turn each in the first
    round) wins a tuning deal that the other walks leave unknown at 2 s of CPU, within
    30,000 positions; its line replays. The other games keep their six walks."""
    rules = make_rules("bakersdozen")
    state = rules.deal(deal)
    line = freecell.FreecellLine(
        state, max_positions=30_000, cells=0, build=Build.RANK, fill=freecell.EmptyFill.NONE
    )
    verdict, _ = run_in_steps(line, 1000)
    assert verdict.status == SOLVED
    assert line.won_by in line.quick_dives
    assert line.strategies[line.won_by].value == order
    assert rules.is_won(play_out(rules, state, verdict.moves))
    vierfrei = freecell.FreecellLine(make_rules("vierfrei").deal(1), max_positions=10)
    assert len(vierfrei.strategies) == 6 and not vierfrei.quick_dives


# ---------------------------------------------------------------------------- compact positions


@pytest.mark.parametrize("build", BUILDS)
def test_every_child_is_the_position_its_move_makes(build):
    """The search keeps a position as its key (columns and cells sorted) and the move
    that first found it: a move played from a position gives the very child ``children``
    listed, and a move from the position a key stands for, named for the real order of
    the piles (``real_move``), gives a child with the same key."""
    rng = random.Random(build)
    for deal in (1, 2, 3, 617):
        state = make_rules("vierfrei").deal(deal)
        board, cols, cells, found = encode_state(state, 4, build)
        lcols, lcells = list(cols), list(cells)
        found = board.settle(lcols, lcells, found)
        position = (tuple(lcols), tuple(lcells), found)
        for _ in range(60):
            key = board.key(position)
            in_key_order = board.position_of(key)
            assert board.key(in_key_order) == key
            options = board.children(position)
            for move, after in options:
                assert board.play(*position, move) == after
            for move, after in board.children(in_key_order):
                real = board.real_move(move, key, position)
                assert board.key(board.play(*position, real)) == board.key(after)
            if not options:
                break
            position = rng.choice(options)[1]


def vierfrei_after(deal: int, moves: str = "", **options):
    rules = make_rules("vierfrei", **options)
    game = Game(rules, deal)
    game.play_sequence(moves.split())
    return rules, game.state


# A mid-game position of FreeCell deal 218046 (from the issue): won, after a long search.
MIDGAME = (218046, "6h 23 2h 8h 12 63 56 67 46 62 78 1a 15 75 85")


@pytest.mark.parametrize(
    ("game", "deal", "moves"),
    [
        ("vierfrei", 171974, ""),
        ("bakers", 171570, ""),
        ("bakers", 171620, ""),
        ("vierfrei", *MIDGAME),
    ],
)
def test_the_named_deals_are_won_at_the_default_budget(game, deal, moves):
    rules = make_rules(game)
    play = Game(rules, deal)
    play.play_sequence(moves.split())
    verdict = solve_game(rules, play.state)
    assert verdict.status == SOLVED
    assert verdict.positions <= freecell.BUDGET == budget_for(rules)
    for move in verdict.moves:
        play.play(move)
    assert rules.is_won(play.state)


@pytest.mark.parametrize(
    ("game", "deal", "budget", "status"),
    [
        ("vierfrei", 11982, 6_000, UNKNOWN),
        ("bakers", 22, None, UNSOLVABLE),
        ("bakers", 171620, None, SOLVED),
    ],
)
def test_in_steps_the_same_verdict_and_moves(game, deal, budget, status):
    """However the partner slices the work, the search walks the same way."""
    rules = make_rules(game)
    state = Game(rules, deal).state
    budget = budget or freecell.BUDGET
    whole = FreecellSearch(rules, state, max_positions=budget).finish()
    sliced, steps = run_in_steps(FreecellSearch(rules, state, max_positions=budget), 97)
    assert steps > 5
    assert whole.status == sliced.status == status
    assert whole.moves == sliced.moves and whole.positions == sliced.positions
    if status == UNKNOWN:
        assert whole.positions >= budget and whole.gave_up == GaveUp.POSITIONS


def test_with_safe_cards_sent_home_by_the_engine_the_line_still_wins():
    rules, state = vierfrei_after(617, auto=True)
    verdict = solve_game(rules, state)
    assert verdict.status == SOLVED
    game = Game(rules, 617)
    for move in verdict.moves:
        game.play(move)
    assert rules.is_won(game.state)
