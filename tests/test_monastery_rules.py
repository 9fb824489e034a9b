"""Monastery (RULES.md §2): every worked example of §2.4, and the resolutions of §2.3;
in the repository, docs/rules/monastery.md §9 and §8."""

import dataclasses

import pytest

from cardtable.engine import (
    Discard,
    Draw,
    Game,
    LayMission,
    LayOff,
    Meld,
    MeldKind,
    Pile,
    from_json,
    to_json,
)
from cardtable.engine.cards import parse_cards
from cardtable.engine.events import (
    GameEnded,
    MissionCompleted,
    Reshuffled,
    RoundScored,
    StockExhausted,
    WentOut,
)
from cardtable.engine.missions import (
    MISSIONS,
    addition_problem,
    cards_needed,
    find_mission,
    mission_problem,
)
from cardtable.engine.monastery import Monastery, MonasteryState, Phase
from cardtable.engine.options import MonasteryOptions

GAME = Monastery()


def group(kind: str, text: str) -> Meld:
    return Meld(MeldKind(kind), parse_cards(text))


def check(number: int, *groups: tuple[str, str]) -> str | None:
    return mission_problem(MISSIONS[number], [group(kind, text) for kind, text in groups])


def cards_of(state, seat, text):
    """The seat's own copies of the named cards."""
    wanted, hand, found = text.split(), list(state.hands[seat]), []
    for face in wanted:
        card = next(c for c in hand if c.face == face)
        hand.remove(card)
        found.append(card)
    return tuple(found)


# ----------------------------------------------------------------------------- decks

@pytest.mark.parametrize("seats,cards", [(2, 104), (4, 104), (5, 156), (6, 156), (7, 208),
                                         (8, 208)])
def test_decks_by_seat_count_without_jokers(seats, cards):
    deck = GAME.deck(seats)
    assert len(deck) == cards and not any(c.is_joker for c in deck)


def test_each_round_deals_nine_cards_and_turns_one_up():
    game, _ = Game.new("monastery", 4, 7)
    state = game.state
    assert all(len(hand) == 9 for hand in state.hands)
    assert len(state.discard_pile) == 1 and len(state.stock) == 104 - 37


# ------------------------------------------------------------------- M-T1 … M-T8 lay-downs

def test_mission_1_sets_are_in_colour_M_T1():
    assert check(1, ("set", "10S 10C 10S"), ("set", "JH JD JH")) is None
    assert check(1, ("set", "10S 10C AC"), ("set", "JH JD AH")) is None
    assert "colour" in check(1, ("set", "10S 10H 10C"), ("set", "JH JD JH"))
    assert check(2, ("set", "10S 10H 10C"), ("set", "JH JD JH"), ("set", "4S 4D 4C")) is None
    assert check(1, ("set", "10S 10C AH"), ("set", "JH JD JH")) is not None


def test_mission_3_set_of_four_and_a_run_of_four_in_any_suits_M_T2():
    assert check(3, ("set", "KS KH KD KC"), ("run", "2S 3H 4D 5C")) is None
    assert check(3, ("set", "KS KH KD AD"), ("run", "9H 10C AS QS")) is None
    assert check(3, ("set", "KS KH KD KC"), ("run", "2S 3H 5D 6C")) is not None


def test_mission_3_groups_may_come_in_either_order():
    assert check(3, ("run", "2S 3H 4D 5C"), ("set", "KS KH KD KC")) is None


def test_mission_4_run_of_five_in_suit_M_T3():
    assert check(4, ("run", "8S 9S 10S JS QS")) is None
    assert check(4, ("run", "8S 9S AS JS QS")) is None
    assert check(4, ("run", "8S 9S 10S JS QH")) == \
        "a run must be all one suit (8♠ 9♠ 10♠ J♠ Q♥)"
    assert check(4, ("run", "8S 9S AH JS QS")) is not None


def test_mission_5_run_of_six_in_colour_M_T4():
    assert check(5, ("run", "3H 4D 5H 6H 7D 8D")) is None
    assert check(5, ("run", "3H 4D AD 6H 7D 8D")) is None
    assert "colour" in check(5, ("run", "3H 4D 5S 6H 7D 8D"))


