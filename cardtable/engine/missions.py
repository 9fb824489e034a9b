"""Monastery's nine missions (RULES.md §2.2): what each demands, and the group checks.

Aces are wild by rank within their own suit: an ace may stand for any rank of its suit
(so it keeps its suit's colour), never for a card of another suit, never above the king.
A mission is laid as groups, each with a kind (set, run, double run, suit group, even or
odd group) and the constraint its mission puts on suits; the same constraint judges every
card added to the group later.

Besides validation this module finds a way to lay a mission from a hand (for hints, the
legal-move list and the AI) and estimates how many cards a hand still lacks for one.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import permutations
from typing import NamedTuple

from .cards import Card, Colour, Rank, Suit
from .melds import (
    Meld,
    MeldKind,
    MeldRules,
    SuitRule,
    order_run,
    run_problem,
    run_problem_as_laid,
    set_problem,
)
from .text import Msg, msg, nmsg

RULES = MeldRules(jokers_wild=False, aces_wild_in_suit=True, min_set=3, min_run=3,
                  run_low=1, run_high=13, ace_values=(1,))
"""Monastery's meld rules: no jokers, aces wild within their suit, ranks ace (low) to king."""

SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


@dataclass(frozen=True, slots=True)
class GroupSpec:
    """One group a mission asks for: its kind, its least size, its suit constraint."""

    kind: MeldKind
    size: int
    suit_rule: SuitRule = SuitRule.ANY

    @property
    def kinds(self) -> tuple[MeldKind, ...]:
        """The kinds that satisfy this spec (mission 9 takes an even or an odd group)."""
        return (MeldKind.EVEN, MeldKind.ODD) if self.kind is MeldKind.EVEN else (self.kind,)

    def describe(self) -> str:
        """The group in words: "a set of 3 in colour", "7 cards of one suit" (made once
        a spec: the searches ask for it on every group they shape)."""
        return _described(self)


@cache
def _described(spec: GroupSpec) -> str:
    """:meth:`GroupSpec.describe`. A suit rule is said of sets and runs, the only groups
    a mission gives one."""
    size, rule = spec.size, spec.suit_rule
    if spec.kind is MeldKind.SET:
        return msg("a set of {size} in colour", size=size) if rule is SuitRule.SAME_COLOUR \
            else msg("a set of {size} in suit", size=size) if rule is SuitRule.SAME_SUIT \
            else msg("a set of {size}", size=size)
    if spec.kind is MeldKind.RUN:
        return msg("a run of {size} in colour", size=size) if rule is SuitRule.SAME_COLOUR \
            else msg("a run of {size} in suit", size=size) if rule is SuitRule.SAME_SUIT \
            else msg("a run of {size}", size=size)
    if spec.kind is MeldKind.DOUBLE_RUN:
        return msg("a double run of 3")
    if spec.kind is MeldKind.SAME_SUIT:
        return nmsg("{count} card of one suit", "{count} cards of one suit", size)
    return nmsg("{count} card all even or all odd", "{count} cards all even or all odd",
                size)


@dataclass(frozen=True, slots=True)
class Mission:
    number: int
    title: str
    groups: tuple[GroupSpec, ...]

    @property
    def cards(self) -> int:
        return sum(spec.size for spec in self.groups)


_SET, _RUN = MeldKind.SET, MeldKind.RUN
MISSIONS: dict[int, Mission] = {m.number: m for m in (
    Mission(1, msg("2 sets of 3 in colour"),
            (GroupSpec(_SET, 3, SuitRule.SAME_COLOUR), GroupSpec(_SET, 3, SuitRule.SAME_COLOUR))),
    Mission(2, msg("3 sets of 3"), (GroupSpec(_SET, 3), GroupSpec(_SET, 3), GroupSpec(_SET, 3))),
    Mission(3, msg("a set of 4 and a run of 4"), (GroupSpec(_SET, 4), GroupSpec(_RUN, 4))),
    Mission(4, msg("a run of 5 in one suit"), (GroupSpec(_RUN, 5, SuitRule.SAME_SUIT),)),
    Mission(5, msg("a run of 6 in one colour"), (GroupSpec(_RUN, 6, SuitRule.SAME_COLOUR),)),
    Mission(6, msg("a run of 8"), (GroupSpec(_RUN, 8),)),
    Mission(7, msg("a double run of 3"), (GroupSpec(MeldKind.DOUBLE_RUN, 6),)),
    Mission(8, msg("7 cards of one suit"), (GroupSpec(MeldKind.SAME_SUIT, 7),)),
    Mission(9, msg("9 cards all even or all odd"), (GroupSpec(MeldKind.EVEN, 9),)),
)}


def is_ace(card: Card) -> bool:
    return card.rank is Rank.ACE


# ------------------------------------------------------------------------------ validation

def group_problem(meld: Meld, spec: GroupSpec, minimum: bool = True) -> str | None:
    """Why a group (as laid) does not meet its spec, or ``None`` if it does. With
    ``minimum`` false the size is not checked (used for additions to a laid group)."""
    cards = meld.cards
    if meld.kind not in spec.kinds:
        return msg("this group must be {group}", group=spec.describe())
    if minimum and len(cards) < spec.size:
        return nmsg("{group} needs at least {count} card", "{group} needs at least {count} cards",
                    spec.size, group=spec.describe())
    if meld.kind is MeldKind.SET:
        return set_problem(cards, RULES, spec.suit_rule)
    if meld.kind is MeldKind.RUN:
        return run_problem_as_laid(cards, RULES, spec.suit_rule)
    if meld.kind is MeldKind.DOUBLE_RUN:
        return double_run_problem(cards)
    if meld.kind is MeldKind.SAME_SUIT:
        if len({card.suit for card in cards}) > 1:
            return msg("a suit group must be all one suit")
        return None
    want = 0 if meld.kind is MeldKind.EVEN else 1
    for card in cards:
        if not is_ace(card) and int(card.rank) % 2 != want:
            return msg("every card must be of even rank ({card} is not)", card=card) \
                if want == 0 else msg("every card must be of odd rank ({card} is not)", card=card)
    return None


