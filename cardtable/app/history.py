"""Recording the games played into the history (``history_db``), off the drawing thread.

A game gets its row when it is dealt (``playing``), its standings and action record at
every round's end, and its result when it ends (``finished``). A game left for a new
one, or on the table when the app stopped and not resumed, is marked ``abandoned``: it
stays in the history, never lost. Writes (a SQLite commit syncs the disk) run on one
background thread, in order; the drawing thread only takes a snapshot of the moves and
never reads the history: which row a continued game is, and which rows the save slots
hold, are worked out on that thread, as writes (``Kind.RESUME``, ``Kind.ABANDON``).

A write the history refuses (locked by another program, a full disk, a read-only file)
is never dropped: it waits in a journal beside the saves (``history_journal``) and is
written when the history takes writes again (a later write tries, the history thread
tries again by itself every ``RETRY_SECONDS`` while writes wait, and the next start),
and the player is told how many games wait and why. One bad write never stops the
thread: it waits too, and the others go on. At start, the history thread tries a write
it rolls back, so that a history that cannot be written is said before a game is lost
to it. While nothing waits, the thread sleeps until it is asked for something (but
while the history could not be opened, or refused a write as read-only: it is opened
afresh at each retry, as SQLite keeps a read-only connection read-only).

A game that ended as cardtable was stopped, before its result was written, is found at
the next start in the save set aside at its end (``last-finished-game.json``): its row
is finished from it, on the history thread, before the start-up's abandon.
"""

from __future__ import annotations

import dataclasses
import logging
import queue
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import TypedDict

from ..engine import Game, SomeGame, to_json
from ..engine.variant import Outcome, round_of
from ..i18n import _, ngettext
from . import history_db
from .history_db import GameRow, History, is_passing, problem_of, try_history
from .history_journal import Journal, Kind, Write, games_in, merge
from .history_rows import Changes, Deal, Unfit
from .reasons import GamesWaiting
from .saves import SaveError, read_save
from .session import SomeSession

log = logging.getLogger(__name__)

JOURNAL_FILE = "history-waiting.json"
"""The writes the history has not taken yet, beside it."""
RETRY_SECONDS = 10.0
"""After the history refused a write, how long later writes wait in the journal
before it is tried again (so a locked file costs one short wait, not one per write);
while writes wait and none comes, the history thread tries again this often."""
SHORTEST_WAIT = 0.05
"""The history thread's shortest sleep between tries while writes wait (with a retry
interval of 0 it would never sleep)."""
Task = Callable[[], Write | None] | threading.Event | None
"""A write to make (worked out on the history thread; ``None``: only write what
waits), a flush marker, or stop."""


def opponents_level(session: SomeSession) -> str:
    levels = {seat.level for seat in session.seats if not seat.human}
    return levels.pop() if len(levels) == 1 else "mixed"




