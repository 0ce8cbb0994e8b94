"""A position on the table, and the atomic reversible steps that change it.

Every change to a position (a card moved, a fan reshuffled, a counter bumped) is one of
the three steps below. Each step is plain data that can be applied and reverted, so undo,
redo, replay, autosave and the solver all share one mechanism.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .cards import Card


class State:
    """Named piles of cards (bottom card first) plus a few named values.

    ``values`` hold immutable things only (ints, bools, frozensets), so copying a state
    is a shallow copy of its pile lists.

    ``down`` counts the cards lying face down at the bottom of a pile (Klondike's and
    Spider's columns): the first ``down[pile]`` cards are face down, the others face up.
    A face-down card never lies on a face-up one in a pile, so a count is each card's
    face-up flag. A pile whose slot is face down as a whole (a stock) needs no count.

    ``score`` is a running score that depends on the way the position was reached
    (Klondike's points for turning a card up, Spider's point per move): it is kept
    beside the position, never in its key, so positions reached by different paths are
    one position to the search, which can still prove that none of them wins.
    """

    __slots__ = ("down", "piles", "score", "values")

    def __init__(
        self,
        piles: dict[str, list[Card]],
        values: Mapping[str, object] | None = None,
        down: dict[str, int] | None = None,
        score: int = 0,
    ):
        self.piles = piles
        self.values = dict(values or {})
        self.down = {pile: count for pile, count in (down or {}).items() if count}
        self.score = score

    def copy(self) -> State:
        piles = {name: list(cards) for name, cards in self.piles.items()}
        return State(piles, self.values, self.down, self.score)

    def key(self) -> tuple:
        """A hashable snapshot: equal keys mean identical positions (the score apart)."""
        piles = tuple(tuple(cards) for cards in self.piles.values())
        values = tuple(sorted(self.values.items()))
        return (piles, values, tuple(sorted(self.down.items()))) if self.down else (piles, values)

    def face_down(self, pile: str) -> int:
        """How many cards at the bottom of ``pile`` lie face down."""
        return self.down.get(pile, 0)

    def all_cards(self) -> list[Card]:
        return [card for cards in self.piles.values() for card in cards]

    def top(self, pile: str) -> Card | None:
        cards = self.piles[pile]
        return cards[-1] if cards else None

    def count(self, name: str) -> int:
        """A value that counts (the deal number, reshuffles used, ...)."""
        value = self.values[name]
        assert isinstance(value, int), f"state value {name} is {value!r}, not a count"
        return value

    def cards(self, name: str) -> frozenset[Card]:
        """A value that is a set of cards (the cards that have moved once, ...)."""
        value = self.values[name]
        assert isinstance(value, frozenset), f"state value {name} is {value!r}, not cards"
        return value

    # Defining __eq__ leaves State unhashable, as a mutable thing should be: compare with
    # key() when a hash is needed.
    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.key() == other.key()


@dataclass(frozen=True)
class Transfer:
    """Move ``count`` cards from ``src`` onto ``dst``.

    ``index`` names the first card's position in ``src`` when it is not the top run (a
    merci lifts a buried card). ``flip`` turns the packet over, as turning the hand onto
    the waste does.
    """

    src: str
    dst: str
    count: int = 1
    index: int | None = None
    flip: bool = False

    def apply(self, state: State) -> None:
        pile = state.piles[self.src]
        start = len(pile) - self.count if self.index is None else self.index
        cards = pile[start : start + self.count]
        del pile[start : start + self.count]
        if self.flip:
            cards.reverse()
        state.piles[self.dst].extend(cards)

    def revert(self, state: State) -> None:
        pile = state.piles[self.dst]
        cards = pile[len(pile) - self.count :]
        del pile[len(pile) - self.count :]
        if self.flip:
            cards.reverse()
        src = state.piles[self.src]
        start = len(src) if self.index is None else self.index
        src[start:start] = cards


Layout = tuple[tuple[str, tuple[Card, ...]], ...]


@dataclass(frozen=True)
class Relayout:
    """Replace the contents of some piles at once (a reshuffle and re-deal)."""

    before: Layout
    after: Layout

    def apply(self, state: State) -> None:
        for name, cards in self.after:
            state.piles[name] = list(cards)

    def revert(self, state: State) -> None:
        for name, cards in self.before:
            state.piles[name] = list(cards)


@dataclass(frozen=True)
class SetValue:
    name: str
    old: object
    new: object

    def apply(self, state: State) -> None:
        state.values[self.name] = self.new

    def revert(self, state: State) -> None:
        state.values[self.name] = self.old


@dataclass(frozen=True)
class SetDown:
    """Change how many cards at the bottom of a pile lie face down (turning the top one
    up when the card on it leaves: undo turns it down again)."""

    pile: str
    old: int
    new: int

    def apply(self, state: State) -> None:
        _set_down(state, self.pile, self.new)

    def revert(self, state: State) -> None:
        _set_down(state, self.pile, self.old)


def _set_down(state: State, pile: str, count: int) -> None:
    if count:
        state.down[pile] = count
    else:
        state.down.pop(pile, None)


@dataclass(frozen=True)
class SetScore:
    """Change the running score (``State.score``)."""

    old: int
    new: int

    def apply(self, state: State) -> None:
        state.score = self.new

    def revert(self, state: State) -> None:
        state.score = self.old


Step = Transfer | Relayout | SetValue | SetDown | SetScore


class StepLog:
    """Applies steps to a state and remembers them, so they can be reverted together."""

    def __init__(self, state: State):
        self.state = state
        self.steps: list[Step] = []

    def do(self, step: Step) -> None:
        step.apply(self.state)
        self.steps.append(step)

    def move(self, src: str, dst: str, count: int = 1, **kwargs) -> None:
        self.do(Transfer(src, dst, count, **kwargs))

    def set(self, name: str, value: object) -> None:
        old = self.state.values.get(name)
        if old != value:
            self.do(SetValue(name, old, value))

    def set_down(self, pile: str, count: int) -> None:
        old = self.state.face_down(pile)
        if old != count:
            self.do(SetDown(pile, old, count))

    def add_score(self, points: int, floor: int | None = None) -> None:
        """Add ``points`` to the running score, not below ``floor`` if one is given."""
        new = self.state.score + points
        if floor is not None:
            new = max(floor, new)
        if new != self.state.score:
            self.do(SetScore(self.state.score, new))

    def relayout(self, after: dict[str, list[Card]]) -> None:
        before = tuple((name, tuple(self.state.piles[name])) for name in after)
        self.do(Relayout(before, tuple((name, tuple(cards)) for name, cards in after.items())))

    def rollback(self) -> None:
        for step in reversed(self.steps):
            step.revert(self.state)
        self.steps.clear()
