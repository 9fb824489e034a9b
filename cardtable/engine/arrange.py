"""The least-penalty arrangement of a rummy hand into melds (an exact search).

Used by going out, final-turn lay-downs, "Arrange for me" and the AI. The search covers
the wild model of Five Crowns: any number of wilds in a meld, all-wild melds allowed,
wilds free of suit (RULES.md §6.2). Contract rummy (naturals ≥ wilds) and Monastery's
missions bring their own checks on top of ``melds``.

How it works: wilds are interchangeable, so a meld is a *core* of natural cards plus the
wilds that fill it: a set of k naturals needs max(0, 3 − k) wilds, a run of k naturals
spanning s ranks needs (s − k) gap wilds plus max(0, 3 − s) to reach three cards. The
wilds no core needs are *spare*: any number join a set, a run takes them only up to its
longest length (eleven cards, FC-A4), and three or more make an all-wild book of their
own (FC-A5). So spare wilds stay in hand only when there are one or two of them, no set
is down and the runs are (nearly) full or absent. The search takes the first uncovered
natural (cards sorted by suit, then rank), which must be either deadwood, the discard,
the lowest card of a run core, or in a set core with later cards of its rank; it
memoises on (cards left, wilds left, flags), first as if every spare wild were laid,
and, only when the answer leaves wilds in hand, again carrying the runs' room (see
``_Search``). So it is exact — a greedy pass is not (RULES.md FC examples).
``discard=True`` also chooses the best card to throw away.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial

from .cards import SORT_KEY, Card, Suit
from .melds import Meld, MeldKind, MeldRules, order_run

_NEG = -(1 << 30)
_ENOUGH = 2
"""Room for spare wilds that takes them all: a set, or two places left in runs (one or
two spare wilds fill it; three or more make their own all-wild book)."""
_LOOSE, _THROWN = -1, -2  # the memo's choices besides the full mask of a core


def _cost(core: tuple[int, int, int, int]) -> int:
    return core[3]


@dataclass(frozen=True, slots=True, eq=False)
class Arrangement:
    """Melds to lay down, the cards left over, and (when asked) the card to discard.

    The melds are laid out the first time they are asked for: the bots weigh most hands
    by their penalty and loose cards alone, and laying runs in order is a good part of
    the work."""

    deadwood: tuple[Card, ...]
    discard: Card | None
    penalty: int
    _lay: Callable[[], tuple[Meld, ...]] = field(repr=False)
    _laid: list[tuple[Meld, ...]] = field(default_factory=list, repr=False)

    @property
    def melds(self) -> tuple[Meld, ...]:
        if not self._laid:
            self._laid.append(self._lay())
        return self._laid[0]

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
    table = _table(rules, value)
    is_wild = table.is_wild
    naturals: list[Card] = []
    wilds: list[Card] = []
    for card in hand:
        (wilds if is_wild(card) else naturals).append(card)
    naturals.sort(key=SORT_KEY)
    wilds.sort(key=value, reverse=True)
    search = _Search(naturals, kept, len(wilds), table)
    try:
        return _best_of(search, wilds, kept, rules, value, discard)
    finally:
        search.close()


def penalty_and_loose(hand: Sequence[Card], rules: MeldRules,
                      value: Callable[[Card], int]) -> tuple[int, int]:
    """``best_arrangement(hand)``'s penalty and count of loose cards, read from the
    shared table's memo without a search of the hand's own or an arrangement built:
    what the Hard search's leaf reads of every hand it values. A hand whose best lay
    leaves wilds in hand, or that the shared memo cannot number, is arranged in full."""
    if rules.naturals_at_least_wilds or rules.aces_wild_in_suit:
        raise ValueError("penalty_and_loose covers Five Crowns-style wilds only")
    table = _table(rules, value)
    is_wild, memo = table.is_wild, table.memo
    mask = w = 0
    for card in hand:
        if is_wild(card):
            w += 1
        else:
            bit = _BITS[card]
            if not bit:
                mask = -1
                break
            mask |= bit
    if mask >= 0 and w < 1 << _WILD_BITS:
        if mask and memo.get(mask | w << 1) is None:
            table.settled(mask, w)
        value_of, short_room = table.value_of, table.room
        penalty = loose = room = 0
        while mask:  # ``_Search._walk`` with no discard to choose
            _, choice, cost = memo[mask | w << 1]
            lowest = mask & -mask
            if choice == _LOOSE:
                penalty += value_of[lowest]
                loose += 1
                mask ^= lowest
            else:
                mask &= ~choice
                w -= cost
                room += short_room.get(choice, _ENOUGH)
        if w >= 3 or room >= w:  # every spare wild laid: the relaxation is the answer
            return penalty, loose
    best = best_arrangement(hand, rules, value)
    return best.penalty, len(best.deadwood)


def _best_of(search: _Search, wilds: list[Card], kept: set[Card], rules: MeldRules,
             value: Callable[[Card], int], discard: bool) -> Arrangement:
    """``best_arrangement``'s choice among the ways of discarding, with its search."""
    is_wild = search.table.is_wild
    options: list[Arrangement] = []

    def consider(need_discard: bool, thrown_wild: Card | None) -> None:
        pool = [w for w in wilds if w is not thrown_wild]
        found = search.arrange([value(w) for w in pool], need_discard)
        if found is not None:
            options.append(_build(search, found, pool, thrown_wild, rules, value))

    if discard:
        consider(True, None)
        throwable = [w for w in wilds if w not in kept]
        # The costliest wild: any other would leave a costlier one in hand. Not when a
        # natural's throw leaves nothing: a wild's would at best tie, and lose the tie.
        if throwable and not (options and options[0].penalty == 0):
            consider(False, throwable[0])
    else:
        consider(False, None)
    if len(options) == 1:
        return options[0]

    def preference(a: Arrangement) -> tuple[int, bool, int]:
        thrown = a.discard
        return (a.penalty, thrown is not None and is_wild(thrown),
                -(value(thrown) if thrown is not None else 0))

    return min(options, key=preference)


