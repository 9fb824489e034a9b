"""Undo within the person's own turn (Ctrl+Z), tested against the engine: after an undo
the game is exactly in the position before the undone play, its moves are cut back so
the record replays to it, and a play that showed a hidden card (a stock draw) or passed
the turn can never be undone."""

from __future__ import annotations

import random

import pytest

from cardtable.ai import make_bot
from cardtable.app.session import Session, default_seats
from cardtable.engine import Draw, Game, Pile, variants

GAMES = [v.id for v in variants()]


def session_for(game_id: str, seed: int) -> Session:
    seats = max(3, next(v for v in variants() if v.id == game_id).seat_counts.start)
    game, _ = Game.new(game_id, seats, seed)
    return Session(game, default_seats(seats - 1, "normal"), think_seconds=0.0,
                   bot_secret=1)


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_returns_exactly_to_the_position_before_the_play(game_id):
    session = session_for(game_id, 17)
    game = session.game
    person = make_bot("normal")
    rng = random.Random(2)
    undone = refused = 0
    for _ in range(400):
        if game.over:
            break
        if not session.human_to_move:
            session.update()
            continue
        view = session.view()
        action = person.choose(view, rng, 0.0, lambda: False)
        before, moves = game.state, len(game.history)
        assert session.play(action) is None
        if session.can_undo():
            assert session.undo() is None
            assert game.state is before and len(game.history) == moves
            assert Game.from_record(game.record()).state == game.state
            undone += 1
            assert session.play(action) is None   # and play on
        else:
            hidden_before = game.variant.hidden_from(before, session.human)
            hidden_now = game.variant.hidden_from(game.state, session.human)
            assert hidden_before - hidden_now or session.human not in game.awaiting() \
                or game.over
            refused += 1
    assert refused > 0
    if game_id != "palace":  # Palace's plays pass the turn or show cards: none undoes
        assert undone > 0, game_id


def test_a_card_drawn_from_the_stock_stays_drawn():
    session = session_for("five_crowns", 3)
    while not session.human_to_move:
        session.update()
    assert session.play(Draw(Pile.STOCK)) is None
    reason = session.undo()
    assert reason is not None and "stays drawn" in reason


def test_taking_a_discard_back_before_playing_on_is_undone():
    session = session_for("five_crowns", 3)
    game = session.game
    while not session.human_to_move:
        session.update()
    before = game.state
    assert session.play(Draw(Pile.DISCARD)) is None
    assert session.can_undo() and session.undo() is None
    assert game.state is before


def test_ctrl_z_at_the_table_takes_back_and_fair_mode_refuses(make_app):
    import dataclasses

    import pygame

    from ui import key, until

    app = make_app()
    app.new_game("five_crowns", 1, "normal", 3)
    until(app, lambda: app.table is not None and app.table._my_turn())
    table = app.table
    before = app.session.game.state
    table.draw_from(Pile.DISCARD)
    until(app, lambda: table._my_turn() and table.view.to_play)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert app.session.game.state is before and table.view.to_draw
    assert table.message.text == "Taken back."
    app.settings = dataclasses.replace(app.settings, undo="off")
    table.draw_from(Pile.DISCARD)
    until(app, lambda: table._my_turn() and table.view.to_play)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert "fair mode" in table.message.text and table.view.to_play
