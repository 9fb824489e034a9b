"""The table window, driven headless through the real app with synthetic events."""

import dataclasses

import pygame

from cardtable.app.scenes.menu import MenuScene
from cardtable.app.scenes.pause import PauseScene
from cardtable.app.scenes.summary import GameOverScene, SummaryScene
from cardtable.app.scenes.table import TableScene
from cardtable.app.session import default_seats
from cardtable.engine import Discard, Draw, Game, Pile
from cardtable.engine.five_crowns import Phase
from slow_bots import SlowBot
from ui import button, click, drag, frames, key, until


def start(app, deal=7, opponents=3):
    app.new_game("five_crowns", opponents, "normal", deal)
    frames(app, 2)
    until(app, lambda: app.session.human_to_move and not app.table.animator.busy)
    return app.table


def state(app):
    return app.session.game.state


def human_moves(app):
    return [action for seat, action in app.session.game.history if seat == 0]


def hand_center(table, index=0):
    hand = table.hand_cards()
    return table.geo.hand_slots(len(hand))[index].center


def test_menu_new_game_start_opens_a_five_crowns_table(make_app):
    app = make_app()
    assert isinstance(app.stack.top, MenuScene)
    click(app, button(app, "New game"))
    click(app, button(app, "Start"))
    frames(app, 2)
    assert isinstance(app.stack.top, TableScene)
    assert app.session.game.game_id == "five_crowns" and app.session.game.seats == 4


def test_drag_stock_to_hand_draws_and_hand_to_discard_discards(make_app):
    app = make_app()
    table = start(app)
    size = len(state(app).hands[0])
    drag(app, table.geo.stock.center, hand_center(table))
    assert len(state(app).hands[0]) == size + 1 and state(app).phase is Phase.DISCARD
    card = table.hand_cards()[1]
    drag(app, hand_center(table, 1), table.geo.discard.center)
    assert human_moves(app)[-1] == Discard(card)
    assert card not in state(app).hands[0]


def test_a_card_drawn_by_drag_joins_the_hand_where_it_is_dropped(make_app):
    app = make_app()
    table = start(app)
    first = table.geo.hand_slots(len(table.hand_cards()))[0]
    drag(app, table.geo.stock.center, (first.x + 2, first.centery))
    drawn = state(app).hands[0][-1]
    assert table.hand_cards()[0] == drawn


def test_an_illegal_drop_is_refused_with_the_engines_reason_and_changes_nothing(make_app):
    app = make_app()
    table = start(app)
    before = state(app)
    drag(app, hand_center(table), table.geo.discard.center)
    assert state(app) == before
    assert "draw a card first" in table.message.text.lower()
    drag(app, table.geo.stock.center, hand_center(table))
    drag(app, table.geo.discard.center, hand_center(table))
    assert "already drawn" in table.message.text.lower()
    assert human_moves(app) == [Draw(Pile.STOCK)]
    assert state(app).phase is Phase.DISCARD


def test_a_refused_card_slides_back(make_app):
    app = make_app(animations=True)
    table = start(app)
    card = table.hand_cards()[0]
    drag(app, hand_center(table), table.geo.discard.center)
    assert any(f.card == card.code for f in table.animator.flights)
    frames(app, 60)
    assert not table.animator.busy and table.hand_cards()[0] == card


def test_click_alternative_draws_selects_and_discards(make_app):
    app = make_app()
    table = start(app)
    click(app, table.geo.stock.center)
    assert state(app).phase is Phase.DISCARD
    card = table.hand_cards()[2]
    click(app, hand_center(table, 2))
    assert table.selected == {card}
    click(app, table.geo.discard.center)
    assert human_moves(app)[-1] == Discard(card)


def test_keyboard_draws_selects_and_plays_to_the_focused_target(make_app):
    app = make_app()
    table = start(app)
    key(app, pygame.K_d)
    assert state(app).phase is Phase.DISCARD
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    card = table.hand_cards()[2]
    key(app, pygame.K_SPACE)
    assert table.selected == {card}
    assert table.focused().id == "pile/discard"
    key(app, pygame.K_RETURN)
    assert human_moves(app)[-1] == Discard(card)


