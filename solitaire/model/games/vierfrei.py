"""Vierfrei (seed 004): FreeCell with Microsoft's numbered deals.

Eight columns, four free cells, build down in alternate colour, any card to an empty
column. Runs move as the single-card steps a player could make through the free cells
and empty columns. Cards on the foundations stay there.

Safe play home (the Delete key, and optionally after every move) sends a card up only
when no card still in play can need it: a card of rank r can only ever be wanted as the
place for an opposite-colour card of rank r - 1, so it goes home once both of those are
home (seed 004: "a black 4 will only be removed if there are no red 3's in the game").
"""

from __future__ import annotations

from ..cards import Card
from ..moves import Move, MoveKind
from ..options import Option
from ..rules import BUILD_ALTERNATE, FOUNDATIONS, HOME, Rules
from ..shuffle import microsoft_deal
from ..state import State, StepLog

COLUMNS = tuple(f"t{number}" for number in range(1, 9))
CELLS = ("c1", "c2", "c3", "c4")
PLAYABLE = (*COLUMNS, *CELLS)


class Vierfrei(Rules):
    game_id = "vierfrei"
    title = "Vierfrei"
    blurb = "FreeCell with Microsoft's numbered deals: four free cells, eight columns."
    option_specs = (Option("auto", "play safe cards home after every move", False),)
    tableau = COLUMNS
    cells = CELLS
    build = BUILD_ALTERNATE
    supermoves = True
    commands = {"#": MoveKind.SAFE_HOME}
    freecell_notation = True
    example = "--deal 1 --moves '6a 6b 6h' --show"
    codes = {
        **{str(number): name for number, name in enumerate(COLUMNS, start=1)},
        **{letter: name for letter, name in zip("abcd", CELLS)},
        "h": HOME,
    }

    def deal(self, number: int) -> State:
        piles = self.empty_piles()
        piles.update(zip(COLUMNS, microsoft_deal(number)))
        return State(piles, {"deal": number})

    def settle(self, log: StepLog) -> None:
        if self.options["auto"]:
            self.follow_up(log, None)

    # ------------------------------------------------------------------ safe play
    def is_safe_home(self, state: State, card: Card) -> bool:
        if not self.home_accepts(state, card):
            return False
        needers = [suit for suit in "CDHS" if Card(1, suit).is_red != card.is_red]
        return all(len(state.piles["f" + suit]) >= card.rank - 1 for suit in needers)

    def play_safe(self, log: StepLog) -> None:
        while True:
            pile = next(
                (
                    name
                    for name in PLAYABLE
                    if log.state.piles[name] and self.is_safe_home(log.state, log.state.top(name))
                ),
                None,
            )
            if pile is None:
                return
            self.play_home(log, pile)

    def follow_up(self, log: StepLog, move: Move | None) -> None:
        if self.options["auto"]:
            self.play_safe(log)

    def special_problem(self, state: State, move: Move) -> str | None:
        if move.kind != MoveKind.SAFE_HOME:
            return super().special_problem(state, move)
        if any(
            state.piles[name] and self.is_safe_home(state, state.top(name)) for name in PLAYABLE
        ):
            return None
        return "no card can safely go home now"

    def special_moves(self, state: State) -> list[Move]:
        home = Move(MoveKind.SAFE_HOME)
        return [home] if self.special_problem(state, home) is None else []

    def perform(self, log: StepLog, move: Move) -> None:
        if move.kind == MoveKind.SAFE_HOME:
            self.play_safe(log)
        else:
            super().perform(log, move)

    # ------------------------------------------------------------------ notation
    def notation_hint(self) -> str:
        return (
            "Freecell Solver's notation: columns 1-8, cells a-d, h home (3a a5 8h 54); "
            "a run goes whole onto a card, into an empty column write the count in "
            "hexadecimal (54v3, 12vb for 11 cards); # plays every safe card home"
        )

    def show(self, state: State) -> str:
        """The board as Freecell Solver reads it."""
        lines = []
        if any(state.piles[name] for name in FOUNDATIONS):
            lines.append(self.foundations_line(state))
        if any(state.piles[name] for name in CELLS):
            lines.append("Freecells: " + " ".join(str(state.top(name) or "-") for name in CELLS))
        lines += [self.column_line(state.piles[name]) for name in COLUMNS]
        return "\n".join(lines)
