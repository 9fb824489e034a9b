"""Drive the real app headless with synthetic mouse and keyboard events."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from cardtable.app.app import App

DT = 1 / 60


def frames(app: App, count: int = 1, dt: float = DT) -> None:
    for _ in range(count):
        app.frame(dt)


def until(app: App, condition: Callable[[], bool], limit: int = 20000) -> None:
    for _ in range(limit):
        if condition():
            return
        app.frame(DT)
    raise AssertionError("the app never reached the expected state")


def to_game_over(app: App) -> None:
    """With the person's seat on autoplay: run frames, closing every score sheet, until
    the game-over screen shows."""
    from cardtable.app.scenes.summary import GameOverScene

    def over() -> bool:
        top = app.stack.top
        if top is not None and hasattr(top, "next") and not isinstance(top, GameOverScene):
            top.next()
        return isinstance(app.stack.top, GameOverScene)

    until(app, over, limit=60000)


def post(kind: int, **attributes: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **attributes))


def click(app: App, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    frames(app, 2)


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    frames(app)
    for step in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * step // steps
        y = start[1] + (end[1] - start[1]) * step // steps
        post(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(1, 0, 0))
        frames(app)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    frames(app, 2)


def key(app: App, code: int, unicode: str = "", mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=code, unicode=unicode, mod=mod, scancode=0)
    post(pygame.KEYUP, key=code, unicode=unicode, mod=mod, scancode=0)
    frames(app, 2)


def button(app: App, label: str) -> tuple[int, int]:
    """The centre of the visible button whose label starts with ``label``."""
    scene = app.stack.top
    widgets = list(getattr(scene, "buttons", [])) + list(getattr(getattr(scene, "ring", None),
                                                                 "widgets", []))
    for widget in widgets:
        if getattr(widget, "label", "").startswith(label):
            return widget.rect.center
    raise AssertionError(f"no button {label!r} on {type(scene).__name__}")


def autopilot(app: App, stop: Callable[[], bool], limit: int = 50000) -> None:
    """Play the person's turns with the normal bot (through the session) and close round
    summaries, until ``stop()`` holds at a moment the person is to move."""
    from cardtable.ai import make_bot
    from cardtable.ai.seats import ask
    from cardtable.app.scenes.summary import SummaryScene

    bot = make_bot("normal")
    for _ in range(limit):
        session = app.session
        if isinstance(app.stack.top, SummaryScene):
            app.stack.top.next()
        elif session is not None and session.human_to_move and not app.table.animator.busy \
                and not session.shown:
            if stop():
                return
            session.play(ask(bot, session.game, session.human, session.bot_secret))
        app.frame(DT)
    raise AssertionError("the autopilot never reached the expected state")
