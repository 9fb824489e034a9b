"""Five Crowns, RULES.md §6: every worked example (FC-T*) and every resolution (FC-A*);
in the repository, docs/rules/five_crowns.md §10 and §9."""

import dataclasses

import pytest

from cardtable.engine import (
    Discard,
    Draw,
    Game,
    IllegalActionError,
    LayDown,
    LayOff,
    Meld,
    MeldKind,
    Pile,
    Rank,
    from_json,
    parse_cards,
    to_json,
)
from cardtable.engine.events import (
    Drew,
    GameEnded,
    Reshuffled,
    RoundScored,
    StockExhausted,
    WentOut,
)
from cardtable.engine.five_crowns import (
    FiveCrowns,
    FiveCrownsOptions,
    FiveCrownsState,
    Phase,
    card_points,
    hand_size,
    wild_rank,
)

GAME = FiveCrowns()
STOCK, DISCARD = Draw(Pile.STOCK), Draw(Pile.DISCARD)


def run(text):
    return Meld(MeldKind.RUN, parse_cards(text))


def book(text):
    return Meld(MeldKind.SET, parse_cards(text))


def card_in(state, seat, face):
    """The physical card with this face in a seat's hand."""
    return next(card for card in state.hands[seat] if card.face == face)


def step(state, seat, action, game=GAME):
    return game.apply(state, seat, action)


def lay(state, seat, melds, discard):
    """A LayDown naming the seat's own physical cards by their faces."""
    pool = list(state.hands[seat])

    def take(face):
        card = next(c for c in pool if c.face == face)
        pool.remove(card)
        return card

    built = tuple(Meld(kind, tuple(take(face) for face in text.split())) for kind, text in melds)
    return LayDown(built, take(discard))


# ------------------------------------------------------------------ FC-T1: deck, rounds

@pytest.mark.parametrize("round_number,rank", [
    (1, Rank.THREE), (5, Rank.SEVEN), (8, Rank.TEN), (9, Rank.JACK), (10, Rank.QUEEN),
    (11, Rank.KING)])
def test_fc_t1_wild_rank_equals_cards_dealt(round_number, rank):
    assert wild_rank(round_number) is rank
    assert hand_size(round_number) == round_number + 2


def test_deal_gives_each_seat_the_round_size_and_turns_one_card_up():
    state = GAME.new_game(4, seed=5).state
    assert [len(hand) for hand in state.hands] == [3, 3, 3, 3]
    assert len(state.discard_pile) == 1 and len(state.stock) == 116 - 12 - 1
    assert state.current == (state.dealer + 1) % 4
    assert GAME.awaiting(state) == (state.current,)


def test_same_seed_same_deal_and_other_seed_other_deal():
    assert GAME.new_game(3, seed=9).state == GAME.new_game(3, seed=9).state
    assert GAME.new_game(3, seed=9).state.hands != GAME.new_game(3, seed=10).state.hands


# --------------------------------------------------------------------- FC-T5: going out

def test_fc_t5_book_of_sevens_goes_out_on_first_turn():
    state = GAME.position(["7H 7S 9C", "4D 5D 6S"], stock="7D", discard="10S")
    state = dataclasses.replace(state, turn=0)          # FC-A2: the very first turn
    state = step(state, 0, STOCK).state
    result = step(state, 0, lay(state, 0, [(MeldKind.SET, "7H 7S 7D")], "9C"))
    assert WentOut(0) in result.events
    assert result.state.hands[0] == () and result.state.out_seat == 0
    assert result.state.final_pending == (1,) and result.state.current == 1


def test_fc_t5_run_goes_out_but_mixed_suit_run_is_refused():
    state = GAME.position(["5H 6H 8C", "4D 5D 6S"], stock="7H", discard="10S")
    state = step(state, 0, STOCK).state
    bad = lay(state, 0, [(MeldKind.RUN, "6H 7H 8C")], "5H")
    assert GAME.problem(state, 0, bad) == "a run must be all one suit (6\u2665 7\u2665 8\u2663)"
    good = lay(state, 0, [(MeldKind.RUN, "5H 6H 7H")], "8C")
    assert GAME.problem(state, 0, good) is None


@pytest.mark.parametrize("laid", ["5H 6H 3C", "3C 5H 6H"])
def test_fc_t5_three_is_wild_in_round_one(laid):
    state = GAME.position(["5H 6H 3C", "4D 5D 6S"], stock="9S", discard="10S")
    state = step(state, 0, STOCK).state
    result = step(state, 0, lay(state, 0, [(MeldKind.RUN, laid)], "9S"))
    assert result.state.out_seat == 0