_COPIES = 2
"""Copies of a face the shared memo tells apart (Five Crowns' two decks)."""
_RANKS = 14
"""Places a suit's ranks take in the shared numbering (the joker's 0 to the king's 13)."""
_BLOCKS = len(Suit) + 1
"""Blocks of ranks in the shared numbering: the jokers', then one per suit."""
_WILD_BITS = 5
"""Bits of a memo key that count the wilds (a hand with more gets a memo of its own)."""
_LOW = _WILD_BITS + 3
"""Low bits of every mask left free for the rest of a memo key (the wilds left, the
room, whether the discard is still to choose), so a key is the mask with them or-ed in."""
_MEMO_LIMIT = 60_000
"""States a shared memo holds before it starts afresh (some 170 bytes each: ten
megabytes). A bigger memo was measured no faster on Hard's rollouts."""
_TABLES_KEPT = 3
"""Shared memos kept at once (a game plays one round at a time): a fourth clears them."""

Core = tuple[int, int, int, int]
"""A meld's natural core led by its lowest card: (its mask, the other cards' mask, the
points it covers, the wilds it needs)."""


class _Values(dict[int, int]):
    """Each numbered card's points (by its bit), worked out when first asked."""

    def __init__(self, value: Callable[[Card], int], card_at: dict[int, Card]) -> None:
        super().__init__()
        self.value, self.card_at = value, card_at

    def __missing__(self, bit: int) -> int:
        points = self[bit] = self.value(self.card_at[bit])
        return points


