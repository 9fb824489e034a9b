"""Dealing out the cards a seat cannot see: one world consistent with its view.

A search over hidden information (the Hard AI) plays many possible worlds: each puts
every card the seat can see where it sees it, the cards other seats are known to hold
(taken from the discard pile, picked up from the stack) in their hands, and deals the
rest at random into the places it cannot see. Each game's ``determinize`` builds its
state around these helpers.

Standard library only.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from .cards import Card
from .errors import EngineError


class InconsistentViewError(EngineError):
    """The view's card counts do not add up to the game's deck (a bug, never play)."""


def unseen_cards(deck: Sequence[Card], seen: Iterable[Card], rng: random.Random) -> list[Card]:
    """The deck less every card seen (each a physical card: its copy number too), in a
    random order."""
    left = deck_less(deck, seen)
    rng.shuffle(left)
    return left


def deck_less(deck: Sequence[Card], seen: Iterable[Card]) -> list[Card]:
    """The deck less every card seen (each a physical card), in deck order."""
    counts = Counter(seen)
    left: list[Card] = []
    for card in deck:
        if counts[card]:
            counts[card] -= 1
        else:
            left.append(card)
    missing = +counts
    if missing:
        raise InconsistentViewError(
            f"cards seen that the deck does not hold: {sorted(c.code for c in missing)}")
    return left


def deal_hidden(pool: Sequence[Card], hidden: int, rng: random.Random,
                shuffle_rest: bool = True) -> tuple[list[Card], list[Card]]:
    """``hidden`` cards drawn at random from ``pool`` (in the order drawn), and the rest:
    shuffled, or left in the pool's order when ``shuffle_rest`` is false (a search that
    deals several worlds to keep one shuffles the kept one's rest alone). The pool is
    not changed. Drawing the hidden cards costs in proportion to their number, not the
    deck's."""
    if hidden > len(pool):
        raise InconsistentViewError("not enough unseen cards for the hidden hands")
    chosen = rng.sample(range(len(pool)), hidden)
    dealt = [pool[index] for index in chosen]
    taken = set(chosen)
    rest = [card for index, card in enumerate(pool) if index not in taken]
    if shuffle_rest:
        rng.shuffle(rest)
    return dealt, rest


def fill_hands(seat: int, own: tuple[Card, ...], sizes: Sequence[int],
               known: Sequence[tuple[Card, ...]], pool: list[Card]
               ) -> tuple[tuple[Card, ...], ...]:
    """Each hand: the seat's own as it is; another's, the cards known to be in it and
    the rest taken from the top of ``pool`` (already shuffled; taken cards are removed)."""
    hands: list[tuple[Card, ...]] = []
    for other, size in enumerate(sizes):
        if other == seat:
            hands.append(own)
            continue
        need = size - len(known[other])
        if need < 0 or need > len(pool):
            raise InconsistentViewError(f"seat {other} holds {size} cards")
        hands.append(known[other] + tuple(pool[len(pool) - need:]))
        del pool[len(pool) - need:]
    return tuple(hands)


def take(pool: list[Card], count: int, what: str) -> tuple[Card, ...]:
    """``count`` cards from the top of the shuffled pool."""
    if count > len(pool):
        raise InconsistentViewError(f"not enough unseen cards for {what}")
    taken = tuple(pool[len(pool) - count:])
    del pool[len(pool) - count:]
    return taken


def fresh_seed(rng: random.Random) -> int:
    """A seed for the world's future shuffles: the real seed would reveal the deals."""
    return rng.getrandbits(48)
