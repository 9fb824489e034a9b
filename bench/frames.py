"""Frame times and idle CPU of the window: the menu, the table idle, the table while an
AI seat thinks, and a whole round of AI play; cold start to menu.

    python3 bench/frames.py [--frames N] [--x11] [--level hard]

Tables, all at 1280×800: Five Crowns with 7 seats in round 11 (13 cards each),
Shanghai with May I with 6 and with 8 seats (the crowded rummy table), and Palace with
6 seats. Frames run paced at 60 per second as in the app
(``Clock.tick(60)``). For each case it prints the work time of the frames (input,
update and, when something changed, draw and flip) as p50/p99/max, how many of them
drew, the frames delivered per second, and the CPU the whole process used (all threads,
``time.process_time``) as a share of one core over the wall time. "While an AI thinks"
runs a CPU-bound bot on the worker thread for the whole measurement. "A whole round"
lets bots (``--level``, normal by default) play every seat (the person's too) with
animations at normal speed and AI moves at the "fast" pace, and reports the slowest
frame. Uses SDL's dummy video
driver unless --x11 (then the real window on $DISPLAY, e.g. Xvfb). Prints figures;
asserts nothing.

Targets: p99 ≤ 17.5 ms idle, ≤ 20 ms while an AI thinks, no frame over 50 ms in a
whole round; idle CPU ≤ 5 % of a core on the menu and at an idle table; start to menu
≤ 1 s.
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

from common import percentile

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardtable.app.pacing import FramePacer  # noqa: E402


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


class TickPacer:
    """The app's pacing before ``FramePacer``: ``Clock.tick(60)``, to compare."""

    def __init__(self) -> None:
        import pygame

        self.clock = pygame.time.Clock()

    def tick(self) -> float:
        return float(self.clock.tick(60)) / 1000.0


def measure(app, count: int, pacer=None):  # type: ignore[no-untyped-def]
    """Paced frames: work time of each, frames per second, CPU share of one core, and
    how many frames drew."""
    pacer = pacer or FramePacer(60)
    work: list[float] = []
    draws = app.draws
    started, cpu = time.perf_counter(), time.process_time()
    for _ in range(count):
        dt = pacer.tick()
        begin = time.perf_counter()
        app.frame(dt)
        work.append(time.perf_counter() - begin)
    wall = time.perf_counter() - started
    return work, count / wall, (time.process_time() - cpu) / wall, app.draws - draws


def new_app(x11: bool):  # type: ignore[no-untyped-def]
    if not x11:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp()
    from cardtable.app.app import App

    return App(size=(1280, 800))


def table_app(app, game_id: str, seats: int):  # type: ignore[no-untyped-def]
    """The app at a table where the person is to move: Five Crowns in round 11, or the
    first turn of Shanghai."""
    from cardtable.app.session import default_seats
    from cardtable.engine import Game

    game, _ = Game.new(game_id, seats, 12)
    if game_id == "five_crowns":
        game.state = game.variant._deal(game.state, 11, seats - 1, [])  # seat 0 to move
    app.start_session(game, default_seats(seats - 1, "normal"))
    app.session.call_seconds = 0.0  # a call chance waits for the person: the table idles
    for _ in range(600):
        app.frame(1 / 60)
        if app.session.human_to_move and not app.table.animator.busy:
            break
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


def report(label: str, figures: tuple[list[float], float, float, int]) -> None:
    work, fps, cpu, draws = figures
    print(f"{label:<34} p50 {statistics.median(work) * 1e3:6.2f} ms   "
          f"p99 {percentile(work, 0.99) * 1e3:6.2f} ms   max {max(work) * 1e3:6.2f} ms   "
          f"{fps:5.1f} frames/s   drew {draws:4d}/{len(work)}   CPU {100 * cpu:5.1f} % of a core")


