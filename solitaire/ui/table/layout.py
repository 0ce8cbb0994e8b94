"""Where each pile sits on the table, for any window size.

Each game's arrangement (its ``Rules.arrangement()``) is written in card-width units (a
card is 1 wide and 1.4 tall); the layout picks the largest card width that fits the
window and centres the table. An arrangement's height is what a normal deal needs (the
columns as dealt and a few cards more): longer columns close up, face-down cards first,
so they never make the cards smaller. Plain numbers only, no pygame, so it is cheap to
test.
"""

from __future__ import annotations

from ...model.table_spec import CARD_RATIO, Arrangement
from ...model.vocabulary import Spread

DOWN_STEP = 0.26  # a column's overlap, as a share of the card height
FACE_DOWN_STEP = 0.12  # the same for a face-down card: only its edge need show
# How far a long column may close up: face-down cards to a sliver, face-up cards no
# closer than shows the rank and suit in the corner.
LEAST_FACE_DOWN_STEP = 0.04
LEAST_FACE_UP_STEP = 0.19
RIGHT_STEP = 0.30  # a fan's overlap, as a share of the card width
# The card size option: largest that fits, smaller, or larger where the table's height
# is what limits the cards (never wider than the window: columns then close up more).
CARD_SCALES = (1.2, 1.1, 1.0, 0.9, 0.8, 0.7)
# A table that widens (``Arrangement.widen``) spreads its places apart until it covers
# this share of the window's width, each gap growing to at most WIDEST_PITCH times its
# size: the felt's sides are not left empty on a wide screen (Aisleriot uses 95 %).
WIDE_SHARE = 0.88
WIDEST_PITCH = 1.4

Rect = tuple[int, int, int, int]


# The pixels of a face-up card that show the upper three quarters of its corner's rank,
# enough to read it, are READABLE_SHARE of its width plus READABLE_PIXELS: the index
# starts 0.055 of the width down and its rank glyphs are drawn at 0.115 of the width plus
# 6 points (``ui/art``; a test holds the two alike).
READABLE_SHARE, READABLE_PIXELS = 0.16, 6.5
MARGIN = 0.35  # units of empty felt around the table
BOTTOM_GAP = 0.05  # units of felt below a column that reaches the table's bottom edge


def readable_step(card_w: float) -> float:
    return READABLE_SHARE * card_w + READABLE_PIXELS


