"""Match's Normal player: any legal move, from the seeded generator the bots are given
(a matching card when it has one, so that its games are short), and the reasons its
moves are given for (the hint and "why?")."""

from __future__ import annotations

import random

from cardtable.ai.explain import explainer
from cardtable.ai.strategies import Strategy, strategy
from cardtable.engine.actions import Action, Discard, Draw
from toy_game.rules import Match, MatchView


@strategy(Match.id)
class MatchStrategy(Strategy[MatchView]):
    view_type = MatchView
    """The view it reads: the bots check each view is one before ``choose`` sees it."""

    def choose(self, view: MatchView, rng: random.Random) -> Action:
        plays = [action for action in view.legal if isinstance(action, Discard)]
        return rng.choice(plays or list(view.legal))


@explainer(Match.id, view=MatchView)
def _why(view: MatchView, action: Action) -> str | None:
    top = view.discards[-1] if view.discards else None
    if top is None:
        return None
    if isinstance(action, Discard):
        return f"Play the {action.card.pretty}: it matches the {top.pretty} on the pile."
    if isinstance(action, Draw):
        return f"Draw: no card of yours matches the {top.pretty}."
    return None
