"""The complete go-down search of the contract-rummy games (RULES.md §4.2, §5.2, §8).

Finds the contract laid with the most penalty points taken out of the hand, or proves
there is none. It is exact: a brute force over every partition of the hand agrees with
it on random hands (tests/test_contract_search.py).

Why it can be exact and still fast. Physical copies of one face are interchangeable, so
the search works on face counts. Two exchange arguments cut the space down:

* a set takes every natural of its rank that no other group uses (one more natural
  never breaks naturals ≥ wilds), so sets are chosen last, by rank alone;
* inside a run's span, a position whose natural is in the hand holds that natural
  unless a later group uses every copy of it (swapping a wild for an unused natural
  keeps the run valid). So a run is its suit, its lowest and highest natural, and the
  few inner naturals it leaves to a later set or run — enumerated only when a later
  group could want them and a wild can fill the gap.

Runs are chosen first, in a canonical order (suit, then span), then the sets; every
leaf is built into real melds and checked by :func:`contract_problem`, so what the
search returns always passes the engine's own check.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, product
from typing import NamedTuple

from .cards import SORT_KEY, Card, Suit, standard_deck
from .contracts import Contract, ContractRules, contract_problem
from .data import FilledTable
from .melds import Meld, MeldKind, MeldRules

_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


@dataclass(frozen=True, slots=True)
class _Run:
    """A run chosen by the search: the naturals at ``positions``, wilds in the gaps."""

    suit: int
    first: int
    last: int
    positions: tuple[int, ...]
    need: int
    """Wilds it must have: the gaps, and enough to reach the least length."""
    cap: int
    """Wilds it may have: no more than its naturals, no longer than the rules allow."""
    value: int


class _Pool:
    """The naturals of a hand as counts per (suit, rank), with their physical cards."""

    def __init__(self, naturals: Sequence[Card], value: Callable[[Card], int]) -> None:
        self.cards: dict[tuple[int, int], list[Card]] = {}
        for card in sorted(naturals, key=SORT_KEY):
            assert card.suit is not None
            self.cards.setdefault((_SUITS.index(card.suit), int(card.rank)), []).append(card)
        self.count = {face: len(cards) for face, cards in self.cards.items()}
        self.value = {face: value(cards[0]) for face, cards in self.cards.items()}
        self.totals = [0] * 15
        for (_, rank), count in self.count.items():
            self.totals[rank] += count

    def rank_total(self, rank: int) -> int:
        return self.totals[rank]


def _rank_at(position: int) -> int:
    """The rank of the natural that fills a run position (an ace at 1 or 14)."""
    return 1 if position == 14 else position


def best_go_down(hand: Sequence[Card], contract: Contract, crules: ContractRules,
                 value: Callable[[Card], int], *,
                 first_found: bool = False) -> tuple[Meld, ...] | None:
    """The contract laid with the most penalty points taken out of the hand, or ``None``
    when no way to lay it exists. With ``first_found`` any valid go-down will do (a
    proof of existence, faster); which one may then depend on the hand's order (the
    legal list passes the state's hand as it stands: one answer per state).

    A proof of existence first searches the contract cut to its least: any go-down
    holds one of sets of three and runs of four (keep two naturals of a set, and a
    window of four of a run with two naturals: a run with as many naturals as wilds has
    one), and runs of four have far fewer spans to try. Cutting can make two runs of a
    suit follow on where their longer forms did not (three runs of hearts from three
    decks); only then, if nothing else was found, the whole search decides."""
    if _surely_short(hand, contract, crules):
        return None
    if first_found:
        quick = _greedy_go_down(hand, contract, crules)
        if quick is None and contract.sets and contract.runs:
            quick = _greedy_go_down(hand, contract, crules, sets_first=True)
        if quick is not None:
            return quick
    if _sets_leave_runs_short(hand, contract, crules) or \
            _runs_of_a_suit_short(hand, contract, crules):
        return None
    if first_found:
        least = _Search(hand, contract, crules, value, True)
        least.longest = crules.melds.min_run
        found = least.run()
        if found is not None or not least.touched:
            return found
    return _Search(hand, contract, crules, value, first_found).run()


def _greedy_go_down(hand: Sequence[Card], contract: Contract, crules: ContractRules,
                    sets_first: bool = False) -> tuple[Meld, ...] | None:
    """A quick try at a go-down before the search: each run at the best four-rank window
    of the suits left (most naturals, then lowest suit and rank), then each set from the
    rank with the most naturals left, or (``sets_first``) the sets before the runs, for
    hands whose best windows take naturals the sets need. Most hands that hold the
    contract are proved this way; the search settles the rest. What it lays is valid by
    construction, so it is not checked again (the completeness tests check every answer
    with ``contract_problem``): each group holds at least as many naturals as wilds, a run's
    naturals are one suit at the positions they stand for (an ace only where aces go),
    the runs differ in suit where they must and the sets in rank, and two runs of a suit
    that would follow on are left to the search. The cards are taken in hand order, so
    the answer depends on the hand alone."""
    rules = crules.melds
    aces = rules.ace_values
    tallying = _tallying(rules)
    natural_faces, faces = tallying.naturals, tallying.faces
    wilds: list[Card] = []
    piles: dict[str, list[Card]] = {}  # face -> its naturals, faces as the hand first shows them
    left = [0] * 15  # rank -> its naturals not yet laid
    masks = [0, 0, 0, 0]  # per suit, bit p: a natural can stand at run position p
    for card in hand:
        pile = piles.get(card._face)
        if pile is not None:
            pile.append(card)
            left[card._sort[1]] += 1
            continue
        known = natural_faces.get(card._face)
        if known is None:
            wilds.append(card)
            continue
        suit, rank, bits = known
        piles[card._face] = [card]
        left[rank] += 1
        masks[suit] |= bits
    size = rules.min_run
    shape = _window_shape(size, rules.run_low, rules.run_high)

    def take(face: str, card: Card | None = None) -> Card:
        """A natural out of its pile (the first, or this one), its suit's mask kept."""
        pile = piles[face]
        if card is None:
            card = pile.pop(0)
        else:
            pile.remove(card)
        suit, rank, bits = natural_faces[face]
        if not pile:
            masks[suit] &= ~bits
        left[rank] -= 1
        return card

    runs: list[Meld] = []
    sets: list[Meld] = []

    def lay_runs() -> bool:
        used_suits: set[int] = set()
        spans: list[tuple[int, int]] = []  # each run's suit and first position
        for _ in range(contract.runs):
            best: tuple[int, int, int] | None = None  # (naturals, suit, start)
            for suit, mask in enumerate(masks):
                if not mask or (crules.runs_distinct_suits and suit in used_suits):
                    continue
                count, start = _BEST_WINDOW[mask | shape]
                if count * 2 >= size and size - count <= len(wilds) and \
                        (best is None or count > best[0]):
                    best = (count, suit, start)
            if best is None:
                return False
            _, suit, start = best
            for other_suit, other_start in spans:
                # Two runs of a suit that follow on would be one run (May I): the
                # search settles it.
                if other_suit == suit and abs(other_start - start) == size:
                    return False
            spans.append((suit, start))
            laid = []
            for position in range(start, start + size):
                rank = _rank_at(position)
                face = faces[suit][rank]
                if piles.get(face) and (rank != 1 or position in aces):
                    laid.append(take(face))
                else:
                    laid.append(wilds.pop(0))
            runs.append(Meld(MeldKind.RUN, tuple(laid)))
            used_suits.add(suit)
        return True

    def lay_sets() -> bool:
        used_ranks: set[int] = set()
        least = rules.min_set
        for _ in range(contract.sets):
            # The rank with the most naturals left (the lowest rank on a tie).
            rank, most = 0, 0
            for candidate, count in enumerate(left):
                if count > most and (crules.same_rank_sets or candidate not in used_ranks):
                    rank, most = candidate, count
            if not most:
                return False
            # Its naturals, pile by pile in the order the hand first shows them.
            naturals = [card for face, pile in piles.items()
                        if natural_faces[face][1] == rank for card in pile][:least]
            need = least - len(naturals)
            if need > len(wilds) or (rules.naturals_at_least_wilds and need > len(naturals)):
                return False
            for card in naturals:
                take(card._face, card)
            sets.append(Meld(MeldKind.SET, tuple(naturals) + tuple(wilds[:need])))
            del wilds[:need]
            used_ranks.add(rank)
        return True

    if sets_first:
        if not (lay_sets() and lay_runs()):
            return None
    elif not (lay_runs() and lay_sets()):
        return None
    return tuple(sets + runs)


