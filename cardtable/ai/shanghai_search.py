"""The Hard search's hooks for both Shanghai games: how rollouts play, and what the
state a rollout reaches is worth.

**Rollouts** (:class:`ShanghaiRollout`) play every seat, the calls out of turn too
(May I, buying, Shanghai!), by Normal's rules of thumb with fewer searches of the hand
(:class:`shanghai_rollout.RolloutStrategy`: a turn before going down lists no moves, and
its throw stops weighing cards at the first that leaves the hand's need; in Normal's own
positions it moves as Normal does in all but about one play in a thousand), read straight
from the sampled state (:class:`StateSeat`: what Normal reads of a view, no view built;
the world is already dealt, nothing can leak); no bot, registry or time is asked, and
the strategy's costly questions (how far a hand is from its contract, which cards fit
the table) are remembered across the rollouts of one search, which replay the same
worlds for every candidate. A whole rollout is played on the engine's
:class:`~cardtable.engine.shanghai_dry.DryShanghai` (``play_out``): the fields a move
changes are changed in place, not copied with the whole state at every move, and
Normal reads them there (:class:`TableSeat`); it reaches the very state the engine's
moves reach (``tests/test_shanghai_dry``), so Hard's moves are unchanged.

**Leaf value** (:func:`shanghai_leaf`): the seat's chance of winning the game from a
mid-round state. Each seat's hand is worth the points it will most likely be caught
with when the round ends (``round_end_penalty``): a seat down sheds most of its cards,
a seat far from its contract keeps its whole hand, and the nearer any seat is to going
out, the fewer turns are left for the others to shed. Those expected points are added
to the totals (May I: the going-out points too, and the fewest-penalty bonus by the
chance of each seat having the fewest), and ``chance_ahead`` turns the totals into a
chance of winning with the spread of the rounds still to play.

Imports the engine only.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from ..engine import Action, IllegalActionError
from ..engine.cards import Card
from ..engine.contracts import ContractRules, cards_needed
from ..engine.options import ShanghaiMayIOptions
from ..engine.shanghai import _Shanghai
from ..engine.shanghai_dry import DryShanghai
from ..engine.shanghai_rules import (
    CONTRACTS,
    ROUNDS,
    Phase,
    ShanghaiState,
    contract_rules,
    hand_penalty,
)
from ..engine.text import msg
from ..engine.variant import SeatedState, SomeVariant
from .leaf import chance_ahead, leaf_value
from .review_terms import round_terms
from .rollout import RolloutPolicy, rollout_policy
from .shanghai_rollout import BuyingRolloutStrategy, RolloutStrategy


@rollout_policy("shanghai_may_i", "shanghai_buy")
class ShanghaiRollout(RolloutPolicy[ShanghaiState]):
    """Normal's move for the seat, read straight from the sampled state (``StateSeat``)."""

    state_type = ShanghaiState

    def __init__(self, variant: SomeVariant) -> None:
        super().__init__(variant)
        self.may_i = _may_i(variant)
        # Buying keeps Normal's own moves: with the cheaper strategy Hard finished ahead
        # of two Normal players 6.9 ± 6.9 points less often (40 paired deals), at the
        # edge of the noise, for 1.3 times the rollouts' speed.
        self._engine = variant if isinstance(variant, _Shanghai) else None
        """The Shanghai engine (as its own class: the dry table reads its checks)."""
        self._normal = RolloutStrategy(self._engine) if self.may_i else BuyingRolloutStrategy()
        self.crules = _contract_rules(variant)

    def choose(self, state: ShanghaiState, seat: int, rng: random.Random) -> Action:
        sight = StateSeat(self, state, seat)
        move = self._normal.choose(sight, rng)
        # Listed, the move is applied without being checked again (``apply`` finds it in
        # the state's list). Where the policy did not need the list (a call, an answer)
        # it is one of a few shared moves, and listing costs less than checking; a turn's
        # play it chose without the list (a throw, a go-down) is checked alone, which
        # costs less than listing the hand's every move.
        if sight.unlisted and state.phase is not Phase.PLAY:
            self.legal(state, seat)
        return move

    def legal(self, state: ShanghaiState, seat: int) -> tuple[Action, ...]:
        return self.variant.legal_actions(state, seat)

    def play_out(self, start: SeatedState, seat: int, action: Action,
                 rng: Callable[[], random.Random], horizon: int,
                 limit: int) -> tuple[SeatedState, int, int] | None:
        """The rollout from ``start`` played on a :class:`DryShanghai` (the state the
        engine's moves reach, without a copy of it at every move), each move Normal's
        choice read from the table (``TableSeat``): see ``rollout.PlaysOut``. Normal
        never draws on a generator, so none is made (``DeferredRandom``)."""
        variant = self._engine
        if type(start) is not ShanghaiState or variant is None:
            raise TypeError(f"{type(self).__name__} plays Shanghai, not {type(start).__name__}")
        table = DryShanghai(variant, start)
        try:
            steps, faults = table.play(self._choose_dry, seat, action, DeferredRandom(rng),
                                       horizon, limit)
        except IllegalActionError:
            return None
        return table.state(), steps, faults

    def _choose_dry(self, table: DryShanghai, seat: int, rng: random.Random) -> Action:
        return self._normal.choose(TableSeat(self, table, seat), rng)


