#!/usr/bin/env python3
"""Generate the client's sound effects into ``assets/sounds/*.wav`` (16-bit mono, 22.05 kHz).

Everything is synthesised here from sine partials, envelopes and a little seeded noise, so
the repository ships no third-party audio and the output is identical on every run.

    python tools/make_assets.py            # writes assets/sounds/{place,score,illegal,turn,click}.wav
"""

from __future__ import annotations

import math
import struct
import sys
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"


def _noise(n: int, seed: int = 12345) -> list[float]:
    """Deterministic white noise in [-1, 1] (a 32-bit LCG: same bytes on every machine)."""
    out, x = [], seed
    for _ in range(n):
        x = (1664525 * x + 1013904223) & 0xFFFFFFFF
        out.append(x / 0x7FFFFFFF - 1.0)
    return out


def _tone(freq: float, seconds: float, attack: float = 0.004, decay: float = 8.0,
          partials=((1, 1.0),), start: float = 0.0, total: float | None = None) -> list[float]:
    total = total if total is not None else start + seconds
    samples = [0.0] * int(total * RATE)
    first = int(start * RATE)
    for i in range(int(seconds * RATE)):
        t = i / RATE
        env = min(1.0, t / attack) * math.exp(-decay * t)
        value = sum(amp * math.sin(2 * math.pi * freq * mult * t) for mult, amp in partials)
        if first + i < len(samples):
            samples[first + i] += env * value
    return samples


def _mix(*tracks: list[float]) -> list[float]:
    length = max(len(track) for track in tracks)
    return [sum(track[i] for track in tracks if i < len(track)) for i in range(length)]


def _write(name: str, samples: list[float], gain: float = 0.8) -> Path:
    peak = max(1e-9, max(abs(s) for s in samples))
    scale = gain * 32767 / peak
    fade = int(0.01 * RATE)
    data = bytearray()
    for i, s in enumerate(samples):
        if i > len(samples) - fade:
            s *= (len(samples) - i) / fade
        data += struct.pack("<h", int(max(-32767, min(32767, s * scale))))
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{name}.wav"
    with wave.open(str(path), "wb") as handle:
        handle.setnchannels(1)
        handle.setsampwidth(2)
        handle.setframerate(RATE)
        handle.writeframes(bytes(data))
    return path


def place() -> list[float]:
    """A wooden tile set down: a short low knock plus a filtered click."""
    knock = _tone(180, 0.16, decay=30, partials=((1, 1.0), (2.7, 0.35), (5.1, 0.12)))
    noise = _noise(int(0.03 * RATE))
    smooth, prev = [], 0.0
    for i, x in enumerate(noise):
        prev = prev * 0.6 + x * 0.4
        smooth.append(prev * math.exp(-i / (0.006 * RATE)) * 0.8)
    return _mix(knock, smooth)


def score() -> list[float]:
    """A bright rising arpeggio (a line reached its station)."""
    bell = ((1, 1.0), (2, 0.3), (3.01, 0.12))
    total = 0.6
    notes = [(659.25, 0.0), (783.99, 0.07), (987.77, 0.14), (1318.5, 0.21)]
    return _mix(*[_tone(f, 0.38, decay=7, partials=bell, start=s, total=total)
                  for f, s in notes])


def illegal() -> list[float]:
    """Two soft low notes going down: "not there"."""
    soft = ((1, 1.0), (3, 0.15))
    return _mix(_tone(311.13, 0.14, decay=14, partials=soft, total=0.32),
                _tone(233.08, 0.18, decay=12, partials=soft, start=0.12, total=0.32))


def turn() -> list[float]:
    """A gentle two-note chime: your turn."""
    bell = ((1, 1.0), (2.0, 0.25), (4.2, 0.05))
    return _mix(_tone(523.25, 0.45, decay=6, partials=bell, total=0.6),
                _tone(783.99, 0.45, decay=6, partials=bell, start=0.11, total=0.6))


def click() -> list[float]:
    """A tiny UI tick."""
    return _tone(1400, 0.035, attack=0.001, decay=120, partials=((1, 1.0), (2.3, 0.3)))


SOUNDS = {"place": place, "score": score, "illegal": illegal, "turn": turn, "click": click}


def main() -> int:
    for name, make in SOUNDS.items():
        path = _write(name, make(), gain=0.5 if name == "click" else 0.8)
        print(path.relative_to(OUT.parent.parent))
    return 0


if __name__ == "__main__":
    sys.exit(main())
