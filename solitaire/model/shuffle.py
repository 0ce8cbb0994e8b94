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
    """A 64-bit seed from readable parts, e.g. (a game's id, its deal number, 'reshuffle', 2).

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
