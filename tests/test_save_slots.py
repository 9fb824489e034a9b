"""Save slots: one game in progress per game, so starting Palace does not throw away a
Five Crowns game; Continue lists each; New game asks before replacing the same game's
slot; the single autosave of earlier versions moves into its game's slot."""

from __future__ import annotations

import shutil
from pathlib import Path

from cardtable.app.scenes.common import ConfirmScene
from cardtable.app.scenes.menu import MenuScene
from cardtable.app.scenes.setup import SetupScene
from ui import button, click, frames

SAVES = Path(__file__).resolve().parents[1] / "saves"


def labels(app) -> list[str]:  # type: ignore[no-untyped-def]
    return [w.label for w in app.stack.top.ring.widgets]


def test_each_game_keeps_its_own_game_in_progress(make_app, home):
    app = make_app()
    app.new_game("five_crowns", 1, "normal", 3)
    frames(app, 3)
    app.to_menu()
    app.new_game("palace", 1, "normal", 4)
    frames(app, 3)
    app.to_menu()
    frames(app, 2)
    data = home / "data"
    assert (data / "autosave-five_crowns.json").exists()
    assert (data / "autosave-palace.json").exists()
    continues = [label for label in labels(app) if label.startswith("Continue")]
    assert len(continues) == 2
    assert "Palace" in continues[0] and "Five Crowns" in continues[1]  # newest first
    click(app, button(app, "Continue: Five Crowns"))
    assert app.session.game.game_id == "five_crowns" and app.session.game.seed == 3


def test_slots_survive_a_restart_and_each_resumes(make_app, home):
    app = make_app()
    app.new_game("five_crowns", 1, "normal", 3)
    frames(app, 3)
    app.to_menu()
    app.new_game("monastery", 2, "normal", 5)
    frames(app, 3)
    app.shutdown()
    again = make_app()
    frames(again, 2)
    continues = [label for label in labels(again) if label.startswith("Continue")]
    assert len(continues) == 2
    assert again.resume("monastery") and again.session.game.seed == 5
    again.to_menu()
    assert again.resume("five_crowns") and again.session.game.seed == 3


def test_new_game_asks_only_before_replacing_the_same_games_save(make_app, home):
    app = make_app()
    app.new_game("five_crowns", 1, "normal", 3)
    frames(app, 3)
    app.to_menu()
    frames(app, 2)
    click(app, button(app, "New game"))
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    setup.pick("palace")
    click(app, button(app, "Start"))          # no Palace game to lose: deals at once
    assert app.session.game.game_id == "palace"
    app.to_menu()
    frames(app, 2)
    click(app, button(app, "New game"))
    app.stack.top.pick("five_crowns")
    click(app, button(app, "Start"))
    assert isinstance(app.stack.top, ConfirmScene)
    assert "Five Crowns game in progress" in app.stack.top.question
    click(app, button(app, "Keep my game"))
    assert isinstance(app.stack.top, SetupScene)


def test_the_single_autosave_of_earlier_versions_moves_into_its_games_slot(make_app, home):
    data = home / "data"
    data.mkdir(parents=True)
    example = next(p for p in sorted(SAVES.glob("*.json")) if "five_crowns" in p.name
                   or "five-crowns" in p.name)
    shutil.copyfile(example, data / "autosave.json")
    app = make_app()
    frames(app, 2)
    assert isinstance(app.stack.top, MenuScene)
    assert not (data / "autosave.json").exists()
    assert (data / "autosave-five_crowns.json").read_bytes() == example.read_bytes()
    assert any(label.startswith("Continue: Five Crowns") for label in labels(app))
