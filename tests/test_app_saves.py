"""Save and resume: atomic autosaves, exact resumption, damaged files reported and kept."""

import dataclasses
import json
from pathlib import Path

import pygame
import pytest

from cardtable.app.saves import FORMAT_VERSION, SaveError, read_save
from cardtable.app.scenes.menu import MenuScene
from cardtable.app.scenes.palace_table import PalaceTableScene
from cardtable.app.scenes.summary import SummaryScene
from cardtable.app.scenes.table import TableScene
from cardtable.engine import to_json
from ui import autopilot, button, click, frames, key, until

SAVES = Path(__file__).resolve().parents[1] / "saves"


def start(app, deal=5, autoplay=None):
    app.new_game("five_crowns", 3, "normal", deal, autoplay=autoplay)
    frames(app, 2)


def resume_in_new_app(make_app):
    app = make_app()
    assert isinstance(app.stack.top, MenuScene)
    click(app, button(app, "Continue"))
    frames(app, 2)
    return app


def test_autosave_after_every_action_is_a_versioned_json_record(make_app):
    app = make_app()
    start(app)
    until(app, lambda: app.session.human_to_move)
    assert app.autosaver.flush() is None  # written on the autosave thread
    data = json.loads(app.save_path.read_text())
    assert data["format"] == "cardtable-save" and data["format_version"] == FORMAT_VERSION
    assert data["game"] == "five_crowns" and data["rules_version"] == "1"
    assert len(data["actions"]) == len(app.session.game.history)
    assert data["snapshot"] == to_json(app.session.game.state)
    assert [s["name"] for s in data["seat_info"]] == ["You", "West", "North", "East"]
    assert not list(app.save_path.parent.glob("*.tmp"))


def test_a_resumed_game_keeps_the_bots_secret_so_its_ai_seats_play_on_as_they_would(
        make_app):
    """The AI seats' generators come from the bots' secret and the moves: the save keeps
    it, so a loaded game's AI seats make the moves they would have made unsaved."""
    app = make_app()
    start(app)
    until(app, lambda: app.session.human_to_move)
    secret = app.session.bot_secret
    assert app.autosaver.flush() is None
    assert json.loads(app.save_path.read_text())["bot_secret"] == secret
    app.shutdown()
    again = resume_in_new_app(make_app)
    assert again.session.bot_secret == secret


def test_resume_mid_turn_keeps_hand_turn_and_hand_order(make_app):
    app = make_app()
    start(app)
    until(app, lambda: app.session.human_to_move)
    key(app, pygame.K_d)
    click(app, button(app, "Sort by rank"))
    order = list(app.session.hand_order)
    state = app.session.game.state
    app.shutdown()
    again = resume_in_new_app(make_app)
    assert isinstance(again.stack.top, TableScene)
    assert again.session.game.state == state
    assert again.session.hand_order == order
    assert again.session.human_to_move


def test_resume_during_final_turns(make_app):
    app = make_app()
    start(app, deal=21)
    game = app.session.game
    autopilot(app, lambda: game.state.out_seat not in (None, 0))
    app.save(wait=True)
    state = game.state
    app.shutdown()
    again = resume_in_new_app(make_app)
    assert again.session.game.state == state and again.session.human_to_move
    assert "last turn" in again.table.desc.prompt(again.table.view, again.session.names, 0)


def test_resume_on_the_round_summary(make_app):
    app = make_app()
    start(app, autoplay="normal")
    until(app, lambda: isinstance(app.stack.top, SummaryScene))
    event = app.stack.top.event
    app.shutdown()
    again = resume_in_new_app(make_app)
    assert isinstance(again.stack.top, SummaryScene)
    assert again.stack.top.event == event
    click(again, button(again, "Next round"))
    assert isinstance(again.stack.top, TableScene)


def test_an_ai_turn_in_progress_simply_restarts(make_app):
    app = make_app()
    start(app)
    until(app, lambda: app.session.thinking_seat is not None)
    saved = list(app.session.game.history)
    app.save(wait=True)
    app.shutdown()
    again = resume_in_new_app(make_app)
    until(again, lambda: len(again.session.game.history) > len(saved))
    assert again.session.game.history[:len(saved)] == saved


