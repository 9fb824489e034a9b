"""A game's row in the history as SQLite holds it: the typed ``GameRow``, how each field
is stored (``stored``), and the one place every row read back is checked (``read_row``)
before anything shows it. The history file, and the journal of writes waiting for it,
are untrusted: SQLite keeps any value in any column, so a row that does not fit is
refused with a reason (its caller leaves it out and counts it), never shown half-read.

Depends on the engine (which games exist, their seat counts, the bound of deal numbers)
and nothing of the app.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain

from ..engine import EngineError, get_variant
from ..engine.codec import JSONObject, JSONValue
from ..engine.rng import seed_problem
from ..i18n import N_, _

log = logging.getLogger(__name__)

DAMAGED_MOVES = N_("its moves are damaged in the history file")
"""Why a game whose record does not read or replay cannot be watched, for the player
(what is wrong in it, in SQLite's, zlib's or JSON's words, goes to the log; ``_()``
where it is said)."""


@dataclass(frozen=True, slots=True)
class GameRow:
    """One game in the history. Rows read back never carry the record (``None``):
    ``History.record`` reads it for the one game watched."""

    key: str
    game_id: str
    deal_code: str | None
    seats: int
    seed: int
    options: JSONObject
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
    record: JSONObject | None = None
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


@dataclass(frozen=True)
class Deal:
    """What a saved game is known by in the history: its game, deal and seats (its row
    is the newest ``playing`` one of these)."""

    game_id: str
    seed: int
    seats: int

    @staticmethod
    def of(row: GameRow) -> Deal:
        return Deal(row.game_id, row.seed, row.seats)


@dataclass(frozen=True)
class Changes:
    """The fields of a game's row a write changes (``None``: unchanged)."""

    status: str | None = None
    ended: float | None = None
    standings: list[list[int]] | None = None
    """This table's standings after each round it saw (the round count follows)."""
    standings_after: int = 0
    """``standings`` follow this many rounds already in the row (a continued game's
    rounds before it left the table)."""
    scores: list[int] | None = None
    won: float | None = None
    place: int | None = None
    record: dict[str, object] | None = None

    def then(self, later: Changes) -> Changes:
        """These changes followed by ``later``'s."""
        values: JSONObject = later.columns()
        if later.standings is not None:
            values["standings_after"] = later.standings_after
        return dataclasses.replace(self, **values) if values else self

    def __bool__(self) -> bool:
        return bool(self.columns())

    def columns(self) -> dict[str, object]:
        """The row's columns these change, by name."""
        return {f.name: value for f in dataclasses.fields(self)
                if (value := getattr(self, f.name)) is not None
                and f.name != "standings_after"}

    def to_json(self) -> dict[str, object]:
        return self.columns() | ({"standings_after": self.standings_after}
                                 if self.standings_after else {})

    @staticmethod
    def from_json(data: object) -> Changes | None:
        """Changes read back from the journal, or ``None`` when they do not fit."""
        if not isinstance(data, dict) or not set(data) <= _CHANGES:
            return None
        changes = Changes(**data)
        return None if changes_problem(changes.to_json()) else changes


_CHANGES = {f.name for f in dataclasses.fields(Changes)}
COLUMNS = ("key", "game_id", "deal_code", "seats", "seed", "options", "level", "human",
            "started", "ended", "status", "rounds", "standings", "scores", "won", "place",
            "record", "hints", "moves")
JSON_COLUMNS = {"options", "standings", "scores", "record"}
READ = tuple(name for name in COLUMNS if name != "record")
"""What lists and statistics read: every column but the record."""
STATUSES = ("playing", "finished", "abandoned")
LATEST_TIME = 32_503_680_000.0
"""1 January 3000: a time beyond it (or before 1970) is damage; every platform's
clock functions take the times between."""
LARGEST = 10**9
"""No score, round count or hint count comes near it: beyond it is damage."""
LARGEST_RECORD = 64 * 2**20
"""A record's JSON is some kilobytes; one that inflates beyond this is damage."""


def stored(name: str, value: JSONValue) -> JSONValue:
    """A field's value as its column holds it."""
    if name not in JSON_COLUMNS or value is None:
        return value
    text = json.dumps(value, separators=(",", ":"))
    # The record is most of the file: compressed (a tenth of the size), every scan of
    # the table and the check at start-up read a tenth as much.
    return zlib.compress(text.encode(), 6) if name == "record" else text


def moves_in(record: JSONValue) -> int | None:
    """The count of moves in a record (``None``: not a record)."""
    actions = record.get("actions") if isinstance(record, dict) else None
    return len(actions) if isinstance(actions, list) else None


class Unreadable(Exception):
    """Why a row cannot be read."""


class Unfit(ValueError):
    """A change that would leave its game's row unreadable (a place, scores or
    standings that do not fit its seats: a damaged journal's): never written."""


def read_row(values: Sequence[object]) -> GameRow | str:
    """The row (the ``READ`` columns, in order) as a GameRow, or the reason it cannot
    be read. Nothing is taken on trust: a column may hold any type, text may not be
    JSON, numbers may be out of every range. (Thousands of rows are read at a time:
    each check is a few plain comparisons.)"""
    try:
        return _checked(values)
    except Unreadable as error:
        return str(error)


