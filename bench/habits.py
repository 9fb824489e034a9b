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
most one wild on average.

For Hard seats it also prints what the search thought of throwing a wild where that
matters most: at each discard made while not down, holding a wild, with another seat
down (the round may end any turn), the planned throw's value and the best wild throw's
(each the mean of its rollouts: the seat's chance of winning the game), over the
decisions whose search weighed a wild. ``--press`` plays those decisions' rollouts to
the round's end rather than to the usual horizon, so what the seat is caught holding is
counted exactly, not estimated. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardtable.ai import make_bot  # noqa: E402
from cardtable.ai.hard import HardBot  # noqa: E402
from cardtable.ai.seats import bot_rng, seat_to_ask  # noqa: E402
from cardtable.engine import Discard, Game, GameView  # noqa: E402
from cardtable.engine.events import RoundScored  # noqa: E402
from cardtable.engine.shanghai_rules import ShanghaiView, contract_rules  # noqa: E402


def pressed(view: GameView) -> bool:
    """Not down, with another seat down: the round may end any turn."""
    return isinstance(view, ShanghaiView) and not view.down[view.seat] and any(
        down for other, down in enumerate(view.down) if other != view.seat)


class PressedHard(HardBot):
    """Hard whose rollouts play to the round's end once another seat is down."""

    def choose(self, observation, rng, deadline, should_stop):  # type: ignore[no-untyped-def]
        self.horizon = 0 if pressed(observation) else None
        return super().choose(observation, rng, deadline, should_stop)


def main() -> None:

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="shanghai_may_i",
                        choices=("shanghai_may_i", "shanghai_buy"))
    parser.add_argument("--bots", default="hard,normal")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot-seed", type=int, default=7)
    parser.add_argument("--press", action="store_true",
                        help="Hard's rollouts to the round's end once another seat is down")
    args = parser.parse_args()
    names = args.bots.split(",")
    seats = len(names)
    rules = contract_rules(args.game == "shanghai_may_i", False).melds
    wilds: dict[str, list[int]] = defaultdict(list)
    points: dict[str, list[int]] = defaultdict(list)
    every: dict[str, list[int]] = defaultdict(list)
    outs: dict[str, int] = defaultdict(int)
    weighed: list[tuple[float, float]] = []  # (planned, best wild throw) at pressed discards
    for index in range(args.games):
        deal, turn = args.seed + index // 2, index % 2
        order = names[turn:] + names[:turn] if turn else names
        bots = [PressedHard() if args.press and name == "hard" else make_bot(name)
                for name in order]
        game, _ = Game.new(args.game, seats, deal)
        while not game.over:
            seat = seat_to_ask(game, range(seats))
            assert seat is not None
            view = game.observe(seat)
            bot = bots[seat]
            move = bot.choose(view, bot_rng(game, seat, args.bot_seed), 0.0, lambda: False)
            if (isinstance(bot, HardBot) and isinstance(move, Discard) and pressed(view)
                    and any(map(rules.is_wild, view.hand))):
                values: dict[object, list[float]] = defaultdict(list)
                for rollout in bot.last_rollouts:
                    values[rollout.action].append(rollout.value)
                wild = [statistics.fmean(v) for a, v in values.items()
                        if isinstance(a, Discard) and rules.is_wild(a.card)]
                if wild and bot.last_planned in values:
                    weighed.append((statistics.fmean(values[bot.last_planned]), max(wild)))
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
    if weighed:
        print(f"  Hard's search at {len(weighed)} discards made holding a wild, not down, "
              f"another seat down{' (rollouts to the round end)' if args.press else ''}: "
              f"planned throw {statistics.fmean(p for p, _ in weighed):.3f}, best wild "
              f"throw {statistics.fmean(w for _, w in weighed):.3f} (chance of winning the "
              f"game); a wild ahead at {sum(w > p for p, w in weighed)}")



if __name__ == "__main__":
    main()