@pytest.mark.parametrize("content,reason", [
    ("{not json", "not valid JSON"),
    ('{"hello": "world"}', "not a cardtable saved game"),
    ('{"format": "cardtable-save", "format_version": 99}', "newer version of cardtable"),
    ("\udcff", "not"),
])
def test_a_damaged_foreign_or_newer_save_is_reported_and_kept(make_app, home, content, reason):
    path = home / "data" / "autosave.json"
    path.parent.mkdir(parents=True)
    path.write_text(content, encoding="utf-8", errors="surrogateescape")
    original = path.read_bytes()
    app = make_app()
    assert isinstance(app.stack.top, MenuScene)
    assert reason in app.menu_message
    assert not path.exists()
    kept = list(path.parent.glob("autosave*.unreadable-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == original
    with pytest.raises(AssertionError):
        button(app, "Continue")
    frames(app, 3)  # the app carries on


def test_a_save_whose_moves_do_not_match_its_snapshot_is_refused(make_app, home):
    app = make_app()
    start(app)
    until(app, lambda: app.session.human_to_move)
    app.shutdown()
    data = json.loads(app.save_path.read_text())
    data["snapshot"]["totals"][1] = 999
    app.save_path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="does not match"):
        read_save(app.save_path)
    data["actions"][0][1] = {"type": "Discard", "card": "KS.0"}
    app.save_path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="do not replay"):
        read_save(app.save_path)
    second = make_app()
    assert "damaged" in second.menu_message
    assert list(home.joinpath("data").glob("autosave*.unreadable-*.json"))


def test_a_second_damaged_save_never_overwrites_the_first(make_app, home):
    path = home / "data" / "autosave.json"
    path.parent.mkdir(parents=True)
    for content in ("first", "second"):
        path.write_text(content)
        make_app()
    kept = sorted(p.read_text() for p in path.parent.glob("autosave*.unreadable-*"))
    assert kept == ["first", "second"]


@pytest.mark.parametrize("path", sorted(SAVES.glob("*.json")), ids=lambda p: p.name)
def test_every_example_save_in_the_repo_still_loads(path):
    saved = read_save(path)
    assert saved.game.state is not None and saved.seats[0].human


def test_every_example_save_resumes_at_the_table(make_app, home):
    example = sorted(SAVES.glob("*.json"))
    assert example, "saves/ should hold an example save for each built game"
    for path in example:
        target = home / "data" / "autosave.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(path.read_bytes())
        app = resume_in_new_app(make_app)
        assert isinstance(app.stack.top, (TableScene, PalaceTableScene, SummaryScene))
        app.shutdown()


def test_a_palace_save_resumes_with_the_hidden_cards_to_turn_up(make_app, home):
    from cardtable.engine import PlayHidden

    target = home / "data" / "autosave.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes((SAVES / "palace-hidden-cards-next.json").read_bytes())
    app = resume_in_new_app(make_app)
    table = app.stack.top
    assert isinstance(table, PalaceTableScene)
    assert table.view.hand == () and table.model().get("seat/0/hidden/0") is not None
    assert all(isinstance(a, PlayHidden) for a in table.view.legal)
    assert "click a hidden card" in table.desc.prompt(table.view, app.session.names, 0)


@pytest.mark.parametrize("name", ["shanghai_may_i-call-open.json", "shanghai_buy-call-open.json"])
def test_a_save_taken_while_a_call_is_open_resumes_in_that_call(make_app, home, name):
    from cardtable.engine.shanghai_rules import Phase

    target = home / "data" / "autosave.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes((SAVES / name).read_bytes())
    app = make_app()
    # The saved card may be of no use: ask all the same (set before the game resumes,
    # since the session decides how to ask as soon as the call window is reached).
    app.settings = dataclasses.replace(app.settings, call_asking="always")
    click(app, button(app, "Continue"))
    frames(app, 2)
    game = app.session.game
    assert game.state.phase is Phase.CALLS and 0 in game.awaiting()
    assert app.session.ask_always
    until(app, lambda: app.table.question is not None)
    assert app.table.call_buttons and app.table.call_buttons[-1].label.startswith("Pass")


