"""--solve never breaks, in any game of the registry under any of its rule sets: exit 0
with a line that replays to a win through --moves, 1 (proven not winnable) or 3 (gave
up), and never a traceback; --atomic too. A few deals and a small budget of positions
each here; bench/solve_lines.py runs the same on 20 deals at the games' own budgets."""

import pytest
from solve_driver import every_rule_set, problem, solve_plain_and_atomic

# Positions each search may look at: most deals of most games are settled within it, and
# the rest give up (exit 3), which is checked too.
BUDGET = "5000"
DEALS = (1, 600002)


@pytest.mark.parametrize(
    ("game_id", "rules"),
    [pytest.param(*case, id=" ".join([case[0], *case[1]])) for case in every_rule_set()],
)
def test_solve_and_its_atomic_lines_replay_to_a_win(game_id, rules):
    for deal in DEALS:
        for solved in solve_plain_and_atomic(game_id, rules, deal, "--max-positions", BUDGET):
            assert problem(solved) is None, (game_id, rules, deal, problem(solved))
