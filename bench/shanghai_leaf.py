"""Calibrates the Shanghai leaf value (``cardtable/ai/shanghai_search.py``) from Normal
self-play, and prints the fit.

    python3 bench/shanghai_leaf.py [--games N] [--seed S] [--policy normal|rollout]
                                   [--only GAME] [--samples FILE]

Normal plays seeded games of both Shanghai games (May I at 2 seats, buying at 3); with
``--policy rollout``, the Hard search's rollout policy plays instead (``ShanghaiRollout``,
read straight from the state: the play the leaf is read after inside the search). At
the start of every turn (the draw), each seat's hand is put in a class: down, or not
down and so many cards short of the contract (``cards_needed``: 0, 1, 2, 3, 4+), and
whether another seat is down yet (the round is running out). When the round ends, the
points each hand was caught with are set against the hand's points at that turn. Prints,
per game and class, the share of the hand's points still held at the round's end
(``RETAINED``), the share of such hands whose seat went out, and the
standard deviation of one seat's round penalty (``ROUND_SPREAD``). With two seats it
also prints how often a seat went out by its own class and the other seat's, the
classes' strengths at going out against each other (a seat's chance against another:
its strength over the pair's sum; tried in place of ``GOES_OUT``), and the
share of wild and natural points kept apart (do the classes tell hands apart?);
``--samples`` writes every sample as a JSON line for other fits.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    from cardtable.ai import make_bot
    from cardtable.ai.shanghai_search import ShanghaiRollout, hand_class
    from cardtable.engine import get_variant
    from cardtable.engine.rng import derive
    from cardtable.engine.shanghai_rules import Phase, ShanghaiState

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--policy", choices=("normal", "rollout"), default="normal")
    parser.add_argument("--only", help="one game id (shanghai_may_i or shanghai_buy)")
    parser.add_argument("--samples", help="write every sample here (JSON lines)")
    args = parser.parse_args()
    sink = open(args.samples, "w") if args.samples else None  # noqa: SIM115
    for game_id, seats in (("shanghai_may_i", 2), ("shanghai_buy", 3)):
        if args.only and game_id != args.only:
            continue
        variant = get_variant(game_id)()
        bot = make_bot("normal")
        policy = ShanghaiRollout(variant) if args.policy == "rollout" else None
        wild_points: dict[tuple[int, bool], list[float]] = defaultdict(lambda: [0.0, 0.0])
        natural_points: dict[tuple[int, bool], list[float]] = defaultdict(lambda: [0.0, 0.0])
        pairs: dict[tuple[int, int], list[int]] = defaultdict(list)
        meetings: list[tuple[tuple[int, bool], tuple[int, bool], int]] = []
        held: dict[tuple[int, bool], list[float]] = defaultdict(list)
        start: dict[tuple[int, bool], list[float]] = defaultdict(list)
        went_out: dict[tuple[int, bool], list[int]] = defaultdict(list)
        round_points: list[int] = []
        gaps: list[int] = []
        for game in range(args.games):
            state = variant.new_game(seats, args.seed + game).state
            assert isinstance(state, ShanghaiState)
            pending: list[tuple[int, tuple[int, bool], int, int, int, int]] = []
            playing = state.round
            step = 0
            while variant.outcome(state) is None:
                if state.phase is Phase.DRAW and not state.played:
                    for seat in range(seats):
                        key = hand_class(variant, state, seat)
                        points = sum(variant.points(c) for c in state.hands[seat])
                        wilds = sum(variant.points(c) for c in state.hands[seat]
                                    if _is_wild(c))
                        other = hand_class(variant, state, 1 - seat)[0] if seats == 2 else 0
                        pending.append((seat, key, points, wilds, other, state.round))
                mover = variant.awaiting(state)[0]
                rng = derive(args.seed + game, "calibrate", step)
                if policy is not None:
                    action = policy.choose(state, mover, rng)
                else:
                    action = bot.choose(variant.observe(state, mover), rng, 0.0,
                                        lambda: False)
                after = variant.apply(state, mover, action).state
                assert isinstance(after, ShanghaiState)
                step += 1
                if after.round != playing or variant.outcome(after) is not None:
                    final = after.round_points[-1]
                    out = state.out_seat if after.round == playing else None
                    out = out if out is not None else _out_seat(final)
                    for seat, key, points, wilds, other, round_no in pending:
                        gone = int(final[seat] == 0 and out == seat)
                        held[key].append(final[seat])
                        start[key].append(points)
                        went_out[key].append(gone)
                        # The hands just before the round's last move: a seat caught
                        # with points kept them (its wilds at most all of them).
                        kept_wild = min(final[seat], sum(variant.points(c)
                                                         for c in state.hands[seat]
                                                         if _is_wild(c)))
                        wild_points[key][0] += kept_wild
                        wild_points[key][1] += wilds
                        natural_points[key][0] += final[seat] - kept_wild
                        natural_points[key][1] += points - wilds
                        if seats == 2:
                            pairs[(key[0], other)].append(gone)
                            meetings.append((key, (other, key[0] < 0), gone))
                        if sink is not None:
                            sink.write(json.dumps({
                                "game": game_id, "round": round_no, "need": key[0],
                                "pressed": key[1], "other": other, "points": points,
                                "wilds": wilds, "final": final[seat], "out": gone,
                                "kept_wild": kept_wild}) + "\n")
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
        print("  kept share of wild points / natural points, by class:")
        for key in sorted(held):
            wild, natural = wild_points[key], natural_points[key]
            print(f"  {_name(key):<22} wilds {wild[0] / max(1.0, wild[1]):5.2f} "
                  f"(of {wild[1]:6.0f})  naturals {natural[0] / max(1.0, natural[1]):5.2f}")
        if pairs:
            classes = sorted({own for own, _ in pairs})
            print("  goes-out share by own class (rows) and the other seat's (columns):")
            print("        " + "".join(f"{other:>11}" for other in classes))
            for own in classes:
                cells = [pairs.get((own, other), []) for other in classes]
                print(f"  {own:>4}  " + "".join(
                    f"{statistics.fmean(c):6.2f} {len(c):>4}" if c else f"{'-':>11}"
                    for c in cells))
        if meetings:
            strength = out_strengths(meetings)
            print("  strength at going out (which of two seats goes out: s / (s + s_other)):")
            for key in sorted(strength):
                print(f"  {_name(key):<22} {strength[key]:5.2f}")
    if sink is not None:
        sink.close()


def out_strengths(meetings: list[tuple[tuple[int, bool], tuple[int, bool], int]],
                  rounds: int = 300) -> dict[tuple[int, bool], float]:
    """Bradley–Terry strengths of the hand classes, fitted to which of two seats went
    out (the minorization–maximization steps), scaled to a geometric mean of 1: the
    chance a class goes out against another is its strength over the pair's sum."""
    keys = {key for own, other, _ in meetings for key in (own, other)}
    wins: dict[tuple[int, bool], float] = defaultdict(float)
    for own, other, gone in meetings:
        wins[own if gone else other] += 1.0
    strength = dict.fromkeys(keys, 1.0)
    for _ in range(rounds):
        share: dict[tuple[int, bool], float] = defaultdict(float)
        for own, other, _ in meetings:
            step = 1.0 / (strength[own] + strength[other])
            share[own] += step
            share[other] += step
        strength = {key: max(1e-3, wins[key] / share[key]) for key in keys}
        mean = math.exp(statistics.fmean(math.log(value) for value in strength.values()))
        strength = {key: value / mean for key, value in strength.items()}
    return strength


def _is_wild(card: Any) -> bool:
    from cardtable.engine.cards import Rank
    return card.rank in (Rank.JOKER, Rank.TWO)


def _out_seat(points: tuple[int, ...]) -> int | None:
    zeros = [seat for seat, p in enumerate(points) if p == 0]
    return zeros[0] if len(zeros) == 1 else None


def _name(key: tuple[int, bool]) -> str:
    need, pressed = key
    status = f"down, {-need} left" if need < 0 else f"short {need}"
    return f"{status}, {'other down' if pressed else 'none down'}"


if __name__ == "__main__":
    main()
