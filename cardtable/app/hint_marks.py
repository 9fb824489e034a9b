"""What a hint lights on screen: the person's cards its move uses, and the element of the
screen model the move goes to (a pile, a meld, a wild, the reserve slot, the stack, a
hidden card, a button), both found from the action's type, for every table.

The table selects the cards and puts the keyboard's focus on the target, so Enter plays
the hinted move. Reads the model; changes nothing.
"""

from __future__ import annotations

from ..engine import (
    Action,
    BuildReserve,
    Card,
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
from .input_grammar import Command
from .model import (
    Control,
    Element,
    NamedPile,
    PileName,
    PileRef,
    Ref,
    ScreenModel,
    SeatCards,
    TableMeld,
    WildInMeld,
    Zone,
    ZoneCard,
)


def hinted_cards(action: Action) -> tuple[Card, ...]:
    """The cards from the person's hand the move plays (none for a draw or a call)."""
    match action:
        case Discard(card=card) | Exchange(natural=card) | ReplaceWild(natural=card):
            return (card,)
        case LayDown(melds=melds, discard=card):
            return (*(c for meld in melds for c in meld.cards), card)
        case GoDown(melds=melds) | LayMission(melds=melds):
            return tuple(c for meld in melds for c in meld.cards)
        case LayOff(cards=cards) | Place(cards=cards) | BuildReserve(cards=cards):
            return cards
    return ()


def target_ref(action: Action, human: int) -> Ref | None:
    """Where the move goes, as the screen model refers to it (a wild is found by its card:
    see ``hint_target``)."""
    match action:
        case Draw(source=pile):
            return PileRef(pile)
        case Discard():
            return PileRef(Pile.DISCARD)
        case LayDown():
            return Control(Command.COMMIT)
        case GoDown() | LayMission():
            return Control(Command.GO_DOWN)
        case LayOff(target_seat=seat, meld_index=index):
            return TableMeld(seat, index)
        case TakeBack():
            return Control(Command.TAKE_BACK)
        case Place():
            return NamedPile(PileName.STACK)
        case BuildReserve():
            return SeatCards(human, Zone.NEXT_RESERVE)
        case PlayHidden(position=position):
            return ZoneCard(human, Zone.HIDDEN, position, None)
        case TakeStack():
            return Control(Command.TAKE)
        case PickHidden():
            return Control(Command.COMMIT)
    return None


def hint_target(model: ScreenModel, action: Action, human: int) -> Element | None:
    """The element the hinted move goes to on this screen, if it shows one."""
    match action:
        case Exchange(target_seat=seat, meld_index=index, wild=wild) | ReplaceWild(
                target_seat=seat, meld_index=index, wild=wild):
            return next((e for e in model if isinstance(e.ref, WildInMeld)
                         and (e.ref.seat, e.ref.meld, e.ref.card) == (seat, index, wild)),
                        None)
    ref = target_ref(action, human)
    return None if ref is None else model.find(ref)
