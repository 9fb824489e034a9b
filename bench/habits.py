"""Habits of the AI levels that cost points: what a Shanghai seat that never went down in
a round still holds when the round ends.

    python3 bench/habits.py --game shanghai_may_i [--bots hard,normal] [--games N]
        [--seed S] [--bot-seed B]

Plays N seeded games with the bots named (one per seat, in seat order; each deal is
played twice with the bots' seats turned round, so every level holds every seat's
cards), and at every round's end counts the wilds (twos and jokers) in the hand of each
seat that never went down in that round. Prints, per level, the rounds ended up, the
mean wilds held and the mean penalty points held, and over every round its seats played
the mean penalty points and the rounds they went out. Issue 38's goal: Hard's seats hold at
most one wild on average. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    from cardtable.ai import make_bot
    from cardtable.ai.seats import bot_rng, seat_to_ask
    from cardtable.engine import Game
    from cardtable.engine.events import RoundScored
    from cardtable.engine.shanghai_rules import contract_rules

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="shanghai_may_i",
                        choices=("shanghai_may_i", "shanghai_buy"))
    parser.add_argument("--bots", default="hard,normal")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot-seed", type=int, default=7)
    args = parser.parse_args()
    names = args.bots.split(",")
    seats = len(names)
    rules = contract_rules(args.game == "shanghai_may_i", False).melds
    wilds: dict[str, list[int]] = defaultdict(list)
    points: dict[str, list[int]] = defaultdict(list)
    every: dict[str, list[int]] = defaultdict(list)
    outs: dict[str, int] = defaultdict(int)
    for index in range(args.games):
        deal, turn = args.seed + index // 2, index % 2
        order = names[turn:] + names[:turn] if turn else names
        bots = [make_bot(name) for name in order]
        game, _ = Game.new(args.game, seats, deal)
        while not game.over:
            seat = seat_to_ask(game, range(seats))
            assert seat is not None
            view = game.observe(seat)
            move = bots[seat].choose(view, bot_rng(game, seat, args.bot_seed), 0.0,
                                     lambda: False)
            for event in game.apply(seat, move):
                if not isinstance(event, RoundScored):
                    continue
                for held, (hand, melds) in enumerate(zip(event.hands, event.melds)):
                    every[order[held]].append(event.points[held])
                    outs[order[held]] += event.out_seat == held
                    if not melds:
                        wilds[order[held]].append(sum(map(rules.is_wild, hand)))
                        points[order[held]].append(event.points[held])
        print(f"game {index + 1}/{args.games} done", file=sys.stderr)
    print(f"{args.game}, bots {args.bots}, {args.games} games (seed {args.seed}, bot seed "
          f"{args.bot_seed}): seats that never went down, at the round's end")
    for name in dict.fromkeys(names):
        held = wilds[name]
        if not held:
            print(f"  {name:<8} no round ended up")
            continue
        print(f"  {name:<8} rounds {len(held):4d}  wilds held {statistics.fmean(held):5.2f}"
              f"  penalty points {statistics.fmean(points[name]):6.1f};  every round: "
              f"{len(every[name])}, penalty {statistics.fmean(every[name]):5.1f}, went out "
              f"{outs[name]}")


if __name__ == "__main__":
    main()
