"""Five Crowns' Hard search: rollout speed, decision CPU and how often the search decides.

    python3 bench/five_crowns_search.py [--positions N] [--seed S] [--playouts N]
                                        [--horizon H] [--skip-speed]

Positions: every ``--positions``-th decision with a real choice (two or more legal
moves) along 2-seat games Normal plays against itself, from ``--seed`` on.

* **Rollout speed.** From each position one world is dealt (``determinize`` of the
  seat's view) and played to the round's end by (a) ``policy_for(variant,
  observing=True)`` (Normal through a view built every move: the previous Hard) and (b)
  the game's rollout policy (``FiveCrownsRollout``), each on the same worlds with the
  same generators, from cold arrangement caches; prints moves per second (policy +
  ``apply``), whole-round playouts per second, the ratio, and ``apply``'s share of (b).
* **Decisions.** Hard (its shipped budget and horizon, or ``--playouts``/``--horizon``)
  decides at each position: CPU seconds (``time.process_time``) mean, p50, p99 and max,
  rollouts and moves per decision, and the share of decisions where its move differs
  from the move its heuristic planned (``HardBot.last_planned``).

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from common import percentile

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    import cardtable.ai  # noqa: F401  (registers every game's strategy and hooks)
    from cardtable.ai import make_bot
    from cardtable.ai.hard import HardBot
    from cardtable.ai.rollout import Mover, policy_for
    from cardtable.ai.seats import bot_rng
    from cardtable.engine import Game, GameView
    from cardtable.engine.five_crowns import FiveCrowns, FiveCrownsState, _cached_arrangement

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=120)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=3, help="take every Nth decision")
    parser.add_argument("--playouts", type=int, default=None)
    parser.add_argument("--horizon", type=int, default=None)
    parser.add_argument("--skip-speed", action="store_true")
    args = parser.parse_args()

    variant = FiveCrowns()
    normal = make_bot("normal")
    positions: list[tuple[GameView, random.Random]] = []
    seed, seen = args.seed, 0
    while len(positions) < args.positions:
        game, _ = Game.new("five_crowns", 2, seed)
        seed += 1
        while not game.over and len(positions) < args.positions:
            seat = game.awaiting()[0]
            view = game.observe(seat)
            if len(view.legal) > 1:
                seen += 1
                if seen % args.every == 0:
                    positions.append((view, bot_rng(game, seat, 0)))
            game.apply(seat, normal.choose(view, bot_rng(game, seat, 0), 0.0, lambda: False))
    print(f"Five Crowns, 2 seats: {len(positions)} positions (every {args.every}th real "
          f"choice of Normal self-play, seeds {args.seed}-{seed - 1})")

    if not args.skip_speed:
        worlds: list[FiveCrownsState] = []
        for index, (view, _) in enumerate(positions):
            world = variant.determinize(view, random.Random(index))
            assert isinstance(world, FiveCrownsState)
            worlds.append(world)

        def playouts(policy: Mover) -> tuple[int, float, float]:
            _cached_arrangement.cache_clear()
            moves = 0
            applying = 0.0
            started = time.process_time()
            for index, world in enumerate(worlds):
                rng, state, playing = random.Random(index), world, world.round
                while state.round == playing and state.phase.value != "game over":
                    seat = state.current
                    action = policy.move(state, seat, rng)
                    begin = time.process_time()
                    state = variant.apply(state, seat, action).state
                    applying += time.process_time() - begin
                    moves += 1
            return moves, time.process_time() - started, applying

        rows = []
        for name, observing in (("observing (before)", True), ("rollout policy", False),
                                ("observing (before)", True), ("rollout policy", False)):
            moves, spent, applying = playouts(policy_for(variant, observing))
            rows.append((name, moves, spent, applying))
        best = {name: min((r for r in rows if r[0] == name), key=lambda r: r[2])
                for name, *_ in rows}
        print(f"{'whole-round playouts':<22}{'moves':>7}{'moves/s':>10}{'playouts/s':>12}"
              f"{'apply share':>13}")
        for name, moves, spent, applying in best.values():
            print(f"{name:<22}{moves:>7}{moves / spent:>10.0f}{len(worlds) / spent:>12.1f}"
                  f"{100 * applying / spent:>12.0f}%")
        before, after = best["observing (before)"], best["rollout policy"]
        print(f"speed-up: {before[2] / after[2]:.2f}x (best of two cold passes each)")

    hard = HardBot(playouts=args.playouts, horizon=args.horizon)
    cpu: list[float] = []
    rollouts: list[int] = []
    steps: list[int] = []
    decided = 0
    for view, rng in positions:
        begin = time.process_time()
        move = hard.choose(view, random.Random(rng.random()), 0.0, lambda: False)
        cpu.append(time.process_time() - begin)
        rollouts.append(hard.last_playouts)
        steps.append(hard.last_steps)
        decided += move != hard.last_planned
    print(f"Hard decisions (playouts {args.playouts or 'shipped'}, horizon "
          f"{args.horizon if args.horizon is not None else 'shipped'}): CPU mean "
          f"{statistics.fmean(cpu) * 1e3:.0f} ms, p50 {percentile(cpu, 0.5) * 1e3:.0f} ms, "
          f"p99 {percentile(cpu, 0.99) * 1e3:.0f} ms, max {max(cpu) * 1e3:.0f} ms; "
          f"rollouts {statistics.fmean(rollouts):.0f}, moves {statistics.fmean(steps):.0f} "
          f"a decision; search changed the planned move in {decided} of {len(cpu)} "
          f"({100 * decided / len(cpu):.1f}%)")


if __name__ == "__main__":
    main()
