"""Fit the constants of Monastery's leaf value (cardtable/ai/monastery_search.py) from
Normal self-play.

    python3 bench/monastery_leaf.py [--games N] [--seed S] [--seats K]

Plays N games of Normal at every seat. At each turn's start it notes, for every seat,
how near its hand is to its nearest open mission (``seat_need``: cards lacking, capped),
whether it has laid a mission this round, whether another seat has, and then whether the
seat lays a (further) mission before the round ends, with the hand's outs
(``seat_outs``) and the fewest cards a seat down holds: the shares by row, and a
logistic fit of the chance on them (tried as the leaf; not kept: see the note in
cardtable/ai/monastery_search.py). At each round's start it notes every seat's lead in
missions and the missions the leader still lacks, and whether the seat wins the game: the spread of
the missions still to be made, per round left (``SPREAD``), is the one whose
``chance_ahead`` fits those outcomes best (least log loss over a grid).

Prints the tables and the fit; asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import defaultdict
from functools import lru_cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


OUTS_BANDS = (0, 4, 8, 14, 22, 32, 48)
"""Lower bounds of the bands of outs the table is split by."""


def outs_band(outs: int) -> int:
    return sum(1 for low in OUTS_BANDS if outs >= low) - 1


LOGIT_NEEDS = 4
"""Needs fitted apart (a hand lacking more is counted with the last: few are seen)."""


def fit_logit(rows: list[tuple[tuple[float, ...], bool]]) -> tuple[float, ...]:
    """Least log loss weights w of ``1 / (1 + exp(-(w0 + w1 x1 + …)))`` over rows of
    (x1, …) and outcome (Newton's method), with one made and one missed row at x = 0."""
    size = len(rows[0][0]) + 1 if rows else 1
    zero = (0.0,) * (size - 1)
    data = [((1.0, *x), float(made)) for x, made in rows] + [((1.0, *zero), 1.0),
                                                              ((1.0, *zero), 0.0)]
    w = [0.0] * size
    for _ in range(40):
        grad = [0.0] * size
        hess = [[0.0] * size for _ in range(size)]
        for x, y in data:
            p = 1 / (1 + math.exp(-sum(wi * xi for wi, xi in zip(w, x, strict=True))))
            for i in range(size):
                grad[i] += (y - p) * x[i]
                for j in range(size):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        step = solve(hess, grad)
        if step is None:
            break  # too few rows to fit every weight
        w = [wi + si for wi, si in zip(w, step, strict=True)]
    return tuple(w)


def solve(matrix: list[list[float]], vector: list[float]) -> list[float] | None:
    """x with matrix x = vector (Gaussian elimination), None if singular."""
    n = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-9:
            return None
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] / rows[i][i] for i in range(n)]


LEFT_CAP = 4
"""Cards left to a seat down counted at most (it holds 1 to 4 after laying, mostly)."""


def seat_outs(state: Any, seat: int) -> int:
    """Cards the seat cannot see (the stock, the other hands) that would bring its
    nearest open mission nearer: how live its hand is."""
    from cardtable.engine.missions import MISSIONS, tally_of

    done = state.done[seat]
    if len(done) == len(MISSIONS):
        return 0
    faces = useful_faces(tally_of(state.hands[seat]), done)
    outs = sum(1 for card in state.stock if card.face in faces)
    for other, hand in enumerate(state.hands):
        if other != seat:
            outs += sum(1 for card in hand if card.face in faces)
    return outs


@lru_cache(maxsize=1 << 14)
def useful_faces(counts: int, done: tuple[int, ...]) -> frozenset[str]:
    """The faces that, added to a hand of this tally, bring its nearest open mission
    nearer (only a mission at the nearest need can come nearer than it)."""
    from cardtable.engine.cards import standard_deck
    from cardtable.engine.missions import MISSIONS, card_tally, needed

    open_needs = [(needed(counts, number), number) for number in MISSIONS
                  if number not in done]
    nearest = min(need for need, _ in open_needs)
    if nearest == 0:
        return frozenset()
    return frozenset(card.face for card in standard_deck(1) if any(
        needed(counts + card_tally(card), number) < nearest
        for need, number in open_needs if need == nearest))


