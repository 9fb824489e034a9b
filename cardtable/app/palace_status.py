"""The status keys answered at the Palace table: see ``status_words``. Read from the
table's view and its words (``table_palace``), so what is said is what is shown."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import Card
from ..engine.palace import PalaceView, Phase
from .grammar import plural
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
            said += f" {plural(view.face_down_counts[human], 'face-down card')} to pick from."
        return said
    if status is Status.PILE:
        if not view.stack:
            stack = "The stack is empty: anything goes."
        else:
            placements = [cards_name(placement) for placement in view.stack[-3:]]
            stack = (f"The stack, {plural(view.stack_size, 'card')}: on top "
                     f"{placements[-1]}" + (f"; under it {', then '.join(placements[-2::-1])}"
                                             if len(placements) > 1 else "")
                     + f". To play: {top_words(view)}.")
        return (f"{stack} The deck: {plural(view.deck_size, 'card')}. "
                f"Burned: {plural(len(view.burned), 'card')}.")
    if status is Status.TABLE:
        parts = []
        for seat in seats:
            reserve = [card for placement in view.reserves[seat] for card in placement]
            hidden = view.hidden_counts[seat]
            words = f"visible reserve {cards_name(reserve)}" if reserve else "no visible reserve"
            parts.append(f"{names[seat]}: {words}, {plural(hidden, 'hidden card')}")
        return "; ".join(parts) + "."
    if status is Status.TURN:
        return turn
    if status is Status.GOAL:
        if view.phase in (Phase.PICK_HIDDEN, Phase.BUILD_RESERVE):
            return desc.spoken_prompt(view, names, human).rstrip(".") + "."
        return (f"Palace has no contract: be first to shed every card, your hand, then "
                f"your visible reserve, then your hidden cards. To play now: "
                f"{top_words(view)}.")
    if status is Status.SCORES:
        return "Cards left: " + "; ".join(f"{names[seat]} {view.cards_left(seat)}"
                                          for seat in seats) + ". The first out wins."
    if status is Status.CARDS_LEFT:
        return cards_left_words(
            [names[seat] for seat in seats],
            [f"{plural(view.hand_sizes[seat], 'card')} in hand, "
             f"{plural(sum(len(p) for p in view.reserves[seat]), 'visible reserve card')}, "
             f"{plural(view.hidden_counts[seat], 'hidden card')}"
             + (f", {plural(view.face_down_counts[seat], 'face-down card')}"
                if view.face_down_counts[seat] else "") for seat in seats])
    return can_do_words(desc.spoken_prompt(view, names, human), model)
