"""The small panels every game's table shares: an opponent's seat (name, score, a note,
its hand as backs with a count) and the move log (wrapped to its panel, scrolled back
with the mouse wheel).

Where each piece of text goes, and at what size, is worked out apart from the drawing
(``seat_labels``, ``log_page``), so the scene's input and the tests can use the same
arithmetic; the drawing functions only read. Depends on pygame and the theme only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from ...i18n import _, ngettext
from .. import cardart, theme

if TYPE_CHECKING:
    from ..model import Text

PAD = 10
"""Pixels between a seat panel's edge and its text."""
SEPARATORS = ("  \u00b7  ", " \u00b7 ")
"""Between the parts of a seat's note: roomy, then tight where room is short."""
LOG_STEP = 3
"""Wrapped log lines one notch of the mouse wheel scrolls."""
LOG_INDENT = 10
"""Pixels a log entry's second and later lines are set in, so entries stand apart."""


@dataclass(frozen=True)
class Label:
    """A line of text fitted to its place: the words shown (perhaps shortened), the type
    size and the rect it covers."""

    text: str
    size: int
    rect: pygame.Rect
    bold: bool = False


@dataclass(frozen=True)
class SeatLabels:
    name: Label
    score: Label | None
    note: Label | None
    right: pygame.Rect
    """The room kept at the right of the name line (the score, or a game's boxes)."""


