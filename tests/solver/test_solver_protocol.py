"""One solver interface: every game's definition names its solver module (SEARCH makes a
``Search``, BUDGET its positions); the generic search asks a game only through the rules'
hooks; "deal only deals proven winnable" is offered only where the rules can serve it."""

import pkgutil

import pygame
import pytest
from helpers import game_with
from table_driver import click, key, motion, send, start

from solitaire import solver
from solitaire.model.game import Game
from solitaire.model.games import GAMES, make_rules
from solitaire.model.games.castle import BeleagueredCastle
from solitaire.model.games.vierfrei import Vierfrei
from solitaire.model.moves import MoveKind
from solitaire.model.rules import DATA_SOLVER, GENERIC_SOLVER
from solitaire.model.vocabulary import Build
from solitaire.solver import search as generic
from solitaire.solver.freecell import FreecellSearch
from solitaire.solver.solve import budget_for, search_class, solver_module
from solitaire.solver.verdict import UNKNOWN, UNSOLVABLE, GaveUp, Search, Verdict
from solitaire.ui.app import App
from solitaire.ui.library import Library
from solitaire.ui.screens import overlays
from solitaire.ui.screens.overlays import WINNABLE_ROW, OptionsOverlay


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_names_a_solver_module_that_keeps_the_protocol(game_id):
    rules = make_rules(game_id)
    module = solver_module(rules)
    assert module.__name__ == f"solitaire.solver.{rules.solver}"
    assert budget_for(rules) == module.BUDGET > 0
    search = search_class(rules)(rules, Game(rules, 1).state, max_positions=50)
    assert isinstance(search, Search)
    verdict = search.step(10)
    assert verdict is None or isinstance(verdict, Verdict)
    assert isinstance(search.positions, int) and search.positions > 0


def test_the_shared_modules_are_the_ones_that_do_not_search():
    modules = {info.name for info in pkgutil.iter_modules(solver.__path__)}
    searching = {
        name
        for name in modules
        if hasattr(__import__(f"solitaire.solver.{name}", fromlist=["SEARCH"]), "SEARCH")
    }
    assert set(solver.SHARED) == modules - searching


def test_every_solver_module_is_named_by_a_game():
    named = {make_rules(game_id).solver for game_id in GAMES} | {GENERIC_SOLVER, DATA_SOLVER}
    modules = {
        info.name
        for info in pkgutil.iter_modules(solver.__path__)
        if hasattr(__import__(f"solitaire.solver.{info.name}", fromlist=["SEARCH"]), "SEARCH")
    }
    assert modules == named


def test_the_freecell_family_names_its_solver_by_its_build_rule():
    assert search_class(make_rules("vierfrei")) is FreecellSearch
    assert search_class(make_rules("bakers")) is FreecellSearch

    class Regardless(Vierfrei):
        build = Build.RANK

    rules = Regardless()
    assert rules.solver == GENERIC_SOLVER
    assert search_class(rules) is generic.Search and budget_for(rules) == generic.BUDGET


# ------------------------------------------------------------------ the generic search's hooks
class Asked(BeleagueredCastle):
    """Beleaguered Castle with its hooks answering as a test says, counting the questions."""

    game_id = ""
    hopeless_after = None  # positions taken before every further one is hopeless
    skip_all = False

    def __init__(self, **options):
        super().__init__(**options)
        self.keys = self.hopeless_asked = self.expanded = 0

    def legal_moves(self, state):
        self.expanded += 1
        return super().legal_moves(state)

    def search_key(self, state, without):
        self.keys += 1
        return super().search_key(state, without)

    def hopeless(self, state, without):
        self.hopeless_asked += 1
        return self.hopeless_after is not None and self.hopeless_asked > self.hopeless_after

    def search_skips(self, state, move):
        return self.skip_all


def test_the_generic_search_asks_the_rules_hooks():
    plain = Asked()
    state = Game(plain, 2).state
    verdict = generic.Search(plain, state, max_positions=300).finish()
    assert plain.keys > 100 and verdict.positions > 100
    assert plain.hopeless_asked == plain.expanded > 50  # asked of each position it expands

    cut = type("Cut", (Asked,), {"hopeless_after": 3})()
    verdict = generic.Search(cut, state, max_positions=300).finish()
    # The search asks when it takes a position to expand it: a hopeless one goes no further.
    assert verdict.status == UNSOLVABLE and cut.expanded == 3 and cut.hopeless_asked > 3

    skipping = type("Skipping", (Asked,), {"skip_all": True})()
    verdict = generic.Search(skipping, state, max_positions=300).finish()
    assert (verdict.status, verdict.gave_up) == (UNKNOWN, GaveUp.PRUNED)  # no proof


