"""Monastery's AI reads hands by their tallies (cardtable/engine/missions.py ``needed``,
kept in a cache) for speed: Normal, Easy, Hard's heuristic and the rollout policy must
move exactly as they did when they counted card lists, with the same generator draws.
The card-list code they replaced is kept here as the reference."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Sequence

import pytest
from bot_games import normal_positions
from test_mission_search import make_hand

from cardtable.ai.monastery_bot import (
    FOCUS,
    MonasteryStrategy,
    fits_table,
    grown_lay,
    hand_value,
    may_join,
    nearest,
    table_groups,
    taker,
)
from cardtable.ai.monastery_hard import (
    COLLECTING,
    FEED_WORLDS,
    PASSED_WEIGHT,
    MonasteryHardStrategy,
    collected,
    feed_chances,
)
from cardtable.ai.monastery_search import seat_need
from cardtable.ai.unseen import outs, unseen_by_face
from cardtable.engine import Action, Card, Draw, LayMission, Pile
from cardtable.engine.actions import one_per_face
from cardtable.engine.cards import standard_deck
from cardtable.engine.missions import (
    MISSIONS,
    Mission,
    addition_problem,
    card_tally,
    cards_needed,
    extend_groups,
    find_mission,
    needed,
    tally_of,
)
from cardtable.engine.monastery import MonasteryState, MonasteryView

# --- the card-list code, as it was ---------------------------------------------------


def old_nearest(hand: Sequence[Card], missions: Sequence[int]) -> list[tuple[int, int]]:
    return sorted(((cards_needed(hand, MISSIONS[n]), n) for n in missions),
                  key=lambda pair: (pair[0], -MISSIONS[pair[1]].cards))


def old_hand_value(hand: Sequence[Card], focus: Sequence[int]) -> tuple[int, int]:
    needs = sorted(cards_needed(hand, MISSIONS[n]) for n in focus)
    return needs[0], sum(needs)


class OldNormal(MonasteryStrategy):
    """Normal's drawing and discard scores on card lists."""

    def _draw(self, view: MonasteryView) -> Action:
        top = view.top_discard
        can_stock = Draw(Pile.STOCK) in view.legal
        if top is None or not can_stock:
            return view.legal[0]
        if view.laid(view.seat):
            fits = self._fits_table(view, top)
            return Draw(Pile.DISCARD) if fits else Draw(Pile.STOCK)
        focus = [n for _, n in old_nearest(view.hand, view.open_missions(view.seat))[:FOCUS]]
        now = self._old_judge(view, list(view.hand), focus)
        taken = list(view.hand) + [top]
        best = min(self._old_judge(view, [c for c in taken if c is not card], focus)
                   for card in one_per_face(view.hand))
        return Draw(Pile.DISCARD) if self._worth_taking(best, now) else Draw(Pile.STOCK)

    def _old_judge(self, view: MonasteryView, hand: list[Card],
                   focus: Sequence[int]) -> tuple[int, ...]:
        return old_hand_value(hand, focus)

    def _discard_scores(self, view: MonasteryView,
                        cards: Sequence[Card]) -> list[tuple[tuple[int, ...], Card]]:
        hand = list(view.hand)
        focus = [n for _, n in old_nearest(hand, view.open_missions(view.seat))[:FOCUS]]
        return [(self._old_judge(view, [c for c in hand if c is not card], focus), card)
                for card in cards]


class OldHard(MonasteryHardStrategy, OldNormal):
    """Hard's heuristic with its outs counted on card lists (Normal's part as above)."""

    def _old_judge(self, view: MonasteryView, hand: list[Card],
                   focus: Sequence[int]) -> tuple[int, ...]:
        needs = [cards_needed(hand, MISSIONS[n]) for n in focus]
        least = min(needs)

        def nearer(more: tuple[Card, ...]) -> bool:
            return any(cards_needed(more, MISSIONS[n]) < least for n in focus)

        return least, -outs(hand, self._unseen_cards(view), nearer), sum(needs)