def _best_window(key: int) -> tuple[int, int]:
    """The most run positions of a suit's mask (the low 16 bits of ``key``) one window of
    ``size`` positions holds, and the lowest start where it does; ``size``, the first
    start and the start past the last are the key's higher bits (4, 5 and 5 bits)."""
    mask, size = key & 0xFFFF, key >> 16 & 0xF
    first, stop = key >> 20 & 0x1F, key >> 25
    window = (1 << size) - 1
    best = (-1, first)
    for start in range(first, stop):
        count = (mask & (window << start)).bit_count()
        if count > best[0]:
            best = (count, start)
    return _PAIRS.setdefault(best, best)  # a few dozen answers, shared by the whole table


_PAIRS: dict[tuple[int, int], tuple[int, int]] = {}


_BEST_WINDOW: FilledTable[int, tuple[int, int]] = FilledTable(_best_window)
"""``_best_window`` by key, filled for each run shape a game's rules use (``_tallying``):
2**14 masks of positions 1–14 each."""


def _window_shape(size: int, low: int, high: int) -> int:
    """The high bits of a ``_BEST_WINDOW`` key: runs of ``size`` positions from ``low`` to
    ``high`` (a suit's mask of positions goes in the low 16 bits)."""
    return size << 16 | low << 20 | (high - size + 2) << 25


def _surely_short(hand: Sequence[Card], contract: Contract, crules: ContractRules) -> bool:
    """Whether the hand cannot hold the contract, by a bound on the wilds it needs
    (each set judged alone, and the runs by suit: groups only compete for naturals, so
    the true need is never less), worked out from the hand's tally (``_tally``). Most
    hands the legal-move list asks about are refused here, before any search is set up."""
    rules = crules.melds
    tallying = _tallying(rules)
    tally = _tally(hand, tallying.packed)
    wilds = tally[_WILDS_AT]
    if len(hand) == wilds or len(hand) < (contract.sets * rules.min_set
                                          + contract.runs * rules.min_run):
        return True
    need = 0
    if contract.sets:
        totals = tally[_TOTALS_AT:_TOTALS_AT + 15]
        if rules.min_set == 3 and not crules.same_rank_sets:
            # Each rank of three naturals or more makes a set alone, a pair with a wild.
            pairs_or_more = 15 - totals.translate(_AT_LEAST[2]).count(0)
            if pairs_or_more < contract.sets:
                return True
            need += max(0, contract.sets - (15 - totals.translate(_AT_LEAST[3]).count(0)))
        else:
            need += _sets_wilds(totals, contract.sets, crules)
        if need > wilds:
            return True
    if contract.runs:
        # Every suit's presence bytes in one number, 16 bytes a suit.
        code = tallying.shape
        present = int.from_bytes(tally[:64].translate(_AT_LEAST[1]), "little")
        least = [_LEAST_RUN_WILDS[code | present & _SUIT_BYTES],
                 _LEAST_RUN_WILDS[code | present >> 128 & _SUIT_BYTES],
                 _LEAST_RUN_WILDS[code | present >> 256 & _SUIT_BYTES],
                 _LEAST_RUN_WILDS[code | present >> 384]]
        need += _runs_wilds(least, tally[_IN_SUIT_AT:_IN_SUIT_AT + 4], contract.runs, crules)
    return need > wilds