def thinking(app, frames: int, label: str,  # type: ignore[no-untyped-def]
             pacer=None) -> float:
    """Hand the move to AI seats that think for the whole measurement."""
    bot = BusyBot()
    session = app.session
    session.bots = {seat: bot for seat in session.bots}
    session.think_limit = 3600.0  # it is meant to think this long: never abandon it
    from cardtable.engine import Call, Discard, Draw, Pile

    for _ in range(50):  # pass any call, draw, discard: the turn passes on
        if not session.human_to_move:
            break
        legal = session.game.legal_actions(session.human)
        discards = [a for a in legal if isinstance(a, Discard)]
        if session.game.game_id == "palace":
            session.play(legal[0])  # any play: the turn passes on
        elif Call("pass") in legal:
            session.play(Call("pass"))
        elif Draw(Pile.STOCK) in legal:
            session.play(Draw(Pile.STOCK))
        else:
            session.play(discards[0])
            break
    for _ in range(10):
        app.frame(1 / 60)
    figures = measure(app, frames, pacer)
    bot.stop.set()
    report(label, figures)
    return bot.searches / (frames / figures[1])


def whole_round(app, game_id: str, seats: int,  # type: ignore[no-untyped-def]
                level: str = "normal") -> None:
    from cardtable.app.session import default_seats
    from cardtable.app.settings import Settings
    from cardtable.engine import Game

    app.settings = Settings(ai_speed="fast")
    game, events = Game.new(game_id, seats, 5)
    app.start_session(game, default_seats(seats - 1, level), start_events=events,
                      autoplay=level)

    pacer = FramePacer(60)
    work: list[float] = []
    started, cpu, draws = time.perf_counter(), time.process_time(), app.draws
    while len(work) < 60 * 600:
        dt = pacer.tick()
        begin = time.perf_counter()
        app.frame(dt)
        work.append(time.perf_counter() - begin)
        if app.stack.top is not app.table:  # the score sheet is up: the round is over
            break
    wall = time.perf_counter() - started
    report(f"{game_id} {seats} seats, {level}, a round", (work, len(work) / wall,
                                                        (time.process_time() - cpu) / wall,
                                                        app.draws - draws))
    print(f"  ({len(game.history)} moves in {wall:.1f} s; frames over 50 ms: "
          f"{sum(w > 0.05 for w in work)}, over 20 ms: {sum(w > 0.02 for w in work)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--x11", action="store_true", help="draw to the real $DISPLAY")
    parser.add_argument("--level", default="normal",
                        help="AI level of the whole-round cases (normal; hard shows the "
                        "window while the Hard search runs on the worker thread)")
    args = parser.parse_args()
    starts = [cold_start() for _ in range(3)]
    print(f"cold start to menu: median {statistics.median(starts):.2f} s "
          f"(runs: {', '.join(f'{s:.2f}' for s in starts)})")
    app = new_app(args.x11)
    app.frame(1 / 60)
    app.set_startup_heap_aside()  # as App.run does after its first frame
    for _ in range(9):
        app.frame(1 / 60)
    report("menu, idle", measure(app, args.frames))
    for game_id, seats in (("five_crowns", 7), ("shanghai_may_i", 6),
                           ("shanghai_may_i", 8), ("palace", 6)):
        table_app(app, game_id, seats)
        assert app.session is not None and app.session.human_to_move
        report(f"{game_id} {seats} seats, idle", measure(app, args.frames))
        rate = thinking(app, args.frames, f"{game_id} {seats} seats, AI thinking")
        # The same with the pacing the app had before, side by side.
        app.to_menu()
        table_app(app, game_id, seats)
        thinking(app, args.frames, "  the same, paced by Clock.tick", TickPacer())
        if game_id == "five_crowns":
            seconds = 3.0
            alone = BusyBot()
            timer = threading.Timer(seconds, alone.stop.set)
            timer.start()
            import random

            alone.choose(app.session.view(), random.Random(1), 0.0, lambda: False)
            print(f"  the AI ran {rate:.0f} arrangement searches/s beside the window, "
                  f"{alone.searches / seconds:.0f}/s alone "
                  f"({100 * rate / max(1, alone.searches / seconds):.0f} % of its speed)")
        app.to_menu()
    for game_id, seats in (("five_crowns", 4), ("shanghai_may_i", 6),
                           ("shanghai_may_i", 8), ("palace", 6)):
        whole_round(app, game_id, seats, args.level)
        app.to_menu()
    app.shutdown()


if __name__ == "__main__":
    main()
