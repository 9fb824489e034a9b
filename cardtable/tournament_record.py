"""A tournament's deals kept in a file as each one finishes, one JSON line per deal.

A Hard tournament plays for hours (a Hard seat takes about a minute a game), longer than
one sitting: with a record, a run that is stopped keeps every deal it finished, running
the same command again plays only the deals missing, and runs over different seeds pool
into one report. The file is read as untrusted: a line of another tournament is refused
(it would mix results), as is a file of a newer cardtable (it may hold what this one
cannot read) and a line whose deal number cardtable does not make (it would be pooled as
a deal that was never played); a damaged line is skipped and counted (a run killed
mid-write leaves one), and a file that holds no record at all is refused and left as it
is.
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard

from .engine.rng import MAX_SEED, seed_problem
from .engine.shown import shown
from .tournament_results import DealResult, SeatResult

RECORD_FORMAT = "cardtable-tournament"
RECORD_VERSION = 1
MARGIN_LIMIT = 1e9
"""No game's score comes near it; a larger margin is damage (and would overflow the sums
of the report)."""


class RecordError(Exception):
    """The record cannot be read or written; the message says why and where."""


@dataclass(frozen=True)
class Recorded:
    deals: list[DealResult]
    """The deals found, in file order, each deal number once (the first line kept)."""
    damaged: int
    """Lines skipped as damaged."""


def read_record(path: Path, game_id: str, seats: int, bots: tuple[str, ...]) -> Recorded:
    """The deals of this tournament (game, seats, bots in seat order) kept in ``path``;
    none if the file does not exist yet."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return Recorded([], 0)
    except OSError as error:
        raise RecordError(f"cannot read the record {path}: {_reason(error)}") from error
    deals: dict[int, DealResult] = {}
    damaged = 0
    wanted = _tournament(game_id, seats, bots)
    for number, raw in enumerate(data.splitlines(), start=1):
        try:   # line by line: a byte that is not UTF-8 damages its line, not the file
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            damaged += 1
            continue
        if line.strip():
            deal = _read_line(line, f"the record {path} (line {number})", wanted)
            if deal is None:
                damaged += 1
            else:
                deals.setdefault(deal.deal, deal)
    if not deals and damaged:
        raise RecordError(f"{path} is not a tournament record (no line of it reads as "
                          "one); it is left as it is: name another file")
    return Recorded(list(deals.values()), damaged)


class RecordWriter:
    """Appends each finished deal to the record as one line, written whole and flushed,
    so a stopped run loses at most the deal it was playing."""

    def __init__(self, path: Path, game_id: str, seats: int, bots: tuple[str, ...]) -> None:
        self.path = path
        self._head = {"format": RECORD_FORMAT, "version": RECORD_VERSION,
                      "game": game_id, "seats": seats, "bots": list(bots)}
        try:
            self._fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            # A line cut off by a stopped run must not run into the next one.
            if path.stat().st_size and not path.read_bytes().endswith(b"\n"):
                os.write(self._fd, b"\n")
        except OSError as error:
            raise RecordError(f"cannot write the record {path}: {_reason(error)}") from error

    def add(self, deal: DealResult) -> None:
        line = dict(self._head, deal=deal.deal, steps=deal.steps,
                    results=[[r.bot, r.seat, r.win, r.margin] for r in deal.seats])
        data = (json.dumps(line, separators=(",", ":")) + "\n").encode("utf-8")
        try:
            written = os.write(self._fd, data)
            if written != len(data):
                raise OSError(f"only {written} of {len(data)} bytes written")
        except OSError as error:
            raise RecordError(f"cannot write the record {self.path}: {_reason(error)}; "
                              f"the deals before deal {deal.deal} are kept") from error

    def close(self) -> None:
        os.close(self._fd)


def _read_line(line: str, where: str,
               wanted: tuple[str, int, tuple[str, ...]]) -> DealResult | None:
    """The deal of one line of the record, or None for a damaged line; a line that is
    whole but must not be pooled (another tournament's, a newer cardtable's, a deal
    number cardtable does not make) refuses the record."""
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):  # cut off mid-write, or nested past reading
        return None
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        return None
    version = data.get("version")
    if _whole(version) and version > RECORD_VERSION:
        raise RecordError(
            f"{where} was written by a newer version of cardtable (record version "
            f"{version}; this one reads version {RECORD_VERSION}); it is left as it is: "
            "update cardtable or name another file")
    try:
        if version != RECORD_VERSION:
            raise ValueError("an unknown record version")
        kept = _tournament(data["game"], data["seats"], _names(data["bots"]))
    except (ValueError, KeyError):
        return None
    if kept != wanted:
        raise RecordError(f"{where} is of another tournament: {_describe(kept)[:120]}, "
                          f"not {_describe(wanted)}; name another file")
    if "deal" not in data:
        return None
    if seed_problem(data["deal"]) is not None:  # the engine's bound, as saves have it
        raise RecordError(
            f"{where} holds deal number {shown(data['deal'])}, not one cardtable makes "
            f"(0 to {MAX_SEED:,}); it is left as it is: name another file")
    try:
        return _deal(data, kept)
    except (ValueError, KeyError, TypeError):
        return None


def _tournament(game_id: object, seats: object,
                bots: tuple[str, ...]) -> tuple[str, int, tuple[str, ...]]:
    if not (isinstance(game_id, str) and game_id.isprintable() and _whole(seats)):
        raise ValueError("not a tournament")
    return game_id, seats, bots


def _names(bots: object) -> tuple[str, ...]:
    """The bot levels of a line: a list of names (a text would be taken letter by
    letter), each on one line (an error names them)."""
    if not (isinstance(bots, list) and bots
            and all(isinstance(bot, str) and bot.isprintable() for bot in bots)):
        raise ValueError("the bots are a list of names")
    return tuple(bots)


def _deal(data: dict[str, Any], tournament: tuple[str, int, tuple[str, ...]]) -> DealResult:
    """The deal of a line, each result as ``play_deal`` makes it: game by game (one per
    rotation), seat by seat, the bot the rotation put there, a win share in 0..1 and a
    finite margin."""
    _, seats, bots = tournament
    deal, steps, rows = data["deal"], data["steps"], data["results"]
    if not (_whole(steps) and steps >= 0 and isinstance(rows, list)):
        raise ValueError("steps are a whole number and results a list")
    if len(rows) != seats ** 2:  # one game per rotation, every seat
        raise ValueError("a deal has a result for every seat of every rotation")
    results = []
    for index, row in enumerate(rows):
        rotation, seat = divmod(index, seats)
        bot, at, win, margin = row
        if not (bot == bots[(seat + rotation) % len(bots)] and _whole(at) and at == seat
                and _number(win) and 0 <= win <= 1
                and _number(margin) and abs(margin) <= MARGIN_LIMIT):
            raise ValueError("a result that the tournament cannot have made")
        results.append(SeatResult(bot, seat, float(win), float(margin)))
    return DealResult(deal, tuple(results), steps)


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: object) -> TypeGuard[int | float]:
    return _whole(value) or isinstance(value, float) and math.isfinite(value)


def _describe(tournament: tuple[str, int, tuple[str, ...]]) -> str:
    game_id, seats, bots = tournament
    return f"{game_id} at {seats} seats for {','.join(bots)}"


def _reason(error: Exception) -> str:
    return error.strerror if isinstance(error, OSError) and error.strerror else str(error)
