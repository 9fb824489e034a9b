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
from functools import cache, lru_cache
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
from .text import Msg, msg, nmsg


@serializable  # a Shanghai observation carries its round's contract
@dataclass(frozen=True, slots=True)
class Contract:
    sets: int
    runs: int

    def describe(self) -> str:
        """The contract in words: "2 sets of 3 + 1 run of 4"."""
        sets = nmsg("{count} set of 3", "{count} sets of 3", self.sets)
        runs = nmsg("{count} run of 4", "{count} runs of 4", self.runs)
        if self.sets and self.runs:
            # Translators: a contract of sets and runs: "2 sets of 3 + 1 run of 4"
            return msg("{sets} + {runs}", sets=sets, runs=runs)
        return sets if self.sets else runs if self.runs else ""

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
        return msg("this round needs {contract}; these groups make {sets} and {runs}",
                   contract=contract.describe(), sets=_sets(len(sets)), runs=_runs(len(runs)))
    if len(sets) > contract.sets or len(runs) > contract.runs:
        return msg("only the round's target may be laid down ({contract}), no more groups",
                   contract=contract.describe())
    if len(sets) < contract.sets or len(runs) < contract.runs:
        return msg("this round's target is {contract}, laid down all at once",
                   contract=contract.describe())
    for meld in melds:
        reason = meld_problem(meld, rules)
        if reason is not None:
            return reason
    if not crules.same_rank_sets:
        ranks = [set_rank(m, rules) for m in sets]
        if len(set(ranks)) < len(ranks):
            return msg("two sets of the same rank may not be laid down in one contract")
    suits = [run_suit(m, rules) for m in runs]
    if crules.runs_distinct_suits and len(set(suits)) < len(suits):
        return msg("each run must be a different suit")
    for first, second in combinations(runs, 2):
        if run_suit(first, rules) is run_suit(second, rules):
            a, b = run_positions(first.cards, rules), run_positions(second.cards, rules)
            if a and b and (a[-1] + 1 == b[0] or b[-1] + 1 == a[0]):
                return msg("those two runs of one suit follow on: they would be one run")
    return None


def _sets(number: int) -> Msg:
    return nmsg("{count} set", "{count} sets", number)


def _runs(number: int) -> Msg:
    return nmsg("{count} run", "{count} runs", number)


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
            return made if isinstance(made, str) else \
                msg("those groups do not make the contract")
        options.append(shapes)
    first: str | None = None
    for melds in product(*options):
        reason = contract_problem(melds, contract, crules)
        if reason is None:
            return tuple(melds)
        first = first or reason
    return first or msg("those groups do not make the contract")


def cards_needed(hand: Sequence[Card], contract: Contract, crules: ContractRules) -> int:
    """About how many more cards the hand needs before it can go down (0: it can, or
    nearly). A fast estimate for the AI: the best few ranks for the sets, then the best
    four-card windows for the runs. Wilds count only as far as the naturals placed can
    carry them (a meld holds no more wilds than naturals), so a hand of wilds alone is
    far from going down and naturals that unlock its wilds are wanted.

    Remembered per hand (bounded): the AI asks of every hand it might keep, and the Hard
    search's rollouts ask of the same hands again and again. Kept per contract and rules
    (``_KNOWN``: a dictionary of hands each, so a question hashes the hand alone, never
    the contract's and rules' dataclasses), worked out by ``_needed``."""
    global _last
    entry = _last
    if entry[0] is not contract or entry[1] is not crules:
        key = (id(contract), id(crules))
        found = _KNOWN.get(key)
        if found is None or found[0] is not contract or found[1] is not crules:
            if len(_KNOWN) >= KNOWN_RULES:
                _KNOWN.clear()
            found = _KNOWN[key] = (contract, crules, {})
        entry = _last = found
    known = entry[2]
    hand = tuple(hand)
    need = known.get(hand)
    if need is None:
        if len(known) >= KNOWN_HANDS:
            known.clear()
        need = known[hand] = _work_out(hand, contract, crules)
    return need


KNOWN_RULES = 64
KNOWN_HANDS = 8192
"""Contracts (with their rules) and hands per contract whose needs ``cards_needed``
keeps; when full, all are dropped at once."""
_Known = tuple[Contract | None, ContractRules | None, dict[tuple[Card, ...], int]]
_KNOWN: dict[tuple[int, int], _Known] = {}
_last: _Known = (None, None, {})
"""The entry of ``_KNOWN`` asked last (a search asks of one contract at a time)."""