def test_fc_a9_going_out_is_optional():
    state = GAME.position(["7H 7S 9C", "4D 5D 6S"], stock="7D", discard="10S")
    state = step(state, 0, STOCK).state
    assert any(isinstance(a, LayDown) for a in GAME.legal_actions(state, 0))
    state = step(state, 0, Discard(card_in(state, 0, "9C"))).state
    assert state.out_seat is None and state.current == 1


def test_fc_a7_the_discard_is_mandatory_and_may_fit_a_meld():
    state = GAME.position(["7H 7S 7C", "4D 5D 6S"], stock="7D", discard="10S")
    state = step(state, 0, STOCK).state
    # All four sevens in a book and no card left to discard: impossible to express, and
    # naming a melded card as the discard is refused.
    sevens = tuple(state.hands[0])
    assert GAME.problem(state, 0, LayDown((Meld(MeldKind.SET, sevens),), sevens[0])) == \
        "those cards are not all in your hand"
    # Discarding the fourth seven, which would have fitted, goes out.
    result = step(state, 0, lay(state, 0, [(MeldKind.SET, "7H 7S 7C")], "7D"))
    assert result.state.out_seat == 0


# ------------------------------------------------------------------ FC-T8: no lay-offs

def test_fc_t8_no_play_on_another_players_melds():
    state = GAME.position(["KS KH K*", "KD 9C 10C"], stock="5S 4C", discard="8D")
    state = step(state, 0, STOCK).state
    state = step(state, 0, lay(state, 0, [(MeldKind.SET, "KS KH K*")], "4C")).state
    state = step(state, 1, STOCK).state
    offer = LayOff(0, 0, (card_in(state, 1, "KD"),))
    assert GAME.problem(state, 1, offer) == \
        "you may not play on another player's melds in Five Crowns"


def test_fc_t8_lay_down_without_going_out_is_refused():
    state = GAME.position(["KS KH K* 4C 9D", "KD 9C 10C 3H"], stock="5S", discard="8D",
                          round_number=3)
    state = step(state, 0, STOCK).state
    action = lay(state, 0, [(MeldKind.SET, "KS KH K*")], "4C")
    reason = GAME.problem(state, 0, action)
    assert reason is not None and reason.startswith("you can lay down only to go out")
    with pytest.raises(IllegalActionError):
        GAME.apply(state, 0, action)


# --------------------------------------------------------- FC-T9: stock reshuffle (FC-A3)

def test_fc_t9_empty_stock_reshuffles_all_but_the_top_discard():
    state = GAME.position(["5H 6H 8C", "4D 5D 6S"], stock="", discard="3S 8H 4S 9D")
    result = step(state, 0, STOCK)
    after = result.state
    assert Reshuffled(3) in result.events
    assert [c.face for c in after.discard_pile] == ["9D"]
    drawn = after.hands[0][-1]
    assert drawn.face in {"3S", "8H", "4S"}
    assert sorted(c.face for c in after.stock + (drawn,)) == ["3S", "4S", "8H"]


def test_stock_draw_refused_when_nothing_to_reshuffle():
    state = GAME.position(["5H 6H 8C", "4D 5D 6S"], stock="", discard="9D")
    assert GAME.problem(state, 0, STOCK) == "the stock is empty"
    assert GAME.legal_actions(state, 0) == (DISCARD,)


# ------------------------------------------- every round ends: two rebuilds a round [APP]

def drew_and_threw_back(state, seat, game=GAME):
    """The seat draws from the stock and discards the card it drew; all the events."""
    first = step(state, seat, STOCK, game)
    drawn = first.state.hands[seat][-1]
    second = step(first.state, seat, Discard(drawn), game)
    return second.state, first.events + second.events


def test_the_round_ends_when_the_stock_runs_out_after_two_rebuilds_five_crowns():
    state = GAME.position(["5H 6H 8C", "4D 5D 7S"], stock="", discard="9S 10S JS QS 9D")
    state = dataclasses.replace(state, round_rebuilds=1)
    # The second rebuild: the pile but its top (9D) becomes a stock of four.
    state, events = drew_and_threw_back(state, 0)
    assert Reshuffled(4) in events and state.round_rebuilds == 2
    for seat in (1, 0, 1):  # the three cards left are drawn; the round goes on meanwhile
        assert state.round == 1 and not any(isinstance(e, StockExhausted) for e in events)
        state, events = drew_and_threw_back(state, seat)
    # The stock ran out a third time: the round ends with the last turn, hands as they stand.
    assert StockExhausted(2) in events
    scored = next(e for e in events if isinstance(e, RoundScored))
    assert events.index(StockExhausted(2)) < events.index(scored)
    assert scored.out_seat is None and scored.points == (5 + 6 + 8, 4 + 5 + 7)
    assert state.round == 2 and state.totals == (19, 16)
    assert state.round_rebuilds == 0 and len(state.stock) == 116 - 2 * 4 - 1


