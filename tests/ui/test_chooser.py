"""The game chooser: grouped by family, a picture of each table, type to find, arrows,
scrolling where the list is longer than the window; with two dozen games too (copies of
the real ones under test ids stand in for games not written yet)."""

import pygame
import pytest
from table_driver import click, key, send, type_text

from solitaire.model.games import GAMES
from solitaire.model.vocabulary import Family
from solitaire.ui.screens import chooser as chooser_module
from solitaire.ui.screens import layout_pictures
from solitaire.ui.screens.chooser import Chooser, found, plan_for

SIZES = [(640, 480), (800, 600), (1024, 768), (1920, 1080), (3840, 2160), (1080, 1920)]


def copies(count: int) -> dict:
    """``count`` test games, copies of the real ones, spread over every family."""
    originals = list(GAMES.values())
    families = list(Family)
    made = {}
    for n in range(count):
        original = originals[n % len(originals)]
        fields = {
            "game_id": f"test-copy-{n}",
            "title": f"Test Copy {n} of {original.title}",
            "family": families[n % len(families)],
        }
        made[fields["game_id"]] = type(f"TestCopy{n}", (original,), fields)
    return made


def register(monkeypatch, total: int) -> None:
    """``total`` games: the real ones and copies."""
    for game_id, cls in copies(total - len(GAMES)).items():
        monkeypatch.setitem(GAMES, game_id, cls)


@pytest.fixture
def many(monkeypatch):
    register(monkeypatch, 26)


def chooser_of(app) -> Chooser:
    app.open_chooser()
    app.draw()
    assert isinstance(app.screen, Chooser)
    return app.screen


def test_typing_finds_by_the_title_best_match_first():
    titles = ["La Belle Lucie", "La Belle Lucie (Merci)", "Baker's Game", "Forty & Eight"]
    assert found("la belle lucie", titles) == [0, 1]  # the title itself first
    assert found("merci", titles) == [1]  # a word it begins
    assert found("bakers", titles) == [2]  # the apostrophe is no part of typing
    assert found("forty eight", titles) == [3]
    assert found("elle", titles) == [0, 1]  # anywhere in a title, last
    assert found("  ", titles) == [] and found("zq", titles) == []


def test_every_game_is_found_by_typing_its_title_and_opens_with_enter(app, many):
    chooser = chooser_of(app)
    for game_id in GAMES:
        for char in GAMES[game_id].title:  # to the chooser alone: no frame a key
            chooser.handle(key(pygame.key.key_code(char.lower()), char=char))
        app.draw()
        assert chooser.ids[chooser.choice] == game_id, game_id
        assert chooser.rects[chooser.choice].h > 0  # scrolled into sight
        send(app, key(pygame.K_ESCAPE))  # clears what was typed, stays here
        assert app.screen is chooser and chooser.typed == ""
    type_text(app, GAMES["castle"].title[:6])
    send(app, key(pygame.K_RETURN))
    assert app.table is not None and app.table.game_id == "castle"


def test_backspace_and_a_name_no_game_has(app):
    chooser = chooser_of(app)
    type_text(app, "merc")
    assert chooser.ids[chooser.choice] == "merci"
    type_text(app, "zz")
    assert chooser.matches == [] and chooser.ids[chooser.choice] == "merci"
    send(app, key(pygame.K_BACKSPACE), key(pygame.K_BACKSPACE))
    assert chooser.typed == "merc" and chooser.matches


def test_letters_are_typing_here_so_only_the_key_left_of_1_hides(app):
    chooser = chooser_of(app)
    send(app, key(pygame.K_b, char="b"), key(pygame.K_q, char="q"), key(pygame.K_m, char="m"))
    assert chooser.typed == "bqm" and app.running and app.clock_running
    assert not app.audio.muted
    send(app, key(pygame.K_m, pygame.KMOD_CTRL))
    assert app.audio.muted
    send(app, key(pygame.K_BACKQUOTE, char="`"))
    assert not app.clock_running


def test_escape_clears_then_leaves(app):
    chooser = chooser_of(app)
    type_text(app, "spi")
    send(app, key(pygame.K_ESCAPE))
    assert app.running and chooser.typed == ""
    send(app, key(pygame.K_ESCAPE))
    assert not app.running


def test_the_games_are_grouped_by_family_under_their_headings(app, many):
    chooser = chooser_of(app)
    families = [GAMES[game_id].family for game_id in chooser.ids]
    assert families == sorted(families, key=list(Family).index)  # each family together
    assert sorted(chooser.ids) == sorted(GAMES)
    assert [family for family, _ in chooser.plan.headings] == list(dict.fromkeys(families))
    # Each heading stands right above its family's first tile.
    for family, heading in chooser.plan.headings:
        first = chooser.plan.tiles[families.index(family)]
        assert (first.x, first.y) == (heading.x, heading.bottom)


# Twenty-six games as the families will hold them, and a file that did not load.
FAMILY_SIZES = dict(zip(Family, (5, 4, 4, 2, 1, 2, 2, 1, 2, 3)))


