"""Shanghai with May I (RULES.md §4) and with buying (§5): every worked example; in the
repository, docs/rules/shanghai_may_i.md §10 and docs/rules/shanghai_buy.md §10."""

from collections import Counter

import pytest

from cardtable.engine import (
    AnswerBuy,
    Call,
    CallShanghai,
    Discard,
    Draw,
    Exchange,
    GoDown,
    LayOff,
    Meld,
    MeldKind,
    Pile,
    ReplaceWild,
    SetupError,
    TakeBack,
    parse_cards,
)
from cardtable.engine.events import CallWon, CardsGiven, Precedence, RoundScored
from cardtable.engine.shanghai import ShanghaiBuy, ShanghaiMayI
from cardtable.engine.shanghai_rules import Phase, penalty

MAY_I = ShanghaiMayI()
BUY = ShanghaiBuy()
STOCK, DISCARD = Draw(Pile.STOCK), Draw(Pile.DISCARD)


def cards_of(state, seat, text):
    """The physical cards with these faces in a seat's hand."""
    pool = list(state.hands[seat])
    found = []
    for face in text.split():
        card = next(c for c in pool if c.face == face)
        pool.remove(card)
        found.append(card)
    return tuple(found)


def go_down(state, seat, *groups):
    """A GoDown naming distinct physical cards of the seat's hand by their faces."""
    pool = list(state.hands[seat])
    melds = []
    for kind, text in groups:
        cards = []
        for face in text.split():
            card = next(c for c in pool if c.face == face)
            pool.remove(card)
            cards.append(card)
        melds.append(Meld(kind, tuple(cards)))
    return GoDown(tuple(melds))


SET, RUN = MeldKind.SET, MeldKind.RUN


# ------------------------------------------------------------------------------- decks

def test_s2_t1_may_i_decks_by_players():
    assert len(MAY_I.deck(4)) == 108
    assert sum(c.is_joker or c.face.startswith("2") for c in MAY_I.deck(4)) == 12
    assert len(MAY_I.deck(6)) == 162 and len(MAY_I.deck(8)) == 216


def test_s3_t1_buying_uses_162_cards_and_needs_three_players():
    state = BUY.new_game(3, seed=1).state
    assert len(BUY.deck(3)) == 162
    assert sum(c.is_joker or c.face.startswith("2") for c in BUY.deck(3)) == 18
    assert [len(h) for h in state.hands] == [11, 11, 11]
    assert len(state.discard_pile) == 1 and len(state.stock) == 128
    with pytest.raises(SetupError):
        BUY.new_game(2, seed=1)


def test_s2_t13_round_seven_deals_thirteen():
    state = MAY_I._deal(MAY_I.new_game(3, 2).state, 7, 0, [])
    assert {len(h) for h in state.hands} == {13}
    buy = BUY._deal(BUY.new_game(3, 2).state, 7, 0, [])
    assert {len(h) for h in buy.hands} == {11}


# --------------------------------------------------------------------------- contracts

def play_position(game, hand, round_number=1, melds=None, others=("4D 5D", "4S 5S", "4C 5C")):
    return game.position([hand, *others], round_number=round_number, phase=Phase.PLAY,
                         melds=melds, stock="3D 3S", discard="KD")


def test_s2_t2_round_one_two_sets():
    state = play_position(MAY_I, "7H 7S 7D QC QC 2S JK 5H 7C 7H 2D QD QS 5D 5C")
    ok = go_down(state, 0, (SET, "7H 7S 7D"), (SET, "QC QC 2S"))
    assert MAY_I.problem(state, 0, ok) is None
    ratio = go_down(state, 0, (SET, "7H 7S 7D"), (SET, "QC 2S JK"))
    assert MAY_I.problem(state, 0, ratio) == \
        "a meld needs at least as many natural cards as wild cards"
    three = go_down(state, 0, (SET, "7H 7S 7D"), (SET, "QC QD QS"), (SET, "5H 5D 5C"))
    assert "only the round's target may be laid down" in MAY_I.problem(state, 0, three)
    same = go_down(state, 0, (SET, "7H 7S 7D"), (SET, "7C 7H 2D"))
    assert "same rank" in MAY_I.problem(state, 0, same)


def test_s2_t3_round_two_set_and_run():
    state = play_position(MAY_I, "9S 9D 9H 5H 6H 2C 8H 7D 3C", round_number=2)
    assert MAY_I.problem(state, 0, go_down(state, 0, (SET, "9S 9D 9H"),
                                           (RUN, "5H 6H 2C 8H"))) is None
    assert MAY_I.problem(state, 0, go_down(state, 0, (SET, "9S 9D 9H"),
                                           (RUN, "5H 6H 7D 8H"))) == \
        "a run must be all one suit"


def test_s2_t5_ace_low_and_ace_high_runs():
    state = play_position(MAY_I, "JD QD KD AD 9S 9D 9H AH 2H 3H 4H", round_number=2)
    assert MAY_I.problem(state, 0, go_down(state, 0, (SET, "9S 9D 9H"),
                                           (RUN, "JD QD KD AD"))) is None
    assert MAY_I.problem(state, 0, go_down(state, 0, (SET, "9S 9D 9H"),
                                           (RUN, "AH 2H 3H 4H"))) is None


