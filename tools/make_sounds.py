"""Synthesise the game's sound effects and write them as WAV files.

Usage: python tools/make_sounds.py [outdir]      (default: the repository's sounds/ folder)

Standard library only, so anyone can rebuild the assets without extra installs. Every random
source is seeded, so the output is byte-for-byte reproducible and the WAVs can be committed and
regenerated without spurious diffs. All files are 16-bit mono at 22050 Hz: plenty for short
effects, and SDL resamples to whatever the mixer runs at.
"""

from __future__ import annotations

import io
import math
import random
import sys
import wave
from array import array
from collections.abc import Callable
from pathlib import Path

SAMPLE_RATE = 22050
FULL_SCALE = 32767
TAU = 2 * math.pi
DEFAULT_OUTDIR = Path(__file__).resolve().parent.parent / "sounds"

# Equal-tempered note frequencies used by the musical sounds.
E5, G_SHARP5, B5 = 659.26, 830.61, 987.77
G4, C5, G5 = 392.00, 523.25, 783.99

Samples = list[float]


# --- Signal building blocks ------------------------------------------------------------------


def sample_count(seconds: float) -> int:
    return round(seconds * SAMPLE_RATE)


def white_noise(rng: random.Random, seconds: float) -> Samples:
    return [rng.uniform(-1.0, 1.0) for _ in range(sample_count(seconds))]


def one_pole_coefficient(cutoff_hz: float) -> float:
    """Smoothing factor of a one-pole low-pass whose -3 dB point is roughly cutoff_hz."""
    return 1.0 - math.exp(-TAU * cutoff_hz / SAMPLE_RATE)


def low_pass(samples: Samples, cutoff_hz: float) -> Samples:
    return sweeping_low_pass(samples, cutoff_hz, cutoff_hz)


def sweeping_low_pass(samples: Samples, start_hz: float, end_hz: float) -> Samples:
    """One-pole low-pass whose cutoff glides exponentially; a rising cutoff makes a 'swish'."""
    out = []
    smoothed = 0.0
    last = max(len(samples) - 1, 1)
    for index, value in enumerate(samples):
        cutoff = start_hz * (end_hz / start_hz) ** (index / last)
        smoothed += one_pole_coefficient(cutoff) * (value - smoothed)
        out.append(smoothed)
    return out


def high_pass(samples: Samples, cutoff_hz: float) -> Samples:
    # What a low-pass removes is exactly the high-passed signal.
    return [value - low for value, low in zip(samples, low_pass(samples, cutoff_hz))]


def band_pass(samples: Samples, low_hz: float, high_hz: float) -> Samples:
    return low_pass(high_pass(samples, low_hz), high_hz)


def resonate(samples: Samples, centre_hz: Callable[[float], float], bandwidth_hz: float) -> Samples:
    """Two-pole resonator whose centre frequency follows centre_hz(progress 0..1).

    This is the classic formant filter: a buzz or noise sent through two of them in parallel
    takes on a vowel colour, and gliding the centres turns one vowel into another.
    """
    radius = math.exp(-math.pi * bandwidth_hz / SAMPLE_RATE)
    out = []
    previous = before_previous = 0.0
    last = max(len(samples) - 1, 1)
    for index, value in enumerate(samples):
        angle = TAU * centre_hz(index / last) / SAMPLE_RATE
        current = (
            (1 - radius) * value
            + 2 * radius * math.cos(angle) * previous
            - radius * radius * before_previous
        )
        out.append(current)
        before_previous, previous = previous, current
    return out


def smooth_ramp(fraction: float) -> float:
    """0 to 1 along half a cosine, clamped: unlike a linear ramp it has no corners to click."""
    return 0.5 - 0.5 * math.cos(math.pi * min(max(fraction, 0.0), 1.0))


def attack_decay(seconds: float, attack_seconds: float, decay_seconds: float) -> Samples:
    """Envelope with a linear rise then an exponential fall (decay_seconds = time constant)."""
    attack = max(sample_count(attack_seconds), 1)
    return [
        min(index / attack, 1.0) * math.exp(-max(index - attack, 0) / SAMPLE_RATE / decay_seconds)
        for index in range(sample_count(seconds))
    ]


