"""Engine events as sentences for the move log ("West drew 9♥ from the discard pile").

Each event type has its sentence function in ``SENTENCES`` (a test checks that every one
does); ``describe`` looks it up by the event's type. Events arrive already redacted for
the person at the table, so a stock draw by another seat has no card to name. No pygame
here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import Action, Card, Exchange, Pile, ReplaceWild
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
from ..i18n import N_, _, cards_text, ngettext, pgettext, text
from ..i18n import card_name as card_text
from .event_registry import ByEvent
from .spoken import listed, rank_plural


@dataclass(frozen=True)
class LogWords:
    """How a game's move log words what differs between games (each game's table
    registers its own)."""

    stock: str = N_("stock")
    """What the game calls its draw pile (Palace: "deck"); marked with ``N_`` where it is
    given, translated where it is said."""
    went_out: str = N_("{name} went out!")
    """The line for a seat going out (Five Crowns adds that everyone has a last turn);
    marked with ``N_`` where it is given, translated where it is said."""


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
        return pgettext("the person, as an object", "you") if seat == self.viewer \
            else self.names[seat]

    def by(self, seat: int, you: str, other: str) -> str:
        """The sentence said of the person (``you``: "You deal.") or of another seat
        (``other``, with ``{name}``: "West deals."), already translated: the verb agrees
        with its subject, in English as in the languages it is translated into."""
        return you if seat == self.viewer else other

    @property
    def stock(self) -> str:
        return _(self.words.stock)


SENTENCES: ByEvent[Said, str | None] = ByEvent("sentence in the move log")
"""The move log's sentence for each event type (``None``: that event needs no line)."""


def describe(event: Event, names: Sequence[str], viewer: int,
             words: LogWords = LogWords(),
             move: tuple[int, Action] | None = None) -> str | None:
    """One log line for an event, or ``None`` for events not worth a line. ``move`` is the
    seat and action that led to it, where known: a changed meld names who changed it."""
    return SENTENCES(Said(names, viewer, words, move), event)


# --- the rummy games ---------------------------------------------------------------------
# Each sentence about a seat comes twice, said of the person ("You drew…") and of another
# seat ("{name} drew…"): the verb agrees with its subject in the languages translated to.

@SENTENCES.on(RoundStarted)
def _round_started(said: Said, event: RoundStarted) -> str:
    size = event.hand_size
    if event.wild_rank:
        first = ngettext("Round {round}: {count} card each, {ranks} are wild.",
                         "Round {round}: {count} cards each, {ranks} are wild.", size).format(
            round=event.round, count=size, ranks=rank_plural(event.wild_rank))
    else:
        first = ngettext("Round {round}: {count} card each.",
                         "Round {round}: {count} cards each.", size).format(
            round=event.round, count=size)
    dealer = said.by(event.dealer, _("You deal."), _("{name} deals.")).format(
        name=said.who(event.dealer))
    return f"{first} {dealer}"


@SENTENCES.on(Dealt)
def _dealt(said: Said, event: Dealt) -> None:
    """No line: the round's first line says how many cards each seat holds, and the
    person sees the hand."""
    return None


@SENTENCES.on(Drew)
def _drew(said: Said, event: Drew) -> str:
    seat, card = event.seat, _card(event.card)
    if event.source is Pile.DISCARD:
        line = said.by(seat, _("You drew {card} from the discard pile"),
                       _("{name} drew {card} from the discard pile"))
    elif event.card is not None:
        # Translators: {stock} is the draw pile's name ("stock"; Palace: "deck")
        line = said.by(seat, _("You drew {card} from the {stock}"),
                       _("{name} drew {card} from the {stock}"))
    else:
        # Translators: {stock} is the draw pile's name ("stock"; Palace: "deck")
        line = said.by(seat, _("You drew from the {stock}"), _("{name} drew from the {stock}"))
    return line.format(name=said.who(seat), card=card, stock=said.stock)


@SENTENCES.on(Discarded)
def _discarded(said: Said, event: Discarded) -> str:
    return said.by(event.seat, _("You discarded {card}"), _("{name} discarded {card}")).format(
        name=said.who(event.seat), card=_card(event.card))


@SENTENCES.on(MeldsLaid)
def _melds_laid(said: Said, event: MeldsLaid) -> str:
    groups = " \u00b7 ".join(cards_text(meld.cards) for meld in event.melds)
    return said.by(event.seat, _("You laid down {melds}"), _("{name} laid down {melds}")).format(
        name=said.who(event.seat), melds=groups)