def double_run_problem(cards: Sequence[Card]) -> str | None:
    """A double run as laid: pairs of one rank each, the pairs' ranks consecutive."""
    if len(cards) % 2:
        return msg("a double run is made of pairs")
    if len(cards) < 6:
        return msg("a double run needs three pairs")
    pairs = len(cards) // 2
    # The first natural fixes where the run starts (aces stand in for any rank).
    start = next((int(card.rank) - index // 2 for index, card in enumerate(cards)
                  if not is_ace(card)), 1)
    if 1 <= start <= 14 - pairs and all(is_ace(card) or int(card.rank) == start + index // 2
                                        for index, card in enumerate(cards)):
        return None
    return msg("a double run is two cards of each of three (or more) ranks in sequence")


def mission_problem(mission: Mission, melds: Sequence[Meld],
                    same_rank_sets: bool = True) -> str | None:
    """Why these groups do not complete the mission (``None`` if they do). The groups may
    come in any order; the result keeps the reason for the order given."""
    if len(melds) != len(mission.groups):
        return _groups_wanted(mission)
    if len(melds) == 1:  # one group: one order
        reason = group_problem(melds[0], mission.groups[0])
        return None if reason is None else _in_group(reason, melds[0].cards)
    first: str | None = None
    for order in permutations(range(len(melds))):
        reason = None
        for spec, index in zip(mission.groups, order):
            reason = group_problem(melds[index], spec)
            if reason is not None:
                reason = _in_group(reason, melds[index].cards)
                break
        if reason is None and not same_rank_sets:
            ranks = [_set_rank(m) for m in melds if m.kind is MeldKind.SET]
            known = [r for r in ranks if r is not None]
            if len(known) != len(set(known)):
                reason = msg("two sets of one mission may not be of the same rank "
                             "(game option)")
        if reason is None:
            return None
        first = first or reason
    return first


def _groups_wanted(mission: Mission) -> Msg:
    """A mission's number of groups, said when another number is laid."""
    return nmsg("mission {number} is {title}: {count} group",
                "mission {number} is {title}: {count} groups", len(mission.groups),
                number=mission.number, title=mission.title)


def _in_group(reason: str, cards: Sequence[Card]) -> Msg:
    """A group's refusal with the group's cards after it."""
    # Translators: a reason a group of cards is refused, then the group's cards
    return msg("{reason} ({cards})", reason=reason, cards=tuple(cards))


def _set_rank(meld: Meld) -> Rank | None:
    naturals = [card.rank for card in meld.cards if not is_ace(card)]
    return naturals[0] if naturals else None


def ordered(mission: Mission, melds: Sequence[Meld]) -> tuple[Meld, ...]:
    """The groups in the mission's order (a valid mission may be laid in any order)."""
    for order in permutations(range(len(melds))):
        if all(group_problem(melds[i], spec) is None for spec, i in zip(mission.groups, order)):
            return tuple(melds[i] for i in order)
    return tuple(melds)


def extended(meld: Meld, cards: Sequence[Card], at_start: bool) -> Meld:
    """A group with cards added: below a run's (or double run's) bottom with ``at_start``,
    on top otherwise; other groups keep no order."""
    if at_start and meld.kind in (MeldKind.RUN, MeldKind.DOUBLE_RUN):
        return Meld(meld.kind, tuple(cards) + meld.cards)
    return Meld(meld.kind, meld.cards + tuple(cards))


@lru_cache(maxsize=4096)
def joining_rank(meld: Meld, at_start: bool) -> int | None:
    """The rank a natural added to this laid group at this end must have (aces, being
    wild, may always try), or ``None`` when the group does not tie it to one rank: a
    set's rank; the rank below a run's (or double run's) bottom or above its top (0 past
    ace or king). The legal list tries only those cards."""
    naturals = [(index, card) for index, card in enumerate(meld.cards) if not is_ace(card)]
    if not naturals:
        return None
    index, card = naturals[0]
    rank = int(card.rank)
    if meld.kind is MeldKind.SET:
        return rank
    if meld.kind is MeldKind.RUN:
        low, high = rank - index, rank - index + len(meld.cards) - 1
    elif meld.kind is MeldKind.DOUBLE_RUN:
        low = rank - index // 2
        high = low + len(meld.cards) // 2 - 1
    else:
        return None
    wanted = low - 1 if at_start else high + 1
    return wanted if 1 <= wanted <= 13 else 0


def addition_problem(meld: Meld, spec: GroupSpec, cards: Sequence[Card],
                     at_start: bool) -> str | None:
    """Why these cards cannot be added to a laid group (``None`` if they can)."""
    if not cards:
        return msg("choose the cards to add")
    if meld.kind is MeldKind.DOUBLE_RUN and len(cards) % 2:
        return msg("add to a double run in pairs")
    reason = group_problem(extended(meld, cards, at_start), spec, minimum=False)
    if reason is None:
        return None
    if meld.kind is MeldKind.SET and spec.suit_rule is SuitRule.SAME_COLOUR and \
            "colour" in reason:
        colours = {card.suit.colour for card in meld.cards if card.suit is not None}
        if len(colours) == 1:
            # Monastery's suits are red or black (no jokers, no stars).
            return msg("this set must stay red") if colours == {Colour.RED} else \
                msg("this set must stay black")
    if meld.kind is MeldKind.RUN:
        return _off_the_run(meld, cards, at_start) or reason
    if meld.kind is MeldKind.DOUBLE_RUN:
        return msg("add a pair of the next rank below or above the double run")
    return reason


def _off_the_run(meld: Meld, cards: Sequence[Card], at_start: bool) -> str | None:
    """Why natural cards added at this end of a run do not continue it (``None`` when
    their ranks do, and the refusal is another: the suit, say). The run's own words,
    not a general run's ("the wilds can't fill the gaps"), which named no card."""
    wanted = joining_rank(meld, at_start)
    if wanted is None:
        return None
    if wanted == 0:
        return msg("the run already starts at the ace: nothing goes below it") if at_start \
            else msg("the run already ends at the king: nothing goes above it")
    first = wanted - len(cards) + 1 if at_start else wanted
    if all(is_ace(card) or int(card.rank) == first + index
           for index, card in enumerate(cards)):
        return None
    rank = _a_rank(wanted)
    if at_start:
        return nmsg("that card does not continue the run at its bottom: it takes {rank} "
                    "(or an ace, wild)",
                    "those cards do not continue the run at its bottom: it takes {rank} "
                    "(or an ace, wild)", len(cards), rank=rank)
    return nmsg("that card does not continue the run at its top: it takes {rank} "
                "(or an ace, wild)",
                "those cards do not continue the run at its top: it takes {rank} "
                "(or an ace, wild)", len(cards), rank=rank)


