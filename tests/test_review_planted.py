"""Planted mistakes are found (issue 39): seat 0 plays Normal except at a few chosen
moves, where it throws away a wild its hand counts on, and only where doing so is a
blunder on the true cards (it loses at least ``BLUNDER`` of the chance of winning there);
each planted move must be among the review's three costliest of its game, found from the
seat's view alone. (The bigger run, for every game:
``python3 bench/review.py --what planted``.)"""

from __future__ import annotations

from cardtable.ai.planted import BLUNDER, mistakes_for, play_planted
from cardtable.ai.review import review_record
from cardtable.engine.options import FiveCrownsOptions


def test_a_wild_thrown_away_is_among_the_three_costliest_decisions() -> None:
    found, planted = 0, []
    for deal in range(1, 7):
        game = play_planted("five_crowns", 2, deal, 7, options=FiveCrownsOptions(rounds=4))
        top = [judgement.move for judgement in review_record(game.record, 0).costliest(3)]
        planted += game.planted
        found += sum(move in top for move, _ in game.planted)
        assert len(game.costs) == len(game.planted)
        assert all(cost >= BLUNDER for cost in game.costs), game.costs
    assert len(planted) >= 8
    assert found >= 0.9 * len(planted), planted


def test_every_game_has_mistakes_to_plant() -> None:
    for game_id in ("five_crowns", "shanghai_may_i", "shanghai_buy", "monastery", "palace"):
        assert mistakes_for(game_id), game_id
