"""A tournament's deals kept in a file as each one finishes, one JSON line per deal.

A Hard tournament plays for hours (a Hard seat takes about a minute a game), longer than
one sitting: with a record, a run that is stopped keeps every deal it finished, running
the same command again plays only the deals missing, and runs over different seeds pool
into one report. The file is read as untrusted: a line of another tournament is refused
(it would mix results), a damaged line is skipped and counted (a run killed mid-write
leaves one), and a file that holds no record at all is refused and left as it is.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .tournament_results import DealResult, SeatResult

RECORD_FORMAT = "cardtable-tournament"
RECORD_VERSION = 1


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
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Recorded([], 0)
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(f"cannot read the record {path}: {_reason(error)}") from error
    deals: dict[int, DealResult] = {}
    damaged = 0
    wanted = _tournament(game_id, seats, bots)
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            kept = _tournament(data["game"], data["seats"], tuple(data["bots"]))
            deal = _deal(data)
        except (ValueError, KeyError, TypeError):
            damaged += 1
            continue
        if data.get("format") != RECORD_FORMAT or data.get("version") != RECORD_VERSION:
            damaged += 1
            continue
        if kept != wanted:
            raise RecordError(
                f"the record {path} (line {number}) is of another tournament: "
                f"{_describe(kept)}, not {_describe(wanted)}; name another file")
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


def _tournament(game_id: Any, seats: Any, bots: tuple[Any, ...]) -> tuple[str, int,
                                                                          tuple[str, ...]]:
    if not (isinstance(game_id, str) and isinstance(seats, int)
            and all(isinstance(bot, str) for bot in bots)):
        raise ValueError("not a tournament")
    return game_id, seats, bots


def _deal(data: dict[str, Any]) -> DealResult:
    deal, steps = data["deal"], data["steps"]
    if not (isinstance(deal, int) and isinstance(steps, int)):
        raise ValueError("deal and steps are whole numbers")
    results = tuple(SeatResult(str(bot), int(seat), float(win), float(margin))
                    for bot, seat, win, margin in data["results"])
    if len(results) != data["seats"] ** 2:  # one game per rotation, every seat
        raise ValueError("a deal has a result for every seat of every rotation")
    return DealResult(deal, results, steps)


def _describe(tournament: tuple[str, int, tuple[str, ...]]) -> str:
    game_id, seats, bots = tournament
    return f"{game_id} at {seats} seats for {','.join(bots)}"


def _reason(error: Exception) -> str:
    return error.strerror if isinstance(error, OSError) and error.strerror else str(error)
