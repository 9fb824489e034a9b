"""Meld validation for the rummy games under each game's wild rules (RULES.md §7.3, §8).

One ``MeldRules`` value describes a game's (or a round's) wilds and rank domain:
Five Crowns' rotating wild rank plus jokers with no ratio, Shanghai's twos and jokers
with naturals ≥ wilds, Monastery's aces wild within their own suit. Validation is a pure
function that returns ``None`` for a valid meld or the sentence that says why not.

Two entry points per meld kind, as RULES.md asks: *as laid* (a run's order fixes what
each wild stands for) and *unordered* ("can these cards form a run in some order?"),
which hint, arrangement and AI code use.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import product

from .cards import Card, Colour, IdentityEnum, Rank, Suit
from .codec import serializable
from .text import Msg, msg, nmsg


class MeldKind(IdentityEnum):
    SET = "set"  # a "book" in Five Crowns
    RUN = "run"
    DOUBLE_RUN = "double run"  # Monastery mission 7: pairs of consecutive ranks
    SAME_SUIT = "suit group"  # Monastery mission 8: cards of one suit, any ranks
    EVEN = "even group"  # Monastery mission 9: cards of even rank
    ODD = "odd group"  # … or of odd rank


class SuitRule(IdentityEnum):
    """What a group demands of its cards' suits."""

    ANY = "any"
    SAME_SUIT = "suit"
    SAME_COLOUR = "colour"


@dataclass(frozen=True, slots=True)
class MeldRules:
    """A game's meld rules for one round. Pure data, so it is cheap to build per round."""

    wild_ranks: frozenset[Rank] = frozenset()
    jokers_wild: bool = True
    aces_wild_in_suit: bool = False
    naturals_at_least_wilds: bool = False
    min_set: int = 3
    min_run: int = 3
    run_low: int = 3
    run_high: int = 13
    ace_values: tuple[int, ...] = (1,)
    set_word: str = "set"
    """What the game calls a set: "set", or "book" (Five Crowns); each has its own
    sentences (``_ONE_RANK`` …), so a translator sees whole sentences."""
    max_run: int = 0
    """Most cards in a run (0: every rank from ``run_low`` to ``run_high``). Shanghai with
    May I caps runs at 13 so an ace is high or low, never both (RULES.md §4.3)."""
    _wild: frozenset[int] = field(init=False, repr=False, compare=False)
    """The wild ranks as numbers: ``is_wild`` is asked millions of times a search, and
    an int's hash is native where an enum member's is not."""

    def __post_init__(self) -> None:
        wild = {int(rank) for rank in self.wild_ranks}
        if self.jokers_wild:
            wild.add(int(Rank.JOKER))
        if self.aces_wild_in_suit:
            wild.add(int(Rank.ACE))
        object.__setattr__(self, "_wild", frozenset(wild))

    @property
    def longest_run(self) -> int:
        span = self.run_high - self.run_low + 1
        return min(span, self.max_run) if self.max_run else span

    def is_wild(self, card: Card) -> bool:
        return card.rank._value_ in self._wild

    def natural_values(self, card: Card) -> tuple[int, ...]:
        """The run positions a natural card may take (an ace may be low or high)."""
        if card.rank is Rank.ACE:
            return self.ace_values
        return (int(card.rank),)


@serializable
@dataclass(frozen=True, slots=True)
class Meld:
    """A group of cards on the table (or proposed for it), runs in ascending laid order."""

    kind: MeldKind
    cards: tuple[Card, ...]


# ------------------------------------------------------------------------------- helpers

_COURT_NAMES = {
    # Translators: a run's end, in "a run goes from 3 to king"
    1: msg("ace"),
    # Translators: a run's end, in "a run goes from 3 to king"
    11: msg("jack"),
    # Translators: a run's end, in "a run goes from 3 to king"
    12: msg("queen"),
    # Translators: a run's end, in "a run goes from 3 to king"
    13: msg("king"),
    # Translators: a run's end, in "a run goes from 3 to king"
    14: msg("ace"),
}
"""A run's end named in a sentence ("a run goes from 3 to king")."""


def _rank_name(value: int) -> Msg | str:
    return _COURT_NAMES.get(value) or str(value)


