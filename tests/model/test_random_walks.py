"""Long seeded random walks through every game and option set.

Random legal moves, checking after each that the game's cards (its own deck: 52 or
Spider's 104) are all there; then undo back to the start (which must come back exactly,
the running score too), redo to the end, and replay the notation.
"""

import random

import pytest

from solitaire.model.game import Game
from solitaire.model.games import GAMES, make_rules
from solitaire.model.moves import IllegalMove, Move, MoveKind

VARIANTS = [
    ("lucie", {}),
    ("merci", {}),
    ("merci", {"redeals": 0, "mercis": 3}),
    ("merci", {"redeals": "unlimited", "kings": True, "auto": False}),
    ("merci", {"redeals": 5, "mercis": 2, "kings": True, "move-once": False}),
    ("prince", {"sequence": "alternate"}),
    ("prince", {"sequence": "any-suit"}),
    ("prince", {"sequence": "same-suit"}),
    ("canfield", {"mode": "1"}),
    ("canfield", {"mode": "2"}),
    ("canfield", {"mode": "3"}),
    ("canfield", {"mode": "house"}),
    ("vierfrei", {}),
    ("vierfrei", {"auto": True}),
    ("klondike", {"draw": "3", "passes": "3", "scoring": "vegas"}),
    ("klondike", {"draw": "1", "passes": "1"}),
    ("spider", {"suits": "2"}),
    ("spider", {"suits": "4"}),
    ("pyramid", {}),
    ("pyramid", {"passes": "unlimited", "goal": "pyramid"}),
    ("golf", {"kings": "dead-king"}),
    ("golf", {"kings": "relaxed"}),
    ("tripeaks", {"wrap": False}),
]
# Every other registered game with its default options: a new game file is walked too.
VARIANTS += [(game_id, {}) for game_id in GAMES if game_id not in {g for g, _ in VARIANTS}]


@pytest.mark.parametrize(("game_id", "options"), VARIANTS)
@pytest.mark.parametrize("walk", range(3))
def test_random_walk_undo_redo_and_replay(game_id, options, walk):
    rng = random.Random(f"{game_id}{options}{walk}")
    rules = make_rules(game_id, **options)
    game = Game(rules, rng.randrange(1_000_000))
    deck = sorted(rules.deck())
    start = snapshot(game.state)
    keys = [start]
    kinds = set()
    for _ in range(300):
        moves = game.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        kinds.add(move.kind)
        game.play(move)
        assert sorted(game.state.all_cards()) == deck
        keys.append(snapshot(game.state))
    assert kinds & {MoveKind.MOVE, MoveKind.PAIR}  # cards moved, or left play in pairs
    end = snapshot(game.state)
    notation = game.notation()

    while game.undo():
        keys.pop()
        assert snapshot(game.state) == keys[-1]
    assert snapshot(game.state) == start
    while game.redo():
        pass
    assert snapshot(game.state) == end

    replay = Game(make_rules(game_id, **options), game.deal_number)
    replay.play_sequence(notation)
    assert snapshot(replay.state) == end


def snapshot(state):
    """The position and the running score kept beside it."""
    return state.key(), state.score


@pytest.mark.parametrize(("game_id", "options"), VARIANTS)
def test_illegal_moves_change_nothing(game_id, options):
    rng = random.Random(game_id)
    game = Game(make_rules(game_id, **options), 77)
    for _ in range(40):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
    before, history = game.state.key(), len(game.done)
    for text in ("zz", "99", "1-", "S S", "KH-40", "v2", "hh", "F2", "#x", "L2"):
        try:
            game.play_text(text)
        except IllegalMove:
            assert game.state.key() == before and len(game.done) == history
        else:
            game.undo()
            assert game.state.key() == before


def every_single_move(rules, state) -> set:
    """All ordinary moves, found the slow way: every source, count and destination."""
    targets = [
        name for name, role in rules.roles.items() if role in ("tableau", "foundation", "cell")
    ]
    found = set()
    for src, cards in state.piles.items():
        if cards and rules.roles[src] in ("tableau", "foundation", "cell", "reserve", "waste"):
            for count in rules.lift_counts(state, src):
                for dst in targets:
                    move = Move(MoveKind.MOVE, src, dst, count)
                    if dst != src and rules.is_legal(state, move):
                        found.add(move)
    return found


@pytest.mark.parametrize(("game_id", "options"), VARIANTS)
def test_the_quick_move_list_misses_no_legal_move(game_id, options):
    rng = random.Random(f"complete{game_id}{options}")
    game = Game(make_rules(game_id, **options), rng.randrange(1_000_000))
    for _ in range(60):
        moves = game.legal_moves()
        listed = {move for move in moves if move.kind == MoveKind.MOVE}
        assert listed == every_single_move(game.rules, game.state)
        if not moves:
            break
        game.play(rng.choice(moves))
