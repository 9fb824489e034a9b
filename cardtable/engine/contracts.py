"""Contracts of the contract-rummy games (RULES.md §4.2, §5.2): checking a proposed
go-down, finding the best go-down in a hand, and measuring how far a hand is from one.

A contract is a number of sets (≥ 3 cards) and runs (≥ 4 cards), laid down together.
Both Shanghai games share this; their differences are ``ContractRules`` flags: whether
two sets may share a rank, whether runs must differ in suit (buying) or merely not touch
(May I, RULES.md §8).

Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from .cards import Card, Suit
from .melds import Meld, MeldKind, MeldRules, meld_problem, order_run, run_positions


@dataclass(frozen=True, slots=True)
class Contract:
    sets: int
    runs: int

    def describe(self) -> str:
        parts = []
        if self.sets:
            parts.append(f"{self.sets} set{'s' if self.sets > 1 else ''} of 3")
        if self.runs:
            parts.append(f"{self.runs} run{'s' if self.runs > 1 else ''} of 4")
        return " + ".join(parts)

    @property
    def min_cards(self) -> int:
        return 3 * self.sets + 4 * self.runs


@dataclass(frozen=True, slots=True)
class ContractRules:
    melds: MeldRules
    same_rank_sets: bool = False
    runs_distinct_suits: bool = False
    """Buying: "each run must be a separate suit". May I only forbids touching runs."""


def run_suit(meld: Meld, rules: MeldRules) -> Suit | None:
    for card in meld.cards:
        if not rules.is_wild(card):
            return card.suit
    return None


def set_rank(meld: Meld, rules: MeldRules) -> int | None:
    for card in meld.cards:
        if not rules.is_wild(card):
            return int(card.rank)
    return None


def contract_problem(melds: Sequence[Meld], contract: Contract,
                     crules: ContractRules) -> str | None:
    """Why these melds do not make the contract (``None`` if they do)."""
    rules = crules.melds
    sets = [m for m in melds if m.kind is MeldKind.SET]
    runs = [m for m in melds if m.kind is MeldKind.RUN]
    if len(sets) > contract.sets or len(runs) > contract.runs:
        return (f"only the round's target may be laid down ({contract.describe()}), "
                "no more groups")
    if len(sets) < contract.sets or len(runs) < contract.runs:
        return f"this round's target is {contract.describe()}, laid down all at once"
    for meld in melds:
        reason = meld_problem(meld, rules)
        if reason is not None:
            return reason
    if not crules.same_rank_sets:
        ranks = [set_rank(m, rules) for m in sets]
        if len(set(ranks)) < len(ranks):
            return "two sets of the same rank may not be laid down in one contract"
    suits = [run_suit(m, rules) for m in runs]
    if crules.runs_distinct_suits and len(set(suits)) < len(suits):
        return "each run must be a different suit"
    for first, second in combinations(runs, 2):
        if run_suit(first, rules) is run_suit(second, rules):
            a, b = run_positions(first.cards, rules), run_positions(second.cards, rules)
            if a and b and (a[-1] + 1 == b[0] or b[-1] + 1 == a[0]):
                return "those two runs of one suit follow on: they would be one run"
    return None


# ----------------------------------------------------------------------------- the search

@dataclass(frozen=True, slots=True)
class _Candidate:
    kind: MeldKind
    naturals: frozenset[Card]
    wilds: int
    value: int
    rank: int = 0
    """A set's rank."""
    suit: Suit | None = None
    first: int = 0
    last: int = 0
    """A run's suit and the positions of its ends."""


def _set_candidates(naturals: list[Card], wilds: int, rules: MeldRules,
                    value: Callable[[Card], int]) -> list[_Candidate]:
    by_rank: dict[int, list[Card]] = {}
    for card in naturals:
        by_rank.setdefault(int(card.rank), []).append(card)
    found = []
    for rank, cards in by_rank.items():
        shapes = 0
        for size in range(len(cards), 0, -1):
            for chosen in combinations(cards, size):
                shapes += 1
                if shapes > 64:  # a huge pile of one rank: its larger subsets will do
                    break
                total = sum(value(c) for c in chosen)
                for extra in range(max(0, rules.min_set - size), min(size, wilds) + 1):
                    found.append(_Candidate(MeldKind.SET, frozenset(chosen), extra, total,
                                            rank=rank))
    return found


def _run_candidates(naturals: list[Card], wilds: int, rules: MeldRules,
                    value: Callable[[Card], int]) -> list[_Candidate]:
    found = []
    by_suit: dict[Suit | None, dict[int, Card]] = {}
    for card in naturals:
        for position in rules.natural_values(card):
            by_suit.setdefault(card.suit, {}).setdefault(position, card)
    span = rules.run_high - rules.run_low + 1
    for suit, at in by_suit.items():
        for first in range(rules.run_low, rules.run_high - rules.min_run + 2):
            for length in range(rules.min_run, span - (first - rules.run_low) + 1):
                last = first + length - 1
                present = [at[p] for p in range(first, last + 1) if p in at]
                if len(set(present)) != len(present):
                    continue  # one ace cannot be both ends
                missing = length - len(present)
                if missing > wilds or missing > len(present):
                    continue
                total = sum(value(c) for c in present)
                found.append(_Candidate(MeldKind.RUN, frozenset(present), missing, total,
                                        suit=suit, first=first, last=last))
    return found


