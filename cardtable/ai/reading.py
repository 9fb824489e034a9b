"""Reading opponents' hands from their public tells, for the Hard search's worlds.

A player who throws sevens is not collecting sevens; one who lets the 8♥ go is not
building hearts around it; one who took the 7♠ from the pile wants its neighbours. The
views hold what every seat did in public this round (``engine.tells``: the cards it
threw, the top discards it let go) and the cards it took from the pile and still holds
(``known``). For each opponent and each card he might hold, every way the card goes
with one of those cards (its rank, a run's neighbour in its suit, a neighbour in
another suit) multiplies its weight by a factor measured in Normal self-play; a
world's weight is the product over the cards dealt to the opponents, and :mod:`worlds`
draws the worlds in proportion to it. Wilds are never read from tells (any hand wants
them), only from a seat's public standing where a game says so (a Shanghai seat that
has gone down lays his wilds off). Each game registers its factors and wilds from its
own module (``register_reading``: ``five_crowns_reading``, ``shanghai_reading``,
``monastery_reading``).

Only the view is read (the reading is built from it before any world is dealt), so the
weights cannot tell the search anything a player at the table could not see.

Imports the engine only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from math import prod

from ..engine import Card, GameView, Rank
from ..engine.rummy import RummyView, seen_by
from ..engine.sampling import deck_less
from ..engine.variant import SomeVariant
from .worlds import Hands, WorldWeight, world_reading


class Source(Enum):
    """What a seat did with a card, in public."""

    THROWN = "thrown"
    PASSED = "passed"
    """Let go from the top of the discard pile."""
    TAKEN = "taken"
    """Took from the pile and still holds (``known``)."""


class Relation(Enum):
    """How a card goes with a card a seat threw, let go or took."""

    RANK = "rank"
    """The same rank (a set, a Five Crowns book)."""
    RUN = "run"
    """The same suit, one or two ranks apart (a run's neighbour)."""
    NEAR = "near"
    """Another suit, one or two ranks apart (a Monastery run takes any suits)."""


Feature = tuple[Source, Relation]
FEATURES: tuple[Feature, ...] = tuple((s, r) for s in Source for r in Relation)
Factors = dict[Feature, float]
"""The weight a card's relation to a seat's tells multiplies its chance of being in that
seat's hand by (a relation not listed: 1)."""
Triple = tuple[float, float, float]


def factor_table(thrown: Triple, passed: Triple, taken: Triple) -> Factors:
    """Factors by source, each (same rank, run neighbour, other-suit neighbour): the
    form ``bench/reading.py`` prints them in."""
    return {(source, relation): factor
            for source, factors in ((Source.THROWN, thrown), (Source.PASSED, passed),
                                    (Source.TAKEN, taken))
            for relation, factor in zip(Relation, factors)}


@dataclass(frozen=True)
class GameReading:
    """How one game's views are read: its factors by context, which context a view is
    in (Shanghai: the round's contract; ``""`` for a game with one), and its wilds."""

    factors: Mapping[str, Factors]
    wilds: Callable[[GameView], frozenset[Rank]]
    context: Callable[[GameView], str] = lambda view: ""
    """(A game with one context reads every view by ``factors[""]``.)"""
    seat_kind: Callable[[GameView, int], str] = lambda view, seat: ""
    """What an opponent's public standing says of his wilds (Shanghai: whether he has
    gone down), the key of ``wild_factors``."""
    wild_factors: Mapping[str, float] = field(default_factory=dict)
    """Per kind of seat, the factor of each wild in his hand (none: 1). No tell reads a
    wild, but a seat that has gone down lays his wilds off (measured: see the game)."""

    def factors_for(self, view: GameView) -> Factors:
        return self.factors.get(self.context(view), {})


_GAMES: dict[str, GameReading] = {}


def register_reading(game_id: str, reading: GameReading) -> None:
    """A draw-and-discard game's reading of its views, for the Hard search's worlds
    (called by the game's own AI module)."""
    if game_id in _GAMES:
        raise ValueError(f"two hand readings registered for {game_id}")
    _GAMES[game_id] = reading
    world_reading(game_id)(read_rummy)


def reading_of(game_id: str) -> GameReading | None:
    return _GAMES.get(game_id)


def rank_distance(one: Card, other: Card) -> int:
    """How many ranks apart two cards are, an ace counting low or high."""
    a, b = int(one.rank), int(other.rank)
    distance = abs(a - b)
    if Rank.ACE in (one.rank, other.rank):
        distance = min(distance, abs((14 if a == 1 else a) - (14 if b == 1 else b)))
    return distance


def relations(card: Card, told: Card) -> Iterable[Relation]:
    """How ``card`` goes with ``told`` (neither a wild)."""
    distance = rank_distance(card, told)
    if distance == 0:
        yield Relation.RANK
    elif distance <= 2:
        yield Relation.RUN if card.suit is told.suit else Relation.NEAR


@dataclass(frozen=True, slots=True)
class SeatTells:
    """One opponent's public record this round, as the reading uses it."""

    seat: int
    thrown: tuple[Card, ...]
    passed: tuple[Card, ...]
    taken: tuple[Card, ...]

    def by_source(self) -> tuple[tuple[Source, tuple[Card, ...]], ...]:
        return ((Source.THROWN, self.thrown), (Source.PASSED, self.passed),
                (Source.TAKEN, self.taken))


def seat_tells(view: RummyView, wilds: frozenset[Rank]) -> tuple[SeatTells, ...]:
    """Every opponent's tells, wilds left out: the reading's only input."""
    found = []
    for seat in range(view.seats):
        if seat == view.seat:
            continue
        cards = [tuple(c for c in cards if c.rank not in wilds) for cards in (
            view.tells.thrown_by(seat), view.tells.passed_by(seat), view.known[seat])]
        found.append(SeatTells(seat, *cards))
    return tuple(found)


def features_of(card: Card, tells: SeatTells) -> frozenset[Feature]:
    """Every (source, relation) by which ``card`` goes with this seat's tells."""
    return frozenset((source, relation) for source, cards in tells.by_source()
                     for told in cards for relation in relations(card, told))


@dataclass(frozen=True, slots=True)
class HandReading:
    """Per opponent, the factor of each unseen card that goes with his tells (any other
    card: 1)."""

    factors: tuple[tuple[int, tuple[tuple[Card, float], ...]], ...]

    def weigher(self) -> WorldWeight:
        """How well a dealt world's hands agree with the tells, relative to a uniform
        deal: the product of the factors of the cards dealt to the opponents."""
        tables = tuple((seat, dict(pairs)) for seat, pairs in self.factors)

        def weight(hands: Hands) -> float:
            return prod(prod(table.get(card, 1.0) for card in hands[seat])
                        for seat, table in tables)

        return weight


def unseen_of(variant: SomeVariant, view: RummyView) -> list[Card]:
    """The cards the view does not show, in deck order (each physical card once)."""
    return deck_less(variant.deck(view.seats), seen_by(view))


def read_hands(variant: SomeVariant, view: RummyView,
               factors: Factors | None = None) -> HandReading:
    """The reading of ``view``: each opponent's factor for each unseen card (by the
    game's registered factors unless others are given)."""
    game = _GAMES.get(variant.id)
    if game is None:
        return HandReading(())
    table = game.factors_for(view) if factors is None else factors
    wilds = game.wilds(view)
    unseen = unseen_of(variant, view)
    pool = [card for card in unseen if card.rank not in wilds]
    wild_pool = [card for card in unseen if card.rank in wilds]
    found = []
    for tells in seat_tells(view, wilds):
        pairs = []
        for card in pool:
            found_features = features_of(card, tells)
            # In FEATURES' fixed order, not the set's: a set of enums iterates in an
            # order that changes with the process's hash seed, and a product's last bit
            # with the order, so two processes could weigh a world otherwise.
            factor = prod(table.get(f, 1.0) for f in FEATURES if f in found_features)
            if factor != 1.0:
                pairs.append((card, factor))
        wild = game.wild_factors.get(game.seat_kind(view, tells.seat), 1.0)
        if wild != 1.0:
            pairs += [(card, wild) for card in wild_pool]
        if pairs:
            found.append((tells.seat, tuple(pairs)))
    return HandReading(tuple(found))


def read_rummy(variant: SomeVariant, view: GameView) -> WorldWeight | None:
    """The weight of a world dealt for a rummy view, or None where nothing is told."""
    if not isinstance(view, RummyView):
        return None
    reading = read_hands(variant, view)
    return reading.weigher() if reading.factors else None
