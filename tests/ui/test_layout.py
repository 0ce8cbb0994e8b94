"""The table's geometry: cards sized from the screen, long merci stacks use the felt the
table leaves free below it."""

from dataclasses import replace

import pytest

from solitaire.model.games import GAMES, make_rules
from solitaire.ui.table.bar import table_area
from solitaire.ui.table.layout import CARD_SCALES, TableLayout, readable_step

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


def share_of_width(layout: TableLayout, width: int) -> float:
    lefts = [x for x, _ in layout.origin.values()]
    return (max(lefts) + layout.card_w - min(lefts)) / width


@pytest.mark.parametrize("game_id", ["klondike", "spider"])
def test_klondike_and_spider_fill_a_full_hd_screen(game_id):
    """As large as Aisleriot and KPatience draw them: at least 150 px wide, the table
    across 80 % of the width (they were 111-116 px and 48-66 %)."""
    layout = TableLayout(make_rules(game_id).arrangement(), tuple(table_area((1920, 1080))))
    assert layout.card_w >= 150
    assert share_of_width(layout, 1920) >= 0.8


@pytest.mark.parametrize("size", [(640, 480), (800, 600), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_widened_table_stays_inside_the_window_with_its_margins(game_id, size):
    layout = TableLayout(make_rules(game_id).arrangement(), tuple(table_area(size)))
    lefts = [x for x, _ in layout.origin.values()]
    assert min(lefts) >= layout.card_w * 0.3
    assert max(lefts) + layout.card_w <= size[0] - layout.card_w * 0.3


def test_the_readable_step_is_the_card_arts_rank_to_a_pixel():
    """The layout's estimate of the pixels that show a rank follows the card art's own
    corner index (its top and three quarters of the rank glyph)."""
    import pygame

    from solitaire.ui.art.card_art import CardArt

    pygame.display.init()
    pygame.display.set_mode((8, 8))
    for width in range(40, 400, 15):
        art = CardArt(width, int(width * 1.4))
        shown = art.geometry.index_y + 0.75 * art._glyphs.height
        assert readable_step(width) >= shown - 1, width


def test_the_size_option_enlarges_where_the_height_limits_the_cards_never_past_the_width():
    arrangement = make_rules("klondike").arrangement()
    area = tuple(table_area((1920, 1080)))
    sizes = {scale: TableLayout(arrangement, area, scale).card_w for scale in CARD_SCALES}
    assert sizes[1.2] > sizes[1.1] > sizes[1.0] > sizes[0.9]
    wide = TableLayout(arrangement, tuple(table_area((800, 600))), 1.2)
    assert share_of_width(wide, 800) <= 1.0 - 2 * 0.3 * wide.card_w / 800
