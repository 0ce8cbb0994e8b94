"""A game is one file: every game's definition is complete, the table and the command
line know no game by name, and a game file dropped into the games folder is a game."""

import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pygame
import pytest
from helpers import HANG_GUARD, ROOT

from solitaire.model.games import BROKEN, GAMES, definition_problems, make_rules
from solitaire.model.vocabulary import Action
from solitaire.solver.solve import search_class
from solitaire.ui.table import actions


def test_every_game_file_loads():
    assert not BROKEN
    games = ROOT / "solitaire" / "model" / "games"
    files = {path.stem for path in games.glob("*.py") if path.stem != "__init__"}
    assert files and files <= {cls.__module__.rsplit(".", 1)[-1] for cls in GAMES.values()}


def test_no_game_id_is_named_outside_the_game_files():
    ids = "|".join(map(re.escape, GAMES))
    literal = re.compile(rf"""['"]({ids})['"]""")
    games = ROOT / "solitaire" / "model" / "games"
    places = [
        path for path in sorted((ROOT / "solitaire").rglob("*.py")) if games not in path.parents
    ]
    found = [
        f"{path.name}:{number}: {line.strip()}"
        for path in places
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if literal.search(line)
    ]
    assert not found, found


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_arrangement_places_every_pile_once_inside_the_table(game_id):
    rules = make_rules(game_id)
    arrangement = rules.arrangement()
    piles = [slot.pile for slot in arrangement.slots]
    assert sorted(piles) == sorted(rules.roles), game_id
    margin = 0.35  # the felt round the table (ui/layout.py): a long fan may reach into it
    for slot in arrangement.slots:
        left = slot.x - (slot.reach if slot.spread == "left" else 0)
        right = slot.x + 1 + (slot.reach if slot.spread in ("right", "waste") else 0)
        assert -margin <= left and right <= arrangement.width + margin, slot
        assert 0 <= slot.x and slot.x + 1 <= arrangement.width + 1e-9, slot
        assert 0 <= slot.y and slot.y + 1.4 <= arrangement.height + 1e-9, slot


@pytest.mark.parametrize("game_id", list(GAMES))
def test_buttons_and_keys_name_known_actions(app, game_id):
    app.open_game(game_id, 1)
    table = app.table
    rules = table.rules
    assert definition_problems(type(rules)) == []
    assert set(actions.plain_actions(table)) == set(Action)  # the table does every one
    for spec in rules.key_actions:
        assert actions.parse_key(spec)[0] != pygame.K_UNKNOWN, spec
    assert rules.help.rules and rules.help.keys
    assert search_class(rules) is not None  # the solver it names exists


def copy_of_the_program(tmp_path: Path) -> Path:
    checkout = tmp_path / "checkout"
    shutil.copytree(
        ROOT / "solitaire", checkout / "solitaire", ignore=shutil.ignore_patterns("__pycache__")
    )
    shutil.copy(ROOT / "main.py", checkout / "main.py")
    for folder in ("sounds", "sprites"):
        shutil.copytree(ROOT / folder, checkout / folder)
    return checkout


TABLE_CHECK = textwrap.dedent("""
    import os, sys
    os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
    from pathlib import Path
    import pygame
    from solitaire.ui.app import App
    from solitaire.ui.screens.chooser import Chooser
    from solitaire.ui.library import Library
    from solitaire.ui.screens.help_screen import HelpOverlay

    import random
    random.seed(game_id := sys.argv[1])  # the chooser deals a random deal: this one, always
    app = App(fullscreen=False, size=(1280, 800), library=Library(Path(sys.argv[2])))
    app.open_chooser()
    app.draw()
    number = app.screen.ids.index(game_id)
    app.screen.select(number)  # scrolled into sight where the list is long
    app.draw()
    rect = app.screen.rects[number]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    app.step(sleep=False)
    table = app.table
    assert table is not None and table.rules.game_id == game_id
    table.flights.finish()
    app.step(sleep=False)
    before = table.game.moves_made
    move = next(m for m in table.legal_moves() if m.kind.value == "move")
    assert table.play(move)
    assert table.game.moves_made == before + 1
    app.open_help()
    assert isinstance(app.overlays[-1], HelpOverlay)
    app.draw()
    print("table ok", table.rules.title, len(table.bar.buttons))
    """)


@pytest.mark.parametrize(
    "original, module", [("Vierfrei", "vierfrei"), ("BeleagueredCastle", "castle")]
)
def test_a_copied_game_file_is_a_complete_game(tmp_path, original, module):
    """A game's file copied under a new id and class name, and nothing else changed."""
    checkout = copy_of_the_program(tmp_path)
    games = checkout / "solitaire" / "model" / "games"
    source = (games / f"{module}.py").read_text()
    old_id = re.search(r'game_id = "(\w+)"', source).group(1)
    copy = source.replace(f"class {original}(", "class CopiedGame(").replace(
        f'game_id = "{old_id}"', 'game_id = "copied"'
    )
    (games / "copied.py").write_text(copy)

    def run(*args, check=True):
        result = subprocess.run(
            [sys.executable, *args],
            cwd=checkout,
            capture_output=True,
            text=True,
            timeout=HANG_GUARD,
            check=False,
        )
        assert not check or result.returncode == 0, result.stderr
        return result

    shown = run("main.py", "--game", "copied", "--deal", "3", "--show").stdout
    assert shown == run("main.py", "--game", old_id, "--deal", "3", "--show").stdout
    assert "copied" in run("main.py", "--help").stdout
    solved = run(
        "main.py", "--game", "copied", "--deal", "2", "--solve", "--max-seconds", "5", check=False
    )
    assert solved.returncode in (0, 1, 3) and "Traceback" not in solved.stderr, solved.stderr
    assert solved.stdout.strip()
    (checkout / "check_table.py").write_text(TABLE_CHECK)
    checked = run("check_table.py", "copied", str(tmp_path / "data"))
    assert "table ok" in checked.stdout


def test_a_broken_game_file_leaves_the_other_games_playing(tmp_path):
    checkout = copy_of_the_program(tmp_path)
    (checkout / "solitaire" / "model" / "games" / "broken.py").write_text("this is not python\n")
    result = subprocess.run(
        [sys.executable, "main.py", "--game", "vierfrei", "--deal", "1", "--show"],
        cwd=checkout,
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
        check=False,
    )
    assert result.returncode == 0 and result.stdout.startswith(": JD KD 2S 4C 3S 6D 6S")
    # It is named, with its reason, where a player or a game's author looks.
    shown = subprocess.run(
        [sys.executable, "main.py", "--help"],
        cwd=checkout,
        capture_output=True,
        text=True,
        check=False,
    )
    assert "broken.py: line 1 (this is not python): NameError" in shown.stdout
    asked = subprocess.run(
        [sys.executable, "main.py", "--game", "broken", "--show"],
        cwd=checkout,
        capture_output=True,
        text=True,
        check=False,
    )
    assert asked.returncode == 2 and "game 'broken' did not load: broken.py" in asked.stderr
    assert "Traceback" not in asked.stderr
