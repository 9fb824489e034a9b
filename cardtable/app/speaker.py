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

import os
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from .speech_backends import (
    ENVIRONMENT,
    RATES,
    Backend,
    Chosen,
    choose_backend,
    spoken_seconds,
)

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
    press: int = 0
    """The key press it answers (or that had been pressed when it came)."""

    def words(self, verbosity: Verbosity) -> str:
        return self.brief if verbosity is Verbosity.BRIEF and self.brief else self.text


class Speaker:
    """The one way speech leaves the table (see the module's docstring)."""

    def __init__(self, chosen: Chosen | None = None, on: bool = False,
                 verbosity: Verbosity = Verbosity.FULL, rate: str = "normal",
                 clock: Callable[[], float] = time.monotonic,
                 choose: Callable[[], Chosen] | None = None) -> None:
        self._choose = choose
        """How to find a back end when one is first needed (None: ``chosen`` is it)."""
        chosen = chosen if chosen is not None else Chosen(None, None)
        self.backend: Backend | None = chosen.backend
        self.why_silent = chosen.why_silent
        """The sentence saying why nothing can be heard (no speech library, no voice)."""
        self.on = on
        self.verbosity = verbosity
        self.clock = clock
        self.history: deque[str] = deque(maxlen=HISTORY)
        """What was said but the focus names (the keys say those again): news, answers,
        questions, for ``[`` and ``]``."""
        self._cursor: int | None = None
        """Where stepping through the history stands, counted from the first message
        ever kept (None: not stepping)."""
        self._dropped = 0
        """Messages gone from the front of the history (the cursor counts them)."""
        self.said = 0
        """Utterances asked for so far, said or not (whether a key led to any)."""
        self.presses = 0
        """Keys pressed so far (``key_pressed``): what one key says never cuts off what
        the same key said a moment before."""
        self._pending: deque[Utterance] = deque()
        self._speaking: Utterance | None = None
        """The utterance last handed to the back end."""
        self._news_until = 0.0
        """When the news handed over should have been said (``clock`` time)."""
        self.language = "en"
        """The table's language, for a system voice that has voices of several."""
        self.set_rate(rate)
        if on:
            self.ensure_backend()

    @classmethod
    def for_settings(cls, on: bool, verbosity: str, rate: str, first_start: bool = False
                     ) -> Speaker:
        """The speaker the player's settings ask for. Its back end is found on this
        machine (``CARDTABLE_SPEECH`` may choose it, a log file included) when speech is
        first needed; a first start looks at once for a running screen reader only,
        which switches speech on."""
        speaker = cls(None, on, Verbosity(verbosity), rate, choose=choose_backend)
        if first_start and not on:
            reader = choose_backend("reader") if not _chosen_by_hand() else None
            if reader is not None and reader.backend is not None:
                speaker.backend, speaker._choose = reader.backend, None
                speaker.on = True
        return speaker

    def use(self, backend: Backend) -> None:
        """Speak through ``backend`` from now on (a bench's or a test's recorder)."""
        self.backend, self._choose, self.why_silent = backend, None, None
        self.set_rate(self.rate)
        self.set_language(self.language)

    def ensure_backend(self) -> None:
        """Find the back end now, if it is still to be found."""
        if self._choose is not None:
            chosen, self._choose = self._choose(), None
            self.backend, self.why_silent = chosen.backend, chosen.why_silent
            self.set_rate(self.rate)
            self.set_language(self.language)

    @property
    def available(self) -> bool:
        self.ensure_backend()
        return self.backend is not None

    def set_rate(self, rate: str) -> None:
        self.rate = rate
        if self.backend is not None:
            self.backend.set_rate(RATES.get(rate, 1.0))

    def set_language(self, code: str) -> None:
        self.language = code
        if self.backend is not None:
            self.backend.set_language(code)

    def switch(self, on: bool) -> None:
        """Speech on or off; what was waiting is dropped either way (stale by then)."""
        if on:
            self.ensure_backend()
        self._pending.clear()
        self.on = on and self.backend is not None

    def key_pressed(self) -> None:
        self.presses += 1

    # --- saying -----------------------------------------------------------------------------

    def say(self, text: str, kind: Kind = Kind.NEWS, brief: str | None = None) -> None:
        """Say ``text`` (news, answers and questions are kept in the history whether or
        not speech is on)."""
        text = " ".join(text.split())
        if not text:
            return
        self.said += 1
        if kind is not Kind.FOCUS:
            if len(self.history) == self.history.maxlen:
                self._dropped += 1
            self.history.append(text)
        self._hand(Utterance(text, kind, brief, self.presses))

    def _hand(self, utterance: Utterance) -> None:
        if not self.on or self.backend is None:
            return
        if utterance.kind.keyed:
            # What answered an earlier key is stale now: dropped if still waiting, cut off
            # if being said, unless news is still being said (never cut). The answer is
            # handed over at once, ahead of news still waiting (a key is answered within
            # a frame); what the same key said a moment ago is not cut by it.
            self._pending = deque(u for u in self._pending if not u.kind.keyed)
            current = self._speaking
            stale = self._talking() and current is not None and current.kind.keyed \
                and current.press < utterance.press and self._news_until <= self.clock()
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
        self._speaking = utterance
        self.backend.speak(utterance.words(self.verbosity), interrupt)
        if not utterance.kind.keyed:
            # When the news handed over will have been said, as the back end tells it:
            # what AI moves wait for (answers to the player's own keys do not hold the
            # table up, save on a voice that cannot tell them apart).
            self._news_until = max(self._news_until, self.backend.speaking_until())

    def _keyed_talking(self) -> bool:
        return self._speaking is not None and self._speaking.kind.keyed

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
        said again (not added to the history); None at either end. Where stepping
        stands stays put as news arrives: ``]`` walks on towards it."""
        if not self.history:
            return None
        first, newest = self._dropped, self._dropped + len(self.history) - 1
        if self._cursor is None:
            target = newest if step < 0 else newest + 1  # the first step back: the newest
        else:
            target = max(self._cursor, first - 1) + step
        if not first <= target <= newest:
            if target > newest:
                self._cursor = None  # past the newest: stepping is over
            return None
        self._cursor = target
        text = self.history[target - first]
        self._hand(Utterance(text, Kind.ANSWER, None, self.presses))
        return text

    def close(self) -> None:
        if self.backend is not None:
            self.backend.close()


def _chosen_by_hand() -> bool:
    """``CARDTABLE_SPEECH`` names a back end (a first start then looks for nothing)."""
    return bool(os.environ.get(ENVIRONMENT, "").strip())
