"""One input grammar: each key and modifier means one command in ``input_grammar.KEYS``,
every key a scene reads is in that table, the tables read every key through it (H,
O, Ctrl+Z, Ctrl+C and Esc too), and the README's controls table says what it says."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pygame

from cardtable.app import input_grammar
from cardtable.app.input_grammar import KEYS, MEANINGS, Command, command_for, labels
from ui import until

ROOT = Path(__file__).resolve().parents[1]
SCENES = ROOT / "cardtable" / "app" / "scenes"


def test_each_key_and_modifiers_mean_one_command():
    seen: dict[tuple[int, bool, bool], Command] = {}
    for binding in KEYS:
        where = (binding.key, binding.shift, binding.ctrl)
        assert where not in seen or seen[where] is binding.command, binding.label
        seen[where] = binding.command
    assert command_for(pygame.K_y) == (Command.YES, 0)
    assert command_for(pygame.K_1) == (Command.CHOOSE, 0)
    assert command_for(pygame.K_c) == (Command.CLEAR, 0)
    assert command_for(pygame.K_c, pygame.KMOD_CTRL) == (Command.COPY, 0)


def test_every_command_is_worded_for_a_person():
    assert set(MEANINGS) == set(Command)


def keys_read_by(path: Path) -> set[str]:
    """The ``pygame.K_...`` names a module reads."""
    tree = ast.parse(path.read_text())
    return {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name) and node.value.id == "pygame"
            and node.attr.startswith("K_")}


def test_every_key_a_scene_reads_is_in_the_grammar():
    bound = {binding.key for binding in KEYS}
    for path in sorted(SCENES.glob("*.py")):
        for name in keys_read_by(path):
            assert getattr(pygame, name) in bound, f"{path.name}: {name} is not in KEYS"


def test_the_tables_read_every_key_through_the_grammar(make_app, monkeypatch):
    from cardtable.app.scenes import table_core

    app = make_app()
    app.new_game("five_crowns", 1, "normal", 3)
    until(app, lambda: app.table is not None and app.table._my_turn())
    asked: list[int] = []

    def spy(code: int, mod: int = 0) -> tuple[Command, int] | None:
        asked.append(code)
        return input_grammar.command_for(code, mod)

    monkeypatch.setattr(table_core, "command_for", spy)
    table = app.table
    for code, mod in ((pygame.K_h, 0), (pygame.K_o, 0), (pygame.K_z, pygame.KMOD_CTRL),
                      (pygame.K_c, pygame.KMOD_CTRL), (pygame.K_ESCAPE, 0)):
        table.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="",
                                        scancode=0))
        assert code in asked, pygame.key.name(code)


def test_h_is_a_hint_everywhere_and_e_shows_every_hand_in_the_replay():
    assert command_for(pygame.K_h) == (Command.HINT, 0)
    assert command_for(pygame.K_e) == (Command.EVERY_HAND, 0)
    source = (SCENES / "replay.py").read_text()
    assert "K_h" not in source and "Command.EVERY_HAND: self.toggle" in source


def test_the_readme_controls_table_matches_the_grammar():
    readme = ROOT.joinpath("README.md").read_text()
    row = next(line for line in readme.splitlines() if line.startswith("| May I, buy"))
    for command in (Command.YES, Command.NO):
        for label in labels(command):
            assert f"`{label}`" in row, label
    assert re.search(r"`Y`.*`1`.*call|take", row) and re.search(r"`N`.*`2`", row)
    for command in (Command.DRAW, Command.TAKE, Command.ARRANGE, Command.GO_DOWN,
                    Command.TAKE_BACK, Command.NEXT_GOAL, Command.HINT, Command.UNDO,
                    Command.COPY, Command.EVERY_HAND, Command.NEXT_ROUND):
        assert any(f"`{label}`" in readme for label in labels(command)), command
