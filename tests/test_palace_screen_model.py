"""The Palace table's screen model: every card, pile, seat and control named and placed,
nothing covering another at any seat count, window size or card size, every element
reached by the keyboard, and the deck colours setting honoured."""

import dataclasses

import pygame
import pytest

from cardtable.app import cardart, palace_layout, palace_model, palace_seen
from cardtable.app.input_grammar import Command
from cardtable.app.model import Gesture, HandCard, Role, ZoneCard
from cardtable.app.session import default_seats
from cardtable.app.settings import CARD_SIZES
from cardtable.engine import BuildReserve, Game, PickHidden, parse_card
from cardtable.engine.palace import Palace, Phase
from ui import frames, key

GAME = Palace()
SIZES = [(1024, 640), (1280, 800), (3840, 2160)]
HIDDEN = ["2H 3H 4H", "5H 6H 7H", "2D 3D 4D", "5D 6D 7D", "2S 3S 4S", "5S 6S 7S"]
RESERVES = [["8H", "8D", "QS QH"], ["9H", "10C", "KH"], ["8C", "9C", "QD"],
            ["10S", "JS", "KC"], ["AS", "AH", "AD"], ["6C", "7C", "JC"]]
HAND = "9S 10H JD 3C 4H KD 5C 6S 7D 8S 9D 10D JC"


@pytest.fixture(autouse=True)
def fonts():
    """The layout measures text: the file ran only after another had started pygame."""
    pygame.font.init()


def full_table(seats: int):
    """Every seat with three hidden cards under three face-up placements, a straight on
    the stack, cards in the deck: the most a Palace table shows at once."""
    hands = [HAND] + ["2C"] * (seats - 1)
    return GAME.position(hands, stack=["8S", "JH QH KH AC"], deck="3S 4S",
                         hidden=HIDDEN[:seats], reserves=RESERVES[:seats])


def seen_of(state, **changes):
    view = GAME.observe(state, 0)
    names = ("You", "West", "North", "East", "Fourth", "Fifth")[:state.seats]
    seen = palace_seen.Seen(view=view, human=0, names=names,
                             levels=("",) + ("Normal AI",) * (state.seats - 1),
                             hand=view.hand, face_down=0, picked=(), selected=frozenset(),
                             stack=view.stack, burned=7, my_turn=True, info="Palace",
                             log="West placed 9♣")
    return dataclasses.replace(seen, **changes)


def described(problems):
    return [(a.id, b.id) for a, b in problems]


