"""The levels a player can choose: Easy slips now and then but plays legal, sensible
moves; the setup screen offers Easy and Normal, each with a line on what to expect, and
no longer the uniform-random test bot."""

from __future__ import annotations

import pytest

from cardtable.ai import PLAYER_LEVELS, make_bot
from cardtable.app.scenes.setup import SetupScene
from cardtable.engine import variants
from cardtable.simulate import play_one
from cardtable.tournament import run_tournament
from ui import button, click


@pytest.mark.parametrize("game_id", [variant.id for variant in variants()])
def test_easy_plays_only_legal_moves_to_the_end_of_a_game(game_id):
    variant = next(v for v in variants() if v.id == game_id)
    seats = max(3, variant.seat_counts.start)
    game, _ = play_one(game_id, seats, 21, [make_bot("easy") for _ in range(seats)],
                       variant.options_type(**({"rounds": 3} if game_id == "five_crowns"
                                               else {})))
    assert game.over


def test_easy_sits_between_random_and_normal_on_duplicate_deals():
    against_normal = run_tournament("five_crowns", 2, ["easy", "normal"], 8, seed=1)
    against_random = run_tournament("five_crowns", 2, ["easy", "random"], 4, seed=1)
    assert against_normal.win_share("easy").mean < 0.5
    assert against_random.win_share("easy").mean > 0.9


def test_easy_slips_often_enough_in_palace_for_normal_to_be_clearly_stronger():
    # One Palace placement weighs little, so Easy slips there more often: at Easy's usual
    # rate Normal won 56 % of these deals, at Palace's 71 %.
    against_normal = run_tournament("palace", 2, ["normal", "easy"], 40, seed=1)
    against_random = run_tournament("palace", 2, ["easy", "random"], 40, seed=1)
    assert against_normal.win_share("normal").mean > 0.65
    assert against_random.win_share("easy").mean > 0.8


def test_setup_offers_easy_normal_and_hard_with_a_line_each_and_not_random(make_app):
    app = make_app()
    app.settings = app.settings.__class__(ai_level="random")  # an old setting
    click(app, button(app, "New game"))
    scene = app.stack.top
    assert isinstance(scene, SetupScene)
    assert scene.level == "normal"
    row = next(w for w in scene.ring.widgets if getattr(w, "label", "") == "AI levels")
    assert [value for value, _ in row.choices] == ["easy", "normal", "hard"]
    assert set(row.levels) == {"normal"}
    assert all(PLAYER_LEVELS[level] for level in ("easy", "normal", "hard"))
