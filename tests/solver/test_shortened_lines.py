"""Lines handed out are shortened (solve.shortened): loops cut, a stretch that a short
search reaches in fewer moves replaced, never longer, still winning, within its budget."""

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.solver import solve
from solitaire.solver.solve import SOLVED, shortened, solve_game, without_loops
from solitaire.solver.thinker import settled_answer


def wins(rules, state, moves) -> bool:
    for move in moves:
        if not rules.is_legal(state, move):
            return False
        state = rules.successor(state, move)
    return rules.is_won(state)


def detour_and_rest():
    """FreeCell deal 617: the queen of hearts from column 8 onto the king of clubs in
    column 3 by way of free cell c (two moves for one), then a winning line from there."""
    rules = make_rules("vierfrei")
    start = Game(rules, 617).state
    detour = [rules.parse_move("8c", start)]
    detour.append(rules.parse_move("c3", rules.successor(start, detour[0])))
    after = rules.successor(rules.successor(start, detour[0]), detour[1])
    assert after.key() == rules.successor(start, rules.parse_move("83", start)).key()
    rest = solve_game(rules, after)
    assert rest.status == SOLVED
    return rules, start, detour, rest.moves


def test_a_detour_is_replaced_by_the_shorter_way():
    rules, start, detour, rest = detour_and_rest()
    line = shortened(rules, start, detour + rest)
    assert len(line) <= len(rest) + 1
    assert wins(rules, start, line)


def test_a_loop_is_cut_and_without_budget_nothing_else_changes():
    rules, start, detour, rest = detour_and_rest()
    parked = rules.successor(start, detour[0])
    there = rules.parse_move("cd", parked)
    back = rules.parse_move("dc", rules.successor(parked, there))
    looped = [detour[0], there, back, detour[1], *rest]
    assert shortened(rules, start, looped, budget=0) == detour + rest


def test_the_searches_look_at_no_more_positions_than_the_budget(monkeypatch):
    rules, start, detour, rest = detour_and_rest()
    looked = []
    search = solve._shortcut

    def counted(*args):
        found, positions = search(*args)
        looked.append(positions)
        return found, positions

    monkeypatch.setattr(solve, "_shortcut", counted)
    line = shortened(rules, start, detour + rest, budget=300)
    assert 0 < sum(looked) <= 300
    assert len(line) <= len(detour + rest) and wins(rules, start, line)


def test_the_partner_s_plan_is_the_shortened_line():
    # Canfield, one card at a time with unlimited passes, deal 15: the search's line has
    # no loop, and a short search finds fewer moves for some of its stretches.
    rules = make_rules("canfield", mode="3")
    start = Game(rules, 15).state
    found = solve_game(rules, start, without=rules.hint_excludes)
    plan = list(settled_answer(rules, start).plan)
    assert plan == shortened(rules, start, found.moves, without=rules.hint_excludes)
    assert len(plan) < len(without_loops(rules, start, found.moves))
    assert wins(rules, start, plan)
