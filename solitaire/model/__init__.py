"""The rules engine: pure Python, no pygame. Cards, piles, moves, deals and rules."""
