"""The Monastery table: the mission in focus, laying a mission, adding to groups, summary."""

import pygame
import pytest

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
    click(app, app.table.model().get("goal/4").box.center)     # the sheet's box 4
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
    # One mission a round (RULES.md M-A7): Arrange has nothing left to build, and says
    # what is left to do instead of "No mission can be laid yet".
    arrange = next(b for b in table.buttons if b.label.startswith("Arrange"))
    assert not arrange.enabled
    key(app, pygame.K_a)
    assert table.groups == [] and "laid your mission this round" in str(table.message)


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


def laid_position():
    """You have laid mission 4 (a spade run); West has laid mission 1 (two sets)."""
    variant = Game.new("monastery", 3, 1)[0].variant
    return variant.position(["KS 3D 9C KH AH", "4C 5C", "6D 7D"], phase=Phase.PLAY,
                            stock="2D 3D 4D", missions={0: (4, ["run: 8S 9S 10S JS QS"]),
                                                        1: (1, ["set: 10S 10C 10S",
                                                                "set: JH JD JH"])})


def select(app, face):
    table = app.table
    hand = table.hand_cards()
    index = hand.index(next(c for c in hand if c.face == face))
    click(app, table.geo.hand_slots(len(hand))[index].center)
    assert any(c.face == face for c in table.selected)


def test_adding_to_a_mission_by_click_select_then_click_the_mission(make_app):
    app = table_at(make_app, laid_position())
    table = app.table
    select(app, "KS")
    _, _, rects = next(s for s in table.meld_spots() if s[:2] == (0, 0))
    click(app, rects[0].center)          # the low end: a king fits only the high end
    action = app.session.game.history[-1][1]
    assert isinstance(action, LayOff) and action.target_seat == 0 and not action.at_start
    assert [c.face for c in action.cards] == ["KS"]
    assert not table.selected


def test_a_refused_add_by_click_shows_the_engines_reason(make_app):
    app = table_at(make_app, laid_position())
    table = app.table
    select(app, "KH")
    _, _, rects = next(s for s in table.meld_spots() if s[:2] == (0, 0))
    click(app, rects[-1].center)
    assert table.message is not None and "one suit" in table.message.text
    assert not any(isinstance(a, LayOff) for _, a in app.session.game.history)


def test_clicking_a_mission_with_nothing_selected_says_how_to_add(make_app):
    app = table_at(make_app, laid_position())
    _, _, rects = next(s for s in app.table.meld_spots() if s[:2] == (1, 0))
    click(app, rects[-1].center)
    assert "Select cards" in app.table.message.text


