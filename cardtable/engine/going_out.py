"""Can a Five Crowns hand go out? A fast exact yes/no (RULES.md §6.2, FC-A5, FC-A7).

Going out asks much less than the least-penalty arrangement: every natural but at most
one (the discard) must be in a book or run, and every wild must be laid or be the
discard. So the lowest natural not yet placed is either the discard or leads a group
core — it can never be left over — and the search stops at the first proof. Wilds are
interchangeable, so a core is its naturals plus the wilds that fill it; spare wilds
then join a book, fill a run's room, or make an all-wild group of three or more.

The legal-move list asks this on every discard decision; the full arrangement
(:mod:`arrange`) is searched only for hands that can go out.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from .cards import SORT_KEY, Card
from .data import LazyTable
from .melds import Meld, MeldKind, MeldRules, meld_problem, order_run


def goes_out(hand: Sequence[Card], rules: MeldRules) -> bool:
    """Whether all but one card of the hand can be laid in books and runs under the
    round's meld rules (Five Crowns': any number of wilds, all-wild groups allowed)."""
    wild_ranks = rules._wild
    # Each natural's (suit, rank, copy), as the card keeps it for sorting.
    naturals = [key for card in hand if (key := card._sort)[1] not in wild_ranks]
    wilds = len(hand) - len(naturals)
    if _wilds_short(naturals, wilds):
        return False
    naturals.sort()
    return _search(tuple([key[:2] for key in naturals]), wilds,
                   rules.longest_run) is not None


def going_out_melds(hand: Sequence[Card],
                    rules: MeldRules) -> tuple[tuple[Meld, ...], Card] | None:
    """Melds and a discard that take the whole hand out, or ``None`` if it cannot go
    out. Any will do (going out scores nothing, whichever way it is laid), so this is
    the going-out search's own proof, built into melds: much cheaper than the
    least-penalty arrangement, which also weighs every other discard. (The search is
    the one ``goes_out`` ran, kept by faces: asked after it, it is not run again.)"""
    naturals = sorted((c for c in hand if not rules.is_wild(c)), key=SORT_KEY)
    wilds = [c for c in hand if rules.is_wild(c)]
    faces = tuple((c._sort[0], c.rank._value_) for c in naturals)
    path = _search(faces, len(wilds), rules.longest_run)
    if path is None:
        return None
    discard: Card | None = None
    sets: list[list[Card]] = []
    runs: list[list[Card]] = []
    for i, others, need, is_set in path:
        if others == -1:
            discard = naturals[i]
            continue
        cards = [naturals[i]] + [naturals[j] for j in range(len(naturals)) if others >> j & 1]
        cards += [wilds.pop() for _ in range(need)]
        (sets if is_set else runs).append(cards)
    if discard is None:
        discard = wilds.pop()  # the search left a wild to throw
    if wilds:  # spare wilds: into a book, a book of their own, or the runs' room
        if sets:
            sets[0] += wilds
        elif len(wilds) >= 3:
            sets.append(wilds)
        else:
            for wild in wilds:
                run = next((r for r in runs if order_run(r + [wild], rules) is not None),
                           None)
                if run is None:
                    return None
                run.append(wild)
    melds = [Meld(MeldKind.SET, tuple(cards)) for cards in sets]
    for cards in runs:
        ordered = order_run(cards, rules)
        if ordered is None:
            return None
        melds.append(Meld(MeldKind.RUN, ordered))
    return tuple(melds), discard


def _wilds_short(faces: Sequence[tuple[int, int, int]], wilds: int) -> bool:
    """Whether the wilds are surely too few, without a search: most hands that cannot go
    out are refused here.

    A natural's group holds no more naturals than the best group it could be in: a
    book of its rank, or a run of its suit whose gaps the wilds could fill. Where that
    is one natural (a *loner*) the group needs two wilds of its own; where it is two (a
    *pair* card), one wild shared by at most two such cards. Every natural but the
    discard is laid, and a wild thrown is a wild less for the groups."""
    seen = twice = thrice = 0  # ranks held once or more, twice or more, three times
    held = doubled = 0  # faces held, faces held twice: bit ``suit * 16 + rank``
    for suit, rank, _ in faces:
        bit = 1 << rank
        thrice |= twice & bit
        twice |= seen & bit
        seen |= bit
        face = bit << (suit << 4)
        doubled |= held & face
        held |= face
    runs = _RUN_REACH
    reach = min(wilds, _ALL_IN_REACH) << 16
    loners = pairs = 0
    free = False
    while held:
        in_suit = held & 0xFFFF
        if in_suit:
            free_runs, pair_runs = runs[reach | in_suit]
            free_here = (free_runs | thrice) & in_suit
            pair_here = (pair_runs | twice) & in_suit & ~free_here
            free = free or bool(free_here)
            pairs += pair_here.bit_count() + (pair_here & doubled).bit_count()
            loners += (in_suit & ~free_here & ~pair_here).bit_count()
        held >>= 16
        doubled >>= 16
    need = 2 * loners + (pairs + 1) // 2
    return not ((loners and need - 2 <= wilds)  # throw a loner
                or (pairs and 2 * loners + pairs // 2 <= wilds)  # throw a pair card
                or (free and need <= wilds)  # throw a natural that has a full group
                or need <= wilds - 1)  # throw a wild


_ALL_IN_REACH = 11
"""With this many wilds any two ranks of a suit (3 … K) are near enough to share a run."""


def _run_reach(key: int) -> tuple[int, int]:
    """For a suit's set of ranks (a bit mask, the low 16 bits of ``key``) and a count of
    wilds (the bits above): the ranks that could share a run with two others of the
    suit (three in a window the wilds can fill), and those that could share one with one
    other (another rank near enough for the wilds to bridge)."""
    mask, wilds = key & 0xFFFF, key >> 16
    near = 0
    for distance in range(1, wilds + 2):
        near |= mask << distance | mask >> distance
    window = (1 << (wilds + 3)) - 1  # three naturals and the wilds in their gaps
    free = 0
    for low in range(-wilds - 2, 16):
        inside = mask & (window << low if low >= 0 else window >> -low)
        if inside.bit_count() >= 3:
            free |= inside
    return free, mask & near


_RUN_REACH = LazyTable(_run_reach, (_ALL_IN_REACH + 1) << 14)
"""``_run_reach`` by key (ranks 3 … K: masks under 2**14)."""


_Step = tuple[int, int, int, bool]
"""One choice of the search: (card ``i``, the mask of the others in its core or -1 when
``i`` is the discard, the wilds the core needs, whether the core is a book)."""


@lru_cache(maxsize=8192)
def _search(faces: tuple[tuple[int, int], ...], wilds: int,
            longest: int) -> tuple[_Step, ...] | None:
    """The choices that take the naturals given as sorted (suit, rank) faces and a wild
    count out, or ``None``; cached by faces, since copies of a face are interchangeable."""
    cores: list[list[tuple[int, int, bool, int]] | None] = [None] * len(faces)
    seen: set[tuple[int, int, bool, bool, int]] = set()
    by_rank: dict[int, list[int]] = {}
    by_suit: dict[int, list[int]] = {}
    for index, (suit, rank) in enumerate(faces):
        by_rank.setdefault(rank, []).append(index)
        by_suit.setdefault(suit, []).append(index)

    def dfs(mask: int, w: int, discarded: bool, has_set: bool,
            room: int) -> tuple[_Step, ...] | None:
        if mask == 0:
            return () if _spare_fits(w, discarded, has_set, room) else None
        key = (mask, w, discarded, has_set, room)
        if key in seen:
            return None
        seen.add(key)
        i = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << i)
        if not discarded:
            found = dfs(rest, w, True, has_set, room)
            if found is not None:
                return ((i, -1, 0, False),) + found
        led = cores[i]
        if led is None:
            led = cores[i] = _cores_led_by(faces, i, wilds, longest, by_rank, by_suit)
        for others, need, is_set, extra in led:
            if need <= w and others & rest == others:
                found = dfs(rest & ~others, w - need, discarded, has_set or is_set,
                            min(2, room + extra))
                if found is not None:
                    return ((i, others, need, is_set),) + found
        return None

    return dfs((1 << len(faces)) - 1, wilds, False, False, 0)


def _spare_fits(spare: int, discarded: bool, has_set: bool, room: int) -> bool:
    """Whether the wilds left over can all be laid (one may be the discard)."""
    if not discarded:
        if spare == 0:
            return False
        spare -= 1

    return spare == 0 or has_set or spare >= 3 or spare <= room


def _cores_led_by(faces: tuple[tuple[int, int], ...], i: int, wilds: int, longest: int,
                  by_rank: dict[int, list[int]],
                  by_suit: dict[int, list[int]]) -> list[tuple[int, int, bool, int]]:
    """Every group core card ``i`` can lead with later cards: (others' mask, wilds it
    needs, whether it is a book, spare room for more wilds up to 2). ``by_rank`` and
    ``by_suit`` list the cards' indexes of each rank and suit, in order."""
    suit, rank = faces[i]
    cores: list[tuple[int, int, bool, int]] = []
    same_rank = [j for j in by_rank[rank] if j > i]
    if wilds >= 2:
        cores.append((0, 2, True, 0))
    if wilds >= 1:
        cores += [(1 << j, 1, True, 0) for j in same_rank]
    for size in range(2, len(same_rank) + 1):
        for chosen in combinations(same_rank, size):
            mask = 0
            for j in chosen:
                mask |= 1 << j
            cores.append((mask, 0, True, 0))
    # Runs: one card per higher rank of the suit; wilds fill gaps and reach 3 cards.
    partial = [(rank, 0, 0)]  # (top rank, others' mask, gaps)
    for j in by_suit[suit]:
        top_j = faces[j][1]
        if j <= i or top_j <= rank:
            continue
        for top, others, gaps in list(partial):
            if top_j <= top:
                continue
            grown_gaps = gaps + top_j - top - 1
            if grown_gaps > wilds:
                continue
            grown = (top_j, others | (1 << j), grown_gaps)
            partial.append(grown)
            span = top_j - rank + 1
            need = grown_gaps + max(0, 3 - span)
            if need <= wilds:
                cores.append((grown[1], need, False, min(2, longest - max(span, 3))))
    return cores


