"""Helpers for the engine's frozen plain data: copy-with-changes and tuple edits.

``evolve`` is ``dataclasses.replace`` without re-running ``__init__``; it runs once or
twice per action, so it sits on the engine's hottest path. A class whose fields live in
an instance dict (the games' states) is copied with one dict merge; a class with slots
gets a copier written for its own fields (as attrs and dataclasses write ``__init__``),
which sets slots through their descriptors: half the time of a loop over the names.

Standard library only.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")


@cache
def _field_names(cls: Any) -> tuple[str, ...]:
    return tuple(field.name for field in dataclasses.fields(cls))


@cache
def _field_set(cls: Any) -> frozenset[str]:
    return frozenset(_field_names(cls))


@cache
def _copier(cls: Any) -> Callable[[Any, dict[str, Any]], Any]:
    """``copy(obj, changes)`` for one dataclass: one line per field, each slot set through
    its descriptor (``object.__setattr__`` for a class without slots)."""
    if any(not field.init for field in dataclasses.fields(cls)):
        # A field worked out in __post_init__ (a card's hash) must be worked out again.
        return lambda obj, changes: dataclasses.replace(obj, **changes)
    if "__slots__" not in cls.__dict__:
        # Fields in an instance dict (the games' states, copied several times a step):
        # a copy of the old dict with the changes, at C speed, given to the new object
        # whole (half the time of filling its own dict).
        set_field = object.__setattr__
        def merge(obj: Any, changes: dict[str, Any]) -> Any:
            new = object.__new__(cls)
            fields = obj.__dict__.copy()
            fields.update(changes)
            set_field(new, "__dict__", fields)
            return new
        return merge
    names = _field_names(cls)
    scope: dict[str, Any] = {"cls": cls, "new_": object.__new__}
    lines = ["def copy(obj, changes):", "    new = new_(cls)"]
    for index, name in enumerate(names):
        slot = cls.__dict__.get(name)
        setter = f"set_{index}"
        if slot is not None and hasattr(slot, "__set__"):
            scope[setter] = slot.__set__
            lines.append(f"    {setter}(new, changes[{name!r}] if {name!r} in changes "
                         f"else obj.{name})")
        else:
            scope[setter] = object.__setattr__
            lines.append(f"    {setter}(new, {name!r}, changes[{name!r}] if {name!r} in "
                         f"changes else obj.{name})")
    lines.append("    return new")
    exec("\n".join(lines), scope)  # noqa: S102 - field names of our own classes
    copy: Callable[[Any, dict[str, Any]], Any] = scope["copy"]
    return copy


_COPYING: dict[Any, tuple[frozenset[str], Callable[[Any, dict[str, Any]], Any]]] = {}
"""Each dataclass's field names and copier, found with one lookup (``evolve`` runs once
or twice per action)."""


def evolve(obj: T, **changes: Any) -> T:
    """A copy of a frozen dataclass with some fields changed."""
    cls: Any = type(obj)
    copying = _COPYING.get(cls)
    if copying is None:
        copying = _COPYING[cls] = (_field_set(cls), _copier(cls))
    fields, copy = copying
    if not changes.keys() <= fields:
        unknown = ", ".join(sorted(changes.keys() - fields))
        raise TypeError(f"{cls.__name__} has no field {unknown}")
    new: T = copy(obj, changes)
    return new


def replace_at(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """The tuple with item ``index`` replaced."""
    return items[:index] + (value,) + items[index + 1:]


def without(items: tuple[T, ...], gone: Iterable[T]) -> tuple[T, ...]:
    """The tuple less the given items (each removed wherever it stands)."""
    if not items:  # most seats know of no card in their hand (taken from the pile)
        return items
    remove = set(gone)
    return tuple([item for item in items if item not in remove])


def without_one(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """The tuple less one item where it first stands, or the very tuple if it is not
    there (a card is one object, so a hand holds it once: a discard's hot path)."""
    try:
        index = items.index(item)
    except ValueError:
        return items
    return items[:index] + items[index + 1:]


K = TypeVar("K")
V = TypeVar("V")


class LazyTable(dict[K, V]):
    """A table of a pure function over a small, finite domain, filled as keys are first
    asked for (a lookup is a plain dict lookup, at C speed). ``size`` bounds the domain,
    so the table is bounded too. It answers ``cache_clear``/``cache_parameters`` like a
    ``functools`` cache, so ``bench/engine.py`` empties it before each timed block."""

    def __init__(self, make: Callable[[K], V], size: int) -> None:
        super().__init__()
        self._make = make
        self._size = size

    def __missing__(self, key: K) -> V:
        value = self[key] = self._make(key)
        return value

    def cache_clear(self) -> None:
        self.clear()

    def cache_parameters(self) -> dict[str, int]:
        return {"maxsize": self._size}


class FilledTable(dict[K, V]):
    """A table of a pure function over a small, finite domain, filled whole, one part of
    the domain at a time, before that part is first read (``fill``): a constant, like a
    table written out at import, worked out when first needed instead. A key no part
    filled is worked out when asked (``make``). Not a cache: nothing is ever dropped,
    and ``bench/engine.py`` leaves it as it is."""

    def __init__(self, make: Callable[[K], V]) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, key: K) -> V:
        value = self[key] = self._make(key)
        return value

    def fill(self, keys: Iterable[K]) -> None:
        """Work out every one of these keys (a part of the domain) now."""
        make = self._make
        self.update({key: make(key) for key in keys if key not in self})

