"""Honest statistics and the win box, driven through real key presses and clicks on the
table: what counts, what is asked first, whose win it was."""

import pygame
import pytest
from helpers import cards
from table_driver import click, drag, key, point, send, start, type_text

from solitaire.model.games import make_rules
from solitaire.model.moves import MoveKind, Status
from solitaire.model.state import State
from solitaire.storage.stats import LOST, WON, Result, Stats, Summary, option_key
from solitaire.ui.app import App
from solitaire.ui.library import Library
from solitaire.ui.platform.audio import NullAudio
from solitaire.ui.screens.overlays import ConfirmOverlay, OptionsOverlay, WinOverlay
from solitaire.ui.screens.stats_screen import (
    StatsOverlay,
    rule_set_columns,
    score_bands,
    summary_rows,
)

CTRL = pygame.KMOD_CTRL


class Sounds(NullAudio):
    """Keeps what the table asked to hear."""

    def __init__(self):
        super().__init__("recording")  # a problem: the app does not swap in a real device
        self.heard = []

    def play(self, name, times=1):
        self.heard.append([name] * times)

    def play_in_turn(self, names):
        self.heard.append(list(names))


def played(app, game_id="prince"):
    return app.library.stats.summary(game_id)


def question_open(app) -> bool:
    return bool(app.overlays) and isinstance(app.overlays[-1], ConfirmOverlay)


def make_a_move(app):
    table = app.table
    move = next(m for m in table.game.legal_moves() if m.kind == MoveKind.MOVE)
    table.play(move)
    table.after_frame()


def one_card_from_the_end(table, last="KS"):
    """Every card home but ``last``, which tops the first tableau pile."""
    piles = {name: [] for name in table.state.piles}
    for suit in "CDHS":
        piles["f" + suit] = cards(" ".join(rank + suit for rank in "A23456789TJQK"))
    piles["f" + last[1]].pop()
    first = next(name for name in table.rules.tableau)
    piles[first] = cards(last)
    table.game.state = State(piles, dict(table.state.values))
    table.partner.position_changed()
    return first


# ---------------------------------------------------------------------- what counts
@pytest.mark.parametrize("take_back", [key(pygame.K_z, CTRL), key(pygame.K_r, CTRL)])
def test_a_move_taken_back_still_counts_when_dealing_again(app, take_back):
    table = start(app, "prince", 2)
    make_a_move(app)
    send(app, take_back)
    assert table.game.done == [] and table.game.undone
    send(app, key(pygame.K_n, CTRL))
    assert question_open(app)
    send(app, key(pygame.K_RETURN))
    summary = played(app)
    assert (summary.played, summary.lost, summary.points_total) == (1, 1, -2)
    assert app.library.stats.history("prince")[-1].moves == 1


def test_vierfrei_f3_restart_then_f1_counts_the_game(app):
    start(app, "vierfrei", 1)
    make_a_move(app)
    send(app, key(pygame.K_F3))
    send(app, key(pygame.K_F1))
    assert question_open(app)
    send(app, key(pygame.K_RETURN))
    assert played(app, "vierfrei").lost == 1 and app.table.game.deal_number != 1


def test_restart_puts_the_clock_back_to_nothing(app):
    table = start(app, "prince", 2)
    make_a_move(app)
    table.update(75.0)
    assert table.tally.seconds >= 75
    send(app, key(pygame.K_r, CTRL))
    assert table.tally.seconds < 1 and table.game.done == []
    assert "0:00" in table.status.status_text()


def test_no_move_made_no_question_and_no_count(app):
    start(app, "prince", 2)
    send(app, key(pygame.K_n, CTRL))
    assert not app.overlays and app.table.game.deal_number != 2
    assert played(app).played == 0


def test_no_keeps_the_game_and_counts_nothing(app):
    table = start(app, "prince", 2)
    make_a_move(app)
    position = table.state.key()
    send(app, key(pygame.K_n, CTRL))
    send(app, key(pygame.K_ESCAPE))
    assert not app.overlays and table.state.key() == position and len(table.game.done) == 1
    assert played(app).played == 0
    send(app, key(pygame.K_n, CTRL))
    click(app, app.overlays[-1].rects[1].center)  # the No button
    assert table.game.deal_number == 2 and played(app).played == 0
    send(app, key(pygame.K_n, CTRL))
    click(app, app.overlays[-1].rects[0].center)  # the Yes button
    assert table.game.deal_number != 2 and played(app).lost == 1


def test_canfield_r_asks_before_the_rule_change(app):
    table = start(app, "canfield", 3)
    send(app, key(pygame.K_n, char="n"))  # turn the hand: a move
    send(app, key(pygame.K_r, char="r"))
    assert question_open(app) and table.rules.options["mode"] == "1"
    send(app, key(pygame.K_RETURN))
    assert table.rules.options["mode"] == "2" and table.status.message.words.startswith(
        "Rule mode 2"
    )
    assert app.library.stats.summary("canfield", "canfield mode=1").lost == 1