def shaped(samples: Samples, envelope: Samples) -> Samples:
    return [value * gain for value, gain in zip(samples, envelope)]


def decaying_partials(
    base_hz: float, partials: list[tuple[float, float, float]], seconds: float
) -> Samples:
    """Sum of sine partials given as (frequency ratio, amplitude, decay time constant).

    This models struck metal or wood: giving the upper partials shorter decays makes the tone
    start bright and mellow as it rings, which is what reads as a 'bell' rather than a beep.
    """
    attack = sample_count(0.002)
    out = []
    for index in range(sample_count(seconds)):
        time = index / SAMPLE_RATE
        value = sum(
            amplitude * math.exp(-time / decay) * math.sin(TAU * base_hz * ratio * time)
            for ratio, amplitude, decay in partials
        )
        out.append(value * smooth_ramp(index / attack))
    return out


def gliding_sine(start_hz: float, end_hz: float, seconds: float) -> Samples:
    """Sine whose pitch glides exponentially; accumulating phase keeps the glide click-free."""
    out = []
    phase = 0.0
    last = max(sample_count(seconds) - 1, 1)
    for index in range(sample_count(seconds)):
        frequency = start_hz * (end_hz / start_hz) ** (index / last)
        phase += TAU * frequency / SAMPLE_RATE
        out.append(math.sin(phase))
    return out


def mix_into(track: Samples, clip: Samples, at_seconds: float, gain: float = 1.0) -> None:
    """Add clip into track starting at at_seconds; whatever runs past the end is dropped."""
    start = sample_count(at_seconds)
    for offset, value in enumerate(clip[: max(len(track) - start, 0)]):
        track[start + offset] += gain * value


def mixed(seconds: float, layers: list[tuple[Samples, float]]) -> Samples:
    """A track of the given length holding every (clip, gain) layer from time zero."""
    track = [0.0] * sample_count(seconds)
    for clip, gain in layers:
        mix_into(track, clip, 0.0, gain)
    return track


def apply_fades(samples: Samples, fade_in_seconds: float, fade_out_seconds: float) -> Samples:
    """Smooth fades so no sound starts or stops with a step, which would click."""
    out = list(samples)
    fade_in = min(sample_count(fade_in_seconds), len(out))
    fade_out = min(sample_count(fade_out_seconds), len(out))
    for index in range(fade_in):
        out[index] *= smooth_ramp(index / fade_in)
    for index in range(fade_out):
        out[-1 - index] *= smooth_ramp(index / fade_out)
    return out


def normalise_peak(samples: Samples, peak_dbfs: float) -> Samples:
    """Scale so the loudest sample sits at peak_dbfs; the level sets each sound's loudness."""
    scale = 10 ** (peak_dbfs / 20) / max(abs(value) for value in samples)
    return [value * scale for value in samples]


def unit_rms(samples: Samples) -> Samples:
    """Scale to an RMS of 1, so layers from different filters can be balanced by plain gains."""
    rms = math.sqrt(sum(value * value for value in samples) / len(samples))
    return [value / rms for value in samples]


def finish(samples: Samples, peak_dbfs: float, fade_out_seconds: float = 0.005) -> Samples:
    return normalise_peak(apply_fades(samples, 0.001, fade_out_seconds), peak_dbfs)


# --- Card sounds -----------------------------------------------------------------------------


def card_snap(rng: random.Random, brightness_hz: float, decay_seconds: float) -> Samples:
    """The tick of a card edge slapping: a few milliseconds of band-limited noise."""
    noise = band_pass(white_noise(rng, 0.012), 1500, brightness_hz)
    return shaped(noise, attack_decay(0.012, 0.0003, decay_seconds))


def low_thump(start_hz: float, seconds: float, decay_seconds: float) -> Samples:
    """The body of a card landing on felt: a short sine dropping an octave."""
    tone = gliding_sine(start_hz, start_hz / 2, seconds)
    return shaped(tone, attack_decay(seconds, 0.002, decay_seconds))


def swish(rng: random.Random, seconds: float, start_hz: float, end_hz: float) -> Samples:
    """Card sliding against card: noise that swells and fades while its cutoff glides.

    Two low-pass stages give a steeper roll-off, so the slide sounds soft rather than hissy.
    """
    noise = sweeping_low_pass(white_noise(rng, seconds), start_hz, end_hz)
    noise = high_pass(sweeping_low_pass(noise, start_hz, end_hz), 300)
    count = sample_count(seconds)
    swell = [math.sin(math.pi * index / count) ** 2 for index in range(count)]
    return shaped(noise, swell)


