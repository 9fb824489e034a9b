"""Engine and AI speed figures. Prints numbers; asserts nothing.

    python3 bench/engine.py [--games N] [--hands N]

For each registered game: engine cost per step (apply only, replayed from recorded
games), and full games per second under random play and under normal bots. For the
Shanghai games the contract check (the best go-down of a 13-card hand); for Five
Crowns also the best-arrangement search on 13-card hands (round 11) and the normal bot's
best-discard decision on 14-card hands (median and p99). Caches are cleared before every
timed search so each figure is a cold search.

Targets on the 2-core reference machine: ≤ 20 µs per step, ≤ 0.1 ms median per 13-card
arrangement, ≤ 2 ms p99 per best-discard decision, ≤ 5 ms p99 per contract check.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardtable.ai import make_bot  # noqa: E402
from cardtable.ai.five_crowns_bot import FiveCrownsStrategy  # noqa: E402
from cardtable.engine import Game, variants  # noqa: E402
from cardtable.engine import five_crowns as fc  # noqa: E402
from cardtable.engine.rng import derive  # noqa: E402


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def options_for(game_id: str, bot_name: str) -> object:
    """Random contract rummy can wander for a very long time: its random games run under
    the game's safety cap on turns per round (60)."""
    from cardtable.engine import get_variant

    variant = get_variant(game_id)
    if bot_name == "random" and "round_turn_limit" in variant.options_type.__dataclass_fields__:
        return variant.options_type(round_turn_limit=60)
    return None


def play(game_id: str, seats: int, seed: int, bot_name: str) -> Game:
    game, _ = Game.new(game_id, seats, seed, options_for(game_id, bot_name))
    bot = make_bot(bot_name)
    while not game.over:
        seat = game.awaiting()[0]
        action = bot.choose(game.observe(seat), derive(seed, seat, len(game.history)), 0.0,
                            lambda: False)
        game.apply(seat, action)
    return game


def step_cost(game_id: str, seats: int, games: int, bot_name: str) -> tuple[float, int]:
    """Mean µs per apply(), replaying recorded games (bot time excluded)."""
    records = [play(game_id, seats, 1000 + i, bot_name) for i in range(games)]
    total, steps = 0.0, 0
    for recorded in records:
        variant = recorded.variant
        state = variant.new_game(seats, recorded.seed).state  # same options as recorded
        started = time.perf_counter()
        for seat, action in recorded.history:
            state = variant.apply(state, seat, action).state
        total += time.perf_counter() - started
        steps += len(recorded.history)
    return total / steps * 1e6, steps


def games_per_second(game_id: str, seats: int, games: int, bot_name: str) -> float:
    started = time.perf_counter()
    for i in range(games):
        play(game_id, seats, 2000 + i, bot_name)
    return games / (time.perf_counter() - started)


def crowns_hands(count: int, size: int) -> list[tuple]:
    """Real round-11 deals (13 cards), plus the stock top when ``size`` is 14."""
    hands = []
    seed = 0
    variant = fc.FiveCrowns()
    while len(hands) < count:
        seed += 1
        state = variant.new_game(7, seed).state
        state = variant._deal(state, 11, state.dealer, [])
        for hand in state.hands:
            hands.append(hand + state.stock[-1:] if size == 14 else hand)
    return hands[:count]


def arrangement_times(count: int) -> list[float]:
    times = []
    for hand in crowns_hands(count, 13):
        fc._cached_arrangement.cache_clear()
        started = time.perf_counter()
        fc.arrange_hand(hand, 11)
        times.append(time.perf_counter() - started)
    return times


def discard_decision_times(count: int) -> list[float]:
    """The normal bot's whole discard decision on a 14-card hand (round 11)."""
    strategy, variant = FiveCrownsStrategy(), fc.FiveCrowns()
    times = []
    for hand in crowns_hands(count, 14):
        state = variant.position(["", ""], round_number=11)
        state = dataclasses.replace(state, hands=(hand, ()), phase=fc.Phase.DISCARD)
        view = variant.observe(state, 0)
        fc._cached_arrangement.cache_clear()
        started = time.perf_counter()
        strategy.choose(view, derive(0))
        times.append(time.perf_counter() - started)
    return times


def contract_times(game_id: str, count: int) -> list[float]:
    """The contract solver on random 13-card hands, cycling through the seven contracts."""
    import random

    from cardtable.engine import get_variant
    from cardtable.engine.contracts import best_go_down
    from cardtable.engine.shanghai_rules import CONTRACTS

    variant = get_variant(game_id)()
    deck = variant.deck(4)
    rng = random.Random(7)
    times = []
    for index in range(count):
        hand = rng.sample(deck, 13)
        started = time.perf_counter()
        best_go_down(hand, CONTRACTS[index % 7], variant.crules, variant.points)
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--hands", type=int, default=2000)
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}; {args.games} games per figure")
    print(f"{'game':<14}{'seats':>6}{'µs/step rnd':>13}{'µs/step nrm':>13}"
          f"{'games/s rnd':>13}{'games/s nrm':>13}")
    for variant in variants():
        for seats in (min(variant.seat_counts), 4, max(variant.seat_counts)):
            if seats not in variant.seat_counts:
                continue
            random_step, _ = step_cost(variant.id, seats, max(2, args.games // 4), "random")
            normal_step, _ = step_cost(variant.id, seats, max(2, args.games // 4), "normal")
            random_rate = games_per_second(variant.id, seats, args.games, "random")
            normal_rate = games_per_second(variant.id, seats, args.games, "normal")
            print(f"{variant.id:<14}{seats:>6}{random_step:>13.1f}{normal_step:>13.1f}"
                  f"{random_rate:>13.1f}{normal_rate:>13.1f}")
    arrangement = arrangement_times(args.hands)
    print(f"best arrangement, 13-card Five Crowns hands (round 11), {args.hands} hands: "
          f"median {statistics.median(arrangement) * 1e3:.3f} ms, "
          f"p99 {percentile(arrangement, 0.99) * 1e3:.3f} ms")
    for game_id in ("shanghai_may_i", "shanghai_buy"):
        checks = contract_times(game_id, args.hands)
        print(f"contract check (best go-down), 13-card {game_id} hands, every round's "
              f"contract, {len(checks)} checks: median {statistics.median(checks) * 1e3:.3f} ms,"
              f" p99 {percentile(checks, 0.99) * 1e3:.3f} ms")
    decision = discard_decision_times(args.hands)
    print(f"best-discard decision, 14-card hands (normal bot), {args.hands} hands: "
          f"median {statistics.median(decision) * 1e3:.3f} ms, "
          f"p99 {percentile(decision, 0.99) * 1e3:.3f} ms")


if __name__ == "__main__":
    main()
