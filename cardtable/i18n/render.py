"""Sentences from the engine and the AI, and the cards in them, in the player's
language. A :class:`Msg` is translated by its template; its parameters are rendered
here: a card by its rank's letter in the language and its suit's symbol, a number as
the language writes it, an inner message in turn."""

from __future__ import annotations

from babel.numbers import format_decimal

from ..engine.cards import Card, Rank, Suit
from ..engine.text import Msg, Param, fields
from .current import _, _translations, babel_locale, pgettext


def rank_code(rank: Rank) -> str:
    """A rank as the card's corner shows it in the language: the court cards and the
    ace have letters of their own (German B, D, K, A; French V, D, R, A)."""
    if rank is Rank.ACE:
        return pgettext("card rank", "A")
    if rank is Rank.JACK:
        return pgettext("card rank", "J")
    if rank is Rank.QUEEN:
        return pgettext("card rank", "Q")
    if rank is Rank.KING:
        return pgettext("card rank", "K")
    return rank.code


def suit_name(suit: Suit) -> str:
    """A suit's name in a sentence ("hearts")."""
    names = {Suit.SPADES: pgettext("suit", "spades"), Suit.HEARTS: pgettext("suit", "hearts"),
             Suit.DIAMONDS: pgettext("suit", "diamonds"), Suit.CLUBS: pgettext("suit", "clubs"),
             Suit.STARS: pgettext("suit", "stars")}
    return names[suit]


def card_name(card: Card) -> str:
    """A card's short name: ``7♥``, ``B♠`` in German, ``Joker``."""
    if card.suit is None:
        return _("Joker")
    return rank_code(card.rank) + card.suit.symbol


def cards_text(cards: tuple[Card, ...]) -> str:
    return " ".join(card_name(card) for card in cards)


def number(value: int | float) -> str:
    """A number as the language writes it (1,234 / 1.234 / 1 234)."""
    return format_decimal(value, locale=babel_locale())


def _param(value: Param) -> str:
    if isinstance(value, Msg):
        return text(value)
    if isinstance(value, Card):
        return card_name(value)
    if isinstance(value, Rank):
        return rank_code(value)
    if isinstance(value, Suit):
        return suit_name(value)
    if isinstance(value, tuple):
        return cards_text(value)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int | float):
        return number(value)
    return value


def text(sentence: str) -> str:
    """A sentence for the player in their language: a :class:`Msg` translated and
    rendered, any other text as it is (already the app's own, already translated)."""
    if not isinstance(sentence, Msg):
        return sentence
    translations = _translations[0]
    if sentence.plural is not None and sentence.number is not None:
        template = translations.ngettext(sentence.template, sentence.plural, sentence.number)
    else:
        template = translations.gettext(sentence.template)
    values = {name: _param(value) for name, value in sentence.params.items()}
    if not fields(template) <= values.keys():
        return str(sentence)  # a catalogue whose placeholders do not match: English
    return template.format_map(values)
