"""Card faces kept on disk between launches.

Drawing the 52 faces is the largest part of the first frame (about 30 ms at 1920x1080);
reading them back takes about 2 ms. The file holds the faces' pixels exactly as they lie
in memory, so they are read straight into one surface with no copy and no conversion
(reading and converting an image would cost as much memory again at launch). A file's
name carries the card size, the colour scheme, the pixel format and a fingerprint of the
drawing code and of pygame, so a change to any of them draws the faces afresh. A file
that does not read back whole is ignored and written again: the cache can only ever cost
a redraw.
"""

from __future__ import annotations

import zlib
from functools import cache
from pathlib import Path

import pygame

from ..storage import BackgroundWriter
from . import card_art
from .card_art import SUITS, CardArt

ORDER = tuple((rank, suit) for suit in SUITS for rank in range(1, 14))
KEEP = 4  # files kept: a player who switches between a window and full screen has two sizes
CACHE = "cache"  # the writer's name for these writes, whose failures nobody is told of


@cache
def _code_fingerprint() -> str | None:
    try:
        source = Path(card_art.__file__).read_bytes()
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
            read = file.readinto(pixels)
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
    unless they are on disk already, and remove all but the newest few files."""
    pixel = _pixel_format()
    path = _path(folder, art, pixel)
    if path is None or path.exists():
        return
    faces = [art.face(rank, suit) for rank, suit in ORDER]
    if not all(_unpadded(face) and face.get_masks() == pixel.get_masks() for face in faces):
        return  # not in the layout a sheet has: nothing that would read back
    try:
        kept = sorted(path.parent.glob("faces-*.raw"), key=lambda p: p.stat().st_mtime)
        for old in kept[: max(0, len(kept) - KEEP + 1)]:
            old.unlink()
    except OSError:
        pass  # a read-only folder: the write will fail quietly too
    # A copy of the pixels (a few megabytes, face by face), written by the writer's
    # thread: a full or read-only disk only means the faces are drawn again next time.
    writer.submit(CACHE, path, [face.get_view("0").raw for face in faces])
