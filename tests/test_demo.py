"""The demo never throws a winnable game away: from a deal the partner calls winnable it
plays the partner's line to the win, move by move at the table, never returning to a
position it has left and never into one the partner calls lost."""

import pygame
import pytest
from table_driver import key, send

from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.solver.thinker import Thinker
from solitaire.solver.verdict import SOLVED, UNSOLVABLE
from solitaire.ui.app import App
from solitaire.ui.library import Library
from solitaire.ui.overlays import WinOverlay

STARTS = 20  # winnable deal starts per family
# A rule set of each family where wins are common (Canfield's first mode is won in one
# deal of hundreds; by ones with passes unlimited, in most).
FAMILIES = [
    ("vierfrei", {}),
    ("bakers", {}),
    ("lucie", {}),
    ("merci", {}),
    ("prince", {}),
    ("canfield", {"mode": "3"}),
    ("castle", {}),
]


def winnable_starts(game_id: str, options: dict) -> list[int]:
    """The first deals the table's partner calls winnable (as the demo is asked: for La
    Belle Lucie, without a reshuffle the player could not foresee)."""
    rules = make_rules(game_id, **options)
    thinker, found = Thinker(), []
    for deal in range(1, 1000):
        thinker.consider(rules, Game(rules, deal).state, rules.hint_excludes)
        while thinker.busy:
            thinker.think(2_000)
        if thinker.verdict.status == SOLVED:
            found.append(deal)
            if len(found) == STARTS:
                return found
    raise AssertionError(f"fewer than {STARTS} winnable deals of {game_id} in 1..999")


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = App(
        fullscreen=False, size=(640, 480), library=Library(tmp_path_factory.mktemp("demo"))
    )
    yield application
    pygame.quit()


@pytest.mark.parametrize("game_id, options", FAMILIES, ids=[f[0] for f in FAMILIES])
def test_the_demo_wins_every_winnable_start(app, game_id, options):
    for deal in winnable_starts(game_id, options):
        app.overlays.clear()
        app.open_game(game_id, deal, dict(options) or None, animate=False)
        table = app.table
        send(app, key(pygame.K_d, pygame.KMOD_CTRL))
        seen = {table.state.key()}
        for _ in range(2_000):
            app.wait_for_partner()
            assert table.partner.outcome != UNSOLVABLE, (game_id, deal, "a losing move")
            if app.overlays or not table.demo_on:
                break
            app.lag += 0.4  # as if the loop had waited: the demo's pace is in game time
            before = len(table.game.done)
            app.step(sleep=False)
            table.flights.finish()
            if len(table.game.done) > before:
                position = table.state.key()
                assert position not in seen, (game_id, deal, "a card back and forth")
                seen.add(position)
        assert app.overlays and isinstance(app.overlays[-1], WinOverlay), (
            game_id,
            deal,
            table.message[0],
        )
        assert table.rules.is_won(table.state)
