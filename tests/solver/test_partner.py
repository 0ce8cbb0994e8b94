"""The partner's thinker carries verdicts over from one position to the next without a
search where it can: lost stays lost, a winning line is mended, positions met again
keep their verdict; and nothing carries over to other rules."""

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.moves import Move, MoveKind
from solitaire.solver.search import SOLVED, UNSOLVABLE
from solitaire.solver.solve import mended_plan, move_between
from solitaire.solver.thinker import Thinker


class Watched:
    """A thinker told about a game's position after every change, as the worker is."""

    def __init__(self, game: Game):
        self.game, self.thinker = game, Thinker()
        self.answer = None

    def position_changed(self):
        self.answer = self.thinker.consider(self.game.rules, self.game.state)

    @property
    def search(self):
        return self.thinker.search

    @property
    def verdict(self):
        return self.thinker.verdict

    @property
    def plan(self):
        return self.thinker.plan

    @property
    def thinking(self):
        return self.thinker.busy


def partner_for(game: Game) -> tuple[Watched, Watched]:
    watched = Watched(game)
    return watched, watched


def verdict_of(partner: Watched):
    partner.position_changed()
    while partner.thinking:
        partner.thinker.think(1000)
    return partner.verdict


def wins(rules, state, line) -> bool:
    for move in line:
        assert rules.is_legal(state, move), move
        state = rules.successor(state, move)
    return rules.is_won(state)


def test_a_move_from_a_lost_position_is_lost_without_a_search():
    game = Game(make_rules("prince"), 1)
    partner, _ = partner_for(game)
    assert verdict_of(partner).status == UNSOLVABLE
    for _ in range(3):
        game.play(game.legal_moves()[0])
        partner.position_changed()
        assert partner.search is None and partner.verdict.status == UNSOLVABLE
        assert partner.verdict.positions == 0


def test_a_move_off_the_winning_line_is_mended_and_undo_brings_the_line_back():
    game = Game(make_rules("prince"), 2)
    partner, _ = partner_for(game)
    assert verdict_of(partner).status == SOLVED
    start, plan = game.state.copy(), list(partner.plan)
    # A move the line makes later, made now: the line without it still wins.
    early = next(
        move
        for move in plan[1:]
        if game.rules.is_legal(start, move)
        and mended_plan(game.rules, start, plan, move, game.rules.successor(start, move))
    )
    game.play(early)
    partner.position_changed()
    assert partner.search is None and partner.verdict.positions == 0
    assert wins(game.rules, game.state, partner.plan)
    assert partner.plan != plan[1:]
    game.undo()
    partner.position_changed()
    assert partner.search is None and partner.plan == plan


def test_a_move_that_can_be_taken_back_mends_the_line():
    rules = make_rules("prince")
    game = Game(rules, 2)
    partner, _ = partner_for(game)
    assert verdict_of(partner).status == SOLVED
    game.play(partner.plan[0])  # followed: the rest of the line stands
    partner.position_changed()
    # A card moved onto another column, off the line, when it could come straight back.
    before, plan = game.state.copy(), list(partner.plan)
    off_line = next(
        move
        for move in game.legal_moves()
        if move not in plan
        and rules.is_legal(
            rules.successor(before, move), Move(MoveKind.MOVE, move.dst, move.src, move.count)
        )
    )
    game.play(off_line)
    partner.position_changed()
    assert partner.search is None and partner.verdict.positions == 0
    assert wins(rules, game.state, partner.plan)
    assert move_between(rules, before, game.state, frozenset()) == off_line


def test_move_between_names_the_move_and_leaves_out_the_kinds_the_search_may_not_use():
    rules = make_rules("prince")
    game = Game(rules, 3)
    before = game.state.copy()
    move = game.legal_moves()[0]
    game.play(move)
    assert move_between(rules, before, game.state, frozenset()) == move
    assert move_between(rules, before, game.state, frozenset({MoveKind.MOVE})) is None
    game.play(game.legal_moves()[0])
    assert move_between(rules, before, game.state, frozenset()) is None  # two moves on


def test_a_new_deal_with_other_rules_forgets_what_was_known():
    game = Game(make_rules("canfield", mode="1"), 12)
    partner, _ = partner_for(game)
    assert verdict_of(partner).status == UNSOLVABLE
    other = Game(make_rules("canfield", mode="house"), 12)  # the same cards, another rule
    assert other.state.key() == game.state.key()
    partner.game = other
    partner.position_changed()
    assert partner.thinking


def test_positions_asked_about_several_moves_apart_along_the_line_keep_the_line():
    # The table tells the worker only the newest position while it is busy, and the demo
    # may make two moves in a frame: the line goes on from there, with no search (a search
    # started afresh could find a line that takes a card back).
    rules = make_rules("castle")
    game = Game(rules, 10)
    partner, _ = partner_for(game)
    assert verdict_of(partner).status == SOLVED
    line = list(partner.plan)
    for move in line[:3]:
        game.play(move)
    partner.position_changed()
    assert partner.search is None and partner.plan == line[3:]
    assert wins(rules, game.state, partner.plan)


def test_a_winning_line_never_comes_back_to_a_position_it_left():
    # Canfield by ones with passes unlimited, deal 18: a search whose key leaves something
    # out (the talon pointer, once) may take a card from one column to another and straight
    # back; the partner's line cuts such loops (``without_loops``), is never longer, and
    # still wins.
    rules = make_rules("canfield", mode="3")
    game = Game(rules, 18)
    partner, _ = partner_for(game)
    verdict = verdict_of(partner)
    assert verdict.status == SOLVED and len(partner.plan) <= len(verdict.moves)
    state, seen = game.state, {game.state.key()}
    for move in partner.plan:
        state = rules.successor(state, move)
        assert state.key() not in seen
        seen.add(state.key())
    assert rules.is_won(state)
