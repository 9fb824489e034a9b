"""The tournament: duplicate deals (every bot in every seat of the same deal), win shares
and margins with intervals over deals, seat bias, the same results with any number of
jobs, and clear errors on bad arguments."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from cardtable.tournament import TournamentReport, format_tournament, play_deal, run_tournament
from cardtable.tournament_record import RecordError
from cardtable.tournament_results import DealResult


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


def _by_deal(report: TournamentReport) -> list[DealResult]:
    return sorted(report.deals, key=lambda deal: deal.deal)


def test_a_record_keeps_each_deal_and_a_second_run_plays_only_the_deals_it_lacks(tmp_path):
    """A long run stopped part-way keeps what it played: the same command again plays
    only the missing deals, and the report pools them all as one run would have."""
    record = tmp_path / "hard.jsonl"
    first = run_tournament("five_crowns", 2, ["normal", "random"], 2, seed=4, record=record)
    assert first.played == 2 and first.recorded == 0
    assert len(record.read_text().splitlines()) == 2
    again = run_tournament("five_crowns", 2, ["normal", "random"], 3, seed=4, record=record)
    assert (again.recorded, again.played) == (2, 1)
    whole = run_tournament("five_crowns", 2, ["normal", "random"], 3, seed=4)
    assert _by_deal(again) == _by_deal(whole)
    assert "2 from the record, 1 played" in format_tournament(again)
    # Another seed range pools into the same report.
    more = run_tournament("five_crowns", 2, ["normal", "random"], 1, seed=50, record=record)
    assert [deal.deal for deal in _by_deal(more)] == [4, 5, 6, 50]


def test_a_record_of_another_tournament_or_no_record_at_all_is_refused_and_kept(tmp_path):
    record = tmp_path / "mixed.jsonl"
    run_tournament("five_crowns", 2, ["normal", "random"], 1, seed=4, record=record)
    before = record.read_bytes()
    with pytest.raises(RecordError, match="another tournament"):
        run_tournament("five_crowns", 2, ["random", "normal"], 1, seed=4, record=record)
    with pytest.raises(RecordError, match="another tournament"):
        run_tournament("palace", 2, ["normal", "random"], 1, seed=4, record=record)
    assert record.read_bytes() == before
    save = tmp_path / "save.json"
    save.write_text('{"format": "cardtable-save", "version": 3}\n')
    with pytest.raises(RecordError, match="not a tournament record"):
        run_tournament("five_crowns", 2, ["normal", "random"], 1, seed=4, record=save)
    assert save.read_text() == '{"format": "cardtable-save", "version": 3}\n'


def test_a_line_cut_off_by_a_stopped_run_is_skipped_counted_and_not_run_into(tmp_path):
    record = tmp_path / "cut.jsonl"
    run_tournament("five_crowns", 2, ["normal", "random"], 1, seed=4, record=record)
    whole = record.read_text()
    record.write_text(whole + whole[:40])  # the next deal's line, cut off mid-write
    report = run_tournament("five_crowns", 2, ["normal", "random"], 2, seed=4, record=record)
    assert (report.recorded, report.damaged, report.played) == (1, 1, 1)
    assert "1 damaged line of the record skipped" in format_tournament(report)
    lines = record.read_text().splitlines()
    assert lines[1] == whole[:40] and json.loads(lines[2])["deal"] == 5
    assert run_tournament("five_crowns", 2, ["normal", "random"], 2, seed=4,
                          record=record).played == 0


def test_an_unreadable_record_is_a_one_line_error(tmp_path):
    done = subprocess.run([sys.executable, "-m", "cardtable", "tournament", "--game",
                           "palace", "--bots", "normal,random", "--games", "1",
                           "--record", str(tmp_path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "cannot read the record" in done.stderr
