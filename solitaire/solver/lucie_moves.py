"""The La Belle Lucie solver's moves (see ``lucie.py``): those worth trying in a position of
a layout, best first, the positions they make, and the engine moves they stand for.

Building down in suit leaves a card one tableau move at most (onto the one card a rank
higher of its suit), so the branching is small. Dominance rules keep it smaller:

- a move home is taken alone: the card can only ever hold the next lower card of its
  suit, which is already home, and foundations never give cards back; the same line
  played after the move home (minus that card's own moves) stays legal and reaches
  foundations at least as high. Not when merci's ``auto=off`` lets a merci come first:
  the card the move uncovers could then no longer be lifted (a merci takes covered
  cards only), so there the move home is one choice among the others;
- a build onto a card that can never move in the tableau (a king when kings may not fill
  a space, a card above its own parent in its fan, a card marked by move-once, a card
  alone at the bottom of its fan while spaces stay empty) is taken alone: that card
  could only hold this one card and go home after it, so the build only frees the fan
  the card leaves. Not while a merci is usable (the card it uncovers could no longer be
  lifted), nor touching a fan a limbo card may lie on, nor while a reshuffle may still
  come (the cards the build lets go home by themselves would skip foundation states a
  player could reshuffle at).

Mercis. La Belle Lucie's draw goes only to legal spots: its few destinations are tried
one by one. The merci game lets a buried card go onto any fan, eighteen destinations for
some thirty cards. The last merci lifts the card into a virtual limbo pile instead,
which stands for the card lying on top of a fan not yet chosen: every fan it could lie
on (any non-empty fan, its own included; an empty one for a king when kings may fill
spaces) is a candidate, and a move that takes a card from a candidate or puts one on it
strikes the candidate off, since in the real game the limbo card would cover that fan.
A move that would strike off the last candidate is not made. When the limbo pile
empties, any candidate left is a fan the card may have lain on throughout, so the line
replays in the real game with that fan as the destination. This is exact (a limbo
position is the set of real positions, one per candidate, and a move is kept when it is
legal in at least one of them), and a position whose candidates include another's is as
good as it. Earlier mercis (when more than one is left) are tried onto every fan. A
merci card that can go home is sent home (anywhere else it would only wait to go home).
Where a merci may come at any time, the move after it must depend on it (see
``_merci_children``): any other move could come first and reach the same fans with at
least as many candidates.
"""

from __future__ import annotations

from ..model.cards import Card
from ..model.moves import Move, MoveKind
from ..model.rules import FOUNDATIONS
from ..model.state import State
from .compact import code_card
from .lucie_position import (
    CACHE_LIMIT,
    CANDIDATES,
    FAN_COUNT,
    FAN_NAMES,
    FOUND,
    LIMBO,
    MERCIS,
    MOVED,
    ORIGIN,
    PENDING,
    PILES,
)
from .lucie_proof import LucieProofs

HOME = -1  # destination code of a foundation
SUIT_MASKS = tuple(sum(1 << code for code in range(suit, 56, 4)) for suit in range(4))

# Internal move kinds: (kind, src pile, dst pile or HOME, index of a buried card).
M_HOME, M_BUILD, M_KING, M_MERCI, M_LIMBO, M_REDEAL = range(6)


