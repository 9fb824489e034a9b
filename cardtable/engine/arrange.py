"""The least-penalty arrangement of a rummy hand into melds (an exact search).

Used by going out, final-turn lay-downs, "Arrange for me" and the AI. The search covers
the wild model of Five Crowns: any number of wilds in a meld, all-wild melds allowed,
wilds free of suit (RULES.md §6.2). Contract rummy (naturals ≥ wilds) and Monastery's
missions bring their own checks on top of ``melds``.

How it works: wilds are interchangeable, so a meld is a *core* of natural cards plus the
wilds that fill it: a set of k naturals needs max(0, 3 − k) wilds, a run of k naturals
spanning s ranks needs (s − k) gap wilds plus max(0, 3 − s) to reach three cards. Once
one core is down, every spare wild can join it. The search takes the first uncovered
natural (cards sorted by suit, then rank), which must be either deadwood, the discard,
the lowest card of a run core, or in a set core with later cards of its rank; it
memoises on (cards left, wilds left, flags), so it is exact — a greedy pass is not
(RULES.md FC examples). ``discard=True`` also chooses the best card to throw away.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .cards import Card
from .melds import Meld, MeldKind, MeldRules, order_run

_NEG = -(1 << 30)


def _cost(core: tuple[int, int, int, int]) -> int:
    return core[3]


@dataclass(frozen=True, slots=True)
class Arrangement:
    """Melds to lay down, the cards left over, and (when asked) the card to discard."""

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    discard: Card | None
    penalty: int

    @property
    def goes_out(self) -> bool:
        return not self.deadwood


def best_arrangement(hand: Sequence[Card], rules: MeldRules, value: Callable[[Card], int],
                     *, discard: bool = False,
                     keep: Iterable[Card] = ()) -> Arrangement:
    """The arrangement of ``hand`` that leaves the fewest penalty points.

    With ``discard`` one card (never one in ``keep``) is set aside as the discard first,
    as when going out or ending a final turn. Ties prefer discarding the costlier card.
    """
    if rules.naturals_at_least_wilds or rules.aces_wild_in_suit:
        raise ValueError("best_arrangement covers Five Crowns-style wilds only")
    kept = set(keep)
    naturals = sorted((c for c in hand if not rules.is_wild(c)), key=Card.sort_key)
    wilds = sorted((c for c in hand if rules.is_wild(c)), key=value, reverse=True)
    search = _Search(naturals, value, kept, len(wilds))
    full = (1 << len(naturals)) - 1
    options: list[Arrangement] = []

    def consider(n_wilds: int, need_discard: bool, thrown_wild: Card | None) -> None:
        # With at least one natural core every wild is used; without one, the wilds stay
        # in hand unless there are three or more of them to make an all-wild meld.
        # The best score with no constraint has a core whenever any arrangement with a
        # core exists (a core only adds points), so one search serves both cases.
        if search.best(full, n_wilds, need_discard) > _NEG // 2:
            built = _build(search, full, n_wilds, need_discard, wilds, thrown_wild, rules, value)
            if built.melds:
                options.append(built)
        loose = list(naturals)
        thrown: Card | None = thrown_wild
        if need_discard:
            candidates = [c for c in loose if c not in kept]
            if not candidates:
                return
            thrown = max(candidates, key=value)
            loose.remove(thrown)
        spare = [w for w in wilds if w != thrown_wild]
        melds: tuple[Meld, ...] = ()
        if len(spare) >= 3:
            melds, spare = (Meld(MeldKind.SET, tuple(spare)),), []
        dead = tuple(loose) + tuple(spare)
        options.append(Arrangement(melds, dead, thrown, sum(value(c) for c in dead)))

    if discard:
        consider(len(wilds), True, None)
        throwable = [w for w in wilds if w not in kept]
        if throwable:
            consider(len(wilds) - 1, False, throwable[0])
    else:
        consider(len(wilds), False, None)
    return min(options, key=lambda a: (a.penalty, -(value(a.discard) if a.discard else 0)))


class _Search:
    """Memoised search over the naturals of one hand."""

    def __init__(self, naturals: list[Card], value: Callable[[Card], int],
                 kept: set[Card], max_wilds: int) -> None:
        self.cards = naturals
        self.values = [value(c) for c in naturals]
        self.keep_mask = sum(1 << i for i, c in enumerate(naturals) if c in kept)
        # Every core each card can lead, cheapest first: (full mask, others' mask, value, cost).
        self.ranks = [int(c.rank) for c in naturals]
        self.led = [self._cores_led_by(i, max_wilds) for i in range(len(naturals))]
        self.memo: dict[int, tuple[int, int, int]] = {}

    def _cores_led_by(self, i: int, max_wilds: int) -> list[tuple[int, int, int, int]]:
        cards, values, rank = self.cards, self.values, self.ranks
        lead_bit, lead_rank, lead_suit = 1 << i, rank[i], cards[i].suit
        n = len(cards)
        # Sets: card i with any subset of the later cards of its rank.
        cores: list[tuple[int, int, int, int]] = []
        if max_wilds >= 2:
            cores.append((lead_bit, 0, values[i], 2))
        partial = [(0, values[i], 0)]  # (others, value, size beyond the lead)
        for j in range(i + 1, n):
            if rank[j] == lead_rank:
                bit, value = 1 << j, values[j]
                grown = [(others | bit, total + value, size + 1)
                         for others, total, size in partial]
                partial += grown
                for others, total, size in grown:
                    need = 1 if size == 1 else 0
                    if need <= max_wilds:
                        cores.append((others | lead_bit, others, total, need))
        # Runs led by card i: one card per higher rank of its suit; wilds fill the gaps.
        # Grown breadth-first: each partial run is (last rank, others' mask, value, gaps).
        runs = [(lead_rank, 0, values[i], 0)]
        for j in range(i + 1, n):
            if cards[j].suit is not lead_suit or rank[j] == lead_rank:
                continue
            rank_j, bit, value = rank[j], 1 << j, values[j]
            for last, others, total, gaps in list(runs):
                if rank_j <= last:
                    continue
                gap = gaps + rank_j - last - 1
                if gap > max_wilds:
                    continue
                need = gap + (lead_rank + 3 - 1 - rank_j if rank_j - lead_rank < 2 else 0)
                runs.append((rank_j, others | bit, total + value, gap))
                if need <= max_wilds:
                    cores.append((others | bit | lead_bit, others | bit, total + value, need))
        cores.sort(key=_cost)
        return cores

    def best(self, mask: int, w: int, need_discard: bool) -> int:
        """Most natural points covered (plus the discard's), or a large negative."""
        if mask == 0:
            return _NEG if need_discard else 0
        key = (mask << 5) | (w << 1) | need_discard
        hit = self.memo.get(key)
        if hit is not None:
            return hit[0]
        i = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << i)
        led = self.led[i]
        if not need_discard and (not led or led[0][3] > w):
            best = self.best(rest, w, False)  # card i can only be deadwood
            self.memo[key] = (best, 0, 0)
            return best
        best = self.best(rest, w, need_discard)
        choice, cost = 0, 0  # 0: deadwood; -1: discard; otherwise the core's mask
        if need_discard and not (self.keep_mask >> i) & 1:
            got = self.values[i] + self.best(rest, w, False)
            if got > best:
                best, choice = got, -1
        for full, others, core_value, core_cost in led:
            if core_cost > w:
                break
            if others & rest == others:
                got = core_value + self.best(rest & ~others, w - core_cost, need_discard)
                if got > best:
                    best, choice, cost = got, full, core_cost
        self.memo[key] = (best, choice, cost)
        return best

    def cores(self, mask: int, w: int,
              need_discard: bool) -> tuple[list[tuple[int, int]], Card | None]:
        """Walk the memo back: the chosen cores (mask, wilds) and the discarded natural."""
        chosen: list[tuple[int, int]] = []
        thrown: Card | None = None
        while mask:
            self.best(mask, w, need_discard)
            _, choice, cost = self.memo[(mask << 5) | (w << 1) | need_discard]
            i = (mask & -mask).bit_length() - 1
            if choice == 0:
                mask &= ~(1 << i)
            elif choice == -1:
                thrown = self.cards[i]
                mask &= ~(1 << i)
                need_discard = False
            else:
                chosen.append((choice, cost))
                mask &= ~choice
                w -= cost
        return chosen, thrown


