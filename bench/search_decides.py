"""Does Hard's search decide? Per game, how often it changes the move its heuristic
planned, and what those changes gain, played out from the true deal.

    python3 bench/search_decides.py [--positions N] [--streams K] [--games a,b] [--seed S]
                                    [--bot SPEC] [--margin M] [--horizon H] [--tree DIR]

Positions: seeded games played by Normal at every seat (each game at its smallest
table; Shanghai with buying: 3 seats), every eleventh position where the seat to move
has a real choice, ``--positions`` of them per game. At each, the shipped Hard
(``make_bot("hard")``) decides from the seat's view with the table's generator; its
heuristic's planned move is ``last_planned`` (or, in a Hard without it, the hard
strategy's move from the same generator).

Where the search changed the move, the bench, which knows the true deal, plays the rest
of the round from it twice, after Hard's move and after the planned one, with Normal at
every seat, on ``--streams`` random streams shared by both (common random numbers): a
stream reshuffles the cards no seat can see (the stock, Palace's face-down cards: no
view changes, so no decision made so far could have known their order) and gives the
bots their generator. A position's gain is Hard's value minus the planned move's,
averaged over its streams; the table shows the mean over the changed positions with a
95 % confidence interval (over positions), in the round's margin (the seat's standing
against the others' mean in the game's own score, higher better) and, where the game
registers a leaf value (:mod:`cardtable.ai.leaf`), in that chance of winning the game
read at the round's end. The last column spreads the same gains over every position
(an unchanged move gains nothing): what the search adds a decision, the figure to compare
between settings (``--bot hard:N`` for another budget, ``--margin`` and ``--horizon``
to try the search's other settings). Prints figures; asserts nothing.

The issue's target: the gain of the changes positive in every game.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

STRIDE = 11
MOVE_CAP = 3000
"""A rest of the round longer than this is valued as it stands (stock rebuilds)."""


def never() -> bool:
    return False


def positions(game_id: str, seats: int, count: int, seed: int) -> list[Any]:
    """Games (copies) stopped at ``count`` positions with a real choice, every
    ``STRIDE``-th along seeded Normal games."""
    from cardtable.ai import make_bot
    from cardtable.ai.seats import bot_rng, seat_to_ask
    from cardtable.engine import Game

    normal = make_bot("normal")
    kept: list[Any] = []
    choices = 0
    while len(kept) < count:
        game, _ = Game.new(game_id, seats, seed)
        seed += 1
        while not game.over and len(kept) < count:
            seat = seat_to_ask(game, range(seats))
            assert seat is not None
            view = game.observe(seat)
            if len(view.legal) > 1:
                if choices % STRIDE == 0:
                    kept.append(Game(game.variant, game.seats, game.seed, game.state,
                                     list(game.history)))
                choices += 1
            game.apply(seat, normal.choose(view, bot_rng(game, seat, 0), 0.0, never))
    return kept


def reshuffled(variant: Any, state: Any, seats: int, rng: random.Random) -> Any:
    """The state with the cards no seat can see put in a random order among their
    places, or the state itself where that would change some seat's view."""
    from cardtable.engine import from_json, to_json

    unseen = set.intersection(*(variant.hidden_from(state, seat)
                                for seat in range(seats)))
    codes = sorted(to_json(card) for card in unseen)
    order = codes[:]
    rng.shuffle(order)
    swap = dict(zip(codes, order, strict=True))

    def walk(value: Any) -> Any:
        if isinstance(value, str):
            return swap.get(value, value)
        if isinstance(value, list):
            return [walk(item) for item in value]
        if isinstance(value, dict):
            return {key: walk(item) for key, item in value.items()}
        return value

    shuffled = from_json(type(state), walk(to_json(state)))
    if any(variant.observe(shuffled, seat) != variant.observe(state, seat)
           for seat in range(seats)):
        return state
    return shuffled


def round_values(variant: Any, start: Any, seats: int, seat: int, action: Any,
                 stream: int, leaf: Any) -> tuple[float, float | None]:
    """The rest of the round after ``action``, Normal at every seat on this stream: the
    seat's margin, and the leaf's value if the game has one."""
    from cardtable.ai.bots import NormalBot
    from cardtable.ai.leaf import standing_margin
    from cardtable.engine.variant import round_of

    rng = random.Random(f"stream:{stream}")
    state = reshuffled(variant, start, seats, rng)
    state = variant.apply(state, seat, action).state
    normal = NormalBot()
    playing = round_of(start, 0)
    for _ in range(MOVE_CAP):
        if variant.outcome(state) is not None or round_of(state, 0) != playing:
            break
        awaiting = variant.awaiting(state)
        if not awaiting:
            break
        mover = awaiting[0]
        choice = normal.choose(variant.observe(state, mover), rng, math.inf, never)
        state = variant.apply(state, mover, choice).state
    chance = None
    if leaf is not None:
        try:
            chance = leaf.value(variant, state, seat)
        except Exception as error:  # noqa: BLE001  a leaf made for mid-round states
            print(f"  (the leaf value failed at a round's end: {error!r})", file=sys.stderr)
    return standing_margin(variant, state, seat), chance


