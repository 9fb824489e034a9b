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
from ..i18n import _, ngettext
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
        return Exported(problem=_("your game history could not be read: {reason}").format(
            reason=problem_of(error)))
    if not keys:
        return Exported(problem=_("no game {game} in your history (cardtable history "
                                  "lists each game's id)").format(game=shown(game)))
    if len(keys) > 1:
        return Exported(problem=ngettext(
            "{count} game has an id starting {start}: give more of it",
            "{count} games have an id starting {start}: give more of it",
            len(keys)).format(count=len(keys), start=shown(game)))
    record = history.record(keys[0])
    if isinstance(record, str):
        return Exported(problem=_("the record of game {game} cannot be read: {reason}")
                        .format(game=short_id(keys[0]), reason=record))
    path = Path(file)
    try:
        write_atomic(path, json.dumps(record, ensure_ascii=False) + "\n")
    except OSError as error:
        return Exported(problem=_("{file} could not be written: {reason}").format(
            file=shown(file), reason=os_problem(error)))
    return Exported(_("The record of game {game} is written to {path}.").format(
        game=short_id(keys[0]), path=path))
