"""The history of games played, in SQLite (standard library ``sqlite3``) in the user's
data folder: one row per game started, finished or abandoned, with its setup, its
deal code, the standings after each round, the result and the whole action record (so
any game can be watched again), and the count of its moves.

The file is read as untrusted as it is written: SQLite keeps any value in any column,
so every row is checked into a typed ``GameRow`` in one place (``read_row``), and a row
that does not fit is left out and counted, never shown half-read. Lists and statistics
read the summary columns only; the action record of one game is read when it is
watched (``History.record``).

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
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain
from pathlib import Path
from typing import Any

from ..engine import EngineError, get_variant
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
    # 2 → 3: the count of moves (the Games played list shows it without reading the
    # record; a record that is not an object with a list of actions leaves it empty),
    # the games by start time (a page of the list without sorting them all) and the
    # games still playing (what start-up marks abandoned, without reading every game).
    # Records written from now on are compressed JSON (``_stored``).
    """
    ALTER TABLE games ADD COLUMN moves INTEGER;
    CREATE INDEX games_by_start ON games (started);
    CREATE INDEX games_playing ON games (game_id) WHERE status = 'playing';
    UPDATE games SET moves = CASE WHEN typeof(record) = 'text' AND json_valid(record)
        THEN CASE WHEN json_type(record) = 'object' AND json_type(record, '$.actions') = 'array'
            THEN json_array_length(record, '$.actions') END END;
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


@dataclass(frozen=True, slots=True)
class GameRow:
    """One game in the history. Rows read back never carry the record (``None``):
    ``History.record`` reads it for the one game watched."""

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
    record: dict[str, Any] | None = None
    hints: int = 0
    """Hints the person took in the game."""
    moves: int | None = None
    """Moves in the record (``add`` and ``update`` count them; unknown for a damaged
    record)."""

    @property
    def seconds(self) -> float | None:
        return None if self.ended is None else max(0.0, self.ended - self.started)

    @property
    def my_score(self) -> int | None:
        return None if self.scores is None else self.scores[self.human]


_COLUMNS = ("key", "game_id", "deal_code", "seats", "seed", "options", "level", "human",
            "started", "ended", "status", "rounds", "standings", "scores", "won", "place",
            "record", "hints", "moves")
_JSON = {"options", "standings", "scores", "record"}
_READ = tuple(name for name in _COLUMNS if name != "record")
"""What lists and statistics read: every column but the record."""
STATUSES = ("playing", "finished", "abandoned")
LATEST_TIME = 32_503_680_000.0
"""1 January 3000: a time beyond it (or before 1970) is damage; every platform's
clock functions take the times between."""
LARGEST = 10**9
"""No score, round count or hint count comes near it: beyond it is damage."""
LARGEST_RECORD = 64 * 2**20
"""A record's JSON is some kilobytes; one that inflates beyond this is damage."""


