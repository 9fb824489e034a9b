"""When the history cannot be written: a file locked by another program is not damaged
(never moved aside, tried again later, quitting stays quick); a full disk, a read-only
file or a write that cannot be stored never loses a game (it waits in a journal beside
the saves and is written once the history takes writes again), and the player is told
how many games wait and why; the journal is read back as untrusted; another program's
database, or a folder, in the history's place is left alone and named."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
import subprocess
import sys
import time

import pytest

from cardtable.app import history as history_module
from cardtable.app import history_db
from cardtable.app.history import HistoryRecorder
from cardtable.app.history_db import SCHEMA_VERSION, open_history
from history_helpers import ReadOnly
from ui import frames, to_game_over

BUSY = 0.1
"""The tests' wait for a lock (the app's is longer)."""
JOURNAL_FILE = "history-waiting.json"
"""Where games wait for the history, beside it."""


@pytest.fixture(autouse=True)
def quick(monkeypatch):  # type: ignore[no-untyped-def]
    """Short lock waits, and a refused write is tried again at the next write."""
    monkeypatch.setattr(history_db, "BUSY_SECONDS", BUSY, raising=False)
    monkeypatch.setattr(history_module, "RETRY_SECONDS", 0.0, raising=False)


def data(home):  # type: ignore[no-untyped-def]
    folder = home / "data"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def make_history(home):  # type: ignore[no-untyped-def]
    """A good history file with no games in it."""
    history, note = open_history(data(home) / "history.sqlite3")
    assert history is not None, note
    history.close()
    return data(home) / "history.sqlite3"


def rows(home):  # type: ignore[no-untyped-def]
    with sqlite3.connect(data(home) / "history.sqlite3") as db:
        return db.execute("SELECT game_id, seed, status FROM games ORDER BY started").fetchall()


def play_and_leave(app, game_id: str, seed: int) -> None:  # type: ignore[no-untyped-def]
    app.new_game(game_id, 1, "normal", seed)
    frames(app, 2)
    app.to_menu()
    frames(app, 1)


def menu_text(app) -> str:  # type: ignore[no-untyped-def]
    """What the menu's message box says."""
    menu = app.stack.top
    assert type(menu).__name__ == "MenuScene"
    text, _ = menu.notice() if hasattr(menu, "notice") else (app.menu_message, False)
    return text or ""


def one_game_waiting(home):  # type: ignore[no-untyped-def]
    """A new Palace game (deal 7) left waiting in the journal by a history that refused
    it: the journal's path and content."""
    from cardtable.app.session import Session, default_seats
    from cardtable.engine import Game

    recorder = HistoryRecorder.open(make_history(home), retry_seconds=60.0)
    recorder.history._db.execute("PRAGMA query_only = ON")   # not opened afresh before 60 s
    recorder.begin(Session(Game.new("palace", 2, 7)[0], default_seats(1, "normal")))
    recorder.close()
    journal = data(home) / JOURNAL_FILE
    return journal, json.loads(journal.read_text())


def set_aside(home) -> list[str]:  # type: ignore[no-untyped-def]
    return sorted(p.name for p in data(home).iterdir() if "unreadable" in p.name)


# --- locks ---------------------------------------------------------------------------

