"""Hard AI decision times, per game, beside Normal's on the same positions.

    python3 bench/hard.py [--positions N] [--seed S]

For each game at its smallest table (Shanghai with buying: 3 seats, one Hard), seeded
games are played by Normal bots; at each position where the seat to move has a real
choice (two or more legal moves), the Hard bot and the Normal bot each decide from the
same view with the same generator. Prints, per game, Hard's p50/p99/max seconds per
decision and its playouts per decision, Normal's p50/p99 in milliseconds, the ratio of
the means, how often Hard chose a different move from Normal ("differs": its sharper
heuristic and its search together) and how often its search overrode the move its
heuristic planned ("overrode": what the playouts add). Runs in this thread,
alone, at Hard's default budget and time cap (the window gives it the same on the
worker thread). Prints figures; asserts nothing.

Target: Hard ≤ 1.5 s p99 per decision on the 2-core machine.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    from cardtable.ai import make_bot
    from cardtable.ai.bots import NormalBot
    from cardtable.ai.hard import HardBot
    from cardtable.ai.seats import bot_rng, seat_to_ask
    from cardtable.engine import Game, variants

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=60,
                        help="decisions timed per game (default 60)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"Hard: {HardBot.PLAYOUTS} playouts, {HardBot.SECONDS:g} s cap per decision; "
          f"{args.positions} decisions per game")
    print(f"{'game':<16}{'seats':>6} | {'hard p50':>9} {'p99':>7} {'max':>7} "
          f"{'playouts':>9} | {'normal p50':>10} {'p99':>7} | {'ratio':>6} {'differs':>8} "
          f"{'overrode':>9}")
    for variant in sorted(variants(), key=lambda v: v.menu_order):
        seats = variant.seat_counts.start
        hard, normal, planner = HardBot(), make_bot("normal"), NormalBot("hard")
        hard_times: list[float] = []
        normal_times: list[float] = []
        playouts: list[int] = []
        differs = overrode = 0
        seed = args.seed
        while len(hard_times) < args.positions:
            game, _ = Game.new(variant.id, seats, seed)
            seed += 1
            while not game.over and len(hard_times) < args.positions:
                seat = seat_to_ask(game, range(seats))
                assert seat is not None
                view = game.observe(seat)
                begin = time.perf_counter()
                chosen = normal.choose(view, bot_rng(game, seat, 0), time.monotonic() + 10,
                                       lambda: False)
                middle = time.perf_counter()
                if len(view.legal) > 1:
                    searched = hard.choose(view, bot_rng(game, seat, 0), time.monotonic() + 2.0,
                                           lambda: False)
                    hard_times.append(time.perf_counter() - middle)
                    normal_times.append(middle - begin)
                    playouts.append(hard.last_playouts)
                    differs += searched != chosen
                    # The planner decides first from the same generator, so this is
                    # the move the search started from.
                    planned = planner.choose(view, bot_rng(game, seat, 0),
                                             time.monotonic() + 10, lambda: False)
                    overrode += searched != planned
                game.apply(seat, chosen)
        mean_ratio = statistics.fmean(hard_times) / max(1e-9, statistics.fmean(normal_times))
        print(f"{variant.id:<16}{seats:>6} | {statistics.median(hard_times):8.3f}s "
              f"{percentile(hard_times, 0.99):6.3f}s {max(hard_times):6.3f}s "
              f"{statistics.median(playouts):9.0f} | "
              f"{statistics.median(normal_times) * 1e3:8.2f}ms "
              f"{percentile(normal_times, 0.99) * 1e3:5.1f}ms | {mean_ratio:6.0f} "
              f"{100 * differs / len(hard_times):7.0f}% "
              f"{100 * overrode / len(hard_times):8.0f}%")


if __name__ == "__main__":
    main()
