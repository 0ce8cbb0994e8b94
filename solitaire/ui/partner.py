"""The computer as partner: a search for the table's position that runs a few
milliseconds at a time between frames, and what the player gets from it: the
"winnable?" line, hints, and the demo's moves.

What the verdicts may know, said on screen:
- La Belle Lucie and its merci sibling: the search does not use reshuffles (the player
  cannot foresee them), so it answers "winnable without another reshuffle".
- Canfield: the search sees every card, the hand and the reserve included, which the
  player does not: it answers whether a win exists for this deal.
"""

from __future__ import annotations

from ..model.moves import Move, MoveKind
from ..solver.search import SOLVED, UNKNOWN, UNSOLVABLE, Search, Verdict
from ..solver.solve import make_search, solve_vierfrei

SLICE = 0.006  # seconds of thinking per loop pass: frames keep coming
BUDGET = 25_000  # positions before the verdict is "unknown" (a few seconds of thought)


class Partner:
    def __init__(self, table):
        self.table = table
        self.search: Search | None = None
        self.verdict: Verdict | None = None
        self.key = None  # the position the search and verdict are about
        self.plan: list[Move] = []  # the rest of a winning line from the current position

    @property
    def rules(self):
        return self.table.rules

    def without(self) -> frozenset:
        lucie = self.rules.game_id in ("lucie", "merci")
        return frozenset({MoveKind.REDEAL}) if lucie else frozenset()

    def position_changed(self) -> None:
        """Called after every change: keep the plan if the player followed it."""
        state = self.table.state
        if state.key() == self.key:
            return
        if self.plan and self._follows_plan(state):
            return
        self.key = state.key()
        self.verdict, self.plan = None, []
        self.search = make_search(self.rules, state, max_positions=BUDGET, without=self.without())
        if self.rules.game_id == "vierfrei":
            # The FreeCell solver settles most positions in a few milliseconds (99% of
            # deals 1..100 under 50 ms); only if it cannot does the sliced search go on.
            verdict = solve_vierfrei(self.rules, state, max_seconds=0.05, max_positions=20_000)
            if verdict.status != UNKNOWN:
                self._settle(verdict)

    def _follows_plan(self, state) -> bool:
        """The player made the planned move: the rest of the plan still wins."""
        expected = self.rules.successor(self._plan_state, self.plan[0])
        if expected.key() != state.key():
            return False
        self.plan.pop(0)
        self._plan_state, self.key = state.copy(), state.key()
        return True

    @property
    def thinking(self) -> bool:
        return self.search is not None and self.verdict is None

    def think(self, seconds: float = SLICE) -> bool:
        """Search a little; True when a verdict has just been reached."""
        if not self.thinking:
            return False
        verdict = self.search.run(seconds)
        if verdict is None:
            return False
        self._settle(verdict)
        return True

    def _settle(self, verdict: Verdict) -> None:
        self.verdict = verdict
        self.plan = list(verdict.moves) if verdict.status == SOLVED else []
        self._plan_state = self.table.state.copy()

    def status_text(self) -> str:
        if self.rules.is_won(self.table.state):
            return ""
        if self.thinking:
            return "Winnable? thinking..."
        if self.verdict is None:
            return ""
        lucie = self.rules.game_id in ("lucie", "merci")
        reshuffles_left = lucie and self.rules.redeals_left(self.table.state) != 0
        seeing = " (seeing every card)" if self.rules.game_id == "canfield" else ""
        if self.plan or self.verdict.status == SOLVED:
            return (
                "Winnable without another reshuffle" if reshuffles_left else "Winnable"
            ) + seeing
        if self.verdict.status == UNSOLVABLE:
            if reshuffles_left:
                return "Not winnable without a reshuffle"
            return "Not winnable from here" + seeing
        return "Winnable? unknown (too many positions)"

    def hint(self) -> Move | str:
        """The next move of a winning line, or why there is none to give."""
        if self.thinking:
            self.think(0.25)  # a hint is worth a short wait
        if self.plan:
            return self.plan[0]
        if self.thinking:
            return "Still thinking: ask again in a moment."
        lucie = self.rules.game_id in ("lucie", "merci")
        if lucie and self.rules.redeal_problem(self.table.state) is None:
            return Move(MoveKind.REDEAL)  # nothing wins as it lies: a reshuffle is the way on
        if self.verdict is not None and self.verdict.status == UNSOLVABLE:
            return "No winning line from here."
        return "No winning line found (the search gave up)."
