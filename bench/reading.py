"""How much the opponents' tells say about their hands, and how well the Hard search's
reading (``cardtable/ai/reading.py``) uses it.

    python3 bench/reading.py [--games N] [--test-games N] [--every K] [--game GAME]

Plays Normal self-play deals (3 seats; Shanghai with buying 4) and, every ``--every``
moves, looks at every seat's view. For each opponent and each unseen card that is not
wild it notes which of the reading's features the card has (it goes with a card the
opponent threw, let go or took: same rank, a run's neighbour in its suit, a neighbour
in another suit) and whether the opponent really holds it, against the chance a
uniform deal gives (his unseen cards over all unseen cards).

Calibration (deals 1..N): per feature, the ratio real / uniform (how much more or less
often a real hand holds such a card than a uniform deal), and the factors fitted jointly
by iterative scaling (a log-linear model, so a card with two relations is not counted
twice; relative to a card with none). The fitted factors are what ``FACTORS`` holds.

Proof (deals N+1..N+T, never used to fit): the mean log-likelihood per opponent hand
of the real hidden hands under the reading against a uniform deal (higher is better),
and the hit rate of the worlds the search draws (``worlds.Worlds``, read and not):
the share of the cards dealt to an opponent that he really holds.

With ``--moves N``: on N positions per game where the seat to move has a choice, how
often Hard (``--playouts`` a decision) moves otherwise with its worlds read than dealt
uniformly, from the same view and generator.

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardtable.ai import make_bot  # noqa: E402
from cardtable.ai.reading import (  # noqa: E402
    FEATURES,
    Feature,
    GameReading,
    Relation,
    Source,
    features_of,
    read_hands,
    reading_of,
    seat_tells,
    unseen_of,
)
from cardtable.ai.seats import bot_rng, seat_to_ask  # noqa: E402
from cardtable.ai.worlds import Worlds  # noqa: E402
from cardtable.engine import Game  # noqa: E402
from cardtable.engine.rummy import RummyView  # noqa: E402

GAMES = ("five_crowns", "shanghai_may_i", "shanghai_buy", "monastery")
SEATS = {"shanghai_buy": 4}
MOVES = 900
"""Moves played per deal (the first rounds: tells are per round)."""

Counts = dict[frozenset[Feature], list[float]]
"""Per set of features: [cards really held, cards a uniform deal holds (expected)]."""


def positions(game_id: str, seeds: range, every: int) -> Iterator[tuple[Game, int]]:
    """(game, seat) along Normal self-play deals, every few moves, each seat."""
    bot = make_bot("normal")
    for seed in seeds:
        game, _ = Game.new(game_id, SEATS.get(game_id, 3), seed)
        for move in range(MOVES):
            if game.over:
                break
            if move % every == every - 1:
                for seat in range(game.seats):
                    yield game, seat
            seat = seat_to_ask(game, range(game.seats))
            assert seat is not None
            game.apply(seat, bot.choose(game.observe(seat), bot_rng(game, seat, 0), 0.0,
                                        lambda: False))


def hidden_hand(game: Game, seat: int) -> set:
    state = game.state
    return set(state.hands[seat]) - set(state.known[seat])


def reading(game_id: str) -> GameReading:
    found = reading_of(game_id)
    assert found is not None, f"{game_id} registers no reading"
    return found


def count(game_id: str, seeds: range, every: int
          ) -> tuple[dict[str, Counts], dict[str, list[float]]]:
    """Per context (in Shanghai, the round's contract), the counts; and the counts of
    wilds, per kind of seat holding them (``seat_kind``)."""
    by_context: dict[str, Counts] = {}
    wild_counts: dict[str, list[float]] = {}
    game_reading = reading(game_id)
    for game, seat in positions(game_id, seeds, every):
        view = game.observe(seat)
        assert isinstance(view, RummyView)
        counts = by_context.setdefault(game_reading.context(view),
                                       defaultdict(lambda: [0.0, 0.0]))
        wilds = game_reading.wilds(view)
        unseen = unseen_of(game.variant, view)
        for tells in seat_tells(view, wilds):
            hidden = hidden_hand(game, tells.seat)
            uniform = len(hidden) / len(unseen)
            kind = game_reading.seat_kind(view, tells.seat)
            for card in unseen:
                if card.rank in wilds:
                    wild = wild_counts.setdefault(kind, [0.0, 0.0])
                    wild[0] += card in hidden
                    wild[1] += uniform
                    continue
                row = counts[features_of(card, tells)]
                row[0] += card in hidden
                row[1] += uniform
    return by_context, wild_counts


def marginal(counts: Counts) -> dict[Feature, tuple[float, float]]:
    """Per feature: (ratio real / uniform, cards seen with it)."""
    found = {}
    for feature in FEATURES:
        held = sum(r[0] for k, r in counts.items() if feature in k)
        expected = sum(r[1] for k, r in counts.items() if feature in k)
        if expected:
            found[feature] = (held / expected, expected)
    return found


def fitted(counts: Counts, rounds: int = 200) -> dict[Feature, float]:
    """Factors f (and a base b) such that b * prod(f of a card's features) * uniform
    matches the cards really held, per feature and in all (generalized iterative
    scaling); returned relative to b."""
    factors = dict.fromkeys(FEATURES, 1.0)
    base = 1.0
    for _ in range(rounds):
        model = {k: base * math.prod(factors[f] for f in k) * r[1] for k, r in counts.items()}
        base *= sum(r[0] for r in counts.values()) / sum(model.values())
        for feature in FEATURES:
            held = sum(r[0] for k, r in counts.items() if feature in k)
            expect = sum(base * math.prod(factors[f] for f in k) * r[1]
                         for k, r in counts.items() if feature in k)
            if held and expect:
                factors[feature] *= (held / expect) ** 0.5  # damped: features overlap
    return factors


def proof(game_id: str, seeds: range, every: int, worlds: int) -> tuple[float, float, float]:
    """(log-likelihood gain per opponent hand in nats, hit rate read, hit rate uniform)."""
    gain = 0.0
    hands = 0
    hits = {True: 0, False: 0}
    dealt = 0
    for index, (game, seat) in enumerate(positions(game_id, seeds, every)):
        view = game.observe(seat)
        assert isinstance(view, RummyView)
        reading = read_hands(game.variant, view)
        tables = dict((s, dict(pairs)) for s, pairs in reading.factors)
        unseen = unseen_of(game.variant, view)
        for tells in seat_tells(view, frozenset()):
            hidden = hidden_hand(game, tells.seat)
            if not hidden:
                continue
            table = tables.get(tells.seat, {})
            weights = [table.get(card, 1.0) for card in unseen]
            total = sum(weights)
            for card, w in zip(unseen, weights):
                p_read = min(0.999, len(hidden) * w / total)
                p_flat = len(hidden) / len(unseen)
                if card in hidden:
                    gain += math.log(p_read) - math.log(p_flat)
                else:
                    gain += math.log(1 - p_read) - math.log(1 - p_flat)
            hands += 1
        for read in (True, False):
            sampled = Worlds(game.variant, view, index, read)
            for n in range(worlds):
                world = sampled[n]
                for other in range(game.seats):
                    if other == seat:
                        continue
                    hidden = hidden_hand(game, other)
                    held = set(world.hands[other]) - set(view.known[other])
                    hits[read] += len(held & hidden)
                    if read:
                        dealt += len(held)
    return gain / max(1, hands), hits[True] / max(1, dealt), hits[False] / max(1, dealt)


def changed_moves(game_id: str, seeds: range, every: int, wanted: int,
                  playouts: int) -> tuple[int, int]:
    """(decisions where Hard read and Hard unread chose differently, decisions)."""
    import random

    from cardtable.ai.hard import HardBot

    read, flat = HardBot(playouts=playouts), HardBot(playouts=playouts, read=False)
    changed = looked = 0
    for index, (game, seat) in enumerate(positions(game_id, seeds, every)):
        if seat not in game.awaiting() or len(game.legal_actions(seat)) < 2:
            continue
        view = game.observe(seat)
        moves = [bot.choose(view, random.Random(index), 0.0, lambda: False)
                 for bot in (read, flat)]
        changed += moves[0] != moves[1]
        looked += 1
        if looked >= wanted:
            break
    return changed, looked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40, help="deals to calibrate on")
    parser.add_argument("--test-games", type=int, default=10, help="deals to prove on")
    parser.add_argument("--every", type=int, default=5, help="moves between looks")
    parser.add_argument("--worlds", type=int, default=4, help="worlds drawn per look")
    parser.add_argument("--game", action="append", choices=GAMES)
    parser.add_argument("--moves", type=int, default=0,
                        help="positions to compare Hard's moves read and not on")
    parser.add_argument("--playouts", type=int, default=48, help="Hard's budget for --moves")
    parser.add_argument("--proof-only", action="store_true",
                        help="skip the calibration: only the proof, of the factors in code")
    args = parser.parse_args()
    for game_id in args.game or GAMES:
        print(f"{game_id} ({SEATS.get(game_id, 3)} seats, deals 1-{args.games}, "
              f"every {args.every} moves)")
        fits, wild_counts = ({}, {}) if args.proof_only else \
            count(game_id, range(1, args.games + 1), args.every)
        for key, counts in sorted(fits.items()):
            ratios, fit = marginal(counts), fitted(counts)
            print(f"  {key!r}: {'feature':<16}{'cards':>9}{'real/uniform':>14}{'fitted':>9}"
                  f"{'in code':>9}")
            for feature in FEATURES:
                ratio, seen = ratios.get(feature, (math.nan, 0.0))
                name = f"{feature[0].value} {feature[1].value}"
                shipped = reading(game_id).factors.get(key, {}).get(feature, 1.0)
                print(f"  {' ' * len(repr(key))}  {name:<16}{seen:>9.0f}{ratio:>14.2f}"
                      f"{fit[feature]:>9.2f}{shipped:>9.2f}")
            print(f"    {key!r}: factor_table(" + ", ".join(
                f"{source.value}=(" + ", ".join(f"{fit[source, relation]:.2f}"
                                                for relation in Relation) + ")"
                for source in Source) + "),")
        for kind, (held, expected) in sorted(wild_counts.items()):
            print(f"  wilds held by a seat of kind {kind!r}: {held / expected:.2f} of a "
                  f"uniform deal's ({expected:.0f} cards)")
        first = args.games + 1
        gain, read, flat = proof(game_id, range(first, first + args.test_games), args.every,
                                 args.worlds)
        print(f"  proof on deals {first}-{first + args.test_games - 1}: log-likelihood "
              f"{gain:+.3f} nats per opponent hand over uniform; worlds' hit rate "
              f"{read:.3f} read vs {flat:.3f} uniform")
        if args.moves:
            changed, looked = changed_moves(game_id, range(first, first + 100), 7,
                                            args.moves, args.playouts)
            print(f"  Hard ({args.playouts} playouts) moves otherwise when it reads: "
                  f"{changed} of {looked} decisions")


if __name__ == "__main__":
    main()
