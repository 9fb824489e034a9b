"""May I inside the Hard search's rollouts: Normal's rules of thumb, each worked out with
fewer searches of the hand (buying's rollouts play Normal's own strategy: see below).

Why not Normal itself: a seat's turn before it goes down is most of a rollout's cost,
and most of that is two things Normal asks of the whole hand again and again. It lists
the legal moves, which searches the hand for a go-down on every turn (to learn whether
one exists), then searches again for the best one; and it weighs every card it might
throw by the cards the contract would still need without it, a whole search of the hand
each where the round wants sets and runs. Here:

- **Going down** is looked for only when the need estimate says the contract is there
  (``cards_needed`` is 0, remembered per hand): then the best go-down is searched for
  as Normal does, and no listing is made. A go-down the estimate misses (rare: it reads
  the six fullest ranks) waits for a later turn.
- **The throw** weighs the cards costliest first and stops at the first whose loss leaves
  the need where the whole hand's is, as no card out can bring the contract nearer (in
  the estimate's rare exceptions a card that would have is kept instead). The throws
  are the hand's faces, as the engine lists them, made without the listing.
- A turn with a wild on another seat's meld (May I: Normal exchanges for it first), and
  every other phase, are Normal's exact moves. Given the engine's lists (``lister``),
  May I's turns that Normal plays from the whole legal list (down, or before going down
  with a wild to take) are played from the lay-offs, the exchanges and the best go-down
  alone: the same moves (``tests/test_shanghai_dry``), without listing the hand's throws
  nor proving a go-down exists before searching for the best one.

It does not play exactly as Normal, though nearly: over some 3,500 positions of Normal's
self-play (May I at 2 and 4 seats, buying at 3 and 5) it moved otherwise once, a play
before going down (``tests/test_shanghai_rollout``). What it buys: on ``bench/hard.py``'s
40 positions a game, a rollout costs 17-19 % less CPU in May I and 23-27 % less when
buying than with Normal's own moves (the same positions and load, interleaved). The rest
of a rollout is the engine's moves, the worlds dealt and the leaf, which it leaves alone.
What it costs Hard (duplicate deals, ``tournament --seed 1 --bot-seed 7``, paired with
the same deals played with Normal's moves in the rollouts): May I against Normal, 64.6 %
of the deals against 62.1 % on 60 deals (+2.5 ± 4.3 points); buying against two Normal,
ahead in 60.6 % of its meetings against 67.5 % on 40 deals (-6.9 ± 6.9): May I level,
buying a loss at the very edge of the noise (the policy moved as Normal in every buying
position of the test above). Until more deals say otherwise, buying's rollouts keep
Normal's moves (``BuyingRolloutStrategy``: Normal's own strategy, a turn before going
down found without a listing where no go-down is there to list).

Imports the engine only.
"""

from __future__ import annotations

from functools import partial

from ..engine import Action, Discard, GoDown
from ..engine.actions import discards_of, one_per_face
from ..engine.contracts import cards_needed
from ..engine.shanghai_checks import ShanghaiChecks, go_down_offers, going_out_problem
from ..engine.shanghai_rules import penalty
from ..engine.table_fits import table_fits
from .shanghai_bot import ShanghaiSeat, ShanghaiStrategy


