"""The table screen: one game in play.

It holds no rules: every question (may this card be lifted? where may it go? what does
this key mean?) is asked of the model or the game's definition, and every change is a
model move. It is made of parts, each with one job and the state that job needs:
``input`` (mouse and keys to moves), ``motion`` (animation), ``help`` (hint and demo),
``status`` (the status line and messages), ``bar`` (the buttons), ``painter`` (the
picture) and ``tally`` (counting the game once). The screen itself plays the moves, runs
the work after a move (the partner told, the game saved) and deals.
"""

from __future__ import annotations

import random
from typing import NamedTuple

import pygame

from ...i18n import N_, _
from ...model.game import Game
from ...model.games import make_rules
from ...model.moves import IllegalMove, Move, MoveKind, Status, Turn
from ...model.rules import MAX_DEAL, Rules
from ...model.state import State
from ...solver.thinker import STATUS_BUDGET
from ...solver.worker import DealFound
from ...storage.stats import moves_ever_made
from .bar import ButtonBar, table_area
from .drawing import TableDrawing
from .flights import Flights
from .help import TableHelp
from .input import TableInput
from .motion import TableMotion
from .partner import Partner
from .status import TableStatus
from .tally import Help, Tally
from .view import TableView

LOSS_QUESTION = N_("This game counts as a loss. Deal again?")
MONO_REMINDER = N_("Prefer black and white? Start with /B (or --mono), or press O for the options.")


class WantedDeal(NamedTuple):
    """A deal the partner is looking for (one it can prove winnable), and what to deal
    it with."""

    ticket: int
    rules: Rules
    options: dict | None
    note: str | None


