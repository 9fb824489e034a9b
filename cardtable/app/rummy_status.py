"""The status keys answered at a rummy table (Five Crowns, both Shanghais, Monastery):
see ``status_words``. Read from the table's view, its game's description and the screen
model, so what is said is what is shown."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..engine.rummy import RummyView
from .grammar import listed, plural
from .model import ScreenModel
from .spoken import card_name, cards_name, meld_words
from .status_words import Status, can_do_words, cards_left_words, hand_words

if TYPE_CHECKING:
    from ..engine import Card
    from .table_desc import TableDescription


def rummy_status(status: Status, view: RummyView, desc: TableDescription[RummyView],
                 names: Sequence[str], human: int, hand: Sequence[Card],
                 selected: Sequence[Card], groups: Sequence[Sequence[Card]],
                 model: ScreenModel, turn: str) -> str:
    """``turn``: the table's own words for F6 (``TablePlayout.turn_words``: it knows who
    is thinking and the latest move, which the view does not)."""
    def is_wild(card: Card) -> bool:
        return desc.is_wild(view, card)

    if status in (Status.HAND, Status.HAND_BY_RANK):
        return hand_words(hand, is_wild, status is Status.HAND_BY_RANK, selected)
    if status is Status.PILE:
        top = view.top_discard
        under = view.discard_pile[-2] if len(view.discard_pile) > 1 else None
        said = "The discard pile is empty." if top is None else \
            f"The discard pile: {card_name(top)} on top" + \
            (f", {card_name(under)} under it." if under is not None else ".")
        return f"{said} The stock: {plural(view.stock_size, 'card')}."
    if status is Status.TABLE:
        return _table(view, desc, names, human, groups)
    if status is Status.TURN:
        return turn
    if status is Status.GOAL:
        return _goal(view, desc, names, human)
    if status is Status.SCORES:
        return "Scores: " + "; ".join(f"{names[seat]}: {desc.score_text(view, seat)}"
                                      for seat in _seats_from(view, human)) + "."
    if status is Status.CARDS_LEFT:
        seats = _seats_from(view, human)
        return cards_left_words([names[seat] for seat in seats],
                                [plural(view.hand_sizes[seat], "card") for seat in seats])
    return can_do_words(desc.prompt(view, names, human), model)


def _seats_from(view: RummyView, human: int) -> list[int]:
    """The person first, then the others clockwise."""
    return [(human + step) % view.seats for step in range(view.seats)]


def _table(view: RummyView, desc: TableDescription[RummyView], names: Sequence[str],
           human: int, groups: Sequence[Sequence[Card]]) -> str:
    rules = desc.rules(view)
    parts = []
    for seat in _seats_from(view, human):
        melds = view.melds[seat]
        if melds:
            laid = "; ".join(f"{number}: {meld_words(meld, rules)}"
                             for number, meld in enumerate(melds, 1))
            parts.append(f"{names[seat]}: {laid}")
    said = ". ".join(parts) + "." if parts else "No melds on the table."
    if groups:
        said += " Being built above your hand: " + "; ".join(
            f"group {number}: {cards_name(group)}" for number, group in enumerate(groups, 1)) \
            + "."
    return said


def _goal(view: RummyView, desc: TableDescription[RummyView], names: Sequence[str],
          human: int) -> str:
    done = desc.progress(view, human)
    if done is None:
        return desc.headline(view).replace("\u00b7", ",") + "."
    made = [number for number, ticked in enumerate(done, 1) if ticked]
    left = [desc.goal_name(view, number) for number, ticked in enumerate(done, 1)
            if not ticked]
    said = (f"Missions made: {listed([str(n) for n in made])}." if made
            else "No mission made yet.")
    if left:
        said += " Still to make: " + "; ".join(left) + "."
    others = []
    for seat in _seats_from(view, human)[1:]:
        sheet = desc.progress(view, seat) or ()
        others.append(f"{names[seat]} {plural(sum(sheet), 'mission')}")
    return said + " " + listed(others) + "." if others else said