@lru_cache(maxsize=8192)
def _needed(hand: tuple[Card, ...], contract: Contract, crules: ContractRules) -> int:
    """:func:`cards_needed`, worked out. The sets take the first three cards (in hand
    order) of each chosen rank, and the run windows are counted on what is left, as
    position masks per suit (suits in order of their first card left)."""
    rules = crules.melds
    wild_ranks = rules._wild
    positions = _positions(rules)
    sets, runs = contract.sets, contract.runs
    if not sets:
        return _runs_needed(hand, contract, crules, wild_ranks, positions)
    wilds = 0
    by_rank: dict[int, list[Card]] = {}
    naturals: list[tuple[Card, object, int]] = []
    for card in hand:
        rank = card.rank._value_
        if rank in wild_ranks:
            wilds += 1
            continue
        if sets:
            by_rank.setdefault(rank, []).append(card)
        if runs:
            naturals.append((card, card.suit, positions[rank]))
    counts = {rank: len(cards) for rank, cards in by_rank.items()}
    ranks = sorted(counts, key=lambda r: -counts[r])[:6]
    if sets and runs:
        set_choices = list(combinations(ranks, sets)) or [()]
    else:
        # Sets alone: the fullest ranks (sorted first) hold the most; runs alone: none.
        set_choices = [tuple(ranks[:sets]) if len(ranks) >= sets else ()]
    least = contract.min_cards
    best = least
    carry = rules.naturals_at_least_wilds
    # No set choice's windows hold more than the fullest windows of the whole hand, by
    # any rule: a choice that could not beat the best so far even so is not counted.
    ceiling = _ceiling(naturals, runs, rules) if runs and len(set_choices) > 1 else least
    for chosen in set_choices:
        have = 0
        for rank in chosen:
            have += 3 if counts[rank] >= 3 else counts[rank]
        if runs:
            most = have + ceiling
            if least - most - (min(wilds, most) if carry else wilds) >= best:
                continue
            used = {card for rank in chosen for card in by_rank[rank][:3]}
            have += _best_windows(naturals, used, runs, crules)
        usable = min(wilds, have) if carry else wilds
        best = min(best, max(0, least - have - usable))
        if best == 0:
            break
    return best


_work_out = _needed.__wrapped__
"""``_needed`` itself, not asked of its own memo (``_KNOWN`` was, by the hand alone)."""


def _runs_needed(hand: tuple[Card, ...], contract: Contract, crules: ContractRules,
                 wild_ranks: frozenset[int], positions: dict[int, int]) -> int:
    """``_needed`` of a contract of runs alone (the rounds of runs, asked most): no set is
    chosen, so the windows are counted on the whole hand's naturals, each suit's mask
    built as the hand is read (suits in order of their first card)."""
    wilds = 0
    masks: dict[object, int] = {}
    for card in hand:
        rank = card.rank._value_
        if rank in wild_ranks:
            wilds += 1
        else:
            suit = card.suit
            masks[suit] = masks.get(suit, 0) | positions[rank]
    rules = crules.melds
    have = _fullest(tuple(masks.values()), rules.run_low, rules.run_high, rules.min_run,
                    contract.runs, crules.runs_distinct_suits)
    usable = (wilds if wilds < have else have) if rules.naturals_at_least_wilds else wilds
    return max(0, contract.min_cards - have - usable)


def needs_without(hand: Sequence[Card], cards: Sequence[Card], contract: Contract,
                  crules: ContractRules) -> list[int]:
    """:func:`cards_needed` of the hand less each of ``cards`` in turn (the AI weighs
    every card it might throw). Contracts of sets alone or runs alone are read from the
    hand once: a card out changes one rank's count, or one suit's run positions and
    maybe that suit's place in the order; a contract of both asks each hand whole."""
    hand = tuple(hand)
    if contract.sets and contract.runs:  # each hand whole, kept as ``cards_needed`` keeps it
        return [cards_needed(tuple([c for c in hand if c is not card]), contract, crules)
                for card in cards]
    rules = crules.melds
    wild_ranks = rules._wild
    members = set(hand)
    wilds = 0
    for card in hand:
        if card.rank._value_ in wild_ranks:
            wilds += 1
    least, carry = contract.min_cards, rules.naturals_at_least_wilds
    if contract.runs:
        have_of = _runs_have_without(hand, rules, contract.runs, crules.runs_distinct_suits)
    else:
        have_of = _sets_have_without(hand, rules, contract.sets)
    needs = []
    for card in cards:
        left = wilds
        out: Card | None = card
        if card not in members:
            out = None  # not in the hand: the whole hand's need
        elif card.rank._value_ in wild_ranks:
            left -= 1
            out = None
        have = have_of(out)
        usable = (left if left < have else have) if carry else left
        needs.append(max(0, least - have - usable))
    return needs


