"""The Hard level: short rollouts in sampled worlds. It sees only its seat's view
(resampling every card it cannot see changes nothing it is given or decides), answers
with a legal move, and its budget is work: the same view, generator and budget give the
same move however long it takes."""

from __future__ import annotations

import random
import time

import pytest
from bot_games import normal_positions

from cardtable.ai import make_bot
from cardtable.ai.bots import PLAYER_LEVELS
from cardtable.ai.hard import HardBot
from cardtable.ai.seats import bot_rng, seat_to_ask
from cardtable.engine import Game, variants

GAMES = [v.id for v in variants()]


def seats_for(game_id: str) -> int:
    return next(v for v in variants() if v.id == game_id).seat_counts.start


def decisions(game_id: str, seed: int, moves: int):  # type: ignore[no-untyped-def]
    """Positions along a Normal-bot game where the seat to move has a real choice."""
    for game, seat, view in normal_positions(game_id, seats_for(game_id), seed, moves):
        if len(view.legal) > 1:
            yield game, seat


def small_hard() -> HardBot:
    """A small budget: the answer depends only on view and generator."""
    return HardBot(playouts=10)


@pytest.mark.parametrize("game_id", GAMES)
def test_hard_bot_never_sees_another_seats_hidden_cards(game_id):
    """Resample every card the seat cannot see (other hands, the stock, face-down
    cards): its view, the Hard bot's only input, is unchanged, and so is its move."""
    checked = 0
    for game, seat in decisions(game_id, 11, 120):
        if checked == 3:
            break
        view = game.observe(seat)
        other_world = game.variant.determinize(view, random.Random(99))
        assert other_world != game.state or not game.variant.hidden_from(game.state, seat)
        other_view = game.variant.observe(other_world, seat)
        assert other_view == view
        real = small_hard().choose(view, random.Random(5), time.monotonic() + 60,
                                   lambda: False)
        resampled = small_hard().choose(other_view, random.Random(5),
                                        time.monotonic() + 60, lambda: False)
        assert real == resampled
        assert real in view.legal
        checked += 1
    assert checked == 3


@pytest.mark.parametrize("game_id", GAMES)
def test_hard_bot_plays_a_whole_round_of_legal_moves(game_id):
    seats = seats_for(game_id)
    game, _ = Game.new(game_id, seats, 21)
    bots = [HardBot(playouts=6)] + [make_bot("normal")] * (seats - 1)
    searched = 0
    for _ in range(60):
        if game.over:
            break
        seat = seat_to_ask(game, range(seats))
        view = game.observe(seat)
        action = bots[seat].choose(view, bot_rng(game, seat, 0), time.monotonic() + 60,
                                   lambda: False)
        assert action in view.legal or game.problem(seat, action) is None
        if seat == 0 and isinstance(bots[0], HardBot):
            searched += bots[0].last_playouts
        game.apply(seat, action)
    assert searched > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_hard_bot_budget_is_work_not_time(game_id, monkeypatch):
    """A clock that jumps an hour at every look (a slow or loaded machine) changes
    nothing: same move, same rollouts. The search never reads the time."""
    game, seat = next(decisions(game_id, 4, 80))
    view = game.observe(seat)
    steady = HardBot(playouts=24)
    move = steady.choose(view, random.Random(1), time.monotonic() + 60, lambda: False)
    clock = [time.monotonic()]

    def jumping() -> float:
        clock[0] += 3600.0
        return clock[0]

    monkeypatch.setattr(time, "monotonic", jumping)
    monkeypatch.setattr(time, "perf_counter", jumping)
    loaded = HardBot(playouts=24)
    assert loaded.choose(view, random.Random(1), 0.0, lambda: False) == move
    assert loaded.last_playouts == steady.last_playouts


def test_hard_bot_answers_at_once_when_nobody_waits():
    game, seat = next(decisions("five_crowns", 4, 40))
    bot = HardBot(playouts=100_000)
    started = time.monotonic()
    bot.choose(game.observe(seat), random.Random(1), time.monotonic() + 60, lambda: True)
    assert time.monotonic() - started < 1.0


def test_hard_is_offered_at_the_table_with_a_line_on_what_to_expect():
    assert list(PLAYER_LEVELS) == ["easy", "normal", "hard"]
    assert make_bot("hard").name == "hard"


def test_hard_never_puts_off_a_lay_down_normal_makes():
    """Playouts make putting a lay-down off look free (the playout lays it next turn in
    every world); Hard keeps Normal's lay-downs (it once discarded a king instead of
    laying Monastery's mission 6)."""
    from cardtable.engine import GoDown, LayDown, LayMission

    normal = make_bot("normal")
    found = 0
    for game_id in GAMES:
        for game, seat in decisions(game_id, 5, 400):
            view = game.observe(seat)
            choice = normal.choose(view, random.Random(1), 0.0, lambda: False)
            if isinstance(choice, (LayDown, GoDown, LayMission)):
                hard = small_hard()
                assert hard.choose(view, random.Random(1), time.monotonic() + 60,
                                   lambda: False) == choice
                assert hard.last_playouts == 0
                found += 1
                break
    assert found >= 3


