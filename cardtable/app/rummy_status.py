"""The status keys answered at a rummy table (Five Crowns, both Shanghais, Monastery):
see ``status_words``. Read from the table's view, its game's description and the screen
model, so what is said is what is shown."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..engine.rummy import RummyView
from ..i18n import _, ngettext, text
from .model import ScreenModel
from .spoken import card_name, cards_name, listed, meld_words
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
        if top is None:
            said = _("The discard pile is empty.")
        elif under is None:
            said = _("The discard pile: {card} on top.").format(card=card_name(top))
        else:
            said = _("The discard pile: {card} on top, {under} under it.").format(
                card=card_name(top), under=card_name(under))
        stock = ngettext("The stock: {count} card.", "The stock: {count} cards.",
                         view.stock_size).format(count=view.stock_size)
        return f"{said} {stock}"
    if status is Status.TABLE:
        return _table(view, desc, names, human, groups)
    if status is Status.TURN:
        return turn
    if status is Status.GOAL:
        return _goal(view, desc, names, human)
    if status is Status.SCORES:
        scores = "; ".join(_("{name}: {score}").format(name=names[seat],
                                                       score=text(desc.score_text(view, seat)))
                           for seat in _seats_from(view, human))
        return _("Scores: {scores}.").format(scores=scores)
    if status is Status.CARDS_LEFT:
        seats = _seats_from(view, human)
        return cards_left_words([names[seat] for seat in seats],
                                [_cards(view.hand_sizes[seat]) for seat in seats])
    return can_do_words(text(desc.prompt(view, names, human)), model)


def _cards(count: int) -> str:
    return ngettext("{count} card", "{count} cards", count).format(count=count)


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
            # Translators: a meld by its number at a seat: "1: run, five to eight of hearts"
            laid = "; ".join(_("{number}: {meld}").format(number=number,
                                                          meld=meld_words(meld, rules))
                             for number, meld in enumerate(melds, 1))
            parts.append(_("{name}: {melds}").format(name=names[seat], melds=laid))
    said = ". ".join(parts) + "." if parts else _("No melds on the table.")
    if groups:
        built = "; ".join(_("group {number}: {cards}").format(number=number,
                                                              cards=cards_name(group))
                          for number, group in enumerate(groups, 1))
        said += " " + _("Being built above your hand: {groups}.").format(groups=built)
    return said


def _goal(view: RummyView, desc: TableDescription[RummyView], names: Sequence[str],
          human: int) -> str:
    done = desc.progress(view, human)
    if done is None:
        return text(desc.headline(view)).replace("\u00b7", ",") + "."
    made = [number for number, ticked in enumerate(done, 1) if ticked]
    left = [desc.goal_name(view, number) for number, ticked in enumerate(done, 1)
            if not ticked]
    said = (_("Missions made: {numbers}.").format(numbers=listed([str(n) for n in made]))
            if made else _("No mission made yet."))
    if left:
        said += " " + _("Still to make: {missions}.").format(
            missions="; ".join(text(name) for name in left))
    others = []
    for seat in _seats_from(view, human)[1:]:
        made_there = sum(desc.progress(view, seat) or ())
        # Translators: another seat's missions made: "West 3 missions"
        others.append(ngettext("{name} {count} mission", "{name} {count} missions",
                               made_there).format(name=names[seat], count=made_there))
    return said + " " + listed(others) + "." if others else said
