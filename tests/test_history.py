"""The history of games (SQLite): every game dealt gets a row, finished games their
result and record, games left or cut short by a crash are kept as abandoned; a damaged
or newer file is reported and kept, never lost; migrations bring old files up to date.
Statistics and the ``stats`` and ``history`` commands read it."""

from __future__ import annotations

import sqlite3
from dataclasses import replace

import pytest

from cardtable.app.history_db import (
    MIGRATIONS,
    SCHEMA_VERSION,
    GameRow,
    open_history,
)
from cardtable.app.stats import level_stats
from cardtable.cli import main
from cardtable.engine import Game
from ui import frames, to_game_over, until


def history_of(home):  # type: ignore[no-untyped-def]
    history, note = open_history(home / "data" / "history.sqlite3")
    assert history is not None, note
    return history


def play_to_the_end(app) -> None:  # type: ignore[no-untyped-def]
    """Let the Normal AI play the person's seat too, through every score sheet."""
    app.new_game("palace", 1, "normal", 5, autoplay="normal")
    to_game_over(app)


def test_a_finished_game_is_recorded_with_its_result_and_a_record_that_replays(make_app,
                                                                                 home):
    app = make_app()
    play_to_the_end(app)
    game = app.session.game
    app.recorder.flush()
    history = history_of(home)
    rows = history.games("palace")
    assert [row.status for row in rows] == ["finished"]
    row = rows[0]
    outcome = game.outcome()
    assert row.scores == list(outcome.scores) and row.place == outcome.places[0]
    assert row.won == (1.0 if 0 in outcome.winners else 0.0)
    assert row.level == "normal" and row.seats == 2 and row.seed == 5
    assert row.deal_code == app.session.deal_code and row.rounds == 1
    record = history.record(row.key)
    assert isinstance(record, dict) and Game.from_record(record).state == game.state
    assert row.record is None and row.moves == len(game.history)  # lists never read it


def test_rounds_are_written_as_they_end(make_app, home):
    app = make_app()
    app.new_game("five_crowns", 1, "normal", 8, autoplay="normal")
    until(app, lambda: type(app.stack.top).__name__ == "SummaryScene", limit=60000)
    app.recorder.flush()
    row = history_of(home).games("five_crowns")[0]
    assert row.status == "playing" and row.rounds == 1
    assert row.standings == [list(app.session.game.state.totals)]
    assert row.moves == len(app.session.game.history)


def test_a_game_cut_short_by_a_crash_is_kept_as_abandoned(make_app, home):
    """The app stops without shutting down (a crash) and its autosave is gone: at the
    next start the game is in the history, abandoned, with its moves so far."""
    app = make_app()
    app.new_game("five_crowns", 1, "normal", 8, autoplay="normal")
    until(app, lambda: type(app.stack.top).__name__ == "SummaryScene", limit=60000)
    app.recorder.flush()
    moves = len(app.session.game.history)
    app.autosaver.flush()
    app.save_path.unlink()                     # nothing to continue
    make_app().recorder.flush()                # the next start
    row = history_of(home).games("five_crowns")[0]
    assert row.status == "abandoned"
    assert row.moves is not None and row.moves >= moves - 1


def test_a_saved_game_stays_playing_until_a_new_game_of_its_kind_replaces_it(make_app,
                                                                               home):
    app = make_app()
    app.new_game("five_crowns", 1, "normal", 8)
    frames(app, 5)
    app.to_menu()
    again = make_app()
    again.recorder.flush()
    assert [r.status for r in history_of(home).games()] == ["playing"]
    assert again.resume()
    again.recorder.flush()
    assert [r.status for r in history_of(home).games()] == ["playing"]
    again.new_game("palace", 1, "normal", 2)      # its own save slot: Five Crowns stays
    again.recorder.flush()
    statuses = {r.game_id: r.status for r in history_of(home).games()}
    assert statuses == {"five_crowns": "playing", "palace": "playing"}
    again.new_game("five_crowns", 1, "normal", 9)  # replaces the Five Crowns game
    again.recorder.flush()
    assert [(r.game_id, r.seed, r.status) for r in history_of(home).games()] == [
        ("five_crowns", 8, "abandoned"), ("palace", 2, "playing"), ("five_crowns", 9, "playing")]


def test_a_damaged_history_is_reported_kept_aside_and_a_new_one_started(make_app, home):
    data = home / "data"
    data.mkdir(parents=True)
    (data / "history.sqlite3").write_bytes(b"this is not a database at all" * 40)
    app = make_app()
    assert "history was damaged" in (app.menu_message or "")
    kept = list(data.glob("history.unreadable-*.sqlite3"))
    assert len(kept) == 1 and kept[0].read_bytes().startswith(b"this is not")
    app.new_game("palace", 1, "normal", 2)
    app.recorder.flush()
    assert len(history_of(home).games()) == 1


def test_a_history_from_a_newer_version_is_left_alone(make_app, home):
    data = home / "data"
    data.mkdir(parents=True)
    path = data / "history.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE games (key TEXT)")
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    before = path.read_bytes()
    app = make_app()
    assert "newer version" in (app.menu_message or "")
    app.new_game("palace", 1, "normal", 2)
    frames(app, 3)
    app.recorder.flush()
    assert path.read_bytes() == before