def synth_click() -> Samples:
    """The DOS game's light click for an illegal keystroke: a tiny, bright wooden tick."""
    partials = [(1.0, 1.0, 0.004), (1.62, 0.5, 0.003), (2.9, 0.25, 0.002)]
    return finish(decaying_partials(1900, partials, 0.030), peak_dbfs=-12)


def synth_bing() -> Samples:
    """FreeCell's soft illegal-move 'bing': A5 with the inharmonic partials of a struck bar."""
    partials = [(1.0, 1.0, 0.09), (2.0, 0.15, 0.06), (2.76, 0.10, 0.04), (5.40, 0.04, 0.02)]
    return finish(decaying_partials(880, partials, 0.250), peak_dbfs=-8, fade_out_seconds=0.03)


def synth_place() -> Samples:
    """A card placed on the table: a papery snap over a soft low thump."""
    rng = random.Random("place")
    snap = shaped(band_pass(white_noise(rng, 0.08), 1200, 6000), attack_decay(0.08, 0.0005, 0.006))
    body = shaped(low_pass(white_noise(rng, 0.08), 600), attack_decay(0.08, 0.001, 0.012))
    thump = low_thump(150, 0.08, 0.02)
    return finish(mixed(0.08, [(snap, 0.5), (body, 0.8), (thump, 0.5)]), peak_dbfs=-6)


def synth_pickup() -> Samples:
    """Lifting a card: a soft slide whose swish rises as the card leaves the pile."""
    rng = random.Random("pickup")
    return finish(swish(rng, 0.06, 1500, 5000), peak_dbfs=-14)


def synth_deal() -> Samples:
    """A quick flick for dealing: a short swish ending in a light snap as the card lands."""
    rng = random.Random("deal")
    track = mixed(0.05, [(swish(rng, 0.032, 2000, 7000), 0.5)])
    mix_into(track, card_snap(rng, 6000, 0.003), 0.028)
    mix_into(track, low_thump(160, 0.02, 0.008), 0.028, 0.3)
    return finish(track, peak_dbfs=-10)


def riffle_snap_times(rng: random.Random, start: float, end: float) -> list[float]:
    """When each card drops in a riffle: slow as the thumbs start, fastest mid-riffle, then
    slowing as the last cards fall. Small jitter keeps it from sounding like a machine."""
    slowest, fastest = 0.026, 0.009
    times = []
    time = start
    while time < end:
        times.append(time)
        progress = (time - start) / (end - start)
        interval = slowest - (slowest - fastest) * math.sin(math.pi * progress)
        time += interval * rng.uniform(0.85, 1.15)
    return times


def synth_shuffle() -> Samples:
    """A riffle shuffle: a train of tiny card snaps, then the deck squared up with a thump."""
    rng = random.Random("shuffle")
    track = [0.0] * sample_count(0.9)
    start, end = 0.03, 0.74
    for time in riffle_snap_times(rng, start, end):
        loudness = 0.5 + 0.5 * math.sin(math.pi * (time - start) / (end - start))
        snap = card_snap(rng, rng.uniform(3000, 5500), rng.uniform(0.0015, 0.003))
        mix_into(track, snap, time, loudness * rng.uniform(0.6, 1.0))
    # A quiet bed of friction under the snaps, so the riffle sounds like one continuous motion.
    mix_into(track, swish(rng, end - start, 1500, 3000), start, 0.12)
    bridge = shaped(low_pass(white_noise(rng, 0.08), 900), attack_decay(0.08, 0.004, 0.015))
    mix_into(track, bridge, 0.78, 0.6)
    mix_into(track, low_thump(110, 0.08, 0.02), 0.78, 0.4)
    return finish(track, peak_dbfs=-6, fade_out_seconds=0.02)


# --- Musical sounds --------------------------------------------------------------------------