@SENTENCES.on(WentOut)
def _went_out(said: Said, event: WentOut) -> str:
    return _(said.words.went_out).format(name=said.who(event.seat))


@SENTENCES.on(Reshuffled)
def _reshuffled(said: Said, event: Reshuffled) -> str:
    return ngettext("The discard pile was shuffled into a new stock ({count} card)",
                    "The discard pile was shuffled into a new stock ({count} cards)",
                    event.count).format(count=event.count)


@SENTENCES.on(StockExhausted)
def _stock_exhausted(said: Said, event: StockExhausted) -> str:
    rebuilds = event.rebuilds
    # Translators: how often the stock was rebuilt, in "after being rebuilt {times}"
    times = pgettext("how often", "once") if rebuilds == 1 else \
        pgettext("how often", "twice") if rebuilds == 2 else \
        ngettext("{count} time", "{count} times", rebuilds).format(count=rebuilds)
    if event.thrown_in:
        return _("The stock ran out again after being rebuilt {times}: the round is "
                 "thrown in (missions laid stay done)").format(times=times)
    return _("The stock ran out again after being rebuilt {times}: the round ends "
             "and every hand is scored").format(times=times)


@SENTENCES.on(TurnedUp)
def _turned_up(said: Said, event: TurnedUp) -> str:
    return _("{card} was turned up").format(card=_card(event.card))


@SENTENCES.on(RoundScored)
def _round_scored(said: Said, event: RoundScored) -> str:
    # Translators: a seat and its points in a round's scores: "West 25"
    scores = ", ".join(_("{name} {points}").format(name=said.who(seat), points=points)
                       for seat, points in enumerate(event.points))
    return _("Round {round} scored: {scores}").format(round=event.round, scores=scores)


@SENTENCES.on(GameEnded)
def _game_ended(said: Said, event: GameEnded) -> str:
    if not event.winners:
        return _("Game over: a draw, the placement limit was reached with nobody out.")
    if len(event.winners) > 1:
        winners = said.who(event.winners[0])
        for seat in event.winners[1:]:
            winners = _("{first} and {last}").format(first=winners, last=said.who(seat))
        return _("Game over: {names} share the win!").format(names=winners)
    winner = event.winners[0]
    return said.by(winner, _("Game over: You win!"), _("Game over: {name} wins!")).format(
        name=said.who(winner))


def _call_line(said: Said, seat: int, kind: str) -> str | None:
    """A call made, said of its seat ("West calls May I!"); None for a pass."""
    lines = {
        "may i": (_("You call May I!"), _("{name} calls May I!")),
        "buy": (_("You ask to buy"), _("{name} asks to buy")),
        "shanghai": (_("You yell Shanghai!"), _("{name} yells Shanghai!")),
        "allow": (_("You let the buy go"), _("{name} lets the buy go")),
        "refuse": (_("You refuse the buy"), _("{name} refuses the buy")),
    }
    pair = lines.get(kind)
    return None if pair is None else said.by(seat, *pair).format(name=said.who(seat))


@SENTENCES.on(Called)
def _called(said: Said, event: Called) -> str | None:
    """No line for a pass: only calls made are worth reading."""
    return _call_line(said, event.seat, event.kind)