# A hand's tally: one number per face with a 1 in the bytes that count it (its suit and
# rank, its rank's total, its suit's total; a wild only in the wilds' byte), so one sum
# and one ``to_bytes`` count the whole hand, and the bound reads counts as bytes.
_SUITS_AT = (0, 16, 32, 48)
"""Where each suit's counts by rank start (byte ``at + rank``)."""
_TOTALS_AT = 64
"""Each rank's naturals in every suit (byte ``_TOTALS_AT + rank``)."""
_WILDS_AT = 80
_IN_SUIT_AT = 81
"""Each suit's naturals (byte ``_IN_SUIT_AT + suit``)."""
_TALLY_BYTES = 88
_SUIT_BYTES = (1 << 128) - 1
"""A suit's 16 bytes of a tally, as a number."""
_AT_LEAST = [bytes(int(count >= least) for count in range(256)) for least in range(4)]
"""``_AT_LEAST[k]`` marks the counts of ``k`` or more."""


class _Tallying(NamedTuple):
    """What the tally and the bound need of one set of meld rules, worked out once."""

    packed: dict[str, int]
    """Each face's number for a hand's tally."""
    shape: int
    """The run shape's code, placed above a suit's presence bytes (``_LEAST_RUN_WILDS``)."""
    naturals: dict[str, tuple[int, int, int]]
    """Each natural face's suit (0–3), rank and run-position bits (an ace's at every
    position aces take); wild faces are not in it (the greedy's hand pass)."""
    faces: tuple[tuple[str, ...], ...]
    """Each face by suit and rank (``faces[suit][rank]``)."""


_TALLYING: dict[int, tuple[MeldRules, _Tallying]] = {}
"""By the rules' identity (the games' rules are constants; the rules are kept too, so
an id is never reused for other rules while its entry stands)."""


def prepare(rules: MeldRules) -> None:
    """Work out what the go-down proof needs for these meld rules (its tallies and its
    filled run tables: some tens of milliseconds, once a process). A game calls it when
    it is set up, so the first turn's legal list, worked out on the drawing thread,
    does not pay for it."""
    _tallying(rules)


def _tallying(rules: MeldRules) -> _Tallying:
    known = _TALLYING.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    packed = {}
    naturals = {}
    faces = [[""] * 15 for _ in _SUITS]
    ace_bits = sum(1 << position for position in rules.ace_values)
    for card in standard_deck(1, 1):
        rank = card.rank._value_
        if rank in rules._wild:
            packed[card._face] = 1 << 8 * _WILDS_AT
        else:
            suit = card._sort[0]
            packed[card._face] = (1 << 8 * (_SUITS_AT[suit] + rank)
                                  | 1 << 8 * (_TOTALS_AT + rank)
                                  | 1 << 8 * (_IN_SUIT_AT + suit))
            naturals[card._face] = (suit, rank, ace_bits if rank == 1 else 1 << rank)
        if card.suit is not None:
            faces[card._sort[0]][rank] = card._face
    code = (rules.run_low | rules.run_high << 5 | rules.longest_run << 10
            | rules.min_run << 15 | sum(1 << 20 + value for value in rules.ace_values))
    _SHAPES[code] = _run_shape(rules)
    made = _Tallying(packed, code << _SHAPE_AT, naturals, tuple(map(tuple, faces)))
    _fill_run_tables(rules, made.shape)
    if len(_TALLYING) > 64:  # only ever a few rules; never grows without bound
        _TALLYING.clear()
    _TALLYING[id(rules)] = (rules, made)
    return made


def _tally(hand: Sequence[Card], packed: dict[str, int]) -> bytes:
    """How many naturals of each suit and rank the hand holds, of each rank, of each
    suit, and how many wilds (the byte layout above)."""
    if len(hand) >= 256:
        raise ValueError("a hand of 256 cards or more would overflow the tally")
    return sum([packed[card._face] for card in hand]).to_bytes(_TALLY_BYTES, "little")


_SHAPE_AT = 128
"""Where a run shape's code sits in a ``_LEAST_RUN_WILDS`` key (above a suit's bytes)."""
_SHAPES: dict[int, tuple[int, int, int, int, tuple[int, ...]]] = {}
"""Each run shape by its code (a handful: one per set of meld rules)."""


def _least_wilds_by_key(key: int) -> int:
    """Fewest wilds any one run of a suit needs, the suit given as its presence bytes (1
    where it holds a natural of that rank) and its run shape's code (``_NONE`` if no run
    can be made). A run at its least length does best: a longer one holds no more
    naturals than wilds it gains, so the best window of ``least`` positions with two
    naturals or more, and no more wilds than naturals, gives the answer. Worked out from
    the bytes: the presence at each run position, then every window's naturals by one
    multiplication."""
    low, high, _, least, aces = _SHAPES[key >> _SHAPE_AT]
    presence = (key & ((1 << _SHAPE_AT) - 1)).to_bytes(16, "little")
    at = bytes(presence[1] if position in aces else 0 if position in (1, 14)
               else presence[position] for position in range(low, high + 1))
    windows = (int.from_bytes(at, "little") * _ONES[least]).to_bytes(len(at) + least,
                                                                      "little")
    naturals = max(windows[least - 1:len(at)])  # the windows that lie wholly in range
    return least - naturals if naturals >= 2 and least - naturals <= naturals else _NONE


