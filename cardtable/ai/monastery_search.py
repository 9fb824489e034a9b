"""Monastery's hooks for the Hard search: its rollout policy, read straight from a
sampled state.

**Rollout policy.** Inside a rollout every seat plays Normal's Monastery strategy, on a
view built from the sampled state without the engine's whole legal list: the strategy
reads only the draws it may make, the missions it may lay (when it may lay one) and,
when it can lay none, the lay-offs open to it; its discard is chosen from the hand. So
the view carries just those (``rollout_view``), and the move is the one the strategy
makes on the seat's full view (a test checks this on thousands of self-play states).

**Leaf value.** The game is won by making all nine missions first, so a state is worth
the seat's chance of finishing ahead in missions: each seat's missions made, plus the
chance it lays one more before this round ends, compared by ``chance_ahead`` with a
spread that grows with the rounds still to play (``SPREAD``, ``ROUND_RATE``). That
chance reads how many cards the hand lacks for its nearest open mission and, for a seat
not down yet, how live the hand is (how many cards it cannot see would bring that
mission nearer) and how soon a seat down may go out (``LAY_LOGIT``). Counting cards
lacking alone, the leaf could not tell apart discards that keep the hand as near, nor a
seat down with one card left from one with three, and the search's changes at discards
gained nothing. The constants come from Normal self-play (``bench/monastery_leaf.py``).

Imports the engine only.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

from ..engine import Action
from ..engine.actions import LayMission, LayOff
from ..engine.cards import Card, standard_deck
from ..engine.melds import MeldKind, SuitRule
from ..engine.missions import MISSIONS, Mission, Tally, card_tally, needed, tally_of
from ..engine.monastery import Monastery, MonasteryState, MonasteryView, Phase
from ..engine.rummy import legal_draws
from ..engine.variant import SeatedState, SomeVariant
from .leaf import chance_ahead, leaf_value
from .monastery_bot import MonasteryStrategy
from .rollout import RolloutPolicy, rollout_policy


def rollout_view(variant: Monastery, state: MonasteryState, seat: int) -> MonasteryView:
    """The seat's view with only the legal moves Normal's strategy reads: the draws; the
    missions it can lay; lay-offs only when it can lay none (it lays first); never the
    discards (it picks one from the hand). Only for the seat to move."""
    legal: tuple[Action, ...]
    if state.phase is Phase.DRAW:
        legal = legal_draws(state)
    else:
        lays: list[LayMission] = [] if state.laid_this_turn else \
            variant.mission_lay_downs(state, seat)
        offs: list[LayOff] = [] if lays or not state.melds[seat] else \
            variant.lay_offs(state, seat)
        legal = (*lays, *offs)
    return MonasteryView(
        seat=seat, seats=state.seats, round=state.round, dealer=state.dealer,
        current=state.current, phase=state.phase, hand=state.hands[seat],
        hand_sizes=tuple(map(len, state.hands)), stock_size=len(state.stock),
        discard_pile=state.discard_pile, melds=state.melds, specs=state.specs,
        done=state.done, laid_this_turn=state.laid_this_turn, known=state.known,
        round_missions=state.round_missions, out_seat=state.out_seat, awaiting=(seat,),
        legal=legal, turn=state.turn, reshuffles=state.reshuffles,
        round_rebuilds=state.round_rebuilds, options=variant.options)


@rollout_policy("monastery")
class MonasteryRollout(RolloutPolicy[MonasteryState]):
    """Normal's Monastery strategy on ``rollout_view``."""

    state_type = MonasteryState

    def __init__(self, variant: SomeVariant) -> None:
        super().__init__(variant)
        if not isinstance(variant, Monastery):
            raise TypeError(f"the Monastery rollout plays Monastery, not {variant.id}")
        self.monastery = variant
        self._strategy = MonasteryStrategy()

    def choose(self, state: MonasteryState, seat: int, rng: random.Random) -> Action:
        return self._strategy.choose(rollout_view(self.monastery, state, seat), rng)


# --- the leaf value ----------------------------------------------------------------------

