"""Deals proven winnable ahead of time, for the "solvable deals" option of rule sets whose
wins are too rare for a search at "New game" to find one in a few seconds: Canfield by
ones in a single pass (about 1 deal in 500 is won within 2 s) and the gambling house's
rule (about 1 in 16, each deal taking up to 2 s to settle).

Keyed by game id and ``Rules.option_text()``. Each number is a deal the solver won, its
solution replayed through the engine, with

    python bench/solver.py --game canfield --rule mode=1 --start 1 --end 10000 \\
        --max-seconds 2 --print-wins

(``mode=house``: deals 1..400). The first number of each list is the one solved the
quickest (the tests replay its solution); the others follow in order.
"""

from __future__ import annotations


def _deals(numbers: str) -> tuple[int, ...]:
    return tuple(int(number) for number in numbers.split())


KNOWN_WINS: dict[tuple[str, str], tuple[int, ...]] = {
    ("canfield", "mode=1"): _deals(
        """601 706 1832 2013 2934 3530 3642 4209 4579 5973 6166 6996 7352 7941 8047 8879 9193
        9313 9656 9723 9988"""
    ),
    ("canfield", "mode=house"): _deals(
        """171 53 81 90 135 153 187 198 200 249 253 255 256 282 284 287 295 323 330 343 347"""
    ),
}