def _sets_have_without(hand: tuple[Card, ...], rules: MeldRules,
                       sets: int) -> Callable[[Card | None], int]:
    """For a contract of sets alone: the naturals its fullest ranks hold (at most three
    each; none when the hand has fewer ranks than sets) in the hand less a natural
    (``None``: less nothing), as ``_needed`` counts them."""
    wild_ranks = rules._wild
    counts: dict[int, int] = {}
    for card in hand:
        rank = card.rank._value_
        if rank not in wild_ranks:
            counts[rank] = counts.get(rank, 0) + 1

    def have(card: Card | None) -> int:
        held = dict(counts)
        if card is not None:
            rank = card.rank._value_
            held[rank] -= 1
            if not held[rank]:
                del held[rank]
        if len(held) < sets:
            return 0
        return sum(sorted((3 if n >= 3 else n for n in held.values()), reverse=True)[:sets])

    return have


def _runs_have_without(hand: tuple[Card, ...], rules: MeldRules, runs: int,
                       apart: bool) -> Callable[[Card | None], int]:
    """For a contract of runs alone: the naturals its fullest windows hold
    (``_fullest``) in the hand less a natural (``None``: less nothing), the suits'
    position masks in order of their first card left, as ``_needed`` counts them."""
    wild_ranks = rules._wild
    positions = _positions(rules)
    suits: dict[object, list[tuple[int, Card, int]]] = {}  # (index in hand, card, bits)
    for index, card in enumerate(hand):
        rank = card.rank._value_
        if rank not in wild_ranks:
            suits.setdefault(card.suit, []).append((index, card, positions[rank]))
    order = list(suits)
    masks: list[int] = []
    for items in suits.values():
        mask = 0
        for _, _, bits in items:
            mask |= bits
        masks.append(mask)
    low, high, width = rules.run_low, rules.run_high, rules.min_run

    def have(card: Card | None) -> int:
        if card is None:
            return _fullest(tuple(masks), low, high, width, runs, apart)
        items = suits[card.suit]
        place = order.index(card.suit)
        mask = 0
        for _, other, bits in items:
            if other is not card:
                mask |= bits
        left = list(masks)
        if items[0][1] is not card or not mask:
            if mask:
                left[place] = mask
            else:
                del left[place]
            return _fullest(tuple(left), low, high, width, runs, apart)
        # The suit's first card out: the suit now stands where its next card does.
        del left[place]
        index, at = items[1][0], place
        for later in order[place + 1:]:
            if suits[later][0][0] > index:
                break
            at += 1
        left.insert(at, mask)
        return _fullest(tuple(left), low, high, width, runs, apart)

    return have


def _ceiling(naturals: list[tuple[Card, object, int]], count: int, rules: MeldRules) -> int:
    """The naturals in the ``count`` fullest run windows of the hand, overlapping or not:
    no choice of windows among fewer of its naturals holds more."""
    masks: dict[object, int] = {}
    for _, suit, bits in naturals:
        masks[suit] = masks.get(suit, 0) | bits
    low, high, width = rules.run_low, rules.run_high, rules.min_run
    held = [0] * width  # windows by how many naturals they miss
    for mask in masks.values():
        for missing, firsts in enumerate(_windows_of(mask, low, high, width)):
            held[missing] += len(firsts)
    total, left = 0, count
    for missing, windows in enumerate(held):
        take = left if windows >= left else windows
        total += take * (width - missing)
        left -= take
        if not left:
            break
    return total


@cache
def _positions(rules: MeldRules) -> dict[int, int]:
    """Each natural rank's run positions as a bit mask (an ace low and high)."""
    masks: dict[int, int] = {}
    for rank in range(1, 14):
        values = rules.ace_values if rank == 1 else (rank,)
        masks[rank] = sum(1 << value for value in values)
    return masks


@lru_cache(maxsize=8192)
def _windows_of(mask: int, low: int, high: int,
                width: int) -> tuple[tuple[int, ...], ...]:
    """The run windows of one suit's position mask, by how many naturals they hold:
    entry ``i`` lists (in position order) the first positions of the windows that
    hold ``width - i`` of them (a suit's masks recur hand after hand; the rules are
    passed as numbers, whose hash is native)."""
    full = (1 << width) - 1
    found: list[list[int]] = [[] for _ in range(width)]
    for first in range(low, high - width + 2):
        present = ((mask >> first) & full).bit_count()
        if present:
            found[width - present].append(first)
    return tuple(tuple(firsts) for firsts in found)


