"""Engine events as sentences for the move log ("West drew 9♥ from the discard pile").

Events arrive already redacted for the person at the table, so a stock draw by another
seat has no card to name. No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine import Action, Exchange, Pile, ReplaceWild, pretty_cards
from ..engine.events import (
    Burned,
    Called,
    CardsGiven,
    Discarded,
    Drew,
    Event,
    GameEnded,
    HiddenPicked,
    HiddenRevealed,
    LaidOff,
    MeldChanged,
    MeldsLaid,
    MissionCompleted,
    Placed,
    ReserveBuilt,
    ReserveTaken,
    Reshuffled,
    RoundScored,
    RoundStarted,
    StackTaken,
    StockExhausted,
    TookBack,
    TurnedUp,
    WentOut,
)
from ..engine.missions import MISSIONS


@dataclass(frozen=True)
class LogWords:
    """How a game's move log words what differs between games (each game's table
    registers its own)."""

    stock: str = "stock"
    """What the game calls its draw pile (Palace: "deck")."""
    went_out: str = "{name} went out!"
    """The line for a seat going out (Five Crowns adds that everyone has a last turn)."""


def describe(event: Event, names: Sequence[str], viewer: int,
             words: LogWords = LogWords(),
             move: tuple[int, Action] | None = None) -> str | None:
    """One log line for an event, or ``None`` for events not worth a line. ``move`` is the
    seat and action that led to it, where known: a changed meld names who changed it."""
    stock = words.stock
    def who(seat: int) -> str:
        return names[seat]

    if isinstance(event, RoundStarted):
        wild = f", {event.wild_rank.label} are wild" if event.wild_rank else ""
        return (f"Round {event.round}: {event.hand_size} cards each{wild}. "
                f"{who(event.dealer)} deal{'' if event.dealer == viewer else 's'}.")
    palace = _palace(event, who, viewer)
    if palace is not None:
        return palace
    if isinstance(event, Drew):
        if event.source is Pile.DISCARD:
            return f"{who(event.seat)} drew {_card(event.card)} from the discard pile"
        if event.card is not None:
            return f"{who(event.seat)} drew {_card(event.card)} from the {stock}"
        return f"{who(event.seat)} drew from the {stock}"
    if isinstance(event, Discarded):
        return f"{who(event.seat)} discarded {_card(event.card)}"
    if isinstance(event, MeldsLaid):
        groups = " · ".join(pretty_cards(meld.cards) for meld in event.melds)
        return f"{who(event.seat)} laid down {groups}"
    if isinstance(event, WentOut):
        return words.went_out.format(name=who(event.seat))
    if isinstance(event, Reshuffled):
        return f"The discard pile was shuffled into a new stock ({event.count} cards)"
    if isinstance(event, StockExhausted):
        times = "once" if event.rebuilds == 1 else "twice" if event.rebuilds == 2 else \
            f"{event.rebuilds} times"
        if event.thrown_in:
            return (f"The stock ran out again after being rebuilt {times}: the round is "
                    "thrown in (missions laid stay done)")
        return (f"The stock ran out again after being rebuilt {times}: the round ends "
                "and every hand is scored")
    if isinstance(event, TurnedUp):
        return f"{_card(event.card)} was turned up"
    if isinstance(event, RoundScored):
        scores = ", ".join(f"{who(seat)} {points}" for seat, points in enumerate(event.points))
        return f"Round {event.round} scored: {scores}"
    if isinstance(event, GameEnded):
        if not event.winners:
            return "Game over: a draw, the placement limit was reached with nobody out."
        winners = " and ".join(who(seat) for seat in event.winners)
        if len(event.winners) > 1:
            return f"Game over: {winners} share the win!"
        return f"Game over: {winners} win{'' if event.winners[0] == viewer else 's'}!"
    if isinstance(event, Called):
        said = {"may i": ("calls", "call", "May I!"), "buy": ("asks", "ask", "to buy"),
                "shanghai": ("yells", "yell", "Shanghai!"),
                "allow": ("lets", "let", "the buy go"),
                "refuse": ("refuses", "refuse", "the buy")}.get(event.kind)
        if said is None:
            return None
        verb = said[1] if event.seat == viewer else said[0]
        return f"{who(event.seat)} {verb} {said[2]}"
    if isinstance(event, CardsGiven):
        cards = " ".join(_card(c) for c in event.public + event.hidden)
        extra = event.count - len(event.public) - len(event.hidden)
        if event.reason == "shanghai" and event.from_seat is not None:
            taken = cards or "a card"
            return f"{who(event.seat)} drew {taken} at random from {who(event.from_seat)}"
        public = " ".join(_card(c) for c in event.public)
        penalty = " ".join(_card(c) for c in event.hidden) or \
            f"{extra} card{'s' if extra > 1 else ''}"
        if event.reason == "buy":
            return f"{who(event.seat)} bought {public} (+{penalty})"
        return f"{who(event.seat)} took {public} by May I (+{penalty} as the penalty)"
    if isinstance(event, LaidOff):
        owner = "their own" if event.target_seat == event.seat != viewer else \
            "your" if event.target_seat == viewer else f"{who(event.target_seat)}'s"
        return f"{who(event.seat)} added {pretty_cards(event.cards)} to {owner} meld"
    if isinstance(event, MeldChanged):
        swapped = _swap_line(event, move, who, viewer)
        if swapped is not None:
            return swapped
        whose = "Your" if event.seat == viewer else f"{who(event.seat)}'s"
        return f"{whose} meld is now {pretty_cards(event.meld.cards)}"
    if isinstance(event, MissionCompleted):
        title = MISSIONS[event.mission].title
        return (f"{who(event.seat)} completed mission {event.mission}, {title} "
                f"({event.count} of 9)")
    if isinstance(event, TookBack):
        return f"{who(event.seat)} took back this turn's plays"
    return None


def _palace(event: Event, who: Callable[[int], str], viewer: int) -> str | None:
    """Palace's events: reserves, placements, burns and pick-ups."""
    if isinstance(event, HiddenPicked):
        return f"{who(event.seat)} picked a hidden reserve, blind"
    if isinstance(event, ReserveBuilt):
        return f"{who(event.seat)} put {pretty_cards(event.cards)} in the visible reserve"
    if isinstance(event, Placed):
        how = " from the hidden reserve" if event.hidden else ""
        return f"{who(event.seat)} placed {pretty_cards(event.cards)}{how}"
    if isinstance(event, Burned):
        count = len(event.cards)
        return (f"The ace burns the stack: {count} card{'s' * (count != 1)} out of the game. "
                f"{who(event.seat)} place{'' if event.seat == viewer else 's'} again")
    if isinstance(event, StackTaken):
        count = len(event.cards)
        return f"{who(event.seat)} took the stack ({count} card{'s' * (count != 1)})"
    if isinstance(event, ReserveTaken):
        return (f"{who(event.seat)} took the visible reserve into the hand: "
                f"{pretty_cards(event.cards)}")
    if isinstance(event, HiddenRevealed):
        return f"{who(event.seat)} turned up a hidden card: {event.card.pretty}"
    return None


def _card(card: object) -> str:
    return getattr(card, "pretty", "a card")


def _swap_line(event: MeldChanged, move: tuple[int, Action] | None,
               who: Callable[[int], str], viewer: int) -> str | None:
    """A meld changed by a wild swap, with who swapped (``None``: not a swap's meld)."""
    if move is None:
        return None
    actor, action = move
    if not isinstance(action, (Exchange, ReplaceWild)):
        return None
    whose = "your" if event.seat == viewer else f"{who(event.seat)}'s"
    now = pretty_cards(event.meld.cards)
    if (event.seat, event.meld_index) == (action.target_seat, action.meld_index):
        return (f"{who(actor)} swapped {action.natural.pretty} for the {action.wild.pretty} "
                f"in {whose} meld: {now}")
    if isinstance(action, ReplaceWild) and \
            (event.seat, event.meld_index) == (action.dest_seat, action.dest_index):
        return f"{who(actor)} laid the freed {action.wild.pretty} on {whose} meld: {now}"
    return None