def test_s2_t6_round_three_same_suit_runs_unless_they_touch():
    hand = "3H 4H 5H 6H 9H 10H JH QH 7H 8H 9H 10H 7S 8S 9S 10S"
    state = play_position(MAY_I, hand, round_number=3)
    assert MAY_I.problem(state, 0, go_down(state, 0, (RUN, "3H 4H 5H 6H"),
                                           (RUN, "9H 10H JH QH"))) is None
    assert "would be one run" in MAY_I.problem(state, 0, go_down(
        state, 0, (RUN, "3H 4H 5H 6H"), (RUN, "7H 8H 9H 10H")))
    assert MAY_I.problem(state, 0, go_down(state, 0, (RUN, "3H 4H 5H 6H"),
                                           (RUN, "7S 8S 9S 10S"))) is None


def test_s3_t4_buying_runs_must_be_different_suits():
    state = play_position(BUY, "4H 5H 6H 7H 9H 10H JH QH 9S 10S JS QS", round_number=3)
    assert BUY.problem(state, 0, go_down(state, 0, (RUN, "4H 5H 6H 7H"),
                                         (RUN, "9H 10H JH QH"))) == \
        "each run must be a different suit"
    assert BUY.problem(state, 0, go_down(state, 0, (RUN, "4H 5H 6H 7H"),
                                         (RUN, "9S 10S JS QS"))) is None


def test_s3_t3_buying_runs_are_ace_high_only():
    state = play_position(BUY, "JH QH KH AH 8S 8H 8D AD 2D 3D 4D", round_number=2)
    assert BUY.problem(state, 0, go_down(state, 0, (SET, "8S 8H 8D"),
                                         (RUN, "JH QH KH AH"))) is None
    assert BUY.problem(state, 0, go_down(state, 0, (SET, "8S 8H 8D"),
                                         (RUN, "AD 2D 3D 4D"))) is not None


def test_the_engine_finds_a_go_down_when_there_is_one():
    state = play_position(MAY_I, "7H 7S 7D QC QC 2S 5H 9C KD AS 3C")
    downs = [a for a in MAY_I.legal_actions(state, 0) if isinstance(a, GoDown)]
    assert len(downs) == 1 and MAY_I.problem(state, 0, downs[0]) is None


# ------------------------------------------------------------- exchanges and lay-offs

def test_s2_t7_exchange_a_natural_for_the_wild_it_stands_for():
    state = play_position(MAY_I, "7H 7D KD 4C", melds={1: ["run: 5H 6H JK 8H"],
                                                         2: ["set: KS KH 2C"]},
                          others=("4D 5D", "4S 5S", "9C 9D"))
    joker = state.melds[1][0].cards[2]
    good = Exchange(1, 0, cards_of(state, 0, "7H")[0], joker)
    assert MAY_I.problem(state, 0, good) is None
    after = MAY_I.apply(state, 0, good).state
    assert [c.face for c in after.melds[1][0].cards] == ["5H", "6H", "7H", "8H"]
    assert joker in after.hands[0]
    wrong = Exchange(1, 0, cards_of(state, 0, "7D")[0], joker)
    assert MAY_I.problem(state, 0, wrong) == "that joker stands for 7\u2665"
    two = state.melds[2][0].cards[2]
    assert MAY_I.problem(state, 0, Exchange(2, 0, cards_of(state, 0, "KD")[0], two)) is None


def test_s2_t7_no_exchange_from_your_own_melds():
    state = MAY_I.position(["4D 5D", "7H 9C", "4S 5S", "4C 5C"], current=1, phase=Phase.PLAY,
                           melds={1: ["run: 5H 6H JK 8H"]}, stock="3D", discard="KD")
    joker = state.melds[1][0].cards[2]
    assert MAY_I.problem(state, 1, Exchange(1, 0, cards_of(state, 1, "7H")[0], joker)) == \
        "you may only take wilds from other players' melds"


def test_s2_t8_no_lay_off_before_going_down():
    state = play_position(MAY_I, "9H 4C", melds={1: ["run: 5H 6H 7H 8H"]})
    assert MAY_I.problem(state, 0, LayOff(1, 0, cards_of(state, 0, "9H"))) == \
        "go down with the round's target first"


def test_lay_offs_extend_runs_at_either_end_and_keep_naturals_at_least_wilds():
    state = play_position(MAY_I, "8S 9S JK 2H 3S", round_number=1,
                          melds={0: ["set: QC QD QS", "set: 5H 5D 5C"],
                                 1: ["run: 4S JK 2D 7S"]})
    run = LayOff(1, 0, cards_of(state, 0, "JK"))
    assert MAY_I.problem(state, 0, run) == \
        "a meld needs at least as many natural cards as wild cards"
    together = LayOff(1, 0, cards_of(state, 0, "8S JK"))
    assert MAY_I.problem(state, 0, together) is None              # RULES.md §8
    low = LayOff(1, 0, cards_of(state, 0, "3S"), at_start=True)
    assert MAY_I.problem(state, 0, low) is None
    assert MAY_I.problem(state, 0, LayOff(1, 0, cards_of(state, 0, "9S"))) == \
        "that card does not continue the run at that end"


