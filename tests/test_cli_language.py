"""The ``cardtable`` command speaks the system's language: its own help and messages, and
argparse's words ("usage: ", "options", its errors) through the same catalogue. There is
no German catalogue yet, so a tiny one is written for the test."""

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable import cli, i18n
from cardtable.i18n import catalogues
from cardtable.i18n.argparse_words import speaking_argparse

GERMAN = {
    "usage: ": "Aufruf: ",
    "options": "Optionen",
    "show this help message and exit": "diese Hilfe zeigen und beenden",
    "%(prog)s: error: %(message)s\n": "%(prog)s: Fehler: %(message)s\n",
    "argument %(argument_name)s: %(message)s": "Argument %(argument_name)s: %(message)s",
    "the following arguments are required: %s": "diese Argumente fehlen: %s",
    "unrecognized arguments: %s": "unbekannte Argumente: %s",
    "expected one argument": "ein Argument erwartet",
    "{value} is not a whole number": "{value} ist keine ganze Zahl",
    "no progress bar": "kein Fortschrittsbalken",
    "A card table for rummy-family and shedding games against computer opponents. "
    "With no command, opens the table window.":
        "Ein Kartentisch für Rommé- und Ablegespiele gegen Computergegner. "
        "Ohne Befehl öffnet sich das Tischfenster.",
}


def _po(entries: dict[str, str]) -> str:
    def quoted(text: str) -> str:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'

    head = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
            '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n')
    return head + "".join(f"msgid {quoted(english)}\nmsgstr {quoted(german)}\n\n"
                          for english, german in entries.items())


@pytest.fixture
def german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The system asks for German, and a German catalogue is installed."""
    (tmp_path / "de.po").write_text(_po(GERMAN), encoding="utf-8")
    monkeypatch.setattr(catalogues, "_folder", lambda: tmp_path)
    monkeypatch.setenv("LANGUAGE", "de")
    catalogues.load.cache_clear()
    yield
    i18n.use("en")
    catalogues.load.cache_clear()


def test_help_is_in_the_system_language_argparse_words_included(german, capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["--help"])
    out = capsys.readouterr().out
    assert done.value.code == 0
    assert out.startswith("Aufruf: cardtable")
    assert "Optionen:" in out and "diese Hilfe zeigen und beenden" in out
    assert "Ein Kartentisch für Rommé- und Ablegespiele" in out
    assert "usage:" not in out and "show this help message" not in out


def test_a_subcommand_s_help_is_in_the_language_too(german, capsys):
    with pytest.raises(SystemExit):
        cli.main(["review", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("Aufruf: cardtable review")
    assert "kein Fortschrittsbalken" in out


@pytest.mark.parametrize("args,words", [
    (["--frobnicate"], "cardtable: Fehler: unbekannte Argumente: --frobnicate"),
    (["tournament", "--game", "palace"], "Fehler: diese Argumente fehlen: --bots"),
    (["review", "saved.json", "--top"], "Fehler: Argument --top: ein Argument erwartet"),
    (["review", "saved.json", "--top", "x"],
     "Fehler: Argument --top: 'x' ist keine ganze Zahl"),
])
def test_a_bad_argument_in_another_language_is_still_one_line_and_exit_2(german, capsys,
                                                                         args, words):
    with pytest.raises(SystemExit) as done:
        cli.main(args)
    err = capsys.readouterr().err
    assert done.value.code == 2
    assert words in err
    assert len(err.strip().splitlines()) == 1


def test_argparse_gets_its_own_words_back_after_the_command():
    before = (vars(argparse)["_"], vars(argparse)["ngettext"])
    with speaking_argparse():
        assert vars(argparse)["_"] is i18n._
    assert (vars(argparse)["_"], vars(argparse)["ngettext"]) == before


def test_python_m_cardtable_help_reads_language_from_the_environment():
    """The real command in a process of its own, LANGUAGE=de: its usage line is in the
    shipped German catalogue's words (English while there is none)."""
    env = {**os.environ, "LANGUAGE": "de", "LANG": "de_DE.UTF-8"}
    done = subprocess.run([sys.executable, "-m", "cardtable", "--help"], env=env,
                          capture_output=True, text=True, timeout=60)
    usage = catalogues.load("de").translations.gettext("usage: ")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(usage + "cardtable")
    assert "--self-test" in done.stdout
