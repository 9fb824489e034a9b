"""JSON encoding of the engine's plain data: states, actions, events, observations.

Every engine value is a frozen dataclass, an enum, a card, a tuple or a scalar, so one
generic codec driven by the dataclasses' type hints serves them all. Dataclasses carry a
``"type"`` tag so that a field typed by a base class (an ``Action``, an ``Event``) or a
union decodes to the right class. Cards are written in their unique form (``7H.1``).

Standard library only.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from enum import Enum
from functools import cache
from typing import Any, TypeVar

from .cards import Card, parse_card
from .errors import CodecError, NotationError

T = TypeVar("T")
_REGISTRY: dict[str, type] = {}


def serializable(cls: type[T]) -> type[T]:
    """Register a dataclass so a ``"type"`` tag can find it when decoding."""
    name = cls.__name__
    if name in _REGISTRY and _REGISTRY[name] is not cls:
        raise TypeError(f"two serializable classes are named {name}")
    _REGISTRY[name] = cls
    return cls


def serializable_classes() -> tuple[type, ...]:
    """Every registered class, by name: what saves and records can hold (the tests
    fingerprint their fields against the format version, see ``migrations``)."""
    return tuple(_REGISTRY[name] for name in sorted(_REGISTRY))


JSONValue = Any
"""JSON-shaped data (what ``json.loads`` gives): data, not an interface between layers,
so the records, saves and history rows that carry it are read field by field where
used. Named, so the typed-boundaries test can tell data from a loosely typed boundary."""
JSONObject = dict[str, JSONValue]
"""A JSON object: a record, a save, a history row (see ``JSONValue``)."""


def to_json(value: Any) -> JSONValue:
    """Plain JSON data (dicts, lists, strings, numbers) for an engine value."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Card):
        return value.code
    if isinstance(value, (tuple, list)):
        return [to_json(item) for item in value]
    if isinstance(value, Enum):
        return value.value
    kind: Any = type(value)
    names = _field_names(kind)
    if names is not None:
        data: dict[str, Any] = {"type": type(value).__name__}
        for name in names:
            data[name] = to_json(getattr(value, name))
        return data
    raise CodecError(f"cannot encode {type(value).__name__}")


def matches_saved(saved: Any, current: Any, older: bool = False,
                  unchecked: frozenset[str] = frozenset()) -> bool:
    """Whether JSON data written earlier equals ``current``'s JSON. Data of an older
    format (``older``) may lack a dataclass field that has a default: a field added
    since, which the moves produce and no migration can fill in. Never the type tag nor
    a field without a default, so an empty object matches nothing. The top-level fields
    named in ``unchecked`` are not compared (fields whose bookkeeping changed since the
    data was written: ``Variant.reread_at``)."""
    if unchecked and isinstance(saved, dict) and isinstance(current, dict):
        saved = {key: value for key, value in saved.items() if key not in unchecked}
        current = {key: value for key, value in current.items() if key not in unchecked}
    if isinstance(saved, dict) and isinstance(current, dict):
        if any(key not in current for key in saved):
            return False
        missing = {key for key in current if key not in saved}
        if missing and not (older and missing <= _defaulted(current.get("type"))):
            return False
        return all(matches_saved(value, current[key], older) for key, value in saved.items())
    if isinstance(saved, list) and isinstance(current, list):
        return len(saved) == len(current) and all(
            matches_saved(a, b, older) for a, b in zip(saved, current))
    return bool(saved == current)


def _defaulted(tag: Any) -> frozenset[str]:
    """The fields with a default of the class a type tag names (none for no class)."""
    cls = _REGISTRY.get(tag) if isinstance(tag, str) else None
    if cls is None or not dataclasses.is_dataclass(cls):
        return frozenset()
    return frozenset(f.name for f in dataclasses.fields(cls)
                     if f.default is not dataclasses.MISSING
                     or f.default_factory is not dataclasses.MISSING)


def from_json(kind: Any, data: Any) -> Any:
    """Decode ``data`` as a value of type ``kind`` (a class or a typing expression)."""
    try:
        return _decode(kind, data)
    except CodecError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError) as error:
        raise CodecError(f"not a valid {getattr(kind, '__name__', kind)}: {error}") from error


@cache
def _field_names(cls: Any) -> tuple[str, ...] | None:
    """A dataclass's field names (``None`` for anything else), looked up once per class."""
    if not dataclasses.is_dataclass(cls):
        return None
    return tuple(field.name for field in dataclasses.fields(cls))


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _decode(kind: Any, data: Any) -> Any:
    if kind is Any:
        return data
    if kind is type(None):
        if data is not None:
            raise CodecError(f"expected null, got {data!r}")
        return None
    origin = typing.get_origin(kind)
    if origin is typing.Union or origin is types.UnionType:
        return _decode_union(typing.get_args(kind), data)
    if origin is tuple:
        return _decode_tuple(typing.get_args(kind), data)
    if origin is typing.Literal:
        if data not in typing.get_args(kind):
            raise CodecError(f"{data!r} is not one of {typing.get_args(kind)}")
        return data
    if kind is Card:
        if not isinstance(data, str):
            raise CodecError(f"a card is written as text, not {data!r}")
        try:
            return parse_card(data)
        except NotationError as error:
            raise CodecError(str(error)) from error
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind(data)
    if kind in (int, str, float):
        if isinstance(data, bool) or not isinstance(data, kind):
            if not (kind is float and isinstance(data, int)):
                raise CodecError(f"expected {kind.__name__}, got {data!r}")
        return data
    if kind is bool:
        if not isinstance(data, bool):
            raise CodecError(f"expected true or false, got {data!r}")
        return data
    if isinstance(kind, type):
        return _decode_object(kind, data)
    raise CodecError(f"cannot decode type {kind!r}")


def _decode_union(options: tuple[Any, ...], data: Any) -> Any:
    if data is None and type(None) in options:
        return None
    real = [option for option in options if option is not type(None)]
    if len(real) == 1:
        return _decode(real[0], data)
    if isinstance(data, dict) and "type" in data:
        cls = _REGISTRY.get(data["type"])
        if cls is not None and any(isinstance(o, type) and issubclass(cls, o) for o in real):
            return _decode_object(cls, data)
    for option in real:
        try:
            return _decode(option, data)
        except (CodecError, TypeError, ValueError, KeyError):
            continue
    raise CodecError(f"{data!r} matches none of {real}")


def _decode_tuple(args: tuple[Any, ...], data: Any) -> tuple[Any, ...]:
    if not isinstance(data, list):
        raise CodecError(f"expected a list, got {data!r}")
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_decode(args[0], item) for item in data)
    if len(args) != len(data):
        raise CodecError(f"expected {len(args)} items, got {len(data)}")
    return tuple(_decode(arg, item) for arg, item in zip(args, data))


def _decode_object(kind: type, data: Any) -> Any:
    if not isinstance(data, dict):
        raise CodecError(f"expected an object for {kind.__name__}, got {data!r}")
    cls = kind
    tag = data.get("type")
    if tag is not None:
        found = _REGISTRY.get(tag)
        if found is None or not issubclass(found, kind):
            raise CodecError(f"{tag!r} is not a kind of {kind.__name__}")
        cls = found
    if not dataclasses.is_dataclass(cls):
        raise CodecError(f"{kind.__name__} needs a type tag")
    hints = _hints(cls)
    values: dict[str, Any] = {}
    for field in dataclasses.fields(cls):
        if field.name in data:
            values[field.name] = _decode(hints[field.name], data[field.name])
        elif field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
            raise CodecError(f"{cls.__name__} is missing {field.name!r}")
    return cls(**values)
