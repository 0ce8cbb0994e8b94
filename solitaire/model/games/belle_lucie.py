"""La Belle Lucie (*La Belle Lucie: A Solitaire Game*, Gellman Software, 1989) and its
configurable sibling with mercis (*La Belle Lucie Instructions*, JSolitaire, Andrew Pipkin,
2002).

Eighteen fans: seventeen of three cards and one of one. Only a fan's top card moves; it
goes to its foundation or onto the next higher card of its suit. Empty fans stay empty
(unless the kings option says otherwise). A reshuffle gathers the fans, shuffles and
deals them again in threes, the remainder last. After the final reshuffle a merci (the
classic game calls it the draw) lifts one buried card out.
"""

from __future__ import annotations

from enum import Enum

from ...i18n import C_, N_, _, pgettext
from ..cards import Card, CardError, parse_card
from ..moves import IllegalMove, Move, MoveKind
from ..options import UNLIMITED, Option
from ..rules import FOUNDATIONS, Rules
from ..shuffle import shuffled, shuffled_deck, stream_seed
from ..state import State, StepLog
from ..table_spec import (
    CARD_RATIO,
    Arrangement,
    GameButton,
    GameHelp,
    foundation_slots,
    row,
)
from ..vocabulary import Action, Build, DoubleClick, Family, Role, Spread, Typing, play, say

FANS = tuple(f"t{number}" for number in range(1, 19))
FAN_REACH = 0.9  # a fan's spread: four cards fully fanned, more closer together
MERCI_REACH = 1.3  # units a merci stack may fan down: five cards fully, more closer
MERCI_ROW = CARD_RATIO + MERCI_REACH + 0.25  # from one row of stacks to the next
MERCI_SUIT_STEP = 1.5  # the suit stacks' column: four cards and a little felt between
FAMILY = "belle-lucie"  # both games deal the same layouts for the same deal number


class AutoHome(Enum):
    """Which cards go to the foundations by themselves."""

    CHAIN = "chain"  # Gellman's: a foundation play pulls up the next cards of its suit
    ALL = "all"  # JSolitaire's: every card that can go to a foundation goes at once
    OFF = "off"


def deal_fans(cards: list[Card]) -> dict[str, list[Card]]:
    """Threes from the first fan on, the remainder in the last fan dealt."""
    fans: dict[str, list[Card]] = {name: [] for name in FANS}
    for number, start in enumerate(range(0, len(cards), 3)):
        fans[FANS[number]] = cards[start : start + 3]
    return fans


_LUCIE_KEYS: tuple[tuple[str, str], ...] = (
    (
        N_("Type a card, then Enter"),
        N_(
            "Type a card such as TC or qh and press Enter. It goes to its foundation if it can,"
            " otherwise to its one legal place in the fans; add a destination to choose it, TC-F"
            " for its foundation or TC-7 for fan 7. If it cannot move, an arrow points at it for a"
            " second."
        ),
    ),
    (N_("Backspace"), N_("Erase the last character you typed")),
    (N_("S then Enter"), N_("Reshuffle (or the Reshuffle button)")),
    (N_("H then Enter"), N_("Help")),
    (N_("Q then Enter"), N_("Quit menu: exit, start a new hand or return to the game")),
)


