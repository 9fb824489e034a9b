"""Match's Normal player: any legal move, from the seeded generator the bots are given
(a matching card when it has one, so that its games are short)."""

from __future__ import annotations

import random

from cardtable.ai.strategies import strategy
from cardtable.engine.actions import Action, Discard
from toy_game.rules import Match, MatchView


@strategy(Match.id)
class MatchStrategy:
    def choose(self, observation: MatchView, rng: random.Random) -> Action:
        plays = [action for action in observation.legal if isinstance(action, Discard)]
        return rng.choice(plays or list(observation.legal))
