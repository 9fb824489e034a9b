"""Match's Normal player: any legal move, from the seeded generator the bots are given
(a matching card when it has one, so that its games are short)."""

from __future__ import annotations

import random

from cardtable.ai.strategies import Strategy, strategy
from cardtable.engine.actions import Action, Discard
from toy_game.rules import Match, MatchView


@strategy(Match.id)
class MatchStrategy(Strategy[MatchView]):
    view_type = MatchView
    """The view it reads: the bots check each view is one before ``choose`` sees it."""

    def choose(self, view: MatchView, rng: random.Random) -> Action:
        plays = [action for action in view.legal if isinstance(action, Discard)]
        return rng.choice(plays or list(view.legal))
