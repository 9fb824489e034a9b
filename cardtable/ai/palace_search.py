"""Palace's hooks for the Hard search: how its rollouts move, which placements it weighs,
and what a position is worth.

- **Rollout policy.** Every seat plays the Normal player's own decision code
  (:func:`palace_bot.normal_move`) on a glance at the sampled state: no view is built.
  The engine lists a hand's moves on a stack once (``palace.play_actions``) and Normal
  plans each list once (``palace_bot.play_plan``): rollouts meet the same hands move
  after move. The world is already dealt at random where the searching seat cannot see,
  so reading any hand in it leaks nothing.
- **Leaf value.** A short rollout ends mid-game; the state reached is worth the seat's
  share of the other seats it is likely to finish ahead of (at two seats, its chance of
  winning), from each seat's *burden*: a weighed count of what it still has to shed
  (:func:`burden_features`), fitted to who won Normal's self-play (``bench/palace_leaf.py``).
  While the deck lasts that says little, so the search keeps Normal's move unless its
  rollouts show a difference in cards held; once the deck is gone the leaf plays the game
  out (:func:`played_out`, on the engine's ``DryTable``: zones changed in place, no
  state copied per move) and counts who won, so a late shed of fewer cards is played
  only where whole games show it wins.
- **Prior.** A turn can offer twenty placements and more (every count of every rank,
  every straight); the search weighs ten. Kept at random, the few rivals seldom held the
  big sheds, so the search compared the planned long straight with a handful of kings
  and 2s and sometimes chose one. The prior ranks by the cards a placement sheds, then by
  its low card, and keeps 2s and aces last, so every big shed is weighed.

Imports the engine only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from ..engine import Action, BuildReserve, Card, GameView, Place
from ..engine.palace import Palace, PalaceState, Phase
from ..engine.palace_dry import DryTable
from ..engine.placements import ACE_HIGH, top_value, value
from ..engine.text import msg
from ..engine.variant import SeatedState, SomeVariant
from .candidates import search_prior
from .leaf import chance_ahead, leaf_value
from .palace_bot import normal_move, reserve_strength, special
from .review_terms import round_terms
from .rollout import RolloutPolicy, rollout_policy


class Glance:
    """What the Normal player reads of a sampled state (:class:`palace_bot.PalaceSight`),
    read from the state only when asked."""

    __slots__ = ("state", "legal", "phase")

    def __init__(self, state: PalaceState, legal: tuple[Action, ...]) -> None:
        self.state = state
        self.legal = legal
        self.phase = state.phase

    @property
    def deck_size(self) -> int:
        return len(self.state.deck)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(map(len, self.state.hands))

    @property
    def stack_size(self) -> int:
        return sum(len(placement) for placement in self.state.stack)


@rollout_policy("palace")
class PalaceRollout(RolloutPolicy[PalaceState]):
    """Normal's move straight from the sampled state."""

    state_type = PalaceState

    def choose(self, state: PalaceState, seat: int, rng: random.Random) -> Action:
        # The engine's own list (a hand on a stack is listed once and remembered, as
        # Normal's plan of that list is), so ``apply`` finds the move listed and does
        # not check it again.
        return normal_from(state, self.variant.legal_actions(state, seat), rng)


def normal_from(state: PalaceState, legal: tuple[Action, ...], rng: random.Random) -> Action:
    """Normal's move in the sampled state, from the seat's legal list."""
    return normal_move(Glance(state, legal), rng)


SPECIAL_LAST = 100.0
"""How far a placement holding a 2 or an ace falls in the prior (below any ordinary one):
spent early, they are missed when nothing else plays."""


@search_prior("palace")
def palace_prior(view: GameView, moves: Sequence[Action]) -> list[float]:
    """Higher for a placement more worth weighing: more cards shed, then a lower low card;
    a 2 or an ace last (they always play, so they are kept for when nothing else does).
    In setup, a visible-reserve placement by Normal's own ranking (2s and aces, then
    cards at once, then the top rank)."""
    scores = []
    for move in moves:
        if isinstance(move, BuildReserve):
            specials, count, top = reserve_strength(move.cards)
            scores.append(100.0 * specials + 20.0 * count + top)
            continue
        if not isinstance(move, Place):
            scores.append(-2 * SPECIAL_LAST)
            continue
        cards = move.cards
        score = 20.0 * len(cards) - min(value(card) for card in cards)
        scores.append(score - SPECIAL_LAST if special(cards) else score)
    return scores