class BelleLucie(Rules):
    game_id = "lucie"
    order = 10
    family = Family.FAN
    title = N_("La Belle Lucie")
    blurb = N_("Eighteen fans, build down in suit; two reshuffles, then one draw.")
    tableau = FANS
    build = Build.SUIT
    commands = {"S": MoveKind.REDEAL}
    # The hint says it in these words too ("Reshuffle the fans" where it gives a reshuffle).
    special_words = {**Rules.special_words, MoveKind.REDEAL: N_("Reshuffle the fans")}

    # The classic rules. The merci game reads these from its options instead.
    redeals: int | None = 2
    mercis = 1
    kings_fill = False
    auto_home = AutoHome.CHAIN
    move_once = False
    merci_first_move_only = True  # the draw is the first move after the last reshuffle
    merci_legal_spots_only = True  # the draw goes only where a card could legally go
    # A name typed or double-clicked by mistake must not spend the one draw without a word.
    ask_before_merci = True

    # ------------------------------------------------------------------ dealing
    def deal(self, number: int) -> State:
        piles = self.empty_piles()
        piles.update(deal_fans(shuffled_deck(FAMILY, number)))
        values = {"deal": number, "redeals_used": 0, "mercis_used": 0, "draw_open": False}
        return State(piles, {**values, "moved": frozenset()})

    # ------------------------------------------------------------------ rules
    def lift_problem(self, state: State, src: str, moving: list[Card]) -> str | None:
        if self.roles[src] == Role.TABLEAU and len(moving) > 1:
            return _("only the top card of a fan can be moved")
        return super().lift_problem(state, src, moving)

    def drop_problem(self, state: State, dst: str, moving: list[Card], src: str) -> str | None:
        card = moving[0]
        if self.roles[dst] == Role.TABLEAU and card in state.cards("moved"):
            return _("the {card} has moved once already; it can only go to its foundation").format(
                card=card.name
            )
        return super().drop_problem(state, dst, moving, src)

    def empty_problem(self, state: State, card: Card, src: str) -> str | None:
        if self.kings_fill:
            return None if card.rank == 13 else _("only a king may fill an empty fan")
        return _("an empty fan is never refilled")

    def redeals_left(self, state: State) -> int | None:
        if self.redeals is UNLIMITED:
            return UNLIMITED
        return self.redeals - state.count("redeals_used")

    def mercis_left(self, state: State) -> int:
        """Mercis the player may use right now."""
        redeals_left = self.redeals_left(state)
        if redeals_left is UNLIMITED or redeals_left > 0:
            return 0
        if self.merci_first_move_only and not state.values["draw_open"]:
            return 0
        return self.mercis - state.count("mercis_used")

    def knotted(self, state: State) -> bool:
        """A fan holds a card above a lower card of its suit while the card it would have to
        move onto lies beneath it too (or it is a king): it can neither go home first nor
        move away, so without a reshuffle or a merci the game cannot be won."""
        for name in FANS:
            fan = state.piles[name]
            for high_index, high in enumerate(fan):
                below = fan[:high_index]
                if not any(low.suit == high.suit and low.rank < high.rank for low in below):
                    continue
                if high.rank == 13 and not self.kings_fill:
                    return True
                if Card(high.rank + 1, high.suit) in below or high in state.cards("moved"):
                    return True
        return False

    def has_second_chance(self, state: State) -> bool:
        return self.redeal_problem(state) is None or self.mercis_left(state) > 0

    # ------------------------------------------------------------------ the generic search
    def search_key(self, state: State, without: frozenset[MoveKind]) -> tuple:
        """Fans that play the same part can be told apart only by a reshuffle's order:
        without reshuffles, positions that differ only in that order are one."""
        return self.position_key(state) if MoveKind.REDEAL in without else state.key()

    def hopeless(self, state: State, without: frozenset[MoveKind]) -> bool:
        """A knot (``knotted``) while no way out is left: no reshuffle the search may use,
        no merci."""
        if not self.knotted(state):
            return False
        reshuffle = MoveKind.REDEAL not in without and self.redeals_left(state) != 0
        return not reshuffle and self.mercis_left(state) == 0

    def search_skips(self, state: State, move: Move) -> bool:
        """A merci onto a stranger's fan where it does not build: hundreds of them, and
        almost never the way to a win."""
        if move.kind != MoveKind.MERCI or move.index is None or move.dst == move.src:
            return False
        if self.roles.get(move.dst) != Role.TABLEAU or not state.piles[move.dst]:
            return False
        card = state.piles[move.src][move.index]
        return not self.builds_on(card, state.piles[move.dst][-1])

    def redeal_problem(self, state: State) -> str | None:
        if self.redeals_left(state) == 0:
            return _("no reshuffles are left")
        if not any(state.piles[name] for name in FANS):
            return _("there are no cards left to reshuffle")
        return None

    def special_problem(self, state: State, move: Move) -> str | None:
        if move.kind == MoveKind.REDEAL:
            return self.redeal_problem(state)
        if move.kind == MoveKind.MERCI:
            return self.merci_problem(state, move)
        return super().special_problem(state, move)

    def merci_problem(self, state: State, move: Move) -> str | None:
        if self.mercis_left(state) <= 0:
            return self.no_merci_reason(state)
        fan = state.piles.get(move.src)
        if self.roles.get(move.src) != Role.TABLEAU or fan is None or move.index is None:
            return _("a merci takes a card from a fan")
        if not 0 <= move.index < len(fan) - 1:
            return _("a merci takes a card that is covered by another")
        card = fan[move.index]
        role = self.roles.get(move.dst)
        if role == Role.FOUNDATION:
            ok = move.dst == "f" + card.suit and self.home_accepts(state, card)
            if ok:
                return None
            return _("the {card} cannot go to the foundation yet").format(card=card.name)
        if role != Role.TABLEAU:
            return _("the card cannot go there")
        top = state.top(move.dst)
        if top is None:
            return self.empty_problem(state, card, move.src)
        if self.merci_legal_spots_only:
            return (
                None
                if self.builds_on(card, top)
                else _("the {card} does not go on the {top}").format(card=card.name, top=top.name)
            )
        return None  # a merci may put its card on any fan, its own included

    def no_merci_reason(self, state: State) -> str:
        """Why no merci (or draw) may be used now, whichever deal this is."""
        word = _(self.merci_word)
        redeals_left = self.redeals_left(state)
        if redeals_left is UNLIMITED:
            return _("there is no {merci} when reshuffles are unlimited").format(merci=word)
        if redeals_left > 0:
            return _("no {merci} is available now ({mercis} come in the final deal)").format(
                merci=word, mercis=_(self.merci_plural)
            )
        if state.count("mercis_used") >= self.mercis:
            if self.mercis == 0:
                return _("these rules give no {mercis}").format(mercis=_(self.merci_plural))
            if self.merci_first_move_only:
                return _(
                    "the {merci} has been used (it is allowed once, as the first move after the"
                    " last reshuffle)"
                ).format(merci=word)
            if self.mercis == 1:
                return _("no {merci} is left").format(merci=word)
            return _("no {mercis} are left").format(mercis=_(self.merci_plural))
        return _("the {merci} is only allowed as the first move after the last reshuffle").format(
            merci=word
        )

    def special_moves(self, state: State) -> list[Move]:
        moves = []
        if self.redeal_problem(state) is None:
            moves.append(Move(MoveKind.REDEAL))
        if self.mercis_left(state) > 0:
            for src in FANS:
                for index in range(len(state.piles[src]) - 1):
                    card = state.piles[src][index]
                    for dst in (*FANS, "f" + card.suit):
                        merci = Move(MoveKind.MERCI, src, dst, index=index)
                        if self.merci_problem(state, merci) is None:
                            moves.append(merci)
        return moves

    # ------------------------------------------------------------------ playing
    def perform(self, log: StepLog, move: Move) -> None:
        state = log.state
        log.set("draw_open", False)  # any move at all ends the draw's moment
        if move.kind == MoveKind.REDEAL:
            self.reshuffle(log)
            return
        card = state.piles[move.src][-1 if move.index is None else move.index]
        if move.kind == MoveKind.MERCI:
            log.set("mercis_used", state.count("mercis_used") + 1)
            log.move(move.src, move.dst, index=move.index)
        else:
            log.move(move.src, move.dst)
        between_fans = self.roles[move.dst] == Role.TABLEAU and move.dst != move.src
        if self.move_once and between_fans:
            log.set("moved", state.cards("moved") | {card})

    def reshuffle(self, log: StepLog) -> None:
        state = log.state
        used = state.count("redeals_used") + 1
        # Shuffled from pack order, not from where the cards lay: the new layout then
        # depends only on which cards are left, so a solver that sees the reshuffles
        # meets one new layout per foundation state instead of one per arrangement.
        gathered = sorted(card for name in FANS for card in state.piles[name])
        seed = stream_seed(FAMILY, state.count("deal"), "reshuffle", used)
        log.relayout(deal_fans(shuffled(gathered, seed)))
        log.set("redeals_used", used)
        log.set("moved", frozenset())  # a fresh layout: every card may move again
        log.set("draw_open", self.redeals_left(state) == 0)

    def follow_up(self, log: StepLog, move: Move | None) -> None:
        if self.auto_home == AutoHome.ALL:
            while any(self.play_home(log, name) for name in FANS):
                pass
        elif (
            self.auto_home == AutoHome.CHAIN
            and move
            and self.roles.get(move.dst) == Role.FOUNDATION
        ):
            self.chain_home(log, move.dst)

    def chain_home(self, log: StepLog, foundation: str) -> None:
        """Gellman's rule: keep playing the next card of the suit while it tops a fan."""
        while True:
            top = log.state.top(foundation)
            wanted = Card(top.rank + 1, top.suit) if top and top.rank < 13 else None
            fan = next((name for name in FANS if wanted and log.state.top(name) == wanted), None)
            if fan is None:
                return
            log.move(fan, foundation)

    # ------------------------------------------------------------------ the table
    solver = "lucie"
    # The classic game's one merci is "the draw": a noun, not the stock's Draw button.
    merci_name = C_("the merci", "Draw")
    merci_word = C_("the merci", "draw")
    merci_phrase = N_("draw one covered card")
    merci_plural = N_(
        "draws"
    )  # the merci's name in the plural, in refusals  # what the draw lets the player do
    # The moves as typed (``notation_hint``): a covered card typed names the draw.
    notation = N_(
        "a card like TC (to its foundation, else onto the next higher card of its suit), or"
        " with a destination, TC-F or TC-7 for fan 7; a covered card, QH or QH-3, names the"
        " draw; S reshuffles"
    )
    mercis_word = C_("the merci", "Draw")  # on the status line, before the number left
    buttons = (
        GameButton(N_("Reshuffle"), play(MoveKind.REDEAL), enabled_by=MoveKind.REDEAL),
        GameButton(
            merci_name,
            say(N_("For the draw, drag or click a covered card, then its destination.")),
            enabled_by=MoveKind.MERCI,
        ),
    )
    # Gellman's manual: "enter S at the prompt", H and Q likewise: each ends with Enter, as a
    # card's name does (a stray S spends no reshuffle).
    typing = Typing.CARD  # Gellman's manual: type a card's name, then Enter
    typed_words = {"Q": Action.QUIT_MENU, "S": play(MoveKind.REDEAL), "H": Action.HELP}
    double_click = DoubleClick.TYPED
    hint_excludes = frozenset({MoveKind.REDEAL})  # a reshuffle shows a layout not yet seen
    mono_reminder = True  # Gellman's: "a reminder of this switch is provided" on colour screens
    # Reshuffles are seeded: undo one and the player has seen the next layout. And the draw
    # (a merci) is a one-off favour: undone, it could be tried on every card.
    undo_reveals = frozenset({MoveKind.REDEAL, MoveKind.MERCI})

    def arrangement(self) -> Arrangement:
        slots = foundation_slots(0, 0, 1.65, vertical=True)
        for line, start in enumerate(range(0, len(FANS), 5)):
            fans = FANS[start : start + 5]
            slots += row(fans, 1.3, line * 1.65, 2.35, spread=Spread.RIGHT, reach=FAN_REACH)
        # Centred on fans of three cards; a longer fan at the right edge reaches into the
        # margin (0.35 units) by at most 0.3.
        return Arrangement(tuple(slots), 1.3 + 4 * 2.35 + 1 + 0.6, 3 * 1.65 + CARD_RATIO)

    def status_items(self, state: State) -> list[str]:
        left = self.redeals_left(state)
        return [
            _("Reshuffles left {count}").format(
                count=pgettext("redeals", "unlimited") if left is None else left
            ),
            _("{merci} {count}").format(merci=_(self.mercis_word), count=self.mercis_left(state)),
        ]

    def help_later(self, state: State) -> str:
        return _("another reshuffle") if self.redeals_left(state) != 0 else ""

    def notice_after(self, move: Move, state: State) -> str | None:
        last_reshuffle = move.kind == MoveKind.REDEAL and self.redeals_left(state) == 0
        if last_reshuffle and self.mercis_left(state):
            return _("Last reshuffle: you may now {merci}.").format(merci=_(self.merci_phrase))
        return None

    def stats_items(self, summary) -> list[tuple[str, str]]:
        average = summary.average_score
        return [(N_("Average score"), "-" if average is None else f"{average:.1f} / 100")]

    def extra_cheers(self, state: State) -> int:
        # Gellman's manual: "If you are able to win without using one or both of the available
        # shuffles, an extra cheer or two is provided": one per reshuffle saved, two at most
        # however many the options allow (none saved when they are unlimited).
        return min(2, self.redeals_left(state) or 0)

    manual_keys = ("Enter", "Backspace", "S", "H", "Q", "Draw button")
    help = GameHelp(
        rules=(
            (
                N_(
                    "The whole pack is dealt face up into eighteen fans: seventeen of three cards and"
                    " one of a single card. Your goal is to bring all 52 cards home to the four"
                    " foundations."
                )
            ),
            (
                N_(
                    "Only the top card of a fan can move. It may go onto the top card of another fan"
                    " that is one rank higher in the same suit: the seven of spades onto the eight of"
                    " spades. Kings never move between fans, and a fan that empties stays empty."
                )
            ),
            (
                N_(
                    "Each foundation starts with its ace and builds up in suit to the king. When you"
                    " send a card home, the next cards of that suit follow by themselves as long as"
                    " each is on top of a fan, so one play can clear a whole run."
                )
            ),
            (
                N_(
                    "Stuck? Reshuffle with S or the Reshuffle button. The cards left in the fans are"
                    " gathered, shuffled and dealt again in threes, any leftover cards making the last"
                    " fan. You have two reshuffles per deal."
                )
            ),
            (
                N_(
                    "After the second reshuffle you get one last favour, the draw. As your very first"
                    " move of the final deal, pull out any one covered card and play it to its"
                    " foundation or onto a fan where it fits. Make any other move first and the chance"
                    " is gone."
                )
            ),
            N_(
                "You win when all 52 cards are home. The game is lost once no reshuffle or draw is"
                " left and no moves can bring another card home. Your score is the share of the"
                " pack you got home, out of 100: cards home x 100 / 52, rounded down. A win scores"
                " 100."
            ),
            (
                N_(
                    "Tip: a card under a king is stuck until that king goes home. In the final deal, a"
                    " card beneath the king of its own suit can only be rescued by the draw, so choose"
                    " your draw with care; two such traps mean the deal cannot be won."
                )
            ),
        ),
        keys=_LUCIE_KEYS
        + (
            (
                N_("Draw button"),
                (
                    N_(
                        "The draw, on the first move after the second reshuffle only: drag a covered"
                        " card where it should go, or click it and then its new place."
                    )
                ),
            ),
        ),
        mouse=(
            (
                N_(
                    "The Reshuffle and Draw buttons sit on the button bar. For the draw, drag or click"
                    " a covered card."
                )
            ),
            N_("Double-click a card to play it as if you had typed its name."),
        ),
    )

    # ------------------------------------------------------------------ scoring
    def score(self, state: State) -> int:
        """Out of 100: the share of the pack on the foundations, rounded down."""
        return self.cards_home(state) * 100 // 52

    def score_words(self, score: int) -> str:
        return f"{score} / 100"

    # ------------------------------------------------------------------ notation
    def notation_hint(self) -> str:
        return self.notation

    def parse_move(self, text: str, state: State) -> Move:
        move = self.parse_command(text)
        if move is None:
            card_text, _dash, where = text.strip().upper().partition("-")
            try:
                card = parse_card(card_text)
            except CardError as error:
                raise IllegalMove(
                    _("{problem}. Moves: {notation}").format(
                        problem=error, notation=_(self.notation_hint())
                    )
                ) from None
            move = self.card_move(state, card, where)
        self.check(state, move)
        return move

    def card_move(self, state: State, card: Card, where: str) -> Move:
        """The move a typed card asks for (Gellman's manual: its foundation first, else its
        place)."""
        src, index = self.find(state, card)
        buried = index < len(state.piles[src]) - 1
        kind = MoveKind.MERCI if buried else MoveKind.MOVE
        if buried and self.mercis_left(state) <= 0:
            reason = self.merci_problem(state, Move(kind, src, src, index=index))
            raise IllegalMove(
                _("the {card} is covered: {reason}").format(card=card.name, reason=reason)
            )
        if where:
            dst = self.destination(where, card)
        else:
            dst = self.typed_destination(state, card)
        return Move(kind, src, dst, index=index if buried else None)

    def find(self, state: State, card: Card) -> tuple[str, int]:
        for name in FANS:
            if card in state.piles[name]:
                return name, state.piles[name].index(card)
        raise IllegalMove(_("the {card} is already on its foundation").format(card=card.name))

    def destination(self, where: str, card: Card) -> str:
        if where == "F":
            return "f" + card.suit
        if where.isdigit() and 1 <= int(where) <= len(FANS):
            return FANS[int(where) - 1]
        raise IllegalMove(
            _("'{where}' is not a destination (F or a fan number 1-18)").format(where=where)
        )

    def typed_destination(self, state: State, card: Card) -> str:
        if self.home_accepts(state, card):
            return "f" + card.suit
        above = Card(card.rank + 1, card.suit) if card.rank < 13 else None
        for name in FANS:
            top = state.top(name)
            if (top is not None and top == above) or (
                top is None and self.kings_fill and card.rank == 13
            ):
                return name
        raise IllegalMove(_("the {card} cannot move anywhere now").format(card=card.name))

    def format_move(self, move: Move, state: State) -> str:
        if move.kind == MoveKind.REDEAL:
            return self.format_special(move, state)
        card = state.piles[move.src][-1 if move.index is None else move.index]
        where = "F" if move.dst in FOUNDATIONS else str(FANS.index(move.dst) + 1)
        return f"{card}-{where}"

    # ------------------------------------------------------------------ showing
    def show(self, state: State) -> str:
        left = self.redeals_left(state)
        lines = [
            self.foundations_line(state),
            f"Reshuffles left: {'unlimited' if left is UNLIMITED else left}",
            f"Mercis left: {self.mercis_left(state)}",
        ]
        lines += [self.column_line(state.piles[name]) for name in FANS]
        return "\n".join(lines)


