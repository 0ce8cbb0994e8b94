"""Sound effects: a thin wrapper around pygame.mixer that never lets sound crash the game.

Missing sound hardware, a broken driver or a damaged file all degrade to silence. What went
wrong is kept as a one-line `problem` that the UI can show once.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from pathlib import Path

import pygame

from ...i18n import _

# The effects tools/make_sounds.py writes; each is loaded from "<name>.wav".
SOUND_NAMES = ("click", "bing", "place", "pickup", "shuffle", "deal", "chime", "cheer", "fanfare")


class _AudioState:
    """The mute and pause state shared by Audio and NullAudio, so the UI treats both alike."""

    def __init__(self, problem: str | None = None) -> None:
        self.problem = problem
        self._muted = False
        self._paused = False
        self.asleep = False

    @property
    def muted(self) -> bool:
        return self._muted

    @muted.setter
    def muted(self, muted: bool) -> None:
        self._muted = muted
        if muted:
            self.stop()  # muting should silence what is already playing, not only what comes next

    @property
    def paused(self) -> bool:
        return self._paused

    def toggle_mute(self) -> bool:
        """Flip mute (the M key) and return the new state, for the UI to display."""
        self.muted = not self.muted
        return self.muted

    def play(self, name: str, times: int = 1) -> None:
        """Play the named sound `times` times back to back; unknown names are ignored."""

    def play_in_turn(self, names: list[str]) -> None:
        """Play the named sounds one after another (a fanfare, then cheers); unknown names
        are left out."""

    def pause(self) -> None:
        """Hold every playing sound (the boss key); new sounds are ignored until resume()."""
        self._paused = True

    def resume(self) -> None:
        self._paused = False

    def stop(self) -> None:
        """Silence everything that is playing."""

    def sleep(self) -> None:
        """Let the audio device go while the game idles (see Audio.sleep)."""

    def wake(self) -> None:
        """Get the audio device back before input may ask for a sound."""


class NullAudio(_AudioState):
    """Stands in for Audio when no sound can be played, so callers never need to check."""


class Audio(_AudioState):
    """Plays the game's sound effects through pygame.mixer."""

    def __init__(
        self,
        wavs: dict[str, bytes],
        problem: str | None = None,
        sounds: dict[str, pygame.mixer.Sound] | None = None,
    ) -> None:
        super().__init__(problem)
        self._wavs = wavs  # kept to make the sounds again after the device slept
        self._sounds = _sounds_from(wavs) if sounds is None else sounds

    @classmethod
    def open(cls, sound_dir: Path, names: Iterable[str] = SOUND_NAMES) -> Audio | NullAudio:
        """Start the mixer and load `<name>.wav` for each name from sound_dir.

        Returns a NullAudio if the mixer cannot start. A sound that fails to load is skipped,
        and the others still play. Either way `.problem` says what went wrong.
        """
        try:
            _start_mixer()
        except (pygame.error, NotImplementedError) as error:
            # NotImplementedError: pygame was built without its mixer module.
            return NullAudio(
                _("Sound is off: the audio device could not be opened ({problem}).").format(
                    problem=_brief(error)
                )
            )
        names = list(names)
        wavs, sounds, failures = _load_sounds(sound_dir, names)
        return cls(wavs, _describe_failures(sound_dir, failures, len(names)), sounds)

    def sleep(self) -> None:
        """Close the device while nothing plays: even silent, its thread wakes every few
        milliseconds, and an idle card game should cost no CPU at all."""
        if self.asleep or not _mixer_running() or pygame.mixer.get_busy():
            return
        self._sounds = {}
        pygame.mixer.quit()
        self.asleep = True

    def wake(self) -> None:
        if not self.asleep:
            return
        self.asleep = False
        try:
            _start_mixer()
        except pygame.error as error:
            self.problem = _(
                "Sound is off: the audio device could not be opened ({problem})."
            ).format(problem=_brief(error))
            return
        self._sounds = _sounds_from(self._wavs)

    def play(self, name: str, times: int = 1) -> None:
        if self.asleep and not (self.muted or self.paused):
            self.wake()
        sound = self._sounds.get(name)
        if sound is None or times < 1 or self.muted or self.paused or not _mixer_running():
            return
        # `loops` counts repeats after the first play, so the copies run back to back.
        sound.play(loops=times - 1)

    def play_in_turn(self, names: list[str]) -> None:
        if self.asleep and not (self.muted or self.paused):
            self.wake()
        sounds = [self._sounds[name] for name in names if name in self._sounds]
        if not sounds or self.muted or self.paused or not _mixer_running():
            return
        # One sound made of their samples end to end (all in the mixer's format): a channel
        # queues only one sound, and timers would drift.
        pygame.mixer.Sound(buffer=b"".join(sound.get_raw() for sound in sounds)).play()

    def pause(self) -> None:
        super().pause()
        if _mixer_running():
            pygame.mixer.pause()

    def resume(self) -> None:
        super().resume()
        if _mixer_running():
            pygame.mixer.unpause()

    def stop(self) -> None:
        if _mixer_running():
            pygame.mixer.stop()


def _start_mixer() -> None:
    # pygame.init() may already have started the mixer; if it failed there, this retry raises
    # the pygame.error that explains why. The defaults (44.1 kHz stereo, 512-sample buffer)
    # keep latency low enough for clicks to feel immediate.
    if not _mixer_running():
        pygame.mixer.init()


def _mixer_running() -> bool:
    # Guards calls made after pygame.quit(), which would otherwise raise "mixer not initialized".
    return pygame.mixer.get_init() is not None


def _load_sounds(sound_dir: Path, names: list[str]):
    """Read each sound, collecting (file name, reason) for those that fail instead of raising.

    Returns the files' bytes, the sounds made from them, and the failures.
    """
    wavs, sounds, failures = {}, {}, []
    for name in names:
        path = sound_dir / f"{name}.wav"
        try:
            data = path.read_bytes()
            sounds[name] = pygame.mixer.Sound(file=io.BytesIO(data))
        except (pygame.error, OSError) as error:
            failures.append((path.name, _brief(error)))
        else:
            wavs[name] = data
    return wavs, sounds, failures


def _sounds_from(wavs: dict[str, bytes]) -> dict[str, pygame.mixer.Sound]:
    return {name: pygame.mixer.Sound(file=io.BytesIO(data)) for name, data in wavs.items()}


def _describe_failures(sound_dir: Path, failures: list[tuple[str, str]], total: int) -> str | None:
    if not failures:
        return None
    first_reason = failures[0][1]
    if len(failures) == total:
        return _("Sound is off: no sound could be loaded from {folder} ({problem}).").format(
            folder=sound_dir, problem=first_reason
        )
    files = ", ".join(file_name for file_name, _reason in failures)
    return _("Some sounds are off: could not load {files} ({problem}).").format(
        files=files, problem=first_reason
    )


def _brief(error: BaseException) -> str:
    """The error's message squeezed onto one line, without a trailing full stop."""
    return " ".join(str(error).split()).rstrip(".") or type(error).__name__
