"""Bot behaviour: legal choices from the observation alone, and a real Five Crowns player."""

import pytest

from cardtable.ai import BotError, make_bot
from cardtable.ai.five_crowns_bot import FiveCrownsStrategy
from cardtable.engine import Discard, Draw, LayDown, Pile, parse_cards
from cardtable.engine.five_crowns import FiveCrowns, Phase
from cardtable.engine.rng import derive
from cardtable.simulate import simulate

GAME = FiveCrowns()
BOT = FiveCrownsStrategy()


def view(state, seat=0):
    return GAME.observe(state, seat)


def test_unknown_bot_level_is_refused():
    with pytest.raises(BotError, match="unknown bot"):
        make_bot("wizard")


def test_normal_bot_goes_out_when_it_can():
    state = GAME.position(["7H 7S 9C", "4D 5D 6S"], stock="7D", discard="10S")
    state = GAME.apply(state, 0, Draw(Pile.STOCK)).state
    action = BOT.choose(view(state), derive(0))
    assert isinstance(action, LayDown) and action.discard.face == "9C"


def test_normal_bot_takes_a_discard_that_lets_it_go_out():
    state = GAME.position(["7H 7S 9C", "4D 5D 6S"], stock="KD", discard="7C")
    assert BOT.choose(view(state), derive(0)) == Draw(Pile.DISCARD)


def test_normal_bot_takes_a_wild_and_never_throws_it_back():
    state = GAME.position(["9H KS 5C", "4D 5D 6S"], stock="KD", discard="JK")
    assert BOT.choose(view(state), derive(0)) == Draw(Pile.DISCARD)
    state = GAME.apply(state, 0, Draw(Pile.DISCARD)).state
    action = BOT.choose(view(state), derive(0))
    assert isinstance(action, Discard) and not action.card.is_joker


def test_normal_bot_discards_the_costliest_deadwood_and_keeps_pairs():
    # Round 3 (5s wild): the pair of nines builds a book; KS is costly and alone.
    state = GAME.position(["9H 9S KS 4C 7D 8D", "4D 5D 6S 3C 3H"], round_number=3,
                          stock="3S", discard="10C")
    state = GAME.apply(state, 0, Draw(Pile.STOCK)).state
    assert BOT.choose(view(state), derive(0)) == Discard(parse_cards("KS")[0])


def test_normal_bot_in_its_final_turn_lays_down_the_least_penalty():
    state = GAME.position(["QS QH Q* 9C KD", "4D"], round_number=3, stock="8C",
                          discard="3S", out_seat=1, final_pending=(0,))
    state = GAME.apply(state, 0, Draw(Pile.STOCK)).state
    action = BOT.choose(view(state), derive(0))
    assert isinstance(action, LayDown)
    assert action.discard.face == "KD"
    assert {c.face for m in action.melds for c in m.cards} == {"QS", "QH", "Q*"}


def test_bots_only_ever_choose_legal_actions_from_the_observation():
    state = GAME.new_game(4, seed=3).state
    for name in ("random", "normal"):
        bot = make_bot(name)
        for _ in range(60):
            seat = GAME.awaiting(state)[0]
            action = bot.choose(GAME.observe(state, seat), derive(1, len(str(state.turn))),
                                0.0, lambda: False)
            assert GAME.problem(state, seat, action) is None
            state = GAME.apply(state, seat, action).state
            if state.phase is Phase.GAME_OVER:
                break


def test_normal_bot_beats_random_play():
    report = simulate("five_crowns", 2, 6, 1, ["normal", "random"])
    normal, random_ = report.tallies["normal"], report.tallies["random"]
    assert normal.wins == 6 and normal.average_score < random_.average_score / 3


def test_palace_normal_sheds_a_long_straight_from_a_2_instead_of_a_pair_of_kings():
    """Issue 18: on a Q, 2S 3C 4H 5D 6D 7C 8H sheds seven cards (a straight from a 2
    plays on anything; its top card counts) where KS KC sheds two."""
    from cardtable.ai import make_bot
    from cardtable.engine import Game, Place
    from cardtable.engine.cards import parse_cards

    game, _ = Game.new("palace", 2, 1)
    game.state = game.variant.position(["2S KS 4H 8H 5D 6D 3C 6C 7C KC", "9D 9C"],
                                       stack=["QH"])
    action = make_bot("normal").choose(game.observe(0), derive(1), 0.0, lambda: False)
    assert action == Place(tuple(parse_cards("2S 3C 4H 5D 6D 7C 8H")))


def test_shanghai_wilds_count_only_as_far_as_naturals_can_carry_them():
    """Issue 18: a Normal seat held all 11 wilds and threw back every natural, since
    wilds counted in full towards the contract. A meld holds no more wilds than
    naturals, so eleven wilds alone are far from going down."""
    from cardtable.engine.cards import parse_cards
    from cardtable.engine.contracts import cards_needed
    from cardtable.engine.shanghai_rules import CONTRACTS, contract_rules

    crules = contract_rules(True, False)
    wilds_only = parse_cards("JK JK JK 2S 2S 2H 2H 2D 2D 2C 2C")
    assert cards_needed(wilds_only, CONTRACTS[3], crules) >= CONTRACTS[3].min_cards // 2
    assert cards_needed(parse_cards("JK 5H 5S 9C 9D"), CONTRACTS[0], crules) == 1


def test_monastery_normal_never_feeds_an_ace_to_the_next_player():
    """Issue 18: it threw A♠ (wild within spades) to a player who needed a spade run of
    5. Holding 4H 5H 6H 7H 9C KD AS for its own heart run, throwing 9C, KD or AS leaves
    its hand as near; the next player (seat 1) has only mission 4 open, so never AS."""
    from cardtable.engine import Game
    from cardtable.engine.monastery import Phase as MonasteryPhase

    game, _ = Game.new("monastery", 3, 1)
    game.state = game.variant.position(
        ["4H 5H 6H 7H 9C KD AS", "2C 3C 4C 5D 9D 10D JD", "2S 3S 4S 5S 6S 7S 8S"],
        stock="2H 3D", discard="QC", phase=MonasteryPhase.PLAY,
        done={0: [1, 2, 3, 5, 6, 7, 8, 9], 1: [1, 2, 3, 5, 6, 7, 8, 9]})
    view = game.observe(0)
    thrown = {make_bot("normal").choose(view, derive(n), 0.0, lambda: False)
              for n in range(40)}
    assert thrown and all(isinstance(a, Discard) for a in thrown)
    assert Discard(parse_cards("AS")[0]) not in thrown
    assert thrown <= {Discard(c) for c in parse_cards("9C KD")}


def test_palace_normal_bots_never_circle_the_stack_until_the_cap():
    """Issue 18: two Normal seats passed the same stack back and forth with 14 cards in
    the deck until the placement cap drew the game (deal 5004). A hand swollen with
    taken stacks now varies its placement, and every game ends with a winner."""
    from cardtable.ai.seats import ask, seat_to_ask
    from cardtable.engine import Game

    for seed in range(5000, 5040):
        game, _ = Game.new("palace", 2, seed)
        bots = [make_bot("normal")] * 2
        while not game.over:
            seat = seat_to_ask(game, range(2))
            game.apply(seat, ask(bots[seat], game, seat, 7))
        assert game.outcome().reason != "draw", seed
