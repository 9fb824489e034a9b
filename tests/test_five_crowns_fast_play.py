"""Five Crowns' fast rollouts play exactly as before: the arrangement search, Normal's
decisions and the leaf's reading agree with the code as it was (``five_crowns_reference``,
nothing cached) on thousands of hands: uniform, dense (few suits and ranks, both copies of
a face), wild-heavy, one card from going out, and walks where a hand gains and loses a card
at a time, as in play, so that whatever the fast code remembers from one hand is reused on
the next. Every comparison is of the whole answer (melds, their order, the deadwood, the
discard; the move and the generator's state after it). The long runs are marked ``slow``.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import five_crowns_reference as reference
import pytest

from cardtable.ai.five_crowns_bot import (
    _potentials_without,
    choose_draw,
    finish_turn,
    hand_score,
    plan_discard,
    potential,
)
from cardtable.ai.five_crowns_search import expected_points, hand_reading
from cardtable.engine import Card, best_arrangement, five_crowns_deck, parse_cards
from cardtable.engine import arrange as arrange_search
from cardtable.engine.cards import CROWNS_SUITS, Rank
from cardtable.engine.five_crowns import (
    FiveCrowns,
    FiveCrownsState,
    Phase,
    arrange_hand,
    meld_rules,
    points_function,
    wild_rank,
)

DECK = five_crowns_deck()
Hand = tuple[Card, ...]


# --- hands ------------------------------------------------------------------------

def _wilds(round_number: int) -> list[Card]:
    rules = meld_rules(round_number)
    return [card for card in DECK if rules.is_wild(card)]


def _naturals(round_number: int) -> list[Card]:
    rules = meld_rules(round_number)
    return [card for card in DECK if not rules.is_wild(card)]


def uniform_hand(rng: random.Random, round_number: int, size: int) -> Hand:
    return tuple(rng.sample(DECK, size))


def dense_hand(rng: random.Random, round_number: int, size: int) -> Hand:
    """One or two suits in a short window of ranks (both copies of each face), a book
    rank or two, and up to three wilds: every card fits several melds."""
    suits = rng.sample(CROWNS_SUITS, rng.randint(1, 2))
    low = rng.randint(3, 10)
    window = range(low, low + rng.randint(3, 6))
    books = set(rng.sample(range(3, 14), rng.randint(0, 2)))
    pool = [card for card in _naturals(round_number)
            if (card.suit in suits and card.rank in window) or card.rank in books]
    wilds = rng.sample(_wilds(round_number), rng.randint(0, 3))
    naturals = rng.sample(pool, min(len(pool), max(0, size - len(wilds))))
    hand = wilds + naturals
    rng.shuffle(hand)
    return tuple(hand)


def wild_heavy_hand(rng: random.Random, round_number: int, size: int) -> Hand:
    """Three to eleven wilds and a few naturals, often one suit near a full run: spare
    wilds beyond the runs' room (FC-A4, FC-A5)."""
    wilds = rng.sample(_wilds(round_number), min(size, rng.randint(3, 11)))
    if rng.random() < 0.5:
        suit = rng.choice(CROWNS_SUITS)
        pool = [card for card in _naturals(round_number) if card.suit is suit]
    else:
        pool = _naturals(round_number)
    naturals = rng.sample(pool, min(len(pool), max(0, size - len(wilds))))
    hand = wilds + naturals
    rng.shuffle(hand)
    return tuple(hand)


def near_out_hand(rng: random.Random, round_number: int, size: int) -> Hand:
    """Books and runs (some with wilds) plus a card, so the hand goes out; half the time
    one card is then swapped for another (one card from going out)."""
    rules = meld_rules(round_number)
    wilds = _wilds(round_number)
    free = [card for card in DECK if not rules.is_wild(card)]
    hand: list[Card] = []
    while len(hand) < size - 1:
        length = min(size - 1 - len(hand), rng.randint(3, 6))
        if length < 3:
            break
        if rng.random() < 0.5:  # a book
            rank = rng.choice([card.rank for card in free])
            group = [card for card in free if card.rank == rank][:length]
        else:  # a run
            suit = rng.choice(CROWNS_SUITS)
            start = rng.randint(3, 14 - length)
            group = [card for card in free if card.suit is suit
                     and start <= card.rank < start + length]
            group = list({card.rank: card for card in group}.values())
        spare = [card for card in wilds if card not in hand]
        group = [rng.choice(spare) if spare and rng.random() < 0.25 else card
                 for card in group]
        group = list(dict.fromkeys(group))
        hand += [card for card in group if card not in hand]
        free = [card for card in free if card not in hand]
    rest = [card for card in DECK if card not in hand]
    hand.append(rng.choice(rest))
    if rng.random() < 0.5:
        rest = [card for card in DECK if card not in hand]
        hand[rng.randrange(len(hand))] = rng.choice(rest)
    rng.shuffle(hand)
    return tuple(hand)


KINDS = (uniform_hand, dense_hand, wild_heavy_hand, near_out_hand)


