"""Solvers that search the rules engine's positions for wins and proofs of defeat.

Every module of this package is a solver a game's definition may name (``Rules.solver``:
it has ``SEARCH`` and ``BUDGET``, see ``verdict.py``) but the ones in ``SHARED``: the core
and the parts the solvers share, which the model leaves out when it tells a game the
solvers there are.
"""

SHARED = (
    "best_move",
    "compact",
    "core",
    "lucie_line",
    "lucie_moves",
    "lucie_position",
    "lucie_proof",
    "solve",
    "thinker",
    "verdict",
    "worker",
)