def _checked(values: Sequence[object]) -> GameRow:
    (key, game_id, deal_code, seats, seed, options, level, human, started, ended, status,
     rounds, standings, scores, won, place, hints, moves) = values
    key, game_id = _text(key, "key"), _text(game_id, "game_id")
    seat_counts = _seat_counts(game_id)
    if seat_counts is None:
        raise Unreadable(f"unknown game {game_id!r:.40}")
    seats = _whole(seats, "seats", seat_counts.start, seat_counts.stop - 1)
    options = _json(options, "options")
    if not isinstance(options, dict):
        raise Unreadable("its options are not an object")
    status = _text(status, "status")
    if status not in STATUSES:
        raise Unreadable(f"unknown status {status!r:.40}")
    if deal_code is not None and (not isinstance(deal_code, str) or not _utf8(deal_code)):
        raise Unreadable("its deal code is not text")
    problem = seed_problem(seed)
    if problem is not None or not isinstance(seed, int):   # the engine's one bound
        raise Unreadable(f"its deal number does not fit: {problem}")
    return GameRow(
        key=key, game_id=game_id, deal_code=deal_code, seats=seats, seed=seed,
        options=options,
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


def earlier_standings(found: Sequence[object] | None, rounds: int) -> list[list[int]]:
    """The first ``rounds`` standings of a row as stored (none when they do not read:
    a continued game's later rounds are kept all the same)."""
    try:
        value = _json(found[0] if found else None, "standings")
        width = len(value[0]) if isinstance(value, list) and value and \
            isinstance(value[0], list) else 0
        return _table(value, width, "standings")[:rounds]
    except Unreadable:
        return []


def row_problem(row: GameRow) -> str | None:
    """Why a row about to be written (one kept in the journal, so untrusted) would not
    be read back, or ``None``: the same checks as ``read_row``, and an ADD's record."""
    if not isinstance(row.record, dict):
        return "it has no record"
    found = read_row([stored(name, getattr(row, name)) for name in READ])
    return found if isinstance(found, str) else None


def changes_problem(changes: dict[str, object]) -> str | None:
    """Why changes to a row (kept in the journal, so untrusted) would not be read back,
    or ``None``: each field through the check ``read_row`` gives its column."""
    try:
        for name, value in changes.items():
            if name == "status" and value not in STATUSES:
                raise Unreadable(f"unknown status {value!r:.40}")
            if name == "ended":
                _time(value, "ended")
            elif name == "standings_after":
                _whole(value, "rounds", 0, LARGEST)
            elif name in ("standings", "scores"):
                lines = value if name == "standings" else [value]
                first = lines[0] if isinstance(lines, list) and lines else None
                _table(lines, len(first) if isinstance(first, list) else 0, name)
            elif name == "won":
                _share(value)
            elif name == "place":
                _whole(value, "place", 1, LARGEST)
            elif name == "record" and not isinstance(value, dict):
                raise Unreadable("its record is not a game record")
            elif name not in ("status", "record"):
                raise Unreadable(f"it has no field {name!r:.40}")
    except Unreadable as error:
        return str(error)
    return None


def _utf8(text: str) -> bool:
    """Text SQLite handed back is UTF-8 (bytes that are not were read as lone
    surrogates: ``History`` reads a damaged cell that way rather than fail the page)."""
    if text.isascii():
        return True
    try:
        text.encode()
    except UnicodeEncodeError:
        return False
    return True


def _text(value: object, name: str) -> str:
    if not isinstance(value, str) or not value or len(value) > 200 or not _utf8(value):
        raise Unreadable(f"its {name} is not a short text: {value!r:.40}")
    return value


def _whole(value: object, name: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise Unreadable(f"its {name} is not a whole number from {low} to {high}: "
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
        raise Unreadable(f"its {name} time is not a time: {value!r:.40}")
    return number


def _unpacked(value: object) -> object:
    """A record as stored: compressed JSON (from version 3), or JSON text (before)."""
    if not isinstance(value, bytes):
        return value
    inflate = zlib.decompressobj()
    try:
        text = inflate.decompress(value, LARGEST_RECORD)
    except zlib.error as error:
        raise Unreadable(f"its record is damaged ({error})") from None
    if inflate.unconsumed_tail or not inflate.eof:
        raise Unreadable("its record is damaged (cut short or far too long)")
    try:
        return text.decode()
    except UnicodeDecodeError:
        raise Unreadable("its record is not text") from None


_DECODE = json.JSONDecoder().decode
"""``json.loads`` without its checks of the argument's type (done here)."""


def unpacked_record(value: object) -> JSONObject | str:
    """A record as its column holds it, or why it cannot be read (for the player; the
    detail is logged)."""
    try:
        record = _json(_unpacked(value), "its record")
    except Unreadable as error:
        log.warning("a game's record cannot be read: %s", error)
        return _(DAMAGED_MOVES)
    if not isinstance(record, dict):
        log.warning("a game's record is not a game record: %.80r", record)
        return _(DAMAGED_MOVES)
    return record


def _json(value: object, what: str) -> JSONValue:
    if not isinstance(value, str) or not _utf8(value):
        raise Unreadable(f"{what} is not text: {value!r:.40}")
    try:
        return _DECODE(value)
    except (ValueError, RecursionError) as error:
        raise Unreadable(f"{what} is not JSON ({error})") from None


def _scores(value: object, seats: int, what: str) -> list[int]:
    return _table([value], seats, what)[0]


def _table(value: object, seats: int, what: str) -> list[list[int]]:
    """Lines of one whole number per seat (each check runs at C speed: ``map``)."""
    if type(value) is not list or not set(map(type, value)) <= {list} \
            or not set(map(len, value)) <= {seats}:
        raise Unreadable(f"its {what} do not fit {seats} seats")
    numbers = list(chain.from_iterable(value))
    if not set(map(type, numbers)) <= {int} \
            or (numbers and not -LARGEST <= min(numbers) <= max(numbers) <= LARGEST):
        raise Unreadable(f"its {what} are not scores")
    return value


def _share(value: object) -> float | None:
    if value is None:
        return None
    number = _number(value)
    if number is None or not 0 <= number <= 1:
        raise Unreadable(f"its share of the win is not from 0 to 1: {value!r:.40}")
    return number
