"""Frame times of the table scene, idle and while an AI seat thinks; cold start to menu.

    python3 bench/frames.py [--frames N] [--x11]

The table is Five Crowns at 1280×800 with 7 seats in round 11 (13 cards each). Frames
run paced at 60 per second as in the app (``Clock.tick(60)``); the figures are the work
time of each frame (input, update, draw, flip) and the frames actually delivered per
second. "While an AI thinks" runs a CPU-bound bot on the worker thread for the whole
measurement. Uses SDL's dummy video driver unless --x11 (then the real window on
$DISPLAY, e.g. Xvfb). Prints figures; asserts nothing.

Targets: p99 ≤ 17.5 ms idle, ≤ 20 ms while an AI thinks; start to menu ≤ 1 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class BusyBot:
    """Thinks hard until told to stop: repeated cold arrangement searches, pure Python."""

    name = "busy"

    def __init__(self) -> None:
        self.stop = threading.Event()
        self.searches = 0

    def supports(self, game_id: str) -> bool:
        return True

    def choose(self, observation, rng, deadline, should_stop):  # type: ignore[no-untyped-def]
        from cardtable.engine import five_crowns as fc

        deck = list(fc.five_crowns_deck())
        while not self.stop.is_set() and not should_stop():
            hand = rng.sample(deck, 14)
            fc.best_arrangement(hand, fc.meld_rules(11), fc.points_function(11), discard=True)
            self.searches += 1
        return observation.legal[0] if observation.legal else None


def measure(app, count: int) -> tuple[list[float], float]:  # type: ignore[no-untyped-def]
    import pygame

    clock = pygame.time.Clock()
    app.frame_times.clear()
    work: list[float] = []
    started = time.perf_counter()
    for _ in range(count):
        dt = clock.tick(60) / 1000.0
        begin = time.perf_counter()
        app.frame(dt)
        work.append(time.perf_counter() - begin)
    return work, count / (time.perf_counter() - started)


def table_app(x11: bool):  # type: ignore[no-untyped-def]
    if not x11:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp()
    from cardtable.app.app import App
    from cardtable.app.session import default_seats
    from cardtable.engine import Game

    app = App(size=(1280, 800))
    game, _ = Game.new("five_crowns", 7, 12)
    game.state = game.variant._deal(game.state, 11, 6, [])  # round 11, seat 0 to move
    app.start_session(game, default_seats(6, "normal"))
    for _ in range(30):
        app.frame(1 / 60)
    return app


def cold_start() -> float:
    """Seconds from launching Python to the first menu frame on screen."""
    code = ("import time,sys; t=float(sys.argv[1]); from cardtable.app.app import App; "
            "app=App(); app.frame(); print(time.time()-t); app.shutdown()")
    env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
               CARDTABLE_HOME=tempfile.mkdtemp())
    out = subprocess.run([sys.executable, "-c", code, str(time.time())], capture_output=True,
                         text=True, env=env, cwd=ROOT, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def report(label: str, work: list[float], fps: float) -> None:
    print(f"{label:<22} p50 {statistics.median(work) * 1e3:6.2f} ms   "
          f"p99 {percentile(work, 0.99) * 1e3:6.2f} ms   max {max(work) * 1e3:6.2f} ms   "
          f"{fps:5.1f} frames/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--x11", action="store_true", help="draw to the real $DISPLAY")
    args = parser.parse_args()
    starts = [cold_start() for _ in range(3)]
    print(f"cold start to menu: median {statistics.median(starts):.2f} s "
          f"(runs: {', '.join(f'{s:.2f}' for s in starts)})")
    app = table_app(args.x11)
    assert app.session is not None and app.session.human_to_move
    work, fps = measure(app, args.frames)
    report("table, idle", work, fps)
    # Hand the move to an AI seat that thinks for the whole measurement.
    bot = BusyBot()
    session = app.session
    session.bots = {seat: bot for seat in session.bots}
    from cardtable.engine import Discard, Draw, Pile

    session.play(Draw(Pile.STOCK))
    session.play(Discard(session.game.state.hands[0][0]))
    for _ in range(10):
        app.frame(1 / 60)
    work, fps = measure(app, args.frames)
    bot.stop.set()
    report("table, AI thinking", work, fps)
    seconds = args.frames / fps
    alone = BusyBot()
    timer = threading.Timer(seconds, alone.stop.set)
    timer.start()
    import random

    alone.choose(session.view(), random.Random(1), 0.0, lambda: False)
    print(f"the AI ran {bot.searches / seconds:.0f} arrangement searches/s beside the window, "
          f"{alone.searches / seconds:.0f}/s alone "
          f"({100 * bot.searches / max(1, alone.searches):.0f} % of its speed)")
    app.shutdown()


if __name__ == "__main__":
    main()
