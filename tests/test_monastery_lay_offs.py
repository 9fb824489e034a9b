"""Monastery's legal list offers every addition the rules allow (M-T13): at every play
position of real games, the lay-offs listed are exactly the single cards (pairs, on a
double run) that ``addition_problem`` accepts at either end of every laid group, tried
one by one without the list's rank filter."""

from __future__ import annotations

import pytest

from cardtable.ai import make_bot
from cardtable.engine import Game, LayOff
from cardtable.engine.melds import MeldKind
from cardtable.engine.missions import addition_problem, joining_rank, spec_of
from cardtable.engine.monastery import Phase
from cardtable.engine.rng import derive


def _reference(state, seat):
    """Every addition, by faces, from first principles."""
    hand, found = state.hands[seat], set()
    for owner, melds in enumerate(state.melds):
        for index, meld in enumerate(melds):
            spec = spec_of(*state.specs[owner][index])
            chunks = [(card,) for card in hand]
            if meld.kind is MeldKind.DOUBLE_RUN:
                chunks = [(a, b) for i, a in enumerate(hand) for b in hand[i + 1:]]
            ends = (False, True) if meld.kind in (MeldKind.RUN, MeldKind.DOUBLE_RUN) \
                else (False,)
            for chunk in chunks:
                for at_start in ends:
                    if addition_problem(meld, spec, chunk, at_start) is None:
                        found.add((owner, index, tuple(sorted(c.face for c in chunk)),
                                   at_start))
    return found


def _offered(legal):
    return {(a.target_seat, a.meld_index, tuple(sorted(c.face for c in a.cards)), a.at_start)
            for a in legal if isinstance(a, LayOff)}


@pytest.mark.parametrize("seats,seeds", [(2, range(3)), (4, range(3, 5))])
def test_every_addition_the_rules_allow_is_offered_M_T13(seats, seeds):
    checked = busy = 0
    for seed in seeds:
        game, _ = Game.new("monastery", seats, seed)
        bots = make_bot("normal")
        while not game.over and len(game.history) < 4000:
            seat = game.awaiting()[0]
            state = game.state
            if state.phase is Phase.PLAY and state.melds[seat]:
                offered = _offered(game.variant.legal_actions(state, seat))
                assert offered == _reference(state, seat), (seed, len(game.history))
                checked += 1
                busy += bool(offered)
            game.apply(seat, bots.choose(game.observe(seat),
                                         derive(seed, seat, len(game.history)), 0.0,
                                         lambda: False))
    assert checked > 30 and busy > 5, (checked, busy)


def test_a_group_names_the_rank_it_takes_at_each_end():
    from cardtable.engine import parse_cards
    from cardtable.engine.melds import Meld

    run = Meld(MeldKind.RUN, tuple(parse_cards("AS 5S 6S")))  # the ace stands for the 4
    assert (joining_rank(run, True), joining_rank(run, False)) == (3, 7)
    double = Meld(MeldKind.DOUBLE_RUN, tuple(parse_cards("JH JD QH AD KH KD")))
    assert (joining_rank(double, True), joining_rank(double, False)) == (10, 0)
    assert joining_rank(Meld(MeldKind.SET, tuple(parse_cards("AC 9H 9S"))), False) == 9
    assert joining_rank(Meld(MeldKind.SET, tuple(parse_cards("AC AH AS"))), False) is None
