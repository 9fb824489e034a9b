"""Fit Palace's leaf value (cardtable/ai/palace_search.py) to Normal's self-play.

    python3 bench/palace_leaf.py [--games 1500] [--seed 10000]

Plays two-seat games of Normal against Normal; at every third state of play it records
the difference of the two seats' burden features (the other seat's less seat 0's, see
``palace_search.FEATURES``), whether seat 0 is to move, and whether seat 0 won. Fits a
logistic model (Newton's method, no intercept: the seats are alike but for the move),
one while the deck lasts and one once it is gone, and prints each feature's weight, the
log loss against a coin's (0.693), and the constants to paste into the module. While the
deck lasts only ``DECK_FEATURES`` are fitted (the others are left at 0). Prints
figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

Row = tuple[list[float], int]


def games(count: int, seed: int) -> tuple[list[Row], list[Row]]:
    """(rows while the deck lasts, rows once it is gone) of ``count`` games."""
    from cardtable.ai import make_bot
    from cardtable.ai.palace_search import burden_features
    from cardtable.ai.seats import bot_rng, seat_to_ask
    from cardtable.engine import Game
    from cardtable.engine.palace import PalaceState, Phase

    bot = make_bot("normal")
    deck_rows: list[Row] = []
    dry_rows: list[Row] = []
    for number in range(count):
        game, _ = Game.new("palace", 2, seed + number)
        seen: list[tuple[list[float], bool]] = []
        step = 0
        while not game.over:
            state = game.state
            assert isinstance(state, PalaceState)
            if state.phase is Phase.PLAY and step % 3 == 0:
                mine, theirs = burden_features(state, 0), burden_features(state, 1)
                diff = [float(b - a) for a, b in zip(mine, theirs)]
                seen.append(([*diff, 1.0 if state.current == 0 else -1.0], bool(state.deck)))
            step += 1
            seat = seat_to_ask(game, range(2))
            assert seat is not None
            game.apply(seat, bot.choose(game.observe(seat), bot_rng(game, seat, 0), 0.0,
                                        lambda: False))
        outcome = game.variant.outcome(game.state)
        if outcome is None or not outcome.winners:
            continue  # a draw at the cap says nothing
        won = int(outcome.winners == (0,))
        for features, deck in seen:
            (deck_rows if deck else dry_rows).append((features, won))
    return deck_rows, dry_rows


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix⁻¹ · vector`` by Gaussian elimination with partial pivoting."""
    size = len(vector)
    rows = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        if abs(rows[col][col]) < 1e-12:
            continue
        for r in range(size):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col])]
    return [rows[i][size] / rows[i][i] if abs(rows[i][i]) > 1e-12 else 0.0
            for i in range(size)]


def fit(rows: list[Row], ridge: float = 1.0) -> tuple[list[float], float]:
    """Logistic weights (a little ridge keeps an unused feature at 0) and the log loss."""
    size = len(rows[0][0])
    weights = [0.0] * size
    for _ in range(12):
        gradient = [-ridge * w for w in weights]
        hessian = [[ridge if i == j else 0.0 for j in range(size)] for i in range(size)]
        for x, y in rows:
            p = 1 / (1 + math.exp(-sum(w * v for w, v in zip(weights, x))))
            for i in range(size):
                gradient[i] += (y - p) * x[i]
                for j in range(i, size):
                    hessian[i][j] += p * (1 - p) * x[i] * x[j]
        for i in range(size):
            for j in range(i):
                hessian[i][j] = hessian[j][i]
        step = solve(hessian, gradient)
        weights = [w + s for w, s in zip(weights, step)]
    loss = 0.0
    for x, y in rows:
        z = sum(w * v for w, v in zip(weights, x))
        loss += math.log1p(math.exp(-abs(z))) + max(z, 0.0) - y * z
    return weights, loss / len(rows)


def main() -> None:
    from cardtable.ai.palace_search import DECK_FEATURES, FEATURES

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=10000)
    args = parser.parse_args()
    deck_rows, dry_rows = games(args.games, args.seed)
    names = [*FEATURES, "to move"]
    kept = [FEATURES.index(name) for name in DECK_FEATURES] + [len(FEATURES)]
    for label, rows in (("DECK", deck_rows), ("DRY", dry_rows)):
        if label == "DECK":  # only what shedding changes for sure (see DECK_FEATURES)
            rows = [([x[i] if i in kept else 0.0 for i in range(len(x))], y)
                    for x, y in rows]
        weights, loss = fit(rows)
        print(f"{label}: {len(rows)} states, log loss {loss:.4f} (a coin: 0.6931)")
        for name, weight in zip(names, weights):
            print(f"  {name:<8} {weight:+.3f}")
        print(f"  WEIGHTS_{label} = ({', '.join(f'{w:.3f}' for w in weights[:-1])})"
              f"  TO_MOVE_{label} = {weights[-1]:.3f}")


if __name__ == "__main__":
    main()
