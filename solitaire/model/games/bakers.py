"""Baker's Game: FreeCell's ancestor, building down in suit, with Microsoft's deals.

C. L. Baker's game, described by Martin Gardner in 1968: the layout, free cells, empty
columns and numbered deals of Vierfrei (Microsoft's deal #N is the same pack here), but
a card goes only on the next higher card of its own suit. Fewer deals come out: about
three in four, where nearly every FreeCell deal does, so "winnable" needs the solver
(the FreeCell solver, which takes the build rule: 766 of deals 1..1000 won, 233 proven
lost, docs/performance.md).
"""

from __future__ import annotations

from ...i18n import N_
from ..table_spec import GameHelp
from ..vocabulary import Build
from .vierfrei import Vierfrei


class BakersGame(Vierfrei):
    game_id = "bakers"
    order = 60
    title = N_("Baker's Game")
    blurb = N_("FreeCell's ancestor: build down in suit; Microsoft's numbered deals.")
    build = Build.SUIT
    impossible_deals = None  # about a deal in four cannot be won: the solver proves which
    example = "--deal 3 --moves '1a 2b' --show"
    help = GameHelp(
        rules=(
            (
                N_(
                    "The pack is dealt face up into eight columns, four of seven cards and four of six,"
                    " with Microsoft's numbered deals: deal 1 here is FreeCell's deal 1. Above them"
                    " wait four free cells and four foundations, built up in suit from ace to king."
                )
            ),
            (
                N_(
                    "Move one card at a time. A card goes only onto the next higher card of its own"
                    " suit: the seven of spades on the eight of spades. Any card may go into an empty"
                    " free cell (one card each) or an empty column. Cards home stay there."
                )
            ),
            (
                N_(
                    "Drag a run of one suit as one piece and the game makes the single-card moves for"
                    " you: (empty free cells + 1) cards, doubled for each empty column not involved in"
                    " the move."
                )
            ),
            (
                N_(
                    "Delete plays home every card that no card still in play could want to sit on;"
                    " building in suit, that is every card its foundation takes. Auto play in Options"
                    " does this after every move."
                )
            ),
            (
                N_(
                    "F1 deals a random game, F2 asks for a deal number from 0 to 1,000,000 and F3"
                    " starts this one over. You win with all 52 cards home; the game is lost when no"
                    " series of moves can bring another card home. Your score is the cards home."
                )
            ),
            (
                N_(
                    "Tip: building in suit is far harder than FreeCell's alternate colours, so about"
                    " one deal in four cannot be won at all. Free the aces and twos early, and keep a"
                    " free cell empty for as long as you can."
                )
            ),
        ),
        keys=Vierfrei.help.keys,
        mouse=Vierfrei.help.mouse,
    )
