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

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import permutations

from .cards import Card, Colour, Rank, Suit, pretty_cards
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
        what = {MeldKind.SET: f"a set of {self.size}", MeldKind.RUN: f"a run of {self.size}",
                MeldKind.DOUBLE_RUN: "a double run of 3",
                MeldKind.SAME_SUIT: f"{self.size} cards of one suit",
                MeldKind.EVEN: f"{self.size} cards all even or all odd"}[self.kind]
        extra = {SuitRule.SAME_COLOUR: " in colour", SuitRule.SAME_SUIT: " in suit"}
        return what + extra.get(self.suit_rule, "")


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
    Mission(1, "2 sets of 3 in colour",
            (GroupSpec(_SET, 3, SuitRule.SAME_COLOUR), GroupSpec(_SET, 3, SuitRule.SAME_COLOUR))),
    Mission(2, "3 sets of 3", (GroupSpec(_SET, 3), GroupSpec(_SET, 3), GroupSpec(_SET, 3))),
    Mission(3, "a set of 4 and a run of 4", (GroupSpec(_SET, 4), GroupSpec(_RUN, 4))),
    Mission(4, "a run of 5 in one suit", (GroupSpec(_RUN, 5, SuitRule.SAME_SUIT),)),
    Mission(5, "a run of 6 in one colour", (GroupSpec(_RUN, 6, SuitRule.SAME_COLOUR),)),
    Mission(6, "a run of 8", (GroupSpec(_RUN, 8),)),
    Mission(7, "a double run of 3", (GroupSpec(MeldKind.DOUBLE_RUN, 6),)),
    Mission(8, "7 cards of one suit", (GroupSpec(MeldKind.SAME_SUIT, 7),)),
    Mission(9, "9 cards all even or all odd", (GroupSpec(MeldKind.EVEN, 9),)),
)}


def is_ace(card: Card) -> bool:
    return card.rank is Rank.ACE


# ------------------------------------------------------------------------------ validation

def group_problem(meld: Meld, spec: GroupSpec, minimum: bool = True) -> str | None:
    """Why a group (as laid) does not meet its spec, or ``None`` if it does. With
    ``minimum`` false the size is not checked (used for additions to a laid group)."""
    cards = meld.cards
    if meld.kind not in spec.kinds:
        return f"this group must be {spec.describe()}"
    if minimum and len(cards) < spec.size:
        return f"{spec.describe()} needs at least {spec.size} cards"
    if meld.kind is MeldKind.SET:
        return set_problem(cards, RULES, spec.suit_rule)
    if meld.kind is MeldKind.RUN:
        return run_problem_as_laid(cards, RULES, spec.suit_rule)
    if meld.kind is MeldKind.DOUBLE_RUN:
        return double_run_problem(cards)
    if meld.kind is MeldKind.SAME_SUIT:
        if len({card.suit for card in cards}) > 1:
            return "a suit group must be all one suit"
        return None
    want = 0 if meld.kind is MeldKind.EVEN else 1
    for card in cards:
        if not is_ace(card) and int(card.rank) % 2 != want:
            return (f"every card must be of {'even' if want == 0 else 'odd'} rank "
                    f"({card.pretty} is not)")
    return None


def double_run_problem(cards: Sequence[Card]) -> str | None:
    """A double run as laid: pairs of one rank each, the pairs' ranks consecutive."""
    if len(cards) % 2:
        return "a double run is made of pairs"
    if len(cards) < 6:
        return "a double run needs three pairs"
    pairs = len(cards) // 2
    for start in range(1, 13 - pairs + 2):
        if all(is_ace(card) or int(card.rank) == start + index // 2
               for index, card in enumerate(cards)):
            return None
    return "a double run is two cards of each of three (or more) ranks in sequence"


def mission_problem(mission: Mission, melds: Sequence[Meld],
                    same_rank_sets: bool = True) -> str | None:
    """Why these groups do not complete the mission (``None`` if they do). The groups may
    come in any order; the result keeps the reason for the order given."""
    if len(melds) != len(mission.groups):
        count = len(mission.groups)
        return (f"mission {mission.number} is {mission.title}: "
                f"{count} group{'s' if count > 1 else ''}")
    first: str | None = None
    for order in permutations(range(len(melds))):
        reason = None
        for spec, index in zip(mission.groups, order):
            reason = group_problem(melds[index], spec)
            if reason is not None:
                reason = f"{reason} ({pretty_cards(melds[index].cards)})"
                break
        if reason is None and not same_rank_sets:
            ranks = [_set_rank(m) for m in melds if m.kind is MeldKind.SET]
            known = [r for r in ranks if r is not None]
            if len(known) != len(set(known)):
                reason = "two sets of one mission may not be of the same rank (game option)"
        if reason is None:
            return None
        first = first or reason
    return first


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


