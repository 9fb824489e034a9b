"""A round ended by the stock running out after its rebuilds, at the table (issue 12):
the log says so and the round summary shows it like any round nobody went out of."""

import dataclasses

import pytest

from cardtable.app.scenes.summary import SummaryScene
from cardtable.app.session import default_seats
from cardtable.engine import Game
from ui import frames, until


class Passive:
    """An AI seat that only draws from the stock and discards its first card."""

    name = "passive"

    def supports(self, game_id):
        return True

    def choose(self, view, rng, deadline, should_stop):
        return next(a for a in view.legal if type(a).__name__ in ("Draw", "Discard"))


@pytest.mark.parametrize("game_id,line", [
    ("five_crowns", "the round ends and every hand is scored"),
    ("monastery", "the round is thrown in")])
def test_the_round_after_the_last_rebuild_ends_at_the_table(make_app, game_id, line):
    game, _ = Game.new(game_id, 3, 1)
    state = game.variant.position(["5H 6H 8C", "4D 5D 7S", "JH QH KS"], stock="7D",
                                  discard="9S 10S JS", current=1)
    game.state = dataclasses.replace(state, round_rebuilds=2)
    app = make_app()
    app.start_session(game, default_seats(2, "normal"))
    for seat in app.session.bots:
        app.session.bots[seat] = Passive()
    until(app, lambda: isinstance(app.stack.top, SummaryScene))
    frames(app, 3)  # the summary draws
    summary = app.stack.top
    assert summary.event.round == 1 and summary.event.out_seat is None
    assert any("rebuilt twice" in said and line in said for said in app.session.log)
    assert app.session.game.state.round == 2
