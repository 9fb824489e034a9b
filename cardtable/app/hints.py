"""Hints and "why?" off the drawing thread.

A hint is the Normal player's move for the person, and why; "why?" is the reason for an
AI seat's last move. Both are searches (an arrangement, a contract, a mission): each
runs on a thread of its own, and the table polls for the answer each frame, so asking
never stalls the window.
"""

from __future__ import annotations

import random
import re
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from ..ai.explain import explain, hint
from ..engine import Action, GameView

R = TypeVar("R")


class Job(Generic[R]):
    """One answer being worked out: ``result`` once ``done`` (``None`` if it failed)."""

    def __init__(self, view: GameView, work: Callable[[], R]) -> None:
        self.view = view
        """The view it answers for: an answer for a table that moved on is dropped."""
        self.result: R | None = None
        self.error: str | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(work,),
                                        name="cardtable-hint", daemon=True)
        self._thread.start()

    def _run(self, work: Callable[[], R]) -> None:
        try:
            self.result = work()
        except Exception as error:  # noqa: BLE001  a hint must never stop the game
            self.error = f"{type(error).__name__}: {error}"
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float = 5.0) -> bool:
        return self._done.wait(timeout)


def hint_job(view: GameView, seed: int) -> Job[tuple[Action, str]]:
    """(move, reason) for the person's view."""
    return Job(view, lambda: hint(view, random.Random(seed)))


def why_job(table_view: GameView, seen: GameView, action: Action) -> Job[str]:
    """The reason for a move an AI seat made from the view it had (``seen``), told
    about that seat ("its books", not "your books")."""
    return Job(table_view, lambda: about_them(explain(seen, action)))


def about_them(reason: str) -> str:
    """An explanation written to the person, turned to speak of another player."""
    words = {"your": "its", "Your": "Its", "you": "it", "You": "It"}
    return re.sub(r"\b(your|Your|you|You)\b", lambda m: words[m.group(1)], reason)