def _a_rank(number: int) -> Msg:
    """One card of this rank in a sentence: "a king", "an 8", "a 7"."""
    named = {1: msg("an ace"), 11: msg("a jack"), 12: msg("a queen"), 13: msg("a king")}
    if number in named:
        return named[number]
    # Translators: one card of a rank in a sentence ("it takes an 8"); English says
    # "an" before 8 only
    return msg("an {rank}", rank=number) if number == 8 else msg("a {rank}", rank=number)


# ------------------------------------------------------------------- finding a lay-down

def find_mission(hand: Sequence[Card], mission: Mission,
                 same_rank_sets: bool = True) -> tuple[Meld, ...] | None:
    """Groups from the hand that complete the mission at its least size, or ``None``.

    Exact: the search runs over card counts and tries every rank, window, suit and
    colour a group could take (see ``_Layout``), so it misses no lay-down, and what it
    lays is valid by construction (``_search``)."""
    found = find_missions(hand, (mission.number,), same_rank_sets)
    return found[0][1] if found else None


def find_missions(hand: Sequence[Card], numbers: Iterable[int],
                  same_rank_sets: bool = True) -> list[tuple[int, tuple[Meld, ...]]]:
    """:func:`find_mission` for each of these missions, in order, with the ones the hand
    can lay: the legal-move list asks about every open mission at once, and missions of
    one suit grain share the hand's count of cards per slot."""
    found = []
    size = len(hand)
    tally = b""
    for number in numbers:
        least, holds = _TESTS[number]
        if size < least:
            continue
        if not tally:
            tally = _tallies(hand)
        if not holds(tally, same_rank_sets):
            continue
        plan = _PLANS[number]
        at = _GRAIN_AT[plan.grain]
        # A list: the search spends and restores counts as it goes.
        counts = list(tally[at:at + plan.classes * _STRIDE])
        melds = _search(hand, plan, counts, same_rank_sets)
        if melds is not None:
            found.append((number, melds))
    return found


def _search(hand: Sequence[Card], plan: _Plan, counts: list[int],
            same_rank_sets: bool) -> tuple[Meld, ...] | None:
    """The first choice of groups the counts pay for (``_choices``), laid with the hand's
    cards, or ``None``. Every choice is a valid lay-down by construction (each group
    takes slots of its own from one class, a set one rank, a run one window, and sets of
    distinct ranks where the option asks it), so it is not checked again here, on the
    legal list's hottest path. The completeness tests check every lay-down found with
    ``mission_problem``, and the conformance suite every group on the table."""
    for layouts in _choices(plan, counts, same_rank_sets):
        return _lay(layouts, hand, plan)
    return None


def _choices(plan: _Plan, counts: list[int],
             same_rank_sets: bool) -> Iterator[tuple[_Layout, ...]]:
    """Every choice of groups the counts pay for, in the search's order."""
    if len(plan.specs) == 1:  # one group: each option the counts pay for is a choice
        return ((layout,) for layout in _options(plan.specs[0], plan.classes, counts))
    return _layouts(plan, counts, same_rank_sets)


# The search works on counts. A mission's groups share one suit grain (their suit rule),
# so cards no group of it tells apart share a "slot": a class (one suit, one colour, or
# every card) and a rank, rank 1 holding the class's aces (wild for any rank of the
# class). Why trying only these layouts misses no lay-down:
# - a lay-down at larger sizes holds one at the least sizes (drop cards from a set, a
#   suit or parity group; keep a window of a run or double run);
# - an ace can take the place of a natural of its class in any group, so swapping an
#   ace with a natural of the rank it stands for keeps both groups valid: once a group's
#   rank (set) or window (run) is chosen, taking naturals first leaves the most aces;
# - groups of one spec are interchangeable, so they are tried in rising key order (an
#   all-ace set last, as a set that finds its rank's naturals taken becomes one).

_STRIDE = 16
"""Slots of a class: ``class * _STRIDE + rank``."""
_ALL_ACES = 15
"""The key rank of an all-ace set."""


class _Layout(NamedTuple):
    """One group in the abstract: its kind, the slot of each card in laid order, a key
    that orders interchangeable groups, and a set's natural rank (``None``: all aces)."""

    kind: MeldKind
    slots: tuple[int, ...]
    key: int
    set_rank: int | None = None


class _Plan(NamedTuple):
    """A mission's groups, the grain of their shared suit rule (an index into
    ``_CLASS_OF``) and how many classes it tells apart."""

    specs: tuple[GroupSpec, ...]
    grain: int
    classes: int
    all_sets: bool
    """Whether every group is a set (their needs are counted together)."""


_GRAINS = (SuitRule.ANY, SuitRule.SAME_COLOUR, SuitRule.SAME_SUIT)
_CLASS_OF: tuple[dict[Suit, int], ...] = (
    dict.fromkeys(SUITS, 0),
    {suit: int(suit.colour is Colour.RED) for suit in SUITS},
    {suit: index for index, suit in enumerate(SUITS)},
)
_CLASSES = tuple(len(set(table.values())) for table in _CLASS_OF)
"""How many classes each grain tells apart."""
_BY_SUIT = 2
"""The grain that tells every face apart (a slot is then a face)."""


def _plan(mission: Mission) -> _Plan:
    rules = {SuitRule.SAME_SUIT if spec.kind is MeldKind.SAME_SUIT else spec.suit_rule
             for spec in mission.groups}
    if len(rules) != 1:
        raise ValueError(f"mission {mission.number}: the search needs one suit rule")
    grain = _GRAINS.index(rules.pop())
    return _Plan(mission.groups, grain, _CLASSES[grain],
                 all(spec.kind is MeldKind.SET for spec in mission.groups))


_PLANS = {number: _plan(mission) for number, mission in MISSIONS.items()}
_LEAST_CARDS = {number: mission.cards for number, mission in MISSIONS.items()}


def _slots(card: Card) -> tuple[int, ...]:
    """The card's slot under each grain (0: a card no group takes, such as a joker);
    worked out once per face, into ``_SLOTS_BY_FACE``."""
    return tuple(table[card.suit] * _STRIDE + int(card.rank) if card.suit in table else 0
                 for table in _CLASS_OF)


def _slot(card: Card, grain: int) -> int:
    return _SLOTS_BY_FACE[card._face][grain]


