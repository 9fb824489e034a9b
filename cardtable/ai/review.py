"""A post-game review: the person's costliest decisions, and what the strong player
would have done instead.

Every decision of the reviewed seat (a move chosen among two or more) is weighed by the
Hard player's own search (:meth:`hard.HardBot.weigh`, not a copy): from the seat's view
alone, the move played is the base, Hard's planned move is the first rival, the search's
candidates the rest. The rivals are cut down on some worlds and the best is played
against the move on fresh worlds, each world shared by both (common random numbers).
The paired differences on those fresh worlds are the cost, with its standard error:
in the chance of winning the game (the search's own value, by which the decisions are
ranked), and in the game's own terms (penalty points, missions, cards left) and the
chance of winning the round (:mod:`review_terms`). A decision is called a mistake only
when its cost stands clear of the noise (``Z`` standard errors, and at least
``FLOOR``).

Reproducible: each decision's generator is fixed by the deal, the move's index and the
budget, never by the time or the machine. Imports the engine only.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine import Action, GameView
from ..engine.codec import JSONObject, JSONValue, from_json, to_json
from ..engine.errors import CodecError
from ..engine.replay import Replay
from ..engine.rng import derive
from ..engine.variant import SeatedState, SomeVariant
from .bots import NormalBot
from .explain import explain
from .hard import COMMIT, HardBot, Rollout, Verdict
from .hard_in_seat import Cancelled, Comparison, hard_in_seat
from .leaf import leaf_for
from .move_words import move_words
from .review_terms import RoundTerms, terms_for

FORMAT = "cardtable-review-1"
"""What a review's JSON says it is (a change of its fields is a new name)."""
SECRET = 0x5EE_1A57
"""The review's own seed: a review of the same game and budget is the same review."""
BUDGET_FACTOR = 2
"""A review weighs a decision with this many times the Hard player's rollouts, to the
same horizon. (Played to the round's end instead, Shanghai's rollouts priced a wild thrown
away higher, 3-14 % of the chance of winning against 1-9 %, but so much more noisily that
the review found fewer of them: 5 of 16 planted in May I against 12 of 23.)"""
Z = 3.0
"""Standard errors a cost must stand clear of to be called a mistake: a game has a
hundred decisions or more, and at two a handful of them would be luck."""
FLOOR = 0.01
"""The least cost (chance of winning the game) called a mistake, however sure."""
MIN_WORLDS = 8
"""Fresh worlds a rival must have been played on before a cost is measured."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean over worlds and its standard error."""

    mean: float
    se: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Estimate:
        count = len(values)
        if count == 0:
            return cls(0.0, 0.0)
        mean = sum(values) / count
        if count == 1:
            return cls(mean, math.inf)
        spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (count - 1))
        return cls(mean, spread / math.sqrt(count))


ZERO = Estimate(0.0, 0.0)


@dataclass(frozen=True, slots=True)
class Judgement:
    """One decision of the reviewed seat, weighed."""

    move: int
    """Its index in the record's actions."""
    round: int
    played: Action
    better: Action
    """The move the review prefers (the one played where none beat it)."""
    chance: Estimate
    """Chance of winning the game lost by the move played (positive: it cost)."""
    terms: Estimate
    """Cost in the game's own terms (positive: worse, in ``Review.unit``)."""
    round_chance: Estimate
    """Chance of winning the round lost."""
    worlds: int
    """Fresh worlds the two moves were compared on (0: no rival looked better)."""
    why: str
    """Why the better move is better (the "why?" explainers): a message while the
    review is fresh, its English once read back from JSON."""
    played_words: str
    better_words: str
    """The moves as sentences start (``move_words``: messages while fresh; from JSON,
    English, so a screen should name ``played``/``better`` with ``move_words`` again)."""

    @property
    def mistake(self) -> bool:
        """Whether the cost stands clear of the noise (see ``Z`` and ``FLOOR``)."""
        return (self.worlds >= MIN_WORLDS and self.chance.mean >= FLOOR
                and self.chance.mean > Z * self.chance.se)

    def to_json(self) -> JSONObject:
        return {"move": self.move, "round": self.round,
                "played": self.played_words, "better": self.better_words,
                "played_action": to_json(self.played), "better_action": to_json(self.better),
                "cost": round(self.terms.mean, 3), "cost_se": _se(self.terms),
                "chance": round(self.chance.mean, 4), "chance_se": _se(self.chance),
                "round_chance": round(self.round_chance.mean, 4),
                "round_chance_se": _se(self.round_chance),
                "worlds": self.worlds, "mistake": self.mistake, "why": self.why}


    @classmethod
    def from_json(cls, data: JSONValue) -> Judgement:
        """A judgement as ``to_json`` wrote it; raises CodecError for anything else."""
        if not isinstance(data, dict):
            raise CodecError("a reviewed decision must be an object")
        try:
            return cls(_count(data["move"]), _count(data["round"]),
                       _action(data["played_action"]), _action(data["better_action"]),
                       _estimate(data["chance"], data["chance_se"]),
                       _estimate(data["cost"], data["cost_se"]),
                       _estimate(data["round_chance"], data["round_chance_se"]),
                       _count(data["worlds"]), _text(data["why"]), _text(data["played"]),
                       _text(data["better"]))
        except (KeyError, TypeError) as error:
            raise CodecError(f"a reviewed decision is damaged ({error})") from None


