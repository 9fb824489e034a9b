"""Sound effects: each move plays the effect its events call for, at the volume set;
"off" never starts the mixer; a machine whose audio cannot start plays silently and the
app still starts and plays."""

from __future__ import annotations

import os
import subprocess
import sys

from cardtable.app.sound import NAMES, Sounds, _made, sound_for
from cardtable.engine import Pile
from cardtable.engine.events import Called, Discarded, Drew, GameEnded, RoundScored


def test_each_effect_is_made_short_and_not_silent():
    for name in NAMES:
        samples = _made(name)
        assert 0.05 < len(samples) / 22050 < 1.0, name
        assert max(abs(s) for s in samples) > 2000, name


def test_the_most_telling_event_of_a_move_picks_its_effect():
    from cardtable.engine import parse_cards

    card = parse_cards("7H")[0]
    assert sound_for([Drew(1, Pile.STOCK, card)], 0) == "draw"
    assert sound_for([Discarded(0, card)], 0) == "discard"
    assert sound_for([Called(2, "pass")], 0) is None
    assert sound_for([Called(2, "may i")], 0) == "call"
    scored = RoundScored.__new__(RoundScored)
    assert sound_for([Discarded(0, card), scored], 0) == "round"
    assert sound_for([GameEnded((0,), (5, 9))], 0) == "win"
    assert sound_for([GameEnded((1,), (9, 5))], 0) == "lose"


def test_off_never_starts_the_mixer_and_a_volume_plays():
    import pygame

    quiet = Sounds("off")
    quiet.play("draw")
    assert not quiet.ready and quiet.played == []
    loud = Sounds("low")
    loud.play("meld")                        # SDL's dummy audio driver in the tests
    assert loud.ready and loud.played == ["meld"]
    assert pygame.mixer.get_init() is not None
    loud.close()


def test_moves_at_the_table_play_their_effects(make_app):
    from ui import until

    app = make_app()
    app.new_game("five_crowns", 1, "normal", 3, autoplay="normal")
    until(app, lambda: "discard" in app.sounds.played and "draw" in app.sounds.played)


def test_the_app_starts_and_plays_when_no_audio_can_start(tmp_path):
    script = (
        "import sys; sys.path.insert(0, 'tests')\n"
        "from cardtable.app.app import App\n"
        "from ui import until\n"
        "app = App(size=(800, 600), animations=False)\n"
        "app.new_game('palace', 1, 'normal', 3, autoplay='normal')\n"
        "until(app, lambda: len(app.session.game.history) > 12)\n"
        "assert not app.sounds.ready\n"
        "app.shutdown(); print('ok')\n")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "no-such-driver",
           "CARDTABLE_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, timeout=120,
                          cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().endswith("ok")


def test_effects_are_made_off_the_drawing_thread_and_play_once_made(monkeypatch):
    """Making an effect's samples is pure Python (a tenth of a second for the longest):
    done on the frame's thread it stalls a frame (a round's slowest frames were these)."""
    import threading
    import time
    from array import array

    from cardtable.app import sound

    made_on: list[str] = []
    real = sound._made

    def recording(name: str) -> array[int]:
        made_on.append(threading.current_thread().name)
        return real(name)

    monkeypatch.setattr(sound, "_made", recording)
    loud = Sounds("low")
    loud.play("win")
    assert loud.played == ["win"]
    deadline = time.monotonic() + 10
    while "win" not in loud._cache and time.monotonic() < deadline:
        time.sleep(0.01)
    assert "win" in loud._cache  # played the moment it was made
    assert made_on and threading.main_thread().name not in made_on
    loud.close()