def _build(search: _Search, mask: int, w: int, need_discard: bool, wilds: list[Card],
           thrown_wild: Card | None, rules: MeldRules,
           value: Callable[[Card], int]) -> Arrangement:
    chosen, thrown = search.cores(mask, w, need_discard)
    if thrown_wild is not None:
        thrown = thrown_wild
    spare = [c for c in wilds if c != thrown_wild]
    used = 0
    melds: list[Meld] = []
    for core_mask, cost in chosen:
        cards = [search.cards[i] for i in range(len(search.cards)) if (core_mask >> i) & 1]
        filler = spare[:cost]
        spare = spare[cost:]
        used |= core_mask
        if len({c.rank for c in cards}) == 1:  # set cores share a rank, run cores never
            melds.append(Meld(MeldKind.SET, tuple(cards + filler)))
        else:
            laid = order_run(cards + filler, rules)
            assert laid is not None, cards
            melds.append(Meld(MeldKind.RUN, laid))
    # Spare wilds join a set if there is one, else extend runs while they have room.
    while spare:
        for index, meld in enumerate(melds):
            if meld.kind is MeldKind.SET:
                melds[index] = Meld(MeldKind.SET, meld.cards + tuple(spare))
                spare = []
                break
        else:
            for index, meld in enumerate(melds):
                longer = order_run(meld.cards + (spare[0],), rules)
                if longer is not None:
                    melds[index] = Meld(MeldKind.RUN, longer)
                    spare.pop(0)
                    break
            else:
                break
    dead = [c for i, c in enumerate(search.cards)
            if not (used >> i) & 1 and c != thrown] + spare
    return Arrangement(tuple(melds), tuple(dead), thrown, sum(value(c) for c in dead))

