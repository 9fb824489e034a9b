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
    assert "2 deals from the record, 1 deal played" in format_tournament(again)
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


def _one_deal_record(tmp_path, name="record.jsonl"):
    record = tmp_path / name
    run_tournament("five_crowns", 2, ["normal", "random"], 1, seed=4, record=record)
    return record, json.loads(record.read_text())


def _with_line(record, line):
    text = line if isinstance(line, str) else json.dumps(line)
    record.write_text(record.read_text() + text + "\n")


def test_a_deeply_nested_line_is_a_damaged_line_not_a_crash(tmp_path):
    record, _ = _one_deal_record(tmp_path)
    _with_line(record, "[" * 100_000 + "]" * 100_000)
    _with_line(record, '{"format": ' + "[" * 100_000 + "]" * 100_000 + "}")
    report = run_tournament("five_crowns", 2, ["normal", "random"], 1, seed=4, record=record)
    assert (report.recorded, report.damaged, report.played) == (1, 2, 0)


@pytest.mark.parametrize("field, value", [
    (2, float("nan")), (3, float("nan")), (3, float("inf")), (3, 1e308), (2, 5.0),
    (2, "1"), (1, 7), (1, True), (0, "grandmaster"), (0, "random")])
def test_results_that_cannot_come_from_the_tournament_are_damaged_lines(tmp_path, field,
                                                                        value):
    """NaN, infinite or overflowing margins, a win share outside 0..1, a seat off the
    table, a bot that is not in that seat: skipped and counted, and the report is
    still printed from the good deals."""
    record, line = _one_deal_record(tmp_path)
    line["deal"] = 5
    line["results"][0][field] = value
    _with_line(record, line)
    report = run_tournament("five_crowns", 2, ["normal", "random"], 0, seed=4, record=record)
    assert (report.recorded, report.damaged) == (1, 1)
    assert "1 damaged line of the record skipped" in format_tournament(report)


def test_a_record_of_a_newer_cardtable_says_so_and_is_left_as_it_is(tmp_path):
    """A newer record may hold lines this version reads wrongly: it is named as such,
    not as "not a tournament record", whether it is all new or new lines were added."""
    record, line = _one_deal_record(tmp_path)
    newer = tmp_path / "newer.jsonl"
    newer.write_text(json.dumps(dict(line, version=2, results="another shape")) + "\n")
    _with_line(record, dict(line, version=2, deal=6))
    for path in (newer, record):
        before = path.read_text()
        with pytest.raises(RecordError, match="newer version of cardtable"):
            run_tournament("five_crowns", 2, ["normal", "random"], 1, seed=4, record=path)
        assert path.read_text() == before


def test_a_bots_field_that_is_not_a_list_of_names_is_a_damaged_line(tmp_path):
    record, line = _one_deal_record(tmp_path)
    _with_line(record, dict(line, deal=5, bots="normal"))
    _with_line(record, dict(line, deal=6, bots=["normal", 3]))
    _with_line(record, dict(line, deal=7, seats=True))
    _with_line(record, dict(line, deal=8, bots=["normal\nrandom", "x"]))  # not one line
    report = run_tournament("five_crowns", 2, ["normal", "random"], 0, seed=4, record=record)
    assert (report.recorded, report.damaged) == (1, 4)
    only = tmp_path / "only.jsonl"
    only.write_text(json.dumps(dict(line, bots="normal")) + "\n")
    with pytest.raises(RecordError, match="not a tournament record") as error:
        run_tournament("five_crowns", 2, ["normal", "random"], 0, seed=4, record=only)
    assert "n,o,r,m" not in str(error.value)


@pytest.mark.parametrize("deal", [-5, 2 ** 63, 10 ** 30, 4.5, "4", True, None])
def test_a_record_with_a_deal_number_cardtable_does_not_make_is_refused(tmp_path, deal):
    record, line = _one_deal_record(tmp_path)
    _with_line(record, dict(line, deal=deal))
    before = record.read_text()
    with pytest.raises(RecordError, match=r"line 2\).*deal number .* not one cardtable makes"):
        run_tournament("five_crowns", 2, ["normal", "random"], 1, seed=4, record=record)
    assert record.read_text() == before


