"""Simple Simon and Mod3 at the table, driven with real pygame events, headless."""

import pygame
import pytest
from helpers import cards
from table_driver import click, drag, key, point, send, settle, start

from solitaire.model.cards import Card
from solitaire.model.state import State


def set_position(app, piles: dict) -> None:
    table = app.table
    layout = table.rules.empty_piles()
    layout.update(piles)
    table.game.state = State(layout, dict(table.state.values))
    settle(app)


def test_a_simple_simon_run_in_one_suit_is_dragged_whole(app):
    table = start(app, "simon", 1)
    piles = {f"t{n}": cards("KD") for n in range(1, 11)}
    piles["t1"] = cards("9C 8H 7H")
    piles["t2"] = cards("9S")
    set_position(app, piles)
    drag(app, point(app, "t1", 1), point(app, "t2"))
    assert table.state.piles["t2"] == cards("9S 8H 7H")


def test_mod3_deals_by_a_click_on_the_stock_or_the_d_key(app):
    table = start(app, "mod3", 1)
    tableau = [f"t{n}" for n in range(1, 9)]
    click(app, point(app, "stock"))
    assert [len(table.state.piles[name]) for name in tableau] == [2] * 8
    send(app, key(pygame.K_d, char="d"))
    assert [len(table.state.piles[name]) for name in tableau] == [3] * 8
    assert len(table.state.piles["stock"]) == 72 - 16


def test_a_double_click_sends_a_mod3_ace_out_and_a_card_to_its_row(app):
    table = start(app, "mod3", 1)
    piles = {name: list(cards) for name, cards in table.state.piles.items()}
    piles["t1"], piles["t2"], piles["a1"] = [Card(1, "H")], [Card(5, "S")], [Card(2, "S")]
    set_position(app, piles)
    for _ in range(2):
        click(app, point(app, "t1"))
    assert table.state.piles["aces"] == [Card(1, "H")]
    for _ in range(2):
        click(app, point(app, "t2"))
    assert table.state.piles["a1"] == [Card(2, "S"), Card(5, "S")]


@pytest.mark.parametrize(("game_id", "deal"), [("simon", 3), ("mod3", 3)])
def test_the_winnable_line_and_its_hints_lead_to_the_win(app, game_id, deal):
    table = start(app, game_id, deal)
    app.wait_for_partner()
    assert table.partner.status_text().startswith("Winnable")
    send(app, key(pygame.K_h, pygame.KMOD_CTRL))
    assert table.status.message.words.startswith("Hint: ") and table.help.hint_target
    while table.partner.plan:
        table.play(table.partner.plan[0])
        table.after_frame()
    assert table.rules.is_won(table.state) and table.tally.assisted
