"""Palace with straights (RULES.md §3): every worked example of §3.4, and the resolutions
of §3.3; in the repository, docs/rules/palace.md §8 and §7."""

import dataclasses
import random

import pytest

from cardtable.engine import (
    BuildReserve,
    Game,
    IllegalActionError,
    PickHidden,
    Place,
    PlayHidden,
    TakeStack,
)
from cardtable.engine.cards import parse_cards
from cardtable.engine.events import (
    Burned,
    Drew,
    GameEnded,
    HiddenRevealed,
    Placed,
    ReserveTaken,
    StackTaken,
)
from cardtable.engine.options import PalaceOptions
from cardtable.engine.palace import Palace, Phase
from cardtable.engine.placements import shape_problem, stack_problem, top_value, value

GAME = Palace()


def cards(text: str):
    return parse_cards(text)


def on(top: str, placement: str) -> str | None:
    """Why ``placement`` may not go on a stack topped by ``top`` (None: it may)."""
    return stack_problem(cards(placement), top_value((cards(top),)))


def own(state, seat: int, text: str):
    """The seat's own copies of the named cards."""
    hand, found = list(state.hands[seat]), []
    for face in text.split():
        card = next(c for c in hand if c.face == face)
        hand.remove(card)
        found.append(card)
    return tuple(found)


def play(state, seat: int, action):
    step = GAME.apply(state, seat, action)
    return step.state, step.events


# ----------------------------------------------------------------------------- decks

@pytest.mark.parametrize("seats,size", [(2, 52), (3, 52), (4, 52), (5, 104), (6, 104)])
def test_one_deck_for_two_to_four_players_two_for_five_or_six_P_A1(seats, size):
    deck = GAME.deck(seats)
    assert len(deck) == size and not any(c.is_joker for c in deck)


@pytest.mark.parametrize("seats", [1, 7])
def test_palace_is_for_two_to_six_players(seats):
    with pytest.raises(Exception, match="2 to 6"):
        Game.new("palace", seats, 1)


# --------------------------------------------------------------------- P-T1 … P-T6 stack

def test_top_5_accepts_5_and_higher_a_2_and_an_ace_P_T1():
    assert on("5S", "5H") is None
    assert on("5S", "9C 9D") is None
    assert on("5S", "4C") == "must be 5 or higher (a 2 always plays)"
    assert on("5S", "2D") is None
    assert on("5S", "AS") is None


def test_a_2_on_top_lets_anything_follow_P_T1():
    assert top_value((cards("2D"),)) == 2
    assert on("2D", "3C") is None


def test_an_ace_burns_the_stack_and_the_same_player_places_again_P_T1():
    state = GAME.position(["AS 8H 9C", "KD QD JD"], stack=["3C", "5D"], deck="4H 4S")
    state, events = play(state, 0, Place(own(state, 0, "AS")))
    burned = next(e for e in events if isinstance(e, Burned))
    assert {c.face for c in burned.cards} == {"3C", "5D", "AS"}
    assert state.stack == () and {c.face for c in state.burned} == {"3C", "5D", "AS"}
    assert state.current == 0 and state.again
    assert GAME.awaiting(state) == (0,)
    # Any placement goes on the empty stack; then the turn passes.
    state, _ = play(state, 0, Place(own(state, 0, "8H")))
    assert state.current == 1 and not state.again


def test_three_tens_on_a_7_P_T2():
    assert on("7H", "10S 10H 10D") is None


def test_a_straight_from_the_top_rank_up_on_a_7_P_T2():
    assert on("7H", "7S 8H 9D") is None
    assert on("7H", "6S 7H 8D") == "a straight's lowest card must be 7 or higher"


def test_a_straight_on_a_jack_must_start_at_jack_or_higher_P_T3():
    assert on("JC", "JS QD KH") is None
    assert on("JC", "10S JD QH") == "a straight's lowest card must be J or higher"


def test_shapes_P_T4():
    assert shape_problem(cards("5S 5H 6D 7C")) == \
        "a placement is cards of one rank or a straight, not both"
    assert shape_problem(cards("8S 9H")) == "a straight needs three or more cards"
    assert "turn the corner" in shape_problem(cards("KS AH 2D"))
    assert "turn the corner" in shape_problem(cards("AS 2H 3D"))
    assert shape_problem(cards("5S 2H 7D")) == "a straight must have no gaps (a 2 is not wild)"
    assert on("KH", "2C 3D 4H") is None


