"""The La Belle Lucie solver's positions (see ``lucie.py``): the rules its searches read,
the compact position made of an engine state, and the key a position is remembered by.

Positions are compact tuples: the eighteen fans as ``bytes`` in their real order (a card
is ``rank * 4 + suit``, suits in the order C D H S) and a nineteenth "limbo" pile (see
the mercis in ``lucie_moves.py``), the four foundation heights, the cards marked by the
move-once rule (a bit mask), the mercis still usable in this layout, the fan a limbo card
came from, the fans it may lie on, and the last merci when the next move must depend on
it. A position searched is remembered as one ``bytes`` key (``_key``: some 80 bytes, the
fans sorted, since their order is nothing a move can tell, the foundations left out,
since they hold the cards no pile does), in a set per layout.
"""

from __future__ import annotations

from ..model.games.belle_lucie import AutoHome
from ..model.moves import MoveKind
from ..model.options import UNLIMITED
from ..model.rules import FOUNDATIONS
from ..model.state import State
from .compact import card_code

FAN_COUNT = 18
LIMBO = FAN_COUNT  # index of the virtual pile a merci card waits in
FAN_NAMES = tuple(f"t{number}" for number in range(1, FAN_COUNT + 1))
WON = (13, 13, 13, 13)
CACHE_LIMIT = 20_000  # piles whose parts a cache keeps before it starts over

# Position fields.
PILES, FOUND, MOVED, MERCIS, ORIGIN, CANDIDATES, PENDING = range(7)


class Seen(set):
    """The keys of the positions searched in one layout; ``limbo`` holds, per key of a
    position with a limbo card, the candidate sets met with it (see _candidates)."""

    __slots__ = ("limbo",)

    def __init__(self):
        super().__init__()
        self.limbo: dict[bytes, int | list[int]] = {}


class LuciePositions:
    """The rules as the searches read them, and the positions they make of states: the
    first layer of a La Belle Lucie search (its proofs, its moves, then the search or the
    best line build on it)."""

    def __init__(self, rules, state: State, *, max_positions: int, without=frozenset()):
        self.rules = rules
        self.state = state.copy()
        self.max_positions = max_positions
        self.use_redeal = MoveKind.REDEAL not in without
        self.use_merci = MoveKind.MERCI not in without
        self.kings_fill = rules.kings_fill
        self.move_once = rules.move_once
        self.first_move_only = rules.merci_first_move_only
        self.legal_spots_only = rules.merci_legal_spots_only
        # Are moves home left to the player? Then a reshuffle may come with some held back.
        self.optional_home = rules.auto_home != AutoHome.ALL
        self.unlimited = rules.redeals is UNLIMITED
        self.positions = 0

    def _position(self, state: State) -> tuple:
        piles = tuple(bytes(card_code(card) for card in state.piles[name]) for name in FAN_NAMES)
        found = tuple(len(state.piles[name]) for name in FOUNDATIONS)
        moved = 0
        if self.move_once:
            for card in state.cards("moved"):
                moved |= 1 << card_code(card)
        mercis = self.rules.mercis_left(state) if self.use_merci else 0
        return (piles + (b"",), found, moved, mercis, -1, 0, None)

    def _key(self, position: tuple) -> bytes:
        """The position as one ``bytes``, as compact as it is quick to make: the mercis
        left, the card a pending merci must be followed by (0xff: none) and the move-once
        marks (where that rule holds), then the fans in sorted order (their order is
        nothing a move can tell) joined by 0xff, then 0xfe and the limbo pile, and 0xfe
        and the fan a pending merci uncovered, when it did. Card codes stay below 0xfd,
        so no two positions share a key. The foundations are left out: they hold the
        cards no pile holds."""
        piles, _, moved, mercis, _, _, pending = position
        if pending is None:
            head = bytes((mercis, 0xFF))
        else:
            head = bytes((mercis, pending[0]))
        if self.move_once:
            head += moved.to_bytes(7, "little")
        key = head + b"\xff".join(sorted(piles[:LIMBO])) + b"\xfe" + piles[LIMBO]
        if pending is not None and pending[1] is not None:
            key += b"\xfe" + pending[1]
        return key

    def _candidates(self, position: tuple) -> int:
        """The limbo candidates by content, as bits that mean the same in every position
        of the same key: a bit per fan in the key's sorted order of the fans (empty fans,
        all alike, first: as many bits from the lowest as there are empty candidates),
        and one more, past those, for the card's own fan (its place in that order), when
        it is a candidate, since move-once treats it apart."""
        piles, candidates, origin = position[PILES], position[CANDIDATES], position[ORIGIN]
        order = sorted(range(FAN_COUNT), key=piles.__getitem__)
        named = spaces = 0
        for rank, index in enumerate(order):
            if candidates >> index & 1:
                if piles[index]:
                    named |= 1 << rank
                else:
                    spaces += 1
        named |= (1 << spaces) - 1
        if candidates >> origin & 1:
            named |= 1 << (FAN_COUNT + (order.index(origin) if piles[origin] else 0))
        return named

    def _is_new(self, seen: Seen, position: tuple) -> bool:
        """Record a position; False if it, or one as good, was seen before. With a limbo
        card waiting, a position whose candidates include another's is as good as it
        (each candidate is one more real position it stands for)."""
        key = self._key(position)
        if not position[PILES][LIMBO]:
            if key in seen:
                return False
            seen.add(key)
            return True
        candidates = self._candidates(position)
        earlier = seen.limbo.get(key)
        if earlier is None:
            seen.add(key)
            seen.limbo[key] = candidates  # one candidate set as an int, more as a list
            return True
        if isinstance(earlier, int):
            if not candidates & ~earlier:
                return False
            seen.limbo[key] = [earlier, candidates]
            return True
        if any(not candidates & ~other for other in earlier):
            return False
        earlier.append(candidates)
        return True

    def _at_rest(self, position: tuple) -> bool:
        """No card can go home: with automatic play, the only positions the game stops
        at (a reshuffle may come there)."""
        found = position[FOUND]
        return not any(
            pile and found[pile[-1] & 3] == (pile[-1] >> 2) - 1 for pile in position[PILES]
        )