class TableScreen:
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
        self.replay = replay
        self.tally = Tally(app.library, extra, replay)
        self.finished = self.rules.is_won(self.state)  # a resumed game may be won already
        if self.finished:
            self.tally.recorded = True  # its result is in, or was never to be counted
        self.view: TableView | None = None
        self.size = (0, 0)  # the window size the table was laid out for
        self.now = 0.0
        self.flights = Flights()
        self.input = TableInput(self)
        self.motion = TableMotion(self.flights)
        self.help = TableHelp(self)
        self.status = TableStatus(self)
        self.bar = ButtonBar(self)
        self.painter = TableDrawing(self)
        self.partner = Partner(self, app.partner_link)
        self.loss_to_tell = False  # a move was made: say so if it lost the game
        self.after_move = False  # a move was made: the partner and the save are to be told
        self.wanted_deal: WantedDeal | None = None
        self._moves_cache: tuple = (None, [])
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
        self.bar.lay_out(size)
        felt_bottom = size[1] - self.bar.height
        faces = self.app.library.cache
        self.view = TableView(self.rules, table_area(size), self.app.look, faces, felt_bottom)
        self.painter.forget()  # a frame of the old view: the new one must draw in full

    @property
    def laid_out_view(self) -> TableView:
        """The view ``resize`` made: the app lays every table out as soon as it makes it
        (``App.open_game``, ``App.open_replay``), and a new deal lays it out again."""
        assert self.view is not None
        return self.view

    def let_go(self) -> None:
        """Another screen or a dialog takes the mouse: a card held is put back (the mouse
        button will be let go elsewhere), and the next frame is drawn whole. The work
        after a move is done now: the table may not be shown again for a while."""
        self.settle()
        self.flights.finish()
        self.input.let_go()
        self.painter.forget()

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
        self.input.drop_all()  # the cards they named have moved
        self.motion.animate(self.laid_out_view, before, turn, dragged or {})
        self.after_turn(turn)
        self.changed()
        return True

    def refuse(self, reason: str) -> None:
        self.app.audio.play(self.rules.refusal_sound)
        self.say(reason[:1].upper() + reason[1:] + ".")

    def say(self, words: str, seconds: float = 0.0, until_input: bool = True) -> None:
        """Show ``words`` long enough to read them, or ``seconds`` if longer;
        ``until_input``: the player's next key or click takes them away."""
        self.status.say(words, self.now, seconds, until_input)
        self.app.dirty = True  # shown now, not at the next input

    def notify(self, words: str, seconds: float = 0.0) -> None:
        """A notice of the program's own, shown in its turn for its reading time."""
        self.status.notify(words, self.now, seconds)
        self.app.dirty = True

    def unsay(self, words: str) -> None:
        self.status.unsay(words)

    # ------------------------------------------------------------------ after a move
    def changed(self) -> None:
        """The position changed. The partner and the save hear of it in the loop's next
        pass, once the frame that shows the change is on screen (``after_frame``): that
        frame waits for neither."""
        self.after_move = True

    def after_frame(self) -> None:
        self.settle()

    def settle(self) -> None:
        """The work after a move, if it waits: the partner asked about the position on
        the table, the game saved (by the writer's thread), the app told (--record)."""
        if not self.after_move:
            return
        self.after_move = False
        self.partner.position_changed()
        self.status.dirty = True  # the verdict is about the new position now
        self.app.save(self)
        self.app.game_changed(self)

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
                self.finished = self.tally.ended = True
                self.help.stop_demo()
                self.app.game_won(self)
            return
        self.finished = False
        self.loss_to_tell = True  # said when the partner's answer shows it lost

    def partner_answered(self) -> None:
        """The partner's answer about the position came: show it, and what waited for it."""
        self.settle()  # an answer about the position before a move not yet told is old
        self.status.dirty = True
        partner = self.partner
        if self.loss_to_tell and partner.game_status is not None:
            self.loss_to_tell = False  # the answer about the position the move made
            if partner.game_status == Status.LOST and not self.finished:
                self.finished = self.tally.ended = True  # the clock stops for good
                self.help.stop_demo()
                self.app.game_lost(self)
        if not partner.thinking:
            self.help.answered()

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
                _("there is nothing to take back")
                if action == self.game.undo
                else _("there is nothing to play again")
            )
            return
        if action == self.game.undo:
            self.took_back([turn])
        self.input.drop_all()  # the cards they named have moved
        self.motion.fly_changes(self.laid_out_view, before, self.state)
        self.app.audio.play("place")
        self.check_outcome()
        self.changed()

    def restart(self) -> None:
        """The deal from the start, the clock at 0:00. The moves stay in redo, and the
        game still counts if any was made (The Prince's manual)."""
        self.flights.finish()
        before = self.state.copy()
        self.took_back(list(self.game.done))
        self.game.restart()
        self.input.drop_all()  # the cards they named have moved
        self.motion.fly_changes(self.laid_out_view, before, self.state)
        self.finished = self.tally.ended = False
        self.tally.seconds = 0.0
        self.changed()

    def took_back(self, turns: list) -> None:
        """Undoing a move the game's definition keeps behind (a seeded reshuffle, the draw)
        lets the player look ahead: the game is then played with help."""
        if self.tally.assisted or not any(self.rules.reveals(turn) for turn in turns):
            return
        self.tally.helped(Help.LOOK_BACK)
        self.say(N_("Taken back past cards you had not seen yet: this game now counts as helped."))

    @property
    def loss_at_stake(self) -> bool:
        """Would dealing again count this game as a loss that is not yet certain? Not if
        no move was made, the result is in already, or the game is won or lost."""
        if self.tally.recorded or not moves_ever_made(self.game):
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
        self.settle()  # the partner asked about the position on the table, for loss_at_stake
        if self.loss_at_stake:
            self.app.ask(LOSS_QUESTION, lambda: self.deal_again(deal, options, note))
        else:
            self.deal_again(deal, options, note)

    def deal_again(self, deal: int | None, options: dict | None, note: str | None) -> None:
        self.tally.count(self.game)  # counted as lost if any move was made
        if options is not None:
            self.options = dict(options)
        rules = make_rules(self.game_id, **self.options)
        if deal is None and self.app.solvable_only(self.game_id) and rules.proves_winnable:
            rng = random.Random()
            deal = rules.proven_winnable_deal(rng)  # known ahead, or a search to make
            if deal is None:
                ticket = self.app.partner_link.find_deal(rules, rng.randrange(1 << 32))
                self.wanted_deal = WantedDeal(ticket, rules, options, note)
                self.help.stop_demo()
                self.say(
                    N_("Looking for a deal the computer can prove winnable (Esc: any deal)..."), 600
                )
                return
        self.start_deal(rules, random_deal() if deal is None else deal, options, note)

    def receive(self, message) -> bool:
        """A message from the partner's worker: True if it was this table's (an answer
        about its position, or the winnable deal it asked for)."""
        if isinstance(message, DealFound):
            return self.deal_found(message)
        if not self.partner.receive(message):
            return False
        self.partner_answered()
        return True

    @property
    def verdict_known(self) -> bool:
        return not self.partner.thinking

    @property
    def verdict_text(self) -> str:
        return self.partner.status_text()

    def deal_found(self, message: DealFound) -> bool:
        """The partner's answer to the look for a winnable deal: deal it."""
        wanted = self.wanted_deal
        if wanted is None or message.ticket != wanted.ticket:
            return False
        self.start_deal(wanted.rules, message.deal, wanted.options, wanted.note, message.proven)
        return True

    def take_any_deal(self) -> None:
        """Esc while the partner looks for a winnable deal: a random one, unproven."""
        wanted = self.wanted_deal
        assert wanted is not None  # its one caller (handle) checks that a deal is wanted
        note = N_("A random deal, not proven winnable.")
        self.start_deal(wanted.rules, random_deal(), wanted.options, note)

    def start_deal(
        self, rules, deal: int, options: dict | None, note: str | None, proven: bool = True
    ) -> None:
        self.wanted_deal = None
        self.game = Game(rules, deal)
        if options is not None:
            self.app.remember_options(self.game_id, self.game.rules)
        self.tally = Tally(self.app.library)
        self.finished = False
        self.help.forget()
        self.status.clear()
        self.input.forget()
        self.partner.forget()
        self.resize(self.app.window.size)
        self.app.audio.play("shuffle")
        self.motion.deal_in(self.laid_out_view, self.state)
        self.changed()
        if not proven:
            self.say(
                N_("No winnable deal was proven in the search's budget: this one is not proven."),
                4.0,
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

    # ------------------------------------------------------------------ events
    def handle(self, event) -> None:
        """A key or a mouse event for the table (the app keeps the keys of every screen)."""
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.flights.finish()  # input during an animation sees the real table
            self.status.input_came()
            self.help.clear_marks()
            if self.help.demo_on:
                self.help.stop_demo()  # any key or click stops the computer
                return
            if self.wanted_deal is not None:
                if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                    self.take_any_deal()  # no more waiting for a proven one
                return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.input.mouse_down(event)
        elif event.type == pygame.MOUSEBUTTONUP:
            self.input.mouse_up(event)
        elif event.type == pygame.MOUSEMOTION:
            self.input.mouse_motion(event)
        elif event.type == pygame.KEYDOWN:
            self.input.key_down(event)

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> bool:
        """One fixed step; True when the picture changed."""
        self.now += dt
        # A dragged run moves only with the pointer, whose every move is an event that
        # asks for a frame: held still, nothing is drawn again.
        changed = self.flights.step(dt) or self.flights.busy
        tally = self.tally
        if self.clock_ticks():
            second = int(tally.seconds)
            tally.seconds += dt
            self.status.dirty = self.status.dirty or int(tally.seconds) != second
        changed = self.status.update(self.now) or changed
        held = bool(self.input.drag or self.input.press)
        changed = self.bar.watch_hover(self.input.pointer, self.now, held) or changed
        return self.help.update(self.now, self.flights.busy) or changed

    @property
    def busy(self) -> bool:
        return (
            self.flights.busy
            or self.input.drag is not None
            or self.help.auto_until is not None
            or self.after_move  # the next pass does the work after a move
        )

    def draw(self, surface: pygame.Surface, lag: float = 0.0) -> None:
        self.painter.draw(surface, lag)

    def draw_changes(self, surface: pygame.Surface, lag: float = 0.0) -> list | None:
        return self.painter.draw_changes(surface, lag)

    def clock_ticks(self) -> bool:
        """The game's clock runs from the first move to the end of the game, while the
        window shows and no help, statistics or options screen covers the table."""
        if not self.game.done or self.finished or self.tally.ended or self.replay:
            return False
        return self.app.clock_running and not any(o.pauses_clock for o in self.app.overlays)

    def draw_ticks(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The status line, when only the clock moved."""
        return [self.status.draw_status(surface)] if self.status.dirty else []

    def next_wakeup(self) -> float:
        """Seconds until the picture changes by itself (the clock, a fading message)."""
        ticking = self.clock_ticks()
        times = [1.0 - self.tally.seconds % 1.0 if ticking else 60.0]
        for when in (self.status.next_change(), self.help.next_change(), self.bar.next_change()):
            if when is not None:
                times.append(when - self.now)
        return max(0.01, min(times))


def random_deal() -> int:
    return random.randint(1, MAX_DEAL)
