"""Autosave and resume: the same position and the same undo/redo history, for every game."""

import json
import random

import pytest
from helpers import random_game

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.storage import saved_game
from solitaire.storage.files import DamagedFile

SETUPS = [
    ("lucie", {}),
    ("merci", {}),
    ("merci", {"redeals": "unlimited", "kings": "on", "auto": "off"}),
    ("merci", {"redeals": "0", "mercis": "2"}),
    ("prince", {}),
    ("prince", {"sequence": "same-suit"}),
    ("canfield", {}),
    ("canfield", {"mode": "house"}),
    ("vierfrei", {}),
    ("vierfrei", {"auto": "on"}),
]


def played_game(game_id, options, seed, moves=60, undos=15):
    """A game with random legal moves played and some undone, so redo has a history."""
    game = random_game(game_id, seed, moves, **options)
    rng = random.Random(seed)
    for _ in range(rng.randint(1, undos)):
        game.undo()
    return game


def redo_keys(game):
    keys = []
    while game.redo():
        keys.append(game.state.key())
    return keys


@pytest.mark.parametrize("game_id, options", SETUPS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_resume_gives_the_same_position_and_history(tmp_path, game_id, options, seed):
    game = played_game(game_id, options, seed)
    assert game.undone, "the test needs a redo history"
    path = saved_game.game_path(tmp_path, game_id)
    saved_game.save(path, game, {"seconds": 93.5, "assisted": True})

    loaded, extra, message = saved_game.load(path)

    assert message is None
    assert extra == {"seconds": 93.5, "assisted": True}
    assert loaded.rules.game_id == game_id
    assert loaded.rules.options == game.rules.options
    assert loaded.deal_number == game.deal_number
    assert loaded.state.key() == game.state.key()
    assert (len(loaded.done), len(loaded.undone)) == (len(game.done), len(game.undone))
    assert [turn.move for turn in loaded.done] == [turn.move for turn in game.done]
    # Redo after loading does exactly what redo would have done before saving ...
    assert redo_keys(loaded) == redo_keys(game)
    # ... and so does undo, all the way back to the deal.
    undo_keys = []
    while loaded.undo():
        undo_keys.append(loaded.state.key())
        game.undo()
        assert loaded.state.key() == game.state.key()
    assert loaded.state.key() == loaded.start_key


def test_a_game_with_no_moves_and_one_at_the_start_of_its_history(tmp_path):
    fresh = Game(make_rules("vierfrei"), 617)
    rewound = played_game("prince", {}, 4)
    rewound.restart()
    for game in (fresh, rewound):
        path = tmp_path / "game.json"
        saved_game.save(path, game)
        loaded, extra, _ = saved_game.load(path)
        assert extra == {}
        assert loaded.state.key() == game.state.key()
        assert (len(loaded.done), len(loaded.undone)) == (0, len(game.undone))


def test_each_game_keeps_its_own_file(tmp_path):
    paths = {saved_game.game_path(tmp_path, game_id) for game_id, _ in SETUPS}
    assert len(paths) == 5
    games = {}
    for game_id in ("lucie", "vierfrei"):
        games[game_id] = played_game(game_id, {}, 9)
        saved_game.save(saved_game.game_path(tmp_path, game_id), games[game_id])
    for game_id, game in games.items():
        loaded, _, _ = saved_game.load(saved_game.game_path(tmp_path, game_id))
        assert loaded.rules.game_id == game_id and loaded.state.key() == game.state.key()


def test_the_save_is_readable_text_with_options_by_name(tmp_path):
    game = played_game("merci", {"redeals": "unlimited"}, 5)
    data = saved_game.to_dict(game, {"seconds": 1})
    assert (
        data["kind"] == "game" and data["version"] == saved_game.VERSION and data["game"] == "merci"
    )
    assert data["options"]["redeals"] == "unlimited" and data["options"]["kings"] == "off"
    assert data["moves"][: data["position"]] == game.notation()
    assert len(data["moves"]) == len(game.done) + len(game.undone)


def test_extra_fields_may_not_overwrite_the_save(tmp_path):
    with pytest.raises(ValueError):
        saved_game.to_dict(Game(make_rules("lucie"), 1), {"moves": []})


def test_no_save_means_a_new_game_without_a_message(tmp_path):
    assert saved_game.load(tmp_path / "game-lucie.json") == (None, {}, None)


def good_save(**changes):
    data = saved_game.to_dict(played_game("vierfrei", {}, 6))
    data.update(changes)
    return json.dumps(data)


def bad_move_save():
    data = json.loads(good_save())
    data["moves"][5] = "zz"
    return json.dumps(data)


@pytest.mark.parametrize(
    "content, words",
    [
        ("\x00garbage\x00", "garbled"),
        (good_save()[:-40], "ends too soon"),
        ("", "empty"),
        (good_save(version=saved_game.VERSION + 1), "newer version"),
        (bad_move_save(), "move 6 'zz'"),
        (good_save(game="patience"), "unknown game 'patience'"),
        (good_save(options={"auto": "sometimes"}), "option auto"),
        (good_save(deal=-3), "deal number"),
        (good_save(deal=5_000_000), "deal number"),
        (good_save(position=999), "position"),
        (good_save(moves="3a 54"), "moves"),
    ],
)
def test_a_damaged_save_is_reported_and_moved_aside_not_raised(tmp_path, content, words):
    path = saved_game.game_path(tmp_path, "vierfrei")
    path.write_text(content)
    game, extra, message = saved_game.load(path)
    assert game is None and extra == {}
    assert words in message and "\n" not in message
    assert not path.exists()
    kept = [entry for entry in tmp_path.iterdir() if entry.suffix != ".txt"]
    assert len(kept) == 1 and str(kept[0]) in message
    assert kept[0].read_text() == content


def test_from_dict_names_the_bad_move():
    with pytest.raises(DamagedFile) as caught:
        saved_game.from_dict(json.loads(bad_move_save()))
    assert caught.value.reason.startswith("move 6 'zz': ")


@pytest.mark.parametrize(
    "content, words",
    [
        (good_save(seconds=float("nan")), "seconds nan is not a number of seconds"),
        (good_save(seconds=float("inf")), "seconds inf"),
        (good_save(seconds=-5), "seconds -5"),
        (good_save(seconds="long"), "seconds 'long'"),
        (good_save(seconds=True), "seconds True"),
        (good_save(assisted=1), "assisted 1 is not true or false"),
        (good_save(colour="blue"), "a field 'colour' no version of the game writes"),
        (good_save(deal=True), "deal number True"),
        (good_save(position=False), "position False"),
        (good_save(deal=0).replace('"deal": 0,', '"deal": 1' + "0" * 4000 + ","), "a huge number"),
        (good_save(game="lucie"), "it is a game of lucie, not of vierfrei"),
        (good_save(moves=["3a"] * (saved_game.MAX_MOVES + 1)), "100,001 moves"),
        (good_save(moves=["x" * 1000]), "moves are not a list of moves"),
        (good_save(options={"auto": ["on"]}), "rule options"),
        (good_save(options={"self": "x"}), "unknown option 'self'"),
    ],
)
def test_a_save_with_an_odd_field_or_of_another_game_is_set_aside(tmp_path, content, words):
    path = saved_game.game_path(tmp_path, "vierfrei")
    path.write_text(content)
    game, extra, message = saved_game.load(path, "vierfrei")
    assert (game, extra) == (None, {})
    assert words in message and "\n" not in message
    assert not path.exists()
    kept = [entry for entry in tmp_path.iterdir() if entry.suffix != ".txt"]
    assert len(kept) == 1 and kept[0].read_text() == content


def test_a_save_is_read_in_its_own_slot(tmp_path):
    path = saved_game.game_path(tmp_path, "vierfrei")
    path.write_text(good_save(seconds=12.5, assisted=False))
    game, extra, message = saved_game.load(path, "vierfrei")
    assert game.rules.game_id == "vierfrei" and message is None
    assert extra == {"seconds": 12.5, "assisted": False}


@pytest.mark.parametrize("extra", [{"seconds": float("nan")}, {"assisted": "yes"}, {"x": 1}])
def test_a_save_that_would_be_refused_is_not_written(tmp_path, extra):
    with pytest.raises(ValueError):
        saved_game.to_dict(Game(make_rules("lucie"), 1), extra)