FEATURES = ("hidden", "ranks", "twos", "aces", "low", "high", "cards", "stuck")
"""What a seat still holds, each counted in :func:`burden_features`:
hidden cards; distinct ranks other than 2 and A in hand and visible reserve (each is at
least one turn to shed: a straight takes several at once); 2s; aces; low cards (3 to 6:
hard to place once the stack is high); high ones (J to K); all cards in hand and visible
reserve; and the stack, if the seat is to move and nothing it holds plays (it must take it)."""
DECK_FEATURES = ("cards", "stuck")
"""The features weighed while the deck lasts: only what a placement surely changes. Fitted
on all of them, the model found 2s worse to hold than kings and aces better (a trace of
how Normal plays, not of what wins), and the search, seeing the same small edge in every
world, kept kings back and threw 2s where Normal shed a long straight."""
WEIGHTS_DECK = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.017, 0.014)
"""Each feature's weight in a seat's burden while the deck lasts (higher: worse to hold).
From ``python3 bench/palace_leaf.py --games 1500``: a logistic model of who won 1,500
two-seat games of Normal self-play, from the difference of the two seats' features at
every third step of play (22,157 states with the deck, 22,603 without). While the deck
lasts nothing predicts the winner (log loss 0.691 against a coin's 0.693): what is shed
comes back from the deck, so the search keeps Normal's move unless its rollouts show a
difference in cards held."""
WEIGHTS_DRY = (0.26, 0.13, 0.06, -0.03, 0.06, -0.10, -0.01, 0.04)
"""The weights once the deck is gone (same fit, all features, log loss 0.637): every
hidden card and every rank still to shed is a turn more. Used only where a dry game's
playout (:func:`played_out`) hits its cap."""
TO_MOVE_DECK = 0.024
TO_MOVE_DRY = 0.12
"""What being the seat to move is worth, in burden, with the deck and without (same fit)."""
SPREAD = 1.702 / 2 ** 0.5
"""The spread of burdens that makes ``chance_ahead`` of two seats the fitted logistic
model (a normal CDF of x / 1.702 is within 0.01 of the logistic of x)."""


def burden_features(state: PalaceState, seat: int) -> tuple[int, ...]:
    """The seat's counts of :data:`FEATURES`."""
    ranks, twos, aces, low, high, cards = _held(state.hands[seat], state.reserves[seat])
    stuck = 0
    hand = state.hands[seat]
    if state.current == seat and hand and state.stack and \
            not can_place(hand, top_value(state.stack)):
        stuck = sum(len(placement) for placement in state.stack)
    return (len(state.hidden[seat]) + len(state.face_down[seat]), ranks, twos, aces, low,
            high, cards, stuck)


def can_place(hand: tuple[Card, ...], top: int | None) -> bool:
    """Whether the hand has a placement that goes on the stack: a card of the rank to
    beat or higher, or a 2 (each is a placement on its own, and every placement holds
    one), found without listing the placements."""
    return top is None or any(v >= top or v == 2 for v in map(value, hand))


HELD_KEPT = 4096
"""Hands (with their visible reserve) whose counts are remembered: every rollout's leaf
reads each seat's, and the rollouts of one world meet the same ones again."""


@lru_cache(maxsize=HELD_KEPT)
def _held(hand: tuple[Card, ...],
          reserve: tuple[tuple[Card, ...], ...]) -> tuple[int, int, int, int, int, int]:
    """The counts of :data:`FEATURES` from ``ranks`` to ``cards`` in a hand and reserve."""
    pool = list(hand)
    for placement in reserve:
        pool += placement
    values = [value(card) for card in pool]
    twos, aces = values.count(2), values.count(ACE_HIGH)
    low = sum(1 for v in values if 3 <= v <= 6)
    high = sum(1 for v in values if 11 <= v <= 13)
    ranks = len(set(values) - {2, ACE_HIGH})
    return ranks, twos, aces, low, high, len(pool)


