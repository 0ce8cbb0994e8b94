"""The Prince (*'The Prince'*, Card Shell game #6, Ralph S. Sutherland, 1992), of the King
Albert family.

Nine columns of nine down to one card, seven free reserve cards playable at any time and
never refilled. Aces go to the foundations whenever they are free. Cards move one at a
time; a run moves through empty columns as single-card steps (2^n cards onto a column,
2^(n-1) into an empty one, n being the empty columns). Foundation cards may come back.
"""

from __future__ import annotations

from ...i18n import N_, _
from ..moves import Move, MoveKind, Status
from ..options import Option
from ..rules import FOUNDATIONS, HOME, Rules
from ..shuffle import shuffled_deck
from ..state import State, StepLog
from ..table_spec import Arrangement, GameButton, GameHelp, foundation_slots, row
from ..vocabulary import Action, Build, Family, Outline, Role, Spread, play

COLUMNS = tuple(f"t{number}" for number in range(1, 10))
RESERVE = tuple(f"r{number}" for number in range(1, 8))
PLAYABLE = (*COLUMNS, *RESERVE)  # where cards may be played from to the foundations

SEQUENCE_RULES = {
    N_("alternate"): Build.ALTERNATE,
    N_("any-suit"): Build.RANK,
    N_("same-suit"): Build.SUIT,
}
# The manual's scoring table: points for a win and for a loss under each sequence rule.
POINTS = {"any-suit": (1, -4), "alternate": (2, -2), "same-suit": (4, -1)}


