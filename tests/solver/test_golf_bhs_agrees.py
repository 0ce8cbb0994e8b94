"""Golf's verdicts agree with black-hole-solver's, an independent program (Shlomi Fish's
solver of Golf and Black Hole, the one PySolFC and KPatience call), deal by deal under
each kings rule: its verdicts are kept in tests/solver/data/golf_bhs_verdicts.txt (how
they were made is said there), so the program is not needed here. A lost verdict of ours
where it wins would be a wrong proof of loss; a win of ours where it proves a loss, a
rule of ours looser than the game's."""

from pathlib import Path

import pytest
from helpers import run_in_steps

from solitaire.model.games import make_rules
from solitaire.solver.updown import OntoWasteSearch
from solitaire.solver.verdict import SOLVED, UNSOLVABLE

VERDICTS = Path(__file__).parent / "data" / "golf_bhs_verdicts.txt"
WORDS = {"won": SOLVED, "lost": UNSOLVABLE}
BUDGET = 10_000  # positions: each deal of the file settles within it (see the file)


def bhs_verdicts() -> dict[str, list[tuple[int, str]]]:
    by_rule: dict[str, list[tuple[int, str]]] = {}
    for line in VERDICTS.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            kings, deal, word = line.split()
            by_rule.setdefault(kings, []).append((int(deal), word))
    return by_rule


def test_the_file_holds_forty_deals_of_each_rule_won_and_lost():
    by_rule = bhs_verdicts()
    assert sorted(by_rule) == ["dead-king", "golf", "relaxed"]
    for deals in by_rule.values():
        assert len(deals) == 40
        assert {word for _, word in deals} == {"won", "lost"}


@pytest.mark.parametrize("kings", ["golf", "dead-king", "relaxed"])
def test_our_verdict_is_black_hole_solvers_on_every_deal(kings):
    rules = make_rules("golf", kings=kings)
    wrong = []
    for deal, word in bhs_verdicts()[kings]:
        state = rules.deal(deal)
        search = OntoWasteSearch(rules, state, max_positions=BUDGET)
        verdict, _ = run_in_steps(search, 2_000)
        if verdict.status != WORDS[word]:
            wrong.append((deal, word, verdict.status.value))
            continue
        for move in verdict.moves:  # a win replays through the engine
            state = rules.successor(state, move)
        assert verdict.status != SOLVED or rules.is_won(state), deal
    assert not wrong, wrong
