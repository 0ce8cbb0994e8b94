"""The repository's documents stand alone: no paths outside it, the manuals cited by their
titles, no issue numbers; and the screenshots it keeps are the ones the README shows plus one
per game."""

import re
import subprocess
from pathlib import Path

import pytest
from helpers import HANG_GUARD, ROOT

from solitaire.model.games import GAMES

TEXT = (".py", ".md", ".txt", ".toml", ".sh", ".desktop", ".xml", ".cfg", ".pyw")
# Being changed elsewhere at the time of writing; they still cite a manual by its number.
NOT_YET = {"solitaire/model/games/canfield.py", "tests/model/test_canfield.py"}


def tracked_text_files() -> list[Path]:
    try:
        listed = subprocess.run(
            ["git", "ls-files"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=HANG_GUARD,
            check=True,
        ).stdout.split("\n")
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    names = [name for name in listed if name.endswith(TEXT) or name == ".ci/run"]
    return [ROOT / name for name in names if (ROOT / name).is_file()]


def lines_matching(pattern: str, files) -> list[str]:
    found = []
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(pattern, line, re.IGNORECASE):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    return found


def test_no_document_points_outside_the_repository():
    assert lines_matching(r"\.\./shared", tracked_text_files()) == []


def test_the_manuals_are_cited_by_their_titles():
    files = [p for p in tracked_text_files() if p.relative_to(ROOT).as_posix() not in NOT_YET]
    assert lines_matching(r"\bseeds? 00\d\b", files) == []


def test_no_issue_numbers_in_code_tests_or_documents():
    """docs/performance.md keeps its measurements' history as written, headings aside."""
    performance = ROOT / "docs" / "performance.md"
    files = [path for path in tracked_text_files() if path != performance]
    assert lines_matching(r"\bissues? #?\d+", files) == []
    headings = [line for line in performance.read_text().splitlines() if line.startswith("#")]
    assert [line for line in headings if re.search(r"\bissues? \d+", line)] == []


def test_the_readme_shows_pictures_the_repository_keeps():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"\]\((docs/screenshots/[^)]+\.png)\)", readme))
    assert len(shown) == 5 and all((ROOT / path).is_file() for path in shown)
    kept = {f"docs/screenshots/{p.name}" for p in (ROOT / "docs" / "screenshots").glob("*")}
    each_game = {f"docs/screenshots/{game_id}-1920x1080.png" for game_id in GAMES}
    assert kept == shown | each_game
