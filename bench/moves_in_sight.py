"""How far the best moves in sight go, the hint's moves where no winning line is known:
cards home when a game is played by them alone, against the plain auto-player.

    python bench/moves_in_sight.py --game klondike --start 600001 --end 600020
    python bench/moves_in_sight.py --game spider --rule suits=4 --start 600001 --end 600020

Each deal is played from its start twice, with no search for a winning line: by the
moves in sight (``solitaire/solver/best_move.py``, as ``thinker.hint_for`` picks them: the
best that leads to no position the game has been through), until every move would lead
back, none is left, the game is won or ``--moves`` are made; and by the plain auto-player
(``solitaire/model/autoplay.py``: good moves first, no look ahead), until it would only go
round. The figures are cards home at the end, wins, and the processor time one look ahead
takes (it runs in the partner's worker; its budget is in positions, ``LOOKAHEAD``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solitaire.cli import parse_rule_options
from solitaire.model.autoplay import next_move
from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.rules import Rules
from solitaire.solver.best_move import LOOKAHEAD, moves_in_sight


def played_in_sight(rules: Rules, deal: int, most: int, lookahead: int) -> tuple[int, list[float]]:
    """Cards home after the moves in sight from ``deal``, and each look ahead's CPU time."""
    game = Game(rules, deal)
    played, times = {game.state.key()}, []
    for _ in range(most):
        if rules.is_won(game.state):
            break
        began = time.process_time()
        ranked = moves_in_sight(
            rules, game.state, max_positions=lookahead, without=rules.hint_excludes
        )
        times.append(time.process_time() - began)
        ahead = [m for m in ranked if rules.successor(game.state, m).key() not in played]
        if not ahead:
            break
        game.play(ahead[0])
        played.add(game.state.key())
    return rules.cards_home(game.state), times


def played_plainly(rules: Rules, deal: int, most: int) -> int:
    game = Game(rules, deal)
    seen = {game.state.key()}
    for _ in range(most):
        move = next_move(rules, game.state, seen)
        if move is None:
            break
        game.play(move)
        seen.add(game.state.key())
    return rules.cards_home(game.state)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--rule", action="append", default=[])
    parser.add_argument("--start", type=int, default=600_001)
    parser.add_argument("--end", type=int, default=600_020)
    parser.add_argument("--moves", type=int, default=300, help="moves a game may make")
    parser.add_argument("--lookahead", type=int, default=LOOKAHEAD, help="positions a look")
    args = parser.parse_args()
    rules = make_rules(args.game, **parse_rule_options(args.rule))
    in_sight, plain, times = [], [], []
    for deal in range(args.start, args.end + 1):
        home, looks = played_in_sight(rules, deal, args.moves, args.lookahead)
        in_sight.append(home)
        times.extend(looks)
        plain.append(played_plainly(rules, deal, args.moves))
    whole = rules.card_count
    deals = len(in_sight)
    for name, homes in (("moves in sight", in_sight), ("plain auto-player", plain)):
        won = sum(1 for home in homes if home == whole)
        print(
            f"{name:18} cards home: mean {statistics.mean(homes):.1f} "
            f"median {statistics.median(homes):.0f} of {whole}; won {won} of {deals}"
        )
    times.sort()
    print(
        f"look ahead ({args.lookahead:,} positions): {len(times)} looks, CPU median "
        f"{statistics.median(times):.2f} s, 95th percentile {times[int(0.95 * (len(times) - 1))]:.2f} s, "
        f"most {times[-1]:.2f} s"
    )


if __name__ == "__main__":
    main()
