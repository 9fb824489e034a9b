"""Reviews for the tests of the table's review screens, made without the search: a real
game's decisions of one seat, each weighed with made-up costs (a review's search is
tested in ``test_review``; these screens only show what a review says)."""

from __future__ import annotations

import math

from cardtable.ai import make_bot
from cardtable.ai.hard_in_seat import Comparison
from cardtable.ai.review import Estimate, Judgement, Review
from cardtable.ai.review_terms import terms_for
from cardtable.ai.seats import play_turns
from cardtable.engine import Game
from cardtable.engine.options import FiveCrownsOptions
from cardtable.engine.replay import Replay
from cardtable.engine.text import msg


def short_game(game_id: str = "five_crowns", seats: int = 2, seed: int = 3) -> Game:
    """A short game of Normal bots at every seat (Five Crowns: two rounds)."""
    options = FiveCrownsOptions(rounds=2) if game_id == "five_crowns" else None
    game, _ = Game.new(game_id, seats, seed, options)
    play_turns(game, {seat: make_bot("normal") for seat in range(seats)}, 100_000, 11)
    return game


def sample_review(game: Game, seat: int = 0, costly: int = 3, budget: int = 16,
                  comparison: bool = True) -> Review:
    """The seat's decisions of ``game`` (two legal moves or more), the last ``costly``
    of them each costing more than the one before, beyond the noise; the rest nothing."""
    replay = Replay.from_record(game.record())
    variant = replay.game.variant
    terms = terms_for(game.game_id)
    assert terms is not None
    found = []
    for index, after in enumerate(replay.positions[1:]):
        before = replay.positions[index]
        if after.seat != seat or after.action is None:
            continue
        view = variant.observe(before.state, seat)
        others = [action for action in dict.fromkeys(view.legal) if action != after.action]
        if others:
            found.append((index, before.round, after.action, others[0]))
    judgements = []
    for number, (move, round_number, played, other) in enumerate(found):
        rank = number - (len(found) - costly)
        if rank < 0:
            judgements.append(Judgement(move, round_number, played, played, Estimate(0, 0),
                                        Estimate(0, 0), Estimate(0, 0), 0, "",
                                        _words(played.describe()), _words(played.describe())))
            continue
        judgements.append(Judgement(
            move, round_number, played, other, Estimate(0.04 * (rank + 1), 0.005),
            Estimate(3.0 * (rank + 1), 0.8), Estimate(0.05, 0.01), 48,
            msg("It keeps the cards that build the longest run, and the next player is "
                "shown nothing he collects."), _words(played.describe()),
            _words(other.describe())))
    compared = Comparison(67.0, 43.0, False, True, 2, True) if comparison else None
    return Review(game.game_id, seat, budget, terms.unit, terms.low_better,
                  terms.round_words, tuple(judgements), compared)


def _words(text: str) -> str:
    return text[:1].upper() + text[1:]


def same(first: Review, second: Review) -> bool:
    """Two reviews say the same (their JSON, which rounds the figures, is equal)."""
    return first.to_json() == second.to_json() and not math.isnan(first.total_chance)
