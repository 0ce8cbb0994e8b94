"""The table driven with real pygame events, headless. Each test checks the model."""

import random
from contextlib import contextmanager

import pygame
import pytest
from helpers import cards, pile
from table_driver import (
    click,
    down,
    drag,
    key,
    motion,
    point,
    send,
    settle,
    start,
    type_text,
    up,
)

from solitaire.cli import parse_rule_options
from solitaire.model.game import Game
from solitaire.model.games import GAMES, make_rules
from solitaire.model.games.vierfrei import FREECELL_IMPOSSIBLE
from solitaire.model.moves import MoveKind, Status
from solitaire.model.state import State
from solitaire.model.vocabulary import Role
from solitaire.solver.solve import solve_game, winnable_deals
from solitaire.ui.app import App
from solitaire.ui.art.theme import font
from solitaire.ui.library import Library
from solitaire.ui.platform.window import fit_on_desktop
from solitaire.ui.screens.help_screen import HelpOverlay
from solitaire.ui.screens.overlays import (
    LossOverlay,
    MenuOverlay,
    NumberEntry,
    OptionsOverlay,
    WinOverlay,
)
from solitaire.ui.table.status import REPLAY_SHOWING


def test_drag_a_card_to_a_free_cell_and_a_run_to_a_column(app):
    table = start(app, "vierfrei", 1)
    drag(app, point(app, "t6"), point(app, "c1"))
    assert pile(table, "c1") == "3D"
    assert pile(table, "t6") == "7H QC AS AC 2C"


def test_a_dropped_card_that_cannot_go_there_flies_back(app):
    table = start(app, "vierfrei", 1)
    drag(app, point(app, "t1"), point(app, "t2"))  # 6S on 9C: not allowed
    assert pile(table, "t1").endswith("6D 6S") and table.game.done == []
    assert table.flights.busy  # it flies back


def test_click_then_click_the_destination(app):
    table = start(app, "vierfrei", 1)
    click(app, point(app, "t6"))
    assert table.input.selected is not None
    click(app, point(app, "c2"))
    assert pile(table, "c2") == "3D" and table.input.selected is None


def test_right_click_cancels_a_selection(app):
    table = start(app, "canfield", 4)
    source = next(m.src for m in table.game.legal_moves() if m.kind == MoveKind.MOVE)
    click(app, point(app, source))
    assert table.input.selected
    click(app, point(app, source), button=3)
    assert table.input.selected is None and table.game.done == []


def test_double_click_plays_to_the_foundation_or_else_a_free_cell(app):
    table = start(app, "vierfrei", 1)
    table.game.play_sequence(["6a", "6b"])
    settle(app)
    click(app, point(app, "t6"))
    click(app, point(app, "t6"))
    assert pile(table, "fC") == "AC"
    click(app, point(app, "t1"))
    click(app, point(app, "t1"))  # 6S cannot go home: a free cell takes it
    assert pile(table, "c3") == "6S"


def test_right_click_sends_a_card_and_a_run_to_the_free_cells(app):
    table = start(app, "vierfrei", 1)
    click(app, point(app, "t6"), button=3)
    assert pile(table, "c1") == "3D"
    table.state.piles["t2"] = cards("2D KC KS 5C TD 9H 8S 7D")
    click(app, point(app, "t2", -2), button=3)  # the eight and seven: a run of two
    assert [pile(table, c) for c in ("c2", "c3")] == ["7D", "8S"]
    click(app, point(app, "t2", -3), button=3)  # the nine and ten: not a run
    assert pile(table, "t2").endswith("TD 9H")


def test_typing_a_card_plays_it_home_first_then_to_its_place(app):
    table = start(app, "lucie", 1)
    move = next(m for m in table.game.legal_moves() if m.kind == MoveKind.MOVE)
    card = table.state.top(move.src)
    type_text(app, str(card))
    send(app, key(pygame.K_RETURN))
    assert table.state.top(move.src) != card and len(table.game.done) == 1


def test_typing_a_card_that_cannot_move_points_at_it(app):
    table = start(app, "lucie", 1)
    stuck = next(
        table.state.top(f"t{n}")
        for n in range(1, 19)
        if not any(m.src == f"t{n}" for m in table.game.legal_moves())
    )
    type_text(app, str(stuck).lower())
    send(app, key(pygame.K_BACKSPACE))
    type_text(app, str(stuck)[1].lower())
    send(app, key(pygame.K_RETURN))
    assert table.help.finder and table.help.finder[0] == stuck
    assert table.status.message.words and table.game.done == []


def test_lucie_keys_s_h_and_q(app):
    """La Belle Lucie: A Solitaire Game: "enter S at the prompt", H and Q likewise: each is
    played by Enter, as a card's name is, so a stray S spends no reshuffle."""
    table = start(app, "lucie", 2)
    type_text(app, "s")
    assert table.state.values["redeals_used"] == 0 and table.input.typed == "S"
    send(app, key(pygame.K_RETURN))
    assert table.state.values["redeals_used"] == 1
    type_text(app, "h")
    send(app, key(pygame.K_RETURN))
    assert isinstance(app.overlays[-1], HelpOverlay)
    send(app, key(pygame.K_ESCAPE))
    type_text(app, "q")
    send(app, key(pygame.K_RETURN))
    assert isinstance(app.overlays[-1], MenuOverlay)
    send(app, key(pygame.K_ESCAPE))  # return to the game
    assert not app.overlays and app.running


