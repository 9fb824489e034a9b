"""Write example saves into saves/ with the real app (run by hand when a game is added).

    python3 tests/make_example_saves.py

Each file is named after the format it is written in (``…-format2.json``; the files
without a number are format 1, from before files had one in their name). Existing files
are never replaced: saves written by older versions must stay, so the tests keep proving
that old saves load and that each migration step works on a real file of its version.
After raising ``FORMAT_VERSION``, run this to add the examples of the new format.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent))

import pygame  # noqa: E402

from cardtable.app.app import App  # noqa: E402
from cardtable.app.scenes.summary import SummaryScene  # noqa: E402
from cardtable.engine.migrations import FORMAT_VERSION  # noqa: E402
from ui import autopilot, frames, until  # noqa: E402

SAVES = Path(__file__).resolve().parents[1] / "saves"


def keep(app: App, stem: str) -> None:
    """Copy the app's save to saves/ as ``stem`` in today's format, unless it exists."""
    app.save(wait=True)
    name = f"{stem}-format{FORMAT_VERSION}.json"
    target = SAVES / name
    if target.exists():
        print(f"kept the existing {name}")
        return
    shutil.copyfile(app.save_path, target)
    print(f"wrote {name}")


def main() -> None:
    os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp()
    app = App(size=(1280, 800), animations=False)
    app.new_game("five_crowns", 3, "normal", 2026)
    game = app.session.game
    autopilot(app, lambda: game.state.round == 2)
    app.session.play(game.legal_actions(0)[0])
    frames(app, 2)
    app.table.sort_rank()
    keep(app, "five_crowns-round2-mid-turn")
    autopilot(app, lambda: game.state.out_seat not in (None, 0))
    keep(app, "five_crowns-final-turn")
    app.session.bots[0] = app.session.bots[1]
    until(app, lambda: isinstance(app.stack.top, SummaryScene))
    keep(app, "five_crowns-round-summary")
    app.shutdown()
    for game_id in ("shanghai_may_i", "shanghai_buy"):
        shanghai(game_id)
    monastery()
    palace()
    pygame.quit()


def shanghai(game_id: str) -> None:
    """A save taken while the person is asked for a call, and one in round 2."""
    from cardtable.engine.shanghai_rules import Phase

    app = App(size=(1280, 800), animations=False)
    app.new_game(game_id, 3, "normal", 2026)
    game = app.session.game
    autopilot(app, lambda: game.state.phase is Phase.CALLS and 0 in game.awaiting())
    keep(app, f"{game_id}-call-open")
    autopilot(app, lambda: game.state.round == 2 and game.state.phase is Phase.PLAY)
    keep(app, f"{game_id}-round2-mid-turn")
    app.shutdown()


def monastery() -> None:
    """A save with a mission on the table in round 2, and one on the round summary."""
    from cardtable.engine.monastery import Phase

    app = App(size=(1280, 800), animations=False)
    app.new_game("monastery", 3, "normal", 2026)
    game = app.session.game
    autopilot(app, lambda: game.state.round >= 2 and any(game.state.melds)
              and game.state.phase is Phase.PLAY and 0 in game.awaiting())
    keep(app, "monastery-round2-mission-down")
    app.session.bots[0] = app.session.bots[1]
    until(app, lambda: isinstance(app.stack.top, SummaryScene))
    keep(app, "monastery-round-summary")
    app.shutdown()


def palace() -> None:
    """A save during the person's reserve building, and one in play with the person's
    hand and visible reserve gone (the next turn turns up a hidden card)."""
    from cardtable.engine import BuildReserve, PickHidden
    from cardtable.engine.palace import Phase

    app = App(size=(1280, 800), animations=False)
    app.new_game("palace", 3, "normal", 2026)
    game = app.session.game
    app.session.play(PickHidden((0, 4, 8)))
    frames(app, 2)
    app.session.play(next(a for a in game.legal_actions(0) if isinstance(a, BuildReserve)))
    frames(app, 2)
    keep(app, "palace-building-reserve")
    app.shutdown()
    for deal in range(2026, 2100):
        app = App(size=(1280, 800), animations=False)
        app.new_game("palace", 3, "normal", deal)
        game = app.session.game
        try:
            autopilot(app, lambda game=game: game.state.phase is Phase.PLAY
                      and not game.state.hands[0] and game.state.hidden[0]
                      and 0 in game.awaiting(), limit=20000)
        except AssertionError:
            app.shutdown()
            continue
        keep(app, "palace-hidden-cards-next")
        app.shutdown()
        return


if __name__ == "__main__":
    main()