_ONES = [sum(1 << 8 * k for k in range(span)) for span in range(16)]
"""Multiplying a byte-per-position number by ``_ONES[span]`` sums each run of ``span``
consecutive bytes into the byte where it ends."""


_LEAST_RUN_WILDS: FilledTable[int, int] = FilledTable(_least_wilds_by_key)
"""``_least_wilds_by_key`` by key, filled for each run shape a game's rules use
(``_tallying``): 2**13 suits (which of ranks 1–13 they hold) each."""

_PRESENCE = [0]
"""A suit's presence bytes (1 at byte ``r`` where it holds rank ``r``), by its ranks as
a bit mask (bit ``r`` for rank ``r``, 1–13) shifted down one bit."""
for _rank in range(1, 14):  # each rank doubles the list: without it, then with it
    _PRESENCE += [presence | 1 << 8 * _rank for presence in _PRESENCE]
del _rank


def _fill_run_tables(rules: MeldRules, code: int) -> None:
    """Fill ``_BEST_WINDOW`` and ``_LEAST_RUN_WILDS`` for one set of rules' run shape
    (``code``, as ``_tallying`` places it), once, when the rules are first used: a few
    tens of milliseconds, after which the bound and the greedy never work one out."""
    shape = _window_shape(rules.min_run, rules.run_low, rules.run_high)
    _BEST_WINDOW.fill(range(shape, shape + (1 << 15), 2))  # positions 1–14
    _LEAST_RUN_WILDS.fill(code | presence for presence in _PRESENCE)


def _runs_by_suit_need(least: Sequence[int], in_suit: Sequence[int], runs: int,
                       min_run: int, least_naturals: int) -> int:
    """``_runs_need`` given each suit's least single-run wilds and its naturals (the
    usual two runs worked out without the rows)."""
    if runs == 2:  # the usual case, without the rows: two suits, or one suit twice
        first = second = twice = _NONE
        for single, count in zip(least, in_suit):
            if single >= _NONE:
                continue
            if single < first:
                first, second = single, first
            elif single < second:
                second = single
            if count >= 2 * least_naturals:
                both = max(2 * single, 2 * min_run - count)
                if both < twice:
                    twice = both
        return min(first + second, twice, _NONE)
    costs = [[max(j * single, min_run * j - count) if count >= least_naturals * j else _NONE
              for j in range(1, runs + 1)]
             for single, count in zip(least, in_suit) if single < _NONE]
    return min(_runs_need_by_rows(costs, runs), _NONE) if costs else _NONE


def _runs_need_by_rows(costs: list[list[int]], runs: int) -> int:
    """The fewest wilds ``runs`` runs need, some suits holding several: each suit's row
    gives what its 1, 2 … runs need."""
    best = [0] + [_NONE] * runs  # best[k]: k runs from the suits seen so far
    for row in costs:
        shared = best[:]
        for j, cost in enumerate(row, start=1):
            for k in range(j, runs + 1):
                if best[k - j] + cost < shared[k]:
                    shared[k] = best[k - j] + cost
        best = shared
    return best[runs]


def _sets_leave_runs_short(hand: Sequence[Card], contract: Contract,
                           crules: ContractRules) -> bool:
    """Whether no choice of the sets leaves the runs enough: ``_surely_short`` judges
    sets and runs apart, so a hand whose sets need the very naturals its runs need gets
    through it (``JK AS 3S 4S 4S 5S`` …: the fours make the set or the run, not both).
    For each choice of the sets' ranks, and of how many naturals each takes (a set of
    three takes two or three, one wild less for each), a set takes at least the copies
    of a suit the other suits cannot give; the runs' bound is then judged without them.
    Necessary only (a suit's copies are not all placed), so it never refuses a hand
    that holds the contract; asked only of the few hands the greedy tries leave."""
    if not (contract.sets and contract.runs):
        return False
    rules = crules.melds
    wild_ranks = rules._wild
    wilds = 0
    copies: dict[tuple[int, int], int] = {}
    for card in hand:
        rank = card.rank._value_
        if rank in wild_ranks:
            wilds += 1
        else:
            face = (card._sort[0], rank)
            copies[face] = copies.get(face, 0) + 1
    totals = [0] * 15
    masks = [0, 0, 0, 0]
    in_suit = [0, 0, 0, 0]
    for (suit, rank), count in copies.items():
        totals[rank] += count
        masks[suit] |= 1 << rank
        in_suit[suit] += count
    least_set = rules.min_set

    def runs_need(run_masks: list[int], run_counts: list[int]) -> int:
        return _runs_need(run_masks, run_counts, contract.runs, crules)

    # The runs never need fewer wilds than with every natural theirs: a choice of sets
    # whose own wilds leave less than that is passed over before its suits are looked at.
    spare = wilds - runs_need(masks, in_suit)
    ranks = [rank for rank in range(1, 14) if totals[rank] >= 2]
    combos: Iterable[tuple[int, ...]] = (
        combinations_with_replacement(ranks, contract.sets) if crules.same_rank_sets
        else combinations(ranks, contract.sets))
    for combo in combos:
        chosen = sorted(set(combo))
        takes = []  # per rank: (naturals its sets take, wilds they then need)
        for rank in chosen:
            times = combo.count(rank)
            low, high = 2 * times, min(least_set * times, totals[rank])
            takes.append([(k, least_set * times - k) for k in range(low, high + 1)])
        if sum(least_set * combo.count(rank) - min(least_set * combo.count(rank),
                                                   totals[rank]) for rank in chosen) > spare:
            continue
        for taken in product(*takes):
            need = sum(wilds_needed for _, wilds_needed in taken)
            if need > spare:
                continue
            run_masks = masks[:]
            run_counts = in_suit[:]
            for rank, (k, _) in zip(chosen, taken):
                for suit in range(4):
                    here = copies.get((suit, rank), 0)
                    if not here:
                        continue
                    forced = k - (totals[rank] - here)
                    if forced > 0:
                        run_counts[suit] -= forced
                        if forced >= here:
                            run_masks[suit] &= ~(1 << rank)
            if need + runs_need(run_masks, run_counts) <= wilds:
                return False
    return True


