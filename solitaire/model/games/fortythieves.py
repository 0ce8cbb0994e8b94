"""Forty Thieves, also called Napoleon at St Helena: two packs, ten columns, one pass.

Rules as PySolFC's "Forty Thieves" and Wikipedia's: 104 cards of two packs; ten columns
of four cards, all face up; the other 64 are the stock. Columns build down in suit, one
card at a time (the "runs" option: a run in suit moves as a unit as far as empty columns
allow, one card doubled for each empty column, as PySolFC's move of several cards). Any
card fills an empty column. The stock is turned one card at a time onto the waste, whose
top card is in play; there is no second pass. Eight foundations, two a suit, build up in
suit from the ace to the king.

``TwoPackRules`` is what the two-pack games of eight foundations share (Forty & Eight and
Gypsy subclass it or this game): two foundations a suit, either taking the next card.
"""

from __future__ import annotations

from ...i18n import C_, N_, _
from ..cards import Card, new_deck
from ..moves import Move, MoveKind
from ..options import Option
from ..rules import HOME, Rules
from ..shuffle import shuffled, stream_seed
from ..state import State
from ..table_spec import Arrangement, GameButton, GameHelp, Slot, row
from ..vocabulary import Action, Build, Family, Outline, Role, Spread, play

# Two foundations a suit, spades first as the other games show theirs.
FOUNDATION_PAIRS = {suit: (f"f{suit}1", f"f{suit}2") for suit in "SHDC"}
FOUNDATIONS = tuple(name for pair in FOUNDATION_PAIRS.values() for name in pair)
SINGLE, RUNS = N_("single"), N_("runs")  # named for translation: the options show them


class TwoPackRules(Rules):
    """Two packs and eight foundations, two a suit, built up in suit from the ace; the
    columns in ``tableau`` dealt ``dealt`` cards each, ``dealt_down`` of them face down."""

    foundations = FOUNDATIONS
    dealt = 4
    dealt_down = 0
    shuffle_name = ""  # the deals' seed: a game's own, kept if its id ever changes

    def deck(self) -> list[Card]:
        return new_deck(copies=2)

    def deal_columns(self, number: int) -> tuple[dict[str, list[Card]], dict[str, int], list]:
        """The piles with the columns dealt, their face-down counts, and the cards left."""
        cards = shuffled(self.deck(), stream_seed(self.shuffle_name, number))
        piles = self.empty_piles()
        down = {}
        for index, name in enumerate(self.tableau):
            piles[name] = cards[index * self.dealt : (index + 1) * self.dealt]
            if self.dealt_down:
                down[name] = self.dealt_down
        return piles, down, cards[len(self.tableau) * self.dealt :]

    # ------------------------------------------------------------------ foundations
    def home_for(self, state: State, card: Card) -> str | None:
        """The first foundation of the card's suit that takes it (the first of the two
        when neither does, for the refusal's words)."""
        pair = FOUNDATION_PAIRS[card.suit]
        return next((name for name in pair if self._takes(state, name, card)), pair[0])

    def home_accepts(self, state: State, card: Card) -> bool:
        return any(self._takes(state, name, card) for name in FOUNDATION_PAIRS[card.suit])

    @staticmethod
    def _takes(state: State, name: str, card: Card) -> bool:
        return len(state.piles[name]) == card.rank - 1

    def is_safe_home(self, state: State, card: Card) -> bool:
        """As ``Rules.is_safe_home`` argues, for two packs: a card is wanted in play only
        as a place for the cards that may lie on it, both copies of each. Building in
        suit those are the two cards of its suit one rank lower, in alternate colours the
        four of the other colour; once both foundations of each of those suits hold that
        rank, nothing can ever lie on it. Only a column's top card goes (nothing but
        building lays a card on it); no card comes back from the foundations."""
        if not self.home_accepts(state, card):
            return False
        suits = card.suit if self.build == Build.SUIT else _other_colour(card)
        below = card.rank - 1
        piles = state.piles
        if any(len(piles[name]) < below for suit in suits for name in FOUNDATION_PAIRS[suit]):
            return False
        return any(piles[name] and piles[name][-1] == card for name in self.tableau)

    def foundations_line(self, state: State) -> str:
        parts = []
        for suit, pair in FOUNDATION_PAIRS.items():
            for name in pair:
                top = state.top(name)
                parts.append(f"{suit}-{str(top)[0] if top else '0'}")
        return "Foundations: " + " ".join(parts)

    def foundation_slots(self, x: float, y: float, step: float) -> list[Slot]:
        return [
            Slot(name, x + index * step, y, outline=Outline.FOUNDATION, mark=name[1])
            for index, name in enumerate(FOUNDATIONS)
        ]

    def column_lines(self, state: State) -> list[str]:
        lines = []
        for name in self.tableau:
            down = state.face_down(name)
            cards = ["##"] * down + [str(card) for card in state.piles[name][down:]]
            lines.append((": " + " ".join(cards)).rstrip())
        return lines

    empty_pile_words = N_("an empty column")
    free_spaces_words = N_("empty columns")


def _other_colour(card: Card) -> str:
    return "HD" if card.suit in "SC" else "SC"


COLUMNS = tuple(f"t{number}" for number in range(1, 11))