def text_size(geo_height: int) -> int:
    """The seat panels' text size for a window this tall."""
    return max(12, geo_height // 50)


def seat_labels(panel: pygame.Rect, cards: pygame.Rect, size: int, name: str,
                score: str = "", note: str | Sequence[str] = "", flags: Sequence[str] = (),
                right_width: int = 0) -> SeatLabels:
    """Fit a seat's name, score and note to its panel: the score (or ``right_width``
    pixels of a game's own marks) at the top right, the name left of it, shrunk and then
    cut with an ellipsis where it is long; the note on the line under, above the cards,
    its ``flags`` ("dealer", "OUT") kept whole when the rest must give way; ``note``
    may be wordings from the fullest to the shortest: the first that fits is shown."""
    inner = panel.width - 2 * PAD
    score_label = None
    if score:
        text, score_size = theme.fit(score, size, inner * 2 // 5)
        rect = theme.text(text, score_size).get_rect(topright=(panel.right - PAD, panel.y + 7))
        score_label = Label(text, score_size, rect)
        right_width = max(right_width, rect.width)
    right = pygame.Rect(panel.right - PAD - right_width, panel.y + 6, right_width, size + 4)
    if score_label is not None:
        right.height = max(right.height, score_label.rect.bottom - right.y)
    room = inner - (right_width + 8 if right_width else 0)
    text, name_size = theme.fit(name, size + 2, room, bold=True, smallest=max(9, size - 2))
    name_rect = theme.text(text, name_size, bold=True).get_rect(topleft=(panel.x + PAD,
                                                                         panel.y + 6))
    name_label = Label(text, name_size, name_rect, True)
    note_label = None
    notes = [note] if isinstance(note, str) else list(note)
    if any(notes) or flags:
        text, note_size = _fit_notes(notes, list(flags), max(10, size - 2), inner)
        top = max(name_rect.bottom, right.bottom) + 1
        image = theme.text(text, note_size)
        rect = image.get_rect(topleft=(panel.x + PAD, top))
        if rect.bottom > cards.y:  # a short panel: the note sits closer to the name
            rect.bottom = cards.y
        note_label = Label(text, note_size, rect)
    return SeatLabels(name_label, score_label, note_label, right)


def _fit_notes(notes: list[str], flags: list[str], size: int,
               width: int) -> tuple[str, int]:
    """The first wording of the note that fits whole (at two thirds of its size at
    least), else the last one fitted as ``_fit_note`` does."""
    smallest = max(9, size * 2 // 3)
    for note in notes[:-1]:
        parts = [part for part in (note, *flags) if part]
        for separator in SEPARATORS:
            whole = separator.join(parts)
            text, fitted = theme.fit(whole, size, width, smallest=smallest)
            if text == whole:
                return text, fitted
    return _fit_note(notes[-1] if notes else "", flags, size, width)


def _fit_note(note: str, flags: list[str], size: int, width: int) -> tuple[str, int]:
    """The note on one line: set smaller (to two thirds of its size at most), then with
    tighter separators, then the note's end cut, the flags kept whole."""
    parts = [part for part in (note, *flags) if part]
    smallest = max(9, size * 2 // 3)
    for separator in SEPARATORS:
        whole = separator.join(parts)
        text, fitted = theme.fit(whole, size, width, smallest=smallest)
        if text == whole:
            return text, fitted
    separator = SEPARATORS[-1]
    if note and flags:
        tail = separator + separator.join(flags)
        room = width - theme.font(smallest).size(tail)[0]
        head = theme.ellipsize(note, smallest, room) if room > 0 else ""
        if head:
            return head + tail, smallest
    return theme.fit(separator.join(parts), size, width, smallest=smallest)


def draw_seat_texts(surface: pygame.Surface, panel: pygame.Rect, texts: Sequence[Text],
                    to_move: bool, thinking_now: float | None = None) -> None:
    """An opponent's panel, lit while it is to move, and its texts where its screen
    model puts them (``table_texts.seat_texts``); while its AI decides
    (``thinking_now``: the app's clock) the note's "thinking..." counts its dots."""
    theme.panel(surface, panel, theme.HIGHLIGHT if to_move else theme.PANEL_EDGE,
                alpha=200 if to_move else 170)
    for text in texts:
        assert text.box is not None
        words, colour = text.content, theme.TEXT
        if text.part == "name":
            colour = theme.GOLD if to_move else theme.TEXT
        elif text.part == "note":
            colour = theme.TEXT_DIM
            # The note's word as the seat's screen model gives it (``table_texts``).
            thinking = _("thinking...")
            if thinking_now is not None and thinking in words:
                dots = "." * theme.dots(thinking_now)
                words = words.replace(thinking, f"{thinking.rstrip('.')}{dots:<3}", 1)
                colour = theme.HIGHLIGHT
        theme.blit_text(surface, words, text.size, (text.box.x, text.box.y), colour,
                        text.bold)


def draw_log_texts(surface: pygame.Surface, box: pygame.Rect, texts: Sequence[Text],
                   log: Iterable[str], height: int, scroll: int = 0) -> None:
    """The move log as its screen model places it (``table_texts.log_texts``: the title
    then the lines), with a hint where more lies above or below."""
    theme.panel(surface, box, theme.PANEL_EDGE)
    if not texts:
        return
    title, lines = texts[0], texts[1:]
    assert title.box is not None
    shown = theme.blit_text(surface, title.content, title.size, (title.box.x, title.box.y),
                            theme.GOLD, True)
    for line in lines:
        assert line.box is not None
        theme.blit_text(surface, line.content, line.size, (line.box.x, line.box.y),
                        theme.TEXT)
    page = log_page(box, log, height, scroll)
    if page.earlier:
        hint = _("\u25b2 scroll for earlier") if not page.later else ngettext(
            "\u25b2 {count} more", "\u25b2 {count} more", page.earlier).format(
            count=page.earlier)
        text, hint_size = theme.fit(hint, page.size, box.right - 12 - shown.right - 12)
        if text:
            theme.blit_text(surface, text, hint_size, (box.right - 12, shown.centery),
                            theme.TEXT_DIM, anchor="midright")
    if page.later:
        y = page.top + len(page.lines) * page.line_h
        newer = ngettext("\u25bc {count} newer: scroll down",
                         "\u25bc {count} newer: scroll down", page.later).format(
            count=page.later)
        text, hint_size = theme.fit(newer, page.size, box.width - 24)
        theme.blit_text(surface, text, hint_size, (box.x + 12, y), theme.HIGHLIGHT)


def count_rect(area: pygame.Rect, count: int, size: int) -> pygame.Rect:
    """Where a hand's card count sits: bottom right of its area, the backs left of it."""
    return theme.text(str(count), size, theme.TEXT, True).get_rect(
        bottomright=(area.right, area.bottom))


def backs_fan(area: pygame.Rect, count: int, width: int, size: int) -> list[pygame.Rect]:
    """Where a hand's ``count`` backs go: overlapped from the left of its area, ending
    short of the count (each ``width`` wide, as tall as the area)."""
    room = max(width, count_rect(area, count, size).x - 4 - area.x)
    step = min(width * 0.45, (room - width) / max(1, count - 1))
    return [pygame.Rect(int(area.x + index * step), area.y, width, area.height)
            for index in range(count)]


def hand_backs(surface: pygame.Surface, area: pygame.Rect, count: int, width: int,
               size: int) -> None:
    """An opponent's hand as overlapped backs with its count beside them."""
    if count > 0:
        back = cardart.back(width)
        for rect in backs_fan(area, count, width, size):
            surface.blit(back, rect.topleft)
        theme.blit_text(surface, str(count), size, count_rect(area, count, size).topleft,
                        theme.TEXT, True)


# --- the move log -----------------------------------------------------------------------


@dataclass(frozen=True)
class LogPage:
    """What the log panel shows: wrapped lines, and how many lie hidden either side."""

    lines: tuple[tuple[str, bool], ...]
    """Each line, and whether it carries on an entry begun above (set in)."""
    size: int
    line_h: int
    top: int
    """Where the first line goes."""
    earlier: int
    """Wrapped lines above the first shown."""
    later: int
    """Wrapped lines below the last shown (the log is scrolled back)."""
    limit: int
    """The furthest the log can scroll back, in wrapped lines."""


def log_size(height: int) -> int:
    return max(11, height // 58)


@lru_cache(maxsize=2048)
def _wrapped(entry: str, size: int, width: int) -> tuple[tuple[str, bool], ...]:
    """An entry's lines: whole words to a line (a word wider than a line is the only
    thing cut), and whether each carries on the entry."""
    return tuple((line, index > 0)
                 for index, line in enumerate(theme.wrap(entry, size, width - LOG_INDENT)))


def log_page(box: pygame.Rect, log: Iterable[str], height: int, scroll: int = 0) -> LogPage:
    """The lines of the log to show in ``box``, ``scroll`` wrapped lines back from the
    newest (clamped to what there is). Scrolled back, the last row tells how many newer
    lines lie below."""
    size = log_size(height)
    line_h = theme.font(size).get_linesize()
    top = box.y + 14 + size + 6
    rows = max(1, (box.bottom - top - 8) // line_h)
    lines = [line for entry in log for line in _wrapped(entry, size, box.width - 24)]
    limit = len(lines) - (rows - 1) if len(lines) > rows else 0
    scroll = max(0, min(scroll, limit))
    end = len(lines) - scroll
    start = max(0, end - (rows - 1 if scroll else rows))
    return LogPage(tuple(lines[start:end]), size, line_h, top, start, scroll, limit)


def log_entry_at(box: pygame.Rect, log: Sequence[str], height: int, scroll: int,
                 pos: tuple[int, int]) -> int | None:
    """The index in ``log`` of the entry drawn at ``pos`` in the log panel, if any."""
    page = log_page(box, log, height, scroll)
    row = (pos[1] - page.top) // page.line_h
    if not box.collidepoint(pos) or pos[1] < page.top or not 0 <= row < len(page.lines):
        return None
    wrapped = page.earlier + row
    for index, entry in enumerate(log):
        wrapped -= len(_wrapped(entry, page.size, box.width - 24))
        if wrapped < 0:
            return index
    return None