def test_final_turns_are_played_even_when_the_stock_runs_out_after_two_rebuilds():
    state = GAME.position(["7H 7S 9C", "4D 5D 7S", "JH QH KS"], stock="7D",
                          discard="3S 8H 4S 9D", current=0)
    state = dataclasses.replace(state, round_rebuilds=2)
    state = step(state, 0, STOCK).state                                 # the last card
    result = step(state, 0, lay(state, 0, [(MeldKind.SET, "7H 7S 7D")], "9C"))
    assert WentOut(0) in result.events and result.state.final_pending == (1, 2)
    state, events = drew_and_threw_back(result.state, 1)                # a third rebuild
    assert any(isinstance(e, Reshuffled) for e in events) and state.round == 1
    state, last = drew_and_threw_back(state, 2)
    events += last
    assert not any(isinstance(e, StockExhausted) for e in result.events + events)
    scored = next(e for e in last if isinstance(e, RoundScored))
    assert scored.out_seat == 0 and scored.points == (0, 16, 11 + 12 + 13)


def test_without_the_rebuild_limit_the_stock_is_rebuilt_however_often_five_crowns():
    game = FiveCrowns(FiveCrownsOptions(stock_rebuilds_per_round=0))
    state = game.position(["5H 6H 8C", "4D 5D 7S"], stock="7D", discard="9S 10S JS QS 9D")
    state = dataclasses.replace(state, round_rebuilds=5)
    state, events = drew_and_threw_back(state, 0, game)
    assert state.round == 1 and not state.stock
    state, events = drew_and_threw_back(state, 1, game)
    assert any(isinstance(e, Reshuffled) for e in events) and state.round_rebuilds == 6
    assert not any(isinstance(e, StockExhausted) for e in events)


def test_saves_from_before_the_rebuild_rule_keep_rebuilding_five_crowns():
    assert FiveCrownsOptions().stock_rebuilds_per_round == 2
    game, _ = Game.new("five_crowns", 3, 8)
    record = game.record()
    del record["options"]["stock_rebuilds_per_round"], record["format_version"]
    assert Game.from_record(record).variant.options.stock_rebuilds_per_round == 0
    snapshot = to_json(game.state)
    del snapshot["round_rebuilds"]
    assert from_json(FiveCrownsState, snapshot) == game.state


# ----------------------------------------------------------- final turns (FC-A8, FC-A11)

def test_final_turns_once_each_clockwise_with_partial_lay_downs_then_scoring():
    state = GAME.position(
        ["7H 7S 9C", "QS QH Q* 4C", "JK 5D 9S"], round_number=2,
        stock="3D 8S 6C 7D", discard="10S", current=0)
    # P0 (4 cards dealt in round 2 … here 3 for brevity) draws 7D and goes out.
    state = step(state, 0, STOCK).state
    state = step(state, 0, lay(state, 0, [(MeldKind.SET, "7H 7S 7D")], "9C")).state
    assert state.final_pending == (1, 2) and state.current == 1
    # P1's final turn: takes 9C, lays the queens, discards 9C, keeps 4C (4 is wild: 20).
    state = step(state, 1, DISCARD).state
    state = step(state, 1, lay(state, 1, [(MeldKind.SET, "QS QH Q*")], "9C")).state
    assert state.current == 2 and state.final_pending == (2,)
    # P2's final turn: draws 6C, discards 9S; JK 5D 6C stay in hand.
    state = step(state, 2, STOCK).state
    result = step(state, 2, Discard(card_in(state, 2, "9S")))
    scored = next(e for e in result.events if isinstance(e, RoundScored))
    assert scored.points == (0, 20, 50 + 5 + 6)
    # The goer-out did not play again, and the next round was dealt by the next dealer.
    assert result.state.round == 3 and result.state.dealer == (state.dealer + 1) % 3
    assert [len(hand) for hand in result.state.hands] == [5, 5, 5]


