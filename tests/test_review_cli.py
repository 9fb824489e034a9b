"""``cardtable review FILE``: a save or a game record reviewed in a terminal, as a short
table or as JSON; a bad file or seat is one line and exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.ai.planted import PlantedGame, play_planted
from cardtable.cli import main
from cardtable.engine.options import FiveCrownsOptions

SAVES = Path(__file__).resolve().parent.parent / "saves"


@pytest.fixture(scope="module")
def planted() -> PlantedGame:
    """Three rounds of Five Crowns in which seat 0 throws away a wild (move 13)."""
    return play_planted("five_crowns", 2, 5, 7, options=FiveCrownsOptions(rounds=3),
                        blunder=None)


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory, planted: PlantedGame) -> Path:
    path = tmp_path_factory.mktemp("review") / "game.json"
    path.write_text(json.dumps(planted.record), encoding="utf-8")
    return path


def test_a_record_is_reviewed_with_a_summary_and_hard_in_the_seat(record_file, capsys):
    assert main(["review", str(record_file), "--budget", "16", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Five Crowns, seat 0: ")
    assert "decisions reviewed" in out
    assert "Hard in this seat, on the same cards:" in out and "at the end" in out


def test_json_lists_the_costliest_decisions_with_their_cost_and_why(record_file, planted,
                                                                    capsys):
    assert main(["review", str(record_file), "--budget", "48", "--json", "--top", "3",
                 "--seat", "0", "--no-compare", "--quiet"]) == 0
    items = json.loads(capsys.readouterr().out)
    assert isinstance(items, list) and 1 <= len(items) <= 3
    assert items[0]["move"] == planted.planted[0][0]  # the wild thrown away
    assert items[0]["better"].startswith("Discard") and items[0]["cost"] > 0
    record = json.loads(record_file.read_text(encoding="utf-8"))
    for item in items:
        assert {"move", "played", "better", "cost", "cost_se", "why"} <= item.keys()
        assert record["actions"][item["move"]][0] == 0  # a move of the seat reviewed
        assert item["mistake"] and item["why"]
    chances = [item["chance"] for item in items]
    assert chances == sorted(chances, reverse=True)


def test_a_save_is_reviewed_from_the_persons_seat(capsys):
    save = SAVES / "five_crowns-round2-mid-turn.json"
    assert main(["review", str(save), "--budget", "16", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Five Crowns, seat 0: ")
    assert "after 1 round" in out  # a game in play is compared where it stands


@pytest.mark.parametrize(("content", "message"), [
    (None, "could not be read"),
    ("{not json", "is damaged"),
    ('{"format": "cardtable-save", "format_version": 1}', "cannot be reviewed"),
    ('[1, 2]', "neither a cardtable saved game nor a game record"),
    ('{"game": "five_crowns", "actions": []}', "cannot be reviewed"),
    ('{"format_version": 3, "game": "five_crowns", "rules_version": "1", "options": {},'
     ' "seats": 2, "seed": 1, "actions": [[0, {"type": "Discard", "card": "KS.0"}]]}',
     "cannot be reviewed"),
])
def test_a_bad_file_is_one_line_and_exit_code_2(tmp_path, capsys, content, message):
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    assert main(["review", str(path), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("cardtable review: error: ")
    assert message in err


def test_a_seat_the_game_does_not_have_is_refused(record_file, capsys):
    assert main(["review", str(record_file), "--seat", "5", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "has seats 0 to 1, not 5" in err and err.count("\n") == 1


def test_bad_arguments_are_one_line(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["review", "x.json", "--top", "0"])
    assert exit_.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1
