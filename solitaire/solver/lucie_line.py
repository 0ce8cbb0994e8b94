"""The best line of La Belle Lucie and merci (see ``lucie.py``): what the hint and the demo
follow where no winning line is known.

A reshuffle deals a layout the player has not seen, from the cards left only, so
what the player can do before one is bring home as many cards as the layout allows; and
after the last one, all there is to do. The same moves as the layout search (the draw or
the mercis included), depth first, best first, with no defeat tests (a lost position
still counts its cards home); a position is not searched on where ``_home_bound`` (the
cards below the first card of each suit that ``_stuck`` finds can never leave) is no
better than the best end met so far. Depth first, a search its budget cuts short has
followed lines to their end: in merci's final layouts, where a merci left makes the
bound useless, 20,000 positions bring as many cards home as a search to the end (up to
some 250,000 positions) in the deals measured. The line is replayed by the engine and
cut down to the moves it needs.
"""

from __future__ import annotations

from ..model.moves import Move, MoveKind
from ..model.state import State
from .lucie_moves import LucieMoves
from .lucie_position import FAN_NAMES, FOUND, MERCIS, MOVED, PILES, WON, Seen

__all__ = ["BestLine", "Line", "best_line"]

BEST_LINE_BUDGET = 20_000  # positions a best line may look at (see best_line)


class Line(list):
    """A best line's engine moves (see ``best_line``), and the positions its search met."""

    def __init__(self, moves=(), positions: int = 0):
        super().__init__(moves)
        self.positions = positions


def best_line(rules, state: State, without=frozenset(), max_positions=BEST_LINE_BUDGET) -> Line:
    """The line the player can see from ``state`` (see ``BestLine``), worked out at once."""
    search = BestLine(rules, state, without=without, max_positions=max_positions)
    line = None
    while line is None:
        line = search.step(BEST_LINE_BUDGET)
    return line


class BestLine(LucieMoves):
    """The line the player can see: within the current layout (never a reshuffle, nor a
    move of a kind in ``without``), the engine moves to the position with most cards
    home, the merci or the draw included where one may be used; of equals, one at rest
    (no card can go home), then one with fewer mercis spent, then the shortest line. It
    is empty when no move brings a card home. Exhaustive within the layout up to
    ``max_positions`` positions, when it answers with the best found so far (topped up
    with the moves home left at its end). A reshuffle, which deals a layout the player
    has not seen, depends only on the cards home: so the line is what to play before
    one, and all there is to play once none is left."""

    def __init__(self, rules, state: State, *, max_positions=BEST_LINE_BUDGET, without=frozenset()):
        without = frozenset(without) | {MoveKind.REDEAL}
        super().__init__(rules, state, max_positions=max_positions, without=without)
        self.pause_at = 0  # positions at which the walk pauses: set by each step
        self.walk = self._best_path()
        self.line: Line | None = None

    # Its step answers with a line, not a verdict: it is a LineSearch that walks the
    # layout search's moves, not a Search (the thinker asks it only for a line).
    def step(self, work: int) -> Line | None:
        """Search about ``work`` more positions; the line once it is known."""
        if self.line is None:
            self.pause_at = self.positions + max(1, work)
            try:
                next(self.walk)
            except StopIteration as stop:
                self.line = self._finished_line(stop.value)
        return self.line

    def _finished_line(self, path: list) -> Line:
        """The search's line (see _best_path), replayed by the engine, topped up with the
        moves home left at its end (where the budget cut it short) and cut down to the
        moves it needs."""
        moves, state = self._replay(path)
        while not self.rules.is_won(state):
            home = self._home_move(state)
            if home is None:
                break
            moves.append(home)
            state = self.rules.successor(state, home)
        return Line(self._trimmed(moves, self._outcome(state)), self.positions)

    def _best_path(self):
        """The search of the best line, pausing where a step ends: depth first over the
        moves of the layout search, best first (a move home, or a build onto a card that
        can never move, taken alone: neither stops anything coming home), so that a
        search its budget cuts short has followed some lines to their end; a win ends
        it. A position from which no more cards could ever come home than at the best
        end found so far (see _home_bound) is not searched on."""
        root = self._position(self.state)
        seen = Seen()
        self._is_new(seen, root)
        # Per position met: the move to it, its parent's index and itself.
        nodes: list[tuple] = [(None, -1, root)]
        best, best_rank = 0, self._line_rank(root, root)
        waiting, done = [0], False
        while waiting and not done:
            parent = waiting.pop()
            position = nodes[parent][2]
            spent = self._line_rank(root, position)[2]
            if parent and (self._home_bound(position), True, spent) <= best_rank:
                continue  # nothing better beyond
            children = []
            for move, after in self._children(position, False, True):
                if not self._is_new(seen, after):
                    continue
                self.positions += 1
                rank = self._line_rank(root, after)
                if rank > best_rank:  # strictly: of equals, the first met
                    best, best_rank = len(nodes), rank
                children.append(len(nodes))
                nodes.append((move, parent, after))
                done = after[FOUND] == WON or self.positions >= self.max_positions
                if done:
                    break
            waiting.extend(reversed(children))  # the first child comes first
            if self.positions >= self.pause_at and not done:
                yield
        path = []
        while best > 0:
            move, parent, after = nodes[best]
            path.append((move, after))
            best = parent
        return path[::-1]

    def _home_move(self, state: State) -> Move | None:
        """A move home the engine may make in ``state``, if there is one."""
        for name in FAN_NAMES:
            cards = state.piles[name]
            if cards and self.rules.home_accepts(state, cards[-1]):
                return Move(MoveKind.MOVE, name, "f" + cards[-1].suit)
        return None

    def _outcome(self, state: State) -> tuple:
        """The engine's view of _line_rank: cards home, at rest, fewest mercis spent."""
        rules = self.rules
        at_rest = self._home_move(state) is None
        return rules.cards_home(state), at_rest, -state.count("mercis_used")

    def _trimmed(self, moves: list[Move], outcome: tuple) -> list[Move]:
        """The line without the moves it can do without: each left out in turn, from the
        last, where the rest stays legal and ends as well (a build taken alone, or one
        made before the moves that need it, may lead nowhere)."""
        at = len(moves) - 1
        while at >= 0:
            shorter = moves[:at] + moves[at + 1 :]
            state = self.state
            for move in shorter:
                if not self.rules.is_legal(state, move):
                    break
                state = self.rules.successor(state, move)
            else:
                if self._outcome(state) >= outcome:
                    moves = shorter
            at -= 1
        return moves

    def _home_bound(self, position: tuple) -> int:
        """The most cards that could ever be home from here: per suit, up to its first
        card that can never leave (see _stuck); every card while a merci is left."""
        if position[MERCIS]:
            return 52
        stuck = self._stuck(position[PILES], position[FOUND], position[MOVED])
        bound = 0
        for suit, height in enumerate(position[FOUND]):
            while height < 13 and not stuck >> ((height + 1) * 4 + suit) & 1:
                height += 1
            bound += height
        return bound

    def _line_rank(self, root: tuple, position: tuple) -> tuple:
        """How good a best line's end is: most cards home, then at rest (nothing left to
        send home), then with fewest mercis spent (one that brings no card home is kept)."""
        spent = root[MERCIS] - position[MERCIS]
        return sum(position[FOUND]), self._at_rest(position), -spent
