"""The Hard level's own heuristics (the move its search starts from): outs, the unseen
cards that would bring a hand nearer, and Monastery's rarest mission first. Each is
checked on a position where it plays differently from Normal."""

from __future__ import annotations

import dataclasses
import random

import pytest

from cardtable.ai import make_bot
from cardtable.ai.bots import NormalBot
from cardtable.ai.five_crowns_bot import FiveCrownsStrategy
from cardtable.ai.monastery_bot import MonasteryStrategy
from cardtable.ai.monastery_hard import MonasteryHardStrategy
from cardtable.ai.shanghai_hard import ShanghaiHardStrategy
from cardtable.ai.strategies import new_strategies, strategy
from cardtable.ai.unseen import unseen_by_face
from cardtable.engine import Call, Discard, Draw, Game, LayMission, Pile, parse_cards
from cardtable.engine.monastery import Phase as MonasteryPhase
from cardtable.engine.rng import derive
from cardtable.engine.rummy import seen_by
from cardtable.engine.shanghai_rules import Phase as ShanghaiPhase

ALL_BUT_4 = [1, 2, 3, 5, 6, 7, 8, 9]


def choices(level: str, view, runs: int = 30) -> set:  # type: ignore[no-untyped-def]
    bot = NormalBot(level)
    return {bot.choose(view, derive(n), 0.0, lambda: False) for n in range(runs)}


def buying_round_2(hands: list[str], melds: dict[int, list[str]]):  # type: ignore[no-untyped-def]
    """Seat 0's view, in its play, of a 3-seat buying game in round 2 (a set and a run)."""
    game, _ = Game.new("shanghai_buy", 3, 1)
    game.state = game.variant.position(hands, round_number=2, stock="3D 4S 5S 6S",
                                       discard="6C", phase=ShanghaiPhase.PLAY, melds=melds)
    return game.observe(0)


def down_in_buying(hand: str):  # type: ignore[no-untyped-def]
    """Seat 0 down in round 2 with 3♣ 3♦ 3♠ and 5♠–8♠, holding ``hand``."""
    return buying_round_2([hand, "4C 4H 9C", "5C 6D 10C JS QH JD"],
                          {0: ["set: 3C 3D 3S", "run: 5S 6S 7S 8S"]})


def test_hard_strategies_fall_back_to_normal_where_a_game_has_none():
    hard = new_strategies("hard")
    assert type(hard["monastery"]) is MonasteryHardStrategy
    assert type(hard["shanghai_may_i"]) is ShanghaiHardStrategy
    assert hard["shanghai_may_i"] is hard["shanghai_buy"]
    assert type(hard["five_crowns"]) is FiveCrownsStrategy
    assert type(new_strategies()["monastery"]) is MonasteryStrategy


def test_a_strategy_level_must_be_known():
    with pytest.raises(ValueError, match="unknown strategy level"):
        strategy("monastery", level="expert")


@pytest.mark.parametrize("game_id", ["monastery", "shanghai_may_i", "shanghai_buy"])
def test_unseen_cards_are_the_deck_less_what_the_seat_sees_and_nothing_hidden(game_id):
    seats = 3
    game, _ = Game.new(game_id, seats, 4)
    bots = [make_bot("normal") for _ in range(seats)]
    for step in range(40):
        seat = game.variant.awaiting(game.state)[0]
        game.apply(seat, bots[seat].choose(game.observe(seat), derive(step), 0.0,
                                           lambda: False))
    view = game.observe(0)
    unseen = unseen_by_face(view)
    deck = game.variant.deck(seats)  # type: ignore[attr-defined]
    assert sum(unseen.values()) == len(deck) - len(seen_by(view))
    assert not set(unseen) & set(seen_by(view))
    assert len({card.face for card in unseen}) == len(unseen)
    other_world = game.variant.determinize(view, random.Random(7))
    assert unseen_by_face(game.variant.observe(other_world, 0)) == unseen


