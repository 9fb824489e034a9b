"""Games played and watching one again.

``GamesScene`` lists the games of the history a page at a time, newest first, from
their summary columns (a history of thousands opens at once); choosing one reads that
game's record alone and opens ``ReplayScene``, which steps through it move by move
(← →) and round by round (PgUp PgDn, Home End), from the person's own seat (others'
hands face down) or with every hand shown (E). The move log and each seat's score
follow the position.

The page and the record are read, and the replay built, on reading threads
(``background``): the history may be locked or busy with another read, and a long game
takes a tenth of a second to replay; the window keeps drawing, saying "Reading…".
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import TYPE_CHECKING

import pygame
from babel.dates import format_datetime

from ...ai.review import reviewable
from ...engine import EngineError, GameView, get_variant
from ...engine.codec import JSONObject
from ...engine.migrations import OtherVersionError
from ...engine.replay import Replay
from ...i18n import N_, _, babel_locale, ngettext, text
from .. import theme
from ..background import LatestRead, Retry, Unread
from ..describe import LogWords, describe
from ..history_db import GameRow, History
from ..history_reviews import Kept, kept_review
from ..history_rows import DAMAGED_MOVES
from ..input_grammar import Command, command_for
from ..model import Element
from ..session import SeatInfo, default_seats
from ..stats import result_words, skipped_words
from ..tables import deck_colours, playable, table_for
from ..widgets import Button, Widget
from .common import FormScene, level_name
from .replay_table import controls_box, open_hands, table_at, watched
from .table_core import TableCore

if TYPE_CHECKING:
    from ..app import App

log = logging.getLogger(__name__)

LISTED = 12
"""Games a page of the list shows at most (fewer in a window too low for them)."""
FEWEST_LISTED = 3
LOG_LINES = 40
"""Lines of the move log a position's table is given (the last ones)."""
READING = N_("Reading\u2026")


@dataclass(frozen=True, slots=True)
class Page:
    """A page of the list, as read: its games newest first, its damaged rows (left
    out), and how many games the history holds."""

    rows: list[GameRow]
    skipped: int
    count: int


def read_page(history: History, page: int, listed: int = LISTED) -> Page:
    """On a reading thread: the ``page``-th page of ``listed`` games, newest first."""
    reading = history.read(last=listed, skip=page * listed)
    return Page(list(reversed(reading.rows)), reading.skipped, history.count())


def build_replay(history: History, row: GameRow) -> Replay | str:
    """On a reading thread: the replay of ``row``'s game, or why it cannot be shown
    (its record is read now, only for the game watched; a long game takes a tenth of
    a second or more to replay)."""
    found = checked_record(history, row)
    if isinstance(found, str):
        return found
    try:
        return Replay.from_record(found)
    except OtherVersionError as error:
        return str(error)   # a newer cardtable's, or another rules version's: said
    except (EngineError, RecursionError) as error:
        log.warning("a game's record does not replay: %s", error)
        return DAMAGED_MOVES


@dataclass(frozen=True, slots=True)
class ReviewRead:
    """A game's record and its kept review (or why that cannot be read; ``None``:
    none kept), read for its review screen."""

    record: JSONObject
    kept: Kept | str | None


def read_review(history: History, row: GameRow) -> ReviewRead | str:
    """On a reading thread: what the review screen of ``row``'s game needs."""
    found = checked_record(history, row)
    if isinstance(found, str):
        return found
    return ReviewRead(found, kept_review(history, row.key))


def checked_record(history: History, row: GameRow) -> JSONObject | str:
    """``row``'s game's record, or why it cannot be read or is not that game's."""
    found = history.record(row.key)
    if isinstance(found, str):
        return found
    problem = _not_of(row, found)
    return found if problem is None else problem


