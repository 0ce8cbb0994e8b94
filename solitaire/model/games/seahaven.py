"""Seahaven Towers: ten columns of five, four free cells, two filled at the deal.

Rules as Wikipedia's "Seahaven Towers" and Freecell Solver's game of that name (``fc-solve
-g seahaven_towers``: four free cells, ten columns, built by suit, empty columns filled
by kings only, runs moved as far as the free cells allow). The pack is dealt into ten
columns of five; the last two cards go into the two middle free cells. A card goes onto
the next higher card of its own suit, only a king (or a run from a king) fills an empty
column, and a run moves through the free cells alone, (empty free cells + 1) cards: the
rules of Eight Off on another layout, which this game shares.
"""

from __future__ import annotations

from ...i18n import N_, _
from ..rules import HOME
from ..table_spec import Arrangement, GameHelp, Slot, row
from ..vocabulary import Outline, Spread
from .eight_off import PLAYING, STEP, EightOff
from .vierfrei import Vierfrei


class SeahavenTowers(EightOff):
    game_id = "seahaven"
    order = 64
    title = N_("Seahaven Towers")
    blurb = N_("Ten columns, four free cells, two filled at the deal; build down in suit.")
    tableau = tuple(f"t{number}" for number in range(1, 11))
    cells = ("c1", "c2", "c3", "c4")
    rows = 5
    dealt_cells = ("c2", "c3")
    example = "--deal 1 --moves '1a' --show"
    # Columns 1-9 and 0 for the tenth, free cells a-d, h home.
    codes = {
        **{str(number % 10): name for number, name in enumerate(tableau, start=1)},
        **{letter: name for letter, name in zip("abcd", cells)},
        "h": HOME,
    }

    def arrangement(self) -> Arrangement:
        # The foundations at the corners, two each side; the free cells between them.
        slots = [
            Slot(pile, x * STEP, 0, outline=Outline.FOUNDATION, mark=pile[1])
            for pile, x in (("fS", 0), ("fH", 1), ("fD", 8), ("fC", 9))
        ]
        slots += row(self.cells, 3 * STEP, 0, STEP, outline=Outline.CELL)
        slots += row(self.tableau, 0, 1.6, STEP, spread=Spread.DOWN)
        return Arrangement(tuple(slots), len(self.tableau) * STEP - 0.15, 5.8)

    help = GameHelp(
        rules=(
            (
                N_(
                    "Seahaven Towers, as Wikipedia and Freecell Solver describe it. The pack is dealt"
                    " face up into ten columns of five cards; the last two cards go into the two"
                    " middle free cells of four. The foundations, two at each corner, build up in"
                    " suit from ace to king."
                )
            ),
            *PLAYING,
            (
                N_(
                    "Tip: nearly every deal can be won, but only two free cells are empty at the"
                    " start. Look for the low cards buried under high ones of their own suit, and"
                    " keep a free cell empty as long as you can."
                )
            ),
        ),
        keys=Vierfrei.help.keys,
        mouse=Vierfrei.help.mouse,
    )

    def notation_hint(self) -> str:
        return _(
            "columns 1-9 and 0, free cells a-d, h home (1a a5 8h 54); a run goes whole onto a"
            " card, into an empty column write the count in hexadecimal (54v3); # plays every"
            " safe card home"
        )
