"""The partner's worker: the thinker in a process of its own beside the table.

The table never waits for the partner. It sends each position it shows (``Consider``)
and the occasional errand (``FindDeal``: a deal proven winnable) down one pipe, and the
worker's answers come back up another, read by a thread that hands them to the table's
loop (``PartnerLink.on_message`` wakes it). The worker searches in steps of positions
and looks at its pipe between steps: a newer position replaces the one it was thinking
about, so a quick player never waits behind an old search.

A process of its own keeps the search off the table's processor core (every player's
machine has a second one), out of its memory, and out of its frames. Where no process
can be started, the same loop runs in a thread of the game's process instead.
"""

from __future__ import annotations

import atexit
import multiprocessing
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

from ..model.rules import Rules
from ..model.state import State
from .solve import winnable_deals
from .thinker import Answer, Thinker

STEP = 1_000  # positions searched between looks at the pipe
MOST_IN_FLIGHT = 4  # requests sent and not yet answered; newer ones wait their turn
RESTARTS = 2  # a worker that dies is started again this often, then a thread takes over


# ---------------------------------------------------------------------------- messages
@dataclass(frozen=True)
class Consider:
    """The position the table shows now (``ticket`` numbers the requests)."""

    ticket: int
    rules: Rules
    state: State
    without: frozenset


@dataclass(frozen=True)
class FindDeal:
    """Look for a deal the search proves winnable under ``rules``."""

    ticket: int
    rules: Rules
    seed: int


@dataclass(frozen=True)
class Answered:
    ticket: int
    answer: Answer


@dataclass(frozen=True)
class DealFound:
    ticket: int
    deal: int
    proven: bool


@dataclass(frozen=True)
class Failed:
    """The worker met an error it could not think past; ``reason`` says which."""

    ticket: int
    reason: str


# ---------------------------------------------------------------------------- the worker
def serve(requests, answers, thinker: Thinker | None = None) -> None:
    """The worker's loop: read requests, think in steps between them, answer. It ends when
    the table closes its end of the pipe."""
    thinker = thinker or Thinker()
    ticket = 0  # the position being thought about
    errand = None  # (ticket, the deal-finding walk) while one runs
    while True:
        idle = not thinker.busy and errand is None
        if idle or requests.poll():
            try:
                message = requests.recv()
            except (EOFError, OSError):
                return
            if isinstance(message, Consider):
                ticket = message.ticket
                answer = _guarded(ticket, answers, thinker.consider, message)
                if answer is not None:
                    answers.send(Answered(ticket, answer))
            elif isinstance(message, FindDeal):
                walk = winnable_deals(message.rules, random.Random(message.seed))
                errand = (message.ticket, walk)
            continue
        if errand is not None:  # the player waits for this one: it goes first
            errand_ticket, walk = errand
            try:
                next(walk)
            except StopIteration as stop:
                deal, proven = stop.value
                answers.send(DealFound(errand_ticket, deal, proven))
                errand = None
            continue
        answer = _guarded(ticket, answers, thinker.think, STEP)
        if answer is not None:
            answers.send(Answered(ticket, answer))


def _guarded(ticket: int, answers, action, argument):
    """``action(argument)``; an error in the rules or a solver is reported, not fatal: the
    table says the partner could not answer, and the next position starts afresh."""
    try:
        if isinstance(argument, Consider):
            return action(argument.rules, argument.state, argument.without)
        return action(argument)
    except Exception as error:  # noqa: BLE001 - whatever it is, the table must hear of it
        answers.send(Failed(ticket, f"{type(error).__name__}: {error}"))
        return None


def _worker_main(requests, answers) -> None:
    """The worker process's entry: the loop, quietly ended when the table goes."""
    try:
        serve(requests, answers)
    except (KeyboardInterrupt, BrokenPipeError, EOFError, OSError):
        pass


# ---------------------------------------------------------------------------- the table's end
_shared: PartnerLink | None = None


def shared_link(on_message: Callable[[object], None]) -> PartnerLink:
    """The process's one link to its worker, its messages now going to ``on_message``: a
    game has one table loop, and a new one (a test's) takes over the worker of the last."""
    global _shared
    if _shared is None or _shared.closed:
        _shared = PartnerLink(on_message)
    _shared.on_message = on_message
    return _shared


