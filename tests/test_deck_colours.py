"""Deck colours: Monastery's cards are red and black (colour is one of its rules); every
other table follows the player's setting, four colours unless two are chosen."""

import dataclasses
from collections import Counter

import pygame
import pytest

from cardtable.app import cardart
from cardtable.app.session import default_seats
from cardtable.app.settings import DECK_COLOURS, _clean
from cardtable.engine import Game, Suit, variants
from cardtable.engine.monastery import Phase
from ui import frames

GREEN_CLUBS = cardart.SUIT_COLOURS[Suit.CLUBS]
BLUE_DIAMONDS = cardart.SUIT_COLOURS[Suit.DIAMONDS]


def ink(surface: pygame.Surface) -> tuple[int, int, int]:
    """The commonest colour on a card face that is neither paper nor edge: its suit's."""
    counts: Counter[tuple[int, int, int]] = Counter()
    for x in range(surface.get_width()):
        for y in range(surface.get_height()):
            r, g, b, a = surface.get_at((x, y))
            if a == 255 and min(r, g, b) < 200 and (r, g, b) != cardart.EDGE:
                counts[(r, g, b)] += 1
    return counts.most_common(1)[0][0]


def table_at(make_app, state):
    """A Monastery table at a position, the person to move (the AI seats never get a
    turn: nothing here waits for them)."""
    app = make_app()
    game, _ = Game.new("monastery", state.seats, 1)
    game.state = state
    app.start_session(game, default_seats(state.seats - 1, "normal"))
    frames(app, 3)
    return app


def near(pixel: tuple[int, ...], colour: tuple[int, int, int], slack: int = 12) -> bool:
    return all(abs(p - c) <= slack for p, c in zip(pixel, colour))


@pytest.fixture
def fonts():
    pygame.font.init()


def test_two_colours_draw_a_club_like_a_spade_and_a_diamond_like_a_heart(fonts):
    assert ink(cardart.face("5C", 80, "two")) == ink(cardart.face("5S", 80, "two"))
    assert ink(cardart.face("5D", 80, "two")) == ink(cardart.face("5H", 80, "two"))
    assert ink(cardart.face("5C", 80, "two")) != ink(cardart.face("5H", 80, "two"))


def test_four_colours_give_every_suit_its_own_colour(fonts):
    inks = {ink(cardart.face(f"5{suit}", 80, "four")) for suit in "SHDC"}
    assert len(inks) == 4
    assert ink(cardart.face("5C", 80)) == GREEN_CLUBS  # four colours unless told


def test_card_images_are_cached_per_colour_scheme(fonts):
    assert cardart.face("7C", 64, "two") is not cardart.face("7C", 64, "four")
    assert cardart.face("7C", 64, "two") is cardart.face("7C", 64, "two")


def test_every_scheme_the_setting_offers_can_be_drawn():
    assert set(DECK_COLOURS) == set(cardart.SCHEMES)


def test_the_deck_colours_setting_is_checked_on_load():
    assert _clean({"deck_colours": "two"})[0].deck_colours == "two"
    settings, rejected = _clean({"deck_colours": "rainbow"})
    assert settings.deck_colours == "four" and rejected == ["deck_colours"]
    assert _clean({})[0].deck_colours == "four"


def test_monastery_draws_its_cards_in_two_colours_on_screen(make_app):
    variant = Game.new("monastery", 3, 1)[0].variant
    state = variant.position(["5C 5D 9S", "4C 5C", "6D 7D"], phase=Phase.PLAY,
                             stock="2D 3D 4D", discard="QS")
    app = table_at(make_app, state)
    table = app.table
    assert table.deck_colours() == "two"
    table.draw(app.screen)
    hand = table.hand_cards()
    slots = table.geo.hand_slots(len(hand))
    inks = {card.face: ink(app.screen.subsurface(rect).copy())
            for card, rect in zip(hand, slots)}
    assert near(inks["5C"], cardart.TWO_COLOURS[Suit.CLUBS])
    assert not near(inks["5C"], GREEN_CLUBS) and not near(inks["5D"], BLUE_DIAMONDS)
    assert near(inks["5D"], cardart.SUIT_COLOURS[Suit.HEARTS])


@pytest.mark.parametrize("game_id", [v.id for v in variants()
                                     if v.id not in ("monastery", "palace")])
def test_other_games_follow_the_setting_four_colours_by_default(game_id, make_app):
    app = make_app()
    game, events = Game.new(game_id, 3, 2)
    app.start_session(game, default_seats(2, "normal"), start_events=events)
    frames(app, 2)
    assert app.table.deck_colours() == "four"
    app.settings = dataclasses.replace(app.settings, deck_colours="two")
    assert app.table.deck_colours() == "two"


def test_monastery_stays_in_two_colours_whatever_the_setting(make_app):
    variant = Game.new("monastery", 3, 1)[0].variant
    app = table_at(make_app, variant.position(["5C", "4C", "6D"], stock="2D 3D"))
    app.settings = dataclasses.replace(app.settings, deck_colours="four")
    assert app.table.deck_colours() == "two"


def test_table_colour_card_backs_and_a_high_contrast_deck_are_settings(make_app):
    import dataclasses

    from cardtable.app import cardart, theme

    app = make_app()
    app.settings = dataclasses.replace(app.settings, table_colour="burgundy", card_back="red",
                                       deck_colours="contrast")
    app.apply_looks()
    light, _ = theme.TABLE_COLOURS["burgundy"]
    cloth = theme.felt(200, 100)
    assert cloth.get_at((100, 50))[:3] == light or cloth.get_at((100, 50))[0] > 60
    ground, _ = cardart.BACKS["red"]
    back = cardart.back(60)
    assert back.get_at((30, 42))[:3] in (ground, cardart.BACKS["red"][1]) or \
        back.get_at((30, 42))[0] > back.get_at((30, 42))[2]
    face = cardart.face("7H", 60, "contrast")
    assert face.get_at((30, 2))[:3] == (255, 255, 255)
    app.new_game("monastery", 2, "normal", 3)
    assert app.table.deck_colours() == "contrast"  # red and black, as Monastery's rules ask
    app.settings = dataclasses.replace(app.settings, table_colour="green", card_back="blue")
    app.apply_looks()