def _se(estimate: Estimate) -> float:
    return round(estimate.se, 4) if math.isfinite(estimate.se) else -1.0


def _number(value: JSONValue) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) \
            or not math.isfinite(value):
        raise CodecError(f"{value!r:.40} is not a number")
    return float(value)


def _count(value: JSONValue) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise CodecError(f"{value!r:.40} is not a count")
    return value


def _text(value: JSONValue) -> str:
    if not isinstance(value, str):
        raise CodecError(f"{value!r:.40} is not a text")
    return value


def _action(value: JSONValue) -> Action:
    action = from_json(Action, value)
    # The codec reads an object without a type as the base class: no move at all.
    if not isinstance(action, Action) or type(action) is Action:
        raise CodecError(f"{value!r:.40} is not a move")
    return action


def _estimate(mean: JSONValue, se: JSONValue) -> Estimate:
    spread = _number(se)
    return Estimate(_number(mean), math.inf if spread < 0 else spread)


@dataclass(frozen=True, slots=True)
class Review:
    """A game's review for one seat."""

    game_id: str
    seat: int
    budget: int
    unit: str
    """The game's unit (a message; English once read back: ``_()`` finds its msgid)."""
    low_better: bool
    round_words: str
    judgements: tuple[Judgement, ...]
    """Every decision weighed, in the order played."""
    comparison: Comparison | None = None

    @property
    def decisions(self) -> int:
        return len(self.judgements)

    def mistakes(self) -> list[Judgement]:
        """The decisions that cost something beyond the noise, costliest first."""
        return sorted((j for j in self.judgements if j.mistake),
                      key=lambda j: (-j.chance.mean, j.move))

    def costliest(self, count: int = 5) -> list[Judgement]:
        return self.mistakes()[:count]

    @property
    def total_chance(self) -> float:
        return sum(j.chance.mean for j in self.mistakes())

    @property
    def total_terms(self) -> float:
        return sum(j.terms.mean for j in self.mistakes())

    def to_json(self) -> JSONObject:
        comparison: JSONValue = None
        if self.comparison is not None:
            c = self.comparison
            comparison = {"played": c.played, "hard": c.hard, "won": c.won,
                          "hard_won": c.hard_won, "rounds": c.rounds,
                          "finished": c.finished}
        return {"format": FORMAT, "game": self.game_id, "seat": self.seat,
                "budget": self.budget,
                "unit": self.unit, "low_better": self.low_better,
                "round_words": self.round_words, "decisions": self.decisions,
                "mistakes": len(self.mistakes()), "total_chance": round(self.total_chance, 4),
                "total_cost": round(self.total_terms, 3), "comparison": comparison,
                "judgements": [j.to_json() for j in self.judgements]}

    @classmethod
    def from_json(cls, data: JSONValue) -> Review:
        """A review as ``to_json`` wrote it (kept in the history); raises CodecError for
        anything else, with the reason."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise CodecError("not a review of this version")
        try:
            comparison = None
            c = data["comparison"]
            if isinstance(c, dict):
                comparison = Comparison(_number(c["played"]), _number(c["hard"]),
                                        bool(c["won"]), bool(c["hard_won"]),
                                        _count(c["rounds"]), bool(c["finished"]))
            judgements = data["judgements"]
            if not isinstance(judgements, list):
                raise CodecError("its decisions are not a list")
            return cls(_text(data["game"]), _count(data["seat"]), _count(data["budget"]),
                       _text(data["unit"]), bool(data["low_better"]),
                       _text(data["round_words"]),
                       tuple(Judgement.from_json(j) for j in judgements), comparison)
        except (KeyError, TypeError) as error:
            raise CodecError(f"the review is damaged ({error})") from None


SIZED_FOR = 4
"""Seats a review's budget is sized for where the game says nothing."""
LEAST_BUDGET = 64
"""Rollouts a decision gets at any table size."""


