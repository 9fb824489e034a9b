"""The rummy table as a screen model: every element named, placed and reachable.

A pure function of the layout, the person's view and the table's own state (hand order,
selection, groups being built, chosen goal, question, buttons): drawing, hit-testing,
drag and drop, keyboard focus, the coach and the tests all read what it builds. Used by
Five Crowns, both Shanghai games and Monastery (Palace has its own table).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ..engine import Card, Meld, MeldRules, Pile
from . import rummy_layout, theme
from .input_grammar import Command
from .layout import TableLayout
from .model import (
    Answer,
    Box,
    Control,
    Element,
    Gesture,
    Goal,
    HandCard,
    MeldCard,
    NewGroup,
    PileRef,
    Region,
    Role,
    ScreenModel,
    SeatRef,
    StagedCard,
    StagedGroup,
    TableMeld,
    Text,
    WildInMeld,
)
from .spoken import card_name, cards_name, meld_words, wild_note
from .table_desc import RummyView, TableDescription

CLICK, DROP, DRAG = Gesture.CLICK | Gesture.ACTIVATE, Gesture.DROP, Gesture.DRAG


@dataclass(frozen=True)
class ButtonSpot:
    label: str
    command: Command
    enabled: bool
    box: Box


@dataclass(frozen=True)
class QuestionSpot:
    """The question on screen: its text, its panel, and each answer's label and box."""

    text: str
    panel: Box
    answers: tuple[tuple[str, Box], ...]


@dataclass(frozen=True)
class TableState:
    """What the rummy table shows beyond the view: the scene's own state."""

    names: tuple[str, ...]
    human: int
    hand: tuple[Card, ...]
    """The hand as shown: chosen order, less cards staged, dragged or in flight."""
    selected: frozenset[Card]
    groups: tuple[tuple[Card, ...], ...]
    building: bool
    """The person may build groups now (drawn, on their turn): the new-group slot shows."""
    hand_label: str
    chosen_goal: int | None = None
    question: QuestionSpot | None = None
    buttons: tuple[ButtonSpot, ...] = ()
    levels: tuple[str, ...] = ()
    """Each seat's AI level ("" for the person)."""


def build(geo: TableLayout, view: RummyView, desc: TableDescription[RummyView],
          state: TableState) -> ScreenModel:
    """Every element of the rummy table, in reading order (the keyboard's order)."""
    elements: list[Element] = []
    if state.question is not None:
        elements += _question(state.question)
    elements += _piles(geo, view, desc)
    elements += _groups(geo, view, desc, state)
    elements += _melds(geo, view, desc, state)
    elements += _seats(geo, view, desc, state)
    elements += _goals(geo, view, desc, state)
    elements += _hand(geo, view, desc, state)
    elements += [Element(f"button/{spot.command}", Role.BUTTON, spot.label.split("  [")[0],
                         spot.box, Control(spot.command), z=5, enabled=spot.enabled,
                         accepts=CLICK, texts=(Text(spot.label, 12),))
                 for spot in state.buttons]
    elements.append(Element("info", Role.PANEL, desc.headline(view).replace("  \u00b7  ", ", "),
                            Box.of(geo.info), Region("info")))
    elements.append(Element("log", Role.LOG, "the move log; click an AI player's move, or "
                            "press Enter here, to see why it made it", Box.of(geo.log),
                            Region("log"), accepts=CLICK))
    return ScreenModel(tuple(elements))


def _question(question: QuestionSpot) -> list[Element]:
    out = [Element("question", Role.QUESTION, question.text.split("\n")[0], question.panel,
                   Region("question"), z=40)]
    for index, (label, box) in enumerate(question.answers):
        out.append(Element(f"answer/{index}", Role.BUTTON, label, box, Answer(index), z=41,
                           accepts=CLICK, parent="question"))
    return out


def _piles(geo: TableLayout, view: RummyView, desc: TableDescription[RummyView]) -> list[Element]:
    count = view.stock_size
    stock = f"the stock, {count} card{'s' if count != 1 else ''}"
    top = view.top_discard
    discard = "the discard pile, " + (f"{card_name(top)} on top" if top else "empty")
    if top is not None and desc.is_wild(view, top):
        discard += " (wild)"
    return [Element("pile/stock", Role.PILE, stock, Box.of(geo.stock), PileRef(Pile.STOCK),
                    z=2, accepts=CLICK | DRAG),
            Element("pile/discard", Role.PILE, discard, Box.of(geo.discard),
                    PileRef(Pile.DISCARD), z=2, accepts=CLICK | DRAG | DROP)]


