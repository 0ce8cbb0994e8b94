"""Mod3: two packs; three rows of eight build up in suit by threes, the aces are thrown out.

Rules as KDE's KPatience plays its Mod3 (its file mod3.cpp): 104 cards. One card is
dealt face up onto each of 32 piles in four rows of eight; the other 72 are the stock.
The first three rows are foundations: in the top row each pile starts with a two and
builds 2-5-8-J in suit, in the second a three (3-6-9-Q), in the third a four (4-7-10-K).
A card dealt onto a pile of a row it does not start stays there until it moves away, and
nothing goes on it. The fourth row is the tableau: its piles take a card only when empty.
The top card of any pile of the four rows moves, one at a time; aces go to the aces pile
and stay there. A tableau pile emptied while the stock lasts is filled from the stock at
once. The stock deals one card onto each tableau pile whenever the player asks. The game
is won with every card but the aces built on the three rows.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...i18n import N_, _, ngettext
from ..cards import Card, new_deck
from ..moves import Move, MoveKind
from ..rules import Rules
from ..shuffle import shuffled, stream_seed
from ..state import State, StepLog
from ..table_spec import Arrangement, GameButton, GameHelp, Slot, row
from ..vocabulary import Action, Family, Outline, Role, Spread, play

# The three rows of foundations by the rank each pile starts with: twos, threes, fours.
ROWS = {
    base: tuple(f"{letter}{number}" for number in range(1, 9))
    for base, letter in zip((2, 3, 4), "abc")
}
BASE = {pile: base for base, piles in ROWS.items() for pile in piles}
TABLEAU = tuple(f"t{number}" for number in range(1, 9))
ACES, STOCK = "aces", "stock"
STEP = 3  # a row builds up by threes
ROW_WORDS = {2: "2-5-8-J", 3: "3-6-9-Q", 4: "4-7-10-K"}


class Mod3(Rules):
    game_id = "mod3"
    order = 96
    family = Family.OTHER
    title = N_("Mod3")
    blurb = N_("Two packs: build three rows in suit by threes, 2-5-8-J, 3-6-9-Q and 4-7-10-K.")
    tableau = TABLEAU
    foundations = (*BASE, ACES)
    stock_move = MoveKind.DEAL
    commands = {"D": MoveKind.DEAL}
    codes = {
        **{pile: pile for pile in BASE},
        **{str(number): name for number, name in enumerate(TABLEAU, start=1)},
        "x": ACES,
    }
    example = "--deal 3 --moves 'D' --show"

    def layout_roles(self) -> dict[Role, tuple[str, ...]]:
        return {**super().layout_roles(), Role.HAND: (STOCK,)}

    def deck(self) -> list[Card]:
        return new_deck(copies=2)

    def deal(self, number: int) -> State:
        cards = shuffled(self.deck(), stream_seed("mod3", number))
        piles = self.empty_piles()
        for index, name in enumerate((*BASE, *TABLEAU)):
            piles[name] = [cards[index]]
        piles[STOCK] = cards[len(BASE) + len(TABLEAU) :]
        return State(piles, {"deal": number})

    # ------------------------------------------------------------------ rules
    def row_takes(self, state: State, pile: str, card: Card) -> bool:
        """May ``card`` go onto ``pile`` of the foundation rows?"""
        cards = state.piles[pile]
        if not cards:
            return card.rank == BASE[pile]
        top = cards[-1]
        started = cards[0].rank == BASE[pile]
        return started and card.suit == top.suit and card.rank == top.rank + STEP

    def home_for(self, state: State, card: Card) -> str | None:
        """The aces pile for an ace; for another card the first pile of its row it may go
        onto (a double-click's place), or None."""
        if card.rank == 1:
            return ACES
        return next((pile for pile in BASE if self.row_takes(state, pile, card)), None)

    def home_accepts(self, state: State, card: Card) -> bool:
        return self.home_for(state, card) is not None

    def is_safe_home(self, state: State, card: Card) -> bool:
        return False  # what goes where decides which card the stock gives next

    def candidate_moves(self, state: State) -> Iterator[Move]:
        """The top card of every pile of the four rows to every place that may take it."""
        places = (*BASE, ACES, *TABLEAU)
        for src in (*BASE, *TABLEAU):
            if state.piles[src]:
                for dst in places:
                    if dst != src:
                        yield Move(MoveKind.MOVE, src, dst, 1)

    def lift_counts(self, state: State, src: str) -> range | tuple[int, ...]:
        return (1,) if src in BASE or src in TABLEAU else ()

    def lift_problem(self, state: State, src: str, moving: list[Card]) -> str | None:
        if src == STOCK:
            return _("cards are dealt from the stock, a row at a time")
        if src == ACES:
            return _("the aces stay on their pile")
        if len(moving) > 1:
            return _("only the top card of a pile moves")
        return None

    def drop_problem(self, state: State, dst: str, moving: list[Card], src: str) -> str | None:
        card = moving[0]
        if len(moving) > 1:
            return _("only the top card of a pile moves")
        if dst == ACES:
            return None if card.rank == 1 else _("only aces go to the aces pile")
        if dst in BASE:
            if self.row_takes(state, dst, card):
                return None
            cards = state.piles[dst]
            if not cards:
                return _("a pile of this row starts with a {rank}").format(rank=BASE[dst])
            if cards[0].rank != BASE[dst]:
                return _("the {card} does not start this row: nothing goes on it").format(
                    card=cards[0].name
                )
            return _("the {card} does not go on the {top}: this row builds {ranks} in suit").format(
                card=card.name, top=cards[-1].name, ranks=ROW_WORDS[BASE[dst]]
            )
        if dst in TABLEAU:
            return (
                None
                if not state.piles[dst]
                else _("a pile of the bottom row takes a card only when empty")
            )
        return _("cards cannot be played there")

    def deal_problem(self, state: State) -> str | None:
        return None if state.piles[STOCK] else _("the stock is used up")

    def special_problem(self, state: State, move: Move) -> str | None:
        if move.kind == MoveKind.DEAL:
            return self.deal_problem(state)
        return super().special_problem(state, move)

    def special_moves(self, state: State) -> list[Move]:
        return [Move(MoveKind.DEAL)] if self.deal_problem(state) is None else []

    # ------------------------------------------------------------------ playing
    def perform(self, log: StepLog, move: Move) -> None:
        if move.kind == MoveKind.DEAL:
            for name in TABLEAU:
                if log.state.piles[STOCK]:
                    log.move(STOCK, name)
        else:
            super().perform(log, move)

    def follow_up(self, log: StepLog, move: Move | None) -> None:
        """A tableau pile emptied while the stock lasts takes the stock's top card."""
        state = log.state
        if (
            move is not None
            and move.kind == MoveKind.MOVE
            and move.src in TABLEAU
            and not state.piles[move.src]
            and state.piles[STOCK]
        ):
            log.move(STOCK, move.src)

    def score(self, state: State) -> int:
        """The cards built on the rows and the aces out."""
        built = sum(
            len(cards)
            for pile, cards in ((pile, state.piles[pile]) for pile in BASE)
            if cards and cards[0].rank == BASE[pile]
        )
        return built + len(state.piles[ACES])

    def score_words(self, score: int) -> str:
        return ngettext("{count} card built", "{count} cards built", score).format(count=score)

    def position_key(self, state: State) -> tuple:
        """The piles of a foundation row are interchangeable, and so are copies of a card;
        the tableau's piles are not while the stock deals onto them in turn."""

        def faces(pile: str) -> tuple:
            return tuple(card.face for card in state.piles[pile])

        rows = tuple(tuple(sorted(faces(pile) for pile in piles)) for piles in ROWS.values())
        tableau = [faces(pile) for pile in TABLEAU]
        if not state.piles[STOCK]:
            tableau.sort()
        return rows, tuple(tableau), len(state.piles[ACES]), faces(STOCK)

    # ------------------------------------------------------------------ the table
    solver = "rows_by_three"

    verdict_note = N_(" (seeing every card, the stock too)")
    special_words = {**Rules.special_words, MoveKind.DEAL: N_("Deal a card onto each tableau pile")}
    buttons = (GameButton(N_("Deal"), play(MoveKind.DEAL), enabled_by=MoveKind.DEAL),)
    key_actions = {"D": play(MoveKind.DEAL), "Backspace": Action.UNDO}
    empty_pile_words = N_("an empty tableau pile")

    def arrangement(self) -> Arrangement:
        step, drop = 1.1, 1.6
        slots: list[Slot] = []
        for index, piles in enumerate(ROWS.values()):
            slots += row(piles, 0, index * drop, step, spread=Spread.DOWN, reach=0.2)
        slots += row(TABLEAU, 0, 3 * drop + 0.2, step, spread=Spread.DOWN)
        right = 8 * step + 0.3
        slots.append(Slot(ACES, right, 0, spread=Spread.DOWN, reach=0.7))
        slots.append(
            Slot(STOCK, right, 3 * drop + 0.2, outline=Outline.STOCK, face_down=True, squared=True)
        )
        # The tableau's piles as dealt and four cards more at full spread; longer piles
        # close up.
        return Arrangement(tuple(slots), right + 1, 3 * drop + 0.2 + 1.4 + 1.3, widen=True)

    def status_items(self, state: State) -> list[str]:
        deals = -(-len(state.piles[STOCK]) // len(TABLEAU))
        return [_("Deals left {count}").format(count=deals)]

    help = GameHelp(
        rules=(
            (
                N_(
                    "Two packs, 104 cards. One card is dealt face up onto each of 32 piles in four rows"
                    " of eight; the other 72 are the stock. Rules as KDE's KPatience plays Mod3."
                )
            ),
            (
                N_(
                    "The top three rows are foundations, built up in suit by threes: the top row from"
                    " twos (2-5-8-J), the second from threes (3-6-9-Q), the third from fours"
                    " (4-7-10-K). A card dealt onto a row it does not start holds its pile until it"
                    " moves away."
                )
            ),
            (
                N_(
                    "The top card of any pile of the four rows may move, one card at a time. A pile"
                    " of the bottom row takes a card only when it is empty, and while the stock lasts"
                    " it is filled from the stock at once. Aces go to the aces pile, to stay."
                )
            ),
            (
                N_(
                    "Click the stock (or press D) to deal a card onto each pile of the bottom row."
                    " You win with every card but the aces built on the three rows. Your score is the"
                    " cards built and the aces out."
                )
            ),
            (
                N_(
                    "The computer's verdict and hint see every card, the stock too: a deal it calls"
                    " winnable may still need luck from you."
                )
            ),
            (
                N_(
                    "Tip: clear a bottom-row pile only when you want the stock's next card there, and"
                    " deal before the bottom row gets buried under what you cannot build."
                )
            ),
        ),
        keys=(
            (N_("D"), N_("Deal a card onto each pile of the bottom row")),
            (N_("a1-c8"), N_("A foundation pile: row a, b or c, then 1-8")),
            (
                N_("1-8"),
                N_("A pile of the bottom row; x is the aces pile. Origin, destination, Enter"),
            ),
            (N_("Backspace"), N_("Undo")),
        ),
        mouse=(
            N_("Click the stock to deal. Double-click a card to send it to a row that takes it."),
        ),
    )

    # ------------------------------------------------------------------ notation
    def notation_hint(self) -> str:
        return _("origin and destination: a1-c8 the rows, 1-8 the bottom row, x the aces; D deals")

    def show(self, state: State) -> str:
        lines = [
            f"Aces out: {len(state.piles[ACES])}",
            f"Stock: {len(state.piles[STOCK])} cards face down",
        ]
        for (base, piles), letter in zip(ROWS.items(), "abc"):
            builds = " ".join(
                "-".join(str(card) for card in state.piles[pile]) or "--" for pile in piles
            )
            lines.append(f"{letter} ({ROW_WORDS[base]}): {builds}")
        lines += [self.column_line(state.piles[name]) for name in TABLEAU]
        return "\n".join(lines)
