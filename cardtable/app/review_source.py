"""What ``cardtable review FILE`` reviews: a saved game or a game record, read as the
untrusted file it is.

A save names the person's seat and the AI seats' levels; a bare record (the JSON of
``Game.record()``, as ``cardtable history --export`` writes it) names neither, so its
seat is the one asked for (the person's chair, 0, by default) and the other seats are
compared as Normal players.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..engine import EngineError
from ..engine.codec import JSONObject
from ..engine.replay import Replay
from ..i18n import _
from .files import Unreadable, read_json
from .saves import FORMAT as SAVE_FORMAT
from .saves import SaveError, parse_save


class ReviewSourceError(Exception):
    """A file that cannot be reviewed; the message is one line for the player."""


@dataclass(frozen=True)
class Reviewable:
    record: JSONObject
    seat: int
    """The seat to review: the person's in a save, else the one asked for (or 0)."""
    levels: tuple[str, ...]
    """The other seats' levels, by seat (the reviewed seat's entry is not used)."""
    seats: int
    game_id: str


def load_reviewable(path: Path, seat: int | None = None) -> Reviewable:
    """The game in ``path`` and the seat to review; raises ReviewSourceError."""
    try:
        data = read_json(path)
    except Unreadable as error:
        # Translators: a file that cannot be read, then why: "game.json does not exist"
        raise ReviewSourceError(_("{path} {problem}").format(path=path, problem=error)) \
            from None
    if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
        try:
            saved = parse_save(data)
        except SaveError as error:
            raise ReviewSourceError(_("{path} cannot be reviewed: {problem}").format(
                path=path, problem=error)) from None
        except Exception as error:  # an untrusted file must never crash the command
            raise ReviewSourceError(_("{path} cannot be reviewed: the file is damaged "
                                      "({error})").format(path=path,
                                                          error=type(error).__name__)) from None
        record = saved.game.record()
        levels = tuple("normal" if info.human else info.level for info in saved.seats)
        chosen = saved.human if seat is None else seat
        return _checked(record, chosen, levels, saved.game.seats, saved.game.game_id, path)
    if not isinstance(data, dict) or "actions" not in data:
        raise ReviewSourceError(_("{path} is neither a cardtable saved game nor a game "
                                  "record").format(path=path))
    try:
        replay = Replay.from_record(data)
    except (EngineError, ValueError, TypeError, KeyError) as error:
        raise ReviewSourceError(_("{path} cannot be reviewed: its moves do not replay "
                                  "({error})").format(path=path, error=error)) from None
    except RecursionError:
        raise ReviewSourceError(_("{path} cannot be reviewed: it is nested too "
                                  "deeply").format(path=path)) from None
    game = replay.game
    return _checked(game.record(), 0 if seat is None else seat,
                    tuple("normal" for _ in range(game.seats)), game.seats, game.game_id, path)


def _checked(record: JSONObject, seat: int, levels: tuple[str, ...], seats: int,
             game_id: str, path: Path) -> Reviewable:
    if not 0 <= seat < seats:
        raise ReviewSourceError(_("the game in {path} has seats 0 to {last}, not "
                                  "{seat}").format(path=path, last=seats - 1, seat=seat))
    return Reviewable(record, seat, levels, seats, game_id)
