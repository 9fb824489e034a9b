"""What the history tests share: another connection holding a lock on the history, and
a history that opens but refuses writes as a read-only file does."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from cardtable.app import history_db


class HistoryLock:
    """Another connection holding an exclusive lock on the history while in use."""

    def __init__(self, path: Path) -> None:
        self.db = sqlite3.connect(path, isolation_level=None)

    def __enter__(self) -> HistoryLock:
        self.db.execute("BEGIN EXCLUSIVE")
        return self

    def __exit__(self, *_: object) -> None:
        self.db.execute("ROLLBACK")
        self.db.close()


class ReadOnly:
    """The history opens, but refuses every write (as a read-only file or folder does)
    until ``writable`` is set; as SQLite does it, a connection opened meanwhile stays
    read-only until it is opened afresh."""

    def __init__(self, monkeypatch: Any) -> None:
        self.writable = False
        real = history_db._open

        def opened(path: Path, busy_seconds: float = history_db.BUSY_SECONDS) -> Any:
            history = real(path, busy_seconds)
            if not self.writable:
                history._db.execute("PRAGMA query_only = ON")
            return history

        monkeypatch.setattr(history_db, "_open", opened)
