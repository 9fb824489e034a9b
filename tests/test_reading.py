"""Reading opponents (``cardtable.ai.reading``): the Hard search deals its worlds weighted
by what each opponent threw, let go and took. The reading must be sound (the cards an
opponent really holds land in his hand more often than in uniform deals), read only
what the seat can see, and leave Hard deterministic for a view and a seed."""

from __future__ import annotations

import math
import random

import pytest

from cardtable.ai import make_bot
from cardtable.ai.hard import HardBot
from cardtable.ai.reading import Relation, Source, read_hands, reading_of, unseen_of
from cardtable.ai.seats import bot_rng, seat_to_ask
from cardtable.ai.worlds import Worlds
from cardtable.engine import Game, get_variant
from cardtable.engine.cards import parse_card
from cardtable.engine.tells import Tells

RUMMY = ("five_crowns", "shanghai_may_i", "shanghai_buy", "monastery")


def told_positions(game_id: str, seed: int, moves: int, every: int):
    """(game, seat) along a Normal self-play deal, every few moves, once some seat has
    thrown two cards this round."""
    game, _ = Game.new(game_id, 4 if game_id == "shanghai_buy" else 3, seed)
    bot = make_bot("normal")
    for move in range(moves):
        if game.over:
            return
        if move % every == 0 and sum(map(len, game.state.tells.thrown)) >= 2 * game.seats:
            yield game, game.awaiting()[0]
        seat = seat_to_ask(game, range(game.seats))
        game.apply(seat, bot.choose(game.observe(seat), bot_rng(game, seat, 0), 0.0,
                                    lambda: False))


def hidden(game: Game, seat: int) -> set:
    return set(game.state.hands[seat]) - set(game.state.known[seat])


@pytest.mark.parametrize("game_id", RUMMY)
def test_every_rummy_game_reads_thrown_cards_down_and_taken_ones_up(game_id):
    reading = reading_of(game_id)
    assert reading is not None and reading.factors
    for table in reading.factors.values():
        assert min(table[Source.THROWN, relation] for relation in Relation) < 1
        assert max(table[Source.TAKEN, relation] for relation in Relation) > 1


def test_a_card_goes_down_with_a_thrown_rank_and_up_with_a_taken_one_and_wilds_never():
    variant = get_variant("five_crowns")()
    state = variant.position(["7H 8H 9S", "4C 5C 6C", "KS QS JD"], discard="10D",
                             stock="3S 10S JS QH", round_number=1)
    tells = Tells.fresh(3).threw(1, parse_card("9D")).threw(1, parse_card("3C"))
    state = state.__class__(**{**state.__dict__, "tells": tells,
                               "known": ((), (parse_card("4C"),), ())})
    view = variant.observe(state, 0)
    factors = dict(dict(read_hands(variant, view).factors)[1])
    nines = [card for card in factors if card.face.startswith("9")]
    fours = [card for card in factors if card.face.startswith("4")]
    assert nines and all(factors[card] < 1 for card in nines)
    assert fours and all(factors[card] > 1 for card in fours)
    # Threes are wild in round 1: a thrown three says nothing, and no three is read.
    assert not any(card.face.startswith("3") or card.face == "JK" for card in factors)


@pytest.mark.parametrize("game_id,seed", [("five_crowns", 1), ("monastery", 3)])
def test_read_worlds_put_an_opponents_real_cards_in_his_hand_more_often(game_id, seed):
    """Measured on positions of a Normal self-play deal: the likelihood of the real
    hidden hands is higher under the reading than under a uniform deal, and the worlds
    the search draws deal more of his real cards to each opponent. (Shanghai's tells say
    less, and a deal's first round too little to show it in a fast test: its figures
    are the bench's, ``bench/reading.py``.)"""
    gain = 0.0
    hits = {True: 0, False: 0}
    looks = 0
    for game, seat in told_positions(game_id, seed, 200, 7):
        view = game.observe(seat)
        unseen = unseen_of(game.variant, view)
        for other, pairs in read_hands(game.variant, view).factors:
            table = dict(pairs)
            weights = [table.get(card, 1.0) for card in unseen]
            held = hidden(game, other)
            share = len(held) / sum(weights)
            for card, weight in zip(unseen, weights):
                read, flat = min(0.999, weight * share), len(held) / len(unseen)
                gain += math.log(read / flat) if card in held else \
                    math.log((1 - read) / (1 - flat))
        for read in (True, False):
            worlds = Worlds(game.variant, view, looks, read)
            for index in range(4):
                world = worlds[index]
                hits[read] += sum(len(set(world.hands[other]) & hidden(game, other))
                                  for other in range(game.seats) if other != seat)
        looks += 1
    assert looks >= 5
    assert gain > 0
    assert hits[True] > hits[False]


@pytest.mark.parametrize("game_id", RUMMY)
def test_the_reading_reads_the_view_only(game_id):
    """Resampling every card the seat cannot see (another real game that shows it the
    same) leaves the reading, and so every world's weight, unchanged."""
    for game, seat in told_positions(game_id, 4, 60, 7):
        view = game.observe(seat)
        variant = game.variant
        reading = read_hands(variant, view)
        assert reading.factors
        for n in range(2):
            other = variant.determinize(view, random.Random(n))
            assert other.hands != game.state.hands
            again = variant.observe(other, seat)
            assert read_hands(variant, again) == reading
            world = variant.determinize(view, random.Random(10 + n))
            assert reading.weigher()(world.hands) == \
                read_hands(variant, again).weigher()(world.hands)
        return
    pytest.fail("no position with tells")


def test_hard_with_reading_is_deterministic_for_a_view_and_a_seed():
    game, seat = next(told_positions("five_crowns", 6, 80, 3))
    view = game.observe(seat)
    worlds = [Worlds(game.variant, view, 99)[3] for _ in range(2)]
    assert worlds[0] == worlds[1]
    moves = [HardBot(playouts=24).choose(view, random.Random(5), 0.0, lambda: False)
             for _ in range(2)]
    assert moves[0] == moves[1]


def test_hard_noread_is_hard_with_uniform_worlds_for_the_bench():
    noread, hard = make_bot("hard-noread:48"), make_bot("hard:48")
    assert isinstance(noread, HardBot) and isinstance(hard, HardBot)
    assert (noread.read, noread.playouts) == (False, 48)
    assert (hard.read, hard.playouts) == (True, 48)
    assert make_bot("hard-noread").playouts is None


def test_a_shanghai_seat_that_has_gone_down_is_read_as_holding_few_wilds():
    """No tell reads a wild, but a seat that has gone down lays his wilds off."""
    variant = get_variant("shanghai_buy")()
    state = variant.position(["9C JH 4D", "4S 5S", "4C 5C 8H"], stock="3H 2S JK 7D",
                             melds={1: ["set: JS JD JC", "set: 3S 3D 3C"]}, discard="10D")
    factors = dict(read_hands(variant, variant.observe(state, 0)).factors)
    down, up = dict(factors[1]), dict(factors.get(2, ()))
    wilds = [card for card in down if card.face in ("2S", "2H", "JK")]
    assert wilds and all(down[card] < 0.5 * up.get(card, 1.0) for card in wilds)
