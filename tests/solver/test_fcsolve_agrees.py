"""Freecell Solver, an independent program, agrees with the FreeCell family's verdicts:
where we prove a deal or a position lost, fc-solve finds no solution either, and where
we win, it wins too. The board goes to it as our --show writes it."""

import random
import shutil
import subprocess

import pytest
from helpers import HANG_GUARD

from solitaire.model.cards import SUITS, Card
from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import MoveKind
from solitaire.model.state import State
from solitaire.solver.freecell import empty_fill, solve_freecell
from solitaire.solver.solve import solve_game
from solitaire.solver.verdict import SOLVED, UNSOLVABLE

FC_SOLVE = shutil.which("fc-solve")
pytestmark = pytest.mark.skipif(
    FC_SOLVE is None, reason="fc-solve is not installed (apt-get install freecell-solver-bin)"
)
# fc-solve's options for each game: Baker's Game builds in suit and sends every card home
# that the foundations take; Eight Off and Seahaven Towers are its games of those names
FC_SOLVE_GAME = {
    "vierfrei": [],
    "bakers": ["-g", "bakers_game"],
    "eightoff": ["-g", "eight_off"],
    "seahaven": ["-g", "seahaven_towers"],
}
# fc-solve's search by single-card moves, whose verdict is exact: its default and its
# quick presets move by meta-moves, which may miss a win (position "bakers" 5 below, after
# two random moves, is won, and only this preset finds the win)
EXACT = ["-l", "crooked-nose"]
# Random moves made from a fresh deal before the position is asked about: enough that
# about half of the positions are lost (Baker's Game loses its way much sooner)
RANDOM_MOVES = {"vierfrei": 20, "bakers": 2, "eightoff": 12, "seahaven": 6}


def fc_solve_wins(game: str, board: str) -> bool:
    """Whether fc-solve's exact search (no limit on its positions) solves ``board``; it
    must say one thing or the other."""
    result = subprocess.run(
        [FC_SOLVE, *FC_SOLVE_GAME[game], *EXACT],
        input=board + "\n",
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
        check=False,
    )
    solved = "This game is solveable." in result.stdout
    assert solved or "I could not solve this game." in result.stdout, result.stdout[-300:]
    return solved


def our_verdict(game: str, play: Game) -> str:
    rules = play.rules
    return solve_freecell(
        play.state, build=rules.build, cells=len(rules.cells), fill=empty_fill(rules)
    ).status


@pytest.mark.parametrize(
    ("game", "deal", "status"),
    [
        ("bakers", 22, UNSOLVABLE),
        ("bakers", 26, UNSOLVABLE),
        ("bakers", 68, UNSOLVABLE),
        ("bakers", 71, UNSOLVABLE),
        ("bakers", 3, SOLVED),
        ("bakers", 6, SOLVED),
        ("vierfrei", 1, SOLVED),
        ("vierfrei", 617, SOLVED),
        ("eightoff", 194, UNSOLVABLE),
        ("eightoff", 1, SOLVED),
        ("seahaven", 2, UNSOLVABLE),
        ("seahaven", 27, UNSOLVABLE),
        ("seahaven", 1, SOLVED),
    ],
)
def test_deals_lost_and_won_agree(game, deal, status):
    play = Game(make_rules(game), deal)
    assert our_verdict(game, play) == status.value
    assert fc_solve_wins(game, play.show()) == (status == SOLVED)


def test_deal_11982_is_lost_for_fc_solve_too():
    # our proof of it is test_freecell_solver.py's test_deal_11982_is_proven_unsolvable
    assert not fc_solve_wins("vierfrei", Game(make_rules("vierfrei"), 11982).show())


@pytest.mark.parametrize("game", ["vierfrei", "bakers", "eightoff", "seahaven"])
def test_positions_after_random_moves_agree(game):
    """Mid-game positions, many of them lost after a few careless moves: each verdict of
    ours is fc-solve's, and there are enough of both kinds for that to say something."""
    rules = make_rules(game)
    verdicts = {"solved": 0, "unsolvable": 0}
    for seed in range(20):
        rng = random.Random(f"{game} {seed}")
        play = Game(rules, 1000 + seed)
        for _ in range(RANDOM_MOVES[game]):
            moves = [move for move in play.legal_moves() if move.kind == MoveKind.MOVE]
            if not moves:
                break
            play.play(rng.choice(moves))
        verdict = our_verdict(game, play)
        assert verdict != "unknown", seed
        assert fc_solve_wins(game, play.show()) == (verdict == "solved"), seed
        verdicts[verdict] += 1
    assert min(verdicts.values()) >= 4, verdicts


# fc-solve's Baker's Dozen (-g bakers_dozen) has 13 stacks, more than the installed build
# takes; its rules spelt out for 10 stacks play the same game on a position whose other
# three columns are empty, since an emptied column is never filled.
BAKERS_DOZEN_ON_TEN = [
    "--freecells-num", "0", "--stacks-num", "10", "--sequences-are-built-by", "rank",
    "--empty-stacks-filled-by", "none", "--sequence-move", "limited",
]  # fmt: skip


def bakers_dozen_endgame(rules, rng: random.Random) -> State:
    """Three to six cards of each suit still out (the highest), dealt at random into ten
    of the thirteen columns: every card over a lower one of its suit must find a place."""
    piles = rules.empty_piles()
    loose = []
    for suit in SUITS:
        out = rng.randint(3, 6)
        piles["f" + suit] = [Card(rank, suit) for rank in range(1, 14 - out)]
        loose += [Card(rank, suit) for rank in range(14 - out, 14)]
    rng.shuffle(loose)
    columns = rules.tableau[:10]
    for number, card in enumerate(loose):
        piles[columns[number] if number < 10 else rng.choice(columns)].append(card)
    return State(piles, {"deal": 0})


def test_bakers_dozen_verdicts_on_ten_columns_are_fc_solve_s():
    rules = make_rules("bakersdozen")
    verdicts = {SOLVED: 0, UNSOLVABLE: 0}
    for seed in range(20):
        state = bakers_dozen_endgame(rules, random.Random(f"bakersdozen {seed}"))
        verdict = solve_game(rules, state)
        lines = [rules.foundations_line(state)]
        lines += [rules.column_line(state.piles[name]) for name in rules.tableau[:10]]
        result = subprocess.run(
            [FC_SOLVE, *BAKERS_DOZEN_ON_TEN, *EXACT],
            input="\n".join(lines) + "\n",
            capture_output=True,
            text=True,
            timeout=HANG_GUARD,
            check=False,
        )
        assert ("This game is solveable." in result.stdout) == (verdict.status == SOLVED), seed
        if verdict.status == SOLVED:
            play = Game(rules, 1)
            play.state = state
            for move in verdict.moves:
                play.play(move)
            assert rules.is_won(play.state), seed
        verdicts[verdict.status] += 1
    assert min(verdicts.values()) >= 5, verdicts
