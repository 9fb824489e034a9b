"""The Palace table as a screen model: every card, pile, seat, slot, button and the log,
named as a person would say it, placed where it is drawn, with what it takes.

A pure function of the layout and of what the table shows (``Seen``); drawing,
hit-testing, drag and drop, keyboard focus, hints and the tests all read its result.
No pygame here beyond the layout's rectangles.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pygame

from ..engine.palace import RESERVE_PLACEMENTS, Phase
from ..engine.placements import rank_name
from . import table_texts, theme
from .model import (
    Box,
    Control,
    Element,
    Gesture,
    HandCard,
    Region,
    Role,
    ScreenModel,
    SeatCards,
    SeatRef,
    Text,
    Zone,
    ZoneCard,
)
from .palace_layout import PalaceLayout, label_size, reserve_label_size
from .palace_seen import (
    BURNED,
    DECK,
    FACE_DOWN,
    HIDDEN,
    NEXT_SLOT,
    PLAY,
    RESERVE,
    STACK,
    Seen,
    card_words,
    cards_words,
    label_box,
    ordinal,
    rank_words,
)


def you_box(geo: PalaceLayout) -> Box:
    """The person's own label ("You", cards left): left of their reserve, clear of the
    hand, whose picked cards rise."""
    size = label_size(geo.table.height)
    line = int(size * 1.35)
    first = geo.reserve[0]
    x = geo.table.play.x + 4
    width = min(int(len("13 cards left") * size * 0.6) + 4, first.x - x - 8)
    return Box(x, first.bottom - 2 * line, width, 2 * line)


def build(geo: PalaceLayout, seen: Seen) -> ScreenModel:
    return ScreenModel(tuple(_elements(geo, seen)))


def _elements(geo: PalaceLayout, seen: Seen) -> Iterator[Element]:
    table = geo.table
    yield Element("info", Role.PANEL, seen.info, Box.of(table.info), Region("info"),
                  focusable=True,
                  texts=table_texts.info_texts(table, seen.headline, seen.prompt, None))
    yield from _hand(geo, seen)
    yield from _piles(geo, seen)
    yield from _own_reserve(geo, seen)
    for seat in table.spots:
        yield from _seat(geo, seen, seat)
    for button in seen.buttons:
        words = button.label.split("  [")
        name = words[0] + (f", key {words[1].rstrip(']')}" if len(words) > 1 else "")
        yield Element(f"button/{button.command}", Role.BUTTON, name, button.box,
                      Control(button.command), z=10, enabled=button.enabled, accepts=PLAY,
                      texts=(Text(button.label, button.size, bold=True),))
    yield Element("log", Role.LOG, f"Moves: {seen.log}" if seen.log else "Moves: none yet",
                  Box.of(table.log), Region("log"), focusable=True,
                  texts=table_texts.log_texts(table.log, seen.log_lines, table.height,
                                              seen.log_scroll))
    yield from _said(geo, seen)


def pile_labels(geo: PalaceLayout) -> list[pygame.Rect]:
    """Where the piles' labels lie (a line under each pile)."""
    line = 6 + int(label_size(geo.table.height) * 1.35)
    return [pygame.Rect(pile.x, pile.bottom, pile.width, line)
            for pile in (geo.deck, geo.stack_area(), geo.burned)]


