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
    pretty_cards,
)
from ..engine.contracts import cards_needed
from ..engine.options import ShanghaiBuyOptions, ShanghaiMayIOptions
from ..engine.shanghai_rules import ShanghaiView
from .explain import explainer
from .shanghai_bot import MAX_HAND_TO_CALL
from .shanghai_hard import buys_only_wilds, rushed


@explainer("shanghai_may_i", "shanghai_buy", view=ShanghaiView)
def _shanghai(view: ShanghaiView, action: Action) -> str | None:
    crules = view.crules
    contract = view.contract
    top = view.discard_pile[-1] if view.discard_pile else None
    down = view.down[view.seat]

    def need(cards: Iterable[Card]) -> int:
        return cards_needed(list(cards), contract, crules)

    if isinstance(action, Call) and top is not None:
        now, then = need(view.hand), need(view.hand + (top,))
        if action.kind == "pass":
            if down:
                return f"Pass: you are down already, and {_call_cost(view)}."
            if then < now and len(view.hand) > MAX_HAND_TO_CALL:
                return (f"Pass: you hold {len(view.hand)} cards already, and "
                        f"{_call_cost(view)}.")
            if then < now and buys_only_wilds(view):
                return (f"Pass: your contract ({contract.describe()}) will come without "
                        f"the {top.pretty}, and {_call_cost(view)} that count against you "
                        "if the round ends first.")
            return (f"Pass: the {top.pretty} does not bring your contract "
                    f"({contract.describe()}) nearer.")
        if then == now and rushed(view):
            return (f"Ask to buy: another player is down, so the round may end soon; the "
                    f"{top.pretty} and two stock cards at once give your contract "
                    f"({contract.describe()}) more chances than a card a turn.")
        return (f"{'Call May I' if action.kind == 'may i' else 'Ask to buy'}: the "
                f"{top.pretty} brings your contract nearer ({now} "
                f"card{'s' if now != 1 else ''} short, then {then}).")
    if isinstance(action, Draw) and top is not None:
        if action.source is Pile.DISCARD:
            return (f"Take the {top.pretty}: it brings your contract ({contract.describe()}) "
                    "nearer." if not down else f"Take the {top.pretty}: it fits the table.")
        return (f"Draw from the stock: the {top.pretty} does not help your contract."
                if not down else "Draw from the stock: the discard fits nowhere for you.")
    if isinstance(action, GoDown):
        return (f"Go down: you hold the contract ({contract.describe()}): "
                f"{' / '.join(pretty_cards(m.cards) for m in action.melds)}.")
    if isinstance(action, (Exchange, ReplaceWild)):
        meld = view.melds[action.target_seat][action.meld_index]
        swap = (f"Swap your {action.natural.pretty} for the {action.wild.pretty} in "
                f"{pretty_cards(meld.cards)}")
        if isinstance(action, ReplaceWild):
            return f"{swap}: the freed wild goes on another meld, and a card leaves your hand."
        return f"{swap}: a wild fits any meld."
    if isinstance(action, Discard):
        card = action.card
        if down:
            return f"Discard the {card.pretty}: it fits no meld on the table."
        return (f"Discard the {card.pretty}: your contract ({contract.describe()}) needs it "
                "least.")
    return None


def _call_cost(view: ShanghaiView) -> str:
    """What taking the discard out of turn costs, in the view's rules: May I's penalty
    cards, or a buy's extra stock cards."""
    options = view.options
    if view.may_i:
        may_i = options if isinstance(options, ShanghaiMayIOptions) else ShanghaiMayIOptions()
        extra = may_i.may_i_penalty_cards
        return (f"a call costs you {extra} penalty card{'s' if extra != 1 else ''}"
                if extra else "a call gives you the card alone")
    buy = options if isinstance(options, ShanghaiBuyOptions) else ShanghaiBuyOptions()
    extra = buy.buy_extra_cards
    return f"a buy costs you {extra} more card{'s' if extra != 1 else ''} from the stock"