def hands(seed: int, count: int) -> Iterator[tuple[Hand, int]]:
    """``count`` hands of every kind, in every round, of 1 to 14 cards; then each hand's
    walk: a card drawn, a card thrown, as in play."""
    rng = random.Random(seed)
    for index in range(count):
        round_number = rng.randint(1, 11)
        kind = KINDS[index % len(KINDS)]
        hand = kind(rng, round_number, rng.randint(1, 14))
        yield hand, round_number
        for _ in range(rng.randint(0, 4)):
            rest = [card for card in DECK if card not in hand]
            if len(hand) < 14 and (len(hand) < 2 or rng.random() < 0.5):
                hand = hand + (rng.choice(rest),)
            else:
                hand = tuple(card for card in hand if card is not rng.choice(hand))
            yield hand, round_number


# --- the arrangement ---------------------------------------------------------------

def whole(arrangement: object) -> tuple[object, ...]:
    """Everything an arrangement says (the reference has its own class)."""
    return tuple(getattr(arrangement, name) for name in
                 ("melds", "deadwood", "discard", "penalty", "goes_out"))


def check_arrangement(hand: Hand, round_number: int, rng: random.Random) -> None:
    rules, points = meld_rules(round_number), points_function(round_number)
    for discard in (False, True):
        if discard and not hand:
            continue
        expected = reference.best_arrangement(hand, rules, points, discard=discard)
        assert whole(best_arrangement(hand, rules, points, discard=discard)) == \
            whole(expected), (hand, round_number, discard)
        assert whole(arrange_hand(hand, round_number, discard)) == \
            whole(reference.arrange_hand(hand, round_number, discard)), (hand, round_number)
        if not discard:  # the leaf's reading, with no arrangement built
            assert arrange_search.penalty_and_loose(hand, rules, points) == \
                (expected.penalty, len(expected.deadwood)), (hand, round_number)
    if len(hand) > 1:
        keep = tuple(rng.sample(hand, rng.randint(1, min(2, len(hand) - 1))))
        assert whole(best_arrangement(hand, rules, points, discard=True, keep=keep)) == \
            whole(reference.best_arrangement(hand, rules, points, discard=True, keep=keep)), \
            (hand, round_number, keep)


def test_the_arrangement_search_finds_what_it_found_before() -> None:
    rng = random.Random(1)
    for hand, round_number in hands(1, 120):
        check_arrangement(hand, round_number, rng)


@pytest.mark.slow
def test_the_arrangement_search_finds_what_it_found_before_many() -> None:
    rng = random.Random(2)
    for hand, round_number in hands(2, 1000):
        check_arrangement(hand, round_number, rng)


