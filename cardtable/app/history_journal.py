"""The writes the history has not taken yet (the disk was full, the file read-only or
locked by another program), kept in a small JSON file beside the saves so that no game
is lost: they are written to the history when it accepts writes again, later in the
same run or at the next start.

A write is plain data (:class:`Write`), so it can be kept on disk and merged: each game
waits as one entry holding its latest state. The file is untrusted like every file the
app reads: a damaged one, or one with entries that do not fit, is moved aside (never
deleted) and what can be used is kept. Depends on ``files`` and ``history_db`` only.
"""

from __future__ import annotations

import dataclasses
import enum
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .files import (
    Unreadable,
    move_aside,
    os_problem,
    read_json,
    remove_stale_temps,
    write_atomic,
)
from .history_db import GameRow

FORMAT = 1
"""The journal file's format version."""
STATUSES = ("playing", "finished", "abandoned")
_NONE = type(None)
_TYPES: dict[str, tuple[type, ...]] = {
    "key": (str,), "game_id": (str,), "deal_code": (str, _NONE), "seats": (int,),
    "seed": (int,), "options": (dict,), "level": (str,), "human": (int,),
    "started": (int, float), "ended": (int, float, _NONE), "status": (str,),
    "rounds": (int,), "standings": (list,), "scores": (list, _NONE),
    "won": (int, float, _NONE), "place": (int, _NONE), "record": (dict,), "hints": (int,)}
"""What each of a game row's fields may hold (a field not named here: any JSON)."""


class Kind(enum.Enum):
    ADD = "add"
    """A new game's whole row."""
    UPDATE = "update"
    """Some fields of a game's row, and hints to add to its count."""
    ABANDON = "abandon"
    """Every game still ``playing`` (of ``game_id``, or of any game), but ``keep``, is
    abandoned."""


@dataclass(frozen=True)
class Write:
    """One change to the history, as data."""

    kind: Kind
    key: str = ""
    fields: dict[str, Any] = field(default_factory=dict)
    """ADD: every field of the row; UPDATE: the fields changed."""
    hints: int = 0
    """UPDATE: hints taken since (added to the row's count)."""
    keep: tuple[str, ...] = ()
    game_id: str | None = None

    @staticmethod
    def add(row: GameRow) -> Write:
        return Write(Kind.ADD, row.key, dataclasses.asdict(row))

    def merged(self, later: Write) -> Write:
        """This write followed by ``later``, a write to the same game."""
        fields = {**self.fields, **later.fields}
        if self.kind is Kind.ADD:
            fields["hints"] = int(fields.get("hints", 0)) + later.hints
            return Write(Kind.ADD, self.key, fields)
        return Write(Kind.UPDATE, self.key, fields, self.hints + later.hints)

    def row(self) -> GameRow:
        """An ADD's row."""
        return GameRow(**self.fields)

    def to_json(self) -> dict[str, Any]:
        if self.kind is Kind.ABANDON:
            return {"kind": self.kind.value, "keep": list(self.keep), "game_id": self.game_id}
        return {"kind": self.kind.value, "key": self.key, "fields": self.fields,
                "hints": self.hints}


def merge(pending: list[Write], write: Write) -> list[Write]:
    """``pending`` followed by ``write``: a game's write joins that game's entry (unless
    an ABANDON lies between, which must keep its place), so each game waits once."""
    if write.kind is not Kind.ABANDON:
        for index in range(len(pending) - 1, -1, -1):
            earlier = pending[index]
            if earlier.kind is Kind.ABANDON:
                break
            if earlier.key == write.key and write.kind is Kind.UPDATE:
                return [*pending[:index], earlier.merged(write), *pending[index + 1:]]
    return [*pending, write]


def games_in(pending: list[Write]) -> int:
    """How many games the writes are about."""
    return len({write.key for write in pending if write.kind is not Kind.ABANDON})


