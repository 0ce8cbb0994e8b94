"""Small pictures of each game's table for the chooser: the game's own arrangement with
one of its deals laid out as its table lays it out, each card a plain shape (face up: white
with its suit's colour in a corner; face down: the back's colour).

A picture is drawn once for its size and look and kept; the chooser asks for the ones
not kept yet one at a time, between frames, so no frame waits for them all."""

from __future__ import annotations

import pygame

from ...model.cards import Card
from ...model.game import Game
from ...model.rules import Rules
from ...model.state import State
from ...model.vocabulary import Outline
from ..art.backgrounds import TABLE_STYLES
from ..art.colours import CARD_EDGE, PAPER, SUIT_INK
from ..table.layout import TableLayout

PICTURE_DEAL = 1  # every picture shows this deal: the same picture at every launch
# The table is laid out at least this wide, then scaled down smoothly: the table's layout
# never makes a card narrower than 20 pixels, and a picture's cards are smaller.
WORK_WIDTH = 480
BACK = (26, 60, 136)  # the blue of the classic back
MONO_BACK, MONO_RED = (70, 70, 70), (120, 120, 120)

# (game id, size, table, mono) -> picture; only one size is kept (the chooser's tiles').
_kept: dict[tuple[str, tuple[int, int], str, bool], pygame.Surface] = {}


def _key(rules_class: type[Rules], size: tuple[int, int], look: dict):
    return (rules_class.game_id, size, look["table"], bool(look["mono"]))


def kept(rules_class: type[Rules], size: tuple[int, int], look: dict) -> pygame.Surface | None:
    """The game's picture at ``size`` in ``look`` if drawn already, else None."""
    return _kept.get(_key(rules_class, size, look))


def make(rules_class: type[Rules], size: tuple[int, int], look: dict) -> pygame.Surface:
    """Draw the game's picture and keep it (pictures of another size are let go)."""
    key = _key(rules_class, size, look)
    for other in [other for other in _kept if other[1] != size]:
        del _kept[other]
    _kept[key] = picture = _draw(rules_class(), size, look)
    return picture


def _draw(rules: Rules, size: tuple[int, int], look: dict) -> pygame.Surface:
    width, height = size
    scale = max(1.0, WORK_WIDTH / max(1, width))
    work = pygame.Surface((round(width * scale), round(height * scale)))
    felt = TABLE_STYLES[look["table"]].base
    mono = bool(look["mono"])
    if mono:
        grey = sum(felt) // 3
        felt = (grey, grey, grey)
    work.fill(felt)
    layout = TableLayout(rules.arrangement(), (0, 0, *work.get_size()))
    state = _dealt(rules)
    place_edge = tuple(min(255, c + 40) for c in felt)
    line = max(1, layout.card_w // 24)
    for pile, slot in layout.slots.items():
        cards = state.piles.get(pile, [])
        if not cards:
            if slot.outline != Outline.NONE:
                place = pygame.Rect(layout.origin[pile], (layout.card_w, layout.card_h))
                pygame.draw.rect(work, place_edge, place, line * 2, layout.card_w // 8)
            continue
        down = len(cards) if slot.face_down else state.face_down(pile)
        positions = layout.card_positions(pile, len(cards), down)
        shown = range(len(cards) - 1, len(cards)) if slot.squared else range(len(cards))
        for index in shown:
            rect = pygame.Rect(positions[index], (layout.card_w, layout.card_h))
            _card(work, rect, cards[index], index < down, mono, line)
    if scale == 1.0:
        return work
    return pygame.transform.smoothscale(work, size)


def _dealt(rules: Rules) -> State:
    """The picture's deal as the table shows it at the start. A deal that fails shows the
    empty table: its game is still chosen from the chooser, where the failure is told."""
    try:
        return Game(rules, PICTURE_DEAL).state
    except Exception:  # noqa: BLE001 - any error in a game's deal: the picture goes on
        return State(rules.empty_piles())


def _card(
    surface: pygame.Surface, rect: pygame.Rect, card: Card, face_down: bool, mono: bool, line: int
) -> None:
    radius = max(2, rect.w // 10)
    if face_down:
        pygame.draw.rect(surface, PAPER, rect, border_radius=radius)
        back = MONO_BACK if mono else BACK
        pygame.draw.rect(surface, back, rect.inflate(-3 * line, -3 * line), border_radius=radius)
        return
    pygame.draw.rect(surface, PAPER, rect, border_radius=radius)
    pygame.draw.rect(surface, CARD_EDGE, rect, line, border_radius=radius)
    ink = SUIT_INK[card.suit]
    if mono:
        ink = MONO_RED if card.is_red else SUIT_INK["S"]
    # The suit's colour where the card's index would be: a column of cards reads as
    # its colours, as on the table.
    mark = pygame.Rect(0, 0, max(2, rect.w * 2 // 7), max(3, rect.h // 4))
    mark.topleft = (rect.x + rect.w // 10, rect.y + rect.w // 12)
    surface.fill(ink, mark)
