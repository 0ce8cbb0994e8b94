"""Solvers that search the rules engine's positions for wins and proofs of defeat."""
