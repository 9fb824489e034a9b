"""The ``hard`` Monastery player's heuristic: Normal's, with two things a strong player
weighs that Normal does not.

- **Outs.** Among hands that lack as many cards for their nearest mission, it keeps the
  one more unseen cards would bring nearer: lacking one card of a suit for mission 8 is
  a far better hand than lacking the one rank a suited run needs. It takes the discard
  when that brings a mission nearer, or adds more than ``TAKE_OUTS`` outs.
- **Rarest mission first.** When the hand can lay several missions it lays the one
  seldom made (``RARITY``), keeping the easy ones for later rounds: a player must make
  all nine, and the last ones left are the bottleneck (Normal's self-play ends on
  mission 4 or 1 two games in three).
- **Lay and go out at once.** A mission laid with every card but the discard ends the
  round there and then, before a rival who has not laid yet can lay his: the round is
  won outright, where a mission laid with cards left over is mostly matched (the rival
  lays too in about four rounds in five). So while a rival has yet to lay this round,
  Hard lays such a mission before a rarer one, and takes the discard when with it the
  hand can lay one this turn. On 2,685 round starts of Normal's games, each played
  with Hard in either seat against Normal, the two rules make 0.019 missions a round
  more than Hard without them (standard error 0.002).
- **Down, shed what cannot follow.** Laid and waiting to go out, Normal throws any card
  that fits nowhere; Hard keeps the one a single draw would let onto a run or double
  run (J♠ above 5♠–9♠ once 10♠ comes; 7♦ beside 6♠ 6♥ once a 7 comes, as a pair), and
  takes a discard that goes on with a card in hand. +0.005 missions a round (se 0.0013).
- **Do not feed a rival who is down.** A player who has laid sheds every card that
  fits the table, the discard he takes too, and his going out ends the round before
  Hard lays. When the next player is down and every best discard fits the table, Hard
  throws one that does not and still lacks as few cards: +0.010 missions a round
  (se 0.0014).
- **Do not throw what the next player took to collect.** Normal keeps back a card that
  pairs with or runs next to one the next player took from the discard pile only when
  he is two missions from winning; Hard does so all game (+0.003 missions a round,
  se 0.002).

The Hard bot moves by this and checks its choices by search (:mod:`hard`).
Imports the engine only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine import Action, Card, Draw, Pile, Rank
from ..engine.melds import MeldKind
from ..engine.missions import (
    MISSIONS,
    Mission,
    Tally,
    addition_problem,
    card_tally,
    find_missions,
    joining_rank,
    needed,
    tally_of,
)
from ..engine.monastery import MonasteryView
from .monastery_bot import (
    MonasteryStrategy,
    Scored,
    distinct_faces,
    feeds_next,
    grown_lay,
    table_groups,
    taker,
)
from .strategies import strategy
from .unseen import unseen_by_face

RARITY = (4, 1, 2, 5, 8, 9, 3, 6, 7)
"""Missions from the most seldom made to the most often: the share of rounds in which
Normal makes each while it is open, from 100 two-seat self-play games (mission 4 in 7.5 %
of them, 1 in 9.7 %, 2 in 12.7 %, 5 in 13.5 %, 8 in 13.6 %, 9 in 20.6 %, 3 in 22.6 %,
6 in 25.7 %, 7 in 30.3 %)."""
FEED_WORLDS = 32
"""Hands dealt to the next player to judge how likely a discard feeds his last mission."""
COLLECTING = 12
"""Cards drawn into a hand dealt to the next player as he works on his last mission."""
PASSED_WEIGHT = 0.3
"""How much less likely a hand for him is for each card of the discard pile that would
bring it nearer: every card there this round was his to take or his own throw."""
FEED_SLACK = 0
"""How many more cards the hand may lack for its nearest mission to avoid feeding a
player one mission from winning."""
FEED_TOLERANCE = 0.01
"""Chances of feeding him this close count as equal (then the hand decides)."""
TAKE_OUTS = 2
"""Outs the discard must add (at the same cards lacking) before it beats a blind draw,
which may bring as much."""


@strategy("monastery", level="hard")
class MonasteryHardStrategy(MonasteryStrategy):
    def choose(self, view: MonasteryView, rng: random.Random) -> Action:
        self._unseen: dict[Card, int] | None = None  # worked out once a decision, if asked
        self._unseen_tallies: list[tuple[Tally, int]] | None = None
        return super().choose(view, rng)

    def _unseen_cards(self, view: MonasteryView) -> dict[Card, int]:
        if self._unseen is None:
            self._unseen = unseen_by_face(view)
        return self._unseen

    def _outs(self, view: MonasteryView) -> list[tuple[Tally, int]]:
        """Each unseen face's tally and how many copies of it are unseen."""
        if self._unseen_tallies is None:
            self._unseen_tallies = [(card_tally(card), count)
                                    for card, count in self._unseen_cards(view).items()]
        return self._unseen_tallies

    def _draw(self, view: MonasteryView) -> Action:
        top = view.top_discard
        if top is not None and Draw(Pile.STOCK) in view.legal:
            if view.laid(view.seat):
                if any(goes_on_after(view, top, card) for card in view.hand):
                    return Draw(Pile.DISCARD)
            elif rival_to_lay(view) and lays_out(view, list(view.hand) + [top]):
                return Draw(Pile.DISCARD)
        return super()._draw(view)

    def _discard(self, view: MonasteryView, rng: random.Random) -> Card:
        if view.laid(view.seat):
            return self._shed(view, distinct_faces(view.hand), rng)
        return super()._discard(view, rng)

    def _pick_discard(self, view: MonasteryView, scored: Scored,
                      rng: random.Random) -> Card:
        chances = feed_chances(view, [card for _, card in scored],
                               self._unseen_cards(view), rng)
        if chances is not None:
            return self._starve(scored, chances, rng)
        if view.laid(taker(view)):
            unfed = self._unfed(view, scored)
            if unfed:
                return rng.choice(unfed)
        return super()._pick_discard(view, scored, rng)

    def _starve(self, scored: Scored, chances: dict[Card, float],
                rng: random.Random) -> Card:
        """The next player one mission from winning: of the discards that keep the
        nearest mission as near, those least likely to bring his last one nearer (within
        ``FEED_TOLERANCE``), then the best for the hand."""
        best = min(score for score, _ in scored)
        near = [(score, card) for score, card in scored if score[0] <= best[0] + FEED_SLACK]
        least = min(chances[card] for _, card in near)
        kept = [(score, card) for score, card in near
                if chances[card] <= least + FEED_TOLERANCE]
        top = min(score for score, _ in kept)
        return rng.choice([card for score, card in kept if score == top])

    def _unfed(self, view: MonasteryView, scored: Scored) -> list[Card]:
        """The next player down: when every best discard fits the table, the best of
        those that do not and still lack as few cards (none when a best one is safe)."""
        best = min(score for score, _ in scored)
        fits = {card: self._fits_table(view, card) for _, card in scored}
        if not all(fits[card] for score, card in scored if score == best):
            return []
        safe = [(score, card) for score, card in scored
                if score[0] == best[0] and not fits[card]]
        least = min((score for score, _ in safe), default=None)
        return [card for score, card in safe if score == least]

    def _shed(self, view: MonasteryView, cards: list[Card], rng: random.Random) -> Card:
        """Down: the card that helps the next player least, then the one the fewest
        unseen cards would let onto the table."""
        unseen = self._unseen_cards(view)
        chances = feed_chances(view, cards, unseen, rng) or {}
        keys = {card: (round(chances.get(card, 0.0) / FEED_TOLERANCE), self._feeds(view, card),
                       sum(count for first, count in unseen.items()
                           if goes_on_after(view, first, card)))
                for card in cards}
        least = min(keys.values())
        return rng.choice([card for card in cards if keys[card] == least])

    def _feeds(self, view: MonasteryView, card: Card) -> int:
        """As Normal, but a card that goes with what the next player is known to have
        taken counts however many missions he has left: he took them to collect."""
        return feeds_next(view, card, close=len(MISSIONS))

    def _judge(self, view: MonasteryView, counts: Tally,
               focus: Sequence[int]) -> tuple[int, ...]:
        """Cards lacking for the nearest focused mission, then minus the outs (unseen
        cards, ``unseen.outs``) that would bring one of them nearer still, then the sum
        lacking."""
        needs = [needed(counts, n) for n in focus]
        nearest = min(needs)
        outs = sum(count for extra, count in self._outs(view)
                   if any(needed(counts + extra, n) < nearest for n in focus))
        return nearest, -outs, sum(needs)

    def _worth_taking(self, best: tuple[int, ...], now: tuple[int, ...]) -> bool:
        return best[0] < now[0] or (best[0] == now[0] and best[1] < now[1] - TAKE_OUTS)

    def _lay_rank(self, view: MonasteryView, mission: int, shed: int) -> tuple[int, ...]:
        """The mission that goes out while a rival has yet to lay, then the rarest."""
        return (shed >= len(view.hand) - 1 and rival_to_lay(view), -RARITY.index(mission))