class Prince(Rules):
    game_id = "prince"
    order = 30
    family = Family.CASTLE
    title = N_("The Prince")
    blurb = N_("King Albert with seven free cards and aces laid off; three sequence rules.")
    option_specs = (
        Option(
            "sequence", N_("how columns build down"), "alternate", choices=tuple(SEQUENCE_RULES)
        ),
    )
    tableau = COLUMNS
    reserves = RESERVE
    supermoves = True
    foundation_takeback = True
    free_spaces_words = N_("vacancies")  # the manual's word for an empty column
    breakdown_option = "sequence"  # the manual's breakdown by rule type after each game
    empty_pile_words = N_("a vacancy")
    commands = {"L": MoveKind.LAYOFF, "LAYOFF": MoveKind.LAYOFF}
    codes = {
        **{str(number): name for number, name in enumerate(COLUMNS, start=1)},
        **{letter: name for letter, name in zip("abcdefg", RESERVE)},
        **{"h" + name[1].lower(): name for name in FOUNDATIONS},
        "h": HOME,
    }

    def __init__(self, /, **options: object):
        super().__init__(**options)
        self.build = SEQUENCE_RULES[self.option_choice("sequence")]

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
        if self.roles[src] == Role.FOUNDATION and moving[0].rank == 1:
            return _("an ace would only be laid off again at once")
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
        return _("no card can go to the foundations now")

    def perform(self, log: StepLog, move: Move) -> None:
        if move.kind == MoveKind.LAYOFF:
            while any(self.play_home(log, name) for name in PLAYABLE):
                pass
        else:
            super().perform(log, move)

    # ------------------------------------------------------------------ the table
    solver = "prince"
    buttons = (GameButton(N_("Lay off"), play(MoveKind.LAYOFF), enabled_by=MoveKind.LAYOFF),)
    key_actions = {
        "Ctrl+F": Action.REDO,
        "Ctrl+B": Action.UNDO,
        "Ctrl+L": play(MoveKind.LAYOFF),
        "Backspace": Action.UNDO,
    }

    def arrangement(self) -> Arrangement:
        slots = row(RESERVE, 1.15, 0, 1.15, outline=Outline.EMPTY)
        slots += row(COLUMNS, 0, 1.75, 1.15, spread=Spread.DOWN)
        slots += foundation_slots(9 * 1.15 + 0.25, 0, 1.55, vertical=True)
        # Room for fourteen cards fully fanned in a column; longer columns close up.
        return Arrangement(tuple(slots), 9 * 1.15 + 1.25, 6.6)

    def status_items(self, state: State) -> list[str]:
        return [_("Sequences: {rule}").format(rule=_(str(self.options["sequence"])))]

    def stats_items(self, summary) -> list[tuple[str, str]]:
        return [(N_("Points"), f"{summary.points_total:+d}")]

    stats_note = N_(
        "Points for a win / a loss: alternate colours +2 / -2, any suit +1 / -4, same suit"
        " +4 / -1. A win with help (hints, the demo) scores none."
    )

    manual_keys = ("Ctrl+N", "Ctrl+F", "Ctrl+B", "Ctrl+L", "Backspace", "O")
    help = GameHelp(
        rules=(
            (
                N_(
                    "Nine columns are dealt, from nine cards down to one, and the last seven cards form"
                    " the reserve above them. Aces go to the foundations before play begins, and any"
                    " ace set free later goes up by itself. Build all four foundations up in suit to"
                    " the kings."
                )
            ),
            (
                N_(
                    "Cards move one at a time. A card goes onto a column whose top card is one rank"
                    " higher, following the sequence rule in force. Any card may fill an empty column."
                    " Reserve cards can be played to a column or a foundation at any time, but nothing"
                    " is ever put back into the reserve."
                )
            ),
            (
                N_(
                    "Empty columns let you move whole runs, done for you as single-card steps. With n"
                    " empty columns you can move 2^n cards onto another column, or 2^(n-1) into an"
                    " empty one: one empty column moves two cards onto a column, two move four."
                )
            ),
            (
                N_(
                    "The top card of a foundation may come back onto a column when that helps (aces"
                    " stay home). Lay off with Ctrl+L to play every card that can go to the"
                    " foundations, again and again until none can."
                )
            ),
            (
                N_(
                    "Choose the sequence rule in Options (O): alternate colours (the standard), any"
                    " suit (simple descending rank, the easy one) or same suit (fiendish)."
                )
            ),
            (
                N_(
                    "You win with all 52 cards home; the game is lost when no series of moves can bring"
                    " another card home. Points depend on the rule: alternate colours +2 for a win, -2"
                    " for a loss; any suit +1 / -4; same suit +4 / -1. A deal you leave without making"
                    " a move counts as neither."
                )
            ),
            (
                N_(
                    "Tip: empty columns are your most precious resource, the only way to shift a run."
                    " Fill one only when you must. Going backward and forward through your moves is"
                    " fair play, so try out a line and step back if it fails. No opening move at all?"
                    " Simply deal again."
                )
            ),
        ),
        keys=(
            (N_("Ctrl+N"), N_("New game: a fresh deal (Cmd+N on a Mac)")),
            (N_("Ctrl+F"), N_("Forward: redo the next move")),
            (N_("Ctrl+B"), N_("Backward: undo the last move")),
            (N_("Ctrl+L"), N_("Lay off every card that can go to the foundations")),
            (N_("Backspace"), N_("Undo the last move")),
            (N_("O"), N_("Options: choose the sequence rule")),
        ),
    )

    # ------------------------------------------------------------------ scoring
    def points(self, status: Status) -> int | None:
        """The manual's points for a finished game under the sequence rule in force."""
        win, loss = POINTS[self.option_choice("sequence")]
        return win if status == Status.WON else loss if status == Status.LOST else 0

    # ------------------------------------------------------------------ notation
    def notation_hint(self) -> str:
        return _(
            "columns 1-9, reserve a-g, h home, hc hd hh hs from a foundation (54 a3 2h hs5), "
            "54v2 for two cards; L lays off every card that can go home"
        )

    def show(self, state: State) -> str:
        reserve = " ".join(str(state.top(name) or "-") for name in RESERVE)
        lines = [self.foundations_line(state), f"Reserve: {reserve}"]
        lines += [self.column_line(state.piles[name]) for name in COLUMNS]
        return "\n".join(lines)
