"""Five Crowns' arrangement search and Normal's decisions as they were before the
rollouts were made faster (commit 3ce655a): the reference the faster code must agree with,
move for move. Nothing here is cached or shared between calls, so each answer is worked out
afresh."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from cardtable.ai.five_crowns_bot import (
    CYCLE_BREAK,
    FINAL_TAKE_GAIN,
    LINK_WEIGHT,
    TAKE_GAIN,
    WILD_LINK_WEIGHT,
)
from cardtable.ai.five_crowns_search import FINAL_SHARE, ROUND_POINTS
from cardtable.engine import Card, Discard, Draw, LayDown
from cardtable.engine.actions import DRAW_DISCARD, DRAW_STOCK
from cardtable.engine.cards import SORT_KEY
from cardtable.engine.five_crowns import FiveCrownsState, Phase, meld_rules, points_function
from cardtable.engine.going_out import goes_out
from cardtable.engine.melds import Meld, MeldKind, MeldRules, order_run

_NEG = -(1 << 30)
_ENOUGH = 2
"""Room for spare wilds that takes them all: a set, or two places left in runs (one or
two spare wilds fill it; three or more make their own all-wild book)."""
_LOOSE, _THROWN = -1, -2  # the memo's choices besides the full mask of a core


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
    as when going out or ending a final turn. Ties prefer discarding a natural (a
    discarded wild is a gift to the next player), then the costlier card.
    """
    if rules.naturals_at_least_wilds or rules.aces_wild_in_suit:
        raise ValueError("best_arrangement covers Five Crowns-style wilds only")
    kept = set(keep)
    naturals = sorted((c for c in hand if not rules.is_wild(c)), key=SORT_KEY)
    wilds = sorted((c for c in hand if rules.is_wild(c)), key=value, reverse=True)
    search = _Search(naturals, value, kept, len(wilds), rules.longest_run)
    full = (1 << len(naturals)) - 1
    options: list[Arrangement] = []

    def consider(need_discard: bool, thrown_wild: Card | None) -> None:
        pool = [w for w in wilds if w != thrown_wild]
        found = search.arrange(full, [value(w) for w in pool], need_discard)
        if found is not None:
            options.append(_build(search, found, pool, thrown_wild, rules, value))

    if discard:
        consider(True, None)
        throwable = [w for w in wilds if w not in kept]
        if throwable:  # the costliest wild: any other would leave a costlier one in hand
            consider(False, throwable[0])
    else:
        consider(False, None)
    def preference(a: Arrangement) -> tuple[int, bool, int]:
        thrown = a.discard
        return (a.penalty, thrown is not None and rules.is_wild(thrown),
                -(value(thrown) if thrown is not None else 0))

    return min(options, key=preference)


