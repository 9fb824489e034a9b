"""Which lines of the move log a table shows, and how far it is scrolled back.

The log runs ahead of the table (a move is logged when applied, shown once played
out): the lines of moves still to be played out wait. A helper the table holds; it
draws nothing (``table_panels`` does).
"""

from __future__ import annotations

import pygame

from ..session import MoveLog
from .table_panels import LOG_STEP, log_page


class MoveLogView:
    """The table's view of the move log."""

    def __init__(self, log: MoveLog) -> None:
        self.log = log
        self.scroll = 0
        """How far the move log is scrolled back, in wrapped lines (0: the newest)."""
        self.seen = 0
        """The log as it was when scrolled back: a new line brings it to the bottom."""
        self.shown = log.total
        """How many of the log's lines (counted since the start) the table shows."""

    def tick(self, caught_up: bool) -> None:
        """Once the table has shown every applied move, every line may show; a new line
        brings a scrolled log back to the newest."""
        if caught_up:
            self.shown = self.log.total
        if self.scroll and self.shown != self.seen:
            self.scroll = 0

    def visible(self) -> list[str]:
        """The lines as far as the table has shown the game."""
        lines = list(self.log)
        waiting = self.log.total - self.shown
        return lines[:len(lines) - waiting] if waiting > 0 else lines

    def wheel(self, notches: int, flipped: bool, box: pygame.Rect, height: int,
              caught_up: bool) -> None:
        """The wheel over the log: up for earlier lines, down for newer."""
        if caught_up:
            self.shown = self.log.total
        page = log_page(box, self.visible(), height)
        step = -notches if flipped else notches
        self.scroll = max(0, min(page.limit, self.scroll + step * LOG_STEP))
        self.seen = self.shown