_TWO_OF = {
    Rank.JOKER: msg("a run can't hold two jokers"),
    Rank.ACE: msg("a run can't hold two aces"),
    Rank.TWO: msg("a run can't hold two twos"),
    Rank.THREE: msg("a run can't hold two threes"),
    Rank.FOUR: msg("a run can't hold two fours"),
    Rank.FIVE: msg("a run can't hold two fives"),
    Rank.SIX: msg("a run can't hold two sixes"),
    Rank.SEVEN: msg("a run can't hold two sevens"),
    Rank.EIGHT: msg("a run can't hold two eights"),
    Rank.NINE: msg("a run can't hold two nines"),
    Rank.TEN: msg("a run can't hold two tens"),
    Rank.JACK: msg("a run can't hold two jacks"),
    Rank.QUEEN: msg("a run can't hold two queens"),
    Rank.KING: msg("a run can't hold two kings"),
}
"""A run's refusal of a second natural of a rank: a whole sentence for each rank (the
rank's plural agrees with "two" in each language)."""

_ONE_SUIT = {"set": msg("a set must be all one suit"), "book": msg("a book must be all one suit"),
             "run": msg("a run must be all one suit")}
_ONE_COLOUR = {"set": msg("a set must be all one colour"),
               "book": msg("a book must be all one colour"),
               "run": msg("a run must be all one colour")}
_NATURALS_NEEDED = {"set": msg("a set needs natural cards, not only wild cards"),
                    "book": msg("a book needs natural cards, not only wild cards")}
_ONE_RANK = {"set": msg("a set must be all one rank"), "book": msg("a book must be all one rank")}
"""A meld's refusals by the word the game calls it ("book" in Five Crowns), each a whole
sentence a translator sees; made once, as the refusals below with numbers are kept (the
search asks them of many groups, and a message costs more to make than an f-string)."""
_NOT_A_MELD = {MeldKind.SET: msg("a set is not a meld in this game"),
               MeldKind.RUN: msg("a run is not a meld in this game"),
               MeldKind.DOUBLE_RUN: msg("a double run is not a meld in this game"),
               MeldKind.SAME_SUIT: msg("a suit group is not a meld in this game"),
               MeldKind.EVEN: msg("a even group is not a meld in this game"),
               MeldKind.ODD: msg("a odd group is not a meld in this game")}
_RATIO = msg("a meld needs at least as many natural cards as wild cards")
_RUN_NATURALS = msg("a run needs natural cards, not only wild cards")
_IN_SEQUENCE = msg("the cards of a run must follow in sequence, and the wilds can't fill the gaps")
_IN_ORDER = msg("put the run's cards in order: each wild stands for the rank of its place")


@cache
def _too_few(word: str, least: int) -> Msg:
    if word == "run":
        return nmsg("a run needs at least {count} card", "a run needs at least {count} cards",
                    least)
    if word == "book":
        return nmsg("a book needs at least {count} card", "a book needs at least {count} cards",
                    least)
    return nmsg("a set needs at least {count} card", "a set needs at least {count} cards", least)


@cache
def _too_long(most: int) -> Msg:
    return nmsg("a run holds at most {count} card: an ace is high or low, not both",
                "a run holds at most {count} cards: an ace is high or low, not both", most)


@cache
def _run_bounds(low: int, high: int, at_most: bool) -> Msg:
    if at_most:
        return msg("a run can go from {low} to {high} at most", low=_rank_name(low),
                   high=_rank_name(high))
    return msg("a run goes from {low} to {high}", low=_rank_name(low), high=_rank_name(high))


def _bound_suit(card: Card, rules: MeldRules) -> Suit | None:
    """The suit a card commits a group to: naturals, and Monastery's suit-bound aces."""
    if card.suit is None:
        return None
    if rules.is_wild(card) and not (rules.aces_wild_in_suit and card.rank is Rank.ACE):
        return None
    return card.suit


def _suit_problem(cards: Sequence[Card], rules: MeldRules, suit_rule: SuitRule,
                  noun: str) -> str | None:
    if suit_rule is SuitRule.ANY:
        return None
    bound = [suit for suit in (_bound_suit(card, rules) for card in cards) if suit is not None]
    if suit_rule is SuitRule.SAME_SUIT and len(set(bound)) > 1:
        return _ONE_SUIT[noun]
    if suit_rule is SuitRule.SAME_COLOUR:
        colours = {suit.colour for suit in bound}
        if len(colours) > 1 or Colour.NONE in colours:
            return _ONE_COLOUR[noun]
    return None


