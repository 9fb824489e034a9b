"""The autosave writer: saves go to disk on a background thread, never on the drawing
thread (an fsync takes 7–44 ms).

The table asks for a save after every move; requests coalesce (only the newest game
position is written when the writer falls behind), each write is atomic and fsynced,
and a failure is kept for the table to show. Moves already encoded are not encoded
again, so a save costs about the same late in a game as early on. ``flush`` waits for
the newest request to be on disk (before "Save and quit" says so, and at shutdown).
"""

from __future__ import annotations

import json
import logging
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from ..engine import Action, Game, SomeGame, to_json
from ..engine.variant import SeatedState
from ..i18n import _
from .files import os_problem, write_atomic
from .saves import save_header, save_tail
from .session import SeatInfo
from .table_ui import TableUI

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SaveRequest:
    """One position to write: a game's fixed parts and a copy of its move list."""

    number: int
    game: SomeGame
    state: SeatedState
    """The game's state when the save was asked for (the game object moves on)."""
    history: tuple[tuple[int, Action], ...]
    seats: tuple[SeatInfo, ...]
    ui: TableUI
    bot_secret: int | None = None


class Autosaver:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Condition()
        self._pending: SaveRequest | None = None
        self._requested = 0
        self._written = 0
        """The newest request number whose write has finished (well or not)."""
        self.error: str | None = None
        """Why the newest finished write failed; ``None`` when it is on disk."""
        self._encoded: list[str] = []
        self._encoded_of: tuple[int, tuple[tuple[int, Action], ...]] | None = None
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="cardtable-autosave",
                                        daemon=True)
        self._thread.start()

    # --- the drawing thread ---------------------------------------------------------------

    def retarget(self, path: Path) -> None:
        """Write to ``path`` from now on (another game's slot), once earlier writes are
        done."""
        self.flush()
        with self._lock:
            self.path = path

    def request(self, game: SomeGame, seats: list[SeatInfo], ui: TableUI,
                bot_secret: int | None = None) -> None:
        """Save this position soon. Cheap: a copy of the move list, no encoding."""
        with self._lock:
            self._requested += 1
            self._pending = SaveRequest(self._requested, game, game.state,
                                        tuple(game.history), tuple(seats), ui, bot_secret)
            self._lock.notify()

    def flush(self, timeout: float = 10.0) -> str | None:
        """Wait until the newest request is written; its error, or None when saved."""
        end = time.monotonic() + timeout
        with self._lock:
            while self._written < self._requested:
                left = end - time.monotonic()
                if left <= 0 or not self._thread.is_alive():
                    return _("the save took too long")
                self._lock.wait(left)
            return self.error

    @property
    def idle(self) -> bool:
        return self._written >= self._requested

    @property
    def finished(self) -> int:
        """How many requests have been dealt with (written, failed or coalesced)."""
        return self._written

    def close(self, timeout: float = 10.0) -> str | None:
        error = self.flush(timeout)
        with self._lock:
            self._closed = True
            self._lock.notify()
        return error

    # --- the writer thread ----------------------------------------------------------------

    def _run(self) -> None:
        while True:
            with self._lock:
                while self._pending is None and not self._closed:
                    self._lock.wait()
                if self._pending is None:
                    return
                request, self._pending = self._pending, None
            error = self._write(request)
            with self._lock:
                self.error = error
                self._written = max(self._written, request.number)
                self._lock.notify_all()

    def _write(self, request: SaveRequest) -> str | None:
        try:
            text = self._text(request)
        except Exception as error:  # noqa: BLE001  a bug must not end the writer
            log.exception("could not encode the save")
            return _("it could not be written ({problem})").format(
                problem=type(error).__name__)
        try:
            write_atomic(self.path, text)
        except OSError as error:
            log.error("could not save the game: %s", error)
            return os_problem(error)
        return None

    def _text(self, request: SaveRequest) -> str:
        """The save file's text; moves encoded by an earlier write of the same game are
        reused (a game's move list only grows, except by undo, which is checked)."""
        game, history = request.game, request.history
        cached = self._encoded_of
        if cached is None or cached[0] != id(game) or len(cached[1]) > len(history) or \
                (cached[1] and history[len(cached[1]) - 1] is not cached[1][-1]):
            self._encoded, done = [], 0
        else:
            done = len(cached[1])
        for seat, action in history[done:]:
            self._encoded.append(json.dumps([seat, to_json(action)], separators=(",", ":")))
        self._encoded_of = (id(game), history)
        snapshot = Game(game.variant, game.seats, game.seed, request.state)
        head = json.dumps(save_header(snapshot), separators=(",", ":"))
        tail = json.dumps(save_tail(snapshot, list(request.seats), request.ui,
                                    request.bot_secret),
                          separators=(",", ":"))
        return head[:-1] + ',"actions":[' + ",".join(self._encoded) + "]," + tail[1:]