def test_enter_starts_each_phase_at_its_first_place_not_one_chosen_before(make_app):
    """Where Enter goes is chosen with Tab among the places of this phase; a slot chosen
    while building groups must not carry into the next draw or the next turn (it
    pointed at an empty build slot during a later call)."""
    app = make_app()
    table = start(app)
    key(app, pygame.K_d)
    assert state(app).phase is Phase.DISCARD
    key(app, pygame.K_TAB)
    assert table.focused().id != "pile/discard"
    table.discard(table.hand_cards()[0])
    assert table.focus_id is None
    until(app, lambda: table._my_turn() and table.view.to_draw)
    assert table.focused().id == "pile/stock"


def test_keyboard_t_takes_the_discard(make_app):
    app = make_app()
    start(app)
    key(app, pygame.K_t)
    assert human_moves(app)[-1] == Draw(Pile.DISCARD)


def test_sort_buttons_reorder_the_hand_and_the_order_is_kept(make_app):
    app = make_app()
    table = start(app)
    click(app, button(app, "Sort by rank"))
    ranks = [int(c.rank) for c in table.hand_cards() if not table.desc.is_wild(table.view, c)]
    assert ranks == sorted(ranks)
    order = list(table.hand_cards())
    drag(app, hand_center(table, 0), (table.geo.hand_slots(len(order))[-1].right - 2,
                                      table.geo.hand.centery))
    assert table.hand_cards()[-1] == order[0]


def test_arrange_for_me_then_discard_goes_out(make_app):
    app = make_app()
    game, _ = Game.new("five_crowns", 3, 1)
    position = game.variant.position(["7H 7S 9C", "4D 5D 6S", "8H 9H QS"],
                                     stock="KD KS 5C 7D", discard="10S")
    game.state = dataclasses.replace(position, turn=0)
    app.start_session(game, default_seats(2, "normal"))
    frames(app, 3)
    table = app.table
    key(app, pygame.K_d)
    click(app, button(app, "Arrange for me"))
    assert [sorted(c.face for c in g) for g in table.groups] == [["7D", "7H", "7S"]]
    assert [c.face for c in table.selected] == ["9C"]
    click(app, table.geo.discard.center)
    assert state(app).out_seat == 0
    until(app, lambda: isinstance(app.stack.top, SummaryScene))
    assert app.stack.top.event.points[0] == 0


def test_building_a_meld_by_dragging_into_the_meld_row(make_app):
    app = make_app()
    game, _ = Game.new("five_crowns", 3, 1)
    game.state = game.variant.position(["5H 6H 9C", "4D 5D 6S", "8H 9H QS"],
                                       stock="KD KS 5C 7H", discard="10S")
    app.start_session(game, default_seats(2, "normal"))
    frames(app, 3)
    table = app.table
    key(app, pygame.K_d)
    for face in ("5H", "6H", "7H"):
        index = [c.face for c in table.hand_cards()].index(face)
        slots = table.geo.group_slots([len(g) for g in table.groups], True)
        drag(app, hand_center(table, index), slots[0].center)
    assert [c.face for c in table.groups[0]] == ["5H", "6H", "7H"]
    assert table.desc.group(table.view, table.groups[0]).kind.value == "run"
    index = [c.face for c in table.hand_cards()].index("9C")
    drag(app, hand_center(table, index), table.geo.discard.center)
    assert state(app).out_seat == 0


def test_an_ai_only_game_runs_through_the_table_to_game_over(make_app):
    app = make_app()
    app.new_game("five_crowns", 2, "normal", 11, autoplay="normal")
    summaries = 0
    for _ in range(20000):
        frames(app)
        if isinstance(app.stack.top, SummaryScene):
            summaries += 1
            click(app, button(app, "Next round" if summaries < 11 else "See the final"))
        if isinstance(app.stack.top, GameOverScene):
            break
    assert isinstance(app.stack.top, GameOverScene) and summaries == 11
    assert app.session.game.outcome() is not None
    assert not app.save_path.exists()  # a finished game is no longer offered to continue