MAX_NEED = 5
"""Cards lacking counted at most (a hand lacking more is far from any mission)."""
LAY_LOGIT: dict[bool, tuple[tuple[float, ...], ...]] = {
    # another seat laid this round: weights by cards lacking 0, 1, 2, 3 or more
    False: ((3.986,), (-0.593, 0.747), (-0.855, 0.532), (0.258, 0.089)),
    True: ((3.714,), (-3.398, 0.797, 1.768), (-3.982, 0.644, 1.468), (-4.752, 0.630, 1.409)),
}
"""A seat not down yet: its chance of laying a mission before the round ends is
``1 / (1 + exp(-(a + b log(1 + outs) + c left)))``, where the outs are the cards it
cannot see that would bring its nearest mission nearer (``seat_outs``) and, once
another seat is down, ``left`` the fewest cards such a seat holds (at most
``LEFT_CAP``): he goes out when he has shed them. Lacking one card, with no seat down,
a hand with 3 outs lays in 70 % of rounds, one with 40 in 93 %; lacking two, 59 % and
82 %: the outs tell apart discards that keep the hand as near. With a rival down to one
card the same hand with 20 outs lays in 69 % of rounds, to three cards in 99 %: a seat
down that sheds a card more takes a mission from its rival as often as not. Fitted by
least log loss on the same kind of games (``python3 bench/monastery_leaf.py --games
300``: 300 games, 3,204 rounds, 51,757 seats at a turn's start, not down). A seat
down lays no second mission in the round (none of the 35,214 seen did): it holds too
few cards."""
TYPICAL_OUTS: dict[bool, tuple[float, ...]] = {
    False: (0.0, 2.694, 3.008, 3.647),
    True: (0.0, 2.548, 2.887, 3.445),
}
"""The mean ``log(1 + outs)`` of a seat not down, by another seat down and cards
lacking 0, 1, 2, 3 or more (the same games)."""
LEFT_CAP = 4
"""Cards left to a seat down counted at most (it holds 1 to 4 after laying, mostly)."""
ROUND_RATE = 0.771
"""Missions a seat makes a round (the same games)."""
SPREAD = 0.7
"""Standard deviation of a seat's missions to come, per square root of the rounds left:
the best fit to who won from each round's start (the same games; log loss 0.620)."""


def seat_need(state: MonasteryState, seat: int) -> int:
    """Cards the seat's hand lacks for its nearest open mission (at most ``MAX_NEED``)."""
    done = state.done[seat]
    if len(done) == len(MISSIONS):
        return 0
    return nearest_need(tally_of(state.hands[seat]), done)


def seat_outs(state: MonasteryState, seat: int) -> int:
    """Cards the seat cannot see (the stock, the other hands) that would bring its
    nearest open mission nearer still: how live its hand is."""
    done = state.done[seat]
    if len(done) == len(MISSIONS):
        return 0
    faces = useful_faces(tally_of(state.hands[seat]), done)
    if not faces:
        return 0
    outs = sum(1 for card in state.stock if card._face in faces)
    for other, hand in enumerate(state.hands):
        if other != seat:
            outs += sum(1 for card in hand if card._face in faces)
    return outs


@lru_cache(maxsize=1 << 14)
def useful_faces(counts: Tally, done: tuple[int, ...]) -> frozenset[str]:
    """The faces that, added to a hand of this tally, bring its nearest open mission
    nearer (only a mission at the nearest need can come nearer than it). Each mission
    is asked once per kind of card it tells apart (``FACE_KINDS``), not once per face."""
    open_needs = [(needed(counts, number), number) for number in MISSIONS
                  if number not in done]
    nearest = min(need for need, _ in open_needs)
    if nearest == 0:
        return frozenset()
    useful: set[str] = set()
    for need, number in open_needs:
        if need == nearest:
            for tally, faces in FACE_KINDS[number]:
                if needed(counts + tally, number) < nearest:
                    useful.update(faces)
    return frozenset(useful)