HOLD_LOCK = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
sys.stdin.readline()
db.execute("ROLLBACK")
"""


def test_a_history_locked_by_another_process_is_not_moved_and_its_games_wait(make_app,
                                                                             home):
    """Another program holds an exclusive lock (a real second process): the good file
    is not taken for damaged, the game played meanwhile waits in the journal, and once
    the lock goes a later write puts everything in the history."""
    path = make_history(home)
    before = path.read_bytes()
    holder = subprocess.Popen([sys.executable, "-c", HOLD_LOCK, str(path)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
        app = make_app()
        assert "damaged" not in (app.menu_message or "")
        assert "another program is using it" in menu_text(app)   # said while it lasts
        assert set_aside(home) == [] and path.read_bytes() == before
        play_and_leave(app, "palace", 2)
        app.recorder.flush(2.0)
        assert menu_text(app) == (   # the reason both share, said once
            "Your game history could not be opened just now, and 1 game is waiting to be "
            "written to it: another program is using it (it is locked). It was left as it is.")
        assert (data(home) / JOURNAL_FILE).exists()
        from cardtable.app.scenes.statistics import StatisticsScene

        assert "1 game is waiting" in (StatisticsScene(app).note() or "")
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(5)
    play_and_leave(app, "five_crowns", 3)        # a later write, the lock gone
    app.recorder.flush(2.0)
    assert [(g, s) for g, s, _ in rows(home)] == [("palace", 2), ("five_crowns", 3)]
    assert app.recorder.waiting() is None and "waiting" not in menu_text(app)
    assert not (data(home) / JOURNAL_FILE).exists()
    assert set_aside(home) == []


def test_an_exclusive_lock_at_start_is_not_damage(home):
    path = make_history(home)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    before = path.read_bytes()
    history, note = open_history(path, busy_seconds=BUSY)
    holder.execute("ROLLBACK")
    assert history is None and note is not None
    assert "another program is using it" in note and "damaged" not in note
    assert set_aside(home) == [] and path.read_bytes() == before


def test_a_saved_game_keeps_its_row_when_the_history_was_locked_at_start(make_app, home):
    """Which rows the saves hold cannot be known while the history is locked: none is
    abandoned then (the saved game's row stays ``playing`` for Continue)."""
    app = make_app()
    play_and_leave(app, "palace", 2)
    app.shutdown()
    holder = sqlite3.connect(data(home) / "history.sqlite3", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    again = make_app()
    again.recorder.flush(2.0)
    holder.execute("ROLLBACK")
    holder.close()
    play_and_leave(again, "five_crowns", 3)        # the history opens again
    again.recorder.flush(2.0)
    assert rows(home) == [("palace", 2, "playing"), ("five_crowns", 3, "playing")]


def test_the_stats_command_on_a_locked_history_says_so_and_moves_nothing(home, capsys):
    from cardtable.cli import main

    path = make_history(home)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        assert main(["stats"]) == 1
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    err = capsys.readouterr().err
    assert "another program is using it" in err and len(err.strip().splitlines()) == 1
    assert set_aside(home) == [] and path.exists()


def test_writes_held_up_by_a_lighter_lock_wait_and_quitting_stays_quick(make_app, home,
                                                                        monkeypatch):
    """Another connection holds a RESERVED lock (reads work, writes wait): every game
    waits in the journal, quitting takes one short wait at most, and the next start
    writes them all."""
    monkeypatch.setattr(history_module, "RETRY_SECONDS", 10.0, raising=False)
    path = make_history(home)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    app = make_app()
    assert app.menu_message is None
    for game_id, seed in (("palace", 2), ("five_crowns", 3), ("monastery", 4)):
        play_and_leave(app, game_id, seed)
    app.new_game("palace", 1, "normal", 5)        # still on the table at quitting
    frames(app, 2)
    start = time.monotonic()
    app.shutdown()
    assert time.monotonic() - start < 4 * BUSY + 1.0
    kept = json.loads((data(home) / JOURNAL_FILE).read_text())
    assert len({w["key"] for w in kept["writes"] if w["kind"] == "add"}) == 4
    holder.execute("ROLLBACK")
    holder.close()
    again = make_app()                              # the next start writes them
    again.recorder.flush(2.0)
    assert [(g, s) for g, s, _ in rows(home)] == [
        ("palace", 2), ("five_crowns", 3), ("monastery", 4), ("palace", 5)]
    assert not (data(home) / JOURNAL_FILE).exists() and again.recorder.waiting() is None


def test_quitting_with_a_locked_history_never_waits_long(home, monkeypatch):
    """With the app's own lock wait, ten writes refused by a lock take one wait, not ten
    (they were 2 s each, and quitting took 19.8 s)."""
    monkeypatch.setattr(history_module, "RETRY_SECONDS", 10.0, raising=False)
    path = make_history(home)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    recorder = HistoryRecorder.open(path, busy_seconds=0.3)
    from cardtable.app.history_journal import Kind, Write

    for number in range(10):
        recorder._submit(lambda number=number: Write(Kind.UPDATE, f"k{number}", hints=1))
    start = time.monotonic()
    recorder.close()
    took = time.monotonic() - start
    holder.execute("ROLLBACK")
    assert took < 0.3 + 0.6
    assert "10 games are waiting" in (recorder.waiting() or "")


# --- a full disk, a read-only file -----------------------------------------------------

class FullDisk:
    """The history's connection on a full disk: every change is refused as SQLite
    refuses it (reads still work), until ``full`` is cleared."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.full = True

    def execute(self, sql: str, *args: object) -> sqlite3.Cursor:
        if self.full and sql.lstrip().upper().startswith(("INSERT", "UPDATE")):
            raise sqlite3.OperationalError("database or disk is full")
        return self.db.execute(sql, *args)

    def __enter__(self) -> sqlite3.Connection:
        return self.db.__enter__()

    def __exit__(self, *exc: object) -> object:
        return self.db.__exit__(*exc)

    def close(self) -> None:
        self.db.close()


def fill_the_disk(app) -> FullDisk:  # type: ignore[no-untyped-def]
    history = app.recorder.history
    disk = history._db = FullDisk(history._db)
    return disk


def test_a_full_disk_keeps_the_games_and_says_how_many_wait(make_app, home):
    from cardtable.app.scenes.statistics import StatisticsScene

    app = make_app()
    app.recorder.flush()
    disk = fill_the_disk(app)
    play_and_leave(app, "palace", 2)
    play_and_leave(app, "five_crowns", 3)
    app.recorder.flush(2.0)
    waiting = "2 games are waiting to be written to your history: the disk is full."
    assert waiting in menu_text(app)
    assert app.stack.top.notice()[1] is False          # a problem, not good news
    assert waiting in (StatisticsScene(app).note() or "")
    app.push(StatisticsScene(app))
    frames(app, 2)                                      # drawn, wrapped in its box
    app.stack.pop()
    frames(app, 1)
    assert rows(home) == []
    disk.full = False                                   # room again
    play_and_leave(app, "monastery", 4)
    app.recorder.flush(2.0)
    assert [g for g, _, _ in rows(home)] == ["palace", "five_crowns", "monastery"]
    assert "waiting" not in menu_text(app) and StatisticsScene(app).note() is None


def test_a_read_only_history_keeps_the_games_for_the_next_start(make_app, home,
                                                                monkeypatch):
    read_only = read_only_history(monkeypatch)
    app = make_app()
    app.recorder.flush()
    play_and_leave(app, "palace", 2)
    app.recorder.flush(2.0)
    assert "1 game is waiting to be written to your history: it may not be written " \
           "(it is read-only)." in menu_text(app)
    app.shutdown()
    assert rows(home) == []
    read_only.writable = True
    again = make_app()
    again.recorder.flush(2.0)
    assert rows(home) == [("palace", 2, "playing")]
    assert again.recorder.waiting() is None


def test_a_later_write_that_works_does_not_hide_a_game_still_waiting(make_app, home,
                                                                     monkeypatch):
    """A write that can never be stored (a number too large for SQLite): the history
    thread goes on, later games are written, and the game that could not be stays in
    the journal and on the menu (a success no longer clears the problem)."""
    from cardtable.app.history_db import History

    app = make_app()
    app.recorder.flush()
    real_add = History.add

    def add(self, row, number=0):  # type: ignore[no-untyped-def]
        if row.seed == 2:
            raise OverflowError("Python int too large to convert to SQLite INTEGER")
        real_add(self, row, number)

    monkeypatch.setattr(History, "add", add)
    play_and_leave(app, "palace", 2)
    play_and_leave(app, "five_crowns", 3)
    start = time.monotonic()
    app.recorder.flush(2.0)
    assert time.monotonic() - start < 1.0
    assert app.recorder._thread is not None and app.recorder._thread.is_alive()
    assert rows(home) == [("five_crowns", 3, "playing")]
    assert "1 game is waiting to be written to your history: a number in the game is " \
           "too large to be stored." in menu_text(app)
    kept = json.loads((data(home) / JOURNAL_FILE).read_text())
    assert [w["fields"]["seed"] for w in kept["writes"]] == [2]


def test_the_history_thread_survives_any_fault_in_a_write(make_app, home, monkeypatch):
    from cardtable.app.history_db import History

    app = make_app()
    real_update = History.update
    broken = [True]

    def update(self, key, *args, **changes):  # type: ignore[no-untyped-def]
        if broken[0]:
            raise RuntimeError("a fault nobody expected")
        real_update(self, key, *args, **changes)

    monkeypatch.setattr(History, "update", update)
    play_and_leave(app, "palace", 2)
    app.recorder.flush(2.0)
    assert app.recorder._thread is not None and app.recorder._thread.is_alive()
    broken[0] = False
    play_and_leave(app, "five_crowns", 3)
    app.recorder.flush(2.0)
    assert [g for g, _, _ in rows(home)] == ["palace", "five_crowns"]
    assert app.recorder.waiting() is None


def test_games_that_cannot_even_be_kept_in_the_journal_are_said_to_be_lost_on_closing(
        make_app, home):
    app = make_app()
    app.recorder.flush()
    (data(home) / JOURNAL_FILE).mkdir()
    fill_the_disk(app)
    play_and_leave(app, "palace", 2)
    app.recorder.flush(2.0)
    assert menu_text(app).endswith(
        "1 game is waiting to be written to your history: the disk is full. It could not "
        "be kept on disk either (a folder stands where the file should be), so it is lost "
        "if cardtable is closed now.")


# --- the journal read back -----------------------------------------------------------

def test_a_damaged_journal_is_set_aside_and_the_history_still_works(make_app, home):
    make_history(home)
    (data(home) / JOURNAL_FILE).write_text('{"format": 1, "writes": [{"kind": "add"')
    app = make_app()
    assert "could not all be read back" in (app.menu_message or "")
    assert len(set_aside(home)) == 1 and not (data(home) / JOURNAL_FILE).exists()
    play_and_leave(app, "palace", 2)
    app.recorder.flush(2.0)
    assert rows(home) == [("palace", 2, "playing")]


def test_journal_entries_that_do_not_fit_are_left_out_and_the_rest_written(make_app, home):
    journal, kept = one_game_waiting(home)
    good = [w for w in kept["writes"] if w["kind"] == "add"][0]
    kept["writes"] += [
        "not an entry",
        {**good, "key": "other", "fields": {**good["fields"], "key": "other",
                                              "seed": "seven"}},
        {**good, "key": "x", "fields": {**good["fields"], "key": "x", "status": "won"}},
        {"kind": "update", "key": "y", "fields": {"no_such_column": 1}},
        {"kind": "update", "key": "y", "fields": {}, "hints": True},
        {"kind": "add", "key": "z", "fields": {"key": "z"}},
    ]
    journal.write_text(json.dumps(kept))
    app = make_app()
    assert "6 of its entries could not be read" in (app.menu_message or "")
    assert len(set_aside(home)) == 1
    app.recorder.flush(2.0)
    assert rows(home) == [("palace", 7, "abandoned")]   # no save holds it: abandoned
    assert not journal.exists()


# --- files that are not ours ---------------------------------------------------------

def test_another_program_s_database_in_the_history_s_place_is_left_untouched(make_app,
                                                                            home):
    path = data(home) / "history.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
        db.execute("INSERT INTO notes (text) VALUES ('mine')")
    db.close()
    before = path.read_bytes()
    app = make_app()
    assert "another program's database" in (app.menu_message or "")
    play_and_leave(app, "palace", 2)
    app.recorder.flush()
    app.shutdown()
    assert path.read_bytes() == before and set_aside(home) == []
    assert not (data(home) / JOURNAL_FILE).exists()


def test_a_folder_in_the_history_s_place_is_named_as_such(make_app, home):
    from cardtable.app.scenes.statistics import StatisticsScene

    (data(home) / "history.sqlite3").mkdir()
    app = make_app()
    assert "a folder stands where its file should be" in (app.menu_message or "")
    assert "may not be written" not in (app.menu_message or "")
    assert "a folder stands where" in (StatisticsScene(app).note() or "")


def test_a_migration_refused_by_a_full_disk_does_not_move_the_history(home, monkeypatch):
    """An older history that cannot be brought up to date for a full disk is kept as it
    is (it was taken for damaged and moved aside)."""
    path = data(home) / "history.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(history_db.MIGRATIONS[0])
        db.execute("PRAGMA user_version = 1")
    db.close()

    def full(db, version):  # type: ignore[no-untyped-def]
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(history_db, "_migrate", full)
    history, note = open_history(path)
    assert history is None and note is not None and "the disk is full" in note
    assert set_aside(home) == [] and path.exists()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 1 < SCHEMA_VERSION
    db.close()


def test_a_game_waits_once_but_its_writes_never_jump_an_abandon():
    """Each game's writes join its one entry (the journal stays small), hints add up;
    a write after an ABANDON stays after it (the abandon must not reach it)."""
    from cardtable.app.history_journal import Changes, Kind, Write, games_in, merge
    from cardtable.app.history_rows import Deal

    pending: list[Write] = []
    pending = merge(pending, Write(Kind.UPDATE, "a", changes=Changes(place=1), hints=1))
    pending = merge(pending, Write(Kind.UPDATE, "b", changes=Changes(place=1)))
    pending = merge(pending, Write(Kind.UPDATE, "a", changes=Changes(place=2), hints=2))
    assert [(w.key, w.changes, w.hints) for w in pending] == [
        ("a", Changes(place=2), 3), ("b", Changes(place=1), 0)]
    pending = merge(pending, Write(Kind.ABANDON, keep=(Deal("palace", 2, 2),)))
    pending = merge(pending, Write(Kind.UPDATE, "a", changes=Changes(status="finished")))
    assert [w.kind for w in pending] == [Kind.UPDATE, Kind.UPDATE, Kind.ABANDON, Kind.UPDATE]
    assert games_in(pending) == 2


def test_a_continued_game_whose_row_still_waits_takes_that_entry():
    """A game saved while its row waited in the journal, then continued: its entry
    becomes the continued game's (one row, not two); unless a save-less start or a new
    game of its kind abandoned it meanwhile."""
    from cardtable.app.history_journal import Changes, Kind, Write, merge
    from cardtable.app.history_rows import Deal, GameRow

    def row(key: str, game_id: str = "palace", seed: int = 2) -> GameRow:
        return GameRow(key=key, game_id=game_id, deal_code=None, seats=2, seed=seed,
                       options={}, level="normal", human=0, started=1.0, ended=None,
                       status="playing", rounds=0, standings=[], scores=None, won=None,
                       place=None, record={})

    saved = [Write.add(row("a")), Write(Kind.UPDATE, "a", changes=Changes(
        place=1, standings=[[1, 2]]))]
    pending: list[Write] = []
    for write in saved:
        pending = merge(pending, write)
    pending = merge(pending, Write(Kind.ABANDON, keep=(Deal("palace", 2, 2),)))
    resumed = merge(pending, Write(Kind.RESUME, "b", row("b")))
    assert [(w.kind, w.key) for w in resumed] == [(Kind.ADD, "b"), (Kind.ABANDON, "")]
    assert resumed[0].row is not None and resumed[0].row.key == "b"
    assert resumed[0].row.place == 1
    later = Write(Kind.UPDATE, "b", changes=Changes(standings=[[5, 6]], standings_after=1))
    assert merge(resumed, later)[-1] == later          # never across the ABANDON
    [entry] = merge(merge(pending[:1], Write(Kind.RESUME, "b", row("b"))), later)
    assert entry.row is not None and entry.row.standings == [[1, 2], [5, 6]]
    assert entry.row.rounds == 2
    gone = merge(pending, Write(Kind.ABANDON))
    assert merge(gone, Write(Kind.RESUME, "b", row("b")))[-1].kind is Kind.RESUME
    replaced = merge(pending, Write.add(row("c", seed=3)))
    assert merge(replaced, Write(Kind.RESUME, "b", row("b")))[-1].kind is Kind.RESUME


def test_a_deal_number_too_large_for_sqlite_waits_and_the_thread_goes_on(home):
    """The real failure, not a stand-in: a row whose seed is 2**63 (SQLite's INTEGER
    cannot hold it) raises OverflowError; the game waits in the journal, the history
    thread lives, the next game is written and closing is quick."""
    from cardtable.app.history_db import GameRow
    from cardtable.app.history_journal import Write

    path = make_history(home)
    recorder = HistoryRecorder.open(path)
    huge = GameRow(key="huge", game_id="palace", deal_code=None, seats=2, seed=2**63,
                   options={}, level="normal", human=0, started=1.0, ended=None,
                   status="playing", rounds=0, standings=[], scores=None, won=None,
                   place=None, record={})
    fine = dataclasses.replace(huge, key="fine", seed=5, started=2.0)
    recorder._submit(lambda: Write.add(huge))
    recorder._submit(lambda: Write.add(fine))
    assert recorder.flush(1.0)
    assert recorder._thread is not None and recorder._thread.is_alive()
    assert rows(home) == [("palace", 5, "playing")]
    assert recorder.waiting() == ("1 game is waiting to be written to your history: a "
                                  "number in the game is too large to be stored.")
    start = time.monotonic()
    recorder.close()
    assert time.monotonic() - start < 0.5
    kept = json.loads((data(home) / JOURNAL_FILE).read_text())
    assert [w["fields"]["seed"] for w in kept["writes"]] == [2**63]


@pytest.mark.parametrize("version", [1, 2, SCHEMA_VERSION])
def test_another_program_s_database_with_a_schema_version_is_still_left_untouched(
        home, version):
    """Another program's database is recognised by its tables, not by its
    ``user_version`` alone (1–2 were retried for ever; 3 was opened as ours)."""
    path = data(home) / "history.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
        db.execute(f"PRAGMA user_version = {version}")
    db.close()
    before = path.read_bytes()
    opening = history_db.try_history(path, BUSY)
    assert opening.history is None and not opening.later
    assert opening.note is not None and "another program's database" in opening.note
    assert path.read_bytes() == before and set_aside(home) == []


def test_a_journal_that_cannot_be_written_for_any_fault_never_stops_the_history_thread(
        home, monkeypatch):
    """A fault of the journal at a flush or at closing (not only a disk's refusal) is
    said, and the thread goes on (it died, and every later game was lost)."""
    from cardtable.app.history_journal import Journal

    path = make_history(home)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        recorder = HistoryRecorder.open(path, busy_seconds=BUSY)

        def broken(self, pending):  # type: ignore[no-untyped-def]
            raise RuntimeError("a fault nobody expected")

        monkeypatch.setattr(Journal, "save", broken)
        from cardtable.app.session import Session, default_seats
        from cardtable.engine import Game

        game, _ = Game.new("palace", 2, 7)
        recorder.begin(Session(game, default_seats(1, "normal")))
        assert recorder.flush(2.0)
        assert recorder._thread is not None and recorder._thread.is_alive()
        assert "could not be kept on disk either" in (recorder.waiting() or "")
        assert recorder.flush(2.0)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    recorder.close()


# --- nothing of the recorder waits on the drawing thread --------------------------------

def saved_palace(make_app, home):  # type: ignore[no-untyped-def]
    """A Palace game left on the table (saved, its row ``playing``), the app closed."""
    make_history(home)
    app = make_app()
    play_and_leave(app, "palace", 2)
    app.shutdown()
    assert rows(home) == [("palace", 2, "playing")]


def test_continuing_a_saved_game_under_a_lock_never_waits_nor_splits_its_row(
        make_app, home, monkeypatch):
    """Which row a continued game is was looked up on the drawing thread: it waited for
    the lock (a frozen window), then gave up and started a second row, abandoning the
    first. It is worked out on the history thread, and waits in the journal."""
    monkeypatch.setattr(history_db, "BUSY_SECONDS", 0.5, raising=False)
    saved_palace(make_app, home)
    app = make_app()
    app.recorder.flush(2.0)
    holder = sqlite3.connect(data(home) / "history.sqlite3", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        start = time.perf_counter()
        assert app.resume("palace")
        took = time.perf_counter() - start
        frames(app, 2)
        app.to_menu()
        app.recorder.flush(3.0)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert took < 0.25, took
    play_and_leave(app, "five_crowns", 3)             # a later write, the lock gone
    app.recorder.flush(3.0)
    assert rows(home) == [("palace", 2, "playing"), ("five_crowns", 3, "playing")]


def test_start_up_under_a_lock_never_waits_nor_abandons_a_saved_game(make_app, home,
                                                                     monkeypatch):
    """``recover`` (which rows the saves hold) runs on the history thread: under a lock
    it waits in the journal, and the saved game's row is kept when it is written."""
    from cardtable.engine import Game

    monkeypatch.setattr(history_db, "BUSY_SECONDS", 0.5, raising=False)
    saved_palace(make_app, home)
    recorder = HistoryRecorder.open(data(home) / "history.sqlite3", busy_seconds=0.5)
    holder = sqlite3.connect(data(home) / "history.sqlite3", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        game, _ = Game.new("palace", 2, 2)
        start = time.perf_counter()
        recorder.recover([game])
        took = time.perf_counter() - start
        recorder.flush(3.0)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert took < 0.25, took
    recorder._submit(lambda: None)                   # a later try, the lock gone
    recorder.flush(3.0)
    recorder.close()
    assert rows(home) == [("palace", 2, "playing")]


# --- the journal replayed --------------------------------------------------------------

def test_a_stale_journal_never_rolls_a_finished_game_back(make_app, home):
    """The app was killed after the history took the journal's writes but before the
    journal was rewritten: replaying them at the next start must not make the finished
    game ``playing`` again with its old record (nor abandon it)."""
    path = make_history(home)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    app = make_app()
    app.new_game("palace", 1, "normal", 5, autoplay="normal")
    frames(app, 3)
    app.recorder.leave(app.session)
    app.recorder.flush(2.0)
    journal = data(home) / JOURNAL_FILE
    stale = journal.read_text()
    holder.execute("ROLLBACK")
    holder.close()
    to_game_over(app)
    moves = len(app.session.game.history)
    app.recorder.flush(2.0)
    app.shutdown()
    assert rows(home) == [("palace", 5, "finished")]
    journal.write_text(stale)                         # as a kill -9 would leave it
    again = make_app()
    again.recorder.flush(2.0)
    assert rows(home) == [("palace", 5, "finished")]
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT moves FROM games").fetchone()[0] == moves


def test_journal_entries_the_history_would_refuse_are_set_aside_not_kept_waiting(
        make_app, home):
    """The journal's entries go through the history's own row checks: a deal number out
    of the engine's bound, a time of 1e300, a share of the win of 7, a new game without its
    record are set aside with a count; none waits for ever ("1 game is waiting" at every
    start)."""
    journal, kept = one_game_waiting(home)
    good = [w for w in kept["writes"] if w["kind"] == "add"][0]

    def bad(key: str, **fields: object) -> dict[str, object]:
        row = {**good["fields"], **fields, "key": key}
        return {**good, "key": key, "fields": {k: v for k, v in row.items() if v != "-"}}

    kept["writes"] += [bad("a", seed=2**63), bad("b", seed=-5), bad("c", started=1e300),
                       bad("d", won=7), bad("e", record="-")]
    journal.write_text(json.dumps(kept))
    app = make_app()
    assert "5 of its entries could not be read" in (app.menu_message or "")
    app.recorder.flush(2.0)
    assert rows(home) == [("palace", 7, "abandoned")]
    assert app.recorder.waiting() is None and not journal.exists()


def test_a_journal_of_the_first_format_is_still_written(make_app, home):
    """Format 1 named the rows an abandon kept by key: such an abandon is left out (a
    saved game must not be abandoned by it), the games in it are written."""
    journal, kept = one_game_waiting(home)
    [add] = kept["writes"]
    journal.write_text(json.dumps({"format": 1, "writes": [
        {"kind": "abandon", "keep": [], "game_id": None}, add,
        {"kind": "update", "key": add["key"], "fields": {"rounds": 1, "standings": [[3, 4]]},
         "hints": 2}]}))
    app = make_app()
    assert app.menu_message is None
    app.recorder.flush(2.0)
    [row] = app.recorder.history.games()
    assert (row.seed, row.rounds, row.standings, row.hints) == (7, 1, [[3, 4]], 2)
    assert not journal.exists()


def test_a_row_whose_text_is_not_utf8_never_makes_start_up_abandon_a_saved_game(
        make_app, home):
    """One such cell (here in another Palace game's row) failed every read of the
    history's Palace games: which rows the saves hold was not known, and the saved
    game's row was abandoned at the next start."""
    saved_palace(make_app, home)
    with sqlite3.connect(data(home) / "history.sqlite3") as db:
        db.execute("INSERT INTO games (key, game_id, seats, seed, options, level, human, "
                   "started, status, record) VALUES ('bad', 'palace', 2, 9, '{}', "
                   "CAST(x'ff' AS TEXT), 0, 1.0, 'playing', '{}')")
    db.close()
    again = make_app()
    again.recorder.flush(2.0)
    assert rows(home) == [("palace", 9, "abandoned"), ("palace", 2, "playing")]
    assert again.resume("palace")
    again.recorder.flush(2.0)
    assert rows(home) == [("palace", 9, "abandoned"), ("palace", 2, "playing")]


# --- waiting games are written while the app is idle ------------------------------------

RETRY = 0.3
"""The tests' retry interval for writes that wait (the app's is longer)."""


def until_written(home, count: int, within: float):  # type: ignore[no-untyped-def]
    """The history's rows once it holds ``count`` games, waiting at most ``within``
    seconds and asking for no write meanwhile."""
    deadline = time.monotonic() + within
    while len(found := rows(home)) < count and time.monotonic() < deadline:
        time.sleep(0.02)
    return found


def counting_tries(monkeypatch) -> list[float]:  # type: ignore[no-untyped-def]
    """When the history thread tried to write what waits (from now on)."""
    tries: list[float] = []
    real = HistoryRecorder._drain

    def drain(self):  # type: ignore[no-untyped-def]
        tries.append(time.monotonic())
        return real(self)

    monkeypatch.setattr(HistoryRecorder, "_drain", drain)
    return tries


def test_games_waiting_for_a_full_disk_are_written_while_the_app_is_idle(make_app, home,
                                                                         monkeypatch):
    """Once the disk has room, the games that waited reach the history within the retry
    interval with no new write asked for (they waited until the next game), and the menu
    stops saying they wait, or that they would be lost on closing; then the history
    thread sleeps until it is asked for something (no wake-ups while nothing waits)."""
    from cardtable.app.scenes.statistics import StatisticsScene

    monkeypatch.setattr(history_module, "RETRY_SECONDS", RETRY, raising=False)
    app = make_app()
    app.recorder.flush()
    (data(home) / JOURNAL_FILE).mkdir()                 # not even the journal keeps them
    disk = fill_the_disk(app)
    play_and_leave(app, "palace", 2)
    play_and_leave(app, "five_crowns", 3)
    app.recorder.flush(2.0)
    assert "2 games are waiting" in menu_text(app) and "lost if" in menu_text(app)
    statistics = StatisticsScene(app)                   # left open while they are written
    app.push(statistics)
    frames(app, 1)
    assert "2 games are waiting" in (statistics.note() or "")
    (data(home) / JOURNAL_FILE).rmdir()
    disk.full = False                                   # room again, and the app idle
    freed = time.monotonic()
    found = until_written(home, 2, 3 * RETRY + 1.0)
    assert [g for g, _, _ in found] == ["palace", "five_crowns"]
    assert time.monotonic() - freed < 2 * RETRY + 0.5
    app.recorder.flush(2.0)
    assert app.recorder.waiting() is None
    frames(app, 1)
    assert "waiting" not in (statistics.note() or "")   # the open screen follows
    app.stack.pop()
    frames(app, 1)
    assert "waiting" not in menu_text(app) and "lost if" not in menu_text(app)
    assert not (data(home) / JOURNAL_FILE).exists()
    tries = counting_tries(monkeypatch)
    time.sleep(3 * RETRY)
    assert tries == []


@pytest.mark.parametrize("lock", ["EXCLUSIVE", "IMMEDIATE"])
def test_games_waiting_for_a_lock_are_written_while_idle_once_it_is_released(home, lock):
    """A lock at start (the history cannot even be opened) or a lighter one (writes
    wait): once it is released the game waiting is written within the retry interval,
    with no new write asked for."""
    from cardtable.app.session import Session, default_seats
    from cardtable.engine import Game

    path = make_history(home)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute(f"BEGIN {lock}")
    recorder = HistoryRecorder.open(path, busy_seconds=BUSY, retry_seconds=RETRY)
    try:
        game, _ = Game.new("palace", 2, 7)
        recorder.begin(Session(game, default_seats(1, "normal")))
        assert recorder.flush(2.0)
        assert "1 game is waiting" in (recorder.waiting() or "")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    try:
        assert until_written(home, 1, 3 * RETRY + 2 * BUSY + 1.0) == [
            ("palace", 7, "playing")]
        assert recorder.flush(2.0) and recorder.waiting() is None
    finally:
        recorder.close()


# --- a history that cannot be written, said at start ------------------------------------

def read_only_history(monkeypatch) -> ReadOnly:  # type: ignore[no-untyped-def]
    return ReadOnly(monkeypatch)


def test_a_history_that_cannot_be_written_is_said_on_the_menu_at_start(make_app, home,
                                                                      monkeypatch):
    """It was said only once a game ended; now at start, with the file left as it is,
    and no longer once the history takes writes again."""
    from cardtable.app.scenes.statistics import StatisticsScene

    monkeypatch.setattr(history_module, "RETRY_SECONDS", RETRY, raising=False)
    path = make_history(home)
    before = path.read_bytes()
    read_only = read_only_history(monkeypatch)
    app = make_app()
    app.recorder.flush(2.0)
    frames(app, 1)
    said = ("Your game history cannot take new games just now: it may not be written "
            "(it is read-only).")
    assert said in menu_text(app)
    assert said in (StatisticsScene(app).note() or "")
    assert path.read_bytes() == before and set_aside(home) == []
    read_only.writable = True   # writable again
    deadline = time.monotonic() + 3 * RETRY + 1.0
    while said in menu_text(app) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert said not in menu_text(app)


def test_a_writable_history_says_nothing_at_start(make_app, home):
    make_history(home)
    app = make_app()
    app.recorder.flush(2.0)
    assert menu_text(app) == ""


def test_closing_waits_for_the_last_write_to_reach_the_journal(home):
    """Closing under a lock waited half a second at most, while the last write waited
    longer for the lock: the app stopped before that write was kept in the journal."""
    from cardtable.app.session import Session, default_seats
    from cardtable.engine import Game

    path = make_history(home)
    recorder = HistoryRecorder.open(path, busy_seconds=0.7, retry_seconds=0.0)
    assert recorder.flush(2.0)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        game, _ = Game.new("palace", 2, 7)
        recorder.begin(Session(game, default_seats(1, "normal")))
        recorder.close()
        kept = json.loads((data(home) / JOURNAL_FILE).read_text())
        assert [w["kind"] for w in kept["writes"]] == ["add"]
    finally:
        holder.execute("ROLLBACK")
        holder.close()


# --- a game continued over several starts while the history refuses writes ------------

def play_round(game) -> None:  # type: ignore[no-untyped-def]
    """Let the easy AI play every seat to the end of the round (a few milliseconds)."""
    from cardtable.ai import make_bot
    from cardtable.ai.seats import ask

    bot, start = make_bot("easy"), game.state.round
    while game.state.round == start and not game.over:
        seat = game.awaiting()[0]
        game.apply(seat, ask(bot, game, seat, 1))


def test_a_game_continued_over_three_starts_under_a_read_only_history_keeps_every_round(
        home, monkeypatch):
    """Start 1 deals a game and plays a round; start 2 continues it, plays a round and
    takes 2 hints; start 3 continues it and stops before any write. Every write waited
    in the journal: start 2's round and hints were filed under its old key (only the
    waiting row took the new one), so they were lost and two games were said to wait."""
    from cardtable.app.session import Session, default_seats
    from cardtable.engine import Game

    path = make_history(home)
    read_only_history(monkeypatch)
    game, _ = Game.new("five_crowns", 2, 7)
    standings = []
    for start in (1, 2, 3):
        recorder = HistoryRecorder.open(path, busy_seconds=BUSY, retry_seconds=60.0)
        recorder.recover([] if start == 1 else [game])
        session = Session(game, default_seats(1, "normal"))
        recorder.begin(session, resumed=start > 1)
        if start < 3:
            play_round(game)
            standings.append(list(game.variant.standings(game.state)))
            recorder.changed(session)
        if start == 2:
            recorder.hinted()
            recorder.hinted()
        if start < 3:
            recorder.leave(session)
        assert recorder.flush(2.0)
        assert (recorder.waiting() or "").startswith("1 game is waiting"), start
        recorder.close()
    monkeypatch.undo()                                 # the history takes writes again
    recorder = HistoryRecorder.open(path, busy_seconds=BUSY)
    recorder.recover([game])
    assert recorder.flush(2.0) and recorder.waiting() is None
    [row] = recorder.history.games()
    recorder.close()
    assert (row.status, row.standings, row.rounds, row.hints, row.moves) == (
        "playing", standings, 2, 2, len(game.history))


def test_a_journal_that_cannot_be_removed_never_keeps_the_history_thread_awake(
        home, monkeypatch):
    """Once the history took every write but the journal could not be removed, the
    history thread woke 20 times a second for ever (nothing moved its last try): now
    it tries again once per retry interval."""
    from cardtable.app.history_journal import Journal
    from cardtable.app.session import Session, default_seats
    from cardtable.engine import Game

    path = make_history(home)
    saves: list[float] = []

    def refused(self, pending):  # type: ignore[no-untyped-def]
        saves.append(time.monotonic())
        return "it may not be removed (simulated)"

    monkeypatch.setattr(Journal, "save", refused)
    recorder = HistoryRecorder.open(path, busy_seconds=BUSY, retry_seconds=0.2)
    try:
        game, _ = Game.new("palace", 2, 7)
        recorder.begin(Session(game, default_seats(1, "normal")))
        assert recorder.flush(2.0)
        assert rows(home) == [("palace", 7, "playing")]
        saves.clear()
        time.sleep(0.5)
        assert len(saves) <= 3, len(saves)
    finally:
        recorder.close()


def test_a_stale_journal_never_abandons_a_game_saved_since(home, monkeypatch):
    """A journal the history took but that could not be removed is read again at the
    next start: its abandon (of the games no save held then) abandoned a game dealt and
    saved since, whose row was then split on Continue."""
    from cardtable.app.session import Session, default_seats
    from cardtable.engine import Game

    path = make_history(home)
    with monkeypatch.context() as patch:
        read_only_history(patch)
        recorder = HistoryRecorder.open(path, busy_seconds=BUSY)
        recorder.recover([])                          # waits in the journal
        recorder.close()
    journal = data(home) / JOURNAL_FILE
    stale = journal.read_text()
    recorder = HistoryRecorder.open(path, busy_seconds=BUSY)
    game, _ = Game.new("palace", 2, 7)
    session = Session(game, default_seats(1, "normal"))
    recorder.begin(session)
    recorder.leave(session)                           # saved, to be continued
    recorder.close()
    assert rows(home) == [("palace", 7, "playing")] and not journal.exists()
    journal.write_text(stale)                         # as if it could not be removed
    recorder = HistoryRecorder.open(path, busy_seconds=BUSY)
    recorder.recover([game])
    assert recorder.flush(2.0)
    recorder.close()
    assert rows(home) == [("palace", 7, "playing")]


def test_a_stale_journal_never_counts_hints_twice_nor_rolls_a_playing_game_back(
        home, monkeypatch):
    """Hints and a round that waited, taken by the history, then read again from a
    journal that could not be removed: the hints were added a second time, and the
    game still ``playing`` went back to its older record and standings."""
    from cardtable.app.session import Session, default_seats
    from cardtable.engine import Game

    path = make_history(home)
    game, _ = Game.new("five_crowns", 2, 7)
    session = Session(game, default_seats(1, "normal"))
    recorder = HistoryRecorder.open(path, busy_seconds=BUSY)
    recorder.begin(session)
    assert recorder.flush(2.0)
    with monkeypatch.context() as patch:
        read_only_history(patch)
        recorder.close()
        recorder = HistoryRecorder.open(path, busy_seconds=BUSY, retry_seconds=60.0)
        recorder.key = None
        recorder.begin(session, resumed=True)
        recorder.hinted()
        recorder.hinted()
        play_round(game)
        recorder.changed(session)
        recorder.close()
    journal = data(home) / JOURNAL_FILE
    stale = journal.read_text()
    recorder = HistoryRecorder.open(path, busy_seconds=BUSY)
    recorder.begin(session, resumed=True)
    play_round(game)
    recorder.changed(session)
    recorder.leave(session)
    recorder.close()
    assert not journal.exists()
    journal.write_text(stale)                         # as if it could not be removed
    recorder = HistoryRecorder.open(path, busy_seconds=BUSY)
    recorder.recover([game])
    assert recorder.flush(2.0)
    [row] = recorder.history.games()
    recorder.close()
    assert (row.status, row.rounds, row.hints, row.moves) == (
        "playing", 2, 2, len(game.history))


def test_journal_changes_that_do_not_fit_their_game_are_left_out_never_written(home):
    """A journal's update is checked against the row it changes, as rows are read: a
    place of 10**9, scores or standings for three seats in a two-seat game were written,
    and the game then read back as damaged (gone from Statistics and Games played)."""
    from cardtable.app.session import Session, default_seats
    from cardtable.engine import Game

    path = make_history(home)
    recorder = HistoryRecorder.open(path, busy_seconds=BUSY)
    recorder.begin(Session(Game.new("palace", 2, 7)[0], default_seats(1, "normal")))
    recorder.close()
    key = recorder.key
    (data(home) / JOURNAL_FILE).write_text(json.dumps({"format": 2, "writes": [
        {"kind": "update", "key": key, "fields": {"place": 10**9}},
        {"kind": "update", "key": key, "fields": {"scores": [1, 2, 3]}},
        {"kind": "update", "key": key, "fields": {"standings": [[1, 2, 3]]}},
        {"kind": "update", "key": key, "fields": {"place": 2}, "hints": 1}]}))
    recorder = HistoryRecorder.open(path, busy_seconds=BUSY)
    assert recorder.flush(2.0)
    reading = recorder.history.read()
    assert recorder.waiting() == ("3 changes to your games, damaged in the file where "
                                  "they waited, were left out.")
    recorder.close()
    assert not (data(home) / JOURNAL_FILE).exists()      # none waits for ever
    assert reading.skipped == 0 and [(r.place, r.scores, r.hints) for r in reading.rows] \
        == [(2, None, 1)]
