"""The review at the table (issue 39): Review on the game-over screen and for a game in
Games played, reached by click and keys; the review runs in a worker with its progress
and Cancel; the result lists the costliest decisions first, each with its cost, its
uncertainty and why, and jumps into the replay at its move; the position is drawn from
the person's seat with nothing hidden; the review is kept in the history and shown at
once when the game is opened again; a damaged or unkept review is said."""

from __future__ import annotations

import time

import pygame
import pytest
from review_helpers import sample_review, short_game

from cardtable.app.history_db import GameRow
from cardtable.app.history_reviews import DAMAGED_REVIEW, Kept, keep_review, kept_review
from cardtable.app.scenes.replay import GamesScene, ReplayScene
from cardtable.app.scenes.review import Reviewed, ReviewScene
from cardtable.app.scenes.summary import GameOverScene, reviewed_session
from cardtable.app.session import default_seats
from cardtable.review_job import Failed
from history_helpers import HistoryLock

BUDGET = 16


@pytest.fixture(scope="module")
def game():
    return short_game()


def _enter(scene) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                    unicode="\r", scancode=0))


def _tab_to(scene, label: str) -> None:
    for _ in range(len(scene.ring.widgets) + 1):
        focused = scene.ring.focused
        if focused is not None and getattr(focused, "label", "") == label:
            return
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0,
                                        unicode="\t", scancode=0))
    raise AssertionError(f"Tab never reached {label!r}")


def _game_over(app, game):
    app.start_session(game, default_seats(game.seats - 1, "normal"))
    app.stack.replace(GameOverScene(app, app.session))
    app.stack.apply(app.size)
    return app.stack.top


def _until(app, scene, done, seconds: float = 60.0) -> None:
    end = time.monotonic() + seconds
    while not done() and time.monotonic() < end:
        app.frame(1 / 60)
        scene.update(0.0)
        time.sleep(0.005)
    assert done()


def _row(game, key: str = "reviewed") -> GameRow:
    return GameRow(key=key, game_id=game.game_id, deal_code=None, seats=game.seats,
                   seed=game.seed, options={}, level="normal", human=0, started=1.7e9,
                   ended=1.7e9 + 60, status="finished", rounds=2, standings=[],
                   scores=None, won=None, place=None, record=game.record())


def test_game_over_reviews_the_game_in_a_worker_with_its_progress(make_app, game):
    app = make_app(size=(1024, 640))
    over = _game_over(app, game)
    _tab_to(over, "Review")
    over.ring.focused.on_click = lambda: app.push(  # the test's small budget
        ReviewScene(app, reviewed_session(over.session, over.key), budget=BUDGET,
                    on_review=over._reviewed))
    _enter(over)
    app.stack.apply(app.size)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene) and scene.job is not None
    assert [w.label for w in scene.ring.widgets] == ["Cancel"]
    _until(app, scene, lambda: scene.review is not None)
    assert scene.review.decisions > 0 and over.reviewed is scene.review
    assert "decisions reviewed" in scene.model().get("text/summary").name
    _until(app, scene, lambda: scene.kept is not None and "Kept" in scene.kept, 10)
    assert isinstance(kept_review(app.recorder.history, over.key), Kept)


def test_cancel_stops_the_review_at_once_and_offers_it_again(make_app, game):
    app = make_app(size=(1024, 640))
    scene = ReviewScene(app, reviewed_session(_game_over(app, game).session, "k"), budget=100_000)
    app.push(scene)
    app.stack.apply(app.size)
    job = scene.job
    assert job is not None
    _tab_to(scene, "Cancel")
    _enter(scene)
    assert not job.worker_alive and scene.job is None
    assert scene.state == Failed("The review was cancelled.")
    assert [w.label for w in scene.ring.widgets] == ["Review again", "Back"]


def test_escape_cancels_and_returns_where_the_person_came_from(make_app, game):
    app = make_app(size=(1024, 640))
    over = _game_over(app, game)
    scene = ReviewScene(app, reviewed_session(over.session, "k"), budget=100_000)
    app.push(scene)
    app.stack.apply(app.size)
    job = scene.job
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                    unicode="\x1b", scancode=0))
    app.stack.apply(app.size)
    assert app.stack.top is over and not job.worker_alive