@dataclass(frozen=True, slots=True)
class Reading:
    """Rows read from the history, and how many could not be read (left out)."""

    rows: list[GameRow]
    skipped: int = 0


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
        if row.record is None:
            raise ValueError("a game is added to the history with its record")
        values = [_stored(name, getattr(row, name)) for name in _COLUMNS]
        values[_COLUMNS.index("moves")] = _moves(row.record)
        with self._transaction() as db:
            db.execute(f"INSERT OR REPLACE INTO games ({', '.join(_COLUMNS)}) "
                       f"VALUES ({', '.join('?' for _ in _COLUMNS)})", values)

    def update(self, key: str, **changes: Any) -> None:
        unknown = set(changes) - set(_COLUMNS)
        if unknown:
            raise ValueError(f"no such history columns: {sorted(unknown)}")
        if "record" in changes:
            changes = {**changes, "moves": _moves(changes["record"])}
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

    def read(self, game_id: str | None = None, status: str | None = None,
             last: int | None = None, skip: int = 0) -> Reading:
        """Games oldest first (``last``: only the newest that many, after leaving out
        the ``skip`` newest), without their records; damaged rows are counted apart.
        Raises ``sqlite3.Error`` when the history itself cannot be read."""
        where, args = _where(game_id, status)
        sql = f"SELECT {', '.join(_READ)} FROM games{where} ORDER BY started DESC, rowid DESC"
        if last is not None:
            sql += f" LIMIT {max(0, int(last))} OFFSET {max(0, int(skip))}"
        with self._lock:
            found = self._db.execute(sql, args).fetchall()
        rows = [read_row(values) for values in reversed(found)]
        good = [row for row in rows if isinstance(row, GameRow)]
        return Reading(good, len(rows) - len(good))

    def scan(self, game_id: str | None = None) -> Iterator[GameRow | str]:
        """Every game oldest first, without its record, each checked as it is taken
        (a reason for a damaged row), so a caller that folds them keeps no row."""
        where, args = _where(game_id, None)
        with self._lock:
            found = self._db.execute(f"SELECT {', '.join(_READ)} FROM games{where} "
                                     "ORDER BY started, rowid", args).fetchall()
        found.reverse()
        while found:
            yield read_row(found.pop())

    def games(self, game_id: str | None = None, status: str | None = None,
              last: int | None = None) -> list[GameRow]:
        """Games oldest first (``last``: only the newest that many); damaged rows are
        left out."""
        return self.read(game_id, status, last).rows

    def count(self) -> int:
        """Rows in the history (read or not)."""
        with self._lock:
            return int(self._db.execute("SELECT count(*) FROM games").fetchone()[0])

    def find(self, key: str) -> GameRow | None:
        """The game ``key`` without its record (``None``: no such game, or damaged)."""
        with self._lock:
            found = self._db.execute(f"SELECT {', '.join(_READ)} FROM games WHERE key = ?",
                                     (key,)).fetchone()
        row = None if found is None else read_row(found)
        return row if isinstance(row, GameRow) else None

    def record(self, key: str) -> dict[str, Any] | str:
        """The action record of the game ``key`` (read only to watch it), or why it
        cannot be read."""
        try:
            with self._lock:
                found = self._db.execute("SELECT record FROM games WHERE key = ?",
                                         (key,)).fetchone()
        except sqlite3.Error as error:
            return f"the history could not be read ({error})"
        if found is None:
            return "it is no longer in the history"
        try:
            record = _json(_unpacked(found[0]), "its record")
        except _Unreadable as error:
            return str(error)
        if not isinstance(record, dict):
            return "its record is not a game record"
        return record


def _where(game_id: str | None, status: str | None) -> tuple[str, list[Any]]:
    where, args = [], []
    if game_id is not None:
        where.append("game_id = ?")
        args.append(game_id)
    if status is not None:
        where.append("status = ?")
        args.append(status)
    return (" WHERE " + " AND ".join(where) if where else ""), args


def _stored(name: str, value: Any) -> Any:
    if name not in _JSON or value is None:
        return value
    text = json.dumps(value, separators=(",", ":"))
    # The record is most of the file: compressed (a tenth of the size), every scan of
    # the table and the check at start-up read a tenth as much.
    return zlib.compress(text.encode(), 6) if name == "record" else text


def _moves(record: Any) -> int | None:
    actions = record.get("actions") if isinstance(record, dict) else None
    return len(actions) if isinstance(actions, list) else None


class _Unreadable(Exception):
    """Why a row cannot be read."""


def read_row(values: Sequence[object]) -> GameRow | str:
    """The row (the ``_READ`` columns, in order) as a GameRow, or the reason it cannot
    be read. Nothing is taken on trust: a column may hold any type, text may not be
    JSON, numbers may be out of every range. (Thousands of rows are read at a time:
    each check is a few plain comparisons.)"""
    try:
        return _checked(values)
    except _Unreadable as error:
        return str(error)


