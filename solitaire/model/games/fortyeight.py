"""Forty & Eight: Forty Thieves with eight columns, runs that move and one redeal.

Rules as KPatience's "Forty & Eight" (its fortyeight.cpp): 104 cards of two packs; eight
columns of four cards, all face up; the other 72 are the stock, whose first card starts
the waste. Columns build down in suit, and a run in suit moves as a unit as far as empty
columns allow: one card, doubled for each empty column it does not go to. Any card or run
fills an empty column. The stock is turned one card at a time onto the waste; once, when
it is empty, the waste is turned back over into it. Eight foundations, two a suit, build
up in suit from the ace to the king.
"""

from __future__ import annotations

from ...i18n import N_, _
from ..rules import HOME
from ..state import State
from ..table_spec import GameHelp
from .fortythieves import FortyThieves

COLUMNS = tuple(f"t{number}" for number in range(1, 9))


class FortyAndEight(FortyThieves):
    game_id = "fortyeight"
    shuffle_name = "fortyeight"
    order = 93
    title = N_("Forty & Eight")
    blurb = N_("Eight columns of four built down in suit, runs that move, and one redeal.")
    option_specs = ()
    tableau = COLUMNS
    supermoves = True
    stock_passes = 2
    codes = {
        **{str(number): name for number, name in enumerate(COLUMNS, start=1)},
        "w": "waste",
        "h": HOME,
    }
    example = "--deal 1 --moves '57 D' --show"
    # Its solver proves about one deal in a hundred winnable within the partner's budget:
    # "deal only deals proven winnable" would keep the player waiting, so it is greyed.
    proves_winnable = False

    def deal(self, number: int) -> State:
        state = super().deal(number)
        state.piles["waste"].append(state.piles["stock"].pop())  # the first card starts the waste
        return state

    def status_items(self, state: State) -> list[str]:
        return [
            _("Stock {count}").format(count=len(state.piles["stock"])),
            _("Passes left {count}").format(count=self.passes_left(state)),
        ]

    help = GameHelp(
        rules=(
            (
                N_(
                    "Rules as KPatience's Forty & Eight. Two packs of 104 cards: eight columns of four"
                    " cards are dealt face up, and the other 72 are the stock; its first card starts"
                    " the waste. Build the eight foundations, two for each suit, up in suit from the"
                    " ace to the king: you win with all 104 cards home."
                )
            ),
            (
                N_(
                    "Columns build down in suit: the seven of spades on an eight of spades. A run in"
                    " suit moves as a unit as far as your empty columns allow: one card, doubled for"
                    " each empty column it does not go to. Any card or run may fill an empty column."
                )
            ),
            (
                N_(
                    "Click the stock (or press D) to turn its top card onto the waste, where it is in"
                    " play. Once, when the stock is empty, a click turns the waste back over into it"
                    " for a second and last pass."
                )
            ),
            (
                N_(
                    "The game is lost when no series of moves, turning the stock included, can bring"
                    " another card home. The computer's verdict and hint know the order of the stock,"
                    " so a deal it calls winnable may need luck from you."
                )
            ),
            (
                N_(
                    "Tip: empty a column early and keep it free: it doubles the run you can move."
                    " Turn the stock with care on the first pass, since the second is the last."
                )
            ),
        ),
        keys=(
            (N_("D"), N_("Draw: turn a card from the stock, or the waste back over")),
            (N_("1-8, W"), N_("Origin: a column or the waste; then 1-8 or H, and Enter")),
            (N_("Backspace"), N_("Undo")),
        ),
        mouse=(
            (
                N_(
                    "Click the stock to turn a card onto the waste, or the empty stock to turn the"
                    " waste back."
                )
            ),
        ),
    )

    def notation_hint(self) -> str:
        return _("origin 1-8 or W, destination 1-8 or H (home), e.g. w3 62 7h; D draws")
