"""The application: window, loop, screens and the keys that work everywhere.

The loop updates at a fixed rate and draws only when something changed. With nothing
moving it sleeps in SDL until the next event or the next tick of the on-screen clock.
"""

from __future__ import annotations

import os
import queue
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pygame

from .. import APP_ID, i18n
from ..assets import asset_dir
from ..i18n import N_, _
from ..solver.worker import shared_link
from ..storage.replay_file import Replayer, ReplayError
from ..storage.stats import option_key
from .art import face_cache
from .art.backgrounds import TABLES
from .art.card_art import CardArt
from .art.card_backs import BACKS
from .art.theme import COLOUR, MONO, forget_fonts
from .library import Library
from .platform.audio import Audio, NullAudio
from .platform.idle import Idler
from .platform.launcher import refresh_packaged_launcher
from .platform.window import Window
from .screen import Screen
from .screens.chooser import Chooser
from .screens.help_screen import HelpOverlay
from .screens.overlays import (
    ConfirmOverlay,
    InfoOverlay,
    LossOverlay,
    MenuOverlay,
    NumberEntry,
    OptionsOverlay,
    WinOverlay,
    info_lines,
)
from .screens.stats_screen import (
    LOSS_TITLE,
    StatsOverlay,
    breakdown_lines,
    loss_lines,
    win_lines,
    win_title,
)
from .table.actions import BossKey, boss_keys, is_boss_key
from .table.layout import CARD_SCALES
from .table.screen import TableScreen
from .table.tally import Tally

STEP = 1 / 120  # fixed update step, seconds
RECORD = "record"  # the writer's name for --record's writes
# Frames a second while something moves: as many as the display shows (a 144 Hz screen
# gets 144), at least FRAME_RATE where it does not say, at most MAX_FRAME_RATE.
FRAME_RATE, MAX_FRAME_RATE = 60, 240
LONGEST_CATCH_UP = 5.0  # seconds of updates run after a long sleep, at most
AUDIO_REST = 5.0  # seconds without input before the audio device is let go
INPUT_EVENTS = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEWHEEL)
# Posted by the partner's reader and the save writer (other threads) to wake the loop.
WAKE = pygame.event.custom_type()
# Posted when a second copy of the game, started meanwhile, asks this one to show itself.
SHOW = pygame.event.custom_type()
# After these the window's picture may be gone or stale: the next frame is drawn whole.
REPAINT_EVENTS = (
    pygame.WINDOWSHOWN,
    pygame.WINDOWEXPOSED,
    pygame.WINDOWRESTORED,
    pygame.WINDOWMAXIMIZED,
    pygame.WINDOWRESIZED,
    pygame.WINDOWSIZECHANGED,
)


def prepare_environment() -> None:
    """SDL hints that must be set before pygame opens the display."""
    # Software window surfaces: ~30 MiB instead of ~140 MiB through software OpenGL, and
    # cheaper flips on machines without a GPU. Plenty for a card game.
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    os.environ.setdefault("SDL_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR", "0")
    # The window's class (X11) and app id (Wayland) are the application's id, which desktops
    # match to data/APP_ID.desktop (StartupWMClass) and its icon, however the game was
    # started. Set, not defaulted: importing pygame has already set the X11 one to the
    # script's name (main.py, solitaire, Solitaire) wherever DISPLAY is set.
    os.environ["SDL_VIDEO_X11_WMCLASS"] = APP_ID
    os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] = APP_ID


