"""The table screen: one game in play, turning mouse and keys into model moves.

It holds no rules: every question (may this card be lifted? where may it go? what does
this key mean?) is asked of the model, and every change is a model move.
"""

from __future__ import annotations

import random

import pygame

from ..model.autoplay import next_move
from ..model.cards import CardError, parse_card
from ..model.game import Game
from ..model.games import make_rules
from ..model.games.canfield import MODE_NAMES
from ..model.moves import IllegalMove, Move, MoveKind, Status, Turn
from ..model.rules import MAX_DEAL
from ..model.state import Relayout, State, Transfer
from ..solver.solve import winnable_deal
from .flights import Flights
from .partner import Partner
from .table import SQUARED, TableView
from .theme import text
from .widgets import Button, button_at, lay_out_row

DRAG_START = 5  # pixels the pointer must travel before a press becomes a drag
DOUBLE_CLICK = 0.4  # seconds
FLIGHT = 0.2  # seconds a card takes to fly to its place
STEP_GAP = 0.11  # seconds between the single-card steps of one move
MESSAGE_TIME = 1.5  # seconds a message stays (seed 000: "a second and a fraction")
FINDER_TIME = 1.1  # seconds the card finder's arrow shows
AUTO_PACE = 0.35  # seconds between the auto-player's moves

CANFIELD_KEYS = {
    pygame.K_1: "1",
    pygame.K_s: "s",
    pygame.K_2: "2",
    pygame.K_3: "3",
    pygame.K_4: "4",
    pygame.K_5: "5",
    pygame.K_w: "w",
    pygame.K_f: "f",
}
CARD_CHARS = set("A23456789TJQK10CDHS")


