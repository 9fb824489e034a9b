"""The row of AI levels in New game: "All AI seats" first, then each AI seat by name, a
segment each; a click (or Enter on the segment Left/Right reached) moves that seat, or
every seat, to the next level. Drawn in the widgets' style; knows nothing of games."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ..i18n import N_, _, pgettext
from . import theme
from .widgets import Widget

ALL = N_("All AI seats")
"""The first segment's name: it sets every AI seat at once (translated where shown)."""


def short_name(name: str) -> str:
    """A seat's name in initials where the full name does not fit: "North-West" is "NW"."""
    return "".join(part[0] for part in name.split("-"))


class LevelRow(Widget):
    """Each AI seat's level, changed one seat at a time or all at once."""

    def __init__(self, rect: pygame.Rect, label: str, names: Sequence[str],
                 levels: Sequence[str], choices: Sequence[tuple[str, str]],
                 on_change: Callable[[tuple[str, ...]], None], label_width: int = 0) -> None:
        super().__init__(rect)
        self.label, self.names = label, list(names)
        self.levels = tuple(levels)
        self.choices = list(choices)
        self.on_change, self.label_width = on_change, label_width
        self.cursor = 0
        """The segment Enter changes: 0 is every seat, then each seat in turn."""

    def segments(self) -> list[pygame.Rect]:
        left = self.rect.x + self.label_width
        count = len(self.names) + 1
        width = (self.rect.right - left) // count
        return [pygame.Rect(left + i * width, self.rect.y, width - 4, self.rect.height)
                for i in range(count)]

    def _shown(self, level: str) -> str:
        return dict(self.choices).get(level, level.title())

    def common(self) -> str | None:
        """The level every AI seat plays at, if they all play at one."""
        return self.levels[0] if len(set(self.levels)) == 1 else None

    def choice_name(self, level: str) -> str:
        """A level as the row shows it ("Hard")."""
        return self._shown(level)

    def segment_level(self, index: int) -> str:
        """What segment ``index`` shows as its level ("Mixed" for every seat, when the
        seats' levels differ)."""
        if index == 0:
            common = self.common()
            # Translators: the AI seats play at different levels
            return self._shown(common) if common else _("Mixed")
        return self._shown(self.levels[index - 1])

    def texts(self, index: int) -> list[tuple[str, int]]:
        """Segment ``index``'s lines and their type size: "West: Hard" on one line where
        it fits, else "W: Hard" (type a little smaller if need be), else the seat's
        initials over its level; never below 10 px."""
        segment = self.segments()[index]
        # The names and the label are given marked (N_), and said in the language here.
        name = _(ALL) if index == 0 else _(self.names[index - 1])
        level = self.segment_level(index)
        size = max(12, int(self.rect.height * 0.42))
        room = segment.width - 8
        # Translators: a seat and its AI level in New game: "West: Hard"
        whole = _("{name}: {level}").format(name=name, level=level)
        if theme.font(size, True).size(whole)[0] <= room:
            return [(whole, size)]
        # Translators: "All AI seats", shortened where it does not fit
        short = pgettext("every AI seat, short", "All") if index == 0 else short_name(name)
        small = max(10, min(size, int(self.rect.height * 0.4)))
        # "All: Normal" reads whole where it fits
        brief = _("{name}: {level}").format(name=short, level=level)
        for one in range(size, small - 1, -1):
            if theme.font(one, True).size(brief)[0] <= room:
                return [(brief, one)]
        lines = [short, level]
        while small > 10 and max(theme.font(small, True).size(t)[0] for t in lines) > room:
            small -= 1
        return [(theme.ellipsize(line, small, room, True), small) for line in lines]

    def press(self, index: int) -> None:
        """The next level for segment ``index`` (every seat's for the first)."""
        order = [value for value, _ in self.choices]
        if index == 0:
            current = self.common() or self.levels[0]
            following = order[(order.index(current) + 1) % len(order)] \
                if current in order else order[0]
            self.levels = tuple(following for _ in self.levels)
        else:
            current = self.levels[index - 1]
            following = order[(order.index(current) + 1) % len(order)] \
                if current in order else order[0]
            self.levels = tuple(following if i == index - 1 else level
                                for i, level in enumerate(self.levels))
        self.cursor = index
        self.on_change(self.levels)

    def activate(self) -> None:
        self.press(self.cursor)

    def adjust(self, step: int) -> bool:
        self.cursor = max(0, min(len(self.names), self.cursor + step))
        return True

    def click(self, part: int | None) -> None:
        """The segment ``part`` (by index), as the screen model found it."""
        if part is not None and 0 <= part < len(self.names) + 1:
            self.press(part)

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        size = max(12, int(self.rect.height * 0.42))
        if self.label_width:
            theme.blit_text(surface, _(self.label), size, (self.rect.x, self.rect.centery),
                            anchor="midleft")
        for index, segment in enumerate(self.segments()):
            first = index == 0  # a lighter green: it is a command, not a seat
            pygame.draw.rect(surface, theme.BUTTON_HOVER if first else theme.BUTTON,
                             segment, border_radius=6)
            if focused and index == self.cursor:
                pygame.draw.rect(surface, theme.HIGHLIGHT, segment.inflate(4, 4), width=2,
                                 border_radius=7)
            ink = theme.GOLD if first else theme.TEXT
            lines = self.texts(index)
            height = sum(theme.font(s, True).get_linesize() for _, s in lines)
            y = segment.centery - height // 2
            for line, line_size in lines:
                theme.blit_text(surface, line, line_size, (segment.centerx, y), ink, True,
                                anchor="midtop")
                y += theme.font(line_size, True).get_linesize()
        if focused:
            pygame.draw.rect(surface, theme.HIGHLIGHT, self.rect.inflate(8, 8), width=2,
                             border_radius=8)
