"""All of the engine's randomness, derived from the game seed.

A game keeps only its seed and a counter of random draws in its state; every shuffle or
random pick builds a fresh ``random.Random`` from (seed, purpose, counter). The state is
therefore plain data that round-trips through JSON, and replaying seed + actions gives
the same deck orders. The global ``random`` module is never used.

Standard library only.
"""

from __future__ import annotations

import random
from typing import Sequence, TypeVar

T = TypeVar("T")


def derive(seed: int, *labels: object) -> random.Random:
    """A generator fixed by the seed and the labels (string seeding is stable: SHA-512)."""
    key = ":".join(str(part) for part in (seed, *labels))
    return random.Random(key)


def shuffled(items: Sequence[T], seed: int, *labels: object) -> tuple[T, ...]:
    """The items in an order fixed by (seed, labels)."""
    order = list(items)
    derive(seed, *labels).shuffle(order)
    return tuple(order)


def pick_index(count: int, seed: int, *labels: object) -> int:
    """A uniform index in ``range(count)`` fixed by (seed, labels)."""
    return derive(seed, *labels).randrange(count)