def test_a_memo_that_starts_afresh_finds_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shared memo is cleared when full (and when a fourth round's is made): what
    the search finds does not depend on what it remembered."""
    monkeypatch.setattr(arrange_search, "_MEMO_LIMIT", 40)
    rng = random.Random(6)
    for hand, round_number in hands(6, 40):
        check_arrangement(hand, round_number, rng)


def test_hands_the_shared_memo_cannot_number_are_searched_alike() -> None:
    """A third copy of a face (not in the Five Crowns deck; a scenario may write one)
    gets a memo of its own, numbered by its place in the hand."""
    rng = random.Random(7)
    for _ in range(60):
        round_number = rng.randint(1, 11)
        faces = [card for card in DECK if card.copy == 0 and card.rank is not Rank.JOKER]
        hand = [Card(face.rank, face.suit, rng.randint(0, 3)) for face in
                rng.sample(faces, rng.randint(2, 9))]
        hand += [Card(face.rank, face.suit, copy) for face in hand[:1] for copy in (4, 5)]
        check_arrangement(tuple(dict.fromkeys(hand)), round_number, rng)


def test_hands_a_card_apart_share_the_searchs_states() -> None:
    """The rollouts' hands differ by a card drawn or thrown: a hand searched after one a
    card away finds most of its states already known."""
    rules, points = meld_rules(11), points_function(11)
    hand = parse_cards("3H 4H 5H 7H 8S 8D 9C 10C JC QS QD 4S 6D")

    def states_added(searched: tuple[Card, ...]) -> int:
        memo = arrange_search._table(rules, points).memo
        before = len(memo)
        best_arrangement(searched, rules, points, discard=True)
        return len(memo) - before

    arrange_search._TABLES.clear()
    alone = states_added(hand)
    arrange_search._TABLES.clear()
    states_added(hand[1:] + parse_cards("5S"))  # the hand a card away
    after_neighbour = states_added(hand)
    assert alone > 20 and after_neighbour < alone // 2, (alone, after_neighbour)


def test_melds_are_laid_out_only_when_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    """Weighing a hand needs its penalty and loose cards; laying runs in order waits
    until the melds are read (and gives what the reference lays)."""
    laid: list[object] = []
    order_run = arrange_search.order_run
    monkeypatch.setattr(arrange_search, "order_run",
                        lambda cards, rules: laid.append(cards) or order_run(cards, rules))
    hand = parse_cards("3H 4H 5H 6H 9C 9D 9S KD")
    rules, points = meld_rules(2), points_function(2)
    result = best_arrangement(hand, rules, points, discard=True)
    assert result.penalty == 0 and not laid
    reference_result = reference.best_arrangement(hand, rules, points, discard=True)
    assert result.melds == reference_result.melds and laid


# --- Normal's decisions --------------------------------------------------------------

def check_decisions(hand: Hand, round_number: int, rng: random.Random) -> None:
    assert potential(hand, round_number) == reference.potential(hand, round_number)
    assert hand_score(hand, round_number) == reference.hand_score(hand, round_number)
    if len(hand) >= 2:
        keep = (hand[-1],) if rng.random() < 0.5 else ()
        assert plan_discard(hand, round_number, keep) == \
            reference.plan_discard(hand, round_number, keep)[:2], (hand, round_number, keep)
        for final_turn, may_go_out in ((False, True), (False, False), (True, True)):
            assert finish_turn(hand, round_number, final_turn, may_go_out) == \
                reference.finish_turn(hand, round_number, final_turn, may_go_out), \
                (hand, round_number, final_turn, may_go_out)
    for discard in (False, True):
        if hand or not discard:
            assert hand_reading(hand, round_number, discard) == \
                reference.hand_reading(hand, round_number, discard)
    rest = [card for card in DECK if card not in hand]
    for top in (rng.choice(rest), None):
        for final_turn in (False, True):
            stock_open = rng.random() < 0.9
            seed = rng.getrandbits(32)
            ours, theirs = random.Random(seed), random.Random(seed)
            assert choose_draw(hand, round_number, top, final_turn, stock_open, ours) == \
                reference.choose_draw(hand, round_number, top, final_turn, stock_open,
                                      theirs), (hand, round_number, top, final_turn)
            assert ours.getstate() == theirs.getstate(), "the generator drawn alike"


def test_normals_decisions_are_the_ones_it_made_before() -> None:
    rng = random.Random(3)
    for hand, round_number in hands(3, 50):
        if hand:
            check_decisions(hand, round_number, rng)


@pytest.mark.slow
def test_normals_decisions_are_the_ones_it_made_before_many() -> None:
    rng = random.Random(4)
    for hand, round_number in hands(4, 500):
        if hand:
            check_decisions(hand, round_number, rng)


def test_a_throws_potential_is_the_potential_of_the_cards_it_leaves() -> None:
    """The discard's plan counts the loose cards once and takes the thrown card off:
    the same number, to the bit, as counting what is left afresh (wilds thrown too)."""
    for hand, round_number in hands(8, 120):
        without = _potentials_without(list(hand), round_number)
        for card in hand:
            left = [other for other in hand if other is not card]
            assert without(card) == reference.potential(left, round_number), (hand, card)


# --- the leaf ------------------------------------------------------------------------

def random_states(seed: int, count: int) -> Iterator[FiveCrownsState]:
    """States of every round at 2-4 seats, any seat to move, before and after its draw,
    with nobody out or in the final turns."""
    rng = random.Random(seed)
    variant = FiveCrowns()
    for _ in range(count):
        seats = rng.randint(2, 4)
        round_number = rng.randint(1, 11)
        state = variant.new_game(seats, rng.getrandbits(32)).state
        deck = list(DECK)
        rng.shuffle(deck)
        size = round_number + 2
        current = rng.randrange(seats)
        phase = rng.choice((Phase.DRAW, Phase.DISCARD))
        hands = [tuple(deck.pop() for _ in range(size + (phase is Phase.DISCARD
                                                         and seat == current)))
                 for seat in range(seats)]
        out_seat = rng.randrange(seats) if rng.random() < 0.3 else None
        pending: tuple[int, ...] = ()
        if out_seat is not None:
            pending = tuple((out_seat + k) % seats for k in range(1, seats))
            pending = pending[rng.randrange(len(pending)):]
            current = pending[0]
            hands[out_seat] = ()
        yield dataclasses.replace(state, round=round_number, current=current, phase=phase,
                                  hands=tuple(hands), out_seat=out_seat,
                                  final_pending=pending, turn=rng.randint(0, 12))


def test_the_leaf_reads_a_state_as_before() -> None:
    for state in random_states(5, 150):
        assert expected_points(state) == reference.expected_points(state)


def test_the_walks_cover_wilds_books_runs_and_going_out() -> None:
    """The hands above are the ones meant: many hold wilds, many go out."""
    wilds = outs = full = 0
    for hand, round_number in hands(1, 400):
        rules = meld_rules(round_number)
        wilds += any(rules.is_wild(card) for card in hand)
        outs += bool(hand) and arrange_hand(hand, round_number, True).goes_out
        full += len(hand) >= 12
    assert wilds >= 500 and outs >= 150 and full >= 100


def test_jokers_and_the_wild_rank_are_both_dealt() -> None:
    kinds = {card.rank is Rank.JOKER for hand, round_number in hands(1, 400)
             for card in hand if meld_rules(round_number).is_wild(card)}
    assert kinds == {True, False}
    assert wild_rank(1) is Rank.THREE
