"""How far can Hard's search go? Its win share against Normal when its worlds are not
guessed but true: an upper bound on what better reading of the opponents can give.

Duplicate deals as the tournament plays them (every rotation of the bots round the
table), with Hard's search (same candidates, budget, horizon, leaf and policy) run over:

- ``oracle-hands``: every world holds the opponents' real hands; the stock is shuffled
  per world (what perfect reading of the opponents could give, and no more);
- ``oracle-full``: every world is the real state, stock order too (perfect information:
  the bound of this search itself);
- Hard with other settings: ``hard/p384/h0/m1.0/c4`` (playouts, horizon, margin,
  candidates), and ``/w`` (Shanghai: Hard made to keep issue 38's habit goal, "a seat that
  never goes down holds at most one wild", as a rule, to measure what the habit costs:
  at a throw while not down holding two wilds or more, it throws its costliest wild
  instead of the card planned);
- or any bot ``make_bot`` knows (``hard``, ``hard:1`` for the hard heuristic with no
  search to speak of, ``hard:768``).

    python3 bench/ceiling.py --game five_crowns --bots oracle-hands,normal --deals 100 \
        --seed 1 --bot-seed 7 --jobs 2 [--record FILE]

prints each bot's win share (or, at three seats or more, its "ahead" share) with its
95 % interval over deals, and appends one JSON line per deal to ``--record`` (in the
tournament record's format, so runs pair deal by deal). Cheats on purpose: a bench, never
a level. Asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardtable.ai import make_bot  # noqa: E402
from cardtable.ai.bots import Bot  # noqa: E402
from cardtable.ai.hard import HardBot  # noqa: E402
from cardtable.ai.seats import ask, seat_to_ask  # noqa: E402
from cardtable.ai.worlds import Worlds  # noqa: E402
from cardtable.engine import Action, Discard, Game, GameView, SomeGame  # noqa: E402
from cardtable.engine.shanghai_rules import ShanghaiView, penalty  # noqa: E402
from cardtable.engine.variant import SeatedState  # noqa: E402
from cardtable.tournament import TournamentReport, format_tournament, seat_results  # noqa: E402
from cardtable.tournament_record import RecordWriter, read_record  # noqa: E402
from cardtable.tournament_results import DealResult, SeatResult  # noqa: E402

ORACLES = ("oracle-hands", "oracle-full")
_TRUTH: list[SeatedState] = []
"""The real state of the game being played, set before an oracle is asked (one game at a
time per process)."""


class _TrueWorlds(Worlds):
    """Worlds that are the real state: with its stock shuffled afresh for each world
    (``full`` False), or as it is (``full``)."""

    full = False

    def _deal(self, index: int) -> SeatedState:
        truth = _TRUTH[-1]
        if self.full:
            return truth
        return self.variant.settle(truth, random.Random(f"{self.seed}:world:{index}"))


class _FullWorlds(_TrueWorlds):
    full = True


class OracleBot(HardBot):
    """Hard whose worlds are the truth (see the module's docstring)."""

    def __init__(self, full: bool) -> None:
        super().__init__()
        self.name = "oracle-full" if full else "oracle-hands"
        self.worlds = _FullWorlds if full else _TrueWorlds


class WildThrowingBot(HardBot):
    """Hard made to throw its wilds when it is stuck (``/w``, see the module's
    docstring): a bench for the cost of the habit, never a level."""

    def choose(self, observation: GameView, rng: random.Random, deadline: float,
               should_stop: Callable[[], bool]) -> Action:
        move = super().choose(observation, rng, deadline, should_stop)
        if not isinstance(observation, ShanghaiView) or not isinstance(move, Discard):
            return move
        view, wild = observation, observation.crules.melds.is_wild
        wilds = [card for card in view.hand if wild(card)]
        if view.down[view.seat] or len(wilds) < 2 or wild(move.card):
            return move
        throw = Discard(max(wilds, key=lambda card: penalty(card, view.may_i)))
        return throw if throw in view.legal else move


def bot_named(name: str) -> Bot[GameView]:
    """An oracle, Hard with other settings (``hard/p384/h0/m1.0/c4``: playouts, horizon
    (0: to the round's end), margin in standard errors, candidates weighed at most; any
    may be left out), or any bot ``make_bot`` knows."""
    if name in ORACLES:
        return OracleBot(full=name == "oracle-full")
    if name.startswith("hard/"):
        settings = {part[0]: part[1:] for part in name.split("/")[1:]}
        kind = WildThrowingBot if "w" in settings else HardBot
        bot = kind(playouts=int(settings["p"]) if "p" in settings else None,
                   horizon=int(settings["h"]) if "h" in settings else None)
        if "m" in settings:
            bot.MARGIN = float(settings["m"])
        if "c" in settings:
            bot.MAX_CANDIDATES = int(settings["c"])
        bot.name = name
        return bot
    return make_bot(name)


def play_game(game_id: str, seats: int, deal: int, bots: Sequence[Bot[GameView]],
              bot_seed: int) -> tuple[SomeGame, int]:
    game, _ = Game.new(game_id, seats, deal)
    players = dict(enumerate(bots))
    steps = 0
    while not game.over:
        seat = seat_to_ask(game, players)
        assert seat is not None, f"deal {deal}: nobody to move"
        _TRUTH[:] = [game.state]
        game.apply(seat, ask(players[seat], game, seat, bot_seed))
        steps += 1
    return game, steps


def play_deal(game_id: str, names: Sequence[str], seats: int, deal: int,
              bot_seed: int) -> DealResult:
    results: list[SeatResult] = []
    steps = 0
    for rotation in range(seats):
        lineup = [names[(seat + rotation) % len(names)] for seat in range(seats)]
        game, made = play_game(game_id, seats, deal, [bot_named(n) for n in lineup], bot_seed)
        steps += made
        results += seat_results(game, lineup)
    return DealResult(deal, tuple(results), steps)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--bots", default="oracle-hands,normal")
    parser.add_argument("--seats", type=int, default=None)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot-seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--record", type=Path, default=None)
    args = parser.parse_args()
    names = tuple(args.bots.split(","))
    seats = args.seats or len(names)
    report = TournamentReport(args.game, seats, names, jobs=args.jobs)
    writer = None
    if args.record is not None:
        kept = read_record(args.record, args.game, seats, names)
        report.deals += kept.deals
        report.recorded = len(kept.deals)
        writer = RecordWriter(args.record, args.game, seats, names)
    done = {deal.deal for deal in report.deals}
    numbers = [n for n in range(args.seed, args.seed + args.deals) if n not in done]
    started = time.perf_counter()
    try:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            futures = [pool.submit(play_deal, args.game, names, seats, n, args.bot_seed)
                       for n in numbers]
            for future in futures:
                deal = future.result()
                report.deals.append(deal)
                report.played += 1
                report.played_steps += deal.steps
                if writer is not None:
                    writer.add(deal)
    finally:
        if writer is not None:
            writer.close()
    report.seconds = time.perf_counter() - started
    print(format_tournament(report))


if __name__ == "__main__":
    main()
