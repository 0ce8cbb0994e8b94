"""What every solver answers, and how it is asked: a verdict, reached by work in steps.

A search is budgeted in positions, never in seconds, so a slower or busier machine gets
the same answer, later. ``step(work)`` searches about ``work`` more positions and returns
the verdict once there is one; how the work is cut into steps never changes the verdict
or its moves (each search stops and resumes at the same point of the same walk). The
table's partner steps a search in its worker process; ``--solve`` and the benches run it
to its budget with ``drive``, which alone may stop early for memory or an explicit time
limit.

Every solver is one module of this package, named by the game's definition
(``Rules.solver``), with two names: ``SEARCH``, which makes a ``Search`` for a position
(``MakesSearch``), and ``BUDGET``, the positions it may look at before it says "unknown"
(the table's partner and ``--solve`` give it the same). ``search.py`` is the generic one.
A module may have a third, ``LINE_SEARCH`` (``LineSearch``): the best line a player can
see where no winning line is known (La Belle Lucie's).
"""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from ..model.moves import Move, MoveKind

if TYPE_CHECKING:
    from ..model.rules import Rules
    from ..model.state import State


class Outcome(str, Enum):
    SOLVED = "solved"  # a winning line was found (and replays through the engine)
    UNSOLVABLE = "unsolvable"  # every position was searched: no win exists
    UNKNOWN = "unknown"  # the search stopped first (``Verdict.gave_up`` says why)


SOLVED, UNSOLVABLE, UNKNOWN = Outcome.SOLVED, Outcome.UNSOLVABLE, Outcome.UNKNOWN


class GaveUp(str, Enum):
    """Why a search ended without a verdict."""

    POSITIONS = "positions"  # its budget of positions was spent
    MEMORY = "memory"  # the process reached its memory limit
    TIME = "time"  # an explicit time limit (the text commands' --max-seconds)
    PRUNED = "moves left out"  # it ran dry, but had left moves out: no proof


@dataclass
class Verdict:
    status: Outcome
    moves: list[Move] = field(default_factory=list)  # the player's moves, start to win
    positions: int = 0
    seconds: float = 0.0  # processor time spent, for reports only: it decides nothing
    gave_up: GaveUp | None = None  # why, when the status is UNKNOWN


@runtime_checkable
class Search(Protocol):
    """A solver at work on one position (made by a solver module's ``SEARCH``)."""

    verdict: Verdict | None

    @property
    def positions(self) -> int:
        """Positions searched so far: the unit of every budget."""

    def step(self, work: int) -> Verdict | None:
        """Search about ``work`` more positions; the verdict once there is one."""


class LineSearch(Protocol):
    """A game's search for the best line a player can see where no winning line is known
    (a solver module's ``LINE_SEARCH``, made as ``LINE_SEARCH(rules, state, without=kinds)``)."""

    def step(self, work: int) -> list[Move] | None:
        """Search about ``work`` more positions; the line's moves once known."""


class MakesSearch(Protocol):
    """A solver module's ``SEARCH``: a search for a position of the game, to look at up to
    ``max_positions`` positions, not making moves of the kinds ``without``."""

    def __call__(
        self,
        rules: Rules,
        state: State,
        *,
        max_positions: int,
        without: frozenset[MoveKind] = frozenset(),
    ) -> Search: ...


STEP = 2_000  # positions between looks at the memory and the clock in ``drive``
MEGABYTE = 1 << 20


def drive(
    search: Search, *, max_memory: int | None = None, max_seconds: float | None = None
) -> Verdict:
    """Run ``search`` to its verdict (its own budget of positions ends it at the latest).
    ``max_memory`` (bytes of the whole process) and ``max_seconds`` stop it sooner, as
    "unknown" with the reason; neither is used where the answer must not depend on the
    machine (the table)."""
    began = time.perf_counter()
    while True:
        verdict = search.step(STEP)
        if verdict is not None:
            return verdict
        if max_memory is not None and resident_bytes() > max_memory:
            return given_up(search, GaveUp.MEMORY)
        if max_seconds is not None and time.perf_counter() - began > max_seconds:
            return given_up(search, GaveUp.TIME)


def given_up(search: Search, reason: GaveUp) -> Verdict:
    """End ``search`` without a verdict, for ``reason``."""
    seconds = getattr(search, "seconds", 0.0)
    search.verdict = Verdict(UNKNOWN, [], search.positions, seconds, reason)
    return search.verdict


def finish(search: Search) -> Verdict:
    """Run ``search`` to its verdict, its budget of positions the only limit."""
    return drive(search)


def resident_bytes() -> int:
    """This process's resident memory now (its peak where only that can be read)."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        pass
    if sys.platform == "win32":
        return _windows_working_set()
    import resource  # macOS and the BSDs: the peak, in bytes on macOS, kilobytes elsewhere

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def _windows_working_set() -> int:
    if sys.platform != "win32":  # (and mypy checks what follows as Windows code)
        raise OSError("the working set is read on Windows only")
    import ctypes
    from ctypes import wintypes

    class Counters(ctypes.Structure):
        _fields_ = [
            ("cb", wintypes.DWORD),
            ("PageFaultCount", wintypes.DWORD),
            ("PeakWorkingSetSize", ctypes.c_size_t),
            ("WorkingSetSize", ctypes.c_size_t),
            ("QuotaPeakPagedPoolUsage", ctypes.c_size_t),
            ("QuotaPagedPoolUsage", ctypes.c_size_t),
            ("QuotaPeakNonPagedPoolUsage", ctypes.c_size_t),
            ("QuotaNonPagedPoolUsage", ctypes.c_size_t),
            ("PagefileUsage", ctypes.c_size_t),
            ("PeakPagefileUsage", ctypes.c_size_t),
        ]

    counters = Counters()
    counters.cb = ctypes.sizeof(Counters)
    process = ctypes.windll.kernel32.GetCurrentProcess()
    if not ctypes.windll.psapi.GetProcessMemoryInfo(process, ctypes.byref(counters), counters.cb):
        return 0
    return counters.WorkingSetSize


class Stepped:
    """The bookkeeping every search shares: ``step`` sets where the walk pauses
    (``pause_at``, in positions) and adds up the processor time; the search's own
    ``_advance`` walks until its positions reach ``pause_at`` or it has a verdict."""

    verdict: Verdict | None = None
    seconds = 0.0
    pause_at = 0

    @property
    def positions(self) -> int:
        """Positions searched so far: each search counts them its own way."""
        raise NotImplementedError

    def _advance(self) -> Verdict | None:
        raise NotImplementedError

    def step(self, work: int) -> Verdict | None:
        if self.verdict is not None:
            return self.verdict
        self.pause_at = self.positions + max(1, work)
        began = time.process_time()
        verdict = self._advance()
        self.seconds += time.process_time() - began
        if verdict is not None:
            verdict.seconds = self.seconds
            self.verdict = verdict
        return verdict

    def finish(self) -> Verdict:
        """Run to the verdict, the budget of positions the only limit."""
        return finish(self)
