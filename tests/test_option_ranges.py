"""House rules and deal numbers are range-checked in one place each (the options' own
types; the engine's deal-number bound), and every way in refuses what is out of range
with a reason naming it: the options themselves, deal codes, saves, presets, the command
line and ``Game``. Options are read generically, so a new option without a range fails."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from cardtable.cli import main
from cardtable.engine import Game, IllegalActionError, SetupError, variants
from cardtable.engine.deal_code import DealCodeError, _sum_check, decode
from cardtable.engine.options import (
    OptionError,
    bound_of,
    label_of,
    only_value,
    preset_options,
    presets_of,
)
from cardtable.engine.rng import MAX_SEED

SAVES = Path(__file__).resolve().parents[1] / "saves"
VARIANTS = sorted(variants(), key=lambda v: v.menu_order)


def whole_number_options():
    for variant in VARIANTS:
        for field in dataclasses.fields(variant.options_type):
            if not isinstance(getattr(variant.options_type(), field.name), bool):
                yield pytest.param(variant, field, id=f"{variant.id}.{field.name}")


def every_option():
    for variant in VARIANTS:
        for field in dataclasses.fields(variant.options_type):
            yield pytest.param(variant, field, id=f"{variant.id}.{field.name}")


@pytest.mark.parametrize("variant,field", list(every_option()))
def test_every_whole_number_option_declares_its_range_with_a_reason(variant, field):
    default = getattr(variant.options_type(), field.name)
    bound = bound_of(field)
    if isinstance(default, bool):
        assert bound is None
        return
    assert isinstance(default, int), f"{field.name}: an option is a whole number or yes/no"
    assert bound is not None, f"{variant.id}.{field.name} has no declared range"
    assert bound.low <= default <= bound.high and bound.admits(default)
    assert bound.low >= 0 and bound.high < 10 ** 6  # a deal code writes up to six digits
    assert bound.label and "_" not in bound.label, "a label is the option's name for players"
    assert len(bound.note) > 10


@pytest.mark.parametrize("variant,field", list(whole_number_options()))
def test_an_option_takes_its_range_and_refuses_past_it_naming_the_option(variant, field):
    bound = bound_of(field)
    kind = variant.options_type
    least = [] if bound.off is None else [bound.off.least]
    for value in (bound.low, bound.high, *least):
        assert getattr(kind(**{field.name: value}), field.name) == value
        variant(kind(**{field.name: value}))  # the game takes it
    too_few = [value - 1 for value in least if value > 1]
    for value in (bound.low - 1, bound.high + 1, -1, 10 ** 30, True, "3", 2.0, *too_few):
        if isinstance(value, int) and not isinstance(value, bool) and bound.admits(value):
            continue
        with pytest.raises(OptionError) as refused:
            kind(**{field.name: value})
        _is_one_plain_sentence(refused.value, field)
        with pytest.raises(OptionError) as refused:
            dataclasses.replace(kind(), **{field.name: value})
        _is_one_plain_sentence(refused.value, field)


def _is_one_plain_sentence(error, field):
    """The option's label, no Python name, one sentence (the name stays in ``option``)."""
    label = label_of(field)
    text = str(error)
    assert error.option == field.name and field.name not in text
    assert text == f"{label[0].upper()}{label[1:]}{error.clause[len(label):]}."
    assert error.clause.startswith(label) and ":" not in text and len(text) < 160


@pytest.mark.parametrize("variant,field", list(every_option()))
def test_a_yes_no_option_refuses_a_number(variant, field):
    if bound_of(field) is not None:
        return
    with pytest.raises(OptionError, match="must be yes or no, not 1") as refused:
        variant.options_type(**{field.name: 1})
    assert refused.value.option == field.name
    only = only_value(field)
    if only is not None:  # a rule this version does not offer: only its default
        with pytest.raises(OptionError, match="is not offered") as refused:
            variant.options_type(**{field.name: not only[0]})
        assert refused.value.option == field.name


def test_options_out_of_range_are_a_setup_error_callers_already_handle():
    assert issubclass(OptionError, SetupError) and issubclass(OptionError, ValueError)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.id)