@pytest.mark.parametrize("window", SIZES)
def test_two_dozen_games_fit_any_window_readable_in_columns(window):
    plan = plan_for(window, list(FAMILY_SIZES.items()), 1)
    assert len(plan.tiles) == 27 and len(plan.headings) == len(Family)
    # Read in order: down a column, then on at the top of the next.
    for before, after in zip(plan.tiles, plan.tiles[1:]):
        assert (after.x, after.y) > (before.x, before.y)
    screen = pygame.Rect((0, 0), window)
    assert plan.size >= 12 and plan.picture_size[1] >= 2 * plan.size
    for i, tile in enumerate(plan.tiles):
        assert screen.left <= tile.left and tile.right <= screen.right
        assert tile.w >= 18 * plan.size
        assert not any(tile.colliderect(other) for other in plan.tiles[i + 1 :])
    if window[0] >= max(1024, window[1]):  # the whole list, in two or more columns
        assert all(plan.area.contains(tile) for tile in plan.tiles)
        assert plan.height <= plan.area.h and len({tile.x for tile in plan.tiles}) > 1
    elif window[0] < 1024:  # a small screen: the list scrolls
        assert plan.height > plan.area.h and plan.blurb_lines == 1


def test_arrows_go_along_and_across_the_columns(app, many):
    chooser = chooser_of(app)
    chooser.select(0)
    send(app, key(pygame.K_DOWN))
    assert chooser.choice == 1
    send(app, key(pygame.K_UP), key(pygame.K_UP))
    assert chooser.choice == len(chooser.ids) - 1  # round the end
    chooser.select(0)
    send(app, key(pygame.K_RIGHT))
    here, there = chooser.plan.tiles[0], chooser.plan.tiles[chooser.choice]
    assert there.x > here.x and abs(there.y - here.y) < there.h
    send(app, key(pygame.K_LEFT))
    assert chooser.choice == 0
    send(app, key(pygame.K_END))
    assert chooser.choice == len(chooser.ids) - 1


def test_a_long_list_scrolls_to_the_selection_and_by_the_wheel(app, monkeypatch):
    register(monkeypatch, 60)  # longer than the test's window holds
    chooser = chooser_of(app)
    assert chooser.plan.height > chooser.plan.area.h
    send(app, key(pygame.K_END))
    app.draw()
    assert chooser.scroll > 0 and chooser.plan.area.contains(chooser.rects[-1])
    # Only the part of a tile in the list's area is shown and answers the mouse.
    assert all(chooser.plan.area.contains(rect) for rect in chooser.rects if rect.h)
    assert any(rect.h < chooser.plan.tiles[0].h for rect in chooser.rects)
    send(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=100, flipped=False))
    app.draw()
    assert chooser.scroll == 0 and chooser.rects[0] == chooser.plan.tiles[0]
    send(app, key(pygame.K_PAGEDOWN))
    assert chooser.scroll > 0
    # A click on a game scrolled into sight opens it (a real game: a copy under a test
    # id cannot be opened, the partner's worker would not find its class).
    last = max(i for i, game_id in enumerate(chooser.ids) if not game_id.startswith("test-"))
    send(app, key(pygame.K_HOME))
    chooser.select(last)
    app.draw()
    click(app, chooser.rects[last].center)
    assert app.table.game_id == chooser.ids[last]


def test_a_click_opens_the_game_of_its_tile(app):
    chooser = chooser_of(app)
    click(app, chooser.rects[chooser.ids.index("spider")].center)
    assert app.table.game_id == "spider"


def test_each_picture_is_made_between_frames_once_and_shows_its_deal(app, many, monkeypatch):
    monkeypatch.setattr(layout_pictures, "_kept", {})  # none kept by an earlier test
    chooser = chooser_of(app)
    size = chooser.plan.picture_size
    waiting = len(chooser.waiting())
    assert chooser.busy and waiting == len(GAMES)  # none on the first frame
    assert chooser.update(1 / 60) and len(chooser.waiting()) == waiting - 1
    assert not chooser.update(1 / 60)  # one a frame
    while chooser.busy:
        chooser.update(1 / 60)
        assert len(chooser.draw_changes(app.window.surface)) == 1
    assert chooser.next_wakeup() >= 60  # then idle
    picture = layout_pictures.kept(GAMES["klondike"], size, app.look)
    colours = {tuple(picture.get_at((x, y)))[:3] for x in range(size[0]) for y in range(size[1])}
    assert any(min(colour) > 230 for colour in colours)  # cards face up: white
    assert any(blue > red + 80 for red, _, blue in colours)  # and face down: the blue back
    assert not chooser_of(app).waiting()  # kept for the next time the chooser opens


def test_each_tile_says_the_games_last_result(app, monkeypatch):
    drawn = []
    real = chooser_module.text_fitted

    def text_fitted(surface, words, *args, **kwargs):
        drawn.append(words)
        return real(surface, words, *args, **kwargs)

    monkeypatch.setattr(chooser_module, "text_fitted", text_fitted)
    monkeypatch.setattr(app, "last_result", lambda game_id: f"won, {game_id}")
    chooser_of(app)
    assert {f"Last game: won, {game_id}" for game_id in GAMES} <= set(drawn)