def test_suits_never_matter_in_straights_P_A2():
    assert shape_problem(cards("4S 5H 6D 7C")) is None


def test_2_is_the_lowest_rank_and_the_ace_the_highest_in_a_straight_P_A3():
    assert shape_problem(cards("2C 3D 4H")) is None
    assert shape_problem(cards("QS KH AD")) is None
    assert value(cards("AS")[0]) == 14 and value(cards("2S")[0]) == 2


def test_the_top_after_a_straight_is_its_highest_card_P_T6():
    state = GAME.position(["5S 6H 7D 10C", "6C 7C KD"], deck="")
    state, _ = play(state, 0, Place(own(state, 0, "5S 6H 7D")))
    assert top_value(state.stack) == 7
    with pytest.raises(IllegalActionError, match="must be 7 or higher"):
        GAME.apply(state, 1, Place(own(state, 1, "6C")))
    state, _ = play(state, 1, Place(own(state, 1, "7C")))
    assert top_value(state.stack) == 7


def test_a_straight_with_an_ace_is_judged_by_its_lowest_card_then_burns_P_A5():
    assert on("KH", "QS KD AC") == "a straight's lowest card must be K or higher"
    assert on("KH", "AS AD") is None  # all aces always play
    state = GAME.position(["QS KD AC 4H", "5C 6C 7C"], stack=["QH"], deck="")
    state, events = play(state, 0, Place(own(state, 0, "QS KD AC")))
    assert any(isinstance(e, Burned) for e in events)
    assert state.stack == () and state.current == 0 and state.again


def test_two_aces_in_one_placement_burn_once_and_give_one_more_placement_P_A7():
    state = GAME.position(["AS AH 4H", "5C 6C 7C"], stack=["9D"], deck="",
                          hidden=["2H 3H 4D"])
    state, events = play(state, 0, Place(own(state, 0, "AS AH")))
    assert sum(isinstance(e, Burned) for e in events) == 1
    state, _ = play(state, 0, Place(own(state, 0, "4H")))
    assert state.current == 1


def test_aces_chain_ace_then_ace_then_any_placement_in_one_turn():
    state = GAME.position(["AS AH 4H 4C", "5C 6C 7C"], stack=["9D"], deck="",
                          hidden=["2H 3H 4D"])
    state, _ = play(state, 0, Place(own(state, 0, "AS")))
    state, _ = play(state, 0, Place(own(state, 0, "AH")))
    assert state.current == 0 and state.again
    state, _ = play(state, 0, Place(own(state, 0, "4H 4C")))
    assert state.current == 1 and len(state.burned) == 3


def test_the_placement_after_an_ace_is_not_optional_P_A7():
    state = GAME.position(["AS 4H 9C", "5C 6C 7C"], stack=["9D"], deck="")
    state, _ = play(state, 0, Place(own(state, 0, "AS")))
    assert GAME.problem(state, 0, TakeStack()) == "the stack is empty: place any card"
    assert all(isinstance(a, Place) for a in GAME.legal_actions(state, 0))


def test_any_number_of_one_rank_is_a_placement_P_A13():
    assert on("3H", "8S 8H 8D 8C") is None
    assert shape_problem(cards("8S 8H 8D 8C 8S 8H")) is None  # two decks


# ---------------------------------------------------------------------------- refills

def test_the_hand_refills_to_three_after_a_placement():
    state = GAME.position(["9S 9H 4D", "5C 6C 7C"], stack=["3C"], deck="2S 3S 4S")
    state, events = play(state, 0, Place(own(state, 0, "9S 9H")))
    assert len(state.hands[0]) == 3 and len(state.deck) == 1
    assert sum(isinstance(e, Drew) for e in events) == 2


def test_the_hand_refills_between_the_placements_of_an_ace_chain():
    state = GAME.position(["AS 5H 6H", "5C 6C 7C"], stack=["3C"], deck="2S 3S")
    state, events = play(state, 0, Place(own(state, 0, "AS")))
    assert len(state.hands[0]) == 3 and state.again
    assert [type(e) for e in events] == [Placed, Burned, Drew]


def test_drawn_cards_are_seen_by_the_drawer_only():
    state = GAME.position(["9S 9H 4D", "5C 6C 7C"], stack=["3C"], deck="2S 3S 4S")
    step = GAME.apply(state, 0, Place(own(state, 0, "9S 9H")))
    drew = [e for e in step.events if isinstance(e, Drew)]
    assert all(e.redacted_for(1).card is None for e in drew)
    assert all(e.redacted_for(0).card is not None for e in drew)


