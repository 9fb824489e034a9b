"""Which single cards go on a Shanghai table: any end of any meld (RULES.md §8).

The AI asks this of every card it might throw, move after move (a discard another
player could lay off, or call "Shanghai!" on), of a table that changes only when a meld
is laid or added to. :class:`TableFits` reads a table once, as the lay-off listing reads
it (``shanghai_checks._joining``: a set's rank, a run's suit and the position each end
takes), so a natural is answered by its face; a wild, and a meld whose ends cannot be
told, get the full check (``card_fits``).

Standard library only.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card, Suit
from .melds import Meld, MeldRules
from .memo import IdentityMemo
from .shanghai_checks import _joining, card_fits

TABLES_KEPT = 32
"""Tables whose reading is kept (``table_fits``): the Hard search's rollouts go from one
world's table to another's and back, a few dozen tables a decision."""
_TABLES: IdentityMemo[Sequence[Sequence[Meld]], TableFits] = IdentityMemo(TABLES_KEPT)


def table_fits(table: Sequence[Sequence[Meld]], rules: MeldRules) -> TableFits:
    """The :class:`TableFits` of this very table under these rules, kept for the last
    ``TABLES_KEPT`` tables (a table is frozen: its answers never change)."""
    fits = _TABLES.get(table, id(rules))
    if fits is None or fits.rules is not rules:
        fits = _TABLES.put(table, TableFits(table, rules), id(rules))
    return fits


class TableFits:
    """Whether a card goes on some end of some meld of one table (``fits``)."""

    __slots__ = ("rules", "_melds", "_set_ranks", "_run_ends", "_unknown", "_known")

    def __init__(self, table: Sequence[Sequence[Meld]], rules: MeldRules) -> None:
        self.rules = rules
        self._melds = [meld for melds in table for meld in melds]
        self._set_ranks: set[int] = set()
        """Ranks of the sets: a natural of its rank always joins a set."""
        self._run_ends: set[tuple[Suit, int]] = set()
        """(suit, position) a run end takes, for runs with room to grow."""
        self._unknown: list[Meld] = []
        """Melds a natural is asked of in full (a run whose suit or ends cannot be told)."""
        self._known: dict[Card, bool] = {}
        longest = rules.longest_run
        for meld in self._melds:
            suit, set_rank, ends = _joining(meld, rules)
            if set_rank is not None:
                self._set_ranks.add(set_rank)
            elif suit is None or any(wanted is None for _, wanted in ends):
                self._unknown.append(meld)
            elif len(meld.cards) < longest:
                self._run_ends.update((suit, wanted) for _, wanted in ends
                                      if wanted is not None)

    def fits(self, card: Card) -> bool:
        """Whether ``card`` goes on either end of any meld (``card_fits``)."""
        known = self._known.get(card)
        if known is None:
            known = self._known[card] = self._fits(card)
        return known

    def _fits(self, card: Card) -> bool:
        rules = self.rules
        if rules.is_wild(card):
            return _any_fits(self._melds, card, rules)
        if card.rank._value_ in self._set_ranks:
            return True
        suit, run_ends = card.suit, self._run_ends
        if suit is not None and any((suit, value) in run_ends
                                    for value in rules.natural_values(card)):
            return True
        return _any_fits(self._unknown, card, rules)


def _any_fits(melds: list[Meld], card: Card, rules: MeldRules) -> bool:
    return any(card_fits(meld, card, False, rules) or card_fits(meld, card, True, rules)
               for meld in melds)
