"""Palace's hooks for the Hard search (cardtable/ai/palace_search.py): rollouts play the
Normal player's very moves without building views, and the search weighs the big sheds."""

from __future__ import annotations

import random

from bot_games import normal_positions

from cardtable.ai import make_bot
from cardtable.ai.candidates import candidates
from cardtable.ai.palace_bot import special
from cardtable.ai.palace_search import PalaceRollout
from cardtable.ai.rollout import policy_for
from cardtable.engine import Game, Place
from cardtable.engine.palace import Palace, PalaceState, Phase


def _self_play_states(count: int) -> list[tuple[Palace, PalaceState, int]]:
    """States of Normal self-play at 2 to 6 seats, setup included, with the seat to move."""
    found: list[tuple[Palace, PalaceState, int]] = []
    seed = 0
    while len(found) < count:
        seats = 2 + seed % 5
        for game, seat, _ in normal_positions("palace", seats, 500 + seed, 400):
            assert isinstance(game.variant, Palace) and isinstance(game.state, PalaceState)
            found.append((game.variant, game.state, seat))
        seed += 1
    return found[:count]


def test_palace_rollouts_play_normals_move_from_the_state_without_a_view():
    normal = make_bot("normal")
    states = _self_play_states(2000)
    phases = set()
    for index, (variant, state, seat) in enumerate(states):
        policy = policy_for(variant)
        assert isinstance(policy, PalaceRollout)
        fast = policy.move(state, seat, random.Random(index))
        view = variant.observe(state, seat)
        assert fast == normal.choose(view, random.Random(index), 0.0, lambda: False)
        assert variant.problem(state, seat, fast) is None
        phases.add((state.phase, state.hands[seat] == ()))
    assert phases >= {(Phase.PICK_HIDDEN, True), (Phase.BUILD_RESERVE, False),
                      (Phase.PLAY, False), (Phase.PLAY, True)}


def test_palace_search_weighs_every_big_shed_when_there_are_many_placements():
    """A hand of many ranks offers more placements than the search weighs; the ones it
    keeps are the biggest sheds, and a 2 or an ace (but a long straight from a 2) only
    when nothing else is left."""
    game, _ = Game.new("palace", 2, 1)
    variant = game.variant
    assert isinstance(variant, Palace)
    state = variant.position(["3S 4H 5D 6C 7S 7H 8D 9C 2H AS KD KC", "5H"], deck="QH")
    view = variant.observe(state, 0)
    assert len(view.legal) > 20
    planned = next(a for a in view.legal if isinstance(a, Place) and len(a.cards) == 1)
    kept = candidates(view, planned, 10, random.Random(1))
    rivals = [a for a in kept[1:] if isinstance(a, Place)]
    biggest = sorted((len(a.cards) for a in view.legal if isinstance(a, Place)
                      and a != planned), reverse=True)[:9]
    assert sorted((len(a.cards) for a in rivals), reverse=True) == biggest
    assert not any(special(a.cards) for a in rivals)