def test_new_hand_in_the_quit_menu_asks(app):
    table = start(app, "lucie", 2)
    make_a_move(app)
    type_text(app, "q")
    send(app, key(pygame.K_RETURN))
    send(app, key(pygame.K_UP), key(pygame.K_RETURN))  # from "return", up to "new hand"
    assert question_open(app) and table.game.deal_number == 2
    send(app, key(pygame.K_RETURN))
    assert table.game.deal_number != 2 and played(app, "lucie").lost == 1


def test_a_game_number_asks(app):
    table = start(app, "vierfrei", 1)
    make_a_move(app)
    send(app, key(pygame.K_F2))
    type_text(app, "617")
    send(app, key(pygame.K_RETURN))
    assert question_open(app) and table.game.deal_number == 1
    send(app, key(pygame.K_RETURN))
    assert table.game.deal_number == 617 and played(app, "vierfrei").lost == 1


def test_an_option_change_asks_and_no_keeps_the_old_rules(app):
    table = start(app, "prince", 2)
    make_a_move(app)
    send(app, key(pygame.K_o, char="o"))
    assert isinstance(app.overlays[-1], OptionsOverlay)
    send(app, key(pygame.K_RIGHT), key(pygame.K_ESCAPE))
    assert question_open(app)
    send(app, key(pygame.K_n, char="n"))
    assert table.rules.options["sequence"] == "alternate" and len(table.game.done) == 1
    assert not table.status.message.words.startswith("New rules")
    send(app, key(pygame.K_o, char="o"))
    send(app, key(pygame.K_RIGHT), key(pygame.K_ESCAPE), key(pygame.K_RETURN))
    assert table.rules.options["sequence"] == "any-suit" and table.game.done == []
    assert table.status.message.words.startswith("New rules")
    assert app.library.stats.summary("prince", "prince sequence=alternate").lost == 1


def test_a_deal_asked_for_at_launch_counts_the_saved_game(app, tmp_path):
    table = start(app, "prince", 2, sequence="any-suit")
    make_a_move(app)
    send(app, key(pygame.K_z, CTRL))  # taken back: it still counts
    app.quit()
    pygame.quit()
    again = App(fullscreen=False, size=(1280, 800), library=Library(tmp_path))
    again.open_game("prince", 5, animate=False)  # main.py --game prince --deal 5
    summary = again.library.stats.summary("prince", "prince sequence=any-suit")
    assert (summary.played, summary.lost, summary.points_total) == (1, 1, -4)
    assert again.table.game.deal_number == 5
    assert "counted as a loss" in again.table.status.message.words
    del table


def test_a_replay_is_watched_beside_the_game_in_progress_and_never_counted(app):
    table = start(app, "canfield", 5, mode="3")
    for _ in range(3):
        table.play(table.game.legal_moves()[0])
        table.after_frame()
    send(app, key(pygame.K_e, CTRL))  # export it as a replay
    send(app, key(pygame.K_o, CTRL), key(pygame.K_RETURN))
    replay = app.table
    assert replay is not table and replay.replay and not question_open(app)
    send(app, key(pygame.K_RIGHT), key(pygame.K_RIGHT))  # watch two moves
    app.library.flush()
    saved, extra = app.library.load_game("canfield")  # still the game played, not the replay
    assert len(saved.done) == 3 and extra["token"] == table.tally.token
    assert app.library.stats.summary("canfield").played == 0
    send(app, key(pygame.K_n, CTRL))  # a new deal: the game in progress's, which asks
    assert question_open(app) and app.table is table
    send(app, key(pygame.K_RETURN))
    assert app.library.stats.summary("canfield").played == 1  # that game, not the replay


# ---------------------------------------------------------------------- whose win
def test_the_player_s_own_win_box(app):
    table = start(app, "lucie", 3)
    app.audio = Sounds()
    one_card_from_the_end(table)
    table.tally.seconds = 272.4
    type_text(app, "KS")
    send(app, key(pygame.K_RETURN))
    box = app.overlays[-1]
    assert isinstance(box, WinOverlay) and box.title == "You won!"
    assert "Score: 100 / 100" in box.lines
    assert "Time 4:32      Moves 1" in box.lines
    assert any(line.startswith("Winning streak: 1") for line in box.lines)
    # the shipped fanfare, then the cheer and one extra per reshuffle saved (two, as in La
    # Belle Lucie: A Solitaire Game)
    assert app.audio.heard[-1] == ["fanfare", "cheer", "cheer", "cheer"]
    summary = played(app, "lucie")
    assert (summary.won, summary.own_wins, summary.current_streak) == (1, 1, 1)


