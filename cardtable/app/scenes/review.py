"""The post-game review at the table (issue 39): the review runs in a worker process
(``review_job``) with a progress bar and Cancel while the window keeps drawing; its
result is the summary line, then the costliest decisions, most costly first, each a
button (a click or Enter jumps into the replay at that move); the one focused (or
under the pointer) is shown beside the list: the position as the replay draws it from
the person's seat, nothing hidden shown, what was played, what the review prefers, the
cost with its uncertainty and why.

A review is kept in the history by the game's key (on a thread: the history may be
locked; a write refused is said, and tried again, never called kept), so the game
opened again shows it at once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from ...ai.review import Judgement, Review
from ...engine.codec import JSONObject
from ...engine.replay import Replay
from ...i18n import N_, _, text
from ...review_job import Done, Failed, Progress, ReviewJob
from .. import theme
from ..background import BackgroundRead, Retry, Unread
from ..form_model import panel_element, wrapped_element
from ..history_db import GameRow, History
from ..history_reviews import keep_review
from ..model import Box, Element
from ..review_words import (
    cost_words,
    item_words,
    progress_words,
    summary_words,
    where_words,
)
from ..tables import playable, table_for
from ..widgets import Button, Widget
from .common import FormScene

if TYPE_CHECKING:
    from ..app import App

log = logging.getLogger(__name__)

SHOWN = 5
"""Costly decisions listed (the costliest first)."""
LEVELS = ("easy", "normal", "hard")
CANCELLED = Failed(N_("The review was cancelled."))


@dataclass(frozen=True)
class Reviewed:
    """The game a review is of: its history row (key, seats, levels, the person's
    seat), its record and the bots' level at each seat (for Hard in the seat)."""

    row: GameRow
    record: JSONObject
    levels: tuple[str, ...]

    @classmethod
    def of_row(cls, row: GameRow, record: JSONObject) -> Reviewed:
        level = row.level if row.level in LEVELS else "normal"
        return cls(row, record, tuple(level for _seat in range(row.seats)))