def _runs_of_a_suit_short(hand: Sequence[Card], contract: Contract,
                          crules: ContractRules) -> bool:
    """Whether the runs cannot be laid when several may share a suit (May I), by a bound
    that takes each suit's copies into account: ``_runs_need`` lets a second run of a
    suit do as well as its best, even where it would need the copies the first run
    uses (``9S 10S QS`` makes one run with a wild; the second of spades, from what is
    left, needs two). For each suit it works out what one, two or three runs need at
    least: the best first window, taking one copy of each natural in it, then a bound
    on the later runs from what is left. A run that leaves a natural of its window to a
    later run needs a wild more for it, and the later runs gain at most that natural,
    so this never exceeds the true need; and it asks a later run for no least number
    of naturals, so it never refuses a hand that holds the runs. The sets are judged
    alone, as ``_surely_short`` does. Asked only of the few hands the greedy tries
    leave."""
    runs = contract.runs
    if crules.runs_distinct_suits or not 2 <= runs <= 3:  # the copy counts kept go to two
        return False
    rules = crules.melds
    wild_ranks = rules._wild
    wilds = 0
    totals = [0] * 15
    # Per suit: its naturals, and the ranks of which it holds one copy or more, two or
    # more, three or more (bit r: rank r).
    in_suit = [0, 0, 0, 0]
    one, two, three = [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]
    for card in hand:
        suit, rank, _ = card._sort
        if rank in wild_ranks:
            wilds += 1
            continue
        totals[rank] += 1
        in_suit[suit] += 1
        bit = 1 << rank
        if not one[suit] & bit:
            one[suit] |= bit
        elif not two[suit] & bit:
            two[suit] |= bit
        else:
            three[suit] |= bit
    need = _sets_wilds(totals, contract.sets, crules) if contract.sets else 0
    size = rules.min_run
    aces = rules.ace_values
    # Each window of the least length as the ranks it holds (bit r: rank r; an ace only
    # where the rules put aces).
    windows = [sum(1 << _rank_at(p) for p in range(start, start + size)
                   if p not in (1, 14) or p in aces)
               for start in range(rules.run_low, rules.run_high - size + 2)]

    def most(ranks: int) -> int:
        """The most naturals one window holds, given the ranks present."""
        return max((ranks & window).bit_count() for window in windows)

    rows = []
    for suit, naturals in enumerate(in_suit):
        if naturals < 2:
            continue
        row = [_NONE] * runs
        for window in windows:
            held = one[suit] & window
            first = held.bit_count()
            if first < 2:
                continue
            row[0] = min(row[0], size - first)
            if runs == 1 or naturals < 4:
                continue
            # One copy of each held rank taken: the ranks left with one copy and two.
            left_one = one[suit] & ~(held & ~two[suit])
            left_two = two[suit] & ~(held & ~three[suit])
            best = most(left_one)
            for later in range(1, runs):
                if naturals < 2 * (later + 1):
                    break
                room = min(later * best, left_one.bit_count() + (
                    left_two.bit_count() if later > 1 else 0))
                row[later] = min(row[later], size - first + size * later - room)
        rows.append(row)
    return not rows or need + min(_runs_need_by_rows(rows, runs), _NONE) > wilds


_NONE = 99
"""Wilds "needed" by a group that cannot be made at all."""


def _runs_need(masks: Sequence[int], in_suit: Sequence[int], runs: int,
               crules: ContractRules) -> int:
    """Fewest wilds ``runs`` runs could need, given each suit's ranks as a bit mask and
    its naturals (``_runs_wilds``)."""
    rules = crules.melds
    return _runs_wilds([_least_run_wilds(mask, rules) if mask else _NONE for mask in masks],
                       in_suit, runs, crules)


def _runs_wilds(least: Sequence[int], in_suit: Sequence[int], runs: int,
                crules: ContractRules) -> int:
    """Fewest wilds ``runs`` runs could need, given each suit's least single-run wilds and
    its naturals: buying's runs each take a suit of their own; May I's may share a
    suit, from two decks or more (``_runs_by_suit_need``): ``j`` runs of one suit need
    at least ``j`` times its best single run's wilds, and at least the cards they lack
    (``j`` least runs' worth less the suit's naturals), and each needs naturals of its
    own."""
    if runs == 1:
        return min(least)
    if crules.runs_distinct_suits:
        return sum(sorted(least)[:runs])
    rules = crules.melds
    return _runs_by_suit_need(least, in_suit, runs, rules.min_run,
                              2 if rules.naturals_at_least_wilds else 1)


