"""A seeded soak of the whole app: random player input, as pygame events.

One ``Soak`` is one app on a fresh data folder, fed a stream of events drawn from a seeded
``random.Random``: clicks, drags, double- and right-clicks on the cards the table shows,
every game's own keys and typed card names, keys while cards are in flight, the dialogs
with their keys and clicks, resizes, focus loss, the boss key and game switches through
the chooser, with the clock run now and then. Nothing reaches the model but through the
app's event handler; the public state is only read, to aim as a player would (a drag from
a card that may move, to where it may go) and to check.

After every event each game the app holds must have its deck (52 or 104) exactly once, and every
game whose position or history changed must come back unchanged from its save
(``saved_game.to_dict``/``from_dict``); at every quit, from the file the app wrote. The
first failure stops the soak with ``SoakFailure``: the seed, the event's index, the event
and the ones before it, for a replay (``bench/soak.py --seed S --events N``).

Shared by tests/system/test_soak.py (CI) and bench/soak.py (the long run).
"""

from __future__ import annotations

import os
import random
import time
import traceback
import warnings
from collections import Counter, deque
from dataclasses import dataclass
from pathlib import Path

import pygame
from table_driver import down, key, motion, up

from solitaire.model.games import GAMES
from solitaire.model.moves import MoveKind
from solitaire.model.rules import HOME
from solitaire.storage import saved_game
from solitaire.ui.app import STEP, App
from solitaire.ui.library import Library
from solitaire.ui.screens.chooser import Chooser
from solitaire.ui.screens.overlays import NumberEntry, OptionsOverlay
from solitaire.ui.table import actions

SIZES = [(800, 600), (1024, 768), (1280, 800), (1366, 768), (1920, 1080)]
RECHECK_EVERY = 200  # events between save-and-reload checks of an unchanged game
RECENT = 12  # events kept for the failure report
# Each ``Soak`` changes every setting but one: "deal only deals proven winnable" makes
# each new deal search for up to 6 s, a deliberate wait that would slow the soak to a
# crawl, so the options dialog's row of that name is never changed.
SLOW_OPTION = "winnable"
# Keys a player may press anywhere (the game's own and the common ones come from the
# game's definition and ui/actions.py).
STRAY_KEYS = (
    [chr(c) for c in range(ord("a"), ord("z") + 1)]
    + [str(d) for d in range(10)]
    + [f"f{n}" for n in range(1, 13)]
    + ["space", "return", "escape", "backspace", "tab", "delete", "up", "down", "left"]
    + ["right", "page up", "page down", "home", "end", "-", "=", "/", "[", "#"]
)
CONTROL_CHARS = {
    "return": "\r",
    "keypad enter": "\r",
    "escape": "\x1b",
    "backspace": "\b",
    "tab": "\t",
    "space": " ",
}


@dataclass(frozen=True)
class Tick:
    """The loop runs once after ``steps`` fixed steps of time (the player waits)."""

    steps: int


@dataclass(frozen=True)
class Resize:
    """The player drags the window's edge: the window takes the size, SDL reports it."""

    size: tuple[int, int]


class SoakFailure(AssertionError):
    def __init__(self, soak: Soak, event: str, trace: str):
        self.seed, self.index, self.event = soak.seed, soak.index, event
        where = soak.app.table.game_id if soak.app.table else "the chooser"
        replay = (
            f"python bench/soak.py --seed {soak.seed!r} --game {soak.first_game} "
            f"--events {soak.index + 1} --show-from {max(0, soak.index - RECENT)}"
        )
        lines = [
            f"soak seed {soak.seed!r}, event {soak.index} ({where}): {event}",
            "events before it:",
            *[f"  {line}" for line in soak.recent],
            f"replay: {replay}",
            trace,
        ]
        super().__init__("\n".join(lines))


def data_folder() -> str | None:
    """Where a soak's data folder goes: in memory where the system has a place for it
    (the app syncs every save to disk, a third of the soak's time on a disk), else the
    system's temporary folder."""
    shm = Path("/dev/shm")
    return str(shm) if shm.is_dir() and os.access(shm, os.W_OK) else None


def describe(event) -> str:
    if isinstance(event, (Tick, Resize)):
        return repr(event)
    fields = {k: v for k, v in event.dict.items() if k != "window"}
    return f"{pygame.event.event_name(event.type)} {fields}"


