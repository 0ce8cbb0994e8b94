"""The twelve court figures, each assembled from its layers (head, garment, attribute),
and the picture inside a court card's frame: the half figure scaled to lie inside its half,
above the same turned upside down."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, partial

import pygame

from .colours import Palette
from .court_attributes import (
    arrow,
    battle_axe,
    halberd,
    laurel,
    leaf,
    orb,
    raised_sword,
    rose,
    sceptre,
    short_sceptre,
    tulip,
    upright_sword,
)
from .court_garments import dashes, hand, jack, king, lozenges, queen, rings, ruff, trefoils
from .court_heads import (
    beard,
    beret,
    braids,
    brimmed_hat,
    circlet,
    curls,
    curly_beard,
    face,
    fleur_crown,
    fringe,
    imperial_crown,
    long_hair,
    lozenge_crown,
    moustache,
    pearl_crown,
    plumed_cap,
    rolled_hood,
    spiked_crown,
    tiara,
    trefoil_crown,
    veil,
    wimple,
)
from .court_pen import SPLIT_TILT, Pen
from .drawing import Point

# Below this card width a court card shows its figure's head alone, enlarged (HEAD_BOX): a
# whole figure turns to mush when the panel is 17 pixels wide, a crowned head still reads.
EMBLEM_COURT_WIDTH = 72


@dataclass(frozen=True)
class _Figure:
    """A figure's layers. ``holds`` (drawn behind it) and ``garment`` run down past the
    split, which cuts them; everything else lies wholly above the split: ``behind`` (hair or
    a veil behind the head), the hand, ``front`` (hair over the shoulders, a wimple, what the
    hand holds up), the face and ``head`` over it (beard, hair, crown or hat)."""

    holds: Callable | None
    behind: Callable | None
    garment: Callable
    face: Callable
    head: tuple[Callable, ...]
    front: Callable | None = None

    def layers(self):
        """(layer, runs past the split) back to front."""
        yield self.holds, True
        yield self.behind, False
        yield self.garment, True
        yield hand, False
        yield self.front, False
        yield self.face, False
        for layer in self.head:
            yield layer, False


def _figure(holds, behind, garment, face, *head, front=None) -> _Figure:
    return _Figure(holds, behind, garment, face, head, front)


KING_FACE = partial(face, rx=0.14, ry=0.17)
# fmt: off
# A table, one figure to an entry: black would stand each layer on a line of its own.
FIGURES = {
    (13, "S"): _figure(
        sceptre, partial(long_hair, hair="raven"), king(lozenges), KING_FACE,
        partial(beard, hair="raven", length=0.74), fleur_crown),
    (13, "H"): _figure(
        raised_sword, partial(curls, hair="brown", spread=0.15), king(dashes), KING_FACE,
        partial(curly_beard, hair="brown"), pearl_crown),
    (13, "D"): _figure(
        battle_axe, partial(curls, hair="auburn", spread=0.15), king(rings), KING_FACE,
        partial(beard, hair="auburn", length=0.7, forked=True), imperial_crown),
    (13, "C"): _figure(
        None, partial(long_hair, hair="white"), king(trefoils), KING_FACE,
        partial(beard, hair="white", length=0.8), trefoil_crown, front=orb),
    (12, "S"): _figure(
        short_sceptre, partial(veil, cloth="tunic"), queen(lozenges, "high"), face,
        partial(fringe, hair="raven"), spiked_crown, front=ruff),
    (12, "H"): _figure(
        rose, partial(long_hair, hair="blonde"), queen(dashes, "square"), face,
        partial(fringe, hair="blonde"), tiara),
    (12, "D"): _figure(
        tulip, None, queen(rings, "round"), face, partial(fringe, hair="auburn"),
        lozenge_crown, front=partial(braids, hair="auburn")),
    (12, "C"): _figure(
        laurel, partial(veil, cloth="wood"), queen(trefoils, "square"),
        partial(face, rx=0.125, ry=0.16), circlet, front=wimple),
    (11, "S"): _figure(
        upright_sword, partial(curls, hair="raven"), jack(lozenges, "chain"), face,
        beret),
    (11, "H"): _figure(
        leaf, partial(curls, hair="blonde"), jack(dashes, "falling"), face,
        partial(moustache, hair="blonde"), rolled_hood),
    (11, "D"): _figure(
        halberd, partial(curls, hair="auburn"), jack(rings, "standing"), face,
        partial(moustache, hair="auburn"), plumed_cap),
    (11, "C"): _figure(
        arrow, partial(curls, hair="brown"), jack(trefoils, "dagged"), face,
        brimmed_hat),
}
# fmt: on
# Where the suit pip sits in the figure's box (centre x, centre y), clear of hat and attribute.
FIGURE_PIP = {11: (0.14, 0.45), 12: (0.14, 0.13), 13: (0.14, 0.13)}
PIP_MOVED = {(13, "H"): (0.86, 0.13), (11, "C"): (0.14, 0.5), (11, "H"): (0.14, 0.5)}
FIGURE_PIP_SIZE = 0.22
# Small cards show the head alone, enlarged: this part of the figure's box fills a half panel
# (reaching higher where a crown or hat does).
HEAD_BOX = (0.23, -0.03, 0.77, 0.66)
OUTLINE_PAD = 0.012  # half an outline's width and a little, in design units


def _sketch(rank: int, suit: str, pal: Palette) -> Pen:
    """The figure of ``rank`` and ``suit`` recorded in design units, not yet drawn."""
    pen = Pen(pal.line)
    for layer, crossing in FIGURES[rank, suit].layers():
        if layer is not None:
            pen.crossing = crossing
            layer(pen, pal)
    return pen


def _split_y(x: float) -> float:
    """Where the split between the two halves runs, in design units: through the middle of
    the waist, (0.5, 1), dropping SPLIT_TILT for every unit to the left."""
    return 1 - SPLIT_TILT * (x - 0.5)


def _split(size: tuple[int, int]) -> list[Point]:
    """The split's ends on the left and right of a picture of ``size`` pixels."""
    width, height = size
    tilt = SPLIT_TILT * width / 2
    return [(0, height / 2 + tilt), (width, height / 2 - tilt)]


