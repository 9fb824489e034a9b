"""The rummy table as a screen model: every element named, placed and reachable.

A pure function of the layout, the person's view and the table's own state (hand order,
selection, groups being built, chosen goal, question, buttons): drawing, hit-testing,
drag and drop, keyboard focus, the coach and the tests all read what it builds. Used by
Five Crowns, both Shanghai games and Monastery (Palace has its own table).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from ..engine import Card, Pile
from ..i18n import _, ngettext, pgettext
from . import rummy_layout, table_texts, theme
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
    PileRef,
    Region,
    Role,
    ScreenModel,
    SeatRef,
    Text,
)
from .rummy_melds_model import MELDS_DIALOG, groups_elements, meld_elements
from .spoken import card_name
from .table_desc import RummyView, TableDescription

CLICK, DROP, DRAG = Gesture.CLICK | Gesture.ACTIVATE, Gesture.DROP, Gesture.DRAG


@dataclass(frozen=True)
class ButtonSpot:
    label: str
    command: Command
    enabled: bool
    box: Box
    size: int = 12
    """The type size its label is drawn at (bold: ``Button.label_size``)."""


@dataclass(frozen=True)
class QuestionSpot:
    """The question on screen: its text, its panel, and each answer's label and box."""

    text: str
    panel: Box
    answers: tuple[tuple[str, Box, int], ...]
    """Each answer's label, button and the type size its label is drawn at (bold)."""
    lines: tuple[Text, ...] = ()
    """The question's text as drawn above its answers."""
    modal: bool = False
    """A question about the person's own move with no room beside what it asks about
    (where a freed wild goes, among many melds): a dialog over the dimmed table."""


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
    status: str | None = None
    """The status line under the prompt (groups being built, the mission in focus)."""
    log: tuple[str, ...] = ()
    """The move log as far as the table has shown the game."""
    log_scroll: int = 0
    thinking: int | None = None
    """The seat whose AI is deciding now (its note says so)."""
    message: str | None = None
    """The banner over the table: a refusal's reason or a hint."""
    callouts: tuple[tuple[int, str], ...] = ()
    """What seats just said out loud, by seat."""
    melds_open: int | None = None
    """The seat whose folded melds are open in a dialog over the table."""


def build(geo: TableLayout, view: RummyView, desc: TableDescription[RummyView],
          state: TableState) -> ScreenModel:
    """Every element of the rummy table, in reading order (the keyboard's order)."""
    elements: list[Element] = []
    if state.question is not None:
        elements += _question(state.question)
    elements += _piles(geo, view, desc)
    elements.append(Element("meldrow", Role.PANEL,
                            _("your melds' row: melds are built and laid here"),
                            Box.of(geo.meld_row), Region("meld row"),
                            public=False))
    elements += groups_elements(geo, view, desc, state)
    elements += meld_elements(geo, view, desc, state)
    elements += _seats(geo, view, desc, state)
    elements += _goals(geo, view, desc, state)
    elements += _hand(geo, view, desc, state)
    elements += [Element(f"button/{spot.command}", Role.BUTTON, spot.label.split("  [")[0],
                         spot.box, Control(spot.command), z=5, enabled=spot.enabled,
                         accepts=CLICK, texts=(Text(spot.label, spot.size, bold=True),))
                 for spot in state.buttons]
    headline = desc.headline(view)
    elements.append(Element("info", Role.PANEL, headline.replace("  \u00b7  ", ", "),
                            Box.of(geo.info), Region("info"), texts=table_texts.info_texts(
                                geo, headline, desc.prompt(view, state.names, state.human),
                                state.status)))
    # A question with no room on the felt is put over the log on purpose: the log is
    # neither clickable nor read there until the question is answered.
    covered = state.question is not None and state.question.panel.overlap(Box.of(geo.log)) > 0
    elements.append(Element("log", Role.LOG, _("the move log; click an AI player's move, or "
                                               "press Enter here, to see why it made it"),
                            Box.of(geo.log),
                            Region("log"), accepts=CLICK, enabled=not covered,
                            public=not covered,
                            texts=table_texts.log_texts(
                                geo.log, state.log, geo.height, state.log_scroll)))
    elements += _said(geo, state)
    if state.question is not None and state.question.modal:  # nothing else takes input
        elements = [element if element.id == "question" or element.parent == "question"
                    else replace(element, enabled=False, focusable=False)
                    for element in elements]
    elif any(element.id == MELDS_DIALOG for element in elements):
        elements = _under_dialog(elements)
    return ScreenModel(tuple(elements))


