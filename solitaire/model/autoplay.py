"""A plain legal auto-player: good moves first, never the same position twice.

It is what Canfield's A key asks for ("have the computer finish the game"). It does not
search ahead; it prefers moves that bring a card home, then moves that play from the
reserve or waste, then moves that empty a pile, then turning the hand.
"""

from __future__ import annotations

from .moves import Move, MoveKind
from .rules import Rules
from .state import State
from .vocabulary import Role


def _priority(rules: Rules, state: State, move: Move) -> int:
    if move.kind in (MoveKind.LAYOFF, MoveKind.SAFE_HOME):
        return 0
    if move.kind != MoveKind.MOVE:
        return 5  # turning the hand, reshuffling: when nothing better is left
    src_role, dst_role = rules.roles[move.src], rules.roles[move.dst]
    if dst_role == Role.FOUNDATION:
        return 0 if src_role != Role.FOUNDATION else 9
    if src_role == Role.FOUNDATION:
        return 9  # taking cards back only undoes progress
    if src_role in (Role.RESERVE, Role.WASTE):
        return 1
    if dst_role == Role.CELL:
        return 4
    if move.count == len(state.piles[move.src]) and state.piles[move.dst]:
        return 2  # a whole pile onto another: frees a space
    return 3 if state.piles[move.dst] else 6


def next_move(rules: Rules, state: State, seen: set) -> Move | None:
    """The auto-player's next move from ``state``, or None when it would only go round.

    ``seen`` holds the keys of positions already visited; the caller adds each new one.
    """
    moves = [move for move in rules.legal_moves(state) if move.kind != MoveKind.MERCI]
    ranked = sorted(moves, key=lambda move: _priority(rules, state, move))
    for move in ranked:
        if _priority(rules, state, move) >= 9:
            break
        if rules.successor(state, move).key() not in seen:
            return move
    return None
