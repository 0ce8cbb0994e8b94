"""Piles that overlap (Pyramid's, TriPeaks' and Golf's rows): the table knows which card
lies on top, a covered card cannot move, and a place may vanish when emptied.

The game here is a test game, not in the chooser: a small pyramid of three rows, each
card its own pile, each row lying over the lower half of the row above; a free card goes
home to the foundation of its suit. The cards are dealt so that the test knows them.
"""

from __future__ import annotations

from itertools import pairwise

import pytest
from helpers import cards
from table_driver import click, drag, point, settle, start

from solitaire.model.cards import Card
from solitaire.model.games import GAMES, definition_problems
from solitaire.model.rules import HOME, Rules
from solitaire.model.state import State
from solitaire.model.table_spec import Arrangement, Slot, foundation_slots
from solitaire.model.vocabulary import Outline, Spread

ROWS = (("p1",), ("p2", "p3"), ("p4", "p5", "p6"))  # the top row first
TOP_DOWN = "3S 2S 2H AS AH AD"  # the pyramid's cards, row by row


class LittlePyramid(Rules):
    game_id = "little-pyramid-test"
    title = "Little Pyramid"
    reserves = (*(pile for row in ROWS for pile in row), "rest")
    codes = {**{pile[1]: pile for row in ROWS for pile in row}, "h": HOME}
    # Each card is covered by the two cards of the next row that lie over it.
    covered_by = {
        pile: (below[index], below[index + 1])
        for row, below in pairwise(ROWS)
        for index, pile in enumerate(row)
    }

    def deal(self, number: int) -> State:
        pyramid = cards(TOP_DOWN)
        piles = self.empty_piles()
        for pile, card in zip((pile for row in ROWS for pile in row), pyramid, strict=True):
            piles[pile] = [card]
        piles["rest"] = [Card(rank, suit) for suit in "SHDC" for rank in range(1, 14)]
        piles["rest"] = [card for card in piles["rest"] if card not in pyramid]
        return State(piles, {"deal": number})

    def arrangement(self) -> Arrangement:
        """Rows half a card apart downwards, each card over the gap below two others."""
        slots = [
            Slot(pile, 1.0 + (2 - depth) * 0.6 + index * 1.2, depth * 0.7, outline=Outline.NONE)
            for depth, row in enumerate(ROWS)
            for index, pile in enumerate(row)
        ]
        slots.append(Slot("rest", 0, 3.0, Spread.NONE, face_down=True, squared=True))
        slots += foundation_slots(1.5, 3.0, 1.2, vertical=False)
        return Arrangement(tuple(slots), 6.5, 4.4)


@pytest.fixture
def pyramid(app, monkeypatch):
    monkeypatch.setitem(GAMES, LittlePyramid.game_id, LittlePyramid)
    return start(app, LittlePyramid.game_id)


def overlap_point(table, upper: str, lower: str) -> tuple[int, int]:
    """A point where the card of ``lower`` (a row further down) lies over ``upper``'s."""
    view = table.view
    both = view.pile_top_rect(table.state, upper).clip(view.pile_top_rect(table.state, lower))
    assert both.w > 0 and both.h > 0, "the rows do not overlap"
    return both.center


def test_the_definition_is_sound_and_a_wrong_cover_is_named():
    assert definition_problems(LittlePyramid) == []

    class Wrong(LittlePyramid):
        covered_by = {"p1": ("p1", "t9")}

    problems = definition_problems(Wrong)
    assert any("'t9'" in problem for problem in problems)
    assert any("names the pile itself" in problem for problem in problems)


def test_where_rows_overlap_the_card_drawn_on_top_is_hit(pyramid):
    where = overlap_point(pyramid, "p2", "p4")
    assert pyramid.view.hit(pyramid.state, where) == ("p4", 0)


def test_a_free_card_on_top_of_overlapping_rows_plays_by_mouse(app, pyramid):
    drag(app, overlap_point(pyramid, "p2", "p4"), point(app, "fS"))
    settle(app)
    assert pyramid.state.piles["fS"] == cards("AS")
    assert pyramid.state.piles["p4"] == []


def test_a_covered_card_is_refused_and_freed_once_its_covers_are_gone(app, pyramid):
    click(app, point(app, "p2"))  # the strip of the two of spades above the aces
    assert pyramid.status.message.words == "That card is covered."
    assert pyramid.state.piles["p2"] == cards("2S")
    for pile in ("p4", "p5"):
        drag(app, point(app, pile), point(app, "f" + pyramid.state.piles[pile][0].suit))
        settle(app)
    drag(app, point(app, "p2"), point(app, "fS"))
    settle(app)
    assert pyramid.state.piles["fS"] == cards("AS 2S")


def test_a_card_cannot_go_onto_a_covered_card(pyramid):
    problem = pyramid.rules.drop_problem(pyramid.state, "p1", cards("2H"), "p3")
    assert problem == "that card is covered"


def test_an_emptied_place_without_an_outline_shows_nothing_and_takes_nothing(app, pyramid):
    where = pyramid.view.pile_top_rect(pyramid.state, "p6").move(0, 20).center
    drag(app, point(app, "p6"), point(app, "fD"))
    settle(app)
    assert pyramid.state.piles["p6"] == []
    assert pyramid.view.hit(pyramid.state, where) is None
    felt = pyramid.view.static(pyramid.state, frozenset())
    corner = pyramid.view.layout.origin["p6"]
    inside = (
        corner[0] + pyramid.view.layout.card_w // 2,
        corner[1] + pyramid.view.layout.card_h - 4,
    )
    assert felt.get_at(inside) == pyramid.view._felt().get_at((inside[0] // 2, inside[1] // 2))
    rect = pyramid.view.pile_top_rect(pyramid.state, "p6")
    assert pyramid.view.drop_target(pyramid.state, rect, rect.center) != "p6"


def test_the_finder_points_at_the_strip_a_covered_card_shows(pyramid):
    strip = pyramid.view.visible_rect(pyramid.state, cards("2S")[0])
    below = pyramid.view.pile_top_rect(pyramid.state, "p4")
    assert strip.bottom == below.top
    assert strip.h < pyramid.view.layout.card_h