def test_the_prince_win_box_gives_the_points(app):
    table = start(app, "prince", 2, sequence="same-suit")
    pile = one_card_from_the_end(table)
    drag(app, point(app, pile), point(app, "fS"))
    box = app.overlays[-1]
    assert isinstance(box, WinOverlay)
    assert "Points: +4 (sequence=same-suit); +4 in all" in box.lines
    assert played(app).points_total == 4


def test_a_demo_win_is_the_computer_s_and_kept_apart(app):
    table = start(app, "vierfrei", 1)
    one_card_from_the_end(table)
    send(app, key(pygame.K_d, CTRL))
    for _ in range(200):
        if app.overlays:
            break
        app.wait_for_partner()  # the demo waits for the partner's answer
        app.lag += 0.4
        app.step(sleep=False)
        table.flights.finish()
    box = app.overlays[-1]
    assert isinstance(box, WinOverlay) and box.title == "The computer won this one"
    assert any("not in your streaks" in line for line in box.lines)
    summary = played(app, "vierfrei")
    assert (summary.won, summary.assisted_wins, summary.own_wins) == (1, 1, 0)
    assert summary.current_streak == 0 and summary.longest_win_streak == 0
    assert summary.fewest_moves is None and summary.fastest_win is None
    assert summary.best_score is None and summary.win_percent == 0


def test_a_win_with_hints_says_so_and_scores_no_points(app):
    table = start(app, "prince", 2)
    pile = one_card_from_the_end(table)
    send(app, key(pygame.K_h, CTRL))
    drag(app, point(app, pile), point(app, "fS"))
    box = app.overlays[-1]
    assert box.title == "Won with hints"
    assert "No points: a win with help scores none" in box.lines
    assert played(app).points_total == 0 and played(app).assisted_wins == 1


def test_a_win_undone_and_made_again_is_counted_once(app):
    table = start(app, "vierfrei", 1)
    pile = one_card_from_the_end(table)
    drag(app, point(app, pile), point(app, "fS"))
    send(app, key(pygame.K_ESCAPE))  # look at the table
    send(app, key(pygame.K_z, CTRL), key(pygame.K_y, CTRL))
    box = app.overlays[-1]
    assert isinstance(box, WinOverlay) and box.lines[-1].startswith("Not counted")
    send(app, key(pygame.K_ESCAPE), key(pygame.K_z, CTRL), key(pygame.K_n, CTRL))
    assert not app.overlays  # the win is in: nothing at stake, nothing asked
    assert (played(app, "vierfrei").played, played(app, "vierfrei").won) == (1, 1)


def test_lucie_undo_past_a_reshuffle_marks_the_game_helped(app):
    table = start(app, "lucie", 2)
    type_text(app, "s")
    send(app, key(pygame.K_RETURN))
    assert table.state.values["redeals_used"] == 1 and not table.tally.assisted
    send(app, key(pygame.K_z, CTRL))
    assert table.tally.assisted and "helped" in table.status.message.words
    one_card_from_the_end(table)
    type_text(app, "KS")
    send(app, key(pygame.K_RETURN))
    assert app.overlays[-1].title == "Won with help"
    assert played(app, "lucie").assisted_wins == 1


def test_an_ordinary_undo_is_no_help(app):
    table = start(app, "lucie", 2)
    make_a_move(app)
    send(app, key(pygame.K_z, CTRL))
    assert not table.tally.assisted


def test_merci_cheers_are_capped_at_two_extra(app):
    table = start(app, "merci", 3, redeals="99")
    app.audio = Sounds()
    one_card_from_the_end(table)
    type_text(app, "KS")
    send(app, key(pygame.K_RETURN))
    assert app.audio.heard[-1] == ["fanfare", "cheer", "cheer", "cheer"]  # not 100 cheers


# ---------------------------------------------------------------------- messages
@pytest.mark.parametrize(
    "game_id, options, used, words",
    [
        ("merci", {"redeals": "0"}, 1, "covered: no merci is left."),
        ("merci", {"redeals": "0", "mercis": "2"}, 2, "covered: no mercis are left."),
        ("merci", {}, 0, "(mercis come in the final deal)."),
        ("merci", {"redeals": "unlimited"}, 0, "no merci when reshuffles are unlimited."),
        ("lucie", {}, 0, "(draws come in the final deal)."),
    ],
)
def test_the_merci_message_says_why_in_every_deal(app, game_id, options, used, words):
    table = start(app, game_id, 3, **options)
    table.game.state.values["mercis_used"] = used
    fan = next(name for name in table.rules.tableau if len(table.state.piles[name]) == 3)
    type_text(app, str(table.state.piles[fan][0]))  # a covered card, typed: a merci
    send(app, key(pygame.K_RETURN))
    assert table.status.message.words.endswith(words), table.status.message.words