# --------------------------------------------------------------------------------- May I

def may_i_position(calls_used=None):
    # P4 (seat 3) discarded 9C; it is P1's (seat 0) turn; the stock top is last.
    state = MAY_I.position(["4D 5D", "4S 5S", "4C 5C", "6H 6D"], discard="KD 9C",
                           stock="3S 3H 3D", current=0, discarder=3, calls_used=calls_used)
    return MAY_I._start_turn(state, 0)


def test_s2_t9_may_i_nearest_caller_gets_the_card_and_a_penalty_card():
    state = may_i_position()
    assert state.phase is Phase.CALLS and MAY_I.awaiting(state) == (1, 2)
    state = MAY_I.apply(state, 1, Call("may i")).state
    state = MAY_I.apply(state, 2, Call("may i")).state
    assert state.phase is Phase.DRAW and MAY_I.awaiting(state) == (0,)
    result = MAY_I.apply(state, 0, STOCK)
    after = result.state
    assert [c.face for c in after.hands[1]] == ["4S", "5S", "9C", "3D"]
    assert [c.face for c in after.hands[0]] == ["4D", "5D", "3H"]
    assert after.calls_used == (0, 1, 0, 0)
    given = next(e for e in result.events if isinstance(e, CardsGiven))
    assert given.redacted_for(2).hidden == () and given.redacted_for(1).hidden


def test_s2_t9_the_current_player_has_first_choice():
    state = may_i_position()
    state = MAY_I.apply(state, 1, Call("may i")).state
    state = MAY_I.apply(state, 2, Call("pass")).state
    after = MAY_I.apply(state, 0, DISCARD).state
    assert "9C" in [c.face for c in after.hands[0]] and after.calls_used == (0, 0, 0, 0)


def won(events):
    return [event for event in events if isinstance(event, CallWon)]


def test_s2_t9_two_may_i_callers_the_nearer_after_the_player_in_turn_wins_and_is_told():
    state = may_i_position()
    state = MAY_I.apply(state, 2, Call("may i")).state   # the farther caller answers first
    state = MAY_I.apply(state, 1, Call("may i")).state
    result = MAY_I.apply(state, 0, STOCK)
    nine = parse_cards("9C")[0]
    assert won(result.events) == [CallWon("may i", nine, 1, (2,), Precedence.NEARER, 0)]
    assert result.events.index(won(result.events)[0]) < \
        result.events.index(next(e for e in result.events if isinstance(e, CardsGiven)))


def test_s2_t9_the_player_in_turn_taking_the_card_beats_every_may_i_and_is_told():
    state = may_i_position()
    state = MAY_I.apply(state, 1, Call("may i")).state
    state = MAY_I.apply(state, 2, Call("may i")).state
    result = MAY_I.apply(state, 0, DISCARD)
    nine = parse_cards("9C")[0]
    assert won(result.events) == [CallWon("may i", nine, 0, (1, 2), Precedence.IN_TURN, 0)]


def test_s2_t9_an_uncontested_may_i_is_not_told_as_a_contest():
    state = may_i_position()
    state = MAY_I.apply(state, 1, Call("may i")).state
    state = MAY_I.apply(state, 2, Call("pass")).state
    assert won(MAY_I.apply(state, 0, STOCK).events) == []


def test_s2_t9_a_seat_with_three_may_is_cannot_call_and_the_next_gets_it():
    state = may_i_position(calls_used=(0, 3, 0, 0))
    assert MAY_I.awaiting(state) == (2,)
    assert MAY_I.problem(state, 1, Call("may i")) == "you cannot call now"
    state = MAY_I.apply(state, 2, Call("may i")).state
    after = MAY_I.apply(state, 0, STOCK).state
    assert "9C" in [c.face for c in after.hands[2]]


def test_s2_t9_the_discarder_may_not_call_for_his_own_discard():
    state = may_i_position()
    assert MAY_I.problem(state, 3, Call("may i")) == "you cannot call now"


# ------------------------------------------------------------------------------ Shanghai!

def shanghai_position(p2_hand="4S 5S 6S"):
    # P1 (seat 0) has gone down; P2's run 5H..8H is on the table.
    return MAY_I.position(["9H KC QC", p2_hand, "4C 5C", "6H 6D"], phase=Phase.PLAY,
                          melds={0: ["set: JS JD JC", "set: 3S 3D 3C"],
                                 1: ["run: 5H 6H 7H 8H", "set: KS KH KD"]},
                          stock="3H 4H 5D", discard="10D")