def test_the_draw_by_mouse_after_the_last_reshuffle(app):
    table = start(app, "lucie", 2)
    for _ in range(2):
        type_text(app, "s")
        send(app, key(pygame.K_RETURN))
    merci = next(m for m in table.game.legal_moves() if m.kind == MoveKind.MERCI)
    drag(app, point(app, merci.src, merci.index), point(app, merci.dst))
    assert table.game.done[-1].move.kind == MoveKind.MERCI


def test_prince_keys(app):
    table = start(app, "prince", 2)
    table.game.state.piles["fS"], table.game.state.piles["t9"] = cards("AS"), cards("2S")
    send(app, key(pygame.K_l, pygame.KMOD_CTRL))
    laid_off = pile(table, "fS")
    assert laid_off.startswith("AS 2S")
    assert not table.rules.is_legal(table.state, table.game.done[-1].move)  # nothing left
    send(app, key(pygame.K_b, pygame.KMOD_CTRL))
    assert pile(table, "t9") == "2S"
    send(app, key(pygame.K_f, pygame.KMOD_CTRL))
    assert pile(table, "fS") == laid_off
    deal = table.game.deal_number
    send(app, key(pygame.K_n, pygame.KMOD_CTRL))
    send(app, key(pygame.K_RETURN))  # yes: this game counts as a loss
    assert app.table.game.deal_number != deal


def test_canfield_origin_and_destination_keys(app):
    table = start(app, "canfield", 3, mode="3")
    send(app, key(pygame.K_n, char="n"))
    assert len(table.state.piles["waste"]) == 1
    send(app, key(pygame.K_w, char="w"))
    assert table.input.origin_key == "w"
    send(app, key(pygame.K_ESCAPE))
    assert table.input.origin_key is None
    legal = {table.rules.format_move(m, table.state) for m in table.game.legal_moves()}
    pair = next(t for t in sorted(legal) if len(t) == 2 and t[0] in "S12345W")
    codes = {"S": pygame.K_s, "W": pygame.K_w, "F": pygame.K_f}
    for char in pair:
        send(app, key(codes.get(char, pygame.key.key_code(char)), char=char.lower()))
    assert len(table.game.done) == 2


def test_canfield_r_changes_the_rule_mode_and_a_runs_the_auto_player(app):
    start(app, "canfield", 3)
    send(app, key(pygame.K_r, char="r"))
    assert app.table.rules.options["mode"] == "2"
    send(app, key(pygame.K_a, char="a"))
    assert app.table.help.demo_on
    for _ in range(3000):
        app.wait_for_partner()
        app.lag += 0.4
        app.step(sleep=False)
        app.table.flights.finish()
        if app.table.game.done or not app.table.help.demo_on:
            break
    assert app.table.game.done or "stops" in app.table.status.message.words
    send(app, key(pygame.K_SPACE))
    assert not app.table.help.demo_on


def test_vierfrei_keys(app):
    table = start(app, "vierfrei", 1)
    send(app, key(pygame.K_F2))
    assert isinstance(app.overlays[-1], NumberEntry)
    type_text(app, "617")
    send(app, key(pygame.K_RETURN))
    assert app.table.game.deal_number == 617
    app.table.game.play_sequence(["1a"])
    send(app, key(pygame.K_F3))
    assert app.table.game.done == []
    send(app, key(pygame.K_F1))
    send(app, key(pygame.K_RETURN))  # yes: this game counts as a loss
    assert app.table.game.deal_number != 617
    send(app, key(pygame.K_F10))
    assert not app.running
    assert table is app.table


def test_vierfrei_delete_plays_safe_cards_home(app):
    table = start(app, "vierfrei", 1)
    table.game.play_sequence(["6a", "6b"])
    send(app, key(pygame.K_DELETE))
    assert pile(table, "fC") == "AC" and pile(table, "fS") == "AS"


def test_f2_refuses_a_number_out_of_range(app):
    start(app, "vierfrei", 1)
    send(app, key(pygame.K_F2))
    type_text(app, "2000000")
    send(app, key(pygame.K_RETURN))
    assert isinstance(app.overlays[-1], NumberEntry) and app.overlays[-1].problem
    assert app.table.game.deal_number == 1


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_undo_and_redo_keys_in_every_game(app, game_id):
    table = start(app, game_id, 5)
    table.play(table.game.legal_moves()[0])
    table.after_frame()
    after = table.state.key()
    send(app, key(pygame.K_z, pygame.KMOD_CTRL))
    assert table.game.done == []
    send(app, key(pygame.K_y, pygame.KMOD_CTRL))
    assert table.state.key() == after
    send(app, key(pygame.K_r, pygame.KMOD_CTRL))
    assert table.game.done == []


def test_input_during_an_animation_is_not_lost(app):
    table = start(app, "vierfrei", 1)
    pygame.event.post(key(pygame.K_6, char="6"))
    table.play(table.rules.parse_move("6a", table.state))
    table.after_frame()
    assert table.flights.busy
    click(app, point(app, "t6"))  # arrives mid-flight
    click(app, point(app, "c2"))
    assert pile(table, "c1") == "3D" and pile(table, "c2") == "2C"
    assert sorted(table.state.all_cards()) == sorted(Game(table.rules, 1).state.all_cards())


