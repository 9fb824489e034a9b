"""The Hard search's cheaper Shanghai rollouts play what the engine plays (its worlds,
dealt hands first, are checked for every rummy game in ``test_determinize``)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from functools import partial

import pytest
from bot_games import normal_positions

from cardtable.ai.hard import _Search
from cardtable.ai.rollout import Mover, PlaysOut, policy_for
from cardtable.ai.shanghai_search import shanghai_leaf
from cardtable.ai.worlds import Worlds
from cardtable.engine import Action, IllegalActionError, get_variant
from cardtable.engine.options import ShanghaiBuyOptions, ShanghaiMayIOptions
from cardtable.engine.shanghai_rules import ShanghaiView

GAMES = [("shanghai_may_i", 2), ("shanghai_may_i", 4), ("shanghai_buy", 3),
         ("shanghai_buy", 5)]


def _views(seed: int, moves: int) -> Iterator[ShanghaiView]:
    """Every view Normal's games show the seat to move (calls, draws, plays, Shanghai!
    windows; cards taken from the pile known in hands; stocks rebuilt; seats down)."""
    for index, (game_id, seats) in enumerate(GAMES):
        for _game, _seat, view in normal_positions(game_id, seats, seed + index, moves):
            assert isinstance(view, ShanghaiView)
            yield view


# --- the dry rollout: the engine's states, move for move ---------------------------------

class _MoveByMove:
    """The rollout policy as a plain mover (no ``play_out``): the search's own loop."""

    def __init__(self, policy: Mover) -> None:
        self.move = policy.move


def _rollout_starts(seed: int, moves: int, every: int
                    ) -> Iterator[tuple[ShanghaiView, list[Action]]]:
    """Views of the seat to move with a real choice, every ``every``-th, and a few of
    its moves (the search's candidates: the first listed and some others)."""
    for index, (game_id, seats) in enumerate(GAMES):
        positions = normal_positions(game_id, seats, seed + index, moves)
        for count, (_game, _seat, view) in enumerate(positions):
            if count % every or len(view.legal) < 2:
                continue
            assert isinstance(view, ShanghaiView)
            yield view, list(view.legal[:2]) + list(view.legal[-2:])


def _compare(options: ShanghaiMayIOptions | ShanghaiBuyOptions | None, seed: int,
             moves: int, every: int, horizons: tuple[int, ...]) -> Counter[str]:
    """Plays each start both ways and asserts the same state, moves and faults; counts
    what the dry table made itself and what it left to the engine."""
    seen: Counter[str] = Counter()
    for view, actions in _rollout_starts(seed, moves, every):
        if options is not None and isinstance(options, ShanghaiMayIOptions) != view.may_i:
            continue
        variant = get_variant(view.game_id)(options)
        policy = policy_for(variant)
        assert isinstance(policy, PlaysOut)
        worlds = Worlds(variant, view, seed)
        for index in range(2):
            start = worlds[index]
            for action in actions:
                for horizon in horizons:
                    plain = _Search(variant, view, _MoveByMove(policy), shanghai_leaf, worlds,
                                    seed, horizon, 400)
                    assert plain.plays_out is None
                    name = f"{index}:{horizon}"
                    dry = policy.play_out(start, view.seat, action,
                                          partial(random.Random, name), horizon, 400)
                    try:
                        state = variant.apply_built(start, view.seat, action).state
                    except IllegalActionError:
                        assert dry is None
                        seen["refused"] += 1
                        continue
                    reached = plain._played_on(state, start.round, random.Random(name))
                    assert dry is not None
                    assert dry[0] == reached
                    assert dry[1:] == (plain.steps, plain.faults)
                    seen["rollouts"] += 1
                    seen["moves"] += plain.steps
    return seen


def test_a_dry_rollout_reaches_the_state_the_engine_reaches_move_by_move():
    """Both games at two seat counts each, to the seat's second own turn (as Hard plays)
    and to the round's end (stocks rebuilt, rounds ended, Shanghai! windows)."""
    seen = _compare(None, 5, 100, 13, (2, 0))
    assert seen["rollouts"] >= 150


