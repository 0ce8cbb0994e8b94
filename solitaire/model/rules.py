"""The shared rules engine. A game is a subclass that mostly sets data attributes.

Pile roles (``vocabulary.Role``) and what they do:

- tableau: the building columns or fans; ``build`` says how cards go on one another
  (``suit``, ``alternate`` colour or any ``rank``), ``wrap`` lets a king go on an ace;
- foundation: ``foundations`` names them; by default one per suit, named ``fC fD fH fS``,
  built up in suit from the base rank (``home_for`` says where a card goes home, a game
  with other foundations says what each takes in ``drop_problem``);
- cell: holds one card of any kind (FreeCell's free cells);
- reserve: cards that may be played from but never onto;
- hand and waste: the stock of undealt cards and where they are turned up.

Cards may lie face down at the bottom of a tableau pile (``State.down``): they cannot be
lifted, and the top one is turned up as soon as the card on it leaves (``turn_up``).

A subclass describes its layout, deal and notation, and overrides the few hooks that the
data cannot say (a redeal, a merci, turning the hand).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from ..i18n import N_, _, ngettext, pgettext
from .cards import SUITS, Card, new_deck
from .moves import IllegalMove, Move, MoveKind, Status
from .options import Option, resolve_options
from .state import SetDown, State, StepLog
from .table_spec import Arrangement, GameButton, GameHelp
from .vocabulary import (
    Build,
    DoubleClick,
    Family,
    Outline,
    RefusalSound,
    RightClick,
    Role,
    Typing,
)

MAX_DEAL = 1_000_000
# Version 2 follows Freecell Solver in the games that use its notation (see
# ``Rules.freecell_notation``); saves and replays written before it are read as version 1.
NOTATION_VERSION = 2
FOUNDATIONS = tuple("f" + suit for suit in SUITS)
HOME = "home"  # a destination code meaning "the foundation of the card's suit"
GENERIC_SOLVER = "search"  # solitaire/solver/search.py: any game, through the engine
# solitaire/solver/tableau.py: a game of columns, free cells and foundations, from its data
DATA_SOLVER = "tableau"
# The engine compares roles and build rules millions of times in a search, with these
# module globals: Python 3.11 reads one several times faster than an Enum member (the
# EnumType's __getattr__ hook slows every lookup on the class).
_TABLEAU, _FOUNDATION, _CELL, _RESERVE, _WASTE = (
    Role.TABLEAU,
    Role.FOUNDATION,
    Role.CELL,
    Role.RESERVE,
    Role.WASTE,
)
_SUIT, _ALTERNATE = Build.SUIT, Build.ALTERNATE
_ACES = tuple(Card(1, suit) for suit in SUITS)  # a card of each suit, for its foundation
_SOURCES = (_TABLEAU, _FOUNDATION, _CELL, _RESERVE, _WASTE)  # roles a card may leave
# The names of the piles a hand is turned from and onto, as turn_problem says them.
PILE_WORDS = (N_("stock"), N_("waste"), N_("hand"))
# Why a card may not fill an empty column, by the rank that may (whole sentences: a
# language may need other words for each rank).
ONLY_FILLS = {
    1: N_("only an ace can fill an empty column"),
    11: N_("only a jack can fill an empty column"),
    12: N_("only a queen can fill an empty column"),
    13: N_("only a king can fill an empty column"),
}


class Rules:
    game_id = ""
    title = ""
    blurb = ""  # one line for the game chooser
    order = 100.0  # the game's place in its family in the chooser (then by title)
    family = Family.OTHER  # the chooser's group the game is shown in
    option_specs: tuple[Option, ...] = ()

    tableau: tuple[str, ...] = ()
    cells: tuple[str, ...] = ()
    reserves: tuple[str, ...] = ()
    build = Build.SUIT
    wrap = False  # a king may go on an ace, and an ace on a king at home
    supermoves = False  # runs move as single-card steps through cells and empty columns
    moves_runs = False  # any face-up run built by the tableau rule moves as a unit
    lifts_face_up = False  # any face-up cards move as a unit, in sequence or not (Yukon)
    empty_fill_rank: int | None = None  # the only rank that may fill an empty column (13: kings)
    empty_columns_stay_empty = False  # no card ever fills an empty column (Baker's Dozen)
    foundations: tuple[str, ...] = FOUNDATIONS
    # Piles that lie over others (PySolFC's ``isBlocked``): pile -> the piles lying on it.
    # While any of those holds a card, nothing leaves the pile and nothing goes onto it
    # (Pyramid's and TriPeaks' overlapping rows). The table draws the covering piles later.
    covered_by: dict[str, tuple[str, ...]] = {}
    # A pairing game (Pyramid): the top cards of ``pairing_piles`` leave play onto
    # ``discard_pile``, two that ``pairs`` together (MoveKind.PAIR) or one that
    # ``leaves_alone`` by itself (MoveKind.DISCARD). No discard pile: no such moves.
    discard_pile = ""
    pairing_piles: tuple[str, ...] = ()
    # The special move a click on the stock (a slot that lies face down) makes.
    stock_move = MoveKind.TURN
    foundation_takeback = False  # foundation cards may come back to the tableau
    # A hand turned onto the waste (Klondike's stock, Canfield's hand): so many cards at a
    # time, and passes through it (None: as many as you like); ``turns_hand`` sets both.
    # 0 cards: the game turns no hand.
    turn_count = 0
    passes: int | None = None
    # Notation: code -> pile name, for ``<from><to>`` moves; HOME means the card's foundation.
    codes: dict[str, str] = {}
    # Moves written as one word (upper case): "N" turns the hand, "L" lays off ...
    commands: dict[str, MoveKind] = {}
    # Freecell Solver's notation (fc-solve -snx): the count after 'v' is hexadecimal and a
    # plain move into an empty column moves one card. Otherwise 'v' counts are decimal and
    # a plain move takes as many cards as may go.
    freecell_notation = False
    notation_read = NOTATION_VERSION  # an older version while old files are read
    example = "--deal 1 --show"  # what follows "main.py --game ID" in --help's examples

    def __init__(self, /, **options: object):
        self.options = resolve_options(self.option_specs, options)
        self.roles: dict[str, Role] = {}
        for role, names in self.layout_roles().items():
            for name in names:
                self.roles[name] = role
        self.code_of = {pile: code for code, pile in self.codes.items()}

    def layout_roles(self) -> dict[Role, tuple[str, ...]]:
        return {
            Role.TABLEAU: self.tableau,
            Role.FOUNDATION: self.foundations,
            Role.CELL: self.cells,
            Role.RESERVE: self.reserves,
        }

    # Typed reads of the options, whose values resolve_options has checked already.
    def option_flag(self, name: str) -> bool:
        value = self.options[name]
        assert isinstance(value, bool), f"option {name} is {value!r}, not on or off"
        return value

    def option_count(self, name: str) -> int:
        value = self.options[name]
        assert isinstance(value, int), f"option {name} is {value!r}, not a count"
        return value

    def option_limit(self, name: str) -> int | None:
        """A count option that may be unlimited: None (UNLIMITED) when it is."""
        value = self.options[name]
        assert value is None or isinstance(value, int), f"option {name} is {value!r}"
        return value

    def option_choice(self, name: str) -> str:
        value = self.options[name]
        assert isinstance(value, str), f"option {name} is {value!r}, not one of its words"
        return value

    def option_text(self) -> str:
        return " ".join(
            f"{spec.name}={spec.format(self.options[spec.name])}" for spec in self.option_specs
        )

    # ------------------------------------------------------------------ dealing
    def deal(self, number: int) -> State:
        raise NotImplementedError

    def deck(self) -> list[Card]:
        """Every card the game is played with (the 52 of one pack unless it says more)."""
        return new_deck()

    @property
    def card_count(self) -> int:
        count = self.__dict__.get("_card_count")
        if count is None:
            count = self.__dict__["_card_count"] = len(self.deck())
        return count

    def empty_piles(self) -> dict[str, list[Card]]:
        return {name: [] for name in self.roles}

    def settle(self, log: StepLog) -> None:
        """Automatic moves right after the deal (aces laid off, for instance)."""
        self.respond(log, None)

    # ------------------------------------------------------------------ building
    def builds_on(self, card: Card, onto: Card) -> bool:
        """May ``card`` go on ``onto`` in the tableau?"""
        if onto.rank - 1 != card.rank and not (self.wrap and onto.rank == 1 and card.rank == 13):
            return False
        if self.build == _SUIT:
            return card.suit == onto.suit
        if self.build == _ALTERNATE:
            return card.is_red != onto.is_red
        return True

    def run_length(self, cards: list[Card]) -> int:
        """How many cards at the top of a pile form a run built by the tableau rule."""
        length = 1 if cards else 0
        while length < len(cards) and self.builds_on(cards[-length], cards[-length - 1]):
            length += 1
        return length

    def base_rank(self, state: State) -> int:
        return 1

    def home_accepts(self, state: State, card: Card) -> bool:
        home = self.home_for(state, card)
        if home is None:
            return False
        top = state.top(home)
        if top is None:
            return card.rank == self.base_rank(state)
        if len(state.piles[home]) == 13:
            return False
        return card.rank == top.rank % 13 + 1 if self.wrap else card.rank == top.rank + 1

    def home_for(self, state: State, card: Card) -> str | None:
        """The foundation a single card goes home to (the one of its suit), or None
        where cards do not go home one by one."""
        name = "f" + card.suit
        return name if name in self.roles else None

    def cards_home(self, state: State) -> int:
        return sum(len(state.piles[name]) for name in self.foundations)

    def is_safe_home(self, state: State, card: Card) -> bool:
        """May ``card`` go home now at no cost: can every position that was winnable
        before still be won after it? Then the search tries no other move and "play safe
        cards home" sends it up. A wrong yes could make a winnable game look lost, a wrong
        no only costs time, so whatever this cannot prove is a no.

        A card of rank r is wanted in play only as a place for the cards that may lie on
        it (``builds_on``): the r - 1 of its suit when building in suit (home already when
        this card may go), both r - 1 of the other colour when building in alternate
        colours, all four r - 1 when building regardless of suit; with ``wrap`` the base
        card can hold the last cards of the suits. Once those are home for good nothing
        can ever be laid on it. Take a winning line that keeps it in play: the same line
        without its moves is legal after it went home (the card only covered what lay
        under it, and held a cell or a column that is now free) and still wins.

        Where cards may come back from the foundations (``foundation_takeback``) home is
        not for good: a card that could lie on this one may come back to do so, and others
        come back to lie on that one. So take the set H of this card, every card that could
        lie on a card of H and every card under a card of H in its foundation: no card
        outside H can ever be laid on one of H. When all of H but this card is home, the
        winning line without the moves of the cards of H (which stay home) is legal and
        wins. In suit that is what the foundations hold already (always safe, but for
        the base card when ranks wrap); in alternate colours both r - 1 of the other
        colour and the other r - 2 of its own; regardless of suit all four r - 1.

        Only a card at the top of a tableau pile, a cell or a reserve goes, where nothing
        but building lays a card on it: taking one out of the waste would change how a
        later pass groups the hand by threes. Not while a reshuffle (which deals the cards
        still out, one more or less changes the deal) or a merci (which may lay a card
        anywhere, or be lost by any move) may still come. The game's own automatic moves
        must keep the argument (play home only cards this test passes, fill a space from
        the reserve, which only brings forward a card that could be played from there);
        a game whose automatic moves do more must say no here itself.
        """
        if not self.home_accepts(state, card):
            return False
        homes = [self.home_for(state, ace) for ace in _ACES]
        base = self.base_rank(state)
        cache = self.__dict__.setdefault("_safe_home_needs", {})
        key = (card, base, self.build, self.wrap, self.foundation_takeback)
        needs = cache.get(key)
        if needs is None:
            needs = cache[key] = self._home_needs(card, base)
        piles = state.piles
        # The argument needs a foundation for each suit: without one, nothing is proven.
        if any(home is None or len(piles[home]) < need for home, need in zip(homes, needs)):
            return False
        places = cache.get("places")
        if places is None:
            roles = (_TABLEAU, _CELL, _RESERVE)
            places = cache["places"] = [name for name in self.roles if self.roles[name] in roles]
        if not any(piles[name] and piles[name][-1] == card for name in places):
            return False
        return not self.has_second_chance(state)

    def _home_needs(self, card: Card, base: int) -> tuple[int, ...]:
        """For ``is_safe_home``: how many cards of each suit (in SUITS order) must be home
        before ``card`` is safe there; more than its own suit holds if it never is."""
        deck = [Card(rank, suit) for rank in range(1, 14) for suit in SUITS]

        def depth(other: Card) -> int:  # cards of its suit under it at home
            return (other.rank - base) % 13

        wanted = {card}
        todo = [card]
        while todo:
            lower = todo.pop()
            more = [other for other in deck if self.builds_on(other, lower)]
            if self.foundation_takeback:  # and, at home, the cards under it
                more += [o for o in deck if o.suit == lower.suit and depth(o) < depth(lower)]
            for other in more:
                if other not in wanted:
                    wanted.add(other)
                    if self.foundation_takeback:
                        todo.append(other)
        wanted.discard(card)
        return tuple(
            max((depth(other) + 1 for other in wanted if other.suit == suit), default=0)
            for suit in SUITS
        )

    # ------------------------------------------------------------------ legality
    def check(self, state: State, move: Move) -> None:
        """Raise IllegalMove with the reason if ``move`` is not allowed; change nothing."""
        problem = self.problem(state, move)
        if problem:
            raise IllegalMove(problem)

    def problem(self, state: State, move: Move) -> str | None:
        """Why ``move`` is not allowed, in the player's words, or None."""
        if move.kind == MoveKind.MOVE:
            return self.move_problem(state, move)
        if move.kind in (MoveKind.PAIR, MoveKind.DISCARD):
            return self.pairing_problem(state, move)
        return self.special_problem(state, move)

    def is_legal(self, state: State, move: Move) -> bool:
        try:
            self.check(state, move)
        except IllegalMove:
            return False
        return True

    def move_problem(self, state: State, move: Move) -> str | None:
        for pile in (move.src, move.dst):
            if pile not in self.roles:
                return _("there is no pile '{pile}' in this game").format(pile=pile)
        if move.src == move.dst:
            return _("a card cannot move onto its own pile")
        if self.roles[move.src] not in _SOURCES:  # a stock: it is turned, never lifted
            return _("cards cannot be moved from there")
        cards = state.piles[move.src]
        if not cards:
            return _("there is no card there to move")
        if not 1 <= move.count <= len(cards):
            return ngettext(
                "there is not {count} card there", "there are not {count} cards there", move.count
            ).format(count=move.count)
        moving = cards[len(cards) - move.count :]
        return self.lift_problem(state, move.src, moving) or self.drop_problem(
            state, move.dst, moving, move.src
        )

    def pairing_problem(self, state: State, move: Move) -> str | None:
        """Why a PAIR or DISCARD move is not allowed: each card leaves from the top of one
        of ``pairing_piles``, uncovered, onto ``discard_pile``; two pair, one leaves alone."""
        if not self.discard_pile or move.dst != self.discard_pile:
            return _("that is not a move in this game")
        pair = move.kind == MoveKind.PAIR
        sources = (move.src, move.partner) if pair else (move.src,)
        if pair and move.src == move.partner:
            return _("a card cannot pair with itself")
        for pile in sources:
            if pile not in self.pairing_piles:
                return _("cards do not leave play from there")
            cards = state.piles[pile]
            if not cards:
                return _("there is no card there to move")
            problem = self.lift_problem(state, pile, cards[-1:])
            if problem:
                return problem
        card = state.piles[move.src][-1]
        if not pair:
            if self.leaves_alone(card):
                return None
            return _("the {card} cannot leave alone").format(card=card.name)
        other = state.piles[move.partner][-1]
        if self.pairs(card, other):
            return None
        return _("the {card} does not pair with the {other}").format(
            card=card.name, other=other.name
        )

    def pairs(self, card: Card, other: Card) -> bool:
        """Whether two cards leave play together (Pyramid: their ranks add up to 13)."""
        return False

    def leaves_alone(self, card: Card) -> bool:
        """Whether a card leaves play by itself (Pyramid's king)."""
        return False

    def drop_move(self, state: State, src: str, dst: str, count: int = 1) -> Move:
        """The move that ``count`` cards of ``src`` make when let go on ``dst`` (dragged
        there, clicked then clicked, typed): in a pairing game a card let go on another
        pairs with it, let go on the discard pile leaves alone; else a MOVE."""
        if self.discard_pile and src in self.pairing_piles:
            if dst == self.discard_pile:
                return Move(MoveKind.DISCARD, src, dst)
            if dst in self.pairing_piles:
                return Move(MoveKind.PAIR, src, self.discard_pile, partner=dst)
        return Move(MoveKind.MOVE, src, dst, count)

    def is_covered(self, state: State, pile: str) -> bool:
        """Whether a card of another pile lies over ``pile`` (``covered_by``)."""
        return any(state.piles[over] for over in self.covered_by.get(pile, ()))

    def lift_problem(self, state: State, src: str, moving: list[Card]) -> str | None:
        role = self.roles[src]
        if self.is_covered(state, src):
            return _("that card is covered")
        if len(state.piles[src]) - len(moving) < state.face_down(src):
            return _("that card is face down")
        if role == _FOUNDATION and not self.foundation_takeback:
            return _("cards on the foundations stay there")
        if role != _TABLEAU and len(moving) > 1:
            return _("only one card at a time can come from there")
        if role == _TABLEAU and len(moving) > 1 and not self.lifts_face_up:
            if not (self.supermoves or self.moves_runs):
                return _("only the top card can be moved")
            if self.run_length(moving) < len(moving):
                return _("those cards are not in sequence")
        return None

    def drop_problem(self, state: State, dst: str, moving: list[Card], src: str) -> str | None:
        role = self.roles[dst]
        card = moving[0]
        if self.is_covered(state, dst):
            return _("that card is covered")
        if role == _FOUNDATION:
            if len(moving) > 1:
                return _("cards go to the foundations one at a time")
            if dst != self.home_for(state, card) or not self.home_accepts(state, card):
                return _("the {card} cannot go to the foundation yet").format(card=card.name)
            return None
        if role == _CELL:
            if len(moving) > 1:
                return _("a free cell holds one card")
            return _("that free cell is taken") if state.piles[dst] else None
        if role != _TABLEAU:
            return _("cards cannot be played there")
        top = state.top(dst)
        if top is None:
            problem = self.empty_problem(state, card, src)
        elif not self.builds_on(card, top):
            problem = _("the {card} does not go on the {top}").format(card=card.name, top=top.name)
        else:
            problem = None
        if problem is None and len(moving) > 1 and self.supermoves:
            limit = self.run_limit(state, src, dst)
            if len(moving) > limit:
                return ngettext(
                    "only {count} card can move there with the {spaces} you have",
                    "only {count} cards can move there with the {spaces} you have",
                    limit,
                ).format(count=limit, spaces=_(self.free_spaces_words))
        return problem

    def empty_problem(self, state: State, card: Card, src: str) -> str | None:
        """Why ``card`` may not fill an empty tableau pile; None if it may."""
        if self.empty_columns_stay_empty:
            return _("an empty column is never filled")
        fill = self.empty_fill_rank
        if fill is None or card.rank == fill:
            return None
        if fill in ONLY_FILLS:
            return _(ONLY_FILLS[fill])
        return _("only a card of rank {rank} can fill an empty column").format(rank=fill)

    def run_limit(self, state: State, src: str, dst: str) -> int:
        """Freecell Solver's rule: (free cells + 1) * 2 ** empty columns not involved."""
        free_cells = sum(1 for name in self.cells if not state.piles[name])
        empty = sum(1 for name in self.tableau if not state.piles[name] and name not in (src, dst))
        return (free_cells + 1) << empty

    # ------------------------------------------------------------------ listing moves
    def legal_moves(self, state: State) -> list[Move]:
        moves = [move for move in self.candidate_moves(state) if not self.problem(state, move)]
        moves.extend(self.special_moves(state))
        return moves

    def candidate_moves(self, state: State) -> Iterator[Move]:
        """The move-generation hook: moves worth checking, of the kinds MOVE, PAIR and
        DISCARD (the others come from ``special_moves``). ``legal_moves`` keeps those that
        ``check`` allows.

        The contract: every legal move of those kinds is among them once (a PAIR in one
        of its two orders), so a game whose rules allow more than these defaults find
        must yield more. ``games.move_generation_problems`` compares it with every move
        tried by brute force on seeded positions of every registered game (in the tests:
        it costs too much for every launch).

        A cheap filter before the full check, because the solver lists moves millions
        of times: a run can only go onto a card one rank higher, an empty place, or
        the foundation of its suit; a card leaves play with a card above the pairing
        piles' order, or alone."""
        yield from self.pairing_candidates(state)
        tableau = [name for name in self.tableau if name in self.roles]
        for src, cards in state.piles.items():
            if not cards or self.roles[src] not in _SOURCES:
                continue
            for count in self.lift_counts(state, src):
                card = cards[-count]
                if count == 1 and self.roles[src] != _FOUNDATION:
                    home = self.home_for(state, card)
                    if home is not None:
                        yield Move(MoveKind.MOVE, src, home, 1)
                    for cell in self.cells:
                        if not state.piles[cell]:
                            yield Move(MoveKind.MOVE, src, cell, 1)
                above = card.rank % 13 + 1 if self.wrap else card.rank + 1
                for dst in tableau:
                    top = state.top(dst)
                    if dst != src and (top is None or top.rank == above):
                        yield Move(MoveKind.MOVE, src, dst, count)

    def pairing_candidates(self, state: State) -> Iterator[Move]:
        """Each free top card of the pairing piles alone, and with each one after it."""
        if not self.discard_pile:
            return
        free = [
            pile
            for pile in self.pairing_piles
            if state.piles[pile] and not self.is_covered(state, pile)
        ]
        for at, pile in enumerate(free):
            card = state.piles[pile][-1]
            if self.leaves_alone(card):
                yield Move(MoveKind.DISCARD, pile, self.discard_pile)
            for other in free[at + 1 :]:
                if self.pairs(card, state.piles[other][-1]):
                    yield Move(MoveKind.PAIR, pile, self.discard_pile, partner=other)

    def lift_counts(self, state: State, src: str) -> range | tuple[int, ...]:
        cards = state.piles[src]
        if self.roles[src] == _TABLEAU and self.lifts_face_up:
            return range(1, len(cards) - state.face_down(src) + 1)
        if self.roles[src] == _TABLEAU and (self.supermoves or self.moves_runs):
            face_up = len(cards) - state.face_down(src)
            return range(1, min(face_up, self.run_length(cards)) + 1)
        return (1,)

    def special_moves(self, state: State) -> list[Move]:
        """Redeals, mercis, turning the hand and so on, when they are allowed now."""
        if self.turn_count and self.turn_problem(state) is None:
            return [Move(MoveKind.TURN)]
        return []

    def special_problem(self, state: State, move: Move) -> str | None:
        if move.kind == MoveKind.TURN and self.turn_count:
            return self.turn_problem(state)
        return _("that is not a move in this game")

    # ------------------------------------------------------------------ turning the hand
    def turns_hand(self, count: int, passes: int | None) -> None:
        """Called by the constructor of a game that turns its hand (its ``Role.HAND`` pile)
        onto its waste (its ``Role.WASTE`` pile) ``count`` cards at a time, the waste
        going back, turned over, for each of ``passes`` passes (None: as many as you like)."""
        self.turn_count, self.passes = count, passes
        self.hand_pile = next(name for name, role in self.roles.items() if role == Role.HAND)
        self.waste_pile = next(name for name, role in self.roles.items() if role == _WASTE)
        if passes is not None:
            # Undoing a turn of the hand shows cards the player would not see again: that
            # is help (with unlimited passes they come round anyway).
            self.undo_reveals = self.undo_reveals | {MoveKind.TURN}

    def hand_values(self) -> dict[str, int]:
        """The values a deal starts with for its hand: the passes used, counted only where
        passes are limited. With as many as you like the count changes nothing that can
        happen next, so it must not tell positions apart (``State.key``: the status could
        never call a dead position lost)."""
        return {} if self.passes is None else {"passes_used": 0}

    def turn_problem(self, state: State) -> str | None:
        """Why the hand cannot be turned now, or None."""
        if state.piles[self.hand_pile]:
            return None
        if not state.piles[self.waste_pile]:
            return _("the {hand} and the {waste} are both empty").format(
                hand=_(self.hand_pile), waste=_(self.waste_pile)
            )
        if self.passes is not None and state.count("passes_used") + 1 >= self.passes:
            return _("no more passes through the {hand} under this rule").format(
                hand=_(self.hand_pile)
            )
        return None

    def turn_hand(self, log: StepLog) -> None:
        """Turn ``turn_count`` cards of the hand onto the waste or, the hand empty, the
        waste back over into the hand: the next pass."""
        hand, waste = log.state.piles[self.hand_pile], log.state.piles[self.waste_pile]
        if hand:
            log.move(self.hand_pile, self.waste_pile, min(self.turn_count, len(hand)), flip=True)
            return
        log.move(self.waste_pile, self.hand_pile, len(waste), flip=True)
        if self.passes is not None:
            log.set("passes_used", log.state.count("passes_used") + 1)
        self.waste_turned_over(log)

    def waste_turned_over(self, log: StepLog) -> None:
        """A hook after the waste went back into the hand (Klondike's scoring charges it)."""

    def passes_left(self, state: State) -> str:
        """Passes through the hand still to come, this one counted while the hand holds
        cards of it (an empty hand has ended its pass: after the last, none is left)."""
        if self.passes is None:
            return pgettext("passes", "unlimited")  # the option's word, agreeing as it does
        ended = 0 if state.piles[self.hand_pile] else 1
        return str(self.passes - state.count("passes_used") - ended)

    # ------------------------------------------------------------------ playing
    def perform(self, log: StepLog, move: Move) -> None:
        """Carry out a checked move."""
        if move.kind == MoveKind.TURN:
            self.turn_hand(log)
        elif move.kind == MoveKind.PAIR:
            log.move(move.src, move.dst)
            log.move(move.partner, move.dst)
        elif move.count > 1 and self.supermoves:
            for src, dst in self.single_steps(log.state, move):
                log.move(src, dst)
        else:
            log.move(move.src, move.dst, move.count)

    def follow_up(self, log: StepLog, move: Move | None) -> None:
        """The moves the game makes on its own after a player's move."""

    def respond(self, log: StepLog, move: Move | None) -> None:
        """All the game does on its own after a move (``None``: after the deal): the
        uncovered face-down cards turned up, the game's ``follow_up``, and what that
        uncovered turned up too."""
        self.turn_up(log)
        self.follow_up(log, move)
        self.turn_up(log)

    def turn_up(self, log: StepLog) -> None:
        """Turn up the top card of every pile where it lies face down, one reversible
        step each (an undo turns it down again)."""
        state = log.state
        for pile, down in list(state.down.items()):
            if down >= len(state.piles[pile]):
                self.turned_up(log, pile)
                log.set_down(pile, len(state.piles[pile]) - 1 if state.piles[pile] else 0)

    def turned_up(self, log: StepLog, pile: str) -> None:
        """A hook before the top card of ``pile`` turns up (Klondike scores it)."""

    def single_steps(self, state: State, move: Move) -> list[tuple[str, str]]:
        """A multi-card move as the single-card moves a player could make instead."""
        cells = [name for name in self.cells if not state.piles[name]]
        empty = [
            name
            for name in self.tableau
            if not state.piles[name] and name not in (move.src, move.dst)
        ]
        steps: list[tuple[str, str]] = []
        _plan_run_move(move.src, move.dst, move.count, cells, empty, steps)
        return steps

    def successor(self, state: State, move: Move) -> State:
        """The position after a (checked) move and the game's automatic replies."""
        log = StepLog(state.copy())
        self.perform(log, move)
        self.respond(log, move)
        return log.state

    def play_home(self, log: StepLog, pile: str) -> bool:
        """Play the top card of ``pile`` to its foundation if it can go; say whether it did."""
        card = log.state.top(pile)
        if card is None or not self.home_accepts(log.state, card):
            return False
        home = self.home_for(log.state, card)
        if home is None or len(log.state.piles[pile]) <= log.state.face_down(pile):
            return False
        log.move(pile, home)
        return True

    def position_key(self, state: State) -> tuple:
        """Like ``state.key()``, but equal for positions that differ only in the order of
        interchangeable piles (tableau piles, free cells, reserve slots): the solver
        need look at only one of them."""
        interchangeable = set(self.tableau) | set(self.cells) | set(self.reserves)
        groups = [self.tableau, self.cells, self.reserves]
        sorted_groups: tuple[tuple, ...]
        if state.down:  # a pile's face-down count goes with its cards
            sorted_groups = tuple(
                tuple(sorted((tuple(state.piles[n]), state.face_down(n)) for n in g))
                for g in groups
            )
        else:
            sorted_groups = tuple(tuple(sorted(tuple(state.piles[n]) for n in g)) for g in groups)
        others = tuple(
            tuple(cards) for name, cards in state.piles.items() if name not in interchangeable
        )
        return sorted_groups, others, tuple(sorted(state.values.items()))

    # ------------------------------------------------------------------ the generic search's
    # What the generic search (solitaire/solver/search.py) asks a game: it knows none by name.
    def search_key(self, state: State, without: frozenset[MoveKind]) -> tuple:
        """What tells positions apart for the search when it may not use the moves of the
        kinds ``without``: the whole position unless the game knows better."""
        return state.key()

    def hopeless(self, state: State, without: frozenset[MoveKind]) -> bool:
        """Whether the game can tell at a glance that ``state`` cannot be won without the
        moves of the kinds ``without``: the search then goes no further from it."""
        return False

    def search_skips(self, state: State, move: Move) -> bool:
        """A legal move the search leaves out as almost never the way to a win (then the
        search proves no "cannot be won")."""
        return False

    # ------------------------------------------------------------------ outcome
    def is_won(self, state: State) -> bool:
        return self.cards_home(state) == self.card_count

    def has_second_chance(self, state: State) -> bool:
        """A redeal or merci still to come means the game is not over yet."""
        return False

    def redeals_left(self, state: State) -> int | None:
        """Reshuffles still to come (None: unlimited); a game that has them says how many."""
        return 0

    def mercis_left(self, state: State) -> int:
        """Mercis the player may use right now; a game that has them says how many."""
        return 0

    def status(self, state: State, budget: int = 2000) -> Status:
        """Won, lost (no sequence of moves brings another card home) or still open.

        The search looks at up to ``budget`` positions; if it runs out it says open.
        """
        if self.is_won(state):
            return Status.WON
        if self.has_second_chance(state) or self.progress_reachable(state, budget):
            return Status.OPEN
        return Status.LOST

    def progress_reachable(self, state: State, budget: int) -> bool:
        target = self.cards_home(state)
        # Only moves and turns are tried (any other kind is progress): positions the game
        # tells apart only through the other kinds are one, so a king that wanders from
        # empty fan to empty fan does not look like hope.
        without = frozenset(MoveKind) - {MoveKind.MOVE, MoveKind.TURN}
        seen = {self.search_key(state, without)}
        stack = [state]
        while stack:
            position = stack.pop()
            for move in self.legal_moves(position):
                if move.kind not in (MoveKind.MOVE, MoveKind.TURN):
                    return True
                home = self.roles.get(move.dst) == _FOUNDATION
                if home and self.cards_home(position) >= target:
                    return True
                after = self.successor(position, move)
                if self.cards_home(after) > target:
                    return True
                key = self.search_key(after, without)
                if key not in seen:
                    if len(seen) >= budget:
                        return True
                    seen.add(key)
                    stack.append(after)
        return False

    def score(self, state: State) -> int:
        """The game's score for this position (cards home unless the game says otherwise)."""
        return self.cards_home(state)

    def score_text(self, state: State) -> str:
        return self.score_words(self.score(state))

    def score_words(self, score: int) -> str:
        """A score as the game says it ("1 card home", "$450", "62 / 100")."""
        return ngettext("{count} card home", "{count} cards home", score).format(count=score)

    def points(self, status: Status) -> int | None:
        """The game's points for a finished game (The Prince's table); None: no points."""
        return None

    # ------------------------------------------------------------------ notation
    def parse_move(self, text: str, state: State) -> Move:
        """Read a move written in this game's notation; IllegalMove if it is not legal."""
        move = self.parse_command(text) or self.parse_pair(text, state)
        self.check(state, move)
        return move

    def parse_command(self, text: str) -> Move | None:
        kind = self.commands.get(text.strip().upper())
        return None if kind is None else Move(kind)

    def parse_pair(self, text: str, state: State) -> Move:
        """``<from><to>`` with an optional ``v<count>``: ``3a``, ``a5``, ``8h``, ``54v3``."""
        token = text.strip().lower()
        count = None
        if "v" in token:
            token, _v, count_text = token.partition("v")
            count = self.read_count(count_text)
            if count is None:
                raise IllegalMove(
                    _("'{move}': the number of cards after 'v' is not a number").format(move=text)
                )
        src_code = next(
            (code for code in sorted(self.codes, key=len, reverse=True) if token.startswith(code)),
            None,
        )
        if src_code is None or token[len(src_code) :] not in self.codes:
            raise IllegalMove(
                _("'{move}' is not a move here ({notation})").format(
                    move=text, notation=_(self.notation_hint())
                )
            )
        dst_code = token[len(src_code) :]
        src = self.codes[src_code]
        if src == HOME:
            raise IllegalMove(
                _("'{move}': '{code}' is a destination, not a source").format(
                    move=text, code=src_code
                )
            )
        dst = self.codes[dst_code]
        if dst == HOME:
            top = state.top(src)
            if top is None:
                raise IllegalMove(_("'{move}': there is no card there to move").format(move=text))
            home = self.home_for(state, top) or self.discard_pile
            if not home:
                raise IllegalMove(
                    _("'{move}': cards do not go home one by one in this game").format(move=text)
                )
            dst = home
        if self.discard_pile and src in self.pairing_piles:
            return self.drop_move(state, src, dst)
        if count is None:
            count = self.implied_count(state, src, dst, self.reads_freecell_notation)
        return Move(MoveKind.MOVE, src, dst, count)

    @property
    def reads_freecell_notation(self) -> bool:
        return self.freecell_notation and self.notation_read >= 2

    def read_count(self, text: str) -> int | None:
        """The count written after 'v' (hexadecimal in Freecell Solver's notation)."""
        digits = "0123456789abcdef" if self.reads_freecell_notation else "0123456789"
        if not text or len(text) > 3 or any(char not in digits for char in text):
            return None
        count = int(text, len(digits))
        return count if count >= 1 else None

    def implied_count(self, state: State, src: str, dst: str, freecell: bool) -> int:
        """How many cards a move written without a count moves."""
        if freecell and self.roles.get(dst) == _TABLEAU and not state.piles[dst]:
            return 1  # fc-solve -snx writes the count whenever more go to an empty column
        return self.default_count(state, src, dst)

    def default_count(self, state: State, src: str, dst: str) -> int:
        """The largest number of cards that may legally move (1 if none may)."""
        if state.piles.get(src):
            for count in sorted(self.lift_counts(state, src), reverse=True):
                if self.is_legal(state, Move(MoveKind.MOVE, src, dst, count)):
                    return count
        return 1

    @contextmanager
    def reading_notation(self, version: int) -> Iterator[None]:
        """Read moves as notation ``version`` wrote them (an old save or replay); moves
        are always written in the current version."""
        self.notation_read = version
        try:
            yield
        finally:
            del self.notation_read

    def format_move(self, move: Move, state: State) -> str:
        """The notation of a legal ``move`` in the position ``state`` before it; it reads
        back as the same move."""
        if move.kind == MoveKind.PAIR:
            return self.code_of[move.src] + self.code_of[move.partner]
        if move.kind == MoveKind.DISCARD:
            return self.code_of[move.src] + (self.code_of.get(HOME) or self.code_of[move.dst])
        if move.kind != MoveKind.MOVE:
            return self.format_special(move, state)
        dst = self.code_of.get(HOME) if self.roles[move.dst] == Role.FOUNDATION else None
        text = self.code_of[move.src] + (dst or self.code_of[move.dst])
        if move.count != self.implied_count(state, move.src, move.dst, self.freecell_notation):
            text += f"v{move.count:x}" if self.freecell_notation else f"v{move.count}"
        return text

    def describe_move(self, move: Move, state: State) -> str:
        """A move in words, for the hint: "Move the 2 of clubs onto the 3 of hearts"."""
        if move.kind == MoveKind.PAIR:
            card, other = state.piles[move.src][-1], state.piles[move.partner][-1]
            return _("Pair the {card} with the {other}").format(card=card.name, other=other.name)
        if move.kind == MoveKind.DISCARD:
            return _("Discard the {card}").format(card=state.piles[move.src][-1].name)
        if move.kind not in (MoveKind.MOVE, MoveKind.MERCI):
            return _(self.special_words.get(move.kind, move.kind.value.capitalize()))
        cards = state.piles[move.src]
        if move.kind == MoveKind.MERCI and move.index is not None:
            card, more = cards[move.index], 0
        else:
            card, more = cards[len(cards) - move.count], move.count - 1
        if more:
            what = ngettext(
                "the {card} and the card on it", "the {card} and the {count} cards on it", more
            ).format(card=card.name, count=more)
        else:
            what = _("the {card}").format(card=card.name)
        role = self.roles.get(move.dst)
        top = state.top(move.dst)
        draw = move.kind == MoveKind.MERCI
        if role == Role.FOUNDATION:
            sentence = _("Draw {cards} home") if draw else _("Move {cards} home")
        elif role == Role.CELL:
            sentence = (
                _("Draw {cards} to a free cell") if draw else _("Move {cards} to a free cell")
            )
        elif move.dst == move.src:
            sentence = (
                _("Draw {cards} on top of its pile")
                if draw
                else _("Move {cards} on top of its pile")
            )
        elif top is None:
            sentence = _("Draw {cards} to {empty}") if draw else _("Move {cards} to {empty}")
        else:
            sentence = (
                _("Draw {cards} onto the {top}") if draw else _("Move {cards} onto the {top}")
            )
        return sentence.format(
            cards=what, empty=_(self.empty_pile_words), top=top.name if top else ""
        )

    def format_special(self, move: Move, state: State) -> str:
        return next(word for word, kind in self.commands.items() if kind == move.kind)

    def notation_hint(self) -> str:
        return N_("see the notation in --help")

    # ------------------------------------------------------------------ showing
    def show(self, state: State) -> str:
        raise NotImplementedError

    def foundations_line(self, state: State) -> str:
        parts = []
        for suit in "HCDS":  # Freecell Solver's order
            home = self.home_for(state, Card(1, suit))
            top = state.top(home) if home else None
            parts.append(f"{suit}-{str(top)[0] if top else '0'}")
        return "Foundations: " + " ".join(parts)

    @staticmethod
    def column_line(cards: list[Card]) -> str:
        return (": " + " ".join(str(card) for card in cards)).rstrip()

    # ------------------------------------------------------------------ the table's part
    # What the table reads to lay out, drive and explain the game: it knows no game by name.
    help = GameHelp(rules=(), keys=())
    # The keys and controls the game's manual names, each of which its help lists by that
    # name (a test holds it; a game from no manual names none).
    manual_keys: tuple[str, ...] = ()
    buttons: tuple[GameButton, ...] = ()  # the game's own, between Redo and Hint
    # The words for empty places a run moves through, and for an empty tableau pile, in
    # the game's own terms (The Prince's manual says vacancies).
    free_spaces_words = N_("free cells and empty columns")
    empty_pile_words = N_("an empty column")
    # How the hint says a special move (the others say which card goes where).
    special_words: dict[MoveKind, str] = {
        MoveKind.REDEAL: N_("Reshuffle"),
        MoveKind.TURN: N_("Turn the hand"),
        MoveKind.LAYOFF: N_("Lay off every card that can go home"),
        MoveKind.SAFE_HOME: N_("Play the safe cards home"),
    }
    # The manual's keys: "F2", "Delete", "Ctrl+L" ... -> a table action (vocabulary.Action,
    # or play(kind), say(words), next_option(name)).
    key_actions: dict[str, str] = {}
    # Keyboard play and the mouse's buttons: see the Enums' words in vocabulary.py.
    typing = Typing.NOTATION
    typed_words: dict[str, str] = {}  # a word typed (``Typing.CARD``) -> a table action
    right_click = RightClick.CANCEL
    double_click = DoubleClick.HOME
    refusal_sound = RefusalSound.CLICK  # the sound of a refused move; its reason shows too
    lift_whole_pile = False  # a press below a pile's top card lifts the whole pile
    click_takes_top = False  # a press on a covered card takes the pile's top card
    ask_before_merci = False  # a covered card typed by name: ask before spending a merci
    # What the game calls its merci in that question: a word of its own (marked for the
    # catalogue), not a button's label lowered (a German noun keeps its capital).
    merci_word = ""
    # Moves the solver's winning line leaves out (a reshuffle shows cards not yet seen);
    # when no line is found the hint offers one of these if it is legal.
    hint_excludes: frozenset[MoveKind] = frozenset()
    # Moves that an undo must not let the player look behind: a seeded reshuffle shows a
    # layout the player could then plan for, a merci is a favour to be used once. Undoing
    # one marks the game as played with help (it is no longer the player's own win).
    undo_reveals: frozenset[MoveKind] = frozenset()
    verdict_note = ""  # said after the solver's verdict, e.g. " (seeing every card)"
    mono_reminder = False  # remind colour players of the black-and-white switch at the start

    @property
    def solver(self) -> str:
        """The module of solitaire/solver/ whose SEARCH serves the game (verdict.MakesSearch);
        a game sets it as a plain attribute, or says per option (Vierfrei: by build rule)."""
        return GENERIC_SOLVER

    known_wins: dict[str, tuple[int, ...]] = {}  # option_text() -> deals proven winnable
    # A choice option whose every choice gets a line of figures at the end of each game
    # (The Prince: its sequence rules).
    breakdown_option: str | None = None
    # Deals known not to be winnable when every other one is: "winnable" needs no search.
    impossible_deals: frozenset[int] | None = None

    def reveals(self, turn) -> bool:
        """Whether undoing ``turn`` lets the player look behind it: a move of a kind in
        ``undo_reveals``, or one that turned a face-down card up."""
        return turn.move.kind in self.undo_reveals or any(
            isinstance(step, SetDown) for step in turn.steps
        )

    def arrangement(self) -> Arrangement:
        """Where every pile sits on the table, in card-width units."""
        raise NotImplementedError

    def outline(self, state: State, pile: str, outline: str) -> str:
        """The outline an empty pile shows, its slot's ``outline`` by default; a stock
        shows its turn-over arrow only while it can be turned over."""
        if outline == Outline.STOCK and not self.is_legal(state, Move(self.stock_move)):
            return Outline.EMPTY
        return outline

    def status_items(self, state: State) -> list[str]:
        """The game's own items on the status line (redeals left, the rule in force ...)."""
        return []

    def deal_label(self, state: State, number: int) -> str:
        """The status line's first word after the game's name: the deal number."""
        return _("Deal {number}").format(number=number)

    def deal_items(self, state: State) -> list[str]:
        """Items the status line shows right after the deal number."""
        return []

    def button_label(self, button: GameButton, state: State) -> str:
        """A game button's label now (it may carry a count)."""
        return button.label

    def help_later(self, state: State) -> str:
        """What may still come to help ("a reshuffle"), or "": the verdict's wording."""
        return ""

    def notice_after(self, move: Move, state: State) -> str | None:
        """A prompt the table says (with a chime) after ``move`` led to ``state``."""
        return None

    def stats_items(self, summary) -> list[tuple[str, str]]:
        """The game's own figures in its statistics, as (label, value): points, a casino
        balance ... ``summary`` is a stats.Summary of one rule set or of all of them."""
        return []

    # A line under the statistics that explains the game's own figures, or "".
    stats_note = ""

    def extra_cheers(self, state: State) -> int:
        """Cheers beyond the first at a win (La Belle Lucie: A Solitaire Game: "an extra cheer
        or two")."""
        return 0

    def option_change_text(self, name: str, value: object) -> str:
        """What the table says when a key changes option ``name`` to ``value``."""
        return _("{option} {value}: a new deal under this rule.").format(option=name, value=value)

    def next_choice(self, name: str) -> str:
        """The value a key or button that steps choice option ``name`` on changes it to."""
        spec = next(spec for spec in self.option_specs if spec.name == name)
        current = spec.choices.index(spec.format(self.options[name]))
        return spec.choices[(current + 1) % len(spec.choices)]

    def next_option_words(self, name: str) -> str:
        """What the button that steps choice option ``name`` on does, for its tooltip."""
        return _("Change {option} to {value}, in a new deal").format(
            option=name, value=self.next_choice(name)
        )

    @property
    def proves_winnable(self) -> bool:
        """Whether "deal only deals proven winnable" can serve this game (greyed out where it
        cannot): it knows winnable deals ahead, or it has a solver of its own. The generic
        search alone proves too few deals within the look's budget to be worth the wait;
        rules may say less for some choices of their options."""
        known = bool(self.known_wins) or self.impossible_deals is not None
        return known or self.solver != GENERIC_SOLVER

    def proven_winnable_deal(self, rng) -> int | None:
        """A deal known to be winnable without a search, or None."""
        known = self.known_wins.get(self.option_text())
        if known:
            return rng.choice(known)
        if self.impossible_deals is not None:
            while True:
                number = rng.randint(1, MAX_DEAL)
                if number not in self.impossible_deals:
                    return number
        return None


def _plan_run_move(
    src: str, dst: str, count: int, cells: list[str], empty: list[str], steps: list[tuple[str, str]]
) -> None:
    """Append the single-card moves that carry ``count`` cards from ``src`` to ``dst``.

    With c free cells a run of c + 1 cards moves through the cells. A longer run first
    parks as much as it can in an empty column (using the others), moves the rest, then
    brings the parked part over: the classic recursion behind (c + 1) * 2 ** e.
    """
    if count <= len(cells) + 1:
        parked = cells[: count - 1]
        steps.extend((src, cell) for cell in parked)
        steps.append((src, dst))
        steps.extend((cell, dst) for cell in reversed(parked))
        return
    spare, others = empty[0], empty[1:]
    parked_count = (len(cells) + 1) << len(others)
    parked_count = min(parked_count, count - 1)
    _plan_run_move(src, spare, parked_count, cells, others, steps)
    _plan_run_move(src, dst, count - parked_count, cells, others, steps)
    _plan_run_move(spare, dst, parked_count, cells, others, steps)
