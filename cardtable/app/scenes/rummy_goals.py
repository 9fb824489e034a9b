"""The goal the person builds towards, for games whose description keeps a sheet of
goals (Monastery's nine missions): the one chosen (the sheet's boxes and M pick it),
and each opponent's sheet one click away. A game without goals has no sheet
(``TableDescription.progress`` is None): every call here then does nothing.

A helper the rummy table holds (one job: the goal sheet); it never draws.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .table import TableScene


class Goals:
    """The goal chosen, and the sheets."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.chosen: int | None = None
        """The goal the person picked on the sheet (Monastery: the mission to build)."""

    def choose(self, number: int) -> None:
        self.chosen = number

    def next(self) -> None:
        """M: build towards the next open goal (the sheet's boxes pick too)."""
        table = self.table
        progress = table.desc.progress(table.view, table.session.human)
        if progress is None:
            return
        open_goals = [n + 1 for n, done in enumerate(progress) if not done]
        if not open_goals:
            return
        current = table.desc.focus(table.view, self.chosen)
        later = [n for n in open_goals if current is None or n > current]
        self.chosen = (later or open_goals)[0]

    def open(self, seat: int) -> None:
        """An opponent's goal sheet, each goal done or open."""
        from .goal_sheet import GoalSheetScene

        table = self.table
        progress = table.desc.progress(table.view, seat)
        if progress is not None:
            table.app.push(GoalSheetScene(table.app, table.session.names[seat],
                                          table.desc.score_word,
                                          table.desc.progress_names(table.view), progress))
