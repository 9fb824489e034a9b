"""All of the engine's randomness, derived from the game seed.

A game keeps only its seed and a counter of random draws in its state; every shuffle or
random pick builds a fresh ``random.Random`` from (seed, purpose, counter). The state is
therefore plain data that round-trips through JSON, and replaying seed + actions gives
the same deck orders. The global ``random`` module is never used.

Standard library only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import TypeVar

from .shown import shown
from .text import msg

T = TypeVar("T")

MAX_SEED = 32 ** 8 - 1
"""The largest deal number (1,099,511,627,775): the deal numbers cardtable makes are the
table's random deals (below 10**9) and whatever a deal code can hold (eight base-32
digits), and every way a deal number comes in (setup, deal codes, saves, the command
line, :meth:`Game.new`) takes 0 to this. Far below 2**63, so saves, the history
database and other programs hold every one."""


def seed_problem(seed: object) -> str | None:
    """Why ``seed`` is not a deal number cardtable plays, in a sentence, or ``None``."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        return msg("a deal number is a whole number, not {value}", value=shown(seed))
    if not 0 <= seed <= MAX_SEED:
        return msg("deal numbers go from 0 to {last}, not {value}", last=MAX_SEED,
                   value=shown(seed))
    return None


def deals_problem(first: object, count: int) -> str | None:
    """Why the ``count`` deal numbers from ``first`` on (a run of games dealt ``first``,
    ``first + 1`` …) are not all deal numbers cardtable plays, or ``None`` (also for no
    deals)."""
    if count < 1:
        return None
    problem = seed_problem(first)
    if problem is not None or not isinstance(first, int):
        return problem
    if first + count - 1 > MAX_SEED:
        return msg("deals {first} to {last} run past the last deal number ({most})",
                   first=first, last=first + count - 1, most=MAX_SEED)
    return None


def derive(seed: int, *labels: object) -> random.Random:
    """A generator fixed by the seed and the labels (string seeding is stable: SHA-512)."""
    key = ":".join(str(part) for part in (seed, *labels))
    return random.Random(key)


def shuffled(items: Sequence[T], seed: int, *labels: object) -> tuple[T, ...]:
    """The items in a uniformly random order fixed by (seed, labels).

    Sorting by independent random keys is a uniform shuffle (53-bit keys practically
    never tie) and runs about twice as fast as ``Random.shuffle``'s Python loop. A tuple
    of items is shuffled once per (seed, labels) of the last ``SHUFFLES_KEPT``: the Hard
    search's rollouts end a sampled world's round again and again (one world, one seed),
    and each deals the next round from the same deck.
    """
    if type(items) is tuple:
        return _kept(items, seed, labels)
    return _shuffled(items, seed, labels)


SHUFFLES_KEPT = 256


@lru_cache(maxsize=SHUFFLES_KEPT)
def _kept(items: tuple[T, ...], seed: int, labels: tuple[object, ...]) -> tuple[T, ...]:
    return _shuffled(items, seed, labels)


def _shuffled(items: Sequence[T], seed: int, labels: tuple[object, ...]) -> tuple[T, ...]:
    draw = derive(seed, *labels).random
    keys = [draw() for _ in items]
    order = sorted(range(len(items)), key=keys.__getitem__)
    return tuple(items[index] for index in order)


def pick_index(count: int, seed: int, *labels: object) -> int:
    """A uniform index in ``range(count)`` fixed by (seed, labels)."""
    return derive(seed, *labels).randrange(count)
