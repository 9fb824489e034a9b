"""The history of games played, in SQLite (standard library ``sqlite3``) in the user's
data folder: one row per game started, finished or abandoned, with its setup, its
deal code, the standings after each round, the result and the whole action record (so
any game can be watched again).

The file is untrusted like every file the app reads: one that is not a database, or
fails SQLite's check, is moved aside and a new one started, with a message; one
written by a newer version (its ``user_version`` is ahead of ours), or another
program's database, is left untouched and this version keeps no history. A file that
is merely locked by another program, or that the disk will not let us write, is not
damaged: it is never moved, and the caller may try again later. Every change is one
transaction, so a crash leaves the last complete state. The schema's version is
SQLite's ``user_version``; each entry of ``MIGRATIONS`` takes the file one version up,
all in one transaction.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .files import move_aside, os_problem

MIGRATIONS: tuple[str, ...] = (
    # 0 → 1: the games table.
    """
    CREATE TABLE games (
        key TEXT PRIMARY KEY,
        game_id TEXT NOT NULL,
        deal_code TEXT,
        seats INTEGER NOT NULL,
        seed INTEGER NOT NULL,
        options TEXT NOT NULL,
        level TEXT NOT NULL,
        human INTEGER NOT NULL,
        started REAL NOT NULL,
        ended REAL,
        status TEXT NOT NULL CHECK (status IN ('playing', 'finished', 'abandoned')),
        rounds INTEGER NOT NULL DEFAULT 0,
        standings TEXT NOT NULL DEFAULT '[]',
        scores TEXT,
        won REAL,
        place INTEGER,
        record TEXT NOT NULL
    );
    CREATE INDEX games_by_game ON games (game_id, status, started);
    """,
    # 1 → 2: hints taken (issue 16 counts them; 0 until then).
    """
    ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)
BUSY_SECONDS = 1.0
"""How long a read or write waits for another program's lock on the file before it
gives up: short, so that a locked history never stalls the app or its quitting for
long (the recorder keeps what could not be written and writes it later)."""


class HistoryUnavailable(Exception):
    """The history cannot be kept; the message says why, for the player."""


class _Damaged(sqlite3.DatabaseError):
    """SQLite's own check of the file failed."""


_DAMAGED = ("SQLITE_CORRUPT", "SQLITE_NOTADB")
_PLAIN = (("SQLITE_BUSY", "database is locked", "another program is using it (it is locked)"),
          ("SQLITE_LOCKED", "table is locked", "another program is using it (it is locked)"),
          ("SQLITE_FULL", "disk is full", "the disk is full"),
          ("SQLITE_READONLY", "readonly database", "it may not be written (it is read-only)"),
          ("SQLITE_IOERR", "disk i/o error", "the disk could not be read or written"),
          ("SQLITE_CANTOPEN", "unable to open", "it could not be opened (the folder may "
                                                "not be written)"),
          ("SQLITE_PERM", "access permission denied", "it may not be written (permission "
                                                      "denied)"),
          ("SQLITE_CORRUPT", "malformed", "it is damaged"),
          ("SQLITE_NOTADB", "not a database", "it is not a database"))


def _name(error: BaseException) -> str:
    """SQLite's name for the error (``SQLITE_BUSY``…), from its code or its text."""
    name = getattr(error, "sqlite_errorname", None)
    if isinstance(name, str):
        return name
    text = str(error).lower()
    return next((code for code, words, _ in _PLAIN if words in text), "")


def is_damage(error: BaseException) -> bool:
    """The file itself is damaged (not merely locked, read-only or on a full disk)."""
    return isinstance(error, _Damaged) or (isinstance(error, sqlite3.DatabaseError)
                                           and _name(error).startswith(_DAMAGED))


def is_passing(error: BaseException) -> bool:
    """The file or the disk refused (locked, full, read-only, an I/O error, damaged):
    the same write may well work later. Anything else is a fault of the write itself."""
    return isinstance(error, OSError) or (
        type(error) in (sqlite3.OperationalError, sqlite3.DatabaseError, _Damaged))


def problem_of(error: BaseException) -> str:
    """What went wrong, in words a player understands."""
    if isinstance(error, OSError):
        return os_problem(error)
    if isinstance(error, OverflowError):
        return "a number in the game is too large to be stored"
    name = _name(error)
    for code, _, plain in _PLAIN:
        if name.startswith(code):
            return plain
    return str(error) or type(error).__name__


