"""Reviews kept in the history (issue 39): read back whole, the file brought up to the
schema with them, damaged ones said and never shown half-read, a locked history said
(never a false "kept"), and the trend per game from the summaries."""

from __future__ import annotations

import sqlite3

import pytest
from review_helpers import same, sample_review, short_game

from cardtable.app import history_db
from cardtable.app.history_db import MIGRATIONS, SCHEMA_VERSION, open_history
from cardtable.app.history_reviews import (
    DAMAGED_REVIEW,
    Kept,
    keep_review,
    kept_review,
    review_trend,
)
from history_helpers import HistoryLock


@pytest.fixture(scope="module")
def review():
    return sample_review(short_game())


def test_a_kept_review_is_read_back_whole(tmp_path, review):
    history, _ = open_history(tmp_path / "history.sqlite3")
    assert history is not None
    assert kept_review(history, "game-1") is None
    keep_review(history, "game-1", review)
    found = kept_review(history, "game-1")
    assert isinstance(found, Kept) and same(found.review, review) and found.budget == 16
    history.close()


def test_a_history_of_the_last_version_gains_the_reviews_table_and_keeps_its_games(
        tmp_path, review):
    path = tmp_path / "history.sqlite3"
    db = sqlite3.connect(path)
    for step in MIGRATIONS[:4]:
        db.executescript(step)
    db.execute("PRAGMA user_version = 4")
    db.execute("INSERT INTO games (key, game_id, seats, seed, options, level, human, "
               "started, status, record) VALUES ('old', 'palace', 2, 1, '{}', 'normal', 0, "
               "1.0, 'abandoned', '{}')")
    db.commit()
    db.close()
    history, note = open_history(path)
    assert history is not None and note is None
    assert history.count() == 1
    keep_review(history, "old", review)
    assert isinstance(kept_review(history, "old"), Kept)
    history.close()
    with sqlite3.connect(path) as check:
        assert check.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 5


@pytest.mark.parametrize("damage", ["not json {", '{"format": "cardtable-review-1"}',
                                    '{"format": "another"}', "[]", "null"])
def test_a_damaged_review_is_said_and_a_fresh_one_offered(tmp_path, review, damage):
    history, _ = open_history(tmp_path / "history.sqlite3")
    assert history is not None
    keep_review(history, "game-1", review)
    with history._transaction() as db:
        db.execute("UPDATE reviews SET review = ?", (damage,))
    assert kept_review(history, "game-1") == DAMAGED_REVIEW
    history.close()


def test_another_games_review_under_a_key_is_damaged(tmp_path, review):
    history, _ = open_history(tmp_path / "history.sqlite3")
    assert history is not None
    keep_review(history, "game-1", review)
    with history._transaction() as db:
        db.execute("UPDATE reviews SET game_id = 'palace'")
    assert kept_review(history, "game-1") == DAMAGED_REVIEW
    history.close()


def test_keeping_a_review_in_a_locked_history_raises_and_keeps_nothing(tmp_path, review):
    path = tmp_path / "history.sqlite3"
    history, _ = open_history(path, busy_seconds=0.05)
    assert history is not None
    with HistoryLock(path), pytest.raises(sqlite3.OperationalError) as raised:
        keep_review(history, "game-1", review)
    assert history_db.problem_of(raised.value).startswith("another program")
    assert kept_review(history, "game-1") is None
    keep_review(history, "game-1", review)   # the lock gone, it is kept
    assert isinstance(kept_review(history, "game-1"), Kept)
    history.close()


def test_the_trend_is_each_reviewed_games_cost_oldest_first_for_that_game_only(
        tmp_path, review, monkeypatch):
    history, _ = open_history(tmp_path / "history.sqlite3")
    assert history is not None
    clock = iter(range(100, 200))
    monkeypatch.setattr("cardtable.app.history_reviews.time.time", lambda: next(clock))
    for number in range(12):
        keep_review(history, f"game-{number}", review)
    with history._transaction() as db:
        db.execute("UPDATE reviews SET cost = 99 WHERE key = 'game-11'")
        db.execute("UPDATE reviews SET chance = 'x' WHERE key = 'game-10'")
        db.execute("UPDATE reviews SET game_id = 'palace' WHERE key = 'game-9'")
    trend = review_trend(history, "five_crowns", last=5)
    assert [point.made for point in trend] == [106, 107, 108, 111]
    assert trend[-1].cost == 99 and trend[0].cost == pytest.approx(review.total_terms)
    assert trend[0].mistakes == 3 and trend[0].decisions == review.decisions
    assert review_trend(history, "monastery") == []
    history.close()
