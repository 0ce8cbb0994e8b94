"""Grandfather, as KPatience plays it: Russian Solitaire's moves, and two redeals.

Rules as KPatience's Grandfather (its source file grandf.cpp) defines them. The pack is
dealt into seven columns: first 28 cards back and forth across them, the first row from
left to right, the next from the seventh column back to the second, the next from the
second to the sixth and so on, which gives the columns 1, 3, 5, 7, 6, 4 and 2 cards, the
last card each column gets face up and the others face down; then the other 24 cards face
up, one at a time, onto columns 2 to 7 in turn (four each). Columns build down in suit;
any face-up card moves with all the cards on it, in sequence or not; only a king fills an
empty column. Foundations build up in suit from the ace. Twice in a game the player may
redeal: the columns are gathered into one pile, from the seventh to the first, each from
its bottom card up, and the pile is dealt again as at the start from its top, without
shuffling: the first card dealt is the first column's top card, gathered last (KPatience's
``Grandf::newCards`` gathers them so, and its deal takes the last card of the list first).
"""

from __future__ import annotations

from ...i18n import N_, _
from ..cards import Card
from ..moves import Move, MoveKind
from ..rules import HOME, Rules
from ..shuffle import shuffled_deck
from ..state import State, StepLog
from ..table_spec import Arrangement, GameButton, GameHelp, foundation_slots, row
from ..vocabulary import Action, Build, Family, Spread, play

COLUMNS = tuple(f"t{number}" for number in range(1, 8))
REDEALS = 2
STEP = 1.2  # units from one column to the next


def serpentine() -> list[int]:
    """The columns the first 28 cards go to, in order: rows back and forth, each row one
    column shorter, from the first column and the seventh in turn."""
    order = []
    start, stop, step = 0, len(COLUMNS) - 1, 1
    for _turn in range(len(COLUMNS)):
        order += list(range(start, stop + step, step))
        start, stop, step = stop, start + step, -step
    return order


ROWS_ORDER = serpentine()


def grandfather_layout(cards: list[Card]) -> tuple[dict[str, list[Card]], dict[str, int]]:
    """The columns dealt from ``cards`` in order, and their face-down counts."""
    columns: list[list[Card]] = [[] for _ in COLUMNS]
    dealt = 0
    for index in ROWS_ORDER:
        if dealt < len(cards):
            columns[index].append(cards[dealt])
            dealt += 1
    down = [max(0, len(cards) - 1) for cards in columns]  # the last card each got is face up
    for turn, card in enumerate(cards[dealt:]):
        columns[1 + turn % (len(COLUMNS) - 1)].append(card)
    piles = dict(zip(COLUMNS, columns))
    return piles, {name: count for name, count in zip(COLUMNS, down) if count}