def group_slots(geo: TableLayout, groups: Sequence[Sequence[Card]],
                building: bool) -> list[pygame.Rect]:
    """The groups being built in the meld row, plus the new-group slot while open."""
    return geo.group_slots([len(g) for g in groups], building)


def group_card_rects(geo: TableLayout, slot: pygame.Rect, count: int) -> list[pygame.Rect]:
    step = (slot.width - geo.small_w) / max(1, count - 1) if count > 1 else 0
    return [pygame.Rect(int(slot.x + i * step), slot.y, geo.small_w, geo.small_h)
            for i in range(count)]


def _groups(geo: TableLayout, view: RummyView, desc: TableDescription[RummyView],
            state: TableState) -> list[Element]:
    if view.melds[state.human] or not desc.meld_building:
        return []
    out: list[Element] = []
    slots = group_slots(geo, state.groups, state.building)
    for index, slot in enumerate(slots):
        if index >= len(state.groups):
            out.append(Element("group/new", Role.NEW_GROUP, "a new group: put cards here to "
                               "start one", Box.of(slot), NewGroup(), z=3,
                               accepts=CLICK | DROP, texts=(Text("new", 11),)))
            continue
        cards = state.groups[index]
        label, good = desc.group_label(view, cards)
        what = label.replace("\u2713 ", "").lower() if good else "not a meld yet"
        gid = f"group/{index}"
        out.append(Element(gid, Role.STAGED_GROUP,
                           f"group {index + 1} being built, {what}: {cards_name(cards)}",
                           Box.of(slot), StagedGroup(index), z=3, accepts=CLICK | DROP,
                           texts=(Text(label, 11),)))
        rects = group_card_rects(geo, slot, len(cards))
        for position, (card, rect) in enumerate(zip(cards, rects)):
            shown = rects[position + 1].x - rect.x if position + 1 < len(rects) else rect.width
            out.append(Element(f"{gid}/{card.code}", Role.CARD,
                               f"{card_name(card)}, in group {index + 1}",
                               Box(rect.x, rect.y, shown, rect.height),
                               StagedCard(card, index), z=4, accepts=Gesture.CLICK | DRAG,
                               parent=gid, focusable=False))
    return out


def meld_area(geo: TableLayout, seat: int, human: int) -> tuple[pygame.Rect, int]:
    """Where a seat's melds lie, and the width of their cards."""
    area = geo.meld_row if seat == human else geo.spots[seat].melds
    return area, rummy_layout.meld_card_width(geo)


def meld_shapes(melds: Sequence[Meld], rules: MeldRules) -> list[tuple[bool, ...]]:
    """Whether each card of each meld is wild (a wild's face is kept in view)."""
    return [tuple(rules.is_wild(card) for card in meld.cards) for meld in melds]


def _melds(geo: TableLayout, view: RummyView, desc: TableDescription[RummyView],
           state: TableState) -> list[Element]:
    out: list[Element] = []
    rules = desc.rules(view)
    for seat, melds in enumerate(view.melds):
        if not melds:
            continue
        area, width = meld_area(geo, seat, state.human)
        whose = "your" if seat == state.human else f"{state.names[seat]}'s"
        parent = None if seat == state.human else f"seat/{seat}"
        spots = rummy_layout.meld_spots(area, meld_shapes(melds, rules), width)
        for index, (meld, spot) in enumerate(zip(melds, spots)):
            mid = f"meld/{seat}/{index}"
            out.append(Element(mid, Role.TABLE_MELD, f"{whose} {meld_words(meld, rules)}",
                               Box.of(spot.box), TableMeld(seat, index), z=6,
                               accepts=CLICK | DROP, parent=parent))
            for position, (card, box) in enumerate(zip(meld.cards, spot.visible)):
                if rules.is_wild(card):
                    note = wild_note(card, meld, rules, position)
                    out.append(Element(
                        f"{mid}/{position}", Role.WILD,
                        f"{card_name(card)} in {whose} {meld.kind.value}: {note.split(' ', 2)[2]}",
                        Box.of(box), WildInMeld(seat, index, position, card), z=8,
                        accepts=CLICK | DROP, parent=mid))
                else:
                    out.append(Element(f"{mid}/{position}", Role.CARD,
                                       f"{card_name(card)} in {whose} {meld.kind.value}",
                                       Box.of(box), MeldCard(seat, index, position, card),
                                       z=7, parent=mid))
            out.append(Element(f"{mid}/tab", Role.TEXT, "lay off here", Box.of(spot.tab),
                               Region("lay-off"), z=7, parent=mid, public=False))
    return out


