"""Sampled worlds (``Variant.determinize``): a search over hidden information plays
states built from one seat's view. Each must show that seat exactly what it saw, hold
the game's whole deck once, keep cards others are known to hold in their hands, and
deal the rest at random."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from bot_games import normal_positions

from cardtable.ai import make_bot
from cardtable.ai.reading import read_rummy
from cardtable.ai.seats import bot_rng, seat_to_ask
from cardtable.ai.worlds import DRAWN, Worlds
from cardtable.engine import Game, get_variant, variants
from cardtable.engine.rummy import RummyZones
from cardtable.engine.sampling import InconsistentViewError, unseen_cards

CASES = [(v.id, seats) for v in variants()
         for seats in sorted({v.seat_counts.start, v.seat_counts.stop - 1})]


def positions(game_id: str, seats: int, seed: int, moves: int, every: int):
    """(game, seat) pairs along a Normal-bot game, every few moves, for every seat."""
    game, _ = Game.new(game_id, seats, seed)
    bot = make_bot("normal")
    for move in range(moves):
        if game.over:
            return
        if move % every == 0:
            for seat in range(seats):
                yield game, seat
        seat = seat_to_ask(game, range(seats))
        game.apply(seat, bot.choose(game.observe(seat), bot_rng(game, seat, 0), 0.0,
                                    lambda: False))


def dealt_in_full(variant, view, rng):
    return variant.determinize(view, rng)


def dealt_hands_then_settled(variant, view, rng):
    """The search's cheaper way: hands first, the stock shuffled for the world kept."""
    return variant.settle(variant.determinize_hands(view, rng), rng)


@pytest.mark.parametrize("deal", [dealt_in_full, dealt_hands_then_settled])
@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_a_sampled_world_shows_the_seat_exactly_what_it_saw(game_id, seats, deal):
    rng = random.Random(7)
    checked = 0
    for game, seat in positions(game_id, seats, 3, 240, 7):
        view = game.observe(seat)
        world = deal(game.variant, view, rng)
        assert game.variant.observe(world, seat) == view
        assert Counter(game.variant.all_cards(world)) == Counter(game.variant.deck(seats))
        for other, cards in enumerate(view.known):
            assert set(cards) <= set(world.hands[other])
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_a_sampled_world_deals_the_hidden_cards_at_random(game_id, seats):
    game, seat = next(p for i, p in enumerate(positions(game_id, seats, 5, 40, 1)) if i == 12)
    view = game.observe(seat)
    hidden = game.variant.hidden_from(game.state, seat)
    assert hidden
    worlds = [game.variant.determinize(view, random.Random(n)) for n in range(6)]
    # Where each card the seat cannot see lies differs from world to world.
    layouts = {tuple(card.code for card in game.variant.all_cards(world)) for world in worlds}
    assert len(layouts) == len(worlds)
    # Determinized worlds never take the real game's seed (it would tell its shuffles).
    assert all(world.seed != game.state.seed for world in worlds)


@pytest.mark.parametrize("deal", [dealt_in_full, dealt_hands_then_settled])
@pytest.mark.parametrize("game_id", ["five_crowns", "shanghai_may_i", "monastery"])
def test_every_unseen_card_is_as_likely_in_a_hidden_hand_and_on_top_of_the_stock(
        game_id, deal):
    """Dealing the hands first and shuffling the stock afterwards deals the same worlds
    as one shuffle: each unseen card lands in the opponent's hand with the hand's share
    of the unseen cards, and on top of the stock with one over their number."""
    game, seat = next(p for i, p in enumerate(positions(game_id, 2, 5, 40, 1)) if i == 12)
    view = game.observe(seat)
    other = 1 - seat
    variant, rng, count = game.variant, random.Random(11), 3000
    in_hand: Counter = Counter()
    on_top: Counter = Counter()
    for _ in range(count):
        world = deal(variant, view, rng)
        in_hand.update(set(world.hands[other]) - set(view.known[other]))
        on_top[world.stock[-1]] += 1
    unseen = variant.hidden_from(game.state, seat)  # each card is one physical card
    hand_share = (len(game.state.hands[other]) - len(view.known[other])) / len(unseen)
    top_share = 1 / len(unseen)
    for card in unseen:
        for seen, share in ((in_hand[card], hand_share), (on_top[card], top_share)):
            # Six standard deviations of the count this card's chance gives.
            assert abs(seen - count * share) < 6 * (count * share * (1 - share)) ** 0.5, card
    assert set(on_top) <= unseen and set(in_hand) <= unseen


