"""Whether a card offered in a call window (May I, buy) could help a seat's hand: the
table asks the person only then (Settings: Calls), so play is not held up on every
discard by a question about a card of no use.

A cheap test of need, from the seat's own view only (its hand, the card face up on the
pile, the melds on the table), so the answer tells nothing hidden. Generous on purpose:
a card that might help is always asked about.

Imports the engine only.
"""

from __future__ import annotations

from ..engine.contracts import cards_needed
from ..engine.shanghai_checks import layoff_problem
from ..engine.shanghai_rules import Phase, ShanghaiView


def call_could_help(view: ShanghaiView) -> bool:
    """The card up for a call could help this seat: a wild; before going down, a card
    that brings the round's contract nearer; once down, a card that goes on a meld on
    the table. True outside a May I / buy window (nothing to judge: ask)."""
    card = view.discard_pile[-1] if view.discard_pile else None
    if view.phase is not Phase.CALLS or card is None:
        return True
    crules = view.crules
    if crules.melds.is_wild(card):
        return True
    if view.down[view.seat]:
        return any(layoff_problem(meld, (card,), at_start, crules.melds) is None
                   for melds in view.melds for meld in melds for at_start in (False, True))
    return cards_needed(view.hand + (card,), view.contract, crules) < \
        cards_needed(view.hand, view.contract, crules)