# ---------------------------------------------------------------- taking the stack

def test_a_player_who_cannot_place_takes_the_stack_and_the_turn_passes():
    state = GAME.position(["4H 3D 5S", "9C 6C 7C"], stack=["8S", "KD"], deck="")
    assert GAME.legal_actions(state, 0) == (TakeStack(),)
    state, events = play(state, 0, TakeStack())
    assert isinstance(events[0], StackTaken)
    assert {c.face for c in state.hands[0]} == {"4H", "3D", "5S", "8S", "KD"}
    assert state.stack == () and state.current == 1


def test_taking_the_stack_with_a_legal_placement_is_refused_P_T11():
    state = GAME.position(["8H 3D 4S", "9C 6C 7C"], stack=["6D"], deck="")
    assert GAME.problem(state, 0, TakeStack()) == \
        "you can place a card: you take the stack only when you cannot"


def test_cards_taken_from_the_stack_are_seen_by_everyone():
    state = GAME.position(["4H 3D 5S", "9C 6C 7C"], stack=["8S", "KD"], deck="2C")
    state, _ = play(state, 0, TakeStack())
    assert set(GAME.observe(state, 1).known[0]) == set(own(state, 0, "8S KD"))
    assert not set(own(state, 0, "4H")) & set(GAME.observe(state, 1).known[0])


# --------------------------------------------------------------- the visible reserve

def test_an_empty_hand_takes_the_whole_visible_reserve_P_T8():
    state = GAME.position(["9D", "5C 6C 7C"], stack=["8S"], deck="",
                          reserves=[["7S 7H", "QD", "4C 5C 6D"]], hidden=["2H 3H 4H"])
    state, events = play(state, 0, Place(own(state, 0, "9D")))
    taken = next(e for e in events if isinstance(e, ReserveTaken))
    assert {c.face for c in taken.cards} == {"7S", "7H", "QD", "4C", "5C", "6D"}
    assert sorted(c.face for c in state.hands[0]) == sorted("7S 7H QD 4C 5C 6D".split())
    assert state.reserves[0] == () and state.current == 1


def test_the_reserve_is_taken_mid_chain_and_the_ace_chain_goes_on_from_it_P_A9():
    state = GAME.position(["AS", "5C 6C 7C"], stack=["8S"], deck="",
                          reserves=[["KH", "3C 3D"]], hidden=["2H 3H 4H"])
    state, _ = play(state, 0, Place(own(state, 0, "AS")))
    assert state.again and state.current == 0 and len(state.hands[0]) == 3
    state, _ = play(state, 0, Place(own(state, 0, "3C 3D")))
    assert state.current == 1


# ------------------------------------------------------------------ the hidden reserve

def test_an_illegal_hidden_card_goes_to_the_hand_with_the_stack_P_T9():
    state = GAME.position(["", "5C 6C 7C"], stack=["9H"], deck="", hidden=["4D"])
    assert GAME.legal_actions(state, 0) == (PlayHidden(0),)
    state, events = play(state, 0, PlayHidden(0))
    assert isinstance(events[0], HiddenRevealed) and events[0].card.face == "4D"
    assert sorted(c.face for c in state.hands[0]) == ["4D", "9H"]
    assert state.stack == () and state.current == 1


def test_a_legal_hidden_card_is_placed_P_T9():
    state = GAME.position(["", "5C 6C 7C"], stack=["9H"], deck="", hidden=["2S 8C"])
    state, events = play(state, 0, PlayHidden(0))
    assert [c.face for c in state.stack[-1]] == ["2S"]
    assert isinstance(events[1], Placed) and events[1].hidden
    assert state.current == 1 and len(state.hidden[0]) == 1


def test_hidden_cards_are_played_only_with_hand_and_reserve_gone():
    state = GAME.position(["8H", "5C 6C 7C"], stack=["6D"], deck="", hidden=["2S"])
    assert GAME.problem(state, 0, PlayHidden(0)) == \
        "play from your hand: hidden cards come last"
    empty = GAME.position(["", "5C 6C 7C"], stack=["6D"], deck="", hidden=["2S"])
    assert "turn up one of your hidden cards" in GAME.problem(empty, 0, TakeStack())


