"""Games of columns, free cells and foundations, solved from the game's data alone: a
family of the solver core (``core.py``) for any game that names it (``solver =
"tableau"``) and speaks only this part of the engine's vocabulary.

What it reads of the game (``Rules``): its tableau columns, which may hold face-down
cards at the bottom (one turns up when it is uncovered), its free cells, the four
foundations built up in suit from the ace (``home_for``), the build rule (in suit, in
alternate colours or regardless of suit, one rank down) and what may move: the top card
alone; a run in sequence (``moves_runs``); a run through free cells and empty columns as
far as Freecell Solver's limit allows (``supermoves``); or any face-up cards, in
sequence or not (``lifts_face_up``, as in Yukon); and which cards may fill an empty
column (``empty_fill_rank``). A game that has more (a stock, a reserve, cards that come
back from home, ranks that wrap, automatic moves of its own) is refused with the reason
(``unfit``); and ``agrees_with_engine`` holds the moves made here against the engine's
own on a position, which the tests do for every game that names this solver, on
positions of seeded random play.

What the verdict assumes: the search sees every card, the face-down ones too, as the
other solvers of games with face-down cards do. A position is (columns, face-down counts,
cells, foundation counts), the columns as ``bytes`` of card codes (``rank * 4 + suit``)
and the cells as codes (0 where empty), both in their real order, so moves name the
right piles; its key sorts the columns (each with its face-down count) and the cells,
which are interchangeable, and holds the whole position, so the family is ``compact``.

Moves left out, and why that loses no win:

- A card that may go home when nothing left in play could ever be laid on it (building
  in suit: always; in alternate colours: both cards one rank lower of the other colour
  are home; regardless of suit: all four one rank lower are home) goes home alone,
  before any other move (``Rules.is_safe_home`` proves this without cards coming back).
- Of several empty columns only the first is tried, and of several empty cells only the
  first: they are alike.
- A column's whole content, with nothing under it, never moves into an empty column (the
  same position again).

Every other move is tried, so when a walk runs dry the position cannot be won.
"""

from __future__ import annotations

from ..model.cards import SUITS, Card
from ..model.moves import Move, MoveKind
from ..model.rules import Rules
from ..model.state import State
from ..model.vocabulary import Build, Role
from .compact import OPPOSITE, RED, card_code, raise_found
from .core import Core, Strategy, Walk

__all__ = ["BUDGET", "TableauSearch", "agrees_with_engine", "unfit"]

# Positions the search may visit before it answers "unknown" (the table's partner and
# --solve alike): some 200 bytes each, a --solve process under 100 MB.
BUDGET = 300_000
SEP = b"\xff"  # between columns in a key: neither a card (4..55) nor a face-down count
HOME = 15  # a move's destination index when it goes home
# The heuristic's weights (whole numbers, higher is better): a card home, a card face
# down, a card above the next one its foundation takes, a face-up card not on its parent,
# a card in a free cell, an empty column.
W_HOME, W_DOWN, W_BURIED, W_BREAK, W_CELL, W_EMPTY = 60, 12, 2, 3, 4, 8


def unfit(rules: Rules) -> str | None:
    """Why this family cannot serve ``rules``, or None when it can."""
    roles = set(rules.roles.values())
    if not roles <= {Role.TABLEAU, Role.CELL, Role.FOUNDATION}:
        return "it has piles other than columns, free cells and foundations"
    if rules.turn_count or rules.wrap or rules.foundation_takeback:
        return "it turns a hand, wraps ranks or takes cards back from home"
    if rules.empty_columns_stay_empty:
        return "its emptied columns are never filled"
    if len(rules.foundations) != 4 or rules.card_count != 52:
        return "it is not one pack built up in suit on four foundations"
    overridden = [
        name
        for name in ("follow_up", "special_moves", "perform", "lift_counts", "drop_problem")
        if getattr(type(rules), name) is not getattr(Rules, name)
    ]
    if overridden:
        return f"it plays by rules of its own ({', '.join(overridden)})"
    return None