def feed_chances(view: MonasteryView, cards: Sequence[Card], unseen: dict[Card, int],
                 rng: random.Random) -> dict[Card, float] | None:
    """When the next player (who may take the discard) has one mission left: for each
    card, how likely it is to bring that mission nearer in the hand he holds. ``None``
    while he has more missions left, or too few cards to lay it this round.

    His hand is dealt ``FEED_WORLDS`` times: the cards he is known to have taken, the
    rest from the unseen cards, then worked on as he has worked on it, for his last
    mission alone (``collected``). Each such hand counts less for each card of the
    discard pile that would bring it nearer (``PASSED_WEIGHT``): every card there this
    round was his to take, or his own throw."""
    seat = taker(view)
    missions = view.open_missions(seat)
    if len(missions) != 1:
        return None
    last = MISSIONS[missions[0]]
    if view.hand_sizes[seat] + 1 < last.cards:
        return None  # too few cards to lay it this round, whatever he takes
    pool = [card for card, count in unseen.items() for _ in range(count)]
    known = view.known[seat]
    dealt = min(len(pool), max(0, view.hand_sizes[seat] - len(known)))
    draws = min(len(pool) - dealt, COLLECTING)
    pile = list({card.face: card for card in view.discard_pile}.values())  # one copy of a
    # face is as telling as two
    fed = dict.fromkeys(cards, 0.0)
    number = last.number
    total = 0.0
    for _ in range(FEED_WORLDS):
        picked = rng.sample(pool, dealt + draws)
        hand, now = collected([*known, *picked[:dealt]], picked[dealt:], last)
        counts = tally_of(hand)
        passed = sum(1 for card in pile if needed(counts + card_tally(card), number) < now)
        weight = PASSED_WEIGHT ** passed
        total += weight
        for card in fed:
            if needed(counts + card_tally(card), number) < now:
                fed[card] += weight
    return {card: weight / total for card, weight in fed.items()}


