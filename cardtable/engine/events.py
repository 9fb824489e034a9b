"""What happened: events are facts produced by applying an action, redacted per viewer.

An event that carries cards only one seat may see names that seat in ``private_to``;
``redacted_for(viewer)`` gives every other viewer a copy without those cards. The UI
animates events and the move log prints them; both receive only redacted copies.

Standard library only.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from .actions import Pile
from .cards import Card, IdentityEnum, Rank
from .codec import serializable
from .melds import Meld


@dataclass(frozen=True, slots=True)
class Event:
    """Base class of every event."""

    @property
    def private_to(self) -> tuple[int, ...] | None:
        """The seats allowed to see this event's hidden cards, or ``None`` if public."""
        return None

    def redacted_for(self, viewer: int | None) -> Event:
        """This event as ``viewer`` may see it (``None``: a spectator who sees no hand)."""
        return self


@serializable
@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    round: int
    dealer: int
    hand_size: int
    wild_rank: Rank | None = None


@serializable
@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """A seat received its hand. Others learn only how many cards."""

    seat: int
    count: int
    cards: tuple[Card, ...] = ()

    @property
    def private_to(self) -> tuple[int, ...] | None:
        return (self.seat,)

    def redacted_for(self, viewer: int | None) -> Event:
        return self if viewer == self.seat else dataclasses.replace(self, cards=())


@serializable
@dataclass(frozen=True, slots=True)
class TurnedUp(Event):
    """A card turned face up from the stock to start the discard pile."""

    card: Card


@serializable
@dataclass(frozen=True, slots=True)
class Drew(Event):
    """A seat took a card. From the stock only the drawer sees which."""

    seat: int
    source: Pile
    card: Card | None = None

    @property
    def private_to(self) -> tuple[int, ...] | None:
        return (self.seat,) if self.source is Pile.STOCK else None

    def redacted_for(self, viewer: int | None) -> Event:
        if self.source is Pile.STOCK and viewer != self.seat:
            return dataclasses.replace(self, card=None)
        return self


@serializable
@dataclass(frozen=True, slots=True)
class Discarded(Event):
    seat: int
    card: Card


@serializable
@dataclass(frozen=True, slots=True)
class MeldsLaid(Event):
    seat: int
    melds: tuple[Meld, ...]


@serializable
@dataclass(frozen=True, slots=True)
class WentOut(Event):
    """A seat went out; every other seat now has one final turn (Five Crowns)."""

    seat: int


@serializable
@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """The discard pile, all but its top card, was shuffled into a new stock."""

    count: int


@serializable
@dataclass(frozen=True, slots=True)
class StockExhausted(Event):
    """The stock ran out after its last allowed rebuild: the round ends as it stands."""

    rebuilds: int
    thrown_in: bool = False
    """The hands are thrown in unscored (Monastery) rather than scored as they stand."""


@serializable
@dataclass(frozen=True, slots=True)
class LaidOff(Event):
    seat: int
    target_seat: int
    meld_index: int
    cards: tuple[Card, ...]
    at_start: bool = False


@serializable
@dataclass(frozen=True, slots=True)
class MeldChanged(Event):
    """A meld on the table after an exchange, a wild replacement or a Shanghai! call."""

    seat: int
    meld_index: int
    meld: Meld


@serializable
@dataclass(frozen=True, slots=True)
class Called(Event):
    """A seat made (or passed on) an out-of-turn call: "may i", "buy", "shanghai"."""

    seat: int
    kind: str


class Precedence(IdentityEnum):
    """Why a card more than one seat wanted went where it went (RULES.md 4.3.1, S2-A15,
    S3-A2)."""

    IN_TURN = "in turn"
    """The player in turn comes first: May I's first choice, or a buy refused."""
    NEARER = "nearer"
    """Among callers, the one soonest after ``order_from`` in turn order."""


@serializable
@dataclass(frozen=True, slots=True)
class CallWon(Event):
    """A contested call settled: more than one seat wanted the exposed card, and
    ``winner`` gets it (a buy: gets to ask the player in turn) over the seats in
    ``over``, by the rule ``why``. Told so nobody wonders why their call failed."""

    kind: str
    """The call contested: "may i", "buy" or "shanghai"."""
    card: Card
    winner: int
    over: tuple[int, ...]
    """The other seats that called for it, soonest in turn order first."""
    why: Precedence
    order_from: int
    """The seat turn order is counted from: the player in turn (May I, buy), the
    discarder (Shanghai!)."""


@serializable
@dataclass(frozen=True, slots=True)
class CardsGiven(Event):
    """Cards passed to a seat: a May I or buy (the exposed card is public, the penalty
    cards only the receiver sees), or a random card drawn from a Shanghai! caller."""

    seat: int
    reason: str
    public: tuple[Card, ...] = ()
    hidden: tuple[Card, ...] = ()
    count: int = 0
    from_seat: int | None = None

    @property
    def private_to(self) -> tuple[int, ...] | None:
        if not self.hidden:
            return None
        return (self.seat,) if self.from_seat is None else (self.seat, self.from_seat)

    def redacted_for(self, viewer: int | None) -> Event:
        private = self.private_to
        if private is None or viewer in private:
            return self
        return dataclasses.replace(self, hidden=())


@serializable
@dataclass(frozen=True, slots=True)
class TookBack(Event):
    seat: int


@serializable
@dataclass(frozen=True, slots=True)
class MissionCompleted(Event):
    """Monastery: a seat completed one of its nine missions."""

    seat: int
    mission: int
    count: int
    """How many missions the seat has completed now."""


@serializable
@dataclass(frozen=True, slots=True)
class RoundScored(Event):
    """End of a round: each seat's cards left in hand (shown to all), points and totals."""

    round: int
    hands: tuple[tuple[Card, ...], ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]
    out_seat: int | None = None
    """The seat that went out and ended the round, if one did."""
    melds: tuple[tuple[Meld, ...], ...] = ()
    """The table as the round ended (each seat's melds), so the last move can be shown
    in place before the next deal clears it."""


@serializable
@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    winners: tuple[int, ...]
    totals: tuple[int, ...]


# --- Palace ------------------------------------------------------------------------------

@serializable
@dataclass(frozen=True, slots=True)
class HiddenPicked(Event):
    """A seat chose its hidden reserve, blind, from its nine face-down cards."""

    seat: int
    positions: tuple[int, ...]


@serializable
@dataclass(frozen=True, slots=True)
class ReserveBuilt(Event):
    """A placement went face up into a seat's visible reserve."""

    seat: int
    cards: tuple[Card, ...]


@serializable
@dataclass(frozen=True, slots=True)
class Placed(Event):
    """A placement went onto the stack (``hidden``: a card turned up from the reserve)."""

    seat: int
    cards: tuple[Card, ...]
    hidden: bool = False


@serializable
@dataclass(frozen=True, slots=True)
class Burned(Event):
    """An ace burned the stack: its cards left the game; the seat places again."""

    seat: int
    cards: tuple[Card, ...]


@serializable
@dataclass(frozen=True, slots=True)
class StackTaken(Event):
    """A seat could not place and took the stack (with a hidden card that did not play)."""

    seat: int
    cards: tuple[Card, ...]


@serializable
@dataclass(frozen=True, slots=True)
class ReserveTaken(Event):
    """A seat's hand ran out: its visible reserve went into the hand."""

    seat: int
    cards: tuple[Card, ...]


@serializable
@dataclass(frozen=True, slots=True)
class HiddenRevealed(Event):
    """A hidden-reserve card turned face up."""

    seat: int
    position: int
    card: Card
