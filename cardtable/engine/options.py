"""House-rule options of every game. Defaults are RULES.md's resolutions.

Each game's options are a frozen dataclass stored in saves; changing a default here
changes new games only, never a saved one.

Standard library only.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, replace
from typing import Any, ClassVar, NamedTuple, Protocol

from .codec import serializable
from .errors import SetupError
from .shown import shown
from .text import msg


class OptionError(SetupError):
    """House rules out of their range. The message is one sentence for the player;
    ``clause`` is the same without its capital and full stop (to go inside another
    sentence), and ``option`` the field's name. The clause is a
    :class:`~cardtable.engine.text.Msg` (the app renders it in the player's language,
    capitalising it where it stands alone); the message is its English sentence."""

    def __init__(self, option: str, clause: str) -> None:
        super().__init__(f"{clause[:1].upper()}{clause[1:]}.")
        self.option = option
        self.clause = clause


@dataclass(frozen=True, slots=True)
class Off:
    """0 turns a whole-number rule off (no cap, no calls): what 0 is called for players
    ("no cap": the rules page never says "0" as if no turn were allowed), and the least
    value that turns the rule on (above 1 where fewer would cut play short: 1 to
    ``least`` - 1 are then refused)."""

    says: str
    least: int = 1


@dataclass(frozen=True, slots=True)
class Bound:
    """The values a whole-number option may take, its name for players, and a note on
    the range (said in refusals: "extra cards with a buy must be from 0 to 4 (the
    printed rule is 2), not 9"). With ``off``, 0 turns the rule off (``low`` is 0)."""

    label: str
    low: int
    high: int
    note: str
    off: Off | None = None

    def __post_init__(self) -> None:
        if self.off is not None and not self.low == 0 < self.off.least <= self.high:
            raise ValueError(f"{self.label}: 0 turns it off, so its range starts at 0 and "
                             "its least value turning it on is within the range")

    def admits(self, value: int) -> bool:
        """Whether ``value`` is in the range (0, or at least ``off.least``, if 0 turns
        the rule off)."""
        return self.low <= value <= self.high and \
            (self.off is None or value == 0 or value >= self.off.least)

    def span(self) -> str:
        """The range in words: "from 0 to 4", "0 or from 16 to 10,000"."""
        if self.off is not None and self.off.least > 1:
            return msg("0 or from {low} to {high}", low=self.off.least, high=self.high)
        return msg("from {low} to {high}", low=self.low, high=self.high)

    def shown(self, value: int) -> str:
        """A value as players read it: "no cap" for 0 where 0 turns the rule off."""
        return self.off.says if value == 0 and self.off is not None else f"{value:,}"


def ranged(label: str, default: int, low: int, high: int, note: str,
           off: Off | None = None) -> int:
    """A whole-number option's field: its default and its :class:`Bound` (read by
    :func:`option_problem`, and by the tests, which fail for an option without one).
    ``label`` is written as it reads inside a sentence (lower case but for names);
    ``off``: 0 turns the rule off, and what it is then called."""
    return dataclasses.field(default=default,
                             metadata={"bound": Bound(label, low, high, note, off)})


def yes_no(label: str, default: bool) -> bool:
    """A yes/no rule's field: its default and its name for players (``label``, as it
    reads inside a sentence: "Shanghai! calls: no (standard yes)")."""
    return dataclasses.field(default=default, metadata={"label": label})


def unoffered(label: str, default: bool, why: str) -> bool:
    """A yes/no rule this version does not offer: it takes only its default (the other
    value is refused, saying ``why``)."""
    return dataclasses.field(default=default, metadata={"label": label,
                                                        "only": (default, why)})


def only_value(field: dataclasses.Field[Any]) -> tuple[bool, str] | None:
    """The one value a rule this version does not offer may take, and why."""
    only = field.metadata.get("only")
    return only if isinstance(only, tuple) else None