def interval(gains: list[float]) -> str:
    if not gains:
        return f"{'-':>24}"
    mean = statistics.fmean(gains)
    half = 1.96 * statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else math.inf
    verdict = "positive" if mean - half > 0 else ("negative" if mean + half < 0 else "unclear")
    return f"{mean:+9.4f} ± {half:7.4f} {verdict:>8}"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--positions", type=int, default=100,
                        help="positions with a real choice per game (default 100)")
    parser.add_argument("--streams", type=int, default=16,
                        help="random streams each changed move is played out on (default 16)")
    parser.add_argument("--games", default="", help="comma-separated game ids (all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="hard", help="the Hard to measure (hard, hard:N)")
    parser.add_argument("--margin", type=float,
                        help="standard errors a rival must win by (HardBot.MARGIN)")
    parser.add_argument("--horizon", type=int, help="own turns a rollout plays")
    parser.add_argument("--kinds", action="store_true",
                        help="also the gain of the changes by kind (planned move → Hard's)")
    parser.add_argument("--tree", help="measure the cardtable checked out in this folder "
                        "instead of this one (another branch's worktree)")
    args = parser.parse_args()
    sys.path.insert(0, args.tree or str(ROOT))
    from cardtable.ai import make_bot
    from cardtable.ai.bots import NormalBot
    from cardtable.ai.leaf import leaf_for
    from cardtable.ai.seats import bot_rng, seat_to_ask
    from cardtable.engine import variants

    chosen = [v for v in sorted(variants(), key=lambda v: v.menu_order)
              if not args.games or v.id in args.games.split(",")]
    settings = [args.bot] + ([f"margin {args.margin}"] if args.margin is not None else []) \
        + ([f"horizon {args.horizon}"] if args.horizon is not None else [])
    print(f"Hard ({', '.join(settings)}); {args.positions} positions per game (seed {args.seed}); "
          f"each change played out on {args.streams} common streams by Normal at every seat")
    print(f"{'game':<16}{'seats':>5} {'changed':>12} | {'gain in round margin (95% CI)':>34}"
          f" | {'gain in leaf value (95% CI)':>34} | {'leaf gain a decision':>30} | {'s':>5}")
    for variant_type in chosen:
        began = time.monotonic()
        seats = variant_type.seat_counts.start
        hard, planner = make_bot(args.bot), NormalBot("hard")
        if args.margin is not None:
            hard.MARGIN = args.margin  # type: ignore[attr-defined]
        if args.horizon is not None:
            hard.horizon = args.horizon  # type: ignore[attr-defined]
        leaf = leaf_for(variant_type.id)
        margins: list[float] = []
        chances: list[float] = []
        kinds: dict[str, list[float]] = {}
        games = positions(variant_type.id, seats, args.positions, args.seed)
        for game in games:
            seat = seat_to_ask(game, range(seats))
            assert seat is not None
            view = game.observe(seat)
            searched = hard.choose(view, bot_rng(game, seat, 0), time.monotonic() + 60, never)
            planned = getattr(hard, "last_planned", None)
            if planned is None:
                planned = planner.choose(view, bot_rng(game, seat, 0), math.inf, never)
            if searched == planned:
                continue
            margin_gain: list[float] = []
            chance_gain: list[float] = []
            for stream in range(args.streams):
                ours = round_values(game.variant, game.state, seats, seat, searched, stream,
                                    leaf)
                theirs = round_values(game.variant, game.state, seats, seat, planned, stream,
                                      leaf)
                margin_gain.append(ours[0] - theirs[0])
                if ours[1] is not None and theirs[1] is not None:
                    chance_gain.append(ours[1] - theirs[1])
            margins.append(statistics.fmean(margin_gain))
            kind = f"{type(planned).__name__} → {type(searched).__name__}"
            kinds.setdefault(kind, []).append(margins[-1])
            if chance_gain:
                chances.append(statistics.fmean(chance_gain))
        spread = chances + [0.0] * (len(games) - len(chances))
        changed = f"{len(margins)}/{len(games)} {100 * len(margins) / len(games):3.0f}%"
        print(f"{variant_type.id:<16}{seats:>5} {changed:>12} | {interval(margins):>34} | "
              f"{interval(chances) if leaf is not None else 'no leaf value':>34} | "
              f"{interval(spread) if leaf is not None else '-':>30} | "
              f"{time.monotonic() - began:5.0f}", flush=True)
        if args.kinds:
            for kind, gains in sorted(kinds.items(), key=lambda item: -len(item[1])):
                print(f"    {kind:<30} {len(gains):>5} | {interval(gains):>34}")


if __name__ == "__main__":
    main()
