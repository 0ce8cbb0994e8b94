"""The computer partner's mind: what it knows about the positions of the game in play.

It runs beside the table (in the partner's worker, ``worker.py``), and is told each
position the table shows. For each it answers at once what it can: whether the game is
still open or lost, and the verdict when one needs no search; otherwise it searches, in
steps of work, until the verdict. Every answer depends on work done, never on the clock.

What the verdicts may know (the game's definition says which apply):
- moves the search leaves out (``Rules.hint_excludes``: La Belle Lucie's reshuffles,
  which the player cannot foresee): it answers "winnable without a reshuffle";
- a search that sees cards the player does not (Canfield's hand and reserve) answers
  whether a win exists for this deal (``Rules.verdict_note`` says so on screen).

Where no winning line is known, the answer carries the best line the player can see
(``make_line_search``, where the game has one: La Belle Lucie's, within the layout, to
the most cards home), found after the verdict: the hint follows it before it suggests
a move the search leaves out (a reshuffle), so it never reshuffles while a card can
still come home. Where there is no such line either, it carries the legal moves best
first by a short look ahead (``best_move.py``): the hint is never without a move while
one exists, and says why it is only the best in sight.

Verdicts come without a search where they can: a move made from a position that cannot
be won leads to one that cannot be won either; a move off the winning line is often
mended at once (the line without that move, if it made it later, or the move taken
back first), checked by replaying it to a win; a player who follows the line (or the
best line of a position that cannot be won) keeps the rest of it; and positions met
again (undo, redo) get the verdict they had.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from enum import Enum

from ..i18n import N_, _
from ..model.moves import Move, Status
from ..model.rules import Rules
from ..model.state import State
from .best_move import MovesInSight
from .solve import make_line_search, make_search, mended_plan, move_between, shortened
from .verdict import (
    SOLVED,
    UNKNOWN,
    UNSOLVABLE,
    GaveUp,
    LineSearch,
    Outcome,
    Search,
    Verdict,
    given_up,
    resident_bytes,
)

REMEMBERED = 256  # verdicts kept for positions met before, the latest ones
# How far the game's own "is it lost?" test looks (Rules.status), in positions.
STATUS_BUDGET = 150
# The worker gives up a search that makes it this large (as --solve does by default).
MAX_MEMORY = 512 << 20


@dataclass(frozen=True)
class Answer:
    """What the partner says about one position."""

    status: Status  # the game as the rules see it: open, lost (nothing more comes home) or won
    outcome: Outcome | None = None  # the verdict, None while it is still being sought
    plan: tuple[Move, ...] = ()  # a winning line from the position, when one is known
    gave_up: GaveUp | None = None  # why the verdict is "unknown"
    positions: int = 0  # the work the verdict took (0: it came without a search)
    line: tuple[Move, ...] = ()  # without a winning line: the best line the player can see
    best: tuple[Move, ...] = ()  # without either line: the legal moves, the best in sight first
    # The verdict is known and the moves in sight are still being looked for (the status
    # line need not wait for them; the hint does).
    looking: bool = False

    @property
    def settled(self) -> bool:
        """The verdict is known."""
        return self.outcome is not None

    @property
    def complete(self) -> bool:
        """The verdict is known, and the moves in sight where they are needed."""
        return self.settled and not self.looking


def rules_identity(rules: Rules) -> tuple:
    """Rules that play alike: a verdict for one is a verdict for the other."""
    return type(rules).__qualname__, repr(sorted(rules.options.items(), key=lambda kv: kv[0]))


class Thinker:
    """``budget``: the positions a search may look at before it says "unknown" (None: the
    game's own, as ``--solve``); ``max_memory``: the process's size that ends one sooner."""

    def __init__(self, max_memory: int | None = MAX_MEMORY, budget: int | None = None):
        self.max_memory = max_memory
        self.budget = budget
        self.rules: Rules | None = None
        self.rules_known: tuple | None = None
        self.without: frozenset = frozenset()
        self.key: tuple | None = None  # the position the answer is about
        self.state: State | None = None
        self.status = Status.OPEN
        self.verdict: Verdict | None = None
        self.plan: list[Move] = []  # the rest of a winning line from the position
        self.line: list[Move] = []  # without a winning line: the best line from it
        self.best: tuple[Move, ...] = ()  # without either line: the moves, best in sight first
        self.search: Search | None = None
        self.line_search: LineSearch | None = None  # the best line's, once the verdict is found
        self.found: Verdict | None = None  # the verdict waiting for its best line
        self.sight: MovesInSight | None = None  # the look ahead for ``best``, once settled
        # position key -> its verdict, best line and moves in sight (None: not looked for)
        self.remembered: dict[tuple, tuple[Verdict, list[Move], tuple[Move, ...] | None]] = {}

    @property
    def busy(self) -> bool:
        searching = self.search is not None or self.line_search is not None
        return (searching and self.verdict is None) or self.sight is not None

    def consider(self, rules: Rules, state: State, without: frozenset = frozenset()) -> Answer:
        """A new position: the answer known at once (perhaps "still thinking")."""
        identity = rules_identity(rules)
        if identity != self.rules_known or without != self.without:
            # Other rules: what was known does not carry over.
            self.rules_known, self.without, self.remembered = identity, without, {}
            self.key = self.state = self.verdict = self.found = self.sight = None
            self.plan, self.line, self.search, self.line_search = [], [], None, None
            self.best = ()
        self.rules = rules
        key = state.key()
        if key == self.key:
            return self.answer()
        if self.plan and self._follows_plan(state, key):
            return self.answer()
        if self.line and self._follows_line(state, key):
            return self.answer()
        remembered = self.remembered.get(key)
        carried = None if remembered is not None else self._carried_over(state)
        self.key, self.state = key, state.copy()
        self.verdict, self.plan, self.line, self.found = None, [], [], None
        self.search = self.line_search = self.sight = None
        self.best = ()
        self.status = rules.status(state, budget=STATUS_BUDGET)
        if self.status == Status.WON:
            self._settle(Verdict(SOLVED, []), [])
        elif remembered is not None:
            self._settle(*remembered)
        elif carried is not None:
            verdict, line = carried
            if line is None:
                self._conclude(verdict)
            else:
                self._settle(verdict, line)
        else:
            self.search = make_search(rules, state, max_positions=self.budget, without=without)
        return self.answer()

    def think(self, work: int) -> Answer | None:
        """Search about ``work`` positions more; the answer once the verdict is reached,
        and again once the moves in sight are known where no line is."""
        if not self.busy:
            return None
        sight = self.sight
        if sight is not None:
            best = sight.step(work)  # bounded by its own budget of positions
            if best is None:
                return None
            self.sight, self.best = None, best
            assert self.key is not None and self.verdict is not None, "looked for when settled"
            self._remember(self.verdict, self.line, best)
            return self.answer()
        search = self.search
        if search is not None:
            verdict = search.step(work)
            limit = self.max_memory
            if verdict is None and limit is not None and resident_bytes() > limit:
                verdict = given_up(search, GaveUp.MEMORY)
            if verdict is None:
                return None
            self.search = None  # its tables may be large: let them go
            self._conclude(verdict)
            return self.answer() if self.verdict is not None else None
        line_search, found = self.line_search, self.found
        assert line_search is not None and found is not None, "busy: one search runs"
        line = line_search.step(work)  # bounded by its own budget of positions
        if line is None:
            return None
        self.line_search = None
        self._settle(found, list(line))
        return self.answer()

    def answer(self) -> Answer:
        verdict = self.verdict
        if verdict is None:
            return Answer(self.status)
        plan = tuple(self.plan) if verdict.status == SOLVED else ()
        return Answer(
            self.status,
            verdict.status,
            plan,
            verdict.gave_up,
            verdict.positions,
            tuple(self.line),
            self.best,
            self.sight is not None,
        )

    # ------------------------------------------------------------------ without a search
    def _carried_over(self, state: State) -> tuple[Verdict, list[Move] | None] | None:
        """The verdict for ``state`` from the one before, when one move leads from there
        to here: lost stays lost (its best line is sought again: the move was not the
        line's), and a winning line is mended if it can be."""
        verdict, rules = self.verdict, self.rules
        if verdict is None or verdict.status == UNKNOWN or self.state is None or rules is None:
            return None
        move = move_between(rules, self.state, state, self.without)
        if move is None:
            return None
        if verdict.status == UNSOLVABLE:
            return Verdict(UNSOLVABLE, []), None
        line = mended_plan(rules, self.state, self.plan, move, state)
        return None if line is None else (Verdict(SOLVED, line), [])

    def _follows_plan(self, state: State, key: tuple) -> bool:
        """The player made the plan's next moves: the rest of the plan still wins. More
        than one move may lie between two positions asked about (the table sends only the
        newest while the worker is busy, and the demo may make two moves in a frame); a
        search started afresh there could find a line that takes a card back."""
        rules, position = self.rules, self.state
        if rules is None or position is None:
            return False
        for made, move in enumerate(self.plan, start=1):
            position = rules.successor(position, move)
            if position.key() == key:
                break
        else:
            return False
        del self.plan[:made]
        self.key, self.state = key, state.copy()
        self.status = Status.WON if not self.plan else Status.OPEN
        self.verdict = Verdict(SOLVED, list(self.plan))
        self.remembered[key] = self.verdict, [], ()
        return True

    def _follows_line(self, state: State, key: tuple) -> bool:
        """The player made the best line's next move from a position that cannot be won:
        neither can this one, and the rest of the line is still the best."""
        rules, before = self.rules, self.state
        if self.verdict is None or self.verdict.status != UNSOLVABLE:
            return False  # unknown: the search may find a win from here
        if rules is None or before is None or rules.successor(before, self.line[0]).key() != key:
            return False
        self.key, self.state = key, state.copy()
        self.status = rules.status(state, budget=STATUS_BUDGET)
        self._settle(Verdict(UNSOLVABLE, []), self.line[1:])
        return True

    def _conclude(self, verdict: Verdict) -> None:
        """The verdict is found: settle it, or first seek the best line where no winning
        line is known and the game has a search for one."""
        line_search = None
        rules, state = self.rules, self.state
        if verdict.status != SOLVED and rules is not None and state is not None:
            line_search = make_line_search(rules, state, without=self.without)
        if line_search is None:
            self._settle(verdict, [])
        else:
            self.found, self.line_search = verdict, line_search

    def _settle(
        self, verdict: Verdict, line: list[Move], best: tuple[Move, ...] | None = None
    ) -> None:
        """The verdict and best line are known; without either line, the moves in sight
        are looked for next (``best``: already known)."""
        self.verdict, self.found = verdict, None
        self.plan = []
        rules, state = self.rules, self.state
        assert rules is not None and state is not None, "a verdict is about self.state"
        if verdict.status == SOLVED:
            self.plan = shortened(rules, state, list(verdict.moves), without=self.without)
        self.line = list(line)
        self.best, self.sight = (), None
        # The hint's last resort (``hint_for``): no line, and no move the search leaves
        # out (La Belle Lucie's reshuffle) to make instead.
        left_out = any(rules.is_legal(state, Move(kind)) for kind in self.without)
        if not self.plan and not self.line and not left_out and self.status != Status.WON:
            if best is None:
                self.sight = MovesInSight(rules, state, without=self.without)
            else:
                self.best = best
        self._remember(verdict, self.line, None if self.sight is not None else self.best)

    def _remember(self, verdict: Verdict, line: list[Move], best: tuple[Move, ...] | None) -> None:
        assert self.key is not None, "a verdict is about the position in self.key"
        self.remembered[self.key] = verdict, line, best
        if len(self.remembered) > REMEMBERED:
            del self.remembered[next(iter(self.remembered))]  # the oldest


class Reason(Enum):
    """Why the hint is the move it is, with its words at the table and in the text
    commands (``--hint``): whole sentences, the move and its notation filled in, so that
    they can be translated as they are."""

    LINE = (N_("Hint: {move} ({notation})."), N_("{notation}  ({move})"))
    NONE_FOUND = (
        N_(
            "Hint: {move} ({notation}). No winning line was found: this is the most "
            "promising move in sight."
        ),
        N_(
            "{notation}  ({move})  No winning line was found: this is the most promising "
            "move in sight."
        ),
    )
    NOT_WINNABLE = (
        N_(
            "Hint: {move} ({notation}). This game cannot be won from here: this is the most "
            "promising move in sight."
        ),
        N_(
            "{notation}  ({move})  This game cannot be won from here: this is the most "
            "promising move in sight."
        ),
    )
    ONLY_BACK = (
        N_(
            "Hint: {move} ({notation}). Every move from here leads back to a position already "
            "played: this one looks the least bad."
        ),
        N_(
            "{notation}  ({move})  Every move from here leads back to a position already "
            "played: this one looks the least bad."
        ),
    )
    NO_MOVE = (N_("No hint: no move is left to make."), N_("No move is left to make."))

    def __init__(self, table_words: str, line_words: str):
        self.table_words = table_words
        self.line_words = line_words

    @property
    def in_sight(self) -> bool:
        """The move is only the best in sight: no line the partner knows leads on."""
        return self in (Reason.NONE_FOUND, Reason.NOT_WINNABLE, Reason.ONLY_BACK)


@dataclass(frozen=True)
class Hint:
    """The move the partner suggests (None: there is none to make) and why."""

    move: Move | None
    reason: Reason

    def words(self, rules: Rules, state: State) -> str:
        """What the table says."""
        return self._filled(self.reason.table_words, rules, state)

    def line(self, rules: Rules, state: State) -> str:
        """What ``--hint`` prints."""
        return self._filled(self.reason.line_words, rules, state)

    def _filled(self, words: str, rules: Rules, state: State) -> str:
        if self.move is None:
            return _(words)
        move, notation = rules.describe_move(self.move, state), rules.format_move(self.move, state)
        return _(words).format(move=move, notation=notation)


def hint_for(
    rules: Rules, state: State, answer: Answer, played: AbstractSet[tuple] = frozenset()
) -> Hint:
    """The hint from a settled answer: the next move of its winning line; where there is
    none, the next of the best line the player can see (what can go home, the moves that
    bring more home); else a move the search leaves out that is legal (La Belle Lucie's
    reshuffle: nothing more comes home as the cards lie); else the best move in sight
    that leads to no position in ``played`` (the keys of the positions this game has
    been through: no card goes back and forth), and only where every move does, the best
    of those."""
    if answer.plan:
        return Hint(answer.plan[0], Reason.LINE)
    if answer.line:
        return Hint(answer.line[0], Reason.LINE)
    for kind in rules.hint_excludes:
        if rules.is_legal(state, Move(kind)):
            return Hint(Move(kind), Reason.LINE)
    if not answer.best:
        return Hint(None, Reason.NO_MOVE)
    ahead = (move for move in answer.best if rules.successor(state, move).key() not in played)
    move = next(ahead, None)
    if move is None:
        return Hint(answer.best[0], Reason.ONLY_BACK)
    return Hint(move, Reason.NOT_WINNABLE if answer.outcome == UNSOLVABLE else Reason.NONE_FOUND)


def settled_answer(rules: Rules, state: State, thinker: Thinker | None = None) -> Answer:
    """The partner's answer for ``state``, thought through to the end here (the text
    commands: the table asks its worker instead)."""
    thinker = thinker or Thinker()
    answer = thinker.consider(rules, state, rules.hint_excludes)
    while not answer.complete:
        answer = thinker.think(2_000) or answer
    return answer
