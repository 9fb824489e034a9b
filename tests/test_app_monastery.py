"""The Monastery table: the mission in focus, laying a mission, adding to groups, summary."""

import pygame

from cardtable.app.scenes.summary import SummaryScene
from cardtable.app.session import default_seats
from cardtable.engine import Game, LayMission, LayOff
from cardtable.engine.monastery import Phase
from ui import button, click, drag, frames, key, until


class Passive:
    """An AI seat that only draws from the stock and discards its first card."""

    name = "passive"

    def supports(self, game_id):
        return True

    def choose(self, view, rng, deadline, should_stop):
        return next(a for a in view.legal if type(a).__name__ in ("Draw", "Discard"))


def table_at(make_app, state):
    app = make_app()
    game, _ = Game.new("monastery", state.seats, 1)
    game.state = state
    app.start_session(game, default_seats(state.seats - 1, "normal"))
    for seat in app.session.bots:
        app.session.bots[seat] = Passive()
    frames(app, 3)
    return app


def test_the_focus_mission_says_what_the_hand_lacks_and_m_moves_it(make_app):
    variant = Game.new("monastery", 3, 1)[0].variant
    state = variant.position(["8S 9S 10S JS 2H 3D 4C 7H 9D KD", "4C 5C", "6D 7D"],
                             phase=Phase.PLAY, stock="2D 3D 4D")
    app = table_at(make_app, state)
    frames(app, 2)
    assert app.table.meld_status()[0].startswith("Mission 4: a run of 5 in one suit")
    assert "you have 4 of 5" in app.table.meld_status()[0]
    key(app, pygame.K_m)
    frames(app, 2)
    assert app.table.chosen_goal == 5
    assert app.table.meld_status()[0].startswith("Mission 5")
    click(app, app.table.goal_boxes()[3].center)     # the sheet's box 4
    assert app.table.chosen_goal == 4


def test_arrange_and_lay_the_mission_in_focus(make_app):
    variant = Game.new("monastery", 3, 1)[0].variant
    state = variant.position(["8S 9S AS JS QS 7S 3D 4C 5C", "4C 5C", "6D 7D"],
                             phase=Phase.PLAY, stock="2D 3D 4D")
    app = table_at(make_app, state)
    table = app.table
    click(app, button(app, "Arrange"))
    assert len(table.groups) == 1 and len(table.groups[0]) >= 5
    click(app, button(app, "Lay mission"))
    game = app.session.game
    laid = game.history[-1][1]
    assert isinstance(laid, LayMission) and laid.mission == 5    # the longer of 4 and 5
    assert game.state.done[0] == (5,)
    frames(app, 3)
    assert app.table.desc.laid_label(app.table.view) == "Your mission 5"


def test_adding_to_groups_by_dragging_and_the_engines_reason_when_refused(make_app):
    variant = Game.new("monastery", 3, 1)[0].variant
    state = variant.position(["KH 3D 9C KS", "4C 5C", "6D 7D"], phase=Phase.PLAY,
                             stock="2D 3D 4D", missions={0: (4, ["run: 8S 9S 10S JS QS"]),
                                                         1: (1, ["set: 10S 10C 10S",
                                                                 "set: JH JD JH"])})
    app = table_at(make_app, state)
    table = app.table
    hand = table.hand_cards()
    king = hand.index(next(c for c in hand if c.face == "KH"))
    slot = table.geo.hand_slots(len(hand))[king]
    _, _, rects = next(s for s in table.meld_spots() if s[:2] == (0, 0))
    drag(app, slot.center, (rects[-1].right + 2, rects[-1].centery))
    assert table.message is not None and "one suit" in table.message.text
    assert not any(isinstance(a, LayOff) for _, a in app.session.game.history)
    _, _, rects = next(s for s in table.meld_spots() if s[:2] == (1, 1))
    hand = table.hand_cards()
    nine = hand.index(next(c for c in hand if c.face == "9C"))
    drag(app, table.geo.hand_slots(len(hand))[nine].center, (rects[-1].right + 2,
                                                             rects[-1].centery))
    assert "rank" in table.message.text
    hand = table.hand_cards()
    king = hand.index(next(c for c in hand if c.face == "KS"))
    _, _, rects = next(s for s in table.meld_spots() if s[:2] == (0, 0))
    drag(app, table.geo.hand_slots(len(hand))[king].center,
         (rects[-1].right + 2, rects[-1].centery))
    assert app.session.game.history[-1][1] == LayOff(0, 0, (next(
        c for c in app.session.game.state.melds[0][0].cards if c.face == "KS"),), False)


def test_the_round_summary_says_who_completed_what(make_app):
    variant = Game.new("monastery", 3, 1)[0].variant
    state = variant.position(["KS", "4C 5C", "6D 7D"], phase=Phase.PLAY, stock="2H 3H 4H",
                             missions={0: (4, ["run: 8S 9S 10S JS QS"])})
    app = table_at(make_app, state)
    table = app.table
    hand = table.hand_cards()
    slot = table.geo.hand_slots(len(hand))[0]
    _, _, rects = next(s for s in table.meld_spots() if s[:2] == (0, 0))
    drag(app, slot.center, (rects[-1].right + 2, rects[-1].centery))
    until(app, lambda: isinstance(app.stack.top, SummaryScene))
    summary = app.stack.top
    view = app.session.view()
    note = table.desc.summary_note(view, summary.event, 0)
    assert note == "completed mission 4: a run of 5 in one suit"
    assert table.desc.summary_note(view, summary.event, 1) == "no mission this round"
