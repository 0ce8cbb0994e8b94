"""The table screen: one game in play.

It holds no rules: every question (may this card be lifted? where may it go? what does
this key mean?) is asked of the model or the game's definition, and every change is a
model move. Its parts each have one job: ``table_input`` (mouse and keys to moves),
``table_motion`` (animation), ``table_drawing`` and ``table_status`` (the picture).
"""

from __future__ import annotations

import os
import random
from functools import partial

import pygame

from ...model.game import Game
from ...model.games import make_rules
from ...model.moves import IllegalMove, Move, MoveKind, Status, Turn
from ...model.rules import MAX_DEAL
from ...model.state import State
from ...model.vocabulary import Action
from ...solver.thinker import STATUS_BUDGET
from ...storage.stats import moves_ever_made
from ..art.widgets import Button, button_at, fit_row
from . import actions
from .drawing import TableDrawing
from .flights import Flights
from .help import LOOK_BACK, TableHelp
from .input import TableInput
from .motion import TableMotion
from .partner import Partner
from .status import TableStatus
from .view import TableView

# A message stays long enough to read: this long, and this much more a character, and
# at least READ_LEAST seconds (or until the next key or click).
READ_BASE, READ_PER_CHARACTER, READ_LEAST = 1.5, 0.06, 3.0
TOOLTIP_DELAY = 0.7  # seconds the pointer rests on a button before its tooltip shows
LOSS_QUESTION = "This game counts as a loss. Deal again?"
MONO_REMINDER = "Prefer black and white? Start with /B (or --mono), or press O for the options."


