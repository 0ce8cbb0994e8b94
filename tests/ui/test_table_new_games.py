"""Klondike and Spider at the table, driven with real pygame events, headless."""

from itertools import pairwise

import pygame
import pytest
from helpers import cards
from table_driver import click, down, drag, key, motion, point, send, settle, start

from solitaire.model.cards import Card
from solitaire.model.moves import MoveKind
from solitaire.model.state import State

COLUMNS = [f"t{n}" for n in range(1, 11)]
RUN = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"


def set_position(app, piles: dict, down: dict) -> None:
    """Put the table's game in a position of the test's making."""
    table = app.table
    layout = table.rules.empty_piles()
    layout.update(piles)
    table.game.state = State(layout, dict(table.state.values), down, table.state.score)
    settle(app)


def test_dragging_one_of_eight_copies_lifts_and_moves_that_card_alone(app):
    table = start(app, "spider", 1)  # one suit: eight copies of every card
    move = next(m for m in table.game.legal_moves() if m.kind == MoveKind.MOVE and m.count == 1)
    card = table.state.piles[move.src][-1]
    copies = [c for c in table.state.all_cards() if c.face == card.face]
    assert len(copies) == 8
    send(app, down(point(app, move.src)), motion(point(app, move.dst)))
    assert table.painter._hidden() == frozenset({card})  # only the lifted copy leaves the table
    drag_end = point(app, move.dst)
    send(app, motion(drag_end), pygame.event.Event(pygame.MOUSEBUTTONUP, pos=drag_end, button=1))
    assert table.state.piles[move.dst][-1] is card or table.state.piles[move.dst][-1] == card
    assert table.state.piles[move.dst][-1].deck == card.deck
    assert len(table.view.places(table.state)) == 104  # every copy has a place of its own
    assert set(table.flights.cards()) <= {card}  # no other copy flies


def test_a_row_deal_flies_each_card_from_the_stock_to_its_own_column(app):
    table = start(app, "spider", 2, suits="2")
    stock = list(table.state.piles["stock"])
    click(app, point(app, "stock"))
    assert len(table.state.piles["stock"]) == 40
    dealt = stock[-10:]
    assert [table.state.piles[name][-1] for name in COLUMNS] == dealt[::-1]
    flying = table.flights.cards()  # one flight a card (the first may have landed)
    assert flying <= set(dealt) and len(flying) >= 8
    stock_place = table.view.layout.origin["stock"]
    assert all(table.flights.flights[card].legs[0].src == stock_place for card in flying)
    places = table.view.places(table.state)
    assert all(places[card][1] for card in dealt)  # face up


def test_a_row_deal_is_refused_while_a_column_is_empty(app):
    table = start(app, "spider", 3)
    piles = {name: [Card(13, "S", n % 8)] for n, name in enumerate(COLUMNS)}
    piles["t5"] = []
    piles["stock"] = [Card(2, "S", n % 8) for n in range(10)]
    set_position(app, piles, {})
    click(app, point(app, "stock"))
    assert "no column is empty" in table.status.message.words
    assert len(table.state.piles["stock"]) == 10 and not table.game.done


def test_a_king_to_ace_run_goes_home_when_its_ace_is_dropped_on_it(app):
    table = start(app, "spider", 4)
    run = [Card(c.rank, c.suit, 1) for c in cards(RUN)]
    piles = {name: [Card(13, "S", 2)] for name in COLUMNS}
    piles["t1"] = [Card(5, "S", 3), *run]
    piles["t2"] = [Card(9, "S", 4), Card(1, "S", 1)]
    set_position(app, piles, {"t1": 1})
    drag(app, point(app, "t2"), point(app, "t1"))
    assert len(table.state.piles["h1"]) == 13 and table.state.piles["t1"] == [Card(5, "S", 3)]
    assert table.state.face_down("t1") == 0  # the card under the run turned up


def test_klondike_turns_an_uncovered_card_up_and_undo_turns_it_down(app):
    table = start(app, "klondike", 1)
    move = next(
        m
        for m in table.game.legal_moves()
        if m.kind == MoveKind.MOVE and m.src.startswith("t") and table.state.face_down(m.src)
    )
    before = table.state.face_down(move.src)
    drag(app, point(app, move.src), point(app, move.dst))
    assert table.state.face_down(move.src) == before - 1
    settle(app)
    send(app, key(pygame.K_z, pygame.KMOD_CTRL))
    assert table.state.face_down(move.src) == before


def test_a_click_on_a_face_down_card_in_a_column_does_not_turn_the_stock(app):
    table = start(app, "klondike", 1)
    stock = len(table.state.piles["stock"])
    click(app, point(app, "t7", 0))  # the bottom card of the seventh column: face down
    assert len(table.state.piles["stock"]) == stock and not table.game.done
    assert "face down" in table.status.message.words
    click(app, point(app, "stock"))
    assert len(table.state.piles["stock"]) == stock - 1  # the stock itself turns


