"""The question the rummy table puts to the person: a game's out-of-turn call (May I,
buy, Shanghai!, from the game's description) or the table's own (where a freed wild
goes); its answer buttons, placed clear of the hand and the card asked about
(``rummy_question``); and the answer, by button, number, Y or N.

A helper the table holds (one job: the question); it asks the game's description
what to ask and how each answer reads, and never draws.
"""

from __future__ import annotations

import math
from functools import partial
from typing import TYPE_CHECKING

import pygame

from ...engine import Action
from ...i18n import _, text
from .. import theme
from ..model import Box, Text
from ..rummy_model import QuestionSpot
from ..widgets import Button
from . import rummy_question

if TYPE_CHECKING:
    from .table import TableScene

Question = tuple[str, list[tuple[str, Action | None]]]
"""A question's text and its answers: each a label and the action it plays (None:
nothing, as Cancel)."""


def _rendered(question: Question | None) -> Question | None:
    """A game's question in the player's language (its words may be the engine's)."""
    if question is None:
        return None
    return text(question[0]), [(text(label), action) for label, action in question[1]]


class Asking:
    """The open question, its buttons and the answer."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.question: Question | None = None
        self.keys: list[str] = []
        """The key that gives each answer, as its button shows it."""
        self.choice: Question | None = None
        """A question the table itself asks (where a freed wild goes), before any action."""
        self.buttons: list[Button] = []
        self.shift = 0
        """How far the question panel sits below (or above) its usual place."""

    def refresh(self) -> None:
        """The question now, with buttons, placed clear of the hand, the card asked
        about, the piles' labels and the melds."""
        table = self.table
        desc, view, session = table.desc, table.view, table.session
        if self.choice is not None and not table._my_discard_phase():
            self.choice = None
        question = self.choice
        if question is None and not (table.animator.busy or session.shown):
            question = _rendered(desc.calls(view, session.names, session.human,
                                            session.ask_always))
        if question == self.question:
            return
        self.question = question
        self.buttons, self.keys = [], []
        if question is None:
            return
        answers = question[1]
        geo = table.geo
        rects = rummy_question.answer_rects(geo, [label for label, _ in answers])
        placed = rummy_question.place(geo, self.text(), rects, rummy_question.must_clear(geo),
                                      rummy_question.rather_clear(geo, view, session.human,
                                                                  desc.rules(view)),
                                      tuple(label for label, _ in answers))
        self.shift = placed[0].y - rects[0].y
        yes_no = len(answers) == 2 and sum(desc.declines(view, a) for _, a in answers) == 1
        height = rects[0].height
        keys = self.keys = [("N" if desc.declines(view, action) else "Y") if yes_no
                            else str(i + 1) for i, (_, action) in enumerate(answers)]
        self.buttons = [
            Button(rect, f"{label}  [{key}]", partial(self.answer, i), primary=i == 0,
                   size=rummy_question.answer_size(geo, height))
            for i, (rect, (label, _), key) in enumerate(zip(placed, answers, keys))]

    def text(self) -> str:
        """The open question, with the countdown to passing by itself when it runs."""
        if self.question is None:
            return ""
        session = self.table.session
        left = session.call_seconds_left()
        timed = session.timed_answer()
        if left is None:
            return self.question[0]
        answer = _(timed[1]) if timed is not None else _("passing")
        # Translators: what the question's timer answers by itself ("passing", "letting
        # it go") and in how many seconds: "(passing in 5 s)".
        return self.question[0] + "\n" + _("({answer} in {seconds} s)").format(
            answer=answer, seconds=math.ceil(left))

    def frame(self) -> pygame.Rect:
        """The question's whole panel (its text and its answers), as drawn."""
        geo = self.table.geo
        buttons = self.buttons[0].rect.unionall([b.rect for b in self.buttons])
        frame = rummy_question.question_panel(geo, self.text(), buttons)[0]
        return frame.clamp(geo.play) if geo.play.contains(buttons) else \
            frame.clamp(pygame.Rect(0, 0, geo.width, geo.height))

    def spot(self) -> QuestionSpot | None:
        """The question as the screen model shows it."""
        if self.question is None or not self.buttons:
            return None
        return QuestionSpot(self.text(), Box.of(self.frame()),
                            tuple((b.label, Box.of(b.rect), b.label_size())
                                  for b in self.buttons),
                            self.lines(), modal=self.question is self.choice)

    def lines(self) -> tuple[Text, ...]:
        """The question's text as drawn: each line centred over the answers."""
        buttons = self.buttons[0].rect.unionall([b.rect for b in self.buttons])
        _, box, lines, size = rummy_question.question_panel(self.table.geo, self.text(),
                                                            buttons)
        line_h = theme.font(size, True).get_linesize()
        return tuple(Text(line, size, Box(box.x + 15, box.y + 5 + index * line_h,
                                          box.width - 30, line_h), bold=True)
                     for index, line in enumerate(lines))

    def answer(self, index: int) -> None:
        question = self.question
        if question is None or index >= len(question[1]):
            return
        action = question[1][index][1]
        chosen = question is self.choice
        if chosen:
            self.choice = None
        if action is not None:
            self.table.play(action, dropped=chosen)

    def yes_no(self, yes: bool) -> None:
        """Y calls or takes, N passes or declines, in every question (the answer the
        game marks as declining is N's; the first other one is Y's)."""
        if self.question is None:
            return
        for index, (_label, action) in enumerate(self.question[1]):
            if self.table.desc.declines(self.table.view, action) != yes:
                self.answer(index)
                return

    def cancel(self) -> bool:
        """Esc closes the table's own question; whether one was open."""
        asked, self.choice = self.choice is not None, None
        return asked
