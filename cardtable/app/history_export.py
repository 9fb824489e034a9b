"""A game of the history by its id, and its record written to a file
(``cardtable history --export ID FILE``), for ``cardtable review`` or to keep.

A game's id is its key in the history; ``SHORT_ID`` characters of it are listed, and
any start of it that names one game is taken. No pygame here.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from ..engine.shown import shown
from .files import os_problem, write_atomic
from .history_db import History, problem_of

SHORT_ID = 8
"""The characters of a game's key that ``cardtable history`` lists as its id."""


@dataclass(frozen=True, slots=True)
class Exported:
    """What came of an export: the sentence to print, or the problem (exit 2)."""

    said: str = ""
    problem: str | None = None


def short_id(key: str) -> str:
    return key[:SHORT_ID]


def export_record(history: History, game: str, file: str) -> Exported:
    """Write the record of the one game whose key starts with ``game`` to ``file``."""
    try:
        keys = history.keys_starting(game) if game else []
    except sqlite3.Error as error:
        return Exported(problem=f"your game history could not be read: {problem_of(error)}")
    if not keys:
        return Exported(problem=f"no game {shown(game)} in your history "
                                "(cardtable history lists each game's id)")
    if len(keys) > 1:
        return Exported(problem=f"{len(keys)} games have an id starting {shown(game)}: "
                                "give more of it")
    record = history.record(keys[0])
    if isinstance(record, str):
        return Exported(problem=f"the record of game {short_id(keys[0])} cannot be read: "
                                f"{record}")
    path = Path(file)
    try:
        write_atomic(path, json.dumps(record, ensure_ascii=False) + "\n")
    except OSError as error:
        return Exported(problem=f"{shown(file)} could not be written: {os_problem(error)}")
    return Exported(f"The record of game {short_id(keys[0])} is written to {path}.")
