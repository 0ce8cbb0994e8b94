"""Beleaguered Castle: the aces start home; eight rows of six build down regardless of suit.

The four aces go to the foundations first; the other 48 cards are dealt face up into
eight rows of six, four rows in a left wing fanned leftwards and four in a right wing
fanned rightwards, the foundations between them. One card moves at a time, onto a card
one rank higher of any suit or into an empty row. Foundations build up in suit to the
king, and what is home stays home.
"""

from __future__ import annotations

from ...i18n import N_, _
from ..cards import Card
from ..rules import HOME, Rules
from ..shuffle import shuffled_deck
from ..state import State
from ..table_spec import Arrangement, GameHelp, column, foundation_slots
from ..vocabulary import Action, Build, Family, Spread

ROWS = tuple(f"t{number}" for number in range(1, 9))
LEFT_WING, RIGHT_WING = ROWS[:4], ROWS[4:]
ROW_STEP = 1.55  # units from one row to the next
FAN_REACH = 4.2  # units a row may fan out beyond its first card: 15 cards at full spread
FOUNDATION_X = FAN_REACH + 1.15


class BeleagueredCastle(Rules):
    game_id = "castle"
    order = 70
    family = Family.CASTLE
    title = N_("Beleaguered Castle")
    blurb = N_("The aces start home; eight rows build down regardless of suit, one card at a time.")
    tableau = ROWS
    build = Build.RANK
    solver = "castle"
    example = "--deal 3 --moves '65' --show"
    codes = {
        **{str(number): name for number, name in enumerate(ROWS, start=1)},
        "h": HOME,
    }
    key_actions = {"Backspace": Action.UNDO}
    help = GameHelp(
        rules=(
            (
                N_(
                    "The four aces start on the foundations, in the middle of the table. The other 48"
                    " cards are dealt face up into eight rows of six: four rows to the left of the"
                    " aces, fanned out leftwards, and four to the right, fanned out rightwards."
                )
            ),
            (
                N_(
                    "Only the outer card of a row can move, one card at a time. It may go onto a card"
                    " one rank higher of any suit, a seven onto any eight, or into an empty row, which"
                    " takes any card. Build each foundation up in suit from its ace to the king."
                )
            ),
            (
                N_(
                    "You win with all 52 cards home; the game is lost when no series of moves can bring"
                    " another card home. Cards home stay there. Your score is the cards home."
                )
            ),
            (
                N_(
                    "Tip: an empty row is worth more than anything, as it is the only place to park a"
                    " card. Don't bury low cards under long descending rows, and look well ahead:"
                    " there is no free cell, so every move must count."
                )
            ),
        ),
        keys=((N_("Backspace"), N_("Undo")),),
        mouse=(N_("A row's outer card is the one that moves: the leftmost in the left wing."),),
    )

    def deal(self, number: int) -> State:
        cards = shuffled_deck("castle", number)
        piles = self.empty_piles()
        rest = [card for card in cards if card.rank != 1]
        for suit in "CDHS":
            piles["f" + suit] = [Card(1, suit)]
        for index, name in enumerate(ROWS):
            piles[name] = rest[index * 6 : index * 6 + 6]
        return State(piles, {"deal": number})

    def arrangement(self) -> Arrangement:
        slots = foundation_slots(FOUNDATION_X, 0, ROW_STEP, vertical=True)
        slots += column(
            LEFT_WING, FOUNDATION_X - 1.15, 0, ROW_STEP, spread=Spread.LEFT, reach=FAN_REACH
        )
        slots += column(
            RIGHT_WING, FOUNDATION_X + 1.15, 0, ROW_STEP, spread=Spread.RIGHT, reach=FAN_REACH
        )
        width = 2 * FOUNDATION_X + 1
        return Arrangement(tuple(slots), width, 3 * ROW_STEP + 1.4)

    def notation_hint(self) -> str:
        return _("rows 1-8 (1-4 the left wing, top down; 5-8 the right), h home, e.g. 12 or 3h")

    def show(self, state: State) -> str:
        """Foundations, then each row from its first card dealt to the card that moves."""
        lines = [self.foundations_line(state)]
        lines += [self.column_line(state.piles[name]) for name in ROWS]
        return "\n".join(lines)
