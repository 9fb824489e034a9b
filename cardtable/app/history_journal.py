"""The writes the history has not taken yet (the disk was full, the file read-only or
locked by another program), kept in a small JSON file beside the saves so that no game
is lost: they are written to the history when it accepts writes again, later in the
same run or at the next start.

A write is plain data (:class:`Write`), so it can be kept on disk and merged: each game
waits as one entry holding its latest state. The file is untrusted like every file the
app reads: a damaged one, or one with entries that do not fit, is moved aside (never
deleted) and what can be used is kept. Depends on ``files`` and ``history_rows`` only.
"""

from __future__ import annotations

import dataclasses
import enum
import json
from dataclasses import dataclass
from pathlib import Path

from ..engine.codec import JSONObject
from ..engine.rng import seed_problem
from ..i18n import _, ngettext
from .files import (
    Unreadable,
    move_aside,
    os_problem,
    read_json,
    remove_stale_temps,
    write_atomic,
)
from .history_rows import Changes, Deal, GameRow, changes_problem, row_problem

FORMAT = 2
"""The journal file's format version (2: an ABANDON keeps the saved games by their deal,
not by key; an UPDATE's round count follows its standings; optional since: a write's
``number`` and an ABANDON's ``before``, which earlier builds of format 2 ignore, and
without which a write is always made; a FINISH, which earlier builds of format 2 leave
out as not fitting). Format 1 is read too."""


class Kind(enum.Enum):
    ADD = "add"
    """A new game's whole row (the other games of its kind still ``playing`` are
    abandoned: it replaces them)."""
    RESUME = "resume"
    """A saved game back on the table: its newest ``playing`` row (same game, deal and
    seats) takes the write's key; without one, the row is added as by ADD. Worked out
    where the writes are made, never on the drawing thread."""
    UPDATE = "update"
    """Some fields of a game's row, and hints to add to its count."""
    FINISH = "finish"
    """A game that ended as cardtable was stopped, before its result was written:
    found by its deal and moves (``History.finish_found``), from the save set aside."""
    ABANDON = "abandon"
    """Every game still ``playing`` that was dealt before it was asked is abandoned,
    but those the save slots hold (a stale journal read again must not abandon a game
    dealt and saved since)."""


_ROW = {f.name for f in dataclasses.fields(GameRow)}
_REQUIRED = {f.name for f in dataclasses.fields(GameRow)
             if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}


@dataclass(frozen=True)
class Write:
    """One change to the history, as data."""

    kind: Kind
    key: str = ""
    row: GameRow | None = None
    """ADD and RESUME: the row (RESUME: the one added when no row is found)."""
    changes: Changes = Changes()
    """UPDATE: the fields changed; RESUME: changes made since."""
    hints: int = 0
    """UPDATE and RESUME: hints taken since (added to the row's count)."""
    keep: tuple[Deal, ...] = ()
    """ABANDON: the games the save slots hold; FINISH: the game's deal."""
    number: int = 0
    """Counted up by the recorder, across starts (the journal keeps the highest):
    the history skips a write of a game no newer than the last it took of it, so a
    journal read again after it was taken changes nothing (0: always made)."""
    before: float | None = None
    """ABANDON: when it was asked (games dealt since are left alone; ``None``: every
    game, as a journal of an earlier version has it)."""

    @staticmethod
    def add(row: GameRow) -> Write:
        return Write(Kind.ADD, row.key, row)

    @property
    def deal(self) -> Deal | None:
        return None if self.row is None else Deal.of(self.row)

    def merged(self, later: Write) -> Write:
        """This write followed by ``later``, an UPDATE of the same game."""
        if self.kind is Kind.ADD and self.row is not None:   # a new game: one row
            return Write(Kind.ADD, self.key, _changed(self.row, later.changes, later.hints),
                         number=later.number)
        return dataclasses.replace(self, changes=self.changes.then(later.changes),
                                   hints=self.hints + later.hints, number=later.number)

    def rekeyed(self, key: str) -> Write:
        """This write (its row too) as one of the game continued with ``key``."""
        row = None if self.row is None else dataclasses.replace(self.row, key=key)
        return dataclasses.replace(self, key=key, row=row)

    def to_json(self) -> JSONObject:
        if self.kind is Kind.FINISH:
            return {"kind": self.kind.value,
                    "keep": [[d.game_id, d.seed, d.seats] for d in self.keep],
                    "fields": self.changes.to_json()}
        if self.kind is Kind.ABANDON:
            return {"kind": self.kind.value,
                    "keep": [[d.game_id, d.seed, d.seats] for d in self.keep]} | (
                {} if self.before is None else {"before": self.before})
        entry: JSONObject = {"kind": self.kind.value, "key": self.key,
                                 "hints": self.hints} | (
            {"number": self.number} if self.number else {})
        if self.row is not None:
            entry["fields"] = dataclasses.asdict(self.row)
        if self.kind is Kind.UPDATE:
            entry["fields"] = self.changes.to_json()
        elif self.changes:
            entry["changes"] = self.changes.to_json()
        return entry


