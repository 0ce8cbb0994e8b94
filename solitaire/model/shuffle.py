"""Random streams that give the same deals on every platform and Python version.

Python's ``random`` module does not promise stable sequences across versions, so deals
and reshuffles draw from generators written out here in full.
"""

from __future__ import annotations

from .cards import Card, new_deck

_MASK64 = (1 << 64) - 1


class SplitMix64:
    """Steele, Lea and Flood's SplitMix64: tiny, fast enough and well distributed."""

    def __init__(self, seed: int):
        self.state = seed & _MASK64

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """Uniform integer in [0, bound), by rejection so there is no modulo bias."""
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            value = self.next64()
            if value < limit:
                return value % bound


def stream_seed(*parts: object) -> int:
    """A 64-bit seed from readable parts, e.g. ('lucie', 17, 'reshuffle', 2).

    FNV-1a over the text form: stable everywhere, unlike ``hash()``.
    """
    value = 0xCBF29CE484222325
    for byte in "\x1f".join(str(part) for part in parts).encode():
        value = ((value ^ byte) * 0x100000001B3) & _MASK64
    return value


def shuffled(items: list, seed: int) -> list:
    """A Fisher-Yates shuffle of a copy of ``items`` driven by SplitMix64."""
    rng = SplitMix64(seed)
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        j = rng.below(i + 1)
        result[i], result[j] = result[j], result[i]
    return result


def shuffled_deck(*seed_parts: object) -> list[Card]:
    return shuffled(new_deck(), stream_seed(*seed_parts))


def microsoft_deal(game_number: int) -> list[list[Card]]:
    """The eight FreeCell columns (bottom card first) of Microsoft FreeCell's game number.

    Jim Horne's algorithm: the C runtime's rand() seeded with the game number picks a
    card from the remaining deck, and the picks are dealt across the columns row by row.
    """
    state = game_number

    def rand() -> int:
        nonlocal state
        state = (state * 214013 + 2531011) & 0x7FFFFFFF
        return state >> 16

    deck = new_deck()
    columns: list[list[Card]] = [[] for _ in range(8)]
    for i in range(52):
        left = 52 - i
        j = rand() % left
        columns[i % 8].append(deck[j])
        deck[j] = deck[left - 1]
    return columns