def test_a_record_that_does_not_replay_is_said_never_a_crash(make_app, game):
    app = make_app(size=(1024, 640))
    reviewed = Reviewed(_row(game), dict(game.record(), actions=[{"type": "Nope"}]),
                        ("hard", "normal"))
    scene = ReviewScene(app, reviewed, budget=BUDGET)
    app.push(scene)
    _until(app, scene, lambda: scene.job is None)
    assert isinstance(scene.state, Failed)
    assert scene.model().get("text/summary").name.startswith("This game cannot be reviewed")
    app.draw()


def test_the_costliest_decisions_come_first_with_cost_uncertainty_and_why(make_app, game):
    app = make_app(size=(1024, 640))
    review = sample_review(game)
    scene = ReviewScene(app, Reviewed(_row(game), game.record(), ("hard", "normal")), review)
    app.push(scene)
    app.stack.apply(app.size)
    labels = [w.label for w in scene.ring.widgets]
    assert labels[:3] == ["1.  Round 2:  \u221212 %, \u2248 9 penalty points",
                          "2.  Round 2:  \u22128 %, \u2248 6 penalty points",
                          "3.  Round 2:  \u22124 %, \u2248 3 penalty points"]
    names = {element.id: element.name for element in scene.model()}
    costliest = review.costliest()[0]
    assert names["text/decision/cost"] == ("Cost: \u2248 9 \u00b1 0.8 penalty points; "
                                           "12 \u00b1 0.5 % less chance of winning the game")
    assert names["text/decision/played"] == f"You: {costliest.played_words}"
    assert names["text/decision/better"] == f"The review prefers: {costliest.better_words}"
    assert names["text/decision/why"] == costliest.why
    summary = names["text/summary"]
    assert "3 cost something beyond the noise" in summary
    assert "Hard in your seat, on the same cards: 43 points (you: 67)" in summary


def test_a_review_with_nothing_costly_says_so_plainly(make_app, game):
    app = make_app(size=(1024, 640))
    review = sample_review(game, costly=0, comparison=False)
    scene = ReviewScene(app, Reviewed(_row(game), game.record(), ("hard", "normal")), review)
    app.push(scene)
    app.stack.apply(app.size)
    assert [w.label for w in scene.ring.widgets] == ["Back"]
    assert scene.model().get("text/summary").name.endswith(
        "none cost anything beyond the noise.")


def test_an_item_jumps_into_the_replay_before_its_move_and_back_returns(make_app, game):
    app = make_app(size=(1024, 640))
    review = sample_review(game)
    scene = ReviewScene(app, Reviewed(_row(game), game.record(), ("hard", "normal")), review)
    app.push(scene)
    app.stack.apply(app.size)
    _tab_to(scene, scene.ring.widgets[1].label)
    _enter(scene)
    app.stack.apply(app.size)
    replay = app.stack.top
    move = review.costliest()[1].move
    assert isinstance(replay, ReplayScene) and replay.index == move
    # The review and the replay number the move alike.
    assert scene.model().get("text/decision/where").name.startswith(f"Move {move}, round")
    assert dict(replay.labels())["where/0"].content.startswith(f"Replay: move {move} of")
    replay.back()
    app.stack.apply(app.size)
    assert app.stack.top is scene


def test_the_position_is_drawn_from_the_persons_seat_with_no_hidden_card(make_app, game):
    """The picture is the replay's table at the move, from seat 0: no card of another
    seat's hand is anywhere in that table's model."""
    app = make_app(size=(1024, 640))
    review = sample_review(game)
    scene = ReviewScene(app, Reviewed(_row(game), game.record(), ("hard", "normal")), review)
    app.push(scene)
    app.stack.apply(app.size)
    assert scene._replay.wait()
    app.draw()
    replay = scene._replay.answer()
    for judgement in review.costliest():
        watched = ReplayScene(app, scene.game.row, replay)
        watched.go(judgement.move)
        state = replay.positions[judgement.move].state
        hidden = {card for seat, hand in enumerate(state.hands) if seat != 0 for card in hand}
        shown = {getattr(element.ref, "card", None) for element in watched.model()}
        assert not hidden & shown, judgement.move
        assert scene._picture(judgement.move, (320, 200)) is not None