def test_mission_6_run_of_eight_in_any_suits():
    assert check(6, ("run", "3H 4D 5S 6H 7C 8D 9S 10S")) is None
    assert check(6, ("run", "3H 4D 5S 6H 7C 8D 9S")) is not None


def test_mission_7_double_run_M_T6():
    assert check(7, ("double run", "4S 4H 5D 5C 6S 6H")) is None
    assert check(7, ("double run", "4S 4H 5D AC 6S 6H")) is None
    assert check(7, ("double run", "4S 4H 5D 6C 6S 7H")) is not None


def test_mission_8_seven_of_one_suit_M_T7():
    assert check(8, ("suit group", "2H 4H 5H 10H JH QH KH")) is None
    assert check(8, ("suit group", "2H 2H 5H 10H JH QH AH")) is None
    assert check(8, ("suit group", "2H 4H 5H 10H JH QH AD")) is not None


def test_mission_9_nine_even_or_nine_odd_M_T8():
    assert check(9, ("odd group", "3S 3H 7C 7D 7S 9H JC KD KS")) is None
    assert check(9, ("even group", "2S 6H 6D 6C 6S 10H 10D 10C QS")) is None
    assert check(9, ("even group", "2S 4H 6D 8C 10S QH QD AC AS")) is None
    assert check(9, ("odd group", "3S 3H 7C 7D 7S 9H JC KD QS")) == \
        "every card must be of odd rank (Q♠ is not) (3♠ 3♥ 7♣ 7♦ 7♠ 9♥ J♣ K♦ Q♠)"


def test_aces_are_wild_only_within_their_suit_and_never_above_the_king_M_A4():
    assert check(4, ("run", "AS JS QS KS 10S")) is not None        # order matters as laid
    assert check(4, ("run", "9S 10S JS QS AS")) is None           # AS = KS
    assert check(4, ("run", "10S JS QS KS AS")) is not None        # no ace-high
    assert check(1, ("set", "AS AC AS"), ("set", "AH AD AH")) is None   # all aces


def test_laying_more_than_the_least_size_is_allowed_M_A8():
    assert check(4, ("run", "7S 8S 9S 10S JS QS")) is None
    assert check(1, ("set", "10S 10C 10S 10C"), ("set", "JH JD JH")) is None


def test_two_sets_of_one_rank_in_a_mission_is_an_option_M_A6():
    groups = [group("set", "10S 10C 10S"), group("set", "10H 10D 10H")]
    assert mission_problem(MISSIONS[1], groups) is None
    assert mission_problem(MISSIONS[1], groups, same_rank_sets=False) is not None


# --------------------------------------------------------------------- M-T9 … M-T12 lay-offs

def lay_off(kind, text, number, index, added, at_start=False):
    return addition_problem(group(kind, text), MISSIONS[number].groups[index],
                            parse_cards(added), at_start)


def test_adding_to_a_mission_1_set_keeps_its_colour_M_T9():
    assert lay_off("set", "10S 10C 10S", 1, 0, "10C") is None
    assert lay_off("set", "10S 10C 10S", 1, 0, "AS") is None
    assert lay_off("set", "10S 10C 10S", 1, 0, "10H") == "this set must stay black"
    assert lay_off("set", "4S 4H 4D", 2, 0, "4C") is None


def test_adding_to_a_mission_4_run_extends_either_end_in_suit_M_T11():
    run = "8S 9S 10S JS QS"
    assert lay_off("run", run, 4, 0, "KS") is None
    assert lay_off("run", run, 4, 0, "7S", at_start=True) is None
    assert lay_off("run", run, 4, 0, "AS") is None
    assert lay_off("run", run, 4, 0, "AS", at_start=True) is None
    assert lay_off("run", run, 4, 0, "KH") == "a run must be all one suit"


def test_a_card_that_does_not_extend_a_run_is_refused_as_such_not_about_wilds_M_T11():
    """The refusal spoke of wilds filling gaps; it names the run's end and its card."""
    run = "8S 9S 10S JS QS"
    assert lay_off("run", run, 4, 0, "3S") == \
        "that card does not continue the run at its top: it takes a king (or an ace, wild)"
    assert lay_off("run", run, 4, 0, "3S", at_start=True) == \
        "that card does not continue the run at its bottom: it takes a 7 (or an ace, wild)"
    assert lay_off("run", run, 4, 0, "10S") == \
        "that card does not continue the run at its top: it takes a king (or an ace, wild)"
    assert lay_off("run", "9S 10S JS QS KS", 4, 0, "2S") == \
        "the run already ends at the king: nothing goes above it"


