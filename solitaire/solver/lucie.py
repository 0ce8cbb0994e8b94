"""A dedicated solver for La Belle Lucie (``lucie``) and its merci sibling (``merci``): the
search proper, within a layout and across the seeded reshuffles.

It is built in layers, one module each: ``lucie_position.py`` (the compact positions and
their keys), ``lucie_proof.py`` (the proofs of a loss: knots, cycles, stuck cards, the
lifts a merci could make), ``lucie_moves.py`` (the moves worth trying, the mercis among
them, and the engine moves they stand for), this search, and ``lucie_line.py`` (the best
line the hint and the demo follow where no winning line is known).

Within one layout the search is an exhaustive depth-first search with a transposition
table (the keys of ``lucie_position.py``), over the moves ``lucie_moves.py`` finds worth
trying, cut short where ``lucie_proof.py`` proves a position lost.

Reshuffles. A reshuffle deals the cards left from pack order with a seed given by the
deal and the reshuffle's number, so the layout after it depends only on the foundation
state. The full search (``without`` lacking REDEAL) solves a layout exhaustively and
tries a reshuffle at each foundation state the layout reaches at rest, as soon as the
layout's search first reaches it (depth first: a win a few reshuffles deep comes long
before the whole of a large layout is searched), the new layout computed by the engine
itself and each result memoised by (foundation state, reshuffles used). When the rules
leave moves home to the player (La Belle Lucie's chains, merci with ``auto=off``), a
player may also reshuffle with cards held back. Every such state lies between the
layout's start and a state reached at rest (the line to it, with the held-back cards
sent home as well, is a line of the search), so those states are tried next, except
where a glance shows them out of reach (a card that must stay out yet can never move
covers one that must go home); only when one wins is a line to it looked for (a bounded
search with moves home optional; giving up there leaves the answer unknown). So a proof
of defeat covers every reshuffle. With unlimited reshuffles no proof is possible, so
only the three best foundation states of each layout are tried, up to sixty reshuffles
deep.

Two searches. While a reshuffle is left (and their number is limited), the complete
search above takes turns with a quick scan for wins only, counted in positions so that
the verdict does not depend on how the time is sliced: the quick scan gets a thousand
positions, then the complete search a thousand or a quarter of all positions so far,
whichever is more (most wins the quick scan finds come within a few thousand positions,
while a proof of defeat needs the complete search's time). The quick scan may prune as
it likes, since it never claims a defeat: whatever it returns is a line of real moves to
a win, replayed through the engine like any other solution, and when it gives up only
the complete search's verdict counts. It takes the forced build alone in every layout,
searches each layout for a bounded number of positions, reshuffles at the few
foundation states with most cards home and (where moves home are optional) at a few
with fewest held back, the layout's start among them, and starts over with four times
the positions and one more reshuffle point per layout until a round leaves nothing
out. A layout it wins after a reshuffle is a real win there, so the complete search
may take it from the shared memo.
"""

from __future__ import annotations

import itertools

from ..model.cards import SUITS, Card
from ..model.games.belle_lucie import AutoHome
from ..model.moves import Move, MoveKind
from ..model.options import UNLIMITED
from ..model.state import State
from .lucie_line import BestLine
from .lucie_moves import HOME, M_HOME, M_LIMBO, M_MERCI, M_REDEAL, LucieMoves
from .lucie_position import FAN_NAMES, FOUND, MERCIS, MOVED, PILES, WON, Seen
from .verdict import SOLVED, UNKNOWN, UNSOLVABLE, GaveUp, Stepped, Verdict

__all__ = ["LucieSearch"]

# Positions a search may look at before it answers "unknown": the budget of the table's
# partner and of --solve. Some 150 bytes each at most (a key in a set, the layouts open
# on the way), so a --solve process stays near 100 MB on the hardest deals.
BUDGET = 500_000

