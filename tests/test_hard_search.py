"""The Hard search sees only its seat's view and its budget is work: a view whose hidden
cards are dealt otherwise gives the same move and the same rollouts, and Hard at the
table plays the same moves again from a saved game."""

from __future__ import annotations

import dataclasses
import random
import time

import pytest
from bot_games import normal_positions

from cardtable.ai.hard import HardBot
from cardtable.engine import variants

GAMES = [v.id for v in variants()]
REAL_CLOCK = time.perf_counter
"""The test's own clock (a test below makes the bots' one leap)."""


def seats_for(game_id: str) -> int:
    return next(v for v in variants() if v.id == game_id).seat_counts.start


def searched_positions(game_id: str, seed: int, moves: int):  # type: ignore[no-untyped-def]
    """Positions along a Normal game where a small Hard search plays rollouts."""
    for game, seat, view in normal_positions(game_id, seats_for(game_id), seed, moves):
        if len(view.legal) < 2:
            continue
        bot = HardBot(playouts=8)
        move = bot.choose(view, random.Random(5), time.monotonic() + 60, lambda: False)
        if bot.last_rollouts:
            yield game, seat, move, bot.last_rollouts


@pytest.mark.parametrize("game_id", GAMES)
def test_hard_search_plays_the_same_rollouts_whatever_the_hidden_cards(game_id):
    """Deal every card the seat cannot see otherwise (other hands, the stock, face-down
    cards): its view is unchanged, and so are the move and every rollout's world, move
    tried and value. A search that read a hidden card would value some rollout
    differently even where the move stays the same."""
    checked = 0
    for game, seat, move, rollouts in searched_positions(game_id, 11, 200):
        view = game.observe(seat)
        for resample in (99, 100):
            other_world = game.variant.determinize(view, random.Random(resample))
            assert other_world != game.state
            other_view = game.variant.observe(other_world, seat)
            assert other_view == view
            bot = HardBot(playouts=8)
            assert bot.choose(other_view, random.Random(5), time.monotonic() + 60,
                              lambda: False) == move
            assert bot.last_rollouts == rollouts
        checked += 1
        if checked == 2:
            break
    assert checked == 2


@pytest.mark.parametrize("game_id", GAMES)
def test_hard_search_among_many_moves_reads_no_hidden_card(game_id):
    """The same with the whole search at work: six moves or more, chosen among by
    sequential halving and the winner tested on fresh worlds (a small budget never
    gets past the draws and calls)."""
    for game, seat, view in normal_positions(game_id, seats_for(game_id), 13, 400):
        if len(set(view.legal)) < 6:
            continue
        bot = HardBot(playouts=64)
        move = bot.choose(view, random.Random(5), time.monotonic() + 60, lambda: False)
        if len({rollout.action for rollout in bot.last_rollouts}) < 3:
            continue
        other_view = game.variant.observe(
            game.variant.determinize(view, random.Random(99)), seat)
        again = HardBot(playouts=64)
        assert again.choose(other_view, random.Random(5), time.monotonic() + 60,
                            lambda: False) == move
        assert again.last_rollouts == bot.last_rollouts
        assert bot.last_faults == 0
        return
    pytest.fail(f"no {game_id} position with six moves searched")


DECIDE = """
import random, sys
from bot_games import normal_positions
from cardtable.ai.hard import HardBot
game_id, seats = sys.argv[1], int(sys.argv[2])
for game, seat, view in normal_positions(game_id, seats, 13, 400):
    if len(set(view.legal)) >= 6:
        bot = HardBot(playouts=48)
        print(bot.choose(view, random.Random(5), 0.0, lambda: False))
        print([(r.world, str(r.action), repr(r.value)) for r in bot.last_rollouts])
        break
"""


