"""Monastery's search hooks (cardtable/ai/monastery_search.py): the rollout policy plays
Normal's moves straight from the state."""

from __future__ import annotations

import random

from bot_games import normal_positions

from cardtable.ai.bots import NormalBot
from cardtable.ai.monastery_search import MonasteryRollout
from cardtable.engine import get_variant
from cardtable.engine.monastery import Monastery


def test_the_rollout_policy_plays_normals_move_on_thousands_of_self_play_states():
    """Every phase, 2 to 4 seats, from the deal to the game's end: the move read straight
    from the state is the one Normal makes from the seat's view with the same generator,
    and it is legal."""
    normal = NormalBot()
    policy = MonasteryRollout(get_variant("monastery")())
    checked = 0
    for seed, seats in ((1, 2), (2, 3), (3, 4), (4, 2), (5, 3), (6, 4)):
        for game, seat, view in normal_positions("monastery", seats, seed, 400):
            expected = normal.choose(view, random.Random(checked), 0.0, lambda: False)
            moved = policy.move(game.state, seat, random.Random(checked))
            assert moved == expected, (seed, game.state.turn)
            assert game.variant.problem(game.state, seat, moved) is None
            checked += 1
    assert checked >= 2000


# --- the leaf value ----------------------------------------------------------------------

def _leaf(state, seat=0):
    from cardtable.ai.monastery_search import monastery_leaf

    return monastery_leaf(Monastery(), state, seat)


def test_a_hand_nearer_its_next_mission_is_worth_more():
    game = Monastery()
    far = game.position(["2S 5H 9D JC KS 4D 7C 10H QD", "3S 3H 3D 8C 8S 8D JC JD JH"],
                        stock="2C 3C 4C", discard="5S")
    near = game.position(["2S 3S 4S 5S 9D JC KS 7C 10H", "3S 3H 3D 8C 8S 8D JC JD JH"],
                         stock="2C 3C 4C", discard="5D")
    assert _leaf(near) > _leaf(far)


def test_a_bigger_lead_in_missions_is_worth_more():
    game = Monastery()
    hands = ["2S 5H 9D JC KS 4D 7C 10H QD", "3S 4H 9C 8C 6S 8D JC 2D QH"]
    level = game.position(hands, stock="2C 3C 4C", discard="5S", done={0: [1], 1: [2]})
    ahead = game.position(hands, stock="2C 3C 4C", discard="5S", done={0: [1, 2, 3], 1: [2]})
    far_ahead = game.position(hands, stock="2C 3C 4C", discard="5S",
                              done={0: [1, 2, 3, 4, 5], 1: [2]})
    assert _leaf(level) < _leaf(ahead) < _leaf(far_ahead) < 1
    assert _leaf(ahead, 1) < _leaf(level, 1)


def test_a_finished_game_is_valued_exactly():
    import dataclasses

    from cardtable.engine.monastery import Phase

    game = Monastery()
    hands = ["2S 5H 9D", "3S 4H 9C"]
    won = game.position(hands, done={0: list(range(1, 10)), 1: [2]})
    won = dataclasses.replace(won, phase=Phase.GAME_OVER)
    assert _leaf(won, 0) == 1.0 and _leaf(won, 1) == 0.0
    tied = dataclasses.replace(game.position(hands, done={0: [1], 1: [2]}),
                               phase=Phase.GAME_OVER)
    assert _leaf(tied, 0) == _leaf(tied, 1) == 0.5


# --- not feeding a player one mission from winning -----------------------------------------

def _one_mission_from_winning():
    """Seat 1 lacks only mission 8 (seven cards of one suit) and took four low hearts
    from the pile; seat 0 (to discard) chases mission 4 and holds junk, the K♥ among it."""
    import dataclasses

    from cardtable.engine.cards import parse_cards
    from cardtable.engine.monastery import Phase

    game = Monastery()
    state = game.position(
        ["4S 5S 6S 7S KH KC QD 2D 10C JD", "2H 3H 4H 5H 9S JC 8D 6C QS"],
        stock="2C 3C 4C 5C 6D 7D 8C 9C", discard="9S", phase=Phase.PLAY,
        done={0: [1, 2, 3, 5, 6, 7, 8, 9], 1: [1, 2, 3, 4, 5, 6, 7, 9]})
    return game, dataclasses.replace(state, known=((), tuple(parse_cards("2H 3H 4H 5H"))))


def test_hard_does_not_throw_a_heart_to_a_player_collecting_hearts_for_his_last_mission():
    from cardtable.ai.monastery_hard import MonasteryHardStrategy
    from cardtable.engine import Discard

    game, state = _one_mission_from_winning()
    view = game.observe(state, 0)
    thrown = {MonasteryHardStrategy().choose(view, random.Random(seed)) for seed in range(24)}
    assert all(isinstance(move, Discard) for move in thrown)
    faces = {move.card.face for move in thrown if isinstance(move, Discard)}
    assert "KH" not in faces and faces <= {"KC", "QD", "2D", "10C", "JD"}


def test_the_feeding_chance_reads_what_the_next_player_took():
    from cardtable.ai.monastery_hard import feed_chances
    from cardtable.ai.unseen import unseen_by_face

    game, state = _one_mission_from_winning()
    view = game.observe(state, 0)
    hand = {card.face: card for card in view.hand}
    chances = feed_chances(view, list(view.hand), unseen_by_face(view), random.Random(3))
    assert chances is not None
    assert chances[hand["KH"]] > 0.5 > max(chances[hand[face]] for face in ("KC", "QD", "JD"))


def test_a_card_ruled_out_before_the_table_check_is_one_the_check_refuses():
    """``may_join`` spares Normal most of ``addition_problem``'s work: on the groups of
    self-play tables, every card of every face it rules out is one the check refuses."""
    from cardtable.ai.monastery_bot import may_join, table_groups
    from cardtable.engine.cards import standard_deck
    from cardtable.engine.missions import addition_problem

    faces = list({card.face: card for card in standard_deck(1)}.values())
    groups = 0
    for seed in (11, 12):
        for game, _seat, view in normal_positions("monastery", 2, seed, 300):
            if game.state.turn % 5:
                continue
            for meld, spec in table_groups(view):
                groups += 1
                for card in faces:
                    for at_start in (False, True):
                        if not may_join(meld, card, at_start):
                            assert addition_problem(meld, spec, (card,), at_start) is not None
    assert groups >= 50