class RolloutStrategy(ShanghaiStrategy):
    """Normal's moves with fewer searches of the hand (see the module's docstring)."""

    def __init__(self, lister: ShanghaiChecks | None = None) -> None:
        super().__init__()
        self.lister = lister
        """The engine's lists of lay-offs and exchanges (``single_lay_offs``,
        ``exchanges``), if given: May I's turns that Normal plays from the whole legal
        list are then played from these alone."""

    def _play(self, view: ShanghaiSeat) -> Action:
        if view.down[view.seat]:
            if self._sheds_nothing(view):
                return self._throw(view)
            if view.may_i and self.lister is not None:
                return self._shed(view, self.lister)
            return super()._play(view)
        if view.may_i and _wild_to_take(view):
            if self.lister is not None:
                return self._up_with_wilds_out(view, self.lister)
            return super()._play(view)
        if cards_needed(view.hand, view.contract, self.crules) == 0:
            for go_down in self._best_go_downs(view):
                laid = {c for meld in go_down.melds for c in meld.cards}
                if self._leaves_playable(view, [c for c in view.hand if c not in laid],
                                         partial(self._table_down, view, go_down)):
                    return go_down
        return self._throw(view)

    def _up_with_wilds_out(self, view: ShanghaiSeat, lister: ShanghaiChecks) -> Action:
        """Normal's turn in May I before going down with a wild on another seat's meld,
        from the lists it reads alone: the best go-down if the legal list's proof finds
        that the hand has one (the first found: a cheaper search, remembered per hand),
        else the first exchange, else its throw."""
        hand, contract, crules = view.hand, view.contract, self.crules
        if go_down_offers(hand, contract, crules, True, best=False):
            offers = go_down_offers(hand, contract, crules, True, best=True)
            if offers:
                return GoDown(offers[0])
        exchanges = lister.exchanges(view.melds, view.seat, False, one_per_face(view.hand))
        return exchanges[0] if exchanges else self._throw(view)

    def _shed(self, view: ShanghaiSeat, lister: ShanghaiChecks) -> Action:
        """Normal's turn down in May I, from the lay-offs alone: the legal list holds the
        hand's throws, its single-card lay-offs and its exchanges, and Normal plays the
        first natural lay-off (in the list's order), else the first of a wild, else its
        throw (May I leaves a hand any play: ``_leaves_playable`` always holds)."""
        found = lister.single_lay_offs(view.melds, one_per_face(view.hand))
        if not found:
            return self._throw(view)
        is_wild = self.rules.is_wild
        for action in found:
            if not is_wild(action.cards[0]):
                return action
        return found[0]

    def _throw(self, view: ShanghaiSeat) -> Action:
        """Normal's throw, from the hand's faces as the engine lists them."""
        hand = view.hand
        options = discards_of(one_per_face(hand)) if view.may_i or len(hand) > 1 else []
        if not options:
            return super()._play(view)  # buying, one card left: Normal's way out
        return self._pick_discard(view, options)

    def _sheds_nothing(self, view: ShanghaiSeat) -> bool:
        """Down: whether the hand has nothing Normal would play before its throw: no
        wild (a wild goes on any meld with room), no natural that fits a meld on the
        table, and when buying no wild on the table a natural might replace."""
        is_wild = self.rules.is_wild
        if any(is_wild(card) for card in view.hand):
            return False
        if not view.may_i and any(is_wild(card) for melds in view.melds for meld in melds
                                  for card in meld.cards):
            return False
        fits = table_fits(view.melds, self.rules).fits  # ``_fits_table``, read once
        return not any(fits(card) for card in view.hand)

    def _best_go_downs(self, view: ShanghaiSeat) -> list[GoDown]:
        """``_go_downs`` without the legal list's proof that one exists."""
        offers = go_down_offers(view.hand, view.contract, self.crules, view.may_i, best=True)
        return [GoDown(melds) for melds in offers
                if going_out_problem(view.may_i, view.took_discard,
                                     sum(len(m.cards) for m in melds), len(view.hand)) is None]

    def _pick_discard(self, view: ShanghaiSeat, options: list[Discard]) -> Discard:
        """Normal's least ``_discard_cost``, its need worked out costliest card first
        until one leaves the whole hand's need (see the module's docstring)."""
        rules, may_i = self.rules, view.may_i
        # The options least by ``_discard_cost``'s first two terms, in their order: the
        # naturals (if any), and of those the ones ``_gives_away`` spares (if any).
        is_wild = rules.is_wild
        tied = [a for a in options if not is_wild(a.card)] or options
        if may_i:  # the table read once for all the options
            fits = table_fits(view.melds, rules).fits
            tied = [a for a in tied if not fits(a.card)] or tied
        if len(tied) == 1:
            return tied[0]
        ordered = sorted(tied, key=lambda a: -penalty(a.card, may_i))
        if view.down[view.seat]:
            return ordered[0]
        hand = view.hand
        floor = self._need(view, hand)
        best: tuple[int, Discard] | None = None
        for action in ordered:
            card = action.card
            need = self._need(view, tuple([c for c in hand if c is not card]))
            if need <= floor:
                return action
            if best is None or need < best[0]:
                best = (need, action)
        assert best is not None
        return best[1]


def _wild_to_take(view: ShanghaiSeat) -> bool:
    """Whether another seat's meld holds a wild (May I: one the hand may exchange for)."""
    is_wild = view.crules.melds.is_wild
    return any(is_wild(card) for seat, melds in enumerate(view.melds) if seat != view.seat
               for meld in melds for card in meld.cards)


class BuyingRolloutStrategy(ShanghaiStrategy):
    """Normal's own moves when buying (``ShanghaiStrategy``), a turn before going down
    played without listing the hand's moves where the legal list would hold no go-down:
    the list's go-downs all come from the first-found search (``go_down_offers``), and
    with none there Normal throws the costliest card the contract needs least, from the
    hand's faces (a hand not down when buying holds more than one card). The same
    moves (``tests/test_shanghai_dry``)."""

    def _play(self, view: ShanghaiSeat) -> Action:
        hand = view.hand
        if view.down[view.seat] or view.may_i or len(hand) < 2 or go_down_offers(
                hand, view.contract, self.crules, False, best=False):
            return super()._play(view)
        return self._pick_discard(view, discards_of(one_per_face(hand)))