def _run_shape(rules: MeldRules) -> tuple[int, int, int, int, tuple[int, ...]]:
    """The run shape ``_least_wilds_by_key`` reads (by its code): lowest and highest
    position, longest and least length, where aces stand."""
    return (rules.run_low, rules.run_high, rules.longest_run, rules.min_run,
            rules.ace_values)


def _sets_wilds(totals: Sequence[int], sets: int, crules: ContractRules) -> int:
    """Fewest wilds ``sets`` sets could need, each judged alone from the naturals of each
    rank (``_NONE`` if the ranks cannot make that many sets)."""
    needs = _set_needs(totals, crules.melds.min_set, sets if crules.same_rank_sets else 1)
    return sum(needs[:sets]) if len(needs) >= sets else _NONE


def _set_needs(totals: Sequence[int], least: int, most: int) -> list[int]:
    """Wilds each set could need, fewest first: for each rank with two naturals or
    more, what its first, second … ``most``-th set would add (two sets of one rank,
    where the rules allow them, share its naturals: six threes make two sets with no
    wild at all)."""
    needs = []
    for rank in range(1, 14):
        have = totals[rank]
        for index in range(1, most + 1):
            if have < 2 * index:
                break
            needs.append(max(0, least * index - have) - max(0, least * (index - 1) - have))
    return sorted(needs)


def _least_run_wilds(ranks: int, rules: MeldRules) -> int:
    """Fewest wilds any one run of a suit needs, given the ranks the suit holds as a bit
    mask (bit ``r`` for rank ``r``; ``_NONE`` if no run can be made), read from the filled
    table (``_least_wilds_by_key`` works it out: the best window of the least length)."""
    return _LEAST_RUN_WILDS[_tallying(rules).shape | _PRESENCE[ranks >> 1]]


def remembered_go_down(hand: Sequence[Card], contract: Contract, crules: ContractRules,
                       value: Callable[[Card], int], *,
                       first_found: bool = False) -> tuple[Meld, ...] | None:
    """:func:`best_go_down`, remembered for the last few hands: the legal-move list asks
    again about the same hand within a turn (take-backs, calls, the app and the AI
    asking of one state). The hand as it stands is the key: a state's hand is one tuple
    in one order, so the same state always gets the same answer."""
    return _remembered(tuple(hand), contract, crules, value, first_found)


@lru_cache(maxsize=256)
def _remembered(hand: tuple[Card, ...], contract: Contract, crules: ContractRules,
                value: Callable[[Card], int], first_found: bool) -> tuple[Meld, ...] | None:
    # A proof of existence takes the cards in the hand's order (which go-down it finds
    # may follow the order; the hand's order is part of the state). The best go-down is
    # the same in any order; sorted all the same, so its ties fall one way.
    return best_go_down(hand if first_found else sorted(hand, key=SORT_KEY), contract,
                        crules, value, first_found=first_found)


def _no_value(card: Card) -> int:
    return 0


