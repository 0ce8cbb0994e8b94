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
    """

    __slots__ = ("piles", "values")

    def __init__(self, piles: dict[str, list[Card]], values: Mapping[str, object] | None = None):
        self.piles = piles
        self.values = dict(values or {})

    def copy(self) -> State:
        return State({name: list(cards) for name, cards in self.piles.items()}, self.values)

    def key(self) -> tuple:
        """A hashable snapshot: equal keys mean identical positions."""
        piles = tuple(tuple(cards) for cards in self.piles.values())
        return piles, tuple(sorted(self.values.items()))

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


Step = Transfer | Relayout | SetValue


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

    def relayout(self, after: dict[str, list[Card]]) -> None:
        before = tuple((name, tuple(self.state.piles[name])) for name in after)
        self.do(Relayout(before, tuple((name, tuple(cards)) for name, cards in after.items())))

    def rollback(self) -> None:
        for step in reversed(self.steps):
            step.revert(self.state)
        self.steps.clear()
