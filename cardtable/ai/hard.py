"""The Hard level: a sharper heuristic's move, checked by playing the round out in sampled
worlds.

Its move comes from the game's ``hard`` strategy where there is one (a sharper heuristic:
Shanghai and Monastery weigh a discard by the unseen cards that would bring the hand
nearer; Monastery lays the rarest mission it can), else from Normal's.

Perfect-information Monte Carlo (PIMC): the bot sees only its seat's view. It deals the
cards it cannot see at random, consistently with everything the view shows (its own
hand, the piles and melds, the cards others are known to hold, every count), with the
engine's ``determinize``; in each such world it tries every candidate move and plays
the rest of the round with the Normal strategy at every seat, scoring the round's
points for itself against the others. Each world is shared by all candidates and its
playout uses one random stream for all of them (common random numbers), so the
candidates are compared on the same luck and the differences that remain are theirs.

Candidates are cut down by sequential halving: every candidate gets a few worlds, the
better half goes on to twice as many, and so on, so the budget goes to the close calls.
The planned move is never cut. The rival that comes out on top is then played against
it on fresh worlds, never used to pick it, and replaces it only if it wins clearly
there (a paired margin of ``MARGIN`` standard errors over at least ``MIN_WORLDS``
worlds): picking the best of ten on the same worlds it is judged on finds a lucky move
as often as a good one (Monastery's sparse round values made Hard lose to Normal).
A rival that is behind after ``GIVE_UP_AT`` fresh worlds (or at any doubling of them)
is given up: most rivals lose, and confirming the planned move was where most
of the time went (on 60 positions a game it plays 39–67 % of the playouts, in 36–60 %
of the time, and chooses the same move in 296 of 300).

It is anytime: a fixed budget of playouts makes its answer depend only on the view and
its generator, and a time cap (and the caller's deadline) stops it early with the best
answer so far. Imports the engine only.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..engine import Action, GameView, IllegalActionError, get_variant
from ..engine.actions import GoDown, LayDown, LayMission, PickHidden, PlayHidden, TakeBack
from ..engine.errors import EngineError
from ..engine.options import OptionsInstance
from ..engine.variant import SeatedState, SomeVariant, round_of
from .bots import NormalBot
from .strategies import scores_for

COMMIT = (LayDown, GoDown, LayMission)
"""Laying melds down (going out, a contract, a mission). Playouts make putting one off
look free: in every sampled world the Normal playout lays it next turn anyway, so the
risk of the round ending first is seen too rarely (seen in Monastery: Hard discarded a
king instead of laying mission 6, and lost three games in four to Normal)."""
BLIND = (PickHidden, PlayHidden)
"""Moves chosen without seeing the cards (Palace's hidden reserve): every world deals
those cards at random, so playouts cannot prefer one."""


@dataclass
class _Candidate:
    action: Action
    values: list[float] = field(default_factory=list)
    """One value per world played, in world order (worlds are shared by candidates)."""

    @property
    def mean(self) -> float:
        return sum(self.values) / len(self.values) if self.values else -math.inf


class HardBot:
    """PIMC over Normal playouts, from the hard strategy's move: see the module's
    docstring."""

    name = "hard"
    PLAYOUTS = 192
    """Playouts a decision may use in all (candidates × worlds)."""
    SECONDS = 1.0
    """A decision stops sampling after this long, whatever is left of the budget."""
    MAX_CANDIDATES = 10
    """Moves searched at most: the planned one and others (a random few when there are more)."""
    VERIFY = 0.4
    """Share of the playouts kept to test the chosen rival against the planned move on
    worlds not used to choose it."""
    MARGIN = 1.5
    """How many standard errors a move must beat the planned one by to be played instead."""
    MIN_WORLDS = 6
    """Worlds a move must have shared with the planned one before it may replace it."""
    PLAYOUT_MOVES = 1500
    """A playout longer than this is scored as it stands (random stock rebuilds)."""
    GIVE_UP_AT = 16
    """Worlds after which (and again at each doubling) a rival that is behind the
    planned move stops being tested: most rivals lose, and playing the rest of the
    budget only to confirm it is where the time went (0: never give up early). A rival
    level with it goes on: Monastery's round values are sparse (a mission made or not),
    so a rival often ties on the first worlds and shows its edge only later."""

    def __init__(self, playouts: int | None = None, seconds: float | None = None) -> None:
        self.playouts = self.PLAYOUTS if playouts is None else playouts
        self.seconds = self.SECONDS if seconds is None else seconds
        self._normal = NormalBot()
        """Plays every seat in the playouts (cheap, and how the opponents play)."""
        self._planner = NormalBot("hard")
        """The move the search starts from and keeps unless a rival clearly beats it."""
        self._variants: dict[tuple[str, OptionsInstance | None], SomeVariant] = {}
        self.last_playouts = 0
        """Playouts the last decision made (for the bench)."""
        self.last_chosen_on = 0
        """Worlds the last decision used to choose a rival (later ones verify it)."""

    def supports(self, game_id: str) -> bool:
        return self._normal.supports(game_id)

    def choose(self, observation: GameView, rng: random.Random, deadline: float,
               should_stop: Callable[[], bool]) -> Action:
        planned = self._planner.choose(observation, rng, deadline, should_stop)
        self.last_playouts = self.last_chosen_on = 0
        if isinstance(planned, COMMIT):
            return planned  # see COMMIT: a lay-down planned is never put off
        candidates = self._candidates(observation, planned, rng)
        if len(candidates) < 2 or all(isinstance(c.action, BLIND) for c in candidates):
            return planned  # one move, or choices made blind: no search can tell them apart
        started = time.monotonic()
        stop_at = min(started + self.seconds, deadline - 0.25)
        try:
            variant = self._variant(observation)
        except EngineError:
            return planned
        search = _Search(variant, observation, self._normal, rng.getrandbits(64),
                         self.PLAYOUT_MOVES)
        if len(candidates) == 2:
            # One rival (draw or not, call or pass): nothing to choose among, so every
            # world tests it and none is spent choosing.
            return self._test(search, candidates, 0, stop_at, should_stop)
        # Choosing gets its share of the playouts and of the time; testing the rest.
        selecting = self.playouts - int(self.playouts * self.VERIFY)
        select_until = started + (stop_at - started) * (1 - self.VERIFY)

        def out_of_time() -> bool:
            return time.monotonic() >= select_until or should_stop()

        base, rivals = candidates[0], candidates[1:]
        halvings = max(1, math.ceil(math.log2(len(candidates))))
        per_halving = max(len(candidates), selecting // (halvings + 1))
        worlds = 0
        while len(rivals) > 1 and not out_of_time():
            playing = [base, *rivals]
            left = (selecting - search.playouts) // len(playing)
            if left < 1:
                break
            new_worlds = min(max(2, per_halving // len(playing)), left)
            for world in range(worlds, worlds + new_worlds):
                for candidate in playing:
                    if out_of_time():
                        break
                    candidate.values.append(search.playout(world, candidate.action))
            worlds += new_worlds
            rivals.sort(key=lambda c: c.mean, reverse=True)
            rivals = rivals[:max(1, len(rivals) // 2)]
        self.last_chosen_on = worlds
        chosen = max(rivals, key=lambda c: _paired_edge(c, base))
        if _paired_edge(chosen, base) <= 0:
            self.last_playouts = search.playouts
            return planned  # nothing looked better even on the worlds it was picked on
        return self._test(search, [_Candidate(planned), _Candidate(chosen.action)], worlds,
                          stop_at, should_stop)

    def _test(self, search: _Search, pair: list[_Candidate], world: int, stop_at: float,
              should_stop: Callable[[], bool]) -> Action:
        """The planned move (first) against one rival on worlds from ``world`` on, until the
        budget or the time is spent: the rival if it wins clearly (see ``_verdict``)."""
        checkpoint = self.GIVE_UP_AT
        while (search.playouts + len(pair) <= self.playouts
               and time.monotonic() < stop_at and not should_stop()):
            for candidate in pair:
                candidate.values.append(search.playout(world, candidate.action))
            world += 1
            tested = len(pair[1].values)
            if checkpoint and tested >= checkpoint:
                if _paired_edge(pair[1], pair[0]) < 0:
                    break  # behind: the margin it needs is out of reach
                checkpoint *= 2
        self.last_playouts = search.playouts
        return self._verdict(pair, pair[0].action)

    def _candidates(self, view: GameView, planned: Action, rng: random.Random) -> list[_Candidate]:
        """The planned move first, then the other distinct legal moves (never a take-back:
        the search plays forward), at most ``MAX_CANDIDATES``."""
        others = [a for a in dict.fromkeys(view.legal)
                  if a != planned and not isinstance(a, TakeBack)]
        if len(others) >= self.MAX_CANDIDATES:
            others = rng.sample(others, self.MAX_CANDIDATES - 1)
        return [_Candidate(planned)] + [_Candidate(a) for a in others]

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


class _Search:
    """The worlds of one decision and their playouts (of a variant found by the view's
    game: its states and views are the game's own, held as any game's)."""

    def __init__(self, variant: SomeVariant, view: GameView, normal: NormalBot,
                 seed: int, move_cap: int) -> None:
        self.variant, self.view, self.normal = variant, view, normal
        self.seat: int = view.seat
        self.seed = seed
        self.move_cap = move_cap
        self.worlds: list[SeatedState] = []
        self.playouts = 0

    def world(self, index: int) -> SeatedState:
        while len(self.worlds) <= index:
            rng = random.Random(f"{self.seed}:world:{len(self.worlds)}")
            self.worlds.append(self.variant.determinize(self.view, rng))
        return self.worlds[index]

    def playout(self, index: int, action: Action) -> float:
        """The round played out from this world after ``action``, Normal at every seat,
        as this seat's points against the others' mean (higher is better)."""
        self.playouts += 1
        variant, seat = self.variant, self.seat
        start = self.world(index)
        try:
            state = variant.apply(start, seat, action).state
        except IllegalActionError:
            return -math.inf
        rng = random.Random(f"{self.seed}:playout:{index}")  # the same for every candidate
        playing = round_of(start, 0)
        for _ in range(self.move_cap):
            if variant.outcome(state) is not None or round_of(state, 0) != playing:
                break
            awaiting = variant.awaiting(state)
            if not awaiting:
                break
            mover = awaiting[0]
            choice = self.normal.choose(variant.observe(state, mover), rng, math.inf,
                                        _never)
            state = variant.apply(state, mover, choice).state
        return _value(variant, state, seat)


def _paired_edge(candidate: _Candidate, base: _Candidate) -> float:
    """The candidate's mean lead over ``base`` on the worlds both were played in."""
    shared = min(len(candidate.values), len(base.values))
    if shared == 0:
        return -math.inf
    return sum(candidate.values[i] - base.values[i] for i in range(shared)) / shared


def _never() -> bool:
    return False




def _value(variant: SomeVariant, state: SeatedState, seat: int) -> float:
    """This seat's standing against the others' mean, higher is better, in the game's
    own score (penalty points, points earned, missions, cards left), or in the scores a
    game's AI gives the search instead (``search_scores``: May I's bonus as a chance)."""
    scorer = scores_for(variant.id)
    scores: Sequence[float] = (scorer(variant, state) if scorer is not None
                               else variant.standings(state))
    others = [score for other, score in enumerate(scores) if other != seat]
    margin = scores[seat] - sum(others) / len(others)
    return -margin if variant.low_scores_win else margin