def test_boss_key_hides_and_restoring_brings_it_back(app):
    table = start(app, "vierfrei", 1)
    app.window.toggle_fullscreen()
    assert app.window.fullscreen
    send(app, key(pygame.K_BACKQUOTE, char="`"))  # the key left of 1: B is a free cell here
    assert not app.clock_running and not app.window.fullscreen and app.audio.paused
    send(app, pygame.event.Event(pygame.WINDOWRESTORED))
    assert app.clock_running and app.window.fullscreen and not app.audio.paused
    assert app.table is table


@pytest.mark.parametrize(("game_id", "typed", "moved_to"), [("vierfrei", "6b", "c2")])
def test_a_typed_move_with_a_b_is_played_never_taken_by_the_boss_key(app, game_id, typed, moved_to):
    table = start(app, game_id, 1)
    type_text(app, typed)
    send(app, key(pygame.K_RETURN))
    assert app.clock_running and table.state.piles[moved_to]
    send(app, key(pygame.K_b, char="b"), key(pygame.K_7, char="7"), key(pygame.K_RETURN))
    assert app.clock_running  # b7: the card back from cell b, or refused, never hidden


def test_b_still_hides_a_game_whose_moves_have_no_b(app):
    start(app, "klondike", 1)
    send(app, key(pygame.K_b, char="b"))
    assert not app.clock_running


def test_the_quit_menu_opens_on_return_so_a_stray_enter_never_leaves(app):
    table = start(app, "klondike", 1)
    send(app, key(pygame.K_ESCAPE), key(pygame.K_RETURN))
    assert app.running and not app.overlays and app.table is table


def test_a_deal_number_is_chosen_in_the_window_in_every_game(app):
    for game_id in GAMES:
        table = start(app, game_id, 1)
        send(app, key(pygame.K_g, pygame.KMOD_CTRL))
        type_text(app, "4242")
        send(app, key(pygame.K_RETURN))
        assert table.game.deal_number == 4242, game_id


def test_f11_and_alt_enter_switch_full_screen(app):
    start(app, "prince", 1)
    send(app, key(pygame.K_F11))
    assert app.window.fullscreen
    send(app, key(pygame.K_RETURN, pygame.KMOD_ALT))
    assert not app.window.fullscreen


def test_m_mutes(app):
    start(app, "canfield", 1)
    send(app, key(pygame.K_m, char="m"))
    assert app.audio.muted


def test_chooser_opens_a_game_by_typing_its_name(app):
    assert app.table is None
    type_text(app, "prince")
    send(app, key(pygame.K_RETURN))
    assert app.table.game_id == "prince"
    send(app, key(pygame.K_TAB))
    type_text(app, "vier")
    send(app, key(pygame.K_RETURN))
    assert app.table.game_id == "vierfrei"


def test_options_dialog_changes_a_rule_and_deals_under_it(app):
    start(app, "prince", 1)
    send(app, key(pygame.K_o, char="o"))
    assert isinstance(app.overlays[-1], OptionsOverlay)
    send(app, key(pygame.K_RIGHT))
    send(app, key(pygame.K_ESCAPE))
    assert app.table.rules.options["sequence"] == "any-suit"


def test_winning_shows_the_win_screen(app):
    table = start(app, "lucie", 1)
    home = {f"f{s}": cards(" ".join(r + s for r in "A23456789TJQK")) for s in "CDHS"}
    home["fS"] = home["fS"][:-1]
    piles = {name: [] for name in table.state.piles}
    piles.update(home)
    piles["t1"] = cards("KS")
    table.game.state = State(piles, table.state.values)
    type_text(app, "KS")
    send(app, key(pygame.K_RETURN))
    assert isinstance(app.overlays[-1], WinOverlay)
    assert app.library.stats.summary("lucie").won == 1


def test_lucie_illegal_keystroke_clicks_and_says_so(app):
    table = start(app, "lucie", 2)
    type_text(app, "x")
    assert "not part of a card name" in table.status.message.words and table.game.done == []
    type_text(app, "t")
    send(app, key(pygame.K_BACKSPACE))
    assert table.input.typed == ""


def test_lucie_quit_menu_new_hand(app):
    table = start(app, "lucie", 2)
    type_text(app, "q")
    send(app, key(pygame.K_RETURN))
    send(app, key(pygame.K_UP), key(pygame.K_RETURN))  # from "return", up to "new hand"
    assert table.game.deal_number != 2 and not app.overlays


def test_canfield_h_i_q_and_clicking_the_hand(app):
    table = start(app, "canfield", 3)
    send(app, key(pygame.K_h, char="h"))
    assert isinstance(app.overlays[-1], HelpOverlay)
    send(app, key(pygame.K_ESCAPE))
    send(app, key(pygame.K_i, char="i"))
    assert app.overlays and not isinstance(app.overlays[-1], HelpOverlay)
    send(app, key(pygame.K_SPACE))
    send(app, key(pygame.K_q, char="q"))  # "Press 'Q' to quit Canfield": at once
    assert not app.running
    click(app, point(app, "hand"))
    assert len(table.state.piles["waste"]) == 1


