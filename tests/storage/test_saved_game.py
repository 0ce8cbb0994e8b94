"""Autosave and resume: the same position and the same undo/redo history, for every game."""

import json
import random

import pytest
from helpers import random_game

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import Move, MoveKind, Turn
from solitaire.model.state import SetValue
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


def old_save(**changes):
    """A save as the version before records wrote it: the moves in notation only."""
    data = json.loads(good_save(version=2, **changes))
    del data["turns"]
    return json.dumps(data)


def bad_move_save():
    data = json.loads(old_save())
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
        (good_save(turns="3a 54"), "records are not one for each move"),
        (good_save(turns=[]), "records are not one for each move"),
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
        (good_save(seconds=float("nan")), "time played nan is not a number of seconds"),
        (good_save(seconds=float("inf")), "time played inf"),
        (good_save(seconds=-5), "time played -5"),
        (good_save(seconds="long"), "time played 'long'"),
        (good_save(seconds=True), "time played True"),
        (good_save(assisted=1), "'assisted' is 1, not true or false"),
        (good_save(colour="blue"), "a field 'colour' no version of the game writes"),
        (good_save(deal=True), "deal number True"),
        (good_save(position=False), "position False"),
        (good_save(deal=0).replace('"deal": 0,', '"deal": 1' + "0" * 4000 + ","), "a huge number"),
        (good_save(game="lucie"), "it is a game of lucie, not of vierfrei"),
        (old_save(moves=["3a"] * 100_001), "100,001 moves and no records"),
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


# ---------------------------------------------------------------------- long games
def drawn_through(draws, deal=7):
    """Klondike with the stock turned ``draws`` times (passes are unlimited)."""
    game = Game(make_rules("klondike"), deal)
    for _ in range(draws):
        game.play(Move(MoveKind.TURN))
    return game


def test_a_game_plays_on_past_5000_moves_and_resumes_where_it_was():
    game = drawn_through(5_001)
    ace_home = game.rules.parse_move("5h", game.state)  # refused at move 5,001 before
    game.play(ace_home)
    again, _ = saved_game.from_dict(json.loads(json.dumps(saved_game.to_dict(game))))
    assert len(again.done) == 5_002 and again.state.key() == game.state.key()
    assert again.notation() == game.notation()
    again.play(Move(MoveKind.TURN))
    assert again.undo() and again.undo() and again.state.key() == drawn_through(5_001).state.key()


def test_a_game_of_100_000_moves_saves_loads_plays_on_and_undoes(tmp_path, monkeypatch):
    game = drawn_through(100_000)
    path = saved_game.game_path(tmp_path, "klondike")
    saved_game.save(path, game)

    def no_rule_consulted(*_):
        raise AssertionError("a saved move was checked against the rules again")

    with monkeypatch.context() as patched:  # resuming applies records, it does not replay
        for name in ("check", "parse_move", "perform", "format_move"):
            patched.setattr(type(game.rules), name, no_rule_consulted)
        loaded, _, message = saved_game.load(path, "klondike")
    assert message is None and len(loaded.done) == 100_000
    assert loaded.state.key() == game.state.key()
    # the 100,000 draws share the few ways a draw is spelt and done
    assert len({id(turn.steps) for turn in loaded.done}) <= 3
    loaded.play(Move(MoveKind.TURN))
    game.play(Move(MoveKind.TURN))
    assert loaded.state.key() == game.state.key()
    for _ in range(30):  # back through a pass of the stock and the waste turned over
        loaded.undo()
        game.undo()
        assert loaded.state.key() == game.state.key()
    saved_game.save(path, loaded)
    assert saved_game.load(path, "klondike")[0].state.key() == game.state.key()


def test_a_save_of_the_old_kind_with_5001_moves_loads():
    game = drawn_through(5_001)
    data = saved_game.to_dict(game)
    del data["turns"]  # as saves were written before records: moves in notation only
    data["version"] = 2
    loaded, _ = saved_game.from_dict(json.loads(json.dumps(data)))
    assert len(loaded.done) == 5_001 and loaded.state.key() == game.state.key()
    assert loaded.undo() and loaded.state.key() == drawn_through(5_000).state.key()


def with_record(number, change):
    """A good save of Vierfrei whose record of move ``number`` is ``change``d."""
    data = json.loads(good_save())
    data["turns"][number - 1] = change(data["turns"][number - 1])
    return json.dumps(data)


def first_transfer_from(pile):
    """A record change: its first step takes its cards from ``pile`` instead."""

    def change(line):
        words = line.split(" ")
        step = next(i for i, word in enumerate(words) if word.startswith("m,"))
        fields = words[step].split(",")
        fields[1] = pile
        words[step] = ",".join(fields)
        return " ".join(words)

    return change


@pytest.mark.parametrize(
    "content, words",
    [
        (with_record(3, lambda line: "garbage"), "the record of move 3"),
        (with_record(3, lambda line: line + " q,1"), "'q,1' is not a step"),
        (with_record(2, lambda line: "jump" + line[4:]), "is not a move"),
        (with_record(4, first_transfer_from("t99")), "this game has no pile 't99'"),
        (with_record(1, lambda line: line.replace(",1,", ",40,", 1)), "moves 40 cards from"),
        (with_record(5, lambda line: line.split(" ")[0] + " 9"), "9 of 0 steps"),
        (with_record(2, lambda line: line + " s,7,8"), "its score 7 is not the game's 0"),
        (with_record(2, lambda line: line + " v,deal,i5,i6"), "its deal is 5 where"),
        (with_record(2, lambda line: line + " d,t1,3,0"), "it turns cards of t1"),
        (with_record(2, lambda line: line + " m,t1,t2,1," + "9" * 30 + ","), "not a whole"),
        (with_record(2, lambda line: line + " r,t1=AS,t1=KS"), "other cards than it gathers"),
        (with_record(2, lambda line: line + " r,t1=ZZ,t1=ZZ"), "ZZ' is not a card"),
        (with_record(2, lambda line: line + " r,t1=AS,t1=AS"), "gathers cards from t1 that"),
    ],
)
def test_a_save_whose_records_do_not_fit_is_set_aside_with_the_move_named(tmp_path, content, words):
    path = saved_game.game_path(tmp_path, "vierfrei")
    path.write_text(content)
    game, extra, message = saved_game.load(path, "vierfrei")
    assert (game, extra) == (None, {})
    assert words in message and "\n" not in message and "the saved game" in message.lower()
    assert not path.exists()
    kept = [entry for entry in tmp_path.iterdir() if entry.suffix != ".txt"]
    assert len(kept) == 1 and kept[0].read_text() == content


def test_a_turn_no_record_spells_is_saved_as_its_move_and_checked_when_read():
    game = played_game("lucie", {}, 3)
    last = game.done[-1]
    odd = ("a", "tuple")  # a new kind of value, set and set back
    steps = [*last.steps, SetValue("moved", frozenset(), odd), SetValue("moved", odd, frozenset())]
    game.done[-1] = Turn(last.move, steps, last.automatic, last.text)
    data = saved_game.to_dict(game)
    assert "turns" not in data
    loaded, _ = saved_game.from_dict(json.loads(json.dumps(data)))
    assert loaded.notation() == game.notation()
