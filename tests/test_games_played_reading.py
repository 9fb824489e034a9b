"""Games played never stalls the window: the page of games and the record of the game
chosen are read, and its replay built, off the drawing thread, while the scene says
"Reading…"; a locked history says so and is read once the lock goes; damaged rows of
the page are counted."""

from __future__ import annotations

import sqlite3
import threading
import time

import pygame
import pytest

from cardtable.app import history_db
from cardtable.app.history_db import GameRow, open_history
from cardtable.engine import Game
from history_helpers import HistoryLock
from ui import DT, post

BUSY = 0.6
"""The app's wait for a lock in these tests: long enough that a read made on the
drawing thread shows in the frame time."""
FRAME_LIMIT = 0.05
"""Drawing-thread time one frame may take, at most, while the history is locked."""


@pytest.fixture(autouse=True)
def busy(monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(history_db, "BUSY_SECONDS", BUSY, raising=False)


def palace_row(number: int) -> GameRow:
    game, _ = Game.new("palace", 2, 3)
    return GameRow(key=f"{number:03d}", game_id="palace", deal_code=None, seats=2, seed=3,
                   options={}, level="normal", human=0, started=1_700_000_000.0 + number,
                   ended=None, status="abandoned", rounds=0, standings=[], scores=None,
                   won=None, place=None, record=game.record())


def make_history(home, count: int):  # type: ignore[no-untyped-def]
    path = home / "data" / "history.sqlite3"
    history, note = open_history(path)
    assert history is not None, note
    for number in range(count):
        history.add(palace_row(number))
    history.close()
    return path


def slowest_frame(app, count: int = 4) -> float:  # type: ignore[no-untyped-def]
    """The longest of ``count`` frames, in seconds of the drawing thread's wall time."""
    slowest = 0.0
    for _ in range(count):
        started = time.perf_counter()
        app.frame(DT)
        slowest = max(slowest, time.perf_counter() - started)
    return slowest


def press(app, rect: pygame.Rect) -> float:  # type: ignore[no-untyped-def]
    """Click in ``rect``; the slowest frame while it is handled."""
    post(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)
    post(pygame.MOUSEBUTTONUP, pos=rect.center, button=1)
    return slowest_frame(app)


def labelled(scene, label: str) -> pygame.Rect:  # type: ignore[no-untyped-def]
    return next(w.rect for w in scene.ring.widgets if label in w.label)


def settle(app, scene) -> None:  # type: ignore[no-untyped-def]
    """Let the reading thread finish and the scene show what it read."""
    assert scene.wait(5)
    app.frame(DT)


def games_scene(app):  # type: ignore[no-untyped-def]
    from cardtable.app.scenes.replay import GamesScene
    from cardtable.app.scenes.statistics import StatisticsScene

    app.push(StatisticsScene(app))
    app.frame(DT)
    statistics = app.stack.top
    assert isinstance(statistics, StatisticsScene)
    assert statistics.wait(5)
    app.frame(DT)
    return statistics, GamesScene


def test_games_played_opens_pages_and_watches_at_once_while_the_history_is_locked(
        make_app, home):
    from cardtable.app.scenes.replay import LISTED, ReplayScene

    path = make_history(home, LISTED + 3)
    app = make_app(size=(960, 640))
    app.recorder.flush()
    statistics, games_type = games_scene(app)
    with HistoryLock(path):
        assert press(app, labelled(statistics, "Games played")) < FRAME_LIMIT
        games = app.stack.top
        assert isinstance(games, games_type)
        assert games.note() == "Reading\u2026" and games.rows == []
    settle(app, games)
    assert games.listed == 9                                    # what 960x640 holds
    assert [row.key for row in games.rows] == [f"{n:03d}" for n in range(LISTED + 2, 5, -1)]
    assert games.more and games.note().startswith("Choose a game")

    with HistoryLock(path):
        assert press(app, labelled(games, "Older")) < FRAME_LIMIT
        assert games.note() == "Reading\u2026" and games.page == 1
        assert press(app, labelled(games, "Newer")) < FRAME_LIMIT   # still answers
        assert press(app, labelled(games, "Older")) < FRAME_LIMIT
    settle(app, games)
    assert [row.key for row in games.rows] == [f"{n:03d}" for n in range(5, -1, -1)]
    assert not games.more

    with HistoryLock(path):
        assert press(app, games.ring.widgets[0].rect) < FRAME_LIMIT
        assert games.note() == "Reading\u2026"
        assert not isinstance(app.stack.top, ReplayScene)
    settle(app, games)
    app.frame(DT)
    assert isinstance(app.stack.top, ReplayScene) and app.stack.top.row.key == "005"


def test_a_history_locked_longer_than_the_wait_says_so_and_is_read_when_it_goes(
        make_app, home, monkeypatch):
    from cardtable.app import background

    monkeypatch.setattr(background, "RETRY_SECONDS", 0.0, raising=False)
    path = make_history(home, 2)
    app = make_app(size=(960, 640))
    app.recorder.flush()
    statistics, _ = games_scene(app)
    with HistoryLock(path):
        assert press(app, labelled(statistics, "Games played")) < FRAME_LIMIT
        games = app.stack.top
        assert games.wait(5)
        assert slowest_frame(app, 1) < FRAME_LIMIT
        assert games.note() == ("Your game history could not be read: another program "
                                "is using it (it is locked).")
    deadline = time.monotonic() + 5
    while not games.rows and time.monotonic() < deadline:   # tried again
        games.wait(1)
        app.frame(DT)
    assert [row.key for row in games.rows] == ["001", "000"]
    assert games.note().startswith("Choose a game")


def test_statistics_of_a_history_locked_longer_than_the_wait_is_read_when_it_goes(
        make_app, home, monkeypatch):
    """Statistics said the lock and never read the history again (Games played tried
    again after a few seconds): both scenes now share one retry."""
    from cardtable.app import background
    from cardtable.app.scenes.statistics import StatisticsScene

    monkeypatch.setattr(history_db, "BUSY_SECONDS", 0.1, raising=False)
    monkeypatch.setattr(background, "RETRY_SECONDS", 0.0, raising=False)
    path = make_history(home, 2)
    app = make_app(size=(960, 640))
    app.recorder.flush()
    with HistoryLock(path):
        statistics = StatisticsScene(app)
        app.push(statistics)
        assert statistics.wait(5)
        app.frame(DT)
        assert statistics.note() == ("Your game history could not be read: another "
                                     "program is using it (it is locked).")
    deadline = time.monotonic() + 5
    while statistics.tally is None and time.monotonic() < deadline:   # tried again
        statistics.wait(1)
        app.frame(DT)
    assert statistics.tally is not None and statistics.note() is None
    assert [line.abandoned for line in statistics.tally.lines("palace")] == [2]


def test_watching_a_game_builds_its_replay_off_the_drawing_thread(make_app, home,
                                                                 monkeypatch):
    """A long game takes a tenth of a second or more to replay: never on the frame."""
    from cardtable.app.scenes.replay import ReplayScene
    from cardtable.engine.replay import Replay

    built_on: list[threading.Thread] = []
    real = Replay.from_record.__func__  # type: ignore[attr-defined]

    def slow(cls, record):  # type: ignore[no-untyped-def]
        built_on.append(threading.current_thread())
        time.sleep(0.3)
        return real(cls, record)

    monkeypatch.setattr(Replay, "from_record", classmethod(slow))
    make_history(home, 1)
    app = make_app(size=(960, 640))
    statistics, _ = games_scene(app)
    assert press(app, labelled(statistics, "Games played")) < FRAME_LIMIT
    games = app.stack.top
    settle(app, games)
    assert press(app, games.ring.widgets[0].rect) < FRAME_LIMIT
    assert games.note() == "Reading\u2026"
    settle(app, games)
    app.frame(DT)
    assert isinstance(app.stack.top, ReplayScene)
    assert built_on and threading.main_thread() not in built_on


def test_damaged_rows_of_a_page_are_counted_without_the_statistics_count(make_app, home):
    from cardtable.app.scenes.replay import GamesScene

    path = make_history(home, 3)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE games SET started = 'yesterday' WHERE key = '001'")
    app = make_app(size=(960, 640))
    games = GamesScene(app, app.recorder.history)
    app.push(games)
    app.frame(DT)
    settle(app, games)
    assert [row.key for row in games.rows] == ["002", "000"]
    assert games.note() == "1 game could not be read (damaged in the history file)."


def test_a_row_changed_since_it_was_listed_is_refused_with_a_reason(make_app, home):
    from cardtable.app.scenes.replay import GamesScene

    path = make_history(home, 1)
    app = make_app(size=(960, 640))
    games = GamesScene(app, app.recorder.history)
    app.push(games)
    settle(app, games)
    [row] = games.rows
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM games")
    games.watch(row)
    settle(app, games)
    assert games.note() == "That game cannot be shown: it is no longer in the history."


def test_a_read_that_fails_says_why_instead_of_reading_forever(caplog):  # type: ignore[no-untyped-def]
    """A lock is said in plain words; a fault of the code is said as such, its detail
    logged (Python's own text was shown: "…could not be read: a bug.")."""
    from cardtable.app.background import BackgroundRead, Unread

    def locked() -> None:
        raise sqlite3.OperationalError("database is locked")

    def bug() -> None:
        raise RuntimeError("a bug")

    reads = [BackgroundRead(locked), BackgroundRead(bug)]
    assert all(read.wait(5) for read in reads)
    assert [read.answer() for read in reads] == [
        Unread("Your game history could not be read: another program is using it (it is "
               "locked).", passing=True),
        Unread("Your game history could not be read: an unexpected fault (see the "
               "log).")]
    assert "a bug" in caplog.text


@pytest.mark.parametrize(("damage", "detail"), [
    ("not a compression", "Error -3"), ("compressed, cut short", "cut short"),
    ("not JSON", "not JSON"), ("a list", "not a game record"),
    ("moves that are not moves", "not a move")])
def test_a_damaged_record_is_said_in_plain_words_and_its_detail_logged(
        make_app, home, caplog, damage, detail):  # type: ignore[no-untyped-def]
    """Watching it showed zlib's own words ("Error -3 while decompressing data:
    incorrect header check"): the player reads a plain reason, the log the detail."""
    import json
    import zlib

    from cardtable.app.scenes.replay import GamesScene

    path = make_history(home, 1)
    record = palace_row(0).record
    assert record is not None
    value = {"not a compression": b"x\x9c" + b"\x00" * 40,
             "compressed, cut short": zlib.compress(json.dumps(record).encode())[:-20],
             "not JSON": "{", "a list": "[1, 2]",
             "moves that are not moves": json.dumps(record | {"actions": [[0, {"t": 1}]]}),
             }[damage]
    with sqlite3.connect(path) as db:
        db.execute("UPDATE games SET record = ?", (value,))
    db.close()
    app = make_app(size=(960, 640))
    games = GamesScene(app, app.recorder.history)
    app.push(games)
    settle(app, games)
    [row] = games.rows
    with caplog.at_level("WARNING"):
        games.watch(row)
        settle(app, games)
    assert games.note() == ("That game cannot be shown: its moves are damaged in the "
                            "history file.")
    assert detail in caplog.text