def test_adding_to_an_odd_group_M_T12():
    odd = "3S 3H 7C 7D 7S 9H JC KD KS"
    assert lay_off("odd group", odd, 9, 0, "5H") is None
    assert lay_off("odd group", odd, 9, 0, "AD") is None
    assert lay_off("odd group", odd, 9, 0, "6H") is not None


def test_a_double_run_takes_additions_only_in_pairs_M_A15():
    double = "4S 4H 5D 5C 6S 6H"
    assert lay_off("double run", double, 7, 0, "7S") == "add to a double run in pairs"
    assert lay_off("double run", double, 7, 0, "7S 7D") is None
    assert lay_off("double run", double, 7, 0, "3S 3D", at_start=True) is None
    assert lay_off("double run", double, 7, 0, "7S 7D 8C 8H") is None     # two pairs at once
    assert lay_off("double run", double, 7, 0, "6C 7S") is not None       # a third six


def test_adding_to_an_all_ace_set_makes_it_that_rank():
    assert lay_off("set", "AS AC AS", 1, 0, "5C") is None
    assert lay_off("set", "AS AC AS", 1, 0, "5H") is not None


# --------------------------------------------------------------------------- turn flow

def test_only_a_player_who_laid_a_mission_this_round_may_add_M_T13():
    state = GAME.position(["KS 3D", "4C 5C"], phase=Phase.PLAY,
                          missions={1: (4, ["run: 8S 9S 10S JS QS"])}, stock="2H 3H")
    assert GAME.problem(state, 0, LayOff(1, 0, cards_of(state, 0, "KS"))) == \
        "lay down a mission first: then you may add cards to missions this round"
    state = GAME.position(["KS 3D", "4C 5C"], phase=Phase.PLAY, stock="2H 3H",
                          missions={0: (7, ["double run: 4S 4H 5D 5C 6S 6H"]),
                                    1: (4, ["run: 8S 9S 10S JS QS"])})
    assert GAME.problem(state, 0, LayOff(1, 0, cards_of(state, 0, "KS"))) is None


def test_the_ninth_mission_wins_at_once_and_a_done_mission_is_refused_M_T14():
    state = GAME.position(["8S 9S 10S JS QS 3D 4D", "4C 5C"], phase=Phase.PLAY,
                          done={0: [1, 2, 3, 5, 6, 7, 8, 9]}, stock="2H 3H")
    lay = LayMission(4, (Meld(MeldKind.RUN, cards_of(state, 0, "8S 9S 10S JS QS")),))
    step = GAME.apply(state, 0, lay)
    assert step.state.phase is Phase.GAME_OVER
    assert any(isinstance(e, GameEnded) and e.winners == (0,) for e in step.events)
    assert GAME.outcome(step.state).winners == (0,)
    again = GAME.position(["8S 9S 10S JS QS 3D 4D", "4C 5C"], phase=Phase.PLAY,
                          done={0: [4]}, stock="2H 3H")
    lay = LayMission(4, (Meld(MeldKind.RUN, cards_of(again, 0, "8S 9S 10S JS QS")),))
    assert GAME.problem(again, 0, lay) == "you have already completed mission 4"


def test_one_mission_a_turn_M_A7():
    state = GAME.position(["8S 9S 10S JS QS 3D 3H 3C 5D 5H 5C", "4C 5C"], phase=Phase.PLAY,
                          stock="2H 3H")
    state = GAME.apply(state, 0, LayMission(4, (Meld(
        MeldKind.RUN, cards_of(state, 0, "8S 9S 10S JS QS")),))).state
    assert state.laid_this_turn
    second = LayMission(1, (Meld(MeldKind.SET, cards_of(state, 0, "3D 3H 5D")),
                            Meld(MeldKind.SET, cards_of(state, 0, "5H 3C 5C"))))
    assert GAME.problem(state, 0, second) == "you may lay down only one mission a turn"


