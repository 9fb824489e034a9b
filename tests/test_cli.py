"""The ``cardtable`` command: simulate prints a table and exits 0; bad input: one line, 2."""

import subprocess
import sys

import pytest

from cardtable.cli import main


def test_simulate_prints_a_table_of_bots_and_throughput(capsys):
    code = main(["simulate", "--game", "five_crowns", "--seats", "3", "--games", "3",
                 "--seed", "4", "--bots", "normal,random"])
    out = capsys.readouterr().out
    assert code == 0
    assert "3 games of five_crowns, 3 seats" in out
    assert "normal" in out and "random" in out and "games/s" in out
    assert "bot seed " in out


def test_the_same_bot_seed_plays_the_same_games_and_prints_it(capsys):
    runs = []
    for _ in range(2):
        assert main(["simulate", "--game", "palace", "--seats", "2", "--games", "2",
                     "--bots", "easy", "--bot-seed", "77", "--quiet"]) == 0
        out = capsys.readouterr().out
        runs.append([line for line in out.splitlines() if "actions in" not in line])
    assert runs[0] == runs[1]
    assert "--bot-seed 77" in runs[0][-1]


@pytest.mark.parametrize("args,message", [
    (["--game", "chess", "--seats", "2"], "unknown game 'chess'"),
    (["--game", "five_crowns", "--seats", "8"], "played by 2 to 7 players, not 8"),
    (["--game", "five_crowns", "--seats", "1"], "played by 2 to 7 players, not 1"),
    (["--game", "five_crowns", "--seats", "3", "--bots", "normal,wizard"],
     "unknown bot 'wizard'"),
    (["--game", "five_crowns", "--seats", "three"], "'three' is not a whole number"),
    (["--game", "five_crowns", "--seats", "3", "--games", "0"], "must be at least 1"),
    (["--game", "five_crowns", "--seats", "2", "--bots", "hard:lots"],
     "hard:N needs a whole number of playouts"),
    (["--game", "five_crowns", "--seats", "2", "--bot-seed", "x"], "not a whole number"),
])
def test_bad_arguments_give_one_line_and_exit_code_2(capsys, args, message):
    with pytest.raises(SystemExit) as exit_info:
        code = main(["simulate", *args])
        raise SystemExit(code)
    err = capsys.readouterr().err
    assert exit_info.value.code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_the_console_script_and_module_run_alike():
    for command in (["cardtable", "--version"], [sys.executable, "-m", "cardtable",
                                                 "--version"]):
        done = subprocess.run(command, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0 and done.stdout.startswith("cardtable ")


def test_unknown_command_is_one_line_and_exit_code_2():
    done = subprocess.run([sys.executable, "-m", "cardtable", "dance"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1


def test_self_test_opens_the_window_deals_and_quits_without_touching_saves(capsys, tmp_path,
                                                                           monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    assert main(["--self-test"]) == 0
    assert "self-test ok: menu in" in capsys.readouterr().out
    assert not list(tmp_path.rglob("*.json"))  # it played in a folder of its own


def test_the_appstream_metadata_names_no_address_the_project_does_not_publish():
    """A software centre fetches every address in the metainfo (``appstreamcli validate``
    without --no-net fails on one that does not answer): a homepage or screenshot must be
    an address the project publishes, named in pyproject.toml's [project.urls], never a
    placeholder."""
    import re
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    published = set(tomllib.loads((root / "pyproject.toml").read_text())["project"]
                     .get("urls", {}).values())
    metainfo = (root / "packaging" / "linux" /
                "io.github.cardtable.CardTable.metainfo.xml").read_text()
    named = set(re.findall(r"https?://[^<\s\"]+", metainfo))
    unpublished = {url for url in named if not any(url.startswith(home) for home in published)}
    assert unpublished == set()


def test_the_desktop_entry_and_appstream_metadata_validate():
    import shutil
    from pathlib import Path

    linux = Path(__file__).resolve().parents[1] / "packaging" / "linux"
    checks = [("appstreamcli", ["validate", "--no-net",
                                str(linux / "io.github.cardtable.CardTable.metainfo.xml")]),
              ("desktop-file-validate", [str(linux / "io.github.cardtable.CardTable.desktop")])]
    ran = 0
    for tool, args in checks:
        if shutil.which(tool) is None:
            continue
        done = subprocess.run([tool, *args], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stdout + done.stderr
        ran += 1
    for size in (16, 32, 48, 64, 128, 256):
        assert (linux / "icons" / f"{size}x{size}" / "cardtable.png").exists()
    if not ran:
        pytest.skip("appstreamcli and desktop-file-validate are not installed here")


@pytest.mark.parametrize("command,args,message", [
    ("simulate", ["--game", "palace", "--seats", "2", "--seed", "1234567890123456789"],
     "deal numbers go from 0 to 1,099,511,627,775"),
    ("simulate", ["--game", "palace", "--seats", "2", "--seed", "-5"], "not -5"),
    ("simulate", ["--game", "palace", "--seats", "2", "--seed", "1099511627775",
                  "--games", "2"], "run past the last deal number"),
    ("tournament", ["--game", "palace", "--bots", "normal,random", "--seed", "10" * 15],
     "deal numbers go from 0 to 1,099,511,627,775"),
    ("tournament", ["--game", "palace", "--bots", "normal,random", "--seed",
                    "1099511627770", "--games", "7"], "run past the last deal number"),
    ("simulate", ["--deal", "SB-3-7Q2K9-B9999995"], "extra cards with a buy must be from 0 to 4"),
])
def test_a_deal_number_or_rules_out_of_range_give_one_line_and_exit_code_2(
        capsys, command, args, message):
    with pytest.raises(SystemExit) as exit_info:
        raise SystemExit(main([command, *args, "--quiet"]))
    err = capsys.readouterr().err
    assert exit_info.value.code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_simulate_a_deal_code_plays_that_deal_even_the_last_deal_number(capsys):
    """`simulate --deal CODE` plays the code's deal (README: "plays it headless"), so the
    last deal number a code can hold plays; more games run on from it and are refused
    by naming --deal, the flag the person gave, not a --seed he did not."""
    from cardtable.cli import main
    from cardtable.engine.deal_code import encode
    from cardtable.engine.rng import MAX_SEED

    code = encode("palace", 2, MAX_SEED)
    assert main(["simulate", "--deal", code, "--quiet", "--bot-seed", "1"]) == 0
    assert capsys.readouterr().out.startswith("1 game of palace, 2 seats")
    assert main(["simulate", "--deal", code, "--games", "3", "--quiet"]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"cardtable simulate: error: --deal {code}") and "--seed" not in error
    assert main(["simulate", "--deal", code, "--seed", "4", "--quiet"]) == 2
    assert "leave out --game, --seats and --seed" in capsys.readouterr().err


@pytest.mark.parametrize("last", ["100000000000000000000000000000", "100001"])
def test_history_last_is_bounded_with_one_line_and_exit_code_2(capsys, home, last):
    """A --last past any history was passed to SQLite and blamed the file ("your game
    history could not be read (datatype mismatch)", exit 1)."""
    from cardtable.app.history_db import open_history
    from cardtable.app.paths import data_dir

    history, _ = open_history(data_dir() / "history.sqlite3")
    assert history is not None
    history.close()
    with pytest.raises(SystemExit) as exit_info:
        raise SystemExit(main(["history", "--last", last]))
    err = capsys.readouterr().err
    assert exit_info.value.code == 2
    assert "at most 100,000" in err and "could not be read" not in err
    assert len(err.strip().splitlines()) == 1


def test_the_help_says_history_lists_the_newest_game_first(capsys, home):
    """It said "newest last"; the list is the newest first."""
    from cardtable.app.history_db import GameRow, open_history
    from cardtable.app.paths import data_dir

    history, _ = open_history(data_dir() / "history.sqlite3")
    assert history is not None
    for key, seed, started in (("old", 3, 1_000_000.0), ("new", 4, 2_000_000.0)):
        history.add(GameRow(key=key, game_id="palace", deal_code=f"deal-{seed}", seats=2,
                            seed=seed, options={}, level="normal", human=0,
                            started=started, ended=None, status="abandoned", rounds=0,
                            standings=[], scores=None, won=None, place=None, record={}))
    history.close()
    assert main(["history"]) == 0
    listed = capsys.readouterr().out
    assert listed.index("deal-4") < listed.index("deal-3")
    with pytest.raises(SystemExit):
        main(["--help"])
    helped = " ".join(capsys.readouterr().out.split())
    assert "newest first" in helped and "newest last" not in helped