# Every grain's tally of a hand at once: each face is a number with a 1 in one byte per
# grain (the byte of its slot under that grain, the grains side by side), so the sum of
# a hand's numbers holds, byte by byte, how many cards each slot of each grain holds. One
# sum and one ``to_bytes`` replace a pass per grain; a byte cannot overflow, as a hand
# holds fewer than 256 cards.
_GRAIN_AT = tuple(sum(_CLASSES[:grain]) * _STRIDE for grain in range(len(_CLASS_OF)))
"""Where each grain's slots start in the tally."""
_TALLY_BYTES = sum(_CLASSES) * _STRIDE


_CLASS_CARDS = 14
"""A spare slot of each class that counts every card of the class (naturals and aces)."""
_CLASS_EVENS = 15
"""A spare slot of each class that counts its even naturals."""


def _packed(card: Card) -> int:
    number = 0
    for at, slot in zip(_GRAIN_AT, _slots(card)):
        number += 1 << 8 * (at + slot)
        if slot:  # a card some group takes: count it in its class's spare slots too
            base = at + slot - slot % _STRIDE
            number += 1 << 8 * (base + _CLASS_CARDS)
            if slot % _STRIDE > 1 and slot % 2 == 0:
                number += 1 << 8 * (base + _CLASS_EVENS)
    return number


_EVERY_FACE = [Card(rank, suit) for rank in Rank if rank is not Rank.JOKER
               for suit in Suit] + [Card(Rank.JOKER, None)]
_PACKED_BY_FACE = {card.face: _packed(card) for card in _EVERY_FACE}
"""Each face's number (every face there is: the table is complete and constant)."""
_SLOTS_BY_FACE = {card.face: _slots(card) for card in _EVERY_FACE}
"""Each face's slot under each grain."""


def _tallies(hand: Sequence[Card]) -> bytes:
    """How many cards of the hand each slot of each grain holds (see ``_GRAIN_AT``)."""
    return tally_of(hand).to_bytes(_TALLY_BYTES, "little")


def _may_hold(plan: _Plan, counts: Sequence[int], same_rank_sets: bool) -> bool:
    """A test before searching, exact for a one-group mission and necessary for the
    others: each group finds the aces it needs in its class (sets of one class sharing
    that class's aces; a set and a run sharing them too when there is one class)."""
    specs = plan.specs
    bases = range(0, plan.classes * _STRIDE, _STRIDE)
    if len(specs) == 1:
        spec = specs[0]
        for base in bases:
            if _least_aces(spec, counts, base) <= counts[base + 1]:
                return True
        return False
    if all(spec.kind is MeldKind.SET for spec in specs):
        size, wanted = specs[0].size, len(specs)
        first = _set_needs(counts, 0, size, wanted, same_rank_sets)
        if plan.classes == 1:
            return sum(first) <= counts[1]
        # Two classes (colours): some sets in one, the rest in the other.
        assert plan.classes == 2, "missions of sets come in one or two classes"
        second = _set_needs(counts, _STRIDE, size, wanted, same_rank_sets)
        return any(sum(first[:n]) <= counts[1] and sum(second[:wanted - n]) <= counts[_STRIDE + 1]
                   for n in range(wanted + 1))
    if plan.classes == 1:
        return sum(_least_aces(spec, counts, 0) for spec in specs) <= counts[1]
    return all(any(_least_aces(spec, counts, base) <= counts[base + 1] for base in bases)
               for spec in specs)


_Holds = Callable[[bytes, bool], bool]


