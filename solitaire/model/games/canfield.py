"""Canfield (seed 003).

A 13-card reserve (the seed's "stock") whose top card is playable; one foundation card
dealt at the start whose rank every foundation starts from, ranks wrapping K->A; four
tableau piles building down in alternate colour, wrapping too, whose top card alone or
whole pile may move; an emptied pile is filled from the reserve at once, and from the
waste by the player once the reserve is empty. The hand is turned onto a waste pile.
"""

from __future__ import annotations

from ..cards import Card
from ..moves import Move, MoveKind
from ..options import Option
from ..rules import BUILD_ALTERNATE, HOME, Rules
from ..shuffle import shuffled_deck
from ..state import State, StepLog

PILES = ("t1", "t2", "t3", "t4")

# Rule modes: (cards turned at a time, passes through the hand or None for unlimited).
MODES = {
    "1": (1, 1),  # seed rule 1, Mr. Canfield's: one at a time, one pass
    "2": (3, None),  # seed rule 2: by threes, as often as you like
    "3": (1, None),  # seed rule 3: by ones, as often as you like
    "house": (3, 3),  # the gambling house's other rule: by threes, three passes
}
MODE_NAMES = {
    "1": "one card at a time, one pass",
    "2": "three at a time, unlimited passes",
    "3": "one at a time, unlimited passes",
    "house": "three at a time, three passes",
}


class Canfield(Rules):
    game_id = "canfield"
    title = "Canfield"
    blurb = "Saratoga's casino game: a 13-card reserve and foundations from any rank."
    option_specs = (
        Option(
            "mode",
            "rule mode: " + "; ".join(f"{k} = {v}" for k, v in MODE_NAMES.items()),
            "1",
            choices=tuple(MODES),
        ),
    )
    tableau = PILES
    reserves = ("reserve",)
    build = BUILD_ALTERNATE
    wrap = True
    commands = {"N": MoveKind.TURN}
    # The seed's keys: origins 1 or S (the reserve), 2-5, W; destinations 2-5, F.
    codes = {
        "1": "reserve",
        "s": "reserve",
        "2": "t1",
        "3": "t2",
        "4": "t3",
        "5": "t4",
        "w": "waste",
        "f": HOME,
    }

    def __init__(self, **options: object):
        super().__init__(**options)
        self.turn_count, self.passes = MODES[self.options["mode"]]

    def layout_roles(self) -> dict[str, tuple[str, ...]]:
        return {**super().layout_roles(), "hand": ("hand",), "waste": ("waste",)}

    def deal(self, number: int) -> State:
        cards = shuffled_deck("canfield", number)
        piles = self.empty_piles()
        piles["reserve"] = cards[:13]
        base = cards[13]
        piles["f" + base.suit] = [base]
        for index, name in enumerate(PILES):
            piles[name] = [cards[14 + index]]
        piles["hand"] = cards[18:]
        return State(piles, {"deal": number, "base": base.rank, "passes_used": 0})

    def base_rank(self, state: State) -> int:
        return state.values["base"]

    # ------------------------------------------------------------------ rules
    def lift_problem(self, state: State, src: str, moving: list[Card]) -> str | None:
        if self.roles[src] == "tableau" and len(moving) not in (1, len(state.piles[src])):
            return "only the top card or the whole pile can move"
        if self.roles[src] == "tableau" and len(moving) > 1:
            return None  # the whole pile moves as a unit
        return super().lift_problem(state, src, moving)

    def empty_problem(self, state: State, card: Card, src: str) -> str | None:
        if state.piles["reserve"]:
            return "a space is filled from the reserve"
        if src != "waste":
            return "a space is filled from the waste"
        return None

    def lift_counts(self, state: State, src: str) -> tuple[int, ...]:
        size = len(state.piles[src])
        return (1, size) if self.roles[src] == "tableau" and size > 1 else (1,)

    def turn_problem(self, state: State) -> str | None:
        if state.piles["hand"]:
            return None
        if not state.piles["waste"]:
            return "the hand and the waste are both empty"
        if self.passes is not None and state.values["passes_used"] + 1 >= self.passes:
            return "no more passes through the hand under this rule"
        return None

    def special_problem(self, state: State, move: Move) -> str | None:
        if move.kind == MoveKind.TURN:
            return self.turn_problem(state)
        return super().special_problem(state, move)

    def special_moves(self, state: State) -> list[Move]:
        return [Move(MoveKind.TURN)] if self.turn_problem(state) is None else []

    # ------------------------------------------------------------------ playing
    def perform(self, log: StepLog, move: Move) -> None:
        if move.kind != MoveKind.TURN:
            super().perform(log, move)
        elif log.state.piles["hand"]:
            count = min(self.turn_count, len(log.state.piles["hand"]))
            log.move("hand", "waste", count, flip=True)
        else:  # pick up the waste and turn it over: the next pass
            log.move("waste", "hand", len(log.state.piles["waste"]), flip=True)
            log.set("passes_used", log.state.values["passes_used"] + 1)

    def follow_up(self, log: StepLog, move: Move | None) -> None:
        """An emptied pile is filled from the reserve at once."""
        for name in PILES:
            if not log.state.piles[name] and log.state.piles["reserve"]:
                log.move("reserve", name)

    # ------------------------------------------------------------------ scoring
    def score(self, state: State) -> int:
        """Casino balance: the pack costs $50, each card home pays $5, all 52 pay $500."""
        home = self.cards_home(state)
        return (500 if home == 52 else 5 * home) - 50

    def score_text(self, state: State) -> str:
        balance = self.score(state)
        return f"-${-balance}" if balance < 0 else f"${balance}"

    # ------------------------------------------------------------------ notation
    def notation_hint(self) -> str:
        return "origin 1/S, 2-5 or W then destination 2-5 or F, e.g. W2 or 3F; N turns the hand"

    def format_move(self, move: Move, state: State) -> str:
        return super().format_move(move, state).upper()

    def show(self, state: State) -> str:
        passes = "unlimited" if self.passes is None else self.passes - state.values["passes_used"]
        lines = [
            self.foundations_line(state),
            f"Base: {str(Card(self.base_rank(state), 'S'))[0]}",
            "Reserve: " + " ".join(str(card) for card in state.piles["reserve"]),
            "Hand: " + " ".join(str(card) for card in state.piles["hand"]),
            "Waste: " + " ".join(str(card) for card in state.piles["waste"]),
            f"Passes left: {passes}",
        ]
        lines = [line.rstrip() for line in lines]
        lines += [self.column_line(state.piles[name]) for name in PILES]
        return "\n".join(lines)