def test_shanghai_a_playable_discard_can_be_called_by_the_nearest_seat():
    state = shanghai_position()
    state = MAY_I.apply(state, 0, Discard(cards_of(state, 0, "9H")[0])).state
    assert state.phase is Phase.SHANGHAI and MAY_I.awaiting(state) == (1, 2, 3)
    state = MAY_I.apply(state, 1, CallShanghai(1, 0)).state
    state = MAY_I.apply(state, 2, Call("pass")).state
    result = MAY_I.apply(state, 3, CallShanghai(1, 0))
    after = result.state
    assert [c.face for c in after.melds[1][0].cards] == ["5H", "6H", "7H", "8H", "9H"]
    assert len(after.hands[0]) == 3 and len(after.hands[1]) == 2   # a random card moved
    assert after.current == 1 and after.phase is Phase.DRAW
    assert MAY_I.problem(after, 1, DISCARD) is not None  # no exposed card this turn
    assert Counter(MAY_I.all_cards(after)) == Counter(MAY_I.all_cards(state))


def test_s2_a15_two_shanghai_callers_the_nearer_after_the_discarder_wins_and_is_told():
    state = shanghai_position()
    state = MAY_I.apply(state, 0, Discard(cards_of(state, 0, "9H")[0])).state
    state = MAY_I.apply(state, 1, Call("pass")).state
    state = MAY_I.apply(state, 2, CallShanghai(1, 0)).state
    result = MAY_I.apply(state, 3, CallShanghai(1, 0))
    nine = parse_cards("9H")[0]
    assert won(result.events) == [CallWon("shanghai", nine, 2, (3,), Precedence.NEARER, 0)]
    assert [c.face for c in result.state.melds[1][0].cards][-1] == "9H"


def test_shanghai_only_where_the_card_fits():
    state = shanghai_position()
    state = MAY_I.apply(state, 0, Discard(cards_of(state, 0, "9H")[0])).state
    assert "does not fit there" in MAY_I.problem(state, 1, CallShanghai(1, 1))


def test_s2_a18_a_caller_with_one_card_goes_out():
    state = shanghai_position(p2_hand="4S")
    state = MAY_I.apply(state, 0, Discard(cards_of(state, 0, "9H")[0])).state
    state = MAY_I.apply(state, 1, CallShanghai(1, 0)).state
    state = MAY_I.apply(state, 2, Call("pass")).state
    result = MAY_I.apply(state, 3, Call("pass"))
    scored = next(e for e in result.events if isinstance(e, RoundScored))
    assert scored.out_seat == 1 and result.state.earned[1] == 5


def test_s2_a17_a_going_out_discard_that_is_called_is_not_out():
    state = MAY_I.position(["9H", "4S 5S", "4C 5C", "6H 6D"], phase=Phase.PLAY,
                           melds={0: ["set: JS JD JC", "set: 3S 3D 3C"],
                                  1: ["run: 5H 6H 7H 8H"]}, stock="3H", discard="10D")
    state = MAY_I.apply(state, 0, Discard(state.hands[0][0])).state
    state = MAY_I.apply(state, 1, CallShanghai(1, 0)).state
    state = MAY_I.apply(state, 2, Call("pass")).state
    after = MAY_I.apply(state, 3, Call("pass")).state
    assert len(after.hands[0]) == 1 and after.round == 1


def test_going_out_by_discarding_the_last_card_ends_the_round():
    state = MAY_I.position(["9D", "4S 5S", "4C 5C", "6H 6D"], phase=Phase.PLAY,
                           melds={0: ["set: JS JD JC", "set: 3S 3D 3C"]}, stock="3H",
                           discard="10D")
    result = MAY_I.apply(state, 0, Discard(state.hands[0][0]))
    scored = next(e for e in result.events if isinstance(e, RoundScored))
    assert scored.out_seat == 0 and scored.points == (0, 10, 10, 10)


# ------------------------------------------------------------------------------- buying

def buy_position(calls_used=None):
    state = BUY.position(["4D 5D", "4S 5S", "4C 5C", "6H 6D"], discard="KD QS",
                         stock="3S 3H 3D 7C", current=0, discarder=3, calls_used=calls_used)
    return BUY._start_turn(state, 0)


def test_buying_the_active_player_allows_and_the_buyer_gets_two_more():
    state = buy_position()
    assert state.phase is Phase.CALLS and BUY.awaiting(state) == (1, 2)
    state = BUY.apply(state, 1, Call("pass")).state
    state = BUY.apply(state, 2, Call("buy")).state
    assert state.phase is Phase.BUY_ANSWER and BUY.awaiting(state) == (0,)
    state = BUY.apply(state, 0, AnswerBuy(True)).state
    assert [c.face for c in state.hands[2]] == ["4C", "5C", "QS", "7C", "3D"]
    assert state.calls_used[2] == 1 and state.phase is Phase.DRAW
    assert BUY.problem(state, 0, DISCARD) is not None
    assert BUY.problem(state, 0, STOCK) is None


def test_buying_refused_means_the_active_player_takes_the_card_and_cannot_go_out():
    state = buy_position()
    state = BUY.apply(state, 1, Call("buy")).state
    state = BUY.apply(state, 2, Call("buy")).state
    state = BUY.apply(state, 0, AnswerBuy(False)).state
    assert "QS" in [c.face for c in state.hands[0]] and state.took_discard
    assert state.phase is Phase.PLAY and state.calls_used == (0, 0, 0, 0)