def test_vierfrei_h_opens_help_and_the_reshuffle_button_works_in_lucie(app):
    start(app, "vierfrei", 1)
    send(app, key(pygame.K_h, char="h"))
    assert isinstance(app.overlays[-1], HelpOverlay)
    send(app, key(pygame.K_ESCAPE))
    table = start(app, "lucie", 4)
    button = next(b for b in table.bar.buttons if b.label == "Reshuffle")
    click(app, button.rect.center)
    assert table.state.values["redeals_used"] == 1


def test_the_game_in_progress_comes_back_on_the_next_start(app, tmp_path):
    table = start(app, "vierfrei", 617)
    for text in ("1a", "1b"):
        table.play(table.rules.parse_move(text, table.state))
        table.after_frame()
    table.undo()
    position, history = table.state.key(), (len(table.game.done), len(table.game.undone))
    app.quit()
    pygame.quit()
    again = App(fullscreen=False, size=(1280, 800), library=Library(tmp_path))
    again.open_game("vierfrei", animate=False)
    resumed = again.table
    assert resumed.game.deal_number == 617 and resumed.state.key() == position
    assert (len(resumed.game.done), len(resumed.game.undone)) == history
    assert again.library.settings["last_game"] == "vierfrei"


def test_a_new_deal_after_moves_counts_as_lost_and_without_moves_as_nothing(app):
    table = start(app, "prince", 2, sequence="same-suit")
    send(app, key(pygame.K_n, pygame.KMOD_CTRL))  # no move made: neither
    assert app.library.stats.summary("prince").played == 0
    app.table.play(app.table.game.legal_moves()[0])
    app.table.after_frame()
    send(app, key(pygame.K_n, pygame.KMOD_CTRL))
    send(app, key(pygame.K_RETURN))  # yes: this game counts as a loss
    summary = app.library.stats.summary("prince")
    assert (summary.played, summary.won, summary.points_total) == (1, 0, -1)
    assert table is app.table


def test_f5_shows_statistics_and_r_resets_them_after_asking(app):
    table = start(app, "lucie", 2)
    table.play(table.game.legal_moves()[0])
    table.after_frame()
    table.new_deal()
    send(app, key(pygame.K_RETURN))  # yes: this game counts as a loss
    send(app, key(pygame.K_F5))
    assert type(app.overlays[-1]).__name__ == "StatsOverlay"
    send(app, key(pygame.K_r, char="r"))
    assert isinstance(app.overlays[-1], MenuOverlay)
    send(app, key(pygame.K_RETURN))  # yes, reset
    assert app.library.stats.summary("lucie").played == 0


def test_export_and_watch_a_replay(app):
    table = start(app, "canfield", 5, mode="3")
    for _ in range(3):
        table.play(table.game.legal_moves()[0])
        table.after_frame()
    end = table.state.key()
    send(app, key(pygame.K_e, pygame.KMOD_CTRL))
    assert "Saved as" in table.status.message.words
    send(app, key(pygame.K_o, pygame.KMOD_CTRL))
    send(app, key(pygame.K_RETURN))  # the newest replay
    send(app, key(pygame.K_RETURN))  # yes: the game in play counts as a loss
    replay = app.table
    assert replay.game.done == [] and len(replay.game.undone) == 3
    for _ in range(3):
        send(app, key(pygame.K_RIGHT))
    assert replay.state.key() == end
    send(app, key(pygame.K_LEFT))
    assert len(replay.game.done) == 2
    # Long after its caption went, the viewer still says it is one, and its clock is still.
    seconds = replay.tally.seconds
    app.lag += 30.0
    app.step(sleep=False)
    assert REPLAY_SHOWING in replay.status.status_parts() and replay.tally.seconds == seconds


def test_ctrl_q_quits_with_a_menu_open(app):
    start(app, "klondike", 1)
    send(app, key(pygame.K_ESCAPE))
    assert app.overlays
    send(app, key(pygame.K_q, pygame.KMOD_CTRL))
    assert not app.running


def test_settings_survive_and_a_damaged_settings_file_is_replaced(app, tmp_path):
    start(app, "prince", 1)
    app.set_look("back", "red diamonds")
    send(app, key(pygame.K_m, char="m"))
    app.library.flush()  # as at quit: the writer thread may not have written it yet
    pygame.quit()
    again = App(fullscreen=False, size=(1280, 800), library=Library(tmp_path))
    assert again.look["back"] == "red diamonds" and again.audio.muted
    pygame.quit()
    (tmp_path / "settings.json").write_text("{not json")
    fresh = App(fullscreen=False, size=(1280, 800), library=Library(tmp_path))
    assert fresh.look["back"] != "red diamonds"
    assert any("could not be read" in words for words in fresh.notices)
    assert list(tmp_path.glob("settings.json.damaged-*"))


def verdict_reached(app):
    app.wait_for_partner()
    return app.table.partner.status_text()


def winnable_deal(rules, rng):
    """The look for a winnable deal the table asks the partner's worker for, run here."""
    walk = winnable_deals(rules, rng)
    while True:
        try:
            next(walk)
        except StopIteration as stop:
            return stop.value


