"""The replay is drawn as the table is drawn (issue 37): each position of a finished game
shows the game's own table, read-only, from the person's seat: the hand as cards placed
and named as the table's screen model places and names them for that view, Palace's
stack as Palace's table draws it, and the replay's controls clear of the table.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from cardtable.ai import make_bot
from cardtable.ai.seats import bot_rng, seat_to_ask
from cardtable.app import palace_layout, palace_model, palace_seen, rummy_layout, rummy_model
from cardtable.app.history_db import GameRow
from cardtable.app.model import Box, Element, ScreenModel
from cardtable.app.scenes.palace_table import PalaceTableScene
from cardtable.app.scenes.replay import ReplayScene
from cardtable.app.scenes.table import TableScene
from cardtable.app.session import SeatInfo, Session, default_seats
from cardtable.app.table_desc import describe_table
from cardtable.engine import Game
from cardtable.engine.replay import Replay

RUMMY = ("five_crowns", "shanghai_may_i", "shanghai_buy", "monastery")
SEATS = 3
MOVES = 60
"""Moves played by the bots before the game is watched (a few turns each: melds laid in
some games, hands of different sizes)."""


def _replay(app: object, game_id: str, seed: int = 5) -> ReplayScene:
    game, _ = Game.new(game_id, SEATS, seed)
    bot = make_bot("easy")
    for _ in range(MOVES):
        if game.over:
            break
        seat = seat_to_ask(game, range(SEATS))
        assert seat is not None
        game.apply(seat, bot.choose(game.observe(seat), bot_rng(game, seat, 0), 0.0,
                                    lambda: False))
    row = GameRow(key="t", game_id=game_id, deal_code=None, seats=SEATS, seed=seed,
                  options={}, level="normal", human=0, started=0.0, ended=0.0,
                  status="finished", rounds=0, standings=[], scores=None, won=None,
                  place=None)
    scene = ReplayScene(app, row, Replay.from_record(game.record()))
    scene.layout(scene.size)
    return scene


def _shown(model: ScreenModel, wanted: Callable[[Element], bool]) -> list[tuple[str, str, object]]:
    return [(e.id, e.name, e.box) for e in model if wanted(e)]


def _names() -> tuple[str, ...]:
    return tuple(seat.name for seat in default_seats(SEATS - 1, "normal"))


def _table_card(element: Element) -> bool:
    return element.id.startswith(("hand", "pile/", "meld/"))


@pytest.mark.parametrize("game_id", RUMMY)
def test_the_replay_shows_the_hand_as_the_rummy_table_builds_it(make_app, game_id: str) -> None:
    """Every position: the person's hand as cards, the piles and the melds, each with the
    name and box the rummy table's model gives for the person's view at that move."""
    app = make_app(size=(1024, 640))
    scene = _replay(app, game_id)
    desc = describe_table(game_id)
    geo = rummy_layout.compute(scene.size, SEATS, 0, app.settings.card_scale)
    for index in range(0, len(scene.replay), 7):
        scene.go(index)
        view = scene.variant.observe(scene.replay.positions[index].state, 0)
        state = rummy_model.TableState(_names(), 0, tuple(view.hand), frozenset(), (),
                                       False, "")
        expected = _shown(rummy_model.build(geo, view, desc, state), _table_card)
        shown = _shown(scene.model(), _table_card)
        assert shown == expected, f"{game_id}, move {index}"
        assert sum(1 for e in scene.model() if e.id.startswith("hand/")) == len(view.hand)


def test_the_replay_shows_palaces_stack_and_hand_as_its_table_builds_them(make_app) -> None:
    """Palace: the stack (its top placement fanned, as the table draws it), the hand and
    the reserves, named and placed as Palace's model places them for that view."""
    app = make_app(size=(1024, 640))
    scene = _replay(app, "palace")
    geo = palace_layout.compute(scene.size, SEATS, 0, app.settings.card_scale)
    stacked = 0
    for index in range(0, len(scene.replay), 5):
        scene.go(index)
        view = scene.variant.observe(scene.replay.positions[index].state, 0)
        seen = palace_seen.Seen(view, 0, _names(), ("",) * SEATS, tuple(view.hand),
                                 view.face_down_counts[0], (), frozenset(), view.stack,
                                 len(view.burned), False)
        wanted: Callable[[Element], bool] = lambda e: e.id.startswith(  # noqa: E731
            ("stack", "hand", "facedown", "deck", "burned", "seat/0/"))
        expected = _shown(palace_model.build(geo, seen), wanted)
        assert _shown(scene.model(), wanted) == expected, f"palace, move {index}"
        stacked += bool(view.stack)
    assert stacked, "no position with a stack was watched"


def _table(app: object, scene: ReplayScene) -> TableScene | PalaceTableScene:
    """The game's own table at the replay's position, as the person played it."""
    state = scene.replay.positions[scene.index].state
    game = scene.replay.game
    seats = [SeatInfo(name, seat == 0) for seat, name in enumerate(_names())]
    session = Session(Game(game.variant, game.seats, game.seed, state), seats)
    if game.game_id == "palace":
        return PalaceTableScene(app, session)
    return TableScene(app, session)


@pytest.mark.parametrize("game_id", [*RUMMY, "palace"])
def test_the_replay_draws_the_cards_as_the_table_draws_them(make_app, game_id: str) -> None:
    """Pixel for pixel where the table draws the hand's cards and the piles (Palace's
    stack among them): the replay draws what the game's table draws there."""
    app = make_app(size=(1024, 640))
    scene = _replay(app, game_id)
    scene.go(len(scene.replay) - 1)
    watched = pygame.Surface(scene.size)
    scene.draw(watched)
    played = pygame.Surface(scene.size)
    table = _table(app, scene)
    table.draw(played)
    model = table.model()
    boxes = [e.box for e in model if e.id.startswith(("hand/", "stack", "pile/", "deck"))
             and "/label" not in e.id]
    assert boxes
    for box in boxes:
        rect = pygame.Rect(box.x, box.y, box.w, box.h).clip(watched.get_rect())
        assert pygame.image.tobytes(watched.subsurface(rect), "RGB") == \
            pygame.image.tobytes(played.subsurface(rect), "RGB"), f"{game_id}: {box}"


def _meet(one: Box, other: Box) -> bool:
    return pygame.Rect(one.x, one.y, one.w, one.h).colliderect(
        pygame.Rect(other.x, other.y, other.w, other.h))


@pytest.mark.parametrize("game_id", [*RUMMY, "palace"])
def test_the_replays_controls_stay_clear_of_the_table(make_app, game_id: str) -> None:
    """The replay's buttons and its "where" lines sit where the table keeps its buttons,
    over no element of the table; the table's own buttons (that play) are gone."""
    app = make_app(size=(1024, 640))
    scene = _replay(app, game_id)
    model = scene.model()
    controls = [e for e in model if e.id.startswith(("button/", "text/where"))]
    table = [e for e in model if e not in controls and e.id != "log"]
    assert len([e for e in controls if e.id.startswith("button/")]) == 6
    for control in controls:
        for element in table:
            assert not _meet(control.box, element.box), (control.id, element.id)
    assert not any(e.accepts for e in table), "the watched table takes no input"