def test_s3_a2_two_buyers_the_nearer_after_the_active_player_asks_and_is_told():
    state = buy_position()
    state = BUY.apply(state, 2, Call("buy")).state
    result = BUY.apply(state, 1, Call("buy"))
    queen = parse_cards("QS")[0]
    assert result.state.phase is Phase.BUY_ANSWER
    assert won(result.events) == [CallWon("buy", queen, 1, (2,), Precedence.NEARER, 0)]
    allowed = BUY.apply(result.state, 0, AnswerBuy(True))
    assert "QS" in [c.face for c in allowed.state.hands[1]] and won(allowed.events) == []


def test_s3_a2_a_refused_buy_is_told_the_active_player_keeps_the_card():
    state = buy_position()
    state = BUY.apply(state, 1, Call("buy")).state
    state = BUY.apply(state, 2, Call("pass")).state
    result = BUY.apply(state, 0, AnswerBuy(False))
    queen = parse_cards("QS")[0]
    assert won(result.events) == [CallWon("buy", queen, 0, (1,), Precedence.IN_TURN, 0)]


def test_s3_a3_two_buys_a_round():
    state = buy_position(calls_used=(0, 2, 0, 0))
    assert BUY.awaiting(state) == (2,)


def test_s3_t6_you_may_not_discard_your_last_card():
    state = BUY.position(["9C 4H", "4S 5S", "4C 5C"], phase=Phase.PLAY,
                         melds={0: ["set: JS JD JC", "set: 3S 3D 3C"]}, stock="3H",
                         discard="10D")
    assert BUY.problem(state, 0, Discard(cards_of(state, 0, "4H")[0])) is None
    alone = BUY.position(["9C", "4S 5S", "4C 5C"], phase=Phase.PLAY,
                         melds={0: ["set: JS JD JC", "set: 3S 3D 3C"]}, stock="3H",
                         discard="10D")
    assert BUY.problem(alone, 0, Discard(alone.hands[0][0])) == \
        "you may not discard your last card: go out by playing it, or take back"


def test_s3_t6_take_back_this_turns_plays():
    state = BUY.position(["9C JH", "4S 5S", "4C 5C"], phase=Phase.PLAY,
                         melds={0: ["set: JS JD JC", "set: 3S 3D 3C"]}, stock="3H",
                         discard="10D")
    played = BUY.apply(state, 0, LayOff(0, 0, cards_of(state, 0, "JH"))).state
    assert BUY.problem(played, 0, Discard(played.hands[0][0])) is not None
    back = BUY.apply(played, 0, TakeBack()).state
    assert back.hands == state.hands and back.melds == state.melds
    assert BUY.problem(back, 0, Discard(cards_of(back, 0, "9C")[0])) is None


def test_s3_t7_no_going_out_on_a_turn_you_took_the_discard():
    state = BUY.position(["JH", "4S 5S", "4C 5C"], melds={0: ["set: JS JD JC",
                                                               "set: 3S 3D 3C"]},
                         stock="3H", discard="10D 3H")
    state = BUY.apply(state, 0, DISCARD).state
    assert state.took_discard
    reason = BUY.problem(state, 0, LayOff(0, 0, cards_of(state, 0, "JH")))
    assert reason is None  # one card still left after it
    state = BUY.apply(state, 0, LayOff(0, 0, cards_of(state, 0, "JH"))).state
    assert BUY.problem(state, 0, LayOff(0, 1, cards_of(state, 0, "3H"))) == \
        "you may not go out on a turn you took the discard"


def test_buying_replaces_a_run_wild_and_the_wild_must_go_elsewhere():
    state = BUY.position(["7S 9D", "4S 5S", "4C 5C"], phase=Phase.PLAY,
                         melds={0: ["set: QS QD QC", "run: 3H 4H 5H 6H"],
                                1: ["run: 5S 6S JK 8S"]}, stock="3H", discard="10D")
    joker = state.melds[1][0].cards[2]
    seven = cards_of(state, 0, "7S")[0]
    assert BUY.problem(state, 0, ReplaceWild(1, 0, seven, joker, 1, 0)) == \
        "the freed wild must go onto another group"
    bury = ReplaceWild(1, 0, seven, joker, 0, 0)
    assert BUY.problem(state, 0, bury) is None
    after = BUY.apply(state, 0, bury).state
    assert [c.face for c in after.melds[1][0].cards] == ["5S", "6S", "7S", "8S"]
    assert joker in after.melds[0][0].cards
    assert BUY.problem(after, 0, ReplaceWild(0, 0, cards_of(after, 0, "9D")[0], joker, 1, 0)) \
        == "only a wild in a run can be replaced; a wild in a set is buried"


# ------------------------------------------------------------------------------ scoring

def test_s2_t11_may_i_penalties():
    assert sum(penalty(c, True) for c in parse_cards("2C JK AS KD 10H 5S")) == 140


def test_s3_t9_buying_penalties():
    assert sum(penalty(c, False) for c in parse_cards("2D JK AH 10C 3S")) == 70


