"""A damaged history never stops the app or prints a traceback: a row that does not
fit (any column holding any type, text that is not JSON, numbers out of every range, a
game or seats that do not exist) is left out of Statistics, Games played and the
``stats`` and ``history`` commands with a count; a record that does not replay (or is
another game's) says why it cannot be watched; a history that cannot be read at all is
one line and exit 1. Every damaged file here is opened in the real app (Statistics,
every page of Games played, every game listed watched) and by both commands."""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable.app.history_db import MIGRATIONS, GameRow, History, open_history
from cardtable.app.history_rows import Changes
from cardtable.cli import main
from cardtable.engine import Game, to_json
from ui import frames

SIZE = (1024, 700)
GOOD = 3
"""Good games in every damaged file."""


def played(game_id: str, seats: int, seed: int, moves: int = 25) -> Game:
    """A short game of seeded random legal moves: a real record."""
    game, _ = Game.new(game_id, seats, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.over:
            break
        seat = game.awaiting()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


def add_game(history: History, key: str, game: Game, started: float) -> None:
    """Record a game as the app does: a row when dealt, its result at the end."""
    history.add(GameRow(key=key, game_id=game.game_id, deal_code=None, seats=game.seats,
                        seed=game.seed, options=to_json(game.variant.options),
                        level="normal", human=0, started=started, ended=None,
                        status="playing", rounds=0, standings=[], scores=None, won=None,
                        place=None, record=game.setup_record() | {"actions": []}))
    scores = [10 * (seat + 1) for seat in range(game.seats)]
    history.update(key, Changes(record=game.record(), status="finished",
                                ended=started + 300, standings=[scores], scores=scores,
                                won=1.0, place=1))


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A history of good games whose table has lost its constraints (a damaged file
    may hold anything in any column)."""
    path = tmp_path_factory.mktemp("template") / "history.sqlite3"
    history, note = open_history(path)
    assert history is not None, note
    add_game(history, "palace", played("palace", 2, 1), 1_700_000_000.0)
    add_game(history, "crowns", played("five_crowns", 3, 2), 1_700_000_100.0)
    add_game(history, "monastery", played("monastery", 2, 3), 1_700_000_200.0)
    history.close()
    with sqlite3.connect(path) as db:
        db.executescript("CREATE TABLE loose AS SELECT * FROM games; DROP TABLE games; "
                         "ALTER TABLE loose RENAME TO games;")
    return path


COLUMNS = ("key", "game_id", "deal_code", "seats", "seed", "options", "level", "human",
           "started", "ended", "status", "rounds", "standings", "scores", "won", "place",
           "hints", "moves")
DAMAGE: tuple[object, ...] = (
    None, "", "x", "12abc", 1e300, -1e300, -1, 2**62, 99, b"\x00\xff", "{", "[]", "{}",
    "[[1,2],[3]]", '"s"', "[" * 3000 + "]" * 3000, "1e400", "NaN", "CAST(x'ff' AS TEXT)")
"""What a damaged cell may hold: every SQLite type, text that is not JSON or is JSON of
every shape, numbers beyond every range, text that is not UTF-8 (the last: SQL)."""
NOT_UTF8 = "CAST(x'ff' AS TEXT)"
"""SQL for a text cell holding bytes that are not UTF-8 (SQLite stores them as given)."""


def damaged_file(template: Path, folder: Path, column: str) -> Path:
    """The good games, and one copy of the Palace game per damage of ``column``."""
    path = folder / f"{column}.sqlite3"
    shutil.copy(template, path)
    with sqlite3.connect(path) as db:
        for number, value in enumerate(DAMAGE):
            db.execute("INSERT INTO games SELECT * FROM games WHERE key = 'palace'")
            cell = NOT_UTF8 if value == NOT_UTF8 else "?"
            args = [] if value == NOT_UTF8 else [value]
            db.execute(f"UPDATE games SET key = {'?' if column != 'key' else cell}, "
                       f"{column} = {cell} WHERE rowid = (SELECT max(rowid) FROM games)",
                       [f"damaged-{number}", *args] if column != "key" else args + args)
    return path


def record_damages() -> Iterator[tuple[str, object]]:
    game = played("palace", 2, 1)
    record = game.record()
    yield "a list", json.dumps([record])
    yield "another game's", json.dumps(played("five_crowns", 2, 9).record())
    yield "another deal's", json.dumps(played("palace", 2, 5).record())
    yield "not JSON", "{"
    yield "nested too deep", "[" * 3000 + "]" * 3000
    yield "a number", 7
    yield "bytes", b"\x00"
    yield "nothing", None
    yield "moves that are not moves", json.dumps(record | {"actions": [[0, {"t": 1}]]})
    yield "a move by no seat", json.dumps(
        record | {"actions": [[7, a] for _, a in record["actions"]]})
    yield "moves as an object", json.dumps(record | {"actions": {"a": 1}})
    yield "no options", json.dumps({k: v for k, v in record.items() if k != "options"})
    packed = zlib.compress(json.dumps(record).encode())
    yield "compressed, cut short", packed[:-20]
    yield "compressed, not a compression", b"x\x9c" + packed[10:]
    yield "compressed, not JSON", zlib.compress(b"{")
    yield "compressed, not text", zlib.compress(b"\xff\xfe")
    yield "compressed, inflating beyond any record", zlib.compress(b" " * (65 * 2**20), 1)


def record_file(template: Path, folder: Path) -> Path:
    path = folder / "records.sqlite3"
    shutil.copy(template, path)
    with sqlite3.connect(path) as db:
        for number, (_, value) in enumerate(record_damages()):
            db.execute("INSERT INTO games SELECT * FROM games WHERE key = 'palace'")
            db.execute("UPDATE games SET key = ?, record = ? WHERE rowid = "
                       "(SELECT max(rowid) FROM games)", (f"record-{number}", value))
    return path


def open_everything(make_app, home: Path, path: Path, capsys) -> dict[str, object]:  # type: ignore[no-untyped-def]
    """Open ``path`` as the history in the app and in both commands; what each showed."""
    from cardtable.app.scenes.replay import GamesScene, ReplayScene
    from cardtable.app.scenes.statistics import StatisticsScene

    data = home / "data"
    data.mkdir(exist_ok=True)
    for old in data.glob("history*"):
        old.unlink()
    shutil.copy(path, data / "history.sqlite3")
    capsys.readouterr()
    seen: dict[str, object] = {}
    for command in (["stats"], ["history", "--last", "1000"]):
        seen[command[0]] = main(command)
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err
        assert len(err.strip().splitlines()) <= 1, err
        seen[f"{command[0]} out"] = out
    shutil.copy(path, data / "history.sqlite3")
    app = make_app(size=SIZE)
    statistics = StatisticsScene(app)
    app.push(statistics)
    assert statistics.wait()
    frames(app, 2)
    for info in statistics.games:
        statistics.pick(info.id)
        frames(app, 1)
    seen["skipped"] = statistics.skipped
    seen["problem"] = statistics.problem
    statistics.games_played()
    frames(app, 1)
    games = app.stack.top
    assert isinstance(games, GamesScene)
    watched = errors = 0
    while True:
        assert games.wait()
        for row in games.rows:
            games.watch(row)
            assert games.wait()
            frames(app, 1)
            if isinstance(app.stack.top, ReplayScene):
                replay = app.stack.top
                replay.all_hands = True
                replay.go(len(replay.replay) - 1)
                frames(app, 1)
                replay.back()
                frames(app, 1)
                watched += 1
            else:
                assert games.error.startswith("That game cannot be shown: ")
                errors += 1
        if not games.more:
            break
        games.older()
        frames(app, 1)
    seen["watched"], seen["errors"] = watched, errors
    app.shutdown()
    return seen


def count_line(skipped: int) -> str:
    return f"{skipped} game{'s' if skipped > 1 else ''} could not be read"


@pytest.mark.parametrize("column", COLUMNS)
def test_a_damaged_cell_of_any_column_leaves_its_game_out_with_a_count(
        make_app, home, template, tmp_path, capsys, column):  # type: ignore[no-untyped-def]
    seen = open_everything(make_app, home, damaged_file(template, tmp_path, column), capsys)
    assert seen["stats"] == 0 and seen["history"] == 0 and seen["problem"] is None
    skipped = seen["skipped"]
    assert isinstance(skipped, int) and skipped > 0
    for command in ("stats", "history"):
        assert count_line(skipped) in str(seen[f"{command} out"])
    watched, errors = seen["watched"], seen["errors"]
    assert isinstance(watched, int) and isinstance(errors, int)
    assert watched + errors == GOOD + len(DAMAGE) - skipped
    assert errors == 0 or column == "seed"       # a record of another deal: said so


@pytest.mark.parametrize(("column", "value"), [
    ("game_id", "chess"), ("started", 1e300), ("started", "yesterday"), ("seats", 9),
    ("human", 2), ("scores", "[1,2,3]"), ("standings", "[[1]]"), ("options", "{"),
    ("won", "all"), ("place", 0), ("status", "won"), ("rounds", "eleven"), ("hints", -3),
    ("seed", -5), ("seed", 2**40), ("level", NOT_UTF8), ("deal_code", NOT_UTF8),
    ("options", NOT_UTF8)])
def test_the_damages_found_are_each_left_out(make_app, home, template, tmp_path, capsys,
                                             column, value):  # type: ignore[no-untyped-def]
    path = tmp_path / "one.sqlite3"
    shutil.copy(template, path)
    with sqlite3.connect(path) as db:
        if value == NOT_UTF8:
            db.execute(f"UPDATE games SET {column} = {NOT_UTF8} WHERE key = 'palace'")
        else:
            db.execute(f"UPDATE games SET {column} = ? WHERE key = 'palace'", (value,))
    seen = open_everything(make_app, home, path, capsys)
    assert seen["skipped"] == 1 and seen["watched"] == GOOD - 1
    assert "1 game could not be read" in str(seen["stats out"])


def test_a_record_that_does_not_replay_or_is_another_game_s_cannot_be_watched_and_says_why(
        make_app, home, template, tmp_path, capsys):  # type: ignore[no-untyped-def]
    seen = open_everything(make_app, home, record_file(template, tmp_path), capsys)
    assert seen["skipped"] == 0 and seen["stats"] == 0
    assert (seen["watched"], seen["errors"]) == (GOOD, len(list(record_damages())))


def whole_file_damages(template: Path, folder: Path) -> Iterator[tuple[str, Path]]:
    def made(name: str, script: str, version: int) -> Path:
        path = folder / f"{name}.sqlite3"
        with sqlite3.connect(path) as db:
            db.executescript(script)
            db.execute(f"PRAGMA user_version = {version}")
        return path

    yield "no games table", made("empty", "CREATE TABLE other (a)", len(MIGRATIONS))
    yield "columns missing", made("columns", "CREATE TABLE games (key TEXT, game_id TEXT)",
                                  len(MIGRATIONS))
    yield "a view", made("view", "CREATE VIEW games AS SELECT 1 AS key", len(MIGRATIONS))
    truncated = folder / "truncated.sqlite3"
    truncated.write_bytes(template.read_bytes()[:3000])
    yield "truncated", truncated
    garbage = folder / "garbage.sqlite3"
    garbage.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 20)
    yield "garbage after the header", garbage
    zero = folder / "zero.sqlite3"
    zero.write_bytes(b"")
    yield "empty file", zero


def test_a_history_that_cannot_be_read_at_all_is_one_line_and_never_a_crash(
        make_app, home, template, tmp_path, capsys):  # type: ignore[no-untyped-def]
    for name, path in whole_file_damages(template, tmp_path):
        seen = open_everything(make_app, home, path, capsys)
        assert seen["stats"] in (0, 1) and seen["history"] in (0, 1), name
        assert seen["watched"] == 0, name


def test_an_old_history_gets_its_count_of_moves(tmp_path):
    """Version 2 → 3: the moves of each game are counted from its record, once."""
    path = tmp_path / "history.sqlite3"
    db = sqlite3.connect(path)
    for step in MIGRATIONS[:2]:
        db.executescript(step)
    db.execute("PRAGMA user_version = 2")
    game = played("palace", 2, 4)
    for key, record in (("good", json.dumps(game.record())), ("list", "[1, 2]"),
                        ("broken", "{")):
        db.execute("INSERT INTO games (key, game_id, seats, seed, options, level, human, "
                   "started, status, record) VALUES (?, 'palace', 2, 4, '{}', 'easy', 0, "
                   "1.0, 'finished', ?)", (key, record))
    db.commit()
    db.close()
    history, note = open_history(path)
    assert history is not None and note is None
    moves = {row.key: row.moves for row in history.games()}
    assert moves == {"good": len(game.history), "list": None, "broken": None}
    assert history.record("good") == game.record()
    assert isinstance(history.record("broken"), str)
    history.close()


def test_start_up_and_a_page_of_games_played_do_not_read_every_game(tmp_path):
    """No timing here (bench/history.py times them): the queries that run at every
    start and when Games played opens go through an index, never a scan of the whole
    table with its records."""
    history, _ = open_history(tmp_path / "history.sqlite3")
    assert history is not None
    history.close()
    with sqlite3.connect(tmp_path / "history.sqlite3") as db:
        for sql in ("UPDATE games SET status = 'abandoned' WHERE status = 'playing'",
                    "SELECT key FROM games ORDER BY started DESC, rowid DESC LIMIT 12"):
            plan = " ".join(str(step[-1]) for step in db.execute(f"EXPLAIN QUERY PLAN {sql}"))
            assert "INDEX" in plan and "TEMP B-TREE" not in plan, (sql, plan)
