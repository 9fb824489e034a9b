"""Engine events as sentences for the move log ("West drew 9♥ from the discard pile").

Each event type has its sentence function in ``SENTENCES`` (a test checks that every one
does); ``describe`` looks it up by the event's type. Events arrive already redacted for
the person at the table, so a stock draw by another seat has no card to name. No pygame
here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import Action, Card, Exchange, Pile, ReplaceWild, pretty_cards
from ..engine.events import (
    Burned,
    Called,
    CallWon,
    CardsGiven,
    Dealt,
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
    Precedence,
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
from .event_registry import ByEvent
from .grammar import listed, plural


@dataclass(frozen=True)
class LogWords:
    """How a game's move log words what differs between games (each game's table
    registers its own)."""

    stock: str = "stock"
    """What the game calls its draw pile (Palace: "deck")."""
    went_out: str = "{name} went out!"
    """The line for a seat going out (Five Crowns adds that everyone has a last turn)."""


@dataclass(frozen=True)
class Said:
    """Whom a sentence is for and what it may name: the seats' names (the person's is
    "You"), the person's seat, the game's words, and the move that made the event."""

    names: Sequence[str]
    viewer: int
    words: LogWords = LogWords()
    move: tuple[int, Action] | None = None

    def who(self, seat: int) -> str:
        """The seat as a sentence's subject ("You", "West")."""
        return self.names[seat]

    def whom(self, seat: int) -> str:
        """The seat as an object ("you", "West")."""
        return "you" if seat == self.viewer else self.names[seat]

    def verb(self, seat: int, base: str) -> str:
        """``base`` agreeing with the seat: "you get", "West gets"."""
        return base if seat == self.viewer else base + "s"


SENTENCES: ByEvent[Said, str | None] = ByEvent("sentence in the move log")
"""The move log's sentence for each event type (``None``: that event needs no line)."""


def describe(event: Event, names: Sequence[str], viewer: int,
             words: LogWords = LogWords(),
             move: tuple[int, Action] | None = None) -> str | None:
    """One log line for an event, or ``None`` for events not worth a line. ``move`` is the
    seat and action that led to it, where known: a changed meld names who changed it."""
    return SENTENCES(Said(names, viewer, words, move), event)


# --- the rummy games ---------------------------------------------------------------------

@SENTENCES.on(RoundStarted)
def _round_started(said: Said, event: RoundStarted) -> str:
    wild = f", {event.wild_rank.label} are wild" if event.wild_rank else ""
    return (f"Round {event.round}: {plural(event.hand_size, 'card')} each{wild}. "
            f"{said.who(event.dealer)} {said.verb(event.dealer, 'deal')}.")


@SENTENCES.on(Dealt)
def _dealt(said: Said, event: Dealt) -> None:
    """No line: the round's first line says how many cards each seat holds, and the
    person sees the hand."""
    return None


@SENTENCES.on(Drew)
def _drew(said: Said, event: Drew) -> str:
    who = said.who(event.seat)
    if event.source is Pile.DISCARD:
        return f"{who} drew {_card(event.card)} from the discard pile"
    if event.card is not None:
        return f"{who} drew {_card(event.card)} from the {said.words.stock}"
    return f"{who} drew from the {said.words.stock}"


@SENTENCES.on(Discarded)
def _discarded(said: Said, event: Discarded) -> str:
    return f"{said.who(event.seat)} discarded {_card(event.card)}"


@SENTENCES.on(MeldsLaid)
def _melds_laid(said: Said, event: MeldsLaid) -> str:
    groups = " \u00b7 ".join(pretty_cards(meld.cards) for meld in event.melds)
    return f"{said.who(event.seat)} laid down {groups}"


@SENTENCES.on(WentOut)
def _went_out(said: Said, event: WentOut) -> str:
    return said.words.went_out.format(name=said.who(event.seat))


