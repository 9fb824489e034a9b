"""Monastery's search hooks (cardtable/ai/monastery_search.py): the rollout policy plays
Normal's moves straight from the state."""

from __future__ import annotations

import random

from bot_games import normal_positions

from cardtable.ai.bots import NormalBot
from cardtable.ai.monastery_search import MonasteryRollout
from cardtable.ai.rollout import policy_for
from cardtable.engine import get_variant
from cardtable.engine.monastery import Monastery


def test_the_rollout_policy_is_the_registered_one():
    assert isinstance(policy_for(Monastery()), MonasteryRollout)


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


def test_a_bigger_lead_in_missions_is_worth_more():
    game = Monastery()
    hands = ["2S 5H 9D JC KS 4D 7C 10H QD", "3S 4H 9C 8C 6S 8D JC 2D QH"]
    level = game.position(hands, stock="2C 3C 4C", discard="5S", done={0: [1], 1: [2]})
    ahead = game.position(hands, stock="2C 3C 4C", discard="5S", done={0: [1, 2, 3], 1: [2]})
    far_ahead = game.position(hands, stock="2C 3C 4C", discard="5S",
                              done={0: [1, 2, 3, 4, 5], 1: [2]})
    assert _leaf(level) < _leaf(ahead) < _leaf(far_ahead) < 1
    assert _leaf(ahead, 1) < _leaf(level, 1)


def _rest(*zones):
    """The two decks' cards not in these zones, as a stock (a position mid-round)."""
    from collections import Counter

    from cardtable.engine.cards import standard_deck

    left = Counter(card.face for card in standard_deck(2))
    for zone in zones:
        left.subtract(zone.split())
    return " ".join(face for face, count in sorted(left.items()) for _ in range(count))


def test_a_hand_nearer_its_next_mission_is_worth_more():
    """Lacking one card (with the cards left to draw as many as mid-round) is worth
    more than lacking three."""
    game = Monastery()
    theirs = "3S 3H 3D 8C 8S 8D JC JD JH"
    far = game.position(["2S 5H 9D JC KS 4D 7C 10H QD", theirs],
                        stock=_rest("2S 5H 9D JC KS 4D 7C 10H QD", theirs, "5S"), discard="5S")
    near = game.position(["2S 3S 4S 5S 9D JC KS 7C 10H", theirs],
                         stock=_rest("2S 3S 4S 5S 9D JC KS 7C 10H", theirs, "5D"), discard="5D")
    assert _leaf(near) > _leaf(far)


def test_a_live_hand_is_worth_more_than_a_dead_one_as_near():
    """Both hands lack one spade for mission 8 (and more for any other); the cards the
    seat cannot see hold spades in one deal and none in the other (a spade in the pile,
    which it sees, is no out)."""
    from cardtable.ai.monastery_search import seat_need, seat_outs

    game = Monastery()
    hands = ["2S 4S 6S 8S 10S QS 3H 3D KC", "3C 4C 6H 7D 8H 9H JC KD QC"]
    live = game.position(hands, stock="3S 5S 7S 9S JS KS 2C 7H", discard="KH")
    dead = game.position(hands, stock="3D 5H 7C 9D JH KC 2C 7H", discard="KS")
    assert seat_need(live, 0) == seat_need(dead, 0) == 1
    assert seat_outs(live, 0) > seat_outs(dead, 0) == 0
    assert _leaf(live) > _leaf(dead)


def test_the_cards_in_an_opponents_hand_are_outs_to_the_seat():
    """The seat cannot see them: they count as the stock's do."""
    from cardtable.ai.monastery_search import seat_outs

    game = Monastery()
    hands = ["2S 4S 6S 8S 10S QS 3H 3D KC", "3S 5S 6H 7D 8H 9H JC KD QC"]
    state = game.position(hands, stock="7S 2C 7H", discard="KH")
    assert seat_outs(state, 0) == 3


def test_a_seat_down_is_worth_more_with_fewer_cards_left_to_shed():
    """Seat 0 has laid mission 4; the fewer cards it holds, the sooner it goes out and
    the less likely seat 1 (lacking one heart) lays his before the round ends."""
    from cardtable.ai.monastery_search import seat_outs

    game = Monastery()
    theirs = "2H 4H 6H 8H 10H QH 3C 3D KC"
    laid = {0: (4, ["run: 2S 3S 4S 5S 6S"])}
    two, three = ("KD QC", "KD QC 9D")
    near_out = game.position([two, theirs], stock=_rest(two, theirs, "2S 3S 4S 5S 6S 7C"),
                             discard="7C", missions=laid)
    far_out = game.position([three, theirs],
                            stock=_rest(three, theirs, "2S 3S 4S 5S 6S 7C"),
                            discard="7C", missions=laid)
    assert seat_outs(near_out, 1) == seat_outs(far_out, 1) > 0
    assert _leaf(near_out) > _leaf(far_out)
    assert _leaf(near_out, 1) < _leaf(far_out, 1)


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


def test_the_outs_asked_by_kind_of_card_are_the_outs_asked_face_by_face():
    """``useful_faces`` asks each mission once per kind of card it tells apart (rank,
    rank and colour, suit...): on random hands without an ace (whose suit the fill
    reads) the faces found are those found by asking every face."""
    from cardtable.ai.monastery_search import useful_faces
    from cardtable.engine.cards import Rank, standard_deck
    from cardtable.engine.missions import MISSIONS, card_tally, needed, tally_of

    deck = [card for card in standard_deck(2) if card.rank is not Rank.ACE]
    rng = random.Random(7)
    for _ in range(100):
        counts = tally_of(rng.sample(deck, rng.choice((8, 9, 10))))
        done = tuple(sorted(rng.sample(list(MISSIONS), rng.randint(0, 7))))
        open_needs = {n: needed(counts, n) for n in MISSIONS if n not in done}
        nearest = min(open_needs.values())
        every = {card.face for card in standard_deck(1) if nearest > 0 and any(
            needed(counts + card_tally(card), n) < nearest
            for n, need in open_needs.items() if need == nearest)}
        assert useful_faces(counts, done) == every
