"""The table's geometry: long merci stacks use the felt the table leaves free below it."""

from dataclasses import replace

import pytest

from solitaire.model.games import GAMES, make_rules
from solitaire.ui.table.layout import TableLayout

LONG = 19  # cards in one merci stack: more than any deal starts with

# Areas below the button bar and above the status line (window sizes 1920x1080, 800x600),
# with the card size option: the table then leaves felt free below it.
FREE_FELT = [((0, 40, 1920, 1000), 0.8), ((0, 40, 1920, 1000), 0.9), ((0, 30, 800, 540), 1.0)]


def fan_step(layout: TableLayout, pile: str) -> int:
    positions = layout.card_positions(pile, LONG)
    return positions[1][1] - positions[0][1]


@pytest.mark.parametrize("area, scale", FREE_FELT)
def test_long_merci_stacks_use_the_felt_below_the_rows(area, scale):
    arrangement = make_rules("merci").arrangement()
    layout = TableLayout(arrangement, area, scale)
    upper, lower = layout.card_positions("t1", LONG), layout.card_positions("t10", LONG)
    bottom = area[1] + area[3]
    # The upper row's stack stops above the lower row, and the lower one above the edge.
    assert upper[-1][1] + layout.card_h < lower[0][1]
    assert lower[-1][1] + layout.card_h <= bottom
    # The lowest suit stack stays on the table too.
    assert layout.origin["fC"][1] + layout.card_h <= bottom
    # The upper row's stack, squeezed into a fixed reach before, fans out a fifth more
    # at least, and neither row's is now squeezed as much as that one was...
    fixed = TableLayout(replace(arrangement, stretch=False), area, scale)
    assert fan_step(layout, "t1") >= 1.2 * fan_step(fixed, "t1")
    assert fan_step(layout, "t10") >= fan_step(fixed, "t1")
    # ...and next to no felt is left below the table's lowest place.
    lowest = max(layout.origin["fC"][1], lower[-1][1]) + layout.card_h
    assert bottom - lowest < layout.unit / 2


def test_rows_stretch_only_where_there_is_felt_to_spare():
    arrangement = make_rules("merci").arrangement()
    layout = TableLayout(arrangement, (0, 40, 1920, 1000))  # the table fills the height
    assert layout.down_unit == layout.unit


@pytest.mark.parametrize("game_id", [game for game in GAMES if game != "merci"])
def test_other_tables_keep_their_places(game_id):
    arrangement = make_rules(game_id).arrangement()
    layout = TableLayout(arrangement, (0, 30, 800, 540), 0.8)
    assert layout.down_unit == layout.unit