def test_a_dry_rollout_of_a_move_the_rules_refuse_is_none():
    """As the engine refuses it (the search values it at minus infinity): a throw of a
    card the hand does not hold."""
    from cardtable.engine import Discard

    view, _ = next(_rollout_starts(5, 100, 13))
    variant = get_variant(view.game_id)(view.options)
    policy = policy_for(variant)
    assert isinstance(policy, PlaysOut)
    start = Worlds(variant, view, 1)[0]
    foreign = next(c for c in variant.deck(view.seats) if c not in start.hands[view.seat])
    assert policy.play_out(start, view.seat, Discard(foreign),
                           partial(random.Random, "x"), 2, 400) is None


def test_a_deferred_generator_draws_what_the_generator_it_makes_draws():
    from cardtable.ai.shanghai_search import DeferredRandom

    made: list[int] = []

    def make() -> random.Random:
        made.append(1)
        return random.Random("a name")

    deferred, real = DeferredRandom(make), random.Random("a name")
    assert not made  # nothing drawn, nothing made
    items, same = list(range(40)), list(range(40))
    deferred.shuffle(items)
    real.shuffle(same)
    assert items == same
    assert [deferred.random(), deferred.randrange(7), deferred.sample(items, 4)] == \
        [real.random(), real.randrange(7), real.sample(same, 4)]
    assert made == [1]


@pytest.mark.slow
def test_a_dry_rollout_reaches_the_engines_state_on_more_games():
    """Sized to a few seconds: the suite runs the slow properties too."""
    assert _compare(None, 11, 300, 11, (2, 1, 0))["rollouts"] >= 150


@pytest.mark.parametrize("options", [
    ShanghaiMayIOptions(shanghai_calls=False, may_i_penalty_cards=3, round_turn_limit=16),
    ShanghaiMayIOptions(stock_rebuilds_per_round=1, may_i_per_round=6),
    ShanghaiBuyOptions(buy_extra_cards=4, round_turn_limit=20),
    ShanghaiBuyOptions(buy_extra_cards=0, stock_rebuilds_per_round=1, buys_per_round=6),
])
def test_a_dry_rollout_keeps_the_house_rules(options):
    """The agreed options the dry table reads: Shanghai! calls, the cards a call brings,
    the turn limit, the stock's rebuilds, the calls allowed."""
    seen = _compare(options, 7, 60, 17, (0,))
    assert seen["rollouts"] >= 10


def test_a_discard_opens_a_shanghai_window_where_the_tables_reading_says_it_fits():
    """The dry table asks the kept reading of the table (``table_fits``) whether a
    discard may be called: the engine's own question is whether ``targets_for`` finds a
    meld end for it (random tables, runs at their longest or at an ace, wilds)."""
    from test_shanghai_speed import DECK, WILDS, random_table

    from cardtable.engine.shanghai import ShanghaiMayI
    from cardtable.engine.table_fits import table_fits

    variant = ShanghaiMayI()
    rng = random.Random(8)
    called = 0
    for _ in range(300):
        table = random_table(rng, variant.rules)
        for card in rng.sample(DECK, 12) + WILDS[:1]:
            fits = table_fits(table, variant.rules).fits(card)
            assert fits == bool(variant.targets_for((card,), table)), (table, card)
            called += fits
    assert called > 300


def test_may_is_turns_from_the_engines_lists_alone_are_normals_from_the_whole_list():
    """``RolloutStrategy`` given the engine's lists (lay-offs, exchanges, go-downs) plays
    a May I turn as it does from the legal list (Normal's own ``_play``) where it asks
    that list: down, and before going down with a wild on another seat's meld. On every
    play of Normal's games, and on random hands (wilds, many of a face) at those tables."""
    from test_shanghai_speed import random_hand

    from cardtable.ai.shanghai_rollout import RolloutStrategy, _wild_to_take
    from cardtable.ai.shanghai_search import ShanghaiRollout, StateSeat
    from cardtable.engine.data import evolve, replace_at
    from cardtable.engine.shanghai_rules import Phase

    rng = random.Random(4)
    kinds: Counter[tuple[bool, str]] = Counter()
    for seats, seed in ((2, 61), (2, 62), (4, 63), (4, 64)):
        for game, seat, view in normal_positions("shanghai_may_i", seats, seed, 400):
            if view.phase is not Phase.PLAY:
                continue
            policy = ShanghaiRollout(game.variant)
            fast, whole = RolloutStrategy(game.variant), RolloutStrategy()
            for index in range(4):
                state = game.state
                if index:
                    state = evolve(state, hands=replace_at(state.hands, seat,
                                                           random_hand(rng, view)))
                sight = StateSeat(policy, state, seat)
                if not (state.down[seat] or _wild_to_take(sight)):
                    continue
                ours = fast.choose(sight, rng)
                assert ours == whole.choose(StateSeat(policy, state, seat), rng)
                kinds[state.down[seat], type(ours).__name__] += 1
    assert kinds[True, "LayOff"] >= 50 and kinds[True, "Discard"] >= 50, kinds
    assert kinds[False, "Exchange"] >= 10 and kinds[False, "GoDown"] >= 5, kinds
    assert kinds[False, "Discard"] >= 50, kinds


