"""Where each pile sits on the table, for any window size.

Each game's arrangement is written in card-width units (a card is 1 wide and 1.4 tall);
the layout picks the largest card width that fits the window and centres the table.
Plain numbers only, no pygame, so it is cheap to test.
"""

from __future__ import annotations

from dataclasses import dataclass

CARD_RATIO = 1.4  # height / width
DOWN_STEP = 0.26  # a column's overlap, as a share of the card height
RIGHT_STEP = 0.30  # a fan's overlap, as a share of the card width
CARD_SCALES = (1.0, 0.9, 0.8, 0.7)  # the card size option: largest that fits, and smaller

Rect = tuple[int, int, int, int]


@dataclass(frozen=True)
class Slot:
    """A pile's place in units: top-left corner, how it spreads, and how far it may."""

    pile: str
    x: float
    y: float
    spread: str = "none"  # "none", "down", "right", or "waste" (the top three fanned right)
    reach: float = 0.0  # units available for the spread beyond the first card (0: to the edge)
    outline: str = "empty"  # placeholder drawn when the pile is empty


def _row(piles, x0: float, y: float, step: float, **kwargs) -> list[Slot]:
    return [Slot(pile, x0 + i * step, y, **kwargs) for i, pile in enumerate(piles)]


def _foundations(x: float, y: float, step: float, vertical: bool) -> list[Slot]:
    return [
        Slot(
            f"f{suit}",
            x if vertical else x + i * step,
            y + i * step if vertical else y,
            outline="foundation",
        )
        for i, suit in enumerate("SHDC")
    ]


def lucie_slots() -> tuple[list[Slot], float, float]:
    slots = _foundations(0, 0, 1.65, vertical=True)
    fans = [f"t{n}" for n in range(1, 19)]
    for row, start in enumerate(range(0, 18, 5)):
        slots += _row(fans[start : start + 5], 1.3, row * 1.65, 2.35, spread="right", reach=1.2)
    return slots, 1.3 + 5 * 2.35 - 0.15, 3 * 1.65 + CARD_RATIO


def prince_slots() -> tuple[list[Slot], float, float]:
    slots = _row([f"r{n}" for n in range(1, 8)], 1.15, 0, 1.15, outline="empty")
    slots += _row([f"t{n}" for n in range(1, 10)], 0, 1.75, 1.15, spread="down")
    slots += _foundations(9 * 1.15 + 0.25, 0, 1.55, vertical=True)
    return slots, 9 * 1.15 + 1.25, 7.4


def canfield_slots() -> tuple[list[Slot], float, float]:
    slots = [
        Slot("hand", 0, 0, outline="stock"),
        Slot("waste", 1.2, 0, spread="waste", reach=0.7),
        Slot("reserve", 0, 1.85, outline="empty"),
    ]
    slots += _foundations(3.3, 0, 1.2, vertical=False)
    slots += _row(["t1", "t2", "t3", "t4"], 3.3, 1.85, 1.2, spread="down")
    return slots, 3.3 + 3 * 1.2 + 1, 6.4


def vierfrei_slots() -> tuple[list[Slot], float, float]:
    slots = _row(["c1", "c2", "c3", "c4"], 0, 0, 1.15, outline="cell")
    slots += _foundations(4 * 1.15 + 0.3, 0, 1.15, vertical=False)
    slots += _row([f"t{n}" for n in range(1, 9)], 0.15, 1.8, 1.15, spread="down")
    return slots, 4 * 1.15 + 0.3 + 3 * 1.15 + 1, 6.8


ARRANGEMENTS = {
    "lucie": lucie_slots,
    "merci": lucie_slots,
    "prince": prince_slots,
    "canfield": canfield_slots,
    "vierfrei": vierfrei_slots,
}


class TableLayout:
    """Pixel geometry of one game's table in an area of the window."""

    def __init__(self, game_id: str, area: Rect, scale: float = 1.0):
        slots, width_units, height_units = ARRANGEMENTS[game_id]()
        ax, ay, aw, ah = area
        margin = 0.35  # units of empty felt around the table
        unit = scale * min(aw / (width_units + 2 * margin), ah / (height_units + 2 * margin))
        self.card_w = max(20, int(unit))
        self.card_h = int(self.card_w * CARD_RATIO)
        left = ax + (aw - width_units * unit) / 2
        top = ay + margin * unit
        self.unit = unit
        self.area = area
        self.slots = {slot.pile: slot for slot in slots}
        self.origin = {
            slot.pile: (int(left + slot.x * unit), int(top + slot.y * unit)) for slot in slots
        }
        self.bottom = ay + ah

    def card_positions(self, pile: str, count: int) -> list[tuple[int, int]]:
        """Top-left corner of each card of a pile of ``count`` cards, bottom card first."""
        x, y = self.origin[pile]
        slot = self.slots[pile]
        if count <= 1 or slot.spread == "none":
            return [(x, y)] * count
        if slot.spread == "waste":
            fanned = min(count, 3)
            step = min(RIGHT_STEP * self.card_w, slot.reach * self.unit / 2)
            base = [(x, y)] * (count - fanned)
            return base + [(int(x + i * step), y) for i in range(fanned)]
        if slot.spread == "right":
            room = slot.reach * self.unit
            step = min(RIGHT_STEP * self.card_w, room / (count - 1))
            return [(int(x + i * step), y) for i in range(count)]
        room = self.bottom - y - self.card_h - 0.15 * self.unit
        step = max(4.0, min(DOWN_STEP * self.card_h, room / (count - 1)))
        return [(x, int(y + i * step)) for i in range(count)]

    def pile_rect(self, pile: str, count: int) -> Rect:
        """The area a pile covers (at least one card's size), for hit tests and drops."""
        positions = self.card_positions(pile, max(count, 1))
        x0, y0 = positions[0]
        x1, y1 = positions[-1]
        return (x0, y0, x1 - x0 + self.card_w, y1 - y0 + self.card_h)