def test_the_empty_stock_shows_the_turn_over_arrow_only_while_it_can_turn(app):
    table = start(app, "klondike", 1, passes="1")
    while table.state.piles["stock"]:
        click(app, point(app, "stock"))
    assert table.rules.outline(table.state, "stock", "stock") == "empty"  # one pass only


def test_the_empty_stock_shows_the_arrow_with_passes_left(app):
    unlimited = start(app, "klondike", 1)
    while unlimited.state.piles["stock"]:
        click(app, point(app, "stock"))
    assert unlimited.rules.outline(unlimited.state, "stock", "stock") == "stock"


def test_double_click_sends_a_klondike_card_to_its_foundation(app):
    table = start(app, "klondike", 1)
    piles = {name: list(table.state.piles[name]) for name in table.state.piles}
    piles["t1"] = [Card(1, "H")]
    piles["t4"] = [c for c in piles["t4"] if c != Card(1, "H")] or [Card(13, "C")]
    piles["stock"] = [c for c in piles["stock"] if c not in (Card(1, "H"), Card(13, "C"))]
    set_position(app, piles, {"t4": len(piles["t4"]) - 1})
    click(app, point(app, "t1"))
    click(app, point(app, "t1"))
    assert table.state.piles["fH"] == [Card(1, "H")]


def test_a_spider_win_lets_the_runs_bounce_from_all_eight_foundations(app):
    table = start(app, "spider", 5)
    run = cards("KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS")
    piles = {f"h{n}": [Card(c.rank, c.suit, n - 1) for c in run] for n in range(1, 8)}
    piles["t1"] = [Card(c.rank, c.suit, 7) for c in run[:-1]]
    piles["t2"] = [Card(1, "S", 7)]
    set_position(app, piles, {})
    drag(app, point(app, "t2"), point(app, "t1"))
    assert table.rules.is_won(table.state)
    overlay = app.overlays[-1]
    assert {pile for _, pile in overlay.sources} == {f"h{n}" for n in range(1, 9)}


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080), (3840, 2160)])
def test_a_19_card_klondike_column_shows_every_rank(size):
    """Six face-down cards and a king's run of thirteen: the longest column Klondike deals.
    Each face-up card must show its rank (the corner index's top and the upper three
    quarters of the rank under it, enough to read it) before the next card covers it, and
    the column must end above the window's edge."""
    from solitaire.model.games import make_rules
    from solitaire.ui.art.card_art import CardArt
    from solitaire.ui.table.bar import table_area
    from solitaire.ui.table.layout import TableLayout

    rules = make_rules("klondike")
    area = table_area(size)
    layout = TableLayout(rules.arrangement(), tuple(area))
    art = CardArt(layout.card_w, layout.card_h)
    rank_bottom = art.geometry.index_y + 0.75 * art._glyphs.height
    positions = layout.card_positions("t7", 19, 6)
    face_up_steps = [b[1] - a[1] for a, b in pairwise(positions[6:])]
    face_down_steps = [b[1] - a[1] for a, b in pairwise(positions[:7])]
    assert min(face_up_steps) >= rank_bottom
    assert max(face_down_steps) < min(face_up_steps)  # face-down cards lie closer
    assert positions[-1][1] + layout.card_h <= area.bottom


@pytest.mark.parametrize(("game_id", "deal"), [("klondike", 1), ("spider", 1)])
def test_the_winnable_line_and_its_hints_lead_to_the_win(app, game_id, deal):
    table = start(app, game_id, deal)
    app.wait_for_partner()
    assert table.partner.status_text().startswith("Winnable")
    assert "seeing every card" in table.status.status_text()
    send(app, key(pygame.K_h, pygame.KMOD_CTRL))
    assert table.status.message.words.startswith("Hint: ") and table.help.hint_target
    while table.partner.plan:
        table.play(table.partner.plan[0])
        table.after_frame()
    assert table.rules.is_won(table.state) and table.tally.assisted


@pytest.mark.parametrize("game_id", ["klondike", "spider"])
def test_the_demo_plays_on(app, game_id):
    table = start(app, game_id, 9)
    send(app, key(pygame.K_d, pygame.KMOD_CTRL))
    for _ in range(200):
        if len(table.game.done) >= 10:
            break
        app.wait_for_partner()
        app.lag += 0.4  # as if the loop had waited: the demo's pace is in game time
        app.step(sleep=False)
        settle(app)
    assert len(table.game.done) >= 10


def test_the_statistics_show_the_vegas_bank(app):
    from solitaire.storage.stats import option_key
    from solitaire.ui.screens.stats_screen import summary_rows

    table = start(app, "klondike", 4, scoring="vegas")
    click(app, point(app, "stock"))
    table.new_deal()  # the game left counts: asked first
    app.overlays[-1].answer(True)
    settle(app)
    send(app, key(pygame.K_F5))
    app.draw()  # the statistics screen draws the game's own figures
    summary = app.library.stats.summary("klondike", option_key(table.rules))
    assert ("Vegas bank", "-$52") in summary_rows(table.rules, summary)
