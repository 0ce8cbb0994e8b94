"""Statistics: streaks, bests and the manuals' point totals over scripted results."""

import itertools
import json

import pytest
from helpers import game_with

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import Status
from solitaire.storage import stats
from solitaire.storage.stats import LOST, WON, Result, Stats, option_key, result_of

KEY = "vierfrei auto=off"


DEALS = itertools.count(1)


def result(outcome, score=0, moves=50, seconds=100.0, **more):
    """A result of a deal not played before (a deal won before and played again is a
    replay: it counts apart)."""
    deal = more.pop("deal", None) or next(DEALS)
    return Result(outcome=outcome, score=score, moves=moves, seconds=seconds, deal=deal, **more)


def play_script(script, game_id="vierfrei", key=KEY, book=None):
    """'WWLW...' recorded in order; returns the Stats."""
    book = book or Stats()
    for letter in script:
        book.record(game_id, key, result(WON if letter == "W" else LOST))
    return book


@pytest.mark.parametrize(
    "script, current, longest_win, longest_loss",
    [
        ("", 0, 0, 0),
        ("W", 1, 1, 0),
        ("L", -1, 0, 1),
        ("WWW", 3, 3, 0),
        ("WWWLL", -2, 3, 2),
        ("LLLWWLWWWWL", -1, 4, 3),
        ("WLWLWL", -1, 1, 1),
        ("LLWWWWWLLLLWW", 2, 5, 4),
    ],
)
def test_streaks(script, current, longest_win, longest_loss):
    summary = play_script(script).summary("vierfrei", KEY)
    assert summary.current_streak == current
    assert summary.longest_win_streak == longest_win
    assert summary.longest_loss_streak == longest_loss
    assert summary.played == len(script)
    assert summary.won == script.count("W") and summary.lost == script.count("L")


def test_win_percent():
    assert play_script("WWLWLLLW").summary("vierfrei", KEY).win_percent == 50.0
    assert play_script("WWL").summary("vierfrei", KEY).win_percent == pytest.approx(66.667, 0.01)
    assert Stats().summary("vierfrei", KEY).win_percent == 0.0


def test_best_and_average_score_fewest_moves_fastest_win():
    book = Stats()
    book.record("lucie", "lucie", result(LOST, score=40, moves=30, seconds=20))
    book.record("lucie", "lucie", result(WON, score=100, moves=90, seconds=300))
    book.record("lucie", "lucie", result(WON, score=100, moves=70, seconds=400))
    book.record("lucie", "lucie", result(LOST, score=25, moves=10, seconds=5))
    summary = book.summary("lucie", "lucie")
    assert summary.best_score == 100
    assert summary.average_score == (40 + 100 + 100 + 25) / 4
    assert summary.fewest_moves == 70  # in a win: the 10-move loss does not count
    assert summary.fastest_win == 300  # likewise the 5-second loss
    assert Stats().summary("lucie").average_score is None
    assert Stats().summary("lucie").fewest_moves is None


def test_the_average_score_leaves_out_the_games_played_with_help():
    """Games with help score nothing of the player's own: they were averaged in as 0 (25.0
    where the player's own four games averaged 90.75)."""
    book = Stats()
    for score in (100, 100, 63, 100):
        book.record("lucie", "lucie", result(WON if score == 100 else LOST, score=score))
    for score in (100, 40, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100):
        book.record("lucie", "lucie", result(WON, score=score, assisted=True))
    assert book.summary("lucie", "lucie").average_score == 90.75
    assert book.summary("lucie").average_score == 90.75
    only_help = Stats()
    only_help.record("lucie", "lucie", result(LOST, score=40, assisted=True))
    assert only_help.summary("lucie").average_score is None


def test_a_file_from_before_the_own_scores_were_kept_still_averages():
    book = Stats()
    for score in (40, 100):
        book.record("lucie", "lucie", result(WON if score == 100 else LOST, score=score))
    book.record("lucie", "lucie", result(WON, score=100, assisted=True))
    data = book.to_dict()
    for summary in (
        data["games"]["lucie"]["summary"],
        data["games"]["lucie"]["sets"]["lucie"]["summary"],
    ):
        del summary["scored"], summary["own_score_total"]
    assert Stats.from_dict(data).summary("lucie").average_score == 70.0


def test_assisted_wins_are_counted_apart():
    book = Stats()
    book.record("prince", "k", result(WON, assisted=True))
    book.record("prince", "k", result(WON))
    book.record("prince", "k", result(LOST, assisted=True))
    summary = book.summary("prince", "k")
    assert (summary.won, summary.assisted_wins) == (2, 1)
    assert [entry.assisted for entry in book.history("prince", "k")] == [True, False, True]