def you_point(geo: PalaceLayout, said: str | None) -> tuple[int, int]:
    """Where the person's callout sits: right of their reserve, clear of the buttons."""
    table = geo.table
    last = geo.reserve[-1]
    x = last.right + table.card_w
    if said is not None:  # a longer one stays clear of the buttons
        width = theme.font(table_texts.callout_size(table), True).size(said)[0]
        x = min(x, table.controls.x - 12 - width // 2 - 13)
    return x, last.centery


def _said(geo: PalaceLayout, seen: Seen) -> Iterator[Element]:
    """The banner (clear of the piles, their labels and the hand) and the callouts."""
    table = geo.table
    if seen.message is not None:
        avoid = [geo.deck, geo.stack_area(), geo.burned, *pile_labels(geo), table.hand]
        box, text = table_texts.banner(table, seen.message, avoid)
        yield Element("banner", Role.PANEL, seen.message, box, Region("banner"), z=50,
                      texts=(text,))
    mine = dict(seen.said).get(seen.human)
    for seat, words in seen.said:
        placed = table_texts.callout(table, seat, words, seen.human, you_point(geo, mine),
                                     [geo.stack_area(), *pile_labels(geo)])
        if placed is not None:
            who = "you" if seat == seen.human else seen.names[seat]
            yield Element(f"callout/{seat}", Role.PANEL, f"{who}: {words}", placed[0],
                          Region("callout"), z=51, texts=(placed[1],))


def _hand(geo: PalaceLayout, seen: Seen) -> Iterator[Element]:
    table, view = geo.table, seen.view
    human = seen.human
    # A card dragged along the hand moves there: with two cards or more, face up, the
    # hand takes that drop and the focus (Enter says how to order it by keys).
    orderable = len(seen.hand) > 1 and not seen.face_down
    yield Element("hand", Role.HAND, f"your hand, {len(seen.hand)} cards", Box.of(table.hand),
                  SeatCards(human, Zone.HAND), z=5,
                  accepts=Gesture.DROP if orderable else Gesture.NONE, focusable=orderable)
    left = view.cards_left(human)
    yield Element("you", Role.SEAT, f"you, {left} card{'s' * (left != 1)} left"
                  + (", to play" if human in view.awaiting else ""), you_box(geo),
                  SeatRef(human), z=5, focusable=True,
                  texts=(Text("You", label_size(table.height), bold=True),
                         Text(f"{left} card{'s' * (left != 1)} left",
                              label_size(table.height), bold=True)))
    if seen.face_down:
        boxes = [Box.of(r) for r in table.hand_slots(seen.face_down, frozenset(seen.picked))]
        for index in range(len(boxes)):
            picked = index in seen.picked
            yield Element(f"facedown/{index}", Role.HIDDEN_CARD,
                          f"your {ordinal(index)} face-down card"
                          + (", picked to hide" if picked else ""),
                          _strip(boxes, index), ZoneCard(human, FACE_DOWN, index, None),
                          z=6 + index, accepts=PLAY if seen.my_turn else Gesture.NONE,
                          parent="hand", public=False, focusable=True, selected=picked)
        return
    hand = seen.hand
    lifted = frozenset(i for i, c in enumerate(hand) if c in seen.selected)
    boxes = [Box.of(r) for r in table.hand_slots(len(hand), lifted)]
    for index, card in enumerate(hand):
        if card in seen.dragging:
            continue
        chosen = card in seen.selected
        yield Element(f"hand/{card.code}", Role.CARD,
                      f"{card_words(card)}, in your hand" + (", selected" if chosen else ""),
                      _strip(boxes, index), HandCard(card, index), z=6 + index,
                      accepts=PLAY | Gesture.DRAG, parent="hand", selected=chosen)


def _strip(boxes: Sequence[Box], index: int) -> Box:
    """The part of a fanned card that shows (the next card covers the rest): where a
    click means this card."""
    box = boxes[index]
    if index + 1 < len(boxes):
        nxt = boxes[index + 1]
        return Box(box.x, box.y, max(1, min(box.w, nxt.x - box.x)), box.h)
    return box


def _piles(geo: PalaceLayout, seen: Seen) -> Iterator[Element]:
    view, table = seen.view, geo.table
    size = label_size(table.height)
    playing = view.phase is Phase.PLAY
    deck = f"Deck {view.deck_size}"
    yield Element("deck", Role.PILE, f"the deck, {view.deck_size} cards" if view.deck_size
                  else "the deck, empty", Box.of(geo.deck), DECK, z=3, focusable=True,
                  public=False)
    yield Element("deck/label", Role.TEXT, deck,
                  label_box(geo.deck.centerx, geo.deck.bottom + 6, deck, size, "midtop"),
                  Region("deck label"), z=3, parent="deck",
                  texts=(Text(deck, size),))
    stack = seen.stack
    count = sum(len(p) for p in stack)
    top = view.top if stack == view.stack else None
    if stack:
        name = (f"the stack, {count} card{'s' * (count != 1)}, on top "
                f"{cards_words(stack[-1])}"
                + (f"; play {rank_words(top)} or higher" if top else ""))
    else:
        name = "the stack, empty: anything goes"
    label = f"Stack {count}" + (f"  \u00b7  play {rank_name(top)}+" if top else "")
    yield Element("stack", Role.PILE, name, Box.of(geo.stack_area()), STACK, z=3,
                  accepts=PLAY | Gesture.DROP if playing else Gesture.NONE, focusable=True)
    yield Element("stack/label", Role.TEXT, label,
                  label_box(geo.stack.x, geo.stack.bottom + 6, label, size, "topleft"),
                  Region("stack label"), z=3, parent="stack",
                  texts=(Text(label, size),))
    burned = f"Burned {seen.burned}"
    yield Element("burned", Role.PILE, f"burned cards, {seen.burned}", Box.of(geo.burned),
                  BURNED, z=3, focusable=True, public=False)
    yield Element("burned/label", Role.TEXT, burned,
                  label_box(geo.burned.centerx, geo.burned.bottom + 6, burned, size,
                            "midtop"), Region("burned label"), z=3, parent="burned",
                  texts=(Text(burned, size),))


def _own_reserve(geo: PalaceLayout, seen: Seen) -> Iterator[Element]:
    view, human = seen.view, seen.human
    if geo.reserve:  # where the reserves go, before any is made (the tour lights it)
        yield Element("reserve", Role.PANEL, "your reserves: the visible one on the hidden "
                      "one", Box.of(geo.reserve[0].unionall(geo.reserve[1:])),
                      SeatCards(human, Zone.RESERVE), public=False)
    made = len(view.reserves[human])
    if view.phase is Phase.BUILD_RESERVE and made < len(geo.reserve):
        slot = geo.reserve[made]
        words = f"Reserve {made + 1}"
        size = reserve_label_size(geo.table.height)
        width = geo.table.card_w
        yield Element("reserve/next", Role.RESERVE,
                      f"your visible reserve, placement {made + 1} of {RESERVE_PLACEMENTS}: "
                      "put cards here", Box.of(slot), SeatCards(human, NEXT_SLOT), z=4,
                      accepts=PLAY | Gesture.DROP if view.current == human else Gesture.NONE,
                      texts=(Text(words, size, Box(slot.x + width, slot.y,
                                                   max(0, slot.width - width), slot.height)),))
    hidden = view.hidden_counts[human]
    if hidden or made or view.phase is Phase.BUILD_RESERVE:
        words = "Your reserve" + (f"  \u00b7  {hidden} hidden" if hidden else "")
        size = reserve_label_size(geo.table.height)
        first = geo.reserve[0]
        yield Element("reserve/label", Role.TEXT, words,
                      label_box(first.x, first.y - 4 - int(size * 1.35), words, size,
                                "topleft"), Region("reserve label"), z=4,
                      texts=(Text(words, size),))
    playable = seen.my_turn and view.phase is Phase.PLAY and not view.hand
    yield from _slots(geo, seen, human, playable)


def _seat(geo: PalaceLayout, seen: Seen, seat: int) -> Iterator[Element]:
    view, spot = seen.view, geo.table.spots[seat]
    name = seen.names[seat]
    left = view.cards_left(seat)
    yield Element(f"seat/{seat}", Role.SEAT,
                  f"{name}, {seen.levels[seat]}, {left} card{'s' * (left != 1)} left"
                  + (", to play" if seat in view.awaiting else ""),
                  Box.of(spot.panel), SeatRef(seat), z=0, accepts=PLAY,
                  texts=table_texts.seat_texts(
                      spot.panel, spot.cards, geo.table.height, name, f"{left} left",
                      table_texts.THINKING if seen.thinking == seat else seen.levels[seat]))
    backs = view.hand_sizes[seat] + view.face_down_counts[seat]
    yield Element(f"seat/{seat}/hand", Role.HAND,
                  f"{name}'s hand, {backs} card{'s' * (backs != 1)}", Box.of(spot.cards),
                  SeatCards(seat, Zone.HAND), z=1, parent=f"seat/{seat}", public=False)
    yield from _slots(geo, seen, seat, False)


def _slots(geo: PalaceLayout, seen: Seen, seat: int, playable: bool) -> Iterator[Element]:
    """A seat's hidden cards, each with the face-up reserve placement lying on it."""
    view = seen.view
    mine = seat == seen.human
    whose = "your" if mine else f"{seen.names[seat]}'s"
    parent = None if mine else f"seat/{seat}"
    z = 4 if mine else 1  # a seat's cards lie under the piles, the person's above them
    hidden = view.hidden_counts[seat]
    reserve = view.reserves[seat]
    for index in range(max(hidden, len(reserve))):
        dragged = mine and seen.hidden_dragged == index  # it is drawn under the pointer
        if index < hidden and not dragged:
            box = geo.hidden_box(seat, index)
            yield Element(f"seat/{seat}/hidden/{index}", Role.HIDDEN_CARD,
                          f"{whose} {ordinal(index)} hidden card"
                          + (", to turn up" if playable else ""), box,
                          ZoneCard(seat, HIDDEN, index, None), z=z,
                          accepts=PLAY | Gesture.DRAG if playable else Gesture.NONE,
                          parent=parent, public=False, focusable=True)
        if index < len(reserve) and reserve[index]:
            placement = reserve[index]
            box = geo.placement_box(seat, index, len(placement))
            yield Element(f"seat/{seat}/reserve/{index}", Role.RESERVE,
                          f"{whose} {ordinal(index)} reserve placement: "
                          f"{cards_words(placement)}", box,
                          ZoneCard(seat, RESERVE, index, placement[0]), z=z + 1,
                          parent=parent,
                          focusable=True)
