"""The crowded rummy tables (Five Crowns with 7 seats, Shanghai and Monastery with 8):
every seat's panel, hand backs and melds get their own room at every window and card
size, late in a round too, and a wild's face and a lay-off tab stay big enough to hit."""

import pygame
import pytest

from cardtable.app import meld_layout, rummy_layout
from cardtable.app.meld_layout import MIN_TARGET
from cardtable.app.settings import CARD_SIZES

SIZES = [(1024, 640), (1280, 800), (3840, 2160)]
F, W = False, True
LATE = {  # the Shanghai buy matrix cell "late" with 8 seats: whether each card is wild
    0: [(F, F, F, W, W), (F, W, F, F), (F, F, F, F)],
    2: [(F, F, W, F, F, W, W, F), (F, F, F, W, F, W), (F, W, F, F, F, F, F, F)],
    3: [(F, F, F, F), (F,) * 7, (F,) * 5],
    4: [(F, F, F, W), (W, W, F, F), (F, F, F, F, F, W, F, F)],
    5: [(F, F, W, F), (F,) * 4, (F,) * 4],
    6: [(F,) * 4, (F, W, F, F), (F,) * 4],
}
FULLER = {seat: [(F, W, F, F, F), (F, F, F, W), (F,) * 6] for seat in range(1, 8)}


