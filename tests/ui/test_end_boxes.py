"""The end of a game at the table: the win and loss boxes close only by their own
buttons, Esc or a click, the loss box offers Undo and New deal, the clock stops for good
and stands still while the help, statistics or options cover the table, and the demo
says that it is running."""

import pygame
from helpers import cards
from table_driver import click, key, send, start, type_text

from solitaire.model.moves import Move, MoveKind, Status
from solitaire.model.state import State
from solitaire.ui.app import App
from solitaire.ui.library import Library
from solitaire.ui.screens.overlays import LossOverlay, WinOverlay
from solitaire.ui.screens.stats_screen import LOSS_TITLE
from solitaire.ui.table.status import DEMO_RUNNING
from solitaire.ui.table.tally import Help

CTRL = pygame.KMOD_CTRL


def lose_the_prince(app, deal=19):
    """The Prince's deal 19, one move played into a lost position, the box shown."""
    table = start(app, "prince", deal)
    rules = table.rules
    losing = next(
        m
        for m in table.game.legal_moves()
        if rules.status(rules.successor(table.state, m)) == Status.LOST
    )
    table.play(losing)
    table.after_frame()
    app.wait_for_partner()
    app.step(sleep=False)
    assert isinstance(app.overlays[-1], LossOverlay)
    return table


def win_lucie(app, helped: Help | None = None):
    """La Belle Lucie one card from the end (played with ``helped``), then the last card
    home: the win box."""
    table = start(app, "lucie", 3)
    if helped is not None:
        table.tally.helped(helped)
    piles = {name: [] for name in table.state.piles}
    for suit in "CDHS":
        piles["f" + suit] = cards(" ".join(rank + suit for rank in "A23456789TJQK"))
    piles["fS"] = piles["fS"][:-1]
    piles["t1"] = cards("KS")
    table.game.state = State(piles, table.state.values)
    type_text(app, "KS")
    send(app, key(pygame.K_RETURN))
    assert isinstance(app.overlays[-1], WinOverlay)
    return table


def test_the_loss_box_says_what_is_true_and_offers_undo_and_a_new_deal(app):
    lose_the_prince(app)
    box = app.overlays[-1]
    assert box.title == LOSS_TITLE == "No card can come home any more"
    assert [label for label, _ in box.buttons] == ["New deal", "Undo", "Look at the table"]


def test_a_game_key_never_closes_an_end_box(app):
    table = lose_the_prince(app)
    deal = table.game.deal_number
    for code, char in ((pygame.K_n, "n"), (pygame.K_s, "s"), (pygame.K_1, "1")):
        send(app, key(code, char=char))
    assert isinstance(app.overlays[-1], LossOverlay) and table.game.deal_number == deal
    send(app, key(pygame.K_ESCAPE))
    win_lucie(app)
    send(app, key(pygame.K_n, char="n"), key(pygame.K_x, char="x"))
    assert isinstance(app.overlays[-1], WinOverlay)


def test_undo_in_the_loss_box_takes_the_move_back_and_plays_on(app):
    table = lose_the_prince(app)
    box = app.overlays[-1]
    box.draw(app.window.surface)  # the buttons' places
    click(app, box.rects[1].center)
    assert not app.overlays and not table.game.done
    assert app.library.stats.summary("prince").lost == 1  # counted once, and kept


def test_enter_deals_anew_and_esc_or_a_click_beside_shows_the_table(app):
    table = lose_the_prince(app)
    send(app, key(pygame.K_ESCAPE))
    assert not app.overlays and table.game.done
    table = win_lucie(app)
    box = app.overlays[-1]
    box.draw(app.window.surface)
    click(app, (box.rects[0].left - 40, box.rects[0].bottom + 40))
    assert not app.overlays and table.rules.is_won(table.state)
    table = win_lucie(app)
    send(app, key(pygame.K_RETURN))
    assert not app.overlays and not table.game.done  # a new deal


