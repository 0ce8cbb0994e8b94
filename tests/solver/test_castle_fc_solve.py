"""Beleaguered Castle's "not winnable" confirmed by an independent solver: Freecell Solver
(``fc-solve -g beleaguered_castle``) finds no win in the deals and small positions our
solver proves lost (having searched them to the end: "I could not solve this game." with
``-sel``, which says so only when no iteration limit was reached), and wins the ones it
wins. Skipped where fc-solve is not installed."""

import shutil
import subprocess

import pytest
from helpers import HANG_GUARD
from test_solver_castle import small_positions, solve

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.rules import Rules
from solitaire.model.state import State
from solitaire.solver.search import SOLVED, UNSOLVABLE

FC_SOLVE = shutil.which("fc-solve")
pytestmark = pytest.mark.skipif(
    FC_SOLVE is None, reason="fc-solve is not installed (apt-get install freecell-solver-bin)"
)

# Deals 1..120 our solver proves lost (from a dead start, 13 and 16, to 5,670 positions,
# deal 3), and some it wins that fc-solve also wins within its first few thousand states.
LOST = (3, 9, 13, 16, 25, 33, 42, 43, 56, 60, 64, 86, 87, 105)
WON = (6, 10, 11, 12, 14, 17, 20)


def board(rules: Rules, state: State) -> str:
    """The position as fc-solve reads it: the foundations (our Castle deals the aces home
    first: "H-A C-A D-A S-A"), then each row from its first card to the one that moves."""
    lines = [rules.foundations_line(state)]
    lines += [rules.column_line(state.piles[name]) for name in rules.tableau]
    return "\n".join(lines) + "\n"


def fc_solve(rules: Rules, state: State) -> str:
    """fc-solve's verdict: "won", "lost" (searched to the end) or "unknown"."""
    result = subprocess.run(
        [FC_SOLVE, "-g", "beleaguered_castle", "--stacks-num", str(len(rules.tableau)), "-sel"]
        + ["-mi", "2000000"],
        input=board(rules, state),
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
        check=False,
    )
    if "This game is solveable." in result.stdout:
        return "won"
    if "I could not solve this game." in result.stdout:
        return "lost"
    return "unknown"


def test_fc_solve_reads_our_board_of_a_deal():
    rules = make_rules("castle")
    text = board(rules, Game(rules, 1).state)
    assert text.startswith("Foundations: H-A C-A D-A S-A\n: ")
    assert len(text.split()) == 4 + 1 + 8 + 48  # the foundations, then 8 rows of 6 cards


@pytest.mark.parametrize("deal", LOST)
def test_deals_proven_lost_are_lost_to_fc_solve_too(deal):
    rules = make_rules("castle")
    state = Game(rules, deal).state
    assert solve(rules, state).status == UNSOLVABLE
    assert fc_solve(rules, state) == "lost"


def test_deals_won_are_won_by_fc_solve_too():
    rules = make_rules("castle")
    for deal in WON:
        state = Game(rules, deal).state
        assert solve(rules, state).status == SOLVED
        assert fc_solve(rules, state) == "won"


def test_small_positions_get_fc_solve_s_verdict():
    # Three to five rows of two or three cards: often lost, and settled by both at once.
    verdicts = {SOLVED: 0, UNSOLVABLE: 0}
    for rules, state in small_positions(250, seed=61):
        verdict = solve(rules, state)
        assert fc_solve(rules, state) == ("won" if verdict.status == SOLVED else "lost")
        verdicts[verdict.status] += 1
    assert verdicts[UNSOLVABLE] > 15 and verdicts[SOLVED] > 150  # both kinds were tested
