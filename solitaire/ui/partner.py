"""The computer as partner: a search for the table's position that runs a few
milliseconds at a time between frames, and what the player gets from it: the
"winnable?" line, hints, and the demo's moves.

What the verdicts may know, said on screen (the game's definition says which apply):
- moves the search leaves out (``Rules.hint_excludes``: La Belle Lucie's reshuffles,
  which the player cannot foresee): it answers "winnable without a reshuffle";
- a search that sees cards the player does not (Canfield's hand and reserve) says so
  (``Rules.verdict_note``): it answers whether a win exists for this deal.

Verdicts come without a search where they can: a move made from a position that cannot
be won leads to one that cannot be won either; a move off the winning line is often
mended at once (the line without that move, if it made it later, or the move taken
back first), checked by replaying it to a win; and positions met again (undo, redo) get
the verdict they had.
"""

from __future__ import annotations

from ..model.moves import Move
from ..solver.search import SOLVED, UNKNOWN, UNSOLVABLE, Search, Verdict
from ..solver.solve import (
    has_dedicated_search,
    make_search,
    mended_plan,
    move_between,
    quick_verdict,
)

SLICE = 0.006  # seconds of thinking per loop pass: frames keep coming
# Positions before the verdict is "unknown": a few seconds of thought and some 50 MB for
# the dedicated searches (what they settle beyond 25,000 positions is mostly proofs of
# defeat, which every later move then inherits); the generic search, far slower, gets less.
BUDGET = 200_000
GENERIC_BUDGET = 25_000
REMEMBERED = 256  # verdicts kept for positions met before, the latest ones


class Partner:
    def __init__(self, table):
        self.table = table
        self.search: Search | None = None
        self.verdict: Verdict | None = None
        self.key = None  # the position the search and verdict are about
        self.state = None  # that position itself
        self.plan: list[Move] = []  # the rest of a winning line from the current position
        self.remembered: dict[tuple, Verdict] = {}  # position key -> its verdict
        self.rules_known = None  # the rules those verdicts are for

    @property
    def rules(self):
        return self.table.rules

    def without(self) -> frozenset:
        return self.rules.hint_excludes

    def position_changed(self) -> None:
        """Called after every change: keep the plan if the player followed it, else
        carry a verdict over or start a search."""
        if self.rules is not self.rules_known:
            # A new deal (perhaps with other options): what was known does not carry over.
            self.rules_known, self.remembered = self.rules, {}
            self.key = self.state = self.verdict = None
            self.plan = []
        state = self.table.state
        key = state.key()
        if key == self.key:
            return
        if self.plan and self._follows_plan(state, key):
            return
        known = self.remembered.get(key) or self._carried_over(state)
        self.key, self.state = key, state.copy()
        self.verdict, self.plan, self.search = None, [], None
        if known is not None:
            self._settle(known)
            return
        budget = BUDGET if has_dedicated_search(self.rules) else GENERIC_BUDGET
        self.search = make_search(self.rules, state, max_positions=budget, without=self.without())
        verdict = quick_verdict(self.rules, state)  # only if none does the sliced search go on
        if verdict is not None:
            self._settle(verdict)

    def _carried_over(self, state) -> Verdict | None:
        """The verdict for ``state`` from the one before, when one move leads from there
        to here: lost stays lost, and a winning line is mended if it can be."""
        verdict = self.verdict
        if verdict is None or verdict.status == UNKNOWN:
            return None
        move = move_between(self.rules, self.state, state, self.without())
        if move is None:
            return None
        if verdict.status == UNSOLVABLE:
            return Verdict(UNSOLVABLE, [], 0, 0.0)
        line = mended_plan(self.rules, self.state, self.plan, move, state)
        return None if line is None else Verdict(SOLVED, line, 0, 0.0)

    def _follows_plan(self, state, key: tuple) -> bool:
        """The player made the planned move: the rest of the plan still wins."""
        if self.rules.successor(self.state, self.plan[0]).key() != key:
            return False
        self.plan.pop(0)
        self.key, self.state = key, state.copy()
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
        self.remembered[self.key] = verdict
        if len(self.remembered) > REMEMBERED:
            del self.remembered[next(iter(self.remembered))]  # the oldest
        self.plan = list(verdict.moves) if verdict.status == SOLVED else []

    def status_text(self) -> str:
        if self.rules.is_won(self.table.state):
            return ""
        if self.thinking:
            return "Winnable? thinking..."
        if self.verdict is None:
            return ""
        later = self.rules.help_later(self.table.state)  # "a reshuffle" may still come
        seeing = self.rules.verdict_note
        if self.plan or self.verdict.status == SOLVED:
            return (f"Winnable without {later}" if later else "Winnable") + seeing
        if self.verdict.status == UNSOLVABLE:
            if later:
                return f"Not winnable without {later}"
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
        for kind in self.rules.hint_excludes:  # nothing wins as it lies: a reshuffle ...
            if self.rules.is_legal(self.table.state, Move(kind)):
                return Move(kind)
        if self.verdict is not None and self.verdict.status == UNSOLVABLE:
            return "No winning line from here."
        return "No winning line found (the search gave up)."
