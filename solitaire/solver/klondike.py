"""A dedicated Klondike solver in pure Python: best-first over compact positions.

What the verdict assumes: the solver sees every card, the face-down ones and the order
of the stock too ("thoughtful" Klondike, as KPatience's solver and the Solvitaire paper
count it). "Winnable" therefore means a player who knew every card could win; a player
who turns the cards up as they come may still lose the deal. "Cannot be won" holds for
any player.

A position is kept as tuples of card codes (``rank * 4 + suit``, suits in the order
C D H S): the seven columns with how many cards of each lie face down, the stock and
the waste in the engine's order, the foundation counts and the passes used. Its key is
one ``bytes``: the columns sorted (they are interchangeable, each with its face-down
count), the talon (the waste from its bottom, then the stock from its top: an order
turning never changes) with how much of it is turned, the foundations and the passes.
Where passes are unlimited, the states of the talon that a fresh pass turns to (none
turned, a multiple of the draw, or all of it) reach one another by turning alone: they
have the same successors, and are one key (by ones, every state of the talon is). The
walk (the solver core, ``core.py``) keeps, for each key found, the key it was found from and the
engine moves that led there, so a win is read back as engine moves, which the search's
caller replays through the rules.

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

Moves left out, and why that loses no win:

- A column's top card that may go home when both foundations of the other colour hold
  at least its rank less one card, and the other foundation of its colour its rank less
  two, goes home alone, before any other move: nothing still in play can ever need to
  lie on it, even with cards coming back from the foundations (``Rules.is_safe_home``
  proves this for every build rule, this is its case for alternate colours).
- Drawing one card at a time, a card of the talon that is safe so goes home alone too:
  the waste's top card, or, where passes are unlimited, any card of the talon after the
  turns that bring it up. A winning line that keeps it is still legal without its moves:
  by ones, a card fewer in the talon changes neither the order of the others nor the
  passes it takes to reach them (by threes it would regroup them, so there it is not
  done), and with passes unlimited the cards turned past come round again.
- Of several empty columns only the first is tried, and a king's run that fills a whole
  column with no card under it never moves to another empty column (the same position).

Every other move is tried, so a search that runs dry has seen every position reachable
from the start: that is the proof that the deal cannot be won.
"""

from __future__ import annotations

from ..model.cards import SUITS
from ..model.games.klondike import Klondike
from ..model.moves import Move, MoveKind
from ..model.rules import Rules
from ..model.state import State
from .core import Core

__all__ = ["BUDGET", "KlondikeSearch"]

# Positions a search may find before it answers "unknown" (the table's partner and
# --solve alike); a --solve process that reaches it stays well under 200 MB.
BUDGET = 150_000

COLUMNS = tuple(f"t{number}" for number in range(1, 8))
FOUNDATION_OF = tuple("f" + suit for suit in SUITS)
RED = (False, True, True, False)  # C D H S
OTHER_COLOUR = ((1, 2), (0, 3), (0, 3), (1, 2))  # the suits of the other colour
SAME_COLOUR = (3, 2, 1, 0)  # the other suit of the same colour
KING = 13
TURN = Move(MoveKind.TURN)


def _code(card) -> int:
    return card.rank * 4 + SUITS.index(card.suit)


def _builds(card: int, onto: int) -> bool:
    return card >> 2 == (onto >> 2) - 1 and RED[card & 3] != RED[onto & 3]


def _is_safe(card: int, found: tuple) -> bool:
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


class _Position:
    __slots__ = ("cols", "down", "found", "passes", "stock", "waste")

    def __init__(self, cols, down, stock, waste, found, passes):
        self.cols = cols  # seven tuples of codes, bottom card first
        self.down = down  # seven face-down counts
        self.stock = stock
        self.waste = waste
        self.found = found  # cards home, per suit in SUITS order
        self.passes = passes  # passes used (0 where they are not counted)

    def home(self) -> int:
        return sum(self.found)

    def with_columns(self, changes: dict, found=None, waste=None) -> _Position:
        """A copy with some columns changed (index -> cards); the uncovered top card of a
        changed column turns up."""
        cols, down = list(self.cols), list(self.down)
        for index, cards in changes.items():
            cols[index] = cards
            if down[index] >= len(cards):
                down[index] = max(0, len(cards) - 1)
        return _Position(
            tuple(cols),
            tuple(down),
            self.stock,
            self.waste if waste is None else waste,
            self.found if found is None else found,
            self.passes,
        )