def old_collected(hand: list[Card], draws: Sequence[Card],
                  mission: Mission) -> tuple[tuple[Card, ...], int]:
    now = cards_needed(hand, mission)
    for card in draws:
        if now <= 1:
            break
        more = [*hand, card]
        if cards_needed(more, mission) >= now:
            continue
        need, drop = min((cards_needed(more[:at] + more[at + 1:], mission), at)
                         for at in range(len(more)))
        if need < now:
            hand, now = more[:drop] + more[drop + 1:], need
    return tuple(hand), now


def old_feed_chances(view: MonasteryView, cards: Sequence[Card], unseen: dict[Card, int],
                     rng: random.Random) -> dict[Card, float] | None:
    seat = taker(view)
    missions = view.open_missions(seat)
    if len(missions) != 1:
        return None
    last = MISSIONS[missions[0]]
    if view.hand_sizes[seat] + 1 < last.cards:
        return None
    pool = [card for card, count in unseen.items() for _ in range(count)]
    known = view.known[seat]
    dealt = min(len(pool), max(0, view.hand_sizes[seat] - len(known)))
    draws = min(len(pool) - dealt, COLLECTING)
    pile = list({card.face: card for card in view.discard_pile}.values())
    fed = dict.fromkeys(cards, 0.0)
    total = 0.0
    for _ in range(FEED_WORLDS):
        picked = rng.sample(pool, dealt + draws)
        hand, now = old_collected([*known, *picked[:dealt]], picked[dealt:], last)
        passed = sum(1 for card in pile if cards_needed((*hand, card), last) < now)
        weight = PASSED_WEIGHT ** passed
        total += weight
        for card in fed:
            if cards_needed((*hand, card), last) < now:
                fed[card] += weight
    return {card: weight / total for card, weight in fed.items()}


def old_seat_need(state: MonasteryState, seat: int) -> int:
    hand = state.hands[seat]
    done = state.done[seat]
    return min((cards_needed(hand, mission) for number, mission in MISSIONS.items()
                if number not in done), default=0) if len(done) < len(MISSIONS) else 0


# --- positions -------------------------------------------------------------------------

def positions(every: int, moves: int) -> Iterator[tuple[MonasteryState, MonasteryView]]:
    """Self-play positions at 2 to 4 seats, and the same with the next seat one or two
    missions from winning (the Hard heuristic then reads how a discard feeds him)."""
    rng = random.Random(11)
    for seed, seats in ((1, 2), (2, 3), (3, 4), (4, 2)):
        for index, (game, seat, view) in enumerate(
                normal_positions("monastery", seats, seed, moves)):
            if index % every:
                continue
            state = game.state
            yield state, view
            nxt = (seat + 1) % seats
            done = list(state.done)
            done[nxt] = tuple(rng.sample(sorted(MISSIONS), len(MISSIONS) - rng.randint(1, 2)))
            close = dataclasses.replace(state, done=tuple(done))
            yield close, game.variant.observe(close, seat)


def same_move(new: MonasteryStrategy, old: MonasteryStrategy, view: MonasteryView,
              seed: int) -> None:
    a, b = random.Random(seed), random.Random(seed)
    assert new.choose(view, a) == old.choose(view, b), (seed, view.hand)
    assert a.getstate() == b.getstate(), "the generator was drawn from differently"


# --- the tests ---------------------------------------------------------------------------

def test_a_tally_plus_or_less_a_card_is_the_tally_of_that_hand():
    rng = random.Random(1)
    deck = list(standard_deck(2))
    for _ in range(2000):
        hand = rng.sample(deck, rng.randint(0, 16))
        card = rng.choice([c for c in deck if c not in hand])
        assert tally_of(hand) + card_tally(card) == tally_of([*hand, card])
        if hand:
            out = rng.choice(hand)
            assert tally_of(hand) - card_tally(out) == tally_of([c for c in hand if c is not out])


