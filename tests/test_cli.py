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
