"""Statistics: per game, a line per AI level (played, won, win %, average and best
score, streaks, rounds, games left) and a chart of the person's final scores in the
latest games. Read from the history when the scene opens, on a thread of its own: the
history may hold thousands of games, and the window keeps drawing ("Reading your
games…") while they are counted; a locked history is read again a few seconds later,
as Games played does. Rows that cannot be read are left out and counted."""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from ...ai.review_terms import terms_for
from ...engine import catalog, get_variant
from ...i18n import N_, _, ngettext, text
from ...i18n import number as figure
from .. import theme
from ..background import BackgroundRead, Retry, Unread
from ..form_model import label_elements, panel_element, placed_elements, wrapped_element
from ..history_db import History
from ..history_reviews import TrendPoint, review_trend
from ..model import Box, Element
from ..reasons import said_once
from ..review_words import amount
from ..stats import ChartPoint, LevelStats, Tally, one_place, percent, skipped_words, tally_rows
from ..tables import table_for
from ..widgets import Button, Widget
from .common import FormScene, level_name

if TYPE_CHECKING:
    from ..app import App

Trends = dict[str, list[TrendPoint]]
"""Each game's reviewed games, oldest first."""

COLUMNS = (N_("Level"), N_("Played"), N_("Won"), N_("Win %"), N_("Avg score"), N_("Best"),
           N_("Streak"), N_("Best streak"), N_("Avg rounds"),
           # Translators: the column of games left unfinished (abandoned)
           N_("Left"))
"""The table's headings, in English (translated where they are shown)."""
WIDTHS = (0.14, 0.08, 0.08, 0.08, 0.1, 0.08, 0.08, 0.1, 0.1, 0.08)
"""Each column's share of the table's room left over once every column holds its
header and cells."""
COLUMN_GUTTER = 16
"""The least room between two columns (a header never runs into the next)."""
SMALLEST_TYPE = 10
"""The table's type shrinks no smaller to fit its columns."""


