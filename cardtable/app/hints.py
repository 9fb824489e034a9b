"""Hints and "why?" off the drawing thread.

A hint is the Normal player's move for the person, and why; "why?" is the reason for an
AI seat's last move. Both are searches (an arrangement, a contract, a mission): each
runs on a thread of its own, and the table polls for the answer each frame, so asking
never stalls the window.
"""

from __future__ import annotations

import dataclasses
import random
import re
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from ..ai.explain import explain, hint
from ..engine import Action, Card, GameView
from ..engine.text import Msg, Param
from ..i18n import _, card_name, ngettext, text

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
    """(move, reason) for the person's view, the reason in the player's language."""
    def work() -> tuple[Action, str]:
        action, reason = hint(view, random.Random(seed))
        return action, text(reason)
    return Job(view, work)


def why_job(table_view: GameView, seen: GameView, action: Action) -> Job[str]:
    """The reason for a move an AI seat made from the view it had (``seen``), told
    about that seat ("its books", not "your books"), naming none of the cards it held
    that the person cannot see (see ``withheld``)."""
    return Job(table_view, lambda: about_them(text(withheld(explain(seen, action), seen,
                                                            table_view, action))))


def withheld(reason: str, seen: GameView, table_view: GameView, action: Action) -> str:
    """The reason with each run of card names from the AI seat's hidden hand said as
    "2 cards in hand": its reason is worked out from its own view, and "it goes with
    J♣ 4♣" would show the person two cards of that hand. A card is named when the
    person sees it now (``table_view``), saw it then (the pile, the melds) or the move
    showed it. With two decks a name may be another card's too: it is still said when
    that card lies on the table ("take the J♠" off the pile, West holding the other
    J♠), never because the person holds it (their own J♣ must not let West's be named)."""
    hand = set(seen.hand)
    table = (_cards_in(table_view) - set(table_view.hand)) | (_cards_in(seen) - hand) | \
        _cards_in(action)
    shown = table | set(table_view.hand)
    names = {card.pretty for card in hand - shown} - {card.pretty for card in table}
    if not names:
        return reason
    if isinstance(reason, Msg):
        return _withheld_message(reason, names)
    one = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    run = re.compile(rf"(?<![0-9A-Za-z])(?:{one})(?: (?:{one}))*(?![0-9A-Za-z])")

    def said(match: re.Match[str]) -> str:
        return _in_hand(len(match.group(0).split(" ")))
    return run.sub(said, reason)


def _in_hand(count: int) -> str:
    if count == 1:
        return _("a card in hand")
    return ngettext("{count} card in hand", "{count} cards in hand", count).format(count=count)


def _withheld_message(reason: Msg, names: set[str]) -> Msg:
    """``withheld`` for a message: its cards (and those of the messages in it) that may
    not be named, said as "2 cards in hand", so the sentence is still translated."""
    params: dict[str, Param] = {}
    for key, value in reason.params.items():
        if isinstance(value, Msg):
            value = _withheld_message(value, names)
        elif isinstance(value, Card) and value.pretty in names:
            value = _in_hand(1)
        elif isinstance(value, tuple) and any(card.pretty in names for card in value):
            parts: list[str] = []
            run = 0
            for card in (*value, None):
                if card is not None and card.pretty in names:
                    run += 1
                    continue
                if run:
                    parts.append(_in_hand(run))
                    run = 0
                if card is not None:
                    parts.append(card_name(card))
            value = " ".join(parts)
        params[key] = value
    return Msg(reason.template, params, reason.plural, reason.number)


def _cards_in(value: object, found: set[Card] | None = None) -> set[Card]:
    """Every card held anywhere in a view or an action (its fields, tuples, dicts),
    but its list of legal moves (the seat's own hand again, at length)."""
    found = set() if found is None else found
    if isinstance(value, Card):
        found.add(value)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            _cards_in(item, found)
    elif isinstance(value, dict):
        for item in value.values():
            _cards_in(item, found)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            if field.name != "legal":
                _cards_in(getattr(value, field.name), found)
    return found


THIRD_PERSON = {"are": "is", "have": "has", "can": "can", "hold": "holds", "shed": "sheds",
                "lose": "loses", "need": "needs", "keep": "keeps", "take": "takes",
                "want": "wants", "go": "goes", "play": "plays", "get": "gets"}
"""The verbs the explanations put after "you", as they read after "it"."""


def about_them(reason: str) -> str:
    """An explanation written to the person, turned to speak of another player ("you
    hold" becomes "it holds", not "it hold"). English only: another language's "you"
    is left as it is (the AI's sentences would need their own third-person form)."""
    words = {"your": "its", "Your": "Its", "you": "it", "You": "It"}
    verbs = "|".join(THIRD_PERSON)
    reason = re.sub(rf"\b(you|You) ({verbs})\b",
                    lambda m: f"{words[m.group(1)]} {THIRD_PERSON[m.group(2)]}", reason)
    return re.sub(r"\b(your|Your|you|You)\b", lambda m: words[m.group(1)], reason)