def test_deals_a_record_could_not_keep_are_not_played(tmp_path):
    record = tmp_path / "r.jsonl"
    for seed, games in ((-5, 1), (2 ** 63 - 1, 2)):
        with pytest.raises(RecordError, match="deal numbers"):
            run_tournament("five_crowns", 2, ["normal", "random"], games, seed=seed,
                           record=record)
    assert not record.exists()


def test_more_jobs_than_the_limit_is_a_one_line_error(capsys):
    from cardtable.cli import build_parser

    for jobs in ("100000", "1000"):
        with pytest.raises(SystemExit) as done:
            build_parser().parse_args(["tournament", "--game", "palace", "--bots",
                                       "normal", "--jobs", jobs])
        assert done.value.code == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "--jobs" in err and "at most" in err
    args = build_parser().parse_args(["tournament", "--game", "palace", "--bots", "normal",
                                      "--jobs", "4"])
    assert args.jobs == 4


def test_the_deal_number_bound_is_the_engines_alone(tmp_path, monkeypatch, capsys):
    """Records, tournaments and the command line all ask engine.rng (review finding 9):
    with the bound lowered there, each of them refuses what lies above it."""
    from cardtable import cli
    from cardtable.engine import rng

    record, line = _one_deal_record(tmp_path)
    _with_line(record, dict(line, deal=9))
    monkeypatch.setattr(rng, "MAX_SEED", 8)
    with pytest.raises(RecordError, match="deal number 9, not one cardtable makes"):
        run_tournament("five_crowns", 2, ["normal", "random"], 1, seed=4, record=record)
    with pytest.raises(RecordError, match="deals 7 to 9 run past the last deal number"):
        run_tournament("five_crowns", 2, ["normal", "random"], 3, seed=7,
                       record=tmp_path / "other.jsonl")
    assert cli.main(["tournament", "--game", "palace", "--bots", "normal,random",
                     "--seed", "7", "--games", "3", "--quiet"]) == 2
    assert "run past the last deal number" in capsys.readouterr().err


def test_a_line_with_a_byte_that_is_not_utf8_is_a_damaged_line_not_a_refused_file(
        tmp_path):
    """One such byte refused the whole record ("cannot read the record"), while every
    other damaged line is skipped and counted."""
    record, line = _one_deal_record(tmp_path)
    line["deal"] = 5
    bad = json.dumps(line).encode().replace(b'"normal"', b'"norm\xffal"', 1)
    record.write_bytes(record.read_bytes() + bad + b"\n")
    report = run_tournament("five_crowns", 2, ["normal", "random"], 1, seed=4, record=record)
    assert (report.recorded, report.damaged, report.played) == (1, 1, 0)
    assert "1 damaged line of the record skipped" in format_tournament(report)


def test_the_summary_counts_deals_as_deals_and_games_as_games(tmp_path):
    """It said "4 games; 2 from the record, 2 played", where the last two were deals."""
    record = tmp_path / "record.jsonl"
    run_tournament("five_crowns", 2, ["normal", "random"], 2, seed=4, record=record)
    again = run_tournament("five_crowns", 2, ["normal", "random"], 3, seed=4, record=record)
    summary = format_tournament(again).splitlines()[0]
    assert "= 6 games; 2 deals from the record, 1 deal played in " in summary
    alone = run_tournament("five_crowns", 2, ["normal", "random"], 2, seed=7)
    assert "= 4 games; 2 deals played in " in format_tournament(alone).splitlines()[0]


def test_one_duplicate_deal_is_said_in_the_singular():
    report = run_tournament("palace", 2, ["normal", "random"], 1, seed=3)
    text = format_tournament(report)
    assert "1 duplicate deal ×" in text and "1 duplicate deals" not in text
