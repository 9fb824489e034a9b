"""What a seat asks for: actions are intents, validated by the game before anything happens.

Actions are small frozen dataclasses shared by the games that use them; a game lists the
ones it understands. Each has a text form for logs and tests.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .cards import Card, IdentityEnum
from .codec import serializable
from .melds import Meld
from .text import Msg, msg


class Pile(IdentityEnum):
    STOCK = "stock"
    DISCARD = "discard"


@dataclass(frozen=True, slots=True)
class Action:
    """Base class of every action."""

    def describe(self) -> str:
        return type(self).__name__


@serializable
@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Take the top card of the stock or of the discard pile."""

    source: Pile

    def describe(self) -> str:
        return msg("draw from the stock") if self.source is Pile.STOCK else \
            msg("draw from the discard pile")


def groups_text(melds: Iterable[Meld]) -> Msg | tuple[Card, ...] | None:
    """The melds' cards as a message's parameter: a list of groups ("7♥ 8♥ 9♥, Q♠ Q♦
    Q♣"), each card named in the player's language; ``None`` for no melds."""
    listed: Msg | tuple[Card, ...] | None = None
    for meld in melds:
        # Translators: a list of groups of cards ("7♥ 8♥ 9♥, Q♠ Q♦ Q♣"): one more added
        listed = meld.cards if listed is None else \
            msg("{groups}, {cards}", groups=listed, cards=meld.cards)
    return listed