class _Table:
    """What the search learns about sets of naturals, kept from hand to hand.

    A state of the search is the naturals still to place (a mask over a fixed numbering
    of every card, in sort order), the wilds left and whether the discard is still to
    choose; its answer depends on nothing else in the hand, so hands that share cards
    share states (the rollouts' hands differ by a card drawn or thrown). So do the cores
    its lowest card leads: they are made from the state's own later cards of that
    card's suit or rank, with the state's wilds (those are all a core may use), and
    kept by them. ``settled``, the search once the discard is chosen (the bulk of it),
    is the table's own, made once."""

    __slots__ = ("rules", "value", "is_wild", "card_at", "later", "value_of", "memo",
                 "room", "cores", "cores_of", "settled")

    def __init__(self, rules: MeldRules, value: Callable[[Card], int],
                 is_wild: Callable[[Card], bool], card_at: dict[int, Card],
                 later: dict[int, int]) -> None:
        self.rules, self.value = rules, value
        self.is_wild = is_wild
        """The rules' ``is_wild``, looked up in a table in C."""
        self.card_at, self.later = card_at, later
        """Each numbered card by its bit; the bits of the cards after it in sort order
        of its suit or its rank, by its bit."""
        self.value_of = _Values(value, card_at)
        self.memo: dict[object, tuple[int, int, int]] = {}
        """State → (most natural points covered, choice, wilds the chosen core takes)."""
        self.room: dict[int, int] = {}
        """Run cores with room for under two spare wilds → that room."""
        self.cores: dict[int, tuple[Core, ...]] = {}
        """The cores a card leads, cheapest first, by the card's bit or-ed with the bits
        of the later cards they may use and the wilds (in the free low bits). Tuples of
        plain numbers, which the garbage collector stops tracking: lists would stay
        tracked, tens of thousands of them, each walked by every full collection."""
        self.cores_of, self.settled = self._searchers()

    def _searchers(self) -> tuple[Callable[[int, int, int], tuple[Core, ...]],
                                  Callable[[int, int], int]]:
        """``cores_of`` and ``settled`` as closures: they run some hundred times per
        hand, and the tables read faster as closure cells than as attributes."""
        memo, cores, later, card_at, value_of, room = self.memo, self.cores, self.later, \
            self.card_at, self.value_of, self.room
        longest_run = self.rules.longest_run
        full_span = longest_run - _ENOUGH

        def make(lead: int, others: int, w: int) -> tuple[Core, ...]:
            """The cores ``lead`` leads with the cards of ``others`` (later cards of its
            suit or rank) and ``w`` wilds, in the order the search weighs them."""
            card = card_at[lead]
            lead_rank, lead_suit, lead_value = int(card.rank), card.suit, value_of[lead]
            made: list[Core] = []
            if w >= 2:
                made.append((lead, 0, lead_value, 2))
            later_cards = []
            rest = others
            while rest:
                bit = rest & -rest
                rest ^= bit
                later_cards.append((bit, card_at[bit]))
            # Sets: the lead with any subset of the later cards of its rank.
            partial = [(0, lead_value, 0)]  # (others, value, size beyond the lead)
            for bit, card in later_cards:
                if card.rank == lead_rank:
                    value = value_of[bit]
                    grown = [(mask | bit, total + value, size + 1)
                             for mask, total, size in partial]
                    partial += grown
                    for mask, total, size in grown:
                        if (1 if size == 1 else 0) <= w:
                            made.append((mask | lead, mask, total, 1 if size == 1 else 0))
            # Runs: one card per higher rank of its suit; wilds fill the gaps. Grown
            # breadth-first: each partial run is (last rank, others' mask, value, gaps).
            # A run spanning s ≥ 3 ranks has room for (longest run − s) more wilds.
            runs = [(lead_rank, 0, lead_value, 0)]
            for bit, card in later_cards:
                if card.suit is not lead_suit:
                    break  # the suit's later cards come first, in sort order
                rank = int(card.rank)
                if rank == lead_rank:
                    continue
                value = value_of[bit]
                for last, mask, total, gaps in list(runs):
                    if rank <= last:
                        continue
                    gap = gaps + rank - last - 1
                    if gap > w:
                        continue
                    need = gap + (lead_rank + 3 - 1 - rank if rank - lead_rank < 2 else 0)
                    runs.append((rank, mask | bit, total + value, gap))
                    if need <= w:
                        made.append((mask | bit | lead, mask | bit, total + value, need))
                        if rank - lead_rank >= full_span:
                            room[mask | bit | lead] = longest_run - 1 - rank + lead_rank
            made.sort(key=_cost)
            found = cores[lead | others | w] = tuple(made)
            return found

        def cores_of(lead: int, rest: int, w: int) -> tuple[Core, ...]:
            """The cores ``lead`` leads in a state whose other cards are ``rest``: every
            one fits it (its cards are there, its wilds too)."""
            others = rest & later[lead]
            found = cores.get(lead | others | w)
            return found if found is not None else make(lead, others, w)

        def settled(mask: int, w: int) -> int:
            """Most natural points covered with the discard chosen (or none to choose),
            if every spare wild is laid, for a state not yet in the memo: the bulk of
            the search, so its states are looked up before a call is made."""
            lowest = mask & -mask
            rest = mask ^ lowest
            if rest:
                hit = memo.get(rest | w << 1)
                most = hit[0] if hit is not None else settled(rest, w)
            else:
                most = 0
            choice, cost = _LOOSE, 0  # or the full mask of the chosen core
            others = rest & later[lowest]
            led = cores.get(lowest | others | w)
            if led is None:
                led = make(lowest, others, w)
            for full, core_others, core_value, core_cost in led:
                left = rest ^ core_others  # the core's cards are in the state
                if left:
                    spent = w - core_cost
                    hit = memo.get(left | spent << 1)
                    got = core_value + (hit[0] if hit is not None else settled(left, spent))
                else:
                    got = core_value
                if got > most:
                    most, choice, cost = got, full, core_cost
            memo[mask | w << 1] = (most, choice, cost)
            return most

        return cores_of, settled


