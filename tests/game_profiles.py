"""What the shared test suites need to know of a game beyond what the game registers.

Every entry is optional. A game without one is played at its default options, whole, a
few games per seat count: so a newly registered game is picked up by every suite (they
iterate ``variants()``) and a missing entry never aborts collection. Add an entry only
where a game's random games are long (the numbers below are what keeps CI fast).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType


def _frozen(changes: Mapping[str, int] | None = None) -> Mapping[str, int]:
    return MappingProxyType(dict(changes or {}))


@dataclass(frozen=True)
class Profile:
    short_options: Mapping[str, int] = field(default_factory=_frozen)
    """House rules that keep the conformance suite's random games short (fewer rounds,
    or a safety cap on turns per round)."""
    whole_game_options: Mapping[str, int] = field(default_factory=_frozen)
    """House rules for one random game played through to its end (random contract rummy
    can wander for a very long time before anyone goes out)."""
    round_games: tuple[int, int] = (3, 3)
    """Games per seat count in the every-round-ends suite: with random bots, with Normal."""
    rounds_to_play: int = 1_000
    """Rounds of each such game to play (a game that may never end as a game is played
    for its first few rounds)."""


DEFAULT = Profile()

PROFILES: Mapping[str, Profile] = MappingProxyType({
    "five_crowns": Profile(short_options=_frozen({"rounds": 3}), round_games=(6, 6)),
    "shanghai_may_i": Profile(short_options=_frozen({"round_turn_limit": 30}),
                              whole_game_options=_frozen({"round_turn_limit": 400})),
    "shanghai_buy": Profile(short_options=_frozen({"round_turn_limit": 30}),
                            whole_game_options=_frozen({"round_turn_limit": 400})),
    # Monastery games with random bots may never end as games (nobody completes nine
    # missions), so each is played for its first three rounds.
    "monastery": Profile(short_options=_frozen({"round_turn_limit": 40, "round_limit": 3}),
                         whole_game_options=_frozen({"round_turn_limit": 200,
                                                     "round_limit": 20}),
                         round_games=(6, 6), rounds_to_play=3),
    "palace": Profile(round_games=(12, 12)),
})


def profile_of(game_id: str) -> Profile:
    """The game's entry, or the default for a game that has none."""
    return PROFILES.get(game_id, DEFAULT)