class Merci(BelleLucie):
    """JSolitaire's La Belle Lucie (La Belle Lucie Instructions, 2002): redeals, mercis,
    kings and automatic play are options."""

    game_id = "merci"
    order = 20
    title = N_("La Belle Lucie (Merci)")
    example = "--rule redeals=unlimited --rule kings=on --deal 7 --show"
    blurb = N_("La Belle Lucie with your choice of redeals, mercis and kings to empty fans.")
    option_specs = (
        Option("redeals", N_("reshuffles allowed"), 2, minimum=0, maximum=99, unlimited=True),
        Option(
            "mercis",
            N_("mercis in the final deal (none if redeals are unlimited)"),
            1,
            minimum=0,
            maximum=99,
        ),
        Option("kings", N_("kings may be moved to empty fans"), False),
        Option("auto", N_("cards go to the foundations automatically"), True),
        Option("move-once", N_("a card moved between fans may afterwards only go home"), True),
    )
    mono_reminder = False
    merci_first_move_only = False  # a merci may be used at any time in the final deal
    merci_legal_spots_only = False
    # La Belle Lucie Instructions: "click on the source stack, highlighting it": a click
    # anywhere on a stack takes its top card (where no merci is possible on the card clicked).
    click_takes_top = True

    merci_name = N_("Merci")
    merci_word = N_("merci")
    merci_phrase = N_("use a merci")
    merci_plural = N_("mercis")
    notation = N_(
        "a card like TC (to its foundation, else onto the next higher card of its suit), or"
        " with a destination, TC-F or TC-7 for fan 7; a covered card, QH or QH-3, uses a"
        " merci; S reshuffles"
    )
    mercis_word = N_("Mercis")
    buttons = (
        BelleLucie.buttons[0],
        GameButton(
            merci_name,
            say(N_("For a merci, drag or click a covered card, then its destination.")),
            enabled_by=MoveKind.MERCI,
        ),
    )
    manual_keys = ("Enter", "Backspace", "S", "H", "Q", "Merci button")
    help = GameHelp(
        rules=(
            (
                N_(
                    "The classic La Belle Lucie layout, with the same deal for the same number:"
                    " eighteen fans, seventeen of three cards and one of a single card. Bring all 52"
                    " cards home to the four foundations, each built up in suit from ace to king."
                )
            ),
            (
                N_(
                    "Only a fan's top card moves, onto the next higher card of its suit. Once a card"
                    " has moved from fan to fan it may afterwards only go home (the move-once option,"
                    " on by default), so avoid burying cards you will soon need. Empty fans stay empty"
                    " unless the kings option lets a king move in."
                )
            ),
            (
                N_(
                    "With auto play on (the default), every card that can go to a foundation goes there"
                    " by itself, right after the deal and after each reshuffle too."
                )
            ),
            (
                N_(
                    "Stuck? Reshuffle with S or the Reshuffle button: the fans are gathered, shuffled"
                    " and dealt again in threes. Two reshuffles are allowed; Options can set 0 to 99 or"
                    " unlimited. A reshuffle frees every card, so cards moved once may move again."
                )
            ),
            (
                N_(
                    "In the final deal (after your last reshuffle, or from the start with no"
                    " reshuffles) you may use a merci at any time: lift one covered card onto any fan,"
                    " even its own, or onto its foundation if it fits. An empty fan takes it only if it"
                    " could anyway. One merci by default; none with unlimited reshuffles."
                )
            ),
            N_(
                "You win when all 52 cards are home. The game is lost once no reshuffle or merci is"
                " left and no moves can bring another card home. Your score is the share of the"
                " pack you got home, out of 100: cards home x 100 / 52, rounded down. A win scores"
                " 100."
            ),
            (
                N_(
                    "Tip: after a deal or reshuffle, build first on single-card fans, fans topped by a"
                    " king and fans whose top cards already run in order; those moves block nothing."
                    " Build runs as long as you can, and once the cards the foundations need are all"
                    " buried, reshuffle rather than making moves that lead nowhere."
                )
            ),
        ),
        keys=_LUCIE_KEYS
        + (
            (
                N_("Merci button"),
                (
                    N_(
                        "Use a merci, any time in the final deal: drag a covered card where it should"
                        " go, or click it and then its new place."
                    )
                ),
            ),
        ),
        mouse=(
            (
                N_(
                    "The Reshuffle and Merci buttons sit on the button bar. For the merci, drag or click"
                    " a covered card."
                )
            ),
            N_("Double-click a card to play it as if you had typed its name."),
        ),
    )

    def arrangement(self) -> Arrangement:
        """La Belle Lucie Instructions: the suit stacks in the left column, the eighteen
        building stacks in two rows of nine (fanned downwards, which leaves the cards large)."""
        slots = foundation_slots(0, 0, MERCI_SUIT_STEP, vertical=True)
        for line, start in enumerate((0, 9)):
            fans = FANS[start : start + 9]
            # The lower row may fan down to the table's bottom edge: long stacks stay readable.
            reach = MERCI_REACH if line == 0 else 0.0
            slots += row(fans, 1.35, line * MERCI_ROW, 1.12, spread=Spread.DOWN, reach=reach)
        height = max(3 * MERCI_SUIT_STEP, MERCI_ROW + MERCI_REACH) + CARD_RATIO
        # Felt left free below (smaller cards, a tall window) goes to both rows' reach.
        return Arrangement(tuple(slots), 1.35 + 8 * 1.12 + 1, height, stretch=True)

    def status_items(self, state: State) -> list[str]:
        return []  # JSolitaire's: reshuffles left on their button, mercis beside the deal

    def deal_label(self, state: State, number: int) -> str:
        """La Belle Lucie Instructions: "When a merci is possible, the area which normally
        indicates the deal number will indicate the number of remaining mercis."""
        if self.redeals_left(state) == 0 and self.mercis_left(state):
            return _("{merci} left {count}").format(
                merci=_(self.mercis_word), count=self.mercis_left(state)
            )
        return super().deal_label(state, number)

    def button_label(self, button: GameButton, state: State) -> str:
        if button.enabled_by == MoveKind.REDEAL:
            left = self.redeals_left(state)
            return _("{button} ({count})").format(
                button=_(button.label),
                count=pgettext("redeals", "unlimited") if left is None else left,
            )
        return button.label

    def __init__(self, /, **options: object):
        super().__init__(**options)
        self.redeals = self.option_limit("redeals")
        self.mercis = self.option_count("mercis")
        self.kings_fill = self.option_flag("kings")
        self.auto_home = AutoHome.ALL if self.option_flag("auto") else AutoHome.OFF
        self.move_once = self.option_flag("move-once")