def test_may_i_going_out_earns_five_per_round_and_the_fewest_penalties_earn_seventy():
    state = MAY_I.position(["9D", "4S 5S", "AC", "6H JK"], round_number=7, phase=Phase.PLAY,
                           melds={0: ["run: 3S 4S 5S 6S", "run: 3D 4D 5D 6D",
                                      "run: 3C 4C 5C 6C"]}, stock="3H", discard="10D")
    result = MAY_I.apply(state, 0, Discard(state.hands[0][0]))
    outcome = MAY_I.outcome(result.state)
    assert outcome is not None
    assert result.state.round_points[-1] == (0, 10, 15, 55)
    assert outcome.scores == (35 + 70, 0, 0, 0) and outcome.winners == (0,)


def test_buying_lowest_total_wins():
    state = BUY.position(["10C", "4S 5S", "AC"], round_number=7, phase=Phase.PLAY,
                         melds={0: ["run: 3S 4S 5S 6S", "run: 3D 4D 5D 6D",
                                    "run: JC QC KC AC"]}, stock="3H", discard="10D")
    result = BUY.apply(state, 0, LayOff(0, 2, cards_of(state, 0, "10C"), at_start=True))
    outcome = BUY.outcome(result.state)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (0, 10, 15)


# ------------------------------------------------- issue 11: searches and round ends

def test_the_go_down_offered_leaves_a_run_natural_to_the_set_buying_round_2():
    state = play_position(BUY, "7H 7S 2C 5H 6H 8H 2D 9C 9D", round_number=2)
    downs = [a for a in BUY.legal_actions(state, 0) if isinstance(a, GoDown)]
    assert downs and all(BUY.problem(state, 0, a) is None for a in downs)


def test_the_go_down_offered_may_be_two_same_suit_runs_from_two_decks_S2_A6():
    state = play_position(MAY_I, "3H 4H 5H 6H 3H 4H 5H 6H KS", round_number=3)
    downs = [a for a in MAY_I.legal_actions(state, 0) if isinstance(a, GoDown)]
    assert downs and MAY_I.problem(state, 0, downs[0]) is None


def test_a_may_i_run_holds_at_most_13_cards_ace_high_or_low_not_both():
    state = play_position(MAY_I, "AH 2S 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK AH 9S 9D 9C",
                          round_number=2)
    too_long = go_down(state, 0, (SET, "9S 9D 9C"),
                       (RUN, "AH 2S 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK"))
    assert "at most 13 cards" in MAY_I.problem(state, 0, too_long)
    thirteen = go_down(state, 0, (SET, "9S 9D 9C"),
                       (RUN, "AH 2S 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"))
    assert MAY_I.problem(state, 0, thirteen) is None


def test_no_lay_off_makes_a_may_i_run_of_14_and_no_shanghai_window_opens_for_it():
    run = "run: AH 2S 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    state = play_position(MAY_I, "AH JK 5C", round_number=2, melds={0: [run]})
    for text in ("AH", "JK"):
        for at_start in (False, True):
            lay = LayOff(0, 0, cards_of(state, 0, text), at_start)
            assert "at most 13 cards" in MAY_I.problem(state, 0, lay)
    assert not [a for a in MAY_I.legal_actions(state, 0) if isinstance(a, LayOff)]
    # Seat 1 discards the other ace of hearts: it fits no meld, so no Shanghai! window.
    state = MAY_I.position(["5C 6C", "AH 7D", "4S 5S"], round_number=2, current=1,
                           phase=Phase.PLAY, melds={0: [run]}, stock="3D 3S", discard="KD")
    after = MAY_I.apply(state, 1, Discard(cards_of(state, 1, "AH")[0])).state
    assert after.phase is not Phase.SHANGHAI


def test_two_same_suit_runs_built_by_hand_are_laid_so_they_do_not_touch_rules_8():
    from cardtable.engine.cards import parse_zones
    from cardtable.engine.contracts import lay_contract
    from cardtable.engine.shanghai_rules import CONTRACTS, contract_rules

    low, high = parse_zones("3H 4H 5H JK", "7H 8H 9H 10H")
    laid = lay_contract([low, high], CONTRACTS[2], contract_rules(True, False))
    assert not isinstance(laid, str)
    assert [c.face for c in laid[0].cards] == ["JK", "3H", "4H", "5H"]
    state = play_position(MAY_I, "3H 4H 5H JK 7H 8H 9H 10H KS", round_number=3)
    mine = {c.face: c for c in state.hands[0]}
    laid = lay_contract([[mine[f] for f in ("3H", "4H", "5H", "JK")],
                         [mine[f] for f in ("7H", "8H", "9H", "10H")]],
                        CONTRACTS[2], contract_rules(True, False))
    assert MAY_I.problem(state, 0, GoDown(laid)) is None
    touching = lay_contract([[mine[f] for f in ("3H", "4H", "5H")] + [mine["JK"]],
                             [mine[f] for f in ("7H", "8H", "9H")]],
                            CONTRACTS[2], contract_rules(True, False))
    assert isinstance(touching, str)


