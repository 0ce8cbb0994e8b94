"""Golf, TriPeaks and Aces Up played at the table with real events: a card dragged onto
the waste (the discards), a double-click, a click on the stock, a card typed by name."""

import pygame
import pytest
from table_driver import click, drag, key, point, send, settle, start, type_text

from solitaire.model.moves import MoveKind


def card_move(table):
    return next(m for m in table.rules.legal_moves(table.state) if m.kind == MoveKind.MOVE)


@pytest.mark.parametrize(("game_id", "deal"), [("golf", 2), ("tripeaks", 1), ("acesup", 5)])
def test_a_card_dragged_onto_its_pile_goes(app, game_id, deal):
    table = start(app, game_id, deal)
    move = card_move(table)
    card = table.state.top(move.src)
    drag(app, point(app, move.src), point(app, move.dst))
    settle(app)
    assert table.state.top(move.dst) == card


@pytest.mark.parametrize(("game_id", "deal"), [("golf", 2), ("tripeaks", 1)])
def test_a_double_click_plays_a_card_onto_the_waste(app, game_id, deal):
    table = start(app, game_id, deal)
    move = card_move(table)
    card = table.state.top(move.src)
    where = point(app, move.src)
    click(app, where)
    click(app, where)
    settle(app)
    assert table.state.top("waste") == card


@pytest.mark.parametrize("game_id", ["golf", "tripeaks"])
def test_a_click_on_the_stock_deals_a_card_onto_the_waste(app, game_id):
    table = start(app, game_id, 3)
    dealt = table.state.top("stock")
    click(app, point(app, "stock"))
    settle(app)
    assert table.state.top("waste") == dealt


def test_a_card_typed_by_name_goes_onto_the_waste(app):
    table = start(app, "tripeaks", 1)
    card = table.state.top(card_move(table).src)
    type_text(app, str(card))
    send(app, key(pygame.K_RETURN))
    settle(app)
    assert table.state.top("waste") == card