def test_monastery_hard_lays_the_rarest_mission_it_can():
    """3H-7H is mission 4 (a suited run of 5); 3H 3S 4H 4S 5H 5S is mission 7 (a double
    run of 3). Normal lays 7, the more cards; Hard lays 4, made in 7.5 % of open rounds
    against 7's 30 %, and keeps the easy one for a later round."""
    game, _ = Game.new("monastery", 2, 1)
    game.state = game.variant.position(
        ["3H 4H 5H 6H 7H 3S 4S 5S KC QD", "2C 3C 4C 5D 9D 10D JD 8C 8D"],
        stock="2H 3D", discard="QC", phase=MonasteryPhase.PLAY)
    view = game.observe(0)
    normal, = choices("normal", view, 3)
    hard, = choices("hard", view, 3)
    assert isinstance(normal, LayMission) and normal.mission == 7
    assert isinstance(hard, LayMission) and hard.mission == 4


def test_monastery_hard_lays_the_mission_that_goes_out_before_a_rival_lays():
    """3H AH 5H AH 7H is mission 4 (the aces stand for 4H and 6H) and, with 9C JC KC 3S,
    mission 9 (nine odd cards: an ace fits either), leaving 10D to discard. Mission 9
    goes out and ends the round before North lays; once North has laid his mission this
    round, going out wins nothing more and Hard lays the rarer mission 4."""
    hand = "3H AH 5H AH 7H 9C JC KC 3S 10D"
    game, _ = Game.new("monastery", 2, 1)
    game.state = game.variant.position(
        [hand, "2C 3C 4C 5D 9D 10D JD 8C 8D"], stock="2H 3D", discard="QC",
        phase=MonasteryPhase.PLAY)
    first, = choices("hard", game.observe(0), 3)
    game.state = game.variant.position(
        [hand, "3C 4C 5D"], stock="2H 3D", discard="QC", phase=MonasteryPhase.PLAY,
        missions={1: (8, ["suit group: 2D 5D 6D 8D 9D JD QD"])})
    rival_laid, = choices("hard", game.observe(0), 3)
    assert isinstance(first, LayMission) and first.mission == 9
    assert isinstance(rival_laid, LayMission) and rival_laid.mission == 4


def test_monastery_hard_takes_the_discard_that_lets_it_lay_and_go_out():
    """2C-9H is mission 6 (a run of 8) with KD beside it: it lays either way, but only
    with 10C does every card but the king go down, ending the round before North lays.
    The hand lacks nothing with or without it, so by its count alone it draws blind."""
    hand = "2C 3D 4S 5H 6C 7D 8S 9H KD"
    game, _ = Game.new("monastery", 2, 1)
    game.state = game.variant.position(
        [hand, "2D 3C 4C 5D 9D 10D JD 8C 8D"], stock="2H 3D", discard="10C")
    taken = choices("hard", game.observe(0), 3)
    game.state = game.variant.position(
        [hand, "3C 4C 5D"], stock="2H 3D", discard="10C",
        missions={1: (8, ["suit group: 2D 5D 6D 8D 9D JD QD"])})
    rival_laid = choices("hard", game.observe(0), 3)
    assert taken == {Draw(Pile.DISCARD)}
    assert rival_laid == {Draw(Pile.STOCK)}


def test_monastery_hard_down_keeps_the_card_one_draw_from_the_table():
    """Hard has laid 5S-9S (mission 4) and North has yet to lay. None of JS 3H KD goes
    on now, but JS goes on once 10S (or an AS as 10S) has: Normal throws any of the
    three, Hard keeps JS and goes out sooner."""
    game, _ = Game.new("monastery", 2, 1)
    game.state = game.variant.position(
        ["JS 3H KD", "2C 3C 4C 5D 9D 10D JD 8C 8D"], stock="2H 3D", discard="QC",
        phase=MonasteryPhase.PLAY, missions={0: (4, ["run: 5S 6S 7S 8S 9S"])})
    view = game.observe(0)
    assert choices("hard", view) == {Discard(card) for card in parse_cards("3H KD")}
    assert Discard(parse_cards("JS")[0]) in choices("normal", view)


def test_monastery_hard_down_takes_the_discard_that_pairs_onto_a_double_run():
    """Hard has laid 4S 4H 5D 5C 6S 6H (mission 7), which takes cards only in pairs.
    7S alone fits nowhere, so Normal draws blind; with the 7D in hand it is a pair
    that goes on above the sixes, so Hard takes it."""
    game, _ = Game.new("monastery", 2, 1)
    game.state = game.variant.position(
        ["7D KC", "2C 3C 4C 5D 9D 10D JD 8C 8D"], stock="2H 3D", discard="7S",
        missions={0: (7, ["double run: 4S 4H 5D 5C 6S 6H"])})
    view = game.observe(0)
    assert choices("hard", view, 3) == {Draw(Pile.DISCARD)}
    assert choices("normal", view, 3) == {Draw(Pile.STOCK)}


