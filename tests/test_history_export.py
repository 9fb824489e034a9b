"""``cardtable history`` names each game by its id, and ``cardtable history --export ID
FILE`` writes that game's record (what ``History.record`` holds) for ``cardtable
review``; a bad id or file is one line on stderr and exit code 2."""

from __future__ import annotations

import json

import pytest

from cardtable.cli import main

RECORD = {"game": "palace", "seats": 2, "seed": 4, "actions": [{"type": "TakeStack"}]}


def _history_with(keys: list[str]) -> None:
    from cardtable.app.history_db import GameRow, open_history
    from cardtable.app.paths import data_dir

    history, _ = open_history(data_dir() / "history.sqlite3")
    assert history is not None
    for number, key in enumerate(keys):
        history.add(GameRow(key=key, game_id="palace", deal_code=None, seats=2, seed=4,
                            options={}, level="normal", human=0,
                            started=1_000_000.0 + number, ended=None, status="abandoned",
                            rounds=0, standings=[], scores=None, won=None, place=None,
                            record=RECORD))
    history.close()


def test_history_lists_each_games_id(capsys, home):
    _history_with(["0123456789abcdef", "fedcba9876543210"])
    assert main(["history"]) == 0
    listed = capsys.readouterr().out
    assert "01234567" in listed and "fedcba98" in listed
    assert listed.splitlines()[0].split()[0] == "id"


def test_export_writes_the_games_record_as_the_history_holds_it(capsys, home, tmp_path):
    _history_with(["0123456789abcdef", "fedcba9876543210"])
    target = tmp_path / "game.json"
    assert main(["history", "--export", "01234567", str(target)]) == 0
    assert json.loads(target.read_text(encoding="utf-8")) == RECORD
    assert str(target) in capsys.readouterr().out
    assert main(["history", "--export", "0123456789abcdef", str(target)]) == 0


@pytest.mark.parametrize("game_id, problem", [("99999999", "no game"),
                                              ("", "no game")])
def test_export_of_an_unknown_id_is_one_line_and_exit_code_2(capsys, home, tmp_path,
                                                             game_id, problem):
    _history_with(["0123456789abcdef"])
    target = tmp_path / "game.json"
    assert main(["history", "--export", game_id, str(target)]) == 2
    err = capsys.readouterr().err
    assert problem in err and len(err.strip().splitlines()) == 1
    assert not target.exists()


def test_export_of_a_prefix_two_games_share_is_one_line_and_exit_code_2(capsys, home,
                                                                       tmp_path):
    _history_with(["abc1111111", "abc2222222"])
    assert main(["history", "--export", "abc", str(tmp_path / "x.json")]) == 2
    err = capsys.readouterr().err
    assert "2 games" in err and len(err.strip().splitlines()) == 1


def test_export_to_a_file_that_cannot_be_written_is_one_line_and_exit_code_2(
        capsys, home, tmp_path):
    _history_with(["0123456789abcdef"])
    folder = tmp_path / "a-folder"
    folder.mkdir()
    assert main(["history", "--export", "01234567", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardtable history: error:") and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_export_without_a_history_is_one_line_and_exit_code_2(capsys, home, tmp_path):
    assert main(["history", "--export", "01234567", str(tmp_path / "x.json")]) == 2
    err = capsys.readouterr().err
    assert "no game" in err and len(err.strip().splitlines()) == 1