def _holds_for(plan: _Plan) -> _Holds:
    """``_may_hold`` for one mission, shaped to it once and reading the whole tally (every
    grain) where the mission's grain lies: the legal-move list asks every open mission
    of every hand, and almost every hand is refused, so the test is a few whole-slice
    operations. A one-group mission is tested exactly (its class must hold as many
    cards as the group, then the group's own count); a mission of several groups first
    meets ``_may_hold_roughly``."""
    at = _GRAIN_AT[plan.grain]
    end = at + plan.classes * _STRIDE
    bases = range(at, end, _STRIDE)
    if plan.all_sets:
        # Sets together need the naturals of as many ranks (their largest counts) and
        # the aces to make up the rest.
        size, wanted = plan.specs[0].size, len(plan.specs)
        rank_slots = [slice(base + 2, base + 14) for base in bases]

        def holds_sets(tally: bytes, same_rank_sets: bool) -> bool:
            naturals = b"".join([tally[ranks] for ranks in rank_slots])
            if sum(sorted(naturals)[-wanted:]) + sum(tally[at + 1:end:_STRIDE]) \
                    < size * wanted:
                return False
            return _may_hold(plan, tally[at:end], same_rank_sets)
        return holds_sets
    if len(plan.specs) > 1 and plan.classes == 1 and \
            all(spec.kind in (MeldKind.SET, MeldKind.RUN) for spec in plan.specs):
        # Sets and runs in one class (a set of 4 and a run of 4): ``_may_hold`` worked
        # out in place, each group's least aces from the class's naturals read once
        # (``_may_hold_roughly`` adds nothing here: each of its tests is implied).
        shapes = [(spec.kind is MeldKind.SET, spec.size) for spec in plan.specs]

        def holds_sets_and_runs(tally: bytes, same_rank_sets: bool) -> bool:
            naturals, aces = tally[at + 2:at + 14], tally[at + 1]
            need = 0
            for is_set, size in shapes:
                if is_set:
                    need += size - min(size, max(naturals))
                else:
                    need += size - _best_window(naturals.translate(_AT_MOST_ONE), size)
                if need > aces:
                    return False
            return True
        return holds_sets_and_runs
    if len(plan.specs) > 1:
        def holds_groups(tally: bytes, same_rank_sets: bool) -> bool:
            counts = tally[at:end]
            return _may_hold_roughly(plan, counts) and _may_hold(plan, counts, same_rank_sets)
        return holds_groups
    (spec,) = plan.specs
    size, kind = spec.size, spec.kind
    if kind is MeldKind.SAME_SUIT:
        def holds(tally: bytes, same_rank_sets: bool) -> bool:
            return max(tally[at + _CLASS_CARDS:end:_STRIDE]) >= size
    elif kind is MeldKind.EVEN:  # even or odd
        def holds(tally: bytes, same_rank_sets: bool) -> bool:
            for base in bases:
                aces, evens = tally[base + 1], tally[base + _CLASS_EVENS]
                odds = tally[base + _CLASS_CARDS] - aces - evens
                if max(evens, odds) + aces >= size:
                    return True
            return False
    elif kind is MeldKind.SET:
        def holds(tally: bytes, same_rank_sets: bool) -> bool:
            return any(max(tally[base + 2:base + 14]) + tally[base + 1] >= size
                       for base in bases)
    else:
        at_most, span = ((_AT_MOST_ONE, size) if kind is MeldKind.RUN
                         else (_AT_MOST_TWO, size // 2))

        def holds(tally: bytes, same_rank_sets: bool) -> bool:
            for base in bases:
                if tally[base + _CLASS_CARDS] >= size and _best_window(
                        tally[base + 2:base + 14].translate(at_most), span) \
                        + tally[base + 1] >= size:
                    return True
            return False
    return holds


def _may_hold_roughly(plan: _Plan, counts: bytes) -> bool:
    """A cruder necessary test than ``_may_hold``, made of a few whole-slice operations,
    that refuses most hands before it: a group lies in one class, so some class must
    hold as many cards as the group; in a hand of one class a run needs that many ranks
    (aces filling the rest), a double run two of each, a set that many of one rank, a
    parity group that many of one parity."""
    most_in_a_class = max(counts[_CLASS_CARDS::_STRIDE])
    for spec in plan.specs:
        if most_in_a_class < spec.size:
            return False
    if plan.classes == 1:
        naturals, aces = counts[2:14], counts[1]
        for spec in plan.specs:
            kind, size = spec.kind, spec.size
            if kind is MeldKind.RUN:
                have = 12 - naturals.count(0)
            elif kind is MeldKind.SET:
                have = max(naturals)
            elif kind is MeldKind.DOUBLE_RUN:
                have = sum(naturals.translate(_AT_MOST_TWO))
            elif kind is MeldKind.EVEN:
                evens = counts[_CLASS_EVENS]
                have = max(evens, counts[_CLASS_CARDS] - aces - evens)
            else:
                continue
            if have + aces < size:
                return False
    return True


def _set_needs(counts: Sequence[int], base: int, size: int, most: int,
               same_rank_sets: bool) -> list[int]:
    """The aces each set of this class would need, fewest first: a rank's naturals make
    its first set, then (where two sets may share a rank) its second …; all-ace sets
    need ``size`` each."""
    needs = []
    # The best sets come from the ranks with the most naturals: a set of any other rank
    # needs no fewer aces than one of these that is left unused.
    for left in sorted(counts[base + 2:base + 14], reverse=True)[:most]:
        for _ in range(most if same_rank_sets else 1):
            if left <= 0:
                break
            needs.append(max(0, size - left))
            left -= size
    needs += [size] * most
    needs.sort()
    return needs[:most]


def _least_aces(spec: GroupSpec, counts: Sequence[int], base: int) -> int:
    """The fewest aces of the class one group of this spec needs (the layouts
    ``_options`` makes, each taking naturals first)."""
    size = spec.size
    naturals = counts[base + 2:base + 14]  # ranks 2 … K
    kind = spec.kind
    if kind is MeldKind.SET:
        return size - min(size, max(naturals))
    if kind is MeldKind.RUN:  # only whether each rank is there matters
        return size - _best_window(bytes(naturals).translate(_AT_MOST_ONE), size)
    if kind is MeldKind.DOUBLE_RUN:  # and for a double run, up to two of it
        return size - _best_window(bytes(naturals).translate(_AT_MOST_TWO), size // 2)
    if kind is MeldKind.SAME_SUIT:
        return size - min(size, sum(naturals))
    return size - min(size, max(sum(naturals[0::2]), sum(naturals[1::2])))


_AT_MOST_ONE = bytes(min(1, count) for count in range(256))
_AT_MOST_TWO = bytes(min(2, count) for count in range(256))
_TESTS = {number: (_LEAST_CARDS[number], _holds_for(plan)) for number, plan in _PLANS.items()}
"""Each mission's least size and shaped test, read together."""
_WINDOWS = [sum(1 << 8 * k for k in range(span)) for span in range(14)]
"""Multiplying a byte-per-rank number by ``_WINDOWS[span]`` sums each run of ``span``
consecutive bytes into the byte where it ends."""


def _window_sums(have: bytes, span: int) -> bytes:
    """What each window of ``span`` consecutive ranks holds, in the byte where it ends,
    given what each rank holds (at most 2 each, so no sum overflows a byte): every
    window at once, by one multiplication."""
    product = int.from_bytes(have, "little") * _WINDOWS[span]
    return product.to_bytes(len(have) + span, "little")


def _best_window(have: bytes, span: int) -> int:
    """The most a window of ``span`` consecutive ranks (A … K) holds, given what each rank
    2 … K holds: windows reaching below the ace or above the king hold no more than one
    inside, so the largest window sum is the best window."""
    return max(_window_sums(have, span))


def _layouts(plan: _Plan, counts: list[int],
             same_rank_sets: bool) -> Iterator[tuple[_Layout, ...]]:
    """Every canonical choice of groups the counts pay for, depth first."""
    chosen: list[_Layout] = []

    def search(index: int) -> Iterator[tuple[_Layout, ...]]:
        if index == len(plan.specs):
            yield tuple(chosen)
            return
        spec = plan.specs[index]
        least = chosen[-1].key if index and plan.specs[index - 1] == spec else -1
        taken = set() if same_rank_sets else {group.set_rank for group in chosen}
        taken.discard(None)  # all-ace sets have no rank to share
        for layout in _options(spec, plan.classes, counts):
            if layout.key < least or layout.set_rank in taken:
                continue
            for slot in layout.slots:
                counts[slot] -= 1
            chosen.append(layout)
            yield from search(index + 1)
            chosen.pop()
            for slot in layout.slots:
                counts[slot] += 1

    return search(0)


def _options(spec: GroupSpec, classes: int, counts: list[int]) -> Iterator[_Layout]:
    """The groups of this spec the counts pay for, each taking naturals before aces."""
    for base in range(0, classes * _STRIDE, _STRIDE):
        if spec.kind is MeldKind.SET:
            yield from _set_options(spec.size, base, counts)
        elif spec.kind is MeldKind.RUN:
            yield from _run_options(spec.size, base, counts)
        elif spec.kind is MeldKind.DOUBLE_RUN:
            yield from _double_run_options(spec.size // 2, base, counts)
        elif spec.kind is MeldKind.SAME_SUIT:
            yield from _pick_options(MeldKind.SAME_SUIT, range(2, 14), spec.size, base, counts)
        else:
            yield from _pick_options(MeldKind.EVEN, range(2, 14, 2), spec.size, base, counts)
            yield from _pick_options(MeldKind.ODD, range(3, 14, 2), spec.size, base, counts)


def _set_options(size: int, base: int, counts: list[int]) -> Iterator[_Layout]:
    ace, aces = base + 1, counts[base + 1]
    for rank in range(2, 14):
        have = min(size, counts[base + rank])
        if have and size - have <= aces:
            yield _Layout(MeldKind.SET, (base + rank,) * have + (ace,) * (size - have),
                          base + rank, rank)
    if aces >= size:
        yield _Layout(MeldKind.SET, (ace,) * size, base + _ALL_ACES)


def _run_options(size: int, base: int, counts: list[int]) -> Iterator[_Layout]:
    """One run per window of ranks: a natural where the class has one, else an ace."""
    ace, aces = base + 1, counts[base + 1]
    present = b"\0" + bytes(counts[base + 2:base + 14]).translate(_AT_MOST_ONE)  # A … K
    for start in _window_starts(present, size, size - aces):
        yield _Layout(MeldKind.RUN, tuple(base + rank if present[rank - 1] else ace
                                          for rank in range(start, start + size)),
                      base + start)


def _double_run_options(pairs: int, base: int, counts: list[int]) -> Iterator[_Layout]:
    """One double run per window of ranks: up to two naturals a rank, aces for the rest."""
    ace, aces = base + 1, counts[base + 1]
    have = b"\0" + bytes(counts[base + 2:base + 14]).translate(_AT_MOST_TWO)  # A … K
    for start in _window_starts(have, pairs, 2 * pairs - aces):
        slots: list[int] = []
        for rank in range(start, start + pairs):
            held = have[rank - 1]
            slots += [base + rank] * held + [ace] * (2 - held)
        yield _Layout(MeldKind.DOUBLE_RUN, tuple(slots), base + start)


def _window_starts(have: bytes, span: int, least: int) -> Iterator[int]:
    """The ranks (rising, 1 … 14 - ``span``) where a window of ``span`` ranks holds at
    least ``least``, given what each rank A … K holds (``have``): every window summed by
    ``_window_sums``, the starts found by ``bytes.find``."""
    if least > 2 * span:
        return
    marks = _window_sums(have, span)[span - 1:13].translate(_AT_LEAST[max(0, least)])
    at = marks.find(1)
    while at >= 0:
        yield at + 1
        at = marks.find(1, at + 1)


_AT_LEAST = [bytes(int(count >= least) for count in range(256)) for least in range(27)]
"""``_AT_LEAST[k]`` marks the counts of ``k`` or more (a window holds at most 2 × 13)."""


def _pick_options(kind: MeldKind, ranks: range, size: int, base: int,
                  counts: list[int]) -> Iterator[_Layout]:
    """A suit or parity group: naturals of its ranks, then aces. (Those missions have
    one group, so which naturals it takes does not matter.)"""
    slots = [base + rank for rank in ranks for _ in range(counts[base + rank])][:size]
    missing = size - len(slots)
    if missing <= counts[base + 1]:
        yield _Layout(kind, tuple(slots) + (base + 1,) * missing, base)


def _lay(layouts: Sequence[_Layout], hand: Sequence[Card], plan: _Plan) -> tuple[Meld, ...]:
    """Cards of the hand for the abstract groups, each group in its laid order."""
    pools: dict[int, list[Card]] = {}
    grain, slots = plan.grain, _SLOTS_BY_FACE
    for card in reversed(hand):
        pools.setdefault(slots[card._face][grain], []).append(card)
    return tuple(Meld(layout.kind, tuple(pools[slot].pop() for slot in layout.slots))
                 for layout in layouts)


def extend_groups(mission: Mission, melds: Sequence[Meld],
                  rest: Sequence[Card]) -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
    """Add what else of ``rest`` fits to the groups (a lay-down may be longer than the
    least size); returns the grown groups and the cards left over."""
    groups, left = list(melds), list(rest)
    specs = dict(zip(range(len(groups)), mission.groups))
    changed = True
    while changed:
        changed = False
        for index, meld in enumerate(groups):
            spec = specs[index]
            step = 2 if meld.kind is MeldKind.DOUBLE_RUN else 1
            for chunk in _chunks(left, step):
                for at_start in (False, True):
                    if addition_problem(meld, spec, chunk, at_start) is None:
                        groups[index] = meld = extended(meld, chunk, at_start)
                        left = [c for c in left if c not in chunk]
                        changed = True
                        break
                else:
                    continue
                break
    return tuple(groups), tuple(left)


def _chunks(cards: Sequence[Card], size: int) -> Iterator[tuple[Card, ...]]:
    if size == 1:
        yield from ((card,) for card in cards)
        return
    for i, first in enumerate(cards):
        for second in cards[i + 1:]:
            if first.rank is second.rank or is_ace(first) or is_ace(second):
                yield (first, second)


# ------------------------------------------------------ estimating what a hand lacks

def cards_needed(hand: Sequence[Card], mission: Mission) -> int:
    """About how many cards the hand still lacks for the mission; 0 exactly when
    ``find_mission`` lays it. Groups are filled greedily in each order of the mission's
    groups (fewest missing, then fewest aces, the first such) and the best count is
    kept; only counts matter, so the fill reads the hand's tally (``_COUNTED``), never
    its cards: the Hard AI's rollouts ask about hundreds of thousands of hands a second
    or so. ``tests/needed_reference.py`` fills card by card, as first written; the
    tests hold this to it on thousands of hands."""
    return needed(tally_of(hand), mission.number)


Tally = int
"""A hand's counts as one number (``tally_of``): the sum of its cards' numbers
(``card_tally``), so a hand with a card more or less is one addition away, and a hand's
tally keys a cache (``needed``) whatever order its cards are in."""


def tally_of(hand: Sequence[Card]) -> Tally:
    """The hand's tally (see ``_GRAIN_AT``)."""
    if len(hand) >= 256:
        raise ValueError("a hand of 256 cards or more would overflow the tally")
    face = _PACKED_BY_FACE
    return sum([face[card._face] for card in hand])


def card_tally(card: Card) -> Tally:
    """One card's number: a hand's tally plus it is the hand's with the card added."""
    return _PACKED_BY_FACE[card._face]


@lru_cache(maxsize=1 << 15)
def needed(counts: Tally, number: int) -> int:
    """``cards_needed`` of any hand of this tally for mission ``number``. Kept: Normal
    asks it of each hand less one card, for three missions, at every turn of every
    rollout, and the same hands come back (the searching seat's, in every world). A
    hand not met yet is counted by ``_NEEDED``, which keeps what it can of its parts."""
    return _NEEDED[number](counts.to_bytes(_TALLY_BYTES, "little"))


def _needed_exactly(number: int, in_bytes: bytes, size: int) -> int:
    """``cards_needed`` from the tally of a hand of ``size`` cards: the greedy fill, and
    for a mission of several groups the exact search when the fill misses some."""
    best = _COUNTED[number](in_bytes)
    if best == 0 or _ONE_GROUP[number]:
        return best  # one group: the fill is exact
    # The greedy fill only bounds the count from above; the exact search says if it is 0.
    least, holds = _TESTS[number]
    if size >= least and holds(in_bytes, True) and _lays(in_bytes, number, True):
        return 0
    return max(1, best)


def _lays(in_bytes: bytes, number: int, same_rank_sets: bool) -> bool:
    """Whether a hand of this tally lays the mission (``find_mission`` finds groups)."""
    plan = _PLANS[number]
    at = _GRAIN_AT[plan.grain]
    counts = list(in_bytes[at:at + plan.classes * _STRIDE])
    return next(_choices(plan, counts, same_rank_sets), None) is not None


_Counted = Callable[[bytes], int]


def _counted_for(plan: _Plan, number: int) -> _Counted:
    """The greedy fill of a mission read from a hand's tally (every grain).

    One group: the fill takes the best group of its best class. A suit group takes
    every card of the suit, a parity group the naturals of the commoner parity and
    every ace, a run or double run the window that holds the most naturals (up to one,
    or two, a rank) and aces for the rest; so it is exact (0 exactly when
    ``find_mission`` lays it). Several groups: sets and runs filled one after the
    other, each taking its cards out of the counts (``_fill_sets``, ``_fill_set_and_run``)."""
    specs = plan.specs
    at = _GRAIN_AT[plan.grain]
    end = at + plan.classes * _STRIDE
    bases = range(at, end, _STRIDE)
    if len(specs) > 1:
        if all(spec.kind is MeldKind.SET for spec in specs):
            size, wanted = specs[0].size, len(specs)

            def sets(tally: bytes) -> int:
                return _fill_sets(tally, bases, size, wanted)
            return sets
        if [spec.kind for spec in specs] == [MeldKind.SET, MeldKind.RUN] and \
                plan.classes == 1:
            set_size, run_size = specs[0].size, specs[1].size

            def set_and_run(tally: bytes) -> int:
                return _fill_set_and_run(tally, set_size, run_size)
            return set_and_run
        raise ValueError(f"mission {number}: no greedy fill for its groups")
    (spec,) = specs
    size, kind = spec.size, spec.kind
    if kind is MeldKind.SAME_SUIT:
        def counted(tally: bytes) -> int:
            return size - min(size, max(tally[at + _CLASS_CARDS:end:_STRIDE]))
    elif kind is MeldKind.EVEN:  # even or odd
        def counted(tally: bytes) -> int:
            most = 0
            for base in bases:
                aces, evens = tally[base + 1], tally[base + _CLASS_EVENS]
                odds = tally[base + _CLASS_CARDS] - aces - evens
                most = max(most, max(evens, odds) + aces)
            return size - min(size, most)
    elif kind is MeldKind.RUN or kind is MeldKind.DOUBLE_RUN:
        at_most, span = ((_AT_MOST_ONE, size) if kind is MeldKind.RUN
                         else (_AT_MOST_TWO, size // 2))

        @lru_cache(maxsize=1 << 14)
        def in_class(held: bytes) -> int:
            """What one class lacks, from its aces and naturals 2 … K (``held``): a
            class's cards recur far more often than a hand's."""
            if not any(held):
                return size
            return max(0, size - _best_window(held[1:].translate(at_most), span) - held[0])

        def counted(tally: bytes) -> int:
            return min([in_class(tally[base + 1:base + 14]) for base in bases])
    else:
        raise ValueError(f"mission {number}: no greedy fill for a lone {kind}")
    return counted


def _fill_sets(tally: bytes, bases: range, size: int, wanted: int) -> int:
    """Sets of one size filled one by one, each in the class where it misses fewest
    (then uses fewest aces; the first class on ties): the rank with most naturals,
    aces for the rest. Which rank of equal counts, or which suits of a class, a set
    takes leaves the same counts to the next, so counts alone give the fill."""
    classes = [(list(tally[base + 2:base + 14]), tally[base + 1]) for base in bases]
    missing = 0
    for _ in range(wanted):
        best: tuple[int, int] | None = None
        chosen = 0
        for index, (naturals, aces) in enumerate(classes):
            most = max(naturals)
            if most:
                taken = min(size, most)
                extra = min(aces, size - taken)
                key = (size - taken - extra, extra)
            elif aces:
                extra = min(size, aces)
                key = (size - extra, extra)
            else:
                continue
            if best is None or key < best:
                best, chosen = key, index
        if best is None:
            missing += size
            continue
        naturals, aces = classes[chosen]
        most = max(naturals)
        if most:
            naturals[naturals.index(most)] -= min(size, most)
        classes[chosen] = (naturals, aces - best[1])
        missing += best[0]
    return missing


def _fill_set_and_run(tally: bytes, set_size: int, run_size: int) -> int:
    """A set and a run of any suits (mission 3), filled in both orders, the better
    count kept. The set takes the rank with most naturals; of ranks held as often, the
    first of the hand in face order (suit, then rank), as the card-by-card fill met
    them: which one matters, as the run then finds that rank gone."""
    naturals, aces = list(tally[2:14]), tally[1]
    set_missing, left, spare = _set_after(naturals, aces, set_size, tally)
    set_first = set_missing + _run_after(left, spare, run_size)[0]
    run_missing, left, spare = _run_after(naturals, aces, run_size)
    return min(set_first, run_missing + _set_after(left, spare, set_size, tally)[0])


def _set_after(naturals: list[int], aces: int, size: int,
               tally: bytes) -> tuple[int, list[int], int]:
    """The set the fill takes from these counts (ranks 2 … K, then the aces): what it
    misses, the naturals and aces left."""
    most = max(naturals)
    if most:
        if naturals.count(most) == 1:
            index = naturals.index(most)
        else:
            index = min((i for i, count in enumerate(naturals) if count == most),
                        key=lambda i: (_first_suit(tally, i), i))
        taken = min(size, most)
        extra = min(aces, size - taken)
        left = list(naturals)
        left[index] -= taken
        return size - taken - extra, left, aces - extra
    extra = min(size, aces)
    return size - extra, naturals, aces - extra


def _first_suit(tally: bytes, index: int) -> int:
    """The first suit (``SUITS`` order) holding the rank ``index + 2``."""
    at = _GRAIN_AT[_BY_SUIT] + index + 2
    return next(suit for suit in range(len(SUITS)) if tally[at + suit * _STRIDE])


def _run_after(naturals: list[int], aces: int, size: int) -> tuple[int, list[int], int]:
    """The run the fill takes from these counts: the first window missing fewest after
    aces, then using fewest aces (both: the first window holding the most ranks), a
    natural of each rank it holds, aces for the rest; what it misses (``size`` if the
    counts hold nothing for it), the naturals and aces left."""
    have = bytes((0, *naturals)).translate(_AT_MOST_ONE)  # A … K
    sums = _window_sums(have, size)[size - 1:13]  # the windows inside A … K
    held = max(sums)
    fill = min(size - held, aces)
    if held + fill == 0:
        return size, naturals, aces
    low = sums.index(held)
    left = list(naturals)
    for index in range(max(0, low - 1), low + size - 1):
        left[index] -= have[index + 1]
    return size - held - fill, left, aces - fill


_COUNTED = {number: _counted_for(plan, number) for number, plan in _PLANS.items()}
"""Each mission's greedy fill, read from a tally."""
_ONE_GROUP = {number: len(plan.specs) == 1 for number, plan in _PLANS.items()}


def _needed_for(plan: _Plan, number: int) -> _Counted:
    """``cards_needed`` of a mission read from a hand's tally, shaped to the mission.

    One group: the fill, exact. Sets only: the fill and the search treat every rank
    alike (sets of a rank may share it: ``needed`` asks with ``same_rank_sets``), so
    what a class holds of each rank matters, not which rank holds it: the count is
    kept by each class's aces and rank counts in order (``_sets_needed``), which recur
    far more often than hands. A set and a run: the tally itself."""
    if _ONE_GROUP[number]:
        return _COUNTED[number]
    if not plan.all_sets:
        def exactly(tally: bytes) -> int:
            return _needed_exactly(number, tally, tally[0] + tally[_CLASS_CARDS])
        return exactly
    at = _GRAIN_AT[plan.grain]
    bases = range(at, at + plan.classes * _STRIDE, _STRIDE)

    def by_counts(tally: bytes) -> int:
        return _sets_needed(number, b"".join(
            [tally[base + 1:base + 2] + bytes(sorted(tally[base + 2:base + 14]))
             for base in bases]))
    return by_counts


@lru_cache(maxsize=1 << 12)
def _sets_needed(number: int, classes: bytes) -> int:
    """``cards_needed`` for a mission of sets from each class's aces and rank counts
    (13 bytes a class): worked out on a tally of such a hand (its other slots empty)."""
    plan = _PLANS[number]
    at = _GRAIN_AT[plan.grain]
    tally = bytearray(_TALLY_BYTES)
    for index, base in enumerate(range(at, at + plan.classes * _STRIDE, _STRIDE)):
        held = classes[index * 13:index * 13 + 13]
        tally[base + 1:base + 14] = held
        tally[base + _CLASS_CARDS] = sum(held)
    return _needed_exactly(number, bytes(tally), sum(classes))


_NEEDED = {number: _needed_for(plan, number) for number, plan in _PLANS.items()}
"""Each mission's ``cards_needed``, read from a tally."""


def order_double_run(cards: Sequence[Card]) -> tuple[Card, ...] | None:
    """The cards laid as a double run (pairs in rising rank), or ``None`` if they can't be."""
    if len(cards) % 2 or len(cards) < 6:
        return None
    pairs = len(cards) // 2
    naturals = [c for c in cards if not is_ace(c)]
    for start in range(1, 13 - pairs + 2):
        spare = [c for c in cards if is_ace(c)]
        laid: list[Card] = []
        for rank in range(start, start + pairs):
            pair = [c for c in naturals if int(c.rank) == rank][:2]
            while len(pair) < 2 and spare:
                pair.append(spare.pop())
            laid += pair
        if len(laid) == len(cards) and set(laid) == set(cards):
            return tuple(laid)
    return None


@cache
def _not_the_group(spec: GroupSpec) -> str:
    # Translators: why loose cards are not a mission's group: "not a run of 8"
    return msg("not {group}", group=spec.describe())


def shape_group(cards: Sequence[Card], spec: GroupSpec) -> Meld | str:
    """Loose cards as the group a spec asks for (a run put in order), or why not."""
    reason: str = _not_the_group(spec)
    for kind in spec.kinds:
        laid: tuple[Card, ...] | None = tuple(cards)
        if kind is MeldKind.RUN:
            laid = order_run(cards, RULES, spec.suit_rule)
        elif kind is MeldKind.DOUBLE_RUN:
            laid = order_double_run(cards)
        if laid is None:
            continue
        meld = Meld(kind, laid)
        problem = group_problem(meld, spec)
        if problem is None:
            return meld
        reason = problem
    if spec.kind is MeldKind.RUN:
        return run_problem(cards, RULES, spec.suit_rule) or reason
    return reason


def shape_mission(mission: Mission, groups: Sequence[Sequence[Card]],
                  same_rank_sets: bool = True) -> tuple[Meld, ...] | str:
    """Staged groups of loose cards as this mission's groups (in the mission's order),
    or the reason they do not make it."""
    if len(groups) != len(mission.groups):
        return _groups_wanted(mission)
    first: str | None = None
    for order in permutations(range(len(groups))):
        melds: list[Meld] = []
        for spec, index in zip(mission.groups, order):
            made = shape_group(groups[index], spec)
            if isinstance(made, str):
                first = first or _in_group(made, groups[index])
                break
            melds.append(made)
        else:
            reason = mission_problem(mission, melds, same_rank_sets)
            if reason is None:
                return tuple(melds)
            first = first or reason
    return first or msg("those groups do not make the mission")


def spec_of(mission: int, index: int) -> GroupSpec:
    """The spec of a laid group: its mission and its place in the mission."""
    return MISSIONS[mission].groups[index]
