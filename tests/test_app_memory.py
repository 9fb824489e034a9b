"""Memory (issue 36): a game that leaves the table lets go of what only it needed, so a
window that has played each game once holds no more than one game's worth
(``bench/memory.py`` prints the figures)."""

import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.app import cardart, theme
from ui import frames


def test_a_game_that_leaves_the_table_takes_its_card_faces_and_words_with_it(make_app):
    app = make_app()
    frames(app, 2)
    menu_words = theme.text.cache_info().currsize
    app.new_game("monastery", 3, "normal", 5, autoplay="normal")
    frames(app, 120)
    assert cardart.face.cache_info().currsize > 10
    assert theme.text.cache_info().currsize > menu_words + 10
    app.to_menu()
    frames(app, 2)
    assert cardart.face.cache_info().currsize == 0
    assert cardart.outline.cache_info().currsize == 0
    assert theme.text.cache_info().currsize <= menu_words + 2  # the menu's own message


def test_the_next_game_draws_its_cards_again_after_the_last_one_left(make_app):
    app = make_app()
    app.new_game("palace", 1, "normal", 2)
    frames(app, 5)
    app.to_menu()
    frames(app, 2)
    app.new_game("five_crowns", 1, "normal", 2)
    frames(app, 5)
    assert cardart.face.cache_info().currsize > 0
    assert app.stack.top is app.table


WINDOW_MEMORY = """
import os, sys
from pathlib import Path
from cardtable.app.app import App

def resident():
    return int(Path("/proc/self/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")

app = App(size=(1920, 1200), animations=False)
app.frame(1 / 60)
# The language's locale data (Babel's, some 6 MB) is read once a process, at the first
# number or date a screen writes: the window's own cost, not a game's, so it is paid first.
from cardtable import i18n
i18n.number(1234.5)
before = resident()
app.new_game("monastery", 3, "normal", 5, autoplay="normal")
for _ in range(150):
    app.frame(1 / 60)
playing = resident()
app.to_menu()
app.frame(1 / 60)
print(before, playing, resident())
app.shutdown()
"""


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads Linux's /proc")
def test_the_window_gives_back_the_memory_of_a_game_that_left_the_table(home):
    """Let go of is not enough: the C library keeps freed pages for later unless asked
    to hand them back, and the window would stay at the size the game took it to. In a
    process of its own, so that other tests' memory does not count."""
    done = subprocess.run([sys.executable, "-c", WINDOW_MEMORY], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    before, playing, after = map(int, done.stdout.split()[-3:])
    assert playing - before > 8 * 2**20  # the game took some memory
    assert after - before < (playing - before) / 2