def test_the_stock_is_rebuilt_twice_a_round_then_the_round_ends():
    from dataclasses import replace

    from cardtable.engine.events import StockExhausted

    for game in (MAY_I, BUY):
        state = game.position(["5C 6C 7C", "8D 9D 10D", "4S 5S 6S"], round_number=1,
                              current=0, phase=Phase.PLAY, stock="", discard="KD QH JS 9H")
        state = replace(state, round_rebuilds=2)
        step = game.apply(state, 0, Discard(state.hands[0][0]))
        assert any(isinstance(e, StockExhausted) for e in step.events)
        assert step.state.round == 2  # the round was scored, the next one dealt
        assert step.state.round_points[0] == tuple(
            sum(penalty(c, game is MAY_I) for c in hand) for hand in
            (state.hands[0][1:], state.hands[1], state.hands[2]))
        # With rebuilds left, the pile becomes the stock as before.
        fresh = replace(state, round_rebuilds=1)
        after = game.apply(fresh, 0, Discard(state.hands[0][0])).state
        assert after.round == 1


def test_saves_from_before_the_rebuild_rule_keep_rebuilding():
    from cardtable.engine import Game
    from cardtable.engine.options import ShanghaiMayIOptions

    assert ShanghaiMayIOptions().stock_rebuilds_per_round == 2
    for game_id in ("shanghai_may_i", "shanghai_buy"):
        record = Game.new(game_id, 4, 8)[0].record()
        del record["options"]["stock_rebuilds_per_round"], record["format_version"]
        assert Game.from_record(record).variant.options.stock_rebuilds_per_round == 0


@pytest.mark.slow
@pytest.mark.parametrize("game", [MAY_I, BUY], ids=["may_i", "buy"])
def test_every_round_ends_under_random_play_at_default_options(game):
    import random

    from cardtable.engine import Game

    for seed in range(12):
        match, _ = Game.new(game.id, 4, seed)
        rng = random.Random(seed)
        steps = 0
        while not match.over:
            seat = match.awaiting()[0]
            match.apply(seat, rng.choice(match.legal_actions(seat)))
            steps += 1
            assert steps < 60_000, f"seed {seed}: round {match.state.round} never ends"


def test_without_the_rebuild_limit_the_stock_is_rebuilt_however_often():
    from dataclasses import replace

    from cardtable.engine.events import Reshuffled, StockExhausted
    from cardtable.engine.options import ShanghaiMayIOptions
    from cardtable.engine.shanghai import ShanghaiMayI

    game = ShanghaiMayI(ShanghaiMayIOptions(stock_rebuilds_per_round=0))
    state = game.position(["5C 6C 7C", "8D 9D 10D", "4S 5S 6S"], current=0,
                          phase=Phase.PLAY, stock="", discard="KD QH JS 9H")
    state = replace(state, round_rebuilds=5)
    after = game.apply(state, 0, Discard(state.hands[0][0])).state
    while after.phase is not Phase.DRAW:
        after = game.apply(after, game.awaiting(after)[0], Call("pass")).state
    step = game.apply(after, 1, STOCK)
    assert any(isinstance(e, Reshuffled) for e in step.events)
    assert not any(isinstance(e, StockExhausted) for e in step.events)
    assert step.state.round == 1


@pytest.mark.parametrize("cls,seats", [(ShanghaiMayI, 2), (ShanghaiMayI, 5), (ShanghaiBuy, 3),
                                       (ShanghaiBuy, 6)])
def test_a_discard_ends_the_turn_in_one_copy_exactly_as_the_general_path_does(cls, seats):
    """The discard makes the next turn's state in one copy (the hottest path): at every
    discard of random games, its state and events equal those of the general path
    (the discard's state, then ``_turn_over``), windows, stock limits and turn caps too;
    and after every action, who is awaited (kept with the state by the copy that made
    it, for discards and answers to a window) is what a fresh look at the state says."""
    import random

    from cardtable.engine.data import evolve, replace_at, without
    from cardtable.engine.events import Discarded

    variant = cls(cls.options_type(round_turn_limit=40, stock_rebuilds_per_round=1))
    compared = 0
    for seed in range(6):
        state = variant.new_game(seats, seed).state
        rng = random.Random(seed)
        while variant.awaiting(state):
            seat = variant.awaiting(state)[0]
            action = rng.choice(variant.legal_actions(state, seat))
            result = variant.apply(state, seat, action)
            # Who is awaited next, as kept by the copy that made the state, is what a
            # fresh look at the state says.
            assert variant.awaiting(result.state) == variant._awaiting(result.state)
            if isinstance(action, Discard):
                card = action.card
                made = evolve(state, hands=replace_at(state.hands, seat,
                                                      without(state.hands[seat], (card,))),
                              known=replace_at(state.known, seat,
                                               without(state.known[seat], (card,))),
                              discard_pile=state.discard_pile + (card,), discarder=seat,
                              exposed=True, turn=state.turn + 1,
                              tells=state.tells.threw(seat, card))
                events = [Discarded(seat, card)]
                if variant.may_i and variant.options.shanghai_calls and \
                        variant.shanghai_targets(made):
                    expected = evolve(made, phase=Phase.SHANGHAI, answered=(), requests=())
                else:
                    expected = variant._turn_over(made, seat, events)
                assert result.state == expected
                assert result.events == tuple(events)
                compared += 1
            state = result.state
    assert compared > 100


