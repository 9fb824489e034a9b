"""Every rules page of every game opens and draws, from the menu and from a game's pause
menu, under every deck colour setting, scrolled from top to bottom (issue 36: the Palace
page once crashed the app on its card colours)."""

from __future__ import annotations

import pygame
import pytest

from cardtable.app.scenes.pause import PauseScene
from cardtable.app.scenes.rules import RulesScene, house_rule_changes
from cardtable.app.settings import DECK_COLOURS
from cardtable.engine import catalog
from cardtable.engine.options import (
    FiveCrownsOptions,
    MonasteryOptions,
    ShanghaiBuyOptions,
    ShanghaiMayIOptions,
)
from ui import button, click, frames, key

GAMES = [info.id for info in catalog()]


def _read_to_the_end(app, scene: RulesScene) -> None:
    """Page down until the page stops moving, drawing each step."""
    frames(app, 2)
    for _ in range(200):
        before = scene.scroll
        key(app, pygame.K_PAGEDOWN)
        if scene.scroll == before:
            break
    assert scene.lines(), "the page has text"


@pytest.mark.parametrize("colours", list(DECK_COLOURS))
def test_every_rules_page_opens_from_the_menu(make_app, colours):
    app = make_app()
    app.settings = app.settings.__class__(**{**app.settings.__dict__, "deck_colours": colours})
    click(app, button(app, "Rules"))
    scene = app.stack.top
    assert isinstance(scene, RulesScene)
    for game_id in GAMES:
        scene.pick(game_id)
        _read_to_the_end(app, scene)
        assert app.stack.top is scene


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rules_page_opens_from_a_games_pause_menu(make_app, game_id):
    app = make_app()
    app.new_game(game_id, 2, "easy", deal=7)
    frames(app, 2)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    click(app, button(app, "Rules"))
    scene = app.stack.top
    assert isinstance(scene, RulesScene) and scene.game_id == game_id
    _read_to_the_end(app, scene)
    for other in GAMES:  # and the other games' pages, from the same place
        scene.pick(other)
        _read_to_the_end(app, scene)


def test_a_game_whose_rules_speak_of_colour_keeps_red_and_black_everywhere():
    """Monastery's missions "in colour" need two colours; Palace and the others follow
    the setting. The table, its rules page and its replay ask the same function."""
    from cardtable.app.tables import deck_colours

    assert deck_colours("monastery", "four") == "two"
    assert deck_colours("monastery", "contrast") == "contrast"
    for game_id in ("palace", "five_crowns", "shanghai_may_i", "shanghai_buy"):
        assert deck_colours(game_id, "four") == "four"


def test_house_rules_from_a_deal_code_are_named_in_a_players_words(make_app):
    """Rules no preset holds are listed by the options' labels, with the standard value
    beside each, never by their names in the code ("buy_extra_cards = 3")."""
    from cardtable.engine.options import ShanghaiBuyOptions

    app = make_app()
    app.new_game("shanghai_buy", 2, "easy", deal=7,
                 options=ShanghaiBuyOptions(buy_extra_cards=3, buy_card_beneath=False,
                                            buys_per_round=1))
    frames(app, 2)
    key(app, pygame.K_ESCAPE)
    click(app, button(app, "Rules"))
    scene = app.stack.top
    assert isinstance(scene, RulesScene)
    line = next(line for line in scene.lines() if line.startswith("House rules"))
    text = " ".join(scene.lines())
    assert "extra cards with a buy: 3 (standard 2)" in text.lower(), line
    assert "_" not in text.split("House rules", 1)[1].split(".")[0]



@pytest.mark.parametrize("options,said", [
    (FiveCrownsOptions(round_turn_limit=300),
     "the turn cap of a round: 300 (standard: no cap)"),
    (MonasteryOptions(round_limit=20), "the round cap of a game: 20 (standard: no cap)"),
    (ShanghaiBuyOptions(buys_per_round=0), "buys in a round: none (standard 2)"),
    (ShanghaiMayIOptions(may_i_per_round=0), "May I calls in a round: none (standard 3)"),
    (ShanghaiMayIOptions(stock_rebuilds_per_round=0),
     "stock rebuilds in a round: no limit (standard 2)"),
    (ShanghaiBuyOptions(buy_extra_cards=3), "extra cards with a buy: 3 (standard 2)"),
], ids=["turn-cap", "round-cap", "buys", "may-i", "rebuilds", "extra-cards"])
def test_a_house_rule_whose_zero_turns_it_off_is_said_in_words(options, said):
    """"the turn cap of a round: 1 (standard 0)" read as if the standard allowed no turn
    at all: 0 is said as what it means ("no cap", "none")."""
    assert house_rule_changes(options, type(options)()) == [said]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_rule_page_card_pictures_are_never_cut_by_the_page_and_stand_apart_from_the_text(
        make_app, monkeypatch, size):
    """A row of pictures at the page's foot showed a sliver of cards cut by its edge,
    and every row sat right under the line before it."""
    from cardtable.app import cardart, theme

    app = make_app(size=size)
    drawn: list[int] = []
    face = cardart.face
    monkeypatch.setattr(cardart, "face", lambda *a, **k: drawn.append(1) or face(*a, **k))
    pictured = 0
    for game_id in GAMES:
        scene = RulesScene(app, game_id)
        app.push(scene)
        frames(app, 1)
        line_h = theme.font(scene.text_size).get_linesize()
        for scroll in range(0, 36 * line_h, line_h):
            scene.scroll = scroll
            model = scene.model()
            cards = [e for e in model if e.id.startswith("card/")]
            view = scene.page.inflate(-scene.pad, -scene.pad)
            drawn.clear()
            scene.draw(pygame.display.get_surface())
            assert len(drawn) == len(cards), (game_id, scroll)
            for card in cards:
                box = pygame.Rect(card.box.x, card.box.y, card.box.w, card.box.h)
                assert view.contains(box), (game_id, scroll, card.id)
                above = [e.box.y + e.box.h for e in model if e.id.startswith("text/line/")
                         and e.box.y < box.y]
                assert not above or box.y - max(above) >= line_h // 3, (game_id, card.id)
            pictured += len(cards)
        app.stack.pop()
    assert pictured
