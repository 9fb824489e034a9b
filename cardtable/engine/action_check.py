"""Is it a move at all? The shape check every action passes before the rules see it.

Actions come from bots, the window and decoded files; Python will happily build
``Draw("stock")`` or hand over ``None``. The rules code reads fields as the type hints
promise, so a value of the wrong shape would fail deep inside it with an AttributeError
or TypeError. This check refuses it first, with a reason, driven by the actions' own
type hints (like the codec), so a new action needs nothing here.

Standard library only.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from enum import Enum
from functools import cache
from typing import Any

from .actions import Action
from .cards import Card
from .text import msg

_Check = Callable[[Any], bool]


def malformed(action: object) -> str | None:
    """Why ``action`` is not a well-formed move, or ``None`` when it is one."""
    if not isinstance(action, Action) or type(action) is Action:
        # Translators: {kind} is a programmer's name of a type
        return msg("{kind} is not a move", kind=type(action).__name__)
    kind: Any = type(action)
    for name, check in _field_checks(kind):
        if not check(getattr(action, name, None)):
            value = repr(getattr(action, name, None))
            value = value if len(value) < 40 else value[:37] + "..."
            # Translators: {field}: a programmer's name (Draw.source); {value}: as Python writes it
            return msg("{field} cannot be {value}", field=f"{kind.__name__}.{name}", value=value)
    return None


@cache
def _field_checks(cls: Any) -> tuple[tuple[str, _Check], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((field.name, _check_for(hints[field.name]))
                 for field in dataclasses.fields(cls))


def _check_for(kind: Any) -> _Check:
    """A predicate that holds for values of type ``kind``."""
    origin = typing.get_origin(kind)
    if origin is typing.Union or origin is types.UnionType:
        options = tuple(_check_for(option) for option in typing.get_args(kind))
        return lambda value: any(check(value) for check in options)
    if origin is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _check_for(args[0])
            return lambda value: isinstance(value, tuple) and all(item(v) for v in value)
        items = tuple(_check_for(arg) for arg in args)
        return lambda value: (isinstance(value, tuple) and len(value) == len(items)
                              and all(check(v) for check, v in zip(items, value)))
    if origin is typing.Literal:
        allowed = typing.get_args(kind)
        return lambda value: value in allowed
    if kind is type(None):
        return lambda value: value is None
    if kind is int:
        return lambda value: isinstance(value, int) and not isinstance(value, bool)
    if kind is Any:
        return lambda value: True
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        fields = _field_checks(kind)
        return lambda value: isinstance(value, kind) and all(
            check(getattr(value, name, None)) for name, check in fields)
    if isinstance(kind, type) and (issubclass(kind, (Enum, Card, bool, str, float))):
        return lambda value: isinstance(value, kind)
    raise TypeError(f"no shape check for {kind!r}")
