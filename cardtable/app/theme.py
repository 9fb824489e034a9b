"""Colours and shared drawing helpers for every scene (felt, panels, text)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from ..i18n import _
from .paths import font_path

FELT = (24, 92, 58)
FELT_DARK = (14, 62, 38)
PANEL = (10, 30, 20, 185)
PANEL_EDGE = (210, 190, 120)
TEXT = (246, 240, 222)
TEXT_DIM = (190, 200, 185)
GOLD = (236, 196, 84)
GOOD = (120, 220, 140)
BAD = (255, 130, 110)
HIGHLIGHT = (255, 226, 120)
BUTTON = (44, 110, 78)
BUTTON_HOVER = (58, 140, 98)
BUTTON_DISABLED = (60, 72, 64)
BUTTON_PRIMARY = (196, 152, 44)
BUTTON_PRIMARY_HOVER = (222, 178, 64)


BASE_SIZE = (1280, 800)
"""The window the shell's controls were first drawn for: their sizes at it are the
ones in the code, and they grow from there with the window (as the table's cards do)."""


def ui_scale(size: tuple[int, int]) -> float:
    """How much larger than at 1280×800 the shell draws its controls, type and card
    pictures in a window of ``size``: the lesser of the two directions (2.7 at 4K)."""
    return min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1])


def grown(value: float, size: tuple[int, int]) -> int:
    """A length drawn ``value`` pixels at 1280×800, grown for a larger window (never
    shrunk for a smaller one: the least window is laid out at these lengths)."""
    return int(value * max(1.0, ui_scale(size)))


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """DejaVu Sans from assets/: it has ♠ ♥ ♦ ♣ ★, which pygame's default font lacks."""
    return pygame.font.Font(str(font_path(bold)), max(6, int(size)))


@lru_cache(maxsize=2048)
def text(content: str, size: int, colour: tuple[int, ...] = TEXT,
         bold: bool = False) -> pygame.Surface:
    """A rendered line of text, cached: font rendering is the slowest thing in a frame."""
    return font(size, bold).render(drawable(content), True, colour)


def forget_rendered() -> None:
    """Let go of the lines of text, panel layers and fonts drawn so far, when a game
    leaves the table: a game renders thousands of lines (its log, names, scores; tens of
    MiB at a large window) and opens fonts at its table's type sizes, which the menu and
    the next game mostly do not use (a font opens in a tenth of a millisecond). The felt
    stays."""
    text.cache_clear()
    _panel_layer.cache_clear()
    font.cache_clear()
    _wrapped.cache_clear()
    fit.cache_clear()
    ellipsize.cache_clear()


def drawable(content: str) -> str:
    """The text with what no font can render (NUL and other control characters, lone
    surrogates) shown as U+FFFD: a message may quote a damaged file."""
    if content.isprintable():
        return content
    return "".join(c if c.isprintable() or c in " \u00a0" else "\ufffd" for c in content)