class _Search:
    """Memoised search over the naturals of one hand.

    ``best`` solves a relaxation that lays every spare wild somewhere, so its score
    bounds every arrangement's from above, and an answer of it that does lay every
    wild is the best one — as in almost every hand (a set, or runs with room for two
    more wilds, take any spare wilds). Only when its answer leaves wilds in hand (no
    core at all, or only full runs) does ``tight`` search again, carrying the room and
    pricing the wilds left; it hands over to ``best`` (and its memo) as soon as the
    room is enough.
    """

    def __init__(self, naturals: list[Card], value: Callable[[Card], int],
                 kept: set[Card], max_wilds: int, longest_run: int) -> None:
        self.cards = naturals
        self.values = [value(c) for c in naturals]
        self.keep_mask = sum(1 << i for i, c in enumerate(naturals) if c in kept)
        self.ranks = [int(c.rank) for c in naturals]
        self.short_room: dict[int, int] = {}  # run cores with room for under two wilds
        # Every core each card can lead, cheapest first: (full mask, others' mask, value, cost).
        self.led = [self._cores_led_by(i, max_wilds, longest_run)
                    for i in range(len(naturals))]
        self.memo: dict[int, tuple[int, int]] = {}
        self.tight_memo: dict[int, tuple[int, int]] = {}
        self.shift = max(4, max_wilds.bit_length())
        self.loss: list[int] = []  # points of the cheapest 0, 1, 2 wilds left in hand
        self.best, self.tight = self._searchers()

    def arrange(self, mask: int, wild_values: list[int],
                need_discard: bool) -> tuple[list[tuple[int, int]], Card | None] | None:
        """The least-penalty choice of cores (mask, wilds) and discarded natural, with
        these wilds; ``None`` if no natural can be the discard."""
        w = len(wild_values)
        if self.best(mask, w, need_discard) < _NEG // 2:
            return None
        chosen, thrown, left = self._walk(mask, w, need_discard, exact=False)
        if left:
            self._price_wilds(wild_values)
            self.tight(mask, w, need_discard, 0)
            chosen, thrown, _ = self._walk(mask, w, need_discard, exact=True)
        return chosen, thrown

    def _price_wilds(self, values: list[int]) -> None:
        """Price the wilds that may stay in hand: the cheapest one or two of these.

        The tight memo is kept when every state these wilds can reach is priced as
        before (it is not only when a kept wild changes which wilds remain)."""
        cheapest = sorted(values)
        loss = [sum(cheapest[:k]) for k in range(min(_ENOUGH, len(values)) + 1)]
        if self.loss[:len(loss)] != loss:
            self.tight_memo.clear()
        self.loss[:] = loss

    def _cores_led_by(self, i: int, max_wilds: int,
                      longest_run: int) -> list[tuple[int, int, int, int]]:
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
        # A run spanning s ≥ 3 ranks has room for (longest run − s) more wilds.
        full_span = longest_run - _ENOUGH
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
                    if rank_j - lead_rank >= full_span:
                        self.short_room[others | bit | lead_bit] = \
                            longest_run - 1 - rank_j + lead_rank
        cores.sort(key=_cost)
        return cores

    def _searchers(self) -> tuple[Callable[[int, int, bool], int],
                                  Callable[[int, int, bool, int], int]]:
        """The two recursive searches as closures: ``best`` runs some hundred times per
        hand, and its tables read faster as closure cells than as attributes."""
        memo, tight_memo, led_by, short_room = self.memo, self.tight_memo, self.led, \
            self.short_room
        values, loss, keep_mask, shift = self.values, self.loss, self.keep_mask, self.shift

        def best(mask: int, w: int, need_discard: bool) -> int:
            """Most natural points covered (plus the discard's), or a large negative, if
            every spare wild is laid."""
            if mask == 0:
                return _NEG if need_discard else 0
            key = (mask << shift | w) << 1 | need_discard
            hit = memo.get(key)
            if hit is not None:
                return hit[0]
            i = (mask & -mask).bit_length() - 1
            rest = mask & ~(1 << i)
            led = led_by[i]
            if not need_discard and (not led or led[0][3] > w):
                got = best(rest, w, False)  # card i can only be deadwood
                memo[key] = (got, _LOOSE)
                return got
            most = best(rest, w, need_discard)
            choice = _LOOSE  # or _THROWN, or the full mask of the chosen core
            if need_discard and not (keep_mask >> i) & 1:
                got = values[i] + best(rest, w, False)
                if got > most:
                    most, choice = got, _THROWN
            for full, others, core_value, core_cost in led:
                if core_cost > w:
                    break
                if others & rest == others:
                    got = core_value + best(rest & ~others, w - core_cost, need_discard)
                    if got > most:
                        most, choice = got, full
            memo[key] = (most, choice)
            return most

        def tight(mask: int, w: int, need_discard: bool, room: int) -> int:
            """``best`` less the wilds left in hand, while the cores so far take only
            ``room`` spare wilds."""
            if room >= w or room >= _ENOUGH:
                return best(mask, w, need_discard)  # the wilds left only shrink
            if mask == 0:
                if need_discard:
                    return _NEG
                return 0 if w >= 3 else -loss[w - room]  # three make an all-wild book
            key = ((mask << shift | w) << 2 | room << 1) | need_discard
            hit = tight_memo.get(key)
            if hit is not None:
                return hit[0]
            i = (mask & -mask).bit_length() - 1
            rest = mask & ~(1 << i)
            most = tight(rest, w, need_discard, room)
            choice = _LOOSE
            if need_discard and not (keep_mask >> i) & 1:
                got = values[i] + tight(rest, w, False, room)
                if got > most:
                    most, choice = got, _THROWN
            for full, others, core_value, core_cost in led_by[i]:
                if core_cost > w:
                    break
                if others & rest == others:
                    got = core_value + tight(rest & ~others, w - core_cost, need_discard,
                                             room + short_room.get(full, _ENOUGH))
                    if got > most:
                        most, choice = got, full
            tight_memo[key] = (most, choice)
            return most

        return best, tight

    def _walk(self, mask: int, w: int, need_discard: bool,
              exact: bool) -> tuple[list[tuple[int, int]], Card | None, int]:
        """Walk a memo back: the chosen cores (mask, wilds), the discarded natural, and
        how many spare wilds find no place."""
        chosen: list[tuple[int, int]] = []
        thrown: Card | None = None
        room, shift = 0, self.shift
        while mask:
            if exact and room < w and room < _ENOUGH:  # a state ``tight`` kept
                choice = self.tight_memo[((mask << shift | w) << 2 | room << 1)
                                         | need_discard][1]
            else:
                choice = self.memo[(mask << shift | w) << 1 | need_discard][1]
            i = (mask & -mask).bit_length() - 1
            if choice == _LOOSE:
                mask &= ~(1 << i)
            elif choice == _THROWN:
                thrown = self.cards[i]
                mask &= ~(1 << i)
                need_discard = False
            else:
                cost = next(core[3] for core in self.led[i] if core[0] == choice)
                chosen.append((choice, cost))
                mask &= ~choice
                w -= cost
                room += self.short_room.get(choice, _ENOUGH)
        left = 0 if w >= 3 or room >= w else w - room
        return chosen, thrown, left


