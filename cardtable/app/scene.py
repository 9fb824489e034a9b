"""Scenes and the scene stack: menu, setup, table, summaries and overlays.

Scene changes are deferred to the start of the next frame, so a scene can ask to be
replaced from inside its own event handler without pulling the floor from under itself.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

import pygame

from .model import Element, ScreenModel
from .status_words import Status

if TYPE_CHECKING:
    from .app import App


class Scene:
    """One screen. ``overlay`` scenes are drawn over the scene beneath them."""

    overlay = False

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """The scene became the top of the stack (again)."""

    def layout(self, size: tuple[int, int]) -> None:
        """Recompute positions for a window of this size."""

    def handle(self, event: pygame.event.Event) -> None:
        """One input event (only the top scene gets them)."""

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene. Never changes the scene: the app may skip it."""

    def model(self) -> ScreenModel:
        """The screen as elements: what is on it, named, placed and reachable (see
        ``model``). Every screen describes itself; one that does not is refused here, so
        the screen matrix shows it as a failure rather than passing it unseen."""
        raise NotImplementedError(f"{type(self).__name__} does not describe itself "
                                  "(no model())")

    # --- what speech says of the screen (``narrator``) -------------------------------------

    def spoken_title(self) -> str:
        """The screen's name, said when it comes up ("New game", "Five Crowns table")."""
        return ""

    def spoken_focus(self) -> Sequence[Element]:
        """The elements that have the keys' focus (a table has two: the place chosen
        with Tab or the arrows, and the card under the hand's cursor)."""
        return ()

    def spoken_question(self) -> str | None:
        """The question waiting for the person's answer, with its answer keys (None:
        none is open). Read every frame: it must be cheap."""
        return None

    def spoken_prompt(self) -> str | None:
        """What the person is to do now, while it is their move (None otherwise): said
        each time it changes ("Your turn: draw…", then "…discard"). Read every frame."""
        return None

    def spoken_building(self) -> str | None:
        """What the person is building (a rummy table's groups above the hand), said
        when a key changes it (None: nothing of the kind here). Read after keys only."""
        return None

    def spoken_message(self) -> tuple[int, str] | None:
        """The message the screen shows now (a refusal, a hint) and its number, so the
        same words said again are heard again. Read every frame: it must be cheap."""
        return None

    def spoken_status(self, status: Status) -> str | None:
        """The answer to a status key (``status_words``), or None where this screen has
        nothing of the kind (the menu has no hand)."""
        return None

    def news(self) -> tuple[int, Sequence[str]]:
        """The screen's news as far as it shows it: how many lines since it opened, and
        the latest of them (a table's move log)."""
        return 0, ()

    def redraw_key(self) -> Hashable:
        """Everything this scene draws that can change without input (animations,
        blinking, timers, moves arriving), as a value: the app redraws only on input,
        a change of scenes, or when this value changes. A static scene returns None."""
        return None

    def redraw_area(self, drawn: Hashable, now: Hashable) -> pygame.Rect | None:
        """Where the screen can differ when, with no input, the redraw key went from
        ``drawn`` to ``now``: the app then redraws that area alone. None: anywhere."""
        return None


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self._pending: list[tuple[str, Scene | None]] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self._pending.append(("push", scene))

    def pop(self) -> None:
        self._pending.append(("pop", None))

    def replace(self, scene: Scene) -> None:
        self._pending.append(("replace", scene))

    def reset(self, scene: Scene) -> None:
        """Clear the stack and start again from this scene."""
        self._pending.append(("reset", scene))

    def apply(self, size: tuple[int, int]) -> bool:
        """Carry out the pending changes; True if the stack changed."""
        changed = bool(self._pending)
        while self._pending:
            operation, scene = self._pending.pop(0)
            if operation in ("pop", "replace") and self.scenes:
                self.scenes.pop()
            if operation == "reset":
                self.scenes.clear()
            if scene is not None:
                scene.layout(size)
                self.scenes.append(scene)
            if self.top is not None:
                self.top.enter()
        return changed

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top one and any it overlays."""
        shown: list[Scene] = []
        for scene in reversed(self.scenes):
            shown.insert(0, scene)
            if not scene.overlay:
                break
        return shown
