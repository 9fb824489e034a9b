"""The tournament: duplicate deals (every bot in every seat of the same deal), win shares
and margins with intervals over deals, seat bias, the same results with any number of
jobs, and clear errors on bad arguments."""

from __future__ import annotations

import subprocess
import sys

from cardtable.tournament import format_tournament, play_deal, run_tournament


def test_each_deal_is_played_once_for_every_rotation_of_the_bots():
    deal = play_deal("five_crowns", ("normal", "random", "random"), 3, 5)
    assert len(deal.seats) == 9
    for seat in range(3):  # the normal bot sat in every seat once
        assert [r.bot for r in deal.seats if r.seat == seat].count("normal") == 1
    for game in range(3):  # each game gives out exactly one win, shared or not
        assert abs(sum(r.win for r in deal.seats[game * 3:(game + 1) * 3]) - 1) < 1e-9
        assert abs(sum(r.margin for r in deal.seats[game * 3:(game + 1) * 3])) < 1e-6


def test_normal_beats_random_with_an_interval_and_margins_say_better_is_positive():
    for game_id in ("five_crowns", "palace", "monastery"):
        report = run_tournament(game_id, 2, ["normal", "random"], 4, seed=3)
        assert report.games == 8
        assert report.win_share("normal").mean > 0.5, game_id
        assert report.margin("normal").mean > 0 > report.margin("random").mean, game_id
        seat_shares = sum(share.mean for share in report.seat_bias())
        assert 0 < seat_shares <= 1 + 1e-9  # draws are won from no seat


def test_the_results_do_not_depend_on_the_number_of_jobs():
    one = run_tournament("five_crowns", 2, ["normal", "random"], 3, seed=7, jobs=1)
    two = run_tournament("five_crowns", 2, ["normal", "random"], 3, seed=7, jobs=2)
    assert one.deals == two.deals
    text = format_tournament(two)
    assert "win share" in text and "seat bias" in text and "95 %" in text


def test_bad_tournament_arguments_are_one_line_errors():
    for args in (["--game", "nope", "--bots", "normal"],
                 ["--game", "shanghai_buy", "--bots", "normal,random", "--seats", "2"],
                 ["--game", "palace", "--bots", "grandmaster"],
                 ["--game", "palace", "--bots", "normal", "--games", "0"]):
        done = subprocess.run([sys.executable, "-m", "cardtable", "tournament", *args],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2, args
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_head_to_head_counts_each_meeting_with_another_bots_seat():
    """One bot against two of another: the win share's fair mark is a third, the
    head-to-head share's a half. At a table of two both are the same number."""
    report = run_tournament("five_crowns", 3, ["normal", "random", "random"], 3, seed=2)
    ahead = report.head_to_head("normal").mean
    assert ahead > 0.5 and report.win_share("normal").mean <= ahead
    # Every meeting is one bot's win and the other's loss (or half each).
    assert abs(ahead + report.head_to_head("random").mean - 1) < 1e-9
    two = run_tournament("five_crowns", 2, ["normal", "random"], 3, seed=2)
    assert abs(two.head_to_head("normal").mean - two.win_share("normal").mean) < 1e-9
    assert "meetings" in format_tournament(report)
    assert "meetings" not in format_tournament(two)