def mallet_note(frequency: float, seconds: float) -> Samples:
    """A vibraphone-like note: mostly fundamental, with a brief inharmonic strike at the start."""
    partials = [(1.0, 1.0, 0.35), (2.0, 0.12, 0.15), (3.0, 0.04, 0.08), (4.2, 0.05, 0.01)]
    return decaying_partials(frequency, partials, seconds)


def synth_chime() -> Samples:
    """The reminder that a special option is available: a gentle rising E-major arpeggio."""
    track = [0.0] * sample_count(0.8)
    for start, frequency in [(0.0, E5), (0.13, G_SHARP5), (0.26, B5)]:
        mix_into(track, mallet_note(frequency, 0.8 - start), start)
    return finish(track, peak_dbfs=-5, fade_out_seconds=0.08)


def brass_envelope(index: int, count: int) -> float:
    """Quick swell to an accent that settles to a softer sustain, then a short release."""
    attack, release = sample_count(0.03), sample_count(0.06)
    rise = smooth_ramp(index / attack)
    fall = min((count - index) / release, 1.0)
    settle = 0.8 + 0.2 * math.exp(-max(index - attack, 0) / SAMPLE_RATE / 0.08)
    return rise * fall * settle


def brass_note(frequency: float, seconds: float) -> Samples:
    """Additive brass: upper harmonics grow with loudness, which is what makes brass 'blare'.

    The pitch also scoops up into the note during the attack, and a held note gets vibrato.
    """
    count = sample_count(seconds)
    harmonics = [k for k in range(1, 13) if k * frequency < 9000]
    phase = 0.0
    out = []
    for index in range(count):
        time = index / SAMPLE_RATE
        level = brass_envelope(index, count)
        scoop = 1.0 - 0.03 * max(1.0 - time / 0.03, 0.0)
        vibrato = 1.0 + 0.005 * min(max(time - 0.25, 0.0) / 0.2, 1.0) * math.sin(TAU * 5.5 * time)
        phase += TAU * frequency * scoop * vibrato / SAMPLE_RATE
        out.append(
            sum(level ** (1 + 0.6 * (k - 1)) / k**1.2 * math.sin(k * phase) for k in harmonics)
        )
    return out


def synth_fanfare() -> Samples:
    """A short triumphant call: G4-C5-E5 leading to a held G5 over a C-major chord."""
    track = [0.0] * sample_count(1.2)
    step = 0.13
    for position, frequency in enumerate([G4, C5, E5]):
        mix_into(track, brass_note(frequency, step * 1.1), position * step)
    held_from = 3 * step
    held_seconds = 1.2 - held_from
    mix_into(track, brass_note(G5, held_seconds), held_from)
    for frequency in (C5, E5):
        mix_into(track, brass_note(frequency, held_seconds), held_from, 0.45)
    return finish(track, peak_dbfs=-3, fade_out_seconds=0.05)


# --- Cheer -----------------------------------------------------------------------------------

CHEER_SECONDS = 1.5


def hooray_formants(progress: float) -> tuple[float, float]:
    """First two formants gliding from 'oo' (300/870 Hz) to 'ay' (530/1840 Hz) for 'hoo-RAY'."""
    glide = min(max((progress - 0.3) / 0.2, 0.0), 1.0)
    return 300 + 230 * glide, 870 + 970 * glide


def vowel_filter(source: Samples) -> Samples:
    """Colour a sound with the 'hoo-RAY' vowel glide (two formants in parallel)."""
    first = resonate(source, lambda progress: hooray_formants(progress)[0], 120)
    second = resonate(source, lambda progress: hooray_formants(progress)[1], 180)
    return [a + 0.5 * b for a, b in zip(first, second)]


def hooray_voice(rng: random.Random, pitch_hz: float, seconds: float) -> Samples:
    """One voice shouting 'hoo-RAY': a buzz that jumps up a fifth on 'RAY', through formants."""
    count = sample_count(seconds)
    harmonics = [k for k in range(1, 16) if k * pitch_hz * 1.5 < 4000]
    wobble_rate = rng.uniform(4.5, 6.5)
    phase = 0.0
    source = []
    for index in range(count):
        progress = index / count
        rise = 1.0 + 0.5 * min(max((progress - 0.3) / 0.15, 0.0), 1.0)
        droop = 1.0 - 0.12 * max(progress - 0.75, 0.0) / 0.25
        wobble = 1.0 + 0.01 * math.sin(TAU * wobble_rate * index / SAMPLE_RATE)
        phase += TAU * pitch_hz * rise * droop * wobble / SAMPLE_RATE
        loudness = min(progress / 0.08, 1.0) * min((1.0 - progress) / 0.3, 1.0)
        source.append(loudness * sum(math.sin(k * phase) / k**1.5 for k in harmonics))
    return vowel_filter(source)


