"""Monastery inside the Hard search's rollouts: Normal's rules of thumb, asked of far
fewer hands.

Why not Normal itself: Normal judges a hand by what it lacks for its three nearest open
missions, and weighs every draw and every discard by judging each hand it could keep
(``tally_value`` of the hand less each card, three missions each): some thirty new hands
a decision, and a rival's hands in a sampled world are new to every cache. Here:

- **Draw.** Not down: the discard is taken when the hand with it lacks less for the
  three nearest missions than the hand now (two hands judged, not one per card). A hand
  can only lack more for a card less, so this is the first half of Normal's test; the
  second (some card can go again without undoing the gain) nearly always holds. Down:
  Normal's own rule (the discard is taken when it fits a group on the table).
- **Lay.** A mission is looked for only when a mission's count says the hand lacks
  nothing for it (``needed`` is 0 exactly when the mission can be laid); then Normal's
  choice among the missions it can lay. Lay-offs are listed only when some card of the
  hand fits a group on the table alone (remembered for every world of a search), or
  a double run (which takes pairs) is down; then Normal's choice.
- **Discard, not down.** Cards are weighed mission by mission, nearest first: the cards
  whose loss keeps the nearest mission as near go on to the next, so most cards are
  judged against one mission, not three. Then Normal's care for the next player (an
  ace, a card that goes with one he took when he is close to winning, a card that fits
  the table while another player is down).
- **Discard, down.** Normal's own rule.

It does not play exactly like Normal: on 1,423 states of Normal's own games (2 to 4
seats) it draws as Normal does in 95 % of the draws not down, discards as Normal does
in 87 % of the discards not down, and always lays, lays off and discards down as Normal
does (``tests/test_monastery_rollout``). It reads only the sampled state it is given.
What Hard keeps of its strength with it was measured by a paired duplicate-deal
tournament (see ``MonasteryQuickRollout``).

Imports the engine only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from ..engine import Action, Card, Discard, Draw, LayMission, Pile, Rank
from ..engine.melds import MeldKind
from ..engine.missions import MISSIONS, card_tally, joining_rank, needed, tally_of
from ..engine.monastery import MonasteryState, Phase
from ..engine.rummy import legal_draws
from ..engine.variant import SomeVariant
from .monastery_bot import (
    CLOSE,
    distinct_faces,
    fits_table,
    focus_of,
    goes_with_any,
    grown_lay,
    tally_value,
)
from .monastery_search import MonasteryPolicy
from .rollout import rollout_policy

DRAW_REACH = {number: 1 if len(mission.groups) == 1 else 2
              for number, mission in MISSIONS.items()}
"""How many cards a hand may lack for a mission and still lay it after one more card:
one for a mission of one group (``needed`` is exact there), two for the others, whose
count is a greedy fill's (a card can bring mission 3 two nearer: seen 15 times in
540,000 hands, never three)."""


def open_missions(state: MonasteryState, seat: int) -> tuple[int, ...]:
    return _open(state.done[seat])


@lru_cache(maxsize=1024)
def _open(done: tuple[int, ...]) -> tuple[int, ...]:
    """The missions not in ``done`` (kept: a game has a few dozen such tuples)."""
    return tuple(number for number in MISSIONS if number not in done)


def feeds(state: MonasteryState, seat: int, card: Card) -> int:
    """Normal's ``feeds_next`` read from the state: 2 for an ace while the next player
    has missions open, 1 for a card that goes with one he is known to hold while he is
    close to winning, else 0."""
    taker = (seat + 1) % state.seats
    missions = len(MISSIONS) - len(state.done[taker])
    if not missions:
        return 0
    if card.rank is Rank.ACE:
        return 2
    if missions > CLOSE:
        return 0
    return 1 if goes_with_any(card, state.known[taker]) else 0


def lexicographic_discards(counts: int, cards: Sequence[Card],
                           focus: Sequence[int]) -> tuple[list[Card], list[Card]]:
    """The cards whose loss keeps the hand (of tally ``counts``) nearest its focused
    missions, taken in turn (the nearest first): those tied at each step go on to the
    next. Also the cards tied after the first mission (the fallback when every best
    card would feed the next player)."""
    left = list(cards)
    first = left
    for step, number in enumerate(focus):
        needs = [needed(counts - card_tally(card), number) for card in left]
        least = min(needs)
        left = [card for card, need in zip(left, needs) if need == least]
        if step == 0:
            first = left
        if len(left) == 1:
            break
    return left, first


@rollout_policy("monastery")
class MonasteryQuickRollout(MonasteryPolicy):
    """Normal's Monastery rules of thumb asked of fewer hands (see the module's
    docstring).

    What it costs Hard: nothing; if anything it gains. On the same 200 duplicate deals
    against Normal (``tournament --game monastery --bots hard,normal --games 100
    --seed 1``, then ``--seed 101``, ``--bot-seed 7``), Hard with this policy won 67.0 %
    [62.7, 71.3] (72.5 % and 61.5 % on the two sets), Hard with Normal's exact moves in
    its rollouts 64.8 %: paired +2.2 ± 5.0 points; and 9.0 ± 8.7 points more than the
    hard heuristic with no search (deals 1-100). What it buys:
    rollouts 12.6-13.4 times as fast as the Hard of 7e50a65 (``bench/hard.py --games
    monastery --positions 40``), against 9.0 times with Normal's moves."""

    def __init__(self, variant: SomeVariant) -> None:
        super().__init__(variant)
        self._table: tuple[object, object] = ((), ())
        self._fits: dict[str, bool] = {}
        self._pairs: frozenset[int | None] = frozenset()

    def _same_table(self, state: MonasteryState) -> None:
        """Forget what was worked out about another table (a table changes only when a
        group is laid or grows: the very same objects come back move after move, and
        in every world of a search)."""
        if state.melds is not self._table[0] or state.specs is not self._table[1]:
            self._table = (state.melds, state.specs)
            self._fits = {}
            self._pairs = frozenset(
                joining_rank(meld, at_start) for melds in state.melds for meld in melds
                if meld.kind is MeldKind.DOUBLE_RUN for at_start in (False, True))

    def fits(self, state: MonasteryState, card: Card) -> bool:
        """``fits_table`` for this state's table, by the card's face (hashing the table
        for the shared cache costs more than most answers)."""
        return self.fits_each(state, (card,))[0]

    def fits_each(self, state: MonasteryState, cards: Sequence[Card]) -> list[bool]:
        """``fits`` of each of these cards."""
        self._same_table(state)
        known = self._fits
        fitting = []
        for card in cards:
            fit = known.get(card._face)
            if fit is None:
                fit = known[card._face] = fits_table(state.melds, state.specs, card)
            fitting.append(fit)
        return fitting

    def pair_fits(self, state: MonasteryState, hand: Sequence[Card]) -> bool:
        """Whether two cards of the hand might go onto an end of a double run on the
        table: two of the rank it wants there, aces counted (``lay_offs`` tries no
        others), or any two where an end wants no one rank."""
        self._same_table(state)
        if not self._pairs:
            return False
        if None in self._pairs:
            return len(hand) >= 2
        aces = sum(card.rank is Rank.ACE for card in hand)
        return any(aces + sum(card.rank is not Rank.ACE and int(card.rank) == rank
                              for card in hand) >= 2 for rank in self._pairs)

    def choose(self, state: MonasteryState, seat: int, rng: random.Random) -> Action:
        if state.phase is Phase.DRAW:
            return self._draw(state, seat)
        return self._play(state, seat, rng)

    def _draw(self, state: MonasteryState, seat: int) -> Action:
        pile = state.discard_pile
        if not pile or not state.stock:
            return legal_draws(state)[0]
        top = pile[-1]
        if state.melds[seat]:
            fits = self.fits(state, top)
            return Draw(Pile.DISCARD) if fits else Draw(Pile.STOCK)
        counts = tally_of(state.hands[seat])
        focus = focus_of(counts, open_missions(state, seat))
        taken = tally_value(counts + card_tally(top), focus)
        return Draw(Pile.DISCARD) if taken < tally_value(counts, focus) else \
            Draw(Pile.STOCK)

    def _play(self, state: MonasteryState, seat: int, rng: random.Random) -> Action:
        hand = state.hands[seat]
        counts = tally_of(hand)
        missions = open_missions(state, seat)
        down = bool(state.melds[seat])
        # Not down, nothing laid this turn: the hand is the turn's first plus the card
        # drawn (the last), whose counts the draw already worked out.
        before = counts if down or not hand else counts - card_tally(hand[-1])
        if not state.laid_this_turn and self._may_lay(counts, before, len(hand), missions):
            lays = self.monastery.mission_lay_downs(state, seat)
            if lays:
                return best_lay(hand, lays)
        distinct = distinct_faces(hand)
        if down:
            fitting = self.fits_each(state, distinct)
            if any(fitting) or self.pair_fits(state, hand):
                offs = self.monastery.lay_offs(state, seat)
                if offs:
                    return max(offs, key=lambda a: (len(a.cards), a.target_seat == seat))
            safe = [c for c, fit in zip(distinct, fitting) if not fit] or distinct
            fed = [feeds(state, seat, card) for card in safe]
            least = min(fed)
            return Discard(rng.choice([c for c, f in zip(safe, fed) if f == least]))
        focus = focus_of(before, missions)
        return Discard(self._discard(state, seat, counts, focus, distinct, rng))

    @staticmethod
    def _may_lay(counts: int, before: int, size: int, missions: tuple[int, ...]) -> bool:
        """Whether the hand (of tally ``counts``, ``size`` cards) lacks nothing for some
        open mission, asked only of missions it holds cards enough for and that the hand
        before the draw (``before``) lacked at most ``DRAW_REACH`` cards for."""
        return any(MISSIONS[n].cards <= size and needed(before, n) <= DRAW_REACH[n] and
                   needed(counts, n) == 0 for n in missions)

    def _discard(self, state: MonasteryState, seat: int, counts: int,
                 focus: tuple[int, ...], distinct: list[Card],
                 rng: random.Random) -> Card:
        choices, first = lexicographic_discards(counts, distinct, focus)
        fed = {card: feeds(state, seat, card) for card in first}
        if all(fed[c] for c in choices):
            # As Normal: rather than feed a player near the end, give up a little of
            # the plan (never the nearest mission's count).
            near = [c for c in first if not fed[c]]
            taker = (seat + 1) % state.seats
            if near and (any(fed[c] > 1 for c in choices) or
                         len(MISSIONS) - len(state.done[taker]) <= CLOSE):
                choices = lexicographic_discards(counts, near, focus)[0]
        least = min(fed[c] for c in choices)
        choices = [c for c in choices if fed[c] == least]
        if any(state.melds[s] for s in range(state.seats) if s != seat):
            choices = [c for c, fit in zip(choices, self.fits_each(state, choices))
                       if not fit] or choices
        return rng.choice(choices)


def best_lay(hand: tuple[Card, ...], lays: list[LayMission]) -> LayMission:
    """Normal's lay (``MonasteryStrategy._best_lay``): the mission that sheds the most
    cards laid with whatever else fits it, the longer one on ties."""
    best: tuple[tuple[int, int], LayMission] | None = None
    for lay in lays:
        melds, left = grown_lay(hand, lay.mission, lay.melds)
        key = (len(hand) - len(left), MISSIONS[lay.mission].cards)
        if best is None or key > best[0]:
            best = (key, LayMission(lay.mission, melds))
    assert best is not None
    return best[1]

