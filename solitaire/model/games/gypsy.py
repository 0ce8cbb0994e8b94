"""Gypsy: two packs, eight columns built down in alternate colours, the stock dealt in rows.

Rules as PySolFC's "Gypsy" and Wikipedia's: 104 cards of two packs; eight columns of
three cards, two face down under one face up; the other 80 are the stock. Columns build
down in alternate colours and any run so built moves as a unit; any card or run fills an
empty column. A face-down card turns up once uncovered. A click on the stock deals a
row, one card face up onto every column, at any time. Eight foundations, two a suit,
build up in suit from the ace to the king.
"""

from __future__ import annotations

from ...i18n import N_, _
from ..moves import Move, MoveKind
from ..rules import HOME, Rules
from ..state import State, StepLog
from ..table_spec import Arrangement, GameButton, GameHelp, Slot, row
from ..vocabulary import Action, Build, Family, Outline, Role, Spread, play
from .fortythieves import TwoPackRules

COLUMNS = tuple(f"t{number}" for number in range(1, 9))


class Gypsy(TwoPackRules):
    game_id = "gypsy"
    shuffle_name = "gypsy"
    order = 94
    family = Family.KLONDIKE
    title = N_("Gypsy")
    blurb = N_("Two packs, eight columns in alternate colours; the stock deals a row at a time.")
    tableau = COLUMNS
    build = Build.ALTERNATE
    moves_runs = True
    dealt = 3
    dealt_down = 2
    stock_move = MoveKind.DEAL
    commands = {"D": MoveKind.DEAL}
    codes = {
        **{str(number): name for number, name in enumerate(COLUMNS, start=1)},
        "h": HOME,
    }
    example = "--deal 1 --moves 'D' --show"

    def layout_roles(self) -> dict[Role, tuple[str, ...]]:
        return {**super().layout_roles(), Role.HAND: ("stock",)}

    def deal(self, number: int) -> State:
        piles, down, rest = self.deal_columns(number)
        piles["stock"] = rest
        return State(piles, {"deal": number}, down)

    # ------------------------------------------------------------------ rules
    def lift_problem(self, state: State, src: str, moving: list) -> str | None:
        if self.roles[src] == Role.HAND:
            return _("cards are dealt from the stock, a row at a time")
        return super().lift_problem(state, src, moving)

    def deal_problem(self, state: State) -> str | None:
        return None if state.piles["stock"] else _("the stock is used up")

    def special_problem(self, state: State, move: Move) -> str | None:
        if move.kind == MoveKind.DEAL:
            return self.deal_problem(state)
        return super().special_problem(state, move)

    def special_moves(self, state: State) -> list[Move]:
        return [Move(MoveKind.DEAL)] if self.deal_problem(state) is None else []

    def perform(self, log: StepLog, move: Move) -> None:
        if move.kind == MoveKind.DEAL:
            for name in self.tableau:
                if log.state.piles["stock"]:
                    log.move("stock", name)
        else:
            super().perform(log, move)

    # ------------------------------------------------------------------ the table
    solver = "two_packs"
    verdict_note = N_(" (seeing every card, face-down ones and the stock too)")
    special_words = {**Rules.special_words, MoveKind.DEAL: N_("Deal a row from the stock")}
    buttons = (GameButton(N_("Deal"), play(MoveKind.DEAL), enabled_by=MoveKind.DEAL),)
    key_actions = {"D": play(MoveKind.DEAL), "Backspace": Action.UNDO}

    def arrangement(self) -> Arrangement:
        step = 1.1
        slots = [
            *self.foundation_slots(0, 0, step),
            Slot("stock", 8 * step + 0.15, 0, outline=Outline.STOCK, face_down=True, squared=True),
        ]
        slots += row(COLUMNS, 0, 1.7, step, spread=Spread.DOWN)
        # The columns as dealt and some eight cards more at full spread; longer columns
        # close up (face-down cards first), the cards as large (as Spider's: rows dealt
        # onto runs make columns longer than any size of card could show whole).
        return Arrangement(tuple(slots), 8 * step + 1.15, 5.6, widen=True)

    def status_items(self, state: State) -> list[str]:
        return [_("Rows left {count}").format(count=len(state.piles["stock"]) // len(self.tableau))]

    help = GameHelp(
        rules=(
            (
                N_(
                    "Rules as PySolFC's Gypsy. Two packs of 104 cards: eight columns of three cards"
                    " are dealt, two face down under one face up, and the other 80 are the stock."
                    " Build the eight foundations, two for each suit, up in suit from the ace to the"
                    " king: you win with all 104 cards home."
                )
            ),
            (
                N_(
                    "Columns build down in alternate colours: a red six on a black seven. Any run so"
                    " built moves as a unit, and any card or run may fill an empty column. A"
                    " face-down card turns up by itself once nothing covers it."
                )
            ),
            (
                N_(
                    "Click the stock (or press D) to deal a row: one card face up onto every column,"
                    " empty ones too. You may deal whenever you like, ten rows in all."
                )
            ),
            (
                _(
                    "The game is lost when no series of moves, dealing included, can bring another"
                    " card home. The computer's verdict and hint see every card, face-down ones and"
                    " the stock too, so a deal it calls winnable may need luck from you."
                )
            ),
            (
                N_(
                    "Tip: turn up the face-down cards before you deal, and sort runs while columns"
                    " are empty: each row dealt covers every column again."
                )
            ),
        ),
        keys=(
            (N_("D"), N_("Deal a row from the stock")),
            (N_("1-8"), N_("A column: origin, then destination (or H, home), and Enter")),
            (N_("Backspace"), _("Undo")),
        ),
        mouse=(N_("Click the stock to deal a row."),),
    )

    # ------------------------------------------------------------------ notation
    def notation_hint(self) -> str:
        return _("origin 1-8, destination 1-8 or H (home), e.g. 62 7h or 34v3; D deals a row")

    def show(self, state: State) -> str:
        lines = [
            self.foundations_line(state),
            f"Stock: {len(state.piles['stock'])} cards face down",
        ]
        return "\n".join(lines + self.column_lines(state))
