"""Frame times of the window while a post-game review runs (issue 39): the review screen
of a whole game, its review in a worker process (as the app runs it), then the same in
a thread (the fallback), each for a number of paced frames at 60 per second.

    python3 bench/review_frames.py [--frames N] [--game five_crowns] [--seats 3] [--x11]

Prints, for each, the frames' work time (p50/p99/max), the frames delivered per second,
how many drew and how far the review got. Target: 60 frames a second, p99 ≤ 17.5 ms,
with the review in a process. Asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from frames import measure, new_app, report

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def played(game_id: str, seats: int):  # type: ignore[no-untyped-def]
    """A whole game of Normal bots at every seat."""
    from cardtable.ai import make_bot
    from cardtable.ai.seats import play_turns
    from cardtable.engine import Game

    game, _ = Game.new(game_id, seats, 7)
    play_turns(game, {seat: make_bot("normal") for seat in range(seats)}, 100_000, 11)
    return game


def _while_running(app, scene, count: int) -> str:  # type: ignore[no-untyped-def]
    """Paced frames until the review ends (or ``count``): their work time and rate."""
    import time

    from common import percentile

    from cardtable.app.pacing import FramePacer

    pacer, work = FramePacer(60), []
    started = time.perf_counter()
    while scene.job is not None and len(work) < count:
        dt = pacer.tick()
        begin = time.perf_counter()
        app.frame(dt)
        work.append(time.perf_counter() - begin)
    wall = time.perf_counter() - started
    if not work:
        return "no frames"
    return (f"{len(work)} frames, p99 {1000 * percentile(work, 0.99):.2f} ms, max "
            f"{1000 * max(work):.2f} ms, {len(work) / wall:.1f} frames/s")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--game", default="five_crowns")
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--x11", action="store_true")
    args = parser.parse_args()
    app = new_app(args.x11)
    from cardtable.app.scenes.review import ReviewScene
    from cardtable.app.scenes.summary import reviewed_session
    from cardtable.app.session import default_seats
    from cardtable.review_job import ReviewJob

    game = played(args.game, args.seats)
    app.start_session(game, default_seats(args.seats - 1, "normal"))
    for process in (True, False):
        scene = ReviewScene(app, reviewed_session(app.session, None))
        if not process:   # the fallback: the same review in a thread
            scene.cancel_job()
            scene.job = ReviewJob(scene.game.record, 0, None, list(scene.game.levels),
                                  process=False)
        app.push(scene)
        app.frame(1 / 60)
        running = _while_running(app, scene, args.frames)
        figures = measure(app, args.frames)
        state = scene.job.state if scene.job is not None else scene.review
        report(f"review of {args.game} ({args.seats} seats) in a "
               f"{'process' if process else 'thread'}", figures)
        print(f"    the review then: {state if scene.review is None else 'done'}; while it "
              f"ran: {running}")
        scene.back()
        app.frame(1 / 60)
    app.shutdown()


if __name__ == "__main__":
    main()