def test_buyings_rollout_turn_before_going_down_is_normals():
    """``BuyingRolloutStrategy`` (a turn before going down played from the first-found
    go-down search alone where it finds none) plays every turn as Normal does: on every
    play of Normal's buying games at 3 and 5 seats, and on random hands at those tables
    (many of a face: go-downs found, and their lighter forms when the hand is small)."""
    from test_shanghai_speed import random_hand

    from cardtable.ai.shanghai_bot import ShanghaiStrategy
    from cardtable.ai.shanghai_rollout import BuyingRolloutStrategy
    from cardtable.ai.shanghai_search import ShanghaiRollout, StateSeat
    from cardtable.engine.data import evolve, replace_at
    from cardtable.engine.shanghai_rules import Phase

    rng = random.Random(5)
    kinds: Counter[tuple[bool, str]] = Counter()
    for seats, seed in ((3, 71), (3, 72), (5, 73)):
        for game, seat, view in normal_positions("shanghai_buy", seats, seed, 300):
            if view.phase is not Phase.PLAY:
                continue
            policy = ShanghaiRollout(game.variant)
            fast, normal = BuyingRolloutStrategy(), ShanghaiStrategy()
            for index in range(1 if view.down[seat] else 3):  # a hand down: as dealt
                state = game.state
                if index:
                    state = evolve(state, hands=replace_at(state.hands, seat,
                                                           random_hand(rng, view)))
                ours = fast.choose(StateSeat(policy, state, seat), rng)
                assert ours == normal.choose(StateSeat(policy, state, seat), rng)
                kinds[state.down[seat], type(ours).__name__] += 1
    assert kinds[False, "Discard"] >= 100 and kinds[False, "GoDown"] >= 10, kinds


def old_penalty(card, may_i: bool) -> int:
    """``shanghai_rules.penalty`` before it read a table (the reference)."""
    from cardtable.engine.cards import Rank

    if card.rank in (Rank.JOKER, Rank.TWO):
        return 50 if may_i else 20
    if card.rank is Rank.ACE:
        return 15
    return 10 if card.rank >= Rank.TEN else 5


def test_a_cards_penalty_is_read_from_its_rank_as_the_rules_count_it():
    from cardtable.engine.cards import standard_deck
    from cardtable.engine.shanghai_rules import hand_penalty, penalty

    deck = standard_deck(4, 2)
    for card in deck:
        for may_i in (True, False):
            assert penalty(card, may_i) == old_penalty(card, may_i), card
    rng = random.Random(2)
    for _ in range(200):
        hand = tuple(rng.sample(deck, rng.randint(0, 14)))
        for may_i in (True, False):
            assert hand_penalty(hand, may_i) == sum(old_penalty(c, may_i) for c in hand)


def test_a_kept_shuffle_is_the_shuffle_worked_out_again():
    """``rng.shuffled`` keeps a tuple's shuffles (the next round's deal of a sampled
    world): the same order as a list of the same items, shuffled afresh."""
    from cardtable.engine.cards import standard_deck
    from cardtable.engine.rng import shuffled

    deck = standard_deck(2, 2)
    for seed in range(30):
        for labels in (("deal", 2), ("reshuffle", seed % 3)):
            first = shuffled(deck, seed, *labels)
            assert shuffled(deck, seed, *labels) is first  # kept
            assert first == shuffled(list(deck), seed, *labels)
    assert shuffled(deck, 1, "deal", 2) != shuffled(deck, 2, "deal", 2)