def burden(state: PalaceState, seat: int) -> float:
    """How much the seat still has to shed, weighed by what wins (lower is better)."""
    weights, to_move = (WEIGHTS_DECK, TO_MOVE_DECK) if state.deck else \
        (WEIGHTS_DRY, TO_MOVE_DRY)
    load = sum(w * f for w, f in zip(weights, burden_features(state, seat)))
    return load - to_move if state.current == seat else load


DRY_MOVES = 100
"""Moves a dry-deck leaf plays on at most before it reads the burdens instead: two seats
passing the stack back and forth can run for hundreds of moves (329 in 300 games of
Normal's self-play; the median dry end game is 29), and 192 rollouts of that long would
take seconds. At 100 a decision stays under a second of CPU."""


def played_out(variant: SomeVariant, state: PalaceState) -> PalaceState:
    """The game played on to its end by the rollout policy (or ``DRY_MOVES`` moves).

    Once the deck is dry the burdens say little (log loss 0.637), and a short horizon
    valued by them let the search shed three cards where Normal shed five, or keep a
    king back, and lose for it (on full-game playouts of 16 such positions, 2 of the 5
    late changes lost 6 to 10 points of winning chance). The end of a dry game is near
    (29 moves at the median in Normal's self-play), so the search plays it out and sees
    who wins. The world's own seed drives the playout: every candidate played in the
    same world meets the same luck."""
    if not isinstance(variant, Palace):
        raise TypeError(f"Palace's rules expected, not {type(variant).__name__}")
    # Played on one table changed in place (the engine's ``DryTable``: the states
    # ``Palace.apply`` reaches, without a copy of the state at every move), each move
    # Normal's choice from the engine's list.
    table = DryTable(variant, state)
    table.play(normal_move, random.Random(state.seed), DRY_MOVES)
    return table.state()


def finished_share(places: Sequence[int], seat: int) -> float:
    """The share of the other seats this seat finished ahead of (ties half)."""
    others = [place for other, place in enumerate(places) if other != seat]
    mine = places[seat]
    return sum(1.0 if mine < p else 0.5 if mine == p else 0.0 for p in others) / len(others)


PLAYOUTS = 192
"""Rollouts a Hard decision may play in Palace."""
HORIZON = 1
"""Own turns after this one a rollout plays before the leaf reads it (with the deck gone
the leaf plays on to the end itself). At these two, on 100 decisions of Hard against
Normal (``bench/palace_search.py``): 13 ms of CPU at the median, 34 ms on average, 286 ms
at p99; a decision in the dry end game, played out, is the dear one."""


@leaf_value("palace", playouts=PLAYOUTS, horizon=HORIZON)
def palace_leaf(variant: SomeVariant, state: SeatedState, seat: int) -> float:
    """The share of the other seats this seat is likely to finish ahead of (P-A15 ranks
    them by cards left): at two seats, its chance of winning. Exact once the game is over."""
    if not isinstance(state, PalaceState):
        raise TypeError(f"a Palace state expected, not {type(state).__name__}")
    if not state.deck and state.phase is Phase.PLAY:
        state = played_out(variant, state)
    outcome = variant.outcome(state)
    if outcome is not None:
        return finished_share(outcome.places, seat)
    burdens = [burden(state, other) for other in range(state.seats)]
    share = 0.0
    for other in range(state.seats):
        if other != seat:
            share += chance_ahead((burdens[seat], burdens[other]), 0, SPREAD, low_wins=True)
    return share / (state.seats - 1)


@round_terms("palace", unit=msg("cards left"), low_better=True,
             round_words=msg("winning the game"))
def palace_terms(variant: SomeVariant, world: SeatedState, reached: SeatedState,
                 seat: int) -> tuple[float, float | None]:
    """The cards the seat still has to shed (hand, reserve and hidden cards: a stack
    picked up shows here), read where the leaf reads the game: with the deck gone, at the
    end played out (as ``palace_leaf`` does, from the same world's seed). A game of
    Palace is one round, so its chance is the leaf's (None)."""
    if not isinstance(reached, PalaceState):
        raise TypeError(f"a Palace state expected, not {type(reached).__name__}")
    if not reached.deck and reached.phase is Phase.PLAY:
        reached = played_out(variant, reached)
    held = (len(reached.hands[seat]) + len(reached.hidden[seat]) + len(reached.face_down[seat])
            + sum(len(pile) for pile in reached.reserves[seat]))
    return float(held), None
