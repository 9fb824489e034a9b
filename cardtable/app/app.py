"""The desktop app: one window, a render loop at 60 frames a second, a stack of scenes.

The loop never waits on the AI: AI seats think on the worker thread and the table polls
it. Only the display and font modules of pygame are started at once; the mixer starts
when the first sound plays, and a machine with no sound device simply stays silent.
Everything a game does is decided by the engine; the app shows state and sends actions.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import random
import signal
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from .. import __version__, i18n
from ..ai import AIWorker
from ..engine import Event, Game, GameView, SomeGame, catalog, get_variant
from ..engine.options import OptionsInstance
from ..i18n import _, ngettext, text
from ..review_job import ReviewJobs
from . import cardart, theme
from .autosaver import Autosaver
from .files import remove_stale_temps
from .heap import set_aside_startup_heap
from .history import HistoryRecorder
from .narrator import Narrator
from .pacing import FramePacer
from .paths import asset_path, data_dir
from .release import release_game
from .saves import SavedGame, SaveSummary, load_autosave, summarize
from .scene import Scene, SceneStack
from .session import SeatInfo, Session, SomeSession, default_seats
from .settings import Settings, SettingsFile
from .slots import FINISHED, LEGACY_NAME, SaveSlots, Slot
from .sound import Sounds
from .speaker import Kind, Speaker
from .spoken import speakable
from .status_words import status_for
from .table_ui import TableUI
from .tables import playable, table_for

if TYPE_CHECKING:
    from .scenes.table_core import TableCore

log = logging.getLogger(__name__)

MIN_SIZE = (1024, 640)
FPS = 60
SAVE_WARNING_SECONDS = 10.0
HEARTBEAT_SECONDS = 1.0
"""An unchanged screen is still redrawn this often (a safety net for anything a
scene's redraw key might miss, such as a clock)."""
HEADLESS_DRIVERS = ("offscreen", "dummy")
"""SDL falls back to these when there is no display: the window would be invisible."""


class NoDisplayError(RuntimeError):
    """There is no screen to open the window on; the message says so in one line."""


HISTORY_FILE = "history.sqlite3"


class App:
    def __init__(self, *, size: tuple[int, int] | None = None,
                 save_folder: Path | None = None, settings: Settings | None = None,
                 animations: bool = True, coach: bool = False) -> None:
        _open_display()
        pygame.font.init()
        notes: list[str] = []
        self.settings_file = SettingsFile()
        i18n.use(None)  # a note about the settings file is said in the system's language
        if settings is None:
            settings, note = self.settings_file.load()
            if note:
                notes.append(note)
        self.settings = settings
        i18n.use(settings.language)
        self.animations = animations
        self.coach = coach
        """Show the first-game tour the first time a game is played (the window does;
        tests and the self-test do not)."""
        self.now = 0.0
        """Seconds of app time: advanced by each frame's dt, so AI pacing and animations
        follow the frames (tests that step frames see what a person would)."""
        self.slots = SaveSlots(save_folder or data_dir())
        """One autosave per game (``slots``): the game on the table writes to its own."""
        self._slot_game = next(iter(self.slots.slots))
        self.autosaver = Autosaver(self.save_path)
        self.recorder = HistoryRecorder.open(data_dir() / HISTORY_FILE)
        """Keeps the history of games played (statistics, replays)."""
        if self.recorder.note:
            notes.append(self.recorder.note)
        self._saves_seen = 0
        for leftover in (*(slot.path for slot in self.slots.slots.values()),
                         self.slots.folder / LEGACY_NAME, self.settings_file.path):
            remove_stale_temps(leftover)
        if size is None:
            if self.settings_file.existed:
                size = fit_screen((self.settings.window_width, self.settings.window_height))
            else:
                # A first start sizes the window to the display; that size is the one the
                # settings keep when they are first written (a tour seen, a choice made),
                # so a later start opens the same window, not the 1280×800 default.
                size = first_size()
                self.settings = dataclasses.replace(self.settings, window_width=size[0],
                                                    window_height=size[1])
        self.windowed_size = size
        self.fullscreen = False
        self.screen = self._open_window(size, center=False)  # where the system puts it
        pygame.display.set_caption(f"cardtable {__version__}")
        _set_icon()
        self.pacer = FramePacer(FPS)
        self.stack = SceneStack()
        self.sounds = Sounds(self.settings.sound)
        first_start = not self.settings_file.existed
        self.speaker = Speaker.for_settings(self.settings.speech, self.settings.speech_amount,
                                            self.settings.speech_rate, first_start)
        if self.speaker.on and not self.settings.speech:
            # A first start beside a running screen reader speaks, and goes on speaking.
            self.settings = dataclasses.replace(self.settings, speech=True)
            self.settings_file.save(self.settings)
        elif self.settings.speech and not self.speaker.available:
            self.speaker.on = False
            notes.append(self.speaker.why_silent or _("Speech is off."))
        self.speaker.set_language(i18n.language())
        self.narrator = Narrator(self.speaker)
        self._keyed = False
        """A key was pressed or a button clicked this frame (focus may have moved)."""
        self._arrowed = False
        """An arrow key was pressed this frame (a focus that did not move is said again)."""
        self.notice: tuple[str, float] | None = None
        """A sentence shown at the foot of every screen until its time (app seconds)."""
        self.apply_looks()
        self.worker = AIWorker()
        self.reviews = ReviewJobs()
        """Post-game reviews under way (each in a worker process): stopped at the end."""
        self.session: SomeSession | None = None
        self.table: TableCore[GameView] | None = None
        self.running = True
        self.menu_message: str | None = None
        self.frame_times: list[float] = []
        """Work time of the last frames that drew."""
        self.draws = 0
        self.heap_set_aside = 0
        """Objects moved out of the collector's reach once ``run`` drew the menu
        (``heap.py``; 0 until then, and in a process that only drives ``frame``)."""
        self._drawn_key: tuple[object, ...] | None = None
        self._drawn_at = -1.0
        self.save_problem: str | None = None
        """Why the last autosave failed (``None``: the game on the table is saved)."""
        # A save that cannot be resumed is reported on the menu and moved aside now,
        # rather than offered as "Continue".
        saved, slot_notes = self.slots.scan()
        notes += slot_notes
        self.recorder.recover([found.game for found in saved], self.slots.folder / FINISHED)
        self.menu_message = " ".join(notes) or None
        self.menu_good = False
        """The menu's message is good news (a game saved), not a problem."""
        from .scenes.menu import MenuScene

        self.stack.push(MenuScene(self))
        self.stack.apply(self.size)

    # --- window ------------------------------------------------------------------------

    def _open_window(self, size: tuple[int, int], fullscreen: bool = False,
                     center: bool = True) -> pygame.Surface:
        """The window: resizable at ``size`` (centred on the screen when it is made
        again), or filling the screen from its top-left corner. Full screen is a
        borderless window the size of the desktop: exclusive full-screen modes leave the
        window where it was on some X servers (and change the monitor's mode on
        others)."""
        if fullscreen:
            surface = pygame.display.set_mode(_desktop() or size, pygame.NOFRAME)
            pygame.display.set_window_position((0, 0))
            return surface
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        desktop = _desktop()
        if desktop is not None and center:
            pygame.display.set_window_position(((desktop[0] - size[0]) // 2,
                                                max(0, (desktop[1] - size[1]) // 2)))
        return surface

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
        self.invalidate()

    def set_language(self, code: str) -> str | None:
        """Speak ``code`` from now on (``""``: the system's language), at once: every
        screen on the stack is laid out again in it, the cards' letters redrawn and the
        voice told. Saved in the settings; returns why saving failed, if it did."""
        self.settings = dataclasses.replace(self.settings, language=code)
        problem = self.settings_file.save(self.settings)
        i18n.use(code)
        cardart.forget_faces()
        if self.session is not None:
            self.session.log.reword()
        self.speaker.set_language(i18n.language())
        self.relayout()
        return problem

    # --- the loop ----------------------------------------------------------------------

    def run(self) -> None:
        try:
            while self.running:
                self.frame(self.pacer.tick())
                if not self.heap_set_aside:
                    self.set_startup_heap_aside()
        except KeyboardInterrupt:
            log.info("interrupted: the game is saved")
        finally:
            self.shutdown()

    def frame(self, dt: float = 1 / FPS) -> None:
        """One frame: input, then time, then drawing — only if something on screen may
        have changed (input, a change of scenes, or a scene's ``redraw_key``), so an
        idle window costs almost nothing."""
        started = time.perf_counter()
        self.now += dt
        changed = self.stack.apply(self.size)
        for event in pygame.event.get():
            self.dispatch(event)
            changed = True
        changed = self.stack.apply(self.size) or changed
        top = self.stack.top
        if top is not None:
            top.update(dt)
        changed = self.stack.apply(self.size) or changed
        self._narrate()
        if self.notice is not None and self.now >= self.notice[1]:
            self.notice, changed = None, True
        self._check_saves()
        key = (self.save_problem, *(scene.redraw_key() for scene in self.stack.visible()))
        whole = changed or self.now - self._drawn_at >= HEARTBEAT_SECONDS
        if whole or key != self._drawn_key:
            area = None if whole else self._redraw_area(key)
            self.draw(area)
            self._drawn_key = key
            if area is None:
                self._drawn_at = self.now
            self.frame_times.append(time.perf_counter() - started)
            if len(self.frame_times) > 600:
                del self.frame_times[:300]

    def set_startup_heap_aside(self) -> None:
        """Once the first frame is drawn, move everything alive out of the cyclic
        collector's reach (``heap.py``). ``run`` does it, not ``frame``: a test process
        drives ``frame`` on hundreds of windows, and with its first one frozen a test of
        300 windows took 21 s instead of 12."""
        if self.draws and not self.heap_set_aside:
            self.heap_set_aside = set_aside_startup_heap()

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
        if self.notice is not None and event.type in (pygame.KEYDOWN,
                                                      pygame.MOUSEBUTTONDOWN):
            self.notice = None  # read: the next key or click puts it away
            self.invalidate()
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                return  # Esc only puts it away (it does not open the menu too)
        if event.type == pygame.KEYDOWN:
            self.speaker.key_pressed()
        if event.type == pygame.KEYDOWN and self._speech_key(event):
            return
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            self._keyed = True
        if event.type == pygame.KEYDOWN and event.key in ARROWS:
            self._arrowed = True
        top = self.stack.top
        if top is not None:
            top.handle(event)

    # --- speech ------------------------------------------------------------------------

    def _speech_key(self, event: pygame.event.Event) -> bool:
        """The keys speech answers on every screen: F2 switches it on and off, ``[`` and
        ``]`` step back and forth through what was said. True if the key was one."""
        if event.key == pygame.K_F2 and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.toggle_speech()
            return True
        status = status_for(event.key, bool(event.mod & pygame.KMOD_SHIFT))
        if status is not None:
            top = self.stack.top
            said = top.spoken_status(status) if top is not None else None
            if self.speaker.on:
                self.speaker.say(speakable(said or _("Nothing of that kind on this screen.")),
                                 Kind.ANSWER)
            elif said:
                self.show_notice(said)  # the same answer, written, with speech off
            return True
        if event.key in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET) and self.speaker.on:
            step = -1 if event.key == pygame.K_LEFTBRACKET else 1
            if self.speaker.step_history(step) is None:
                self.speaker.say(_("No earlier message.") if step < 0 else _("No later message."),
                                 Kind.ANSWER)
            return True
        return False

    def toggle_speech(self) -> None:
        """Speech on or off (kept in the settings). Where nothing can speak, the reason
        is shown once as text instead."""
        if not self.speaker.available:
            self.show_notice(self.speaker.why_silent or _("Speech is not available."))
            return
        on = not self.speaker.on
        if not on:
            self.speaker.say(_("Speech off."), Kind.ANSWER)
        self.speaker.switch(on)
        self.settings = dataclasses.replace(self.settings, speech=on)
        problem = self.settings_file.save(self.settings)
        if problem:
            self.show_notice(problem)
        if self.session is not None:
            self.session.call_seconds = self.call_seconds()
        if on:
            self.speaker.say(_("Speech on."), Kind.ANSWER)
            self.narrator.restart()

    def call_seconds(self) -> float:
        """How long a call chance waits for the person: with speech on, a countdown
        becomes a wait (a question read aloud needs its answer heard first); "pass"
        stays a pass."""
        seconds = self.settings.call_seconds
        return 0.0 if self.speaker.on and seconds > 0 else seconds

    def speech_busy(self) -> bool:
        """Speech has news still to say: the next AI move waits for it."""
        return self.speaker.on and self.speaker.quiet_at() > self.speaker.clock()

    def show_notice(self, text: str, seconds: float = 8.0) -> None:
        self.notice = (text, self.now + seconds)
        self.invalidate()

    def _narrate(self) -> None:
        keyed, self._keyed = self._keyed, False
        arrowed, self._arrowed = self._arrowed, False
        if self.speaker.on:
            self.narrator.frame(self.stack.top, keyed, arrowed)
            self.speaker.update()

    def _notice_badge(self) -> None:
        """The notice, wrapped in a panel a little above the middle of the window: it
        answers what the player just asked (a status key with speech off, why speech is
        off), so it may cover the table until the next key or click."""
        if self.notice is None:
            return
        w, h = self.size
        size = max(14, h // 44)
        lines = theme.wrap(self.notice[0], size, int(w * 0.6))[:12]
        step = theme.font(size).get_linesize()
        width = max(theme.font(size).size(line)[0] for line in lines) + 40
        box = pygame.Rect(0, 0, width, step * len(lines) + 28)
        box.center = (w // 2, int(h * 0.42))
        theme.panel(self.screen, box, theme.PANEL_EDGE, alpha=240, radius=10)
        for number, line in enumerate(lines):
            image = theme.text(line, size, theme.TEXT)
            self.screen.blit(image, (box.x + 20, box.y + 14 + number * step))

    def _redraw_area(self, key: tuple[object, ...]) -> pygame.Rect | None:
        """The one area that can have changed since the last drawing, when the one scene
        shown (its redraw key changed, nothing else) can tell; None: the whole screen."""
        drawn, shown = self._drawn_key, self.stack.visible()
        if drawn is None or len(shown) != 1 or len(drawn) != 2 or drawn[0] != key[0]:
            return None
        return shown[0].redraw_area(drawn[1], key[1])

    def draw(self, area: pygame.Rect | None = None) -> None:
        """Draw the scenes shown; within ``area`` alone (clipped) when only that area can
        have changed: what is drawn there is what a whole redraw would draw."""
        self.screen.set_clip(area)
        for scene in self.stack.visible():
            scene.draw(self.screen)
        if self.save_problem is not None and self.session is not None:
            self._unsaved_badge()
        self._notice_badge()
        self.screen.set_clip(None)
        pygame.display.flip()
        self.draws += 1

    def _unsaved_badge(self) -> None:
        """While saves fail, a badge in the top corner says so on every screen of the
        game (the banner at the table shows once; this stays)."""
        size = max(12, self.size[1] // 50)
        image = theme.text("\u26a0 " + _("Not saved"), size, theme.TEXT, True)
        box = image.get_rect().inflate(18, 8)
        box.topright = (self.size[0] - 10, 8)
        geo = None if self.table is None else self.table.table_layout()
        side = None if geo is None else geo.info  # the side column's top
        if side is not None:
            box.topright = (side.x - max(6, side.y), side.y)  # beside it, never over it
        theme.panel(self.screen, box, theme.BAD, alpha=230, radius=8)
        self.screen.blit(image, image.get_rect(center=box.center))

    def apply_looks(self) -> None:
        """The table cloth and card backs the settings ask for."""
        theme.set_table_colour(self.settings.table_colour)
        cardart.set_back(self.settings.card_back)
        self.invalidate()

    def invalidate(self) -> None:
        """Redraw at the next frame (after the window was resized or re-made)."""
        self._drawn_key = None

    def shutdown(self) -> None:
        self.save(wait=True)
        self.recorder.leave(self.session)
        self.recorder.close()
        self.sounds.close()
        self.speaker.close()
        self.autosaver.close()
        self.worker.shutdown()
        self.reviews.stop_all()
        pygame.display.quit()

    # --- games -------------------------------------------------------------------------

    def new_game(self, game_id: str, opponents: int, level: str | Sequence[str],
                 deal: int | None = None, autoplay: str | None = None,
                 options: OptionsInstance | None = None) -> None:
        """Deal a new game (``options``: house rules, from a deal code) with AI seats at
        ``level`` (one for all, or one per seat clockwise); ``autoplay`` lets an AI of
        that level play the person's hand."""
        variant = get_variant(game_id)
        seats = opponents + 1
        variant(options).check_seats(seats)
        seed = deal if deal is not None else random.SystemRandom().randrange(1, 10**9)
        game, events = Game.new(game_id, seats, seed, options)
        levels = [level] * opponents if isinstance(level, str) else list(level)
        self.settings = Settings(**{**self.settings.__dict__, "ai_level": levels[0],
                                    "seat_levels": ",".join(levels), "opponents": opponents,
                                    "last_game": game_id})
        unsaved = self.settings_file.save(self.settings)
        self.start_session(game, default_seats(opponents, levels), start_events=events,
                           autoplay=autoplay)
        if unsaved and self.session is not None:
            self.session.log.append(unsaved)

    def start_session(self, game: SomeGame, seats: list[SeatInfo], saved: SavedGame | None = None,
                      start_events: tuple[Event, ...] = (), autoplay: str | None = None) -> None:
        if self.session is not None:
            self.session.restart_thinking()
        if game.game_id != self._slot_game:
            self._slot_game = game.game_id
            self.autosaver.retarget(self.save_path)
            self.save_problem = None
        self.session = Session(game, seats, worker=self.worker,
                               think_seconds=self.settings.think_seconds if self.animations
                               else 0.0, clock=lambda: self.now, on_change=self._changed,
                               hand_order=list(saved.ui.hand_order) if saved else None,
                               autoplay=autoplay,
                               bot_secret=saved.bot_secret if saved else None)
        self.session.call_seconds = self.call_seconds()
        self.session.ask_always = self.settings.ask_every_call
        self.session.note(start_events)
        self.recorder.begin(self.session, resumed=saved is not None)
        table = self.table = table_for(game.game_id).scene(self, self.session)
        self.stack.reset(table)
        if saved is not None:
            table.restore_ui(saved.ui)
            self.session.log.add(lambda: _("Game resumed where you left it."))
        elif self.coach and autoplay is None:
            self._first_game_tour(game.game_id)
        self.save()

    def _first_game_tour(self, game_id: str) -> None:
        """The first time a person plays this game, the coach walks them round the table."""
        seen = [g for g in self.settings.coached.split(",") if g]
        if game_id in seen or self.table is None:
            return
        self.settings = Settings(**{**self.settings.__dict__,
                                    "coached": ",".join([*seen, game_id])})
        self.settings_file.save(self.settings)
        self.show_tour(first=True)

    def show_tour(self, first: bool = False) -> None:
        """The first-game tour over the table (also from the rules page)."""
        from .scenes.coach import CoachScene

        if self.table is not None:
            self.stack.push(CoachScene(self, self.table, self.table.coach_steps(), first))

    @property
    def save_path(self) -> Path:
        """The autosave of the game on the table (or of the last game played)."""
        return self.slots.path(self._slot_game)

    @property
    def save_blocked(self) -> bool:
        """The game's slot holds a damaged file its folder cannot lose: never saved over."""
        return self.slots.slots[self._slot_game].blocked

    def saved_games(self) -> list[Slot]:
        """The games that can be continued, the most recently played first."""
        return self.slots.saved()

    def saved_summary(self, game_id: str) -> SaveSummary | None:
        """The game of this kind in progress, in words, if there is one to lose."""
        slot = self.slots.slots[game_id]
        return slot.summary if slot in self.slots.saved() else None

    def resume(self, game_id: str | None = None) -> bool:
        """Continue a saved game (the most recent by default); False (with a menu
        message) if it cannot be used."""
        if game_id is None:
            slots = self.slots.saved()
            if not slots:
                return False
            game_id = slots[0].game_id
        slot = self.slots.slots[game_id]
        if slot.blocked:
            return False
        result = load_autosave(slot.path)
        slot.blocked = result.kept
        if result.saved is None:
            slot.summary = None
            self.menu_message, self.menu_good = result.message, False
            return False
        if not playable(result.saved.game.game_id):
            self.menu_good = False
            self.menu_message = _("Your saved {game} game needs a newer version of "
                                  "cardtable to be played at the table.").format(
                game=text(result.saved.game.variant.title))
            return False
        self.start_session(result.saved.game, result.saved.seats, result.saved)
        return True

    def has_save(self) -> bool:
        return bool(self.slots.saved())

    def _changed(self, session: SomeSession) -> None:
        self.recorder.changed(session)   # a game's end reaches the history first
        self.save()

    def save(self, wait: bool = False) -> bool:
        """Autosave the game in progress. The write happens on the autosave thread (an
        fsync never stalls a frame); with ``wait``, block until it is on disk. Returns
        False when the game is known not to be saved. A finished game is set aside, so
        the menu no longer offers to continue it. A failure is shown at the table once
        (until a save works again), never hidden."""
        session = self.session
        if session is None:
            return True
        if session.game.over:
            self.forget_save()
            return True
        if self.save_blocked:
            return self._save_failed(_("the damaged save it would replace is kept untouched"))
        ui = self.table.ui_state() if self.table is not None else TableUI()
        self.autosaver.request(session.game, session.seats, ui, session.bot_secret)
        if wait:
            self._save_result(self.autosaver.flush())
        return self.save_problem is None

    def _check_saves(self) -> None:
        """Once a frame: take in the result of writes finished since (cheap)."""
        finished = self.autosaver.finished
        if finished != self._saves_seen:
            self._saves_seen = finished
            self._save_result(self.autosaver.error)

    def _save_result(self, error: str | None) -> None:
        if error is None:
            self.save_problem = None
        else:
            self._save_failed(error)

    def _save_failed(self, reason: str) -> bool:
        first = self.save_problem is None
        self.save_problem = reason
        if first and self.table is not None:
            said = _("Your game is NOT being saved: {reason}.").format(reason=reason)
            self.table.say(said, seconds=SAVE_WARNING_SECONDS)
            if self.session is not None:
                self.session.log.append(said)
        return False

    def forget_save(self) -> None:
        if self.save_blocked:
            return
        self.autosaver.flush()  # a write still queued would bring the file back
        self.slots.slots[self._slot_game].summary = None
        try:
            if self.save_path.exists():
                session = self.session
                if session is not None and session.game.over:   # the end too: if its
                    # result is not written yet when cardtable is stopped, the history
                    # finds it there at the next start
                    ui = self.table.ui_state() if self.table is not None else TableUI()
                    self.autosaver.request(session.game, session.seats, ui,
                                           session.bot_secret)
                    self.autosaver.flush()
                os.replace(self.save_path, self.save_path.with_name(FINISHED))
        except OSError as error:
            log.warning("could not set the finished game aside: %s", error)

    def to_menu(self, message: str | None = None, good: bool = False) -> None:
        if not self.save(wait=True) and message is None:
            message = _("Your game could not be saved: {reason}.").format(reason=self.save_problem)
        if self.session is not None:
            self.recorder.leave(self.session)
            self.session.restart_thinking()
            if not self.session.game.over:
                slot = self.slots.slots[self.session.game.game_id]
                slot.summary = summarize(self.session.game, self.session.human)
                slot.mtime = time.time()
        self.session = None
        self.table = None
        self.speaker.clear()  # the game's news still waiting is no one's news now
        release_game()  # what only the game drew goes with it (tens of MiB)
        self.menu_message = message
        self.menu_good = good and message is not None and self.save_problem is None
        from .scenes.menu import MenuScene

        self.stack.reset(MenuScene(self))

    def push(self, scene: Scene) -> None:
        self.stack.push(scene)


ARROWS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)


def _set_icon() -> None:
    """The window's icon (the desktop's own, drawn by packaging/make_icons.py)."""
    try:
        pygame.display.set_icon(pygame.image.load(str(asset_path("icon.png"))))
    except (pygame.error, OSError, FileNotFoundError) as error:
        log.info("no window icon: %s", error)


def _open_display() -> None:
    """Start SDL's video. With no screen SDL quietly falls back to an invisible window,
    which a person would take for a hang: refuse unless that driver was asked for. On
    Linux with no display named at all, refuse before SDL starts (and prints its own
    complaints)."""
    if sys.platform.startswith("linux") and not os.environ.get("SDL_VIDEODRIVER") and \
            not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        raise NoDisplayError(_("cannot open a window: no display was found "
                               "(is DISPLAY or WAYLAND_DISPLAY set?)"))
    try:
        pygame.display.init()
    except pygame.error as error:
        raise NoDisplayError(_("cannot open a window: {problem}").format(problem=error)) from None
    driver = pygame.display.get_driver()
    if driver in HEADLESS_DRIVERS and os.environ.get("SDL_VIDEODRIVER") != driver:
        pygame.display.quit()
        raise NoDisplayError(_("cannot open a window: no display was found "
                               "(is DISPLAY or WAYLAND_DISPLAY set?)"))


def _desktop() -> tuple[int, int] | None:
    try:
        desktops = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return desktops[0] if desktops else None


def fit_screen(size: tuple[int, int]) -> tuple[int, int]:
    """The window size from the settings, no bigger than the screen it opens on."""
    desktop = _desktop()
    if desktop is None:
        return size
    width, height = desktop
    return (min(size[0], max(MIN_SIZE[0], width)), min(size[1], max(MIN_SIZE[1], height)))


FIRST_SHARE = 0.85
"""The share of a large screen a first window takes (3264×1836 on a 4K screen; the
table and the shell grow with it)."""


def first_size() -> tuple[int, int]:
    """The window on a first start (no settings yet): most of the screen
    (``FIRST_SHARE``), at least 1280×800 where the screen has room for it and a taskbar
    and title bar (1366×768, 1024×640 … leave that room), never below the least size
    the table is laid out for."""
    desktop = _desktop()
    if desktop is None:
        return (1280, 800)
    width, height = desktop
    return (max(MIN_SIZE[0], min(width - 40, max(1280, int(width * FIRST_SHARE)))),
            max(MIN_SIZE[1], min(height - 80, max(800, int(height * FIRST_SHARE)))))


def main() -> int:
    """Open the window and play until the person quits."""
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    app: App | None = None
    stop_asked = False

    def stop(signum: int, frame: object) -> None:
        nonlocal stop_asked
        stop_asked = True
        if app is not None:
            app.running = False  # leave the loop; shutdown() saves the game

    # Before the window is made: it takes its home's lock while it starts, and a stop
    # asked from then on must still release it.
    signal.signal(signal.SIGTERM, stop)
    try:
        app = App(coach=True)
    except NoDisplayError as error:
        print(_("cardtable: error: {problem}").format(problem=error), file=sys.stderr)
        return 1
    if stop_asked:
        app.running = False
    app.run()
    return 0


def self_test() -> int:
    """Check an install end to end (``cardtable --self-test``): open the window, reach the
    menu, deal a game and let the AI play a few moves, then quit cleanly. Prints how
    long the menu took; exit 0 when all went well. It plays in a folder of its own, so
    the player's saves, history and settings are never touched."""
    import tempfile

    before = os.environ.get("CARDTABLE_HOME")
    with tempfile.TemporaryDirectory(prefix="cardtable-self-test-") as home:
        os.environ["CARDTABLE_HOME"] = home
        try:
            return _self_test()
        finally:
            if before is None:
                os.environ.pop("CARDTABLE_HOME", None)
            else:
                os.environ["CARDTABLE_HOME"] = before


def _self_test() -> int:
    started = time.perf_counter()
    try:
        app = App(animations=False)
    except NoDisplayError as error:
        print(_("cardtable: error: {problem}").format(problem=error), file=sys.stderr)
        return 1
    app.frame()
    menu = time.perf_counter() - started
    first = next(info for info in catalog() if playable(info.id))  # the menu's first game
    app.new_game(first.id, first.seat_counts.start, "normal", 1, autoplay="normal")
    for _frame in range(600):
        app.frame()
        if app.session is not None and len(app.session.game.history) >= 6:
            break
    moves = len(app.session.game.history) if app.session is not None else 0
    app.shutdown()
    if moves < 6:
        print(ngettext("cardtable: self-test failed: only {count} move played",
                       "cardtable: self-test failed: only {count} moves played",
                       moves).format(count=moves), file=sys.stderr)
        return 1
    print(_("cardtable self-test ok: menu in {seconds} s, {moves} moves played").format(
        seconds=f"{menu:.2f}", moves=moves))
    return 0
