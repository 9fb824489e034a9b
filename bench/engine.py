"""Engine speed figures, side by side with a peer. Prints numbers; asserts nothing.

    python3 bench/engine.py [--games N] [--steps N] [--repeats N] [--hands N] [--quick]
    .bench-venv/bin/python bench/engine.py --vs-rlcard     # rlcard installed in that venv
    python3 bench/engine.py --profile shanghai_may_i:4     # where one game's steps go

What each figure is, exactly:

* **µs per step.** One step = ``variant.apply(state, seat, action)`` + ``awaiting`` of the
  new state + ``variant.legal_actions(state, seat)`` for the first awaited seat, under
  uniform random legal play: a seeded ``random.Random`` picks among the listed actions
  and only apply + listing are timed (not the pick). Each game starts from
  ``new_game`` (untimed, like its first listing) with a fresh variant, as the app holds
  one per game. Random contract rummy, Five Crowns and Monastery would wander: their
  games run under the games' safety caps (60 turns a round; Monastery 3 rounds), and
  the output says so. A *block* plays seeded games to the end, one after another, until
  it holds at least ``--games`` games and ``--steps`` steps; every block of a figure
  replays the same games from cold bounded caches (``lru_cache(maxsize=…)``, lazy tables and
  module-level ``OrderedDict`` caches of ``cardtable`` cleared), so blocks repeat the
  same work and the min over them removes only the machine's noise. Per block: the
  median step (p50), the mean (total time / steps, where searches weigh in full) and
  the p99; each reported as the min over ``--repeats`` blocks.
* **rlcard gin rummy** (``--vs-rlcard``): ``GinRummyGame.step(action)`` (which also
  builds the next player's state dict) + ``game.judge.get_legal_actions()`` per step,
  random legal play, the same number of steps as our block, in blocks interleaved with
  ours (ours, rlcard, ours, rlcard …) in the same run. Ratio = ours / rlcard (< 1: ours
  is faster). rlcard is not a project dependency; without it the comparison is skipped.
* **searches**, each timed cold (the caches above cleared before every call), median
  and p99, each the min over min(``--repeats``, 3) passes over the same hands: Five
  Crowns' best arrangement of 13-card round-11 hands; the normal bot's whole
  best-discard decision on 14-card round-11 hands; the Shanghai contract search
  ``contract_search.best_go_down`` on 13-card hands and on 24-card hands holding exactly 4
  wilds (2s and jokers), cycling through every round's contract, for both games (May I
  dealt from ``deck(4)``, buying from ``deck(3)``).
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import os
import platform
import pstats
import random
import statistics
import sys
import time
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardtable.ai.five_crowns_bot import FiveCrownsStrategy  # noqa: E402
from cardtable.engine import five_crowns as fc  # noqa: E402
from cardtable.engine import five_crowns_deck, get_variant, variants  # noqa: E402

try:
    from cardtable.engine.contract_search import best_go_down  # noqa: E402
except ImportError:  # an older checkout, measured for a before/after table
    from cardtable.engine.contracts import best_go_down  # type: ignore[no-redef] # noqa: E402
from common import percentile

from cardtable.engine.rng import derive  # noqa: E402
from cardtable.engine.shanghai_rules import CONTRACTS  # noqa: E402

SEED = 1000
"""Games of a block are dealt with seeds SEED, SEED + 1, …; rlcard's likewise."""


