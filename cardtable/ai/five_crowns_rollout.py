"""Five Crowns inside the Hard search's rollouts: Normal's rules of thumb on a hand
arranged cheaply, one card at a time.

Why not Normal itself: Normal arranges every hand it weighs exactly (``arrange_hand``),
some five searches a rollout and most of its cost. Here a seat's hand is arranged
exactly once a turn, before it draws (the searching seat's is the same in every world,
a rival's the same for every candidate in one world, so most are remembered), and the
card it draws or weighs taking is fitted in by hand (``add``, a ``Sketch``): into a new
meld with loose cards, or with a loose partner and a wild a meld can spare; onto a book
or a run's end, or into the place of a wild in a run; or in the place of a cheaper lone
natural that wilds make a meld of. The draw and the throw are then Normal's own rules
(``TAKE_GAIN``, its score of a throw) read from that sketch. A sketch is always a legal
lay-down but not always the best: it never takes a meld apart to make a better one
(mostly wilds placed better). Final turns, where every point counts at once, stay
Normal's exact moves.

What it costs: in play the sketch is the exact arrangement in some 80 % of the throws,
and a seat goes out in 77 % of the turns Normal does (``tests/test_five_crowns_rollout``,
``test_five_crowns_search`` count them); the strength Hard keeps is measured in
``FiveCrownsRollout``.

Imports the engine only.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from ..engine import Card, Discard, Draw, LayDown, Suit
from ..engine.actions import DRAW_DISCARD, DRAW_STOCK
from ..engine.five_crowns import arrange_hand, meld_rules, points_function
from ..engine.melds import Meld, MeldKind, MeldRules
from .five_crowns_bot import (
    CYCLE_BREAK,
    REMEMBERED,
    TAKE_GAIN,
    Facts,
    card_facts,
    choose_draw,
    finish_turn,
    potential,
)

LONGEST_RUN = 11
"""Cards in the longest run (threes to kings, FC-A4)."""
LOW, HIGH = 3, 13


@dataclass(frozen=True, slots=True)
class Sketch:
    """A hand arranged cheaply: melds that are valid as they stand, the rest loose."""

    melds: tuple[Meld, ...]
    loose: tuple[Card, ...]


@lru_cache(maxsize=REMEMBERED)
def sketch_of(hand: tuple[Card, ...], round_number: int) -> Sketch:
    """The hand's exact arrangement, as a sketch."""
    best = arrange_hand(hand, round_number)
    return Sketch(best.melds, best.deadwood)


@lru_cache(maxsize=REMEMBERED)
def sketch_after(hand: tuple[Card, ...], card: Card, round_number: int) -> Sketch:
    """The hand's exact arrangement with ``card`` fitted in by hand (see ``add``)."""
    return add(sketch_of(hand, round_number), card, round_number)


def add(sketch: Sketch, card: Card, round_number: int) -> Sketch:
    """``card`` fitted into the sketch without breaking a meld: with loose cards into a
    new meld if it makes one (the most points covered), else onto a meld, else loose.
    The loose cards make no meld among themselves (they are an exact arrangement's
    leavings), so a new meld holds the card; with no wild about, it is the card's book
    or its run in its suit, found in a look; a wild, or loose wilds, are arranged by
    the exact search among the loose cards (rare: loose wilds mean no meld at all)."""
    rules, facts = meld_rules(round_number), card_facts(round_number)  # a wild's are None
    melds, loose = sketch.melds, sketch.loose
    if facts[card] is None or None in map(facts.__getitem__, loose):
        return _rearranged(melds, loose, card, round_number)
    made = _with_loose(melds, loose, card, round_number) or \
        _with_spare_wild(melds, loose, card, round_number)
    if made is not None:
        return Sketch(made[0], made[1])
    joined = _join(melds, card, rules)
    if joined is not None:
        return Sketch(joined, loose)
    return _in_place(melds, loose, card, round_number)