def clap(rng: random.Random) -> Samples:
    """One hand clap: a burst of noise coloured by the cupped hands' resonance."""
    noise = white_noise(rng, 0.04)
    centre_hz = rng.uniform(900, 2000)
    body = unit_rms(resonate(noise, lambda _: centre_hz, 500))
    crisp = unit_rms(high_pass(noise, 2500))
    burst = [b + 0.3 * c for b, c in zip(body, crisp)]
    return shaped(burst, attack_decay(0.04, 0.0005, rng.uniform(0.006, 0.011)))


def applause(rng: random.Random) -> Samples:
    """Two dozen people clapping, each at their own tempo, joining in quickly and tailing off.

    Independent tempos are what blur single claps into the dense patter of applause.
    """
    track = [0.0] * sample_count(CHEER_SECONDS)
    claps = [clap(rng) for _ in range(12)]
    for _ in range(24):
        period = rng.uniform(0.18, 0.32)
        time = rng.uniform(0.0, period)
        stop = rng.uniform(1.0, 1.4)
        while time < stop:
            fading = min((stop - time) / 0.3, 1.0)
            mix_into(track, rng.choice(claps), time, fading * rng.uniform(0.5, 1.0))
            time += period * rng.uniform(0.9, 1.1)
    return track


def crowd_roar(rng: random.Random) -> Samples:
    """The breathy mass of a crowd: noise through the same vowel glide, swelling and fading."""
    roar = vowel_filter(low_pass(white_noise(rng, CHEER_SECONDS), 3000))
    count = len(roar)
    envelope = [
        min(index / sample_count(0.15), 1.0) * min((count - index) / sample_count(0.6), 1.0)
        for index in range(count)
    ]
    return shaped(roar, envelope)


def synth_cheer() -> Samples:
    """A win cheer: applause under a crowd shouting 'hooray'.

    Starts and ends softly so several cheers played back to back read as waves of applause.
    """
    rng = random.Random("cheer")
    voices = [0.0] * sample_count(CHEER_SECONDS)
    for pitch in (165, 185, 210, 240, 280, 320, 350, 390):
        start = rng.uniform(0.02, 0.2)
        mix_into(voices, hooray_voice(rng, pitch * rng.uniform(0.97, 1.03), 1.1), start)
    layers = [(unit_rms(applause(rng)), 1.0), (unit_rms(crowd_roar(rng)), 0.6)]
    layers.append((unit_rms(voices), 0.45))
    return finish(mixed(CHEER_SECONDS, layers), peak_dbfs=-3, fade_out_seconds=0.1)


# --- Output ----------------------------------------------------------------------------------

SOUND_RECIPES: dict[str, Callable[[], Samples]] = {
    "click": synth_click,
    "bing": synth_bing,
    "place": synth_place,
    "pickup": synth_pickup,
    "shuffle": synth_shuffle,
    "deal": synth_deal,
    "chime": synth_chime,
    "cheer": synth_cheer,
    "fanfare": synth_fanfare,
}


def wav_bytes(samples: Samples) -> bytes:
    """Encode samples in -1..1 as a 16-bit mono WAV file."""
    pcm = array("h", (round(value * FULL_SCALE) for value in samples))
    if sys.byteorder == "big":
        pcm.byteswap()  # WAV sample data is little-endian
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(SAMPLE_RATE)
        wav.writeframes(pcm.tobytes())
    return buffer.getvalue()


def write_sounds(outdir: Path) -> list[Path]:
    outdir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, synthesise in SOUND_RECIPES.items():
        path = outdir / f"{name}.wav"
        path.write_bytes(wav_bytes(synthesise()))
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    outdir = Path(argv[0]) if argv else DEFAULT_OUTDIR
    for path in write_sounds(outdir):
        print(f"wrote {path} ({path.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