def choose_target(app, name):
    table = app.table
    for _ in range(len(table.model().focus_order())):
        if table.focused().id == name:
            return
        key(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {name}")


def test_adding_to_a_mission_by_keyboard_space_tab_enter(make_app):
    app = table_at(make_app, laid_position())
    table = app.table
    assert {"meld/0/0", "meld/1/0", "meld/1/1"} <= {e.id for e in table.card_places()}
    hand = table.hand_cards()
    table.focus = hand.index(next(c for c in hand if c.face == "AH"))
    key(app, pygame.K_SPACE)
    choose_target(app, "meld/1/1")       # West's red jacks: a wild heart joins them
    key(app, pygame.K_RETURN)
    action = app.session.game.history[-1][1]
    assert action == LayOff(1, 1, tuple(c for c in hand if c.face == "AH"), False)


def test_a_refused_add_by_keyboard_shows_the_engines_reason(make_app):
    app = table_at(make_app, laid_position())
    table = app.table
    hand = table.hand_cards()
    table.focus = hand.index(next(c for c in hand if c.face == "9C"))
    choose_target(app, "meld/1/0")       # the black tens: a nine is refused
    key(app, pygame.K_RETURN)
    assert table.message is not None and "rank" in table.message.text
    assert not any(isinstance(a, LayOff) for _, a in app.session.game.history)


def test_shift_tab_and_up_step_back_through_the_targets(make_app):
    app = table_at(make_app, laid_position())
    table = app.table
    start = table.focused().id
    key(app, pygame.K_TAB)
    assert table.focused().id != start
    key(app, pygame.K_TAB, mod=pygame.KMOD_LSHIFT)
    assert table.focused().id == start
    key(app, pygame.K_DOWN)
    assert table.focused().id != start
    key(app, pygame.K_UP)
    assert table.focused().id == start


def test_aces_are_tagged_wild_and_the_panel_says_what_they_stand_for(make_app):
    variant = Game.new("monastery", 3, 1)[0].variant
    state = variant.position(["AS 3H 3D 5C 7S 9H JC KD AH", "4C 5C", "6D 7D"],
                             stock="2D 3D 4D", discard="QS")
    app = table_at(make_app, state)
    table = app.table
    aces = [c for c in table.view.hand if c.face.startswith("A")]
    assert aces and all(table.desc.is_wild(table.view, c) for c in aces)
    assert not any(table.desc.is_wild(table.view, c) for c in table.view.hand
                   if c not in aces)
    assert "Wild aces: A\u2660 = any \u2660, A\u2665 = any \u2665" in table.meld_status()[0]
    lone = variant.position(["AS 3H", "4C 5C", "6D 7D"], stock="2D 3D 4D", discard="QS")
    assert "Wild ace: A\u2660 = any spade" in table_at(make_app, lone).table.meld_status()[0]


def test_the_mission_in_focus_is_explained_before_the_draw(make_app):
    variant = Game.new("monastery", 3, 1)[0].variant
    state = variant.position(["8S 9S 10S JS 2H 3D 4C 7H 9D", "4C 5C", "6D 7D"],
                             phase=Phase.DRAW, stock="2D 3D 4D", discard="QS")
    app = table_at(make_app, state)
    table = app.table
    assert table.view.to_draw
    status = table.meld_status()
    assert status is not None
    assert status[0].startswith("Mission 4: a run of 5 in one suit \u2014 you have 4 of 5")
    assert "your 9 missions" in table.desc.progress_caption(table.view)[0]
    key(app, pygame.K_m)                 # choosing another mission works before the draw
    assert table.meld_status()[0].startswith("Mission 5")


def test_the_mission_in_focus_is_explained_while_others_play(make_app):
    variant = Game.new("monastery", 3, 1)[0].variant
    state = variant.position(["8S 9S 10S JS 2H 3D 4C 7H 9D", "4C 5C", "6D 7D"],
                             phase=Phase.DRAW, current=1, stock="2D 3D 4D", discard="QS")
    game, _ = Game.new("monastery", 3, 1)
    game.state = state
    app = make_app()
    app.start_session(game, default_seats(2, "normal"))
    app.session.bots[1] = Passive()
    app.session.bots[2] = Passive()
    app.frame()
    assert app.table.meld_status()[0].startswith("Mission 4: a run of 5 in one suit")


STATUS_POSITIONS = {
    "before the draw": dict(hands=["AS 3H 3D 5C 7S 9H JC KD AH", "4C 5C", "6D 7D"],
                            phase=Phase.DRAW, stock="2D 3D 4D", discard="QS"),
    "building": dict(hands=["AS 3H 3D 5C 7S 9H JC KD AH 2C", "4C 5C", "6D 7D"],
                     phase=Phase.PLAY, stock="2D 3D 4D", discard="QS"),
    "four aces": dict(hands=["AS AH AD AC 4S 4H 5D 9C 6S 6H", "4C 5C", "6D 7D"],
                      phase=Phase.PLAY, stock="2D 3D 4D", discard="QS",
                      done={0: [9, 8, 6, 5, 4, 3, 2, 1]}),
    "mission laid": dict(hands=["KS 3D 9C KH AH", "4C 5C", "6D 7D"], phase=Phase.PLAY,
                         stock="2D 3D 4D", missions={0: (4, ["run: 8S 9S 10S JS QS"])}),
}


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
@pytest.mark.parametrize("where", sorted(STATUS_POSITIONS))
def test_the_status_fits_the_info_panel_whole(where, size, make_app):
    from cardtable.app.textfit import fit_text

    variant = Game.new("monastery", 3, 1)[0].variant
    spec = dict(STATUS_POSITIONS[where])
    state = variant.position(spec.pop("hands"), **spec)
    app = table_at(lambda: make_app(size=size), state)
    table = app.table
    if where == "building":              # a staged group that makes no mission
        table.stage([c for c in table.view.hand if c.face in ("3H", "3D", "9H")], 0)
    for goal in (None, 7) if where == "four aces" else (None,):
        table.chosen_goal = goal
        text = table.meld_status()[0]
        info = table.model().get("info")  # the status as the table draws it
        status = next(shown for shown in info.texts if shown.part == "status")
        assert status.content == text
        fitted = fit_text(status.content, status.size, status.box.w, status.box.h,
                          smallest=status.size)
        assert fitted.whole and fitted.size >= 10, (text, fitted)
        assert " ".join(fitted.lines).split() == text.split()
        assert status.box.y + fitted.height() <= table.geo.info.bottom - 4


def test_lay_mission_with_nothing_built_speaks_of_missions_not_contracts(make_app):
    variant = Game.new("monastery", 3, 1)[0].variant
    state = variant.position(["8S 9S AS JS QS 7S 3D 4C 5C", "4C 5C", "6D 7D"],
                             phase=Phase.PLAY, stock="2D 3D 4D")
    app = table_at(make_app, state)
    key(app, pygame.K_g)
    text = app.table.message.text
    assert "mission" in text and "contract" not in text


def test_adjacent_wilds_share_one_readable_badge_and_a_wild_ace_in_a_double_run_has_one():
    # Badges under overlapped cards ran together ("101010"): a streak of wilds gets one
    # badge, on its first card, naming all it stands for. Monastery's aces are wild in
    # their own suit, in a double run too.
    from cardtable.app.table_desc import wild_labels
    from cardtable.engine import Meld, MeldKind
    from cardtable.engine import five_crowns as fc
    from cardtable.engine.cards import parse_cards
    from cardtable.engine.missions import RULES

    rules = fc.meld_rules(8)  # tens wild
    a_set = Meld(MeldKind.SET, tuple(parse_cards("9H 9S 9D 10C 10S 10D")))
    assert wild_labels(a_set, rules) == [None, None, None, "9", None, None]
    run = Meld(MeldKind.RUN, tuple(parse_cards("5H 10C 10S 10D 9H")))
    assert wild_labels(run, rules) == [None, "6\u20138\u2665", None, None, None]
    double = Meld(MeldKind.DOUBLE_RUN, tuple(parse_cards("5H 5S AH 6D 7H 7C")))
    assert wild_labels(double, RULES) == [None, None, "6\u2665", None, None, None]
    ace_pair = Meld(MeldKind.DOUBLE_RUN, tuple(parse_cards("5H 5S AH AD 7H 7C")))
    assert wild_labels(ace_pair, RULES) == [None, None, "6\u2665\u2666", None, None, None]


def test_a_mixed_suit_run_being_built_is_shown_in_sequence_order():
    from cardtable.app.tables import table_for
    from cardtable.engine.cards import parse_cards

    desc = table_for("monastery").own
    assert desc.shown_order(None, parse_cards("7H AH 5S 6D")) == list(parse_cards("5S 6D 7H AH"))
    pairs = list(parse_cards("5H 5S 6D 6C"))
    assert desc.shown_order(None, pairs) == pairs      # not a run: kept as added


def test_an_opponents_mission_sheet_is_one_click_away_and_why_stays_on_its_panel(make_app):
    from cardtable.app.model import Goal
    from cardtable.app.scenes.goal_sheet import GoalSheetScene

    variant = Game.new("monastery", 3, 1)[0].variant
    state = variant.position(["8S 9S 10S JS 2H 3D 4C 7H 9D KD", "4C 5C", "6D 7D"],
                             phase=Phase.PLAY, stock="2D 3D 4D", done={1: [2, 7]})
    app = table_at(make_app, state)
    panel = app.table.geo.spots[1].panel
    cell = app.table.model().find(Goal(1, 5))
    assert cell is not None
    click(app, cell.box.center)                          # West's boxes: West's sheet
    frames(app, 2)
    sheet = app.stack.top
    assert isinstance(sheet, GoalSheetScene) and sheet.name == "West"
    assert [done for _, done in sheet.rows] == [n in (2, 7) for n in range(1, 10)]
    assert sheet.rows[6][0] == "a double run of 3"
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert app.stack.top is app.table
    click(app, (panel.x + 12, panel.bottom - 6))          # elsewhere on the panel: why?
    frames(app, 2)
    assert app.stack.top is app.table
    assert app.table.message is not None and "West" in app.table.message.text


def test_the_persons_mission_sheet_is_drawn_beside_the_hand_not_over_an_opponents(
        make_app, monkeypatch):
    """The sheet beside the hand was drawn from the first goal element of the whole
    table, an opponent's: the person's boxes landed on West's panel."""
    from cardtable.app.model import Goal
    from cardtable.app.scenes import tabledraw

    variant = Game.new("monastery", 3, 1)[0].variant
    state = variant.position(["8S 9S 10S JS 2H 3D 4C 7H 9D KD", "4C 5C", "6D 7D"],
                             phase=Phase.PLAY, stock="2D 3D 4D", done={1: [2, 7]})
    app = table_at(make_app, state)
    drawn: list[tuple[int, int]] = []
    original = tabledraw.progress_boxes

    def record(surface, at, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(at)
        return original(surface, at, *args, **kwargs)

    monkeypatch.setattr(tabledraw, "progress_boxes", record)
    app.table.draw(app.screen)
    mine = app.table.model().find(Goal(0, 1))
    west = app.table.model().find(Goal(1, 1))
    assert mine is not None and west is not None
    assert (mine.box.x, mine.box.y) in drawn
    assert drawn.count((west.box.x, west.box.y)) == 1     # West's own sheet, once
