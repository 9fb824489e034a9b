"""Adding a game (docs/ADDING_A_GAME.md): a sixth game registered by a test, with no
shared file edited, is picked up by the shared suites and passes the conformance suite
and the screen matrix.

The toy game is Match (tests/toy_game): its rules module registers the variant, its bot
module the Normal strategy, its table module the table (the shared rummy table, with a
description) and its in-app rules page. It is registered for each test here and gone
after.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from game_profiles import PROFILES, profile_of
from registries import register_game
from toy_game import MODULES

from cardtable.ai import make_bot
from cardtable.engine import Discard, Draw, Game, IllegalActionError, Pile, variants

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def match(monkeypatch):
    """Match registered for this test; its variant class."""
    rules, *_ = register_game(monkeypatch, MODULES)
    return rules.Match


def test_a_registered_game_is_listed_and_gone_after_its_test(match):
    assert match in variants()
    assert [v.id for v in variants()].count("toy_match") == 1


def test_the_toy_game_was_unregistered_after_the_last_test():
    from cardtable.ai import explain
    from cardtable.app import tables

    assert "toy_match" not in {v.id for v in variants()}
    assert "toy_match" not in explain._EXPLAINERS  # its "why?" went with it
    assert "toy_match" not in tables._TABLES and not tables.playable("toy_match")
    assert tables.playable("five_crowns")  # the real tables stayed


def test_the_shared_suites_collect_a_new_game_without_an_entry_for_it(match):
    """A game without a profile is played at its defaults rather than aborting
    collection (the every-round-ends table once raised KeyError for a new game)."""
    import test_conformance
    import test_every_round_ends

    assert "toy_match" not in PROFILES
    assert profile_of("toy_match").round_games == (3, 3)
    ids = [case.id for case in test_every_round_ends.cases()]
    assert {"toy_match-2-random", "toy_match-4-normal"} <= set(ids)
    ids = [case.id for case in test_conformance.cases()]
    assert {"toy_match-2-random", "toy_match-3-normal"} <= set(ids)


def test_the_registry_test_finds_a_new_games_own_modules(match):
    import test_registry

    assert "rules" in test_registry.game_module_names()  # toy_game.rules


def test_the_toy_game_passes_the_conformance_suite(match):
    """Cards conserved, tables valid, refusals with reasons, no hidden card in another
    seat's view or events, JSON round-trips, replay equals state, every game ends: at
    every seat count, with its Normal bot and random play, and its options at the ends
    of their ranges."""
    from test_conformance import run_suite

    run_suite(match)


def test_the_toy_games_normal_bot_plays_a_matching_card(match):
    game, _ = Game.new("toy_match", 2, 7)
    bot = make_bot("normal")
    assert bot.supports("toy_match")
    view = game.observe(0)
    action = bot.choose(view, random.Random(1), 0.0, lambda: False)
    plays = [a for a in view.legal if isinstance(a, Discard)]
    assert action in (plays or [Draw(Pile.STOCK)])


def test_the_toy_games_refusals_say_why(match):
    game, _ = Game.new("toy_match", 3, 11)
    with pytest.raises(IllegalActionError, match="not your turn"):
        game.apply(1, Draw(Pile.STOCK))
    stranger = next(c for c in game.variant.deck(3) if c not in game.state.hands[0])
    assert game.problem(0, Discard(stranger)) == "you do not hold that card"
    assert game.problem(0, Draw(Pile.DISCARD)) == "in Match you draw from the stock only"


def test_the_toy_games_rules_page_has_every_option_with_its_default_and_range(match):
    """What tests/test_rules_docs.py checks of docs/rules/<game id>.md for every
    registered game, on the toy game's own page."""
    from test_rules_docs import option_problems, sections

    text = (REPO / "tests" / "toy_game" / "RULES.md").read_text(encoding="utf-8")
    assert option_problems(match.options_type, text) == []
    assert {"3.1", "3.4", "4"} <= sections(text)


def listed_files() -> list[str]:
    """The files ADDING_A_GAME.md's table says a game adds, as patterns."""
    text = (REPO / "docs" / "ADDING_A_GAME.md").read_text(encoding="utf-8")
    return re.findall(r"^\| \w+ \| `([^`]+)` \|", text, re.M)