def test_fc_a8_final_turn_lay_down_may_leave_everything_melded_but_one():
    state = GAME.position(["QS QH Q* 4C", "9H 10H"], round_number=2, stock="JH",
                          discard="3C", current=0, out_seat=1, final_pending=(0,))
    state = step(state, 0, STOCK).state
    action = lay(state, 0, [(MeldKind.SET, "QS QH Q* 4C")], "JH")     # 4C is wild
    result = step(state, 0, action)
    scored = next(e for e in result.events if isinstance(e, RoundScored))
    assert scored.points[0] == 0


# ------------------------------------------------------------------------------ scoring

def test_scoring_faces_jokers_and_the_rounds_wild_rank():
    assert [card_points(c, 3) for c in parse_cards("JK 5S KH QD JC 3S 10D")] == \
        [50, 20, 13, 12, 11, 3, 10]


def test_fc_a6_wild_rank_scores_twenty_only_in_its_round():
    seven = parse_cards("7H")[0]
    assert card_points(seven, 5) == 20 and card_points(seven, 4) == 7


def test_fc_a13_joker_always_fifty():
    joker = parse_cards("JK")[0]
    assert {card_points(joker, r) for r in range(1, 12)} == {50}


# --------------------------------------------------------------------- draws and turns

def test_fc_a10_take_the_discard_and_discard_it_again():
    state = GAME.position(["5H 6H 8C", "4D 5D 6S"], stock="4S", discard="QD")
    state = step(state, 0, DISCARD).state
    assert state.known[0] == tuple(c for c in state.hands[0] if c.face == "QD")
    state = step(state, 0, Discard(card_in(state, 0, "QD"))).state
    assert state.discard_pile[-1].face == "QD" and state.known[0] == ()


def test_turn_order_and_phase_refusals_have_readable_reasons():
    state = GAME.position(["5H 6H 8C", "4D 5D 6S"], stock="4S 9H", discard="QD")
    assert GAME.problem(state, 1, STOCK) == "it is not your turn"
    assert GAME.problem(state, 0, Discard(card_in(state, 0, "8C"))) == \
        "draw a card first, from the stock or the discard pile"
    state = step(state, 0, STOCK).state
    assert GAME.problem(state, 0, STOCK) == "you have already drawn this turn; now discard"
    assert GAME.problem(state, 0, Discard(parse_cards("KS")[0])) == \
        "that card is not in your hand"


# -------------------------------------------------------------- game over (FC-A12)

def test_game_over_after_the_last_round_lowest_total_wins_and_ties_share():
    game = FiveCrowns(FiveCrownsOptions(rounds=11))
    state = game.position(["", "4C 6D"], round_number=11, stock="9S 3H",
                          discard="8D", current=1, out_seat=0, final_pending=(1,),
                          totals=(10, 0))
    state = step(state, 1, STOCK, game).state
    result = step(state, 1, Discard(card_in(state, 1, "3H")), game)
    # P1 keeps 4C 6D = 10 points: 10 all.
    assert GameEnded((0, 1), (10, 10)) in result.events
    outcome = game.outcome(result.state)
    assert outcome is not None and outcome.winners == (0, 1) and outcome.places == (1, 1)
    assert game.awaiting(result.state) == () and result.state.phase is Phase.GAME_OVER
    assert game.problem(result.state, 0, STOCK) == "the game is over"


def test_a_short_game_option_ends_after_its_rounds():
    game, _ = Game.new("five_crowns", 3, 4, FiveCrownsOptions(rounds=2))
    while not game.over:
        seat = game.awaiting()[0]
        legal = game.legal_actions(seat)
        lay_downs = [a for a in legal if isinstance(a, LayDown)]
        game.apply(seat, lay_downs[0] if lay_downs else legal[0])
    assert len(game.state.round_points) == 2


# ----------------------------------------------------------------- hidden information

def test_observation_hides_other_hands_but_shows_cards_taken_from_the_discard():
    state = GAME.position(["5H 6H 8C", "4D 5D 6S"], stock="4S", discard="QD")
    state = step(state, 0, DISCARD).state
    view = GAME.observe(state, 1)
    text = str(to_json(view))
    assert "QD" in text                                  # known to all
    assert "5H" not in text and "8C" not in text         # P0's hidden cards
    assert view.hand_sizes == (4, 3)


def test_a_stock_draw_is_redacted_for_every_other_seat():
    state = GAME.position(["5H 6H 8C", "4D 5D 6S"], stock="4S", discard="QD")
    drew = next(e for e in step(state, 0, STOCK).events if isinstance(e, Drew))
    assert drew.card is not None and drew.card.face == "4S"
    assert drew.redacted_for(0) == drew
    assert drew.redacted_for(1) == Drew(0, Pile.STOCK, None)
