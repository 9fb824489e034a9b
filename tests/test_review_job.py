"""The review runs off the drawing loop (issue 39): in a worker process it gives the
same review as in the test's own process, cancel stops the worker at once and leaves no
process, a record that does not replay is a sentence (never a crash), and where no
process can start a thread reviews instead."""

from __future__ import annotations

import multiprocessing
import time

import pytest
from review_helpers import short_game

from cardtable.ai.review import review_record
from cardtable.review_job import Done, Failed, Progress, ReviewJob, ReviewJobs

BUDGET = 16


@pytest.fixture(scope="module")
def record():
    return short_game("palace").record()


def test_a_review_in_a_worker_process_is_the_review_of_the_game(record):
    job = ReviewJob(record, 0, BUDGET)
    assert job.in_process
    state = job.wait(60)
    assert isinstance(state, Done), state
    assert state.review.to_json() == review_record(record, 0, BUDGET).to_json()
    assert not job.worker_alive


def test_cancel_stops_the_worker_process_at_once_and_leaves_none(record):
    job = ReviewJob(record, 0, 100_000)   # far longer than the test
    end = time.monotonic() + 30
    while not (isinstance(job.poll(), Progress) and job.state.total) \
            and time.monotonic() < end:
        time.sleep(0.01)
    assert isinstance(job.state, Progress) and job.state.total, job.state
    started = time.monotonic()
    job.cancel()
    assert time.monotonic() - started < 1.5
    assert not job.worker_alive
    assert isinstance(job.poll(), Failed)
    assert all(child.name != "cardtable-review" for child in multiprocessing.active_children())


def test_closing_the_window_stops_every_review_under_way(record):
    jobs = ReviewJobs()
    started = [jobs.start(record, 0, 100_000), jobs.start(record, 1, 100_000)]
    jobs.stop_all()
    assert not any(job.worker_alive for job in started)


@pytest.mark.parametrize("process", [True, False])
def test_a_record_that_does_not_replay_is_said_in_a_sentence(record, process):
    damaged = dict(record, actions=[{"type": "Discard", "card": "ZZ.9"}])
    state = ReviewJob(damaged, 0, BUDGET, process=process).wait(60)
    assert isinstance(state, Failed), state
    assert state.sentence.startswith("This game cannot be reviewed")
    assert "Traceback" not in state.sentence


def test_a_seat_the_game_does_not_have_is_said_in_a_sentence(record):
    state = ReviewJob(record, 5, BUDGET, process=False).wait(30)
    assert isinstance(state, Failed) and "cannot be reviewed" in state.sentence


def test_where_no_process_can_start_a_thread_reviews(record, monkeypatch):
    def refuse(method: str) -> None:
        raise OSError("no processes here")

    monkeypatch.setattr(multiprocessing, "get_context", refuse)
    job = ReviewJob(record, 0, BUDGET)
    assert not job.in_process
    state = job.wait(60)
    assert isinstance(state, Done) and state.review.decisions


def test_a_cancelled_thread_stops_at_the_reviews_next_check(record):
    job = ReviewJob(record, 0, 4000, process=False)
    end = time.monotonic() + 30
    while isinstance(job.poll(), Progress) and not job.state.total \
            and time.monotonic() < end:
        time.sleep(0.01)
    job.cancel()
    assert job.poll() == Failed("Cancelled.")
    deadline = time.monotonic() + 10
    while job.worker_alive and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not job.worker_alive


def test_the_worker_process_imports_no_pygame():
    import subprocess
    import sys

    code = "import sys, cardtable.review_job; assert 'pygame' not in sys.modules"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_the_bundles_entry_point_lets_a_worker_process_start_before_the_window():
    """A frozen bundle starts a worker as the executable again: ``freeze_support`` must
    run before ``main`` opens a window."""
    from pathlib import Path

    text = (Path(__file__).parent.parent / "packaging" / "launch.py").read_text()
    assert 0 < text.index("multiprocessing.freeze_support()") < text.index("sys.exit(main())")