def test_monastery_hard_does_not_feed_a_rival_who_is_down():
    """North has laid 5S-9S and sheds every card that fits it. Only mission 4 is open
    to Hard: 4H-7H and 9D 10D QD KD each lack one card, and the two 10S help neither,
    so by its count of outs alone a 10S is the card to throw; but North would take it
    and lay it off on his way out. Hard throws a diamond instead: it still lacks one
    card (for the hearts), and North gains nothing."""
    game, _ = Game.new("monastery", 2, 1)
    game.state = game.variant.position(
        ["4H 5H 6H 7H 9D 10D QD KD 10S 10S", "2C 3C 4C"], stock="2H 3D", discard="QC",
        phase=MonasteryPhase.PLAY, done={0: ALL_BUT_4},
        missions={1: (4, ["run: 5S 6S 7S 8S 9S"])})
    view = game.observe(0)
    hard = MonasteryHardStrategy()
    hard.choose(view, random.Random(0))  # sets up the decision's unseen cards
    scores = hard._discard_scores(view, view.hand)
    best = min(score for score, _ in scores)
    assert {card.face for score, card in scores if score == best} == {"10S"}
    assert choices("hard", view) <= {Discard(card) for card in parse_cards("9D 10D QD KD")}


def test_monastery_hard_does_not_throw_what_the_next_player_took_to_collect():
    """North took 8H from the discard pile and has all nine missions left. Only
    mission 4 is open to Hard and 4S-7S lacks one card whatever it throws; Normal minds
    what North took only when he is two missions from winning, so it may throw 9H,
    which runs next to North's 8H. Hard never does."""
    game, _ = Game.new("monastery", 2, 1)
    state = game.variant.position(
        ["4S 5S 6S 7S 9H KC QD 2C 3D 10C", "2H 3C 4C 5D 9D 10D JD 8H"], stock="2D 3H",
        discard="QC", phase=MonasteryPhase.PLAY, done={0: ALL_BUT_4})
    taken = tuple(card for card in state.hands[1] if card.face == "8H")
    game.state = dataclasses.replace(state, known=((), taken))
    view = game.observe(0)
    nine = Discard(parse_cards("9H")[0])
    assert nine in choices("normal", view)
    assert nine.card.face not in {action.card.face for action in choices("hard", view)}


def test_monastery_hard_keeps_the_near_run_more_unseen_cards_complete():
    """Only mission 4 is open. 4H 5H 6H 7H lacks one card that six unseen cards supply
    (3H, 8H and the two AH); 9D 10D QD KD lacks one that four supply (JD, AD). Every
    discard leaves one card lacking, so Normal throws any of them; Hard breaks the
    diamonds and keeps the hearts' six outs."""
    game, _ = Game.new("monastery", 2, 1)
    game.state = game.variant.position(
        ["4H 5H 6H 7H 9D 10D QD KD", "2C 3C 4C 5D 9C 10C JC 8C 8S"],
        stock="2H 3D", discard="QC", phase=MonasteryPhase.PLAY, done={0: ALL_BUT_4})
    view = game.observe(0)
    diamonds = {Discard(card) for card in parse_cards("9D 10D QD KD")}
    assert choices("hard", view) <= diamonds
    assert choices("normal", view) - diamonds


def test_shanghai_hard_keeps_the_pair_that_may_become_a_set_over_shedding_points():
    """Round 1 (two sets of three): 7 7 and 9 9 lack two cards with either discard.
    Normal throws a king (10 points) over the 5S (5 points); Hard throws the 5S and
    keeps K K, which a third king turns into a set: more unseen cards help it."""
    game, _ = Game.new("shanghai_may_i", 2, 1)
    game.state = game.variant.position(
        ["7H 7S 9C 9D KC KH 5S", "3C 4C 6D 8D 10S JS QH"], stock="3D 4D",
        discard="6C", phase=ShanghaiPhase.PLAY)
    view = game.observe(0)
    assert choices("normal", view, 3) <= {Discard(c) for c in parse_cards("KC KH")}
    assert choices("hard", view, 3) == {Discard(parse_cards("5S")[0])}


