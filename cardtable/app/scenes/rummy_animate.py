"""How the rummy table plays out engine events: cards flying between the piles, the
hands and the melds, callouts, and the table as a round ended (before its score sheet).

Functions of the table scene; positions come from its layout and screen model.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from ...engine import Card, Pile
from ...engine.events import (
    Called,
    CardsGiven,
    Dealt,
    Discarded,
    Drew,
    Event,
    LaidOff,
    MeldChanged,
    MeldsLaid,
    Reshuffled,
    RoundScored,
)
from .. import cardart
from ..anim import Flight
from ..model import Role, TableMeld
from ..session import Shown
from ..table_desc import RummyView

if TYPE_CHECKING:
    from .table import TableScene

CALLOUT_SECONDS = 2.2
CALLOUTS = {"may i": "May I!", "buy": "Buy!", "shanghai": "Shanghai!", "allow": "Go ahead",
            "refuse": "No — mine!"}


def round_end_view(human: int, before: RummyView, shown: Shown,
                   scored: RoundScored) -> RummyView:
    """The table as the round ended: the view before the round-ending move, with that
    move done (its cards out of the hand, its discard on the pile, the melds as the
    round left them). The engine has dealt on already; this is what the person sees
    until the score sheet is closed."""
    moved: list[Card] = []
    pile = before.discard_pile
    for event in shown.events:
        if isinstance(event, RoundScored):
            break
        if isinstance(event, Discarded) and event.seat == shown.seat:
            moved.append(event.card)
            pile = pile + (event.card,)
        elif isinstance(event, MeldsLaid) and event.seat == shown.seat:
            moved += [card for meld in event.melds for card in meld.cards]
        elif isinstance(event, LaidOff) and event.seat == shown.seat:
            moved += list(event.cards)
    gone = set(moved)
    sizes = list(before.hand_sizes)
    sizes[shown.seat] = max(0, sizes[shown.seat] - len(moved))
    hand = tuple(c for c in before.hand if c not in gone) if shown.seat == human \
        else before.hand
    end: RummyView = dataclasses.replace(
        cast(Any, before), hand=hand, hand_sizes=tuple(sizes), discard_pile=pile,
        melds=scored.melds or before.melds)
    return end


def animate(scene: TableScene, event: Event, start: float, speed: float) -> float:
    """Queue the animation of one event from ``start``; returns when the next may start."""
    if isinstance(event, Called) and event.kind in CALLOUTS:
        scene.callouts[event.seat] = (CALLOUTS[event.kind],
                                      max(start, scene.time) + CALLOUT_SECONDS)
    if speed <= 0:
        return start
    geo, human = scene.geo, scene.session.human
    width, colours = geo.card_w, scene.deck_colours()

    def seat_point(seat: int) -> tuple[int, int]:
        if seat == human:
            return (geo.hand.centerx - width // 2, geo.hand.bottom - geo.card_h)
        return geo.spots[seat].cards.topleft

    def fly(card: Card | None, origin: tuple[int, int], target: tuple[int, int],
            when: float, length: float, small: bool = False, seat: int | None = None) -> None:
        image = cardart.card_image(card, geo.small_w if small else width, colours)
        scene.animator.add(Flight(image, origin, target, when, length,
                                  card.code if card else None, seat))

    duration = 0.35 * speed
    if isinstance(event, Drew):
        origin = geo.stock.topleft if event.source is Pile.STOCK else geo.discard.topleft
        visible = event.card if (event.source is Pile.DISCARD or event.seat == human) else None
        fly(visible, origin, seat_point(event.seat), start, duration,
            seat=None if event.seat == human else event.seat)
        return start + duration
    if isinstance(event, Discarded):
        fly(event.card, seat_point(event.seat), geo.discard.topleft, start, duration)
        return start + duration
    if isinstance(event, MeldsLaid):
        target = geo.meld_row.topleft if event.seat == human else \
            geo.spots[event.seat].melds.topleft
        for meld in event.melds:
            for card in meld.cards:
                fly(card, seat_point(event.seat), target, start, duration * 0.8, small=True)
                start += 0.05 * speed
        return start + duration * 0.5
    if isinstance(event, LaidOff):
        owner = event.target_seat
        target = geo.meld_row.topleft if owner == human else geo.spots[owner].melds.topleft
        model = scene.model()
        found = model.find(TableMeld(owner, event.meld_index))
        cards = [element.box for element in model.children(found.id)
                 if element.role in (Role.CARD, Role.WILD)] if found is not None else []
        if cards:
            target = (cards[0].x, cards[0].y) if event.at_start else (cards[-1].x, cards[-1].y)
        for card in event.cards:
            fly(card, seat_point(event.seat), target, start, duration, small=True)
            start += 0.08 * speed
        return start + duration * 0.6
    if isinstance(event, CardsGiven):
        return _given(scene, event, start, speed, seat_point)
    if isinstance(event, Called):
        return start + (0.5 * speed if event.kind in CALLOUTS else 0.0)
    if isinstance(event, MeldChanged):
        return start + 0.25 * speed
    if isinstance(event, Reshuffled):
        for index in range(min(6, event.count)):
            scene.animator.add(Flight(cardart.back(width), geo.discard.topleft,
                                      geo.stock.topleft, start + index * 0.05 * speed,
                                      duration))
        return start + duration + 0.3 * speed
    if isinstance(event, Dealt):
        for index in range(event.count):
            step = start + index * 0.09 * speed
            code = event.cards[index].code if event.cards else None
            scene.animator.add(Flight(cardart.back(width), geo.stock.topleft,
                                      seat_point(event.seat), step, duration * 0.7, code,
                                      None if event.seat == human else event.seat))
        return start + 0.03 * speed
    return start


def _given(scene: TableScene, event: CardsGiven, start: float, speed: float,
           seat_point: Callable[[int], tuple[int, int]]) -> float:
    """Cards given to a caller: the called card from the pile, extras from the stock."""
    geo, human = scene.geo, scene.session.human
    width, colours, duration = geo.card_w, scene.deck_colours(), 0.35 * speed
    origin = geo.discard.topleft if event.reason != "shanghai" else \
        seat_point(event.from_seat if event.from_seat is not None else event.seat)
    for card in event.public:
        scene.animator.add(Flight(cardart.card_image(card, width, colours), origin,
                                  seat_point(event.seat), start, duration, card.code,
                                  None if event.seat == human else event.seat))
        start += 0.1 * speed
    shown_cards = event.hidden if event.seat == human else ()
    for index in range(max(0, event.count - len(event.public))):
        given = shown_cards[index] if index < len(shown_cards) else None
        source = geo.stock.topleft if event.reason != "shanghai" else origin
        scene.animator.add(Flight(cardart.card_image(given, width, colours), source,
                                  seat_point(event.seat), start, duration,
                                  given.code if given else None,
                                  None if event.seat == human else event.seat))
        start += 0.1 * speed
    return start + duration * 0.5