class TableLayout:
    """Pixel geometry of one game's table in an area of the window."""

    def __init__(self, arrangement: Arrangement, area: Rect, scale: float = 1.0):
        slots, width_units, height_units = arrangement.slots, arrangement.width, arrangement.height
        ax, ay, aw, ah = area
        margin = MARGIN
        fits_width = aw / (width_units + 2 * margin)
        fits = min(fits_width, ah / (height_units + 2 * margin), _fits_longest(arrangement, ah))
        unit = min(fits_width, scale * fits)
        self.card_w = max(20, int(unit))
        self.card_h = int(self.card_w * CARD_RATIO)
        # Across the table a unit may be longer too (Arrangement.widen): the places
        # spread apart, the cards as large as before.
        self.across_unit = unit
        span = width_units - 1  # from the first place's left edge to the last one's
        if arrangement.widen and span > 0:
            wider = (WIDE_SHARE * aw - unit) / (span * unit)
            self.across_unit = unit * min(WIDEST_PITCH, max(1.0, wider))
        left = ax + (aw - (span * self.across_unit + unit)) / 2
        top = ay + margin * unit
        # Down the table, a unit may be longer (Arrangement.stretch): the table's places
        # and downward reaches then fill the window's height, the cards as large as ever.
        self.down_unit = unit
        if arrangement.stretch and height_units > CARD_RATIO:
            free = ah / unit - 2 * margin - CARD_RATIO  # units for places below the top
            self.down_unit = unit * max(1.0, free / (height_units - CARD_RATIO))
        self.unit = unit
        self.area = area
        self.slots = {slot.pile: slot for slot in slots}
        self.origin = {
            slot.pile: (int(left + slot.x * self.across_unit), int(top + slot.y * self.down_unit))
            for slot in slots
        }
        self.bottom = ay + ah

    def card_positions(self, pile: str, count: int, down: int = 0) -> list[tuple[int, int]]:
        """Top-left corner of each card of a pile of ``count`` cards, bottom card first;
        the first ``down`` of them lie face down (closer together in a column)."""
        x, y = self.origin[pile]
        slot = self.slots[pile]
        if count <= 1 or slot.spread == Spread.NONE:
            return [(x, y)] * count
        if slot.spread == Spread.WASTE:
            fanned = min(count, 3)
            step = min(RIGHT_STEP * self.card_w, slot.reach * self.unit / 2)
            base = [(x, y)] * (count - fanned)
            return base + [(int(x + i * step), y) for i in range(fanned)]
        if slot.spread in (Spread.RIGHT, Spread.LEFT):
            room = slot.reach * self.unit
            step = min(RIGHT_STEP * self.card_w, room / (count - 1))
            if slot.spread == Spread.LEFT:
                step = -step
            return [(int(x + i * step), y) for i in range(count)]
        if slot.reach:
            room = slot.reach * self.down_unit
        else:
            room = self.bottom - y - self.card_h - BOTTOM_GAP * self.unit
        down = min(down, count - 1)
        down_step, up_step = self.column_steps(room, down, count - 1 - down)
        return [
            (x, int(y + min(i, down) * down_step + max(0, i - down) * up_step))
            for i in range(count)
        ]

    def column_steps(self, room: float, down: int, up: int) -> tuple[float, float]:
        """The steps between face-down and between face-up cards of a column that must
        fit ``down`` and ``up`` steps into ``room`` pixels: full steps where they fit,
        else face-down cards close up first, then face-up ones, then both alike."""
        h = self.card_h
        down_step, up_step = FACE_DOWN_STEP * h, DOWN_STEP * h
        if down * down_step + up * up_step <= room:
            return down_step, up_step
        if down:
            least = LEAST_FACE_DOWN_STEP * h
            down_step = max(least, (room - up * up_step) / down)
        if up and down * down_step + up * up_step > room:
            up_step = max(LEAST_FACE_UP_STEP * h, (room - down * down_step) / up)
        if down * down_step + up * up_step > room:  # longer than any game deals: squeeze
            scale = room / (down * down_step + up * up_step)
            down_step, up_step = down_step * scale, up_step * scale
        return max(2.0, down_step), max(4.0, up_step)

    def pile_rect(self, pile: str, count: int, down: int = 0) -> Rect:
        """The area a pile covers (at least one card's size), for hit tests and drops."""
        positions = self.card_positions(pile, max(count, 1), down)
        xs, ys = [x for x, _ in positions], [y for _, y in positions]
        return (min(xs), min(ys), max(xs) - min(xs) + self.card_w, max(ys) - min(ys) + self.card_h)


def _fits_longest(arrangement: Arrangement, height: float) -> float:
    """The largest unit at which the arrangement's ``longest`` column, closed up as far as
    it goes (face-down cards to a sliver), still shows every rank (``readable_step``)."""
    if not arrangement.longest:
        return float("inf")
    count, down = arrangement.longest
    top = max(slot.y for slot in arrangement.slots if slot.spread == Spread.DOWN and not slot.reach)
    gaps = count - 1 - down  # steps between face-up cards
    # In units of the card width: the margin, the rows above, the last card, the sliver
    # of each face-down card and the gap below; each face-up step adds READABLE_SHARE
    # units and READABLE_PIXELS pixels.
    units = MARGIN + top + CARD_RATIO + down * LEAST_FACE_DOWN_STEP * CARD_RATIO + BOTTOM_GAP
    return (height - gaps * READABLE_PIXELS) / (units + gaps * READABLE_SHARE)
