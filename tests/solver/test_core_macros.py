"""The solver core keeps the move that first found each position where a family asks."""

from solitaire.solver.core import Core, Strategy, Walk
from solitaire.solver.verdict import SOLVED

TARGET = 37


class Doubling(Core[int]):
    """From 1 to TARGET by adding one or doubling: a position is a number."""

    def __init__(self, strategy: Strategy, *, keep: bool, compact: bool = False):
        self.strategies = (strategy,)
        self.compact = compact  # a key is the whole position
        if keep:
            self.macros = [None]  # the start's entry
        super().__init__(1, max_positions=1_000)

    def _successors(self, position: int):
        return [(("+1",), position + 1), (("*2",), position * 2)]

    def _key(self, position: int) -> int:
        return position

    def _unpack_key(self, key: int) -> int:
        return key

    def _won(self, position: int) -> bool:
        return position == TARGET

    def _value(self, position: int) -> int:
        return -abs(TARGET - position)


def play(number: int, macro: tuple) -> int:
    return number + 1 if macro == ("+1",) else number * 2


def test_each_position_found_is_its_parent_after_the_move_kept():
    for strategy in (Strategy(Walk.BEST_FIRST), Strategy(Walk.DIVE)):
        for compact in (False, True):
            check_moves_kept(Doubling(strategy, keep=True, compact=compact))


def check_moves_kept(search: Doubling) -> None:
    assert search.finish().status == SOLVED
    assert len(search.macros) == len(search.keys) > 10
    for serial in range(1, len(search.keys)):
        parent = search.keys[search.parent[serial]]
        assert play(parent, search.macros[serial]) == search.keys[serial]


def test_no_moves_are_kept_unless_the_family_asks():
    search = Doubling(Strategy(Walk.BEST_FIRST), keep=False)
    assert search.finish().status == SOLVED
    assert search.macros is None
