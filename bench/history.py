"""Statistics at any size of history: what opening Statistics costs the drawing thread,
the memory it takes, ``cardtable stats`` and start-up, with 1,000 and 10,000 games.

    python3 bench/history.py [--sizes 1000,10000] [--repeats 3]

Histories are built through the project's own API (``History.add`` when a game is dealt,
``History.update`` with its record and result when it ends, as the recorder does), from
real records: one game of each of the five games played to its end by Easy bots, each
history cycling through them with new keys, start times, seeds of the row, scores and
results. For each size, beside an empty history:

- drawing-thread CPU to open Statistics (``time.thread_time`` on the drawing thread of a
  headless App): the scene built and drawn once, plus the frame that takes the figures
  from the reading thread and draws them; and the wall time until the figures show;
- extra memory: the peak of ``tracemalloc`` while the scene opens, reads and draws
  (a separate pass: tracemalloc slows Python down);
- ``cardtable stats``: CPU of the child process (user + system,
  ``resource.getrusage(RUSAGE_CHILDREN)``), the least of ``--repeats`` runs;
- start-up: CPU of a child process (all threads) to build the App and let the recorder's
  start-up work (``recover``) finish, the least of ``--repeats`` runs, beside an empty
  history;
- Games played: drawing-thread CPU to open the list (its first page) and draw it.

Prints figures and the goal beside each; asserts nothing.
Goals: open Statistics ≤ 30 ms of drawing-thread CPU at 10,000 games; extra memory
≤ 30 MiB; ``cardtable stats`` ≤ 0.5 s CPU; start-up ≤ +50 ms CPU over an empty history.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from cardtable.engine import Game, to_json  # noqa: E402

GAMES = (("five_crowns", 4), ("shanghai_may_i", 4), ("shanghai_buy", 3), ("monastery", 4),
         ("palace", 3))
STARTUP = """
import sys, time
sys.path.insert(0, {root!r})
from cardtable.app.app import App
begin = time.process_time()
app = App(size=(1280, 800), animations=False)
app.recorder.flush()
print(time.process_time() - begin)
app.shutdown()
"""


def records() -> list[Game]:
    """One finished game of each of the five games (Easy bots, seeded)."""
    from cardtable.ai import make_bot
    from cardtable.simulate import play_one

    return [play_one(game_id, seats, 7, [make_bot("easy")] * seats)[0]
            for game_id, seats in GAMES]


def build(home: Path, count: int, games: list[Game]) -> None:
    """A history of ``count`` finished games in ``home``, through History.add/update."""
    from cardtable.app.history_db import GameRow, open_history
    from cardtable.app.history_rows import Changes

    data = home / "data"
    data.mkdir(parents=True, exist_ok=True)
    history, note = open_history(data / "history.sqlite3")
    assert history is not None, note
    # Each add and update is a transaction of its own, as in the app; only the wait for
    # the disk after each is left out (20,000 of them would take minutes).
    history._db.execute("PRAGMA synchronous = OFF")
    rng = random.Random(count)
    started = 1_700_000_000.0
    for number in range(count):
        game = games[number % len(games)]
        outcome = game.outcome()
        assert outcome is not None
        started += rng.uniform(300, 3000)
        key = f"{number:08d}{rng.getrandbits(64):016x}"
        history.add(GameRow(
            key=key, game_id=game.game_id, deal_code=None, seats=game.seats,
            seed=game.seed, options=to_json(game.variant.options),
            level=rng.choice(("easy", "normal", "hard")), human=0, started=started,
            ended=None, status="playing", rounds=0, standings=[], scores=None, won=None,
            place=None, record=game.setup_record() | {"actions": []}))
        scores = [score + rng.randrange(-20, 21) for score in outcome.scores]
        rounds = int(getattr(game.state, "round", 1))
        standings = [[score * (r + 1) // rounds for score in scores] for r in range(rounds)]
        won = rng.random() < 0.4
        if rng.random() < 0.05:
            history.update(key, Changes(record=game.record(), status="abandoned",
                                        ended=started + 600,
                                        standings=standings[:rounds // 2]))
        else:
            history.update(key, Changes(record=game.record(), status="finished",
                                        ended=started + rng.uniform(300, 2400),
                                        standings=standings, scores=scores,
                                        won=1.0 if won else 0.0, place=1 if won else 2))
    history.close()


def open_statistics(home: Path, memory: bool = False) -> tuple[float, float, float]:
    """Drawing-thread CPU (s) to open Statistics and draw it with its figures, the wall
    time (s) until they show, and the tracemalloc peak (bytes; 0 unless ``memory``)."""
    os.environ["CARDTABLE_HOME"] = str(home)
    from cardtable.app.app import App
    from cardtable.app.scenes.statistics import StatisticsScene

    app = App(size=(1280, 800), animations=False)
    app.frame(1 / 60)
    if memory:
        tracemalloc.start()
    wall, cpu = time.perf_counter(), time.thread_time()
    scene = StatisticsScene(app)
    app.push(scene)
    app.frame(1 / 60)                       # built and drawn once ("Reading…")
    cpu = time.thread_time() - cpu
    scene.wait(120)
    again = time.thread_time()
    app.frame(1 / 60)                       # the figures taken and drawn
    cpu += time.thread_time() - again
    wall = time.perf_counter() - wall
    peak = 0
    if memory:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert scene.tally is not None and scene.problem is None, scene.problem
    app.shutdown()
    return cpu, wall, peak


def open_games_played(home: Path) -> float:
    """Drawing-thread CPU (s) to open the Games played list and draw it ("Reading…",
    then the page its reading thread read)."""
    os.environ["CARDTABLE_HOME"] = str(home)
    from cardtable.app.app import App
    from cardtable.app.scenes.replay import GamesScene

    app = App(size=(1280, 800), animations=False)
    app.frame(1 / 60)
    cpu = time.thread_time()
    scene = GamesScene(app, app.recorder.history)
    app.push(scene)
    app.frame(1 / 60)
    cpu = time.thread_time() - cpu
    again = time.thread_time()
    scene.wait(60)                          # asleep (no CPU), then takes the page
    app.frame(1 / 60)
    cpu += time.thread_time() - again
    assert scene.rows or not scene.count, scene.note()
    app.shutdown()
    return cpu


def child_cpu(command: list[str], home: Path) -> float:
    """CPU (user + system, s) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, env={**os.environ, "CARDTABLE_HOME": str(home),
                                 "PYTHONPATH": str(ROOT)},
                   check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def startup_cpu(home: Path) -> float:
    """Process CPU (s, all threads) to build the App and finish the recorder's start-up."""
    out = subprocess.run([sys.executable, "-c", STARTUP.format(root=str(ROOT))],
                         env={**os.environ, "CARDTABLE_HOME": str(home)}, check=True,
                         capture_output=True, text=True, cwd=ROOT).stdout
    return float(out.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    sizes = [0, *(int(size) for size in args.sizes.split(","))]
    games = records()
    print("records: " + ", ".join(f"{g.game_id} {len(g.history)} moves" for g in games))
    homes: dict[int, Path] = {}
    with tempfile.TemporaryDirectory() as folder:
        for size in sizes:
            homes[size] = Path(folder) / f"home{size}"
            begin = time.perf_counter()
            build(homes[size], size, games)
            file = homes[size] / "data" / "history.sqlite3"
            print(f"built {size:>6} games in {time.perf_counter() - begin:.1f} s "
                  f"({file.stat().st_size / 2**20:.1f} MiB)")
        figures: dict[int, dict[str, float]] = {}
        for size in sizes:
            opened = [open_statistics(homes[size]) for _ in range(args.repeats)]
            _, _, peak = open_statistics(homes[size], memory=True)
            stats = min(child_cpu([sys.executable, "-m", "cardtable", "stats"], homes[size])
                        for _ in range(args.repeats))
            start = min(startup_cpu(homes[size]) for _ in range(args.repeats))
            listed = min(open_games_played(homes[size]) for _ in range(args.repeats))
            figures[size] = {"open": min(o[0] for o in opened),
                             "shown": min(o[1] for o in opened), "memory": peak / 2**20,
                             "stats": stats, "start": start, "list": listed}
    goals = {"open": ("open Statistics, drawing-thread CPU", "ms", 1000, "≤ 30 ms"),
             "shown": ("  figures shown after (wall)", "ms", 1000, ""),
             "memory": ("extra memory (tracemalloc peak)", "MiB", 1, "≤ 30 MiB"),
             "stats": ("cardtable stats, CPU", "s", 1, "≤ 0.5 s"),
             "start": ("start-up CPU (App + recover)", "ms", 1000, "≤ empty + 50 ms"),
             "list": ("open Games played, drawing-thread CPU", "ms", 1000, "")}
    print()
    print(f"{'':40}" + "".join(f"{f'{size:,} games':>14}" for size in sizes) + "  goal")
    for name, (label, unit, scale, goal) in goals.items():
        cells = "".join(f"{figures[size][name] * scale:>10.{3 if unit == 's' else 1}f} "
                        f"{unit:<3}" for size in sizes)
        print(f"{label:<40}{cells}  {goal}")
    extra = (figures[sizes[-1]]["start"] - figures[0]["start"]) * 1000
    print(f"\nstart-up with {sizes[-1]:,} games: {extra:+.1f} ms CPU over an empty history "
          "(goal ≤ +50 ms)")


if __name__ == "__main__":
    main()
