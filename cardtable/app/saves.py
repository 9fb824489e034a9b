"""Saved games: versioned JSON in the user data folder, written atomically.

A save is the game's record (setup + every action), a snapshot of the state to check
the replay against, who sits where, and the table's own state (hand order, which scene).
Loading replays the actions and checks everything else against the replayed game before
the first frame; a file that is not JSON, not a cardtable save, from a newer format, or
that does not fit its own moves in any part is refused with a sentence a player can
read. The app then moves it aside, never overwriting or deleting it; in a folder it
cannot write, the file stays exactly where it is and the app never saves over it.
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeGuard

from .. import __version__
from ..ai import bot_names
from ..engine import CodecError, EngineError, Game, SomeGame, from_json, get_variant, to_json
from ..engine.codec import JSONObject, JSONValue, matches_saved
from ..engine.events import Event, RoundScored
from ..engine.migrations import FORMAT_VERSION, FormatVersionError, migrate
from ..engine.options import OptionError
from ..engine.rng import seed_problem
from ..i18n import _, text
from .files import Unreadable, move_aside, read_json, write_atomic
from .paths import data_dir
from .session import SeatInfo
from .table_ui import TableUI, TableUIError, parse_table_ui, short_repr, text_problem
from .tables import playable, table_for

log = logging.getLogger(__name__)

FORMAT = "cardtable-save"


class SaveError(Exception):
    """A save that cannot be used; the message is meant for the player."""


@dataclass
class SavedGame:
    game: SomeGame
    seats: list[SeatInfo]
    ui: TableUI = field(default_factory=TableUI)
    bot_secret: int | None = None
    """The AI seats' secret for their generators (``ai.seats``), so a loaded game's bots
    play on as they would have; None in a save written before saves kept it."""

    @property
    def human(self) -> int:
        return next(index for index, seat in enumerate(self.seats) if seat.human)


@dataclass(frozen=True)
class SaveSummary:
    """A saved game in a player's words, worked out once when the game is loaded or
    left, so the menu can name it without replaying the save."""

    title: str
    where: str = ""
    """How far it has come ("round 3"); empty for a game without rounds."""

    @property
    def label(self) -> str:
        # Translators: a saved game in the menu: "Five Crowns, round 3"
        return _("{game}, {progress}").format(game=text(self.title), progress=text(
            self.where)) if self.where else text(self.title)


def summarize(game: SomeGame, human: int) -> SaveSummary:
    """What a game is and how far it has come, for the menu and its questions."""
    title = game.variant.title
    if not playable(game.game_id):
        return SaveSummary(title)
    where = table_for(game.game_id).description.round_words(game.observe(human))
    return SaveSummary(title, where)


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def save_header(game: SomeGame) -> JSONObject:
    """A save's fields before the moves: the format, and the game's setup."""
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "app_version": __version__,
        "saved_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        **game.setup_record(),
    }


def save_tail(game: SomeGame, seats: list[SeatInfo], ui: TableUI,
              bot_secret: int | None = None) -> JSONObject:
    """A save's fields after the moves: who sits where, the position, the table, and the
    bots' secret (the AI seats' next moves follow from it and the moves)."""
    tail: JSONObject = {
        "seat_info": [{"name": s.name, "human": s.human, "level": s.level} for s in seats],
        "snapshot": game.state_json(),
        "ui": ui.to_json(),
    }
    if bot_secret is not None:
        tail["bot_secret"] = bot_secret
    return tail


def save_data(game: SomeGame, seats: list[SeatInfo], ui: TableUI,
              bot_secret: int | None = None) -> JSONObject:
    return {**save_header(game), "actions": game.record()["actions"],
            **save_tail(game, seats, ui, bot_secret)}


def write_save(path: Path, game: SomeGame, seats: list[SeatInfo], ui: TableUI,
               bot_secret: int | None = None) -> None:
    """Write the save atomically; raises OSError when the folder or disk refuses."""
    write_atomic(path, json.dumps(save_data(game, seats, ui, bot_secret),
                                  separators=(",", ":")))


def read_save(path: Path) -> SavedGame:
    """Load and verify a save; raises SaveError with the reason, and nothing else."""
    try:
        data = read_json(path)
    except Unreadable as error:
        # Translators: {problem} completes the sentence ("could not be read (…)", "is
        # not text"…)
        raise SaveError(_("the file {problem}").format(problem=error)) from None
    try:
        return parse_save(data)
    except SaveError:
        raise
    except RecursionError:
        raise SaveError(_("the file is damaged (it is nested too deeply)")) from None
    except Exception as error:  # an untrusted file must never crash the app
        log.exception("unexpected failure reading %s", path)
        raise SaveError(_("the file is damaged ({problem})").format(
            problem=type(error).__name__)) from None


def parse_save(data: JSONValue) -> SavedGame:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(_("the file is not a cardtable saved game"))
    version = data.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(_("the file is damaged (it has no format version)"))
    if version > FORMAT_VERSION:
        raise SaveError(_("it was saved by a newer version of cardtable (save format "
                          "{version}; this version reads up to {newest})").format(
            version=version, newest=FORMAT_VERSION))
    try:
        data, written = migrate(data)
    except FormatVersionError as error:
        raise SaveError(text(str(error))) from None
    older = written < FORMAT_VERSION
    game_id = data.get("game")
    try:
        variant = get_variant(game_id) if isinstance(game_id, str) else None
    except EngineError:
        variant = None
    if variant is None:
        raise SaveError(_("it is a game this version does not have ({game})").format(
            game=short_repr(game_id)))
    if data.get("rules_version") != variant.rules_version:
        raise SaveError(_("it was saved under {game} rules version {saved}, and this "
                          "version plays {current}").format(
            game=text(variant.title), saved=short_repr(data.get("rules_version")),
            current=repr(variant.rules_version)))
    seats, seed = data.get("seats"), data.get("seed")
    if not _whole(seats) or seats not in variant.seat_counts:
        raise SaveError(_("the file is damaged (it has {seats} seats)").format(
            seats=short_repr(seats)))
    if seed_problem(seed) is not None:  # the engine's bound: every deal number it plays
        raise SaveError(_("the file is damaged (its deal number {seed} is not one "
                          "cardtable makes)").format(seed=short_repr(seed)))
    try:  # the options' own ranges, with the option named
        from_json(variant.options_type, data.get("options"))
    except CodecError as error:
        if isinstance(error.__cause__, OptionError):  # a range this version narrowed
            raise SaveError(_("its house rules are no longer offered ({clause})").format(
                clause=text(error.__cause__.clause))) from None
        raise SaveError(_("the file is damaged (its house rules cannot be read: "
                          "{problem})").format(problem=error.__cause__ or error)) from None
    if not isinstance(data.get("actions"), list):
        raise SaveError(_("the file is damaged (it has no list of moves)"))
    last_scored: list[RoundScored] = []

    def keep_score(events: tuple[Event, ...]) -> None:
        last_scored.extend(e for e in events if isinstance(e, RoundScored))
        del last_scored[:-1]

    try:
        game = Game.from_record(data, on_events=keep_score)
    except (CodecError, EngineError, ValueError) as error:
        raise SaveError(_("the file is damaged (its moves do not replay: {problem})").format(
            problem=text(str(error)))) from None
    if not matches_saved(data.get("snapshot"), to_json(game.state), older,
                         game.variant.unchecked_fields(written)):
        raise SaveError(_("the file is damaged (its position does not match its moves)"))
    seat_list = _seats(data.get("seat_info"), game.seats)
    human = next(index for index, seat in enumerate(seat_list) if seat.human)
    try:
        ui = parse_table_ui(data.get("ui"), game.observe(human).hand,
                            last_scored[-1] if last_scored else None, human, older)
    except TableUIError as error:
        raise SaveError(_("the file is damaged ({problem})").format(problem=text(str(error)))) \
            from None
    return SavedGame(game, seat_list, ui, _secret(data.get("bot_secret")))


def _secret(value: JSONValue) -> int | None:
    """The saved bots' secret; one that is missing or out of range gives the bots a new
    one (they play on, only not as they would have)."""
    return value if _whole(value) and 0 <= value < 2**64 else None


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _seats(raw: JSONValue, count: int) -> list[SeatInfo]:
    if not isinstance(raw, list) or len(raw) != count:
        raise SaveError(_("the file is damaged (its seats do not match the game)"))
    seats = []
    levels = bot_names()
    for item in raw:
        if not isinstance(item, dict):
            raise SaveError(_("the file is damaged (a seat is not described)"))
        name, human, level = item.get("name"), item.get("human"), item.get("level")
        reason = text_problem(name)
        if reason is not None or not isinstance(name, str) or not name.strip():
            # Translators: {problem} completes "a seat's name …" ("is empty", "is too long")
            raise SaveError(_("the file is damaged (a seat's name {problem})").format(
                problem=text(reason) if reason is not None else _("is empty")))
        if not isinstance(human, bool):
            raise SaveError(_("the file is damaged (seat {name} is neither you nor an "
                              "AI)").format(name=repr(name)))
        if not human and level not in levels:
            raise SaveError(_("seat {name} plays at an AI level this version does not "
                              "have ({level}; it has {levels})").format(
                name=repr(name), level=short_repr(level), levels=", ".join(levels)))
        seats.append(SeatInfo(name, human, level if isinstance(level, str) else ""))
    if sum(seat.human for seat in seats) != 1:
        raise SaveError(_("the file is damaged (it has no seat for you)"))
    return seats


@dataclass
class LoadResult:
    saved: SavedGame | None
    message: str | None = None
    kept: bool = False
    """A damaged file is still at the save path (it could not be moved aside)."""


def load_autosave(path: Path | None = None) -> LoadResult:
    """The saved game if there is a good one. A bad one is moved aside with a message;
    where the folder cannot be written it stays in place (``kept``), byte for byte."""
    path = path or autosave_path()
    try:
        if not path.exists():
            return LoadResult(None)
    except OSError as error:
        return LoadResult(None, _("Your saved game could not be looked for ({problem}).").format(
            problem=error))
    try:
        return LoadResult(read_save(path))
    except SaveError as error:
        try:
            aside = move_aside(path, "unreadable")
        except OSError as move_error:
            log.warning("could not move %s aside: %s", path, move_error)
            return LoadResult(None, _("Your saved game could not be resumed: {problem}. "
                                      "The file was left untouched at {path}, and new "
                                      "games will not be saved over it.").format(
                problem=error, path=path), kept=True)
        return LoadResult(None, _("Your saved game could not be resumed: {problem}. "
                                  "The file was kept as {file}.").format(
            problem=error, file=aside.name))
