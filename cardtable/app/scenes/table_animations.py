"""How the rummy table animates each engine event: one small function per event type in
``ANIMATIONS`` (a test checks every event type has one, or an explicit none).

Each function is given the scene, the view before the move, when to start and the
animation speed (0: off), and returns when the next event's animation may start. A
callout beside a seat is set even with animations off: it is how a call is read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...engine import Pile
from ...engine.events import (
    Burned,
    Called,
    CallWon,
    CardsGiven,
    Dealt,
    Discarded,
    Drew,
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
from ...i18n import N_, _, text
from .. import cardart
from ..anim import Flight
from ..describe import describe
from ..event_registry import ByEvent
from ..table_desc import RummyView

if TYPE_CHECKING:
    from .table import TableScene

CALLOUT_SECONDS = 2.2
# Translators: what a seat calls out at the rummy table, shown in a bubble by its place.
CALLOUTS = {"may i": N_("May I!"), "buy": N_("Buy!"), "shanghai": N_("Shanghai!"),
            "allow": N_("Go ahead"), "refuse": N_("No — mine!")}
WON_CALLOUTS = {Precedence.IN_TURN: N_("First choice!"),
                Precedence.NEARER: N_("First in turn!")}
"""What the seat that got a contested card says, by the rule that gave it (a refused
buy's "No — mine!" already says it)."""


@dataclass(frozen=True)
class Moment:
    """What an event's animation is given: the scene, the view before the move, when
    to start (seconds on the scene's clock) and the speed (0: animations off)."""

    scene: TableScene
    before: RummyView
    start: float
    speed: float

    @property
    def duration(self) -> float:
        return 0.35 * self.speed

    def seat_point(self, seat: int) -> tuple[int, int]:
        """Where a card flies to reach a seat: the person's hand, or the seat's panel."""
        geo = self.scene.geo
        if seat == self.scene.session.human:
            return (geo.hand.centerx - geo.card_w // 2, geo.hand.bottom - geo.card_h)
        return geo.spots[seat].cards.topleft

    def to_seat(self, seat: int) -> int | None:
        """The seat a flight lands on, unless it is the person (whose hand shows it)."""
        return None if seat == self.scene.session.human else seat


ANIMATIONS: ByEvent[Moment, float] = ByEvent("animation at the rummy table")


def _still(moment: Moment, event: object) -> float:
    """No animation: the next event starts at once."""
    return moment.start


# None: the round's start, end and score are shown by the deal's flights and the score
# sheet; Palace's events never happen at this table.
ANIMATIONS.on(RoundStarted, TurnedUp, WentOut, StockExhausted, TookBack, MissionCompleted,
              RoundScored, GameEnded, HiddenPicked, ReserveBuilt, Placed, Burned,
              StackTaken, ReserveTaken, HiddenRevealed)(_still)


@ANIMATIONS.on(Called)
def _called(moment: Moment, event: Called) -> float:
    scene = moment.scene
    if event.kind in CALLOUTS:
        scene.callouts[event.seat] = (_(CALLOUTS[event.kind]),
                                      max(moment.start, scene.time) + CALLOUT_SECONDS)
    if moment.speed <= 0:
        return moment.start
    return moment.start + (0.5 * moment.speed if event.kind in CALLOUTS else 0.0)


@ANIMATIONS.on(CallWon)
def _call_won(moment: Moment, event: CallWon) -> float:
    """The seat that got a contested card says so; a person who called too, or who got
    it, reads who got it and why in the table's message."""
    scene = moment.scene
    session = scene.session
    if not (event.kind == "buy" and event.why is Precedence.IN_TURN):
        scene.callouts[event.winner] = (_(WON_CALLOUTS[event.why]),
                                        max(moment.start, scene.time) + CALLOUT_SECONDS)
    if session.human == event.winner or session.human in event.over:
        line = describe(event, session.names, session.human, session.words)
        if line:
            scene.say(text(line) + ".", good=session.human == event.winner)
    if moment.speed <= 0:
        return moment.start
    return moment.start + 0.5 * moment.speed


@ANIMATIONS.on(Drew)
def _drew(moment: Moment, event: Drew) -> float:
    if moment.speed <= 0:
        return moment.start
    scene = moment.scene
    geo, human = scene.geo, scene.session.human
    origin = geo.stock.topleft if event.source is Pile.STOCK else geo.discard.topleft
    visible = event.card if (event.source is Pile.DISCARD or event.seat == human) else None
    scene.animator.add(Flight(cardart.card_image(visible, geo.card_w, scene.deck_colours()),
                              origin, moment.seat_point(event.seat), moment.start,
                              moment.duration, event.card.code if event.card else None,
                              moment.to_seat(event.seat)))
    return moment.start + moment.duration


@ANIMATIONS.on(Discarded)
def _discarded(moment: Moment, event: Discarded) -> float:
    if moment.speed <= 0:
        return moment.start
    scene = moment.scene
    geo = scene.geo
    scene.animator.add(Flight(cardart.card_image(event.card, geo.card_w, scene.deck_colours()),
                              moment.seat_point(event.seat), geo.discard.topleft,
                              moment.start, moment.duration, event.card.code))
    return moment.start + moment.duration


@ANIMATIONS.on(MeldsLaid)
def _melds_laid(moment: Moment, event: MeldsLaid) -> float:
    if moment.speed <= 0:
        return moment.start
    scene = moment.scene
    geo, start, colours = scene.geo, moment.start, scene.deck_colours()
    target = geo.meld_row.topleft if event.seat == scene.session.human else \
        geo.spots[event.seat].melds.topleft
    for meld in event.melds:
        for card in meld.cards:
            scene.animator.add(Flight(cardart.card_image(card, geo.small_w, colours),
                                      moment.seat_point(event.seat), target, start,
                                      moment.duration * 0.8, card.code))
            start += 0.05 * moment.speed
    return start + moment.duration * 0.5


@ANIMATIONS.on(LaidOff)
def _laid_off(moment: Moment, event: LaidOff) -> float:
    if moment.speed <= 0:
        return moment.start
    scene = moment.scene
    geo, start, colours = scene.geo, moment.start, scene.deck_colours()
    owner = event.target_seat
    target = geo.meld_row.topleft if owner == scene.session.human else \
        geo.spots[owner].melds.topleft
    spots = [r for o, i, r in scene.meld_spots() if (o, i) == (owner, event.meld_index)]
    if spots:
        target = spots[0][0].topleft if event.at_start else spots[0][-1].topleft
    for card in event.cards:
        scene.animator.add(Flight(cardart.card_image(card, geo.small_w, colours),
                                  moment.seat_point(event.seat), target, start,
                                  moment.duration, card.code))
        start += 0.08 * moment.speed
    return start + moment.duration * 0.6


@ANIMATIONS.on(CardsGiven)
def _cards_given(moment: Moment, event: CardsGiven) -> float:
    if moment.speed <= 0:
        return moment.start
    scene = moment.scene
    geo, human, start = scene.geo, scene.session.human, moment.start
    width, colours = geo.card_w, scene.deck_colours()
    origin = geo.discard.topleft if event.reason != "shanghai" else \
        moment.seat_point(event.from_seat if event.from_seat is not None else event.seat)
    for card in event.public:
        scene.animator.add(Flight(cardart.card_image(card, width, colours), origin,
                                  moment.seat_point(event.seat), start, moment.duration,
                                  card.code, moment.to_seat(event.seat)))
        start += 0.1 * moment.speed
    shown_cards = event.hidden if event.seat == human else ()
    for index in range(max(0, event.count - len(event.public))):
        given = shown_cards[index] if index < len(shown_cards) else None
        source = geo.stock.topleft if event.reason != "shanghai" else origin
        scene.animator.add(Flight(cardart.card_image(given, width, colours), source,
                                  moment.seat_point(event.seat), start, moment.duration,
                                  given.code if given else None, moment.to_seat(event.seat)))
        start += 0.1 * moment.speed
    return start + moment.duration * 0.5


@ANIMATIONS.on(MeldChanged)
def _meld_changed(moment: Moment, event: MeldChanged) -> float:
    """A pause, so the changed meld is seen before the next move."""
    return moment.start if moment.speed <= 0 else moment.start + 0.25 * moment.speed


@ANIMATIONS.on(Reshuffled)
def _reshuffled(moment: Moment, event: Reshuffled) -> float:
    if moment.speed <= 0:
        return moment.start
    scene = moment.scene
    geo = scene.geo
    for index in range(min(6, event.count)):
        scene.animator.add(Flight(cardart.back(geo.card_w), geo.discard.topleft,
                                  geo.stock.topleft, moment.start + index * 0.05 * moment.speed,
                                  moment.duration))
    return moment.start + moment.duration + 0.3 * moment.speed


@ANIMATIONS.on(Dealt)
def _dealt(moment: Moment, event: Dealt) -> float:
    if moment.speed <= 0:
        return moment.start
    scene = moment.scene
    geo = scene.geo
    for index in range(event.count):
        step = moment.start + index * 0.09 * moment.speed
        code = event.cards[index].code if event.cards else None
        scene.animator.add(Flight(cardart.back(geo.card_w), geo.stock.topleft,
                                  moment.seat_point(event.seat), step, moment.duration * 0.7,
                                  code, moment.to_seat(event.seat)))
    return moment.start + 0.03 * moment.speed
