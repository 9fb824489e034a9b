"""Contracts of the contract-rummy games (RULES.md §4.2, §5.2): checking a proposed
go-down, finding the best go-down in a hand, and measuring how far a hand is from one.

A contract is a number of sets (≥ 3 cards) and runs (≥ 4 cards), laid down together.
Both Shanghai games share this; their differences are ``ContractRules`` flags: whether
two sets may share a rank, whether runs must differ in suit (buying) or merely not touch
(May I, RULES.md §8).

Standard library only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, product

from .cards import Card, Suit
from .codec import serializable
from .melds import (
    Meld,
    MeldKind,
    MeldRules,
    as_meld,
    meld_problem,
    run_orders,
    run_positions,
    set_problem,
)


@serializable  # a Shanghai observation carries its round's contract
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
    if len(melds) == contract.sets + contract.runs and len(sets) != contract.sets:
        return (f"this round needs {contract.describe()}; these groups make "
                f"{_count(len(sets), 'set')} and {_count(len(runs), 'run')}")
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


def _count(number: int, word: str) -> str:
    return f"{number} {word}" + ("" if number == 1 else "s")


def lay_contract(groups: Sequence[Sequence[Card]], contract: Contract,
                 crules: ContractRules) -> tuple[Meld, ...] | str:
    """Groups of loose cards (as a player builds them) laid as the contract, or the
    reason they cannot be. Any order of the same cards that some laying makes legal is
    accepted (RULES.md §8): a spare wild may go below a run as well as above it, so two
    same-suit runs need not touch, and a group of one rank may be a set or a run."""
    rules = crules.melds
    options: list[list[Meld]] = []
    for cards in groups:
        shapes = [Meld(MeldKind.RUN, order) for order in run_orders(cards, rules)]
        if set_problem(cards, rules) is None:
            shapes.insert(0, Meld(MeldKind.SET, tuple(cards)))
        if not shapes:
            made = as_meld(cards, rules)
            return made if isinstance(made, str) else "those groups do not make the contract"
        options.append(shapes)
    first: str | None = None
    for melds in product(*options):
        reason = contract_problem(melds, contract, crules)
        if reason is None:
            return tuple(melds)
        first = first or reason
    return first or "those groups do not make the contract"


def cards_needed(hand: Sequence[Card], contract: Contract, crules: ContractRules) -> int:
    """About how many more cards the hand needs before it can go down (0: it can, or
    nearly). A fast estimate for the AI: the best few ranks for the sets, then the best
    four-card windows for the runs. Wilds count only as far as the naturals placed can
    carry them (a meld holds no more wilds than naturals), so a hand of wilds alone is
    far from going down and naturals that unlock its wilds are wanted."""
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
        usable = min(wilds, have) if rules.naturals_at_least_wilds else wilds
        best = min(best, max(0, contract.min_cards - have - usable))
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
