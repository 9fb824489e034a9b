"""legal_actions is computed once per state: the app, the AI and observe ask about the
same state many times, and a search must not run on every call (issue 11)."""

import dataclasses

from cardtable.engine import Game, get_variant


def test_legal_actions_are_computed_once_per_state_and_never_stale():
    game, _ = Game.new("shanghai_may_i", 4, 7)
    variant = game.variant
    calls = []
    inner = variant._legal_actions

    def counting(state, seat):
        calls.append(seat)
        return inner(state, seat)

    variant._legal_actions = counting
    seat = game.awaiting()[0]
    first = variant.legal_actions(game.state, seat)
    assert variant.legal_actions(game.state, seat) is first
    variant.observe(game.state, seat)
    assert len(calls) == 1
    # An equal but distinct state object is asked about afresh, never answered from
    # another state's entry.
    copy = dataclasses.replace(game.state)
    assert variant.legal_actions(copy, seat) == first
    assert len(calls) == 2
    game.apply(seat, first[0])
    variant.legal_actions(game.state, game.awaiting()[0])
    assert len(calls) == 3


def test_every_game_answers_legal_actions_through_the_cache():
    for game_id in ("five_crowns", "shanghai_may_i", "shanghai_buy", "monastery", "palace"):
        variant = get_variant(game_id)()
        state = variant.new_game(min(variant.seat_counts) + 1, 3).state
        seat = variant.awaiting(state)[0]
        assert variant.legal_actions(state, seat) is variant.legal_actions(state, seat)
