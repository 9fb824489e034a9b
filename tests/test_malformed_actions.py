"""The engine refuses anything that is not a well-formed move with its own error and a
reason, in every game and phase: never AttributeError or TypeError from deep inside."""

from __future__ import annotations

import random

import pytest

from cardtable.engine import Game, IllegalActionError, variants
from cardtable.engine.actions import (
    Action,
    Call,
    Discard,
    Draw,
    GoDown,
    LayOff,
    Pile,
    Place,
)
from cardtable.engine.cards import parse_card
from cardtable.engine.melds import Meld, MeldKind

SEVEN = parse_card("7H")
JUNK: list[object] = [
    None, "discard", 7, object(), Action(), Draw("stock"), Draw(None), Discard("7H"),
    Discard(None), LayOff(0, 0, ["7H"]), LayOff("0", 0, (SEVEN,)), LayOff(True, 0, (SEVEN,)),
    Call(5), GoDown((Meld(MeldKind.RUN, ("7H",)),)), GoDown([]), Place((None,)),
    Draw(Pile.STOCK),  # well formed, but with a seat that does not exist (below)
]


def positions(game_id: str, seats: int, seed: int, steps: int) -> list[Game]:
    """A few states along a random game: deal, mid-turn, calls, later rounds."""
    game, _ = Game.new(game_id, seats, seed)
    rng = random.Random(seed)
    found = []
    for step in range(steps):
        if game.over:
            break
        if step % 7 == 0:
            found.append(Game(game.variant, game.seats, game.seed, game.state))
        seat = game.awaiting()[0]
        legal = game.legal_actions(seat)
        game.apply(seat, legal[rng.randrange(len(legal))])
    return found


@pytest.mark.parametrize("game_id", [variant.id for variant in variants()])
def test_malformed_actions_are_refused_with_a_reason(game_id):
    variant = next(v for v in variants() if v.id == game_id)
    seats = variant.seat_counts.start + 1
    for game in positions(game_id, seats, seed=3, steps=120):
        for seat in range(seats):
            for junk in JUNK[:-1]:
                reason = game.problem(seat, junk)  # type: ignore[arg-type]
                assert reason and "not a move" in reason, (junk, reason)
                with pytest.raises(IllegalActionError):
                    game.apply(seat, junk)  # type: ignore[arg-type]
        for bad_seat in (-1, seats, 10**9, "0", None, True):
            reason = game.problem(bad_seat, JUNK[-1])  # type: ignore[arg-type]
            assert reason and "no seat" in reason


def test_a_listed_action_is_applied_without_a_second_check():
    game, _ = Game.new("five_crowns", 2, 1)
    seat = game.awaiting()[0]
    listed = game.legal_actions(seat)[0]
    assert game.problem(seat, listed) is None
    game.apply(seat, listed)
