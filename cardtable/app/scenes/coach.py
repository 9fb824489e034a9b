"""The first-game coach: the first time a person plays a game, a few short steps point
at the table — the hand, where a turn starts, what the round asks, where melds are
built, how a turn ends, and where help is. Skippable (Esc, or Skip), shown once per
game (``Settings.coached``), and reachable again from the rules page.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

import pygame

from ...i18n import N_, _, text
from .. import theme
from ..form_model import label_elements, panel_element
from ..model import Box, Element, Goal, Region, Role, ScreenModel, Text
from ..widgets import Button
from .common import FormScene

if TYPE_CHECKING:
    from ...engine import GameView
    from ..app import App
    from .palace_table import PalaceTableScene
    from .table_core import TableCore


SPARED = (Role.SEAT, Role.PILE, Role.HAND, Role.TABLE_MELD, Role.SHEET_CELL, Role.RESERVE)
"""What the tour's box keeps clear of where the felt has room, besides what it lights."""


@dataclasses.dataclass(frozen=True)
class Step:
    text: str
    area: pygame.Rect
    """Where the lit elements lie: their boxes' union, as the table's model places them."""
    lit: tuple[str, ...] = ()
    """The ids of the table's elements the step lights."""


def lit_step(model: ScreenModel, text: str, *ids: str, role: Role | None = None) -> Step:
    """A step lighting the table's elements by id (or all of a role), from its model."""
    chosen = [e for e in model if e.id in ids or (role is not None and e.role is role)]
    rects = [pygame.Rect(e.box.x, e.box.y, e.box.w, e.box.h) for e in chosen]
    area = rects[0].unionall(rects[1:]) if rects else pygame.Rect(0, 0, 0, 0)
    return Step(text, area, tuple(e.id for e in chosen))


def rummy_steps(table: TableCore[GameView]) -> list[Step]:
    """The steps for a draw-and-discard table (Five Crowns, Shanghai, Monastery), each
    lighting elements of the table's screen model."""
    from .table import TableScene

    if not isinstance(table, TableScene):
        raise TypeError(f"the rummy tour shown over {type(table).__name__}")
    model: ScreenModel = table.model()
    desc, view = table.desc, table.view
    headline = text(desc.headline(view)).replace("  \u00b7  ", ": ")
    steps = [
        lit_step(model, _("This is your hand. Drag a card to move it; S and R sort it by "
                          "suit or rank."), "hand"),
        lit_step(model, _("A turn starts here: draw from the stock, or take the top card of "
                          "the discard pile (click it or drag it to your hand)."),
                 "pile/stock", "pile/discard"),
        lit_step(model, _("What this round asks is written here ({headline}), with what "
                          "to do now.").format(headline=headline), "info"),
    ]
    mine = [e.id for e in model
            if isinstance(e.ref, Goal) and e.ref.seat == table.session.human]
    if mine:  # Monastery's mission sheet, right of the hand's label
        steps.append(lit_step(model, _("Your mission sheet: a box per mission, gold once "
                                       "done. Click a box to aim for that mission; click an "
                                       "opponent's boxes to see their sheet."), *mine))
    if desc.meld_building:
        steps.append(lit_step(model, _("Once you have drawn, build your melds in the row "
                                       "above your hand: drag cards to the + slot that "
                                       "appears there, or press A and the table arranges "
                                       "them for you."), "meldrow"))
    steps += [
        lit_step(model, _("A turn ends when you drop a card on the discard pile."),
                 "pile/discard"),
        lit_step(model, _("Stuck? H shows the move the computer would make, and why; Ctrl+Z "
                          "takes back a play; Esc opens the menu, the rules and the score "
                          "sheet."), role=Role.BUTTON),
    ]
    return steps


