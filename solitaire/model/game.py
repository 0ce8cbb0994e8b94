"""One game in progress: rules, deal number, position, and the undo/redo history."""

from __future__ import annotations

from ..i18n import _, thousands
from .moves import IllegalMove, Move, Status, Turn
from .rules import MAX_DEAL, Rules
from .state import Step, StepLog


class DealError(ValueError):
    """A deal number outside the range a game deals."""


class Game:
    def __init__(self, rules: Rules, deal_number: int):
        if not isinstance(deal_number, int) or not 0 <= deal_number <= MAX_DEAL:
            raise DealError(
                _("deal number must be a whole number from 0 to {most}").format(
                    most=thousands(MAX_DEAL)
                )
            )
        self.rules = rules
        self.deal_number = deal_number
        self.state = rules.deal(deal_number)
        rules.settle(StepLog(self.state))  # the start position already has its lay-offs
        self.start_key = self.state.key()
        self.done: list[Turn] = []
        self.undone: list[Turn] = []
        # What the turns made so far were, each kind once: a turn like one made before
        # shares its move, steps and text (a long game turns the stock over and over, and
        # keeps 80 bytes a move, not 430). Steps are never changed once made.
        self._made: dict[tuple, tuple[Move, list[Step], str]] = {}

    # ------------------------------------------------------------------ playing
    def play(self, move: Move) -> Turn:
        """Make a move and the game's automatic replies; IllegalMove changes nothing.

        A game keeps any number of moves: its save records what each did, so even a very
        long one resumes at once (``storage.saved_game``)."""
        self.rules.check(self.state, move)
        text = self.rules.format_move(move, self.state)
        log = StepLog(self.state)
        try:
            self.rules.perform(log, move)
            before_auto = len(log.steps)
            self.rules.respond(log, move)
        except Exception:
            log.rollback()
            raise
        automatic = len(log.steps) - before_auto
        made = (move, log.steps, text)
        try:
            made = self._made.setdefault((move, *log.steps, automatic, text), made)
        except TypeError:  # a value that is not immutable after all: kept as it is
            pass
        turn = Turn(made[0], made[1], automatic, made[2])
        self.done.append(turn)
        self.undone.clear()
        return turn

    def play_text(self, text: str) -> Turn:
        return self.play(self.rules.parse_move(text, self.state))

    def play_sequence(self, texts: list[str]) -> None:
        """Play moves in notation; the first bad one raises MoveListError, earlier ones stay."""
        for number, text in enumerate(texts, start=1):
            try:
                self.play_text(text)
            except IllegalMove as error:
                raise MoveListError(number, text, str(error)) from None

    def undo(self) -> Turn | None:
        if not self.done:
            return None
        turn = self.done.pop()
        turn.revert(self.state)
        self.undone.append(turn)
        return turn

    def redo(self) -> Turn | None:
        """Play the last undone turn again, exactly as it was (the same shuffle too)."""
        if not self.undone:
            return None
        turn = self.undone.pop()
        turn.apply(self.state)
        self.done.append(turn)
        return turn

    def restart(self) -> None:
        while self.undo():
            pass

    # ------------------------------------------------------------------ asking
    def legal_moves(self) -> list[Move]:
        return self.rules.legal_moves(self.state)

    def status(self, budget: int = 2000) -> Status:
        return self.rules.status(self.state, budget)

    @property
    def moves_made(self) -> int:
        return len(self.done)

    def notation(self) -> list[str]:
        """The moves played so far, in the game's notation (replays from the deal)."""
        return [turn.text for turn in self.done]

    def show(self) -> str:
        return self.rules.show(self.state)


class MoveListError(IllegalMove):
    """Which move of a list failed, and why."""

    def __init__(self, number: int, text: str, reason: str):
        super().__init__(f"move {number} '{text}': {reason}")
        self.number = number
        self.text = text
        self.reason = reason