def test_an_old_history_is_migrated_keeping_its_games(tmp_path):
    path = tmp_path / "history.sqlite3"
    db = sqlite3.connect(path)
    db.executescript(MIGRATIONS[0])
    db.execute("PRAGMA user_version = 1")
    db.execute("INSERT INTO games (key, game_id, seats, seed, options, level, human, "
               "started, status, record) VALUES ('k', 'palace', 2, 3, '{}', 'easy', 0, 1.0, "
               "'finished', '{}')")
    db.commit()
    db.close()
    history, note = open_history(path)
    assert note is None and history is not None
    rows = history.games()
    assert [(r.key, r.level, r.hints) for r in rows] == [("k", "easy", 0)]
    with sqlite3.connect(path) as check:
        assert check.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def row(number: int, won: float, score: int, level: str = "normal",
        status: str = "finished") -> GameRow:
    return GameRow(key=str(number), game_id="five_crowns", deal_code=None, seats=2,
                   seed=number, options={}, level=level, human=0, started=float(number),
                   ended=number + 60.0, status=status, rounds=11,
                   standings=[], scores=[score, 100], won=won, place=1 if won else 2,
                   record={})


def test_statistics_count_wins_streaks_and_the_best_score_the_game_s_way():
    rows = [row(1, 1, 40), row(2, 1, 55), row(3, 0, 120), row(4, 1, 30), row(5, 0.5, 80),
            row(6, 1, 90), row(7, 0, 0, status="abandoned"), row(8, 1, 10, level="hard")]
    lines = level_stats(rows, {"five_crowns": True})
    normal = next(line for line in lines if line.level == "normal")
    assert (normal.played, normal.wins, normal.abandoned) == (6, 4.5, 1)
    assert normal.best_score == 30                 # low scores win in Five Crowns
    assert (normal.streak, normal.best_streak) == (3, 3)
    assert normal.win_rate == pytest.approx(0.75)
    high = level_stats(rows, {"five_crowns": False})
    assert next(line for line in high if line.level == "normal").best_score == 120


def test_the_stats_and_history_commands_print_the_games_played(make_app, home, capsys):
    app = make_app()
    play_to_the_end(app)
    app.recorder.flush()
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "Palace with straights" in out and "normal" in out
    assert main(["history", "--last", "5"]) == 0
    out = capsys.readouterr().out
    assert app.session.deal_code in out
    assert main(["stats", "--game", "chess"]) == 2
    assert "unknown game" in capsys.readouterr().err


def test_the_statistics_scene_shows_the_games_played_per_level(make_app, home):
    from cardtable.app.scenes.statistics import StatisticsScene
    from ui import button, click

    app = make_app()
    play_to_the_end(app)
    app.recorder.flush()
    app.to_menu()
    frames(app, 2)
    click(app, button(app, "Statistics"))
    scene = app.stack.top
    assert isinstance(scene, StatisticsScene)
    assert scene.wait()
    frames(app, 1)
    assert scene.game_id == "palace"
    [line] = scene.lines()
    assert (line.level, line.played) == ("normal", 1)
    frames(app, 2)                              # it draws (table and chart)
    click(app, button(app, "Five Crowns"))
    assert scene.game_id == "five_crowns" and scene.lines() == []
    frames(app, 2)
    click(app, button(app, "Back"))
    assert type(app.stack.top).__name__ == "MenuScene"


def test_statistics_without_a_history_say_why(make_app, home):
    from cardtable.app.scenes.statistics import StatisticsScene

    data = home / "data"
    data.mkdir(parents=True)
    path = data / "history.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    app = make_app()
    scene = StatisticsScene(app)
    assert scene.ready and scene.problem is not None and "newer version" in scene.problem
    app.push(scene)
    frames(app, 2)


def test_a_replay_steps_through_every_position_and_round_of_a_record():
    from cardtable.ai import make_bot
    from cardtable.engine.options import FiveCrownsOptions
    from cardtable.engine.replay import Replay
    from cardtable.simulate import play_one

    game, moves = play_one("five_crowns", 3, 12, [make_bot("normal")] * 3,
                           options=FiveCrownsOptions(rounds=3))
    replay = Replay.from_record(game.record())
    assert len(replay) == moves + 1
    assert replay.positions[-1].state == game.state
    assert replay.positions[0].seat is None
    starts = replay.round_starts()
    assert len(starts) == 3 and starts[0] == 0
    assert [replay.positions[s].round for s in starts] == [1, 2, 3]
    assert replay.next_round(0) == starts[1]
    assert replay.previous_round(starts[1] + 5) == starts[1]
    assert replay.previous_round(starts[1]) == 0


def test_a_record_that_does_not_replay_is_refused_with_a_reason():
    from cardtable.engine import CodecError, EngineError
    from cardtable.engine.replay import Replay

    game, _ = Game.new("palace", 2, 3)
    record = game.record()
    record["actions"] = [[0, {"type": "Discard", "card": "nonsense"}]]
    with pytest.raises((CodecError, EngineError)):
        Replay.from_record(record)
    with pytest.raises((CodecError, EngineError)):
        Replay.from_record({"game": "chess"})


