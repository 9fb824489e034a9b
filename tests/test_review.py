"""The post-game review (issue 39): the same review for the same game, only the seat's
view read, kept and read back whole, and the cost called a mistake only beyond the noise."""

from __future__ import annotations

import math
import random

import pytest

from cardtable.ai import make_bot
from cardtable.ai.review import Estimate, Judgement, Review, Reviewer, review_record, seat_decisions
from cardtable.ai.seats import play_turns
from cardtable.engine import Game
from cardtable.engine.codec import JSONObject
from cardtable.engine.errors import CodecError
from cardtable.engine.options import FiveCrownsOptions
from cardtable.engine.replay import Replay

BUDGET = 24


def short_game(game_id: str = "five_crowns", seats: int = 2, seed: int = 3) -> JSONObject:
    """A short game of Normal bots at every seat (Five Crowns: its first three rounds)."""
    options = FiveCrownsOptions(rounds=3) if game_id == "five_crowns" else None
    game, _ = Game.new(game_id, seats, seed, options)
    play_turns(game, {seat: make_bot("normal") for seat in range(seats)}, 100_000, 11)
    return game.record()


def test_the_same_game_and_budget_give_the_same_review() -> None:
    record = short_game()
    first = review_record(record, 0, BUDGET).to_json()
    assert first == review_record(record, 0, BUDGET).to_json()
    assert first["decisions"] and isinstance(first["judgements"], list)


def test_a_review_reads_the_seats_view_alone() -> None:
    """Deal the cards the seat cannot see otherwise at every decision: the view is the
    same, and so is every judgement (the review is given nothing else)."""
    record = short_game(seed=5)
    replay = Replay.from_record(record)
    variant = replay.game.variant
    reviewer = Reviewer("five_crowns", BUDGET)
    other = Reviewer("five_crowns", BUDGET)
    resampled = 0
    for move, view, played, round_number in seat_decisions(replay, 1, reviewer)[:12]:
        twin = variant.determinize(view, random.Random(move))
        if twin != replay.positions[move].state:
            resampled += 1
        twin_view = variant.observe(twin, 1)
        assert twin_view == view
        assert reviewer.judge(view, played, move, round_number, replay.game.seed) == \
            other.judge(twin_view, played, move, round_number, replay.game.seed)
    assert resampled >= 10  # the hidden cards really were dealt otherwise


def test_a_review_is_kept_and_read_back_whole() -> None:
    review = review_record(short_game(seed=7), 0, BUDGET, compare_with=["normal"])
    data = review.to_json()
    again = Review.from_json(data)
    assert again.to_json() == data
    assert again.comparison is not None and again.comparison.rounds == 3


@pytest.mark.parametrize("damage", [
    lambda d: d.update(format="other"),
    lambda d: d.pop("judgements"),
    lambda d: d.update(judgements=[{"move": -1}]),
    lambda d: d["judgements"].append({**d["judgements"][0], "chance": "lots"}),
    lambda d: d["judgements"].append({**d["judgements"][0], "played_action": {"kind": 3}}),
])
def test_a_damaged_review_is_refused_with_a_reason(damage) -> None:  # type: ignore[no-untyped-def]
    data = review_record(short_game(seed=7), 0, BUDGET).to_json()
    damage(data)
    with pytest.raises(CodecError):
        Review.from_json(data)


def judgement(mean: float, se: float, worlds: int = 40) -> Judgement:
    from cardtable.engine.actions import DRAW_DISCARD, DRAW_STOCK

    cost = Estimate(mean, se)
    return Judgement(0, 1, DRAW_STOCK, DRAW_DISCARD, cost, cost, cost, worlds, "", "", "")


def test_a_cost_inside_the_noise_is_never_a_mistake() -> None:
    assert judgement(0.05, 0.01).mistake
    assert not judgement(0.05, 0.02).mistake  # 2.5 standard errors: could be luck
    assert not judgement(0.005, 0.0001).mistake  # sure, but too small to matter
    assert not judgement(0.05, 0.001, worlds=4).mistake  # too few worlds to say
    assert not judgement(-0.05, 0.001).mistake


def test_an_estimate_is_the_mean_and_its_standard_error() -> None:
    estimate = Estimate.of([1.0, 2.0, 3.0, 4.0])
    assert estimate.mean == 2.5
    assert math.isclose(estimate.se, math.sqrt(5 / 3) / 2)
    assert Estimate.of([2.0]).se == math.inf


def test_hard_in_the_seat_is_said_in_the_games_own_score() -> None:
    """May I is won on points earned, not on the penalty points its reviews count."""
    from cardtable.app.review_words import score_words

    assert score_words("shanghai_may_i", 30) == "30 points"
    assert score_words("monastery", 1) == "1 mission"
    assert score_words("palace", 5) == "5 cards left"


def test_a_lay_down_is_weighed_against_the_other_lay_downs_alone() -> None:
    """Against waiting, the search cannot judge a lay-down (the table lays it a turn
    later in every world it plays): a mission laid is weighed against the other
    missions the hand could lay, and a move that lays nothing is never preferred."""
    from bot_games import normal_positions

    from cardtable.ai.hard import COMMIT

    reviewer = Reviewer("monastery", BUDGET)
    judged = 0
    for game, _seat, view in normal_positions("monastery", 2, 1, 600):
        lays = [action for action in dict.fromkeys(view.legal) if isinstance(action, COMMIT)]
        if len(lays) < 2:
            continue
        judgement = reviewer.judge(view, lays[-1], len(game.history), view.round, game.seed)
        assert isinstance(judgement.better, COMMIT)
        tried = {rollout.action for rollout in reviewer.last_rollouts}
        assert len(tried) >= 2 and all(isinstance(action, COMMIT) for action in tried)
        judged += 1
        if judged == 3:
            break
    assert judged == 3
    assert reviewer.worth_weighing(view, lays[0])


def test_a_bigger_table_gives_each_decision_fewer_rollouts() -> None:
    """A review's cost grows with the square of the seats past those it is sized for;
    the budget shrinks by that square (never below ``LEAST_BUDGET``)."""
    from cardtable.ai.review import LEAST_BUDGET, review_budget

    assert review_budget("five_crowns", 2) == review_budget("five_crowns", 4) == 384
    assert review_budget("five_crowns", 6) == round(384 * (4 / 6) ** 2)
    assert review_budget("shanghai_buy", 3) == 512 > review_budget("shanghai_buy", 4)
    assert review_budget("monastery", 8) == LEAST_BUDGET