def palace_steps(table: PalaceTableScene) -> list[Step]:
    """The Palace tour, each step lighting elements of the table's screen model."""
    model = table.model()
    view, human = table.view, table.session.human
    if view.reserves[human] or view.hidden_counts[human]:
        reserves = lit_step(model, _("Your reserves: the visible one is played once your "
                                     "hand is empty, the hidden one last, blind. The first "
                                     "to shed every card wins."), "reserve")
    else:  # before any is made their place is empty felt: light the cards they come from
        reserves = lit_step(model, _("Your reserves will come from these cards: the "
                                     "visible one is played once your hand is empty, the "
                                     "hidden one last, blind. The first to shed every card "
                                     "wins."), "hand")
    return [
        lit_step(model, _("These are your cards. First you pick three of them, blind, as "
                          "your hidden reserve; then three placements go face up in your "
                          "visible reserve."), "hand"),
        lit_step(model, _("Play onto the stack: a placement at least as high as its top "
                          "card. A 2 and a straight from a 2 play on anything; an ace burns "
                          "the stack."), "stack"),
        reserves,
        lit_step(model, _("When nothing you hold goes, take the stack (T). H shows the "
                          "move the computer would make, and why; Esc opens the menu and "
                          "the rules."), role=Role.BUTTON),
    ]


SPEECH_KEYS = N_("By ear: F3 says your hand, F4 the pile, F5 the melds, F6 whose turn it is, "
               "F7 what the round asks, F10 what you may do now; [ and ] step back and "
               "forth through what was said.")
"""The speech keys, said at the end of the tour (it is spoken only with speech on)."""


