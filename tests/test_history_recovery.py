"""The history gets back what a moment of trouble took: a lock said at start goes from
the menu once the history opens, a history read-only at start takes the waiting games
once its file may be written again (a fresh connection: SQLite keeps a read-only one
read-only), and a game finished just as cardtable was killed is recorded finished at
the next start, with its result."""

from __future__ import annotations

import json
import sqlite3
import time

import pytest

from cardtable.app import history as history_module
from cardtable.app import history_db
from cardtable.app.history_db import open_history
from history_helpers import HistoryLock, ReadOnly
from ui import frames

BUSY = 0.1
RETRY = 0.3


@pytest.fixture(autouse=True)
def quick(monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(history_db, "BUSY_SECONDS", BUSY, raising=False)
    monkeypatch.setattr(history_module, "RETRY_SECONDS", RETRY, raising=False)


def history_file(home):  # type: ignore[no-untyped-def]
    folder = home / "data"
    folder.mkdir(parents=True, exist_ok=True)
    history, note = open_history(folder / "history.sqlite3")
    assert history is not None, note
    history.close()
    return folder / "history.sqlite3"


def rows(path):  # type: ignore[no-untyped-def]
    with sqlite3.connect(path) as db:
        return db.execute("SELECT game_id, seed, status FROM games ORDER BY started").fetchall()


def menu_text(app) -> str:  # type: ignore[no-untyped-def]
    text, _ = app.stack.top.notice()
    return text or ""


def until(check, within: float) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + within
    while not check() and time.monotonic() < deadline:
        time.sleep(0.02)
    return bool(check())


def test_the_lock_said_at_start_goes_from_the_menu_once_the_history_opens(make_app, home):
    path = history_file(home)
    with HistoryLock(path):
        app = make_app()
        assert app.recorder.flush(2.0)
        assert "could not be opened just now" in menu_text(app)
    assert until(lambda: menu_text(app) == "", 3 * RETRY + 2.0), menu_text(app)
    assert app.recorder.history is not None


def test_a_history_read_only_at_start_takes_the_waiting_games_once_writable(
        make_app, home, monkeypatch):
    path = history_file(home)
    read_only = ReadOnly(monkeypatch)
    app = make_app()
    app.new_game("palace", 1, "normal", 7)
    frames(app, 2)
    app.to_menu()
    frames(app, 1)
    assert app.recorder.flush(2.0)
    assert "1 game is waiting" in menu_text(app)
    read_only.writable = True
    assert until(lambda: rows(path) == [("palace", 7, "playing")], 3 * RETRY + 2.0), \
        rows(path)
    assert until(lambda: menu_text(app) == "", 1.0), menu_text(app)


def test_a_history_read_only_at_start_is_said_no_more_once_writable(make_app, home,
                                                                   monkeypatch):
    """Nothing waits: the trial write, tried again, opens the file afresh too."""
    history_file(home)
    read_only = ReadOnly(monkeypatch)
    app = make_app()
    assert app.recorder.flush(2.0)
    assert "read-only" in menu_text(app)
    read_only.writable = True
    assert until(lambda: menu_text(app) == "", 3 * RETRY + 2.0), menu_text(app)


class Killed(BaseException):
    """cardtable killed (kill -9): the history thread stops where it is."""


def killed_as_the_game_ends(make_app, home, monkeypatch):  # type: ignore[no-untyped-def]
    """A Palace game played to its end, cardtable killed the moment its save is set
    aside: the history thread dies before it writes the result (nor keeps it in the
    journal). The game as it ended, and the rows the history holds."""
    from ui import to_game_over

    history_file(home)
    real = history_db.History.update

    def update(self, key, changes, hints=0, number=0):  # type: ignore[no-untyped-def]
        if changes.status == "finished":
            raise Killed
        return real(self, key, changes, hints, number)

    monkeypatch.setattr(history_db.History, "update", update)
    app = make_app()
    app.new_game("palace", 1, "normal", 5, autoplay="normal")
    to_game_over(app)
    assert (home / "data" / "last-finished-game.json").exists()
    thread = app.recorder._thread
    assert thread is not None
    thread.join(2.0)
    assert not thread.is_alive()
    app.recorder._thread = None     # the process is gone: nothing more is written
    monkeypatch.setattr(history_db.History, "update", real)
    return app.session.game


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_a_game_finished_as_cardtable_was_killed_is_finished_at_the_next_start(
        make_app, home, monkeypatch):
    game = killed_as_the_game_ends(make_app, home, monkeypatch)
    path = home / "data" / "history.sqlite3"
    assert rows(path) == [("palace", 5, "playing")]
    again = make_app()
    assert again.recorder.flush(5.0)
    assert rows(path) == [("palace", 5, "finished")]
    history, _ = open_history(path)
    assert history is not None
    row = history.games("palace")[0]
    outcome = game.outcome()
    assert outcome is not None
    assert row.scores == list(outcome.scores) and row.place == outcome.places[0]
    assert row.won == (1.0 if 0 in outcome.winners else 0.0) and row.rounds == 1
    assert row.moves == len(game.history) and row.ended is not None
    history.close()
    third = make_app()               # a later start changes nothing
    assert third.recorder.flush(5.0)
    assert rows(path) == [("palace", 5, "finished")]


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_a_game_killed_after_its_end_was_saved_but_before_it_was_set_aside(
        make_app, home, monkeypatch):
    """The slot still holds the game as it ended: it is not offered to continue, it is
    set aside, and its result is written."""
    killed_as_the_game_ends(make_app, home, monkeypatch)
    folder = home / "data"
    (folder / "last-finished-game.json").replace(folder / "autosave-palace.json")
    again = make_app()
    assert again.recorder.flush(5.0)
    assert again.saved_games() == [] and not (folder / "autosave-palace.json").exists()
    assert (folder / "last-finished-game.json").exists()
    assert rows(folder / "history.sqlite3") == [("palace", 5, "finished")]


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_a_killed_game_s_result_waits_in_the_journal_while_the_history_is_locked(
        make_app, home, monkeypatch):
    """Restarted under a lock: the result waits (before the start-up's abandon) and is
    written at the next start, even though that start's abandon came first there."""
    killed_as_the_game_ends(make_app, home, monkeypatch)
    path = home / "data" / "history.sqlite3"
    with HistoryLock(path):
        locked = make_app()
        assert locked.recorder.flush(5.0)
        kinds = [w["kind"] for w in json.loads(
            (home / "data" / "history-waiting.json").read_text())["writes"]]
        assert kinds == ["finish", "abandon"]
        locked.shutdown()
    (home / "data" / "last-finished-game.json").unlink()   # the journal alone keeps it
    again = make_app()
    assert again.recorder.flush(5.0)
    assert rows(path) == [("palace", 5, "finished")]
    assert not (home / "data" / "history-waiting.json").exists()


def test_an_open_games_played_page_is_read_again_when_games_are_written(make_app, home):
    """A game written after the page was read (once a lock went, say) is shown without
    leaving the page."""
    from cardtable.app.scenes.replay import GamesScene
    from cardtable.app.session import Session, default_seats
    from cardtable.engine import Game

    history_file(home)
    app = make_app()
    app.recorder.flush()
    games = GamesScene(app, app.recorder.history)
    app.push(games)
    assert games.wait(5)
    app.frame(1 / 60)
    assert games.rows == []
    app.recorder.begin(Session(Game.new("palace", 2, 7)[0], default_seats(1, "normal")))
    assert app.recorder.flush(2.0)
    app.frame(1 / 60)
    assert games.wait(5)
    app.frame(1 / 60)
    assert [(row.game_id, row.seed) for row in games.rows] == [("palace", 7)]


def test_open_statistics_count_games_written_since_and_a_history_opened_since(make_app,
                                                                             home):
    """Opened while the history was locked at start: the figures come once it opens,
    and a game written afterwards is counted without leaving the screen."""
    from cardtable.app.scenes.statistics import StatisticsScene
    from cardtable.app.session import Session, default_seats
    from cardtable.engine import Game

    path = history_file(home)
    with HistoryLock(path):
        app = make_app()
        assert app.recorder.flush(2.0)
        statistics = StatisticsScene(app)
        app.push(statistics)
        app.frame(1 / 60)
        assert "could not be opened just now" in (statistics.note() or "")
    assert until(lambda: app.recorder.history is not None, 3 * RETRY + 2.0)
    app.frame(1 / 60)
    assert statistics.wait(5) and statistics.note() is None
    app.recorder.begin(Session(Game.new("palace", 2, 7)[0], default_seats(1, "normal")))
    app.recorder.abandon(None)
    assert app.recorder.flush(2.0)
    app.frame(1 / 60)
    assert statistics.wait(5)
    assert statistics.tally is not None
    assert [line.abandoned for line in statistics.tally.lines("palace")] == [1]


KILLED_AS_IT_ENDS = """
import os, signal, sys
sys.path.insert(0, "tests")
from cardtable.app.app import App
from ui import to_game_over

real = App.forget_save

def forget_save(self):
    real(self)
    if (self.save_path.parent / "last-finished-game.json").exists():
        os.kill(os.getpid(), signal.SIGKILL)   # the moment the save is set aside

App.forget_save = forget_save
app = App(size=(1280, 800), animations=False)
app.new_game("palace", 1, "normal", 5, autoplay="normal")
to_game_over(app)
"""


def test_a_real_kill_as_the_game_ends_never_loses_its_result(make_app, home):
    import os
    import signal
    import subprocess
    import sys

    path = history_file(home)
    env = {**os.environ, "CARDTABLE_HOME": str(home)}
    done = subprocess.run([sys.executable, "-c", KILLED_AS_IT_ENDS], env=env, timeout=60,
                          capture_output=True, text=True)
    assert done.returncode == -signal.SIGKILL, done.stderr[-2000:]
    app = make_app()
    assert app.recorder.flush(5.0)
    assert rows(path) == [("palace", 5, "finished")]
