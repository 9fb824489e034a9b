"""The history of games played, in SQLite (standard library ``sqlite3``) in the user's
data folder: one row per game started, finished or abandoned, with its setup, its
deal code, the standings after each round, the result and the whole action record (so
any game can be watched again), and the count of its moves.

This module keeps the schema, the opening of the file and the writes; every row read
back goes through ``history_rows.read_row`` (the one place rows are checked), and a row
that does not fit is left out and counted, never shown half-read, even one whose text
is not UTF-8. Lists and statistics read the summary columns only; the action record of
one game is read when it is watched (``History.record``). Writes never roll a game
back: an added row never replaces one, and a finished or abandoned game is not changed.

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

import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..engine.codec import JSONObject
from ..i18n import N_, _
from .files import move_aside, os_problem
from .history_rows import (
    COLUMNS,
    READ,
    Changes,
    Deal,
    GameRow,
    Unfit,
    earlier_standings,
    moves_in,
    read_row,
    stored,
    unpacked_record,
)
from .reasons import HistoryUnread

__all__ = ["BUSY_SECONDS", "MIGRATIONS", "SCHEMA_VERSION", "GameRow", "History",
           "HistoryUnavailable", "Opening", "Reading", "is_damage", "is_passing",
           "is_read_only",
           "open_history", "problem_of", "try_history"]

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
    # 3 → 4: a journal read again after the history took it (it could not be removed)
    # never rolls a game back nor counts its hints twice: each row keeps the number of
    # the last write of its table it took (``written``; a write numbered no higher is
    # skipped), and the keys continued games had (a continuation taken already is
    # known by its key).
    """
    ALTER TABLE games ADD COLUMN written INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE former_keys (key TEXT PRIMARY KEY) WITHOUT ROWID;
    """,
    # 4 → 5: each game's post-game review (issue 39), by the game's key: the review's
    # JSON, its budget, and its summary (Statistics charts the trend from these
    # columns without reading the reviews).
    """
    CREATE TABLE reviews (
        key TEXT PRIMARY KEY,
        game_id TEXT NOT NULL,
        budget INTEGER NOT NULL,
        made REAL NOT NULL,
        decisions INTEGER NOT NULL,
        mistakes INTEGER NOT NULL,
        chance REAL NOT NULL,
        cost REAL NOT NULL,
        review TEXT NOT NULL
    );
    CREATE INDEX reviews_by_game ON reviews (game_id, made);
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)
REVIEW_COLUMNS = ("game_id", "budget", "made", "decisions", "mistakes", "chance", "cost",
                  "review")
"""A kept review's columns after its key, in the order ``History`` reads them."""
BUSY_SECONDS = 1.0
"""How long a read or write waits for another program's lock on the file before it
gives up: short, so that a locked history never stalls the app or its quitting for
long (the recorder keeps what could not be written and writes it later)."""


UNEXPECTED = N_("an unexpected fault (see the log)")
"""What the player is told of a fault of the code itself (the caller logs it;
translated where it is said)."""


class HistoryUnavailable(Exception):
    """The history cannot be kept; the message says why, for the player."""


class _Damaged(sqlite3.DatabaseError):
    """SQLite's own check of the file failed."""


_DAMAGED = ("SQLITE_CORRUPT", "SQLITE_NOTADB")
_PLAIN = (("SQLITE_BUSY", "database is locked",
           N_("another program is using it (it is locked)")),
          ("SQLITE_LOCKED", "table is locked", N_("another program is using it (it is locked)")),
          ("SQLITE_FULL", "disk is full", N_("the disk is full")),
          ("SQLITE_READONLY", "readonly database", N_("it may not be written (it is read-only)")),
          ("SQLITE_IOERR", "disk i/o error", N_("the disk could not be read or written")),
          ("SQLITE_CANTOPEN", "unable to open",
           N_("it could not be opened (the folder may not be written)")),
          ("SQLITE_PERM", "access permission denied",
           N_("it may not be written (permission denied)")),
          ("SQLITE_CORRUPT", "malformed", N_("it is damaged")),
          ("SQLITE_NOTADB", "not a database", N_("it is not a database")))