def bound_of(field: dataclasses.Field[Any]) -> Bound | None:
    """A field's declared range (``None``: a yes/no rule, or an option without one)."""
    bound = field.metadata.get("bound")
    return bound if isinstance(bound, Bound) else None


def label_of(field: dataclasses.Field[Any]) -> str:
    """The option's name for players, as declared with it (:func:`ranged`,
    :func:`yes_no`, :func:`unoffered`; the tests fail for an option without one)."""
    bound = bound_of(field)
    if bound is not None:
        return bound.label
    label = field.metadata.get("label")
    return label if isinstance(label, str) else field.name.replace("_", " ")


class OptionsInstance(Protocol):
    """Any game's options: a dataclass instance (what ``dataclasses.fields`` reads)."""

    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]

    def __hash__(self) -> int: ...  # frozen: caches (a deck, a variant) are keyed by them


def refusal(options: OptionsInstance) -> OptionError | None:
    """The refusal of these house rules (an option of the wrong kind, or out of its
    range), or ``None``. The one check every way in goes through: the options' own
    construction (``__post_init__``), so deal codes, saves, presets and the command line
    all refuse the same values for the same reason."""
    for field in dataclasses.fields(options):
        value = getattr(options, field.name)
        label = label_of(field)
        bound = bound_of(field)
        if bound is None:
            if not isinstance(value, bool):
                return OptionError(field.name, msg("{option} must be yes or no, not {value}",
                                                   option=label, value=shown(value)))
            only = only_value(field)
            if only is not None and value != only[0]:
                return OptionError(field.name, only[1])
            continue
        if not isinstance(value, int) or isinstance(value, bool):
            return OptionError(field.name, msg("{option} must be a whole number, not {value}",
                                               option=label, value=shown(value)))
        if not bound.admits(value):
            return OptionError(field.name, msg("{option} must be {span} ({note}), not {value}",
                                               option=label, span=bound.span(),
                                               note=bound.note, value=shown(value)))
    return None


def option_problem(options: OptionsInstance) -> str | None:
    """Why these house rules cannot be played, in a sentence, or ``None``."""
    problem = refusal(options)
    return None if problem is None else str(problem)


def check_options(options: OptionsInstance) -> None:
    """Raise :class:`OptionError` if :func:`refusal` finds a problem."""
    problem = refusal(options)
    if problem is not None:
        raise problem


class Preset(NamedTuple):
    """A named set of house rules players choose in setup: the options it changes from
    the defaults (RULES.md's resolutions), and a line saying what changes."""

    name: str
    says: str
    changes: dict[str, Any]


def presets_of(options_type: type) -> tuple[Preset, ...]:
    """The game's presets, the standard rules first."""
    # Translators: the preset of house rules that are the printed rules
    standard = Preset(msg("Standard"), msg("the printed rules; the rules page says how this "
                                           "table settles what they leave open"), {})
    return (standard, *getattr(options_type, "PRESETS", ()))


def preset_options(options_type: type[OptionsInstance], name: str) -> OptionsInstance:
    """The options of the preset ``name`` (KeyError if the game has none so named)."""
    for preset in presets_of(options_type):
        if preset.name == name:
            return replace(options_type(), **preset.changes)
    raise KeyError(name)


def preset_name(options: OptionsInstance) -> str | None:
    """The preset these options are, if any (a deal code may hold other rules)."""
    for preset in presets_of(type(options)):
        if replace(type(options)(), **preset.changes) == options:
            return preset.name
    return None


_SAFETY_TURNS = 10_000
"""No round needs more turns than this."""
_REBUILDS_MAX = 20
"""A round that has gone through the stock this often will not end."""
LEAST_TURN_CAP = 16
"""The least turn cap but none: every player at the largest table (eight) has two turns
before a cap can end a round (a cap of 1 ended whole rounds before the player's first
turn)."""
_TURN_CAP = (msg("the turn cap of a round"), 0, 0, _SAFETY_TURNS,
             msg("0 is no cap; fewer turns end rounds before all have played twice"),
             Off(msg("no cap"), LEAST_TURN_CAP))