class App:
    def __init__(
        self,
        fullscreen: bool | None = None,
        mono: bool = False,
        size=None,
        record: Path | None = None,
        library: Library | None = None,
    ):
        """``fullscreen`` and ``size`` None: as the player left them (the settings)."""
        prepare_environment()
        # Only what the first frame needs; sound starts after it is on screen.
        pygame.display.init()
        pygame.font.init()
        forget_fonts()
        self.library = library or Library.open()
        self.library.writer.on_done = self.wake
        # The computer partner thinks in a worker beside the loop; its answers arrive here.
        self.inbox: queue.SimpleQueue = queue.SimpleQueue()
        self.partner_link = shared_link(self.hear_partner)
        settings = self.library.settings
        i18n.choose(settings["language"])  # before the first word is drawn
        # A one-off --windowed launch is not the player's choice for next time: full screen
        # is remembered only as the settings gave it or as the player switched it.
        self.fullscreen_chosen = fullscreen is None
        fullscreen = settings["fullscreen"] if fullscreen is None else fullscreen
        self.window = Window(
            fullscreen, size or tuple(settings["window_size"]), settings["window_position"]
        )
        self.title = "Solitaire"
        pygame.display.set_caption(self.title)
        pygame.display.set_allow_screensaver(True)
        self.audio: Audio | NullAudio = NullAudio()  # until the first frame is on screen (see draw)
        self.audio.muted = settings["muted"]
        self.look = look_from(settings["look"], mono)
        self.tables: dict[str, TableScreen] = {}
        self.table: TableScreen | None = None
        self.last_game = settings["last_game"]
        self.overlays: list = []
        self.clock_running = True
        self.running = True
        self.idler = Idler()
        self.frame_clock = pygame.time.Clock()
        self.frame_rate = FRAME_RATE  # the display's, once the window shows (see resize)
        # The loop's clock: real time, or a test's clock that moves only when told to.
        self.clock: Callable[[], float] = time.perf_counter
        self.last_step, self.lag, self.dirty = self.clock(), 0.0, True
        self.repaint = True  # the next frame must be drawn whole (see REPAINT_EVENTS)
        self.audio_rest_at = self.last_step + AUDIO_REST
        self.screen: Screen = Chooser(self)
        # Notices for the player, shown once on the table, each in its turn.
        self.notices: list[str] = list(self.library.messages)
        self.library.messages.clear()
        self.record = record
        # bench/startup.py waits for this line: the first frame of a dealt table is on screen.
        self.report_ready = os.environ.get("SOLITAIRE_REPORT_READY") == "1"
        # .ci/run waits for this one: the partner's first verdict came (from its worker).
        self.report_partner = os.environ.get("SOLITAIRE_REPORT_PARTNER") == "1"

    @property
    def theme(self):
        return MONO if self.look["mono"] else COLOUR

    # ------------------------------------------------------------------ screens
    def open_game(
        self,
        game_id: str,
        deal: int | None = None,
        options: dict | None = None,
        animate: bool = True,
    ) -> None:
        """Show a game: the one in progress (this session's, else the saved one), or a new
        deal when one is asked for."""
        table = self.tables.get(game_id)
        if table is None or deal is not None or options:
            if table is not None:
                table.new_deal(deal, options)
            else:
                table = self.make_table(game_id, deal, options, animate)
                self.tables[game_id] = table
        self.table = self.screen = table
        self.repaint = True
        table.partner.ask_again()  # another table may have had the worker's ear meanwhile
        if self.last_game != game_id:
            self.last_game = game_id
            self.remember("last_game", game_id)
        for words in self.notices:
            table.notify(words)
        self.notices.clear()

    def make_table(self, game_id: str, deal, options, animate: bool) -> TableScreen:
        saved_options = self.library.settings["options"].get(game_id, {})
        game, extra = self.library.load_game(game_id)
        if game is not None and (deal is not None or options):
            # A new deal asked for at launch replaces the saved game: it counts (The Prince),
            # as a loss if a move was made, unless its result is in already.
            if not game.rules.is_won(game.state) and Tally(self.library, extra).count(game):
                self.library.messages.append(_("The game left in progress counted as a loss."))
            game, extra = None, {}
        self.notices += self.library.messages
        self.library.messages.clear()
        try:
            table = TableScreen(
                self,
                game_id,
                options or saved_options,
                deal,
                game,
                extra,
            )
        except ValueError:  # saved rule options no longer valid: the game's defaults
            table = TableScreen(self, game_id, {}, deal)
        table.resize(self.window.size)
        table.partner.position_changed()
        if animate and game is None:
            table.motion.deal_in(table.laid_out_view, table.state)
            self.audio.play("shuffle")
        return table

    def open_chooser(self) -> None:
        self.screen.let_go()
        self.screen = Chooser(self)
        self.repaint = True

    def open_overlay(self, overlay) -> None:
        self.screen.let_go()
        self.overlays.append(overlay)

    def close_overlay(self, overlay) -> None:
        if overlay in self.overlays:
            self.overlays.remove(overlay)

    def open_help(self) -> None:
        if self.table is not None:
            self.open_overlay(HelpOverlay(self, self.table.rules))

    def open_options(self) -> None:
        if self.table is not None:
            self.open_overlay(OptionsOverlay(self, self.table))

    def open_stats(self) -> None:
        if self.table is not None:
            self.open_overlay(StatsOverlay(self, self.table.game_id, self.table.rules))

    def export(self, table: TableScreen) -> None:
        path = self.library.export(table.game)
        table.say(
            _("Saved as {path}").format(path=path) if path else _("This game could not be saved."),
            6.0,
        )

    def choose_replay(self) -> None:
        files = self.library.replays()
        if not files:
            if self.table is not None:
                self.table.say(_("No replays yet: Ctrl+E exports the game you are playing."), 4.0)
            return
        items = [(path.stem, lambda p=path: self.open_replay(p)) for path in files]
        self.open_overlay(
            MenuOverlay(self, N_("Watch a replay"), items + [(N_("Cancel"), lambda: None)])
        )

    def open_replay(self, path: Path) -> bool:
        """Show a replay file's game at its deal, its moves ready for Right (forward).

        A replay is watched beside the game in progress, which stays as it is (in the
        window's memory and on disk): a replay is never saved, never counted, and never
        becomes the game in progress. A new deal asked for while it shows leaves it for
        the game in progress, which deals then as usual."""
        try:
            replayer = Replayer.open(path)
        except (OSError, ReplayError) as error:
            if self.table is not None:
                self.table.say(f"{path.name}: {error}", 6.0)
            return False
        game = replayer.game
        game_id = game.rules.game_id
        self.screen.let_go()
        viewer = TableScreen(self, game_id, dict(game.rules.options), game=game, replay=True)
        viewer.resize(self.window.size)
        viewer.partner.position_changed()
        self.table = self.screen = viewer
        self.repaint = True
        viewer.say(
            _("Replay of {name}: Right steps forward, Left back.").format(name=path.name), 6.0
        )
        return True

    def leave_replay(self, viewer: TableScreen) -> TableScreen:
        """From a replay back to the game in progress of its game; that table."""
        self.open_game(viewer.game_id)
        assert self.table is not None  # open_game has just shown that game's table
        return self.table

    def ask(self, question: str, then: Callable[[], None]) -> None:
        """A yes-or-no question; ``then`` if the answer is yes."""
        self.open_overlay(ConfirmOverlay(self, question, then))

    def open_info(self) -> None:
        if self.table is not None:
            self.open_overlay(InfoOverlay(self, info_lines(self.table.rules.title)))

    def open_quit_menu(self) -> None:
        table = self.table
        items = [(N_("Exit to the desktop"), self.quit)]
        if table is not None:
            items.append((N_("New hand"), table.new_deal))
        items.append((N_("Return to the game"), lambda: None))
        # "Return" chosen at first: an Enter meant for the table (a typed move's, after
        # an Esc too many) must never leave.
        self.open_overlay(MenuOverlay(self, N_("Quit?"), items, choice=-1))

    def ask_game_number(self) -> None:
        if self.table is not None:
            self.open_overlay(NumberEntry(self, self._deal_number))

    def _deal_number(self, number: int) -> None:
        """The deal number typed into NumberEntry: that deal of the table shown then."""
        assert self.table is not None  # asked for with a table, and never None again after
        self.table.new_deal(number)

    def set_language(self, wanted: str) -> None:
        """Speak ``wanted`` (a language code, or ``i18n.AUTOMATIC``) from now on: texts are
        rendered by their words, so the new words are simply drawn; what was laid out to
        the old words' sizes is laid out again."""
        i18n.choose(wanted)
        self.remember("language", wanted)
        self.resize(new_look=True)

    def set_look(self, key: str, value) -> None:
        self.look[key] = value
        self.resize(new_look=True)
        self.remember("look", dict(self.look))

    def remember(self, key: str, value) -> None:
        """A setting the player changed: kept in the data folder for the next start."""
        self.library.settings[key] = value
        self.library.save_settings()

    def remember_options(self, game_id: str, rules) -> None:
        texts = {spec.name: spec.format(rules.options[spec.name]) for spec in rules.option_specs}
        self.remember("options", {**self.library.settings["options"], game_id: texts})

    def solvable_only(self, game_id: str) -> bool:
        return bool(self.library.settings["solvable"].get(game_id))

    def set_solvable_only(self, game_id: str, on: bool) -> None:
        self.remember("solvable", {**self.library.settings["solvable"], game_id: on})

    def last_result(self, game_id: str) -> str:
        history = self.library.stats.history(game_id)
        if not history:
            return _("not played yet")
        last = history[-1]
        if last.won:
            return _("won, deal {deal}, {date}").format(deal=last.deal, date=last.date[:10])
        return _("lost, deal {deal}, {date}").format(deal=last.deal, date=last.date[:10])

    def game_won(self, table: TableScreen) -> None:
        """Count the win (once), cheer, and say who won and how."""
        counted = table.tally.count(table.game)
        self.save(table)  # its save says so too
        rules = table.rules
        # The shipped fanfare, then the cheers (La Belle Lucie: "an extra cheer or two").
        self.audio.play_in_turn(["fanfare"] + ["cheer"] * (1 + rules.extra_cheers(table.state)))
        summary = self.library.stats.summary(table.game_id, option_key(rules))
        title = win_title(table.tally.assisted, table.tally.help_used)
        lines = win_lines(table, summary, counted) + breakdown_lines(table, self.library.stats)
        table.status.clear()  # what was said before the end is stale under its box
        self.open_overlay(WinOverlay(self, table, title, lines))

    def game_lost(self, table: TableScreen) -> None:
        """No move can bring another card home: the loss is counted now, and said."""
        counted = table.tally.count(table.game)
        self.save(table)
        self.audio.play("bing")
        summary = self.library.stats.summary(table.game_id, option_key(table.rules))
        lines = loss_lines(table, summary, counted) + breakdown_lines(table, self.library.stats)
        table.status.clear()  # a "Last reshuffle" message, say: stale under the box
        self.open_overlay(LossOverlay(self, table, LOSS_TITLE, lines))

    def game_changed(self, table: TableScreen) -> None:
        """After a move (the table saved it): what the saves said; with --record, the
        moves as notation."""
        self.tell_library_news()
        if self.record is None:
            return
        game = table.game
        header = f"{table.game_id} {game.deal_number} {game.rules.option_text()}".rstrip()
        text = f"{header}\n{' '.join(game.notation())}\n"
        self.library.writer.submit(RECORD, self.record, text, atomic=False)

    def save(self, table: TableScreen) -> None:
        """The game in progress on disk; never a replay's."""
        if not table.replay:
            self.library.save_game(table.game, table.tally.extra())

    def quit(self) -> None:
        """Leave, keeping every game's clock and the window's place for next time."""
        self.running = False
        for table in self.tables.values():
            self.save(table)
        if not self.window.fullscreen:
            self.library.settings["window_position"] = list(pygame.display.get_window_position())
            self.library.settings["window_size"] = list(self.window.size)
        if self.fullscreen_chosen:
            self.remember(
                "fullscreen", self.window.fullscreen or self.window.hidden_from_fullscreen
            )
        self.library.flush()  # every save on disk before the window goes
        self.partner_link.close()

    # ------------------------------------------------------------------ beside the loop
    def wake(self) -> None:
        """Called from another thread: something arrived for the loop to look at."""
        try:
            pygame.event.post(pygame.event.Event(WAKE))
        except pygame.error:  # the display is gone (quitting): nothing to wake
            pass

    def bring_to_front(self) -> None:
        """Called from another thread: a second copy was started; show this one."""
        try:
            pygame.event.post(pygame.event.Event(SHOW))
        except pygame.error:
            pass

    def hear_partner(self, message) -> None:
        """Called from the partner's reader thread with each message of the worker."""
        self.inbox.put(message)
        self.wake()

    def collect(self) -> None:
        """Take in what arrived from beside the loop: the partner's answers and how the
        saves went."""
        while True:
            try:
                message = self.inbox.get_nowait()
            except queue.Empty:
                break
            self.deliver(message)
        if self.library.collect():
            self.tell_library_news()
            self.dirty = True  # the saving problem shows, or goes
        failed = self.library.failed_writes.pop(RECORD, None)
        if failed is not None and self.record is not None:
            self.record = None  # told once; the game goes on without it
            if self.table is not None:
                self.table.say(
                    _("Cannot write the record file: {problem}").format(problem=failed), 5.0
                )

    def deliver(self, message) -> None:
        for table in self.tables.values():
            if table.receive(message):
                if self.report_partner and table.verdict_known:
                    self.report_partner = False
                    print(f"partner: {table.verdict_text}", flush=True)
                return

    def tell_library_news(self) -> None:
        if self.library.messages and self.table is not None:
            for words in self.library.messages:
                self.table.notify(words)
            self.library.messages.clear()

    def wait_for_partner(self, timeout: float = 900.0) -> None:
        """Until the shown table's partner has answered (tests, benches and tools that
        drive the app without a person: the loop itself never waits). ``timeout`` only
        stops a test that would otherwise hang on a worker that died."""
        self.partner_link.start()
        deadline = time.monotonic() + timeout
        table = self.table
        if table is not None:
            table.settle()  # a move made and not yet told
        while table is not None and (table.partner.thinking or table.wanted_deal is not None):
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the partner did not answer")
            try:
                message = self.inbox.get(timeout=left)
            except queue.Empty:
                continue
            self.deliver(message)
        self.collect()

    # ------------------------------------------------------------------ input
    def handle(self, event) -> None:
        if event.type in REPAINT_EVENTS:
            self.repaint = True
        if event.type in INPUT_EVENTS:
            self.audio.wake()  # input may ask for a sound: have the device ready
            self.audio_rest_at = self.clock() + AUDIO_REST
        if event.type == WAKE:
            self.collect()
        elif event.type == SHOW:
            self.window.bring_to_front()
            if not self.clock_running:  # hidden by the boss key: as when restored
                self.window.restored()
                self.resize()
                self.resume()
        elif event.type == pygame.QUIT:
            if self.running:
                self.quit()
        elif event.type == pygame.WINDOWRESIZED:
            self.window.resized((event.x, event.y))
            self.resize()
        elif event.type == pygame.WINDOWMINIMIZED:
            self.pause()
        elif event.type in (pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            if not self.clock_running:
                self.window.restored()
                self.resize()
                self.resume()
        elif event.type == pygame.KEYDOWN and self.global_key(event):
            return
        elif event.type in (
            pygame.KEYDOWN,
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.MOUSEMOTION,
            pygame.MOUSEWHEEL,
            pygame.TEXTINPUT,
        ):
            self.route(event)

    def route(self, event) -> None:
        if self.overlays:
            if event.type != pygame.TEXTINPUT:
                self.overlays[-1].handle(event)
            return
        self.screen.handle(event)

    def global_key(self, event) -> bool:
        """Keys that work on every screen, dialogs included."""
        if event.key == pygame.K_q and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.quit()  # a menu or a dialog open too: the game is kept as it is
            return True
        alt_enter = event.key == pygame.K_RETURN and event.mod & pygame.KMOD_ALT
        if event.key == pygame.K_F11 or alt_enter:
            self.window.toggle_fullscreen()
            self.fullscreen_chosen = True
            self.resize()
            return True
        table = self.table if self.screen is self.table else None
        if table is not None:
            keys = boss_keys(table.rules)
        else:
            keys = Chooser.BOSS_KEYS if isinstance(self.screen, Chooser) else tuple(BossKey)
        entry = isinstance(self.overlays[-1] if self.overlays else None, NumberEntry)
        if is_boss_key(event, keys) and not entry:
            self.boss_key()
            return True
        return False

    def toggle_mute(self) -> None:
        muted = self.audio.toggle_mute()
        if self.table is not None:
            self.table.say(_("Sound off.") if muted else _("Sound on."))
        self.remember("muted", muted)

    # ------------------------------------------------------------------ boss key
    def boss_key(self) -> None:
        """Hide at once: out of full screen, sound and clock paused, window minimised."""
        self.pause()
        self.window.hide()
        self.resize()

    def pause(self) -> None:
        self.catch_up()  # the time before hiding counts
        self.clock_running = False
        self.audio.pause()

    def resume(self) -> None:
        self.catch_up()  # the hidden time passes with the clock stopped
        self.clock_running = True
        self.audio.resume()

    def resize(self, new_look: bool = False) -> None:
        """Lay the tables out again for the window's size (card art too, for a new look)."""
        self.repaint = True
        self.frame_rate = display_frame_rate()
        for table in self.tables.values():
            if new_look or table.size != self.window.size:
                table.resize(self.window.size)
        if isinstance(self.screen, Chooser):
            self.screen.felt = None

    # ------------------------------------------------------------------ loop
    def busy(self) -> bool:
        return self.screen.busy or any(overlay.busy for overlay in self.overlays)

    def update(self, dt: float) -> bool:
        changed = self.screen.update(dt)
        for overlay in self.overlays:
            changed = overlay.update(dt) or changed
        return changed

    def draw(self) -> None:
        self.show_title()
        surface = self.window.surface
        self.screen.draw(surface, self.lag)
        for overlay in self.overlays:
            overlay.draw(surface)
        pygame.display.flip()
        if self.report_ready and self.table is not None and not self.table.busy:
            self.report_ready = False
            print("ready", flush=True)
        if self.window.finish_opening():
            self.resize()
            self.dirty = True
        if isinstance(self.audio, NullAudio) and self.audio.problem is None:
            pygame.display.set_icon(make_icon())  # after the first frame, like the sound
            self.start_sound()
            self.partner_link.start()
            # The packaged game's launcher follows its folder: written beside a thread, as it
            # reads the catalogues for the launcher's translations (some 20 ms).
            threading.Thread(target=refresh_packaged_launcher, daemon=True).start()
            if self.table is not None:  # the faces for the next launch's first frame
                face_cache.keep(
                    self.library.cache, self.table.laid_out_view.art, self.library.writer
                )
                face_cache.remove_old(self.library.folder)  # where earlier versions kept them

    def show_title(self) -> None:
        """The window's title names the game and its deal number (vierfrei.doc: "the number of
        the game you are just playing is shown in the title line of the window")."""
        table = self.table
        title = "Solitaire"
        if table is not None and self.screen is table:
            title = _("{game} #{deal} - Solitaire").format(
                game=_(table.rules.title), deal=table.game.deal_number
            )
        if title != self.title:
            self.title = title
            pygame.display.set_caption(title)

    def start_sound(self) -> None:
        """Open the audio device after the first frame: start-up shows the table sooner."""
        muted = self.audio.muted
        self.audio = Audio.open(asset_dir("sounds"))
        self.audio.muted = muted
        if self.audio.problem:
            if self.table is not None:
                self.table.notify(self.audio.problem)  # asks for the frame that shows it
            else:
                self.notices.append(self.audio.problem)

    def run(self) -> None:
        while self.running:
            self.step()

    def catch_up(self) -> None:
        """Run the fixed updates for the time that passed since the last ones."""
        now = self.clock()
        self.lag += min(now - self.last_step, LONGEST_CATCH_UP)
        self.last_step = now
        if not self.busy() and self.lag >= STEP:
            # Nothing moves: one update covers the whole wait (a second of clock, say).
            whole = self.lag - self.lag % STEP
            self.dirty = self.update(whole) or self.dirty
            self.lag -= whole
        while self.lag >= STEP:
            self.dirty = self.update(STEP) or self.dirty
            self.lag -= STEP

    def step(self, sleep: bool = True) -> None:
        """One pass of the loop: sleep if idle, read events, update, draw if needed."""
        busy = self.busy()
        if sleep and not busy and not self.dirty:
            wake = self.screen.next_wakeup() if self.clock_running else 3600.0
            rest_in = self.audio_rest_at - self.clock()
            if rest_in <= 0 and not self.audio.asleep:
                self.audio.sleep()
                if not self.audio.asleep:  # a sound still plays: try again in a second
                    self.audio_rest_at = self.clock() + 1.0
            elif rest_in > 0:
                wake = min(wake, rest_in)
            self.idler.sleep(int(wake * 1000) + 1)
        # The last pass's frame is on screen: the work that waited for it (after a move,
        # the partner told and the game saved) runs now, so that frame waited for none of it.
        self.screen.after_frame()
        # The clocks catch up with the time slept before the input is handled: a click,
        # a message or the finder's arrow after a pause is timed from now, not from
        # before the pause (a double-click would span the whole sleep).
        self.catch_up()
        for event in pygame.event.get():
            self.handle(event)
            if event.type != WAKE:  # an answer or a save redraws only what it changes
                self.dirty = True
        self.catch_up()
        if self.dirty and self.running:
            self.dirty = False  # before drawing: the first frame may ask for another
            changes = None
            if not self.overlays and not self.repaint:
                changes = self.screen.draw_changes(self.window.surface, self.lag)
            if changes is None:
                self.repaint = bool(self.overlays)  # closed, they leave a whole frame to draw
                self.draw()
            else:
                pygame.display.update(changes)
        elif not self.overlays:
            ticks = self.screen.draw_ticks(self.window.surface)
            if ticks:
                pygame.display.update(ticks)
        if busy and sleep:
            self.frame_clock.tick(self.frame_rate)


def display_frame_rate() -> int:
    """Frames a second to draw while something moves: the display's refresh rate."""
    try:
        rate = pygame.display.get_current_refresh_rate()
    except pygame.error:  # no window yet, or a driver that cannot tell
        rate = 0
    return min(MAX_FRAME_RATE, max(FRAME_RATE, rate))


def make_icon() -> pygame.Surface:
    """The window icon: our own ace of spades on a felt square."""
    icon = pygame.Surface((64, 64), pygame.SRCALPHA)
    pygame.draw.rect(icon, (20, 90, 50), icon.get_rect(), border_radius=12)
    art = CardArt(40, 56)
    icon.blit(art.face(1, "S"), (12, 4))
    return icon


def look_from(saved: dict, mono: bool) -> dict:
    """The card and table look: the saved one where it is valid, else the defaults."""
    look = {
        "back": BACKS[0],
        "table": TABLES[0],
        "four_color": False,
        "mono": mono,
        "hints": True,
        "verdict": True,  # off: the status line keeps quiet about winnability (no spoilers)
        "card_scale": 1.0,
    }
    for key, default in look.items():
        value = saved.get(key, default)
        if key == "back" and value not in BACKS or key == "table" and value not in TABLES:
            continue
        if key == "card_scale" and value not in CARD_SCALES:
            continue
        if type(value) is type(default):
            look[key] = value
    look["mono"] = mono or look["mono"]
    return look
