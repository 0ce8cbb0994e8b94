"""Card faces kept on disk: they come back pixel for pixel, and a bad file costs only a redraw."""

import pygame
import pytest

from solitaire.storage import BackgroundWriter
from solitaire.ui import face_cache
from solitaire.ui.card_art import CardArt
from solitaire.ui.library import Library


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    pygame.display.set_mode((320, 240))
    yield
    pygame.quit()


def keep(folder, art):
    """Keep the faces as the table does, by the writer's thread, and wait for the write."""
    writer = BackgroundWriter()
    face_cache.keep(folder, art, writer)
    writer.flush()


def pixels(surface):
    return pygame.image.tobytes(surface, "RGBA")


def test_kept_faces_come_back_identical(tmp_path):
    drawn = CardArt(60, 84)
    keep(tmp_path, drawn)
    restored = CardArt(60, 84)
    assert face_cache.restore(tmp_path, restored)
    for rank, suit in face_cache.ORDER:
        assert pixels(restored._faces[rank, suit]) == pixels(drawn.face(rank, suit))


def test_each_size_and_scheme_has_its_own_file(tmp_path):
    keep(tmp_path, CardArt(60, 84))
    assert not face_cache.restore(tmp_path, CardArt(61, 85))
    assert not face_cache.restore(tmp_path, CardArt(60, 84, four_color=True))
    assert face_cache.restore(tmp_path, CardArt(60, 84))


def test_a_damaged_file_is_ignored_and_written_again(tmp_path):
    keep(tmp_path, CardArt(60, 84))
    (path,) = tmp_path.glob("faces-*.raw")
    path.write_bytes(path.read_bytes()[:1000])
    art = CardArt(60, 84)
    assert not face_cache.restore(tmp_path, art)
    assert art.face(13, "H").get_size() == (60, 84)  # drawn as if there were no file
    path.unlink()
    keep(tmp_path, art)
    assert face_cache.restore(tmp_path, CardArt(60, 84))


def test_only_the_newest_files_are_kept(tmp_path):
    for width in range(40, 40 + face_cache.KEEP + 2):
        keep(tmp_path, CardArt(width, 60))
    assert len(list(tmp_path.glob("faces-*.raw"))) == face_cache.KEEP


def test_no_data_folder_means_no_cache():
    art = CardArt(60, 84)
    keep(None, art)
    assert not face_cache.restore(None, art)


def test_the_table_keeps_its_faces_after_the_first_frame(tmp_path):
    from solitaire.ui.app import App

    app = App(fullscreen=False, size=(800, 600), library=Library(tmp_path))
    app.open_game("lucie", 1, None)
    app.table.flights.finish()
    app.step(sleep=False)
    app.library.flush()
    assert len(list(tmp_path.glob("faces-*.raw"))) == 1
    again = App(fullscreen=False, size=(800, 600), library=Library(tmp_path))
    again.open_game("lucie", 1, None)
    again.table.flights.finish()
    again.step(sleep=False)
    assert again.table.view.faces_folder is None  # read at the first card drawn
    faces = again.table.view.art._faces
    assert len(faces) == 52 and all(face.get_parent() for face in faces.values())  # one sheet
