"""Tests for the in-game help text: each game's own (``Rules.help``) and the common part
(solitaire/ui/help_text.py)."""

import re
import subprocess
import sys

import pytest
from helpers import ROOT

from solitaire.model.games import GAMES
from solitaire.model.table_spec import GameHelp
from solitaire.ui.screens.help_text import BOSS_KEYS, COMMON_KEYS, MOUSE_HELP

HELP = {game_id: cls.help for game_id, cls in GAMES.items()}

COMMON = (
    "Ctrl+Z",
    "Ctrl+Y",
    "Ctrl+R",
    "Ctrl+N",
    "F11",
    "Alt+Enter",
    "M",
    "B",
    "F1",
    "Esc",
    "O",
    "Tab",
)


def key_names(keys):
    """The single keys named in a key list: "1 or S" names 1 and S, "Q then Enter" Q and Enter."""
    names = set()
    for key, _ in keys:
        names.update(part for part in re.split(r",\s*| or | then |\s*/\s*", key) if part)
    return names


def all_lines():
    for game_id, help_ in HELP.items():
        yield f"{game_id} title", GAMES[game_id].title
        for line in help_.mouse:
            yield f"{game_id} mouse", line
        for line in help_.rules:
            yield f"{game_id} rules", line
        for key, what in help_.keys:
            yield f"{game_id} keys", key
            yield f"{game_id} keys", what
    for key, what in COMMON_KEYS:
        yield "common keys", key
        yield "common keys", what
    for line in MOUSE_HELP:
        yield "mouse help", line


def test_every_game_has_help():
    for game_id in GAMES:
        help_ = HELP[game_id]
        assert isinstance(help_, GameHelp)
        assert help_.rules and all(line.strip() for line in help_.rules)
        assert help_.keys and all(key and what for key, what in help_.keys)


def test_every_key_a_game_binds_is_in_its_help():
    for game_id, cls in GAMES.items():
        names = key_names(cls.help.keys) | key_names(COMMON_KEYS)
        spoken = {"Escape": "Esc"}
        missing = [spec for spec in cls.key_actions if spoken.get(spec, spec) not in names]
        assert not missing, f"{game_id}: keys bound but not in its help: {missing}"


def test_some_games_name_their_manual_s_keys():
    assert sum(bool(cls.manual_keys) for cls in GAMES.values()) >= 5


@pytest.mark.parametrize("game_id", list(GAMES))
def test_game_keys_are_documented(game_id):
    names = key_names(HELP[game_id].keys)
    missing = [key for key in GAMES[game_id].manual_keys if key not in names]
    assert not missing, f"{game_id} help lacks keys {missing}"


def test_common_keys():
    names = key_names(COMMON_KEYS)
    missing = [key for key in COMMON if key not in names]
    assert not missing, f"common keys lack {missing}"
    assert "B" in names  # the boss key
    boss = dict(COMMON_KEYS)[BOSS_KEYS].lower()
    assert "boss" in boss


def test_no_key_listed_twice_in_a_list():
    for keys in [COMMON_KEYS, *(help_.keys for help_ in HELP.values())]:
        listed = [key for key, _ in keys]
        assert len(listed) == len(set(listed))


def test_mouse_help():
    assert MOUSE_HELP and all(line.strip() for line in MOUSE_HELP)
    mouse = [*MOUSE_HELP, *(line for help_ in HELP.values() for line in help_.mouse)]
    text = " ".join(mouse).lower()
    for word in ("drag", "click", "right-click", "double-click", "free cell", "hand"):
        assert word in text


def test_lines_are_short_and_plain_ascii():
    for where, line in all_lines():
        assert len(line) <= 400, f"{where}: line of {len(line)} characters"
        assert line.isascii(), f"{where}: non-ASCII text (the font has no suit glyphs): {line!r}"
        assert line == line.strip(), f"{where}: stray spaces in {line!r}"
        assert "  " not in line, f"{where}: double space in {line!r}"


def test_rules_are_short_paragraphs():
    for game_id, help_ in HELP.items():
        assert len(help_.rules) <= 7, f"{game_id}: {len(help_.rules)} paragraphs"
        for line in help_.rules:
            assert len(line.split()) <= 60, f"{game_id}: paragraph too long: {line!r}"
        assert help_.rules[-1].startswith("Tip:"), f"{game_id}: no strategy tip last"


def test_scoring_is_described():
    assert "100" in " ".join(HELP["lucie"].rules)
    assert "52" in " ".join(HELP["lucie"].rules)
    prince = " ".join(HELP["prince"].rules)
    for points in ("+2", "-2", "+1 / -4", "+4 / -1"):
        assert points in prince
    canfield = " ".join(HELP["canfield"].rules)
    for money in ("$50", "$5", "$500"):
        assert money in canfield


def test_help_is_immutable():
    with pytest.raises(AttributeError):
        HELP["lucie"].rules = ()  # type: ignore[misc]


def test_help_text_does_not_import_pygame():
    code = (
        "import sys, solitaire.ui.screens.help_text, solitaire.model.games;"
        " print('pygame' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "False"