@pytest.mark.parametrize(
    "sequence, script, total",
    [
        ("alternate", "WWL", 2 + 2 - 2),
        ("any-suit", "WLL", 1 - 4 - 4),
        ("same-suit", "WWWL", 4 * 3 - 1),
        ("same-suit", "", 0),
    ],
)
def test_prince_point_totals(sequence, script, total):
    rules = make_rules("prince", sequence=sequence)
    book = Stats()
    for letter in script:
        status = Status.WON if letter == "W" else Status.LOST
        outcome = WON if letter == "W" else LOST
        book.record("prince", option_key(rules), result(outcome, points=rules.points(status)))
    assert book.summary("prince", option_key(rules)).points_total == total


def test_prince_points_add_up_across_sequence_rules():
    book = Stats()
    for sequence, outcome in [("alternate", WON), ("any-suit", LOST), ("same-suit", WON)]:
        rules = make_rules("prince", sequence=sequence)
        points = rules.points(Status.WON if outcome == WON else Status.LOST)
        book.record("prince", option_key(rules), result(outcome, points=points))
    assert book.summary("prince").points_total == 2 - 4 + 4
    assert book.summary("prince", "prince sequence=any-suit").points_total == -4
    assert book.summary("prince").current_streak == 1


def test_canfield_casino_balance():
    rules = make_rules("canfield")
    book = Stats()
    for home in (9, 52, 0, 13):  # -$5, +$450, -$50, +$15
        balance = (500 if home == 52 else 5 * home) - 50
        book.record("canfield", option_key(rules), result(WON if home == 52 else LOST, balance))
    assert book.summary("canfield", option_key(rules)).score_total == -5 + 450 - 50 + 15


def test_a_deal_with_no_move_made_is_not_counted():
    game = Game(make_rules("prince"), 42)
    assert result_of(game, seconds=30) is None
    book = Stats()
    assert not book.record("prince", option_key(game.rules), result_of(game, seconds=30))
    assert not book.record("prince", "k", result(LOST, moves=0))
    assert book.summary("prince").played == 0 and book.history("prince") == []


def test_an_abandoned_deal_counts_as_lost_with_its_points_and_score():
    game = Game(make_rules("prince", sequence="any-suit"), 42)
    game.play(game.legal_moves()[0])
    found = result_of(game, seconds=12.5, assisted=False)
    assert (found.outcome, found.points, found.moves, found.deal) == (LOST, -4, 1, 42)
    assert found.score == game.rules.score(game.state)
    canfield = Game(make_rules("canfield"), 3)
    canfield.play_text("N")
    assert result_of(canfield, 1).score == canfield.rules.score(canfield.state) < 0
    game.undo()  # everything undone: the move was made all the same (The Prince's manual)
    undone = result_of(game, 20)
    assert (undone.outcome, undone.points, undone.moves) == (LOST, -4, 1)
    game.play(game.legal_moves()[-1])  # another move instead: still one move made
    assert result_of(game, 20).moves == 1


def test_a_won_game_gives_a_won_result():
    ranks = "A23456789TJQK"
    layout = {"f" + suit: " ".join(rank + suit for rank in ranks) for suit in "CDH"}
    layout.update(fS=" ".join(rank + "S" for rank in ranks[:-1]), t1="KS")
    game = game_with("vierfrei", layout)
    game.play_text("1h")  # the last card home
    won = result_of(game, 61, assisted=True)
    assert (won.outcome, won.score, won.moves, won.assisted, won.points) == (WON, 52, 1, True, 0)
    prince = game_with("prince", layout)
    prince.play_text("1h")
    assert result_of(prince, 5).points == 2  # alternate colour, won


def test_option_keys_name_the_game_and_every_option():
    assert option_key(make_rules("merci")) == (
        "merci redeals=2 mercis=1 kings=off auto=on move-once=on"
    )
    assert option_key(make_rules("lucie")) == "lucie"


def test_option_sets_are_kept_apart_and_summed_per_game():
    book = Stats()
    play_script("WWL", "merci", "merci a", book)
    play_script("LLW", "merci", "merci b", book)
    assert book.option_keys("merci") == ["merci a", "merci b"]
    assert book.summary("merci", "merci a").won == 2
    assert book.summary("merci", "merci b").won == 1
    whole = book.summary("merci")
    assert (whole.played, whole.won) == (6, 3)
    # The whole game's streaks run across option sets in the order played: W W L L L W.
    assert (whole.current_streak, whole.longest_win_streak, whole.longest_loss_streak) == (
        1,
        2,
        3,
    )
    assert book.summary("lucie").played == 0


def test_reset_clears_one_game_only():
    book = play_script("WWL")
    play_script("L", "canfield", "canfield mode=1", book)
    book.reset("vierfrei")
    assert book.summary("vierfrei").played == 0 and book.option_keys("vierfrei") == []
    assert book.summary("canfield").played == 1


def test_history_is_capped_but_totals_are_not():
    book = play_script("W" * (stats.HISTORY_LIMIT + 20))
    assert len(book.history("vierfrei", KEY)) == stats.HISTORY_LIMIT
    assert book.summary("vierfrei", KEY).played == stats.HISTORY_LIMIT + 20
    assert book.summary("vierfrei", KEY).current_streak == stats.HISTORY_LIMIT + 20