class ReviewScene(FormScene):
    """A game's review: running (progress and Cancel), or its result."""

    def __init__(self, app: App, game: Reviewed, review: Review | None = None,
                 note: str | None = None, budget: int | None = None,
                 on_review: Callable[[Review], None] | None = None) -> None:
        super().__init__(app)
        from ...engine import get_variant

        self.game, self.budget, self.on_review = game, budget, on_review
        variant = get_variant(game.row.game_id)
        self.title = _("Review: {game}").format(game=text(variant.short_title or variant.title))
        self.review = review
        self.job: ReviewJob | None = None
        self.state: Progress | Failed | None = None
        """While there is no review: its progress, or why there is none."""
        self.note = note
        self.said_quarter = -1
        """The last quarter of the way the progress was said at (speech)."""
        """A sentence over the result (a kept review that could not be read)."""
        self.kept: str | None = None
        """What became of keeping the review in the history, for the player."""
        self._keeping: BackgroundRead[bool] | None = None
        self._retry = Retry()
        self._replay: BackgroundRead[Replay] = BackgroundRead(
            partial(Replay.from_record, game.record), "cardtable-review-replay")
        self._pictures: dict[tuple[int, tuple[int, int], str], pygame.Surface] = {}
        self._shown = 0
        if review is None and note is None:
            self.start()

    # --- the review under way ----------------------------------------------------------

    def start(self) -> None:
        """Start (or start again) the review in a worker."""
        self.cancel_job()
        self.review, self.note, self.kept = None, None, None
        self.job = self.app.reviews.start(self.game.record, self.game.row.human, self.budget,
                                          list(self.game.levels))
        self.state = Progress(0, 0)
        self._relayout()

    def cancel(self) -> None:
        """Cancel: the worker stops at once; the screen says so."""
        self.cancel_job()
        self.state = CANCELLED
        self._relayout()

    def cancel_job(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None

    def update(self, dt: float) -> None:
        if self.job is not None:
            state = self.job.poll()
            if isinstance(state, Done):
                self.job = None
                self._finished(state.review)
            elif isinstance(state, Failed):
                self.job, self.state = None, state
                self._relayout()
            elif state != self.state:
                self.state = state
        if self._keeping is not None and self._keeping.done:
            self._kept(self._keeping.answer())
        if self._retry.due(self.app.now) and self.review is not None:
            self._keep(self.review)

    def _finished(self, review: Review) -> None:
        self.review, self.state = review, None
        if self.on_review is not None:
            self.on_review(review)
        self._keep(review)
        self._relayout()

    def _keep(self, review: Review) -> None:
        history: History | None = self.app.recorder.history
        if history is None:
            self.kept = _("No history is kept on this computer: this review is not kept.")
            return
        self.kept = _("Keeping the review in your history\u2026")
        self._keeping = BackgroundRead(partial(_keep, history, self.game.row.key, review),
                                       "cardtable-review-keep")

    def _kept(self, answer: bool | Unread | None) -> None:
        self._keeping = None
        if isinstance(answer, Unread):
            reason = text(answer.sentence).split(": ", 1)[-1]
            self.kept = (_("This review could not be kept in your history: {reason} It is "
                           "shown here, and will be kept once the history lets it.")
                         if answer.passing else
                         _("This review could not be kept in your history: {reason} It is "
                           "shown here.")).format(reason=reason)
            self._retry.after(answer, self.app.now)
        else:
            self.kept = _("Kept in your history: this game opened again shows it at once.")

    def back(self) -> None:
        self.cancel_job()
        self._retry.cancel()
        self.app.stack.pop()

    # --- layout --------------------------------------------------------------------------

    def _relayout(self) -> None:
        if hasattr(self, "size"):
            self.layout(self.size)

    @property
    def costly(self) -> list[Judgement]:
        return self.review.costliest(SHOWN) if self.review is not None else []

    @property
    def rounds(self) -> bool:
        """The game is played in rounds scored on a sheet (Palace is one hand)."""
        game_id = self.game.row.game_id
        return not playable(game_id) or table_for(game_id).description.has_score_sheet

    def _margin(self) -> int:
        return max(24, int(self.size[0] * 0.05))

    def _type(self) -> int:
        return max(13, self.size[1] // 50)

    def _foot(self) -> pygame.Rect:
        """The row of buttons at the foot of the window."""
        w, h = self.size
        g = theme.grown
        return pygame.Rect(0, h - g(64, self.size), w, g(48, self.size))

    def worth_saying(self, texts: list[str]) -> list[str]:
        """The progress said at each quarter of the way, not at every decision."""
        counting = self._counting()
        kept = []
        for said in texts:
            if counting is not None and said == counting[0]:
                if counting[1] <= self.said_quarter:
                    continue
                self.said_quarter = counting[1]
            kept.append(said)
        return kept

    def _counting(self) -> tuple[str, int] | None:
        """While the decisions are counted: the progress line, and the quarter of the
        way it is at (read from the state, never parsed back from the words)."""
        state = self.state
        if self.job is None or not isinstance(state, Progress) \
                or not 0 <= state.done < state.total:
            return None
        return text(progress_words(state.done, state.total)), 4 * state.done // state.total

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, _h = size
        foot = self._foot()
        entries: list[tuple[str, Callable[[], None]]] = []
        if self.job is not None:
            entries = [(_("Cancel"), self.cancel)]
        elif self.review is None:
            entries = [(_("Review again") if self.state is not None else _("Review it afresh"),
                        self.start), (_("Back"), self.back)]
        else:
            entries = [(_("Back"), self.back)]
        g = theme.grown
        width = min(g(300, size), (w - 80 - 20 * (len(entries) - 1)) // len(entries))
        left = (w - width * len(entries) - 20 * (len(entries) - 1)) // 2
        widgets: list[Widget] = []
        for number, (judgement, rect) in enumerate(zip(self.costly, self._items())):
            type_size = max(12, min(rect.height * 2 // 5, self._type() + 2))
            label = theme.ellipsize(text(item_words(self.review_or_fail(), number + 1,
                                                    judgement, self.rounds)),
                                    type_size, rect.width - 16, True)
            widgets.append(Button(rect, label, partial(self.watch, judgement),
                                  size=type_size))
        widgets += [Button(pygame.Rect(left + i * (width + 20), foot.y, width, foot.h),
                           label, action, primary=i == 0 and not self.costly)
                    for i, (label, action) in enumerate(entries)]
        self.set_widgets(widgets)

    def review_or_fail(self) -> Review:
        assert self.review is not None
        return self.review

    def _body(self) -> pygame.Rect:
        """The room under the summary and over the buttons (and the line that says
        whether the review is kept)."""
        w, h = self.size
        margin = self._margin()
        top = self._summary_box().bottom + theme.grown(14, self.size)
        kept = theme.font(self._kept_size()).get_linesize() + 6
        return pygame.Rect(margin, top, w - 2 * margin, self._foot().y - 16 - kept - top)

    def _kept_size(self) -> int:
        return max(11, self._type() - 2)

    def _summary_box(self) -> pygame.Rect:
        w, h = self.size
        margin = self._margin()
        size = self._type()
        lines = theme.wrap(self._summary(), size, w - 2 * margin) or [""]
        top = int(h * 0.17)
        return pygame.Rect(margin, top, w - 2 * margin,
                           theme.font(size).get_linesize() * len(lines))

    def _summary(self) -> str:
        if self.review is not None:
            said = text(summary_words(self.review))
            return f"{text(self.note)} {said}" if self.note else said
        if self.note:
            return text(self.note)
        if isinstance(self.state, Failed):
            sentence = self.state.sentence
            return _(sentence) if sentence == CANCELLED.sentence else text(sentence)
        return _("The review weighs each of your decisions from what you could see then.")

    def _items(self) -> list[pygame.Rect]:
        """The costly decisions' buttons, down the left of the body."""
        body = self._body()
        count = len(self.costly)
        if not count:
            return []
        gap = max(8, body.height // 40)
        high = min(theme.grown(56, self.size), (body.height - gap * (count - 1)) // SHOWN)
        width = int(body.width * 0.4)
        return [pygame.Rect(body.x, body.y + i * (high + gap), width, high)
                for i in range(count)]

    def _detail(self) -> pygame.Rect:
        body = self._body()
        left = body.x + int(body.width * 0.4) + theme.grown(16, self.size)
        return pygame.Rect(left, body.y, body.right - left, body.height)

    # --- what is shown -------------------------------------------------------------------

    def shown_judgement(self) -> Judgement | None:
        """The decision whose detail is shown: the one under the pointer, else the one
        focused, else the last shown."""
        costly = self.costly
        if not costly:
            return None
        items = self.ring.widgets[:len(costly)]
        for index, widget in enumerate(items):
            if widget.hover:
                self._shown = index
                break
        else:
            focused = self.ring.focused
            if focused in items:
                self._shown = items.index(focused)
        self._shown = min(self._shown, len(costly) - 1)
        return costly[self._shown]

    def _detail_lines(self, judgement: Judgement, room: pygame.Rect
                      ) -> list[tuple[str, str, int, bool, tuple[int, ...]]]:
        """The detail's paragraphs: (key, text, type size, bold, colour)."""
        size = self._type()
        review = self.review_or_fail()
        lines = [("where", text(where_words(judgement, self.rounds)), size, True, theme.GOLD),
                 ("played", _("You: {move}").format(move=text(judgement.played_words)), size,
                  False, theme.TEXT),
                 ("better", _("The review prefers: {move}").format(
                     move=text(judgement.better_words)), size, False, theme.TEXT),
                 ("cost", _("Cost: {cost}").format(cost=text(cost_words(review, judgement))),
                  size, False, theme.TEXT),
                 ("why", text(judgement.why), size, False, theme.TEXT_DIM),
                 ("watch", _("A click or Enter on it: watch this move in the replay."),
                  max(11, size - 2), False, theme.TEXT_DIM)]
        return [line for line in lines if line[1]]

    def _detail_layout(self, judgement: Judgement
                       ) -> tuple[pygame.Rect, pygame.Rect,
                                  list[tuple[str, str, int, bool, tuple[int, ...],
                                             pygame.Rect]]]:
        """The detail panel, the picture's box in it, and each paragraph with its box."""
        panel = self._detail()
        pad = theme.grown(12, self.size)
        inner = panel.inflate(-2 * pad, -2 * pad)
        placed = []
        heights = 0
        lines = self._detail_lines(judgement, inner)
        for _key, said, size, bold, _colour in lines:
            wrapped = theme.wrap(said, size, inner.width, bold) or [""]
            heights += theme.font(size, bold).get_linesize() * len(wrapped) + 4
        w, h = self.size
        picture_h = max(0, min(inner.height - heights - pad, inner.width * h // w))
        picture = pygame.Rect(0, inner.y, picture_h * w // h, picture_h)
        picture.centerx = inner.centerx
        y = picture.bottom + (pad if picture_h else 0)
        for key, said, size, bold, colour in lines:
            wrapped = theme.wrap(said, size, inner.width, bold) or [""]
            high = theme.font(size, bold).get_linesize() * len(wrapped)
            placed.append((key, said, size, bold, colour,
                           pygame.Rect(inner.x, y, inner.width, high)))
            y += high + 4
        return panel, picture, placed

    def _progress_box(self) -> pygame.Rect:
        body = self._body()
        width = min(body.width, theme.grown(700, self.size))
        high = theme.grown(28, self.size)
        return pygame.Rect(body.centerx - width // 2, body.y + body.height // 3, width, high)

    def labels(self) -> list[tuple[str, theme.Label]]:
        out = super().labels()
        if self.job is not None and isinstance(self.state, Progress):
            box = self._progress_box()
            size = self._type() + 2
            out.append(("progress", theme.Label(
                text(progress_words(self.state.done, self.state.total)), size,
                (box.centerx, box.y - 10), theme.TEXT, True, "midbottom")))
        if self.review is not None and self.kept:
            size = self._kept_size()
            kept = theme.ellipsize(self.kept, size, self.size[0] - 2 * self._margin())
            out.append(("kept", theme.Label(kept, size, (self.size[0] // 2,
                                                         self._foot().y - 6),
                                            theme.TEXT_DIM, anchor="midbottom")))
        return out

    def parts(self) -> list[Element]:
        summary = self._summary_box()
        elements = [wrapped_element("summary", self._summary(), self._type(), summary)]
        judgement = self.shown_judgement()
        if judgement is not None:
            panel, picture, placed = self._detail_layout(judgement)
            box = panel_element("decision", _("The decision shown"), panel)
            elements.append(box)
            if picture.height > 0:
                elements.append(panel_element(
                    "position", _("The position before {move}, from your seat").format(
                        move=text(where_words(judgement, self.rounds))), picture, z=1))
                elements[-1] = _child(elements[-1], box.id)
            elements += [wrapped_element(f"decision/{key}", said, size, rect, box.id)
                         for key, said, size, _bold, _colour, rect in placed]
        elif self.job is not None:
            elements.append(panel_element("bar", _("Progress of the review"),
                                          self._progress_box()))
        return elements

    def redraw_key(self) -> Hashable:
        shown = self.shown_judgement()
        return (self.state, self.review is None, self.kept, self.note,
                None if shown is None else shown.move, self._replay.done,
                super().redraw_key())

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        size = self._type()
        summary = self._summary_box()
        for index, line in enumerate(theme.wrap(self._summary(), size, summary.width)):
            theme.blit_text(surface, line, size,
                            (summary.x, summary.y + index * theme.font(size).get_linesize()),
                            theme.BAD if self.review is None and self.job is None
                            and self.state != CANCELLED and self.state is not None
                            else theme.TEXT)
        if self.job is not None and isinstance(self.state, Progress):
            box = self._progress_box()
            theme.panel(surface, box, theme.PANEL_EDGE, radius=6)
            share = self.state.done / self.state.total if self.state.total else 0.0
            filled = box.inflate(-6, -6)
            filled.width = int(filled.width * share)
            if filled.width > 0:
                pygame.draw.rect(surface, theme.GOLD, filled, border_radius=4)
        judgement = self.shown_judgement()
        if judgement is not None:
            self._draw_detail(surface, judgement)
        self.ring.draw(surface)

    def _draw_detail(self, surface: pygame.Surface, judgement: Judgement) -> None:
        panel, picture, placed = self._detail_layout(judgement)
        theme.panel(surface, panel, theme.PANEL_EDGE)
        if picture.height > 0:
            image = self._picture(judgement.move, picture.size)
            if image is None:
                theme.blit_text(surface, _("Reading\u2026"), self._type(), picture.center,
                                theme.TEXT_DIM, anchor="center")
            else:
                surface.blit(image, picture.topleft)
        for _key, said, size, bold, colour, rect in placed:
            for index, line in enumerate(theme.wrap(said, size, rect.width, bold)):
                theme.blit_text(surface, line, size,
                                (rect.x, rect.y + index * theme.font(size, bold).get_linesize()),
                                colour, bold)

    def _picture(self, move: int, size: tuple[int, int]) -> pygame.Surface | None:
        """The position before ``move`` as the replay draws it from the person's seat,
        scaled into ``size`` (drawn once per move, size and deck colours)."""
        replay = self._replay.answer()
        if not isinstance(replay, Replay):
            return None
        key = (move, size, self.app.settings.deck_colours)
        if key not in self._pictures:
            from .replay import ReplayScene

            watched = ReplayScene(self.app, self.game.row, replay)
            watched.go(move)
            whole = pygame.Surface(self.app.size)
            watched.table().draw(whole)
            self._pictures = {key: pygame.transform.smoothscale(whole, size)}
        return self._pictures[key]

    # --- into the replay -----------------------------------------------------------------

    def watch(self, judgement: Judgement) -> None:
        """Jump into the replay at the move: the position before it, to step on from."""
        replay = self._replay.answer()
        if replay is None:
            self._replay.wait()
            replay = self._replay.answer()
        if not isinstance(replay, Replay):
            self.note = _("This game cannot be watched: its record does not replay.")
            return
        from .replay import ReplayScene

        scene = ReplayScene(self.app, self.game.row, replay)
        scene.go(judgement.move)
        self.app.push(scene)


def _keep(history: History, key: str, review: Review) -> bool:
    """On a thread: keep the review (raises what the history raised)."""
    keep_review(history, key, review)
    return True


def _child(element: Element, parent: str) -> Element:
    from dataclasses import replace

    return replace(element, parent=parent)


def picture_box(scene: ReviewScene) -> Box | None:
    """Where the position is drawn (tests)."""
    judgement = scene.shown_judgement()
    if judgement is None:
        return None
    return Box.of(scene._detail_layout(judgement)[1])


