"""The last fallback of a crowded rummy table: a seat whose melds cannot fit its room
even wrapped shows them as one element in its room, which opens them in a dialog over
the table where lay-offs and swaps work as on the table, by mouse and by keyboard."""

import dataclasses
import random

import pygame

from cardtable.app import meld_fold, rummy_layout
from cardtable.app.model import Role, SeatMelds, TableMeld, WildInMeld
from cardtable.app.settings import CARD_SIZES


def _random_late_table(rng: random.Random) -> dict[int, list[tuple[bool, ...]]]:
    """A heavy late table of eight: each opponent two to four melds of three to eight
    cards, about one card in four wild; the person one to three."""
    shapes = {}
    for seat in range(8):
        count = rng.randint(2, 4) if seat else rng.randint(1, 3)
        shapes[seat] = [tuple(rng.random() < 0.25 for _ in range(rng.randint(3, 8)))
                        for _ in range(count)]
    return shapes


def _covered(geo, laid, folded) -> set[int]:
    label = geo.height // 30
    piles = geo.stock.union(geo.discard).inflate(0, 2 * label)
    boxes = [(seat, spot.box) for seat, spots in laid.items() for spot in spots]
    boxes += list(folded.items())
    panels = [spot.panel for spot in geo.spots.values()]
    bad = set()
    for index, (seat, box) in enumerate(boxes):
        others = [b for s, b in boxes[index + 1:] if s != seat]
        if not geo.play.contains(box) or box.collidelist(others) >= 0 \
                or box.collidelist(panels) >= 0 or box.colliderect(piles):
            bad.add(seat)
        if seat and (box.colliderect(geo.message) or box.colliderect(geo.meld_row)):
            bad.add(seat)
    return bad


def test_heavy_eight_seat_tables_with_large_cards_have_no_melds_over_a_neighbour():
    """In 94 of 100 random heavy late tables of eight (1024×640, large cards) some seat's
    melds lay over a neighbour's, a panel or the piles: now those seats fold, none
    covers anything, and the seats that fit keep their melds on the table."""
    geo = rummy_layout.compute((1024, 640), 8, 0, CARD_SIZES["large"])
    rng = random.Random(37)
    for _ in range(12):
        shapes = _random_late_table(rng)
        laid, folded = meld_fold.folded_table(geo, 0, shapes)
        assert _covered(geo, laid, folded) == set(), shapes
        assert 0 in laid and set(laid) | set(folded) == set(shapes)
        assert len(folded) < 7, shapes


def _crowded_app(make_app):
    from cardtable.app.session import default_seats
    from cardtable.engine import Game
    from cardtable.engine.shanghai_rules import Phase
    from ui import frames

    variant = Game.new("shanghai_may_i", 8, 1)[0].variant
    runs = ["run: 3H 4H 5H 6H", "run: 8C 9C 10C JC", "run: 4D 5D 6D 7D 8D"]
    melds = {seat: runs for seat in range(3, 8)}
    melds[2] = ["run: 5S 6S JK 8S 9S 2C 2H QS", "run: 9H 10H JH 2D KH 2S",
                "run: 7C 2S 9C 10C JC QC KC AC", "set: 5C 5D 2H 5H", "set: 4C 4S 2C 4H",
                "set: 6C 6D JK 6H"]
    melds[0] = ["set: QS QD QC"]
    hands = ["KS 7S 4D", "KC 9H", "4C", "6H", "7S", "9D", "JD", "3C"]
    state = variant.position(hands, round_number=7, phase=Phase.PLAY, melds=melds,
                             stock="3S 3H", discard="10D")
    app = make_app(size=(1024, 640))
    app.settings = dataclasses.replace(app.settings, card_size="large")
    app.apply_looks()
    game, _ = Game.new("shanghai_may_i", 8, 1)
    game.state = state
    app.start_session(game, default_seats(7, "normal"))
    frames(app, 3)
    return app


