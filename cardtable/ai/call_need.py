"""Whether a card offered in a call window (May I, buy) could help a seat's hand: the
table asks the person only then (Settings: Calls), so play is not held up on every
discard by a question about a card of no use.

A cheap test of need, from the seat's own view only (its hand, the card face up on the
pile, the melds on the table), so the answer tells nothing hidden. Generous on purpose:
a card that might help is always asked about.

Imports the engine only.
"""

from __future__ import annotations

from ..engine.cards import Card
from ..engine.contract_search import best_go_down
from ..engine.contracts import cards_needed
from ..engine.shanghai_checks import layoff_problem
from ..engine.shanghai_rules import Phase, ShanghaiView

_judged: tuple[ShanghaiView, bool] | None = None
"""The last view judged and its answer: the table asks every frame while a question is
open, and the answer holds as long as the view (one reference, swapped whole)."""


def call_could_help(view: ShanghaiView) -> bool:
    """The card up for a call could help this seat (see ``_could_help``), worked out
    once per view."""
    global _judged
    judged = _judged
    if judged is not None and judged[0] is view:
        return judged[1]
    answer = _could_help(view)
    _judged = (view, answer)
    return answer


def _could_help(view: ShanghaiView) -> bool:
    """The card up for a call could help this seat: a wild; before going down, a card
    that brings the round's contract nearer, completes it, or (the hand can already go
    down) would go on one of its melds; once down, a card that goes on a meld on the
    table. True outside a May I / buy window (nothing to judge: ask)."""
    card = view.discard_pile[-1] if view.discard_pile else None
    if view.phase is not Phase.CALLS or card is None:
        return True
    crules = view.crules
    if crules.melds.is_wild(card):
        return True
    if view.down[view.seat]:
        return any(layoff_problem(meld, (card,), at_start, crules.melds) is None
                   for melds in view.melds for meld in melds for at_start in (False, True))
    needed = cards_needed(view.hand, view.contract, crules)
    if cards_needed(view.hand + (card,), view.contract, crules) < needed:
        return True
    if needed > 1:
        return False
    # Near the contract the estimate is too coarse to tell ("none needed, or nearly"),
    # so look exactly. A hand that cannot go down yet may want this very card (at the
    # estimate's floor, any card may be the one); a hand that can may lay it off once
    # down (on its own melds or the table's).
    melds = best_go_down(view.hand, view.contract, crules, _one, first_found=True)
    if melds is None:
        return needed == 0 or best_go_down(view.hand + (card,), view.contract, crules,
                                           _one, first_found=True) is not None
    table = tuple(meld for seat_melds in view.melds for meld in seat_melds)
    return any(layoff_problem(meld, (card,), at_start, crules.melds) is None
               for meld in melds + table for at_start in (False, True))


def _one(card: Card) -> int:
    """Any go-down will do: every card weighs the same."""
    return 1
