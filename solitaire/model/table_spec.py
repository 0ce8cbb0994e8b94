"""What a game tells the table, as plain data: where its piles sit, its own buttons and
keys, what the mouse does, and its help text.

A game's file sets these beside its rules, so the table (``solitaire/ui/``) needs to know
nothing about any game by name. No pygame here: the model stays importable anywhere.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .moves import MoveKind
from .vocabulary import Outline, Spread

CARD_RATIO = 1.4  # a card's height over its width


@dataclass(frozen=True)
class Slot:
    """A pile's place in card-width units: top-left corner, how it spreads, how far.

    ``spread``: how its cards lie (``Spread``).
    ``reach``: units the spread may use beyond the first card (0: down to the table's
    bottom edge; sideways spreads need a reach). ``face_down``: the pile's cards lie face
    down (a stock). ``squared``: drawn as one stack showing its top card and a count.
    ``mark``: the suit an empty foundation shows in its outline ("" for none).
    """

    pile: str
    x: float
    y: float
    spread: Spread = Spread.NONE
    reach: float = 0.0
    outline: Outline = Outline.EMPTY  # placeholder drawn when the pile is empty
    face_down: bool = False
    squared: bool = False
    mark: str = ""


@dataclass(frozen=True)
class Arrangement:
    """Every pile's slot and the table's size in units (a card is 1 wide, 1.4 tall).

    ``height``: what a normal deal needs (the columns as dealt and a few cards more at
    full spread); longer columns close up, face-down cards first, and never make the
    cards smaller. ``stretch``: the rows may spread apart to use the felt the table
    leaves free below it (a window taller than the table, or smaller cards): every place
    down the table and every downward reach grows alike, so long fans stay readable.
    ``widen``: the places may spread apart across a window wider than the table, so a
    wide screen's sides are not left empty. ``longest``: (cards, face-down cards) of the
    longest column a game deals: the cards are never so large that it cannot show every
    rank once closed up (see TableLayout)."""

    slots: tuple[Slot, ...]
    width: float
    height: float
    stretch: bool = False
    widen: bool = False
    longest: tuple[int, int] | tuple[()] = ()


def row(piles, x0: float, y: float, step: float, **slot_fields) -> list[Slot]:
    return [Slot(pile, x0 + i * step, y, **slot_fields) for i, pile in enumerate(piles)]


def column(piles, x: float, y0: float, step: float, **slot_fields) -> list[Slot]:
    return [Slot(pile, x, y0 + i * step, **slot_fields) for i, pile in enumerate(piles)]


def foundation_slots(x: float, y: float, step: float, vertical: bool) -> list[Slot]:
    """The four foundations in a row or a column, spades first."""
    place = column if vertical else row
    slots = place([f"f{suit}" for suit in "SHDC"], x, y, step, outline=Outline.FOUNDATION)
    return [replace(slot, mark=slot.pile[1]) for slot in slots]


@dataclass(frozen=True)
class GameButton:
    """A button of the game's own on the button bar.

    ``action`` is a table action (``vocabulary.Action``, or ``play(kind)``, ``say(words)``,
    ``next_option(name)``), ``enabled_by`` a kind of move: the button is lit only while a
    move of that kind is legal."""

    label: str
    action: str
    enabled_by: MoveKind | None = None


@dataclass(frozen=True)
class GameHelp:
    """The help screen's part for one game: rules, its own keys and mouse use."""

    rules: tuple[str, ...]  # short paragraphs; the last one is a strategy tip
    keys: tuple[tuple[str, str], ...]  # (key, what it does): this game's own keys
    mouse: tuple[str, ...] = ()  # what the mouse does in this game beyond the common use
