"""One of a thing is said in the singular in the shell (issue 37: "1 buys left", "1 cards
left"): game over's scores, the buy question, Games played's moves."""

from __future__ import annotations

import dataclasses

import pygame

from cardtable.app import theme
from cardtable.app.scenes.summary import GameOverScene
from cardtable.engine.options import FiveCrownsOptions
from ui import to_game_over


def test_game_over_says_1_point_not_1_points(make_app, monkeypatch):
    app = make_app()
    app.new_game("five_crowns", 1, "normal", 3, autoplay="normal",
                 options=FiveCrownsOptions(rounds=1))
    to_game_over(app)
    over = app.stack.top
    assert isinstance(over, GameOverScene)
    over.outcome = dataclasses.replace(over.outcome, scores=(1, 2))
    drawn: list[str] = []
    blit = theme.blit_text

    def text(surface, content, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(content)
        return blit(surface, content, *args, **kwargs)

    monkeypatch.setattr(theme, "blit_text", text)
    over.draw(pygame.display.get_surface())
    assert "1 point" in drawn and "2 points" in drawn and "1 points" not in drawn


def test_the_buy_question_says_1_buy_left():
    from cardtable.app.tables import table_for
    from cardtable.engine import Game

    game, _ = Game.new("shanghai_buy", 3, 5)
    desc = table_for("shanghai_buy").own
    for _ in range(400):
        seat = game.awaiting()[0]
        view = game.observe(1)
        if view.phase.name == "CALLS" and 1 in view.awaiting:
            view = dataclasses.replace(view, calls_used=tuple(
                view.calls_allowed - 1 if s == 1 else used
                for s, used in enumerate(view.calls_used)))
            asked = desc.calls(view, ["West", "You", "North"], 1)
            assert asked is not None
            assert "(1 buy left)" in asked[0], asked[0]
            return
        game.apply(seat, game.variant.legal_actions(game.state, seat)[0])
    raise AssertionError("no buy was offered")