class LucieMoves(LucieProofs):
    """The moves of a layout, the positions they make, and the engine moves a line of
    them stands for: what the search and the best line both walk."""

    def __init__(self, rules, state, *, max_positions: int, without=frozenset()):
        super().__init__(rules, state, max_positions=max_positions, without=without)
        self.lifts_found: frozenset | dict | None = None  # see _children
        self.mask_cache: dict[bytes, int] = {}

    def _children(
        self, position: tuple, final: bool, alone: bool, hint=None, free: bool = False
    ) -> list:
        """(move, position) pairs worth trying, best first; [] for a position proven lost.
        ``hint`` is what _freeing_lifts found for the position this one was reached
        from (None: not known); the position's own is left in ``self.lifts_found``.
        ``free``: the position is known to have no stuck card (see _known_free in lucie.py).

        Right after a merci only the moves that depend on it are tried (see
        _merci_children): any other move could have come before it. In the final layout
        positions with no merci left are tested by _hopeless."""
        self.lifts_found = None
        children = self._all_children(position, final, alone, hint, free)
        if final and position[MERCIS] and self.first_move_only:
            # La Belle Lucie's draw closes with the first move: what follows has no merci.
            return [child for child in children if not self._hopeless(child[1])]
        pending = position[PENDING]
        if pending is None:
            return children
        code, uncovering = pending
        piles = position[PILES]
        return [
            child
            for child in children
            if child[0][0] in (M_MERCI, M_LIMBO)
            or child[0][1] == LIMBO
            or child[0][3] in (code, code - 4, code + 4)
            or piles[child[0][1]] == uncovering
        ]

    def _all_children(
        self, position: tuple, final: bool, alone: bool, hint=None, free: bool = False
    ) -> list:
        piles, found, _moved, mercis, _origin, candidates, _ = position
        limbo_active = bool(piles[LIMBO])
        draw_window = mercis and self.first_move_only
        sources = lifts = pairs = None
        freeing: frozenset | bool | None = False  # the lifts that free every card, if known
        if final and not mercis:
            # A knot is a stuck card: the dead-end test covers it.
            if not free and self._hopeless(position):
                return []
        elif final:
            knotted = self._knotted_piles(position)
            if len(knotted) > mercis:
                return []
            if mercis == 2 and not self.first_move_only:
                pairs = self._pair_lifts(position, hint if isinstance(hint, dict) else None)
                self.lifts_found = pairs
            if mercis == 1 and not self.first_move_only:
                if isinstance(hint, dict):  # from a merci: the lifts after its card's
                    pending = position[PENDING]
                    hint = hint.get(pending[0]) if pending is not None else None
                freeing = self._freeing_lifts(position, hint)
                if freeing is not None and not freeing:
                    return []  # no single lift frees every card
                self.lifts_found = freeing
            elif mercis == 1:
                waits, mark = self._waits(position), [0] * 64
                cycle = self._find_cycle(waits, (), mark)
                if cycle is not None:
                    lifts = set(cycle) | {code + 4 for code in cycle}
                    # A second cycle that no card of these lifts can break: lost.
                    avoid = lifts | {code - 4 for code in lifts}
                    if self._find_cycle(waits, avoid, mark) is not None:
                        return []
            if knotted and len(knotted) == mercis:
                sources = knotted
        mercis_after_move = 0 if self.first_move_only else mercis
        children = []
        tops = {}
        for index, pile in enumerate(piles):
            if pile:
                tops[pile[-1]] = index
        # Moves home: one alone, unless it strikes off a limbo candidate, or a merci may
        # come before the game's automatic play would take it: the card it uncovers could
        # then no longer be lifted by a merci, which takes only covered cards.
        uncovering_loses = mercis and self.optional_home and not self.first_move_only
        for code, index in tops.items():
            if found[code & 3] == (code >> 2) - 1:
                after = self._apply_home(position, index, code, mercis_after_move)
                if after is None:
                    continue
                move = ((M_HOME, index, HOME, code), after)
                if (limbo_active and candidates >> index & 1) or uncovering_loses:
                    children.append(move)
                    continue
                if draw_window:
                    return [move] + self._merci_children(
                        position, tops, sources, lifts, freeing, pairs
                    )
                return [move]
        # The build onto an immobile card comes alone only in the final layout: with a
        # reshuffle to come, the cards it lets go home automatically would skip the
        # foundation states in between, each a place to reshuffle at. With unlimited
        # reshuffles, or in the quick scan for wins, no defeat is ever claimed, so
        # skipping them only steers the search (``alone`` is then set by the caller).
        alone = alone or final or self.unlimited
        builds = self._tableau_children(position, tops, mercis_after_move, alone=alone)
        if builds and builds[0] is None:
            return builds[1:]
        children.extend(builds)
        if mercis:
            children.extend(self._merci_children(position, tops, sources, lifts, freeing, pairs))
        return children

    def _tableau_children(self, position: tuple, tops: dict, mercis: int, alone=True) -> list:
        """Builds and kings into spaces; with ``alone``, a build onto an immobile card
        comes back alone, after a None."""
        piles, moved = position[PILES], position[MOVED]
        builds = []
        for code, index in tops.items():
            if code >> 2 == 13:
                if self.kings_fill and (len(piles[index]) > 1 or index == LIMBO):
                    builds.extend(self._king_children(position, index, code, mercis))
                continue
            target = tops.get(code + 4)
            if target is None or target == index:
                continue
            if self.move_once and moved >> code & 1:
                continue
            after = self._apply_build(position, index, target, code, mercis)
            if after is None:
                continue
            child = ((M_BUILD, index, target, code), after)
            if alone and not position[MERCIS] and self._immobile(position, target):
                # With a limbo card waiting, only where it cannot lie (so in every real
                # position the limbo stands for) and not onto it (it may yet leave).
                candidates = position[CANDIDATES]
                if not piles[LIMBO] or (
                    target != LIMBO and not (candidates >> index | candidates >> target) & 1
                ):
                    return [None, child]
            builds.append(child)
        return builds

    def _immobile(self, position: tuple, index: int) -> bool:
        """Can the top card of this fan never move in the tableau again (only go home)?"""
        pile = position[PILES][index]
        code = pile[-1]
        if code >> 2 == 13:
            return not self.kings_fill or len(pile) == 1
        if self.move_once and position[MOVED] >> code & 1:
            return True
        if len(pile) == 1:
            return not self.kings_fill
        return (code + 4) in pile

    def _strike(self, position: tuple, candidates: int, *indexes: int) -> int | None:
        """Candidates left after touching these piles; None when the last one goes."""
        if not position[PILES][LIMBO]:
            return 0
        for index in indexes:
            if 0 <= index < FAN_COUNT:
                candidates &= ~(1 << index)
        return candidates or None

    def _finish_piles(self, position, piles, found, moved, mercis, candidates) -> tuple:
        if piles[LIMBO]:
            return (tuple(piles), found, moved, mercis, position[ORIGIN], candidates, None)
        return (tuple(piles), found, moved, mercis, -1, 0, None)

    def _apply_home(self, position, index, code, mercis) -> tuple | None:
        candidates = self._strike(position, position[CANDIDATES], index)
        if candidates is None:
            return None
        piles = list(position[PILES])
        piles[index] = piles[index][:-1]
        found = list(position[FOUND])
        found[code & 3] += 1
        moved = position[MOVED] & ~(1 << code)
        return self._finish_piles(position, piles, tuple(found), moved, mercis, candidates)

    def _limbo_exit_allowed(self, position: tuple, index: int, target: int) -> bool:
        """May the merci card leave limbo for fan ``target`` by a tableau move? In the real
        game it lies on some candidate fan: on ``target`` itself the move is already made;
        on another fan it was marked by move-once unless that fan is its own."""
        if index != LIMBO or len(position[PILES][LIMBO]) > 1:
            return True
        candidates = position[CANDIDATES]
        if candidates >> target & 1 or not self.move_once:
            return True
        return bool(candidates >> position[ORIGIN] & 1)

    def _apply_build(self, position, index, target, code, mercis) -> tuple | None:
        if not self._limbo_exit_allowed(position, index, target):
            return None
        piles = list(position[PILES])
        piles[index] = piles[index][:-1]
        piles[target] = piles[target] + bytes((code,))
        candidates = position[CANDIDATES]
        if piles[LIMBO]:
            candidates = self._strike(position, candidates, index, target)
            if candidates is None:
                return None
        moved = position[MOVED] | (1 << code) if self.move_once else 0
        return self._finish_piles(position, piles, position[FOUND], moved, mercis, candidates)

    def _king_children(self, position, index, code, mercis) -> list:
        """A king onto an empty fan: one plain empty fan and one limbo candidate at most,
        since empty fans are otherwise alike."""
        if self.move_once and position[MOVED] >> code & 1:
            return []
        piles, candidates = position[PILES], position[CANDIDATES]
        children, kinds = [], set()
        for target in range(FAN_COUNT):
            kind = candidates >> target & 1
            if piles[target] or kind in kinds:
                continue
            kinds.add(kind)
            after = self._apply_build(position, index, target, code, mercis)
            if after is not None:
                children.append(((M_KING, index, target, code), after))
        return children

    def _merci_children(
        self, position: tuple, tops: dict, sources, lifts, freeing=False, pairs=None
    ) -> list:
        """The mercis worth trying. In the merci game, where a merci may come at any
        time, the move after it must depend on it (move the merci card, build on it,
        bring home the next card of its suit, or take the card that covered it last), or
        be a merci too: a move that does not could be made first, reaching the same
        fans with more limbo candidates, so a last merci with no such move to follow is
        skipped. Only the last merci waits in limbo (so no merci ever takes the card a
        limbo card covers); earlier ones are tried onto every fan."""
        piles, found = position[PILES], position[FOUND]
        children = []
        last_merci = position[MERCIS] == 1
        # Before the last merci (where one may come at any time) only the lifts that
        # leave no card stuck are tried (``freeing``, see _freeing_lifts; None: none is
        # stuck, nor after any lift; False: not known). A merci home leaves as many
        # stuck as a lift of the same card: no child here needs _stuck again.
        for src in range(FAN_COUNT) if sources is None else sources:
            pile = piles[src]
            for at in range(len(pile) - 1):
                code = pile[at]
                if lifts is not None and code not in lifts:
                    continue
                if freeing and code not in freeing:
                    continue
                if pairs is not None and pairs.get(code) == frozenset():
                    continue  # no second lift would free every card: see _pair_lifts
                home = found[code & 3] == (code >> 2) - 1
                if home:
                    children.append(self._merci(position, src, at, HOME))
                elif self.legal_spots_only:
                    target = tops.get(code + 4) if code >> 2 < 13 else None
                    if target is not None:
                        children.append(self._merci(position, src, at, target))
                elif last_merci:
                    if self._followed(position, tops, src, at):
                        child = self._lift_to_limbo(position, src, at)
                        if child[1] is not None:
                            children.append(child)
                else:
                    for target in range(FAN_COUNT):
                        if piles[target] or (self.kings_fill and code >> 2 == 13):
                            children.append(self._merci(position, src, at, target))
        return children

    def _followed(self, position: tuple, tops: dict, src: int, at: int) -> bool:
        """Could a move depending on this merci follow it at once?"""
        pile = position[PILES][src]
        code = pile[at]
        space = self.kings_fill and not all(position[PILES][:FAN_COUNT])
        if (code + 4 in tops and code >> 2 < 13) or code - 4 in tops:
            return True
        if space and code >> 2 == 13:
            return True
        if at != len(pile) - 2:
            return False
        top = pile[-1]
        if self.move_once and position[MOVED] >> top & 1:
            return position[FOUND][top & 3] == (top >> 2) - 1
        if top >> 2 == 13:
            return space
        return top + 4 in tops or position[FOUND][top & 3] == (top >> 2) - 1

    def _merci(self, position, src, at, target) -> tuple:
        """A merci the real rules name in full: the card onto a fan or home (never while a
        limbo card waits: only the last merci goes to limbo)."""
        piles = list(position[PILES])
        code = piles[src][at]
        piles[src] = piles[src][:at] + piles[src][at + 1 :]
        found, moved = position[FOUND], position[MOVED]
        if target == HOME:
            found = list(found)
            found[code & 3] += 1
            found = tuple(found)
            moved &= ~(1 << code)
        else:
            piles[target] = piles[target] + bytes((code,))
            if self.move_once and target != src:
                moved |= 1 << code
        after = self._finish_piles(position, piles, found, moved, position[MERCIS] - 1, 0)
        if not self.first_move_only:
            after = after[:PENDING] + (self._pending(position, src, at, piles[src]),)
        return ((M_MERCI, src, target, at), after)

    def _pending(self, position: tuple, src: int, at: int, left: bytes) -> tuple:
        """What the move after a merci must touch: the merci card (or the next card of its
        suit, or the one that builds on it), or the fan it came from if its top was all
        that covered it (by its cards: keys ignore the order of the fans)."""
        direct = at == len(position[PILES][src]) - 2
        return position[PILES][src][at], left if direct else None

    def _mask(self, pile: bytes) -> int:
        """The pile's cards as a bit mask."""
        mask = self.mask_cache.get(pile)
        if mask is None:
            mask = 0
            for code in pile:
                mask |= 1 << code
            if len(self.mask_cache) > CACHE_LIMIT:
                self.mask_cache.clear()
            self.mask_cache[pile] = mask
        return mask

    def _lift_to_limbo(self, position, src, at) -> tuple:
        piles = list(position[PILES])
        code = piles[src][at]
        piles[src] = piles[src][:at] + piles[src][at + 1 :]
        piles[LIMBO] = bytes((code,))
        # Where the card could only wait for home (a king that may not fill a space, or a
        # card marked by move-once because it left its own fan), a fan holding a lower
        # card of its suit would stay covered for good: no candidate.
        only_home = code >> 2 == 13 and not self.kings_fill
        lower = SUIT_MASKS[code & 3] & ((1 << code) - 1)  # the lower cards of its suit
        candidates = 0
        for index in range(FAN_COUNT):
            pile = piles[index]
            if pile or (self.kings_fill and code >> 2 == 13):
                if (only_home or (self.move_once and index != src)) and self._mask(pile) & lower:
                    continue
                candidates |= 1 << index
        if not candidates:
            return ((M_LIMBO, src, LIMBO, at), None)
        pending = self._pending(position, src, at, piles[src])
        mercis = position[MERCIS] - 1
        after = (tuple(piles), position[FOUND], position[MOVED], mercis, src, candidates, pending)
        return ((M_LIMBO, src, LIMBO, at), after)

    # ------------------------------------------------------------------ the real moves
    def _replay(self, path: list) -> tuple[list[Move], State]:
        """A path of the search's moves as engine moves from the start, the engine's own
        automatic moves left out, each checked by the engine as it is replayed; and the
        state they reach."""
        rules, state, moves = self.rules, self.state.copy(), []
        for kind, src, dst, extra in self._resolve_limbo(path):
            if kind == M_REDEAL:
                heights = tuple(len(state.piles[name]) for name in FOUNDATIONS)
                if heights != extra:
                    raise AssertionError("the replay does not meet the reshuffle's state")
                move = Move(MoveKind.REDEAL)
            elif kind == M_MERCI:
                card = state.piles[FAN_NAMES[src]][extra]
                target = "f" + card.suit if dst == HOME else FAN_NAMES[dst]
                move = Move(MoveKind.MERCI, FAN_NAMES[src], target, index=extra)
            else:
                card = code_card(extra)
                if card in state.piles["f" + card.suit]:
                    continue  # the engine played it home by itself
                source = next(name for name in FAN_NAMES if card in state.piles[name])
                if kind == M_HOME:
                    target = "f" + card.suit
                elif kind == M_KING:
                    target = FAN_NAMES[dst]
                else:
                    parent = Card(card.rank + 1, card.suit)
                    target = next((name for name in FAN_NAMES if state.top(name) == parent), source)
                if source == target:
                    continue  # a merci card moving onto the fan it already lies on
                move = Move(MoveKind.MOVE, source, target)
            if not rules.is_legal(state, move):
                raise AssertionError(f"the solver's move {move} is not legal")
            state = rules.successor(state, move)
            moves.append(move)
        return moves, state

    def _resolve_limbo(self, path: list) -> list:
        """The path's moves, each lift into limbo made a merci onto a fan the card may
        have lain on all the while it waited (a candidate left when limbo emptied, or
        when the path ends with the card still waiting: a best line may)."""
        resolved = []
        index = 0
        while index < len(path):
            move = path[index][0]
            if move[0] != M_LIMBO:
                resolved.append(move)
                index += 1
                continue
            _, origin, _, at = move
            end = index + 1
            while end < len(path) and path[end][1][PILES][LIMBO]:
                end += 1
            candidates = path[end - 1][1][CANDIDATES]
            exit_kind, exit_src, exit_dst, _ = path[end][0] if end < len(path) else (None,) * 4
            tableau_exit = exit_kind in (M_BUILD, M_KING) and exit_src == LIMBO
            if tableau_exit and candidates >> exit_dst & 1:
                fan = exit_dst  # it lay on that fan already
            elif candidates >> origin & 1:
                fan = origin  # on top of its own fan: not marked by move-once
            else:
                fan = (candidates & -candidates).bit_length() - 1
            resolved.append((M_MERCI, origin, fan, at))
            for later in range(index + 1, min(end + 1, len(path))):
                kind, src, dst, extra = path[later][0]
                src, dst = (fan if pile == LIMBO else pile for pile in (src, dst))
                resolved.append((kind, src, dst, extra))
            index = end + 1
        return resolved