class HistoryRecorder:
    """Keeps the history of the game on the table; does nothing without a history."""

    def __init__(self, history: History | None, problem: str | None = None, *,
                 path: Path | None = None, journal: Journal | None = None,
                 busy_seconds: float | None = None,
                 retry_seconds: float | None = None) -> None:
        self.history = history
        self.key: str | None = None
        """The row of the game on the table."""
        self.problem = problem
        """Why there is no history (``None``: there is one, or it may open later)."""
        self.note: str | None = None
        """For the player at start: what was wrong with the history or its journal."""
        self._path = path
        """Where to open the history later, while it cannot be opened."""
        self._journal = journal
        self._busy = history_db.BUSY_SECONDS if busy_seconds is None else busy_seconds
        self._retry = RETRY_SECONDS if retry_seconds is None else retry_seconds
        self._retry_at = 0.0
        self._lock = threading.Lock()
        """Guards what the history thread changes and the drawing thread reads."""
        self._pending: list[Write] = []
        """Writes the history has not taken, oldest first (the journal's content)."""
        self._reason: str | None = None
        """Why they wait."""
        self._unkept: str | None = None
        """Why the journal could not be written (they are in memory only)."""
        self._unfit = 0
        """Changes left out (they did not fit their game: a damaged journal's)."""
        self._unwritable: str | None = None
        """Why the history refused the trial write at start (``None``: it took it, or
        a write since)."""
        self._tried_at = time.monotonic()
        """When the history thread last tried to write what waits."""
        self._dirty = False
        self.written = 0
        """How many times the history took writes (a screen showing it reads again when
        this changes: a game written after it read, once a lock went, is shown)."""
        self._retired: list[History] = []
        """Connections given up as read-only (closed at the end)."""
        self._stale = False
        """The history's connection refused a write as read-only: open it afresh."""
        if journal is not None:
            self._pending, self.note = journal.load()
            self._dirty = bool(self._pending)
        self._number = max((write.number for write in self._pending), default=0)
        """The last write's number (the history skips one no newer than it took)."""
        self._round = 0
        self._standings: list[list[int]] = []
        """The standings of the rounds played at this table."""
        self._after = 0
        """The rounds a continued game had played before (already in its row)."""
        self._finished = False
        self._tasks: queue.Queue[Task] = queue.Queue()
        self._thread: threading.Thread | None = None
        if self.active:
            self._thread = threading.Thread(target=self._run, name="cardtable-history",
                                            daemon=True)
            self._thread.start()
            self._submit(self._check)   # said at start, not when a first game is lost
            if self._pending:
                self._submit(lambda: None)   # write what an earlier run left waiting

    @classmethod
    def open(cls, path: Path, busy_seconds: float | None = None,
             retry_seconds: float | None = None) -> HistoryRecorder:
        """The recorder of the history at ``path``, its journal beside it; ``note``
        says what was wrong, for the player."""
        busy = history_db.BUSY_SECONDS if busy_seconds is None else busy_seconds
        opening = try_history(path, busy)
        keeping = opening.history is not None or opening.later
        recorder = cls(opening.history, None if keeping else opening.note,
                       path=path if keeping else None,
                       journal=Journal(path.with_name(JOURNAL_FILE)) if keeping else None,
                       busy_seconds=busy, retry_seconds=retry_seconds)
        if opening.later:
            recorder.problem = opening.note
            recorder._reason = opening.reason
            recorder._retry_at = time.monotonic() + recorder._retry
        # a file that may open later is said while it does not (``unopened``), not once
        recorder.note = " ".join(n for n in (None if opening.later else opening.note,
                                             recorder.note) if n) or None
        return recorder

    @property
    def active(self) -> bool:
        """Games are recorded (into the history, or into the journal until it opens)."""
        return self.history is not None or self._path is not None

    def unopened(self) -> str | None:
        """For the menu, each frame: why the history could not be opened, while it
        cannot and may later (a lock, the disk); ``None`` once it opened."""
        problem = self.problem
        return problem if self.history is None and self._path is not None else None

    def waiting(self) -> str | None:
        """For the menu and Statistics: how many games wait to be written and why,
        while any do (a later write that works does not hide the ones still waiting);
        before any, whether the history refuses writes."""
        with self._lock:
            count, reason, unkept = games_in(self._pending), self._reason, self._unkept
            unwritable, unfit = self._unwritable, self._unfit
        left_out = "" if not unfit else ngettext(
            "{count} change to your games, damaged in the file where it waited, was left "
            "out.",
            "{count} changes to your games, damaged in the file where they waited, were "
            "left out.", unfit).format(count=unfit)
        if not count or (reason is None and unkept is None):
            if unwritable is None:
                return left_out or None
            return " ".join(part for part in (
                _("Your game history cannot take new games just now: {reason}.").format(
                    reason=unwritable), left_out) if part)
        lost = "" if not unkept else ngettext(
            "It could not be kept on disk either ({reason}), so it is lost if cardtable "
            "is closed now.",
            "They could not be kept on disk either ({reason}), so they are lost if "
            "cardtable is closed now.", count).format(reason=unkept)
        return GamesWaiting(count, reason, " ".join(part for part in (lost, left_out) if part))

    # --- the drawing thread ----------------------------------------------------------

    def recover(self, saved: list[SomeGame], finished: Path | None = None) -> None:
        """At start-up: games left ``playing`` by a stop are abandoned, but for those
        the save slots hold (they may be continued), and the game in ``finished`` (the
        last game that ended, its save set aside), if it ended as cardtable was stopped
        before its result was written: that one is finished, first."""
        if not self.active:
            return
        keep = tuple(Deal(game.game_id, game.seed, game.seats) for game in saved)
        before = time.time()
        if finished is not None:
            self._submit(lambda: _finish_of(finished))
        self._submit(lambda: Write(Kind.ABANDON, keep=keep, before=before))

    def begin(self, session: SomeSession, resumed: bool = False) -> None:
        """A game comes to the table: a new row, or for a resumed game its own row
        (found on the history thread; a new one if there is none)."""
        if not self.active:
            return
        game = session.game
        self._finished = False
        self._round = round_of(game.state, 1)
        self._after = self._round - 1 if resumed else 0
        self._standings = []
        self.key = uuid.uuid4().hex
        row = GameRow(key=self.key, game_id=game.game_id, deal_code=session.deal_code,
                      seats=game.seats, seed=game.seed,
                      options=to_json(game.variant.options), level=opponents_level(session),
                      human=session.human, started=time.time(), ended=None,
                      status="playing", rounds=0, standings=[], scores=None, won=None,
                      place=None, record=game.setup_record() | {"actions": []})
        kind = Kind.RESUME if resumed else Kind.ADD
        self._submit(lambda: Write(kind, row.key, row))

    def changed(self, session: SomeSession) -> None:
        """After a move: at a round's end or the game's, write what it changed."""
        if not self.active or self.key is None or self._finished:
            return
        game = session.game
        outcome = game.outcome()
        if outcome is None and round_of(game.state, 1) == self._round:
            return
        self._round = round_of(game.state, 1)
        self._standings.append(list(game.variant.standings(game.state)))
        changes = Changes(standings=list(self._standings), standings_after=self._after)
        if outcome is not None:
            self._finished = True
            changes = dataclasses.replace(changes,
                                          **_result(outcome, session.human, time.time()))
        self._write_record(game, changes)

    def hinted(self) -> None:
        """The person took a hint: counted in the game's row."""
        if not self.active or self.key is None or self._finished:
            return
        key = self.key
        self._submit(lambda: Write(Kind.UPDATE, key, hints=1))

    def leave(self, session: SomeSession | None) -> None:
        """The game leaves the table (to the menu, or the app stops): its moves so far
        are written; it stays ``playing`` for Continue."""
        if not self.active or self.key is None or session is None or self._finished:
            return
        self._write_record(session.game, Changes())

    def abandon(self, session: SomeSession | None) -> None:
        """The game on the table (or saved) is given up for a new one."""
        if not self.active or self.key is None or self._finished:
            return
        changes = Changes(status="abandoned", ended=time.time())
        if session is not None:
            self._write_record(session.game, changes)
        else:
            key = self.key
            self._submit(lambda: Write(Kind.UPDATE, key, changes=changes))
        self.key = None

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every write asked for is done or waits in the journal (at
        shutdown, and in tests); False if that took longer than ``timeout``."""
        if self._thread is None:
            return True
        done = threading.Event()
        self._tasks.put(done)
        return done.wait(timeout)

    def close(self) -> None:
        """Finish the writes (a locked history costs one short wait at most: what it
        refuses waits in the journal) and close the history."""
        thread = self._thread
        if thread is None:
            return
        done = self.flush(self._busy + 1.0)   # before it is forgotten: flush needs it
        self._thread = None
        self._tasks.put(None)
        thread.join(0.5 if done else 0.0)
        if not thread.is_alive():
            for history in (*self._retired, *([self.history] if self.history else [])):
                history.close()

    # --- helpers ---------------------------------------------------------------------

    def _write_record(self, game: SomeGame, changes: Changes) -> None:
        snapshot = Game(game.variant, game.seats, game.seed, game.state, list(game.history))
        key = self.key
        assert key is not None
        self._submit(lambda: Write(Kind.UPDATE, key, changes=dataclasses.replace(
            changes, record=snapshot.record())))

    def _submit(self, task: Task) -> None:
        self._tasks.put(task)

    # --- the history thread ----------------------------------------------------------

    def _run(self) -> None:
        while True:
            try:
                task = self._tasks.get(timeout=self._sleep())
            except queue.Empty:   # writes wait and none came: try them again
                task = self._again
            if task is None:
                self._keep()
                return
            if isinstance(task, threading.Event):
                self._keep()
                task.set()
                continue
            try:   # one bad write never stops the thread
                write = task()
                if write is not None:
                    if write.kind not in (Kind.ABANDON, Kind.FINISH):
                        self._number += 1
                        write = dataclasses.replace(write, number=self._number)
                    with self._lock:
                        self._pending = merge(self._pending, write)
                    self._dirty = True
                # the journal follows at once what the history took: a stop just after
                # must not leave writes in it that were made already
                if self._drain() or self._tasks.empty():
                    self._keep()
            except Exception:
                log.exception("history write failed")

    def _sleep(self) -> float | None:
        """How long the history thread may sleep before it tries again what waits
        (``None``: nothing waits, it sleeps until asked)."""
        with self._lock:
            waits = bool(self._pending) or self._unwritable is not None
        waits = waits or self.history is None   # not opened yet: tried again
        if not (waits or self._dirty) or not self.active:
            return None   # nothing to try (or nowhere to write it)
        due = max(self._retry_at, self._tried_at + self._retry)
        return max(due - time.monotonic(), SHORTEST_WAIT)

    def _again(self) -> None:
        """Try again, unasked, what waits (or the trial write, while it was refused, or
        the journal, while it could not be written): once per retry interval, whatever
        fails (the thread woke 20 times a second when only the journal did)."""
        self._tried_at = time.monotonic()
        with self._lock:
            waits = bool(self._pending)
        if not waits and (self._unwritable is not None or self.history is None):
            self._check()
        return None

    def _check(self) -> None:
        """The trial write (at start): does the history take writes?"""
        self._tried_at = time.monotonic()
        if time.monotonic() < self._retry_at:
            return None
        history = self._writer()
        if history is None:
            return None
        try:
            history.check_writable()
            unwritable = None
            with self._lock:
                if not self._pending:
                    self._reason = None
        except Exception as error:
            log.warning("the history refuses writes: %s", error,
                        exc_info=not is_passing(error))
            unwritable = problem_of(error)
            self._retire(error)
            if is_passing(error):   # as a refused write: later ones wait, not each
                self._retry_at = time.monotonic() + self._retry
                with self._lock:
                    self._reason = unwritable
        with self._lock:
            self._unwritable = unwritable
        return None

    def _drain(self) -> bool:
        """Write what waits, oldest first; stop at a refusal of the file or disk (the
        rest waits for the next try) but go past a write that is itself at fault.
        True when the history took any."""
        with self._lock:
            pending = list(self._pending)
        if not pending or time.monotonic() < self._retry_at:
            return False
        self._tried_at = time.monotonic()
        history = self._writer()
        if history is None:
            return False
        left: list[Write] = []
        reason: str | None = None
        for index, write in enumerate(pending):
            try:
                _apply(history, write)
            except Unfit as error:   # damaged, never to be written: left out, said
                log.warning("a history write is left out: %s", error)
                self._unfit += 1
            except Exception as error:
                reason = problem_of(error)
                log.warning("a history write waits: %s", error,
                            exc_info=not is_passing(error))
                if is_passing(error):
                    self._retire(error)
                    left += pending[index:]
                    self._retry_at = time.monotonic() + self._retry
                    break
                left.append(write)
        took = len(left) < len(pending)
        with self._lock:
            self._pending = left
            self._reason = reason if left else None
            if took:
                self._unwritable = None
                self.written += 1
        if left != pending:
            self._dirty = True
        return took

    def _retire(self, error: BaseException) -> None:
        """A connection refused as read-only stays so (SQLite opened the file read-only):
        the next try opens it afresh, so a file made writable again takes the games in
        this run. The old one is kept for reading until then, and closed with the
        recorder (a screen may still read it)."""
        if history_db.is_read_only(error):
            self._stale = True

    def _writer(self) -> History | None:
        """The history to write to: opened afresh when it could not be opened, or its
        connection was refused as read-only."""
        if self.history is not None and not self._stale:
            return self.history
        return self._reopen()

    def _reopen(self) -> History | None:
        """Try again to open a history that could not be opened (locked, a full disk)."""
        if self._path is None:
            return None
        opening = try_history(self._path, self._busy)
        if opening.history is not None:
            if self.history is not None:
                self._retired.append(self.history)
            self.history, self.problem, self._stale = opening.history, None, False
            if opening.note:
                log.warning("%s", opening.note)
            return opening.history
        if opening.later:
            self._retry_at = time.monotonic() + self._retry
        else:
            self._path = None
            self.problem = opening.note
        with self._lock:
            self._reason = opening.reason or _("it cannot be opened now")
        return None

    def _keep(self) -> None:
        """Bring the journal up to date with what waits (at a pause in the writes)."""
        if not self._dirty or self._journal is None:
            return
        with self._lock:
            pending = list(self._pending)
        try:   # never raises: a stop or a flush must not end the thread
            unkept = self._journal.save(pending)
        except Exception:
            log.exception("the history's journal could not be written")
            unkept = _(history_db.UNEXPECTED)
        with self._lock:
            self._unkept = unkept
        self._dirty = unkept is not None


def _finish_of(path: Path) -> Write | None:
    """The result of the game in the save set aside at ``path`` when it ended, as a
    write (read and replayed on the history thread; ``None``: no such game)."""
    try:
        if not path.is_file():
            return None
        ended = path.stat().st_mtime
        saved = read_save(path)
    except (OSError, SaveError) as error:
        log.info("the last game that ended is not looked for: %s", error)
        return None
    game, human = saved.game, saved.human
    outcome = game.outcome()
    if outcome is None:   # set aside by an earlier version, one move before its end
        return None
    changes = Changes(standings=[list(game.variant.standings(game.state))],
                      standings_after=round_of(game.state, 1) - 1, record=game.record(),
                      **_result(outcome, human, ended))
    return Write(Kind.FINISH, keep=(Deal(game.game_id, game.seed, game.seats),),
                 changes=changes)


def _result(outcome: Outcome, human: int, ended: float) -> _Result:
    """What a finished game's row says of its end, for the person at ``human``."""
    winners = outcome.winners
    return _Result(status="finished", ended=ended, scores=list(outcome.scores),
                   won=(1 / len(winners)) if human in winners else 0.0,
                   place=outcome.places[human])


class _Result(TypedDict):
    status: str
    ended: float
    scores: list[int]
    won: float
    place: int | None


def _apply(history: History, write: Write) -> None:
    if write.kind is Kind.FINISH:
        if history.finish_found(write.keep[0], write.changes):
            log.warning("a game that ended as cardtable stopped was recorded finished")
        return
    if write.kind is Kind.ABANDON:
        history.abandon_playing(write.keep, write.before)
        return
    if write.row is not None:
        if write.kind is Kind.ADD:
            history.add(write.row, write.number)
        else:
            history.resume(write.row)
    if write.changes or write.hints:
        history.update(write.key, write.changes, write.hints, write.number)
