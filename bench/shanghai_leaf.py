"""Calibrates the Shanghai leaf value (``cardtable/ai/shanghai_search.py``) from Normal
self-play, and prints the fit.

    python3 bench/shanghai_leaf.py [--games N] [--seed S]

Normal plays seeded games of both Shanghai games (May I at 2 seats, buying at 3). At
the start of every turn (the draw), each seat's hand is put in a class: down, or not
down and so many cards short of the contract (``cards_needed``: 0, 1, 2, 3, 4+), and
whether another seat is down yet (the round is running out). When the round ends, the
points each hand was caught with are set against the hand's points at that turn. Prints,
per game and class, the share of the hand's points still held at the round's end
(``RETAINED``), the share of such hands whose seat went out (``GOES_OUT``), and the
standard deviation of one seat's round penalty (``ROUND_SPREAD``).
Prints figures; asserts nothing.
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
    from cardtable.ai.shanghai_search import hand_class
    from cardtable.engine import get_variant
    from cardtable.engine.rng import derive
    from cardtable.engine.shanghai_rules import Phase, ShanghaiState

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for game_id, seats in (("shanghai_may_i", 2), ("shanghai_buy", 3)):
        variant = get_variant(game_id)()
        bot = make_bot("normal")
        held: dict[tuple[int, bool], list[float]] = defaultdict(list)
        start: dict[tuple[int, bool], list[float]] = defaultdict(list)
        went_out: dict[tuple[int, bool], list[int]] = defaultdict(list)
        round_points: list[int] = []
        gaps: list[int] = []
        for game in range(args.games):
            state = variant.new_game(seats, args.seed + game).state
            assert isinstance(state, ShanghaiState)
            pending: list[tuple[int, tuple[int, bool], int]] = []
            playing = state.round
            step = 0
            while variant.outcome(state) is None:
                if state.phase is Phase.DRAW and not state.played:
                    for seat in range(seats):
                        key = hand_class(variant, state, seat)
                        points = sum(variant.points(c) for c in state.hands[seat])
                        pending.append((seat, key, points))
                mover = variant.awaiting(state)[0]
                rng = derive(args.seed + game, "calibrate", step)
                action = bot.choose(variant.observe(state, mover), rng, 0.0, lambda: False)
                after = variant.apply(state, mover, action).state
                assert isinstance(after, ShanghaiState)
                step += 1
                if after.round != playing or variant.outcome(after) is not None:
                    final = after.round_points[-1]
                    out = state.out_seat if after.round == playing else None
                    out = out if out is not None else _out_seat(final)
                    for seat, key, points in pending:
                        held[key].append(final[seat])
                        start[key].append(points)
                        went_out[key].append(int(final[seat] == 0 and out == seat))
                    round_points.extend(final)
                    if seats == 2:
                        gaps.append(final[0] - final[1])
                    pending = []
                    playing = after.round
                state = after
        print(f"{game_id} ({seats} seats, {args.games} games): class -> retained share, "
              "goes-out share, hands")
        for key in sorted(held):
            retained = sum(held[key]) / max(1, sum(start[key]))
            print(f"  {_name(key):<22} retained {retained:5.2f}  goes out "
                  f"{statistics.fmean(went_out[key]):5.2f}  n={len(held[key])}")
        print(f"  one seat's round penalty: mean {statistics.fmean(round_points):.1f}, "
              f"sd {statistics.pstdev(round_points):.1f}")
        if gaps:
            print(f"  two seats' round penalty gap: sd {statistics.pstdev(gaps):.1f}")


def _out_seat(points: tuple[int, ...]) -> int | None:
    zeros = [seat for seat, p in enumerate(points) if p == 0]
    return zeros[0] if len(zeros) == 1 else None


def _name(key: tuple[int, bool]) -> str:
    need, pressed = key
    status = f"down, {-need} left" if need < 0 else f"short {need}"
    return f"{status}, {'other down' if pressed else 'none down'}"


if __name__ == "__main__":
    main()
