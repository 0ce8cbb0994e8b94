"""A copy of a game file's class under a new id is a whole game: registered, dealt,
played, saved, replayed and shown, with nothing else told about it."""

import random

import pytest
from helpers import random_game

from solitaire import cli
from solitaire.model.game import Game
from solitaire.model.games import GAMES, make_rules
from solitaire.storage import replay_file, saved_game


def other_choices(game_id: str) -> dict[str, str]:
    """Each choice option of the game at its second choice: the copy is played under rules
    other than its defaults too."""
    specs = GAMES[game_id].option_specs
    return {spec.name: spec.choices[1] for spec in specs if spec.choices and len(spec.choices) > 1}


@pytest.mark.parametrize("game_id", list(GAMES))  # every game, so every family
def test_a_copy_under_a_new_id_is_a_whole_game(game_id, monkeypatch, capsys):
    options = other_choices(game_id)
    copy = type(f"Copy{GAMES[game_id].__name__}", (GAMES[game_id],), {"game_id": f"my{game_id}"})
    monkeypatch.setitem(GAMES, copy.game_id, copy)
    rules = make_rules(copy.game_id, **options)
    game = Game(rules, 17)
    rng = random.Random(game_id)
    for _ in range(40):
        legal = game.legal_moves()
        if not legal:  # a short game (Golf's) may be over sooner
            break
        game.play(rng.choice(legal))
    assert sorted(game.state.all_cards()) == sorted(rules.deck())
    loaded, _ = saved_game.from_dict(saved_game.to_dict(game))
    assert loaded.rules.game_id == copy.game_id
    assert (loaded.state.key(), loaded.state.score) == (game.state.key(), game.state.score)
    replayed, moves = replay_file.parse_text(replay_file.to_text(game))
    replayed.play_sequence(moves)
    assert replayed.state.key() == game.state.key()
    rule_words = [word for name, value in options.items() for word in ("--rule", f"{name}={value}")]
    assert cli.main(["--game", copy.game_id, *rule_words, "--deal", "17", "--show"]) == 0
    assert capsys.readouterr().out.strip()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_saves_and_replays_round_trip_with_moves_undone(game_id):
    game = random_game(game_id, 3, 80)
    for _ in range(5):
        game.undo()
    loaded, _ = saved_game.from_dict(saved_game.to_dict(game))
    assert (loaded.state.key(), loaded.state.score, loaded.state.down) == (
        game.state.key(),
        game.state.score,
        game.state.down,
    )
    assert len(loaded.undone) == len(game.undone)
    replayed, moves = replay_file.parse_text(replay_file.to_text(game))
    replayed.play_sequence(moves)
    assert (replayed.state.key(), replayed.state.score) == (game.state.key(), game.state.score)