@SENTENCES.on(CallWon)
def _call_won(said: Said, event: CallWon) -> str:
    """Who got a card more than one seat wanted, and the rule that says so."""
    card, winner = _card(event.card), event.winner
    values = {"name": said.who(winner), "card": card,
              "others": listed([said.whom(seat) for seat in event.over]),
              "whom": said.whom(event.order_from)}
    if event.why is Precedence.IN_TURN:
        if event.kind == "may i":
            return said.by(
                winner,
                _("You took {card} before the May I calls: the player in turn has first "
                  "choice ({others} called)"),
                _("{name} took {card} before the May I calls: the player in turn has first "
                  "choice ({others} called)")).format(**values)
        return said.by(
            winner,
            _("You keep {card}: the player in turn may refuse a buy and take the card "
              "({others} asked to buy)"),
            _("{name} keeps {card}: the player in turn may refuse a buy and take the card "
              "({others} asked to buy)")).format(**values)
    got = {"may i": (_("You get {card} by May I ahead of {others}"),
                     _("{name} gets {card} by May I ahead of {others}")),
           "buy": (_("You ask to buy {card} ahead of {others}"),
                   _("{name} asks to buy {card} ahead of {others}")),
           "shanghai": (_("You win the Shanghai! on {card} ahead of {others}"),
                        _("{name} wins the Shanghai! on {card} ahead of {others}")),
           }.get(event.kind, (_("You get {card} ahead of {others}"),
                              _("{name} gets {card} ahead of {others}")))
    nearer = len(event.over)
    if event.kind == "shanghai":
        why = said.by(winner,
                      # Translators: "nearer" when one other seat called, "nearest" when
                      # several did
                      ngettext("You sit nearer to the left of the discarder ({whom})",
                               "You sit nearest to the left of the discarder ({whom})",
                               nearer),
                      ngettext("{name} sits nearer to the left of the discarder ({whom})",
                               "{name} sits nearest to the left of the discarder ({whom})",
                               nearer))
    else:
        why = said.by(winner,
                      # Translators: "nearer" when one other seat called, "nearest" when
                      # several did
                      ngettext("You sit nearer to the left of the player in turn ({whom})",
                               "You sit nearest to the left of the player in turn ({whom})",
                               nearer),
                      ngettext("{name} sits nearer to the left of the player in turn ({whom})",
                               "{name} sits nearest to the left of the player in turn "
                               "({whom})", nearer))
    # Translators: who got a card, then why: "West gets 7♥ by May I ahead of you: West…"
    return _("{got}: {why}").format(got=said.by(winner, *got).format(**values),
                                    why=why.format(**values))


@SENTENCES.on(CardsGiven)
def _cards_given(said: Said, event: CardsGiven) -> str:
    seat = event.seat
    if event.reason == "shanghai" and event.from_seat is not None:
        taken = " ".join(_card(c) for c in event.public + event.hidden) or _card(None)
        return said.by(seat, _("You drew {cards} at random from {whom}"),
                       _("{name} drew {cards} at random from {whom}")).format(
            name=said.who(seat), cards=taken, whom=said.whom(event.from_seat))
    public = " ".join(_card(c) for c in event.public)
    extra = event.count - len(event.public)
    penalty = " ".join(_card(c) for c in event.hidden) or \
        ngettext("{count} card", "{count} cards", extra).format(count=extra)
    if event.reason == "buy":
        line = said.by(seat, _("You bought {cards} (+{penalty})"),
                       _("{name} bought {cards} (+{penalty})"))
    else:
        line = said.by(seat, _("You took {cards} by May I (+{penalty} as the penalty)"),
                       _("{name} took {cards} by May I (+{penalty} as the penalty)"))
    return line.format(name=said.who(seat), cards=public, penalty=penalty)


@SENTENCES.on(LaidOff)
def _laid_off(said: Said, event: LaidOff) -> str:
    seat, target = event.seat, event.target_seat
    if target == said.viewer:
        line = said.by(seat, _("You added {cards} to your meld"),
                       _("{name} added {cards} to your meld"))
    elif target == seat:
        line = _("{name} added {cards} to their own meld")
    else:
        line = said.by(seat, _("You added {cards} to {owner}'s meld"),
                       _("{name} added {cards} to {owner}'s meld"))
    return line.format(name=said.who(seat), cards=cards_text(event.cards),
                       owner=said.who(target))


@SENTENCES.on(MeldChanged)
def _meld_changed(said: Said, event: MeldChanged) -> str:
    swapped = _swap_line(event, said)
    if swapped is not None:
        return swapped
    return said.by(event.seat, _("Your meld is now {cards}"),
                   _("{name}'s meld is now {cards}")).format(
        name=said.who(event.seat), cards=cards_text(event.meld.cards))


@SENTENCES.on(MissionCompleted)
def _mission_completed(said: Said, event: MissionCompleted) -> str:
    return said.by(event.seat, _("You completed mission {number}, {title} ({count} of 9)"),
                   _("{name} completed mission {number}, {title} ({count} of 9)")).format(
        name=said.who(event.seat), number=event.mission,
        title=text(MISSIONS[event.mission].title), count=event.count)


@SENTENCES.on(TookBack)
def _took_back(said: Said, event: TookBack) -> str:
    return said.by(event.seat, _("You took back this turn's plays"),
                   _("{name} took back this turn's plays")).format(name=said.who(event.seat))