@lru_cache(maxsize=4)
def _upper_half(size: tuple[int, int]) -> pygame.Surface:
    """Opaque white over the upper half of a picture of ``size`` pixels (even height),
    transparent black elsewhere: multiplied into the upper figure it keeps that half alone.

    The pixels above the split, settled so that of any two pixels a half-turn apart exactly
    one is kept: the kept ones and the others turned round make a picture that is exactly
    the same either way up. The same for all twelve courts, so made once per size."""
    width, height = size
    split = _split(size)
    area = pygame.Surface(size, pygame.SRCALPHA)
    area.fill((0, 0, 0, 0))
    pygame.draw.polygon(area, (255, 255, 255, 255), [(0, 0), (width, 0), split[1], split[0]])
    above = pygame.mask.from_surface(area)
    below = pygame.mask.from_surface(pygame.transform.flip(area, True, True))
    # Along the split the polygon and its turned copy overlap or leave gaps: each such pair
    # of pixels goes to the one in the top rows.
    unsettled = above.overlap_mask(below, (0, 0))
    neither = above.copy()
    neither.draw(below, (0, 0))
    neither.invert()
    unsettled.draw(neither, (0, 0))
    above.erase(unsettled, (0, 0))
    above.draw(unsettled.overlap_mask(pygame.Mask((width, height // 2), fill=True), (0, 0)), (0, 0))
    return above.to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(0, 0, 0, 0))


def court_picture(rank: int, suit: str, pal: Palette, size: tuple[int, int], emblem: bool):
    """The picture inside a court card's frame: the half figure, scaled to lie wholly inside
    its half, and the same half turned upside down beneath it.

    Returns the picture and where the upper figure's design box landed, as (left, top, unit)
    in pixels, so the caller can place the suit pip.
    """
    # The panel is tall and narrow: its width decides how fine the lines are. Twice the size
    # smooths them well from 64 px up, and costs a quarter of four times.
    factor = 4 if size[0] < 64 else 2
    width, height = size[0] * factor, size[1] * factor
    pen = _sketch(rank, suit, pal)
    if emblem:
        left, top, right, bottom = HEAD_BOX
        top = min(top, pen.bounds(OUTLINE_PAD, fixed_only=True)[1])
        margin: float = 2 * factor  # below the frame: the crown's tips are not cut
        unit = min(width / (right - left), (height / 2 - margin) / (bottom - top))
        origin = (width / 2 - 0.5 * unit, margin - top * unit)
        line_width = max(1, round(factor * 0.8))
    else:
        # Everything, the pip included, inside the half with a margin: the box's bottom
        # middle (the waist) on the centre, the split through it.
        left, top, right, _ = pen.bounds(OUTLINE_PAD)
        pip_x, pip_y = PIP_MOVED.get((rank, suit), FIGURE_PIP[rank])
        half_pip = FIGURE_PIP_SIZE / 2
        left, right = min(left, pip_x - half_pip), max(right, pip_x + half_pip)
        top = min(top, pip_y - half_pip)
        margin = max(2 * factor, width * 0.03)
        reach = max(0.5 - left, right - 0.5)
        unit = min((width / 2 - margin) / reach, (height / 2 - margin) / (1 - top))
        origin = (width / 2 - 0.5 * unit, height / 2 - unit)
        line_width = max(1, round(unit * 0.012))
    upper = pygame.Surface((width, height), pygame.SRCALPHA)
    upper.fill(pal.panel)
    pen.draw(upper, origin, unit, line_width)
    # The upper half of the line along the split: the turned copy supplies the lower half.
    (x0, y0), (x1, y1) = _split((width, height))
    rule = max(1.0, width / 160)  # half the line's width
    pygame.draw.polygon(
        upper, pal.ink, [(x0, y0 - rule), (x1, y1 - rule), (x1, y1 + 1), (x0, y0 + 1)]
    )
    # Keep the upper half alone, then lay it over the same turned round: the lower figure is
    # the upper one exactly, upside down.
    upper.blit(_upper_half((width, height)), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    picture = pygame.transform.flip(upper, True, True)
    picture.blit(upper, (0, 0))
    picture = pygame.transform.smoothscale(picture, size)
    return picture, (origin[0] / factor, origin[1] / factor, unit / factor)
