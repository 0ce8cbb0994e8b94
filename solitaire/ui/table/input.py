"""Turning the player's mouse and keys into model moves on the table.

What a press lifts, where a drop goes and which keys mean what all come from the rules
and the game's definition (``key_actions``, ``typing``, ``right_click``, ``double_click``).
"""

from __future__ import annotations

from typing import NamedTuple

import pygame

from ...i18n import _
from ...model.cards import Card, CardError, parse_card
from ...model.moves import IllegalMove, Move, MoveKind
from ...model.rules import HOME
from ...model.vocabulary import DoubleClick, RightClick, Role, Typing
from ..art.widgets import button_at
from . import actions

DRAG_START = 5  # pixels the pointer must travel before a press becomes a drag
DOUBLE_CLICK = 0.4  # seconds
FINDER_TIME = 1.1  # seconds the card finder's arrow shows
CARD_CHARS = set("A23456789TJQK10CDHS")
TYPED_CARD_CHARS = CARD_CHARS | set("-F")  # with a destination: QH-3 (fan 3), QH-F (home)
MAX_TYPED = 8  # characters of a move typed in notation, or of a card and its destination


class Selection(NamedTuple):
    """Cards lifted by a press or a click: ``size`` cards from card ``first`` of
    ``pile``, to be played as a move of ``kind``."""

    pile: str
    first: int
    size: int
    kind: MoveKind


class Press(NamedTuple):
    """A press on cards that may become a drag: what it lifts, where the pointer went
    down, and the pointer's offset from the lifted cards' corner."""

    lifted: Selection
    point: tuple[int, int]
    offset: tuple[int, int]


class Click(NamedTuple):
    card: Card | None
    when: float


NO_CLICK = Click(None, -1.0)


