"""Why a move is a good one, in a line a player understands: the reason under a hint,
and the "why?" of an AI seat's move. The move is the Normal player's; the reason is
worked out from the same view, with the same searches the Normal player uses, so it
names the cards that matter ("Discard Q♠: it is in none of your books or runs and
costs 12 points").

Each game's AI module registers its explainer (``@explainer``), beside its strategy;
Shanghai's has a module of its own (``shanghai_explain``), as it tells Hard's buys too.

Every reason is a message (``engine.text.msg``) with the cards as parameters, so the
app says it in the player's language.

Imports the engine only.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..engine import Action, GameView, LayOff
from ..engine.actions import CallShanghai, TakeBack
from ..engine.rummy import RummyView
from ..engine.text import msg
from ..engine.variant import V, narrowed
from .move_words import move_words

Explainer = Callable[[V, Action], "str | None"]
"""A game's reasons for a move, read from its own view type."""
_EXPLAINERS: dict[str, Callable[[GameView, Action], str | None]] = {}


def explainer(*game_ids: str, view: type[V]
              ) -> Callable[[Explainer[V]], Explainer[V]]:
    """Decorator: the reasons of these games' moves, read from their view type ``view``."""

    def register(function: Explainer[V]) -> Explainer[V]:
        def checked(seen: GameView, action: Action) -> str | None:
            return function(narrowed(seen, view), action)

        for game_id in game_ids:
            _EXPLAINERS[game_id] = checked
        return function

    return register


def explain(view: GameView, action: Action) -> str:
    """The move and why, as one line (never empty)."""
    special = _EXPLAINERS.get(view.game_id)
    reason = special(view, action) if special is not None else None
    return reason or _plain(view, action)


def _plain(view: GameView, action: Action) -> str:
    """What every game shares: the move in words, with the reason where it is plain."""
    if isinstance(action, TakeBack):
        return msg("Take back this turn's plays: they did not help.")
    if isinstance(action, (LayOff, CallShanghai)):
        cards = action.cards if isinstance(action, LayOff) else \
            view.discard_pile[-1:] if isinstance(view, RummyView) else ()
        if action.target_seat == view.seat:
            return msg("Lay {cards} off on your meld: every card you shed is a card that "
                       "does not count against you.", cards=cards)
        return msg("Lay {cards} off on another player's meld: every card you shed is a "
                   "card that does not count against you.", cards=cards)
    return msg("{move}.", move=move_words(action))


def hint(view: GameView, rng: random.Random) -> tuple[Action, str]:
    """The Normal player's move for this view, and why."""
    from .bots import NormalBot

    action = NormalBot().choose(view, rng, float("inf"), lambda: False)
    return action, explain(view, action)
