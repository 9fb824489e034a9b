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


def test_palace_stack_label_says_a_card_of_the_top_rank_plays_P_A6():
    """A placement at least as high as the top plays (P-A6); the stack's label said
    "beat 6" while the status said "play 6+", and a 6 does play on a 6."""
    from cardtable.app import palace_layout, palace_model, palace_seen
    from cardtable.app.settings import CARD_SIZES
    from cardtable.engine.palace import Palace

    game = Palace()
    state = game.position(["6H 9S KD", "2C", "2D"], stack=["4S", "6D"], deck="3S 4S",
                          hidden=["2H 3H 4H", "5H 6H 7H", "2D 3D 4D"],
                          reserves=[["8H", "8D", "QS"], ["9H", "10C", "KH"],
                                    ["8C", "9C", "QD"]])
    view = game.observe(state, 0)
    seen = palace_seen.Seen(view=view, human=0, names=("You", "West", "North"),
                             levels=("", "Normal AI", "Normal AI"), hand=view.hand,
                             face_down=0, picked=(), selected=frozenset(), stack=view.stack,
                             burned=0, my_turn=True, info="Palace", log="")
    geo = palace_layout.compute((1024, 640), 3, 0, CARD_SIZES["medium"])
    label = palace_model.build(geo, seen).get("stack/label").name
    assert "play 6+" in label and "beat" not in label


def _question_buttons(make_app, size):
    from test_rummy_table_model import table_at

    variant = Game.new("shanghai_may_i", 4, 1)[0].variant
    hands = ["4D 5D 6D 7C 9S KH QH 2C 3C 8D 10C", "4S 5S", "4C 5C", "6H 6D"]
    state = variant.position(hands, discard="KD 9C", stock="3S 3H 3D 7C 8C",
                             current=1, discarder=3)
    app = table_at(make_app, "shanghai_may_i", variant._start_turn(state, 1), size)
    until(app, lambda: app.table.question is not None)
    return app.table.call_buttons


def test_call_answers_grow_with_a_4k_window(make_app):
    """At 3840×2160 the May I / buy answers were drawn in 18-pixel type on 240-pixel
    buttons under a question in 40-pixel type: "Buy [1]" was hard to read."""
    small = _question_buttons(make_app, (1280, 800))
    large = _question_buttons(make_app, (3840, 2160))
    assert [b.label for b in small] == [b.label for b in large]
    for little, big in zip(small, large):
        assert big.label_size() >= 2 * little.label_size()
        assert big.rect.width >= 2 * little.rect.width


def test_an_opponents_mission_boxes_grow_with_its_seat_at_4k():
    """Monastery at 3840×2160: each opponent's nine mission boxes stayed as small as at
    1280×800 (12 pixels at most) in a seat panel 2.7 times larger, too small to read
    the numbers or to click one to open that player's sheet."""
    import pygame as pg

    from cardtable.app.rummy_model import seat_sheet

    small = pg.Rect(395, 60, 210, 97)           # North's panel at 1280×800
    large = pg.Rect(1270, 160, 551, 232)         # and at 3840×2160
    boxes = seat_sheet(large, 9)
    assert boxes[0].width >= 2 * seat_sheet(small, 9)[0].width
    assert boxes[0].width >= 24
    assert all(large.contains(box) for box in boxes)
    assert all(a.right <= b.left for a, b in zip(boxes, boxes[1:]))


def test_a_five_crowns_wild_discarded_on_the_last_turn_is_explained_by_its_points():
    """Round 1, last turn, hand 3♦ (wild) 8♦ 4♠ 6♥: no book or run can be made, so the
    hint throws the wild (20 points) — but said "it is the only card left to throw",
    which is false with three other cards in the hand (FC-A5: a wild left counts 20)."""
    from cardtable.ai.explain import explain
    from cardtable.engine import Discard
    from cardtable.engine.five_crowns import FiveCrowns, Phase

    variant = FiveCrowns()
    state = variant.position(["3D 8D 4S 6H", "5S 5D 5C"], discard="KS", stock="4H 5H",
                             round_number=1, phase=Phase.DISCARD)
    view = variant.observe(state, 0)
    wild = next(c for c in view.hand if c.face == "3D")
    line = explain(view, Discard(wild))
    assert "only card left" not in line
    assert "3♦" in line and "20 points" in line


def test_a_discard_pile_that_may_not_be_taken_does_not_glow_as_a_draw_SH_buy(make_app):
    """Shanghai with buying: once the exposed discard was bought, the card under it
    shows on the pile but may not be taken; it glowed beside the stock as a place to
    draw from, and a click on it was refused ("the discard pile has no card you may
    take this turn")."""
    import dataclasses

    from test_rummy_table_model import table_at

    from cardtable.engine import Pile
    from cardtable.engine.shanghai_rules import Phase

    variant = Game.new("shanghai_buy", 4, 1)[0].variant
    hands = ["4D 5D 6D 7C 9S KH QH 2C 3C 8D 10C", "4S 5S", "4C 5C", "6H 6D"]
    state = variant.position(hands, discard="10C", stock="3S 3H 3D 7C 8C", current=0,
                             phase=Phase.DRAW)
    dead = dataclasses.replace(state, exposed=False)
    app = table_at(make_app, "shanghai_buy", dead, (1024, 640))
    until(app, lambda: app.session.human_to_move)
    assert app.table.glowing_piles() == (Pile.STOCK,)
    live = table_at(make_app, "shanghai_buy", state, (1024, 640))
    until(live, lambda: live.session.human_to_move)
    assert live.table.glowing_piles() == (Pile.STOCK, Pile.DISCARD)


def test_the_menu_with_every_game_saved_keeps_quit_clear_of_its_message(make_app,
                                                                        monkeypatch):
    """1024×640, a game of each kind saved, "Your game is saved" under the menu: the
    five Continue lines pushed Quit under the message, which covered it."""
    from types import SimpleNamespace

    from cardtable.app.scenes.menu import MenuScene

    app = make_app(size=(1024, 640))
    games = ["monastery", "shanghai_buy", "shanghai_may_i", "palace", "five_crowns"]
    slots = [SimpleNamespace(game_id=g, summary=SimpleNamespace(label=f"{g}, round 2"))
             for g in games]
    monkeypatch.setattr(app, "saved_games", lambda: slots)
    app.menu_message = "Your game is saved: Continue picks it up where you left it."
    scene = MenuScene(app)
    app.stack.reset(scene)
    frames(app, 2)
    model = scene.model()
    assert [(a.id, b.id) for a, b in model.overlaps()] == []
    quit_button = next(b for b in scene.ring.widgets if getattr(b, "label", "") == "Quit")
    message = scene.message_box()
    assert message is not None and quit_button.rect.bottom < message[0].rect.top
