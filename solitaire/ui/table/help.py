"""The computer's help at the table: hints and the demo, from the partner's winning line,
or where none is known, the best line the player can see (La Belle Lucie's: what comes
home within the layout, the draw or a merci included, before a reshuffle), and where
there is none either, the best move in sight (the hint says so).

Both wait for the partner's answer when it has not come yet, and go on when it comes
(``TableHelp.answered``): a hint asked for meanwhile shows then, and the demo
makes its next move then, at its steady pace. The demo plays the moves of those lines,
so it never throws a winnable game away; where no line is known it asks the player
before it plays on with the best moves in sight, and stops where those would only lead
back to a position the game has been through, so no card goes to and fro.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from ...i18n import N_, _
from ...model.cards import Card
from ...model.moves import MoveKind
from ...solver.thinker import Reason
from .tally import Help

AUTO_PACE = 0.35  # seconds between the demo's moves
WAITING = 600.0  # seconds a "thinking" message may stay: until the answer replaces it
THINKING = N_("The computer is thinking...")
PLAYS_ON = N_("The computer plays on. Any key or click stops it.")
# The demo's question before it plays on with the best moves in sight, by the reason.
PLAY_ON_QUESTIONS = {
    Reason.NONE_FOUND: N_(
        "No winning line was found from here. Should the computer play on "
        "with the most promising moves in sight?"
    ),
    Reason.NOT_WINNABLE: N_(
        "This game cannot be won from here. Should the computer play on "
        "with the most promising moves in sight?"
    ),
}
PLAYING_ON = N_(
    "The computer plays on with the most promising moves in sight. Any key or click stops it."
)
STOPS_GOING_BACK = N_(
    "Every move from here leads back to a position already played. The computer stops here."
)
STOPS_NO_MOVE = N_("No move is left to make. The computer stops here.")


class Finder(NamedTuple):
    """An arrow at ``card`` until ``until`` (the table's clock; inf: until the next input)."""

    card: Card
    until: float


class Target(NamedTuple):
    """A glow on ``pile``, where the hint says a card goes, until ``until``."""

    pile: str
    until: float


class TableHelp:
    """Part of the table screen: the hint (with its arrow and glow) and the demo. Asks
    the table's partner, plays through the table."""

    def __init__(self, table):
        self.table = table
        self.demo_on = False  # the computer plays on (the demo)
        self.in_sight = False  # the player let the demo play the best moves in sight
        self.auto_until: float | None = None  # the demo's next move; None while it waits
        self.hint_wanted = False  # a hint was asked for before the partner had answered
        self.finder: Finder | None = None
        self.hint_target: Target | None = None

    def point_at(self, card: Card, until: float) -> None:
        self.finder = Finder(card, until)

    def clear_marks(self) -> None:
        """A key or a click: the hint's arrow and glow go."""
        self.finder = self.hint_target = None

    def forget(self) -> None:
        """A new deal: no demo, no hint waiting."""
        self.stop_demo()
        self.hint_wanted = False

    def show_hint(self) -> None:
        """The next move of a winning line: an arrow at the card, a glow where it goes."""
        table = self.table
        table.tally.helped(Help.HINTS)
        table.partner.position_changed()  # about the position on the table, whatever made it
        hint = table.partner.hint()
        if hint is None:  # the partner is still thinking: the hint comes with its answer
            self.hint_wanted = True
            table.say(N_("Thinking about a hint..."), WAITING, until_input=False)
            return
        if isinstance(hint, str):
            table.say(hint)
            return
        state = table.state
        table.say(hint.words(table.rules, state))
        answer = hint.move
        if answer is None:
            return
        if answer.kind in (MoveKind.MOVE, MoveKind.MERCI):
            # The arrow at the card and the glow where it goes stay until the next input.
            cards = state.piles[answer.src]
            index = answer.index if answer.kind == MoveKind.MERCI else len(cards) - answer.count
            self.finder = Finder(cards[index], math.inf)
            self.hint_target = Target(answer.dst, math.inf)
        elif answer.kind in (MoveKind.PAIR, MoveKind.DISCARD):
            # The arrow at the first card, the glow on its partner or the discard pile.
            self.finder = Finder(state.piles[answer.src][-1], math.inf)
            self.hint_target = Target(answer.partner or answer.dst, math.inf)
        elif answer.kind == table.rules.stock_move:  # what a click on the stock does: a glow there
            slots = table.view.layout.slots
            stock = next((name for name, slot in slots.items() if slot.face_down), None)
            if stock is not None:
                self.hint_target = Target(stock, math.inf)

    def start_auto(self) -> None:
        self.table.tally.helped(Help.DEMO)
        self.demo_on = True
        self.auto_until = self.table.now
        self.table.say(PLAYS_ON)

    def stop_demo(self) -> None:
        self.demo_on = self.in_sight = False
        self.auto_until = None

    def play_on_in_sight(self) -> None:
        """The player said yes: the demo plays on with the best moves in sight."""
        self.demo_on = self.in_sight = True
        self.auto_until = self.table.now
        self.table.say(PLAYING_ON)

    def answered(self) -> None:
        """The partner has answered: what waited for it goes on."""
        if self.hint_wanted:
            self.hint_wanted = False
            self.show_hint()
        if self.demo_on and self.auto_until is None:
            self.auto_until = self.table.now  # the demo waited for this answer

    def update(self, now: float, flying: bool) -> bool:
        """The arrow and glow fade; the demo moves when its time has come. True if the
        picture changed."""
        changed = False
        if self.finder and now >= self.finder.until:
            self.finder = None
            changed = True
        if self.hint_target and now >= self.hint_target.until:
            self.hint_target = None
            changed = True
        if self.auto_until is not None and now >= self.auto_until and not flying:
            self.auto_step()
            changed = True
        return changed

    def next_change(self) -> float | None:
        """When the finder's arrow goes by itself."""
        return self.finder.until if self.finder else None

    def auto_step(self) -> None:
        """The demo's next move: the next of the partner's winning line (or best line).

        The demo knows no more than the player: the line leaves out the moves whose outcome
        the player cannot foresee (``Rules.hint_excludes``, La Belle Lucie's seeded
        reshuffles), so such a move comes only when nothing wins without it, as a player
        would make it, and what follows is worked out from the layout it shows."""
        table = self.table
        table.partner.position_changed()
        hint = table.partner.hint()
        if hint is None:  # no answer yet: wait for it (answered goes on)
            self.auto_until = None
            table.say(THINKING, WAITING, until_input=False)
            return
        if isinstance(hint, str):
            self.stop_demo()
            table.say(_("{hint} The computer stops here.").format(hint=hint))
            return
        table.unsay(THINKING)
        if hint.move is None or hint.reason == Reason.ONLY_BACK:
            self.stop_demo()
            table.say(STOPS_NO_MOVE if hint.move is None else STOPS_GOING_BACK)
            return
        if hint.reason.in_sight and not self.in_sight:
            # No line leads on from here: the player says whether to play on regardless.
            self.stop_demo()
            table.unsay(PLAYS_ON)  # it does not, unless the player says so
            table.app.ask(PLAY_ON_QUESTIONS[hint.reason], self.play_on_in_sight)
            return
        table.play(hint.move)
        self.auto_until = table.now + AUTO_PACE if self.demo_on else None
