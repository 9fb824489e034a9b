"""Copy the deal code (issue 37): Ctrl+C at the table and on the screens that show the
code, and a Copy button in the pause menu and on game over, put the code on the
clipboard and say so; where the clipboard cannot be used, the player is told, with the
code to write down."""

from __future__ import annotations

import pygame
import pytest

from cardtable.app.scenes.pause import PauseScene
from cardtable.app.scenes.summary import GameOverScene
from ui import button, click, frames, key, to_game_over

CTRL = pygame.KMOD_LCTRL


def _clipboard() -> str:
    return pygame.scrap.get_text() or ""


def _broken(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(text: str) -> None:
        raise pygame.error("No clipboard on this display")

    monkeypatch.setattr(pygame.scrap, "put_text", refuse)


@pytest.mark.parametrize("game_id", ["five_crowns", "palace"])
def test_ctrl_c_at_the_table_copies_the_deal_code_and_says_so(make_app, game_id):
    app = make_app()
    app.new_game(game_id, 2, "normal", 12)
    frames(app, 3)
    code = app.session.deal_code
    assert code
    pygame.scrap.put_text("something else")
    groups = [list(g) for g in getattr(app.table, "groups", [])]
    key(app, pygame.K_c, mod=CTRL)
    assert _clipboard() == code
    assert app.table.message is not None and app.table.message.text == \
        f"Deal code {code} copied."
    assert [list(g) for g in getattr(app.table, "groups", [])] == groups  # not "clear"


def test_the_pause_menu_has_a_copy_button(make_app):
    app = make_app()
    app.new_game("five_crowns", 1, "normal", 3)
    frames(app, 3)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    pygame.scrap.put_text("something else")
    click(app, button(app, "Copy deal code"))
    code = app.session.deal_code
    assert _clipboard() == code
    assert app.stack.top.said == (f"Deal code {code} copied.", True)


def test_the_copy_button_and_what_it_said_are_in_the_screens_models(make_app):
    app = make_app()
    from cardtable.engine.options import FiveCrownsOptions

    app.new_game("five_crowns", 1, "normal", 3, autoplay="normal",
                 options=FiveCrownsOptions(rounds=1))
    frames(app, 3)
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    copy = pause.model().get("button/copy-deal-code")
    assert copy is not None and copy.name == "Copy deal code" and copy.takes_focus
    click(app, button(app, "Copy deal code"))
    code = app.session.deal_code
    said = pause.model().get("text/deal")
    assert said is not None and said.name == f"Deal code {code} copied."
    key(app, pygame.K_ESCAPE)                              # back to the table
    to_game_over(app)
    over = app.stack.top
    assert isinstance(over, GameOverScene)
    copy = over.model().get("button/copy-deal-code")
    assert copy is not None and copy.name == "Copy deal code"
    key(app, pygame.K_c, mod=CTRL)
    said = over.model().get("text/deal")
    assert said is not None and said.name == f"Deal code {code} copied."


def test_game_over_copies_with_a_button_and_ctrl_c(make_app):
    app = make_app()
    from cardtable.engine.options import FiveCrownsOptions

    app.new_game("five_crowns", 1, "normal", 3, autoplay="normal",
                 options=FiveCrownsOptions(rounds=1))
    to_game_over(app)
    over = app.stack.top
    assert isinstance(over, GameOverScene)
    code = app.session.deal_code
    pygame.scrap.put_text("something else")
    click(app, button(app, "Copy deal code"))
    assert _clipboard() == code and over.said == (f"Deal code {code} copied.", True)
    pygame.scrap.put_text("something else")
    key(app, pygame.K_c, mod=CTRL)
    assert _clipboard() == code


def test_a_clipboard_that_cannot_be_used_is_said_with_the_code(make_app, monkeypatch):
    app = make_app()
    app.new_game("five_crowns", 1, "normal", 3)
    frames(app, 3)
    _broken(monkeypatch)
    key(app, pygame.K_c, mod=CTRL)
    code = app.session.deal_code
    text = app.table.message.text
    assert "copied." not in text and "could not be copied" in text and code in text
    assert not app.table.message.good
