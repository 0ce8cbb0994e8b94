"""Colours and text for the screens around the cards, in colour or black and white."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pygame


@dataclass(frozen=True)
class Theme:
    text: tuple
    dim_text: tuple
    bar: tuple  # the button and status bars
    button: tuple
    button_hover: tuple
    button_off: tuple
    accent: tuple  # selected things, the card finder's arrow
    panel: tuple  # dialogs
    panel_edge: tuple
    shade: tuple  # multiplies the table behind a dialog, to darken it


COLOUR = Theme(
    text=(245, 242, 230),
    dim_text=(175, 185, 170),
    bar=(12, 38, 24),
    button=(34, 78, 52),
    button_hover=(52, 112, 76),
    button_off=(28, 52, 38),
    accent=(255, 206, 64),
    panel=(22, 44, 34),
    panel_edge=(212, 178, 92),
    shade=(105, 105, 105),
)
MONO = Theme(
    text=(255, 255, 255),
    dim_text=(190, 190, 190),
    bar=(0, 0, 0),
    button=(60, 60, 60),
    button_hover=(110, 110, 110),
    button_off=(35, 35, 35),
    accent=(255, 255, 255),
    panel=(20, 20, 20),
    panel_edge=(255, 255, 255),
    shade=(85, 85, 85),
)

# The UI's text faces: Fira Sans 4.203 (SIL Open Font Licence 1.1, solitaire/fonts/OFL.txt), a
# real regular and a real bold, shipped in the package's fonts/ folder. pygame's bundled face is
# a bold face only, and making it bolder with set_bold() smears the letters apart ("Restar t").
# Without the files the text falls back to the bundled face, the same for both weights.
FONT_DIR = Path(__file__).resolve().parents[2] / "fonts"  # solitaire/fonts
FACE_FILES = {False: "FiraSans-Regular.ttf", True: "FiraSans-Bold.ttf"}
# Callers ask for sizes measured in pygame's bundled face, whose capitals at size N are as tall
# as Fira Sans capitals at 0.71 N points: text keeps the size the layout was made for.
FACE_SCALE = 0.71

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
# Words rendered before, by (words, size, bold, colour): the bars and dialogs draw the same
# words frame after frame, and rendering text is the dearest part of a frame that shows
# them. The newest are kept (a dict keeps its order: the oldest go first), up to a size in
# bytes: a status line at 4K is some 800 KB, and the clock makes a new one every second.
_rendered: dict[tuple, pygame.Surface] = {}
_rendered_bytes = [0]
RENDERED_BYTES = 3 << 20


def forget_fonts() -> None:
    """Fonts die with pygame.quit(); a new start must make new ones."""
    _fonts.clear()
    _rendered.clear()
    _rendered_bytes[0] = 0


@cache
def face_files() -> dict[bool, Path] | None:
    """The regular (False) and bold (True) font files, or None where they are missing."""
    files = {bold: FONT_DIR / name for bold, name in FACE_FILES.items()}
    return files if all(path.is_file() for path in files.values()) else None


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The regular or bold UI face at ``size`` (in the bundled face's measure), cached."""
    key = (max(8, size), bold)
    if key not in _fonts:
        _fonts[key] = _load_font(*key)
    return _fonts[key]


def _load_font(size: int, bold: bool) -> pygame.font.Font:
    files = face_files()
    if files is not None:
        try:
            face = pygame.font.Font(files[bold], round(size * FACE_SCALE))
            face.size("Hg")  # pygame opens a file that is no font and fails only on use
            return face
        except (OSError, pygame.error):
            pass  # a damaged file: the bundled face still reads well
    return pygame.font.Font(None, size)


def text(
    surface: pygame.Surface,
    words: str,
    size: int,
    colour,
    pos,
    anchor: str = "topleft",
    bold: bool = False,
) -> pygame.Rect:
    """Draw ``words`` with its ``anchor`` point (a Rect attribute name) at ``pos``."""
    image = rendered(words, size, colour, bold)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def rendered(words: str, size: int, colour, bold: bool = False) -> pygame.Surface:
    """The image of ``words``, rendered once and reused until it is among the oldest."""
    key = (words, size, bold, tuple(colour))
    image = _rendered.pop(key, None)  # taken out and put back: now the newest
    if image is None:
        image = font(size, bold).render(words, True, colour)
        _rendered_bytes[0] += _bytes(image)
        while _rendered and _rendered_bytes[0] > RENDERED_BYTES:
            _rendered_bytes[0] -= _bytes(_rendered.pop(next(iter(_rendered))))
    _rendered[key] = image
    return image


def _bytes(image: pygame.Surface) -> int:
    return image.get_pitch() * image.get_height()


def wrap(words: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split a paragraph into lines that fit ``width`` pixels in the regular or bold face."""
    face = font(size, bold)
    lines, line = [], ""
    for word in words.split():
        trial = f"{line} {word}".strip()
        if line and face.size(trial)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines
