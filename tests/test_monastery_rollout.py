"""Monastery's cheaper rollout policy (cardtable/ai/monastery_rollout.py): legal moves,
the same move for the same state and generator, Normal's move on most states, every
mission Normal would lay (the engine's cheap deal of hands is checked for every rummy
game in ``test_determinize``)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from bot_games import normal_positions, played_by

from cardtable.ai.bots import NormalBot
from cardtable.ai.monastery_rollout import MonasteryQuickRollout, open_missions
from cardtable.ai.rollout import policy_for
from cardtable.engine import Discard, Draw, LayMission, LayOff, Pile
from cardtable.engine.missions import card_tally, tally_of
from cardtable.engine.monastery import Monastery, MonasteryState, Phase
from cardtable.engine.options import MonasteryOptions


def test_the_cheaper_policy_is_the_one_hards_rollouts_play():
    assert isinstance(policy_for(Monastery()), MonasteryQuickRollout)


def policy_states(seed: int, moves: int, options: MonasteryOptions | None = None
                  ) -> Iterator[tuple[Monastery, MonasteryState, int, random.Random]]:
    """States of whole games the policy plays at every seat (2 to 4 seats), with the
    generator of each move."""
    rng = random.Random(seed)
    while moves > 0:
        variant = Monastery(options)
        start = variant.new_game(rng.randint(2, 4), rng.getrandbits(32)).state
        policy = MonasteryQuickRollout(variant)
        for state, seat, move_rng in played_by(variant, policy, start, rng, moves):
            yield variant, state, seat, move_rng
            moves -= 1


def test_the_policy_plays_only_legal_moves_through_whole_games():
    """4,000 moves of games the policy plays at every seat: draws from either pile,
    missions laid, lay-offs, discards down and not down; every one in the engine's
    legal list."""
    kinds: Counter[str] = Counter()
    for variant, state, seat, rng in policy_states(11, 4000):
        action = MonasteryQuickRollout(variant).move(state, seat, rng)
        assert action in variant.legal_actions(state, seat) or (
            isinstance(action, (LayMission, Discard)) and
            variant.problem(state, seat, action) is None), (state, seat, action)
        down = "down" if state.melds[seat] else "up"
        kinds[f"{type(action).__name__} {down}"] += 1
    for kind in ("Draw up", "Draw down", "Discard up", "Discard down", "LayMission up",
                 "LayOff down"):
        assert kinds[kind] >= 40, kinds


def test_the_policy_gives_the_same_move_for_the_same_state_and_generator():
    """It reads the state it is given and its generator only: a second policy, asked
    again with a generator seeded alike, moves alike."""
    for variant, state, seat, rng in policy_states(12, 1500):
        seed = rng.getrandbits(32)
        first = MonasteryQuickRollout(variant).move(state, seat, random.Random(seed))
        again = MonasteryQuickRollout(variant).move(state, seat, random.Random(seed))
        assert first == again


def test_the_policy_lays_a_mission_whenever_the_hand_can_lay_one():
    """The lay is looked for only where the counts say it may be: on 6,000 states of
    play (many missions laid) a hand that can lay a mission always lays one."""
    lays = 0
    for variant, state, seat, rng in policy_states(13, 6000):
        if state.phase is not Phase.PLAY or state.laid_this_turn:
            continue
        if variant.mission_lay_downs(state, seat):
            assert isinstance(MonasteryQuickRollout(variant).move(state, seat, rng),
                              LayMission)
            lays += 1
    assert lays >= 150


def test_the_policy_plays_normals_move_on_most_states_and_always_normals_lay():
    """Where Normal would play (its own games, 2 to 4 seats): the same draw in at least
    90 % of draws, the same discard in at least 80 % of discards (the policy weighs a
    discard mission by mission, Normal by the sum over three), and always a mission
    when Normal lays one (the longest that sheds most, as Normal lays it)."""
    normal = NormalBot()
    same: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    for seed, seats in ((1, 2), (2, 3), (3, 4), (4, 2)):
        for game, seat, view in normal_positions("monastery", seats, seed, 400):
            expected = normal.choose(view, random.Random(seat), 0.0, lambda: False)
            moved = MonasteryQuickRollout(game.variant).move(game.state, seat,
                                                             random.Random(seat))
            kind = type(expected).__name__
            seen[kind] += 1
            same[kind] += moved == expected
            if isinstance(expected, LayMission):
                assert moved == expected
            if isinstance(expected, LayOff):
                assert isinstance(moved, LayOff)
    assert same[Draw.__name__] >= 0.9 * seen[Draw.__name__], (same, seen)
    assert same[Discard.__name__] >= 0.8 * seen[Discard.__name__], (same, seen)


def test_a_hand_not_down_takes_the_discard_only_if_it_brings_a_mission_nearer():
    """Not down, only mission 8 open (7 cards of one suit), six hearts held: the K♥ on
    the pile completes it and is taken; the K♣ brings nothing and is left for the
    stock."""
    variant = Monastery()
    policy = MonasteryQuickRollout(variant)
    hands = ["2H 4H 6H 8H 10H QH 3C 5D 9S", "2S 3S 4S 5S 6S 7S 8S 9S 10S"]
    done = {0: (1, 2, 3, 4, 5, 6, 7, 9)}
    taking = variant.position(hands, discard="KH", stock="JC QC", done=done)
    assert policy.move(taking, 0, random.Random(1)) == Draw(Pile.DISCARD)
    leaving = variant.position(hands, discard="KC", stock="JC QC", done=done)
    assert policy.move(leaving, 0, random.Random(1)) == Draw(Pile.STOCK)


def test_the_draw_reach_holds_on_random_hands():
    """``DRAW_REACH``: one card never brings a one-group mission more than one nearer,
    nor another more than two (2,000 random hands of 8 to 12 cards and a card)."""
    from cardtable.ai.monastery_rollout import DRAW_REACH
    from cardtable.engine.cards import standard_deck
    from cardtable.engine.missions import MISSIONS, needed

    deck = list(standard_deck(2))
    rng = random.Random(3)
    for _ in range(2000):
        cards = rng.sample(deck, rng.randint(8, 12) + 1)
        before = tally_of(cards[:-1])
        after = before + card_tally(cards[-1])
        for number in MISSIONS:
            if needed(after, number) == 0:
                assert needed(before, number) <= DRAW_REACH[number]


def test_open_missions_are_the_ones_not_done():
    state = Monastery().position(["2H 3H", "4S 5S"], done={1: (2, 5)})
    assert open_missions(state, 1) == (1, 3, 4, 6, 7, 8, 9)


def test_the_policy_lays_off_whenever_a_card_or_a_pair_can_go_on_the_table():
    """Lay-offs are listed only where a card fits the table alone or two cards of the
    rank a double run wants are held: on 6,000 states of play, a seat down with no
    mission to lay that the engine lets lay off always lays off (and the most cards)."""
    offs = pairs = 0
    for variant, state, seat, rng in policy_states(14, 6000):
        if state.phase is not Phase.PLAY or not state.melds[seat]:
            continue
        if not state.laid_this_turn and variant.mission_lay_downs(state, seat):
            continue
        listed = variant.lay_offs(state, seat)
        if listed:
            moved = MonasteryQuickRollout(variant).move(state, seat, rng)
            assert isinstance(moved, LayOff)
            assert len(moved.cards) == max(len(off.cards) for off in listed)
            offs += 1
            pairs += len(moved.cards) == 2
    assert offs >= 200 and pairs >= 5, (offs, pairs)