@pytest.mark.parametrize("game_id", ["five_crowns", "shanghai_may_i", "monastery", "palace"])
def test_hard_moves_the_same_in_any_process(game_id, tmp_path):
    """Two processes with other hash seeds (sets of cards and enums iterate in another
    order) play the same move with the same rollout values to the last bit: a saved
    game resumed tomorrow meets the same Hard."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    tests = Path(__file__).resolve().parent
    outputs = []
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed,
                   PYTHONPATH=os.pathsep.join([str(tests.parent), str(tests)]))
        done = subprocess.run([sys.executable, "-c", DECIDE, game_id,
                               str(seats_for(game_id))], capture_output=True, text=True,
                              env=env, timeout=120)
        assert done.returncode == 0, done.stderr[-400:]
        outputs.append(done.stdout)
    assert outputs[0] and outputs[0] == outputs[1]


SAVED_AT = 4
"""Moves played before the game is saved."""
LATER = 8
"""Moves compared after the save (the Hard seats' among them)."""


def small_hard_at_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hard seats get a small budget (a level's bot is made by ``make_bot``), so the
    test is fast; the seats still say "hard", as a save of the table does."""
    from cardtable.ai import bots

    monkeypatch.setitem(bots._LEVELS, "hard", lambda: HardBot(playouts=12))


def play_to(session, moves: int) -> None:  # type: ignore[no-untyped-def]
    end = REAL_CLOCK() + 60
    while len(session.game.history) < moves and not session.game.over:
        assert REAL_CLOCK() < end, "the table stopped moving"
        session.update()
        if session.worker is not None:
            time.sleep(0.0005)


def leaping_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine under load: the clock leaps an hour at every look."""
    now = [time.monotonic()]

    def leaping() -> float:
        now[0] += 3600.0
        return now[0]

    for name in ("monotonic", "perf_counter", "process_time", "thread_time", "time"):
        monkeypatch.setattr(time, name, leaping)


@pytest.mark.parametrize("game_id", GAMES)
def test_hard_at_the_table_plays_the_same_moves_again_from_a_saved_game(
        game_id, tmp_path, monkeypatch):
    """Hard seats at a table (the person's hand played by Normal, the bots on the worker
    thread), saved after a few moves and loaded: from the loaded game (its bots asked
    inline) they play what the first table played, and
    every Hard move since the deal is the one a fresh Hard makes again from the record,
    its view and the saved bots' secret, even on a clock that leaps an hour at every
    look (a search that read the time would give up or play on differently)."""
    from cardtable.ai import AIWorker
    from cardtable.ai.seats import bot_rng
    from cardtable.app.saves import read_save, write_save
    from cardtable.app.session import SeatInfo, Session
    from cardtable.app.table_ui import TableUI
    from cardtable.engine import Game

    small_hard_at_the_table(monkeypatch)
    seats = seats_for(game_id)
    game, _ = Game.new(game_id, seats, 7)
    seat_info = [SeatInfo("You", True, "")] + [SeatInfo(f"Hard {seat}", False, "hard")
                                               for seat in range(1, seats)]
    with AIWorker() as worker:  # as at the table: the bots on the worker thread
        table = Session(game, seat_info, worker=worker, think_seconds=0.0,
                        autoplay="normal")
        play_to(table, SAVED_AT)
        path = tmp_path / "save.json"
        write_save(path, game, seat_info, TableUI(), bot_secret=table.bot_secret)
        play_to(table, SAVED_AT + LATER)
    first = game.history[SAVED_AT:]
    assert any(seat != 0 for seat, _ in first)

    leaping_clock(monkeypatch)
    saved = read_save(path)
    assert saved.bot_secret == table.bot_secret
    again = Session(saved.game, saved.seats, think_seconds=0.0, autoplay="normal",
                    bot_secret=saved.bot_secret)
    play_to(again, SAVED_AT + LATER)
    assert again.game.history[SAVED_AT:] == first

    replay, _ = Game.new(game_id, seats, 7)
    searched = 0
    for seat, action in again.game.history:
        if seat != 0:
            hard = HardBot(playouts=12)
            assert hard.choose(replay.observe(seat), bot_rng(replay, seat, saved.bot_secret),
                               0.0, lambda: False) == action
            searched += bool(hard.last_rollouts)
        replay.apply(seat, action)
    assert searched > 0


def test_a_hard_seat_that_thinks_for_seconds_on_a_loaded_machine_keeps_its_seat(
        monkeypatch):
    """Hard's search is bounded by work, not time: on a loaded machine a decision can
    take several seconds of wall time (the old Hard stopped itself at one). The table
    waits for it: a Normal stand-in would play other moves, and the game would no
    longer replay from its save. Only a bot that hangs past the limit is replaced."""
    import threading

    from cardtable.ai import AIWorker
    from cardtable.ai.seats import bot_rng
    from cardtable.app.session import SeatInfo, Session
    from cardtable.engine import Game

    release, asked = threading.Event(), threading.Event()

    class Loaded(HardBot):
        def choose(self, observation, rng, deadline, should_stop):  # type: ignore[no-untyped-def]
            asked.set()
            release.wait(10)
            return super().choose(observation, rng, deadline, should_stop)

    game, _ = Game.new("five_crowns", 2, 7)
    slow = Loaded(playouts=12)
    with AIWorker() as worker:
        table = Session(game, [SeatInfo("You", True, ""), SeatInfo("Hard", False, "hard")],
                        worker=worker, think_seconds=0.0, autoplay="normal")
        table.bots[1] = slow
        end = time.perf_counter() + 20
        while not asked.is_set() and time.perf_counter() < end:
            table.update()
            time.sleep(0.001)
        assert asked.is_set()
        before = len(game.history)
        expected = HardBot(playouts=12).choose(
            game.observe(1), bot_rng(game, 1, table.bot_secret), 0.0, lambda: False)
        now = [time.monotonic() + 5.0]  # five seconds of wall time have gone by
        monkeypatch.setattr(time, "monotonic", lambda: now[0])
        table.update()
        assert worker.abandoned == 0 and table.bots[1] is slow
        release.set()
        while len(game.history) == before and time.perf_counter() < end:
            table.update()
            time.sleep(0.001)
    assert game.history[before] == (1, expected)


def test_a_view_whose_cards_do_not_add_up_leaves_the_heuristics_move():
    """A view that shows one card fewer in the stock than the deck leaves unseen deals
    no world (it is a bug, never play): Hard keeps its heuristic's move and counts the
    fault rather than stopping the table."""
    for _game, _seat, view in normal_positions("five_crowns", 2, 3, 120):
        if len(view.legal) < 2 or view.stock_size < 2:
            continue
        bad = dataclasses.replace(view, stock_size=view.stock_size - 1)
        bot = HardBot(playouts=16)
        move = bot.choose(bad, random.Random(5), time.monotonic() + 60, lambda: False)
        if bot.last_faults:
            assert move == bot.last_planned
            return
    raise AssertionError("no searched position met")