def test_a_sampled_world_is_fixed_by_its_generator():
    game, seat = next(positions("five_crowns", 3, 2, 10, 5))
    view = game.observe(seat)
    one = game.variant.determinize(view, random.Random(4))
    two = game.variant.determinize(view, random.Random(4))
    assert one == two


def test_a_view_whose_cards_the_deck_does_not_hold_is_refused():
    game, _ = Game.new("five_crowns", 2, 1)
    deck = game.variant.deck(2)
    with pytest.raises(InconsistentViewError, match="does not hold"):
        unseen_cards(deck[:10], deck[:11], random.Random(1))


# --- the search's cheap deal of hands (``deal_hands``, ``world_with``) -------------------

RUMMY = [v.id for v in variants() if isinstance(v(), RummyZones)]


def every_seats_views(game_id: str, seats: int, seed: int, moves: int):
    """Every seat's view before each of a Normal game's first ``moves`` moves: calls
    and answers out of turn, cards taken from the pile, stocks rebuilt, melds down."""
    for game, _seat, _view in normal_positions(game_id, seats, seed, moves):
        for seat in range(seats):
            yield game.variant, game.observe(seat)


@pytest.mark.parametrize("game_id", RUMMY)
def test_hands_dealt_then_made_a_world_are_what_determinize_deals_unshuffled(game_id):
    """``determinize_hands`` (hands dealt, then the view's state copied once and given
    them) is ``determinize`` with the stock in deck order, state for state and draw for
    draw: the generator is left where ``determinize`` leaves it."""
    checked, least = 0, get_variant(game_id).seat_counts.start
    for seats, seed in ((least, 21), (4, 22)):
        for variant, view in every_seats_views(game_id, seats, seed, 160):
            for k in range(2):
                fast, slow = random.Random(k), random.Random(k)
                assert variant.determinize_hands(view, fast) == \
                    variant.determinize(view, slow, shuffle_stock=False)
                assert fast.random() == slow.random()
                checked += 1
    assert checked >= 1500


@pytest.mark.slow
@pytest.mark.parametrize("game_id", RUMMY)
def test_hands_dealt_then_made_a_world_on_more_games(game_id):
    checked, most = 0, get_variant(game_id).seat_counts.stop - 1
    for seats, seed in ((3, 31), (5, 41), (most, 51)):
        for variant, view in every_seats_views(game_id, seats, seed, 200):
            fast, slow = random.Random(seed), random.Random(seed)
            assert variant.determinize_hands(view, fast) == \
                variant.determinize(view, slow, shuffle_stock=False)
            checked += 1
    assert checked >= 2000


def worlds_as_first_dealt(variant, view, seed: int, index: int):
    """The reference: ``Worlds``' deal as it was first written, eight whole states
    dealt and weighed, one kept and shuffled."""
    weight = read_rummy(variant, view)
    rng = random.Random(f"{seed}:world:{index}")
    if weight is None:
        return variant.determinize(view, rng)
    dealt = [variant.determinize(view, rng, shuffle_stock=False) for _ in range(DRAWN)]
    weights = [max(0.0, weight(world.hands)) for world in dealt]
    kept = dealt[0] if sum(weights) <= 0 else rng.choices(dealt, weights=weights)[0]
    return variant.settle(kept, rng)


@pytest.mark.parametrize("game_id", RUMMY)
def test_the_searchs_worlds_are_those_dealt_in_whole_states_and_weighed(game_id):
    """Weighing the hands before any state is made deals the very worlds that weighing
    whole states dealt (the reading told something in most of these views)."""
    read = 0
    for variant, view in every_seats_views(game_id, 3, 61, 90):
        if view.seat != view.current:
            continue
        worlds = Worlds(variant, view, 5)
        read += worlds.weight is not None
        for index in range(3):
            assert worlds[index] == worlds_as_first_dealt(variant, view, 5, index)
    assert read >= 10
