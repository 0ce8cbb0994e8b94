"""The Prince (seed 001), of the King Albert family.

Nine columns of nine down to one card, seven free reserve cards playable at any time and
never refilled. Aces go to the foundations whenever they are free. Cards move one at a
time; a run moves through empty columns as single-card steps (2^n cards onto a column,
2^(n-1) into an empty one, n being the empty columns). Foundation cards may come back.
"""

from __future__ import annotations

from ..moves import Move, MoveKind, Status
from ..options import Option
from ..rules import BUILD_ALTERNATE, BUILD_RANK, BUILD_SUIT, FOUNDATIONS, HOME, Rules
from ..shuffle import shuffled_deck
from ..state import State, StepLog

COLUMNS = tuple(f"t{number}" for number in range(1, 10))
RESERVE = tuple(f"r{number}" for number in range(1, 8))
PLAYABLE = (*COLUMNS, *RESERVE)  # where cards may be played from to the foundations

SEQUENCE_RULES = {"alternate": BUILD_ALTERNATE, "any-suit": BUILD_RANK, "same-suit": BUILD_SUIT}
# Seed 001's scoring table: points for a win and for a loss under each sequence rule.
POINTS = {"any-suit": (1, -4), "alternate": (2, -2), "same-suit": (4, -1)}


class Prince(Rules):
    game_id = "prince"
    title = "The Prince"
    blurb = "King Albert with seven free cards and aces laid off; three sequence rules."
    option_specs = (
        Option("sequence", "how columns build down", "alternate", choices=tuple(SEQUENCE_RULES)),
    )
    tableau = COLUMNS
    reserves = RESERVE
    supermoves = True
    foundation_takeback = True
    commands = {"L": MoveKind.LAYOFF, "LAYOFF": MoveKind.LAYOFF}
    codes = {
        **{str(number): name for number, name in enumerate(COLUMNS, start=1)},
        **{letter: name for letter, name in zip("abcdefg", RESERVE)},
        **{"h" + name[1].lower(): name for name in FOUNDATIONS},
        "h": HOME,
    }

    def __init__(self, **options: object):
        super().__init__(**options)
        self.build = SEQUENCE_RULES[self.options["sequence"]]

    def deal(self, number: int) -> State:
        cards = shuffled_deck("prince", number)
        piles = self.empty_piles()
        start = 0
        for name, size in zip(COLUMNS, range(9, 0, -1)):
            piles[name] = cards[start : start + size]
            start += size
        for name, card in zip(RESERVE, cards[start:]):
            piles[name] = [card]
        return State(piles, {"deal": number})

    def lift_problem(self, state: State, src: str, moving: list) -> str | None:
        if self.roles[src] == "foundation" and moving[0].rank == 1:
            return "an ace would only be laid off again at once"
        return super().lift_problem(state, src, moving)

    # ------------------------------------------------------------------ playing
    def follow_up(self, log: StepLog, move: Move | None) -> None:
        """Aces are laid off automatically whenever one is free."""
        while any(self.play_ace(log, name) for name in PLAYABLE):
            pass

    def play_ace(self, log: StepLog, pile: str) -> bool:
        top = log.state.top(pile)
        return top is not None and top.rank == 1 and self.play_home(log, pile)

    def special_moves(self, state: State) -> list[Move]:
        layoff = Move(MoveKind.LAYOFF)
        return [layoff] if self.special_problem(state, layoff) is None else []

    def special_problem(self, state: State, move: Move) -> str | None:
        if move.kind != MoveKind.LAYOFF:
            return super().special_problem(state, move)
        for name in PLAYABLE:
            top = state.top(name)
            if top is not None and self.home_accepts(state, top):
                return None
        return "no card can go to the foundations now"

    def perform(self, log: StepLog, move: Move) -> None:
        if move.kind == MoveKind.LAYOFF:
            while any(self.play_home(log, name) for name in PLAYABLE):
                pass
        else:
            super().perform(log, move)

    # ------------------------------------------------------------------ scoring
    def points(self, status: Status) -> int:
        """Seed 001's points for a finished game under the sequence rule in force."""
        win, loss = POINTS[self.options["sequence"]]
        return win if status == Status.WON else loss if status == Status.LOST else 0

    # ------------------------------------------------------------------ notation
    def notation_hint(self) -> str:
        return "columns 1-9, reserve a-g, h home, hc/hd/hh/hs from a foundation, L lay off"

    def show(self, state: State) -> str:
        reserve = " ".join(str(state.top(name) or "-") for name in RESERVE)
        lines = [self.foundations_line(state), f"Reserve: {reserve}"]
        lines += [self.column_line(state.piles[name]) for name in COLUMNS]
        return "\n".join(lines)
