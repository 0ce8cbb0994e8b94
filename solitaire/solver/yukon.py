"""The Yukon family: games whose columns build one rank down (in suit or in alternate
colours) and where any face-up card moves onto a column with all the cards on it, in
sequence or not (``Rules.lifts_face_up``); only a king fills an empty column
(``empty_fill_rank``), face-down cards lie at the bottom of the columns. A family of the
solver core (``core.py``) for Yukon and Russian Solitaire, and for the games of the
family that have more: a stock dealt onto some columns (Scorpion), whole runs from king
to ace in one suit going home by themselves (Scorpion's foundations, where ``home_for``
says no single card goes home) and redeals that gather the columns and deal them again
(Grandfather).

What it reads of the game: its columns, the build rule, the king rule, whether single
cards go home (four foundations, one a suit, up from the ace), and its special moves
(``special_moves``: a deal, a redeal), which it makes through the engine itself, so
they are always the game's. Those may depend on the stock and the deal's values only,
never on the columns (so the family asks the engine once for each stock and values it
meets): ``agrees_with_engine`` checks the moves made here against the engine's, as the
tests do for every game that names this family, on positions of seeded random play.

A position is (columns as ``bytes`` of card codes ``rank * 4 + suit``, face-down
counts, foundation counts by suit, the stock as ``bytes``, the deal's values as a
tuple); the columns in their real order, so moves name the right piles. Its key sorts
the columns that are interchangeable: those no special move still to come tells apart
(a deal lands on given columns, a redeal gathers them all in their order). What the
verdict assumes: the search sees every card, the face-down ones and the stock too.

Moves left out, and why that loses no win:

- A card that may go home when nothing left in play could ever be laid on it (in suit:
  always; in alternate colours: both cards one rank lower of the other colour are home)
  goes home alone, before any other move, but never while a special move may still
  come (a deal or a redeal places cards by where the others are): ``Rules.is_safe_home``
  proves this, and that proof holds for cards moved with others on them, since it only
  asks what could be laid on the card.
- Of several empty columns only the first is tried, and a column's whole content never
  moves into an empty column, among the columns no special move tells apart (a redeal
  tells every column apart, a deal those it lays cards on): those are alike (the key
  sorts them), so both give a position already met.

- Runs going home (Scorpion), nothing left to deal: a face-up card X whose successor X+
  is the top of a column whose face-up cards are the run from X's king down to X+ (on
  face-down cards or none) goes onto X+ (with the cards on it) alone, before any other
  move. Call S the cards from X up. X must lie on X+ before X goes home (only whole
  runs go home), and its only move is onto X+, so a winning line from the position P
  makes that move, m, some time; no card of the run under X+ ever moves but with its
  king into an empty column (each lies on its successor; the cards under the king are
  face down until it moves; the king at the bottom: a whole column into an empty one
  changes nothing), and in P' that move carries S too. Play the line's
  moves before m from P' (P with S on X+): each step, the position there is the line's
  with S (the cards from X up, as they are then) on X+, and the run from the king
  gone home if S now completes it. A move's card Z goes onto Z+, a top in both (Z+ is
  not X+: that would be m), and Z lies in Z+'s column in P' only where it did in the
  line (the columns differ only by S, and the run under X+ holds no card that moves;
  Z in S goes with Z+ in S in both); the cards it carries are the same but for S, and
  S keeps its place on X+ or goes with Z in both; a run going home in the line lies
  within S or away from it, the same in P'; a king into an empty column is as free
  (P' has an empty column more where the run went home); P' shows every face-up card
  the line shows (the card under X turns up the earlier). No deal may come: it would
  lay its cards on tops that differ. After m the line's position is P''s: P' wins
  whenever P does. (The same holds, by the same steps, for the one king in play that
  does not lie at the bottom of a column going alone into an empty column, nothing left
  to deal: only it can ever fill one. Made alone it changed next to nothing: Scorpion's
  deals 600001..600100 at 2 s, the same 91 settled, three deals a few hundred to 1,500
  positions fewer, so it was left out. Nor is the move made alone where the cards under
  X+ are not a run from the king but only cards that cannot move before X does: each a
  king, or on its successor, or held with X taken as held until it moves (the walk of
  the dead-end test below, its links leading to a loop or to X). Sound by the same steps,
  it cut a tenth to a quarter of the positions of Scorpion's tuning deals that need
  many (600197 proven lost in 134,637 where 181,065, 600119 in 57,069 where 71,881), but
  the walk for each top cost more than that saved (3.90 s where 3.45 s, 1.60 s where
  1.14 s); with the walk cut to two links it saved less and still cost more (165,602
  positions in 3.63 s, 69,715 in 1.41 s), and making the moves made alone in a row one
  macro move saved next to nothing more.)

Every other move is tried, so when a walk runs dry the position cannot be won. (Building
in alternate colours with single cards going home, two walks for wins go beside: a quick
walk leaves out cards taken off a face-up card they build on, and a narrow walk keeps of
the quick walk's moves only the two whose positions look best; the running dry of
either proves nothing.)

Dead ends (``_dead``), building in suit with only kings filling an empty column, where
every card X but a king may be laid on one card only, X+ (its suit, one rank higher). A
card leaves the one under it only by moving onto X+, the top of another column (a king
into an empty column; a face-down card does not move), or by going home (alone from the
top, or in a run K..A from the top). Call a set F of cards *frozen* when each X in F is
held in it: X is not a king and the card lying right on X+ in the columns is in F (X
lying on X+ counts: it is that card), or X+ lies right on X and is in F, or X is face
down and the card lying right on it is in F. While no card of F goes home, every card of
F lies on the card it lies on now: take the first move that would lift one, X, off it.
Held by the card on X+, X moves onto X+; but that card still lies there, so X+ is no
top. Held by X+ lying on it, X could go only onto a card of its own column. Held by the
card lying on it, X is face down: that card still lies there, so X is still covered and
cannot move. A deal changes nothing of this (it lays new cards on the tops), so
Scorpion's stock may still come; a redeal gathers the columns, so the test waits until
none is left (nor anything else that moves cards already in the columns).

- Runs going home (Scorpion): the family's F is the greatest frozen set. A run goes home
  from the top, face up, each card but its king on the card it builds on. Where X of F
  stays in play and the card Z lying on X+ goes home in a run, X+ goes too (it lies
  under Z, the run is the column's top), so Z lies on its successor X+ and is X: no. A
  face-down card goes home in no run, and a card lying on a face-down card, or X+ lying
  on X, goes home in a run only as its king, face up; face-up kings are in no F (X under
  X+ goes home in none while X+ lies on it). So the cards of F left in play keep their
  reasons, F never breaks, and a card of F lying on anything but X+ (or on the bottom of
  its column) never goes home, nor does a face-down card a card of F lies on (it is
  never turned up): dead. A card's links lead to the card lying on its successor, to its
  successor where that lies right on it, and, face down, to the card lying on it; F is
  the cards whose links lead to a loop (from each a walk along links goes on for ever,
  and a card from which none does is held by no card of a set that keeps each of its
  cards). Dead: a card of F lying on a face-down card or on anything but its successor,
  which a walk along the links from such cards finds (``_locked_in_loop``): a card above
  its successor face down in its column, a card lying on its successor face down, chains
  through face-down cards that the lowest face-up card above them does not hold (a card
  face down under another that waits for a card covered by a third that waits for the
  first), and chains through a card whose successor lies on it: the test finds most of
  Scorpion's losses as dealt. What adds links: a move onto a successor adds X on X+, to
  which no other link leads (only X has the successor X+, X+ was a top, face up, and X
  now lies on its successor, not under it); a king into an empty column, a run going
  home and a card turned up add none (the card lying on a face-down card stays there
  until it is turned up, and X+ comes to lie on X in no move: it goes onto X++ only); a
  deal adds the links its cards make. A move takes links away or adds that one only, and
  leaves every card lying where it lay but the one it moves, so a position a move leads
  to is dead only where the position it came from was: the walks test the start and the
  positions a deal leads to, nothing else. (X held by X+ anywhere above it in its column
  while every card between them is held is sound too, but a move can make it, X+ laid on
  X++ above X, and as dealt it found one more of Scorpion's 125 tuning deals not lost as
  dealt, one settled in 2,561 positions: left out.)
- Single cards going home (Russian Solitaire, Grandfather): no test. A card of F may
  go home from the top, and the cards whose reasons it was are freed; a sound test must
  ask of a set L within F that none can be the first of L to go home (a card of its suit
  and lower rank under each, through cards of L). Such a test found no dead position in
  Russian Solitaire's deals 600001..600040 nor in 15,000 random endgames (3,000 each of
  10 to 30 cards in 2 to 7 columns), and Russian Solitaire's verdicts were all settled
  without it: only its cost would remain.
- Alternate colours (Yukon): no test. One was tried, sound but finding nothing: a card
  X (not an ace nor a king) is stuck for good where the card of its suit one lower is
  in play and it, and each card X could go on that is not home, lie under X in X's
  column, and every card strictly between the lowest of them and X is face down or a
  card (not a king) each of whose parents not home lies in that stretch too. The first
  move to lift a card of that stretch is made by a card in it (none can move: its
  parents lie under it, covered; X cannot go home, the card it waits for lies under it)
  or by a card under it all, which carries the stretch whole, as it is; so X never goes
  home. It fired at none of deals 600001..600200's starts nor at any of 94,000
  positions searched in five deals left unknown (it asks for three cards under one in
  a column): Yukon's losses lock across columns.

Tried for Yukon and left out:

- Twins' classes, as in Klondike: a card lying on one twin (the other card of its rank
  and colour) with the cards on it moves onto the other twin at the top of a column and
  back, so such positions are won alike; of the some 4.7 moves a position of the
  complete walks has, 3.7 are such swaps (deals 600019 and 600020, 40,000 positions
  each). Klondike's way, the kept position's own moves and one swap followed by what the
  twin it uncovers allows, is not complete here: a card under the lower twin may need
  two swaps before it can go onto the other (the group moved by the first holds the
  twin the second uncovers). The complete way, every position of the class made and
  each of its moves followed by the swaps onto the lower twins, was sound but costs
  too much: at 60,000 positions (classes) 16-33 s where 1.3 s, and deal 600017 won in
  2,212 classes but in 1.44 s, not 6,586 positions in 0.14 s.
- Swaps in blocks: a swap (a card, with the cards on it, off a face-up card it builds
  on, onto that card's twin at the top of a column) made only in a block with the moves
  that use the card it frees (it moves alone, goes home, or a card goes onto it). Sound:
  in a shortest winning line a swap may wait until just before the first move that uses
  the card it frees (every move between is as legal with the group still on that card,
  and the positions meet), so its first block, swaps and one other move, is one such;
  within it no swap goes onto a card freed before it (only a swap back could, and a
  shortest line has none), so at most two freed cards wait at once. It saved too few
  positions: the complete best-first walk alone, run until dry, proved deals 600051 and
  600033 lost in 346,642 and 231,646 positions where 437,585 and 255,035, at twice the
  CPU per position (14.5 s where 6.7 s, 7.5 s where 5.0 s): the freed card is used at
  once too often (the twin of the card that moved goes onto it), so it was left out.
- A move back onto the card a group came from restores the position before: the store
  has it already, so it costs its making and its key, and is never counted again.
- KPatience's Yukon solver tries every face-up card onto every top it fits, first the
  moves that turn a card up or empty a column (here the weights count face-down cards):
  but for its cards sent home alone by Raymond's rule, which is not shown safe here, it
  leaves out no move this family makes.

- Beside the narrow walk (deals 600001..600100 at 2 s, 87 settled with it as taken): a
  narrow dive beside it, 87 (500001..500100: 89, as without); a second narrow walk,
  of every move, 85, or weighing a face-down card 45, 85; its depth cost 3, 86; the
  complete dive left out, 87 (and 89); the narrow walk in the quick walk's place, 87;
  the quick walk's turns 1,200, 86; the narrow walk's first turn of 400, 84. None
  settled more, so the four walks stay as they are.

Speed (the same walks, the same positions): each column's share of the heuristic is
kept (a move changes two columns), the moves are found from the tops (each card by its
code in the columns laid end to end), the quick walk's moves are left out before they
are made, and a deal, made through the engine once for each stock and values, is laid
by the family after that.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Hashable
from dataclasses import replace
from itertools import accumulate, pairwise

from ..model.cards import SUITS, Card
from ..model.moves import Move, MoveKind
from ..model.rules import Rules
from ..model.state import State
from ..model.vocabulary import Build, Role
from .compact import OPPOSITE, RED, card_code, code_card, raise_found
from .core import Core, Strategy, Walk, best_of

__all__ = ["BUDGET", "YukonSearch", "agrees_with_engine"]

# Positions the search may visit before it answers "unknown" (the table's partner and
# --solve alike).
BUDGET = 300_000
SEP = b"\xff"  # between columns in a key: neither a card (4..55) nor a face-down count
RUN = 13  # a whole suit, king to ace
RUNS = tuple(bytes(rank * 4 + suit for rank in range(RUN, 0, -1)) for suit in range(4))
COUNTS = tuple(bytes((count,)) for count in range(64))  # a face-down count, as a key's byte
# The heuristic's weights (higher is better): a card home, a card face down, a card above
# the next one its foundation takes, a face-up card not on the card it builds on, an
# empty column.
W_HOME, W_DOWN, W_BURIED, W_BREAK, W_EMPTY = 60, 30, 2, 3, 8
SPECIAL = "special"  # a macro step made through the engine: (SPECIAL, kind)
KINGS = RUN * 4  # the codes of kings and above: no successor
ON_PATH, FREE, FROZEN = 1, 2, 3  # a card's mark in the dead-end test's walk along links
NO_CHANCES: tuple[tuple, bool, frozenset] = ((), False, frozenset())  # no special moves
HOME_STEP = -1  # a card's step home, among the steps onto columns (by index)
# The successors the narrow walk keeps of each position it expands (``_narrow``): the two
# that look best (Yukon's deals 600001..600100 at 2 s, the narrow walk's turns as long as
# the complete best-first walk's: 84 settled keeping two of the quick walk's moves, 80
# keeping three, 82 keeping two of every move).
NARROW = 2
# The heuristic's shares of columns kept at most (then forgotten, all at once): some 3 MB
# (as fast as four times as many; Yukon's full budget then takes 96 MB at most, 91 without).
COLUMN_VALUES_KEPT = 1 << 14


class YukonSearch(Core[tuple]):
    """A best-first walk and a dive taking turns, from ``state`` (see the module notes),
    with a quick walk for wins beside in alternate colours, and a best-first walk alone
    where runs go home; ``without`` names kinds of special move the search may not make."""

    strategies: tuple[Strategy, ...] = (
        Strategy(Walk.BEST_FIRST, 400, depth_cost=1),
        Strategy(Walk.DIVE, 100),
    )
    # Building in alternate colours most deals are won: a quick walk for wins goes beside
    # the two (``_hopeful``; Yukon's deals 600001..600060 at 2 s: 43 settled without it,
    # 49 with it). In suit most are lost, and their proofs need the whole budget (Scorpion's
    # deals 600001..600020: 12 losses proven without it, 10 with it). The quick walk takes
    # turns twice as long as the best-first complete one (Yukon's deals at 2 s, the same
    # code: 600001..600100 79 settled where 78 with turns as long, 500001..500100 84
    # where 81). A narrow walk goes beside them too (``_narrow``): taking the last turn,
    # of 800 positions, 600001..600100 87 settled where 79 without it (84 with turns of
    # 400, the same 87 with 1,600), 500001..500100 89 where 84. It takes the first
    # turn: the same deals settled (600001..600200, 500001..500100), those won in
    # 11-15 % fewer positions; and turns of 1,600: 600101..600200 90 settled where 89,
    # the others the same, those won in some 20 % fewer positions again (turns of 400:
    # 600001..600100 84); turns of 3,200: 600101..600200 91, the others the same;
    # turns of 6,400: 600001..600100 88, the others the same, the wins in 4-13 % fewer
    # positions than with turns of 3,200 (turns of 12,800: the same deals settled).
    hopeful_strategies = (
        Strategy(Walk.BEST_FIRST, 6400, depth_cost=1, moves="_narrow", complete=False),
        *strategies,
        Strategy(Walk.BEST_FIRST, 800, depth_cost=1, moves="_hopeful", complete=False),
    )
    # Runs going home (Scorpion), most deals are lost: one complete walk alone. Each walk
    # is a complete search of its own, so a proof of loss needs one walk to see every
    # position, and a second walk beside it takes its share of the budget for visits
    # that count for no proof of the first's (Scorpion's deals 600001..600100 at 2 s: 88
    # settled with the dive beside, 90 without, the same 90 with the dive alone; the 11
    # wins found all the same). At the full budget it stores more positions: 97 MB,
    # where 83.
    proving_strategies = (Strategy(Walk.BEST_FIRST, 400, depth_cost=1),)

    def __init__(
        self,
        rules: Rules,
        state: State,
        *,
        max_positions: int = BUDGET,
        without: frozenset = frozenset(),
    ):
        self.rules = rules
        self.without = without
        self.column_names = rules.tableau
        self.by_suit = rules.build == Build.SUIT
        self.fill = rules.empty_fill_rank
        self.single_home = rules.home_for(state, Card(1, SUITS[0])) is not None
        self.home_names = tuple("f" + suit for suit in SUITS)
        self.stock_name = next(
            (name for name, role in rules.roles.items() if role == Role.HAND), None
        )
        self.has_specials = type(rules).special_moves is not Rules.special_moves
        # (stock, values) -> (the special moves' kinds, whether one may still come, the
        # columns a special move open now tells apart from the others)
        self.specials: dict[tuple, tuple[tuple, bool, frozenset]] = {}
        self.last_chances: tuple = (None, None, NO_CHANCES)  # (stock, values, chances)
        # (stock, values) -> the cards a deal lays on each column, the stock and values
        # after it (``_special``)
        self.deals: dict[tuple, tuple] = {}
        parents = [self._parents_of(code) for code in range(64)]
        # card -> the cards that may be laid on it, in order of code
        self.children = tuple(
            tuple(child for child in range(64) if card in parents[child]) for card in range(64)
        )
        # the cards that may fill an empty column
        self.fillers = tuple(
            code for code in range(4, KINGS + 4) if self.fill is None or code >> 2 == self.fill
        )
        self.safe_by_found: dict[tuple, bytes] = {}  # foundations -> the cards safe home
        # (column, face-down count, foundations where the share depends on them) -> the
        # column's share of the heuristic's value
        self.column_values: dict[tuple, int] = {}
        # Whether the walks look for dead ends (see the module notes): building in suit,
        # only kings filling an empty column, runs going home.
        self.tests_dead = self.by_suit and self.fill == RUN and not self.single_home
        # Only a deal can close a loop (see the module notes): the walks test the start
        # and the positions a deal leads to; where there is no test, nothing.
        self.tests_by_move = self.tests_dead
        # (stock, values) -> whether something may still come that moves cards already in
        # the columns (a redeal): a deal only lays cards on the tops.
        self.reshaping: dict[tuple, bool] = {}
        if self.single_home and not self.by_suit:
            self.strategies = self.hopeful_strategies
        if self.tests_dead:
            self.strategies = self.proving_strategies
        if not self.tests_dead:
            self.strategies = tuple(replace(walk, test_dead=False) for walk in self.strategies)
        start = self._position(state)
        cards = b"".join(start[0]) + start[3]
        # the moves find each card by its code (``_successors``)
        assert len(set(cards)) == len(cards), "the family's games are played with one pack"
        super().__init__(start, max_positions=max_positions)

    # -------------------------------------------------------------- positions and states
    def _position(self, state: State) -> tuple:
        rules = self.rules
        found = [0, 0, 0, 0]
        for name in rules.foundations:
            for card in state.piles[name]:
                found[SUITS.index(card.suit)] += 1
        stock = state.piles[self.stock_name] if self.stock_name else []
        return (
            tuple(bytes(card_code(card) for card in state.piles[name]) for name in rules.tableau),
            tuple(state.face_down(name) for name in rules.tableau),
            tuple(found),
            bytes(card_code(card) for card in stock),
            tuple(sorted(state.values.items())),
        )

    def _state(self, position: tuple) -> State:
        """The engine's position (foundations rebuilt in order of suit): only to ask the
        engine for special moves, which look at the stock, the columns and the values."""
        cols, down, found, stock, values = position
        piles: dict[str, list[Card]] = {name: [] for name in self.rules.roles}
        for name, col in zip(self.column_names, cols):
            piles[name] = [code_card(code) for code in col]
        if self.single_home:
            for suit, count in zip(SUITS, found):
                piles["f" + suit] = [Card(rank, suit) for rank in range(1, count + 1)]
        else:
            homes = iter(self.rules.foundations)
            for suit, count in zip(SUITS, found):
                if count:
                    piles[next(homes)] = [Card(rank, suit) for rank in range(RUN, 0, -1)]
        if self.stock_name:
            piles[self.stock_name] = [code_card(code) for code in stock]
        face_down = {name: count for name, count in zip(self.column_names, down) if count}
        return State(piles, dict(values), face_down)

    def _chances(self, position: tuple) -> tuple[tuple, bool, frozenset]:
        """The kinds of special move open now, whether one may still come, and the
        columns that one tells apart: a redeal all (it gathers them in their order), a
        deal those it lays cards on."""
        if not self.has_specials:
            return NO_CHANCES
        stock, values = position[3], position[4]
        last = self.last_chances  # most positions share their stock and values, as objects
        if last[0] is stock and last[1] is values:
            return last[2]
        marker = (stock, values)
        known = self.specials.get(marker)
        if known is None:
            state = self._state(position)
            kinds = tuple(
                move.kind
                for move in self.rules.special_moves(state)
                if move.kind not in self.without
            )
            later = bool(kinds) or self.rules.has_second_chance(state)
            fixed = set()
            if later:
                fixed = set(range(len(self.column_names)))
            if kinds and MoveKind.REDEAL not in kinds and not self.rules.has_second_chance(state):
                fixed = set()
                for kind in kinds:
                    after = self.rules.successor(state, Move(kind))
                    fixed |= {
                        index
                        for index, name in enumerate(self.column_names)
                        if after.piles[name] != state.piles[name]
                    }
            known = self.specials[marker] = (kinds, later, frozenset(fixed))
        self.last_chances = (stock, values, known)
        return known

    # -------------------------------------------------------------- the core's hooks
    def _key(self, position: tuple) -> Hashable:
        cols, down, found, stock, values = position
        columns = list(map(bytes.__add__, map(COUNTS.__getitem__, down), cols))
        fixed = self._chances(position)[2]
        if fixed:  # the columns a special move tells apart keep their places
            loose = sorted(column for index, column in enumerate(columns) if index not in fixed)
            columns = [column for index, column in enumerate(columns) if index in fixed] + loose
        else:
            columns.sort()
        return SEP.join((*columns, bytes(found), stock)), values

    def _won(self, position: tuple) -> bool:
        found = position[2]
        return found[0] + found[1] + found[2] + found[3] == 52

    def _dead(self, position: tuple) -> bool:
        """Whether a frozen card can never go home (see the module notes)."""
        if self._may_reshape(position):
            return False
        return self._locked_in_loop(position[0], position[1])

    def _worth_testing(self, macro: tuple) -> bool:
        return macro[0][0] == SPECIAL

    def _may_reshape(self, position: tuple) -> bool:
        """Whether a special move that moves cards already in the columns may still come:
        every kind but a deal, and a second chance still to come."""
        if not self.has_specials:
            return False
        marker = (position[3], position[4])
        known = self.reshaping.get(marker)
        if known is None:
            kinds = self._chances(position)[0]
            known = any(kind != MoveKind.DEAL for kind in kinds) or self.rules.has_second_chance(
                self._state(position)
            )
            self.reshaping[marker] = known
        return known

    @staticmethod
    def _locked_in_loop(cols: tuple, down: tuple) -> bool:
        """Runs going home: whether a card of the greatest frozen set lies on a face-down
        card or on anything but its successor (see the module notes), that is whether from
        such a card the links (to the card lying on its successor; to its successor where
        that lies on it; from a face-down card, to the card lying on it) lead to a loop."""
        on = bytearray(64)  # card -> the card lying on it (0: none, or not in the columns)
        hidden = bytearray(64)  # card -> 1 where it lies face down
        stuck = []  # cards that lose where frozen: on a face-down card, or on a wrong one
        for col, count in zip(cols, down):
            if not col:
                continue
            if col[0] < KINGS:
                stuck.append(col[0])
            for height, (under, card) in enumerate(pairwise(col)):
                on[under] = card
                if height < count or (card < KINGS and under != card + 4):
                    stuck.append(card)
            for card in col[:count]:
                hidden[card] = 1
        known = bytearray(64)  # 0 not known, or ON_PATH, FREE, FROZEN

        def frozen(card: int) -> bool:
            """Whether the links from ``card`` lead to a loop (a walk in depth: coming
            back to a card on its path is a loop, so no answer FREE rests on a guess)."""
            mark = known[card]
            if mark:
                return mark != FREE
            known[card] = ON_PATH
            above = on[card]
            found = (
                bool(card < KINGS and on[card + 4] and frozen(on[card + 4]))
                or bool(hidden[card] and frozen(above))
                or (above == card + 4 and frozen(above))
            )
            known[card] = FROZEN if found else FREE
            return found

        return any(frozen(card) for card in stuck)

    def _value(self, position: tuple) -> float:
        cols, down, found, _, _ = position
        value = W_HOME * (found[0] + found[1] + found[2] + found[3])
        # A move changes two columns and leaves the others as they were (the same
        # ``bytes``): each column's share is looked up, not counted again card by card.
        known = self.column_values
        if len(known) > COLUMN_VALUES_KEPT:
            known.clear()
        wanted = found if self.single_home else None
        for col, hidden in zip(cols, down):
            share = known.get((col, hidden, wanted))
            if share is None:
                share = known[col, hidden, wanted] = self._column_value(col, hidden, found)
            value += share
        return value

    def _column_value(self, col: bytes, hidden: int, found: tuple) -> int:
        """A column's share of the heuristic's value."""
        if not col:
            return W_EMPTY
        value = -W_DOWN * hidden
        if self.single_home:
            for suit in range(4):
                at = col.find((found[suit] + 1) * 4 + suit)
                if at >= 0:
                    value -= W_BURIED * (len(col) - 1 - at)
        for at in range(max(hidden, 1), len(col)):
            if not self._builds(col[at], col[at - 1]):
                value -= W_BREAK
        return value

    def _moves_of(self, macro) -> list[Move]:
        moves = []
        for step in macro:
            if step[0] == SPECIAL:
                moves.append(Move(step[1]))
            else:
                src, dst, count = step
                moves.append(Move(MoveKind.MOVE, src, dst, count))
        return moves

    # -------------------------------------------------------------- the moves
    def _builds(self, card: int, onto: int) -> bool:
        if onto >> 2 != (card >> 2) + 1:
            return False
        if self.by_suit:
            return card & 3 == onto & 3
        return RED[card] != RED[onto]

    def _parents_of(self, card: int) -> tuple[int, ...]:
        """The cards ``card`` may be laid on."""
        rank, suit = card >> 2, card & 3
        if not 1 <= rank < RUN:
            return ()
        if self.by_suit:
            return ((rank + 1) * 4 + suit,)
        return tuple((rank + 1) * 4 + other for other in OPPOSITE[suit])

    def _safe_cards(self, found: tuple) -> bytes:
        """The cards that may go home with nothing left in play that could be laid on
        them, by the foundations (kept: the foundations change seldom)."""
        known = self.safe_by_found.get(found)
        if known is None:
            known = self.safe_by_found[found] = bytes(
                card
                for card in ((found[suit] + 1) * 4 + suit for suit in range(4))
                if card < KINGS + 4 and self._safe(card, found)
            )
        return known

    def _safe(self, card: int, found: tuple) -> bool:
        """May ``card`` go home with nothing left in play that could be laid on it?"""
        suit, rank = card & 3, card >> 2
        if found[suit] != rank - 1:
            return False
        if self.by_suit:
            return True
        return all(found[other] >= rank - 1 for other in OPPOSITE[suit])

    def _successors(self, position: tuple) -> list:
        return self._moves(position)

    def _moves(self, position: tuple, every_move: bool = True) -> list:
        """The moves of ``position``, each with the position after it; ``every_move``
        False, the quick walk's (``_hopeful``)."""
        cols, down, found = position[:3]
        kinds, later, fixed = self._chances(position)
        if self.single_home and not later:
            # The safe card with the lowest code first, wherever it lies: equal positions
            # (columns in another order) send the same card home.
            safe = self._safe_cards(found)
            if safe:
                homes = [
                    (col[-1], index) for index, col in enumerate(cols) if col and col[-1] in safe
                ]
                if homes:
                    return [self._home(position, min(homes)[1])]
        if self.tests_dead and not later:
            joining = self._onto_run_from_king(position)
            if joining is not None:
                return [joining]
        # Each card is found by its code (one pack: codes are unique) in the columns laid
        # end to end, from the tops it may go on, not the other way round: a handful of
        # searches in C instead of a loop over every face-up card. The moves are then put
        # in the order of the cards that move (column, height), the home move first, then
        # the cards they go on by code, then empty columns: the order of a loop over the
        # cards, which the walks' ties follow.
        flat = b"".join(cols)
        ends = list(accumulate(map(len, cols)))
        steps = []  # (source column, height, order, target column)
        children = self.children
        for target, col in enumerate(cols):
            if not col:
                continue
            top = col[-1]
            if self.single_home and found[top & 3] == (top >> 2) - 1:
                steps.append((target, -1, 0, HOME_STEP))
            for card in children[top]:
                at = flat.find(card)
                if at < 0:
                    continue
                index = bisect_right(ends, at)
                at -= ends[index] - len(cols[index])
                if index != target and at >= down[index]:
                    steps.append((index, at, top, target))
        # Empty columns are alike but where a special move tells them apart: of the
        # others only the first is tried.
        empties = [index for index, col in enumerate(cols) if not col and index in fixed]
        empties += [index for index, col in enumerate(cols) if not col and index not in fixed][:1]
        if empties:
            for card in self.fillers:
                index, at = _place_of(card, flat, ends, cols)
                if index >= 0 and at >= down[index]:
                    steps.extend(
                        (index, at, 64 + rank, to)
                        for rank, to in enumerate(empties)
                        # a whole column to an empty one: the same position, but where a
                        # special move tells the two apart
                        if at or index in fixed or to in fixed
                    )
        if not every_move:  # the quick walk's (``_hopeful``), left out before they are made
            steps = [
                step
                for step in steps
                if step[3] == HOME_STEP or not self._off_its_parent(position, step[0], step[1])
            ]
        steps.sort()
        out = [
            self._home(position, index) if to == HOME_STEP else self._move(position, index, to, at)
            for index, at, _, to in steps
        ]
        for kind in kinds:
            out.append((((SPECIAL, kind),), self._special(position, kind)))
        return out

    def _onto_run_from_king(self, position: tuple) -> tuple | None:
        """Runs going home, nothing left to deal: the move of a face-up card X (with the
        cards on it) onto X+ at the top of a column whose face-up cards are the run from
        its king down to X+ (see the module notes), the lowest X first; or None."""
        cols, down = position[:2]
        runs = sorted(
            (col[-1] - 4, target)
            for target, col in enumerate(cols)
            if col
            and col[down[target]] >= KINGS
            and col[-1] >= 8
            and col[down[target] :] == RUNS[col[down[target]] & 3][: len(col) - down[target]]
        )
        if not runs:
            return None
        flat = b"".join(cols)
        ends = list(accumulate(map(len, cols)))
        for card, target in runs:
            index, at = _place_of(card, flat, ends, cols)
            if index >= 0 and at >= down[index]:
                return self._move(position, index, target, at)
        return None

    def _special(self, position: tuple, kind: MoveKind) -> tuple:
        """The position after a special move. A deal lays the same cards on the same
        columns wherever the cards in the columns lie (its kinds and places depend on
        the stock and the values only, as ``_chances`` has it too): the engine makes it
        once for each stock and values, and the cards it laid are laid here after that,
        then the runs that makes go home as after a move. The first time is checked
        against the engine's position; where the engine's position is not the columns
        with cards laid on them (a run went home at once), it is asked again next time."""
        if kind != MoveKind.DEAL:
            return self._position(self.rules.successor(self._state(position), Move(kind)))
        marker = (position[3], position[4])
        laid = self.deals.get(marker)
        if laid is not None:
            return self._lay(position, laid)
        before = self._state(position)
        after = self._position(self.rules.successor(before, Move(kind)))
        cols = position[0]
        if all(new.startswith(old) for old, new in zip(cols, after[0])):
            laid = (tuple(new[len(old) :] for old, new in zip(cols, after[0])), *after[3:])
            if self._lay(position, laid) == after:
                self.deals[marker] = laid
        return after

    def _lay(self, position: tuple, laid: tuple) -> tuple:
        """``position`` with the cards of a deal laid on the columns (``_special``)."""
        cols, down, found = position[:3]
        extras, stock, values = laid
        new_cols = [col + extra for col, extra in zip(cols, extras)]
        new_down = list(down)
        touched = tuple(index for index, extra in enumerate(extras) if extra)
        found = self._runs_home(new_cols, new_down, found, touched)
        return (tuple(new_cols), tuple(new_down), found, stock, values)

    def _hopeful(self, position: tuple) -> list:
        """The moves, less those that take cards off a face-up card they build on where
        that card cannot go home next: a player seldom needs them, but a complete walk
        tries every one (a quick walk's moves: its running dry proves nothing)."""
        return self._moves(position, every_move=False)

    def _narrow(self, position: tuple) -> list:
        """The narrow walk's moves: of the quick walk's (``_hopeful``), the ``NARROW``
        whose positions look best (the first made among equals), as Klondike's narrow walk
        keeps its best two. The walks that keep every move spend their positions under
        the first moves they take; keeping two a position, this one looks far down many
        more early choices within as many positions (its running dry proves nothing)."""
        return best_of(self._moves(position, every_move=False), NARROW, self._value)

    def _off_its_parent(self, position: tuple, index: int, at: int) -> bool:
        """Whether the card of column ``index`` at ``at`` lies face up on a face-up card
        it builds on, one that cannot go home next (``_hopeful``)."""
        col, down, found = position[0][index], position[1], position[2]
        if at <= down[index] or not self._builds(col[at], col[at - 1]):
            return False
        under = col[at - 1]
        return not (self.single_home and found[under & 3] == (under >> 2) - 1)

    def _home(self, position: tuple, index: int) -> tuple:
        cols, down, found, stock, values = position
        col = cols[index]
        card = col[-1]
        new_cols = list(cols)
        new_cols[index] = col[:-1]
        new_down = list(down)
        self._turn_up(new_cols, new_down, index)
        after = (tuple(new_cols), tuple(new_down), raise_found(found, card & 3), stock, values)
        return ((self.column_names[index], self.home_names[card & 3], 1),), after

    def _move(self, position: tuple, src: int, dst: int, at: int) -> tuple:
        """The cards of column ``src`` from ``at`` up onto column ``dst``."""
        cols, down, found, stock, values = position
        col = cols[src]
        new_cols = list(cols)
        new_cols[src] = col[:at]
        new_cols[dst] = cols[dst] + col[at:]
        # A run goes home only with an ace at the top of a column the move touches (the
        # cards moved, or those it leaves): codes below 8 are aces.
        runs = not self.single_home and (col[-1] < 8 or (at and col[at - 1] < 8))
        if not runs and (down[src] < at or not down[src]):
            # nothing turns up nor goes home: the face-down counts as they were
            after = (tuple(new_cols), down, found, stock, values)
        else:
            new_down = list(down)
            if runs:
                found = self._runs_home(new_cols, new_down, found, (src, dst))
            self._turn_up(new_cols, new_down, src)
            after = (tuple(new_cols), tuple(new_down), found, stock, values)
        names = self.column_names
        return ((names[src], names[dst], len(col) - at),), after

    @staticmethod
    def _turn_up(cols: list, down: list, index: int) -> None:
        if down[index] >= len(cols[index]):
            down[index] = max(0, len(cols[index]) - 1)

    def _runs_home(self, cols: list, down: list, found: tuple, touched: tuple) -> tuple:
        """A run from king to ace in one suit, face up at the top of a column, goes home
        whole (the game's ``follow_up``); the card under it turns up."""
        for index in touched:
            col = cols[index]
            if len(col) - down[index] < RUN or col[-1] >> 2 != 1:
                continue
            suit = col[-1] & 3
            if col.endswith(RUNS[suit]):
                cols[index] = col[:-RUN]
                self._turn_up(cols, down, index)
                found = tuple(RUN if other == suit else found[other] for other in range(4))
        return found


