"""The card set the screens draw with: ``CardArt``, every card picture of one size and
colour scheme, each drawn on first use and kept.

Everything is drawn by this package at the exact pixel size asked for; nothing is loaded
from disk. The pictures are drawn elsewhere: faces by card_faces.py (with the court figures
of court_figures.py), backs by card_backs.py, empty-pile outlines, highlights and lift
shadows by outlines.py. Small parts (pips, corner indices) are rendered once per size and
then blitted, so a whole deck costs little more than a few hundred blits.

``CardArt(width, height, *, four_color=False, mono=False, back=BACKS[0])`` has
``face(rank, suit)``, ``back_surface()``, ``outline(kind, suit=None)``,
``highlight(kind="select")``, ``shadow(height=None)`` with ``shadow_offset`` (a lift shadow
to blit under dragged cards) and ``index_height``. Make a new CardArt when the card size
changes. The table backgrounds are backgrounds.py's ``table_surface``; a lone suit symbol
for any UI is suits.py's ``suit_stamp``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...model.vocabulary import Outline
from .card_backs import BACK_PATTERNS, BACKS, draw_back
from .card_geometry import RankGlyphs, geometry_for
from .drawing import display_ready
from .outlines import HIGHLIGHT_KINDS, draw_highlight, draw_outline, draw_shadow
from .suits import SUITS

if TYPE_CHECKING:  # imported where it is first needed: see _face_painter
    from .card_faces import FacePainter

SHADOWS_KEPT = 8  # lift shadows kept, one per run height


class CardArt:
    """All the card pictures for one card size and colour scheme, drawn on first use."""

    def __init__(
        self,
        width: int,
        height: int,
        *,
        four_color: bool = False,
        mono: bool = False,
        back: str = BACKS[0],
    ):
        if back not in BACK_PATTERNS:
            raise ValueError(f"unknown card back {back!r}; choose one of {BACKS}")
        pygame.font.init()
        self.width, self.height = width, height
        self.four_color, self.mono, self.back = four_color, mono, back
        self._glyphs = RankGlyphs(round(width * 0.115 + 6))
        self.geometry = geometry_for(width, height, self._glyphs)
        self._painter: FacePainter | None = None  # made when a face must be drawn
        self._faces: dict[tuple[int, str], pygame.Surface] = {}
        self._cache: dict[tuple, pygame.Surface] = {}
        self._shadows: dict[int, pygame.Surface] = {}

    @property
    def index_height(self) -> int:
        """Pixels from the card top to the bottom of the corner index (rank and suit)."""
        return self.geometry.index_y + self.geometry.index_height

    # ---- faces

    def face(self, rank: int, suit: str) -> pygame.Surface:
        key = (rank, suit)
        if key not in self._faces:
            if suit not in SUITS or not 1 <= rank <= 13:
                raise ValueError(f"no such card: rank {rank!r} suit {suit!r}")
            self._faces[key] = display_ready(self._face_painter().draw(rank, suit))
        return self._faces[key]

    def _face_painter(self) -> FacePainter:
        """The painter of faces. Imported here, not at the top: at launch the faces come
        from the disk cache (``adopt_faces``), and the painter with the six modules of
        court figures it draws with would only lengthen the wait for the first frame."""
        if self._painter is None:
            from .card_faces import FacePainter

            self._painter = FacePainter(
                self.geometry, self._glyphs, four_color=self.four_color, mono=self.mono
            )
        return self._painter

    def adopt_faces(self, faces: dict[tuple[int, str], pygame.Surface]) -> None:
        """Take faces drawn earlier at this size and in this scheme (the disk cache),
        already in the screen's pixel format."""
        self._faces.update(faces)

    # ---- backs, outlines, highlights

    def back_surface(self) -> pygame.Surface:
        key = ("back",)
        if key not in self._cache:
            self._cache[key] = display_ready(draw_back(self.back, self.geometry, mono=self.mono))
        return self._cache[key]

    @property
    def shadow_blur(self) -> int:
        """How far a lift shadow's soft edge reaches past the cards."""
        return max(2, round(self.width * 0.06))

    @property
    def shadow_offset(self) -> tuple[int, int]:
        """Where to blit ``shadow()`` relative to the top-left of the lifted cards: the
        light falls from the top left, so the shadow shows below and to the right."""
        blur = self.shadow_blur
        return (round(self.width * 0.035) + 1 - blur, round(self.width * 0.06) + 1 - blur)

    def shadow(self, height: int | None = None) -> pygame.Surface:
        """A soft translucent shadow for a lifted card, or a run ``height`` pixels tall,
        ``shadow_blur`` pixels larger on every side. Kept for the last few heights."""
        height = self.height if height is None else max(self.height, height)
        if height not in self._shadows:
            if len(self._shadows) >= SHADOWS_KEPT:
                del self._shadows[next(iter(self._shadows))]
            shadow = draw_shadow(self.geometry, height, self.shadow_blur)
            self._shadows[height] = display_ready(shadow)
        return self._shadows[height]

    def outline(self, kind: Outline, suit: str | None = None) -> pygame.Surface:
        """Placeholder for an empty pile of that kind (a foundation's may show its suit)."""
        problem = Outline.problem("the outline kind", kind)
        if problem:
            raise ValueError(problem)
        kind = Outline(kind)
        key = ("outline", kind, suit)
        if key not in self._cache:
            self._cache[key] = display_ready(draw_outline(kind, suit, self.geometry))
        return self._cache[key]

    def highlight(self, kind: str = "select") -> pygame.Surface:
        """Translucent glow to lay over a card: "select" (gold) or legal drop "target" (cyan)."""
        if kind not in HIGHLIGHT_KINDS:
            raise ValueError(f"unknown highlight kind {kind!r}; choose one of {HIGHLIGHT_KINDS}")
        key = ("highlight", kind)
        if key not in self._cache:
            self._cache[key] = display_ready(draw_highlight(kind, self.geometry, mono=self.mono))
        return self._cache[key]