class Grandfather(Rules):
    game_id = "grandfather"
    order = 86
    family = Family.YUKON
    title = N_("Grandfather")
    blurb = N_("Russian Solitaire's moves, dealt KPatience's way, with two redeals.")
    tableau = COLUMNS
    build = Build.SUIT
    lifts_face_up = True
    empty_fill_rank = 13  # only a king fills an empty column
    solver = "yukon"
    verdict_note = N_(" (seeing every card, face-down ones too)")
    commands = {"R": MoveKind.REDEAL}
    codes = {
        **{str(number): name for number, name in enumerate(COLUMNS, start=1)},
        "h": HOME,
    }
    example = "--deal 1 --moves 'R' --show"
    special_words = {**Rules.special_words, MoveKind.REDEAL: N_("Redeal the columns")}
    buttons = (GameButton(N_("Redeal"), play(MoveKind.REDEAL), enabled_by=MoveKind.REDEAL),)
    key_actions = {"R": play(MoveKind.REDEAL), "Backspace": Action.UNDO}
    # Undoing a redeal shows where the face-down cards would lie: that is help.
    undo_reveals = frozenset({MoveKind.REDEAL})

    def deal(self, number: int) -> State:
        piles, down = grandfather_layout(shuffled_deck(self.game_id, number))
        return State({**self.empty_piles(), **piles}, {"deal": number, "redeals_used": 0}, down)

    # ------------------------------------------------------------------ redeals
    def redeals_left(self, state: State) -> int:
        return REDEALS - state.count("redeals_used")

    def has_second_chance(self, state: State) -> bool:
        return self.redeal_problem(state) is None

    def redeal_problem(self, state: State) -> str | None:
        if self.redeals_left(state) <= 0:
            return _("both redeals have been used")
        if not any(state.piles[name] for name in COLUMNS):
            return _("there are no cards left to redeal")
        return None

    def special_moves(self, state: State) -> list[Move]:
        return [Move(MoveKind.REDEAL)] if self.redeal_problem(state) is None else []

    def special_problem(self, state: State, move: Move) -> str | None:
        if move.kind == MoveKind.REDEAL:
            return self.redeal_problem(state)
        return super().special_problem(state, move)

    def perform(self, log: StepLog, move: Move) -> None:
        if move.kind != MoveKind.REDEAL:
            super().perform(log, move)
            return
        state = log.state
        # The order the cards are dealt in: the gathered pile from its top, that is the
        # first column's top card down to its bottom card, then the second column's ...
        gathered = [card for name in COLUMNS for card in reversed(state.piles[name])]
        piles, down = grandfather_layout(gathered)
        log.relayout(piles)
        for name in COLUMNS:
            log.set_down(name, down.get(name, 0))
        log.set("redeals_used", state.count("redeals_used") + 1)

    # ------------------------------------------------------------------ the table
    def arrangement(self) -> Arrangement:
        slots = row(COLUMNS, 0, 0, STEP, spread=Spread.DOWN)
        slots += foundation_slots(len(COLUMNS) * STEP + 0.3, 0, 1.55, vertical=True)
        # The height of the longest column dealt (six face-down cards under a face-up
        # card, four face up on it) and a few cards more at full spread; longer columns
        # close up, face-down cards first.
        width = len(COLUMNS) * STEP + 1.3
        return Arrangement(tuple(slots), width, 6.4, widen=True, longest=(19, 6))

    def status_items(self, state: State) -> list[str]:
        return [_("Redeals left {count}").format(count=self.redeals_left(state))]

    help = GameHelp(
        rules=(
            (
                N_(
                    "The pack is dealt into seven columns: first 28 cards back and forth, row by"
                    " row, which gives the columns 1, 3, 5, 7, 6, 4 and 2 cards, only the last"
                    " card each got face up; then the other 24 cards face up, four onto each"
                    " column but the first."
                )
            ),
            (
                N_(
                    "Build the four foundations up in suit from the ace to the king: you win with"
                    " all 52 cards home. Columns build down in suit: a six of hearts on the seven"
                    " of hearts."
                )
            ),
            (
                N_(
                    "Any face-up card may move onto a column with all the cards on it, whether"
                    " they are in sequence or not: only the card you take must fit. Only a king,"
                    " with whatever lies on it, fills an empty column. A face-down card turns up"
                    " by itself once nothing covers it."
                )
            ),
            (
                N_(
                    "Twice in a game you may redeal (press R): the columns are gathered, from the"
                    " seventh to the first, each from its bottom card up, and dealt again as at"
                    " the start from the top of the gathered pile, the first column's top card"
                    " first, without shuffling. The cards home stay there."
                )
            ),
            (
                N_(
                    "The game is lost when no series of moves, redeals included, can bring another"
                    " card home. The computer's verdict and hint see every card, face-down ones"
                    " too. Rules as KPatience's Grandfather."
                )
            ),
            (
                N_(
                    "Tip: a redeal turns most cards face down again, so uncover what you can"
                    " before you use one, and keep the second for when you are stuck."
                )
            ),
        ),
        keys=(
            (N_("R"), N_("Redeal: gather the columns and deal them again")),
            (
                N_("1-7"),
                N_("Origin: a column; then 1-7 or H, and Enter (v3 after them moves three cards)"),
            ),
            (N_("Backspace"), N_("Undo")),
        ),
        mouse=(N_("Drag any face-up card: the cards on it come along."),),
    )

    # ------------------------------------------------------------------ notation
    def notation_hint(self) -> str:
        return _("origin and destination column 1-7, or H (home), e.g. 27v3 or 4h; R redeals")

    def show(self, state: State) -> str:
        lines = [self.foundations_line(state), f"Redeals left: {self.redeals_left(state)}"]
        for name in COLUMNS:
            down = state.face_down(name)
            cards = ["##"] * down + [str(card) for card in state.piles[name][down:]]
            lines.append((": " + " ".join(cards)).rstrip())
        return "\n".join(lines)
