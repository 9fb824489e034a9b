"""A round ends even where two players could pass one card to and fro (issue 38).

The record is a Shanghai with May I game (deal 68, Normal at seat 0 and Hard at seat 1,
bot seed 7) stopped in round 7 with one card in the stock. From there the bots of that
time passed each discard back and forth for 13,000 moves: Normal, holding A♦ and six
wilds, took each discard because it brought the contract nearer and threw it straight
back; Hard's search overrode its planned stock draw to take that card, its own throw,
back again. Nobody drew the stock, so the round could not run out.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import replace
from pathlib import Path

import pytest

from cardtable.ai import make_bot
from cardtable.ai.candidates import candidates, retakes_own_throw
from cardtable.engine import Discard, Game
from cardtable.engine.actions import DRAW_DISCARD, DRAW_STOCK
from cardtable.engine.cards import parse_card
from cardtable.engine.rng import derive

RECORD = Path(__file__).parent / "records" / "may_i_one_card_traded.json"


def stopped_game() -> Game:
    return Game.from_record(json.loads(RECORD.read_text()))


def test_the_record_stops_where_hard_could_take_back_its_own_throw():
    game = stopped_game()
    state = game.state
    assert (state.round, len(state.stock), game.awaiting()) == (7, 1, (1,))
    assert state.tells.thrown_by(1)[-1] == state.discard_pile[-1]


def test_the_search_never_weighs_taking_back_its_own_throw():
    view = stopped_game().observe(1)
    assert DRAW_DISCARD in view.legal and retakes_own_throw(view, DRAW_DISCARD)
    assert candidates(view, DRAW_STOCK, 8, random.Random(1)) == [DRAW_STOCK]


def test_hard_draws_the_stock_rather_than_take_back_its_own_throw():
    game = stopped_game()
    bot = make_bot("hard")
    move = bot.choose(game.observe(1), derive(68, "bot", 1, len(game.history)),
                      time.monotonic() + 60.0, lambda: False)
    assert move == DRAW_STOCK


def test_normal_does_not_take_a_discard_it_would_throw_straight_back():
    game = stopped_game()
    game.apply(1, DRAW_DISCARD)  # as that Hard did: then it threw the 4♣
    game.apply(1, Discard(parse_card("4C.1")))
    view = game.observe(0)
    assert [c.code for c in view.hand] == ["2H.1", "JK.0", "JK.3", "2D.0", "2C.1", "JK.2",
                                           "AD.1"]
    bot = make_bot("normal")
    assert bot.choose(view, random.Random(5), time.monotonic() + 10.0,
                      lambda: False) == DRAW_STOCK


@pytest.mark.slow
def test_the_round_ends_from_the_trading_position():
    game = stopped_game()
    bots = [make_bot("normal"), make_bot("hard")]
    for _step in range(400):
        if game.state.round != 7 or game.over:
            return
        seat = game.awaiting()[0]
        rng = derive(68, "bot", seat, len(game.history))
        game.apply(seat, bots[seat].choose(game.observe(seat), rng,
                                           time.monotonic() + 60.0, lambda: False))
    raise AssertionError("round 7 has not ended 400 actions after the trading position")


def _normal_to_draw():
    """Normal (seat 0) to draw, the 4♣ that Hard threw on top."""
    game = stopped_game()
    game.apply(1, DRAW_DISCARD)
    game.apply(1, Discard(parse_card("4C.1")))
    return game.observe(0)


def _normal_draw(view) -> object:
    return make_bot("normal").choose(view, random.Random(5), time.monotonic() + 10.0,
                                     lambda: False)


def test_a_hand_of_wilds_alone_does_not_take_a_wild_it_would_throw_back():
    view = _normal_to_draw()
    wilds = tuple(c for c in view.hand if c.face in ("JK", "2H", "2D", "2C"))
    pile = view.discard_pile[:-1] + (parse_card("JK.1"),)
    assert _normal_draw(replace(view, hand=wilds, discard_pile=pile)) == DRAW_STOCK
    # with a natural beside them, the wild is kept and the natural thrown: worth taking
    natural = wilds + (parse_card("AD.1"),)
    assert _normal_draw(replace(view, hand=natural, discard_pile=pile)) == DRAW_DISCARD


def test_no_seat_takes_back_the_face_of_its_own_last_throw():
    view = _normal_to_draw()
    # A hand one 4♣ from its three runs would take it ...
    hand = tuple(parse_card(c) for c in ("5C.0", "6C.0", "7C.0", "5H.0", "6H.0", "7H.0",
                                          "8H.0", "5D.0", "6D.0", "7D.0", "8D.0"))
    wanting = replace(view, hand=hand)
    assert _normal_draw(wanting) == DRAW_DISCARD
    # ... but not when it threw a 4♣ (this copy or the other) at its last turn.
    threw = replace(wanting, tells=view.tells.threw(0, parse_card("4C.0")))
    assert threw.last_thrown == "4C"
    assert _normal_draw(threw) == DRAW_STOCK
    assert retakes_own_throw(threw, DRAW_DISCARD)