def test_hard_search_counts_may_i_penalty_points_before_the_last_round():
    """May I's standing before the end is points earned only; the fewest-penalty bonus
    (70) comes after round 7. The Hard search values a round's end by the bonus as a
    chance, so fewer penalty points are worth something in every round."""
    from cardtable.ai.leaf import standing_margin as _value
    from cardtable.engine.data import evolve

    game, _ = Game.new("shanghai_may_i", 2, 3)
    variant, state = game.variant, game.state
    even = evolve(state, round=2, penalties=(40, 40), earned=(5, 0))
    behind = evolve(state, round=2, penalties=(140, 40), earned=(5, 0))
    assert variant.standings(even) == variant.standings(behind)
    assert _value(variant, even, 0) == pytest.approx(5.0)
    assert _value(variant, behind, 0) < 5.0 - 20
    assert _value(variant, behind, 1) == -_value(variant, behind, 0)
    late = evolve(state, round=7, penalties=(140, 40), earned=(5, 0))
    assert _value(variant, late, 0) < _value(variant, behind, 0)


def test_shanghai_hard_keeps_back_a_discard_that_fits_the_table_when_buying_too():
    """When buying, East (down with a heart run to 8H) may take a 9H as his draw, or
    buy it, and shed it. Holding the sevens' set and J Q K of diamonds, the 9H and the
    4S leave the contract as near and cost the same; Hard throws the 4S. Normal weighs
    this only in May I ("Shanghai!")."""
    view = buying_round_2(["7S 7D 7C JD QD KD 9H 4S", "4C 4D", "5C 6D 10S JS QH JD"],
                          {1: ["set: QS QD QC", "run: 5H 6H 7H 8H"]})
    nine, four = (Discard(card) for card in parse_cards("9H 4S"))
    assert choices("normal", view, 3) == {nine}
    assert choices("hard", view, 3) == {four}


def test_shanghai_hard_keeps_back_a_card_that_goes_with_what_a_player_took():
    """Round 1 (two sets): the KC and QD leave the contract as near and cost the same.
    Once the other player, not yet down, has been seen taking a king from the pile, Hard
    keeps the KC back from him and throws the QD; Normal throws the KC either way."""
    from cardtable.engine.data import evolve

    game, _ = Game.new("shanghai_may_i", 2, 1)
    game.state = game.variant.position(
        ["7H 7S 9C 9D KC QD 5S", "3C 4C 6D 8D 10S JS QH"], stock="3D 4D",
        discard="6C", phase=ShanghaiPhase.PLAY)
    king, queen = (Discard(card) for card in parse_cards("KC QD"))
    assert choices("hard", game.observe(0), 3) == {king}
    game.state = evolve(game.state, known=((), tuple(parse_cards("KS"))))
    assert choices("normal", game.observe(0), 3) == {king}
    assert choices("hard", game.observe(0), 3) == {queen}


def test_shanghai_hard_down_sheds_the_card_a_wild_on_the_table_stands_for():
    """May I, both down. The 7H fits no end of a meld, but the joker in East's
    5H 6H JK 8H stands for it: exchanged, the 7H is laid in the run and the joker goes
    on at an end, so Hard ends the turn with one card where Normal keeps two."""
    left = {}
    for level in ("normal", "hard"):
        game, _ = Game.new("shanghai_may_i", 2, 1)
        game.state = game.variant.position(
            ["7H 4S 4D", "3C 4C 6D 8D"], round_number=2, stock="3D 4D 5S 6S",
            discard="6C", phase=ShanghaiPhase.PLAY,
            melds={0: ["set: 3C 3D 3S", "run: 9C 10C JC QC"],
                   1: ["set: QS QD QC", "run: 5H 6H JK 8H"]})
        bot = NormalBot(level)
        while game.state.phase is ShanghaiPhase.PLAY and game.state.current == 0:
            game.apply(0, bot.choose(game.observe(0), random.Random(1), 0.0, lambda: False))
        left[level] = len(game.state.hands[0])
    assert left == {"normal": 2, "hard": 1}


