"""What a player asks for (a Move) and what the game did about it (a Turn)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from .state import State, Step


class MoveKind(str, Enum):
    """The kinds of move the engine knows; which of them a game offers, and under what
    words, its definition says (``special_moves``, ``special_words``, ``commands``)."""

    MOVE = "move"  # cards from one pile to another by the ordinary rules
    MERCI = "draw"  # a buried card drawn out of its pile (the manuals' draw, or merci)
    REDEAL = "redeal"  # gather, shuffle and re-deal the tableau
    TURN = "turn"  # turn the hand onto the waste, or the waste back
    LAYOFF = "layoff"  # play every card that can go to the foundations
    SAFE_HOME = "home"  # play every card no one can need any more home
    DEAL = "deal"  # deal a row from the stock, a card onto every column
    PAIR = "pair"  # two cards that pair leave play together (Pyramid's pairs of 13)
    DISCARD = "discard"  # one card leaves play alone (Pyramid's king)


@dataclass(frozen=True)
class Move:
    kind: MoveKind
    src: str = ""
    dst: str = ""
    count: int = 1
    index: int | None = None  # position of a drawn (MERCI) card in its pile
    partner: str = ""  # the pile of a PAIR's second card (both tops leave, onto ``dst``)

    def leaving(self) -> tuple[str, ...]:
        """The piles whose top cards leave play: a PAIR's two, a DISCARD's one."""
        if self.kind == MoveKind.PAIR:
            return (self.src, self.partner)
        return (self.src,) if self.kind == MoveKind.DISCARD else ()


class IllegalMove(ValueError):
    """A move the rules do not allow; the message says why, for the player."""


class Status(str, Enum):
    OPEN = "open"
    WON = "won"
    LOST = "lost"


@dataclass(slots=True)  # a long game keeps a hundred thousand of them
class Turn:
    """One entry of the undo history: the player's move and every step it caused.

    ``automatic`` counts the trailing steps the game made on its own (foundation
    chains, reserve fills, ace lay-offs), so a view can animate them separately.
    ``text`` is the move in the game's notation, written before it was made (a move's
    text depends on the position it is made from), so saves need not replay the game.
    """

    move: Move
    steps: list[Step] = field(default_factory=list)
    automatic: int = 0
    text: str = ""
    # The turn as a save records it (storage.turn_records), kept once written: saving a
    # long game then costs a look-up a move, not the spelling of every move again.
    record: str = field(default="", compare=False, repr=False)

    def apply(self, state: State) -> None:
        for step in self.steps:
            step.apply(state)

    def revert(self, state: State) -> None:
        for step in reversed(self.steps):
            step.revert(state)