class StatisticsScene(FormScene):
    title = N_("Statistics")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.games = list(catalog())
        self.game_id = self.games[0].id
        self.picked = False
        """The player chose a game (the one played last is not chosen for him then)."""
        self.tally: Tally | None = None
        """The figures, once read (``None`` while reading)."""
        self.skipped = 0
        """Games that could not be read."""
        self.problem: str | None = None
        self.history: History | None = app.recorder.history
        self._reading: BackgroundRead[tuple[Tally, int, Trends]] | None = None
        self.trends: Trends = {}
        """Each game's reviewed games, their cost (the trend shown under the chart)."""
        self._retry = Retry()
        self._written = app.recorder.written
        """The recorder's writes when the figures were asked (more since: read again)."""
        if self.history is None:
            self.problem = text(app.recorder.problem) if app.recorder.problem else \
                _("No history is kept on this computer.")
            self.tally = Tally({})
        else:
            self._read()
        self.trend_box = pygame.Rect(0, 0, 0, 0)
        self.waiting = app.recorder.waiting()
        """Games not in the history yet, and why: said for as long as they wait."""

    def note(self) -> str | None:
        """What the player is told above the buttons: a history that cannot be read or
        kept, games left out as damaged, games waiting to be written (a reason both
        share said once)."""
        parts = [text(part) for part in (self.problem, skipped_words(self.skipped),
                                         self.waiting) if part]
        if self.history is None and self.waiting:
            parts = [_("Your game history cannot be shown just now."), text(self.waiting)]
        return " ".join(said_once(parts)) or None

    @property
    def ready(self) -> bool:
        """The history has been read (or could not be)."""
        self._take()
        return self.tally is not None or self.problem is not None

    def wait(self, timeout: float = 10.0) -> bool:
        """Wait for the reading thread (tests and the bench); whether it is done."""
        if self._reading is not None:
            self._reading.wait(timeout)
        return self.ready

    def _read(self) -> None:
        """Count the history's games on a thread of their own."""
        assert self.history is not None
        self._reading = BackgroundRead(partial(_tally, self.history), "cardtable-statistics")

    def _take(self) -> None:
        """Take the reading thread's result, on the drawing thread (never waiting)."""
        answer = None if self._reading is None else self._reading.answer()
        if answer is None:
            return
        self._reading = None
        if isinstance(answer, Unread):
            self.problem = text(answer.sentence)   # said until a read again works
            self._retry.after(answer, self.app.now)
            return
        self.problem = None
        self.tally, self.skipped, self.trends = answer
        if self.tally.latest is not None and not self.picked:
            self.game_id = self.tally.latest
        if hasattr(self, "size"):
            on_tabs = self.ring.index < len(self.games)
            self.layout(self.size)  # the tab of the game shown is lit now
            if on_tabs:
                self._focus_lit()   # and Enter keeps it (focus moved off the tabs stays)

    def update(self, dt: float) -> None:
        recorder = self.app.recorder
        if self.history is None and recorder.history is not None:   # opened since
            self.history, self.problem = recorder.history, None
            self._read()
        if self._retry.due(self.app.now) or (
                recorder.written != self._written and self.history is not None):
            self._written = recorder.written   # games written since: counted again
            self._read()
        self._take()
        self.waiting = self.app.recorder.waiting()  # written meanwhile: no longer said

    def redraw_key(self) -> Hashable:
        return (self.tally is None and self.problem is None, self.waiting,
                super().redraw_key())

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        count = len(self.games)
        gap = 10

        def g(length: int) -> int:
            return theme.grown(length, size)

        width = min(g(220), (w - 80 - gap * (count - 1)) // count)
        left = (w - count * width - gap * (count - 1)) // 2
        top = int(h * 0.17)
        widgets: list[Widget] = [Button(pygame.Rect(left + i * (width + gap), top, width, g(40)),
                          text(info.short_title), partial(self.pick, info.id),
                          primary=info.id == self.game_id and self.known,
                          chosen=info.id == self.game_id and self.known)
                   for i, info in enumerate(self.games)]
        widgets.append(Button(pygame.Rect(w // 2 - g(310), h - g(64), g(300), g(48)),
                              _("Games played"), self.games_played))
        widgets.append(Button(pygame.Rect(w // 2 + g(10), h - g(64), g(300), g(48)), _("Back"),
                              self.back))
        fresh = not self.ring.widgets
        self.set_widgets(widgets)
        if fresh and self.known:
            self._focus_lit()

    def _focus_lit(self) -> None:
        """The keyboard focus on the tab of the game shown (the lit one)."""
        lit = next((i for i, info in enumerate(self.games) if info.id == self.game_id), None)
        if lit is not None:
            self.ring.index = lit

    @property
    def known(self) -> bool:
        """Whose figures are shown is settled: the player picked a game, or the figures
        were read (they name the game played last). Until then no tab is lit, so the
        screen never lights one game and then jumps to another."""
        return self.picked or self.tally is not None

    def pick(self, game_id: str) -> None:
        self.game_id = game_id
        self.picked = True
        self.layout(self.size)

    def back(self) -> None:
        self.app.stack.pop()

    def games_played(self) -> None:
        from .replay import GamesScene

        self.app.push(GamesScene(self.app, self.history,
                                 self.skipped if self.tally is not None else None))

    def lines(self) -> list[LevelStats]:
        if self.tally is None:
            return []
        order = {"easy": 0, "normal": 1, "hard": 2}
        return sorted(self.tally.lines(self.game_id), key=lambda s: order.get(s.level, 9))

    def _boxes(self) -> tuple[pygame.Rect, theme.MessageBox | None, pygame.Rect, int]:
        """The table, the note's box (if any), the chart, and the type size."""
        w, h = self.size
        size = max(13, h // 50)
        table = pygame.Rect(40, int(h * 0.17) + theme.grown(56, (w, h)), w - 80, int(h * 0.3))
        note = self.note()
        # What is wrong with the history goes just above the buttons, and the chart
        # ends above it (the box would cover its axis).
        box = theme.MessageBox(note, size, w, h - theme.grown(76, (w, h)), pad=12) \
            if note else None
        bottom = h - theme.grown(90, (w, h)) if box is None else box.rect.y - 12
        # The reviews' trend: a row of figures under the chart.
        strip = theme.font(size).get_linesize() + 16
        chart = pygame.Rect(40, table.bottom + 16, w - 80,
                            bottom - table.bottom - 16 - strip - 10)
        self.trend_box = pygame.Rect(40, chart.bottom + 10, w - 80, strip)
        return table, box, chart, size

    def trend_label(self, size: int) -> theme.Label:
        """The reviews' trend in a line: what the costly decisions cost in each of the
        last reviewed games of the game shown, oldest first."""
        box = self.trend_box
        text, fitted = theme.fit(trend_words(self.trends.get(self.game_id, []),
                                             self.game_id), size, box.width - 32)
        return theme.Label(text, fitted, (box.x + 16, box.centery), theme.TEXT,
                           anchor="midleft")

    def parts(self) -> list[Element]:
        table, box, chart, size = self._boxes()
        panel = panel_element("table", _("Figures by AI level"), table)
        elements = [panel, *placed_elements(self._table_labels(table, size), panel.id)]
        if chart.height > 80:
            elements.append(panel_element("chart", _("Chart of your final scores"), chart))
            if self.tally is not None:
                elements += label_elements(
                    [("caption", self._caption(chart, size))],
                    Box(chart.x + 16, chart.y, chart.width - 32, chart.height), "panel/chart")
        if self.trend_box.height > 0 and self.tally is not None:
            trend = panel_element("trend", _("Your reviews, cost per game"), self.trend_box)
            elements += [trend, *label_elements(
                [("trend", self.trend_label(size))],
                Box(self.trend_box.x + 16, self.trend_box.y, self.trend_box.width - 32,
                    self.trend_box.height), trend.id)]
        if box is not None:
            elements += [panel_element("note", _("Note"), box.rect, z=1),
                         wrapped_element("note", box.content, box.size, box.text_rect(),
                                         "panel/note", z=2)]
        return elements

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        table, box, chart, size = self._boxes()
        theme.panel(surface, table, theme.PANEL_EDGE)
        for _key, label, _room in self._table_labels(table, size):
            label.draw(surface)
        if chart.height > 80:
            self._chart(surface, chart, size)
        if self.tally is not None:
            theme.panel(surface, self.trend_box, theme.PANEL_EDGE)
            self.trend_label(size).draw(surface)
        if box is not None:
            box.draw(surface, theme.BAD)
        self.ring.draw(surface)

    def _table_labels(self, box: pygame.Rect, size: int) -> list[tuple[str, theme.Label, Box]]:
        """The table's lines of text, each with the room of its column."""
        lines = self.lines()
        rounds = _has_rounds(self.game_id)
        columns = [label for label in COLUMNS if rounds or label != "Avg rounds"]
        shares = [share for share, label in zip(WIDTHS, COLUMNS) if label in columns]
        labels = [_(label) for label in columns]   # measured as they are shown
        rows = [_cells(line, rounds) for line in lines]
        offsets, size = column_layout(labels, shares, rows, size, box.width - 32)
        xs = [box.x + 16 + offset for offset in offsets]
        rooms = [Box(x, box.y, end - x, box.height)
                 for x, end in zip(xs, [*xs[1:], box.right - 16])]
        y = box.y + 10
        out = [(f"head/{i}", theme.Label(label, size, (x, y), theme.GOLD, True), room)
               for i, (x, label, room) in enumerate(zip(xs, labels, rooms))]
        y += size + 12
        whole = Box(box.x + 16, box.y, box.width - 32, box.height)
        if self.tally is None and self.problem is None:
            return out + [("reading", theme.Label(_("Reading your games\u2026"), size,
                                                  (box.x + 16, y), theme.TEXT_DIM), whole)]
        if not lines and self.problem is not None:
            return out  # the box below says why nothing is shown (no "no games yet" claim)
        if not lines:
            title = next(info.title for info in self.games if info.id == self.game_id)
            return out + [("none", theme.Label(
                _("No games of {game} played yet: finish one and it is counted here.").format(
                    game=text(title)), size,
                (box.x + 16, y), theme.TEXT_DIM), whole)]
        for number, cells in enumerate(rows):
            out += [(f"cell/{number}/{i}", theme.Label(cell, size, (x, y)), room)
                    for i, (x, cell, room) in enumerate(zip(xs, cells, rooms))]
            y += size + 10
            if y > box.bottom - size:
                break
        return out

    def spoken_texts(self, texts: list[Element]) -> list[str]:
        """The table of figures a row at a time, each figure with its heading ("Normal:
        played 4, won 2, win percent 50"), the rest as written."""
        heads = {element.id.rsplit("/", 1)[1]: element.name for element in texts
                 if element.id.startswith("text/head/")}
        rows: dict[str, list[tuple[str, str]]] = {}
        said: list[str] = []
        for element in texts:
            if element.id.startswith("text/head/"):
                continue
            if element.id.startswith("text/cell/"):
                _text, _kind, row, column = element.id.split("/")
                if row not in rows:
                    rows[row] = []
                    said.append(f"row:{row}")
                rows[row].append((heads.get(column, ""), element.name))
                continue
            said.append(element.name.strip())
        return [_row_words(rows[line[4:]]) if line.startswith("row:") else line
                for line in said]

    def _caption(self, box: pygame.Rect, size: int) -> theme.Label:
        count = len(self.tally.chart(self.game_id)) if self.tally is not None else 0
        return theme.Label(chart_caption(count, get_variant(self.game_id).low_scores_win),
                           size, (box.x + 16, box.y + 8), theme.TEXT_DIM)

    def _chart(self, surface: pygame.Surface, box: pygame.Rect, size: int) -> None:
        """The person's final score in the newest finished games, oldest at the left."""
        theme.panel(surface, box, theme.PANEL_EDGE)
        if self.tally is None:
            return
        done: list[ChartPoint] = self.tally.chart(self.game_id)
        self._caption(box, size).draw(surface)
        if not done:
            return
        scores = [point.score for point in done]
        top, bottom = max(scores), min(scores)
        plot = pygame.Rect(box.x + 70, box.y + size + 24, box.width - 100,
                           box.height - size - 44)
        step = plot.width / max(1, len(scores) - 1)
        xs = [int(plot.x + i * step) if len(scores) > 1 else plot.centerx
              for i in range(len(scores))]
        if top == bottom:
            # One score (one game, or every game alike): no axis from a score to itself,
            # the points at mid-height and the score said once.
            points = [(x, plot.centery) for x in xs]
            if len(points) == 1:
                theme.blit_text(surface, str(top), size, (plot.centerx, plot.centery - 12),
                                theme.TEXT, anchor="midbottom")
            else:
                theme.blit_text(surface, str(top), size - 2, (plot.x - 10, plot.centery),
                                theme.TEXT_DIM, anchor="midright")
        else:
            theme.blit_text(surface, str(top), size - 2, (plot.x - 10, plot.y),
                            theme.TEXT_DIM, anchor="topright")
            theme.blit_text(surface, str(bottom), size - 2, (plot.x - 10, plot.bottom),
                            theme.TEXT_DIM, anchor="bottomright")
            pygame.draw.line(surface, theme.TEXT_DIM, plot.bottomleft, plot.bottomright, 1)
            points = [(x, int(plot.bottom - (score - bottom) / (top - bottom) * plot.height))
                      for x, score in zip(xs, scores)]
        if len(points) > 1:
            pygame.draw.lines(surface, theme.TEXT, False, points, 2)
        for point, game in zip(points, done):
            colour = theme.GOLD if game.won else theme.TEXT_DIM
            pygame.draw.circle(surface, colour, point, 5)


def chart_caption(count: int, low_scores_win: bool) -> str:
    """The chart's caption for ``count`` games charted: "your last game" for one."""
    if not count:
        return _("Your final scores will be charted here.")
    if low_scores_win:
        return ngettext("Your final score in your last game (lower is better; gold: won)",
                        "Your final scores in your last {count} games (lower is better; "
                        "gold: won)", count).format(count=count)
    return ngettext("Your final score in your last game (higher is better; gold: won)",
                    "Your final scores in your last {count} games (higher is better; "
                    "gold: won)", count).format(count=count)


def _cells(line: LevelStats, rounds: bool) -> list[str]:
    """A level's line of the table, a cell per column (no rounds for a one-hand game)."""
    # Figures as the language writes them ("12,5" and "75 %" in French).
    cells = [level_name(line.level), figure(line.played), figure(line.wins),
             "" if line.win_rate is None else percent(line.win_rate),
             "" if line.average_score is None else one_place(line.average_score),
             "" if line.best_score is None else figure(line.best_score),
             figure(line.streak), figure(line.best_streak),
             "" if line.average_rounds is None else one_place(line.average_rounds),
             figure(line.abandoned)]
    if not rounds:
        del cells[COLUMNS.index("Avg rounds")]
    return cells


def column_layout(labels: list[str], shares: list[float], rows: list[list[str]],
                  size: int, width: int) -> tuple[list[int], int]:
    """Where each column starts (from the table's left) and the type size: every column
    as wide as its header and cells and a gutter, the room left shared out by
    ``shares``; the type shrinks only if the widest columns do not fit ``width``."""
    while True:
        head, body = theme.font(size, True), theme.font(size)
        needed = [max([head.size(label)[0]] + [body.size(row[i])[0] for row in rows])
                  + COLUMN_GUTTER for i, label in enumerate(labels)]
        if sum(needed) <= width or size <= SMALLEST_TYPE:
            break
        size -= 1
    spare = max(0, width - sum(needed))
    starts, x = [], 0
    for need, share in zip(needed, shares):
        starts.append(x)
        x += need + int(spare * share / sum(shares))
    return starts, size


def _tally(history: History) -> tuple[Tally, int, Trends]:
    """On the reading thread: every row folded into a tally, the damaged ones counted,
    and each game's reviews' trend."""
    tally, skipped = tally_rows(history.scan())
    return tally, skipped, {info.id: review_trend(history, info.id) for info in catalog()}


def trend_words(points: list[TrendPoint], game_id: str) -> str:
    """The trend in words: the share of the chance of winning lost to decisions beyond
    the noise, in each reviewed game, oldest first, and the same in the game's terms."""
    if not points:
        return _("Review a game (after it, or in Games played) and what your decisions "
                 "cost is followed here.")
    terms = terms_for(game_id)
    unit = text(terms.unit) if terms is not None else _("points")
    chances = " \u00b7 ".join(_("{share} %").format(share=amount(100 * p.chance))
                              for p in points)
    costs = " \u00b7 ".join(amount(p.cost) for p in points)
    return ngettext("Your last reviewed game: chance of winning lost to costly decisions "
                    "{chances}  ({unit}: {costs})",
                    "Your last reviewed {count} games, oldest first: chance of winning lost "
                    "to costly decisions {chances}  ({unit}: {costs})", len(points)).format(
        count=len(points), chances=chances, unit=unit, costs=costs)


def _has_rounds(game_id: str) -> bool:
    """Whether the game is played in rounds (Palace is one hand: its rounds mean
    nothing)."""
    try:
        return bool(table_for(game_id).description.has_score_sheet)
    except LookupError:
        return True


def _row_words(cells: list[tuple[str, str]]) -> str:
    """A row of the table said: its first cell, then each figure after its heading."""
    (_head, first), *rest = cells
    figures = ", ".join(_("{heading} {value}").format(heading=head.lower(), value=value)
                        for head, value in rest)
    return _("{level}: {figures}").format(level=first, figures=figures)