def _best_windows(naturals: list[tuple[Card, object, int]], used: set[Card], count: int,
                  crules: ContractRules) -> int:
    """Most naturals that ``count`` run windows of the least run's width can hold, from
    the hand's naturals (each with its suit and run positions) less those ``used``: the
    suits' position masks, in order of their first card left, and ``_fullest``."""
    masks: dict[object, int] = {}
    for card, suit, bits in naturals:
        if card not in used:
            masks[suit] = masks.get(suit, 0) | bits
    rules = crules.melds
    return _fullest(tuple(masks.values()), rules.run_low, rules.run_high, rules.min_run,
                    count, crules.runs_distinct_suits)


@lru_cache(maxsize=16384)
def _fullest(masks: tuple[int, ...], low: int, high: int, width: int, count: int,
             apart: bool) -> int:
    """Most naturals ``count`` run windows can hold among the ten fullest windows of the
    suits' masks (fullest first, ties in suit then position order), under the run rules
    (``apart``: different suits, as when buying; else same-suit windows must not touch
    or overlap). Branch and bound over the windows in that order finds the same most as
    trying every combination of them (a suit is its place in ``masks``). Remembered
    (bounded): a suit's masks recur from hand to hand, and a card out of a hand changes
    one suit's."""
    by_suit = [(suit, _windows_of(mask, low, high, width)) for suit, mask in enumerate(masks)]
    if count == 1:  # the fullest window (the first of the ten)
        for missing in range(width):
            for _, found in by_suit:
                if found[missing]:
                    return width - missing
        return 0
    windows: list[tuple[int, int, int]] = []
    for missing in range(width):
        present = width - missing
        for suit, found in by_suit:
            for first in found[missing]:
                windows.append((present, suit, first))
                if len(windows) == 10:
                    break
            else:
                continue
            break
        else:
            continue
        break
    take = min(count, len(windows))
    if take <= 1:
        return windows[0][0] if take else 0
    if apart:
        # Every pair of one suit clashes: the most is the fullest window of each of the
        # ``take`` fullest suits (none if fewer suits have windows), as ``_most`` finds.
        fullest: dict[int, int] = {}
        for present, suit, _ in windows:
            fullest.setdefault(suit, present)
        if len(fullest) < take:
            return 0
        return sum(sorted(fullest.values(), reverse=True)[:take])
    if take == 2:
        return _most_two(windows, width)
    if take == 3:
        return _most_three(windows, width)
    return _most(windows, take, 0, [], 0, apart, width, 0)


def _most_two(windows: list[tuple[int, int, int]], width: int) -> int:
    """``_most`` of two May I windows: the fullest pair whose windows are of two suits
    or apart (windows are fullest first, so each one's first partner is its best)."""
    best = 0
    for index, (present, suit, first) in enumerate(windows):
        if 2 * present <= best:
            break  # no later window is fuller
        for other, other_suit, other_first in windows[index + 1:]:
            if other_suit != suit or abs(other_first - first) > width:
                best = max(best, present + other)
                break
    return best


def _most_three(windows: list[tuple[int, int, int]], width: int) -> int:
    """``_most`` of three May I windows, as three loops: for each pair that may stand
    together, the first window after it that clashes with neither is its best third
    (windows are fullest first, which also bounds each loop)."""
    best = 0
    count = len(windows)
    for one in range(count - 2):
        present, suit, first = windows[one]
        if 3 * present <= best:
            break
        for two in range(one + 1, count - 1):
            present_two, suit_two, first_two = windows[two]
            if present + 2 * present_two <= best:
                break
            if suit_two == suit and abs(first_two - first) <= width:
                continue
            for three in range(two + 1, count):
                present_three, suit_three, first_three = windows[three]
                total = present + present_two + present_three
                if total <= best:
                    break
                if (suit_three == suit and abs(first_three - first) <= width) or \
                        (suit_three == suit_two and abs(first_three - first_two) <= width):
                    continue
                best = total
                break
    return best


def _most(windows: list[tuple[int, int, int]], take: int, start: int,
          chosen: list[tuple[int, int, int]], total: int, apart: bool, width: int,
          best: int) -> int:
    """The most naturals ``take`` more windows from ``start`` on can add to ``total``
    beside ``chosen``, or ``best`` if none beats it (windows are fullest first, so the
    next ``take`` bound every later choice)."""
    if take == 0:
        return max(best, total)
    for index in range(start, len(windows) - take + 1):
        window = windows[index]
        if total + window[0] * take <= best:
            break  # no later window is fuller
        present, suit, first = window
        if any(other[1] == suit and (apart or abs(other[2] - first) <= width)
               for other in chosen):
            continue
        chosen.append(window)
        best = _most(windows, take - 1, index + 1, chosen, total + present, apart, width,
                     best)
        chosen.pop()
    return best