def _seats(geo: TableLayout, view: RummyView, desc: TableDescription[RummyView],
           state: TableState) -> list[Element]:
    out: list[Element] = []
    for seat, spot in geo.spots.items():
        count = view.hand_sizes[seat]
        parts = [state.names[seat], f"{count} card{'s' if count != 1 else ''} in hand",
                 desc.score_text(view, seat)]
        note = desc.seat_note(view, seat)
        parts += [note.replace("  \u00b7  ", ", ")] if note else []
        parts += ["dealer"] if seat == view.dealer else []
        level = state.levels[seat] if seat < len(state.levels) else ""
        parts += [f"{level} AI; click to ask why it moved" if level else "AI"]
        out.append(Element(f"seat/{seat}", Role.SEAT, ", ".join(parts), Box.of(spot.panel),
                           SeatRef(seat), z=1, accepts=CLICK))
        progress = desc.progress(view, seat)
        for number, (done, cell) in enumerate(zip(progress or (), seat_sheet(
                spot.panel, len(progress or ()))), start=1):
            out.append(Element(f"seat/{seat}/goal/{number}", Role.SHEET_CELL,
                               f"{state.names[seat]}'s {desc.goal_name(view, number)}, "
                               f"{'done' if done else 'open'}", Box.of(cell),
                               Goal(seat, number), z=2, parent=f"seat/{seat}",
                               accepts=CLICK))
    return out


def seat_sheet(panel: pygame.Rect, count: int) -> list[pygame.Rect]:
    """An opponent's goal sheet (Monastery's missions): small boxes in its panel's top
    right corner."""
    if not count:
        return []
    box = max(9, min(14, (panel.width // 2 - 10) // count))
    left = panel.right - 10 - box * count
    return [pygame.Rect(left + index * box, panel.y + 9, box - 2, box - 2)
            for index in range(count)]


def goal_boxes(geo: TableLayout, hand_label: str, count: int) -> list[pygame.Rect]:
    """Where the person's goal sheet (Monastery's missions) sits: right of the line over
    the hand."""
    size = rummy_layout.label_size(geo)
    width = theme.font(size, True).size(hand_label)[0]
    box = max(14, size + 4)
    bottom = geo.hand.y - 2
    return [pygame.Rect(geo.hand.x + 4 + width + 16 + index * box, bottom - box + 2, box - 2,
                        box - 2) for index in range(count)]


def _goals(geo: TableLayout, view: RummyView, desc: TableDescription[RummyView],
           state: TableState) -> list[Element]:
    progress = desc.progress(view, state.human)
    if progress is None:
        return []
    focus = desc.focus(view, state.chosen_goal)
    out = []
    for number, (done, rect) in enumerate(zip(progress, goal_boxes(
            geo, state.hand_label, len(progress))), start=1):
        status = "done" if done else "your aim" if number == focus else "open"
        out.append(Element(f"goal/{number}", Role.SHEET_CELL,
                           f"{desc.goal_name(view, number)}, {status}", Box.of(rect),
                           Goal(state.human, number), z=3, accepts=CLICK,
                           selected=number == focus, texts=(Text(str(number), 10),)))
    return out


def hand_slots(geo: TableLayout, state: TableState) -> list[pygame.Rect]:
    lifted = frozenset(i for i, c in enumerate(state.hand) if c in state.selected)
    return geo.hand_slots(len(state.hand), lifted)


def _hand(geo: TableLayout, view: RummyView, desc: TableDescription[RummyView],
          state: TableState) -> list[Element]:
    count = len(state.hand)
    out = [Element("hand", Role.HAND, f"your hand, {count} card{'s' if count != 1 else ''}",
                   Box.of(geo.hand), Region("hand"), z=9, accepts=CLICK | DROP,
                   texts=(Text(state.hand_label, rummy_layout.label_size(geo)),))]
    slots = hand_slots(geo, state)
    for index, (card, box) in enumerate(zip(state.hand, rummy_layout.hand_boxes(slots))):
        words = [card_name(card), "in your hand"]
        words += ["wild"] if desc.is_wild(view, card) else []
        words += ["selected"] if card in state.selected else []
        out.append(Element(f"hand/{card.code}", Role.CARD, ", ".join(words), Box.of(box),
                           HandCard(card, index), z=10 + index, accepts=Gesture.CLICK | DRAG,
                           parent="hand", focusable=False, selected=card in state.selected))
    return out