@pytest.mark.parametrize("cls", variants(), ids=lambda cls: cls.id)
def test_every_file_adding_a_game_lists_exists_for_every_game(cls):
    """The guide stays true: each game has every file its table lists."""
    from cardtable.engine.migrations import FORMAT_VERSION

    patterns = listed_files()
    assert len(patterns) >= 7
    module = cls.__module__.rpartition(".")[2]
    for pattern in patterns:
        path = pattern.replace("<id>", cls.id).replace("<game>", module) \
            .replace("<N>", str(FORMAT_VERSION)).replace("…", "*")
        assert list(REPO.glob(path)), f"{cls.id}: no {path}"


def test_profiles_name_only_registered_games():
    """An entry for a game that is gone is a mistake, not a default."""
    assert set(PROFILES) <= {v.id for v in variants()}


def test_a_strategy_that_does_not_name_its_view_type_is_refused_when_registered(match):
    """A new game's Normal player written as a plain class (a ``choose`` of its own
    view) is refused where it is registered, saying what to write, not later when a bot
    first plays it ("object has no attribute 'play'" mid-game)."""
    from toy_game.rules import MatchView

    from cardtable.ai.strategies import strategy

    class Plain:
        def choose(self, view: MatchView, rng: random.Random) -> Discard:
            return Discard(view.hand[0])

    with pytest.raises(TypeError, match=r"Strategy\[.*view_type"):
        strategy("toy_match", level="hard")(Plain)


def test_the_toy_games_why_names_the_card_its_play_matches(match):
    """A game's explainer, registered with its view type beside its strategy, gives the
    hint's and the "why?" reason in the game's own terms."""
    from cardtable.ai.explain import explain

    game, _ = Game.new("toy_match", 2, 7)
    view = game.observe(0)
    top = view.discards[-1]
    play = next(a for a in view.legal if isinstance(a, Discard))
    said = explain(view, play)
    assert play.card.pretty in said and top.pretty in said


@pytest.fixture
def matrix(match, tmp_path, monkeypatch):
    """The screen matrix's headless app, on a fresh data folder; the positions it plays
    the toy game to are forgotten after the test."""
    import screen_reach

    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    monkeypatch.setattr(screen_reach, "PLAYED", {})
    found = screen_reach.Matrix()
    yield found
    found.close()


def test_the_screen_matrix_runs_on_a_game_registered_by_a_test(matrix):
    """Its table module makes the toy game playable, so the matrix finds it: each screen
    reached in it (the table in two positions, game over, rules, pause, replay, the tour,
    setup on it), at 2 and 4 seats and the three window sizes, in turn in each deck
    colours and card size, builds and draws, overlaps nothing, fits its text, names
    every element, is reached by the keys and draws the setting's colours."""
    from screen_checks import game_problems
    from screen_reach import SIZES, game_cells, games

    assert {("toy_match", 2), ("toy_match", 4)} <= set(games())
    chosen = game_cells("toy_match")
    assert {"table: turn", "table: late", "game over", "rules", "pause", "replay", "coach",
            "setup"} <= {cell.screen for cell in chosen}
    assert {cell.size for cell in chosen} == set(SIZES)
    assert {cell.deck for cell in chosen} == {"four", "two", "contrast"}
    assert game_problems(matrix, "toy_match") == {}


def test_the_toy_games_rules_page_in_the_app_is_the_one_beside_its_modules(match, make_app):
    """A game kept outside the package brings its in-app rules page with its table
    entry: the rules screen shows it, not the "coming soon" page."""
    from cardtable.app.scenes.rules import RulesScene

    app = make_app()
    scene = RulesScene(app, "toy_match")
    scene.layout(app.size)
    text = " ".join(scene.lines())
    assert text.startswith("Match") and "onto the discard pile" in text
    assert "coming to the table soon" not in text


def test_the_toy_table_plays_a_matching_card_dropped_on_the_pile_or_draws_from_the_stock(
        match, make_app):
    """The shared rummy table plays Match from its description: a matching card dropped
    on the discard pile is played, a click on the stock draws."""
    from cardtable.app.model import PileRef
    from cardtable.app.session import default_seats

    app = make_app()
    for move in ("play", "draw"):
        game, events = Game.new("toy_match", 2, 7)
        app.start_session(game, default_seats(1, "normal"), start_events=events)
        app.frame()
        table, played = app.table, app.session.game
        view = played.observe(0)
        assert view.to_play and table.focused().id == "pile/discard"
        if move == "play":
            card = next(a.card for a in view.legal if isinstance(a, Discard))
            table.discard(card, dropped=True)
            assert played.state.discards[-1] == card
        else:
            table.use(PileRef(Pile.STOCK))
            assert len(played.state.hands[0]) == len(view.hand) + 1
        assert played.state.current == 1
