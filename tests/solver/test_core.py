"""The solver core's optional hooks, on toy families: a visited test that lets a position
stand for others (``_covered``) and strategies that walk by successor methods of their own
(``Strategy.successors``)."""

from solitaire.solver.core import Core, Strategy, Walk
from solitaire.solver.verdict import SOLVED, UNSOLVABLE


class Counter(Core[tuple]):
    """Positions (x, y): "x" moves x on by one, "y" moves y on by one up to 3; won at x ==
    ``goal``, which "x" may reach only while y is 3. A move is some "y"s then an "x", so a
    position leads to all that one with the same x and a greater y leads to."""

    strategies = (Strategy(Walk.DIVE), Strategy(Walk.BEST_FIRST))

    def __init__(self, goal: int, last: int):
        self.goal, self.last = goal, last
        self.asked: dict[int, dict[int, int]] = {}  # walk bit -> x -> the least y visited
        super().__init__((0, 0), max_positions=10_000)

    def _successors(self, position: tuple):
        x, y = position
        for turned in range(y, 4):
            if x < self.last and (x + 1 < self.goal or turned == 3):
                yield ("y",) * (turned - y) + ("x",), (x + 1, turned)

    def _key(self, position: tuple) -> tuple:
        return position

    def _won(self, position: tuple) -> bool:
        return position[0] == self.goal

    def _value(self, position: tuple) -> float:
        return position[0] + position[1]


class Covering(Counter):
    covers = True

    def _covered(self, key, walk: int) -> bool:
        x, y = key
        least = self.asked.setdefault(walk, {})
        if least.get(x, 4) <= y:
            return True
        least[x] = y
        return False


def play(moves: list) -> tuple:
    x = y = 0
    for move in moves:
        if move == "x":
            assert x < 6 and (x + 1 < 6 or y == 3)
            x += 1
        else:
            assert y < 3
            y += 1
    return x, y


def test_positions_covered_are_left_out_and_the_verdicts_stay():
    for goal, last, status in ((6, 6, SOLVED), (6, 5, UNSOLVABLE)):
        plain, covering = Counter(goal, last).finish(), Covering(goal, last).finish()
        assert plain.status == covering.status == status
        if status == SOLVED:
            assert play(covering.moves)[0] == goal
        else:
            assert covering.positions < plain.positions


def test_the_start_is_asked_first_and_covers_what_follows():
    search = Covering(6, 5)
    assert set(search.asked) == {1, 2}
    assert all(least == {0: 0} for least in search.asked.values())


class TwoWays(Counter):
    """A dive by steps of two beside a best-first walk by steps of one."""

    strategies = (Strategy(Walk.DIVE, moves="_by_twos"), Strategy(Walk.BEST_FIRST, 1))

    def _by_twos(self, position: tuple):
        x, y = position
        if y < 3:
            yield ("y", "y", "y")[: 3 - y], (x, 3)
        elif x + 2 <= self.goal:
            yield ("x", "x"), (x + 2, y)


def test_a_strategy_walks_by_its_own_successors_and_its_line_replays():
    search = TwoWays(6, 6)
    verdict = search.finish()
    assert verdict.status == SOLVED and search.won_by == 0
    assert verdict.moves == ["y", "y", "y"] + ["x"] * 6
    assert play(verdict.moves) == (6, 3)


class InOrder(Counter):
    """A dive in the order the moves are given, the fewest "y"s given last."""

    strategies = (Strategy(Walk.DIVE, ordered=False, last_first=True),)

    def _successors(self, position: tuple):
        return reversed(list(super()._successors(position)))


def test_a_dive_in_the_family_s_order_takes_the_last_move_given_first_where_asked():
    verdict = InOrder(6, 6).finish()
    assert verdict.status == SOLVED
    assert verdict.moves == ["x"] * 5 + ["y", "y", "y", "x"]  # by value: the "y"s first
    assert Counter(6, 6).finish().moves[:3] == ["y", "y", "y"]


class QuickBeside(Counter):
    """A walk that leaves every move out (it runs dry at once) beside a complete one."""

    strategies = (Strategy(Walk.BEST_FIRST, moves="_none", complete=False), Strategy())

    def _none(self, position: tuple):
        return iter(())


class QuickClaimingComplete(QuickBeside):
    strategies = (Strategy(Walk.BEST_FIRST, moves="_none"), Strategy())


def test_a_walk_that_is_not_complete_running_dry_proves_nothing():
    assert QuickBeside(6, 6).finish().status == SOLVED  # the complete walk wins
    assert QuickBeside(6, 5).finish().status == UNSOLVABLE  # and proves a loss
    # The same walk taken for complete would call the winnable game lost.
    assert QuickClaimingComplete(6, 6).finish().status == UNSOLVABLE


class ManyWalks(Counter):
    """Eight walks, each alone a complete search: the seventh and eighth keep their marks
    above the dead-end bits (two bytes a position)."""

    strategies = (
        *(Strategy(Walk.BEST_FIRST, 1, moves="_none", complete=False),) * 6,
        Strategy(Walk.DIVE, 1),
        Strategy(Walk.BEST_FIRST, 1),
    )

    def _none(self, position: tuple):
        return iter(())


def test_a_seventh_and_eighth_walk_keep_their_own_marks():
    won = ManyWalks(6, 6)
    verdict = won.finish()
    assert verdict.status == SOLVED and won.won_by in (6, 7)
    assert play(verdict.moves)[0] == 6
    lost = ManyWalks(6, 5)
    assert lost.finish().status == UNSOLVABLE
    # Both late walks visited every position, each once, their bits apart and above the
    # dead-end bits: no position taken for dead.
    counter = Counter(6, 5)
    counter.finish()
    assert lost.walks[6].visits == lost.walks[7].visits == counter.walks[0].visits
    assert all(mark & 0x300 == 0x300 and not mark & 0x80 for mark in lost.marks)
