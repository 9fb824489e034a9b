"""The tables' readers of their screen model: Palace's buttons and hand are hit in the
model (not through the widgets' rectangles or the layout), its zones and piles are typed,
and a hint lights its cards and where they go, with the keyboard's focus there so Enter
plays it, at the rummy tables as at Palace."""

from __future__ import annotations

import random
from dataclasses import replace

import pygame
import pytest

from cardtable.ai.explain import hint
from cardtable.app import palace_model, palace_seen
from cardtable.app.hint_marks import hinted_cards
from cardtable.app.model import Box, NamedPile, PileName, ScreenModel, SeatCards, Zone, ZoneCard
from cardtable.app.session import default_seats
from cardtable.engine import Game, Place, TakeStack
from cardtable.engine.palace import Palace
from ui import click, drag, frames, key, until

GAME = Palace()


def palace_at(make_app, state):  # type: ignore[no-untyped-def]
    app = make_app()
    game, _ = Game.new("palace", state.seats, 1)
    game.state = state
    app.start_session(game, default_seats(state.seats - 1, "normal"))
    frames(app, 3)
    return app


def moved(table, element_id: str, box: Box) -> None:  # type: ignore[no-untyped-def]
    """The table's model with one element placed at ``box`` (the widgets and the layout
    left as they are)."""
    built = type(table).model

    def model() -> ScreenModel:
        return ScreenModel(tuple(replace(e, box=box) if e.id == element_id else e
                                 for e in built(table)))

    table.model = model


def test_a_palace_button_is_clicked_where_the_model_places_it_not_by_its_widget(make_app):
    state = GAME.position(["4H 3D 5S", "9C 6C 7C"], stack=["8S", "KD"], deck="",
                          hidden=["2H 3H 4H", "5H 6H 7H"])
    app = palace_at(make_app, state)
    table = app.table
    take = next(b for b in table.buttons if b.label.startswith("Take the stack"))
    moved(table, "button/take", Box(4, 4, 80, 30))
    click(app, take.rect.center)              # the widget's own rect: nothing there now
    assert app.session.game.history == []
    click(app, (20, 20))
    assert app.session.game.history[0] == (0, TakeStack())


def test_palace_hand_reordering_reads_the_hand_element_of_the_model(make_app):
    state = GAME.position(["9S 10H JD 3C", "5C 6C 7C"], stack=["8C"], deck="",
                          hidden=["2H 3H 4H", "5H 6H 7H"])
    app = palace_at(make_app, state)
    table = app.table
    hand = table.model().get("hand")
    assert hand is not None
    moved(table, "hand", Box(0, 0, 300, 120))
    last = table.hand_cards()[-1]
    start = [e for e in table.model() if e.parent == "hand"][-1].box.center
    drag(app, start, (hand.box.x + 2, hand.box.center[1]))   # the layout's hand: not now
    assert table.hand_cards()[-1] == last
    drag(app, start, (2, 60))                                 # the model's hand
    assert table.hand_cards()[0] == last


def test_palace_zones_and_piles_are_typed_not_strings():
    state = GAME.position(["9S 10H", "5C 6C 7C"], stack=["8C"], deck="2S",
                          hidden=["2H 3H 4H", "5H 6H 7H"], reserves=[["8H"], ["9H"]])
    from cardtable.app import palace_layout

    view = GAME.observe(state, 0)
    seen = palace_seen.Seen(view=view, human=0, names=("You", "West"), levels=("", "AI"),
                             hand=view.hand, face_down=0, picked=(), selected=frozenset(),
                             stack=view.stack, burned=0, my_turn=True)
    model = palace_model.build(palace_layout.compute((1280, 800), 2, 0), seen)
    refs = [e.ref for e in model]
    zoned = [r for r in refs if isinstance(r, SeatCards | ZoneCard)]
    piles = [r for r in refs if isinstance(r, NamedPile)]
    assert zoned and all(isinstance(r.zone, Zone) for r in zoned)
    assert {r.name for r in piles} == set(PileName)
    assert palace_seen.STACK == NamedPile(PileName.STACK)


def _hinted(app, table):  # type: ignore[no-untyped-def]
    expected, _ = hint(table.view, random.Random(len(app.session.game.history)))
    key(app, pygame.K_h)
    if table.hints.job is not None:
        table.hints.job.wait()
    frames(app, 2)
    return expected