@pytest.mark.parametrize("number", range(1, 10))
def test_the_cached_count_is_the_count_of_the_hand_near_its_boundary(number):
    """``needed`` on a tally worked out by adding and removing cards gives what the hand
    itself gives (and 0 exactly when the mission can be laid), cached or not."""
    for seed in range(120):
        shape = ("boundary", "boundary", "uniform", "dense")[seed % 4]
        hand = make_hand(seed * 17 + number, shape, 2 + seed % 3, number)
        counts = tally_of(hand)
        for at, card in enumerate(hand):
            less = hand[:at] + hand[at + 1:]
            expected = cards_needed(less, MISSIONS[number])
            assert needed(counts - card_tally(card), number) == expected
            assert needed.__wrapped__(counts - card_tally(card), number) == expected
            assert (expected == 0) == (find_mission(less, MISSIONS[number]) is not None)


def test_nearest_and_hand_value_are_as_on_card_lists():
    rng = random.Random(2)
    deck = list(standard_deck(2))
    for _ in range(600):
        hand = rng.sample(deck, rng.randint(6, 14))
        missions = rng.sample(sorted(MISSIONS), rng.randint(1, 9))
        assert nearest(hand, missions) == old_nearest(hand, missions)
        focus = missions[:FOCUS]
        assert hand_value(hand, focus) == old_hand_value(hand, focus)


def _moves_as_on_card_lists(every: int, moves: int) -> int:
    normal, old_normal = MonasteryStrategy(), OldNormal()
    hard, old_hard = MonasteryHardStrategy(), OldHard()
    checked = 0
    for _state, view in positions(every, moves):
        same_move(normal, old_normal, view, checked)
        same_move(hard, old_hard, view, checked)
        checked += 1
    return checked


def test_normal_and_hard_heuristics_move_as_on_card_lists():
    assert _moves_as_on_card_lists(every=23, moves=300) >= 100


@pytest.mark.slow
def test_normal_and_hard_heuristics_move_as_on_card_lists_in_thousands_of_positions():
    assert _moves_as_on_card_lists(every=3, moves=1500) >= 800


def test_the_feeding_chances_and_the_leaf_need_are_as_on_card_lists():
    checked = 0
    for state, view in positions(every=13, moves=300):
        for seat in range(state.seats):
            assert seat_need(state, seat) == old_seat_need(state, seat)
        unseen = unseen_by_face(view)
        new_rng, old_rng = random.Random(checked), random.Random(checked)
        chances = feed_chances(view, list(view.hand), unseen, new_rng)
        assert chances == old_feed_chances(view, list(view.hand), unseen, old_rng)
        assert new_rng.getstate() == old_rng.getstate()
        checked += chances is not None
    assert checked >= 10


def test_a_hand_worked_on_for_one_mission_is_as_on_card_lists():
    rng = random.Random(4)
    deck = list(standard_deck(2))
    for _ in range(300):
        mission = MISSIONS[rng.randint(1, 9)]
        cards = rng.sample(deck, rng.randint(8, 24))
        hand, draws = cards[:rng.randint(6, 11)], cards[11:]
        assert collected(list(hand), draws, mission) == old_collected(list(hand), draws,
                                                                       mission)


def test_what_fits_the_table_and_a_grown_lay_are_as_worked_out_each_time():
    """``fits_table`` and ``grown_lay`` are kept by table and by hand: on self-play
    positions they answer as the checks made afresh (Normal's code as it was)."""
    tables = lays = 0
    for _state, view in positions(every=2, moves=400):
        if any(view.melds):
            tables += 1
            for card in view.hand:
                fresh = any(may_join(meld, card, start) and
                            addition_problem(meld, spec, (card,), start) is None
                            for meld, spec in table_groups(view) for start in (False, True))
                assert fits_table(view.melds, view.specs, card) == fresh
        for lay in view.legal:
            if isinstance(lay, LayMission):
                lays += 1
                used = {card for meld in lay.melds for card in meld.cards}
                fresh_lay = extend_groups(MISSIONS[lay.mission], lay.melds,
                                          [c for c in view.hand if c not in used])
                assert grown_lay(view.hand, lay.mission, lay.melds) == fresh_lay
    assert tables >= 50 and lays >= 10
