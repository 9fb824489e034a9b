"""Monastery's Hard search: rollout speed, decision cost, and how often the search decides.

    python3 bench/monastery_search.py speed [--rounds N] [--seed S]
    python3 bench/monastery_search.py decide [--positions N] [--seed S]

``speed``: from positions of Normal self-play (2 seats), plays each round to its end twice
with equal generators: once by the registered rollout policy (``policy_for``), once by
Normal through a view built every move (``observing=True``, the issue's "today"). The
moves are the same (tests/test_monastery_search.py), so the CPU times compare like for
like: prints moves per second of (policy + engine apply) for each, the ratio, whole-round
playouts per second, and the engine's ``apply`` share of each (the same moves replayed
by ``apply`` alone, so no timer is read inside the loop: reading one costs about as much
as a move here).

``decide``: Hard at its shipped budget on positions of Normal self-play where the seat
has two or more moves: CPU seconds per decision (``time.process_time``: p50, p99, mean,
max), rollouts and moves played, and the share of decisions where the search's move
differs from the heuristic's planned move (``HardBot.last_planned``).

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


def positions(count: int, seed: int, every: int = 7) -> list[object]:
    """Full states of Normal self-play (2 seats), one every ``every`` moves."""
    from cardtable.ai import make_bot
    from cardtable.ai.seats import bot_rng, seat_to_ask
    from cardtable.engine import Game

    normal = make_bot("normal")
    found: list[object] = []
    while len(found) < count:
        game, _ = Game.new("monastery", 2, seed)
        seed += 1
        step = 0
        while not game.over and len(found) < count:
            seat = seat_to_ask(game, range(2))
            assert seat is not None
            if step % every == 0:
                found.append(game.state)
            view = game.observe(seat)
            game.apply(seat, normal.choose(view, bot_rng(game, seat, 0), 0.0, lambda: False))
            step += 1
    return found


def play_round(variant, policy, state, rng: random.Random) -> list[tuple[int, object]]:
    """The moves played to the round's end (seat, action)."""
    playing = state.round
    moves = []
    while variant.outcome(state) is None and state.round == playing:
        seat = variant.awaiting(state)[0]
        action = policy.move(state, seat, rng)
        state = variant.apply(state, seat, action).state
        moves.append((seat, action))
    return moves


def replay(variant, state, moves) -> None:
    for seat, action in moves:
        state = variant.apply(state, seat, action).state


def speed(args: argparse.Namespace) -> None:
    from cardtable.ai.rollout import policy_for
    from cardtable.engine import get_variant

    starts = positions(args.rounds, args.seed)
    print(f"{len(starts)} rounds played out from Normal self-play positions (2 seats)")
    rows = []
    for name, observing in (("observing Normal (today)", True), ("rollout policy", False)):
        variant = get_variant("monastery")()
        policy = policy_for(variant, observing=observing)
        begin = time.process_time()
        played = [play_round(variant, policy, state, random.Random(index))
                  for index, state in enumerate(starts)]
        seconds = time.process_time() - begin
        fresh = get_variant("monastery")()  # no listing cached: apply validates as in a rollout
        begin = time.process_time()
        for state, moves in zip(starts, played):
            replay(fresh, state, moves)
        applying = time.process_time() - begin
        total_moves = sum(len(moves) for moves in played)
        rows.append((name, played, seconds))
        print(f"{name:<26} {total_moves:>7} moves {seconds:7.2f} s CPU  "
              f"{total_moves / seconds:8.0f} moves/s  {len(starts) / seconds:7.1f} rounds/s  "
              f"apply {100 * applying / seconds:4.0f} %")
    (_, played_a, slow), (_, played_b, fast) = rows
    assert played_a == played_b, "the two policies played different rollouts"
    print(f"speed-up of the rollout policy: {slow / fast:.1f}x")


def decide(args: argparse.Namespace) -> None:
    from cardtable.ai import make_bot
    from cardtable.ai.hard import HardBot
    from cardtable.ai.seats import bot_rng, seat_to_ask
    from cardtable.engine import Game

    hard, normal = HardBot(), make_bot("normal")
    times: list[float] = []
    playouts: list[int] = []
    steps: list[int] = []
    differs = 0
    seed = args.seed
    while len(times) < args.positions:
        game, _ = Game.new("monastery", 2, seed)
        seed += 1
        while not game.over and len(times) < args.positions:
            seat = seat_to_ask(game, range(2))
            assert seat is not None
            view = game.observe(seat)
            if len(view.legal) > 1:
                begin = time.process_time()
                chosen = hard.choose(view, bot_rng(game, seat, 0), 0.0, lambda: False)
                times.append(time.process_time() - begin)
                playouts.append(hard.last_playouts)
                steps.append(hard.last_steps)
                differs += chosen != hard.last_planned
            game.apply(seat, normal.choose(view, bot_rng(game, seat, 0), 0.0, lambda: False))
    print(f"Hard on {len(times)} Monastery decisions (2 seats, Normal self-play positions)")
    print(f"CPU per decision: p50 {statistics.median(times) * 1e3:.0f} ms, "
          f"p99 {percentile(times, 0.99) * 1e3:.0f} ms, "
          f"mean {statistics.fmean(times) * 1e3:.0f} ms, "
          f"max {max(times) * 1e3:.0f} ms")
    print(f"rollouts per decision: mean {statistics.fmean(playouts):.0f}; moves per rollout: "
          f"{sum(steps) / max(1, sum(playouts)):.1f}; rollouts per CPU second: "
          f"{sum(playouts) / sum(times):.0f}")
    print(f"search's move differs from the planned one: {differs}/{len(times)} "
          f"({100 * differs / len(times):.1f} %)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("speed")
    run.add_argument("--rounds", type=int, default=100)
    run.add_argument("--seed", type=int, default=1)
    run.set_defaults(func=speed)
    run = sub.add_parser("decide")
    run.add_argument("--positions", type=int, default=100)
    run.add_argument("--seed", type=int, default=1)
    run.set_defaults(func=decide)
    args = parser.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
