"""cardtable.engine: the rules of every game, as pure data and pure functions.

The engine uses the standard library only: no pygame, no threads, no file I/O. The app
and the AI talk to it through a ``Variant`` (rules), a ``Game`` (a game in progress),
actions (what a seat asks for), events (what happened) and observations (what a seat
may see).
"""

from .actions import (
    Action,
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
from .arrange import Arrangement, best_arrangement
from .cards import (
    Card,
    Colour,
    Rank,
    Suit,
    five_crowns_deck,
    format_cards,
    parse_card,
    parse_cards,
    pretty_cards,
    standard_deck,
)
from .catalog import GameInfo, catalog
from .codec import from_json, to_json
from .errors import (
    CodecError,
    EngineError,
    IllegalActionError,
    NotationError,
    SetupError,
    UnknownVariantError,
)
from .events import Event
from .game import Game, SomeGame
from .melds import Meld, MeldKind, MeldRules, SuitRule
from .plugins import import_all
from .variant import GameView, Outcome, Transition, Variant, get_variant, variants

import_all(__name__, __path__)  # each game's module registers its variant(s)

__all__ = [
    "AnswerBuy", "Call", "CallShanghai", "Exchange", "GoDown", "ReplaceWild", "TakeBack",
    "BuildReserve", "PickHidden", "Place", "PlayHidden", "TakeStack",
    "Action", "Arrangement", "Card", "CodecError", "Colour", "Discard", "Draw",
    "EngineError", "Event", "Game", "GameInfo", "GameView", "IllegalActionError", "LayDown",
    "LayMission", "LayOff", "SomeGame",
    "Meld", "MeldKind", "MeldRules", "NotationError", "Outcome", "Pile", "Rank",
    "SetupError", "Suit", "SuitRule", "Transition", "UnknownVariantError", "Variant",
    "best_arrangement", "catalog", "five_crowns_deck", "format_cards", "from_json",
    "get_variant", "parse_card", "parse_cards", "pretty_cards", "standard_deck", "to_json",
    "variants",
]