def test_every_preset_is_within_the_ranges(variant):
    for preset in presets_of(variant.options_type):
        variant(preset_options(variant.options_type, preset.name))


def _code(body: str) -> str:
    """A code as the app writes them (its body of even length: a leading 0 on the seed)."""
    if len(body) % 2:
        prefix, seats, rest = body.split("-", 2)
        body = f"{prefix}-{seats}-0{rest}"
    return body + "-U" + _sum_check(body)


@pytest.mark.parametrize("variant,field", list(whole_number_options()))
def test_a_deal_code_with_an_option_out_of_range_is_refused_naming_it(variant, field):
    bound = bound_of(field)
    index = [f.name for f in dataclasses.fields(variant.options_type)].index(field.name)
    value = bound.high + 1 if bound.high < 999_999 else bound.low - 1
    body = f"{variant.deal_prefix}-{variant.seat_counts.start}-7Q2K9-" \
           f"{chr(ord('A') + index)}{value}"
    with pytest.raises(DealCodeError, match=re.escape(f"{bound.label} must be ")):
        decode(_code(body))


def test_the_deal_code_of_the_issue_that_crashed_the_table_is_refused():
    with pytest.raises(DealCodeError) as refused:
        decode("SB-3-7Q2K9-B9999995")
    assert str(refused.value) == ("extra cards with a buy must be from 0 to 4 (the printed "
                                  "rule is 2), not 999,999")


def test_the_command_line_refuses_options_out_of_range_in_one_line(capsys):
    assert main(["simulate", "--deal", "SB-3-7Q2K9-B9999995", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err == ("cardtable simulate: error: extra cards with a buy must be from 0 to 4 "
                   "(the printed rule is 2), not 999,999\n")


def _save(name: str) -> dict:
    return json.loads((SAVES / name).read_text())


@pytest.mark.parametrize("change,reason", [
    ({"buy_extra_cards": 999999}, r"^its house rules are no longer offered \(extra cards "
                                  r"with a buy must be from 0 to 4 \(the printed rule is 2\), "
                                  r"not 999,999\)$"),
    ({"buys_per_round": -1}, r"no longer offered \(buys in a round must be from 0"),
    ({"round_turn_limit": 10 ** 30}, r"\(the turn cap of a round must be 0 or from 16 to "
                                     r"10,000 \(0 is no cap; .*\), not a number of 31 "
                                     r"digits\)"),
])
def test_a_save_with_house_rules_out_of_range_is_refused_naming_the_option(change, reason):
    from cardtable.app.saves import SaveError, parse_save

    data = _save("shanghai_buy-round2-mid-turn.json")
    data["options"].update(change)
    with pytest.raises(SaveError, match=reason):
        parse_save(data)


@pytest.mark.parametrize("seed", [MAX_SEED + 1, 2 ** 62, 10 ** 19])
def test_a_save_with_a_deal_number_cardtable_does_not_make_is_refused(seed):
    from cardtable.app.saves import SaveError, parse_save

    data = _save("palace-building-reserve.json")
    data["seed"] = seed
    with pytest.raises(SaveError, match="its deal number"):
        parse_save(data)


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 10 ** 18, 10 ** 19, True, "5", 5.0])
def test_a_game_is_not_dealt_with_a_deal_number_out_of_range(seed):
    with pytest.raises(SetupError, match="deal number"):
        Game.new("palace", 2, seed)


def test_the_largest_deal_number_is_dealt_and_replays():
    game, _ = Game.new("five_crowns", 2, MAX_SEED)
    assert Game.from_record(json.loads(json.dumps(game.record()))).state == game.state


@pytest.mark.parametrize("seat", [True, 1.0, "1", None])
def test_a_seat_that_is_not_a_whole_number_is_refused(seat):
    """``True == 1`` (and hashes alike): without the check, ``apply(True, …)`` found seat
    1's list of legal actions and was taken as seat 1."""
    game, _ = Game.new("five_crowns", 2, 5)
    while 1 not in game.awaiting():
        number = game.awaiting()[0]
        game.apply(number, game.legal_actions(number)[0])
    before, moves = game.state, len(game.history)
    legal = game.legal_actions(1)
    with pytest.raises(IllegalActionError, match="no seat"):
        game.apply(seat, legal[0])
    assert game.problem(seat, legal[0]) is not None
    assert game.state is before and len(game.history) == moves


