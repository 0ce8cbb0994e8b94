"""Where each pile sits on the table, for any window size.

Each game's arrangement (its ``Rules.arrangement()``) is written in card-width units (a
card is 1 wide and 1.4 tall); the layout picks the largest card width that fits the
window and centres the table. Plain numbers only, no pygame, so it is cheap to test.
"""

from __future__ import annotations

from ...model.table_spec import CARD_RATIO, Arrangement
from ...model.vocabulary import Spread

DOWN_STEP = 0.26  # a column's overlap, as a share of the card height
FACE_DOWN_STEP = 0.12  # the same for a face-down card: only its edge need show
# How far a long column may close up: face-down cards to a sliver, face-up cards no
# closer than shows the rank and suit in the corner.
LEAST_FACE_DOWN_STEP = 0.05
LEAST_FACE_UP_STEP = 0.19
RIGHT_STEP = 0.30  # a fan's overlap, as a share of the card width
CARD_SCALES = (1.0, 0.9, 0.8, 0.7)  # the card size option: largest that fits, and smaller

Rect = tuple[int, int, int, int]


class TableLayout:
    """Pixel geometry of one game's table in an area of the window."""

    def __init__(self, arrangement: Arrangement, area: Rect, scale: float = 1.0):
        slots, width_units, height_units = arrangement.slots, arrangement.width, arrangement.height
        ax, ay, aw, ah = area
        margin = 0.35  # units of empty felt around the table
        unit = scale * min(aw / (width_units + 2 * margin), ah / (height_units + 2 * margin))
        self.card_w = max(20, int(unit))
        self.card_h = int(self.card_w * CARD_RATIO)
        left = ax + (aw - width_units * unit) / 2
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
            slot.pile: (int(left + slot.x * unit), int(top + slot.y * self.down_unit))
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
            room = self.bottom - y - self.card_h - 0.15 * self.unit
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