def reviewable(game_id: str) -> bool:
    """Whether a game can be reviewed: it reads its rollouts in its own terms (a game
    registers ``@round_terms`` beside its leaf value; one without is not offered)."""
    return terms_for(game_id) is not None


def review_budget(game_id: str, seats: int = 2) -> int:
    """Rollouts the review gives one decision: ``BUDGET_FACTOR`` times Hard's, shrunk at
    a table larger than the game's round reading is sized for (``RoundTerms.sized_for``,
    four seats unless it says otherwise). Past it a rollout plays every other seat's
    turns and a seat answers more calls, so a whole game's review would cost about the
    square of the seats; the budget shrinks by that square instead."""
    leaf = leaf_for(game_id)
    base = leaf.playouts if leaf is not None and leaf.playouts else HardBot.PLAYOUTS
    terms = terms_for(game_id)
    sized = terms.sized_for if terms is not None else SIZED_FOR
    shrink = min(1.0, (sized / seats) ** 2)
    return max(LEAST_BUDGET, round(BUDGET_FACTOR * base * shrink))


class Reviewer:
    """Weighs decisions from a seat's view alone (one per game reviewed: it keeps the
    search's caches)."""

    def __init__(self, game_id: str, budget: int | None = None,
                 horizon: int | None = None, seats: int = 2) -> None:
        terms = terms_for(game_id)
        if terms is None:
            raise ValueError(f"no review for {game_id}: it has no round reading")
        self.game_id, self.terms = game_id, terms
        self.budget = budget if budget is not None else review_budget(game_id, seats)
        self._hard = HardBot(playouts=self.budget, horizon=horizon)
        self._planner = NormalBot("hard")

    @property
    def last_rollouts(self) -> tuple[Rollout, ...]:
        """Every rollout of the last decision weighed (for the tests)."""
        return self._hard.last_rollouts

    def worth_weighing(self, view: GameView, played: Action) -> bool:
        """Whether the move was a choice the search can judge: two distinct moves or
        more, and for a lay-down, two lay-downs or more (see ``rivals``)."""
        keep = rivals(played)
        return len({a for a in view.legal if keep is None or keep(a)}) >= 2

    def judge(self, view: GameView, played: Action, move: int, round_number: int,
              deal: int, should_stop: Callable[[], bool] = lambda: False
              ) -> Judgement:
        """The decision of ``view``'s seat to play ``played`` (its ``move``-th of the
        game dealt as ``deal``), weighed on the seat's view alone."""
        rng = derive(SECRET, "review", deal, move, self.budget)
        planned = self._planner.choose(view, rng, math.inf, should_stop)
        verdict = self._hard.weigh(view, played, rng, should_stop, first=(planned,),
                                   measure=self._measure, keep=rivals(played),
                                   test_best=True)
        if should_stop():
            raise Cancelled
        return self._judgement(view, verdict, move, round_number)

    def _measure(self, variant: SomeVariant, world: SeatedState, reached: SeatedState,
                 seat: int) -> tuple[float, ...]:
        score, chance = self.terms.read(variant, world, reached, seat)
        return (score, math.nan if chance is None else chance)

    def _judgement(self, view: GameView, verdict: Verdict, move: int,
                   round_number: int) -> Judgement:
        played = verdict.base
        pairs = [(base, rival) for base, rival in verdict.pairs
                 if math.isfinite(base.value) and math.isfinite(rival.value)]
        if verdict.rival is None or not pairs:
            return Judgement(move, round_number, played, played, ZERO, ZERO, ZERO, 0,
                             "", _words(played), _words(played))
        sign = -1.0 if self.terms.low_better else 1.0
        chance = Estimate.of([rival.value - base.value for base, rival in pairs])
        terms = Estimate.of([sign * (_terms(rival) - _terms(base)) for base, rival in pairs])
        rounds = Estimate.of([_round(rival) - _round(base) for base, rival in pairs])
        better = verdict.rival if chance.mean > 0 else played
        why = explain(view, better) if better != played else ""
        return Judgement(move, round_number, played, better, chance, terms, rounds,
                         len(pairs), why, _words(played), _words(better))