class TableauSearch(Core[tuple]):
    """A best-first walk and a dive taking turns, from ``state`` (see the module notes);
    ``without`` is accepted as the other searches accept it: these games have only
    card moves."""

    strategies = (
        Strategy(Walk.BEST_FIRST, 400, depth_cost=1),
        Strategy(Walk.DIVE, 100),
    )
    compact = True

    def __init__(
        self,
        rules: Rules,
        state: State,
        *,
        max_positions: int = BUDGET,
        without: frozenset = frozenset(),
    ):
        problem = unfit(rules)
        if problem is not None:
            raise ValueError(f"{rules.title} cannot be solved by its data alone: {problem}")
        self.rules = rules
        self.column_names = rules.tableau
        self.cell_names = rules.cells
        homes = [rules.home_for(state, Card(1, suit)) for suit in SUITS]
        assert all(homes), "unfit() has checked that every suit has its foundation"
        self.home_names: tuple[str, ...] = tuple(name for name in homes if name)
        self.build = rules.build
        self.fill = rules.empty_fill_rank
        self.lifts_face_up = rules.lifts_face_up
        self.runs = rules.moves_runs or rules.supermoves
        self.supermoves = rules.supermoves
        start = (
            tuple(bytes(card_code(card) for card in state.piles[name]) for name in rules.tableau),
            tuple(state.face_down(name) for name in rules.tableau),
            tuple(
                card_code(state.piles[name][-1]) if state.piles[name] else 0 for name in rules.cells
            ),
            tuple(len(state.piles[name]) for name in self.home_names),
        )
        super().__init__(start, max_positions=max_positions)

    # -------------------------------------------------------------- the core's hooks
    def _key(self, position: tuple) -> bytes:
        cols, down, cells, found = position
        columns = sorted([bytes((count,)) + col for count, col in zip(down, cols)])
        return SEP.join((*columns, bytes(sorted(cells)), bytes(found)))

    def _unpack_key(self, key: bytes) -> tuple:
        parts = key.split(SEP)
        columns = parts[: len(self.column_names)]
        cells, found = parts[len(self.column_names)], parts[-1]
        return (
            tuple(column[1:] for column in columns),
            tuple(column[0] for column in columns),
            tuple(cells),
            tuple(found),
        )

    def _won(self, position: tuple) -> bool:
        found = position[3]
        return found[0] + found[1] + found[2] + found[3] == 52

    def _value(self, position: tuple) -> int:
        cols, down, cells, found = position
        value = W_HOME * (found[0] + found[1] + found[2] + found[3]) - W_CELL * (
            len(cells) - cells.count(0)
        )
        wanted = [(found[suit] + 1) * 4 + suit for suit in range(4)]
        for col, hidden in zip(cols, down):
            if not col:
                value += W_EMPTY
                continue
            value -= W_DOWN * hidden
            for card in wanted:
                at = col.find(card)
                if at >= 0:
                    value -= W_BURIED * (len(col) - 1 - at)
            for at in range(max(hidden, 1), len(col)):
                if not self._builds(col[at], col[at - 1]):
                    value -= W_BREAK
        return value

    def _moves_of(self, macro) -> list[Move]:
        return [Move(MoveKind.MOVE, src, dst, count) for src, dst, count in macro]

    # -------------------------------------------------------------- the moves
    def _builds(self, card: int, onto: int) -> bool:
        if onto >> 2 != (card >> 2) + 1:
            return False
        if self.build == Build.SUIT:
            return card & 3 == onto & 3
        if self.build == Build.ALTERNATE:
            return RED[card] != RED[onto]
        return True

    def _safe(self, card: int, found: tuple) -> bool:
        """May ``card`` go home with nothing left in play that could be laid on it?"""
        suit, rank = card & 3, card >> 2
        if found[suit] != rank - 1:
            return False
        if self.build == Build.SUIT:
            return True
        if self.build == Build.ALTERNATE:
            return all(found[other] >= rank - 1 for other in OPPOSITE[suit])
        return all(found[other] >= rank - 1 for other in range(4))

    def _run(self, col: bytes, hidden: int) -> int:
        """How many cards at the top of a column may move together."""
        face_up = len(col) - hidden
        if self.lifts_face_up:
            return face_up
        if not self.runs:
            return 1
        length = 1
        while length < face_up and self._builds(col[-length], col[-length - 1]):
            length += 1
        return length

    def _successors(self, position: tuple) -> list:
        cols, down, cells, found = position
        names, cell_names = self.column_names, self.cell_names
        # The safe card with the lowest code first, wherever it lies: equal positions
        # (columns or cells in another order) send the same card home.
        safe = [
            (col[-1], index) for index, col in enumerate(cols) if col and self._safe(col[-1], found)
        ]
        if safe:
            return [self._home_from_column(position, min(safe)[1])]
        safe = [
            (card, index) for index, card in enumerate(cells) if card and self._safe(card, found)
        ]
        if safe:
            return [self._home_from_cell(position, min(safe)[1])]
        out = []
        empties = [index for index, col in enumerate(cols) if not col]
        empty = empties[0] if empties else -1
        free = cells.index(0) if 0 in cells else -1
        free_cells = cells.count(0)
        for index, col in enumerate(cols):
            if not col:
                continue
            top = col[-1]
            if found[top & 3] == (top >> 2) - 1:
                out.append(self._home_from_column(position, index))
            if free >= 0:
                after = self._with(position, {index: col[:-1]}, cells=(free, top))
                out.append((((names[index], cell_names[free], 1),), after))
            for count in range(1, self._run(col, down[index]) + 1):
                card = col[-count]
                for target, other in enumerate(cols):
                    if target == index:
                        continue
                    if other:
                        if not self._builds(card, other[-1]):
                            continue
                        if self.supermoves and count > (free_cells + 1) << len(empties):
                            continue
                    else:
                        if target != empty or count == len(col):
                            continue
                        if self.fill is not None and card >> 2 != self.fill:
                            continue
                        if self.supermoves and count > (free_cells + 1) << (len(empties) - 1):
                            continue
                    after = self._with(
                        position, {index: col[:-count], target: other + col[-count:]}
                    )
                    out.append((((names[index], names[target], count),), after))
        for index, card in enumerate(cells):
            if not card:
                continue
            if found[card & 3] == (card >> 2) - 1:
                out.append(self._home_from_cell(position, index))
            for target, other in enumerate(cols):
                if other:
                    if not self._builds(card, other[-1]):
                        continue
                elif target != empty or (self.fill is not None and card >> 2 != self.fill):
                    continue
                after = self._with(position, {target: other + bytes((card,))}, cells=(index, 0))
                out.append((((cell_names[index], names[target], 1),), after))
        return out

    def _home_from_column(self, position: tuple, index: int) -> tuple:
        col, found = position[0][index], position[3]
        card = col[-1]
        after = self._with(position, {index: col[:-1]}, found=raise_found(found, card & 3))
        return ((self.column_names[index], self.home_names[card & 3], 1),), after

    def _home_from_cell(self, position: tuple, index: int) -> tuple:
        card = position[2][index]
        after = self._with(position, {}, cells=(index, 0), found=raise_found(position[3], card & 3))
        return ((self.cell_names[index], self.home_names[card & 3], 1),), after

    @staticmethod
    def _with(position: tuple, changes: dict, cells=None, found=None) -> tuple:
        """A copy with some columns changed (index -> cards), a cell set (index, card) and
        new foundation counts; an uncovered face-down card turns up."""
        cols, down, old_cells, old_found = position
        new_cols, new_down = list(cols), list(down)
        for index, cards in changes.items():
            new_cols[index] = cards
            if new_down[index] >= len(cards):
                new_down[index] = max(0, len(cards) - 1)
        new_cells = old_cells
        if cells is not None:
            new_cells = list(old_cells)
            new_cells[cells[0]] = cells[1]
            new_cells = tuple(new_cells)
        return (
            tuple(new_cols),
            tuple(new_down),
            new_cells,
            old_found if found is None else found,
        )


