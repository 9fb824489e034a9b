"""The table's hints and "why?": H asks for the move the Normal player would make for
the person; a click on an AI seat, or on a line of the move log, asks why that move
was made. Each is worked out off the drawing thread (``hints.Job``) and said once done.

A helper the table holds (one job: hints and reasons); it reads the table through the
few things it needs, and never draws.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action, GameView
from ...i18n import _, text
from ..hints import Job, hint_job, why_job
from .table_panels import log_entry_at

if TYPE_CHECKING:
    from .table_core import TableCore

LONG_SECONDS = 8.0
"""How long a hint or a reason stays up: long enough to read a sentence twice."""


class HintDesk:
    """Hints asked for, and reasons for AI moves, on their way and once done."""

    def __init__(self, table: TableCore[GameView]) -> None:
        self.table = table
        self.job: Job[tuple[Action, str]] | None = None
        self.waiting = False
        """H was pressed while the game already waited for the person but the table was
        still playing out the last moves: the hint comes once it has caught up."""
        self.why_job: tuple[int, Job[str]] | None = None
        self.why_back = (0, 0)
        """Enter on the log: (the latest AI move's last line, how many moves back the
        next Enter goes)."""
        self.taken = 0

    def ask(self) -> None:
        """H: the move the Normal player would make for you, and why; its cards are
        picked out."""
        table = self.table
        if not table._my_turn():
            if table.session.human_to_move:  # the table is still catching up with the game
                self.waiting = True
                return
            table.say(_("A hint is for your move: it is not your turn yet."), seconds=2.5)
            return
        self.waiting = False
        if self.job is not None and not self.job.done:
            return
        self.job = hint_job(table.view, len(table.session.game.history))
        self.taken += 1
        table.app.recorder.hinted()

    def tick(self) -> None:
        """Each frame: a hint waiting for the table to catch up is asked for, and what
        is done is said."""
        table = self.table
        if self.waiting and table._my_turn():
            self.ask()
        elif self.waiting and not table.session.human_to_move:
            self.waiting = False  # the moment passed (a call window closed)
        self._collect()

    def why(self, seat: int) -> None:
        """Clicking an AI seat: why it made its last move (from the view it had)."""
        table = self.table
        last = table.session.last_moves.get(seat)
        if last is None:
            table.say(_("{name} has not moved yet.").format(name=table.session.names[seat]))
            return
        self.why_job = (seat, why_job(table.view, *last))

    def why_earlier(self) -> None:
        """Enter on the move log: why the latest AI move the table has shown was made;
        each Enter again goes one AI move further back (a new move starts from the
        latest again)."""
        table = self.table
        shown = min(table.session.log.total, table.log_shown)
        moves = [move for move in table.session.ai_moves if move.last_line <= shown]
        if not moves:
            table.say(_("No AI player has moved yet this game."), seconds=2.5)
            return
        latest = moves[-1].last_line
        if self.why_back[0] != latest:
            self.why_back = (latest, 0)
        back = self.why_back[1] % len(moves)
        move = moves[-1 - back]
        self.why_back = (latest, back + 1)
        self.why_job = (move.seat, why_job(table.view, move.view, move.action))

    def why_line(self, pos: tuple[int, int]) -> bool:
        """A click on the move log: why the AI move that wrote the line clicked was made
        (any move the log still shows). False when the click is not on the log."""
        table = self.table
        box = table.log_rect()
        if box is None or not box.collidepoint(pos):
            return False
        index = log_entry_at(box, table.visible_log(), table.app.size[1], table.log_scroll,
                             pos)
        move = None if index is None else \
            table.session.move_at_line(table.session.line_number(index))
        if move is None:
            table.say(_("Click the line of an AI player's move to see why it made it."),
                      seconds=2.5)
        else:
            self.why_job = (move.seat, why_job(table.view, move.view, move.action))
        return True

    def _collect(self) -> None:
        table = self.table
        if self.why_job is not None and self.why_job[1].done:
            seat, done = self.why_job
            self.why_job = None
            if done.result:
                # Translators: {reason} is the AI's own explanation of its move.
                table.say(_("Why {name} did that: {reason}").format(
                    name=table.session.names[seat], reason=text(done.result)),
                    seconds=LONG_SECONDS)
        job = self.job
        if job is None or not job.done:
            return
        self.job = None
        if job.view is not table.view:
            return  # the game moved on while it was worked out
        if job.result is None:
            table.say(_("No hint this time."))
            return
        action, reason = job.result
        table._show_hint(action)
        # Translators: {reason} is the hinted move and why, worded by the AI.
        table.say(_("Hint: {reason}").format(reason=text(reason)), good=True,
                  seconds=LONG_SECONDS)