def rivals(played: Action) -> Callable[[Action], bool] | None:
    """Which moves a played move is weighed against: all of them, but a lay-down
    (melds, a contract, a mission) only against other lay-downs. Against putting it
    off, the search cannot judge one fairly: in every world it plays, the table lays
    the same melds a turn later, so waiting looks free when it is not (the Hard player
    never puts off a lay-down it planned, :data:`hard.COMMIT`, for the same reason)."""
    return _lays_down if isinstance(played, COMMIT) else None


def _lays_down(action: Action) -> bool:
    return isinstance(action, COMMIT)


def _terms(rollout: Rollout) -> float:
    return rollout.measures[0] if rollout.measures else 0.0


def _round(rollout: Rollout) -> float:
    """The round's chance, or the game's where the round is the game."""
    if rollout.measures and not math.isnan(rollout.measures[1]):
        return rollout.measures[1]
    return rollout.value


def _words(action: Action) -> str:
    return move_words(action)


Progress = Callable[[int, int], None]
"""``progress(done, total)``: decisions weighed so far, out of the seat's total."""


def seat_decisions(replay: Replay, seat: int, reviewer: Reviewer
                   ) -> list[tuple[int, GameView, Action, int]]:
    """The seat's decisions worth weighing: (move index, view before it, move, round)."""
    variant = replay.game.variant
    found = []
    for index, after in enumerate(replay.positions[1:]):
        if after.seat != seat or after.action is None:
            continue
        before = replay.positions[index]
        view = variant.observe(before.state, seat)
        if reviewer.worth_weighing(view, after.action):
            found.append((index, view, after.action, before.round))
    return found


def review_record(record: object, seat: int, budget: int | None = None,
                  progress: Progress | None = None,
                  should_stop: Callable[[], bool] = lambda: False,
                  compare_with: Sequence[str] | None = None,
                  horizon: int | None = None) -> Review:
    """Review one seat of a recorded game (the JSON of ``Game.record()``). Raises the
    engine's CodecError or EngineError for a record that does not replay, ValueError
    for a seat it does not have, Cancelled if ``should_stop`` turns true.
    ``compare_with``: the other seats' levels for the comparison with Hard in the seat
    (None: no comparison)."""
    replay = Replay.from_record(record)
    game = replay.game
    if not 0 <= seat < game.seats:
        raise ValueError(f"the game has seats 0 to {game.seats - 1}, not {seat}")
    reviewer = Reviewer(game.game_id, budget, horizon, game.seats)
    found = seat_decisions(replay, seat, reviewer)
    judgements = []
    for done, (move, view, played, round_number) in enumerate(found):
        if progress is not None:
            progress(done, len(found))
        judgements.append(reviewer.judge(view, played, move, round_number, game.seed,
                                         should_stop))
    if progress is not None:
        progress(len(found), len(found))
    comparison = None
    if compare_with is not None:
        comparison = hard_in_seat(replay, seat, compare_with, should_stop)
    terms: RoundTerms = reviewer.terms
    return Review(game.game_id, seat, reviewer.budget, terms.unit, terms.low_better,
                  terms.round_words, tuple(judgements), comparison)