def _checked(values: Sequence[object]) -> GameRow:
    (key, game_id, deal_code, seats, seed, options, level, human, started, ended, status,
     rounds, standings, scores, won, place, hints, moves) = values
    key, game_id = _text(key, "key"), _text(game_id, "game_id")
    seat_counts = _seat_counts(game_id)
    if seat_counts is None:
        raise _Unreadable(f"unknown game {game_id!r:.40}")
    seats = _whole(seats, "seats", seat_counts.start, seat_counts.stop - 1)
    options = _json(options, "options")
    if not isinstance(options, dict):
        raise _Unreadable("its options are not an object")
    status = _text(status, "status")
    if status not in STATUSES:
        raise _Unreadable(f"unknown status {status!r:.40}")
    if deal_code is not None and not isinstance(deal_code, str):
        raise _Unreadable("its deal code is not text")
    return GameRow(
        key=key, game_id=game_id, deal_code=deal_code, seats=seats,
        seed=_whole(seed, "seed", -2**63, 2**63 - 1), options=options,
        level=_text(level, "level"), human=_whole(human, "human", 0, seats - 1),
        started=_time(started, "started"),
        ended=None if ended is None else _time(ended, "ended"),
        status=status, rounds=_whole(rounds, "rounds", 0, LARGEST),
        standings=_table(_json(standings, "standings"), seats, "standings"),
        scores=None if scores is None else _scores(_json(scores, "scores"), seats, "scores"),
        won=_share(won),
        place=None if place is None else _whole(place, "place", 1, seats),
        hints=_whole(hints, "hints", 0, LARGEST),
        moves=None if moves is None else _whole(moves, "moves", 0, 2**62))


@lru_cache(maxsize=64)
def _seat_counts(game_id: str) -> range | None:
    """The seats a game is played by (``None``: no such game)."""
    try:
        return get_variant(game_id).seat_counts
    except EngineError:
        return None


def _text(value: object, name: str) -> str:
    if not isinstance(value, str) or not value or len(value) > 200:
        raise _Unreadable(f"its {name} is not a short text: {value!r:.40}")
    return value


def _whole(value: object, name: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise _Unreadable(f"its {name} is not a whole number from {low} to {high}: "
                          f"{value!r:.40}")
    return value


def _number(value: object) -> float | None:
    """A number SQLite handed back (not NaN), or ``None``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        return None
    return float(value) if isinstance(value, float) or abs(value) < 2**53 else None


def _time(value: object, name: str) -> float:
    number = _number(value)
    if number is None or not 0 <= number <= LATEST_TIME:
        raise _Unreadable(f"its {name} time is not a time: {value!r:.40}")
    return number


def _unpacked(value: object) -> object:
    """A record as stored: compressed JSON (from version 3), or JSON text (before)."""
    if not isinstance(value, bytes):
        return value
    inflate = zlib.decompressobj()
    try:
        text = inflate.decompress(value, LARGEST_RECORD)
    except zlib.error as error:
        raise _Unreadable(f"its record is damaged ({error})") from None
    if inflate.unconsumed_tail or not inflate.eof:
        raise _Unreadable("its record is damaged (cut short or far too long)")
    try:
        return text.decode()
    except UnicodeDecodeError:
        raise _Unreadable("its record is not text") from None


_DECODE = json.JSONDecoder().decode
"""``json.loads`` without its checks of the argument's type (done here)."""


def _json(value: object, what: str) -> Any:
    if not isinstance(value, str):
        raise _Unreadable(f"{what} is not text: {value!r:.40}")
    try:
        return _DECODE(value)
    except (ValueError, RecursionError) as error:
        raise _Unreadable(f"{what} is not JSON ({error})") from None


def _scores(value: object, seats: int, what: str) -> list[int]:
    return _table([value], seats, what)[0]


def _table(value: object, seats: int, what: str) -> list[list[int]]:
    """Lines of one whole number per seat (each check runs at C speed: ``map``)."""
    if type(value) is not list or not set(map(type, value)) <= {list} \
            or not set(map(len, value)) <= {seats}:
        raise _Unreadable(f"its {what} do not fit {seats} seats")
    numbers = list(chain.from_iterable(value))
    if not set(map(type, numbers)) <= {int} \
            or (numbers and not -LARGEST <= min(numbers) <= max(numbers) <= LARGEST):
        raise _Unreadable(f"its {what} are not scores")
    return value


def _share(value: object) -> float | None:
    if value is None:
        return None
    number = _number(value)
    if number is None or not 0 <= number <= 1:
        raise _Unreadable(f"its share of the win is not from 0 to 1: {value!r:.40}")
    return number


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
