"""A long game's save: how long it takes to write and to read back, and its memory.

    python bench/long_game.py [--moves 100000]

Klondike's deal 7 with the stock turned --moves times (passes are unlimited), as a player
holding the key down makes it. Times are processor time (fair on a busy machine); memory
is what tracemalloc sees kept once the game is played, and once it is read back.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import Move, MoveKind
from solitaire.storage import saved_game
from solitaire.storage.files import dump_json


def timed(what, *args):
    """``what(*args)`` and the processor milliseconds it took."""
    started = time.process_time()
    result = what(*args)
    return result, (time.process_time() - started) * 1000


def drawn_through(moves: int) -> Game:
    game = Game(make_rules("klondike"), 7)
    for _ in range(moves):
        game.play(Move(MoveKind.TURN))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=100_000)
    args = parser.parse_args()
    moves = args.moves

    tracemalloc.start()
    game, played_ms = timed(drawn_through, moves)
    played_bytes = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    _, first_ms = timed(saved_game.to_dict, game)  # every move spelt for the first time
    data, again_ms = timed(saved_game.to_dict, game)  # as at each move after: spelt once
    text, dump_ms = timed(dump_json, data)
    del data
    parsed, parse_ms = timed(json.loads, text)
    _, load_ms = timed(saved_game.from_dict, parsed)
    tracemalloc.start()
    loaded, _ = saved_game.from_dict(parsed)
    del parsed
    loaded_bytes = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert loaded.state.key() == game.state.key() and len(loaded.done) == moves

    print(f"Klondike deal 7, {moves:,} turns of the stock played in {played_ms:.0f} ms")
    print(f"the save: {len(text.encode()):,} bytes")
    print(
        f"writing: to_dict {first_ms:.0f} ms the first time, {again_ms:.1f} ms after, "
        f"dump_json {dump_ms:.0f} ms"
    )
    print(f"reading: json.loads {parse_ms:.0f} ms, from_dict {load_ms:.0f} ms")
    print(
        f"memory a kept move: {played_bytes / moves:.0f} bytes played, "
        f"{loaded_bytes / moves:.0f} bytes read back (tracemalloc)"
    )


if __name__ == "__main__":
    main()
