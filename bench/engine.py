"""Engine speed figures, side by side with a peer. Prints numbers; asserts nothing.

    python3 bench/engine.py [--steps N] [--repeats N] [--hands N] [--quick]
    .bench-venv/bin/python bench/engine.py --vs-rlcard     # with rlcard installed there

What it measures, exactly:

* **µs per step**: one step is ``apply`` of one action plus ``legal_actions`` of the
  seat to move next, under uniform random legal play (a seeded ``random.Random`` picks
  among the legal actions; the pick itself is not timed). Contract rummy and Monastery
  games run under their safety caps (60 turns a round; Monastery 3 rounds) because
  random play wanders for ever; a finished game is followed by a new deal. The figure is
  the *mean* µs per step (a step that runs a search counts in full), taken as the min
  over ``--repeats`` blocks of ``--steps`` steps since this machine is noisy; the median
  and p99 are the min over blocks likewise.
* **rlcard gin rummy** (``--vs-rlcard``), the peer the issue names: ``game.step`` plus
  ``judge.get_legal_actions`` per step under the same random play, in blocks
  interleaved with ours in the same run; the ratio is ours / rlcard (≤ 1 means we are
  at least as fast). rlcard is not a project dependency: install it in a separate
  environment (bench/README.md).
* **searches**: Five Crowns' least-penalty arrangement on 13-card round-11 hands; the
  Shanghai go-down search on 13-card hands and on 24-card hands holding exactly 4 wilds
  (a May I penalty hand), every round's contract, median and p99.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardtable.engine import five_crowns as fc  # noqa: E402
from cardtable.engine import five_crowns_deck, get_variant, variants  # noqa: E402

try:
    from cardtable.engine.contract_search import best_go_down  # noqa: E402
except ImportError:  # an older checkout, measured for a before/after table
    from cardtable.engine.contracts import best_go_down  # type: ignore[no-redef] # noqa: E402
from cardtable.engine.shanghai_rules import CONTRACTS  # noqa: E402


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


# ------------------------------------------------------------------------ our engine

def capped(game_id: str) -> Any:
    """The game's options with the safety caps random play needs."""
    variant = get_variant(game_id)
    fields = variant.options_type.__dataclass_fields__
    changes = {}
    if "round_turn_limit" in fields:
        changes["round_turn_limit"] = 60
    if "round_limit" in fields:
        changes["round_limit"] = 3
    return variant(variant.options_type(**changes))


class OurSteps:
    """Random legal play of one game, timed step by step."""

    def __init__(self, game_id: str, seats: int, seed: int) -> None:
        self.variant, self.seats, self.deals = capped(game_id), seats, seed
        self.rng = random.Random(seed)
        self._deal()

    def _deal(self) -> None:
        self.deals += 1
        self.state = self.variant.new_game(self.seats, self.deals).state
        self.seat = self.variant.awaiting(self.state)[0]
        self.legal = self.variant.legal_actions(self.state, self.seat)

    def block(self, steps: int) -> list[float]:
        variant, times = self.variant, []
        clock = time.perf_counter
        for _ in range(steps):
            action = self.rng.choice(self.legal)
            started = clock()
            self.state = variant.apply(self.state, self.seat, action).state
            awaiting = variant.awaiting(self.state)
            if awaiting:
                self.seat = awaiting[0]
                self.legal = variant.legal_actions(self.state, self.seat)
                times.append(clock() - started)
            else:
                times.append(clock() - started)
                self._deal()
        return times


# --------------------------------------------------------------------------- the peer

class RlcardSteps:
    """rlcard's gin rummy under the same random play (step + legal actions)."""

    def __init__(self, seed: int) -> None:
        import numpy
        from rlcard.games.gin_rummy.game import GinRummyGame

        self.game = GinRummyGame()
        self.game.np_random = numpy.random.RandomState(seed)
        self.rng = random.Random(seed)
        self.game.init_game()
        self.legal = self.game.judge.get_legal_actions()

    def block(self, steps: int) -> list[float]:
        game, times = self.game, []
        clock = time.perf_counter
        for _ in range(steps):
            action = self.rng.choice(self.legal)
            started = clock()
            game.step(action)
            if game.is_over():
                times.append(clock() - started)
                game.init_game()
                self.legal = game.judge.get_legal_actions()
                continue
            self.legal = game.judge.get_legal_actions()
            times.append(clock() - started)
        return times


def rlcard_available() -> bool:
    try:
        import rlcard  # noqa: F401
    except ImportError:
        return False
    return True


def summary(blocks: list[list[float]]) -> tuple[float, float, float]:
    """Min over blocks of the mean, the median and the p99, in µs."""
    return (min(statistics.fmean(b) for b in blocks) * 1e6,
            min(statistics.median(b) for b in blocks) * 1e6,
            min(percentile(b, 0.99) for b in blocks) * 1e6)