def _build(search: _Search, found: tuple[list[tuple[int, int]], Card | None],
           wilds: list[Card], thrown_wild: Card | None, rules: MeldRules,
           value: Callable[[Card], int]) -> Arrangement:
    """The arrangement the search found: its cores filled with the costliest wilds."""
    chosen, thrown = found
    if thrown_wild is not None:
        thrown = thrown_wild
    spare = list(wilds)
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
    spare = _lay_spare_wilds(melds, spare, rules)
    dead = [c for i, c in enumerate(search.cards)
            if not (used >> i) & 1 and c != thrown] + spare
    return Arrangement(tuple(melds), tuple(dead), thrown, sum(value(c) for c in dead))


def _lay_spare_wilds(melds: list[Meld], spare: list[Card], rules: MeldRules) -> list[Card]:
    """Lay the wilds no core needs, as the search priced them; returns those left in hand.

    A set takes any number; three or more make their own all-wild book (FC-A5); one or
    two fill the runs' room (eleven cards at most, FC-A4), costliest first."""
    if not spare:
        return spare
    for index, meld in enumerate(melds):
        if meld.kind is MeldKind.SET:
            melds[index] = Meld(MeldKind.SET, meld.cards + tuple(spare))
            return []
    if len(spare) >= 3:
        melds.append(Meld(MeldKind.SET, tuple(spare)))
        return []
    for index, meld in enumerate(melds):
        while spare:
            longer = order_run(meld.cards + (spare[0],), rules)
            if longer is None:
                break
            meld = melds[index] = Meld(MeldKind.RUN, longer)
            spare.pop(0)
    return spare

def arrange_hand(hand: tuple[Card, ...] | list[Card], round_number: int,
                 discard: bool = False) -> Arrangement:
    return best_arrangement(tuple(sorted(hand, key=SORT_KEY)), meld_rules(round_number),
                            points_function(round_number), discard=discard)


# --- Normal's decisions (five_crowns_bot) ----------------------------------------------

def potential(loose: Iterable[Card], round_number: int) -> float:
    """Points forgiven for loose cards that are one card away from a meld: another of
    its rank, or of its suit a rank or two away (else, with a wild among them, a
    smaller share). The rollouts ask this for every card they weigh throwing, so the
    links are looked up, not searched pairwise; every term is a multiple of a quarter,
    so the sum is exact in any order."""
    rules = meld_rules(round_number)
    points = points_function(round_number)
    cards = list(loose)
    naturals = [card for card in cards if not rules.is_wild(card)]
    has_wild = len(naturals) < len(cards)
    ranks: dict[int, int] = {}
    present: set[tuple[object, int]] = set()
    for card in naturals:
        rank = card.rank._value_
        ranks[rank] = ranks.get(rank, 0) + 1
        present.add((card.suit, rank))
    bonus = 0.0
    for card in naturals:
        rank, suit = card.rank._value_, card.suit
        if ranks[rank] > 1 or (suit, rank - 1) in present or (suit, rank + 1) in present \
                or (suit, rank - 2) in present or (suit, rank + 2) in present:
            bonus += LINK_WEIGHT * points(card)
        elif has_wild:
            bonus += WILD_LINK_WEIGHT * points(card)
    return bonus


def hand_score(hand: Iterable[Card], round_number: int) -> float:
    """Penalty the hand would score now, less the promise of its loose cards."""
    arrangement = arrange_hand(tuple(hand), round_number)
    return arrangement.penalty - potential(arrangement.deadwood, round_number)


