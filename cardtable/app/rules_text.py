"""The rules as the app shows them: one text per game in ``rules/``, written for players
(a game kept outside the package brings its own page with its table)."""

from __future__ import annotations

from functools import cache
from importlib import resources


@cache
def _read(name: str) -> str | None:
    path = resources.files(__package__).joinpath("rules", f"{name}.txt")
    return path.read_text(encoding="utf-8").strip() if path.is_file() else None


def _own_page(game_id: str) -> str | None:
    """The page a game's table brought with it (a game kept outside the package)."""
    from .tables import playable, table_for

    page = table_for(game_id).rules_page if playable(game_id) else None
    return page.read_text(encoding="utf-8").strip() if page is not None else None


def rules_for(game_id: str, title: str) -> str:
    """The game's page: ``rules/<id>.txt``, or the one its table registered."""
    text = _read(game_id) or _own_page(game_id)
    if text is not None:
        return text
    return (_read("coming_soon") or "{title}").format(title=title)
