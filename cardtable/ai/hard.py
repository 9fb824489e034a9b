"""The Hard level: a sharper heuristic's move, checked by short rollouts in sampled worlds.

Its move comes from the game's ``hard`` strategy where there is one (a sharper heuristic:
Shanghai and Monastery weigh a discard by the unseen cards that would bring the hand
nearer; Monastery lays the rarest mission it can), else from Normal's.

Perfect-information Monte Carlo over the seat's view only: the cards it cannot see are
dealt at random, consistently with everything it can (:mod:`worlds`, which also weighs
the deals by what the opponents have shown). In each world every candidate move is
played, then the table plays on (:mod:`rollout`: each game's policy read straight from
the sampled state) to the end of this seat's next own turn (``HORIZON``), and the state
reached is valued by the game's reading of it (:mod:`leaf`: the seat's chance of
winning the game). A short horizon valued by what wins resolves choices that whole-round
playouts scored in raw points could not: their noise drowned the differences. Each world
is shared by all candidates and its rollout uses one random stream for all of them
(common random numbers), so the candidates are compared on the same luck.

Candidates (:mod:`candidates`) are cut down by sequential halving: every candidate gets
a few worlds, the better half goes on to twice as many, and so on. The planned move is
never cut. The rival that comes out on top is then played against it on fresh worlds,
never used to pick it, and replaces it only if it wins clearly there (a paired margin of
``MARGIN`` standard errors over at least ``MIN_WORLDS`` worlds): the best of ten on the
worlds that chose it is as often lucky as good. A rival behind after ``GIVE_UP_AT``
fresh worlds (or at any doubling of them) is given up.

The budget is work, never time: a fixed number of rollouts (``PLAYOUTS``), so the same
view, generator and budget give the same move on any machine and under any load, and a
saved game replays to the same Hard moves. Only ``should_stop`` (nobody waits any more)
ends a search early, and then its answer is thrown away. Imports the engine only.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Protocol, cast

from ..engine import Action, GameView, IllegalActionError, get_variant
from ..engine.actions import GoDown, LayDown, LayMission, PickHidden, PlayHidden
from ..engine.errors import EngineError
from ..engine.options import OptionsInstance
from ..engine.sampling import InconsistentViewError
from ..engine.variant import SeatedState, SomeVariant, round_of
from .bots import NormalBot
from .candidates import candidates as search_candidates
from .collector import collector_paused
from .leaf import Leaf, LeafValue, leaf_for, standing_margin
from .rollout import Mover, PlaysOut, policy_for
from .worlds import Worlds

COMMIT = (LayDown, GoDown, LayMission)
"""Laying melds down (going out, a contract, a mission). Rollouts make putting one off
look free: in every sampled world the policy lays it next turn anyway, so the risk of
the round ending first is seen too rarely (seen in Monastery: Hard discarded a king
instead of laying mission 6, and lost three games in four to Normal)."""
BLIND = (PickHidden, PlayHidden)
"""Moves chosen without seeing the cards (Palace's hidden reserve): every world deals
those cards at random, so rollouts cannot prefer one."""


class _TurnState(Protocol):
    @property
    def current(self) -> int: ...


def _turn_of(state: SeatedState) -> int:
    """Whose turn it is (every game's state has ``current``; read as a protocol, not
    checked at run time, since rollouts ask it every move)."""
    return cast(_TurnState, state).current


Measure = Callable[[SomeVariant, SeatedState, SeatedState, int], tuple[float, ...]]
"""``measure(variant, world, reached, seat)``: more readings of a rollout's end for the
seat, beside its leaf value (the review's costs in the game's own terms)."""


@dataclass(frozen=True, slots=True)
class Rollout:
    """One rollout of a decision: the world it was played in, the move tried, its value
    (and the search's other measures of the state it reached, if it was asked for any)."""

    world: int
    action: Action
    value: float
    measures: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the search made of one decision: the move it plays, and the evidence.

    ``pairs`` holds the base move's and the tested rival's rollouts on each fresh world
    (worlds never used to pick the rival), in world order: their paired differences are
    an unbiased reading of what the rival gains, which the review reports."""

    action: Action
    """The move to play: the base, unless the rival beat it clearly."""
    base: Action
    """The move the search starts from (Hard's planned move; the player's, in a review)."""
    rival: Action | None
    """The rival played against the base on fresh worlds (None: none looked better)."""
    pairs: tuple[tuple[Rollout, Rollout], ...] = ()


@dataclass
class _Candidate:
    action: Action
    values: list[float] = field(default_factory=list)
    """One value per world played, in world order (worlds are shared by candidates)."""

    @property
    def mean(self) -> float:
        return sum(self.values) / len(self.values) if self.values else -math.inf


class HardBot:
    """Short rollouts in sampled worlds, from the hard strategy's move: see the module's
    docstring."""

    name = "hard"
    PLAYOUTS = 192
    """Rollouts a decision may use in all (candidates × worlds), where the game's leaf
    sets no budget of its own."""
    HORIZON = 1
    """Own turns after this one a rollout plays before its state is valued (0: to the
    round's end; always so in a game that registers no leaf value)."""
    MAX_CANDIDATES = 10
    """Moves searched at most: the planned one and the most promising others."""
    VERIFY = 0.4
    """Share of the rollouts kept to test the chosen rival against the planned move on
    worlds not used to choose it."""
    MARGIN = 1.5
    """How many standard errors a move must beat the planned one by to be played instead."""
    MIN_WORLDS = 6
    """Worlds a move must have shared with the planned one before it may replace it."""
    PLAYOUT_MOVES = 1500
    """A rollout longer than this is valued as it stands (random stock rebuilds)."""
    GIVE_UP_AT = 16
    """Worlds after which (and again at each doubling) a rival that is behind the
    planned move stops being tested: most rivals lose, and playing the rest of the
    budget only to confirm it is where the time went (0: never give up early). A rival
    level with it goes on: Monastery's values are sparse (a mission made or not), so a
    rival often ties on the first worlds and shows its edge only later."""

    worlds: type[Worlds] = Worlds
    """How a decision's worlds are dealt (``bench/ceiling.py`` deals the true state)."""

    def __init__(self, playouts: int | None = None, horizon: int | None = None,
                 observing: bool = False, read: bool = True) -> None:
        self.playouts = playouts
        """The budget given (None: the game's own, see ``_budget``)."""
        self.horizon = horizon
        self.observing = observing
        """Rollouts by Normal through views built every move (the bench's baseline)."""
        self.read = read
        """Whether worlds are weighed by what the opponents did (:mod:`worlds`)."""
        self._planner = NormalBot("hard")
        """The move the search starts from and keeps unless a rival clearly beats it."""
        self._variants: dict[tuple[str, OptionsInstance | None], SomeVariant] = {}
        self._policies: dict[int, Mover] = {}
        self.last_playouts = 0
        """Rollouts the last decision made (for the bench)."""
        self.last_steps = 0
        """Moves played inside the last decision's rollouts (for the bench)."""
        self.last_chosen_on = 0
        """Worlds the last decision used to choose a rival (later ones verify it)."""
        self.last_planned: Action | None = None
        """The move the heuristic planned at the last decision (the search may keep it)."""
        self.last_faults = 0
        """Rollouts of the last decision cut short by a policy's illegal move (none
        expected: the policies' tests hold them to legal moves)."""
        self.last_rollouts: tuple[Rollout, ...] = ()
        """Every rollout of the last decision, in the order played (for the tests: a
        view whose hidden cards are dealt otherwise must give the same ones)."""

    def supports(self, game_id: str) -> bool:
        return self._planner.supports(game_id)

    def choose(self, observation: GameView, rng: random.Random, deadline: float,
               should_stop: Callable[[], bool]) -> Action:
        planned = self._planner.choose(observation, rng, deadline, should_stop)
        self.last_planned = planned
        self.last_playouts = self.last_steps = self.last_chosen_on = 0
        self.last_rollouts = ()
        if isinstance(planned, COMMIT):
            return planned  # see COMMIT: a lay-down planned is never put off
        return self.weigh(observation, planned, rng, should_stop).action

    def weigh(self, observation: GameView, base: Action, rng: random.Random,
              should_stop: Callable[[], bool], first: Sequence[Action] = (),
              measure: Measure | None = None,
              keep: Callable[[Action], bool] | None = None,
              test_best: bool = False) -> Verdict:
        """The search from ``base``: the rivals (``first``, then the candidates; only
        moves ``keep`` keeps, if given), each weighed against it on the same worlds, and
        the verdict. Hard weighs its planned move; the review weighs the player's, with
        the planned move ``first``, and tests the best rival on fresh worlds even where
        none looked better on the worlds that chose it (``test_best``: a cost measured,
        where Hard saves the rollouts)."""
        self.last_playouts = self.last_steps = self.last_chosen_on = 0
        self.last_rollouts = ()
        moves = search_candidates(observation, base, self.MAX_CANDIDATES, rng, keep)
        if first:
            ahead = [move for move in dict.fromkeys(first)
                     if move != base and (keep is None or keep(move))]
            moves = [base, *ahead,
                     *(m for m in moves[1:] if m not in ahead)][:self.MAX_CANDIDATES]
        plain = Verdict(base, base, None)
        if len(moves) < 2 or all(isinstance(move, BLIND) for move in moves):
            return plain  # one move, or choices made blind: no search can tell them apart
        try:
            variant = self._variant(observation)
        except EngineError:
            return plain
        leaf = leaf_for(variant.id)
        seed = rng.getrandbits(64)
        search = _Search(variant, observation, self._policy(variant),
                         leaf.value if leaf else standing_margin,
                         self.worlds(variant, observation, seed, self.read), seed,
                         self._horizon(leaf), self.PLAYOUT_MOVES, measure)
        budget = self._budget(leaf)
        try:
            with collector_paused():
                return self._search(search, [_Candidate(move) for move in moves], budget,
                                    should_stop, test_best)
        except InconsistentViewError:
            # A view whose card counts do not add up (a bug, never play) deals no world:
            # the base move stands, and the bench and tests see it counted.
            search.faults += 1
            return plain
        finally:
            self.last_playouts, self.last_steps = search.playouts, search.steps
            self.last_rollouts = tuple(search.rollouts)
            self.last_faults = search.faults

    def _budget(self, leaf: Leaf | None) -> int:
        """Rollouts this decision may play: the bot's own budget if it was given one,
        else the game's (its leaf's), else ``PLAYOUTS``."""
        if self.playouts is not None:
            return self.playouts
        return leaf.playouts if leaf is not None and leaf.playouts else self.PLAYOUTS

    def _horizon(self, leaf: Leaf | None) -> int:
        """Own turns a rollout plays: to the round's end where the game has no leaf."""
        if leaf is None:
            return 0
        if self.horizon is not None:
            return self.horizon
        return leaf.horizon if leaf.horizon is not None else self.HORIZON

    def _search(self, search: _Search, candidates: list[_Candidate], budget: int,
                should_stop: Callable[[], bool], test_best: bool = False) -> Verdict:
        planned = candidates[0].action
        if len(candidates) == 2:
            # One rival (draw or not, call or pass): nothing to choose among, so every
            # world tests it and none is spent choosing.
            return self._test(search, candidates, 0, budget, should_stop)
        selecting = budget - int(budget * self.VERIFY)
        base, rivals = candidates[0], candidates[1:]
        halvings = max(1, math.ceil(math.log2(len(candidates))))
        per_halving = max(len(candidates), selecting // (halvings + 1))
        worlds = 0
        while len(rivals) > 1 and not should_stop():
            playing = [base, *rivals]
            left = (selecting - search.playouts) // len(playing)
            if left < 1:
                break
            new_worlds = min(max(2, per_halving // len(playing)), left)
            for world in range(worlds, worlds + new_worlds):
                for candidate in playing:
                    candidate.values.append(search.playout(world, candidate.action))
            worlds += new_worlds
            rivals.sort(key=lambda c: c.mean, reverse=True)
            rivals = rivals[:max(1, len(rivals) // 2)]
        self.last_chosen_on = worlds
        chosen = max(rivals, key=lambda c: _paired_edge(c, base))
        if _paired_edge(chosen, base) <= 0 and not test_best:
            # Nothing looked better even on the worlds it was picked on.
            return Verdict(planned, planned, None)
        return self._test(search, [_Candidate(planned), _Candidate(chosen.action)], worlds,
                          budget, should_stop)

    def _test(self, search: _Search, pair: list[_Candidate], world: int, budget: int,
              should_stop: Callable[[], bool]) -> Verdict:
        """The planned move (first) against one rival on worlds from ``world`` on, until the
        budget is spent: the rival if it wins clearly (see ``_verdict``)."""
        checkpoint = self.GIVE_UP_AT
        played: list[tuple[Rollout, Rollout]] = []
        while search.playouts + len(pair) <= budget and not should_stop():
            for candidate in pair:
                candidate.values.append(search.playout(world, candidate.action))
            played.append((search.rollouts[-2], search.rollouts[-1]))
            world += 1
            tested = len(pair[1].values)
            if checkpoint and tested >= checkpoint:
                if _paired_edge(pair[1], pair[0]) < 0:
                    break  # behind: the margin it needs is out of reach
                checkpoint *= 2
        base = pair[0].action
        return Verdict(self._verdict(pair, base), base, pair[1].action, tuple(played))

    def _verdict(self, candidates: Sequence[_Candidate], planned: Action) -> Action:
        """The rival that beats the planned move (first) by the most on the fresh worlds
        both played, if by ``MARGIN`` standard errors of the paired differences over at
        least ``MIN_WORLDS`` worlds."""
        base = candidates[0]
        best: _Candidate | None = None
        best_edge = 0.0
        for candidate in candidates[1:]:
            shared = min(len(candidate.values), len(base.values))
            if shared < self.MIN_WORLDS:
                continue
            diffs = [candidate.values[i] - base.values[i] for i in range(shared)]
            mean = sum(diffs) / shared
            spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (shared - 1))
            if mean > self.MARGIN * spread / math.sqrt(shared) and mean > best_edge:
                best, best_edge = candidate, mean
        return best.action if best is not None else planned

    def _variant(self, view: GameView) -> SomeVariant:
        """The rules the view is played under (its game and agreed options), one
        instance per game so its listing cache is the bot's own."""
        key = (view.game_id, view.options)
        variant = self._variants.get(key)
        if variant is None:
            variant = self._variants[key] = get_variant(view.game_id)(view.options)
        return variant

    def _policy(self, variant: SomeVariant) -> Mover:
        """The rollout policy of this variant, made once and kept (it may cache)."""
        policy = self._policies.get(id(variant))
        if policy is None:
            policy = self._policies[id(variant)] = policy_for(variant, self.observing)
        return policy


class _Search:
    """The worlds of one decision and its rollouts (of a variant found by the view's
    game: its states and views are the game's own, held as any game's)."""

    def __init__(self, variant: SomeVariant, view: GameView, policy: Mover, value: LeafValue,
                 worlds: Worlds, seed: int, horizon: int, move_cap: int,
                 measure: Measure | None = None) -> None:
        self.variant, self.view, self.policy, self.value = variant, view, policy, value
        self.measure = measure
        self.seat: int = view.seat
        self.worlds, self.seed = worlds, seed
        self.horizon, self.move_cap = horizon, move_cap
        self.playouts = self.steps = self.faults = 0
        self.rollouts: list[Rollout] = []
        self.plays_out = policy if isinstance(policy, PlaysOut) else None
        """The policy, where it plays a whole rollout itself (the same moves, faster)."""

    def world(self, index: int) -> SeatedState:
        return self.worlds[index]

    def playout(self, index: int, action: Action) -> float:
        """This world after ``action``, played on to the end of the seat's next own turn
        (or the round's end), valued for the seat (higher is better)."""
        self.playouts += 1
        variant, seat, horizon = self.variant, self.seat, self.horizon
        start = self.world(index)
        name = f"{self.seed}:playout:{index}"  # the same generator for every candidate
        if self.plays_out is not None:
            reached = self.plays_out.play_out(start, seat, action, partial(random.Random, name),
                                              horizon, self.move_cap)
            if reached is None:
                self.rollouts.append(Rollout(index, action, -math.inf))
                return -math.inf
            state, steps, faults = reached
            self.steps += steps
            self.faults += faults
        else:
            try:
                state = variant.apply_built(start, seat, action).state
            except IllegalActionError:
                self.rollouts.append(Rollout(index, action, -math.inf))
                return -math.inf
            state = self._played_on(state, round_of(start, 0), random.Random(name))
        value = self.value(variant, state, seat)
        measures = self.measure(variant, start, state, seat) if self.measure else ()
        self.rollouts.append(Rollout(index, action, value, measures))
        return value

    def _played_on(self, state: SeatedState, playing: int, rng: random.Random) -> SeatedState:
        """The rollout played move by move, each the policy's, through the engine."""
        variant, seat, horizon, move = self.variant, self.seat, self.horizon, self.policy.move
        ours = _turn_of(state) == seat
        returns = 0
        for _ in range(self.move_cap):
            if variant.outcome(state) is not None or round_of(state, 0) != playing:
                break
            awaiting = variant.awaiting(state)
            if not awaiting:
                break
            turn = _turn_of(state)
            if turn == seat and not ours:
                returns += 1
            elif turn != seat and ours and horizon and returns >= horizon:
                break  # the seat's next own turn is over
            ours = turn == seat
            mover = awaiting[0]
            try:
                state = variant.apply_built(state, mover, move(state, mover, rng)).state
            except EngineError:
                # A policy's slip in a dealt world no real game reached: the rollout is
                # valued where it stands rather than losing the whole decision (counted,
                # and the policies' tests hold them to legal moves).
                self.faults += 1
                break
            self.steps += 1
        return state


def _paired_edge(candidate: _Candidate, base: _Candidate) -> float:
    """The candidate's mean lead over ``base`` on the worlds both were played in."""
    shared = min(len(candidate.values), len(base.values))
    if shared == 0:
        return -math.inf
    return sum(candidate.values[i] - base.values[i] for i in range(shared)) / shared
