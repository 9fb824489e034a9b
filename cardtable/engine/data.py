"""Helpers for the engine's frozen plain data: copy-with-changes and tuple edits.

``evolve`` is ``dataclasses.replace`` without re-running ``__init__``; it runs once or
twice per action, so it sits on the engine's hottest path.

Standard library only.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")


@cache
def _field_names(cls: Any) -> tuple[str, ...]:
    return tuple(field.name for field in dataclasses.fields(cls))


@cache
def _field_set(cls: Any) -> frozenset[str]:
    return frozenset(_field_names(cls))


def evolve(obj: T, **changes: Any) -> T:
    """A copy of a frozen dataclass with some fields changed."""
    cls: Any = type(obj)
    names = _field_names(cls)
    if not changes.keys() <= _field_set(cls):
        unknown = ", ".join(sorted(changes.keys() - _field_set(cls)))
        raise TypeError(f"{cls.__name__} has no field {unknown}")
    new: T = object.__new__(cls)
    set_field = object.__setattr__
    for name in names:
        set_field(new, name, changes[name] if name in changes else getattr(obj, name))
    return new


def replace_at(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """The tuple with item ``index`` replaced."""
    return items[:index] + (value,) + items[index + 1:]


def without(items: tuple[T, ...], gone: Iterable[T]) -> tuple[T, ...]:
    """The tuple less the given items (each removed wherever it stands)."""
    remove = set(gone)
    return tuple(item for item in items if item not in remove)
