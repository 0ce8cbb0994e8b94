"""A pairing game at the table (Pyramid): a card dragged or clicked onto its partner pairs
with it, a double-clicked king leaves alone, a click on the stock's card turns it when it
has no pair, a card named or a move typed plays, and the hint shows a pair."""

import pygame
import pytest
from helpers import cards
from table_driver import click, drag, key, point, send, settle, start, type_text

from solitaire.model.state import State

LAYOUT = {"p7a": "QH", "p7b": "AS", "p7c": "KD", "p7e": "9C", "waste": "5C", "stock": "2S 8H"}


@pytest.fixture
def pyramid(app):
    table = start(app, "pyramid")
    piles = {name: [] for name in table.state.piles}
    for name, text in LAYOUT.items():
        piles[name] = cards(text)
    dealt = {card for cards_ in piles.values() for card in cards_}
    piles["discard"] = [card for card in table.rules.deck() if card not in dealt]
    table.game.state = State(piles, table.state.values)
    settle(app)
    return table


def discarded(table) -> list:
    return table.state.piles["discard"][-4:]


def test_a_card_dragged_onto_its_partner_pairs_with_it(app, pyramid):
    drag(app, point(app, "p7a"), point(app, "p7b"))
    settle(app)
    assert pyramid.state.piles["p7a"] == pyramid.state.piles["p7b"] == []
    assert discarded(pyramid)[-2:] == cards("QH AS")


def test_a_card_clicked_then_its_partner_clicked_pairs(app, pyramid):
    click(app, point(app, "p7b"))
    click(app, point(app, "p7a"))
    settle(app)
    assert discarded(pyramid)[-2:] == cards("AS QH")


def test_the_waste_pairs_with_the_stock_by_mouse(app, pyramid):
    drag(app, point(app, "waste"), point(app, "stock"))
    settle(app)
    assert pyramid.state.piles["waste"] == [] and pyramid.state.piles["stock"] == cards("2S")


def test_a_king_double_clicked_leaves_alone(app, pyramid):
    click(app, point(app, "p7c"))
    click(app, point(app, "p7c"))
    settle(app)
    assert pyramid.state.piles["p7c"] == [] and discarded(pyramid)[-1:] == cards("KD")


def test_a_card_that_does_not_pair_is_refused_with_the_reason(app, pyramid):
    drag(app, point(app, "p7a"), point(app, "p7e"))
    settle(app)
    assert pyramid.state.piles["p7a"] == cards("QH")
    assert "does not pair" in pyramid.status.message.words


def test_a_click_on_the_stock_card_without_a_pair_turns_it(app, pyramid):
    drag(app, point(app, "waste"), point(app, "stock"))  # the five and the eight leave
    settle(app)
    click(app, point(app, "stock"))  # the two of spades has no partner left
    settle(app)
    assert pyramid.state.piles["waste"] == cards("2S") and pyramid.state.piles["stock"] == []


def test_the_hint_points_at_a_card_and_glows_on_its_partner(app, pyramid):
    pyramid.partner.position_changed()
    app.wait_for_partner()
    pyramid.help.show_hint()
    words = pyramid.status.message.words
    assert "Pair the" in words or "Discard the" in words, words
    assert pyramid.help.finder is not None and pyramid.help.hint_target is not None


@pytest.mark.parametrize(
    "typed, gone", [("kd", ("p7c",)), ("7a7b", ("p7a", "p7b")), ("ws", ("waste",))]
)
def test_a_card_named_or_a_move_typed_is_played(app, pyramid, typed, gone):
    type_text(app, typed)
    send(app, key(pygame.K_RETURN))
    settle(app)
    assert all(pyramid.state.piles[pile] == [] for pile in gone)
