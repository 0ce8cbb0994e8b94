"""Building positions by hand for rule tests, games played at random, and the checkout's
root for the tests that read its files."""

import errno
import random
import threading
import time
from pathlib import Path

import pytest

from solitaire.model.cards import RANK_CHARS, parse_card
from solitaire.model.game import Game
from solitaire.model.games import make_rules
from solitaire.model.state import State

ROOT = Path(__file__).resolve().parent.parent  # the checkout, from a test in any folder
# Seconds after which a subprocess or a wait counts as hung. Only a hang guard: a slow or
# busy machine (the suite under stress-ng on 2 cores runs some commands 20 times slower)
# must never reach it.
HANG_GUARD = 900


def eventually(check, what: str) -> None:
    """Wait until ``check()`` holds, for as long as a slow or busy machine takes (another
    process, or a thread such as the mixer's, gets its turn when the machine gives it):
    nothing here is timed; only a wait past ``HANG_GUARD`` fails, as a hang."""
    hung_at = time.monotonic() + HANG_GUARD
    while not check():
        if time.monotonic() > hung_at:
            pytest.fail(f"hung: {what} was not so after {HANG_GUARD} s")
        time.sleep(0.002)


def cards(text: str) -> list:
    return [parse_card(token) for token in text.split()]


def game_with(
    game_id: str,
    layout: dict[str, str],
    values: dict | None = None,
    down: dict[str, int] | None = None,
    **options,
) -> Game:
    """A game of ``game_id`` whose position is exactly ``layout`` (pile -> cards, bottom
    first), ``down`` cards face down at the bottom of the piles it names; the running score
    as the deal starts it."""
    rules = make_rules(game_id, **options)
    game = Game(rules, 1)
    piles = rules.empty_piles()
    for name, text in layout.items():
        piles[name] = cards(text)
    start = rules.deal(1).score
    game.state = State(piles, {**game.state.values, **(values or {})}, down, score=start)
    return game


def run_in_steps(search, work: int, most: int = 1_000_000) -> tuple:
    """Run a search a step of ``work`` positions at a time until its verdict, as the
    partner's worker does: (verdict, steps run). No verdict after ``most`` steps fails."""
    for steps in range(1, most + 1):
        verdict = search.step(work)
        if verdict is not None:
            return verdict, steps
    raise AssertionError(f"no verdict after {most} steps")


def engine_winnable(rules, state, budget: int, key=State.key, skip=lambda move: False) -> bool:
    """Can the position be won? Asked of the engine alone: every legal move but those
    ``skip`` names, depth first, each position once as ``key`` tells them apart. A search
    that outgrows ``budget`` positions fails the test instead of answering."""
    seen = {key(state)}
    stack = [state]
    while stack:
        position = stack.pop()
        if rules.is_won(position):
            return True
        for move in rules.legal_moves(position):
            if skip(move):
                continue
            after = rules.successor(position, move)
            after_key = key(after)
            if after_key not in seen:
                seen.add(after_key)
                assert len(seen) < budget, "the position is too big to check"
                stack.append(after)
    return False


def pile(game: Game, name: str) -> str:
    return " ".join(str(card) for card in game.state.piles[name])


def home_up_to(**tops: str) -> dict:
    """Foundation piles holding each named suit from the ace up to the given rank."""
    return {
        "f" + suit: " ".join(rank + suit for rank in RANK_CHARS[: RANK_CHARS.index(top) + 1])
        for suit, top in tops.items()
    }


def random_game(game_id: str, seed, moves: int, **options) -> Game:
    """A game of a seeded random deal with up to ``moves`` random legal moves played."""
    rng = random.Random(seed)
    game = Game(make_rules(game_id, **options), rng.randrange(1000))
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(rng.choice(legal))
    return game


def finishes(action, hang: float = 120.0):
    """``action()``'s result, raised error and all, run in a thread: a test of something
    that must not wait forever (a named pipe, a device) fails if it has not returned
    after ``hang`` seconds, thousands of times what it takes, so a slow or busy machine
    never fails it."""
    outcome = {}

    def run():
        try:
            outcome["value"] = action()
        except BaseException as error:  # noqa: BLE001 - handed to the test as it was
            outcome["error"] = error

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(hang)
    assert not worker.is_alive(), f"still waiting after {hang} s: it hangs"
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def statistics_disk(monkeypatch, full: bool) -> dict:
    """A disk that has no room for the statistics while ``disk["full"]`` is true (the
    other files are written as usual); the switch."""
    from solitaire.ui import library

    disk = {"full": full}
    real = library.write_atomic

    def write(path, text):
        if disk["full"] and Path(path).name == "stats.json":
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, text)

    monkeypatch.setattr(library, "write_atomic", write)
    return disk
