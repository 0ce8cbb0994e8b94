"""The table backgrounds in TABLES: felt, baize, walnut planks, slate, drawn at any window
size from one repeating tile of texture and darkened towards the corners.

The tile is made once per process from seeded noise, so a table looks the same every time;
nothing is loaded from disk."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import cache, lru_cache

import pygame

from ...i18n import N_
from .colours import Colour
from .drawing import display_ready

TABLES = [N_("green felt"), N_("blue baize"), N_("walnut"), N_("dark slate"), N_("burgundy")]


@dataclass(frozen=True)
class _TableStyle:
    base: Colour
    grain: int  # amplitude of per-pixel noise
    mottle: int  # amplitude of soft blotches
    vignette: float  # how much darker the corners get, 0..1
    wood: bool = False


TABLE_STYLES = {
    "green felt": _TableStyle((36, 118, 66), grain=14, mottle=10, vignette=0.45),
    "blue baize": _TableStyle((34, 82, 140), grain=14, mottle=10, vignette=0.45),
    "walnut": _TableStyle((134, 86, 50), grain=10, mottle=0, vignette=0.5, wood=True),
    "dark slate": _TableStyle((52, 58, 66), grain=10, mottle=22, vignette=0.4),
    "burgundy": _TableStyle((112, 26, 40), grain=14, mottle=10, vignette=0.5),
}
TILE = 256


def _noise(rng: random.Random, size: int) -> pygame.Surface:
    """Grey noise, values 0..255, made from random bytes in one go (no per-pixel Python)."""
    colourful = pygame.image.frombytes(rng.randbytes(size * size * 3), (size, size), "RGB")
    return pygame.transform.grayscale(colourful)


def _scaled_down(surface: pygame.Surface, amplitude: int) -> pygame.Surface:
    surface.fill((amplitude, amplitude, amplitude), special_flags=pygame.BLEND_RGB_MULT)
    return surface


def _soft_noise(rng: random.Random, cells: int, size: int) -> pygame.Surface:
    """Smooth blotches that still tile: enlarge a 3x3 repeat of coarse noise, keep the middle."""
    coarse = _noise(rng, cells)
    repeat = pygame.Surface((cells * 3, cells * 3))
    for i in range(3):
        for j in range(3):
            repeat.blit(coarse, (i * cells, j * cells))
    big = pygame.transform.smoothscale(repeat, (size * 3, size * 3))
    return big.subsurface((size, size, size, size)).copy()


def _fibres(rng: random.Random, size: tuple[int, int]) -> pygame.Surface:
    """Noise stretched sideways into fibres, wrapping left to right like the tile."""
    width, height = size
    cells = width // 16
    coarse = _noise(rng, height).subsurface((0, 0, cells, height))
    repeat = pygame.Surface((cells * 3, height))
    for i in range(3):
        repeat.blit(coarse, (i * cells, 0))
    stretched = pygame.transform.smoothscale(repeat, (width * 3, height))
    return stretched.subsurface((width, 0, width, height)).copy()


def _wood_tile(rng: random.Random, base: Colour) -> pygame.Surface:
    """Planks of fine, gently waving grain; periodic both ways so the tile repeats."""
    width = height = TILE * 2
    margin, planks = 12, 4
    plank_h = height // planks
    waves = [(rng.randrange(1, 4), rng.random() * 6.3, rng.uniform(0.03, 0.07)) for _ in range(3)]
    waves += [
        (rng.randrange(8, 48), rng.random() * 6.3, rng.uniform(0.01, 0.03)) for _ in range(10)
    ]
    dark_lines = {rng.randrange(height): rng.uniform(0.08, 0.22) for _ in range(80)}
    # One column of grain, with a margin above and below so planks can be shifted up and down.
    column = pygame.Surface((1, height + 2 * margin))
    for i in range(height + 2 * margin):
        y = (i - margin) % height
        shade = 1 + sum(a * math.sin(2 * math.pi * k * y / height + p) for k, p, a in waves)
        shade -= dark_lines.get(y, 0)
        column.set_at((0, i), [max(0, min(255, round(c * shade))) for c in base])
    grain = pygame.transform.scale(column, (width, height + 2 * margin))
    tile = pygame.Surface((width, height))
    for plank in range(planks):
        top, phase = plank * plank_h, rng.random() * 6.3
        for x in range(0, width, 2):
            turn = 2 * math.pi * x / width
            dy = round(6 * math.sin(turn + phase) + 2 * math.sin(3 * turn + 2 * phase))
            tile.blit(grain, (x, top), (x, margin + top + dy, 2, plank_h))
        tone = round(255 * rng.uniform(0.86, 1.0))
        tile.fill((tone, tone, tone), (0, top, width, plank_h), pygame.BLEND_RGB_MULT)
        tile.fill((40, 40, 40), (0, top, width, 2), pygame.BLEND_RGB_SUB)  # the seam
    return tile


@cache
def _table_tile(name: str, mono: bool) -> pygame.Surface:
    """One repeatable tile of the table's texture, made once per process."""
    style = TABLE_STYLES[name]
    rng = random.Random(f"table:{name}")
    if style.wood:
        tile = _wood_tile(rng, style.base)
        grain = _fibres(rng, tile.get_size())
    else:
        tile = pygame.Surface((TILE, TILE))
        tile.fill(style.base)
        grain = _noise(rng, TILE)
    # The noise only adds, so darken first by half its range to keep the average on the base.
    shift = (style.grain + style.mottle) // 2
    tile.fill((shift, shift, shift), special_flags=pygame.BLEND_RGB_SUB)
    tile.blit(_scaled_down(grain, style.grain), (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    if style.mottle:
        tile.blit(
            _scaled_down(_soft_noise(rng, 8, TILE), style.mottle),
            (0, 0),
            special_flags=pygame.BLEND_RGB_ADD,
        )
    return pygame.transform.grayscale(tile) if mono else tile


@lru_cache(maxsize=8)
def _vignette_small(aspect: float, strength: float) -> pygame.Surface:
    """A 32-pixel-wide multiplier image: white in the middle, darker towards the corners.

    Only this small one is cached; a full-screen copy would cost 8 MiB for as long as the
    game runs."""
    small_w = 32
    small_h = max(2, round(small_w / aspect))
    small = pygame.Surface((small_w, small_h))
    for x in range(small_w):
        for y in range(small_h):
            dx = (x + 0.5) / small_w * 2 - 1
            dy = (y + 0.5) / small_h * 2 - 1
            d = min(1.0, math.hypot(dx, dy) / math.sqrt(2))
            value = round(255 * (1 - strength * d * d * (3 - 2 * d)))
            small.set_at((x, y), (value, value, value))
    return small


def _vignette(width: int, height: int, strength: float) -> pygame.Surface:
    small = _vignette_small(round(width / height, 3), strength)
    return pygame.transform.smoothscale(small, (width, height))


def table_surface(name: str, width: int, height: int, *, mono: bool = False) -> pygame.Surface:
    """The table background ``name`` (one of TABLES) at exactly width x height."""
    if name not in TABLE_STYLES:
        raise ValueError(f"unknown table {name!r}; choose one of {TABLES}")
    tile = _table_tile(name, mono)
    table = pygame.Surface((width, height))
    tile_w, tile_h = tile.get_size()
    for x in range(0, width, tile_w):
        for y in range(0, height, tile_h):
            table.blit(tile, (x, y))
    vignette = _vignette(width, height, TABLE_STYLES[name].vignette)
    table.blit(vignette, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return display_ready(table)
