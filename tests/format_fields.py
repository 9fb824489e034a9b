"""The fields of every class a save or record can hold, fingerprinted per format version.

Saves of today's format are matched strictly (``codec.matches_saved``): a field added to
a state or event class without a format step would make every save written today look
damaged. ``tests/test_format_fields.py`` compares the classes with the fingerprint kept
for ``FORMAT_VERSION`` in ``tests/format_fields/format-N.json``. Run

    python3 tests/format_fields.py

to write that file for a new format version, or to add classes and enum values that
old files cannot hold (they need no step); it refuses any other change to a version
already recorded.
"""

from __future__ import annotations

import dataclasses
import json
import sys
import types
import typing
from enum import Enum
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cardtable.engine  # noqa: E402,F401  (registers every serializable class)
from cardtable.engine.codec import serializable_classes  # noqa: E402
from cardtable.engine.migrations import FORMAT_VERSION  # noqa: E402

FOLDER = Path(__file__).resolve().parent / "format_fields"
Fingerprint = dict[str, dict[str, Any]]


def stored_path(version: int = FORMAT_VERSION) -> Path:
    return FOLDER / f"format-{version}.json"


def _enum_name(cls: type) -> str:
    return f"{cls.__module__.rsplit('.', 1)[-1]}.{cls.__qualname__}"


def _type_name(kind: Any, enums: dict[str, list[Any]]) -> str:
    """A declared type as text (classes by name, enums by module and name, with their
    values kept in ``enums``), independent of how the annotation was spelled."""
    if kind is type(None):
        return "None"
    if kind is Ellipsis:
        return "..."
    if kind is Any:
        return "Any"
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if origin is typing.Union or origin is types.UnionType:
        return " | ".join(_type_name(arg, enums) for arg in args)
    if origin is typing.Literal:
        return f"Literal[{', '.join(repr(arg) for arg in args)}]"
    if origin is not None:
        return f"{_type_name(origin, enums)}[{', '.join(_type_name(a, enums) for a in args)}]"
    if isinstance(kind, type) and issubclass(kind, Enum):
        enums[_enum_name(kind)] = [member.value for member in kind]
        return _enum_name(kind)
    if isinstance(kind, type):
        return kind.__qualname__
    return repr(kind)


def fingerprint() -> Fingerprint:
    """Each serializable class's fields (name: declared type), and the values of the
    enums they use."""
    classes: dict[str, dict[str, str]] = {}
    enums: dict[str, list[Any]] = {}
    for cls in serializable_classes():
        if not dataclasses.is_dataclass(cls):
            continue
        hints = typing.get_type_hints(cls)
        classes[cls.__name__] = {field.name: _type_name(hints[field.name], enums)
                                 for field in dataclasses.fields(cls)}
    return {"classes": classes, "enums": dict(sorted(enums.items()))}


def stored(version: int = FORMAT_VERSION) -> Fingerprint | None:
    path = stored_path(version)
    if not path.exists():
        return None
    data: Fingerprint = json.loads(path.read_text())
    return data


def differences(old: Fingerprint, new: Fingerprint) -> tuple[list[str], list[str]]:
    """(changes old files cannot survive, additions they can): a field added, removed or
    retyped, a class or enum value gone; against a new class or a new enum value."""
    breaking: list[str] = []
    harmless: list[str] = []
    old_classes, new_classes = old["classes"], new["classes"]
    for name in sorted(old_classes.keys() | new_classes.keys()):
        if name not in new_classes:
            breaking.append(f"class {name} is gone")
        elif name not in old_classes:
            harmless.append(f"class {name} is new")
        else:
            before, after = old_classes[name], new_classes[name]
            for field in before.keys() | after.keys():
                if field not in after:
                    breaking.append(f"{name}.{field} is gone")
                elif field not in before:
                    breaking.append(f"{name}.{field}: {after[field]} is added")
                elif before[field] != after[field]:
                    breaking.append(f"{name}.{field} was {before[field]}, "
                                    f"is now {after[field]}")
            if [f for f in before if f in after] != [f for f in after if f in before]:
                breaking.append(f"the fields of {name} are in another order")
    old_enums, new_enums = old["enums"], new["enums"]
    for name in sorted(old_enums.keys() | new_enums.keys()):
        before_values, after_values = old_enums.get(name), new_enums.get(name)
        if after_values is None:
            continue  # no longer used by a field: a class change above says so
        if before_values is None:
            harmless.append(f"enum {name} is new")
            continue
        gone = [v for v in before_values if v not in after_values]
        added = [v for v in after_values if v not in before_values]
        if gone:
            breaking.append(f"enum {name} lost {gone}")
        if added:
            harmless.append(f"enum {name} has new values {added}")
    return sorted(breaking), sorted(harmless)


HOW_TO_STEP = (
    "Every save of format {version} written today holds the old fields and is matched "
    "strictly, so after this change it would be set aside as damaged. Make a format "
    "step: raise FORMAT_VERSION in cardtable/engine/migrations.py to {next}; give a "
    "field added to a state or event a default (an older file's snapshot may lack it); "
    "for each game whose saved options or moves change, add a migration step to its "
    "variant's `migrations` with a test on its format-{version} example in saves/ "
    "(tests/test_save_migrations.py); then run `python3 tests/make_example_saves.py` "
    "(format-{next} examples) and `python3 tests/format_fields.py` (this fingerprint "
    "for format {next}).")


def main() -> int:
    new = fingerprint()
    old = stored()
    if old is not None:
        breaking, harmless = differences(old, new)
        if breaking:
            print("\n".join([f"refused: format {FORMAT_VERSION} is released:", *breaking,
                             HOW_TO_STEP.format(version=FORMAT_VERSION,
                                                next=FORMAT_VERSION + 1)]),
                  file=sys.stderr)
            return 1
        if not harmless:
            print(f"{stored_path()} is up to date")
            return 0
    FOLDER.mkdir(exist_ok=True)
    stored_path().write_text(json.dumps(new, indent=1, sort_keys=False) + "\n")
    print(f"wrote {stored_path()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
