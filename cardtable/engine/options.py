"""House-rule options of every game. Defaults are RULES.md's resolutions.

Each game's options are a frozen dataclass stored in saves; changing a default here
changes new games only, never a saved one.

Standard library only.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, replace
from typing import Any, ClassVar, NamedTuple

from .codec import serializable
from .errors import SetupError


class OptionError(SetupError):
    """House rules out of their range; the message names the option and says why."""


@dataclass(frozen=True, slots=True)
class Bound:
    """The values a whole-number option may take, and why those (said in refusals)."""

    low: int
    high: int
    why: str


def ranged(default: int, low: int, high: int, why: str) -> int:
    """A whole-number option's field: its default and its :class:`Bound` (read by
    :func:`option_problem`, and by the tests, which fail for an option without one)."""
    return dataclasses.field(default=default,
                             metadata={"bound": Bound(low, high, why)})


def unoffered(default: bool, why: str) -> bool:
    """A yes/no rule this version does not offer: it takes only its default (the other
    value is refused, saying ``why``)."""
    return dataclasses.field(default=default, metadata={"only": (default, why)})


def only_value(field: dataclasses.Field[Any]) -> tuple[bool, str] | None:
    """The one value a rule this version does not offer may take, and why."""
    only = field.metadata.get("only")
    return only if isinstance(only, tuple) else None


def bound_of(field: dataclasses.Field[Any]) -> Bound | None:
    """A field's declared range (``None``: a yes/no rule, or an option without one)."""
    bound = field.metadata.get("bound")
    return bound if isinstance(bound, Bound) else None


def option_problem(options: Any) -> str | None:
    """Why these house rules cannot be played (an option of the wrong kind, or out of its
    range), or ``None``. The one check every way in goes through: the options' own
    construction (``__post_init__``), so deal codes, saves, presets and the command line
    all refuse the same values for the same reason."""
    for field in dataclasses.fields(options):
        value = getattr(options, field.name)
        bound = bound_of(field)
        if bound is None:
            if not isinstance(value, bool):
                return f"{field.name} must be yes or no, not {value!r:.20}"
            only = only_value(field)
            if only is not None and value != only[0]:
                return f"{field.name} must be {'yes' if only[0] else 'no'}: {only[1]}"
            continue
        if not isinstance(value, int) or isinstance(value, bool):
            return f"{field.name} must be a whole number, not {value!r:.20}"
        if not bound.low <= value <= bound.high:
            return (f"{field.name} must be from {bound.low} to {bound.high}, not {value}: "
                    f"{bound.why}")
    return None


def check_options(options: Any) -> None:
    """Raise :class:`OptionError` if :func:`option_problem` finds a problem."""
    problem = option_problem(options)
    if problem is not None:
        raise OptionError(problem)


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


_TURN_CAP = ("0 is no cap; a cap counts the turns of one round, and no round needs "
             "more than 10000")
_REBUILDS = ("0 rebuilds the stock for ever; a round that has gone through the stock "
             "20 times will not end")
_SAFETY_TURNS = 10_000
_REBUILDS_MAX = 20


@serializable
@dataclass(frozen=True, slots=True)
class FiveCrownsOptions:
    """Five Crowns (RULES.md §6). Ranges: see :class:`Bound` on each field."""

    rounds: int = ranged(11, 1, 11, "Five Crowns has eleven rounds, threes to kings wild")
    """Rounds to play, from the 3-card round up (11 is the full game; fewer for a quick game)."""
    out_on_first_turn: bool = True
    """FC-A2: a player may go out on his first turn of a round."""
    round_turn_limit: int = ranged(0, 0, _SAFETY_TURNS, _TURN_CAP)
    """Safety cap for machine play: after this many turns in one round with nobody out,
    the round ends and every hand is scored (0: no cap, as in the printed rules)."""
    stock_rebuilds_per_round: int = ranged(2, 0, _REBUILDS_MAX, _REBUILDS)
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

    def __post_init__(self) -> None:
        check_options(self)


@serializable
@dataclass(frozen=True, slots=True)
class ShanghaiMayIOptions:
    """Shanghai with May I (RULES.md §4).

    A May I brings the called card and the penalty cards from the stock; the engine opens
    the call only while the stock (with the rebuilds left) can give them and the player
    in turn his draw, so no range here can leave a seat without a move. The ranges keep
    to what a table would play: the stock after the deal holds at least 55 cards (four
    players, two decks), so even the largest penalty (three) is served many times."""

    may_i_per_round: int = ranged(3, 0, 6, "0 turns May I off; six a round is twice the "
                                  "printed rule")
    """May I calls each player may make in a round (printed: three)."""
    may_i_penalty_cards: int = ranged(1, 0, 3, "a May I brings the called card and 0 to 3 "
                                      "penalty cards from the stock (printed: one)")
    """Stock cards a granted May I brings with the called card."""
    shanghai_calls: bool = True
    same_rank_sets_in_contract: bool = False
    """S2-A7: two sets of one rank in a contract (refused by default)."""
    exchange_before_down: bool = True
    """S2-A9(b): wilds may be exchanged from the table before going down."""
    out_points_per_round: int = ranged(5, 0, 50, "points for going out, times the round: "
                                       "0 to 50 (printed: 5)")
    """Points earned for going out, times the round number."""
    low_penalty_bonus: int = ranged(70, 0, 500, "the bonus for the fewest penalty points: "
                                    "0 to 500 (printed: 70)")
    """The bonus for the fewest penalty points after the last round."""
    round_turn_limit: int = ranged(0, 0, _SAFETY_TURNS, _TURN_CAP)
    """Safety cap for machine play: a round with nobody out after this many turns is
    scored as it stands (0: no cap, as in the printed rules)."""
    stock_rebuilds_per_round: int = ranged(2, 0, _REBUILDS_MAX, _REBUILDS)
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

    def __post_init__(self) -> None:
        check_options(self)


