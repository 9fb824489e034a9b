"""Keys found wrong when playing the tables by keyboard alone under Xvfb (issue 37's
play-through): each test is one thing a player pressed and what the README says it does."""

import pygame

from cardtable.app.model import Role
from cardtable.app.session import default_seats
from cardtable.engine import Game
from ui import frames, key, until


def _five_crowns_turn(make_app):
    app = make_app()
    game, _ = Game.new("five_crowns", 2, 3)
    app.start_session(game, default_seats(1, "normal"))
    until(app, lambda: app.session.human_to_move and bool(app.table.hand_cards()))
    frames(app, 2)
    return app


def test_arrows_after_tab_to_a_button_bring_space_back_to_the_hand(make_app):
    """README: ←/→ and Space work in the hand. After Tab reached a button, → moved the
    hand's cursor but Space still pressed the button (Hint) instead of picking the card
    the cursor is under."""
    app = _five_crowns_turn(make_app)
    table = app.table
    for _ in range(len(table.model().focus_order())):
        if table.focused() is not None and table.focused().role is Role.BUTTON:
            break
        key(app, pygame.K_TAB)
    assert table.focused().role is Role.BUTTON
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_SPACE)
    hand = table.hand_cards()
    assert table.selected == {hand[table.focus]}
    assert table.focused().role is not Role.BUTTON