class TableScreen(TableInput, TableHelp, TableMotion, TableDrawing, TableStatus):
    def __init__(
        self,
        app,
        game_id: str,
        options: dict,
        deal: int | None = None,
        game: Game | None = None,
        extra: dict | None = None,
        replay: bool = False,
    ):
        """``extra``: what a save keeps beside its game (seconds, assisted, token,
        recorded); ``replay``: the table shows a replay file's game, never saved nor
        counted."""
        self.app = app
        self.game_id = game_id
        self.options = dict(options)
        if game is None:
            game = Game(make_rules(game_id, **options), random_deal() if deal is None else deal)
        self.game = game
        extra = extra or {}
        self.replay = replay
        # The game played, for the statistics: counted once (see stats.py).
        self.token = extra.get("token") or new_token()
        # The computer helped (hint, auto-play, a look back): marked in the statistics.
        self.assisted = bool(extra.get("assisted")) or replay
        self.help_used: set[str] = set()  # which help, this session: HINTS, DEMO, LOOK_BACK
        self.view: TableView | None = None
        self.size = (0, 0)  # the window size the table was laid out for
        self.flights = Flights()
        self.press = None  # (pile, index, count, kind, point, pointer offset) on mouse down
        self.drag = None  # the same, once the pointer has moved: cards follow it
        self.pointer = (0, 0)
        self.selected = None  # (pile, index, count, kind) after a click
        self.right_held = None  # where the right button went down, while it is held
        self.right_chord = False  # a left click came while it was held
        self.last_click = (None, -1.0)  # (card, time) for double-clicks
        self.typed = ""  # a card name or a move being typed (Typing.CARD, Typing.NOTATION)
        self.origin_key = None  # the origin key pressed first (Typing.CODES)
        self.finder = None  # (card, until)
        self.message = ("", 0.0)
        self.message_until_input = True
        self.now = 0.0
        self.seconds = float(extra.get("seconds", 0.0))
        self.demo_on = False  # the computer plays on (the demo)
        self.auto_until = None  # when the demo makes its next move; None while it waits
        self.hint_wanted = False  # a hint was asked for before the partner had answered
        self.loss_to_tell = False  # a move was made: say so if it lost the game
        # (ticket, rules, options, note) while the partner looks for a winnable deal
        self.wanted_deal = None
        self.finished = self.rules.is_won(self.state)  # a resumed game may be won already
        # The game's result is in the statistics already (a win, perhaps undone since), or
        # never will be (a replay): it is not counted again, and a new deal asks nothing.
        self.recorded = bool(extra.get("recorded")) or replay or self.finished
        self.buttons: list[Button] = []
        self.bar_h = 0
        self.button_text_size = 0
        self.fitted_labels: list[str] = []  # the labels the button bar was laid out for
        self.status_dirty = False  # only the status line changed (the clock ticked)
        self.partner = Partner(self, app.partner_link)
        self.hint_target = None  # (pile, until): where the hint says a card should go
        self.hovered = (None, 0.0)  # (the button under the pointer, since when)
        self.tooltip = None  # the button whose tooltip shows
        self.drawn = None  # (what the last full frame showed, where the dragged cards were)
        self._moves_cache = (None, [])
        if self.rules.mono_reminder and not app.look["mono"]:
            self.say(MONO_REMINDER, 5.0)

    # ------------------------------------------------------------------ set-up
    @property
    def rules(self):
        return self.game.rules

    @property
    def state(self) -> State:
        return self.game.state

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.bar_h = bar_height(size)
        area = table_area(size)
        felt_bottom = size[1] - self.bar_h
        faces = self.app.library.cache
        self.view = TableView(self.rules, area, self.app.look, faces, felt_bottom)
        self.drawn = None  # a frame of the old view: the new one must draw in full
        self.buttons = self.make_buttons()
        self.fit_buttons()

    def fit_buttons(self) -> None:
        """Lay the button bar out for the window and the buttons' labels now."""
        margin = max(4, self.bar_h // 10)
        right, height = self.size[0] - margin, self.bar_h - 2 * margin
        self.button_text_size = fit_row(self.buttons, margin, margin, right, height, self.text_size)
        self.fitted_labels = [button.text for button in self.buttons]

    def make_buttons(self) -> list[Button]:
        """The common buttons around the game's own (from its definition)."""

        def button(label: str, action: str, lit=None, caption=None) -> Button:
            lit = lit or (lambda: True)
            tip = actions.tooltip(self, action)
            return Button(label, partial(actions.run, self, action), lit, caption=caption, tip=tip)

        buttons = [
            button("Games", Action.GAMES),
            button("New", Action.NEW),
            button("Restart", Action.RESTART),
            button("Undo", Action.UNDO, lambda: bool(self.game.done)),
            button("Redo", Action.REDO, lambda: bool(self.game.undone)),
        ]
        for spec in self.rules.buttons:
            lit, caption = partial(actions.enabled, self, spec), partial(self.button_label, spec)
            buttons.append(button(spec.label, spec.action, lit, caption))
        for action in (Action.HINT, Action.DEMO, Action.STATS, Action.OPTIONS, Action.HELP):
            buttons.append(button(action.value.capitalize(), action))
        return buttons

    def extra(self) -> dict:
        """What the save keeps beside the game."""
        return {
            "seconds": round(self.seconds, 1),
            "assisted": self.assisted,
            "token": self.token,
            "recorded": self.recorded,
        }

    def button_label(self, spec) -> str:
        return self.rules.button_label(spec, self.state)

    # ------------------------------------------------------------------ game actions
    def legal_moves(self) -> list[Move]:
        key = self.state.key()
        if self._moves_cache[0] != key:
            self._moves_cache = (key, self.game.legal_moves())
        return self._moves_cache[1]

    def play(self, move: Move, dragged: dict | None = None, quiet: bool = False) -> bool:
        """Make a move; on refusal make the game's sound and say why. True if it was made."""
        self.flights.finish()
        before = self.state.copy()
        try:
            turn = self.game.play(move)
        except IllegalMove as error:
            if not quiet:
                self.refuse(str(error))
            return False
        self.selected = self.press = self.drag = None  # the cards they named have moved
        self.animate(before, turn, dragged or {})
        self.after_turn(turn)
        self.app.game_changed(self)
        return True

    def refuse(self, reason: str) -> None:
        self.app.audio.play(self.rules.refusal_sound)
        self.say(reason[:1].upper() + reason[1:] + ".")

    def say(self, words: str, seconds: float = 0.0, until_input: bool = True) -> None:
        """Show ``words`` long enough to read them (``reading_time``, or ``seconds`` if
        longer); ``until_input``: the player's next key or click takes them away."""
        self.message = (words, self.now + max(seconds, reading_time(words)))
        self.message_until_input = until_input
        self.app.dirty = True  # shown now, not at the next input

    def input_came(self) -> None:
        """A key or a click: what was said for it to read goes, and the hint's arrow."""
        if self.message[0] and self.message_until_input:
            self.message = ("", 0.0)
        self.finder = self.hint_target = None

    def after_turn(self, turn: Turn) -> None:
        kind = turn.move.kind
        sound = {MoveKind.REDEAL: "shuffle", MoveKind.TURN: "deal", MoveKind.DEAL: "deal"}.get(
            kind, "place"
        )
        self.app.audio.play(sound)
        notice = self.rules.notice_after(turn.move, self.state)
        if notice:
            self.app.audio.play("chime")  # La Belle Lucie's audible prompt, with a visible one
            self.say(notice, 4.0)
        self.check_outcome()

    def check_outcome(self) -> None:
        """A win is seen at once; a loss when the partner says so (``partner_answered``):
        finding out that no move can bring another card home is a search."""
        if self.rules.is_won(self.state):
            if not self.finished:
                self.finished = True
                self.stop_demo()
                self.app.game_won(self)
            return
        self.finished = False
        self.loss_to_tell = True  # said when the partner's answer shows it lost

    def partner_answered(self) -> None:
        """The partner's answer about the position came: show it, and what waited for it."""
        self.status_dirty = True
        partner = self.partner
        if self.loss_to_tell and partner.game_status is not None:
            self.loss_to_tell = False  # the answer about the position the move made
            if partner.game_status == Status.LOST and not self.finished:
                self.finished = True  # the clock stops
                self.stop_demo()
                self.app.game_lost(self)
        if partner.thinking:
            return
        if self.hint_wanted:
            self.hint_wanted = False
            self.show_hint()
        if self.demo_on and self.auto_until is None:
            self.auto_until = self.now  # the demo waited for this answer

    def undo(self) -> None:
        self.jump(self.game.undo)

    def redo(self) -> None:
        self.jump(self.game.redo)

    def jump(self, action) -> None:
        self.flights.finish()
        before = self.state.copy()
        turn = action()
        if turn is None:
            self.refuse(
                "there is nothing to take back"
                if action == self.game.undo
                else "there is nothing to play again"
            )
            return
        if action == self.game.undo:
            self.took_back([turn])
        self.selected = self.press = self.drag = None  # the cards they named have moved
        self.fly_changes(before, self.state)
        self.app.audio.play("place")
        self.check_outcome()
        self.app.game_changed(self)

    def restart(self) -> None:
        """The deal from the start, the clock at 0:00. The moves stay in redo, and the
        game still counts if any was made (The Prince's manual)."""
        self.flights.finish()
        before = self.state.copy()
        self.took_back(list(self.game.done))
        self.game.restart()
        self.selected = self.press = self.drag = None  # the cards they named have moved
        self.fly_changes(before, self.state)
        self.finished = False
        self.seconds = 0.0
        self.app.game_changed(self)

    def took_back(self, turns: list) -> None:
        """Undoing a move the game's definition keeps behind (a seeded reshuffle, the draw)
        lets the player look ahead: the game is then played with help."""
        if self.assisted or not any(self.rules.reveals(turn) for turn in turns):
            return
        self.assisted = True
        self.help_used.add(LOOK_BACK)
        self.say("Taken back past cards you had not seen yet: this game now counts as helped.")

    @property
    def loss_at_stake(self) -> bool:
        """Would dealing again count this game as a loss that is not yet certain? Not if
        no move was made, the result is in already, or the game is won or lost."""
        if self.recorded or not moves_ever_made(self.game):
            return False
        status = self.partner.game_status
        if status is None:  # the partner has not answered yet: ask the rules here
            status = self.rules.status(self.state, budget=STATUS_BUDGET)
        return status == Status.OPEN

    def new_deal(
        self, deal: int | None = None, options: dict | None = None, note: str | None = None
    ) -> None:
        """Deal again (``deal``: that number, ``options``: under those rules), then say
        ``note``. A game in play would count as a loss: the player is asked first. From a
        replay, the game in progress deals."""
        if self.replay:
            self.app.leave_replay(self).new_deal(deal, options, note)
            return
        if self.loss_at_stake:

            def again() -> None:
                self.deal_again(deal, options, note)

            self.app.ask(LOSS_QUESTION, again)
        else:
            self.deal_again(deal, options, note)

    def deal_again(self, deal: int | None, options: dict | None, note: str | None) -> None:
        if not self.recorded:
            self.app.game_abandoned(self)  # counted as lost if any move was made
        if options is not None:
            self.options = dict(options)
        rules = make_rules(self.game_id, **self.options)
        if deal is None and self.app.solvable_only(self.game_id) and rules.proves_winnable:
            rng = random.Random()
            deal = rules.proven_winnable_deal(rng)  # known ahead, or a search to make
            if deal is None:
                ticket = self.app.partner_link.find_deal(rules, rng.randrange(1 << 32))
                self.wanted_deal = (ticket, rules, options, note)
                self.stop_demo()
                self.say(
                    "Looking for a deal the computer can prove winnable (Esc: any deal)...", 600
                )
                return
        self.start_deal(rules, random_deal() if deal is None else deal, options, note)

    def deal_found(self, message) -> bool:
        """The partner's answer to the look for a winnable deal: deal it."""
        if self.wanted_deal is None or message.ticket != self.wanted_deal[0]:
            return False
        _, rules, options, note = self.wanted_deal
        self.start_deal(rules, message.deal, options, note, message.proven)
        return True

    def take_any_deal(self) -> None:
        """Esc while the partner looks for a winnable deal: a random one, unproven."""
        _, rules, options, _ = self.wanted_deal
        self.start_deal(rules, random_deal(), options, "A random deal, not proven winnable.")

    def start_deal(
        self, rules, deal: int, options: dict | None, note: str | None, proven: bool = True
    ) -> None:
        self.wanted_deal = None
        self.game = Game(rules, deal)
        if options is not None:
            self.app.remember_options(self.game_id, self.game.rules)
        self.seconds = 0.0
        self.assisted = False
        self.help_used = set()
        self.finished = self.recorded = False
        self.token = new_token()
        self.stop_demo()
        self.hint_wanted = False
        self.message = ("", 0.0)
        self.selected = self.drag = self.press = None
        self.typed, self.origin_key = "", None
        self.partner.forget()
        self.resize(self.app.window.size)
        self.app.audio.play("shuffle")
        self.deal_in()
        self.app.game_changed(self)
        if not proven:
            self.say(
                "No winnable deal was proven in the search's budget: this one is not proven.", 4.0
            )
        elif note:
            self.say(note, 3.0)

    def next_option(self, name: str) -> None:
        """A key or button steps a choice option on: a new deal under the new rule."""
        spec = next(spec for spec in self.rules.option_specs if spec.name == name)
        current = self.options.get(name, spec.format(self.rules.options[name]))
        value = spec.choices[(spec.choices.index(current) + 1) % len(spec.choices)]
        note = self.rules.option_change_text(name, value)
        self.new_deal(options={**self.options, name: value}, note=note)

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> bool:
        """One fixed step; True when the picture changed."""
        self.now += dt
        changed = self.flights.step(dt) or self.flights.busy or self.drag is not None
        if self.game.done and not self.finished and self.app.clock_running:
            second = int(self.seconds)
            self.seconds += dt
            self.status_dirty = self.status_dirty or int(self.seconds) != second
        if self.message[0] and self.now >= self.message[1]:
            self.message = ("", 0.0)
            changed = True
        if self.finder and self.now >= self.finder[1]:
            self.finder = None
            changed = True
        if self.hint_target and self.now >= self.hint_target[1]:
            self.hint_target = None
            changed = True
        changed = self.watch_hover() or changed
        if self.auto_until is not None and self.now >= self.auto_until and not self.flights.busy:
            self.auto_step()
            changed = True
        return changed

    def watch_hover(self) -> bool:
        """The tooltip of the button the pointer has rested on; True if it came or went."""
        button = button_at(self.buttons, self.pointer) if not (self.drag or self.press) else None
        if button is not self.hovered[0]:
            self.hovered = (button, self.now)
        shown = (
            button if button is not None and self.now - self.hovered[1] >= TOOLTIP_DELAY else None
        )
        if shown is self.tooltip:
            return False
        self.tooltip = shown
        return True

    @property
    def busy(self) -> bool:
        return self.flights.busy or self.drag is not None or self.auto_until is not None

    def next_wakeup(self) -> float:
        """Seconds until the picture changes by itself (the clock, a fading message)."""
        times = [1.0 - self.seconds % 1.0 if self.game.done and not self.finished else 60.0]
        if self.message[0]:
            times.append(self.message[1] - self.now)
        if self.finder:
            times.append(self.finder[1] - self.now)
        button, since = self.hovered
        if button is not None and self.tooltip is None:
            times.append(since + TOOLTIP_DELAY - self.now)
        return max(0.01, min(times))


def bar_height(size: tuple[int, int]) -> int:
    """The button bar and the status line, each: a share of the window, as the cards."""
    return max(24, size[1] // 22)


def table_area(size: tuple[int, int]) -> pygame.Rect:
    """Where the cards go: the window less the two bars and the messages' strip."""
    bar = bar_height(size)
    return pygame.Rect(0, bar, size[0], size[1] - 2 * bar - message_strip(size))


def message_strip(size: tuple[int, int]) -> int:
    """The felt kept free of cards above the status line, where messages show: a line
    of the bars' text (a longer message, at small sizes, reaches up over the table)."""
    return bar_height(size) * 4 // 5


def reading_time(words: str) -> float:
    return max(READ_LEAST, READ_BASE + READ_PER_CHARACTER * len(words))


def random_deal() -> int:
    return random.randint(1, MAX_DEAL)


def new_token() -> str:
    """A name for one game played, unlike any other (the statistics count it once)."""
    return os.urandom(8).hex()  # not secrets: it loads OpenSSL, some 4 MiB