def _with_loose(melds: tuple[Meld, ...], loose: tuple[Card, ...], card: Card,
                round_number: int) -> tuple[tuple[Meld, ...], tuple[Card, ...]] | None:
    """The melds with the one the natural ``card`` makes with loose naturals (none
    wild), the most points covered, and the cards it leaves loose: its book (every
    loose card of its rank) or its run (one card a rank through it, as far as they
    go)."""
    facts = card_facts(round_number)
    points = points_function(round_number)
    fact = facts[card]
    assert fact is not None
    rank, place = fact[0], fact[1]
    book = [card]
    by_place: dict[int, Card] = {}
    for other in loose:
        other_fact = facts[other]
        assert other_fact is not None
        if other_fact[0] == rank:
            book.append(other)
        elif other.suit is card.suit:
            by_place.setdefault(other_fact[1], other)
    low = high = place
    while low - 1 in by_place:
        low -= 1
    while high + 1 in by_place:
        high += 1
    options: list[tuple[int, Meld]] = []
    if len(book) >= 3:
        options.append((sum(map(points, book)), Meld(MeldKind.SET, tuple(book))))
    if high - low >= 2:
        run = tuple(card if at == place else by_place[at] for at in range(low, high + 1))
        options.append((sum(map(points, run)), Meld(MeldKind.RUN, run)))
    if not options:
        return None
    meld = max(options, key=_covered)[1]
    return melds + (meld,), tuple(other for other in loose if other not in meld.cards)


def _covered(option: tuple[int, Meld]) -> int:
    return option[0]


def _with_spare_wild(melds: tuple[Meld, ...], loose: tuple[Card, ...], card: Card,
                     round_number: int) -> tuple[tuple[Meld, ...], tuple[Card, ...]] | None:
    """A new meld of the natural ``card``, its costliest loose partner (another of its
    rank, or of its suit a rank or two away) and a wild a meld can spare."""
    facts = card_facts(round_number)
    fact = facts[card]
    assert fact is not None
    partners = [other for other in loose if (other_fact := facts[other]) is not None and (
        other_fact[0] == fact[0] or 0 < abs(other_fact[1] - fact[1]) <= 2)]
    if not partners:
        return None
    rules = meld_rules(round_number)
    spared = _spare_wild(melds, rules)
    if spared is None:
        return None
    kept, wild = spared
    partner = max(partners, key=points_function(round_number))
    if partner.rank is card.rank:
        meld = Meld(MeldKind.SET, (card, partner, wild))
    else:
        low, high = sorted((card, partner), key=_rank)
        if int(high.rank) - int(low.rank) == 2:
            run = (low, wild, high)
        else:
            run = (low, high, wild) if int(high.rank) < HIGH else (wild, low, high)
        meld = Meld(MeldKind.RUN, run)
    return kept + (meld,), tuple(other for other in loose if other is not partner)


def _rank(card: Card) -> int:
    return int(card.rank)


def _in_place(melds: tuple[Meld, ...], loose: tuple[Card, ...], card: Card,
              round_number: int) -> Sketch:
    """The natural ``card`` in the place of a cheaper lone natural that wilds make a
    meld of (a book of it and those wilds), or else loose."""
    rules, points = meld_rules(round_number), points_function(round_number)
    best: tuple[int, Card] | None = None
    for index, meld in enumerate(melds):
        naturals = [other for other in meld.cards if not rules.is_wild(other)]
        if len(naturals) == 1 and points(naturals[0]) < points(card) and (
                best is None or points(naturals[0]) < points(best[1])):
            best = (index, naturals[0])
    if best is None:
        return Sketch(melds, loose + (card,))
    index, lone = best
    wilds = tuple(other for other in melds[index].cards if other is not lone)
    return Sketch(_replaced(melds, index, Meld(MeldKind.SET, (card,) + wilds)),
                  loose + (lone,))


def _rearranged(melds: tuple[Meld, ...], loose: tuple[Card, ...], card: Card,
                round_number: int) -> Sketch:
    """The melds kept, and the loose cards with ``card`` arranged exactly among
    themselves (by the exact search); a wild that finds no place there goes onto a
    kept meld if it can."""
    best = arrange_hand(loose + (card,), round_number)
    rules = meld_rules(round_number)
    laid = melds + best.melds
    left = best.deadwood
    wilds = [other for other in left if rules.is_wild(other)]
    if wilds and laid:
        for wild in wilds:
            joined = _absorb(laid, [wild], rules)
            if joined is not None:
                laid = joined
                left = tuple(other for other in left if other is not wild)
    return Sketch(laid, left)


def _run_start(meld: Meld, rules: MeldRules) -> int:
    """The rank a laid run starts at (its cards are in ascending order)."""
    for index, card in enumerate(meld.cards):
        if not rules.is_wild(card):
            return int(card.rank) - index
    raise AssertionError("a run holds a natural (an all-wild group is laid as a book)")


def _run_suit(meld: Meld, rules: MeldRules) -> Suit | None:
    return next(card.suit for card in meld.cards if not rules.is_wild(card))