def _ratio_problem(naturals: int, wilds: int, rules: MeldRules) -> str | None:
    if rules.naturals_at_least_wilds and wilds > naturals:
        return _RATIO
    return None


def split_wilds(cards: Sequence[Card], rules: MeldRules) -> tuple[list[Card], list[Card]]:
    naturals: list[Card] = []
    wilds: list[Card] = []
    for card in cards:
        (wilds if rules.is_wild(card) else naturals).append(card)
    return naturals, wilds


# ---------------------------------------------------------------------------------- sets

def set_problem(cards: Sequence[Card], rules: MeldRules,
                suit_rule: SuitRule = SuitRule.ANY) -> str | None:
    """Why these cards are not a set (book), or ``None`` if they are one."""
    word = rules.set_word
    if len(cards) < rules.min_set:
        return _too_few(word, rules.min_set)
    naturals, wilds = split_wilds(cards, rules)
    if rules.naturals_at_least_wilds and not naturals:
        return _NATURALS_NEEDED[word]
    ratio = _ratio_problem(len(naturals), len(wilds), rules)
    if ratio:
        return ratio
    if len({card.rank for card in naturals}) > 1:
        return _ONE_RANK[word]
    return _suit_problem(cards, rules, suit_rule, word)


# ---------------------------------------------------------------------------------- runs

def _run_shape_problem(cards: Sequence[Card], rules: MeldRules,
                       suit_rule: SuitRule) -> tuple[list[Card], list[Card], str | None]:
    naturals, wilds = split_wilds(cards, rules)
    if len(cards) < rules.min_run:
        return naturals, wilds, _too_few("run", rules.min_run)
    if rules.naturals_at_least_wilds and not naturals:
        return naturals, wilds, _RUN_NATURALS
    problem = _ratio_problem(len(naturals), len(wilds), rules)
    problem = problem or _suit_problem(cards, rules, suit_rule, "run")
    if problem is None and len(cards) > rules.longest_run:
        if rules.max_run:
            problem = _too_long(rules.longest_run)
        else:
            problem = _run_bounds(rules.run_low, rules.run_high, True)
    return naturals, wilds, problem


def run_problem(cards: Sequence[Card], rules: MeldRules,
                suit_rule: SuitRule = SuitRule.SAME_SUIT) -> str | None:
    """Why no order of these cards is a run, or ``None`` if some order is one."""
    naturals, _, problem = _run_shape_problem(cards, rules, suit_rule)
    if problem:
        return problem
    if _run_start(naturals, len(cards), rules) is not None:
        return None
    return _explain_run_failure(naturals, len(cards), rules)


def _run_start(naturals: Sequence[Card], length: int,
               rules: MeldRules) -> tuple[int, tuple[int, ...]] | None:
    """A start rank and the naturals' values that make a run of ``length``, if any."""
    low, high = rules.run_low, rules.run_high
    if not naturals:
        return (low, ()) if length <= high - low + 1 else None
    for values in product(*(rules.natural_values(card) for card in naturals)):
        if len(set(values)) != len(values):
            continue
        first = max(low, max(values) - length + 1)
        last = min(min(values), high - length + 1)
        if first <= last:
            return first, values
    return None


def _explain_run_failure(naturals: Sequence[Card], length: int, rules: MeldRules) -> str:
    ranks = [card.rank for card in naturals]
    for rank in set(ranks):
        if ranks.count(rank) > 1 and rank is not Rank.ACE:
            return _TWO_OF[rank]
    values = sorted(v for card in naturals for v in rules.natural_values(card)[:1])
    if values and (min(values) < rules.run_low or max(values) > rules.run_high):
        return _run_bounds(rules.run_low, rules.run_high, False)
    return _IN_SEQUENCE


def run_problem_as_laid(cards: Sequence[Card], rules: MeldRules,
                        suit_rule: SuitRule = SuitRule.SAME_SUIT) -> str | None:
    """Why this run, in this ascending order, is not valid (``None`` if it is)."""
    naturals, _, problem = _run_shape_problem(cards, rules, suit_rule)
    if problem:
        return problem
    if run_positions(cards, rules) is not None:
        return None
    if _run_start(naturals, len(cards), rules) is not None:
        return _IN_ORDER
    return _explain_run_failure(naturals, len(cards), rules)