_TABLES: dict[tuple[int, int], _Table] = {}
"""The tables by their rules' and values' identity (each table holds both, so the ids
stay theirs)."""


class _Wild(dict[Card, bool]):
    """Whether each card is wild under some rules, worked out when first asked."""

    def __init__(self, rules: MeldRules) -> None:
        super().__init__()
        self.rules = rules

    def __missing__(self, card: Card) -> bool:
        wild = self[card] = self.rules.is_wild(card)
        return wild


_CARD_AT: dict[int, Card] = {}
"""Each card the shared numbering has numbered, by its bit."""


class _Bits(dict[Card, int]):
    """Each card's bit in a shared memo's masks, in sort order as the search wants:
    worked out the first time a card is asked for (cards are few); 0 for a card it
    cannot number (a third copy of a face)."""

    def __missing__(self, card: Card) -> int:
        suit, rank, copy = card.sort_key()
        bit = 1 << (((suit + 1) * _RANKS + rank) * _COPIES + copy + _LOW) \
            if copy < _COPIES else 0
        self[card] = bit
        if bit:
            _CARD_AT[bit] = card
        return bit


class _Later(dict[int, int]):
    """The bits the shared numbering gives the cards after a card in sort order of its
    suit or its rank (whether dealt or not), by the card's bit."""

    def __missing__(self, bit: int) -> int:
        place, copy = divmod(bit.bit_length() - 1 - _LOW, _COPIES)
        block, rank = divmod(place, _RANKS)
        suit_end = 1 << ((block + 1) * _RANKS * _COPIES + _LOW)
        later = (suit_end - 1) & ~((bit << 1) - 1)
        for other in range(block + 1, _BLOCKS):
            for other_copy in range(_COPIES):
                later |= 1 << ((other * _RANKS + rank) * _COPIES + other_copy + _LOW)
        self[bit] = later
        return later


_BITS = _Bits()
_LATER = _Later()


def _table(rules: MeldRules, value: Callable[[Card], int]) -> _Table:
    """The shared memo of these rules and card values."""
    key = (id(rules), id(value))
    table = _TABLES.get(key)
    if table is None or len(table.memo) > _MEMO_LIMIT:
        if len(_TABLES) >= _TABLES_KEPT:
            _TABLES.clear()
        table = _TABLES[key] = _Table(rules, value, _Wild(rules).__getitem__, _CARD_AT,
                                      _LATER)
    return table


_Found = tuple[list[tuple[int, int]], "Card | None", list[Card], int]
"""What a search found: the chosen cores (mask, wilds), the discarded natural, the
naturals left loose and how many wilds stay in hand."""


_Searchers = tuple[Callable[[int, int, bool], int], Callable[[int, int, bool, int], int]]
"""A hand's ``best`` and ``tight`` (see ``_Search``)."""
_SEARCHERS = frozenset({"best", "tight"})
"""The names of ``_Search``'s recursive closures (see ``_Search.close``)."""