"""SQLite's names for what went wrong, the words of its message that say it, and what
the player is told (translated where it is said)."""


def _name(error: BaseException) -> str:
    """SQLite's name for the error (``SQLITE_BUSY``…), from its code or its text."""
    name = getattr(error, "sqlite_errorname", None)
    if isinstance(name, str):
        return name
    text = str(error).lower()
    return next((code for code, words, _plain in _PLAIN if words in text), "")


def is_damage(error: BaseException) -> bool:
    """The file itself is damaged (not merely locked, read-only or on a full disk)."""
    return isinstance(error, _Damaged) or (isinstance(error, sqlite3.DatabaseError)
                                           and _name(error).startswith(_DAMAGED))


def is_read_only(error: BaseException) -> bool:
    """SQLite refused a write as read-only (the connection stays so until reopened)."""
    return isinstance(error, sqlite3.DatabaseError) and _name(error).startswith(
        "SQLITE_READONLY")


def is_passing(error: BaseException) -> bool:
    """The file or the disk refused (locked, full, read-only, an I/O error, damaged):
    the same write may well work later. Anything else is a fault of the write itself."""
    return isinstance(error, OSError) or (
        type(error) in (sqlite3.OperationalError, sqlite3.DatabaseError, _Damaged))


def problem_of(error: BaseException) -> str:
    """What went wrong, in words a player understands (never Python's own text: a
    fault of the code is said as such, and its detail is for the log)."""
    if isinstance(error, OSError):
        return os_problem(error)
    if isinstance(error, OverflowError):
        return _("a number in the game is too large to be stored")
    name = _name(error)
    for code, _words, plain in _PLAIN:
        if name.startswith(code):
            return _(plain)
    return _(UNEXPECTED)


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

    def add(self, row: GameRow, number: int = 0) -> None:
        """A new game's row; it replaces the games of its kind still ``playing``. A
        row already there is left as it is (a journal replayed after a crash must
        never roll a game back). ``number``: the write's (see ``update``)."""
        if row.record is None:
            raise ValueError("a game is added to the history with its record")
        with self._transaction() as db:
            self._insert(db, row, number)

    def resume(self, row: GameRow) -> None:
        """A saved game back on the table: its newest ``playing`` row (same game, deal
        and seats) takes ``row.key``; without one, ``row`` is added."""
        with self._transaction() as db:
            if db.execute("SELECT 1 FROM games WHERE key = ? UNION ALL SELECT 1 FROM "
                          "former_keys WHERE key = ?", (row.key, row.key)).fetchone():
                return   # done already (a journal replayed)
            found = db.execute(
                "SELECT key FROM games WHERE status = 'playing' AND game_id = ? AND "
                "seed = ? AND seats = ? ORDER BY started DESC, rowid DESC LIMIT 1",
                (row.game_id, row.seed, row.seats)).fetchone()
            if found is None:
                self._insert(db, row, 0)
            else:
                db.execute("UPDATE games SET key = ?, written = 0 WHERE key = ?",
                           (row.key, found[0]))
                db.execute("INSERT OR IGNORE INTO former_keys (key) VALUES (?)", found)

    @staticmethod
    def _insert(db: sqlite3.Connection, row: GameRow, number: int) -> None:
        values = [stored(name, getattr(row, name)) for name in COLUMNS]
        values[COLUMNS.index("moves")] = moves_in(row.record)
        added = db.execute(f"INSERT OR IGNORE INTO games ({', '.join(COLUMNS)}, written) "
                           f"VALUES ({', '.join('?' for _column in COLUMNS)}, ?)",
                           [*values, number]).rowcount
        if added:
            db.execute("UPDATE games SET status = 'abandoned' WHERE status = 'playing' "
                       "AND game_id = ? AND key != ?", (row.game_id, row.key))

    def update(self, key: str, changes: Changes, hints: int = 0, number: int = 0) -> None:
        """Change fields of a game still ``playing`` and add ``hints`` to its count (a
        finished or abandoned game is never changed: a journal replayed late must not
        roll it back). ``standings`` sets the round count too; with
        ``standings_after``, they follow that many rounds already in the row (a
        continued game's). ``number``: the write's, counted up by its table; one no
        higher than the row's last is a stale journal's, taken already, and skipped
        (0: always made). Changes that would leave the row unreadable (a place or
        scores that do not fit its seats: a damaged journal) raise ``Unfit``."""
        with self._transaction() as db:
            self._update(db, key, changes, hints, number)

    @staticmethod
    def _update(db: sqlite3.Connection, key: str, changes: Changes, hints: int = 0,
                number: int = 0) -> None:
        values: dict[str, object] = changes.columns()
        if "record" in values:
            values["moves"] = moves_in(values["record"])
        found = _playing(db, key)
        if found is None or (number and found["written"] >= number):
            return
        if changes.standings is not None:
            standings = earlier_standings((found["standings"],),
                                          changes.standings_after) + changes.standings
            values.update(standings=standings, rounds=len(standings))
        if hints:
            values["hints"] = found["hints"] + hints
        cells = {name: stored(name, value) for name, value in values.items()}
        if isinstance(read_row([found[name] for name in READ]), GameRow):
            problem = read_row([cells.get(name, found[name]) for name in READ])
            if isinstance(problem, str):   # never made unreadable by a change
                raise Unfit(f"a change to a game does not fit it: {problem}")
        cells["written"] = number or found["written"]
        names = sorted(cells)
        db.execute(f"UPDATE games SET {', '.join(f'{n} = ?' for n in names)} "
                   "WHERE key = ?", [*(cells[n] for n in names), key])

    def finish_found(self, deal: Deal, changes: Changes) -> bool:
        """A game that ended just as cardtable was stopped (its result is in the save
        set aside, and was never written): its row, still ``playing`` or abandoned by
        the start-up since, whose moves the ended game's begin with, takes ``changes``.
        Nothing when the newest such game of the deal dealt before it ended is
        finished already with those moves (the usual case: it was written). True
        when a row was finished."""
        record = changes.record
        moves = record.get("actions") if isinstance(record, dict) else None
        if not isinstance(moves, list) or changes.ended is None:
            return False
        with self._transaction() as db:
            found = db.execute(
                "SELECT key, status, record FROM games WHERE game_id = ? AND seed = ? AND "
                "seats = ? AND started <= ? ORDER BY started DESC, rowid DESC",
                (deal.game_id, deal.seed, deal.seats, changes.ended)).fetchall()
            for key, status, stored_record in found:
                earlier = unpacked_record(stored_record)
                done = earlier.get("actions") if isinstance(earlier, dict) else None
                if not isinstance(done, list) or done != moves[:len(done)]:
                    continue
                if status == "finished":
                    return False
                if status == "abandoned":   # by a start-up that did not know the end
                    db.execute("UPDATE games SET status = 'playing' WHERE key = ?", (key,))
                self._update(db, key, changes)
                return True
        return False

    def check_writable(self) -> None:
        """Raise what a write would meet now (a read-only file or folder, a full disk,
        a lock), leaving the file as it is: a change made and rolled back (it needs the
        rollback journal beside the file, as every write does)."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                version = int(self._db.execute("PRAGMA user_version").fetchone()[0])
                self._db.execute(f"PRAGMA user_version = {version}")
            finally:
                try:
                    self._db.execute("ROLLBACK")
                except sqlite3.Error:   # none begun, or SQLite rolled back already
                    pass

    def abandon_playing(self, keep: Sequence[Deal] = (), before: float | None = None) -> int:
        """Mark every game still ``playing`` as abandoned, but those of the deals in
        ``keep`` (the save slots') and those started at ``before`` or later; returns how
        many."""
        sql = "UPDATE games SET status = 'abandoned' WHERE status = 'playing'"
        args: list[str | int | float] = []
        if before is not None:
            sql += " AND started < ?"
            args.append(before)
        for deal in keep:
            sql += " AND NOT (game_id = ? AND seed = ? AND seats = ?)"
            args += (deal.game_id, deal.seed, deal.seats)
        with self._transaction() as db:
            return db.execute(sql, args).rowcount

    # --- reading ---------------------------------------------------------------------

    def read(self, game_id: str | None = None, status: str | None = None,
             last: int | None = None, skip: int = 0) -> Reading:
        """Games oldest first (``last``: only the newest that many, after leaving out
        the ``skip`` newest), without their records; damaged rows are counted apart.
        Raises ``sqlite3.Error`` when the history itself cannot be read."""
        where, args = _where(game_id, status)
        sql = f"SELECT {', '.join(READ)} FROM games{where} ORDER BY started DESC, rowid DESC"
        if last is not None:
            sql += f" LIMIT {max(0, int(last))} OFFSET {max(0, int(skip))}"
        found = self._fetch(sql, args)
        rows = [read_row(values) for values in reversed(found)]
        good = [row for row in rows if isinstance(row, GameRow)]
        return Reading(good, len(rows) - len(good))

    def scan(self, game_id: str | None = None) -> Iterator[GameRow | str]:
        """Every game oldest first, without its record, each checked as it is taken
        (a reason for a damaged row), so a caller that folds them keeps no row."""
        where, args = _where(game_id, None)
        found = self._fetch(f"SELECT {', '.join(READ)} FROM games{where} "
                            "ORDER BY started, rowid", args)
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
        found = self._fetch(f"SELECT {', '.join(READ)} FROM games WHERE key = ?", [key])
        row = read_row(found[0]) if found else None
        return row if isinstance(row, GameRow) else None

    def keys_starting(self, start: str, most: int = 2) -> list[str]:
        """The keys of up to ``most`` games whose key starts with ``start`` (a game's
        id as ``cardtable history`` lists it)."""
        found = self._fetch("SELECT key FROM games WHERE substr(key, 1, ?) = ? LIMIT ?",
                            [len(start), start, most])
        return [str(row[0]) for row in found]

    def keep_review(self, key: str, cells: Sequence[object]) -> None:
        """Keep (or replace) the review of the game ``key``: ``cells`` are the
        ``REVIEW_COLUMNS`` after the key (``history_reviews`` makes them)."""
        with self._transaction() as db:
            db.execute(f"INSERT OR REPLACE INTO reviews (key, {', '.join(REVIEW_COLUMNS)}) "
                       f"VALUES (?{', ?' * len(REVIEW_COLUMNS)})", [key, *cells])

    def review_cells(self, key: str) -> tuple[object, ...] | None:
        """The stored review of the game ``key`` (``REVIEW_COLUMNS``), unchecked."""
        found = self._fetch(f"SELECT {', '.join(REVIEW_COLUMNS)} FROM reviews WHERE key = ?",
                            [key])
        return found[0] if found else None

    def review_summaries(self, game_id: str, last: int) -> list[tuple[object, ...]]:
        """The newest ``last`` reviews of ``game_id``'s games, newest first: their
        ``REVIEW_COLUMNS`` but the review itself, unchecked."""
        return self._fetch(f"SELECT {', '.join(REVIEW_COLUMNS[:-1])} FROM reviews WHERE "
                           "game_id = ? ORDER BY made DESC LIMIT ?", [game_id, last])

    def record(self, key: str) -> JSONObject | str:
        """The action record of the game ``key`` (read only to watch it), or why it
        cannot be read."""
        try:
            found = self._fetch("SELECT record FROM games WHERE key = ?", [key])
        except sqlite3.Error as error:
            return _("the history could not be read: {reason}").format(
                reason=problem_of(error))
        if not found:
            return _("it is no longer in the history")
        return unpacked_record(found[0][0])

    def _fetch(self, sql: str, args: Sequence[object]) -> list[tuple[object, ...]]:
        """The rows ``sql`` selects. A text cell that is not UTF-8 fails the whole
        query in SQLite's reading: it is read again with such bytes as lone surrogates,
        which ``read_row`` refuses, so only that row is left out."""
        with self._lock:
            try:
                return self._db.execute(sql, args).fetchall()
            except sqlite3.OperationalError as error:
                if "decode" not in str(error).lower():
                    raise
                self._db.text_factory = _lenient
                try:
                    return self._db.execute(sql, args).fetchall()
                finally:
                    self._db.text_factory = str


def _playing(db: sqlite3.Connection, key: str) -> JSONObject | None:
    """The row ``key`` as stored while its game is ``playing`` (a text cell that is not
    UTF-8 is read as ``History._fetch`` reads it)."""
    sql = f"SELECT {', '.join(READ)}, written FROM games WHERE key = ? AND status = 'playing'"
    try:
        found = db.execute(sql, (key,)).fetchone()
    except sqlite3.OperationalError as error:
        if "decode" not in str(error).lower():
            raise
        db.text_factory = _lenient
        try:
            found = db.execute(sql, (key,)).fetchone()
        finally:
            db.text_factory = str
    return None if found is None else dict(zip((*READ, "written"), found))


def _lenient(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")


def _where(game_id: str | None, status: str | None) -> tuple[str, list[str]]:
    where: list[str] = []
    args: list[str] = []
    if game_id is not None:
        where.append("game_id = ?")
        args.append(game_id)
    if status is not None:
        where.append("status = ?")
        args.append(status)
    return (" WHERE " + " AND ".join(where) if where else ""), args


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
        return Opening(None, _("Your game history cannot be kept: a folder stands where "
                               "its file should be ({path}).").format(path=path))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        return Opening(None, _("Your game history cannot be kept: {reason}.").format(
            reason=os_problem(error)))
    try:
        return Opening(_open(path, busy), None)
    except HistoryUnavailable as error:
        return Opening(None, str(error))
    except sqlite3.DatabaseError as error:
        if not is_damage(error):
            why = problem_of(error)
            return Opening(None, HistoryUnread(why, opened=True,
                                               rest=_("It was left as it is.")),
                           later=True, reason=why)
        reason = str(error) or type(error).__name__
    try:
        kept = move_aside(path, "unreadable")
    except OSError as error:
        return Opening(None, _("Your game history is damaged ({reason}) and could not be "
                               "set aside ({problem}), so no history is kept this "
                               "time.").format(reason=reason, problem=os_problem(error)))
    try:
        history = _open(path, busy)
    except (HistoryUnavailable, sqlite3.DatabaseError) as error:
        why = problem_of(error)
        return Opening(None, _("Your game history cannot be kept: {reason}.").format(
            reason=why), later=isinstance(error, sqlite3.DatabaseError), reason=why)
    return Opening(history, _("Your game history was damaged ({reason}); it was kept as "
                              "{file} and a new one started.").format(reason=reason,
                                                                      file=kept.name))


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
            raise HistoryUnavailable(_(
                "Your game history was written by a newer version of cardtable: it is "
                "kept as it is, and this version records no games."))
        if (db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
                if version == 0 else not _ours(db, version)):
            # Ours are made with their version in one transaction, and a version says
            # which columns the games table has: this is not ours.
            raise HistoryUnavailable(_(
                "The file where your game history belongs ({file}) is another "
                "program's database: it is left as it is, and no games are recorded this "
                "time.").format(file=path.name))
        if version < SCHEMA_VERSION:
            _migrate(db, version)
        db.isolation_level = "DEFERRED"
        return History(db, path)
    except BaseException:
        db.close()
        raise


def _ours(db: sqlite3.Connection, version: int) -> bool:
    """The file has our games table, with the columns of its schema ``version``."""
    kind = db.execute("SELECT type FROM sqlite_master WHERE name = 'games'").fetchone()
    columns = {row[1] for row in db.execute("PRAGMA table_info(games)")}
    return kind is not None and kind[0] == "table" and _columns_at(version) <= columns


@cache
def _columns_at(version: int) -> frozenset[str]:
    """The games table's columns at schema ``version`` (made in memory, once)."""
    db = sqlite3.connect(":memory:")
    try:
        for step in MIGRATIONS[:version]:
            db.executescript(step)
        return frozenset(row[1] for row in db.execute("PRAGMA table_info(games)"))
    finally:
        db.close()


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