_REBUILDS = (msg("stock rebuilds in a round"), 2, 0, _REBUILDS_MAX,
             msg("0 rebuilds the stock for ever"), Off(msg("no limit")))


@serializable
@dataclass(frozen=True, slots=True)
class FiveCrownsOptions:
    """Five Crowns (RULES.md §6). Ranges: see :class:`Bound` on each field."""

    rounds: int = ranged(msg("rounds"), 11, 1, 11,
                         msg("the full game has 11, threes to kings wild"))
    """Rounds to play, from the 3-card round up (11 is the full game; fewer for a quick game)."""
    out_on_first_turn: bool = yes_no(msg("going out on a round's first turn"), True)
    """FC-A2: a player may go out on his first turn of a round."""
    round_turn_limit: int = ranged(*_TURN_CAP)
    """Safety cap for machine play: after this many turns in one round with nobody out,
    the round ends and every hand is scored (0: no cap, as in the printed rules)."""
    stock_rebuilds_per_round: int = ranged(*_REBUILDS)
    """Every round ends: when the stock runs out after it has been rebuilt from the
    discard pile this many times in one round and nobody has gone out, the round ends
    and every hand is scored as it stands (final turns after someone went out are always
    played; 0: rebuild for ever, as the printed rules leave it). [APP; issue 12]"""
    # Files written before the option existed keep their rules: rummy.kept_rebuilding_for_ever.
    PRESETS: ClassVar[tuple[Preset, ...]] = (
        Preset(msg("Quick game"), msg("five rounds: threes to sevens wild"), {"rounds": 5}),
        Preset(msg("No first-turn out"), msg("nobody may go out on a round's first turn"),
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

    may_i_per_round: int = ranged(msg("May I calls in a round"), 3, 0, 6,
                                  msg("the printed rule is 3; 0 turns May I off"),
                                  # Translators: an option's value 0: no May I calls at all
                                  Off(msg("none")))
    """May I calls each player may make in a round (printed: three)."""
    may_i_penalty_cards: int = ranged(msg("penalty cards with a May I"), 1, 0, 3,
                                      msg("the printed rule is 1"))
    """Stock cards a granted May I brings with the called card."""
    shanghai_calls: bool = yes_no(msg("Shanghai! calls"), True)
    same_rank_sets_in_contract: bool = yes_no(msg("two sets of one rank in a contract"), False)
    """S2-A7: two sets of one rank in a contract (refused by default)."""
    exchange_before_down: bool = yes_no(
        msg("taking a wild from the table before going down"), True)
    """S2-A9(b): wilds may be exchanged from the table before going down."""
    out_points_per_round: int = ranged(msg("points for going out, times the round"), 5, 0,
                                       50, msg("the printed rule is 5"))
    """Points earned for going out, times the round number."""
    low_penalty_bonus: int = ranged(msg("the bonus for the fewest penalty points"), 70, 0,
                                    500, msg("the printed rule is 70"))
    """The bonus for the fewest penalty points after the last round."""
    round_turn_limit: int = ranged(*_TURN_CAP)
    """Safety cap for machine play: a round with nobody out after this many turns is
    scored as it stands (0: no cap, as in the printed rules)."""
    stock_rebuilds_per_round: int = ranged(*_REBUILDS)
    """Every round ends: when the stock runs out after it has been rebuilt from the
    discard pile this many times in one round, the round ends and every hand is scored
    as it stands (0: rebuild for ever, as the printed rules leave it). [APP; issue 11]"""
    # Files written before the option existed keep their rules: rummy.kept_rebuilding_for_ever.
    PRESETS: ClassVar[tuple[Preset, ...]] = (
        Preset(msg("Two May I"), msg("two May I calls a round instead of three"),
               {"may_i_per_round": 2}),
        Preset(msg("No Shanghai!"),
               msg("discards may not be called onto the table (no Shanghai! calls)"),
               {"shanghai_calls": False}),
        Preset(msg("Same-rank sets"), msg("a contract may hold two sets of one rank"),
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

    buys_per_round: int = ranged(msg("buys in a round"), 2, 0, 6,
                                 msg("the printed rule is 2; 0 turns buying off"),
                                 # Translators: an option's value 0: no buys at all
                                 Off(msg("none")))
    """Buys each player may make in a round (printed: two)."""
    buy_extra_cards: int = ranged(msg("extra cards with a buy"), 2, 0, 4,
                                  msg("the printed rule is 2"))
    """Stock cards a buy brings with the discard."""
    buy_card_beneath: bool = unoffered(msg("buying the card beneath"), False,
                                       msg("the optional rule to buy the card beneath is not "
                                           "offered"))
    """The optional rule that the card beneath may be requested too: not offered yet."""
    same_rank_sets_in_contract: bool = yes_no(msg("two sets of one rank in a contract"), False)
    round_turn_limit: int = ranged(*_TURN_CAP)
    """Safety cap for machine play, as in Shanghai with May I (0: no cap)."""
    stock_rebuilds_per_round: int = ranged(*_REBUILDS)
    """Every round ends: when the stock runs out after it has been rebuilt from the
    discard pile this many times in one round, the round ends and every hand is scored
    as it stands (0: rebuild for ever, as the printed rules leave it). [APP; issue 11]"""
    # Files written before the option existed keep their rules: rummy.kept_rebuilding_for_ever.
    PRESETS: ClassVar[tuple[Preset, ...]] = (
        Preset(msg("Three buys"), msg("three buys a round instead of two"),
               {"buys_per_round": 3}),
        Preset(msg("Same-rank sets"), msg("a contract may hold two sets of one rank"),
               {"same_rank_sets_in_contract": True}),
    )

    def __post_init__(self) -> None:
        check_options(self)


@serializable
@dataclass(frozen=True, slots=True)
class MonasteryOptions:
    """Monastery, the nine-mission rummy (RULES.md §2)."""

    same_rank_sets_in_mission: bool = yes_no(msg("two sets of one rank in a mission"), True)
    """M-A6: two sets of one rank in a mission (allowed by default)."""
    round_turn_limit: int = ranged(*_TURN_CAP)
    """Safety cap for machine play: turns after which a round is thrown in (0: no cap)."""
    round_limit: int = ranged(msg("the round cap of a game"), 0, 0, 1000,
                              msg("0 plays until someone completes all nine missions"),
                              Off(msg("no cap")))
    """Safety cap for machine play: rounds after which the game ends, most missions
    winning (0: play until someone completes all nine)."""
    stock_rebuilds_per_round: int = ranged(*_REBUILDS)
    """Every round ends: when the stock runs out after it has been rebuilt from the
    discard pile this many times in one round, the round is thrown in (the missions
    already laid stay completed) and a new one is dealt (0: rebuild for ever, as the
    printed rules leave it). [APP; issue 12]"""
    # Files written before the option existed keep their rules: rummy.kept_rebuilding_for_ever.
    PRESETS: ClassVar[tuple[Preset, ...]] = (
        Preset(msg("No same-rank sets"), msg("a mission's sets must all be of different ranks"),
               {"same_rank_sets_in_mission": False}),
    )

    def __post_init__(self) -> None:
        check_options(self)


@serializable
@dataclass(frozen=True, slots=True)
class PalaceOptions:
    """Palace with straights (RULES.md §3)."""

    placement_cap: int = ranged(msg("the placement cap"), 2000, 200, 100_000,
                                msg("a game of six takes about a hundred placements"))
    """P-A12: placements after which an endless game ends as a draw."""
    PRESETS: ClassVar[tuple[Preset, ...]] = (
        Preset(msg("Short cap"), msg("a game still going after 500 placements is a draw"),
               {"placement_cap": 500}),
    )

    def __post_init__(self) -> None:
        check_options(self)
