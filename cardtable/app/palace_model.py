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
from ..i18n import _, ngettext
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
    rank_letter,
    rank_words,
)


def you_box(geo: PalaceLayout) -> Box:
    """The person's own label ("You", cards left): left of their reserve, clear of the
    hand, whose picked cards rise."""
    size = label_size(geo.table.height)
    line = int(size * 1.35)
    first = geo.reserve[0]
    x = geo.table.play.x + 4
    widest = _cards_left(13)
    width = min(int(len(widest) * size * 0.6) + 4, first.x - x - 8)
    return Box(x, first.bottom - 2 * line, width, 2 * line)


def _cards_left(count: int) -> str:
    return ngettext("{count} card left", "{count} cards left", count).format(count=count)


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
        name = _("{button}, key {key}").format(button=words[0], key=words[1].rstrip("]")) \
            if len(words) > 1 else words[0]
        yield Element(f"button/{button.command}", Role.BUTTON, name, button.box,
                      Control(button.command), z=10, enabled=button.enabled, accepts=PLAY,
                      texts=(Text(button.label, button.size, bold=True),))
    yield Element("log", Role.LOG, _("Moves: {line}").format(line=seen.log) if seen.log
                  else _("Moves: none yet"),
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
            said = _("you: {words}").format(words=words) if seat == seen.human \
                else _("{name}: {words}").format(name=seen.names[seat], words=words)
            yield Element(f"callout/{seat}", Role.PANEL, said, placed[0],
                          Region("callout"), z=51, texts=(placed[1],))


def _hand(geo: PalaceLayout, seen: Seen) -> Iterator[Element]:
    table, view = geo.table, seen.view
    human = seen.human
    # A card dragged along the hand moves there: with two cards or more, face up, the
    # hand takes that drop and the focus (Enter says how to order it by keys).
    orderable = len(seen.hand) > 1 and not seen.face_down
    count = len(seen.hand)
    yield Element("hand", Role.HAND, ngettext("your hand, {count} card", "your hand, {count} cards",
                                              count).format(count=count), Box.of(table.hand),
                  SeatCards(human, Zone.HAND), z=5,
                  accepts=Gesture.DROP if orderable else Gesture.NONE, focusable=orderable)
    left = view.cards_left(human)
    you = ngettext("you, {count} card left, to play", "you, {count} cards left, to play",
                   left) if human in view.awaiting \
        else ngettext("you, {count} card left", "you, {count} cards left", left)
    yield Element("you", Role.SEAT, you.format(count=left), you_box(geo),
                  SeatRef(human), z=5, focusable=True,
                  texts=(Text(_("You"), label_size(table.height), bold=True),
                         Text(_cards_left(left), label_size(table.height), bold=True)))
    if seen.face_down:
        boxes = [Box.of(r) for r in table.hand_slots(seen.face_down, frozenset(seen.picked))]
        for index in range(len(boxes)):
            picked = index in seen.picked
            yield Element(f"facedown/{index}", Role.HIDDEN_CARD,
                          (_("your {ordinal} face-down card, picked to hide") if picked
                           else _("your {ordinal} face-down card")).format(
                              ordinal=ordinal(index)),
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
                      (_("{card}, in your hand, selected") if chosen
                       else _("{card}, in your hand")).format(card=card_words(card)),
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
    deck = _("Deck {count}").format(count=view.deck_size)
    yield Element("deck", Role.PILE, ngettext(
        "the deck, {count} card", "the deck, {count} cards", view.deck_size).format(
            count=view.deck_size) if view.deck_size else _("the deck, empty"),
                  Box.of(geo.deck), DECK, z=3, focusable=True, public=False)
    yield Element("deck/label", Role.TEXT, deck,
                  label_box(geo.deck.centerx, geo.deck.bottom + 6, deck, size, "midtop"),
                  Region("deck label"), z=3, parent="deck",
                  texts=(Text(deck, size),))
    stack = seen.stack
    count = sum(len(p) for p in stack)
    top = view.top if stack == view.stack else None
    if stack:
        name = (ngettext("the stack, {count} card, on top {cards}; play {rank} or higher",
                         "the stack, {count} cards, on top {cards}; play {rank} or higher",
                         count) if top else
                ngettext("the stack, {count} card, on top {cards}",
                         "the stack, {count} cards, on top {cards}", count)).format(
            count=count, cards=cards_words(stack[-1]), rank=rank_words(top) if top else "")
    else:
        name = _("the stack, empty: anything goes")
    label = _("Stack {count}").format(count=count)
    if top:
        label += "  \u00b7  " + _("play {rank}+").format(rank=rank_letter(top))
    yield Element("stack", Role.PILE, name, Box.of(geo.stack_area()), STACK, z=3,
                  accepts=PLAY | Gesture.DROP if playing else Gesture.NONE, focusable=True)
    yield Element("stack/label", Role.TEXT, label,
                  label_box(geo.stack.x, geo.stack.bottom + 6, label, size, "topleft"),
                  Region("stack label"), z=3, parent="stack",
                  texts=(Text(label, size),))
    burned = _("Burned {count}").format(count=seen.burned)
    yield Element("burned", Role.PILE, _("burned cards, {count}").format(count=seen.burned),
                  Box.of(geo.burned),
                  BURNED, z=3, focusable=True, public=False)
    yield Element("burned/label", Role.TEXT, burned,
                  label_box(geo.burned.centerx, geo.burned.bottom + 6, burned, size,
                            "midtop"), Region("burned label"), z=3, parent="burned",
                  texts=(Text(burned, size),))


def _own_reserve(geo: PalaceLayout, seen: Seen) -> Iterator[Element]:
    view, human = seen.view, seen.human
    if geo.reserve:  # where the reserves go, before any is made (the tour lights it)
        yield Element("reserve", Role.PANEL,
                      _("your reserves: the visible one on the hidden one"),
                      Box.of(geo.reserve[0].unionall(geo.reserve[1:])),
                      SeatCards(human, Zone.RESERVE), public=False)
    made = len(view.reserves[human])
    if view.phase is Phase.BUILD_RESERVE and made < len(geo.reserve):
        slot = geo.reserve[made]
        words = _("Reserve {number}").format(number=made + 1)
        size = reserve_label_size(geo.table.height)
        width = geo.table.card_w
        yield Element("reserve/next", Role.RESERVE,
                      _("your visible reserve, placement {number} of {total}: put cards "
                        "here").format(number=made + 1, total=RESERVE_PLACEMENTS),
                      Box.of(slot), SeatCards(human, NEXT_SLOT), z=4,
                      accepts=PLAY | Gesture.DROP if view.current == human else Gesture.NONE,
                      texts=(Text(words, size, Box(slot.x + width, slot.y,
                                                   max(0, slot.width - width), slot.height)),))
    hidden = view.hidden_counts[human]
    if hidden or made or view.phase is Phase.BUILD_RESERVE:
        words = _("Your reserve")
        if hidden:
            words += "  \u00b7  " + _("{count} hidden").format(count=hidden)
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
    said = ngettext("{name}, {level}, {count} card left, to play",
                    "{name}, {level}, {count} cards left, to play", left) \
        if seat in view.awaiting else ngettext("{name}, {level}, {count} card left",
                                               "{name}, {level}, {count} cards left", left)
    yield Element(f"seat/{seat}", Role.SEAT, said.format(name=name, level=seen.levels[seat],
                                                         count=left),
                  Box.of(spot.panel), SeatRef(seat), z=0, accepts=PLAY,
                  texts=table_texts.seat_texts(
                      spot.panel, spot.cards, geo.table.height, name,
                      # Translators: a seat's cards left, beside its name (narrow)
                      ngettext("{count} left", "{count} left", left).format(count=left),
                      table_texts.thinking() if seen.thinking == seat else seen.levels[seat]))
    backs = view.hand_sizes[seat] + view.face_down_counts[seat]
    yield Element(f"seat/{seat}/hand", Role.HAND,
                  ngettext("{name}'s hand, {count} card", "{name}'s hand, {count} cards",
                           backs).format(name=name, count=backs), Box.of(spot.cards),
                  SeatCards(seat, Zone.HAND), z=1, parent=f"seat/{seat}", public=False)
    yield from _slots(geo, seen, seat, False)


def _slots(geo: PalaceLayout, seen: Seen, seat: int, playable: bool) -> Iterator[Element]:
    """A seat's hidden cards, each with the face-up reserve placement lying on it."""
    view = seen.view
    mine = seat == seen.human
    name = seen.names[seat]
    parent = None if mine else f"seat/{seat}"
    z = 4 if mine else 1  # a seat's cards lie under the piles, the person's above them
    hidden = view.hidden_counts[seat]
    reserve = view.reserves[seat]
    for index in range(max(hidden, len(reserve))):
        dragged = mine and seen.hidden_dragged == index  # it is drawn under the pointer
        if index < hidden and not dragged:
            box = geo.hidden_box(seat, index)
            yield Element(f"seat/{seat}/hidden/{index}", Role.HIDDEN_CARD,
                          _hidden_name(mine, playable).format(name=name,
                                                              ordinal=ordinal(index)), box,
                          ZoneCard(seat, HIDDEN, index, None), z=z,
                          accepts=PLAY | Gesture.DRAG if playable else Gesture.NONE,
                          parent=parent, public=False, focusable=True)
        if index < len(reserve) and reserve[index]:
            placement = reserve[index]
            box = geo.placement_box(seat, index, len(placement))
            yield Element(f"seat/{seat}/reserve/{index}", Role.RESERVE,
                          (_("your {ordinal} reserve placement: {cards}") if mine else
                           _("{name}'s {ordinal} reserve placement: {cards}")).format(
                              name=name, ordinal=ordinal(index),
                              cards=cards_words(placement)), box,
                          ZoneCard(seat, RESERVE, index, placement[0]), z=z + 1,
                          parent=parent,
                          focusable=True)


def _hidden_name(mine: bool, playable: bool) -> str:
    """A seat's hidden card as it is said (``{name}``, ``{ordinal}`` to fill in)."""
    if mine:
        return _("your {ordinal} hidden card, to turn up") if playable \
            else _("your {ordinal} hidden card")
    return _("{name}'s {ordinal} hidden card")
