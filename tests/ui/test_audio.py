"""Tests for the sound generator (tools/make_sounds.py) and the mixer wrapper (ui/audio.py)."""

import importlib.util
import io
import os
import shutil
import subprocess
import sys
import time
import wave
from array import array
from pathlib import Path

# The machine running the tests may have no sound card; SDL's dummy driver accepts and
# discards audio in real time. It must be chosen before pygame is imported.
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest
from helpers import ROOT, eventually

from solitaire.ui.platform.audio import SOUND_NAMES, Audio, NullAudio

SOUNDS_DIR = ROOT / "sounds"

EXPECTED_SECONDS = {
    "click": 0.03,
    "bing": 0.25,
    "place": 0.08,
    "pickup": 0.06,
    "shuffle": 0.9,
    "deal": 0.05,
    "chime": 0.8,
    "cheer": 1.5,
    "fanfare": 1.2,
}
MINUS_1_DBFS = 32767 * 10 ** (-1 / 20)


def load_make_sounds():
    # tools/ is a folder of scripts, not a package, so load the module from its path.
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


make_sounds = load_make_sounds()


@pytest.fixture(scope="module")
def generated() -> dict[str, bytes]:
    return {
        name: make_sounds.wav_bytes(synth()) for name, synth in make_sounds.SOUND_RECIPES.items()
    }


def read_wav(data: bytes) -> tuple[wave._wave_params, array]:
    with wave.open(io.BytesIO(data)) as wav:
        params = wav.getparams()
        pcm = array("h", wav.readframes(params.nframes))
    if sys.byteorder == "big":
        pcm.byteswap()  # WAV sample data is little-endian
    return params, pcm


def wait_until_quiet() -> float:
    """Seconds until the mixer has nothing left to play."""
    start = time.monotonic()
    eventually(lambda: not pygame.mixer.get_busy(), "the mixer quiet")
    return time.monotonic() - start


# --- Generator -------------------------------------------------------------------------------


def test_generator_makes_every_sound_the_game_loads():
    assert set(make_sounds.SOUND_RECIPES) == set(SOUND_NAMES) == set(EXPECTED_SECONDS)


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_sound_is_16_bit_mono_22050_hz_of_the_expected_length(generated, name):
    params, pcm = read_wav(generated[name])
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 22050)
    seconds = len(pcm) / params.framerate
    assert seconds == pytest.approx(EXPECTED_SECONDS[name], rel=0.2)


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_sound_peaks_below_minus_1_dbfs_and_is_not_silent(generated, name):
    _, pcm = read_wav(generated[name])
    peak = max(abs(sample) for sample in pcm)
    assert 0.1 * 32767 < peak < MINUS_1_DBFS


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_sound_starts_and_ends_near_silence_so_it_does_not_click(generated, name):
    _, pcm = read_wav(generated[name])
    assert abs(pcm[0]) < 100 and abs(pcm[-1]) < 100


def test_script_writes_the_same_bytes_every_time(generated, tmp_path):
    assert make_sounds.main([str(tmp_path)]) == 0
    for name, data in generated.items():
        assert (tmp_path / f"{name}.wav").read_bytes() == data, name


def test_committed_sounds_are_small():
    sizes = [(SOUNDS_DIR / f"{name}.wav").stat().st_size for name in SOUND_NAMES]
    assert sum(sizes) < 1_000_000


# --- Audio wrapper ---------------------------------------------------------------------------


@pytest.fixture
def audio():
    player = Audio.open(SOUNDS_DIR)
    yield player
    player.resume()
    player.stop()


def test_opens_on_the_dummy_driver_with_every_sound(audio):
    assert isinstance(audio, Audio)
    assert audio.problem is None


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_plays_each_sound(audio, name):
    audio.play(name)
    assert pygame.mixer.get_busy()


def test_unknown_sound_name_is_ignored(audio):
    audio.play("no-such-sound")
    assert not pygame.mixer.get_busy()


def test_times_plays_the_sound_back_to_back(audio):
    audio.play("click", times=4)  # 4 x 30 ms
    assert wait_until_quiet() >= 0.09


def test_mute_silences_playing_sounds_and_ignores_new_ones(audio):
    audio.play("cheer")
    assert audio.toggle_mute() is True
    assert audio.muted and not pygame.mixer.get_busy()
    audio.play("click")
    assert not pygame.mixer.get_busy()
    assert audio.toggle_mute() is False
    audio.play("chime")
    assert pygame.mixer.get_busy()


def test_muted_can_be_set_directly_to_restore_a_saved_setting(audio):
    audio.muted = True
    audio.play("click")
    assert audio.muted and not pygame.mixer.get_busy()


def test_pause_holds_playing_sounds_until_resume(audio):
    audio.play("bing")
    audio.pause()
    time.sleep(0.4)  # longer than the 250 ms bing
    assert audio.paused and pygame.mixer.get_busy()
    audio.resume()
    assert not audio.paused
    wait_until_quiet()
    assert not pygame.mixer.get_busy()


def test_sounds_requested_while_paused_are_ignored(audio):
    audio.pause()
    audio.play("click")
    assert not pygame.mixer.get_busy()


def copy_of_sounds(tmp_path: Path) -> Path:
    folder = tmp_path / "sounds"
    shutil.copytree(SOUNDS_DIR, folder)
    return folder


def test_corrupt_sound_is_skipped_and_reported(tmp_path):
    folder = copy_of_sounds(tmp_path)
    (folder / "cheer.wav").write_bytes(b"RIFF not really a wave file" * 20)
    audio = Audio.open(folder)
    assert isinstance(audio, Audio)
    assert "cheer.wav" in audio.problem and "\n" not in audio.problem
    audio.play("cheer")
    assert not pygame.mixer.get_busy()
    audio.play("chime")
    assert pygame.mixer.get_busy()
    audio.stop()


def test_missing_sound_is_skipped_and_reported(tmp_path):
    folder = copy_of_sounds(tmp_path)
    (folder / "bing.wav").unlink()
    audio = Audio.open(folder)
    assert "bing.wav" in audio.problem
    audio.play("bing")
    assert not pygame.mixer.get_busy()


def test_missing_sound_folder_is_reported(tmp_path):
    audio = Audio.open(tmp_path / "nowhere")
    assert audio.problem.startswith("Sound is off: no sound could be loaded")
    audio.play("click")
    assert not pygame.mixer.get_busy()


def test_mixer_failure_gives_silent_null_audio(monkeypatch):
    def broken_init(*args, **kwargs):
        raise pygame.error("ALSA: Couldn't open audio device: No such file or directory")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken_init)
    audio = Audio.open(SOUNDS_DIR)
    assert isinstance(audio, NullAudio)
    assert audio.problem == (
        "Sound is off: the audio device could not be opened "
        "(ALSA: Couldn't open audio device: No such file or directory)."
    )
    audio.play("cheer", times=3)
    audio.pause()
    audio.resume()
    audio.stop()
    assert audio.toggle_mute() is True and audio.muted


def test_unknown_audio_driver_gives_null_audio_in_a_fresh_process():
    script = (
        "from pathlib import Path\n"
        "from solitaire.ui.platform.audio import Audio\n"
        "audio = Audio.open(Path('sounds'))\n"
        "audio.play('click')\n"
        "print(type(audio).__name__)\n"
        "print(audio.problem)\n"
    )
    env = dict(os.environ, SDL_AUDIODRIVER="no_such_driver", PYTHONPATH=str(ROOT))
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    kind, problem = result.stdout.splitlines()[-2:]
    assert kind == "NullAudio"
    assert problem.startswith("Sound is off: the audio device could not be opened (")