def test_shanghai_hard_down_when_buying_keeps_the_card_the_table_may_yet_take():
    """Buying, down with 5♠–8♠ on the table. The 10♠ and 4♦ fit nowhere; Normal throws
    the 10♠, the costlier. Hard keeps it: any of the unseen 9♠s and wilds laid on the
    run lets the 10♠ follow, while nothing one card can bring opens the table to the 4♦."""
    view = down_in_buying("10S 4D")
    ten, four = (Discard(card) for card in parse_cards("10S 4D"))
    assert choices("normal", view, 3) == {ten}
    assert choices("hard", view, 3) == {four}


def test_shanghai_hard_down_when_buying_still_throws_the_costlier_dead_card():
    """Neither card can be opened to the table by one more card: Hard throws the
    costlier, as Normal does."""
    king = Discard(parse_cards("KD")[0])
    assert choices("hard", down_in_buying("KD 4D"), 3) == {king}


def buy_window(round_number: int, hand: str, discard: str,
               melds: dict[int, list[str]] | None = None):  # type: ignore[no-untyped-def]
    """East's view of a 3-seat buying game in the buy window of South's turn (West threw
    ``discard``): East may ask to buy it."""
    game, _ = Game.new("shanghai_buy", 3, 1)
    game.state = game.variant.position(
        ["4C 4H 9C JD QH KS 5D 6H 7C 8S 10D", hand, "5C 6D 10C JS QH JD 3S 8D 9H KD AC"],
        round_number=round_number, stock="3D 4S 5S 6S", discard=discard,
        phase=ShanghaiPhase.CALLS, current=0, discarder=2, melds=melds)
    view = game.observe(1)
    assert Call("buy") in view.legal
    return view


PAIRS = "3C 3H 6D 6S 8C 8H 10S JS KC AH 4D"
"""Three pairs and singles: a third 3, 6 or 8 brings any set contract nearer."""


def test_shanghai_hard_buys_only_wilds_in_round_1():
    """Two sets (round 1): the 8♦ makes a set of eights. Normal buys it; Hard passes,
    since the contract comes without a buy and the two stock cards would count against
    it. A wild it still buys, and in round 2 it buys as Normal does."""
    view = buy_window(1, PAIRS, "8D")
    assert choices("normal", view, 3) == {Call("buy")}
    assert choices("hard", view, 3) == {Call("pass")}
    assert choices("hard", buy_window(1, PAIRS, "JK"), 3) == {Call("buy")}
    assert choices("hard", buy_window(2, PAIRS, "8D"), 3) == {Call("buy")}


def test_shanghai_hard_buys_any_card_in_rounds_4_to_6_once_another_player_is_down():
    """Three sets (round 4) with South down: the 7♥ brings nothing nearer, and Normal
    passes. Hard buys it: three cards at once before the round ends. With nobody down,
    or with a contract of runs only (round 7), it buys as Normal does."""
    down = {0: ["set: QS QD QC", "set: 5H 5S 5C", "set: 9S 9D 9C"]}
    for round_number in (4, 5, 6):
        view = buy_window(round_number, PAIRS, "7H", down)
        assert choices("normal", view, 3) == {Call("pass")}
        assert choices("hard", view, 3) == {Call("buy")}
    assert choices("hard", buy_window(4, PAIRS, "7H"), 3) == {Call("pass")}
    runs = {0: ["run: 4S 5S 6S 7S", "run: 9D 10D JD QD", "run: 3C 4C 5C 6C"]}
    for card in ("7H", "5H"):  # nearer a heart run, and not
        view = buy_window(7, PAIRS, card, runs)
        assert choices("hard", view, 3) == choices("normal", view, 3)


def test_shanghai_reasons_name_the_buys_hard_makes_by_the_round():
    """The "why?" of Hard's buys: not "brings your contract nearer" when it does not."""
    from cardtable.ai.explain import explain

    down = {0: ["set: QS QD QC", "set: 5H 5S 5C", "set: 9S 9D 9C"]}
    assert "another player is down" in explain(buy_window(4, PAIRS, "7H", down), Call("buy"))
    assert "will come without" in explain(buy_window(1, PAIRS, "8D"), Call("pass"))