class _Search:
    """Memoised search over the naturals of one hand.

    ``best`` solves a relaxation that lays every spare wild somewhere, so its score
    bounds every arrangement's from above, and an answer of it that does lay every
    wild is the best one — as in almost every hand (a set, or runs with room for two
    more wilds, take any spare wilds). Only when its answer leaves wilds in hand (no
    core at all, or only full runs) does ``tight`` search again, carrying the room and
    pricing the wilds left; it hands over to ``best`` (and its memo) as soon as the
    room is enough. ``best``'s memo is the shared table's (see ``_Table``), and with the
    discard chosen it is the table's ``settled``.
    """

    __slots__ = ("cards", "bits", "table", "full", "keep_mask", "tight_memo", "loss",
                 "searchers")

    def __init__(self, naturals: list[Card], kept: set[Card], max_wilds: int,
                 table: _Table) -> None:
        self.cards = naturals
        self.bits = list(map(_BITS.__getitem__, naturals))
        if max_wilds >= 1 << _WILD_BITS or 0 in self.bits:
            # A hand the shared memo cannot number: numbered by place, a memo of its own.
            low = max_wilds.bit_length() + 3
            self.bits = bits = [1 << (i + low) for i in range(len(naturals))]
            later = {bit: sum(bits[j] for j in range(i + 1, len(naturals))
                              if naturals[j].rank == naturals[i].rank
                              or naturals[j].suit is naturals[i].suit)
                     for i, bit in enumerate(bits)}
            table = _Table(table.rules, table.value, table.is_wild,
                           dict(zip(bits, naturals)), later)
        self.table = table
        self.full = sum(self.bits)
        self.keep_mask = sum(b for b, c in zip(self.bits, naturals) if c in kept) \
            if kept else 0
        self.tight_memo: dict[object, tuple[int, int, int]] = {}
        self.loss: list[int] = []  # points of the cheapest 0, 1, 2 wilds left in hand
        self.searchers: _Searchers | None = None
        """``best`` and ``tight``, made when first needed: a hand with no discard to
        choose whose spare wilds all find a place needs neither (the table's
        ``settled`` is ``best`` then), as most hands the bots weigh."""

    def _made(self) -> _Searchers:
        if self.searchers is None:
            self.searchers = self._searchers()
        return self.searchers

    def close(self) -> None:
        """Let the search be freed by reference counts alone: ``best`` and ``tight`` call
        themselves through their closures, a cycle only the cyclic collector would
        break, and Hard holds the collector off while it searches (``ai/collector.py``)."""
        cleared: set[str] = set()
        for function in self.searchers or ():
            # The cells are the closure's free variables, in order: only the two
            # searchers' own are cleared (looked up by name, not by every cell's contents).
            for name, cell in zip(function.__code__.co_freevars, function.__closure__ or ()):
                if name in _SEARCHERS:
                    cell.cell_contents = None
                    cleared.add(name)
        # A searcher renamed would keep its cycle for the collector Hard holds off: the
        # names are checked, not trusted.
        assert self.searchers is None or cleared == _SEARCHERS, cleared

    def arrange(self, wild_values: list[int], need_discard: bool) -> _Found | None:
        """The least-penalty choice of cores (mask, wilds) and discarded natural, with
        these wilds, the naturals left loose and how many wilds stay in hand; ``None``
        if no natural can be the discard."""
        w, mask = len(wild_values), self.full
        if need_discard:
            if self._made()[0](mask, w, True) < _NEG // 2:
                return None
        elif mask and self.table.memo.get(mask | w << 1) is None:
            self.table.settled(mask, w)  # ``best`` with no discard to choose
        found = self._walk(mask, w, need_discard, exact=False)
        if found[3]:
            self._price_wilds(wild_values)
            self._made()[1](mask, w, need_discard, 0)
            found = self._walk(mask, w, need_discard, exact=True)
        return found

    def _price_wilds(self, values: list[int]) -> None:
        """Price the wilds that may stay in hand: the cheapest one or two of these.

        The tight memo is kept when every state these wilds can reach is priced as
        before (it is not only when a kept wild changes which wilds remain)."""
        cheapest = sorted(values)
        loss = [sum(cheapest[:k]) for k in range(min(_ENOUGH, len(values)) + 1)]
        if self.loss[:len(loss)] != loss:
            self.tight_memo.clear()
        self.loss[:] = loss

    def _searchers(self) -> _Searchers:
        """The two recursive searches of this hand as closures (its cards to keep and
        its wilds' prices are its own)."""
        table = self.table
        memo, settled, cores_of, value_of = table.memo, table.settled, table.cores_of, \
            table.value_of
        tight_memo, short_room, loss, keep_mask = self.tight_memo, table.room, self.loss, \
            self.keep_mask

        def best(mask: int, w: int, need_discard: bool) -> int:
            """Most natural points covered (plus the discard's), or a large negative, if
            every spare wild is laid."""
            if mask == 0:
                return _NEG if need_discard else 0
            if not need_discard:
                hit = memo.get(mask | w << 1)
                return hit[0] if hit is not None else settled(mask, w)
            key: object = mask | w << 1 | 1
            if mask & keep_mask:
                key = (key, mask & keep_mask)
            hit = memo.get(key)
            if hit is not None:
                return hit[0]
            lowest = mask & -mask
            rest = mask ^ lowest
            most = best(rest, w, True)
            choice, cost = _LOOSE, 0  # or _THROWN, or the full mask of the chosen core
            if not keep_mask & lowest:
                got = value_of[lowest] + best(rest, w, False)
                if got > most:
                    most, choice = got, _THROWN
            for full, others, core_value, core_cost in cores_of(lowest, rest, w):
                got = core_value + best(rest ^ others, w - core_cost, True)
                if got > most:
                    most, choice, cost = got, full, core_cost
            memo[key] = (most, choice, cost)
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
            key = mask | w << 2 | room << 1 | need_discard
            hit = tight_memo.get(key)
            if hit is not None:
                return hit[0]
            lowest = mask & -mask
            rest = mask ^ lowest
            most = tight(rest, w, need_discard, room)
            choice, cost = _LOOSE, 0
            if need_discard and not keep_mask & lowest:
                got = value_of[lowest] + tight(rest, w, False, room)
                if got > most:
                    most, choice = got, _THROWN
            for full, others, core_value, core_cost in cores_of(lowest, rest, w):
                got = core_value + tight(rest ^ others, w - core_cost, need_discard,
                                         room + short_room.get(full, _ENOUGH))
                if got > most:
                    most, choice, cost = got, full, core_cost
            tight_memo[key] = (most, choice, cost)
            return most

        return best, tight

    def _walk(self, mask: int, w: int, need_discard: bool,
              exact: bool) -> tuple[list[tuple[int, int]], Card | None, list[Card], int]:
        """Walk a memo back: the chosen cores (mask, wilds), the discarded natural, the
        naturals left loose (in order) and how many spare wilds find no place."""
        chosen: list[tuple[int, int]] = []
        loose: list[Card] = []
        thrown: Card | None = None
        room, keep_mask, card_at = 0, self.keep_mask, self.table.card_at
        memo, tight_memo, short_room = self.table.memo, self.tight_memo, self.table.room
        while mask:
            if exact and room < w and room < _ENOUGH:  # a state ``tight`` kept
                _, choice, cost = tight_memo[mask | w << 2 | room << 1 | need_discard]
            else:
                key: object = mask | w << 1 | need_discard
                if need_discard and mask & keep_mask:
                    key = (key, mask & keep_mask)
                _, choice, cost = memo[key]
            lowest = mask & -mask
            if choice == _LOOSE:
                loose.append(card_at[lowest])
                mask ^= lowest
            elif choice == _THROWN:
                thrown = card_at[lowest]
                mask ^= lowest
                need_discard = False
            else:
                chosen.append((choice, cost))
                mask &= ~choice
                w -= cost
                room += short_room.get(choice, _ENOUGH)
        return chosen, thrown, loose, 0 if w >= 3 or room >= w else w - room