def collected(hand: list[Card], draws: Sequence[Card],
              mission: Mission) -> tuple[tuple[Card, ...], int]:
    """A hand worked on for one mission: each drawn card that brings it nearer is kept,
    and the card it is least missed without thrown, until it lacks one card (it is not
    laid yet); the hand and what it lacks."""
    number = mission.number
    counts = tally_of(hand)
    now = needed(counts, number)
    for card in draws:
        if now <= 1:
            break  # he has not laid it: his hand lacks a card at least
        more = [*hand, card]
        grown = counts + card_tally(card)
        if needed(grown, number) >= now:
            continue
        need, drop = min((needed(grown - card_tally(more[at]), number), at)
                         for at in range(len(more)))
        if need < now:
            hand, now = more[:drop] + more[drop + 1:], need
            counts = grown - card_tally(more[drop])
    return tuple(hand), now


def rival_to_lay(view: MonasteryView) -> bool:
    """Whether another seat has yet to lay a mission this round (going out stops it)."""
    return not all(view.laid(seat) for seat in range(view.seats) if seat != view.seat)


def lays_out(view: MonasteryView, hand: list[Card]) -> bool:
    """Whether the hand can lay one of the seat's open missions with every card in it
    but one (the discard), as far as the groups can be extended."""
    for number, melds in find_missions(hand, view.open_missions(view.seat),
                                       view.options.same_rank_sets_in_mission):
        if len(grown_lay(hand, number, melds)[1]) <= 1:
            return True
    return False


def goes_on_after(view: MonasteryView, first: Card, card: Card) -> bool:
    """Whether ``card`` goes onto a run or double run on the table together with
    ``first``: the run grown by two at one end, or a pair on a double run."""
    for meld, spec in table_groups(view):
        if meld.kind not in (MeldKind.RUN, MeldKind.DOUBLE_RUN):
            continue
        for at_start in (False, True):
            wanted = joining_rank(meld, at_start)
            if wanted == 0 or (wanted is not None and first.rank is not Rank.ACE
                               and int(first.rank) != wanted):
                continue
            pair = (card, first) if at_start else (first, card)
            if addition_problem(meld, spec, pair, at_start) is None:
                return True
    return False