def test_a_kept_review_is_shown_at_once_from_games_played(make_app, game):
    app = make_app(size=(1024, 640))
    history = app.recorder.history
    history.add(_row(game))
    review = sample_review(game)
    keep_review(history, "reviewed", review)
    games = GamesScene(app, history)
    app.stack.reset(games)
    app.stack.apply(app.size)
    assert games.wait()
    _tab_to(games, "Review")
    _enter(games)
    assert games.wait()
    app.stack.apply(app.size)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene) and scene.job is None
    assert scene.review is not None and scene.review.to_json() == review.to_json()


def test_a_damaged_kept_review_is_said_and_a_fresh_one_offered(make_app, game):
    app = make_app(size=(1024, 640))
    history = app.recorder.history
    history.add(_row(game))
    keep_review(history, "reviewed", sample_review(game))
    with history._transaction() as db:
        db.execute("UPDATE reviews SET review = '{broken'")
    games = GamesScene(app, history)
    app.stack.reset(games)
    app.stack.apply(app.size)
    assert games.wait()
    games.review(games.rows[0])
    assert games.wait()
    app.stack.apply(app.size)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene) and scene.job is None
    assert scene.model().get("text/summary").name == DAMAGED_REVIEW
    assert [w.label for w in scene.ring.widgets] == ["Review it afresh", "Back"]


def test_a_review_the_history_refuses_is_never_called_kept(make_app, game):
    app = make_app(size=(1024, 640))
    history = app.recorder.history
    scene = ReviewScene(app, Reviewed(_row(game), game.record(), ("hard", "normal")),
                        sample_review(game))
    app.push(scene)
    app.stack.apply(app.size)
    history._db.execute("PRAGMA busy_timeout = 50")
    with HistoryLock(history.path):
        scene._keep(scene.review)
        _until(app, scene, lambda: scene._keeping is None, 10)
        assert scene.kept.startswith("This review could not be kept in your history: "
                                     "another program is using it")
        assert "Kept" not in scene.kept
    assert kept_review(history, "reviewed") is None
    app.now += 10   # the lock gone: kept when tried again
    _until(app, scene, lambda: scene.kept.startswith("Kept"), 10)
    assert isinstance(kept_review(history, "reviewed"), Kept)


def test_statistics_shows_what_the_decisions_cost_in_each_reviewed_game(make_app, game):
    from cardtable.app.scenes.statistics import StatisticsScene

    app = make_app(size=(1024, 640))
    history = app.recorder.history
    history.add(_row(game))
    for key, costly in (("a", 1), ("b", 3)):
        keep_review(history, key, sample_review(game, costly=costly))
    scene = StatisticsScene(app)
    app.stack.reset(scene)
    app.stack.apply(app.size)
    assert scene.wait()
    scene.pick("five_crowns")
    trend = scene.model().get("text/trend")
    assert trend is not None
    assert trend.name == ("Your last reviewed 2 games, oldest first: chance of winning lost "
                          "to costly decisions 4 % \u00b7 24 %  (penalty points: 3 \u00b7 18)")
    scene.pick("palace")
    assert scene.model().get("text/trend").name.startswith("Review a game")
    app.draw()


def test_a_game_with_no_review_reading_offers_no_review(make_app, game, monkeypatch):
    """Review is offered for a game that reads its rollouts in its own terms; a game
    registered without (``@round_terms``) has no Review button to fail on."""
    from cardtable.ai import review_terms

    app = make_app(size=(1024, 640))
    over = _game_over(app, game)
    assert "Review" in [w.label for w in over.ring.widgets]
    monkeypatch.delitem(review_terms._TERMS, game.game_id)
    over = _game_over(app, game)
    assert "Review" not in [w.label for w in over.ring.widgets]