@SENTENCES.on(Reshuffled)
def _reshuffled(said: Said, event: Reshuffled) -> str:
    return f"The discard pile was shuffled into a new stock ({plural(event.count, 'card')})"


@SENTENCES.on(StockExhausted)
def _stock_exhausted(said: Said, event: StockExhausted) -> str:
    times = "once" if event.rebuilds == 1 else "twice" if event.rebuilds == 2 else \
        f"{event.rebuilds} times"
    if event.thrown_in:
        return (f"The stock ran out again after being rebuilt {times}: the round is "
                "thrown in (missions laid stay done)")
    return (f"The stock ran out again after being rebuilt {times}: the round ends "
            "and every hand is scored")


@SENTENCES.on(TurnedUp)
def _turned_up(said: Said, event: TurnedUp) -> str:
    return f"{_card(event.card)} was turned up"


@SENTENCES.on(RoundScored)
def _round_scored(said: Said, event: RoundScored) -> str:
    scores = ", ".join(f"{said.who(seat)} {points}" for seat, points in enumerate(event.points))
    return f"Round {event.round} scored: {scores}"


@SENTENCES.on(GameEnded)
def _game_ended(said: Said, event: GameEnded) -> str:
    if not event.winners:
        return "Game over: a draw, the placement limit was reached with nobody out."
    winners = " and ".join(said.who(seat) for seat in event.winners)
    if len(event.winners) > 1:
        return f"Game over: {winners} share the win!"
    return f"Game over: {winners} {said.verb(event.winners[0], 'win')}!"


_CALLS = {"may i": ("call", "May I!"), "buy": ("ask", "to buy"),
          "shanghai": ("yell", "Shanghai!"), "allow": ("let", "the buy go"),
          "refuse": ("refuse", "the buy")}


@SENTENCES.on(Called)
def _called(said: Said, event: Called) -> str | None:
    """No line for a pass: only calls made are worth reading."""
    call = _CALLS.get(event.kind)
    if call is None:
        return None
    return f"{said.who(event.seat)} {said.verb(event.seat, call[0])} {call[1]}"


@SENTENCES.on(CallWon)
def _call_won(said: Said, event: CallWon) -> str:
    """Who got a card more than one seat wanted, and the rule that says so."""
    card, winner, first = _card(event.card), event.winner, said.who(event.winner)
    others = listed([said.whom(seat) for seat in event.over])
    if event.why is Precedence.IN_TURN:
        if event.kind == "may i":
            return (f"{first} took {card} before the May I calls: the player in turn has "
                    f"first choice ({others} called)")
        return (f"{first} {said.verb(winner, 'keep')} {card}: the player in turn may refuse "
                f"a buy and take the card ({others} asked to buy)")
    got = {"may i": f"{said.verb(winner, 'get')} {card} by May I",
           "buy": f"{said.verb(winner, 'ask')} to buy {card}",
           "shanghai": f"{said.verb(winner, 'win')} the Shanghai! on {card}"
           }.get(event.kind, f"{said.verb(winner, 'get')} {card}")
    role = "the discarder" if event.kind == "shanghai" else "the player in turn"
    nearer = "nearer" if len(event.over) == 1 else "nearest"
    return (f"{first} {got} ahead of {others}: {first} {said.verb(winner, 'sit')} {nearer} "
            f"to the left of {role} ({said.whom(event.order_from)})")


@SENTENCES.on(CardsGiven)
def _cards_given(said: Said, event: CardsGiven) -> str:
    who = said.who(event.seat)
    if event.reason == "shanghai" and event.from_seat is not None:
        taken = " ".join(_card(c) for c in event.public + event.hidden) or "a card"
        return f"{who} drew {taken} at random from {said.whom(event.from_seat)}"
    public = " ".join(_card(c) for c in event.public)
    extra = event.count - len(event.public)
    penalty = " ".join(_card(c) for c in event.hidden) or plural(extra, "card")
    if event.reason == "buy":
        return f"{who} bought {public} (+{penalty})"
    return f"{who} took {public} by May I (+{penalty} as the penalty)"


