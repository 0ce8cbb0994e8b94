"""The computer's help at the table: hints and the demo, from the partner's winning line."""

from __future__ import annotations

from ..model.autoplay import next_move
from ..model.moves import MoveKind

AUTO_PACE = 0.35  # seconds between the auto-player's moves
# The kinds of help a game was played with (TableScreen.help_used).
HINTS, DEMO, LOOK_BACK = "hints", "demo", "look back"
HINT_WORDS = {
    MoveKind.REDEAL: "reshuffle",
    MoveKind.TURN: "turn the hand",
    MoveKind.LAYOFF: "lay off",
    MoveKind.SAFE_HOME: "play the safe cards home",
}


class TableHelp:
    """Part of TableScreen: needs ``partner``, ``play`` and ``say``."""

    def show_hint(self) -> None:
        """The next move of a winning line: an arrow at the card, a glow where it goes."""
        self.assisted = True
        self.help_used.add(HINTS)
        answer = self.partner.hint()
        if isinstance(answer, str):
            self.say(answer, 3.0)
            return
        if answer.kind != MoveKind.MOVE and answer.kind != MoveKind.MERCI:
            word = HINT_WORDS.get(answer.kind, "this")
            self.say(f"Hint: {word} ({self.rules.format_move(answer, self.state)}).", 3.0)
            return
        cards = self.state.piles[answer.src]
        index = answer.index if answer.kind == MoveKind.MERCI else len(cards) - answer.count
        self.finder = (cards[index], self.now + 2.0)
        self.hint_target = (answer.dst, self.now + 2.0)
        self.say(f"Hint: {self.rules.format_move(answer, self.state)}", 3.0)

    def start_auto(self) -> None:
        self.assisted = True
        self.help_used.add(DEMO)
        self.auto_until = self.now
        self.auto_seen = {self.state.key()}
        self.say("The computer plays on. Any key or click stops it.", 2.0)

    def auto_step(self) -> None:
        """The demo's next move: the solver's winning line, else the plain auto-player.

        The demo knows no more than the player: the line leaves out the moves whose outcome
        the player cannot foresee (``Rules.hint_excludes``, La Belle Lucie's seeded
        reshuffles), so a reshuffle comes only from the plain auto-player, as a move the
        player could make when nothing better is left, and what follows is worked out from
        the layout it then shows on the table. The demo never takes a move back."""
        if self.partner.thinking:
            self.partner.think(0.05)  # wait for the verdict: a plan beats guessing
            return
        plan = self.partner.plan
        move = plan[0] if plan else next_move(self.rules, self.state, self.auto_seen)
        if move is None:
            self.auto_until = None
            self.say("The computer has nothing more it can do.", 2.5)
            return
        self.play(move)
        self.auto_seen.add(self.state.key())
        self.auto_until = self.now + AUTO_PACE if self.auto_until is not None else None