def addition_problem(meld: Meld, spec: GroupSpec, cards: Sequence[Card],
                     at_start: bool) -> str | None:
    """Why these cards cannot be added to a laid group (``None`` if they can)."""
    if not cards:
        return "choose the cards to add"
    if meld.kind is MeldKind.DOUBLE_RUN and len(cards) % 2:
        return "add to a double run in pairs"
    reason = group_problem(extended(meld, cards, at_start), spec, minimum=False)
    if reason is None:
        return None
    if meld.kind is MeldKind.SET and spec.suit_rule is SuitRule.SAME_COLOUR and \
            "colour" in reason:
        colours = {card.suit.colour for card in meld.cards if card.suit is not None}
        if len(colours) == 1:
            return f"this set must stay {next(iter(colours)).value}"
    if meld.kind is MeldKind.RUN and "order" in reason:
        end = "bottom" if at_start else "top"
        return f"that card does not continue the run at its {end}"
    if meld.kind is MeldKind.DOUBLE_RUN:
        return "add a pair of the next rank below or above the double run"
    return reason


# ------------------------------------------------------------------- finding a lay-down

@dataclass(frozen=True, slots=True)
class _Candidate:
    meld: Meld
    missing: int


def _fits(card: Card, suit: Suit | None, colour: Colour | None) -> bool:
    if suit is not None:
        return card.suit is suit
    if colour is not None:
        return card.suit is not None and card.suit.colour is colour
    return True


def _constraints(rule: SuitRule) -> list[tuple[Suit | None, Colour | None]]:
    if rule is SuitRule.SAME_SUIT:
        return [(suit, None) for suit in SUITS]
    if rule is SuitRule.SAME_COLOUR:
        return [(None, Colour.BLACK), (None, Colour.RED)]
    return [(None, None)]


def _candidates(cards: Sequence[Card], spec: GroupSpec, partial: bool) -> Iterator[_Candidate]:
    """Groups for a spec from these cards, naturals before aces; with ``partial``, also
    incomplete ones with the number of cards still missing."""
    aces_all = [c for c in cards if is_ace(c)]
    naturals_all = [c for c in cards if not is_ace(c)]
    for suit, colour in _constraints(spec.suit_rule):
        aces = [c for c in aces_all if _fits(c, suit, colour)]
        naturals = [c for c in naturals_all if _fits(c, suit, colour)]
        by_rank: dict[int, list[Card]] = {}
        for card in naturals:
            by_rank.setdefault(int(card.rank), []).append(card)
        yield from _kind_candidates(spec, by_rank, naturals, aces, partial)


def _kind_candidates(spec: GroupSpec, by_rank: dict[int, list[Card]], naturals: list[Card],
                     aces: list[Card], partial: bool) -> Iterator[_Candidate]:
    size = spec.size
    if spec.kind is MeldKind.SET:
        for rank in sorted(by_rank, key=lambda r: -len(by_rank[r])):
            group = by_rank[rank][:size]
            group += aces[:size - len(group)]
            missing = size - len(group)
            if missing == 0 or partial:
                yield _Candidate(Meld(MeldKind.SET, tuple(group)), missing)
        if len(aces) >= size or (partial and aces):
            yield _Candidate(Meld(MeldKind.SET, tuple(aces[:size])), max(0, size - len(aces)))
    elif spec.kind is MeldKind.RUN:
        for start in range(1, 13 - size + 2):
            spare, laid, missing = list(aces), [], 0
            for rank in range(start, start + size):
                if by_rank.get(rank):
                    laid.append(by_rank[rank][0])
                elif spare:
                    laid.append(spare.pop())
                else:
                    missing += 1
            if missing == 0 or (partial and missing < size):
                yield _Candidate(Meld(MeldKind.RUN, tuple(laid)), missing)
    elif spec.kind is MeldKind.DOUBLE_RUN:
        for start in range(1, 12):
            spare, laid, missing = list(aces), [], 0
            for rank in range(start, start + 3):
                pair = by_rank.get(rank, [])[:2]
                while len(pair) < 2 and spare:
                    pair.append(spare.pop())
                missing += 2 - len(pair)
                laid += pair
            if missing == 0 or (partial and missing < 6):
                yield _Candidate(Meld(MeldKind.DOUBLE_RUN, tuple(laid)), missing)
    elif spec.kind is MeldKind.SAME_SUIT:
        for suit in SUITS:
            group = [c for c in naturals if c.suit is suit]
            group = (group + [c for c in aces if c.suit is suit])[:size]
            missing = size - len(group)
            if missing == 0 or (partial and group):
                yield _Candidate(Meld(MeldKind.SAME_SUIT, tuple(group)), missing)
    else:
        for kind, want in ((MeldKind.EVEN, 0), (MeldKind.ODD, 1)):
            group = [c for c in naturals if int(c.rank) % 2 == want]
            group = (group + aces)[:size]
            missing = size - len(group)
            if missing == 0 or (partial and group):
                yield _Candidate(Meld(kind, tuple(group)), missing)