def _place_of(card: int, flat: bytes, ends: list[int], cols) -> tuple[int, int]:
    """Where a card lies in the columns laid end to end (``flat``, each column ending at
    its entry of ``ends``): its column and its height there, or (-1, -1) where no
    column holds it. (The loop over the tops in ``_successors`` does the same inline: it
    runs for every position expanded.)"""
    at = flat.find(card)
    if at < 0:
        return -1, -1
    index = bisect_right(ends, at)
    return index, at - (ends[index] - len(cols[index]))


def agrees_with_engine(rules: Rules, state: State) -> str | None:
    """Whether the moves made here from ``state`` are the engine's: the same positions one
    move away (keys compared, the position itself left out), or, where a move is made
    alone (a card home safely, a card onto a run from its king), that move among the
    engine's. Why not, or None."""
    search = YukonSearch(rules, state, max_positions=1)
    mine = search._moves(search.start)
    engine = {
        search._key(search._position(rules.successor(state, move)))
        for move in rules.legal_moves(state)
    }
    engine.discard(search._key(search.start))
    keys = {search._key(after) for _, after in mine}
    if len(mine) == 1 and keys <= engine:
        (step,) = mine[0][0]
        if step[0] != SPECIAL and step[1] in search.home_names:
            return None  # a card that goes home safely, alone
        if mine[0] == search._onto_run_from_king(search.start):
            return None  # a card onto a run from its king, alone
    if keys != engine:
        return f"moves differ: {len(keys - engine)} not the engine's, {len(engine - keys)} missed"
    return None


# The search solve.py makes for the games whose definition names this module as solver.
SEARCH = YukonSearch
