"""The texts a table draws, placed and sized once: a seat panel's name, score and note,
the info panel's headline, prompt and status, the move log's lines, the banner (a
refusal, a hint) and the callouts beside the seats.

Each comes out as ``model.Text`` values (what is drawn, at which size, in which face,
in which room) for the tables' screen models to carry; the drawing reads them back
from the model, so what the tests measure is what is on screen. Pure layout over font
metrics: nothing here draws.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ..i18n import _
from . import theme
from .layout import TableLayout
from .model import Box, Text
from .scenes.table_panels import log_page, seat_labels, text_size
from .textfit import LEADING, fit_text

NAME, SCORE, NOTE = "name", "score", "note"
HEADLINE, PROMPT, STATUS = "headline", "prompt", "status"
"""``Text.part`` of a seat panel's and of the info panel's texts."""
THINKING = "thinking..."
"""The note of a seat whose AI is deciding, at its widest, in English (``thinking()``
says it in the player's language)."""


def thinking(dots: int = 3) -> str:
    """The note of a seat whose AI is deciding, in the language: the word, then ``dots``
    dots padded to three (at its widest by default; the drawing counts the dots)."""
    # Translators: the note under a seat whose AI is deciding ("thinking..."); dots follow
    return _("thinking") + f"{'.' * dots:<3}"


def seat_texts(panel: pygame.Rect, cards: pygame.Rect, height: int, name: str,
               score: str = "", note: str | Sequence[str] = "", flags: Sequence[str] = (),
               right_width: int = 0) -> tuple[Text, ...]:
    """A seat panel's name, score and note, as ``seat_labels`` fits them: each at its
    place (the box's top left is where it is drawn), in the room it was fitted to (the
    note may be wordings from the fullest to the shortest: the first that fits)."""
    labels = seat_labels(panel, cards, text_size(height), name, score, note, flags,
                         right_width)
    inner = panel.width - 20
    name_room = labels.right.x - 8 - labels.name.rect.x if labels.right.width \
        else inner
    out = [Text(labels.name.text, labels.name.size,
                Box(labels.name.rect.x, labels.name.rect.y, name_room,
                    labels.name.rect.height), bold=True, part=NAME)]
    if labels.score is not None:
        out.append(Text(labels.score.text, labels.score.size, Box.of(labels.score.rect),
                        part=SCORE))
    if labels.note is not None:
        rect = labels.note.rect
        out.append(Text(labels.note.text, labels.note.size,
                        Box(rect.x, rect.y, inner, rect.height), part=NOTE))
    return tuple(out)


def _lines_room(size: int, step: int, lines: int, top: int, bottom: int, bold: bool) -> int:
    """The height ``lines`` lines at ``step`` take (the last one whole), at most to
    ``bottom``."""
    whole = (lines - 1) * step + theme.font(size, bold).get_linesize()
    return max(0, min(whole, bottom - top))


def info_texts(geo: TableLayout, headline: str, prompt: str,
               status: str | None) -> tuple[Text, ...]:
    """The info panel: the headline's parts (the first big), two lines each at most;
    the prompt, three lines at most; the status below, set smaller where room is
    short (``textfit``). Each is a wrapped text in the room it may take."""
    box = geo.info
    big = max(14, geo.height // 40)
    small = max(12, geo.height // 54)
    width = box.width - 28
    x, y, bottom = box.x + 14, box.y + 8, box.bottom - 4
    out = []
    for index, part in enumerate(headline.split("  \u00b7  ")):
        size = big if index == 0 else small + 1
        # A part longer than its lines (a language's longer words) is set smaller first:
        # the first part in two lines at most, the others in one where a point or two
        # smaller does it, so the prompt and the status keep their room.
        lines = 2 if index == 0 else 1
        while size > small - (index > 0) and \
                len(theme.wrap(part, size, width, bold=True)) > lines:
            size -= 1
        if len(theme.wrap(part, size, width, bold=True)) > 2:
            size = small
        step = size + 4
        room = _lines_room(size, step, 2, y, bottom, True)
        out.append(Text(part, size, Box(x, y, width, room), wraps=True, bold=True,
                        line_step=step, part=HEADLINE))
        y += step * min(2, len(theme.wrap(part, size, width, bold=True))) + 2
    if prompt:
        size = small

        def leaves_room(trial: int) -> bool:
            """Whether the status still fits below the prompt set at ``trial``."""
            if not status:
                return True
            lines = min(3, len(theme.wrap(prompt, trial, width)))
            return fit_text(status, max(12, geo.height // 54) - 1, width,
                            bottom - y - (trial + 4) * lines, smallest=10).whole

        # A long prompt (a language's longer words) is set smaller only when it would
        # take the status's room: two lines at 10 px rather than three at 12.
        while size > 10 and len(theme.wrap(prompt, size, width)) > 2 and \
                not leaves_room(size):
            size -= 1
        room = _lines_room(size, size + 4, 3, y, bottom, False)
        out.append(Text(prompt, size, Box(x, y, width, room), wraps=True,
                        line_step=size + 4, part=PROMPT))
        shown = len(theme.wrap(prompt, size, width)[:3])
        y += (size + 4) * min(shown, max(0, (bottom - y) // (size + 4)))
    if status:
        fitted = fit_text(status, max(12, geo.height // 54) - 1, width, bottom - y,
                          smallest=10)
        out.append(Text(status, fitted.size, Box(x, y, width, max(0, bottom - y)),
                        wraps=True, line_step=fitted.size + LEADING, part=STATUS))
    return tuple(out)


def wrapped_lines(text: Text) -> list[tuple[str, int]]:
    """The lines a wrapped text shows, with the y of each: those that fit its room."""
    assert text.box is not None
    lines = theme.wrap(text.content, text.size, text.box.w, text.bold)
    face = theme.font(text.size, text.bold)
    step = text.line_step or face.get_linesize()
    return [(line, text.box.y + index * step) for index, line in enumerate(lines)
            if index * step + face.get_linesize() <= text.box.h]


def log_texts(box: pygame.Rect, log: Sequence[str], height: int,
              scroll: int) -> tuple[Text, ...]:
    """The move log's title and the lines it shows (``log_page``), each at its place."""
    page = log_page(box, log, height, scroll)
    # Translators: the title of the move log
    title = Text(_("Moves"), page.size + 2, Box(box.x + 12, box.y + 8, box.width - 24,
                                             page.top - box.y - 8), bold=True)
    lines = [Text(line, page.size,
                  Box(box.x + 12 + (10 if continued else 0), page.top + index * page.line_h,
                      box.width - 24 - (10 if continued else 0), page.line_h))
             for index, (line, continued) in enumerate(page.lines)]
    return (title, *lines)


def banner_size(geo: TableLayout) -> int:
    return max(13, geo.height // 46)


def banner(geo: TableLayout, words: str, avoid: Sequence[pygame.Rect]) -> tuple[Box, Text]:
    """Where a refusal or a hint is shown, clear of ``avoid`` (the piles and their
    labels, the question, the hand) where the play area has room; and its text in the
    bold face, on one line where the felt is wide enough, else wrapped (a long hint at
    1024×640 ran off the window)."""
    from .scenes.rummy_question import banner_box

    size = banner_size(geo)
    face = theme.font(size, True)
    lines = theme.wrap(words, size, max(60, geo.play.width - 40), bold=True)
    image = pygame.Rect(0, 0, max(face.size(line)[0] for line in lines),
                        face.get_linesize() * len(lines))
    box = banner_box(geo, size, image, list(avoid))
    return Box.of(box), Text(words, size, Box.of(box.inflate(-2, -2)), bold=True)


def callout_size(geo: TableLayout) -> int:
    return max(15, geo.height // 36)


def callout(geo: TableLayout, seat: int, words: str, human: int,
            human_point: tuple[int, int],
            avoid: Sequence[pygame.Rect] = ()) -> tuple[Box, Text] | None:
    """Where what a seat just said ("May I!", "Burn!") is shown: by its panel, towards
    the middle of the table (the person's at ``human_point``); where that would cover a
    seat's panel, the info panel, the log, the buttons or ``avoid`` (the piles, their
    labels), on the panel's other side, under it or over it, the first of these clear
    of them."""
    size = callout_size(geo)
    image = pygame.Rect((0, 0), theme.font(size, True).size(theme.drawable(words)))
    window = pygame.Rect(0, 0, geo.width, geo.height)
    if seat == human:
        image.midbottom = human_point
        places = [image]
    elif seat in geo.spots:
        panel = geo.spots[seat].panel
        left, right, below, above = (image.copy() for _ in range(4))
        left.midright = (panel.left - 14, panel.top + size)
        right.midleft = (panel.right + 14, panel.top + size)
        below.midtop = (panel.centerx, panel.bottom + 10)
        above.midbottom = (panel.centerx, panel.top - 10)
        # Right-hand seats speak towards the middle first.
        sides = [left, right] if panel.centerx > geo.play.centerx else [right, left]
        places = [*sides, below, above]
    else:
        return None
    panels = [spot.panel for spot in geo.spots.values()]
    clear = [*panels, geo.info, geo.log, geo.controls, *avoid]
    boxes = [place.inflate(26, 14).clamp(window) for place in places]
    box = next((box for box in boxes if box.collidelist(clear) < 0), boxes[0])
    return Box.of(box), Text(words, size, Box.of(box.inflate(-2, -2)), bold=True)