class GamesScene(FormScene):
    """The list of games played, a page at a time. Every read of the history (a page,
    a record) and every replay is made on a reading thread (``background``): the
    history may be locked, or busy with another read, and the window keeps drawing,
    saying "Reading…" meanwhile."""

    title = N_("Games played")

    def __init__(self, app: App, history: History | None, skipped: int | None = None) -> None:
        super().__init__(app)
        self.history = history
        self.skipped = skipped
        """Games of the whole history that could not be read (``None``: not counted;
        the page's own damaged rows are counted then)."""
        self.page = 0
        self.listed = _fitting(self.size[1])
        """Games a page shows: as many as the window holds with the pager and Back."""
        self.rows: list[GameRow] = []
        """The page shown, newest first."""
        self.page_skipped = 0
        """Damaged rows left out of the page shown."""
        self.count = 0
        """Games in the history, as last read (the pager follows it while a page is
        read, so paging on never waits)."""
        self.error = ""
        self._page_error = False
        """``error`` is the page's (a page read later clears it; a game's stays until the
        player moves on)."""
        self._pages: LatestRead[tuple[int, int], Page] = LatestRead("cardtable-games-played")
        """Pages asked by (page, games a page): a resize asks page 0 again, longer."""
        self._watching: LatestRead[GameRow, Replay | str] = LatestRead("cardtable-replay")
        self._reviewing: LatestRead[GameRow, ReviewRead | str] = LatestRead(
            "cardtable-review-read")
        self._retry = Retry()
        self._written = app.recorder.written
        """The recorder's writes when the page was asked (more since: read it again)."""
        self._read_page()

    def _read_page(self) -> None:
        """Ask for the page ``self.page`` (shown once read); the rows shown go."""
        self.rows = []
        self._retry.cancel()
        self._watching.cancel()
        if self.history is not None:
            self._pages.ask((self.page, self.listed),
                            partial(read_page, self.history, self.page, self.listed))

    @property
    def more(self) -> bool:
        """There are older games than this page."""
        return self.count > (self.page + 1) * self.listed

    @property
    def reading(self) -> bool:
        """A page or a game is being read."""
        return self._pages.busy or self._watching.busy or self._reviewing.busy

    def wait(self, timeout: float = 10.0) -> bool:
        """Wait until what is being read is read, and take it (tests); whether it is.
        A page taken may ask for another (the history took writes meanwhile): that one
        is waited for too, within ``timeout``."""
        end = time.monotonic() + timeout
        while True:
            left = max(0.0, end - time.monotonic())
            done = self._pages.wait(left) and self._watching.wait(left) \
                and self._reviewing.wait(left)
            self.update(0.0)
            if not done or not self.reading or time.monotonic() >= end:
                return done and not self.reading

    def update(self, dt: float) -> None:
        """Take what the reading threads read (never waiting for them)."""
        if self._retry.due(self.app.now):
            self._read_page()
        if self.app.recorder.written != self._written and self.history is not None:
            self._written = self.app.recorder.written   # games written since: the page
            self._pages.ask((self.page, self.listed),  # again, shown until it comes
                            partial(read_page, self.history, self.page, self.listed))
        paged = self._pages.take()
        if paged is not None:
            self._show(paged[1])
        watched = self._watching.take()
        if watched is not None:
            row, replay = watched
            if isinstance(replay, Replay):
                self.error = ""
                self.app.push(ReplayScene(self.app, row, replay))
            else:
                self.error = text(replay.sentence) if isinstance(replay, Unread) else \
                    _("That game cannot be shown: {reason}.").format(reason=text(replay))
                self._page_error = False
        asked = self._reviewing.take()
        if asked is not None:
            self._review_read(*asked)

    def _review_read(self, row: GameRow, read: ReviewRead | str | Unread) -> None:
        """The game's record and its kept review are read: its review is shown (at once
        when one is kept), or the note says why it cannot be."""
        from .review import Reviewed, ReviewScene

        if isinstance(read, Unread):
            self.error, self._page_error = text(read.sentence), False
            return
        if isinstance(read, str):
            self.error, self._page_error = _("That game cannot be reviewed: {reason}.").format(
                reason=text(read)), False
            return
        self.error = ""
        kept = read.kept
        self.app.push(ReviewScene(self.app, Reviewed.of_row(row, read.record),
                                  kept.review if isinstance(kept, Kept) else None,
                                  kept if isinstance(kept, str) else None))

    def _show(self, page: Page | Unread) -> None:
        if isinstance(page, Unread):
            self.error, self._page_error = text(page.sentence), True
            self._retry.after(page, self.app.now)
        else:
            if self._page_error:
                self.error, self._page_error = "", False
            self.rows, self.page_skipped, self.count = page.rows, page.skipped, page.count
        if hasattr(self, "size"):
            self.layout(self.size)

    def note(self) -> str:
        """The line under the title: what went wrong, what is being read, damaged rows
        left out, or what to do."""
        return self.error or (_(READING) if self.reading else "") or self._skipped() or (
            _("No games yet: every game you play is kept here.") if not self.rows
            else _("Choose a game to watch it again, move by move, or review your decisions."))

    def _skipped(self) -> str:
        return text(skipped_words(self.page_skipped if self.skipped is None
                                  else self.skipped))

    def redraw_key(self) -> Hashable:
        return (self.note(), super().redraw_key())

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        row_h = _row_height(h)
        listed = _fitting(h)
        if listed != self.listed:  # the window changed: the page keeps its first game
            self.page, self.listed = self.page * self.listed // listed, listed
            self._read_page()
        pager = self.page > 0 or self.more
        rects = self.column(len(self.rows) + 1 + pager, row_h,
                            max(560, min(theme.grown(1000, size), int(w * 0.8))))
        widgets: list[Widget] = []
        review_w = max(110, theme.grown(150, size))
        for rect, row in zip(rects, self.rows):
            watch = rect.copy()
            review: Button | None = None
            if reviewable(row.game_id):  # a game with no review reading offers none
                watch.width -= review_w + 10
                review = Button(pygame.Rect(watch.right + 10, rect.y, review_w, rect.height),
                                _("Review"), partial(self.review, row))
            widgets.append(Button(watch, _label(row), partial(self.watch, row)))
            if review is not None:
                widgets.append(review)
        if pager:
            half = rects[-2].copy()
            half.width = (half.width - 10) // 2
            if self.page > 0:
                widgets.append(Button(half, _("\u25c0 Newer"), self.newer))
            if self.more:
                widgets.append(Button(half.move(half.width + 10, 0), _("Older \u25b6"),
                                      self.older))
        widgets.append(Button(rects[-1], _("Back"), self.back,
                              primary=not self.rows and not self._pages.busy))
        self.set_widgets(widgets)

    def older(self) -> None:
        self.page += 1
        self.error = ""
        self._read_page()
        self.layout(self.size)

    def newer(self) -> None:
        self.page = max(0, self.page - 1)
        self.error = ""
        self._read_page()
        self.layout(self.size)

    def watch(self, row: GameRow) -> None:
        """Read this game's record and build its replay on a reading thread; it is
        watched once built, or the note says why it cannot be."""
        if self.history is None:
            self.error = _("That game cannot be shown: no history is kept.")
            return
        self.error = ""
        self._watching.ask(row, partial(build_replay, self.history, row))

    def review(self, row: GameRow) -> None:
        """Read this game's record and its kept review on a reading thread; the review
        is shown once read (a kept one at once, else made afresh)."""
        if self.history is None:
            self.error = _("That game cannot be reviewed: no history is kept.")
            return
        self.error = ""
        self._reviewing.ask(row, partial(read_review, self.history, row))

    def back(self) -> None:
        self._pages.cancel()
        self._watching.cancel()
        self._reviewing.cancel()
        self.app.stack.pop()

    def labels(self) -> list[tuple[str, theme.Label]]:
        w, h = self.size
        note = self.note()
        bad = bool(self.error) or note == self._skipped()
        return [*super().labels(),
                ("note", theme.Label(note, max(13, h // 48), (w // 2, int(h * 0.17)),
                                     theme.BAD if bad else theme.TEXT_DIM, anchor="center"))]


CONTROLS_HIGH = 44
"""The replay's row of controls at 1280×800 (grown with the window)."""


def _row_height(h: int) -> int:
    """A listed game's row: 44 px at 800 high, growing with taller windows."""
    return max(30, min(44 * max(800, h) // 800, h // 22))


def _fitting(h: int) -> int:
    """Games a page can show in a window ``h`` high: the rows, the pager and Back stay
    inside it (a 12-game page ran off a 1280x800 window)."""
    row_h = _row_height(h)
    slots = (h - int(h * 0.24) - 16) // (row_h + row_h // 3)
    return max(FEWEST_LISTED, min(LISTED, slots - 2))


def _not_of(row: GameRow, record: JSONObject) -> str | None:
    """Why ``record`` is not the record of the game ``row`` (``None``: it is)."""
    setup = (record.get("game"), record.get("seats"), record.get("seed"))
    if setup != (row.game_id, row.seats, row.seed):
        return _("its record is another game's")
    return None


def _label(row: GameRow) -> str:
    started = datetime.fromtimestamp(row.started).astimezone()
    when = format_datetime(started, "dd MMM HH:mm", tzinfo=started.tzinfo,
                           locale=babel_locale())
    variant = get_variant(row.game_id)
    title = text(variant.short_title or variant.title)
    moves = "" if row.moves is None else "  \u00b7  " + ngettext(
        "{count} move", "{count} moves", row.moves).format(count=row.moves)
    return (f"{when}  \u00b7  {title}  \u00b7  {level_name(row.level)}  \u00b7  "
            f"{text(result_words(row))}{moves}")


class ReplayScene(FormScene):
    """One recorded game, any position of it, drawn by the game's own table (read-only,
    ``replay_table``) from the person's seat; the replay's controls sit where the
    table keeps its buttons."""

    def __init__(self, app: App, row: GameRow, replay: Replay) -> None:
        super().__init__(app)
        self.row, self.replay = row, replay
        self.variant = replay.game.variant
        self.names = [seat.name for seat in default_seats(row.seats - 1, row.level)]
        self.human = row.human
        self.seats = [SeatInfo(name, seat == row.human, "" if seat == row.human else row.level)
                      for seat, name in enumerate(self.names)]
        self.index = 0
        self.all_hands = False
        self.words = table_for(row.game_id).words if playable(row.game_id) else None
        self.title = _("{game}: replay").format(game=text(self.variant.title))
        self._rounds = len(replay.round_starts()) > 1
        """The game was played in rounds (Palace is one): the round is named."""
        self._table: tuple[tuple[int, bool, tuple[int, int]], TableCore[GameView]] | None = None
        self.moved = 0
        """Steps taken (each says the move it came to)."""

    def table(self) -> TableCore[GameView]:
        """The game's table at the position shown (built once per position, size and
        view: a position's table is a layout and a screen model, milliseconds)."""
        key = (self.index, self.all_hands, self.size)
        if self._table is None or self._table[0] != key:
            state = self.replay.positions[self.index].state
            self._table = (key, table_at(self.app, self.replay.game, state, self.seats,
                                         self._log_lines()))
        return self._table[1]

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        labels = [(_("\u25c0\u25c0 Round"), self.round_back),
                  (_("\u25c0 Move"), self.step_back),
                  (_("Move \u25b6"), self.step), (_("Round \u25b6\u25b6"), self.round_on),
                  (_("Every hand  [E]") if not self.all_hands else _("Your view  [E]"),
                   self.toggle),
                  (_("Back"), self.back)]
        forward = 2  # Move ▶: the button Enter presses first
        box = controls_box(self.table())
        top = box.y + 2 * self._where_size() + 14
        gap = 8
        row = max(24, min(self.size[1] // 16, (box.bottom - top) // len(labels) - gap))
        self.set_widgets([Button(pygame.Rect(box.x, top + i * (row + gap), box.width, row),
                                 label, action, primary=i == forward,
                                 size=max(12, row * 2 // 5))
                          for i, (label, action) in enumerate(labels)], focus_first=False)

    # --- moving --------------------------------------------------------------------

    def go(self, index: int) -> None:
        before = self.index
        self.index = max(0, min(len(self.replay) - 1, index))
        self.moved += self.index != before

    def news(self) -> tuple[int, Sequence[str]]:
        """The move shown, said as the replay steps to it: its number, then what it did
        (as the move log words it, from the person's seat unless every hand is shown)."""
        viewer = None if self.all_hands else self.human
        words = self.words if self.words is not None else LogWords()
        position = self.replay.positions[self.index]
        move = None if position.seat is None or position.action is None \
            else (position.seat, position.action)
        said = [text(line) for event in position.events
                if (line := describe(event if self.all_hands else event.redacted_for(viewer),
                                     self.names, self.human, words, move))]
        total = len(self.replay) - 1
        if not said:
            return self.moved + 1, [_("Move {number} of {total}.").format(number=self.index,
                                                                          total=total)]
        return self.moved + 1, [_("Move {number} of {total}: {moves}").format(
            number=self.index, total=total, moves=". ".join(said))]

    def step(self) -> None:
        self.go(self.index + 1)

    def step_back(self) -> None:
        self.go(self.index - 1)

    def round_on(self) -> None:
        self.go(self.replay.next_round(self.index))

    def round_back(self) -> None:
        self.go(self.replay.previous_round(self.index))

    def toggle(self) -> None:
        self.all_hands = not self.all_hands
        self.layout(self.size)

    def back(self) -> None:
        self.app.stack.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            # The table's grammar: ←/→ step a move (as in any player of recorded
            # games: there is no hand to move in), PgUp/PgDn a round, E every hand.
            found = command_for(event.key, event.mod)
            moves: dict[Command, Callable[[], None]] = {
                     Command.RIGHT: self.step, Command.LEFT: self.step_back,
                     Command.NEXT_ROUND: self.round_on, Command.PREVIOUS_ROUND: self.round_back,
                     Command.EVERY_HAND: self.toggle,
                     Command.FIRST: lambda: self.go(0),
                     Command.LAST: lambda: self.go(len(self.replay) - 1)}
            if found is not None and found[0] in moves:
                moves[found[0]]()
                return
        super().handle(event)

    def redraw_key(self) -> Hashable:
        return (self.index, self.all_hands)

    # --- what is shown -------------------------------------------------------------

    def _where_size(self) -> int:
        return max(12, int(self.size[1]) // 54)

    def labels(self) -> list[tuple[str, theme.Label]]:
        """Where the replay is, over its controls (the table fills the window: the
        title is the first line)."""
        box = controls_box(self.table())
        size = self._where_size()
        position = self.replay.positions[self.index]
        if self._rounds:
            seen = (_("Round {number}  \u00b7  every hand") if self.all_hands
                    else _("Round {number}  \u00b7  your view")).format(number=position.round)
        else:
            seen = _("every hand") if self.all_hands else _("your view")
        lines = [_("Replay: move {number} of {total}").format(number=self.index,
                                                              total=len(self.replay) - 1),
                 seen]
        return [(f"where/{number}", theme.Label(theme.ellipsize(line, size, box.width), size,
                                                (box.x, box.y + number * (size + 6)),
                                                theme.GOLD if number == 0 else theme.TEXT_DIM,
                                                number == 0))
                for number, line in enumerate(lines)]

    def parts(self) -> list[Element]:
        """The table's elements, as the table names and places them (taking nothing)."""
        return watched(self.table().model())

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table()
        table.draw(surface)
        if self.all_hands:
            open_hands(table, surface,
                       deck_colours(self.row.game_id, self.app.settings.deck_colours))
        for _key, label in self.labels():
            label.draw(surface)
        self.ring.draw(surface)

    def _log_lines(self) -> list[str]:
        """The move log up to the position, its last lines only (read back from the
        position until the log is full: a step never describes the whole game)."""
        viewer = None if self.all_hands else self.human
        words = self.words if self.words is not None else LogWords()
        lines: list[str] = []
        for position in reversed(self.replay.positions[:self.index + 1]):
            move = None if position.seat is None or position.action is None \
                else (position.seat, position.action)
            said = [describe(event if self.all_hands else event.redacted_for(viewer),
                             self.names, self.human, words, move)
                    for event in position.events]
            lines[:0] = [line for line in said if line]
            if len(lines) >= LOG_LINES:
                break
        return lines[-LOG_LINES:]
