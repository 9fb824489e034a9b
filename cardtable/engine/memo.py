"""Answers kept about the last few objects, found by the object's identity.

The engine's states, tables and melds are frozen, and a search asks the same questions
about the very same objects again and again (the legal moves of a state, the melds of a
table). Hashing a whole state to find its answer would cost as much as the answer, so
an answer is kept under the object's ``id`` with the object itself: a hit is that very
object, never a later one that took a freed id. Two threads may share a memo (the
window's hints and a bot): each step is one dictionary operation, and losing a race
only drops an entry.

Standard library only.
"""

from __future__ import annotations

from typing import Generic, TypeVar

T = TypeVar("T")
R = TypeVar("R")


class IdentityMemo(Generic[T, R]):
    """The answers about the last ``size`` objects (and a small int beside each, such
    as a seat), oldest dropped first."""

    __slots__ = ("_entries", "size")

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: dict[tuple[int, int], tuple[T, R]] = {}

    def get(self, obj: T, part: int = 0) -> R | None:
        """The answer kept about this very object, or ``None``."""
        hit = self._entries.get((id(obj), part))
        return hit[1] if hit is not None and hit[0] is obj else None

    def put(self, obj: T, answer: R, part: int = 0) -> R:
        """Keep ``answer`` about ``obj``; returns it."""
        entries = self._entries
        entries[(id(obj), part)] = (obj, answer)
        while len(entries) > self.size:
            try:
                del entries[next(iter(entries))]
            except (KeyError, StopIteration, RuntimeError):  # another thread got there first
                break
        return answer

    def clear(self) -> None:
        self._entries.clear()
