"""The desktop app: one window, a render loop at 60 frames a second, a stack of scenes.

The loop never waits on the AI: AI seats think on the worker thread and the table polls
it. Only the display and font modules of pygame are started (no mixer), so the app runs
on machines with no sound device. Everything a game does is decided by the engine; the
app shows state and sends actions.
"""

from __future__ import annotations

import logging
import os
import random
import signal
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from .. import __version__
from ..ai import AIWorker
from ..engine import Event, Game, get_variant
from .saves import SavedGame, autosave_path, load_autosave, write_save
from .scene import Scene, SceneStack
from .session import SeatInfo, Session, default_seats
from .settings import Settings, load_settings, save_settings
from .table_desc import playable

if TYPE_CHECKING:
    from .scenes.palace_table import PalaceTableScene
    from .scenes.table import TableScene

log = logging.getLogger(__name__)

MIN_SIZE = (1024, 640)
FPS = 60


class App:
    def __init__(self, *, size: tuple[int, int] | None = None, save_path: Path | None = None,
                 settings: Settings | None = None, animations: bool = True) -> None:
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # never needs a sound device
        pygame.display.init()
        pygame.font.init()
        self.settings = settings or load_settings()
        self.animations = animations
        self.now = 0.0
        """Seconds of app time: advanced by each frame's dt, so AI pacing and animations
        follow the frames (tests that step frames see what a person would)."""
        self.save_path = save_path or autosave_path()
        size = size or (self.settings.window_width, self.settings.window_height)
        self.windowed_size = size
        self.fullscreen = False
        self.screen = self._open_window(size)
        pygame.display.set_caption(f"cardtable {__version__}")
        self.clock = pygame.time.Clock()
        self.stack = SceneStack()
        self.worker = AIWorker()
        self.session: Session | None = None
        self.table: TableScene | PalaceTableScene | None = None
        self.running = True
        self.menu_message: str | None = None
        self.frame_times: list[float] = []
        # A save that cannot be resumed is reported on the menu and moved aside now,
        # rather than offered as "Continue".
        self.menu_message = load_autosave(self.save_path).message
        from .scenes.menu import MenuScene

        self.stack.push(MenuScene(self))
        self.stack.apply(self.size)

    # --- window ------------------------------------------------------------------------

    def _open_window(self, size: tuple[int, int], fullscreen: bool = False) -> pygame.Surface:
        flags = pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE
        size = (0, 0) if fullscreen else (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        return pygame.display.set_mode(size, flags)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        try:
            self.screen = self._open_window(self.windowed_size, self.fullscreen)
        except pygame.error as error:  # some drivers have no fullscreen
            log.info("fullscreen unavailable: %s", error)
            self.fullscreen = False
            self.screen = self._open_window(self.windowed_size)
        self.relayout()

    def resize(self, size: tuple[int, int]) -> None:
        if not self.fullscreen:
            if size[0] < MIN_SIZE[0] or size[1] < MIN_SIZE[1]:
                size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
                self.screen = self._open_window(size)
            self.windowed_size = size
        self.screen = pygame.display.get_surface() or self.screen
        self.relayout()

    def relayout(self) -> None:
        for scene in self.stack.scenes:
            scene.layout(self.size)

    # --- the loop ----------------------------------------------------------------------

    def run(self) -> None:
        try:
            while self.running:
                dt = self.clock.tick(FPS) / 1000.0
                self.frame(dt)
        except KeyboardInterrupt:
            log.info("interrupted: the game is saved")
        finally:
            self.shutdown()

    def frame(self, dt: float = 1 / FPS) -> None:
        """One frame: input, then time, then drawing."""
        started = time.perf_counter()
        self.now += dt
        self.stack.apply(self.size)
        for event in pygame.event.get():
            self.dispatch(event)
        self.stack.apply(self.size)
        top = self.stack.top
        if top is not None:
            top.update(dt)
        self.stack.apply(self.size)
        self.draw()
        self.frame_times.append(time.perf_counter() - started)
        if len(self.frame_times) > 600:
            del self.frame_times[:300]

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize(event.size)
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            self.resize((event.x, event.y))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        top = self.stack.top
        if top is not None:
            top.handle(event)

    def draw(self) -> None:
        for scene in self.stack.visible():
            scene.draw(self.screen)
        pygame.display.flip()

    def shutdown(self) -> None:
        self.save()
        self.worker.shutdown()
        pygame.display.quit()

    # --- games -------------------------------------------------------------------------

    def new_game(self, game_id: str, opponents: int, level: str, deal: int | None = None,
                 autoplay: str | None = None) -> None:
        """Deal a new game; ``autoplay`` lets an AI of that level play the person's hand."""
        variant = get_variant(game_id)
        seats = opponents + 1
        variant().check_seats(seats)
        seed = deal if deal is not None else random.SystemRandom().randrange(1, 10**9)
        game, events = Game.new(game_id, seats, seed)
        self.settings = Settings(**{**self.settings.__dict__, "ai_level": level,
                                    "opponents": opponents})
        save_settings(self.settings)
        self.start_session(game, default_seats(opponents, level), start_events=events,
                           autoplay=autoplay)

    def start_session(self, game: Game, seats: list[SeatInfo], saved: SavedGame | None = None,
                      start_events: tuple[Event, ...] = (), autoplay: str | None = None) -> None:
        if self.session is not None:
            self.session.restart_thinking()
        self.session = Session(game, seats, worker=self.worker,
                               think_seconds=self.settings.think_seconds if self.animations
                               else 0.0, clock=lambda: self.now, on_change=self._changed,
                               hand_order=saved.hand_order() if saved else None,
                               autoplay=autoplay)
        self.session.call_seconds = self.settings.call_seconds
        self.session.note(start_events)
        from .scenes.palace_table import PalaceTableScene
        from .scenes.table import TableScene

        scene_type = PalaceTableScene if game.game_id == "palace" else TableScene
        table = self.table = scene_type(self, self.session)
        self.stack.reset(table)
        if saved is not None:
            table.restore_ui(saved.ui)
            self.session.log.append("Game resumed where you left it.")
        self.save()

    def resume(self) -> bool:
        """Continue the saved game; False (with a menu message) if it cannot be used."""
        result = load_autosave(self.save_path)
        if result.saved is None:
            self.menu_message = result.message
            return False
        if not playable(result.saved.game.game_id):
            self.menu_message = (f"Your saved {result.saved.game.variant.title} game needs a "
                                 "newer version of cardtable to be played at the table.")
            return False
        self.start_session(result.saved.game, result.saved.seats, result.saved)
        return True

    def has_save(self) -> bool:
        return self.save_path.exists()

    def _changed(self, session: Session) -> None:
        self.save()

    def save(self) -> None:
        """Autosave the game in progress (atomically). A finished game is set aside, so
        the menu no longer offers to continue it."""
        session = self.session
        if session is None:
            return
        if session.game.over:
            self.forget_save()
            return
        ui = self.table.ui_state() if self.table is not None else {}
        try:
            write_save(self.save_path, session.game, session.seats, ui)
        except OSError as error:
            log.error("could not save the game: %s", error)
            self.menu_message = f"The game could not be saved: {error.strerror}"

    def forget_save(self) -> None:
        if self.save_path.exists():
            os.replace(self.save_path, self.save_path.with_name("last-finished-game.json"))

    def to_menu(self, message: str | None = None) -> None:
        self.save()
        if self.session is not None:
            self.session.restart_thinking()
        self.session = None
        self.table = None
        self.menu_message = message
        from .scenes.menu import MenuScene

        self.stack.reset(MenuScene(self))

    def push(self, scene: Scene) -> None:
        self.stack.push(scene)


def main() -> int:
    """Open the window and play until the person quits."""
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    app = App()

    def stop(signum: int, frame: object) -> None:
        app.running = False  # leave the loop; shutdown() saves the game

    signal.signal(signal.SIGTERM, stop)
    app.run()
    return 0
