"""A move named at the start of a sentence ("Discard 7♥"), as a message the app says in
the player's language: the hint's plain "why?" and the review's "you played / better".

``Action.describe`` names a move inside a sentence ("you can't {action} now"), in lower
case; a language cannot capitalise another's words, so each move has its own sentence
here, the English byte for byte ``describe()`` with a capital (a test checks it).

Imports the engine only.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import Action
from ..engine.actions import (
    AnswerBuy,
    BuildReserve,
    Call,
    CallShanghai,
    Discard,
    Draw,
    Exchange,
    GoDown,
    LayDown,
    LayMission,
    LayOff,
    PickHidden,
    Pile,
    Place,
    PlayHidden,
    ReplaceWild,
    TakeBack,
    TakeStack,
)
from ..engine.melds import Meld
from ..engine.text import Msg, Param, msg


def groups(melds: Sequence[Meld], between: str = ", ") -> Msg:
    """Melds' cards one group after another (``7♥ 8♥ 9♥, Q♠ Q♦ Q♣``), each card named in
    the language. The template has no words (nothing to translate, so it is built here,
    not written as a literal for the catalogue)."""
    names = [f"m{index}" for index in range(len(melds))]
    params: dict[str, Param] = {name: meld.cards for name, meld in zip(names, melds)}
    return Msg(between.join("{" + name + "}" for name in names), params)


def move_words(action: Action) -> str:
    """The move as the start of a sentence (a message; plain text for a move no game
    makes yet)."""
    found = _special(action)
    if found is not None:
        return found
    words = action.describe()
    return words[:1].upper() + words[1:]


def _special(action: Action) -> Msg | None:
    if isinstance(action, Draw):
        return msg("Draw from the stock") if action.source is Pile.STOCK \
            else msg("Draw from the discard pile")
    if isinstance(action, Discard):
        return msg("Discard {card}", card=action.card)
    if isinstance(action, LayDown):
        if not action.melds:
            return msg("Lay down nothing and discard {card}", card=action.discard)
        return msg("Lay down {melds} and discard {card}", melds=groups(action.melds),
                   card=action.discard)
    if isinstance(action, LayMission):
        return msg("Lay down mission {mission}: {melds}", mission=action.mission,
                   melds=groups(action.melds))
    if isinstance(action, LayOff):
        return msg("Add {cards} to a meld", cards=action.cards)
    if isinstance(action, GoDown):
        return msg("Go down with {melds}", melds=groups(action.melds))
    if isinstance(action, Exchange):
        return msg("Exchange {natural} for {wild}", natural=action.natural, wild=action.wild)
    if isinstance(action, ReplaceWild):
        return msg("Replace {wild} with {natural}", wild=action.wild, natural=action.natural)
    if isinstance(action, TakeBack):
        return msg("Take back this turn's plays")
    if isinstance(action, Call):
        # Translators: "May I" and "Shanghai!" are calls' names in the Shanghai games
        calls = {"may i": msg("Call May I"), "buy": msg("Ask to buy"), "pass": msg("Pass")}
        return calls.get(action.kind)
    if isinstance(action, CallShanghai):
        return msg("Call Shanghai!")
    if isinstance(action, AnswerBuy):
        return msg("Allow the buy") if action.allow \
            else msg("Refuse the buy and take the card")
    if isinstance(action, PickHidden):
        return msg("Choose the hidden reserve")
    if isinstance(action, BuildReserve):
        return msg("Put {cards} in the visible reserve", cards=action.cards)
    if isinstance(action, Place):
        return msg("Place {cards}", cards=action.cards)
    if isinstance(action, TakeStack):
        return msg("Take the stack")
    if isinstance(action, PlayHidden):
        return msg("Turn up a hidden card")
    return None
