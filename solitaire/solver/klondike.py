"""A dedicated Klondike solver in pure Python: best-first over compact positions.

What the verdict assumes: the solver sees every card, the face-down ones and the order
of the stock too ("thoughtful" Klondike, as KPatience's solver and the Solvitaire paper
count it). "Winnable" therefore means a player who knew every card could win; a player
who turns the cards up as they come may still lose the deal. "Cannot be won" holds for
any player.

A position is its key, one ``bytes``, with the number of cards really turned onto the
waste, its depth in the walk and how promising it looks. The key holds the foundation
counts, the seven face-down counts and column lengths, the passes used, how much of the
talon is turned, the talon (the waste from its bottom, then the stock from its top: an
order turning never changes) and the seven columns' cards (``rank * 4 + suit``, suits
in the order C D H S), bottom card first. Columns with no card face down differ only by
their cards (a column's place plays no part in the rules), so the key has them sorted, in
the places such columns have (a column never gets a face-down card back): the position
keeps which pile each one is, and its moves name the piles. The heap and the table of
positions found share that one ``bytes``, some 300 bytes a position with their
bookkeeping, so a search of the whole budget stays near 70 MB. Where passes are
unlimited, the states of the talon that a fresh pass turns to (none turned, a multiple of
the draw, or all of it) reach one
another by turning alone: they have the same successors, and are one key (by ones, every
state of the talon is); the position keeps how many cards are really turned, so the
turns it plays are the engine's. The walk is the solver core's (``core.py``): it keeps
each key found and the one it was found from, and reads a win back as the engine moves
of each step from the start, which the search's caller replays through the rules.

Moves are exactly the engine's (``Klondike``): a face-up run in alternate colours onto a
column whose top is one rank higher of the other colour, a king's run into an empty
column, a column's or the waste's top card home, a foundation's top card back onto a
column, turning the stock (one or three cards) and turning the waste back over while
passes are left. After a move, the uncovered face-down card turns up, as in the engine.

The stock is searched in macro moves, as in the "K+" Klondike solvers: a position is
expanded to the moves of its columns and foundations and, for every state of the stock
and waste that turning the stock (as often as the passes allow) can reach, the moves of
the waste's top card there, each after the turns that bring it up. No position is kept
between turns. That loses no win: turning the stock changes only the stock and the
waste, and the other moves only the columns and the foundations, so in any winning line
the turns can wait until just before the next move of a waste card (turns at the very
end of a line are of no use), and the line becomes these macro moves.

Twins (the two cards of one rank and colour) make classes of positions. Moving part of
a column's face-up run always takes it from one twin (face up, the run on it) onto the
other (the top of a column), and the run can go back at once: positions that differ
only by which twin each such run lies on reach one another by those moves, so one can be
won exactly when the other can. The search keeps one of each class (every run on the
twin of the lower code: ``_settle`` moves it there, and the line plays those moves) and
gives it the successors of every member: its own moves but those that move part of a
run, and for each twin under a run, that run moved onto the other twin followed by what
only the uncovered twin allows: the twin home, or a card onto it (the lowest card of a
column's face-up run, the waste's top after some turns, a foundation's top). Any other
move of a member does to the class what the same move of the kept one does.

Moves left out, and why that loses no win (each rule: if a position can be won, one of
the positions the search does make from it can be won):

- A column's top card that may go home when both foundations of the other colour hold
  at least its rank less one card, and the other foundation of its colour its rank less
  two, goes home alone, before any other move: nothing still in play can ever need to
  lie on it, even with cards coming back from the foundations (``Rules.is_safe_home``
  proves this for every build rule, this is its case for alternate colours). So does a
  twin's that a run moved to the other twin uncovers.
- Drawing one card at a time, a card of the talon that is safe so goes home alone too:
  the waste's top card, or, where passes are unlimited, any card of the talon after the
  turns that bring it up. A winning line that keeps it is still legal without its moves:
  by ones, a card fewer in the talon changes neither the order of the others nor the
  passes it takes to reach them (by threes it would regroup them, so there it is not
  done), and with passes unlimited the cards turned past come round again.
- Of several empty columns only the first is tried, and a king's run that fills a whole
  column with no card under it never moves to another empty column (the same position).
- An ace never comes back from its foundation, and another card c only when something
  may follow it: a card of the rank below of the other colour in a foundation, face up
  in a column or at the top of the waste after some turns (to lie on c), or a card to
  lie on for the card under c in its foundation, at the top of a column (of any member
  of the twins' class) or in a foundation (to come back in its turn). Take a shortest
  winning line, among those the one with the fewest foundation cards coming back before
  its first other move; say they come back in a block, then move g. For each card c of
  the block, the first later move that touches c, lays a card on c or takes from c's
  foundation is in the block or
  is g, and lays a card on c or takes the card under it: c going home again or alone to
  another column would make a shorter line, c carried off in a run (g) or a first touch
  after g would let c wait (after that run, or until just before that touch) and make
  the block shorter. So the first card of the block is followed by a chain of cards
  that come back onto one another or from under one another, ended by g laying on the
  last a card that a column, the waste or a foundation already held. The first card of
  the block is so followed by a card from a foundation, a column or the waste laid on
  it, or by the card under it coming back onto a top or onto another card of the block,
  one that a foundation held: what the rule looks for. So the block is empty, or starts
  with a card the search brings back (an ace has nothing to follow it).
- Drawing three, a position the walk has visited stands for one with the same cards
  everywhere whose talon's state turning reaches from its own (``_covered``): with passes
  unlimited, ``c`` cards turned (after a waste card was played, not a multiple of three)
  reach ``c + 3``, ``c + 6``, ... and then the fresh pass's states; with passes counted,
  the states further on in the same pass by threes (or all turned), and a later pass's
  fresh states. Turning reaches fewer states from the other, and the moves of a position
  are those of its columns and foundations and of the states its turns reach (a deferred
  position's too), so its successors are some of this one's, and a shortest win from it
  is no shorter from here: the walk leaves it out as it leaves out one it has visited, and
  a walk that runs dry has still seen every position a win could go through.
- A position is dropped as dead (``_dead``) when some card that must leave its place
  never can: every card covering face-down cards (the lowest face-up card of a column,
  and every face-down card over another) must move before the cards under it can, and
  it can move only home (once the cards below it in its suit are out), onto a card one
  rank higher of the other colour (once that card is uncovered), or, a king, into an
  empty column. Counting every card of the talon and the foundations and every face-up
  card as free, a card is free when every such covering card above it can move, and a
  covering card can move when it is a king, when a card it may lie on is free, or when
  every card below it in its suit is free; worked out to the end, a covering card that
  still cannot move never will, so it never goes home. Every winning line moves each
  covering card, and at its first move the reason it could move held already, so
  nothing that can be won is called dead. The start is asked with parents counted
  only where they can lie in a column (``_placeable``: a card of the talon or the
  foundations lies in one only on a card that can, or a king in an empty column), as a
  covering card moves onto a parent at the top of a column: deal 600062 is so dead at
  once, where the free black fives of its stock hid it. Only the start is asked: no move
  makes a position dead that was not by the first test (``_dead`` says why), and none of
  the positions of five searches was dead by the second.
- With passes counted, in the last pass, parts of the talon are taken for columns of
  covered cards (``_talon_piles``): the waste, which nothing turns back over any more,
  so a card of it leaves only after every card above it, home or onto a column; and,
  drawing three, each group of cards the stock will turn together (the stock turns in
  the same groups of three from its top to its end), the group's last card on top. Every
  winning line takes each of these cards home, each after the cards above it, so the
  same test holds; a move that turns the stock may make a position dead that way (it
  lays cards on the waste), the others only take cards off the waste, so positions a
  move with turns leads to are asked too (``_worth_testing``), without the parents
  counted only where they can lie in a column.

Every other move is tried, so a search that runs dry has seen every position reachable
from the start, less positions that cannot be won: that is the proof that the deal
cannot be won.

Some moves are tried last, not left out: a foundation's card back, a run that empties a
column while every king lies at the bottom of one, and a card onto a twin uncovered by
moving its run. They come from a deferred position of their own (the same key with one
byte more, reached by no move) that waits in the heap behind the position they are made
from (``LATER``), so a search that finds a win finds it without counting them, and one
that runs dry has tried them too.

Walks of the core take turns (``strategies``), so that a deal one of them finds hard may
be easy for another. A best-first walk that takes positions deep first (how promising a
position looks counts the moves that led there, ``_promise``, so it follows a way forward
down to its end before it looks at the others) has the first turn, and wins most easy
deals within it; then, where passes are unlimited, a depth-first dive that tries the most
promising move first, a walk that counts moves, as ShootMe's Klondike-Solver does
(weighted A*: the moves made plus a guess of the moves still needed, ``_moves_left``, the
fewest first), and a narrow walk take turns, the deep walk never again (``_next_turn``).
With passes counted the deep walk and the narrow walk take turns (the
talon's states do not merge there, and the other two walks settled fewer deals beside the
deep walk; the narrow walk finds wins that the deep walk, alone, did not: drawing one with
three passes, tuning deals 600001..600100 at 2 s, 80 settled where the deep walk
alone settled 57). Drawing one each walk takes positions of
equal promise in the order it found them, not the store's (``__init__`` says why: deal
5). The narrow walk counts moves too, but of
each position it expands keeps only the two successors the guess finds best
(``_narrow``; Klondike-Solver's quick search keeps three): it leaves out moves that may
lose a win, so it is not a complete search and its running dry proves nothing. The other
three walks keep every move, and a "cannot be won" comes from one of them running dry.

Why the narrow walk: replayed against Klondike-Solver's winning lines (through the
``pyksolve`` package outside the project) on tuning deals that the walks left unknown
drawing three (600008, 600022, 600038, 600040, 600048), the walks lost the line within
its first ten moves: from the position a move further along it they won within 180 to
4,800 positions, from the one before it not within 20,000. The move they missed was
always among the successors (along eight such lines every move but a card home is
reached within three of ours, and where a card home is not, our position has one move
only: another card that goes home safely, first), but ranked second to fifth, often
tied with others: a king of the waste into an empty column, a card that empties a
column, a card onto a column that turns nothing up, while a waste card home after many
turns or a card turning one up looked better. The walks that keep
every move spend their positions under the first moves they take and seldom come back
to the others; keeping two moves a position, the narrow walk reaches the end of many
more early choices within as many positions.

Tried and left out (drawing one and three, tuning deals 600001..600100 at 2 s of CPU,
settled of 100, the search already a third quicker; the arrangement above 86 and 85):
the deep walk taking every third turn, as before, 85 and 85; with half as many
expansions in its turns, first in the round 85 and 86, last 86 and 87; the dive and the
other walk alone, 87 and 86, but drawing three half of the deals took 0.038 s or more,
against 0.022 s before (easy deals the deep walk wins at once waited for the dive); of
those two, the dive's turns twice as long, 87 and 85, the other walk's, 84 and 86, both
half as long, 86 and 86, the other walk first, 85 and 87, a move weighing half as much
in it, 84 and 83, or twice, 85 and 77, a dive ordered by the guess of moves left in its
place, 81 and 74; a third walk that leaves moves out, Solvitaire's "streamliner" (where
a card can go home, that move alone), as a dive (drawing one 84) or counting moves, 84
and 87: on its own it finds some wins in a third of the positions, but runs dry on
others it loses. The three walks of before, given 200,000 positions (some 10 s), win 5
of the 15 deals they leave unknown drawing one, so speed alone settles few more: the
other 10 stay unknown (Klondike-Solver, through the ``pyksolve`` package outside the
project, wins 4 of them within 1,000,000 states).

Tried and left out with the sorted columns and the positions that stand for others
(2026-11-29): the stronger dead-end test (a parent counted only where it can lie in a
column) asked of every position, not the start only: of the positions five searches
found (deals 600002 drawing one and three, 600022 drawing three, 600023, a proof, and
600087 drawing one; 9,000 to 40,000 positions each) none was dead by it, at some 40 µs a
test; positions standing for others drawing
one with passes counted (a position with the pointer further on): the same positions to
the verdict on deals 600001..600015 with one pass, 7 % more time; the walks' states
visited kept in one table, each position's once for all walks: 97 MB at the whole budget
drawing three (deal 600008) where a table a walk takes 92 MB (72 MB before positions stood
for others).

Tried with the narrow walk and left out (2026-11-29; drawing three, the 31 tuning deals
of 600001..600200 the three walks of before left unknown at 2 s of CPU; won / proven
lost of the 31): in the dive's place, a best-first walk that counts each move ranked
below the best among its siblings as 10 worse (a search by discrepancies), 3 / 0; the
narrow walk keeping three successors, 6 / 1; keeping two, 14 / 1, but ten deals the dive
won at once took five to eighty times longer (600065: 0.02 s, then 1.77 s); the narrow
walk by ``_promise`` in place of the guess of moves left, 8 / 1; the narrow walk in the
place of the walk that counts moves, 14 / 1. The four walks taken: 13 / 0, and of the
200 tuning deals none settled before took half as long again (and 0.05 s) or more.
Drawing one, of the 21 tuning deals the four walks leave unknown (Klondike-Solver wins 8
of them, lost early by our walks as drawing three): the narrow walk's turns twice as
long, 0 won; a fifth walk, narrow by ``_promise``, 1 won; a fifth walk narrow as the
fourth but taking the last made among equal guesses, 1 won (drawing three 1 of 18).

With passes counted (2026-11-29; deals 600001..600040 at 2 s of CPU, settled of 40, side
by side; drawing one with one pass, one with three passes, three with one, three with
three): the deep walk alone 14, 24, 36, 21; the three walks as where passes are
unlimited 11, 24, 36 (of the first 32 only, as the deep walk alone), 22; with the waste
of the last pass as covered cards in the dead-end test 19, 25, 36, 22, and the stock's
groups drawing three too, the same (deals dead at once, none settled more). Left out:
the three walks (no more settled, one proof fewer by ones in one pass, as a proof needs
one walk to run dry); positions standing for others drawing one with three passes
(a fresh pass's states stand for a later pass's): the same 25 settled, 2 % fewer
positions over the 24 wins, and a position whose waste's top goes home alone would
stand for others whose moves it does not have (``_covered``): not worth a new proof;
the positions after turns in the last pass asked with the parents counted only where
they can lie in a column (``_placeable``), as the start is: a quarter fewer positions
on some proofs, but each test slower, 17 settled of 40 in place of 19 by ones in one
pass, 22 as before by threes in three passes.

Speed tried and left out (the same positions in the same order): the waste's playable
cards found from a table, cached by the talon's length, cards turned and passes, of
where each state of the talon shows a card, in place of a look at every state: 1 to 4 %
quicker on the expansions of deal 600002 timed alone, nothing seen in whole searches,
and not worth the code; the columns a card may go to as one table a position, made from
the tops, in place of a look for each of its parents: the same time (within 2 %).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Hashable
from itertools import accumulate
from operator import getitem

from ..model.cards import SUITS
from ..model.games.klondike import Klondike
from ..model.moves import Move, MoveKind
from ..model.rules import Rules
from ..model.state import State
from .compact import knots
from .core import Core, Macro, Strategy, Walk, best_of

__all__ = ["BUDGET", "KlondikeSearch"]

# Positions a search may find before it answers "unknown" (the table's partner and
# --solve alike); a --solve process that reaches it stays under 100 MB.
BUDGET = 200_000

COLUMNS = tuple(f"t{number}" for number in range(1, 8))
FOUNDATION_OF = tuple("f" + suit for suit in SUITS)
KING = 13
TURN = Move(MoveKind.TURN)
RED = tuple((code & 3) in (1, 2) for code in range(64))
# The cards a card may lie on in a column (one rank higher, the other colour).
PARENTS = tuple(
    (
        tuple(((code >> 2) + 1) * 4 + suit for suit in range(4) if RED[suit] != RED[code & 3])
        if 1 <= code >> 2 < KING
        else ()
    )
    for code in range(64)
)
# The cards that may lie on a card (one rank lower, the other colour).
CHILDREN = tuple(
    (
        tuple(((code >> 2) - 1) * 4 + suit for suit in range(4) if RED[suit] != RED[code & 3])
        if code >> 2 > 1
        else ()
    )
    for code in range(64)
)
# The same as bits of one int (bit ``code`` for a card), and the cards below a card in
# its suit; the kings' codes begin at KING_CODE.
BIT = tuple(1 << code for code in range(64))
PARENT_BITS = tuple(sum(BIT[parent] for parent in PARENTS[code]) for code in range(64))
SUIT_BELOW = tuple(
    sum(BIT[rank * 4 + (code & 3)] for rank in range(1, code >> 2)) for code in range(64)
)
KING_CODE = KING * 4
KINGS = tuple(range(KING_CODE, KING_CODE + 4))
KINGS_BITS = sum(BIT[king] for king in KINGS)
ALL_CARDS = sum(BIT[rank * 4 + suit] for rank in range(1, KING + 1) for suit in range(4))
# The cards that lie on another in a column (all but the kings).
LAYABLE = range(4, KING_CODE)
OTHER_COLOUR = ((1, 2), (0, 3), (0, 3), (1, 2))  # the suits of the other colour
SAME_COLOUR = (3, 2, 1, 0)  # the other suit of the same colour
# Where the parts of a key begin: foundations, face-down counts, column lengths, passes
# used, cards turned (as the key counts them), talon length, then the talon and columns.
DOWN, LENGTHS, PASSES, TURNED, TALON = 4, 11, 18, 19, 20
WON = bytes((KING,) * 4)
# How promising a position looks (``_promise``): what a card home, a card face down, a
# card in the talon and a knotted face-down card are worth, and each move made. The
# weights were tuned on deals 600001..600040: a move made weighs as much as half a card
# turned up (the walk follows a way forward deep down), a knot more than a card face down.
HOME, FACE_DOWN, IN_TALON, KNOT, DEEPER = 10.0, 6.0, 0.25, 10.0, 3.0
# The moves the search tries last (see the module's docstring) wait behind a position
# worth this much less than the one they are made from.
LATER = 50.0
# ... and, to the walk that counts moves, this many moves more than it.
LATER_MOVES = 5.0
# The successors the narrow walk keeps of each position it expands (``_narrow``): the two
# that the guess of moves left (``_moves_left``) finds best.
NARROW = 2


def _code(card) -> int:
    return card.rank * 4 + SUITS.index(card.suit)


def _is_safe(card: int, found) -> bool:
    """May ``card`` go home with no need to try anything else? When both foundations of
    the other colour hold its rank less one card and the other of its colour its rank less
    two, nothing still in play can ever need to lie on it, even with cards coming back
    from the foundations (``Rules.is_safe_home`` proves it for alternate colours)."""
    suit, rank = card & 3, card >> 2
    return (
        found[suit] == rank - 1
        and all(found[other] >= rank - 1 for other in OTHER_COLOUR[suit])
        and found[SAME_COLOUR[suit]] >= rank - 2
    )


def _state_bit(passes: int, turned: int) -> int:
    """A state of the talon as a bit's place (a talon holds 24 cards at most)."""
    return passes * 32 + turned


