"""Games played and watching one again.

``GamesScene`` lists the games of the history a page at a time, newest first, from
their summary columns (a history of thousands opens at once); choosing one reads that
game's record alone and opens ``ReplayScene``, which steps through it move by move
(← →) and round by round (PgUp PgDn, Home End), from the person's own seat (others'
hands face down) or with every hand shown (H). The move log and each seat's score
follow the position.

The page and the record are read, and the replay built, on reading threads
(``background``): the history may be locked or busy with another read, and a long game
takes a tenth of a second to replay; the window keeps drawing, saying "Reading…".
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import pygame

from ...engine import Card, EngineError, GameView, get_variant
from ...engine.codec import JSONObject
from ...engine.migrations import OtherVersionError
from ...engine.replay import Replay
from ...engine.rummy import RummyView
from ...engine.variant import SeatedState
from .. import cardart, theme
from ..background import LatestRead, Retry, Unread
from ..describe import LogWords, describe
from ..form_model import panel_element, placed_elements
from ..grammar import plural
from ..history_db import GameRow, History
from ..history_rows import DAMAGED_MOVES
from ..model import Box, Element, Region, Role
from ..session import default_seats
from ..stats import result_words, skipped_words
from ..tables import deck_colours, playable, table_for
from ..widgets import Button, Widget
from .common import FormScene

if TYPE_CHECKING:
    from ..app import App

log = logging.getLogger(__name__)

LISTED = 12
"""Games a page of the list shows at most (fewer in a window too low for them)."""
FEWEST_LISTED = 3
LOG_LINES = 16
READING = "Reading\u2026"


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
    found = history.record(row.key)
    if isinstance(found, str):
        return found
    problem = _not_of(row, found)
    if problem is not None:
        return problem
    try:
        return Replay.from_record(found)
    except OtherVersionError as error:
        return str(error)   # a newer cardtable's, or another rules version's: said
    except (EngineError, RecursionError) as error:
        log.warning("a game's record does not replay: %s", error)
        return DAMAGED_MOVES


class GamesScene(FormScene):
    """The list of games played, a page at a time. Every read of the history (a page,
    a record) and every replay is made on a reading thread (``background``): the
    history may be locked, or busy with another read, and the window keeps drawing,
    saying "Reading…" meanwhile."""

    title = "Games played"

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
        return self._pages.busy or self._watching.busy

    def wait(self, timeout: float = 10.0) -> bool:
        """Wait until what is being read is read, and take it (tests); whether it is.
        A page taken may ask for another (the history took writes meanwhile): that one
        is waited for too, within ``timeout``."""
        end = time.monotonic() + timeout
        while True:
            left = max(0.0, end - time.monotonic())
            done = self._pages.wait(left) and self._watching.wait(left)
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
                self.error = replay.sentence if isinstance(replay, Unread) else \
                    f"That game cannot be shown: {replay}."
                self._page_error = False

    def _show(self, page: Page | Unread) -> None:
        if isinstance(page, Unread):
            self.error, self._page_error = page.sentence, True
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
        return self.error or (READING if self.reading else "") or self._skipped() or (
            "No games yet: every game you play is kept here." if not self.rows
            else "Choose a game to watch it again, move by move.")

    def _skipped(self) -> str:
        return skipped_words(self.page_skipped if self.skipped is None else self.skipped)

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
        for rect, row in zip(rects, self.rows):
            widgets.append(Button(rect, _label(row), partial(self.watch, row)))
        if pager:
            half = rects[-2].copy()
            half.width = (half.width - 10) // 2
            if self.page > 0:
                widgets.append(Button(half, "\u25c0 Newer", self.newer))
            if self.more:
                widgets.append(Button(half.move(half.width + 10, 0), "Older \u25b6",
                                      self.older))
        widgets.append(Button(rects[-1], "Back", self.back,
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
            self.error = "That game cannot be shown: no history is kept."
            return
        self.error = ""
        self._watching.ask(row, partial(build_replay, self.history, row))

    def back(self) -> None:
        self._pages.cancel()
        self._watching.cancel()
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
        return "its record is another game's"
    return None


def _label(row: GameRow) -> str:
    when = time.strftime("%d %b %H:%M", time.localtime(row.started))
    title = get_variant(row.game_id).title.split(" (")[0]
    moves = "" if row.moves is None else f"  \u00b7  {plural(row.moves, 'move')}"
    return (f"{when}  \u00b7  {title}  \u00b7  {row.level.title()}  \u00b7  "
            f"{result_words(row)}{moves}")


class ReplayScene(FormScene):
    """One recorded game, any position of it."""

    def __init__(self, app: App, row: GameRow, replay: Replay) -> None:
        super().__init__(app)
        self.row, self.replay = row, replay
        self.variant = replay.game.variant
        self.names = [seat.name for seat in default_seats(row.seats - 1, row.level)]
        self.human = row.human
        self.index = 0
        self.all_hands = False
        self.words = table_for(row.game_id).words if playable(row.game_id) else None
        self.title = f"{self.variant.title}: replay"

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        labels = [("\u25c0\u25c0 Round", self.round_back), ("\u25c0 Move", self.step_back),
                  ("Move \u25b6", self.step), ("Round \u25b6\u25b6", self.round_on),
                  ("Every hand" if not self.all_hands else "Your view", self.toggle),
                  ("Back", self.back)]
        gap, height = 10, theme.grown(CONTROLS_HIGH, size)
        width = min(theme.grown(190, size), (w - 40 - gap * (len(labels) - 1)) // len(labels))
        left = (w - len(labels) * width - gap * (len(labels) - 1)) // 2
        self.set_widgets([Button(pygame.Rect(left + i * (width + gap), h - height - 14,
                                             width, height), label, action,
                                 primary=label.startswith("Move \u25b6"))
                          for i, (label, action) in enumerate(labels)], focus_first=False)

    # --- moving --------------------------------------------------------------------

    def go(self, index: int) -> None:
        self.index = max(0, min(len(self.replay) - 1, index))

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
            moves: dict[int, Callable[[], None]] = {
                     pygame.K_RIGHT: self.step, pygame.K_LEFT: self.step_back,
                     pygame.K_PAGEDOWN: self.round_on, pygame.K_PAGEUP: self.round_back,
                     pygame.K_h: self.toggle,
                     pygame.K_HOME: lambda: self.go(0),
                     pygame.K_END: lambda: self.go(len(self.replay) - 1)}
            if event.key in moves:
                moves[event.key]()
                return
        super().handle(event)

    def redraw_key(self) -> Hashable:
        return (self.index, self.all_hands)

    # --- drawing -------------------------------------------------------------------

    def _boxes(self) -> tuple[pygame.Rect, pygame.Rect, int]:
        """The seats' panel, the move log's panel, and the type size: the panels end
        above the row of controls, however tall the window has grown it."""
        w, h = self.size
        bottom = h - 14 - theme.grown(CONTROLS_HIGH, self.size) - theme.grown(22, self.size)
        seats_box = pygame.Rect(20, int(h * 0.2), int(w * 0.66), bottom - int(h * 0.2))
        log_box = pygame.Rect(seats_box.right + 14, seats_box.y,
                              w - seats_box.right - 34, seats_box.height)
        return seats_box, log_box, max(13, h // 50)

    def labels(self) -> list[tuple[str, theme.Label]]:
        w, h = self.size
        position = self.replay.positions[self.index]
        where = (f"Move {self.index} of {len(self.replay) - 1}  \u00b7  round "
                 f"{position.round}  \u00b7  Deal {self.row.deal_code or '?'}  \u00b7  "
                 + ("every hand shown" if self.all_hands else "your view"))
        return [*super().labels(),
                ("where", theme.Label(where, max(13, h // 50), (w // 2, int(h * 0.16)),
                                      theme.TEXT_DIM, anchor="center"))]

    def parts(self) -> list[Element]:
        seats_box, log_box, size = self._boxes()
        seats = panel_element("seats", "Seats", seats_box)
        moves = panel_element("log", "Moves", log_box)
        state = self.replay.positions[self.index].state
        names = [(f"seat/{seat}", self._seat_label(seats_box, state, seat, size),
                  Box(seats_box.x + 12, seats_box.y, int(seats_box.width * 0.55) - 12,
                      seats_box.height)) for seat in range(self.row.seats)]
        room = Box(log_box.x + 10, log_box.y, log_box.width - 20, log_box.height)
        lines = [(f"log/{index}", line, room)
                 for index, line in enumerate(self._log_labels(log_box, size))]
        elements = [seats, moves, *placed_elements(names, seats.id),
                    *placed_elements(lines, moves.id)]
        pile = self._pile(seats_box, state, size)
        if pile is not None:
            label, card, where = pile
            elements += placed_elements([("pile", label, Box.of(seats_box))], seats.id)
            elements.append(Element("card/pile", Role.CARD, f"{card.pretty}, top of the pile",
                                    Box.of(where), Region("pile"), z=1, parent=seats.id))
        return elements

    def _pile(self, box: pygame.Rect, state: SeatedState,
              size: int) -> tuple[theme.Label, Card, pygame.Rect] | None:
        """"Top of the pile:" and the card after it, at the seats' panel's foot (``None``:
        no pile)."""
        card = _pile_top(self.variant.observe(state, self.human))
        if card is None:
            return None
        width = theme.grown(30, self.size)
        height = int(width * cardart.RATIO)
        y = box.bottom - theme.grown(10, self.size) - height
        label = theme.Label("Top of the pile:", size - 1, (box.x + 12, y + height // 2),
                            theme.TEXT_DIM, anchor="midleft")
        return label, card, pygame.Rect(label.rect().right + theme.grown(10, self.size), y,
                                        width, height)

    def _seat_label(self, box: pygame.Rect, state: SeatedState, seat: int,
                    size: int) -> theme.Label:
        """A seat's name and score, over its row of cards."""
        row_h = (box.height - theme.grown(60, self.size)) // self.row.seats
        return theme.Label(f"{self.names[seat]}  {self.variant.standings(state)[seat]}", size,
                           (box.x + 12, box.y + 8 + seat * row_h),
                           theme.GOLD if seat == self.human else theme.TEXT, True)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        seats_box, log_box, size = self._boxes()
        self._seats(surface, seats_box, self.replay.positions[self.index].state, size)
        theme.panel(surface, log_box, theme.PANEL_EDGE)
        for label in self._log_labels(log_box, size):
            label.draw(surface)
        self.ring.draw(surface)

    def _seats(self, surface: pygame.Surface, box: pygame.Rect, state: SeatedState,
               size: int) -> None:
        theme.panel(surface, box, theme.PANEL_EDGE)
        seats = self.row.seats
        view = self.variant.observe(state, self.human)
        row_h = (box.height - theme.grown(60, self.size)) // seats
        card_w = max(24, min(theme.grown(60, self.size), int(row_h / cardart.RATIO * 0.8)))
        colours = deck_colours(self.row.game_id, self.app.settings.deck_colours)
        for seat in range(seats):
            y = box.y + 8 + seat * row_h
            self._seat_label(box, state, seat, size).draw(surface)
            shown = self.all_hands or seat == self.human
            held = list(state.hands[seat]) if isinstance(state, _Dealt) else []
            face_down = list(state.face_down[seat]) if isinstance(state, _Blind) else []
            hand: list[Card | None] = [*held] if shown else [None] * len(held)
            hand += face_down if self.all_hands else [None] * len(face_down)
            x: float = box.x + 12
            step = min(card_w * 0.8, (box.width * 0.52 - card_w) / max(1, len(hand) - 1))
            for card in hand:
                surface.blit(cardart.card_image(card, card_w, colours), (int(x), y + size + 6))
                x += step
            x = box.x + box.width * 0.55
            groups: list[tuple[Card | None, ...]] = list(_table_groups(view, seat))
            hidden = state.hidden[seat] if isinstance(state, _Blind) else ()
            if hidden:
                groups.append(hidden if self.all_hands else (None,) * len(hidden))
            for group in groups:
                for card in group:
                    surface.blit(cardart.card_image(card, int(card_w * 0.7), colours),
                                 (int(x), y + size + 6))
                    x += card_w * 0.28
                x += card_w * 0.6
                if x > box.right - card_w:
                    break
        pile = self._pile(box, state, size)
        if pile is not None:
            label, card, where = pile
            label.draw(surface)
            surface.blit(cardart.face(card.face, where.width, colours), where.topleft)

    def _log_labels(self, box: pygame.Rect, size: int) -> list[theme.Label]:
        """The move log's heading and its last lines, wrapped to its width."""
        viewer = None if self.all_hands else self.human
        lines: list[str] = []
        for position in self.replay.positions[:self.index + 1]:
            for event in position.events:
                shown = event if self.all_hands else event.redacted_for(viewer)
                move = None if position.seat is None or position.action is None \
                    else (position.seat, position.action)
                line = describe(shown, self.names, self.human,
                                self.words if self.words is not None else LogWords(), move)
                if line:
                    lines.append(line)
        small = max(11, size - 2)
        y = box.y + 8
        out = [theme.Label("Moves", small, (box.x + 10, y), theme.GOLD, True)]
        y += small + 8
        wrapped = [part for line in lines[-LOG_LINES:]
                   for part in theme.wrap(line, small, box.width - 20)]
        room = max(1, (box.bottom - y - 6) // (small + 4))
        for part in wrapped[-room:]:
            out.append(theme.Label(part, small, (box.x + 10, y)))
            y += small + 4
        return out


@runtime_checkable
class _Dealt(Protocol):
    """A state with hands (every game's, as the replay shows them all)."""

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...


@runtime_checkable
class _Blind(Protocol):
    """Palace's state: the face-down cards and the hidden reserve of each seat."""

    @property
    def face_down(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def hidden(self) -> tuple[tuple[Card, ...], ...]: ...


@runtime_checkable
class _Reserves(Protocol):
    """Palace's view: each seat's visible reserve."""

    @property
    def reserves(self) -> tuple[tuple[tuple[Card, ...], ...], ...]: ...
    @property
    def stack(self) -> tuple[tuple[Card, ...], ...]: ...


def _table_groups(view: GameView, seat: int) -> list[tuple[Card, ...]]:
    """What a seat has on the table: its melds (rummy games) or visible reserve."""
    if isinstance(view, RummyView):
        return [meld.cards for meld in view.melds[seat]]
    if isinstance(view, _Reserves):
        return [tuple(placement) for placement in view.reserves[seat]]
    return []


def _pile_top(view: GameView) -> Card | None:
    if isinstance(view, RummyView):
        return view.top_discard
    if isinstance(view, _Reserves) and view.stack:
        return view.stack[-1][-1]
    return None
