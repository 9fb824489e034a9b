"""The README's speech-keys table says what the app does: one row for each status key in
``status_words.STATUS_KEYS`` asking what that key's ``Status`` asks, and rows for the
keys the app answers for speech on every screen (``F2``, ``[`` and ``]``), and no key
besides. A player who cannot see the screen learns the keys from it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pygame

from cardtable.app.status_words import KEY_NAMES, STATUS_KEYS

ROOT = Path(__file__).resolve().parents[1]
SECTION = "## Playing by ear"
SPEECH_KEYS = {pygame.K_F2: "F2", pygame.K_LEFTBRACKET: "[", pygame.K_RIGHTBRACKET: "]"}
"""The speech keys that are not status keys, as the README writes them."""


def speech_table() -> list[list[str]]:
    """The rows (cells stripped) of the first table in the README's speech section."""
    lines = ROOT.joinpath("README.md").read_text().splitlines()
    start = next(number for number, line in enumerate(lines) if line.startswith(SECTION))
    rows: list[list[str]] = []
    for line in lines[start + 1:]:
        if line.startswith("## ") or (rows and not line.startswith("|")):
            break
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    assert len(rows) > 2, "no keys table under " + SECTION
    return rows[2:]  # past the header and its rule


def keys_in(cell: str) -> list[str]:
    """The keys a cell names, each written in backticks."""
    return re.findall(r"`([^`]+)`", cell)


def status_label(key: int, shift: bool) -> str:
    return ("Shift+" if shift else "") + KEY_NAMES[key]


def test_the_readme_lists_every_speech_key_and_no_other():
    documented = [key for row in speech_table() for key in keys_in(row[0])]
    expected = [status_label(key, shift) for key, shift in STATUS_KEYS] \
        + list(SPEECH_KEYS.values())
    assert len(documented) == len(set(documented)), documented
    assert set(documented) == set(expected)


def test_each_status_key_s_row_asks_what_the_key_answers():
    asks = {keys_in(row[0])[0]: row[1] for row in speech_table() if len(keys_in(row[0])) == 1}
    for (key, shift), status in STATUS_KEYS.items():
        assert asks.get(status_label(key, shift)) == status.value, (key, shift)


def test_the_app_answers_f2_and_the_brackets_on_every_screen():
    """The keys besides the status keys are the ones ``App`` reads before any scene."""
    tree = ast.parse(ROOT.joinpath("cardtable", "app", "app.py").read_text())
    read = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name) and node.value.id == "pygame"
            and node.attr.startswith("K_")}
    for key in SPEECH_KEYS:
        assert any(getattr(pygame, name) == key for name in read), SPEECH_KEYS[key]
