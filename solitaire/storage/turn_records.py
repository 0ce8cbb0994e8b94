"""A turn of the undo history as one line of text, so a save resumes without replaying.

A save's moves in notation are enough to rebuild a game, but only by checking every move
against the rules again (some 160 µs a move: 16 s for 100,000). A record keeps what the
move did instead, step by step, and reading it back only checks that each step fits the
position it is applied to: a pile it takes cards from holds them, a value it changes had
the value it says, a reshuffle lays out the cards that were there. A file cut short, hand
edited or muddled by a bad disk fails those checks as a damaged file, never later as a
crash at an undo. Whether a move that fits was legal is not asked again: a save is the
game's own file (a replay, which comes from anywhere, is checked move by move).

A record is the move (its kind, piles, count and index), how many of its steps were the
game's own, then the steps, each a letter and its fields (``m`` cards moved, ``v`` a value
set, ``d`` cards turned, ``s`` the score, ``r`` a reshuffle), all separated by spaces and
commas. Klondike's turn of the stock:

    turn,,,1 0 m,stock,waste,1,,f

Pile and value names are written as they are (a game's names are plain words); a card
is its notation with the number of its pack when it is not the first (``TH``, ``TH1``).
Identical records are read once and share what they build: a long game is mostly the
same few moves over and over (turning the stock), and costs little memory for it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from ..i18n import _
from ..model.cards import Card
from ..model.moves import Move, MoveKind, Turn
from ..model.state import Layout, Relayout, SetDown, SetScore, SetValue, State, Step, Transfer

NAME = re.compile(r"[A-Za-z0-9_]+")  # a pile's or a value's name, as every game spells them
KINDS = {kind.value: kind for kind in MoveKind}


class RecordError(ValueError):
    """A record that does not read, or does not fit the position it is applied to."""


class CannotRecord(ValueError):
    """A turn holding something no record spells (a value of a new kind, a name with a
    comma): the save keeps its moves in notation only, to be checked when read."""


# ---------------------------------------------------------------------- writing
def record(turn: Turn) -> str:
    """The record of ``turn``; CannotRecord if one of its parts has no spelling."""
    move = turn.move
    fields = [move.kind.value, _name(move.src, True), _name(move.dst, True), str(move.count)]
    if move.index is not None:
        fields.append(str(move.index))
    return " ".join([",".join(fields), str(turn.automatic), *map(_step_text, turn.steps)])


def _name(name: str, may_be_empty: bool = False) -> str:
    if (may_be_empty and name == "") or NAME.fullmatch(name):
        return name
    raise CannotRecord(f"the name {name!r} has no spelling in a record")


def _card(card: Card) -> str:
    return f"{card}{card.deck}" if card.deck else str(card)


def _cards(cards: Iterable[Card]) -> str:
    return ".".join(map(_card, cards))


def _layout(layout: Layout) -> str:
    return ";".join(f"{_name(name)}={_cards(cards)}" for name, cards in layout)


def _value(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):  # before int: a bool is an int too
        return "T" if value else "F"
    if isinstance(value, int):
        return f"i{value}"
    if isinstance(value, frozenset) and all(isinstance(card, Card) for card in value):
        return "c" + _cards(sorted(value))
    raise CannotRecord(f"a value {type(value).__name__} has no spelling in a record")


def _step_text(step: Step) -> str:
    if isinstance(step, Transfer):
        index = "" if step.index is None else str(step.index)
        flip = "f" if step.flip else ""
        return f"m,{_name(step.src)},{_name(step.dst)},{step.count},{index},{flip}"
    if isinstance(step, SetValue):
        return f"v,{_name(step.name)},{_value(step.old)},{_value(step.new)}"
    if isinstance(step, SetDown):
        return f"d,{_name(step.pile)},{step.old},{step.new}"
    if isinstance(step, SetScore):
        return f"s,{step.old},{step.new}"
    if isinstance(step, Relayout):
        return f"r,{_layout(step.before)},{_layout(step.after)}"
    raise CannotRecord(f"a step {type(step).__name__} has no spelling in a record")


# ---------------------------------------------------------------------- reading
class Reader:
    """Reads the records of one game's save: its piles, values and cards are known, so
    a record naming anything else is refused as it is read."""

    def __init__(self, state: State, deck: Iterable[Card]):
        self.piles = frozenset(state.piles)
        self.cards = {_card(card): card for card in deck}
        # each record read once: its first spelling, its move, steps, automatic steps, each
        # step with its check, and the piles they shrink
        self.read: dict[str, tuple[str, Move, list[Step], int, list[tuple], frozenset[str]]] = {}

    def turn(self, text: str, move_text: str, state: State) -> Turn:
        """The turn ``text`` records, applied to ``state`` step by step, each checked
        to fit; RecordError (``state`` then half changed) if one does not."""
        parts = self.read.get(text)
        if parts is None:
            move, steps, automatic = self._parse(text)
            checked = [(FITS[type(step)], step) for step in steps]
            parts = self.read[text] = (text, move, steps, automatic, checked, _shrinks(steps))
        line, move, steps, automatic, checked, shrunk = parts
        for fits, step in checked:
            fits(step, state)
            step.apply(state)
        for pile in shrunk:  # as a game leaves it: no more cards face down than there are
            if state.face_down(pile) > len(state.piles[pile]):
                raise RecordError(
                    _("more cards lie face down in {pile} than it holds").format(pile=pile)
                )
        # Turns share their steps (never changed once made): one list for a thousand draws.
        return Turn(move, steps, automatic, move_text, line)

    def _parse(self, text: str) -> tuple[Move, list[Step], int]:
        words = text.split(" ")
        if len(words) < 2:
            raise RecordError(_("the record {record} has no steps").format(record=repr(text[:40])))
        move = self._move(words[0])
        automatic = _whole(words[1])
        steps = [self._step(word) for word in words[2:]]
        if not 0 <= automatic <= len(steps):
            raise RecordError(
                _("{automatic} of {count} steps cannot be automatic").format(
                    automatic=automatic, count=len(steps)
                )
            )
        return move, steps, automatic

    def _move(self, word: str) -> Move:
        fields = word.split(",")
        if len(fields) not in (4, 5) or fields[0] not in KINDS:
            raise RecordError(_("{word} is not a move").format(word=repr(word[:40])))
        kind, src, dst, count = fields[:4]
        index = self._count(fields[4]) if len(fields) == 5 else None
        return Move(KINDS[kind], self._pile(src, True), self._pile(dst, True), _whole(count), index)

    def _step(self, word: str) -> Step:
        letter, *fields = word.split(",")
        if letter == "m" and len(fields) == 5:
            src, dst, count, index, flip = fields
            if flip not in ("", "f"):
                raise RecordError(_("{word} is not a step").format(word=repr(word[:40])))
            return Transfer(
                self._pile(src),
                self._pile(dst),
                self._count(count, least=1),
                None if index == "" else self._count(index),
                flip == "f",
            )
        if letter == "v" and len(fields) == 3:
            name, old, new = fields
            if not NAME.fullmatch(name):
                raise RecordError(
                    _("{name} is not the name of a value").format(name=repr(name[:20]))
                )
            return SetValue(name, self._value(old), self._value(new))
        if letter == "d" and len(fields) == 3:
            return SetDown(self._pile(fields[0]), self._count(fields[1]), self._count(fields[2]))
        if letter == "s" and len(fields) == 2:
            return SetScore(_whole(fields[0]), _whole(fields[1]))
        if letter == "r" and len(fields) == 2:
            before, after = self._layout(fields[0]), self._layout(fields[1])
            if {name for name, _ in before} != {name for name, _ in after} or sorted(
                card for _, cards in before for card in cards
            ) != sorted(card for _, cards in after for card in cards):
                raise RecordError(_("a reshuffle in it lays out other cards than it gathers"))
            return Relayout(before, after)
        raise RecordError(_("{word} is not a step").format(word=repr(word[:40])))

    def _pile(self, name: str, may_be_empty: bool = False) -> str:
        if (may_be_empty and name == "") or name in self.piles:
            return name
        raise RecordError(_("this game has no pile {name}").format(name=repr(name[:20])))

    def _count(self, text: str, least: int = 0) -> int:
        number = _whole(text)
        if number < least:
            raise RecordError(_("{number} is not a count here").format(number=number))
        return number

    def _cards(self, text: str) -> tuple[Card, ...]:
        if not text:
            return ()
        try:
            return tuple(self.cards[word] for word in text.split("."))
        except KeyError as error:
            raise RecordError(
                _("{card} is not a card of this game").format(card=str(error)[:20])
            ) from None

    def _layout(self, text: str) -> Layout:
        layout = []
        for part in text.split(";"):
            name, equals, cards = part.partition("=")
            if not equals:
                raise RecordError(
                    _("{part} is not a pile and its cards").format(part=repr(part[:40]))
                )
            layout.append((self._pile(name), self._cards(cards)))
        return tuple(layout)

    def _value(self, text: str) -> object:
        if text in ("-", "T", "F"):
            return {"-": None, "T": True, "F": False}[text]
        if text[:1] == "i":
            return _whole(text[1:])
        if text[:1] == "c":
            return frozenset(self._cards(text[1:]))
        raise RecordError(_("{text} is not a value").format(text=repr(text[:20])))


def _shrinks(steps: list[Step]) -> frozenset[str]:
    """The piles ``steps`` take cards from or turn cards in."""
    piles: set[str] = set()
    for step in steps:
        if isinstance(step, Transfer):
            piles.add(step.src)
        elif isinstance(step, SetDown):
            piles.add(step.pile)
        elif isinstance(step, Relayout):
            piles.update(name for name, _ in step.after)
    return frozenset(piles)


def _whole(text: str) -> int:
    """A whole number of at most 18 digits, written plainly (int() takes more than that)."""
    digits = text[1:] if text[:1] == "-" else text
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 18):
        raise RecordError(_("{text} is not a whole number").format(text=repr(text[:20])))
    return int(text)


def _transfer_fits(step: Transfer, state: State) -> None:
    held = len(state.piles[step.src])
    start = held - step.count if step.index is None else step.index
    if start < 0 or start + step.count > held:
        raise RecordError(
            _("it moves {count} cards from {pile}, which has {held}").format(
                count=step.count, pile=step.src, held=held
            )
        )


def _value_fits(step: SetValue, state: State) -> None:
    now = state.values.get(step.name)
    if now != step.old or type(now) is not type(step.old):
        raise RecordError(
            _("its {name} is {old} where the game has {now}").format(
                name=step.name, old=repr(step.old), now=repr(now)
            )
        )


def _down_fits(step: SetDown, state: State) -> None:
    if state.face_down(step.pile) != step.old:
        raise RecordError(_("it turns cards of {pile} that are not so").format(pile=step.pile))


def _score_fits(step: SetScore, state: State) -> None:
    if state.score != step.old:
        raise RecordError(
            _("its score {old} is not the game's {score}").format(old=step.old, score=state.score)
        )


def _relayout_fits(step: Relayout, state: State) -> None:
    for name, cards in step.before:
        if tuple(state.piles[name]) != cards:
            raise RecordError(
                _("it gathers cards from {pile} that are not there").format(pile=name)
            )


# Whether a step can be applied to a position as the game would have (RecordError if not):
# its cards are where it takes them from, what it changes had the value it says it had.
FITS: dict[type, Callable[[Any, State], None]] = {
    Transfer: _transfer_fits,
    SetValue: _value_fits,
    SetDown: _down_fits,
    SetScore: _score_fits,
    Relayout: _relayout_fits,
}
