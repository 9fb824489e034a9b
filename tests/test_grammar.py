"""One card, two cards: every count the app words agrees with its number ("1 buy left",
never "1 buys left"), through one helper."""

from __future__ import annotations

from cardtable.app.describe import describe
from cardtable.app.spoken import listed
from cardtable.app.tables import table_for
from cardtable.engine import Call, Game, parse_cards
from cardtable.engine.events import Burned, CardsGiven, Reshuffled, StackTaken

NAMES = ["You", "West", "North"]


def test_a_list_reads_as_a_sentence():
    assert listed([]) == "" and listed(["East"]) == "East"
    assert listed(["East", "you"]) == "East and you"
    assert listed(["West", "North", "East"]) == "West, North and East"


def test_the_move_log_counts_one_card_in_the_singular():
    seven = parse_cards("7H")[0]
    assert describe(Reshuffled(1), NAMES, 0) == \
        "The discard pile was shuffled into a new stock (1 card)"
    assert describe(Burned(1, (seven,)), NAMES, 0).startswith(
        "The ace burns the stack: 1 card out of the game")
    assert describe(StackTaken(2, (seven,)), NAMES, 0) == "North took the stack (1 card)"
    # A May I seen by another seat: the penalty card is hidden, only counted.
    may_i = CardsGiven(1, "may i", (seven,), parse_cards("3S"), 2).redacted_for(0)
    assert describe(may_i, NAMES, 0) == "West took 7♥ by May I (+1 card as the penalty)"


def buy_window(calls_used):
    game, _ = Game.new("shanghai_buy", 3, 2)
    variant = game.variant
    state = variant.position(["4D 5D", "4S 5S", "4C 5C"], discard="KD QS",
                             stock="3S 3H 3D 7C 8C 9C", current=2, discarder=1,
                             calls_used=calls_used)
    return variant, variant._start_turn(state, 2)


def test_the_buy_question_and_the_seat_note_say_one_buy_left():
    variant, state = buy_window((1, 0, 0))
    desc = table_for("shanghai_buy").own
    view = variant.observe(state, 0)
    question = desc.calls(view, NAMES, 0)
    assert question is not None and "(1 buy left)" in question[0]
    assert "1 buy left" in desc.seat_note(view, 0)


def test_the_buy_question_says_whose_request_comes_first_and_why():
    """RULES.md 8: simultaneous buy requests; the person in turn is told why this one."""
    game, _ = Game.new("shanghai_buy", 4, 2)
    variant = game.variant
    state = variant.position(["4D 5D", "4S 5S", "4C 5C", "6H 6D"], discard="KD QS",
                             stock="3S 3H 3D 7C 8C 9C", current=0, discarder=3)
    state = variant._start_turn(state, 0)
    state = variant.apply(state, 2, Call("buy")).state
    state = variant.apply(state, 1, Call("buy")).state
    question = table_for("shanghai_buy").own.calls(
        variant.observe(state, 0), ["You", "West", "North", "East"], 0)
    assert question is not None
    assert question[0].startswith("West wants to buy Q♠ (asked ahead of North: nearer to "
                                  "your left)")
