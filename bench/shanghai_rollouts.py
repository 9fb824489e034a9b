"""Speed of the Shanghai rollouts: the rollout policy read from the state against Normal
through a view built every move (``policy_for(variant, observing=True)``).

    python3 bench/shanghai_rollouts.py [--positions N] [--seed S]

Positions are taken from Normal self-play (every seventh move, every phase); from a
world sampled from each (the engine's ``determinize``), the same policy plays to the
round's end. Prints, per game and policy, whole-round playouts and moves (policy and
engine ``apply``) per CPU second. Each policy runs in a process of its own, so neither
finds the engine's remembered answers (contract estimates, table fits) warm. To compare
with an older commit, copy the script into a checkout of it and run it there (without
a rollout policy of its own, both rows are Normal through views). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))


def main() -> None:
    from bot_games import normal_positions

    from cardtable.ai.rollout import policy_for

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--seed", type=int, default=900)
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one is None:
        for one in ("shanghai_may_i:obs", "shanghai_may_i:", "shanghai_buy:obs",
                    "shanghai_buy:"):
            subprocess.run([sys.executable, __file__, "--positions", str(args.positions),
                            "--seed", str(args.seed), "--one", one], check=True)
        return
    game_id, mode = args.one.split(":")
    for seats in ({"shanghai_may_i": 2, "shanghai_buy": 3}[game_id],):
        positions = []
        seed = args.seed
        while len(positions) < args.positions:
            for index, (game, _, view) in enumerate(
                    normal_positions(game_id, seats, seed, 300)):
                if index % 7 == 0:
                    positions.append((game.variant, view))
            seed += 1
        del positions[args.positions:]
        for observing in (mode == "obs",):
            variant = positions[0][0]
            policy = policy_for(variant, observing=observing)
            moves = 0
            begin = time.process_time()
            for number, (_, view) in enumerate(positions):
                state = variant.determinize(view, random.Random(number))
                rng = random.Random(number)
                playing = state.round
                while state.round == playing and variant.outcome(state) is None:
                    seat = variant.awaiting(state)[0]
                    state = variant.apply(state, seat, policy.move(state, seat, rng)).state
                    moves += 1
            spent = time.process_time() - begin
            name = "Normal through views" if observing else type(policy).__name__
            print(f"{game_id:<15} {seats} seats  {name:<22} "
                  f"{len(positions) / spent:7.1f} round playouts/s  {moves / spent:7.0f} "
                  f"moves/s")


if __name__ == "__main__":
    main()
