"""The rules as the app shows them: one text per game in ``rules/``, written for players
(a game kept outside the package brings its own page with its table)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from importlib import resources

from ..i18n import _

CARDS = "cards:"
"""A line of card pictures: card codes (kept as they are), then a caption after a dash."""
DASH = "\u2014"


@cache
def _read(name: str) -> str | None:
    path = resources.files(__package__).joinpath("rules", f"{name}.txt")
    return path.read_text(encoding="utf-8").strip() if path.is_file() else None


def _own_page(game_id: str) -> str | None:
    """The page a game's table brought with it (a game kept outside the package)."""
    from .tables import playable, table_for

    page = table_for(game_id).rules_page if playable(game_id) else None
    return page.read_text(encoding="utf-8").strip() if page is not None else None


def messages(page: str) -> Iterator[tuple[int, str]]:
    """Each text of a page a translator translates, with its line number: the heading,
    each paragraph, and each card picture's caption (its card codes stay as they are).
    The catalogue's extraction and :func:`translated` read a page the same way."""
    for number, line in enumerate(page.split("\n"), 1):
        if line.startswith(CARDS):
            caption = line.partition(DASH)[2].strip()
            if caption:
                yield number, caption
        elif line.strip():
            yield number, line


def translated(page: str) -> str:
    """``page`` in the player's language, a line at a time (the layout is kept)."""
    lines = page.split("\n")
    for number, message in messages(page):
        line = lines[number - 1]
        if line.startswith(CARDS):
            codes = line.partition(DASH)[0]
            lines[number - 1] = f"{codes}{DASH} {_(message)}"
        else:
            lines[number - 1] = _(message)
    return "\n".join(lines)


def rules_for(game_id: str, title: str) -> str:
    """The game's page in the player's language: ``rules/<id>.txt``, or the one its
    table registered (a page kept outside the package is shown as it was written)."""
    text = _read(game_id)
    if text is not None:
        return translated(text)
    own = _own_page(game_id)
    if own is not None:
        return own
    return translated(_read("coming_soon") or "{title}").format(title=title)
