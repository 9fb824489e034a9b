"""Shanghai's worlds for the Hard search, dealt cheaply (both games).

The search deals eight worlds for every one it keeps (its reading weighs their hands),
a few thousand a decision. ``ShanghaiState`` has some thirty fields, and building one
field by field for each world cost more than drawing its cards. Here the view's fields
are copied into a state once per view (:data:`_TEMPLATES`) and each world changes only
what the deal changes: the hands, the stock, the seed and the hand a take-back would
restore. The cards are drawn exactly as ``determinize(view, rng, shuffle_stock=False)``
draws them, so the same generator gives the same world (``tests/test_shanghai_dry``).

Standard library only.
"""

from __future__ import annotations

import random
from typing import Protocol

from .cards import Card
from .data import evolve
from .memo import IdentityMemo
from .rummy import unseen_pool
from .sampling import InconsistentViewError, fill_hands, fresh_seed
from .shanghai_rules import ShanghaiState, ShanghaiView

_TEMPLATES: IdentityMemo[ShanghaiView, tuple[ShanghaiState, list[Card], int]] = \
    IdentityMemo(1)
"""The state copied from the last view dealt from (with its variant's id beside it),
the unseen cards in deck order, and how many of them the hidden hands hold."""


class _Dealer(Protocol):
    """The Shanghai engine as this module uses it."""

    def deck(self, seats: int) -> tuple[Card, ...]: ...

    def determinize(self, view: ShanghaiView, rng: random.Random,
                    shuffle_stock: bool = True) -> ShanghaiState: ...


def deal_hands(variant: _Dealer, view: ShanghaiView, rng: random.Random) -> ShanghaiState:
    """``variant.determinize(view, rng, shuffle_stock=False)``: the same state from the
    same draws, the stock left in the unseen cards' deck order."""
    kept = _TEMPLATES.get(view, id(variant))
    if kept is None:
        template = variant.determinize(view, random.Random(0), False)
        hidden = sum(size - len(view.known[other])
                     for other, size in enumerate(view.hand_sizes) if other != view.seat)
        kept = _TEMPLATES.put(view, (template, unseen_pool(variant, view), hidden),
                              id(variant))
    template, pool, hidden = kept
    if hidden > len(pool):
        raise InconsistentViewError("not enough unseen cards for the hidden hands")
    chosen = rng.sample(range(len(pool)), hidden)
    dealt = [pool[index] for index in chosen]
    rest = list(pool)
    for index in sorted(chosen, reverse=True):
        del rest[index]
    hands = fill_hands(view.seat, view.hand, view.hand_sizes, view.known, dealt)
    if len(rest) != view.stock_size:
        raise InconsistentViewError(
            f"{len(rest)} unseen cards left for a stock of {view.stock_size}")
    return evolve(template, seed=fresh_seed(rng), hands=hands, stock=tuple(rest),
                  undo_hand=hands[view.current])