def test_la_belle_lucie_answers_the_hooks_with_its_knots():
    # The king of spades above the queen of spades it would need: a knot.
    layout = {"t1": "QS 3D KS", "t2": "AC", "t3": "2C"}
    rules = make_rules("lucie")
    spent = game_with("lucie", layout, {"redeals_used": 2, "mercis_used": 1}).state
    assert rules.knotted(spent) and rules.hopeless(spent, frozenset())
    early = game_with("lucie", layout).state  # reshuffles left
    assert not rules.hopeless(early, frozenset())
    assert rules.hopeless(early, frozenset({MoveKind.REDEAL}))  # the search may not use them
    untied = game_with("lucie", {"t1": "KS QS 3D", "t2": "AC"}, {"redeals_used": 2}).state
    assert not rules.hopeless(untied, frozenset())
    assert rules.search_key(early, frozenset()) == early.key()
    assert rules.search_key(early, frozenset({MoveKind.REDEAL})) == rules.position_key(early)


# ------------------------------------------------------------------ deals proven winnable
class GenericOnly(BeleagueredCastle):
    """A game with no solver of its own: only the generic search."""

    game_id = "generic-only"
    title = "Generic Only"
    solver = GENERIC_SOLVER


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_game_says_whether_it_can_prove_deals_winnable_never_more_than_it_can(game_id):
    """Each game declares whether "deal only deals proven winnable" serves it
    (``proves_winnable``): it may say it has no such deals, but never that it has them
    with only the generic search and no deals known ahead."""
    rules = make_rules(game_id)
    known = bool(rules.known_wins) or rules.impossible_deals is not None
    assert isinstance(rules.proves_winnable, bool)
    assert not rules.proves_winnable or known or rules.solver != GENERIC_SOLVER


def test_the_rules_say_whether_they_can_prove_deals_winnable():
    assert not GenericOnly().proves_winnable
    # Deals known ahead serve it without a solver.
    assert type("Known", (GenericOnly,), {"known_wins": {"": (3,)}})().proves_winnable


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setitem(GAMES, GenericOnly.game_id, GenericOnly)
    application = App(fullscreen=False, size=(1280, 800), library=Library(tmp_path))
    yield application
    pygame.quit()


def _winnable_row(app):
    send(app, key(pygame.K_o, char="o"))
    options = app.overlays[-1]
    assert isinstance(options, OptionsOverlay)
    app.draw()
    row = next(i for i, (label, _, _) in enumerate(options.rows) if label == WINNABLE_ROW)
    return options, options.rects[row].center


def test_the_option_is_greyed_with_its_reason_where_no_solver_serves(app, monkeypatch):
    drawn = []
    real = overlays.text

    def text(surface, words, *args, **kwargs):
        drawn.append(words)
        return real(surface, words, *args, **kwargs)

    monkeypatch.setattr(overlays, "text", text)
    start(app, GenericOnly.game_id, 2)
    _, where = _winnable_row(app)
    send(app, motion(where))
    drawn.clear()
    app.draw()
    reason = "Generic Only has no solver of its own: its deals cannot be proven winnable"
    assert reason in " ".join(drawn)  # the note may wrap to lines
    click(app, where)
    click(app, where)
    assert not app.solvable_only(GenericOnly.game_id)
    send(app, key(pygame.K_ESCAPE))
    # Even if it was set before, a new deal starts no look for a winnable one.
    app.set_solvable_only(GenericOnly.game_id, True)
    table = app.table
    send(app, key(pygame.K_n, pygame.KMOD_CTRL))
    assert table.wanted_deal is None


def test_the_option_still_toggles_where_a_solver_serves(app):
    start(app, "castle", 2)
    options, where = _winnable_row(app)
    assert not options.unavailable
    click(app, where)
    assert app.solvable_only("castle")


class OneSuitSpider(GAMES["spider"]):
    """A Spider whose solver would serve one suit only (as Spider's once did)."""

    game_id = "one-suit-spider-test"

    @property
    def proves_winnable(self) -> bool:
        return self.options["suits"] == "1"


def test_the_option_follows_the_rules_the_overlay_shows(app, monkeypatch):
    """Rules whose solver serves one choice of an option only: choosing another on the
    options screen greys the row at once, with its reason, and a click leaves the setting
    alone."""
    monkeypatch.setitem(GAMES, OneSuitSpider.game_id, OneSuitSpider)
    start(app, OneSuitSpider.game_id, 2)
    options, where = _winnable_row(app)
    assert not options.unavailable
    send(app, key(pygame.K_RIGHT))  # the first row is Spider's suits: 1 -> 2
    assert options.values["suits"] == "2"
    assert "the solver seldom proves a deal" in options.unavailable[options.winnable_row]
    click(app, where)
    assert not app.solvable_only(OneSuitSpider.game_id)
    suits = options.rects[0].center
    click(app, suits)
    click(app, suits)  # 2 -> 4 -> 1
    assert options.values["suits"] == "1" and not options.unavailable
