"""Calibrate the Five Crowns leaf value (``cardtable/ai/five_crowns_search.py``).

    python3 bench/five_crowns_leaf.py [--games N] [--seed S]

Normal plays itself (``--games`` games at 2 seats and half as many at 3). At the start
of every turn each seat's hand is read as the leaf reads it (its best arrangement's
penalty, its deadwood cards, the fewest deadwood cards of the others, how many turns
until it moves) and later paired with the points it scored when the round ended.
Prints the least-squares fit of those points on the features (the ``ROUND_POINTS``
coefficients), the residual spread of the round in play (``NOW_SPREAD``), the fit for a
seat still owed a final turn after someone went out (``FINAL_SHARE``), and each round's
spread of one seat's points (``ROUND_SPREAD``, from the sd of two seats' difference).
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def least_squares(rows: list[list[float]], targets: list[float]) -> list[float]:
    """Coefficients b minimising |X b - y| (normal equations, Gauss-Jordan)."""
    k = len(rows[0])
    a = [[sum(r[i] * r[j] for r in rows) for j in range(k)] for i in range(k)]
    b = [sum(r[i] * y for r, y in zip(rows, targets)) for i in range(k)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[pivot], b[col], b[pivot] = a[pivot], a[col], b[pivot], b[col]
        for r in range(k):
            if r != col and a[col][col]:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col])]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] if a[i][i] else 0.0 for i in range(k)]


def report(name: str, rows: list[list[float]], targets: list[float],
           labels: list[str]) -> tuple[list[float], float]:
    coef = least_squares(rows, targets)
    residuals = [y - sum(c * x for c, x in zip(coef, r)) for r, y in zip(rows, targets)]
    mean = sum(targets) / len(targets)
    total = sum((y - mean) ** 2 for y in targets)
    spread = math.sqrt(sum(e * e for e in residuals) / len(residuals))
    r2 = 1 - sum(e * e for e in residuals) / total
    print(f"{name}: {len(rows)} rows, R² {r2:.3f}, residual sd {spread:.2f}")
    for label, value in zip(labels, coef):
        print(f"    {label:<14}{value:8.3f}")
    return coef, spread


def main() -> None:
    from cardtable.ai import make_bot
    from cardtable.ai.five_crowns_search import hand_reading
    from cardtable.engine.five_crowns import ROUNDS, FiveCrowns, Phase

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    variant, normal = FiveCrowns(), make_bot("normal")
    mid_rows: list[list[float]] = []
    mid_y: list[float] = []
    final_rows: list[list[float]] = []
    final_y: list[float] = []
    diffs: dict[int, list[float]] = {r: [] for r in range(1, ROUNDS + 1)}
    tables = [2] * args.games + [3] * (args.games // 2)
    for game, seats in enumerate(tables):
        seed = args.seed + game
        state = variant.new_game(seats, seed).state
        pending: list[tuple[int, list[float], bool]] = []
        move = 0
        while variant.awaiting(state):
            seat = state.current
            if state.phase is Phase.DRAW:
                readings = [hand_reading(hand, state.round) for hand in state.hands]
                for i, (penalty, loose) in enumerate(readings):
                    if state.out_seat is None:
                        nearest = min(r[1] for j, r in enumerate(readings) if j != i)
                        after = (i - seat) % seats
                        pending.append((i, [1.0, penalty, loose, nearest, penalty * nearest,
                                            after], False))
                    elif i in state.final_pending:
                        pending.append((i, [penalty], True))
            playing = state.round
            view = variant.observe(state, seat)
            action = normal.choose(view, random.Random(f"{seed}:{move}"), 0.0, lambda: False)
            state = variant.apply(state, seat, action).state
            move += 1
            if state.round != playing or not variant.awaiting(state):
                points = state.round_points[-1]
                for i, row, final in pending:
                    (final_rows if final else mid_rows).append(row)
                    (final_y if final else mid_y).append(points[i])
                if seats == 2:
                    diffs[playing].append(points[0] - points[1])
                pending = []
    print(f"Normal self-play: {args.games} games at 2 seats, {args.games // 2} at 3 "
          f"(seeds from {args.seed})")
    report("ROUND_POINTS (nobody out yet)", mid_rows, mid_y,
           ["constant", "penalty", "loose", "nearest", "penalty*nearest", "turns_to_wait"])
    report("FINAL_SHARE (owed a final turn)", final_rows, final_y, ["penalty"])
    spreads = []
    for r in range(1, ROUNDS + 1):
        d = diffs[r]
        mean = sum(d) / len(d)
        spreads.append(math.sqrt(sum((x - mean) ** 2 for x in d) / len(d)) / math.sqrt(2))
    print("ROUND_SPREAD (sd of one seat's points, by round):",
          ", ".join(f"{s:.1f}" for s in spreads))


if __name__ == "__main__":
    main()
