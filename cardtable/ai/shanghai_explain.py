"""The "why?" of a Shanghai move (both games), for a hint or an AI seat of any level: a
call, a draw, a go-down, a swap or a discard, told with the cards that matter. Hard's
buys by the round (``buys_only_wilds``, ``rushed``) are told by Hard's own predicates.

Imports the engine only.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..engine import (
    Action,
    Call,
    Card,
    Discard,
    Draw,
    Exchange,
    GoDown,
    Pile,
    ReplaceWild,
)
from ..engine.contracts import cards_needed
from ..engine.options import ShanghaiBuyOptions, ShanghaiMayIOptions
from ..engine.shanghai_rules import ShanghaiView
from ..engine.text import Msg, msg, nmsg
from .explain import explainer
from .move_words import groups
from .shanghai_bot import MAX_HAND_TO_CALL
from .shanghai_hard import buys_only_wilds, rushed


@explainer("shanghai_may_i", "shanghai_buy", view=ShanghaiView)
def _shanghai(view: ShanghaiView, action: Action) -> str | None:
    crules = view.crules
    contract = view.contract
    wanted = contract.describe()
    top = view.discard_pile[-1] if view.discard_pile else None
    down = view.down[view.seat]

    def need(cards: Iterable[Card]) -> int:
        return cards_needed(list(cards), contract, crules)

    if isinstance(action, Call) and top is not None:
        now, then = need(view.hand), need(view.hand + (top,))
        if action.kind == "pass":
            if down:
                return msg("Pass: you are down already, and {cost}.", cost=_call_cost(view))
            if then < now and len(view.hand) > MAX_HAND_TO_CALL:
                return nmsg("Pass: you hold {count} card already, and {cost}.",
                            "Pass: you hold {count} cards already, and {cost}.",
                            len(view.hand), cost=_call_cost(view))
            if then < now and buys_only_wilds(view):
                return msg("Pass: your contract ({contract}) will come without the {card}, "
                           "and {cost} that count against you if the round ends first.",
                           contract=wanted, card=top, cost=_call_cost(view))
            return msg("Pass: the {card} does not bring your contract ({contract}) nearer.",
                       card=top, contract=wanted)
        if then == now and rushed(view):
            return msg("Ask to buy: another player is down, so the round may end soon; the "
                       "{card} and two stock cards at once give your contract ({contract}) "
                       "more chances than a card a turn.", card=top, contract=wanted)
        if action.kind == "may i":
            # Translators: "May I" is the call's name in the game; {count} is how many
            # cards the contract lacks now, {then} how many with the discard taken
            return nmsg("Call May I: the {card} brings your contract nearer ({count} card "
                        "short, then {then}).",
                        "Call May I: the {card} brings your contract nearer ({count} cards "
                        "short, then {then}).", now, card=top, then=then)
        return nmsg("Ask to buy: the {card} brings your contract nearer ({count} card short, "
                    "then {then}).",
                    "Ask to buy: the {card} brings your contract nearer ({count} cards "
                    "short, then {then}).", now, card=top, then=then)
    if isinstance(action, Draw) and top is not None:
        if action.source is Pile.DISCARD:
            if down:
                return msg("Take the {card}: it fits the table.", card=top)
            return msg("Take the {card}: it brings your contract ({contract}) nearer.",
                       card=top, contract=wanted)
        if down:
            return msg("Draw from the stock: the discard fits nowhere for you.")
        return msg("Draw from the stock: the {card} does not help your contract.", card=top)
    if isinstance(action, GoDown):
        return msg("Go down: you hold the contract ({contract}): {melds}.",
                   contract=wanted, melds=groups(action.melds, " / "))
    if isinstance(action, (Exchange, ReplaceWild)):
        meld = view.melds[action.target_seat][action.meld_index]
        if isinstance(action, ReplaceWild):
            return msg("Swap your {natural} for the {wild} in {meld}: the freed wild goes on "
                       "another meld, and a card leaves your hand.",
                       natural=action.natural, wild=action.wild, meld=meld.cards)
        return msg("Swap your {natural} for the {wild} in {meld}: a wild fits any meld.",
                   natural=action.natural, wild=action.wild, meld=meld.cards)
    if isinstance(action, Discard):
        card = action.card
        if down:
            return msg("Discard the {card}: it fits no meld on the table.", card=card)
        return msg("Discard the {card}: your contract ({contract}) needs it least.",
                   card=card, contract=wanted)
    return None


def _call_cost(view: ShanghaiView) -> Msg:
    """What taking the discard out of turn costs, in the view's rules: May I's penalty
    cards, or a buy's extra stock cards (a clause of the "why?")."""
    options = view.options
    if view.may_i:
        may_i = options if isinstance(options, ShanghaiMayIOptions) else ShanghaiMayIOptions()
        extra = may_i.may_i_penalty_cards
        if not extra:
            return msg("a call gives you the card alone")
        return nmsg("a call costs you {count} penalty card",
                    "a call costs you {count} penalty cards", extra)
    buy = options if isinstance(options, ShanghaiBuyOptions) else ShanghaiBuyOptions()
    return nmsg("a buy costs you {count} more card from the stock",
                "a buy costs you {count} more cards from the stock", buy.buy_extra_cards)
