"""The words a game's definition speaks in are checked: a misspelt one is an error that
names the game, the attribute and the words there are, and a game file that fails to load
is named with its reason by --help, by --game and in the chooser."""

import io
import sys
import textwrap

import pygame
import pytest
from table_driver import click, motion, send

from solitaire import cli
from solitaire.model import games
from solitaire.model.games import BROKEN, GAMES, definition_problems, make_rules
from solitaire.model.games.castle import BeleagueredCastle
from solitaire.model.table_spec import Arrangement, GameButton, Slot
from solitaire.model.vocabulary import DoubleClick, RightClick, Role, Spread
from solitaire.ui.app import App
from solitaire.ui.library import Library
from solitaire.ui.screens import chooser as chooser_module
from solitaire.ui.screens.chooser import Chooser


def test_a_misspelt_member_names_the_words_there_are():
    with pytest.raises(AttributeError, match=r"RightClick has no word 'CELL'.*cancel, cells"):
        RightClick.CELL  # noqa: B018 - the lookup is what fails


def test_a_word_is_its_string():
    assert Spread.DOWN == "down" and f"{Role.TABLEAU}" == "tableau"
    assert make_rules("vierfrei").roles["t1"] is Role.TABLEAU


def _castle(**attributes) -> type:
    return type("Misspelt", (BeleagueredCastle,), {"game_id": "misspelt", **attributes})


@pytest.mark.parametrize(
    "attributes, said",
    [
        (
            {"right_click": "cell"},
            "right_click is 'cell', not one of the RightClick words: cancel,",
        ),
        ({"double_click": "home_or_cel"}, "double_click is 'home_or_cel'"),
        ({"typing": ""}, "typing is '', not one of the Typing words: notation, card, codes"),
        ({"build": "suits"}, "build is 'suits', not one of the Build words: suit, alternate, rank"),
        ({"refusal_sound": "beep"}, "refusal_sound is 'beep', not one of the RefusalSound words"),
        ({"family": "castle"}, "family is 'castle', not one of the Family words: freecells,"),
        ({"key_actions": {"F2": "quit_men"}}, "key_actions['F2'] is 'quit_men', not one of"),
        ({"key_actions": {"N": "play:turnn"}}, "'turnn' is not a kind of move"),
        ({"key_actions": {"R": "next_option:mode"}}, "'mode' is not a choice option (none)"),
        ({"typed_words": {"S": "shout:hello"}}, "'shout' is not one of: play, say, next_option"),
        ({"buttons": (GameButton("Go", "new", enabled_by="move"),)}, "not a MoveKind"),
        (
            {"arrangement": lambda self: Arrangement((Slot("t1", 0, 0, spread="dwon"),), 9, 9)},
            "the spread of pile t1 is 'dwon', not one of the Spread words: none, down,",
        ),
        (
            {"layout_roles": lambda self: {"tablaeu": self.tableau}},
            "a role in layout_roles() is 'tablaeu', not one of the Role words: tableau,",
        ),
        (
            {"arrangement": lambda self: Arrangement((Slot("t9", 0, 0),), 9, 9)},
            "arrangement() places 't9', not one of its piles: t1, t2,",
        ),
        ({"codes": {"1": "t1", "9": "t9"}}, "codes['9'] is 't9', not one of its piles: t1,"),
        ({"breakdown_option": "sequence"}, "breakdown_option is 'sequence', not a choice option"),
        ({"solver": "castel"}, "solver is 'castel', not a module of solitaire.solver: canfield,"),
    ],
)
def test_a_misspelt_word_is_told_with_its_attribute_and_the_words(attributes, said):
    problems = definition_problems(_castle(**attributes))
    assert problems and said in problems[0], problems


def test_every_game_speaks_only_known_words():
    for cls in GAMES.values():
        assert definition_problems(cls) == [], cls.game_id
    assert definition_problems(_castle(double_click=DoubleClick.TYPED)) == []


# ------------------------------------------------------------------ game files that fail
BROKEN_FILES = {
    "zz_syntax.py": "def deal(:\n",
    "zz_member.py": """
        from ..rules import Rules
        from ..vocabulary import RightClick


        class Member(Rules):
            game_id = "member"
            right_click = RightClick.CELL
        """,
    "zz_word.py": """
        from .castle import BeleagueredCastle


        class Word(BeleagueredCastle):
            game_id = "word"
            title = "A misspelt word"
            double_click = "home_or_cel"
        """,
    "zz_raises.py": """
        raise RuntimeError("the deal table is missing")
        """,
}


