"""The Shanghai legal-move lists are complete: at every position of real games the
lay-offs, wild exchanges (May I) and wild replacements (buying) offered are exactly
those the rules allow, judged from first principles (RULES.md §4.3, §5.2, S2-A9,
S3-A8; docs/rules/shanghai_may_i.md §4.2, docs/rules/shanghai_buy.md §6), and a go-down
is offered exactly when a brute force finds one."""

from __future__ import annotations

import pytest
from test_contract_search import brute_force

from cardtable.ai import make_bot
from cardtable.engine import Exchange, Game, GoDown, LayOff, ReplaceWild
from cardtable.engine.melds import Meld, MeldKind, meld_problem, run_positions
from cardtable.engine.rng import derive
from cardtable.engine.shanghai_rules import CONTRACTS, Phase


def _extended(meld, card, at_start):
    if meld.kind is MeldKind.RUN and at_start:
        return Meld(meld.kind, (card,) + meld.cards)
    return Meld(meld.kind, meld.cards + (card,))


def _stands_for(meld, wild, natural, rules):
    """Whether ``natural`` is exactly the card ``wild`` stands for in this meld."""
    if rules.is_wild(natural):
        return False
    naturals = [c for c in meld.cards if not rules.is_wild(c)]
    if meld.kind is MeldKind.SET:
        return natural.rank is naturals[0].rank
    value = run_positions(meld.cards, rules)[meld.cards.index(wild)]
    return natural.suit is naturals[0].suit and value in rules.natural_values(natural)


def _reference(variant, state, seat):
    """Every lay-off, exchange and replacement the rules allow, by faces."""
    rules, hand = variant.rules, state.hands[seat]
    lay_offs, wild_moves = set(), set()
    one_card_ok = variant.may_i or not (state.took_discard and len(hand) <= 1)
    for owner, melds in enumerate(state.melds):
        for index, meld in enumerate(melds):
            for card in hand:
                for at_start in ((False, True) if meld.kind is MeldKind.RUN else (False,)):
                    if state.down[seat] and one_card_ok and \
                            meld_problem(_extended(meld, card, at_start), rules) is None:
                        lay_offs.add((owner, index, card.face, at_start))
                for wild in (c for c in meld.cards if rules.is_wild(c)):
                    if not _stands_for(meld, wild, card, rules):
                        continue
                    if variant.may_i:
                        if owner != seat:
                            wild_moves.add((owner, index, card.face, wild))
                        continue
                    if not state.down[seat] or meld.kind is not MeldKind.RUN:
                        continue
                    swapped = Meld(meld.kind, tuple(card if c == wild else c
                                                    for c in meld.cards))
                    for dest_owner, dests in enumerate(state.melds):
                        for dest_index, dest in enumerate(dests):
                            if (dest_owner, dest_index) == (owner, index):
                                continue
                            if dest_owner == owner:
                                dest = swapped if dest_index == index else dest
                            for at_start in (False, True):
                                if meld_problem(_extended(dest, wild, at_start), rules) is None \
                                        and (dest.kind is MeldKind.RUN or not at_start) \
                                        and one_card_ok:
                                    wild_moves.add((owner, index, card.face, wild,
                                                    dest_owner, dest_index, at_start))
    return lay_offs, wild_moves


def _offered(legal):
    lay_offs = {(a.target_seat, a.meld_index, a.cards[0].face, a.at_start)
                for a in legal if isinstance(a, LayOff)}
    wild_moves = {(a.target_seat, a.meld_index, a.natural.face, a.wild)
                  for a in legal if isinstance(a, Exchange)}
    wild_moves |= {(a.target_seat, a.meld_index, a.natural.face, a.wild, a.dest_seat,
                    a.dest_index, a.dest_at_start)
                   for a in legal if isinstance(a, ReplaceWild)}
    return lay_offs, wild_moves


def _check_games(game_id, seats, seeds):
    checked = busy = 0
    for seed in seeds:
        game, _ = Game.new(game_id, seats, seed)
        bots = make_bot("normal")
        variant = game.variant
        while not game.over:
            seat = game.awaiting()[0]
            state = game.state
            if state.phase is Phase.PLAY:
                legal = variant.legal_actions(state, seat)
                lay_offs, wild_moves = _offered(legal)
                ref_lay_offs, ref_wild_moves = _reference(variant, state, seat)
                # Sets take a card at their end only; runs at either end (both listed).
                assert lay_offs == ref_lay_offs, (seed, len(game.history))
                if variant.may_i:
                    assert wild_moves == ref_wild_moves, (seed, len(game.history))
                else:
                    # A freed wild goes at the end of a set whichever end is named.
                    assert {m[:6] for m in wild_moves} == {m[:6] for m in ref_wild_moves}
                hand = state.hands[seat]
                if not state.down[seat] and len(hand) <= 12:
                    expected = brute_force(hand, CONTRACTS[state.round - 1], variant.crules,
                                           variant.points)
                    has_go_down = any(isinstance(a, GoDown) for a in legal)
                    assert has_go_down == (expected is not None), (seed, len(game.history))
                checked += 1
                busy += bool(lay_offs or wild_moves)
            game.apply(seat, bots.choose(game.observe(seat), derive(seed, seat,
                                                                    len(game.history)),
                                         0.0, lambda: False))
            if len(game.history) > 3000:
                break
    assert busy > checked // 10, "too few positions with something to lay off"
    return checked


@pytest.mark.parametrize("game_id,seats", [("shanghai_may_i", 3), ("shanghai_buy", 3)])
def test_lay_offs_and_wild_moves_offered_are_exactly_those_the_rules_allow(game_id, seats):
    assert _check_games(game_id, seats, [1]) > 50


@pytest.mark.slow
@pytest.mark.parametrize("game_id,seats", [("shanghai_may_i", 2), ("shanghai_may_i", 5),
                                           ("shanghai_buy", 4), ("shanghai_buy", 6)])
def test_the_legal_lists_are_complete_over_many_games(game_id, seats):
    assert _check_games(game_id, seats, range(2, 6)) > 200