class TableInput:
    """Part of the table screen: mouse and keys in, moves out. It keeps what the
    player holds (a press, a drag, a selection, a move being typed) and asks the table
    (``play``, ``refuse``, ``say``) to act."""

    def __init__(self, table):
        self.table = table
        self.press: Press | None = None  # the mouse button is down on cards
        self.drag: Press | None = None  # the same, once the pointer has moved: cards follow it
        self.pointer = (0, 0)
        self.selected: Selection | None = None  # after a click, until the destination's
        self.right_held = None  # where the right button went down, while it is held
        self.right_chord = False  # a left click came while it was held
        self.last_click = NO_CLICK  # for double-clicks
        self.typed = ""  # a card name or a move being typed (Typing.CARD, Typing.NOTATION)
        self.origin_key: str | None = None  # the origin key pressed first (Typing.CODES)

    @property
    def state(self):
        return self.table.state

    @property
    def rules(self):
        return self.table.rules

    def drop_all(self) -> None:
        """The cards named by a press, a drag or a selection have moved: let go."""
        self.selected = self.press = self.drag = None

    def forget(self) -> None:
        """A new deal: nothing held, nothing typed."""
        self.drop_all()
        self.typed, self.origin_key = "", None

    def lifted_cards(self) -> list:
        """The cards being dragged, bottom first."""
        if self.drag is None:
            return []
        pile, index, count, _ = self.drag.lifted
        return self.state.piles[pile][index : index + count]

    # ------------------------------------------------------------------ lifting
    def liftable(self, pile: str, index: int) -> tuple[int, MoveKind] | str:
        """How many cards a press on card ``index`` of ``pile`` lifts, and as what move;
        else why they cannot be lifted. Cards the rules let go are lifted even with no
        place to go now: the drop then says why they cannot go there."""
        cards = self.state.piles[pile]
        count = len(cards) - index
        if self.rules.lift_whole_pile and self.rules.roles[pile] == Role.TABLEAU and count > 1:
            count, index = len(cards), 0  # the pile moves whole or by its top card
        moves = self.table.legal_moves()
        merci = any(m.kind == MoveKind.MERCI and m.src == pile and m.index == index for m in moves)
        if merci and count > 1:
            return 1, MoveKind.MERCI
        if self.rules.click_takes_top and count > 1:
            count = 1  # the stack's top card, wherever on the stack the click was
        problem = self.rules.lift_problem(self.state, pile, cards[len(cards) - count :])
        if problem is None:
            return count, MoveKind.MOVE
        return problem

    def has_move(self, pile: str, index: int, count: int, kind: MoveKind) -> bool:
        """Whether the lifted cards can go anywhere now."""
        for move in self.table.legal_moves():
            if kind == MoveKind.MOVE and pile in move.leaving():
                return True  # it leaves play, with another card or alone
            lifted = (move.count == count) if kind == MoveKind.MOVE else (move.index == index)
            if move.kind == kind and move.src == pile and move.dst != pile and lifted:
                return True
        return False

    def move_to(self, pile: str, index: int, count: int, kind: MoveKind, dst: str) -> Move:
        card = self.state.piles[pile][index]
        if self.rules.roles.get(dst) == Role.FOUNDATION and count == 1:
            dst = self.rules.home_for(self.state, card) or dst  # any foundation: the card's own
        if kind == MoveKind.MERCI:
            return Move(MoveKind.MERCI, pile, dst, index=index)
        return self.rules.drop_move(self.state, pile, dst, count)

    # ------------------------------------------------------------------ mouse
    def mouse_down(self, event) -> None:
        self.pointer = event.pos
        if event.button == 3:
            self.right_held = event.pos  # a right-click acts when the button comes up
            return
        if event.button != 1:
            return
        if self.right_held is not None:  # vierfrei.doc: a click with the right button held
            self.right_chord = True  # sends the card (or the run from it) to the free places
            self.right_click(event.pos)
            return
        button = button_at(self.table.bar.buttons, event.pos)
        if button is not None:
            if button.enabled():
                button.action()
            return
        hit = self.table.view.hit(self.state, event.pos)
        if hit is None:
            self.selected = None
            return
        pile, index = hit
        if self.table.view.layout.slots[pile].face_down:
            self.table.play(Move(self.rules.stock_move))  # a click on the stock turns it, or deals
            return
        if self.selected and (index is None or self.selected[0] != pile):
            self.finish_selection(pile)
            return
        if index is None:
            if self.rules.roles.get(pile) == Role.HAND:
                self.table.play(Move(self.rules.stock_move))  # an emptied face-up stock
            return
        if self.double_clicked(pile, index):
            return
        lift = self.liftable(pile, index)
        if isinstance(lift, str):
            if self.selected:
                self.finish_selection(pile)
            else:
                self.table.refuse(lift)
            return
        count, kind = lift
        if kind == MoveKind.MOVE:
            index = len(self.state.piles[pile]) - count
        corner = self.table.view.positions(self.state, pile)[index]
        offset = (event.pos[0] - corner[0], event.pos[1] - corner[1])
        self.press = Press(Selection(pile, index, count, kind), event.pos, offset)

    def double_clicked(self, pile: str, index: int) -> bool:
        card = self.state.piles[pile][index]
        last_card, when = self.last_click
        self.last_click = Click(card, self.table.now)
        if last_card != card or self.table.now - when > DOUBLE_CLICK:
            return False
        self.last_click = NO_CLICK
        self.press = self.selected = None
        self.send_home(pile, index)
        return True

    def send_home(self, pile: str, index: int) -> None:
        """Double-click: the card home; as the game's definition says, else elsewhere."""
        card = self.state.piles[pile][index]
        if self.rules.double_click == DoubleClick.TYPED:
            self.play_typed(str(card))
            return
        home = self.rules.home_for(self.state, card) or self.rules.discard_pile
        if index == len(self.state.piles[pile]) - 1:
            leaving = self.rules.drop_move(self.state, pile, home) if home else None
            if leaving is not None and self.table.play(leaving, quiet=True):
                return
            if self.rules.double_click == DoubleClick.HOME_OR_CELL:
                cell = next((c for c in self.rules.cells if not self.state.piles[c]), None)
                if cell and self.table.play(Move(MoveKind.MOVE, pile, cell), quiet=True):
                    return
        self.table.refuse(_("the {card} cannot go home now").format(card=card.name))

    def mouse_motion(self, event) -> None:
        self.pointer = event.pos
        self.table.bar.watch_hover(self.pointer, self.table.now, held=bool(self.press))
        if self.press and not self.drag:
            px, py = self.press.point
            if abs(event.pos[0] - px) + abs(event.pos[1] - py) >= DRAG_START:
                self.drag = self.press
                self.selected = None
                self.table.app.audio.play("pickup")

    def mouse_up(self, event) -> None:
        self.pointer = event.pos
        if event.button == 3:
            held, chord = self.right_held, self.right_chord
            self.right_held, self.right_chord = None, False
            if held is not None and not chord:
                self.right_click(held)
            return
        if event.button != 1 or not self.press:
            return
        (pile, index, count, kind), _at, offset = self.press
        self.press = None
        if not self.drag:
            if self.has_move(pile, index, count, kind):
                self.selected = Selection(
                    pile, index, count, kind
                )  # click, then click the destination
            elif self.rules.roles.get(pile) == Role.HAND:
                self.table.play(Move(self.rules.stock_move))  # a face-up stock's card: turn it
            else:
                card = self.state.piles[pile][index]
                self.table.refuse(_("the {card} has no move now").format(card=card.name))
            return
        self.drag = None
        corner = (event.pos[0] - offset[0], event.pos[1] - offset[1])
        lifted = self.state.piles[pile][index : index + count]
        view = self.table.view
        step = view.layout.card_h // 4
        dragged = {card: (corner[0], corner[1] + i * step) for i, card in enumerate(lifted)}
        rect = view.card_rect(corner)
        dst = view.drop_target(self.state, rect, event.pos)
        elsewhere = dst is not None and dst != pile or (dst == pile and kind == MoveKind.MERCI)
        if elsewhere and self.table.play(
            self.move_to(pile, index, count, kind, dst), dict(dragged)
        ):
            return
        self.table.motion.fly_back(view, self.state, dragged)

    def let_go(self) -> None:
        """Another screen or a dialog takes the mouse: a card held is put back (the mouse
        button will be let go elsewhere)."""
        self.press = self.drag = None

    def finish_selection(self, dst: str) -> None:
        assert self.selected is not None  # both callers (click) check that a card is selected
        pile, index, count, kind = self.selected
        self.selected = None
        self.table.play(self.move_to(pile, index, count, kind, dst))

    def right_click(self, point) -> None:
        """Cancel a selection; where the game says so, send a card or run to free cells."""
        if self.selected or self.origin_key:
            self.selected = self.origin_key = None
            return
        if self.rules.right_click != RightClick.CELLS:
            return
        hit = self.table.view.hit(self.state, point)
        if not hit or hit[1] is None or self.rules.roles[hit[0]] != Role.TABLEAU:
            return
        pile, index = hit
        cards = self.state.piles[pile]
        free = [c for c in self.rules.cells if not self.state.piles[c]]
        count = len(cards) - index
        if count > len(free) or self.rules.run_length(cards) < count:
            self.table.refuse(_("not enough free cells for those cards"))
            return
        for cell in free[:count]:
            self.table.play(Move(MoveKind.MOVE, pile, cell))

    # ------------------------------------------------------------------ keys
    def prompt_text(self) -> str:
        if self.typed:
            if self.rules.typing == Typing.CARD:
                prompt = _("Card: {typed}_   (Enter plays it, Backspace erases, Esc cancels)")
            else:
                prompt = _("Move: {typed}_   (Enter plays it, Backspace erases, Esc cancels)")
            return prompt.format(typed=self.typed)
        if self.origin_key:
            return _("From {origin} to ... ({keys}, Esc cancels)").format(
                origin=self.origin_key.upper(), keys=self._destination_keys()
            )
        return ""

    def _destination_keys(self) -> str:
        """The keys that name a destination, for the prompt: "2, 3, 4, 5 or F"."""
        rules = self.rules
        keys = [
            code.upper()
            for code, pile in rules.codes.items()
            if pile == HOME or rules.roles.get(pile) in (Role.TABLEAU, Role.CELL)
        ]
        if len(keys) < 2:
            return "".join(keys)
        return _("{keys} or {last}").format(keys=", ".join(keys[:-1]), last=keys[-1])

    def key_down(self, event) -> bool:
        """Every key the table uses; False for keys it does not (left to the app)."""
        if self.rules.typing == Typing.CARD and self.type_card(event):
            return True
        if self.rules.typing == Typing.NOTATION and self.type_notation(event):
            return True
        action = actions.key_action(self.rules.key_actions, event)
        if action is None and self.rules.typing == Typing.CODES and self.type_code(event):
            return True
        if action is not None:
            actions.run(self.table, action)
            return True
        if event.key == pygame.K_ESCAPE and (self.selected or self.origin_key or self.typed):
            self.selected = self.origin_key = None
            self.typed = ""
            return True
        action = actions.key_action(actions.COMMON_KEYS, event)
        if action is not None:
            actions.run(self.table, action)
            return True
        return self.refuse_stray_key(event)

    def type_card(self, event) -> bool:
        """Card typing (La Belle Lucie: A Solitaire Game): a card's name, then Enter; a word
        may be a command."""
        if event.mod & actions.MODIFIERS["ctrl"]:
            return False
        char = event.unicode.upper()
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            typed, self.typed = self.typed, ""
            if typed in self.rules.typed_words:
                actions.run(self.table, self.rules.typed_words[typed])
            elif typed:
                self.play_typed(typed)
            return True
        if event.key == pygame.K_BACKSPACE:
            self.typed = self.typed[:-1]
            return True
        if not self.typed and actions.key_action(self.rules.key_actions, event):
            return False  # a one-key command of the game's own, such as S
        if char and char in TYPED_CARD_CHARS and len(self.typed) < MAX_TYPED:
            self.typed += char
            return True
        return False

    def type_notation(self, event) -> bool:
        """Keyboard play in the games without a typing mode of their own: a move in the
        text commands' notation (``6a``, ``54``, ``h``), then Enter. A key that means
        something in the game (or everywhere) keeps its meaning when nothing is typed."""
        if event.mod & (actions.MODIFIERS["ctrl"] | actions.MODIFIERS["alt"]):
            return False
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            typed, self.typed = self.typed, ""
            if not typed:
                return False
            try:
                move = self.rules.parse_move(typed, self.state)
            except IllegalMove as error:
                card = self._card_named(typed)
                if card is None:
                    self.table.refuse(str(error))
                else:
                    self.play_card(card)
            else:
                self.table.play(move)
            return True
        if event.key == pygame.K_BACKSPACE and self.typed:
            self.typed = self.typed[:-1]
            return True
        char = event.unicode.lower()
        if not char or char not in self.notation_chars() | self._card_chars_next():
            return False
        if not self.typed and (
            actions.key_action(self.rules.key_actions, event)
            or actions.key_action(actions.COMMON_KEYS, event)
        ):
            return False  # a key of the game's own (H for help, say) or of every game
        if len(self.typed) < MAX_TYPED:
            self.typed += char
        return True

    def _card_chars_next(self) -> set[str]:
        """The characters that may come next in a card's name typed so far ("tc", "10h"):
        a rank first, then a suit."""
        typed = self.typed
        if not typed:
            return set("a23456789tjqk1")
        if typed == "1":
            return {"0"}
        if typed in ("10", *"a23456789tjqk"):
            return set("cdhs")
        return set()

    def play_card(self, card: Card) -> None:
        """A card named in a game whose moves are typed in the notation: the card (and
        what lies on it) goes home if it can, else to its one place; else the finder's
        arrow shows it, with the reason."""
        moves = self.table.legal_moves()
        for pile, cards in self.state.piles.items():
            for index, lying in enumerate(cards):
                if lying.face != card.face:
                    continue
                count = len(cards) - index
                leaving = [m for m in moves if count == 1 and pile in m.leaving()]
                if len(leaving) == 1:
                    self.table.play(leaving[0])
                    return
                if leaving:
                    self.table.say(
                        f"The {card.name} can leave play {len(leaving)} ways:"
                        f" drag it onto its partner, or type the move ({self.rules.notation_hint()})."
                    )
                    self.table.help.point_at(lying, self.table.now + FINDER_TIME)
                    return
                own = [
                    m
                    for m in moves
                    if m.kind == MoveKind.MOVE and m.src == pile and m.count == count
                ]
                move = self._typed_card_move(own)
                if move is not None:
                    self.table.play(move)
                    return
                if own:
                    self.table.say(
                        _(
                            "The {card} can go to {count} places: drag it, or type the move"
                            " ({notation})."
                        ).format(
                            card=card.name,
                            count=len({m.dst for m in own}),
                            notation=_(self.rules.notation_hint()),
                        )
                    )
                    self.table.help.point_at(lying, self.table.now + FINDER_TIME)
                    return
        shown = next(
            (c for cards in self.state.piles.values() for c in cards if c.face == card.face), None
        )
        if shown is not None:
            self.table.refuse(_("the {card} has no move now").format(card=card.name))
            self.table.help.point_at(shown, self.table.now + FINDER_TIME)
        else:
            self.table.refuse(_("the {card} is not on the table").format(card=card.name))

    def _typed_card_move(self, moves: list[Move]) -> Move | None:
        """Where a card named by the player goes: home; else onto the one card that takes
        it; else, with no card to take it, to a free cell (an empty column if there is
        none). None where the player must choose between cards."""
        roles, piles = self.rules.roles, self.state.piles
        home = [m for m in moves if roles.get(m.dst) == Role.FOUNDATION]
        onto = [m for m in moves if roles.get(m.dst) != Role.FOUNDATION and piles[m.dst]]
        empty = [m for m in moves if roles.get(m.dst) != Role.FOUNDATION and not piles[m.dst]]
        if home:
            return home[0]
        if onto:
            return onto[0] if len(onto) == 1 else None
        cells = [m for m in empty if roles.get(m.dst) == Role.CELL]
        return next(iter(cells or empty), None)

    def notation_chars(self) -> set[str]:
        """The characters of a move written as the text commands write it."""
        chars = set("0123456789v")
        for word in (*self.rules.codes, *self.rules.commands):
            chars.update(word.lower())
        return chars

    def refuse_stray_key(self, event) -> bool:
        """La Belle Lucie: A Solitaire Game: an illegal keystroke gets a light click and a
        message."""
        char = event.unicode
        if event.mod & actions.MODIFIERS["ctrl"] or not char.isprintable() or not char.strip():
            return False
        if self.rules.typing == Typing.CARD:
            self.table.refuse(
                _("'{key}' is not part of a card name (like TC or qh) or a command").format(
                    key=char
                )
            )
        elif self.rules.typing == Typing.CODES:
            self.table.refuse(
                _(
                    "'{key}' names no pile: press an origin key, then a destination key"
                    " ({notation})"
                ).format(key=char, notation=_(self.rules.notation_hint()))
            )
        else:
            self.table.refuse(
                _(
                    "'{key}' is not part of a move: type a move ({notation}) or a card's name"
                    " (like TC), then Enter"
                ).format(key=char, notation=_(self.rules.notation_hint()))
            )
        return True

    def play_typed(self, typed: str) -> None:
        """La Belle Lucie: A Solitaire Game: the card goes home if it can, else to its one
        place; else the finder. A covered card named where the game asks first (the merci
        game) spends a merci only once the player says yes."""
        try:
            move = self.rules.parse_move(typed, self.state)
        except IllegalMove as error:
            self.table.refuse(str(error))
            card = self._card_named(typed)
            if card is not None:
                self.table.help.point_at(card, self.table.now + FINDER_TIME)
            return
        if move.kind == MoveKind.MERCI and self.rules.ask_before_merci:
            card = self.state.piles[move.src][move.index]
            question = _("The {card} is covered: use a {merci} on it?").format(
                card=card.name, merci=_(self.rules.merci_word)
            )
            self.table.app.ask(question, lambda: self.table.play(move))
            return
        self.table.play(move)

    def _card_named(self, typed: str):
        try:
            card = parse_card(typed.partition("-")[0])
        except CardError:
            return None
        return card if any(card in cards for cards in self.state.piles.values()) else None

    def type_code(self, event) -> bool:
        """Origin and destination keys (CANFIELD Solitaire 1.0): the rules' one-letter pile
        codes."""
        if event.mod & actions.MODIFIERS["ctrl"]:
            return False
        code = event.unicode.lower()
        if not code or code not in self.rules.codes:
            return False
        if self.origin_key is None:
            if self.rules.codes[code] == HOME:
                self.table.refuse(
                    _("{key} is a destination: press an origin first").format(key=code.upper())
                )
            else:
                self.origin_key = code
            return True
        origin, self.origin_key = self.origin_key, None
        try:
            move = self.rules.parse_move(origin + code, self.state)
        except IllegalMove as error:
            self.table.refuse(str(error))
        else:
            self.table.play(move)
        return True