def _changed(row: GameRow, changes: Changes, hints: int) -> GameRow:
    """A waiting row with ``changes`` (a continued game's standings follow the rounds
    it had played, as the history does it)."""
    values: JSONObject = changes.columns()
    if changes.standings is not None:
        standings = row.standings[:changes.standings_after] + changes.standings
        values.update(standings=standings, rounds=len(standings))
    return dataclasses.replace(row, hints=row.hints + hints, **values)


def merge(pending: list[Write], write: Write) -> list[Write]:
    """``pending`` followed by ``write``: a game's write joins that game's entry (unless
    an ABANDON lies between, which must keep its place), so each game waits once; a
    continued game whose row still waits here takes that entry, and every write of its
    old key the new key (an update filed after an abandon too: the old key is gone)."""
    if write.kind is Kind.FINISH and write in pending:
        return pending   # found again at a later start: it waits once
    if write.kind is Kind.RESUME:
        index = _waiting_row(pending, write)
        if index is not None:
            old = pending[index].key
            return [earlier.rekeyed(write.key) if earlier.key == old and
                    earlier.kind is not Kind.ABANDON else earlier for earlier in pending]
    if write.kind is Kind.UPDATE:
        for index in range(len(pending) - 1, -1, -1):
            earlier = pending[index]
            if earlier.kind is Kind.ABANDON:
                break
            if earlier.key == write.key:
                return [*pending[:index], earlier.merged(write), *pending[index + 1:]]
    return [*pending, write]


def _waiting_row(pending: list[Write], write: Write) -> int | None:
    """Where the newest row of ``write``'s game still ``playing`` waits, if it does."""
    deal, ended = write.deal, set()
    for index in range(len(pending) - 1, -1, -1):
        earlier = pending[index]
        if earlier.kind is Kind.ABANDON:
            if deal not in earlier.keep:
                return None   # abandoned before it, if it was waiting
            continue
        status = (earlier.row.status if earlier.kind is Kind.ADD and earlier.row
                  else earlier.changes.status)
        if status not in (None, "playing"):
            ended.add(earlier.key)
        if earlier.kind in (Kind.ADD, Kind.RESUME) and earlier.key not in ended:
            if earlier.deal == deal:
                return index
            if earlier.kind is Kind.ADD and deal is not None and \
                    earlier.row is not None and earlier.row.game_id == deal.game_id:
                return None   # a newer game of its kind replaced it
    return None


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
            return [], _("The games waiting to be written to your history cannot be kept: "
                         "a folder stands where their file ({file}) should be.").format(
                file=self.path.name)
        try:
            data = read_json(self.path)
        except Unreadable as error:
            # Translators: {problem} completes the sentence ("could not be read (…)",
            # "is not text"…)
            return [], self._set_aside(_("the file {problem}").format(problem=error))
        entries = data.get("writes") if isinstance(data, dict) else None
        if not isinstance(data, dict) or data.get("format") not in (1, FORMAT) or \
                not isinstance(entries, list):
            return [], self._set_aside(_("the file is not in a form this version knows"))
        if data["format"] == 1:
            entries = [e for e in map(_from_format_1, entries) if e is not None]
        writes = [write for entry in entries if (write := _write(entry)) is not None]
        self.on_disk = True
        if len(writes) < len(entries):
            left = len(entries) - len(writes)
            return writes, self._set_aside(ngettext(
                "{count} of its entries could not be read",
                "{count} of its entries could not be read", left).format(count=left))
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
            return _("a value in it cannot be written ({problem})").format(problem=error)
        return None

    def _set_aside(self, why: str) -> str:
        try:
            kept = move_aside(self.path, "unreadable")
        except OSError as error:
            return _("The games waiting to be written to your history could not be read "
                     "back ({reason}) nor set aside ({problem}).").format(
                reason=why, problem=os_problem(error))
        self.on_disk = False
        return _("The games waiting to be written to your history could not all be read "
                 "back ({reason}); the file was kept as {file}.").format(reason=why,
                                                                         file=kept.name)