@dataclass(frozen=True)
class GameRow:
    """One game in the history."""

    key: str
    game_id: str
    deal_code: str | None
    seats: int
    seed: int
    options: dict[str, Any]
    level: str
    """The AI opponents' level."""
    human: int
    started: float
    ended: float | None
    status: str
    """``playing``, ``finished`` or ``abandoned``."""
    rounds: int
    standings: list[list[int]]
    """Each seat's score after each round played."""
    scores: list[int] | None
    won: float | None
    """The person's share of the win (1, a share on a tie, 0) once finished."""
    place: int | None
    record: dict[str, Any]
    hints: int = 0
    """Hints the person took in the game."""

    @property
    def seconds(self) -> float | None:
        return None if self.ended is None else max(0.0, self.ended - self.started)

    @property
    def my_score(self) -> int | None:
        return None if self.scores is None else self.scores[self.human]


_COLUMNS = ("key", "game_id", "deal_code", "seats", "seed", "options", "level", "human",
            "started", "ended", "status", "rounds", "standings", "scores", "won", "place",
            "record", "hints")
_JSON = {"options", "standings", "scores", "record"}


class History:
    """The open history file. Safe to use from several threads (one lock): the app
    writes from its history thread and reads when the statistics are shown."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self._db = connection
        self.path = path
        self._lock = threading.Lock()

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock, self._db:
            yield self._db

    # --- writing ---------------------------------------------------------------------

    def add(self, row: GameRow) -> None:
        values = [_stored(name, getattr(row, name)) for name in _COLUMNS]
        with self._transaction() as db:
            db.execute(f"INSERT OR REPLACE INTO games ({', '.join(_COLUMNS)}) "
                       f"VALUES ({', '.join('?' for _ in _COLUMNS)})", values)

    def update(self, key: str, **changes: Any) -> None:
        unknown = set(changes) - set(_COLUMNS)
        if unknown:
            raise ValueError(f"no such history columns: {sorted(unknown)}")
        names = sorted(changes)
        with self._transaction() as db:
            db.execute(f"UPDATE games SET {', '.join(f'{n} = ?' for n in names)} WHERE key = ?",
                       [*(_stored(n, changes[n]) for n in names), key])

    def add_hint(self, key: str, count: int = 1) -> None:
        with self._transaction() as db:
            db.execute("UPDATE games SET hints = hints + ? WHERE key = ?", (count, key))

    def abandon_playing(self, keep: Sequence[str] = (), game_id: str | None = None) -> int:
        """Mark every game still ``playing`` (of ``game_id``, or of any game) as
        abandoned, except ``keep``; returns how many."""
        sql = "UPDATE games SET status = 'abandoned' WHERE status = 'playing'"
        args: list[Any] = []
        if keep:
            sql += f" AND key NOT IN ({', '.join('?' for _ in keep)})"
            args += keep
        if game_id is not None:
            sql += " AND game_id = ?"
            args.append(game_id)
        with self._transaction() as db:
            return db.execute(sql, args).rowcount

    # --- reading ---------------------------------------------------------------------

    def games(self, game_id: str | None = None, status: str | None = None,
              last: int | None = None) -> list[GameRow]:
        """Games oldest first (``last``: only the newest that many)."""
        where, args = [], []
        if game_id is not None:
            where.append("game_id = ?")
            args.append(game_id)
        if status is not None:
            where.append("status = ?")
            args.append(status)
        sql = f"SELECT {', '.join(_COLUMNS)} FROM games"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY started DESC, rowid DESC"
        if last is not None:
            sql += f" LIMIT {int(last)}"
        with self._lock:
            rows = self._db.execute(sql, args).fetchall()
        return [_row(values) for values in reversed(rows)]

    def find(self, key: str) -> GameRow | None:
        with self._lock:
            found = self._db.execute(f"SELECT {', '.join(_COLUMNS)} FROM games WHERE key = ?",
                                     (key,)).fetchone()
        return None if found is None else _row(found)


def _stored(name: str, value: Any) -> Any:
    return json.dumps(value, separators=(",", ":")) if name in _JSON and value is not None \
        else value


def _row(values: Sequence[Any]) -> GameRow:
    data = dict(zip(_COLUMNS, values))
    for name in _JSON:
        if data[name] is not None:
            data[name] = json.loads(data[name])
    return GameRow(**data)


@dataclass(frozen=True)
class Opening:
    """What came of opening the history."""

    history: History | None
    note: str | None
    """For the player: why there is no history, or what was done to the file."""
    later: bool = False
    """No history now, but the file was left as it is and may open later (locked by
    another program, or the disk refused)."""
    reason: str | None = None
    """With ``later``: what stopped it, in a player's words."""


