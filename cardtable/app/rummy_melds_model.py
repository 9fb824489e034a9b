"""The rummy table's melds in its screen model: the groups the person is building (and
the slot a new one starts in) and every meld on the table, with each wild and each
lay-off tab as its own element. Part of ``rummy_model``'s build.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from ..engine import Card, Meld, MeldRules
from ..i18n import _, ngettext
from . import meld_fold, rummy_layout, theme
from .layout import TableLayout
from .model import (
    Box,
    Element,
    Gesture,
    MeldCard,
    NewGroup,
    Region,
    Role,
    SeatMelds,
    StagedCard,
    StagedGroup,
    TableMeld,
    Text,
    WildInMeld,
)
from .spoken import card_name, cards_name, meld_words, wild_role
from .spoken import meld_kind_word as meld_word
from .table_desc import RummyView, TableDescription, meld_kind_word

if TYPE_CHECKING:
    from .rummy_model import TableState

CLICK, DROP, DRAG = Gesture.CLICK | Gesture.ACTIVATE, Gesture.DROP, Gesture.DRAG


def group_slots(geo: TableLayout, groups: Sequence[Sequence[Card]],
                building: bool) -> list[pygame.Rect]:
    """The groups being built in the meld row, plus the new-group slot while open."""
    return geo.group_slots([len(g) for g in groups], building)


def group_card_rects(geo: TableLayout, slot: pygame.Rect, count: int) -> list[pygame.Rect]:
    step = (slot.width - geo.small_w) / max(1, count - 1) if count > 1 else 0
    return [pygame.Rect(int(slot.x + i * step), slot.y, geo.small_w, geo.small_h)
            for i in range(count)]


def groups_elements(geo: TableLayout, view: RummyView, desc: TableDescription[RummyView],
            state: TableState) -> list[Element]:
    if view.melds[state.human] or not desc.meld_building:
        return []
    out: list[Element] = []
    slots = group_slots(geo, state.groups, state.building)
    for index, slot in enumerate(slots):
        if index >= len(state.groups):
            out.append(Element("group/new", Role.NEW_GROUP,
                               _("a new group: put cards here to start one"), Box.of(slot),
                               NewGroup(), z=3, accepts=CLICK | DROP,
                               # Translators: the label of the slot where a new group starts
                               texts=(Text(_("new"), max(11, geo.height // 56)),)))
            continue
        cards = state.groups[index]
        label, good = desc.group_label(view, cards)
        made = desc.group(view, cards)
        what = meld_word(made, desc.rules(view)) if isinstance(made, Meld) \
            else _("not a meld yet")
        gid = f"group/{index}"
        out.append(Element(gid, Role.STAGED_GROUP,
                           _("group {number} being built, {what}: {cards}").format(
                               number=index + 1, what=what, cards=cards_name(cards)),
                           Box.of(slot), StagedGroup(index), z=3, accepts=CLICK | DROP,
                           texts=(Text(label, 11),)))
        rects = group_card_rects(geo, slot, len(cards))
        for position, (card, rect) in enumerate(zip(cards, rects)):
            shown = rects[position + 1].x - rect.x if position + 1 < len(rects) else rect.width
            out.append(Element(f"{gid}/{card.code}", Role.CARD,
                               _("{card}, in group {number}").format(card=card_name(card),
                                                                      number=index + 1),
                               Box(rect.x, rect.y, shown, rect.height),
                               StagedCard(card, index), z=4, accepts=Gesture.CLICK | DRAG,
                               parent=gid, focusable=False))
    return out


def meld_shapes(melds: Sequence[Meld], rules: MeldRules) -> list[tuple[bool, ...]]:
    """Whether each card of each meld is wild (a wild's face is kept in view)."""
    return [tuple(rules.is_wild(card) for card in meld.cards) for meld in melds]


MELDS_DIALOG = "melds-dialog"


def _folded_label(name: str, count: int, width: int) -> Text:
    """The folded melds' line, the longest wording that fits its width."""
    wordings = [ngettext("{name}'s {count} meld \u2014 open", "{name}'s {count} melds \u2014 open",
                         count),
                ngettext("{name}'s {count} meld", "{name}'s {count} melds", count),
                ngettext("{name}: {count} meld", "{name}: {count} melds", count),
                ngettext("{count} meld", "{count} melds", count)]
    for size in (12, 11, 10):
        for wording in wordings:
            words = wording.format(name=name, count=count)
            if theme.font(size, True).size(theme.drawable(words))[0] <= width - 8:
                return Text(words, size, bold=True)
    return Text(str(count), 10, bold=True)


def meld_elements(geo: TableLayout, view: RummyView, desc: TableDescription[RummyView],
           state: TableState) -> list[Element]:
    """Every seat's melds; a seat's folded into one element where they cannot fit its
    room, and the folded seat's melds in a dialog over the table while open."""
    out: list[Element] = []
    rules = desc.rules(view)
    shapes = {seat: meld_shapes(melds, rules) for seat, melds in enumerate(view.melds)
              if melds}
    laid, folded = meld_fold.folded_table(geo, state.human, shapes)
    for seat, box in folded.items():
        count = len(view.melds[seat])
        said = ngettext("{name}'s {count} meld, open to see them",
                        "{name}'s {count} melds, open to see them", count).format(
            name=state.names[seat], count=count)
        out.append(Element(f"folded/{seat}", Role.SEAT_MELDS, said,
                           Box.of(box), SeatMelds(seat), z=6, accepts=CLICK | DROP,
                           parent=f"seat/{seat}",
                           texts=(_folded_label(state.names[seat], count, box.width),)))
    if state.melds_open is not None and state.melds_open in folded:
        seat = state.melds_open
        room = meld_fold.dialog_box(geo)
        title = rummy_layout.label_line(geo) + 8
        close = pygame.Rect(room.right - 90, room.y + 6, 84, title - 4)
        inner = pygame.Rect(room.x + 8, room.y + title + 8, room.w - 16, room.h - title - 16)
        laid[seat] = meld_fold.dialog_spots(geo, inner, shapes[seat])
        name = state.names[seat]
        out.append(Element(MELDS_DIALOG, Role.PANEL, _("{name}'s melds").format(name=name),
                           Box.of(room), SeatMelds(seat), z=40, modal=True,
                           texts=(Text(_("{name}'s melds: drop cards on a meld or a wild, or "
                                         "select and click").format(name=name), 12,
                                       bold=True),)))
        out.append(Element("melds-dialog/close", Role.BUTTON, _("Close"), Box.of(close),
                           SeatMelds(seat, close=True), z=41, accepts=CLICK,
                           parent=MELDS_DIALOG,
                           texts=(Text(_("Close  [Esc]"), 12, bold=True),)))
    for seat, melds in enumerate(view.melds):
        if not melds or seat not in laid:
            continue
        mine, name = seat == state.human, state.names[seat]
        parent = None if seat == state.human else f"seat/{seat}"
        lift = 0
        if seat == state.melds_open and seat in folded:
            parent, lift = MELDS_DIALOG, 36
        spots = laid[seat]
        for index, (meld, spot) in enumerate(zip(melds, spots)):
            mid = f"meld/{seat}/{index}"
            said = _("your {meld}") if mine else _("{name}'s {meld}")
            out.append(Element(mid, Role.TABLE_MELD,
                               said.format(name=name, meld=meld_words(meld, rules)),
                               Box.of(spot.box), TableMeld(seat, index), z=6 + lift,
                               accepts=CLICK | DROP, parent=parent))
            for position, (card, box) in enumerate(zip(meld.cards, spot.visible)):
                if rules.is_wild(card):
                    note = wild_role(card, meld, rules, position)
                    out.append(Element(
                        f"{mid}/{position}", Role.WILD,
                        (_("{card} in your {kind}: {note}") if mine
                         else _("{card} in {name}'s {kind}: {note}")).format(
                            card=card_name(card), name=name, kind=meld_kind_word(meld.kind),
                            note=note),
                        Box.of(box), WildInMeld(seat, index, position, card), z=8 + lift,
                        accepts=CLICK | DROP, parent=mid))
                else:
                    out.append(Element(f"{mid}/{position}", Role.CARD,
                                       (_("{card} in your {kind}") if mine
                                        else _("{card} in {name}'s {kind}")).format(
                                           card=card_name(card), name=name,
                                           kind=meld_kind_word(meld.kind)),
                                       Box.of(box), MeldCard(seat, index, position, card),
                                       z=7 + lift, parent=mid))
            out.append(Element(f"{mid}/tab", Role.TEXT, _("lay off here"), Box.of(spot.tab),
                               Region("lay-off"), z=7 + lift, parent=mid, public=False))
    return out
