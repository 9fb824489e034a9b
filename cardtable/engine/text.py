"""Sentences the engine (and the AI, which imports only the engine) gives players — a
refusal's reason, a hint's "why?", a review's verdict — as messages: an English template
with named parameters, which the app renders in the player's language.

A :class:`Msg` *is* its English sentence (a ``str``), so a test compares it with the text
the rules give and code that only passes it along needs no change; the app reads its
``template`` and ``params`` to render it through the catalogue instead. ``msg`` and
``nmsg`` are the names the catalogue's extraction looks for (``pybabel extract -k msg
-k nmsg:1,2``), so every template written with them is found; the template must be a
string literal for that reason. Standard library only, no I/O.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from types import MappingProxyType
from typing import TypeAlias

from .cards import Card, Rank, Suit

Param: TypeAlias = "str | int | float | Msg | Card | Rank | Suit | tuple[Card, ...]"
"""What a message's parameter may be: text already made, a number, another message, or
a card, rank or suit (each of which the app names in the player's language)."""

_FIELDS = string.Formatter()


class Msg(str):
    """A sentence for a player: its English text, plus what the app needs to render it
    in another language. Equal (and hashed) as its English text."""

    template: str
    """The English template, ``{name}`` for each parameter (the catalogue's msgid)."""
    plural: str | None
    """The plural template when the sentence depends on ``count`` (``nmsg``)."""
    number: int | None
    """The number that chose between ``template`` and ``plural``."""
    params: Mapping[str, Param]

    def __new__(cls, template: str, params: Mapping[str, Param], plural: str | None = None,
                count: int | None = None) -> Msg:
        chosen = template if plural is None or count == 1 else plural
        # Plain text and small numbers read as they are (the searches make many refusals).
        english = chosen.format_map({
            name: value if type(value) is str else english_param(value)
            for name, value in params.items()}) if params else chosen
        self = super().__new__(cls, english)
        self.template = template
        self.plural = plural
        self.number = count
        self.params = MappingProxyType(dict(params))
        return self

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (self.template, dict(self.params), self.plural, self.number))

    def __repr__(self) -> str:
        return f"Msg({str.__repr__(self)})"


def _rebuild(template: str, params: dict[str, Param], plural: str | None,
             count: int | None) -> Msg:
    return Msg(template, params, plural, count)


def msg(template: str, **params: Param) -> Msg:
    """A sentence with named parameters: ``msg("{card} is not in your hand", card=c)``."""
    return Msg(template, params)


def nmsg(singular: str, plural: str, count: int, **params: Param) -> Msg:
    """A sentence that depends on a number (``{count}`` is given to it as a parameter):
    ``nmsg("{count} card left", "{count} cards left", n)``. Languages with other plural
    forms choose theirs from the count."""
    return Msg(singular, {"count": count, **params}, plural, count)


def english_param(value: Param) -> str:
    """A parameter as the English sentence shows it."""
    if isinstance(value, Card):
        return value.pretty
    if isinstance(value, Rank):
        return value.code
    if isinstance(value, Suit):
        return value.label
    if isinstance(value, tuple):
        return " ".join(card.pretty for card in value)
    if type(value) is int:
        return str(value) if -1000 < value < 1000 else f"{value:,}"  # 10,000 (the app
        # writes it as the player's language does)
    return str(value)


def fields(template: str) -> frozenset[str]:
    """The parameter names a template uses (a catalogue's translation must use the same)."""
    return frozenset(name for _, name, _, _ in _FIELDS.parse(template) if name)