def some_meld(hand: Sequence[Card], rules: MeldRules) -> tuple[Meld, Card] | None:
    """One book or run of three from the hand and a card left over to throw, or ``None``
    when the hand holds no group at all: the proof a final turn may lay something down
    (RULES.md §6.3). Any group holds one of three cards (a book: its rank's naturals and
    wilds; a run: three ranks in a row, wilds filling gaps), so trying those misses none;
    the bots and the table work out the least-penalty lay-down themselves."""
    if len(hand) < 4:
        return None
    wilds = [card for card in hand if rules.is_wild(card)]
    naturals = sorted((card for card in hand if not rules.is_wild(card)), key=SORT_KEY)
    groups: list[tuple[MeldKind, list[Card]]] = []
    by_rank: dict[int, list[Card]] = {}
    for card in naturals:
        by_rank.setdefault(int(card.rank), []).append(card)
    for cards in by_rank.values():
        if len(cards) + len(wilds) >= 3:
            groups.append((MeldKind.SET, (cards + wilds)[:3]))
    if len(wilds) >= 3:
        groups.append((MeldKind.SET, wilds[:3]))
    for i, low in enumerate(naturals):  # two or three naturals of a suit, wilds between
        for high in naturals[i + 1:]:
            if high.suit is not low.suit or high.rank == low.rank:
                continue
            gap = int(high.rank) - int(low.rank) - 1
            if gap > len(wilds):
                break
            groups.append((MeldKind.RUN, [low, high] + wilds[:max(gap, 1)]))
            if gap == 0:  # or a third natural right above
                above = next((c for c in naturals if c.suit is low.suit
                              and int(c.rank) == int(high.rank) + 1), None)
                if above is not None:
                    groups.append((MeldKind.RUN, [low, high, above]))
    for kind, cards in groups:
        laid = order_run(cards, rules) if kind is MeldKind.RUN else tuple(cards)
        if laid is None or len(laid) < 3:
            continue
        meld = Meld(kind, tuple(laid))
        if meld_problem(meld, rules) is None:
            rest = [card for card in hand if card not in meld.cards]
            return meld, rest[-1]
    return None