class _Search:
    def __init__(self, hand: Sequence[Card], contract: Contract, crules: ContractRules,
                 value: Callable[[Card], int], first_found: bool) -> None:
        self.rules: MeldRules = crules.melds
        self.crules = crules
        self.contract = contract
        self.first_found = first_found
        if first_found:
            value = _no_value  # any go-down will do: points do not matter
        naturals = [c for c in hand if not self.rules.is_wild(c)]
        # Costliest wilds first, ties by card, so the answer never depends on hand order.
        self.wilds = sorted((c for c in hand if self.rules.is_wild(c)),
                            key=lambda c: (value(c), c.sort_key()), reverse=True)
        self.wild_values = [value(c) for c in self.wilds]
        self.pool = _Pool(naturals, value)
        self.best: tuple[Meld, ...] | None = None
        self.best_value = -1
        self.done = False
        self.longest = self.rules.longest_run
        """The longest run to try: the rules' own, or the least run (``best_go_down``)."""
        self.touched = False
        """Whether a leaf failed the engine's check (two runs of a suit following on)."""
        self._suit_runs: dict[tuple[object, ...], list[_Run]] = {}

    # --- the search ----------------------------------------------------------------------

    def run(self) -> tuple[Meld, ...] | None:
        """The search proper, for a hand :func:`_surely_short` let through."""
        self._runs([], self.contract.runs, None, len(self.wilds), 0)
        return self.best

    def _runs(self, chosen: list[_Run], left: int, after: tuple[int, int, int] | None,
              wilds: int, so_far: int) -> None:
        if self.done:
            return
        if left == 0:
            self._sets(chosen, wilds)
            return
        if not self._rest_possible(left, after, wilds):
            return
        options: Iterable[_Run] = self._run_options(after, left, wilds)
        loose = all_wilds = after_suit = 0
        if not self.first_found:
            # The best go-down: richest runs first, cut off by a bound on what the rest
            # could still lay (a proof of existence skips both).
            options = sorted(options, key=lambda r: -r.value)
            all_wilds = sum(self.wild_values)
            start = 0 if after is None else after[0]
            loose = so_far + all_wilds + self._rest_bound(left - 1, start)
            after_suit = 1 if self.crules.runs_distinct_suits else 0
        for run in options:
            if not self.first_found and loose + run.value <= self.best_value:
                break  # sorted by value: no later option can do better either
            self._take(run, -1)
            if self.first_found or so_far + run.value + all_wilds + self._rest_bound(
                    left - 1, run.suit + after_suit) > self.best_value:
                chosen.append(run)
                self._runs(chosen, left - 1, (run.suit, run.first, run.last),
                           wilds - run.need, so_far + run.value)
                chosen.pop()
            self._take(run, +1)
            if self.done:
                return

    def _rest_possible(self, runs: int, after: tuple[int, int, int] | None,
                       wilds: int) -> bool:
        """A cheap necessary test, as ``_surely_short`` makes of a whole hand: the
        sets still to lay have ranks with two naturals or more, the ``runs`` still to
        choose (from the suits the canonical order leaves) have spans, and the wilds
        left cover what each needs at least from what is left."""
        sets = self.contract.sets
        need = _sets_wilds(self.pool.totals, sets, self.crules) if sets else 0
        if need > wilds:
            return False
        first = 0 if after is None else after[0] + (1 if self.crules.runs_distinct_suits
                                                     else 0)
        masks = [0, 0, 0, 0]
        in_suit = [0, 0, 0, 0]
        for (suit, rank), count in self.pool.count.items():
            if count and suit >= first:
                masks[suit] |= 1 << rank
                in_suit[suit] += count
        return need + _runs_need(masks, in_suit, runs, self.crules) <= wilds

    def _rest_bound(self, runs: int, from_suit: int) -> int:
        """Most natural points the groups still to choose could lay: ``runs`` runs from
        suits ``from_suit`` on (each takes at most one copy of each rank of its suit) and
        the sets (each takes at most every card of one rank)."""
        pool = self.pool
        layers: list[int] = []
        if runs:
            for suit in range(from_suit, 4):
                depth = 1 if self.crules.runs_distinct_suits else runs
                for layer in range(1, depth + 1):
                    got = sum(pool.value[face] for face, count in pool.count.items()
                              if face[0] == suit and count >= layer)
                    if not got:
                        break
                    layers.append(got)
        sets = self.contract.sets
        if sets:
            points: dict[int, int] = {}
            for (suit, rank), count in pool.count.items():
                points[rank] = points.get(rank, 0) + count * pool.value[(suit, rank)]
            ranked = sorted((v for r, v in points.items() if pool.totals[r] >= 2),
                            reverse=True)
            set_bound = sum(ranked[:sets])
        else:
            set_bound = 0
        return sum(sorted(layers, reverse=True)[:runs]) + set_bound

    def _take(self, run: _Run, sign: int) -> None:
        pool = self.pool
        for position in run.positions:
            rank = _rank_at(position)
            pool.count[(run.suit, rank)] += sign
            pool.totals[rank] += sign

    def _run_options(self, after: tuple[int, int, int] | None, left: int,
                     wilds: int) -> Iterator[_Run]:
        """Runs from the remaining naturals, in canonical order after ``after`` (the
        previous run's suit and span); buying's runs each take a new suit."""
        pool = self.pool
        later_same = left > 1 and not self.crules.runs_distinct_suits
        settable = 0
        if self.contract.sets:
            for rank in range(1, 14):
                if pool.rank_total(rank) >= 2:
                    settable |= 1 << rank
        start = 0 if after is None else after[0] + (1 if self.crules.runs_distinct_suits else 0)
        for suit in range(start, 4):
            counts = tuple(pool.count.get((suit, rank), 0) for rank in range(1, 14))
            key = (suit, counts, later_same, settable, wilds)
            runs = self._suit_runs.get(key)
            if runs is None:
                runs = self._suit_runs[key] = list(
                    self._runs_in_suit(suit, counts, later_same, settable, wilds))
            if after is not None and suit == after[0]:
                yield from (run for run in runs if (run.first, run.last) >= after[1:])
            else:
                yield from runs

    def _runs_in_suit(self, suit: int, counts: tuple[int, ...], later_same: bool,
                      settable: int, wilds: int) -> Iterator[_Run]:
        rules = self.rules
        present = [p for p in range(rules.run_low, rules.run_high + 1)
                   if counts[_rank_at(p) - 1] > 0 and self._natural_at(p)]
        for i, first in enumerate(present):
            for j in range(i + 1, len(present)):
                last = present[j]
                span = last - first + 1
                if span > self.longest:
                    break
                if span - (j - i + 1) > wilds:
                    continue
                yield from self._spans(suit, first, last, present[i + 1:j], later_same,
                                       settable, wilds)

    def _natural_at(self, position: int) -> bool:
        """Whether a natural can stand at this position: an ace only where the rules put
        aces (low, high or both)."""
        return _rank_at(position) != 1 or position in self.rules.ace_values

    def _spans(self, suit: int, first: int, last: int, inner: list[int], later_same: bool,
               settable: int, wilds: int) -> Iterator[_Run]:
        rules, values = self.rules, self.pool.value
        span = last - first + 1
        extend = max(0, rules.min_run - span)
        room = min(self.longest - span, (first - rules.run_low) + (rules.run_high - last))
        if extend > room:
            return
        # An inner natural may be left out only for a later group that could use it.
        optional = [p for p in inner if later_same or (settable >> _rank_at(p)) & 1]
        base_gaps = span - 2 - len(inner)
        for skip_count in range(0, len(optional) + 1):
            gaps = base_gaps + skip_count
            need = gaps + extend
            if need > wilds:
                break
            for skipped in combinations(optional, skip_count):
                used = [first] + [p for p in inner if p not in skipped] + [last]
                naturals = len(used)
                if need > naturals:
                    continue
                cap = min(naturals, gaps + room)
                value = sum(values[(suit, _rank_at(p))] for p in used)
                yield _Run(suit, first, last, tuple(used), need, cap, value)

    def _sets(self, runs: list[_Run], wilds: int) -> None:
        """Choose the sets' ranks from what the runs left, then build and check."""
        count, pool, least = self.contract.sets, self.pool, self.rules.min_set
        if count == 0:
            self._leaf(runs, [])
            return
        ranks = [r for r in range(1, 14) if pool.rank_total(r) >= 2]
        choices: Iterator[tuple[int, ...]]
        if self.crules.same_rank_sets:
            choices = combinations_with_replacement(ranks, count)
        else:
            choices = combinations(ranks, count)
        for combo in choices:
            need = 0
            for rank in set(combo):
                times, have = combo.count(rank), pool.rank_total(rank)
                if have < 2 * times:
                    need = wilds + 1
                    break
                need += max(0, least * times - have)
            if need > wilds:
                continue
            self._leaf(runs, list(combo))
            if self.done:
                return

    # --- building and checking a leaf ------------------------------------------------------

    def _leaf(self, runs: list[_Run], set_ranks: list[int]) -> None:
        avail = {face: list(cards) for face, cards in self.pool.cards.items()}
        run_cards = []
        natural_value = 0
        for run in runs:
            placed = {p: avail[(run.suit, _rank_at(p))].pop() for p in run.positions}
            run_cards.append(placed)
            natural_value += run.value
        groups: list[list[Card]] = []
        for rank in sorted(set(set_ranks)):
            cards = []
            for suit in range(4):
                held = avail.get((suit, rank), [])
                cards += held
                natural_value += len(held) * self.pool.value.get((suit, rank), 0)
            groups += _split(cards, set_ranks.count(rank))
        needs = [run.need for run in runs] + [max(0, self.rules.min_set - len(g))
                                               for g in groups]
        caps = [run.cap for run in runs] + [len(g) for g in groups]
        if sum(needs) > len(self.wilds):
            return
        laid_wilds = min(len(self.wilds), sum(caps))
        if natural_value + sum(self.wild_values[:laid_wilds]) <= self.best_value:
            return
        for melds, used in self._builds(runs, run_cards, groups, needs, caps, laid_wilds):
            if contract_problem(melds, self.contract, self.crules) is None:
                got = natural_value + sum(self.wild_values[:used])
                if got > self.best_value:
                    self.best, self.best_value = melds, got
                if self.first_found:
                    self.done = True
                return
        # Cut to its least, a contract can fail only where two runs of one suit touch,
        # which their longer forms might not: the whole search must then settle it.
        self.touched = True

    def _builds(self, runs: list[_Run], run_cards: list[dict[int, Card]],
                groups: list[list[Card]], needs: list[int], caps: list[int],
                laid: int) -> Iterator[tuple[tuple[Meld, ...], int]]:
        """Real melds for a leaf, most wilds first. Only same-suit runs (May I) can clash
        (touching), and then every share of the wilds and end for them is tried."""
        suits = [run.suit for run in runs]
        clash = len(set(suits)) < len(suits)
        for total in range(laid, sum(needs) - 1, -1):
            for shares in _shares(needs, caps, total, len(runs), exhaustive=clash):
                yield from self._placed(runs, run_cards, groups, shares, total, clash)
            if not clash:
                return

    def _placed(self, runs: list[_Run], run_cards: list[dict[int, Card]],
                groups: list[list[Card]], shares: list[int], total: int,
                clash: bool) -> Iterator[tuple[tuple[Meld, ...], int]]:
        rules = self.rules
        splits_per_run = []
        for run, share in zip(runs, shares):
            extra = share - (run.last - run.first + 1 - len(run.positions))
            options = []
            for above in range(min(rules.run_high - run.last, extra), -1, -1):
                if extra - above <= run.first - rules.run_low:
                    options.append((extra - above, above))
                    if not clash:
                        break
            splits_per_run.append(options)
        for splits in product(*splits_per_run):
            wilds = list(self.wilds[:total])
            sets = [Meld(MeldKind.SET, tuple(group) + tuple(wilds.pop() for _ in range(share)))
                    for group, share in zip(groups, shares[len(runs):])]
            laid_runs = [Meld(MeldKind.RUN, _lay(run, cards, below, above, wilds))
                         for run, cards, (below, above) in zip(runs, run_cards, splits)]
            yield tuple(sets + laid_runs), total


