"""The ``hard`` Shanghai player's heuristic (both games): Normal's, except how it picks
among discards the contract needs equally, that when buying it keeps back a discard
that fits the table as Normal does only in May I, that in May I, once down, it sheds a
dead card by exchanging it for the wild that stands for it, that when buying, once
down, it keeps back the card the table may yet take, and that it buys by the round.

Normal throws the costliest of the discards the contract needs equally. A strong player
first keeps back a card that goes with the cards a player still building his contract
is known to have taken (the same rank for a set, the same suit close by for a run):
he took them because he collects them. Then it keeps the hand with more **outs**,
unseen natural cards that would bring the contract nearer: 7♥ 8♥ waits on four ranks'
worth of hearts, a lone 7♥ beside three kings on far fewer. Penalty points break what
is left tied. (Taking the discard by outs too was tried and lost to Normal: a discard
taken shows the others what the hand collects.)

Once down, a card in hand that a wild on another player's run stands for fits nowhere
at an end, but exchanged for that wild it is laid in the run, and the wild goes on any
meld with room: a card shed that Normal keeps to the end of the round.

Down when buying, Normal throws the costliest card that fits nowhere. A strong player
also keeps the card that may yet fit: 9♠ beside a spade run from J♠ up goes on once
anyone lays the 10♠, a lone 9♦ with no diamond run near waits in vain. Each unseen card
that would open the table to a card in hand is worth ``LAY_OFF_OUT_POINTS`` of its
penalty. Against two Normal players over 300 duplicate deals (Hard at one playout, so
its heuristic alone), it won one point more of its meetings on each of two sets of
deals (59.8 → 60.8 %, 57.2 → 58.2 %) and 2–3 points more margin; at 1.0 a point an
out, 0.5 % more.

When buying, Hard also buys by the round. Normal buys any card that brings the contract
nearer. In round 1 (two sets, six cards) Hard buys only wilds: the contract comes
without a buy, and the two stock cards a buy adds count against the hand if the round
ends first. In rounds 4–6 (contracts of nine cards or more with a set in them), once
another player is down the round is running out, and Hard buys whatever is thrown:
three cards at once give the hand more ways to a set than one a turn, and not going
down costs far more than the cards bought. On the same round starts played both ways
against two Normal players, Hard made 1.1 points a round 1 more (se 0.2) and 4.7 a
round 4 (se 0.8), about 7 points a game in all. Round 2 without buys gained nothing
(+0.06, se 0.34). Rounds 3 and 7 (runs only) are left as Normal plays them: played out
in sampled worlds, a buy that brings nothing nearer there lost 3.4 and 0.6 points.

The Hard bot moves by this and checks its choices by search (:mod:`hard`).
Imports the engine only.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from ..engine import Action, Call, Card, Discard, Exchange
from ..engine.melds import Meld
from ..engine.options import ShanghaiMayIOptions
from ..engine.shanghai_checks import extended, layoff_problem
from ..engine.shanghai_rules import ROUNDS, ShanghaiState, ShanghaiView
from ..engine.variant import SeatedState, SomeVariant
from .shanghai_bot import ShanghaiSeat, ShanghaiStrategy
from .strategies import search_scores, strategy
from .unseen import outs, unseen_by_face

SMALL_CONTRACT_CARDS = 6
"""Buying: a contract of this many cards or fewer (round 1's two sets) is bought only a
wild: see the module's docstring."""
RUSH_CONTRACT_CARDS = 9
"""Buying: a contract of this many cards or more with a set in it (rounds 4–6) is
bought any card once another player is down: see the module's docstring."""

LAY_OFF_OUT_POINTS = 0.3
"""Penalty points one unseen card is worth that would let a card kept in hand be laid
off later (down, when buying): see the module's docstring."""


@strategy("shanghai_may_i", "shanghai_buy", level="hard")
class ShanghaiHardStrategy(ShanghaiStrategy):
    def _gives_away(self, view: ShanghaiSeat, card: Card) -> bool:
        """When buying too: a player who is down takes a discard that fits the table as
        his draw (or buys it) and sheds it there."""
        return self._fits_table(view, card)

    def _call(self, view: ShanghaiSeat) -> Action:
        """When buying, not down: the buys the round calls for (module docstring)."""
        if (view.down[view.seat] or Call("buy") not in view.legal
                or self.rules.is_wild(view.discard_pile[-1])):
            return super()._call(view)
        if buys_only_wilds(view):
            return Call("pass")
        if rushed(view):
            return Call("buy")
        return super()._call(view)

    def _play(self, view: ShanghaiSeat) -> Action:
        if view.down[view.seat]:
            exchange = self._shedding_exchange(view)
            if exchange is not None:
                return exchange
        return super()._play(view)

    def _shedding_exchange(self, view: ShanghaiSeat) -> Exchange | None:
        """Down in May I: an exchange whose wild then fits a meld on the table."""
        for action in view.legal:
            if not isinstance(action, Exchange):
                continue
            table = [list(melds) for melds in view.melds]
            meld = table[action.target_seat][action.meld_index]
            cards = tuple(action.natural if c == action.wild else c for c in meld.cards)
            table[action.target_seat][action.meld_index] = Meld(meld.kind, cards)
            if self._fits(table, action.wild):
                return action
        return None

    def _pick_discard(self, seat_view: ShanghaiSeat, options: list[Discard]) -> Discard:
        view = _whole(seat_view)
        costs = {a: self._discard_cost(view, a.card) for a in options}
        if view.down[view.seat] and not view.may_i:
            return self._shed_pick(view, options, costs)
        least = min(cost[:3] for cost in costs.values())
        tied = [a for a in options if costs[a][:3] == least]
        if len(tied) == 1:
            return tied[0]
        feeds = {a: self._feeds(view, a.card) for a in tied}
        need = least[2]
        if need == 0:
            return min(tied, key=lambda a: (feeds[a], costs[a]))
        unseen = unseen_by_face(view)
        rules = self.rules

        def nearer(hand: tuple[Card, ...]) -> bool:
            return not rules.is_wild(hand[-1]) and self._need(view, hand) < need

        def rank(action: Discard) -> tuple[int, int, int]:
            rest = [c for c in view.hand if c is not action.card]
            return feeds[action], -outs(rest, unseen, nearer), costs[action][3]

        return min(tied, key=rank)

    def _shed_pick(self, view: ShanghaiView, options: list[Discard],
                   costs: dict[Discard, tuple[int, int, int, int]]) -> Discard:
        """Down when buying: among the naturals that fit nowhere, the one whose penalty
        is least outweighed by the unseen cards that would let it be laid off later."""
        least = min(cost[:2] for cost in costs.values())
        tied = [a for a in options if costs[a][:2] == least]
        if len(tied) == 1:
            return tied[0]
        later = self._lay_off_outs(view, [a.card for a in tied])
        return min(tied, key=lambda a: (LAY_OFF_OUT_POINTS * later[a.card] + costs[a][3],
                                        costs[a][3]))

    def _lay_off_outs(self, view: ShanghaiView, held: list[Card]) -> dict[Card, int]:
        """For each held card, how many unseen cards, laid off on a meld, would let it
        go on after them (the 10♠ after a 9♠ or a wild on 5♠–8♠)."""
        later = dict.fromkeys(held, 0)
        for card, count in unseen_by_face(view).items():
            grown = [list(self._grown(view, card))]
            for mine in held:
                if self._fits(grown, mine):
                    later[mine] += count
        return later

    def _grown(self, view: ShanghaiView, card: Card) -> Iterator[Meld]:
        """Each meld on the table this card could be laid off on, with it."""
        for melds in view.melds:
            for meld in melds:
                for at_start in (False, True):
                    if layoff_problem(meld, (card,), at_start, self.rules) is None:
                        yield extended(meld, (card,), at_start)

    def _feeds(self, view: ShanghaiView, card: Card) -> int:
        """How many players still building their contract have been seen taking a card
        this one goes with: the same rank (for a set) or the same suit within two ranks
        (for a run), as the round's contract has sets or runs."""
        rules, contract = self.rules, view.contract
        if rules.is_wild(card):
            return 0
        fed = 0
        for seat, taken in enumerate(view.known):
            if seat == view.seat or view.down[seat]:
                continue
            if any(_goes_with(card, other, contract.sets > 0, contract.runs > 0)
                   for other in taken if not rules.is_wild(other)):
                fed += 1
        return fed


def _whole(view: ShanghaiSeat) -> ShanghaiView:
    """Hard's discard reads what only a whole view holds (the cards seen, the cards each
    player took): Hard decides from views, never inside the rollouts."""
    assert isinstance(view, ShanghaiView), "Hard's discard needs the seat's whole view"
    return view


def buys_only_wilds(view: ShanghaiSeat) -> bool:
    """Buying, with a contract small enough to come without a buy (module docstring)."""
    return not view.may_i and view.contract.min_cards <= SMALL_CONTRACT_CARDS


def rushed(view: ShanghaiSeat) -> bool:
    """Buying, a big contract with a set in it, and another player down: a round that
    may end before the hand is down (see the module's docstring)."""
    contract = view.contract
    return (not view.may_i and contract.sets > 0
            and contract.min_cards >= RUSH_CONTRACT_CARDS
            and any(down for seat, down in enumerate(view.down) if seat != view.seat))


def _goes_with(card: Card, other: Card, sets: bool, runs: bool) -> bool:
    if sets and card.rank is other.rank:
        return True
    if not runs or card.suit is not other.suit:
        return False
    apart = abs(int(card.rank) - int(other.rank))
    if 1 in (int(card.rank), int(other.rank)):
        apart = min(apart, 13 - apart)  # an ace runs high as well as low
    return apart <= 2


ROUND_PENALTY_SPREAD = 87.0
"""Standard deviation of one May I round's penalty gap between two Normal players (60
two-seat games): the rounds still to play move the gap by about this times their
square root."""


@search_scores("shanghai_may_i")
def may_i_scores(variant: SomeVariant, state: SeatedState) -> list[float]:
    """For the Hard search: May I's points earned, plus the fewest-penalty bonus weighted
    by each seat's chance of having the fewest penalty points at the end. Points earned
    alone (the game's standing before its end) made every penalty point look free: a
    playout that ends the round with fifty points of wilds in hand scored as well as one
    that shed them, so the search never told such moves apart."""
    if not isinstance(state, ShanghaiState) or state.bonus:
        return [float(total) for total in variant.standings(state)]
    options = variant.options
    bonus = (options if isinstance(options, ShanghaiMayIOptions)
             else ShanghaiMayIOptions()).low_penalty_bonus
    spread = ROUND_PENALTY_SPREAD * math.sqrt(max(1, ROUNDS - state.round + 1))
    penalties = state.penalties
    scores = []
    for seat, (earned, penalty) in enumerate(zip(state.earned, penalties)):
        fewest_other = min(p for other, p in enumerate(penalties) if other != seat)
        ahead = (fewest_other - penalty) / spread
        scores.append(earned + bonus * 0.5 * (1 + math.erf(ahead / math.sqrt(2))))
    return scores