def test_winnable_line_and_hints_that_lead_to_the_win(app):
    table = start(app, "prince", 2)
    assert verdict_reached(app) == "Winnable"
    assert "Winnable" in table.status.status_text()
    send(app, key(pygame.K_h, pygame.KMOD_CTRL))
    first = table.partner.plan[0]
    assert (
        table.status.message.words.startswith("Hint: ")
        and table.help.finder
        and table.help.hint_target
    )
    left = len(table.partner.plan)
    table.play(first)  # follow the hint: the next hint is the next move of the same line
    table.after_frame()
    assert len(table.partner.plan) == left - 1 and not table.partner.thinking
    while table.partner.plan:
        table.play(table.partner.plan[0])
        table.after_frame()
    assert table.rules.is_won(table.state) and table.tally.assisted


def test_not_winnable_from_here(app):
    start(app, "prince", 1)
    assert verdict_reached(app) == "Not winnable from here"
    send(app, key(pygame.K_h, pygame.KMOD_CTRL))
    words = app.table.status.message.words
    assert words.startswith("Hint: ") and "This game cannot be won from here" in words, words
    assert app.table.help.finder and app.table.help.hint_target


def test_after_a_verdict_moves_and_undo_need_no_new_search(app):
    table = start(app, "prince", 1)
    assert verdict_reached(app) == "Not winnable from here"
    first = table.partner.answer
    move = next(m for m in table.game.legal_moves() if m.dst.startswith("t"))
    click(app, point(app, move.src))
    click(app, point(app, move.dst))
    assert len(table.game.done) == 1
    app.wait_for_partner()
    assert table.partner.answer.positions == 0  # lost stays lost: no search
    assert "Not winnable from here" in table.status.status_text()
    send(app, key(pygame.K_z, pygame.KMOD_CTRL))
    app.wait_for_partner()
    assert table.partner.answer == first  # the position met before keeps its verdict


def test_lucie_verdicts_say_what_they_cover(app):
    start(app, "lucie", 1)
    assert verdict_reached(app).endswith("without another reshuffle") or verdict_reached(app) in (
        "Not winnable without a reshuffle",
        "Winnable? unknown (too many positions)",
    )


def test_demo_plays_the_game_out_and_the_win_is_marked_assisted(app):
    table = start(app, "prince", 2)
    send(app, key(pygame.K_d, pygame.KMOD_CTRL))
    for _ in range(3000):
        if app.overlays:
            break
        app.wait_for_partner()  # the demo waits for the partner's answers
        app.lag += 0.4  # as if the loop had waited: the demo's pace is in game time
        app.step(sleep=False)
        table.flights.finish()
    assert app.overlays, (
        len(table.game.done),
        table.status.message,
        table.partner.status_text(),
        table.help.auto_until,
        table.now,
        len(table.partner.plan),
        app.table is table,
        app.screen is table,
    )
    assert isinstance(app.overlays[-1], WinOverlay)
    summary = app.library.stats.summary("prince")
    assert (summary.won, summary.assisted_wins) == (1, 1)


def test_solvable_deals_option_deals_only_proven_winnable_numbers(app):
    start(app, "vierfrei", 11982)
    app.set_solvable_only("vierfrei", True)
    for _ in range(20):
        send(app, key(pygame.K_n, pygame.KMOD_CTRL))
        assert app.table.game.deal_number not in FREECELL_IMPOSSIBLE
    assert app.library.settings["solvable"] == {"vierfrei": True}


def test_solvable_deals_in_canfield_rule_1_come_at_once(app):
    start(app, "canfield", 5)
    app.set_solvable_only("canfield", True)
    send(app, key(pygame.K_n, pygame.KMOD_CTRL))
    assert app.table.game.deal_number in app.table.rules.known_wins["mode=1"]
    assert "not proven" not in app.table.status.message.words


def test_a_deal_said_to_be_winnable_is_won_by_its_solution():
    rules = make_rules("prince")
    number, proven = winnable_deal(rules, random.Random(5))
    assert proven
    game = Game(rules, number)
    verdict = solve_game(rules, game.state, max_positions=40_000)
    for move in verdict.moves:
        game.play(move)
    assert rules.is_won(game.state)


def test_rule_sets_with_rare_wins_deal_from_deals_proven_ahead_of_time():
    known = [
        (cls, text, numbers) for cls in GAMES.values() for text, numbers in cls.known_wins.items()
    ]
    assert known
    for cls, option_text, numbers in known:
        game_id = cls.game_id
        rules = make_rules(game_id, **parse_rule_options(option_text.split()))
        assert rules.option_text() == option_text and len(set(numbers)) == len(numbers)
        number, proven = winnable_deal(rules, random.Random(1))
        assert proven and number in numbers
        # The first of each list is the quickest to solve: its solution wins.
        game = Game(rules, numbers[0])
        verdict = solve_game(rules, game.state, max_positions=400_000)
        for move in verdict.moves:
            game.play(move)
        assert rules.is_won(game.state), (game_id, option_text, numbers[0])


def test_a_window_left_on_a_bigger_screen_comes_back_whole(tmp_path):
    # Left windowed at 1600x1000 on a big screen; the dummy desktop here is 1024x768.
    library = Library(tmp_path)
    library.settings.update(fullscreen=False, window_size=[1600, 1000], window_position=[320, 140])
    app = App(library=library)
    try:
        assert not app.window.fullscreen
        width, height = app.window.size
        assert width == 1024 and height == 768 * 9 // 10  # room for title and task bars
    finally:
        pygame.quit()