def key_press(name: str, mod: int = 0) -> pygame.event.Event:
    """A key as SDL reports it: ``name`` as pygame names keys ("a", "f1", "page up")."""
    code = pygame.key.key_code(name)
    char = CONTROL_CHARS.get(name, name if len(name) == 1 else "")
    if mod & pygame.KMOD_SHIFT:
        char = char.upper()
    if mod & pygame.KMOD_CTRL and char.isalpha():
        char = chr(ord(char.lower()) & 31)
    return key(code, mod, char)


def spec_press(spec: str) -> pygame.event.Event:
    """A key written as the game's definition writes it ("Ctrl+L", "F2", "Delete")."""
    *mods, name = spec.split("+")
    mod = 0
    for word in mods:
        mod |= pygame.KMOD_LCTRL if word.strip().lower() == "ctrl" else pygame.KMOD_LALT
    return key_press(name.strip().lower(), mod)


class Soak:
    def __init__(self, folder: Path, seed, first_game: str | None = None, size=None):
        self.seed = seed
        self.rng = random.Random(seed)
        random.seed(f"{seed}-deals")  # the table's own random deals follow the seed too
        self.app = App(
            fullscreen=False,
            size=size or self.rng.choice(SIZES),
            library=Library(Path(folder)),
        )
        self.first_game = first_game or self.rng.choice(list(GAMES))
        self.index = 0
        self.recent: deque[str] = deque(maxlen=RECENT)
        self.counts: Counter = Counter()  # what the soak did: reported and asserted on
        self.checked: dict[str, tuple] = {}  # each game's fingerprint when last reloaded
        self.app.quit = self._quit(self.app.quit)
        self.show_from: int | None = None
        # Gestures rare by chance, each made once at the table early on: a soak of a few
        # hundred events per game (CI shares its events among every registered game)
        # still opens a dialog, resizes the window and loses the focus in every game.
        self.owed = ["overlay", "resize", "focus"]

    def close(self) -> None:
        pygame.quit()

    # ------------------------------------------------------------------ running
    def run(self, events: int, show_from: int | None = None) -> None:
        """Feed ``events`` events (ticks of the clock included); SoakFailure on the first
        exception or broken check. ``show_from``: print every event from that index on."""
        self.show_from = show_from
        while self.index < events:
            gesture = self.next_gesture()
            for event in gesture:
                self.feed(event)
                if self.index >= events:
                    break

    def next_gesture(self):
        """The next gesture's events, made as they are fed: aiming reads the table, which
        may fail too (a SoakFailure like any other)."""
        try:
            gesture = self.gesture()
            while True:
                try:
                    event = next(gesture)
                except StopIteration:
                    return
                yield event
        except GeneratorExit:
            raise
        except Exception:  # noqa: BLE001 - any exception is what the soak looks for
            raise SoakFailure(self, "(aiming the next event)", traceback.format_exc()) from None

    def feed(self, event) -> None:
        text = describe(event)
        if self.show_from is not None and self.index >= self.show_from:
            print(f"{self.index}: {text}", flush=True)
        try:
            self.deliver(event)
            self.check()
        except Exception:  # noqa: BLE001 - any exception is what the soak looks for
            raise SoakFailure(self, text, traceback.format_exc()) from None
        self.recent.append(f"{self.index}: {text}")
        self.index += 1

    def deliver(self, event) -> None:
        app = self.app
        if isinstance(event, Tick):
            # Exactly ``steps`` updates: the time slept since the last pass, on a clean
            # fraction of a step, so a seed always runs the same updates.
            app.lag = STEP / 2
            app.last_step = time.perf_counter() - event.steps * STEP
            app.step(sleep=False)
            self.counts["ticks"] += 1
            return
        if isinstance(event, Resize):
            with warnings.catch_warnings():  # from_display_module: the one window we have
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().size = event.size
            event = pygame.event.Event(pygame.WINDOWRESIZED, x=event.size[0], y=event.size[1])
        app.handle(event)
        app.dirty = True

    # ------------------------------------------------------------------ checks
    def check(self) -> None:
        app = self.app
        for game_id, table in app.tables.items():
            assert table.game.rules.game_id == game_id, f"{game_id}'s table holds another game"
            cards = sorted(table.state.all_cards())
            deck = sorted(table.rules.deck())
            assert cards == deck, f"{game_id}: the cards are not the deck once: {cards}"
            game = table.game
            fingerprint = (id(game), game.state.key(), len(game.done), len(game.undone))
            if fingerprint != self.checked.get(game_id) or self.index % RECHECK_EVERY == 0:
                self.check_reload(game_id, table)
                self.checked[game_id] = fingerprint
        if app.table is not None:
            self.counts[f"events in {app.table.game_id}"] += 1

    def check_reload(self, game_id: str, table) -> None:
        """The game as the app saves it comes back exactly: position and history."""
        game = table.game
        extra = {"seconds": round(table.tally.seconds, 1), "assisted": table.tally.assisted}
        data = saved_game.to_dict(game, extra)
        again, extra_again = saved_game.from_dict(data, game_id)
        same(game_id, game, again)
        assert extra_again == extra, f"{game_id}: extras {extra} came back as {extra_again}"
        assert saved_game.to_dict(again, extra) == data, f"{game_id}: the save changed"
        self.counts["save and reload checks"] += 1

    def _quit(self, real_quit):
        """The app quits (Esc menu, F10, the chooser): it saves every game; the files must
        hold them. Then the soak goes on, as the player would start the game again."""

        def quit_and_check() -> None:
            real_quit()
            self.counts["quits"] += 1
            for game_id, table in self.app.tables.items():
                loaded, _ = self.app.library.load_game(game_id)
                assert loaded is not None, f"{game_id}: no save after quitting"
                same(game_id, table.game, loaded)
            self.app.running = True

        return quit_and_check

    # ------------------------------------------------------------------ gestures
    def gesture(self):
        """The next thing the player does: a few events, aimed at what is on screen now."""
        app = self.app
        if app.overlays:
            self.counts[f"in {type(app.overlays[-1]).__name__}"] += 1
            return self.in_overlay(app.overlays[-1])
        if isinstance(app.screen, Chooser):
            return self.in_chooser(app.screen)
        choices = self.table_gestures(app.table)
        names = list(choices)
        name = self.rng.choices(names, weights=[choices[n][0] for n in names])[0]
        if self.owed and self.rng.random() < 0.1:
            name = self.owed.pop(0)
        self.counts[name] += 1
        return choices[name][1]()

    def table_gestures(self, table) -> dict:
        rules = table.rules
        gestures = {
            "tick": (12, self.tick),
            "click a card": (10, self.click_card),
            "drag": (12, self.drag),
            "double-click": (5, self.double_click),
            "right-click": (3, self.right_click),
            "click anywhere": (3, self.click_anywhere),
            "click a button": (5, self.click_button),
            "hover": (3, self.hover),
            "game key": (6, self.game_key),
            "common key": (4, self.common_key),
            "stray key": (3, self.stray_key),
            "press and hold": (1, self.press_and_hold),
            "resize": (0.6, self.resize),
            "focus": (1, self.focus),
            "boss key": (0.3, lambda: iter([key_press("b")])),
            "full screen": (0.2, self.full_screen),
            "games": (0.4, lambda: iter([key_press("tab")])),
            "overlay": (1.2, self.open_overlay),
            "help from the computer": (0.15, self.assist),
        }
        if rules.typing == "card":
            gestures["type a card"] = (8, self.type_card)
        if rules.typing == "codes":
            gestures["origin and destination keys"] = (8, self.type_codes)
        return gestures

    # ---- mouse on the table
    def tick(self):
        roll = self.rng.random()
        if roll < 0.5:
            steps = 1  # a frame
        elif roll < 0.85:
            steps = self.rng.randint(2, 40)  # part of a flight, a double-click's gap
        elif roll < 0.97:
            steps = self.rng.randint(40, 240)
        else:
            steps = self.rng.randint(240, 2400)  # the player left; the app catches up 5 s
        yield Tick(steps)

    def card_point(self, table, pile: str, index: int | None = None) -> tuple[int, int]:
        """A point on the visible part of card ``index`` (None: the top) of ``pile``, or on
        its empty place."""
        layout = table.view.layout
        cards = table.state.piles[pile]
        if not cards:
            x, y = layout.origin[pile]
            return x + self.rng.randrange(2, layout.card_w - 2), y + self.rng.randrange(
                2, layout.card_h - 2
            )
        positions = layout.card_positions(pile, len(cards))
        index = len(cards) - 1 if index is None else index
        x, y = positions[index]
        width, height = layout.card_w, layout.card_h
        if index < len(cards) - 1:  # covered but for a strip
            next_x, next_y = positions[index + 1]
            width = min(width, abs(next_x - x)) or width
            height = min(height, abs(next_y - y)) or height
        return x + self.rng.randrange(1, max(2, width - 1)), y + self.rng.randrange(
            1, max(2, height - 1)
        )

    def random_card(self, table) -> tuple[str, int | None]:
        piles = list(table.view.layout.slots)
        pile = self.rng.choice(piles)
        count = len(table.state.piles[pile])
        return pile, (self.rng.randrange(count) if count else None)

    def aimed_move(self, table):
        """A move the rules allow now, as a player who knows them would pick one; None
        when there is none (or now and then, to try one that may not be allowed)."""
        moves = [m for m in table.legal_moves() if m.kind in (MoveKind.MOVE, MoveKind.MERCI)]
        if not moves or self.rng.random() < 0.3:
            return None
        return self.rng.choice(moves)

    def drag_ends(self, table):
        move = self.aimed_move(table)
        if move is None:
            pile, index = self.random_card(table)
            start = self.card_point(table, pile, index)
            target = self.rng.choice(list(table.view.layout.slots))
        else:
            cards = table.state.piles[move.src]
            index = move.index if move.kind == MoveKind.MERCI else len(cards) - move.count
            start = self.card_point(table, move.src, index)
            target = move.dst
            if target.startswith("f") and target not in table.view.layout.slots:
                target = HOME
        if target not in table.view.layout.slots:  # home: any foundation of the game
            target = self.rng.choice([p for p in table.view.layout.slots if p.startswith("f")])
        return start, self.card_point(table, target)

    def drag(self):
        table = self.app.table
        start, end = self.drag_ends(table)
        yield down(start)
        for i in range(1, self.rng.randint(1, 4) + 1):
            share = i / 4
            yield motion(
                (
                    int(start[0] + (end[0] - start[0]) * share),
                    int(start[1] + (end[1] - start[1]) * share),
                )
            )
            if self.rng.random() < 0.2:
                yield Tick(1)
        yield motion(end)
        yield up(end)

    def click_card(self):
        table = self.app.table
        if self.rng.random() < 0.5:  # click, then click where it goes
            start, end = self.drag_ends(table)
            yield down(start)
            yield up(start)
            if self.rng.random() < 0.2:
                yield Tick(self.rng.randint(1, 60))
            yield down(end)
            yield up(end)
            return
        point = self.card_point(table, *self.random_card(table))
        yield down(point)
        yield up(point)

    def double_click(self):
        table = self.app.table
        move = self.aimed_move(table)
        pile = move.src if move is not None else self.random_card(table)[0]
        point = self.card_point(table, pile)
        yield down(point)
        yield up(point)
        if self.rng.random() < 0.15:
            yield Tick(self.rng.randint(1, 80))  # some too slow to be a double-click
        yield down(point)
        yield up(point)

    def right_click(self):
        table = self.app.table
        point = self.card_point(table, *self.random_card(table))
        yield down(point, 3)
        yield up(point, 3)

    def random_point(self) -> tuple[int, int]:
        w, h = self.app.window.size
        return self.rng.randrange(-5, w + 5), self.rng.randrange(-5, h + 5)

    def click_anywhere(self):
        point, button = self.random_point(), self.rng.choice([1, 1, 1, 2, 3, 4, 5])
        yield down(point, button)
        if self.rng.random() < 0.3:
            yield pygame.event.Event(
                pygame.MOUSEWHEEL, x=0, y=self.rng.choice([-1, 1]), flipped=False
            )
        yield up(point, button)

    def click_button(self):
        buttons = [b for b in self.app.table.bar.buttons if b.label not in ("Hint", "Demo")]
        rect = self.rng.choice(buttons).rect
        point = (
            rect.x + self.rng.randrange(max(1, rect.w)),
            rect.y + self.rng.randrange(max(1, rect.h)),
        )
        yield down(point)
        yield up(point)

    def hover(self):
        for _ in range(self.rng.randint(1, 4)):
            point = self.random_point()
            yield pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(1, 1), buttons=(0, 0, 0))

    def press_and_hold(self):
        """A press held while time passes, cards fly and keys are pressed (a move, an
        undo, a new deal under the held cards), then let go somewhere."""
        table = self.app.table
        start, end = self.drag_ends(table)
        yield down(start)
        yield motion(end)
        for _ in range(self.rng.randint(0, 2)):
            keys = self.rng.choice([self.common_key, self.game_key, self.typed_keys, self.tick])
            yield from keys()
        yield up(self.random_point() if self.rng.random() < 0.3 else end)

    # ---- keys on the table
    def game_key(self):
        specs = list(self.app.table.rules.key_actions)
        if specs:
            yield spec_press(self.rng.choice(specs))

    def common_key(self):
        specs = [s for s, a in actions.COMMON_KEYS.items() if a not in ("hint", "demo")]
        yield spec_press(self.rng.choice(specs))

    def stray_key(self):
        roll = self.rng.random()
        mod = pygame.KMOD_LSHIFT if roll < 0.2 else pygame.KMOD_LCTRL if roll < 0.3 else 0
        mod = pygame.KMOD_LALT if 0.3 <= roll < 0.35 else mod
        press = key_press(self.rng.choice(STRAY_KEYS), mod)
        if press.key == pygame.K_d and mod & pygame.KMOD_CTRL or press.key == pygame.K_h and mod:
            return  # the computer's help has its own, rarer gesture
        yield press
        if press.unicode.isprintable() and press.unicode and self.rng.random() < 0.5:
            yield pygame.event.Event(pygame.TEXTINPUT, text=press.unicode)
        if self.rng.random() < 0.3:
            yield pygame.event.Event(pygame.KEYUP, key=press.key, mod=mod, unicode="", scancode=0)

    def type_card(self):
        """La Belle Lucie's card typing: a card's name (often one that may move), Enter;
        now and then a command word, a slip or Backspace."""
        table = self.app.table
        move = self.aimed_move(table)
        roll = self.rng.random()
        if move is not None and roll < 0.6:
            cards = table.state.piles[move.src]
            name = str(cards[move.index if move.kind == MoveKind.MERCI else -1])
        elif roll < 0.7 and table.rules.typed_words:
            name = self.rng.choice(list(table.rules.typed_words))
        else:
            name = self.rng.choice("A23456789TJQKX1") + self.rng.choice("CDHSX")
        if name[0] == "T" and self.rng.random() < 0.3:
            name = "10" + name[1:]
        for char in name:
            shifted = self.rng.random() < 0.5
            yield key_press(char.lower(), pygame.KMOD_LSHIFT if shifted else 0)
        if self.rng.random() < 0.1:
            yield key_press("backspace")
        yield key_press(self.rng.choice(["return", "return", "return", "keypad enter", "escape"]))

    def type_codes(self):
        """Origin key, destination key (Canfield, The Prince, Vierfrei ...)."""
        rules = self.app.table.rules
        by_pile = {pile: code for code, pile in rules.codes.items() if len(code) == 1}
        move = self.aimed_move(self.app.table)
        if move is not None and move.src in by_pile:
            dst = HOME if move.dst.startswith("f") else move.dst
            codes = [by_pile[move.src], by_pile.get(dst, self.rng.choice(list(by_pile.values())))]
        else:
            codes = [self.rng.choice(list(by_pile.values())) for _ in range(2)]
        for code in codes:
            yield key_press(code, pygame.KMOD_LSHIFT if self.rng.random() < 0.2 else 0)

    def typed_keys(self):
        """The game's keyboard play, if it has one."""
        typing = self.app.table.rules.typing
        if typing == "card":
            yield from self.type_card()
        elif typing == "codes":
            yield from self.type_codes()

    def assist(self):
        yield key_press(self.rng.choice(["h", "d"]), pygame.KMOD_LCTRL)

    # ---- the window
    def resize(self):
        w, h = self.rng.randint(320, 1920), self.rng.randint(240, 1200)
        roll = self.rng.random()
        if roll < 0.6:
            yield Resize((w, h))
        elif roll < 0.85:  # a late report of an older size
            yield pygame.event.Event(pygame.WINDOWRESIZED, x=w, y=h)
        else:
            yield pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)

    def focus(self):
        kinds = [
            pygame.WINDOWFOCUSLOST,
            pygame.WINDOWFOCUSGAINED,
            pygame.WINDOWMINIMIZED,
            pygame.WINDOWRESTORED,
            pygame.WINDOWSHOWN,
            pygame.WINDOWHIDDEN,
            pygame.WINDOWLEAVE,
            pygame.WINDOWENTER,
            pygame.WINDOWEXPOSED,
        ]
        for _ in range(self.rng.randint(1, 3)):
            yield pygame.event.Event(self.rng.choice(kinds))
            if self.rng.random() < 0.3:
                yield Tick(self.rng.randint(1, 600))

    def full_screen(self):
        if self.rng.random() < 0.5:
            yield key_press("f11")
        else:
            yield key_press("return", pygame.KMOD_LALT)

    def open_overlay(self):
        table = self.app.table
        choices = ["f1", "o", "f5", "escape"]
        choices += [s for s, a in table.rules.key_actions.items() if a in ("game_number", "info")]
        choice = self.rng.choice(choices + ["Ctrl+O", "Ctrl+E"])
        yield spec_press(choice) if "+" in choice or choice[0].isupper() else key_press(choice)

    # ---- dialogs and the chooser
    def in_overlay(self, overlay):
        roll = self.rng.random()
        if roll < 0.25:
            return self.tick()
        if roll < 0.5:
            return self.overlay_click(overlay)
        if isinstance(overlay, NumberEntry) and roll < 0.8:
            return self.number_keys()
        return self.overlay_key(overlay)

    def overlay_key(self, overlay):
        names = ["up", "down", "left", "right", "return", "escape", "space", "page down"]
        names += ["page up", "o", "h", "f1", "r", "n", "e", "y", "b"]
        name = self.rng.choice(names)
        changes = name in ("left", "right", "space")
        if (
            changes
            and isinstance(overlay, OptionsOverlay)
            and self.slow_row(overlay) == overlay.choice
        ):
            name = "down"
        yield key_press(name)

    def overlay_click(self, overlay):
        rects = getattr(overlay, "rects", [])
        slow = self.slow_row(overlay) if isinstance(overlay, OptionsOverlay) else None
        aimable = [r for i, r in enumerate(rects) if i != slow]
        if aimable and self.rng.random() < 0.7:
            rect = self.rng.choice(aimable)
            point = rect.center
        else:
            point = self.random_point()
            if slow is not None and slow < len(rects) and rects[slow].collidepoint(point):
                point = (0, 0)
        button = self.rng.choice([1, 1, 1, 3])
        yield pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))
        yield down(point, button)
        yield up(point, button)
        if self.rng.random() < 0.2:
            yield pygame.event.Event(
                pygame.MOUSEWHEEL, x=0, y=self.rng.choice([-2, 2]), flipped=False
            )

    @staticmethod
    def slow_row(overlay) -> int:
        rows = [i for i, row in enumerate(overlay.rows) if SLOW_OPTION in row[0]]
        assert len(rows) == 1, f"the options dialog has no single '{SLOW_OPTION}' row"
        return rows[0]

    def number_keys(self):
        for _ in range(self.rng.randint(1, 7)):
            yield key_press(self.rng.choice("0123456789" if self.rng.random() < 0.9 else "xb"))
        yield key_press(self.rng.choice(["return", "return", "backspace", "escape"]))

    def in_chooser(self, chooser):
        if self.app.table is None:  # the start: the soak's first game, found by its name
            for char in GAMES[self.first_game].title:
                yield key(pygame.key.key_code(char.lower()), char=char)
            yield key_press("return")
            return
        roll = self.rng.random()
        if roll < 0.25:
            yield from self.tick()
        elif roll < 0.4:  # a few letters of a game's name, or one taken back
            title = GAMES[self.rng.choice(chooser.ids)].title
            for char in title[: self.rng.randint(1, 4)]:
                yield key(pygame.key.key_code(char.lower()), char=char)
            if self.rng.random() < 0.3:
                yield key_press("backspace")
        elif roll < 0.5:
            yield pygame.event.Event(
                pygame.MOUSEWHEEL, x=0, y=self.rng.choice([-3, -1, 1, 3]), flipped=False
            )
        elif roll < 0.7 and chooser.rects:
            point = self.rng.choice(chooser.rects).center
            yield pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))
            yield down(point)
            yield up(point)
        elif roll < 0.73:  # Ctrl+M sound, Ctrl+Q quits (every letter alone is typing here)
            yield key_press(self.rng.choice("mq"), pygame.KMOD_LCTRL)
        else:
            yield key_press(
                self.rng.choice(
                    ["up", "down", "left", "right", "return", "tab", "escape", "page down", "end"]
                )
            )


def same(game_id: str, game, again) -> None:
    """``again`` (reloaded) is ``game``: the position and the undo and redo history."""
    assert again.rules.game_id == game_id, f"{game_id}: reloaded as {again.rules.game_id}"
    assert again.deal_number == game.deal_number, f"{game_id}: the deal changed"
    assert again.state.key() == game.state.key(), f"{game_id}: the position changed"
    assert [t.text for t in again.done] == [t.text for t in game.done], f"{game_id}: undo"
    assert [t.text for t in again.undone] == [t.text for t in game.undone], f"{game_id}: redo"
