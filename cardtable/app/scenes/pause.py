"""Esc at the table: resume, change the settings, see the score sheet (games played in
rounds), read the rules, or save and go back to the menu."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from ...i18n import N_, _, text
from .. import theme
from ..clipboard import copy_deal_code
from ..form_model import label_elements, panel_element, widget_elements
from ..model import Box, Element, ScreenModel, model_of
from ..tables import table_for
from ..widgets import Button
from .common import ConfirmScene, FormScene, dim, is_copy, said_label

if TYPE_CHECKING:
    from ...engine import GameView
    from ..app import App
    from ..tables import GameTable


class PauseScene(FormScene):
    overlay = True
    title = N_("Paused")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.away = False
        """Settings were opened from here: coming back, the table is laid out again (the
        card size may have changed)."""
        self.said: tuple[str, bool] | None = None
        """What copying the deal code said (shown where the code was)."""

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        leave = _("Save and quit to menu") if self.app.save_problem is None \
            else _("Quit to menu (not saved)")
        entries = [(_("Resume"), self.back), (_("Settings"), self.settings)]
        desc = self._description()
        if desc is not None and desc.has_score_sheet:
            entries.append((_("Score sheet"), self.scores))
        entries.append((_("Rules"), self.rules))
        if self.app.session is not None and self.app.session.deal_code:
            entries.append((_("Copy deal code"), self.copy))
        entries.append((leave, self.quit))
        rects = self.column(len(entries))
        self.set_widgets([Button(rect, label, action, primary=index == 0)
                          for index, (rect, (label, action)) in enumerate(zip(rects, entries))])

    def _description(self) -> GameTable[GameView] | None:
        session = self.app.session
        return table_for(session.game.game_id).description if session is not None else None

    def enter(self) -> None:
        if self.away:
            self.away = False
            self.app.relayout()

    def copy(self) -> None:
        """Put the deal's code on the clipboard (to play it again, or send it)."""
        session = self.app.session
        self.said = copy_deal_code(session.deal_code if session is not None else None)

    def handle(self, event: pygame.event.Event) -> None:
        if is_copy(event):
            self.copy()
            return
        super().handle(event)

    def settings(self) -> None:
        from .settings import SettingsScene

        self.away = True
        self.app.push(SettingsScene(self.app))

    def scores(self) -> None:
        table, session, desc = self.app.table, self.app.session, self._description()
        if table is not None and session is not None and desc is not None:
            self.app.push(ScoreSheetScene(self.app, table.view, session.names, session.human,
                                          desc))

    def rules(self) -> None:
        from .rules import RulesScene

        session = self.app.session
        self.app.push(RulesScene(self.app, session.game.game_id if session else None))

    def quit(self) -> None:
        """Leave for the menu, saying truly whether the game was saved. When it cannot
        be, ask first: leaving then loses it."""
        if self.app.save(wait=True):
            self.app.to_menu(_("Your game is saved: Continue picks it up where you left it."),
                             good=True)
        else:
            self.app.stack.replace(ConfirmScene(
                self.app, _("Your game could not be saved: {reason}. If you leave now, it is "
                            "lost.").format(reason=text(self.app.save_problem or "")),
                [(_("Stay at the table"), self.back_to_table), (_("Leave without saving"),
                                                                self.leave_unsaved)]))

    def back_to_table(self) -> None:
        self.app.stack.pop()  # the question (it took this pause's place)

    def leave_unsaved(self) -> None:
        self.app.to_menu(_("Your game was not saved: {reason}.").format(
            reason=text(self.app.save_problem or "")))

    def _title(self) -> theme.Label:
        """"Paused" over the buttons, clear of them at any size (its type grows with the
        window: at 4K it is 140 pixels high)."""
        w, h = self.size
        box = self._buttons()
        return theme.Label(self.heading(), max(24, h // 18), (w // 2, box.y - self._g(16)),
                           theme.GOLD, True, "midbottom")

    def _g(self, length: int) -> int:
        return theme.grown(length, self.size)

    def _buttons(self) -> pygame.Rect:
        return self.ring.widgets[0].rect.unionall([x.rect for x in self.ring.widgets])

    def _panel(self) -> pygame.Rect:
        box, g = self._buttons(), self._g
        top = min(box.y - g(90), self._title().rect().top - g(20))
        return pygame.Rect(box.x - g(40), top, box.width + g(80), box.bottom + g(50) - top)

    def labels(self) -> list[tuple[str, theme.Label]]:
        """The title, and under the buttons the deal line, or what copying its code said."""
        w, h = self.size
        foot = (w // 2, self._buttons().bottom + self._g(40))
        out = [("title", self._title())]
        if self.said is not None:
            return out + [("deal", said_label(self.said, self.size, foot, "midbottom"))]
        session = self.app.session
        deal = None if session is None else \
            theme.deal_label(session.deal_code, h, foot, "midbottom")
        return out + ([("deal", deal)] if deal is not None else [])

    def model(self) -> ScreenModel:
        panel = panel_element("pause", self.heading(), self._panel())
        return model_of([panel, *label_elements(self.labels(), Box.of(self._panel()),
                                                panel.id),
                         *widget_elements(self.ring.widgets)])

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        theme.panel(surface, self._panel(), theme.PANEL_EDGE, alpha=220)
        for _key, label in self.labels():
            label.draw(surface)
        self.ring.draw(surface)


class ScoreSheetScene(FormScene):
    """The score sheet so far, from the pause menu: players down, rounds across, the
    totals at the right. Esc or Back returns to the pause menu."""

    title = N_("Score sheet")

    def __init__(self, app: App, view: GameView, names: Sequence[str], human: int,
                 desc: GameTable[GameView]) -> None:
        super().__init__(app)
        self.view, self.names, self.human, self.desc = view, list(names), human, desc

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        g = theme.grown
        self.set_widgets([Button(pygame.Rect(w // 2 - g(150, size), h - g(70, size),
                                             g(300, size), g(50, size)), _("Back"),
                                 self.back, primary=True)])

    def sheet_rect(self) -> pygame.Rect:
        w, h = self.size
        top = int(h * 0.2) + max(14, h // 40) + 14
        height = min(h - theme.grown(90, self.size) - top,
                     (len(self.names) + 1) * max(34, h // 18) + 16)
        return pygame.Rect(int(w * 0.08), top, int(w * 0.84), height)

    def labels(self) -> list[tuple[str, theme.Label]]:
        w, h = self.size
        size = max(14, h // 40)
        out = [*super().labels(),
               ("headline", theme.Label(text(self.desc.headline(self.view)), size,
                                        (w // 2, int(h * 0.2)), theme.TEXT_DIM,
                                        anchor="midtop"))]
        if self.app.session is not None:
            deal = theme.deal_label(self.app.session.deal_code, h, (w - 14, 10), "topright")
            out += [("deal", deal)] if deal is not None else []
        if not self.desc.rounds_played(self.view):
            out.append(("none", theme.Label(_("No round has been scored yet."), size,
                                            (w // 2, self.sheet_rect().bottom + 14),
                                            theme.TEXT_DIM, anchor="midtop")))
        return out

    def _sheet(self) -> tuple[int, Callable[[int, int], str], list[str]]:
        view, desc = self.view, self.desc
        return (desc.rounds_played(view), lambda r, s: desc.sheet_cell(view, r, s),
                [desc.total_cell(view, s) for s in range(len(self.names))])

    def parts(self) -> list[Element]:
        from .summary import sheet_elements

        return sheet_elements("sheet", self.sheet_rect(), self.size, self.names, *self._sheet())

    def draw(self, surface: pygame.Surface) -> None:
        from .summary import score_sheet

        self.draw_background(surface)
        rounds, cell, totals = self._sheet()
        score_sheet(surface, self.sheet_rect(), self.names, rounds, cell, totals, self.human)
        self.ring.draw(surface)