def agrees_with_engine(rules: Rules, state: State) -> str | None:
    """Whether the moves made here from ``state`` are the engine's: the same positions one
    move away (keys compared, the position itself left out), or, where a card goes home
    safely alone, that move among the engine's. Why not, or None."""
    search = TableauSearch(rules, state, max_positions=1)
    mine = search._successors(search.start)
    engine = {
        search._key(TableauSearch(rules, rules.successor(state, move), max_positions=1).start)
        for move in rules.legal_moves(state)
    }
    engine.discard(search._key(search.start))
    keys = {search._key(after) for _, after in mine}
    safe = False
    if len(mine) == 1:
        (src, dst, _), *_ = mine[0][0]
        card = _card_at(search.start, src, search)
        safe = dst in search.home_names and search._safe(card, search.start[3])
    if safe and keys <= engine:
        return None  # a card that goes home safely, alone
    if keys != engine:
        return f"moves differ: {len(keys - engine)} not the engine's, {len(engine - keys)} missed"
    return None


def _card_at(position: tuple, pile: str, search: TableauSearch) -> int:
    """The top card of a column or the card of a cell, by the pile's name."""
    cols, _, cells, _ = position
    if pile in search.column_names:
        return cols[search.column_names.index(pile)][-1]
    return cells[search.cell_names.index(pile)]


# The search solve.py makes for the games whose definition names this module as solver.
SEARCH = TableauSearch
