"""The screen, told: what the speaker should say as the screen changes.

After each frame's input the app hands the narrator the top scene. The narrator says the
screen's title when a new screen comes up, the focused elements' spoken names (from the
screen model) when the player's keys move focus or change what is focused (a card
selected), and each new line of the table's news (the move log, as far as the table has
shown the game). It asks the scene for its model only after a key or a change of screen,
so an idle window costs nothing. No drawing here.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Protocol
from weakref import WeakKeyDictionary

from ..i18n import _
from .model import Element
from .speaker import Kind, Speaker
from .spoken import is_wild_note, speakable

QUESTION_GONE = 30
"""Frames a question may be hidden and still be the same question (a move played out)."""
FIRST_NEWS = 2
"""Lines of news said when a screen is first met (a table: the round's first line and
the move before the player's turn)."""


class Narrated(Protocol):
    """What a scene tells the narrator (``Scene`` gives every scene a default)."""

    def spoken_title(self) -> str: ...

    def spoken_focus(self) -> Sequence[Element]: ...

    def news(self) -> tuple[int, Sequence[str]]: ...

    def spoken_question(self) -> str | None: ...

    def spoken_message(self) -> tuple[int, str] | None: ...

    def spoken_prompt(self) -> str | None: ...

    def spoken_building(self) -> str | None: ...


class Narrator:
    def __init__(self, speaker: Speaker) -> None:
        self.speaker = speaker
        self._scene: Narrated | None = None
        self._focus: dict[str, str] = {}
        """The focused elements last said: id to spoken name."""
        self._news = 0
        """The count of news lines said (as the scene counts them)."""
        self._question: str | None = None
        self._message: int | None = None
        self._question_gone = 0
        """Frames since a question was last open."""
        self._prompt: str | None = None
        self._building: str | None = None
        self._recent: deque[str] = deque(maxlen=8)
        """The latest news said (a table message repeating one is not said again)."""
        self._news_seen: WeakKeyDictionary[Narrated, int] = WeakKeyDictionary()
        """Each screen's news count when it was last left (back from the pause menu,
        only what came after is news)."""

    def frame(self, scene: Narrated | None, keyed: bool, moved: bool = False) -> None:
        """Say what changed on ``scene`` this frame (``keyed``: the player pressed a key
        or clicked, so focus may have moved; ``moved``: an arrow key, which says the
        focus again where it changed nothing, at the end of a row or a list)."""
        if scene is None:
            return
        if scene is not self._scene:
            if self._scene is not None:
                self._say_news(self._scene)  # the last move's news, before what it led to
                self._news_seen[self._scene] = self._news
            self._scene = scene
            self.speaker.silence()
            count, lines = scene.news()
            title = scene.spoken_title()
            if title:
                self.speaker.say(speakable(title), Kind.FOCUS)
            # A screen met for the first time tells its latest news (a new round's first
            # line, a resumed game's last move); one come back to, what happened since.
            if scene not in self._news_seen:
                self._question = None  # a screen first met: its questions are new
            self._news = self._news_seen.get(scene, max(0, count - FIRST_NEWS))
            self._say_news(scene)
            self._focus = {}
            self._say_focus(scene.spoken_focus(), force=True)
            self._say_question(scene)  # one said already is not said again on coming back
            message = scene.spoken_message()
            self._message = message[0] if message else None
            self._prompt = None
            self._say_prompt(scene)
            self._building = scene.spoken_building()
            return
        self._say_news(scene)
        self._say_question(scene)
        self._say_message(scene)
        self._say_prompt(scene)
        if keyed:
            said = self.speaker.said
            self._say_focus(scene.spoken_focus())
            if moved and self.speaker.said == said:
                self._say_focus(scene.spoken_focus()[-1:], force=True)
            building = scene.spoken_building()
            if building != self._building:
                self._building = building
                if building:
                    self.speaker.say(speakable(building), Kind.ANSWER)

    def _say_focus(self, focused: Sequence[Element], force: bool = False) -> None:
        now = {element.id: element.name for element in focused}
        for element in focused:
            if force or self._focus.get(element.id) != element.name:
                self.speaker.say(speakable(element.name), Kind.FOCUS,
                                 brief=speakable(brief_name(element.name)))
        self._focus = now

    def _say_news(self, scene: Narrated) -> None:
        count, lines = scene.news()
        if count <= self._news:
            self._news = min(self._news, count)
            return
        fresh = list(lines)[-(count - self._news):] if count - self._news <= len(lines) \
            else list(lines)
        self._news = count
        for line in fresh:
            said = speakable(line)
            self._recent.append(said.rstrip("."))
            self.speaker.say(said, Kind.NEWS)

    def _say_question(self, scene: Narrated) -> None:
        """A new question, once: a question the table hides for a moment (while a move
        is played out) and shows again is the same question, not said again; gone for
        longer, the same words are a new question (the same card offered later)."""
        question = scene.spoken_question()
        if not question:
            self._question_gone += 1
            if self._question_gone > QUESTION_GONE:
                self._question = None
            return
        self._question_gone = 0
        if question != self._question:
            self._question = question
            self.speaker.say(speakable(question), Kind.QUESTION)

    def _say_prompt(self, scene: Narrated) -> None:
        prompt = scene.spoken_prompt()
        if prompt != self._prompt:
            self._prompt = prompt
            if prompt:
                self.speaker.say(speakable(prompt), Kind.NEWS)

    def _say_message(self, scene: Narrated) -> None:
        message = scene.spoken_message()
        if message is not None and message[0] != self._message:
            self._message = message[0]
            said = speakable(message[1])
            if said.rstrip(".") not in self._recent:  # the move log just said it
                self.speaker.say(said, Kind.ANSWER)

    def restart(self) -> None:
        """Say the screen afresh at the next frame (speech was just switched on)."""
        self._scene = None


def brief_name(name: str) -> str:
    """A focused element's name for brief speech: where it is and what each wild in it
    stands for left out, what it is and its state kept ("seven of hearts, selected")."""
    # The same words as the screen model's (rummy_model, spoken), in the language in use.
    where = _("in your hand")
    parts = [part for part in name.split(", ")
             if part != where and not is_wild_note(part)]
    return ", ".join(parts) or name