class DeferredRandom(random.Random):
    """A generator made only when first drawn on (by ``make``): the same numbers as the
    generator ``make`` makes, and no cost where nothing is drawn (seeding one from its
    name costs as much as a rollout's move)."""

    def __init__(self, make: Callable[[], random.Random]) -> None:  # no seeding here
        self._make = make
        self._real: random.Random | None = None
        self.gauss_next = None  # ``Random.seed`` sets it; ``gauss`` reads it

    def _generator(self) -> random.Random:
        real = self._real
        if real is None:
            real = self._real = self._make()
        return real

    def random(self) -> float:
        return self._generator().random()

    def getrandbits(self, k: int, /) -> int:
        return self._generator().getrandbits(k)


class _SeatRead:
    """The fields of the seat to move that Normal reads (``ShanghaiSeat``), read from a
    sampled state or a rollout's dry table alike (both hold them by the same names)."""

    __slots__ = ("seat", "phase", "hand", "down", "melds", "discard_pile", "top_discard",
                 "took_discard", "may_i", "contract", "crules", "last_thrown")

    def _read(self, rollout: ShanghaiRollout, source: ShanghaiState | DryShanghai,
              seat: int, thrown: Card | None) -> None:
        self.seat = seat
        self.phase = source.phase
        self.hand = source.hands[seat]
        self.down = source.down
        self.melds = source.melds
        pile = self.discard_pile = source.discard_pile
        self.top_discard = pile[-1] if pile and source.exposed else None
        self.took_discard = source.took_discard
        self.may_i = rollout.may_i
        self.contract = CONTRACTS[source.round - 1]
        self.crules = rollout.crules
        self.last_thrown = thrown.face if thrown is not None else None


class StateSeat(_SeatRead):
    """The seat to move as Normal reads it, straight from a sampled state: the fields
    ``observe`` would copy into its view, and the legal list only when Normal asks for
    it (the engine keeps it with the state, and ``apply`` finds the move listed)."""

    __slots__ = ("_rollout", "_state", "_legal")

    def __init__(self, rollout: ShanghaiRollout, state: ShanghaiState, seat: int) -> None:
        self._rollout, self._state = rollout, state
        self._read(rollout, state, seat, state.tells.last_thrown(seat))
        self._legal: tuple[Action, ...] | None = None

    @property
    def unlisted(self) -> bool:
        """Whether the legal list was never asked for."""
        return self._legal is None

    @property
    def legal(self) -> tuple[Action, ...]:
        listed = self._legal
        if listed is None:
            listed = self._legal = self._rollout.legal(self._state, self.seat)
        return listed


class TableSeat(_SeatRead):
    """``StateSeat`` read from a rollout's :class:`DryShanghai`, the legal list from the
    table only when Normal asks for it."""

    __slots__ = ("_table", "_legal")

    def __init__(self, rollout: ShanghaiRollout, table: DryShanghai, seat: int) -> None:
        self._table = table
        self._read(rollout, table, seat, table.last_thrown(seat))
        self._legal: tuple[Action, ...] | None = None

    @property
    def legal(self) -> tuple[Action, ...]:
        listed = self._legal
        if listed is None:
            listed = self._legal = self._table.legal(self.seat)
        return listed


SHORT_CLASSES = 4
"""Hands short of the contract by this many cards or more are one class."""


def hand_class(variant: SomeVariant, state: ShanghaiState, seat: int) -> tuple[int, bool]:
    """How near the seat's hand is to its round's end (down: minus the cards left in
    hand, at most ``SHORT_CLASSES``; else the cards it is short of the contract, from 1
    to ``SHORT_CLASSES``), and whether another seat is down (the round may end soon).
    The estimate's 0 ("it can, or nearly") counts as 1: Normal goes down as soon as it
    can, so a hand still up at 0 is one the estimate cannot tell from a card short.
    (Kept apart, such hands at the start of a turn were stuck ones: in May I with
    another seat down they kept 76 % of their points, against 15 % a card short.)"""
    pressed = any(down for other, down in enumerate(state.down) if other != seat)
    if state.down[seat]:
        return -min(len(state.hands[seat]), SHORT_CLASSES), pressed
    need = cards_needed(state.hands[seat], CONTRACTS[state.round - 1],
                        _contract_rules(variant))
    return min(max(1, need), SHORT_CLASSES), pressed


