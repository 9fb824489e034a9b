"""Registering a game for one test, and taking it away after.

A game registers itself when its modules are imported (its rules, its serializable
data, its strategy, its explainer and level lines), and the app never unregisters one.
A test that adds a game for a while swaps each registry for a copy (pytest's
``monkeypatch`` puts the originals back after the test) and imports the game's modules
afresh into the copies, exactly as ``import_all`` imports a real game's. The copies are
shallow but for the strategies' per-level tables and the per-game level lines, which
registering writes into. The tables registry is loaded first (its ``table_*`` modules
are imported once, on first use): loaded into a copy, the real tables would be lost
with it.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterable
from types import ModuleType

import pytest

from cardtable.ai import explain, strategies
from cardtable.app import tables
from cardtable.engine import codec, variant


def register_game(monkeypatch: pytest.MonkeyPatch, modules: Iterable[str]) -> list[ModuleType]:
    """Import ``modules`` afresh with every registry swapped for a copy (so the game
    is registered until the test ends); the modules, in order."""
    monkeypatch.setattr(variant, "_VARIANTS", dict(variant._VARIANTS))
    monkeypatch.setattr(codec, "_REGISTRY", dict(codec._REGISTRY))
    monkeypatch.setattr(strategies, "_FACTORIES",
                        {level: dict(table) for level, table in strategies._FACTORIES.items()})
    monkeypatch.setattr(strategies, "_SCORERS", dict(strategies._SCORERS))
    monkeypatch.setattr(strategies, "_LEVEL_LINES",
                        {game: dict(lines) for game, lines in strategies._LEVEL_LINES.items()})
    monkeypatch.setattr(explain, "_EXPLAINERS", dict(explain._EXPLAINERS))
    tables._load()
    monkeypatch.setattr(tables, "_TABLES", dict(tables._TABLES))
    names = list(modules)
    for name in names:  # left in sys.modules after, unregistered: the next import is fresh
        sys.modules.pop(name, None)
    return [importlib.import_module(name) for name in names]
