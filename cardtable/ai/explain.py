"""Why a move is a good one, in a line a player understands: the reason under a hint,
and the "why?" of an AI seat's move. The move is the Normal player's; the reason is
worked out from the same view, with the same searches the Normal player uses, so it
names the cards that matter ("Discard Q♠: it is in none of your books or runs and
costs 12 points").

Imports the engine only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import (
    Action,
    Call,
    Card,
    Discard,
    Draw,
    LayDown,
    LayMission,
    LayOff,
    Pile,
    Place,
    Rank,
    pretty_cards,
)
from ..engine.actions import (
    BuildReserve,
    CallShanghai,
    Exchange,
    GoDown,
    PickHidden,
    PlayHidden,
    ReplaceWild,
    TakeBack,
    TakeStack,
)

_EXPLAINERS: dict[str, Callable[[Any, Action], str | None]] = {}


def explainer(*game_ids: str) -> Callable[[Callable[[Any, Action], str | None]],
                                          Callable[[Any, Action], str | None]]:
    def register(function: Callable[[Any, Action], str | None]
                 ) -> Callable[[Any, Action], str | None]:
        for game_id in game_ids:
            _EXPLAINERS[game_id] = function
        return function

    return register


def explain(view: Any, action: Action) -> str:
    """The move and why, as one line (never empty)."""
    special = _EXPLAINERS.get(view.game_id)
    reason = special(view, action) if special is not None else None
    return reason or _plain(view, action)


def _plain(view: Any, action: Action) -> str:
    """What every game shares: the move in words, with the reason where it is plain."""
    if isinstance(action, TakeBack):
        return "Take back this turn's plays: they did not help."
    if isinstance(action, (LayOff, CallShanghai)):
        cards = action.cards if isinstance(action, LayOff) else (view.discard_pile[-1],)
        owner = "your" if action.target_seat == view.seat else "another player's"
        return (f"Lay {pretty_cards(cards)} off on {owner} meld: every card you shed is "
                "a card that does not count against you.")
    text = action.describe()
    return text[:1].upper() + text[1:] + "."


def _points(view: Any) -> Callable[[Card], int]:
    from ..engine.five_crowns import points_function

    return points_function(view.round)


# --- Five Crowns ---------------------------------------------------------------------

@explainer("five_crowns")
def _five_crowns(view: Any, action: Action) -> str | None:
    from ..engine.five_crowns import arrange_hand, meld_rules

    rules = meld_rules(view.round)
    points = _points(view)
    if isinstance(action, Draw):
        top = view.top_discard
        if action.source is Pile.DISCARD and top is not None:
            if rules.is_wild(top):
                return f"Take the {top.pretty} from the discard pile: it is wild this round."
            best = arrange_hand(view.hand + (top,), view.round, discard=True)
            if best.goes_out:
                return f"Take the {top.pretty}: with it you can go out."
            partners = _partners(best.melds, top)
            if partners:
                return (f"Take the {top.pretty} from the discard pile: it goes with "
                        f"{pretty_cards(partners)}.")
            return f"Take the {top.pretty}: it brings a book or run nearer."
        if top is not None:
            return (f"Draw from the stock: the {top.pretty} on the pile fits none of your "
                    "books or runs.")
        return "Draw from the stock."
    if isinstance(action, Discard):
        card = action.card
        if rules.is_wild(card):
            return f"Discard the {card.pretty}: it is the only card left to throw."
        best = arrange_hand(view.hand, view.round)
        if card in best.deadwood:
            return (f"Discard the {card.pretty}: it is in none of your books or runs and "
                    f"costs {points(card)} points.")
        return (f"Discard the {card.pretty}: breaking up that meld costs the least "
                f"({points(card)} points).")
    if isinstance(action, LayDown):
        melds = " / ".join(pretty_cards(meld.cards) for meld in action.melds)
        if view.final_turn:
            return (f"Lay down {melds} and discard the {action.discard.pretty}: what you "
                    "lay down no longer counts against you.")
        return f"Go out: {melds}, discarding the {action.discard.pretty}."
    return None


def _partners(melds: Any, card: Card) -> tuple[Card, ...]:
    for meld in melds:
        if card in meld.cards:
            return tuple(c for c in meld.cards if c != card)
    return ()


# --- Shanghai ------------------------------------------------------------------------

@explainer("shanghai_may_i", "shanghai_buy")
def _shanghai(view: Any, action: Action) -> str | None:
    from ..engine.contracts import cards_needed
    from ..engine.shanghai_rules import contract_rules

    crules = contract_rules(view.may_i, getattr(view.options, "same_rank_sets_in_contract",
                                                False))
    contract = view.contract
    top = view.discard_pile[-1] if view.discard_pile else None
    down = view.down[view.seat]

    def need(cards: Any) -> int:
        return cards_needed(list(cards), contract, crules)

    if isinstance(action, Call) and top is not None:
        now, then = need(view.hand), need(view.hand + (top,))
        if action.kind == "pass":
            if down:
                return "Pass: you are down already, and a call costs you a penalty card."
            return (f"Pass: the {top.pretty} does not bring your contract "
                    f"({contract.describe()}) nearer.")
        return (f"{'Call May I' if action.kind == 'may i' else 'Ask to buy'}: the "
                f"{top.pretty} brings your contract nearer ({now} cards short, then {then}).")
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
        return (f"Swap the {action.natural.pretty} for the wild on the table: a wild fits "
                "any meld.")
    if isinstance(action, Discard):
        card = action.card
        if down:
            return f"Discard the {card.pretty}: it fits no meld on the table."
        return (f"Discard the {card.pretty}: your contract ({contract.describe()}) needs it "
                "least.")
    return None


# --- Monastery -----------------------------------------------------------------------

@explainer("monastery")
def _monastery(view: Any, action: Action) -> str | None:
    from ..engine.missions import MISSIONS, cards_needed

    missions = view.open_missions(view.seat)
    nearest = min(missions, key=lambda n: cards_needed(view.hand, MISSIONS[n]),
                  default=None)
    if isinstance(action, LayMission):
        return (f"Lay mission {action.mission} ({MISSIONS[action.mission].title}): you hold "
                "it now.")
    if isinstance(action, Draw) and view.top_discard is not None:
        top = view.top_discard
        if action.source is Pile.DISCARD:
            return f"Take the {top.pretty}: it brings a mission nearer."
        return f"Draw from the stock: the {top.pretty} brings no mission nearer."
    if isinstance(action, Discard):
        card = action.card
        if view.laid(view.seat):
            return f"Discard the {card.pretty}: nobody can add it to a group on the table."
        if nearest is not None:
            return (f"Discard the {card.pretty}: your nearest mission, "
                    f"{MISSIONS[nearest].title}, does not need it.")
    return None


# --- Palace --------------------------------------------------------------------------

@explainer("palace")
def _palace(view: Any, action: Action) -> str | None:
    top = view.top
    if isinstance(action, PickHidden):
        return "Any three will do: the cards are face down, so no choice is better."
    if isinstance(action, BuildReserve):
        return "Keep your highest cards in the visible reserve: they are the hardest to beat."
    if isinstance(action, TakeStack):
        return "Nothing you can play beats the stack: take it."
    if isinstance(action, PlayHidden):
        return "Turn up a hidden card: it is all you have left."
    if isinstance(action, Place):
        cards = pretty_cards(action.cards)
        ranks = {card.rank for card in action.cards}
        if ranks == {Rank.TWO}:
            return f"Play {cards}: a 2 plays on anything."
        if len(ranks) > 1:
            return f"Play {cards}: a straight sheds {len(action.cards)} cards at once."
        if top is None:
            return f"Play {cards}: the stack is empty, so shed your lowest cards."
        return f"Play {cards}: the lowest you hold that beats the top of the stack."
    return None


def hint(view: Any, rng: Any) -> tuple[Action, str]:
    """The Normal player's move for this view, and why."""
    from .bots import NormalBot

    action = NormalBot().choose(view, rng, float("inf"), lambda: False)
    return action, explain(view, action)