def best_go_down(hand: Sequence[Card], contract: Contract, crules: ContractRules,
                 value: Callable[[Card], int]) -> tuple[Meld, ...] | None:
    """The contract laid with the most penalty points taken out of the hand, or ``None``
    when the hand cannot make it."""
    rules = crules.melds
    naturals = [c for c in hand if not rules.is_wild(c)]
    wild_cards = [c for c in hand if rules.is_wild(c)]
    sets = _set_candidates(naturals, len(wild_cards), rules, value)
    runs = _run_candidates(naturals, len(wild_cards), rules, value)
    sets.sort(key=lambda c: -c.value)
    runs.sort(key=lambda c: -c.value)
    best: list[object] = [None, -1]

    def fits(chosen: list[_Candidate], candidate: _Candidate) -> bool:
        for other in chosen:
            if other.naturals & candidate.naturals:
                return False
            if candidate.kind is MeldKind.SET and other.kind is MeldKind.SET \
                    and not crules.same_rank_sets and other.rank == candidate.rank:
                return False
            if candidate.kind is MeldKind.RUN and other.kind is MeldKind.RUN \
                    and candidate.suit is other.suit \
                    and (crules.runs_distinct_suits or candidate.last + 1 == other.first
                         or other.last + 1 == candidate.first):
                return False
        return True

    def search(chosen: list[_Candidate], need_sets: int, need_runs: int, pool_index: int,
               wilds_left: int, laid: int) -> None:
        if need_sets == 0 and need_runs == 0:
            if laid > best[1]:  # type: ignore[operator]
                best[0], best[1] = list(chosen), laid
            return
        pool = sets if need_sets else runs
        for index in range(pool_index, len(pool)):
            candidate = pool[index]
            if candidate.wilds > wilds_left or not fits(chosen, candidate):
                continue
            chosen.append(candidate)
            if need_sets:
                search(chosen, need_sets - 1, need_runs, index + 1 if need_sets > 1 else 0,
                       wilds_left - candidate.wilds, laid + candidate.value)
            else:
                search(chosen, 0, need_runs - 1, index + 1, wilds_left - candidate.wilds,
                       laid + candidate.value)
            chosen.pop()

    search([], contract.sets, contract.runs, 0, len(wild_cards), 0)
    if best[0] is None:
        return None
    spare = list(wild_cards)
    melds = []
    for candidate in best[0]:  # type: ignore[attr-defined]
        fill = [spare.pop() for _ in range(candidate.wilds)]
        cards = sorted(candidate.naturals, key=Card.sort_key) + fill
        if candidate.kind is MeldKind.SET:
            melds.append(Meld(MeldKind.SET, tuple(cards)))
        else:
            laid = _lay_run(cards, candidate.first, rules)
            melds.append(Meld(MeldKind.RUN, laid))
    return tuple(melds)


def _lay_run(cards: list[Card], first: int, rules: MeldRules) -> tuple[Card, ...]:
    """The run's cards in order from position ``first``, wilds in the gaps."""
    naturals = [c for c in cards if not rules.is_wild(c)]
    wilds = [c for c in cards if rules.is_wild(c)]
    placed: dict[int, Card] = {}
    for card in naturals:
        for position in rules.natural_values(card):
            if first <= position < first + len(cards) and position not in placed:
                placed[position] = card
                break
    laid = [placed[p] if p in placed else wilds.pop() for p in range(first, first + len(cards))]
    if run_positions(laid, rules) is None:  # should not happen; fall back to any valid order
        fallback = order_run(cards, rules)
        assert fallback is not None
        return fallback
    return tuple(laid)


def cards_needed(hand: Sequence[Card], contract: Contract, crules: ContractRules) -> int:
    """About how many more cards the hand needs before it can go down (0: it can, or
    nearly: the naturals ≥ wilds ratio is not counted). A fast estimate for the AI: the
    best few ranks for the sets, then the best four-card windows for the runs."""
    rules = crules.melds
    naturals = [c for c in hand if not rules.is_wild(c)]
    wilds = len(hand) - len(naturals)
    by_rank: dict[int, list[Card]] = {}
    for card in naturals:
        by_rank.setdefault(int(card.rank), []).append(card)
    ranks = sorted(by_rank, key=lambda r: -len(by_rank[r]))[:6]
    set_choices = list(combinations(ranks, contract.sets)) if contract.sets else [()]
    if not crules.same_rank_sets or not set_choices:
        set_choices = set_choices or [()]
    width = rules.min_run
    best = contract.min_cards
    for chosen in set_choices:
        used = {id(c) for rank in chosen for c in by_rank[rank][:3]}
        have = sum(min(3, len(by_rank[rank])) for rank in chosen)
        have += _best_windows(naturals, used, contract.runs, width, crules)
        best = min(best, max(0, contract.min_cards - have - wilds))
        if best == 0:
            break
    return best


def _best_windows(naturals: list[Card], used: set[int], count: int, width: int,
                  crules: ContractRules) -> int:
    """Most naturals that ``count`` run windows of ``width`` can hold, under the run rules
    (different suits when buying; same-suit windows must not touch or overlap)."""
    if count == 0:
        return 0
    rules = crules.melds
    masks: dict[object, int] = {}
    for card in naturals:
        if id(card) in used:
            continue
        for position in rules.natural_values(card):
            masks[card.suit] = masks.get(card.suit, 0) | (1 << position)
    windows: list[tuple[int, object, int]] = []
    full = (1 << width) - 1
    for suit, mask in masks.items():
        for first in range(rules.run_low, rules.run_high - width + 2):
            present = bin((mask >> first) & full).count("1")
            if present:
                windows.append((present, suit, first))
    windows.sort(key=lambda w: -w[0])
    windows = windows[:10]
    best = 0
    for combo in combinations(windows, min(count, len(windows))):
        ok = True
        for (_, s1, f1), (_, s2, f2) in combinations(combo, 2):
            if s1 is s2 and (crules.runs_distinct_suits or abs(f1 - f2) <= width):
                ok = False
                break
        if ok:
            best = max(best, sum(w[0] for w in combo))
    return best