@pytest.mark.parametrize(
    "size, position, desktops, expected",
    [
        ((1280, 800), (320, 140), [(1920, 1080)], ((1280, 800), (320, 140))),  # fits: kept
        ((1280, 800), (320, 140), [(800, 600)], ((800, 600), (0, 0))),
        ((900, 600), (1500, 100), [(1920, 1080)], ((900, 600), (510, 240))),  # off the edge
        ((900, 600), (-50, 10), [(1920, 1080)], ((900, 600), (510, 240))),
        ((1280, 800), (2300, 100), [(1920, 1080), (1280, 1024)], ((1280, 800), (2300, 100))),
        ((2500, 800), None, [(1920, 1080), (1280, 1024)], ((1920, 800), None)),
        ((1280, 800), (320, 140), [], ((1280, 800), (320, 140))),  # no desktop known
    ],
)
def test_a_saved_window_is_fitted_to_the_desktop(size, position, desktops, expected):
    assert fit_on_desktop(size, position, desktops) == expected


def test_a_move_that_loses_the_game_ends_it_when_the_partner_has_looked(app):
    """Whether a move lost the game takes a search: the partner makes it beside the table,
    and the table says so when its answer comes."""
    table = start(app, "prince", 19)
    rules = table.rules
    assert rules.status(table.state) == Status.OPEN
    losing = next(
        m
        for m in table.game.legal_moves()
        if rules.status(rules.successor(table.state, m)) == Status.LOST
    )
    table.play(losing)
    table.after_frame()
    assert not app.overlays  # not yet: nothing was searched in the handler
    app.wait_for_partner()
    app.step(sleep=False)
    box = app.overlays[-1]
    assert isinstance(box, LossOverlay) and box.title == "No card can come home any more"
    assert any(line.startswith("Losing streak: 1") for line in box.lines)
    # The Prince's manual: overall points and win percentages, and each rule's figures.
    assert any(line.startswith("All rules: 1 played, 0% won") for line in box.lines)
    assert any(line.startswith("same-suit: 0 played") for line in box.lines)
    assert app.library.stats.summary("prince").lost == 1  # counted now, not at the next deal
    seconds = table.tally.seconds
    app.lag += 5.0
    app.step(sleep=False)
    assert table.tally.seconds == seconds  # the clock stopped
    send(app, key(pygame.K_ESCAPE), key(pygame.K_n, pygame.KMOD_CTRL))
    assert not app.overlays and app.library.stats.summary("prince").lost == 1


@contextmanager
def answers_held(app):
    """The partner's answers held back until the block ends, as on a slow machine."""
    held = []
    app.partner_link.on_message = held.append
    try:
        yield
    finally:
        app.partner_link.on_message = app.hear_partner
        for message in held:
            app.hear_partner(message)


def test_a_hint_asked_for_while_the_partner_thinks_comes_with_its_answer(app):
    table = start(app, "prince", 2)
    app.wait_for_partner()
    off_line = next(m for m in table.game.legal_moves() if m != table.partner.plan[0])
    with answers_held(app):
        table.play(off_line)
        table.after_frame()
        send(app, key(pygame.K_h, pygame.KMOD_CTRL))
        assert table.partner.thinking and table.status.message.words == "Thinking about a hint..."
    app.wait_for_partner()
    assert table.status.message.words.startswith(
        ("Hint: ", "No winning line")
    ), table.status.message.words
    assert not table.help.hint_wanted


def test_the_demo_waits_for_the_partner_then_plays_its_line(app):
    table = start(app, "prince", 2)
    app.wait_for_partner()
    with answers_held(app):
        table.play(next(m for m in table.game.legal_moves() if m != table.partner.plan[0]))
        table.after_frame()
        send(app, key(pygame.K_d, pygame.KMOD_CTRL))
        moves = len(table.game.done)
        for _ in range(3):
            app.lag += 0.4
            app.step(sleep=False)
        assert table.help.demo_on and table.help.auto_until is None  # waiting, not guessing
        assert table.status.message.words == "The computer is thinking..."
        assert len(table.game.done) == moves
    app.wait_for_partner()
    for _ in range(5):
        app.lag += 0.4
        app.step(sleep=False)
        table.flights.finish()
        app.wait_for_partner()
    assert len(table.game.done) > moves, table.status.message


@pytest.mark.parametrize(
    "game_id, deal, typed",
    [("vierfrei", 1, "6a"), ("castle", 3, None), ("prince", 2, None), ("bakers", 3, "1a")],
)
def test_games_without_a_typing_mode_take_the_text_commands_notation(app, game_id, deal, typed):
    table = start(app, game_id, deal)
    if typed is None:  # the first legal move, written as --moves writes it
        move = table.game.legal_moves()[0]
        typed = table.rules.format_move(move, table.state)
    for char in typed:
        send(app, key(pygame.key.key_code(char), char=char))
    assert table.input.prompt_text().startswith(f"Move: {typed}_")
    send(app, key(pygame.K_RETURN))
    assert len(table.game.done) == 1 and table.game.done[0].text == typed
    send(app, key(pygame.K_h, char="h"))  # H alone still means help in Vierfrei
    if game_id == "vierfrei":
        assert isinstance(app.overlays[-1], HelpOverlay)