@pytest.mark.parametrize("cls,seats", [(ShanghaiMayI, 2), (ShanghaiMayI, 6), (ShanghaiBuy, 3),
                                       (ShanghaiBuy, 7)])
def test_the_lay_off_listings_shortcut_for_naturals_agrees_with_the_full_check(cls, seats):
    """The single lay-off listing finds naturals by face and does not build the longer
    meld for them (a set's rank always joins; a run's suit at the rank its end wants
    joins unless the run is as long as a run may be): over random games, for every
    meld end on the table and every natural in the hand of the seat to play, the
    shortcut says what ``layoff_problem`` says, both ways (RULES.md §8)."""
    import random

    from cardtable.engine.shanghai_checks import (
        _joining,
        _natural_fits,
        _rank_at,
        layoff_problem,
    )

    variant = cls(cls.options_type(round_turn_limit=80))
    rules = variant.rules
    asked = Counter()
    for seed in range(8):
        state = variant.new_game(seats, seed).state
        rng = random.Random(seed)
        while variant.awaiting(state):
            seat = variant.awaiting(state)[0]
            if state.phase is Phase.PLAY:
                naturals = [c for c in state.hands[seat] if not rules.is_wild(c)]
                for melds in state.melds:
                    for meld in melds:
                        suit, set_rank, ends = _joining(meld, rules)
                        for at_start, wanted in ends:
                            for card in naturals:
                                if set_rank is not None:
                                    if int(card.rank) != set_rank:
                                        continue
                                elif wanted is None or card.suit is not suit or \
                                        int(card.rank) != _rank_at(wanted):
                                    continue
                                full = layoff_problem(meld, (card,), at_start, rules) is None
                                assert _natural_fits(meld, card, at_start, set_rank, wanted,
                                                     rules) == full, (meld, card, at_start)
                                asked[full] += 1
            state = variant.apply(state, seat,
                                  rng.choice(variant.legal_actions(state, seat))).state
    assert asked[True] > 100
    if cls is ShanghaiMayI:
        # A run at its longest (13 cards, 2-A♥) takes no more: not even the other ace
        # at its bottom.
        run = Meld(MeldKind.RUN, tuple(parse_cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")))
        from cardtable.engine import Card, Rank, Suit

        ace = Card(Rank.ACE, Suit.HEARTS, 1)
        suit, set_rank, ends = _joining(run, rules)
        at_start, wanted = ends[1]
        assert at_start and wanted == 1
        assert layoff_problem(run, (ace,), True, rules) is not None
        assert not _natural_fits(run, ace, True, set_rank, wanted, rules)


def test_a_call_is_worth_asking_only_for_a_card_that_could_help_the_hand():
    # Wilds always; before going down, a card bringing the contract nearer; once down,
    # a card that goes on a meld on the table.
    from cardtable.ai.call_need import call_could_help
    from cardtable.engine import Game
    from cardtable.engine.shanghai_rules import Phase as SPhase

    variant = Game.new("shanghai_may_i", 4, 1)[0].variant

    def window(hand: str, card: str, melds=None) -> bool:  # type: ignore[no-untyped-def]
        state = variant.position([hand, "4S 5S", "4C 5C", "6H 6D"], discard=f"KD {card}",
                                 stock="3S 3H 3D 7C 8C", current=1, discarder=3,
                                 melds=melds)
        view = Game.new("shanghai_may_i", 4, 1)[0].variant.observe(
            variant._start_turn(state, 1), 0)
        assert view.phase is SPhase.CALLS
        return call_could_help(view)

    assert not window("4D 5D 9H KS", "8C")
    assert window("4D 5D 9H KS", "5C")          # a pair of fives for a set
    assert window("4D 5D 9H KS", "2C")          # wild
    assert window("4D 5D 9H KS", "JK")          # wild
    assert not window("4D 9H", "8C", melds={0: ["set: 7H 7S 7D", "set: QH QS QD"]})
    assert window("4D 9H", "7C", melds={0: ["set: 7H 7S 7D", "set: QH QS QD"]})


def test_the_card_that_completes_the_contract_is_always_worth_asking_about():
    # JD JH and AD with three wilds: the estimate counts the wilds as filling both sets
    # (it says "none needed"), yet a meld holds no more wilds than naturals, so the hand
    # cannot go down; AH lets it (JD JH 2D, AD AH 2S). The person must be asked.
    from cardtable.ai.call_need import call_could_help
    from cardtable.engine import Game
    from cardtable.engine.contract_search import best_go_down

    variant = Game.new("shanghai_may_i", 4, 1)[0].variant
    state = variant.position(["JD JH AD 2D 2S JK 9C 5H", "4S 5S", "4C 5C", "6H 6D"],
                             discard="KD AH", stock="3S 3H 3D 7C 8C", current=1,
                             discarder=3)
    view = variant.observe(variant._start_turn(state, 1), 0)
    ones = lambda card: 1  # noqa: E731
    assert best_go_down(view.hand, view.contract, view.crules, ones, first_found=True) \
        is None
    assert best_go_down(view.hand + (view.discard_pile[-1],), view.contract, view.crules,
                        ones, first_found=True) is not None
    assert call_could_help(view)