def _opened(app, by_key: bool):
    from screen_checks import keyboard_problems, outside_problems, text_problems

    from ui import click, frames, key

    model = app.table.model()
    assert text_problems(model) + outside_problems(model, (1024, 640)) == []
    assert keyboard_problems(model, []) == []
    assert [(a.id, b.id) for a, b in model.overlaps()] == []
    folded = model.get("folded/2")
    assert folded is not None and folded.role is Role.SEAT_MELDS, \
        [e.id for e in model if e.role is Role.TABLE_MELD]
    assert folded.ref == SeatMelds(2) and folded.name.startswith("West's 6 melds")
    assert model.get("meld/2/0") is None
    if by_key:
        app.table.focus_id = folded.id
        key(app, pygame.K_RETURN)
    else:
        click(app, folded.box.center)
        frames(app, 2)
    model = app.table.model()
    assert model.get("melds-dialog") is not None and model.get("melds-dialog").modal
    assert text_problems(model) + outside_problems(model, (1024, 640)) == []
    assert keyboard_problems(model, []) == []
    assert [(a.id, b.id) for a, b in model.overlaps()] == []
    return model


def test_a_folded_seats_element_opens_its_melds_in_a_dialog(make_app):
    """West's six melds at 1024×640 with large cards lay over its neighbours: one
    element in its room, "West's 6 melds — open", opens them over the table, larger
    than on the table, each meld and wild a target of its own; Esc closes it."""
    from ui import key

    app = _crowded_app(make_app)
    geo = app.table.geo
    model = _opened(app, by_key=False)
    melds = [e for e in model if isinstance(e.ref, TableMeld) and e.ref.seat == 2]
    assert len(melds) == 6 and all(e.parent == "melds-dialog" for e in melds)
    cards = [e for e in model.children("meld/2/0") if e.role in (Role.CARD, Role.WILD)]
    assert cards[-1].box.w > geo.small_w
    assert model.at(model.get("meld/2/0/2").box.center).ref == WildInMeld(
        2, 0, 2, app.session.game.state.melds[2][0].cards[2])
    assert not model.get("pile/stock").enabled
    key(app, pygame.K_ESCAPE)
    assert app.table.model().get("melds-dialog") is None
    assert app.table.model().get("folded/2") is not None


def test_a_lay_off_and_a_swap_work_in_the_dialog_by_mouse(make_app):
    """Dragging the K♠ from the hand onto West's first run lays it off; selecting the 7♠
    and clicking the joker's face swaps it, in the dialog as on the table; Close closes
    it."""
    from ui import click, drag, frames

    app = _crowded_app(make_app)
    table = app.table
    model = _opened(app, by_key=False)
    king = next(e for e in model if e.id.startswith("hand/") and e.ref.card.face == "KS")
    drag(app, king.box.center, model.get("meld/2/0/tab").box.center)
    frames(app, 3)
    assert type(app.session.game.history[-1][1]).__name__ == "LayOff", table.message
    assert app.session.game.state.melds[2][0].cards[-1].face == "KS"
    assert table.model().get("melds-dialog") is not None
    table.selected = {next(c for c in table.hand_cards() if c.face == "7S")}
    frames(app, 2)
    click(app, table.model().get("meld/2/0/2").box.center)
    frames(app, 2)
    assert type(app.session.game.history[-1][1]).__name__ == "Exchange"
    click(app, table.model().get("melds-dialog/close").box.center)
    frames(app, 2)
    assert table.model().get("melds-dialog") is None and table.melds_open is None


def test_a_lay_off_and_a_swap_work_in_the_dialog_by_keyboard(make_app):
    """Enter opens the folded melds, Tab reaches each meld and wild in the dialog, and
    Enter there lays off the selected card or swaps it for the wild."""
    from ui import frames, key

    app = _crowded_app(make_app)
    table = app.table
    _opened(app, by_key=True)
    table.selected = {next(c for c in table.hand_cards() if c.face == "KS")}
    frames(app, 2)
    for _ in range(40):
        if table.focus_id == "meld/2/0":
            break
        key(app, pygame.K_TAB)
    assert table.focus_id == "meld/2/0"
    key(app, pygame.K_RETURN)
    frames(app, 3)
    assert type(app.session.game.history[-1][1]).__name__ == "LayOff", table.message
    table.selected = {next(c for c in table.hand_cards() if c.face == "7S")}
    frames(app, 2)
    for _ in range(60):
        if table.focus_id == "meld/2/0/2":
            break
        key(app, pygame.K_TAB)
    assert table.focus_id == "meld/2/0/2"
    key(app, pygame.K_RETURN)
    frames(app, 3)
    assert type(app.session.game.history[-1][1]).__name__ == "Exchange"