def test_a_hidden_ace_burns_and_the_next_placement_is_another_hidden_card_P_A10():
    state = GAME.position(["", "5C 6C 7C"], stack=["9H"], deck="", hidden=["AS 3C"])
    state, events = play(state, 0, PlayHidden(0))
    assert any(isinstance(e, Burned) for e in events)
    assert state.current == 0 and GAME.legal_actions(state, 0) == (PlayHidden(0),)


def test_a_hidden_ace_as_the_last_card_wins_P_A10():
    state = GAME.position(["", "5C 6C 7C"], stack=["9H"], deck="", hidden=["AS"])
    state, events = play(state, 0, PlayHidden(0))
    assert state.phase is Phase.GAME_OVER and state.winner == 0
    assert isinstance(events[-1], GameEnded) and events[-1].winners == (0,)


def test_no_seat_sees_its_own_hidden_reserve():
    game, _ = Game.new("palace", 3, 11)
    game.apply(0, PickHidden((0, 4, 8)))
    hidden = set(game.state.hidden[0])
    view = game.observe(0)
    assert view.hidden_counts[0] == 3 and not hidden & set(view.hand)
    assert hidden <= GAME.hidden_from(game.state, 0)


# ------------------------------------------------------------------------------ setup

def test_setup_deals_nine_face_down_and_the_person_picks_first_P_A11():
    game, events = Game.new("palace", 4, 3)
    state = game.state
    assert state.phase is Phase.PICK_HIDDEN and state.current == 0
    assert all(len(cards) == 9 for cards in state.face_down)
    assert len(state.deck) == 52 - 36
    assert game.observe(0).hand == ()  # picked blind: nothing is seen yet
    assert all(not e.cards for e in events)


def test_picking_three_blind_shows_the_other_six():
    game, _ = Game.new("palace", 2, 3)
    dealt = game.state.face_down[0]
    game.apply(0, PickHidden((1, 2, 7)))
    assert game.state.hidden[0] == (dealt[1], dealt[2], dealt[7])
    assert set(game.state.hands[0]) == set(dealt) - {dealt[1], dealt[2], dealt[7]}
    assert game.state.phase is Phase.BUILD_RESERVE


@pytest.mark.parametrize("positions,reason", [((0, 1), "exactly three"),
                                              ((0, 0, 1), "exactly three"),
                                              ((0, 1, 9), "nine")])
def test_the_hidden_reserve_is_three_of_the_nine(positions, reason):
    game, _ = Game.new("palace", 2, 3)
    assert reason in game.problem(0, PickHidden(positions))


def test_the_visible_reserve_is_three_placements_of_any_shape_drawing_back_to_three():
    state = GAME.position(["5S 6H 7D 7C 9S KD", "2C"], deck="2S 3S 4S 5D 6D")
    state = _building(state)
    state, events = play(state, 0, BuildReserve(own(state, 0, "5S 6H 7D")))
    assert len(state.hands[0]) == 3 and sum(isinstance(e, Drew) for e in events) == 0
    with pytest.raises(IllegalActionError, match="three or more"):
        GAME.apply(state, 0, BuildReserve(own(state, 0, "7C 9S")))
    state, events = play(state, 0, BuildReserve(own(state, 0, "KD")))  # no rank condition
    assert len(state.hands[0]) == 3 and sum(isinstance(e, Drew) for e in events) == 1
    state, _ = play(state, 0, BuildReserve(own(state, 0, "7C")))
    assert len(state.reserves[0]) == 3
    # Seat 0 is done: the next seat picks its hidden reserve.
    assert state.phase is Phase.PICK_HIDDEN and state.current == 1


def test_reserve_placements_may_use_cards_drawn_meanwhile():
    state = _building(GAME.position(["8S 8H 8D 8C 9S KD", "2C"], deck="JD 10C QS"))
    state, _ = play(state, 0, BuildReserve(own(state, 0, "8S 8H 8D 8C")))
    assert {c.face for c in state.hands[0]} == {"9S", "KD", "QS"}
    state, _ = play(state, 0, BuildReserve(own(state, 0, "9S")))
    assert "10C" in {c.face for c in state.hands[0]}  # the deck is drawn from its end


def test_with_the_deck_dry_the_reserve_must_leave_cards_to_finish_it():
    state = _building(GAME.position(["8S 8H 8D 8C 9S KD", "2C"], deck=""))
    assert GAME.problem(state, 0, BuildReserve(own(state, 0, "8S 8H 8D 8C"))) == \
        "keep at least 3 cards in your hand: the deck cannot refill it and you have " \
        "2 more reserve placements to make"
    assert GAME.problem(state, 0, BuildReserve(own(state, 0, "8S 8H 8D"))) is None