def test_a_finished_game_can_be_watched_again_move_by_move_and_round_by_round(make_app,
                                                                              home):
    import pygame

    from cardtable.app.scenes.replay import GamesScene, ReplayScene
    from cardtable.app.scenes.statistics import StatisticsScene
    from ui import button, click, key

    app = make_app()
    from cardtable.engine.options import FiveCrownsOptions

    app.new_game("five_crowns", 2, "normal", 31, autoplay="normal",
                 options=FiveCrownsOptions(rounds=2))
    to_game_over(app)
    app.recorder.flush()
    app.to_menu()
    frames(app, 2)
    app.push(StatisticsScene(app))
    frames(app, 2)
    click(app, button(app, "Games played"))
    assert isinstance(app.stack.top, GamesScene)
    games = app.stack.top
    assert games.wait()
    games.watch(games.rows[0])
    assert games.wait()
    frames(app, 1)
    assert not games.error
    scene = app.stack.top
    assert isinstance(scene, ReplayScene)
    frames(app, 2)
    key(app, pygame.K_RIGHT)
    assert scene.index == 1
    key(app, pygame.K_PAGEDOWN)
    second_round = scene.index
    assert scene.replay.positions[second_round].round == 2
    key(app, pygame.K_e)  # E: every hand (H is a hint everywhere, never a view)
    assert scene.all_hands
    key(app, pygame.K_END)
    assert scene.replay.positions[scene.index].state == scene.replay.game.state
    key(app, pygame.K_PAGEUP)
    assert scene.index == second_round
    frames(app, 2)


def test_games_played_pages_through_the_history_newest_first(make_app, home):
    """A page at a time (a history of thousands opens at once), the newest first."""
    from cardtable.app.scenes.replay import GamesScene

    LISTED = 10  # noqa: N806  what a 1280x800 window holds
    history, _ = open_history(home / "data" / "history.sqlite3")
    assert history is not None
    game, _ = Game.new("palace", 2, 3)
    for number in range(2 * LISTED + 5):
        history.add(replace(row(number, 1, 10), game_id="palace", record=game.record()))
    history.close()
    app = make_app()
    scene = GamesScene(app, app.recorder.history)
    app.push(scene)
    frames(app, 1)
    assert scene.listed == LISTED
    seen = []
    while True:
        assert scene.wait()
        seen += [int(r.key) for r in scene.rows]
        if not scene.more:
            break
        scene.older()
        frames(app, 1)
    assert seen == list(range(2 * LISTED + 4, -1, -1))
    assert scene.page == 2 and len(scene.rows) == 5
    scene.newer()
    assert scene.wait()
    assert [int(r.key) for r in scene.rows] == list(range(LISTED + 4, 4, -1))


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080), (800, 600)])
def test_games_played_keeps_its_page_and_buttons_inside_the_window(make_app, home, size):
    """A page of games, the pager and Back all fit the window (12 games ran Back off a
    1280x800 window); a page of a lower window shows fewer games, and a resize keeps the
    page's first game in view."""
    from cardtable.app.scenes.replay import GamesScene

    history, _ = open_history(home / "data" / "history.sqlite3")
    assert history is not None
    game, _ = Game.new("palace", 2, 3)
    for number in range(40):
        history.add(replace(row(number, 1, 10), game_id="palace", record=game.record()))
    history.close()
    app = make_app(size=size)
    scene = GamesScene(app, app.recorder.history)
    app.push(scene)
    frames(app, 1)
    assert scene.wait()
    frames(app, 1)
    w, h = size
    labels = [getattr(widget, "label", "") for widget in scene.ring.widgets]
    assert "Back" in labels and any(label.startswith("Older") for label in labels)
    for widget in scene.ring.widgets:
        assert widget.rect.top >= 0 and widget.rect.bottom <= h, (widget.label, widget.rect)
    assert 3 <= len(scene.rows) == scene.listed <= 12


def test_a_continued_game_keeps_the_standings_of_its_earlier_rounds(make_app, home):
    """Its row is found on the history thread (not read on the drawing thread): the
    rounds played before it was saved stay in its standings, the later ones follow."""
    from cardtable.ai import make_bot

    def next_summary(app) -> None:  # type: ignore[no-untyped-def]
        until(app, lambda: type(app.stack.top).__name__ == "SummaryScene", limit=60000)

    app = make_app()
    app.new_game("five_crowns", 1, "normal", 8, autoplay="normal")
    next_summary(app)
    first = list(app.session.game.state.totals)
    app.stack.top.next()
    frames(app, 2)
    app.to_menu()
    app.shutdown()
    again = make_app()
    assert again.resume("five_crowns")
    again.session.bots[again.session.human] = make_bot("normal")
    next_summary(again)
    second = list(again.session.game.state.totals)
    again.recorder.flush()
    [row] = history_of(home).games("five_crowns")
    assert row.status == "playing" and row.rounds == 2
    assert row.standings == [first, second]