class TableScreen:
    def __init__(
        self,
        app,
        game_id: str,
        options: dict,
        deal: int | None = None,
        game: Game | None = None,
        seconds: float = 0.0,
        assisted: bool = False,
    ):
        self.app = app
        self.game_id = game_id
        self.options = dict(options)
        if game is None:
            game = Game(make_rules(game_id, **options), random_deal() if deal is None else deal)
        self.game = game
        self.assisted = assisted  # the computer helped (hint, auto-play): marked in the stats
        self.view: TableView | None = None
        self.size = (0, 0)  # the window size the table was laid out for
        self.flights = Flights()
        self.press = None  # (pile, index, count, kind, point, pointer offset) on mouse down
        self.drag = None  # the same, once the pointer has moved: cards follow it
        self.pointer = (0, 0)
        self.selected = None  # (pile, index, count, kind) after a click
        self.last_click = (None, -1.0)  # (card, time) for double-clicks
        self.typed = ""  # lucie/merci: a card name being typed
        self.origin_key = None  # canfield: the origin key pressed first
        self.finder = None  # (card, until)
        self.message = ("", 0.0)
        self.now = 0.0
        self.seconds = seconds
        self.auto_until = None  # next auto-play move time, None when not auto-playing
        self.auto_seen: set = set()
        self.finished = self.rules.is_won(self.state)  # a resumed game may be won already
        self.buttons: list[Button] = []
        self.bar_h = 0
        self.status_dirty = False  # only the status line changed (the clock ticked)
        self.partner = Partner(self)
        self.hint_target = None  # (pile, until): where the hint says a card should go
        self.drawn = None  # (what the last full frame showed, where the dragged cards were)
        self._moves_cache = (None, [])

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
        self.view = TableView(self.rules, area, self.app.look, self.app.library.folder)
        self.buttons = self.make_buttons()
        size_text = self.bar_h * 11 // 20
        lay_out_row(self.buttons, 8, 4, self.bar_h - 8, size_text, 6)

    def make_buttons(self) -> list[Button]:
        app = self.app
        buttons = [
            Button("Games", app.open_chooser),
            Button("New", self.new_deal),
            Button("Restart", self.restart),
            Button("Undo", self.undo, lambda: bool(self.game.done)),
            Button("Redo", self.redo, lambda: bool(self.game.undone)),
        ]
        if self.game_id in ("lucie", "merci"):
            buttons.append(
                Button(
                    "Reshuffle",
                    lambda: self.play(Move(MoveKind.REDEAL)),
                    lambda: self.rules.redeal_problem(self.state) is None,
                )
            )
            name = "Draw" if self.game_id == "lucie" else "Merci"
            buttons.append(
                Button(name, self.explain_merci, lambda: self.rules.mercis_left(self.state) > 0)
            )
        elif self.game_id == "prince":
            buttons.append(
                Button(
                    "Lay off",
                    lambda: self.play(Move(MoveKind.LAYOFF)),
                    lambda: self.rules.is_legal(self.state, Move(MoveKind.LAYOFF)),
                )
            )
        elif self.game_id == "canfield":
            buttons.append(
                Button(
                    "Turn",
                    lambda: self.play(Move(MoveKind.TURN)),
                    lambda: self.rules.is_legal(self.state, Move(MoveKind.TURN)),
                )
            )
            buttons.append(Button("Auto", self.start_auto))
            buttons.append(Button("Rules", self.next_canfield_mode))
        elif self.game_id == "vierfrei":
            buttons.append(Button("Game #", app.ask_game_number))
            buttons.append(
                Button(
                    "Home",
                    lambda: self.play(Move(MoveKind.SAFE_HOME)),
                    lambda: self.rules.is_legal(self.state, Move(MoveKind.SAFE_HOME)),
                )
            )
        buttons += [
            Button("Hint", self.show_hint),
            Button("Demo", self.start_auto),
            Button("Stats", app.open_stats),
            Button("Options", app.open_options),
            Button("Help", app.open_help),
        ]
        return buttons

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
        self.selected = None
        self.animate(before, turn, dragged or {})
        self.after_turn(turn)
        self.app.game_changed(self)
        return True

    def refuse(self, reason: str) -> None:
        if self.game_id == "vierfrei":
            self.app.audio.play("bing")  # seed 004: no alert boxes, just a simple 'bing'
        else:
            self.app.audio.play("click")  # seed 000: a light click and an error message
            self.say(reason[:1].upper() + reason[1:] + ".")

    def say(self, words: str, seconds: float = MESSAGE_TIME) -> None:
        self.message = (words, self.now + seconds)

    def after_turn(self, turn: Turn) -> None:
        kind = turn.move.kind
        sound = {MoveKind.REDEAL: "shuffle", MoveKind.TURN: "deal"}.get(kind, "place")
        self.app.audio.play(sound)
        if kind == MoveKind.REDEAL and self.game_id in ("lucie", "merci"):
            if self.rules.redeals_left(self.state) == 0 and self.rules.mercis_left(self.state):
                self.app.audio.play("chime")  # seed 000's audible prompt, with a visible one
                what = "draw one covered card" if self.game_id == "lucie" else "use a merci"
                self.say(f"Last reshuffle: you may now {what}.", 4.0)
        self.check_outcome()

    def check_outcome(self) -> None:
        if self.rules.is_won(self.state):
            if not self.finished:
                self.finished = True
                self.auto_until = None
                self.app.game_won(self)
            return
        self.finished = False
        if self.rules.status(self.state, budget=150) == Status.LOST:
            self.say(
                "No move can bring another card home: this game is lost. New deals a fresh one.",
                6.0,
            )

    def undo(self) -> None:
        self.jump(self.game.undo)

    def redo(self) -> None:
        self.jump(self.game.redo)

    def jump(self, action) -> None:
        self.flights.finish()
        before = self.state.copy()
        if action() is None:
            self.refuse(
                "there is nothing to take back"
                if action == self.game.undo
                else "there is nothing to play again"
            )
            return
        self.selected = None
        self.fly_changes(before, self.state)
        self.app.audio.play("place")
        self.check_outcome()
        self.app.game_changed(self)

    def restart(self) -> None:
        self.flights.finish()
        before = self.state.copy()
        self.game.restart()
        self.fly_changes(before, self.state)
        self.finished = False
        self.app.game_changed(self)

    def new_deal(self, deal: int | None = None, options: dict | None = None) -> None:
        if not self.finished:
            self.app.game_abandoned(self)  # counted as lost if any move was made
        if options is not None:
            self.options = dict(options)
        rules = make_rules(self.game_id, **self.options)
        proven = True
        if deal is None and self.app.solvable_only(self.game_id):
            deal, proven = winnable_deal(rules, random.Random())
        self.game = Game(rules, random_deal() if deal is None else deal)
        if options is not None:
            self.app.remember_options(self.game_id, self.game.rules)
        self.seconds = 0.0
        self.assisted = False
        self.finished = False
        self.auto_until = None
        self.selected = self.drag = self.press = None
        self.typed, self.origin_key = "", None
        self.resize(self.app.window.size)
        self.app.audio.play("shuffle")
        self.deal_in()
        self.app.game_changed(self)
        if not proven:
            self.say("No winnable deal was proven in time: this one is not proven.", 4.0)

    def deal_in(self) -> None:
        """Cards fly from the corner onto the table, one after another."""
        start = (self.view.area.centerx - self.view.layout.card_w // 2, self.view.area.bottom)
        for i, (card, (pos, face_up)) in enumerate(self.view.places(self.state).items()):
            self.flights.add_leg(card, face_up, i * 0.012, FLIGHT, start, pos)

    def show_hint(self) -> None:
        """The next move of a winning line: an arrow at the card, a glow where it goes."""
        self.assisted = True
        answer = self.partner.hint()
        if isinstance(answer, str):
            self.say(answer, 3.0)
            return
        if answer.kind != MoveKind.MOVE and answer.kind != MoveKind.MERCI:
            word = {MoveKind.REDEAL: "reshuffle (S)", MoveKind.TURN: "turn the hand (N)"}
            self.say(
                f"Hint: {word.get(answer.kind, self.rules.format_move(answer, self.state))}.", 3.0
            )
            return
        cards = self.state.piles[answer.src]
        index = answer.index if answer.kind == MoveKind.MERCI else len(cards) - answer.count
        self.finder = (cards[index], self.now + 2.0)
        self.hint_target = (answer.dst, self.now + 2.0)
        self.say(f"Hint: {self.rules.format_move(answer, self.state)}", 3.0)

    def explain_merci(self) -> None:
        what = "the draw" if self.game_id == "lucie" else "a merci"
        self.say(f"For {what}, drag or click a covered card, then its destination.", 3.0)

    def next_canfield_mode(self) -> None:
        modes = list(self.rules.option_specs[0].choices)
        mode = modes[(modes.index(self.options.get("mode", "1")) + 1) % len(modes)]
        self.new_deal(options={**self.options, "mode": mode})
        self.say(f"Rule {mode}: {MODE_NAMES[mode]}. A new deal under this rule.", 3.0)

    def start_auto(self) -> None:
        self.assisted = True
        self.auto_until = self.now
        self.auto_seen = {self.state.key()}
        self.say("The computer plays on. Any key or click stops it.", 2.0)

    def auto_step(self) -> None:
        """The demo's next move: the solver's winning line, else the plain auto-player."""
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

    # ------------------------------------------------------------------ animation
    def animate(self, before: State, turn: Turn, dragged: dict) -> None:
        """Fly every card of the turn along the single-card steps it made."""
        scratch = before.copy()
        places = self.view.places(scratch)
        start = 0.0
        for step in turn.steps:
            moved = self._cards_moved(scratch, step)
            step.apply(scratch)
            after = self.view.places(scratch)
            for card in moved:
                src = dragged.pop(card, places[card][0])
                self.flights.add_leg(card, after[card][1], start, FLIGHT, src, after[card][0])
            places = after
            if moved:
                start += STEP_GAP if isinstance(step, Transfer) else 0
        for card, src in dragged.items():  # dropped cards that the turn did not carry
            self.flights.add_leg(card, True, 0, FLIGHT / 2, src, places[card][0])

    @staticmethod
    def _cards_moved(state: State, step) -> list:
        if isinstance(step, Transfer):
            pile = state.piles[step.src]
            first = len(pile) - step.count if step.index is None else step.index
            return pile[first : first + step.count]
        if isinstance(step, Relayout):
            return [card for _, cards in step.after for card in cards]
        return []

    def fly_changes(self, before: State, after: State) -> None:
        old, new = self.view.places(before), self.view.places(after)
        for card, (pos, face_up) in new.items():
            if old.get(card, (pos,))[0] != pos:
                self.flights.add_leg(card, face_up, 0, FLIGHT, old[card][0], pos)

    # ------------------------------------------------------------------ lifting
    def liftable(self, pile: str, index: int) -> tuple[int, MoveKind] | None:
        """How many cards a press on card ``index`` of ``pile`` lifts, and as what move."""
        cards = self.state.piles[pile]
        if pile == "hand":
            return None
        count = len(cards) - index
        if self.game_id == "canfield" and self.rules.roles[pile] == "tableau" and count > 1:
            count = len(cards)  # a canfield pile moves whole or by its top card
            index = 0
        moves = self.legal_moves()
        if any(m.kind == MoveKind.MOVE and m.src == pile and m.count == count for m in moves):
            return count, MoveKind.MOVE
        if any(m.kind == MoveKind.MERCI and m.src == pile and m.index == index for m in moves):
            return 1, MoveKind.MERCI
        return None

    def move_to(self, pile: str, index: int, count: int, kind: MoveKind, dst: str) -> Move:
        card = self.state.piles[pile][index]
        if self.rules.roles.get(dst) == "foundation":
            dst = "f" + card.suit  # any foundation place means the card's own
        if kind == MoveKind.MERCI:
            return Move(MoveKind.MERCI, pile, dst, index=index)
        return Move(MoveKind.MOVE, pile, dst, count)

    # ------------------------------------------------------------------ mouse
    def mouse_down(self, event) -> None:
        self.pointer = event.pos
        if event.button == 3:
            self.right_click(event.pos)
            return
        if event.button != 1:
            return
        button = button_at(self.buttons, event.pos)
        if button is not None:
            if button.enabled():
                button.action()
            return
        hit = self.view.hit(self.state, event.pos)
        if hit is None:
            self.selected = None
            return
        pile, index = hit
        if pile == "hand":
            self.play(Move(MoveKind.TURN))
            return
        if self.selected and (index is None or self.selected[0] != pile):
            self.finish_selection(pile)
            return
        if index is None:
            return
        if self.double_clicked(pile, index):
            return
        lift = self.liftable(pile, index)
        if lift is None:
            if self.selected:
                self.finish_selection(pile)
            return
        count, kind = lift
        if kind == MoveKind.MOVE:
            index = len(self.state.piles[pile]) - count
        corner = self.view.layout.card_positions(pile, len(self.state.piles[pile]))[index]
        offset = (event.pos[0] - corner[0], event.pos[1] - corner[1])
        self.press = (pile, index, count, kind, event.pos, offset)

    def double_clicked(self, pile: str, index: int) -> bool:
        card = self.state.piles[pile][index]
        last_card, when = self.last_click
        self.last_click = (card, self.now)
        if last_card != card or self.now - when > DOUBLE_CLICK:
            return False
        self.last_click = (None, -1.0)
        self.press = self.selected = None
        self.send_home(pile, index)
        return True

    def send_home(self, pile: str, index: int) -> None:
        """Double-click: to the foundation (lucie: as typed; vierfrei: else a free cell)."""
        card = self.state.piles[pile][index]
        if self.game_id in ("lucie", "merci"):
            self.play_typed(str(card))
            return
        if index == len(self.state.piles[pile]) - 1:
            if self.play(Move(MoveKind.MOVE, pile, "f" + card.suit), quiet=True):
                return
            if self.game_id == "vierfrei":
                cell = next((c for c in self.rules.cells if not self.state.piles[c]), None)
                if cell and self.play(Move(MoveKind.MOVE, pile, cell), quiet=True):
                    return
        self.refuse(f"the {card.name} cannot go home now")

    def mouse_motion(self, event) -> None:
        self.pointer = event.pos
        if self.press and not self.drag:
            px, py = self.press[4]
            if abs(event.pos[0] - px) + abs(event.pos[1] - py) >= DRAG_START:
                self.drag = self.press
                self.selected = None
                self.app.audio.play("pickup")

    def mouse_up(self, event) -> None:
        self.pointer = event.pos
        if event.button != 1 or not self.press:
            return
        pile, index, count, kind, _, offset = self.press
        self.press = None
        if not self.drag:
            self.selected = (pile, index, count, kind)  # click, then click the destination
            return
        self.drag = None
        corner = (event.pos[0] - offset[0], event.pos[1] - offset[1])
        lifted = self.state.piles[pile][index : index + count]
        step = self.view.layout.card_h // 4
        dragged = {card: (corner[0], corner[1] + i * step) for i, card in enumerate(lifted)}
        rect = self.view.card_rect(corner)
        dst = self.view.drop_target(self.state, rect, event.pos)
        if dst is not None and dst != pile or (dst == pile and kind == MoveKind.MERCI):
            if self.play(self.move_to(pile, index, count, kind, dst), dict(dragged)):
                return
        places = self.view.places(self.state)
        for card, pos in dragged.items():  # no good: the cards fly back
            self.flights.add_leg(card, True, 0, FLIGHT, pos, places[card][0])

    def finish_selection(self, dst: str) -> None:
        pile, index, count, kind = self.selected
        self.selected = None
        self.play(self.move_to(pile, index, count, kind, dst))

    def right_click(self, point) -> None:
        """Cancel a selection; in vierfrei, send a card or run to the free cells."""
        if self.selected or self.origin_key:
            self.selected = self.origin_key = None
            return
        if self.game_id != "vierfrei":
            return
        hit = self.view.hit(self.state, point)
        if not hit or hit[1] is None or self.rules.roles[hit[0]] != "tableau":
            return
        pile, index = hit
        cards = self.state.piles[pile]
        free = [c for c in self.rules.cells if not self.state.piles[c]]
        count = len(cards) - index
        if count > len(free) or self.rules.run_length(cards) < count:
            self.refuse("not enough free cells for those cards")
            return
        for cell in free[:count]:
            self.play(Move(MoveKind.MOVE, pile, cell))

    # ------------------------------------------------------------------ keys
    def key_down(self, event) -> bool:
        """Game keys; return False for keys this screen does not use."""
        key, ctrl = event.key, event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        handler = getattr(self, f"keys_{self.game_id}", None)
        if handler and handler(event, key, ctrl):
            return True
        if key == pygame.K_BACKSPACE and self.game_id not in ("lucie", "merci"):
            self.undo()
            return True
        if key == pygame.K_ESCAPE and (self.selected or self.origin_key or self.typed):
            self.selected = self.origin_key = None
            self.typed = ""
            return True
        return False

    def keys_lucie(self, event, key, ctrl) -> bool:
        if ctrl:
            return False
        char = event.unicode.upper()
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            typed, self.typed = self.typed, ""
            if typed == "Q":
                self.app.open_quit_menu()
            elif typed == "S":
                self.play(Move(MoveKind.REDEAL))
            elif typed == "H":
                self.app.open_help()
            elif typed:
                self.play_typed(typed)
            return True
        if key == pygame.K_BACKSPACE:
            self.typed = self.typed[:-1]
            return True
        if not self.typed and char == "S":
            self.play(Move(MoveKind.REDEAL))
            return True
        if not self.typed and char == "H":
            self.app.open_help()
            return True
        if char and char in CARD_CHARS and len(self.typed) < 3:
            self.typed += char
            return True
        if char.isprintable() and char.strip() and char not in "BMO":
            # Seed 000: an illegal keystroke gets a light click and a message.
            self.refuse(
                f"'{event.unicode}' is not part of a card name (like TC or qh) or a command"
            )
            return True
        return False

    keys_merci = keys_lucie

    def play_typed(self, typed: str) -> None:
        """Seed 000: the card goes home if it can, else to its one place; else the finder."""
        try:
            move = self.rules.parse_move(typed, self.state)
        except IllegalMove as error:
            self.refuse(str(error))
            card = self._card_named(typed)
            if card is not None:
                self.finder = (card, self.now + FINDER_TIME)
            return
        self.play(move)

    def _card_named(self, typed: str):
        try:
            card = parse_card(typed)
        except CardError:
            return None
        return card if any(card in cards for cards in self.state.piles.values()) else None

    def keys_prince(self, event, key, ctrl) -> bool:
        if not ctrl:
            return False
        actions = {
            pygame.K_f: self.redo,
            pygame.K_b: self.undo,
            pygame.K_l: lambda: self.play(Move(MoveKind.LAYOFF)),
        }
        if key in actions:
            actions[key]()
            return True
        return False

    def keys_canfield(self, event, key, ctrl) -> bool:
        if ctrl:
            return False
        if key == pygame.K_n:
            self.play(Move(MoveKind.TURN))
        elif key == pygame.K_r:
            self.next_canfield_mode()
        elif key == pygame.K_a:
            self.start_auto()
        elif key == pygame.K_h:
            self.app.open_help()
        elif key == pygame.K_i:
            self.app.open_info()
        elif key == pygame.K_q:
            self.app.open_quit_menu()
        elif key in CANFIELD_KEYS:
            code = CANFIELD_KEYS[key]
            if self.origin_key is None:
                if code == "f":
                    self.refuse("F is a destination: press an origin first (1/S, 2-5, W)")
                else:
                    self.origin_key = code
            else:
                origin, self.origin_key = self.origin_key, None
                try:
                    move = self.rules.parse_move(origin + code, self.state)
                except IllegalMove as error:
                    self.refuse(str(error))
                else:
                    self.play(move)
        else:
            return False
        return True

    def keys_vierfrei(self, event, key, ctrl) -> bool:
        if ctrl:
            return False
        if key == pygame.K_F1:
            self.new_deal()
        elif key == pygame.K_F2:
            self.app.ask_game_number()
        elif key == pygame.K_F3:
            self.restart()
        elif key == pygame.K_F10:
            self.app.quit()
        elif key == pygame.K_DELETE:
            self.play(Move(MoveKind.SAFE_HOME))
        elif key == pygame.K_h:
            self.app.open_help()
        else:
            return False
        return True

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
        if self.auto_until is not None and self.now >= self.auto_until and not self.flights.busy:
            self.auto_step()
            changed = True
        return changed

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
        return max(0.01, min(times))

    # ------------------------------------------------------------------ drawing
    def _hidden(self) -> frozenset:
        """Cards not drawn on the cached table: in the air or being dragged."""
        lifted = set()
        if self.drag:
            pile, index, count = self.drag[:3]
            lifted = set(self.state.piles[pile][index : index + count])
        return frozenset(self.flights.cards() | lifted)

    def _signature(self) -> tuple:
        """Everything a frame shows apart from the dragged cards' place."""
        return (
            self.state.key(),
            self._hidden(),
            self.selected,
            self.finder,
            self.message[0],
            self.prompt_text(),
            self.flights.busy,
            self.app.look.get("hints"),
        )

    def _drag_rect(self) -> pygame.Rect:
        pile, index, count, _, _, offset = self.drag
        x, y = self.pointer[0] - offset[0], self.pointer[1] - offset[1]
        w, h = self.view.card_size()
        return pygame.Rect(x, y, w, h + (count - 1) * (h // 4))

    def draw_drag_only(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """When only the dragged cards moved, repaint just where they were and are now.

        Returns the rectangles to put on screen, or None when a full frame is needed.
        """
        if not self.drag or self.drawn is None or self.drawn[0] != self._signature():
            return None
        old, new = self.drawn[1], self._drag_rect()
        cache = self.view.cache
        surface.blit(cache, old, old)
        surface.set_clip(old)
        self._highlight_targets(surface)  # the glows the old place covered
        surface.set_clip(None)
        self._draw_dragged(surface)
        self.drawn = (self.drawn[0], new)
        return [old, new]

    def draw(self, surface: pygame.Surface, lag: float = 0.0) -> None:
        """A full frame; ``lag`` is how far real time is past the last fixed update, so
        flying cards are drawn where they are now, between two updates."""
        view = self.view
        hidden = self._hidden()
        surface.blit(view.static(self.state, hidden), (0, 0))
        if self.selected:
            self._highlight_selection(surface)
        if self.drag:
            self._highlight_targets(surface)
        for card, face_up, pos in self.flights.positions(lag):
            surface.blit(view.card_image(card, face_up), pos)
        if self.drag:
            self._draw_dragged(surface)
        if self.finder:
            self._draw_finder(surface)
        if self.hint_target and self.hint_target[1] > self.now:
            glow = self.view.art.highlight("target")
            surface.blit(glow, self.view.pile_top_rect(self.state, self.hint_target[0]).topleft)
        self._draw_bars(surface)
        self.drawn = (self._signature(), self._drag_rect()) if self.drag else None

    def _draw_dragged(self, surface) -> None:
        pile, index, count = self.drag[:3]
        rect = self._drag_rect()
        step = self.view.layout.card_h // 4
        for i, card in enumerate(self.state.piles[pile][index : index + count]):
            surface.blit(self.view.card_image(card, True), (rect.x, rect.y + i * step))

    def _highlight_selection(self, surface) -> None:
        pile, index = self.selected[:2]
        positions = self.view.layout.card_positions(pile, len(self.state.piles[pile]))
        glow = self.view.art.highlight("select")
        if pile in SQUARED:
            index = len(positions) - 1
        for pos in positions[index:]:
            surface.blit(glow, pos)

    def _highlight_targets(self, surface) -> None:
        if not self.app.look.get("hints", True):
            return
        pile, index, count, kind = self.drag[:4]
        glow = self.view.art.highlight("target")
        for move in self.legal_moves():
            same = move.kind == kind and move.src == pile
            if same and (move.count == count if kind == MoveKind.MOVE else move.index == index):
                if move.dst != pile:
                    surface.blit(glow, self.view.pile_top_rect(self.state, move.dst).topleft)

    def _draw_finder(self, surface) -> None:
        card = self.finder[0]
        place = self.view.places(self.state).get(card)
        if place is None:
            return
        x, y = place[0]
        w = self.view.layout.card_w
        size = max(10, w // 4)
        tip = (x + w // 2, y - 2)
        points = [tip, (tip[0] - size, tip[1] - size), (tip[0] + size, tip[1] - size)]
        pygame.draw.polygon(surface, self.app.theme.accent, points)
        pygame.draw.rect(
            surface,
            self.app.theme.accent,
            (tip[0] - size // 3, tip[1] - 2 * size, 2 * (size // 3), size),
        )

    def _draw_bars(self, surface) -> None:
        theme, width = self.app.theme, surface.get_width()
        pygame.draw.rect(surface, theme.bar, (0, 0, width, self.bar_h))
        hover = button_at(self.buttons, self.pointer)
        size = self.bar_h * 11 // 20
        for button in self.buttons:
            button.draw(surface, theme, button is hover, size)
        self.draw_status(surface)

    def draw_status(self, surface) -> pygame.Rect:
        """The status line alone: when only the clock moved, this is the whole frame."""
        theme, width, height = self.app.theme, *surface.get_size()
        rect = pygame.Rect(0, height - self.bar_h, width, self.bar_h)
        pygame.draw.rect(surface, theme.bar, rect)
        self.status_dirty = False
        size = self.bar_h * 11 // 20
        y = height - self.bar_h // 2
        text(surface, self.status_text(), size, theme.text, (10, y), "midleft")
        note = self.message[0] or self.prompt_text()
        if note:
            text(surface, note, size, theme.accent, (width - 10, y), "midright")
        return rect

    def status_text(self) -> str:
        rules, state = self.rules, self.state
        minutes, seconds = divmod(int(self.seconds), 60)
        parts = [
            rules.title,
            f"Deal {self.game.deal_number}",
            rules.score_text(state),
            f"Moves {self.game.moves_made}",
            f"{minutes}:{seconds:02d}",
        ]
        if self.game_id in ("lucie", "merci"):
            left = rules.redeals_left(state)
            parts.append(f"Reshuffles left {'unlimited' if left is None else left}")
            parts.append(
                ("Draw " if self.game_id == "lucie" else "Mercis ") + str(rules.mercis_left(state))
            )
        elif self.game_id == "prince":
            parts.append(f"Sequences: {rules.options['sequence']}")
        elif self.game_id == "canfield":
            parts.append(f"Rule {rules.options['mode']}")
        verdict = self.partner.status_text()
        if verdict:
            parts.append(verdict)
        if self.app.audio.muted:
            parts.append("muted")
        return "   |   ".join(parts)

    def prompt_text(self) -> str:
        if self.typed:
            return f"Card: {self.typed}_   (Enter plays it, Backspace erases)"
        if self.origin_key:
            return f"From {self.origin_key.upper()} to ... (2-5 or F, Esc cancels)"
        return ""


def bar_height(size: tuple[int, int]) -> int:
    """The button bar and the status line, each."""
    return max(30, min(52, size[1] // 22))


def table_area(size: tuple[int, int]) -> pygame.Rect:
    """Where the cards go: the window less the two bars."""
    bar = bar_height(size)
    return pygame.Rect(0, bar, size[0], size[1] - 2 * bar)


def random_deal() -> int:
    return random.randint(1, MAX_DEAL)
