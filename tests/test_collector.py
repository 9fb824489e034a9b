"""The cyclic collector waits while a Hard search runs, and comes back as it was found."""

from __future__ import annotations

import gc
import random
import time

import pytest

from cardtable.ai import make_bot
from cardtable.ai.collector import collector_paused
from cardtable.ai.hard import HardBot
from cardtable.engine import Game


@pytest.fixture
def collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_the_collector_is_off_while_hard_searches_and_on_after(collector_on, monkeypatch):
    seen: list[bool] = []
    search = HardBot._search

    def watched(self, *args, **kwargs):
        seen.append(gc.isenabled())
        return search(self, *args, **kwargs)

    monkeypatch.setattr(HardBot, "_search", watched)
    game, _ = Game.new("five_crowns", 2, 3)
    bot = make_bot("hard:8")
    for _ in range(12):  # until a decision with a real choice has been searched
        seat = game.awaiting()[0]
        game.apply(seat, bot.choose(game.observe(seat), random.Random(1),
                                    time.monotonic() + 10.0, lambda: False))
        if seen:
            break
    assert seen and not any(seen)
    assert gc.isenabled()


def test_the_collector_comes_back_when_the_search_fails(collector_on):
    with pytest.raises(RuntimeError), collector_paused():
        raise RuntimeError("a search that raised")
    assert gc.isenabled()


def test_a_collector_found_off_stays_off():
    was = gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        if was:
            gc.enable()


def test_overlapping_pauses_turn_it_back_on_only_at_the_last(collector_on):
    first, second = collector_paused(), collector_paused()
    first.__enter__()
    second.__enter__()
    first.__exit__(None, None, None)
    assert not gc.isenabled()
    second.__exit__(None, None, None)
    assert gc.isenabled()


def test_five_crowns_arrangements_leave_nothing_for_the_collector():
    """The arrangement search unties its recursive closures, so with the collector held
    off (as during a Hard search) no garbage piles up, hand after hand."""
    from cardtable.engine.cards import five_crowns_deck
    from cardtable.engine.five_crowns import arrange_hand

    deck = list(five_crowns_deck())
    rng = random.Random(38)
    arrange_hand(tuple(rng.sample(deck, 9)), 9)  # the round's shared tables, made once
    was = gc.isenabled()
    gc.disable()
    try:
        gc.collect()
        for _ in range(60):
            arrange_hand(tuple(rng.sample(deck, 9)), 9, discard=rng.random() < 0.5)
        assert gc.collect() == 0
    finally:
        if was:
            gc.enable()