UNLIMITED_TRIES = 3  # reshuffle points tried per layout when reshuffles never run out
UNLIMITED_DEPTH = 60  # reshuffles in a row tried when they never run out
CHECK_EVERY = 32  # positions between looks at the budget and the end of the step
REACH_LIMIT = 3000  # positions searched for a way to a foundation state with cards held back
QUICK_TURN = 1000  # positions the quick scan for wins searches before the complete one's turn
SOUND_TURN = 1000  # positions the complete search goes on with at least before the quick scan's
SOUND_SHARE = 4  # ... or a quarter of all positions so far: most wins the quick scan finds early
QUICK_BUDGET = 300  # positions per layout in the quick scan's first round (then 4 times more)
QUICK_TRIES = 3  # reshuffle points per layout in the quick scan's first round (then one more)


class LucieSearch(LucieMoves, Stepped):
    """Exhaustive search per layout, then across the seeded reshuffles."""

    positions = 0  # counted as the walk goes

    def __init__(self, rules, state: State, *, max_positions: int, without=frozenset()):
        super().__init__(rules, state, max_positions=max_positions, without=without)
        self.verdict: Verdict | None = None
        self.layouts: dict[tuple, tuple] = {}  # (foundations, reshuffles used) -> result
        self.turn_end = max_positions  # positions at which the running search hands over
        self.quick_cut = False  # did the quick scan's round leave anything out?
        self.search = self._race(self._position(self.state), state.count("redeals_used"))

    # ------------------------------------------------------------------ the contract
    def _advance(self) -> Verdict | None:
        try:
            next(self.search)
        except StopIteration as stop:
            status, moves = stop.value
            moves = self._engine_moves(moves) if status == SOLVED else []
            gave_up = None
            if status == UNKNOWN:  # out of positions, or reshuffles that never run out
                full = self.positions >= self.max_positions
                gave_up = GaveUp.POSITIONS if full else GaveUp.PRUNED
            return Verdict(status, moves, self.positions, self.seconds, gave_up)
        return None

    def _engine_moves(self, path: list) -> list[Move]:
        """The search's moves as engine moves from the start, the engine's own automatic
        moves left out; each one is checked by the engine as it is replayed."""
        moves, state = self._replay(path)
        if not self.rules.is_won(state):
            raise AssertionError("the solver's moves do not win")
        return moves

    # ------------------------------------------------------------------ one layout
    def _layout(
        self, root: tuple, reshuffles: bool, quick: bool = False, budget: int = 0, on_point=None
    ):
        """Depth-first search of one layout. Returns (winning path or None, the
        foundation states a reshuffle may come at with a path to each, whether the
        search was complete). Paths are lists of (move, position after it). The quick
        scan (``quick``) always takes a forced build alone and stops after ``budget``
        positions."""
        final = not reshuffles
        seen = Seen()
        self._is_new(seen, root)
        points: dict[tuple, list] = {}
        if reshuffles and self._at_rest(root):
            points[root[FOUND]] = []
        if final and not root[MERCIS] and self._hopeless(root):
            return None, points, True
        stack = [iter(self._children(root, final, quick))]
        hints = [self.lifts_found]  # per position on the path: see _freeing_lifts
        path: list = []
        steps = 0
        while stack:
            steps += 1
            if steps % CHECK_EVERY == 0:
                if self.positions >= self.max_positions or (quick and len(seen) > budget):
                    return None, points, False
                if self._pause():
                    yield
            child = next(stack[-1], None)
            if child is None:
                stack.pop()
                hints.pop()
                if path:
                    path.pop()
                continue
            after = child[1]
            if not self._is_new(seen, after):
                continue
            self.positions += 1
            free = final and self._known_free(path[-1][1] if path else root, child[0][0])
            path.append(child)
            if after[FOUND] == WON:
                return list(path), points, True
            if reshuffles and after[FOUND] not in points and self._at_rest(after):
                points[after[FOUND]] = list(path)
                if on_point is not None:
                    status, rest = yield from on_point(after[FOUND])
                    if status == SOLVED:
                        redeal = ((M_REDEAL, None, None, after[FOUND]), None)
                        return list(path) + [redeal] + rest, points, True
            stack.append(iter(self._children(after, final, quick, hints[-1], free)))
            hints.append(self.lifts_found)
        return None, points, True

    def _known_free(self, parent: tuple, kind: int) -> bool:
        """In the final layout, is a position this move made of ``parent`` (searched, so
        with no card stuck where it had no merci left) known to have none stuck? After a
        move home (the card only leaves first); after the draw or a last merci (only
        those leaving none stuck are tried: see _freeing_lifts, _children)."""
        mercis = parent[MERCIS]
        if not mercis:
            return kind == M_HOME
        return mercis == 1 and (self.first_move_only or kind in (M_LIMBO, M_MERCI))

    def _free_children(self, position: tuple, target: tuple) -> list:
        """Every move home that stays within ``target`` (La Belle Lucie's chain with it),
        and every tableau move; as (the steps they are made of, the position after)."""
        children = []
        for index, pile in enumerate(position[PILES]):
            if not pile or position[FOUND][pile[-1] & 3] != (pile[-1] >> 2) - 1:
                continue
            steps, after = [], position
            while True:
                code = after[PILES][index][-1]
                home = self._apply_home(after, index, code, 0)
                assert home is not None, "no limbo card between layouts: no candidate struck"
                after = home
                steps.append(((M_HOME, index, HOME, code), after))
                wanted = (after[FOUND][code & 3] + 1) * 4 + (code & 3)
                chained = [i for i, p in enumerate(after[PILES]) if p and p[-1] == wanted]
                if self.rules.auto_home != AutoHome.CHAIN or not chained:
                    break
                index = chained[0]
            if all(have <= most for have, most in zip(after[FOUND], target)):
                children.append((steps, after))
        tops = {pile[-1]: index for index, pile in enumerate(position[PILES]) if pile}
        for child in self._tableau_children(position, tops, 0, False):
            children.append(([child], child[1]))
        return children

    # ------------------------------------------------------------------ two searches
    def _pause(self) -> bool:
        """Must the running search stop: the step is over, or its turn is?"""
        return self.positions >= self.turn_end or self.positions >= self.pause_at

    def _race(self, root: tuple, reshuffles_used: int):
        """The complete search, taking turns (counted in positions, so the verdict does
        not depend on the slices) with a quick scan for wins when a reshuffle is left."""
        left = self.rules.redeals - reshuffles_used if not self.unlimited else 0
        sound = self._plan(root, reshuffles_used, 0)
        if not self.use_redeal or self.unlimited or left <= 0:
            return (yield from sound)
        runners = [self._quick_scan(root, reshuffles_used), sound]
        turn = 0
        while runners:
            turn %= len(runners)
            runner = runners[turn]
            if runner is sound:
                share = max(SOUND_TURN, self.positions // SOUND_SHARE)
            else:
                share = QUICK_TURN
            self.turn_end = self.positions + share
            while True:
                try:
                    next(runner)
                except StopIteration as stop:
                    status, path = stop.value
                    if status == SOLVED or (runner is sound and status == UNSOLVABLE):
                        return status, path
                    runners.pop(turn)
                    break
                if self.positions >= self.turn_end:
                    turn += 1
                    break
                yield  # the slice is over
        return UNKNOWN, None

    def _quick_scan(self, root: tuple, reshuffles_used: int):
        """Rounds of a search for wins only, each layout searched for a bounded number of
        positions with the forced build taken alone (unsound for defeats, which this
        search never claims: a win it finds is a real line, replayed by the engine),
        reshuffling at the few foundation states with most cards home. Each round
        searches more; it ends when a round left nothing out."""
        budget, tries = QUICK_BUDGET, QUICK_TRIES
        while self.positions < self.max_positions:
            self.quick_cut = False
            status, path = yield from self._quick_plan(root, reshuffles_used, budget, tries, {})
            if status == SOLVED or not self.quick_cut:
                return status, path
            budget, tries = budget * 4, tries + 1
        return UNKNOWN, None

    def _quick_plan(self, root: tuple, reshuffles_used: int, budget: int, tries: int, memo):
        """(SOLVED, path) or (UNKNOWN, None) for ``root`` in one round of the quick scan."""
        if root[FOUND] == WON:
            return SOLVED, []
        reshuffles = self.rules.redeals > reshuffles_used
        won, points, complete = yield from self._layout(root, reshuffles, True, budget)
        self.quick_cut = self.quick_cut or not complete
        if won is not None:
            return SOLVED, won
        if not reshuffles:
            return UNKNOWN, None
        order = sorted(points, key=lambda found: -sum(found))
        self.quick_cut = self.quick_cut or len(order) > tries
        order = order[:tries]
        if self.optional_home:
            # Reshuffles with cards held back, fewest cards home first (the likeliest to
            # be reachable), the layout's start among them.
            held = [root[FOUND]] if root[FOUND] in points else []
            held += self._held_back(points, root[FOUND])[::-1]
            held = [found for found in held if found not in order]
            self.quick_cut = self.quick_cut or len(held) > tries
            order += held[:tries]
        for found in order:
            key = (found, reshuffles_used + 1)
            result = self.layouts.get(key) or memo.get(key)
            if result is None:
                if found not in points and self._blocked(root, found):
                    continue
                after = self._reshuffled(found, reshuffles_used + 1)
                result = yield from self._quick_plan(after, *key[1:], budget, tries, memo)
                memo[key] = result
                if result[0] == SOLVED:
                    self.layouts[key] = result  # a real win: the complete search may use it
            status, path = result
            if status != SOLVED:
                continue
            lead = points.get(found)
            if lead is None:
                lead, _ = yield from self._reach(root, found)
                if lead is None:
                    continue
            return SOLVED, lead + [((M_REDEAL, None, None, found), None)] + path
        return UNKNOWN, None

    # ------------------------------------------------------------------ across reshuffles
    def _plan(self, root: tuple, reshuffles_used: int, depth: int):
        """(status, path) for ``root``, reshuffles included when the search may use them."""
        if root[FOUND] == WON:
            return SOLVED, []
        left = UNLIMITED if self.unlimited else self.rules.redeals - reshuffles_used
        reshuffles = self.use_redeal and (left is UNLIMITED or left > 0)
        if self.unlimited and depth >= UNLIMITED_DEPTH:
            return UNKNOWN, None
        eager = None
        if reshuffles and not self.unlimited:

            def eager(found):
                return (yield from self._reshuffle_at(found, reshuffles_used, depth))

        won, points, complete = yield from self._layout(root, reshuffles, on_point=eager)
        if won is not None:
            return SOLVED, won
        if not reshuffles:
            return (UNSOLVABLE if complete else UNKNOWN), None
        unknown = not complete or self.unlimited
        order = sorted(points, key=lambda found: -sum(found))
        for found in order[:UNLIMITED_TRIES] if self.unlimited else order:
            if self.positions >= self.max_positions:
                return UNKNOWN, None
            status, path = yield from self._reshuffle_at(found, reshuffles_used, depth)
            if status == SOLVED:
                return SOLVED, points[found] + [((M_REDEAL, None, None, found), None)] + path
            unknown = unknown or status == UNKNOWN
        if self.optional_home and not self.unlimited:
            # A player may also reshuffle with moves home held back, at a foundation state
            # below one reached: those states come next, reached for real only if won.
            for found in self._held_back(points, root[FOUND]):
                if self.positions >= self.max_positions:
                    return UNKNOWN, None
                if self._blocked(root, found):
                    continue  # no player can stop there
                status, path = yield from self._reshuffle_at(found, reshuffles_used, depth)
                if status == SOLVED:
                    lead, complete = yield from self._reach(root, found)
                    if lead is not None:
                        return SOLVED, lead + [((M_REDEAL, None, None, found), None)] + path
                    unknown = unknown or not complete
                unknown = unknown or status == UNKNOWN
        return (UNKNOWN if unknown else UNSOLVABLE), None

    def _reshuffle_at(self, found: tuple, reshuffles_used: int, depth: int):
        """(status, path) after a reshuffle at ``found``, memoised."""
        memo = (found, reshuffles_used + 1)
        result = self.layouts.get(memo)
        if result is None:
            after = self._reshuffled(found, reshuffles_used + 1)
            result = yield from self._plan(after, reshuffles_used + 1, depth + 1)
            self.layouts[memo] = result
        return result

    def _held_back(self, points: dict, base: tuple) -> list:
        """Foundation states between the layout's start and one reached at rest, not
        reached at rest themselves, most cards home first."""
        extra: set[tuple] = set()
        for found in points:
            ranges = [range(low, high + 1) for low, high in zip(base, found)]
            extra.update(itertools.product(*ranges))
        return sorted(extra - set(points), key=lambda found: -sum(found))

    def _blocked(self, position: tuple, target: tuple) -> bool:
        """Can ``target`` be seen at a glance to be out of reach? A card that must stay
        out of its foundation and can never move in the tableau (a king when kings may
        not fill a space, a card above its parent, one marked by move-once) keeps every
        card beneath it in place, so none of those may be one that must go home."""
        moved = position[MOVED]
        for pile in position[PILES]:
            below, needed = 0, False
            for code in pile:
                rank = code >> 2
                if rank <= target[code & 3]:
                    needed = True
                elif needed and (
                    (rank == 13 and not self.kings_fill)
                    or (rank < 13 and below >> (code + 4) & 1)
                    or moved >> code & 1
                ):
                    return True
                below |= 1 << code
        return False

    def _reach(self, root: tuple, target: tuple):
        """(A path in the layout to a position with exactly ``target`` home, moves home
        being optional (La Belle Lucie's chains followed), or None; whether the search
        was complete). It gives up after REACH_LIMIT positions, leaving other
        foundation states their turn."""
        seen = Seen()
        self._is_new(seen, root)
        stack = [iter(self._free_children(root, target))]
        path: list = []
        steps = 0
        while stack:
            steps += 1
            if steps % CHECK_EVERY == 0 and self._pause():
                yield
            child = next(stack[-1], None)
            if child is None:
                stack.pop()
                if path:
                    path.pop()
                continue
            after = child[1]
            if not self._is_new(seen, after) or self._blocked(after, target):
                continue
            self.positions += 1
            if len(seen) > REACH_LIMIT:
                return None, False
            path.append(child[0])
            if after[FOUND] == target:
                return [step for chain in path for step in chain], True
            stack.append(iter(self._free_children(after, target)))
        return None, True

    def _reshuffled(self, found: tuple, used: int) -> tuple:
        """The layout the engine deals after reshuffle number ``used`` with ``found`` home."""
        piles = self.rules.empty_piles()
        left = []
        for suit_index, suit in enumerate(SUITS):
            piles["f" + suit] = [Card(rank, suit) for rank in range(1, found[suit_index] + 1)]
            left += [Card(rank, suit) for rank in range(found[suit_index] + 1, 14)]
        piles[FAN_NAMES[0]] = left
        values = dict(self.state.values)
        values.update(redeals_used=used - 1, moved=frozenset(), draw_open=False)
        state = self.rules.successor(State(piles, values), Move(MoveKind.REDEAL))
        return self._position(state)


# The searches solve.py makes for the games whose definition names this module as solver
# (the best line is lucie_line.py's: named here, since a game names one solver module).
SEARCH = LucieSearch
LINE_SEARCH = BestLine
