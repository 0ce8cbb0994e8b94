"""Yukon, and Russian Solitaire, Yukon built down in suit.

Rules as Wikipedia's "Yukon (solitaire)" and PySolFC's Yukon and Russian Solitaire
describe them. Seven columns hold the whole pack: one card, face up, in the first; in
each other as many face-down cards as its place less one, under five face-up cards.
There is no stock. Columns build down in alternate colours (Russian Solitaire: in
suit); any face-up card may move onto a column, in sequence with the cards on it or
not, and the cards on it move with it. Only a king, with whatever lies on it, fills an
empty column. A face-down card turns up once nothing covers it. Foundations build up
in suit from the ace.
"""

from __future__ import annotations

from ...i18n import N_, _
from ..rules import HOME, Rules
from ..shuffle import shuffled_deck
from ..state import State
from ..table_spec import Arrangement, GameHelp, foundation_slots, row
from ..vocabulary import Action, Build, Family, Spread

COLUMNS = tuple(f"t{number}" for number in range(1, 8))
FACE_UP_DEALT = 5  # face-up cards dealt on the face-down ones of columns 2 to 7
STEP = 1.2  # units from one column to the next
# The help's paragraphs that Yukon and Russian Solitaire share.
DEAL_WORDS = N_(
    "Seven columns hold the whole pack: one card face up in the first, and in the others"
    " one to six cards face down under five face up. There is no stock. Build the four"
    " foundations up in suit from the ace to the king: you win with all 52 cards home."
)
FILL_WORDS = N_(
    "Only a king, with whatever lies on it, fills an empty column. A face-down card turns"
    " up by itself once nothing covers it. Cards home stay there."
)
TIP_WORDS = N_(
    "Tip: turn up the face-down cards of the longest columns first, and keep an empty"
    " column for a king that buries low cards."
)
KEYS = (
    ("1-7", N_("Origin: a column; then 1-7 or H, and Enter (v3 after them moves three cards)")),
    (N_("Backspace"), N_("Undo")),
)
MOUSE = (N_("Drag any face-up card: the cards on it come along."),)


class Yukon(Rules):
    game_id = "yukon"
    order = 84
    family = Family.YUKON
    title = N_("Yukon")
    blurb = N_("Klondike without a stock: any face-up card moves with all the cards on it.")
    tableau = COLUMNS
    build = Build.ALTERNATE
    lifts_face_up = True
    empty_fill_rank = 13  # only a king fills an empty column
    solver = "yukon"
    verdict_note = N_(" (seeing every card, face-down ones too)")
    codes = {
        **{str(number): name for number, name in enumerate(COLUMNS, start=1)},
        "h": HOME,
    }
    example = "--deal 1 --moves '13' --show"
    key_actions = {"Backspace": Action.UNDO}
    help = GameHelp(
        rules=(
            DEAL_WORDS,
            (
                N_(
                    "Columns build down in alternate colours: a red six on a black seven. Any"
                    " face-up card may move onto a column with all the cards on it, whether they"
                    " are in sequence or not: only the card you take must fit."
                )
            ),
            FILL_WORDS,
            N_("The game is lost when no series of moves can bring another card home."),
            N_(
                "Rules as Wikipedia and PySolFC describe Yukon. The computer's verdict and hint"
                " see every card, face-down ones too, so a deal it calls winnable may need luck"
                " from you."
            ),
            TIP_WORDS,
        ),
        keys=KEYS,
        mouse=MOUSE,
    )

    def deal(self, number: int) -> State:
        cards = shuffled_deck(self.game_id, number)
        piles = self.empty_piles()
        down = {}
        dealt = 0
        for index, name in enumerate(COLUMNS):
            size = 1 if index == 0 else index + FACE_UP_DEALT
            piles[name] = cards[dealt : dealt + size]
            down[name] = index  # the first column's one card is face up
            dealt += size
        return State(piles, {"deal": number}, down)

    # ------------------------------------------------------------------ the table
    def arrangement(self) -> Arrangement:
        slots = row(COLUMNS, 0, 0, STEP, spread=Spread.DOWN)
        slots += foundation_slots(len(COLUMNS) * STEP + 0.3, 0, 1.55, vertical=True)
        # The height of a deal's longest column (six face-down cards and five face up)
        # and a few cards more at full spread; longer columns close up, face-down cards
        # first, down to the longest a deal can build: six face-down cards under a king
        # and the rest of the face-up cards of the pack.
        width = len(COLUMNS) * STEP + 1.3
        return Arrangement(tuple(slots), width, 6.4, widen=True, longest=(19, 6))

    # ------------------------------------------------------------------ notation
    def notation_hint(self) -> str:
        return _("origin and destination column 1-7, or H (home), e.g. 27v3 or 4h")

    def show(self, state: State) -> str:
        lines = [self.foundations_line(state)]
        for name in COLUMNS:
            down = state.face_down(name)
            cards = ["##"] * down + [str(card) for card in state.piles[name][down:]]
            lines.append((": " + " ".join(cards)).rstrip())
        return "\n".join(lines)


class RussianSolitaire(Yukon):
    game_id = "russian"
    order = 85
    title = N_("Russian Solitaire")
    blurb = N_("Yukon built down in suit: any face-up card moves with all the cards on it.")
    build = Build.SUIT
    example = "--deal 1 --moves '7h 73' --show"
    help = GameHelp(
        rules=(
            DEAL_WORDS,
            (
                N_(
                    "Columns build down in suit: a six of hearts on the seven of hearts. Any"
                    " face-up card may move onto a column with all the cards on it, whether they"
                    " are in sequence or not: only the card you take must fit."
                )
            ),
            FILL_WORDS,
            N_("The game is lost when no series of moves can bring another card home."),
            N_(
                "Rules as Wikipedia and PySolFC describe Russian Solitaire. The computer's verdict"
                " and hint see every card, face-down ones too, so a deal it calls winnable may"
                " need luck from you."
            ),
            TIP_WORDS,
        ),
        keys=KEYS,
        mouse=MOUSE,
    )
