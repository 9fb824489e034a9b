"""Saved games: versioned JSON in the user data folder, written atomically.

A save is the game's record (setup + every action), a snapshot of the state to check
the replay against, who sits where, and the table's own state (hand order, which scene).
Loading replays the actions; a file that is not JSON, not a cardtable save, from a newer
format, or whose moves do not replay to its snapshot is refused with a sentence a player
can read. The app then moves it aside, never overwriting or deleting it.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import __version__
from ..engine import CodecError, EngineError, Game, get_variant, to_json
from ..engine.cards import parse_card
from .files import move_aside, write_atomic
from .paths import data_dir
from .session import SeatInfo

FORMAT = "cardtable-save"
FORMAT_VERSION = 1


class SaveError(Exception):
    """A save that cannot be used; the message is meant for the player."""


@dataclass
class SavedGame:
    game: Game
    seats: list[SeatInfo]
    ui: dict[str, Any] = field(default_factory=dict)

    def hand_order(self) -> list[Any] | None:
        codes = self.ui.get("hand_order")
        if not isinstance(codes, list):
            return None
        try:
            return [parse_card(code) for code in codes]
        except (EngineError, TypeError, AttributeError):
            return None


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def save_data(game: Game, seats: list[SeatInfo], ui: dict[str, Any]) -> dict[str, Any]:
    record = game.record()
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "app_version": __version__,
        "saved_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        **record,
        "seat_info": [{"name": s.name, "human": s.human, "level": s.level} for s in seats],
        "snapshot": game.state_json(),
        "ui": ui,
    }


def write_save(path: Path, game: Game, seats: list[SeatInfo], ui: dict[str, Any]) -> None:
    write_atomic(path, json.dumps(save_data(game, seats, ui), separators=(",", ":")))


def read_save(path: Path) -> SavedGame:
    """Load and verify a save; raises SaveError with the reason."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise SaveError("the file is not text") from None
    except OSError as error:
        raise SaveError(f"the file could not be read ({error.strerror})") from None
    try:
        data = json.loads(text)
    except ValueError:
        raise SaveError("the file is damaged (it is not valid JSON)") from None
    return parse_save(data)


def parse_save(data: Any) -> SavedGame:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("the file is not a cardtable saved game")
    version = data.get("format_version")
    if not isinstance(version, int):
        raise SaveError("the file is damaged (it has no format version)")
    if version > FORMAT_VERSION:
        raise SaveError("it was saved by a newer version of cardtable "
                        f"(save format {version}; this version reads up to {FORMAT_VERSION})")
    try:
        variant = get_variant(str(data.get("game")))
    except EngineError:
        raise SaveError(f"it is a game this version does not have ({data.get('game')!r})") \
            from None
    if data.get("rules_version") != variant.rules_version:
        raise SaveError(f"it was saved under {variant.title} rules version "
                        f"{data.get('rules_version')!r}, and this version plays "
                        f"{variant.rules_version!r}")
    try:
        game = Game.from_record(data)
    except (CodecError, EngineError, ValueError) as error:
        raise SaveError(f"the file is damaged (its moves do not replay: {error})") from None
    if not _snapshot_matches(data.get("snapshot"), to_json(game.state)):
        raise SaveError("the file is damaged (its position does not match its moves)")
    seats = _seats(data.get("seat_info"), game.seats)
    ui = data.get("ui") if isinstance(data.get("ui"), dict) else {}
    return SavedGame(game, seats, ui)


def _snapshot_matches(snapshot: Any, state: Any) -> bool:
    """Whether the saved position is the replayed one. A field the state has gained
    since the save was written (absent from its snapshot) is not a mismatch."""
    if isinstance(snapshot, dict) and isinstance(state, dict):
        return all(key in state and _snapshot_matches(value, state[key])
                   for key, value in snapshot.items())
    if isinstance(snapshot, list) and isinstance(state, list):
        return len(snapshot) == len(state) and all(
            _snapshot_matches(a, b) for a, b in zip(snapshot, state))
    return bool(snapshot == state)


def _seats(raw: Any, count: int) -> list[SeatInfo]:
    if not isinstance(raw, list) or len(raw) != count:
        raise SaveError("the file is damaged (its seats do not match the game)")
    seats = []
    for item in raw:
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            raise SaveError("the file is damaged (a seat has no name)")
        seats.append(SeatInfo(item["name"], bool(item.get("human")),
                              str(item.get("level") or "normal")))
    if sum(seat.human for seat in seats) != 1:
        raise SaveError("the file is damaged (it has no seat for you)")
    return seats


@dataclass
class LoadResult:
    saved: SavedGame | None
    message: str | None = None


def load_autosave(path: Path | None = None) -> LoadResult:
    """The saved game if there is a good one; a bad one is moved aside with a message."""
    path = path or autosave_path()
    if not path.exists():
        return LoadResult(None)
    try:
        return LoadResult(read_save(path))
    except SaveError as error:
        aside = move_aside(path, "unreadable")
        return LoadResult(None, f"Your saved game could not be resumed: {error}. "
                                f"The file was kept as {aside.name}.")
