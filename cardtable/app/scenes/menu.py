"""The main menu: Continue (naming the saved game and its round), New game, Statistics,
Rules, Settings, Quit."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from ... import __version__
from ...i18n import _, text
from .. import theme
from ..form_model import panel_element, wrapped_element
from ..model import Element
from ..reasons import said_once
from ..widgets import Button
from .common import FormScene


class MenuScene(FormScene):
    title = "cardtable"

    def enter(self) -> None:
        self.layout(self.app.size)

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        entries: list[tuple[str, Callable[[], None], bool]] = []
        for index, slot in enumerate(self.app.saved_games()):
            label = _("Continue: {game}").format(game=text(slot.summary.label)) \
                if slot.summary else _("Continue")
            entries.append((label, partial(self.resume, slot.game_id), index == 0))
        entries += [(_("New game"), self.new_game, False),
                    (_("Statistics"), self.statistics, False),
                    (_("Rules"), self.rules, False), (_("Settings"), self.settings, False),
                    (_("Quit"), self.quit, False)]
        w, h = size
        rects = self.column(len(entries), max(34, min(theme.grown(64, size),
                                                      int(h * 0.62) // len(entries) * 3 // 4)))
        found = self.message_box()
        if found is not None and rects[-1].bottom > found[0].rect.top - 8:
            # Every game saved in a small window: the column closes up between the
            # subtitle and the message, so the message never covers Quit.
            top = int(h * 0.2)
            step = (found[0].rect.top - 8 - top) // len(entries)
            rects = [pygame.Rect(rect.x, top + i * step, rect.width, step * 4 // 5)
                     for i, rect in enumerate(rects)]
        self.set_widgets([Button(rect, label, action, primary=primary)
                          for rect, (label, action, primary) in zip(rects, entries)])

    def resume(self, game_id: str) -> None:
        if not self.app.resume(game_id):
            self.layout(self.size)

    def new_game(self) -> None:
        from .setup import SetupScene

        self.app.push(SetupScene(self.app))

    def statistics(self) -> None:
        from .statistics import StatisticsScene

        self.app.push(StatisticsScene(self.app))

    def rules(self) -> None:
        from .rules import RulesScene

        self.app.push(RulesScene(self.app))

    def settings(self) -> None:
        from .settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def quit(self) -> None:
        self.app.running = False

    def back(self) -> None:
        """Esc on the menu does nothing: quitting is a button, not a slip of the finger."""

    def notice(self) -> tuple[str | None, bool]:
        """The menu's message, and whether it is good news. Games waiting to be written
        to the history, and a history that could not be opened yet, are said for as long
        as they are so (read each frame; a reason they share is said once)."""
        recorder = self.app.recorder
        waiting, unopened = recorder.waiting(), recorder.unopened()
        parts = [text(part) for part in (self.app.menu_message, unopened, waiting) if part]
        said = " ".join(said_once(parts))
        return said or None, self.app.menu_good and waiting is None and unopened is None

    def labels(self) -> list[tuple[str, theme.Label]]:
        w, h = self.size
        return [*super().labels(),
                ("subtitle", theme.Label(_("Five rummy and shedding games at one table"),
                                         max(14, h // 40),
                                         (w // 2, int(h * 0.1) + max(28, h // 14)),
                                         theme.TEXT_DIM, anchor="center")),
                ("version", theme.Label(_("cardtable {version}  \u00b7  MIT licence  "
                                          "\u00b7  DejaVu fonts (their free licence ships "
                                          "with them)").format(version=__version__),
                                        max(11, h // 60), (w - 12, h - 10),
                                        theme.TEXT_DIM, anchor="bottomright"))]

    def message_box(self) -> tuple[theme.MessageBox, bool] | None:
        message, good = self.notice()
        if not message:
            return None
        w, h = self.size
        return theme.MessageBox(message, max(14, h // 42), w, h - 40, pad=15), good

    def parts(self) -> list[Element]:
        found = self.message_box()
        if found is None:
            return []
        box = found[0]
        return [panel_element("message", _("Message"), box.rect),
                wrapped_element("message", box.content, box.size, box.text_rect(),
                                "panel/message")]

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        found = self.message_box()
        if found is not None:
            found[0].draw(surface, theme.GOOD if found[1] else theme.BAD)
