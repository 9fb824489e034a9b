"""The status keys answered at the Palace table: see ``status_words``. Read from the
table's view and its words (``table_palace``), so what is said is what is shown."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import Card
from ..engine.palace import PalaceView, Phase
from ..i18n import _, ngettext, text
from .model import ScreenModel
from .spoken import cards_name
from .status_words import Status, can_do_words, cards_left_words, hand_words
from .table_palace import PalaceTable, top_words


def palace_status(status: Status, view: PalaceView, desc: PalaceTable, names: Sequence[str],
                  human: int, hand: Sequence[Card], selected: Sequence[Card],
                  model: ScreenModel, turn: str) -> str:
    """``turn``: the table's own words for F6 (``TablePlayout.turn_words``)."""
    seats = [(human + step) % view.seats for step in range(view.seats)]
    if status in (Status.HAND, Status.HAND_BY_RANK):
        # The same keys as every game: F3 by suit, Shift+F3 by rank (Palace's placements
        # are by rank: Shift+F3 is the one its players will reach for).
        said = hand_words(hand, lambda card: False, status is Status.HAND_BY_RANK, selected)
        if not hand and view.face_down_counts[human]:
            down = view.face_down_counts[human]
            said += " " + ngettext("{count} face-down card to pick from.",
                                   "{count} face-down cards to pick from.", down).format(count=down)
        return said
    if status is Status.PILE:
        if not view.stack:
            stack = _("The stack is empty: anything goes.")
        else:
            placements = [cards_name(placement) for placement in view.stack[-3:]]
            size, play = view.stack_size, text(top_words(view))
            if len(placements) > 1:
                # Translators: {under}: the placements under the top one, "A, then B"
                under = _(", then ").join(placements[-2::-1])
                stack = ngettext(
                    "The stack, {count} card: on top {top}; under it {under}. To play: {play}.",
                    "The stack, {count} cards: on top {top}; under it {under}. To play: {play}.",
                    size).format(count=size, top=placements[-1], under=under, play=play)
            else:
                stack = ngettext("The stack, {count} card: on top {top}. To play: {play}.",
                                 "The stack, {count} cards: on top {top}. To play: {play}.",
                                 size).format(count=size, top=placements[-1], play=play)
        deck = ngettext("The deck: {count} card.", "The deck: {count} cards.",
                        view.deck_size).format(count=view.deck_size)
        burned = ngettext("Burned: {count} card.", "Burned: {count} cards.",
                          len(view.burned)).format(count=len(view.burned))
        return f"{stack} {deck} {burned}"
    if status is Status.TABLE:
        parts = []
        for seat in seats:
            reserve = [card for placement in view.reserves[seat] for card in placement]
            hidden = view.hidden_counts[seat]
            if reserve:
                parts.append(ngettext(
                    "{name}: visible reserve {cards}, {count} hidden card",
                    "{name}: visible reserve {cards}, {count} hidden cards", hidden).format(
                        name=names[seat], cards=cards_name(reserve), count=hidden))
            else:
                parts.append(ngettext("{name}: no visible reserve, {count} hidden card",
                                      "{name}: no visible reserve, {count} hidden cards",
                                      hidden).format(name=names[seat], count=hidden))
        return "; ".join(parts) + "."
    if status is Status.TURN:
        return turn
    if status is Status.GOAL:
        if view.phase in (Phase.PICK_HIDDEN, Phase.BUILD_RESERVE):
            return text(desc.spoken_prompt(view, names, human)).rstrip(".") + "."
        return _("Palace has no contract: be first to shed every card, your hand, then "
                 "your visible reserve, then your hidden cards. To play now: {play}.").format(
                     play=text(top_words(view)))
    if status is Status.SCORES:
        # Translators: a seat and the cards it has left: "West 7"
        left = "; ".join(_("{name} {count}").format(name=names[seat],
                                                    count=view.cards_left(seat))
                         for seat in seats)
        return _("Cards left: {seats}. The first out wins.").format(seats=left)
    if status is Status.CARDS_LEFT:
        return cards_left_words(
            [names[seat] for seat in seats],
            [_held(view, seat) for seat in seats])
    return can_do_words(text(desc.spoken_prompt(view, names, human)), model)


def _held(view: PalaceView, seat: int) -> str:
    """What a seat holds: "9 cards in hand, 3 visible reserve cards, 3 hidden cards"."""
    hand, hidden = view.hand_sizes[seat], view.hidden_counts[seat]
    reserve = sum(len(p) for p in view.reserves[seat])
    parts = [ngettext("{count} card in hand", "{count} cards in hand", hand).format(count=hand),
             ngettext("{count} visible reserve card", "{count} visible reserve cards",
                      reserve).format(count=reserve),
             ngettext("{count} hidden card", "{count} hidden cards", hidden).format(count=hidden)]
    down = view.face_down_counts[seat]
    if down:
        parts.append(ngettext("{count} face-down card", "{count} face-down cards",
                              down).format(count=down))
    return ", ".join(parts)
