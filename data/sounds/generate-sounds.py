#!/usr/bin/env python3
# generate-sounds.py: synthesizes the table's sounds as small WAV files
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Every sound is made here from sine waves and a seeded noise generator, with the Python
# standard library only, and the output is byte-for-byte reproducible, so that a test can
# make them again and compare them with the committed copies:
#
#   generate-sounds.py -o DIR          write every sound into DIR
#   generate-sounds.py --check DIR     exit 1 (with TAP lines) if a file in DIR differs
#
# 16-bit mono at 22,050 Hz: short sounds of a card table, a few kB each. libcanberra
# (through GSound) plays WAV as it plays Ogg Vorbis, without a codec that could change
# the bytes from one version to the next.

import argparse
import io
import math
import os
import struct
import sys
import wave

RATE = 22050


class Noise:
    """A 32-bit linear congruential generator: the same noise on every machine."""

    def __init__(self, seed):
        self.state = seed & 0xffffffff

    def next(self):
        self.state = (self.state * 1664525 + 1013904223) & 0xffffffff
        return (self.state >> 8) / float(1 << 23) - 1.0


def silence(seconds):
    return [0.0] * int(seconds * RATE)


def mix(into, sound, at):
    """Adds @sound into @into from @at seconds, growing it as needed."""
    start = int(at * RATE)
    if len(into) < start + len(sound):
        into.extend([0.0] * (start + len(sound) - len(into)))
    for i, v in enumerate(sound):
        into[start + i] += v
    return into


def lowpass(samples, cutoff):
    """One-pole low-pass filter."""
    a = 1.0 - math.exp(-2.0 * math.pi * cutoff / RATE)
    y = 0.0
    out = []
    for v in samples:
        y += a * (v - y)
        out.append(y)
    return out


def highpass(samples, cutoff):
    low = lowpass(samples, cutoff)
    return [v - l for v, l in zip(samples, low)]


def tick(noise, seconds, decay, cutoff, gain=1.0):
    """A burst of noise that dies away: a card's edge against another."""
    n = int(seconds * RATE)
    raw = [noise.next() * math.exp(-i / (decay * RATE)) for i in range(n)]
    return [v * gain for v in highpass(lowpass(raw, cutoff), 300)]


def tone(freq, seconds, decay, partials=((1.0, 1.0),), attack=0.004):
    """A struck tone: partials (ratio, level) with an exponential decay."""
    n = int(seconds * RATE)
    out = []
    for i in range(n):
        t = i / RATE
        env = min(1.0, t / attack) * math.exp(-t / decay)
        v = 0.0
        for ratio, level in partials:
            v += level * math.sin(2.0 * math.pi * freq * ratio * t)
        out.append(v * env)
    return out


def normalize(samples, peak):
    top = max(abs(v) for v in samples) or 1.0
    return [v * peak / top for v in samples]


def fade_out(samples, seconds=0.01):
    n = min(len(samples), int(seconds * RATE))
    for i in range(n):
        samples[len(samples) - n + i] *= 1.0 - (i + 1) / n
    return samples


# The sounds

def card_play():
    """A card put down on the cloth: a short snap over a soft thump."""
    noise = Noise(1)
    snap = tick(noise, 0.06, 0.006, 6000)
    body = tone(190, 0.06, 0.015)
    return normalize(fade_out(mix(snap, [v * 0.35 for v in body], 0)), 0.5)


def card_deal():
    """The deal: a riffle of cards going round the table."""
    noise = Noise(2)
    out = silence(0.05)
    for k in range(9):
        at = 0.01 + k * 0.042 + (0.004 if k % 2 else 0)
        mix(out, tick(noise, 0.035, 0.005, 4500 + 350 * (k % 3), 0.75 + 0.05 * (k % 4)), at)
    return normalize(fade_out(out), 0.55)


def trick_taken():
    """A trick gathered in: cards sliding together, then a tap as they square up."""
    noise = Noise(3)
    n = int(0.2 * RATE)
    slide = []
    for i in range(n):
        x = i / n
        slide.append(noise.next() * math.sin(math.pi * x) ** 2)
    slide = highpass(lowpass(slide, 2400), 400)
    out = [v * 0.6 for v in slide]
    mix(out, tick(noise, 0.05, 0.006, 5000, 0.8), 0.17)
    return normalize(fade_out(out), 0.5)


def hearts_broken():
    """Hearts are broken: two glassy notes falling a fourth."""
    bell = ((1.0, 1.0), (2.0, 0.35), (3.01, 0.12))
    out = tone(1046.5, 0.3, 0.09, bell)
    mix(out, tone(784.0, 0.45, 0.14, bell), 0.12)
    return normalize(fade_out(out), 0.6)


def queen_of_spades():
    """The Queen of Spades falls: a low minor chord, struck and dying away."""
    organ = ((1.0, 1.0), (2.0, 0.5), (3.0, 0.25), (4.0, 0.12))
    out = silence(0)
    for freq, at in ((110.0, 0.0), (130.81, 0.015), (164.81, 0.03)):
        mix(out, tone(freq, 0.75, 0.28, organ, attack=0.012), at)
    return normalize(fade_out(out, 0.05), 0.7)


def moon():
    """Someone shot the moon: a bright arpeggio rising an octave."""
    bell = ((1.0, 1.0), (2.0, 0.3), (4.0, 0.08))
    out = silence(0)
    for k, freq in enumerate((523.25, 659.25, 783.99, 1046.5)):
        mix(out, tone(freq, 0.55, 0.2, bell), k * 0.1)
    return normalize(fade_out(out, 0.05), 0.65)


SOUNDS = {
    'card-play': card_play,
    'card-deal': card_deal,
    'trick-taken': trick_taken,
    'hearts-broken': hearts_broken,
    'queen-of-spades': queen_of_spades,
    'moon': moon,
}


def wav_bytes(samples):
    frames = b''.join(struct.pack('<h', max(-32767, min(32767, int(round(v * 32767))))) for v in samples)
    buf = io.BytesIO()
    with wave.open(buf, 'wb') as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)
    return buf.getvalue()


def main():
    parser = argparse.ArgumentParser(description='Synthesize the Hearts table sounds.')
    parser.add_argument('-o', '--output', metavar='DIR', help='write the sounds into DIR')
    parser.add_argument('--check', metavar='DIR', help='compare the sounds in DIR, report as TAP')
    args = parser.parse_args()

    if args.output:
        os.makedirs(args.output, exist_ok=True)
        for name, make in SOUNDS.items():
            with open(os.path.join(args.output, 'hearts-%s.wav' % name), 'wb') as f:
                f.write(wav_bytes(make()))
        return 0
    if args.check:
        print('1..%d' % len(SOUNDS))
        ok = True
        for i, (name, make) in enumerate(SOUNDS.items(), 1):
            path = os.path.join(args.check, 'hearts-%s.wav' % name)
            try:
                with open(path, 'rb') as f:
                    same = f.read() == wav_bytes(make())
            except OSError:
                same = False
            ok = ok and same
            print('%s %d - %s matches generate-sounds.py%s'
                  % ('ok' if same else 'not ok', i, path, '' if same else '; regenerate it'))
        return 0 if ok else 1
    parser.print_help()
    return 2


if __name__ == '__main__':
    sys.exit(main())
