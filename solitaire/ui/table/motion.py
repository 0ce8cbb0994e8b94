"""The table's animation: cards flying along the steps of a move, back after a refused
drop, and in from the corner at a new deal."""

from __future__ import annotations

from ...model.moves import Turn
from ...model.state import Relayout, State, Transfer
from .flights import Flights
from .view import TableView

FLIGHT = 0.2  # seconds a card takes to fly to its place
STEP_GAP = 0.11  # seconds between the single-card steps of one move


class TableMotion:
    """Part of the table screen: puts the flights that show a change of position; the
    view says where each card lies."""

    def __init__(self, flights: Flights):
        self.flights = flights

    def animate(self, view: TableView, before: State, turn: Turn, dragged: dict) -> None:
        """Fly every card of the turn along the single-card steps it made."""
        scratch = before.copy()
        places = view.places(scratch)
        start = 0.0
        for step in turn.steps:
            moved = _cards_moved(scratch, step)
            step.apply(scratch)
            after = view.places(scratch)
            for card in moved:
                src = dragged.pop(card, places[card][0])
                self.flights.add_leg(card, after[card][1], start, FLIGHT, src, after[card][0])
            places = after
            if moved:
                start += STEP_GAP if isinstance(step, Transfer) else 0
        for card, src in dragged.items():  # dropped cards that the turn did not carry
            self.flights.add_leg(card, True, 0, FLIGHT / 2, src, places[card][0])

    def fly_changes(self, view: TableView, before: State, after: State) -> None:
        """Undo, redo, restart: every card that changed place flies straight there."""
        old, new = view.places(before), view.places(after)
        for card, (pos, face_up) in new.items():
            if old.get(card, (pos,))[0] != pos:
                self.flights.add_leg(card, face_up, 0, FLIGHT, old[card][0], pos)

    def fly_back(self, view: TableView, state: State, dragged: dict) -> None:
        """A refused drop: the cards fly back where they came from."""
        places = view.places(state)
        for card, pos in dragged.items():
            self.flights.add_leg(card, True, 0, FLIGHT, pos, places[card][0])

    def deal_in(self, view: TableView, state: State) -> None:
        """Cards fly from the corner onto the table, one after another."""
        start = (view.area.centerx - view.layout.card_w // 2, view.area.bottom)
        for i, (card, (pos, face_up)) in enumerate(view.places(state).items()):
            self.flights.add_leg(card, face_up, i * 0.012, FLIGHT, start, pos)


def _cards_moved(state: State, step) -> list:
    if isinstance(step, Transfer):
        pile = state.piles[step.src]
        first = len(pile) - step.count if step.index is None else step.index
        return pile[first : first + step.count]
    if isinstance(step, Relayout):
        return [card for _, cards in step.after for card in cards]
    return []