@serializable
@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Put one card from the hand on the discard pile, ending the turn."""

    card: Card

    def describe(self) -> str:
        return msg("discard {card}", card=self.card)


_DISCARDS: dict[Card, Discard] = {}
"""One ``Discard`` per card, shared by every legal list (they are frozen, and there are
only a deck's worth): listing builds one per card in hand on every turn."""


def discard_of(card: Card) -> Discard:
    action = _DISCARDS.get(card)
    if action is None:
        action = _DISCARDS.setdefault(card, Discard(card))
    return action


def discards_of(cards: Iterable[Card]) -> list[Discard]:
    """``discard_of`` each card (the listing's hot loop: the shared action is looked up
    in place, and made only the first time)."""
    known = _DISCARDS.get
    return [known(card) or discard_of(card) for card in cards]


def one_per_face(hand: tuple[Card, ...]) -> list[Card]:
    """The first card of each face in the hand, in hand order: copies of a face are
    interchangeable, so the legal lists offer one."""
    faces: dict[str, Card] = {}
    first = faces.setdefault
    for card in hand:
        first(card._face, card)
    return list(faces.values())


@serializable
@dataclass(frozen=True, slots=True)
class LayDown(Action):
    """Lay these melds on the table, then discard ``discard`` (going out or a final turn)."""

    melds: tuple[Meld, ...]
    discard: Card

    def describe(self) -> str:
        return msg("lay down {groups} and discard {card}",
                   groups=groups_text(self.melds) or msg("nothing"), card=self.discard)


@serializable
@dataclass(frozen=True, slots=True)
class LayMission(Action):
    """Monastery: lay down the groups of one mission at once (no discard with it)."""

    mission: int
    melds: tuple[Meld, ...]

    def describe(self) -> str:
        return msg("lay down mission {number}: {groups}", number=self.mission,
                   groups=groups_text(self.melds) or ())


@serializable
@dataclass(frozen=True, slots=True)
class LayOff(Action):
    """Add cards to a meld already on the table, in the games that allow it. For a run,
    the cards go on above its top in the order given, or below its bottom with
    ``at_start`` (listed in run order, lowest first)."""

    target_seat: int
    meld_index: int
    cards: tuple[Card, ...]
    at_start: bool = False

    def describe(self) -> str:
        return msg("add {cards} to a meld", cards=self.cards)


@serializable
@dataclass(frozen=True, slots=True)
class GoDown(Action):
    """Lay down the round's whole contract at once (contract rummy)."""

    melds: tuple[Meld, ...]

    def describe(self) -> str:
        return msg("go down with {groups}", groups=groups_text(self.melds) or ())


@serializable
@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """May I: give the natural card a wild stands for, take the wild into the hand."""

    target_seat: int
    meld_index: int
    natural: Card
    wild: Card

    def describe(self) -> str:
        return msg("exchange {natural} for {wild}", natural=self.natural, wild=self.wild)


@serializable
@dataclass(frozen=True, slots=True)
class ReplaceWild(Action):
    """Buying: put the natural card a run's wild stands for in its place; the freed wild
    goes at once onto another group (``dest_at_start``: below a run's bottom)."""

    target_seat: int
    meld_index: int
    natural: Card
    wild: Card
    dest_seat: int
    dest_index: int
    dest_at_start: bool = False

    def describe(self) -> str:
        return msg("replace {wild} with {natural}", wild=self.wild, natural=self.natural)


@serializable
@dataclass(frozen=True, slots=True)
class TakeBack(Action):
    """Take back every card played to the table this turn (before the discard)."""

    def describe(self) -> str:
        return msg("take back this turn's plays")


# Translators: "pass" is a verb here, a player declining to call ("you can't pass now")
_CALLS = {"may i": msg("call May I"), "buy": msg("ask to buy"), "pass": msg("pass")}
"""What each call is called in a sentence ("you can't call May I now")."""


@serializable
@dataclass(frozen=True, slots=True)
class Call(Action):
    """An out-of-turn call: ``"may i"``, ``"buy"`` or ``"pass"``."""

    kind: str

    def describe(self) -> str:
        return _CALLS.get(self.kind, self.kind)


@serializable
@dataclass(frozen=True, slots=True)
class CallShanghai(Action):
    """Shanghai!: the discard fits a meld on the table; the caller puts it there."""

    target_seat: int
    meld_index: int
    at_start: bool = False

    def describe(self) -> str:
        return msg("call Shanghai!")


@serializable
@dataclass(frozen=True, slots=True)
class AnswerBuy(Action):
    """The active player's answer to a buy request: allow it, or refuse and take the card."""

    allow: bool

    def describe(self) -> str:
        return msg("allow the buy") if self.allow else msg("refuse the buy and take the card")


# The actions a legal list offers turn after turn with no card in them, made once and
# shared (they are frozen): listing a draw or a call then builds nothing.
DRAW_STOCK = Draw(Pile.STOCK)
DRAW_DISCARD = Draw(Pile.DISCARD)
CALL_MAY_I = Call("may i")
CALL_BUY = Call("buy")
CALL_PASS = Call("pass")
ALLOW_BUY = AnswerBuy(True)
REFUSE_BUY = AnswerBuy(False)


# --- Palace ------------------------------------------------------------------------------

@serializable
@dataclass(frozen=True, slots=True)
class PickHidden(Action):
    """Palace setup: choose, blind, which three of the nine face-down cards (by place,
    0–8 from the left) become the hidden reserve."""

    positions: tuple[int, ...]

    def describe(self) -> str:
        return msg("choose the hidden reserve")


@serializable
@dataclass(frozen=True, slots=True)
class BuildReserve(Action):
    """Palace setup: put one placement face up in the visible reserve."""

    cards: tuple[Card, ...]

    def describe(self) -> str:
        return msg("put {cards} in the visible reserve", cards=self.cards)


@serializable
@dataclass(frozen=True, slots=True)
class Place(Action):
    """Palace: put a placement from the hand on the stack."""

    cards: tuple[Card, ...]

    def describe(self) -> str:
        return msg("place {cards}", cards=self.cards)


@serializable
@dataclass(frozen=True, slots=True)
class TakeStack(Action):
    """Palace: take the whole stack into the hand (only when nothing can be placed)."""

    def describe(self) -> str:
        return msg("take the stack")


@serializable
@dataclass(frozen=True, slots=True)
class PlayHidden(Action):
    """Palace: turn up one hidden-reserve card (by place, from the left) and play it."""

    position: int

    def describe(self) -> str:
        return msg("turn up a hidden card")