def _join(melds: tuple[Meld, ...], card: Card, rules: MeldRules) -> tuple[Meld, ...] | None:
    """The melds with the natural ``card`` joined to one: a book of its rank (or all
    wilds), the end of a run of its suit, or a wild's place in one (the wild then
    joins another meld, or the run's end)."""
    rank = int(card.rank)
    swap: tuple[int, int, int] | None = None
    for index, meld in enumerate(melds):
        cards = meld.cards
        if meld.kind is MeldKind.SET:
            if all(other.rank is card.rank or rules.is_wild(other) for other in cards):
                return _replaced(melds, index, Meld(MeldKind.SET, cards + (card,)))
            continue
        if _run_suit(meld, rules) is not card.suit:
            continue
        start = _run_start(meld, rules)
        end = start + len(cards) - 1
        if len(cards) < LONGEST_RUN and rank == end + 1 <= HIGH:
            return _replaced(melds, index, Meld(MeldKind.RUN, cards + (card,)))
        if len(cards) < LONGEST_RUN and rank == start - 1 >= LOW:
            return _replaced(melds, index, Meld(MeldKind.RUN, (card,) + cards))
        if swap is None and start <= rank <= end and rules.is_wild(cards[rank - start]):
            swap = (index, start, rank)
    if swap is None:
        return None
    index, start, rank = swap
    cards = melds[index].cards
    wild = cards[rank - start]
    run = Meld(MeldKind.RUN, cards[:rank - start] + (card,) + cards[rank - start + 1:])
    # The wild it stood for goes onto a meld (this run's end, if it has room).
    return _absorb(_replaced(melds, index, run), [wild], rules)


def _replaced(melds: tuple[Meld, ...], index: int, meld: Meld) -> tuple[Meld, ...]:
    return melds[:index] + (meld,) + melds[index + 1:]


def _absorb(melds: tuple[Meld, ...], wilds: list[Card],
            rules: MeldRules) -> tuple[Meld, ...] | None:
    """The melds with these wilds laid on them (a book takes any number, a run up to
    its longest), or ``None`` if some wild finds no room."""
    for wild in wilds:
        placed = None
        for index, meld in enumerate(melds):
            if meld.kind is MeldKind.SET:
                placed = _replaced(melds, index, Meld(MeldKind.SET, meld.cards + (wild,)))
                break
        if placed is None:
            for index, meld in enumerate(melds):
                cards = meld.cards
                if len(cards) >= LONGEST_RUN:
                    continue
                start = _run_start(meld, rules)
                longer = cards + (wild,) if start + len(cards) <= HIGH else (wild,) + cards
                placed = _replaced(melds, index, Meld(MeldKind.RUN, longer))
                break
        if placed is None:
            return None
        melds = placed
    return melds


def _spare_wild(melds: tuple[Meld, ...],
                rules: MeldRules) -> tuple[tuple[Meld, ...], Card] | None:
    """A wild a meld can give up and stay a meld (a book's beyond three, a run's end
    beyond three), and the melds without it."""
    for index, meld in enumerate(melds):
        cards = meld.cards
        if len(cards) <= 3:
            continue
        if meld.kind is MeldKind.SET:
            wilds = [card for card in cards if rules.is_wild(card)]
            if wilds:
                kept = tuple(card for card in cards if card is not wilds[-1])
                return _replaced(melds, index, Meld(MeldKind.SET, kept)), wilds[-1]
            continue
        for given, kept in ((cards[-1], cards[:-1]), (cards[0], cards[1:])):
            if rules.is_wild(given):
                return _replaced(melds, index, Meld(MeldKind.RUN, kept)), given
    return None


