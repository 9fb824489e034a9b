"""What the table says, in what order, and what may cut what off.

Everything the table says goes through one ``Speaker``: the focused element's name as
focus moves, the events of the game as they happen, answers to the status keys,
refusals and questions. It decides what is stale: the player's own keys (a focus move, a
status key) cut off speech that answered an earlier key, never the news of the game; news
waits its turn and is never cut off by an animation or another AI move. It keeps what was
said so the player can step back through it, and tells the table when the last news will
have been said, so AI moves can wait for it. No pygame here.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from .speech_backends import RATES, Backend, Chosen, choose_backend, spoken_seconds

HISTORY = 300
"""Utterances kept for stepping back through."""


class Kind(Enum):
    """Why something is said, which decides what it may cut off."""

    FOCUS = "focus"
    """The element the keys moved to."""
    ANSWER = "answer"
    """The answer to a key the player pressed (a status key, a refusal, the history)."""
    NEWS = "news"
    """Something that happened at the table (a move, a round scored)."""
    QUESTION = "question"
    """A question waiting for the player's answer (May I, buy, Shanghai!)."""

    @property
    def keyed(self) -> bool:
        """Said because of a key the player pressed: stale once another key is pressed."""
        return self in (Kind.FOCUS, Kind.ANSWER)


class Verbosity(Enum):
    BRIEF = "brief"
    FULL = "full"


@dataclass(frozen=True)
class Utterance:
    text: str
    kind: Kind
    brief: str | None = None
    """A shorter form for brief speech (None: the same words)."""

    def words(self, verbosity: Verbosity) -> str:
        return self.brief if verbosity is Verbosity.BRIEF and self.brief else self.text


class Speaker:
    """The one way speech leaves the table (see the module's docstring)."""

    def __init__(self, chosen: Chosen | None = None, on: bool = False,
                 verbosity: Verbosity = Verbosity.FULL, rate: str = "normal",
                 clock: Callable[[], float] = time.monotonic) -> None:
        chosen = chosen if chosen is not None else Chosen(None, None)
        self.backend: Backend | None = chosen.backend
        self.why_silent = chosen.why_silent
        """The sentence saying why nothing can be heard (no speech library, no voice)."""
        self.on = on
        self.verbosity = verbosity
        self.clock = clock
        self.history: deque[str] = deque(maxlen=HISTORY)
        self._cursor: int | None = None
        """Where stepping through the history stands (None: at the newest)."""
        self._pending: deque[Utterance] = deque()
        self._speaking: Kind | None = None
        """Why the utterance last handed to the back end was said."""
        self._news_until = 0.0
        """When the news handed over should have been said (``clock`` time)."""
        self.set_rate(rate)

    @classmethod
    def for_settings(cls, on: bool, verbosity: str, rate: str) -> Speaker:
        """The speaker the player's settings ask for, its back end chosen on this machine
        (``CARDTABLE_SPEECH`` may choose it, a log file included)."""
        return cls(choose_backend(), on, Verbosity(verbosity), rate)

    @property
    def available(self) -> bool:
        return self.backend is not None

    def set_rate(self, rate: str) -> None:
        self.rate = rate
        if self.backend is not None:
            self.backend.set_rate(RATES.get(rate, 1.0))

    # --- saying -----------------------------------------------------------------------------

    def say(self, text: str, kind: Kind = Kind.NEWS, brief: str | None = None) -> None:
        """Say ``text`` (kept in the history whether or not speech is on)."""
        text = " ".join(text.split())
        if not text:
            return
        self.history.append(text)
        self._cursor = None
        self._hand(Utterance(text, kind, brief))

    def _hand(self, utterance: Utterance) -> None:
        if not self.on or self.backend is None:
            return
        if utterance.kind.keyed:
            # What answered an earlier key is stale now: dropped if still waiting, cut off
            # if being said. News being said is not cut: the answer follows it at once,
            # ahead of news still waiting (a key is answered within a frame).
            self._pending = deque(u for u in self._pending if not u.kind.keyed)
            stale = self._talking() and self._speaking is not None and self._speaking.keyed
            self._send(utterance, interrupt=stale)
            return
        if self._pending or self._talking():
            self._pending.append(utterance)
        else:
            self._send(utterance, interrupt=False)

    def _talking(self) -> bool:
        return self.backend is not None and self.backend.speaking_until() > self.clock()

    def _send(self, utterance: Utterance, interrupt: bool) -> None:
        assert self.backend is not None
        self._speaking = utterance.kind
        self.backend.speak(utterance.words(self.verbosity), interrupt)
        if not utterance.kind.keyed:
            # When the news handed over will have been said, as the back end tells it:
            # what AI moves wait for (answers to the player's own keys do not hold the
            # table up, save on a voice that cannot tell them apart).
            self._news_until = max(self._news_until, self.backend.speaking_until())

    def _keyed_talking(self) -> bool:
        return self._speaking is not None and self._speaking.keyed

    def update(self) -> None:
        """Hand the next waiting utterance over once the last is said (every frame)."""
        while self._pending and not self._talking():
            self._send(self._pending.popleft(), interrupt=False)

    def quiet_at(self) -> float:
        """When the news handed over and waiting will have been said (``clock`` time):
        an AI move waits for it, so one move's news is not buried under the next. A
        back end that knows it is still talking news (a system voice) holds it longer."""
        if not self.on or self.backend is None:
            return self.clock()
        until = max(self._news_until, self.clock())
        if not self._keyed_talking():
            until = max(until, self.backend.speaking_until())
        rate = RATES.get(self.rate, 1.0)
        return until + sum(spoken_seconds(u.text, rate) for u in self._pending)

    def silence(self) -> None:
        """Drop what is waiting in answer to keys (leaving a screen: a focus name there
        is stale); news and questions still waiting are said."""
        self._pending = deque(u for u in self._pending if not u.kind.keyed)

    def clear(self) -> None:
        """Drop everything waiting (a game left: its news is no one's news now)."""
        self._pending.clear()
        self._news_until = 0.0

    # --- the history ------------------------------------------------------------------------

    def step_history(self, step: int) -> str | None:
        """The message ``step`` back (-1) or forward (1) from where stepping stands,
        said again (not added to the history); None at either end."""
        if not self.history:
            return None
        newest = len(self.history) - 1
        if self._cursor is None:
            target = newest if step < 0 else -1  # the first step back: the newest again
        else:
            target = self._cursor + step
        if not 0 <= target <= newest:
            return None
        self._cursor = target
        text = self.history[target]
        self._hand(Utterance(text, Kind.ANSWER))
        return text

    def close(self) -> None:
        if self.backend is not None:
            self.backend.close()