class PartnerLink:
    """The table's end of the worker: send requests, hear answers. Never blocks the
    caller: a request that finds too many before it unanswered waits in ``held`` (only
    the newest position matters) and goes when an answer comes back.

    ``on_message`` is called from the reading thread with every message from the
    worker: the table's loop collects them there (and is woken up)."""

    def __init__(self, on_message: Callable[[object], None], use_process: bool = True):
        self.on_message = on_message
        self.use_process = use_process
        self.tickets = 0
        self.in_flight: set[int] = set()
        self.held: Consider | None = None
        self.lock = threading.Lock()
        self.requests: Connection | None = None  # our end of the request pipe, once started
        self.process: BaseProcess | None = None
        self.thread: threading.Thread | None = None
        self.restarts = 0
        self.started = False
        self.closed = False
        self.last_consider: Consider | None = None

    # ------------------------------------------------------------------ starting
    def start(self) -> None:
        """Start the worker (a process, or a thread where none can start), and send it
        the position that waited for it."""
        if self.started or self.closed:
            return
        self.started = True
        self._spawn()
        # Closed at exit before multiprocessing stops the worker (atexit runs the handlers
        # registered last first, and multiprocessing registers its own on first use), so
        # that the worker's end is not taken for a crash and another started.
        atexit.register(self.close)
        self.flush()

    def _spawn(self) -> None:
        if self.use_process and self.restarts <= RESTARTS:
            try:
                self._spawn_process()
                return
            except (OSError, RuntimeError, ValueError, ImportError):
                self.use_process = False  # no processes here (a sandbox, a frozen oddity)
        self._spawn_thread()

    def _spawn_process(self) -> None:
        context = multiprocessing.get_context("spawn")  # never fork a process holding SDL
        worker_requests, requests = context.Pipe(duplex=False)
        answers, worker_answers = context.Pipe(duplex=False)
        process = context.Process(
            target=_worker_main,
            args=(worker_requests, worker_answers),
            name="solitaire-partner",
            daemon=True,
        )
        process.start()
        worker_requests.close()  # the worker's ends live in the worker now
        worker_answers.close()
        self.process, self.requests = process, requests
        self._listen(answers)

    def _spawn_thread(self) -> None:
        worker_requests, requests = multiprocessing.Pipe(duplex=False)
        answers, worker_answers = multiprocessing.Pipe(duplex=False)
        self.thread = threading.Thread(
            target=_worker_main,
            args=(worker_requests, worker_answers),
            name="solitaire-partner",
            daemon=True,
        )
        self.thread.start()
        self.requests = requests
        self._listen(answers)

    def _listen(self, answers) -> None:
        reader = threading.Thread(
            target=self._read, args=(answers, self.requests), name="partner-reader", daemon=True
        )
        reader.start()

    def _read(self, answers, requests) -> None:
        while True:
            try:
                message = answers.recv()
            except (EOFError, OSError):
                break
            with self.lock:
                self.in_flight.discard(message.ticket)
                held, self.held = self.held, None
            if held is not None:
                self._send(held)
            self.on_message(message)
        self._lost(requests)

    def _lost(self, requests) -> None:
        """The worker ended (killed, out of memory): start another, and ask it again
        about the position the table shows."""
        with self.lock:
            if self.closed or requests is not self.requests:
                return
            self.in_flight.clear()
            self.restarts += 1
        self._spawn()
        if self.last_consider is not None:
            self._send(self.last_consider)

    # ------------------------------------------------------------------ asking
    def consider(self, rules: Rules, state: State, without: frozenset) -> int:
        """Tell the worker the position the table shows; the ticket its answer will carry."""
        message = Consider(self._ticket(), rules, state.copy(), without)
        self.last_consider = message
        with self.lock:
            if not self.started or len(self.in_flight) >= MOST_IN_FLIGHT:
                self.held = message  # only the newest position matters
                return message.ticket
        self._send(message)
        return message.ticket

    def find_deal(self, rules: Rules, seed: int) -> int:
        message = FindDeal(self._ticket(), rules, seed)
        self.start()
        self._send(message)
        return message.ticket

    def _ticket(self) -> int:
        with self.lock:
            self.tickets += 1
            return self.tickets

    def _send(self, message) -> None:
        with self.lock:
            if self.closed or self.requests is None:
                return
            self.in_flight.add(message.ticket)
            try:
                self.requests.send(message)
            except (OSError, ValueError):  # the worker is gone; the reader restarts it
                self.in_flight.discard(message.ticket)

    def flush(self) -> None:
        """Send what waited for the worker to start."""
        with self.lock:
            held, self.held = self.held, None
        if held is not None:
            self._send(held)

    def close(self) -> None:
        """Let the worker go: it ends when its pipe closes (and a process still busy at
        the interpreter's exit is stopped by multiprocessing's own clean-up)."""
        with self.lock:
            self.closed = True
            requests, self.requests = self.requests, None
        if requests is not None:
            requests.close()
