"""Short sound effects for the table: a card drawn, a card discarded, melds laid, the
stack burned, a call, a round scored, a game won or lost.

The sounds are made here, from sine tones and shaped noise (no sound files, so no
licence to ship), the first time each is played, on a thread of its own: making one is
pure Python (a tenth of a second for the longest), never a stall of the drawing thread;
it plays the moment it is made. The mixer is optional: with no sound
device (or a machine whose audio cannot start) the app plays silently and says nothing;
a volume of "off" never starts the mixer at all.
"""

from __future__ import annotations

import array
import logging
import math
import random
import threading
from collections.abc import Iterable

import pygame

from ..engine.events import (
    Burned,
    Called,
    CallWon,
    CardsGiven,
    Dealt,
    Discarded,
    Drew,
    Event,
    GameEnded,
    HiddenPicked,
    HiddenRevealed,
    LaidOff,
    MeldChanged,
    MeldsLaid,
    MissionCompleted,
    Placed,
    ReserveBuilt,
    ReserveTaken,
    Reshuffled,
    RoundScored,
    RoundStarted,
    StackTaken,
    StockExhausted,
    TookBack,
    TurnedUp,
    WentOut,
)
from .event_registry import ByEvent

log = logging.getLogger(__name__)

RATE = 22050
VOLUMES = {"off": 0.0, "low": 0.3, "medium": 0.6, "high": 1.0}


def _tone(notes: Iterable[tuple[float, float]], decay: float = 6.0) -> array.array[int]:
    """Notes (Hz, seconds) one after another, each a sine with a soft attack and an
    exponential decay."""
    samples: array.array[int] = array.array("h")
    for frequency, seconds in notes:
        count = int(RATE * seconds)
        for i in range(count):
            t = i / RATE
            envelope = min(1.0, t * 200) * math.exp(-decay * t)
            value = math.sin(2 * math.pi * frequency * t) + \
                0.3 * math.sin(4 * math.pi * frequency * t)
            samples.append(int(9000 * envelope * value))
    return samples


def _noise(seconds: float, low: float, decay: float, seed: int) -> array.array[int]:
    """A burst of filtered noise: the rustle of a card (``low``: how dark, 0..1)."""
    rng = random.Random(seed)
    samples: array.array[int] = array.array("h")
    last = 0.0
    for i in range(int(RATE * seconds)):
        t = i / RATE
        last = low * last + (1 - low) * rng.uniform(-1, 1)
        samples.append(int(14000 * math.exp(-decay * t) * min(1.0, t * 400) * last))
    return samples


def _made(name: str) -> array.array[int]:
    if name == "draw":
        return _noise(0.07, 0.55, 45, 1)
    if name == "discard":
        return _noise(0.09, 0.8, 35, 2)
    if name == "meld":
        return _tone([(523.3, 0.07), (659.3, 0.07), (784.0, 0.16)], decay=9)
    if name == "burn":
        return _noise(0.35, 0.35, 8, 3)
    if name == "call":
        return _tone([(880.0, 0.22)], decay=10)
    if name == "round":
        return _tone([(659.3, 0.12), (523.3, 0.25)], decay=7)
    if name == "win":
        return _tone([(523.3, 0.1), (659.3, 0.1), (784.0, 0.1), (1046.5, 0.35)], decay=5)
    if name == "lose":
        return _tone([(392.0, 0.18), (311.1, 0.35)], decay=5)
    raise KeyError(name)


NAMES = ("draw", "discard", "meld", "burn", "call", "round", "win", "lose")


SILENT = None
"""An event's sound when it makes none (a decision, registered like an effect)."""

EFFECTS: ByEvent[int, str | None] = ByEvent("sound decision")
"""For each event type, given the person's seat: the effect it calls for, or ``SILENT``."""

EFFECTS.always("burn", Burned)
EFFECTS.always("round", RoundScored)
EFFECTS.always("meld", MeldsLaid, MissionCompleted)
EFFECTS.always("discard", Discarded, Placed, StackTaken)
EFFECTS.always("draw", Drew)
# Silent: the deal and the turned-up card open a round the round's sound closed; the
# rest come with a move that already sounds (a draw, a discard, a call), or are read.
EFFECTS.always(SILENT, RoundStarted, Dealt, TurnedUp, WentOut, Reshuffled, StockExhausted,
               LaidOff, MeldChanged, CardsGiven, CallWon, TookBack, HiddenPicked,
               ReserveBuilt, ReserveTaken, HiddenRevealed)


@EFFECTS.on(GameEnded)
def _game_ended(person: int, event: GameEnded) -> str:
    return "win" if person in event.winners else "lose"


@EFFECTS.on(Called)
def _called(person: int, event: Called) -> str | None:
    return SILENT if event.kind == "pass" else "call"


def sound_for(events: Iterable[Event], person: int) -> str | None:
    """The one effect a move's events call for (the most telling of them)."""
    found = {EFFECTS(person, event) for event in events}
    for name in ("win", "lose", "round", "burn", "meld", "call", "discard", "draw"):
        if name in found:
            return name
    return None


class Sounds:
    """The effects, at a volume (``VOLUMES``); silent when the mixer cannot start."""

    def __init__(self, volume: str = "medium") -> None:
        self.ready = False
        self._cache: dict[str, pygame.mixer.Sound] = {}
        self._samples: dict[str, bytes] = {}
        self._waiting: set[str] = set()
        """Effects being made: each plays once made (asked again meanwhile, once)."""
        self._lock = threading.Lock()
        """Guards the mixer, the caches and ``_waiting`` between the frame and the maker."""
        self.volume = VOLUMES.get(volume, VOLUMES["medium"])
        self.played: list[str] = []
        """Effects played so far (the newest last; kept short), for tests."""

    def set_volume(self, volume: str) -> None:
        with self._lock:
            self.volume = VOLUMES.get(volume, self.volume)
            for sound in self._cache.values():
                sound.set_volume(self.volume)

    def _start(self) -> bool:
        if self.ready:
            return True
        try:
            pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512)
        except pygame.error as error:
            log.info("no sound: %s", error)
            self.volume = 0.0  # never try again this run
            return False
        self.ready = True
        return True

    def _make(self, name: str) -> None:
        """Make an effect's samples (off the drawing thread), then play it."""
        data = _made(name).tobytes()
        with self._lock:
            self._samples[name] = data
            self._waiting.discard(name)
            self._play_made(name)

    def _play_made(self, name: str) -> None:
        """Play an effect whose samples are made (the lock held)."""
        if not self.ready or self.volume <= 0:
            return
        sound = self._cache.get(name)
        if sound is None:
            try:
                sound = pygame.mixer.Sound(buffer=self._samples[name])
            except pygame.error as error:
                log.info("sound %s: %s", name, error)
                return
            sound.set_volume(self.volume)
            self._cache[name] = sound
        sound.play()

    def play(self, name: str) -> None:
        if name not in NAMES:
            raise KeyError(name)
        if self.volume <= 0 or not self._start():
            return
        with self._lock:
            if name in self._samples:
                self._play_made(name)
            elif name not in self._waiting:  # the first time: made on a thread of its own
                self._waiting.add(name)
                threading.Thread(target=self._make, args=(name,), name=f"sound {name}",
                                 daemon=True).start()
        self.played = (self.played + [name])[-20:]

    def close(self) -> None:
        with self._lock:
            if self.ready:
                pygame.mixer.quit()
                self.ready = False