@SENTENCES.on(LaidOff)
def _laid_off(said: Said, event: LaidOff) -> str:
    owner = "their own" if event.target_seat == event.seat != said.viewer else \
        "your" if event.target_seat == said.viewer else f"{said.who(event.target_seat)}'s"
    return f"{said.who(event.seat)} added {pretty_cards(event.cards)} to {owner} meld"


@SENTENCES.on(MeldChanged)
def _meld_changed(said: Said, event: MeldChanged) -> str:
    swapped = _swap_line(event, said)
    if swapped is not None:
        return swapped
    whose = "Your" if event.seat == said.viewer else f"{said.who(event.seat)}'s"
    return f"{whose} meld is now {pretty_cards(event.meld.cards)}"


@SENTENCES.on(MissionCompleted)
def _mission_completed(said: Said, event: MissionCompleted) -> str:
    title = MISSIONS[event.mission].title
    return (f"{said.who(event.seat)} completed mission {event.mission}, {title} "
            f"({event.count} of 9)")


@SENTENCES.on(TookBack)
def _took_back(said: Said, event: TookBack) -> str:
    return f"{said.who(event.seat)} took back this turn's plays"


# --- Palace ------------------------------------------------------------------------------

@SENTENCES.on(HiddenPicked)
def _hidden_picked(said: Said, event: HiddenPicked) -> str:
    return f"{said.who(event.seat)} picked a hidden reserve, blind"


@SENTENCES.on(ReserveBuilt)
def _reserve_built(said: Said, event: ReserveBuilt) -> str:
    return f"{said.who(event.seat)} put {pretty_cards(event.cards)} in the visible reserve"


@SENTENCES.on(Placed)
def _placed(said: Said, event: Placed) -> str:
    how = " from the hidden reserve" if event.hidden else ""
    return f"{said.who(event.seat)} placed {pretty_cards(event.cards)}{how}"


@SENTENCES.on(Burned)
def _burned(said: Said, event: Burned) -> str:
    return (f"The ace burns the stack: {plural(len(event.cards), 'card')} out of the game. "
            f"{said.who(event.seat)} {said.verb(event.seat, 'place')} again")


@SENTENCES.on(StackTaken)
def _stack_taken(said: Said, event: StackTaken) -> str:
    return f"{said.who(event.seat)} took the stack ({plural(len(event.cards), 'card')})"


@SENTENCES.on(ReserveTaken)
def _reserve_taken(said: Said, event: ReserveTaken) -> str:
    return (f"{said.who(event.seat)} took the visible reserve into the hand: "
            f"{pretty_cards(event.cards)}")


@SENTENCES.on(HiddenRevealed)
def _hidden_revealed(said: Said, event: HiddenRevealed) -> str:
    return f"{said.who(event.seat)} turned up a hidden card: {event.card.pretty}"


def _card(card: Card | None) -> str:
    """A card by name, or "a card" where the viewer may not see which (redacted)."""
    return "a card" if card is None else card.pretty


def _swap_line(event: MeldChanged, said: Said) -> str | None:
    """A meld changed by a wild swap, with who swapped (``None``: not a swap's meld)."""
    if said.move is None:
        return None
    actor, action = said.move
    if not isinstance(action, (Exchange, ReplaceWild)):
        return None
    whose = "your" if event.seat == said.viewer else f"{said.who(event.seat)}'s"
    now = pretty_cards(event.meld.cards)
    if (event.seat, event.meld_index) == (action.target_seat, action.meld_index):
        return (f"{said.who(actor)} swapped {action.natural.pretty} for the "
                f"{action.wild.pretty} in {whose} meld: {now}")
    if isinstance(action, ReplaceWild) and \
            (event.seat, event.meld_index) == (action.dest_seat, action.dest_index):
        return (f"{said.who(actor)} laid the freed {action.wild.pretty} on {whose} meld: "
                f"{now}")
    return None