def _throw(sketch: Sketch, round_number: int,
           keep: Card | None = None) -> tuple[float, Card] | None:
    """Normal's throw read from the sketch: the loose natural (never ``keep``) whose
    throw leaves the least penalty less the promise of what stays loose (``potential``
    of the rest, to the bit: its terms are quarters, exact in any order), and that
    score; ``None`` if no loose natural may go.

    A loose natural is linked to another of its rank, or of its suit a rank or two
    away (a place or two away): the links are counted by rank and place once, and a
    throw changes only what the cards whose one link it was are promised."""
    points = points_function(round_number)
    facts = card_facts(round_number)  # a wild's are None
    loose = sketch.loose
    naturals: list[tuple[Card, Facts]] = []
    has_wild = False
    ranks: dict[int, int] = {}
    places: dict[int, int] = {}
    for card in loose:
        fact = facts[card]
        if fact is None:
            has_wild = True
            continue
        naturals.append((card, fact))
        ranks[fact[0]] = ranks.get(fact[0], 0) + 1
        places[fact[1]] = places.get(fact[1], 0) + 1
    everything = 0.0
    lone_by_rank: dict[int, float] = {}  # what cards with one link lose if it goes
    lone_by_place: dict[int, float] = {}
    links: list[int] = []
    for _, (rank, place, linked, wild_linked) in naturals:
        count = ranks[rank] - 1 + places.get(place - 2, 0) + places.get(place - 1, 0) \
            + places.get(place + 1, 0) + places.get(place + 2, 0)
        links.append(count)
        fallback = wild_linked if has_wild else 0.0
        everything += linked if count else fallback
        if count == 1:
            lone_by_rank[rank] = lone_by_rank.get(rank, 0.0) + linked - fallback
            lone_by_place[place] = lone_by_place.get(place, 0.0) + linked - fallback
    total = sum(map(points, loose))
    choice: tuple[float, int] | None = None
    thrown: Card | None = None
    for (card, (rank, place, linked, wild_linked)), count in zip(naturals, links):
        if card is keep:
            continue
        fallback = wild_linked if has_wild else 0.0
        bonus = everything - (linked if count else fallback)
        # Lone-linked cards of its rank (itself aside), and of its suit nearby.
        bonus -= lone_by_rank.get(rank, 0.0) - (linked - fallback if count == 1 else 0.0)
        bonus -= lone_by_place.get(place - 2, 0.0) + lone_by_place.get(place - 1, 0.0) \
            + lone_by_place.get(place + 1, 0.0) + lone_by_place.get(place + 2, 0.0)
        cost = points(card)
        key = (total - cost - bonus, -cost)
        if choice is None or key < choice:
            choice, thrown = key, card
    if choice is None or thrown is None:
        return None
    return choice[0], thrown


@lru_cache(maxsize=REMEMBERED)
def _score(hand: tuple[Card, ...], round_number: int) -> float:
    """Normal's score of a hand (its penalty less the promise of its loose cards)."""
    loose = sketch_of(hand, round_number).loose
    return sum(map(points_function(round_number), loose)) - potential(loose, round_number)


def rollout_draw(hand: tuple[Card, ...], round_number: int, top: Card | None,
                 final_turn: bool, stock_open: bool, rng: random.Random) -> Draw:
    """Normal's ``choose_draw`` with the gain read from sketches: the hand's (exact),
    and the top fitted into it."""
    if final_turn or top is None or not stock_open or meld_rules(round_number).is_wild(top):
        return choose_draw(hand, round_number, top, final_turn, stock_open, rng)
    now = sketch_of(hand, round_number)
    after = sketch_after(hand, top, round_number)
    loose = after.loose
    if not now.loose or not loose:  # all melds: Normal's exact move, as rare as it is
        return choose_draw(hand, round_number, top, final_turn, stock_open, rng)
    if len(loose) == 1 and loose[0] is not top:
        return DRAW_DISCARD  # it goes out with the top
    thrown = _throw(after, round_number, keep=top)
    if thrown is None:  # only the top or wilds loose: Normal would break a meld
        return DRAW_STOCK
    gain = _score(hand, round_number) - thrown[0]
    if gain < TAKE_GAIN:
        return DRAW_STOCK
    if gain < 2 * TAKE_GAIN + 4 and rng.random() < CYCLE_BREAK:
        return DRAW_STOCK
    return DRAW_DISCARD


def rollout_finish(hand: tuple[Card, ...], round_number: int, final_turn: bool,
                   may_go_out: bool) -> Discard | LayDown:
    """Normal's ``finish_turn`` read from the sketch of the hand as drawn (its last
    card the one drawn): going out with one loose card left, else Normal's throw among
    the loose naturals. Normal's own move in a final turn, and when no loose natural
    is left to throw."""
    if not final_turn and len(hand) >= 2:
        sketch = sketch_after(hand[:-1], hand[-1], round_number)
        loose = sketch.loose
        if len(loose) == 1 and may_go_out:
            return LayDown(sketch.melds, loose[0])
        thrown = _throw(sketch, round_number)
        if thrown is not None:
            return Discard(thrown[1])
    return finish_turn(hand, round_number, final_turn, may_go_out)