def test_emptying_the_hand_by_playing_ends_the_round_without_a_discard_M_A10():
    state = GAME.position(["KS", "4C 5C", "6D 7D"], phase=Phase.PLAY, stock="2H 3H 4H",
                          missions={0: (4, ["run: 8S 9S 10S JS QS"])})
    step = GAME.apply(state, 0, LayOff(0, 0, cards_of(state, 0, "KS")))
    assert any(isinstance(e, WentOut) and e.seat == 0 for e in step.events)
    scored = next(e for e in step.events if isinstance(e, RoundScored))
    assert scored.points == (1, 0, 0) and scored.totals == (1, 0, 0)
    assert step.state.round == 2 and all(len(h) == 9 for h in step.state.hands)
    assert step.state.melds == ((), (), ())           # the table is cleared


def test_discarding_the_last_card_ends_the_round_too_M_A10():
    state = GAME.position(["KD", "4C 5C"], phase=Phase.PLAY, stock="2H 3H 4H")
    step = GAME.apply(state, 0, Discard(cards_of(state, 0, "KD")[0]))
    assert any(isinstance(e, WentOut) for e in step.events) and step.state.round == 2


def test_taking_the_discard_and_throwing_it_back_is_allowed_M_A11():
    state = GAME.position(["4C 5C", "6D 7D"], stock="2H 3H", discard="9S")
    state = GAME.apply(state, 0, Draw(Pile.DISCARD)).state
    assert GAME.problem(state, 0, Discard(state.hands[0][-1])) is None


def test_an_empty_stock_is_rebuilt_from_the_discard_pile_but_its_top():
    state = GAME.position(["4C 5C", "6D 7D"], stock="", discard="2H 3H 9S")
    step = GAME.apply(state, 0, Draw(Pile.STOCK))
    assert [c.face for c in step.state.discard_pile] == ["9S"]
    assert len(step.state.hands[0]) == 3 and len(step.state.stock) == 1


def test_nothing_left_to_draw_throws_the_round_in_M_A12():
    state = GAME.position(["4C 5C", "6D 7D"], phase=Phase.PLAY, stock="", discard="")
    step = GAME.apply(state, 0, Discard(cards_of(state, 0, "4C")[0]))
    assert step.state.round == 2
    scored = next(e for e in step.events if isinstance(e, RoundScored))
    assert scored.out_seat is None


def drew_and_threw_back(state, seat, game=GAME):
    """The seat draws from the stock and discards the card it drew; all the events."""
    first = game.apply(state, seat, Draw(Pile.STOCK))
    second = game.apply(first.state, seat, Discard(first.state.hands[seat][-1]))
    return second.state, first.events + second.events


def test_the_round_is_thrown_in_when_the_stock_runs_out_after_two_rebuilds_monastery():
    state = GAME.position(["KS 3D 7C", "4C 5C 9H"], current=1, stock="",
                          discard="2H 3H 4H 5H 6H", missions={0: (4, ["run: 8S 9S 10S JS QS"])})
    state = dataclasses.replace(state, round_rebuilds=1)
    # The second rebuild: the pile but its top (6H) becomes a stock of four.
    state, events = drew_and_threw_back(state, 1)
    assert Reshuffled(4) in events and state.round_rebuilds == 2
    for seat in (0, 1, 0):  # the three cards left are drawn; the round goes on meanwhile
        assert state.round == 1 and not any(isinstance(e, StockExhausted) for e in events)
        state, events = drew_and_threw_back(state, seat)
    # The stock ran out a third time: the round is thrown in after that turn.
    assert StockExhausted(2, thrown_in=True) in events
    assert not any(isinstance(e, WentOut) for e in events)
    scored = next(e for e in events if isinstance(e, RoundScored))
    assert scored.out_seat is None and scored.points == (1, 0) and scored.totals == (1, 0)
    # The mission laid this round stays done; nothing else is recorded; a new deal.
    assert state.done == ((4,), ()) and state.round_missions == (((4,), ()),)
    assert state.round == 2 and state.round_rebuilds == 0
    assert all(len(hand) == 9 for hand in state.hands) and state.melds == ((), ())


def test_without_the_rebuild_limit_the_stock_is_rebuilt_however_often_monastery():
    game = Monastery(MonasteryOptions(stock_rebuilds_per_round=0))
    state = game.position(["KS 3D 7C", "4C 5C 9H"], stock="7D", discard="2H 3H 4H 5H 6H")
    state = dataclasses.replace(state, round_rebuilds=5)
    state, events = drew_and_threw_back(state, 0, game)
    assert state.round == 1 and not state.stock
    state, events = drew_and_threw_back(state, 1, game)
    assert any(isinstance(e, Reshuffled) for e in events) and state.round_rebuilds == 6
    assert not any(isinstance(e, StockExhausted) for e in events)