# --- Palace ------------------------------------------------------------------------------

@SENTENCES.on(HiddenPicked)
def _hidden_picked(said: Said, event: HiddenPicked) -> str:
    return said.by(event.seat, _("You picked a hidden reserve, blind"),
                   _("{name} picked a hidden reserve, blind")).format(name=said.who(event.seat))


@SENTENCES.on(ReserveBuilt)
def _reserve_built(said: Said, event: ReserveBuilt) -> str:
    return said.by(event.seat, _("You put {cards} in the visible reserve"),
                   _("{name} put {cards} in the visible reserve")).format(
        name=said.who(event.seat), cards=cards_text(event.cards))


@SENTENCES.on(Placed)
def _placed(said: Said, event: Placed) -> str:
    if event.hidden:
        line = said.by(event.seat, _("You placed {cards} from the hidden reserve"),
                       _("{name} placed {cards} from the hidden reserve"))
    else:
        line = said.by(event.seat, _("You placed {cards}"), _("{name} placed {cards}"))
    return line.format(name=said.who(event.seat), cards=cards_text(event.cards))


@SENTENCES.on(Burned)
def _burned(said: Said, event: Burned) -> str:
    count = len(event.cards)
    burns = ngettext("The ace burns the stack: {count} card out of the game.",
                     "The ace burns the stack: {count} cards out of the game.",
                     count).format(count=count)
    again = said.by(event.seat, _("You place again"), _("{name} places again")).format(
        name=said.who(event.seat))
    return f"{burns} {again}"


@SENTENCES.on(StackTaken)
def _stack_taken(said: Said, event: StackTaken) -> str:
    count = len(event.cards)
    return said.by(event.seat,
                   ngettext("You took the stack ({count} card)",
                            "You took the stack ({count} cards)", count),
                   ngettext("{name} took the stack ({count} card)",
                            "{name} took the stack ({count} cards)", count)).format(
        name=said.who(event.seat), count=count)


@SENTENCES.on(ReserveTaken)
def _reserve_taken(said: Said, event: ReserveTaken) -> str:
    return said.by(event.seat, _("You took the visible reserve into the hand: {cards}"),
                   _("{name} took the visible reserve into the hand: {cards}")).format(
        name=said.who(event.seat), cards=cards_text(event.cards))


@SENTENCES.on(HiddenRevealed)
def _hidden_revealed(said: Said, event: HiddenRevealed) -> str:
    return said.by(event.seat, _("You turned up a hidden card: {card}"),
                   _("{name} turned up a hidden card: {card}")).format(
        name=said.who(event.seat), card=card_text(event.card))


def _card(card: Card | None) -> str:
    """A card by name, or "a card" where the viewer may not see which (redacted)."""
    # Translators: a card the reader may not see, in "West drew a card from the stock"
    return _("a card") if card is None else card_text(card)


def _swap_line(event: MeldChanged, said: Said) -> str | None:
    """A meld changed by a wild swap, with who swapped (``None``: not a swap's meld)."""
    if said.move is None:
        return None
    actor, action = said.move
    if not isinstance(action, (Exchange, ReplaceWild)):
        return None
    yours = event.seat == said.viewer
    values = {"name": said.who(actor), "owner": said.who(event.seat),
              "natural": card_text(action.natural), "wild": card_text(action.wild),
              "cards": cards_text(event.meld.cards)}
    if (event.seat, event.meld_index) == (action.target_seat, action.meld_index):
        if yours:
            line = said.by(actor, _("You swapped {natural} for the {wild} in your meld: {cards}"),
                           _("{name} swapped {natural} for the {wild} in your meld: {cards}"))
        else:
            line = said.by(actor,
                           _("You swapped {natural} for the {wild} in {owner}'s meld: {cards}"),
                           _("{name} swapped {natural} for the {wild} in {owner}'s meld: "
                             "{cards}"))
        return line.format(**values)
    if isinstance(action, ReplaceWild) and \
            (event.seat, event.meld_index) == (action.dest_seat, action.dest_index):
        if yours:
            line = said.by(actor, _("You laid the freed {wild} on your meld: {cards}"),
                           _("{name} laid the freed {wild} on your meld: {cards}"))
        else:
            line = said.by(actor, _("You laid the freed {wild} on {owner}'s meld: {cards}"),
                           _("{name} laid the freed {wild} on {owner}'s meld: {cards}"))
        return line.format(**values)
    return None
