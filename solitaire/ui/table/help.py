"""The computer's help at the table: hints and the demo, from the partner's winning line,
or where none is known, the best line the player can see (La Belle Lucie's: what comes
home within the layout, the draw or a merci included, before a reshuffle).

Both wait for the partner's answer when it has not come yet, and go on when it comes
(``TableScreen.partner_answered``): a hint asked for meanwhile shows then, and the demo
makes its next move then, at its steady pace. The demo plays only the moves of those
lines, so it never throws a winnable game away nor shuffles a card to and fro; where no
line is known it says why and stops.
"""

from __future__ import annotations

import math

from ...model.moves import MoveKind

AUTO_PACE = 0.35  # seconds between the demo's moves
WAITING = 600.0  # seconds a "thinking" message may stay: until the answer replaces it
# The kinds of help a game was played with (TableScreen.help_used).
HINTS, DEMO, LOOK_BACK = "hints", "demo", "look back"


class TableHelp:
    """Part of TableScreen: needs ``partner``, ``play`` and ``say``."""

    def show_hint(self) -> None:
        """The next move of a winning line: an arrow at the card, a glow where it goes."""
        self.assisted = True
        self.help_used.add(HINTS)
        self.partner.position_changed()  # about the position on the table, whatever made it
        answer = self.partner.hint()
        if answer is None:  # the partner is still thinking: the hint comes with its answer
            self.hint_wanted = True
            self.say("Thinking about a hint...", WAITING, until_input=False)
            return
        if isinstance(answer, str):
            self.say(answer)
            return
        words = self.rules.describe_move(answer, self.state)
        notation = self.rules.format_move(answer, self.state)
        self.say(f"Hint: {words} ({notation}).")
        if answer.kind in (MoveKind.MOVE, MoveKind.MERCI):
            # The arrow at the card and the glow where it goes stay until the next input.
            cards = self.state.piles[answer.src]
            index = answer.index if answer.kind == MoveKind.MERCI else len(cards) - answer.count
            self.finder = (cards[index], math.inf)
            self.hint_target = (answer.dst, math.inf)

    def start_auto(self) -> None:
        self.assisted = True
        self.help_used.add(DEMO)
        self.demo_on = True
        self.auto_until = self.now
        self.say("The computer plays on. Any key or click stops it.")

    def stop_demo(self) -> None:
        self.demo_on = False
        self.auto_until = None

    def auto_step(self) -> None:
        """The demo's next move: the next of the partner's winning line (or best line).

        The demo knows no more than the player: the line leaves out the moves whose outcome
        the player cannot foresee (``Rules.hint_excludes``, La Belle Lucie's seeded
        reshuffles), so such a move comes only when nothing wins without it, as a player
        would make it, and what follows is worked out from the layout it shows."""
        self.partner.position_changed()
        move = self.partner.hint()
        if move is None:  # no answer yet: wait for it (partner_answered goes on)
            self.auto_until = None
            self.say("The computer is thinking...", WAITING, until_input=False)
            return
        if isinstance(move, str):
            self.stop_demo()
            self.say(f"{move} The computer stops here.")
            return
        if self.message[0] == "The computer is thinking...":
            self.message = ("", 0.0)
        self.play(move)
        self.auto_until = self.now + AUTO_PACE if self.demo_on else None