@pytest.mark.parametrize("card_size", ["medium", "large"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", list(GAME.seat_counts))
def test_no_two_palace_elements_overlap_and_no_reserve_lies_under_a_pile(seats, size,
                                                                           card_size):
    """Palace, 4 seats: East's reserve was drawn inside the Burned pile, West's over the
    Deck, and with large cards the piles covered the seat boxes."""
    geo = palace_layout.compute(size, seats, 0, CARD_SIZES[card_size])
    model = palace_model.build(geo, seen_of(full_table(seats)))
    assert described(model.overlaps()) == []
    play = geo.table.play
    for element in model:
        if element.role is not Role.BUTTON and element.id not in ("info", "log"):
            assert play.contains(pygame.Rect(element.box.x, element.box.y, element.box.w,
                                             element.box.h)), element.id


@pytest.mark.parametrize("seats", list(GAME.seat_counts))
def test_the_reserve_being_built_and_the_setup_backs_overlap_nothing(seats):
    state = dataclasses.replace(full_table(seats), phase=Phase.BUILD_RESERVE,
                                reserves=tuple(r[:1] for r in full_table(seats).reserves))
    for size in SIZES:
        geo = palace_layout.compute(size, seats, 0, CARD_SIZES["large"])
        model = palace_model.build(geo, seen_of(state))
        assert model.get("reserve/next") is not None
        assert described(model.overlaps()) == []
        setup = palace_model.build(geo, seen_of(state, hand=(), face_down=9, picked=(1, 4)))
        assert described(setup.overlaps()) == []
        assert len([e for e in setup if e.role is Role.HIDDEN_CARD
                    and e.id.startswith("facedown/")]) == 9


def test_every_palace_element_has_a_name_a_person_would_understand():
    geo = palace_layout.compute((1280, 800), 4, 0)
    state = full_table(4)
    seen = seen_of(state, selected=frozenset({parse_card("9S")}))
    model = palace_model.build(geo, seen)
    assert model.unnamed() == []
    names = {element.id: element.name for element in model}
    assert names["hand/9S.0"] == "nine of spades, in your hand, selected"
    assert names["hand/10H.0"] == "ten of hearts, in your hand"
    assert names["seat/0/hidden/1"] == "your second hidden card"
    assert names["seat/3/hidden/0"] == "East's first hidden card"
    assert names["seat/3/reserve/2"] == "East's third reserve placement: king of clubs"
    assert names["seat/0/reserve/2"] == \
        "your third reserve placement: queen of spades and queen of hearts"
    assert names["stack"] == ("the stack, 5 cards, on top jack of hearts, queen of hearts, "
                              "king of hearts and ace of clubs; play an ace or higher")
    assert names["deck"] == "the deck, 2 cards" and names["burned"] == "burned cards, 7"
    assert names["seat/1"] == "West, Normal AI, 7 cards left"
    hidden = [element for element in model if element.role is Role.HIDDEN_CARD]
    assert all(not element.public for element in hidden)  # face down: nobody sees them


def test_a_click_on_any_element_that_takes_one_finds_that_element():
    state = GAME.position(["", "5C 6C 7C"], stack=["9H"], deck="", hidden=["4D 8C 2S", "2C"])
    for seats_state in (state, full_table(4)):
        geo = palace_layout.compute((1024, 640), seats_state.seats, 0)
        model = palace_model.build(geo, seen_of(seats_state))
        for element in model:
            if element.enabled and element.accepts & Gesture.CLICK:
                assert model.at(element.box.center) == element, element.id
    model = palace_model.build(palace_layout.compute((1024, 640), 2, 0), seen_of(state))
    hidden = model.at(model.get("seat/0/hidden/2").box.center, Gesture.DRAG)
    assert hidden is not None and hidden.ref == ZoneCard(0, palace_seen.HIDDEN, 2, None)


def table_app(make_app, state, size=(1280, 800), **settings):
    app = make_app(size=size)
    if settings:
        app.settings = dataclasses.replace(app.settings, **settings)
    game, _ = Game.new("palace", state.seats, 1)
    game.state = state
    app.start_session(game, default_seats(state.seats - 1, "normal"))
    frames(app, 3)
    return app


def test_tab_and_shift_tab_reach_every_element_of_the_palace_table(make_app):
    app = table_app(make_app, full_table(4))
    table = app.table
    order = [element.id for element in table.model().focus_order()]
    assert {"info", "stack", "deck", "burned", "seat/3", "seat/3/reserve/0",
            "seat/0/hidden/2", "button/sort_rank", "log", "hand/9S.0"} <= set(order)
    visited = []
    for _ in order:
        key(app, pygame.K_TAB)
        visited.append(table.focus_id)
    assert sorted(visited) == sorted(order)
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert table.focus_id == order[-2]


def test_enter_on_the_focused_stack_places_the_selection_and_arrows_move_in_the_hand(
        make_app):
    state = GAME.position(["9S 9H 4D", "5C 6C 7C"], stack=["8C"], deck="2S 3S 4S",
                          hidden=["2H 3H 4H", "5H 6H 7H"])
    app = table_app(make_app, state)
    table = app.table
    key(app, pygame.K_RIGHT)
    assert table.model().get(table.focus_id).ref == HandCard(table.hand_cards()[1], 1)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_SPACE)
    while table.focus_id != "stack":
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    seat, action = app.session.game.history[0]
    assert seat == 0 and sorted(c.face for c in action.cards) == ["9H", "9S"]


def ink_of(surface, box):
    """The strongest coloured ink in a card's corner."""
    best, strongest = (0, 0, 0), -1
    area = surface.subsurface(pygame.Rect(box.x + 2, box.y + 2, max(4, box.w // 3),
                                          box.h // 3))
    for x in range(area.get_width()):
        for y in range(area.get_height()):
            r, g, b, _ = area.get_at((x, y))
            spread = max(r, g, b) - min(r, g, b)
            if spread > strongest:
                best, strongest = (r, g, b), spread
    return best


@pytest.mark.parametrize("scheme", ["four", "two", "contrast"])
def test_the_palace_table_draws_its_cards_in_the_deck_colours_chosen(make_app, scheme):
    """Palace ignored Settings → Deck colours (two colours, high contrast)."""
    state = GAME.position(["JD 9S", "5C 6C 7C"], stack=["8C"], deck="2S 3S 4S",
                          hidden=["2H 3H 4H", "5H 6H 7H"])
    app = table_app(make_app, state, deck_colours=scheme)
    table = app.table
    table.draw(app.screen)
    ink = ink_of(app.screen, table.model().get("hand/JD.0").box)
    want = cardart.SCHEMES[scheme][parse_card("JD").suit]
    assert all(abs(a - b) <= 40 for a, b in zip(ink, want)), (ink, want)


def test_a_hint_picks_out_its_move_on_the_table_and_enter_plays_it(make_app):
    """The hint reads the model: its cards are selected and the keyboard's focus goes to
    where the move is made (the stack, the hidden card, the Take the stack button)."""
    from ui import until

    state = GAME.position(["4H 3D 5S", "9C 6C 7C"], stack=["8S", "KD"], deck="",
                          hidden=["2H 3H 4H", "5H 6H 7H"])
    app = table_app(make_app, state)
    table = app.table
    key(app, pygame.K_h)
    until(app, lambda: table.focus_id is not None)
    assert table.focus_id == "button/take"
    key(app, pygame.K_RETURN)
    assert app.session.game.history[0][1] == GAME.legal_actions(state, 0)[0]
    state = GAME.position(["", "9C 6C 7C"], stack=["8S"], deck="", hidden=["2H 3H 4H", "5H"])
    app = table_app(make_app, state)
    table = app.table
    key(app, pygame.K_h)
    until(app, lambda: table.focus_id is not None)
    assert table.model().get(table.focus_id).role is Role.HIDDEN_CARD
    key(app, pygame.K_SPACE)
    assert app.session.game.history[0][0] == 0


def test_setup_picks_by_keyboard_arrows_and_space_then_enter_hides_them(make_app):
    app = make_app()
    app.new_game("palace", 3, "normal", deal=5)
    frames(app, 3)
    table = app.table
    for _ in range(3):
        key(app, pygame.K_SPACE)
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_RIGHT)
    assert sorted(table.picked) == [0, 2, 4]
    key(app, pygame.K_RETURN)
    assert app.session.game.history[0] == (0, PickHidden((0, 2, 4)))


def test_a_hint_while_picking_the_hidden_reserve_picks_three_and_enter_hides_them(
        make_app):
    from ui import until

    app = make_app()
    app.new_game("palace", 2, "normal", deal=6)
    frames(app, 3)
    table = app.table
    key(app, pygame.K_h)
    until(app, lambda: len(table.picked) == 3)
    assert table.focus_id == "button/commit_selected"
    picked = tuple(sorted(table.picked))
    key(app, pygame.K_RETURN)
    assert app.session.game.history[0] == (0, PickHidden(picked))


def test_up_and_down_go_to_where_cards_may_be_put_as_at_the_rummy_tables(make_app):
    state = dataclasses.replace(full_table(3), phase=Phase.BUILD_RESERVE,
                                reserves=((), (), ()))
    app = table_app(make_app, state)
    table = app.table
    key(app, pygame.K_DOWN)
    assert table.focus_id == "reserve/next"
    key(app, pygame.K_RETURN)  # nothing selected: it says what to do
    assert table.message.text.startswith("Select the cards first")
    key(app, pygame.K_TAB)
    key(app, pygame.K_SPACE)  # a reserve placement on the table: it is read out
    assert table.message.text == "Your first hidden card."
    key(app, pygame.K_LEFT)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    last = state.hands[0][-1]
    assert app.session.game.history[0] == (0, BuildReserve((last,)))


def same_move(first, second):
    """The same move, whatever order its cards were listed in."""
    return type(first) is type(second) and sorted(map(str, getattr(first, "cards", ()))) == \
        sorted(map(str, getattr(second, "cards", ()))) and \
        getattr(first, "position", None) == getattr(second, "position", None) and \
        getattr(first, "positions", None) == getattr(second, "positions", None)


def test_a_whole_palace_game_is_played_with_the_keyboard_alone(make_app):
    """Every move the Normal player would make is made with keys: ←/→ and Space to pick
    and select, ↓ to the stack or the reserve slot, Enter, T to take the stack and 1–3
    for a hidden card."""
    import random

    from cardtable.ai import make_bot
    from cardtable.app.scenes.summary import GameOverScene
    from cardtable.engine import TakeStack

    app = make_app(size=(1024, 640))
    app.new_game("palace", 1, "normal", deal=4)
    bot = make_bot("normal")
    moves = 0
    for _ in range(20000):
        if isinstance(app.stack.top, GameOverScene):
            break
        session, table = app.session, app.table
        if session.human_to_move and table._my_turn():
            action = bot.choose(session.view(), random.Random(moves), 0.0, lambda: False)
            before = len(session.game.history)
            if isinstance(action, PickHidden):
                for position in action.positions:
                    while table.focus != position:
                        key(app, pygame.K_RIGHT)
                    key(app, pygame.K_SPACE)
                key(app, pygame.K_RETURN)
            elif isinstance(action, TakeStack):
                key(app, pygame.K_t)
            elif hasattr(action, "cards"):
                for card in action.cards:
                    key(app, pygame.K_RIGHT)
                    while table.focus != table.hand_cards().index(card):
                        key(app, pygame.K_RIGHT)
                    key(app, pygame.K_SPACE)
                key(app, pygame.K_DOWN)
                key(app, pygame.K_RETURN)
            else:
                key(app, pygame.K_1 + action.position)
            moves += 1
            assert any(seat == 0 and same_move(done, action)
                       for seat, done in session.game.history[before:]), action
        frames(app)
    assert isinstance(app.stack.top, GameOverScene) and moves > 10


def test_a_whole_palace_game_is_played_with_the_mouse_alone_on_the_models_boxes(make_app):
    import random

    from cardtable.ai import make_bot
    from cardtable.app.model import Control, SeatCards
    from cardtable.app.scenes.summary import GameOverScene
    from cardtable.engine import TakeStack
    from ui import click

    app = make_app(size=(1280, 800))
    app.new_game("palace", 3, "normal", deal=9)
    bot = make_bot("normal")
    moves = 0

    def box(ref):
        element = app.table.model().find(ref)
        assert element is not None, ref
        return element.box.center

    for _ in range(30000):
        if isinstance(app.stack.top, GameOverScene):
            break
        session, table = app.session, app.table
        if session.human_to_move and table._my_turn():
            action = bot.choose(session.view(), random.Random(moves), 0.0, lambda: False)
            before = len(session.game.history)
            if isinstance(action, PickHidden):
                for position in action.positions:
                    click(app, box(ZoneCard(0, palace_seen.FACE_DOWN, position, None)))
                click(app, box(Control(Command.COMMIT)))
            elif isinstance(action, TakeStack):
                click(app, box(Control(Command.TAKE)))
            elif hasattr(action, "cards"):
                for card in action.cards:
                    click(app, box(HandCard(card, table.hand_cards().index(card))))
                target = palace_seen.STACK if session.game.state.phase is Phase.PLAY \
                    else SeatCards(0, palace_seen.NEXT_SLOT)
                click(app, box(target))
            else:
                click(app, box(ZoneCard(0, palace_seen.HIDDEN, action.position, None)))
            moves += 1
            assert any(seat == 0 and same_move(done, action)
                       for seat, done in session.game.history[before:]), action
        frames(app)
    assert isinstance(app.stack.top, GameOverScene) and moves > 10


def test_the_hand_a_card_is_dropped_in_to_reorder_is_reached_by_tab_and_says_how():
    """The hand takes a drop (a card dragged along it moves there): Tab reaches it and
    Enter says how to order it; with fewer than two cards, or face down while picking
    the hidden reserve, there is nothing to order and it takes no input at all."""
    state = full_table(4)
    geo = palace_layout.compute((1024, 640), 4, 0)
    model = palace_model.build(geo, seen_of(state))
    hand = model.get("hand")
    assert hand is not None and hand.accepts & Gesture.DROP
    assert hand in model.focus_order()
    for seen in (seen_of(state, hand=(parse_card("9S"),)),
                 seen_of(state, hand=(), face_down=9)):
        lone = palace_model.build(geo, seen).get("hand")
        assert lone is not None and not lone.accepts and not lone.takes_focus


def test_enter_on_the_focused_hand_says_how_to_order_it_and_down_skips_it(make_app):
    app = table_app(make_app, full_table(4))
    table = app.table
    for _ in table.model().focus_order():
        if table.focus_id == "hand":
            break
        key(app, pygame.K_TAB)
    assert table.focus_id == "hand"
    key(app, pygame.K_RETURN)
    assert "R sorts" in table.message.text and not app.session.game.history
    for _ in range(4):
        key(app, pygame.K_DOWN)
        assert table.focus_id != "hand"


def test_an_opponents_panel_text_is_drawn_once_inside_its_panel(monkeypatch):
    """Since the seat panels carry their own texts, the labels pass drew every
    opponent's name, count and level a second time, in gold, over its panel's corner;
    only the person's own "You" label is drawn there."""
    from types import SimpleNamespace

    from cardtable.app.scenes import palace_draw

    geo = palace_layout.compute((1024, 640), 4, 0, CARD_SIZES["medium"])
    model = palace_model.build(geo, seen_of(full_table(4)))
    drawn = []

    def record(surface, content, *args, **kwargs):
        drawn.append(content)
        return pygame.Rect(0, 0, 1, 1)

    monkeypatch.setattr(palace_draw.theme, "blit_text", record)
    scene = SimpleNamespace(session=SimpleNamespace(human=0),
                            view=SimpleNamespace(awaiting=(0,)))
    palace_draw._labels(scene, pygame.Surface((1024, 640)), model)
    assert "You" in drawn
    assert not {"West", "North", "East"} & set(drawn)
