"""Where the rummy table puts its question (May I, buy, Shanghai!, where a freed wild
goes) and its banners (a refusal, a hint): never over the hand, the card asked about,
the piles' labels or, where the table has room, a meld.

Layout only (pygame rectangles and font measures); nothing here draws.
"""

from __future__ import annotations

import pygame

from ...engine import MeldRules
from ...i18n import _
from .. import theme
from ..layout import TableLayout
from ..table_desc import RummyView

MUST = 1000
"""How much worse covering the hand or the asked card is than covering a meld."""


def answer_rects(geo: TableLayout, labels: list[str]) -> list[pygame.Rect]:
    """The answer buttons, under the message line: side by side when short, else one
    under another; as wide as the window has grown (240 pixels at 1280×800)."""
    height = max(34, geo.height // 20)
    top = geo.message.bottom + 6
    window = (geo.width, geo.height)
    if len(labels) <= 3 and all(len(label) <= 18 for label in labels):
        width = min(theme.grown(240, window), geo.play.width // (len(labels) + 1))
        left = geo.message.centerx - (len(labels) * (width + 16) - 16) // 2
        return [pygame.Rect(left + i * (width + 16), top, width, height)
                for i in range(len(labels))]
    width = min(geo.play.width - 40, theme.grown(560, window))
    height = min(height, (geo.play.bottom - top - 20) // len(labels) - 6)
    return [pygame.Rect(geo.message.centerx - width // 2, top + i * (height + 6), width,
                        height) for i in range(len(labels))]


def answer_size(geo: TableLayout, height: int) -> int:
    """The answers' type: 18 pixels at most at 1280×800, grown with the window so a 4K
    question's answers read as large as its question."""
    return max(12, min(height * 2 // 5, theme.grown(18, (geo.width, geo.height))))


def question_panel(geo: TableLayout, text: str, buttons: pygame.Rect
                   ) -> tuple[pygame.Rect, pygame.Rect, list[str], int]:
    """The question's panel around its answer buttons: its frame, the box of its text
    above them, the text's lines and their size. Its margins grow with the window (at 4K
    the words touched the frame); "May I" is never split over two lines."""
    window = (geo.width, geo.height)
    size = max(13, geo.height // 46)
    wrap = min(geo.play.width - 60, max(buttons.width, geo.play.width * 2 // 3)) \
        if geo.play.contains(buttons) else buttons.width
    # Translators: the call's name as the question says it, never split over two lines.
    call = _("May I")
    lines = [line.replace("\u00a0", " ") for line in
             theme.wrap(text.replace(call, call.replace(" ", "\u00a0")), size, wrap,
                        bold=True)]
    font = theme.font(size, True)
    width = max(font.size(line)[0] for line in lines)
    box = pygame.Rect(0, 0, width, font.get_linesize() * len(lines)).inflate(
        theme.grown(30, window), theme.grown(10, window))
    box.midbottom = (buttons.centerx, buttons.top - theme.grown(4, window))
    frame = box.union(buttons).inflate(theme.grown(20, window), theme.grown(16, window))
    return frame, box, lines, size


def place(geo: TableLayout, text: str, rects: list[pygame.Rect], must: list[pygame.Rect],
          rather: list[pygame.Rect], labels: tuple[str, ...] = ()) -> list[pygame.Rect]:
    """Where the answers go: moved to the nearest place on the felt, across or up and
    down, whose panel covers none of ``must`` (the hand, the asked card) nor of
    ``rather`` (melds, seats, the piles' labels). Only where the felt has no such place
    (eight seats' melds all round a small window) one under another over the move log;
    failing that, where ``must`` is covered least, then ``rather``."""
    (dx, dy), cost = _slide(geo, text, rects, must, rather)
    if cost == 0:
        return [rect.move(dx, dy) for rect in rects]
    side = _beside(geo, text, len(rects), rects[0].height, labels)
    if side is not None:
        return side
    return [rect.move(dx, dy) for rect in rects]


def _beside(geo: TableLayout, text: str, count: int, height: int,
            labels: tuple[str, ...] = ()) -> list[pygame.Rect] | None:
    """The answers one under another at the foot of the move log's column, if the
    question's panel fits over the log; as wide as the longest answer needs (its key
    included) at the answers' type size, reaching left of the column where need be."""
    face = theme.font(max(12, min(height * 2 // 5, 18)), True)
    need = max((face.size(theme.drawable(f"{label}  [{index + 1}]"))[0] + 16
                for index, label in enumerate(labels)), default=0)
    width = max(geo.log.width - 40, need)
    bottom = geo.log.bottom - 14
    left = geo.log.right - 20 - width
    rects = [pygame.Rect(left, bottom - (count - i) * (height + 6), width, height)
             for i in range(count)]
    panel = question_panel(geo, text, rects[0].unionall(rects))[0]
    return rects if panel.top >= geo.info.y and panel.right <= geo.width \
        and panel.left >= 0 else None


def _slide(geo: TableLayout, text: str, rects: list[pygame.Rect], must: list[pygame.Rect],
           rather: list[pygame.Rect]) -> tuple[tuple[int, int], int]:
    """The shift of the answers (across and down) that places the question's panel on
    the felt covering least, the nearest of the best, and what it covers."""
    height = rects[0].height
    panel = question_panel(geo, text, rects[0].unionall(rects))[0]
    step = max(6, height // 4)
    play = geo.play
    downs = range(play.top - panel.top, play.bottom - panel.bottom + 1, step)
    across = range(play.left - panel.left, play.right - panel.right + 1, step)
    best, least = (0, 0), None
    avoid = must + rather
    for dy, dx in sorted(((dy, dx) for dy in downs for dx in across),
                         key=lambda shift: abs(shift[0]) + abs(shift[1])):
        moved = panel.move(dx, dy)
        if moved.collidelist(avoid) < 0:
            return (dx, dy), 0
        cost = MUST * _covered(moved, must) + _covered(moved, rather)
        if cost == 0:
            return (dx, dy), 0
        if least is None or cost < least:
            best, least = (dx, dy), cost
    return best, least or 0


def _covered(box: pygame.Rect, rects: list[pygame.Rect]) -> int:
    return sum(box.clip(rect).width * box.clip(rect).height for rect in rects)


def pile_labels(geo: TableLayout) -> tuple[int, pygame.Rect]:
    """The text size of the piles' "Stock 23" / "Discard" labels and where they lie."""
    size = max(12, geo.height // 50)
    return size, pygame.Rect(geo.stock.x, geo.stock.bottom, geo.discard.right - geo.stock.x,
                             6 + theme.font(size).get_linesize())


def banner_box(geo: TableLayout, size: int, image: pygame.Rect,
               avoid: list[pygame.Rect]) -> pygame.Rect:
    """Where a refusal or a hint goes: at the message line, or the nearest place up or
    down the play area clear of ``avoid`` (the piles and their labels, the question, the
    hand)."""
    box = image.inflate(30, 14)
    box.center = geo.message.center
    box.clamp_ip(geo.play)
    step = max(6, size // 2)
    best, least = box, None
    for shift in sorted(range(-geo.play.height, geo.play.height, step), key=abs):
        moved = box.move(0, shift)
        if not geo.play.contains(moved):
            continue
        cost = _covered(moved, avoid)
        if cost == 0:
            return moved
        if least is None or cost < least:
            best, least = moved, cost
    return best


def must_clear(geo: TableLayout) -> list[pygame.Rect]:
    """What a question must never cover: the hand with the line over it, and the
    discard pile (the card asked about)."""
    from ..rummy_layout import label_line

    line = label_line(geo)
    hand = pygame.Rect(geo.hand.x, geo.hand.y - line, geo.hand.width, geo.hand.height + line)
    return [hand, geo.discard.inflate(8, 8)]


def rather_clear(geo: TableLayout, view: RummyView, human: int,
                 rules: MeldRules) -> list[pygame.Rect]:
    """What a question covers only where the table has no room: the melds (a Shanghai!
    chance asks you to drag onto them), the seats, the stock and the piles' labels."""
    from ..rummy_layout import table_melds
    from ..rummy_melds_model import meld_shapes

    rects = [geo.stock, pile_labels(geo)[1], *(spot.panel for spot in geo.spots.values())]
    laid = table_melds(geo, human, {seat: meld_shapes(melds, rules)
                                    for seat, melds in enumerate(view.melds) if melds})
    for spots in laid.values():
        rects += [spot.box for spot in spots]
    return rects