def find_mission(hand: Sequence[Card], mission: Mission,
                 same_rank_sets: bool = True) -> tuple[Meld, ...] | None:
    """Groups from the hand that complete the mission at its least size, or ``None``."""

    def search(index: int, cards: list[Card], chosen: list[Meld]) -> tuple[Meld, ...] | None:
        if index == len(mission.groups):
            found = tuple(chosen)
            return found if mission_problem(mission, found, same_rank_sets) is None else None
        spec = mission.groups[index]
        options = sorted(_candidates(cards, spec, partial=False),
                         key=lambda c: sum(map(is_ace, c.meld.cards)))
        for candidate in options:
            used = set(candidate.meld.cards)
            result = search(index + 1, [c for c in cards if c not in used],
                            chosen + [candidate.meld])
            if result is not None:
                return result
        return None

    if len(hand) < mission.cards:
        return None
    return search(0, list(hand), [])


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


def cards_needed(hand: Sequence[Card], mission: Mission) -> int:
    """About how many cards the hand still lacks for the mission (0: it can be laid).
    Groups are filled greedily in each order of the mission's groups; the best counts,
    and a near miss is checked exactly. Only faces matter, so answers are cached by
    faces (the AI asks about the same hands again and again)."""
    key = (tuple(sorted(card.face for card in hand)), mission.number)
    found = _NEEDED.get(key)
    if found is None:
        if len(_NEEDED) > 200_000:
            _NEEDED.clear()
        found = _NEEDED[key] = _needed(hand, mission)
    return found


_NEEDED: dict[tuple[tuple[str, ...], int], int] = {}


def _needed(hand: Sequence[Card], mission: Mission) -> int:
    best = mission.cards
    for order in _ORDERS[mission.number]:
        cards, missing = list(hand), 0
        for spec in order:
            options = list(_candidates(cards, spec, partial=True))
            if not options:
                missing += spec.size
                continue
            pick = min(options, key=lambda c: (c.missing, sum(map(is_ace, c.meld.cards))))
            missing += pick.missing
            used = set(pick.meld.cards)
            cards = [c for c in cards if c not in used]
        best = min(best, missing)
        if best == 0:
            return 0
    if best == 1 and find_mission(hand, mission) is not None:
        return 0
    return max(1, best)


_ORDERS = {number: tuple(dict.fromkeys(permutations(m.groups))) for number, m in MISSIONS.items()}


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


def shape_group(cards: Sequence[Card], spec: GroupSpec) -> Meld | str:
    """Loose cards as the group a spec asks for (a run put in order), or why not."""
    reason = f"not {spec.describe()}"
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
        count = len(mission.groups)
        return (f"mission {mission.number} is {mission.title}: "
                f"{count} group{'s' if count > 1 else ''}")
    first: str | None = None
    for order in permutations(range(len(groups))):
        melds: list[Meld] = []
        for spec, index in zip(mission.groups, order):
            made = shape_group(groups[index], spec)
            if isinstance(made, str):
                first = first or f"{made} ({pretty_cards(groups[index])})"
                break
            melds.append(made)
        else:
            reason = mission_problem(mission, melds, same_rank_sets)
            if reason is None:
                return tuple(melds)
            first = first or reason
    return first or "those groups do not make the mission"


def spec_of(mission: int, index: int) -> GroupSpec:
    """The spec of a laid group: its mission and its place in the mission."""
    return MISSIONS[mission].groups[index]