def open_history(path: Path,
                 busy_seconds: float | None = None) -> tuple[History | None, str | None]:
    """The history at ``path`` (made, or brought up to this version's schema), and a
    message for the player when something was wrong (see :func:`try_history`)."""
    opening = try_history(path, busy_seconds)
    return opening.history, opening.note


def try_history(path: Path, busy_seconds: float | None = None) -> Opening:
    """Open the history at ``path``: a damaged file is moved aside (a new history
    starts); a newer version's file or another program's database is left alone, and
    so is a file that is locked or cannot be written just now (``later``); a folder in
    its place, or a folder that cannot be made, means no history this time.
    ``busy_seconds``: how long to wait for another program's lock (``BUSY_SECONDS``)."""
    busy = BUSY_SECONDS if busy_seconds is None else busy_seconds
    if path.is_dir():
        return Opening(None, f"Your game history cannot be kept: a folder stands where its "
                             f"file should be ({path}).")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        return Opening(None, f"Your game history cannot be kept: {os_problem(error)}.")
    try:
        return Opening(_open(path, busy), None)
    except HistoryUnavailable as error:
        return Opening(None, str(error))
    except sqlite3.DatabaseError as error:
        if not is_damage(error):
            why = problem_of(error)
            return Opening(None, f"Your game history could not be opened just now: {why}. "
                                 "It was left as it is.", later=True, reason=why)
        reason = str(error) or type(error).__name__
    try:
        kept = move_aside(path, "unreadable")
    except OSError as error:
        return Opening(None, f"Your game history is damaged ({reason}) and could not be set "
                             f"aside ({os_problem(error)}), so no history is kept this time.")
    try:
        history = _open(path, busy)
    except (HistoryUnavailable, sqlite3.DatabaseError) as error:
        why = problem_of(error)
        return Opening(None, f"Your game history cannot be kept: {why}.",
                       later=isinstance(error, sqlite3.DatabaseError), reason=why)
    return Opening(history, f"Your game history was damaged ({reason}); it was kept as "
                            f"{kept.name} and a new one started.")


def _open(path: Path, busy_seconds: float = BUSY_SECONDS) -> History:
    db = sqlite3.connect(path, timeout=busy_seconds, check_same_thread=False,
                         isolation_level=None)
    try:
        db.execute(f"PRAGMA busy_timeout = {max(0, int(busy_seconds * 1000))}")
        check = db.execute("PRAGMA quick_check").fetchone()
        if check is None or check[0] != "ok":
            raise _Damaged(f"its check failed: {check[0] if check else '?'}")
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise HistoryUnavailable(
                "Your game history was written by a newer version of cardtable: it is "
                "kept as it is, and this version records no games.")
        if version == 0 and db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
            # Ours are made with their version in one transaction: this is not ours.
            raise HistoryUnavailable(
                f"The file where your game history belongs ({path.name}) is another "
                "program's database: it is left as it is, and no games are recorded this "
                "time.")
        if version < SCHEMA_VERSION:
            _migrate(db, version)
        db.isolation_level = "DEFERRED"
        return History(db, path)
    except BaseException:
        db.close()
        raise


def _migrate(db: sqlite3.Connection, version: int) -> None:
    """Bring the file from ``version`` to ``SCHEMA_VERSION`` in one transaction: a
    crash midway leaves it at ``version``."""
    db.execute("BEGIN IMMEDIATE")
    try:
        for step in MIGRATIONS[version:]:
            for statement in step.split(";"):
                if statement.strip():
                    db.execute(statement)
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:   # SQLite may have rolled back already (a full disk)
            db.execute("ROLLBACK")
        raise
