"""Card faces kept on disk between launches.

Drawing the 52 faces is the largest part of the first frame (about 30 ms at 1920x1080);
reading them back takes about 2 ms. The file holds the faces' pixels exactly as they lie
in memory, so they are read straight into one surface with no copy and no conversion
(reading and converting an image would cost as much memory again at launch). A file's
name carries the card size, the colour scheme, the pixel format and a fingerprint of the
drawing code (DRAWING_MODULES) and of pygame, so a change to any of them draws the faces
afresh. A file that does not read back whole is ignored and written again: the cache can
only ever cost a redraw.

The files live in the platform's cache folder (solitaire/ui/library.py's cache_path), not
with the player's games: they can be remade at any time, so backups and synchronised
folders need not carry their megabytes (some 6 MB each at 1920x1080). At most KEEP files
and MAX_BYTES in all are kept, the oldest removed first. Earlier versions kept them in the
data folder: the first keep after an update removes those (remove_old).
"""

from __future__ import annotations

import zlib
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, cast

import pygame

from ...storage.files import BackgroundWriter
from .card_art import CardArt
from .suits import SUITS

if TYPE_CHECKING:
    from typing_extensions import Buffer  # collections.abc's from Python 3.12

ORDER = tuple((rank, suit) for suit in SUITS for rank in range(1, 14))
KEEP = 4  # files kept: a player who switches between a window and full screen has two sizes
MAX_BYTES = 64 << 20  # and at most this much in all (a 4K screen's faces are some 25 MB)
PATTERN = "faces-*.raw"
CACHE = "cache"  # the writer's name for these writes, whose failures nobody is told of
# The modules of this folder the faces' pixels come from, whose source the fingerprint covers:
# card_art and all it imports from here, directly or not (tests/test_face_cache.py checks).
# A frozen build must ship their sources beside its compiled modules, or it always draws.
DRAWING_MODULES = (
    "card_art",
    "card_backs",
    "card_faces",
    "card_geometry",
    "colours",
    "court_attributes",
    "court_figures",
    "court_garments",
    "court_heads",
    "court_pen",
    "drawing",
    "outlines",
    "suits",
)


@cache
def _code_fingerprint() -> str | None:
    try:
        folder = Path(__file__).parent
        source = b"".join((folder / f"{name}.py").read_bytes() for name in DRAWING_MODULES)
    except OSError:
        return None  # a frozen build ships no source to fingerprint: always draw
    return f"{zlib.crc32(source + pygame.version.ver.encode()):08x}"


def _pixel_format() -> pygame.Surface:
    """A one-pixel surface in the faces' pixel format (the screen's, with alpha)."""
    probe = pygame.Surface((1, 1), pygame.SRCALPHA)
    return probe.convert_alpha() if pygame.display.get_surface() is not None else probe


def _unpadded(surface: pygame.Surface) -> bool:
    """Rows without padding: the pixels are one run of bytes, as the file holds them."""
    return surface.get_pitch() == surface.get_width() * surface.get_bytesize()


def _path(folder: Path | None, art: CardArt, pixel: pygame.Surface) -> Path | None:
    code = _code_fingerprint()
    if folder is None or code is None:
        return None
    # crc32, not hashlib: the fingerprint only has to notice a change, and hashlib would
    # load OpenSSL (3 MiB) into the launch.
    layout = zlib.crc32(f"{code}{pixel.get_bitsize()}{pixel.get_masks()}".encode())
    scheme = "mono" if art.mono else "four" if art.four_color else "two"
    name = f"faces-{art.width}x{art.height}-{scheme}-{layout:08x}"
    return Path(folder) / f"{name}.raw"


def restore(folder: Path | None, art: CardArt) -> bool:
    """Give ``art`` the faces kept from an earlier launch; False if there are none."""
    pixel = _pixel_format()
    path = _path(folder, art, pixel)
    if path is None or not path.is_file():  # a device or a FIFO there would block the start
        return False
    # Made in the faces' format at once: no second full-size surface to convert from.
    sheet = pygame.Surface((art.width, art.height * len(ORDER)), pygame.SRCALPHA, pixel)
    size = sheet.get_pitch() * sheet.get_height()
    try:
        with path.open("rb") as file:
            if file.seek(0, 2) != size or not _unpadded(sheet):
                return False  # cut short or not ours: drawn as if there were no file
            file.seek(0)
            pixels = sheet.get_view("0")
            # A BufferProxy has the buffer protocol; pygame-ce's stubs say so from 3.12 only.
            read = file.readinto(cast("Buffer", pixels))
            del pixels  # the surface stays locked while a view of it exists
    except OSError:
        return False
    if read != size:
        return False
    height = art.height
    art.adopt_faces(
        {card: sheet.subsurface((0, i * height, art.width, height)) for i, card in enumerate(ORDER)}
    )
    return True


def keep(folder: Path | None, art: CardArt, writer: BackgroundWriter) -> None:
    """Hand ``art``'s faces to ``writer`` for the next launch (drawing any not drawn yet)
    unless they are on disk already, and make room for them: the oldest files go first,
    until at most KEEP files and MAX_BYTES remain with the new one."""
    pixel = _pixel_format()
    path = _path(folder, art, pixel)
    if path is None or path.exists():
        return
    faces = [art.face(rank, suit) for rank, suit in ORDER]
    if not all(_unpadded(face) and face.get_masks() == pixel.get_masks() for face in faces):
        return  # not in the layout a sheet has: nothing that would read back
    size = sum(face.get_pitch() * face.get_height() for face in faces)
    if size > MAX_BYTES:
        return  # cards this large are drawn every time
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        make_room(path.parent, KEEP - 1, MAX_BYTES - size)
    except OSError:
        pass  # a read-only folder: the write will fail quietly too
    # A copy of the pixels (a few megabytes, face by face), written by the writer's
    # thread: a full or read-only disk only means the faces are drawn again next time.
    writer.submit(CACHE, path, [face.get_view("0").raw for face in faces])


def make_room(folder: Path, files: int, room: int) -> None:
    """Remove the oldest kept faces until at most ``files`` files of ``room`` bytes in all
    are left."""
    kept = []
    for path in folder.glob(PATTERN):
        try:
            status = path.stat()
        except OSError:
            continue  # removed meanwhile (by another copy of the game)
        kept.append((status.st_mtime, status.st_size, path))
    kept.sort()
    total = sum(size for _, size, _ in kept)
    while kept and (len(kept) > files or total > room):
        _, size, oldest = kept.pop(0)
        oldest.unlink(missing_ok=True)
        total -= size


def remove_old(data_folder: Path | None) -> None:
    """Remove the faces earlier versions kept in the player's data folder."""
    if data_folder is None:
        return
    try:
        for path in Path(data_folder).glob(PATTERN):
            path.unlink(missing_ok=True)
    except OSError:
        pass  # a read-only data folder: they stay, unused