def _raised(found: bytes, suit: int, by: int) -> bytes:
    return found[:suit] + bytes((found[suit] + by,)) + found[suit + 1 :]


# A table's entry (``_position`` sums them with ``map``, quicker than a loop of its own).
_weight_at: Callable[[tuple[float, ...], int], float] = getitem

# A position: its key, the cards really turned onto the waste (the key may count the
# talon as a fresh pass, see the module's docstring), its depth, how promising it looks,
# the piles its columns are (the key sorts those with no card face down) and whether it
# is a deferred one.
Position = tuple[bytes, int, int, float, tuple[str, ...], bool]


def _unpacked(key: bytes) -> tuple[bytes, list, int, bytes, list]:
    """A key's foundation counts, face-down counts, passes used, talon and columns (a
    deferred position's byte more at the end is not read)."""
    end = TALON + 1 + key[TALON]
    cols = []
    for length in key[LENGTHS:PASSES]:
        cols.append(key[end : end + length])
        end += length
    return (
        key[:DOWN],
        list(key[DOWN:LENGTHS]),
        key[PASSES],
        key[TALON + 1 : TALON + 1 + key[TALON]],
        cols,
    )


def _promise(found: bytes, hidden: float, talon: int, depth: int) -> float:
    """How promising a position looks: cards home, few cards face down and few knots
    (``compact.knots``; ``hidden`` is what they weigh), short stock and waste (a card there is one
    more to fetch); and the moves made, so that the walk follows a way forward deep down
    before it looks at others."""
    return HOME * sum(found) - hidden - IN_TALON * talon + DEEPER * depth


class KlondikeSearch(Core[Position]):
    """Two walks in turns from ``state``, or one (the module's docstring); ``without``
    may name TURN (then the stock stays put)."""

    strategies: tuple[Strategy, ...] = (
        Strategy(),
        Strategy(walk=Walk.DIVE),
        Strategy(value="_moves_left", depth_cost=1.0),
        Strategy(value="_moves_left", depth_cost=1.0, moves="_narrow", complete=False),
    )

    def __init__(
        self,
        rules: Rules,
        state: State,
        *,
        max_positions: int = BUDGET,
        without: frozenset = frozenset(),
    ):
        self.rules = rules
        assert isinstance(rules, Klondike), "this search knows Klondike's rules only"
        self.draw = rules.turn_count
        self.passes_limit = rules.passes  # None: unlimited
        # (not ``turns``: the core counts its walks' turns by that name)
        self.turning = MoveKind.TURN not in without
        # Turning alone brings the talon round to any state of a fresh pass, again and again.
        self.cycles = self.turning and self.passes_limit is None
        # A position stands for those its turns of the stock reach (``_covered``): each walk
        # keeps, for everything of a position but its talon's state, the states it has
        # visited that stand for others (a bit each, ``_state_bit``).
        self.covers = self.turning and self.draw > 1
        # With passes counted a position is asked whether it is dead (``_dead``) where the
        # move to it turned cards onto the waste in the last pass; the others never are.
        self.tests_by_move = self.passes_limit is not None
        self._covering: dict[tuple[int, int, int], int] = {}
        if not self.cycles:
            # With passes counted the talon's states do not merge and a walk has many
            # more positions to see: the dive and the walk that counts moves cost the
            # deep walk more than they found (drawing one with one pass, deals
            # 600001..600015 at 1 s: 3 settled by the deep walk alone, 1 by the three
            # walks; with the walk that counts moves beside the deep and the narrow walk,
            # 600001..600040 at 2 s, 15 settled where 19 by ones in one pass). The narrow
            # walk beside the deep walk, the two in turn (``_next_turn``), wins
            # where the deep walk alone did not and proved as many losses: at 2 s drawing
            # one with three passes 32 of 40 settled where 25 (600041..600100: 48 of 60
            # where 32), drawing three with three passes 23 where 22.
            deep, _, _, narrow = self.strategies
            self.strategies = (deep, narrow)
        elif self.draw == 1:
            # Drawing one the guess of moves left ties often, and the narrow walk's finds
            # reordered the walk that counts moves where equal promises went in the
            # store's order: deal 5, which that walk wins in 16,819 positions beside the
            # dive alone, took 198,984 (9 s) with the narrow walk beside them. Each walk
            # takes them in the order it found them itself: 21,414. (Drawing three the
            # same on tuning deals 600001..600200: 159 won, 23 lost either way.)
            self.ties_in_walk_order = True
        # Every engine move and every macro move is made once and shared by every position
        # it leads to (a search keeps hundreds of thousands).
        self._moves: dict[tuple[str, str, int], Move] = {}
        self._macros: dict[tuple[int, Move], tuple[Move, ...]] = {}
        self._depth = -1
        self._states_seen: list[dict[bytes, int]] = [{} for _ in self.strategies]
        # The states of the talon turning reaches depend on its length, the cards turned
        # and the passes used only (``_talon_states``).
        self._talon_cache: dict[tuple[int, int, int], list[tuple[int, int, int]]] = {}
        # The cards that may go home safely (``_is_safe``), by the foundations' counts.
        self._safe: dict[bytes, frozenset] = {}
        # A column's face-down cards are always the lowest of those it has now: its knots
        # are known by how many are left (``_promise``).
        self._knots_left = tuple(
            tuple(
                knots(bytes(_code(card) for card in state.piles[name][:left]))
                for left in range(state.face_down(name) + 1)
            )
            for name in COLUMNS
        )
        # ... and what its face-down cards and their knots weigh (``_promise``).
        self._hidden_weight = tuple(
            tuple(FACE_DOWN * left + KNOT * knots for left, knots in enumerate(table))
            for table in self._knots_left
        )
        # The face-down counts ``_position`` weighed last, their weight and the columns
        # with none: most moves keep the counts of the position they are made from (the
        # same list).
        self._hidden_of: tuple[list, float, list] = ([], 0.0, [])
        # The piles the columns of the position expanded are (``_position``), and each
        # order of them met, shared by every position that has it.
        self._names: tuple[str, ...] = COLUMNS
        self._name_orders: dict[tuple[str, ...], tuple[str, ...]] = {COLUMNS: COLUMNS}
        waste = tuple(_code(card) for card in state.piles["waste"])
        talon = bytes(waste + tuple(_code(card) for card in reversed(state.piles["stock"])))
        start = self._position(
            bytes(len(state.piles[name]) for name in FOUNDATION_OF),
            [state.face_down(name) for name in COLUMNS],
            [bytes(_code(card) for card in state.piles[name]) for name in COLUMNS],
            state.count("passes_used") if "passes_used" in state.values else 0,
            talon,
            len(waste),
        )
        super().__init__(start, max_positions=max_positions)

    # ------------------------------------------------------------------ the walk's hooks
    def _next_turn(self) -> tuple[int, int]:
        """The deep best-first walk's first turn (within it the walk wins most deals that
        are easy), then the others' in turn (the dive's, the walk's that counts moves and
        the narrow walk's), the deep walk's never again (the module's docstring); with
        passes counted the deep and the narrow walk in turn."""
        if not self.cycles or len(self.walks) == 1:
            return super()._next_turn()
        turn = 1 + (self.turns - 1) % (len(self.walks) - 1) if self.turns else 0
        self.turns += 1
        return turn, self.strategies[turn].share

    def _covered(self, key: Hashable, walk: int) -> bool:
        """Whether the walk (its bit) has visited a position that turning alone brings to
        this one: the same cards everywhere, its talon in a state that turning reaches from
        that one's. The states turning reaches from this one's are then some of those it
        reaches from that one's, so this one's successors are some of that one's (the same
        keys, a deferred position's too: its moves are the later moves of those states),
        and a win from here in so many moves is one from there in as many or fewer: a walk
        that runs dry without this one still proves the loss. Drawing three only: by ones
        with passes unlimited every state of the talon is one key already, and with passes
        counted a position whose waste's top card goes home safely has that move alone
        (``_successors``), so it would stand for none (a position further on seldom meets
        one with its talon, and asking cost 7 % more time for no position fewer)."""
        assert isinstance(key, bytes)
        passes, counted, size = key[PASSES], key[TURNED], key[TALON]
        rest = key[:PASSES] + key[TALON:]
        seen = self._states_seen[walk.bit_length() - 1]
        visited = seen.get(rest, 0)
        covering = self._covering.get((passes, counted, size))
        if covering is None:
            covering = self._covering[passes, counted, size] = self._covering_states(
                passes, counted, size
            )
        if visited & covering:
            return True
        if self.cycles and not counted:
            return False  # a fresh pass's states are reached from every other state
        seen[rest] = visited | 1 << _state_bit(passes, counted)
        return False

    def _covering_states(self, passes: int, counted: int, size: int) -> int:
        """The states of a talon of ``size`` cards (as bits, ``_state_bit``) from which
        turning reaches the one with ``passes`` used and ``counted`` cards turned (as the
        key counts them), itself left out."""
        bits = 0
        for used, turned in self._states_from(passes, counted, size):
            bits |= 1 << _state_bit(used, turned)
        return bits

    def _states_from(self, passes: int, counted: int, size: int) -> list[tuple[int, int]]:
        """The states (passes used, cards turned as the key counts them) turning reaches
        the state ``(passes, counted)`` from, other than itself."""
        draw = self.draw
        if not size:
            return []  # an empty talon does not turn
        if self.cycles:
            if not counted:  # every state turning reaches comes round to a fresh pass's
                return [(passes, turned) for turned in range(1, size) if turned % draw]
            return [(passes, turned) for turned in range(counted % draw, counted, draw)]
        same_pass = range(size) if counted == size else range(counted % draw, counted, draw)
        states = [(passes, turned) for turned in same_pass]
        if counted % draw == 0 or counted == size:  # a fresh pass's state: every earlier pass
            states += [(used, turned) for used in range(passes) for turned in range(size + 1)]
        return states

    def _worth_testing(self, macro: Macro) -> bool:
        """Only a move that turns the stock may make a position dead that was not
        (``_dead``): the others take cards from the waste's top, never add any."""
        return TURN in macro

    def _won(self, position: Position) -> bool:
        return position[0][:4] == WON

    def _key(self, position: Position) -> bytes:
        return position[0]

    def _value(self, position: Position) -> float:
        return position[3]

    def _moves_left(self, position: Position) -> float:
        """The weighting of the walk that counts moves (its depth cost is one a move): a
        guess of the moves a position still needs, negated. Each card not home moves at
        least once and weighs twice (so the walk leans towards the foundations, as
        Klondike-Solver's does), each face-down card turns up, each knot (``compact.knots``)
        moves a card once more, and the stock is turned through."""
        key = position[0]
        down = key[DOWN:LENGTHS]
        knotted = sum(map(getitem, self._knots_left, down))
        guess = 2 * (52 - sum(key[:DOWN])) + sum(down) + knotted + key[TALON] / self.draw
        return -guess - LATER_MOVES if position[5] else -guess

    # ------------------------------------------------------------------ positions
    def _position(
        self,
        found: bytes,
        down: list,
        cols: list,
        passes: int,
        talon: bytes,
        turned: int,
        joined: bytes | None = None,
    ) -> Position:
        """The position of these piles, one move deeper than the one expanded: the key
        counts the talon as a fresh pass where turning alone reaches one (see the
        module's docstring); how promising it looks (``_promise``). ``joined``: the
        columns' cards one after another, where the caller has them already."""
        counted = turned
        if self.cycles and (turned % self.draw == 0 or turned == len(talon)):
            counted = 0
        if down is not self._hidden_of[0]:
            self._hidden_of = (
                down,
                sum(map(_weight_at, self._hidden_weight, down)),
                [i for i, hidden in enumerate(down) if not hidden],
            )
        _, hidden, free = self._hidden_of
        names = self._names
        if len(free) > 1:
            # Columns with no card face down differ only by their cards: the key has them
            # sorted (the position keeps which pile each one is, for the moves' names).
            ordered = sorted(free, key=cols.__getitem__)
            if ordered != free:
                sorted_cols, sorted_names = cols.copy(), list(names)
                for slot, source in zip(free, ordered):
                    sorted_cols[slot], sorted_names[slot] = cols[source], names[source]
                cols, joined = sorted_cols, None
                names = self._name_orders.setdefault(tuple(sorted_names), tuple(sorted_names))
        head = bytes((*down, *map(len, cols), passes, counted, len(talon)))
        depth = self._depth + 1
        value = _promise(found, hidden, len(talon), depth)
        if joined is None:
            joined = b"".join(cols)
        return found + head + talon + joined, turned, depth, value, names, False

    def _move(self, src: str, dst: str, count: int = 1) -> Move:
        move = self._moves.get((src, dst, count))
        if move is None:
            move = self._moves[src, dst, count] = Move(MoveKind.MOVE, src, dst, count)
        return move

    def _macro(self, turns: int, move: Move) -> tuple[Move, ...]:
        macro = self._macros.get((turns, move))
        if macro is None:
            macro = self._macros[turns, move] = (TURN,) * turns + (move,)
        return macro

    # ------------------------------------------------------------------ moves
    def _narrow(self, position: Position) -> list[tuple[tuple[Move, ...], Position]]:
        """The moves of the narrow walk: of the successors (``_successors``), the
        ``NARROW`` that the guess of moves left finds best (the first made among equals),
        as Klondike-Solver's quick search keeps its best three. It leaves moves out that
        may lose a win, so its running dry proves nothing (its strategy is not
        ``complete``); but where a few early moves decide a deal, it looks far down many
        more ways than the walks that keep every move."""
        return best_of(self._successors(position), NARROW, self._moves_left)

    def _successors(self, position: Position) -> list[tuple[tuple[Move, ...], Position]]:
        key, turned, self._depth, value, names, later_only = position
        self._names = names
        if later_only:
            key = key[:-1]
        found, down, passes, talon, cols = _unpacked(key)
        talon_states = self._talon_states(talon, turned, passes)
        settle = self._settle
        move_of = self._move
        tops = {cards[-1]: i for i, cards in enumerate(cols) if cards}
        # The runs that may change places between twins (see the module's docstring):
        # column i's card at k, face up under others, and its twin at the top of column j.
        # Each card lies once in the key: a look for each top's twin (seven at most) is
        # quicker than a look at every face-up card, and sorted the same (by i, then k).
        twins = []
        j: int | None  # (a column a card may go to, where there is one)
        columns_at = TALON + 1 + key[TALON]
        ends = list(accumulate(key[LENGTHS:PASSES]))
        for top, top_column in tops.items():
            at = key.find(top ^ 3, columns_at)
            if at >= 0:
                at -= columns_at
                i = bisect_right(ends, at)
                at -= ends[i] - len(cols[i])
                if down[i] <= at < len(cols[i]) - 1:
                    twins.append((i, at, top_column))
        twins.sort()

        def cut(new_cols: list, i: int, keep: int) -> list:
            """Column ``i`` keeps its ``keep`` lowest cards; the face-down counts after."""
            new_cols[i] = new_cols[i][:keep]
            if down[i] < keep:
                return down
            new_down = down.copy()
            new_down[i] = max(0, keep - 1)
            return new_down

        def swapped(i: int, k: int, j: int) -> tuple[Move, list]:
            """The move that lays column i's cards above its k-th onto column j, and the
            columns after it."""
            new_cols = cols.copy()
            new_cols[j] = cols[j] + cols[i][k + 1 :]
            new_cols[i] = cols[i][: k + 1]
            return move_of(names[i], names[j], len(cols[i]) - k - 1), new_cols

        # safe cards home, alone: a column's top card, or a twin's after its run moves off
        safe = self._safe.get(found)
        if safe is None:
            safe = self._safe[found] = frozenset(
                card
                for card in ((height + 1) * 4 + suit for suit, height in enumerate(found))
                if card >> 2 <= KING and _is_safe(card, found)
            )
        for i, cards in enumerate(cols):
            if cards and cards[-1] in safe:
                suit = cards[-1] & 3
                new_cols = cols.copy()
                new_down = cut(new_cols, i, len(cards) - 1)
                home = _raised(found, suit, 1)
                move = move_of(names[i], FOUNDATION_OF[suit])
                return [settle((move,), home, new_down, new_cols, passes, talon, turned)]
        for i, k, j in twins:
            card = cols[i][k]
            if card in safe:
                swap, new_cols = swapped(i, k, j)
                new_down = cut(new_cols, i, k)
                home = _raised(found, card & 3, 1)
                pair = (swap, move_of(names[i], FOUNDATION_OF[card & 3]))
                return [settle(pair, home, new_down, new_cols, passes, talon, turned)]
        # (by threes a card fewer in the talon would regroup the others)
        if self.draw == 1 and safe and not safe.isdisjoint(talon):
            for turns, up, used in talon_states if self.cycles else talon_states[:1]:
                if up and talon[up - 1] in safe:
                    suit = talon[up - 1] & 3
                    macro = self._macro(turns, move_of("waste", FOUNDATION_OF[suit]))
                    rest = talon[: up - 1] + talon[up:]
                    home = _raised(found, suit, 1)
                    return [settle(macro, home, down, cols.copy(), used, rest, up - 1)]

        result: list[tuple[tuple[Move, ...], Position]] = []
        later: list[tuple[tuple[Move, ...], Position]] = []
        # a column emptied is of use to a king not yet at the bottom of one
        settled_kings = sum(1 for cards in cols if cards and cards[0] >> 2 == KING)
        wanted = settled_kings + sum(1 for height in found if height == KING) < 4
        moves: tuple[Move, ...]
        empty = next((i for i, cards in enumerate(cols) if not cards), None)
        # the columns: the top card home, the whole face-up run onto another column or,
        # a king's, into an empty one (moving part of it is changing twins, above)
        bases = {}
        for i, cards in enumerate(cols):
            if not cards:
                continue
            size = len(cards)
            top = cards[-1]
            suit = top & 3
            if found[suit] == (top >> 2) - 1 and not later_only:
                new_cols = cols.copy()
                new_down = cut(new_cols, i, size - 1)
                move = move_of(names[i], FOUNDATION_OF[suit])
                home = _raised(found, suit, 1)
                result.append(settle((move,), home, new_down, new_cols, passes, talon, turned))
            first = size - 1
            while first > down[i] and cards[first] in CHILDREN[cards[first - 1]]:
                first -= 1
            card = cards[first]
            bases[card] = i, first
            targets = [tops.get(parent) for parent in PARENTS[card]]
            if card >> 2 == KING and (first or down[i]):
                targets.append(empty)
            now = first or down[i] or wanted
            if now and later_only:
                continue
            for j in targets:
                if j is not None:
                    new_cols = cols.copy()
                    new_cols[j] = cols[j] + cards[first:]
                    new_down = cut(new_cols, i, first)
                    move = move_of(names[i], names[j], size - first)
                    after = settle((move,), found, new_down, new_cols, passes, talon, turned)
                    (result if now else later).append(after)
        # the waste's top card, after as many turns of the stock as bring each one up (the
        # cards that may go somewhere first: most go nowhere)
        shown = {talon[up - 1] for _, up, _ in talon_states if up}
        playable = {(height + 1) * 4 + suit for suit, height in enumerate(found)}
        for top in tops:
            playable.update(CHILDREN[top])
        if empty is not None:
            playable.update(KINGS)
        for turns, up, used in () if later_only else talon_states:
            if not up:
                continue
            card = talon[up - 1]
            if card not in playable:
                continue
            suit = card & 3
            if found[suit] == (card >> 2) - 1:
                rest = talon[: up - 1] + talon[up:]
                macro = self._macro(turns, move_of("waste", FOUNDATION_OF[suit]))
                home = _raised(found, suit, 1)
                result.append(settle(macro, home, down, cols.copy(), used, rest, up - 1))
            targets = [tops.get(parent) for parent in PARENTS[card]]
            if card >> 2 == KING:
                targets.append(empty)
            for j in targets:
                if j is not None:
                    rest = talon[: up - 1] + talon[up:]
                    macro = self._macro(turns, move_of("waste", names[j]))
                    new_cols = cols.copy()
                    new_cols[j] = cols[j] + bytes((card,))
                    result.append(settle(macro, found, down, new_cols, used, rest, up - 1))
        # a foundation's top card back onto a column, where something can follow it
        open_tops = set(tops).union(cols[i][k] for i, k, _ in twins)
        returns = {}
        for suit, height in enumerate(found):
            card = height * 4 + suit
            if height >= 2 and self._followed(card, found, cols, down, open_tops, shown):
                returns[card] = _raised(found, suit, -1)
        for card, lower in returns.items():
            targets = [tops.get(parent) for parent in PARENTS[card]]
            if card >> 2 == KING:
                targets.append(empty)
            for j in targets:
                if j is not None:
                    move = move_of(FOUNDATION_OF[card & 3], names[j])
                    new_cols = cols.copy()
                    new_cols[j] = cols[j] + bytes((card,))
                    later.append(settle((move,), lower, down, new_cols, passes, talon, turned))
        # a twin uncovered by moving its run onto the other twin, and what may follow:
        # the twin home, or a card onto it from a column's run, the waste or a foundation
        for i, k, j in twins:
            card = cols[i][k]
            swap, swapped_cols = swapped(i, k, j)
            suit = card & 3
            if found[suit] == (card >> 2) - 1 and not later_only:
                new_cols = swapped_cols.copy()
                new_down = cut(new_cols, i, k)
                moves = (swap, move_of(names[i], FOUNDATION_OF[suit]))
                home = _raised(found, suit, 1)
                result.append(settle(moves, home, new_down, new_cols, passes, talon, turned))
            for child in CHILDREN[card]:
                base = bases.get(child)
                if base is not None and base[0] != i:
                    m, first = base
                    new_cols = swapped_cols.copy()
                    new_cols[i] = new_cols[i] + cols[m][first:]
                    new_down = cut(new_cols, m, first)
                    moves = (swap, move_of(names[m], names[i], len(cols[m]) - first))
                    later.append(settle(moves, found, new_down, new_cols, passes, talon, turned))
                for turns, up, used in talon_states if child in shown else ():
                    if not up or talon[up - 1] != child:
                        continue
                    new_cols = swapped_cols.copy()
                    new_cols[i] = new_cols[i] + bytes((child,))
                    rest = talon[: up - 1] + talon[up:]
                    moves = (swap, *self._macro(turns, move_of("waste", names[i])))
                    later.append(settle(moves, found, down, new_cols, used, rest, up - 1))
                if child in returns:
                    new_cols = swapped_cols.copy()
                    new_cols[i] = new_cols[i] + bytes((child,))
                    moves = (swap, move_of(FOUNDATION_OF[child & 3], names[i]))
                    lower = returns[child]
                    later.append(settle(moves, lower, down, new_cols, passes, talon, turned))
        if later_only:
            return later
        if later:
            result.append(((), (key + b"\xff", turned, self._depth, value - LATER, names, True)))
        return result

    def _settle(
        self,
        moves: tuple[Move, ...],
        found: bytes,
        down: list,
        cols: list,
        passes: int,
        talon: bytes,
        turned: int,
    ) -> tuple[tuple[Move, ...], Position]:
        """The position after ``moves``, as the one of its twins' class the search keeps
        (each run on the twin of the lower code: a heart's or a spade's run moves onto the
        diamond or the club at the top of a column), with the moves that make it;
        ``cols`` is the search's to change."""
        while True:
            # the heart or spade lowest in the columns (the first column first) that lies
            # face up under a run while its twin, a club or a diamond, is at the top of a
            # column: each card lies once in the columns, so a look for each top's twin
            # (seven at most) is quicker than a look at every face-up card
            joined = b"".join(cols)
            lowest = None
            ends = None
            for j, cards in enumerate(cols):
                if cards and cards[-1] & 3 < 2:
                    at = joined.find(cards[-1] ^ 3)
                    if at >= 0:
                        if ends is None:
                            ends = list(accumulate(map(len, cols)))
                        i = bisect_right(ends, at)
                        at -= ends[i] - len(cols[i])
                        if down[i] <= at < len(cols[i]) - 1 and (
                            lowest is None or (i, at) < lowest[:2]
                        ):
                            lowest = i, at, j
            if lowest is None:
                break
            i, k, j = lowest
            cards = cols[i]
            names = self._names
            moves = (*moves, self._move(names[i], names[j], len(cards) - k - 1))
            cols[j] = cols[j] + cards[k + 1 :]
            cols[i] = cards[: k + 1]
        return moves, self._position(found, down, cols, passes, talon, turned, joined)

    def _followed(
        self, card: int, found: bytes, cols: list, down: list, tops: set, shown: set
    ) -> bool:
        """Can anything ever follow ``card`` coming back from its foundation (the rule of
        the module's docstring, taken wide: whatever is not sure to be impossible)? A card
        of the rank below of the other colour to lie on it, in a foundation, face up in a
        column or at the top of the waste after some turns; or the card under it in its
        foundation, with a card to lie on at the top of a column or in a foundation."""
        rank = card >> 2
        for child in CHILDREN[card]:
            if found[child & 3] >= rank - 1 or child in shown:
                return True
            for cards, hidden in zip(cols, down):
                if child in cards[hidden:]:
                    return True
        return any(parent in tops or found[parent & 3] >= rank for parent in PARENTS[card - 4])

    def _talon_states(self, talon: bytes, turned: int, passes: int) -> list[tuple[int, int, int]]:
        """Every state of the stock and waste that turning the stock can reach (the
        present one first), each once: the turns that reach it, the cards then turned
        onto the waste and the passes then used."""
        size = len(talon)
        known = self._talon_cache.get((size, turned, passes))
        if known is not None:
            return known
        states = self._talon_cache[size, turned, passes] = [(0, turned, passes)]
        if not self.turning:
            return states
        draw, limit = self.draw, self.passes_limit
        seen = {(turned, passes)}
        turns = 0
        while True:
            if turned < size:
                turned = min(size, turned + draw)
            elif not size:
                return states
            elif limit is None:
                turned = 0
            elif passes + 1 < limit:
                turned, passes = 0, passes + 1
            else:
                return states
            turns += 1
            if (turned, passes) in seen:
                return states
            seen.add((turned, passes))
            states.append((turns, turned, passes))

    def _dead(self, position: Position) -> bool:
        """Can ``position`` certainly not be won (``_stuck``, the parents a covering card
        may go to counted only where they can lie in a column)? The core asks before it
        expands a position; a deferred one's position was asked already."""
        if position[5] or position[2]:
            # Only the start is asked: no move makes a position dead that was not, by the
            # test without ``placing``. A move adds cards above the face-up cards of a
            # column, takes cards off above its lowest face-up card, or takes that card
            # (home, or its run whole onto another column) and turns up the face-down card
            # under it: the cards ``_stuck`` counts as blocked (the face-down ones) and the
            # covering cards it needs to move (each column's lowest face-up card and its
            # face-down cards over others) are then the same or fewer, and which of them
            # can move only gains by fewer blocked cards. So what is still blocked at the
            # end is the same or less, and a position made from one not dead is not dead;
            # every position is made from the start. (A deferred one's is the same
            # position.) With ``placing`` a card sent home may take a place away, but of
            # the positions five searches found (9,000 to 40,000 each, drawing one and
            # three, lost and unknown deals) none was dead that way.
            # In the last pass (passes counted) a move that turns the stock may make a
            # position dead (``_talon_piles``); such a position is asked too, without
            # ``placing`` (``_worth_testing``).
            piles = [] if position[5] else self._talon_piles(position)
            if not piles:
                return False
            found, down, _, _, cols = _unpacked(position[0])
            return self._stuck(found, down, cols, talon_piles=piles)
        found, down, _, _, cols = _unpacked(position[0])
        piles = self._talon_piles(position)
        return self._stuck(found, down, cols, placing=True, talon_piles=piles)

    def _talon_piles(self, position: Position) -> list[bytes]:
        """In the last pass (passes counted), the parts of the talon whose cards leave one
        by one from the top, as a column's covering cards do (``_stuck``), bottom card
        first: nothing turns the waste back over, so a card of the waste leaves only once
        every card above it has left, home or onto a column (a card of the waste goes
        nowhere else); and the stock turns in the same groups (``draw`` cards from its top,
        the last of them on top of the waste): a card of a group leaves only once the cards
        of the group turned after it have left. Nothing else is known of the talon: a
        group may be turned after the waste is played down, or onto it. Elsewhere none."""
        key = position[0]
        limit = self.passes_limit
        if limit is None or key[PASSES] + 1 < limit or not self.turning:
            return []
        turned, talon = position[1], key[TALON + 1 : TALON + 1 + key[TALON]]
        piles = [talon[:turned]] if turned > 1 else []
        if self.draw > 1:
            piles += [
                talon[start : start + self.draw] for start in range(turned, len(talon), self.draw)
            ]
        return [pile for pile in piles if len(pile) > 1]

    def _stuck(
        self,
        found: bytes,
        down: list,
        cols: list,
        placing: bool = False,
        talon_piles: list[bytes] | None = None,
    ) -> bool:
        """Is some card that covers face-down cards sure never to move (the module's
        docstring says why it then never goes home)? ``blocked``: the cards (a bit each)
        under the lowest covering card of each column not yet known to move; ``lowest[i]``
        the index of that card in column ``i`` (0: every card above the column's first can
        move). Freeing only ever frees more, so the order columns are looked at in does not
        change the answer. With ``placing``, a covering card may go onto a parent only
        where that parent can lie in a column (``_placeable``), not wherever it is free.
        ``talon_piles``: parts of the talon whose cards leave from the top only, taken as
        columns of face-down cards under one face-up card (``_talon_piles``)."""
        bit = BIT
        blocked = 0
        lowest = []
        piles = cols
        if talon_piles:
            # every card of such a part of the talon over another covers it as a face-down
            # card over another does, the top one as a column's lowest face-up card
            piles = [*cols, *talon_piles]
            down = [*down, *(len(pile) - 1 for pile in talon_piles)]
        for i, cards in enumerate(piles):
            hidden = down[i]
            for card in cards[:hidden]:
                blocked |= bit[card]
            lowest.append(hidden)
        if not blocked:
            return False
        parents, below = PARENT_BITS, SUIT_BELOW
        changed = True
        while changed:
            changed = False
            free = self._placeable(cols, blocked) if placing else ~blocked
            for i, cards in enumerate(piles):
                index = lowest[i]
                while index:
                    card = cards[index]
                    # a king, a parent free, or every card below it in its suit free
                    # (those home never are blocked)
                    if not (card >= KING_CODE or parents[card] & free or not below[card] & blocked):
                        break
                    index -= 1
                    blocked ^= bit[cards[index]]
                    changed = True
                lowest[i] = index
        return bool(blocked)

    @staticmethod
    def _placeable(cols: list, blocked: int) -> int:
        """The cards (a bit each) that may ever lie in a column, the ``blocked`` ones
        staying where they are: those in the columns, the kings (into an empty column),
        and a card of the talon or the foundations once a card it may lie on can. In any
        line of play a card lying in a column lies there from the start or was laid there
        on such a card (or, a king, into an empty column), so it is one of these, and a
        covering card's first move onto a parent finds the parent in a column: where no
        parent of a covering card can ever lie in one, it moves only home (or, a king, into
        an empty column)."""
        in_columns = 0
        for cards in cols:
            for card in cards:
                in_columns |= BIT[card]
        placeable = (in_columns | KINGS_BITS) & ~blocked
        # (a blocked card of the waste never comes out to lie in a column)
        loose = ALL_CARDS & ~in_columns & ~blocked
        grown = True
        while grown:
            grown = False
            for card in LAYABLE:
                if (
                    loose & BIT[card]
                    and not placeable & BIT[card]
                    and PARENT_BITS[card] & placeable
                ):
                    placeable |= BIT[card]
                    grown = True
        return placeable


# The search solve.py makes for the games whose definition names this module as solver.
SEARCH = KlondikeSearch