Classes = dict[tuple[int, bool], float]

RETAINED: dict[bool, Classes] = {
    True: {
        (-4, False): 0.14, (-4, True): 0.29, (-3, False): 0.32, (-3, True): 0.36,
        (-2, False): 0.39, (-2, True): 0.35, (-1, False): 0.48, (-1, True): 0.35,
        (1, False): 0.13, (1, True): 0.15,
        (2, False): 0.21, (2, True): 0.24, (3, False): 0.36, (3, True): 0.45,
        (4, False): 0.52, (4, True): 0.75},
    False: {
        (-4, False): 0.25, (-4, True): 0.36, (-3, False): 0.41, (-3, True): 0.42,
        (-2, False): 0.36, (-2, True): 0.54, (-1, False): 0.61, (-1, True): 0.60,
        (1, False): 0.11, (1, True): 0.23,
        (2, False): 0.19, (2, True): 0.36, (3, False): 0.28, (3, True): 0.45,
        (4, False): 0.45, (4, True): 0.57},
}
"""Per game (May I: True) and hand class (``hand_class``): the share of a hand's points
its seat is still caught with when the round ends, from Normal self-play
(``python3 bench/shanghai_leaf.py --games 30``: May I at 2 seats, buying at 3; the
classes seen fewer than 40 times, May I short 3 or 4 with another seat down, pooled
with a run of 40 games).

Refit on the play the leaf is read after in May I (``python3 bench/shanghai_leaf.py
--policy rollout --only shanghai_may_i --games 400``, 96,548 hands: its shares, with
its going-out strengths read against the other seat's in place of ``GOES_OUT``), the
tables predicted held-out games better (who went out: log-likelihood -0.628 a hand
against -0.672; the points kept: squared error 2,480 against 2,582), but Hard did not
play better with them: it won 60.0 % of the deals with them against 62.0 % with these,
-2.0 ± 4.0 points over 200 deals paired (``tournament --game shanghai_may_i --bots
hard,normal --bot-seed 7``, ``--seed 1`` and ``--seed 101``). Classes split by the
wilds held, the round, or (down) the cards that fit the table predicted no better
(log-likelihood within 0.003)."""
GOES_OUT: dict[bool, Classes] = {
    True: {
        (-4, False): 0.58, (-4, True): 0.38, (-3, False): 0.51, (-3, True): 0.42,
        (-2, False): 0.43, (-2, True): 0.50, (-1, False): 0.52, (-1, True): 0.64,
        (1, False): 0.54, (1, True): 0.54,
        (2, False): 0.52, (2, True): 0.47, (3, False): 0.46, (3, True): 0.45,
        (4, False): 0.44, (4, True): 0.40},
    False: {
        (-4, False): 0.34, (-4, True): 0.24, (-3, False): 0.36, (-3, True): 0.26,
        (-2, False): 0.43, (-2, True): 0.31, (-1, False): 0.39, (-1, True): 0.44,
        (1, False): 0.38, (1, True): 0.27,
        (2, False): 0.35, (2, True): 0.22, (3, False): 0.30, (3, True): 0.14,
        (4, False): 0.24, (4, True): 0.17},
}
"""Per game and hand class: the share of such hands whose seat went out (same source)."""
ROUND_SPREAD = {True: 55.0, False: 31.0}
"""Standard deviation of one seat's penalty points in a round (same source): a round
still to play moves a seat's total by about this much."""


def expected_penalties(variant: SomeVariant, state: ShanghaiState) -> list[float]:
    """Each seat's penalty points at the round's end as the state stands: its total so
    far and the share of its hand's points its class keeps (``RETAINED``)."""
    retained = RETAINED[_may_i(variant)]
    expected = []
    for seat, hand in enumerate(state.hands):
        points = hand_penalty(hand, _may_i(variant))
        expected.append(state.penalties[seat] + points * retained[hand_class(variant, state,
                                                                             seat)])
    return expected