def recorded(search, index, action, value):  # type: ignore[no-untyped-def]
    """A stand-in rollout's value, kept in the search's record as a real one is."""
    from cardtable.ai.hard import Rollout

    search.rollouts.append(Rollout(index, action, value))
    return value


def test_hard_plays_a_rival_only_if_it_wins_on_worlds_not_used_to_choose_it(monkeypatch):
    """Choosing the best of ten on the same worlds that judge it finds a lucky move as
    often as a good one: a rival that won only on the worlds it was chosen on is not
    played; one that wins on fresh worlds too is."""
    from cardtable.ai import hard

    view = next(game.observe(seat) for game, seat in decisions("five_crowns", 4, 80)
                if len(game.observe(seat).legal) >= 3)
    normal = make_bot("normal").choose(view, random.Random(3), 0.0, lambda: False)
    lucky_until = [10**9]

    def playout(self, index, action):  # type: ignore[no-untyped-def]
        self.playouts += 1
        if action == normal:
            return recorded(self, index, action, 0.0)
        return recorded(self, index, action, 1.0 if index < lucky_until[0] else -1.0)

    monkeypatch.setattr(hard._Search, "playout", playout)
    bot = HardBot(playouts=96)
    good = bot.choose(view, random.Random(3), time.monotonic() + 60, lambda: False)
    assert good != normal and good in view.legal
    assert 0 < bot.last_chosen_on and 94 < bot.last_playouts <= 96  # never over budget
    lucky_until[0] = bot.last_chosen_on
    assert bot.choose(view, random.Random(3), time.monotonic() + 60,
                      lambda: False) == normal


def test_hard_tests_a_lone_rival_on_every_world(monkeypatch):
    """With two moves (draw from the stock or the discard pile, call or pass) there is
    nothing to choose among: no world is spent choosing, all of them test the rival."""
    from cardtable.ai import hard

    view = next(game.observe(seat) for game, seat in decisions("five_crowns", 4, 80)
                if len(game.observe(seat).legal) == 2)
    normal = make_bot("normal").choose(view, random.Random(3), 0.0, lambda: False)

    def playout(self, index, action):  # type: ignore[no-untyped-def]
        self.playouts += 1
        return recorded(self, index, action, 0.0 if action == normal else 1.0)

    monkeypatch.setattr(hard._Search, "playout", playout)
    bot = HardBot(playouts=96)
    chosen = bot.choose(view, random.Random(3), time.monotonic() + 60, lambda: False)
    assert chosen != normal and chosen in view.legal
    assert bot.last_chosen_on == 0 and bot.last_playouts == 96


def test_hard_stops_testing_a_rival_that_is_behind_after_sixteen_worlds(monkeypatch):
    """Most rivals lose: one that is behind the planned move after ``GIVE_UP_AT``
    worlds (or at any doubling of them) cannot reach the margin it needs, so the rest of
    the budget is not spent confirming it; one that leads, or is level (Monastery's
    sparse values tie for many worlds), goes on."""
    from cardtable.ai import hard

    view = next(game.observe(seat) for game, seat in decisions("five_crowns", 4, 80)
                if len(game.observe(seat).legal) == 2)
    normal = make_bot("normal").choose(view, random.Random(3), 0.0, lambda: False)
    lead_until = [0]
    behind = [-3.0]

    def playout(self, index, action):  # type: ignore[no-untyped-def]
        self.playouts += 1
        if action == normal:
            return recorded(self, index, action, 0.0)
        return recorded(self, index, action, 1.0 if index < lead_until[0] else behind[0])

    monkeypatch.setattr(hard._Search, "playout", playout)
    bot = HardBot(playouts=96)
    assert bot.choose(view, random.Random(3), time.monotonic() + 60, lambda: False) == normal
    assert bot.last_playouts == 2 * HardBot.GIVE_UP_AT
    lead_until[0] = 20  # ahead at 16 worlds, behind by 32: given up at the next check
    assert bot.choose(view, random.Random(3), time.monotonic() + 60, lambda: False) == normal
    assert bot.last_playouts == 4 * HardBot.GIVE_UP_AT
    lead_until[0], behind[0] = 0, 0.0  # level on every world: tested to the budget
    assert bot.choose(view, random.Random(3), time.monotonic() + 60, lambda: False) == normal
    assert bot.last_playouts == 96


@pytest.mark.parametrize("budget", [20, 21, 96, 97])
def test_hard_never_plays_more_than_its_budget(monkeypatch, budget):
    from cardtable.ai import hard

    def playout(self, index, action):  # type: ignore[no-untyped-def]
        self.playouts += 1
        return recorded(self, index, action, float(hash((index, action)) % 7))

    monkeypatch.setattr(hard._Search, "playout", playout)
    for game, seat in decisions("five_crowns", 4, 120):
        bot = HardBot(playouts=budget)
        bot.choose(game.observe(seat), random.Random(3), time.monotonic() + 60, lambda: False)
        assert bot.last_playouts <= budget