@pytest.mark.parametrize("first,count,problem", [
    (0, 1, None), (MAX_SEED, 1, None), (MAX_SEED - 6, 7, None), (5, 0, None),
    (MAX_SEED, 2, f"deals {MAX_SEED:,} to {MAX_SEED + 1:,} run past the last deal number "
                  f"({MAX_SEED:,})"),
    (-5, 3, f"deal numbers go from 0 to {MAX_SEED:,}, not -5"),
    (True, 3, "a deal number is a whole number, not true"),
])
def test_a_run_of_deals_is_checked_against_the_one_bound(first, count, problem):
    from cardtable.engine.rng import deals_problem

    assert deals_problem(first, count) == problem


@pytest.mark.parametrize("variant,field", list(every_option()))
def test_every_option_has_a_name_for_players_declared_with_it(variant, field):
    """The rules page and refusals name options as players do ("Shanghai! calls: no"),
    never by their field names ("shanghai calls"): each option declares its label."""
    declared = field.metadata.get("label") or getattr(bound_of(field), "label", None)
    assert isinstance(declared, str) and declared, f"{variant.id}.{field.name} has no label"
    assert label_of(field) == declared and "_" not in declared


def zero_turns_it_off(note: str) -> bool:
    """Whether an option's note says what 0 does ("0 is no cap", "0 turns May I off", "0
    rebuilds the stock for ever"): then 0 turns the rule off. Read from the options as
    declared, so a new game's options need no list here."""
    return any(part.strip().startswith("0 ") for part in note.split(";"))


def test_the_notes_tell_the_options_whose_zero_turns_them_off():
    off = {f"{variant.id}.{field.name}" for variant in VARIANTS
           for field in dataclasses.fields(variant.options_type)
           if (bound := bound_of(field)) is not None and zero_turns_it_off(bound.note)}
    assert {"five_crowns.round_turn_limit", "monastery.round_limit",
            "shanghai_buy.stock_rebuilds_per_round", "shanghai_may_i.may_i_per_round",
            "shanghai_buy.buys_per_round"} <= off
    assert not any(name.endswith(("_penalty_cards", "placement_cap", ".rounds",
                                  "buy_extra_cards")) for name in off)


@pytest.mark.parametrize("variant,field", list(whole_number_options()))
def test_an_option_whose_zero_turns_it_off_says_what_zero_means(variant, field):
    """The rules page says "no cap" for a turn cap of 0, never "0" as if no turn were
    allowed."""
    bound = bound_of(field)
    assert (bound.off is not None) == zero_turns_it_off(bound.note), field.name
    if bound.off is not None:
        assert bound.low == 0 and bound.off.says and bound.shown(0) == bound.off.says
        assert bound.shown(1_000) == "1,000"


@pytest.mark.parametrize("variant", [v for v in VARIANTS if any(
    f.name == "round_turn_limit" for f in dataclasses.fields(v.options_type))],
    ids=lambda v: v.id)
def test_a_turn_cap_too_small_for_everyone_to_play_is_refused(variant):
    """A cap of 1 ended whole Five Crowns rounds before the player's first turn: a cap is
    0 (none) or enough turns for every player at the largest table to play twice."""
    from cardtable.engine.options import LEAST_TURN_CAP

    kind = variant.options_type
    assert LEAST_TURN_CAP >= 2 * max(v.seat_counts.stop - 1 for v in VARIANTS)
    for value in (0, LEAST_TURN_CAP, 10_000):
        assert kind(round_turn_limit=value).round_turn_limit == value
    for value in (1, 2, LEAST_TURN_CAP - 1):
        with pytest.raises(OptionError, match=f"must be 0 or from {LEAST_TURN_CAP} to 10,000 "
                                              r"\(0 is no cap; .*\), not "
                                              f"{value}\\.$") as refused:
            kind(round_turn_limit=value)
        assert refused.value.option == "round_turn_limit"