def test_a_lost_game_s_clock_stays_stopped_after_a_relaunch(app, tmp_path):
    table = lose_the_prince(app)
    seconds = table.tally.seconds
    app.quit()
    app.library.flush()
    again = App(fullscreen=False, size=(1280, 800), library=Library(tmp_path))
    try:
        resumed = start(again, "prince", None)
        assert resumed.game.done and resumed.tally.seconds == seconds
        again.lag += 5.0
        again.step(sleep=False)
        assert resumed.tally.seconds == seconds
    finally:
        again.quit()


def test_the_clock_stands_still_while_help_statistics_or_options_are_open(app):
    table = start(app, "klondike", 1)
    move = next(m for m in table.game.legal_moves() if m.kind == MoveKind.TURN)
    table.play(move)
    table.after_frame()
    for opening in (key(pygame.K_F1), key(pygame.K_F5), key(pygame.K_o, char="o")):
        send(app, opening)
        assert app.overlays
        before = table.tally.seconds
        app.lag += 3.0
        app.step(sleep=False)
        assert table.tally.seconds == before
        send(app, key(pygame.K_ESCAPE))
        assert not app.overlays
    before = table.tally.seconds
    app.lag += 3.0
    app.step(sleep=False)
    assert table.tally.seconds > before  # and it runs again


def test_the_status_line_says_while_the_demo_plays_and_how_to_stop_it(app):
    table = start(app, "vierfrei", 1)
    send(app, key(pygame.K_d, CTRL))
    assert DEMO_RUNNING in table.status.status_parts()
    send(app, key(pygame.K_x, char="x"))  # any key stops it
    assert DEMO_RUNNING not in table.status.status_parts()


def test_a_win_with_help_says_its_score_is_not_credited(app):
    win_lucie(app, Help.HINTS)
    box = app.overlays[-1]
    assert isinstance(box, WinOverlay) and box.title == "Won with hints"
    assert "Score: 100 / 100, not credited: help earns none" in box.lines


def test_notices_wait_their_turn_and_none_hides_another(app):
    """A damaged statistics file on a machine without sound: both are told, each for its
    reading time, whatever the player does meanwhile."""
    table = start(app, "klondike", 1)
    table.notify("The statistics file could not be read: it was set aside.")
    table.notify("Sound is off: the audio device could not be opened.")
    assert table.status.message.words.startswith("The statistics file")
    table.refuse("that card is face down")  # a reply to the player comes first...
    app.lag += 0.1
    app.step(sleep=False)
    send(app, key(pygame.K_x, char="x"))  # ...and goes with the next key
    seen = []
    for _ in range(40):
        words = table.status.message.words
        if words and (not seen or seen[-1] != words):
            seen.append(words)
        table.now += 1.0
        table.status.update(table.now)
    assert [w for w in seen if not w.startswith("'x'")] == [
        "The statistics file could not be read: it was set aside.",
        "Sound is off: the audio device could not be opened.",
    ]


def test_after_5000_moves_the_hint_offers_a_move_the_table_takes(app):
    # Klondike's deal 7 after 5,000 draws: the hint offered the ace of clubs home, which
    # the table refused (a game kept 5,000 moves), and the game was marked as helped.
    table = start(app, "klondike", 7)
    for _ in range(5_000):
        table.game.play(Move(MoveKind.TURN))
    table.play(Move(MoveKind.TURN))
    table.after_frame()
    app.wait_for_partner()
    app.step(sleep=False)
    assert table.partner.status_text().startswith("Winnable")
    send(app, key(pygame.K_h, CTRL))
    hint = table.partner.hint()
    assert table.status.message.words.startswith("Hint: ") and table.help.hint_target
    made = len(table.game.done)
    table.play(hint.move)
    assert len(table.game.done) == made + 1  # taken
    send(app, key(pygame.K_d, CTRL))  # the demo plays on too
    for _ in range(20):
        app.lag += 0.4
        app.step(sleep=False)
        app.wait_for_partner()
    assert table.help.demo_on and len(table.game.done) > made + 1
