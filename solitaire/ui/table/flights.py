"""Cards flying across the table. Purely visual: the model has already moved them.

A flight is a chain of straight legs with start times, so a multi-card move can show its
single-card steps one after another (the card visits a free cell, then its column).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...model.cards import Card


@dataclass
class Leg:
    start: float  # seconds from the flight's beginning
    duration: float
    src: tuple[float, float]
    dst: tuple[float, float]


@dataclass
class Flight:
    card: Card
    face_up: bool
    legs: list[Leg] = field(default_factory=list)

    @property
    def end(self) -> float:
        return max(leg.start + leg.duration for leg in self.legs)

    def position(self, t: float) -> tuple[float, float]:
        current = self.legs[0].src
        for leg in self.legs:
            if t < leg.start:
                return current
            if t < leg.start + leg.duration:
                k = _ease((t - leg.start) / leg.duration)
                return (
                    leg.src[0] + (leg.dst[0] - leg.src[0]) * k,
                    leg.src[1] + (leg.dst[1] - leg.src[1]) * k,
                )
            current = leg.dst
        return current


def _ease(k: float) -> float:
    """Quick start, gentle landing."""
    return 1 - (1 - k) ** 3


class Flights:
    """All the cards in the air, on one clock that the fixed-step loop advances."""

    def __init__(self) -> None:
        self.clock = 0.0
        self.flights: dict[Card, Flight] = {}
        self.order: list[Card] = []  # drawing order: later legs on top

    def add_leg(self, card: Card, face_up: bool, start: float, duration: float, src, dst) -> None:
        if src == dst:
            return
        flight = self.flights.get(card)
        if flight is None:
            flight = self.flights[card] = Flight(card, face_up)
        else:
            self.order.remove(card)
        flight.face_up = face_up
        flight.legs.append(Leg(self.clock + start, duration, src, dst))
        self.order.append(card)

    @property
    def busy(self) -> bool:
        return bool(self.flights)

    def cards(self) -> set[Card]:
        return set(self.flights)

    def step(self, dt: float) -> bool:
        """Advance the clock; return True if some flight landed (the table must redraw)."""
        self.clock += dt
        landed = [card for card, flight in self.flights.items() if flight.end <= self.clock]
        for card in landed:
            del self.flights[card]
            self.order.remove(card)
        if not self.flights:
            self.clock = 0.0
        return bool(landed)

    def finish(self) -> None:
        """Land everything at once (new input arrived: it must see the real table)."""
        self.flights.clear()
        self.order.clear()
        self.clock = 0.0

    def positions(self, t_offset: float = 0.0):
        """(card, face_up, (x, y)) for every card in the air, bottom of the pile first."""
        for card in self.order:
            flight = self.flights[card]
            yield card, flight.face_up, flight.position(self.clock + t_offset)
