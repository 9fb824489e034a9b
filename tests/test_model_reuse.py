"""The table's screen model is built once per change of what it shows, then read by the
drawing, the mouse and the keys alike: a frame that changes nothing builds nothing."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest

from cardtable.app import palace_model, rummy_model
from cardtable.app.session import default_seats
from cardtable.engine import Game
from ui import until


def counting(monkeypatch: pytest.MonkeyPatch, module: ModuleType) -> list[int]:
    """Count calls of ``module.build`` from now on."""
    builds: list[int] = []
    real: Callable[..., object] = module.build

    def build(*args: object) -> object:
        builds.append(1)
        return real(*args)

    monkeypatch.setattr(module, "build", build)
    return builds


@pytest.mark.parametrize(("game_id", "seats", "module"), [
    ("palace", 4, palace_model), ("shanghai_may_i", 8, rummy_model),
    ("five_crowns", 3, rummy_model)])
def test_a_table_builds_its_model_once_while_nothing_changes(make_app, monkeypatch,
                                                             game_id, seats, module):
    app = make_app()
    game, _ = Game.new(game_id, seats, 3)
    app.start_session(game, default_seats(seats - 1, "normal"))
    app.session.call_seconds = 0.0
    until(app, lambda: app.session.human_to_move and not app.table.animator.busy)
    app.table.model()
    builds = counting(monkeypatch, module)
    for _ in range(3):
        app.draw()  # the drawing, then the mouse, then the keys read the model
        app.table.model().at((5, 5))
        app.table.model().focus_order()
    assert builds == []
    before = app.table.model()
    app.table.layout((1024, 640))  # a change: the next reader gets a new model, once
    assert app.table.model() is not before and app.table.model() is app.table.model()
    assert builds == [1]
