"""Saves and game records outlive a change of format: numbered migrations, each run on a
real old file kept in saves/, applied before anything is checked; a newer file is
refused with a sentence; a damaged part is never taken for a field "added since"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.app.saves import SaveError, parse_save, read_save
from cardtable.app.scenes.menu import MenuScene
from cardtable.engine import CodecError, Game, get_variant, variants
from cardtable.engine.migrations import FORMAT_VERSION, FormatVersionError, migrate
from cardtable.engine.replay import Replay
from ui import button, frames

SAVES = Path(__file__).resolve().parents[1] / "saves"
EXAMPLES = sorted(SAVES.glob("*.json"))


def example(name: str) -> dict:
    return json.loads((SAVES / name).read_text())


# --- the migrations -------------------------------------------------------------------

STEPS = [(variant.id, version) for variant in variants() for version in variant.migrations]


def test_the_games_with_a_stock_to_rebuild_each_have_a_step_and_palace_none():
    assert sorted(STEPS) == [("five_crowns", 2), ("monastery", 2), ("shanghai_buy", 2),
                             ("shanghai_may_i", 2)]


@pytest.mark.parametrize("game_id,version", STEPS)
def test_every_migration_changes_a_real_old_save_kept_in_saves(game_id, version):
    """No step is a placeholder: each one changes a file of that game from before its
    version kept in saves/, and that file then loads."""
    step = get_variant(game_id).migrations[version]
    assert 2 <= version <= FORMAT_VERSION
    changed = [path for path in EXAMPLES
               if (data := json.loads(path.read_text()))["game"] == game_id
               and data["format_version"] < version and step(data) != data]
    assert changed, f"no old {game_id} file in saves/ exercises the step to {version}"
    for path in changed:
        assert read_save(path).game is not None


@pytest.mark.parametrize("name", ["five_crowns-round2-mid-turn.json",
                                  "shanghai_may_i-call-open.json",
                                  "shanghai_buy-round2-mid-turn.json",
                                  "monastery-round-summary.json"])
def test_a_save_from_before_the_rebuild_limit_keeps_rebuilding_for_ever(name):
    data = example(name)
    assert data["format_version"] == 1 and "stock_rebuilds_per_round" not in data["options"]
    assert read_save(SAVES / name).game.variant.options.stock_rebuilds_per_round == 0


def test_migrations_are_pure_and_bring_a_file_to_the_version_written_today():
    data = example("five_crowns-final-turn.json")
    before = json.dumps(data)
    migrated, written = migrate(data)
    assert json.dumps(data) == before  # the input is never changed
    assert written == 1 and migrated["format_version"] == FORMAT_VERSION
    assert migrated["options"]["stock_rebuilds_per_round"] == 0
    assert migrate(migrated) == (migrated, FORMAT_VERSION)
    palace = example("palace-hidden-cards-next.json")  # no step: only the number moves
    assert migrate(palace)[0] == {**palace, "format_version": FORMAT_VERSION}


def test_a_new_save_and_a_new_record_carry_todays_format_and_every_option():
    game, _ = Game.new("five_crowns", 3, 8)
    record = game.record()
    assert record["format_version"] == FORMAT_VERSION
    assert record["options"]["stock_rebuilds_per_round"] == 2
    assert Game.from_record(record).variant.options.stock_rebuilds_per_round == 2


def test_a_history_record_written_before_records_had_a_version_is_version_1():
    game, _ = Game.new("monastery", 3, 8)
    record = game.record()
    del record["format_version"], record["options"]["stock_rebuilds_per_round"]
    assert Game.from_record(record).variant.options.stock_rebuilds_per_round == 0
    assert Replay.from_record(record).game.variant.options.stock_rebuilds_per_round == 0


def test_a_save_of_a_newer_format_is_refused_with_a_sentence():
    data = {**example("palace-hidden-cards-next.json"), "format_version": FORMAT_VERSION + 1}
    with pytest.raises(SaveError, match="newer version of cardtable"):
        parse_save(data)


@pytest.mark.parametrize("version", [FORMAT_VERSION + 1, 0, "2", None, True])
def test_a_record_of_a_newer_or_unknown_format_is_refused_with_a_sentence(version):
    game, _ = Game.new("palace", 2, 3)
    record = {**game.record(), "format_version": version}
    with pytest.raises(FormatVersionError):
        Game.from_record(record)
    with pytest.raises(CodecError, match="newer version|format version"):
        Replay.from_record(record)


# --- Replay.from_record (issue 36, item 10) -------------------------------------------

@pytest.mark.parametrize("record", [[1, 2], "five_crowns", None, 7])
def test_replay_refuses_a_record_that_is_not_an_object(record):
    with pytest.raises(CodecError, match="not a game record"):
        Replay.from_record(record)


def test_replay_refuses_a_record_of_another_rules_version():
    game, _ = Game.new("five_crowns", 2, 3)
    with pytest.raises(CodecError, match="rules version '0'"):
        Replay.from_record({**game.record(), "rules_version": "0"})
    with pytest.raises(CodecError, match="rules version"):
        Game.from_record({**game.record(), "rules_version": "2"})


# --- "added since" is not "anything goes" (issue 36, item 7) --------------------------

def current_save(name: str) -> dict:
    """An example save as this version would write it (today's format, every field)."""
    saved = read_save(SAVES / name)
    from cardtable.app.saves import save_data

    return json.loads(json.dumps(save_data(saved.game, saved.seats, saved.ui)))


@pytest.mark.parametrize("today", [False, True], ids=["old-format", "today's-format"])
@pytest.mark.parametrize("name", ["five_crowns-round-summary.json",
                                  "monastery-round-summary.json"])
def test_an_empty_round_summary_is_damage_not_a_summary_of_fields_added_since(name, today):
    data = current_save(name) if today else example(name)
    parse_save(data)  # the file as written loads
    for summary in ({}, {"type": "RoundScored"}, {"round": data["ui"]["summary"]["round"]}):
        with pytest.raises(SaveError, match="round summary does not match"):
            parse_save({**data, "ui": {**data["ui"], "summary": summary}})


@pytest.mark.parametrize("today", [False, True], ids=["old-format", "today's-format"])
def test_an_empty_snapshot_is_damage_not_a_position_of_fields_added_since(today):
    name = "shanghai_buy-round2-mid-turn.json"
    data = current_save(name) if today else example(name)
    for snapshot in ({}, {"type": data["snapshot"]["type"]}, []):
        with pytest.raises(SaveError, match="position does not match"):
            parse_save({**data, "snapshot": snapshot})


def test_a_save_of_todays_format_must_have_every_field_of_its_position():
    data = current_save("five_crowns-final-turn.json")
    del data["snapshot"]["round_rebuilds"]  # an old file may lack it; today's may not
    with pytest.raises(SaveError, match="position does not match"):
        parse_save(data)


def test_continue_on_a_save_with_an_empty_summary_reports_it_keeps_it_and_never_crashes(
        make_app, home):
    data = example("five_crowns-round-summary.json")
    data["ui"]["summary"] = {}
    folder = home / "data"
    folder.mkdir()
    path = folder / "autosave-five_crowns.json"
    path.write_text(json.dumps(data))
    original = path.read_bytes()
    app = make_app()
    assert isinstance(app.stack.top, MenuScene)
    assert "could not be resumed" in app.menu_message
    assert "round summary does not match" in app.menu_message
    assert not app.resume("five_crowns")  # no crash, nothing to continue
    with pytest.raises(AssertionError):
        button(app, "Continue")
    kept = [p for p in folder.iterdir() if p.read_bytes() == original]
    assert len(kept) == 1 and kept[0] != path  # moved aside, byte for byte
    frames(app, 3)
    app.new_game("five_crowns", 2, "normal", 4)  # a new game never writes over it
    app.save(wait=True)
    assert kept[0].read_bytes() == original


# --- today's format is kept too (review finding 4) -------------------------------------

TODAY = [path for path in EXAMPLES
         if json.loads(path.read_text())["format_version"] == FORMAT_VERSION]


def test_saves_holds_an_example_of_todays_format_of_every_game():
    games = {json.loads(path.read_text())["game"] for path in TODAY}
    assert games == {variant.id for variant in variants()}


@pytest.mark.parametrize("path", TODAY, ids=lambda p: p.name)
def test_an_example_of_todays_format_loads_unmigrated_and_is_what_today_writes(path):
    """Matched strictly (no field may be missing), and written again field for field: a
    class changed without a format step fails here as in the fingerprint test."""
    data = json.loads(path.read_text())
    assert migrate(data) == (data, FORMAT_VERSION)
    again = current_save(path.name)
    for part in (data, again):
        del part["saved_at"], part["app_version"]
    assert again == data


def test_records_and_options_come_in_typed_not_any():
    """New boundaries are not ``Any`` (review finding 10): a record is any object,
    narrowed inside; options are any game's options dataclass."""
    import typing

    from cardtable.engine.options import OptionsInstance, check_options, option_problem

    for method in (Game.from_record, Replay.from_record):
        assert typing.get_type_hints(method.__func__)["record"] is object
    for function in (option_problem, check_options):
        assert typing.get_type_hints(function)["options"] is OptionsInstance