def _under_dialog(elements: list[Element]) -> list[Element]:
    """A seat's melds open over the table: only the dialog and the hand (cards are
    dragged or chosen from it) take input."""
    inside = {MELDS_DIALOG}
    for element in elements:
        if element.parent in inside:
            inside.add(element.id)
    keep = [e for e in elements if e.id in inside]
    rest = [e if e.id == "hand" or e.id.startswith("hand/") or e.role is Role.PANEL
            and e.id in ("info", "banner") else replace(e, enabled=False, focusable=False)
            for e in elements if e.id not in inside]
    return keep + rest


def banner_avoids(geo: TableLayout, question: Box | None) -> list[pygame.Rect]:
    """What the banner keeps clear of: the piles and their labels, the hand and the
    question."""
    avoid = [geo.stock, geo.discard, pile_label_rect(geo), geo.hand]
    if question is not None:
        avoid.append(pygame.Rect(question.x, question.y, question.w, question.h))
    return avoid


def _said(geo: TableLayout, state: TableState) -> list[Element]:
    """The banner and the callouts, over the table where they are drawn."""
    out = []
    if state.message is not None:
        question = state.question.panel if state.question is not None else None
        box, text = table_texts.banner(geo, state.message, banner_avoids(geo, question))
        out.append(Element("banner", Role.PANEL, state.message, box, Region("banner"), z=50,
                           texts=(text,)))
    for seat, words in state.callouts:
        # The person's above the line over the hand (its label, a goal sheet's boxes).
        placed = table_texts.callout(geo, seat, words, state.human, (
            geo.hand.centerx, geo.hand.top - rummy_layout.label_line(geo) - 8),
            [geo.stock, geo.discard, pile_label_rect(geo)])
        if placed is not None:
            said = _("you called {words}").format(words=words) if seat == state.human \
                else _("{name} called {words}").format(name=state.names[seat], words=words)
            out.append(Element(f"callout/{seat}", Role.PANEL, said,
                               placed[0], Region("callout"), z=51, texts=(placed[1],)))
    return out


def pile_label_rect(geo: TableLayout) -> pygame.Rect:
    """Where the piles' "Stock 23" and "Discard" labels lie, both."""
    size = rummy_layout.label_size(geo)
    return pygame.Rect(geo.stock.x, geo.stock.bottom, geo.discard.right - geo.stock.x,
                       6 + theme.font(size).get_linesize())


def pile_label_texts(geo: TableLayout, stock_size: int) -> tuple[Text, Text]:
    """The piles' labels, each centred under its pile."""
    size = rummy_layout.label_size(geo)
    face = theme.font(size)
    out = []
    # Translators: the labels under the piles ("Stock 23", "Discard")
    labels = (_("Stock {count}").format(count=stock_size), pgettext("pile", "Discard"))
    for words, pile in zip(labels, (geo.stock, geo.discard)):
        width, height = face.size(words)
        out.append(Text(words, size, Box(pile.centerx - width // 2, pile.bottom + 6, width,
                                         height)))
    return out[0], out[1]


def _question(question: QuestionSpot) -> list[Element]:
    out = [Element("question", Role.QUESTION, question.text.split("\n")[0], question.panel,
                   Region("question"), z=40, texts=question.lines, modal=question.modal)]
    for index, (label, box, size) in enumerate(question.answers):
        out.append(Element(f"answer/{index}", Role.BUTTON, label, box, Answer(index), z=41,
                           accepts=CLICK, parent="question",
                           texts=(Text(label, size, bold=True),)))
    return out


def _piles(geo: TableLayout, view: RummyView, desc: TableDescription[RummyView]) -> list[Element]:
    count = view.stock_size
    stock = ngettext("the stock, {count} card", "the stock, {count} cards", count).format(
        count=count)
    top = view.top_discard
    if top is None:
        discard = _("the discard pile, empty")
    elif desc.is_wild(view, top):
        discard = _("the discard pile, {card} on top (wild)").format(card=card_name(top))
    else:
        discard = _("the discard pile, {card} on top").format(card=card_name(top))
    stock_label, discard_label = pile_label_texts(geo, count)
    return [Element("pile/stock", Role.PILE, stock, Box.of(geo.stock), PileRef(Pile.STOCK),
                    z=2, accepts=CLICK | DRAG),
            Element("pile/stock/label", Role.TEXT, stock_label.content, stock_label.box
                    or Box.of(geo.stock), Region("stock label"), z=2, parent="pile/stock",
                    texts=(stock_label,)),
            Element("pile/discard", Role.PILE, discard, Box.of(geo.discard),
                    PileRef(Pile.DISCARD), z=2, accepts=CLICK | DRAG | DROP),
            Element("pile/discard/label", Role.TEXT, discard_label.content, discard_label.box
                    or Box.of(geo.discard), Region("discard label"), z=2,
                    parent="pile/discard", texts=(discard_label,))]