def wrap(content: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Break a paragraph into lines that fit ``width`` pixels."""
    return list(_wrapped(content, size, width, bold))


@lru_cache(maxsize=1024)
def _wrapped(content: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    """``wrap``, cached: a table wraps and fits the same lines every frame it draws, and
    measuring text is a large part of a frame."""
    face = font(size, bold)
    lines: list[str] = []
    for paragraph in content.split("\n"):
        paragraph = drawable(paragraph)
        words = paragraph.split(" ")
        line = ""
        for word in words:
            trial = f"{line} {word}".strip()
            if face.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            line = word
            # A word wider than the whole line (a long name) is the one thing cut.
            while face.size(line)[0] > width and len(line) > 1:
                cut = _fitting(face, line, width)
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
    return tuple(lines)


def _fitting(face: pygame.font.Font, content: str, width: int) -> int:
    """How many leading characters of ``content`` fit ``width`` (at least one)."""
    low, high = 1, len(content)
    while low < high:
        middle = (low + high + 1) // 2
        if face.size(content[:middle])[0] <= width:
            low = middle
        else:
            high = middle - 1
    return low


@lru_cache(maxsize=2048)
def fit(content: str, size: int, width: int, bold: bool = False,
        smallest: int = 9) -> tuple[str, int]:
    """The text and type size that fit ``width`` pixels on one line: the size shrinks
    down to ``smallest``, then the end of the text gives way to an ellipsis."""
    content = drawable(content)
    while size > smallest and font(size, bold).size(content)[0] > width:
        size -= 1
    return ellipsize(content, size, width, bold), size


@lru_cache(maxsize=2048)
def ellipsize(content: str, size: int, width: int, bold: bool = False) -> str:
    """The text, cut with an ellipsis where it is wider than ``width`` pixels."""
    face = font(size, bold)
    if face.size(content)[0] <= width:
        return content
    def head(cut: int) -> str:  # no dangling separator before the ellipsis
        return content[:cut].rstrip(" \u00b7,;:") + "\u2026"

    cut = _fitting(face, content + "\u2026", width) - 1
    while cut > 0 and face.size(head(cut))[0] > width:
        cut -= 1
    return head(cut) if cut > 0 else ""


TABLE_COLOURS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "green": (FELT, FELT_DARK),
    "blue": ((28, 66, 110), (16, 40, 72)),
    "burgundy": ((104, 30, 44), (66, 18, 28)),
    "grey": ((70, 74, 78), (42, 45, 48)),
}
"""The cloth colours a player may choose: (the light in the middle, the edges)."""
_cloth = ["green"]


def set_table_colour(name: str) -> None:
    """Lay the cloth of this colour (``TABLE_COLOURS``) from the next frame on."""
    if name in TABLE_COLOURS and name != _cloth[0]:
        _cloth[0] = name


def felt(width: int, height: int) -> pygame.Surface:
    """The table cloth: a soft radial light over felt with a faint weave."""
    return _felt(width, height, _cloth[0])


@lru_cache(maxsize=8)
def _felt(width: int, height: int, cloth: str) -> pygame.Surface:
    light, dark = TABLE_COLOURS[cloth]
    surface = pygame.Surface((width, height))
    surface.fill(dark)
    steps = 24
    for step in range(steps):
        share = step / steps
        colour = tuple(int(d + (f - d) * share) for d, f in zip(dark, light))
        grow = 1.3 - share * 0.9
        rect = pygame.Rect(0, 0, int(width * grow), int(height * grow))
        rect.center = (width // 2, height // 2)
        pygame.draw.ellipse(surface, colour, rect)
    weave = pygame.Surface((width, height), pygame.SRCALPHA)
    for x in range(0, width, 4):
        pygame.draw.line(weave, (255, 255, 255, 6), (x, 0), (x, height))
    for y in range(0, height, 4):
        pygame.draw.line(weave, (0, 0, 0, 10), (0, y), (width, y))
    surface.blit(weave, (0, 0))
    return surface.convert() if pygame.display.get_surface() else surface


@lru_cache(maxsize=128)
def _panel_layer(width: int, height: int, alpha: int, radius: int) -> pygame.Surface:
    layer = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
    pygame.draw.rect(layer, (*PANEL[:3], alpha), layer.get_rect(), border_radius=radius)
    return layer


def panel(surface: pygame.Surface, rect: pygame.Rect, edge: tuple[int, ...] | None = None,
          alpha: int = 185, radius: int = 12) -> None:
    """A translucent dark panel with a thin gold edge."""
    surface.blit(_panel_layer(rect.width, rect.height, alpha, radius), rect.topleft)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, width=2, border_radius=radius)


def blit_text(surface: pygame.Surface, content: str, size: int, pos: tuple[int, int],
              colour: tuple[int, ...] = TEXT, bold: bool = False,
              anchor: str = "topleft") -> pygame.Rect:
    image = text(content, size, colour, bold)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


@dataclass(frozen=True)
class Label:
    """A line of text placed on a screen: the scene draws it and its screen model
    describes it (where it is, at what size), from this one value."""

    content: str
    size: int
    pos: tuple[int, int]
    colour: tuple[int, ...] = TEXT
    bold: bool = False
    anchor: str = "topleft"

    def rect(self) -> pygame.Rect:
        """Where it is drawn (the rendered line's box)."""
        width, height = font(self.size, self.bold).size(drawable(self.content))
        rect = pygame.Rect(0, 0, width, height)
        setattr(rect, self.anchor, self.pos)
        return rect

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        return blit_text(surface, self.content, self.size, self.pos, self.colour, self.bold,
                         self.anchor)


def pulse(now: float) -> int:
    """Width of a pulsing highlight at time ``now``: a few steps a second, so a scene
    that shows it redraws only when the width changes."""
    return 2 + int(2 * (1 + math.sin(now * 4)))


def dots(now: float) -> int:
    """How many dots "thinking…" shows at time ``now`` (1 to 3, three steps a second)."""
    return 1 + int(now * 3) % 3


def deal_line(surface: pygame.Surface, code: str | None, pos: tuple[int, int],
              anchor: str = "bottomleft") -> None:
    """The deal's code, small and dim, for a player to note or share (see deal_code)."""
    label = deal_label(code, surface.get_height(), pos, anchor)
    if label is not None:
        label.draw(surface)


def deal_label(code: str | None, height: int, pos: tuple[int, int],
               anchor: str = "bottomleft") -> Label | None:
    """The deal line as a label, in a window ``height`` high (``None``: no code)."""
    if not code:
        return None
    # Translators: the deal's code in a corner ("Deal FC-4-1234"), to note or share
    return Label(_("Deal {code}").format(code=code), max(11, height // 62), pos, TEXT_DIM,
                 anchor=anchor)


class MessageBox:
    """A message wrapped in a panel across the window's middle (the menu's word on the
    saves and the history, the Statistics screen's): laid out once, then drawn."""

    def __init__(self, text: str, size: int, window_width: int, bottom: int,
                 pad: int) -> None:
        self.size, self.pad, self.content = size, pad, text
        self.rect = pygame.Rect(0, 0, min(window_width - 80, max(900, window_width * 7 // 10)),
                                10)
        self.lines = wrap(text, size, self.rect.width - 40)
        self.rect.height = font(size).get_linesize() * len(self.lines) + 2 * pad
        self.rect.midbottom = (window_width // 2, bottom)

    def text_rect(self) -> pygame.Rect:
        """Where its lines are written."""
        return pygame.Rect(self.rect.x + 20, self.rect.y + self.pad, self.rect.width - 40,
                           font(self.size).get_linesize() * len(self.lines))

    def draw(self, surface: pygame.Surface, edge: tuple[int, ...]) -> None:
        panel(surface, self.rect, edge)
        line_h = font(self.size).get_linesize()
        for i, line in enumerate(self.lines):
            blit_text(surface, line, self.size,
                      (self.rect.x + 20, self.rect.y + self.pad + i * line_h))
