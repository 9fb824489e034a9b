"""Why a move is a good one, in a line a player understands: the reason under a hint,
and the "why?" of an AI seat's move. The move is the Normal player's; the reason is
worked out from the same view, with the same searches the Normal player uses, so it
names the cards that matter ("Discard Q♠: it is in none of your books or runs and
costs 12 points").

Each game's AI module registers its explainer (``@explainer``), beside its strategy;
Shanghai's has a module of its own (``shanghai_explain``), as it tells Hard's buys too.

Imports the engine only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import Action, LayOff, pretty_cards
from ..engine.actions import CallShanghai, TakeBack

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


def hint(view: Any, rng: Any) -> tuple[Action, str]:
    """The Normal player's move for this view, and why."""
    from .bots import NormalBot

    action = NormalBot().choose(view, rng, float("inf"), lambda: False)
    return action, explain(view, action)
