"""The Shanghai Hard search at work: CPU per decision and how often it decides.

    python3 bench/shanghai_search.py [--decisions N] [--playouts P] [--horizon H]

Positions come from Normal self-play (May I at 2 seats, buying at 3), every one where
the seat to move has two or more legal moves; Hard decides each with its generator
fixed by the position's number. Prints, per game, the CPU time per decision (mean,
p50, p99, max: ``time.process_time``), the rollouts a decision played and rollouts per
CPU second, and the share of decisions where the search played another move than its
heuristic planned (``HardBot.last_planned``). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))


def main() -> None:
    from bot_games import normal_positions

    from cardtable.ai.hard import HardBot

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decisions", type=int, default=150)
    parser.add_argument("--playouts", type=int, default=None,
                        help="rollouts a decision (default: the game's own)")
    parser.add_argument("--horizon", type=int, default=None)
    parser.add_argument("--seed", type=int, default=500)
    args = parser.parse_args()
    for game_id, seats in (("shanghai_may_i", 2), ("shanghai_buy", 3)):
        hard = HardBot(playouts=args.playouts, horizon=args.horizon)
        times: list[float] = []
        playouts = overrode = 0
        seed = args.seed
        while len(times) < args.decisions:
            for _, _, view in normal_positions(game_id, seats, seed, 400):
                if len(view.legal) < 2:
                    continue
                begin = time.process_time()
                move = hard.choose(view, random.Random(len(times)), 0.0, lambda: False)
                times.append(time.process_time() - begin)
                playouts += hard.last_playouts
                overrode += move != hard.last_planned
                if len(times) >= args.decisions:
                    break
            seed += 1
        ordered = sorted(times)
        count = len(times)
        print(f"{game_id:<15} {seats} seats  {count} decisions: CPU mean "
              f"{statistics.fmean(times) * 1e3:.0f} ms, p50 {ordered[count // 2] * 1e3:.0f} "
              f"ms, p99 {ordered[int(count * 0.99)] * 1e3:.0f} ms, max {ordered[-1] * 1e3:.0f} "
              f"ms; {playouts / count:.0f} rollouts a decision, "
              f"{playouts / sum(times):.0f} a second; search overrode the heuristic in "
              f"{100 * overrode / count:.1f} %")


if __name__ == "__main__":
    main()
