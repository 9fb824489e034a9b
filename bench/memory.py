"""Memory of one window that plays each of the five games once, as a person would.

    python3 bench/memory.py [--size 1920x1200] [--opponents 3] [--level normal]
                            [--games five_crowns,...] [--animate]

Drives the real App headless (SDL's dummy driver, a home folder of its own): for each
game it deals a fixed deal, lets the AI play every seat (the person's too, as "watch"
does) to the game-over screen, draws its frames as the window would, then goes back to
the menu, as a person who plays the next game does. After each game it prints the
resident memory (RSS) at the game-over screen, back on the menu, and the peak so far,
with the goal beside them. The window is 1920×1200 by default (the largest size the
settings offer: card faces, text and the felt grow with it).

Goal (issue 36): ≤ 200 MiB peak after all five games (202 MiB reported). Measured here
at 1920×1200 before a finished game let go of its drawing caches and freed pages, and
after: Hard seats 203 → 139 MiB peak, 203 → 90 MiB back on the menu; Normal seats
171 → 114 MiB peak, 171 → 64 MiB on the menu; a table's first frame took 5 to 8 ms
more (its text, fonts and faces drawn from cold). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import gc
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

GOAL_MIB = 200
GAMES = ("five_crowns", "shanghai_may_i", "shanghai_buy", "monastery", "palace")
TIME_LIMIT = 3600.0
"""Seconds a game may take (a Hard seat thinks about a minute a game)."""
first_frames: list[float] = []
"""The first frame of each game's table (its card faces and text drawn from cold)."""


_seen = [0.0]
"""The most resident memory read so far."""


def rss_mib() -> float:
    """Resident memory now (Linux: /proc; elsewhere the peak stands in)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except OSError:
        return _max_rss()
    now = pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    _seen[0] = max(_seen[0], now)
    return now


def peak_mib() -> float:
    """The most resident memory so far (the kernel's own figure lags a little)."""
    return max(_max_rss(), rss_mib(), _seen[0])


def _max_rss() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 2**10


def play_to_the_end(app, game_id: str, opponents: int, level: str, deal: int) -> int:  # type: ignore[no-untyped-def]
    """Deal, let the AI play every seat to the game-over screen; returns frames run."""
    from cardtable.app.scenes.summary import GameOverScene, SummaryScene

    app.new_game(game_id, opponents, level, deal=deal, autoplay=level)
    started = time.perf_counter()
    app.frame(1 / 60)
    first_frames.append(time.perf_counter() - started)
    count = 0
    while time.perf_counter() - started < TIME_LIMIT:
        top = app.stack.top
        if isinstance(top, GameOverScene):
            return count
        if isinstance(top, SummaryScene):
            top.next()
        app.frame(1 / 60)
        count += 1
        if app.worker.busy:
            time.sleep(0.002)  # leave the AI its core, as the window's paced frames do
    raise SystemExit(f"{game_id}: no end after {TIME_LIMIT:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1920x1200", help="window size (1920x1200)")
    parser.add_argument("--opponents", type=int, default=3, help="AI opponents (3)")
    parser.add_argument("--level", default="normal", help="AI level of every seat (normal)")
    parser.add_argument("--deal", type=int, default=7, help="deal number of each game (7)")
    parser.add_argument("--games", default=",".join(GAMES), help="games, in order (all five)")
    parser.add_argument("--animate", action="store_true",
                        help="card animations and AI pacing on, at the fast speeds (slower "
                        "to run: frames are stepped, not paced)")
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="cardtable-memory-")
    os.environ.update(CARDTABLE_HOME=home, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    from cardtable.app import session
    from cardtable.app.app import App

    session.new_secret = lambda: 1  # the same bots' moves on every run
    from cardtable.app.settings import Settings
    from cardtable.engine import get_variant

    settings = Settings(ai_speed="fast", animation_speed="fast")
    width, height = (int(part) for part in args.size.split("x"))
    app = App(size=(width, height), save_folder=Path(home), settings=settings,
              animations=args.animate)
    app.frame(1 / 60)
    gc.collect()
    print(f"menu: {rss_mib():.0f} MiB now, peak {peak_mib():.0f} MiB (goal: peak ≤ {GOAL_MIB})")
    for game_id in args.games.split(","):
        seats = get_variant(game_id)().seat_counts
        opponents = min(max(args.opponents, seats.start - 1), seats.stop - 2)
        started = time.perf_counter()
        frames = play_to_the_end(app, game_id, opponents, args.level, args.deal)
        at_end = rss_mib()
        leaving = time.perf_counter()
        app.to_menu()
        left = time.perf_counter() - leaving
        app.frame(1 / 60)
        gc.collect()
        print(f"{game_id:<15} {opponents + 1} seats, {frames:6} frames, "
              f"{time.perf_counter() - started:5.1f} s (first frame "
              f"{first_frames[-1] * 1000:3.0f} ms, to the menu {left * 1000:3.0f} ms): "
              f"{at_end:.0f} MiB at game over, {rss_mib():.0f} MiB back on the menu, "
              f"peak {peak_mib():.0f} MiB (goal ≤ {GOAL_MIB})")
    app.shutdown()
    peak = peak_mib()
    print(f"peak after all: {peak:.0f} MiB: {'met' if peak <= GOAL_MIB else 'NOT met'} "
          f"(goal ≤ {GOAL_MIB} MiB)")


if __name__ == "__main__":
    main()