def _split(cards: list[Card], times: int) -> list[list[Card]]:
    """Share the naturals of one rank among ``times`` sets, as evenly as possible (the
    fewest wilds needed when they fall short of ``least`` each)."""
    parts: list[list[Card]] = [[] for _ in range(times)]
    for index, card in enumerate(cards):
        parts[index % times].append(card)
    return parts


def _shares(needs: list[int], caps: list[int], total: int, runs: int,
            exhaustive: bool) -> Iterator[list[int]]:
    """Ways to give ``total`` wilds to the groups, each between its need and its cap.
    Extra wilds go to sets first (they take any number), then to runs."""
    extra = total - sum(needs)
    if not exhaustive:
        shares = list(needs)
        order = list(range(runs, len(needs))) + list(range(runs))
        for index in order:
            give = min(extra, caps[index] - shares[index])
            shares[index] += give
            extra -= give
        if extra == 0:
            yield shares
        return
    ranges = [range(n, c + 1) for n, c in zip(needs, caps)]
    for shares_t in product(*ranges):
        if sum(shares_t) == total:
            yield list(shares_t)


def _lay(run: _Run, cards: dict[int, Card], below: int, above: int,
         wilds: list[Card]) -> tuple[Card, ...]:
    laid: list[Card] = []
    for position in range(run.first - below, run.last + above + 1):
        laid.append(cards[position] if position in cards else wilds.pop())
    return tuple(laid)