def _build(search: _Search, found: _Found, wilds: list[Card], thrown_wild: Card | None,
           rules: MeldRules, value: Callable[[Card], int]) -> Arrangement:
    """The arrangement the search found: its cores filled with the costliest wilds, the
    spare wilds laid where they fit, and the ``left`` cheapest left in hand."""
    chosen, thrown, dead, left = found
    if thrown_wild is not None:
        thrown = thrown_wild
    if left:
        dead = dead + wilds[len(wilds) - left:]
    return Arrangement(tuple(dead), thrown, sum(map(value, dead)),
                       partial(_lay_melds, search.cards, search.bits, chosen, wilds, left,
                               rules))


def _lay_melds(naturals: list[Card], bits: list[int], chosen: list[tuple[int, int]],
               wilds: list[Card], left: int, rules: MeldRules) -> tuple[Meld, ...]:
    """The melds of the chosen cores (mask, wilds), in order; the costliest wilds fill
    them, then the spare ones go where they fit but the ``left`` cheapest."""
    spare = list(wilds)
    melds: list[Meld] = []
    for core_mask, cost in chosen:
        cards = [c for c, bit in zip(naturals, bits) if core_mask & bit]
        filler = spare[:cost]
        spare = spare[cost:]
        if len({c.rank for c in cards}) == 1:  # set cores share a rank, run cores never
            melds.append(Meld(MeldKind.SET, tuple(cards + filler)))
        else:
            laid = order_run(cards + filler, rules)
            assert laid is not None, cards
            melds.append(Meld(MeldKind.RUN, laid))
    spare = _lay_spare_wilds(melds, spare, rules)
    assert len(spare) == left, (melds, spare, left)  # as the search priced them
    return tuple(melds)


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
