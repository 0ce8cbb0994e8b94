"""The UI text: a real regular and a real bold face, evenly spaced, and a quiet fallback."""

import pygame
import pytest

from solitaire.ui.art import theme

SIZES = (12, 16, 24, 36, 60)
WORDS = ("Restart", "Hint", "Stats", "Reshuffles", "left", "Options", "Help")


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    theme.forget_fonts()
    yield
    theme.forget_fonts()
    theme.face_files.cache_clear()


def test_regular_and_bold_are_two_real_faces():
    assert theme.face_files() is not None, "the two faces ship in solitaire/fonts"
    regular, bold = theme.font(24), theme.font(24, bold=True)
    assert (regular.style_name, bold.style_name) == ("Regular", "Bold")
    assert regular.name == bold.name == "Fira Sans"


@pytest.mark.parametrize("size", SIZES)
def test_each_face_is_drawn_as_designed(size):
    """No weight made up by pygame: a face set bold draws every word wider ("Restar t")."""
    for bold in (False, True):
        face = theme.font(size, bold)
        plain = pygame.font.Font(theme.face_files()[bold], round(size * theme.FACE_SCALE))
        for word in WORDS:
            assert face.size(word) == plain.size(word), (word, size, bold)


def test_text_keeps_the_size_the_layout_was_made_for():
    """Capitals as tall as the bundled face's at the same size, within a pixel or two."""
    for size in SIZES:
        bundled = pygame.font.Font(None, size).render("H", True, (0, 0, 0))
        ours = theme.font(size).render("H", True, (0, 0, 0))
        tall = bundled.get_bounding_rect().height
        assert abs(ours.get_bounding_rect().height - tall) <= max(1, tall // 10)


def test_wrap_measures_in_the_face_asked_for():
    words = "Reshuffles left " * 6
    width = theme.font(16).size("Reshuffles left Reshuffles")[0]
    regular = theme.wrap(words, 16, width)
    bold = theme.wrap(words, 16, width, bold=True)
    assert all(theme.font(16).size(line)[0] <= width for line in regular)
    assert all(theme.font(16, True).size(line)[0] <= width for line in bold)
    assert len(bold) >= len(regular)


def test_the_faces_travel_with_their_licence():
    """Two faces, not the family: the licence beside them, as the OFL asks."""
    folder = theme.FONT_DIR
    assert sorted(path.name for path in folder.iterdir() if path.suffix == ".ttf") == sorted(
        theme.FACE_FILES.values()
    )
    licence = (folder / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Mozilla Foundation" in licence


def test_without_the_font_files_text_still_draws(monkeypatch, tmp_path):
    monkeypatch.setattr(theme, "FONT_DIR", tmp_path)  # no font files there
    theme.face_files.cache_clear()
    assert theme.face_files() is None
    surface = pygame.Surface((200, 40))
    rect = theme.text(surface, "Restart", 16, (255, 255, 255), (0, 0), bold=True)
    assert rect.width > 0
    # The bundled face is already bold: used as it is for both weights, never made bolder.
    assert theme.font(16, bold=True).size("Restart") == pygame.font.Font(None, 16).size("Restart")


def test_a_damaged_font_file_falls_back_to_the_bundled_face(monkeypatch, tmp_path):
    broken = tmp_path / "broken.ttf"
    broken.write_bytes(b"not a font")
    monkeypatch.setattr(theme, "face_files", lambda: {False: broken, True: broken})
    face = theme.font(20)
    assert face.name == "FreeSans" and face.render("Hint", True, (0, 0, 0)).get_width() > 0
