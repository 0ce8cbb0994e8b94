"""Colours and text for the screens around the cards, in colour or black and white."""

from __future__ import annotations

from dataclasses import dataclass

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

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}


def forget_fonts() -> None:
    """Fonts die with pygame.quit(); a new start must make new ones."""
    _fonts.clear()


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """pygame's bundled font (always there), cached per size."""
    key = (max(8, size), bold)
    if key not in _fonts:
        face = pygame.font.Font(None, key[0])
        face.set_bold(bold)
        _fonts[key] = face
    return _fonts[key]


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
    image = font(size, bold).render(words, True, colour)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def wrap(words: str, size: int, width: int) -> list[str]:
    """Split a paragraph into lines that fit ``width`` pixels."""
    face = font(size)
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