class KlondikeSearch(Core[_Position]):
    """Best-first from ``state``; ``without`` may name TURN (then the stock stays put)."""

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
        self.turns = MoveKind.TURN not in without
        # Turning alone brings the talon round to any state of a fresh pass, again and again.
        self.cycles = self.turns and self.passes_limit is None
        start = _Position(
            tuple(tuple(_code(card) for card in state.piles[name]) for name in COLUMNS),
            tuple(state.face_down(name) for name in COLUMNS),
            tuple(_code(card) for card in state.piles["stock"]),
            tuple(_code(card) for card in state.piles["waste"]),
            tuple(len(state.piles[name]) for name in FOUNDATION_OF),
            state.count("passes_used") if "passes_used" in state.values else 0,
        )
        super().__init__(start, max_positions=max_positions)

    def _won(self, position: _Position) -> bool:
        return position.home() == 52

    def _key(self, p: _Position) -> bytes:
        """The columns sorted, each with its face-down count; the talon as one sequence,
        the waste from its bottom then the stock from its top (turning never changes it),
        with how much of it is turned; the foundations and the passes. Where passes are
        unlimited, every state of the talon that a fresh pass turns to (none turned, a
        multiple of the draw, or all) reaches every other by turning alone: they have
        the same successors, so they are keyed as the fresh pass."""
        columns = sorted(bytes((down, *cards)) for down, cards in zip(p.down, p.cols))
        turned = len(p.waste)
        if self.cycles and (turned % self.draw == 0 or not p.stock):
            turned = 0
        talon = bytes(p.waste + p.stock[::-1])
        return b"\xff".join((*columns, talon, bytes((turned, *p.found, p.passes))))

    def _value(self, p: _Position) -> float:
        """How promising a position looks: cards home, few cards face down, then short
        stock and waste (a card there is one more to fetch)."""
        return 10.0 * p.home() - 3.0 * sum(p.down) - 0.25 * (len(p.stock) + len(p.waste))

    # ------------------------------------------------------------------ moves
    def _successors(self, p: _Position) -> list[tuple[tuple[Move, ...], _Position]]:
        found = p.found
        talon_states = self._talon_states(p)
        safe = self._safe_home(p, talon_states)
        if safe is not None:
            return [safe]
        result: list[tuple[tuple[Move, ...], _Position]] = []
        empty = next((i for i, cards in enumerate(p.cols) if not cards), None)
        # the columns' runs: home, onto another column, a king's run into an empty one
        for i, cards in enumerate(p.cols):
            if not cards:
                continue
            top = cards[-1]
            suit, rank = top & 3, top >> 2
            if found[suit] == rank - 1:
                move, after = self._home_from_column(p, i)
                result.append(((move,), after))
            first = len(cards) - 1
            while first > p.down[i] and _builds(cards[first], cards[first - 1]):
                first -= 1
            for start in range(first, len(cards)):
                card = cards[start]
                run = cards[start:]
                for j, other in enumerate(p.cols):
                    if j == i:
                        continue
                    if other:
                        if not _builds(card, other[-1]):
                            continue
                    elif j != empty or card >> 2 != KING or (start == 0 and p.down[i] == 0):
                        continue
                    move = Move(MoveKind.MOVE, COLUMNS[i], COLUMNS[j], len(run))
                    result.append(((move,), p.with_columns({i: cards[:start], j: other + run})))
        # the waste's top card, after as many turns of the stock as bring each one up
        for turns, talon in talon_states:
            if not talon.waste:
                continue
            card = talon.waste[-1]
            suit, rank = card & 3, card >> 2
            rest = talon.waste[:-1]
            if found[suit] == rank - 1:
                home = found[:suit] + (rank,) + found[suit + 1 :]
                move = Move(MoveKind.MOVE, "waste", FOUNDATION_OF[suit])
                result.append(((*turns, move), talon.with_columns({}, found=home, waste=rest)))
            for j, other in enumerate(p.cols):
                if (other and _builds(card, other[-1])) or (
                    not other and j == empty and rank == KING
                ):
                    move = Move(MoveKind.MOVE, "waste", COLUMNS[j])
                    after = talon.with_columns({j: other + (card,)}, waste=rest)
                    result.append(((*turns, move), after))
        # a foundation's top card back onto a column
        for suit, height in enumerate(found):
            if not height:
                continue
            card = height * 4 + suit
            fewer = found[:suit] + (height - 1,) + found[suit + 1 :]
            for j, other in enumerate(p.cols):
                if (other and _builds(card, other[-1])) or (
                    not other and j == empty and height == KING
                ):
                    move = Move(MoveKind.MOVE, FOUNDATION_OF[suit], COLUMNS[j])
                    result.append(((move,), p.with_columns({j: other + (card,)}, found=fewer)))
        return result

    def _talon_states(self, p: _Position) -> list[tuple[tuple[Move, ...], _Position]]:
        """Every state of the stock and waste that turning the stock can reach from ``p``
        (``p`` itself first), with the turns that reach it; each once."""
        states: list[tuple[tuple[Move, ...], _Position]] = [((), p)]
        if not self.turns:
            return states
        seen = {(p.stock, p.waste, p.passes)}
        current = p
        turns: tuple[Move, ...] = ()
        while True:
            turned = self._turn(current)
            if turned is None:
                return states
            current = turned
            talon = (current.stock, current.waste, current.passes)
            if talon in seen:
                return states
            seen.add(talon)
            turns = (*turns, TURN)
            states.append((turns, current))

    def _home_from_column(self, p: _Position, i: int) -> tuple[Move, _Position]:
        top = p.cols[i][-1]
        suit = top & 3
        home = p.found[:suit] + (top >> 2,) + p.found[suit + 1 :]
        move = Move(MoveKind.MOVE, COLUMNS[i], FOUNDATION_OF[suit])
        return move, p.with_columns({i: p.cols[i][:-1]}, found=home)

    def _safe_home(
        self, p: _Position, talon_states: list[tuple[tuple[Move, ...], _Position]]
    ) -> tuple[tuple[Move, ...], _Position] | None:
        """A card that may go home at no cost (``_is_safe``), and the position after: a
        column's top card, or, drawing one card at a time, the waste's, where no other
        card must be passed to bring it up (or passed cards come round again)."""
        found = p.found
        for i, cards in enumerate(p.cols):
            if cards and _is_safe(cards[-1], found):
                move, after = self._home_from_column(p, i)
                return (move,), after
        if self.draw != 1:
            return None  # a card fewer in the talon would change how it is turned by threes
        for turns, talon in talon_states if self.cycles else talon_states[:1]:
            if talon.waste and _is_safe(talon.waste[-1], found):
                suit = talon.waste[-1] & 3
                home = found[:suit] + (found[suit] + 1,) + found[suit + 1 :]
                after = talon.with_columns({}, found=home, waste=talon.waste[:-1])
                return (*turns, Move(MoveKind.MOVE, "waste", FOUNDATION_OF[suit])), after
        return None

    def _turn(self, p: _Position) -> _Position | None:
        if p.stock:
            n = min(self.draw, len(p.stock))
            waste = p.waste + tuple(reversed(p.stock[-n:]))
            return _Position(p.cols, p.down, p.stock[:-n], waste, p.found, p.passes)
        if not p.waste:
            return None
        if self.passes_limit is not None:
            if p.passes + 1 >= self.passes_limit:
                return None
            passes = p.passes + 1
        else:
            passes = 0
        return _Position(p.cols, p.down, tuple(reversed(p.waste)), (), p.found, passes)


# The search solve.py makes for the games whose definition names this module as solver.
SEARCH = KlondikeSearch