def main() -> None:
    from cardtable.ai import make_bot
    from cardtable.ai.leaf import chance_ahead
    from cardtable.ai.monastery_search import MAX_NEED, ROUND_RATE, seat_need
    from cardtable.ai.seats import bot_rng
    from cardtable.engine import Game
    from cardtable.engine.monastery import Phase

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--seats", type=int, default=2)
    args = parser.parse_args()

    normal = make_bot("normal")
    # (need, laid, other down) -> [times seen, times a mission followed this round]
    lays: dict[tuple[int, bool, bool], list[int]] = defaultdict(lambda: [0, 0])
    # (need, other down, outs) -> [seen, made], for a seat not down yet
    by_outs: dict[tuple[int, bool, int], list[int]] = defaultdict(lambda: [0, 0])
    # (need, other down) -> [(outs, made)], for a seat not down yet, to fit LAY_LOGIT
    raw: dict[tuple[int, bool], list[tuple[tuple[float, ...], bool]]] = defaultdict(list)
    # (need, cards left to the down seat nearest out) -> [seen, made], not down yet
    by_left: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0])
    starts: list[tuple[list[int], int]] = []  # (missions each seat holds, winner)
    rounds = missions = 0
    for game_number in range(args.games):
        game, _ = Game.new("monastery", args.seats, args.seed + game_number)
        pending: list[tuple[int, tuple[int, bool, bool], int]] = []
        game_starts: list[list[int]] = []
        seen_round = 0
        while not game.over:
            state = game.state
            if state.round != seen_round:
                seen_round = state.round
                game_starts.append([len(done) for done in state.done])
                rounds += 1
            if state.phase is Phase.DRAW:
                for seat in range(args.seats):
                    others = any(state.melds[s] for s in range(args.seats) if s != seat)
                    key = (seat_need(state, seat), bool(state.melds[seat]), others)
                    left = min((len(state.hands[s]) for s in range(args.seats)
                                if s != seat and state.melds[s]), default=0)
                    pending.append((seat, key, len(state.done[seat]), seat_outs(state, seat),
                                    left))
            seat = game.awaiting()[0]
            view = game.observe(seat)
            game.apply(seat, normal.choose(view, bot_rng(game, seat, 0), 0.0, lambda: False))
            after = game.state
            if after.round != state.round or game.over:
                for who, key, had, outs, left in pending:
                    made = len(after.done[who]) > had
                    lays[key][0] += 1
                    lays[key][1] += made
                    if not key[1]:
                        cell = by_outs[(min(MAX_NEED, key[0]), key[2], outs_band(outs))]
                        cell[0] += 1
                        cell[1] += made
                        need = min(LOGIT_NEEDS - 1, key[0])
                        features = () if need == 0 else (math.log1p(outs),) if not key[2] \
                            else (math.log1p(outs), float(min(left, LEFT_CAP)))
                        raw[(need, key[2])].append((features, made))
                        if key[2]:
                            cell = by_left[(min(LOGIT_NEEDS - 1, key[0]), min(left, 9))]
                            cell[0] += 1
                            cell[1] += made
                pending = []
        outcome = game.variant.outcome(game.state)
        assert outcome is not None
        winner = outcome.winners[0] if len(outcome.winners) == 1 else -1
        missions += sum(len(done) for done in game.state.done)
        starts.extend((counts, winner) for counts in game_starts)

    print(f"{args.games} games of Normal self-play, {args.seats} seats, {rounds} rounds")
    print(f"missions a seat makes a round: {missions / rounds / args.seats:.3f} "
          f"(ROUND_RATE in code: {ROUND_RATE})")
    print("chance of laying a mission before the round ends, by cards lacking "
          "(laid this round, another seat laid):")
    for laid in (False, True):
        for others in (False, True):
            cells = []
            for need in range(MAX_NEED + 1):
                seen, made = lays[(need, laid, others)]
                cells.append(f"{made / seen:5.3f} ({seen:>5})" if seen else "    -        ")
            print(f"  laid={laid!s:<5} other down={others!s:<5} " + " ".join(cells))
    print("as code (need 0.. for each of the four rows):")
    for laid in (False, True):
        for others in (False, True):
            row = []
            for need in range(MAX_NEED + 1):
                seen, made = lays[(need, laid, others)]
                row.append(round((made + 1) / (seen + 2), 3))
            print(f"    ({laid}, {others}): {tuple(row)},")

    print("not laid yet: chance by cards lacking (rows) and outs band "
          f"(columns, from {OUTS_BANDS}):")
    for others in (False, True):
        print(f"  other down={others}")
        for need in range(MAX_NEED + 1):
            cells = []
            for band in range(len(OUTS_BANDS)):
                seen, made = by_outs[(need, others, band)]
                cells.append(f"{made / seen:5.3f} ({seen:>5})" if seen else "    -        ")
            print(f"    need {need} " + " ".join(cells))
    print("as code (need 0.. rows, outs bands columns):")
    for others in (False, True):
        print(f"    {others}: (")
        for need in range(MAX_NEED + 1):
            row = tuple(round((by_outs[(need, others, band)][1] + 1)
                              / (by_outs[(need, others, band)][0] + 2), 3)
                        for band in range(len(OUTS_BANDS)))
            print(f"        {row},")
        print("    ),")

    print("logistic fit (the chance is 1 / (1 + exp(-(a + b log(1 + outs) "
          "+ c left)))), left: the fewest cards a seat down holds; need 0.. rows:")
    for others in (False, True):
        print(f"    {others}: (")
        for need in range(LOGIT_NEEDS):
            weights = ", ".join(f"{w:.3f}" for w in fit_logit(raw[(need, others)]))
            print(f"        ({weights}),  # {len(raw[(need, others)])} seen")
        print("    ),")

    print("not laid, another seat down: chance by cards lacking (rows) and the cards "
          "left in the down seat's hand (columns 0..9+):")
    for need in range(LOGIT_NEEDS):
        cells = []
        for left in range(10):
            seen, made = by_left[(need, left)]
            cells.append(f"{made / seen:4.2f} ({seen:>4})" if seen else "    -     ")
        print(f"    need {need} " + " ".join(cells))

    print("mean log(1 + outs) of a seat not down, by cards lacking 0..:")
    for others in (False, True):
        means = []
        for need in range(LOGIT_NEEDS):
            rows = raw[(need, others)]
            means.append(round(sum(x[0] for x, _ in rows) / len(rows), 3)
                         if rows and rows[0][0] else 0.0)
        print(f"    {others}: {tuple(means)},")

    best: tuple[float, float] | None = None
    for step in range(1, 41):
        spread = step * 0.1
        loss = 0.0
        for counts, winner in starts:
            left = 9 - max(counts)
            rounds_left = max(0.5, left / ROUND_RATE)
            for seat in range(args.seats):
                chance = chance_ahead(counts, seat, spread * math.sqrt(rounds_left), False)
                chance = min(1 - 1e-6, max(1e-6, chance))
                loss -= math.log(chance if winner == seat else 1 - chance)
        loss /= len(starts) * args.seats
        if best is None or loss < best[1]:
            best = (spread, loss)
    assert best is not None
    print(f"spread of missions per sqrt(round left) fitting the winners best: {best[0]:.1f} "
          f"(log loss {best[1]:.4f} over {len(starts)} round starts)")


if __name__ == "__main__":
    main()
