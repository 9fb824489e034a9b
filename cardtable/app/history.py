"""Recording the games played into the history (``history_db``), off the drawing thread.

A game gets its row when it is dealt (``playing``), its standings and action record at
every round's end, and its result when it ends (``finished``). A game left for a new
one, or on the table when the app stopped and not resumed, is marked ``abandoned``: it
stays in the history, never lost. Writes (a SQLite commit syncs the disk) run on one
background thread, in order; the drawing thread only takes a snapshot of the moves.
"""

from __future__ import annotations

import logging
import queue
import sqlite3
import threading
import time
import uuid
from collections.abc import Callable
from typing import Any

from ..engine import Game, to_json
from .history_db import GameRow, History
from .session import Session

log = logging.getLogger(__name__)


def opponents_level(session: Session) -> str:
    levels = {seat.level for seat in session.seats if not seat.human}
    return levels.pop() if len(levels) == 1 else "mixed"


def _round_of(game: Game) -> int:
    return int(getattr(game.state, "round", 1))


class HistoryRecorder:
    """Keeps the history of the game on the table; does nothing without a history."""

    def __init__(self, history: History | None, problem: str | None = None) -> None:
        self.history = history
        self.key: str | None = None
        """The row of the game on the table."""
        self.problem = problem
        """Why there is no history, or why the last write failed (``None``: all well)."""
        self._round = 0
        self._standings: list[list[int]] = []
        self._finished = False
        self._tasks: queue.Queue[Callable[[], None] | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        if history is not None:
            self._thread = threading.Thread(target=self._run, name="cardtable-history",
                                            daemon=True)
            self._thread.start()

    # --- the drawing thread ----------------------------------------------------------

    def recover(self, saved: list[Game]) -> None:
        """At start-up: games left ``playing`` by a stop are abandoned, but for those
        the save slots hold (they may be continued)."""
        history = self.history
        if history is None:
            return
        keep = [key for game in saved if (key := self._row_of(game)) is not None]
        self._submit(lambda: history.abandon_playing(keep))

    def begin(self, session: Session, resumed: bool = False) -> None:
        """A game comes to the table: a new row, or for a resumed game its own row."""
        if self.history is None:
            return
        game = session.game
        self._finished = False
        self._round = _round_of(game)
        if resumed:
            self.key = self._row_of(game)
            if self.key is not None:
                found = self.history.find(self.key)
                self._standings = list(found.standings) if found else []
                return
        self.key = uuid.uuid4().hex
        self._standings = []
        row = GameRow(key=self.key, game_id=game.game_id, deal_code=session.deal_code,
                      seats=game.seats, seed=game.seed,
                      options=to_json(game.variant.options), level=opponents_level(session),
                      human=session.human, started=time.time(), ended=None,
                      status="playing", rounds=0, standings=[], scores=None, won=None,
                      place=None, record=game.setup_record() | {"actions": []})
        history = self.history

        def add() -> None:
            history.abandon_playing(game_id=row.game_id)  # the game this one replaces
            history.add(row)

        self._submit(add)

    def changed(self, session: Session) -> None:
        """After a move: at a round's end or the game's, write what it changed."""
        if self.history is None or self.key is None or self._finished:
            return
        game = session.game
        outcome = game.outcome()
        if outcome is None and _round_of(game) == self._round:
            return
        self._round = _round_of(game)
        self._standings.append(list(game.variant.standings(game.state)))
        changes: dict[str, Any] = {"rounds": len(self._standings),
                                   "standings": list(self._standings)}
        if outcome is not None:
            self._finished = True
            human = session.human
            winners = outcome.winners
            changes.update(status="finished", ended=time.time(), scores=list(outcome.scores),
                           won=(1 / len(winners)) if human in winners else 0.0,
                           place=outcome.places[human])
        self._write_record(game, changes)

    def hinted(self) -> None:
        """The person took a hint: counted in the game's row."""
        if self.history is None or self.key is None or self._finished:
            return
        key, history = self.key, self.history
        self._submit(lambda: history.add_hint(key))

    def leave(self, session: Session | None) -> None:
        """The game leaves the table (to the menu, or the app stops): its moves so far
        are written; it stays ``playing`` for Continue."""
        if self.history is None or self.key is None or session is None or self._finished:
            return
        self._write_record(session.game, {})

    def abandon(self, session: Session | None) -> None:
        """The game on the table (or saved) is given up for a new one."""
        if self.history is None or self.key is None or self._finished:
            return
        changes: dict[str, Any] = {"status": "abandoned", "ended": time.time()}
        if session is not None:
            self._write_record(session.game, changes)
        else:
            key, history = self.key, self.history
            self._submit(lambda: history.update(key, **changes))
        self.key = None

    def flush(self, timeout: float = 5.0) -> None:
        """Wait until every write asked for is done (at shutdown, and in tests)."""
        if self._thread is None:
            return
        done = threading.Event()
        self._tasks.put(done.set)
        done.wait(timeout)

    def close(self) -> None:
        if self._thread is not None and self.history is not None:
            self.flush()
            self._tasks.put(None)
            self._thread.join(5.0)
            self.history.close()
            self._thread = None

    # --- helpers ---------------------------------------------------------------------

    def _row_of(self, game: Game | None) -> str | None:
        """The newest ``playing`` row of this game (same game, seats and deal)."""
        if game is None or self.history is None:
            return None
        try:
            rows = self.history.games(game.game_id, "playing")
        except sqlite3.Error as error:
            self.problem = str(error)
            return None
        same = [r for r in rows if r.seed == game.seed and r.seats == game.seats]
        return same[-1].key if same else None

    def _write_record(self, game: Game, changes: dict[str, Any]) -> None:
        snapshot = Game(game.variant, game.seats, game.seed, game.state, list(game.history))
        key, history = self.key, self.history
        assert key is not None and history is not None

        def write() -> None:
            history.update(key, record=snapshot.record(), **changes)

        self._submit(write)

    def _submit(self, task: Callable[[], Any]) -> None:
        self._tasks.put(task)

    def _run(self) -> None:
        while True:
            task = self._tasks.get()
            if task is None:
                return
            try:
                task()
                self.problem = None
            except (sqlite3.Error, OSError, ValueError) as error:
                self.problem = f"{error}"
                log.warning("history write failed: %s", error)