@pytest.fixture
def broken_files(monkeypatch, tmp_path):
    """The game files above beside the real ones, found as the registry finds games; the
    registry's BROKEN then holds them (the real games still load)."""
    folder = tmp_path / "more_games"
    folder.mkdir()
    for name, source in BROKEN_FILES.items():
        (folder / name).write_text(textwrap.dedent(source).lstrip())
    monkeypatch.setattr(games, "__path__", [*games.__path__, str(folder)])
    try:
        found, broken = games._discover()
    finally:
        for name in BROKEN_FILES:
            sys.modules.pop(f"{games.__name__}.{name[:-3]}", None)
    assert found == GAMES  # the other games are untouched
    for file, entry in broken.items():
        monkeypatch.setitem(BROKEN, file, entry)
    return broken


def test_each_failing_file_is_named_with_its_reason(broken_files):
    reasons = {file: str(entry) for file, entry in broken_files.items()}
    assert set(reasons) == set(BROKEN_FILES)
    assert "line 1: SyntaxError" in reasons["zz_syntax.py"]
    assert "line 7 (right_click = RightClick.CELL)" in reasons["zz_member.py"]
    assert "its words: cancel, cells" in reasons["zz_member.py"]
    word = reasons["zz_word.py"]
    assert word.startswith("zz_word.py (game 'word'): Word: double_click is 'home_or_cel'")
    assert "home, home_or_cell, typed" in word
    assert "RuntimeError: the deal table is missing" in reasons["zz_raises.py"]


def test_help_names_each_failing_file(broken_files, capsys):
    with pytest.raises(SystemExit) as ended:
        cli.main(["--help"])
    assert ended.value.code == 0
    shown = " ".join(capsys.readouterr().out.split())
    assert "game files that failed to load (left out):" in shown
    for entry in broken_files.values():
        assert " ".join(str(entry).split()) in shown


@pytest.mark.parametrize(
    "asked, said",
    [
        ("word", "game 'word' did not load: zz_word.py (game 'word'): Word: double_click is"),
        ("zz_member", "game 'zz_member' did not load: zz_member.py: line 7"),
        ("zz_syntax", "game 'zz_syntax' did not load: zz_syntax.py: line 1: SyntaxError"),
        ("nosuch", "not loaded: zz_member.py, zz_raises.py, zz_syntax.py, zz_word.py"),
    ],
)
def test_game_names_a_failing_file_and_exits_2(broken_files, asked, said):
    out, err = io.StringIO(), io.StringIO()
    assert cli.run(["--game", asked, "--show"], out, err) == 2
    assert said in err.getvalue() and "Traceback" not in err.getvalue()
    assert out.getvalue() == ""
    # The window's launch checks the game first, the same way.
    assert cli.play(["--game", asked], err=err) == 2


def test_the_chooser_greys_each_failing_file_with_its_reason(broken_files, monkeypatch, tmp_path):
    drawn = []
    real_text, real_fitted = chooser_module.text, chooser_module.text_fitted

    def text(surface, words, *args, **kwargs):
        drawn.append(words)
        return real_text(surface, words, *args, **kwargs)

    def text_fitted(surface, words, *args, **kwargs):
        drawn.append(words)
        return real_fitted(surface, words, *args, **kwargs)

    monkeypatch.setattr(chooser_module, "text", text)
    monkeypatch.setattr(chooser_module, "text_fitted", text_fitted)
    app = App(fullscreen=False, size=(1280, 800), library=Library(tmp_path))
    try:
        app.open_chooser()
        app.draw()
        chooser = app.screen
        assert isinstance(chooser, Chooser) and sorted(chooser.ids) == sorted(GAMES)
        assert len(chooser.broken_rects) == len(broken_files)
        screen = pygame.Rect((0, 0), app.window.size)
        for rect in chooser.broken_rects:
            assert screen.contains(rect)
            assert not any(rect.colliderect(tile) for tile in chooser.rects)
        said = " ".join(drawn)
        for file in broken_files:
            assert f"{file}: did not load" in drawn
        assert "double_click is 'home_or_cel'" in said
        assert "RuntimeError: the deal table is missing" in said
        # A greyed tile is never chosen: hovering leaves the choice, a click opens nothing.
        choice = chooser.choice
        word = list(broken_files).index("zz_word.py")
        target = chooser.broken_rects[word].center
        send(app, motion(target))
        assert chooser.choice == choice
        click(app, target)
        assert app.screen is chooser and app.table is None
        # The games themselves still open from their tiles.
        click(app, chooser.rects[0].center)
        assert app.table is not None and app.table.rules.game_id == chooser.ids[0]
    finally:
        pygame.quit()
