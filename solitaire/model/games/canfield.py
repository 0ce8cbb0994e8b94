"""Canfield (*CANFIELD Solitaire*, version 1.0, 1990).

A 13-card reserve (the manual's "stock") whose top card is playable; one foundation card
dealt at the start whose rank every foundation starts from, ranks wrapping K->A; four
tableau piles building down in alternate colour, wrapping too, whose top card alone or
whole pile may move; an emptied pile is filled from the reserve at once, and from the
waste by the player once the reserve is empty. The hand is turned onto a waste pile.
"""

from __future__ import annotations

from ...i18n import N_, _
from ..cards import Card
from ..moves import Move, MoveKind
from ..options import Option
from ..rules import HOME, Rules
from ..shuffle import shuffled_deck
from ..state import State, StepLog
from ..table_spec import Arrangement, GameButton, GameHelp, Slot, foundation_slots, row
from ..vocabulary import (
    Action,
    Build,
    Family,
    Outline,
    Role,
    Spread,
    Typing,
    next_option,
    play,
)

PILES = ("t1", "t2", "t3", "t4")

# Rule modes: (cards turned at a time, passes through the hand or None for unlimited).
MODES = {
    "1": (1, 1),  # seed rule 1, Mr. Canfield's: one at a time, one pass
    "2": (3, None),  # seed rule 2: by threes, as often as you like
    "3": (1, None),  # seed rule 3: by ones, as often as you like
    N_("house"): (3, 3),  # the gambling house's other rule: by threes, three passes
}
MODE_NAMES = {
    "1": N_("one card at a time, one pass"),
    "2": N_("three at a time, unlimited passes"),
    "3": N_("one at a time, unlimited passes"),
    "house": N_("three at a time, three passes"),
}


def _deals(numbers: str) -> tuple[int, ...]:
    return tuple(int(number) for number in numbers.split())