def _seats(geo: TableLayout, view: RummyView, desc: TableDescription[RummyView],
           state: TableState) -> list[Element]:
    out: list[Element] = []
    for seat, spot in geo.spots.items():
        count = view.hand_sizes[seat]
        parts = [state.names[seat],
                 ngettext("{count} card in hand", "{count} cards in hand", count).format(
                     count=count),
                 desc.score_text(view, seat)]
        note = desc.seat_note(view, seat)
        parts += [note.replace("  \u00b7  ", ", ")] if note else []
        # Translators: the seat that dealt this round (a seat panel's flag)
        dealer = _("dealer")
        parts += [dealer] if seat == view.dealer else []
        level = state.levels[seat] if seat < len(state.levels) else ""
        # Translators: {level} is how the AI plays ("Normal")
        parts += [_("{level} AI; click to ask why it moved").format(level=level) if level
                  else _("AI")]
        progress = desc.progress(view, seat)
        cells = seat_sheet(spot.panel, len(progress or ()))
        # Translators: the flag of a seat that went out, waiting for the round to end
        flags = [dealer] * (seat == view.dealer) + [_("OUT")] * (desc.out_seat(view) == seat)
        texts = table_texts.seat_texts(
            spot.panel, spot.cards, geo.height, state.names[seat],
            "" if progress is not None else desc.score_text(view, seat),
            table_texts.thinking() if state.thinking == seat
            else desc.seat_notes(view, seat) if note
            else _("{level} AI").format(level=level.title()), flags,
            right_width=cells[-1].right + 2 - cells[0].x if cells else 0)
        out.append(Element(f"seat/{seat}", Role.SEAT, ", ".join(parts), Box.of(spot.panel),
                           SeatRef(seat), z=1, accepts=CLICK, texts=texts))
        for number, (done, cell) in enumerate(zip(progress or (), cells), start=1):
            out.append(Element(f"seat/{seat}/goal/{number}", Role.SHEET_CELL,
                               (_("{name}'s {goal}, done") if done
                                else _("{name}'s {goal}, open")).format(
                                   name=state.names[seat], goal=desc.goal_name(view, number)),
                               Box.of(cell),
                               Goal(seat, number), z=2, parent=f"seat/{seat}",
                               accepts=CLICK))
    return out


def seat_sheet(panel: pygame.Rect, count: int) -> list[pygame.Rect]:
    """An opponent's goal sheet (Monastery's missions): small boxes in its panel's top
    right corner, growing with the panel (14 pixels at most in a 1280×800 seat, about
    a seventh of a larger seat's height) so they stay readable and clickable at 4K."""
    if not count:
        return []
    box = max(9, min(max(14, panel.height // 7), (panel.width // 2 - 10) // count))
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
        said = _("{goal}, done") if done else _("{goal}, your aim") if number == focus \
            else _("{goal}, open")
        out.append(Element(f"goal/{number}", Role.SHEET_CELL,
                           said.format(goal=desc.goal_name(view, number)), Box.of(rect),
                           Goal(state.human, number), z=3, accepts=CLICK,
                           selected=number == focus, texts=(Text(str(number), 10),)))
    return out


def hand_slots(geo: TableLayout, state: TableState) -> list[pygame.Rect]:
    lifted = frozenset(i for i, c in enumerate(state.hand) if c in state.selected)
    return geo.hand_slots(len(state.hand), lifted)


def _hand(geo: TableLayout, view: RummyView, desc: TableDescription[RummyView],
          state: TableState) -> list[Element]:
    count = len(state.hand)
    out = [Element("hand", Role.HAND, ngettext("your hand, {count} card",
                                               "your hand, {count} cards", count).format(
                                                   count=count),
                   Box.of(geo.hand), Region("hand"), z=9, accepts=CLICK | DROP,
                   texts=(Text(state.hand_label, rummy_layout.label_size(geo)),))]
    slots = hand_slots(geo, state)
    for index, (card, box) in enumerate(zip(state.hand, rummy_layout.hand_boxes(slots))):
        # Translators: what a card in the person's hand is, said after its name
        words = [card_name(card), _("in your hand")]
        # Translators: a wild card (an adjective: "7♥, in your hand, wild")
        words += [_("wild")] if desc.is_wild(view, card) else []
        words += [_("selected")] if card in state.selected else []
        out.append(Element(f"hand/{card.code}", Role.CARD, ", ".join(words), Box.of(box),
                           HandCard(card, index), z=10 + index, accepts=Gesture.CLICK | DRAG,
                           parent="hand", focusable=False, selected=card in state.selected))
    return out
