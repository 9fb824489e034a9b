"""The Shanghai estimate of how many cards a hand lacks (``cards_needed``) is unchanged
by its faster form: on thousands of hands, uniform and built near a contract (runs in
the making, sets of a rank, several wilds), in both games and with either house rule on
sets, it gives the answer of the estimate as first written (the reference)."""

from __future__ import annotations

import random

import pytest
from shanghai_needed_reference import needed

from cardtable.engine.cards import Card, Rank, Suit, standard_deck
from cardtable.engine.contracts import cards_needed
from cardtable.engine.shanghai_rules import CONTRACTS, contract_rules

SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def _uniform(rng: random.Random, deck: list[Card]) -> list[Card]:
    return rng.sample(deck, rng.randint(1, 16))


def _near_a_contract(rng: random.Random, deck: list[Card]) -> list[Card]:
    """Pieces of runs (same suit, ranks in a row, some gaps), of sets, a few wilds."""
    pool = list(deck)
    rng.shuffle(pool)
    hand: list[Card] = []

    def take(rank: int, suit: Suit | None) -> None:
        for card in pool:
            if int(card.rank) == rank and (suit is None or card.suit is suit):
                pool.remove(card)
                hand.append(card)
                return

    for _ in range(rng.randint(0, 3)):
        suit, low = rng.choice(SUITS), rng.randint(1, 12)
        for rank in range(low, min(14, low + rng.randint(2, 6))):
            if rng.random() < 0.8:
                take(rank if rank != 14 else 1, suit)
    for _ in range(rng.randint(0, 3)):
        rank = rng.randint(3, 13)
        for _ in range(rng.randint(2, 4)):
            take(rank, None)
    for _ in range(rng.randint(0, 4)):
        take(rng.choice((int(Rank.TWO), int(Rank.JOKER))), None)
    while len(hand) < rng.randint(3, 16) and pool:
        hand.append(pool.pop())
    rng.shuffle(hand)
    return hand[:16]


def _cases(seed: int, hands: int):
    """Random hands (uniform or near a contract), contracts and house rules, with the
    generator and the deck to draw more from."""
    rng = random.Random(seed)
    deck = list(standard_deck(3, 2))
    for _ in range(hands):
        may_i, same_rank = rng.random() < 0.5, rng.random() < 0.3
        crules = contract_rules(may_i, same_rank)
        contract = rng.choice(CONTRACTS)
        hand = (_uniform if rng.random() < 0.4 else _near_a_contract)(rng, deck)
        yield rng, deck, tuple(hand), contract, crules


def _check(seed: int, hands: int) -> None:
    for _, _, hand, contract, crules in _cases(seed, hands):
        assert cards_needed(hand, contract, crules) == needed(hand, contract, crules), \
            (hand, contract, crules)


def test_the_faster_estimate_agrees_with_the_first_on_thousands_of_hands() -> None:
    _check(38, 2000)


@pytest.mark.slow
def test_the_faster_estimate_agrees_with_the_first_on_many_more_hands() -> None:
    _check(3838, 15000)


def _check_without(seed: int, hands: int) -> None:
    from cardtable.engine.contracts import needs_without

    for rng, deck, hand, contract, crules in _cases(seed, hands):
        # Every card of the hand, in a shuffled order, and one it does not hold.
        cards = list(hand)
        rng.shuffle(cards)
        cards.append(rng.choice([c for c in deck if c not in hand]))
        expected = [needed([c for c in hand if c is not card], contract, crules)
                    for card in cards]
        assert needs_without(hand, cards, contract, crules) == expected, \
            (hand, contract, crules)


def test_the_need_less_each_card_is_the_need_of_the_hand_without_it() -> None:
    _check_without(380, 300)


@pytest.mark.slow
def test_the_need_less_each_card_is_the_need_of_the_hand_without_it_long() -> None:
    _check_without(38038, 4000)
