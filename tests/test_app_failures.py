"""Folders the app cannot write, failed saves, leftovers of killed writes and bad input:
the app starts, tells the truth on screen, and never loses or overwrites a file.

Running as root, file permissions do not stop writes, so the failures are made at the
file-system calls the app uses; where the tests run as a normal user, the same cases
also run with real read-only folders."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from cardtable.app import files
from cardtable.app.scenes.common import ConfirmScene
from cardtable.app.scenes.menu import MenuScene
from cardtable.app.scenes.setup import SetupScene
from cardtable.app.scenes.table import TableScene
from cardtable.app.settings import Settings
from cardtable.app.widgets import TextField
from ui import autopilot, button, click, frames, key

ROOT = os.geteuid() == 0 if hasattr(os, "geteuid") else True


def denied(*args: object, **kwargs: object) -> None:
    raise PermissionError(13, "Permission denied")


@pytest.fixture(params=["simulated", "real"])
def read_only(request, monkeypatch):
    """Make a folder read-only: at the file-system calls, or (not as root) for real."""
    made: list[Path] = []

    def lock(folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        if request.param == "simulated":
            monkeypatch.setattr(files.tempfile, "mkstemp", denied)
            monkeypatch.setattr(files.os, "replace", denied)
        else:
            folder.chmod(0o555)
            made.append(folder)

    if request.param == "real" and ROOT:
        pytest.skip("root writes to read-only folders; the simulated case covers it")
    yield lock
    for folder in made:
        folder.chmod(0o755)


def test_a_damaged_save_in_a_folder_the_app_cannot_write_is_reported_and_never_saved_over(
        make_app, home, read_only):
    path = home / "data" / "autosave.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(b'{"format": "cardtable-save", "format_version": 1, "game": 5}')
    original = path.read_bytes()
    read_only(path.parent)
    app = make_app()
    frames(app, 2)
    assert isinstance(app.stack.top, MenuScene)
    assert "left untouched" in app.menu_message
    with pytest.raises(AssertionError):
        button(app, "Continue")
    app.new_game("five_crowns", 1, "normal", 3)
    frames(app, 3)
    app.autosaver.flush()  # the write fails on the autosave thread (late on a busy machine)
    frames(app, 1)
    assert "NOT being saved" in app.table.message.text
    assert path.read_bytes() == original
    app.shutdown()
    assert path.read_bytes() == original


def test_with_a_read_only_data_folder_the_table_warns_once_and_quit_tells_the_truth(
        make_app, home, read_only):
    read_only(home / "data")
    app = make_app()
    app.new_game("five_crowns", 1, "normal", 3)
    frames(app, 3)
    app.autosaver.flush()  # the write fails on the autosave thread
    frames(app, 1)
    assert isinstance(app.stack.top, TableScene)
    assert "NOT being saved" in app.table.message.text
    autopilot(app, lambda: len(app.session.game.history) >= 6)
    warnings = [line for line in app.session.log if "NOT being saved" in line]
    assert len(warnings) == 1  # once, not at every move
    key(app, pygame.K_ESCAPE)
    click(app, button(app, "Quit to menu (not saved)"))  # the pause menu knows already
    assert isinstance(app.stack.top, ConfirmScene)
    assert "could not be saved" in app.stack.top.question
    assert "permission denied" in app.stack.top.question
    assert [type(s).__name__ for s in app.stack.visible()] == ["TableScene", "ConfirmScene"]
    click(app, button(app, "Stay at the table"))
    assert isinstance(app.stack.top, TableScene)
    key(app, pygame.K_ESCAPE)
    click(app, button(app, "Quit to menu"))
    click(app, button(app, "Leave without saving"))
    assert isinstance(app.stack.top, MenuScene)
    assert "was not saved: the folder may not be written" in app.menu_message
    assert "is saved" not in app.menu_message


def test_a_save_that_works_again_clears_the_warning(make_app, home, monkeypatch):
    app = make_app()
    monkeypatch.setattr(files.tempfile, "mkstemp", denied)
    app.new_game("five_crowns", 1, "normal", 3)
    frames(app, 2)
    app.autosaver.flush()
    frames(app, 1)
    assert app.save_problem
    monkeypatch.undo()
    assert app.save(wait=True) and app.save_problem is None
    key(app, pygame.K_ESCAPE)
    click(app, button(app, "Save and quit"))
    assert "Your game is saved" in app.menu_message


def test_an_unreadable_settings_file_in_a_read_only_config_folder(make_app, home, monkeypatch):
    config = home / "config"
    config.mkdir(parents=True)
    path = config / "settings.json"
    path.write_text('{"ai_speed": "fast"}')
    real_open = open

    def unreadable(file, *args, **kwargs):
        if Path(file) == path:
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(files, "open", unreadable, raising=False)
    monkeypatch.setattr(files.tempfile, "mkstemp", denied)
    monkeypatch.setattr(files.os, "replace", denied)
    app = make_app()
    frames(app, 2)
    assert "settings file could not be read" in app.menu_message
    assert app.settings == Settings()
    # A settings change and a new game both carry on, saying the settings are not kept.
    click(app, button(app, "Settings"))
    scene = app.stack.top
    click(app, scene.ring.widgets[1].segments()[2].center)  # AI speed, after Language
    assert app.settings.ai_speed == "fast" and "not saved" in scene.note
    frames(app, 2)
    key(app, pygame.K_ESCAPE)
    app.new_game("five_crowns", 1, "normal", 3)
    frames(app, 2)
    assert any("settings are used but not saved" in line for line in app.session.log)
    assert path.read_text() == '{"ai_speed": "fast"}'


def test_a_config_folder_that_cannot_be_created_does_not_stop_the_app(make_app, home,
                                                                        monkeypatch):
    monkeypatch.setattr(Path, "mkdir", denied)
    app = make_app()
    frames(app, 2)
    app.new_game("five_crowns", 1, "normal", 3)
    frames(app, 2)
    app.autosaver.flush()
    frames(app, 1)
    assert isinstance(app.stack.top, TableScene)
    assert app.save_problem


def test_stale_temporary_files_of_killed_writes_are_removed_at_start(make_app, home):
    data, config = home / "data", home / "config"
    data.mkdir()
    config.mkdir()
    old = [data / "autosave.json.k1q2.tmp", data / "autosave.json.zz9.tmp",
           config / "settings.json.a1.tmp"]
    for path in old:
        path.write_text("{")
        os.utime(path, (time.time() - 3600, time.time() - 3600))
    fresh = data / "autosave.json.new.tmp"  # a write in progress elsewhere: left alone
    fresh.write_text("{")
    other = data / "notes.tmp"  # not ours
    other.write_text("x")
    os.utime(other, (time.time() - 3600, time.time() - 3600))
    make_app()
    assert not any(path.exists() for path in old)
    assert fresh.exists() and other.exists()


def test_the_deal_field_takes_only_ascii_digits_and_code_letters(make_app):
    app = make_app()
    click(app, button(app, "New game"))
    scene = app.stack.top
    assert isinstance(scene, SetupScene)
    field = next(w for w in scene.ring.widgets if isinstance(w, TextField))
    click(app, field.box.center)
    assert scene.ring.focused is field
    for char in ("²", "①", "٣", "7", "é", "3", "_", " "):
        key(app, pygame.K_UNKNOWN, unicode=char)
    assert scene.deal == "73"
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TableScene)
    assert app.session.game.seed == 73


def test_a_window_size_bigger_than_the_screen_is_clamped(home):
    from cardtable.app.app import App

    (home / "config").mkdir()
    (home / "config" / "settings.json").write_text(json.dumps(
        {"window_width": 9000, "window_height": 7000}))
    app = App(animations=False)
    screen = pygame.display.get_desktop_sizes()[0]
    assert app.size[0] <= max(screen[0], 1024) and app.size[1] <= max(screen[1], 640)
    app.shutdown()


def run_app(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    return subprocess.run([sys.executable, "-m", "cardtable"], env={**clean, **env},
                          capture_output=True, text=True, timeout=60)


def test_cardtable_home_pointing_at_a_file_is_a_one_line_error(tmp_path):
    target = tmp_path / "a-file"
    target.write_text("x")
    done = run_app({"CARDTABLE_HOME": str(target), "SDL_VIDEODRIVER": "dummy"})
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "is a file, not a folder" in done.stderr


def test_cardtable_home_under_a_file_is_a_one_line_error(tmp_path):
    target = tmp_path / "a-file"
    target.write_text("x")
    done = run_app({"CARDTABLE_HOME": str(target / "sub" / "dir"), "SDL_VIDEODRIVER": "dummy"})
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "is a file, not a folder" in done.stderr


def test_no_display_is_a_one_line_error_not_an_invisible_window(tmp_path):
    done = run_app({"CARDTABLE_HOME": str(tmp_path)})
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "no display" in done.stderr
    assert "Traceback" not in done.stderr
