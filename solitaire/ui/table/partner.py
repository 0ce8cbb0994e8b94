"""The computer partner as the table sees it: the answer about the position on the table.

The thinking happens beside the table (``solitaire/solver/worker.py``, the thinker in a
process of its own): the table tells the worker each position it shows and hears the
answer when it comes, so no frame and no input ever waits for a search. Until the
answer comes the partner is "thinking"; a hint or the demo asked for meanwhile waits for
it (``TableHelp``). A player who plays the next move of the winning line (or of the best line,
where none wins) gets the rest of the line at once, without asking the worker. Where no
line is known, the hint is the best move in sight that leads to no position this game
has been through (``played``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Set as AbstractSet

from ...i18n import _
from ...model.moves import Move, Status
from ...model.state import State
from ...solver.thinker import Answer, Hint, hint_for
from ...solver.verdict import SOLVED, UNKNOWN, UNSOLVABLE, GaveUp
from ...solver.worker import Answered, Failed, PartnerLink


class Partner:
    def __init__(self, table, link: PartnerLink):
        self.table = table
        self.link = link
        self.key: tuple | None = None  # the position asked about
        self.state: State | None = None  # that position itself (None when the key is)
        self.ticket: int | None = None  # the request whose answer is awaited
        self.answer: Answer | None = None
        self.failure: str | None = None  # why the worker could not answer, if it could not
        self.path = PathKeys()  # the positions the game has been through (``played``)

    @property
    def rules(self):
        return self.table.rules

    def position_changed(self) -> None:
        """Called after every change of the table's position: ask about it."""
        state = self.table.state
        key = state.key()
        if key == self.key and self.ticket is not None:
            return
        followed = self._followed(state, key)
        self.key, self.state, self.failure = key, state.copy(), None
        self.answer = followed
        self.ticket = self.link.consider(self.rules, state, self.rules.hint_excludes)

    def ask_again(self) -> None:
        """Ask once more about the position whose answer has not come (the table is shown
        again after another game's table asked the worker about its own)."""
        if self.thinking and self.key is not None:
            assert self.state is not None  # set with the key, in position_changed
            self.ticket = self.link.consider(self.rules, self.state, self.rules.hint_excludes)

    def forget(self) -> None:
        """A new deal: nothing said about the old one applies."""
        self.key = self.state = self.ticket = self.answer = self.failure = None

    def _followed(self, state, key: tuple) -> Answer | None:
        """The answer when the player made the winning line's next move: the rest of it;
        likewise the rest of the best line of a position that cannot be won, while more
        of it is left (its end may leave the game lost: the worker says)."""
        answer = self.answer
        if answer is None or self.state is None:
            return None
        if answer.plan:
            if self.rules.successor(self.state, answer.plan[0]).key() != key:
                return None
            rest = answer.plan[1:]
            return Answer(Status.OPEN if rest else Status.WON, SOLVED, rest)
        if answer.outcome != UNSOLVABLE or len(answer.line) < 2:
            return None
        if self.rules.successor(self.state, answer.line[0]).key() != key:
            return None
        return Answer(Status.OPEN, UNSOLVABLE, line=answer.line[1:])

    def receive(self, message) -> bool:
        """A message from the worker: True if it answers this partner's question."""
        if message.ticket != self.ticket:
            return False
        if isinstance(message, Answered):
            self.answer = message.answer
        elif isinstance(message, Failed):
            self.failure = message.reason
            self.answer = Answer(Status.OPEN, UNKNOWN, gave_up=GaveUp.PRUNED)
        return True

    # ------------------------------------------------------------------ what it says
    @property
    def thinking(self) -> bool:
        """The answer has not come in full: the verdict, or the moves in sight the hint
        needs where no line is known."""
        return self.key is not None and (self.answer is None or not self.answer.complete)

    @property
    def plan(self) -> list[Move]:
        return list(self.answer.plan) if self.answer is not None else []

    @property
    def game_status(self) -> Status | None:
        """Open, lost or won as the rules see it; None until the worker has said."""
        return None if self.answer is None else self.answer.status

    @property
    def outcome(self):
        return None if self.answer is None else self.answer.outcome

    def status_text(self) -> str:
        rules, state = self.rules, self.table.state
        if self.key is None or rules.is_won(state):
            return ""
        answer = self.answer
        if answer is None or not answer.settled:
            return _("Winnable? thinking")
        later = rules.help_later(state)  # "a reshuffle" may still come
        # " (seeing every card)": said after the verdict, in the player's language
        seeing = _(rules.verdict_note) if rules.verdict_note else ""
        if answer.outcome == SOLVED:
            if later:
                return _("Winnable without {help}").format(help=_(later))
            return _("Winnable") + seeing
        if answer.outcome == UNSOLVABLE:
            if later:
                return _("Not winnable without {help}").format(help=_(later))
            return _("Not winnable from here") + seeing
        if self.failure is not None or answer.gave_up == GaveUp.PRUNED:
            return _("Winnable? unknown")
        if answer.gave_up == GaveUp.MEMORY:
            return _("Winnable? unknown (out of memory)")
        return _("Winnable? unknown (too many positions)")

    def hint(self) -> Hint | str | None:
        """The next move of a winning line, else the best in sight (``Hint`` says which),
        or why the computer has none to give; None while the answer is still coming."""
        if self.thinking:
            return None
        if self.failure is not None and not self.plan:
            return _("No hint: the computer could not think this through ({problem}).").format(
                problem=self.failure
            )
        # Both callers (TableHelp) ask about the position first: with a key, not thinking
        # means answered.
        answer = self.answer
        assert answer is not None
        # only the best in sight needs them
        played: AbstractSet[tuple] = self.played() if answer.best else frozenset()
        return hint_for(self.rules, self.table.state, answer, played)

    def played(self) -> AbstractSet[tuple]:
        """The keys of the positions this game has been through, the one on the table too
        (undone moves taken back: a position undone from may be met again)."""
        return self.path.of(self.table.game)


class PathKeys:
    """The keys of the positions along a game's undo history, kept in step with it.

    The history only grows and shrinks at its end (a move, an undo, a redo), so the turns
    it shares with the last look are a prefix, found from the end: only the moves made or
    taken back since are walked, never the whole game (a game may have a hundred thousand
    moves). A new game is walked once."""

    def __init__(self) -> None:
        self.game: object = None
        self.turns: list = []  # the game's done turns as last seen
        self.keys: list[tuple] = []  # the position before the first turn and after each
        self.counts: Counter[tuple] = Counter()  # a position met twice on the path counts twice

    def of(self, game) -> AbstractSet[tuple]:
        if game is not self.game:
            self.game, self.turns, self.keys, self.counts = game, [], [], Counter()
        done = game.done
        common = min(len(self.turns), len(done))
        while common and self.turns[common - 1] is not done[common - 1]:
            common -= 1
        while len(self.turns) > common:
            self.turns.pop()
            self._forget(self.keys.pop())
        if len(done) > common or not self.keys:
            state = game.state.copy()
            walked = [state.key()]
            for turn in reversed(done[common:]):
                turn.revert(state)
                walked.append(state.key())
            walked.reverse()  # the position after `common` turns first
            for key in walked[len(self.keys) - common :]:
                self.keys.append(key)
                self.counts[key] += 1
            self.turns.extend(done[common:])
        return self.counts.keys()

    def _forget(self, key: tuple) -> None:
        self.counts[key] -= 1
        if not self.counts[key]:
            del self.counts[key]