def _face_kinds(mission: Mission) -> tuple[tuple[Tally, tuple[str, ...]], ...]:
    """The faces a mission tells apart, grouped (a tally standing for each group): by
    suit for cards of one suit; by rank and suit for a run in suit; by rank and colour
    for groups in colour; else by rank (an ace, wild, is a rank of its own): a card's
    other attributes change nothing the mission asks. ``needed``'s fill, which places a
    held ace by its suit, can tell two such cards apart: on 400 random hands, one face in
    one hand was counted otherwise."""
    kinds = {spec.kind for spec in mission.groups}
    rules = {spec.suit_rule for spec in mission.groups}

    def kind_of(card: Card) -> object:
        if kinds == {MeldKind.SAME_SUIT}:
            return card.suit
        if SuitRule.SAME_SUIT in rules:
            return card.face
        if SuitRule.SAME_COLOUR in rules:
            return card.rank, card.suit and card.suit.colour
        return card.rank

    grouped: dict[object, list[Card]] = {}
    for card in standard_deck(1):
        grouped.setdefault(kind_of(card), []).append(card)
    return tuple((card_tally(cards[0]), tuple(card.face for card in cards))
                 for cards in grouped.values())


FACE_KINDS = {number: _face_kinds(mission) for number, mission in MISSIONS.items()}
"""Per mission, the faces it tells apart, grouped (see ``_face_kinds``)."""


@lru_cache(maxsize=1 << 14)
def nearest_need(counts: Tally, done: tuple[int, ...]) -> int:
    """What the hand of this tally lacks for its nearest mission not done (kept: the
    searching seat's hand is valued in every world)."""
    return min(needed(counts, number) for number in MISSIONS if number not in done)


def expected_missions(state: MonasteryState, reader: int) -> list[float]:
    """Each seat's missions made, plus its chance of laying one more this round, as the
    ``reader`` (the searching seat) sees it: its own outs counted, another's typical."""
    laid = [bool(melds) for melds in state.melds]
    down = sum(laid)
    return [len(done) + lay_chance(state, seat, laid[seat], down - laid[seat] > 0,
                                   seat == reader)
            for seat, done in enumerate(state.done)]


def lay_chance(state: MonasteryState, seat: int, laid: bool, other_down: bool,
               counted: bool = True) -> float:
    """The seat's chance of laying a (further) mission before the round ends: by how
    near its hand is and, not down yet, how live it is and how soon a seat down may go
    out (``LAY_LOGIT``). Its outs are counted if ``counted``, else taken as typical
    (``TYPICAL_OUTS``): an opponent's hand in a sampled world is a guess, and counting
    its outs was a third of a decision's time."""
    if laid:
        return 0.0  # see LAY_LOGIT
    need = seat_need(state, seat)
    row = min(len(LAY_LOGIT[other_down]) - 1, need)
    weights = LAY_LOGIT[other_down][row]
    logit = weights[0]
    if len(weights) > 1:
        logit += weights[1] * (math.log1p(seat_outs(state, seat)) if counted
                               else TYPICAL_OUTS[other_down][row])
    if len(weights) > 2:
        left = min(len(hand) for other, hand in enumerate(state.hands)
                   if other != seat and state.melds[other])
        logit += weights[2] * min(left, LEFT_CAP)
    return 1.0 / (1.0 + math.exp(-logit))


@leaf_value("monastery", playouts=128, horizon=1)
def monastery_leaf(variant: SomeVariant, state: SeatedState, seat: int) -> float:
    """The seat's chance of winning the game (see the module's docstring). The search
    plays 128 rollouts a decision, each to the end of the seat's next own turn: about
    50 ms of CPU a decision on average (``bench/monastery_search.py decide``)."""
    if not isinstance(state, MonasteryState):
        raise TypeError(f"Monastery's leaf values Monastery states, not {type(state).__name__}")
    if state.phase is Phase.GAME_OVER:
        return chance_ahead([len(done) for done in state.done], seat, 0.0, False)
    expected = expected_missions(state, seat)
    rounds_left = max(0.5, (len(MISSIONS) - max(expected)) / ROUND_RATE)
    return chance_ahead(expected, seat, SPREAD * math.sqrt(rounds_left), False)
