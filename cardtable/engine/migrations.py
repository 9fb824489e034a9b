"""Numbered migrations of game records and saves, so a file outlives a change of format
or rules.

A record (``Game.record()``: game, rules version, options, seats, seed, moves) and a save
(a record with the table's parts added: seats' names, a snapshot, the table's state)
share one format number, written as ``"format_version"``; a record written before
records carried one is version 1. On load, before anything is checked, the game's own
steps (its variant's ``migrations``, one per version it changed in) take the data up to
today's version: pure functions, JSON in, JSON out. Rules versions are per game, so a
rules change of one game is a step of that game alone, and the other games' files pass
it unchanged. A file newer than this version knows is refused with a sentence (its
reader keeps the file).

What a step cannot fill in is what the moves produce (a counter added to the state, a
part added to a round's score): a snapshot of an older file may lack those fields, which
have defaults for that reason, and nothing else (see ``codec.matches_saved``).

Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping

from .codec import JSONObject
from .errors import CodecError, EngineError
from .text import msg
from .variant import RecordStep, get_variant

JSON = JSONObject


class FormatVersionError(CodecError):
    """A record or save of a format this version cannot read (newer, or no number)."""


class OtherVersionError(CodecError):
    """A sound file of another version of cardtable (a newer format, other rules): not
    damage, and its message says so for the player as it is."""


class NewerFormatError(FormatVersionError, OtherVersionError):
    """A record or save written by a newer version of cardtable."""


FORMAT_VERSION = 3
"""The version written today. Raising it comes with a step for each game whose files
change (its variant's ``migrations``); a game without one passes that step unchanged.
A step once released is never changed, so every file goes the same way."""


def version_of(data: JSON) -> int:
    """The file's format version (1 for a record written before records had one)."""
    version = data.get("format_version", 1)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise FormatVersionError(msg("its format version is not a whole number from 1 up"))
    if version > FORMAT_VERSION:
        # Translators: "format" is the number of a save file's layout
        raise NewerFormatError(msg("it was written by a newer version of cardtable (format "
                                   "{format}; this version reads up to {newest})",
                                   format=str(version)[:20], newest=FORMAT_VERSION))
    return version


def steps_of(game_id: object) -> Mapping[int, RecordStep]:
    """The game's migration steps by the version each leads to (none for a game this
    version does not have: its file is refused later, by name)."""
    if not isinstance(game_id, str):
        return {}
    try:
        return get_variant(game_id).migrations
    except EngineError:
        return {}


def migrate(data: JSON) -> tuple[JSON, int]:
    """The data brought up to ``FORMAT_VERSION``, and the version it was written at.
    Never changes ``data`` itself; raises FormatVersionError for a file it cannot read."""
    written = version_of(data)
    steps = steps_of(data.get("game"))
    for version in range(written + 1, FORMAT_VERSION + 1):
        step = steps.get(version)
        if step is not None:
            data = step(data)
    return {**data, "format_version": FORMAT_VERSION}, written