def test_a_move_typed_wrong_is_refused_with_its_reason(app):
    table = start(app, "vierfrei", 1)
    for char in "9a":
        send(app, key(pygame.key.key_code(char), char=char))
    send(app, key(pygame.K_RETURN))
    assert not table.game.done and table.status.message.words


def test_ctrl_q_quits_and_the_undo_key_undoes(app):
    table = start(app, "vierfrei", 1)
    table.play(table.game.legal_moves()[0])
    table.after_frame()
    send(app, key(pygame.key.key_code("undo")))
    assert not table.game.done
    send(app, key(pygame.K_q, pygame.KMOD_CTRL))
    assert not app.running


def test_a_button_shows_what_it_does_after_a_short_hover(app):
    table = start(app, "vierfrei", 1)
    undo = next(b for b in table.bar.buttons if b.label == "Undo")
    send(app, motion(undo.rect.center))
    assert table.bar.tooltip is None
    app.lag += 1.0
    app.step(sleep=False)
    assert table.bar.tooltip is undo and undo.tip == "Take back the last move (Backspace)"
    send(app, motion((5, app.window.size[1] // 2)))
    assert table.bar.tooltip is None


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_button_says_what_it_does_and_its_key(app, game_id):
    """No tooltip is a bare verb ("Say"); a button whose action has a key names it, the
    game's own key first (Canfield's A for Auto), a typed word with its Enter."""
    table = start(app, game_id, 1)
    for button in table.bar.buttons:
        assert button.tip and button.tip.split(" (")[0] not in ("Say", "Play", "Redeal")
    tips = {button.label: button.tip for button in table.bar.buttons}
    if game_id in ("lucie", "merci"):
        assert tips["Reshuffle"].endswith("(S then Enter)")
        assert "covered card" in tips[table.rules.merci_name]
    if game_id == "canfield":
        assert tips["Auto"].endswith("(A)") and tips["Turn"].endswith("(N)")


def hover(app, label: str):
    """The pointer rested on the table's button ``label`` long enough for its tooltip."""
    button = next(b for b in app.table.bar.buttons if b.label == label)
    send(app, motion(button.rect.center))
    app.lag += 1.0
    app.step(sleep=False)
    return button


def test_a_tooltip_goes_when_a_menu_opens(app):
    table = start(app, "vierfrei", 1)
    undo = hover(app, "Undo")
    assert table.bar.tooltip is undo
    send(app, key(pygame.K_ESCAPE))  # the Quit menu, the pointer still on the button
    assert isinstance(app.overlays[-1], MenuOverlay)
    app.lag += 1.0
    app.step(sleep=False)
    assert table.bar.tooltip is None
    assert table.bar.draw_tooltip(app.window.surface, app.theme) is None


def test_the_draw_button_shows_how_to_draw_after_a_short_hover(app):
    table = start(app, "lucie", 1)
    draw = hover(app, "Draw")
    assert table.bar.tooltip is draw and draw.tip.startswith("For the draw, drag or click")


def test_the_hint_says_its_move_in_words_and_its_arrow_stays_until_the_next_input(app):
    table = start(app, "prince", 2)
    app.wait_for_partner()
    send(app, key(pygame.K_h, pygame.KMOD_CTRL))
    assert table.status.message.words.startswith("Hint: Move the ")
    app.lag += 30.0  # long after: the arrow still points
    app.step(sleep=False)
    assert table.help.finder and table.help.hint_target
    send(app, key(pygame.K_LSHIFT))
    assert table.help.finder is None and table.help.hint_target is None


def test_a_message_stays_long_enough_to_read_or_until_the_next_input(app):
    table = start(app, "vierfrei", 1)
    stopped = app.last_step = app.clock()
    app.clock = lambda: stopped  # time passes only as the test says, however busy the machine
    words = "A message of some length, for the reader to take in at leisure."
    table.say(words)
    app.lag += 4.0
    app.step(sleep=False)
    assert table.status.message.words == words  # 1.5 s + 60 ms a character: about 5 s
    send(app, key(pygame.K_LSHIFT))
    assert table.status.message.words == ""


def test_the_winnable_line_can_be_hidden_for_players_who_find_out_themselves(app):
    table = start(app, "prince", 2)
    app.wait_for_partner()
    assert "Winnable" in table.status.status_text()
    app.set_look("verdict", False)
    assert "innable" not in table.status.status_text()
    send(app, key(pygame.K_h, pygame.KMOD_CTRL))  # a hint still comes when asked for
    assert table.status.message.words.startswith("Hint: ")


def test_a_click_with_the_right_button_held_sends_the_card_to_a_free_place(app):
    """vierfrei.doc: "To move a card to one of the free places you can also click on it while
    you keep the right mouse button pressed down." Nothing is left selected after it."""
    table = start(app, "vierfrei", 1)
    card = point(app, "t6")
    send(app, down(card, 3))
    send(app, down(card), up(card))
    assert (
        " ".join(map(str, table.state.piles["c1"])) == "3D"
        and table.input.selected is None
        and table.input.press is None
    )
    send(app, up(card, 3))  # letting go of the right button does nothing more
    assert " ".join(map(str, table.state.piles["c2"])) == "" and len(table.game.done) == 1


def test_a_right_click_alone_still_sends_the_card_to_a_free_place(app):
    table = start(app, "vierfrei", 1)
    send(app, down(point(app, "t6"), 3), up(point(app, "t6"), 3))
    assert " ".join(map(str, table.state.piles["c1"])) == "3D"


def test_a_one_off_windowed_launch_leaves_full_screen_the_default(tmp_path):
    app = App(fullscreen=False, size=(1024, 700), library=Library(tmp_path))  # --windowed
    try:
        app.quit()
        assert Library(tmp_path).settings["fullscreen"] is True
    finally:
        pygame.quit()
    app = App(fullscreen=False, size=(1024, 700), library=Library(tmp_path))
    try:
        send(app, key(pygame.K_F11))  # full screen, then back: a window is the player's choice
        send(app, key(pygame.K_F11))
        app.quit()
        assert Library(tmp_path).settings["fullscreen"] is False
    finally:
        pygame.quit()


def test_after_the_boss_key_f11_gives_a_window_that_fits_the_screen(tmp_path):
    library = Library(tmp_path)
    library.settings.update(fullscreen=True, window_size=[1024, 768])  # the screen's size
    app = App(library=library)
    try:
        send(app, key(pygame.K_b, char="b"))  # the boss key: out of full screen, hidden
        send(app, pygame.event.Event(pygame.WINDOWRESTORED))
        send(app, key(pygame.K_F11))  # a window
        assert not app.window.fullscreen
        width, height = app.window.size
        assert width <= 1024 and height <= 768 * 9 // 10  # its status line above a task bar
    finally:
        pygame.quit()


def one_place_to_build(game: Game):
    """(pile, count, the one pile that takes them) for a run that goes onto exactly one
    card and not home; None if the deal has none."""
    piles, roles = game.state.piles, game.rules.roles
    builds: dict = {}
    homes = set()
    for move in game.legal_moves():
        if move.kind != MoveKind.MOVE:
            continue
        if roles[move.dst] == Role.FOUNDATION:
            homes.add((move.src, move.count))
        elif piles[move.dst]:
            builds.setdefault((move.src, move.count), set()).add(move.dst)
    return next(
        (
            (*lifted, dsts.pop())
            for lifted, dsts in builds.items()
            if len(dsts) == 1 and lifted not in homes
        ),
        None,
    )


@pytest.mark.parametrize("game_id", ["klondike", "vierfrei", "castle", "prince"])
def test_a_card_typed_by_name_goes_to_the_one_card_that_takes_it(app, game_id):
    """In a game whose moves are typed in the notation, a card's name plays it as La Belle
    Lucie's manual has it: home if it can, else to its one place."""
    deal = next(n for n in range(1, 50) if one_place_to_build(Game(make_rules(game_id), n)))
    table = start(app, game_id, deal)
    src, count, dst = one_place_to_build(table.game)
    card = table.state.piles[src][-count]
    type_text(app, str(card).lower())
    send(app, key(pygame.K_RETURN))
    assert table.state.piles[dst][-count] == card


def test_a_card_with_no_move_typed_by_name_is_shown_and_the_reason_said(app):
    table = start(app, "vierfrei", 1)
    buried = table.state.piles["t1"][0]
    type_text(app, str(buried).lower())
    send(app, key(pygame.K_RETURN))
    assert table.status.message.words == f"The {buried.name} has no move now."
    assert table.help.finder is not None and table.help.finder.card == buried


@pytest.mark.parametrize("game_id", ["canfield", "castle", "spider"])
def test_a_key_that_types_nothing_says_at_once_how_moves_are_typed(app, game_id):
    table = start(app, game_id, 1)
    send(app, key(pygame.K_x, char="x"))
    words = table.status.message.words
    assert words.startswith("'x' ") and table.rules.notation_hint() in words


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_options_show_every_row_whole_and_readable_at_every_screen_size(app, game_id):
    """No label cut short with "..." (Canfield's rule mode was, at every size) and no
    text shrunk to 8 px (Klondike's at 800x600): long labels wrap, the box widens."""
    start(app, game_id, 1)
    send(app, key(pygame.K_o, char="o"))
    options = app.overlays[-1]
    assert isinstance(options, OptionsOverlay)
    for window in ((640, 480), (800, 600), (1366, 768), (1920, 1080), (3840, 2160)):
        layout = options.layout(window)
        screen = pygame.Rect((0, 0), window)
        assert layout.size >= 12 and screen.contains(layout.rect), (window, layout)
        face = font(layout.size)
        for (label, value, _), place in zip(options.rows, layout.rows):
            assert layout.rect.contains(place.rect)
            assert " ".join(place.label) == label  # every word of it, on its lines
            value_width = face.size(f"< {value()} >")[0]
            room = place.rect.w - layout.size - (0 if place.stacked else value_width)
            assert all(face.size(line)[0] <= room for line in place.label), (window, label)
            assert value_width <= place.rect.w - layout.size, (window, value())
        tops = [place.rect.top for place in layout.rows]
        bottoms = [place.rect.bottom for place in layout.rows]
        assert all(bottom <= top for bottom, top in zip(bottoms, tops[1:]))  # no overlap