class FortyThieves(TwoPackRules):
    game_id = "fortythieves"
    shuffle_name = "fortythieves"
    order = 92
    family = Family.KLONDIKE
    title = N_("Forty Thieves")
    blurb = N_("Two packs, ten columns of four: build down in suit, one pass through the stock.")
    option_specs: tuple[Option, ...] = (
        Option(
            "moves",
            N_(
                "how cards move: single = one card at a time; runs = a run in suit moves as far"
                " as empty columns allow"
            ),
            SINGLE,
            choices=(SINGLE, RUNS),
        ),
    )
    tableau = COLUMNS
    build = Build.SUIT
    stock_passes = 1  # passes through the stock
    commands = {"D": MoveKind.TURN}
    codes = {
        **{str(number % 10): name for number, name in enumerate(COLUMNS, start=1)},
        "w": "waste",
        "h": HOME,
    }
    example = "--deal 1 --moves '2h 4h D' --show"

    def __init__(self, /, **options: object):
        super().__init__(**options)
        if "moves" in self.options:
            self.supermoves = self.options["moves"] == RUNS
        self.turns_hand(1, self.stock_passes)

    def layout_roles(self) -> dict[Role, tuple[str, ...]]:
        return {**super().layout_roles(), Role.HAND: ("stock",), Role.WASTE: ("waste",)}

    def deal(self, number: int) -> State:
        piles, down, rest = self.deal_columns(number)
        piles["stock"] = rest
        return State(piles, {"deal": number, **self.hand_values()}, down)

    # ------------------------------------------------------------------ the table
    solver = "two_packs"
    verdict_note = N_(" (seeing every card, the stock too)")
    stock_move = MoveKind.TURN
    special_words = {**Rules.special_words, MoveKind.TURN: N_("Turn a card from the stock")}
    buttons = (GameButton(C_("the stock", "Draw"), play(MoveKind.TURN), enabled_by=MoveKind.TURN),)
    key_actions = {"D": play(MoveKind.TURN), "Backspace": Action.UNDO}

    def describe_move(self, move: Move, state: State) -> str:
        if move.kind == MoveKind.TURN and not state.piles["stock"]:
            return _("Turn the waste over into the stock")
        return super().describe_move(move, state)

    def arrangement(self) -> Arrangement:
        step = 1.1
        columns = len(self.tableau)
        width = (columns - 1) * step + 1
        if columns >= 10:  # the stock, the waste and the foundations in one row
            slots = [
                Slot("stock", 0, 0, outline=Outline.STOCK, face_down=True, squared=True),
                Slot("waste", step, 0, spread=Spread.WASTE, reach=0.35),
                *self.foundation_slots(2.55, 0, 1.05),
            ]
        else:  # the foundations over the columns, the stock and the waste beside them
            side = width + 0.25
            slots = [
                *self.foundation_slots(0, 0, step),
                Slot("stock", side, 0, outline=Outline.STOCK, face_down=True, squared=True),
                Slot("waste", side, 1.7, spread=Spread.WASTE, reach=0.35),
            ]
            width = side + 1.35
        slots += row(self.tableau, 0, 1.7, step, spread=Spread.DOWN)
        # The columns as dealt and some eight cards more at full spread; longer ones
        # close up. The longest a deal can build: a king's run of thirteen on the
        # cards dealt.
        return Arrangement(tuple(slots), width, 5.6, widen=True, longest=(self.dealt + 13, 0))

    def status_items(self, state: State) -> list[str]:
        items = [
            _("Stock {count}").format(count=len(state.piles["stock"])),
            _("Passes left {count}").format(count=self.passes_left(state)),
        ]
        return items + (["Runs move"] if self.supermoves else [])

    def option_change_text(self, name: str, value: object) -> str:
        if value == RUNS:
            return _("Runs in suit move as far as empty columns allow: a new deal.")
        return _("One card moves at a time: a new deal.")

    help = GameHelp(
        rules=(
            (
                N_(
                    "Rules as PySolFC's Forty Thieves, also called Napoleon at St Helena. Two packs"
                    " of 104 cards: ten columns of four cards are dealt face up, and the other 64"
                    " are the stock. Build the eight foundations, two for each suit, up in suit from"
                    " the ace to the king: you win with all 104 cards home."
                )
            ),
            (
                N_(
                    "Columns build down in suit: the seven of spades on an eight of spades. Only one"
                    " card moves at a time, the top card of a column or of the waste. Any card may"
                    " fill an empty column."
                )
            ),
            (
                N_(
                    "Click the stock (or press D) to turn its top card onto the waste, where it is"
                    " in play. There is only one pass: once the stock is empty, it stays empty."
                )
            ),
            (
                N_(
                    "Option: runs. A run in suit then moves as a unit, as far as your empty columns"
                    " allow: one card, doubled for each empty column it does not go to."
                )
            ),
            (
                N_(
                    "The game is lost when no series of moves, turning the stock included, can bring"
                    " another card home. Few deals come out. The computer's verdict and hint know the"
                    " order of the stock, so a deal it calls winnable may need luck from you."
                )
            ),
            (
                N_(
                    "Tip: empty a column early and keep it for sorting, and think before you turn"
                    " the next card: a card passed by in the waste comes back only when every card"
                    " above it has been played."
                )
            ),
        ),
        keys=(
            (N_("D"), N_("Draw: turn a card from the stock")),
            (
                N_("1-9, 0, W"),
                N_("Origin: a column (0 is the tenth) or the waste; then 1-9, 0 or H"),
            ),
            (N_("Backspace"), N_("Undo")),
        ),
        mouse=(N_("Click the stock to turn a card onto the waste."),),
    )

    # ------------------------------------------------------------------ notation
    def notation_hint(self) -> str:
        return _("origin 1-9, 0 (the tenth) or W, destination 1-9, 0 or H (home), e.g. w3 62 7h; D")

    def show(self, state: State) -> str:
        lines = [
            self.foundations_line(state),
            f"Stock: {len(state.piles['stock'])} cards face down",
            "Waste: " + " ".join(str(card) for card in state.piles["waste"]),
            f"Passes left: {self.passes_left(state)}",
        ]
        return "\n".join([line.rstrip() for line in lines] + self.column_lines(state))
