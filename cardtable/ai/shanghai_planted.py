"""Shanghai's planted mistakes (see :mod:`planted`), in both games: a wild the contract
counts on thrown away, and the card that would let the hand go down declined.

Planted from round ``LATE`` on: in the seven rounds a wild thrown away in the first three
weighs little on the game (1-3 % of the chance of winning, against 5-17 % from the
fourth on, in ten deals of May I), and the review ranks by the game.

Imports the engine only.
"""

from __future__ import annotations

from ..engine import Action, Card, Discard, GameView, Rank
from ..engine.actions import DRAW_DISCARD, DRAW_STOCK
from ..engine.contract_search import best_go_down
from ..engine.contracts import cards_needed
from ..engine.data import without_one
from ..engine.shanghai_rules import ShanghaiView
from ..engine.variant import narrowed
from .planted import mistake

LATE = 4
"""The first round a mistake is planted in."""
NEAR = 1
"""Cards short of its contract at most a hand is when it throws a wild it counts on
(nearer, the wild is the difference between going down soon and not)."""


@mistake("throws a wild it could use", "shanghai_may_i", "shanghai_buy")
def throws_a_wild(seen: GameView, planned: Action) -> Action | None:
    """Discards a joker or a two, before going down, from a hand at most ``NEAR`` cards
    short of its contract that needs more cards without it."""
    view = narrowed(seen, ShanghaiView)
    if not isinstance(planned, Discard) or _wild(planned.card) or view.down[view.seat] \
            or view.round < LATE:
        return None
    wild = next((Discard(card) for card in view.hand if _wild(card)), None)
    if wild is None or wild not in view.legal:
        return None
    hand = without_one(view.hand, planned.card)
    need = cards_needed(hand, view.contract, view.crules)
    if need > NEAR or cards_needed(without_one(hand, wild.card), view.contract,
                                   view.crules) <= need:
        return None  # far from the contract, or a wild the contract does not count on
    return wild


@mistake("declines a free contract card", "shanghai_may_i", "shanghai_buy")
def declines_a_free_card(seen: GameView, planned: Action) -> Action | None:
    """Draws from the stock where the card on the pile, free to take on one's own turn,
    would let the hand go down at once (and the hand cannot without it), while another
    seat is down already (the round may end soon)."""
    view = narrowed(seen, ShanghaiView)
    if planned != DRAW_DISCARD or DRAW_STOCK not in view.legal or view.down[view.seat] \
            or view.round < LATE:
        return None
    if not any(down for seat, down in enumerate(view.down) if seat != view.seat):
        return None  # nobody else is down: the round is young, the card comes again
    top = view.top_discard
    if top is None or _can_go_down(view, view.hand) \
            or not _can_go_down(view, view.hand + (top,)):
        return None
    return DRAW_STOCK


def _wild(card: Card) -> bool:
    return card.suit is None or card.rank is Rank.TWO


def _can_go_down(view: ShanghaiView, hand: tuple[Card, ...]) -> bool:
    """Whether the hand holds the round's contract (with a card left to throw)."""
    return len(hand) > 1 and best_go_down(hand, view.contract, view.crules, _no_points,
                                          first_found=True) is not None


def _no_points(card: Card) -> int:
    return 0
