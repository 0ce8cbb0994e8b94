"""Card faces kept on disk: they come back pixel for pixel, and a bad file costs only a redraw."""

import ast
import sys
from pathlib import Path

import pygame
import pytest

from solitaire.storage.files import BackgroundWriter
from solitaire.ui.art import face_cache
from solitaire.ui.art.card_art import CardArt
from solitaire.ui.library import Library, cache_path


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


def test_the_fingerprint_covers_every_module_the_faces_are_drawn_with():
    """card_art and every module of its folder that it imports, directly or not."""
    folder = Path(face_cache.__file__).parent
    reached, waiting = set(), ["card_art"]
    while waiting:
        name = waiting.pop()
        if name in reached:
            continue
        reached.add(name)
        for node in ast.walk(ast.parse((folder / f"{name}.py").read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 1:  # from .x or from .
                waiting += [node.module] if node.module else [a.name for a in node.names]
    assert set(face_cache.DRAWING_MODULES) == reached


def test_a_change_to_any_drawing_module_names_another_file(tmp_path, monkeypatch):
    read_bytes = Path.read_bytes
    pixel = face_cache._pixel_format()
    art = CardArt(60, 84)
    names = {face_cache._path(tmp_path, art, pixel)}
    folder = Path(face_cache.__file__).parent
    for name in face_cache.DRAWING_MODULES:
        changed = folder / f"{name}.py"
        monkeypatch.setattr(
            Path,
            "read_bytes",
            lambda path, changed=changed: read_bytes(path) + b"#" * (path == changed),
        )
        face_cache._code_fingerprint.cache_clear()
        names.add(face_cache._path(tmp_path, art, pixel))
    monkeypatch.undo()
    face_cache._code_fingerprint.cache_clear()
    assert len(names) == 1 + len(face_cache.DRAWING_MODULES)


def test_no_data_folder_means_no_cache():
    art = CardArt(60, 84)
    keep(None, art)
    assert not face_cache.restore(None, art)


def test_the_files_kept_stay_within_the_size_bound(tmp_path, monkeypatch):
    one = 60 * 84 * 4 * 52  # bytes of one file at 60x84
    monkeypatch.setattr(face_cache, "MAX_BYTES", 2 * one + one // 2)  # room for two
    keep(tmp_path, CardArt(60, 84))
    keep(tmp_path, CardArt(60, 84, four_color=True))
    keep(tmp_path, CardArt(60, 84, mono=True))
    assert sum(path.stat().st_size for path in tmp_path.glob("faces-*.raw")) <= 2 * one + one // 2
    assert not face_cache.restore(tmp_path, CardArt(60, 84))  # the oldest went first
    assert face_cache.restore(tmp_path, CardArt(60, 84, mono=True))
    keep(tmp_path, CardArt(200, 280))  # larger than the whole bound: never kept
    assert len(list(tmp_path.glob("faces-*.raw"))) == 2


def test_the_cache_folder_is_made_when_first_written(tmp_path):
    folder = tmp_path / "cache" / "Solitaire"
    keep(folder, CardArt(60, 84))
    assert face_cache.restore(folder, CardArt(60, 84))


@pytest.mark.parametrize(
    "system, environment, expected",
    [
        ("linux", {"HOME": "/home/p"}, "/home/p/.cache/Solitaire"),
        ("linux", {"HOME": "/home/p", "XDG_CACHE_HOME": "/fast/cache"}, "/fast/cache/Solitaire"),
        ("linux", {"HOME": "/home/p", "XDG_CACHE_HOME": ""}, "/home/p/.cache/Solitaire"),
        ("linux", {"HOME": "/home/p", "XDG_CACHE_HOME": "rel"}, "/home/p/.cache/Solitaire"),
        ("freebsd14", {"HOME": "/home/p"}, "/home/p/.cache/Solitaire"),
        ("darwin", {"HOME": "/Users/p"}, "/Users/p/Library/Caches/Solitaire"),
        ("win32", {"LOCALAPPDATA": "/c/Local"}, "/c/Local/Solitaire/Cache"),
        ("win32", {"HOME": "/c/Users/p"}, "/c/Users/p/AppData/Local/Solitaire/Cache"),
    ],
)  # fmt: skip
def test_the_cache_is_the_platforms_cache_folder(system, environment, expected):
    assert cache_path(environment, system) == Path(expected)


def test_the_table_keeps_its_faces_after_the_first_frame(tmp_path):
    from solitaire.ui.app import App

    data, cache = tmp_path / "data", tmp_path / "cache"
    data.mkdir()
    app = App(fullscreen=False, size=(800, 600), library=Library(data, cache=cache))
    app.open_game("lucie", 1, None)
    app.table.flights.finish()
    app.step(sleep=False)
    app.library.flush()
    assert len(list(cache.glob("faces-*.raw"))) == 1
    again = App(fullscreen=False, size=(800, 600), library=Library(data, cache=cache))
    again.open_game("lucie", 1, None)
    again.table.flights.finish()
    again.step(sleep=False)
    assert again.table.view.faces_folder is None  # read at the first card drawn
    faces = again.table.view.art._faces
    assert len(faces) == 52 and all(face.get_parent() for face in faces.values())  # one sheet


def test_faces_an_earlier_version_kept_with_the_games_are_removed(tmp_path):
    from solitaire.ui.app import App

    data, cache = tmp_path / "data", tmp_path / "cache"
    data.mkdir()
    keep(data, CardArt(60, 84))  # where earlier versions kept them
    (data / "faces-of-my-own.txt").write_text("not the game's")
    app = App(fullscreen=False, size=(800, 600), library=Library(data, cache=cache))
    app.open_game("lucie", 1, None)
    app.table.flights.finish()
    app.step(sleep=False)
    app.library.flush()
    assert list(data.glob("faces-*.raw")) == [] and (data / "faces-of-my-own.txt").exists()
    assert len(list(cache.glob("faces-*.raw"))) == 1


def test_a_library_opened_for_the_player_keeps_faces_in_the_cache_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(Library, "folder_path", staticmethod(lambda: (tmp_path / "data", None)))
    (tmp_path / "data").mkdir()
    assert Library.open().cache == cache_path()
    if sys.platform.startswith("linux"):
        assert Library.open().cache == tmp_path / "cache" / "Solitaire"