def _from_format_1(entry: object) -> object:
    """A format-1 entry as format 2 has it; ``None`` for an ABANDON (it named rows by
    key: left out, nothing is abandoned that a save may hold; this start's own
    ``recover`` abandons the rest)."""
    if not isinstance(entry, dict) or entry.get("kind") not in ("abandon", "update"):
        return entry
    if entry["kind"] == "abandon":
        return None
    fields = entry.get("fields")
    if not isinstance(fields, dict):
        return entry
    return {**entry, "fields": {k: v for k, v in fields.items() if k != "rounds"}}


def _write(entry: object) -> Write | None:
    """The write an untrusted journal entry holds, or ``None`` when it does not fit: a
    row goes through the history's own checks (``row_problem``), so nothing waits
    here that the history would refuse."""
    if not isinstance(entry, dict):
        return None
    kind = entry.get("kind")
    if kind == Kind.FINISH.value:
        keep, changes = entry.get("keep"), Changes.from_json(entry.get("fields"))
        if not isinstance(keep, list) or len(keep) != 1 or not _deal_fits(keep[0]) or \
                changes is None or changes.ended is None or changes.record is None:
            return None
        return Write(Kind.FINISH, keep=(Deal(*keep[0]),), changes=changes)
    if kind == Kind.ABANDON.value:
        keep, before = entry.get("keep"), entry.get("before")
        if not isinstance(keep, list) or not all(_deal_fits(d) for d in keep) or \
                (before is not None and changes_problem({"ended": before})):
            return None
        return Write(Kind.ABANDON, keep=tuple(Deal(*d) for d in keep),
                     before=None if before is None else float(before))
    key, fields, hints = entry.get("key"), entry.get("fields"), entry.get("hints", 0)
    number = entry.get("number", 0)
    if kind not in (Kind.ADD.value, Kind.RESUME.value, Kind.UPDATE.value) or \
            not isinstance(key, str) or not key or not isinstance(fields, dict) or \
            not _count(hints) or not _count(number, 2**62):
        return None
    if kind == Kind.UPDATE.value:
        changes = Changes.from_json(fields)
        return None if changes is None else Write(Kind.UPDATE, key, changes=changes,
                                                  hints=hints, number=number)
    if fields.get("key") != key or not _REQUIRED <= set(fields) <= _ROW:
        return None
    row = GameRow(**fields)
    changes = Changes.from_json(entry.get("changes", {}))
    if changes is None or row_problem(row) is not None:
        return None
    return Write(Kind(kind), key, row, changes, hints, number=number)


def _deal_fits(value: object) -> bool:
    return isinstance(value, list) and len(value) == 3 and isinstance(value[0], str) \
        and seed_problem(value[1]) is None and _count(value[2])


def _count(value: object, below: int = 1_000_000) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < below