def step_table(steps: int, repeats: int, peer: bool) -> None:
    print("µs per step = apply + legal_actions of the next seat, uniform random legal play; "
          f"min over {repeats} blocks of {steps} steps of the block's mean / median / p99; "
          "ratio = our mean / rlcard's mean")
    header = f"{'game':<16}{'seats':>6}{'ours mean':>10}{'p50':>7}{'p99':>8}"
    if peer:
        header += f"{'rlcard mean':>12}{'p50':>7}{'p99':>8}{'ratio':>7}"
    print(header)
    for variant in variants():
        counts = sorted({min(variant.seat_counts), max(variant.seat_counts)}
                        | ({4} if 4 in variant.seat_counts else set()))
        for seats in counts:
            ours = OurSteps(variant.id, seats, 1)
            ours.block(steps // 4)  # warm caches and imports
            theirs = RlcardSteps(1) if peer else None
            our_blocks, their_blocks = [], []
            for _ in range(repeats):
                our_blocks.append(ours.block(steps))
                if theirs is not None:
                    their_blocks.append(theirs.block(steps))
            mean, p50, p99 = summary(our_blocks)
            line = f"{variant.id:<16}{seats:>6}{mean:>10.1f}{p50:>7.1f}{p99:>8.1f}"
            if theirs is not None:
                r_mean, r50, r99 = summary(their_blocks)
                line += f"{r_mean:>12.1f}{r50:>7.1f}{r99:>8.1f}{mean / r_mean:>7.2f}"
            print(line, flush=True)


# --------------------------------------------------------------------------- searches

def timed(calls: list[Callable[[], Any]]) -> tuple[float, float]:
    times = []
    for call in calls:
        started = time.perf_counter()
        call()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1e3, percentile(times, 0.99) * 1e3


def crowns_hands(count: int) -> list[tuple[Any, ...]]:
    rng, deck = random.Random(11), five_crowns_deck()
    return [tuple(rng.sample(deck, 13)) for _ in range(count)]


def search_table(hands: int) -> None:
    def arrange(hand: tuple[Any, ...]) -> Callable[[], Any]:
        def call() -> Any:
            fc._cached_arrangement.cache_clear()
            return fc.arrange_hand(hand, 11, discard=False)
        return call

    p50, p99 = timed([arrange(h) for h in crowns_hands(hands)])
    print(f"Five Crowns least-penalty arrangement, 13-card round-11 hands, {hands} hands, "
          f"cold cache: p50 {p50:.3f} ms, p99 {p99:.3f} ms")
    for game_id in ("shanghai_may_i", "shanghai_buy"):
        variant = get_variant(game_id)()
        deck = variant.deck(4 if game_id == "shanghai_may_i" else 3)
        wilds = [c for c in deck if variant.rules.is_wild(c)]
        naturals = [c for c in deck if not variant.rules.is_wild(c)]
        rng = random.Random(7)
        for size, wild_count in ((13, None), (24, 4)):
            calls = []
            for index in range(hands):
                if wild_count is None:
                    hand = rng.sample(deck, size)
                else:
                    hand = rng.sample(wilds, wild_count) + rng.sample(naturals,
                                                                      size - wild_count)
                contract = CONTRACTS[index % 7]
                calls.append(lambda h=hand, c=contract, v=variant:
                             best_go_down(h, c, v.crules, v.points))
            p50, p99 = timed(calls)
            what = "13-card hands" if wild_count is None else "24-card hands with 4 wilds"
            print(f"{game_id} go-down search, {what}, every round's contract, {hands} hands: "
                  f"p50 {p50:.3f} ms, p99 {p99:.3f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=2000, help="steps per timed block")
    parser.add_argument("--repeats", type=int, default=5, help="blocks per figure")
    parser.add_argument("--hands", type=int, default=2000, help="hands per search figure")
    parser.add_argument("--vs-rlcard", action="store_true",
                        help="time rlcard's gin rummy beside ours (needs rlcard installed)")
    parser.add_argument("--quick", action="store_true", help="small sizes, for a smoke run")
    args = parser.parse_args()
    if args.quick:
        args.steps, args.repeats, args.hands = 300, 2, 200
    print(f"Python {platform.python_version()} on {platform.machine()}, "
          f"{platform.system()}; cardtable engine from {Path(__file__).resolve().parents[1]}")
    peer = args.vs_rlcard and rlcard_available()
    if args.vs_rlcard and not peer:
        print("rlcard is not installed in this Python: comparison skipped "
              "(see bench/README.md)")
    step_table(args.steps, args.repeats, peer)
    search_table(args.hands)


if __name__ == "__main__":
    main()