def run_positions(cards: Sequence[Card], rules: MeldRules) -> tuple[int, ...] | None:
    """The rank each card of a laid run stands for, or ``None`` if no start fits."""
    length = len(cards)
    if length > rules.longest_run:
        return None
    is_wild, values_of = rules.is_wild, rules.natural_values
    last_start = rules.run_high - length + 1
    starts: Iterable[int] = range(rules.run_low, last_start + 1)
    for index, card in enumerate(cards):
        if not is_wild(card):  # the first natural fixes where the run can start
            starts = sorted(value - index for value in values_of(card))
            break
    for start in starts:
        if rules.run_low <= start <= last_start and all(
                is_wild(card) or start + index in values_of(card)
                for index, card in enumerate(cards)):
            return tuple(range(start, start + length))
    return None


def order_run(cards: Sequence[Card], rules: MeldRules,
              suit_rule: SuitRule = SuitRule.SAME_SUIT) -> tuple[Card, ...] | None:
    """The cards in a laid order that makes them a run, or ``None`` if none does.

    Wilds fill the gaps first; spare wilds go on top while there is room, then below.
    """
    naturals, wilds, problem = _run_shape_problem(cards, rules, suit_rule)
    if problem:
        return None
    found = _run_start(naturals, len(cards), rules)
    if found is None:
        return None
    start, values = found
    if naturals:
        # Start at the lowest natural where the run fits, so spare wilds go on top.
        start = min(min(values), rules.run_high - len(cards) + 1)
    by_value = dict(zip(values, naturals))
    spare = list(wilds)
    laid: list[Card] = []
    for position in range(start, start + len(cards)):
        laid.append(by_value[position] if position in by_value else spare.pop())
    return tuple(laid)


def run_orders(cards: Sequence[Card], rules: MeldRules,
               suit_rule: SuitRule = SuitRule.SAME_SUIT) -> list[tuple[Card, ...]]:
    """Every laid order that makes these cards a valid run, one per choice of where the
    run starts and which place each natural (an ace: low or high) takes; the wilds fill
    the other places. Used where the order matters beyond the run itself, such as two
    runs of one suit that must not touch (RULES.md §8)."""
    naturals, wilds, problem = _run_shape_problem(cards, rules, suit_rule)
    if problem:
        return []
    length, found = len(cards), []
    for start in range(rules.run_low, rules.run_high - length + 2):
        for values in product(*(rules.natural_values(card) for card in naturals)):
            if len(set(values)) != len(values) or \
                    not all(start <= value < start + length for value in values):
                continue
            at = dict(zip(values, naturals))
            spare = list(wilds)
            found.append(tuple(at[p] if p in at else spare.pop()
                               for p in range(start, start + length)))
    return found


def meld_problem(meld: Meld, rules: MeldRules,
                 suit_rule: SuitRule | None = None) -> str | None:
    """Why a proposed meld is not valid as laid (``None`` if it is)."""
    if meld.kind not in (MeldKind.SET, MeldKind.RUN):
        return _NOT_A_MELD[meld.kind]
    if meld.kind is MeldKind.SET:
        return set_problem(meld.cards, rules, suit_rule or SuitRule.ANY)
    return run_problem_as_laid(meld.cards, rules, suit_rule or SuitRule.SAME_SUIT)


def as_meld(cards: Sequence[Card], rules: MeldRules,
            kinds: Sequence[MeldKind] = (MeldKind.SET, MeldKind.RUN)) -> Meld | str:
    """The meld these cards make (a run laid in a valid order), or why they make none.

    Used to label a group a player is building: cards of one rank are judged as a set
    first, anything else as a run first, so the reason given is the one that matters.
    """
    naturals, _ = split_wilds(cards, rules)
    order = list(kinds)
    if len({card.rank for card in naturals}) > 1 and MeldKind.RUN in order:
        order.sort(key=lambda kind: kind is not MeldKind.RUN)
    reasons: list[str] = []
    for kind in order:
        if kind is MeldKind.RUN:
            laid = order_run(cards, rules)
            if laid is not None:
                return Meld(MeldKind.RUN, laid)
            reasons.append(run_problem(cards, rules) or msg("not a run"))
        else:
            reason = set_problem(cards, rules)
            if reason is None:
                return Meld(MeldKind.SET, tuple(cards))
            reasons.append(reason)
    return reasons[0]