@pytest.mark.parametrize("card_size", ["medium", "large"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", [7, 8])
def test_the_seat_panels_of_a_crowded_table_never_touch(seats, size, card_size):
    """Seat 2's panel lay over seat 3's and seat 5's over seat 6's at 1024×640 and
    1280×800 with large cards."""
    geo = rummy_layout.compute(size, seats, 0, CARD_SIZES[card_size])
    panels = [spot.panel for spot in geo.spots.values()]
    for index, panel in enumerate(panels):
        assert geo.play.contains(panel)
        assert panel.collidelist(panels[index + 1:]) < 0, (index, panel)
        assert not panel.colliderect(geo.message)
    for spot in geo.spots.values():  # the hand backs lie in their own panel
        assert spot.panel.contains(spot.cards)


CASES = [pytest.param(shapes, size, card, id=f"{name}-{size[0]}-{card}")
         for name, shapes in (("late", LATE), ("fuller", FULLER))
         for size in SIZES for card in ("medium", "large")]


@pytest.mark.parametrize(("shapes", "size", "card_size"), CASES)
def test_every_seats_melds_get_their_own_room_late_in_a_crowded_round(shapes, size,
                                                                     card_size):
    """Opponents' melds lay over each other, over the stock and over the move log
    (shanghai_buy and shanghai_may_i with 8 seats, late in a round)."""
    geo = rummy_layout.compute(size, 8, 0, CARD_SIZES[card_size])
    label = geo.height // 30
    piles = geo.stock.union(geo.discard).inflate(0, 2 * label)
    laid = rummy_layout.table_melds(geo, 0, shapes)
    boxes = [(seat, spot.box) for seat, spots in laid.items() for spot in spots]
    panels = [spot.panel for spot in geo.spots.values()]
    for index, (seat, box) in enumerate(boxes):
        assert geo.play.contains(box), (seat, box)
        assert box.collidelist([b for _, b in boxes[index + 1:]]) < 0, (seat, box)
        assert box.collidelist(panels) < 0 and not box.colliderect(piles), (seat, box)
        if seat != 0:
            assert not box.colliderect(geo.message) and not box.colliderect(geo.meld_row)
    for seat, spots in laid.items():
        for shape, spot in zip(shapes[seat], spots):
            assert spot.tab.width >= MIN_TARGET and spot.tab.height >= MIN_TARGET
            for wild, part in zip(shape, spot.visible):
                assert part.width >= 1 and part.height >= MIN_TARGET
                if wild:
                    assert part.width >= MIN_TARGET, (seat, spot)


def test_rows_of_melds_laid_over_each_other_keep_each_meld_in_its_area():
    """Where one row of whole cards will not hold them, melds wrap to rows that cover
    each other's lower part, every card's corner and every wild still in view."""
    area = pygame.Rect(0, 0, 130, 95)
    shapes = [(F, F, W, F), (F, W, W, F, F), (F,) * 6]
    spots = meld_layout.meld_spots(area, shapes, 40)
    assert not meld_layout.meld_overflow(area, spots)
    assert len({spot.box.y for spot in spots}) == 3
    for first, second in zip(spots, spots[1:]):
        assert not first.box.colliderect(second.box)


def test_a_meld_longer_than_its_area_is_wide_wraps_onto_rows_of_its_own():
    """West's run of eight with three wilds needed 152 px in a row at 1024×640 with large
    cards and lay over the stock: it goes on in the row below, as one meld, the next meld
    starting a row of its own, every wild's face and the lay-off tab still 24 px and
    apart from each other."""
    area = pygame.Rect(100, 50, 110, 150)
    shapes = [(F, F, W, F, F, W, W, F), (F, F, F, W, F, W), (F, W) + (F,) * 6]
    spots = meld_layout.meld_spots(area, shapes, 43)
    assert not meld_layout.meld_overflow(area, spots)
    first = spots[0]
    assert len({card.y for card in first.cards}) == 2  # two rows, one meld
    assert first.cards[0].x == area.x and first.box.contains(first.tab)
    assert all(first.box.contains(part) for part in first.visible)
    for shape, spot in zip(shapes, spots):
        parts = [*spot.visible, spot.tab]
        assert spot.tab.width >= MIN_TARGET and spot.tab.height >= MIN_TARGET
        for index, (wild, part) in enumerate(zip(shape, spot.visible)):
            assert part.height >= MIN_TARGET and part.width >= (MIN_TARGET if wild else 1)
            assert part.collidelist(parts[index + 1:]) < 0, (index, part)
    for index, spot in enumerate(spots):
        assert spot.box.collidelist([other.box for other in spots[index + 1:]]) < 0
    assert spots[1].cards[0].x == area.x and spots[1].box.top >= first.cards[-1].y


def test_melds_that_fit_in_rows_do_not_wrap():
    """Wrapping is the last resort: melds that fit whole, in rows, keep every meld in
    one row."""
    area = pygame.Rect(0, 0, 300, 95)
    shapes = [(F, F, W, F), (F, W, W, F, F), (F,) * 6]
    for spot in meld_layout.meld_spots(area, shapes, 40):
        assert len({card.y for card in spot.cards}) == 1


@pytest.mark.parametrize("card_size", sorted(CARD_SIZES))
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", [7, 8])
def test_no_seats_melds_area_reaches_into_the_persons_meld_row(seats, size, card_size):
    """At 3840×2160 with small cards and seven players, South-West's and South-East's
    areas grew a second row down into the person's melds."""
    geo = rummy_layout.compute(size, seats, 0, CARD_SIZES[card_size])
    for spot in geo.spots.values():
        assert not spot.melds.colliderect(geo.meld_row), (spot.seat, spot.melds)
        assert not spot.melds.colliderect(geo.message), (spot.seat, spot.melds)


def test_a_wrapped_meld_is_one_meld_in_the_table_model_with_its_own_targets(make_app):
    """At the table (eight players, 1024×640, large cards) West's run of eight with three
    wilds is one named meld over its two rows, clear of the piles, every card a child of
    it; each wild and the lay-off tab are targets of their own, 24 px or more: a click on
    the tab lays off, one on the joker's face swaps (May I)."""
    import dataclasses

    from cardtable.app.model import Role, TableMeld, WildInMeld
    from cardtable.app.session import default_seats
    from cardtable.engine import Game
    from cardtable.engine.shanghai_rules import Phase
    from ui import click, frames

    variant = Game.new("shanghai_may_i", 8, 1)[0].variant
    runs = ["run: 3H 4H 5H 6H", "run: 8C 9C 10C JC", "run: 4D 5D 6D 7D 8D"]
    melds = {seat: runs for seat in range(3, 8)}
    melds[2] = ["run: 5S 6S JK 8S 9S 2C 2H QS", "run: 9H 10H JH 2D KH 2S",
                "run: 7C 2S 9C 10C JC QC KC AC"]
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
    model = app.table.model()
    assert [(a.id, b.id) for a, b in model.overlaps()] == []
    long_run = model.get("meld/2/0")
    assert isinstance(long_run.ref, TableMeld) and long_run.name.startswith("West's run")
    cards = [e for e in model.children("meld/2/0") if e.role in (Role.CARD, Role.WILD)]
    assert len(cards) == 8 and len({card.box.y for card in cards}) == 2
    assert all(card.box.inside(long_run.box) for card in cards)
    wilds = [card for card in cards if isinstance(card.ref, WildInMeld)]
    tab = model.get("meld/2/0/tab")
    assert len(wilds) == 3 and tab.box.w >= MIN_TARGET and tab.box.h >= MIN_TARGET
    for wild in wilds:
        assert wild.box.w >= MIN_TARGET and wild.box.h >= MIN_TARGET
        assert not wild.box.overlap(tab.box)
        assert model.at(wild.box.center) is wild
    assert model.at(tab.box.center).id in ("meld/2/0/tab", "meld/2/0")
    table = app.table
    table.selected = {next(c for c in table.hand_cards() if c.face == "KS")}
    frames(app, 2)
    click(app, tab.box.center)
    lay_off = app.session.game.history[-1][1]
    assert type(lay_off).__name__ == "LayOff", table.message.text
    assert app.session.game.state.melds[2][0].cards[-1].face == "KS"
    seven = next(c for c in table.hand_cards() if c.face == "7S")
    table.selected = {seven}
    frames(app, 2)
    click(app, table.model().get("meld/2/0/2").box.center)  # the joker, in the first row
    swap = app.session.game.history[-1][1]
    assert type(swap).__name__ == "Exchange" and swap.natural == seven


@pytest.mark.parametrize("width", range(90, 160, 6))
def test_a_wrapped_meld_keeps_wilds_side_by_side_in_one_row(width):
    """Wilds side by side share one badge ("10–J♠", on the first): a wrap between them
    left the second on the row below with no badge of its own."""
    area = pygame.Rect(0, 0, width, 200)
    shapes = [(F, F, W, F, F, W, W, F), (F, F, F, W, W, W, F, F, F)]
    for shape, spot in zip(shapes, meld_layout.meld_spots(area, shapes, 43)):
        for index in range(1, len(shape)):
            if shape[index] and shape[index - 1]:
                assert spot.cards[index].y == spot.cards[index - 1].y, (width, index)
