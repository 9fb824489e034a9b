"""Fitting a paragraph into a box: wrap it, and shrink the type until every line fits.

A status line that is cut off mid-sentence misleads (the missing half is often the
instruction), so text that would overflow is first set smaller, down to a size that is
still readable, and only then loses whole trailing paragraphs (notes), and only as a last
resort its tail, marked with an ellipsis. Pure arithmetic on font metrics: nothing here
draws.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import theme

LEADING = 3
"""Pixels between the bottom of one line's type size and the top of the next."""


@dataclass(frozen=True)
class Fitted:
    """Lines ready to draw: their type size, the lines, and whether nothing was left out."""

    size: int
    lines: tuple[str, ...]
    whole: bool

    @property
    def step(self) -> int:
        """From the top of one line to the top of the next."""
        return self.size + LEADING

    def height(self) -> int:
        return lines_height(len(self.lines), self.size)


def lines_height(count: int, size: int) -> int:
    """The height ``count`` lines of ``size`` type take, top of the first to the foot
    of the last (its descenders included)."""
    return 0 if count <= 0 else (count - 1) * (size + LEADING) + theme.font(size).get_linesize()


def fit_text(content: str, size: int, width: int, height: int, smallest: int) -> Fitted:
    """``content`` (paragraphs split by newlines) wrapped to ``width`` pixels at the
    largest size from ``size`` down to ``smallest`` whose lines all fit in ``height``;
    failing that, at ``smallest``, the leading paragraphs that fit, then a cut line."""
    smallest = min(smallest, size)
    for trial in range(size, smallest - 1, -1):
        lines = theme.wrap(content, trial, width)
        if lines_height(len(lines), trial) <= height:
            return Fitted(trial, tuple(lines), True)
    rows = 0
    while lines_height(rows + 1, smallest) <= height:
        rows += 1
    kept: list[str] = []
    for paragraph in content.split("\n"):
        lines = theme.wrap(paragraph, smallest, width)
        if len(kept) + len(lines) > rows:
            break
        kept += lines
    if kept or rows == 0:
        return Fitted(smallest, tuple(kept), False)
    lines = theme.wrap(content, smallest, width)[:rows]
    face = theme.font(smallest)
    last = lines[-1]
    while last and face.size(last + " \u2026")[0] > width:
        last = last[:-1]
    return Fitted(smallest, (*lines[:-1], last.rstrip() + " \u2026"), False)