def plan_discard(hand: tuple[Card, ...], round_number: int,
                 keep: tuple[Card, ...] = ()) -> tuple[float, Card, LayDown | None]:
    """The best card to discard from ``hand`` (never one in ``keep``): its score after the
    discard, the card, and the lay-down that goes with it when melds exist."""
    points = points_function(round_number)
    if keep:
        best = best_arrangement(hand, meld_rules(round_number), points, discard=True,
                                keep=keep)
    else:
        best = arrange_hand(hand, round_number, discard=True)
    assert best.discard is not None
    loose = list(best.deadwood) + [best.discard]
    total = sum(points(card) for card in loose)
    rules = meld_rules(round_number)
    # A wild is never thrown while a natural can go: it costs points only if the round
    # ends before it finds a meld, and it would hand the next player a free wild.
    throwable = [card for card in loose if card not in keep and not rules.is_wild(card)]
    if not throwable:
        throwable = [card for card in hand if card not in keep and not rules.is_wild(card)]
    if not throwable:
        throwable = [card for card in loose if card not in keep]
    choice: tuple[float, int, Card] | None = None
    seen: set[str] = set()
    for card in throwable:
        if card.face in seen:
            continue
        seen.add(card.face)
        rest = [other for other in loose if other != card]
        score = total - points(card) - potential(rest, round_number)
        if card not in loose:  # breaking a meld: its other cards become loose again
            score = hand_score([other for other in hand if other != card], round_number)
        key = (score, -points(card), card)
        if choice is None or key[:2] < choice[:2]:
            choice = key
    assert choice is not None
    score, _, card = choice
    melds = best.melds
    lay_down = LayDown(melds, card) if melds else None
    return score, card, lay_down


def choose_draw(hand: tuple[Card, ...], round_number: int, top: Card | None,
                final_turn: bool, stock_open: bool, rng: random.Random) -> Draw:
    """The pile to draw from (``stock_open``: the stock, or a pile to rebuild it from)."""
    stock, discard = DRAW_STOCK, DRAW_DISCARD
    if top is None:
        return stock
    if not stock_open or meld_rules(round_number).is_wild(top):
        return discard
    with_top = hand + (top,)
    # The going-out test is exact (it agrees with the arrangement: test_going_out.py)
    # and far cheaper; a draw from the stock never needs this hand's arrangement.
    if not final_turn and goes_out(with_top, meld_rules(round_number)):
        return discard
    score_with, _, _ = plan_discard(with_top, round_number, keep=(top,))
    gain = hand_score(hand, round_number) - score_with
    if gain < (FINAL_TAKE_GAIN if final_turn else TAKE_GAIN):
        return stock
    # Two bots can trade the same cards back and forth for ever; a blind draw now and
    # then, when the gain is modest, breaks any such cycle.
    if not final_turn and gain < 2 * TAKE_GAIN + 4 and rng.random() < CYCLE_BREAK:
        return stock
    return discard


def finish_turn(hand: tuple[Card, ...], round_number: int, final_turn: bool,
                may_go_out: bool) -> Discard | LayDown:
    """The end of a turn: going out when the hand does and ``may_go_out`` (the rules
    allow it this turn), else the card to throw; in a final turn the lay-down that
    leaves the fewest points."""
    best = arrange_hand(hand, round_number, discard=True)
    if final_turn or (best.goes_out and may_go_out):
        # Going out, or the final turn: the fewest points left is all that counts.
        assert best.discard is not None
        if best.melds:
            return LayDown(best.melds, best.discard)
        return Discard(best.discard)
    _, card, _ = plan_discard(hand, round_number)
    return Discard(card)


# --- the leaf (five_crowns_search) ----------------------------------------------------

def hand_reading(hand: tuple[Card, ...], round_number: int,
                 discard: bool = False) -> tuple[int, int]:
    """What a hand is worth as the leaf reads it: the penalty its best arrangement
    leaves, and how many loose cards that is (with ``discard``: after the best throw)."""
    best = arrange_hand(hand, round_number, discard=discard)
    return best.penalty, len(best.deadwood)


def expected_points(state: FiveCrownsState) -> list[float]:
    """Each seat's expected points at the end of the round in play."""
    seats, round_number = state.seats, state.round

    def reading(seat: int) -> tuple[int, int]:
        return hand_reading(state.hands[seat], round_number,
                            state.phase is Phase.DISCARD and seat == state.current)

    if state.out_seat is not None:  # final turns: a hand played out scores as it stands
        points = points_function(round_number)
        return [FINAL_SHARE * reading(seat)[0] if seat in state.final_pending
                else float(sum(points(card) for card in hand))
                for seat, hand in enumerate(state.hands)]
    readings = [reading(seat) for seat in range(seats)]
    constant, per_penalty, per_loose, per_nearest, per_both, per_wait = ROUND_POINTS
    expected = []
    for seat, (penalty, loose) in enumerate(readings):
        nearest = min(reading[1] for other, reading in enumerate(readings) if other != seat)
        wait = (seat - state.current) % seats
        expected.append(max(0.0, constant + per_penalty * penalty + per_loose * loose
                            + per_nearest * nearest + per_both * penalty * nearest
                            + per_wait * wait))
    return expected