def test_the_autosave_writer_reuses_encoded_moves_and_writes_what_a_full_save_would(
        make_app, home):
    """The writer encodes each move once: after many moves, and after a new game in the
    same window (the cache must start again), the file equals a save made from scratch."""
    from cardtable.app.saves import save_data

    app = make_app()
    for deal in (5, 6):
        start(app, deal=deal)
        autopilot(app, lambda: len(app.session.game.history) >= 40)
        assert app.autosaver.flush() is None
        written = json.loads(app.save_path.read_text())
        expected = save_data(app.session.game, app.session.seats, app.table.ui_state(),
                             app.session.bot_secret)
        expected = json.loads(json.dumps(expected))
        for data in (written, expected):
            del data["saved_at"]
        assert written == expected
        app.to_menu()


def test_an_idle_window_does_not_redraw(make_app):
    app = make_app()
    frames(app, 5)
    before = app.draws
    frames(app, 30)  # half a second on the menu, nothing moving
    assert app.draws - before <= 1
    start(app, deal=5)
    until(app, lambda: app.session.human_to_move and not app.table.animator.busy)
    frames(app, 5)
    before = app.draws
    frames(app, 60)  # a second at the table, the person to move: only the pile glow
    assert app.draws - before <= 12


def test_groups_being_built_survive_a_kill_without_any_later_move(make_app):
    """A kill -9 saves nothing more: the autosave written as the groups change is what
    Continue finds, so cards staged but not laid come back in their groups."""
    app = make_app()
    start(app)
    until(app, lambda: app.session.human_to_move)
    key(app, pygame.K_d)
    until(app, lambda: app.table._my_discard_phase())
    assert app.autosaver.flush() is None
    hand = app.table.view.hand
    app.table.stage(list(hand[:2]), 0)
    app.table.stage([hand[2]], 1)
    frames(app, 2)
    assert app.autosaver.flush() is None  # written on the autosave thread, nothing else
    staged = [list(hand[:2]), [hand[2]]]
    saved = json.loads(app.save_path.read_text())["ui"]["groups"]
    assert saved == [[c.code for c in group] for group in staged]
    app.table.unstage([hand[2]])
    frames(app, 2)
    assert app.autosaver.flush() is None
    assert json.loads(app.save_path.read_text())["ui"]["groups"] == [[c.code for c in hand[:2]]]
    # The window is killed here: no quit, no further save. A new start continues it.
    again = resume_in_new_app(make_app)
    assert isinstance(again.stack.top, TableScene)
    assert again.table.groups == [list(hand[:2])]
    assert hand[0] not in again.table.hand_cards()


KILLED_WHILE_BUILDING = """
import sys, time
sys.path.insert(0, sys.argv[1])
import pygame
from cardtable.app.app import App
from ui import frames, key, until
app = App(size=(1280, 800), animations=False)
app.new_game("five_crowns", 3, "normal", 5)
until(app, lambda: app.session.human_to_move)
key(app, pygame.K_d)
until(app, lambda: app.table._my_discard_phase())
hand = app.table.view.hand
app.table.stage(list(hand[:3]), 0)
frames(app, 2)
app.autosaver.flush()
print(" ".join(card.code for card in hand[:3]), flush=True)
while True:
    app.frame()
    time.sleep(0.01)
"""


def test_groups_being_built_come_back_after_a_real_kill_9(make_app, home):
    import os
    import signal
    import subprocess
    import sys

    tests = str(Path(__file__).resolve().parent)
    env = {**os.environ, "CARDTABLE_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    window = subprocess.Popen([sys.executable, "-c", KILLED_WHILE_BUILDING, tests],
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    try:
        staged = window.stdout.readline().split()
        assert staged, window.stderr.read()
    finally:
        os.kill(window.pid, signal.SIGKILL)
        window.communicate()
    again = resume_in_new_app(make_app)
    assert [[card.code for card in group] for group in again.table.groups] == [staged]
