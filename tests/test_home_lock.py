"""One window per home (issue 36, item 8): a second start on the same home says that
cardtable is already open and writes nothing; the self-test still runs; a kill -9 of
the window leaves no stale lock. With real processes, as a person would start them."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from cardtable.app.home_lock import LOCK_NAME, lock_home


def env(home: Path) -> dict[str, str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    return {**clean, "CARDTABLE_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy"}


def held(folder: Path) -> bool:
    """Whether another process holds the home's lock (taken and let go at once if not)."""
    lock = lock_home(folder)
    if lock is None:
        return True
    lock.release()
    return False


def start_window(home: Path) -> subprocess.Popen[str]:
    """The app as ``cardtable`` starts it, headless, once it holds its home."""
    window = subprocess.Popen([sys.executable, "-m", "cardtable"], env=env(home),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not held(home / "data"):
        assert window.poll() is None, window.communicate()
        assert time.monotonic() < deadline, "the window never took its home"
        time.sleep(0.05)
    return window


def run(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardtable", *args], env=env(home),
                          capture_output=True, text=True, timeout=60)


def files(folder: Path) -> dict[str, tuple[int, int]]:
    return {p.name: (p.stat().st_mtime_ns, p.stat().st_size) for p in folder.iterdir()}


def settled(folder: Path) -> dict[str, tuple[int, int]]:
    """The folder's files once the window has made its own (its history) and stopped."""
    deadline = time.monotonic() + 60
    last = None
    while True:
        now = files(folder)
        if now == last and "history.sqlite3" in now:
            return now
        assert time.monotonic() < deadline, "the window's files never settled"
        last = now
        time.sleep(0.4)


def test_a_second_window_on_one_home_says_it_is_open_and_writes_nothing(tmp_path):
    first = start_window(tmp_path)
    try:
        before = settled(tmp_path / "data")
        second = run(tmp_path)
        assert second.returncode == 0, second.stderr
        assert second.stderr.count("\n") == 1 and "already open" in second.stderr
        assert "Traceback" not in second.stderr
        assert files(tmp_path / "data") == before  # no save, no history row touched
        # The self-test plays in a folder of its own, so it runs beside the window.
        test = run(tmp_path, "--self-test")
        assert test.returncode == 0, test.stderr
        assert first.poll() is None  # the first window plays on
    finally:
        first.kill()
        first.communicate()


def test_a_killed_window_leaves_no_stale_lock(tmp_path):
    first = start_window(tmp_path)
    os.kill(first.pid, signal.SIGKILL)
    first.communicate()
    assert (tmp_path / "data" / LOCK_NAME).exists()  # the file stays, its lock is gone
    assert not held(tmp_path / "data")
    again = start_window(tmp_path)  # and the next start opens the window
    again.terminate()
    out, err = again.communicate(timeout=60)
    assert again.returncode == 0, err


def test_the_lock_is_refused_while_held_and_free_once_released(tmp_path):
    lock = lock_home(tmp_path)
    assert lock is not None and lock_home(tmp_path) is None
    lock.release()
    again = lock_home(tmp_path)
    assert again is not None
    again.release()


def test_a_second_start_from_an_icon_is_told_in_a_window_and_never_blocks_headless():
    """With no terminal the line on stderr is never read, so the second start shows a
    small window saying so; with no display (the tests, CI) it returns at once."""
    import time

    import pygame

    from cardtable.app import already_open

    start = time.perf_counter()
    assert already_open.show(seconds=30) is False  # SDL_VIDEODRIVER=dummy here
    assert time.perf_counter() - start < 5
    pygame.font.init()
    surface = pygame.Surface(already_open.SIZE)
    button = pygame.Rect(240, 156, 140, 44)
    already_open._draw(surface, already_open.BODY, button)
    assert surface.get_at(button.center) != surface.get_at((5, 5))  # the OK button drawn



def test_a_stop_asked_while_the_window_starts_still_ends_it_cleanly(tmp_path):
    """SIGTERM after the start took its home's lock but before the window is open (the
    moment a session manager, or this file's tests, may send it): the window ends by
    itself, exit 0, and lets go of its home."""
    code = (
        "import os, signal\n"
        "import cardtable.app.app as window\n"
        "from cardtable.cli import main\n"
        "opening = window._open_display\n"
        "def open_display():\n"
        "    os.kill(os.getpid(), signal.SIGTERM)  # the home is held by now\n"
        "    opening()\n"
        "window._open_display = open_display\n"
        "raise SystemExit(main([]))\n")
    done = subprocess.run([sys.executable, "-c", code], env=env(tmp_path),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    assert not held(tmp_path / "data")
