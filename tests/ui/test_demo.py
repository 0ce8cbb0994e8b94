"""The demo never throws a winnable game away: from a deal the partner calls winnable it
plays the partner's line to the win, move by move at the table, never returning to a
position it has left and never into one the partner calls lost."""

import pygame
import pytest
from table_driver import key, send

from solitaire.model.moves import MoveKind
from solitaire.solver.verdict import SOLVED, UNSOLVABLE
from solitaire.ui.app import App
from solitaire.ui.library import Library
from solitaire.ui.screens.overlays import WinOverlay

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


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = App(
        fullscreen=False, size=(640, 480), library=Library(tmp_path_factory.mktemp("demo"))
    )
    yield application
    pygame.quit()


@pytest.mark.parametrize("game_id, options", FAMILIES, ids=[f[0] for f in FAMILIES])
def test_the_demo_wins_every_winnable_start(app, game_id, options):
    won = 0
    for deal in range(1, 1000):
        if won == STARTS:
            break
        app.overlays.clear()
        app.open_game(game_id, deal, dict(options) or None, animate=False)
        table = app.table
        app.wait_for_partner()
        if table.partner.outcome != SOLVED:
            continue  # not a winnable start (for La Belle Lucie: not without a reshuffle)
        send(app, key(pygame.K_d, pygame.KMOD_CTRL))
        seen = {table.state.key()}
        for _ in range(2_000):
            app.wait_for_partner()
            assert table.partner.outcome != UNSOLVABLE, (game_id, deal, "a losing move")
            if app.overlays or not table.help.demo_on:
                break
            app.lag += 0.4  # as if the loop had waited: the demo's pace is in game time
            before = len(table.game.done)
            app.step(sleep=False)
            table.flights.finish()
            if len(table.game.done) > before and table.game.done[-1].move.kind == MoveKind.MOVE:
                position = table.state.key()  # (turning Canfield's hand comes round again)
                assert position not in seen, (game_id, deal, "a card back and forth")
                seen.add(position)
        assert app.overlays and isinstance(app.overlays[-1], WinOverlay), (
            game_id,
            deal,
            table.status.message.words,
        )
        assert table.rules.is_won(table.state)
        won += 1
    assert won == STARTS, f"fewer than {STARTS} winnable deals of {game_id} in 1..999"
