"""Numbered migrations of game records and saves, so a file outlives a change of format
or rules.

A record (``Game.record()``: game, rules version, options, seats, seed, moves) and a save
(a record with the table's parts added: seats' names, a snapshot, the table's state)
share one format number, written as ``"format_version"``; a record written before
records carried one is version 1. On load, before anything is checked, each step of
``MIGRATIONS`` takes the data one version up: a pure function, JSON in, JSON out. A file
newer than this version knows is refused with a sentence (its reader keeps the file).
A rules change of one game is a step that touches only that game's records, so the
other games' files are not refused for it.

What a step cannot fill in is what the moves produce (a counter added to the state, a
part added to a round's score): a snapshot of an older file may lack those fields, which
have defaults for that reason, and nothing else (see ``codec.matches_saved``).

Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import CodecError

JSON = dict[str, Any]


class FormatVersionError(CodecError):
    """A record or save of a format this version cannot read (newer, or no number)."""


REBUILD_GAMES = frozenset({"five_crowns", "shanghai_may_i", "shanghai_buy", "monastery"})


def _rebuild_limit(data: JSON) -> JSON:
    """1 → 2: the stock-rebuild limit (``stock_rebuilds_per_round``, issues 11 and 12).
    Files written before the option existed were played rebuilding the stock for ever,
    which is the option's 0; a new game's default (2) must not change their rules."""
    options = data.get("options")
    if data.get("game") in REBUILD_GAMES and isinstance(options, dict) \
            and "stock_rebuilds_per_round" not in options:
        data = {**data, "options": {**options, "stock_rebuilds_per_round": 0}}
    return data


MIGRATIONS: tuple[Callable[[JSON], JSON], ...] = (_rebuild_limit,)
"""Step ``n`` (from 0) takes a file of version ``n + 1`` to version ``n + 2``. Append
only: a step once released is never changed, so every file goes the same way."""

FORMAT_VERSION = len(MIGRATIONS) + 1
"""The version written today."""


def version_of(data: JSON) -> int:
    """The file's format version (1 for a record written before records had one)."""
    version = data.get("format_version", 1)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise FormatVersionError(f"its format version is not a number ({str(version)[:40]!r})")
    if version > FORMAT_VERSION:
        raise FormatVersionError(f"it was written by a newer version of cardtable (format "
                                 f"{version}; this version reads up to {FORMAT_VERSION})")
    return version


def migrate(data: JSON) -> tuple[JSON, int]:
    """The data brought up to ``FORMAT_VERSION``, and the version it was written at.
    Never changes ``data`` itself; raises FormatVersionError for a file it cannot read."""
    written = version_of(data)
    for step in MIGRATIONS[written - 1:]:
        data = step(data)
    return {**data, "format_version": FORMAT_VERSION}, written