class CoachScene(FormScene):
    """One step at a time over the table, its area lit."""

    overlay = True

    def __init__(self, app: App, table: TableCore[GameView], steps: list[Step],
                 first: bool = True) -> None:
        super().__init__(app)
        self.table, self.steps, self.index = table, steps, 0
        self.first = first
        """Shown by itself for a first game (else asked for from the rules page)."""
        self._fixed: tuple[Hashable, pygame.Rect | None] | None = None
        """The box's one place for the tour, found once per window size."""

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        box = self._box()
        pad = self._pad()
        half = (box.width - 3 * pad) // 2
        last = self.index == len(self.steps) - 1
        high = self._button_height()
        top = box.bottom - high - pad
        self.set_widgets([
            Button(pygame.Rect(box.x + pad, top, half, high),
                   _("Start playing") if last else _("Next"), self.next, primary=True),
            Button(pygame.Rect(box.right - pad - half, top, half, high),
                   _("Skip the tour"), self.back)])

    def _type_size(self) -> int:
        return max(14, int(self.size[1]) // 46)

    def _pad(self) -> int:
        """The box's inner margin: 16 pixels at 1280×800, grown with the window."""
        return theme.grown(16, self.size)

    def _button_height(self) -> int:
        return max(42, self._type_size() * 5 // 2)

    def _box(self) -> pygame.Rect:
        """The step's panel, as large as its type: its heading, four lines of text and
        the buttons (560 by 190 in a window 800 high, three times that at 4K). It stays
        in one place for the whole tour, so Next is where the last click found it: the
        free place nearest the window's middle clear of every step's lit area; only
        where there is none, beside each step's area in turn."""
        key = (tuple(self.size), len(self.steps))
        if self._fixed is None or self._fixed[0] != key:
            self._fixed = (key, self._free_box())
        return self._fixed[1] or self._beside(self.steps[self.index].area)

    def _box_size(self) -> tuple[int, int]:
        w = self.size[0]
        size, pad = self._type_size(), self._pad()
        width = min(max(560, size * 33), w - 40)
        height = max(190, pad + size + pad // 2 + self._line_count(width) * (size + 6)
                     + pad // 4 + self._button_height() + pad)
        return width, height

    def _line_count(self, width: int) -> int:
        """The lines the wordiest step takes in a box ``width`` wide: four at least (a
        longer language's step is measured, not cut)."""
        size, pad = self._type_size(), self._pad()
        return max([4, *(len(theme.wrap(step.text, size, width - 2 * pad))
                         for step in self.steps)])

    def _free_box(self) -> pygame.Rect | None:
        w, h = self.size
        bw, bh = self._box_size()
        lit = [step.area.inflate(32, 32) for step in self.steps if step.area.width]
        rather = [pygame.Rect(e.box.x, e.box.y, e.box.w, e.box.h)
                  for e in self.table.model() if e.parent is None and e.role in SPARED]
        step = max(8, h // 40)
        found: list[tuple[int, int, pygame.Rect]] = []
        for y in range(10, h - bh - 9, step):
            for x in range(10, w - bw - 9, step):
                box = pygame.Rect(x, y, bw, bh)
                if box.collidelist(lit) < 0:
                    covered = sum(box.clip(r).width * box.clip(r).height for r in rather)
                    found.append((covered, abs(box.centerx - w // 2)
                                  + abs(box.centery - h // 2), box))
        return min(found, key=lambda item: item[:2])[2] if found else None

    def _beside(self, area: pygame.Rect) -> pygame.Rect:
        """Beside the lit area, never over it: above it when it is low on the screen."""
        w, h = self.size
        box = pygame.Rect((0, 0), self._box_size())
        box.centerx = max(box.width // 2 + 20, min(w - box.width // 2 - 20, area.centerx))
        box.bottom = area.top - 16 if area.centery > h // 2 else box.bottom
        if area.centery <= h // 2:
            box.top = area.bottom + 16
        box.clamp_ip(pygame.Rect(10, 10, w - 20, h - 20))
        return box

    def next(self) -> None:
        if self.index + 1 >= len(self.steps):
            self.back()
            return
        self.index += 1
        self.layout(self.size)

    def back(self) -> None:
        self.app.stack.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RIGHT, pygame.K_SPACE):
            self.next()
            return
        super().handle(event)

    def redraw_key(self) -> Hashable:
        return self.index

    def heading(self) -> str:
        return _("First game") if self.first else _("Tour of the table")

    def spoken_title(self) -> str:
        return self.heading()

    def news(self) -> tuple[int, Sequence[str]]:
        """Each step, said as it comes up (its number, then its text); the last one,
        heard with speech on, adds the keys a player by ear asks the table with (the
        steps themselves point at the screen)."""
        said = [_("{number} of {total}: {step}").format(number=number + 1,
                                                        total=len(self.steps), step=step.text)
                for number, step in enumerate(self.steps[:self.index + 1])]
        if self.index == len(self.steps) - 1:
            said[-1] += " " + _(SPEECH_KEYS)
        return self.index + 1, said

    def _text(self) -> tuple[theme.Label, pygame.Rect, int]:
        """The step's heading, the room its text is written in (above the buttons), and
        the text's type size."""
        box = self._box()
        size, pad = self._type_size(), self._pad()
        heading = theme.Label(_("{title}  \u00b7  {number} of {total}").format(
                                  title=self.heading(), number=self.index + 1,
                                  total=len(self.steps)),
                              size - 1, (box.x + pad, box.y + pad * 3 // 4), theme.GOLD, True)
        top = box.y + pad + size + pad // 2
        room = pygame.Rect(box.x + pad, top, box.width - 2 * pad,
                           box.bottom - self._button_height() - pad - pad // 4 - top)
        return heading, room, size

    def parts(self) -> list[Element]:
        heading, room, size = self._text()
        panel = panel_element("step", _("Tour step"), self._box(), z=1)
        lit = Element("area/lit", Role.PANEL, _("The part of the table this step is about"),
                      Box.of(self.steps[self.index].area), Region("lit"))
        return [lit, panel, *label_elements([("heading", heading)], Box.of(self._box()),
                                            panel.id, z=2),
                _lines_element(self.steps[self.index].text, size, room, panel.id)]

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        step = self.steps[self.index]
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        shade.fill((0, 0, 0, 0), step.area.inflate(16, 16))
        surface.blit(shade, (0, 0))
        pygame.draw.rect(surface, theme.HIGHLIGHT, step.area.inflate(16, 16), width=3,
                         border_radius=10)
        theme.panel(surface, self._box(), theme.HIGHLIGHT, alpha=235)
        heading, room, size = self._text()
        heading.draw(surface)
        y = room.y
        for line in theme.wrap(step.text, size, room.width)[:self._line_count(
                self._box().width)]:
            theme.blit_text(surface, line, size, (room.x, y))
            y += size + 6
        self.ring.draw(surface)


def _lines_element(content: str, size: int, room: pygame.Rect, parent: str) -> Element:
    """The step's text, as it is set: lines ``size + 6`` apart, in the room above the
    buttons (its height is that of the lines, so text that needs more is found)."""
    lines = theme.wrap(content, size, room.width)
    height = (len(lines) - 1) * (size + 6) + theme.font(size).get_linesize()
    return Element("text/step", Role.TEXT, content,
                   Box(room.x, room.y, room.width, height), Region("step"), z=2, parent=parent,
                   texts=(Text(content, size, Box.of(room), wraps=True),))