def clear_caches() -> None:
    """Empty every bounded cache of ``cardtable``: ``lru_cache`` with a maxsize, lazily
    filled tables (``data.LazyTable``) and module-level ``OrderedDict`` LRUs. Unbounded
    ``@cache`` tables (decks, meld rules) and tables filled whole when first needed
    (``data.FilledTable``) hold constants and stay."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("cardtable.") or module is None:
            continue
        for value in list(vars(module).values()):
            if isinstance(value, type):
                continue
            if hasattr(value, "cache_parameters") and hasattr(value, "cache_clear"):
                if value.cache_parameters()["maxsize"] is not None:  # a functools cache
                    value.cache_clear()
            elif isinstance(value, OrderedDict):
                value.clear()


def machine_line() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (f"{cpu}, {os.cpu_count()} cores; {platform.system()} {platform.release()}; "
            f"{platform.python_implementation()} {platform.python_version()} "
            f"({sys.executable})")


# ------------------------------------------------------------------------ our engine

def caps(game_id: str) -> dict[str, int]:
    """The safety caps random play needs: without them random contract rummy, Five
    Crowns and Monastery rounds go on for a very long time."""
    fields = get_variant(game_id).options_type.__dataclass_fields__
    found = {}
    if "round_turn_limit" in fields:
        found["round_turn_limit"] = 60
    if "round_limit" in fields:
        found["round_limit"] = 3
    return found


def seat_counts(seats: range) -> list[int]:
    return sorted({min(seats), max(seats)} | ({4} if 4 in seats else set()))


class OurBlock:
    """Seeded random games of one of our games, played to the end one after another."""

    def __init__(self, game_id: str, seats: int) -> None:
        cls = get_variant(game_id)
        self.make = lambda: cls(cls.options_type(**caps(game_id)))
        self.seats = seats

    def run(self, min_steps: int, min_games: int,
            profiler: cProfile.Profile | None = None) -> tuple[list[float], int]:
        """Per-step times (s) and the number of games played."""
        clock = time.perf_counter
        times: list[float] = []
        games = 0
        while games < min_games or len(times) < min_steps:
            seed = SEED + games
            variant = self.make()
            state = variant.new_game(self.seats, seed).state
            rng = random.Random(seed)
            seat = variant.awaiting(state)[0]
            legal = variant.legal_actions(state, seat)
            apply, awaiting, legal_actions = variant.apply, variant.awaiting, \
                variant.legal_actions
            while True:
                action = rng.choice(legal)
                if profiler is not None:
                    profiler.enable()
                started = clock()
                state = apply(state, seat, action).state
                waiting = awaiting(state)
                if waiting:
                    seat = waiting[0]
                    legal = legal_actions(state, seat)
                times.append(clock() - started)
                if profiler is not None:
                    profiler.disable()
                if not waiting:
                    break
            if variant.outcome(state) is None:
                raise RuntimeError(f"{variant.id}: nobody awaited but the game is not over")
            games += 1
        return times, games


# --------------------------------------------------------------------------- the peer

def rlcard_version() -> str | None:
    try:
        import rlcard
        from rlcard.games.gin_rummy.game import GinRummyGame  # noqa: F401
    except ImportError:
        return None
    return getattr(rlcard, "__version__", "?")


def rlcard_block(steps: int) -> list[float]:
    """``steps`` steps of rlcard's gin rummy under random legal play: step + legal
    listing timed; a finished deal is followed by a new seeded game (untimed)."""
    import numpy
    from rlcard.games.gin_rummy.game import GinRummyGame

    clock = time.perf_counter
    times: list[float] = []
    seed = SEED
    while len(times) < steps:
        game = GinRummyGame()
        game.np_random = numpy.random.RandomState(seed)
        rng = random.Random(seed)
        game.init_game()
        judge = game.judge
        legal = judge.get_legal_actions()
        while legal and len(times) < steps:
            action = rng.choice(legal)
            started = clock()
            game.step(action)
            legal = judge.get_legal_actions()
            times.append(clock() - started)
        if not legal and not game.is_over():
            raise RuntimeError("rlcard: no legal action but the game is not over")
        seed += 1
    return times


# ---------------------------------------------------------------------------- steps

def figures(blocks: list[list[float]]) -> tuple[float, float, float]:
    """Min over blocks of the median, the mean and the p99, in µs."""
    return (min(statistics.median(b) for b in blocks) * 1e6,
            min(statistics.fmean(b) for b in blocks) * 1e6,
            min(percentile(b, 0.99) for b in blocks) * 1e6)


def step_table(args: argparse.Namespace, peer: bool) -> None:
    print(f"µs per step under uniform random legal play; ours = apply + awaiting + "
          f"legal_actions(first awaited seat); rlcard = gin rummy step + get_legal_actions; "
          f"a block = ≥{args.games} complete seeded games and ≥{args.steps} steps (rlcard "
          f"plays as many steps), blocks interleaved ours/rlcard; p50 = median step, "
          f"mean = block time / steps, p99; each the min over {args.repeats} blocks; "
          f"ratio = ours / rlcard (< 1: ours faster)")
    capped = "; ".join(f"{v.id} " + ", ".join(f"{k}={n}" for k, n in caps(v.id).items())
                       for v in variants() if caps(v.id))
    print(f"safety caps for random play (it would wander): {capped}")
    header = f"{'game':<16}{'seats':>5}{'games':>6}{'steps':>7} |{'ours p50':>9}" \
             f"{'mean':>7}{'p99':>8}"
    if peer:
        header += f" |{'rlcard p50':>11}{'mean':>7}{'p99':>8} |{'ratio p50':>10}{'mean':>6}"
    print(header)
    for variant in variants():
        if args.game and variant.id not in args.game:
            continue
        for seats in seat_counts(variant.seat_counts):
            ours = OurBlock(variant.id, seats)
            ours.run(min(200, args.steps), 0)  # imports and constant tables
            if peer:
                rlcard_block(200)
            our_blocks: list[list[float]] = []
            their_blocks: list[list[float]] = []
            games = 0
            for _ in range(args.repeats):
                clear_caches()
                times, games = ours.run(args.steps, args.games)
                our_blocks.append(times)
                if peer:
                    their_blocks.append(rlcard_block(len(times)))
            p50, mean, p99 = figures(our_blocks)
            line = f"{variant.id:<16}{seats:>5}{games:>6}{len(our_blocks[0]):>7} |" \
                   f"{p50:>9.1f}{mean:>7.1f}{p99:>8.1f}"
            if peer:
                r50, r_mean, r99 = figures(their_blocks)
                line += f" |{r50:>11.1f}{r_mean:>7.1f}{r99:>8.1f} |{p50 / r50:>10.2f}" \
                        f"{mean / r_mean:>6.2f}"
            print(line, flush=True)


def profile(spec: str, args: argparse.Namespace) -> None:
    """cProfile of the timed part of one block (apply + awaiting + legal_actions)."""
    game_id, _, seats = spec.partition(":")
    variant = get_variant(game_id)
    count = int(seats) if seats else 4 if 4 in variant.seat_counts else \
        min(variant.seat_counts)
    ours = OurBlock(game_id, count)
    ours.run(min(200, args.steps), 0)
    clear_caches()
    profiler = cProfile.Profile()
    times, games = ours.run(args.steps, args.games, profiler)
    print(f"profile of {game_id} at {count} seats: {len(times)} steps in {games} games, "
          f"apply + awaiting + legal_actions only; top 15 by cumulative time")
    stats = pstats.Stats(profiler, stream=sys.stdout)
    stats.sort_stats("cumulative").print_stats(15)


# --------------------------------------------------------------------------- searches

def timed(calls: list[Callable[[], Any]], passes: int) -> tuple[float, float]:
    """Median and p99 in ms, each call cold: the min over ``passes`` passes of each."""
    medians, p99s = [], []
    for _ in range(passes):
        times = []
        for call in calls:
            clear_caches()
            started = time.perf_counter()
            call()
            times.append(time.perf_counter() - started)
        medians.append(statistics.median(times))
        p99s.append(percentile(times, 0.99))
    return min(medians) * 1e3, min(p99s) * 1e3


def search_table(hands: int, passes: int) -> None:
    print(f"searches, each call cold (bounded caches cleared before it), {hands} hands each; "
          f"p50 and p99 each the min over {passes} passes:")
    rng, deck = random.Random(11), five_crowns_deck()
    thirteen = [tuple(rng.sample(deck, 13)) for _ in range(hands)]
    p50, p99 = timed([lambda h=hand: fc.arrange_hand(h, 11) for hand in thirteen], passes)
    print(f"  Five Crowns best arrangement (arrange_hand), random 13-card round-11 hands: "
          f"p50 {p50:.3f} ms, p99 {p99:.3f} ms", flush=True)

    strategy, variant = FiveCrownsStrategy(), fc.FiveCrowns()
    blank = variant.position(["", ""], round_number=11)
    views = []
    for _ in range(hands):
        hand = tuple(rng.sample(deck, 14))
        state = dataclasses.replace(blank, hands=(hand, ()), phase=fc.Phase.DISCARD)
        views.append(variant.observe(state, 0))
    p50, p99 = timed([lambda v=view: strategy.choose(v, derive(0)) for view in views],
                     passes)
    print(f"  Five Crowns normal bot's best-discard decision (whole choose), random 14-card "
          f"round-11 hands: p50 {p50:.3f} ms, p99 {p99:.3f} ms", flush=True)

    for game_id, decks_for in (("shanghai_may_i", 4), ("shanghai_buy", 3)):
        shanghai = get_variant(game_id)()
        cards = shanghai.deck(decks_for)
        wilds = [c for c in cards if shanghai.rules.is_wild(c)]
        naturals = [c for c in cards if not shanghai.rules.is_wild(c)]
        rng = random.Random(7)
        for size in (13, 24):
            calls = []
            for index in range(hands):
                hand = rng.sample(cards, 13) if size == 13 else \
                    rng.sample(wilds, 4) + rng.sample(naturals, 20)
                contract = CONTRACTS[index % len(CONTRACTS)]
                calls.append(lambda h=hand, c=contract, v=shanghai:
                             best_go_down(h, c, v.crules, v.points))
            p50, p99 = timed(calls, passes)
            what = "random 13-card hands" if size == 13 else \
                "random 24-card hands with exactly 4 wilds"
            print(f"  {game_id} contract search (best_go_down), {what} from deck("
                  f"{decks_for}), every round's contract: p50 {p50:.3f} ms, "
                  f"p99 {p99:.3f} ms", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2,
                        help="complete games per timed block, at least (default 2)")
    parser.add_argument("--steps", type=int, default=10000,
                        help="steps per timed block, at least (default 10000)")
    parser.add_argument("--repeats", type=int, default=5,
                        help="blocks per step figure; the min is reported (default 5)")
    parser.add_argument("--hands", type=int, default=2000,
                        help="hands per search figure (default 2000)")
    parser.add_argument("--vs-rlcard", action="store_true",
                        help="time rlcard's gin rummy beside ours (rlcard must be installed "
                             "in the Python that runs this)")
    parser.add_argument("--quick", action="store_true",
                        help="small sizes for a smoke run (1 game, 300 steps, 2 repeats, "
                             "100 hands)")
    parser.add_argument("--game", action="append", metavar="GAME",
                        help="step figures for this game only (repeatable); searches are "
                             "skipped")
    parser.add_argument("--profile", metavar="GAME[:SEATS]",
                        help="print a cProfile of one block of that game and stop")
    args = parser.parse_args()
    if args.quick:
        args.games, args.steps, args.repeats, args.hands = 1, 300, 2, 100
    print(machine_line())
    if args.profile:
        profile(args.profile, args)
        return
    peer = False
    if args.vs_rlcard:
        version = rlcard_version()
        peer = version is not None
        print(f"peer: rlcard {version} gin rummy" if peer else
              "rlcard is not installed in this Python: comparison skipped (bench/README.md)")
    started = time.perf_counter()
    unknown = sorted(set(args.game or ()) - {v.id for v in variants()})
    if unknown:
        parser.error(f"no such game: {', '.join(unknown)}")
    step_table(args, peer)
    if not args.game:
        search_table(args.hands, min(args.repeats, 3))
    print(f"total {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