class Canfield(Rules):
    game_id = "canfield"
    order = 40
    family = Family.CANFIELD
    title = N_("Canfield")
    blurb = N_("Saratoga's casino game: a 13-card reserve and foundations from any rank.")
    option_specs = (
        Option(
            "mode",
            N_(
                "rule mode: 1 = one card at a time, one pass; 2 = three at a time, unlimited"
                " passes; 3 = one at a time, unlimited passes; house = three at a time, three"
                " passes"
            ),
            "1",
            choices=tuple(MODES),
        ),
    )
    tableau = PILES
    reserves = ("reserve",)
    build = Build.ALTERNATE
    wrap = True
    commands = {"N": MoveKind.TURN}
    # The manual's keys: origins 1 or S (the reserve), 2-5, W; destinations 2-5, F.
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

    def __init__(self, /, **options: object):
        super().__init__(**options)
        self.turns_hand(*MODES[self.option_choice("mode")])

    def layout_roles(self) -> dict[Role, tuple[str, ...]]:
        return {**super().layout_roles(), Role.HAND: ("hand",), Role.WASTE: ("waste",)}

    def deal(self, number: int) -> State:
        cards = shuffled_deck("canfield", number)
        piles = self.empty_piles()
        piles["reserve"] = cards[:13]
        base = cards[13]
        piles["f" + base.suit] = [base]
        for index, name in enumerate(PILES):
            piles[name] = [cards[14 + index]]
        piles["hand"] = cards[18:]
        return State(piles, {"deal": number, "base": base.rank, **self.hand_values()})

    def base_rank(self, state: State) -> int:
        return state.count("base")

    # ------------------------------------------------------------------ rules
    def lift_problem(self, state: State, src: str, moving: list[Card]) -> str | None:
        if self.roles[src] == Role.TABLEAU and len(moving) not in (1, len(state.piles[src])):
            return _("only the top card or the whole pile can move")
        if self.roles[src] == Role.TABLEAU and len(moving) > 1:
            return None  # the whole pile moves as a unit
        return super().lift_problem(state, src, moving)

    def empty_problem(self, state: State, card: Card, src: str) -> str | None:
        if state.piles["reserve"]:
            return _("a space is filled from the reserve")
        if src != "waste":
            return _("a space is filled from the waste")
        return None

    def lift_counts(self, state: State, src: str) -> tuple[int, ...]:
        size = len(state.piles[src])
        return (1, size) if self.roles[src] == Role.TABLEAU and size > 1 else (1,)

    # ------------------------------------------------------------------ playing
    def follow_up(self, log: StepLog, move: Move | None) -> None:
        """An emptied pile is filled from the reserve at once."""
        for name in PILES:
            if not log.state.piles[name] and log.state.piles["reserve"]:
                log.move("reserve", name)

    # ------------------------------------------------------------------ the table
    solver = "canfield"
    # Deals proven winnable ahead of time, for the "solvable deals" option of the rule
    # sets whose wins are too rare for a search at "New game" to find one in a few
    # seconds: by ones in a single pass (about 1 deal in 500 is won within 2 s) and the
    # gambling house's rule (about 1 in 16, each deal taking up to 2 s to settle). Each
    # is a deal the solver won, its solution replayed through the engine, with
    #     python bench/solver.py --game canfield --rule mode=1 --start 1 --end 10000 \
    #         --max-seconds 2 --print-wins
    # (mode=house: deals 1..400). The first of each list is the one solved the quickest
    # (the tests replay its solution); the others follow in order.
    known_wins = {
        "mode=1": _deals(
            """601 706 1832 2013 2934 3530 3642 4209 4579 5973 6166 6996 7352 7941 8047 8879
            9193 9313 9656 9723 9988"""
        ),
        "mode=house": _deals(
            """171 53 81 90 135 153 187 198 200 249 253 255 256 282 284 287 295 323 330 343
            347"""
        ),
    }
    buttons = (
        GameButton(N_("Turn"), play(MoveKind.TURN), enabled_by=MoveKind.TURN),
        GameButton(N_("Auto"), Action.DEMO),
        GameButton(N_("Rules"), next_option("mode")),
        GameButton(
            N_("Info"), Action.INFO
        ),  # the Canfield manual's 'Quit', 'Help' and 'Info' buttons
        GameButton(N_("Quit"), Action.QUIT_MENU),
    )
    key_actions = {
        "N": play(MoveKind.TURN),
        "R": next_option("mode"),
        "A": Action.DEMO,
        "H": Action.HELP,
        "I": Action.INFO,
        "Q": Action.QUIT,  # "Press 'Q' to quit Canfield": at once, the game kept
        "Backspace": Action.UNDO,
    }
    typing = Typing.CODES  # the manual's: an origin key (1/S, 2-5, W), then a destination (2-5, F)
    lift_whole_pile = True
    verdict_note = N_(" (seeing every card)")  # the solver knows the order of the hand

    def arrangement(self) -> Arrangement:
        slots = [
            Slot("hand", 0, 0, outline=Outline.STOCK, face_down=True, squared=True),
            Slot("waste", 1.2, 0, spread=Spread.WASTE, reach=0.7),
            Slot("reserve", 0, 1.85, outline=Outline.EMPTY, squared=True),
        ]
        slots += foundation_slots(3.3, 0, 1.2, vertical=False)
        slots += row(PILES, 3.3, 1.85, 1.2, spread=Spread.DOWN)
        # Room for seven cards fully fanned in a pile; longer piles close up.
        return Arrangement(tuple(slots), 3.3 + 3 * 1.2 + 1, 5.4, widen=True)

    def status_items(self, state: State) -> list[str]:
        # The manual's "rules 2 and 3" are its "playing modes": the one in force is shown
        # here, where the Rules button leads is said by its tooltip.
        return [
            _("Rule mode {mode}").format(mode=_(str(self.options["mode"]))),
            _("Passes left {count}").format(count=self.passes_left(state)),
        ]

    def next_option_words(self, name: str) -> str:
        following = self.next_choice(name)
        return _("Change to rule mode {mode}: {meaning}, in a new deal").format(
            mode=_(following), meaning=_(MODE_NAMES[following])
        )

    def stats_items(self, summary) -> list[tuple[str, str]]:
        return [(N_("Casino balance"), self.score_words(summary.score_total))]

    def option_change_text(self, name: str, value: object) -> str:
        return _("Rule mode {mode}: {meaning}. A new deal under this rule.").format(
            mode=_(str(value)), meaning=_(MODE_NAMES[str(value)])
        )

    manual_keys = ("1", "S", "2-5", "W", "F", "Esc", "N", "R", "A", "H", "I", "Q", "Backspace")
    help = GameHelp(
        rules=(
            (
                N_(
                    "Thirteen cards form the reserve; only its top card can be played. The next card"
                    " starts the foundations, and its rank is where all four begin: if it is the ten of"
                    " clubs, the other three tens start the rest. Four cards start the tableau, and the"
                    " other 34 are the hand."
                )
            ),
            (
                N_(
                    "Foundations build up in suit from that base rank, turning the corner from king to"
                    " ace: after a ten come jack, queen, king, ace, two and on up to nine. Fill all"
                    " four with thirteen cards each to win."
                )
            ),
            (
                N_(
                    "The four tableau piles build down in alternate colours, and a king may go on an"
                    " ace. Move a pile's top card alone, or the whole pile at once if its bottom card"
                    " fits. An emptied pile is refilled from the reserve at once; once the reserve is"
                    " gone, you fill spaces from the waste."
                )
            ),
            (
                N_(
                    "Turn the hand onto the waste with N or a click on the hand; the top waste card is"
                    " in play. When the hand runs out, the waste turns over, unshuffled, into a new"
                    " hand if your rule mode allows another pass."
                )
            ),
            (
                N_(
                    "Press R to pick a rule mode (a new deal starts under it). 1: one card at a time,"
                    " one pass, Mr. Canfield's own rule and the default. 2: three at a time, unlimited"
                    " passes. 3: one at a time, unlimited passes, the easiest. House: three at a time,"
                    " three passes."
                )
            ),
            (
                N_(
                    "The game is lost when no series of moves, turning the hand included, can bring"
                    " another card home. Scoring is the casino's: the pack costs $50, every card on the"
                    " foundations pays $5, and all 52 pay $500. The base card counts, so you start at"
                    " -$45."
                )
            ),
            (
                N_(
                    "Tip: the reserve is the real battle. Play from it whenever you can, because once"
                    " it is empty and you can fill spaces from the waste, the game usually comes out."
                    " Don't be discouraged: in the casino, players averaged only five or six cards"
                    " home."
                )
            ),
        ),
        keys=(
            (N_("1 or S"), N_("Origin: the reserve")),
            (N_("2-5"), N_("Origin or destination: a tableau pile")),
            (N_("W"), N_("Origin: the waste")),
            (N_("F"), N_("Destination: the foundations")),
            (N_("Esc"), N_("Cancel the origin you chose")),
            (N_("N"), N_("No play: turn the hand")),
            (N_("R"), N_("Change the rule mode (starts a new deal under the new rule)")),
            (N_("A"), N_("Auto: let the computer play the game out")),
            (N_("H"), N_("Help")),
            (N_("I"), N_("Info: version and credits")),
            (N_("Q"), N_("Quit")),
            (N_("Backspace"), N_("Undo")),
        ),
        mouse=(N_("Click the hand to turn cards onto the waste."),),
    )

    # ------------------------------------------------------------------ scoring
    def score(self, state: State) -> int:
        """Casino balance: the pack costs $50, each card home pays $5, all 52 pay $500."""
        home = self.cards_home(state)
        return (500 if home == 52 else 5 * home) - 50

    def score_words(self, score: int) -> str:
        return f"-${-score}" if score < 0 else f"${score}"

    # ------------------------------------------------------------------ notation
    example = "--rule mode=2 --deal 29 --moves 'N N W2' --status"

    def notation_hint(self) -> str:
        return _(
            "origin 1/S, 2-5 or W then destination 2-5 or F, e.g. W2 S4 3F 23; N turns the hand"
        )

    def format_move(self, move: Move, state: State) -> str:
        return super().format_move(move, state).upper()

    def show(self, state: State) -> str:
        lines = [
            self.foundations_line(state),
            f"Base: {str(Card(self.base_rank(state), 'S'))[0]}",
            "Reserve: " + " ".join(str(card) for card in state.piles["reserve"]),
            "Hand: " + " ".join(str(card) for card in state.piles["hand"]),
            "Waste: " + " ".join(str(card) for card in state.piles["waste"]),
            f"Passes left: {self.passes_left(state)}",
        ]
        lines = [line.rstrip() for line in lines]
        lines += [self.column_line(state.piles[name]) for name in PILES]
        return "\n".join(lines)
