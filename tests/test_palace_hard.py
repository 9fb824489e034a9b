"""Palace's Hard player where a long straight is on offer: its search weighs the big
sheds (a prior from the heuristic) and never sheds fewer cards than Normal on the whole
unless its rollouts show that wins (issue 38: the search once placed 1,009 cards where
Normal placed 1,305 on 150 such positions)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardtable.ai.bots import NormalBot
from cardtable.ai.hard import HardBot
from cardtable.ai.seats import bot_rng, seat_to_ask
from cardtable.engine import Action, Game, Place
from cardtable.engine.palace import PalaceView, Phase


def long_straight(action: Action) -> bool:
    return isinstance(action, Place) and len(action.cards) >= 4 and \
        len({card.rank for card in action.cards}) == len(action.cards)


def placed(action: Action) -> int:
    return len(action.cards) if isinstance(action, Place) else 0


def straight_positions(count: int, dry: bool | None) -> Iterator[tuple[Game, int]]:
    """Positions of Normal's two-seat self-play where the seat to move may place a
    straight of four or more (with the deck gone, or still there; None: either)."""
    normal = NormalBot()
    found, seed = 0, 9000
    while found < count:
        game, _ = Game.new("palace", 2, seed)
        seed += 1
        while not game.over and found < count:
            seat = seat_to_ask(game, range(2))
            assert seat is not None
            view = game.observe(seat)
            assert isinstance(view, PalaceView)
            if view.phase is Phase.PLAY and any(map(long_straight, view.legal)) and \
                    (dry is None or (view.deck_size == 0) == dry):
                found += 1
                yield game, seat
            game.apply(seat, normal.choose(view, bot_rng(game, seat, 0), 0.0, lambda: False))


def cards_placed(count: int, dry: bool | None) -> tuple[int, int]:
    """(Hard's cards placed, Normal's) on the same positions, each from its own view and
    the seat's generator."""
    hard, normal = HardBot(), NormalBot()
    ours = theirs = 0
    for game, seat in straight_positions(count, dry):
        view = game.observe(seat)
        ours += placed(hard.choose(view, bot_rng(game, seat, 0), 0.0, lambda: False))
        theirs += placed(normal.choose(view, bot_rng(game, seat, 0), 0.0, lambda: False))
    return ours, theirs


def test_palace_hard_places_as_many_cards_as_normal_where_a_long_straight_is_offered():
    ours, theirs = cards_placed(20, dry=False)
    assert ours >= theirs


@pytest.mark.slow
def test_palace_hard_places_as_many_cards_as_normal_on_sixty_long_straight_positions():
    ours, theirs = cards_placed(60, dry=None)
    assert ours >= theirs