def test_saves_from_before_the_rebuild_rule_keep_rebuilding_monastery():
    assert MonasteryOptions().stock_rebuilds_per_round == 2
    game, _ = Game.new("monastery", 3, 8)
    record = game.record()
    del record["options"]["stock_rebuilds_per_round"], record["format_version"]
    assert Game.from_record(record).variant.options.stock_rebuilds_per_round == 0
    snapshot = to_json(game.state)
    del snapshot["round_rebuilds"]
    assert from_json(MonasteryState, snapshot) == game.state


def test_the_dealer_moves_left_each_round_M_A13():
    state = GAME.position(["KD", "4C 5C"], phase=Phase.PLAY, stock="2H 3H 4H")
    dealer = state.dealer
    after = GAME.apply(state, 0, Discard(cards_of(state, 0, "KD")[0])).state
    assert after.dealer == (dealer + 1) % 2 and after.current == (after.dealer + 1) % 2


def test_laying_a_mission_records_it_and_tells_everyone():
    state = GAME.position(["8S 9S AS JS QS 3D 4D", "4C 5C"], phase=Phase.PLAY, stock="2H")
    step = GAME.apply(state, 0, LayMission(4, (Meld(
        MeldKind.RUN, cards_of(state, 0, "8S 9S AS JS QS")),)))
    assert step.state.done[0] == (4,)
    assert MissionCompleted(0, 4, 1) in step.events
    assert GAME.problem(step.state, 0, Draw(Pile.STOCK)) == "you have already drawn this turn"


# ----------------------------------------------------------------- finding and hinting

@pytest.mark.parametrize("number,hand", [
    (1, "10S 10C AC JH JD AH 3D"), (2, "4S 4H 4D 9C 9S 9H KD KS AC 2D"),
    (3, "KS KH KD AD 9H 10C AS QS"), (4, "8S 9S AS JS QS 2H"), (5, "3H 4D AD 6H 7D 8D"),
    (6, "3H 4D 5S 6H 7C 8D 9S AC"), (7, "4S 4H 5D AC 6S 6H"),
    (8, "2H 2H 5H 10H JH QH AH"), (9, "2S 4H 6D 8C 10S QH QD AC AS")])
def test_a_hand_that_holds_a_mission_is_found_and_the_lay_down_is_valid(number, hand):
    melds = find_mission(parse_cards(hand), MISSIONS[number])
    assert melds is not None
    assert mission_problem(MISSIONS[number], melds) is None
    assert cards_needed(parse_cards(hand), MISSIONS[number]) == 0


def test_cards_needed_counts_what_a_hand_lacks():
    assert cards_needed(parse_cards("8S 9S 10S JS 2H 3D 4C 7H 9D"), MISSIONS[4]) == 1
    assert cards_needed(parse_cards("8S 9S 2H 3D 4C 7H 9D KC KD"), MISSIONS[4]) == 3


def test_legal_actions_offer_the_missions_and_lay_offs_the_hand_can_make():
    state = GAME.position(["8S 9S AS JS QS 7S 3D", "4C 5C"], phase=Phase.PLAY, stock="2H")
    legal = GAME.legal_actions(state, 0)
    assert any(isinstance(a, LayMission) and a.mission == 4 for a in legal)
    state = GAME.apply(state, 0, next(a for a in legal if isinstance(a, LayMission))).state
    offs = [a for a in GAME.legal_actions(state, 0) if isinstance(a, LayOff)]
    assert offs and all(GAME.problem(state, 0, a) is None for a in offs)


def test_options_cap_rounds_for_machine_play():
    variant = Monastery(MonasteryOptions(round_limit=1))
    state = variant.position(["KD", "4C 5C"], phase=Phase.PLAY, stock="2H 3H 4H")
    step = variant.apply(state, 0, Discard(cards_of(state, 0, "KD")[0]))
    assert step.state.phase is Phase.GAME_OVER
    assert variant.outcome(step.state).reason == "round limit"
