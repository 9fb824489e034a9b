"""Esc at the table: resume, change the settings, see the score sheet (games played in
rounds), read the rules, or save and go back to the menu."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..tables import table_for
from ..widgets import Button
from .common import ConfirmScene, FormScene, dim

if TYPE_CHECKING:
    from ...engine import GameView
    from ..app import App
    from ..tables import GameTable


class PauseScene(FormScene):
    overlay = True
    title = "Paused"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.away = False
        """Settings were opened from here: coming back, the table is laid out again (the
        card size may have changed)."""

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        leave = "Save and quit to menu" if self.app.save_problem is None \
            else "Quit to menu (not saved)"
        entries = [("Resume", self.back), ("Settings", self.settings)]
        desc = self._description()
        if desc is not None and desc.has_score_sheet:
            entries.append(("Score sheet", self.scores))
        entries += [("Rules", self.rules), (leave, self.quit)]
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
            self.app.to_menu("Your game is saved: Continue picks it up where you left it.",
                             good=True)
        else:
            self.app.stack.replace(ConfirmScene(
                self.app, f"Your game could not be saved: {self.app.save_problem}. "
                "If you leave now, it is lost.",
                [("Stay at the table", self.back_to_table), ("Leave without saving",
                                                             self.leave_unsaved)]))

    def back_to_table(self) -> None:
        self.app.stack.pop()  # the question (it took this pause's place)

    def leave_unsaved(self) -> None:
        self.app.to_menu(f"Your game was not saved: {self.app.save_problem}.")

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        w, h = surface.get_size()
        box = self.ring.widgets[0].rect.unionall([x.rect for x in self.ring.widgets])
        theme.panel(surface, box.inflate(80, 140).move(0, -20), theme.PANEL_EDGE, alpha=220)
        theme.blit_text(surface, "Paused", max(24, h // 18), (w // 2, box.y - 50), theme.GOLD,
                        True, anchor="center")
        if self.app.session is not None:
            theme.deal_line(surface, self.app.session.deal_code, (w // 2, box.bottom + 40),
                            anchor="midbottom")
        self.ring.draw(surface)


class ScoreSheetScene(FormScene):
    """The score sheet so far, from the pause menu: players down, rounds across, the
    totals at the right. Esc or Back returns to the pause menu."""

    title = "Score sheet"

    def __init__(self, app: App, view: GameView, names: Sequence[str], human: int,
                 desc: GameTable[GameView]) -> None:
        super().__init__(app)
        self.view, self.names, self.human, self.desc = view, list(names), human, desc

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        self.set_widgets([Button(pygame.Rect(w // 2 - 150, h - 70, 300, 50), "Back",
                                 self.back, primary=True)])

    def sheet_rect(self) -> pygame.Rect:
        w, h = self.size
        top = int(h * 0.2) + max(14, h // 40) + 14
        height = min(h - 90 - top, (len(self.names) + 1) * max(34, h // 18) + 16)
        return pygame.Rect(int(w * 0.08), top, int(w * 0.84), height)

    def draw(self, surface: pygame.Surface) -> None:
        from .summary import score_sheet

        self.draw_background(surface)
        w, h = surface.get_size()
        view, desc = self.view, self.desc
        size = max(14, h // 40)
        theme.blit_text(surface, desc.headline(view), size, (w // 2, int(h * 0.2)),
                        theme.TEXT_DIM, anchor="midtop")
        box = self.sheet_rect()
        rounds = desc.rounds_played(view)
        score_sheet(surface, box, self.names, rounds, lambda r, s: desc.sheet_cell(view, r, s),
                    [desc.total_cell(view, s) for s in range(len(self.names))], self.human)
        if self.app.session is not None:
            theme.deal_line(surface, self.app.session.deal_code, (w - 14, 10),
                            anchor="topright")
        if not rounds:
            theme.blit_text(surface, "No round has been scored yet.", size,
                            (w // 2, box.bottom + 14), theme.TEXT_DIM, anchor="midtop")
        self.ring.draw(surface)