PLAYOUTS = 256
"""Rollouts a Hard decision plays: about 40 ms of CPU on average, 0.2–0.3 s at p99
(150 decisions of Normal self-play each, May I at 2 seats and buying at 3, on the
2-core machine), against 18–22 ms at 96."""
HORIZON = 2
"""Own turns after this one a rollout plays: the next two draws, plays and discards, and
every other seat's turns and calls between. At one turn the search's changes lost in May I
(round margin -4.5 ± 3.6 a change, 85 of 1,500 Normal self-play positions, mostly
discards and calls); at two, -0.9 ± 3.3 over 69 (``bench/search_decides.py --games
shanghai_may_i --positions 1500 --seed 101 --kinds [--horizon 2]``). In Shanghai with
buying (three seats: one own turn sees little of the others') Hard's "ahead" share
against two Normal rose from 50.3 % to 67.7 % on the same 25 duplicate deals (paired
+17.3 ± 12.3 points; ``tournament --game shanghai_buy --bots hard,normal,normal --seed 1
--bot-seed 7``); in May I, 61.6 % against 65.3 % on 67 deals (-3.7 ± 7.1, level)."""


def _may_i(variant: SomeVariant) -> bool:
    return variant.id == "shanghai_may_i"


def _contract_rules(variant: SomeVariant) -> ContractRules:
    """The contract as the table agreed it (as ``ShanghaiView.crules`` reads it)."""
    same_rank = bool(getattr(variant.options, "same_rank_sets_in_contract", False))
    return contract_rules(_may_i(variant), same_rank)


@leaf_value("shanghai_may_i", "shanghai_buy", playouts=PLAYOUTS, horizon=HORIZON)
def shanghai_leaf(variant: SomeVariant, state: SeatedState, seat: int) -> float:
    """The seat's chance of winning the game (see the module's docstring)."""
    assert isinstance(state, ShanghaiState)
    outcome = variant.outcome(state)
    if outcome is not None:
        return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
    may_i = _may_i(variant)
    fresh = state.turn == 0 and not any(state.down)
    if fresh:
        # A round just dealt (a rollout that ended the last one): its hands are anyone's
        # luck, and the spread of the whole round to come already counts them.
        penalties = [float(total) for total in state.penalties]
        rounds_left = ROUNDS - state.round + 1.0
    else:
        penalties = expected_penalties(variant, state)
        rounds_left = ROUNDS - state.round + 0.5  # after this one, and what is left of it
    penalty_spread = ROUND_SPREAD[may_i] * math.sqrt(rounds_left)
    if not may_i:
        return chance_ahead(penalties, seat, penalty_spread, low_wins=True)
    options = variant.options
    rules = options if isinstance(options, ShanghaiMayIOptions) else ShanghaiMayIOptions()
    out_points = rules.out_points_per_round * state.round
    going = GOES_OUT[True]
    weights = [1.0 if fresh else going[hand_class(variant, state, other)]
               for other in range(state.seats)]
    total = sum(weights) or 1.0
    scores = []
    for other in range(state.seats):
        fewest = chance_ahead(penalties, other, penalty_spread, low_wins=True)
        scores.append(state.earned[other] + out_points * weights[other] / total
                      + rules.low_penalty_bonus * fewest)
    # Going out in the rounds to come: one seat a round earns 5 × the round.
    later = [rules.out_points_per_round * r for r in range(state.round + 1, ROUNDS + 1)]
    spread = math.sqrt(sum(p * p for p in later) / state.seats + (out_points / 2) ** 2)
    return chance_ahead(scores, seat, spread, low_wins=False)


@round_terms("shanghai_buy", unit=msg("penalty points"), low_better=True,
             round_words=msg("going out"), sized_for=3)
@round_terms("shanghai_may_i", unit=msg("penalty points"), low_better=True,
             round_words=msg("going out"))
def shanghai_terms(variant: SomeVariant, world: SeatedState, reached: SeatedState,
                   seat: int) -> tuple[float, float | None]:
    """The seat's expected penalty points this round (the share of its hand's points its
    class keeps, ``RETAINED``) and its chance of going out (``GOES_OUT``, shared among
    the seats; exact once the round is over: the seat left with no points went out).
    A review of buying is sized for three seats: its reviews are the dearest (66 s of
    CPU at three seats, 121 s at five with the full budget)."""
    if not isinstance(world, ShanghaiState) or not isinstance(reached, ShanghaiState):
        raise TypeError("Shanghai states expected")
    if reached.round == world.round and reached.phase is not Phase.GAME_OVER:
        points = [end - start for end, start in
                  zip(expected_penalties(variant, reached), world.penalties)]
        going = GOES_OUT[_may_i(variant)]
        weights = [going[hand_class(variant, reached, other)] for other in range(reached.seats)]
        return points[seat], weights[seat] / (sum(weights) or 1.0)
    scored = [end - start for end, start in zip(reached.penalties, world.penalties)]
    out = [other for other, points in enumerate(scored) if points == 0]
    return float(scored[seat]), (1.0 / len(out) if seat in out else 0.0)
