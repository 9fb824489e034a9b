"""One plug-in point per layer: every game registers its rules (engine), its strategy
(AI) and its table (app), and nothing else in the code names a game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardtable.ai import make_bot
from cardtable.ai.strategies import has_strategy
from cardtable.app.session import default_seats
from cardtable.app.tables import playable, table_for
from cardtable.engine import Game, catalog, variants

ROOT = Path(__file__).resolve().parents[1] / "cardtable"
GAME_IDS = [variant.id for variant in variants()]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_registered_game_has_rules_a_strategy_and_a_table(game_id, make_app):
    variant = next(v for v in variants() if v.id == game_id)
    assert variant.title and variant.seat_counts and variant.options_type
    assert any(info.id == game_id for info in catalog())
    assert has_strategy(game_id) and make_bot("normal").supports(game_id)
    assert playable(game_id)
    entry = table_for(game_id)
    assert entry.game_id == game_id
    app = make_app()
    game, events = Game.new(game_id, variant.seat_counts.start, 3)
    app.start_session(game, default_seats(variant.seat_counts.start - 1, "normal"),
                      start_events=events)
    app.frame()
    assert app.stack.top is app.table  # the registered scene opened
    assert (ROOT / "app" / "rules" / f"{game_id}.txt").exists()  # and its rules page


def game_module_names() -> set[str]:
    """The names a game's own modules carry: its engine module's (``shanghai`` for both
    Shanghai games, whose ``shanghai_rules``, ``shanghai_bot`` and ``table_shanghai``
    are theirs too), found from the registry, so a new game needs no entry here."""
    return {variant.__module__.rpartition(".")[2] for variant in variants()}


def test_only_a_games_own_modules_name_it():
    """No central `if game == ...` lists: a game id appears only in the modules of that
    game (its engine, AI and table modules), never in shared code."""
    pattern = re.compile("|".join(f'"{re.escape(game_id)}"' for game_id in GAME_IDS))
    shared = []
    for path in ROOT.rglob("*.py"):
        if not pattern.search(path.read_text()):
            continue
        name = path.stem
        own = any(part in name for part in game_module_names())
        if not own:
            shared.append(str(path.relative_to(ROOT)))
    assert shared == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_drawing_never_changes_the_scene(game_id, make_app):
    """The app may skip a draw (nothing changed), so drawing must not be where state
    moves: every attribute of the table scene is the same object before and after."""
    variant = next(v for v in variants() if v.id == game_id)
    seats = max(3, variant.seat_counts.start)
    app = make_app()
    game, events = Game.new(game_id, seats, 8)
    app.start_session(game, default_seats(seats - 1, "normal"), start_events=events,
                      autoplay="normal")
    for _ in range(240):
        app.frame()
        table = app.table
        before = dict(vars(table))
        table.draw(app.screen)
        after = vars(table)
        changed = [name for name in before if after.get(name) is not before[name]]
        assert not changed, f"drawing changed {changed}"