def test_resizing_at_any_moment_keeps_every_card_on_screen(make_app):
    app = make_app()
    game, _ = Game.new("five_crowns", 7, 3)
    variant = game.variant
    game.state = variant._deal(game.state, 11, game.state.dealer, [])   # 13 cards each
    app.start_session(game, default_seats(6, "normal"))
    frames(app, 3)
    for size in ((1024, 640), (3840, 2160), (1100, 700), (1280, 800), (1920, 1080)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        frames(app, 3)
        table = app.table
        screen = pygame.Rect((0, 0), app.size)
        geo = table.geo
        rects = geo.hand_slots(len(table.hand_cards()) + 1, frozenset({0}))
        rects += [geo.stock, geo.discard, geo.meld_row, geo.log, geo.info]
        rects += [b.rect for b in table.buttons]
        for spot in geo.spots.values():
            rects += [spot.panel, spot.cards]
        for rect in rects:
            assert screen.contains(rect), (size, rect)
        panels = [spot.panel for spot in geo.spots.values()] + [geo.stock, geo.discard]
        for i, first in enumerate(panels):
            for second in panels[i + 1:]:
                assert not first.colliderect(second), (size, first, second)


def test_esc_pauses_and_save_and_quit_returns_to_a_menu_that_continues(make_app):
    app = make_app()
    table = start(app)
    key(app, pygame.K_d)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    before = state(app)
    order = list(app.session.hand_order)
    click(app, button(app, "Save and quit"))
    frames(app, 2)
    assert isinstance(app.stack.top, MenuScene)
    click(app, button(app, "Continue"))
    frames(app, 2)
    assert isinstance(app.stack.top, TableScene) and table is not app.table
    assert state(app) == before and app.session.hand_order == order


def test_the_render_loop_never_waits_for_a_thinking_ai(make_app):
    app = make_app()
    table = start(app)
    bot = SlowBot()
    for seat in app.session.bots:
        app.session.bots[seat] = bot
    key(app, pygame.K_d)
    click(app, hand_center(table, 0))
    click(app, table.geo.discard.center)
    history = len(app.session.game.history)
    frames(app, 5)
    assert bot.asked.wait(5)
    drawn = 0
    for _ in range(120):             # two seconds of frames while the bot is stuck
        frames(app)
        drawn += 1
    assert drawn == 120 and len(app.session.game.history) == history
    assert app.session.thinking_seat is not None
    bot.release.set()
    until(app, lambda: len(app.session.game.history) > history)


def test_a_round_ends_in_order_last_move_then_score_sheet_then_the_next_deal(make_app):
    """The table stays on the round that ended while its last move plays out; the score
    sheet follows; only then is the next round dealt on the table."""
    from cardtable.app.scenes.summary import SummaryScene

    app = make_app(animations=True)
    app.new_game("five_crowns", 2, "normal", 5, autoplay="normal")
    until(app, lambda: app.table.summary is not None)
    assert app.session.game.state.round == 2  # the engine has dealt on already
    scored = app.table.summary
    assert app.table.view.melds == scored.melds  # the last move is done on the table
    assert sorted(app.table.view.hand, key=lambda c: c.code) == \
        sorted(scored.hands[app.session.human], key=lambda c: c.code)
    while not isinstance(app.stack.top, SummaryScene):
        assert app.table.view.round == 1  # but the table still shows round 1
        assert not any(line.startswith(("Round 1 scored", "Round 2"))
                       for line in app.table.visible_log())  # nor does its log
        app.frame()
    assert any(line.startswith("Round 1 scored") for line in app.session.log)
    app.stack.top.next()
    frames(app, 2)
    assert app.table.view.round == 2
    assert any(line.startswith("Round 2") for line in app.table.visible_log())


def test_buttons_come_alive_when_the_draw_animation_ends(make_app):
    """The buttons are worked out again when the table catches up with the game, not
    only when the game or the selection changes (Arrange after an animated draw)."""
    app = make_app(animations=True)
    app.new_game("five_crowns", 1, "normal", 5)
    until(app, lambda: app.session.human_to_move and not app.table.animator.busy)
    key(app, pygame.K_d)  # draw from the stock: the card flies into the hand
    until(app, lambda: not app.table.animator.busy and not app.session.shown)
    frames(app, 2)
    arrange = next(b for b in app.table.buttons if b.label.startswith("Arrange"))
    assert arrange.enabled