def test_play_starts_with_the_person_once_every_reserve_is_built():
    game, _ = Game.new("palace", 3, 21)
    while game.state.phase is not Phase.PLAY:
        seat = game.awaiting()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    assert game.state.current == 0
    assert all(len(r) == 3 for r in game.state.reserves)
    assert all(len(h) >= 3 for h in game.state.hands)


SEED_FIRST_TURN = ("Once the visible reserves are populated and all players have 3 cards in "
                   "their hand, turns begin. For this single-human version, the user always "
                   "goes first.")
"""Seed 001's words on the first turn (docs/rules/palace.md §3.3)."""


@pytest.mark.parametrize("seed", range(40))
def test_at_two_seats_the_person_always_places_first_as_the_seed_says(seed):
    """SEED_FIRST_TURN: whatever the deal and however the reserves are built, the first
    placement of a two-seat game is the person's (seat 0), the seat that set up first."""
    game, _ = Game.new("palace", 2, seed)
    rng = random.Random(seed)
    while game.state.phase is not Phase.PLAY:
        seat = game.awaiting()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert game.awaiting() == (0,) and game.state.current == 0
    assert all(len(r) == 3 for r in game.state.reserves)
    assert game.state.placements == 0 and game.state.stack == ()


def _building(state):
    """A position during seat 0's reserve building (the rest of the table not set up)."""
    from cardtable.engine.data import evolve

    return evolve(state, phase=Phase.BUILD_RESERVE, current=0)


# ------------------------------------------------------------------------- the end

def test_the_first_player_with_no_cards_at_all_wins():
    state = GAME.position(["", "5C 6C 7C"], stack=["9H"], deck="", hidden=["10D"])
    state, events = play(state, 0, PlayHidden(0))
    assert state.winner == 0 and GAME.outcome(state).winners == (0,)
    assert GAME.outcome(state).scores == (0, 3)


def test_an_empty_hand_with_hidden_cards_left_has_not_won():
    state = GAME.position(["9S", "5C 6C 7C"], stack=["8H"], deck="", hidden=["10D"])
    state, _ = play(state, 0, Place(own(state, 0, "9S")))
    assert state.phase is Phase.PLAY and state.current == 1


def test_the_placement_cap_ends_an_endless_game_as_a_draw_P_A12():
    capped = Palace(PalaceOptions(placement_cap=200))  # the lowest cap offered
    state = capped.position(["9S 4D", "5C 6C 7C"], stack=["8H"], deck="")
    state = dataclasses.replace(state, placements=199)
    step = capped.apply(state, 0, Place(own(state, 0, "9S")))
    outcome = capped.outcome(step.state)
    assert outcome.winners == () and outcome.reason == "draw"
    assert isinstance(step.events[-1], GameEnded) and step.events[-1].winners == ()


def test_the_default_cap_is_2000_placements_P_A12():
    assert PalaceOptions().placement_cap == 2000


def test_a_game_replays_from_its_seed_and_actions():
    game, _ = Game.new("palace", 3, 77)
    while not game.over:
        seat = game.awaiting()[0]
        game.apply(seat, game.legal_actions(seat)[-1])
    assert Game.from_record(game.record()).state == game.state


def test_the_losers_are_ranked_by_cards_left_fewest_first_ties_shared():
    """P-A15 as the app applies it: the winner is first, then the others by the cards
    they hold (hand, reserves), fewest first; equal counts share a place."""
    state = GAME.position(["", "5C 6C 7C", "8D", "9S 10S 4H"], stack=["9H"], deck="",
                          hidden=["10D"])
    state, _ = play(state, 0, PlayHidden(0))
    outcome = GAME.outcome(state)
    assert outcome.winners == (0,) and outcome.scores == (0, 3, 1, 3)
    assert outcome.places == (1, 3, 2, 3)


def test_the_last_reserve_placement_must_leave_one_card_said_in_the_singular():
    # "keep at least 1 cards in your hand" was the refusal.
    state = _building(GAME.position(["8S 8H 9S KD", "2C"], deck=""))
    state, _ = play(state, 0, BuildReserve(own(state, 0, "9S")))
    state, _ = play(state, 0, BuildReserve(own(state, 0, "KD")))
    assert GAME.problem(state, 0, BuildReserve(own(state, 0, "8S 8H"))) == \
        "keep at least 1 card in your hand: the deck cannot refill it and you need a " \
        "hand to start play"
