"""Tells: what each seat of a draw-and-discard game did in public this round (the cards it
threw, the top discards it let go), kept in the state and in every seat's view, so a
search can read hands by them as a player at the table would."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cardtable.ai import make_bot
from cardtable.ai.seats import bot_rng, seat_to_ask
from cardtable.app.saves import SaveError, parse_save, read_save
from cardtable.engine import (
    AnswerBuy,
    Call,
    Discard,
    Draw,
    Game,
    LayOff,
    Pile,
    TakeBack,
    get_variant,
)
from cardtable.engine.cards import parse_card, parse_cards
from cardtable.engine.shanghai_rules import Phase as ShanghaiPhase
from cardtable.engine.tells import Tells

SAVES = Path(__file__).resolve().parents[1] / "saves"


def play_until(game: Game, done, limit: int = 4000) -> None:
    bot = make_bot("normal")
    for _ in range(limit):
        if done(game):
            return
        seat = seat_to_ask(game, range(game.seats))
        game.apply(seat, bot.choose(game.observe(seat), bot_rng(game, seat, 0), 0.0,
                                    lambda: False))
    raise AssertionError("never reached")


def test_a_discard_and_a_stock_draw_are_tells_every_seat_sees():
    variant = get_variant("five_crowns")()
    state = variant.position(["7H 8H 9S", "4C 5C 6C"], discard="KD", stock="3S 10S JS")
    state = variant.apply(state, 0, Draw(Pile.STOCK)).state
    state = variant.apply(state, 0, Discard(parse_card("9S"))).state
    for seat in (0, 1):
        tells = variant.observe(state, seat).tells
        assert tells.thrown_by(0) == (parse_card("9S"),)
        assert tells.passed_by(0) == (parse_card("KD"),)
        assert tells.thrown_by(1) == tells.passed_by(1) == ()


def test_taking_the_top_discard_lets_nothing_go():
    variant = get_variant("monastery")()
    state = variant.position(["7H 8H 9S", "4C 5C 6C"], discard="KD", stock="3S 10S JS")
    state = variant.apply(state, 0, Draw(Pile.DISCARD)).state
    assert state.tells.passed_by(0) == ()
    assert state.known[0] == (parse_card("KD"),)


def test_tells_start_empty_each_round():
    game, _ = Game.new("five_crowns", 2, 11)
    play_until(game, lambda g: g.state.round == 1 and any(g.state.tells.thrown))
    play_until(game, lambda g: g.state.round == 2)
    assert game.state.tells == Tells.fresh(2)


def test_a_may_i_passed_lets_the_card_go():
    game, _ = Game.new("shanghai_may_i", 3, 5)
    play_until(game, lambda g: g.state.phase is ShanghaiPhase.CALLS)
    seat, top = game.awaiting()[0], game.state.discard_pile[-1]
    game.apply(seat, Call("pass"))
    assert game.observe((seat + 1) % 3).tells.passed_by(seat) == (top,)


def test_a_buy_allowed_lets_the_card_go_and_a_buy_refused_takes_it():
    for allow in (True, False):
        game, _ = Game.new("shanghai_buy", 3, 5)
        play_until(game, lambda g: g.state.phase is ShanghaiPhase.CALLS)
        current, top = game.state.current, game.state.discard_pile[-1]
        for seat in game.awaiting():
            game.apply(seat, Call("buy"))
        game.apply(current, AnswerBuy(allow))
        let_go = game.state.tells.passed_by(current)
        assert (top in let_go) is allow
        assert (top in game.state.known[current]) is not allow


def test_cards_shuffled_back_into_the_stock_leave_the_tells():
    """They are hidden again (and may be drawn unseen): a view never names them."""
    variant = get_variant("five_crowns")()
    state = variant.position(["7H 8H 9S", "4C 5C 6C"], discard="3S 10S JS KD", stock="")
    state = variant.apply(state, 0, Draw(Pile.STOCK)).state
    assert state.tells.passed_by(0) == (parse_card("KD"),)
    state = variant.position(["7H 8H 9S", "4C 5C 6C"], discard="3S 10S", stock="QH")
    state = variant.apply(state, 0, Draw(Pile.STOCK)).state
    state = variant.apply(state, 0, Discard(parse_card("9S"))).state
    assert state.tells.passed_by(0) == (parse_card("10S"),)
    state = variant.apply(state, 1, Draw(Pile.STOCK)).state  # rebuilt from 3S 10S
    assert state.tells.passed_by(0) == ()
    assert state.tells.thrown_by(0) == state.tells.passed_by(1) == (parse_card("9S"),)


def test_a_sampled_world_keeps_the_views_tells():
    game, _ = Game.new("shanghai_buy", 3, 8)
    play_until(game, lambda g: sum(map(len, g.state.tells.thrown)) >= 4)
    view = game.observe(1)
    world = game.variant.determinize(view, random.Random(3))
    assert world.tells == view.tells == game.state.tells


def test_a_save_from_before_tells_loads_and_its_replay_makes_them():
    for path in sorted(SAVES.glob("*-format2.json")):
        data = json.loads(path.read_text())
        if data["game"] == "palace":
            continue
        assert "tells" not in data["snapshot"]
        game = read_save(path).game
        assert game is not None
        assert len(game.state.tells.thrown) == game.seats


def test_a_state_without_tells_still_records_them():
    tells = Tells()
    told = tells.threw(2, parse_card("7H")).passed_up(0, parse_card("8H"))
    assert told.thrown_by(2) == (parse_card("7H"),) and told.thrown_by(0) == ()
    assert told.passed_by(0) == (parse_card("8H"),) and told.passed_by(5) == ()
    assert told.without(parse_cards("7H")).thrown_by(2) == ()


def test_a_card_taken_back_from_the_table_is_known_to_all():
    """Everyone saw it on the table: back in the hand, it is not hidden (and a tell that
    names it names no hidden card)."""
    variant = get_variant("shanghai_buy")()
    state = variant.position(["9C JH", "4S 5S", "4C 5C"], phase=ShanghaiPhase.PLAY,
                             melds={0: ["set: JS JD JC", "set: 3S 3D 3C"]}, stock="3H",
                             discard="10D")
    jack = next(card for card in state.hands[0] if card.face == "JH")
    played = variant.apply(state, 0, LayOff(0, 0, (jack,))).state
    back = variant.apply(played, 0, TakeBack()).state
    assert back.hands == state.hands and back.known[0] == (jack,)
    assert jack not in variant.hidden_from(back, 1)


def test_a_save_from_before_tells_with_a_take_back_loads():
    """Format 3 made the cards taken back from the table known in the hand; a format-2
    save with a take-back replays to those truer ``known`` cards and still loads, while
    its snapshot is held to every other field."""
    path = SAVES / "shanghai_may_i-taken-back-format2.json"
    data = json.loads(path.read_text())
    assert any(action == {"type": "TakeBack"} for _, action in data["actions"])
    game = read_save(path).game
    assert game is not None and game.state.known[0]
    assert data["snapshot"]["known"][0] == []
    data["snapshot"]["turn"] += 1
    with pytest.raises(SaveError, match="does not match its moves"):
        parse_save(data)