class Journal:
    """The file of writes waiting for the history."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.on_disk = False
        """The file holds writes (it is removed once they are all taken)."""

    def load(self) -> tuple[list[Write], str | None]:
        """The writes kept by an earlier run, and a message when the file had to be
        moved aside (damaged, or with entries that do not fit)."""
        remove_stale_temps(self.path)
        if not self.path.exists() and not self.path.is_symlink():
            return [], None
        if self.path.is_dir():   # never moved: a folder is not ours to move
            return [], ("The games waiting to be written to your history cannot be kept: "
                        f"a folder stands where their file ({self.path.name}) should be.")
        try:
            data = read_json(self.path)
        except Unreadable as error:
            return [], self._set_aside(f"the file {error}")
        entries = data.get("writes") if isinstance(data, dict) else None
        if not isinstance(data, dict) or data.get("format") != FORMAT or \
                not isinstance(entries, list):
            return [], self._set_aside("the file is not in a form this version knows")
        writes = [write for entry in entries if (write := _write(entry)) is not None]
        self.on_disk = True
        if len(writes) < len(entries):
            left = len(entries) - len(writes)
            return writes, self._set_aside(f"{left} of its entries could not be read")
        return writes, None

    def save(self, pending: list[Write]) -> str | None:
        """Keep ``pending`` on disk (or remove the file when nothing waits); the reason
        in words when the disk or folder refuses."""
        try:
            if pending:
                text = json.dumps({"format": FORMAT,
                                   "writes": [write.to_json() for write in pending]},
                                  separators=(",", ":"))
                write_atomic(self.path, text)
                self.on_disk = True
            elif self.on_disk:
                self.path.unlink(missing_ok=True)
                self.on_disk = False
        except OSError as error:
            return os_problem(error)
        except (TypeError, ValueError) as error:   # a value JSON cannot hold
            return f"a value in it cannot be written ({error})"
        return None

    def _set_aside(self, why: str) -> str:
        try:
            kept = move_aside(self.path, "unreadable")
        except OSError as error:
            return (f"The games waiting to be written to your history could not be read "
                    f"back ({why}) nor set aside ({os_problem(error)}).")
        self.on_disk = False
        return (f"The games waiting to be written to your history could not all be read "
                f"back ({why}); the file was kept as {kept.name}.")


def _write(entry: object) -> Write | None:
    """The write an untrusted journal entry holds, or ``None`` when it does not fit."""
    if not isinstance(entry, dict):
        return None
    kind = entry.get("kind")
    if kind == Kind.ABANDON.value:
        keep, game_id = entry.get("keep"), entry.get("game_id")
        if not isinstance(keep, list) or not all(isinstance(k, str) for k in keep) or \
                not isinstance(game_id, (str, _NONE)):
            return None
        return Write(Kind.ABANDON, keep=tuple(keep), game_id=game_id)
    key, fields, hints = entry.get("key"), entry.get("fields"), entry.get("hints", 0)
    if kind not in (Kind.ADD.value, Kind.UPDATE.value) or not isinstance(key, str) or \
            not key or not isinstance(fields, dict) or not _count(hints) or \
            not _fields_fit(fields):
        return None
    if kind == Kind.ADD.value:
        required = {f.name for f in dataclasses.fields(GameRow)
                    if f.default is dataclasses.MISSING
                    and f.default_factory is dataclasses.MISSING}
        if fields.get("key") != key or not required <= set(fields):
            return None
    return Write(Kind(kind), key, fields, hints)


def _fields_fit(fields: dict[Any, Any]) -> bool:
    names = {f.name for f in dataclasses.fields(GameRow)}
    for name, value in fields.items():
        if name not in names:
            return False
        allowed = _TYPES.get(name)
        if allowed is not None and (isinstance(value, bool) or not isinstance(value, allowed)):
            return False
    return fields.get("status", "playing") in STATUSES


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 1_000_000
