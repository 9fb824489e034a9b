"""House-rule options of every game. Defaults are RULES.md's resolutions.

Each game's options are a frozen dataclass stored in saves; changing a default here
changes new games only, never a saved one.

Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar, NamedTuple

from .codec import serializable


class Preset(NamedTuple):
    """A named set of house rules players choose in setup: the options it changes from
    the defaults (RULES.md's resolutions), and a line saying what changes."""

    name: str
    says: str
    changes: dict[str, Any]


def presets_of(options_type: type) -> tuple[Preset, ...]:
    """The game's presets, the standard rules first."""
    standard = Preset("Standard", "the rules as RULES.md settles them", {})
    return (standard, *getattr(options_type, "PRESETS", ()))


def preset_options(options_type: type, name: str) -> Any:
    """The options of the preset ``name`` (KeyError if the game has none so named)."""
    for preset in presets_of(options_type):
        if preset.name == name:
            return replace(options_type(), **preset.changes)
    raise KeyError(name)


def preset_name(options: Any) -> str | None:
    """The preset these options are, if any (a deal code may hold other rules)."""
    for preset in presets_of(type(options)):
        if replace(type(options)(), **preset.changes) == options:
            return preset.name
    return None


@serializable
@dataclass(frozen=True, slots=True)
class FiveCrownsOptions:
    """Five Crowns (RULES.md §6)."""

    rounds: int = 11
    """Rounds to play, from the 3-card round up (11 is the full game; fewer for a quick game)."""
    out_on_first_turn: bool = True
    """FC-A2: a player may go out on his first turn of a round."""
    round_turn_limit: int = 0
    """Safety cap for machine play: after this many turns in one round with nobody out,
    the round ends and every hand is scored (0: no cap, as in the printed rules)."""
    stock_rebuilds_per_round: int = 2
    """Every round ends: when the stock runs out after it has been rebuilt from the
    discard pile this many times in one round and nobody has gone out, the round ends
    and every hand is scored as it stands (final turns after someone went out are always
    played; 0: rebuild for ever, as the printed rules leave it). [APP; issue 12]"""
    # Files written before the option existed keep their rules: rummy.kept_rebuilding_for_ever.
    PRESETS: ClassVar[tuple[Preset, ...]] = (
        Preset("Quick game", "five rounds: threes to sevens wild", {"rounds": 5}),
        Preset("No first-turn out", "nobody may go out on a round's first turn (FC-A2)",
               {"out_on_first_turn": False}),
    )


@serializable
@dataclass(frozen=True, slots=True)
class ShanghaiMayIOptions:
    """Shanghai with May I (RULES.md §4)."""

    may_i_per_round: int = 3
    may_i_penalty_cards: int = 1
    shanghai_calls: bool = True
    same_rank_sets_in_contract: bool = False
    """S2-A7: two sets of one rank in a contract (refused by default)."""
    exchange_before_down: bool = True
    """S2-A9(b): wilds may be exchanged from the table before going down."""
    out_points_per_round: int = 5
    low_penalty_bonus: int = 70
    round_turn_limit: int = 0
    """Safety cap for machine play: a round with nobody out after this many turns is
    scored as it stands (0: no cap, as in the printed rules)."""
    stock_rebuilds_per_round: int = 2
    """Every round ends: when the stock runs out after it has been rebuilt from the
    discard pile this many times in one round, the round ends and every hand is scored
    as it stands (0: rebuild for ever, as the printed rules leave it). [APP; issue 11]"""
    # Files written before the option existed keep their rules: rummy.kept_rebuilding_for_ever.
    PRESETS: ClassVar[tuple[Preset, ...]] = (
        Preset("Two May I", "two May I calls a round instead of three",
               {"may_i_per_round": 2}),
        Preset("No Shanghai!", "discards may not be called onto the table (no Shanghai! calls)",
               {"shanghai_calls": False}),
        Preset("Same-rank sets", "a contract may hold two sets of one rank (S2-A7)",
               {"same_rank_sets_in_contract": True}),
    )


@serializable
@dataclass(frozen=True, slots=True)
class ShanghaiBuyOptions:
    """Shanghai with buying (RULES.md §5)."""

    buys_per_round: int = 2
    buy_extra_cards: int = 2
    buy_card_beneath: bool = False
    """The optional rule that the card beneath may be requested too: off by default."""
    same_rank_sets_in_contract: bool = False
    round_turn_limit: int = 0
    """Safety cap for machine play, as in Shanghai with May I (0: no cap)."""
    stock_rebuilds_per_round: int = 2
    """Every round ends: when the stock runs out after it has been rebuilt from the
    discard pile this many times in one round, the round ends and every hand is scored
    as it stands (0: rebuild for ever, as the printed rules leave it). [APP; issue 11]"""
    # Files written before the option existed keep their rules: rummy.kept_rebuilding_for_ever.
    PRESETS: ClassVar[tuple[Preset, ...]] = (
        Preset("Three buys", "three buys a round instead of two", {"buys_per_round": 3}),
        Preset("Same-rank sets", "a contract may hold two sets of one rank",
               {"same_rank_sets_in_contract": True}),
    )


@serializable
@dataclass(frozen=True, slots=True)
class MonasteryOptions:
    """Monastery, the nine-mission rummy (RULES.md §2)."""

    same_rank_sets_in_mission: bool = True
    """M-A6: two sets of one rank in a mission (allowed by default)."""
    round_turn_limit: int = 0
    """Safety cap for machine play: turns after which a round is thrown in (0: no cap)."""
    round_limit: int = 0
    """Safety cap for machine play: rounds after which the game ends, most missions
    winning (0: play until someone completes all nine)."""
    stock_rebuilds_per_round: int = 2
    """Every round ends: when the stock runs out after it has been rebuilt from the
    discard pile this many times in one round, the round is thrown in (the missions
    already laid stay completed) and a new one is dealt (0: rebuild for ever, as the
    printed rules leave it). [APP; issue 12]"""
    # Files written before the option existed keep their rules: rummy.kept_rebuilding_for_ever.
    PRESETS: ClassVar[tuple[Preset, ...]] = (
        Preset("No same-rank sets", "a mission's sets must all be of different ranks "
               "(M-A6)", {"same_rank_sets_in_mission": False}),
    )


@serializable
@dataclass(frozen=True, slots=True)
class PalaceOptions:
    """Palace with straights (RULES.md §3)."""

    placement_cap: int = 2000
    """P-A12: placements after which an endless game ends as a draw."""
    PRESETS: ClassVar[tuple[Preset, ...]] = (
        Preset("Short cap", "a game still going after 500 placements is a draw (P-A12)",
               {"placement_cap": 500}),
    )