@serializable
@dataclass(frozen=True, slots=True)
class ShanghaiBuyOptions:
    """Shanghai with buying (RULES.md §5).

    A buy brings the discard and the extra cards from the stock; the engine opens a buy
    only while the stock (with the rebuilds left) can give them and the player in turn
    his draw, so no range here can leave a seat without a move. The stock after the deal
    holds at least 73 cards (eight players, three decks of 54), so a buy of the discard
    and four more is served many times; more would bury a buyer under cards."""

    buys_per_round: int = ranged(2, 0, 6, "0 turns buying off; six a round is three times "
                                 "the printed rule")
    """Buys each player may make in a round (printed: two)."""
    buy_extra_cards: int = ranged(2, 0, 4, "a buy brings the discard and 0 to 4 cards from "
                                  "the stock (printed: two)")
    """Stock cards a buy brings with the discard."""
    buy_card_beneath: bool = unoffered(False, "the optional rule to buy the card beneath "
                                       "is not offered")
    """The optional rule that the card beneath may be requested too: not offered yet."""
    same_rank_sets_in_contract: bool = False
    round_turn_limit: int = ranged(0, 0, _SAFETY_TURNS, _TURN_CAP)
    """Safety cap for machine play, as in Shanghai with May I (0: no cap)."""
    stock_rebuilds_per_round: int = ranged(2, 0, _REBUILDS_MAX, _REBUILDS)
    """Every round ends: when the stock runs out after it has been rebuilt from the
    discard pile this many times in one round, the round ends and every hand is scored
    as it stands (0: rebuild for ever, as the printed rules leave it). [APP; issue 11]"""
    # Files written before the option existed keep their rules: rummy.kept_rebuilding_for_ever.
    PRESETS: ClassVar[tuple[Preset, ...]] = (
        Preset("Three buys", "three buys a round instead of two", {"buys_per_round": 3}),
        Preset("Same-rank sets", "a contract may hold two sets of one rank",
               {"same_rank_sets_in_contract": True}),
    )

    def __post_init__(self) -> None:
        check_options(self)


@serializable
@dataclass(frozen=True, slots=True)
class MonasteryOptions:
    """Monastery, the nine-mission rummy (RULES.md §2)."""

    same_rank_sets_in_mission: bool = True
    """M-A6: two sets of one rank in a mission (allowed by default)."""
    round_turn_limit: int = ranged(0, 0, _SAFETY_TURNS, _TURN_CAP)
    """Safety cap for machine play: turns after which a round is thrown in (0: no cap)."""
    round_limit: int = ranged(0, 0, 1000, "0 plays until someone completes all nine "
                              "missions; a cap of more than 1000 rounds is no cap")
    """Safety cap for machine play: rounds after which the game ends, most missions
    winning (0: play until someone completes all nine)."""
    stock_rebuilds_per_round: int = ranged(2, 0, _REBUILDS_MAX, _REBUILDS)
    """Every round ends: when the stock runs out after it has been rebuilt from the
    discard pile this many times in one round, the round is thrown in (the missions
    already laid stay completed) and a new one is dealt (0: rebuild for ever, as the
    printed rules leave it). [APP; issue 12]"""
    # Files written before the option existed keep their rules: rummy.kept_rebuilding_for_ever.
    PRESETS: ClassVar[tuple[Preset, ...]] = (
        Preset("No same-rank sets", "a mission's sets must all be of different ranks "
               "(M-A6)", {"same_rank_sets_in_mission": False}),
    )

    def __post_init__(self) -> None:
        check_options(self)


@serializable
@dataclass(frozen=True, slots=True)
class PalaceOptions:
    """Palace with straights (RULES.md §3)."""

    placement_cap: int = ranged(2000, 200, 100_000, "a game still going after this many "
                                "placements is a draw: a game of six takes about a hundred, "
                                "so a lower cap would draw whole games, and with no cap an "
                                "endless game would never end")
    """P-A12: placements after which an endless game ends as a draw."""
    PRESETS: ClassVar[tuple[Preset, ...]] = (
        Preset("Short cap", "a game still going after 500 placements is a draw (P-A12)",
               {"placement_cap": 500}),
    )

    def __post_init__(self) -> None:
        check_options(self)
