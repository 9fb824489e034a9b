"""The Shanghai estimate ``cards_needed`` as first written: every combination of the ten
fullest run windows tried. The engine now remembers its answers and finds the most
windows by branch and bound; this is the reference it must agree with."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from cardtable.engine.cards import Card
from cardtable.engine.contracts import Contract, ContractRules


def needed(hand: Sequence[Card], contract: Contract, crules: ContractRules) -> int:
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