def test_a_palace_hint_lights_its_cards_and_the_stack_and_enter_plays_it(make_app):
    state = GAME.position(["9S 4D 3C", "5C 6C 7C"], stack=["8C"], deck="",
                          hidden=["2H 3H 4H", "5H 6H 7H"])
    app = palace_at(make_app, state)
    table = app.table
    expected = _hinted(app, table)
    assert isinstance(expected, Place) and [c.face for c in expected.cards] == ["9S"]
    assert table.selected == set(expected.cards)
    focused = table.focused()
    assert focused is not None and focused.ref == palace_seen.STACK
    key(app, pygame.K_RETURN)
    assert app.session.game.history[0] == (0, expected)


def test_a_rummy_hint_lights_its_cards_and_where_they_go_and_enter_plays_it(make_app):
    app = make_app()
    app.new_game("five_crowns", 1, "normal", 6)
    until(app, lambda: app.table is not None and app.table._my_turn())
    table = app.table
    for _ in range(2):   # the draw, then what follows it
        until(app, lambda: table._my_turn())
        expected = _hinted(app, table)
        focused = table.focused()
        assert focused is not None and focused.id == table.focus_id, expected
        cards = set(hinted_cards(expected))
        if cards:
            staged = {c for group in table.groups for c in group}
            assert cards == table.selected | staged, expected
        before = len(app.session.game.history)
        key(app, pygame.K_RETURN)
        done = [action for seat, action in app.session.game.history[before:] if seat == 0]
        assert done and type(done[0]) is type(expected), (done, expected)
        assert set(hinted_cards(done[0])) == cards


@pytest.mark.parametrize("game_id", ["palace", "shanghai_may_i", "monastery"])
def test_every_tour_step_lights_elements_of_the_tables_model(home, game_id):
    """Palace's tour lit layout rectangles and the rummy tour's meld row was the
    layout's: each step now names elements of the table's model, and lights their boxes."""
    from cardtable.app.app import App
    from cardtable.app.scenes.coach import CoachScene

    app = App(size=(1280, 800), animations=False, coach=True)
    try:
        app.new_game(game_id, 2, "normal", 3)
        frames(app, 2)
        coach = app.stack.top
        assert isinstance(coach, CoachScene)
        model = app.table.model()
        for step in coach.steps:
            lit = [model.get(element_id) for element_id in step.lit]
            assert lit and all(e is not None for e in lit), step.text
            boxes = [pygame.Rect(e.box.x, e.box.y, e.box.w, e.box.h) for e in lit if e]
            assert step.area == boxes[0].unionall(boxes[1:]), step.text
        lit_ids = {element_id for step in coach.steps for element_id in step.lit}
        # (Palace's reserves step lights the hand while no reserve is made yet.)
        wanted = {"hand", "stack"} if game_id == "palace" else \
            {"hand", "pile/discard", "meldrow"}
        assert wanted <= lit_ids
    finally:
        app.shutdown()


def test_a_hint_finds_where_its_move_goes_by_the_actions_type():
    """The rummy hint picked its cards with getattr/hasattr and lit nothing else: each
    action type now names its cards and its target element (a swap: the wild itself)."""
    from cardtable.app.hint_marks import hint_target
    from cardtable.app.model import Element, PileRef, Role, TableMeld, WildInMeld
    from cardtable.engine import Discard, Draw, Exchange, LayOff, Pile, PlayHidden, parse_card

    natural, wild, other = parse_card("7H"), parse_card("2C"), parse_card("9S")
    box = Box(0, 0, 10, 10)
    model = ScreenModel((
        Element("pile/stock", Role.PILE, "stock", box, PileRef(Pile.STOCK)),
        Element("pile/discard", Role.PILE, "discard", box, PileRef(Pile.DISCARD)),
        Element("meld/1/0", Role.TABLE_MELD, "meld", box, TableMeld(1, 0)),
        Element("meld/1/0/2", Role.WILD, "wild", box, WildInMeld(1, 0, 2, wild)),
        Element("seat/0/hidden/1", Role.HIDDEN_CARD, "hidden", box,
                ZoneCard(0, Zone.HIDDEN, 1, None))))

    def target(action):  # type: ignore[no-untyped-def]
        found = hint_target(model, action, 0)
        return found.id if found is not None else None

    assert target(Draw(Pile.DISCARD)) == "pile/discard"
    assert target(Discard(other)) == "pile/discard" and hinted_cards(Discard(other)) == (other,)
    assert target(LayOff(1, 0, (other,))) == "meld/1/0"
    swap = Exchange(1, 0, natural, wild)
    assert target(swap) == "meld/1/0/2" and hinted_cards(swap) == (natural,)
    assert target(PlayHidden(1)) == "seat/0/hidden/1" and hinted_cards(PlayHidden(1)) == ()