def test_one_card_home_is_singular():
    rules = make_rules("vierfrei")
    assert rules.score_words(1) == "1 card home" and rules.score_words(2) == "2 cards home"


# ---------------------------------------------------------------------- the statistics
def test_no_chart_before_any_game_and_charts_after_one(app, monkeypatch):
    start(app, "prince", 2)
    drawn = []
    monkeypatch.setattr(StatsOverlay, "_charts", lambda self, *args: drawn.append(args))
    send(app, key(pygame.K_F5))
    app.draw()
    assert isinstance(app.overlays[-1], StatsOverlay) and drawn == []
    send(app, key(pygame.K_ESCAPE))
    make_a_move(app)
    send(app, key(pygame.K_n, CTRL), key(pygame.K_RETURN), key(pygame.K_F5))
    drawn.clear()
    app.draw()
    assert len(drawn) == 1 and len(drawn[0][-1]) == 1  # one game to chart


def test_the_prince_rule_sets_side_by_side():
    book = Stats()
    rules = make_rules("prince", sequence="any-suit")
    book.record("prince", option_key(rules), Result(LOST, 10, 5, 9.0, 1, points=-4))
    columns = rule_set_columns(book, rules)
    assert [heading for heading, _ in columns] == [
        "sequence alternate",
        "sequence any-suit",
        "sequence same-suit",
        "All rule sets",
    ]
    assert columns[1][1] == option_key(rules) and columns[-1][1] is None


def test_each_game_s_own_figures_are_rows_of_the_table():
    book = Stats()
    for game_id, label, value in [
        ("prince", "Points", "-2"),
        ("canfield", "Casino balance", "$10"),  # the score is the balance
        ("lucie", "Average score", "10.0 / 100"),
    ]:
        rules = make_rules(game_id)
        points = rules.points(Status.LOST) or 0
        book.record(game_id, option_key(rules), Result(LOST, 10, 5, 9.0, 1, points=points))
        rows = dict(summary_rows(rules, book.summary(game_id)))
        assert rows[label] == value
    assert dict(summary_rows(make_rules("prince"), Summary()))["Points"] == "-"


def test_rule_sets_played_are_columns_when_options_are_many():
    book = Stats()
    rules = make_rules("merci")
    other = make_rules("merci", redeals="99", mercis="3")
    for played_rules in (rules, other, other):
        book.record("merci", option_key(played_rules), Result(WON, 100, 80, 60.0, 1))
    headings = [heading for heading, _ in rule_set_columns(book, rules)]
    assert headings == ["standard rules", "redeals=99 mercis=3", "All rule sets"]
    assert rule_set_columns(Stats(), make_rules("lucie")) == [("standard rules", "lucie")]


@pytest.mark.parametrize(
    "scores, bands",
    [
        ([52], [(52, 52, 1)]),
        ([7, 52, 52], [(7, 7, 1), (52, 52, 2)]),
        (list(range(101)), None),
    ],
)
def test_score_bars_one_per_score_or_even_bands(scores, bands):
    found = score_bands(scores)
    if bands is not None:
        assert found == bands
    else:
        assert 1 < len(found) <= 12 and sum(count for *_, count in found) == len(scores)
        assert found[0][0] == 0 and found[-1][1] == 100


def test_undoing_a_turn_of_canfield_s_one_pass_hand_is_help(app):
    """The hand's cards, turned and taken back, would be seen again: in a mode with
    passes counted that is a look ahead."""
    table = start(app, "canfield", 5)  # mode 1: one pass
    send(app, key(pygame.K_n, char="n"))  # turn the hand
    assert not table.tally.assisted
    send(app, key(pygame.K_z, CTRL))
    assert table.tally.assisted and "helped" in table.status.message.words
    unlimited = start(app, "canfield", 5, mode="3")  # passes unlimited: no look ahead
    send(app, key(pygame.K_RETURN))  # the game in play counts as a loss: yes
    unlimited = app.table
    send(app, key(pygame.K_n, char="n"), key(pygame.K_z, CTRL))
    assert not unlimited.tally.assisted


def test_canfield_says_its_passes_left_and_where_its_rules_button_leads(app):
    """The status line names the rule mode in force, the Rules button's tooltip the next:
    one word for each, as the Canfield manual's "playing modes" and 'Rules' button."""
    table = start(app, "canfield", 5, mode="house")
    assert "Rule mode house" in table.status.status_parts()
    assert "Passes left 3" in table.status.status_parts()
    rules = next(button for button in table.bar.buttons if button.label == "Rules")
    assert rules.text == "Rules"
    assert rules.tip.startswith("Change to rule mode 1: one card at a time, one pass")
