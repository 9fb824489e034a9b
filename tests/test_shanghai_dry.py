"""The Hard search's cheaper Shanghai rollouts play what the engine plays: worlds dealt
from a template per view are the worlds ``determinize`` deals from the same generator
(``engine/shanghai_worlds``)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from bot_games import normal_positions

from cardtable.engine import get_variant
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


@pytest.mark.parametrize("seed", [21])
def test_determinize_hands_deals_what_determinize_deals_without_shuffling(seed: int):
    """The same state from the same generator as ``determinize`` with the stock left in
    deck order, on every view of four games, and the generator left in the same place."""
    checked = 0
    for view in _views(seed, 250):
        variant = get_variant(view.game_id)(view.options)
        for k in range(3):
            fast, slow = random.Random(k), random.Random(k)
            dealt = variant.determinize_hands(view, fast)
            assert dealt == variant.determinize(view, slow, shuffle_stock=False)
            assert fast.random() == slow.random()
            checked += 1
    assert checked >= 2000


@pytest.mark.slow
def test_determinize_hands_deals_what_determinize_deals_on_more_games():
    for seed in (31, 41, 51):
        test_determinize_hands_deals_what_determinize_deals_without_shuffling(seed)
