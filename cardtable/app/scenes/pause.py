"""Esc at the table: resume, read the rules, or save and go back to the menu."""

from __future__ import annotations

import pygame

from .. import theme
from ..widgets import Button
from .common import ConfirmScene, FormScene, dim


class PauseScene(FormScene):
    overlay = True
    title = "Paused"

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        rects = self.column(3)
        leave = "Save and quit to menu" if self.app.save_problem is None \
            else "Quit to menu (not saved)"
        self.set_widgets([Button(rects[0], "Resume", self.back, primary=True),
                          Button(rects[1], "Rules", self.rules),
                          Button(rects[2], leave, self.quit)])

    def rules(self) -> None:
        from .rules import RulesScene

        session = self.app.session
        self.app.push(RulesScene(self.app, session.game.game_id if session else None))

    def quit(self) -> None:
        """Leave for the menu, saying truly whether the game was saved. When it cannot
        be, ask first: leaving then loses it."""
        if self.app.save(wait=True):
            self.app.to_menu("Your game is saved: Continue picks it up where you left it.")
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
        self.ring.draw(surface)
