"""Palace's Hard search: rollout speed, CPU per decision, how often it decides, and the
cards it sheds where a long straight is on offer.

    python3 bench/palace_search.py [--positions 150] [--decisions 200] [--rollouts 200]

1. **Rollouts**: from worlds sampled at positions of Normal's two-seat self-play, the
   game played to its end by Palace's rollout policy (``palace_search.PalaceRollout``,
   straight from the state) and by Normal through a view built every move (today's
   ``policy_for(variant, observing=True)``), each from the same world and generator:
   moves per second of policy + engine ``apply``, whole-game playouts per second, the
   speed-up, and the engine's share of the new policy's time.
2. **Decisions**: Hard (its shipped budget) at every seat-0 decision with two or more
   moves along two-seat games of Hard (seat 0) against Normal: CPU seconds
   (``time.process_time``) p50, mean, p99 and max, rollouts per decision, and the share
   where the search changed the move its heuristic planned (``HardBot.last_planned``).
3. **Long straights**: ``--positions`` positions of Normal's two-seat self-play where the
   seat to move may place a straight of four or more: the cards Hard places there and
   the cards Normal places, in all, and the positions where Hard places 3+ fewer (the
   issue measured 1,009 against Normal's 1,305 on 150 such positions).

4. **Gain** (``--gain N``, off by default): on the first N long-straight positions with
   the deck still there and N with it gone, where Hard's move differs from Normal's, both
   moves played out to the game's end by the rollout policy on the same ``--worlds``
   sampled worlds: each one's winning chance and the paired gain of Hard's, with its
   standard error.

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


def rollouts(count: int) -> None:
    from cardtable.ai.bots import NormalBot
    from cardtable.ai.rollout import policy_for
    from cardtable.ai.seats import bot_rng, seat_to_ask
    from cardtable.engine import Game, get_variant
    from cardtable.engine.palace import Palace, PalaceState, PalaceView, Phase

    variant = Palace()
    searched = get_variant("palace")()  # the same rules, held as any game's
    fast, slow = policy_for(searched), policy_for(searched, observing=True)
    normal = NormalBot()
    worlds: list[PalaceState] = []
    seed = 0
    while len(worlds) < count:
        game, _ = Game.new("palace", 2, 7000 + seed)
        seed += 1
        step = 0
        while not game.over:
            seat = seat_to_ask(game, range(2))
            assert seat is not None
            view = game.observe(seat)
            assert isinstance(view, PalaceView)
            if view.phase is Phase.PLAY and step % 25 == 0 and len(worlds) < count:
                worlds.append(variant.determinize(view, random.Random(step)))
            game.apply(seat, normal.choose(view, bot_rng(game, seat, 0), 0.0, lambda: False))
            step += 1
    figures = {}
    for name, policy in (("observing", slow), ("rollout", fast)):
        moves = 0
        engine = 0.0
        started = time.process_time()
        for index, world in enumerate(worlds):
            rng = random.Random(index)
            state: PalaceState = world
            while variant.outcome(state) is None:
                mover = variant.awaiting(state)[0]
                action = policy.move(state, mover, rng)
                before = time.process_time()
                state = variant.apply(state, mover, action).state
                engine += time.process_time() - before
                moves += 1
        spent = time.process_time() - started
        figures[name] = (moves / spent, len(worlds) / spent, engine / spent)
        print(f"  {name:<10} {moves:>7} moves  {moves / spent:>9,.0f} moves/s  "
              f"{len(worlds) / spent:>7,.1f} playouts/s  engine apply {100 * engine / spent:.0f} %")
    print(f"  speed-up: {figures['rollout'][1] / figures['observing'][1]:.1f}x playouts/s")


def decisions(count: int) -> None:
    from cardtable.ai.bots import NormalBot
    from cardtable.ai.hard import HardBot
    from cardtable.ai.seats import bot_rng, seat_to_ask
    from cardtable.engine import Game

    hard, normal = HardBot(), NormalBot()
    times: list[float] = []
    playouts: list[int] = []
    changed = 0
    seed = 0
    while len(times) < count:
        game, _ = Game.new("palace", 2, 3000 + seed)
        seed += 1
        while not game.over and len(times) < count:
            seat = seat_to_ask(game, range(2))
            assert seat is not None
            view = game.observe(seat)
            rng = bot_rng(game, seat, 0)
            if seat == 0 and len(view.legal) > 1:
                started = time.process_time()
                action = hard.choose(view, rng, 0.0, lambda: False)
                times.append(time.process_time() - started)
                playouts.append(hard.last_playouts)
                changed += action != hard.last_planned
            else:
                action = normal.choose(view, rng, 0.0, lambda: False)
            game.apply(seat, action)
    print(f"  {len(times)} decisions: CPU p50 {1e3 * statistics.median(times):.1f} ms, "
          f"mean {1e3 * statistics.fmean(times):.1f} ms, "
          f"p99 {1e3 * percentile(times, 0.99):.0f} ms, "
          f"max {1e3 * max(times):.0f} ms; {statistics.fmean(playouts):.0f} rollouts a decision; "
          f"the search changed the planned move in {100 * changed / len(times):.1f} %")


def long_straights(count: int) -> None:
    from cardtable.ai.bots import NormalBot
    from cardtable.ai.hard import HardBot
    from cardtable.ai.seats import bot_rng, seat_to_ask
    from cardtable.engine import Game, Place
    from cardtable.engine.palace import PalaceView, Phase

    def straight(action: object) -> bool:
        return isinstance(action, Place) and len(action.cards) >= 4 and \
            len({card.rank for card in action.cards}) == len(action.cards)

    hard, normal = HardBot(), NormalBot()
    hard_cards = normal_cards = fewer = more = late = 0
    found = 0
    seed = 0
    while found < count:
        game, _ = Game.new("palace", 2, 9000 + seed)
        seed += 1
        while not game.over and found < count:
            seat = seat_to_ask(game, range(2))
            assert seat is not None
            view = game.observe(seat)
            assert isinstance(view, PalaceView)
            chosen = normal.choose(view, bot_rng(game, seat, 0), 0.0, lambda: False)
            if view.phase is Phase.PLAY and any(map(straight, view.legal)):
                found += 1
                searched = hard.choose(view, bot_rng(game, seat, 0), 0.0, lambda: False)
                ours = len(searched.cards) if isinstance(searched, Place) else 0
                theirs = len(chosen.cards) if isinstance(chosen, Place) else 0
                hard_cards += ours
                normal_cards += theirs
                fewer += ours <= theirs - 3
                more += ours > theirs
                late += ours < theirs and view.deck_size <= 6
            game.apply(seat, chosen)
    print(f"  {found} positions with a straight of 4+: Hard placed {hard_cards:,} cards, "
          f"Normal {normal_cards:,}; Hard 3+ fewer in {fewer} ({100 * fewer / found:.0f} %), "
          f"more in {more}; fewer with 6 cards or less in the deck: {late}")


def gain(count: int, worlds: int) -> None:
    from cardtable.ai.bots import NormalBot
    from cardtable.ai.hard import HardBot, _Search
    from cardtable.ai.palace_search import palace_leaf
    from cardtable.ai.rollout import policy_for
    from cardtable.ai.seats import bot_rng, seat_to_ask
    from cardtable.ai.worlds import Worlds
    from cardtable.engine import Game, Place
    from cardtable.engine.palace import PalaceView, Phase

    def straight(action: object) -> bool:
        return isinstance(action, Place) and len(action.cards) >= 4 and \
            len({card.rank for card in action.cards}) == len(action.cards)

    hard, normal = HardBot(), NormalBot()
    for dry in (False, True):
        found = seed = 0
        gains: list[float] = []
        variances: list[float] = []
        while found < count:
            game, _ = Game.new("palace", 2, 9000 + seed)
            seed += 1
            while not game.over and found < count:
                seat = seat_to_ask(game, range(2))
                assert seat is not None
                view = game.observe(seat)
                assert isinstance(view, PalaceView)
                chosen = normal.choose(view, bot_rng(game, seat, 0), 0.0, lambda: False)
                if view.phase is Phase.PLAY and \
                        (view.deck_size == 0) == dry and any(map(straight, view.legal)):
                    found += 1
                    searched = hard.choose(view, bot_rng(game, seat, 0), 0.0, lambda: False)
                    if searched != chosen:
                        variant = game.variant
                        search = _Search(variant, view, policy_for(variant), palace_leaf,
                                         Worlds(variant, view, 12345, False), 12345, 0, 3000)
                        diffs = [search.playout(i, searched) - search.playout(i, chosen)
                                 for i in range(worlds)]
                        mean = statistics.fmean(diffs)
                        gains.append(mean)
                        variances.append(statistics.variance(diffs) / worlds)
                game.apply(seat, chosen)
        if not gains:
            print(f"  deck {'gone' if dry else 'there'}: Hard's move differs in none of {count}")
        else:
            error = sum(variances) ** 0.5 / len(gains)
            print(f"  deck {'gone' if dry else 'there'}: Hard's move differs in {len(gains)} of "
                  f"{count}; gain in winning chance {statistics.fmean(gains):+.3f} "
                  f"± {error:.3f} (each played out on {worlds} worlds)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=150)
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--rollouts", type=int, default=200)
    parser.add_argument("--gain", type=int, default=0)
    parser.add_argument("--worlds", type=int, default=200)
    parser.add_argument("--only-gain", action="store_true")
    args = parser.parse_args()
    if args.gain:
        print("Gain of Hard's changes, played out to the game's end")
        gain(args.gain, args.worlds)
    if args.only_gain:
        return
    print(f"Rollouts: {args.rollouts} worlds played to the game's end")
    rollouts(args.rollouts)
    print("Hard's decisions (seat 0 against Normal, two seats)")
    decisions(args.decisions)
    print("Long straights")
    long_straights(args.positions)


if __name__ == "__main__":
    main()