def test_history_across_option_sets_is_in_date_order():
    book = Stats()
    book.record("merci", "b", result(WON, date="2024-01-03T10:00:00"))
    book.record("merci", "a", result(LOST, date="2024-01-01T10:00:00"))
    book.record("merci", "b", result(LOST, date="2024-01-04T10:00:00"))
    book.record("merci", "a", result(WON, date="2024-01-02T10:00:00"))
    dates = [entry.date[:10] for entry in book.history("merci")]
    assert dates == ["2024-01-01", "2024-01-02", "2024-01-03", "2024-01-04"]


def test_save_and_load_round_trip(tmp_path):
    book = play_script("WLLWWW")
    book.record("prince", "prince sequence=alternate", result(WON, score=52, points=2))
    book.record("lucie", "lucie", result(LOST, score=37, seconds=12.25))
    path = tmp_path / "stats.json"
    book.save(path)
    loaded, message = Stats.load(path)
    assert message is None
    assert loaded.to_dict() == book.to_dict()
    assert loaded.summary("vierfrei", KEY) == book.summary("vierfrei", KEY)
    assert loaded.history("lucie", "lucie") == book.history("lucie", "lucie")
    # and it goes on counting where it left off
    play_script("W", book=loaded)
    assert loaded.summary("vierfrei", KEY).current_streak == 4


def test_missing_stats_start_empty(tmp_path):
    loaded, message = Stats.load(tmp_path / "stats.json")
    assert message is None and loaded.games == {}


@pytest.mark.parametrize(
    "content",
    [
        "garbage{",
        "",
        json.dumps({"kind": "stats", "version": 3, "games": {}}),
        json.dumps({"kind": "stats", "version": 1, "games": []}),
        json.dumps(
            {
                "kind": "stats",
                "version": 1,
                "games": {"lucie": {"summary": {"played": "many"}, "sets": {}}},
            }
        ),
        json.dumps(
            {
                "kind": "stats",
                "version": 1,
                "games": {
                    "lucie": {
                        "summary": {},
                        "sets": {"lucie": {"summary": {}, "history": [{"outcome": "won"}]}},
                    }
                },
            }
        ),
    ],
)
def test_damaged_stats_start_empty_with_a_message(tmp_path, content):
    path = tmp_path / "stats.json"
    path.write_text(content)
    loaded, message = Stats.load(path)
    assert loaded.games == {}
    assert message.startswith("The statistics file could not be read")
    assert not path.exists()


def stats_file(summary=None, history=None, game_id="lucie", key="lucie"):
    """A statistics file with one option set, changed where given."""
    good = {"outcome": "won", "score": 52, "moves": 80, "seconds": 10.5, "deal": 3}
    good_summary = {"played": 1, "won": 1, "current_streak": 1, "longest_win_streak": 1}
    return json.dumps(
        {
            "kind": "stats",
            "version": 1,
            "games": {
                game_id: {
                    "summary": {**good_summary, **(summary or {})},
                    "sets": {
                        key: {
                            "summary": {**good_summary, **(summary or {})},
                            "history": [{**good, **(history or {})}],
                        }
                    },
                }
            },
        },
        allow_nan=True,
    )


def test_a_well_formed_stats_file_of_the_test_helper_loads(tmp_path):
    path = tmp_path / "stats.json"
    path.write_text(stats_file())
    loaded, message = Stats.load(path)
    assert message is None and loaded.summary("lucie").won == 1


@pytest.mark.parametrize(
    "content, words",
    [
        (stats_file(summary={"played": -1}), "bad 'played'"),
        (stats_file(summary={"won": True}), "bad 'won'"),
        (stats_file(summary={"won": 5}), "do not add up"),
        (stats_file(summary={"current_streak": -7}), "do not add up"),
        (stats_file(summary={"score_total": 10**30}), "bad 'score_total'"),
        (stats_file(summary={"fastest_win": float("nan")}), "bad 'fastest_win'"),
        (stats_file(history={"seconds": float("inf")}), "bad 'seconds'"),
        (stats_file(history={"outcome": "drawn"}), "do not add up"),
        (stats_file(history={"moves": 0}), "do not add up"),
        (stats_file(history={"date": "yesterday"}), "do not add up"),
        (stats_file(history={"date": "\ud800"}), "bad 'date'"),
        (stats_file(history={"deal": -2}), "bad 'deal'"),
        (stats_file(game_id="solitaire", key="solitaire"), "unknown game 'solitaire'"),
        (stats_file(key="prince sequence=alternate"), "odd rule set"),
        (stats_file(key="lucie " + "x" * 500), "odd rule set"),
        (stats_file(key="lucie \ud800"), "odd rule set"),  # could not be written back
    ],
)
def test_stats_with_values_out_of_range_are_set_aside(tmp_path, content, words):
    path = tmp_path / "stats.json"
    path.write_text(content)
    loaded, message = Stats.load(path)
    assert loaded.games == {} and words in message
    assert not path.exists() and list(tmp_path.glob("stats.json.damaged-*"))
