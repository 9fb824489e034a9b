"""A field added to a saved class without a format step fails here, not in players' homes:
saves of today's format are matched strictly, so such a field would make every save
written today look damaged (review finding 4). The fields of every serializable class are
compared with the fingerprint kept for ``FORMAT_VERSION`` (tests/format_fields.py)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from format_fields import HOW_TO_STEP, differences, fingerprint, stored, stored_path

from cardtable.engine import variants
from cardtable.engine.migrations import FORMAT_VERSION

SAVES = Path(__file__).resolve().parents[1] / "saves"


def test_the_saved_classes_have_the_fields_recorded_for_todays_format():
    recorded = stored()
    assert recorded is not None, (
        f"format {FORMAT_VERSION} has no fingerprint of its saved classes: after the format "
        f"step, run `python3 tests/format_fields.py` to write {stored_path().name}")
    breaking, harmless = differences(recorded, fingerprint())
    assert not breaking, "\n".join(
        [f"The saved classes changed since format {FORMAT_VERSION} was released:",
         *breaking, HOW_TO_STEP.format(version=FORMAT_VERSION, next=FORMAT_VERSION + 1)])
    assert not harmless, "\n".join(
        ["New saved classes or enum values (no older file holds them, so no format step "
         "is needed):", *harmless, "record them with `python3 tests/format_fields.py`."])


def test_a_field_added_to_a_state_needs_a_format_step():
    recorded = fingerprint()
    changed = copy.deepcopy(recorded)
    changed["classes"]["FiveCrownsState"]["hints_shown"] = "int"
    breaking, _ = differences(recorded, changed)
    assert breaking == ["FiveCrownsState.hints_shown: int is added"]
    step = HOW_TO_STEP.format(version=FORMAT_VERSION, next=FORMAT_VERSION + 1)
    assert "raise FORMAT_VERSION" in step and "make_example_saves.py" in step


def test_a_removed_or_retyped_field_or_enum_value_needs_a_format_step():
    recorded = fingerprint()
    changed = copy.deepcopy(recorded)
    del changed["classes"]["Discarded"]["card"]
    changed["classes"]["Drew"]["card"] = "Card"
    changed["enums"]["palace.Phase"] = changed["enums"]["palace.Phase"][1:]
    breaking, harmless = differences(recorded, changed)
    assert len(breaking) == 3 and not harmless


def test_a_new_class_or_enum_value_needs_no_step_but_is_recorded():
    recorded = fingerprint()
    changed = copy.deepcopy(recorded)
    changed["classes"]["Shuffled"] = {"seat": "int"}
    changed["enums"]["actions.Pile"] = [*changed["enums"]["actions.Pile"], "attic"]
    breaking, harmless = differences(recorded, changed)
    assert not breaking and len(harmless) == 2


def test_every_game_has_an_example_save_of_todays_format_in_saves():
    """So the next format step has a real file of this format to migrate and test."""
    written = {(data["game"], data["format_version"])
               for path in SAVES.glob("*.json")
               for data in [json.loads(path.read_text())]}
    missing = [v.id for v in variants() if (v.id, FORMAT_VERSION) not in written]
    assert not missing, (f"no format-{FORMAT_VERSION} example save of {missing} in saves/: "
                         "run `python3 tests/make_example_saves.py`")
